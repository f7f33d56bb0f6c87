package grammar

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/notation"
)

// setupPrefix is put before a declaration so that it is parsed as a
// set-up line's only move; it is 6 characters long, so a declaration's
// first character is column 7.
const setupPrefix = "Ann: "

// parseSetup parses text as the moves of one set-up line.
func parseSetup(t *testing.T, text string) ([]notation.Move, []*notation.Error) {
	t.Helper()
	p := Sortie.Parse("test.sortie", setupPrefix+text)
	if len(p.Errors) > 0 {
		return nil, p.Errors
	}
	if len(p.File.Statements) != 1 || p.File.Statements[0].Setup == nil {
		t.Fatalf("%q: want one set-up line, got %d statements", text, len(p.File.Statements))
	}
	return p.File.Statements[0].Setup.Moves, nil
}

// declFields shows a declaration's node type and its fields as parsed.
func declFields(m notation.Move) string {
	switch m := m.(type) {
	case *SortieUnit:
		return fmt.Sprintf("unit bottom=%s top=%s at=%s broken=%v", m.Bottom, m.Top, m.At, m.Broken)
	case *SortieHand:
		return fmt.Sprintf("hand %v", m.Cards)
	case *SortieCaptured:
		return fmt.Sprintf("captured %v", m.Flags)
	case *SortiePile:
		return fmt.Sprintf("pile %s cards=%v count=%q", m.Pile, m.Cards, m.Count)
	case *SortieStream:
		return fmt.Sprintf("stream %q", m.Numbers.N)
	}
	return fields(m)
}

func TestSortieDeclarationForms(t *testing.T) {
	tests := []struct {
		src    string
		fields string
		text   string
	}{
		{"unit 9C/KD b2", "unit bottom=9C top=KD at=b2 broken=false", "unit 9C/KD b2"},
		{"unit 9C/KD b2 broken", "unit bottom=9C top=KD at=b2 broken=true", "unit 9C/KD b2 broken"},
		{"unit TH / JR  d4\tbroken", "unit bottom=TH top=JR at=d4 broken=true", "unit 10H/JR d4 broken"},
		{"hand 7H", "hand [7H]", "hand 7H"},
		{"hand 7H TS JB", "hand [7H TS JB]", "hand 7H 10S JB"},
		{"captured d4", "captured [d4]", "captured d4"},
		{"captured d4 c4 d3", "captured [d4 c4 d3]", "captured d4 c4 d3"},
		{"deck 30", `pile deck cards=[] count="30"`, "deck 30"},
		{"deck 0", `pile deck cards=[] count="0"`, "deck 0"},
		{"deck 007", `pile deck cards=[] count="007"`, "deck 7"},
		{"deck 7H 9C KD", `pile deck cards=[7H 9C KD] count=""`, "deck 7H 9C KD"},
		{"discard 12", `pile discard cards=[] count="12"`, "discard 12"},
		{"discard TC 2S", `pile discard cards=[TC 2S] count=""`, "discard 10C 2S"},
		{"stream 104", `stream "104"`, "stream 104"},
		// A number too large for an int parses, for the engine to refuse.
		{"deck 99999999999999999999", `pile deck cards=[] count="99999999999999999999"`, "deck 99999999999999999999"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			moves, errs := parseSetup(t, tt.src)
			if errs != nil {
				t.Fatalf("parse errors: %v", errs)
			}
			if len(moves) != 1 {
				t.Fatalf("got %d moves, want 1", len(moves))
			}
			if got := declFields(moves[0]); got != tt.fields {
				t.Errorf("parsed as %s, want %s", got, tt.fields)
			}
			if got := moves[0].String(); got != tt.text {
				t.Errorf("String() = %q, want %q", got, tt.text)
			}
			if !Declaration(moves[0]) {
				t.Errorf("%T is not a declaration", moves[0])
			}
		})
	}
}

// TestSortieMovesAreNoDeclarations: the moves of play are not
// declarations, so that an opening hand does not declare a position.
func TestSortieMovesAreNoDeclarations(t *testing.T) {
	for _, m := range []notation.Move{&SortieDraw{}, &SortiePlace{}, &SortieAct{}} {
		if Declaration(m) {
			t.Errorf("%T is taken for a declaration", m)
		}
	}
}

func TestSortieDeclarationListAndSpans(t *testing.T) {
	moves, errs := parseSetup(t, "unit 9C/KD b2 broken, hand 7H 9C,captured d4 , deck 30, stream 7")
	if errs != nil {
		t.Fatalf("parse errors: %v", errs)
	}
	// checkMoveSpans counts columns of line 1; the prefix is 5 long.
	checkMoveSpans(t, moves, []moveSpan{
		{"unit 9C/KD b2 broken", 6, 26},
		{"hand 7H 9C", 28, 38},
		{"captured d4", 39, 50},
		{"deck 30", 53, 60},
		{"stream 7", 62, 70},
	})
}

// TestSortieDeclarationsRelocate: a declaration met again at another
// place, with other cards and squares, is the parse of that place (the
// memo of parsed pieces copies it there).
func TestSortieDeclarationsRelocate(t *testing.T) {
	for _, m := range []notation.Move{&SortieUnit{}, &SortieHand{}, &SortieCaptured{}, &SortiePile{}, &SortieStream{}} {
		if _, ok := m.(notation.Relocatable[notation.Move]); !ok {
			t.Errorf("%T is not notation.Relocatable", m)
		}
	}
	first := "Ann: unit 9C/KD b2 broken, hand 7H 9C, captured d4\nboard: deck 7H 9C, discard 3, stream 5\n1. Ann: a1-b2\n"
	again := "[Players \"Ann\" \"Ben\"]\nBen: unit 2S/QH c3, hand KD AC, captured a1\nAnn: unit 3D/4D a2 broken\nboard: discard 5S 6S, deck 14, stream 9\n4. Ben: c3-c2\n"
	for _, src := range []string{first, again, again} {
		p := Sortie.Parse("test.sortie", src)
		if len(p.Errors) > 0 {
			t.Fatalf("parse errors: %v", p.Errors)
		}
		lines := strings.Split(src, "\n")
		for _, st := range p.File.Statements {
			if st.Setup == nil {
				continue
			}
			for _, m := range st.Setup.Moves {
				s := m.Span()
				line := lines[s.Start.Line-1]
				if got := line[s.Start.Column-1 : s.End.Column-1]; got != m.String() {
					t.Errorf("%q: the move spans %q", m.String(), got)
				}
			}
		}
	}
}

func TestSortieMalformedDeclarations(t *testing.T) {
	const cardsOrCount = `cards, or how many there are, as in deck 7H 9C or deck 30`
	const next = `expected a move (draw 7H, place 9C/KD a1, a1-b2, a1xb2 or a1-b2xc3), or "," between moves`
	tests := []struct {
		src string
		col int // of the error on line 1
		msg string
	}{
		{"unit 9C KD b2", 14, `expected "/" between the bottom and the top card, as in 9C/KD, found "KD"`},
		{"unit 9C/KD", 16, `expected a square like b3, found the end of the line`},
		{"unit 9C/KD b2 shieldless", 20, next + `, found "shieldless"`},
		{"hand", 10, `expected a card like 7H or 10S, found the end of the line`},
		{"hand 7H 11H", 14, next + `, found "11"`},
		{"captured", 14, `expected a square like b3, found the end of the line`},
		{"captured d4 e", 18, next + `, found "e"`},
		{"deck", 10, `expected ` + cardsOrCount + `, found the end of the line`},
		{"deck -3", 11, `expected ` + cardsOrCount + `, found "-"`},
		{"deck 3 7H", 13, next + `, found "7H"`},
		{"discard x", 14, `expected ` + cardsOrCount + `, found "x"`},
		{"stream", 12, `expected a number like 104, found the end of the line`},
		{"stream 7H", 13, `expected a number like 104, found "7H"`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, errs := parseSetup(t, tt.src)
			checkOneError(t, errs, tt.col, tt.msg)
		})
	}
}

// BenchmarkSortiePositionParse compares the cost of parsing a position's
// set-up lines with that of parsing turns of moves, per byte (MB/s): a
// position must cost no more per byte than the moves do.
func BenchmarkSortiePositionParse(b *testing.B) {
	const header = "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"2026\"]\n\n"
	position := header +
		"board: deck 4S 7S 5H AS 10S KS 6D 3S KD AC JH 7D 9C 10H 5D JS QS 5C 3H 4C 3C 2C 8S JD 2S 7H 6H 6S 6C QD QH 7C 4H 10C JC 9H QC 2H, discard 8S JH 3D 4C\n" +
		"Ann: unit 4D/5S b1, unit 8H/KH a3 broken, unit 5H/7H d2, hand AD 2D 10D, captured c4 d3\n" +
		"Ben: unit 9D/8C d1, unit AH/8D b3, unit KC/2C c3 broken, hand 9S 3D KC\n\n7. Ann:\n"
	moves := header + "Ann: draw 9C KD 5H 2S\nBen: draw 3D 8S JH 4C\n\n" +
		"1. Ann: draw 7H, place 9C/KD a2, place 5H/7H b1\n2. Ben: draw 6D, place 8S/JH d3\n" +
		"3. Ann: draw QC, a2-a3, b1-c1\n4. Ben: draw 2C, d3-c3\n5. Ann: draw 10D, a3-b3, b3xc3\n" +
		"6. Ben: draw 5S, place 3D/4C c4\n7. Ann: draw 8D, b3-b4, b4xc4, c1-d1, place 2S/QC b3\n" +
		"8. Ben: draw AS, place 6D/2C c4\n9. Ann: draw 4H, b4xc4, d1-d2, b3-c3\n10. Ben: draw 9H, place 5S/AS d3\n"
	for _, bench := range []struct{ name, src string }{{"position", position}, {"moves", moves}} {
		if p := Sortie.Parse("bench.sortie", bench.src); len(p.Errors) > 0 {
			b.Fatalf("%s: %v", bench.name, p.Errors)
		}
		b.Run(bench.name, func(b *testing.B) {
			b.SetBytes(int64(len(bench.src)))
			for b.Loop() {
				Sortie.Parse("bench.sortie", bench.src)
			}
		})
	}
}
