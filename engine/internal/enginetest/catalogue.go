// Package enginetest holds what the tests of the rules engines (Mecha,
// Mod, Daemon, Void) share: a reader of catalogue text that gives a
// catalogue.Catalogue without the grammar (Catalogue, MarkedCatalogue,
// MustLoad, Loaded, Names), the checks of the errors a faulty catalogue
// loads with (ErrorLines, CheckErrors), the checks that keep an engine's
// quotes word for word in its rules text and in its RULINGS.md (Quotes),
// and the checks of a move an engine refuses (Quotes.Refused) and of the
// moves Legal lists (MovesApply). It is for tests only; no engine's own
// code imports it.
package enginetest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tabletop-referee/referee/engine/catalogue"
)

// token is one item of a catalogue line: a bare word or number, a quoted
// text, or the punctuation ':' or ','.
type token struct {
	text   string
	quoted bool
	punct  byte
}

// scan splits a catalogue line into tokens. Quoted texts take Go's escapes.
func scan(line string) ([]token, error) {
	var out []token
	for i := 0; i < len(line); {
		switch c := line[i]; {
		case c == ' ' || c == '\t':
			i++
		case c == ':' || c == ',':
			out = append(out, token{punct: c})
			i++
		case c == '"':
			j := i + 1
			for j < len(line) && line[j] != '"' {
				if line[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(line) {
				return nil, fmt.Errorf("unterminated text in %q", line)
			}
			text, err := strconv.Unquote(line[i : j+1])
			if err != nil {
				return nil, fmt.Errorf("%s: %v", line[i:j+1], err)
			}
			out = append(out, token{text: text, quoted: true})
			i = j + 1
		default:
			j := i
			for j < len(line) && !strings.ContainsRune(" \t:,\"", rune(line[j])) {
				j++
			}
			out = append(out, token{text: line[i:j]})
			i = j
		}
	}
	return out, nil
}

var numberForm = regexp.MustCompile(`^([+-]?[0-9]+)([a-z]?)$`)

// item turns a token into a catalogue item with the given ID.
func (tk token) item(id int) catalogue.Item {
	if tk.quoted {
		return catalogue.Item{Kind: catalogue.Text, Word: tk.text, ID: id}
	}
	if m := numberForm.FindStringSubmatch(tk.text); m != nil {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			panic(err)
		}
		return catalogue.Item{Kind: catalogue.Number, Number: n, Signed: m[1][0] == '+' || m[1][0] == '-', Unit: m[2], ID: id}
	}
	return catalogue.Item{Kind: catalogue.Word, Word: tk.text, ID: id}
}

// logicalLines joins the lines of a catalogue into its entries: comments
// (from ';') and tag lines ("[Game ...]") are dropped, and a line beginning
// with a space or a tab continues the entry above it.
func logicalLines(src string) []string {
	var out []string
	open := false
	for line := range strings.Lines(src) {
		line = strings.TrimRight(line, "\r\n")
		if i := strings.IndexByte(line, ';'); i >= 0 && !strings.Contains(line[:i], `"`) {
			line = line[:i]
		}
		switch {
		case strings.TrimSpace(line) == "":
			open = false
		case strings.HasPrefix(strings.TrimSpace(line), "["):
			open = false
		case (line[0] == ' ' || line[0] == '\t') && open:
			out[len(out)-1] += " " + strings.TrimSpace(line)
		default:
			out = append(out, strings.TrimSpace(line))
			open = true
		}
	}
	return out
}

// Catalogue reads a catalogue of the game named (its Game field) in the
// catalogue language's shape: "kind Name items : effect, effect", one
// entry a line, a line beginning with white space continuing the entry
// above, comments from ';' and tag lines dropped. IDs are given from 1 in
// reading order: each entry's kind, its name, then its items, as the
// referee numbers them; punctuation takes none. A ':' with nothing after
// it, or a trailing ',', makes an empty effect, which the grammar refuses
// but the data can hold. A line it cannot read fails the test.
func Catalogue(t testing.TB, game, src string) *catalogue.Catalogue {
	t.Helper()
	cat := &catalogue.Catalogue{Game: game}
	id := 0
	next := func() int { id++; return id }
	for _, line := range logicalLines(src) {
		toks, err := scan(line)
		if err != nil {
			t.Fatal(err)
		}
		if len(toks) < 2 || toks[0].quoted || toks[0].punct != 0 || toks[1].punct != 0 {
			t.Fatalf("catalogue line %q has no kind and name", line)
		}
		e := catalogue.Entry{Kind: toks[0].text, Name: toks[1].text, ID: next(), NameID: next()}
		effects := false
		for _, tk := range toks[2:] {
			switch {
			case tk.punct == ':' && !effects:
				effects = true
				e.Effect = [][]catalogue.Item{nil}
			case tk.punct == ',' && effects:
				e.Effect = append(e.Effect, nil)
			case tk.punct != 0:
				t.Fatalf("catalogue line %q: unexpected %q", line, tk.punct)
			case effects:
				e.Effect[len(e.Effect)-1] = append(e.Effect[len(e.Effect)-1], tk.item(next()))
			default:
				e.Props = append(e.Props, tk.item(next()))
			}
		}
		cat.Entries = append(cat.Entries, e)
	}
	return cat
}

// MarkedCatalogue reads a catalogue in which carets mark the items errors
// are expected at, as in "action Laser cost ^21": the catalogue without
// the carets, as Catalogue reads it, and the IDs Catalogue gives the
// marked items, in the carets' order. A caret marks the word it begins, or
// (alone, before a quoted text) the next item of its line; a caret inside
// a quoted text marks nothing, and is taken out all the same.
func MarkedCatalogue(t testing.TB, game, src string) (*catalogue.Catalogue, []int) {
	t.Helper()
	var ids []int
	id := 0
	for _, line := range logicalLines(src) {
		toks, err := scan(line)
		if err != nil {
			t.Fatal(err)
		}
		mark := false
		for _, tk := range toks {
			switch {
			case tk.punct != 0:
				continue
			case !tk.quoted && tk.text == "^":
				mark = true
				continue
			}
			id++
			if mark || (!tk.quoted && strings.HasPrefix(tk.text, "^")) {
				ids = append(ids, id)
			}
			mark = false
		}
	}
	return Catalogue(t, game, strings.ReplaceAll(src, "^", "")), ids
}

// MustLoad loads cat with an engine's load function (its Load), and fails
// the test at once, with every error and the ID it is at, if the
// catalogue has any.
func MustLoad[C any](t testing.TB, load func(*catalogue.Catalogue) (C, []*catalogue.Error), cat *catalogue.Catalogue) C {
	t.Helper()
	cs, errs := load(cat)
	for _, err := range errs {
		t.Errorf("catalogue error at item %d: %s", err.ID, err.Msg)
	}
	if len(errs) > 0 {
		t.FailNow()
	}
	return cs
}

// Names reads card names as a catalogue writes them: bare or quoted,
// separated by spaces, as in `Laser "Radio Tower"`. It also reads a deck
// list, `12 "Radio Tower" 3 Scout`, a word a name. Text it cannot read,
// such as an unterminated quote, is a mistake in the test, and panics.
func Names(s string) []string {
	toks, err := scan(s)
	if err != nil {
		panic(err)
	}
	var out []string
	for _, tk := range toks {
		out = append(out, tk.text)
	}
	return out
}

// Loaded is a test catalogue that the first test to ask for it loads, for
// every test of the package after it. Its zero value is ready to use.
type Loaded[C any] struct {
	once   sync.Once
	cards  C
	loaded bool
}

// Get is the catalogue, loaded with load(t) the first time it is asked
// for. If that load fails its test, every test that asks after it fails at
// once.
func (l *Loaded[C]) Get(t testing.TB, load func(testing.TB) C) C {
	t.Helper()
	l.once.Do(func() { l.cards, l.loaded = load(t), true })
	if !l.loaded {
		t.Fatal("the test catalogue did not load")
	}
	return l.cards
}

// FindsEveryName holds a catalogue's lookup by name, which looks at a
// name's slot (namememo.Slot) before its map, to the cards it has: every
// card of all is found by its name, at least one of them is not in its
// slot (so that the test reaches the map), and none of the absent names
// is found. atSlot is the card a name's slot holds, or the zero C.
func FindsEveryName[C comparable](t *testing.T, all []C, name func(C) string, find func(string) (C, bool), atSlot func(string) C, absent ...string) {
	t.Helper()
	shared := 0
	for _, c := range all {
		if got, ok := find(name(c)); !ok || got != c {
			t.Errorf("Card(%q) = %v, %v; want the catalogue's card", name(c), got, ok)
		}
		if atSlot(name(c)) != c {
			shared++
		}
	}
	if shared == 0 {
		t.Errorf("no card shares a slot: the test does not reach the map")
	}
	for _, n := range absent {
		if got, ok := find(n); ok {
			t.Errorf("Card(%q) = %v; want none", n, got)
		}
	}
}
