package void

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/referee"
)

// verdicts are a report's illegal moves and errors, as "message" with the
// source line they are on, so that two transcripts whose lines are
// numbered apart compare.
func verdicts(r *referee.Report) []string {
	lines := strings.Split(r.Source, "\n")
	var out []string
	for _, d := range r.Diagnostics {
		if d.Severity < referee.Illegal {
			continue
		}
		line := ""
		if n := d.Span.Start.Line; n >= 1 && n <= len(lines) {
			line = strings.TrimSpace(lines[n-1])
		}
		out = append(out, d.Msg+" at "+line)
	}
	return out
}

// checkRoundTrip checks that the position once turn has ended, with the
// turns after it, checks as the whole transcript does: the same exit
// status, result, recorded result, final state and illegal moves.
func checkRoundTrip(t *testing.T, g referee.Game, path, src string, whole *referee.Report, turn int) {
	t.Helper()
	text, r := g.Position(path, src, referee.Options{}, turn, true)
	if text == "" {
		t.Fatalf("%s: no position once turn %d has ended: %v", path, turn, r.Diagnostics)
	}
	again := g.Check(path+".position", text, referee.Options{})
	// A result the rules do not derive (a resignation, a draw agreed) is
	// said "after turn N" of the count of turn lines, which a position
	// shortens: its Outcome and Recorded compare instead.
	sameResult := again.Result == whole.Result ||
		strings.Contains(whole.Result, " after turn ") && again.Outcome == whole.Outcome
	same := again.ExitCode() == whole.ExitCode() && sameResult && again.Outcome == whole.Outcome &&
		again.Recorded == whole.Recorded && slices.Equal(again.State, whole.State) &&
		slices.Equal(verdicts(again), verdicts(whole))
	if !same {
		t.Errorf("%s: from the position once turn %d has ended:\n%s\n%s\nthe whole transcript:\n%s",
			path, turn, text, referee.ReportText(again), referee.ReportText(whole))
	}
}

// TestPositionRoundTrip takes the position of every Void example that
// checks clean, and of random games, once each of their turns has ended,
// and checks it with the turns after it: they check to the same result
// and final state as the whole.
func TestPositionRoundTrip(t *testing.T) {
	g, ok := referee.Lookup("void")
	if !ok {
		t.Fatal("void is not registered")
	}
	examples, err := filepath.Glob("../../../examples/void/*.void")
	if err != nil || len(examples) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	clean := 0
	for _, path := range examples {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		whole := g.Check(path, string(src), referee.Options{})
		if whole.ExitCode() != 0 || whole.Turns == 0 {
			continue
		}
		clean++
		// Each turn but the last, which a position would follow with the
		// result line alone.
		first, last := firstAndLast(string(src))
		for turn := first; turn < last; turn++ {
			checkRoundTrip(t, g, path, string(src), whole, turn)
		}
	}
	if clean < 10 {
		t.Errorf("only %d examples check clean", clean)
	}
	games := 40
	if testing.Short() {
		games = 10
	}
	for seed := range uint64(games) {
		src, _ := g.Random(6100 + seed)
		path := fmt.Sprintf("random-%d.void", 6100+seed)
		whole := g.Check(path, src, referee.Options{})
		if whole.ExitCode() != 0 {
			t.Fatalf("%s does not check clean:\n%s\n%s", path, src, referee.ReportText(whole))
		}
		_, last := firstAndLast(src)
		for _, turn := range []int{1, last / 2, last - 1} {
			if turn >= 1 && turn < last {
				checkRoundTrip(t, g, path, src, whole, turn)
			}
		}
	}
}

// firstAndLast are the numbers of a transcript's first and last turn
// lines.
func firstAndLast(src string) (first, last int) {
	for line := range strings.Lines(src) {
		var n int
		if _, err := fmt.Sscanf(line, "%d.", &n); err == nil && !strings.HasPrefix(line, " ") {
			if first == 0 {
				first = n
			}
			last = n
		}
	}
	return first, last
}
