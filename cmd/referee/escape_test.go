package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/mattn/go-runewidth"
)

// forged is a file name part that, printed raw, would end the line and
// forge a GitHub annotation, then clear the screen.
const forged = "\n::error file=x::forged\x1b[2J"

// checkEscaped fails the test when out holds a raw control character
// (other than line feed and tab) or an invisible format character, or a
// line that starts a GitHub command the command did not mean: every line
// starting with "::" must be one of the github format's own, on the
// escaped path, never "::error file=x::".
func checkEscaped(t *testing.T, what, out string) {
	t.Helper()
	if i := strings.IndexFunc(out, func(r rune) bool {
		return r != '\n' && r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r))
	}); i >= 0 {
		t.Errorf("%s: a raw control character at byte %d:\n%q", what, i, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "::") && (strings.HasPrefix(line, "::error file=x::") || !strings.Contains(line, `%3A%3Aerror file=x%3A%3Aforged\x1b[2J`)) {
			t.Errorf("%s: a forged annotation line: %q", what, line)
		}
	}
}

// hostileFolder is a folder holding a transcript whose name holds a line
// end, a forged annotation and an escape sequence, with an illegal move
// (so that diagnostics name it) in a layout fmt would change. It skips
// the test where such a name cannot be made.
func hostileFolder(t *testing.T) (dir, file string) {
	t.Helper()
	dir = t.TempDir()
	data, err := os.ReadFile(examples + "illegal-moves-twice.sortie")
	if err != nil {
		t.Fatal(err)
	}
	// A comment may hold control characters; fmt -d shows it as context.
	data = []byte(strings.Replace(string(data), "\n3. Ann: ", "\n3.   Ann:  ", 1) + "; \x1b]0;pwned\x07 \u202e\n")
	file = filepath.Join(dir, "a"+forged+".sortie")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Skipf("this file system cannot name a file so: %v", err)
	}
	return dir, file
}

// A file name is user data: every command escapes it wherever it prints
// it, in diagnostics, report headings, fmt's lists and diffs and error
// lines, so that a name cannot forge an annotation in a CI log or drive
// the terminal.
func TestHostileFileNames(t *testing.T) {
	dir, file := hostileFolder(t)
	missing := filepath.Join(dir, "gone"+forged+".sortie")
	tests := []struct {
		name string
		args []string
		want string // a part of the output, escaped
	}{
		{"check, text", []string{"check", "--format", "text", dir}, `a\n::error file=x::forged\x1b[2J.sortie:10:28: illegal:`},
		{"check, github", []string{"check", "--format", "github", dir}, `::error file=` + dir + `/a\n%3A%3Aerror file=x%3A%3Aforged\x1b[2J.sortie,line=10`},
		{"check, json", []string{"check", "--format", "json", dir}, `a\n::error file=x::forged\u001b[2J.sortie`},
		{"check, sarif", []string{"check", "--format", "sarif", dir}, `a%0A::error%20file=x::forged%1B%5B2J.sortie`},
		{"check, junit", []string{"check", "--format", "junit", dir}, `a\n::error file=x::forged\x1b[2J.sortie:10:28:`},
		{"check, in GitHub Actions", []string{"check", dir}, `a\n%3A%3Aerror file=x%3A%3Aforged\x1b[2J.sortie,line=10`},
		{"fmt -l", []string{"fmt", "-l", dir}, `a\n::error file=x::forged\x1b[2J.sortie`},
		{"fmt -d", []string{"fmt", "-d", dir}, `+++ ` + dir + `/a\n::error file=x::forged\x1b[2J.sortie`},
		{"fmt -d: a comment", []string{"fmt", "-d", dir}, "\n " + `; \x1b]0;pwned\a \u202e` + "\n"},
		{"legal", []string{"legal", file}, `a\n::error file=x::forged\x1b[2J.sortie:10:28: illegal:`},
		{"replay", []string{"replay", file}, `a\n::error file=x::forged\x1b[2J.sortie: sortie`},
		{"a missing file", []string{"check", missing}, `gone\n::error file=x::forged\x1b[2J.sortie`},
		{"legal on a missing file", []string{"legal", missing}, `gone\n::error file=x::forged\x1b[2J.sortie`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{}
			if tt.name == "check, in GitHub Actions" {
				env["GITHUB_ACTIONS"] = "true"
			}
			_, out, errOut := runCLI(t, env, false, tt.args...)
			checkEscaped(t, "stdout", out)
			checkEscaped(t, "stderr", errOut)
			if !strings.Contains(out+errOut, tt.want) {
				t.Errorf("the output does not name the file escaped, as %q:\n%s\n%s", tt.want, out, errOut)
			}
		})
	}
}

// play names the file it records to, and echoes the lines piped to it:
// both escaped.
func TestPlayEscapes(t *testing.T) {
	dir := t.TempDir()
	record := filepath.Join(dir, "g"+forged+".sortie")
	code, out, errOut := playScript(t, "place \x1b]0;pwned\x07 a1\n", "sortie", "--record", record, "--seed", "1")
	if _, err := os.Stat(record); err != nil {
		t.Skipf("this file system cannot name a file so: %v", err)
	}
	checkEscaped(t, "stdout", out)
	checkEscaped(t, "stderr", errOut)
	for _, want := range []string{`recording to ` + dir + `/g\n::error file=x::forged\x1b[2J.sortie`, `set-up> place \x1b]0;pwned\a a1`} {
		if !strings.Contains(out, want) {
			t.Errorf("exit %d; the output does not hold %q:\n%s\n%s", code, want, out, errOut)
		}
	}
}

// golden names transcripts and golden files, and prints the diff of a
// golden file holding an escape sequence: in text and in annotations, all
// escaped, the diff's lines kept.
func TestGoldenEscapes(t *testing.T) {
	dir := t.TempDir()
	name := "b" + forged
	data, err := os.ReadFile(examples + "illegal-moves-twice.sortie")
	if err != nil {
		t.Fatal(err)
	}
	// The illegal move's line, which the report shows, ends in a comment
	// holding an escape sequence.
	data = []byte(strings.Replace(string(data), "a2-a3, a3-a4\n", "a2-a3, a3-a4 { \x1b[2J\u202e }\n", 1))
	transcript := filepath.Join(dir, "examples", "sortie", name+".sortie")
	if err := os.MkdirAll(filepath.Dir(transcript), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(transcript, data, 0o644); err != nil {
		t.Skipf("this file system cannot name a file so: %v", err)
	}
	golden := filepath.Join(dir, "golden", "sortie", name+".golden")
	if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(golden, []byte("old report \x1b[31m\u202e\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		format string
		want   []string
	}{
		{"text", []string{
			`examples/sortie/b\n::error file=x::forged\x1b[2J.sortie: mismatch: the report differs from golden/sortie/b\n::error file=x::forged\x1b[2J.golden`,
			"\n--- golden/sortie/b\\n::error file=x::forged\\x1b[2J.golden\n",
			"\n-old report \\x1b[31m\\u202e\n",
			"\n+   10 | 3. Ann: draw QC, a2-a3, a3-a4 { \\x1b[2J\\u202e }\n",
		}},
		{"github", []string{
			`::error file=examples/sortie/b\n%3A%3Aerror file=x%3A%3Aforged\x1b[2J.sortie,title=golden mismatch::the report differs from golden/sortie/b\n::error file=x::forged\x1b[2J.golden%0A`,
			`%0A-old report \x1b[31m\u202e%0A`,
			`%0A+   10 | 3. Ann: draw QC, a2-a3, a3-a4 { \x1b[2J\u202e }%0A`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			code, out, errOut := runCLI(t, nil, false, "golden", "--format", tt.format, dir)
			if code != exitIllegal {
				t.Errorf("exit %d, want %d (a mismatch)", code, exitIllegal)
			}
			checkEscaped(t, "stdout", out)
			checkEscaped(t, "stderr", errOut)
			for _, want := range tt.want {
				if !strings.Contains(out, want) {
					t.Errorf("the output does not hold %q:\n%s", want, out)
				}
			}
		})
	}
}

// A catalogue's names and texts are shown escaped in referee cards, the
// columns lined up on the screen, so that a catalogue cannot clear the
// screen, set the window title or reorder a row.
func TestCardsEscapes(t *testing.T) {
	file := filepath.Join(t.TempDir(), "evil.cards")
	src := "[Game \"mecha\"]\n" +
		"tower   \"Radio\x1b]0;pwned\x07 Tower\"  basic provide 1u durability 3\n" +
		"mecha   \"Sc\u202eout\x1b[2J\"  cost 1 power 1 durability 2 speed 2 haste\n" +
		"command \"Over\\x1b[2Jclock\"  target mecha you control: power +2, speed +1\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, nil, false, "cards", "mecha", file)
	if code != exitClean {
		t.Fatalf("exit %d:\n%s\n%s", code, out, errOut)
	}
	checkEscaped(t, "stdout", out)
	want := []string{
		"kind     name                       properties: effects",
		`tower    Radio\x1b]0;pwned\a Tower  durability 3 provide 1 basic`,
		`mecha    Sc\u202eout\x1b[2J         cost 1 power 1 durability 2 speed 2 haste`,
		`command  Over\x1b[2Jclock           target mecha you control: power +2, speed +1`,
	}
	if got := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("cards:\n%s\nwant:\n%s", out, strings.Join(want, "\n"))
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if w := runewidth.StringWidth(line[:strings.LastIndex(line, "  ")+2]); w != 36 {
			t.Errorf("the third column starts at %d, not 36: %q", w, line)
		}
	}
}

// A catalogue with no cards loads, and is listed as an empty table rather
// than refused: comments alone make one.
func TestCardsEmptyCatalogue(t *testing.T) {
	file := filepath.Join(t.TempDir(), "empty.cards")
	if err := os.WriteFile(file, []byte("[Game \"mecha\"]\n{}\n; nothing yet\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, nil, false, "cards", "mecha", file)
	if code != exitClean || out != "kind  name  properties: effects\n" {
		t.Errorf("exit %d:\n%q\n%s", code, out, errOut)
	}
}
