package void

import (
	"reflect"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// The tests that hold the engine to its way of making moves: Apply, Force
// and Begin play a move on the state itself, every check that can refuse
// it first, so a refused move must leave the state exactly as it was. (The
// version that made each move on a copy of the state was held to give the
// same answer and state as this one, move for move, when this one replaced
// it.)

// way is how a move is made: by Apply, by Force, or Begin (no move).
type way int

const (
	byApply way = iota
	byForce
	byBegin
)

func (w way) String() string { return [...]string{"Apply", "Force", "Begin"}[w] }

// checkInPlace makes m for p on a copy of s, the engine's way w, and
// checks that a refused move leaves its copy as s is. It returns the
// engine's answer; s is left as it is.
func checkInPlace(t testing.TB, s *State, w way, p int, m engine.Move) error {
	t.Helper()
	return checkInPlaceOn(t, s, s.clone(), w, p, m)
}

// checkInPlaceOn is checkInPlace on got, a copy of s as s is, which a
// refused move is found to leave so: it can try the next move.
func checkInPlaceOn(t testing.TB, s, got *State, w way, p int, m engine.Move) error {
	t.Helper()
	var err error
	switch w {
	case byApply:
		err = got.Apply(p, m)
	case byForce:
		err = got.Force(p, m)
	case byBegin:
		err = got.Begin()
	}
	if err != nil && !sameState(got, s) {
		what := w.String()
		if m != nil {
			what += " " + moveText(m) + " by " + who(p)
		}
		t.Errorf("%s is refused (%v), and changes the state:\n%s\nwas\n%s", what, err, snapshot(got), snapshot(s))
	}
	return err
}

// TestMovesInPlace plays the moves whose checks used to come after a
// change of the state (whose turn to decide, the hand, void energy, the
// first turn's start, the planned set-up) and those of two cards of one
// name, and checks each's verdict and that a refusal changes nothing.
func TestMovesInPlace(t *testing.T) {
	twoRangers := table{ann: "energy 1, field Ranger Middle, field Ranger Middle", ben: "field Wall North"}
	for _, tt := range []struct {
		name   string
		tb     table
		open   bool   // the game not begun: the set-up only
		seeded bool   // a seeded game from its planned set-up, instead of tb
		before string // moves applied first
		w      way
		move   string      // the move, as a turn writes it
		m      engine.Move // or this move, by p
		p      int
		want   verdict
	}{
		{name: "a card not in the hand, while the other player decides",
			tb: table{ann: "energy 1, hand Scout"}, before: "play Scout North", move: "convert Drain", want: ruled("V12", rulingHand)},
		{name: "an answer with a card not in the hand",
			tb: table{ann: "energy 1, hand Scout"}, before: "play Scout North", move: "Ben convert Drain", want: ruled("V12", rulingHand)},
		{name: "a card the player cannot pay for, while the other player decides",
			tb: table{ann: "energy 1, hand Scout Raider"}, before: "play Scout North", move: "play Raider North", want: ruled("V13", rulingPay)},
		{name: "an anomaly the player cannot pay for",
			tb: table{ann: "hand Rift", ben: "field Scout North"}, move: "play Rift North", want: ruled("V13", rulingPay)},
		{name: "X the player cannot pay for",
			tb: table{ann: "energy 1, hand Barrage", ben: "field Scout North, field Scout South"}, move: "play Barrage North South X 1", want: broke(rulePayX)},
		{name: "a skill the player cannot pay for",
			tb: table{ann: "field Ranger Middle", ben: "field Wall North"}, move: "activate Ranger North", want: ruled("V13", rulingPay)},
		{name: "a skill of the second card of a name, the first spent, unpaid: the first card's refusal",
			tb: twoRangers, before: "activate Ranger North", move: "activate Ranger North", want: ruled("V21", rulingOnce)},
		{name: "a skill of the second card of a name, the first spent",
			tb: table{ann: "energy 2, field Ranger Middle, field Ranger Middle", ben: "field Wall North"}, before: "activate Ranger North", move: "activate Ranger North", want: accepted},
		{name: "a skill of the second card of a name, forced",
			tb: twoRangers, before: "activate Ranger North", w: byForce, move: "activate Ranger North", want: ruled("V13", rulingPay)},
		{name: "an attack by the second unit of a name, the first spent",
			tb: table{ann: "field Scout North, field Scout North"}, before: "attack Scout North", move: "attack Scout Middle", want: accepted},
		{name: "an attack by a unit of a name all spent",
			tb: table{ann: "field Scout North, field Scout North"}, before: "attack Scout North, attack Scout North", move: "attack Scout Middle", want: ruled("V21", rulingOnce)},
		{name: "an attack by the unit of a name out of reach, the other spent: the first card's refusal",
			tb: table{ann: "field Scout North, field Scout South"}, before: "attack Scout North", move: "attack Scout North", want: ruled("V21", rulingOnce)},
		{name: "an attack by a unit of a name all spent, forced",
			tb: table{ann: "field Scout North, field Scout North"}, before: "attack Scout North, attack Scout North", w: byForce, move: "attack Scout South", want: accepted},
		{name: "a defence by the second unit of a name, the first spent",
			tb:     table{ann: "field Raider North, field Raider North", ben: "field Wall North, field Wall North"},
			before: "attack Raider North, Ben defend Wall Raider, attack Raider North", move: "Ben defend Wall Raider", want: accepted},
		{name: "a defence by a unit of a name all spent",
			tb:     table{ann: "field Raider North, field Raider North", ben: "field Wall North"},
			before: "attack Raider North, Ben defend Wall Raider, attack Raider North", move: "Ben defend Wall Raider", want: ruled("V21", rulingOnce)},
		{name: "the first move of a turn refused: the game does not begin",
			tb: table{ann: "income 2"}, open: true, move: "play Scout North", want: ruled("V12", rulingHand)},
		{name: "the first move of a turn refused, forced",
			tb: table{ann: "income 2"}, open: true, w: byForce, move: "play Scout North", want: ruled("V12", rulingHand)},
		{name: "the first move of a turn: the game begins",
			tb: table{ann: "income 1, hand Scout"}, open: true, move: "play Scout North", want: accepted},
		{name: "the first move of a turn out of turn, forced: the game begins",
			tb: table{ben: "energy 1, hand Scout"}, open: true, w: byForce, move: "Ben play Scout North", want: accepted},
		{name: "the first move of a turn with no board",
			tb: table{board: none}, open: true, move: "end", want: ruled("V2", rulingBoardFirst)},
		{name: "Begin with no board", tb: table{board: none}, open: true, w: byBegin, want: ruled("V2", rulingBoardFirst)},
		{name: "Begin", tb: table{ann: "income 2"}, open: true, w: byBegin, want: accepted},
		{name: "a set-up line refused, in a planned set-up",
			seeded: true, m: engine.OnSetupLine{Move: Sector{"North", []string{"Forest", "Lake"}}}, p: ann, want: ruled("V1", rulingSetupLine)},
		{name: "a set-up line of a card not in the catalogue, in a planned set-up",
			seeded: true, m: engine.OnSetupLine{Move: Hand{[]string{"Gizmo"}}}, p: ann, want: ruled("V1", rulingCatalogue)},
		{name: "a set-up line the plan has",
			seeded: true, m: engine.OnSetupLine{Move: Sector{"North", []string{"Forest", "Lake"}}}, p: engine.Nobody, want: accepted},
		{name: "a set-up line off the plan",
			seeded: true, m: engine.OnSetupLine{Move: Sector{"North", []string{"Lake", "Forest"}}}, p: engine.Nobody, want: accepted},
		{name: "a sector whose biome has its name", m: engine.OnSetupLine{Move: Sector{"East", []string{"Bay", "East"}}},
			open: true, p: engine.Nobody, want: ruled("V3", rulingNames)},
		{name: "a sector with a biome twice", m: engine.OnSetupLine{Move: Sector{"East", []string{"Bay", "Bay"}}},
			open: true, p: engine.Nobody, want: ruled("V3", rulingNames)},
		{name: "a sector with a biome taken", m: engine.OnSetupLine{Move: Sector{"East", []string{"Forest"}}},
			open: true, p: engine.Nobody, want: ruled("V3", rulingNames)},
		{name: "a sector named as a player", m: engine.OnSetupLine{Move: Sector{"Ann", nil}},
			open: true, p: engine.Nobody, want: ruled("V3", rulingNames)},
		{name: "a sector", m: engine.OnSetupLine{Move: Sector{"East", []string{"Bay", "Cove"}}},
			open: true, p: engine.Nobody, want: accepted},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var s *State
			switch {
			case tt.seeded:
				s = newSeeded(t, cards(t), 1, nil)
			case tt.open:
				s = tt.tb.open(t)
			default:
				s = tt.tb.start(t)
			}
			run(t, s, tt.before)
			p, m := tt.p, tt.m
			if tt.move != "" {
				if p, m = parse(t, tt.move); p < 0 {
					p = s.Active()
				}
			}
			err := checkInPlace(t, s, tt.w, p, m)
			if tt.want == accepted {
				if err != nil {
					t.Errorf("refused: %v", err)
				}
				return
			}
			quotes.Refused(t, err, tt.move, who(p), tt.want)
		})
	}
	t.Run("a player who is not in the game", func(t *testing.T) {
		s := table{}.start(t)
		for _, p := range []int{-1, 2} {
			for _, w := range []way{byApply, byForce} {
				if err := checkInPlace(t, s, w, p, engine.EndTurn{}); err == nil {
					t.Errorf("%s end by player %d is accepted", w, p)
				}
			}
		}
	})
}

// TestRandomGamesInPlace plays random games from their planned set-up,
// now and then leaving it or forcing a move, and in each position checks
// that a refusal changes nothing, for every move Legal lists and a sample of
// others, refused mostly (of every kind, by either player, at targets not
// there, set-up lines, players not in the game), by Apply and by Force;
// Begin during the set-up; and moves once the game is over.
func TestRandomGamesInPlace(t *testing.T) {
	games, maxSteps, sample := 80, 100, 10
	if testing.Short() {
		games = 30
	}
	catalogues := []*Cards{defaultCards(t), cards(t)}
	checked, refused, ended := 0, 0, 0
	kinds := map[string][2]int{} // the moves checked of each kind: accepted, refused
	for g := range games {
		seed := uint64(7000 + g)
		s := newSeeded(t, catalogues[g%2], seed, randomVariants[g%len(randomVariants)])
		rng := shuffle.New(seed)
		var pool []move // moves Legal listed in this game
		// scratch is a copy of s as s is, and plausibleS s's plausible
		// moves, each nil until asked for and once a move changed s.
		var scratch *State
		var plausibleS *plausible
		plausibleOfS := func() plausible {
			if plausibleS == nil {
				pm := plausibleMoves(s)
				plausibleS = &pm
			}
			return *plausibleS
		}
		check := func(w way, mv move) error {
			checked++
			if scratch == nil {
				scratch = s.clone()
			}
			err := checkInPlaceOn(t, s, scratch, w, mv.p, mv.m)
			if err == nil || t.Failed() {
				scratch = nil
			}
			k := kinds[kind(mv.m)]
			if err != nil {
				refused++
				k[1]++
			} else {
				k[0]++
			}
			kinds[kind(mv.m)] = k
			return err
		}
		for step := 0; step < maxSteps && !s.Outcome().Over; step++ {
			if s.Turn() == 0 {
				check(byBegin, move{})
			}
			moves := s.Legal()
			for _, m := range moves {
				mv := move{mover(s, m), m}
				check(byApply, mv)
				if by, ok := m.(engine.By); ok {
					mv = move{by.Player, by.Move}
					check(byApply, mv)
				}
				pool = append(pool, mv)
			}
			var forceable []move
			for range sample {
				mv := randomMove(plausibleOfS, pool, rng)
				check(byApply, mv)
				if check(byForce, mv) == nil {
					forceable = append(forceable, mv)
				}
			}
			if t.Failed() {
				t.Fatalf("seed %d, step %d:\n%s", seed, step, snapshot(s))
			}
			// Mostly a move Legal lists, now and then one only Force plays
			// or, in the set-up, a line off the plan once there is a board
			// to begin with.
			var mv move
			switch {
			case len(forceable) > 0 && rng.Intn(5) == 0:
				mv = forceable[rng.Intn(len(forceable))]
				if err := s.Force(mv.p, mv.m); err != nil {
					t.Fatalf("seed %d, step %d: Force %s by %s: %v", seed, step, moveText(mv.m), who(mv.p), err)
				}
				scratch, plausibleS = nil, nil
				continue
			case s.Turn() == 0 && len(s.sectors) > 0 && rng.Intn(12) == 0:
				mv = move{rng.Intn(2), engine.OnSetupLine{Move: Energy{rng.Intn(5)}}}
			case len(moves) == 0 && s.Turn() == 0:
				// A set-up off the plan that cannot begin: no board.
				step = maxSteps
				continue
			case len(moves) == 0:
				t.Fatalf("seed %d, step %d: Legal lists no moves in a game that is not over", seed, step)
			default:
				m := moves[rng.Intn(len(moves))]
				mv = move{mover(s, m), m}
			}
			if err := s.Apply(mv.p, mv.m); err != nil {
				t.Fatalf("seed %d, step %d: %s by %s: %v", seed, step, moveText(mv.m), who(mv.p), err)
			}
			scratch, plausibleS = nil, nil
		}
		if s.Outcome().Over {
			ended++
			for range sample {
				mv := randomMove(plausibleOfS, pool, rng)
				for _, w := range []way{byApply, byForce} {
					if check(w, mv) == nil {
						t.Errorf("seed %d: %s %s by %s is accepted once the game is over", seed, w, moveText(mv.m), who(mv.p))
					}
				}
			}
		}
		if t.Failed() {
			t.Fatalf("seed %d", seed)
		}
	}
	t.Logf("%d moves checked, %d refused; %d of %d games ended; accepted and refused by kind: %v", checked, refused, ended, games, kinds)
	if testing.Short() {
		return
	}
	if ended == 0 {
		t.Errorf("no game ended")
	}
	for _, k := range []string{"Play", "Activate", "React", "Advance", "Attack", "Defend", "Convert", "Execute", "EndTurn",
		"Sector", "Energy", "Income", "Life", "Hand", "Field", "Begin"} {
		if n := kinds[k]; n[0] == 0 || n[1] == 0 {
			t.Errorf("%s: %d accepted and %d refused, too few to test", k, n[0], n[1])
		}
	}
}

// kind names the kind of a move, set-up lines and By set aside; Begin
// for none.
func kind(m engine.Move) string {
	switch mm := m.(type) {
	case nil:
		return "Begin"
	case engine.By:
		return kind(mm.Move)
	case engine.OnSetupLine:
		return kind(mm.Move)
	}
	return reflect.TypeOf(m).Name()
}

// randomMove is a move to check: a plausible one (plausible.random, of
// plausibleMoves(s), which pm gives), one Legal listed earlier in the
// game, by its maker or the other player, a set-up line, or one by a
// player not in the game.
func randomMove(pm func() plausible, pool []move, rng *shuffle.Source) move {
	switch rng.Intn(8) {
	case 0, 1:
		if len(pool) > 0 {
			mv := pool[max(0, len(pool)-rng.Intn(80)-1)]
			if rng.Intn(3) == 0 && mv.p >= 0 {
				mv.p = 1 - mv.p
			}
			return mv
		}
	case 2:
		lines := []engine.Move{
			Sector{"North", []string{"Forest", "Lake"}}, Sector{"East", []string{"Bay"}}, Sector{"West", []string{"West"}},
			Energy{5}, Income{1}, Life{0}, Life{4}, Hand{[]string{"Scout", "Wall"}}, Hand{[]string{"Gizmo"}},
			Field{Card: "Scout", Target: "North"}, Field{Card: "Beacon", Target: "Middle"}, Field{Card: "Shock", Target: "North"}, Field{Card: "Scout", Target: "Nowhere"},
			Convert{"Scout"},
		}
		players := []int{engine.Nobody, ann, ben}
		return move{players[rng.Intn(len(players))], engine.OnSetupLine{Move: lines[rng.Intn(len(lines))]}}
	case 3:
		if rng.Intn(3) == 0 {
			mv := pm().random(rng)
			mv.p = []int{-1, 2}[rng.Intn(2)]
			return mv
		}
	}
	return pm().random(rng)
}
