package mecha

import (
	"fmt"
	"math"
	"reflect"
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
		s := build(t, table{units: []string{"Ann Scout c3"}})
		s.outcome = engine.Outcome{Over: true, Winner: winner}
		return s
	})
}

// damaged puts cards in player's damage zone.
func damaged(s *State, player, n int) *State {
	for range n {
		s.players[player].damage = append(s.players[player].damage, radio)
	}
	return s
}

// TestEvaluatePrefersTheBetterPosition: in each pair of positions the
// first is plainly better for Ann, and Evaluate says so for both players.
func TestEvaluatePrefersTheBetterPosition(t *testing.T) {
	t.Parallel()
	units := func(us ...string) *State { return build(t, table{units: us}) }
	tests := []struct {
		name          string
		better, worse *State
	}{
		{"Ben attacked directly", damaged(units(), ben, 1), units()},
		{"Ann attacked directly once rather than twice", damaged(units(), ann, 1), damaged(units(), ann, 2)},
		{"a direct attack rather than a mecha", damaged(units(), ben, 1), units("Ann Striker c2")},
		{"a mecha on the board", units("Ann Striker c1"), units()},
		{"a stronger mecha", units("Ann Striker c1"), units("Ann Scout c1")},
		{"a mecha further forward", units("Ann Striker c4"), units("Ann Striker c1")},
		{"a mecha unhurt", units("Ann Bulwark c2"), units("Ann Bulwark c2 durability=1")},
		{"a mecha with its armour", units("Ann Bulwark c2"), units("Ann Bulwark c2 armour=0")},
		{"a tower standing", units(`Ann "Relay Station" a1`), units()},
		{"the opposing mecha destroyed", units(), units("Ben Striker c4")},
		{"more cards in hand", build(t, table{hands: [2]string{"Scout Hawk Lancer Archer Striker"}, draw: "Bulwark"}),
			build(t, table{hands: [2]string{"Scout Hawk Lancer Archer Striker"}, draw: "-"})},
		{"a deck to draw from", units(), with(units(), func(s *State) { s.players[ann].deck = s.players[ann].deck[:1] })},
	}
	for _, tt := range tests {
		enginetest.CheckPrefers(t, tt.name, tt.better, tt.worse)
	}
}

func with(s *State, f func(*State)) *State {
	f(s)
	return s
}

// botMove picks a listed move at random, ending the turn one time in
// three when it may, so that games move on.
func botMove(t *testing.T, s *State, rng *shuffle.Source) {
	t.Helper()
	moves := s.Legal()
	if len(moves) == 0 {
		t.Fatalf("no legal move in a game not over:\n%s", snapshot(s))
	}
	m := moves[rng.Intn(len(moves))]
	if rng.Intn(3) == 0 && slices.ContainsFunc(moves, func(m engine.Move) bool { _, ok := m.(engine.EndTurn); return ok }) {
		m = engine.EndTurn{}
	}
	if err := s.Apply(s.ToMove(), m); err != nil {
		t.Fatalf("Legal lists %s, which Apply refuses: %v\n%s", moveKey(m), err, snapshot(s))
	}
}

// TestEvaluateAlongRandomGames: before the end a value is strictly inside
// (-1, 1), the two players' values are opposite, and what a player cannot
// see is not read: the hidden cards dealt again, the value stays.
func TestEvaluateAlongRandomGames(t *testing.T) {
	t.Parallel()
	for g := range 2 {
		s := newGame(t, testCards(t), true, uint64(300+g), nil)
		rng := shuffle.New(uint64(g))
		for step := 0; step < 150 && !s.Outcome().Over; step++ {
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
		if o := s.Outcome(); o.Over && (s.Evaluate(o.Winner) != 1 || s.Evaluate(1-o.Winner) != -1) {
			t.Errorf("game %d won by %d: values %v and %v", g, o.Winner, s.Evaluate(o.Winner), s.Evaluate(1-o.Winner))
		}
	}
}

// seatView is what seat sees of a game, once the draws a seed owes are
// made as Hand makes them: seat's hand, the sizes of the other hand and
// the decks, the cards seat knows its deck and the other player's unseen
// cards to be, the board and the face-up piles; and seat's legal moves,
// when it is to move and owes no draw a transcript must write.
func seatView(s *State, seat int) string {
	var b strings.Builder
	v := s.settledView()
	fmt.Fprintf(&b, "turn=%d toMove=%d outcome=%+v setup=%v drawPhase=%v ending=%v sacrifice=%q\n",
		v.Turn(), v.ToMove(), v.Outcome(), v.setup, v.drawPhase, v.ending, v.sacrifice)
	for p, pl := range v.players {
		hand := fmt.Sprint(pl.hand)
		unseen := slices.Sorted(slices.Values(pl.deck))
		if p != seat {
			hand = fmt.Sprint(len(pl.hand))
			unseen = slices.Sorted(slices.Values(slices.Concat(pl.hand, pl.aside, pl.deck)))
		}
		fmt.Fprintf(&b, "p%d hand=%s deck=%d aside=%d unseen=%q graveyard=%q damage=%q chosen=%v owed=%d opening=%v mulligan=%v\n",
			p, hand, len(pl.deck), len(pl.aside), unseen, pl.graveyard, pl.damage, pl.chosen, pl.owed, pl.opening, pl.mulligan)
	}
	for i, u := range v.board {
		if u != nil {
			fmt.Fprintf(&b, "%v=%+v\n", Board.Square(i), *u)
		}
	}
	for _, pc := range v.placed {
		fmt.Fprintf(&b, "placed %+v\n", *pc)
	}
	// Unseeded, an owed draw lists the cards the deck holds, which are
	// not seat's to know.
	if s.ToMove() == seat && (s.seeded || !s.drawPhase && !s.owesUnseeded()) {
		for _, m := range s.Legal() {
			fmt.Fprintf(&b, "%s; ", moveKey(m))
		}
	}
	return b.String()
}

// hiddenCards is what seat does not see, in order, once the draws a seed
// owes are made (before the decks are chosen, they are the seed's order):
// its deck, and the other player's hand and deck.
func hiddenCards(s *State, seat int) string {
	v := s.settledView()
	other := v.players[1-seat]
	return fmt.Sprint(v.players[seat].deck, other.hand, other.aside, other.deck)
}

func TestDeterminize(t *testing.T) {
	t.Parallel()
	over := 0
	// Game 4 is unseeded, its draws written by name: no ledger.
	for g, steps := range []int{0, 2, 30, 90, 40} {
		variants := map[string]string{}
		if g%2 == 1 {
			variants = map[string]string{"direct": "range", "firstdraw": "no", "emptydamage": "lose"}
		}
		s := newGame(t, testCards(t), g != 4, uint64(600+g), variants)
		rng := shuffle.New(uint64(g))
		for step := 0; step < steps && !s.Outcome().Over; step++ {
			botMove(t, s, rng)
		}
		enginetest.Determinizing[*State]{
			View: seatView, Hidden: hiddenCards, Snapshot: snapshot,
			Same: func(a, b *State) bool { return snapshot(a) == snapshot(b) },
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

// TestDeterminizeRefusesUnknownCards: a game whose cards were written
// unknown is copied as it is.
func TestDeterminizeRefusesUnknownCards(t *testing.T) {
	t.Parallel()
	s := newGame(t, testCards(t), false, 0, nil)
	mustApply(t, s, ann, Draw{Cards: fill("Scout"), Opening: true})
	mustApply(t, s, ben, Draw{Cards: []string{Unknown, Unknown, Unknown, Unknown, Unknown}, Opening: true})
	if d := s.Determinize(ann, shuffle.New(1)).(*State); !reflect.DeepEqual(d, s.clone()) {
		t.Errorf("determinized a game with unknown cards:\n%s\nwant\n%s", snapshot(d), snapshot(s))
	}
}

func BenchmarkEvaluate(b *testing.B) {
	cs := testCards(b)
	st, err := Game{Cards: cs}.New(engine.Options{Seeded: true, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	for _, u := range []struct {
		owner      int
		card, at   string
		durability int
	}{{ann, "Striker", "c2", 3}, {ann, "Relay Station", "a1", 4}, {ben, "Bulwark", "d4", 3}, {ben, radio, "e5", 3}} {
		c, _ := cs.Card(u.card)
		s.put(Board.Index(sq(u.at)), &Unit{Card: c, Owner: u.owner, Durability: u.durability})
	}
	damaged(s, ben, 2)
	b.ReportAllocs()
	for b.Loop() {
		s.Evaluate(b.N % 2)
	}
}

func BenchmarkDeterminize(b *testing.B) {
	st, err := Game{Cards: testCards(b)}.New(engine.Options{Seeded: true, Seed: 7})
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	rng := shuffle.New(7)
	for range 40 {
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
