package mod

import (
	"testing"

	"github.com/tabletop-referee/referee/engine/mod"
	"github.com/tabletop-referee/referee/grammar"
)

// TestTop: a shared deck or pile is written by the card at its top, as
// the notation writes its name, and its size; an empty one as empty.
func TestTop(t *testing.T) {
	for _, tt := range []struct {
		cards []string
		at    int
		want  string
	}{
		{nil, 0, "empty"},
		{[]string{}, 0, "empty"},
		{[]string{"Laser"}, 0, "Laser on top of 1"},
		{[]string{"Laser", "Plasma Sword", mod.Unknown}, 1, `"Plasma Sword" on top of 3`},
		{[]string{"Laser", mod.Unknown}, 1, mod.Unknown + " on top of 2"},
	} {
		if got := modTop(tt.cards, tt.at); got != tt.want {
			t.Errorf("modTop(%q, %d) = %q, want %q", tt.cards, tt.at, got, tt.want)
		}
		top := ""
		if len(tt.cards) > 0 {
			top = tt.cards[tt.at]
		}
		if got := string(appendTop([]byte("x "), top, len(tt.cards))); got != "x "+tt.want {
			t.Errorf("appendTop(%q) = %q, want %q", top, got, "x "+tt.want)
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
