package mod

import (
	"testing"

	"github.com/tabletop-referee/referee/engine/mod"
	"github.com/tabletop-referee/referee/referee"
)

// TestAppendNamesPluralAndTop: the description's writers of card lists,
// counts and shared decks write them as referee.NameList,
// referee.Plural and modTop do.
func TestAppendNamesPluralAndTop(t *testing.T) {
	for _, cards := range [][]string{nil, {}, {"Laser"}, {"Laser", "Plasma Sword", mod.Unknown, "Red"}, {"lower", "Zap-9"}} {
		want := referee.NameList(cards, modCardName)
		if got := string(appendNames([]byte("x"), cards)); got != "x"+want {
			t.Errorf("appendNames(%q) = %q, NameList %q", cards, got, want)
		}
		top, last := "", ""
		if len(cards) > 0 {
			top, last = cards[0], cards[len(cards)-1]
		}
		if got, want := string(appendTop(nil, top, len(cards))), modTop(cards, 0); got != want {
			t.Errorf("appendTop(%q) = %q, modTop %q", cards, got, want)
		}
		if got, want := string(appendTop(nil, last, len(cards))), modTop(cards, len(cards)-1); got != want {
			t.Errorf("appendTop(%q) = %q, modTop %q", cards, got, want)
		}
	}
	for n := -2; n <= 12; n++ {
		if got, want := string(appendPlural(nil, n, "card")), referee.Plural(n, "card"); got != want {
			t.Errorf("appendPlural(%d) = %q, Plural %q", n, got, want)
		}
	}
}
