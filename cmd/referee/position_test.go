package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// referee position prints a transcript that begins from a position; with
// --rest it checks as the whole game does, and a turn it cannot cut at is
// said, not guessed.
func TestPositionCommand(t *testing.T) {
	game := filepath.Join("..", "..", "examples", "sortie", "ann-wins.sortie")
	code, out, errOut := runCLI(t, nil, false, "position", "--turn", "10", game)
	if code != exitClean || !strings.Contains(out, "\nboard: deck 34, discard ") || !strings.HasSuffix(out, "\n\n11. Ann:\n") {
		t.Fatalf("exit %d:\n%s\n%s", code, out, errOut)
	}
	code, out, _ = runCLI(t, nil, false, "position", "--turn", "10", "--rest", game)
	cut := filepath.Join(t.TempDir(), "cut.sortie")
	if err := os.WriteFile(cut, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	_, whole, _ := runCLI(t, nil, false, "check", game)
	_, again, _ := runCLI(t, nil, false, "check", cut)
	result := func(report string) string { _, r, _ := strings.Cut(report, "  result"); return r }
	if code != exitClean || result(again) != result(whole) {
		t.Errorf("from the position:\n%s\nthe whole game:\n%s", again, whole)
	}
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"position", "--turn=-1", game}, exitUsage, "--turn must be 1 or more"},
		{[]string{"position", "--turn", "40", game}, exitUsage, "no position: the game is over: it ended on turn 19"},
		{[]string{"position", game}, exitUsage, "no position: the game is over: it ended on turn 19"},
	} {
		code, out, errOut := runCLI(t, nil, false, tt.args...)
		if code != tt.code || !strings.Contains(out+errOut, tt.want) {
			t.Errorf("%v: exit %d, want %d and %q:\n%s%s", tt.args, code, tt.code, tt.want, out, errOut)
		}
	}
}
