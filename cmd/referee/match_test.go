package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/creack/pty"

	"github.com/tabletop-referee/referee/referee"
)

func TestMatchCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	code, out, errOut := runCLI(t, nil, false, "match", "sortie", "--players", "greedy,random", "--games", "2", "--seed", "4", "--out", dir, "-j", "2")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"sortie: 2 games between greedy and random", "greedy      2", "random      2", "draws: ", "average length: "} {
		if !strings.Contains(out, want) {
			t.Errorf("the summary has no %q:\n%s", want, out)
		}
	}
	if errOut != "" {
		t.Errorf("something was written to stderr, which is no terminal: %q", errOut)
	}
	for _, name := range []string{"sortie-1.sortie", "sortie-2.sortie"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	if code, out, _ := runCLI(t, nil, false, "check", dir); code != exitClean {
		t.Errorf("the games do not check clean:\n%s", out)
	}
}

func TestMatchCommandRefuses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"match", "sortie", "--players", "mcts,randon"}, `unknown bot "randon" (did you mean "random"?)`},
		{[]string{"match", "sortie", "--games", "0"}, "--games must be at least 1"},
		{[]string{"match", "sortie", "--variant", "tie"}, "--variant tie: expected NAME=VALUE"},
		{[]string{"match", "sortei"}, `unknown game "sortei"`},
	}
	for _, tt := range tests {
		code, _, errOut := runCLI(t, nil, false, tt.args...)
		if code != exitUsage || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, %q; want exit %d and %q", tt.args, code, errOut, exitUsage, tt.want)
		}
	}
}

func TestPlayAgainstABot(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.sortie")
	// The person (Ann) only ends turns; the bot (Ben) plays its own.
	code, out, errOut := playScript(t, strings.Repeat("end\n", 6), "sortie", "--record", file, "--bot", "greedy")
	if code != exitClean {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	if !strings.Contains(out, "dealt with seed ") {
		t.Errorf("no word of the seed dealt:\n%s", out)
	}
	if !strings.Contains(out, "Ben (greedy): place ") {
		t.Errorf("the bot's moves are not printed:\n%s", out)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := referee.Lookup("sortie")
	if r := g.Check(file, string(data), referee.Options{}); r.ExitCode() != 0 {
		t.Errorf("the record does not check clean: %v\n%s", r.Diagnostics, data)
	}
	if !strings.Contains(string(data), "2. Ben: place ") {
		t.Errorf("the bot made no move in its turn:\n%s", data)
	}
	// Ann's hand is drawn, Ben's is not: the person sits at Ann's seat.
	if !strings.Contains(out, "B Ben  hand 5 cards") {
		t.Errorf("the bot's hand is not hidden from the person:\n%s", out)
	}
}

func TestPlayAgainstABotRefuses(t *testing.T) {
	dir := t.TempDir()
	unseeded := filepath.Join(dir, "u.sortie")
	if err := os.WriteFile(unseeded, []byte("[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"sortie", "--bot", "mcst"}, `--bot: unknown bot "mcst" (did you mean "mcts"?)`},
		{[]string{"sortie", "--bot", "mcts", "--bot-seat", "3"}, "--bot-seat 3: expected a seat from 1 to 2, or a player's name (Ann, Ben)"},
		{[]string{"sortie", "--record", unseeded, "--bot", "mcts"}, "has no Seed tag: a bot needs the cards dealt by the referee"},
	}
	for _, tt := range tests {
		code, _, errOut := playScript(t, "", tt.args...)
		if code != exitUsage || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, %q; want exit %d and %q", tt.args, code, errOut, exitUsage, tt.want)
		}
	}
}

// On a terminal the progress line shows, and is taken off before the
// summary, so that the summary's first line stands alone.
func TestMatchOnATerminal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("pseudo-terminals are Unix's")
	}
	cmd := refereeCommand(t, "match", "sortie", "--players", "greedy,random", "--games", "2", "-j", "1")
	cmd.Env = append(cmd.Env, "TERM=xterm", "NO_COLOR=1")
	f, err := pty.Start(cmd)
	if errors.Is(err, pty.ErrUnsupported) {
		t.Skip("no pseudo-terminals here")
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out, _ := io.ReadAll(f) // until the process is gone (EIO on Linux)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v\n%q", err, out)
	}
	for _, want := range []string{"\rsortie: 0/2 games, 0s\x1b[K", "\rsortie: 2/2 games, ", "\r\x1b[Ksortie: 2 games between greedy and random"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("no %q on the terminal:\n%q", want, out)
		}
	}
}
