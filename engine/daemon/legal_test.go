package daemon

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// ---------------------------------------------------------------------------
// Refused moves, Clone

// TestRefusedMovesLeaveTheStateAsItWas tries illegal moves in every kind of
// position: each is refused with a violation and leaves the state exactly
// as it was, the shuffle source included.
func TestRefusedMovesLeaveTheStateAsItWas(t *testing.T) {
	positions := []struct {
		name  string
		setUp func(t *testing.T) *State
		moves []engine.Move // all refused, for the player to move and the other
	}{
		{"the draft", func(t *testing.T) *State {
			s := newGame(t, cards(t), 3, nil)
			mustApply(t, s, ann, setupLine(Draft{"Alpha"}))
			return s
		}, []engine.Move{
			setupLine(Draft{"Alpha"}), setupLine(Draft{"Gizmo"}), setupLine(Main{"Alpha"}), setupLine(Keep{}), setupLine(mulligan("Ant")),
			Draft{"Beta"}, Refresh{}, play("Ant"), end(), setupLine(Refresh{}),
		}},
		{"the third draft", func(t *testing.T) *State {
			s := newGame(t, cards(t), 3, nil)
			mustApply(t, s, ann, setupLine(Draft{"Alpha"}))
			mustApply(t, s, ben, setupLine(Draft{"Beta"}), setupLine(Draft{"Gamma"}))
			mustApply(t, s, ann, setupLine(Draft{"Delta"}))
			return s
		}, []engine.Move{setupLine(Draft{"Beta"}), setupLine(Draft{"Ant"}), Draft{"Eps"}, setupLine(Main{"Alpha"})}},
		{"the mulligans", func(t *testing.T) *State {
			s := newGame(t, cards(t), 3, nil)
			draft(t, s, defaultSetup.picks)
			mustApply(t, s, ann, setupLine(Main{"Alpha"}))
			mustApply(t, s, ann, setupLine(mulligan(s.Grip(ann)[0])))
			return s
		}, []engine.Move{
			setupLine(Draft{"StartD"}), setupLine(Main{"Alpha"}), setupLine(Main{"Gizmo"}), setupLine(Keep{}), setupLine(mulligan("Gizmo")), setupLine(Mulligan{Cards: names("Titan Titan Titan Titan Titan Titan")}), setupLine(Mulligan{}),
			Keep{}, Refresh{}, attack("Ant"), setupLine(Burn{}),
		}},
		{"a turn", func(t *testing.T) *State {
			return build(t, position{grips: [2]string{"Ant Zap Titan", "Owl"}, daemons: [2]string{"Owl/sick Bear/spent", "Whale"}, scripts: [2]string{"Note"}, memory: 3})
		}, []engine.Move{
			play("Owl"), play("Zap"), play("Zap", "Whale"), play("Ant", "Whale"), activate("Bear"), activate("Whale"),
			attack("Owl"), attack("Bear"), attack("Gizmo"), attack("Owl", "Whale"), trash("Note"), trash("Cell"), reveal("Dud"),
			Burn{}, end(), setupLine(Keep{}), Keep{}, Mulligan{},
		}},
		{"a reveal owed", func(t *testing.T) *State {
			s := build(t, position{grips: [2]string{"Ant"}, daemons: [2]string{"Ant Owl"}, scripts: [2]string{"Cell"}, security: [2]string{"", "Note Dud"}, memory: 3})
			mustApply(t, s, ann, attack("Ant"))
			return s
		}, []engine.Move{reveal("Dud"), reveal("Gizmo"), play("Ant"), activate("Owl"), trash("Cell"), attack("Owl"), Refresh{}, Burn{}, end(), setupLine(reveal("Note"))}},
		{"an empty deck's reveal owed", func(t *testing.T) *State {
			s := build(t, position{grips: [2]string{"Ant", "Ant"}, decks: [2]string{"", none}, security: [2]string{"", "Note Dud"}})
			passTurn(t, s)
			return s
		}, []engine.Move{reveal("Dud"), play("Ant"), Refresh{}, end()}},
		{"a turn ended", func(t *testing.T) *State {
			s := build(t, position{grips: [2]string{"Bear Ant"}, daemons: [2]string{"Ant"}, memory: 1})
			mustApply(t, s, ann, play("Bear"))
			return s
		}, []engine.Move{play("Ant"), attack("Ant"), Refresh{}, Burn{}, reveal("Dud")}},
		{"the game over", func(t *testing.T) *State {
			s := build(t, position{grips: [2]string{"Ant"}, daemons: [2]string{"Ant"}, security: [2]string{"", none}, memory: 1})
			mustApply(t, s, ann, attack("Ant"))
			return s
		}, []engine.Move{play("Ant"), Refresh{}, end(), reveal("Dud"), setupLine(Keep{})}},
	}
	for _, pos := range positions {
		t.Run(pos.name, func(t *testing.T) {
			s := pos.setUp(t)
			before, shown := s.clone(), snapshot(s)
			for _, p := range []int{s.ToMove(), 1 - s.ToMove()} {
				for _, m := range pos.moves {
					err := s.Apply(p, m)
					var v *engine.Violation
					if !errors.As(err, &v) || v.Rule == "" || v.What == "" {
						t.Errorf("%s by %s: %v; want a violation", moveKey(m), players[p], err)
					}
					if !sameState(s, before) {
						t.Fatalf("refused %s by %s changed the state:\nbefore %s\nafter  %s", moveKey(m), players[p], shown, snapshot(s))
					}
				}
			}
			if after := snapshot(s); after != shown {
				t.Errorf("the accessors show a change:\nbefore %s\nafter  %s", shown, after)
			}
			// The state still plays as it did: its source was not drawn on.
			c := before.clone()
			if moves := s.Legal(); len(moves) > 0 {
				m := moves[len(moves)-1]
				mustApply(t, s, s.ToMove(), m)
				mustApply(t, c, c.ToMove(), m)
				if !sameState(s, c) {
					t.Errorf("after refused moves, %s plays differently", moveKey(m))
				}
			}
		})
	}
}

func TestCloneIsIndependent(t *testing.T) {
	// attacking is an attack on security, with its reveals owed; the first
	// reveal trashes the attacker.
	attacking := func(t *testing.T) *State {
		s := build(t, position{mains: [2]string{"Beta", "TrashD"}, grips: [2]string{"Ant Note", "Ant"}, daemons: [2]string{"Mole Owl", "Bear"}, scripts: [2]string{"Cell"}, security: [2]string{"", "Bear Dud Dud Dud"}, memory: 4})
		mustApply(t, s, ann, attack("Mole"))
		return s
	}
	t.Run("moves on the clone leave the original as it was", func(t *testing.T) {
		s := attacking(t)
		shown, saved := snapshot(s), s.clone()
		c := s.Clone().(*State)
		for step := 0; !c.Outcome().Over && step < 60; step++ {
			moves := c.Legal()
			mustApply(t, c, c.ToMove(), moves[step%len(moves)])
		}
		if snapshot(s) != shown || !sameState(s, saved) {
			t.Errorf("playing the clone changed the original:\nbefore %s\nafter  %s", shown, snapshot(s))
		}
	})
	t.Run("moves on the original leave the clone as it was", func(t *testing.T) {
		s := attacking(t)
		c := s.Clone().(*State)
		shown := snapshot(c)
		for step := 0; !s.Outcome().Over && step < 60; step++ {
			moves := s.Legal()
			mustApply(t, s, s.ToMove(), moves[0])
		}
		if snapshot(c) != shown {
			t.Errorf("playing the original changed the clone:\nbefore %s\nafter  %s", shown, snapshot(c))
		}
	})
	t.Run("the attacker of a clone is the clone's own daemon", func(t *testing.T) {
		s := attacking(t)
		c := s.Clone().(*State)
		mustApply(t, c, ann, reveal("Bear"))
		checkDaemons(t, c, ann, "Owl")
		checkCards(t, "the clone's heap", c.Heap(ann), "Mole")
		checkDaemons(t, s, ann, "Mole/spent Owl")
		checkOwed(t, s, 3, ben)
		mustApply(t, s, ann, reveal("Bear"))
		if !sameState(s, c) {
			t.Errorf("the same reveal gives the clone another state:\n%s\n%s", snapshot(s), snapshot(c))
		}
	})
	t.Run("a clone in every position plays as the original does", func(t *testing.T) {
		s := newGame(t, cards(t), 12, nil)
		rng := shuffle.New(12)
		for step := 0; !s.Outcome().Over && step < 300; step++ {
			c := s.Clone().(*State)
			if !sameState(c, s) {
				t.Fatalf("step %d: the clone differs from the original", step)
			}
			moves := s.Legal()
			m := moves[rng.Intn(len(moves))]
			mustApply(t, s, s.ToMove(), m)
			mustApply(t, c, c.ToMove(), m)
			if !sameState(c, s) {
				t.Fatalf("step %d: %s gives the clone another state:\n%s\n%s", step, moveKey(m), snapshot(s), snapshot(c))
			}
		}
	})
	t.Run("the accessors give copies", func(t *testing.T) {
		s := attacking(t)
		shown := snapshot(s)
		for _, zone := range [][]string{s.Grip(ann), s.Deck(ann), s.Security(ben), s.Scripts(ann), s.Heap(ben)} {
			if len(zone) > 0 {
				zone[0] = "Gizmo"
			}
		}
		mods, _ := s.Modules(ann)
		mods[0] = "Gizmo"
		ds := s.Daemons(ann)
		ds[0].Ready, ds[0].Sick = true, true
		if snapshot(s) != shown {
			t.Errorf("writing to what the accessors gave changed the state:\nbefore %s\nafter  %s", shown, snapshot(s))
		}
	})
}

// ---------------------------------------------------------------------------
// Legal

func TestLegalInPositions(t *testing.T) {
	t.Run("the first pick: every module", func(t *testing.T) {
		s := newGame(t, cards(t), 2, nil)
		var want []engine.Move
		for _, m := range cards(t).Modules() {
			want = append(want, setupLine(Draft{m}))
		}
		checkLegal(t, s, want...)
	})
	t.Run("the second pick: the modules left", func(t *testing.T) {
		s := newGame(t, cards(t), 2, nil)
		mustApply(t, s, ann, setupLine(Draft{"Alpha"}))
		var want []engine.Move
		for _, m := range cards(t).Modules()[1:] {
			want = append(want, setupLine(Draft{m}))
		}
		checkLegal(t, s, want...)
	})
	t.Run("main modules: one's own three", func(t *testing.T) {
		s := newGame(t, cards(t), 2, nil)
		draft(t, s, defaultSetup.picks)
		checkLegal(t, s, onSetupLines(Main{"Alpha"}, Main{"Delta"}, Main{"Eps"})...)
		mustApply(t, s, ann, setupLine(Main{"Eps"}))
		checkLegal(t, s, onSetupLines(Main{"Beta"}, Main{"Gamma"}, Main{"Zeta"})...)
	})
	t.Run("the mulligans: keep, each card, the whole grip", func(t *testing.T) {
		s := newGame(t, cards(t), 2, nil)
		draft(t, s, defaultSetup.picks)
		mustApply(t, s, ann, setupLine(Main{"Alpha"}))
		mustApply(t, s, ben, setupLine(Main{"Beta"}))
		grip := s.Grip(ann)
		want := []engine.Move{Keep{}, Mulligan{Cards: grip}}
		for _, c := range distinct(grip) {
			want = append(want, Mulligan{Cards: []string{c}})
		}
		checkLegal(t, s, onSetupLines(want...)...)
		mustApply(t, s, ann, setupLine(Keep{}))
		if s.ToMove() != ben {
			t.Errorf("%s to move after Ann's keep, want Ben", players[s.ToMove()])
		}
		mustApply(t, s, ben, setupLine(Keep{}))
		// The set-up is over: the first turn's moves.
		if moves := checkLegalMovesApply(t, s); slices.ContainsFunc(moves, func(m engine.Move) bool { _, ok := m.(engine.OnSetupLine); return ok }) {
			t.Errorf("Legal lists set-up lines once every choice is made: %q", moveKeys(moves))
		}
	})
	t.Run("a turn", func(t *testing.T) {
		s := build(t, position{
			grips:   [2]string{"Ant Zap Note Ant Titan"},
			daemons: [2]string{"Owl Ant/sick Bear/spent Wasp", "Bear Ant"},
			scripts: [2]string{"Cell Note"},
			memory:  3,
		})
		checkLegal(t, s,
			play("Ant"), play("Note"), play("Zap", "Ant"), play("Titan"),
			activate("Owl"), activate("Wasp", "Ant"),
			attack("Owl"), attack("Owl", "Bear"), attack("Owl", "Ant"),
			attack("Wasp"), attack("Wasp", "Bear"), attack("Wasp", "Ant"),
			trash("Cell"), Refresh{})
	})
	t.Run("nothing to do but refresh", func(t *testing.T) {
		s := build(t, position{memory: 0})
		checkLegal(t, s, Refresh{})
	})
	t.Run("an empty grip and deck: burn", func(t *testing.T) {
		s := build(t, position{decks: [2]string{none}, daemons: [2]string{"Ant"}, memory: 1})
		checkLegal(t, s, attack("Ant"), Burn{})
	})
	t.Run("a reveal owed: the top card", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Ant"}, grips: [2]string{"Ant"}, security: [2]string{"", "Note Dud"}, memory: 1})
		mustApply(t, s, ann, attack("Ant"))
		checkLegal(t, s, reveal("Note"))
	})
	t.Run("a turn ended: its end", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Bear Ant"}, memory: 1})
		mustApply(t, s, ann, play("Bear"))
		checkLegal(t, s, end())
	})
	t.Run("the game over: nothing", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Ant"}, security: [2]string{"", none}, memory: 1})
		mustApply(t, s, ann, attack("Ant"))
		checkLegal(t, s)
	})
}

// TestLegalDuringTheMulligans: once both mains are chosen, Legal lists
// the set-up choices of the player to decide, their keep and mulligans on
// set-up lines, and not the first turn's moves; yet Apply accepts a move
// of the first player's first turn then, which keeps every grip not yet
// decided (ruling D4: "A player who has not written a mulligan or a keep
// by then keeps their grip"). This is as documented, not a gap: "referee
// legal lists a player's keep and mulligans until they have written one,
// although the first turn may begin without them" (RULINGS.md, D4).
func TestLegalDuringTheMulligans(t *testing.T) {
	mained := func(t *testing.T) *State {
		s := newGame(t, cards(t), 2, nil)
		draft(t, s, defaultSetup.picks)
		mustApply(t, s, ann, setupLine(Main{"Alpha"}))
		mustApply(t, s, ben, setupLine(Main{"Beta"}))
		return s
	}
	// choices are a player's keep and mulligans, as Legal lists them: each
	// card, and the whole grip.
	choices := func(s *State, p int) []engine.Move {
		grip := s.Grip(p)
		want := []engine.Move{Keep{}, Mulligan{Cards: grip}}
		for _, c := range distinct(grip) {
			want = append(want, Mulligan{Cards: []string{c}})
		}
		return onSetupLines(want...)
	}
	// turnMoves are the first turn's moves once the set-up is over: those
	// Legal lists after Ann's and Ben's keep.
	turnMoves := func(t *testing.T, s *State) []engine.Move {
		c := s.clone()
		for p, pl := range c.players {
			if !pl.decided {
				mustApply(t, c, p, setupLine(Keep{}))
			}
		}
		moves := c.Legal()
		if len(moves) == 0 || slices.ContainsFunc(moves, func(m engine.Move) bool { _, ok := m.(engine.OnSetupLine); return ok }) {
			t.Fatalf("the first turn's moves: %q", moveKeys(moves))
		}
		return moves
	}
	// implicitKeep checks that Apply accepts each of the first turn's moves
	// from Ann, which begins turn 1 and keeps every grip not yet decided,
	// and refuses them from Ben.
	implicitKeep := func(t *testing.T, s *State) {
		t.Helper()
		grips := [2][]string{s.Grip(ann), s.Grip(ben)}
		for _, m := range turnMoves(t, s) {
			c := s.clone()
			mustApply(t, c, ann, m)
			if c.SettingUp() || c.Turn() != 1 || c.Active() != ann {
				t.Errorf("%s did not begin Ann's turn 1:\n%s", moveKey(m), snapshot(c))
			}
			for p := range 2 {
				if !c.players[p].decided {
					t.Errorf("after %s, %s has not decided", moveKey(m), players[p])
				}
			}
			// Ben's grip is the one drawn; Ann's too, but for the card
			// played (a refresh of a grip of 5 draws none).
			checkCards(t, "Ben's grip after "+moveKey(m), c.Grip(ben), strings.Join(grips[ben], " "))
			if p, isPlay := m.(Play); isPlay {
				i := slices.Index(grips[ann], p.Card)
				checkCards(t, "Ann's grip after "+moveKey(m), c.Grip(ann), strings.Join(slices.Delete(slices.Clone(grips[ann]), i, i+1), " "))
			} else {
				checkCards(t, "Ann's grip after "+moveKey(m), c.Grip(ann), strings.Join(grips[ann], " "))
			}
			expect(t, s.clone(), ben, m, broke(ruleTurnEnds))
		}
	}
	t.Run("neither has decided: the first player's choices", func(t *testing.T) {
		s := mained(t)
		checkLegal(t, s, choices(s, ann)...)
		implicitKeep(t, s)
	})
	t.Run("the first player has kept: the second player's choices", func(t *testing.T) {
		s := mained(t)
		mustApply(t, s, ann, setupLine(Keep{}))
		checkLegal(t, s, choices(s, ben)...)
		implicitKeep(t, s)
	})
	t.Run("the second player has taken the mulligan: the first player's choices", func(t *testing.T) {
		s := mained(t)
		mustApply(t, s, ben, setupLine(mulligan(s.Grip(ben)[0])))
		checkLegal(t, s, choices(s, ann)...)
		implicitKeep(t, s)
	})
	t.Run("both have decided: the first turn's moves", func(t *testing.T) {
		s := mained(t)
		mustApply(t, s, ann, setupLine(Keep{}))
		mustApply(t, s, ben, setupLine(Keep{}))
		checkLegal(t, s, turnMoves(t, s)...)
	})
}

// TestLegalInRandomGames plays seeded games from the draft, picking among
// the moves Legal lists, in both catalogues and every variant. At every
// position each move listed is accepted (on a clone), every move of a
// broad set that is not listed is refused without changing anything, and
// the game is consistent; the games end.
func TestLegalInRandomGames(t *testing.T) {
	const games = 10
	catalogues := []*Cards{defaultCards(t), cards(t)}
	ended := 0
	for g := range games {
		seed := uint64(500 + g)
		s := newGame(t, catalogues[g%2], seed, randomVariants[g/2%len(randomVariants)])
		if playRandom(t, s, seed) {
			ended++
		}
	}
	if ended != games {
		t.Errorf("%d of %d random games ended", ended, games)
	}
}

// TestLegalInRandomEndgames plays random games as TestLegalInRandomGames
// does, from positions with thin decks, so that grips and decks run out:
// refresh gives way to burn, and empty decks deal their damage.
func TestLegalInRandomEndgames(t *testing.T) {
	const games = 12
	ended := 0
	for g := range games {
		seed := uint64(700 + g)
		grips, decks := [2]string{"Ant Zap Owl", "Bat Cell"}, [2]string{"Note Wasp Cache", "Hare Kit"}
		if g%3 == 0 {
			grips[ann], decks[ann] = "", none
		}
		s := build(t, position{
			variants: randomVariants[g%len(randomVariants)],
			mains:    [2]string{[]string{"Alpha", "StartD", "RevealM", "TrashM"}[g%4], []string{"Beta", "Gamma", "AttackM", "Delta"}[g/3%4]},
			grips:    grips,
			decks:    decks,
			security: [2]string{"Bear Dud Gift Dud", "Whale Mole Pump Dud"},
			daemons:  [2]string{"Ant Mole/sick", "Gnat Bear/spent"},
			scripts:  [2]string{"Cell", "Drill"},
			memory:   2,
		})
		if playRandom(t, s, seed) {
			ended++
		}
	}
	if ended != games {
		t.Errorf("%d of %d random endgames ended", ended, games)
	}
}

var randomVariants = []map[string]string{
	nil,
	{"combat": "defender"},
	{"overflow": "continue"},
	{"combat": "defender", "overflow": "continue"},
}

// playRandom plays s out, checking every position, and tells whether the
// game ended.
func playRandom(t *testing.T, s *State, seed uint64) bool {
	t.Helper()
	const maxSteps = 3000
	rng := shuffle.New(seed)
	steps := 0
	for ; steps < maxSteps && !s.Outcome().Over; steps++ {
		checkConsistent(t, s)
		moves := checkLegalMovesApply(t, s)
		checkUnlistedRefused(t, s, moves)
		if t.Failed() {
			t.Fatalf("seed %d (%+v), step %d:\n%s", seed, s.rules, steps, snapshot(s))
		}
		m := moves[rng.Intn(len(moves))]
		turn := s.Turn()
		if err := s.Apply(s.ToMove(), m); err != nil {
			t.Fatalf("seed %d, step %d: %s: %v", seed, steps, moveKey(m), err)
		}
		if _, isEnd := m.(engine.EndTurn); isEnd && s.Turn() != turn+1 {
			t.Errorf("seed %d: the end of turn %d leads to turn %d", seed, turn, s.Turn())
		}
	}
	o := s.Outcome()
	if o.Over {
		if n := len(s.Security(1 - o.Winner)); n != 0 {
			t.Errorf("seed %d: %s wins, yet %s has %d security cards", seed, players[o.Winner], players[1-o.Winner], n)
		}
		if o.Turn != s.Turn() || o.Turn < 1 {
			t.Errorf("seed %d: ended on turn %d, the state at turn %d", seed, o.Turn, s.Turn())
		}
		if moves := s.Legal(); len(moves) != 0 {
			t.Errorf("seed %d: Legal lists %q once the game is over", seed, moveKeys(moves))
		}
	}
	t.Logf("seed %d: %d steps, turn %d, %+v", seed, steps, s.Turn(), o)
	return o.Over
}

// checkConsistent checks what must hold in every position of a game that
// is not over. No turn goes on with the tracker on the opponent's side,
// not even one begun after a burn (TestRulingD2BurnLeavesTheTrackerAtZero).
func checkConsistent(t *testing.T, s *State) {
	t.Helper()
	for p := range 2 {
		mods, main := s.Modules(p)
		if len(mods) == 3 {
			if got, want := census(s, p), moduleCensus(s.cards, mods); !maps.Equal(got, want) {
				t.Errorf("%s's cards are %v, want those of %q: %v", players[p], got, mods, want)
			}
		}
		if main != "" && !slices.Contains(mods, main) {
			t.Errorf("%s's main %s is not one of %q", players[p], main, mods)
		}
		if n := len(s.Security(p)); n > SecuritySize || (!s.SettingUp() && n == 0 && s.Turn() == 1) {
			t.Errorf("%s has %d security cards", players[p], n)
		}
	}
	if m := s.Memory(); m < -GaugeEnd || m > GaugeEnd {
		t.Errorf("the tracker is at %d", m)
	}
	owed, _ := s.Owed()
	if ended, _ := s.Ended(); !s.SettingUp() && !ended && owed == 0 && s.Memory() < 0 {
		t.Errorf("the tracker is on the opponent's side (%d), and the turn goes on", s.Memory())
	}
	if !s.SettingUp() && s.ToMove() != s.Active() {
		t.Errorf("%s to move in %s's turn", players[s.ToMove()], players[s.Active()])
	}
}

// broadMoves is a broad set of moves to try in a position: every kind of
// move, with the names of the cards in sight and some that are not.
func broadMoves(s *State) []engine.Move {
	b := newBroad(s)
	out := make([]engine.Move, b.len())
	for i := range out {
		out[i] = b.at(i)
	}
	return out
}

// broad is broadMoves's list, each move made when it is asked for: most
// tests take a few of its hundreds.
type broad struct {
	cards, targets []string
	tail           []engine.Move // the moves after those naming cards
}

func newBroad(s *State) broad {
	p := s.ToMove()
	var cards, targets []string
	for _, pl := range s.players {
		cards = append(cards, pl.grip...)
		cards = append(cards, pl.scripts...)
		for _, d := range pl.daemons {
			cards = append(cards, d.Card.Name)
			targets = append(targets, d.Card.Name)
		}
		cards = append(cards, pl.security[:min(1, len(pl.security))]...)
		cards = append(cards, pl.deck[:min(1, len(pl.deck))]...)
	}
	b := broad{
		cards:   distinct(append(cards, "Gizmo", s.cards.All()[1].Name)),
		targets: distinct(append(targets, "Gizmo")),
		tail:    []engine.Move{Refresh{}, Burn{}, engine.EndTurn{}, Keep{}, Draft{s.cards.modules[0]}},
	}
	pl := s.players[p]
	set := []engine.Move{Keep{}, Mulligan{}, Mulligan{Cards: []string{"Gizmo"}}, Mulligan{Cards: slices.Clone(pl.grip)}, Refresh{}, Reveal{"Dud"}}
	for _, c := range distinct(pl.grip) {
		set = append(set, Mulligan{Cards: []string{c}})
	}
	for _, m := range s.cards.modules {
		set = append(set, Draft{m}, Main{m})
	}
	for _, m := range set {
		b.tail = append(b.tail, engine.OnSetupLine{Move: m})
	}
	return b
}

// perCard is how many moves name each card: five alone, three with each
// target.
func (b broad) perCard() int { return 5 + 3*len(b.targets) }

func (b broad) len() int { return len(b.cards)*b.perCard() + len(b.tail) }

// at is the i-th move: each card's five moves alone, then with each
// target a play, an activation and an attack; then the tail.
func (b broad) at(i int) engine.Move {
	per := b.perCard()
	if i >= len(b.cards)*per {
		return b.tail[i-len(b.cards)*per]
	}
	c, j := b.cards[i/per], i%per
	switch j {
	case 0:
		return Play{Card: c}
	case 1:
		return Activate{Card: c}
	case 2:
		return TrashScript{c}
	case 3:
		return Attack{Attacker: c}
	case 4:
		return Reveal{c}
	}
	tg := b.targets[(j-5)/3]
	switch (j - 5) % 3 {
	case 0:
		return Play{c, tg}
	case 1:
		return Activate{c, tg}
	}
	return Attack{c, tg}
}

// checkUnlistedRefused applies, on clones, a broad set of moves: those
// Legal does not list must be refused with a violation and leave the clone
// as it was.
func checkUnlistedRefused(t *testing.T, s *State, moves []engine.Move) {
	t.Helper()
	listed := map[string]bool{}
	for _, m := range moves {
		listed[moveKey(m)] = true
	}
	p := s.ToMove()
	// The moves listed are applied by checkLegalMovesApply. The others are
	// tried on one scratch copy, which a refusal must leave as it was.
	before, fp, first := s.clone(), fingerprint(s), true
	scratch := s.clone()
	for _, m := range broadMoves(s) {
		key := moveKey(m)
		if listed[key] {
			continue
		}
		err := scratch.Apply(p, m)
		if err == nil {
			if !implicitKeep(s, m) {
				t.Errorf("%s is not listed, but Apply accepts it\n%s", key, snapshot(s))
			}
			scratch = s.clone()
			continue
		}
		if v, ok := asViolation(err); !ok || v.Rule == "" || v.What == "" {
			t.Errorf("%s is not listed, and Apply answers %v, not a violation", key, err)
		}
		// The whole state after the first refusal, then the numbers that
		// any change would show.
		if first {
			first = false
			if !sameState(scratch, before) {
				t.Errorf("refused %s changed the state", key)
			}
		} else if fingerprint(scratch) != fp {
			t.Errorf("refused %s changed the state: %+v, then %+v", key, fp, fingerprint(scratch))
		}
	}
	// No move listed is the other player's, once the turns have begun (the
	// set-up's mains and mulligans are simultaneous).
	if !s.SettingUp() {
		for _, m := range moves {
			if err := s.clone().Apply(1-p, m); err == nil {
				t.Errorf("%s is accepted from %s, who is not to move", moveKey(m), players[1-p])
			}
		}
	}
}

// marks are what changes with any move: the numbers of a state, and the
// size of every zone.
type marks struct {
	setup, ended         bool
	drafts, turn, active int
	memory, owed         int
	src                  shuffle.Source
	outcome              engine.Outcome
	zones                [2][8]int
}

func fingerprint(s *State) marks {
	f := marks{setup: s.setup, ended: s.ended, drafts: s.drafts, turn: s.turn, active: s.active, memory: s.memory, src: *s.src, outcome: s.outcome}
	f.owed, _ = s.Owed()
	for i, p := range s.players {
		ready := 0
		for _, d := range p.daemons {
			if d.Ready {
				ready++
			}
		}
		f.zones[i] = [8]int{len(p.modules), len(p.deck), len(p.grip), len(p.security), len(p.heap), len(p.scripts), len(p.daemons), ready}
	}
	return f
}

// implicitKeep tells whether Apply accepts m, unlisted, as documented: the
// one exception to "Legal lists every move Apply accepts" is a move of the
// first player's first turn during the mulligans, which keeps every grip
// not yet decided (ruling D4) while Legal lists the set-up choices still
// open (TestLegalDuringTheMulligans).
func implicitKeep(s *State, m engine.Move) bool {
	if _, onSetUpLine := m.(engine.OnSetupLine); onSetUpLine || !s.SettingUp() {
		return false
	}
	return s.drafts == len(draftOrder) && s.players[0].main != "" && s.players[1].main != "" && s.ToMove() == 0
}

// ---------------------------------------------------------------------------
// Quotes

// TestQuoteRulesStandInRulesText checks that every rule constant quotes the
// Daemon rules text word for word. The text lives outside the repository
// and is skipped where it is absent, as in CI.
func TestQuoteRulesStandInRulesText(t *testing.T) { quotes.RulesStandInRulesText(t) }

// TestQuoteRulingsStandInRulingsMD checks that every ruling constant quotes
// RULINGS.md word for word, and stands in the section of the ruling whose
// number the engine gives with it.
func TestQuoteRulingsStandInRulingsMD(t *testing.T) { quotes.RulingsStandInRulingsMD(t) }

// TestQuoteRulingIDsHaveHeadings checks that every ruling number the
// engine gives has its heading in RULINGS.md, and that the headings run
// D1 to D23.
func TestQuoteRulingIDsHaveHeadings(t *testing.T) { quotes.RulingIDsHaveHeadings(t) }

// TestQuoteViolationsQuoteTheRightText checks that violation(...) quotes
// a rule of the rules text, never a ruling.
func TestQuoteViolationsQuoteTheRightText(t *testing.T) { quotes.ViolationsQuoteTheRightText(t) }
