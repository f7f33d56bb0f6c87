package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// messy is a transcript that fmt rewrites.
const messy = "[Game   \"sortie\"]\n[Players \"Ann\"   \"Ben\"]\n1.Ann:   place 8C/7S a2\n"

// fmt -w writes the file a symlink leads to, keeping the link, and
// refuses a read-only file with a message, as root too.
func TestFmtWriteFileKinds(t *testing.T) {
	const formatted = "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n\n1. Ann: place 8C/7S a2\n"
	dir := t.TempDir()
	real := filepath.Join(dir, "real.sortie")
	if err := os.WriteFile(real, []byte(messy), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.sortie")
	if err := os.Symlink("real.sortie", link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if code, _, errOut := runCLI(t, nil, false, "fmt", "-w", link); code != 0 {
		t.Fatalf("fmt -w on a link: exit %d: %s", code, errOut)
	}
	if info, _ := os.Lstat(link); info.Mode()&os.ModeSymlink == 0 {
		t.Error("fmt -w replaced the link by a file")
	}
	if data, _ := os.ReadFile(real); string(data) != formatted {
		t.Errorf("the link's target holds\n%s", data)
	}

	readOnly := filepath.Join(dir, "kept.sortie")
	if err := os.WriteFile(readOnly, []byte(messy), 0o444); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, nil, false, "fmt", "-w", readOnly)
	if code != exitUsage || !strings.Contains(errOut, "kept.sortie is read-only; not rewritten") {
		t.Errorf("fmt -w on a read-only file: exit %d: %s", code, errOut)
	}
	if data, _ := os.ReadFile(readOnly); string(data) != messy {
		t.Errorf("the read-only file was rewritten:\n%s", data)
	}
}

// golden fails on a stray temp file and a golden file with no
// transcript, and --prune removes both and lists them.
func TestGoldenPrune(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(examples + "ann-wins.sortie")
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "examples/sortie"), 0o755)
	os.WriteFile(filepath.Join(dir, "examples/sortie/game.sortie"), src, 0o644)
	if code, _, errOut := runCLI(t, nil, false, "golden", "--update", dir); code != 0 {
		t.Fatalf("golden --update: exit %d: %s", code, errOut)
	}
	stray := filepath.Join(dir, "golden/sortie/.game.golden1234567")
	stale := filepath.Join(dir, "golden/sortie/gone.golden")
	os.WriteFile(stray, []byte("half"), 0o600)
	os.WriteFile(stale, []byte("a report\n"), 0o644)

	code, out, _ := runCLI(t, nil, false, "golden", dir)
	if code != exitIllegal || !strings.Contains(out, "golden/sortie/.game.golden1234567: stray:") || !strings.Contains(out, "golden/sortie/gone.golden: stale:") {
		t.Errorf("golden: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, nil, false, "golden", "--prune", dir)
	want := "golden/sortie/.game.golden1234567: pruned: a temp file an interrupted write left\n" +
		"golden/sortie/gone.golden: pruned: no transcript had this golden file\n" +
		"golden: 1 ok, 0 updated, 0 mismatched, 0 missing, 0 stale, 2 pruned\n"
	if code != exitClean || out != want {
		t.Errorf("golden --prune: exit %d\n%s\nwant:\n%s", code, out, want)
	}
	for _, f := range []string{stray, stale} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s is still there", f)
		}
	}
	if code, out, _ := runCLI(t, nil, false, "golden", dir); code != exitClean || out != "golden: 1 ok, 0 updated, 0 mismatched, 0 missing, 0 stale\n" {
		t.Errorf("golden after --prune: exit %d\n%s", code, out)
	}
}
