package sortie

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/cards"
	"github.com/tabletop-referee/referee/engine/hidden"
)

// Cards nobody recorded (RULINGS.md S28 to S31). A record made at a table
// writes "?" for a card its writer did not see: the other seat's draws,
// the cards of a hand declared in a position. The cards of the units and
// of the discard pile are face up, and are always written.
//
// An unseeded game that meets one keeps a ledger (package hidden) with one
// pool, the deck: its world is the cards seen nowhere, the deck and the
// unknown cards in the hands, which could be any of them. A card drawn by
// name is taken from it, an unknown card hidden, a card placed from a hand
// that does not hold it by name shown to be one of that hand's unknown
// cards, and the discards shuffled into a new deck (empty=reshuffle) are
// added back. The deck's size is the world's less the unknown cards held.
// A game with no unknown card has no ledger, and pays nothing for it.

// Unknown is a card nobody recorded, written "?": the zero card, which is
// no card of a deck.
var Unknown cards.Card

// cardNames are the cards' names, by rank and suit, so that the ledger's
// calls allocate none; made by the first game with a ledger.
var cardNames = sync.OnceValue(func() *[cards.Joker + 1][cards.Black + 1]string {
	out := new([cards.Joker + 1][cards.Black + 1]string)
	for _, c := range cards.Deck(true) {
		out[c.Rank][c.Suit] = c.String()
	}
	return out
})

// cardName is c's name in the ledger, as transcripts write it.
func cardName(c cards.Card) string {
	if names := cardNames(); int(c.Rank) < len(names) && int(c.Suit) < len(names[0]) {
		if n := names[c.Rank][c.Suit]; n != "" {
			return n
		}
	}
	return c.String()
}

// recorded is a move of the record a Recorder writes: dealt when the seed
// made it (a draw), rather than the transcript.
type recorded struct {
	player int
	move   engine.Move
	dealt  bool
}

// deckSize is the number of cards in the deck: in an unseeded game with
// unknown cards, the cards seen nowhere less the unknown cards held.
func (s *State) deckSize() int { return len(s.deck) - len(s.hid[0]) - len(s.hid[1]) }

// Unknowns is the number of cards nobody recorded in a player's hand.
func (s *State) Unknowns(player int) int { return len(s.hid[player]) }

// Assumptions implements engine.Assumer: the cards placed from a hand
// that held them only as cards nobody recorded.
func (s *State) Assumptions() int {
	if s.ledger == nil {
		return 0
	}
	return s.ledger.Assumptions()
}

// unknownDraw refuses a draw of a card nobody recorded where the record
// must name it: in a seeded game (S30), and the recording seat's own
// draw (S31).
func (s *State) unknownDraw(player int, d Draw) error {
	if !slices.Contains(d.Cards, Unknown) {
		return nil
	}
	switch {
	case s.seeded:
		return ruling("S30", rulingSeedUnknown, "the Seed tag deals every card: write the card the seed gives, or leave the draw out")
	case s.oneSeat && player == s.seat:
		return ruling("S31", rulingOneSeat, fmt.Sprintf("the record is from %s's seat: %s's own draw is written", s.name(s.seat), s.name(s.seat)))
	}
	return nil
}

// ensureLedger begins the ledger at the first card nobody recorded: its
// pool is the cards seen nowhere, the deck.
func (s *State) ensureLedger() {
	if s.ledger != nil {
		return
	}
	names := make([]string, len(s.deck))
	for i, c := range s.deck {
		names[i] = cardName(c)
	}
	s.ledger = &hidden.Ledger{}
	s.pool = s.ledger.NewPool(names)
}

// drawUnseen draws a card nobody recorded into player's hand. The caller
// has checked that the deck has a card.
func (s *State) drawUnseen(player int) {
	s.ensureLedger()
	c, err := s.ledger.Hide(s.pool)
	if err != nil {
		panic(fmt.Sprintf("sortie: a card drawn unseen from a deck of %d: %v", s.deckSize(), err))
	}
	s.hid[player] = append(s.hid[player], c)
}

// seen takes c, drawn by name, from the ledger: the unknown cards held
// must still be cards seen nowhere (S29). It changes nothing when it
// refuses. (The messages say where a card is from the state, so the
// ledger is given no reasons.)
func (s *State) seen(player int, c cards.Card, opening bool) error {
	if s.ledger == nil || c == Unknown {
		return nil
	}
	err := s.ledger.Take(s.pool, cardName(c), "")
	var cf *hidden.Conflict
	switch {
	case err == nil:
		return nil
	case errors.As(err, &cf) && cf.Forced:
		return ruling("S29", rulingCouldBe, fmt.Sprintf("%v cannot be drawn: an unknown card in a hand must be it, as no other card is left that it could be", c))
	}
	return ruling("S6", rulingNotInDeck, fmt.Sprintf("%v cannot be drawn: %s", c, s.whereIs(c)))
}

// show brings cs to light in player's hand, each one of its unknown cards,
// as the cards of a unit placed from it (S29). It changes nothing when it
// refuses.
func (s *State) show(player int, cs []cards.Card) error {
	if len(cs) == 0 {
		return nil
	}
	for _, c := range cs {
		// A card seen elsewhere is refused before anything changes.
		if s.ledger.Count(s.pool, cardName(c)) == 0 {
			return s.cannotHold(player, c, &hidden.Conflict{Name: cardName(c)})
		}
	}
	var saved *hidden.Ledger
	if len(cs) > 1 && s.reshuffledOn > 0 {
		// The ledger undoes a refused reveal, not the one before it.
		// Before any reshuffle every unknown card could be any card seen
		// nowhere, so a reveal of one fails only on a card seen elsewhere,
		// refused above.
		saved = s.ledger.Clone()
	}
	left := slices.Clone(s.hid[player])
	for _, c := range cs {
		k, err := s.ledger.RevealOne(left, cardName(c), "")
		if err != nil {
			if saved != nil {
				s.ledger = saved
			}
			return s.cannotHold(player, c, err)
		}
		left = slices.Delete(left, k, k+1)
	}
	s.hid[player] = left
	for _, c := range cs {
		cards.Remove(&s.deck, c)
		s.hands[player] = append(s.hands[player], c)
	}
	return nil
}

// cannotHold says why none of player's unknown cards can be c.
func (s *State) cannotHold(player int, c cards.Card, err error) error {
	var cf *hidden.Conflict
	if !errors.As(err, &cf) {
		return err
	}
	what := fmt.Sprintf("%s cannot hold %v: ", s.name(player), c)
	switch {
	case cf.Forced:
		what += "another unknown card must be it, as no other card is left that it could be"
	case !cards.Contains(s.deck, c):
		// Seen, and not back in the deck: it is elsewhere now, which
		// says it (a position taken later says the same).
		what += s.whereIs(c)
	default:
		// Back in the deck by a reshuffle, but out of it while each of
		// the hand's unknown cards was held.
		what += fmt.Sprintf("it was out of the deck while each of %s's unknown cards was held, and shuffled back on turn %d", s.name(player), s.reshuffledOn)
	}
	return ruling("S29", rulingCouldBe, what)
}

// legalDraws lists the draws the owed draw may be: each card that can be
// drawn by name, and, where the record may leave it unnamed, a card
// nobody recorded.
func (s *State) legalDraws() []engine.Move {
	p := s.pending[0]
	moves := make([]engine.Move, 0, len(s.deck)+1)
	constrained := len(s.hid[0])+len(s.hid[1]) > 0
	for _, c := range s.deck {
		if constrained && s.reshuffledOn > 0 && s.ledger.Clone().Take(s.pool, cardName(c), "") != nil {
			continue
		}
		moves = append(moves, Draw{Cards: []cards.Card{c}, Opening: p.setup})
	}
	if !s.seeded && !(s.oneSeat && p.player == s.seat) {
		moves = append(moves, Draw{Cards: []cards.Card{Unknown}, Opening: p.setup})
	}
	return moves
}

// couldHold lists the cards of the deck one of player's unknown cards
// could be, in the deck's order, for Legal: each is a card that card
// could be alone (the others could be others unless a reshuffle has
// barred them, S29).
func (s *State) couldHold(player int) []cards.Card {
	if len(s.hid[player]) == 0 {
		return nil
	}
	var out []cards.Card
	for _, c := range s.deck {
		if slices.ContainsFunc(s.hid[player], func(h hidden.Card) bool { return s.ledger.Could(h, cardName(c)) }) {
			out = append(out, c)
		}
	}
	return out
}

// Recorded implements engine.Recorder: the moves since it last asked,
// with the draws the seed made written out, each opening hand on its
// set-up line. From the first call the state keeps them; before it, it
// keeps nothing.
func (s *State) Recorded() []engine.By {
	s.recording = true
	// The seed deals the opening hands before the first turn, where a
	// record writes them.
	for s.seeded && len(s.pending) > 0 && s.pending[0].setup {
		s.drawTop(s.pending[0].player)
	}
	out := make([]engine.By, len(s.record))
	for i, r := range s.record {
		m := r.move
		if d, ok := m.(Draw); ok && d.Opening {
			m = engine.OnSetupLine{Move: d}
		}
		out[i] = engine.By{Player: r.player, Move: m}
	}
	s.record = s.record[:0]
	return out
}

// note records m, made by player, for Recorded: a card the seed dealt
// joins the seed's draw before it, so that an opening hand is one draw.
func (s *State) note(player int, m engine.Move, dealt bool) {
	if d, ok := m.(Draw); ok && dealt && len(s.record) > 0 {
		last := &s.record[len(s.record)-1]
		if ld, ok := last.move.(Draw); ok && last.dealt && last.player == player && ld.Opening == d.Opening {
			ld.Cards = append(slices.Clip(ld.Cards), d.Cards...)
			last.move = ld
			return
		}
	}
	s.record = append(s.record, recorded{player: player, move: m, dealt: dealt})
}

// Hide implements engine.Hider: seat sees every card but the other
// player's draws, which are written "?" (S28, S31).
func (s *State) Hide(seat, player int, m engine.Move) engine.Move {
	switch m := m.(type) {
	case engine.OnSetupLine:
		return engine.OnSetupLine{Move: s.Hide(seat, player, m.Move)}
	case Draw:
		if player != seat {
			return Draw{Cards: make([]cards.Card, len(m.Cards)), Opening: m.Opening}
		}
	}
	return m
}
