package grammar_test

import (
	"slices"
	"testing"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
)

// TestParseUnexplainedPlacesErrorsAsParse checks that a parse whose errors
// are not explained finds the same statements and places its errors where
// Parse places them.
func TestParseUnexplainedPlacesErrorsAsParse(t *testing.T) {
	for _, tt := range []struct {
		g   *notation.Grammar
		src string
	}{
		{grammar.Sortie, "1. X: a1-a2\n2. X: plcae 9C/KD a1\n3. X: a1-\n4. X: draw 7H\n"},
		{grammar.Sortie, "1. X: draw 7H, a1 b2\n"},
		{grammar.Mecha, "1. X: play Scout a9, sacrfice a1\n2. X: draw Scout\n"},
		{grammar.Daemon, "1. X: draft Firewall\n2. X: atack Probe\n"},
		{grammar.Void, "1. X: play Shock North\n2. X: Ben pley Scout\n"},
		{grammar.Mod, "1. X: assign Laser\n2. X: fuel fuel\n"},
	} {
		explained, unexplained := tt.g.Parse("t", tt.src), tt.g.ParseUnexplained("t", tt.src)
		if len(explained.Errors) == 0 {
			t.Fatalf("%q: no error to place", tt.src)
		}
		places := func(p *notation.Parsed) (out []notation.Span) {
			for _, e := range p.Errors {
				out = append(out, notation.Span{Start: e.Span.Start, End: e.Span.Start})
			}
			return out
		}
		if got, want := places(unexplained), places(explained); !slices.Equal(got, want) {
			t.Errorf("%q: errors at %v, Parse places them at %v", tt.src, got, want)
		}
		if got, want := notationtest.Summary(unexplained), notationtest.Summary(explained); !slices.Equal(got, want) {
			t.Errorf("%q: statements %q, Parse finds %q", tt.src, got, want)
		}
	}
}
