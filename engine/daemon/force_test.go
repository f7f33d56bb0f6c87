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
// Moves let stand (rulings D24 to D27)

// at builds pos, for a table of cases.
func at(pos position) func(t *testing.T) *State {
	return func(t *testing.T) *State { return build(t, pos) }
}

// then builds pos and plays moves on it by the rules.
func then(pos position, player int, moves ...engine.Move) func(t *testing.T) *State {
	return func(t *testing.T) *State {
		s := build(t, pos)
		mustApply(t, s, player, moves...)
		return s
	}
}

// drafted is a new game with the picks given played (seed 3).
func drafted(picks ...string) func(t *testing.T) *State {
	return func(t *testing.T) *State {
		s := newGame(t, cards(t), 3, nil)
		for i, m := range picks {
			mustApply(t, s, draftOrder[i], setupLine(Draft{m}))
		}
		return s
	}
}

// setUpThen is the default set-up, both grips kept, then mains as given.
func setUpThen(mains ...string) func(t *testing.T) *State {
	return func(t *testing.T) *State {
		s := newGame(t, cards(t), 3, nil)
		draft(t, s, defaultSetup.picks)
		for p, m := range mains {
			mustApply(t, s, p, setupLine(Main{m}))
		}
		return s
	}
}

// mustForce forces m for player, which Apply must refuse and Force accept.
func mustForce(t testing.TB, s *State, player int, m engine.Move) {
	t.Helper()
	var v *engine.Violation
	if err := s.clone().Apply(player, m); !errors.As(err, &v) {
		t.Fatalf("Apply answers %s by %s with %v; want a violation, for a move to let stand", moveKey(m), players[player], err)
	}
	if err := s.Force(player, m); err != nil {
		t.Fatalf("Force %s by %s: %v\n%s", moveKey(m), players[player], err, snapshot(s))
	}
}

// TestForceMakesRefusedMoves forces moves Apply refuses for a rule a hand
// can break, each from a position where Apply refuses it, and checks what
// the move did.
func TestForceMakesRefusedMoves(t *testing.T) {
	for _, tt := range []struct {
		name   string
		state  func(t *testing.T) *State
		player int
		move   engine.Move
		check  func(t *testing.T, s *State)
	}{
		// D25: a move out of turn.
		{"a play out of turn pays toward the active player's side", at(position{grips: [2]string{"Note", "Ant"}, memory: 3}), ben, play("Ant"),
			func(t *testing.T, s *State) {
				checkDaemons(t, s, ben, "Ant/sick")
				checkCards(t, "Ben's grip", s.Grip(ben), "")
				checkCards(t, "Ann's grip", s.Grip(ann), "Note")
				checkMemory(t, s, 4)
				checkAt(t, s, 1, ann)
				checkEnded(t, s, false, "")
			}},
		{"a gain out of turn moves the tracker toward its player, across the gauge", at(position{mains: [2]string{"", "Zeta"}, grips: [2]string{"", "Gift"}, memory: 1}), ben, play("Gift"),
			func(t *testing.T, s *State) {
				checkCards(t, "Ben's scripts", s.Scripts(ben), "Gift")
				checkMemory(t, s, -1)
				checkAt(t, s, 1, ann)
				checkEnded(t, s, true, "the memory tracker crossed to Ben's side (1)")
			}},
		{"an ability out of turn", at(position{daemons: [2]string{"", "Owl"}, decks: [2]string{"", "Note Dud"}, memory: 3}), ben, activate("Owl"),
			func(t *testing.T, s *State) {
				checkCards(t, "Ben's grip", s.Grip(ben), "Note")
				checkMemory(t, s, 5)
				checkAt(t, s, 1, ann)
			}},
		{"an attack out of turn", at(position{daemons: [2]string{"Ant", "Whale"}, memory: 2}), ben, attack("Whale", "Ant"),
			func(t *testing.T, s *State) {
				checkDaemons(t, s, ann, "")
				checkCards(t, "Ann's heap", s.Heap(ann), "Ant")
				checkDaemons(t, s, ben, "Whale/spent")
				checkMemory(t, s, 2)
				checkAt(t, s, 1, ann)
				checkEnded(t, s, false, "")
			}},
		{"an attack on security out of turn", at(position{daemons: [2]string{"", "Ant"}, security: [2]string{"Note Dud"}, memory: 2}), ben, attack("Ant"),
			func(t *testing.T, s *State) {
				checkOwed(t, s, 1, ann)
				checkDaemons(t, s, ben, "Ant/spent")
				mustApply(t, s, ann, reveal("Note"))
				checkCards(t, "Ann's scripts", s.Scripts(ann), "Note")
				checkAt(t, s, 1, ann)
				checkMemory(t, s, 2)
			}},
		{"a reveal owed, made by the other player", then(position{daemons: [2]string{"Ant"}, memory: 2}, ann, attack("Ant")), ben, reveal("Dud"),
			func(t *testing.T, s *State) {
				checkOwed(t, s, 0, ben)
				checkCards(t, "Ben's security", s.Security(ben), "Dud Dud Dud Dud")
				checkCards(t, "Ben's scripts", s.Scripts(ben), "Dud")
			}},
		{"a refresh out of turn ends no turn", at(position{grips: [2]string{"Ant", "Ant"}, memory: 3}), ben, Refresh{},
			func(t *testing.T, s *State) {
				checkMemory(t, s, 0)
				checkCards(t, "Ben's grip", s.Grip(ben), "Ant"+strings.Repeat(" Dud", 8)) // Omega's grip 9
				checkCards(t, "Ann's grip", s.Grip(ann), "Ant")
				checkAt(t, s, 1, ann)
				checkEnded(t, s, false, "")
			}},
		{"a burn out of turn ends no turn", at(position{grips: [2]string{"Ant", "Ant"}, memory: 3}), ben, Burn{},
			func(t *testing.T, s *State) {
				checkOwed(t, s, 1, ben)
				checkEnded(t, s, false, "")
				mustApply(t, s, ann, reveal("Dud"))
				checkCards(t, "Ben's security", s.Security(ben), "Dud Dud Dud Dud")
				checkMemory(t, s, 0)
				checkAt(t, s, 1, ann)
				checkEnded(t, s, false, "")
			}},
		// D26: an end of turn let stand.
		{"an end of turn before the turn has ended", at(position{grips: [2]string{"", "Ant"}, memory: 3}), ann, end(),
			func(t *testing.T, s *State) {
				checkAt(t, s, 2, ben)
				checkMemory(t, s, -3) // Ann's 3 stay on her side
				checkEnded(t, s, false, "")
				mustApply(t, s, ben, play("Ant"))
				checkEnded(t, s, true, "the memory tracker crossed to Ann's side (4)")
			}},
		{"an end of turn by the other player", at(position{memory: 0}), ben, end(),
			func(t *testing.T, s *State) {
				checkAt(t, s, 2, ben)
				checkMemory(t, s, 0)
			}},
		// D24: the rules a hand can break.
		{"a play after the turn has ended", then(position{grips: [2]string{"Bear Ant"}, memory: 1}, ann, play("Bear")), ann, play("Ant"),
			func(t *testing.T, s *State) {
				checkDaemons(t, s, ann, "Bear/sick Ant/sick")
				checkMemory(t, s, -3)
				checkEnded(t, s, true, "the memory tracker crossed to Ben's side (2)")
			}},
		{"a purge of a daemon too strong", at(position{grips: [2]string{"Zap"}, daemons: [2]string{"", "Whale"}, memory: 2}), ann, play("Zap", "Whale"),
			func(t *testing.T, s *State) {
				checkDaemons(t, s, ben, "")
				checkCards(t, "Ben's heap", s.Heap(ben), "Whale")
				checkCards(t, "Ann's scripts", s.Scripts(ann), "Zap")
				checkMemory(t, s, 1)
			}},
		{"a purge that names no daemon trashes none", at(position{grips: [2]string{"Zap"}, daemons: [2]string{"", "Ant"}, memory: 2}), ann, play("Zap"),
			func(t *testing.T, s *State) {
				checkDaemons(t, s, ben, "Ant")
				checkCards(t, "Ann's scripts", s.Scripts(ann), "Zap")
				checkMemory(t, s, 1)
			}},
		{"a daemon named by a card that purges none", at(position{grips: [2]string{"Note"}, decks: [2]string{"Bear Dud"}, daemons: [2]string{"", "Ant"}, memory: 2}), ann, play("Note", "Ant"),
			func(t *testing.T, s *State) {
				checkDaemons(t, s, ben, "Ant")
				checkCards(t, "Ann's grip", s.Grip(ann), "Bear")
				checkCards(t, "Ann's scripts", s.Scripts(ann), "Note")
				checkMemory(t, s, 1)
			}},
		{"an ability's purge of a daemon too strong", at(position{daemons: [2]string{"Wasp", "Whale"}, memory: 3}), ann, activate("Wasp", "Whale"),
			func(t *testing.T, s *State) {
				checkDaemons(t, s, ben, "")
				checkCards(t, "Ben's heap", s.Heap(ben), "Whale")
				checkMemory(t, s, 1)
			}},
		{"a script trashed with no trash effect goes to the heap", at(position{scripts: [2]string{"Pump"}, daemons: [2]string{"Ant"}, memory: 2}), ann, trash("Pump"),
			func(t *testing.T, s *State) {
				checkCards(t, "Ann's scripts", s.Scripts(ann), "")
				checkCards(t, "Ann's heap", s.Heap(ann), "Pump")
				if d := s.Daemons(ann)[0]; s.Power(ann, d) != 2 {
					t.Errorf("Ant's power is %d, want 2 without Pump", s.Power(ann, d))
				}
				checkMemory(t, s, 2)
				checkCards(t, "Ann's grip", s.Grip(ann), "")
			}},
		{"an attack by a spent daemon leaves it spent", at(position{daemons: [2]string{"Ant/spent"}, memory: 2}), ann, attack("Ant"),
			func(t *testing.T, s *State) {
				checkDaemons(t, s, ann, "Ant/spent")
				checkOwed(t, s, 1, ben)
			}},
		{"an attack by a sick daemon leaves it spent and sick", at(position{daemons: [2]string{"Ant/sick", "Ant"}, memory: 2}), ann, attack("Ant", "Ant"),
			func(t *testing.T, s *State) {
				checkDaemons(t, s, ann, "")
				checkDaemons(t, s, ben, "")
				checkCards(t, "Ann's heap", s.Heap(ann), "Ant")
				checkCards(t, "Ben's heap", s.Heap(ben), "Ant")
			}},
		{"an attack by a sick daemon, then its reboot", at(position{daemons: [2]string{"Ant/sick"}, memory: 2}), ann, attack("Ant"),
			func(t *testing.T, s *State) {
				checkDaemons(t, s, ann, "Ant/spent+sick")
				mustApply(t, s, ann, reveal("Dud"), Refresh{}, end())
				passTurn(t, s)
				checkDaemons(t, s, ann, "Ant")
			}},
		{"a refresh with an empty grip and deck", at(position{decks: [2]string{none}, memory: 3}), ann, Refresh{},
			func(t *testing.T, s *State) {
				checkMemory(t, s, 0)
				checkCards(t, "Ann's grip", s.Grip(ann), "")
				checkEnded(t, s, true, "refresh ends the turn")
			}},
		{"a burn with cards in the grip", at(position{grips: [2]string{"Ant"}, memory: 3}), ann, Burn{},
			func(t *testing.T, s *State) {
				checkOwed(t, s, 1, ann)
				checkEnded(t, s, true, "burn ends the turn")
				mustApply(t, s, ann, reveal("Dud"))
				checkMemory(t, s, 0)
				checkCards(t, "Ann's grip", s.Grip(ann), "Ant")
			}},
		// D27: the set-up let stand.
		{"a pick out of turn, and the draft goes on", drafted(), ben, setupLine(Draft{"Alpha"}),
			func(t *testing.T, s *State) {
				for i, pick := range []struct {
					player int
					module string
				}{{ben, "Beta"}, {ben, "Gamma"}, {ann, "Delta"}, {ann, "Eps"}, {ann, "Zeta"}} {
					if s.ToMove() != pick.player {
						t.Fatalf("pick %d is %s's, want %s's", i+2, players[s.ToMove()], players[pick.player])
					}
					mustApply(t, s, pick.player, setupLine(Draft{pick.module}))
				}
				for p, want := range []string{"Delta Eps Zeta", "Alpha Beta Gamma"} {
					mods, _ := s.Modules(p)
					checkCards(t, players[p]+"'s modules", mods, want)
					if n := len(s.Deck(p)); n != 3*ModuleSize {
						t.Errorf("%s's deck has %d cards", players[p], n)
					}
				}
				mustApply(t, s, ann, setupLine(Main{"Zeta"}))
			}},
		{"a main before the draft is over", drafted("Alpha", "Beta", "Gamma", "Delta", "Eps"), ann, setupLine(Main{"Delta"}),
			func(t *testing.T, s *State) {
				if _, main := s.Modules(ann); main != "Delta" {
					t.Errorf("Ann's main is %q", main)
				}
				if n, d := len(s.Grip(ann)), len(s.Deck(ann)); n != GripSize || d != 3*ModuleSize-GripSize {
					t.Errorf("Ann's grip has %d cards, her deck %d", n, d)
				}
				if s.ToMove() != ben {
					t.Errorf("%s to move, want Ben for the last pick", players[s.ToMove()])
				}
				mustApply(t, s, ben, setupLine(Draft{"Zeta"}), setupLine(Main{"Zeta"}))
				mustApply(t, s, ann, setupLine(Keep{}), Refresh{})
			}},
		{"a second main replaces the first", setUpThen("Alpha", "Beta"), ann, setupLine(Main{"Delta"}),
			func(t *testing.T, s *State) {
				if _, main := s.Modules(ann); main != "Delta" {
					t.Errorf("Ann's main is %q", main)
				}
				if n := len(s.Grip(ann)); n != GripSize {
					t.Errorf("Ann's grip has %d cards: it is drawn once", n)
				}
			}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.state(t)
			mustForce(t, s, tt.player, tt.move)
			tt.check(t, s)
		})
	}
	t.Run("a second mulligan", func(t *testing.T) {
		s := setUpThen("Alpha", "Beta")(t)
		mustApply(t, s, ann, setupLine(Keep{}))
		grip, deck, src := s.Grip(ann), s.Deck(ann), source(s)
		mustForce(t, s, ann, setupLine(Mulligan{Cards: grip[:1]}))
		checkCards(t, "Ann's grip", s.Grip(ann), strings.Join(append(slices.Clone(grip[1:]), deck[0]), " "))
		checkCards(t, "Ann's deck", s.Deck(ann), strings.Join(shuffled(src, append(slices.Clone(deck[1:]), grip[0])), " "))
	})
}

// TestForceRefusesWhatNoHandCanDo forces moves that cannot be made at the
// table: each is refused, as Apply refuses it, with a violation saying
// what is wrong, and leaves the state exactly as it was.
func TestForceRefusesWhatNoHandCanDo(t *testing.T) {
	overflowing := position{daemons: [2]string{"Ant"}, security: [2]string{"", "Dud Note"}, memory: 2}
	for _, tt := range []struct {
		name   string
		state  func(t *testing.T) *State
		player int
		move   engine.Move
		want   verdict
		what   string
	}{
		// The set-up.
		{"a fourth module", setUpThen(), ann, setupLine(Draft{"StartD"}), ruled("D27", rulingThree),
			"Ann has drafted three modules (Alpha, Delta, Eps): their deck is made of them"},
		{"a module drafted already", drafted("Alpha"), ann, setupLine(Draft{"Alpha"}), broke(ruleDraftOrder),
			"Alpha was drafted by Ann: it is no longer in the pool"},
		{"a module not in the catalogue", drafted(), ben, setupLine(Draft{"Gizmo"}), broke(ruleDraftFirst),
			`no module named "Gizmo" in the catalogue`},
		{"a main before the deck is made", drafted("Alpha"), ann, setupLine(Main{"Alpha"}), ruled("D27", rulingMainDeck),
			"Ann has drafted 1 of their three modules: their deck, which their grip is drawn from, is not made"},
		{"a main not drafted", setUpThen(), ann, setupLine(Main{"Beta"}), broke(ruleMain),
			"Beta is not one of Ann's modules (Alpha, Delta, Eps)"},
		{"a mulligan before the grip is drawn", setUpThen(), ann, setupLine(mulligan("Ant")), ruled("D4", rulingSetupDone),
			"Ann's opening grip is drawn once their main module is chosen"},
		{"a mulligan of a card not in the grip", setUpThen("Alpha"), ann, setupLine(mulligan("Gizmo")), broke(ruleMulligan),
			"Gizmo is not in Ann's grip (or not that many times)"},
		{"a mulligan of no card", setUpThen("Alpha"), ann, setupLine(Mulligan{}), broke(ruleMulligan),
			"a mulligan names the cards it sets aside; keep keeps the grip"},
		{"a turn's move before a main is chosen", setUpThen("Alpha"), ben, Refresh{}, ruled("D4", rulingSetupDone),
			"Ben has not chosen a main module"},
		{"a turn's move on a set-up line", setUpThen("Alpha"), ann, setupLine(Refresh{}), ruled("D27", rulingSetupStand),
			"the game has not begun: a turn's move is not let stand on a set-up line"},
		{"a set-up choice written in a turn", drafted(), ann, Draft{"Alpha"}, ruled("D27", rulingSetupStand),
			"a draft of Alpha is a set-up choice, written in a turn"},
		{"a set-up line once the turns have begun", at(position{}), ann, setupLine(Keep{}), ruled("D27", rulingSetupStand),
			"the set-up is over: nothing is let stand on a set-up line once the first turn has begun"},
		{"a mulligan once the turns have begun", at(position{grips: [2]string{"Ant"}}), ann, setupLine(mulligan("Ant")), ruled("D27", rulingSetupStand),
			"the set-up is over: nothing is let stand on a set-up line once the first turn has begun"},
		// Cards and daemons that are not there.
		{"a card not in the grip", at(position{grips: [2]string{"Ant", "Bear"}, memory: 5}), ann, play("Bear"), broke(rulePlay),
			"Bear is not in Ann's grip"},
		{"a card out of turn not in its player's grip", at(position{grips: [2]string{"Bear", "Ant"}, memory: 5}), ben, play("Bear"), broke(rulePlay),
			"Bear is not in Ben's grip"},
		{"a card not in the catalogue", at(position{memory: 5}), ann, play("Gizmo"), broke(rulePlay),
			`no card named "Gizmo" in the catalogue`},
		{"a purge of a daemon not on the field", at(position{grips: [2]string{"Zap"}, daemons: [2]string{"Ant"}, memory: 5}), ann, play("Zap", "Ant"), ruled("D10", rulingTarget),
			"Ben has no daemon Ant on the field"},
		{"a daemon not on the field named by a card that purges none", at(position{grips: [2]string{"Note"}, memory: 5}), ann, play("Note", "Owl"), ruled("D10", rulingTarget),
			"Ben has no daemon Owl on the field"},
		{"an ability of a daemon not on the field", at(position{daemons: [2]string{"", "Owl"}, memory: 5}), ann, activate("Owl"), ruled("D10", rulingTarget),
			"Ann has no daemon Owl on the field"},
		{"an ability a daemon does not have", at(position{daemons: [2]string{"Ant"}, memory: 5}), ann, activate("Ant"), broke(ruleActivate),
			"Ant has no ability to activate"},
		{"an ability's purge of a daemon not on the field", at(position{daemons: [2]string{"Wasp"}, memory: 5}), ann, activate("Wasp", "Ant"), ruled("D10", rulingTarget),
			"Ben has no daemon Ant on the field"},
		{"a script not in the script zone", at(position{scripts: [2]string{"", "Cell"}, memory: 5}), ann, trash("Cell"), broke(ruleScriptTrash),
			"Cell is not in Ann's script zone"},
		{"a daemon trashed as a script", at(position{daemons: [2]string{"Ant"}, memory: 5}), ann, trash("Ant"), broke(ruleScriptTrash),
			"Ant is a daemon, not a script"},
		{"an attack by a daemon not on the field", at(position{daemons: [2]string{"", "Whale"}, memory: 5}), ann, attack("Whale"), ruled("D10", rulingTarget),
			"Ann has no daemon Whale on the field"},
		{"an attack on a daemon not on the field", at(position{daemons: [2]string{"Ant/sick"}, memory: 5}), ann, attack("Ant", "Owl"), ruled("D10", rulingTarget),
			"Ben has no daemon Owl on the field"},
		// The gauge.
		{"a payment past the end of the gauge", at(position{grips: [2]string{"Colossus"}, memory: 1}), ann, play("Colossus"), ruled("D7", rulingGauge),
			"Ann has 1 memory, and paying 12 would move the tracker to 11 on Ben's side, past the end of the gauge"},
		{"an ability's payment past the end of the gauge", at(position{daemons: [2]string{"Reactor"}, memory: 1}), ann, activate("Reactor"), ruled("D7", rulingGauge),
			"Ann has 1 memory, and paying 12 would move the tracker to 11 on Ben's side, past the end of the gauge"},
		{"a payment out of turn past the end of the gauge", at(position{grips: [2]string{"", "Whale"}, memory: 5}), ben, play("Whale"), ruled("D7", rulingGauge),
			"Ben has -5 memory, and paying 6 would move the tracker to 11 on Ann's side, past the end of the gauge"},
		// Reveals.
		{"a reveal with no damage dealt", at(position{memory: 5}), ann, reveal("Dud"), ruled("D9", rulingRevealNow),
			"no damage is being dealt: there is no security card to reveal (Dud)"},
		{"a reveal of another card than the top", then(overflowing, ann, attack("Ant")), ann, reveal("Note"), broke(ruleReveal),
			"the top card of Ben's security is Dud, not Note"},
		{"a move between a damage and its reveal", then(overflowing, ann, attack("Ant")), ann, Refresh{}, ruled("D9", rulingRevealNow),
			"Ben must reveal the top card of their security (Dud) before anything else"},
		{"a move out of turn between a damage and its reveal", then(overflowing, ann, attack("Ant")), ben, Burn{}, ruled("D9", rulingRevealNow),
			"Ben must reveal the top card of their security (Dud) before anything else"},
		{"an end of turn between a damage and its reveal", then(overflowing, ann, attack("Ant")), ann, end(), ruled("D9", rulingRevealNow),
			"Ben must reveal the top card of their security (Dud) before anything else"},
		// The end of the game, and the players.
		{"a move once the game is over", then(position{grips: [2]string{"Ant"}, daemons: [2]string{"Ant"}, security: [2]string{"", none}, memory: 1}, ann, attack("Ant")), ben, play("Ant"), broke(ruleLose),
			"the game is over: it ended on turn 1"},
		{"a player who is not in the game", at(position{memory: 5}), 2, Refresh{}, ruled("D24", rulingLetStand),
			"there is no player 3: Daemon is played by two"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.state(t)
			before := s.clone()
			if tt.player < len(s.players) {
				if err := s.clone().Apply(tt.player, tt.move); err == nil {
					t.Fatalf("Apply accepts %s", moveKey(tt.move))
				}
			}
			name := "player 3"
			if tt.player < len(players) {
				name = players[tt.player]
			}
			v := quotes.Refused(t, s.Force(tt.player, tt.move), moveKey(tt.move), name, tt.want)
			if v.What != tt.what {
				t.Errorf("what = %q\nwant   %q", v.What, tt.what)
			}
			if !sameState(before, s) {
				t.Errorf("refused %s changed the state:\nbefore %s\nafter  %s", moveKey(tt.move), snapshot(before), snapshot(s))
			}
		})
	}
}

// TestForceEndsTheGame checks that a forced move that deals damage to a
// player with no security left ends the game as any move does (D21).
func TestForceEndsTheGame(t *testing.T) {
	for _, tt := range []struct {
		name   string
		pos    position
		player int
		move   engine.Move
		winner int
		reason string
		turn   int
	}{
		{"an attack by a sick daemon", position{daemons: [2]string{"Ant/sick"}, security: [2]string{"", none}}, ann, attack("Ant"),
			ann, "Ben took damage with no security left (an attack by Ant)", 1},
		{"an attack out of turn", position{daemons: [2]string{"", "Ant"}, security: [2]string{none}}, ben, attack("Ant"),
			ben, "Ann took damage with no security left (an attack by Ant)", 1},
		{"a burn with cards in the grip", position{grips: [2]string{"Ant"}, security: [2]string{none}}, ann, Burn{},
			ben, "Ann took damage with no security left (burn)", 1},
		{"a burn out of turn", position{grips: [2]string{"", "Ant"}, security: [2]string{"", none}}, ben, Burn{},
			ann, "Ben took damage with no security left (burn)", 1},
		{"an end of turn to an empty deck", position{memory: 2, decks: [2]string{"", none}, security: [2]string{"", none}}, ann, end(),
			ann, "Ben took damage with no security left (the damage of an empty deck)", 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, tt.pos)
			mustForce(t, s, tt.player, tt.move)
			checkOutcome(t, s, tt.winner, tt.reason, tt.turn)
			if moves := s.Legal(); len(moves) != 0 {
				t.Errorf("Legal lists %q once the game is over", moveKeys(moves))
			}
			before := s.clone()
			for _, p := range []int{ann, ben} {
				for _, m := range []engine.Move{Refresh{}, end(), reveal("Dud"), setupLine(Keep{})} {
					quotes.Refused(t, s.Force(p, m), moveKey(m), players[p], broke(ruleLose))
				}
			}
			if !sameState(before, s) {
				t.Errorf("refused moves changed the state")
			}
		})
	}
}

// TestForcePlaysLegalMovesAsApply plays random games and, at every
// position, forces each legal move on one clone and applies it on another:
// the two states are the same, the shuffle source included.
func TestForcePlaysLegalMovesAsApply(t *testing.T) {
	const games, maxSteps = 12, 400
	catalogues := []*Cards{defaultCards(t), cards(t)}
	positions := 0
	for g := range games {
		seed := uint64(900 + g)
		s := newGame(t, catalogues[g%2], seed, randomVariants[g%len(randomVariants)])
		rng := shuffle.New(seed)
		for step := 0; step < maxSteps && !s.Outcome().Over; step++ {
			moves := s.Legal()
			p := s.ToMove()
			for _, m := range moves {
				applied, forced := s.clone(), s.clone()
				if err := applied.Apply(p, m); err != nil {
					t.Fatalf("seed %d, step %d: Legal lists %s, which Apply refuses: %v", seed, step, moveKey(m), err)
				}
				if err := forced.Force(p, m); err != nil {
					t.Fatalf("seed %d, step %d: Force refuses the legal %s: %v", seed, step, moveKey(m), err)
				}
				if !sameState(applied, forced) {
					t.Fatalf("seed %d, step %d: %s forced and applied differ:\napplied %s\nforced  %s", seed, step, moveKey(m), snapshot(applied), snapshot(forced))
				}
			}
			positions++
			mustApply(t, s, p, moves[rng.Intn(len(moves))])
		}
	}
	t.Logf("%d positions", positions)
}

// TestForceInRandomGames plays random games in which some moves are
// forced: moves that other positions listed, by either player, most of
// them illegal here. A refused one must be a violation that changes
// nothing, and is refused by Apply too; after an accepted one the state
// is consistent, Legal lists moves Apply accepts, and the game plays on.
func TestForceInRandomGames(t *testing.T) {
	const games, maxSteps = 300, 120
	catalogues := []*Cards{defaultCards(t), cards(t)}
	var pool []engine.Move // moves listed by positions seen, across games
	forced, refused := 0, 0
	for g := range games {
		seed := uint64(1300 + g)
		var s *State
		switch g % 3 {
		case 0:
			s = newGame(t, catalogues[g/3%2], seed, randomVariants[g%len(randomVariants)])
		default:
			grips, decks := [2]string{"Ant Zap Owl Note", "Bat Cell Wasp"}, [2]string{"Note Wasp Cache Colossus", "Hare Kit"}
			if g%5 == 0 {
				grips[ann], decks[ann] = "", none
			}
			s = build(t, position{
				variants: randomVariants[g%len(randomVariants)],
				mains:    [2]string{[]string{"Alpha", "StartD", "RevealM", "TrashM", "Heavy"}[g%5], []string{"Beta", "Gamma", "AttackM", "Delta"}[g/3%4]},
				grips:    grips,
				decks:    decks,
				security: [2]string{"Bear Dud Gift", "Whale Mole Pump"},
				daemons:  [2]string{"Ant Mole/sick Reactor", "Gnat Bear/spent Whale"},
				scripts:  [2]string{"Cell Pump", "Drill"},
				memory:   2,
			})
		}
		rng := shuffle.New(seed)
		// moves are Legal's in the position reached: listed again only
		// once a legal move is applied, as a refused move leaves the
		// state as it was and checkForcedConsistent lists them after a
		// move let stand.
		moves := s.Legal()
		for step := 0; step < maxSteps && !s.Outcome().Over; step++ {
			if len(moves) == 0 {
				t.Fatalf("seed %d, step %d: Legal lists no move in a game that is not over\n%s", seed, step, snapshot(s))
			}
			pool = append(pool, moves...)
			if rng.Intn(3) > 0 {
				mustApply(t, s, s.ToMove(), moves[rng.Intn(len(moves))])
				moves = s.Legal()
				continue
			}
			m, p := pool[rng.Intn(len(pool))], rng.Intn(2)
			before := s.clone()
			err := s.Force(p, m)
			if err != nil {
				refused++
				if v, ok := asViolation(err); !ok || v.What == "" || v.Rule == "" {
					t.Fatalf("seed %d, step %d: Force %s by %s: %v, not a violation", seed, step, moveKey(m), players[p], err)
				}
				if !sameState(before, s) {
					t.Fatalf("seed %d, step %d: refused %s by %s changed the state:\nbefore %s\nafter  %s", seed, step, moveKey(m), players[p], snapshot(before), snapshot(s))
				}
				if before.Apply(p, m) == nil {
					t.Fatalf("seed %d, step %d: Force refuses %s by %s, which Apply accepts: %v", seed, step, moveKey(m), players[p], err)
				}
				continue
			}
			forced++
			moves = checkForcedConsistent(t, s)
			if t.Failed() {
				t.Fatalf("seed %d, step %d, after forcing %s by %s:\n%s", seed, step, moveKey(m), players[p], snapshot(s))
			}
		}
		if o := s.Outcome(); o.Over {
			if len(s.Legal()) != 0 {
				t.Errorf("seed %d: Legal lists moves once the game is over", seed)
			}
			if n := len(s.Security(1 - o.Winner)); n != 0 {
				t.Errorf("seed %d: %s wins, yet %s has %d security cards", seed, players[o.Winner], players[1-o.Winner], n)
			}
		}
		if len(pool) > 2000 {
			pool = slices.Clone(pool[len(pool)-1000:])
		}
	}
	t.Logf("%d moves forced, %d refused", forced, refused)
	if forced < games || refused < games {
		t.Errorf("%d moves forced and %d refused: the test forces too few", forced, refused)
	}
}

// checkForcedConsistent checks what the engine relies on after a move let
// stand: every card in one place, every daemon on one field, the tracker
// on the gauge, a reveal owed only from a security that has a card, and
// Legal's moves accepted by Apply. It returns Legal's moves.
func checkForcedConsistent(t *testing.T, s *State) []engine.Move {
	t.Helper()
	seen := map[*FieldDaemon]bool{}
	for p := range 2 {
		if mods, _ := s.Modules(p); len(mods) == 3 {
			if got, want := census(s, p), moduleCensus(s.cards, mods); !maps.Equal(got, want) {
				t.Errorf("%s's cards are %v, want those of %q: %v", players[p], got, mods, want)
			}
		} else if mods, _ := s.Modules(p); len(mods) > 3 {
			t.Errorf("%s has %d modules", players[p], len(mods))
		}
		for _, d := range s.players[p].daemons {
			if seen[d] {
				t.Errorf("a daemon %s is on the field twice", d.Card.Name)
			}
			seen[d] = true
		}
	}
	if m := s.Memory(); m < -GaugeEnd || m > GaugeEnd {
		t.Errorf("the tracker is at %d", m)
	}
	if owed, to := s.Owed(); owed > 0 && len(s.Security(to)) == 0 {
		t.Errorf("%d reveals owed by %s, who has no security", owed, players[to])
	}
	if d := s.damage; d != nil && d.attacker != nil && !seen[d.attacker] {
		t.Errorf("the attacking daemon is not on the field")
	}
	if p := s.ToMove(); p != ann && p != ben {
		t.Errorf("player %d to move", p)
	}
	moves := s.Legal()
	if len(moves) == 0 && !s.Outcome().Over {
		t.Errorf("Legal lists no moves in a game that is not over")
	}
	for _, m := range moves {
		if err := s.clone().Apply(s.ToMove(), m); err != nil {
			t.Errorf("Legal lists %s, which Apply refuses: %v", moveKey(m), err)
		}
	}
	return moves
}
