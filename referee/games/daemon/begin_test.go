package daemon

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/referee"
)

// TestReportAtTheFirstTurnLine: a transcript that ends at its first turn
// line, the set-up complete, is reported as the set-up left the table:
// security set, decks dealt from, the first loading phase's memory; and
// legal lists the turn's moves for a turn, not for a set-up line.
func TestReportAtTheFirstTurnLine(t *testing.T) {
	src := `[Game "daemon"]
[Players "Ann" "Ben"]
[Seed "13566731111258911605"]

Ann: draft Worm
Ben: draft Mirror, draft Compiler
Ann: draft Scraper, draft Overclock
Ben: draft Cache
Ann: main Worm, keep
Ben: main Cache, keep

1. Ann:
`
	g, ok := referee.Lookup("daemon")
	if !ok {
		t.Fatal("daemon is not registered")
	}
	r := g.Check("x.daemon", src, referee.Options{})
	text := referee.ReportText(r)
	for _, want := range []string{"security  Ann 5 cards; Ben 5 cards", "decks     Ann 35 cards; Ben 35 cards", "memory    1 on Ann's side"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	lm, r := g.Legal("x.daemon", src, referee.Options{})
	if lm == nil {
		t.Fatalf("no legal moves:\n%s", referee.ReportText(r))
	}
	var b strings.Builder
	referee.WriteLegal(&b, lm)
	if strings.Contains(b.String(), "set-up line") || !strings.Contains(b.String(), "Ann to move on turn 1") {
		t.Errorf("legal at the first turn line:\n%s", b.String())
	}
}

// TestReportAfterATurnHasEnded: a transcript that stops after a refresh
// ends its turn says the turn has ended and which comes next, not that
// the player whose turn it was is to move.
func TestReportAfterATurnHasEnded(t *testing.T) {
	src := `[Game "daemon"]
[Players "Ann" "Ben"]
[Seed "13566731111258911605"]

Ann: draft Worm
Ben: draft Mirror, draft Compiler
Ann: draft Scraper, draft Overclock
Ben: draft Cache
Ann: main Worm, keep
Ben: main Cache, keep

1. Ann: refresh
`
	g, _ := referee.Lookup("daemon")
	r := g.Check("x.daemon", src, referee.Options{})
	if r.ExitCode() != 0 || r.Result != "unfinished: Ann's turn 1 has ended; turn 2 is next" {
		t.Errorf("exit %d, result %q:\n%s", r.ExitCode(), r.Result, referee.ReportText(r))
	}
}

// TestTurnLostAtItsStart: the turn in which a player loses as it begins
// (Daemon's empty deck with no security) may be written, as legal offers
// it; a move in it, or a turn after it, is past the end; and its line
// must name the player whose turn it is.
func TestTurnLostAtItsStart(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "daemon", "deck-out.daemon"))
	if err != nil {
		t.Fatal(err)
	}
	base := strings.Replace(string(data), "result: Ann wins\n", "", 1)
	g, _ := referee.Lookup("daemon")
	tests := []struct {
		tail    string
		illegal string // "" for a clean check
	}{
		{"6. Ben:\n\nresult: Ann wins\n", ""},
		{"6. Ben: refresh\n\nresult: Ann wins\n", "the game is over: Ann wins on turn 6"},
		{"6. Ben:\n7. Ann:\n\nresult: Ann wins\n", "the game is over: Ann wins on turn 6"},
		{"6. Ann:\n\nresult: Ann wins\n", "turn 6 is Ben's, not Ann's"},
	}
	for _, tt := range tests {
		r := g.Check(filepath.Join("..", "..", "..", "examples", "daemon", "x.daemon"), base+tt.tail, referee.Options{})
		text := referee.ReportText(r)
		switch {
		case tt.illegal == "" && r.ExitCode() != 0:
			t.Errorf("%q: exit %d:\n%s", tt.tail, r.ExitCode(), text)
		case tt.illegal != "" && (r.Illegal != 1 || !strings.Contains(text, tt.illegal)):
			t.Errorf("%q: want one illegal move %q:\n%s", tt.tail, tt.illegal, text)
		case !strings.HasPrefix(tt.illegal, "turn ") && !strings.Contains(r.Result, "Ann wins on turn 6"):
			t.Errorf("%q: result %q", tt.tail, r.Result)
		}
	}
}
