package void

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

// evenLine is a player's set-up line the positions of the Evaluate tests
// change one thing of.
const evenLine = "energy 3, income 2, life 10, hand Scout Shock"

func TestEvaluateOutcome(t *testing.T) {
	t.Parallel()
	enginetest.CheckEvaluateOutcome(t, func(winner int) engine.Evaluator {
		s := table{ann: evenLine, ben: evenLine}.start(t)
		s.outcome = engine.Outcome{Over: true, Winner: winner}
		return s
	})
}

// TestEvaluatePrefersTheBetterPosition: in each pair of set-ups Ann's
// line makes the first plainly better for her, Ben's line being the same,
// and Evaluate says so for both players.
func TestEvaluatePrefersTheBetterPosition(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		better, worse string
	}{
		{"more life", "energy 3, income 2, life 10, hand Scout Shock", "energy 3, income 2, life 4, hand Scout Shock"},
		{"no life to lose", "energy 3, income 2, hand Scout Shock", "energy 3, income 2, life 10, hand Scout Shock"},
		{"more energy", "energy 6, income 2, life 10, hand Scout Shock", evenLine},
		{"more income", "energy 3, income 3, life 10, hand Scout Shock", evenLine},
		{"a unit in play", evenLine + ", field Raider North", evenLine},
		{"a stronger unit", evenLine + ", field Ranger North", evenLine + ", field Scout North"},
		{"an unhurt unit", evenLine + ", field Wall North", evenLine + ", field Wall North damage 3"},
		{"a modification in play", evenLine + ", field Extractor Forest", evenLine},
		{"a card more in hand", evenLine + " Drain", evenLine},
		{"life rather than a card", "energy 3, income 2, life 10, hand Scout", "energy 3, income 2, life 8, hand Scout Shock"},
	}
	for _, tt := range tests {
		better := table{ann: tt.better, ben: evenLine}.start(t)
		worse := table{ann: tt.worse, ben: evenLine}.start(t)
		enginetest.CheckPrefers(t, tt.name, better, worse)
	}
}

// botGame plays a seeded random game from its planned set-up for steps
// moves at most, each by the player who makes it, and returns it.
func botGame(t *testing.T, s *State, rng *shuffle.Source, steps int, each func(s *State, step int)) *State {
	t.Helper()
	for step := 0; step < steps && !s.Outcome().Over; step++ {
		if each != nil {
			each(s, step)
		}
		moves := s.Legal()
		if len(moves) == 0 {
			t.Fatalf("step %d: no legal move\n%s", step, snapshot(s))
		}
		m := moves[rng.Intn(len(moves))]
		p := mover(s, m)
		if by, ok := m.(engine.By); ok {
			m = by.Move
		}
		if err := s.Apply(p, m); err != nil {
			t.Fatalf("step %d: %s by %s: %v\n%s", step, moveText(m), who(p), err, snapshot(s))
		}
	}
	return s
}

// TestEvaluateAlongRandomGames: before the end a value is strictly inside
// (-1, 1), the two players' values are opposite, and the other player's
// hand is not read: dealt other cards, the value stays.
func TestEvaluateAlongRandomGames(t *testing.T) {
	t.Parallel()
	for g := range 3 {
		rng := shuffle.New(uint64(g))
		s := botGame(t, newSeeded(t, cards(t), uint64(40+g), nil), rng, 150, func(s *State, step int) {
			for p := range 2 {
				v := s.Evaluate(p)
				if v <= -1 || v >= 1 || math.IsNaN(v) {
					t.Fatalf("game %d step %d: Evaluate(%s) = %v, want inside (-1, 1)", g, step, who(p), v)
				}
				if sum := v + s.Evaluate(1-p); math.Abs(sum) > 1e-12 {
					t.Fatalf("game %d step %d: the two values add up to %v", g, step, sum)
				}
				if d := s.Determinize(p, rng).(*State); d.Evaluate(p) != v {
					t.Fatalf("game %d step %d: %s's value %v is %v once the other hand is dealt again", g, step, who(p), v, d.Evaluate(p))
				}
			}
		})
		if o := s.Outcome(); o.Over && o.Winner != engine.Nobody && (s.Evaluate(o.Winner) != 1 || s.Evaluate(1-o.Winner) != -1) {
			t.Errorf("game %d won by %s: values %v and %v", g, who(o.Winner), s.Evaluate(o.Winner), s.Evaluate(1-o.Winner))
		}
	}
}

// seatView is what seat sees of a game: all but the other hand's cards,
// and seat's own legal moves.
func seatView(s *State, seat int) string {
	var b strings.Builder
	p, declined, open := s.Deciding()
	fmt.Fprintf(&b, "turn=%d active=%d toMove=%d deciding=%d declined=%v open=%v outcome=%+v\n",
		s.Turn(), s.Active(), s.ToMove(), p, declined, open, s.Outcome())
	fmt.Fprintf(&b, "sectors=%v\n", s.Sectors())
	for p := range 2 {
		pl := s.Player(p)
		if p != seat {
			pl.Hand = []string{fmt.Sprintf("%d cards", len(pl.Hand))}
		}
		fmt.Fprintf(&b, "%s: %+v\n", who(p), pl)
	}
	fmt.Fprintf(&b, "in play: %q\nqueue: %q\n", field(s), queue(s))
	for _, m := range s.Legal() {
		if by, ok := m.(engine.By); ok && by.Player == seat || !ok && s.Active() == seat {
			fmt.Fprintf(&b, "%s; ", moveText(m))
		}
	}
	return b.String()
}

// otherHand is the hand hidden from seat, as it is and, sorted, as the
// plan of a set-up will deal it.
func otherHand(s *State, seat int) string {
	var planned []string
	if s.planned >= 0 && s.planned <= plannedHandStep(1-seat) {
		planned = slices.Sorted(slices.Values(s.plan[1-seat][:]))
	}
	return fmt.Sprint(s.players[1-seat].hand, planned)
}

func TestDeterminize(t *testing.T) {
	t.Parallel()
	// The set-up's lines are played one by one: at 0, 6 and 9 moves the
	// other hand is still planned, planned in part, or dealt.
	over := 0
	for g, steps := range []int{0, 6, 9, 12, 14, 16, 20} {
		s := botGame(t, newSeeded(t, defaultCards(t), uint64(70+g), randomVariants[g%len(randomVariants)]), shuffle.New(uint64(g)), steps, nil)
		enginetest.Determinizing[*State]{
			View: seatView, Hidden: otherHand, Snapshot: snapshot,
			Also: func(t *testing.T, d, s *State, seat int) {
				if a, b := len(d.players[1-seat].hand), len(s.players[1-seat].hand); a != b {
					t.Fatalf("game %d seat %s: the other hand holds %d cards, want %d", g, who(seat), a, b)
				}
				for _, name := range d.players[1-seat].hand {
					if _, ok := d.cards.Card(name); !ok {
						t.Fatalf("game %d: %q is no card of the catalogue", g, name)
					}
				}
			},
		}.CheckDeterminize(t, fmt.Sprintf("game %d", g), s, 6)
		// The world dealt plays on under the rules.
		if botGame(t, s.Determinize(g%2, shuffle.New(99)).(*State), shuffle.New(uint64(g)), 400, nil).Outcome().Over {
			over++
		}
	}
	if over == 0 {
		t.Error("no determinized game played on to its end")
	}
}

// TestDeterminizeKeepsToTheCopies: a card the catalogue gives one copy
// of, and seat holds, is not dealt to the other hand.
func TestDeterminizeKeepsToTheCopies(t *testing.T) {
	t.Parallel()
	cs := loadText(t, `
unit    Scout   cost 1 power 1 health 1
unit    Relic   cost 1 power 1 health 1 copies 1
tactic  Spark   cost 1 copies 2 target player opponent : damage 1
`)
	s := table{cards: cs, ann: "life 5, hand Relic Spark", ben: "life 5, hand Scout Scout Scout Scout Scout Scout"}.start(t)
	spark := 0
	for seed := range uint64(20) {
		d := s.Determinize(ann, shuffle.New(seed)).(*State)
		hand := d.players[ben].hand
		if slices.Contains(hand, "Relic") {
			t.Fatalf("seed %d: Ben is dealt the one Relic, which Ann holds: %v", seed, hand)
		}
		n := 0
		for _, c := range hand {
			if c == "Spark" {
				n++
			}
		}
		if n > 1 {
			t.Fatalf("seed %d: Ben is dealt %d Sparks of two, Ann holding one: %v", seed, n, hand)
		}
		spark += n
	}
	if spark == 0 {
		t.Error("no seed dealt Ben the Spark left")
	}
}

// TestDeterminizeRefusesUnknownCards: a game whose cards were written
// unknown is copied as it is.
func TestDeterminizeRefusesUnknownCards(t *testing.T) {
	t.Parallel()
	s := table{ann: evenLine, ben: "life 10, hand ? ?"}.start(t)
	if d := s.Determinize(ann, shuffle.New(1)).(*State); !sameState(d, s) {
		t.Errorf("determinized a game with unknown cards:\n%s\nwant\n%s", snapshot(d), snapshot(s))
	}
	if !reflect.DeepEqual(s.Determinize(ann, shuffle.New(1)).(*State).players[ben].hand, []string{Unknown, Unknown}) {
		t.Error("the unknown cards were dealt")
	}
}

func BenchmarkEvaluate(b *testing.B) {
	s := table{ann: evenLine + ", field Raider North, field Extractor Forest", ben: evenLine + ", field Wall South damage 1"}.start(b)
	b.ReportAllocs()
	for b.Loop() {
		s.Evaluate(b.N % 2)
	}
}

func BenchmarkDeterminize(b *testing.B) {
	s := newSeeded(b, defaultCards(b), 7, nil)
	rng := shuffle.New(7)
	for range 14 {
		moves := s.Legal()
		m := moves[rng.Intn(len(moves))]
		p := mover(s, m)
		if by, ok := m.(engine.By); ok {
			m = by.Move
		}
		if err := s.Apply(p, m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Determinize(s.ToMove(), rng)
	}
}
