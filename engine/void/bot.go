package void

import (
	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// The weights of Evaluate, in points of life.
const (
	evalNoLife     = 20   // the life a player without declared life counts as: they cannot lose
	evalEnergy     = 0.15 // a void energy: a card's cost is one to three
	evalEnergyCap  = 15   // energy past this adds nothing
	evalIncome     = 0.5  // a void energy more each turn
	evalUnit       = 0.3  // a unit in play
	evalPower      = 0.6  // a point of a unit's power: what its attack takes from a life
	evalHealthLeft = 0.3  // a point of health left to a unit
	evalModifier   = 0.5  // a modification in play, besides its income
	evalHandCard   = 0.4  // a card in hand: something to play, or energy to convert
	evalHandCap    = 10   // hand cards past this add nothing
	evalScale      = 0.15 // how fast the sum nears ±1: ten points of life make about 0.6
)

// Evaluate says how well player stands (engine.Evaluator): 1 for a game
// they have won, -1 for one they have lost, otherwise strictly between.
// Void is won by bringing the other player's life to 0 (ruling V28), so
// life counts most, a point of life each; then what takes life and keeps
// it: the units in play, by power and health left, the modifications,
// the void energy in hand and the income that brings more each turn, and
// the number of cards in hand (the other hand's cards are hidden, their
// number is not). Both players are weighed alike and the difference
// squashed into (-1, 1), so that one player's value is the negation of
// the other's. It allocates nothing.
func (s *State) Evaluate(player int) float64 {
	if s.outcome.Over {
		return s.outcome.Value(player)
	}
	return engine.Squash(evalScale * (s.standing(player) - s.standing(1-player)))
}

// standing is player's side of Evaluate, in points of life.
func (s *State) standing(player int) float64 {
	pl := &s.players[player]
	life := evalNoLife
	if pl.hasLife {
		life = min(pl.life, evalNoLife)
	}
	income := pl.income
	v := float64(life) + evalEnergy*float64(min(pl.energy, evalEnergyCap))
	for i := range s.perms {
		pm := &s.perms[i]
		if pm.owner != player {
			continue
		}
		income += pm.card.Income
		switch pm.card.Kind {
		case Unit:
			v += evalUnit + evalPower*float64(pm.card.Power) + evalHealthLeft*float64(max(pm.card.Health-pm.damage, 0))
		case Modification:
			v += evalModifier
		}
	}
	v += evalIncome * float64(income)
	v += evalHandCard * float64(min(len(pl.hand), evalHandCap))
	return v
}

// Determinize returns a copy of the game as seat could believe it to be
// (engine.Determinizer). Void has no deck: the one thing hidden from a
// seat is the other player's hand, every other card being face up (in
// play, in a cache, in the queue, or named as it leaves the hand). So the
// other hand's cards are drawn again, each at random from the catalogue
// as the seeded set-up draws a hand, but never a copy more than the
// catalogue gives of a card (ruling V36) counting the copies seat sees;
// during the set-up, so is the other player's hand the seed has planned
// and not yet dealt. The hand keeps its size, and everything else is
// unchanged. A game whose cards were written unknown (a ledger, package
// hidden) and a finished game are returned as a plain Clone: bots play
// seeded games.
func (s *State) Determinize(seat int, rng *shuffle.Source) engine.State {
	c := s.clone()
	if s.hid != nil || s.outcome.Over {
		return c
	}
	other := 1 - seat
	var seen map[string]int // nil while the catalogue limits no card
	if s.cards.limited {
		seen = s.seenCopies(seat)
	}
	hand := c.players[other].hand
	for i := range hand {
		hand[i] = c.drawAny(rng, seen, hand[i])
	}
	if c.planned >= 0 && c.planned <= plannedHandStep(other) {
		for i, name := range c.plan[other] {
			c.plan[other][i] = c.drawAny(rng, seen, name)
		}
	}
	return c
}

// seenCopies counts, of each card the catalogue limits, the copies seat
// sees: in its hand, in the caches, in play and in the queue.
func (s *State) seenCopies(seat int) map[string]int {
	seen := map[string]int{}
	limited := func(name string) {
		if c, ok := s.cards.Card(name); ok && c.Copies > 0 {
			seen[name]++
		}
	}
	for _, name := range s.players[seat].hand {
		limited(name)
	}
	for _, pl := range s.players {
		for _, name := range pl.cache {
			limited(name)
		}
	}
	for _, pm := range s.perms {
		limited(pm.card.Name)
	}
	for _, a := range s.queue {
		if a.kind == "play" {
			limited(a.card.Name)
		}
	}
	return seen
}

// drawAny draws a card at random from the catalogue, among those with a
// copy left, and counts it; old, the card it stands for, when none has.
// With seen nil no card is limited, and any may be drawn.
func (s *State) drawAny(rng *shuffle.Source, seen map[string]int, old string) string {
	if seen == nil {
		return s.cards.all[rng.Intn(len(s.cards.all))].Name
	}
	free := make([]*Card, 0, len(s.cards.all))
	for _, c := range s.cards.all {
		if c.Copies == 0 || seen[c.Name] < c.Copies {
			free = append(free, c)
		}
	}
	if len(free) == 0 {
		return old
	}
	c := free[rng.Intn(len(free))]
	if c.Copies > 0 {
		seen[c.Name]++
	}
	return c.Name
}

var (
	_ engine.Evaluator    = (*State)(nil)
	_ engine.Determinizer = (*State)(nil)
)
