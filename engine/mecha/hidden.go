package mecha

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/hidden"
)

// Unknown is the name of a card nobody recorded, written ?: a card drawn
// unseen (ruling M41), or the unknown part of a deck list (ruling M45).
const Unknown = hidden.Unknown

// Hidden cards (rulings M41 to M45). An unseeded game keeps a ledger with
// one pool per player's deck. A player's deck field then holds the pool's
// world: the cards left in the deck and those drawn unseen, which are
// still any of them; the hand holds Unknown for each card drawn unseen,
// and unseen the ledger's cards for them. A deck list that is partly
// unknown makes the world larger than the deck by the player's surplus:
// every card the deck rules would let the unknown part be.

// hasLedger tells whether p's deck is a pool of the ledger.
func (s *State) hasLedger(p int) bool { return s.players[p].pooled }

// newPool makes p's deck, as it now stands, a pool of the ledger. A pool
// is made at the first card drawn unseen from the deck: until then every
// card is known, the deck is what the record says, and a game recorded in
// full keeps no ledger at all.
func (s *State) newPool(p int) {
	if s.led == nil {
		s.led = &hidden.Ledger{}
	}
	pl := s.players[p]
	pl.pool, pl.pooled = s.led.NewPool(pl.deck), true
}

// deckLen is the number of cards in p's deck.
func (s *State) deckLen(p int) int {
	pl := s.players[p]
	n := len(pl.deck) - pl.surplus
	if pl.pooled {
		n -= s.led.Hidden(pl.pool)
	}
	return n
}

// when is the moment of the game, for the reasons a conflict quotes.
func (s *State) when() string {
	if s.setup {
		return "at the set-up"
	}
	return "on turn " + strconv.Itoa(s.turn)
}

// unknownAllowed refuses ? written for one of owner's cards where the
// record cannot leave it unknown: in a seeded game (ruling M41), and
// from owner's own seat (ruling M42). what names the card, as in "draw".
func (s *State) unknownAllowed(owner int, what string) error {
	if s.seeded {
		return ruling("M41", rulingUnknownSeed, fmt.Sprintf("the Seed tag deals every card: write the %s the seed gives, or leave it out", what))
	}
	if s.oneSeat && owner == s.seat {
		return ruling("M42", rulingSeat, fmt.Sprintf("the record is from %s's seat: %s's own %s is written", s.name(s.seat), s.name(owner), what))
	}
	return nil
}

// deckWorld is the world of a deck list whose Unknown items stand for
// cards not known (ruling M45): each card of the catalogue as many times
// as the deck could hold it, the known copies included. The second result
// is how many cards the world holds beyond the deck's.
func (s *State) deckWorld(list []DeckCount) ([]string, int) {
	known := map[string]int{}
	unknown, size := 0, 0
	for _, dc := range list {
		size += dc.Count
		if dc.Card == Unknown {
			unknown += dc.Count
			continue
		}
		known[dc.Card] += dc.Count
	}
	var world []string
	for _, c := range s.cards.byNames { // the world sorted as it is made
		limit := MaxCopies
		switch c.Copies {
		case Basic:
			limit = DeckSize
		case Singleton:
			limit = 1
		}
		n := known[c.Name] + max(min(limit-known[c.Name], unknown), 0)
		for range n {
			world = append(world, c.Name)
		}
	}
	return world, len(world) - size
}

// hideDraws makes the ledger's part of owner's draw of cards, the first
// n of which come from the deck: a named card is taken from the pool, an
// unknown one hidden. It returns the hidden cards, in order, appended to
// ids; on a refusal the ledger is as it was.
func (s *State) hideDraws(ids []hidden.Card, owner int, cards []string, n int) ([]hidden.Card, error) {
	if !s.hasLedger(owner) && !unknownIn(cards[:n]) {
		return ids, nil
	}
	if !s.hasLedger(owner) {
		s.newPool(owner)
	}
	pl := s.players[owner]
	led := s.led
	if n > 1 && !s.setup {
		// A refusal after the first card leaves no trace. A set-up move
		// is made on a copy of the whole state (applyMove, Force).
		led = s.led.Clone()
	}
	// The reason kept for a card drawn face up, made at the first such
	// card: most draws from a pool are unseen.
	why := ""
	for _, c := range cards[:n] {
		if c == Unknown {
			id, err := led.Hide(pl.pool)
			if err != nil {
				return nil, ruling("M3", rulingNotInDeck, fmt.Sprintf("%s's deck has no card left to draw unseen", s.name(owner)))
			}
			ids = append(ids, id)
			continue
		}
		if why == "" {
			why = s.name(owner) + " drew it " + s.when()
		}
		if err := led.Take(pl.pool, c, why); err != nil {
			return nil, s.conflict(owner, c, "draw", err)
		}
	}
	s.led = led
	return ids, nil
}

// conflict is the violation for a card of p's the ledger refuses: p
// cannot do what the record says with name (verb: "draw", "hold", ...).
func (s *State) conflict(p int, name, verb string, err error) error {
	var c *hidden.Conflict
	if !errors.As(err, &c) {
		return ruling("M43", rulingUnknownHold, fmt.Sprintf("%s cannot %s %s: %v", s.name(p), verb, name, err))
	}
	// Where the copies are is said from the table as it stands, so that a
	// game begun from a position says the same; the reason the record
	// gave only when they are all in the deck again.
	why := s.whereAre(p, name)
	switch {
	case c.Forced:
		why = fmt.Sprintf("every copy of %s left in %s's deck is one of the cards %s drew unseen", name, s.name(p), s.name(p))
		if verb == "hold" {
			why = fmt.Sprintf("every copy of %s still in %s's deck must be one of %s's other unseen cards", name, s.name(p), s.name(p))
		}
	case why != "":
	case c.Why != "":
		why = c.Why
	default:
		why = fmt.Sprintf("%s's deck has none", s.name(p))
	}
	return ruling("M43", rulingUnknownHold, fmt.Sprintf("%s cannot %s %s: %s", s.name(p), verb, name, why))
}

// whereAre says where p's copies of name are, out of their deck, as in
// "Ben's only copy is in their graveyard"; "" when there are none.
func (s *State) whereAre(p int, name string) string {
	pl := s.players[p]
	var at []string
	n := 0
	for i, u := range &s.board {
		if u != nil && u.Owner == p && (u.Card.Name == name || u.Pilot != nil && u.Pilot.Name == name) {
			at = append(at, "on "+Board.Square(i).String())
			n++
		}
	}
	for _, pc := range s.placed {
		if pc.Owner == p && pc.Card.Name == name {
			at = append(at, "placed on "+pc.At.String())
			n++
		}
	}
	zones := []struct {
		cards []string
		where string
	}{{pl.hand, "in their hand"}, {pl.graveyard, "in their graveyard"}, {pl.damage, "in their damage zone"}}
	for _, z := range zones {
		if k := countOf(z.cards, name); k == 1 {
			at = append(at, z.where)
		} else if k > 1 {
			at = append(at, fmt.Sprintf("%s (%d)", z.where, k))
		}
		n += countOf(z.cards, name)
	}
	switch {
	case n == 0:
		return ""
	case n == 1:
		return fmt.Sprintf("%s's only copy is %s", s.name(p), at[0])
	}
	return fmt.Sprintf("%s's %d copies are %s", s.name(p), n, strings.Join(at, ", "))
}

// couldHold tells whether one of p's unseen cards could be name, as far
// as each card's own history goes.
func (s *State) couldHold(p int, name string) bool {
	for _, c := range s.players[p].unseen {
		if s.led.Could(c, name) {
			return true
		}
	}
	return false
}

// holdError is the violation for name played or discarded from p's hand
// when no card of it can be name: not there, and no unseen card could be.
func (s *State) holdError(p int, name string) error {
	pl := s.players[p]
	if len(pl.unseen) == 0 {
		return ruling("M11", rulingHand, fmt.Sprintf("%s is not in %s's hand", name, s.name(p)))
	}
	_, err := s.led.Clone().RevealOne(pl.unseen, name, "")
	if err == nil {
		err = &hidden.Conflict{Name: name, Forced: true}
	}
	return s.conflict(p, name, "hold", err)
}

// reveal makes name, about to leave p's hand (verb: "played",
// "discarded"), a card of the hand: a known copy if there is one, else
// one of the unseen cards shown to be it. The only change it makes is
// that one; on a refusal, none.
func (s *State) reveal(p int, name, verb string) error {
	pl := s.players[p]
	if len(pl.unseen) == 0 || slices.Contains(pl.hand, name) {
		return nil
	}
	// The ledger keeps the reason of the last copy of a name seen only:
	// none is made for the others.
	why := ""
	if s.led.KeepsWhy(pl.pool, name) {
		why = s.name(p) + " " + verb + " it " + s.when()
	}
	k, err := s.led.RevealOne(pl.unseen, name, why)
	if err != nil {
		return s.conflict(p, name, "hold", err)
	}
	pl.unseen = slices.Delete(pl.unseen, k, k+1)
	pl.hand[slices.Index(pl.hand, Unknown)] = name
	pl.deck = withoutOne(pl.deck, name)
	return nil
}

// takeSeen takes name out of p's pool, seen (why: where it went): a card
// placed in the damage zone.
func (s *State) takeSeen(p int, name, verb, why string) error {
	if !s.hasLedger(p) || name == "" {
		return nil
	}
	if err := s.led.Take(s.players[p].pool, name, why); err != nil {
		return s.conflict(p, name, verb, err)
	}
	return nil
}

// Assumptions implements engine.Assumer: the moves legal only because an
// unseen card could be the card they named.
func (s *State) Assumptions() int {
	if s.led == nil {
		return 0
	}
	return s.led.Assumptions()
}

// unknownIn tells whether cards holds Unknown.
func unknownIn(cards []string) bool { return slices.Contains(cards, Unknown) }

var _ engine.Assumer = (*State)(nil)

// damaged takes card, about to go to opp's damage zone face up, out of
// their pool. The why is written only where there is a pool: most games
// have none.
func (s *State) damaged(opp int, card string) error {
	if !s.hasLedger(opp) {
		return nil
	}
	return s.takeSeen(opp, card, "place", fmt.Sprintf("it went to %s's damage zone %s", s.name(opp), s.when()))
}

// unknownDeckMove is the deck move that writes list, part of which is
// unknown: deck ? when all of it is.
func unknownDeckMove(list []DeckCount) Deck {
	if len(list) == 1 && list[0].Card == Unknown && list[0].Count == DeckSize {
		return Deck{Named: Unknown}
	}
	return Deck{List: slices.Clone(list)}
}

// unknownDeclared refuses ? declared in p's zone where a position cannot
// leave a card unknown: in any zone but the hand (ruling M41), in a seeded
// game, and in the hand of the record's own seat (ruling M42).
func (s *State) unknownDeclared(p int, z Zone) error {
	if z != Hand {
		return ruling("M41", rulingUnknownZone, fmt.Sprintf("%s's %s is declared card by card: ? stands only in a hand", s.name(p), zoneName(z)))
	}
	return s.unknownAllowed(p, "hand")
}

// hideDeclared draws, unseen, the unknown cards a position declares in
// p's hand, once their deck is made: each is any card left in it.
func (s *State) hideDeclared(p int) error {
	pl := s.players[p]
	n := countOf(pl.hand, Unknown)
	if n == 0 {
		return nil
	}
	s.newPool(p)
	pl.unseen = nil
	for range n {
		id, err := s.led.Hide(pl.pool)
		if err != nil {
			return ruling("M40", rulingPositionCards, fmt.Sprintf("%s's position holds %s in hand unknown, and their deck has %s left",
				s.name(p), cardsWord(n), cardsWord(len(pl.deck)-pl.surplus)))
		}
		pl.unseen = append(pl.unseen, id)
	}
	return nil
}
