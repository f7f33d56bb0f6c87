package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aymanbagabas/go-udiff"
)

// The -update flag rewrites golden files; other tests of this package
// may define it too, so it is defined here only when no one else has
// (package variables are set before init runs).
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files from the current output")
	}
}

// updating tells whether -update was given.
func updating() bool {
	return flag.Lookup("update").Value.(flag.Getter).Get().(bool)
}

// The output of referee replay for one example of each game, as golden
// files: each is a claim about the rules, read against them before it is
// written. After a deliberate change:
//
//	go test ./cmd/referee -run TestReplayGolden -update
func TestReplayGolden(t *testing.T) {
	// Paths in the output are the repository's, as a user at its root
	// would write them.
	t.Chdir("../..")
	tests := []struct {
		golden string
		args   []string
		code   int
	}{
		// Stops at the illegal move, with check's diagnostic.
		{"sortie-illegal-moves-twice.txt", []string{"examples/sortie/illegal-moves-twice.sortie"}, exitIllegal},
		// The state once turn 5 has ended: towers and mechas with their
		// counters, a placed command with its time counter, entry zones.
		{"mecha-mine.txt", []string{"--turn", "5", "examples/mecha/mine.mecha"}, exitClean},
		// The stack filling up, its activation and the reset.
		{"mod-first-round.txt", []string{"examples/mod/first-round.mod"}, exitClean},
		// The draft, then the memory gauge to its end.
		{"daemon-gauge-end.txt", []string{"examples/daemon/gauge-end.daemon"}, exitClean},
		// The board line, the set-up, and the queue growing.
		{"void-queue-waiting.txt", []string{"examples/void/queue-waiting.void"}, exitClean},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			code, out, errOut := runCLI(t, nil, false, append([]string{"replay"}, tt.args...)...)
			if code != tt.code || errOut != "" {
				t.Errorf("exit %d, want %d; stderr: %s", code, tt.code, errOut)
			}
			path := filepath.Join("golden", "replay", tt.golden)
			if updating() {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./cmd/referee -run TestReplayGolden -update writes it)", err)
			}
			if out != string(want) {
				t.Errorf("the output differs from %s:\n%s", path, udiff.Unified(path, "referee replay", string(want), out))
			}
		})
	}
}

func TestReplayCommand(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		out    string
		stderr string
	}{
		{"clean", []string{"replay", examples + "ann-wins.sortie"}, exitClean, "\n19. Ann: d3-d4\n", ""},
		{"a turn", []string{"replay", "--turn", "11", examples + "ann-wins.sortie"}, exitClean, "\nafter turn 11 (Ann's), as turn 12 begins\n", ""},
		{"the last turn", []string{"replay", "--turn=19", examples + "ann-wins.sortie"}, exitClean, "after turn 19 (Ann's): result: Ann wins", ""},
		{"no such turn", []string{"replay", "--turn", "20", examples + "ann-wins.sortie"}, exitUsage, "", "has no turn 20: its turns are 1 to 19"},
		{"a negative turn", []string{"replay", "--turn=-2", examples + "ann-wins.sortie"}, exitUsage, "", "--turn must be a turn number"},
		{"illegal", []string{"replay", examples + "illegal-placement.sortie"}, exitIllegal, "illegal-placement.sortie:8:18: illegal:", ""},
		{"syntax errors", []string{"replay", "--turn", "3", examples + "syntax-errors.sortie"}, exitUsage, "syntax-errors.sortie:9:27: error: expected", ""},
		{"missing file", []string{"replay", "nowhere.sortie"}, exitUsage, "nowhere.sortie: error: open nowhere.sortie", ""},
		{"a catalogue", []string{"replay", "../../referee/games/mecha/mecha.cards"}, exitUsage, "a catalogue has no moves to replay", ""},
		{"limits", []string{"replay", "--max-moves=5", examples + "ann-wins.sortie"}, exitUsage, "more than the limit of 5 moves (--max-moves)", ""},
		{"no file", []string{"replay"}, exitUsage, "", "expected \"<file>\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, nil, false, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, out, errOut)
			}
			if !strings.Contains(out, tt.out) || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("want %q in stdout and %q in stderr:\n%s\nstderr:\n%s", tt.out, tt.stderr, out, errOut)
			}
		})
	}
}

// Colour tells the players apart only when it is on; their letters
// always do.
func TestReplayColour(t *testing.T) {
	file := "../../examples/mecha/armour-pierce.mecha"
	_, plain, _ := runCLI(t, nil, false, "--color=never", "replay", "--turn", "7", file)
	_, coloured, _ := runCLI(t, nil, false, "--color=always", "replay", "--turn", "7", file)
	if strings.Contains(plain, "\x1b[") || !strings.Contains(coloured, "\x1b[") {
		t.Errorf("escape codes: %v without colour, %v with it", strings.Contains(plain, "\x1b["), strings.Contains(coloured, "\x1b["))
	}
	for _, mark := range []string{"| A 3/3     |", "| B 2/3 a1  |", "A Ann  bandwidth", "B Ben  bandwidth"} {
		if !strings.Contains(plain, mark) {
			t.Errorf("no %q without colour:\n%s", mark, plain)
		}
	}
}
