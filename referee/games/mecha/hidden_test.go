package mecha

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/mecha"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee"
	"github.com/tabletop-referee/referee/referee/catalogue"
	"github.com/tabletop-referee/referee/referee/games/roomtest"
)

// randomSeeds are the random games the property tests write: a few, so
// that the tests stay fast. In 108, an effect draws Ben's deck out.
var randomSeeds = []uint64{1, 2, 3, 4, 5, 6, 108}

// writeRandom is roomtest.WriteRandom.
var writeRandom = roomtest.WriteRandom

func mechaGame(t *testing.T) referee.Game {
	t.Helper()
	g, ok := referee.Lookup("mecha")
	if !ok {
		t.Fatal("mecha is not registered")
	}
	return g
}

// checkClean checks text and fails unless it is clean with the result
// want.
func checkClean(t *testing.T, g referee.Game, what, text, want string) *referee.Report {
	t.Helper()
	r := g.Check(what+".mecha", text, referee.Options{})
	if r.ExitCode() != 0 || r.Illegal != 0 {
		var msgs []string
		for _, d := range r.Diagnostics {
			msgs = append(msgs, fmt.Sprintf("%v: %s", d.Span.Start, d.Msg))
		}
		t.Fatalf("%s does not check clean (exit %d):\n%s\n%s", what, r.ExitCode(), strings.Join(msgs, "\n"), text)
	}
	if !strings.HasPrefix(r.Result, want) {
		t.Errorf("%s: the result is %q, want %q", what, r.Result, want)
	}
	return r
}

// TestRandomGamesFromATable: a random game written without its seed, every
// card written where it was drawn or placed, checks clean to the seeded
// original's result; written from either seat, with the other's deck and
// draws unknown, it checks clean to the same result, some of its moves
// only under assumptions.
func TestRandomGamesFromATable(t *testing.T) {
	g := mechaGame(t)
	for _, seed := range randomSeeds {
		seeded, _, _ := writeRandom(g, seed, referee.RandomOptions{})
		want := checkClean(t, g, fmt.Sprintf("seed %d", seed), seeded, "").Result
		unseeded, _, err := writeRandom(g, seed, referee.RandomOptions{Unseeded: true})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(unseeded, "[Seed") || strings.Contains(unseeded, "?") {
			t.Fatalf("seed %d: the unseeded text has a seed or an unknown card:\n%s", seed, unseeded)
		}
		if r := checkClean(t, g, fmt.Sprintf("seed %d unseeded", seed), unseeded, want); r.Unverified != 0 {
			t.Errorf("seed %d unseeded: %d moves unverified in a record of every card", seed, r.Unverified)
		}
		for _, seat := range []string{"Ann", "Ben"} {
			text, _, err := writeRandom(g, seed, referee.RandomOptions{Perspective: seat})
			if err != nil {
				t.Fatal(err)
			}
			what := fmt.Sprintf("seed %d from %s's seat", seed, seat)
			if !strings.Contains(text, "deck ?") || !strings.Contains(text, "draw ?") {
				t.Errorf("%s hides nothing:\n%s", what, text)
			}
			r := checkClean(t, g, what, text, want)
			if r.Unverified == 0 {
				t.Errorf("%s: no move is unverified, yet the other's hand was unknown", what)
			}
		}
	}
}

// TestRevealedCardElsewhere: in a record from one seat, a card the other
// player plays or discards from their unknown hand, written instead as a
// card whose every copy their deck could hold has been seen elsewhere, is
// flagged at that move, naming the card.
func TestRevealedCardElsewhere(t *testing.T) {
	g := mechaGame(t)
	limits := copyLimits(t)
	mutated := 0
	for _, seed := range randomSeeds {
		for seat, name := range []string{"Ann", "Ben"} {
			text, _, err := writeRandom(g, seed, referee.RandomOptions{Perspective: name})
			if err != nil {
				t.Fatal(err)
			}
			bad, offset, card, ok := mutate(t, text, []string{"Ben", "Ann"}[seat], limits)
			if !ok {
				continue
			}
			mutated++
			r := g.Check("mutated.mecha", bad, referee.Options{})
			if r.Illegal != 1 || len(r.Diagnostics) == 0 {
				t.Errorf("seed %d: %s written at offset %d is not flagged (%d illegal):\n%s", seed, card, offset, r.Illegal, bad)
				continue
			}
			d := r.Diagnostics[0]
			if d.Span.Start.Offset != offset || !strings.Contains(d.Msg, "cannot hold "+card) {
				t.Errorf("seed %d: %s written at offset %d is flagged at %d: %s", seed, card, offset, d.Span.Start.Offset, d.Msg)
			}
		}
	}
	if mutated < 3 {
		t.Errorf("only %d of the random games had a card to write elsewhere: choose other seeds", mutated)
	}
}

// copyLimits are the copies a deck may hold of each card of the default
// catalogue; 0 for a Basic, which has no limit.
func copyLimits(t *testing.T) map[string]int {
	t.Helper()
	cat, _, errs, _ := catalogue.Read("mecha.cards", mechaCatalogue)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	game, lerrs := loadMecha(cat)
	if len(lerrs) > 0 {
		t.Fatal(lerrs)
	}
	limits := map[string]int{}
	for _, c := range game.(mecha.Game).Cards.All() {
		switch c.Copies {
		case mecha.Basic:
			limits[c.Name] = 0
		case mecha.Singleton:
			limits[c.Name] = 1
		default:
			limits[c.Name] = mecha.MaxCopies
		}
	}
	return limits
}

// mutate finds, in a record where who's deck is unknown, the first card
// who plays or discards from their hand once a card of theirs has been
// seen as many times as a deck may hold it (played, discarded, placed in
// their damage zone), and writes that card there instead. It returns the
// text, the offset of the move changed and the card written.
func mutate(t *testing.T, text, who string, limits map[string]int) (string, int, string, bool) {
	t.Helper()
	p := grammar.Mecha.Parse("random.mecha", text)
	if len(p.Errors) > 0 {
		t.Fatal(p.Errors)
	}
	seen := map[string]int{}
	returned := map[string]bool{} // back in the hand by rebirth, known
	full := func(except grammar.MechaName) string {
		for name, n := range seen {
			if lim := limits[name]; lim > 0 && n >= lim && !returned[name] && name != string(except) {
				return name
			}
		}
		return ""
	}
	for _, st := range p.File.Statements {
		turn := st.Turn
		if turn == nil {
			continue
		}
		mover := turn.Player.Text()
		for _, m := range turn.Moves {
			var card grammar.MechaName
			var by string
			switch m := m.(type) {
			case *grammar.MechaPlay:
				card, by = m.Card, mover
				if m.By != nil {
					by = m.By.Text()
				}
			case *grammar.MechaDiscard:
				card, by = m.Card, mover
			case *grammar.MechaSkip:
				if mover == who {
					returned[string(m.Card)] = true
				}
				continue
			case *grammar.MechaAct:
				if m.Direct && m.DamageCard != "" && mover != who {
					seen[string(m.DamageCard)]++
				}
				continue
			default:
				continue
			}
			if by != who {
				continue
			}
			if other := full(card); other != "" {
				sp := m.Span()
				moveText := text[sp.Start.Offset:sp.End.Offset]
				changed := strings.Replace(moveText, card.String(), grammar.MechaName(other).String(), 1)
				return text[:sp.Start.Offset] + changed + text[sp.End.Offset:], sp.Start.Offset, other, true
			}
			seen[string(card)]++
		}
	}
	return "", 0, "", false
}

// TestDrawnFromASeat: drawn for a seat, the other player's hand is a
// count, never its cards, even in a game recorded in full; drawn for
// nobody, every hand shows.
func TestDrawnFromASeat(t *testing.T) {
	cat, _, errs, _ := catalogue.Read("mecha.cards", mechaCatalogue)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	game, _ := loadMecha(cat)
	st, err := game.New(engine.Options{Players: []string{"Ann", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	for p, hand := range [][]string{{"Scout", "Scout", "Lancer", "Hawk", "Archer"}, {"Titan", "Bulwark", "Striker", "Pheonix", "EMP"}} {
		if err := st.Apply(p, mecha.Draw{Cards: hand, Opening: true}); err != nil {
			t.Fatal(err)
		}
	}
	players := []string{"Ann", "Ben"}
	for _, tt := range []struct {
		seat       int
		show, hide []string
	}{
		{0, []string{"hand Scout, Scout, Lancer, Hawk, Archer", "hand 5 cards"}, []string{"Titan", "Pheonix"}},
		{1, []string{"hand Titan, Bulwark, Striker, Pheonix, EMP", "hand 5 cards"}, []string{"Lancer", "Archer"}},
		{engine.Nobody, []string{"hand Scout, Scout, Lancer, Hawk, Archer", "hand Titan, Bulwark, Striker, Pheonix, EMP"}, nil},
	} {
		text := mechaDraw(st, referee.View{Players: players, Seat: tt.seat}).String()
		for _, s := range tt.show {
			if !strings.Contains(text, s) {
				t.Errorf("drawn for seat %d, %q is missing:\n%s", tt.seat, s, text)
			}
		}
		for _, s := range tt.hide {
			if strings.Contains(text, s) {
				t.Errorf("drawn for seat %d, %q shows:\n%s", tt.seat, s, text)
			}
		}
	}
}

// BenchmarkOneSeat checks the same random games written in full without a
// seed, and from each seat: a record from one seat should cost at most
// twice the full one.
func BenchmarkOneSeat(b *testing.B) {
	g, _ := referee.Lookup("mecha")
	for _, kind := range []string{"full", "Ann", "Ben"} {
		var texts []string
		for _, seed := range randomSeeds {
			opts := referee.RandomOptions{Unseeded: true}
			if kind != "full" {
				opts.Perspective = kind
			}
			text, _, err := g.RandomWith(seed, opts)
			if err != nil {
				b.Fatal(err)
			}
			texts = append(texts, text)
		}
		b.Run(kind, func(b *testing.B) {
			for range b.N {
				for _, text := range texts {
					g.Check("bench.mecha", text, referee.Options{})
				}
			}
		})
	}
}

// TestManyUnknownCards: a hand of forty unknown cards from an unknown deck,
// each played or discarded by name in turn, is checked in polynomial time:
// every reveal is an augmenting path, never a search over assignments.
func TestManyUnknownCards(t *testing.T) {
	g := mechaGame(t)
	var b strings.Builder
	b.WriteString("[Game \"mecha\"]\n[Players \"Ann\" \"Ben\"]\n[Perspective \"Ann\"]\n\n")
	b.WriteString("Ann: hand Scout\nBen: deck ?, hand")
	for range 39 {
		b.WriteString(" ?")
	}
	// Ben's turn: a card drawn unseen, then every card of the catalogue he
	// could hold discarded by name, the last copies first.
	b.WriteString("\n\n2. Ben: draw ?")
	names := []string{"Titan", "Pheonix", "EMP", "Scout", "Scout", "Scout", "Lancer", "Lancer", "Lancer",
		"Hawk", "Hawk", "Hawk", "Archer", "Archer", "Archer", "Striker", "Striker", "Striker",
		"Bulwark", "Bulwark", "Bulwark", "Ace", "Ace", "Ace", "Rookie", "Rookie", "Rookie",
		"Overclock", "Overclock", "Overclock", "Repair", "Repair", "Repair", `"Radio Tower"`, `"Radio Tower"`}
	for _, name := range names {
		b.WriteString(", discard " + name)
	}
	b.WriteString("\n")
	done := make(chan *referee.Report, 1)
	go func() { done <- g.Check("many.mecha", b.String(), referee.Options{}) }()
	select {
	case r := <-done:
		if r.Illegal != 0 || r.Unverified != len(names) {
			var msgs []string
			for _, d := range r.Diagnostics {
				msgs = append(msgs, d.Msg)
			}
			t.Errorf("%d illegal, %d unverified (want 0 and %d): %v", r.Illegal, r.Unverified, len(names), msgs)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("checking forty unknown cards takes over 2 s: a search, not a matching")
	}
}
