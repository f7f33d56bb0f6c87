//go:build unix

package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runWithin2s runs the command as runCLI does, failing the test if it has
// not returned in 2 s: a guard against a read that waits forever, not a
// timing.
func runWithin2s(t *testing.T, args ...string) (code int, out, errOut string) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		code, out, errOut = runCLI(t, nil, false, args...)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatalf("%v: still waiting after 2 s", args)
	}
	return code, out, errOut
}

// A named pipe is refused by every command that reads a file, at once and
// saying what it is; check goes on with the other files of a folder.
func TestNamedPipes(t *testing.T) {
	dir := t.TempDir()
	pipe := func(name string) string {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(path, 0o644); err != nil {
			t.Skipf("no named pipes here: %v", err)
		}
		return path
	}
	x := pipe("x.sortie")
	folder := filepath.Join(dir, "folder")
	pipe("folder/a.sortie")
	good, err := os.ReadFile(examples + "ann-wins.sortie")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(folder, "b.sortie"), good, 0o644); err != nil {
		t.Fatal(err)
	}
	pipe("cat/pipe.cards")
	catGame := filepath.Join(dir, "cat", "g.mecha")
	if err := os.WriteFile(catGame, []byte("[Players \"Ann\" \"Ben\"]\n[Catalogue \"pipe.cards\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join(dir, "repo")
	pipe("repo/examples/sortie/p.sortie")
	isPipe := x + " is a named pipe, not a regular file"
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"check", []string{"check", x}, []string{isPipe}},
		{"check a folder", []string{"check", folder}, []string{"a.sortie is a named pipe, not a regular file", "b.sortie", "Ann wins"}},
		{"fmt", []string{"fmt", x}, []string{isPipe}},
		{"fmt a folder", []string{"fmt", "-l", folder}, []string{"a.sortie is a named pipe, not a regular file"}},
		{"legal", []string{"legal", x}, []string{isPipe}},
		{"replay", []string{"replay", x}, []string{isPipe}},
		{"play --record", []string{"play", "--record", x, "sortie"}, []string{isPipe}},
		{"cards", []string{"cards", "mecha", x}, []string{isPipe}},
		{"a catalogue", []string{"check", catGame}, []string{"2:1: error: cannot read the catalogue:", "pipe.cards is a named pipe, not a regular file"}},
		{"golden", []string{"golden", golden}, []string{"p.sortie is a named pipe, not a regular file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdin = strings.NewReader("quit\n")
			defer func() { stdin = os.Stdin }()
			code, out, errOut := runWithin2s(t, tt.args...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			for _, want := range tt.want {
				if !strings.Contains(out+errOut, want) {
					t.Errorf("want %q in:\n%s%s", want, out, errOut)
				}
			}
		})
	}
}

// A catalogue that leads to a device is refused as one, even under a root
// that holds it.
func TestCatalogueDevice(t *testing.T) {
	game := filepath.Join(t.TempDir(), "g.mod")
	if err := os.WriteFile(game, []byte("[Players \"Ann\" \"Ben\"]\n[Seed \"3\"]\n[Catalogue \"../../../../../../../../../../dev/zero\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runWithin2s(t, "check", "--catalogue-root", "/", game)
	if code != exitUsage || !strings.Contains(out, "3:1: error: cannot read the catalogue: ") || !strings.Contains(out, "/dev/zero is a device, not a regular file") {
		t.Errorf("exit %d:\n%s%s", code, out, errOut)
	}
}

// fmt, legal and cards read no more of a huge file than check does, and
// refuse it with the same message.
func TestHugeFiles(t *testing.T) {
	dir := t.TempDir()
	sparse := func(name string) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := f.Truncate(100 << 20); err != nil { // the file system holds none of it
			t.Fatal(err)
		}
		return path
	}
	big, cards := sparse("big.sortie"), sparse("big.cards")
	const want = ":1:16777217: error: the file is larger than the limit of 16777216 bytes (--max-bytes)"
	for _, args := range [][]string{{"fmt", big}, {"legal", big}, {"cards", "mecha", cards}, {"check", cards}} {
		t.Run(args[0], func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			code, out, errOut := runCLI(t, nil, false, args...)
			runtime.ReadMemStats(&after)
			if code != exitUsage || !strings.Contains(out+errOut, args[len(args)-1]+want) {
				t.Errorf("exit %d, want %d and %q:\n%.600s%.600s", code, exitUsage, want, out, errOut)
			}
			// The limit and one byte are read, and the excerpt of a line
			// is cut: far below the file.
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 50<<20 {
				t.Errorf("allocated %d MB", alloc>>20)
			}
		})
	}
}
