package catalogue_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/grammar/catalogue"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
)

// catalogueSnippets are the edges of the catalogue lexer: every rule at
// its ends, and what no rule takes.
var catalogueSnippets = []string{
	"", " ", "\n", "\n ", "\n\t", "\n\n ", " \n", "\r\n", "\r\n ", "\t", "\uFEFF", "\uFEFF\n \uFEFFx",
	"; c", ";", "; a\r\nb", "{", "{}", "{ a \n b }", "{ a", "{{}}}", "}",
	`"`, `""`, `"a"`, `"a`, `"a\"`, `"a\\"`, "\"a\\\n\"", "\"a\\", `"\é"`, "\"a\nb\"",
	"1", "12", "+1", "-1", "1u", "1uu", "1_", "1é", "1'", "+", "-", "+a", "-+1", "1٣", "x1", "xa", "_a", "a'b", "é", "a\u0301", "٣",
	"[", "]", ":", ",", ".", "/", "!", "?", "#", "\\", "@", "(", ")", "\x7f", "\x01",
	"\xff", "\xc3", "a\xffb", "\"\xff\"", "{\xff}", "; \xff", "1\xff", "\xe2\x82", "€",
	"[Game \"mecha\"]\ntower \"Radio Tower\" basic provide 1u durability 3\ncommand Long target unit\n  : damage 2, speed +1 ; c\n",
}

// TestCatalogueLexerSnippets checks that the fast catalogue lexer gives
// the declarative lexer's tokens, and Tokenize the same result with
// either, on the snippets alone, glued to a word and after a line end.
func TestCatalogueLexerSnippets(t *testing.T) {
	for _, src := range catalogueSnippets {
		for _, s := range []string{src, "a" + src, src + "1", "mecha Scout " + src + " x\n" + src} {
			if diff := notationtest.SameTokensAs(catalogue.CatalogueLexer, catalogue.CatalogueSpec, "f.cards", s); diff != "" {
				t.Errorf("%q: %s", s, diff)
			}
		}
	}
}

// TestCatalogueLexerRandomText does the same on random texts made of the
// snippets and of their bytes.
func TestCatalogueLexerRandomText(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 3000
	if testing.Short() {
		n = 300
	}
	bytes := strings.Join(catalogueSnippets, "")
	for range n {
		var b strings.Builder
		for range rng.IntN(12) {
			if rng.IntN(2) == 0 {
				b.WriteString(catalogueSnippets[rng.IntN(len(catalogueSnippets))])
			} else {
				b.WriteByte(bytes[rng.IntN(len(bytes))])
			}
		}
		if diff := notationtest.SameTokensAs(catalogue.CatalogueLexer, catalogue.CatalogueSpec, "f.cards", b.String()); diff != "" {
			t.Fatalf("%q: %s", b.String(), diff)
		}
	}
}

// TestCatalogueLexerOnExamples checks every shipped and example catalogue.
func TestCatalogueLexerOnExamples(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "examples", "*", "*.cards"))
	more, _ := filepath.Glob(filepath.Join("..", "..", "referee", "games", "*", "*.cards"))
	if len(paths) == 0 || len(more) < 4 {
		t.Fatalf("found %d example and %d default catalogues: the paths are wrong", len(paths), len(more))
	}
	for _, p := range append(paths, more...) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if diff := notationtest.SameTokensAs(catalogue.CatalogueLexer, catalogue.CatalogueSpec, p, string(data)); diff != "" {
			t.Errorf("%s: %s", p, diff)
		}
	}
}

// junkCatalogue is n bytes of junk after a Game tag: a lexical error on
// most lines.
func junkCatalogue(n int) string {
	rng := rand.New(rand.NewPCG(1, 1))
	const chars = "[]{}\"\n ;:,!@#$%^&*()abcXYZ0123456789\\"
	b := []byte("[Game \"mecha\"]\n")
	for range n {
		b = append(b, chars[rng.IntN(len(chars))])
	}
	return string(b)
}

// TestJunkCatalogueCountsEveryError checks that a junk catalogue keeps
// the first errors and counts the rest, the same as with no limit.
func TestJunkCatalogueCountsEveryError(t *testing.T) {
	src := junkCatalogue(256 << 10)
	all, allErrs := catalogue.ParseCatalogueWithin("junk.cards", src, notation.Limits{MaxErrors: -1})
	kept, keptErrs := catalogue.ParseCatalogue("junk.cards", src)
	if all.Dropped != 0 || len(allErrs) < 1000 {
		t.Fatalf("with no limit: %d errors, %d dropped", len(allErrs), all.Dropped)
	}
	if len(keptErrs) != 100 || len(keptErrs)+kept.Dropped != len(allErrs) {
		t.Errorf("kept %d and dropped %d of %d errors, want 100 kept", len(keptErrs), kept.Dropped, len(allErrs))
	}
	for i, e := range keptErrs {
		if *e != *allErrs[i] {
			t.Fatalf("error %d: %v, want %v", i, e, allErrs[i])
		}
	}
}

// BenchmarkJunkCatalogue parses junk catalogues of 64 KB and 1 MB: the
// time a byte should be the same.
func BenchmarkJunkCatalogue(b *testing.B) {
	for _, size := range []int{64 << 10, 1 << 20} {
		src := junkCatalogue(size)
		b.Run(fmt.Sprintf("%dKB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				catalogue.ParseCatalogue("junk.cards", src)
			}
		})
	}
}
