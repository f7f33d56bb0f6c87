package daemon

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// ---------------------------------------------------------------------------
// Moves played in place, as they were played on a copy

// referenceApply is Apply as it was when every move was played on a copy
// of the state, kept only when the move was legal: the oracle of the moves
// Apply now plays in place.
func referenceApply(s *State, p int, m engine.Move) error {
	c := s.clone()
	if err := c.move(p, m, false); err != nil {
		return err
	}
	*s = *c
	return nil
}

// referenceForce is Force as it was, on a copy, as referenceApply is
// Apply.
func referenceForce(s *State, p int, m engine.Move) error {
	if p < 0 || p >= len(s.players) {
		return s.Force(p, m)
	}
	c := s.clone()
	if err := c.force(p, m); err != nil {
		return err
	}
	*s = *c
	return nil
}

// alien is a move of no game's, which Apply refuses without a violation.
type alien struct{}

// reference plays m for p on a copy of s the reference way, with
// referenceForce when forced and else with referenceApply, and returns the
// copy and the answer.
func reference(s *State, p int, m engine.Move, forced bool) (*State, error) {
	ref := s.clone()
	if forced {
		return ref, referenceForce(ref, p, m)
	}
	return ref, referenceApply(ref, p, m)
}

// sameAsFound plays m for p on s, with Force when forced and else with
// Apply, and checks it against the reference's state and answer, found
// from s as it was (reference): the two answers must be the same error,
// or none, and the two states the same. A refused move thus leaves s
// exactly as it was. It returns the answer.
func sameAsFound(t *testing.T, s, ref *State, want error, p int, m engine.Move, forced bool, at string) error {
	t.Helper()
	got := apply(s, p, m, forced)
	how := "Apply"
	if forced {
		how = "Force"
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: %s %s by %s answers %v, want %v\n%s", at, how, moveKey(m), players[min(p, 1)], got, want, snapshot(ref))
	}
	if !sameState(s, ref) {
		t.Fatalf("%s: %s %s by %s (answer %v) leaves\n%s\nwant\n%s", at, how, moveKey(m), players[min(p, 1)], got, snapshot(s), snapshot(ref))
	}
	return got
}

// TestApplyInPlaceAsOnACopy plays random games, from the draft and from
// positions in a turn, and checks at every step that Apply and Force, now
// played in place, answer as they did on a copy and leave the same state:
// each move Legal lists, on a copy, and a sample of moves of every kind
// (moves other positions listed, names in sight and not, either player, a
// player not in the game, a move of no game's), refused ones on the state
// itself. The game goes on by a legal move or a move let stand, also on
// the state itself, and is followed step by step by a game played the
// reference way; once it is over, moves are still tried.
func TestApplyInPlaceAsOnACopy(t *testing.T) {
	const games, maxSteps, samples = 60, 150, 6
	catalogues := []*Cards{defaultCards(t), cards(t)}
	var pool []engine.Move // moves listed by positions seen, across games
	tried, refused := 0, 0
	for g := range games {
		seed := uint64(2300 + g)
		var s *State
		if g%3 == 0 {
			s = newGame(t, catalogues[g/3%2], seed, randomVariants[g%len(randomVariants)])
		} else {
			grips, decks := [2]string{"Ant Zap Owl Note Combo", "Bat Cell Wasp Gift"}, [2]string{"Note Wasp Cache Colossus Kit", "Hare Kit Overload"}
			if g%5 == 0 {
				grips[ann], decks[ann] = "", none
			}
			s = build(t, position{
				variants: randomVariants[g%len(randomVariants)],
				mains:    [2]string{[]string{"Alpha", "StartD", "RevealM", "TrashM", "Heavy"}[g%5], []string{"Beta", "Gamma", "AttackM", "Delta", "Zeta"}[g/3%5]},
				grips:    grips,
				decks:    decks,
				security: [2]string{"Bear Dud Gift", "Whale Mole Pump"},
				daemons:  [2]string{"Ant Mole/sick Reactor Td", "Gnat Bear/spent Whale Tm"},
				scripts:  [2]string{"Cell Pump", "Drill Macro"},
				memory:   g % 5,
				// Some positions start in Ben's turn.
				benActive: g%4 == 1,
			})
		}
		ref := s.clone()
		rng := shuffle.New(seed)
		for step := 0; step < maxSteps; step++ {
			at := fmt.Sprintf("seed %d, step %d", seed, step)
			p := s.ToMove()
			moves := s.Legal()
			for _, m := range moves {
				// The reference plays on a copy of its own: it starts
				// from a shallow copy of s, which a move it accepts
				// replaces whole, and which nothing else writes to.
				ref := *s
				want := referenceApply(&ref, p, m)
				if sameAsFound(t, s.clone(), &ref, want, p, m, false, at) != nil {
					t.Fatalf("%s: Legal lists %s, which Apply refuses", at, moveKey(m))
				}
			}
			pool = append(pool, moves...)
			// broadMoves(s), then a move of no game's alone and on a
			// set-up line; only those sampled are made.
			broad := newBroad(s)
			sampleBroad := func() engine.Move {
				switch i := rng.Intn(broad.len() + 2); i - broad.len() {
				case 0:
					return alien{}
				case 1:
					return engine.OnSetupLine{Move: alien{}}
				default:
					return broad.at(i)
				}
			}
			// base is a copy of s as s is, for the reference to play on:
			// a move it refuses leaves it so (and s, checked against it),
			// one it accepts changes it, and the next takes a new copy.
			var base *State
			for range samples {
				var m engine.Move
				if rng.Intn(2) == 0 {
					m = sampleBroad()
				} else {
					m = pool[rng.Intn(len(pool))]
				}
				q, forced := rng.Intn(2), rng.Intn(3) == 0
				if forced && rng.Intn(20) == 0 {
					q = 2
				}
				// A move the reference refuses is refused on s itself;
				// one it accepts is played on a copy, s going on below.
				if base == nil {
					base = s.clone()
				}
				ref, want := base, error(nil)
				if forced {
					want = referenceForce(ref, q, m)
				} else {
					want = referenceApply(ref, q, m)
				}
				on := s
				if want == nil {
					on, base = s.clone(), nil
				} else {
					refused++
				}
				tried++
				sameAsFound(t, on, ref, want, q, m, forced, at)
			}
			if s.Outcome().Over {
				break
			}
			// The game goes on on s and on ref, each its own way.
			var m engine.Move
			forced := rng.Intn(5) == 0
			if forced {
				m, p = pool[rng.Intn(len(pool))], rng.Intn(2)
			} else {
				m = moves[rng.Intn(len(moves))]
			}
			var got, want error
			if forced {
				got, want = s.Force(p, m), referenceForce(ref, p, m)
			} else {
				got, want = s.Apply(p, m), referenceApply(ref, p, m)
			}
			if !reflect.DeepEqual(got, want) || !sameState(s, ref) {
				t.Fatalf("%s: %s by %s (forced %v) answers %v, the reference way %v; the state\n%s\nwant\n%s", at, moveKey(m), players[p], forced, got, want, snapshot(s), snapshot(ref))
			}
			checkBonusesCounted(t, s, at)
		}
		if len(pool) > 2000 {
			pool = slices.Clone(pool[len(pool)-1000:])
		}
	}
	t.Logf("%d moves tried, %d of them refused", tried, refused)
	if refused < tried/2 {
		t.Errorf("only %d of %d moves tried were refused", refused, tried)
	}
}

// TestFirstMoveOfATurnAsOnACopy tries moves of every kind, by either
// player, with Apply and with Force, at the end of the set-up, where the
// first move of a turn begins the game before it is checked (begins). A
// refused one, tried on the state itself, puts it back as it was, set-up
// and all, as the reference way; an accepted one, tried on a copy, plays
// as the reference way. The mains that draw or give memory at the start
// of a turn make begin change more.
func TestFirstMoveOfATurnAsOnACopy(t *testing.T) {
	startD := "StartD Beta Gamma StartM Eps Zeta" // Ann: StartD, StartM, Eps
	for _, tt := range []struct {
		name  string
		picks string
		mains [2]string
		keeps []int
	}{
		{"both mains chosen, no grip kept", defaultSetup.picks, [2]string{"Alpha", "Beta"}, nil},
		{"Ann's grip kept", defaultSetup.picks, [2]string{"Alpha", "Beta"}, []int{ann}},
		{"both grips kept", defaultSetup.picks, [2]string{"Delta", "Gamma"}, []int{ann, ben}},
		{"a main that draws at the start of a turn", startD, [2]string{"StartD", "Beta"}, []int{ann, ben}},
		{"a main that gives memory at the start of a turn", startD, [2]string{"StartM", "Zeta"}, []int{ben}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for seed := range uint64(4) {
				s := newGame(t, cards(t), 40+seed, randomVariants[seed])
				draft(t, s, tt.picks)
				for p, main := range tt.mains {
					mustApply(t, s, p, setupLine(Main{main}))
				}
				for _, p := range tt.keeps {
					mustApply(t, s, p, setupLine(Keep{}))
				}
				before := s.clone()
				began, accepted := 0, 0
				at := fmt.Sprintf("seed %d", 40+seed)
				for _, m := range append(broadMoves(s), alien{}) {
					for p := range 2 {
						for _, forced := range []bool{false, true} {
							ref, want := reference(s, p, m, forced)
							on := s
							if want == nil {
								on = s.clone()
								accepted++
							} else if s.begins(m) {
								began++
							}
							sameAsFound(t, on, ref, want, p, m, forced, at)
						}
					}
				}
				if !sameState(s, before) {
					t.Fatalf("%s: refused moves changed the set-up:\nbefore %s\nafter  %s", at, snapshot(before), snapshot(s))
				}
				if began == 0 || accepted == 0 {
					t.Errorf("%s: %d moves refused once the game had begun, %d accepted: the test tries too few", at, began, accepted)
				}
			}
		})
	}
}

// checkBonusesCounted checks that the standing bonuses kept for each
// player are those counted afresh from their main module and script zone,
// as they were counted at every move before they were kept.
func checkBonusesCounted(t *testing.T, s *State, at string) {
	t.Helper()
	c := s.clone()
	for p := range c.players {
		c.countBonuses(p)
		if kept, counted := s.bonuses(p), c.bonuses(p); !reflect.DeepEqual(kept, counted) {
			t.Fatalf("%s: %s's bonuses are kept as %+v, counted as %+v\n%s", at, players[p], kept, counted, snapshot(s))
		}
	}
}
