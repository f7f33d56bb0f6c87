package notation_test

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
)

var distinctPlacements = notationtest.DistinctPlacements

var placedWhereWritten = notationtest.PlacedWhereWritten

// The memo of parsed pieces stops growing at its bound, and a transcript
// with more new pieces than it holds parses as a whole file does, each
// move at its place, the first time and the next.
func TestMemoStaysWithinItsBound(t *testing.T) {
	const limit = 64 << 10
	g := cardGame
	t.Cleanup(g.KeepMovesByText())
	g.SetMemoLimit(limit)
	t.Cleanup(func() { g.SetMemoLimit(notation.MemoBytes) })
	src, written := distinctPlacements(1000)
	want := summary(g.ParseWholeFile("distinct.sortie", src))
	for pass := range 2 {
		p := g.Parse("distinct.sortie", src)
		if len(p.Errors) > 0 {
			t.Fatalf("pass %d: %s", pass, strings.Join(errorLines(p.Errors), "\n"))
		}
		if got := summary(p); !slices.Equal(got, want) {
			t.Fatalf("pass %d: the parse piece by piece differs from the whole file's", pass)
		}
		placedWhereWritten(t, p, src, written)
		moves, pieces := g.MemoSize()
		if moves > limit {
			t.Fatalf("pass %d: the memo holds %d bytes, over its bound of %d", pass, moves, limit)
		}
		if moves < limit*3/4 || pieces >= len(written) {
			t.Fatalf("pass %d: the memo holds %d bytes of moves in %d pieces, for %d new moves: it should be full", pass, moves, pieces, len(written))
		}
	}
}

// The memo counts what it holds: the heap it keeps after a parse is
// within its count, so that its bound bounds memory. The count is rough;
// it must not be low by more than a quarter.
func TestMemoCountsWhatItHolds(t *testing.T) {
	g := cardGame
	t.Cleanup(g.KeepMovesByText())
	src, _ := distinctPlacements(3000)
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := heap()
	if p := g.Parse("distinct.sortie", src); len(p.Errors) > 0 {
		t.Fatal(strings.Join(errorLines(p.Errors), "\n"))
	}
	kept := heap() - before
	moves, pieces := g.MemoSize()
	counted := uint64(moves)
	t.Logf("%d pieces: %d bytes counted, %d kept", pieces, counted, kept)
	if kept > counted*5/4 {
		t.Errorf("the memo keeps %d bytes of heap for %d pieces, and counts %d", kept, pieces, counted)
	}
}

// A parse in an arena used before is the same as one in fresh memory,
// whatever the last parse in it left, longer or shorter.
func TestParseInAnArenaUsedBefore(t *testing.T) {
	g := cardGame
	var a notation.Arena
	for _, turns := range []int{40, 3, 120, 1, 0, 60} {
		src, written := distinctPlacements(turns)
		src += "\nAnn: draw 7H 9C KD 2S\n" // a set-up line out of place, which parses
		want := summary(g.ParseWholeFile("t.sortie", src))
		p := g.ParseIn(&a, "t.sortie", src, notation.Limits{})
		if len(p.Errors) > 0 {
			t.Fatalf("%d turns: %s", turns, strings.Join(errorLines(p.Errors), "\n"))
		}
		if got := summary(p); !slices.Equal(got, want) {
			t.Fatalf("%d turns: in the arena\n%s\nwant\n%s", turns, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		placedWhereWritten(t, p, src, written)
	}
}

// Header tags are read without participle: each has participle's parse,
// with its own strings and its own place, however many strings it has,
// however they are spaced and whatever line they are on; and transcripts
// that differ only in their tags' strings (as random games by their
// seeds) add nothing to the memo.
func TestTagsAreReadWithoutAParse(t *testing.T) {
	g := cardGame
	g.ForgetParses()
	t.Cleanup(g.ForgetParses)
	sources := []string{
		"[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"7\"]\n1. Ann: place 2C/3D a1\n",
		"[Game \"sortie\"]\n[Players \"Zoë Ünal\" \"Bo\" \"Cy\"] [Seed]\n[Seed   \"123456789\" ]\n[Players\n  \"Ann\"\n  \"Ben\"]\n",
		"  [Event \"Thursday \\\"night\\\"\"]  [Event \"\"] ; a comment\n[Seed \"é\" \"x\"] [Players]\n1. Ann: place 2C/3D a1\n",
	}
	for round := range 2 {
		for i, src := range sources {
			name := fmt.Sprintf("round %d, source %d", round, i)
			p := g.Parse("t.sortie", src)
			if len(p.Errors) > 0 {
				t.Fatalf("%s: %s", name, strings.Join(errorLines(p.Errors), "\n"))
			}
			want := g.ParseWholeFile("t.sortie", src)
			if got, want := summary(p), summary(want); !slices.Equal(got, want) {
				t.Fatalf("%s:\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			for k, st := range p.File.Statements {
				if st.Tag == nil {
					continue
				}
				wantSpan := want.File.Statements[k].Span()
				for _, sp := range []notation.Span{st.Span(), st.Tag.Span()} {
					if sp != wantSpan {
						t.Errorf("%s: tag %s spans %q, want %q", name, st.Tag.Name, src[sp.Start.Offset:sp.End.Offset], src[wantSpan.Start.Offset:wantSpan.End.Offset])
					}
				}
				if !slices.Equal(st.Tag.Values, want.File.Statements[k].Tag.Values) {
					t.Errorf("%s: tag %s has %q, want %q", name, st.Tag.Name, st.Tag.Values, want.File.Statements[k].Tag.Values)
				}
			}
		}
	}
	_, before := g.MemoSize()
	for seed := range 100 {
		src := fmt.Sprintf("[Game \"sortie\"]\n[Seed \"%d\"]\n[Date \"2026-11-%02d\"]\n", seed, seed%30+1)
		if p := g.Parse("t.sortie", src); len(p.Errors) > 0 || p.File.Statements[1].Tag.Text()[0] != fmt.Sprint(seed) {
			t.Fatalf("seed %d: the parse has %d errors, or not its own seed", seed, len(p.Errors))
		}
	}
	if _, after := g.MemoSize(); after > before {
		t.Errorf("100 transcripts that differ only in their tags' strings added %d pieces to the memo, want none", after-before)
	}
}

// TestTurnHeadsKeptWithoutTheirNumber checks that turn heads, kept by
// their text without the number, each get their own number, read as a
// whole file's parse reads it, and that a number that does not parse
// still fails at its place; and that a long game's heads share a parse
// per player rather than one each: 100,000 turns allocated 650 MB.
func TestTurnHeadsKeptWithoutTheirNumber(t *testing.T) {
	g := cardGame
	head := "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n"
	for _, body := range []string{
		"1. Ann: a1-a2\n2. Ben: a1-a2\n3. Ann: a1-a2\n",
		"1. Ann: a1-a2\n2 . Ben: a1-a2\n010. Ann: a1-a2\n007. Ben:\n",
		"1. Ann: a1-a2\n99999999999999999999. Ben: a1-a2\n",
		"1. Ann: a1-a2\n08. Ben: a1-a2\n",
	} {
		src := head + body
		got, want := g.Parse("t.sortie", src), g.ParseWholeFile("t.sortie", src)
		if s, w := summary(got), summary(want); !slices.Equal(s, w) {
			t.Errorf("%q: piece by piece\n%q\nwant\n%q", body, s, w)
		}
		if fmt.Sprint(got.Errors) != fmt.Sprint(want.Errors) {
			t.Errorf("%q: errors %v, want %v", body, got.Errors, want.Errors)
		}
		var numbers, wantNumbers []int
		for _, st := range got.File.Statements {
			if st.Turn != nil {
				numbers = append(numbers, st.Turn.Number)
			}
		}
		for _, st := range want.File.Statements {
			if st.Turn != nil {
				wantNumbers = append(wantNumbers, st.Turn.Number)
			}
		}
		if !slices.Equal(numbers, wantNumbers) {
			t.Errorf("%q: turn numbers %v, want %v", body, numbers, wantNumbers)
		}
	}
	var b strings.Builder
	b.WriteString(head)
	for i := 1; i <= 100_000; i++ {
		fmt.Fprintf(&b, "%d. %s: a1-a2\n", i, []string{"Ann", "Ben"}[(i+1)%2])
	}
	src := b.String()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	p := g.Parse("long.sortie", src)
	runtime.ReadMemStats(&after)
	if len(p.Errors) > 0 || len(p.File.Statements) != 100_002 || p.File.Statements[100_001].Turn.Number != 100_000 {
		t.Fatalf("the long game does not parse as written: %v", p.Errors)
	}
	if alloc, bound := after.TotalAlloc-before.TotalAlloc, uint64(100*len(src)); alloc > bound {
		t.Errorf("a game of 100,000 turns allocated %d MB, want under %d MB", alloc>>20, bound>>20)
	}
}

// A grammar's move parser is built at its first file, of the move types
// that file's words may begin (draw, and a1-b2's, which no word tells);
// a later file's place makes it every type's. Each file parses piece by
// piece, each shape kept: none falls back to the parse of the whole file,
// which would give the same tree (SameAsWholeFile) but keep nothing.
func TestTheFirstFilesMoveTypesParseItPieceByPiece(t *testing.T) {
	g := must(notation.NewGrammar(cardLexer, nil, notation.Moves{&cardDraw{}, &cardPlace{}, &cardAct{}}).ValueTokens("Card", "Square"))
	for _, file := range []struct {
		src    string
		pieces int
	}{
		{"1. Ann: draw 7H, a1-b2\n", 2},
		{"1. Ann: place 9C/KD a1, draw 9C\n2. Ben: b2xc3\n", 4},
	} {
		notationtest.SameAsWholeFile(t, g, "file", file.src)
		if _, pieces := g.MemoSize(); pieces != file.pieces {
			t.Errorf("after %q: %d shapes kept, want %d", file.src, pieces, file.pieces)
		}
	}
}
