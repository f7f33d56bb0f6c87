package referee

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// goldenFolder is a folder for GoldenWith: one transcript with its golden
// file, a golden file with no transcript, a temp file an interrupted
// write left beside a golden file, and hidden files that are not temp
// files of a golden file.
func goldenFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"examples/sortie/ann-wins.sortie":                   "",
		"golden/sortie/gone.golden":                         "a report\n",
		"golden/sortie/.ann-wins.golden8674665223082153551": "half a rep",
		"golden/sortie/.notes.txt123":                       "not a golden file's\n",
		"golden/sortie/.ann-wins.golden.swp":                "an editor's\n",
	}
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if text == "" {
			data, err := os.ReadFile(filepath.Join(repo, name))
			if err != nil {
				t.Fatal(err)
			}
			text = string(data)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := GoldenWith(dir, GoldenOptions{Update: true}); err != nil {
		t.Fatal(err)
	}
	return dir
}

func statuses(results []GoldenResult) map[string]GoldenStatus {
	m := map[string]GoldenStatus{}
	for _, r := range results {
		m[r.Golden] = r.Status
	}
	return m
}

// Golden reports a golden file with no transcript as stale and a temp
// file an interrupted write left as stray, both failures; --prune removes
// them, reports them as pruned, and the run passes.
func TestGoldenStaleAndStray(t *testing.T) {
	dir := goldenFolder(t)
	const stray, gone = "golden/sortie/.ann-wins.golden8674665223082153551", "golden/sortie/gone.golden"
	exists := func(name string) bool {
		_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name)))
		return err == nil
	}
	for _, tt := range []struct {
		name   string
		prune  bool
		want   map[string]GoldenStatus
		code   int
		remain bool
	}{
		{"without --prune", false, map[string]GoldenStatus{"golden/sortie/ann-wins.golden": GoldenOK, gone: GoldenStale, stray: GoldenStray}, 1, true},
		{"with --prune", true, map[string]GoldenStatus{"golden/sortie/ann-wins.golden": GoldenOK, gone: GoldenPruned, stray: GoldenPruned}, 0, false},
		{"after --prune", false, map[string]GoldenStatus{"golden/sortie/ann-wins.golden": GoldenOK}, 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			results, err := GoldenWith(dir, GoldenOptions{Prune: tt.prune, Jobs: 1})
			if err != nil {
				t.Fatal(err)
			}
			got := statuses(results)
			if len(got) != len(tt.want) {
				t.Errorf("results %v, want %v", got, tt.want)
			}
			for name, status := range tt.want {
				if got[name] != status {
					t.Errorf("%s: %q, want %q", name, got[name], status)
				}
			}
			if code := GoldenExitCode(results); code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			if exists(stray) != tt.remain || exists(gone) != tt.remain {
				t.Errorf("stray there: %v, stale there: %v; want %v", exists(stray), exists(gone), tt.remain)
			}
			// Hidden files that are not temp files of golden files stay.
			if !exists("golden/sortie/.notes.txt123") || !exists("golden/sortie/.ann-wins.golden.swp") {
				t.Error("--prune removed a file that is not its to remove")
			}
		})
	}
}

// Every output format tells a stray temp file and a file pruned apart
// from the other outcomes, and the JSON matches its schema.
func TestGoldenFormatsStrayAndPruned(t *testing.T) {
	results := []GoldenResult{
		{Golden: "golden/void/.d.golden123", Status: GoldenStray},
		{Golden: "golden/void/.e.golden45", Status: GoldenPruned},
		{Golden: "golden/void/f.golden", Status: GoldenPruned},
		{Golden: "golden/void/g.golden", Status: GoldenStale},
	}
	tests := []struct {
		format Format
		want   []string
	}{
		{FormatText, []string{
			"golden/void/.d.golden123: stray: a temp file an interrupted write left (run: referee golden --prune)\n",
			"golden/void/.e.golden45: pruned: a temp file an interrupted write left\n",
			"golden/void/f.golden: pruned: no transcript had this golden file\n",
			"golden/void/g.golden: stale: no transcript has this golden file\n",
			"golden: 0 ok, 0 updated, 0 mismatched, 0 missing, 1 stale, 1 stray, 2 pruned\n",
		}},
		{FormatJSON, []string{`"stray": 1,`, `"pruned": 2`, `"status": "stray"`, `"exitCode": 1`}},
		{FormatGitHub, []string{
			"::error file=golden/void/.d.golden123,title=golden stray::golden/void/.d.golden123 is a temp file an interrupted write left (run: referee golden --prune)\n",
			"::notice file=golden/void/f.golden,title=golden pruned::removed golden/void/f.golden: no transcript had this golden file\n",
		}},
		{FormatSARIF, []string{`"ruleId": "golden-stray"`, `"ruleId": "golden-pruned"`, `"level": "note"`, `"id": "golden-pruned"`}},
		{FormatJUnit, []string{`type="golden stray"`, "removed golden/void/.e.golden45: a temp file an interrupted write left"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.format), func(t *testing.T) {
			var b bytes.Buffer
			if err := (Output{Format: tt.format}).WriteGolden(&b, results); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("no %q in\n%s", w, b.String())
				}
			}
			if tt.format == FormatJSON {
				validateJSON(t, compileSchema(t, filepath.Join(repo, "docs", "report.schema.json")), b.Bytes())
			}
		})
	}
}
