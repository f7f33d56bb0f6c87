package daemon

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
)

// ---------------------------------------------------------------------------
// The turn: the loading phase, the empty deck (D8), playing cards, the
// gauge (D7, D22, D23), the end of a turn (D2, D11), refresh and burn.

// passTurn ends the active player's turn with a refresh and passes it.
func passTurn(t testing.TB, s *State) {
	t.Helper()
	mustApply(t, s, s.Active(), Refresh{}, end())
}

// TestRuleTheLoadingPhase: "Gain additional memory: The active player adds
// one memory to their memory gauge for each card fewer than five they have
// in their security. Reboot Daemons: The active player reboots all their
// Daemons. Resolve Start-of-Turn Effects".
func TestRuleTheLoadingPhase(t *testing.T) {
	t.Run("memory for each missing security card", func(t *testing.T) {
		for _, tt := range []struct {
			security string
			want     int
		}{
			{"", 0},
			{"Dud Dud Dud Dud", 1},
			{"Dud Dud", 3},
			{"Dud", 4},
			{none, 5},
		} {
			s := build(t, position{grips: [2]string{"Ant"}, security: [2]string{"", tt.security}})
			passTurn(t, s)
			checkAt(t, s, 2, ben)
			checkMemory(t, s, tt.want)
		}
	})
	t.Run("on top of the memory the tracker carries over", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Bear"}, security: [2]string{"", "Dud Dud"}, memory: 1})
		mustApply(t, s, ann, play("Bear"), end())
		checkMemory(t, s, 2+3)
	})
	t.Run("the active player's daemons reboot, and lose their loading sickness", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Ant/spent Bear/sick Whale", "Ant/spent Bear/sick Whale"}, grips: [2]string{"Ant"}})
		passTurn(t, s)
		checkDaemons(t, s, ben, "Ant Bear Whale")
		checkDaemons(t, s, ann, "Ant/spent Bear/sick Whale")
		passTurn(t, s)
		checkDaemons(t, s, ann, "Ant Bear Whale")
	})
	t.Run("start-of-turn effects: the main's start draw and start memory", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"StartD", "StartM"}, grips: [2]string{"Ant", "Ant"}, decks: [2]string{"Note Bear Hare Mole Gift", "Owl Bat Note Note Note"}, security: [2]string{"", "Dud Dud Dud Dud"}})
		passTurn(t, s) // Ben: one missing security card, then start memory 2
		checkMemory(t, s, 1+2)
		checkCards(t, "Ben's grip", s.Grip(ben), "Ant")
		checkCards(t, "Ann's grip", s.Grip(ann), "Ant Note Bear Hare Mole")
		passTurn(t, s) // Ann: start draw 1, after Ben's refresh
		checkMemory(t, s, 0)
		checkCards(t, "Ann's grip", s.Grip(ann), "Ant Note Bear Hare Mole Gift")
		checkCards(t, "Ben's grip", s.Grip(ben), "Ant Owl Bat Note Note")
	})
	t.Run("the first player's loading phase in turn 1", func(t *testing.T) {
		s := newGame(t, cards(t), 9, nil)
		draft(t, s, "StartM Beta Gamma StartD Eps Zeta")
		mustApply(t, s, ann, setupLine(Main{"StartD"}), setupLine(Keep{}))
		mustApply(t, s, ben, setupLine(Main{"Beta"}), setupLine(Keep{}))
		deck := s.Deck(ann)
		mustApply(t, s, ann, Refresh{})
		// Security is the top 5; then the start draw takes the next.
		checkCards(t, "Ann's security", s.Security(ann), strings.Join(deck[:5], " "))
		if g := s.Grip(ann); len(g) != 6 || g[5] != deck[5] {
			t.Errorf("Ann's grip after turn 1's loading phase: %q, want 6 cards, the last %s", g, deck[5])
		}
	})
}

// TestRulingD8TheEmptyDecksDamage: "A player whose deck is empty at the
// start of their turn takes one damage before the loading phase; the
// loading phase's memory counts the security left after it." (the rule:
// "At the start of a player's turn, if they have an empty deck they take a
// damage.")
func TestRulingD8TheEmptyDecksDamage(t *testing.T) {
	emptyDeckUnder := func(t *testing.T, variants map[string]string) *State {
		s := build(t, position{
			variants: variants,
			mains:    [2]string{"", "StartM"},
			grips:    [2]string{"Ant", "Note"},
			decks:    [2]string{"", none},
			security: [2]string{"", "Bear Dud Dud Dud Dud"},
			daemons:  [2]string{"", "Ant/spent"},
		})
		passTurn(t, s)
		return s
	}
	emptyDeck := func(t *testing.T) *State { return emptyDeckUnder(t, nil) }
	first := map[string]string{"deckdamage": "first"}
	t.Run("a reveal is owed in step 3, after the memory and the reboot", func(t *testing.T) {
		s := emptyDeck(t)
		checkAt(t, s, 2, ben)
		checkOwed(t, s, 1, ben)
		checkMemory(t, s, 0) // five security cards at step 1: none missing
		checkDaemons(t, s, ben, "Ant")
		// The end of the turn too: a reveal owed comes before everything.
		for _, m := range []engine.Move{play("Note"), Refresh{}, attack("Ant"), Burn{}, end()} {
			expect(t, s, ben, m, ruled("D9", rulingRevealNow))
		}
		v := expect(t, s, ben, reveal("Dud"), broke(ruleReveal))
		if v != nil && !strings.Contains(v.What, "the top card of Ben's security is Bear, not Dud") {
			t.Errorf("a wrong reveal: %q", v.What)
		}
		expect(t, s, ann, reveal("Bear"), broke(ruleTurnEnds))
	})
	t.Run("then the other start-of-turn effects", func(t *testing.T) {
		s := emptyDeck(t)
		mustApply(t, s, ben, reveal("Bear"))
		checkOwed(t, s, 0, ben)
		checkCards(t, "Ben's security", s.Security(ben), "Dud Dud Dud Dud")
		checkCards(t, "Ben's grip", s.Grip(ben), "Note Bear")
		checkMemory(t, s, 2) // start memory 2; the card the damage took is not counted
		checkDaemons(t, s, ben, "Ant")
		checkEnded(t, s, false, "")
		checkNotOver(t, s)
		mustApply(t, s, ben, play("Note"))
	})
	t.Run("deckdamage=first: a reveal is owed before the loading phase", func(t *testing.T) {
		s := emptyDeckUnder(t, first)
		checkOwed(t, s, 1, ben)
		checkMemory(t, s, 0)
		checkDaemons(t, s, ben, "Ant/spent")
	})
	t.Run("deckdamage=first: then the loading phase counts the security left", func(t *testing.T) {
		s := emptyDeckUnder(t, first)
		mustApply(t, s, ben, reveal("Bear"))
		checkMemory(t, s, 1+2) // a missing security card, then start memory 2
		checkDaemons(t, s, ben, "Ant")
		mustApply(t, s, ben, play("Note"))
	})
	t.Run("each turn the deck is empty", func(t *testing.T) {
		s := emptyDeck(t)
		mustApply(t, s, ben, reveal("Bear"), Refresh{}, end())
		checkOwed(t, s, 0, ann)
		passTurn(t, s)
		checkAt(t, s, 4, ben)
		checkOwed(t, s, 1, ben)
	})
	t.Run("with no security left it loses the game", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Ant"}, decks: [2]string{"", none}, security: [2]string{"", none}})
		passTurn(t, s)
		checkOutcome(t, s, ann, "Ben took damage with no security left (the damage of an empty deck)", 2)
	})
}

// TestRulePlayACardPaysItsMemory: "Play a card: Place a card from your hand
// onto the field by paying its memory costs."
func TestRulePlayACardPaysItsMemory(t *testing.T) {
	t.Run("a daemon enters the field, a script resolves and goes to the script zone", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Bear Note Ant"}, decks: [2]string{"Owl Dud"}, memory: 5})
		mustApply(t, s, ann, play("Bear"))
		checkMemory(t, s, 2)
		checkDaemons(t, s, ann, "Bear/sick")
		mustApply(t, s, ann, play("Note"))
		checkMemory(t, s, 1)
		checkCards(t, "Ann's grip", s.Grip(ann), "Ant Owl")
		checkCards(t, "Ann's scripts", s.Scripts(ann), "Note")
		checkCards(t, "Ann's deck", s.Deck(ann), "Dud")
	})
	t.Run("only a card of one's grip", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Ant", "Bear"}, memory: 5})
		for _, tt := range []struct {
			card, what string
		}{
			{"Bear", "Bear is not in Ann's grip"},
			{"Owl", "Owl is not in Ann's grip"},
			{"Gizmo", `no card named "Gizmo" in the catalogue`},
			{"ant", `no card named "ant" in the catalogue (did you mean "Ant"?)`},
			{"alpha", `no card named "alpha" in the catalogue`},
			{"Alpha", `Alpha is a module, not a card`},
		} {
			v := expect(t, s, ann, play(tt.card), broke(rulePlay))
			if v != nil && !strings.HasPrefix(v.What, tt.what) {
				t.Errorf("play %s: %q, want %q", tt.card, v.What, tt.what)
			}
		}
	})
	t.Run("discounts, never below 0", func(t *testing.T) {
		for _, tt := range []struct {
			name    string
			main    string
			scripts string
			card    string
			cost    int
		}{
			{"no discount", "", "", "Bear", 3},
			{"daemons -1 on a daemon", "Eps", "", "Bear", 2},
			{"daemons -1 not on a script", "Eps", "", "Note", 1},
			{"daemons -1 on a daemon of cost 0", "Eps", "", "Gnat", 0},
			{"scripts -1 on a script", "Zeta", "", "Kit", 2},
			{"scripts -1 on a script of cost 1", "Zeta", "", "Note", 0},
			{"scripts -1 not on a daemon", "Zeta", "", "Ant", 1},
			{"ongoing daemons -2", "", "Mold", "Whale", 4},
			{"ongoing daemons -2 and the main's -1", "Eps", "Mold", "Whale", 3},
			{"two ongoing daemons -2", "", "Mold Mold", "Whale", 2},
			{"discounts past the cost", "Eps", "Mold", "Bear", 0},
			{"ongoing scripts -1 twice and the main's", "Zeta", "Macro Macro", "Kit", 0},
			{"the opponent's discounts do not count", "", "", "Bear", 3},
		} {
			t.Run(tt.name, func(t *testing.T) {
				s := build(t, position{mains: [2]string{tt.main, "Eps"}, scripts: [2]string{tt.scripts, "Mold Macro"}, grips: [2]string{tt.card}, memory: 6})
				before := s.Memory()
				gain := 0
				if tt.card == "Kit" {
					gain = 2
				}
				mustApply(t, s, ann, play(tt.card))
				if paid := before - s.Memory() + gain; paid != tt.cost {
					t.Errorf("%s paid %d, want %d", tt.card, paid, tt.cost)
				}
			})
		}
	})
}

// TestRulingD22WhenATurnEnds: "The turn ends after an action whose cost and
// effects, all resolved, leave the tracker on the opponent's side. Exactly
// 0 is nobody's side: the turn goes on."
func TestRulingD22WhenATurnEnds(t *testing.T) {
	for _, tt := range []struct {
		name   string
		pos    position
		moves  []engine.Move
		memory int
		ended  bool
	}{
		{"a payment to 0", position{grips: [2]string{"Ant"}, memory: 1}, []engine.Move{play("Ant")}, 0, false},
		{"a payment past 0", position{grips: [2]string{"Bear"}, memory: 1}, []engine.Move{play("Bear")}, -2, true},
		{"a free card at 0", position{grips: [2]string{"Gnat"}, memory: 0}, []engine.Move{play("Gnat")}, 0, false},
		{"a card's effect brings it back to 0", position{grips: [2]string{"Kit"}, memory: 1}, []engine.Move{play("Kit")}, 0, false},
		{"a card's effect not far enough", position{grips: [2]string{"Kit"}, memory: 0}, []engine.Move{play("Kit")}, -1, true},
		{"an ability to 0", position{daemons: [2]string{"Owl"}, memory: 2}, []engine.Move{activate("Owl")}, 0, false},
		{"an ability past 0", position{daemons: [2]string{"Owl"}, memory: 1}, []engine.Move{activate("Owl")}, -1, true},
		{"an ability's gain brings it back to 0", position{daemons: [2]string{"Bat"}, memory: 1}, []engine.Move{activate("Bat")}, 0, false},
		{"an ability's gain not far enough", position{daemons: [2]string{"Bat"}, memory: 0}, []engine.Move{activate("Bat")}, -1, true},
		{"several actions", position{grips: [2]string{"Ant Ant Ant"}, memory: 2}, []engine.Move{play("Ant"), play("Ant"), play("Ant")}, -1, true},
		{"an attack at 0", position{daemons: [2]string{"Bear"}, memory: 0}, []engine.Move{attack("Bear", "Ant")}, 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.pos.daemons[ben] = "Ant Ant"
			s := build(t, tt.pos)
			mustApply(t, s, ann, tt.moves...)
			checkMemory(t, s, tt.memory)
			checkEnded(t, s, tt.ended, "the memory tracker crossed to Ben's side (")
			if tt.ended {
				if _, why := s.Ended(); !strings.HasSuffix(why, "Ben's side (1)") && !strings.HasSuffix(why, "Ben's side (2)") {
					t.Errorf("why = %q", why)
				}
			}
		})
	}
	t.Run("the other player's side is the other way round", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"", "Bear"}, memory: 1, benActive: true})
		mustApply(t, s, ben, play("Bear"))
		checkEnded(t, s, true, "the memory tracker crossed to Ann's side (2)")
		mustApply(t, s, ben, end())
		checkAt(t, s, 3, ann)
		checkMemory(t, s, 2)
	})
}

// TestRulingD7TheGauge: "The tracker runs from 10 on one player's side to
// 10 on the other's. A payment that would move the memory tracker past the
// end of the gauge is not allowed. A gain that would go past 10 stops at
// 10. When the turn passes, the tracker stays where it is".
func TestRulingD7TheGauge(t *testing.T) {
	t.Run("the tracker stays where it is: the new active player has the memory on their side", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Bear", "Whale"}, memory: 1})
		mustApply(t, s, ann, play("Bear"), end())
		checkAt(t, s, 2, ben)
		checkMemory(t, s, 2)
		s.memory = 4
		mustApply(t, s, ben, play("Whale"), end())
		checkAt(t, s, 3, ann)
		checkMemory(t, s, 2)
	})
	t.Run("a payment to the end of the gauge", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Titan"}, memory: 0})
		mustApply(t, s, ann, play("Titan"))
		checkMemory(t, s, -GaugeEnd)
		mustApply(t, s, ann, end())
		checkMemory(t, s, GaugeEnd)
	})
	// A turn goes on only while the tracker is not on the opponent's side:
	// these positions, with the tracker already there, are made by hand.
	// A cost past 10 makes one in play (below).
	t.Run("a payment past the end of the gauge", func(t *testing.T) {
		for _, tt := range []struct {
			memory int
			m      engine.Move
		}{
			{-1, play("Titan")},
			{-9, activate("Owl")},
			{-8, play("Bear")},
		} {
			s := build(t, position{grips: [2]string{"Titan Bear"}, daemons: [2]string{"Owl"}, memory: tt.memory})
			v := expect(t, s, ann, tt.m, ruled("D7", rulingGauge))
			if v != nil && !strings.Contains(v.What, "past the end of the gauge") {
				t.Errorf("%s at %d: %q", moveKey(tt.m), tt.memory, v.What)
			}
		}
	})
	t.Run("a cost past 10 is paid only from memory on its owner's side", func(t *testing.T) {
		for _, tt := range []struct {
			name   string
			main   string
			m      engine.Move
			memory int
			want   verdict
			what   string // the refusal's words
			after  int    // the tracker after a payment
		}{
			{"a cost-12 daemon from 1 memory", "", play("Colossus"), 1, ruled("D7", rulingGauge),
				"Ann has 1 memory, and paying 12 would move the tracker to 11 on Ben's side, past the end of the gauge", 0},
			{"a cost-12 daemon from 0 memory", "", play("Colossus"), 0, ruled("D7", rulingGauge),
				"Ann has 0 memory, and paying 12 would move the tracker to 12 on Ben's side, past the end of the gauge", 0},
			{"a cost-12 daemon from 2 memory", "", play("Colossus"), 2, ok, "", -GaugeEnd},
			{"a cost-12 daemon from 5 memory", "", play("Colossus"), 5, ok, "", -7},
			{"a cost-12 daemon, daemons -1, from 1 memory", "Eps", play("Colossus"), 1, ok, "", -GaugeEnd},
			{"a cost-12 ability from 1 memory", "", activate("Reactor"), 1, ruled("D7", rulingGauge),
				"Ann has 1 memory, and paying 12 would move the tracker to 11 on Ben's side, past the end of the gauge", 0},
			{"a cost-12 ability from 2 memory", "", activate("Reactor"), 2, ok, "", -GaugeEnd},
			{"a cost-20 script from 9 memory", "", play("Overload"), 9, ruled("D7", rulingGauge),
				"Ann has 9 memory, and paying 20 would move the tracker to 11 on Ben's side, past the end of the gauge", 0},
			{"a cost-20 script from 10 memory", "", play("Overload"), GaugeEnd, ok, "", -GaugeEnd},
		} {
			t.Run(tt.name, func(t *testing.T) {
				s := build(t, position{mains: [2]string{tt.main}, grips: [2]string{"Colossus Overload"}, daemons: [2]string{"Reactor"}, memory: tt.memory})
				listed := slices.ContainsFunc(s.Legal(), func(m engine.Move) bool { return moveKey(m) == moveKey(tt.m) })
				if listed != (tt.want == ok) {
					t.Errorf("Legal lists %s: %v, want %v", moveKey(tt.m), listed, tt.want == ok)
				}
				v := expect(t, s, ann, tt.m, tt.want)
				if tt.want != ok {
					if v != nil && v.What != tt.what {
						t.Errorf("%s at %d: %q, want %q", moveKey(tt.m), tt.memory, v.What, tt.what)
					}
					return
				}
				checkMemory(t, s, tt.after)
				checkEnded(t, s, true, fmt.Sprintf("the memory tracker crossed to Ben's side (%d)", -tt.after))
				mustApply(t, s, ann, end())
				checkAt(t, s, 2, ben)
				checkMemory(t, s, -tt.after)
			})
		}
	})
	t.Run("gains stop at 10", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Gift"}, scripts: [2]string{"Cell"}, memory: 9})
		mustApply(t, s, ann, play("Gift"))
		checkMemory(t, s, 10)
		mustApply(t, s, ann, trash("Cell"))
		checkMemory(t, s, 10)
	})
	t.Run("the loading phase's gains stop at 10", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"", "StartM"}, grips: [2]string{"Whale"}, security: [2]string{"", "Dud"}, memory: 0})
		mustApply(t, s, ann, play("Whale"), end())
		checkMemory(t, s, 10) // 6, then 4 for the missing security, then start memory 2
	})
}

// TestRulingD2EndOfTurn: "A turn ends only by crossing the gauge, by
// refresh or by burn."
func TestRulingD2EndOfTurn(t *testing.T) {
	for _, tt := range []struct {
		memory int
		what   string
	}{
		{1, "Ann's turn has not ended: the tracker is at 1 on their side"},
		{0, "Ann's turn has not ended: the tracker is at 0, nobody's side"},
		{10, "Ann's turn has not ended: the tracker is at 10 on their side"},
	} {
		s := build(t, position{grips: [2]string{"Ant"}, memory: tt.memory})
		v := expect(t, s, ann, end(), ruled("D2", rulingNotEnded))
		if v != nil && v.What != tt.what {
			t.Errorf("end of turn at %d: %q, want %q", tt.memory, v.What, tt.what)
		}
	}
	s := build(t, position{grips: [2]string{"Ant"}, memory: 1})
	expect(t, s, ben, end(), broke(ruleTurnEnds))
}

// TestRulingD11AfterTheTurn: "Nothing more is written in a turn after it
// has ended. The opponent's turn is the next numbered turn."
func TestRulingD11AfterTheTurn(t *testing.T) {
	ended := map[string]func(t *testing.T) *State{
		"crossed": func(t *testing.T) *State {
			s := build(t, position{grips: [2]string{"Bear Ant Zap"}, daemons: [2]string{"Owl Ant", "Ant"}, scripts: [2]string{"Cell"}, memory: 2})
			mustApply(t, s, ann, play("Bear"))
			return s
		},
		"refreshed": func(t *testing.T) *State {
			s := build(t, position{grips: [2]string{"Bear Ant Zap"}, daemons: [2]string{"Owl Ant", "Ant"}, scripts: [2]string{"Cell"}, memory: 5})
			mustApply(t, s, ann, Refresh{})
			return s
		},
	}
	for name, setUp := range ended {
		t.Run(name, func(t *testing.T) {
			s := setUp(t)
			for _, m := range []engine.Move{play("Ant"), play("Zap", "Ant"), activate("Owl"), trash("Cell"), attack("Ant"), attack("Ant", "Ant"), Refresh{}, Burn{}, reveal("Dud")} {
				v := expect(t, s, ann, m, ruled("D11", rulingTurnOver))
				if v != nil && !strings.Contains(v.What, "Ann's turn has ended: ") {
					t.Errorf("%s: %q", moveKey(m), v.What)
				}
				expect(t, s, ben, m, broke(ruleTurnEnds))
			}
			mustApply(t, s, ann, end())
			checkAt(t, s, 2, ben)
			checkEnded(t, s, false, "")
			expect(t, s, ann, end(), broke(ruleTurnEnds))
		})
	}
}

// TestRulingD2Refresh: "A refresh sets the tracker to 0, draws up to 5, and
// ends the turn; the opponent starts with 0 memory." (the rule: "Refresh:
// Set the memory tracker to zero and draw cards until you have 5 cards in
// your grip.")
func TestRulingD2Refresh(t *testing.T) {
	for _, tt := range []struct {
		name    string
		main    string
		scripts string
		grip    string
		deck    string
		want    string // the grip after
	}{
		{"draws up to 5", "", "", "Ant Bear", "Owl Bat Note Kit", "Ant Bear Owl Bat Note"},
		{"draws nothing with 5", "", "", "Ant Ant Ant Ant Ant", "Owl", "Ant Ant Ant Ant Ant"},
		{"draws nothing with more than 5", "", "", "Ant Ant Ant Ant Ant Ant Ant", "Owl", "Ant Ant Ant Ant Ant Ant Ant"},
		{"an empty grip", "", "", "", "Owl Bat Note Kit Gift Pump", "Owl Bat Note Kit Gift"},
		{"a deck too short", "", "", "Ant", "Owl", "Ant Owl"},
		{"an empty deck", "", "", "Ant", none, "Ant"},
		{"the main's grip 6", "Gamma", "", "Ant", "Owl Bat Note Kit Gift Pump Zap", "Ant Owl Bat Note Kit Gift"},
		{"an ongoing grip 7", "", "Bag", "Ant", "Owl Bat Note Kit Gift Pump Zap", "Ant Owl Bat Note Kit Gift Pump"},
		{"the greater of the main's grip and the ongoing one", "Gamma", "Bag", "", "Owl Bat Note Kit Gift Pump Zap", "Owl Bat Note Kit Gift Pump Zap"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			main := tt.main
			if main == "" {
				main = "Alpha"
			}
			s := build(t, position{mains: [2]string{main}, scripts: [2]string{tt.scripts}, grips: [2]string{tt.grip}, decks: [2]string{tt.deck}, memory: 4})
			mustApply(t, s, ann, Refresh{})
			checkMemory(t, s, 0)
			checkEnded(t, s, true, "refresh ends the turn (ruling D2)")
			checkCards(t, "Ann's grip", s.Grip(ann), tt.want)
			mustApply(t, s, ann, end())
			checkAt(t, s, 2, ben)
			checkMemory(t, s, 0)
		})
	}
	t.Run("refused with an empty grip and an empty deck", func(t *testing.T) {
		s := build(t, position{decks: [2]string{none}, daemons: [2]string{"Ant"}, memory: 3})
		v := expect(t, s, ann, Refresh{}, broke(ruleBurn))
		if v != nil && !strings.Contains(v.What, "Ann's grip and deck are empty: refresh is lost") {
			t.Errorf("refresh: %q", v.What)
		}
	})
}

// TestRulingD2Burn: "Burn deals the active player one damage, sets the
// tracker to 0 and ends the turn." (the rule: "If a player has an empty
// hand and an empty deck then a player loses the ability to perform the
// Refresh action and gains access to the Burn action.")
func TestRulingD2Burn(t *testing.T) {
	t.Run("only with an empty grip and an empty deck", func(t *testing.T) {
		for _, pos := range []position{
			{grips: [2]string{"Ant"}, decks: [2]string{none}},
			{decks: [2]string{"Ant"}},
			{grips: [2]string{"Ant"}},
		} {
			s := build(t, pos)
			v := expect(t, s, ann, Burn{}, broke(ruleBurn))
			if v != nil && !strings.Contains(v.What, "Ann's grip or deck is not empty") {
				t.Errorf("burn: %q", v.What)
			}
		}
	})
	t.Run("one damage, the tracker to 0, and the turn ends", func(t *testing.T) {
		s := build(t, position{decks: [2]string{none}, security: [2]string{"Bear Note"}, memory: 3})
		mustApply(t, s, ann, Burn{})
		// The damage first: while its reveal is owed, the tracker is where
		// it was; the reveal made, it is set to 0.
		checkMemory(t, s, 3)
		checkEnded(t, s, true, "burn ends the turn (ruling D2)")
		checkOwed(t, s, 1, ann)
		mustApply(t, s, ann, reveal("Bear"))
		checkMemory(t, s, 0)
		checkOwed(t, s, 0, ann)
		checkCards(t, "Ann's security", s.Security(ann), "Note")
		checkCards(t, "Ann's grip", s.Grip(ann), "Bear")
		checkNotOver(t, s)
		mustApply(t, s, ann, end())
		checkAt(t, s, 2, ben)
		checkMemory(t, s, 0)
	})
	t.Run("with no security left it loses the game", func(t *testing.T) {
		s := build(t, position{decks: [2]string{none}, security: [2]string{none}, memory: 3})
		mustApply(t, s, ann, Burn{})
		checkOutcome(t, s, ben, "Ann took damage with no security left (burn)", 1)
	})
}

// TestRulingD2BurnLeavesTheTrackerAtZero: "Burn deals the active player
// one damage, sets the tracker to 0 and ends the turn": the damage first,
// then the tracker to 0, so whatever the damage's reveal gives (here the
// burner's main's reveal memory 3), the opponent's turn begins at 0, not
// in debt.
func TestRulingD2BurnLeavesTheTrackerAtZero(t *testing.T) {
	for _, tt := range []struct {
		name   string
		memory int
	}{
		{"from 3", 3},
		{"from 0", 0},
		{"from the end of the gauge", GaugeEnd},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, position{mains: [2]string{"RevealM"}, decks: [2]string{none}, grips: [2]string{"", "Gnat"}, memory: tt.memory})
			mustApply(t, s, ann, Burn{})
			checkMemory(t, s, tt.memory)
			mustApply(t, s, ann, reveal("Dud"))
			checkMemory(t, s, 0)
			checkEnded(t, s, true, "burn ends the turn (ruling D2)")
			mustApply(t, s, ann, end())
			checkAt(t, s, 2, ben)
			checkMemory(t, s, 0)
			mustApply(t, s, ben, play("Gnat"))
			checkMemory(t, s, 0)
			checkEnded(t, s, false, "")
		})
	}
}

// TestRulingD9NoEndOfTurnWhileARevealIsOwed: damage is revealed at once,
// "before anything else" (ruling D9), the end of the turn included, in the
// turn it was taken: a burn's ("the damage's reveal is written before the
// next turn", D2), and an attack's, while its reveals are owed.
func TestRulingD9NoEndOfTurnWhileARevealIsOwed(t *testing.T) {
	t.Run("after burn", func(t *testing.T) {
		s := build(t, position{decks: [2]string{none}, security: [2]string{"Note"}, memory: 3})
		mustApply(t, s, ann, Burn{})
		checkEnded(t, s, true, "burn ends the turn (ruling D2)")
		for p := range 2 {
			want := ruled("D9", rulingRevealNow)
			if p == ben {
				want = broke(ruleTurnEnds)
			}
			v := expect(t, s, p, end(), want)
			if p == ann && v != nil && !strings.Contains(v.What, "Ann must reveal the top card of their security (Note) before anything else") {
				t.Errorf("end of turn: %q", v.What)
			}
		}
		checkAt(t, s, 1, ann)
		checkOwed(t, s, 1, ann)
		checkLegal(t, s, reveal("Note"))
		mustApply(t, s, ann, reveal("Note"), end())
		checkAt(t, s, 2, ben)
	})
	t.Run("during an attack, the tracker on the opponent's side", func(t *testing.T) {
		// Mole's attack deals 3 damage (its breach 1 and Beta's). Ben's
		// reveal memory 3 takes Ann's 1 to 2 on Ben's side at the first
		// reveal: the turn ends only once the attack is over, and before
		// that the end of the turn is refused for the reveals owed.
		s := build(t, position{mains: [2]string{"Beta", "RevealM"}, daemons: [2]string{"Mole"}, memory: 1})
		mustApply(t, s, ann, attack("Mole"))
		expect(t, s, ann, end(), ruled("D9", rulingRevealNow))
		mustApply(t, s, ann, reveal("Dud"))
		checkMemory(t, s, -2)
		checkOwed(t, s, 2, ben)
		expect(t, s, ann, end(), ruled("D9", rulingRevealNow))
		checkAt(t, s, 1, ann)
		mustApply(t, s, ann, reveal("Dud"), reveal("Dud"))
		checkEnded(t, s, true, "the memory tracker crossed to Ben's side (8)")
		mustApply(t, s, ann, end())
		checkAt(t, s, 2, ben)
	})
}

// TestRulingD18NoMaximumGrip: "Players have no maximum grip size."
func TestRulingD18NoMaximumGrip(t *testing.T) {
	grip := strings.Repeat("Note ", 6) + "Ant Ant Ant Ant Ant Ant"
	s := build(t, position{grips: [2]string{grip}, decks: [2]string{"Owl Owl Owl"}, memory: 3})
	mustApply(t, s, ann, play("Note"), play("Note"))
	if n := len(s.Grip(ann)); n != 12 {
		t.Errorf("%d cards in Ann's grip, want 12", n)
	}
	mustApply(t, s, ann, Refresh{}, end())
	if n := len(s.Grip(ann)); n != 12 {
		t.Errorf("%d cards in Ann's grip after her turn, want 12", n)
	}
}

// TestRulingD17DrawingFromAnEmptyDeck: "A draw from an empty deck draws
// nothing; it is not a loss."
func TestRulingD17DrawingFromAnEmptyDeck(t *testing.T) {
	s := build(t, position{grips: [2]string{"Note Note"}, decks: [2]string{"Owl"}, scripts: [2]string{"Cache"}, memory: 3})
	mustApply(t, s, ann, trash("Cache"))
	checkCards(t, "Ann's grip", s.Grip(ann), "Note Note Owl")
	checkCards(t, "Ann's deck", s.Deck(ann), "")
	mustApply(t, s, ann, play("Note"))
	checkCards(t, "Ann's grip", s.Grip(ann), "Note Owl")
	checkNotOver(t, s)
	checkOwed(t, s, 0, ann)
	mustApply(t, s, ann, Refresh{})
	checkCards(t, "Ann's grip", s.Grip(ann), "Note Owl")
	mustApply(t, s, ann, end())
	checkNotOver(t, s)
}

// ---------------------------------------------------------------------------
// Attacks: ready daemons (D14), loading sickness, damage and reveals (D9,
// D15, D20, D13), daemon against daemon (D12), naming daemons (D10).

// TestRuleAttackWithAReadyDaemon: "To declare an attack the active player
// must have a Daemon in the ready state (vertical orientation) and that
// isn't affected by loading sickness."
func TestRuleAttackWithAReadyDaemon(t *testing.T) {
	t.Run("a daemon with loading sickness cannot attack", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Ant/sick", "Bear"}})
		v := expect(t, s, ann, attack("Ant"), broke(ruleSickness))
		if v != nil && !strings.Contains(v.What, "Ant has loading sickness") {
			t.Errorf("attack: %q", v.What)
		}
		expect(t, s, ann, attack("Ant", "Bear"), broke(ruleSickness))
	})
	t.Run("a spent daemon cannot attack", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Ant/spent", "Bear"}})
		v := expect(t, s, ann, attack("Ant"), broke(ruleAttack))
		if v != nil && !strings.Contains(v.What, "Ant is not ready") {
			t.Errorf("attack: %q", v.What)
		}
		expect(t, s, ann, attack("Ant", "Bear"), broke(ruleAttack))
	})
	t.Run("a daemon attacks once a turn", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Bear", "Ant Ant"}, security: [2]string{"", "Dud Dud Dud Dud Dud"}})
		mustApply(t, s, ann, attack("Bear", "Ant"))
		expect(t, s, ann, attack("Bear", "Ant"), broke(ruleAttack))
		expect(t, s, ann, attack("Bear"), broke(ruleAttack))
	})
	t.Run("haste: the card, the main module, an ongoing script", func(t *testing.T) {
		for _, pos := range []position{
			{grips: [2]string{"Hare"}, memory: 2},
			{mains: [2]string{"Delta"}, grips: [2]string{"Ant"}, memory: 2},
			{scripts: [2]string{"Spur"}, grips: [2]string{"Ant"}, memory: 2},
		} {
			s := build(t, pos)
			card := names(pos.grips[ann])[0]
			mustApply(t, s, ann, play(card))
			checkDaemons(t, s, ann, card)
			mustApply(t, s, ann, attack(card))
			checkOwed(t, s, 1, ben)
		}
	})
	t.Run("without haste a daemon enters with loading sickness", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"", "Delta"}, scripts: [2]string{"", "Spur"}, grips: [2]string{"Ant"}, memory: 2})
		mustApply(t, s, ann, play("Ant"))
		checkDaemons(t, s, ann, "Ant/sick")
		expect(t, s, ann, attack("Ant"), broke(ruleSickness))
	})
	t.Run("the daemons named must be on the field", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Bear"}, daemons: [2]string{"Ant", "Bear"}})
		for _, m := range []engine.Move{attack("Bear"), attack("Gizmo"), attack("Ant", "Ant"), attack("Ant", "Gizmo")} {
			v := expect(t, s, ann, m, ruled("D10", rulingTarget))
			if v != nil && !strings.Contains(v.What, "has no daemon") {
				t.Errorf("%s: %q", moveKey(m), v.What)
			}
		}
	})
}

// TestRuleLoadingSickness: "When a Daemon enters the field it is affected
// by loading sickness until the next loading phase", its owner's.
func TestRuleLoadingSickness(t *testing.T) {
	s := build(t, position{grips: [2]string{"Ant Bear", "Ant"}, memory: 2})
	mustApply(t, s, ann, play("Ant"), play("Bear"), end())
	checkDaemons(t, s, ann, "Ant/sick Bear/sick")
	passTurn(t, s)
	checkAt(t, s, 3, ann)
	checkDaemons(t, s, ann, "Ant Bear")
	mustApply(t, s, ann, attack("Ant"))
}

// TestRulingD14WhatAnAttackCosts: "An attack costs no memory. The attacking
// daemon leaves the ready state and is rebooted in its owner's next loading
// phase."
func TestRulingD14WhatAnAttackCosts(t *testing.T) {
	for _, target := range []string{"", "Ant"} {
		t.Run("attack "+target, func(t *testing.T) {
			s := build(t, position{daemons: [2]string{"Bear Bear", "Ant"}, grips: [2]string{"", "Ant"}, memory: 3})
			mustApply(t, s, ann, attack("Bear", target))
			if target == "" {
				mustApply(t, s, ann, reveal("Dud"))
			}
			checkMemory(t, s, 3)
			checkEnded(t, s, false, "")
			checkDaemons(t, s, ann, "Bear/spent Bear")
			passTurn(t, s)
			checkDaemons(t, s, ann, "Bear/spent Bear")
			passTurn(t, s)
			checkDaemons(t, s, ann, "Bear Bear")
		})
	}
}

// TestRulingD9Reveals: "Each card revealed from security is written as it
// is revealed, before anything else, as reveal and the card's name. An
// attack on security deals 1 damage, plus its daemon's breach and its
// owner's breach bonus, one reveal each."
func TestRulingD9Reveals(t *testing.T) {
	t.Run("the damage of an attack on security", func(t *testing.T) {
		for _, tt := range []struct {
			name     string
			main     string
			scripts  string
			attacker string
			damage   int
		}{
			{"1", "", "", "Ant", 1},
			{"the daemon's breach", "", "", "Mole", 2},
			{"the main's breach", "Beta", "", "Ant", 2},
			{"an ongoing breach", "", "Drill", "Ant", 2},
			{"all of them", "Beta", "Drill Drill", "Mole", 5},
			{"the opponent's breach does not count", "", "", "Ant", 1},
		} {
			t.Run(tt.name, func(t *testing.T) {
				s := build(t, position{mains: [2]string{tt.main, "Beta"}, scripts: [2]string{tt.scripts, "Drill"}, daemons: [2]string{tt.attacker}, memory: 2})
				mustApply(t, s, ann, attack(tt.attacker))
				checkOwed(t, s, tt.damage, ben)
				for range tt.damage {
					mustApply(t, s, ann, reveal("Dud"))
				}
				checkOwed(t, s, 0, ben)
				if n := len(s.Security(ben)); n != 5-tt.damage {
					t.Errorf("Ben has %d security cards, want %d", n, 5-tt.damage)
				}
			})
		}
	})
	t.Run("reveals in order, each the top card", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"Beta"}, daemons: [2]string{"Mole"}, security: [2]string{"", "Note Gift Pump Dud Dud"}, memory: 2})
		mustApply(t, s, ann, attack("Mole"))
		for _, card := range names("Note Gift Pump") {
			for _, wrong := range names("Dud Gizmo") {
				v := expect(t, s, ann, reveal(wrong), broke(ruleReveal))
				if v != nil && !strings.Contains(v.What, "the top card of Ben's security is "+card+", not "+wrong) {
					t.Errorf("reveal %s: %q", wrong, v.What)
				}
			}
			expect(t, s, ben, reveal(card), broke(ruleTurnEnds))
			mustApply(t, s, ann, reveal(card))
		}
		checkCards(t, "Ben's scripts", s.Scripts(ben), "Note Gift Pump")
		checkCards(t, "Ben's security", s.Security(ben), "Dud Dud")
	})
	t.Run("before anything else", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Mole Owl Ant", "Ant"}, grips: [2]string{"Ant"}, scripts: [2]string{"Cell"}, memory: 4})
		mustApply(t, s, ann, attack("Mole"))
		for _, m := range []engine.Move{play("Ant"), activate("Owl"), trash("Cell"), attack("Ant"), attack("Ant", "Ant"), Refresh{}, Burn{}, end()} {
			v := expect(t, s, ann, m, ruled("D9", rulingRevealNow))
			if v != nil && !strings.Contains(v.What, "Ben must reveal the top card of their security (Dud) before anything else") {
				t.Errorf("%s: %q", moveKey(m), v.What)
			}
		}
	})
	t.Run("no reveal without damage", func(t *testing.T) {
		s := build(t, position{memory: 1})
		v := expect(t, s, ann, reveal("Dud"), ruled("D9", rulingRevealNow))
		if v != nil && !strings.Contains(v.What, "no damage is being dealt") {
			t.Errorf("reveal: %q", v.What)
		}
	})
}

// TestRulingD15ARevealedDaemonsPower: "A revealed daemon's power is its
// printed power; the attacker's is its power on the field, bonuses
// included." (the rule: "If the revealed Daemon's power is equal to or
// greater than the attacking Daemon's power, the attacking Daemon is
// trashed. Add the revealed Daemon card to your grip.")
func TestRulingD15ARevealedDaemonsPower(t *testing.T) {
	for _, tt := range []struct {
		name     string
		mains    [2]string
		scripts  [2]string
		attacker string
		revealed string
		trashed  bool
	}{
		{"weaker", [2]string{}, [2]string{}, "Ant", "Mole", false},
		{"equal", [2]string{}, [2]string{}, "Ant", "Bat", true},
		{"stronger", [2]string{}, [2]string{}, "Ant", "Hare", true},
		{"the attacker's main bonus", [2]string{"Alpha"}, [2]string{}, "Ant", "Bat", false},
		{"the attacker's bonus, equal", [2]string{"Alpha"}, [2]string{}, "Ant", "Owl", true},
		{"the attacker's ongoing bonuses", [2]string{"Alpha"}, [2]string{"Pump Pump"}, "Ant", "Bear", false},
		{"the revealed daemon's printed power, its owner's bonuses aside", [2]string{"", "Alpha"}, [2]string{"", "Pump"}, "Ant", "Mole", false},
		{"a revealed daemon of power 0 against one of power 0", [2]string{}, [2]string{}, "Gnat", "Gnat", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, position{mains: tt.mains, scripts: tt.scripts, daemons: [2]string{tt.attacker}, security: [2]string{"", tt.revealed + " Dud"}, grips: [2]string{"", "Note"}, memory: 2})
			mustApply(t, s, ann, attack(tt.attacker), reveal(tt.revealed))
			checkCards(t, "Ben's grip", s.Grip(ben), "Note "+tt.revealed)
			checkCards(t, "Ben's security", s.Security(ben), "Dud")
			if tt.trashed {
				checkDaemons(t, s, ann, "")
				checkCards(t, "Ann's heap", s.Heap(ann), tt.attacker)
			} else {
				checkDaemons(t, s, ann, tt.attacker+"/spent")
				checkCards(t, "Ann's heap", s.Heap(ann), "")
			}
			checkMemory(t, s, 2)
			checkEnded(t, s, false, "")
		})
	}
	t.Run("burn and the empty deck have no attacker", func(t *testing.T) {
		s := build(t, position{decks: [2]string{none}, daemons: [2]string{"Ant"}, security: [2]string{"Whale"}})
		mustApply(t, s, ann, Burn{}, reveal("Whale"))
		checkDaemons(t, s, ann, "Ant")
		checkCards(t, "Ann's grip", s.Grip(ann), "Whale")
	})
}

// TestRulingD20ARevealedScript: "A script revealed from security goes to
// the script zone without its play effects." (the rule: "Add the Script
// directly to your Script Zone.")
func TestRulingD20ARevealedScript(t *testing.T) {
	s := build(t, position{daemons: [2]string{"Mole Ant", "Ant"}, security: [2]string{"", "Note Gift Zap Pump Dud"}, decks: [2]string{"", "Owl"}, memory: 1})
	mustApply(t, s, ann, attack("Mole"), reveal("Note"), reveal("Gift"))
	checkCards(t, "Ben's scripts", s.Scripts(ben), "Note Gift")
	checkCards(t, "Ben's grip", s.Grip(ben), "")
	checkCards(t, "Ben's deck", s.Deck(ben), "Owl")
	checkMemory(t, s, 1)
	mustApply(t, s, ann, attack("Ant"), reveal("Zap"))
	checkDaemons(t, s, ann, "Mole/spent Ant/spent")
	checkCards(t, "Ben's scripts", s.Scripts(ben), "Note Gift Zap")
	// Its ongoing bonus counts once it is in the zone.
	s = build(t, position{daemons: [2]string{"Ant", "Ant"}, security: [2]string{"", "Pump"}, memory: 1})
	mustApply(t, s, ann, attack("Ant"), reveal("Pump"))
	if d := s.Daemons(ben)[0]; s.Power(ben, d) != 3 {
		t.Errorf("Ben's Ant has power %d after Pump is revealed, want 3", s.Power(ben, d))
	}
}

// TestRulingD13SeveralDamage: "With continue (the default), when a revealed
// daemon trashes the attacker the rest is dealt and revealed. With stop,
// when a revealed daemon trashes the attacker the attack is over, and the
// damage not yet dealt is not dealt."
func TestRulingD13SeveralDamage(t *testing.T) {
	attack3 := func(t *testing.T, variants map[string]string) *State {
		s := build(t, position{variants: variants, mains: [2]string{"Beta"}, daemons: [2]string{"Mole"}, security: [2]string{"", "Dud Bear Whale Dud Dud"}, memory: 1})
		mustApply(t, s, ann, attack("Mole"))
		checkOwed(t, s, 3, ben)
		mustApply(t, s, ann, reveal("Dud"), reveal("Bear"))
		checkDaemons(t, s, ann, "")
		checkCards(t, "Ann's heap", s.Heap(ann), "Mole")
		return s
	}
	t.Run("stop", func(t *testing.T) {
		for _, v := range []map[string]string{{"overflow": "stop"}} {
			s := attack3(t, v)
			checkOwed(t, s, 0, ben)
			checkCards(t, "Ben's security", s.Security(ben), "Whale Dud Dud")
			expect(t, s, ann, reveal("Whale"), ruled("D9", rulingRevealNow))
		}
	})
	t.Run("continue", func(t *testing.T) {
		for _, v := range []map[string]string{nil, {"overflow": "continue"}} {
			s := attack3(t, v)
			checkOwed(t, s, 1, ben)
			mustApply(t, s, ann, reveal("Whale"))
			checkOwed(t, s, 0, ben)
			checkCards(t, "Ben's security", s.Security(ben), "Dud Dud")
			checkCards(t, "Ben's grip", s.Grip(ben), "Bear Whale")
			checkCards(t, "Ann's heap", s.Heap(ann), "Mole")
		}
	})
}

// TestRulingD12DaemonAgainstDaemon: "With both (the default), the daemon of
// lower power is trashed, and both are on a tie. With defender, the
// attacked daemon is trashed when the attacker's power is at least its
// own, and the attacker never is."
func TestRulingD12DaemonAgainstDaemon(t *testing.T) {
	for _, tt := range []struct {
		name               string
		mains              [2]string
		attacker, defender string
		both, defender2    [2]bool // trashed: attacker, defender
	}{
		{"a stronger attacker", [2]string{}, "Bear", "Ant", [2]bool{false, true}, [2]bool{false, true}},
		{"a weaker attacker", [2]string{}, "Ant", "Bear", [2]bool{true, false}, [2]bool{false, false}},
		{"a tie", [2]string{}, "Ant", "Bat", [2]bool{true, true}, [2]bool{false, true}},
		{"the attacker's bonus", [2]string{"Alpha"}, "Ant", "Bat", [2]bool{false, true}, [2]bool{false, true}},
		{"the defender's bonus", [2]string{"", "Alpha"}, "Ant", "Bat", [2]bool{true, false}, [2]bool{false, false}},
		{"a tie made by a bonus", [2]string{"Alpha"}, "Ant", "Owl", [2]bool{true, true}, [2]bool{false, true}},
	} {
		for _, combat := range []string{"both", "defender"} {
			t.Run(tt.name+", combat="+combat, func(t *testing.T) {
				want := tt.both
				if combat == "defender" {
					want = tt.defender2
				}
				s := build(t, position{variants: map[string]string{"combat": combat}, mains: tt.mains, daemons: [2]string{tt.attacker, tt.defender + "/spent"}, memory: 2})
				mustApply(t, s, ann, attack(tt.attacker, tt.defender))
				checkOwed(t, s, 0, ben)
				if want[0] {
					checkDaemons(t, s, ann, "")
					checkCards(t, "Ann's heap", s.Heap(ann), tt.attacker)
				} else {
					checkDaemons(t, s, ann, tt.attacker+"/spent")
					checkCards(t, "Ann's heap", s.Heap(ann), "")
				}
				if want[1] {
					checkDaemons(t, s, ben, "")
					checkCards(t, "Ben's heap", s.Heap(ben), tt.defender)
				} else {
					checkDaemons(t, s, ben, tt.defender+"/spent")
					checkCards(t, "Ben's heap", s.Heap(ben), "")
				}
				checkMemory(t, s, 2)
				checkEnded(t, s, false, "")
				checkCards(t, "Ben's security", s.Security(ben), "Dud Dud Dud Dud Dud")
			})
		}
	}
}

// TestRulingD10NamingDaemons: "A daemon on the field is named by its card's
// name; with several of one name, the referee takes the first that can do
// what is asked."
func TestRulingD10NamingDaemons(t *testing.T) {
	t.Run("the first copy that can attack", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Ant/spent Ant/sick Ant Ant"}, memory: 1})
		mustApply(t, s, ann, attack("Ant"), reveal("Dud"))
		checkDaemons(t, s, ann, "Ant/spent Ant/sick Ant/spent Ant")
		mustApply(t, s, ann, attack("Ant"), reveal("Dud"))
		checkDaemons(t, s, ann, "Ant/spent Ant/sick Ant/spent Ant/spent")
		expect(t, s, ann, attack("Ant"), broke(ruleAttack))
	})
	t.Run("the first defender of the name", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Bear", "Ant/spent Ant Ant/sick"}, memory: 1})
		mustApply(t, s, ann, attack("Bear", "Ant"))
		checkDaemons(t, s, ben, "Ant Ant/sick")
	})
	t.Run("the first daemon a purge can take", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Zap Zap"}, daemons: [2]string{"", "Bear Ant Ant/spent"}, memory: 3})
		mustApply(t, s, ann, play("Zap", "Ant"))
		checkDaemons(t, s, ben, "Bear Ant/spent")
		expect(t, s, ann, play("Zap", "Bear"), broke(rulePlay))
	})
	t.Run("an ability by name, ready or not", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Owl/spent Owl/sick"}, decks: [2]string{"Note Gift"}, memory: 5})
		mustApply(t, s, ann, activate("Owl"), activate("Owl"))
		checkCards(t, "Ann's grip", s.Grip(ann), "Note Gift")
		checkMemory(t, s, 1)
	})
	t.Run("a daemon not on the field", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Owl"}, daemons: [2]string{"", "Owl"}, memory: 5})
		for _, m := range []engine.Move{activate("Owl"), attack("Owl"), activate("Gizmo")} {
			v := expect(t, s, ann, m, ruled("D10", rulingTarget))
			if v != nil && !strings.Contains(v.What, "Ann has no daemon") {
				t.Errorf("%s: %q", moveKey(m), v.What)
			}
		}
	})
}

// TestRulePurge: "purge N: trash an opposing daemon of power N or less,
// named when the card is played" (CARDS.md).
func TestRulePurge(t *testing.T) {
	t.Run("a purge trashes the daemon named", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Zap"}, daemons: [2]string{"", "Bear Ant"}, memory: 3})
		mustApply(t, s, ann, play("Zap", "Ant"))
		checkDaemons(t, s, ben, "Bear")
		checkCards(t, "Ben's heap", s.Heap(ben), "Ant")
		checkCards(t, "Ann's scripts", s.Scripts(ann), "Zap")
		checkMemory(t, s, 2)
	})
	t.Run("its limits", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"", "Alpha"}, grips: [2]string{"Zap Ant Combo"}, daemons: [2]string{"Mole", "Bear Ant Mole"}, memory: 5})
		for _, tt := range []struct {
			m    engine.Move
			want verdict
			what string
		}{
			{play("Zap"), broke(rulePlay), "Zap needs an opposing daemon to purge, as in play Zap Sentry"},
			{play("Zap", "Bear"), broke(rulePlay), "Bear has power 5; Zap purges a daemon of power 2 or less"},
			{play("Zap", "Ant"), broke(rulePlay), "Ant has power 3; Zap purges a daemon of power 2 or less"},
			{play("Zap", "Owl"), ruled("D10", rulingTarget), "Ben has no daemon Owl on the field"},
			{play("Ant", "Ant"), broke(rulePlay), "Ant takes no target"},
			{play("Combo", "Bear"), broke(rulePlay), "Bear has power 5; Combo purges a daemon of power 3 or less"},
		} {
			v := expect(t, s, ann, tt.m, tt.want)
			if v != nil && !strings.Contains(v.What, tt.what) {
				t.Errorf("%s: %q, want %q", moveKey(tt.m), v.What, tt.what)
			}
		}
		mustApply(t, s, ann, play("Zap", "Mole")) // Mole: power 1 and Alpha's 1
		mustApply(t, s, ann, play("Combo", "Ant"))
		checkDaemons(t, s, ben, "Bear")
		checkDaemons(t, s, ann, "Mole")
	})
	t.Run("an ability's purge", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Wasp/sick", "Ant Bear"}, memory: 3})
		for _, tt := range []struct{ m, what string }{
			{"", "Wasp needs an opposing daemon to purge"},
			{"Bear", "Bear has power 4; Wasp purges a daemon of power 2 or less"},
		} {
			v := expect(t, s, ann, activate("Wasp", tt.m), broke(ruleActivate))
			if v != nil && !strings.Contains(v.What, tt.what) {
				t.Errorf("activate Wasp %s: %q, want %q", tt.m, v.What, tt.what)
			}
		}
		mustApply(t, s, ann, activate("Wasp", "Ant"))
		checkDaemons(t, s, ben, "Bear")
		checkCards(t, "Ben's heap", s.Heap(ben), "Ant")
		checkMemory(t, s, 1)
	})
	t.Run("a card without a purge takes no target", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Note"}, daemons: [2]string{"Owl", "Ant"}, memory: 3})
		// Each refusal quotes the rule of its action: playing, activating.
		expect(t, s, ann, play("Note", "Ant"), broke(rulePlay))
		expect(t, s, ann, activate("Owl", "Ant"), broke(ruleActivate))
	})
}

// TestRulingD19Abilities: "A daemon's ability can be activated in its
// owner's turn whenever its memory cost can be paid, ready or not, sick or
// not".
func TestRulingD19Abilities(t *testing.T) {
	for _, state := range []string{"", "/spent", "/sick"} {
		t.Run("Owl"+state, func(t *testing.T) {
			s := build(t, position{daemons: [2]string{"Owl" + state}, decks: [2]string{"Note Gift Pump"}, memory: 5})
			mustApply(t, s, ann, activate("Owl"))
			checkMemory(t, s, 3)
			checkCards(t, "Ann's grip", s.Grip(ann), "Note")
			checkDaemons(t, s, ann, "Owl"+state)
			mustApply(t, s, ann, activate("Owl"), activate("Owl"))
			checkMemory(t, s, -1)
			checkEnded(t, s, true, "crossed")
			checkCards(t, "Ann's grip", s.Grip(ann), "Note Gift Pump")
		})
	}
	t.Run("a daemon without an ability", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Ant"}, memory: 5})
		v := expect(t, s, ann, activate("Ant"), broke(ruleActivate))
		if v != nil && !strings.Contains(v.What, "Ant has no ability to activate") {
			t.Errorf("activate Ant: %q", v.What)
		}
	})
	t.Run("the opponent's daemon", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"", "Owl"}, memory: 5})
		expect(t, s, ann, activate("Owl"), ruled("D10", rulingTarget))
	})
	t.Run("discounts are for playing cards, not for abilities", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"Eps"}, scripts: [2]string{"Mold Macro"}, daemons: [2]string{"Owl"}, memory: 5})
		mustApply(t, s, ann, activate("Owl"))
		checkMemory(t, s, 3)
	})
}

// TestRulingD20Scripts: "A script's effects resolve when it is played, in
// the order written, then it goes to the script zone, where its ongoing
// bonus counts. Trashing a script with a trash effect is an action that
// costs no memory: it goes to the heap and its effect resolves."
func TestRulingD20Scripts(t *testing.T) {
	t.Run("effects in the order written", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Combo"}, daemons: [2]string{"", "Hare Ant"}, decks: [2]string{"Note Dud"}, memory: 1})
		mustApply(t, s, ann, play("Combo", "Hare"))
		checkMemory(t, s, 0) // 1 - 2 + 1
		checkEnded(t, s, false, "")
		checkCards(t, "Ann's grip", s.Grip(ann), "Note")
		checkDaemons(t, s, ben, "Ant")
		checkCards(t, "Ann's scripts", s.Scripts(ann), "Combo")
	})
	t.Run("its ongoing bonus counts in the zone", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Pump"}, daemons: [2]string{"Ant", "Ant"}, memory: 3})
		mustApply(t, s, ann, play("Pump"))
		if a, b := s.Power(ann, s.Daemons(ann)[0]), s.Power(ben, s.Daemons(ben)[0]); a != 3 || b != 2 {
			t.Errorf("Ann's Ant has power %d and Ben's %d, want 3 and 2", a, b)
		}
	})
	t.Run("trashed for its effect, at no cost", func(t *testing.T) {
		s := build(t, position{scripts: [2]string{"Note Cell Cache Cell"}, decks: [2]string{"Owl Bat Dud"}, memory: 0})
		mustApply(t, s, ann, trash("Cell"))
		checkMemory(t, s, 2)
		checkCards(t, "Ann's scripts", s.Scripts(ann), "Note Cache Cell")
		checkCards(t, "Ann's heap", s.Heap(ann), "Cell")
		mustApply(t, s, ann, trash("Cache"))
		checkMemory(t, s, 2)
		checkCards(t, "Ann's grip", s.Grip(ann), "Owl Bat")
		checkCards(t, "Ann's heap", s.Heap(ann), "Cell Cache")
		checkEnded(t, s, false, "")
	})
	t.Run("only a script of one's zone with a trash effect", func(t *testing.T) {
		s := build(t, position{grips: [2]string{"Cell"}, scripts: [2]string{"Note", "Cell"}, daemons: [2]string{"Ant"}, memory: 1})
		for _, tt := range []struct{ card, what string }{
			{"Note", "Note has no effect when trashed"},
			{"Cell", "Cell is not in Ann's script zone"},
			{"Ant", `Ant is a daemon, not a script`},
			{"Alpha", `Alpha is a module, not a script`},
			{"Gizmo", `no script named "Gizmo" in the catalogue`},
			{"cell", `no script named "cell" in the catalogue (did you mean "Cell"?)`},
		} {
			v := expect(t, s, ann, trash(tt.card), broke(ruleScriptTrash))
			if v != nil && !strings.HasPrefix(v.What, tt.what) {
				t.Errorf("trash %s: %q, want %q", tt.card, v.What, tt.what)
			}
		}
	})
}

// TestRuleModuleTriggers: the module abilities that act "in its owner's
// loading phase", "each time one of its owner's daemons attacks", "each
// time one of its owner's daemons is trashed", "each time one of its
// owner's security cards is revealed" (CARDS.md); only the main's (D16).
func TestRuleModuleTriggers(t *testing.T) {
	t.Run("attack draw and attack memory, on security and on a daemon", func(t *testing.T) {
		for _, target := range []string{"", "Ant"} {
			s := build(t, position{mains: [2]string{"AttackD", "AttackD"}, daemons: [2]string{"Bear Whale", "Ant"}, decks: [2]string{"Note Gift", "Owl"}, memory: 1})
			mustApply(t, s, ann, attack("Bear", target))
			checkCards(t, "Ann's grip", s.Grip(ann), "Note")
			checkCards(t, "Ben's grip", s.Grip(ben), "")
			s = build(t, position{mains: [2]string{"AttackM", "AttackM"}, daemons: [2]string{"Bear Whale", "Ant"}, memory: 1})
			mustApply(t, s, ann, attack("Bear", target))
			checkMemory(t, s, 2)
			if target == "" {
				mustApply(t, s, ann, reveal("Dud"))
			}
			mustApply(t, s, ann, attack("Whale"))
			checkMemory(t, s, 3)
		}
	})
	t.Run("trashed draw: in combat, by a purge, by a revealed daemon", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"TrashD", "TrashD"}, daemons: [2]string{"Ant Bear Ant", "Bat Whale"}, grips: [2]string{"Zap"}, decks: [2]string{"Note Gift Pump", "Owl Hare"}, security: [2]string{"", "Whale"}, memory: 3})
		mustApply(t, s, ann, attack("Ant", "Bat")) // a tie: both trashed
		checkCards(t, "Ann's grip", s.Grip(ann), "Zap Note")
		checkCards(t, "Ben's grip", s.Grip(ben), "Owl")
		mustApply(t, s, ann, attack("Ant"), reveal("Whale"))
		checkCards(t, "Ann's grip", s.Grip(ann), "Zap Note Gift")
		// In the opponent's turn too.
		s = build(t, position{mains: [2]string{"TrashD"}, daemons: [2]string{"Ant"}, grips: [2]string{"", "Zap"}, decks: [2]string{"Note"}, benActive: true, memory: 3})
		mustApply(t, s, ben, play("Zap", "Ant"))
		checkCards(t, "Ann's grip", s.Grip(ann), "Note")
		checkCards(t, "Ben's grip", s.Grip(ben), "")
	})
	t.Run("trashed memory for the active player", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"TrashM"}, daemons: [2]string{"Ant", "Bear"}, memory: 1})
		mustApply(t, s, ann, attack("Ant", "Bear"))
		checkMemory(t, s, 4)
	})
	t.Run("reveal draw, each reveal", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"Beta", "RevealD"}, daemons: [2]string{"Mole"}, decks: [2]string{"", "Owl Bat Hare"}, memory: 1})
		mustApply(t, s, ann, attack("Mole"), reveal("Dud"))
		checkCards(t, "Ben's grip", s.Grip(ben), "Owl")
		mustApply(t, s, ann, reveal("Dud"), reveal("Dud"))
		checkCards(t, "Ben's grip", s.Grip(ben), "Owl Bat Hare")
		checkCards(t, "Ann's grip", s.Grip(ann), "")
	})
	t.Run("only the main module's ability", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Ant"}, decks: [2]string{"Note"}, memory: 1})
		s.players[ann].modules = names("Omega AttackD AttackM")
		mustApply(t, s, ann, attack("Ant"))
		checkCards(t, "Ann's grip", s.Grip(ann), "")
		checkMemory(t, s, 1)
	})
}

// TestRuleOngoingBonuses: a script's ongoing bonus "counts while the
// script is in the script zone" (CARDS.md), for its owner, and stacks.
func TestRuleOngoingBonuses(t *testing.T) {
	s := build(t, position{mains: [2]string{"Alpha"}, scripts: [2]string{"Pump Pump Drill Drill Spur"}, daemons: [2]string{"Ant", "Ant"}, grips: [2]string{"Bear"}, memory: 5})
	if a, b := s.Power(ann, s.Daemons(ann)[0]), s.Power(ben, s.Daemons(ben)[0]); a != 5 || b != 2 {
		t.Errorf("Ann's Ant has power %d and Ben's %d, want 5 and 2", a, b)
	}
	mustApply(t, s, ann, play("Bear"))
	checkDaemons(t, s, ann, "Ant Bear")
	mustApply(t, s, ann, attack("Bear"))
	checkOwed(t, s, 3, ben)
	b := s.bonuses(ann)
	if b.Power != 3 || b.Breach != 2 || !b.Haste {
		t.Errorf("Ann's bonuses %+v, want power 3, breach 2 and haste", b)
	}
}

// TestRulingD23MemoryForTheOtherPlayer: "An effect that gives memory to the
// player whose turn it is not moves the tracker toward their side."
func TestRulingD23MemoryForTheOtherPlayer(t *testing.T) {
	t.Run("a reveal's memory, to 0: the turn goes on", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"", "RevealM"}, daemons: [2]string{"Ant Bear"}, memory: 3})
		mustApply(t, s, ann, attack("Ant"), reveal("Dud"))
		checkMemory(t, s, 0)
		checkEnded(t, s, false, "")
	})
	t.Run("a reveal's memory past 0: the turn ends once the attack is over", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"Beta", "RevealM"}, daemons: [2]string{"Mole"}, memory: 5})
		mustApply(t, s, ann, attack("Mole"), reveal("Dud"))
		checkMemory(t, s, 2)
		mustApply(t, s, ann, reveal("Dud"))
		checkMemory(t, s, -1)
		checkEnded(t, s, false, "")
		mustApply(t, s, ann, reveal("Dud"))
		checkMemory(t, s, -4)
		checkEnded(t, s, true, "the memory tracker crossed to Ben's side (4)")
		mustApply(t, s, ann, end())
		checkMemory(t, s, 4+3)
	})
	t.Run("a trashed daemon's memory, by a purge", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"", "TrashM"}, grips: [2]string{"Zap"}, daemons: [2]string{"", "Ant"}, memory: 3})
		mustApply(t, s, ann, play("Zap", "Ant"))
		checkMemory(t, s, -1)
		checkEnded(t, s, true, "crossed to Ben's side (1)")
	})
	t.Run("a trashed daemon's memory, in combat", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"", "TrashM"}, daemons: [2]string{"Bear", "Ant"}, memory: 3})
		mustApply(t, s, ann, attack("Bear", "Ant"))
		checkMemory(t, s, 0)
		checkEnded(t, s, false, "")
	})
	t.Run("to the end of the gauge at most", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"Beta", "RevealM"}, scripts: [2]string{"Drill"}, daemons: [2]string{"Mole"}, memory: 0})
		mustApply(t, s, ann, attack("Mole"), reveal("Dud"), reveal("Dud"), reveal("Dud"), reveal("Dud"))
		checkMemory(t, s, -GaugeEnd)
		mustApply(t, s, ann, end())
		checkMemory(t, s, GaugeEnd)
	})
}

// TestRulingD21Losing: "A player who takes damage with no security left
// loses at once. The damage of burn and of an empty deck (D8) can make a
// player lose too." (the rule: "If a player has no cards left in their
// Security and they take damage, they lose the game.")
func TestRulingD21Losing(t *testing.T) {
	t.Run("an attack on no security", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"Ant Bear", "Ant"}, grips: [2]string{"Note"}, security: [2]string{"", none}, memory: 2})
		mustApply(t, s, ann, attack("Ant"))
		checkOutcome(t, s, ann, "Ben took damage with no security left (an attack by Ant)", 1)
		checkOwed(t, s, 0, ben)
		for p := range 2 {
			for _, m := range []engine.Move{play("Note"), attack("Bear"), reveal("Dud"), Refresh{}, end()} {
				v := expect(t, s, p, m, broke(ruleLose))
				if v != nil && !strings.Contains(v.What, "the game is over: it ended on turn 1") {
					t.Errorf("%s: %q", moveKey(m), v.What)
				}
			}
		}
		if moves := s.Legal(); len(moves) != 0 {
			t.Errorf("Legal lists %q once the game is over", moveKeys(moves))
		}
	})
	t.Run("the last security card revealed, then more damage", func(t *testing.T) {
		s := build(t, position{mains: [2]string{"Beta"}, daemons: [2]string{"Mole"}, security: [2]string{"", "Dud"}, memory: 2})
		mustApply(t, s, ann, attack("Mole"))
		checkNotOver(t, s)
		mustApply(t, s, ann, reveal("Dud"))
		checkOutcome(t, s, ann, "Ben took damage with no security left", 1)
	})
	t.Run("a revealed daemon that ends the attack saves the day (overflow=stop)", func(t *testing.T) {
		s := build(t, position{variants: map[string]string{"overflow": "stop"}, mains: [2]string{"Beta"}, daemons: [2]string{"Mole"}, security: [2]string{"", "Bear"}, memory: 2})
		mustApply(t, s, ann, attack("Mole"), reveal("Bear"))
		checkNotOver(t, s)
		checkCards(t, "Ben's security", s.Security(ben), "")
	})
	t.Run("in the second player's turn", func(t *testing.T) {
		s := build(t, position{daemons: [2]string{"", "Ant"}, security: [2]string{none}, benActive: true, memory: 1})
		mustApply(t, s, ben, attack("Ant"))
		checkOutcome(t, s, ben, "Ann took damage with no security left (an attack by Ant)", 2)
	})
	t.Run("no other way to lose: no cards at all", func(t *testing.T) {
		s := build(t, position{decks: [2]string{none}, memory: 1})
		mustApply(t, s, ann, Burn{}, reveal("Dud"), end())
		checkNotOver(t, s)
	})
}
