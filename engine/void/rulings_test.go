package void

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
)

// The tests of this file take RULINGS.md a ruling at a time, V1 to V29,
// and each value of its two variants. Each test quotes its ruling.

// ---------------------------------------------------------------------------
// Setting up

// TestRulingV1SetUpLines: "Sectors, energy, income, life, hands and cards
// in play are declared on set-up lines, and only there." "A player's lines
// may be split and repeated; hands add up. Life is 1 or more when
// declared."
func TestRulingV1SetUpLines(t *testing.T) {
	setUpMoves := []engine.Move{Sector{"East", []string{"Reef"}}, Energy{3}, Income{1}, Life{5}, Hand{[]string{"Scout"}}, Field{Card: "Scout", Target: "North"}}
	t.Run("split and repeated lines; hands add up", func(t *testing.T) {
		s := table{
			ann: "energy 3, hand Scout, income 2, hand Shock Scout, life 10, energy 4, field Scout North, field Extractor Forest",
			ben: "life 7",
		}.open(t)
		ap, bp := s.Player(ann), s.Player(ben)
		if ap.Energy != 4 || ap.Income != 2 || ap.Life != 10 || !ap.HasLife {
			t.Errorf("Ann: %+v", ap)
		}
		checkHand(t, s, ann, "Scout Shock Scout")
		if bp.Energy != 0 || bp.Income != 0 || bp.Life != 7 || !bp.HasLife || len(bp.Hand) != 0 {
			t.Errorf("Ben: %+v", bp)
		}
		checkField(t, s, "Ann Scout North | Ann Extractor Forest")
		if got := s.Sectors(); len(got) != 3 || got[2].Name != "South" || !slices.Equal(got[2].Biomes, names("Dunes Marsh")) {
			t.Errorf("Sectors() = %v", got)
		}
		if s.Turn() != 0 {
			t.Errorf("turn %d during the set-up", s.Turn())
		}
	})
	t.Run("set-up moves in a turn", func(t *testing.T) {
		for _, s := range []*State{table{}.open(t), table{}.start(t)} {
			for _, m := range setUpMoves {
				v := expectMove(t, s, ann, m, ruled("V1", rulingSetupLine))
				checkWhat(t, v, "on a set-up line, not in a turn")
			}
		}
	})
	t.Run("set-up lines after the first turn has begun", func(t *testing.T) {
		s := table{ann: "energy 1, hand Scout"}.open(t)
		run(t, s, "play Scout North")
		for _, m := range setUpMoves {
			for _, p := range []int{ann, ben, engine.Nobody} {
				v := expectMove(t, s, p, engine.OnSetupLine{Move: m}, ruled("V1", rulingSetupLine))
				checkWhat(t, v, "set-up lines come before the first turn")
			}
		}
	})
	t.Run("a sector on a player's line", func(t *testing.T) {
		v := expectMove(t, table{}.open(t), ann, engine.OnSetupLine{Move: Sector{"East", nil}}, ruled("V1", rulingSetupLine))
		checkWhat(t, v, "sectors are declared on the board line")
	})
	t.Run("a player's declarations on the board line", func(t *testing.T) {
		for _, m := range setUpMoves[1:] {
			v := expectMove(t, table{}.open(t), engine.Nobody, engine.OnSetupLine{Move: m}, ruled("V1", rulingSetupLine))
			checkWhat(t, v, "the board line declares sectors only")
		}
	})
	t.Run("life is 1 or more", func(t *testing.T) {
		v := expectMove(t, table{}.open(t), ann, engine.OnSetupLine{Move: Life{0}}, ruled("V1", rulingSetupLine))
		checkWhat(t, v, "life is declared as 1 or more")
		setUp(t, table{}.open(t), ann, Life{1})
	})
	t.Run("only units and modifications are in play", func(t *testing.T) {
		for _, card := range []string{"Shock", "Surge"} {
			v := expectMove(t, table{}.open(t), ann, engine.OnSetupLine{Move: Field{Card: card, Target: "North"}}, ruled("V1", rulingSetupLine))
			checkWhat(t, v, "does not stay in play")
		}
	})
	t.Run("the cards declared are cards of the catalogue", func(t *testing.T) {
		for _, m := range []engine.Move{Hand{[]string{"Scout", "Gizmo"}}, Field{Card: "Gizmo", Target: "North"}} {
			s := table{}.open(t)
			before, shown := s.clone(), show(s)
			err := s.Apply(ann, engine.OnSetupLine{Move: m})
			var v *engine.Violation
			if err != nil && !errors.As(err, &v) {
				engineBug(t, true, "a card not in the catalogue on a set-up line is refused with a plain error, not a violation: "+err.Error())
			}
			quotes.Refused(t, err, moveText(m), "Ann", ruled("V1", rulingCatalogue))
			checkUnchanged(t, s, before, shown, moveText(m))
		}
	})
	t.Run("turn moves on set-up lines", func(t *testing.T) {
		for _, text := range []string{"play Scout North", "convert Scout", "attack Scout North", "execute", "end"} {
			s := table{ann: "energy 1, hand Scout, field Scout North"}.open(t)
			_, m := parse(t, text)
			before, shown := s.clone(), show(s)
			err := s.Apply(ann, engine.OnSetupLine{Move: m})
			if err == nil {
				t.Fatalf("%s on a set-up line is accepted", text)
			}
			checkUnchanged(t, s, before, shown, text)
			var v *engine.Violation
			if !errors.As(err, &v) {
				engineBug(t, true, "a turn move on a set-up line is refused with a plain error, not a violation (the referee reports an internal error): "+err.Error())
			}
			quotes.Refused(t, err, text, "Ann", ruled("V1", rulingSetupLine))
		}
	})
}

// TestRulingV2TheBoardComesFirst: "The board line comes before the cards in
// play, and declares at least one sector."
func TestRulingV2TheBoardComesFirst(t *testing.T) {
	t.Run("a card in play before the board line", func(t *testing.T) {
		s := table{board: none}.open(t)
		v := expectMove(t, s, ann, engine.OnSetupLine{Move: Field{Card: "Scout", Target: "North"}}, ruled("V2", rulingBoardFirst))
		checkWhat(t, v, "Scout is put in play before the board line")
	})
	t.Run("no sector at all", func(t *testing.T) {
		s := table{board: none, ann: "energy 1, hand Scout"}.open(t)
		for _, text := range []string{"play Scout North", "convert Scout", "end", "execute"} {
			v := expect(t, s, text, ruled("V2", rulingBoardFirst))
			checkWhat(t, v, "the set-up declares no sector")
		}
		if moves := s.Legal(); len(moves) != 0 {
			t.Errorf("Legal lists %d moves without a board", len(moves))
		}
	})
	t.Run("the board, then the cards in play", func(t *testing.T) {
		s := table{ann: "field Scout South"}.start(t)
		checkField(t, s, "Ann Scout South")
	})
}

// TestRulingV3Names: "Every sector, biome and player has a name of its
// own."
func TestRulingV3Names(t *testing.T) {
	for _, tt := range []struct {
		board string // the last sector is refused
		name  string
	}{
		{"sector North Forest, sector North Lake", "North"},
		{"sector North Forest, sector South Forest", "Forest"},
		{"sector North Forest, sector Forest Lake", "Forest"},
		{"sector North Forest, sector South North", "North"},
		{"sector North North", "North"},
		{"sector North Lake Lake", "Lake"},
		{"sector Ann Forest", "Ann"},
		{"sector North Ben", "Ben"},
	} {
		t.Run(tt.board, func(t *testing.T) {
			s := table{board: none}.open(t)
			ms := setupMoves(t, tt.board)
			for _, m := range ms[:len(ms)-1] {
				setUp(t, s, engine.Nobody, m)
			}
			v := expectMove(t, s, engine.Nobody, engine.OnSetupLine{Move: ms[len(ms)-1]}, ruled("V3", rulingNames))
			checkWhat(t, v, "the name "+tt.name+" is taken")
		})
	}
}

// TestRulingV4EnergyAndIncome: "A player starts with the void energy
// declared (0 if none). At the start of each of their turns, a player gains
// their income and the income of their modifications in void energy, the
// first turn included. Void energy, income and life stop at 999."
func TestRulingV4EnergyAndIncome(t *testing.T) {
	t.Run("the energy declared, 0 if none", func(t *testing.T) {
		s := table{ann: "energy 3"}.start(t)
		checkEnergy(t, s, ann, 3)
		checkEnergy(t, s, ben, 0)
	})
	t.Run("income at the start of each of their turns, the first included", func(t *testing.T) {
		s := table{ann: "energy 3, income 2", ben: "energy 1, income 4"}.start(t)
		checkEnergy(t, s, ann, 5)
		checkEnergy(t, s, ben, 1)
		run(t, s, "end")
		checkEnergy(t, s, ann, 5)
		checkEnergy(t, s, ben, 5)
		run(t, s, "end")
		checkEnergy(t, s, ann, 7)
		checkEnergy(t, s, ben, 5)
	})
	t.Run("the income of their modifications", func(t *testing.T) {
		s := table{ann: "income 1, field Extractor Forest, field Totem Lake", ben: "field Extractor Dunes"}.start(t)
		checkEnergy(t, s, ann, 1+1+2)
		checkEnergy(t, s, ben, 0)
		run(t, s, "end")
		checkEnergy(t, s, ben, 1)
		checkEnergy(t, s, ann, 4)
		// A modification that entered play during the game counts too.
		s = table{ann: "energy 2, hand Extractor"}.start(t)
		run(t, s, "play Extractor Lake, execute, end, end")
		checkEnergy(t, s, ann, 1)
	})
	t.Run("stop at 999", func(t *testing.T) {
		s := table{ann: "energy 999, income 999, life 999"}.open(t)
		if p := s.Player(ann); p.Energy != 999 || p.Income != 999 || p.Life != 999 {
			t.Errorf("Ann: %+v", p)
		}
		// Declared past 999, they are refused: no play reaches them.
		for _, m := range []engine.Move{Energy{1000}, Income{1500}, Life{1000}} {
			expectMove(t, table{}.open(t), ann, engine.OnSetupLine{Move: m}, ruled("V4", rulingStop))
		}
		s = table{ann: "energy 998, income 5, hand Scout Gift Surge"}.start(t)
		checkEnergy(t, s, ann, 999)
		run(t, s, "convert Scout")
		checkEnergy(t, s, ann, 999)
		run(t, s, "play Gift Ann, execute, play Surge")
		checkEnergy(t, s, ann, 999)
	})
	t.Run("a refund stops at 999 too", func(t *testing.T) {
		s := table{variants: map[string]string{"refund": "full"}, ann: "energy 999, hand Shock Surge", ben: "field Scout North"}.start(t)
		run(t, s, "play Shock North, Ben advance Scout Middle, play Surge")
		checkEnergy(t, s, ann, 999)
		run(t, s, "execute, execute")
		got := s.Player(ann).Energy
		engineBug(t, got == 1000, "a refund (refund=full) is not stopped at 999: void energy 1000")
		checkEnergy(t, s, ann, 999)
	})
}

// TestRulingV5TheFirstPlayer: "The first player named in the Players tag
// takes the first turn; turns alternate."
func TestRulingV5TheFirstPlayer(t *testing.T) {
	s := table{}.open(t)
	if s.ToMove() != ann || s.Turn() != 0 {
		t.Errorf("before the first turn: %s to move, turn %d", who(s.ToMove()), s.Turn())
	}
	run(t, s, "end")
	for turn, active := range []int{ben, ann, ben, ann} {
		checkTurn(t, s, turn+2, active)
		checkClosed(t, s)
		run(t, s, "end")
	}
	// Begin starts the first turn where the set-up lines end, with its
	// income, once; without a board it is refused and changes nothing.
	s = table{ann: "energy 1, income 2"}.open(t)
	for range 2 {
		if err := s.Begin(); err != nil {
			t.Fatal(err)
		}
		checkTurn(t, s, 1, ann)
		checkEnergy(t, s, ann, 3)
	}
	run(t, s, "end")
	checkTurn(t, s, 2, ben)
	s = table{board: none, ann: "energy 1, income 2"}.open(t)
	before, shown := s.clone(), show(s)
	quotes.Refused(t, s.Begin(), "Begin", "", ruled("V2", rulingBoardFirst))
	checkUnchanged(t, s, before, shown, "Begin")
	// The players' names, in the Players tag's order, name them.
	st, err := Game{Cards: cards(t)}.New(engine.Options{Players: []string{"Zed", "Amy"}})
	if err != nil {
		t.Fatal(err)
	}
	zs := st.(*State)
	setUp(t, zs, engine.Nobody, Sector{"North", nil})
	v := expectMove(t, zs, 1, Convert{"Scout"}, ruled("V6", rulingOpen))
	checkWhat(t, v, "it is Zed's turn")
}

// ---------------------------------------------------------------------------
// The queue

// TestRulingV6OpeningTheQueue: "Only the active player may take an action
// while the queue is empty, except right after an execution."
func TestRulingV6OpeningTheQueue(t *testing.T) {
	tb := table{ann: "energy 3, hand Scout Raider", ben: "energy 2, hand Drain Surge Wall, field Raider North"}
	t.Run("the other player, with the queue empty", func(t *testing.T) {
		s := tb.start(t)
		for _, text := range []string{"Ben play Drain Ann", "Ben convert Wall", "Ben play Surge", "Ben attack Raider North", "Ben advance Raider Middle"} {
			v := expect(t, s, text, ruled("V6", rulingOpen))
			checkWhat(t, v, "the queue is empty and it is Ann's turn")
		}
		// A move wrapped in engine.By is the named player's.
		expectMove(t, s, ann, engine.By{Player: ben, Move: Convert{"Wall"}}, ruled("V6", rulingOpen))
	})
	t.Run("the active player opens the queue", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout North")
		checkQueue(t, s, "Ann: play Scout North")
	})
	t.Run("right after an execution, the other player too", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout North, execute, Ben play Drain Ann")
		checkQueue(t, s, "Ben: play Drain Ann")
		s = tb.start(t)
		run(t, s, "play Scout North, execute")
		expectMove(t, s, ann, engine.By{Player: ben, Move: Convert{"Wall"}}, accepted)
	})
	t.Run("in the other player's turn", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "end")
		v := expect(t, s, "Ann play Scout North", ruled("V6", rulingOpen))
		checkWhat(t, v, "it is Ben's turn")
		run(t, s, "play Drain Ann")
		checkQueue(t, s, "Ben: play Drain Ann")
	})
}

// TestRulingV7Declining: "A player who acts when the other player was to
// decide shows that the other player declined." "A player who has declined
// cannot act again until an action executes or the other player takes an
// action."
func TestRulingV7Declining(t *testing.T) {
	tb := table{ann: "energy 3, hand Scout Raider Wall", ben: "energy 1, hand Drain Wall"}
	// declinedAgain checks that a player who declined and acts again is
	// refused with ruling V7.
	declinedAgain := func(t *testing.T, s *State, text string) {
		t.Helper()
		err := refusedWith(t, s, text)
		quotes.Refused(t, err, text, "", ruled("V7", rulingNoReturn))
	}
	t.Run("acting when the other player was to decide", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout North")
		checkDeciding(t, s, ben, false)
		run(t, s, "play Raider Middle")
		// Ben declined Scout; Ann's Raider is a new action he may answer.
		checkDeciding(t, s, ben, false)
		run(t, s, "Ben play Drain Ann")
		checkQueue(t, s, "Ann: play Scout North | Ann: play Raider Middle | Ben: play Drain Ann")
	})
	t.Run("a decline written: pass", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout North, Ben pass")
		checkDeciding(t, s, ann, true)
		declinedAgain(t, s, "Ben play Drain Ann")
		// Ann answers her own action, as after an implied decline.
		run(t, s, "play Raider Middle")
		checkDeciding(t, s, ben, false)
		run(t, s, "Ben play Drain Ann")
	})
	t.Run("a pass is refused where there is nothing to decline", func(t *testing.T) {
		for _, tt := range []struct{ moves, pass, what string }{
			{"", "pass", "there is nothing to decline"},
			{"play Scout North", "pass", "Ben decides now, not Ann"},
			{"play Scout North, Ben pass", "Ben pass", "Ben has declined already"},
			{"play Scout North, Ben pass", "pass", "Ben has declined too: with both declining, the queue executes (write execute)"},
		} {
			s := tb.start(t)
			if tt.moves != "" {
				run(t, s, tt.moves)
			}
			err := refusedWith(t, s, tt.pass)
			quotes.Refused(t, err, tt.pass, tt.what, ruled("V7", rulingDecline))
		}
	})
	t.Run("an action outside the queue shows the decline", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout North, convert Wall")
		checkDeciding(t, s, ann, true)
	})
	t.Run("who declined cannot act again", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout North, convert Wall")
		declinedAgain(t, s, "Ben play Drain Ann")
	})
	t.Run("until an action executes", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout North, play Raider Middle, convert Wall, execute, Ben play Drain Ann")
		checkQueue(t, s, "Ann: play Scout North | Ben: play Drain Ann")
	})
	t.Run("or the other player takes an action", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout North, convert Wall, play Raider Middle, Ben play Drain Ann")
		checkQueue(t, s, "Ann: play Scout North | Ann: play Raider Middle | Ben: play Drain Ann")
	})
	t.Run("declining right after an execution", func(t *testing.T) {
		s := table{variants: map[string]string{"after": "opponent"}, ann: "energy 3, hand Scout Raider Wall", ben: "energy 1, hand Drain Wall"}.start(t)
		run(t, s, "play Scout North, execute")
		checkDeciding(t, s, ben, false)
		run(t, s, "convert Wall")
		checkDeciding(t, s, ann, true)
		declinedAgain(t, s, "Ben play Drain Ann")
		run(t, s, "end")
		checkTurn(t, s, 2, ben)
	})
	t.Run("both declined right after an execution: the active player opens the queue anew", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout North, execute, Ben convert Wall")
		checkDeciding(t, s, ben, true)
		run(t, s, "play Raider Middle")
		checkQueue(t, s, "Ann: play Raider Middle")
		checkDeciding(t, s, ben, false)
		run(t, s, "Ben play Drain Ann")
	})
}

// TestRulingV8Executing: "Each execution is written as execute, where no
// player takes an action." "A chain of three needs three."
func TestRulingV8Executing(t *testing.T) {
	t.Run("nothing to execute", func(t *testing.T) {
		s := table{ann: "energy 1, hand Scout"}.start(t)
		v := expect(t, s, "execute", ruled("V8", rulingExecute))
		checkWhat(t, v, "the queue is empty")
		run(t, s, "play Scout North, execute")
		expect(t, s, "execute", ruled("V8", rulingExecute))
	})
	t.Run("a chain of three needs three", func(t *testing.T) {
		s := table{ann: "energy 3, hand Raider Shock", ben: "energy 3, hand Drain, field Sentinel Middle"}.start(t)
		run(t, s, "play Raider Middle, Ben play Drain Ann, play Shock Middle")
		for n := 2; n >= 0; n-- {
			run(t, s, "execute")
			if got := len(s.Queue()); got != n {
				t.Errorf("%d actions in the queue, want %d", got, n)
			}
		}
		expect(t, s, "execute", ruled("V8", rulingExecute))
	})
}

// TestRulingV9WhoActsFirstAfterAnExecution: the variant after=active|
// opponent. "After an action executes, the active player may act first."
// With opponent: "After an action executes, the opponent of the player who
// took it may act first." "Either way the other player may act when the
// first declines (V7)."
func TestRulingV9WhoActsFirstAfterAnExecution(t *testing.T) {
	tb := func(after string) table {
		var variants map[string]string
		if after != "" {
			variants = map[string]string{"after": after}
		}
		return table{variants: variants, ann: "energy 5, hand Scout Raider Wall", ben: "energy 2, hand Drain Drain"}
	}
	for _, tt := range []struct {
		after string
		// who decides after Ann's Raider executes, after Ben's Drain
		// executes, and after Ann's Scout executes (the queue empty).
		afterAnns, afterBens, afterLast int
	}{
		{"", ann, ann, ann},
		{"active", ann, ann, ann},
		{"opponent", ben, ann, ben},
	} {
		name := "after=" + tt.after
		if tt.after == "" {
			name = "the default is after=active"
		}
		t.Run(name, func(t *testing.T) {
			s := tb(tt.after).start(t)
			run(t, s, "play Scout North, play Raider Middle, execute")
			checkDeciding(t, s, tt.afterAnns, false)
			run(t, s, "Ben play Drain Ann, execute")
			checkDeciding(t, s, tt.afterBens, false)
			run(t, s, "execute")
			checkDeciding(t, s, tt.afterLast, false)
			checkQueue(t, s, "")
		})
		t.Run(name+": either way the other player may act when the first declines", func(t *testing.T) {
			for _, other := range []string{"Ben play Drain Ann", "play Wall South"} {
				s := tb(tt.after).start(t)
				run(t, s, "play Scout North, play Raider Middle, execute")
				run(t, s, other)
				if q := queue(s); len(q) != 2 {
					t.Errorf("%s: queue %q", other, q)
				}
			}
		})
	}
}

// TestRulingV10TheEndOfATurn: "A turn ends only when the queue is empty:
// the next numbered turn, or the result line, ends it, and both players
// decline."
func TestRulingV10TheEndOfATurn(t *testing.T) {
	tb := table{ann: "energy 3, hand Scout Raider", ben: "energy 1, hand Drain"}
	t.Run("not while actions wait in the queue", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout North, play Raider Middle")
		err := refusedWith(t, s, "end")
		v := quotes.Refused(t, err, "end", "Ann", ruled("V10", rulingTurnEnd))
		checkWhat(t, v, "2 actions")
	})
	t.Run("when the queue is empty", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout North, execute, end")
		checkTurn(t, s, 2, ben)
		checkClosed(t, s)
		checkField(t, s, "Ann Scout North")
	})
	t.Run("both players decline: the end of the turn is the active player's", func(t *testing.T) {
		s := table{variants: map[string]string{"after": "opponent"}, ann: "energy 1, hand Scout", ben: "energy 1, hand Drain"}.start(t)
		run(t, s, "play Scout North, execute")
		checkDeciding(t, s, ben, false)
		v := expect(t, s, "Ben end", broke(ruleAsMany))
		checkWhat(t, v, "it is Ann's turn, not Ben's")
		run(t, s, "end")
		checkTurn(t, s, 2, ben)
	})
	t.Run("with no action taken", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "end")
		checkTurn(t, s, 2, ben)
	})
}

// TestRulingV11ActionsOutsideTheQueue: "Converting a card and playing an
// anomaly can be done whenever their player may take an action, with the
// queue open or not, and do not pass the turn to answer." "They take
// effect at once."
func TestRulingV11ActionsOutsideTheQueue(t *testing.T) {
	t.Run("by the player to decide: the decision stays theirs", func(t *testing.T) {
		s := table{ann: "energy 1, hand Scout", ben: "hand Surge Wall"}.start(t)
		run(t, s, "play Scout North, Ben play Surge")
		checkDeciding(t, s, ben, false)
		checkEnergy(t, s, ben, 2)
		run(t, s, "Ben convert Wall")
		checkDeciding(t, s, ben, false)
		checkEnergy(t, s, ben, 4)
		checkQueue(t, s, "Ann: play Scout North")
	})
	t.Run("by the other player, with the queue open", func(t *testing.T) {
		s := table{ann: "energy 1, hand Scout Wall Surge"}.start(t)
		run(t, s, "play Scout North, convert Wall, play Surge")
		checkDeciding(t, s, ann, true)
		checkEnergy(t, s, ann, 4)
		checkQueue(t, s, "Ann: play Scout North")
	})
	t.Run("with the queue closed", func(t *testing.T) {
		s := table{ann: "hand Wall Surge"}.start(t)
		run(t, s, "convert Wall, play Surge")
		checkClosed(t, s)
		checkEnergy(t, s, ann, 4)
	})
	t.Run("they take effect at once", func(t *testing.T) {
		s := table{ann: "energy 2, hand Scout Rift", ben: "field Scout Middle, field Wall Middle"}.start(t)
		run(t, s, "play Scout North, play Rift Middle")
		checkField(t, s, "Ben Wall Middle damage 1")
		checkCache(t, s, ben, "Scout")
		checkCache(t, s, ann, "Rift")
		checkQueue(t, s, "Ann: play Scout North")
	})
	t.Run("not when their player may not act", func(t *testing.T) {
		s := table{ben: "hand Wall Surge"}.start(t)
		expect(t, s, "Ben convert Wall", ruled("V6", rulingOpen))
		expect(t, s, "Ben play Surge", ruled("V6", rulingOpen))
	})
}

// ---------------------------------------------------------------------------
// Taking an action

// TestRulingV12TheHand: "A card is played or converted from its owner's
// hand."
func TestRulingV12TheHand(t *testing.T) {
	tb := table{ann: "energy 5, hand Scout Scout", ben: "hand Shock"}
	for _, tt := range []struct{ move, what string }{
		{"play Raider North", "Ann has no Raider in hand"},
		{"convert Raider", "Ann has no Raider in hand"},
		{"play Shock North", "Ann has no Shock in hand"},
		{"play Gizmo North", "Ann has no Gizmo in hand"},
		{"convert Gizmo", "Ann has no Gizmo in hand"},
	} {
		v := expect(t, tb.start(t), tt.move, ruled("V12", rulingHand))
		checkWhat(t, v, tt.what)
	}
	s := tb.start(t)
	run(t, s, "play Scout North")
	checkHand(t, s, ann, "Scout")
	run(t, s, "convert Scout")
	checkHand(t, s, ann, "")
	expect(t, s, "convert Scout", ruled("V12", rulingHand))
}

// TestRulingV13Paying: "A player cannot pay more void energy than they
// have. The whole cost, X included, is paid when the action is taken."
func TestRulingV13Paying(t *testing.T) {
	t.Run("a card", func(t *testing.T) {
		s := table{ann: "energy 2, hand Ranger Raider"}.start(t)
		v := expect(t, s, "play Ranger North", ruled("V13", rulingPay))
		checkWhat(t, v, "Ann has 2 void energy and the cost is 3")
		run(t, s, "play Raider North")
		checkEnergy(t, s, ann, 0)
	})
	t.Run("a skill", func(t *testing.T) {
		s := table{ann: "field Ranger Middle", ben: "field Scout North"}.start(t)
		expect(t, s, "activate Ranger North", ruled("V13", rulingPay))
	})
	t.Run("an answer", func(t *testing.T) {
		s := table{ann: "energy 1, hand Scout", ben: "hand Drain"}.start(t)
		run(t, s, "play Scout North")
		v := expect(t, s, "Ben play Drain Ann", ruled("V13", rulingPay))
		checkWhat(t, v, "Ben has 0 void energy and the cost is 1")
	})
	t.Run("the whole cost when the action is taken", func(t *testing.T) {
		s := table{ann: "energy 6, hand Ranger Barrage", ben: "field Wall North, field Wall South"}.start(t)
		run(t, s, "play Ranger North")
		checkEnergy(t, s, ann, 3)
		run(t, s, "play Barrage North South X 2")
		checkEnergy(t, s, ann, 0)
		run(t, s, "execute, execute")
		checkEnergy(t, s, ann, 0)
	})
}

// TestRulingV14Choices: "An action is written with its choices: its
// targets, pick and the option's number, X and its number." "A choice the
// card does not offer is an error; a choice it needs and lacks is the
// text's own rule broken."
func TestRulingV14Choices(t *testing.T) {
	tb := table{ann: "energy 9, hand Scout Shock Surge Flux Barrage, field Ranger Middle", ben: "field Scout North, field Scout South"}
	for _, tt := range []struct {
		move string
		want verdict
		what string
	}{
		{"play Scout North pick 1", ruled("V14", rulingChoice), "Scout has no options to pick from"},
		{"play Scout North pick 0", ruled("V14", rulingChoice), "Scout has no options to pick from"},
		{"play Shock North X 1", ruled("V14", rulingChoice), "Shock has no X in its cost"},
		{"play Shock North X 0", ruled("V14", rulingChoice), "Shock has no X in its cost"},
		{"play Surge North", ruled("V14", rulingChoice), "Surge has no target, and North is written"},
		{"activate Ranger North X 1", ruled("V14", rulingChoice), "Ranger has no X in its cost"},
		{"activate Ranger North pick 2", ruled("V14", rulingChoice), "Ranger has no options to pick from"},
		{"play Flux Ben", broke(rulePickOne), "Flux has 2 options"},
		{"play Barrage North South", broke(ruleChooseX), "Barrage costs X"},
		{"play Shock", broke(rulePickTarget), "Shock needs target sector enemy"},
		{"play Barrage North South X 2", accepted, ""},
		{"play Flux Ben pick 1", accepted, ""},
		{"play Surge", accepted, ""},
		{"activate Ranger North", accepted, ""},
	} {
		t.Run(tt.move, func(t *testing.T) {
			v := expect(t, tb.start(t), tt.move, tt.want)
			checkWhat(t, v, tt.what)
		})
	}
}

// TestRulingV15TargetsWhenTheActionIsTaken: "An action can be taken only
// with targets that meet its requirements when it is taken." (The
// requirements one by one: TestRuleTargets.)
func TestRulingV15TargetsWhenTheActionIsTaken(t *testing.T) {
	tb := table{ann: "energy 9, hand Shock Extractor Drain, field Wall Middle, field Scout North", ben: "field Scout North"}
	for _, tt := range []struct{ move, what string }{
		{"play Shock Nowhere", "Shock targets a sector, and there is no sector Nowhere"},
		{"play Shock Forest", "there is no sector Forest"},
		{"play Extractor North", "Extractor targets a biome, and there is no biome North"},
		{"play Drain Forest", "there is no player Forest"},
		{"play Shock Middle", "Shock needs target sector enemy, and sector Middle is not"},
		{"play Drain Ann", "Drain needs target player opponent, and Ann is not"},
		{"advance Scout Nowhere", "there is no sector Nowhere"},
		{"attack Scout Nowhere", "there is no sector Nowhere"},
	} {
		t.Run(tt.move, func(t *testing.T) {
			v := expect(t, tb.start(t), tt.move, ruled("V15", rulingDeclare))
			checkWhat(t, v, tt.what)
		})
	}
	t.Run("a card in play on a target that is not there", func(t *testing.T) {
		for _, m := range []Field{{Card: "Extractor", Target: "North"}, {Card: "Scout", Target: "Forest"}, {Card: "Ward", Target: "Cy"}} {
			v := expectMove(t, table{}.open(t), ann, engine.OnSetupLine{Move: m}, ruled("V15", rulingDeclare))
			checkWhat(t, v, m.Card+" goes on a")
		}
	})
}

// TestRulingV16SeveralTargets: "A card or skill with several targets takes
// that many different targets."
func TestRulingV16SeveralTargets(t *testing.T) {
	tb := table{ann: "energy 9, hand Barrage Shock Nova", ben: "field Scout North, field Scout Middle, field Scout South"}
	for _, tt := range []struct{ move, what string }{
		{"play Barrage North North X 1", "North is named twice"},
		{"play Barrage North South Middle X 1", "Barrage takes target 2 sectors enemy"},
		{"play Barrage North X 1", "Barrage takes target 2 sectors enemy"},
		{"play Shock North South", "Shock takes target sector enemy"},
		{"play Nova Ben Ben", "Ben is named twice"},
	} {
		t.Run(tt.move, func(t *testing.T) {
			v := expect(t, tb.start(t), tt.move, ruled("V16", rulingTargets))
			checkWhat(t, v, tt.what)
		})
	}
	t.Run("that many different targets", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Barrage South North X 1, execute")
		checkField(t, s, "Ben Scout Middle")
	})
}

// ---------------------------------------------------------------------------
// Execution

// TestRulingV17WhereExecutedCardsGo: "An executed unit enters play in the
// sector it targets, ready; an executed modification enters play on its
// target; any other executed card goes to its owner's cache, after its
// effects."
func TestRulingV17WhereExecutedCardsGo(t *testing.T) {
	t.Run("a unit, ready", func(t *testing.T) {
		s := table{ann: "energy 1, hand Scout", ben: "life 5"}.start(t)
		run(t, s, "play Scout Middle, execute")
		checkField(t, s, "Ann Scout Middle")
		run(t, s, "attack Scout Middle, execute")
		checkLife(t, s, ben, 4)
	})
	t.Run("a modification, on its target", func(t *testing.T) {
		s := table{ann: "energy 4, hand Extractor Ward Beacon, field Scout South"}.start(t)
		run(t, s, "play Extractor Lake, play Ward Ann, play Beacon South, execute, execute, execute")
		checkField(t, s, "Ann Scout South | Ann Beacon South | Ann Ward Ann | Ann Extractor Lake")
		checkCache(t, s, ann, "")
	})
	t.Run("a tactic, to its owner's cache", func(t *testing.T) {
		s := table{ann: "energy 1, hand Purge", ben: "field Extractor Forest"}.start(t)
		run(t, s, "play Purge Forest, execute")
		checkCache(t, s, ann, "Purge")
		checkCache(t, s, ben, "Extractor")
		checkField(t, s, "")
	})
	t.Run("an anomaly, to its owner's cache", func(t *testing.T) {
		s := table{ann: "hand Surge"}.start(t)
		run(t, s, "play Surge")
		checkCache(t, s, ann, "Surge")
	})
	t.Run("after its effects", func(t *testing.T) {
		// Ann's Purge takes her own Extractor to her cache; the Purge
		// follows it there, after its effects.
		s := table{ann: "energy 1, hand Purge, field Extractor Forest"}.start(t)
		run(t, s, "play Purge Forest, execute")
		cache := s.Player(ann).Cache
		engineBug(t, slices.Equal(cache, names("Purge Extractor")), "an executed tactic goes to the cache before its effects, not after them: Ann's cache is Purge Extractor, want Extractor Purge")
		checkCache(t, s, ann, "Extractor Purge")
	})
}

// TestRulingV18TargetsAtExecution: "When an action executes, each of its
// targets is checked again against its requirement: an invalid target is
// not affected, and with no valid target the action is cancelled: a
// cancelled card goes to its owner's cache, a cancelled skill has no
// effect. An advance, attack or defence is cancelled, with no effect, when
// its unit has left play or the sector is no longer within its reach."
// (Targets checked again: TestRuleTargets.)
func TestRulingV18TargetsAtExecution(t *testing.T) {
	t.Run("an attack whose unit has left play", func(t *testing.T) {
		s := table{ann: "field Scout North", ben: "life 10, energy 1, hand Shock"}.start(t)
		run(t, s, "attack Scout North, Ben play Shock North, execute, execute")
		checkLife(t, s, ben, 10)
		checkCache(t, s, ann, "Scout")
		checkQueue(t, s, "")
	})
	t.Run("an attack whose unit is still in play", func(t *testing.T) {
		s := table{ann: "field Wall North", ben: "life 10, energy 1, hand Shock"}.start(t)
		run(t, s, "attack Wall North, Ben play Shock North, execute, execute")
		checkLife(t, s, ben, 9)
		checkField(t, s, "Ann Wall North damage 2 spent")
	})
	t.Run("an advance whose unit has left play", func(t *testing.T) {
		s := table{ann: "field Scout North", ben: "energy 1, hand Shock"}.start(t)
		run(t, s, "advance Scout Middle, Ben play Shock North, execute, execute")
		checkField(t, s, "")
		checkCache(t, s, ann, "Scout")
	})
	t.Run("a defence whose unit has left play", func(t *testing.T) {
		s := table{ann: "hand Bolt, field Raider North", ben: "life 10, field Wall North"}.start(t)
		run(t, s, "attack Raider North, Ben defend Wall Raider, play Bolt North, execute, execute")
		checkCache(t, s, ben, "Wall")
		checkQueue(t, s, "Ann: attack Raider North")
		run(t, s, "execute")
		// No defender in the way, and no unit of Ben's in North.
		checkLife(t, s, ben, 8)
		checkField(t, s, "Ann Raider North spent")
	})
	t.Run("a cancelled modification goes to its owner's cache", func(t *testing.T) {
		s := table{ann: "energy 2, hand Extractor", ben: "energy 2, hand Extractor"}.start(t)
		run(t, s, "play Extractor Lake, Ben play Extractor Lake, execute, execute")
		checkField(t, s, "Ben Extractor Lake")
		checkCache(t, s, ann, "Extractor")
		checkCache(t, s, ben, "")
	})
}

// TestRulingV19Refunds: the variant refund=none|full. "The costs of a
// cancelled action are not refunded." With full, "its player gets back
// what they paid." "A skill whose card has left play still executes: it
// was taken while the card was in play."
func TestRulingV19Refunds(t *testing.T) {
	for _, tt := range []struct {
		refund         string
		card, skill, x int // Ann's void energy after each cancelled action
	}{
		{"", 0, 0, 0},
		{"none", 0, 0, 0},
		{"full", 1, 1, 4},
	} {
		name := "refund=" + tt.refund
		if tt.refund == "" {
			name = "the default is refund=none"
		}
		var variants map[string]string
		if tt.refund != "" {
			variants = map[string]string{"refund": tt.refund}
		}
		t.Run(name+": a card", func(t *testing.T) {
			s := table{variants: variants, ann: "energy 1, hand Shock", ben: "field Scout North"}.start(t)
			run(t, s, "play Shock North, Ben advance Scout Middle, execute, execute")
			checkCache(t, s, ann, "Shock")
			checkEnergy(t, s, ann, tt.card)
		})
		t.Run(name+": a skill", func(t *testing.T) {
			s := table{variants: variants, ann: "energy 1, field Ranger Middle", ben: "field Scout North"}.start(t)
			run(t, s, "activate Ranger North, Ben advance Scout Middle, execute, execute")
			checkEnergy(t, s, ann, tt.skill)
			checkField(t, s, "Ann Ranger Middle spent | Ben Scout Middle spent")
		})
		t.Run(name+": X included", func(t *testing.T) {
			s := table{variants: variants, ann: "energy 4, hand Barrage", ben: "field Scout North, field Scout South"}.start(t)
			run(t, s, "play Barrage North South X 3, Ben advance Scout Middle, Ben advance Scout Middle")
			checkEnergy(t, s, ann, 0)
			run(t, s, "execute, execute, execute")
			checkCache(t, s, ann, "Barrage")
			checkField(t, s, "Ben Scout Middle spent | Ben Scout Middle spent")
			checkEnergy(t, s, ann, tt.x)
		})
		t.Run(name+": an action not cancelled", func(t *testing.T) {
			// One target left valid: the Barrage is not cancelled.
			s := table{variants: variants, ann: "energy 4, hand Barrage", ben: "field Scout North, field Scout South"}.start(t)
			run(t, s, "play Barrage North South X 3, Ben advance Scout Middle, execute, execute")
			checkField(t, s, "Ben Scout Middle spent")
			checkEnergy(t, s, ann, 0)
			// An attack cancelled costs nothing to give back.
			s = table{variants: variants, ann: "energy 2, field Scout North", ben: "energy 1, hand Shock"}.start(t)
			run(t, s, "attack Scout North, Ben play Shock North, execute, execute")
			checkEnergy(t, s, ann, 2)
			checkEnergy(t, s, ben, 0)
		})
	}
	t.Run("a skill whose card has left play still executes", func(t *testing.T) {
		s := table{ann: "energy 1, field Ranger Middle", ben: "energy 1, hand Shock, field Scout North"}.start(t)
		run(t, s, "activate Ranger North, Ben play Shock Middle, execute")
		checkCache(t, s, ann, "Ranger")
		run(t, s, "execute")
		checkField(t, s, "")
		checkCache(t, s, ben, "Shock Scout")
	})
}

// ---------------------------------------------------------------------------
// Cards in play

// TestRulingV20NamingCardsInPlay: "A card in play is named by its card's
// name; with several of one name, the referee takes the first that can do
// what is asked." "'First' is in the order the cards entered play."
func TestRulingV20NamingCardsInPlay(t *testing.T) {
	t.Run("the first that can", func(t *testing.T) {
		s := table{ann: "field Scout North, field Scout Middle"}.start(t)
		run(t, s, "advance Scout South")
		checkField(t, s, "Ann Scout North | Ann Scout Middle spent")
		run(t, s, "attack Scout North")
		checkField(t, s, "Ann Scout North spent | Ann Scout Middle spent")
	})
	t.Run("the first in the order they entered play", func(t *testing.T) {
		s := table{ann: "field Scout North, field Scout North"}.start(t)
		run(t, s, "attack Scout North")
		checkField(t, s, "Ann Scout North spent | Ann Scout North")
		s = table{ann: "energy 1, hand Scout, field Scout South"}.start(t)
		run(t, s, "play Scout Middle, execute, attack Scout Middle")
		checkField(t, s, "Ann Scout South spent | Ann Scout Middle")
	})
	t.Run("none can: the first one's reason", func(t *testing.T) {
		s := table{ann: "field Scout North, field Scout North"}.start(t)
		v := expect(t, s, "advance Scout North", ruled("V22", rulingAdvance))
		checkWhat(t, v, "Scout is in North, not next to North")
		run(t, s, "attack Scout North, attack Scout North")
		expect(t, s, "attack Scout North", ruled("V21", rulingOnce))
	})
	t.Run("a card not in play", func(t *testing.T) {
		s := table{ann: "field Scout North", ben: "field Raider North, field Ranger South"}.start(t)
		for _, tt := range []struct{ move, what string }{
			{"attack Raider North", "Ann has no Raider in play"},
			{"advance Raider Middle", "Ann has no Raider in play"},
			{"activate Ranger North", "Ann has no Ranger in play"},
			{"react Sentinel North", "Ann has no Sentinel in play"},
		} {
			v := expect(t, s, tt.move, ruled("V20", rulingNaming))
			checkWhat(t, v, tt.what)
		}
	})
	t.Run("a card that cannot do what is asked", func(t *testing.T) {
		s := table{ann: "field Scout North, field Beacon North", ben: "field Scout North"}.start(t)
		v := expect(t, s, "activate Scout North", ruled("V20", rulingNaming))
		checkWhat(t, v, "Scout has no skill")
		v = expect(t, s, "advance Beacon Middle", ruled("V20", rulingNaming))
		checkWhat(t, v, "Beacon is a modification, not a unit")
		expect(t, s, "attack Beacon North", ruled("V20", rulingNaming))
	})
	t.Run("the first whose skill can be taken", func(t *testing.T) {
		// Both Rangers can: the first is taken, then the second.
		s := table{ann: "energy 2, field Ranger South, field Ranger Middle", ben: "field Scout North"}.start(t)
		run(t, s, "activate Ranger North")
		checkField(t, s, "Ann Ranger South spent | Ann Ranger Middle | Ben Scout North")
		run(t, s, "activate Ranger North")
		checkField(t, s, "Ann Ranger South spent | Ann Ranger Middle spent | Ben Scout North")
	})
}

// TestRulingV21OneActionATurn: "Each card in play takes one action a turn:
// an advance, an attack, a defence or its skill." "Every card in play is
// ready again at the start of each turn, either player's."
func TestRulingV21OneActionATurn(t *testing.T) {
	t.Run("one action a turn", func(t *testing.T) {
		for _, first := range []string{"attack Ranger Middle", "advance Ranger South", "activate Ranger North"} {
			s := table{ann: "energy 2, field Ranger Middle", ben: "field Scout North"}.start(t)
			run(t, s, first)
			for _, again := range []string{"attack Ranger Middle", "advance Ranger South", "activate Ranger North"} {
				v := expect(t, s, again, ruled("V21", rulingOnce))
				checkWhat(t, v, "Ranger has already acted this turn")
			}
			// Ben's Scout attacks Middle; the Ranger cannot defend.
			run(t, s, "Ben attack Scout Middle")
			expect(t, s, "defend Ranger Scout", ruled("V21", rulingOnce))
		}
	})
	t.Run("a modification's skill", func(t *testing.T) {
		s := table{ann: "energy 2, field Beacon Middle", ben: "life 10"}.start(t)
		run(t, s, "activate Beacon Ben")
		expect(t, s, "activate Beacon Ben", ruled("V21", rulingOnce))
	})
	t.Run("ready again at the start of each turn, either player's", func(t *testing.T) {
		s := table{ann: "field Wall North", ben: "field Raider North"}.start(t)
		run(t, s, "attack Wall North, execute")
		checkField(t, s, "Ann Wall North spent | Ben Raider North damage 1")
		run(t, s, "end")
		checkField(t, s, "Ann Wall North | Ben Raider North damage 1")
		run(t, s, "attack Raider North, Ann defend Wall Raider, execute, execute")
		checkField(t, s, "Ann Wall North damage 2 spent")
		checkCache(t, s, ben, "Raider")
		run(t, s, "end")
		checkField(t, s, "Ann Wall North damage 2")
	})
}

// TestRulingV22Advancing: "A unit advances to a sector next to its own, in
// the order of the board line." "Advancing costs nothing."
func TestRulingV22Advancing(t *testing.T) {
	tb := table{board: "sector A, sector B, sector C, sector D", ann: "energy 2, field Scout C"}
	for _, tt := range []struct {
		to    string
		valid bool
	}{
		{"B", true}, {"D", true}, {"A", false}, {"C", false},
	} {
		t.Run("from C to "+tt.to, func(t *testing.T) {
			s := tb.start(t)
			if !tt.valid {
				v := expect(t, s, "advance Scout "+tt.to, ruled("V22", rulingAdvance))
				checkWhat(t, v, "Scout is in C, not next to "+tt.to)
				return
			}
			run(t, s, "advance Scout "+tt.to+", execute")
			checkField(t, s, "Ann Scout "+tt.to+" spent")
			checkEnergy(t, s, ann, 2)
		})
	}
}

// TestRulingV23Attacking: "A unit attacks its own sector or a sector next
// to it. Attacking costs nothing. When the attack executes: if a defender
// was put in its way (V24) and still stands in the sector, the attacker
// and the defender each deal their power in damage to the other. Otherwise
// the attacker deals its power in damage to each opposing unit in the
// sector, and when there is none, to the opposing player's life."
func TestRulingV23Attacking(t *testing.T) {
	t.Run("its own sector or the next", func(t *testing.T) {
		tb := table{board: "sector A, sector B, sector C, sector D", ann: "energy 2, field Raider B"}
		for _, to := range []string{"A", "B", "C"} {
			s := tb.start(t)
			run(t, s, "attack Raider "+to)
			checkEnergy(t, s, ann, 2)
		}
		v := expect(t, tb.start(t), "attack Raider D", ruled("V23", rulingAttack))
		checkWhat(t, v, "Raider is in B, which is not D or next to it")
	})
	t.Run("each opposing unit in the sector", func(t *testing.T) {
		s := table{ann: "field Raider North, field Scout North", ben: "life 10, field Wall North, field Wall North, field Wall Middle"}.start(t)
		run(t, s, "attack Raider North, execute")
		checkField(t, s, "Ann Raider North spent | Ann Scout North | Ben Wall North damage 2 | Ben Wall North damage 2 | Ben Wall Middle")
		checkLife(t, s, ben, 10)
	})
	t.Run("with none, the opposing player's life", func(t *testing.T) {
		s := table{ann: "life 10, field Raider North", ben: "life 10, field Wall Middle"}.start(t)
		run(t, s, "attack Raider North, execute")
		checkLife(t, s, ben, 8)
		checkLife(t, s, ann, 10)
		checkField(t, s, "Ann Raider North spent | Ben Wall Middle")
	})
	t.Run("with a defender in its way", func(t *testing.T) {
		s := table{ann: "field Raider North", ben: "life 10, field Wall North, field Scout North"}.start(t)
		run(t, s, "attack Raider North, Ben defend Wall Raider, execute, execute")
		checkField(t, s, "Ann Raider North damage 1 spent | Ben Wall North damage 2 spent | Ben Scout North")
		checkLife(t, s, ben, 10)
	})
	t.Run("a defender that no longer stands in the sector", func(t *testing.T) {
		s := table{ann: "energy 1, hand Shock, field Raider North", ben: "life 10, field Scout North, field Wall North"}.start(t)
		run(t, s, "attack Raider North, Ben defend Scout Raider, execute, play Shock North, execute")
		checkField(t, s, "Ann Raider North spent | Ben Wall North damage 2")
		run(t, s, "execute")
		checkField(t, s, "Ann Raider North spent")
		checkCache(t, s, ben, "Scout Wall")
		checkLife(t, s, ben, 10)
	})
}

// TestRulingV24Defending: "A unit defends against an opposing attack in the
// queue on the sector the unit stands in." "An attack has one defender at
// most." "... with several attacks by that unit's name in the queue, the
// latest that the defender can meet. Defending costs nothing. The defence
// executes before the attack (it entered the queue later) and puts the
// defender in the attack's way."
func TestRulingV24Defending(t *testing.T) {
	t.Run("not in the sector attacked", func(t *testing.T) {
		s := table{ann: "field Raider North", ben: "field Wall Middle"}.start(t)
		run(t, s, "attack Raider North")
		v := expect(t, s, "Ben defend Wall Raider", ruled("V24", rulingDefend))
		checkWhat(t, v, "Raider attacks North, and Wall is in Middle")
	})
	t.Run("no such attack in the queue", func(t *testing.T) {
		s := table{ann: "field Raider North, field Scout North", ben: "field Wall North"}.start(t)
		v := expect(t, s, "Ben defend Wall Raider", ruled("V6", rulingOpen))
		checkWhat(t, v, "the queue is empty")
		run(t, s, "attack Raider North")
		v = expect(t, s, "Ben defend Wall Scout", ruled("V24", rulingDefend))
		checkWhat(t, v, "no attack by Ann's Scout is in the queue")
	})
	t.Run("no attack the defender can meet: why the latest cannot", func(t *testing.T) {
		s := table{ann: "field Raider North, field Raider Middle", ben: "field Wall South"}.start(t)
		run(t, s, "attack Raider North, attack Raider Middle")
		v := expect(t, s, "Ben defend Wall Raider", ruled("V24", rulingDefend))
		checkWhat(t, v, "Raider attacks Middle, and Wall is in South")
	})
	t.Run("not against one's own attack", func(t *testing.T) {
		s := table{ann: "field Raider North, field Wall North"}.start(t)
		run(t, s, "attack Raider North")
		v := expect(t, s, "defend Wall Raider", ruled("V24", rulingDefend))
		checkWhat(t, v, "no attack by Ben's Raider is in the queue")
	})
	t.Run("one defender at most", func(t *testing.T) {
		s := table{ann: "field Raider North", ben: "field Wall North, field Scout North"}.start(t)
		run(t, s, "attack Raider North, Ben defend Wall Raider")
		v := expect(t, s, "Ben defend Scout Raider", ruled("V24", rulingOneDefence))
		checkWhat(t, v, "Raider's attack already has a defender")
		run(t, s, "execute")
		checkQueue(t, s, "Ann: attack Raider North")
		expect(t, s, "Ben defend Scout Raider", ruled("V24", rulingOneDefence))
	})
	t.Run("the latest attack the defender can meet", func(t *testing.T) {
		s := table{ann: "field Raider North, field Raider Middle", ben: "field Wall North, field Scout North"}.start(t)
		run(t, s, "attack Raider North, attack Raider North, Ben defend Wall Raider, Ben defend Scout Raider")
		checkField(t, s, "Ann Raider North spent | Ann Raider Middle spent | Ben Wall North spent | Ben Scout North spent")
		run(t, s, "execute, execute, execute")
		// The Middle Raider's attack, the later one, met the Wall.
		checkField(t, s, "Ann Raider North spent | Ann Raider Middle damage 1 spent | Ben Wall North damage 2 spent | Ben Scout North spent")
		run(t, s, "execute")
		checkField(t, s, "Ann Raider North damage 1 spent | Ann Raider Middle damage 1 spent | Ben Wall North damage 2 spent")
		checkCache(t, s, ben, "Scout")
	})
	t.Run("the latest attack, when the defender can meet only an earlier one", func(t *testing.T) {
		s := table{ann: "field Raider North, field Raider Middle", ben: "field Wall North"}.start(t)
		run(t, s, "attack Raider North, attack Raider South, Ben defend Wall Raider")
		checkQueue(t, s, "Ann: attack Raider North | Ann: attack Raider South | Ben: defend Wall Raider (the attack on North)")
	})
	t.Run("defending costs nothing", func(t *testing.T) {
		s := table{ann: "field Raider North", ben: "energy 3, field Wall North"}.start(t)
		run(t, s, "attack Raider North, Ben defend Wall Raider, execute, execute")
		checkEnergy(t, s, ben, 3)
	})
}

// TestRulingV25ReactiveSkills: "A reactive skill is used only in answer to
// an opposing action of the kind it names, while that action is in the
// queue." It "goes into the queue like any action, where it may be
// answered in turn".
func TestRulingV25ReactiveSkills(t *testing.T) {
	t.Run("react play", func(t *testing.T) {
		s := table{ann: "energy 5, hand Scout", ben: "energy 1, field Warden North"}.start(t)
		run(t, s, "play Scout Middle, Ben react Warden Ann, execute, execute")
		checkEnergy(t, s, ann, 3)
		checkField(t, s, "Ben Warden North spent | Ann Scout Middle")
	})
	t.Run("react advance", func(t *testing.T) {
		s := table{ann: "life 10, field Scout North", ben: "field Lookout South"}.start(t)
		run(t, s, "advance Scout Middle, Ben react Lookout Ann, execute")
		checkLife(t, s, ann, 9)
	})
	t.Run("react attack", func(t *testing.T) {
		s := table{ann: "field Raider Middle", ben: "energy 1, field Sentinel Middle"}.start(t)
		run(t, s, "attack Raider Middle, Ben react Sentinel Middle, execute")
		checkField(t, s, "Ann Raider Middle damage 1 spent | Ben Sentinel Middle spent")
	})
	t.Run("react skill, to a skill and to a reactive skill", func(t *testing.T) {
		s := table{ann: "life 10, energy 1, field Ranger Middle", ben: "field Ward Ben, field Scout North"}.start(t)
		run(t, s, "activate Ranger North, Ben react Ward Ann, execute")
		checkLife(t, s, ann, 9)
		s = table{ann: "field Ward Ann, field Raider Middle", ben: "life 10, energy 1, field Sentinel Middle"}.start(t)
		run(t, s, "attack Raider Middle, Ben react Sentinel Middle, react Ward Ben, execute")
		checkLife(t, s, ben, 9)
	})
	t.Run("no opposing action of its kind in the queue", func(t *testing.T) {
		for _, tt := range []struct {
			ann, ben, moves, react, what string
		}{
			{"energy 1, hand Scout", "energy 1, field Sentinel Middle", "play Scout North", "Ben react Sentinel Middle",
				"Sentinel reacts to an opposing attack, and there is none in the queue"},
			{"field Raider North", "energy 1, field Sentinel Middle", "attack Raider North, execute", "Ben react Sentinel North",
				"Sentinel reacts to an opposing attack, and there is none in the queue"},
			{"field Raider Middle, field Sentinel Middle", "field Scout Middle", "attack Raider Middle", "react Sentinel Middle",
				"Sentinel reacts to an opposing attack"},
			{"field Scout North", "field Warden North", "advance Scout Middle", "Ben react Warden Ann",
				"Warden reacts to an opposing play"},
			{"energy 1, hand Scout", "field Lookout North", "play Scout Middle", "Ben react Lookout Ann",
				"Lookout reacts to an opposing advance"},
			{"field Raider North", "field Ward Ben", "attack Raider North", "Ben react Ward Ann",
				"Ward reacts to an opposing skill"},
		} {
			s := table{ann: tt.ann, ben: tt.ben}.start(t)
			run(t, s, tt.moves)
			v := expect(t, s, tt.react, ruled("V25", rulingReact))
			checkWhat(t, v, tt.what)
		}
	})
	t.Run("a reactive skill is not activated", func(t *testing.T) {
		s := table{ann: "field Raider Middle", ben: "energy 1, field Sentinel Middle"}.start(t)
		run(t, s, "attack Raider Middle")
		v := expect(t, s, "Ben activate Sentinel Middle", ruled("V25", rulingReact))
		checkWhat(t, v, "Sentinel's skill is reactive: write react, in answer to an opposing attack")
	})
	t.Run("it is the card's one action of the turn", func(t *testing.T) {
		s := table{ann: "field Raider Middle", ben: "energy 1, field Sentinel Middle"}.start(t)
		run(t, s, "attack Raider Middle, Ben react Sentinel Middle")
		expect(t, s, "Ben defend Sentinel Raider", ruled("V21", rulingOnce))
	})
}

// TestRulingV26Damage: "Damage stays on a unit. A unit whose damage reaches
// its health is destroyed and goes to its owner's cache. Damage to a player
// lowers their declared life, never below 0; a player without declared
// life takes none."
func TestRulingV26Damage(t *testing.T) {
	t.Run("damage stays on a unit, until it reaches its health", func(t *testing.T) {
		s := table{ann: "energy 2, hand Shock Shock", ben: "field Wall North"}.start(t)
		run(t, s, "play Shock North, execute")
		checkField(t, s, "Ben Wall North damage 2")
		run(t, s, "end, end")
		checkField(t, s, "Ben Wall North damage 2")
		run(t, s, "play Shock North, execute")
		checkField(t, s, "")
		checkCache(t, s, ben, "Wall")
	})
	t.Run("a player's life, never below 0", func(t *testing.T) {
		s := table{ann: "energy 5, hand Nuke", ben: "life 5"}.start(t)
		run(t, s, "play Nuke Ben, execute")
		checkLife(t, s, ben, 0)
	})
	t.Run("a player without declared life takes none", func(t *testing.T) {
		s := table{ann: "energy 7, hand Nuke Flux, field Raider North"}.start(t)
		run(t, s, "play Nuke Ben, execute, play Flux Ben pick 2, execute, attack Raider North, execute")
		if p := s.Player(ben); p.Life != 0 || p.HasLife {
			t.Errorf("Ben: %+v", p)
		}
		checkNotOver(t, s)
	})
}

// TestRulingV27Converting: "Converting a card puts it from the hand into
// its owner's cache and gives them void energy: the card's convert value, 1
// unless the card says otherwise."
func TestRulingV27Converting(t *testing.T) {
	s := table{ann: "energy 1, hand Scout Wall Totem Scout"}.start(t)
	for _, tt := range []struct {
		card   string
		energy int
	}{
		{"Scout", 2}, {"Wall", 4}, {"Totem", 4},
	} {
		run(t, s, "convert "+tt.card)
		checkEnergy(t, s, ann, tt.energy)
	}
	checkCache(t, s, ann, "Scout Wall Totem")
	checkHand(t, s, ann, "Scout")
	s = table{ann: "energy 998, hand Wall"}.start(t)
	run(t, s, "convert Wall")
	checkEnergy(t, s, ann, 999)
}

// ---------------------------------------------------------------------------
// The end

// TestRulingV28LifeAndTheResult: "A player whose declared life falls to 0
// loses; when both fall to 0 by one action, the game is a draw."
func TestRulingV28LifeAndTheResult(t *testing.T) {
	for _, tt := range []struct {
		name     string
		tb       table
		moves    string
		winner   int
		reason   string
		turn     int
		lifeLeft [2]int
	}{
		{"by a card", table{ann: "energy 5, hand Nuke", ben: "life 5"}, "play Nuke Ben, execute",
			ann, "Ben's life fell to 0", 1, [2]int{0, 0}},
		{"by an attack", table{ann: "life 3, field Brute North", ben: "life 5"}, "attack Brute North, execute",
			ann, "Ben's life fell to 0", 1, [2]int{3, 0}},
		{"in the other player's turn", table{ann: "life 2, field Scout North", ben: "field Raider North, life 9"},
			"end, attack Raider Middle, execute", ben, "Ann's life fell to 0", 2, [2]int{0, 9}},
		{"both at once: a draw", table{ann: "life 5, hand Nova", ben: "life 4"}, "play Nova Ann Ben, execute",
			engine.Nobody, "both players' life fell to 0 at once", 1, [2]int{0, 0}},
		{"by a skill", table{ann: "energy 3, life 3, field Siphon North", ben: "life 2"}, "activate Siphon Ben pick 2 X 2, execute",
			ann, "Ben's life fell to 0", 1, [2]int{3, 0}},
		{"by an anomaly", table{ann: "energy 3, hand Flare", ben: "life 2"}, "play Flare Ben pick 1 X 3",
			ann, "Ben's life fell to 0", 1, [2]int{0, 0}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.tb.start(t)
			run(t, s, tt.moves)
			o := s.Outcome()
			if !o.Over || o.Winner != tt.winner || o.Turn != tt.turn || !strings.Contains(o.Reason, tt.reason) {
				t.Errorf("outcome %+v, want winner %d on turn %d: %q", o, tt.winner, tt.turn, tt.reason)
			}
			checkLife(t, s, ann, tt.lifeLeft[ann])
			checkLife(t, s, ben, tt.lifeLeft[ben])
		})
	}
	t.Run("life above 0: the game goes on", func(t *testing.T) {
		s := table{ann: "energy 5, hand Nuke", ben: "life 10"}.start(t)
		run(t, s, "play Nuke Ben, execute")
		checkLife(t, s, ben, 1)
		checkNotOver(t, s)
	})
}

// TestRulingV29AfterTheEnd: "Nothing more is written in a turn after the
// game has ended."
func TestRulingV29AfterTheEnd(t *testing.T) {
	s := table{ann: "energy 6, hand Scout Nuke Wall", ben: "life 5, energy 1, hand Drain"}.start(t)
	run(t, s, "play Scout North, play Nuke Ben, execute")
	if !s.Outcome().Over {
		t.Fatal("the game is not over")
	}
	checkQueue(t, s, "Ann: play Scout North")
	for _, text := range []string{"execute", "end", "convert Wall", "play Wall North", "Ben play Drain Ann", "Ben end"} {
		v := expect(t, s, text, ruled("V29", rulingTurnOver))
		checkWhat(t, v, "the game ended on turn 1")
	}
	expectMove(t, s, ann, engine.OnSetupLine{Move: Energy{3}}, ruled("V29", rulingTurnOver))
	if moves := s.Legal(); len(moves) != 0 {
		t.Errorf("Legal lists %q once the game is over", legalTexts(s))
	}
}

// ---------------------------------------------------------------------------
// The variants

func TestVariantsAndTheirDefaults(t *testing.T) {
	g := Game{}
	if g.Name() != "void" || g.Players() != 2 {
		t.Errorf("Name %q, Players %d", g.Name(), g.Players())
	}
	var got []string
	for _, v := range g.Variants() {
		got = append(got, v.Name+"="+strings.Join(v.Values, "|"))
		if v.Summary == "" {
			t.Errorf("variant %s has no summary", v.Name)
		}
	}
	if want := []string{"after=active|opponent", "refund=none|full"}; !slices.Equal(got, want) {
		t.Errorf("variants %q, want %q (the default first, as RULINGS.md lists them)", got, want)
	}
	for _, variants := range []map[string]string{{"after": "sideways"}, {"refund": "half"}, {"speed": "fast"}} {
		if st, err := (Game{Cards: cards(t)}).New(engine.Options{Players: players, Variants: variants}); err == nil || st != nil {
			t.Errorf("New with %v: %v, %v", variants, st, err)
		}
	}
	for _, cs := range []*Cards{nil, {}} {
		if st, err := (Game{Cards: cs}).New(engine.Options{Players: players}); err == nil || st != nil {
			t.Errorf("New with catalogue %v: %v, %v", cs, st, err)
		}
	}
}
