package grammar

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/notation"
)

// "?" is a card nobody recorded: it is written wherever a card may be,
// parsed as itself, and printed as "?".
func TestSortieUnknownCardForms(t *testing.T) {
	tests := []struct {
		src, fields, text string
		setup             bool
	}{
		{src: "draw ?", fields: "draw [?]", text: "draw ?"},
		{src: "draw ? ? ? ?", fields: "draw [? ? ? ?]", text: "draw ? ? ? ?"},
		{src: "draw ? TH", fields: "draw [? TH]", text: "draw ? 10H"},
		{src: "draw ?7H", fields: "draw [? 7H]", text: "draw ? 7H"},
		{src: "place ?/KD a1", fields: "place bottom=? top=KD at=a1", text: "place ?/KD a1"},
		{src: "place 9C/? a1", fields: "place bottom=9C top=? at=a1", text: "place 9C/? a1"},
		{src: "hand ? ? 7H", fields: "hand [? ? 7H]", text: "hand ? ? 7H", setup: true},
		{src: "unit ?/9C b2 broken", fields: "unit bottom=? top=9C at=b2 broken=true", text: "unit ?/9C b2 broken", setup: true},
		{src: "deck ? 7H", fields: `pile deck cards=[? 7H] count=""`, text: "deck ? 7H", setup: true},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			var m SortieMove
			if tt.setup {
				moves, errs := parseSetup(t, tt.src)
				if len(errs) > 0 || len(moves) != 1 {
					t.Fatalf("%v, %d moves", errs, len(moves))
				}
				m = moves[0]
			} else {
				m = parseOne(t, tt.src)
			}
			got := fields(m)
			if strings.HasPrefix(got, "unknown") {
				got = declFields(m)
			}
			if got != tt.fields {
				t.Errorf("fields %s, want %s", got, tt.fields)
			}
			if m.String() != tt.text {
				t.Errorf("prints %q, want %q", m.String(), tt.text)
			}
		})
	}
}

// A "?" where no card may be is a syntax error, and where a card is
// missing the message still asks for a card, as before "?" was written.
func TestSortieUnknownCardMisplaced(t *testing.T) {
	tests := []struct {
		src string
		col int
		msg string
	}{
		{"?", 9, `expected ` + sortieMoveWords + `, or "," between moves, found "?"`},
		{"a1-?", 12, `expected a square like b3, found "?"`},
		{"place ?/? ?", 19, `expected a square like b3, found "?"`},
		{"draw", 13, `expected a card like 7H or 10S, found the end of the line`},
		{"place ?/", 17, `expected a card like 7H or 10S, found the end of the line`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, errs := parseMoves(t, tt.src)
			checkOneError(t, errs, tt.col, tt.msg)
		})
	}
	for _, src := range []string{"unit ?/", "unit ?/ b2", "hand"} {
		_, errs := parseSetup(t, src)
		if len(errs) != 1 || !strings.Contains(errs[0].Msg, "expected a card like 7H or 10S") {
			t.Errorf("%q: %v, want one error asking for a card", src, errs)
		}
	}
}

// Sortie keeps its moves by their shape (Grammar.ValueTokens on cards and
// squares); "?" is no value token, so a move's shape says where its "?"
// are. A draw of "?" and a draw of a card, and draws with "?" in
// different places, must each take their own values, whatever was parsed
// before them: piece by piece the parse is the whole file's.
func TestSortieUnknownCardsThroughTheShapeMemo(t *testing.T) {
	g := Sortie
	g.ForgetParses()
	t.Cleanup(g.ForgetParses)
	sources := []string{
		"Ann: draw 7H 9C KD 2S\nBen: draw ? ? ? ?\n1. Ann: draw 3C, place 9C/KD a2\n2. Ben: draw ?, place 5H/? d3\n",
		"Ann: hand ? 7H, unit 2C/3C a1\nBen: hand 8S ? ?\n3. Ann: draw ? 10D, draw 10D ?, draw ? ?\n4. Ben: draw ?, draw JR, place ?/JB c4\n",
		"Ben: draw ? 4D ? 5D\n1. Ann: draw 10S, draw ?, draw 4S\n",
	}
	for round := range 2 {
		for i, src := range sources {
			name := fmt.Sprintf("round %d, source %d", round, i)
			got, want := g.Parse(name, src), g.ParseWholeFile(name, src)
			if len(got.Errors) > 0 || len(want.Errors) > 0 {
				t.Fatalf("%s: %v piece by piece, %v in the whole file", name, got.Errors, want.Errors)
			}
			if g, w := movesOf(got, src), movesOf(want, src); !slices.Equal(g, w) {
				t.Fatalf("%s: piece by piece\n%s\nwant\n%s", name, strings.Join(g, "\n"), strings.Join(w, "\n"))
			}
			// Each move prints as written (canonically): its own values.
			for _, st := range got.File.Statements {
				for _, m := range st.Moves() {
					sp := m.Span()
					if written := src[sp.Start.Offset:sp.End.Offset]; m.String() != written {
						t.Errorf("%s: %q prints as %q", name, written, m.String())
					}
				}
			}
		}
	}
}

// movesOf lists each move of p as it prints, with its text and place in
// src.
func movesOf[M notation.Move](p *notation.Parsed[M], src string) []string {
	var out []string
	for _, st := range p.File.Statements {
		for _, m := range st.Moves() {
			sp := m.Span()
			out = append(out, fmt.Sprintf("%s @ %q %d:%d-%d:%d", m.String(), src[sp.Start.Offset:sp.End.Offset], sp.Start.Line, sp.Start.Column, sp.End.Line, sp.End.Column))
		}
	}
	return out
}
