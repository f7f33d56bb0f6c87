package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of golden/formats from the current output")

// formatExamples are the transcripts whose output golden/formats holds
// in every format: an illegal move, a clean game, syntax errors and a
// recorded result the rules do not give.
var formatExamples = []string{
	"examples/sortie/illegal-moves-twice.sortie",
	"examples/sortie/ann-wins.sortie",
	"examples/sortie/syntax-errors.sortie",
	"examples/void/illegal-wrong-result.void",
}

// formatExtensions name the golden file of each format. None is .golden:
// `referee golden` takes every *.golden file under golden/ for a report
// of a transcript.
var formatExtensions = []struct{ format, ext string }{
	{"text", ".txt"},
	{"json", ".json"},
	{"github", ".github"},
	{"sarif", ".sarif"},
	{"junit", ".junit.xml"},
}

// TestFormatGoldens compares the output of every format, byte for byte,
// with its file under golden/formats: each example checked alone, the
// four checked together (batch), and a golden comparison with one of each
// outcome (golden-command). After a deliberate change, rewrite them with
//
//	go test ./cmd/referee -run TestFormatGoldens -update
//
// and read the diff.
func TestFormatGoldens(t *testing.T) {
	// From the repository's root, so that the paths in the outputs are
	// the ones the README shows, on any machine.
	t.Chdir("../..")
	fixture := goldenFixture(t)
	runs := []struct {
		name string
		args []string
		code int
	}{
		{"batch", append([]string{"check"}, formatExamples...), 2},
		{"golden-command", []string{"golden", fixture}, 1},
	}
	for _, ex := range formatExamples {
		code, _, _ := runCLI(t, nil, false, "check", ex)
		runs = append(runs, struct {
			name string
			args []string
			code int
		}{strings.TrimSuffix(filepath.Base(ex), filepath.Ext(ex)), []string{"check", ex}, code})
	}
	for _, r := range runs {
		for _, f := range formatExtensions {
			t.Run(r.name+f.ext, func(t *testing.T) {
				args := append([]string{r.args[0], "--format", f.format}, r.args[1:]...)
				// GITHUB_ACTIONS is set: a --format given wins over it.
				code, out, errOut := runCLI(t, map[string]string{"GITHUB_ACTIONS": "true"}, false, args...)
				if code != r.code || errOut != "" {
					t.Errorf("exit %d, want %d (as in text); stderr:\n%s", code, r.code, errOut)
				}
				golden := filepath.Join("golden", "formats", r.name+f.ext)
				if *update {
					if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (go test ./cmd/referee -run TestFormatGoldens -update writes it)", err)
				}
				if out != string(want) {
					t.Errorf("the output differs from %s (go test ./cmd/referee -run TestFormatGoldens -update rewrites it):\n%s", golden, out)
				}
			})
		}
	}
}

// goldenFixture is a folder whose golden comparison has one of each
// outcome: ann-wins matches, illegal-moves-twice differs (its golden file
// says no illegal move), illegal-wrong-result has no golden file, and
// golden/mod/gone.golden has no transcript. Reports name files relative
// to the folder, so its place does not show in the outputs.
func goldenFixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	copyFile := func(from, to string, edit func(string) string) {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		to = filepath.Join(dir, to)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, []byte(edit(string(data))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	same := func(s string) string { return s }
	for _, f := range formatExamples {
		if f != "examples/sortie/syntax-errors.sortie" {
			copyFile(f, f, same)
		}
	}
	copyFile("golden/sortie/ann-wins.golden", "golden/sortie/ann-wins.golden", same)
	copyFile("golden/sortie/illegal-moves-twice.golden", "golden/sortie/illegal-moves-twice.golden", func(s string) string {
		return strings.Replace(s, "  illegal   1\n", "  illegal   0\n", 1)
	})
	copyFile("golden/mod/ann-wins.golden", "golden/mod/gone.golden", same)
	return dir
}

func TestFormatFlag(t *testing.T) {
	file := "../../examples/sortie/illegal-moves-twice.sortie"
	actions := map[string]string{"GITHUB_ACTIONS": "true"}
	tests := []struct {
		name   string
		env    map[string]string
		args   []string
		code   int
		prefix string // of stdout
		stderr string
	}{
		{"text by default", nil, []string{"check", file}, 1, "../../examples/sortie/illegal-moves-twice.sortie:10:25: illegal:", ""},
		{"github in GitHub Actions", actions, []string{"--color=always", "check", file}, 1, "::error file=../../examples/sortie/illegal-moves-twice.sortie,line=10,col=25,", ""},
		{"GITHUB_ACTIONS must be true", map[string]string{"GITHUB_ACTIONS": "1"}, []string{"check", file}, 1, "../../examples/sortie/illegal-moves-twice.sortie:10:25: illegal:", ""},
		{"text asked for in GitHub Actions", actions, []string{"check", "--format=text", file}, 1, "../../examples/sortie/illegal-moves-twice.sortie:10:25: illegal:", ""},
		{"json", nil, []string{"--color=always", "check", "--format", "json", file}, 1, "{\n  \"version\": 1,\n  \"command\": \"check\",\n  \"exitCode\": 1,", ""},
		{"sarif", nil, []string{"--color=always", "check", "--format=sarif", file}, 1, "{\n  \"version\": \"2.1.0\",", ""},
		{"junit", nil, []string{"--color=always", "check", "--format=junit", file}, 1, `<?xml version="1.0" encoding="UTF-8"?>`, ""},
		{"unknown format", nil, []string{"check", "--format=xml", file}, 2, "", `unknown format "xml": expected text, json, github, sarif, junit`},
		{"unknown format for golden", nil, []string{"golden", "--format=xml", "../.."}, 2, "", `unknown format "xml"`},
		{"no transcripts, in json", nil, []string{"check", "--format=json", t.TempDir()}, 2, "", "no transcripts found"},
		{"golden in GitHub Actions, all ok", actions, []string{"golden", "../.."}, 0, "", ""},
		{"golden json", nil, []string{"--color=always", "golden", "--format=json", "../.."}, 0, "{\n  \"version\": 1,\n  \"command\": \"golden\",\n  \"exitCode\": 0,", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.env, false, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout:\n%.2000s\nstderr:\n%s", code, tt.code, out, errOut)
			}
			if !strings.HasPrefix(out, tt.prefix) || tt.prefix == "" && out != "" && tt.code == 2 {
				t.Errorf("stdout does not begin with %q:\n%.2000s", tt.prefix, out)
			}
			if !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, errOut)
			}
			// --color=always colours text only.
			if strings.Contains(out, "\x1b[") {
				t.Errorf("colour in a machine format:\n%q", out)
			}
		})
	}
}

// TestFormatsDocExamples holds docs/formats.md to the outputs: each
// example (a code block other than sh) is taken from a file of
// golden/formats, its parts between lines "..." in order, so that the
// page cannot drift from what the formats write.
func TestFormatsDocExamples(t *testing.T) {
	doc, err := os.ReadFile("../../docs/formats.md")
	if err != nil {
		t.Fatal(err)
	}
	goldens, err := filepath.Glob("../../golden/formats/*")
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no golden/formats files: %v", err)
	}
	var outputs []string
	for _, g := range goldens {
		data, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		outputs = append(outputs, string(data))
	}
	// inOrder tells whether the parts occur in out one after another.
	inOrder := func(out string, parts []string) bool {
		for _, p := range parts {
			i := strings.Index(out, p)
			if i < 0 {
				return false
			}
			out = out[i+len(p):]
		}
		return true
	}
	examples := 0
	var block []string
	info, open := "", false
	for line := range strings.Lines(string(doc)) {
		switch {
		case !open && strings.HasPrefix(line, "```"):
			info, open, block = strings.TrimSpace(line[3:]), true, nil
		case open && line == "```\n":
			open = false
			if info == "sh" {
				continue
			}
			examples++
			var parts []string
			part := ""
			for _, l := range block {
				if l == "...\n" {
					parts, part = append(parts, part), ""
					continue
				}
				part += l
			}
			parts = append(parts, part)
			found := false
			for _, out := range outputs {
				found = found || inOrder(out, parts)
			}
			if !found {
				t.Errorf("docs/formats.md: this %s example is not in any file of golden/formats:\n%s", info, strings.Join(block, ""))
			}
		case open:
			block = append(block, line)
		}
	}
	if examples < 5 {
		t.Errorf("only %d examples in docs/formats.md", examples)
	}
}
