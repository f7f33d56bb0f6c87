package daemon

import (
	"reflect"
	"testing"

	"github.com/tabletop-referee/referee/engine/internal/enginetest"

	"github.com/tabletop-referee/referee/engine"
)

// TestSameStateSeesEveryChange checks sameState against changes to every
// part of a state in a game under way: each must make it differ from the
// state before, and a clone must not.
func TestSameStateSeesEveryChange(t *testing.T) {
	s := build(t, position{
		grips:   [2]string{"Ant Zap", "Bat"},
		daemons: [2]string{"Ant Mole/sick", "Gnat Bear/spent"},
		scripts: [2]string{"Cell", "Drill"},
		heaps:   [2]string{"Note", "Kit"},
		memory:  2,
	})
	mustApply(t, s, ann, attack("Ant"))
	if s.damage == nil || s.damage.attacker == nil {
		t.Fatalf("the attack deals no damage to reveal:\n%s", snapshot(s))
	}
	if c := s.clone(); !sameState(s, c) || !enginetest.DeepSame(reflect.ValueOf(s).Elem(), reflect.ValueOf(c).Elem()) {
		t.Fatal("a clone differs from its state")
	}
	for _, tt := range []struct {
		name   string
		change func(c *State)
	}{
		{"a card of a grip", func(c *State) { c.players[ben].grip[0] = "Ant" }},
		{"a card more in a heap", func(c *State) { c.players[ann].heap = append(c.players[ann].heap, "Dud") }},
		{"an empty heap", func(c *State) { c.players[ann].heap = nil }},
		{"the order of a deck", func(c *State) {
			d := c.players[ann].deck
			d[0], d[len(d)-1] = "Ant", d[0]
		}},
		{"a daemon readied", func(c *State) { c.players[ben].daemons[1].Ready = true }},
		{"a daemon's card", func(c *State) { c.players[ben].daemons[0].Card = c.players[ann].daemons[0].Card }},
		{"a daemon fewer", func(c *State) { c.players[ben].daemons = c.players[ben].daemons[1:] }},
		{"the bonuses kept", func(c *State) { c.players[ann].bonuses.Grip++ }},
		{"a main", func(c *State) { c.players[ann].main = "Beta" }},
		{"the tracker", func(c *State) { c.memory++ }},
		{"the turn", func(c *State) { c.turn++ }},
		{"the player active", func(c *State) { c.active = ben }},
		{"the end of the turn", func(c *State) { c.ended = !c.ended }},
		{"the shuffle source", func(c *State) { c.src.Intn(10) }},
		{"the reveals owed", func(c *State) { c.damage.left++ }},
		{"the attacker", func(c *State) { c.damage.attacker.Ready = !c.damage.attacker.Ready }},
		{"what follows the damage", func(c *State) {
			if c.damage.then == nil {
				c.damage.then = func(*State) {}
			} else {
				c.damage.then = nil
			}
		}},
		{"no damage", func(c *State) { c.damage = nil }},
		{"the outcome", func(c *State) { c.outcome = engine.Outcome{Over: true, Winner: ben} }},
		{"the rules", func(c *State) { c.rules.overflow = !c.rules.overflow }},
		{"the catalogue", func(c *State) { cs := *c.cards; c.cards = &cs }},
	} {
		c := s.clone()
		tt.change(c)
		if sameState(s, c) || sameState(c, s) {
			t.Errorf("%s changed, and the states are the same", tt.name)
		}
		if tt.name != "the catalogue" && enginetest.DeepSame(reflect.ValueOf(s).Elem(), reflect.ValueOf(c).Elem()) {
			t.Errorf("%s changed, and deepSame finds the states the same", tt.name)
		}
	}
}

// same is enginetest.Same, as the tests name it.
func same[T any](a, b *T) bool { return enginetest.Same(a, b) }
