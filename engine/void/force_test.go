package void

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// The tests of moves let stand (engine.Forcer; rulings V30 to V33).

var _ engine.Forcer = (*State)(nil)

// forceText forces one move written as a turn writes it, made by the
// player it names or the player whose turn it is, and returns Force's
// answer. When refused is not nil, Apply must first refuse the move (on a
// clone) with that verdict, so that the case does force something.
func forceText(t testing.TB, s *State, text string, refused *verdict) error {
	t.Helper()
	p, m := parse(t, text)
	if p < 0 {
		p = s.Active()
	}
	if refused != nil {
		quotes.Refused(t, s.clone().Apply(p, m), text, who(p), *refused)
	}
	return s.Force(p, m)
}

// force forces moves separated by commas; Apply must refuse each, and
// Force must play it.
func force(t testing.TB, s *State, moves string) {
	t.Helper()
	for text := range strings.SplitSeq(moves, ",") {
		if strings.TrimSpace(text) == "" {
			continue
		}
		p, m := parse(t, text)
		if p < 0 {
			p = s.Active()
		}
		if err := s.clone().Apply(p, m); err == nil {
			t.Fatalf("Apply accepts %s: nothing to force", text)
		}
		if err := s.Force(p, m); err != nil {
			t.Fatalf("Force %s: %v\n%s", text, err, snapshot(s))
		}
	}
}

// TestForcePlaysWhatAHandCanDo forces each kind of move Apply refuses for
// a rule a player can break by hand, and checks what came of it: what
// moved where, what was paid, whose turn it is and who decides.
func TestForcePlaysWhatAHandCanDo(t *testing.T) {
	abcd := "sector A, sector B, sector C, sector D"
	for _, tt := range []struct {
		name   string
		tb     table
		before string  // moves applied first
		force  string  // the move forced
		apply  verdict // Apply's refusal of it
		more   string  // moves forced after it
		after  string  // moves applied after
		check  func(t *testing.T, s *State)
	}{
		{
			name: "out of turn, the queue closed: into the queue, the active player decides (V31)",
			tb:   table{ann: "energy 1", ben: "energy 1, hand Scout"}, force: "Ben play Scout North", apply: ruled("V6", rulingOpen),
			check: func(t *testing.T, s *State) {
				checkTurn(t, s, 1, ann)
				checkQueue(t, s, "Ben: play Scout North")
				checkDeciding(t, s, ann, false)
				checkEnergy(t, s, ben, 0)
				checkHand(t, s, ben, "")
			},
		},
		{
			name: "out of turn, then executed",
			tb:   table{ben: "energy 2, hand Scout"}, force: "Ben play Scout North", apply: ruled("V6", rulingOpen), after: "execute",
			check: func(t *testing.T, s *State) {
				checkField(t, s, "Ben Scout North")
				checkTurn(t, s, 1, ann)
				checkDeciding(t, s, ann, false)
			},
		},
		{
			name: "out of turn, outside the queue: the decision stays (V31)",
			tb:   table{ben: "hand Drain"}, force: "Ben convert Drain", apply: ruled("V6", rulingOpen),
			check: func(t *testing.T, s *State) {
				checkTurn(t, s, 1, ann)
				checkClosed(t, s)
				checkEnergy(t, s, ben, 1)
				checkCache(t, s, ben, "Drain")
			},
		},
		{
			name: "after declining, outside the queue: the decision stays (V31)",
			tb:   table{ann: "energy 1, hand Scout Surge", ben: "hand Drain"}, before: "play Scout North, play Surge",
			force: "Ben convert Drain", apply: ruled("V7", rulingNoReturn),
			check: func(t *testing.T, s *State) {
				checkDeciding(t, s, ann, true)
				checkEnergy(t, s, ben, 1)
				checkQueue(t, s, "Ann: play Scout North")
			},
		},
		{
			name: "after declining, into the queue: the other player decides (V31)",
			tb:   table{ann: "energy 1, hand Scout Surge", ben: "energy 1, hand Drain"}, before: "play Scout North, play Surge",
			force: "Ben play Drain Ann", apply: ruled("V7", rulingNoReturn),
			check: func(t *testing.T, s *State) {
				checkDeciding(t, s, ann, false)
				checkQueue(t, s, "Ann: play Scout North | Ben: play Drain Ann")
				checkEnergy(t, s, ben, 0)
				checkTurn(t, s, 1, ann)
			},
		},
		{
			name: "a turn ended by the other player: the turns alternate (V31)",
			tb:   table{ann: "income 1", ben: "income 2"}, force: "Ben end", apply: broke(ruleAsMany),
			check: func(t *testing.T, s *State) {
				checkTurn(t, s, 2, ben)
				checkClosed(t, s)
				checkEnergy(t, s, ann, 1)
				checkEnergy(t, s, ben, 2)
			},
		},
		{
			name: "a turn ended with actions in the queue: they wait into the next (V31)",
			tb:   table{ann: "energy 1, hand Scout", ben: "income 1"}, before: "play Scout North",
			force: "end", apply: ruled("V10", rulingTurnEnd),
			check: func(t *testing.T, s *State) {
				checkTurn(t, s, 2, ben)
				checkQueue(t, s, "Ann: play Scout North")
				checkDeciding(t, s, ben, false)
				checkEnergy(t, s, ben, 1)
			},
		},
		{
			name: "a turn ended with actions in the queue, then executed",
			tb:   table{ann: "energy 1, hand Scout"}, before: "play Scout North",
			force: "end", apply: ruled("V10", rulingTurnEnd), after: "execute, end",
			check: func(t *testing.T, s *State) {
				checkField(t, s, "Ann Scout North")
				checkTurn(t, s, 3, ann)
			},
		},
		{
			name: "a target that does not meet its requirement: paid, and confirmed at execution (V30)",
			tb:   table{ann: "energy 1, hand Shock", ben: "field Scout South"}, force: "play Shock Middle", apply: ruled("V15", rulingDeclare),
			check: func(t *testing.T, s *State) {
				checkQueue(t, s, "Ann: play Shock Middle")
				checkEnergy(t, s, ann, 0)
				run(t, s, "execute")
				checkField(t, s, "Ben Scout South")
				checkCache(t, s, ann, "Shock")
				checkCache(t, s, ben, "")
			},
		},
		{
			name: "a target that comes to meet its requirement before execution",
			tb:   table{ann: "energy 1, hand Shock", ben: "field Scout South"}, force: "play Shock Middle", apply: ruled("V15", rulingDeclare),
			after: "Ben advance Scout Middle, execute, execute",
			check: func(t *testing.T, s *State) {
				checkField(t, s, "")
				checkCache(t, s, ann, "Shock")
				checkCache(t, s, ben, "Scout")
			},
		},
		{
			name: "an anomaly at an invalid target: paid, and cancelled at once (V30)",
			tb:   table{ann: "energy 1, hand Rift"}, force: "play Rift Middle", apply: ruled("V15", rulingDeclare),
			check: func(t *testing.T, s *State) {
				checkEnergy(t, s, ann, 0)
				checkCache(t, s, ann, "Rift")
				checkClosed(t, s)
			},
		},
		{
			name: "a skill used twice in a turn: paid twice, spent (V33)",
			tb:   table{ann: "energy 2, field Ranger Middle", ben: "field Wall North"}, before: "activate Ranger North",
			force: "activate Ranger North", apply: ruled("V21", rulingOnce), after: "execute, execute",
			check: func(t *testing.T, s *State) {
				checkEnergy(t, s, ann, 0)
				checkField(t, s, "Ann Ranger Middle spent | Ben Wall North damage 2")
			},
		},
		{
			name: "a reactive skill with nothing to answer (V30)",
			tb:   table{ann: "energy 1, field Sentinel North", ben: "field Wall North"}, force: "react Sentinel North", apply: ruled("V25", rulingReact),
			check: func(t *testing.T, s *State) {
				checkQueue(t, s, "Ann: react Sentinel North")
				checkEnergy(t, s, ann, 0)
				run(t, s, "execute")
				checkField(t, s, "Ann Sentinel North spent | Ben Wall North damage 1")
			},
		},
		{
			name: "an advance out of reach (V33)",
			tb:   table{board: abcd, ann: "field Scout A"}, force: "advance Scout C", apply: ruled("V22", rulingAdvance), after: "execute",
			check: func(t *testing.T, s *State) {
				checkField(t, s, "Ann Scout C spent")
			},
		},
		{
			name: "a unit that advances twice: spent, ready at the next turn (V33)",
			tb:   table{board: abcd, ann: "field Scout A"}, before: "advance Scout B",
			force: "advance Scout C", apply: ruled("V21", rulingOnce),
			check: func(t *testing.T, s *State) {
				checkField(t, s, "Ann Scout A spent")
				checkQueue(t, s, "Ann: advance Scout B | Ann: advance Scout C")
				// The later advance, from A where it was taken; then the
				// earlier one, within reach of C.
				run(t, s, "execute")
				checkField(t, s, "Ann Scout C spent")
				run(t, s, "execute, end")
				checkField(t, s, "Ann Scout B")
			},
		},
		{
			name: "an attack out of reach (V33)",
			tb:   table{board: abcd, ann: "field Raider A", ben: "life 10, field Wall D"}, force: "attack Raider D", apply: ruled("V23", rulingAttack), after: "execute",
			check: func(t *testing.T, s *State) {
				checkField(t, s, "Ann Raider A spent | Ben Wall D damage 2")
				checkLife(t, s, ben, 10)
			},
		},
		{
			name: "an attack out of reach whose unit moves: cancelled (V33)",
			tb:   table{board: abcd, ann: "field Raider A", ben: "life 10"}, force: "attack Raider D", apply: ruled("V23", rulingAttack),
			more: "advance Raider B", after: "execute",
			check: func(t *testing.T, s *State) {
				checkField(t, s, "Ann Raider B spent")
				run(t, s, "execute")
				checkLife(t, s, ben, 10)
				checkQueue(t, s, "")
			},
		},
		{
			name: "a defence out of the sector attacked (V33)",
			tb:   table{ann: "field Raider North", ben: "life 10, field Wall Middle"}, before: "attack Raider North",
			force: "Ben defend Wall Raider", apply: ruled("V24", rulingDefend), after: "execute, execute",
			check: func(t *testing.T, s *State) {
				checkField(t, s, "Ann Raider North damage 1 spent | Ben Wall Middle damage 2 spent")
				checkLife(t, s, ben, 10)
			},
		},
		{
			name: "a defender out of the sector that moves: not in the way (V33)",
			tb:   table{ann: "field Raider North", ben: "life 10, field Wall Middle"}, before: "attack Raider North",
			force: "Ben defend Wall Raider", apply: ruled("V24", rulingDefend), after: "execute",
			check: func(t *testing.T, s *State) {
				force(t, s, "Ben advance Wall South")
				run(t, s, "execute, execute")
				checkField(t, s, "Ann Raider North spent | Ben Wall South spent")
				checkLife(t, s, ben, 8)
			},
		},
		{
			name:   "a defence by a unit that has acted",
			tb:     table{ann: "energy 1, hand Scout, field Raider North", ben: "life 10, field Wall North"},
			before: "play Scout South, Ben attack Wall North, attack Raider North",
			force:  "Ben defend Wall Raider", apply: ruled("V21", rulingOnce), after: "execute, execute",
			check: func(t *testing.T, s *State) {
				checkField(t, s, "Ann Raider North damage 1 spent | Ben Wall North damage 2 spent")
				checkQueue(t, s, "Ann: play Scout South | Ben: attack Wall North")
			},
		},
		{
			name:   "of two cards of a name, the one the rules let act (V20)",
			tb:     table{ann: "energy 2, hand Scout Scout Surge", ben: "field Scout North, field Scout Middle"},
			before: "play Scout South, Ben attack Scout North, play Scout Middle, play Surge",
			force:  "Ben advance Scout South", apply: ruled("V7", rulingNoReturn),
			check: func(t *testing.T, s *State) {
				checkField(t, s, "Ben Scout North spent | Ben Scout Middle spent")
				checkDeciding(t, s, ann, false)
			},
		},
		{
			name: "of two cards of a name, none the rules let act: the first",
			tb:   table{board: abcd, ann: "field Scout A, field Scout B"}, before: "advance Scout C",
			force: "advance Scout D", apply: ruled("V22", rulingAdvance), after: "execute",
			check: func(t *testing.T, s *State) {
				checkField(t, s, "Ann Scout D spent | Ann Scout B spent")
			},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.tb.start(t)
			run(t, s, tt.before)
			if err := forceText(t, s, tt.force, &tt.apply); err != nil {
				t.Fatalf("Force %s: %v", tt.force, err)
			}
			force(t, s, tt.more)
			run(t, s, tt.after)
			tt.check(t, s)
			checkNotOver(t, s)
			checkLegalMovesApply(t, s)
		})
	}
}

// TestForceRefusesWhatNoHandCanDo forces moves that cannot be made at
// all: each is refused with a violation that says why, and leaves the
// state exactly as it was.
func TestForceRefusesWhatNoHandCanDo(t *testing.T) {
	tb := table{
		ann: "energy 1, income 0, life 10, hand Shock Barrage Flux Scout, field Scout North, field Beacon North, field Sentinel Middle",
		ben: "life 10, field Raider South, field Wall North",
	}
	notThere := ruled("V30", rulingNotThere)
	for _, tt := range []struct {
		name   string
		tb     *table // nil is tb
		before string
		move   string
		m      engine.Move // instead of move, by Ann
		want   verdict
		what   string
	}{
		{name: "a card not in the hand", move: "play Wall North", want: ruled("V12", rulingHand), what: "Ann has no Wall in hand"},
		{name: "a card not in the hand, converted out of turn", move: "Ben convert Drain", want: ruled("V12", rulingHand), what: "Ben has no Drain in hand"},
		{name: "more void energy than the player has (V32)", move: "play Flux Ben pick 1", want: ruled("V13", rulingPay), what: "Ann has 1 void energy and the cost is 2"},
		{name: "out of turn, more void energy than the player has (V32)", tb: &table{ben: "hand Scout"}, move: "Ben play Scout North", want: ruled("V13", rulingPay), what: "Ben has 0 void energy and the cost is 1"},
		{name: "X more than the player has (V32)", move: "play Barrage North South X 1", want: broke(rulePayX), what: "Ann has 1 void energy and the cost is 2"},
		{name: "X below 0", move: "play Barrage North South X -1", want: broke(ruleChooseX), what: "X cannot be -1"},
		{name: "a sector that is not there", move: "play Shock Nowhere", want: notThere, what: "Shock targets a sector, and there is no sector Nowhere"},
		{name: "a target of another kind", move: "play Shock Forest", want: notThere, what: "there is no sector Forest"},
		{name: "no target", move: "play Shock", want: broke(rulePickTarget), what: "Shock needs target sector enemy, and none is written"},
		{name: "fewer targets than the card takes", move: "play Barrage North X 0", want: ruled("V16", rulingTargets), what: "Barrage takes target 2 sectors enemy, and 1 is written"},
		{name: "a target named twice", move: "play Barrage South South X 0", want: ruled("V16", rulingTargets), what: "South is named twice"},
		{name: "a card that is not in the catalogue", move: "convert Gizmo", want: ruled("V12", rulingHand), what: "Ann has no Gizmo in hand"},
		{name: "no option picked", move: "play Flux Ben", want: broke(rulePickOne), what: "Flux has 2 options"},
		{name: "an option the card does not have", move: "play Flux Ben pick 3", want: broke(rulePickOne), what: "Flux has options 1 to 2, not 3"},
		{name: "a card in play that is not there", move: "activate Ranger North", want: notThere, what: "Ann has no Ranger in play"},
		{name: "a skill the card does not have", move: "activate Scout North", want: notThere, what: "Scout has no skill"},
		{name: "a reactive skill activated", move: "activate Sentinel North", want: notThere, what: "Sentinel's skill is reactive: write react"},
		{name: "a skill that is not reactive used in answer", move: "react Beacon Ben", want: notThere, what: "Beacon's skill is not reactive: write activate"},
		{name: "a modification that advances", move: "advance Beacon Middle", want: notThere, what: "Beacon is a modification, not a unit"},
		{name: "an advance to a sector that is not there", move: "advance Scout Nowhere", want: notThere, what: "there is no sector Nowhere"},
		{name: "the other player's unit", move: "attack Raider South", want: notThere, what: "Ann has no Raider in play"},
		{name: "a defence with no attack in the queue", move: "Ben defend Wall Scout", want: notThere, what: "no attack by Ann's Scout is in the queue"},
		{name: "a defence against one's own attack", before: "attack Scout North", move: "defend Scout Scout", want: notThere, what: "no attack by Ben's Scout is in the queue"},
		{name: "a second defender (V33)", tb: &table{ann: "field Raider North", ben: "field Wall North, field Scout North"},
			before: "attack Raider North, Ben defend Wall Raider", move: "Ben defend Scout Raider", want: ruled("V24", rulingOneDefence), what: "Raider's attack already has a defender"},
		{name: "a second defender out of the sector", tb: &table{ann: "field Raider North", ben: "field Wall North, field Scout Middle"},
			before: "attack Raider North, Ben defend Wall Raider", move: "Ben defend Scout Raider", want: ruled("V24", rulingOneDefence), what: "Raider's attack already has a defender"},
		{name: "an execution with the queue empty", move: "execute", want: notThere, what: "the queue is empty: there is nothing to execute"},
		{name: "a set-up line in a turn", m: engine.OnSetupLine{Move: Energy{3}}, want: ruled("V1", rulingSetupLine), what: "set-up lines come before the first turn"},
		{name: "a set-up declaration in a turn", m: Hand{[]string{"Nuke"}}, want: ruled("V1", rulingSetupLine), what: "a hand is declared on a set-up line"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			table := tb
			if tt.tb != nil {
				table = *tt.tb
			}
			s := table.start(t)
			run(t, s, tt.before)
			before, shown := s.clone(), show(s)
			text, p, m := tt.move, ann, tt.m
			if m == nil {
				p, m = parse(t, text)
				if p < 0 {
					p = s.Active()
				}
			} else {
				text = moveText(m)
			}
			v := quotes.Refused(t, s.Force(p, m), text, who(p), tt.want)
			checkWhat(t, v, tt.what)
			checkUnchanged(t, s, before, shown, text)
		})
	}
	t.Run("a set-up line refused as Apply refuses it", func(t *testing.T) {
		s := table{ann: "hand Scout"}.open(t)
		before, shown := s.clone(), show(s)
		v := quotes.Refused(t, s.Force(ann, engine.OnSetupLine{Move: Hand{[]string{"Gizmo"}}}), "hand Gizmo", "Ann", ruled("V1", rulingCatalogue))
		checkWhat(t, v, "the catalogue has no card Gizmo")
		checkUnchanged(t, s, before, shown, "hand Gizmo")
		if err := s.Force(ann, engine.OnSetupLine{Move: Hand{[]string{"Wall"}}}); err != nil {
			t.Fatal(err)
		}
		checkHand(t, s, ann, "Scout Wall")
	})
}

// TestForceEndsTheGame: a move let stand that brings a life to 0 ends the
// game as any move does (ruling V28), and nothing is let stand after it
// (V29).
func TestForceEndsTheGame(t *testing.T) {
	for _, tt := range []struct {
		name   string
		tb     table
		force  string
		apply  verdict
		after  string
		winner int
		reason string
	}{
		{"an anomaly out of turn, at once", table{ann: "life 2", ben: "energy 2, hand Flare"}, "Ben play Flare Ann pick 1 X 2", ruled("V6", rulingOpen), "", ben, "Ann's life fell to 0"},
		{"an attack out of reach, when it executes", table{board: "sector A, sector B, sector C", ann: "field Raider A", ben: "life 2"}, "attack Raider C", ruled("V23", rulingAttack), "execute", ann, "Ben's life fell to 0"},
		{"a draw out of turn", table{ann: "life 5", ben: "life 5, hand Nova"}, "Ben play Nova Ann Ben", ruled("V6", rulingOpen), "execute", engine.Nobody, "both players' life fell to 0 at once"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.tb.start(t)
			if err := forceText(t, s, tt.force, &tt.apply); err != nil {
				t.Fatalf("Force %s: %v", tt.force, err)
			}
			run(t, s, tt.after)
			want := engine.Outcome{Over: true, Winner: tt.winner, Reason: tt.reason, Turn: 1}
			if o := s.Outcome(); o != want {
				t.Fatalf("outcome %+v, want %+v", o, want)
			}
			if moves := s.Legal(); len(moves) != 0 {
				t.Errorf("Legal lists %q once the game is over", legalTexts(s))
			}
			before, shown := s.clone(), show(s)
			for _, text := range []string{"end", "execute", "Ben convert Gizmo", tt.force} {
				quotes.Refused(t, forceText(t, s, text, nil), text, "", ruled("V29", rulingTurnOver))
			}
			checkUnchanged(t, s, before, shown, "moves after the end")
		})
	}
}

// TestForceLegalMovesAsApply: in every position of random games, each move
// Legal lists is played by Force as Apply plays it, and so is it by the
// rules' own checks with the rules a hand can break set aside (forced),
// the path Force takes for refused moves.
func TestForceLegalMovesAsApply(t *testing.T) {
	const games, maxSteps = 8, 150
	catalogues := []*Cards{defaultCards(t), cards(t)}
	for g := range games {
		seed := uint64(300 + g)
		s := newSeeded(t, catalogues[g%2], seed, randomVariants[g%len(randomVariants)])
		rng := shuffle.New(seed)
		for step := 0; step < maxSteps && !s.Outcome().Over; step++ {
			moves := s.Legal()
			for _, m := range moves {
				p, inner := mover(s, m), m
				if by, ok := m.(engine.By); ok {
					inner = by.Move
				}
				applied, forced, viaForce := s.clone(), s.clone(), s.clone()
				if err := applied.Apply(p, inner); err != nil {
					t.Fatalf("seed %d step %d: Legal lists %s, which Apply refuses: %v", seed, step, moveText(m), err)
				}
				if err := forced.forced(p, inner); err != nil || forced.forcing {
					t.Fatalf("seed %d step %d: forced %s: %v", seed, step, moveText(m), err)
				}
				if err := viaForce.Force(p, inner); err != nil {
					t.Fatalf("seed %d step %d: Force %s: %v", seed, step, moveText(m), err)
				}
				if !sameState(applied, forced) || !sameState(applied, viaForce) {
					t.Fatalf("seed %d step %d: %s forced differs from applied:\n%s\n%s", seed, step, moveText(m), snapshot(applied), snapshot(forced))
				}
			}
			m := moves[rng.Intn(len(moves))]
			p := mover(s, m)
			if by, ok := m.(engine.By); ok {
				m = by.Move
			}
			if err := s.Apply(p, m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestForceRandomMovesKeepTheGameWhole plays random games in which, now
// and then, a move Apply refuses is forced: a move Legal listed in another
// position (mostly of this game, whose cards are at hand, sometimes of an
// earlier one) or a plausible one, by either player. Force
// either refuses it with a violation, leaving the state as it was, or
// plays it; either way the game stays whole (no card lost or doubled,
// Legal's moves all apply, an outcome that matches the lives) and plays on.
func TestForceRandomMovesKeepTheGameWhole(t *testing.T) {
	const games, maxSteps = 200, 100
	catalogues := []*Cards{defaultCards(t), cards(t)}
	var earlier []move // moves Legal listed in earlier games, with their makers
	forcedN, refusedN, ended := 0, 0, 0
	for g := range games {
		seed := uint64(5000 + g)
		s := newSeeded(t, catalogues[g%2], seed, randomVariants[g%len(randomVariants)])
		rng := shuffle.New(seed)
		census := -1
		var pool []move // moves Legal listed in this game
		fail := func(step int, format string, args ...any) {
			t.Helper()
			t.Fatalf("seed %d, step %d: %s\n%s", seed, step, fmt.Sprintf(format, args...), snapshot(s))
		}
		// moves are Legal's in the position reached: listed again only
		// once a legal move is applied, as a refused move leaves the state
		// as it was and checkForcedPosition lists them after a forced one.
		moves := s.Legal()
		for step := 0; step < maxSteps && !s.Outcome().Over; step++ {
			if len(moves) == 0 {
				fail(step, "Legal lists no moves in a game that is not over")
			}
			if s.Turn() > 0 {
				for _, m := range moves {
					p := mover(s, m)
					if by, ok := m.(engine.By); ok {
						m = by.Move
					}
					pool = append(pool, move{p, m})
				}
				if n := checkConsistent(t, s); census >= 0 && n != census {
					fail(step, "the cards number %d, then %d", census, n)
				} else {
					census = n
				}
			}
			if s.Turn() > 0 && rng.Intn(3) == 0 {
				// A move of the last few positions, mostly: its cards are
				// still at hand.
				recent := pool[max(0, len(pool)-60):]
				mv := recent[rng.Intn(len(recent))]
				switch rng.Intn(6) {
				case 0:
					mv = plausibleMoves(s).random(rng)
				case 1:
					if len(earlier) > 0 {
						mv = earlier[rng.Intn(len(earlier))]
					}
				case 2:
					mv.p = 1 - mv.p
				}
				if s.clone().Apply(mv.p, mv.m) != nil {
					before, shown := s.clone(), show(s)
					err := s.Force(mv.p, mv.m)
					if err != nil {
						refusedN++
						var v *engine.Violation
						if !errors.As(err, &v) || v.What == "" || v.Rule == "" {
							fail(step, "Force %s: %v, not a violation", mv.key(), err)
						}
						checkUnchanged(t, s, before, shown, "forced "+mv.key())
					} else {
						forcedN++
						moves = checkForcedPosition(t, s)
					}
					if t.Failed() {
						fail(step, "after forcing %s", mv.key())
					}
					continue
				}
			}
			m := moves[rng.Intn(len(moves))]
			p := mover(s, m)
			if by, ok := m.(engine.By); ok {
				m = by.Move
			}
			if err := s.Apply(p, m); err != nil {
				fail(step, "%s by %s: %v", moveText(m), who(p), err)
			}
			moves = s.Legal()
		}
		if len(pool) > 0 {
			earlier = append(earlier, pool[rng.Intn(len(pool))])
		}
		if s.Outcome().Over {
			ended++
			checkForcedPosition(t, s)
		}
		if t.Failed() {
			t.Fatalf("seed %d", seed)
		}
	}
	t.Logf("%d moves forced, %d refused; %d of %d games ended", forcedN, refusedN, ended, games)
	if forcedN == 0 || refusedN == 0 || ended == 0 {
		t.Errorf("the random games force %d moves, refuse %d and end %d: too few to test", forcedN, refusedN, ended)
	}
}

// checkForcedPosition checks a position after a forced move: what must
// hold in every position, every move Legal lists applies, and an outcome
// that matches the lives. It returns Legal's moves.
func checkForcedPosition(t *testing.T, s *State) []engine.Move {
	t.Helper()
	checkConsistent(t, s)
	_ = show(s) // every accessor answers
	moves := s.Legal()
	for _, m := range moves {
		p := mover(s, m)
		if by, ok := m.(engine.By); ok {
			m = by.Move
		}
		if err := s.clone().Apply(p, m); err != nil {
			t.Errorf("Legal lists %s by %s, which Apply refuses: %v", moveText(m), who(p), err)
		}
	}
	o := s.Outcome()
	if !o.Over {
		if len(moves) == 0 {
			t.Errorf("Legal lists no moves in a game that is not over")
		}
		return moves
	}
	if len(moves) != 0 {
		t.Errorf("Legal lists %d moves once the game is over", len(moves))
	}
	lost := 0
	for p := range 2 {
		if pl := s.Player(p); pl.HasLife && pl.Life == 0 {
			lost++
			if o.Winner == p {
				t.Errorf("%s wins with no life left", who(p))
			}
		}
	}
	if o.Turn != s.Turn() || lost == 0 || (lost == 2) != (o.Winner == engine.Nobody) {
		t.Errorf("outcome %+v on turn %d with lives %d and %d", o, s.Turn(), s.Player(ann).Life, s.Player(ben).Life)
	}
	return moves
}
