package daemon

import (
	"testing"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee"
)

// TestAppendNamesAndPlural: the description's writers of card lists and
// counts write them as referee.NameList and referee.Plural do.
func TestAppendNamesAndPlural(t *testing.T) {
	for _, cards := range [][]string{nil, {}, {"Ice"}, {"Ice", "Black Ice", "?", "Wall"}, {"lower", "Ice-9"}} {
		want := referee.NameList(cards, grammar.DaemonCardText)
		if got := string(appendNames([]byte("x"), cards)); got != "x"+want {
			t.Errorf("appendNames(%q) = %q, NameList %q", cards, got, want)
		}
	}
	for n := -2; n <= 12; n++ {
		if got, want := string(appendPlural(nil, n, "card")), referee.Plural(n, "card"); got != want {
			t.Errorf("appendPlural(%d) = %q, Plural %q", n, got, want)
		}
	}
}
