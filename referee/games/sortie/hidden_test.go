package sortie

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/cards"
	"github.com/tabletop-referee/referee/engine/sortie"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee"
)

// sortieGame is Sortie as the referee knows it.
func sortieGame(t *testing.T) referee.Game {
	t.Helper()
	g, ok := referee.Lookup("sortie")
	if !ok {
		t.Fatal("sortie is not registered")
	}
	return g
}

// TestRandomGamesAtATable: random games written without a seed, every
// card dealt written where it is drawn, check clean to the result of the
// seeded original; written from either seat, the other's draws "?", they
// check clean to the same result, some moves only under assumptions. In
// each one-seat text, a unit of the other player's whose first card was
// drawn unseen, rewritten with a card the writer drew earlier (so that it
// is elsewhere), is an illegal move at that place naming the card.
func TestRandomGamesAtATable(t *testing.T) {
	g := sortieGame(t)
	finished, unverified, mutated := 0, 0, 0
	for seed := uint64(0); seed < 10; seed++ {
		text, _ := g.Random(seed)
		want := g.Check("seeded.sortie", text, referee.Options{})
		if want.ExitCode() != 0 {
			t.Fatalf("seed %d: the seeded game does not check clean:\n%s", seed, referee.ReportText(want))
		}
		if want.Outcome != "unfinished" {
			finished++
		}
		unseeded, _, err := g.RandomWith(seed, referee.RandomOptions{Unseeded: true})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(unseeded, "[Seed") || strings.Contains(unseeded, "?") {
			t.Fatalf("seed %d: written unseeded:\n%s", seed, unseeded)
		}
		got := g.Check("table.sortie", unseeded, referee.Options{})
		sameResult(t, fmt.Sprintf("seed %d unseeded", seed), got, want, unseeded)
		if got.Unverified != 0 {
			t.Errorf("seed %d: a full record has %d unverified moves", seed, got.Unverified)
		}
		for _, seat := range []string{"Ann", "Ben"} {
			name := fmt.Sprintf("seed %d from %s's seat", seed, seat)
			one, _, err := g.RandomWith(seed, referee.RandomOptions{Perspective: seat})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(one, fmt.Sprintf("[Perspective %q]", seat)) || !strings.Contains(one, "draw ?") {
				t.Fatalf("%s: written\n%s", name, one)
			}
			got := g.Check("seat.sortie", one, referee.Options{})
			sameResult(t, name, got, want, one)
			if got.Perspective != seat {
				t.Errorf("%s: the report's seat is %q", name, got.Perspective)
			}
			unverified += got.Unverified
			if mutateReveal(t, g, name, one, seat) {
				mutated++
			}
		}
	}
	if finished < 3 || unverified < 20 || mutated < 15 {
		t.Errorf("%d games finished, %d moves unverified, %d reveals rewritten: the games check too little", finished, unverified, mutated)
	}
}

// sameResult checks that got, a check of text, is clean with want's result.
func sameResult(t *testing.T, name string, got, want *referee.Report, text string) {
	t.Helper()
	if got.ExitCode() != 0 || got.Outcome != want.Outcome || got.Result != want.Result {
		t.Fatalf("%s: checks to %q (exit %d), want %q:\n%s\n%s", name, got.Result, got.ExitCode(), want.Result, referee.ReportText(got), text)
	}
}

var (
	turnHeadRe = regexp.MustCompile(`^(\d+)\. (\w+): `)
	placeRe    = regexp.MustCompile(`place ([0-9AJQKT]+[CDHS]|J[RB])/`)
	drawRe     = regexp.MustCompile(`draw ([0-9AJQKT]+[CDHS]|J[RB])`)
)

// mutateReveal rewrites the first unit the other player places after the
// writer has drawn a card by name, its bottom card made that card, and
// checks that the move is refused at its place with a message naming the
// card. It tells whether the text had such a unit.
func mutateReveal(t *testing.T, g referee.Game, name, text, seat string) bool {
	t.Helper()
	lines := strings.Split(text, "\n")
	drawn := ""
	for i, line := range lines {
		head := turnHeadRe.FindStringSubmatch(line)
		if head == nil {
			continue
		}
		if head[2] == seat {
			if m := drawRe.FindStringSubmatch(line); m != nil && drawn == "" {
				drawn = m[1]
			}
			continue
		}
		loc := placeRe.FindStringSubmatchIndex(line)
		if drawn == "" || loc == nil {
			continue
		}
		lines[i] = line[:loc[2]] + drawn + line[loc[3]:]
		r := g.Check("mutated.sortie", strings.Join(lines, "\n"), referee.Options{})
		for _, d := range r.Diagnostics {
			if d.Severity != referee.Illegal {
				continue
			}
			if d.Span.Start.Line != i+1 || d.Span.Start.Column != loc[0]+1 {
				t.Errorf("%s: %s placed on line %d column %d is flagged at %d:%d: %s", name, drawn, i+1, loc[0]+1, d.Span.Start.Line, d.Span.Start.Column, d.Msg)
			}
			if !strings.Contains(d.Msg, "cannot hold "+drawn+": ") || !strings.Contains(d.Msg, "ruling S29") {
				t.Errorf("%s: %s", name, d.Msg)
			}
			return true
		}
		t.Errorf("%s: %s placed by the other player on line %d is not flagged:\n%s", name, drawn, i+1, lines[i])
		return true
	}
	return false
}

// TestDrawnFromASeat: drawn for one seat, the other player's hand is a
// count, never its cards; drawn for the table, both hands show.
func TestDrawnFromASeat(t *testing.T) {
	g := sortieGame(t)
	src := "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n\nAnn: draw 9C KD 5H 2S\nBen: draw 3D 8S JH 4C\n\n1. Ann: draw 7H, place 9C/KD a2\n"
	rp, r := g.Replay("seat.sortie", src, referee.Options{Seat: "Ann"})
	if r.ExitCode() != 0 || len(rp.Steps) == 0 {
		t.Fatalf("%s", referee.ReportText(r))
	}
	last := rp.Steps[len(rp.Steps)-1].Drawing().String()
	for _, hidden := range []string{"3D", "8S", "JH", "4C"} {
		if strings.Contains(last, hidden) {
			t.Errorf("drawn for Ann's seat, Ben's %s shows:\n%s", hidden, last)
		}
	}
	if !strings.Contains(last, "hand 4 cards") || !strings.Contains(last, "hand 5H 2S 7H") || !strings.Contains(last, "9C/KD") {
		t.Errorf("drawn for Ann's seat:\n%s", last)
	}
	rp, _ = g.Replay("table.sortie", src, referee.Options{})
	if all := rp.Steps[len(rp.Steps)-1].Drawing().String(); !strings.Contains(all, "hand 3D 8S JH 4C") {
		t.Errorf("drawn for the table:\n%s", all)
	}
}

// TestUnknownCardsNotated: "?" is written for the engine's Unknown, and
// read back as it, in a draw and in a declared hand.
func TestUnknownCardsNotated(t *testing.T) {
	for _, tt := range []struct {
		m     engine.Move
		text  string
		setup bool
	}{
		{sortie.Draw{Cards: []cards.Card{sortie.Unknown, card("7H")}}, "draw ? 7H", false},
		{sortie.Draw{Cards: make([]cards.Card, 4), Opening: true}, "draw ? ? ? ?", true},
		{engine.OnSetupLine{Move: sortie.DeclareHand{Cards: []cards.Card{card("2S"), sortie.Unknown}}}, "hand 2S ?", true},
	} {
		if got := sortieNotate(tt.m); got != tt.text {
			t.Errorf("%v is written %q, want %q", tt.m, got, tt.text)
		}
		prefix := "1. Ann: "
		if tt.setup {
			prefix = "Ann: "
		}
		p := grammar.Sortie.Parse("t.sortie", prefix+tt.text)
		if len(p.Errors) > 0 {
			t.Fatalf("%q: %v", tt.text, p.Errors)
		}
		moves := p.File.Statements[0].Moves()
		if back := sortieToEngine(nil, moves[0], tt.setup); len(back) != 1 || !reflect.DeepEqual(back[0], tt.m) {
			t.Errorf("%q is read as %#v, want %#v", tt.text, back, tt.m)
		}
	}
}

// BenchmarkOneSeatRecords checks the same random games written without a
// seed, every card named (full), and from Ann's seat, Ben's draws "?"
// (seat): checking a one-seat record must cost at most twice the full
// record (compare the ns/op of the two).
func BenchmarkOneSeatRecords(b *testing.B) {
	g, ok := referee.Lookup("sortie")
	if !ok {
		b.Fatal("sortie is not registered")
	}
	for _, kind := range []struct {
		name string
		opts referee.RandomOptions
	}{{"full", referee.RandomOptions{Unseeded: true}}, {"seat", referee.RandomOptions{Perspective: "Ann"}}} {
		var texts []string
		size := 0
		for seed := range uint64(8) {
			text, _, err := g.RandomWith(seed, kind.opts)
			if err != nil {
				b.Fatal(err)
			}
			texts = append(texts, text)
			size += len(text)
		}
		b.Run(kind.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				text := texts[i%len(texts)]
				if r := g.Check("bench.sortie", text, referee.Options{}); r.ExitCode() != 0 {
					b.Fatal(referee.ReportText(r))
				}
			}
		})
	}
}
