package mecha

import (
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee/catalogue"
)

// playedStates plays random games of the default catalogue, seeded and
// not, and gives the last state of each.
func playedStates(tb testing.TB, games int) []engine.State {
	tb.Helper()
	cat, _, errs, _ := catalogue.Read("mecha.cards", mechaCatalogue)
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	game, _ := loadMecha(cat)
	var states []engine.State
	for seed := range uint64(games) {
		st, err := game.New(engine.Options{Players: []string{"Ann", "Ben"}, Seeded: seed%4 != 0, Seed: seed})
		if err != nil {
			tb.Fatal(err)
		}
		rng := shuffle.New(seed)
		for n := 0; n < 600 && !st.Outcome().Over; n++ {
			moves := append(st.Legal(), engine.EndTurn{})
			if err := st.Apply(st.ToMove(), moves[rng.Uint64()%uint64(len(moves))]); err != nil {
				st.Apply(st.ToMove(), engine.EndTurn{})
			}
		}
		states = append(states, st)
	}
	return states
}

// TestWrittenName: a card's name is written as MechaName.String writes
// it, the first time and after.
func TestWrittenName(t *testing.T) {
	for range 2 {
		for _, name := range []string{"Scout", "Radio Tower", "?", "scout", "Jason \"The Looks\" Brannan", "Ä", "É1", "A_b'", "", "x\ty", "Zoë"} {
			if got, want := writtenName(name), grammar.MechaName(name).String(); got != want {
				t.Errorf("writtenName(%q) = %s, want %s", name, got, want)
			}
		}
	}
}

// BenchmarkDescribe describes the final states of random games, as a
// check does.
func BenchmarkDescribe(b *testing.B) {
	states := playedStates(b, 100)
	players := []string{"Ann", "Ben"}
	b.ResetTimer()
	for range b.N {
		for _, st := range states {
			mechaDescribe(st, players)
		}
	}
}
