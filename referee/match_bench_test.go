package referee

import (
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/bot"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// midGame starts a game of g from seed and plays random moves (as random
// games do) for the given number of turns: a position in which a bot has
// something to decide.
func midGame(tb testing.TB, g Game, seed uint64, turns int) engine.State {
	tb.Helper()
	b := g.(interface{ rulesForBots() engine.Game }).rulesForBots()
	st, err := b.New(engine.Options{Players: []string{"Ann", "Ben"}, Seeded: true, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	rng := shuffle.New(seed)
	for moves := 0; st.Turn() <= turns && !st.Outcome().Over && moves < 10000; moves++ {
		if err := bot.Play(st, bot.Pick(rng, st.Legal())); err != nil {
			tb.Fatal(err)
		}
	}
	return st
}

// BenchmarkDecision times one mcts decision at the default budget in each
// game, from a position a few turns in: it must stay under a second on a
// small machine (docs/bots.md).
func BenchmarkDecision(b *testing.B) {
	for _, g := range Games() {
		b.Run(g.Name(), func(b *testing.B) {
			var states []engine.State
			for seed := uint64(1); len(states) < 8 && seed < 100; seed++ {
				st := midGame(b, g, seed, 4)
				if !st.Outcome().Over && len(st.Legal()) > 1 {
					states = append(states, st)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				st := states[i%len(states)]
				bot.NewMCTS(bot.Config{Seed: uint64(i)}).Choose(st, st.ToMove())
			}
		})
	}
}
