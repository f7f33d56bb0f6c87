package mod

import (
	"testing"

	"github.com/tabletop-referee/referee/engine/mod"
	"github.com/tabletop-referee/referee/grammar"
)

// TestAppendTop: the description's writer of a shared deck's top card
// writes it as modTop does.
func TestAppendTop(t *testing.T) {
	for _, cards := range [][]string{nil, {}, {"Laser"}, {"Laser", "Plasma Sword", mod.Unknown, "Red"}, {"lower", "Zap-9"}} {
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
}

// TestNameText: a name's kept text is grammar.ModName's String, the
// first time and after.
func TestNameText(t *testing.T) {
	for range 2 {
		for _, name := range []string{"Laser", "Plasma Sword", "lower", "Zap-9", `Say "hi"`, ""} {
			if got, want := nameText(name), grammar.ModName(name).String(); got != want {
				t.Errorf("nameText(%q) = %q, want %q", name, got, want)
			}
		}
	}
}
