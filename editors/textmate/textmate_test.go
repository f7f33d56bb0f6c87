package textmate

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/dlclark/regexp2"
)

// root is the repository's root, from this package's folder.
var root = filepath.Join("..", "..")

func TestGrammarsUpToDate(t *testing.T) {
	t.Parallel()
	langs, err := Languages()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range langs {
		want, err := Grammar(l)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(root, "editors", "vscode", "syntaxes", FileName(l)))
		if err != nil || string(got) != string(want) {
			t.Errorf("editors/vscode/syntaxes/%s is not what the lexer gives (%v): run go run ./editors/textmate/gen", FileName(l), err)
		}
	}
}

// TestGrammarsAgreeWithLexers reads every example as an editor reads it
// with the checked-in grammar, and as the referee lexes it: each
// character must be of the same kind in both (a comment, a string, a
// card, a name, ...), so that the colours cannot drift from the lexer.
func TestGrammarsAgreeWithLexers(t *testing.T) {
	t.Parallel()
	langs, err := Languages()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range langs {
		data, err := os.ReadFile(filepath.Join(root, "editors", "vscode", "syntaxes", FileName(l)))
		if err != nil {
			t.Fatal(err)
		}
		g, err := loadGrammar(data)
		if err != nil {
			t.Fatalf("%s: %v", l.ID, err)
		}
		files, _ := filepath.Glob(filepath.Join(root, "examples", "*", "*"+l.Extension))
		defaults, _ := filepath.Glob(filepath.Join(root, "referee", "games", "*", "*"+l.Extension))
		files = append(files, defaults...)
		if len(files) == 0 {
			t.Errorf("%s: no example to compare on", l.ID)
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want := lexerKinds(t, l, string(src))
			got := g.kinds(l.ID, string(src))
			if i := firstDifference(got, want); i >= 0 {
				line := strings.Count(string(src[:i]), "\n") + 1
				t.Errorf("%s, line %d, byte %d (%q): the grammar gives %q, the lexer %q", f, line, i, src[i:min(i+12, len(src))], got[i], want[i])
			}
		}
	}
}

// TestGrammarCatchesADifference changes a grammar's card pattern and
// expects the comparison to see it: a test that could not fail would
// prove nothing.
func TestGrammarCatchesADifference(t *testing.T) {
	t.Parallel()
	langs, _ := Languages()
	i := slices.IndexFunc(langs, func(l Language) bool { return l.ID == "sortie" })
	data, err := Grammar(langs[i])
	if err != nil {
		t.Fatal(err)
	}
	g, err := loadGrammar([]byte(strings.Replace(string(data), `[CDHS]`, `[CDH]`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	src := "Ann: draw 9C KD 5H 2S\n"
	if firstDifference(g.kinds("sortie", src), lexerKinds(t, langs[i], src)) < 0 {
		t.Error("a grammar without spades agrees with the lexer on 2S")
	}
}

func TestVSCodePackageListsEveryLanguage(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(root, "editors", "vscode", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct {
		Contributes struct {
			Languages []struct {
				ID         string
				Extensions []string
			}
			Grammars []struct {
				Language, ScopeName, Path string
			}
		}
		ActivationEvents []string
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	langs, _ := Languages()
	for _, l := range langs {
		if !slices.ContainsFunc(pkg.Contributes.Languages, func(p struct {
			ID         string
			Extensions []string
		}) bool {
			return p.ID == l.ID && slices.Equal(p.Extensions, []string{l.Extension})
		}) {
			t.Errorf("package.json has no language %s for %s files", l.ID, l.Extension)
		}
		want := struct{ Language, ScopeName, Path string }{l.ID, "source." + l.ID, "./syntaxes/" + FileName(l)}
		if !slices.Contains(pkg.Contributes.Grammars, want) {
			t.Errorf("package.json has no grammar %+v", want)
		}
		if !slices.Contains(pkg.ActivationEvents, "onLanguage:"+l.ID) {
			t.Errorf("package.json does not start the server for %s", l.ID)
		}
	}
	if len(pkg.Contributes.Languages) != len(langs) {
		t.Errorf("package.json has %d languages, the referee %d", len(pkg.Contributes.Languages), len(langs))
	}
}

// Kinds of character, as both readings give them.
const (
	plain   = "plain"
	unknown = "" // past a lexical error, to the end of its line: not compared
)

// lexerKinds gives each byte of src the kind of the token the lexer reads
// it in. After a character no rule takes, the lexer goes on at the next
// line, as the referee does.
func lexerKinds(t *testing.T, l Language, src string) []string {
	t.Helper()
	names := map[lexer.TokenType]string{}
	for name, typ := range l.Lexer.Symbols() {
		names[typ] = name
	}
	out := make([]string, len(src))
	for base := 0; base < len(src); {
		lex, err := l.Lexer.LexString("", src[base:])
		if err != nil {
			t.Fatal(err)
		}
		next := len(src)
		for {
			tok, err := lex.Next()
			if err != nil {
				pos := base
				if lerr, ok := err.(*lexer.Error); ok {
					pos += lerr.Pos.Offset
				}
				if nl := strings.IndexByte(src[pos:], '\n'); nl >= 0 {
					next = pos + nl + 1
				}
				break
			}
			if tok.EOF() {
				break
			}
			kind := names[tok.Type]
			if slices.Contains(Plain, kind) {
				kind = plain
			}
			for i := range len(tok.Value) {
				out[base+tok.Pos.Offset+i] = kind
			}
		}
		base = next
	}
	return out
}

// firstDifference is the first byte both readings give a kind and give
// different ones, or -1. A line end and a carriage return are not
// compared: an editor reads lines without them.
func firstDifference(got, want []string) int {
	for i := range want {
		if want[i] != unknown && got[i] != unknown && got[i] != want[i] {
			return i
		}
	}
	return -1
}

// tmGrammar is a TextMate grammar read as an editor reads it, for the
// one level of patterns the referee's grammars have.
type tmGrammar struct{ rules []tmRule }

type tmRule struct {
	kind       string
	match, end *regexp2.Regexp
	// here is match anchored where the search starts: when some rule
	// matches there, that match starts first, and the first such rule's
	// is the one an editor takes, found without searching the line.
	here  *regexp2.Regexp
	begin bool
}

// loadGrammar reads a grammar, its patterns compiled by a backtracking
// engine with lookahead, as Oniguruma is.
func loadGrammar(data []byte) (*tmGrammar, error) {
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	kinds := map[string]string{"": plain, BlockCommentScope: "Comment", KeywordScope: "Ident"}
	for kind, scope := range Scopes {
		kinds[scope] = kind
	}
	g := &tmGrammar{}
	for _, p := range f.Patterns {
		kind, ok := kinds[strings.TrimSuffix(p.Name, "."+f.Name)]
		if !ok {
			return nil, fmt.Errorf("a pattern of an unknown scope %q", p.Name)
		}
		r := tmRule{kind: kind}
		var err error
		if p.Begin != "" {
			r.begin = true
			if r.match, err = regexp2.Compile(p.Begin, regexp2.RE2); err == nil {
				r.end, err = regexp2.Compile(p.End, regexp2.RE2)
			}
		} else {
			r.match, err = regexp2.Compile(p.Match, regexp2.RE2)
		}
		if err != nil {
			return nil, err
		}
		if r.here, err = regexp2.Compile(`\G(?:`+r.match.String()+`)`, regexp2.RE2); err != nil {
			return nil, err
		}
		g.rules = append(g.rules, r)
	}
	return g, nil
}

// kinds reads src a line at a time, as an editor does (each line with a
// line end, a carriage return left out): at each place, the pattern that
// matches first in the line, the first of those that match there; a
// begin pattern takes the text to its end, over lines.
func (g *tmGrammar) kinds(_ string, src string) []string {
	out := make([]string, len(src))
	var open *tmRule
	for start := 0; start < len(src); {
		end := strings.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		text := strings.TrimSuffix(src[start:end], "\r")
		line := []rune(text + "\n")
		// at maps each rune of the line to its byte in src; the line end
		// added stands at the line's end.
		at := make([]int, 0, len(line)+1)
		for i := range text {
			at = append(at, start+i)
		}
		at = append(at, start+len(text), start+len(text)+1)
		mark := func(from, to int, kind string) {
			for i := at[from]; i < at[to] && i < len(src) && i < end; i++ {
				out[i] = kind
			}
		}
		for pos := 0; pos < len(line); {
			if open != nil {
				m, _ := open.end.FindRunesMatchStartingAt(line, pos)
				if m == nil {
					mark(pos, len(line), open.kind)
					break
				}
				mark(pos, m.Index+m.Length, open.kind)
				pos, open = m.Index+m.Length, nil
				continue
			}
			var best *regexp2.Match
			var rule *tmRule
			for i := range g.rules {
				if m, _ := g.rules[i].here.FindRunesMatchStartingAt(line, pos); m != nil {
					best, rule = m, &g.rules[i]
					break
				}
			}
			for i := range g.rules {
				if rule != nil && best.Index == pos {
					break // a match where the search starts: none starts sooner
				}
				m, _ := g.rules[i].match.FindRunesMatchStartingAt(line, pos)
				if m != nil && (best == nil || m.Index < best.Index) {
					best, rule = m, &g.rules[i]
				}
			}
			if best == nil {
				mark(pos, len(line), plain)
				break
			}
			mark(pos, best.Index, plain)
			mark(best.Index, best.Index+best.Length, rule.kind)
			pos = max(best.Index+best.Length, pos+1)
			if rule.begin {
				open = rule
			}
		}
		// The line end and a carriage return are the editor's, not the
		// line's: not compared.
		for i := start + len(text); i <= end && i < len(src); i++ {
			out[i] = unknown
		}
		start = end + 1
	}
	return out
}
