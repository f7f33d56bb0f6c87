// Package toy_test adds a sixth game, Track, by following
// docs/architecture.md step by step, and plays it end to end: check,
// replay and golden. Its grammar, engine and room are test files here, and
// its example and golden file sit under testdata, so that the game is
// registered in this package's tests only, never in the command.
package toy_test

import (
	"fmt"
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

// A Track transcript may begin from a position: the board line declares
// where the token stands, and the first turn line whose turn it is.
func TestTrackFromAPosition(t *testing.T) {
	g, _ := referee.Lookup("track")
	const header = "[Game \"track\"]\n[Players \"Ann\" \"Ben\"]\n\n"
	tests := []struct {
		name, src string
		exit      int
		result    string // a prefix of the result
		diag      string // the first diagnostic, as line:col: message
	}{
		{"from turn 3", header + "board: token 7\n\n3. Ann: leap\n\nresult: Ann wins\n", 0, "Ann wins on turn 3", ""},
		{"from turn 4, Ben's", header + "board: token 9\n\n4. Ben: walk\n\nresult: Ben wins\n", 0, "Ben wins on turn 4", ""},
		{"an impossible declaration", header + "board: token 12\n\n3. Ann: walk\n", 2, "",
			"4:8: impossible position: square 12 is not a square the token can stand on before the game ends (0 to 9) (rule: \"The token must land on the last square exactly; the player who lands it there wins.\")"},
		{"a position that leaves the token out", header + "board:\n\n3. Ann: walk\n", 2, "", ""},
		{"a later turn without a position", header + "3. Ann: walk\n", 2, "",
			"4:1: expected turn 1, found turn 3: turns are numbered 1, 2, 3, ... without gaps (a transcript begins at another turn only from a declared position)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := g.Check("t.track", tt.src, referee.Options{})
			if r.ExitCode() != tt.exit || !strings.HasPrefix(r.Result, tt.result) {
				t.Fatalf("exit %d, result %q, want %d, %q; %v", r.ExitCode(), r.Result, tt.exit, tt.result, r.Diagnostics)
			}
			if tt.diag != "" {
				d := r.Diagnostics[0]
				if got := fmt.Sprintf("%d:%d: %s", d.Span.Start.Line, d.Span.Start.Column, d.Msg); got != tt.diag {
					t.Errorf("diagnostic %q, want %q", got, tt.diag)
				}
			}
		})
	}
}

// referee position writes the position once a turn has ended as a
// transcript, which checks to the same result as the whole game.
func TestTrackPosition(t *testing.T) {
	g, _ := referee.Lookup("track")
	src, err := os.ReadFile(race)
	if err != nil {
		t.Fatal(err)
	}
	whole := g.Check(race, string(src), referee.Options{})
	tests := []struct {
		turn int
		rest bool
		want string
	}{
		{2, true, "[Game \"track\"]\n[Event \"a race to the last square\"]\n[Players \"Ann\" \"Ben\"]\n\nboard: token 6\n\n3. Ann: run\n4. Ben: walk\n5. Ann: walk\n\nresult: Ann wins\n"},
		{2, false, "[Game \"track\"]\n[Event \"a race to the last square\"]\n[Players \"Ann\" \"Ben\"]\n\nboard: token 6\n\n3. Ann:\n"},
		{4, true, "[Game \"track\"]\n[Event \"a race to the last square\"]\n[Players \"Ann\" \"Ben\"]\n\nboard: token 9\n\n5. Ann: walk\n\nresult: Ann wins\n"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("turn %d rest %v", tt.turn, tt.rest), func(t *testing.T) {
			text, r := g.Position(race, string(src), referee.Options{}, tt.turn, tt.rest)
			if text != tt.want {
				t.Fatalf("position:\n%s\nwant:\n%s\nreport: %v", text, tt.want, r.Diagnostics)
			}
			if !tt.rest {
				return
			}
			again := g.Check("again.track", text, referee.Options{})
			if again.ExitCode() != 0 || again.Result != whole.Result || again.Outcome != whole.Outcome {
				t.Errorf("from the position: exit %d, %q, %q; the whole game: %q, %q", again.ExitCode(), again.Result, again.Outcome, whole.Result, whole.Outcome)
			}
		})
	}
	// A turn that has not ended, and one the game never reached, give no
	// position but a reason.
	unfinished := strings.Replace(string(src), "5. Ann: walk\n\nresult: Ann wins\n", "", 1)
	for _, tt := range []struct {
		src  string
		turn int
		want string
	}{
		{unfinished, 4, "no position: turn 4 has not ended"},
		{unfinished, 9, "no position: the transcript has no turn 9"},
		{string(src), 0, "no position: the game is over: it ended on turn 5"},
	} {
		text, r := g.Position(race, tt.src, referee.Options{}, tt.turn, false)
		if text != "" || len(r.Diagnostics) == 0 || !strings.HasPrefix(r.Diagnostics[len(r.Diagnostics)-1].Msg, tt.want) {
			t.Errorf("turn %d: %q, %v, want %q", tt.turn, text, r.Diagnostics, tt.want)
		}
	}
}

// A declared position waits for its turn line: until then legal says so,
// rather than list the moves of a turn nobody has named.
func TestTrackLegalBeforeTheTurnLine(t *testing.T) {
	g, _ := referee.Lookup("track")
	lm, r := g.Legal("t.track", "[Game \"track\"]\n[Players \"Ann\" \"Ben\"]\n\nboard: token 4\n", referee.Options{})
	if lm != nil || r.ExitCode() != 2 || !strings.Contains(r.Diagnostics[len(r.Diagnostics)-1].Msg, "no turn line says whose turn it is") {
		t.Errorf("legal: %+v, exit %d, %v", lm, r.ExitCode(), r.Diagnostics)
	}
	if lm, _ := g.Legal("t.track", "[Game \"track\"]\n[Players \"Ann\" \"Ben\"]\n\nboard: token 4\n\n7. Ben:\n", referee.Options{}); lm == nil || lm.Player != "Ben" || lm.Turn != 7 {
		t.Errorf("legal once the turn line is written: %+v", lm)
	}
}
