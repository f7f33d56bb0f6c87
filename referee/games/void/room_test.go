package void

import (
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/grammar"
)

// TestDeclarations checks each move of a set-up line: Declares tells
// whether it declares a position, whose refusal is an impossible position
// (every move a set-up line takes does), and its engine move is written
// back by Notate as the grammar's node prints it, so that a position the
// engine writes reads as the transcript it came from.
func TestDeclarations(t *testing.T) {
	tests := []struct {
		src      string
		declares bool
		text     string // as Notate writes it; "" is src
	}{
		{src: "sector North Forest Lake", declares: true},
		{src: `sector "North Reach" "Deep Forest"`, declares: true},
		{src: "energy 3", declares: true},
		{src: "income 0", declares: true},
		{src: "life 10", declares: true},
		{src: `hand Scout "Void Scout" Shock`, declares: true},
		{src: `cache Shock "hand" Drain`, declares: true},
		{src: "field Sentinel North", declares: true},
		{src: "field Raider Middle damage 1", declares: true},
		{src: "field Raider Middle damage 0", declares: true, text: "field Raider Middle"},
		{src: `field Raider "damage" damage 2`, declares: true},
		// A turn's move on a set-up line declares nothing: the engine
		// refuses it there.
		{src: "play Shock North", declares: false},
		{src: "execute", declares: false},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			parsed := grammar.Void.Parse("test.void", "Ann: "+tt.src+"\n")
			if len(parsed.Errors) > 0 {
				t.Fatalf("parse errors: %v", parsed.Errors)
			}
			setup := parsed.File.Statements[0].Setup
			if setup == nil || len(setup.Moves) != 1 {
				t.Fatalf("want one set-up move, got %+v", parsed.File.Statements[0])
			}
			m := setup.Moves[0]
			if got := voidDeclares(m); got != tt.declares {
				t.Errorf("Declares = %v, want %v", got, tt.declares)
			}
			ems := voidToEngine(nil, m, true)
			if len(ems) != 1 {
				t.Fatalf("%d engine moves, want 1", len(ems))
			}
			if _, ok := ems[0].(engine.OnSetupLine); !ok {
				t.Errorf("the engine move %T is not wrapped as a set-up line's", ems[0])
			}
			want := tt.text
			if want == "" {
				want = tt.src
			}
			if got := voidNotate(ems[0]); got != want || got != m.String() {
				t.Errorf("Notate writes %q, the grammar prints %q; want %q", got, m.String(), want)
			}
		})
	}
}
