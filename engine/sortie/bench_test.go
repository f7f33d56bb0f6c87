package sortie

import (
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/bot"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// BenchmarkApply replays random seeded games, recorded beforehand, with
// Apply alone: the engine's part of a check. The games are played as
// referee random plays them: a kind of move first, the end of the turn
// a third as likely as each other kind, then a move of that kind.
func BenchmarkApply(b *testing.B) {
	start := func(g int) engine.State {
		st, err := Game{}.New(engine.Options{Seeded: true, Seed: uint64(700 + g)})
		if err != nil {
			b.Fatal(err)
		}
		return st
	}
	enginetest.BenchApply(b, 50, start, func(rng *shuffle.Source, st engine.State) engine.Move { return bot.Pick(rng, st.Legal()) })
}
