package main

import (
	"path/filepath"
	"testing"
)

// The signal handler is installed before a command that may write a file
// or change the terminal, and not before one that only prints.
func TestSignalHandlerOnlyForCommandsThatWrite(t *testing.T) {
	example := filepath.Join("..", "..", "examples", "sortie", "ann-wins.sortie")
	tests := []struct {
		args  []string
		guard bool
	}{
		{[]string{"check", example}, false},
		{[]string{"legal", example}, false},
		{[]string{"games"}, false},
		{[]string{"grammar", "sortie"}, false},
		{[]string{"cards", "mod"}, false},
		{[]string{"version"}, false},
		{[]string{"completion", "bash"}, false},
		{[]string{"fmt", example}, true},
		{[]string{"random", "sortie", "--seed", "1", "--count", "1", "--out", t.TempDir()}, true},
		{[]string{"golden", t.TempDir()}, true},
	}
	defer func() { guardSignals = nil }()
	for _, tt := range tests {
		guarded := false
		guardSignals = func() { guarded = true }
		runCLI(t, nil, false, tt.args...)
		if guarded != tt.guard {
			t.Errorf("%v: signal handler installed %v, want %v", tt.args, guarded, tt.guard)
		}
	}
}
