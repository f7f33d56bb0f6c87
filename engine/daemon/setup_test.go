package daemon

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// ---------------------------------------------------------------------------
// Setting up: the first player (D1), the draft, decks and the seed (D3,
// D16), main modules (D4, D16), grips and mulligans (D4, D6), security,
// the memory gauge, set-up lines (D5).

func TestRulingD1TheFirstPlayer(t *testing.T) {
	t.Run("the first player named drafts first", func(t *testing.T) {
		s := newGame(t, cards(t), 1, nil)
		if s.ToMove() != ann || s.Turn() != 0 || !s.SettingUp() {
			t.Errorf("a new game: %s to move, turn %d, setting up %v; want Ann, 0, true", players[s.ToMove()], s.Turn(), s.SettingUp())
		}
		expect(t, s, ben, setupLine(Draft{"Alpha"}), broke(ruleDraftFirst))
		mustApply(t, s, ann, setupLine(Draft{"Alpha"}))
	})
	t.Run("whatever the names", func(t *testing.T) {
		st, err := Game{Cards: cards(t)}.New(engine.Options{Players: []string{"Zoe", "Abe"}, Seeded: true, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		err = st.Apply(1, setupLine(Draft{"Alpha"}))
		if err == nil || !strings.Contains(err.Error(), "the first pick of the draft is Zoe's, not Abe's") {
			t.Errorf("Abe drafting first: %v; want the first pick is Zoe's", err)
		}
	})
	t.Run("and takes the first turn", func(t *testing.T) {
		s := setUp(t, cards(t), 1, nil, defaultSetup)
		mustApply(t, s, ann, Refresh{})
		checkAt(t, s, 1, ann)
		expect(t, setUp(t, cards(t), 1, nil, defaultSetup), ben, Refresh{}, broke(ruleTurnEnds))
	})
}

// TestRuleDraftOrder: "The first player drafts one module from the pool.
// The second player drafts two modules from the remaining modules in the
// pool. The first player drafts two additional modules from the pool. The
// second player drafts one additional module from the pool." A refusal
// quotes the sentence of the pick concerned; a module already drafted, the
// sentence of the remaining modules.
func TestRuleDraftOrder(t *testing.T) {
	// pickRules is the sentence of each pick.
	pickRules := []string{ruleDraftFirst, ruleDraftOrder, ruleDraftOrder, ruleDraftThird, ruleDraftThird, ruleDraftLast}
	t.Run("1-2-2-1, each pick refused to the other player", func(t *testing.T) {
		s := newGame(t, cards(t), 1, nil)
		order := []int{ann, ben, ben, ann, ann, ben}
		for i, m := range names(defaultSetup.picks) {
			p := order[i]
			if s.ToMove() != p {
				t.Errorf("pick %d: %s to move, want %s", i+1, players[s.ToMove()], players[p])
			}
			v := expect(t, s, 1-p, setupLine(Draft{m}), broke(pickRules[i]))
			if v != nil && !strings.Contains(v.What, "pick of the draft is "+players[p]+"'s, not "+players[1-p]+"'s") {
				t.Errorf("pick %d by the wrong player: %q", i+1, v.What)
			}
			mustApply(t, s, p, setupLine(Draft{m}))
		}
		for p, want := range []string{"Alpha Delta Eps", "Beta Gamma Zeta"} {
			mods, main := s.Modules(p)
			checkCards(t, players[p]+"'s modules", mods, want)
			if main != "" {
				t.Errorf("%s's main is %q before any main is written", players[p], main)
			}
		}
		for p := range 2 {
			v := expect(t, s, p, setupLine(Draft{"StartD"}), broke(ruleDraftLast))
			if v != nil && !strings.Contains(v.What, "the draft is over") {
				t.Errorf("a seventh pick: %q", v.What)
			}
		}
	})
	t.Run("a module is drafted once", func(t *testing.T) {
		s := newGame(t, cards(t), 1, nil)
		mustApply(t, s, ann, setupLine(Draft{"Alpha"}))
		v := expect(t, s, ben, setupLine(Draft{"Alpha"}), broke(ruleDraftOrder))
		if v != nil && !strings.Contains(v.What, "Alpha was drafted by Ann") {
			t.Errorf("a second draft of Alpha: %q", v.What)
		}
		mustApply(t, s, ben, setupLine(Draft{"Beta"}), setupLine(Draft{"Gamma"}))
		// The fourth pick, the first player's: still the sentence of the
		// remaining modules, not the pick's.
		for _, m := range names("Alpha Beta") {
			v := expect(t, s, ann, setupLine(Draft{m}), broke(ruleDraftOrder))
			if v != nil && !strings.Contains(v.What, m+" was drafted by ") {
				t.Errorf("a second draft of %s: %q", m, v.What)
			}
		}
		mustApply(t, s, ann, setupLine(Draft{"Delta"}), setupLine(Draft{"Eps"}))
		expect(t, s, ben, setupLine(Draft{"Delta"}), broke(ruleDraftOrder))
		mustApply(t, s, ben, setupLine(Draft{"Zeta"}))
	})
	t.Run("only a module of the catalogue", func(t *testing.T) {
		s := newGame(t, cards(t), 1, nil)
		for _, tt := range []struct{ module, what string }{
			{"Gizmo", `no module named "Gizmo" in the catalogue`},
			{"alpha", `no module named "alpha" in the catalogue (did you mean "Alpha"?)`},
			{"Ant", `Ant is a daemon, not a module`},
			{"Note", `Note is a script, not a module`},
			{"ant", `no module named "ant" in the catalogue`},
			{"", `no module named "" in the catalogue`},
		} {
			v := expect(t, s, ann, setupLine(Draft{tt.module}), broke(ruleDraftFirst))
			if v != nil && v.What != tt.what {
				t.Errorf("draft %q: %q, want %q", tt.module, v.What, tt.what)
			}
		}
	})
	t.Run("an unknown module quotes the rule of the pick", func(t *testing.T) {
		s := newGame(t, cards(t), 1, nil)
		order := []int{ann, ben, ben, ann, ann, ben}
		for i, m := range names(defaultSetup.picks) {
			for _, unknown := range names("Gizmo Ant") {
				expect(t, s, order[i], setupLine(Draft{unknown}), broke(pickRules[i]))
			}
			mustApply(t, s, order[i], setupLine(Draft{m}))
		}
	})
	t.Run("main modules wait for the end of the draft", func(t *testing.T) {
		s := newGame(t, cards(t), 1, nil)
		mustApply(t, s, ann, setupLine(Draft{"Alpha"}))
		expect(t, s, ann, setupLine(Main{"Alpha"}), ruled("D4", rulingSetupDone))
		expect(t, s, ann, setupLine(Keep{}), ruled("D4", rulingSetupDone))
	})
}

// TestRulingD16DecksOfFortyFive: "A player's deck is the 15 cards of each
// of their three modules, shuffled together: 45 cards. The cover cards are
// not in it."
func TestRulingD16DecksOfFortyFive(t *testing.T) {
	for _, cs := range []*Cards{cards(t), defaultCards(t)} {
		mods := cs.Modules()
		picks := strings.Join(mods[:6], " ")
		s := newGame(t, cs, 5, nil)
		draft(t, s, picks)
		for p, own := range [][]string{{mods[0], mods[3], mods[4]}, {mods[1], mods[2], mods[5]}} {
			deck := s.Deck(p)
			if len(deck) != 3*ModuleSize {
				t.Errorf("%s's deck has %d cards, want 45", players[p], len(deck))
			}
			n := map[string]int{}
			for _, c := range deck {
				n[c]++
				if card, _ := cs.Card(c); card.Kind == Module {
					t.Errorf("%s's deck holds the cover card %s", players[p], c)
				}
			}
			if want := moduleCensus(cs, own); !maps.Equal(n, want) {
				t.Errorf("%s's deck %v, want the cards of %q: %v", players[p], n, own, want)
			}
			if len(s.Grip(p)) != 0 || len(s.Security(p)) != 0 {
				t.Errorf("%s has a grip or security before the mains", players[p])
			}
		}
	}
}

// TestRulingD3TheSeed: "A Daemon transcript has a Seed tag, or writes
// what the shuffles dealt as the table saw it. The seed shuffles
// each deck as its third module is drafted, the second player's deck after
// the first's when they finish in that order, and each mulligan's
// reshuffle, in the order written."
func TestRulingD3TheSeed(t *testing.T) {
	cs := cards(t)
	t.Run("an unseeded game is played with its draws written", func(t *testing.T) {
		st, err := Game{Cards: cs}.New(engine.Options{Players: players})
		if err != nil || st == nil {
			t.Fatalf("New without a seed: %v", err)
		}
	})
	t.Run("decks are made at the third draft, in the order drafted, and shuffled", func(t *testing.T) {
		for seed := range uint64(5) {
			s := newGame(t, cs, seed, nil)
			picks := names("Eps Beta Gamma Alpha Delta Zeta")
			for i, m := range picks {
				p := []int{ann, ben, ben, ann, ann, ben}[i]
				if i == 4 && len(s.Deck(ann)) != 0 {
					t.Errorf("seed %d: Ann has a deck before her third module", seed)
				}
				if i == 5 && len(s.Deck(ben)) != 0 {
					t.Errorf("seed %d: Ben has a deck before his third module", seed)
				}
				mustApply(t, s, p, setupLine(Draft{m}))
			}
			src := shuffle.New(seed)
			annDeck := slices.Concat(cs.ModuleCards("Eps"), cs.ModuleCards("Alpha"), cs.ModuleCards("Delta"))
			benDeck := slices.Concat(cs.ModuleCards("Beta"), cs.ModuleCards("Gamma"), cs.ModuleCards("Zeta"))
			wantAnn := shuffled(src, annDeck)
			wantBen := shuffled(src, benDeck)
			checkCards(t, "Ann's deck", s.Deck(ann), strings.Join(wantAnn, " "))
			checkCards(t, "Ben's deck", s.Deck(ben), strings.Join(wantBen, " "))
			if slices.Equal(s.Deck(ann), annDeck) {
				t.Errorf("seed %d: Ann's deck is in catalogue order", seed)
			}
		}
	})
	t.Run("the same seed makes the same decks, another seed others", func(t *testing.T) {
		a, b, c := setUp(t, cs, 40, nil, defaultSetup), setUp(t, cs, 40, nil, defaultSetup), setUp(t, cs, 41, nil, defaultSetup)
		if !sameState(a, b) {
			t.Errorf("seed 40 twice gives two set-ups")
		}
		if slices.Equal(a.Deck(ann), c.Deck(ann)) && slices.Equal(a.Deck(ben), c.Deck(ben)) {
			t.Errorf("seeds 40 and 41 give the same decks")
		}
	})
	t.Run("variants are checked", func(t *testing.T) {
		for _, v := range []map[string]string{{"combat": "attacker"}, {"overflow": "maybe"}, {"tie": "both"}} {
			if _, err := (Game{Cards: cs}).New(engine.Options{Players: players, Seeded: true, Seed: 1, Variants: v}); err == nil {
				t.Errorf("New with %v: no error", v)
			}
		}
		s := newGame(t, cs, 1, map[string]string{"combat": "defender", "overflow": "stop"})
		if !s.rules.defenderOnly || s.rules.overflow {
			t.Errorf("variants %+v, want defender and stop", s.rules)
		}
		if s := newGame(t, cs, 1, nil); s.rules.defenderOnly || !s.rules.overflow {
			t.Errorf("default variants %+v, want both and continue", s.rules)
		}
	})
}

func TestVariantsAndTheirDefaults(t *testing.T) {
	g := Game{}
	if g.Name() != "daemon" || g.Players() != 2 {
		t.Errorf("Name %q, Players %d", g.Name(), g.Players())
	}
	var got []string
	for _, v := range g.Variants() {
		got = append(got, v.Name+"="+strings.Join(v.Values, "|"))
		if v.Summary == "" {
			t.Errorf("variant %s has no summary", v.Name)
		}
	}
	if want := []string{"combat=both|defender", "overflow=continue|stop", "deckdamage=effects|first"}; !slices.Equal(got, want) {
		t.Errorf("variants %q, want %q (the default first, as RULINGS.md lists them)", got, want)
	}
}

// TestRuleMainModule: "Each player secretly selects one module from their
// drafted modules to serve as their main module"; only the main module's
// cover ability is in force (ruling D16).
func TestRuleMainModule(t *testing.T) {
	drafted := func(t *testing.T) *State {
		s := newGame(t, cards(t), 2, nil)
		draft(t, s, defaultSetup.picks)
		return s
	}
	t.Run("one of one's own modules", func(t *testing.T) {
		s := drafted(t)
		if s.ToMove() != ann {
			t.Errorf("%s to move after the draft, want Ann", players[s.ToMove()])
		}
		for _, m := range []string{"Beta", "Gizmo", "Ant", "StartD"} {
			v := expect(t, s, ann, setupLine(Main{m}), broke(ruleMain))
			if v != nil && !strings.Contains(v.What, "is not one of Ann's modules (Alpha, Delta, Eps)") {
				t.Errorf("main %s: %q", m, v.What)
			}
		}
		mustApply(t, s, ann, setupLine(Main{"Delta"}))
		if _, main := s.Modules(ann); main != "Delta" {
			t.Errorf("Ann's main = %q, want Delta", main)
		}
		if s.ToMove() != ben {
			t.Errorf("%s to move after Ann's main, want Ben", players[s.ToMove()])
		}
	})
	t.Run("once", func(t *testing.T) {
		s := drafted(t)
		mustApply(t, s, ann, setupLine(Main{"Delta"}))
		for _, m := range []string{"Delta", "Alpha"} {
			v := expect(t, s, ann, setupLine(Main{m}), broke(ruleMain))
			if v != nil && !strings.Contains(v.What, "Ann has already chosen Delta") {
				t.Errorf("a second main: %q", v.What)
			}
		}
	})
	t.Run("revealed together: the second player may write theirs first", func(t *testing.T) {
		s := drafted(t)
		mustApply(t, s, ben, setupLine(Main{"Zeta"}), setupLine(Keep{}))
		if s.ToMove() != ann {
			t.Errorf("%s to move, want Ann, who has no main", players[s.ToMove()])
		}
		mustApply(t, s, ann, setupLine(Main{"Alpha"}))
	})
	t.Run("only the main's cover ability is in force", func(t *testing.T) {
		// Ann drafts Alpha (power 1), Delta (haste) and Eps (daemons -1),
		// with Delta her main: her Ant costs 1, has no loading sickness,
		// and has its printed power.
		s := drafted(t)
		mustApply(t, s, ann, setupLine(Main{"Delta"}), setupLine(Keep{}))
		mustApply(t, s, ben, setupLine(Main{"Beta"}), setupLine(Keep{}))
		begin(t, s)
		s.players[ann].grip = names("Ant")
		s.memory = 3
		mustApply(t, s, ann, play("Ant"))
		checkMemory(t, s, 2)
		checkDaemons(t, s, ann, "Ant")
		if d := s.Daemons(ann)[0]; s.Power(ann, d) != 2 {
			t.Errorf("Ant's power = %d, want 2: Alpha's power 1 is not in force", s.Power(ann, d))
		}
		if b := s.bonuses(ann); !reflect.DeepEqual(b, Bonuses{Haste: true}) {
			t.Errorf("Ann's bonuses = %+v, want Delta's haste alone", b)
		}
		if b := s.bonuses(ben); !reflect.DeepEqual(b, Bonuses{Breach: 1}) {
			t.Errorf("Ben's bonuses = %+v, want Beta's breach alone", b)
		}
	})
}

// TestRulingD4TheOpeningGrip: "a player's grip is drawn as soon as their
// main module is written, and they may keep or take the mulligan on the
// same line".
func TestRulingD4TheOpeningGrip(t *testing.T) {
	s := newGame(t, cards(t), 3, nil)
	draft(t, s, defaultSetup.picks)
	expect(t, s, ann, setupLine(Keep{}), ruled("D4", rulingSetupDone))
	expect(t, s, ann, setupLine(mulligan("Ant")), ruled("D4", rulingSetupDone))
	deck := s.Deck(ann)
	mustApply(t, s, ann, setupLine(Main{"Alpha"}))
	checkCards(t, "Ann's grip", s.Grip(ann), strings.Join(deck[:GripSize], " "))
	checkCards(t, "Ann's deck", s.Deck(ann), strings.Join(deck[GripSize:], " "))
	if len(s.Grip(ben)) != 0 || len(s.Deck(ben)) != 45 {
		t.Errorf("Ben's grip %q before his main; want none, and 45 cards in his deck", s.Grip(ben))
	}
	expect(t, s, ben, setupLine(Keep{}), ruled("D4", rulingSetupDone))
	mustApply(t, s, ann, setupLine(Keep{}))
	v := expect(t, s, ann, setupLine(Keep{}), broke(ruleMulligan))
	if v != nil && !strings.Contains(v.What, "Ann has had their one round of mulligans") {
		t.Errorf("a second keep: %q", v.What)
	}
	expect(t, s, ann, setupLine(mulligan(s.Grip(ann)[0])), broke(ruleMulligan))
	deck = s.Deck(ben)
	mustApply(t, s, ben, setupLine(Main{"Gamma"}))
	checkCards(t, "Ben's grip", s.Grip(ben), strings.Join(deck[:GripSize], " "))
}

// mulliganned is the grip and deck a mulligan of set should leave: the
// first copy of each card set aside taken from grip, as many drawn from
// the top of deck, then the set-aside cards shuffled into the rest of the
// deck with src.
func mulliganned(src *shuffle.Source, grip, deck, set []string) ([]string, []string) {
	grip = slices.Clone(grip)
	for _, c := range set {
		i := slices.Index(grip, c)
		grip = slices.Delete(grip, i, i+1)
	}
	grip = append(grip, deck[:len(set)]...)
	return grip, shuffled(src, slices.Concat(deck[len(set):], set))
}

// TestRulingD6ThePartialMulligan: "A player who takes the mulligan names
// the cards of their opening grip they set aside (possibly all five);
// they draw as many new cards, then shuffle the cards set aside into their
// deck. Each player has this one chance".
func TestRulingD6ThePartialMulligan(t *testing.T) {
	mained := func(t *testing.T, seed uint64) *State {
		s := newGame(t, cards(t), seed, nil)
		draft(t, s, defaultSetup.picks)
		mustApply(t, s, ann, setupLine(Main{"Alpha"}))
		return s
	}
	for _, tt := range []struct {
		name string
		set  func(grip []string) []string
	}{
		{"one card", func(g []string) []string { return g[:1] }},
		{"two cards", func(g []string) []string { return []string{g[3], g[1]} }},
		{"all five", func(g []string) []string { return g }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for seed := range uint64(4) {
				s := mained(t, seed)
				set := tt.set(s.Grip(ann))
				grip, deck := mulliganned(source(s), s.Grip(ann), s.Deck(ann), set)
				mustApply(t, s, ann, setupLine(Mulligan{Cards: set}))
				checkCards(t, "Ann's grip", s.Grip(ann), strings.Join(grip, " "))
				checkCards(t, "Ann's deck", s.Deck(ann), strings.Join(deck, " "))
				if len(s.Grip(ann)) != 5 || len(s.Deck(ann)) != 40 {
					t.Errorf("grip %d and deck %d cards after the mulligan, want 5 and 40", len(s.Grip(ann)), len(s.Deck(ann)))
				}
			}
		})
	}
	t.Run("one chance: a second mulligan or a keep after it is refused", func(t *testing.T) {
		s := mained(t, 1)
		mustApply(t, s, ann, setupLine(Mulligan{Cards: s.Grip(ann)[:2]}))
		expect(t, s, ann, setupLine(Mulligan{Cards: s.Grip(ann)[:1]}), broke(ruleMulligan))
		expect(t, s, ann, setupLine(Keep{}), broke(ruleMulligan))
	})
	t.Run("a mulligan names at least one card", func(t *testing.T) {
		s := mained(t, 1)
		for _, m := range []Mulligan{{}, {Cards: []string{}}} {
			v := expect(t, s, ann, setupLine(m), broke(ruleMulligan))
			if v != nil && v.What != "a mulligan names the cards it sets aside; keep keeps the grip" {
				t.Errorf("an empty mulligan: %q", v.What)
			}
		}
		// The refusal left the chance: a keep is still open.
		mustApply(t, s, ann, setupLine(Keep{}))
	})
	t.Run("only cards of the grip, as many times as they are in it", func(t *testing.T) {
		s := mained(t, 1)
		grip := s.Grip(ann)
		var absent string
		for _, c := range cards(t).ModuleCards("Alpha") {
			if !slices.Contains(grip, c) {
				absent = c
			}
		}
		for _, set := range [][]string{{"Gizmo"}, {absent}, {grip[0], absent}, slices.Concat(grip, grip[:1]), {"Alpha"}} {
			v := expect(t, s, ann, setupLine(Mulligan{Cards: set}), broke(ruleMulligan))
			if v != nil && !strings.Contains(v.What, "is not in Ann's grip") {
				t.Errorf("mulligan %q: %q", set, v.What)
			}
		}
		// The refusals left the chance: a mulligan is still open.
		mustApply(t, s, ann, setupLine(Mulligan{Cards: grip[:1]}))
	})
	t.Run("each player's reshuffle, in the order written", func(t *testing.T) {
		s := mained(t, 2)
		mustApply(t, s, ben, setupLine(Main{"Beta"}))
		src := source(s)
		bg, bd := mulliganned(src, s.Grip(ben), s.Deck(ben), s.Grip(ben)[:2])
		ag, ad := mulliganned(src, s.Grip(ann), s.Deck(ann), s.Grip(ann)[:3])
		mustApply(t, s, ben, setupLine(Mulligan{Cards: s.Grip(ben)[:2]}))
		mustApply(t, s, ann, setupLine(Mulligan{Cards: s.Grip(ann)[:3]}))
		checkCards(t, "Ann's grip", s.Grip(ann), strings.Join(ag, " "))
		checkCards(t, "Ann's deck", s.Deck(ann), strings.Join(ad, " "))
		checkCards(t, "Ben's grip", s.Grip(ben), strings.Join(bg, " "))
		checkCards(t, "Ben's deck", s.Deck(ben), strings.Join(bd, " "))
	})
}

// TestRuleSecurityIsTheTopFiveAfterMulligans: "each player takes the top 5
// cards from their deck and places them in their Security", after the
// mulligans (ruling D4).
func TestRuleSecurityIsTheTopFiveAfterMulligans(t *testing.T) {
	s := newGame(t, cards(t), 4, nil)
	draft(t, s, defaultSetup.picks)
	mustApply(t, s, ann, setupLine(Main{"Alpha"}))
	mustApply(t, s, ben, setupLine(Main{"Beta"}))
	mustApply(t, s, ann, setupLine(Mulligan{Cards: s.Grip(ann)[1:3]}))
	mustApply(t, s, ben, setupLine(Keep{}))
	decks := [2][]string{s.Deck(ann), s.Deck(ben)}
	grips := [2][]string{s.Grip(ann), s.Grip(ben)}
	if len(s.Security(ann)) != 0 {
		t.Errorf("security before the first turn: %q", s.Security(ann))
	}
	mustApply(t, s, ann, Refresh{}) // the first move of turn 1; a grip of 5 draws none
	for p := range 2 {
		checkCards(t, players[p]+"'s security", s.Security(p), strings.Join(decks[p][:SecuritySize], " "))
		checkCards(t, players[p]+"'s deck", s.Deck(p), strings.Join(decks[p][SecuritySize:], " "))
		checkCards(t, players[p]+"'s grip", s.Grip(p), strings.Join(grips[p], " "))
		if len(s.Deck(p)) != 35 {
			t.Errorf("%s's deck has %d cards, want 35", players[p], len(s.Deck(p)))
		}
	}
}

// TestRuleTheFirstPlayersMemoryIsOne: "The first player sets their memory
// gauge to 1."
func TestRuleTheFirstPlayersMemoryIsOne(t *testing.T) {
	if StartMemory != 1 || SecuritySize != 5 || GripSize != 5 || GaugeEnd != 10 || ModuleSize != 15 {
		t.Errorf("the numbers of the rules text: %d %d %d %d %d", StartMemory, SecuritySize, GripSize, GaugeEnd, ModuleSize)
	}
	s := begin(t, setUp(t, cards(t), 1, nil, defaultSetup))
	checkAt(t, s, 1, ann)
	checkMemory(t, s, 1)
	checkEnded(t, s, false, "")
	// One memory pays for Ant and leaves 0, nobody's side: the turn goes on.
	s.players[ann].grip = names("Ant Ant")
	mustApply(t, s, ann, play("Ant"))
	checkMemory(t, s, 0)
	checkEnded(t, s, false, "")
}

// TestRulingD4AnImplicitKeep: "The game begins with the first turn, once
// both main modules are chosen. A player who has not written a mulligan or
// a keep by then keeps their grip."
func TestRulingD4AnImplicitKeep(t *testing.T) {
	mained := func(t *testing.T) *State {
		s := newGame(t, cards(t), 6, nil)
		draft(t, s, defaultSetup.picks)
		mustApply(t, s, ann, setupLine(Main{"Alpha"}))
		mustApply(t, s, ben, setupLine(Main{"Beta"}))
		return s
	}
	t.Run("the first move of a turn keeps both grips", func(t *testing.T) {
		s := mained(t)
		grips := [2][]string{s.Grip(ann), s.Grip(ben)}
		mustApply(t, s, ann, Refresh{})
		checkAt(t, s, 1, ann)
		for p := range 2 {
			checkCards(t, players[p]+"'s grip", s.Grip(p), strings.Join(grips[p], " "))
			if !s.players[p].decided {
				t.Errorf("%s has not decided", players[p])
			}
		}
		expect(t, s, ben, setupLine(Keep{}), ruled("D5", rulingSetupLine))
		expect(t, s, ben, setupLine(mulligan(grips[ben][0])), ruled("D5", rulingSetupLine))
	})
	t.Run("after one player's mulligan", func(t *testing.T) {
		s := mained(t)
		mustApply(t, s, ben, setupLine(Mulligan{Cards: s.Grip(ben)[:1]}))
		mustApply(t, s, ann, Refresh{})
		checkAt(t, s, 1, ann)
	})
	t.Run("not before both main modules are chosen", func(t *testing.T) {
		s := newGame(t, cards(t), 6, nil)
		expect(t, s, ann, Refresh{}, ruled("D4", rulingSetupDone))
		draft(t, s, defaultSetup.picks)
		expect(t, s, ann, Refresh{}, ruled("D4", rulingSetupDone))
		mustApply(t, s, ann, setupLine(Main{"Alpha"}), setupLine(Keep{}))
		v := expect(t, s, ann, Refresh{}, ruled("D4", rulingSetupDone))
		if v != nil && !strings.Contains(v.What, "Ben has not chosen a main module") {
			t.Errorf("a turn before Ben's main: %q", v.What)
		}
		if !s.SettingUp() || s.Turn() != 0 {
			t.Errorf("a refused turn move began the game")
		}
	})
	t.Run("the second player's move does not begin the game", func(t *testing.T) {
		s := mained(t)
		expect(t, s, ben, Refresh{}, broke(ruleTurnEnds))
		if !s.SettingUp() {
			t.Errorf("Ben's refused move ended the set-up")
		}
	})
}

// TestRulingD5SetUpLines: "Drafts, main modules, mulligans and keeps are
// written on set-up lines, and only there."
func TestRulingD5SetUpLines(t *testing.T) {
	setUpMoves := []engine.Move{Draft{"Alpha"}, Main{"Alpha"}, mulligan("Ant"), Keep{}}
	turnMoves := []engine.Move{play("Ant"), activate("Owl"), trash("Cell"), attack("Ant"), reveal("Dud"), Refresh{}, Burn{}, end()}
	t.Run("set-up moves in a turn", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Ant"}, memory: 1})
		for _, m := range setUpMoves {
			v := expect(t, s, ann, m, ruled("D5", rulingSetupLine))
			if v != nil && !strings.Contains(v.What, "is written in a turn") {
				t.Errorf("%s: %q", moveKey(m), v.What)
			}
		}
	})
	t.Run("set-up moves written as turn moves during the set-up", func(t *testing.T) {
		s := newGame(t, cards(t), 1, nil)
		for _, m := range setUpMoves {
			expect(t, s, ann, m, ruled("D5", rulingSetupLine))
		}
	})
	t.Run("turn moves on set-up lines", func(t *testing.T) {
		s := newGame(t, cards(t), 1, nil)
		draft(t, s, defaultSetup.picks)
		mustApply(t, s, ann, setupLine(Main{"Alpha"}))
		mustApply(t, s, ben, setupLine(Main{"Beta"}))
		for _, m := range turnMoves {
			v := expect(t, s, ann, setupLine(m), ruled("D5", rulingSetupLine))
			if v != nil && !strings.Contains(v.What, "only drafts, main modules, mulligans and keeps") {
				t.Errorf("%s: %q", moveKey(m), v.What)
			}
		}
	})
	t.Run("set-up lines after the first turn", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Ant"}, memory: 1})
		for _, m := range append(setUpMoves, turnMoves...) {
			for p := range 2 {
				v := expect(t, s, p, setupLine(m), ruled("D5", rulingSetupLine))
				if v != nil && !strings.Contains(v.What, "a set-up line after the first turn") {
					t.Errorf("%s: %q", moveKey(m), v.What)
				}
			}
		}
	})
}
