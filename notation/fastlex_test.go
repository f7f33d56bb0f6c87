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

// TestFirstBytes: a game's rule is tried only at the bytes its pattern's
// texts may begin with; where that cannot be told, at every byte.
func TestFirstBytes(t *testing.T) {
	every := func() string {
		var b []byte
		for c := range 256 {
			b = append(b, byte(c))
		}
		return string(b)
	}()
	tests := []struct{ pattern, want string }{
		{`(?:10|[2-9TAJQK])[CDHS]\b|J[RB]\b`, "123456789AJKQT"},
		{`[a-z][1-9][0-9]?`, "abcdefghijklmnopqrstuvwxyz"},
		{`\?\B`, "?"},
		{`a*b`, "ab"},
		{`(a|)c`, "ac"},
		{`x{0,2}y`, "xy"},
		{`(?i)q`, "Qq"},
		{`é`, "\xC3"},
		{`\bz`, "z"},
		{`x?`, every}, // matches the empty text
		{`.`, every},  // any character
		{`[`, every},  // does not parse
	}
	for _, tt := range tests {
		set := notation.FirstBytes(tt.pattern)
		var got []byte
		for c, in := range set {
			if in {
				got = append(got, byte(c))
			}
		}
		if string(got) != tt.want {
			t.Errorf("%s: first bytes %q, want %q", tt.pattern, got, tt.want)
		}
	}
	// A class past ASCII may begin with any lead byte.
	if set := notation.FirstBytes(`\p{L}`); !set['A'] || !set['z'] || set['0'] || !set[0xC3] || !set[0xF0] {
		t.Errorf(`\p{L}: first bytes %v`, set)
	}
}
