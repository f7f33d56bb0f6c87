package daemon

import (
	"fmt"
	"sync"
	"testing"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee"
)

// TestAppendNamesAndPlural: the description's writers of card lists and
// counts write them as referee.NameList and referee.Plural do.
func TestAppendNamesAndPlural(t *testing.T) {
	for _, cards := range [][]string{nil, {}, {"Ice"}, {"Ice", "Black Ice", "?", "Wall"}, {"lower", "Ice-9"}} {
		want := referee.NameList(cards, grammar.DaemonCardText)
		if got := string(appendNames([]byte("x"), cards)); got != "x"+want {
			t.Errorf("appendNames(%q) = %q, NameList %q", cards, got, want)
		}
	}
	for n := -2; n <= 12; n++ {
		if got, want := string(appendPlural(nil, n, "card")), referee.Plural(n, "card"); got != want {
			t.Errorf("appendPlural(%d) = %q, Plural %q", n, got, want)
		}
	}
}

// TestCardText: a name's kept text is grammar.DaemonCardText's, the
// first time and after, asked by goroutines at once.
func TestCardText(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 3 {
				for _, name := range []string{"Ice", "Black Ice", "?", "lower", "Ice-9", `Say "hi"`, "", fmt.Sprint("Card ", g, i)} {
					if got, want := cardText(name), grammar.DaemonCardText(grammar.Name(name)); got != want {
						t.Errorf("cardText(%q) = %q, want %q", name, got, want)
					}
				}
			}
		})
	}
	wg.Wait()
}
