package mod

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// ---------------------------------------------------------------------------
// Moves let stand (MD18 to MD20): Force.

// forceView writes down a state as snapshot does, with what the accessors
// do not show of the turn: whether its move is made, who has priority,
// whether a choice's turn was taken, the damage pending, the shuffles.
func forceView(s *State) string {
	v := snapshot(s) + fmt.Sprintf("acted=%v priority=%d taken=%v fullStack=%v src=%v\n", s.acted, s.priority, s.taken, s.fullStack, *s.src)
	if s.phase == ShieldChoice {
		v += fmt.Sprintf("damage=%+v\n", s.damage)
	}
	if s.phase == EjectChoice {
		v += fmt.Sprintf("ejected=%+v\n", s.ejected)
	}
	if s.resolving.card != nil {
		v += fmt.Sprintf("resolving=%s from ability %d\n", s.resolving.card.Name, s.resolving.next)
	}
	return v
}

// forceCommand is turn 1, Ann to place a card; Ben has a card to place
// too, both have a card in their deck, Ann a shield in play.
func forceCommand(t *testing.T) *State {
	return build(t, position{hands: [2]string{"Laser Tin", "Foil"}, decks: [2]string{"Scan", "Cell"}, play: [2]string{"Tin"},
		shared: [3]string{"Missile"}, piles: [3]string{"Cell"}})
}

// forceEject is turn 2, Ann to choose for her ejected Laser; nothing more
// can be placed this round.
func forceEject(t *testing.T, durability [2]int) *State {
	s := build(t, position{hands: [2]string{"Laser"}, decks: [2]string{"Scan", "Cell"}, play: [2]string{"Tin"}, fuel: [2]int{1, 0}, durability: durability})
	turns(t, s, eject("Laser"))
	checkAt(t, s, EjectChoice, 2, ann)
	return s
}

// forceShield is turn 2, Ben to choose against 2 energy damage from Ann's
// Laser, with a red and a blue shield; Ann has a blue shield in play.
func forceShield(t *testing.T, variants map[string]string, play string, durability [2]int) *State {
	s := build(t, position{variants: variants, hands: [2]string{"Laser"}, decks: [2]string{"Scan", "Cell"}, fuel: [2]int{1, 0},
		play: [2]string{"Foil", play}, durability: durability})
	turns(t, s, assign("Laser"))
	checkAt(t, s, ShieldChoice, 2, ben)
	return s
}

func shieldHit(t *testing.T) *State { return forceShield(t, nil, "Red Blue", [2]int{}) }

// forceOver is a game that Ann's Laser won on turn 1.
func forceOver(t *testing.T) *State {
	s := build(t, position{hands: [2]string{"Laser"}, fuel: [2]int{1, 0}, durability: [2]int{0, 2}})
	turns(t, s, assign("Laser"))
	checkOutcome(t, s, ann, "Ben has no durability left (Laser)", 1)
	return s
}

func TestRulingsMD18ToMD20MovesLetStand(t *testing.T) {
	cases := []struct {
		name  string
		setUp func(t *testing.T) *State
		by    int
		move  engine.Move
		// refused, when not ok, is the violation Force must answer; the
		// state must stay as it was.
		refused verdict
		// want makes a copy of the state before the move into the state
		// the forced move must leave.
		want func(w *State)
		// then checks what follows.
		then func(t *testing.T, s *State)
	}{
		// The command phase.
		{name: "MD19 Ben assigns out of turn: the turn is his", setUp: forceCommand, by: ben, move: assign("Foil"),
			want: func(w *State) {
				w.players[ben].hand = nil
				w.stack = []Slot{{ben, "Foil", Assigned}}
				w.priority, w.acted = ben, true
			},
			then: func(t *testing.T, s *State) {
				checkAt(t, s, Command, 1, ben)
				mustApply(t, s, ben, engine.EndTurn{})
				checkAt(t, s, Command, 2, ann)
			}},
		{name: "MD19 Ben drafts the top of a pile out of turn", setUp: forceCommand, by: ben, move: Draft{Pile: true, Deck: 1, Card: "Cell"},
			want: func(w *State) {
				w.shared[0].Pile = nil
				w.stack = []Slot{{ben, "Cell", Drafted}}
				w.priority, w.acted = ben, true
			}},
		{name: "MD19 Ben draws out of turn: the turn is his, his card still to place", setUp: forceCommand, by: ben, move: DrawCard{},
			want: func(w *State) {
				w.players[ben].hand, w.players[ben].deck = names("Foil Cell"), nil
				w.priority = ben
			},
			then: func(t *testing.T, s *State) {
				checkLegal(t, s, assign("Foil"), assign("Cell"), eject("Foil"), eject("Cell"),
					Draft{Deck: 1, Card: "Missile"}, Draft{Pile: true, Deck: 1, Card: "Cell"})
			}},
		{name: "MD18 a second card in a turn", setUp: func(t *testing.T) *State {
			s := forceCommand(t)
			mustApply(t, s, ann, assign("Laser"))
			return s
		}, by: ann, move: eject("Tin"),
			want: func(w *State) {
				w.players[ann].hand = nil
				w.stack = append(w.stack, Slot{ann, "Tin", Ejected})
			}},
		{name: "MD18 a pass with cards to place", setUp: forceCommand, by: ann, move: Pass{},
			want: func(w *State) { w.acted = true },
			then: func(t *testing.T, s *State) {
				mustApply(t, s, ann, engine.EndTurn{})
				checkAt(t, s, Command, 2, ben)
			}},
		{name: "MD20 the end of a turn with no card placed passes", setUp: forceCommand, by: ann, move: engine.EndTurn{},
			then: func(t *testing.T, s *State) {
				checkAt(t, s, Command, 2, ben)
				checkCards(t, "Ann's hand", s.Hand(ann), "Laser Tin")
				if len(s.Stack()) != 0 {
					t.Errorf("the stack holds %v", s.Stack())
				}
			}},
		{name: "MD19 Ben ends Ann's turn", setUp: func(t *testing.T) *State {
			s := forceCommand(t)
			mustApply(t, s, ann, assign("Laser"))
			return s
		}, by: ben, move: engine.EndTurn{},
			then: func(t *testing.T, s *State) {
				checkAt(t, s, Command, 2, ben)
				if st := s.Stack(); !enginetest.Equal(st, []Slot{{ann, "Laser", Assigned}}) {
					t.Errorf("the stack holds %v", st)
				}
			}},
		{name: "MD20 a draw in the command phase is not the turn's move", setUp: forceCommand, by: ann, move: DrawCard{},
			want: func(w *State) { w.players[ann].hand, w.players[ann].deck = names("Laser Tin Scan"), nil }},
		{name: "MD20 fuel in the command phase", setUp: forceCommand, by: ann, move: GainFuel{},
			want: func(w *State) { w.players[ann].fuel = 1 }},
		{name: "MD20 a shield spent in the command phase prevents nothing", setUp: forceCommand, by: ann, move: spend("Tin"),
			want: func(w *State) { w.players[ann].play, w.players[ann].discard = nil, names("Tin") }},
		{name: "MD20 a draft on a set-up line is no turn's move", setUp: forceCommand, by: ben, move: engine.OnSetupLine{Move: Draft{Deck: 1}},
			want: func(w *State) {
				w.shared[0].Deck = nil
				w.stack = []Slot{{ben, "Missile", Drafted}}
			},
			then: func(t *testing.T, s *State) {
				checkAt(t, s, Command, 1, ann)
				mustApply(t, s, ann, assign("Laser"))
			}},
		{name: "a card not in hand", setUp: forceCommand, by: ann, move: assign("Sword"), refused: broke(ruleAssign)},
		{name: "a card not in the catalogue", setUp: forceCommand, by: ann, move: assign("Gizmo"), refused: broke(ruleAssign)},
		{name: "an eject out of turn of a card not in hand", setUp: forceCommand, by: ben, move: eject("Laser"), refused: broke(ruleEject)},
		{name: "a shared deck that does not exist", setUp: forceCommand, by: ann, move: Draft{Deck: 4}, refused: ruled("MD7", rulingDecks)},
		{name: "an empty shared deck", setUp: forceCommand, by: ann, move: Draft{Deck: 2}, refused: broke(ruleDraft)},
		{name: "an empty discard pile", setUp: forceCommand, by: ann, move: Draft{Pile: true, Deck: 3}, refused: broke(ruleDraft)},
		{name: "a card that is not on top", setUp: forceCommand, by: ann, move: Draft{Deck: 1, Card: "Laser"}, refused: broke(ruleDraft)},
		{name: "a shield not in play", setUp: forceCommand, by: ann, move: spend("Red"), refused: broke(ruleShield)},
		{name: "a shield not in the catalogue", setUp: forceCommand, by: ann, move: spend("Gizmo"), refused: broke(ruleShield)},
		{name: "a sixth card on a side", setUp: func(t *testing.T) *State {
			s := forceCommand(t)
			for range Slots {
				s.stack = append(s.stack, Slot{ann, "Missile", Drafted})
			}
			return s
		}, by: ann, move: assign("Laser"), refused: broke(ruleSlots)},
		{name: "a sixth card on a side, on a set-up line", setUp: func(t *testing.T) *State {
			s := forceCommand(t)
			for range Slots {
				s.stack = append(s.stack, Slot{ben, "Missile", Drafted})
			}
			return s
		}, by: ben, move: engine.OnSetupLine{Move: assign("Foil")}, refused: broke(ruleSlots)},
		{name: "MD20 the end of a turn on a set-up line", setUp: forceCommand, by: ann, move: engine.OnSetupLine{Move: engine.EndTurn{}}, refused: ruled("MD20", rulingSetupEnds)},
		{name: "MD18 a move of another game", setUp: forceCommand, by: ann, move: engine.By{Player: ben, Move: Pass{}}, refused: ruled("MD18", rulingForced)},
		{name: "a third player", setUp: forceCommand, by: 2, move: Pass{}, refused: broke(ruleTwoPlayers)},

		// An ejected card's choice.
		{name: "MD19 Ben chooses for Ann's ejected card: his draw, her card", setUp: func(t *testing.T) *State { return forceEject(t, [2]int{}) }, by: ben, move: DrawCard{},
			want: func(w *State) {
				w.players[ben].hand, w.players[ben].deck = names("Cell"), nil
				w.players[ann].discard = names("Laser")
				w.priority, w.taken, w.acted, w.chose = ben, true, true, "chosen to draw 1 card"
			},
			then: func(t *testing.T, s *State) {
				checkAt(t, s, EjectChoice, 2, ben)
				if err := s.Clone().Apply(ann, GainFuel{}); err == nil {
					t.Errorf("Ann still chooses for her ejected card once Ben has")
				}
				checkLegal(t, s, engine.EndTurn{})
				mustApply(t, s, ben, engine.EndTurn{})
				checkAt(t, s, Command, 3, ben)
				checkCards(t, "Ann's discard pile", s.Discard(ann), "Laser")
			}},
		{name: "MD18 a second choice for one ejected card", setUp: func(t *testing.T) *State {
			s := forceEject(t, [2]int{})
			mustApply(t, s, ann, GainFuel{})
			return s
		}, by: ann, move: DrawCard{},
			want: func(w *State) { w.players[ann].hand, w.players[ann].deck = names("Scan"), nil }},
		{name: "MD20 a pass declines the choice", setUp: func(t *testing.T) *State { return forceEject(t, [2]int{}) }, by: ann, move: Pass{},
			want: func(w *State) {
				w.players[ann].discard, w.acted, w.chose = names("Laser"), true, "declined to draw or gain fuel"
			}},
		{name: "MD20 the end of the turn with no choice declines it", setUp: func(t *testing.T) *State { return forceEject(t, [2]int{}) }, by: ann, move: engine.EndTurn{},
			then: func(t *testing.T, s *State) {
				// Then the reset: a draw and a fuel each.
				checkAt(t, s, Command, 3, ben)
				checkCards(t, "Ann's discard pile", s.Discard(ann), "Laser")
				checkCards(t, "Ann's hand", s.Hand(ann), "Scan")
				checkNumbers(t, s, [2]int{10, 10}, [2]int{2, 1})
			}},
		{name: "MD20 a card assigned while the stack activates activates next", setUp: func(t *testing.T) *State {
			s := forceEject(t, [2]int{})
			s.players[ann].hand = names("Missile")
			return s
		}, by: ann, move: assign("Missile"),
			want: func(w *State) {
				w.players[ann].hand = nil
				w.stack = []Slot{{ann, "Missile", Assigned}}
			},
			then: func(t *testing.T, s *State) {
				turns(t, s, GainFuel{})
				// The Missile paid with the fuel from the eject, then the reset.
				checkAt(t, s, Command, 3, ben)
				checkNumbers(t, s, [2]int{10, 8}, [2]int{2, 1})
				checkCards(t, "Ann's discard pile", s.Discard(ann), "Laser Missile")
			}},
		{name: "MD20 a card assigned while the stack activates can end the game", setUp: func(t *testing.T) *State {
			s := forceEject(t, [2]int{0, 2})
			s.players[ann].hand = names("Missile")
			return s
		}, by: ann, move: assign("Missile"),
			then: func(t *testing.T, s *State) {
				turns(t, s, GainFuel{})
				checkOutcome(t, s, ann, "Ben has no durability left (Missile)", 2)
			}},
		{name: "MD20 a shield spent in an ejected card's choice", setUp: func(t *testing.T) *State { return forceEject(t, [2]int{}) }, by: ann, move: spend("Tin"),
			want: func(w *State) { w.players[ann].play, w.players[ann].discard = nil, names("Tin") }},
		{name: "the ejected card assigned", setUp: func(t *testing.T) *State { return forceEject(t, [2]int{}) }, by: ann, move: assign("Laser"), refused: broke(ruleAssign)},
		{name: "a shield not in play, in an ejected card's choice", setUp: func(t *testing.T) *State { return forceEject(t, [2]int{}) }, by: ann, move: spend("Red"), refused: broke(ruleShield)},

		// A shield's choice.
		{name: "MD18 a shield of the wrong colour prevents the damage", setUp: shieldHit, by: ben, move: spend("Red"),
			want: func(w *State) {
				w.players[ben].play, w.players[ben].discard = names("Blue"), names("Red")
				w.damage.amount, w.acted = 0, true
			},
			then: func(t *testing.T, s *State) {
				mustApply(t, s, ben, engine.EndTurn{})
				checkNumbers(t, s, [2]int{10, 10}, [2]int{1, 1})
			}},
		{name: "MD19 Ann passes for Ben: the damage is taken", setUp: shieldHit, by: ann, move: Pass{},
			want: func(w *State) { w.priority, w.taken, w.acted, w.chose = ann, true, true, chosePass },
			then: func(t *testing.T, s *State) {
				checkAt(t, s, ShieldChoice, 2, ann)
				mustApply(t, s, ann, engine.EndTurn{})
				checkAt(t, s, Command, 3, ben)
				checkNumbers(t, s, [2]int{10, 8}, [2]int{1, 1})
			}},
		{name: "MD19 Ann spends her own shield against Ben's damage", setUp: shieldHit, by: ann, move: spend("Foil"),
			want: func(w *State) {
				w.players[ann].play, w.players[ann].discard = nil, names("Foil")
				w.damage.amount = 0
				w.priority, w.taken, w.acted = ann, true, true
			},
			then: func(t *testing.T, s *State) {
				mustApply(t, s, ann, engine.EndTurn{})
				checkNumbers(t, s, [2]int{10, 10}, [2]int{1, 1})
			}},
		{name: "MD18 a second shield, shield=hit", setUp: func(t *testing.T) *State {
			s := shieldHit(t)
			mustApply(t, s, ben, spend("Blue"))
			return s
		}, by: ben, move: spend("Red"),
			want: func(w *State) { w.players[ben].play, w.players[ben].discard = nil, names("Blue Red") }},
		{name: "MD18 a shield once all the damage is prevented, shield=point", setUp: func(t *testing.T) *State {
			s := forceShield(t, map[string]string{"shield": "point"}, "Foil Foil Foil", [2]int{})
			mustApply(t, s, ben, spend("Foil"), spend("Foil"))
			return s
		}, by: ben, move: spend("Foil"),
			want: func(w *State) { w.players[ben].play, w.players[ben].discard = nil, names("Foil Foil Foil") }},
		{name: "MD18 a pass once the choice is made changes nothing", setUp: func(t *testing.T) *State {
			s := shieldHit(t)
			mustApply(t, s, ben, spend("Blue"))
			return s
		}, by: ben, move: Pass{}, want: func(w *State) {}},
		{name: "MD20 a draw in a shield's choice is not the choice", setUp: shieldHit, by: ben, move: DrawCard{},
			want: func(w *State) { w.players[ben].hand, w.players[ben].deck = names("Cell"), nil }},
		{name: "MD20 the end of the turn with no choice: the damage is taken", setUp: shieldHit, by: ben, move: engine.EndTurn{},
			then: func(t *testing.T, s *State) {
				checkAt(t, s, Command, 3, ben)
				checkNumbers(t, s, [2]int{10, 8}, [2]int{1, 1})
				checkCards(t, "Ben's play area", s.PlayArea(ben), "Red Blue")
			}},
		{name: "MD20 the end of the turn with no choice ends the game", setUp: func(t *testing.T) *State {
			return forceShield(t, nil, "Blue", [2]int{0, 2})
		}, by: ben, move: engine.EndTurn{},
			then: func(t *testing.T, s *State) { checkOutcome(t, s, ann, "Ben has no durability left (Laser)", 2) }},
		{name: "MD19 Ann ends Ben's turn and the game", setUp: func(t *testing.T) *State {
			return forceShield(t, nil, "Blue", [2]int{0, 2})
		}, by: ann, move: engine.EndTurn{},
			then: func(t *testing.T, s *State) { checkOutcome(t, s, ann, "Ben has no durability left (Laser)", 2) }},
		{name: "MD19 MD20 Ann drafts out of turn while the stack activates", setUp: func(t *testing.T) *State {
			s := shieldHit(t)
			s.shared[1].Pile = names("Spark")
			return s
		}, by: ann, move: Draft{Pile: true, Deck: 2},
			want: func(w *State) {
				w.shared[1].Pile = nil
				w.stack = []Slot{{ann, "Spark", Drafted}}
				w.priority, w.taken = ann, true
			},
			then: func(t *testing.T, s *State) {
				// The shield's choice is Ann's now; then the Laser ends,
				// then the Spark, the last placed, activates.
				checkLegal(t, s, spend("Foil"), Pass{})
				turns(t, s, Pass{})
				checkAt(t, s, Command, 3, ben)
				checkNumbers(t, s, [2]int{10, 8}, [2]int{1, 1})
				checkCards(t, "Ann's discard pile", s.Discard(ann), "Laser Spark")
			}},
		{name: "a shield not in play, in a shield's choice", setUp: shieldHit, by: ben, move: spend("Prism"), refused: broke(ruleShield)},
		{name: "another player's shield", setUp: shieldHit, by: ann, move: spend("Blue"), refused: broke(ruleShield)},

		// The game over.
		{name: "a move once the game is over", setUp: forceOver, by: ann, move: Pass{}, refused: broke(ruleGoal)},
		{name: "the end of a turn once the game is over", setUp: forceOver, by: ben, move: engine.EndTurn{}, refused: broke(ruleGoal)},
		{name: "a set-up line once the game is over", setUp: forceOver, by: ann, move: engine.OnSetupLine{Move: Pass{}}, refused: broke(ruleGoal)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := c.setUp(t)
			before := s.clone()
			if err := s.clone().Apply(c.by, c.move); err == nil {
				t.Fatalf("Apply accepts %s by %s: the case must start from a refusal", moveKey(c.move), players[min(c.by, 1)])
			}
			err := s.Force(c.by, c.move)
			if c.refused != ok {
				v := quotes.Refused(t, err, moveKey(c.move), fmt.Sprint(c.by), c.refused)
				if !enginetest.Equal(before, s) {
					t.Errorf("refused %s changed the state:\nbefore %s\nafter  %s", moveKey(c.move), forceView(before), forceView(s))
				}
				t.Logf("%v", v)
				return
			}
			if err != nil {
				t.Fatalf("Force %s by %s: %v", moveKey(c.move), players[c.by], err)
			}
			if c.want != nil {
				w := before.clone()
				c.want(w)
				if got, want := forceView(s), forceView(w); got != want {
					t.Errorf("Force %s by %s:\ngot  %s\nwant %s", moveKey(c.move), players[c.by], got, want)
				}
			}
			if c.then != nil {
				c.then(t, s)
			}
			checkLegalMovesApply(t, s)
		})
	}
}

func TestForceRefusalsSayWhat(t *testing.T) {
	for _, c := range []struct {
		by   int
		move engine.Move
		what string
	}{
		{ann, assign("Sword"), "Sword is not in Ann's hand"},
		{ann, assign("gizmo"), `no card named "gizmo" in the catalogue`},
		{ann, Draft{Deck: 1, Card: "Laser"}, "Laser is not the top card of shared deck 1: the top card is Missile"},
		{ann, Draft{Deck: 2}, "shared deck 2 is empty"},
		{ben, spend("Tin"), "Tin is not in Ben's play area"},
		{2, Pass{}, "there is no player 3 in this game"},
		{ann, engine.By{Player: ben, Move: Pass{}}, "engine.By is not a move of Mod"},
		{ann, engine.OnSetupLine{Move: engine.EndTurn{}}, "the end of a turn is written on a set-up line"},
	} {
		s := forceCommand(t)
		err := s.Force(c.by, c.move)
		if err == nil || !strings.Contains(err.Error(), c.what) {
			t.Errorf("Force %s by %d: %v; want %q", moveKey(c.move), c.by, err, c.what)
		}
	}
	s := forceOver(t)
	if err := s.Force(ann, assign("Laser")); err == nil || !strings.Contains(err.Error(), "the game is over: it ended on turn 1") {
		t.Errorf("Force after the game: %v", err)
	}
}

// randomGame starts game g of the random tests: both catalogues, every
// variant.
func randomGame(t *testing.T, catalogues []*Cards, g int) (*State, map[string]int) {
	variants := []map[string]string{nil, {"fuel": "drain"}, {"shield": "point"}, {"fuel": "drain", "shield": "point"}}
	cs := catalogues[g%len(catalogues)]
	return newGame(t, cs, uint64(1000+g), variants[g/2%len(variants)]), sharedCensus(cs)
}

func randomCatalogues(t *testing.T) []*Cards {
	return []*Cards{loadCards(t, defaultCatalogue(t)), loadCards(t, withShared("2 Laser 2 Missile 1 Sword 2 Swarm 2 Mix 1 Cell 1 Scan 2 Overdrive 1 Boost 1 Zap 2 Red 2 Blue 1 Prism 1 Tin 1 Foil 2 Glass"))}
}

// TestForceLegalMovesAsApply checks, in random games, that Force plays
// every legal move exactly as Apply does.
func TestForceLegalMovesAsApply(t *testing.T) {
	const games, maxSteps = 8, 400
	catalogues := randomCatalogues(t)
	for g := range games {
		s, _ := randomGame(t, catalogues, g)
		rng := shuffle.New(uint64(g))
		for step := 0; step < maxSteps && !s.Outcome().Over; step++ {
			moves := s.Legal()
			for _, m := range moves {
				a, f := s.clone(), s.clone()
				errA, errF := a.Apply(a.ToMove(), m), f.Force(f.ToMove(), m)
				if errA != nil || errF != nil {
					t.Fatalf("game %d, step %d, %s: Apply %v, Force %v", g, step, moveKey(m), errA, errF)
				}
				if !enginetest.Equal(a, f) {
					t.Fatalf("game %d, step %d: %s forced differs from applied:\nforced  %s\napplied %s", g, step, moveKey(m), forceView(f), forceView(a))
				}
			}
			mustApply(t, s, s.ToMove(), moves[rng.Intn(len(moves))])
		}
	}
}

// forceCandidates are moves player p might make now, at the table: their
// cards placed or spent, a draft of each shared deck and pile, the
// choices, the end of the turn, a draft on a set-up line.
func forceCandidates(s *State, p int) []engine.Move {
	var out []engine.Move
	for _, c := range s.players[p].hand {
		out = append(out, Assign{c}, Eject{c})
	}
	for _, c := range s.players[p].play {
		out = append(out, Spend{c})
	}
	for d := 1; d <= SharedDecks; d++ {
		out = append(out, Draft{Deck: d}, Draft{Pile: true, Deck: d})
	}
	return append(out, Pass{}, DrawCard{}, GainFuel{}, engine.EndTurn{}, engine.OnSetupLine{Move: Draft{Deck: 1}})
}

// TestForceInRandomGames forces, in random games, moves that Apply refuses:
// moves a player might make at the table, by either player, moves listed
// in other positions, and others; then plays on with legal moves. Nothing
// panics, a refused force changes nothing, and the game stays consistent:
// no card made or lost, numbers in range, sides of at most five cards, a
// legal move whenever the game is not over, and an outcome the durability
// bears out. 160 games reach all that 240 did.
func TestForceInRandomGames(t *testing.T) {
	const games, maxSteps = 160, 200
	catalogues := randomCatalogues(t)
	extra := []engine.Move{Assign{"Gizmo"}, Spend{"Gizmo"}, Draft{Deck: 0}, Draft{Deck: 1, Card: "Gizmo"},
		engine.OnSetupLine{Move: engine.EndTurn{}}, engine.OnSetupLine{Move: engine.OnSetupLine{Move: Pass{}}}, engine.By{Player: ben, Move: Pass{}}}
	pool := map[string]engine.Move{}
	var keys []string
	forced, refused, ended := 0, 0, 0
	for g := range games {
		s, want := randomGame(t, catalogues, g)
		rng := shuffle.New(uint64(7000 + g))
		for step := 0; step < maxSteps && !s.Outcome().Over; step++ {
			moves := s.Legal()
			if len(moves) == 0 {
				t.Fatalf("game %d, step %d: no legal move in a game not over:\n%s", g, step, forceView(s))
			}
			for _, m := range moves {
				if k := moveKey(m); pool[k] == nil {
					pool[k] = m
					keys = append(keys, k)
				}
			}
			if rng.Intn(5) == 0 {
				p := rng.Intn(2)
				var m engine.Move
				switch r := rng.Intn(10); {
				case r == 0:
					m = extra[rng.Intn(len(extra))]
				case r < 3:
					m = pool[keys[rng.Intn(len(keys))]]
				default:
					c := forceCandidates(s, p)
					m = c[rng.Intn(len(c))]
				}
				if s.clone().Apply(p, m) != nil {
					before := s.clone()
					err := s.Force(p, m)
					var v *engine.Violation
					switch {
					case err == nil:
						forced++
					case !errors.As(err, &v) || v.What == "" || v.Rule == "":
						t.Fatalf("game %d, step %d: Force %s by %s: %v, want a violation saying what and quoting a rule", g, step, moveKey(m), players[p], err)
					default:
						refused++
						if !enginetest.Equal(before, s) {
							t.Fatalf("game %d, step %d: refused %s by %s changed the state", g, step, moveKey(m), players[p])
						}
					}
				}
				if c := s.Clone(); !enginetest.Equal[engine.State](c, s) {
					t.Fatalf("game %d, step %d: a clone differs", g, step)
				}
			} else if m := moves[rng.Intn(len(moves))]; s.Apply(s.ToMove(), m) != nil {
				t.Fatalf("game %d, step %d: Legal lists %s, which Apply refuses", g, step, moveKey(m))
			}
			if !s.Outcome().Over {
				checkConsistent(t, s, want)
			}
			if t.Failed() {
				t.Fatalf("game %d (%v), step %d:\n%s", g, s.rules, step, forceView(s))
			}
		}
		if o := s.Outcome(); o.Over {
			ended++
			if len(s.Legal()) != 0 {
				t.Errorf("game %d: moves listed once the game is over", g)
			}
			if o.Winner != engine.Nobody && (s.Durability(1-o.Winner) != 0 || s.Durability(o.Winner) == 0) {
				t.Errorf("game %d: %+v with durability %d and %d", g, o, s.Durability(0), s.Durability(1))
			}
		}
	}
	t.Logf("%d moves forced, %d refused, %d of %d games ended", forced, refused, ended, games)
	if forced == 0 || refused == 0 || ended == 0 {
		t.Errorf("%d moves forced, %d refused, %d games ended: the test does not test", forced, refused, ended)
	}
}
