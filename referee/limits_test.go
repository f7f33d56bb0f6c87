package referee

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestHostileInputsKeepDiagnosticsWithin checks that inputs with a million
// errors keep the first --max-diagnostics of them, count every one, and
// allocate memory in proportion to their size, not to their errors: 2 MB
// of "[" lines took 4.7 GB, 10^6 lines of {} as a catalogue 1.5 GB, and
// a 1 MB junk catalogue 44 GB and 40 s.
func TestHostileInputsKeepDiagnosticsWithin(t *testing.T) {
	header := "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"1\"]\n"
	junk := func(n int) string {
		const chars = "[]{}\"\n ;:,!@#$%^&*()abcXYZ0123456789\\"
		b := make([]byte, n)
		for i := range b {
			b[i] = chars[(uint(i)*7919+uint(i)/13)%uint(len(chars))] // uint: no negative index where an int has 32 bits
		}
		return string(b)
	}
	for _, tt := range []struct {
		name, path, src string
		found           int // diagnostics in all; 0: more than 1000
		result          string
	}{
		{"brackets", "b.sortie", strings.Repeat("[\n", 1_000_000), 1_000_000, "not replayed: 1000000 errors"},
		{"wide lines", "w.sortie", strings.Repeat(strings.Repeat("[", 60_000)+"\n", 16), 16, "not replayed: 16 errors"},
		{"turns", "t.sortie", header + strings.Repeat("1. Ann: a1-a2\n", 100_000), 99_999, "not replayed: 99999 errors"},
		{"braces catalogue", "c.cards", "[Game \"mecha\"]\n" + strings.Repeat("{}\n", 1_000_000), 0, ""},
		{"junk catalogue", "j.cards", "[Game \"mecha\"]\n" + junk(1<<20), -1, ""},
		{"junk transcript", "j.sortie", junk(1 << 20), -1, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			r := CheckSource(tt.path, tt.src, Options{})
			runtime.ReadMemStats(&after)
			if n := len(r.Diagnostics); n > 100 {
				t.Errorf("%d diagnostics kept, want at most 100", n)
			}
			switch {
			case tt.found > 0 && r.found() != tt.found:
				t.Errorf("%d diagnostics found, want %d", r.found(), tt.found)
			case tt.found < 0 && r.found() < 1000:
				t.Errorf("%d diagnostics found, want more than 1000", r.found())
			case tt.found == 0 && r.found() != 0:
				t.Errorf("%d diagnostics found, want none", r.found())
			}
			if tt.result != "" && r.Result != tt.result {
				t.Errorf("result %q, want %q", r.Result, tt.result)
			}
			// A loose bound: 100 bytes a byte of input, and some.
			if alloc, bound := after.TotalAlloc-before.TotalAlloc, uint64(100*len(tt.src)+32<<20); alloc > bound {
				t.Errorf("allocated %d MB, want under %d MB", alloc>>20, bound>>20)
			}
			if r.found() > 100 {
				shown := Truncate(r, 100)
				note := shown.Diagnostics[len(shown.Diagnostics)-1].Msg
				if want := fmt.Sprintf("%d diagnostics more not shown (--max-diagnostics)", r.found()-100); note != want {
					t.Errorf("note %q, want %q", note, want)
				}
			}
		})
	}
}

// TestKeepGoingKeepsDiagnosticsWithin checks that the replay's own
// diagnostics stop at the limit too, counted past it.
func TestKeepGoingKeepsDiagnosticsWithin(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"1\"]\n")
	for i := 1; i <= 500; i++ {
		fmt.Fprintf(&b, "%d. %s: a1-a2\n", i, []string{"Ann", "Ben"}[(i+1)%2])
	}
	r := CheckSource("k.sortie", b.String(), Options{KeepGoing: true, Limits: Limits{MaxErrors: 10}})
	if len(r.Diagnostics) != 10 || r.found() < 500 {
		t.Errorf("%d diagnostics kept, %d found; want 10 kept of at least 500", len(r.Diagnostics), r.found())
	}
	all := CheckSource("k.sortie", b.String(), Options{KeepGoing: true, Limits: Limits{MaxErrors: -1}})
	if all.found() != r.found() || all.ExitCode() != r.ExitCode() {
		t.Errorf("with no limit: %d found, exit %d; with one: %d, exit %d", all.found(), all.ExitCode(), r.found(), r.ExitCode())
	}
}

// TestNumbersTooLarge checks that a number too large for its field says
// so in the notation's words, at the number, for every number field of
// every game (turn numbers, Mecha's deck counts, Mod's draft, Void's
// energy, income, life, pick and X), where participle said "failed to
// conform: strconv.ParseInt: ...".
func TestNumbersTooLarge(t *testing.T) {
	const big = "99999999999999999999"
	for _, tt := range []struct{ path, src, want string }{
		{"t.sortie", "[Players \"Ann\" \"Ben\"]\n" + big + ". Ann: a1-a2\n", "turn number " + big + " is too large"},
		{"t.mecha", "[Players \"Ann\" \"Ben\"]\n" + big + ". Ann: a1-a2\n", "turn number " + big + " is too large"},
		{"t.mod", "[Players \"Ann\" \"Ben\"]\n" + big + ". Ann: pass\n", "turn number " + big + " is too large"},
		{"t.daemon", "[Players \"Ann\" \"Ben\"]\n" + big + ". Ann: refresh\n", "turn number " + big + " is too large"},
		{"t.void", "[Players \"Ann\" \"Ben\"]\nAnn: energy " + big + "\n", "energy " + big + " is too large"},
		{"t.void", "[Players \"Ann\" \"Ben\"]\nAnn: life " + big + "\n", "life " + big + " is too large"},
		{"t.void", "[Players \"Ann\" \"Ben\"]\nAnn: income " + big + "\n", "income " + big + " is too large"},
		{"t.void", "[Players \"Ann\" \"Ben\"]\n1. Ann: play Flux Ann pick " + big + "\n", "pick " + big + " is too large"},
		{"t.void", "[Players \"Ann\" \"Ben\"]\n1. Ann: play Barrage North X " + big + "\n", "X " + big + " is too large"},
		{"t.mecha", "[Players \"Ann\" \"Ben\"]\n1. Ann: deck " + big + " Scout\n", "deck " + big + " is too large"},
		{"t.mecha", "[Players \"Ann\" \"Ben\"]\n1. Ann: deck 12 Scout " + big + " Scout\n", "the number " + big + " is too large"},
		{"t.mod", "[Players \"Ann\" \"Ben\"]\n1. Ann: draft " + big + "\n", "draft " + big + " is too large"},
	} {
		r := CheckSource(tt.path, tt.src, Options{})
		if len(r.Diagnostics) == 0 || r.Diagnostics[0].Msg != tt.want {
			t.Errorf("%s %q: %v, want %q", tt.path, tt.src, r.Diagnostics, tt.want)
			continue
		}
		at := r.Diagnostics[0].Span
		if got := tt.src[at.Start.Offset:at.End.Offset]; got != big {
			t.Errorf("%s: the error stands at %q, want the number", tt.path, got)
		}
	}
}

// TestNumbersWithLeadingZeros checks that a number participle cannot read
// for its leading zero (it reads 08 as octal) says so at the number, where
// it said "failed to conform: strconv.ParseInt: ... invalid syntax".
func TestNumbersWithLeadingZeros(t *testing.T) {
	for _, tt := range []struct{ path, src, want string }{
		{"t.sortie", "[Players \"Ann\" \"Ben\"]\n08. Ann: a1-a2\n", "turn number 08: write numbers without leading zeros"},
		{"t.void", "[Players \"Ann\" \"Ben\"]\nAnn: energy 09\n", "energy 09: write numbers without leading zeros"},
	} {
		r := CheckSource(tt.path, tt.src, Options{})
		if len(r.Diagnostics) == 0 || r.Diagnostics[0].Msg != tt.want {
			t.Errorf("%s %q: %v, want %q", tt.path, tt.src, r.Diagnostics, tt.want)
		}
	}
}

// TestFormatCountsErrorsNotShown checks that fmt, which keeps the first
// errors of a file as check does, says how many more there are.
func TestFormatCountsErrorsNotShown(t *testing.T) {
	g, _ := Lookup("sortie")
	_, diags := g.Format("f.sortie", strings.Repeat("[\n", 250))
	if len(diags) != 101 || diags[100].Msg != "150 errors more not shown" {
		t.Errorf("%d diagnostics, the last %v; want 100 and a note of 150 more", len(diags), diags[len(diags)-1])
	}
}

// TestDroppedDiagnosticsCountInTheExitStatus checks that a diagnostic
// dropped past the limit still decides the exit status: a disagreeing
// result after more notes than are kept exits 1, not 0.
func TestDroppedDiagnosticsCountInTheExitStatus(t *testing.T) {
	r := &Report{}
	r.keepWithin(Limits{MaxErrors: 2})
	r.add(Note, zeroSpan, "a")
	r.add(Note, zeroSpan, "b")
	r.add(Mismatch, zeroSpan, "the recorded result disagrees")
	if len(r.Diagnostics) != 2 || r.Dropped != 1 || r.ExitCode() != 1 {
		t.Errorf("kept %d, dropped %d, exit %d; want 2, 1 and exit 1", len(r.Diagnostics), r.Dropped, r.ExitCode())
	}
	r.add(Internal, zeroSpan, "a fault")
	if r.ExitCode() != 3 || len(r.Diagnostics) != 3 {
		t.Errorf("a fault past the limit: kept %d, exit %d; want it kept, exit 3", len(r.Diagnostics), r.ExitCode())
	}
}
