package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const statsFolder = "../../referee/testdata/stats"

// Not parallel: it sets the terminal's width, which decides the bars.
func TestStatsCommand(t *testing.T) {
	defer func(f func() int) { terminalWidth = f }(terminalWidth)
	terminalWidth = func() int { return 100 }
	svg := filepath.Join(t.TempDir(), "charts.svg")
	tests := []struct {
		name        string
		args        []string
		terminal    bool
		code        int
		out, errOut string // what each must hold
	}{
		{"text", []string{"stats", statsFolder}, false, exitClean, "results by seat", ""},
		{"bars on a terminal", []string{"stats", "--color", "never", statsFolder}, true, exitClean, "80.0%  37.6% to 96.4%  |████████▓▓▓▓▓▓▓▓░░░ |", ""},
		{"by players", []string{"stats", "--by", "players", statsFolder}, false, exitClean, "mcts        4", ""},
		{"json", []string{"stats", "--format", "json", "-j", "1", statsFolder}, false, exitClean, `"command": "stats"`, ""},
		{"svg", []string{"stats", "--svg", svg, statsFolder}, false, exitClean, "how games ended", ""},
		{"a bad file", []string{"stats", "../../referee/testdata/stats-bad", statsFolder + "/void"}, false, exitUsage,
			"void: 4 transcripts", "stats-bad/bad-card.sortie:4:14: error: expected a card like 7H or 10S"},
		{"no such path", []string{"stats", "nowhere"}, false, exitUsage, "", "referee: stat nowhere: no such file or directory"},
		{"unknown grouping", []string{"stats", "--by", "bots", statsFolder}, false, exitUsage, "", `--by "bots": expected seat, players, variant`},
		{"nothing to count", []string{"stats", t.TempDir()}, false, exitUsage, "", "no transcripts found"},
		{"svg in no folder", []string{"stats", "--svg", "/nowhere/charts.svg", statsFolder}, false, exitUsage, "", "--svg /nowhere/charts.svg: there is no folder /nowhere to write it in"},
		{"unknown format", []string{"stats", "--format", "sarif", statsFolder}, false, exitUsage, "", "--format"},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, nil, tt.terminal, tt.args...)
		if code != tt.code || !strings.Contains(out, tt.out) || !strings.Contains(errOut, tt.errOut) {
			t.Errorf("%s: exit %d, stdout:\n%.600s\nstderr:\n%s", tt.name, code, out, errOut)
		}
		if tt.name == "text" && strings.Contains(out, "█") {
			t.Errorf("bars on a pipe:\n%s", out)
		}
		if tt.name == "json" && !json.Valid([]byte(out)) {
			t.Errorf("not JSON:\n%s", out)
		}
	}
	data, err := os.ReadFile(svg)
	if err != nil || !strings.HasPrefix(string(data), "<?xml") || !strings.Contains(string(data), "</svg>") {
		t.Errorf("--svg wrote %q, %v", data, err)
	}
}
