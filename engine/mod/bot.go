package mod

import (
	"slices"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// The weights of Evaluate, in points of durability.
const (
	evalFuel       = 0.15 // a fuel: what pays for a card as it resolves
	evalFuelCap    = 10   // fuel past this adds nothing
	evalUpgrade    = 0.6  // an upgrade in the play area: a shield against a hit
	evalHandCard   = 0.3  // a card in hand: something to assign
	evalHandCap    = 8    // hand cards past this add nothing
	evalOwnedCard  = 0.05 // a card in the personal deck or discard pile: the deck built
	evalStackHit   = 0.5  // a point of damage an action assigned to the stack will deal, unless shielded
	evalStackCard  = 0.4  // an upgrade assigned, or an action's other abilities
	evalStackOther = 0.15 // a card ejected (a draw or a fuel to come) or drafted (a card gained)
	evalPending    = 0.7  // a point of damage a shield may still prevent
	evalScale      = 0.15 // how fast the sum nears ±1: ten points of durability make about 0.6
)

// Evaluate says how well player stands (engine.Evaluator): 1 for a game
// they have won, -1 for one they have lost, otherwise strictly between.
// Mod is won by bringing the other robot's durability to 0, so each
// point of durability counts most; then the damage on its way, the
// stack's assigned actions (face up) that will deal it and the damage a
// shield may still prevent; the upgrades in the play area, whose shields
// prevent it; the fuel that pays for cards; and the cards: in hand
// (counted, since the other hand is face down), in the stack (a card
// ejected face down is counted, never read), and in the personal deck
// and discard pile, the deck a player has built. Both players are
// weighed alike and the difference squashed into (-1, 1), so that one
// player's value is the negation of the other's. It allocates nothing.
func (s *State) Evaluate(player int) float64 {
	if s.outcome.Over {
		return s.outcome.Value(player)
	}
	return engine.Squash(evalScale * (s.standing(player) - s.standing(1-player)))
}

// standing is player's side of Evaluate, in points of durability.
func (s *State) standing(player int) float64 {
	pl := s.players[player]
	v := float64(pl.durability)
	v += evalFuel * float64(min(pl.fuel, evalFuelCap))
	v += evalUpgrade * float64(len(pl.play))
	v += evalHandCard * float64(min(len(pl.hand), evalHandCap))
	v += evalOwnedCard * float64(len(pl.deck)+len(pl.discard))
	for _, sl := range s.stack {
		if sl.Owner != player {
			continue
		}
		if sl.How != Assigned {
			v += evalStackOther
			continue
		}
		c, ok := s.cards.Card(sl.Card)
		if !ok {
			continue
		}
		v += evalStackCard
		for _, a := range c.Abilities {
			if a.Op == OpDamage {
				v += evalStackHit * float64(a.N)
			}
		}
	}
	if s.phase == ShieldChoice && s.damage.to == player {
		v -= evalPending * float64(s.damage.amount)
	}
	return v
}

// Determinize returns a copy of the game as seat could believe it to be
// (engine.Determinizer). Three groups of cards are hidden from seat, and
// each is dealt again at random within itself, every place keeping its
// size: the other player's cards out of sight (their hand, their
// personal deck and the cards they ejected face down, in the stack or
// waiting for their choice); seat's own personal deck, whose order seat
// does not know; and the shared decks under their face-up top cards,
// pooled, since which third a card was dealt to is never seen. The top
// cards, the shared and personal discard piles, the play areas, the
// face-up cards of the stack and seat's hand are unchanged. Later
// reshuffles draw on a generator taken from rng, not the game's seed.
// One thing seat cannot know is not hidden: a card the other player
// ejected, once it has reached their discard pile, is left there by name.
// A game without a seed (its cards kept in a ledger, package hidden), a
// position still being declared and a finished game are returned as a
// plain Clone: bots play seeded games.
func (s *State) Determinize(seat int, rng *shuffle.Source) engine.State {
	c := s.clone()
	if s.u != nil || s.decl != nil || s.outcome.Over {
		return c
	}
	c.recording, c.log = false, nil
	other := c.players[1-seat]
	var ejected []*string
	for i := range c.stack {
		if sl := &c.stack[i]; sl.Owner == 1-seat && sl.How == Ejected {
			ejected = append(ejected, &sl.Card)
		}
	}
	if c.phase == EjectChoice && !c.acted && c.ejected.Owner == 1-seat {
		ejected = append(ejected, &c.ejected.Card)
	}
	pool := slices.Concat(other.hand, other.deck)
	for _, card := range ejected {
		pool = append(pool, *card)
	}
	shuffle.Shuffle(rng, pool)
	held, deck := len(other.hand), len(other.deck)
	other.hand = slices.Clone(pool[:held])
	other.deck = slices.Clone(pool[held : held+deck])
	for i, card := range ejected {
		*card = pool[held+deck+i]
	}
	shuffle.Shuffle(rng, c.players[seat].deck)
	var under []string
	for _, d := range c.shared {
		if len(d.Deck) > 1 {
			under = append(under, d.Deck[1:]...)
		}
	}
	shuffle.Shuffle(rng, under)
	for _, d := range c.shared {
		if len(d.Deck) > 1 {
			under = under[copy(d.Deck[1:], under):]
		}
	}
	c.src = shuffle.New(rng.Uint64())
	return c
}

var (
	_ engine.Evaluator    = (*State)(nil)
	_ engine.Determinizer = (*State)(nil)
)
