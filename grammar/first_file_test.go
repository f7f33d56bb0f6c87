package grammar

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
)

// A grammar's move parser is built at its first file, of the move types
// that file's words may begin (taggrammar.Union): each example, the first
// file of a grammar of its own, parses as the whole file does with the
// parser of every type. (A move that the first parser cannot parse makes
// the parser every type's, or the file parse whole, with the same tree:
// notation's tests hold the first to parsing piece by piece.)
func TestEachExampleParsesFirstAsTheWholeFile(t *testing.T) {
	for game, build := range map[string]func() (*notation.Grammar, error){
		"sortie": buildSortie, "mecha": buildMecha, "mod": buildMod, "daemon": buildDaemon, "void": buildVoid,
	} {
		paths, err := filepath.Glob(filepath.Join("..", "examples", game, "*."+game))
		if err != nil || len(paths) == 0 {
			t.Fatalf("%s: no examples (%v)", game, err)
		}
		whole, err := build()
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range paths {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			src := string(b)
			want := whole.ParseWholeFile(path, src)
			if len(want.Errors) > 0 {
				continue // an example of a syntax error
			}
			first, err := build()
			if err != nil {
				t.Fatal(err)
			}
			got := first.Parse(path, src)
			if len(got.Errors) > 0 {
				t.Errorf("%s: %v", path, got.Errors[0])
				continue
			}
			if g, w := notationtest.PlacesOf(got, src), notationtest.PlacesOf(want, src); !slices.Equal(g, w) {
				t.Errorf("%s: first\n%s\nwant\n%s", path, strings.Join(g, "\n"), strings.Join(w, "\n"))
			}
		}
	}
}
