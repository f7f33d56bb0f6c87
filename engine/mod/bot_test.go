package mod

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

func TestEvaluateOutcome(t *testing.T) {
	t.Parallel()
	enginetest.CheckEvaluateOutcome(t, func(winner int) engine.Evaluator {
		s := build(t, position{hands: [2]string{"Laser", "Missile"}})
		s.outcome = engine.Outcome{Over: true, Winner: winner}
		return s
	})
}

// stacked is pos with slots in the stack and, when hit > 0, hit damage
// waiting for Ann's shield.
func stacked(t *testing.T, pos position, hit int, slots ...Slot) *State {
	s := build(t, pos)
	s.stack = append(s.stack, slots...)
	if hit > 0 {
		s.phase, s.damage = ShieldChoice, pendingDamage{to: ann, amount: hit, typ: Energy, card: "Laser"}
	}
	return s
}

// TestEvaluatePrefersTheBetterPosition: in each pair of positions the
// first is plainly better for Ann, and Evaluate says so for both players.
func TestEvaluatePrefersTheBetterPosition(t *testing.T) {
	t.Parallel()
	even := position{hands: [2]string{"Laser", "Laser"}}
	tests := []struct {
		name          string
		better, worse *State
	}{
		{"more durability", build(t, even), build(t, position{hands: even.hands, durability: [2]int{6, 0}})},
		{"less opposing durability", build(t, position{hands: even.hands, durability: [2]int{0, 7}}), build(t, even)},
		{"more fuel", build(t, position{hands: even.hands, fuel: [2]int{3, 0}}), build(t, even)},
		{"an upgrade in play", build(t, position{hands: even.hands, play: [2]string{"Red"}}), build(t, even)},
		{"a card more in hand", build(t, position{hands: [2]string{"Laser Sword", "Laser"}}), build(t, even)},
		{"a deck built", build(t, position{hands: even.hands, decks: [2]string{"Sword Scan"}}), build(t, even)},
		{"a Sword assigned rather than a Laser", stacked(t, even, 0, Slot{ann, "Sword", Assigned}), stacked(t, even, 0, Slot{ann, "Laser", Assigned})},
		{"no opposing Laser assigned", build(t, even), stacked(t, even, 0, Slot{ben, "Laser", Assigned})},
		{"no damage on its way", build(t, even), stacked(t, even, 2)},
		{"durability rather than a card", build(t, position{hands: [2]string{"", "Laser"}}), build(t, position{hands: [2]string{"Laser Laser", "Laser"}, durability: [2]int{9, 0}})},
	}
	for _, tt := range tests {
		enginetest.CheckPrefers(t, tt.name, tt.better, tt.worse)
	}
}

// botMove plays a listed move at random.
func botMove(t *testing.T, s *State, rng *shuffle.Source) {
	t.Helper()
	moves := s.Legal()
	if len(moves) == 0 {
		t.Fatalf("no legal move in a game not over:\n%s", snapshot(s))
	}
	m := moves[rng.Intn(len(moves))]
	if err := s.Apply(s.ToMove(), m); err != nil {
		t.Fatalf("Legal lists %s, which Apply refuses: %v\n%s", moveKey(m), err, snapshot(s))
	}
}

// botCards is the default catalogue, whose shared decks are long enough
// to hide an order under their tops.
func botCards(t *testing.T) *Cards { return loadCards(t, defaultCatalogue(t)) }

// TestEvaluateAlongRandomGames: before the end a value is strictly inside
// (-1, 1), the two players' values are opposite, and what a player cannot
// see is not read: the hidden cards dealt again, the value stays.
func TestEvaluateAlongRandomGames(t *testing.T) {
	t.Parallel()
	cs := botCards(t)
	for g := range 2 {
		s := newGame(t, cs, uint64(40+g), nil)
		rng := shuffle.New(uint64(g))
		for step := 0; step < 300 && !s.Outcome().Over; step++ {
			for p := range 2 {
				v := s.Evaluate(p)
				if v <= -1 || v >= 1 || math.IsNaN(v) {
					t.Fatalf("game %d step %d: Evaluate(%d) = %v, want inside (-1, 1)", g, step, p, v)
				}
				if sum := v + s.Evaluate(1-p); math.Abs(sum) > 1e-12 {
					t.Fatalf("game %d step %d: the two values add up to %v", g, step, sum)
				}
				if d := s.Determinize(p, rng).(*State); d.Evaluate(p) != v {
					t.Fatalf("game %d step %d: player %d's value %v is %v once the hidden cards are dealt again", g, step, p, v, d.Evaluate(p))
				}
			}
			botMove(t, s, rng)
		}
		if o := s.Outcome(); o.Over && o.Winner != engine.Nobody && (s.Evaluate(o.Winner) != 1 || s.Evaluate(1-o.Winner) != -1) {
			t.Errorf("game %d won by %d: values %v and %v", g, o.Winner, s.Evaluate(o.Winner), s.Evaluate(1-o.Winner))
		}
	}
}

// sorted is cards in sorted order: what is known of a face-down pile.
func sorted(cards []string) []string { return slices.Sorted(slices.Values(cards)) }

// seatView is what seat sees of a game: its hand; the sizes of the other
// hand and the decks; the cards seat knows its deck, the other player's
// unseen cards and the shared decks under their tops to be; the face-up
// cards and piles, the stack with the other's ejected cards unnamed; and
// seat's legal moves when it is to move.
func seatView(s *State, seat int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn=%d toMove=%d phase=%d acted=%v round=%d initiative=%d outcome=%+v damage=%+v\n",
		s.Turn(), s.ToMove(), s.Phase(), s.acted, s.Round(), s.Initiative(), s.Outcome(), s.damage)
	otherUnseen := slices.Concat(s.players[1-seat].hand, s.players[1-seat].deck)
	for _, sl := range s.stack {
		if sl.Owner != seat && sl.How == Ejected {
			otherUnseen = append(otherUnseen, sl.Card)
			sl.Card = "?"
		}
		fmt.Fprintf(&b, "slot %+v\n", sl)
	}
	if s.phase == EjectChoice && !s.acted && s.ejected.Owner != seat {
		otherUnseen = append(otherUnseen, s.ejected.Card)
	} else {
		fmt.Fprintf(&b, "ejected %+v\n", s.ejected)
	}
	for p, pl := range s.players {
		hand := fmt.Sprint(pl.hand)
		if p != seat {
			hand = fmt.Sprint(len(pl.hand))
		}
		fmt.Fprintf(&b, "p%d durability=%d fuel=%d hand=%s deck=%d discard=%q play=%q\n",
			p, pl.durability, pl.fuel, hand, len(pl.deck), pl.discard, pl.play)
	}
	fmt.Fprintf(&b, "own deck %q, other unseen %q\n", sorted(s.players[seat].deck), sorted(otherUnseen))
	var under []string
	for i, d := range s.shared {
		top := ""
		if len(d.Deck) > 0 {
			top, under = d.Deck[0], append(under, d.Deck[1:]...)
		}
		fmt.Fprintf(&b, "shared %d: top %q of %d, pile %q\n", i+1, top, len(d.Deck), d.Pile)
	}
	fmt.Fprintf(&b, "under the tops %q\n", sorted(under))
	if s.ToMove() == seat {
		for _, m := range s.Legal() {
			fmt.Fprintf(&b, "%s; ", moveKey(m))
		}
	}
	return b.String()
}

// hiddenCards is what seat does not see, in order: its deck, the other
// player's hand, deck and ejected cards, and the shared decks.
func hiddenCards(s *State, seat int) string {
	return fmt.Sprint(s.players[seat].deck, s.players[1-seat].hand, s.players[1-seat].deck, s.stack, s.ejected, s.shared)
}

func TestDeterminize(t *testing.T) {
	t.Parallel()
	cs := botCards(t)
	over := 0
	for g, steps := range []int{0, 5, 16, 40, 90} {
		s := newGame(t, cs, uint64(60+g), nil)
		rng := shuffle.New(uint64(g))
		for step := 0; step < steps && !s.Outcome().Over; step++ {
			botMove(t, s, rng)
		}
		if s.Outcome().Over {
			t.Fatalf("game %d is over after %d steps", g, steps)
		}
		enginetest.Determinizing[*State]{
			View: seatView, Hidden: hiddenCards, Snapshot: snapshot,
			Same: func(a, b *State) bool { return *a.src == *b.src },
			Also: func(t *testing.T, d, s *State, seat int) {
				if !maps.Equal(census(d), census(s)) {
					t.Fatalf("game %d seat %d: the cards are %v, want %v", g, seat, census(d), census(s))
				}
			},
		}.CheckDeterminize(t, fmt.Sprintf("game %d", g), s, 6)
		// The world dealt plays on to the end under the rules.
		d := s.Determinize(g%2, shuffle.New(99)).(*State)
		if enginetest.PlayOn(d, 1500, func(d *State) { botMove(t, d, rng) }) {
			over++
		}
	}
	if over == 0 {
		t.Error("no determinized game played on to its end")
	}
}

// TestDeterminizeDealsTheEjectedCards: the card Ben ejected face down is
// one of the cards Ann cannot see, dealt again with Ben's hand; Ann's own
// ejected card stays.
func TestDeterminizeDealsTheEjectedCards(t *testing.T) {
	t.Parallel()
	s := build(t, position{hands: [2]string{"Laser Sword", "Missile Scan Cell"}, shared: [SharedDecks]string{"Laser", "Red", "Blue"}})
	turns(t, s, eject("Laser"), eject("Missile"))
	seen := map[string]bool{}
	for seed := range uint64(30) {
		d := s.Determinize(ann, shuffle.New(seed)).(*State)
		if d.stack[0] != s.stack[0] {
			t.Fatalf("seed %d: Ann's own ejected card became %+v", seed, d.stack[0])
		}
		seen[d.stack[1].Card] = true
	}
	if want := map[string]bool{"Missile": true, "Scan": true, "Cell": true}; !maps.Equal(seen, want) {
		t.Errorf("Ben's ejected card was dealt as %v, want each of %v", seen, want)
	}
}

// TestDeterminizeRefusesUnseededGames: a game without a seed keeps its
// cards in a ledger, and is copied as it is.
func TestDeterminizeRefusesUnseededGames(t *testing.T) {
	t.Parallel()
	st, err := Game{Cards: cards(t)}.New(engine.Options{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if d := s.Determinize(ann, shuffle.New(1)).(*State); snapshot(d) != snapshot(s) {
		t.Errorf("determinized an unseeded game:\n%s\nwant\n%s", snapshot(d), snapshot(s))
	}
}

func BenchmarkEvaluate(b *testing.B) {
	s := build(b, position{hands: [2]string{"Laser Sword", "Missile"}, play: [2]string{"Red", ""}, fuel: [2]int{2, 3}, decks: [2]string{"Scan", "Swarm Mix"}})
	s.stack = append(s.stack, Slot{ann, "Sword", Assigned}, Slot{ben, "Swarm", Ejected}, Slot{ann, "Laser", Drafted})
	b.ReportAllocs()
	for b.Loop() {
		s.Evaluate(b.N % 2)
	}
}

func BenchmarkDeterminize(b *testing.B) {
	s := newGame(b, loadCards(b, defaultCatalogue(b)), 7, nil)
	rng := shuffle.New(7)
	for range 30 {
		moves := s.Legal()
		if err := s.Apply(s.ToMove(), moves[rng.Intn(len(moves))]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Determinize(s.ToMove(), rng)
	}
}
