package sortie

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/cards"
	"github.com/tabletop-referee/referee/engine/grid"
)

// Force implements engine.Forcer: it makes a move the players let stand,
// under RULINGS.md S20 to S23. A legal move it plays as Apply does; a move
// no hand could make it refuses, leaving the state as it was.
func (s *State) Force(player int, m engine.Move) error {
	if s.outcome.Over {
		return violation("the game is already over", ruleWon)
	}
	if player < 0 || player > 1 {
		return ruling("S1", rulingTurns, fmt.Sprintf("there is no player %d", player+1))
	}
	// Both tries work on copies, so that a refusal changes nothing at all,
	// not even the seed's owed draws Apply makes before refusing.
	c := s.clone()
	err := c.Apply(player, m)
	if v := (*engine.Violation)(nil); err != nil && !errors.As(err, &v) {
		return err
	}
	if err != nil && (isDeclaration(m) || s.decl != nil) {
		// A position is declared or it is not: nothing of it is let
		// stand, and no move comes while it is declared (S24).
		return err
	}
	if err != nil {
		c = s.clone()
		if err := c.force(player, m); err != nil {
			return err
		}
		c.fitOwed()
	}
	*s = *c
	return nil
}

// force makes m for player in spite of the rules, checking only what no
// hand could do (S20).
func (s *State) force(player int, m engine.Move) error {
	switch m := m.(type) {
	case engine.OnSetupLine:
		return s.force(player, m.Move) // S20: as if written in the first turn
	case Draw:
		return s.forceDraw(player, m)
	case Place, Step, Attack, engine.EndTurn:
	default:
		return fmt.Errorf("sortie: unknown move %T", m)
	}
	// The seed's owed draws come first, as Apply makes them (S22); then a
	// move out of turn takes the turn over (S21).
	s.settle()
	if player != s.player {
		s.takeTurn(player)
	}
	switch m := m.(type) {
	case Place:
		unnamed, err := s.canLay(m)
		if err != nil {
			return err
		}
		if err := s.show(s.player, unnamed); err != nil {
			return err
		}
		s.lay(m)
	case Step:
		if _, err := s.unitOf(m.From); err != nil {
			return err
		}
		if !grid4().Contains(m.To) {
			return violation(fmt.Sprintf("%v is not on the board", m.To), ruleMoveOnce)
		}
		if s.UnitAt(m.To) != nil {
			return ruling("S3", rulingOneUnit, fmt.Sprintf("%v is occupied", m.To))
		}
		s.move(m)
	case Attack:
		if _, err := s.unitOf(m.From); err != nil {
			return err
		}
		if s.UnitAt(m.Target) == nil {
			return violation(fmt.Sprintf("there is no unit on %v", m.Target), ruleAttack)
		}
		if m.Target == m.From {
			return violation(fmt.Sprintf("the unit on %v cannot attack itself", m.From), ruleAttack)
		}
		s.strike(m)
	case engine.EndTurn:
		// S22: a draw still owed when its turn ends is not made. (In a
		// seeded game settle has made them all.)
		s.pending = nil
		s.endTurn()
	}
	return nil
}

// unitOf finds the mover's unit on sq, whatever it did this turn.
func (s *State) unitOf(sq grid.Square) (*Unit, error) {
	u := s.UnitAt(sq)
	if u == nil {
		return nil, violation(fmt.Sprintf("there is no unit on %v", sq), ruleMoveOnce)
	}
	if u.Owner != s.player {
		return nil, ruling("S20", rulingOwnUnits, fmt.Sprintf("the unit on %v is %s's", sq, s.name(u.Owner)))
	}
	return u, nil
}

// takeTurn gives the current turn to player, with its draw if still owed
// (S21).
func (s *State) takeTurn(player int) {
	for i, p := range s.pending {
		if !p.setup && p.player == s.player {
			s.pending[i].player = player
		}
	}
	s.player = player
}

// forceDraw draws d's cards for player: first as the draw player owes of
// d's kind, if any, and the rest beyond it (S22).
func (s *State) forceDraw(player int, d Draw) error {
	if err := s.unknownDraw(player, d); err != nil {
		return err
	}
	for i, c := range d.Cards {
		if c != Unknown && slices.Index(d.Cards, c) != i {
			return violation(fmt.Sprintf("%v is written twice in one draw", c), ruleDraw)
		}
	}
	// The seed deals the draws owed before this one first, as Apply does.
	for s.seeded && len(s.pending) > 0 && (s.pending[0].player != player || s.pending[0].setup != d.Opening) {
		s.drawTop(s.pending[0].player)
	}
	if !d.Opening && player != s.player {
		s.takeTurn(player)
	}
	rest := d.Cards
	if k := slices.IndexFunc(s.pending, func(p pending) bool { return p.player == player && p.setup == d.Opening }); k >= 0 {
		n := min(len(rest), s.pending[k].count)
		for _, c := range rest[:n] {
			if err := s.drawable(player, c, d.Opening); err != nil {
				return err
			}
			s.drawCard(player, c)
			s.pay(k)
		}
		rest = rest[n:]
	}
	// Cards beyond those owed come after the seed's owed draws (S22).
	s.settle()
	for _, c := range rest {
		if err := s.drawable(player, c, d.Opening); err != nil {
			return err
		}
		s.drawCard(player, c)
	}
	return nil
}

// drawable checks that c is the card a draw can take now, by player (in
// the opening hand): in the deck, and in a seeded game its top card; a card
// nobody recorded, any card of the deck. A named card is then seen: the
// ledger takes it.
func (s *State) drawable(player int, c cards.Card, opening bool) error {
	switch {
	case c == Unknown && s.deckSize() == 0:
		return ruling("S6", rulingNotInDeck, "no card can be drawn: the deck is empty")
	case c == Unknown:
		return nil
	case s.seeded && len(s.deck) == 0:
		return ruling("S6", rulingNotInDeck, fmt.Sprintf("%v cannot be drawn: the deck is empty", c))
	case s.seeded && s.deck[0] != c:
		return ruling("S5", rulingSeedAgrees, fmt.Sprintf("the seeded deck gives %v here, not %v", s.deck[0], c))
	case !s.seeded && !cards.Contains(s.deck, c):
		return ruling("S6", rulingNotInDeck, fmt.Sprintf("%v cannot be drawn: %s", c, s.whereIs(c)))
	}
	return s.seen(player, c, opening)
}

// fitOwed skips the owed draws the deck can no longer give (S22), so that
// a draw is owed only while there is a card for it.
func (s *State) fitOwed() {
	left := s.deckSize()
	kept := s.pending[:0]
	for _, p := range s.pending {
		p.count = min(p.count, left)
		left -= p.count
		if p.count > 0 {
			kept = append(kept, p)
		}
	}
	s.pending = kept
}
