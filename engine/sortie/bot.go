package sortie

import (
	"slices"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// The weights of Evaluate, in flags: a captured flag is worth 1.
const (
	evalOnFlag    = 0.6  // a unit on a standing opposing flag: captured at the end of a turn, unless struck first
	evalNextFlag  = 0.2  // a unit one step from a standing opposing flag
	evalUnit      = 0.25 // a unit on the board, whatever its cards
	evalStrength  = 0.02 // each point of a unit's attack and hit points
	evalShield    = 0.08 // a unit's shield: one more blow to take
	evalHandCard  = 0.05 // a card in hand: half a unit to come
	evalHandLimit = 8    // hand cards past this many add nothing
	evalScale     = 0.6  // how fast the sum of the above nears ±1
)

// Evaluate says how well player stands (engine.Evaluator): 1 for a game
// they have won, -1 for one they have lost, otherwise strictly between.
// It weighs what the rules make the goal, the three opposing flags: the
// flags each side has captured count most, then its units standing on a
// standing opposing flag (the flag falls at the end of a turn) or one step
// from one; then the means to get there: the units on the board, their
// attack and hit points and their shields, and the cards in hand, counted
// only (an opponent's hand is face down). Both sides are weighed alike
// and the difference squashed into (-1, 1), so that the value for one
// player is the negation of the other's. It reads the board as it is,
// without making a seed's owed draws, and allocates nothing.
func (s *State) Evaluate(player int) float64 {
	if s.outcome.Over {
		return s.outcome.Value(player)
	}
	return engine.Squash(evalScale * (s.standing(player) - s.standing(1-player)))
}

// standing is player's side of Evaluate, in flags.
func (s *State) standing(player int) float64 {
	v := float64(len(s.captured[player]))
	targets := s.flags[1-player]
	for i, u := range s.board {
		if u == nil || u.Owner != player {
			continue
		}
		v += evalUnit + evalStrength*float64(s.Value(u.Top)+s.Value(u.Bottom))
		if u.Shield {
			v += evalShield
		}
		sq := grid4().Square(i)
		near := 99
		for _, f := range targets {
			near = min(near, grid.Manhattan(sq, f))
		}
		switch near {
		case 0:
			v += evalOnFlag
		case 1:
			v += evalNextFlag
		}
	}
	// The hand is counted, named cards and cards nobody recorded alike.
	v += evalHandCard * float64(min(len(s.hands[player])+len(s.hid[player]), evalHandLimit))
	return v
}

// Determinize returns a copy of the game as seat could believe it to be
// (engine.Determinizer): the draws a seed owes are made first, as Hand
// and Legal show them; then the cards hidden from seat, the other
// player's hand and the deck, are pooled and dealt again at random, the
// hand keeping its size and the rest becoming the deck. Seat's own hand,
// the units, the discard pile and the flags are unchanged; a later
// reshuffle (empty=reshuffle) draws on a generator taken from rng, not
// the game's seed, which would tell the deck's order. A game whose cards
// were written unknown (a ledger, package hidden) or a position still
// being declared is returned as a plain Clone, the cards its hands could
// hold being no one pool to deal from, and so is a finished game. Bots
// play seeded games.
func (s *State) Determinize(seat int, rng *shuffle.Source) engine.State {
	if s.ledger != nil || s.decl != nil || s.outcome.Over {
		return s.clone()
	}
	c := s.clone()
	c.recording, c.record = false, nil
	c.settle()
	other := 1 - seat
	pool := append(slices.Clone(c.hands[other]), c.deck...)
	shuffle.Shuffle(rng, pool)
	held := len(c.hands[other])
	c.hands[other] = slices.Clone(pool[:held])
	c.deck = pool[held:]
	if c.seeded {
		c.rng = shuffle.New(rng.Uint64())
	} else {
		// An unseeded deck is kept sorted: a draw names its card.
		slices.SortFunc(c.deck, compareCards)
	}
	return c
}

var (
	_ engine.Evaluator    = (*State)(nil)
	_ engine.Determinizer = (*State)(nil)
)
