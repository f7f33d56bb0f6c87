package sortie

import (
	"runtime"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/bot"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// BenchmarkApply replays random seeded games, recorded beforehand, with
// Apply alone: the engine's part of a check. The games are played as
// referee random plays them: a kind of move first, the end of the turn
// a third as likely as each other kind, then a move of that kind.
func BenchmarkApply(b *testing.B) {
	type by struct {
		player int
		m      engine.Move
	}
	type game struct {
		seed  uint64
		moves []by
	}
	var games []game
	n := 0
	for g := range 50 {
		gm := game{seed: uint64(700 + g)}
		st, err := Game{}.New(engine.Options{Seeded: true, Seed: gm.seed})
		if err != nil {
			b.Fatal(err)
		}
		rng := shuffle.New(uint64(g))
		for step := 0; step < 400 && !st.Outcome().Over; step++ {
			m := bot.Pick(rng, st.Legal())
			gm.moves = append(gm.moves, by{st.ToMove(), m})
			if err := st.Apply(st.ToMove(), m); err != nil {
				b.Fatal(err)
			}
		}
		games = append(games, gm)
		n += len(gm.moves)
	}
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		for _, gm := range games {
			st, _ := Game{}.New(engine.Options{Seeded: true, Seed: gm.seed})
			for _, m := range gm.moves {
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
