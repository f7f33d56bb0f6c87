package referee

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// positionGames are the games whose transcripts may begin from a declared
// position: the round trip below holds each of them.
func positionGames(t *testing.T) []Game {
	var out []Game
	for _, g := range Games() {
		if g.HasPositions() {
			out = append(out, g)
		}
	}
	if len(out) == 0 {
		t.Fatal("no game declares positions")
	}
	return out
}

// verdicts is what a report says of a game, whatever turn its transcript
// begins at: the result, the final state and each illegal move's message
// (its place shifts with the text before it).
func verdicts(r *Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "result %s\noutcome %s\n", r.Result, r.Outcome)
	for _, row := range r.State {
		fmt.Fprintf(&b, "state %s: %s\n", row.Name, row.Value)
	}
	for _, d := range r.Diagnostics {
		if d.Severity == Illegal || d.Severity == Mismatch {
			fmt.Fprintf(&b, "%s %s\n", d.Severity, d.Msg)
		}
	}
	return b.String()
}

// turnsToTry are the turns after which a transcript whose turn lines run
// from first to last is cut: its first, its middle and its last but one.
func turnsToTry(first, last int) []int {
	var out []int
	for _, n := range []int{first, (first + last) / 2, last - 1} {
		if n >= first && n < last && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// roundTrip checks that the transcript src, cut after each of a few turns
// with Position(--turn N --rest), checks to the same verdicts.
func roundTrip(g Game, path, src string, keepGoing bool) []string {
	opts := Options{KeepGoing: keepGoing}
	whole := g.Check(path, src, opts)
	if whole.ExitCode() >= 2 {
		return nil // nothing to cut: it does not replay
	}
	var errs []string
	for _, n := range turnsToTry(g.(turnRanger).turnRange(path, src)) {
		text, r := g.Position(path, src, opts, n, true)
		if text == "" {
			// A transcript with an illegal move may give no position at
			// some cuts (the move is before the cut, or the turn line
			// after it names the wrong player): it says why. A clean one
			// gives one at every cut.
			if whole.ExitCode() == 1 && strings.HasPrefix(r.Diagnostics[len(r.Diagnostics)-1].Msg, "no position: ") || r.ExitCode() == 1 {
				continue
			}
			errs = append(errs, fmt.Sprintf("%s --turn %d: no position:\n%s", path, n, ReportText(r)))
			continue
		}
		again := g.Check(path, text, opts)
		if want, got := verdicts(whole), verdicts(again); want != got {
			errs = append(errs, fmt.Sprintf("%s --turn %d:\n%s\nfrom the position:\n%s", path, n, Diff("whole", "from the position", want, got), text))
		}
	}
	return errs
}

// turnRanger is a game that tells a transcript's turn numbers.
type turnRanger interface {
	turnRange(path, src string) (first, last int)
}

// turnRange is the numbers of a transcript's first and last turn lines.
func (b *binding) turnRange(path, src string) (int, int) {
	_, t := b.load(nil, path, src, Limits{})
	if t == nil || len(t.Turns) == 0 {
		return 0, 0
	}
	return t.Turns[0].Number, t.Turns[len(t.Turns)-1].Number
}

// Every example that replays, cut after its first, middle and last but
// one turn, checks from the position to the same result, final state and
// illegal moves.
func TestPositionRoundTripExamples(t *testing.T) {
	t.Parallel()
	for _, g := range positionGames(t) {
		t.Run(g.Name(), func(t *testing.T) {
			paths, err := filepath.Glob(filepath.Join(repo, "examples", g.Name(), "*"+g.Extension()))
			if err != nil || len(paths) == 0 {
				t.Fatalf("no examples: %v", err)
			}
			for _, path := range paths {
				src, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				// Catalogues are named relative to the example.
				for _, e := range roundTrip(g, path, string(src), true) {
					t.Error(e)
				}
			}
		})
	}
}

// The shared random games of each game (20 with -short), cut the same
// way.
func TestPositionRoundTripRandom(t *testing.T) {
	t.Parallel()
	n := sharedSeeds
	if testing.Short() {
		n = 20
	}
	for _, g := range positionGames(t) {
		t.Run(g.Name(), func(t *testing.T) {
			errs := forSeeds(n, func(seed uint64) []string {
				text, _ := randomGame(g, seed)
				return roundTrip(g, fmt.Sprintf("random-%d%s", seed, g.Extension()), text, false)
			})
			for _, e := range errs {
				t.Error(e)
			}
		})
	}
}
