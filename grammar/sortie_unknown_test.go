package grammar

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
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
		{src: "draw ??", fields: "draw [? ?]", text: "draw ? ?"},
		{src: "hand ? ? 7H", fields: "hand [? ? 7H]", text: "hand ? ? 7H", setup: true},
		{src: "deck ? 7H", fields: `pile deck cards=[? 7H] count=""`, text: "deck ? 7H", setup: true},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			var m notation.Move
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
		{"draw", 13, `expected a card like 7H or 10S, found the end of the line`},
		// A unit is face up: its cards are written.
		{"place ?/KD a1", 15, `expected a card like 7H or 10S, found "?"`},
		{"place 9C/? a1", 18, `expected a card like 7H or 10S, found "?"`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, errs := parseMoves(t, tt.src)
			checkOneError(t, errs, tt.col, tt.msg)
		})
	}
	for _, src := range []string{"unit ?/KD b2", "unit 9C/? b2", "hand"} {
		_, errs := parseSetup(t, src)
		if len(errs) != 1 || !strings.Contains(errs[0].Msg, "expected a card like 7H or 10S") {
			t.Errorf("%q: %v, want one error asking for a card", src, errs)
		}
	}
}

// "?" is a word of its own, as a card is: "?7H" and "?x" are no words,
// and the lexer stops there as at any character it does not know.
func TestSortieUnknownIsAWord(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"draw ? ?", "Ident:draw Unknown:? Unknown:?"},
		{"??,?", "Unknown:? Unknown:? Punct:, Unknown:?"},
		{"? ;x", "Unknown:?"},
		{"?{x}?é", "Unknown:? Unknown:? Ident:é"},
	} {
		toks := notationtest.Tokenize(SortieLexer, "", tt.src)
		if len(toks.Errors) > 0 {
			t.Fatalf("%q: %v", tt.src, toks.Errors)
		}
		if got := tokenTypes(toks); got != tt.want {
			t.Errorf("%q: %s, want %s", tt.src, got, tt.want)
		}
	}
	for _, src := range []string{"draw ?7H", "draw ?x", "draw ?_"} {
		if toks := notationtest.Tokenize(SortieLexer, "", src); len(toks.Errors) != 1 || !strings.Contains(toks.Errors[0].Msg, "unexpected character '?'") {
			t.Errorf("%q: %v, want the character ? unexpected", src, toks.Errors)
		}
	}
}

// tokenTypes writes the tokens of toks with their types.
func tokenTypes(toks *notation.Tokens) string {
	names := map[lexer.TokenType]string{}
	for name, typ := range SortieLexer.Symbols() {
		names[typ] = name
	}
	var out []string
	for _, tok := range toks.Tokens {
		out = append(out, names[tok.Type]+":"+tok.Value)
	}
	return strings.Join(out, " ")
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
		"Ann: draw 7H 9C KD 2S\nBen: draw ? ? ? ?\n1. Ann: draw 3C, place 9C/KD a2\n2. Ben: draw ?, place 5H/6H d3\n",
		"Ann: hand ? 7H, unit 2C/3C a1\nBen: hand 8S ? ?\n3. Ann: draw ? 10D, draw 10D ?, draw ? ?\n4. Ben: draw ?, draw JR, place 9C/JB c4\n",
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
func movesOf(p *notation.Parsed, src string) []string {
	var out []string
	for _, st := range p.File.Statements {
		for _, m := range st.Moves() {
			sp := m.Span()
			out = append(out, fmt.Sprintf("%s @ %q %d:%d-%d:%d", m.String(), src[sp.Start.Offset:sp.End.Offset], sp.Start.Line, sp.Start.Column, sp.End.Line, sp.End.Column))
		}
	}
	return out
}
