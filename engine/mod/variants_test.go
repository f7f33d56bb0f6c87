package mod

import (
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
)

func TestNoVariantsAreTheDefaults(t *testing.T) {
	enginetest.NoVariantsAreTheDefaults(t, Game{Cards: cards(t)}, func(s engine.State) any { return s.(*State).rules })
}
