package referee

import (
	"fmt"
	"strings"
	"testing"
)

// TestKeepGoingFollowOnFaults checks that, under --keep-going, a move
// illegal only because an illegal move before it was skipped says so,
// naming that move, and that a move illegal in its own right does not.
func TestKeepGoingFollowOnFaults(t *testing.T) {
	t.Parallel()
	// Ann's Scout is played outside her entry zone (illegal, skipped);
	// its step from c2 then finds no unit there, which it would have had
	// the play been made: a follow-on. b2-b3 moves a unit nobody played.
	const src = `[Game "mecha"]
[Players "Ann" "Ben"]

Ann: draw Scout Scout "Radio Tower" "Radio Tower" Lancer
Ben: draw "Radio Tower" "Radio Tower" "Radio Tower" Bulwark Archer

1. Ann: draw Scout, play "Radio Tower" a1, play Scout c2, c2-c3, play Scout d1, d1-d2, b2-b3
2. Ben: draw Hawk, play "Radio Tower" a5
`
	follows := "this follows from the illegal move play Scout c2, skipped before it: had that been made, this move would be legal"
	notesAt := func(r *Report) map[string]string {
		notes := map[string]string{}
		for _, d := range r.Diagnostics {
			if d.Severity == Note {
				notes[fmt.Sprintf("%d:%d", d.Span.Start.Line, d.Span.Start.Column)] = d.Msg
			}
		}
		return notes
	}
	r := CheckSource("k.mecha", src, Options{KeepGoing: true})
	if r.Illegal != 3 {
		t.Fatalf("%d illegal moves, want 3:\n%s", r.Illegal, ReportText(r))
	}
	notes := notesAt(r)
	if got := notes["7:59"]; got != follows {
		t.Errorf("the step from c2 notes %q, want %q:\n%s", got, follows, ReportText(r))
	}
	if got, ok := notes["7:88"]; ok {
		t.Errorf("the independent fault b2-b3 notes %q", got)
	}
	// Without --keep-going the replay stops at the first illegal move.
	for _, msg := range notesAt(CheckSource("k.mecha", src, Options{})) {
		if strings.Contains(msg, "follows from") {
			t.Errorf("a stopped replay notes %q", msg)
		}
	}
}
