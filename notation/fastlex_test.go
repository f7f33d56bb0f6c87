package notation_test

import (
	"regexp"
	"testing"
	"unicode/utf8"

	"github.com/tabletop-referee/referee/notation"
)

// TestFastLexerEveryRune checks names against the declarative rule for
// every character, as the first of a name and inside one.
func TestFastLexerEveryRune(t *testing.T) {
	lex := notation.NewFastLexer()
	spec := regexp.MustCompile(`^(?:(?:[A-Za-wyz_]|[^\x00-\x7F])[\p{L}\p{N}_']*)`)
	step := rune(1)
	if testing.Short() {
		step = 7
	}
	for r := rune(0); r <= utf8.MaxRune; r += step {
		if !utf8.ValidRune(r) {
			continue
		}
		for _, s := range []string{string(r), "A" + string(r), "A" + string(r) + "b"} {
			want := spec.FindStringIndex(s)
			got := lex.MatchName(s)
			if want == nil && got != 0 || want != nil && got != want[1] {
				t.Fatalf("%U in %q: fast name of %d bytes, want %v", r, s, got, want)
			}
		}
	}
}
