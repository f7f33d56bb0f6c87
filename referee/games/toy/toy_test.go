// Package toy_test adds a sixth game, Track, by following
// docs/architecture.md step by step, and plays it end to end: check,
// replay and golden. Its grammar, engine and room are test files here, and
// its example and golden file sit under testdata, so that the game is
// registered in this package's tests only, never in the command.
package toy_test

import (
	"os"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/referee"
)

const race = "testdata/examples/track/race.track"

// Step 4 of docs/architecture.md: the game is known by name and by its
// transcripts' extension once its room is imported (here, compiled in).
func TestTrackRegistered(t *testing.T) {
	g, ok := referee.Lookup("track")
	if !ok {
		t.Fatal("track is not registered")
	}
	if byExt, ok := referee.ByExtension(race); !ok || byExt != g {
		t.Errorf("ByExtension(%s) = %v, %v, want track", race, byExt, ok)
	}
	if !strings.Contains(g.EBNF(), `"walk" | "run" | "leap"`) {
		t.Errorf("the grammar is not Track's:\n%s", g.EBNF())
	}
}

// Step 5: check replays the example and gives the result the rules give.
func TestTrackCheck(t *testing.T) {
	r := referee.CheckFile(race, referee.Options{})
	if r.ExitCode() != 0 || !strings.HasPrefix(r.Result, "Ann wins on turn 5: the token landed on the last square") {
		t.Errorf("check: exit %d, result %q, diagnostics %v", r.ExitCode(), r.Result, r.Diagnostics)
	}
	// An illegal move is reported at its place with the rule quoted.
	g, _ := referee.Lookup("track")
	src, err := os.ReadFile(race)
	if err != nil {
		t.Fatal(err)
	}
	over := strings.Replace(string(src), "5. Ann: walk", "5. Ann: run", 1)
	r = g.Check("over.track", over, referee.Options{})
	if r.ExitCode() != 1 || len(r.Diagnostics) == 0 {
		t.Fatalf("an overshoot: exit %d, diagnostics %v", r.ExitCode(), r.Diagnostics)
	}
	d := r.Diagnostics[0]
	if d.Span.Start.Line != 9 || d.Span.Start.Column != 9 || !strings.Contains(d.Msg, "passes the last square") || !strings.Contains(d.Msg, "land on the last square exactly") {
		t.Errorf("an overshoot: %d:%d: %s", d.Span.Start.Line, d.Span.Start.Column, d.Msg)
	}
}

// Step 5: replay draws each state with the room's drawing.
func TestTrackReplay(t *testing.T) {
	g, _ := referee.Lookup("track")
	src, err := os.ReadFile(race)
	if err != nil {
		t.Fatal(err)
	}
	rp, r := g.Replay(race, string(src), referee.Options{})
	if r.ExitCode() != 0 || rp == nil {
		t.Fatalf("replay: exit %d, %v", r.ExitCode(), r.Diagnostics)
	}
	var moves []string
	var first string // the drawing after the first move
	for _, s := range rp.Steps {
		if s.Kind == referee.MoveStep {
			if moves == nil {
				first = s.Drawing().String()
			}
			moves = append(moves, s.Heading())
		}
	}
	if want := "1. Ann: leap|2. Ben: leap|3. Ann: run|4. Ben: walk|5. Ann: walk"; strings.Join(moves, "|") != want {
		t.Errorf("moves %q, want %q", strings.Join(moves, "|"), want)
	}
	last := rp.Steps[len(rp.Steps)-1].Drawing().String()
	if !strings.Contains(first, "[...o.......]") {
		t.Errorf("after the first leap:\n%s", first)
	}
	if !strings.Contains(last, "[..........o]") || !strings.Contains(last, "game over: Ann wins on turn 5") {
		t.Errorf("at the end:\n%s", last)
	}
}

// Step 6: the example's report is its golden file, byte for byte, as
// referee golden compares it.
func TestTrackGolden(t *testing.T) {
	results, err := referee.Golden("testdata", false)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 1 {
		t.Fatalf("golden compared %d files, want the one example: %+v", len(results), results)
	}
	if res := results[0]; res.Status != referee.GoldenOK || res.Golden != "golden/track/race.golden" {
		t.Errorf("golden: %s %s %s\n%s", res.Transcript, res.Golden, res.Status, res.Diff)
	}
}
