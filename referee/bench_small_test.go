package referee_test

import (
	"os"
	"testing"

	"github.com/tabletop-referee/referee/referee"
)

// BenchmarkCheckSmallExample checks one example a game, as written by
// hand (its comments among its moves), warm: the work of a check of one
// small file, the process's start apart (BenchmarkStartup has that).
func BenchmarkCheckSmallExample(b *testing.B) {
	for _, f := range []string{
		"../examples/sortie/illegal-moves-twice.sortie",
		"../examples/mecha/armour-pierce.mecha",
		"../examples/mod/ann-wins.mod",
		"../examples/daemon/ann-wins-security.daemon",
		"../examples/void/advance.void",
	} {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		g, err := referee.Detect(f, string(src))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(g.Name(), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				_ = referee.ReportText(g.Check(f, string(src), referee.Options{}))
			}
		})
	}
}
