package mod

import (
	"fmt"
	"sync"
	"testing"

	"github.com/tabletop-referee/referee/engine/mod"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee"
)

// TestAppendNamesPluralAndTop: the description's writers of card lists,
// counts and shared decks write them as referee.NameList,
// referee.Plural and modTop do.
func TestAppendNamesPluralAndTop(t *testing.T) {
	for _, cards := range [][]string{nil, {}, {"Laser"}, {"Laser", "Plasma Sword", mod.Unknown, "Red"}, {"lower", "Zap-9"}} {
		want := referee.NameList(cards, modCardName)
		if got := string(appendNames([]byte("x"), cards)); got != "x"+want {
			t.Errorf("appendNames(%q) = %q, NameList %q", cards, got, want)
		}
		top, last := "", ""
		if len(cards) > 0 {
			top, last = cards[0], cards[len(cards)-1]
		}
		if got, want := string(appendTop(nil, top, len(cards))), modTop(cards, 0); got != want {
			t.Errorf("appendTop(%q) = %q, modTop %q", cards, got, want)
		}
		if got, want := string(appendTop(nil, last, len(cards))), modTop(cards, len(cards)-1); got != want {
			t.Errorf("appendTop(%q) = %q, modTop %q", cards, got, want)
		}
	}
	for n := -2; n <= 12; n++ {
		if got, want := string(appendPlural(nil, n, "card")), referee.Plural(n, "card"); got != want {
			t.Errorf("appendPlural(%d) = %q, Plural %q", n, got, want)
		}
	}
}

// TestNameText: a name's kept text is grammar.ModName's String, the
// first time and after, asked by goroutines at once.
func TestNameText(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 3 {
				for _, name := range []string{"Laser", "Plasma Sword", "lower", "Zap-9", `Say "hi"`, "", fmt.Sprint("Card ", g, i)} {
					if got, want := nameText(name), grammar.ModName(name).String(); got != want {
						t.Errorf("nameText(%q) = %q, want %q", name, got, want)
					}
				}
			}
		})
	}
	wg.Wait()
}
