package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/referee"
)

// runCLI runs the command in-process, as main would, with the given
// environment and terminal.
func runCLI(t *testing.T, env map[string]string, terminal bool, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb, func(k string) string { return env[k] }, terminal)
	return code, out.String(), errb.String()
}

const examples = "../../examples/sortie/"

func TestExitCodes(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"clean game", []string{"check", examples + "ann-wins.sortie"}, 0, "Ann wins on turn 19"},
		{"illegal move", []string{"check", examples + "illegal-placement.sortie"}, 1, "illegal-placement.sortie:8:18: illegal:"},
		{"syntax error", []string{"check", examples + "syntax-errors.sortie"}, 2, "syntax-errors.sortie:9:27: error: expected"},
		{"a folder takes the worst", []string{"check", examples}, 2, "ben-wins-seeded.sortie"},
		{"keep going", []string{"check", "--keep-going", examples + "illegal-placement.sortie"}, 1, "illegal   1"},
		{"missing file", []string{"check", "nowhere.sortie"}, 2, ""},
		{"unknown flag", []string{"check", "--frobnicate", examples}, 2, ""},
		{"unknown command", []string{"frobnicate"}, 2, ""},
		{"no command", []string{}, 2, ""},
		{"help", []string{"--help"}, 0, "Usage: referee"},
		{"bad colour", []string{"--color=sometimes", "games"}, 2, ""},
		{"games", []string{"games"}, 0, "sortie   .sortie"},
		{"grammar", []string{"grammar", "sortie"}, 0, `SortiePlace = "place" <card> "/" <card> <square> .`},
		{"grammar of an unknown game", []string{"grammar", "chess"}, 2, ""},
		{"legal", []string{"legal", examples + "unfinished.sortie"}, 0, "Cleo to move on turn 9"},
		{"legal after an illegal move", []string{"legal", examples + "illegal-placement.sortie"}, 1, "illegal:"},
		{"legal with syntax errors", []string{"legal", examples + "syntax-errors.sortie"}, 2, "error:"},
		{"random", []string{"random", "sortie", "--seed", "5"}, 0, "[Seed \""},
		{"random without a seed", []string{"random", "sortie"}, 2, ""},
		{"random mecha", []string{"random", "mecha", "--seed", "5"}, 0, "[Game \"mecha\"]"},
		{"random from a stranger's seat", []string{"random", "sortie", "--seed", "5", "--perspective", "Cy"}, 2, ""},
		{"cards", []string{"cards", "mecha"}, 0, "tower    Radio Tower                durability 3 provide 1 basic"},
		{"cards of a game without a catalogue", []string{"cards", "sortie"}, 2, "sortie has no card catalogue"},
		{"cards of an unknown game", []string{"cards", "chess"}, 2, ""},
		{"cards from a missing file", []string{"cards", "mecha", "nowhere.cards"}, 2, ""},
		{"a catalogue checked", []string{"check", "../../referee/games/mecha/mecha.cards"}, 0, "a catalogue of 23 cards and 2 decks"},
		{"cards from a file", []string{"cards", "mecha", "../../referee/games/mecha/mecha.cards"}, 0, "deck     Aggro"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, nil, false, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, out, errOut)
			}
			if !strings.Contains(out, tt.out) {
				t.Errorf("stdout lacks %q:\n%s", tt.out, out)
			}
			if tt.code == 2 && tt.out == "" && errOut == "" {
				t.Error("a usage error with no message")
			}
		})
	}
}

// TestUsageAndVersion: no arguments print the usage on stderr, as go and
// git do; --version and version print the build's version.
func TestUsageAndVersion(t *testing.T) {
	code, out, errOut := runCLI(t, nil, false)
	if code != exitUsage || out != "" || !strings.Contains(errOut, "Usage: referee <command>") || !strings.Contains(errOut, "check") {
		t.Errorf("no arguments: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	want := "referee " + referee.Version().String() + "\n"
	if code, out, _ := runCLI(t, nil, false, "--version"); code != 0 || out != want {
		t.Errorf("--version: exit %d, %q, want %q", code, out, want)
	}
	code, out, _ = runCLI(t, nil, false, "version")
	if code != 0 || !strings.HasPrefix(out, want) || !strings.Contains(out, "module  github.com/tabletop-referee/referee\n") {
		t.Errorf("version: exit %d\n%s", code, out)
	}
}

// TestGoldenWithoutExamples: golden in a folder with no examples/ says
// what layout it expects.
func TestGoldenWithoutExamples(t *testing.T) {
	code, _, errOut := runCLI(t, nil, false, "golden", t.TempDir())
	if code != exitUsage || !strings.Contains(errOut, "has no examples folder: golden compares the reports of the transcripts under DIR/examples/<game>/ with their files under DIR/golden/<game>/") {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

func TestColour(t *testing.T) {
	file := examples + "illegal-placement.sortie"
	tests := []struct {
		name     string
		env      map[string]string
		terminal bool
		flag     string
		want     bool
	}{
		{"auto on a terminal", nil, true, "auto", true},
		{"auto into a pipe", nil, false, "auto", false},
		{"auto with NO_COLOR", map[string]string{"NO_COLOR": "1"}, true, "auto", false},
		{"auto on a dumb terminal", map[string]string{"TERM": "dumb"}, true, "auto", false},
		{"always into a pipe", nil, false, "always", true},
		{"never on a terminal", nil, true, "never", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, out, _ := runCLI(t, tt.env, tt.terminal, "--color="+tt.flag, "check", file)
			if got := strings.Contains(out, "\x1b["); got != tt.want {
				t.Errorf("colour %v, want %v:\n%q", got, tt.want, out)
			}
		})
	}
}

func TestFmt(t *testing.T) {
	dir := t.TempDir()
	messy := "[Game   \"sortie\"]\n[Players \"Ann\"   \"Ben\"]\n[Seed \"3\"]\n1.Ann:   place 8C/7S a2 ;  first\n"
	path := filepath.Join(dir, "messy.sortie")
	if err := os.WriteFile(path, []byte(messy), 0o600); err != nil {
		t.Fatal(err)
	}
	want := "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"3\"]\n\n1. Ann: place 8C/7S a2 ;  first\n"

	if code, out, _ := runCLI(t, nil, false, "fmt", path); code != 0 || out != want {
		t.Errorf("fmt: exit %d\n%s", code, out)
	}
	if code, out, _ := runCLI(t, nil, false, "fmt", "-l", dir); code != 0 || strings.TrimSpace(out) != path {
		t.Errorf("fmt -l: exit %d, %q", code, out)
	}
	if code, out, _ := runCLI(t, nil, false, "fmt", "-d", path); code != 0 || !strings.Contains(out, "+1. Ann: place 8C/7S a2") {
		t.Errorf("fmt -d: exit %d\n%s", code, out)
	}
	if code, _, _ := runCLI(t, nil, false, "fmt", "-w", path); code != 0 {
		t.Errorf("fmt -w: exit %d", code)
	}
	got, _ := os.ReadFile(path)
	if string(got) != want {
		t.Errorf("fmt -w wrote\n%s", got)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("fmt -w changed the mode to %v", info.Mode().Perm())
	}
	if code, out, _ := runCLI(t, nil, false, "fmt", "-l", path); code != 0 || out != "" {
		t.Errorf("fmt -l after -w: exit %d, %q", code, out)
	}
	// A file with syntax errors is left alone, and the errors are shown.
	bad := filepath.Join(dir, "bad.sortie")
	os.WriteFile(bad, []byte("[Game \"sortie\"]\n1. Ann: place 9C KD a1\n"), 0o644)
	code, _, errOut := runCLI(t, nil, false, "fmt", "-w", bad)
	if code != 2 || !strings.Contains(errOut, "bad.sortie:2:18: error: expected") {
		t.Errorf("fmt -w on a bad file: exit %d\n%s", code, errOut)
	}
	if got, _ := os.ReadFile(bad); !strings.Contains(string(got), "place 9C KD a1") {
		t.Error("fmt -w rewrote a file with syntax errors")
	}
}

func TestGoldenCommand(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "examples/sortie"), 0o755)
	src, _ := os.ReadFile(examples + "illegal-placement.sortie")
	os.WriteFile(filepath.Join(dir, "examples/sortie/game.sortie"), src, 0o644)

	if code, out, _ := runCLI(t, nil, false, "golden", dir); code != 1 || !strings.Contains(out, "missing") {
		t.Errorf("golden with no golden file: exit %d\n%s", code, out)
	}
	if code, out, _ := runCLI(t, nil, false, "golden", "--update", dir); code != 0 || !strings.Contains(out, "1 updated") {
		t.Errorf("golden --update: exit %d\n%s", code, out)
	}
	if code, out, _ := runCLI(t, nil, false, "--color=always", "golden", dir); code != 0 || !strings.Contains(out, "1 ok") {
		t.Errorf("golden after update: exit %d\n%s", code, out)
	}
	golden, _ := os.ReadFile(filepath.Join(dir, "golden/sortie/game.golden"))
	if strings.Contains(string(golden), "\x1b[") || !strings.Contains(string(golden), "examples/sortie/game.sortie:8:18: illegal:") {
		t.Errorf("golden file:\n%s", golden)
	}
	// Change the transcript: the report no longer matches, and the diff says how.
	os.WriteFile(filepath.Join(dir, "examples/sortie/game.sortie"), []byte(strings.Replace(string(src), "place 9C/KD b2", "place 9C/KD a2", 1)), 0o644)
	code, out, _ := runCLI(t, nil, false, "golden", dir)
	if code != 1 || !strings.Contains(out, "mismatch") || !strings.Contains(out, "-examples/sortie/game.sortie:8:18: illegal:") {
		t.Errorf("golden after a change: exit %d\n%s", code, out)
	}
	// A golden file whose transcript is gone is stale.
	os.Remove(filepath.Join(dir, "examples/sortie/game.sortie"))
	if code, out, _ := runCLI(t, nil, false, "golden", dir); code != 1 || !strings.Contains(out, "stale") {
		t.Errorf("golden with a stale file: exit %d\n%s", code, out)
	}
}

func TestRandomToFolder(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := runCLI(t, nil, false, "random", "sortie", "--seed", "40", "--count", "3", "--out", dir); code != 0 {
		t.Fatalf("random: exit %d: %s", code, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.sortie"))
	if len(files) != 3 {
		t.Fatalf("random wrote %v", files)
	}
	if code, out, _ := runCLI(t, nil, false, "check", dir); code != 0 {
		t.Errorf("random games do not check clean:\n%s", out)
	}
	// The same seed gives the same game.
	_, a, _ := runCLI(t, nil, false, "random", "sortie", "--seed", "40")
	b, _ := os.ReadFile(filepath.Join(dir, "random-40.sortie"))
	if a != string(b) {
		t.Error("random --seed 40 differs between runs")
	}
}
