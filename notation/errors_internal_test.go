package notation

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// The error recovery hands participle its tokens without a copy, which
// needs to know where a PeekingLexer holds them: a participle that holds
// them otherwise would make every large file that does not parse cost
// five times its tokens again.
func TestPeekingLexerServesTheTokensAsTheyAre(t *testing.T) {
	if !peekTokensOK {
		t.Fatal("participle's PeekingLexer no longer holds its tokens in a []lexer.Token named tokens")
	}
	toks := []lexer.Token{{Type: -2, Value: "a"}, {Type: -3, Value: "b"}, lexer.EOFToken(lexer.Position{Offset: 2})}
	p := PeekingLexer(toks)
	for i := range toks {
		if got := p.Next(); *got != toks[i] {
			t.Fatalf("token %d: %v, want %v", i, *got, toks[i])
		}
	}
}

// An ErrorSet keeps the first errors by position, whatever order they
// come in, in the order given among those at one place, counts the rest,
// and keeps the parser's faults.
func TestErrorSetKeepsTheFirstByPosition(t *testing.T) {
	s := NewErrorSet(3)
	at := func(off int, msg string) *Error {
		p := lexer.Position{Offset: off}
		return &Error{Span{p, p}, msg}
	}
	for i := 1000; i > 0; i-- {
		s.Add(at(i, fmt.Sprint(i)))
	}
	s.Add(at(1, "1 again"))
	s.Add(at(500, "internal error: a fault"))
	errs, dropped := s.List()
	var got []string
	for _, e := range errs {
		got = append(got, e.Msg)
	}
	if fmt.Sprint(got) != "[1 1 again 2 internal error: a fault]" || dropped != 998 {
		t.Errorf("kept %v, dropped %d; want [1 1 again 2 internal error: a fault] and 998", got, dropped)
	}
}

// capitalWord, written by hand, takes what its regular expression takes:
// every rune below U+3000 alone, after a capital and before a letter, and
// words with marks, quotes, invalid bytes and a byte-order mark.
func TestCapitalWordIsItsPattern(t *testing.T) {
	t.Parallel()
	re := regexp.MustCompile(`^\p{Lu}[\p{L}\p{N}_']*$`)
	words := []string{"", "A", "a", "Ab", "AB_'9", "Äö", "É1", "A-b", "A b", "\xff", "A\xff", "Σίσυφος", "ǅx", "A²", "A\u0301", "1A", "_A", "A\uFEFF"}
	for r := rune(0); r < 0x3000; r++ {
		words = append(words, string(r), "A"+string(r), string(r)+"a")
	}
	for _, w := range words {
		if got, want := capitalWord(w), re.MatchString(w); got != want {
			t.Errorf("capitalWord(%q) = %v, the pattern says %v", w, got, want)
		}
	}
}
