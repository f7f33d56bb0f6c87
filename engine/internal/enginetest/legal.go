package enginetest

import (
	"testing"

	"github.com/tabletop-referee/referee/engine"
)

// MovesApply checks moves, the list s.Legal() gives: that it names no move
// twice (by key, the test's name for a move), and that Apply accepts each
// move, for the player to move, on a clone of s.
func MovesApply(t testing.TB, s engine.State, moves []engine.Move, key func(engine.Move) string) {
	t.Helper()
	seen := map[string]bool{}
	for _, m := range moves {
		if seen[key(m)] {
			t.Errorf("Legal lists %s twice", key(m))
		}
		seen[key(m)] = true
		c := s.Clone()
		if err := c.Apply(c.ToMove(), m); err != nil {
			t.Errorf("Legal lists %s, which Apply refuses: %v", key(m), err)
		}
	}
}
