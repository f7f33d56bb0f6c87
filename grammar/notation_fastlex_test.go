package grammar_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
)

// fastLexers are the fast lexers of the games: Sortie's (cards and
// squares), Mecha's (squares) and the plain one.
var fastLexers = map[string]*notation.FastLexer{
	"sortie": grammar.SortieLexer,
	"mecha":  grammar.MechaLexer,
	"plain":  grammar.ModLexer,
}

// lexSnippets are the edges of the lexer: every rule at its ends, and
// what no rule takes.
var lexSnippets = []string{
	"", " ", "\n", "\r\n", "\t", "\r", "\uFEFF", "\uFEFF\uFEFF\n \uFEFFx",
	"; comment", ";", "; a\r\nb", "{", "{}", "{ a \n b }", "{ a", "{{}}}", "}",
	`"`, `""`, `"a"`, `"a`, `"a\"`, `"a\\"`, `"a\"b"`, "\"a\\\n\"", "\"a\\", `"\é"`, "\"a\nb\"", `"é"`,
	"(", "()", "(taken back)", "(taken back", "(a(b)", "(a\r\n)", "(a))",
	"7H", "10S", "10", "1H", "TH", "JR", "JB", "JRX", "7Hx", "7H_", "7Hé", "10Sa", "KD/9C", "JD", "J", "Q",
	"a1", "a10", "a100", "a0", "z9", "a1xb2", "a1-b2xc3", "a1b", "x", "xa1", "xx",
	"Ann", "ann", "_a", "'a", "a'b", "Pilot's", "é", "Éa", "a\u0301", "٣", "a٣", "\u202e", "\u00ad", "\uFFFD", "€",
	"0", "007", "12.", "[", "]", ":", ",", ".", "-", "/", "!", "?", "#", "\\", "@", "\x00", "\x7f", "\x01",
	"\xff", "\xc3", "a\xffb", "\"\xff\"", "{\xff}", "; \xff", "\xe2\x82", "\xe2\x82\xac",
	"[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n\n1. Ann: place 9C/KD a1, a1-b2xc3 ; hi\n2. Ben: draw 7H (taken back)\nresult: Ann wins\n",
	"1. Ann: play \"Radio Tower\" c1, b1-b2-b3xc3, c5 direct Scout\r\n2. Ben:\tdeck 12 Scout 3 \"x\"\r\n",
	"3. Ann: a1-b2 } a1\n4. Ben: { a { b } } c\n",
}

func TestFastLexerSnippets(t *testing.T) {
	for name, lex := range fastLexers {
		for _, src := range lexSnippets {
			// Each snippet alone, glued to a name and to a card, and
			// after a line end.
			for _, s := range []string{src, "a" + src, src + "7H", "Ann: " + src + " x\n" + src} {
				if diff := notationtest.SameTokens(lex, "f", s); diff != "" {
					t.Errorf("%s %q: %s", name, s, diff)
				}
			}
		}
	}
}

// TestFastLexerRandomText lexes random texts made of the snippets' bytes
// and pieces.
func TestFastLexerRandomText(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for name, lex := range fastLexers {
		for range n {
			var b strings.Builder
			for range rng.IntN(12) {
				piece := lexSnippets[rng.IntN(len(lexSnippets))]
				if piece != "" && rng.IntN(3) == 0 {
					// A piece of a piece, which may split a character.
					i, j := rng.IntN(len(piece)), rng.IntN(len(piece)+1)
					piece = piece[min(i, j):max(i, j)]
				}
				b.WriteString(piece)
			}
			if diff := notationtest.SameTokens(lex, "f", b.String()); diff != "" {
				t.Fatalf("%s %q: %s", name, b.String(), diff)
			}
		}
	}
}

func FuzzFastLexer(f *testing.F) {
	for _, s := range lexSnippets {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for name, lex := range fastLexers {
			if diff := notationtest.SameTokens(lex, "f", src); diff != "" {
				t.Fatalf("%s %q: %s", name, src, diff)
			}
		}
	})
}
