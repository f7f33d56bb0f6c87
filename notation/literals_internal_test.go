package notation

import (
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// literals finds what the regular expression of a quoted literal finds in
// participle's EBNF, and in its expectations as its errors write them,
// and unquotes it.
func TestLiteralsAsTheRegularExpression(t *testing.T) {
	re := regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	for _, s := range []string{
		``, `Move = "draw" ("?" | <card>)+ .`,
		`Tag = "[" <ident> <string>* "]" .`,
		`"\"" | "\\" | "a\\\"b" | <ident>`,
		`"draw" | "unfinished" | (PlayerRef ("wins" | "resigns"))`,
		`Say = "é" "x y" "" .`,
	} {
		var want []string
		for _, m := range re.FindAllString(s, -1) {
			word, err := strconv.Unquote(m)
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, word)
		}
		if got := literals(s); !slices.Equal(got, want) {
			t.Errorf("literals(%q) = %q, want %q", s, got, want)
		}
	}
}
