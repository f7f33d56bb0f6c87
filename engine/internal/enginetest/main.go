package enginetest

import (
	"os"
	"runtime/debug"
	"testing"
)

// Main runs an engine's tests with the collector at the pace the
// referee's batches use (GOGC 400, referee.BatchGCPercent), unless GOGC
// sets it; an engine's TestMain calls it. The random games copy small
// states by the hundred thousand, with a live heap of a few megabytes: at
// Go's default pace (100) the collector then runs every few megabytes and
// takes about a third of the tests' CPU; at 400 it runs about a quarter as
// often, for a heap a few times the live one.
func Main(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(m.Run())
}
