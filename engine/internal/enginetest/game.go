package enginetest

import (
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/catalogue"
)

// Players are the names the engines' tests play with: Ann moves first.
var Players = []string{"Ann", "Ben"}

// NewSeeded starts a seeded game of g between Players, failing the test if
// it cannot start, and returns the game's own state type S.
func NewSeeded[S engine.State](t testing.TB, g engine.Game, seed uint64, variants map[string]string) S {
	t.Helper()
	st, err := g.New(engine.Options{Players: Players, Seeded: true, Seed: seed, Variants: variants})
	if err != nil {
		t.Fatal(err)
	}
	return st.(S)
}

// LoadFinds checks that load reads cat without a panic and finds at least
// one error in it: for catalogues a parser would not produce, such as an
// empty effect.
func LoadFinds[C any](t testing.TB, load func(*catalogue.Catalogue) (C, []*catalogue.Error), cat *catalogue.Catalogue, what string) {
	t.Helper()
	var errs []*catalogue.Error
	panicked := func() (p any) {
		defer func() { p = recover() }()
		_, errs = load(cat)
		return nil
	}()
	if panicked != nil {
		t.Fatalf("Load(%q) panics: %v", what, panicked)
	}
	if len(errs) == 0 {
		t.Errorf("Load(%q) finds no error", what)
	}
}

// NoVariantsAreTheDefaults fails the test unless a seeded game of g that
// names no variant plays by the rules of one that names every variant's
// default (rules gives a state's rules, as a comparable value), and unless
// each variant refuses a value it does not have. An engine starts a game
// that names no variant without resolving the list, most games naming
// none: the two ways must agree.
func NoVariantsAreTheDefaults(t *testing.T, g engine.Game, rules func(engine.State) any) {
	t.Helper()
	defaults := map[string]string{}
	for _, v := range g.Variants() {
		defaults[v.Name] = v.Values[0]
	}
	none, chosen := NewSeeded[engine.State](t, g, 1, nil), NewSeeded[engine.State](t, g, 1, defaults)
	if a, b := rules(none), rules(chosen); a != b {
		t.Errorf("no variants: %+v; every default: %+v", a, b)
	}
	for name := range defaults {
		if _, err := g.New(engine.Options{Players: Players, Seeded: true, Variants: map[string]string{name: "nonsense"}}); err == nil {
			t.Errorf("%s=nonsense is read", name)
		}
	}
}
