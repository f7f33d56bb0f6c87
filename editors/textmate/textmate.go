// Package textmate writes the TextMate grammars editors colour
// transcripts and catalogues with, one a game, from the token rules of the
// game's own lexer: the same patterns, in the same order, each token kind
// given a scope. A test checks that the grammars in editors/vscode/syntaxes
// are what it writes, and that an editor's reading of them gives every
// character of every example the kind the lexer gives it.
//
// After a change to a lexer, write them again with
//
//	go run ./editors/textmate/gen
package textmate

import (
	"encoding/json"
	"fmt"
	"regexp/syntax"
	"slices"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/grammar"
	cataloguegrammar "github.com/tabletop-referee/referee/grammar/catalogue"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/referee"
	_ "github.com/tabletop-referee/referee/referee/games/all" // every game, registered
)

// Language is a language an editor knows: a game's transcripts, or the
// card catalogues.
type Language struct {
	// ID is the editor's name for it: the game's name, or "cards".
	ID string
	// Extension is its files' extension, with the dot.
	Extension string
	// Lexer is the lexer the referee reads its files with.
	Lexer notation.LexerDefinition
	// Words are the words its grammar writes, coloured as keywords; each
	// is an Ident to the lexer.
	Words []string
}

// lexers are the games' lexers, by game.
var lexers = map[string]notation.LexerDefinition{
	"sortie": grammar.SortieLexer,
	"mecha":  grammar.MechaLexer,
	"mod":    grammar.ModLexer,
	"daemon": grammar.DaemonLexer,
	"void":   grammar.VoidLexer,
}

// Languages are every game's transcripts, and the catalogues.
func Languages() ([]Language, error) {
	var out []Language
	for _, g := range referee.Games() {
		lex, ok := lexers[g.Name()]
		if !ok {
			return nil, fmt.Errorf("the game %s has no lexer here: add it to the table of lexers", g.Name())
		}
		out = append(out, Language{ID: g.Name(), Extension: g.Extension(), Lexer: lex, Words: referee.Words(g)})
	}
	return append(out, Language{ID: "cards", Extension: referee.CatalogueExt, Lexer: cataloguegrammar.CatalogueSpec}), nil
}

// Scopes are the scope each token kind is coloured with (before the
// language's name, as in "comment.line.sortie"); a kind with none, as
// spaces, is matched and left plain. Keywords are Idents, coloured apart.
var Scopes = map[string]string{
	notation.TokenComment:    "comment.line.semicolon",
	notation.TokenString:     "string.quoted.double",
	notation.TokenCorrection: "keyword.control.correction",
	notation.TokenInt:        "constant.numeric.integer",
	"Number":                 "constant.numeric",
	notation.TokenIdent:      "variable.other.name",
	notation.TokenPunct:      "punctuation.separator",
	"Card":                   "constant.other.card",
	"Square":                 "constant.other.square",
	"Unknown":                "constant.language.unknown",
}

// Scopes given apart from the kinds': a brace comment, which may run
// over lines, and the grammar's words.
const (
	BlockCommentScope = "comment.block"
	KeywordScope      = "keyword.other"
)

// Plain are the token kinds left uncoloured.
var Plain = []string{notation.TokenWhitespace, "EOL"}

// pattern is a TextMate grammar's rule: a match, or a begin and an end.
type pattern struct {
	Name  string `json:"name,omitempty"`
	Match string `json:"match,omitempty"`
	Begin string `json:"begin,omitempty"`
	End   string `json:"end,omitempty"`
	// Comment says which lexer rule the pattern is.
	Comment string `json:"comment,omitempty"`
}

// File is a TextMate grammar as VS Code reads it.
type File struct {
	Schema    string    `json:"$schema,omitempty"`
	Name      string    `json:"name"`
	ScopeName string    `json:"scopeName"`
	FileTypes []string  `json:"fileTypes"`
	Comment   string    `json:"comment"`
	Patterns  []pattern `json:"patterns"`
}

// specified is a lexer written after a declarative specification.
type specified interface {
	Spec() *lexer.StatefulDefinition
}

// rules are a lexer's rules in the order it tries them.
func rules(def notation.LexerDefinition) ([]lexer.Rule, error) {
	var spec *lexer.StatefulDefinition
	switch d := def.(type) {
	case specified: // the games' lexers and the catalogue's
		spec = d.Spec()
	case *lexer.StatefulDefinition:
		spec = d
	default:
		return nil, fmt.Errorf("a lexer of type %T has no rules to read", def)
	}
	root := spec.Rules()["Root"]
	if len(root) == 0 {
		return nil, fmt.Errorf("a lexer with no rules")
	}
	return root, nil
}

// Grammar is the TextMate grammar of a language, as JSON.
func Grammar(l Language) ([]byte, error) {
	rs, err := rules(l.Lexer)
	if err != nil {
		return nil, err
	}
	f := File{
		Schema:    "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
		Name:      l.ID,
		ScopeName: "source." + l.ID,
		FileTypes: []string{strings.TrimPrefix(l.Extension, ".")},
		Comment:   "Written by go run ./editors/textmate/gen from the referee's lexer; do not edit.",
	}
	for _, r := range rs {
		if r.Action != nil {
			return nil, fmt.Errorf("%s: the rule %s changes the lexer's state, which a grammar here cannot follow", l.ID, r.Name)
		}
		scope, ok := Scopes[r.Name]
		if !ok && !slices.Contains(Plain, r.Name) {
			return nil, fmt.Errorf("%s: the token kind %s has no scope: add it to Scopes, or to Plain", l.ID, r.Name)
		}
		if scope != "" {
			scope += "." + l.ID
		}
		if r.Name == notation.TokenIdent && len(l.Words) > 0 {
			// The words before the names: a word is an Ident to the
			// lexer, matched here as a whole Ident only.
			var words []string
			for _, w := range l.Words {
				if !strings.HasPrefix(w, "x") { // a name cannot begin with x
					words = append(words, w)
				}
			}
			f.Patterns = append(f.Patterns, pattern{Name: KeywordScope + "." + l.ID, Match: `(?:` + strings.Join(words, "|") + `)(?![\p{L}\p{N}_'])`, Comment: "Ident: the grammar's words"})
		}
		alternatives, err := translate(r.Pattern)
		if err != nil {
			return nil, fmt.Errorf("%s: the rule %s: %v", l.ID, r.Name, err)
		}
		for _, alt := range alternatives {
			p := pattern{Name: scope, Match: alt, Comment: r.Name}
			if begin, end, ok := block(alt); ok && r.Name == notation.TokenComment {
				// A brace comment runs to its closing brace, over lines.
				p = pattern{Name: BlockCommentScope + "." + l.ID, Begin: begin, End: end, Comment: r.Name}
			}
			f.Patterns = append(f.Patterns, p)
		}
	}
	out, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// block reads an alternative of the form X[^Y]*Y?, which runs from X to
// the first Y or the end of the text, as a TextMate begin and end.
func block(alt string) (begin, end string, ok bool) {
	for _, open := range []string{`\{`, `\(`, `\[`} {
		rest, found := strings.CutPrefix(alt, open)
		if !found {
			continue
		}
		for _, close := range []string{`}`, `\}`, `)`, `\)`, `]`, `\]`} {
			if rest == "[^"+close+"]*"+close+"?" || rest == "[^"+strings.TrimPrefix(close, `\`)+"]*"+close+"?" {
				return open, close, true
			}
		}
	}
	return "", "", false
}

// translate writes a lexer rule's pattern (Go's syntax, matched at the
// start of the text) for an editor's regular expressions (Oniguruma's,
// matched anywhere in a line), as its top-level alternatives. The two
// syntaxes share what the lexers use but for word boundaries, which Go
// counts in ASCII and Oniguruma in Unicode: each is written as the
// lookahead it stands for, which the lexers only use right after a
// character of a known class.
func translate(pattern string) ([]string, error) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, err
	}
	if err := checkBoundaries(re, nil); err != nil {
		return nil, err
	}
	var alts []string
	depth, from := 0, 0
	for i := 0; i < len(pattern); i++ {
		switch pattern[i] {
		case '\\':
			i++
		case '[':
			// A class: to its closing bracket (a ] first in it is itself).
			j := i + 1
			if j < len(pattern) && pattern[j] == '^' {
				j++
			}
			if j < len(pattern) && pattern[j] == ']' {
				j++
			}
			for ; j < len(pattern) && pattern[j] != ']'; j++ {
				if pattern[j] == '\\' {
					j++
				}
			}
			i = j
		case '(':
			depth++
		case ')':
			depth--
		case '|':
			if depth == 0 {
				alts = append(alts, pattern[from:i])
				from = i + 1
			}
		}
	}
	alts = append(alts, pattern[from:])
	for i, a := range alts {
		a = strings.ReplaceAll(a, `\b`, notWordAhead)
		alts[i] = strings.ReplaceAll(a, `\B`, notWordAhead)
	}
	return alts, nil
}

// notWordAhead is a word boundary after a character of a word (Go's \b
// there) or a boundary's absence after another character (Go's \B
// there): no ASCII letter, digit or underscore follows.
const notWordAhead = `(?![0-9A-Za-z_])`

// checkBoundaries makes sure that each \b in a pattern follows a word
// character and each \B another character, where notWordAhead says what
// they say.
func checkBoundaries(re *syntax.Regexp, prev *syntax.Regexp) error {
	switch re.Op {
	case syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		word := re.Op == syntax.OpWordBoundary
		if prev == nil || !allWord(prev, word) {
			return fmt.Errorf("a word boundary that does not follow a character of a known class cannot be written for an editor")
		}
	case syntax.OpConcat:
		for i, sub := range re.Sub {
			var before *syntax.Regexp
			if i > 0 {
				before = re.Sub[i-1]
			}
			if err := checkBoundaries(sub, before); err != nil {
				return err
			}
		}
	default:
		for _, sub := range re.Sub {
			if err := checkBoundaries(sub, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// allWord tells whether every character re can end with is an ASCII
// word character (word) or none is (!word).
func allWord(re *syntax.Regexp, word bool) bool {
	isWord := func(r rune) bool { return r < 0x80 && syntax.IsWordChar(r) }
	switch re.Op {
	case syntax.OpLiteral:
		return len(re.Rune) > 0 && isWord(re.Rune[len(re.Rune)-1]) == word
	case syntax.OpCharClass:
		for i := 0; i < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if isWord(r) != word {
					return false
				}
			}
		}
		return len(re.Rune) > 0
	}
	return false
}

// FileName is the name of a language's grammar file.
func FileName(l Language) string { return l.ID + ".tmLanguage.json" }
