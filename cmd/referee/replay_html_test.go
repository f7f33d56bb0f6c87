package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayHTML runs referee replay --html: the page on standard output
// or in -o's file, with check's exit status, every illegal move on it,
// and the flags that do not go with it refused.
func TestReplayHTML(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "page.html")
	tests := []struct {
		name   string
		args   []string
		code   int
		out    string // on standard output, or in -o's file
		stderr string
		file   string // -o's file, when given
	}{
		{"clean", []string{"replay", "--html", examples + "ann-wins.sortie"}, exitClean, `<li id="t19" class="step turn"`, "", ""},
		{"to a file", []string{"replay", "--html", "-o", out, examples + "ann-wins.sortie"}, exitClean, "result: Ann wins on turn 19", "", out},
		{"every illegal move", []string{"replay", "--html", examples + "illegal-out-of-turn.sortie"}, exitIllegal, `<li id="d2" class="diag illegal"`, "", ""},
		{"syntax errors", []string{"replay", "--html", examples + "syntax-errors.sortie"}, exitUsage, `class="diag error"`, "", ""},
		{"-o without --html", []string{"replay", "-o", out, examples + "ann-wins.sortie"}, exitUsage, "", "-o writes the web page: give it with --html", ""},
		{"--turn with --html", []string{"replay", "--html", "--turn", "3", examples + "ann-wins.sortie"}, exitUsage, "", "a link to one ends in #tN", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, errOut := runCLI(t, nil, false, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstderr:\n%s", code, tt.code, errOut)
			}
			if tt.file != "" {
				data, err := os.ReadFile(tt.file)
				if err != nil {
					t.Fatal(err)
				}
				if stdout != "" {
					t.Errorf("with -o, standard output holds %q", stdout)
				}
				stdout = string(data)
			}
			if !strings.Contains(stdout, tt.out) || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("want %q in the page and %q in stderr:\n%.300s\nstderr:\n%s", tt.out, tt.stderr, stdout, errOut)
			}
		})
	}
}
