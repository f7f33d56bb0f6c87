package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/referee"
)

// TestStdin: "-" reads a transcript from standard input in check, fmt,
// replay and legal; the report names it <stdin>; its game comes from
// --game or the Game tag, which must agree.
func TestStdin(t *testing.T) {
	full, err := os.ReadFile(examples + "unfinished.sortie")
	if err != nil {
		t.Fatal(err)
	}
	untagged := strings.Replace(string(full), `[Game "sortie"]`, "", 1)
	if untagged == string(full) {
		t.Fatal("the example has no Game tag to take out")
	}
	messy := strings.Replace(string(full), "\n1. ", "\n1.    ", 1)
	tests := []struct {
		name  string
		input string
		args  []string
		code  int
		out   string // in stdout
		err   string // in stderr
	}{
		{"check, the game by its tag", string(full), []string{"check", "-"}, 0, "<stdin>\n  game      sortie", ""},
		{"check, the game by --game", untagged, []string{"check", "--game", "sortie", "-"}, 0, "<stdin>\n  game      sortie", ""},
		{"check, no way to tell the game", untagged, []string{"check", "-"}, 2, "<stdin>: error: cannot tell the game of standard input: give --game GAME", ""},
		{"check, --game against the tag", string(full), []string{"check", "--game", "mecha", "-"}, 2, "the Game tag says sortie, but --game says mecha", ""},
		{"check, an unknown --game", string(full), []string{"check", "--game", "chess", "-"}, 2, "", "--game: unknown game \"chess\" (known: daemon, mecha"},
		{"check, a slip in --game", string(full), []string{"check", "--game", "sorte", "-"}, 2, "", "--game: unknown game \"sorte\" (did you mean \"sortie\"?)"},
		{"check, --game without -", "", []string{"check", "--game", "sortie", examples + "unfinished.sortie"}, 2, "", "--game is for a transcript read from standard input"},
		{"check, a file and standard input", string(full), []string{"check", examples + "ann-wins.sortie", "-"}, 0, "ann-wins.sortie\n", ""},
		{"fmt prints the canonical layout", messy, []string{"fmt", "-"}, 0, string(full), ""},
		{"fmt -l names it", messy, []string{"fmt", "-l", "-"}, 0, "<stdin>\n", ""},
		{"fmt -w has no file to write", messy, []string{"fmt", "-w", "-"}, 2, "", "standard input (-) has none"},
		{"replay", string(full), []string{"replay", "--turn", "2", "-"}, 0, "<stdin>: sortie", ""},
		{"legal", untagged, []string{"legal", "--game", "sortie", "-"}, 0, "to move on turn", ""},
		{"a syntax error is placed in <stdin>", "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n1. Ann: plcae 7H/8H a1\n", []string{"check", "-"}, 2, "<stdin>:3:", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdin = strings.NewReader(tt.input)
			defer func() { stdin = os.Stdin }()
			code, out, errOut := runCLI(t, nil, false, tt.args...)
			if code != tt.code || !strings.Contains(out, tt.out) || !strings.Contains(errOut, tt.err) {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nwant in it: %q\nstderr:\n%s\nwant in it: %q", code, tt.code, out, tt.out, errOut, tt.err)
			}
		})
	}
}

// TestCheckShards: check --shard i/n over the same folder, for i from 1
// to n, reports every file exactly once.
func TestCheckShards(t *testing.T) {
	files, err := referee.Walk([]string{examples})
	if err != nil {
		t.Fatal(err)
	}
	const n = 3
	seen := map[string]int{}
	for i := 1; i <= n; i++ {
		_, out, errOut := runCLI(t, nil, false, "check", "--format", "json", "--shard", fmt.Sprintf("%d/%d", i, n), examples)
		var doc struct {
			Reports []struct{ Path string }
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("shard %d/%d: %v\n%s%s", i, n, err, out, errOut)
		}
		if len(doc.Reports) == 0 || len(doc.Reports) == len(files) {
			t.Errorf("shard %d/%d checks %d of %d files", i, n, len(doc.Reports), len(files))
		}
		for _, r := range doc.Reports {
			seen[r.Path]++
		}
	}
	for _, f := range files {
		if seen[f] != 1 {
			t.Errorf("%s is checked %d times by the %d shards", f, seen[f], n)
		}
	}
	if len(seen) != len(files) {
		t.Errorf("the shards check %d files, the folder holds %d", len(seen), len(files))
	}
}

// TestReplayOnANarrowTerminal: replay on a terminal narrower than its
// drawing says so on stderr, and draws it all the same; on a wide one,
// or into a pipe, it says nothing.
func TestReplayOnANarrowTerminal(t *testing.T) {
	defer func(f func() int) { terminalWidth = f }(terminalWidth)
	for _, tt := range []struct {
		width    int
		terminal bool
		warned   bool
	}{{20, true, true}, {400, true, false}, {20, false, false}} {
		terminalWidth = func() int { return tt.width }
		code, out, errOut := runCLI(t, nil, tt.terminal, "--color=never", "replay", "--turn", "2", examples+"unfinished.sortie")
		if code != 0 || !strings.Contains(out, "a1") {
			t.Fatalf("exit %d\n%s%s", code, out, errOut)
		}
		if got := strings.Contains(errOut, "columns wide and the terminal 20: its lines wrap"); got != tt.warned {
			t.Errorf("width %d, terminal %v: warned %v, want %v: %q", tt.width, tt.terminal, got, tt.warned, errOut)
		}
	}
}

// TestReplayFromASeat: replay --seat draws the other hand as a count.
func TestReplayFromASeat(t *testing.T) {
	file := examples + "table-club-night.sortie"
	_, all, _ := runCLI(t, nil, false, "replay", "--turn", "3", file)
	code, seat, errOut := runCLI(t, nil, false, "replay", "--turn", "3", "--seat", "Ann", file)
	if code != 0 || !strings.Contains(all, "B Ben  hand 9S") || !strings.Contains(seat, "B Ben  hand 1 card") || strings.Contains(seat, "hand 9S") {
		t.Errorf("exit %d\nevery card:\n%s\nfrom Ann's seat:\n%s%s", code, all, seat, errOut)
	}
	if code, _, errOut := runCLI(t, nil, false, "replay", "--seat", "Cy", file); code != exitUsage || !strings.Contains(errOut, "--seat Cy: the players are Ann and Ben") {
		t.Errorf("a stranger's seat: exit %d, %s", code, errOut)
	}
}

// TestPlayResultBeforeADraw: a result typed where the rules still want a
// draw is answered with a hint about the game, not a diagnostic about the
// file, which is as it was.
func TestPlayResultBeforeADraw(t *testing.T) {
	file := t.TempDir() + "/r.sortie"
	_, out, _ := playScript(t, "Ann: draw 9C KD 5H 2S\nBen: draw 3D 8S JH 4C\ndraw 7H\nend\nresult\n", "sortie", "--record", file)
	if !strings.Contains(out, "not yet: Ben's draw for turn 2 is not recorded") || !strings.Contains(out, "result unfinished to stop here") || strings.Contains(out, "r.sortie:8:1") {
		t.Errorf("the output:\n%s", out)
	}
}

// TestPlayDrawsWhatChanged: after a move, play marks the lines of the
// table that changed; a step that changes nothing on the table (the end
// of a turn, before the next draw) is not drawn again; show draws it all.
func TestPlayDrawsWhatChanged(t *testing.T) {
	file := t.TempDir() + "/r.sortie"
	_, out, _ := playScript(t, "Ann: draw 9C KD 5H 2S\nBen: draw 3D 8S JH 4C\ndraw 7H\nend\nshow\n", "sortie", "--record", file)
	_, rest, _ := strings.Cut(out, "set-up> draw 7H")
	drawn, afterEnd, _ := strings.Cut(rest, "1. Ann> end")
	ended, shown, _ := strings.Cut(afterEnd, "> show")
	if !strings.Contains(drawn, "A Ann  hand 9C KD 5H 2S 7H  <\n") || strings.Contains(drawn, "B Ben  hand 3D 8S JH 4C  <") {
		t.Errorf("the draw's lines are not marked, or others are:\n%s", drawn)
	}
	if !strings.Contains(ended, "(the table is as it was: show draws it again)") || strings.Contains(ended, "hand 9C") {
		t.Errorf("the end of the turn drew the table again:\n%s", ended)
	}
	if !strings.Contains(shown, "A Ann  hand 9C KD 5H 2S 7H\n") {
		t.Errorf("show did not draw the table in full, unmarked:\n%s", shown)
	}
}

// TestPlayWithoutASeed: no game is dealt a seed of the referee's own any
// more; without --seed the table's cards are typed.
func TestPlayWithoutASeed(t *testing.T) {
	for _, game := range []string{"mod", "daemon"} {
		_, out, _ := playScript(t, "quit\n", game)
		if want := "the transcript:\n[Game \"" + game + "\"]\n[Players \"Ann\" \"Ben\"]\n"; !strings.HasSuffix(out, want) {
			t.Errorf("%s: the transcript is not the header alone:\n%s", game, out)
		}
	}
}
