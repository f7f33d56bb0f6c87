package bot

import (
	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// Greedy looks one move ahead: it makes each legal move on a copy of the
// state and keeps the one after which its seat stands best
// (engine.Evaluator), choosing among equals at random. On a state with
// hidden cards (engine.Determinizer) the copies are worlds its seat
// cannot tell from the real one, Worlds of them, and a move's value is
// its mean over them: the real state's hidden cards would show in a
// move's outcome. On a state that cannot evaluate itself it plays as
// Random does.
type Greedy struct{ rng *shuffle.Source }

// Worlds is the number of worlds greedy judges a move in, in a game with
// hidden cards.
const Worlds = 8

// NewGreedy makes a greedy bot.
func NewGreedy(c Config) *Greedy { return &Greedy{rng: shuffle.New(c.Seed)} }

// Name is "greedy".
func (*Greedy) Name() string { return "greedy" }

// Choose returns the legal move after which seat stands best.
func (g *Greedy) Choose(st engine.State, seat int) engine.Move {
	legal := st.Legal()
	if _, ok := st.(engine.Evaluator); !ok || len(legal) < 2 {
		return Pick(g.rng, legal)
	}
	legal = Own(st, seat, legal)
	// Values closer than this are equal: an evaluation's rounding should
	// not decide between two moves.
	const tie = 1e-9
	worlds := []engine.State{st}
	if det, ok := st.(engine.Determinizer); ok {
		worlds = worlds[:0]
		for range Worlds {
			worlds = append(worlds, det.Determinize(seat, g.rng))
		}
	}
	var best []engine.Move
	bestValue := -2.0
	for _, m := range legal {
		v, n := 0.0, 0
		for _, w := range worlds {
			c := w.Clone()
			if Play(c, m) != nil {
				continue // not a move in this world (a card it dealt elsewhere)
			}
			v += Evaluate(c, seat)
			n++
		}
		if n == 0 {
			continue
		}
		v /= float64(n)
		switch {
		case v > bestValue+tie:
			best, bestValue = append(best[:0], m), v
		case v >= bestValue-tie:
			best = append(best, m)
		}
	}
	if len(best) == 0 {
		return Pick(g.rng, legal)
	}
	return best[g.rng.Intn(len(best))]
}
