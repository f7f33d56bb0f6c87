package daemon

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/daemon"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/referee"
)

// Every declaration of a position goes to the engine and back to the
// notation as the grammar's node prints it, so that the notation has one
// printer; Declares says which moves declare.
func TestDeclarationsToEngineAndBack(t *testing.T) {
	tests := []struct {
		text     string
		declares bool
	}{
		{"modules Firewall Worm Blitz", true},
		{`modules "Fire Wall" Worm Blitz`, true},
		{"main Firewall", false},
		{"memory 0", true},
		{"memory 7", true},
		{"grip Sentry Patch Sentry", true},
		{"security Sentry Patch", true},
		{"security 3", true},
		{"security 0", true},
		{"deck Worm Patch", true},
		{"deck 20", true},
		{"deck 0", true},
		{"heap Patch", true},
		{"scripts Coolant", true},
		{"field Sentry Warden", true},
		{"field spent Sentry", true},
		{"field loading Sentry", true},
		{"field spent loading Sentry", true},
		{"draft Firewall", false},
		{"keep", false},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			p := grammar.Daemon.Parse("test.daemon", "Ann: "+tt.text+"\n")
			if len(p.Errors) > 0 || len(p.File.Statements) != 1 || p.File.Statements[0].Setup == nil {
				t.Fatalf("%q does not parse as one set-up line: %v", tt.text, p.Errors)
			}
			m := p.File.Statements[0].Setup.Moves[0]
			if got := daemonDeclares(m); got != tt.declares {
				t.Errorf("Declares = %v, want %v", got, tt.declares)
			}
			ems := daemonToEngine(nil, m, true)
			if len(ems) != 1 {
				t.Fatalf("%d engine moves, want 1", len(ems))
			}
			if got := daemonNotate(ems[0]); got != m.String() || got != tt.text {
				t.Errorf("notated as %q; the node prints %q, want %q", got, m.String(), tt.text)
			}
		})
	}
}

// Every example that checks clean, taken as a position once each of its
// turns but the last has ended and written with the rest of its turns,
// checks to the same result and final state: the position plays on as
// the game did.
func TestExamplesPlayOnFromTheirPositions(t *testing.T) {
	g, ok := referee.Lookup("daemon")
	if !ok {
		t.Fatal("daemon is not registered")
	}
	files, err := filepath.Glob("../../../examples/daemon/*.daemon")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	taken := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		whole := g.Check(path, string(src), referee.Options{})
		if whole.ExitCode() != 0 || whole.Turns < 2 {
			continue
		}
		// The last turn's position, with only the result line after it,
		// is left to the core's own tests.
		last := 0
		for _, m := range turnLine.FindAllStringSubmatch(string(src), -1) {
			last = max(last, atoi(t, m[1]))
		}
		for n := 1; n < last; n++ {
			text, r := g.Position(path, string(src), referee.Options{}, n, true)
			if text == "" {
				continue // no turn n: the transcript begins after it
			}
			taken++
			rest := g.Check(path, text, referee.Options{})
			if rest.ExitCode() != 0 || rest.Result != whole.Result || rest.Outcome != whole.Outcome ||
				!reflect.DeepEqual(rest.State, whole.State) {
				t.Errorf("%s from turn %d (%s):\n%s\nchecks as\n%s\nnot as\n%s", path, n, referee.ReportText(r), text, referee.ReportText(rest), referee.ReportText(whole))
			}
		}
	}
	if taken < 20 {
		t.Errorf("only %d positions taken from the examples", taken)
	}
}

// turnLine finds the numbers of a transcript's turn lines.
var turnLine = regexp.MustCompile(`(?m)^\s*([0-9]+)\.`)

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Random games, taken as positions once some of their turns have ended and
// written with the rest, check to the same result and final state.
func TestRandomGamesPlayOnFromTheirPositions(t *testing.T) {
	g, _ := referee.Lookup("daemon")
	const games = 60
	taken := 0
	for seed := uint64(1); seed <= games; seed++ {
		text := playRandom(seed, referee.RandomOptions{}).text
		path := fmt.Sprintf("random-%d.daemon", seed)
		whole := checkRandom(t, seed, referee.RandomOptions{})
		last := 0
		for _, m := range turnLine.FindAllStringSubmatch(text, -1) {
			last = max(last, atoi(t, m[1]))
		}
		for _, n := range []int{1, last / 2, last - 1} {
			if n < 1 || n >= last {
				continue
			}
			pos, r := g.Position(path, text, referee.Options{}, n, true)
			if pos == "" {
				t.Fatalf("seed %d, turn %d: no position:\n%s", seed, n, referee.ReportText(r))
			}
			taken++
			rest := g.Check(path, pos, referee.Options{})
			if rest.ExitCode() != whole.ExitCode() || rest.Result != whole.Result || rest.Outcome != whole.Outcome ||
				!reflect.DeepEqual(rest.State, whole.State) {
				t.Fatalf("seed %d from turn %d:\n%s\nchecks as\n%s\nnot as\n%s", seed, n, pos, referee.ReportText(rest), referee.ReportText(whole))
			}
		}
	}
	if taken < games {
		t.Errorf("only %d positions taken from %d random games", taken, games)
	}
}

// A move of a card is the engine's move for what is written, the first
// time and kept after, on a set-up line or in a turn, with a target or
// without: the kept moves are the moves made afresh.
func TestCardMovesKept(t *testing.T) {
	tests := []struct {
		text  string
		setup bool
		want  engine.Move
	}{
		{"draft Firewall", true, engine.OnSetupLine{Move: daemon.Draft{Module: "Firewall"}}},
		{"draft Firewall", false, daemon.Draft{Module: "Firewall"}},
		{"main Firewall", true, engine.OnSetupLine{Move: daemon.Main{Module: "Firewall"}}},
		{"keep", true, engine.OnSetupLine{Move: daemon.Keep{}}},
		{"keep", false, daemon.Keep{}},
		{"play Sentry", false, daemon.Play{Card: "Sentry"}},
		{"play Payload Sentry", false, daemon.Play{Card: "Payload", Target: "Sentry"}},
		{"play Sentry", true, engine.OnSetupLine{Move: daemon.Play{Card: "Sentry"}}},
		{`play "Fire Wall"`, false, daemon.Play{Card: "Fire Wall"}},
		{"activate Turbine", false, daemon.Activate{Card: "Turbine"}},
		{"activate Turbine Sentry", false, daemon.Activate{Card: "Turbine", Target: "Sentry"}},
		{"trash Coolant", false, daemon.TrashScript{Card: "Coolant"}},
		{"attack Sentry", false, daemon.Attack{Attacker: "Sentry"}},
		{"attack Sentry Lure", false, daemon.Attack{Attacker: "Sentry", Target: "Lure"}},
		{"reveal Patch", false, daemon.Reveal{Card: "Patch"}},
		{"reveal ?", false, daemon.Reveal{Card: daemon.Unknown}},
	}
	for _, tt := range tests {
		line := "1. Ann: "
		if tt.setup {
			line = "Ann: "
		}
		p := grammar.Daemon.Parse("test.daemon", line+tt.text+"\n")
		if len(p.Errors) > 0 || len(p.File.Statements) != 1 {
			t.Fatalf("%q does not parse as one line: %v", tt.text, p.Errors)
		}
		var m notation.Move
		if st := p.File.Statements[0]; tt.setup {
			m = st.Setup.Moves[0]
		} else {
			m = st.Turn.Moves[0]
		}
		for range 2 {
			if ems := daemonToEngine(nil, m, tt.setup); len(ems) != 1 || !reflect.DeepEqual(ems[0], tt.want) {
				t.Errorf("%q (set-up line %v) is %#v, want %#v", tt.text, tt.setup, ems, tt.want)
			}
		}
	}
}
