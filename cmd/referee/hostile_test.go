package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Hostile inputs each end at once with a positioned error and exit status
// 2, in little memory: the limits are checked before any parsing.
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	random := make([]byte, 4096)
	for i := range random {
		random[i] = byte(i*7919 + i*i*31) // fixed bytes, most not UTF-8
	}
	big := filepath.Join(dir, "big.sortie")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	// 100 MB, sparse: the file system holds none of it.
	if err := f.Truncate(100 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	tests := []struct {
		name, path, where string
	}{
		{"a 2 MB line of {", write("line.sortie", []byte(strings.Repeat("{", 2<<20))), ":1:65537: error: the line is longer than the limit of 65536 bytes (--max-line)"},
		{"a 100 MB file", big, ":1:16777217: error: the file is larger than the limit"},
		{"10^6 nested braces", write("nest.sortie", []byte(strings.Repeat("{", 1_000_000)+"\n")), ":1:65537: error: the line is longer"},
		{"10^6 braces a line", write("nest-lines.sortie", []byte(strings.Repeat("{\n", 1_000_000))), ":1:1: error: unterminated { comment"},
		{"random bytes", write("random.sortie", random), ":1:1: error:"},
		{"a NUL byte", write("nul.sortie", []byte("[Game \"sortie\"]\n[Players \"Ann\" \x00]\n")), ":2:16: error: a NUL byte"},
		{"300,000 moves and a syntax error at the end", write("moves.sortie", []byte("[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n"+strings.Repeat("1. Ann: a1-a2\n", 300_000)+"1. Ann: @\n")), ":100003:9: error: more than the limit of 100000 moves (--max-moves)"},
		{"an empty file", write("empty.sortie", nil), ":1:1: error: missing Players tag"},
		{"only a header", write("header.sortie", []byte("[Game \"sortie\"]\n[Event \"x\"]\n")), ":1:1: error: missing Players tag"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			code, out, _ := runCLI(t, nil, false, "check", tt.path)
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.Contains(out, tt.path+tt.where) {
				t.Errorf("want %q in:\n%.600s", tt.path+tt.where, out)
			}
			// Limits, not timings, are what this checks: these bounds are
			// ten times what any of them takes, so that only a runaway
			// fails.
			if elapsed > 10*time.Second {
				t.Errorf("took %v", elapsed)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 100<<20 {
				t.Errorf("allocated %d MB", alloc>>20)
			}
			if len(out) > 64<<10 {
				t.Errorf("printed %d bytes", len(out))
			}
		})
	}
}

// Each limit is a flag: lowered, it is the one reported.
func TestLimitFlags(t *testing.T) {
	const game = "../../examples/sortie/ann-wins.sortie"
	tests := []struct {
		flag, want string
	}{
		{"--max-bytes=100", "error: the file is larger than the limit of 100 bytes (--max-bytes)"},
		{"--max-line=20", "error: the line is longer than the limit of 20 bytes (--max-line)"},
		{"--max-moves=5", "error: more than the limit of 5 moves (--max-moves)"},
	}
	for _, tt := range tests {
		t.Run(tt.flag, func(t *testing.T) {
			code, out, _ := runCLI(t, nil, false, "check", tt.flag, game)
			if code != 2 || !strings.Contains(out, tt.want) {
				t.Errorf("exit %d, want 2 and %q:\n%s", code, tt.want, out)
			}
		})
	}
	code, out, _ := runCLI(t, nil, false, "check", "--max-diagnostics=2", "../../examples/sortie/syntax-errors.sortie")
	if code != 2 || !strings.Contains(out, "more not shown (--max-diagnostics)") || strings.Count(out, ": error:") != 2 {
		t.Errorf("--max-diagnostics=2: exit %d:\n%s", code, out)
	}
}
