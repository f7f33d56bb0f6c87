package mod

import (
	"reflect"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/mod"
	"github.com/tabletop-referee/referee/grammar"
)

// Each declaration of a position, written by modNotate, parses back to
// the same declaration, and is one modDeclares tells from the moves.
func TestModDeclarationsNotateAndReadBack(t *testing.T) {
	decls := []engine.Move{
		mod.Durability{N: 7},
		mod.FuelLevel{N: 0},
		mod.Initiative{},
		mod.Hand{Cards: []string{"Laser", "Red Plating"}},
		mod.Deck{Cards: []string{"Missile"}},
		mod.Deck{Count: 4},
		mod.DiscardPile{Cards: []string{"Laser", "fuel"}},
		mod.PlayArea{Cards: []string{"Blue Barrier"}},
		mod.StackSlot{N: 3, How: mod.Ejected, Card: "Plasma Sword"},
		mod.Activating{How: mod.Ejected, Card: "Laser"},
		mod.Activating{How: mod.Assigned, Card: "Missile Swarm", Ability: 2},
		mod.Round{N: 4},
		mod.Shared{Deck: 2, Cards: []string{"Laser", "Missile"}},
		mod.Shared{Deck: 3, Count: 7},
		mod.Shared{Pile: true, Deck: 1, Cards: []string{"Red Plating"}},
		mod.Unfilled{},
		mod.SeedStep{N: 57},
	}
	for _, d := range decls {
		text := modNotate(d)
		p := grammar.Mod.Parse("test.mod", "Ann: "+text+"\n")
		if len(p.Errors) > 0 || len(p.File.Statements) != 1 || p.File.Statements[0].Setup == nil {
			t.Errorf("%q does not parse as one set-up line: %v", text, p.Errors)
			continue
		}
		moves := p.File.Statements[0].Setup.Moves
		if len(moves) != 1 || !modDeclares(moves[0]) {
			t.Errorf("%q parses as %d moves, not one declaration", text, len(moves))
			continue
		}
		got := modToEngine(nil, moves[0], true)
		if want := []engine.Move{engine.OnSetupLine{Move: d}}; !reflect.DeepEqual(got, want) {
			t.Errorf("%q reads back as %#v, want %#v", text, got, want)
		}
	}
	for _, m := range []grammar.ModMove{&grammar.ModPass{Pass: true}, &grammar.ModFuel{Fuel: true}, &grammar.ModDraft{Deck: 1}} {
		if modDeclares(m) {
			t.Errorf("%s is taken for a declaration", m)
		}
	}
}
