package notation_test

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
)

var placesOf = notationtest.PlacesOf

var sameAsWholeFile = notationtest.SameAsWholeFile

// The game of cards keeps its moves by their shape (ValueTokens), as
// Sortie does: moves that differ
// only in their cards and squares, or in their spacing, share one parse,
// and each takes its own values and its own place, whatever the widths of
// its values (10H against 9H) and the line it is on.
func TestMovesOfAShapeShareAParse(t *testing.T) {
	g := cardGame
	g.ForgetParses()
	t.Cleanup(g.ForgetParses)
	sources := []string{
		"[Players \"Ann\" \"Ben\"]\n1. Ann: place 10H/9C a1, place 9C/10H b2,\n   place  2S /  QD c3, place\n TC/JR d4\n" +
			"2. Ben: a1-a2, a1 - a2 x b3, a1xb2, draw 7H 10D KS, draw 2C,\n  draw\n  10C\n  3D\n",
		"Ann: draw 10S 10S 10S, d4-d3xd2, d4 x d3\nBen: place 10H/10H a1\n1. Ann: place 5C/6C b4, c1-c2, draw 9C 10C JC\n",
	}
	for round := range 2 {
		for i, src := range sources {
			sameAsWholeFile(t, g, fmt.Sprintf("round %d, source %d", round, i), src)
		}
	}
	// Five shapes: place, step, attack, step and attack, and draw of
	// each number of cards (1, 2, 3).
	if n := g.MovePieces(); n != 7 {
		t.Errorf("the memo holds %d moves, want 7 shapes", n)
	}
	src, written := distinctPlacements(300)
	sameAsWholeFile(t, g, "distinct", src)
	p := g.Parse("distinct", src)
	placedWhereWritten(t, p, src, written)
	if n := g.MovePieces(); n != 7 {
		t.Errorf("900 placements, none met before, left %d moves in the memo, want the same 7 shapes", n)
	}
	if n := g.FixedMoves(); n > 0 {
		t.Errorf("%d of the game of cards' shapes are parsed at each place, want none: does a Relocate leave out a value?", n)
	}
}

// ValueTokens names token types the grammar only copies: a grammar with a
// word of its own of one of those types cannot be kept by shape.
func TestValueTokensRefuseTheGrammarsOwnWords(t *testing.T) {
	g := notation.NewGrammar(cardLexer, nil, notation.Moves{&cornerStep{}})
	if _, err := g.ValueTokens("Square"); err == nil || !strings.Contains(err.Error(), `"a1"`) {
		t.Errorf("ValueTokens(Square) with the word a1 in the grammar: %v, want an error naming a1", err)
	}
	if _, err := g.ValueTokens("Nothing"); err == nil {
		t.Error("ValueTokens of an unknown token type: no error")
	}
	if _, err := g.ValueTokens("Card"); err != nil {
		t.Errorf("ValueTokens(Card): %v", err)
	}
}

// cornerStep is a move that spells out a square, a1, as a word of its own.
type cornerStep struct {
	notation.Node
	To string `parser:"'a1' '-' @Square"`
}

func (m *cornerStep) String() string { return "a1-" + m.To }

// A grammar that does more with its value tokens than copy each into a
// string (joins two, or reads a number) is still parsed right: those
// shapes are parsed at each place.
func TestShapesThatDoMoreThanCopyAreParsedAtEachPlace(t *testing.T) {
	joined := must(notation.NewGrammar(cardLexer, nil, notation.Moves{&joinedStep{}}).ValueTokens("Square"))
	counted := must(notation.NewGrammar(cardLexer, nil, notation.Moves{&countedTake{}}).ValueTokens("Int"))
	for round := range 2 {
		sameAsWholeFile(t, joined, fmt.Sprint("joined, round ", round), "1. Ann: go a1 b2, go c3 d4\n2. Ben: go a2 a3, go a1 b2\n")
		sameAsWholeFile(t, counted, fmt.Sprint("counted, round ", round), "1. Ann: take 3, take 12\n2. Ben: take 7\n")
	}
	if joined.FixedMoves() != 1 || counted.FixedMoves() != 1 {
		t.Errorf("%d and %d shapes parsed at each place, want 1 and 1", joined.FixedMoves(), counted.FixedMoves())
	}
}

// joinedStep captures two squares into one string, which participle
// joins.
type joinedStep struct {
	notation.Node
	Squares string `parser:"'go' @Square @Square"`
}

func (m *joinedStep) String() string { return "go " + m.Squares }

func (m *joinedStep) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Squares = r.Value(m.Squares)
	return c
}

// countedTake reads its number.
type countedTake struct {
	notation.Node
	Count int `parser:"'take' @Int"`
}

func (m *countedTake) String() string { return fmt.Sprint("take ", m.Count) }

func (m *countedTake) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// A Lazy grammar is built once, at its first use, and parses as the
// grammar it is built from; one whose build fails panics there.
func TestLazyGrammar(t *testing.T) {
	t.Parallel()
	builds := 0
	lazy := notation.Lazy(func() (*notation.Grammar, error) {
		builds++
		return notation.NewGrammar(cardLexer, nil, notation.Moves{&cornerStep{}}), nil
	})
	if builds != 0 {
		t.Fatalf("built %d times before any use", builds)
	}
	src := "1. Ann: a1-b2\n2. Ben: a1-c3\n"
	for range 2 {
		if p := lazy.Parse("f", src); len(p.Errors) != 0 || len(p.File.Statements) != 2 {
			t.Errorf("parse: %v, %d statements", p.Errors, len(p.File.Statements))
		}
	}
	if builds != 1 {
		t.Errorf("built %d times, want once", builds)
	}
	failing := notation.Lazy(func() (*notation.Grammar, error) { return nil, fmt.Errorf("no grammar") })
	defer func() {
		if r := recover(); r == nil {
			t.Error("a grammar whose build fails parsed without a panic")
		}
	}()
	failing.Parse("f", src)
}

// The game of names keeps its moves by their shape with names standing
// for any name but its own words (ValueNames), as Void does: hands of
// other cards, and plays of other cards on other sectors, share a parse,
// each with its own names, and a name written like a word of the grammar
// ("play" quoted, a card named pick) parses as it does alone.
func TestNamedMovesOfAShapeShareAParse(t *testing.T) {
	g := nameGame
	g.ForgetParses()
	t.Cleanup(g.ForgetParses)
	src := "[Game \"names\"]\n[Players \"Ann\" \"Ben\"]\n" +
		"board: sector North Forest Lake, sector Middle Ruins, sector South Dunes Marsh\n" +
		"Ann: energy 2, income 1, life 10, hand Shock Rift, field Raider Middle\n" +
		"Ben: energy 0, income 1, life 3, hand Scout Drain, field Scout Middle\n" +
		"1. Ann: play Shock Middle, attack Raider Middle, Ben defend Scout Raider, play Rift North pick 2\n" +
		"2. Ben: play Scout Middle, play \"play\" South, attack Scout North, hand pick Drain, play Flux\n"
	sameAsWholeFile(t, g, "first", src)
	shapes := g.MovePieces()
	// The same moves with other names: no new shape.
	other := strings.NewReplacer("Shock", "Bolt", "Rift", "Flare", "Raider", "Rogue", "Middle", "Centre",
		"Scout", "Spy", "North", "Top", "Drain", "Sap", "Flux", "Wave", "Ben", "Bo").Replace(src)
	sameAsWholeFile(t, g, "other names", other)
	if n := g.MovePieces(); n != shapes {
		t.Errorf("the same moves with other names left %d moves in the memo, want the same %d shapes", n, shapes)
	}
	if n := g.FixedMoves(); n > 0 {
		t.Errorf("%d of the game of names' shapes are parsed at each place, want none: does a Relocate leave out a name?", n)
	}
	// Names beyond ASCII, whose characters are wider than a byte: each
	// node ends at its last character, as in the parse of the whole file.
	wide := strings.NewReplacer("Shock", "Šok", "Middle", "Midströmmen", "Ben", "Bön", "Scout", "Späher").Replace(src)
	sameAsWholeFile(t, g, "names beyond ASCII", wide)
}

// A shape is parsed once at the first text it is met with, once more at
// the second (with values standing for any, checked against the first),
// and never again: a small file's shapes, most met once, cost one parse.
func TestAShapeIsParsedAtItsFirstTwoTexts(t *testing.T) {
	g := must(notation.NewGrammar(cardLexer, nil, notation.Moves{&countedStep{}}).ValueTokens("Square"))
	tests := []struct {
		src    string
		parses int64 // participle's parses of the move, since the last file
	}{
		{"1. Ann: go a1\n", 1},        // a first text
		{"1. Ann: go a1, go a1\n", 0}, // the same text
		{"1. Ann: go a1, go b2\n", 1}, // a second text: the shape
		{"1. Ann: go c3\n2. Ben: go d4\n", 0},
	}
	for _, tt := range tests {
		before := stepCaptures.Load()
		if p := g.Parse("steps", tt.src); len(p.Errors) > 0 {
			t.Fatalf("%q: %v", tt.src, p.Errors)
		}
		if got := stepCaptures.Load() - before; got != tt.parses {
			t.Errorf("%q: %d parses of the move, want %d", tt.src, got, tt.parses)
		}
		sameAsWholeFile(t, g, tt.src, tt.src)
	}
}

// stepCaptures counts the captures of countedStep's square: a parse each.
var stepCaptures atomic.Int64

type countedSquare string

func (s *countedSquare) Capture(values []string) error {
	stepCaptures.Add(1)
	*s = countedSquare(values[0])
	return nil
}

// countedStep is a move whose every parse is counted.
type countedStep struct {
	notation.Node
	To countedSquare `parser:"'go' @Square"`
}

func (m *countedStep) String() string { return "go " + string(m.To) }

func (m *countedStep) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.To = countedSquare(r.Value(string(m.To)))
	return c
}
