package void

import (
	"errors"

	"github.com/tabletop-referee/referee/engine"
)

var _ engine.Forcer = (*State)(nil)

// Force plays m for player p although the rules refuse it, for a move the
// players let stand (engine.Forcer; rulings V30 to V33). It sets aside the
// rules a player can break by hand: whose turn it is and who is to
// decide, a card in play's one action a turn, reach, and what targets and
// reactive skills require. It refuses what no hand could do: a card not
// in the hand, a card in play, skill, sector, biome, player or attack
// that is not there, choices the card does not take, a cost the player
// cannot pay in full, a second defender, and any move once the game is
// over. A refused move leaves the state as it was; a legal one is played
// as Apply plays it.
func (s *State) Force(p int, m engine.Move) error {
	err := s.Apply(p, m)
	if err != nil {
		err = s.forced(p, m)
	}
	return err
}

// forced plays m with the rules a player can break by hand set aside; as
// Apply does, it checks all that can refuse the move before it changes
// anything.
func (s *State) forced(p int, m engine.Move) error {
	s.forcing = true
	defer func() { s.forcing = false }()
	return s.Apply(p, m)
}

// absent passes on err, Apply's refusal of a move naming something that
// is not there, or, while a move is forced, the same refusal quoting
// ruling V30, since the rule Apply quotes may be one Force sets aside.
func (s *State) absent(err error) error {
	var v *engine.Violation
	if !s.forcing || !errors.As(err, &v) {
		return err
	}
	return ruling("V30", rulingNotThere, v.What)
}
