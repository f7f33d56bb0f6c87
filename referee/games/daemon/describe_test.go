package daemon

import (
	"testing"

	"github.com/tabletop-referee/referee/grammar"
)

// TestCardText: a name's kept text is grammar.DaemonCardText's, the
// first time and after.
func TestCardText(t *testing.T) {
	for range 2 {
		for _, name := range []string{"Ice", "Black Ice", "?", "lower", "Ice-9", `Say "hi"`, ""} {
			if got, want := cardText(name), grammar.DaemonCardText(grammar.Name(name)); got != want {
				t.Errorf("cardText(%q) = %q, want %q", name, got, want)
			}
		}
	}
}
