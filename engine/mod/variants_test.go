package mod

import (
	"testing"

	"github.com/tabletop-referee/referee/engine"
)

// TestNoVariantsAreTheDefaults: a game that chooses no variant, which New
// does not resolve, plays by the same rules as one that chooses every
// default; and an unknown value is still refused.
func TestNoVariantsAreTheDefaults(t *testing.T) {
	defaults := map[string]string{}
	for _, v := range (Game{}).Variants() {
		defaults[v.Name] = v.Values[0]
	}
	none, chosen := newGame(t, cards(t), 1, nil), newGame(t, cards(t), 1, defaults)
	if none.rules != chosen.rules {
		t.Errorf("no variants: %+v; every default: %+v", none.rules, chosen.rules)
	}
	for name := range defaults {
		if _, err := (Game{Cards: cards(t)}).New(engine.Options{Seeded: true, Variants: map[string]string{name: "nonsense"}}); err == nil {
			t.Errorf("%s=nonsense is read", name)
		}
	}
}
