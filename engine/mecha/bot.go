package mecha

import (
	"slices"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// The weights of Evaluate, in direct attacks: a card in the damage zone
// is worth 1, and five of them lose.
const (
	evalTower      = 0.25 // a tower standing: room and bandwidth for mechas
	evalProvide    = 0.1  // a unit of bandwidth a tower provides
	evalMecha      = 0.3  // a mecha on the board
	evalPower      = 0.1  // a point of a mecha's power
	evalCounter    = 0.05 // a durability or armour counter on a unit
	evalAdvance    = 0.3  // a mecha with power all the way to the opposing entry zone, whence it attacks directly
	evalHandCard   = 0.08 // a card in hand
	evalHandCap    = MaxHandSize + 2
	evalShortDeck  = 0.3 // each card the deck is short of evalDeckMargin: a player who cannot draw loses
	evalDeckMargin = 3
	evalScale      = 0.5 // how fast the sum nears ±1
)

// Evaluate says how well player stands (engine.Evaluator): 1 for a game
// they have won, -1 for one they have lost, otherwise strictly between.
// Mecha is won by five direct attacks, so each card in a player's damage
// zone counts most, against them; then what attacks and what holds: the
// mechas on the board by power, durability and armour counters, and by
// how far they have come toward the opposing entry zone, whence a direct
// attack is made; the towers, by their counters and the bandwidth they
// provide; the cards in hand, counted (the other hand is face down); and
// a deck close to empty, since a player who cannot draw loses. Both
// players are weighed alike and the difference squashed into (-1, 1), so
// that one player's value is the negation of the other's. It allocates
// nothing.
func (s *State) Evaluate(player int) float64 {
	if s.outcome.Over {
		return s.outcome.Value(player)
	}
	return engine.Squash(evalScale * (s.standing(player) - s.standing(1-player)))
}

// standing is player's side of Evaluate, in direct attacks.
func (s *State) standing(player int) float64 {
	pl := s.players[player]
	v := -float64(len(pl.damage))
	goal := EntryRank(1 - player)
	for i, u := range &s.board {
		if u == nil || u.Owner != player {
			continue
		}
		v += evalCounter * float64(u.Durability+u.Armour)
		if u.Card.Kind == Tower {
			v += evalTower + evalProvide*float64(u.Keywords().Provide)
			continue
		}
		power := u.Power()
		v += evalMecha + evalPower*float64(power)
		if power > 0 {
			left := Board.Square(i).Rank - goal
			if left < 0 {
				left = -left
			}
			v += evalAdvance * float64(Board.Ranks-1-left) / float64(Board.Ranks-1)
		}
	}
	v += evalHandCard * float64(min(len(pl.hand), evalHandCap))
	if pl.chosen {
		if short := evalDeckMargin - s.deckLen(player); short > 0 {
			v -= evalShortDeck * float64(short)
		}
	}
	return v
}

// Determinize returns a copy of the game as seat could believe it to be
// (engine.Determinizer). Each player draws from a deck of their own. The
// draws a seed owes at the set-up (the decks chosen, the opening hands)
// are made first, as Hand shows them; seat's deck then keeps its cards in
// a new random order, which seat does not know, but for the card of a
// turn's draw seat is about to make, which Legal already shows it; the
// other player's hand, deck and any hand set aside by a mulligan are
// pooled and dealt again at random, each keeping its size. The units,
// the placed commands, the graveyards and damage zones and seat's hand
// are unchanged. Each player's later shuffles draw on a generator taken
// from rng, not the game's seed. Two things seat may know are not kept:
// a deck list chosen out of seat's sight is taken as the deck's actual
// cards, and a hand shown by a reveal effect is dealt again like any
// other. A game whose cards were written unknown (a ledger, package
// hidden), a position still being declared and a finished game are
// returned as a plain Clone: bots play seeded games.
func (s *State) Determinize(seat int, rng *shuffle.Source) engine.State {
	c := s.clone()
	if s.led != nil || s.pos != nil || s.outcome.Over {
		return c
	}
	c.rec = nil
	keep := 0
	if c.seeded {
		for p := range c.players {
			if c.choose(p) == nil {
				c.settleOwed(p)
			}
		}
		if c.outcome.Over {
			return c
		}
		// Seat's turn draw, made before its first move, which Legal
		// lists; at the set-up, the first turn's.
		if c.toMove == seat && (c.drawPhase || c.setup && !c.rules.firstNoDraw) {
			keep = 1
		}
	}
	own, other := c.players[seat], c.players[1-seat]
	if len(own.deck) > keep {
		shuffle.Shuffle(rng, own.deck[keep:])
	}
	held, aside := len(other.hand), len(other.aside)
	pool := slices.Concat(other.hand, other.aside, other.deck)
	shuffle.Shuffle(rng, pool)
	other.hand = slices.Clone(pool[:held])
	if other.aside != nil {
		other.aside = slices.Clone(pool[held : held+aside])
	}
	other.deck = pool[held+aside:]
	other.recent = nil // the cards an effect drew are dealt again with the hand
	for _, pl := range c.players {
		if pl.rng != nil {
			pl.rng = shuffle.New(rng.Uint64())
		} else {
			// An unseeded deck is kept sorted: a draw names its card.
			slices.Sort(pl.deck)
		}
	}
	return c
}

var (
	_ engine.Evaluator    = (*State)(nil)
	_ engine.Determinizer = (*State)(nil)
)
