package daemon

import (
	"testing"

	"github.com/tabletop-referee/referee/grammar"
)

// Every declaration of a position goes to the engine and back to the
// notation as the grammar's node prints it, so that the notation has one
// printer; Declares says which moves declare.
func TestDeclarationsToEngineAndBack(t *testing.T) {
	tests := []struct {
		text     string
		declares bool
	}{
		{"modules Firewall Worm Blitz", true},
		{`modules "Fire Wall" Worm Blitz`, true},
		{"main Firewall", false},
		{"memory 0", true},
		{"memory 7", true},
		{"grip Sentry Patch Sentry", true},
		{"security Sentry Patch", true},
		{"security 3", true},
		{"security 0", true},
		{"deck Worm Patch", true},
		{"deck 20", true},
		{"deck 0", true},
		{"heap Patch", true},
		{"scripts Coolant", true},
		{"field Sentry Warden", true},
		{"field spent Sentry", true},
		{"field loading Sentry", true},
		{"field spent loading Sentry", true},
		{"draft Firewall", false},
		{"keep", false},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			p := grammar.Daemon.Parse("test.daemon", "Ann: "+tt.text+"\n")
			if len(p.Errors) > 0 || len(p.File.Statements) != 1 || p.File.Statements[0].Setup == nil {
				t.Fatalf("%q does not parse as one set-up line: %v", tt.text, p.Errors)
			}
			m := p.File.Statements[0].Setup.Moves[0]
			if got := daemonDeclares(m); got != tt.declares {
				t.Errorf("Declares = %v, want %v", got, tt.declares)
			}
			ems := daemonToEngine(nil, m, true)
			if len(ems) != 1 {
				t.Fatalf("%d engine moves, want 1", len(ems))
			}
			if got := daemonNotate(ems[0]); got != m.String() || got != tt.text {
				t.Errorf("notated as %q; the node prints %q, want %q", got, m.String(), tt.text)
			}
		})
	}
}
