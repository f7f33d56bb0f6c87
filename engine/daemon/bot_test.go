package daemon

import (
	"fmt"
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
		s := build(t, position{daemons: [2]string{"Ant", ""}})
		s.outcome = engine.Outcome{Over: true, Winner: winner}
		return s
	})
}

// TestEvaluatePrefersTheBetterPosition: in each pair of positions the
// first is plainly better for Ann, and Evaluate says so for both players.
func TestEvaluatePrefersTheBetterPosition(t *testing.T) {
	t.Parallel()
	owing := func(pos position, to, n int) *State {
		s := build(t, pos)
		s.damage = &damage{to: to, left: n}
		return s
	}
	tests := []struct {
		name          string
		better, worse *State
	}{
		{"more security", build(t, position{}), build(t, position{security: [2]string{"Dud Dud"}})},
		{"less opposing security", build(t, position{security: [2]string{"", "Dud Dud"}}), build(t, position{})},
		{"no damage to reveal", build(t, position{}), owing(position{}, ann, 2)},
		{"damage to reveal against Ben", owing(position{}, ben, 1), build(t, position{})},
		{"a daemon on the field", build(t, position{daemons: [2]string{"Ant"}}), build(t, position{})},
		{"a stronger daemon", build(t, position{daemons: [2]string{"Whale"}}), build(t, position{daemons: [2]string{"Ant"}})},
		{"a daemon ready", build(t, position{daemons: [2]string{"Bear"}}), build(t, position{daemons: [2]string{"Bear/spent"}})},
		{"the opposing daemon gone", build(t, position{}), build(t, position{daemons: [2]string{"", "Bear"}})},
		{"a script in the zone", build(t, position{scripts: [2]string{"Cell"}}), build(t, position{})},
		{"more cards in the grip", build(t, position{grips: [2]string{"Ant Bear Note"}}), build(t, position{grips: [2]string{"Ant"}})},
		{"more memory", build(t, position{memory: 5}), build(t, position{memory: 1})},
		{"a deck left", build(t, position{}), build(t, position{decks: [2]string{none}})},
		{"security rather than a daemon", build(t, position{}), build(t, position{security: [2]string{"Dud Dud Dud Dud"}, daemons: [2]string{"Ant"}})},
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

// TestEvaluateAlongRandomGames: before the end a value is strictly inside
// (-1, 1), the two players' values are opposite, and what a player cannot
// see is not read: the hidden cards dealt again, the value stays.
func TestEvaluateAlongRandomGames(t *testing.T) {
	t.Parallel()
	for g := range 2 {
		s := newGame(t, cards(t), uint64(40+g), randomVariants[g])
		rng := shuffle.New(uint64(g))
		for step := 0; step < 200 && !s.Outcome().Over; step++ {
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

// sorted is a zone's cards in sorted order: what is known of a face-down
// pile.
func sorted(zone []string) []string { return slices.Sorted(slices.Values(zone)) }

// seatView is what seat sees of a game: its grip; the sizes of the other
// grip, the decks and the securities; the cards seat knows to be among
// its deck and security, and among the other player's grip, deck and
// security; the field, heaps, scripts and gauge; and seat's legal moves
// when it is to move and no security card is to be revealed.
func seatView(s *State, seat int) string {
	var b strings.Builder
	ended, why := s.Ended()
	owed, to := s.Owed()
	fmt.Fprintf(&b, "turn=%d toMove=%d setup=%v drafts=%d active=%d memory=%d ended=%v (%s) owed=%d to %d outcome=%+v\n",
		s.Turn(), s.ToMove(), s.SettingUp(), s.drafts, s.Active(), s.Memory(), ended, why, owed, to, s.Outcome())
	for p, pl := range s.players {
		grip := fmt.Sprint(pl.grip)
		unseen := sorted(slices.Concat(pl.deck, pl.security))
		if p != seat {
			grip = fmt.Sprint(len(pl.grip))
			unseen = sorted(slices.Concat(pl.grip, pl.deck, pl.security))
		}
		var ds []string
		for _, d := range pl.daemons {
			ds = append(ds, fmt.Sprintf("%+v", *d))
		}
		fmt.Fprintf(&b, "p%d modules=%q main=%s decided=%v grip=%s deck=%d security=%d unseen=%q heap=%q scripts=%q daemons=%v\n",
			p, pl.modules, pl.main, pl.decided, grip, len(pl.deck), len(pl.security), unseen, pl.heap, pl.scripts, ds)
	}
	if s.ToMove() == seat && s.damage == nil {
		for _, m := range s.Legal() {
			fmt.Fprintf(&b, "%s; ", moveKey(m))
		}
	}
	return b.String()
}

// hiddenCards is what seat does not see, in order: its deck and security,
// and the other player's grip, deck and security.
func hiddenCards(s *State, seat int) string {
	own, other := s.players[seat], s.players[1-seat]
	return fmt.Sprint(own.deck, own.security, other.grip, other.deck, other.security)
}

func TestDeterminize(t *testing.T) {
	t.Parallel()
	over := 0
	// 6 steps make the draft, 8 the mains and 10 the mulligans or keeps.
	for g, steps := range []int{7, 9, 20, 40} {
		s := newGame(t, cards(t), uint64(60+g), randomVariants[g%len(randomVariants)])
		rng := shuffle.New(uint64(g))
		for step := 0; step < steps && !s.Outcome().Over; step++ {
			botMove(t, s, rng)
		}
		if s.Outcome().Over {
			t.Fatalf("game %d is over after %d steps: nothing is hidden", g, steps)
		}
		enginetest.Determinizing[*State]{
			View: seatView, Hidden: hiddenCards, Snapshot: snapshot, Same: sameState,
		}.CheckDeterminize(t, fmt.Sprintf("game %d", g), s, 6)
		// The world dealt plays on to the end under the rules.
		d := s.Determinize(g%2, shuffle.New(99)).(*State)
		if enginetest.PlayOn(d, 3000, func(d *State) { botMove(t, d, rng) }) {
			over++
		}
	}
	if over == 0 {
		t.Error("no determinized game played on to its end")
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
	draft(t, s, defaultSetup.picks)
	if d := s.Determinize(ann, shuffle.New(1)).(*State); !sameState(d, s) {
		t.Errorf("determinized an unseeded game:\n%s\nwant\n%s", snapshot(d), snapshot(s))
	}
}

func BenchmarkEvaluate(b *testing.B) {
	s := build(b, position{daemons: [2]string{"Ant Bear/spent", "Whale"}, scripts: [2]string{"Cell", "Pump"}, grips: [2]string{"Note Ant", "Mole"}, memory: 3})
	b.ReportAllocs()
	for b.Loop() {
		s.Evaluate(b.N % 2)
	}
}

func BenchmarkDeterminize(b *testing.B) {
	s := newGame(b, cards(b), 7, nil)
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
