package notation

import (
	"regexp"
	"slices"
	"testing"
)

// literals finds what the regular expression of a quoted literal finds in
// participle's EBNF, and in its expectations as its errors write them.
func TestLiteralsAsTheRegularExpression(t *testing.T) {
	re := regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	for _, s := range []string{
		``, `Move = "draw" ("?" | <card>)+ .`,
		`Tag = "[" <ident> <string>* "]" .`,
		`"\"" | "\\" | "a\\\"b" | <ident>`,
		`"draw" | "unfinished" | (PlayerRef ("wins" | "resigns"))`,
		`Say = "é" "x y" "" .`,
	} {
		if got, want := literals(s), re.FindAllString(s, -1); !slices.Equal(got, want) {
			t.Errorf("literals(%q) = %q, want %q", s, got, want)
		}
	}
}
