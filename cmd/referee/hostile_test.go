package main

import (
	"cmp"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// Hostile inputs each end at once with a positioned error and exit status
// 2, in little memory: the limits are checked before any parsing, and
// within them, what a parse keeps follows what is printed.
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
	// Bytes 1 to 255 in a fixed order: most not UTF-8, a line end every
	// 255 bytes, no NUL.
	junk := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(uint(i)*7919%255 + 1) // uint: no negative bytes where an int has 32 bits
		}
		return b
	}
	tests := []struct {
		name, path, where string
		args              []string // before the path; check when nil
		// mb bounds the memory allocated, 100 MB when 0: about twice what
		// each takes, where keeping every token or error took more.
		mb int
	}{
		{"a 2 MB line of {", write("line.sortie", []byte(strings.Repeat("{", 2<<20))), ":1:65537: error: the line is longer than the limit of 65536 bytes (--max-line)", nil, 0},
		{"a 100 MB file", big, ":1:16777217: error: the file is larger than the limit", nil, 0},
		{"10^6 nested braces", write("nest.sortie", []byte(strings.Repeat("{", 1_000_000)+"\n")), ":1:65537: error: the line is longer", nil, 0},
		{"10^6 braces a line", write("nest-lines.sortie", []byte(strings.Repeat("{\n", 1_000_000))), ":1:1: error: unterminated { comment", nil, 0},
		{"random bytes", write("random.sortie", random), ":1:1: error:", nil, 0},
		{"a NUL byte", write("nul.sortie", []byte("[Game \"sortie\"]\n[Players \"Ann\" \x00]\n")), ":2:16: error: a NUL byte", nil, 0},
		{"300,000 moves and a syntax error at the end", write("moves.sortie", []byte("[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n"+strings.Repeat("1. Ann: a1-a2\n", 300_000)+"1. Ann: @\n")), ":100003:9: error: more than the limit of 100000 moves (--max-moves)", nil, 0},
		{"an empty file", write("empty.sortie", nil), ":1:1: error: missing Players tag", nil, 0},
		{"only a header", write("header.sortie", []byte("[Game \"sortie\"]\n[Event \"x\"]\n")), ":1:1: error: missing Players tag", nil, 0},
		// Errors within the limits: memory follows what is printed, not
		// what is found.
		{"10^6 lines of [", write("brackets.sortie", []byte(strings.Repeat("[\n", 1_000_000))), ":1:2: error: expected a name, found the end of the line", nil, 80},
		{"16 lines of 60,000 [", write("bracket-lines.sortie", []byte(strings.Repeat(strings.Repeat("[", 60_000)+"\n", 16))), ":16:2: error: expected a name, found \"[\"", nil, 50},
		{"15 MB of bytes 1 to 255", write("junk.sortie", junk(15<<20)), ":1:1: error: unexpected character '\\x01'", nil, 0},
		{"a 16 MB catalogue of bytes 1 to 255", write("junk.cards", append([]byte("[Game \"mecha\"]\n"), junk(16<<20-32)...)), ":2:1: error: unexpected character '\\x01'", nil, 0},
		{"a 16 MB catalogue listed", filepath.Join(dir, "junk.cards"), ":2:1: error: unexpected character '\\x01'", []string{"cards", "mecha"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			args := append(slices.Clip(tt.args), tt.path)
			if tt.args == nil {
				args = []string{"check", tt.path}
			}
			code, out, _ := runCLI(t, nil, false, args...)
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
			mb := uint64(cmp.Or(tt.mb, 100))
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > mb<<20 {
				t.Errorf("allocated %d MB, want at most %d", alloc>>20, mb)
			}
			// At most --max-diagnostics (100) errors, each with its line,
			// shown escaped: a line of 254 bytes of junk is 700 bytes.
			if len(out) > 128<<10 {
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
