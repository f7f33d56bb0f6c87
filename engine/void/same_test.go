package void

import (
	"reflect"
	"slices"
	"testing"

	"github.com/tabletop-referee/referee/engine/internal/enginetest"
)

// TestSameStateSeesEveryChange checks sameState, and what the accessors
// show, against changes to every part of a state in a game under way,
// the queue open: each must make it differ from the state before, and a
// clone must not.
func TestSameStateSeesEveryChange(t *testing.T) {
	s := table{ann: "energy 5, hand Scout Shock Barrage, field Raider North, field Extractor Forest", ben: "energy 3, life 9, hand Drain Scout, field Wall North, field Scout Middle"}.start(t)
	run(t, s, "play Scout South, Ben play Drain Ann")
	if len(s.queue) == 0 || len(s.perms) == 0 {
		t.Fatalf("want cards in play and in the queue:\n%s", snapshot(s))
	}
	if c := s.clone(); !sameState(s, c) || !show(s).same(show(c)) || !enginetest.DeepSame(reflect.ValueOf(s).Elem(), reflect.ValueOf(c).Elem()) {
		t.Fatal("a clone differs from its state")
	}
	for _, tt := range []struct {
		name   string
		change func(c *State)
		hidden bool // the accessors do not show it
	}{
		{"a card of a hand", func(c *State) { c.players[ben].hand[0] = "Gizmo" }, false},
		{"a card more in a cache", func(c *State) { c.players[ann].cache = append(c.players[ann].cache, "Scout") }, false},
		{"the void energy", func(c *State) { c.players[ann].energy++ }, false},
		{"a life", func(c *State) { c.players[ben].life-- }, false},
		{"a permanent's damage", func(c *State) { c.perms[0].damage++ }, false},
		{"a permanent spent", func(c *State) { c.perms[0].spent = !c.perms[0].spent }, false},
		{"a permanent's id", func(c *State) { c.perms[0].id += 100 }, true},
		{"a permanent fewer", func(c *State) { c.perms = c.perms[1:] }, false},
		{"an action's x", func(c *State) { c.queue[0].x++ }, true},
		{"an action's target", func(c *State) {
			c.queue[len(c.queue)-1].targets = []target{{c.queue[len(c.queue)-1].targets[0].kind, 5}}
		}, false},
		{"an action fewer", func(c *State) { c.queue = c.queue[:len(c.queue)-1] }, false},
		{"a sector's biomes", func(c *State) { c.sectors[0].Biomes = append(slices.Clone(c.sectors[0].Biomes), "Gizmo") }, false},
		{"the next id", func(c *State) { c.nextID++ }, true},
		{"priority", func(c *State) { c.priority = 1 - c.priority }, false},
		{"declined", func(c *State) { c.declined = !c.declined }, false},
		{"the turn", func(c *State) { c.turn++ }, false},
		{"the rules", func(c *State) { c.rules.refund = !c.rules.refund }, true},
		{"the plan", func(c *State) { c.planned++ }, true},
		{"the catalogue", func(c *State) { cs := *c.cards; c.cards = &cs; cs.all = cs.all[1:] }, true},
	} {
		c := s.clone()
		tt.change(c)
		if sameState(s, c) || sameState(c, s) {
			t.Errorf("%s changed, and the states are the same", tt.name)
		}
		if enginetest.DeepSame(reflect.ValueOf(s).Elem(), reflect.ValueOf(c).Elem()) {
			t.Errorf("%s changed, and deepSame finds the states the same", tt.name)
		}
		if !tt.hidden && show(s).same(show(c)) {
			t.Errorf("%s changed, and the accessors show the same", tt.name)
		}
	}
}

// same is enginetest.Same, as the tests name it.
func same[T any](a, b *T) bool { return enginetest.Same(a, b) }
