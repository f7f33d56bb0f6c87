package referee

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain runs the tests with the collector running half as often as by
// default, unless GOGC says otherwise: they make much garbage (random
// games played, replayed and spoiled), and a fifth of their time went to
// collecting it.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
	os.Exit(m.Run())
}
