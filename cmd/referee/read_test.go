package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A limit of 0 or less bounds nothing: it is a usage error naming its
// flag, not the default unseen.
func TestLimitFlagsRefuseNonsense(t *testing.T) {
	file := examples + "ann-wins.sortie"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"check", "--max-bytes=-1", file}, "--max-bytes must be 1 or more, not -1"},
		{[]string{"check", "--max-bytes=0", file}, "--max-bytes must be 1 or more, not 0"},
		{[]string{"check", "--max-line=-5", file}, "--max-line must be 1 or more, not -5"},
		{[]string{"check", "--max-moves=0", file}, "--max-moves must be 1 or more, not 0"},
		{[]string{"check", "--max-diagnostics=-1", file}, "--max-diagnostics must be 0 or more, not -1"},
		{[]string{"replay", "--max-bytes=-1", file}, "--max-bytes must be 1 or more"},
		{[]string{"legal", "--max-moves=-1", file}, "--max-moves must be 1 or more"},
		{[]string{"fmt", "--max-line=-1", file}, "--max-line must be 1 or more"},
		{[]string{"cards", "--max-bytes=-1", "mecha"}, "--max-bytes must be 1 or more"},
		{[]string{"golden", "--max-bytes=-1", "../.."}, "--max-bytes must be 1 or more"},
		{[]string{"play", "--max-bytes=-1", "sortie"}, "--max-bytes must be 1 or more"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, nil, false, tt.args...)
			if code != exitUsage || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, want %d and %q:\n%s%s", code, exitUsage, tt.want, out, errOut)
			}
		})
	}
	// 0 diagnostics is every one.
	if code, _, errOut := runCLI(t, nil, false, "check", "--max-diagnostics=0", file); code != exitClean {
		t.Errorf("--max-diagnostics=0: exit %d: %s", code, errOut)
	}
}

// fmt on a folder with no transcripts says so, as check does.
func TestFmtFindsNothing(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "only.cards"), []byte("[Game \"mecha\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{t.TempDir(), dir} {
		code, out, errOut := runCLI(t, nil, false, "fmt", path)
		if code != exitUsage || !strings.Contains(errOut, "no transcripts found") {
			t.Errorf("fmt %s: exit %d:\n%s%s", path, code, out, errOut)
		}
	}
}

// A Catalogue tag out of the transcript's folder is refused by every
// command that replays, and --catalogue-root lets it in; what the file
// holds is never shown.
func TestCatalogueRootFlag(t *testing.T) {
	dir := t.TempDir()
	catalogue, err := os.ReadFile("../../examples/mod/tiny.cards")
	if err != nil {
		t.Fatal(err)
	}
	const secret = "hunter2secret"
	files := map[string]string{
		"shared/tiny.cards":  string(catalogue),
		"private/key.cards":  "[Game \"mod\"]\n" + secret + " x\n",
		"games/g.mod":        "[Game \"mod\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"3\"]\n[Catalogue \"../shared/tiny.cards\"]\n",
		"games/leak.mod":     "[Game \"mod\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"3\"]\n[Catalogue \"../private/key.cards\"]\n",
		"games/zero.mod":     "[Game \"mod\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"3\"]\n[Catalogue \"../../../../../../../../../../dev/zero\"]\n",
		"games/absolute.mod": "[Game \"mod\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"3\"]\n[Catalogue \"" + filepath.ToSlash(filepath.Join(dir, "private/key.cards")) + "\"]\n",
	}
	for name, src := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	game := filepath.Join(dir, "games", "g.mod")
	shared := filepath.Join(dir, "shared")
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"check", []string{"check", game}, exitUsage, "4:1: error: the Catalogue tag names \"../shared/tiny.cards\", outside the transcript's folder"},
		{"check, widened", []string{"check", "--catalogue-root", shared, game}, exitClean, "unfinished"},
		{"replay", []string{"replay", game}, exitUsage, "outside the transcript's folder"},
		{"replay, widened", []string{"replay", "--catalogue-root", shared, game}, exitClean, "unfinished"},
		{"legal", []string{"legal", game}, exitUsage, "outside the transcript's folder"},
		{"legal, widened", []string{"legal", "--catalogue-root", shared, game}, exitClean, "Ann to move"},
		{"a root that is not there", []string{"check", "--catalogue-root", filepath.Join(dir, "nowhere"), game}, exitUsage, ""},
		{"a leak", []string{"check", "--catalogue-root", shared, filepath.Join(dir, "games", "leak.mod")}, exitUsage, "outside the transcript's folder and the catalogue root"},
		{"a leak in json", []string{"check", "--format", "json", filepath.Join(dir, "games", "leak.mod")}, exitUsage, "outside the transcript's folder"},
		{"a leak in github", []string{"check", "--format", "github", filepath.Join(dir, "games", "leak.mod")}, exitUsage, "outside the transcript's folder"},
		{"an absolute leak", []string{"check", "--catalogue-root", dir, filepath.Join(dir, "games", "absolute.mod")}, exitUsage, "an absolute path"},
		{"/dev/zero", []string{"check", filepath.Join(dir, "games", "zero.mod")}, exitUsage, "outside the transcript's folder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, nil, false, tt.args...)
			if code != tt.code || !strings.Contains(out+errOut, tt.want) {
				t.Errorf("exit %d (want %d), want %q:\n%s%s", code, tt.code, tt.want, out, errOut)
			}
			if strings.Contains(out+errOut, secret) {
				t.Errorf("the output shows what the file outside holds:\n%s%s", out, errOut)
			}
		})
	}
}
