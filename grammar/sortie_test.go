package grammar

import (
	"fmt"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
)

// turnPrefix is put before a move so that it is parsed as a turn's only
// move; it is 8 characters long, so a move's first character is column 9.
const turnPrefix = "1. Ann: "

// parseMoves parses text as the moves of one turn.
func parseMoves(t *testing.T, text string) ([]notation.Move, []*notation.Error) {
	t.Helper()
	p := Sortie.Parse("test.sortie", turnPrefix+text)
	if len(p.Errors) > 0 {
		return nil, p.Errors
	}
	if len(p.File.Statements) != 1 || p.File.Statements[0].Turn == nil {
		t.Fatalf("%q: want one turn, got %d statements", text, len(p.File.Statements))
	}
	return p.File.Statements[0].Turn.Moves, nil
}

// fields shows a move's node type and its fields as parsed.
func fields(m notation.Move) string {
	switch m := m.(type) {
	case *SortieDraw:
		return fmt.Sprintf("draw %v", m.Cards)
	case *SortiePlace:
		return fmt.Sprintf("place bottom=%s top=%s at=%s", m.Bottom, m.Top, m.At)
	case *SortieAct:
		return fmt.Sprintf("act from=%s to=%s target=%s", m.From, m.To, m.Target)
	}
	return fmt.Sprintf("unknown %T", m)
}

func TestSortieMoveForms(t *testing.T) {
	tests := []struct {
		src    string
		fields string
		text   string
	}{
		{"draw 7H", "draw [7H]", "draw 7H"},
		{"draw 7H 9C KD 2S", "draw [7H 9C KD 2S]", "draw 7H 9C KD 2S"},
		{"draw JR", "draw [JR]", "draw JR"},
		{"draw JB AS 10S TS", "draw [JB AS 10S TS]", "draw JB AS 10S 10S"},
		{"draw TH", "draw [TH]", "draw 10H"},
		{"place 9C/KD a1", "place bottom=9C top=KD at=a1", "place 9C/KD a1"},
		{"place TH/2C b1", "place bottom=TH top=2C at=b1", "place 10H/2C b1"},
		{"place 2C/TH b1", "place bottom=2C top=TH at=b1", "place 2C/10H b1"},
		{"place 10D/JD c3", "place bottom=10D top=JD at=c3", "place 10D/JD c3"},
		{"a1-b2", "act from=a1 to=b2 target=", "a1-b2"},
		{"a1xb2", "act from=a1 to= target=b2", "a1xb2"},
		{"a1-b2xc3", "act from=a1 to=b2 target=c3", "a1-b2xc3"},
		{"a10-b10xc10", "act from=a10 to=b10 target=c10", "a10-b10xc10"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			move := parseOne(t, tt.src)
			if got := fields(move); got != tt.fields {
				t.Errorf("parsed as %s, want %s", got, tt.fields)
			}
			if got := move.String(); got != tt.text {
				t.Errorf("String() = %q, want %q", got, tt.text)
			}
		})
	}
}

// parseOne parses a turn of exactly one move and returns it.
func parseOne(t *testing.T, src string) notation.Move {
	t.Helper()
	moves, errs := parseMoves(t, src)
	if errs != nil {
		t.Fatalf("parse errors: %v", errs)
	}
	if len(moves) != 1 {
		t.Fatalf("got %d moves, want 1", len(moves))
	}
	return moves[0]
}

func TestSortieForgivingSpacing(t *testing.T) {
	tests := []struct {
		src, text string
	}{
		{"a1 - b2", "a1-b2"},
		{"a1 x b2", "a1xb2"},
		{"a1 -b2 x  c3", "a1-b2xc3"},
		{"a1-\tb2", "a1-b2"},
		{"place 9C / KD a1", "place 9C/KD a1"},
		{"place 9C /KD\ta1", "place 9C/KD a1"},
		{"place 9C/ KD  a1", "place 9C/KD a1"},
		{"draw   7H\t9C", "draw 7H 9C"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			move := parseOne(t, tt.src)
			canon, errs := parseMoves(t, tt.text)
			if errs != nil {
				t.Fatalf("canonical text %q: parse errors: %v", tt.text, errs)
			}
			if got, want := fields(move), fields(canon[0]); got != want {
				t.Errorf("parsed as %s, want %s (as %q)", got, want, tt.text)
			}
			if got := move.String(); got != tt.text {
				t.Errorf("String() = %q, want %q", got, tt.text)
			}
		})
	}
}

func TestSortieMoveListAndSpans(t *testing.T) {
	moves, errs := parseMoves(t, "draw 7H, place 9C/KD a1,a1-b2 , b2xc3")
	if errs != nil {
		t.Fatalf("parse errors: %v", errs)
	}
	checkMoveSpans(t, moves, []moveSpan{
		{"draw 7H", 9, 16},
		{"place 9C/KD a1", 18, 32},
		{"a1-b2", 33, 38},
		{"b2xc3", 41, 46},
	})
}

func TestSortieMalformedMoves(t *testing.T) {
	const move = `a move (draw 7H, place 9C/KD a1, a1-b2, a1xb2 or a1-b2xc3)`
	tests := []struct {
		src string
		col int // of the error on line 1
		msg string
	}{
		{"place 9C KD a1", 18, `expected "/" between the bottom and the top card, as in 9C/KD, found "KD"`},
		{"place 9C a1", 18, `expected "/" between the bottom and the top card, as in 9C/KD, found "a1"`},
		{"place /KD a1", 15, `expected a card like 7H or 10S, found "/"`},
		{"place 9C/KD", 20, `expected a square like b3, found the end of the line`},
		{"place 9C/KD a0", 21, `expected a square like b3, found "a0" (the squares are a1 to d4)`},
		{"place 9C/1H a1", 18, `expected a card like 7H or 10S, found "1H" (an ace is A, as in AH)`},
		{"a0", 9, `expected ` + move + `, or "," between moves, found "a0" (the squares are a1 to d4)`},
		{"e", 9, `expected ` + move + `, or "," between moves, found "e"`},
		{"a1-e", 12, `expected a square like b3, found "e"`},
		{"a1-a0", 12, `expected a square like b3, found "a0" (the squares are a1 to d4)`},
		{"a1-", 12, `expected a square like b3, found the end of the line`},
		{"a1x", 12, `expected a square like b3, found the end of the line`},
		{"a1 b2", 12, `expected "-" and a square to move to, or "x" and a square to attack, found "b2"`},
		{"xb2", 9, `expected ` + move + `, or "," between moves, found "x"`},
		{"a1xb2-c3", 14, `expected ` + move + `, or "," between moves, found "-"`},
		{"draw 1H", 14, `expected a card like 7H or 10S, found "1H" (an ace is A, as in AH)`},
		{"draw 7Z", 14, `expected a card like 7H or 10S, found "7"`},
		{"draw 11H", 14, `expected a card like 7H or 10S, found "11"`},
		{"draw", 13, `expected a card like 7H or 10S, found the end of the line`},
		{"a1-b2,", 15, `expected ` + move + `, found the end of the line`},
		{"a1-b2,, b2-c3", 15, `expected ` + move + `, found ","`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, errs := parseMoves(t, tt.src)
			checkOneError(t, errs, tt.col, tt.msg)
		})
	}
}

func TestSortieLexer(t *testing.T) {
	names := map[lexer.TokenType]string{}
	for name, typ := range SortieLexer.Symbols() {
		names[typ] = name
	}
	tests := []struct {
		src  string
		want string
	}{
		{"7H 10S TH AS JR JB", "Card:7H Card:10S Card:TH Card:AS Card:JR Card:JB"},
		{"a1 a10 z9", "Square:a1 Square:a10 Square:z9"},
		{"a1xb2", "Square:a1 Punct:x Square:b2"},
		{"a1-b2xc3", "Square:a1 Punct:- Square:b2 Punct:x Square:c3"},
		{"9C/KD", "Card:9C Punct:/ Card:KD"},
		{"7H,9C", "Card:7H Punct:, Card:9C"},
		{"a0 e", "Ident:a0 Ident:e"},
		{"1H 7Z 10", "Int:1 Ident:H Int:7 Ident:Z Int:10"},
		{"JRX ASH", "Ident:JRX Ident:ASH"},
		{"draw place Ann", "Ident:draw Ident:place Ident:Ann"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			toks := notationtest.Tokenize(SortieLexer, "", tt.src)
			if len(toks.Errors) > 0 {
				t.Fatalf("errors: %v", toks.Errors)
			}
			var got []string
			for _, tok := range toks.Tokens {
				got = append(got, names[tok.Type]+":"+tok.Value)
			}
			if strings.Join(got, " ") != tt.want {
				t.Errorf("tokens %s, want %s", strings.Join(got, " "), tt.want)
			}
		})
	}
}

func TestCanonicalCard(t *testing.T) {
	for in, want := range map[string]string{
		"TH": "10H", "TS": "10S", "10D": "10D", "7H": "7H", "KD": "KD", "JR": "JR",
	} {
		if got := canonicalCard(in); got != want {
			t.Errorf("canonicalCard(%q) = %q, want %q", in, got, want)
		}
	}
}
