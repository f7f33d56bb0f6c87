package grammar

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tabletop-referee/referee/notation"
)

// BenchmarkBuild builds each game's grammar and parses a small example
// with it, as the first file of a process does: participle builds the
// move types that file's words may begin (taggrammar.Union), the most of
// the start of a small check after kong's parse of the command line.
func BenchmarkBuild(b *testing.B) {
	for _, g := range []struct {
		name, example string
		build         func() (*notation.Grammar, error)
	}{
		{"sortie", "ann-wins.sortie", buildSortie},
		{"mecha", "command-after-discard.mecha", buildMecha},
		{"mod", "position-ejected-reshuffle.mod", buildMod},
		{"daemon", "seat-assumed.daemon", buildDaemon},
		{"void", "ann-wins-life.void", buildVoid},
	} {
		path := filepath.Join("..", "examples", g.name, g.example)
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(g.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				grammar, err := g.build()
				if err != nil {
					b.Fatal(err)
				}
				if p := grammar.Parse(path, string(src)); len(p.Errors) > 0 {
					b.Fatal(p.Errors[0])
				}
			}
		})
	}
}
