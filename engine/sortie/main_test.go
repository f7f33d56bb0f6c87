package sortie

import (
	"testing"

	"github.com/tabletop-referee/referee/engine/internal/enginetest"
)

// TestMain runs the tests with the collector at the pace the referee's
// batches use (enginetest.Main).
func TestMain(m *testing.M) { enginetest.Main(m) }
