package grammar_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
)

// A file that does not parse piece by piece is parsed statement by
// statement first, a prefix of a long statement first, and whole only
// when that may succeed: it must say exactly what the parse of the whole
// file says, errors, their count and statements, on files where the
// shortcuts tell and where they do not.
func TestErrorPathSaysWhatTheWholeFileParseSays(t *testing.T) {
	const header = "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n"
	turns := func(n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "%d. %s: a1-a2\n", i, []string{"Ann", "Ben"}[(i-1)%2])
		}
		return b.String()
	}
	moves := func(n int) string { return strings.TrimSuffix(strings.Repeat("a1-a2, ", n), ", ") }
	sortie := []struct{ name, src string }{
		{"lines of [", strings.Repeat("[\n", 5000)},
		{"long lines of [", strings.Repeat(strings.Repeat("[", 3000)+"\n", 4)},
		{"a long line of [ after a header", header + strings.Repeat("[", 3000) + "\n" + turns(3)},
		{"an error in a long turn, past its prefix", header + "1. Ann: " + moves(400) + " @@ x\n" + turns(3)},
		{"an error at a long turn's end", header + "1. Ann: " + moves(400) + ",\n" + turns(3)},
		{"an error near a prefix's end", header + "1. Ann: " + moves(63) + " 7\n" + turns(3)},
		{"turns, then an error", header + turns(2000) + "[Event\n" + turns(5)},
		{"a bad tag among many", header + turns(100) + "[Event 3]\n" + turns(100) + "Ben wins\n"},
		{"more errors than the cap", header + strings.Repeat("1. Ann a1-a2\n2. Ben: a1-\n", 150)},
	}
	for _, tt := range sortie {
		t.Run(tt.name, func(t *testing.T) {
			got, want := grammar.Sortie.Parse("t.sortie", tt.src), grammar.Sortie.ParseWholeFile("t.sortie", tt.src)
			if len(want.Errors) == 0 {
				t.Fatal("the case has no error")
			}
			sameErrors(t, got.Errors, got.Dropped, want.Errors, want.Dropped)
			if g, w := summary(got), summary(want); !slices.Equal(g, w) {
				t.Errorf("statements:\n%q\nwant:\n%q", g, w)
			}
		})
	}
	// A Mecha deck list may go on over lines that begin with a count,
	// which the statement splitter takes for turn numbers: such a file
	// fails statement by statement, at a token inside the statement, and
	// parses whole.
	deck := "[Game \"mecha\"]\n[Players \"Ann\" \"Ben\"]\n\nAnn: deck 9 \"Radio Tower\"\n" +
		strings.Repeat("2 Scout\n", 150) + "Ben: deck Starter\n"
	got, want := grammar.Mecha.Parse("t.mecha", deck), grammar.Mecha.ParseWholeFile("t.mecha", deck)
	if len(want.Errors) > 0 {
		t.Fatalf("the deck over lines does not parse whole: %v", want.Errors[0])
	}
	sameErrors(t, got.Errors, got.Dropped, want.Errors, want.Dropped)
	if len(got.File.Statements) != len(want.File.Statements) {
		t.Errorf("%d statements, want %d", len(got.File.Statements), len(want.File.Statements))
	}
}

func sameErrors(t *testing.T, got []*notation.Error, gotDropped int, want []*notation.Error, wantDropped int) {
	t.Helper()
	if g, w := errorLines(got), errorLines(want); !slices.Equal(g, w) || gotDropped != wantDropped {
		t.Errorf("errors (%d more):\n%s\nwant (%d more):\n%s", gotDropped, strings.Join(g, "\n"), wantDropped, strings.Join(w, "\n"))
	}
}
