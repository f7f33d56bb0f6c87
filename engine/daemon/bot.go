package daemon

import (
	"slices"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// The weights of Evaluate, in security cards: a player who takes damage
// with none left loses.
const (
	evalDaemon    = 0.3  // a daemon on the field: it attacks and, ready, threatens
	evalPower     = 0.1  // a point of a daemon's power, its owner's bonuses included
	evalReady     = 0.1  // a daemon ready to attack now
	evalScript    = 0.2  // a script in the script zone, with its bonus or its trash effect
	evalGripCard  = 0.1  // a card in the grip
	evalGripCap   = 8    // grip cards past this add nothing
	evalMemory    = 0.04 // a point of memory on a player's side of the gauge
	evalEmptyDeck = 0.5  // an empty deck: a damage at the start of each turn
	evalScale     = 0.5  // how fast the sum nears ±1
)

// Evaluate says how well player stands (engine.Evaluator): 1 for a game
// they have won, -1 for one they have lost, otherwise strictly between.
// Daemon is lost by taking damage with no security left, so the security
// cards each player has count most, less the damage still to be revealed
// against them; then what deals damage and stops it: the daemons on the
// field by power (bonuses included) and readiness, the scripts, the
// cards in the grip (counted: the other grip is face down), the memory on
// each player's side of the gauge, which pays for the rest of a turn,
// and an empty deck, which deals a damage each turn. Both players are
// weighed alike and the difference squashed into (-1, 1), so that one
// player's value is the negation of the other's. It allocates nothing.
func (s *State) Evaluate(player int) float64 {
	if s.outcome.Over {
		return s.outcome.Value(player)
	}
	return engine.Squash(evalScale * (s.standing(player) - s.standing(1-player)))
}

// standing is player's side of Evaluate, in security cards.
func (s *State) standing(player int) float64 {
	pl := s.players[player]
	v := float64(len(pl.security))
	if d := s.damage; d != nil && d.to == player {
		v -= float64(d.left)
	}
	power := s.bonuses(player).Power
	for _, d := range pl.daemons {
		v += evalDaemon + evalPower*float64(max(d.Card.Power+power, 0))
		if d.Ready && !d.Sick {
			v += evalReady
		}
	}
	v += evalScript * float64(len(pl.scripts))
	v += evalGripCard * float64(min(len(pl.grip), evalGripCap))
	memory := s.memory // as the active player sees it
	if player != s.active {
		memory = -memory
	}
	v += evalMemory * float64(memory)
	if !s.setup && len(pl.deck) == 0 {
		v -= evalEmptyDeck
	}
	return v
}

// Determinize returns a copy of the game as seat could believe it to be
// (engine.Determinizer). Each player's cards stay theirs: seat's deck and
// security, face down to seat as to everyone, are pooled and dealt again
// at random, each keeping its size; the other player's grip, deck and
// security likewise. The field, the heaps, the script zones, the modules,
// the gauge and seat's grip are unchanged, and so is the damage still to
// be revealed, which reveals the new top of the security. Later shuffles
// (a mulligan's) draw on a generator taken from rng, not the game's seed.
// One thing seat may know is not kept: a daemon that went from a
// revealed security card to the other grip is dealt again like the rest
// of that grip. A game without a seed (its cards kept in a ledger,
// package hidden), a position still being declared and a finished game
// are returned as a plain Clone: bots play seeded games.
func (s *State) Determinize(seat int, rng *shuffle.Source) engine.State {
	c := s.clone()
	if s.ledger != nil || s.declaring() || s.outcome.Over {
		return c
	}
	for p, pl := range c.players {
		var grip []string
		if p != seat {
			grip = pl.grip
		}
		pool := slices.Concat(grip, pl.security, pl.deck)
		shuffle.Shuffle(rng, pool)
		g, sec := len(grip), len(pl.security)
		if p != seat {
			pl.grip = slices.Clone(pool[:g])
		}
		if pl.security != nil {
			pl.security = slices.Clone(pool[g : g+sec])
		}
		pl.deck = pool[g+sec:]
	}
	c.src = shuffle.New(rng.Uint64())
	return c
}

var (
	_ engine.Evaluator    = (*State)(nil)
	_ engine.Determinizer = (*State)(nil)
)
