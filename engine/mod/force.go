package mod

import (
	"fmt"

	"github.com/tabletop-referee/referee/engine"
)

// Moves let stand (rulings MD18 to MD20): Force makes a move the rules
// refuse as far as hands can make it at the table. It shares its work with
// Apply: the checks of what a hand can do (checkPlace, checkSpend), then
// the move itself (handle, turnMove, endTurn).

var _ engine.Forcer = (*State)(nil)

// Force plays m for player p in spite of the rules (ruling MD18); a legal
// move it plays as Apply does. A move that no hand could make returns a
// *engine.Violation and leaves the state as it was: every refusal comes
// before anything changes.
func (s *State) Force(p int, m engine.Move) error {
	if _, _, ok := declaration(m); ok {
		return s.Apply(p, m) // a position's declarations are no move of play
	}
	if sl, ok := m.(engine.OnSetupLine); ok && isRecord(sl.Move) || isRecord(m) {
		return s.Apply(p, m) // what the table revealed is written, not let stand
	}
	if s.phase == Over {
		return s.over()
	}
	if p < 0 || p >= len(s.players) {
		return violation(fmt.Sprintf("there is no %s in this game: Mod has two players", s.name(p)), ruleTwoPlayers)
	}
	setup := false
	for {
		sl, ok := m.(engine.OnSetupLine)
		if !ok {
			break
		}
		m, setup = sl.Move, true
	}
	if err := s.checkWritten(p, m); err != nil {
		return err
	}
	if why := s.pending(); why != "" {
		return ruling("MD24", rulingRecord, why)
	}
	if err := s.reach(p, m); err != nil {
		return err
	}
	if err := s.fromHand(p, m); err != nil {
		return err
	}
	if _, end := m.(engine.EndTurn); end {
		if setup {
			return ruling("MD20", rulingSetupEnds, "the end of a turn is written on a set-up line, before turn 1")
		}
		// It ends the turn there is (MD19), declining the turn's move
		// when it is not made (MD20).
		q := s.ToMove()
		if !s.acted {
			s.turnMove(Pass{})
		}
		s.endTurn(q)
		return nil
	}
	if setup {
		// Made before turn 1, it is no turn's move (MD20).
		s.handle(p, m)
		return nil
	}
	if p != s.ToMove() {
		// The turn becomes the mover's (MD19). In the command phase
		// priority says whose turn it is; in a choice, taken makes it.
		s.priority = p
		s.taken = s.phase != Command
	}
	s.play(p, m)
	return nil
}

// reach checks what no hand could do: take a card from where it is not,
// or place a card on a side of the stack with no free slot.
func (s *State) reach(p int, m engine.Move) error {
	switch m := m.(type) {
	case Assign, Eject, Draft:
		return s.checkPlace(p, m)
	case Spend:
		return s.checkSpend(p, m)
	case Pass, DrawCard, GainFuel, engine.EndTurn:
		return nil
	}
	return ruling("MD18", rulingForced, fmt.Sprintf("%s is not a move of Mod", describe(m)))
}
