package daemon

import (
	"fmt"
	"strings"

	"github.com/tabletop-referee/referee/engine"
)

// State carries out moves let stand (rulings D24 to D27).
var _ engine.Forcer = (*State)(nil)

// Force plays m for player p as a move the players let stand (ruling D24):
// the rules a hand can break are set aside, and what no hand can do is
// refused with a violation that leaves the state as it was. A legal move
// is played as Apply plays it.
func (s *State) Force(p int, m engine.Move) error {
	if p < 0 || p >= len(s.players) {
		return ruling("D24", rulingLetStand, fmt.Sprintf("there is no player %d: Daemon is played by two", p+1))
	}
	if s.begins(m) {
		return s.undoRefused(func() error { return s.force(p, m) })
	}
	return s.force(p, m)
}

// force refuses what mixes the set-up and the turns (ruling D27), which
// Apply refuses by where the move is written (D5); the rest is move's.
func (s *State) force(p int, m engine.Move) error {
	if s.outcome.Over {
		return s.move(p, m, true)
	}
	inner, onSetupLine := m, false
	if sl, ok := m.(engine.OnSetupLine); ok {
		inner, onSetupLine = sl.Move, true
	}
	// A declaration is let stand as it is declared: a position cannot be
	// made by hand other than it is (position.go).
	choice := isDeclaration(inner)
	switch inner.(type) {
	case Draft, Main, Mulligan, Keep, Secure:
		choice = true
	case Draw:
		// A draw is written where it is made, set-up or turn.
		return s.move(p, m, true)
	}
	switch {
	case onSetupLine && !s.setup:
		return ruling("D27", rulingSetupStand, "the set-up is over: nothing is let stand on a set-up line once the first turn has begun")
	case choice && !onSetupLine:
		return ruling("D27", rulingSetupStand, fmt.Sprintf("%s is a set-up choice, written in a turn", describe(inner)))
	case onSetupLine && !choice:
		return ruling("D27", rulingSetupStand, "the game has not begun: a turn's move is not let stand on a set-up line")
	}
	return s.move(p, m, true)
}

// drafter is whose the next pick of the draft is: the draft order's, but
// a player who has three modules after a pick let stand drafts no more
// (ruling D27), and the other takes the picks left.
func (s *State) drafter() int {
	p := draftOrder[s.drafts]
	if len(s.players[p].modules) >= 3 {
		return 1 - p
	}
	return p
}

// canDraft refuses a fourth module: the deck is made of three (ruling
// D27). By the rules the drafter never has three.
func (s *State) canDraft(p int) error {
	if mods := s.players[p].modules; len(mods) >= 3 {
		return ruling("D27", rulingThree, fmt.Sprintf("%s has drafted three modules (%s): their deck is made of them", s.name(p), strings.Join(mods, ", ")))
	}
	return nil
}

// deckMade refuses a main module before its player's deck is made, since
// the grip is drawn from it (ruling D27). By the rules mains come after
// the draft, when every deck is made.
func (s *State) deckMade(p int) error {
	if n := len(s.players[p].modules); n < 3 {
		return ruling("D27", rulingMainDeck, fmt.Sprintf("%s has drafted %d of their three modules: their deck, which their grip is drawn from, is not made", s.name(p), n))
	}
	return nil
}
