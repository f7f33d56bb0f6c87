package enginetest

import (
	"runtime"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// BenchApply records games (start(g) begins game g, pick chooses each
// move, at most 400 a game), then times Apply alone replaying them on
// fresh starts: the engine's part of a check, without the notation's.
// It reports moves a second and allocations a move.
func BenchApply(b *testing.B, games int, start func(g int) engine.State, pick func(rng *shuffle.Source, st engine.State) engine.Move) {
	b.Helper()
	type by struct {
		player int
		m      engine.Move
	}
	recorded := make([][]by, games)
	n := 0
	for g := range games {
		st := start(g)
		rng := shuffle.New(uint64(g))
		for step := 0; step < 400 && !st.Outcome().Over; step++ {
			m := pick(rng, st)
			recorded[g] = append(recorded[g], by{st.ToMove(), m})
			if err := st.Apply(st.ToMove(), m); err != nil {
				b.Fatal(err)
			}
		}
		n += len(recorded[g])
	}
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		for g, moves := range recorded {
			st := start(g)
			for _, m := range moves {
				if err := st.Apply(m.player, m.m); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	runtime.ReadMemStats(&after)
	moves := float64(n) * float64(b.N)
	b.ReportMetric(moves/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/moves, "allocs/move")
}
