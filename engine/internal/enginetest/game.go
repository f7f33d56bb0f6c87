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
