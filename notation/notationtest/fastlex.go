package notationtest

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/notation"
)

// SameTokens returns where a fast lexer and its specification, the
// declarative lexer, first differ on src, or "" when they do not: both
// as lexers (every token's type, value and position, up to the end or to
// the first error, which must be the same error at the same place) and
// through notation.TokenizeWith (tokens, comments, corrections, errors and
// the end, after its error recovery).
func SameTokens(fast *notation.FastLexer, filename, src string) string {
	return SameTokensAs(fast, fast.Spec(), filename, src)
}

// SameTokensAs is SameTokens for any lexer written after a specification,
// such as the catalogue's (a notation.Scanner).
func SameTokensAs(fast, spec notation.LexerDefinition, filename, src string) string {
	a, err := spec.LexString(filename, src)
	if err != nil {
		return "spec: " + err.Error()
	}
	b, err := fast.LexString(filename, src)
	if err != nil {
		return "fast: " + err.Error()
	}
	for i := 0; ; i++ {
		want, werr := a.Next()
		got, gerr := b.Next()
		if werr != nil || gerr != nil {
			if fmt.Sprint(werr) != fmt.Sprint(gerr) || errPos(werr) != errPos(gerr) {
				return fmt.Sprintf("token %d: error %v at %v, want %v at %v", i, gerr, errPos(gerr), werr, errPos(werr))
			}
			break
		}
		if got != want {
			return fmt.Sprintf("token %d: %#v, want %#v", i, got, want)
		}
		if got.EOF() {
			break
		}
	}
	want := Tokenize(spec, filename, src)
	got := Tokenize(fast, filename, src)
	if !reflect.DeepEqual(got, want) {
		return fmt.Sprintf("Tokenize:\n got %s\nwant %s", dump(got), dump(want))
	}
	return ""
}

func errPos(err error) lexer.Position {
	if lerr, ok := err.(*lexer.Error); ok {
		return lerr.Pos
	}
	return lexer.Position{}
}

func dump(t *notation.Tokens) string {
	var b strings.Builder
	for _, tok := range t.Tokens {
		fmt.Fprintf(&b, "%#v ", tok)
	}
	fmt.Fprintf(&b, "\n comments %v\n corrections %v\n eof %v\n errors", t.Comments, t.Corrections, t.EOF)
	for _, e := range t.Errors {
		fmt.Fprintf(&b, " %v-%v %q;", e.Span.Start, e.Span.End, e.Msg)
	}
	return b.String()
}

// Tokenize lexes src with def, as notation.TokenizeWith does with no
// options.
func Tokenize(def notation.LexerDefinition, filename, src string) *notation.Tokens {
	return notation.TokenizeWith(def, filename, src, notation.TokenizeOptions{})
}
