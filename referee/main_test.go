package referee

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain runs the tests with the collector at a quarter of its default
// pace, within a soft limit of 700 MB, unless GOGC says otherwise: they
// make much garbage (random games played, replayed and spoiled), and a
// fifth of their time went to collecting it; the limit keeps the heap
// the corruption tests' shared replays hold from doubling.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
		debug.SetMemoryLimit(700 << 20)
	}
	os.Exit(m.Run())
}
