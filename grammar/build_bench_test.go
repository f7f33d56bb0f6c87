package grammar

import (
	"testing"

	"github.com/tabletop-referee/referee/notation"
)

// BenchmarkBuild builds each game's grammar, as the first file of the
// game a process meets does: participle's build of the moves, the most
// of the start of a small check after kong's parse of the command line.
func BenchmarkBuild(b *testing.B) {
	for _, g := range []struct {
		name  string
		build func() (*notation.Grammar, error)
	}{
		{"sortie", buildSortie}, {"mecha", buildMecha}, {"mod", buildMod}, {"daemon", buildDaemon}, {"void", buildVoid},
	} {
		b.Run(g.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := g.build(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
