package daemon

import (
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
