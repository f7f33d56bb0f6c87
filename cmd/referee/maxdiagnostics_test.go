package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestMaxDiagnosticsBoundsWhatIsKept checks that --max-diagnostics both
// prints and keeps that many diagnostics of a file, and counts the rest
// in its note and in the result; 0 prints them all.
func TestMaxDiagnosticsBoundsWhatIsKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.sortie")
	if err := os.WriteFile(path, []byte(strings.Repeat("[\n", 300)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		flag        string
		shown, note int // errors printed, and the count in the note (0: none)
	}{
		{"--max-diagnostics=5", 5, 295},
		{"--max-diagnostics=100", 100, 200},
		{"--max-diagnostics=0", 300, 0},
	} {
		code, out, _ := runCLI(t, nil, false, "check", tt.flag, path)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2", tt.flag, code)
		}
		if n := strings.Count(out, ": error: "); n != tt.shown {
			t.Errorf("%s: %d errors printed, want %d", tt.flag, n, tt.shown)
		}
		note := " diagnostics more not shown (--max-diagnostics)"
		if tt.note > 0 && !strings.Contains(out, ": note: "+strconv.Itoa(tt.note)+note) || tt.note == 0 && strings.Contains(out, note) {
			t.Errorf("%s: want a note of %d more, got:\n%s", tt.flag, tt.note, out[max(0, len(out)-400):])
		}
		if !strings.Contains(out, "not replayed: 300 errors") {
			t.Errorf("%s: the result does not count 300 errors", tt.flag)
		}
	}
}
