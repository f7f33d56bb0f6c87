package sortie

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

func TestEvaluateOutcome(t *testing.T) {
	t.Parallel()
	enginetest.CheckEvaluateOutcome(t, func(winner int) engine.Evaluator {
		s := pos(rules{}, 0, "2C 3C", "4C", "0 9H/KH b2")
		s.outcome = engine.Outcome{Over: true, Winner: winner}
		return s
	})
}

// TestEvaluatePrefersTheBetterPosition: in each pair of positions the
// first is plainly better for the first player, and Evaluate says so for
// both players.
func TestEvaluatePrefersTheBetterPosition(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		better, worse *State
	}{
		{"a flag captured",
			with(pos(rules{}, 0, "2C", "3C"), func(s *State) { capture(s, 1, "d4") }),
			pos(rules{}, 0, "2C", "3C")},
		{"two flags captured rather than one",
			with(pos(rules{}, 0, "2C", "3C"), func(s *State) { capture(s, 1, "d4 d3") }),
			with(pos(rules{}, 0, "2C", "3C"), func(s *State) { capture(s, 1, "d4") })},
		{"a unit on an opposing flag rather than at home",
			pos(rules{}, 0, "2C", "3C", "0 9H/KH d3"),
			pos(rules{}, 0, "2C", "3C", "0 9H/KH a1")},
		{"a unit next to an opposing flag rather than at home",
			pos(rules{}, 0, "2C", "3C", "0 9H/KH c3"),
			pos(rules{}, 0, "2C", "3C", "0 9H/KH a1")},
		{"a unit more",
			pos(rules{}, 0, "2C", "3C", "0 9H/KH a1", "1 5D/6D d4"),
			pos(rules{}, 0, "2C", "3C", "1 5D/6D d4")},
		{"the opposing unit destroyed",
			pos(rules{}, 0, "2C", "3C", "0 9H/KH b2"),
			pos(rules{}, 0, "2C", "3C", "0 9H/KH b2", "1 5D/6D c2")},
		{"a stronger unit",
			pos(rules{}, 0, "2C", "3C", "0 QH/KH a1"),
			pos(rules{}, 0, "2C", "3C", "0 2H/3H a1")},
		{"the shield kept",
			pos(rules{}, 0, "2C", "3C", "0 9H/KH b2"),
			pos(rules{}, 0, "2C", "3C", "0 9H/KH b2 broken")},
		{"the opposing shield broken",
			pos(rules{}, 0, "2C", "3C", "1 9H/KH c3 broken"),
			pos(rules{}, 0, "2C", "3C", "1 9H/KH c3")},
		{"more cards in hand",
			pos(rules{}, 0, "2C 3C 4C", "5C"),
			pos(rules{}, 0, "2C", "5C")},
	}
	for _, tt := range tests {
		enginetest.CheckPrefers(t, tt.name, tt.better, tt.worse)
	}
}

// TestEvaluateAlongRandomGames: before the end a value is strictly inside
// (-1, 1), the two players' values are opposite, and the other player's
// hand is not read: dealt other cards of the same number, the value stays.
func TestEvaluateAlongRandomGames(t *testing.T) {
	t.Parallel()
	for game := range 3 {
		s := newGame(t, true, uint64(500+game), forceVariants[game%len(forceVariants)])
		rng := shuffle.New(uint64(game))
		for step := 0; step < 150 && !s.Outcome().Over; step++ {
			s.settle()
			for p := range 2 {
				v := s.Evaluate(p)
				if v <= -1 || v >= 1 || math.IsNaN(v) {
					t.Fatalf("game %d step %d: Evaluate(%d) = %v, want inside (-1, 1)", game, step, p, v)
				}
				if sum := v + s.Evaluate(1-p); math.Abs(sum) > 1e-12 {
					t.Fatalf("game %d step %d: the two values add up to %v", game, step, sum)
				}
				if d, ok := s.Determinize(p, rng).(*State); ok && d.Evaluate(p) != v {
					t.Fatalf("game %d step %d: player %d's value %v is %v once the hidden cards are dealt again", game, step, p, v, d.Evaluate(p))
				}
			}
			playLegal(t, s, rng)
		}
		if o := s.Outcome(); o.Over && (s.Evaluate(o.Winner) != 1 || s.Evaluate(1-o.Winner) != -1) {
			t.Errorf("game %d won by %d: values %v and %v", game, o.Winner, s.Evaluate(o.Winner), s.Evaluate(1-o.Winner))
		}
	}
}

// playLegal plays a listed move, as pickLegal picks it.
func playLegal(t *testing.T, s *State, rng *shuffle.Source) {
	t.Helper()
	m := pickLegal(rng, s.Legal())
	if err := s.Apply(s.ToMove(), m); err != nil {
		t.Fatalf("Legal lists %s, which Apply refuses: %v\n%s", moveKey(m), err, snapshot(s))
	}
}

// view is what seat sees of a game: everything but the other hand's
// cards and the deck's order.
func view(s *State, seat int) string {
	v := s.settled()
	deck := slices.Clone(v.deck)
	slices.SortFunc(deck, compareCards)
	return fmt.Sprintf("turn %d to move %d own %v other %d deck %d discard %v flags %v captured %v pending %v outcome %+v\n%s",
		v.Turn(), v.ToMove(), v.hands[seat], len(v.hands[1-seat]), len(v.deck), v.discard, v.flags, v.captured, v.pending, v.outcome, boardText(v))
}

// hiddenCards is what seat does not see: the other hand and the deck, in
// order.
func hiddenCards(s *State, seat int) string {
	v := s.settled()
	return fmt.Sprint(v.hands[1-seat], v.deck)
}

// census counts every card of the game, wherever it is.
func census(s *State) map[string]int {
	v := s.settled()
	out := map[string]int{}
	add := func(cs ...any) {
		for _, c := range cs {
			out[fmt.Sprint(c)]++
		}
	}
	for _, c := range slices.Concat(v.deck, v.discard, v.hands[0], v.hands[1]) {
		add(c)
	}
	for _, u := range v.board {
		if u != nil {
			add(u.Bottom, u.Top)
		}
	}
	return out
}

func TestDeterminize(t *testing.T) {
	t.Parallel()
	over := 0
	// Game 3 is unseeded, its draws written by name: no ledger.
	for game := range 4 {
		variants := forceVariants[game%len(forceVariants)]
		s := newGame(t, game != 3, uint64(800+game), variants)
		rng := shuffle.New(uint64(game))
		for step := 0; step < 60 && !s.Outcome().Over; step++ {
			playLegal(t, s, rng)
		}
		enginetest.Determinizing[*State]{
			View: view, Hidden: hiddenCards, Snapshot: snapshot,
			Same: func(a, b *State) bool { return reflect.DeepEqual(a.rng, b.rng) },
			Also: func(t *testing.T, d, s *State, seat int) {
				if !reflect.DeepEqual(census(d), census(s)) {
					t.Fatalf("game %d seat %d: the cards are not the game's", game, seat)
				}
				// (Unseeded, an owed draw lists the cards the deck holds,
				// which are not seat's to know.)
				if seat == d.ToMove() && len(s.settled().pending) == 0 && !reflect.DeepEqual(d.Legal(), s.Legal()) {
					t.Fatalf("game %d seat %d: seat's legal moves changed", game, seat)
				}
			},
		}.CheckDeterminize(t, fmt.Sprintf("game %d", game), s, 8)
		// The world dealt plays on to the end under the rules.
		d := s.Determinize(game%2, shuffle.New(99)).(*State)
		steps := 2000
		if !d.seeded {
			steps = 100 // each draw written lists the deck: slow to play out
		}
		if enginetest.PlayOn(d, steps, func(d *State) { playLegal(t, d, rng) }) {
			over++
		}
	}
	if over == 0 {
		t.Error("no determinized game played on to its end")
	}
}

// TestDeterminizeRefusesUnknownCards: a game whose cards were written
// unknown is copied as it is.
func TestDeterminizeRefusesUnknownCards(t *testing.T) {
	t.Parallel()
	s := fromSeat(t, 0)
	mustApply(t, s, 0, opening("7H 9C KD 2S"))
	mustApply(t, s, 1, openingUnknowns(Opening))
	d := s.Determinize(1, shuffle.New(1)).(*State)
	if !reflect.DeepEqual(d, s.clone()) {
		t.Errorf("determinized a game with unknown cards:\n%s\nwant\n%s", snapshot(d), snapshot(s))
	}
}

func BenchmarkEvaluate(b *testing.B) {
	s := pos(rules{}, 0, "2C 3C 4C", "5C 6C", "0 9H/KH b2", "0 QH/2H c3 broken", "1 5D/6D c2", "1 8S/7S d4")
	b.ReportAllocs()
	for b.Loop() {
		s.Evaluate(b.N % 2)
	}
}

func BenchmarkDeterminize(b *testing.B) {
	st, err := Game{}.New(engine.Options{Seeded: true, Seed: 7})
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	rng := shuffle.New(7)
	for range 60 {
		if err := s.Apply(s.ToMove(), pickLegal(rng, s.Legal())); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Determinize(s.ToMove(), rng)
	}
}
