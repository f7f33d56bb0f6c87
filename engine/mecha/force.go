package mecha

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/hidden"
)

// Force implements engine.Forcer: it makes a move the players let stand
// (rulings M36 to M39). A legal move is played as Apply plays it; an
// illegal one sets aside the rules a hand can break and keeps only what
// the table itself requires: the card where the move takes it from, the
// player's own unit where it acts from, a free square on the board, a
// target that is there. Moves are made by the same code as Apply's, so
// that the game goes on under the rules, losses included.
func (s *State) Force(p int, m engine.Move) error {
	refused := s.Apply(p, m)
	if refused == nil {
		return nil
	}
	var v *engine.Violation
	if !errors.As(refused, &v) {
		return refused
	}
	c := s.clone()
	if err := c.force(p, m, refused); err != nil {
		return err
	}
	*s = *c
	return nil
}

// force makes m for p, which Apply refused with refused, as far as a hand
// can make it. Like apply, it may leave the state half changed when it
// refuses: Force works on a copy.
func (s *State) force(p int, m engine.Move, refused error) error {
	if s.outcome.Over {
		return ruling("M36", rulingLetStandOver, "the game is already over")
	}
	switch m := m.(type) {
	case Deck:
		return s.forceDeck(p, m, refused)
	case Draw:
		return s.forceDraw(p, m, refused)
	case Mulligan:
		return s.forceMulligan(p)
	case declaration:
		return refused // a position is declared as it is, or not at all
	case engine.OnSetupLine:
		return ruling("M39", rulingLetStandSetupLine, "a set-up line holds only deck, draw and mulligan")
	}
	for _, pl := range s.players {
		pl.recent = nil
	}
	// The set-up ends, and the draws are made first, as for any move: a
	// card a transcript does not give cannot be let stand (ruling M36).
	if err := s.begin(); err != nil {
		return err
	}
	if skip, ok := m.(SkipDraw); ok && p == s.toMove && s.drawPhase {
		return s.forceSkip(p, skip)
	}
	if err := s.drawn(m); err != nil || s.outcome.Over {
		return err
	}
	switch m := m.(type) {
	case SkipDraw:
		return s.forceSkip(p, m)
	case Play:
		return s.forcePlay(p, m)
	case Step:
		return s.forceStep(p, m)
	case Attack:
		return s.forceAttack(p, m)
	case Direct:
		return s.forceDirect(p, m)
	case Discard:
		if _, err := s.fromHand(p, m.Card); err != nil {
			return err
		}
		if err := s.reveal(p, m.Card, "discarded"); err != nil {
			return err
		}
		s.discardCard(p, m.Card)
		return nil
	case Sacrifice:
		u, err := s.ownUnit(p, m.At)
		if err != nil {
			return err
		}
		if u.Pilot == nil {
			return ruling("M36", rulingLetStandCard, fmt.Sprintf("%s on %v has no pilot", u.Card.Name, m.At))
		}
		s.unpilot(u)
		s.checkCopies()
		return nil
	case engine.EndTurn:
		if p != s.toMove {
			return ruling("M37", rulingLetStandEnd, fmt.Sprintf("it is %s's turn: %s has none to end", s.name(s.toMove), s.name(p)))
		}
		s.passTurn(p)
		return nil
	}
	return fmt.Errorf("mecha: unknown move %T", m)
}

// forceDeck chooses a deck that may break the deck rules (ruling M39).
func (s *State) forceDeck(p int, d Deck, refused error) error {
	pl := s.players[p]
	if !s.setup || pl.chosen {
		return ruling("M39", rulingLetStandDeck, fmt.Sprintf("%s's deck is already in play", s.name(p)))
	}
	list := d.List
	if d.Named != "" {
		var ok bool
		if list, ok = s.cards.Deck(d.Named); !ok {
			return refused // no such deck
		}
	}
	for _, dc := range list {
		if _, ok := s.cards.Card(dc.Card); !ok {
			if dc.Card == Unknown {
				return refused // an unknown part is the deck rules' (ruling M45)
			}
			return ruling("M33", rulingNames, s.cards.unknown(dc.Card))
		}
	}
	s.setDeck(p, deckCards(list))
	if len(pl.deck) < pl.owed {
		s.lose(p, "could not draw a card from their deck")
	}
	return nil
}

// forceMulligan sets the hand aside again, or before it is complete; the
// set-up is when it can be done (ruling M39).
func (s *State) forceMulligan(p int) error {
	if !s.setup {
		return ruling("M39", rulingLetStandMulligan, "the set-up is over: turn 1 has begun")
	}
	if err := s.choose(p); err != nil {
		return err
	}
	if s.seeded {
		s.settleOwed(p)
	}
	if !s.outcome.Over {
		s.setAside(p)
	}
	return nil
}

// forceDraw draws the cards written, paying what the drawer owes first:
// the opening hand, an effect's cards, the turn's draw. The rest are drawn
// beyond the count (ruling M38); each must be in the deck, on top of it
// when seeded.
func (s *State) forceDraw(p int, d Draw, refused error) error {
	if !d.Opening && s.setup {
		if err := s.begin(); err != nil {
			return err
		}
	}
	if err := s.choose(p); err != nil {
		return err
	}
	owes := func(q int) bool {
		return s.players[q].owed > 0 || !s.setup && s.drawPhase && q == s.toMove
	}
	owner := p
	if !owes(p) && !s.setup && s.players[1-p].owed > 0 {
		owner = 1 - p // the other player's draw (ruling M3)
	}
	if s.seeded && !owes(owner) && (len(s.players[p].recent) > 0 || len(s.players[1-p].recent) > 0) {
		return refused // the cards an effect drew, written wrong
	}
	od := s.players[owner]
	if unknownIn(d.Cards) {
		if err := s.unknownAllowed(owner, "draw"); err != nil {
			return err
		}
	}
	if !s.seeded {
		if err := s.inDeck(owner, d.Cards); err != nil {
			return err
		}
	}
	drawable := min(len(d.Cards), s.deckLen(owner))
	ids, err := s.hideDraws(nil, owner, d.Cards, drawable)
	if err != nil {
		return err
	}
	for i, c := range d.Cards {
		if i == drawable {
			if owes(owner) {
				s.lose(owner, "could not draw a card from their deck")
				return nil
			}
			return ruling("M3", rulingNotInDeck, fmt.Sprintf("%s's deck is empty", s.name(owner)))
		}
		if s.seeded && c != od.deck[0] {
			return ruling("M3", rulingSeedAgrees, fmt.Sprintf("the seeded deck gives %s here, not %s", od.deck[0], c))
		}
		var id hidden.Card
		if c == Unknown {
			id, ids = ids[0], ids[1:]
		}
		switch {
		case od.owed > 0:
			s.take(owner, c, id)
		case owes(owner): // the turn's draw
			s.drawPhase = false
			fallthrough
		default:
			s.drawOne(owner, c, id)
		}
	}
	if od.owed > 0 && s.deckLen(owner) == 0 {
		s.lose(owner, "could not draw a card from their deck")
	}
	return nil
}

// forceSkip returns a card from the graveyard to the hand, skipping the
// draw phase when it is the player's and still to come.
func (s *State) forceSkip(p int, m SkipDraw) error {
	if _, ok := s.cards.Card(m.Card); !ok {
		return ruling("M33", rulingNames, s.cards.unknown(m.Card))
	}
	i := slices.Index(s.players[p].graveyard, m.Card)
	if i < 0 {
		return ruling("M36", rulingLetStandCard, fmt.Sprintf("%s is not in %s's graveyard", m.Card, s.name(p)))
	}
	if p == s.toMove {
		s.drawPhase = false
	}
	s.unbury(p, i)
	return nil
}

// forcePlay plays a card from hand onto any square it can lie on.
func (s *State) forcePlay(p int, m Play) error {
	c, err := s.fromHand(p, m.Card)
	if err != nil {
		return err
	}
	if c.Kind == Command {
		return s.forceCommand(p, c, m.At)
	}
	if m.At == nil {
		return ruling("M36", rulingLetStandTarget, fmt.Sprintf("a %s is played onto a square, and none is named", c.Kind))
	}
	at := *m.At
	if !Board.Contains(at) {
		return ruling("M1", rulingBoard, fmt.Sprintf("%v is not on the board", at))
	}
	u := s.UnitAt(at)
	if c.Kind == Pilot {
		if u == nil {
			return ruling("M36", rulingLetStandTarget, fmt.Sprintf("there is no unit on %v", at))
		}
		if u.Owner != p {
			return ruling("M36", rulingLetStandUnit, fmt.Sprintf("the unit on %v is %s's", at, s.name(u.Owner)))
		}
		if err := s.reveal(p, c.Name, "played"); err != nil {
			return err
		}
		s.removeFromHand(p, c.Name)
		if u.Pilot != nil {
			s.unpilot(u) // the new pilot takes its place (ruling M38)
		}
		s.attach(p, u, c, at)
		return nil
	}
	if u != nil {
		return ruling("M9", rulingOccupied, fmt.Sprintf("%v is occupied", at))
	}
	if err := s.reveal(p, c.Name, "played"); err != nil {
		return err
	}
	s.placeUnit(p, c, at)
	return nil
}

// forceCommand plays command c onto any unit or square that is there.
func (s *State) forceCommand(p int, c *Card, at *grid.Square) error {
	t := c.Target
	switch {
	case t.Kind == NoTarget:
		at = nil // nothing on the square is the card's to act on (ruling M38)
	case at == nil:
		return ruling("M36", rulingLetStandTarget, fmt.Sprintf("%s needs a target: a %s, and none is named", c.Name, t))
	case !Board.Contains(*at):
		return ruling("M1", rulingBoard, fmt.Sprintf("%v is not on the board", *at))
	case t.Kind != AnySquare && s.UnitAt(*at) == nil:
		return ruling("M36", rulingLetStandTarget, fmt.Sprintf("%s needs a target: a %s, and there is no unit on %v", c.Name, t, *at))
	}
	if err := s.reveal(p, c.Name, "played"); err != nil {
		return err
	}
	s.playCommand(p, c, at)
	return nil
}

// ownUnit is p's unit on sq, which a move let stand may act with.
func (s *State) ownUnit(p int, sq grid.Square) (*Unit, error) {
	u := s.UnitAt(sq)
	if u == nil {
		return nil, ruling("M36", rulingLetStandUnit, fmt.Sprintf("there is no unit on %v", sq))
	}
	if u.Owner != p {
		return nil, ruling("M36", rulingLetStandUnit, fmt.Sprintf("the unit on %v is %s's", sq, s.name(u.Owner)))
	}
	return u, nil
}

func (s *State) forceStep(p int, m Step) error {
	u, err := s.ownUnit(p, m.From)
	if err != nil {
		return err
	}
	if !Board.Contains(m.To) {
		return ruling("M1", rulingBoard, fmt.Sprintf("%v is not on the board", m.To))
	}
	if other := s.UnitAt(m.To); other != nil {
		return ruling("M9", rulingOccupied, fmt.Sprintf("%v is occupied by %s", m.To, other.Card.Name))
	}
	s.moveUnit(u, m.From, m.To)
	return nil
}

func (s *State) forceAttack(p int, m Attack) error {
	u, err := s.ownUnit(p, m.From)
	if err != nil {
		return err
	}
	if !Board.Contains(m.Target) {
		return ruling("M1", rulingBoard, fmt.Sprintf("%v is not on the board", m.Target))
	}
	if m.Target == m.From {
		return ruling("M36", rulingLetStandTarget, fmt.Sprintf("%s on %v cannot attack itself", u.Card.Name, m.From))
	}
	t := s.UnitAt(m.Target)
	if t == nil {
		return ruling("M36", rulingLetStandTarget, fmt.Sprintf("there is no unit on %v", m.Target))
	}
	s.strike(u, m.From, t, m.Target)
	return nil
}

func (s *State) forceDirect(p int, m Direct) error {
	u, err := s.ownUnit(p, m.From)
	if err != nil {
		return err
	}
	card, err := s.damageCard(1-p, m.Card)
	if err != nil {
		return err
	}
	if err := s.damaged(1-p, card); err != nil {
		return err
	}
	s.hitDirect(u, m.From, 1-p, card)
	return nil
}
