package sortie

import (
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
)

func TestNoVariantsAreTheDefaults(t *testing.T) {
	enginetest.NoVariantsAreTheDefaults(t, Game{}, func(s engine.State) any { return s.(*State).rules })
}
