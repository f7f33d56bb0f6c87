package mod

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// ---------------------------------------------------------------------------
// Setting up: the start (MD1), the shared decks and the seed (MD2), no
// set-up lines (MD3).

func TestRulingMD1TheStart(t *testing.T) {
	s := newGame(t, cards(t), 3, nil)
	t.Run("10 durability and 0 fuel each", func(t *testing.T) {
		if StartDurability != 10 {
			t.Errorf("StartDurability = %d, want 10", StartDurability)
		}
		checkNumbers(t, s, [2]int{10, 10}, [2]int{0, 0})
	})
	t.Run("empty personal deck, hand, discard pile and play area", func(t *testing.T) {
		for p := range 2 {
			checkCards(t, players[p]+"'s hand", s.Hand(p), ``)
			checkCards(t, players[p]+"'s deck", s.Deck(p), ``)
			checkCards(t, players[p]+"'s discard pile", s.Discard(p), ``)
			checkCards(t, players[p]+"'s play area", s.PlayArea(p), ``)
		}
		if st := s.Stack(); len(st) != 0 {
			t.Errorf("the stack holds %v at the start", st)
		}
	})
	t.Run("the first player named holds the initiative in round 1", func(t *testing.T) {
		if s.Initiative() != ann || s.Round() != 1 {
			t.Errorf("round %d, initiative %d; want round 1, Ann's", s.Round(), s.Initiative())
		}
		checkAt(t, s, Command, 1, ann)
		if p := s.Pending(); p != "" {
			t.Errorf("Pending() = %q in the command phase", p)
		}
		checkNotOver(t, s)
	})
	t.Run("the first player named is the one who moves first, whatever the name", func(t *testing.T) {
		st, err := Game{Cards: cards(t)}.New(engine.Options{Players: []string{"Zoe", "Abe"}, Seeded: true, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		z := st.(*State)
		checkAt(t, z, Command, 1, 0)
		err = z.Apply(1, Draft{Deck: 1})
		if err == nil || !strings.Contains(err.Error(), "Zoe holds the initiative and has the first priority of round 1, not Abe") {
			t.Errorf("Abe drafting on turn 1: %v; want Zoe holds the initiative", err)
		}
	})
}

func TestRulingMD2SharedDecksAndTheSeed(t *testing.T) {
	// twelve distinct cards, so that every order shows.
	cs := loadCards(t, withShared("1 Laser 1 Missile 1 Sword 1 Swarm 1 Mix 1 Cell 1 Scan 1 Overdrive 1 Boost 1 Red 1 Blue 1 Prism"))
	t.Run("an unseeded game starts with three decks whose tops are to be written", func(t *testing.T) {
		st, err := Game{Cards: cs}.New(engine.Options{Players: players})
		if err != nil {
			t.Fatalf("New without a seed: %v", err)
		}
		s := st.(*State)
		for i := range SharedDecks {
			if d := s.Shared(i); len(d.Deck) != 4 || d.Deck[0] != Unknown {
				t.Errorf("shared deck %d = %q, want 4 unknown cards", i+1, d.Deck)
			}
		}
		expect(t, s, ann, Draft{Deck: 1}, ruled("MD24", rulingRecord))
	})
	t.Run("the seed shuffles the shared cards, dealt in thirds, each first card on top", func(t *testing.T) {
		_, set := cs.Shared()
		for seed := range uint64(6) {
			s := newGame(t, cs, seed, nil)
			want, _ := dealt(cs, seed)
			var all []string
			for i := range SharedDecks {
				d := s.Shared(i)
				if !slices.Equal(d.Deck, want[i]) {
					t.Errorf("seed %d: shared deck %d = %q, want %q", seed, i+1, d.Deck, want[i])
				}
				if len(d.Deck) != 4 || len(d.Pile) != 0 {
					t.Errorf("seed %d: shared deck %d has %d cards and a pile of %d; want 4 and none", seed, i+1, len(d.Deck), len(d.Pile))
				}
				all = append(all, d.Deck...)
			}
			if slices.Equal(all, set) {
				t.Errorf("seed %d: the shared cards are dealt in catalogue order, unshuffled", seed)
			}
			slices.Sort(all)
			sorted := slices.Sorted(slices.Values(set))
			if !slices.Equal(all, sorted) {
				t.Errorf("seed %d: the shared decks hold %q, want the shared set %q", seed, all, sorted)
			}
		}
	})
	t.Run("the same seed deals the same decks, another seed others", func(t *testing.T) {
		a, b, c := newGame(t, cs, 40, nil), newGame(t, cs, 40, nil), newGame(t, cs, 41, nil)
		same, other := true, false
		for i := range SharedDecks {
			same = same && enginetest.Equal(a.Shared(i), b.Shared(i))
			other = other || !enginetest.Equal(a.Shared(i), c.Shared(i))
		}
		if !same || !other {
			t.Errorf("seed 40 twice gives the same decks: %v; seeds 40 and 41 differ: %v", same, other)
		}
	})
	t.Run("the same source then shuffles a discard pile made a deck", func(t *testing.T) {
		const seed = 9
		s := newGame(t, cs, seed, nil)
		for i := range s.shared {
			s.shared[i] = SharedDeck{}
		}
		discard := names("Laser Missile Sword Swarm Mix")
		s.players[ann].hand = names("Tin")
		s.players[ann].discard = slices.Clone(discard)
		_, src := dealt(cs, seed)
		want := shuffled(src, discard)
		turns(t, s, assign("Tin")) // then the reset: Ann draws from an empty deck
		checkCards(t, "Ann's hand", s.Hand(ann), want[0])
		checkCards(t, "Ann's deck", s.Deck(ann), strings.Join(want[1:], " "))
		checkCards(t, "Ann's discard pile", s.Discard(ann), ``)
	})
}

func TestRulingMD3NoSetUpLines(t *testing.T) {
	for _, m := range []engine.Move{
		Draft{Deck: 1}, Assign{"Tin"}, Eject{"Tin"}, Pass{}, DrawCard{}, GainFuel{}, Spend{"Red"}, engine.EndTurn{},
	} {
		t.Run(moveKey(m), func(t *testing.T) {
			s := build(t, position{hands: [2]string{"Tin"}, shared: [3]string{"Laser"}})
			v := expect(t, s, ann, engine.OnSetupLine{Move: m}, ruled("MD3", rulingNoSetup))
			if v != nil && !strings.Contains(v.What, "set-up line") {
				t.Errorf("violation %q", v.What)
			}
			// The same move in turn 1 may be legal: the line is at fault.
			if _, isDraft := m.(Draft); isDraft {
				mustApply(t, s, ann, m)
			}
		})
	}
	t.Run("during an activation choice too", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin"}})
		turns(t, s, eject("Tin"))
		checkAt(t, s, EjectChoice, 2, ann)
		expect(t, s, ann, engine.OnSetupLine{Move: DrawCard{}}, ruled("MD3", rulingNoSetup))
	})
}

// ---------------------------------------------------------------------------
// Turns: the command phase's priorities (MD4) and the activation's choices
// (MD5) are numbered turns.

func TestRulingMD4TurnsAreNumberedThroughTheGame(t *testing.T) {
	s := newGame(t, cards(t), 5, nil)
	// Round 1: nine shared cards and empty hands; every turn is a draft,
	// Ann's and Ben's in turn, until the shared decks run out.
	for turn := 1; s.Round() == 1; turn++ {
		checkAt(t, s, Command, turn, (turn-1)%2)
		p := s.ToMove()
		mustApply(t, s, p, Draft{Deck: (turn-1)/3 + 1})
		if s.Turn() != turn || s.ToMove() != p {
			t.Fatalf("after a draft the turn is %d, %s to move: the turn ended by itself", s.Turn(), players[s.ToMove()])
		}
		mustApply(t, s, p, engine.EndTurn{})
		if turn > 20 {
			t.Fatal("round 1 does not end")
		}
	}
	// Nine drafts; then nobody could place a card. Round 2 goes on from
	// turn 10, Ben first.
	checkAt(t, s, Command, 10, ben)
	if s.Round() != 2 {
		t.Errorf("round %d, want 2", s.Round())
	}
}

func TestRulingMD5ChoicesAreTurns(t *testing.T) {
	t.Run("an ejected card's owner chooses in a turn of their own", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin", "Foil"}, decks: [2]string{"Tin", "Tin"}})
		turns(t, s, eject("Tin"), assign("Foil"))
		// Ben's Foil needs no choice and reaches his play area without a
		// turn; Ann's ejected Tin is turn 3, Ann's.
		checkAt(t, s, EjectChoice, 3, ann)
		checkCards(t, "Ben's play area", s.PlayArea(ben), `Foil`)
		if p := s.Pending(); p != "Ann chooses to draw 1 card or gain 1 fuel for the ejected Tin" {
			t.Errorf("Pending() = %q", p)
		}
		v := expect(t, s, ben, GainFuel{}, ruled("MD5", rulingChoiceTurn))
		if v != nil && !strings.Contains(v.What, "Ann is to choose for the ejected Tin, not Ben") {
			t.Errorf("violation %q", v.What)
		}
		turns(t, s, GainFuel{})
		checkAt(t, s, Command, 4, ben)
	})
	t.Run("a damaged player chooses in a turn of their own", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Laser"}, fuel: [2]int{1, 0}, play: [2]string{"", "Blue"}, decks: [2]string{"Tin", "Tin"}})
		turns(t, s, assign("Laser"))
		checkAt(t, s, ShieldChoice, 2, ben)
		if p := s.Pending(); p != "Ben may spend a shield against 2 energy damage from Laser" {
			t.Errorf("Pending() = %q", p)
		}
		v := expect(t, s, ann, Pass{}, ruled("MD5", rulingChoiceTurn))
		if v != nil && !strings.Contains(v.What, "Ben is to choose whether to spend a shield, not Ann") {
			t.Errorf("violation %q", v.What)
		}
		expect(t, s, ann, engine.EndTurn{}, ruled("MD5", rulingChoiceTurn))
		mustApply(t, s, ben, Pass{})
		// The pass is made: the shield is not offered again.
		if p := s.Pending(); p != "Ben has passed: the 2 energy damage from Laser is taken as the turn ends" {
			t.Errorf("Pending() once passed = %q", p)
		}
		mustApply(t, s, ben, engine.EndTurn{})
		checkAt(t, s, Command, 3, ben)
	})
	t.Run("cards that need no choice resolve without a turn", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin Cell", "Foil"}, shared: [3]string{"Laser"}, decks: [2]string{"Tin", "Tin"}})
		turns(t, s, assign("Tin"), assign("Foil"), assign("Cell"), Draft{Deck: 1})
		// An upgrade, an action whose damage no shield could prevent and
		// a drafted card: round 2 begins on turn 5.
		checkAt(t, s, Command, 5, ben)
		checkNumbers(t, s, [2]int{10, 10}, [2]int{3, 1})
	})
}

// ---------------------------------------------------------------------------
// The command phase

func TestRuleCommandPhasePriority(t *testing.T) {
	pos := position{hands: [2]string{"Tin Tin", "Foil Foil"}, decks: [2]string{"Tin", "Tin"}}
	t.Run("the initiative holder has first priority: Ann in round 1", func(t *testing.T) {
		s := build(t, pos)
		checkAt(t, s, Command, 1, ann)
	})
	t.Run("the initiative holder has first priority: Ben in round 2", func(t *testing.T) {
		p := pos
		p.benFirst = true
		s := build(t, p)
		checkAt(t, s, Command, 1, ben)
		expect(t, s, ann, assign("Tin"), broke(ruleInitiative))
	})
	t.Run("priority alternates", func(t *testing.T) {
		s := build(t, pos)
		for turn, p := range []int{ann, ben, ann, ben} {
			checkAt(t, s, Command, turn+1, p)
			turns(t, s, assign(s.Hand(p)[0]))
		}
	})
	t.Run("a card placed out of turn is refused", func(t *testing.T) {
		s := build(t, pos)
		// The round's first priority is the initiative holder's.
		v := expect(t, s, ben, assign("Foil"), broke(ruleInitiative))
		if v != nil && v.What != "Ann holds the initiative and has the first priority of round 1, not Ben" {
			t.Errorf("violation %q", v.What)
		}
		expect(t, s, ben, Pass{}, broke(ruleInitiative))
		expect(t, s, ben, engine.EndTurn{}, broke(ruleInitiative))
		mustApply(t, s, ann, assign("Tin"))
		// Ann has placed, but her turn goes on until it ends.
		expect(t, s, ben, assign("Foil"), broke(ruleAlternate))
	})
	t.Run("one card a turn, then priority passes", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin Tin", "Foil"}, shared: [3]string{"Laser"}})
		mustApply(t, s, ann, assign("Tin"))
		for _, m := range []engine.Move{assign("Tin"), eject("Tin"), Draft{Deck: 1}, Pass{}} {
			v := expect(t, s, ann, m, broke(rulePassOn))
			if v != nil && !strings.Contains(v.What, "already placed a card this turn") {
				t.Errorf("violation %q", v.What)
			}
		}
		mustApply(t, s, ann, engine.EndTurn{})
		checkAt(t, s, Command, 2, ben)
	})
	t.Run("a turn cannot end without a card placed", func(t *testing.T) {
		s := build(t, pos)
		v := expect(t, s, ann, engine.EndTurn{}, broke(ruleOptions))
		if v != nil && !strings.Contains(v.What, "has not assigned, ejected or drafted a card") {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("an activation choice is not a command", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin"}, play: [2]string{"Red"}})
		for _, m := range []engine.Move{DrawCard{}, GainFuel{}, spend("Red")} {
			expect(t, s, ann, m, broke(ruleOptions))
		}
	})
}

func TestRuleAssignEjectDraftPlaceACard(t *testing.T) {
	pos := position{hands: [2]string{"Laser Tin Laser", "Foil"}, shared: [3]string{"Missile Sword", "", "Scan"}, piles: [3]string{"Cell Boost"}}
	tests := []struct {
		name string
		move engine.Move
		want verdict
		what string // part of the violation's message
		slot Slot   // the card placed
	}{
		{"Assign: a card from hand, face up", assign("Laser"), ok, "", Slot{ann, "Laser", Assigned}},
		{"Eject: a card from hand, face down", eject("Tin"), ok, "", Slot{ann, "Tin", Ejected}},
		{"Draft: the top card of a shared deck", Draft{Deck: 1}, ok, "", Slot{ann, "Missile", Drafted}},
		{"Draft: the top card of a shared discard pile", Draft{Pile: true, Deck: 1}, ok, "", Slot{ann, "Boost", Drafted}},
		{"Draft: the top card named", Draft{Deck: 3, Card: "Scan"}, ok, "", Slot{ann, "Scan", Drafted}},
		{"Draft: the top card of a pile named", Draft{Pile: true, Deck: 1, Card: "Boost"}, ok, "", Slot{ann, "Boost", Drafted}},
		{"Assign: a card not in hand", assign("Sword"), broke(ruleAssign), "Sword is not in Ann's hand", Slot{}},
		{"Assign: a card in the other player's hand", assign("Foil"), broke(ruleAssign), "Foil is not in Ann's hand", Slot{}},
		{"Assign: no such card", assign("Gizmo"), broke(ruleAssign), `no card named "Gizmo" in the catalogue`, Slot{}},
		{"Assign: a name in the wrong case", assign("laser"), broke(ruleAssign), `(did you mean "Laser"?)`, Slot{}},
		{"Eject: a card not in hand", eject("Sword"), broke(ruleEject), "Sword is not in Ann's hand", Slot{}},
		{"Eject: no such card", eject("Gizmo"), broke(ruleEject), `no card named "Gizmo"`, Slot{}},
		{"Draft: a card below the top is refused", Draft{Deck: 1, Card: "Sword"}, broke(ruleDraft), "Sword is not the top card of shared deck 1: the top card is Missile", Slot{}},
		{"Draft: a card below the top of a pile is refused", Draft{Pile: true, Deck: 1, Card: "Cell"}, broke(ruleDraft), "Cell is not the top card of the discard pile of shared deck 1: the top card is Boost", Slot{}},
		{"Draft: a card in hand, not on top", Draft{Deck: 1, Card: "Laser"}, broke(ruleDraft), "the top card is Missile", Slot{}},
		{"Draft: no such card", Draft{Deck: 1, Card: "Gizmo"}, broke(ruleDraft), `no card named "Gizmo"`, Slot{}},
		{"Draft: an empty shared deck", Draft{Deck: 2}, broke(ruleDraft), "shared deck 2 is empty", Slot{}},
		{"Draft: an empty shared discard pile", Draft{Pile: true, Deck: 2}, broke(ruleDraft), "the discard pile of shared deck 2 is empty", Slot{}},
		{"MD7 shared deck 0 is refused", Draft{Deck: 0}, ruled("MD7", rulingDecks), "there is no shared deck 0", Slot{}},
		{"MD7 shared deck 4 is refused", Draft{Deck: 4}, ruled("MD7", rulingDecks), "there is no shared deck 4", Slot{}},
		{"MD7 shared deck -1 is refused", Draft{Deck: -1}, ruled("MD7", rulingDecks), "there is no shared deck -1", Slot{}},
		{"MD7 the pile of shared deck 4 is refused", Draft{Pile: true, Deck: 4}, ruled("MD7", rulingDecks), "there is no shared deck 4", Slot{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, pos)
			v := expect(t, s, ann, tt.move, tt.want)
			if v != nil && !strings.Contains(v.What, tt.what) {
				t.Errorf("violation %q does not say %q", v.What, tt.what)
			}
			if tt.want != ok {
				return
			}
			if got := s.Stack(); !slices.Equal(got, []Slot{tt.slot}) {
				t.Errorf("the stack is %+v, want %+v", got, []Slot{tt.slot})
			}
			// The card left the hand, or the shared deck or pile, once.
			total := len(s.Hand(ann))
			for i := range SharedDecks {
				total += len(s.Shared(i).Deck) + len(s.Shared(i).Pile)
			}
			if total != 7 {
				t.Errorf("%d cards left in Ann's hand and the shared decks, want 7", total)
			}
		})
	}
	t.Run("assign takes one copy of a card from hand", func(t *testing.T) {
		s := build(t, pos)
		mustApply(t, s, ann, assign("Laser"))
		checkCards(t, "Ann's hand", s.Hand(ann), `Tin Laser`)
	})
	t.Run("a draft from a deck leaves the next card on top", func(t *testing.T) {
		s := build(t, pos)
		turns(t, s, Draft{Deck: 1})
		checkCards(t, "shared deck 1", s.Shared(0).Deck, `Sword`)
		turns(t, s, assign("Foil"))
		mustApply(t, s, ann, Draft{Deck: 1, Card: "Sword"})
	})
	t.Run("a draft from a pile leaves the card below on top", func(t *testing.T) {
		s := build(t, pos)
		turns(t, s, Draft{Pile: true, Deck: 1})
		checkCards(t, "pile 1", s.Shared(0).Pile, `Cell`)
		turns(t, s, assign("Foil"))
		mustApply(t, s, ann, Draft{Pile: true, Deck: 1, Card: "Cell"})
	})
}

func TestRuleSlotsFiveASide(t *testing.T) {
	// Ann's side is full and Ben's is not: Ann can place no card, and may
	// pass (ruling MD6).
	full := func(t *testing.T) *State {
		s := build(t, position{hands: [2]string{"Laser", "Foil"}, shared: [3]string{"Missile"}})
		for range Slots {
			s.stack = append(s.stack, Slot{ann, "Tin", Assigned})
		}
		return s
	}
	for _, m := range []engine.Move{assign("Laser"), eject("Laser"), Draft{Deck: 1}} {
		t.Run("a sixth card: "+moveKey(m), func(t *testing.T) {
			v := expect(t, full(t), ann, m, broke(ruleSlots))
			if v != nil && !strings.Contains(v.What, "Ann's side of the stack is full") {
				t.Errorf("violation %q", v.What)
			}
		})
	}
	t.Run("MD6 a player whose side is full passes", func(t *testing.T) {
		s := full(t)
		checkLegal(t, s, Pass{})
		turns(t, s, Pass{})
		checkAt(t, s, Command, 2, ben)
	})
	t.Run("five placements a side, then the command phase ends", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin Tin Tin Tin Tin Tin", "Foil Foil Foil Foil Foil Foil"}})
		command(t, s)
		checkCards(t, "Ann's play area", s.PlayArea(ann), `Tin Tin Tin Tin Tin`)
		checkCards(t, "Ben's play area", s.PlayArea(ben), `Foil Foil Foil Foil Foil`)
		checkCards(t, "Ann's hand", s.Hand(ann), `Tin`)
		checkAt(t, s, Command, 11, ben)
	})
}

func TestRulingMD6PassOnlyWithNoOption(t *testing.T) {
	t.Run("a card in hand: no pass", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin"}})
		v := expect(t, s, ann, Pass{}, ruled("MD6", rulingPass))
		if v != nil && v.What != "Ann can still place a card, so may not pass" {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("an empty hand and a card on a shared deck: no pass", func(t *testing.T) {
		s := build(t, position{shared: [3]string{"", "", "Laser"}})
		expect(t, s, ann, Pass{}, ruled("MD6", rulingPass))
	})
	t.Run("an empty hand and a card on a shared discard pile: no pass", func(t *testing.T) {
		s := build(t, position{piles: [3]string{"", "Laser"}})
		expect(t, s, ann, Pass{}, ruled("MD6", rulingPass))
	})
	t.Run("no card to place: the player passes", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"", "Foil Foil"}, decks: [2]string{"", "Tin"}})
		checkLegal(t, s, Pass{})
		mustApply(t, s, ann, Pass{})
		checkLegal(t, s, engine.EndTurn{})
		mustApply(t, s, ann, engine.EndTurn{})
		checkAt(t, s, Command, 2, ben)
		if len(s.Stack()) != 0 {
			t.Errorf("a pass placed a card: %v", s.Stack())
		}
		turns(t, s, assign("Foil"), Pass{}, assign("Foil"))
		// Ben's second Foil ended the command phase: nobody can place.
		checkCards(t, "Ben's play area", s.PlayArea(ben), `Foil Foil`)
		checkAt(t, s, Command, 5, ben)
	})
	t.Run("the command phase ends when both sides are full, though cards remain", func(t *testing.T) {
		s := build(t, position{
			hands:  [2]string{"Tin Tin Tin Tin Tin Laser", "Foil Foil Foil Foil Foil Laser"},
			shared: [3]string{"Missile"},
		})
		for range 2 * Slots {
			p := s.ToMove()
			turns(t, s, assign(map[int]string{ann: "Tin", ben: "Foil"}[p]))
		}
		if s.Round() != 2 {
			t.Fatalf("round %d after ten placements: the command phase did not end", s.Round())
		}
		checkCards(t, "Ann's play area", s.PlayArea(ann), `Tin Tin Tin Tin Tin`)
		checkCards(t, "shared pile 1", s.Shared(0).Pile, `Missile`)
	})
	t.Run("the command phase ends when neither player can place, and the cards there resolve", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin Laser"}, fuel: [2]int{1, 0}, decks: [2]string{"Tin", "Foil"}})
		turns(t, s, assign("Tin"), Pass{}, assign("Laser"))
		checkAt(t, s, Command, 4, ben)
		checkCards(t, "Ann's play area", s.PlayArea(ann), `Tin`)
		checkNumbers(t, s, [2]int{10, 8}, [2]int{1, 1})
	})
	t.Run("a card placed while a full stack activates is refused", func(t *testing.T) {
		s := build(t, position{
			hands:  [2]string{"Tin Tin Tin Tin Tin", "Foil Foil Foil Foil Cell"},
			shared: [3]string{"Missile"},
		})
		for range 4 {
			turns(t, s, assign("Tin"), assign("Foil"))
		}
		turns(t, s, assign("Tin"), eject("Cell"))
		checkAt(t, s, EjectChoice, 11, ben)
		for _, m := range []engine.Move{assign("Foil"), eject("Foil"), Draft{Deck: 1}} {
			v := expect(t, s, ben, m, broke(ruleCommandEnds))
			if v != nil && !strings.Contains(v.What, "the command phase is over, with five cards on each side of the stack") {
				t.Errorf("violation %q", v.What)
			}
		}
		expect(t, s, ann, Draft{Deck: 1}, ruled("MD5", rulingChoiceTurn))
		expect(t, s, ben, Pass{}, broke(ruleEjectChoice))
	})
	t.Run("a card placed while the stack activates after nobody could place is refused", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin Laser"}})
		turns(t, s, eject("Tin"), Pass{}, eject("Laser"))
		checkAt(t, s, EjectChoice, 4, ann)
		s.players[ann].hand = names("Tin") // as if drawn
		for _, m := range []engine.Move{assign("Tin"), eject("Tin"), Draft{Deck: 1}} {
			v := expect(t, s, ann, m, ruled("MD6", rulingPass))
			if v != nil && !strings.Contains(v.What, "the command phase is over, since neither player could place a card") {
				t.Errorf("violation %q", v.What)
			}
		}
	})
}

// ---------------------------------------------------------------------------
// The activation

func TestRuleActivationLastPlacedFirst(t *testing.T) {
	t.Run("ejected cards ask their owners in the reverse order of placing", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin Cell", "Foil Spark"}, decks: [2]string{"Tin", "Tin"}})
		turns(t, s, eject("Tin"), eject("Foil"), eject("Cell"), eject("Spark"))
		for i, want := range []struct {
			owner int
			card  string
		}{{ben, "Spark"}, {ann, "Cell"}, {ben, "Foil"}, {ann, "Tin"}} {
			checkAt(t, s, EjectChoice, 5+i, want.owner)
			if p := s.Pending(); !strings.HasSuffix(p, "the ejected "+want.card) {
				t.Errorf("choice %d: Pending() = %q, want the ejected %s", i+1, p, want.card)
			}
			if n := len(s.Stack()); n != 3-i {
				t.Errorf("choice %d: %d cards left in the stack, want %d", i+1, n, 3-i)
			}
			turns(t, s, GainFuel{})
		}
		checkAt(t, s, Command, 9, ben)
	})
	t.Run("drafted cards reach the discard piles in the reverse order of placing", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin"}, shared: [3]string{"Laser Missile Sword", "Cell"}})
		turns(t, s, eject("Tin"), Draft{Deck: 1}, Draft{Deck: 1}, Draft{Deck: 1}, Draft{Deck: 2})
		// The ejected Tin, placed first, activates last: its choice waits.
		checkAt(t, s, EjectChoice, 6, ann)
		checkCards(t, "Ann's discard pile", s.Discard(ann), `Cell Missile`)
		checkCards(t, "Ben's discard pile", s.Discard(ben), `Sword Laser`)
		if got := s.Stack(); len(got) != 0 {
			t.Errorf("the stack holds %v while its first card activates", got)
		}
	})
	t.Run("a shield placed after a missile activates before it", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin", "Missile"}, fuel: [2]int{0, 1}, benFirst: true})
		turns(t, s, assign("Missile"), assign("Tin"))
		checkAt(t, s, ShieldChoice, 3, ann)
		checkCards(t, "Ann's play area", s.PlayArea(ann), `Tin`)
	})
	t.Run("a shield placed before a missile activates after it", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin", "Missile"}, fuel: [2]int{0, 1}})
		turns(t, s, assign("Tin"), assign("Missile"))
		checkAt(t, s, Command, 3, ben)
		checkNumbers(t, s, [2]int{8, 10}, [2]int{1, 1})
		checkCards(t, "Ann's play area", s.PlayArea(ann), `Tin`)
	})
}

func TestRuleAssignedActionResolves(t *testing.T) {
	t.Run("abilities trigger top to bottom", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Mix"}, play: [2]string{"", "Red Blue"}, decks: [2]string{"Tin", "Tin"}})
		turns(t, s, assign("Mix"))
		checkAt(t, s, ShieldChoice, 2, ben)
		if p := s.Pending(); p != "Ben may spend a shield against 1 impact damage from Mix" {
			t.Errorf("first ability: Pending() = %q", p)
		}
		turns(t, s, Pass{})
		checkAt(t, s, ShieldChoice, 3, ben)
		if p := s.Pending(); p != "Ben may spend a shield against 1 energy damage from Mix" {
			t.Errorf("second ability: Pending() = %q", p)
		}
		turns(t, s, Pass{})
		checkNumbers(t, s, [2]int{10, 8}, [2]int{1, 1})
		checkCards(t, "Ann's discard pile", s.Discard(ann), `Mix`)
	})
	t.Run("abilities, then the fuel cost paid, then the card discarded", func(t *testing.T) {
		// The ejected Tin, placed first, holds the activation open at the end.
		s := build(t, position{hands: [2]string{"Tin Overdrive"}, fuel: [2]int{1, 0}, decks: [2]string{"Cell"}, play: [2]string{"", "Red"}})
		turns(t, s, eject("Tin"), Pass{}, assign("Overdrive"))
		// fuel 1, draw 1, then damage 1 impact, which Ben's Red could
		// prevent: Overdrive waits, its cost not yet paid.
		checkAt(t, s, ShieldChoice, 4, ben)
		checkNumbers(t, s, [2]int{10, 10}, [2]int{2, 0})
		checkCards(t, "Ann's hand", s.Hand(ann), `Cell`)
		checkCards(t, "Ann's discard pile", s.Discard(ann), ``)
		turns(t, s, Pass{})
		checkAt(t, s, EjectChoice, 5, ann)
		checkNumbers(t, s, [2]int{10, 9}, [2]int{1, 0})
		checkCards(t, "Ann's discard pile", s.Discard(ann), `Overdrive`)
	})
	t.Run("a draw ability draws from the owner's deck", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin Scan"}, fuel: [2]int{1, 0}, decks: [2]string{"Laser Missile Sword"}})
		turns(t, s, eject("Tin"), Pass{}, assign("Scan"))
		checkAt(t, s, EjectChoice, 4, ann)
		checkCards(t, "Ann's hand", s.Hand(ann), `Laser Missile`)
		checkCards(t, "Ann's deck", s.Deck(ann), `Sword`)
		checkCards(t, "Ann's discard pile", s.Discard(ann), `Scan`)
		checkNumbers(t, s, [2]int{10, 10}, [2]int{0, 0})
	})
	t.Run("damage hurts the opponent of the card's owner", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"", "Laser"}, fuel: [2]int{0, 1}, benFirst: true})
		turns(t, s, assign("Laser"))
		checkNumbers(t, s, [2]int{8, 10}, [2]int{1, 1})
		checkCards(t, "Ben's discard pile", s.Discard(ben), ``) // drawn again in the reset
		checkCards(t, "Ben's hand", s.Hand(ben), `Laser`)
	})
}

func TestRuleAssignedUpgradeIsPaidThenKept(t *testing.T) {
	s := build(t, position{hands: [2]string{"Tin Prism"}, fuel: [2]int{3, 0}})
	turns(t, s, eject("Tin"), Pass{}, assign("Prism"))
	checkAt(t, s, EjectChoice, 4, ann)
	checkNumbers(t, s, [2]int{10, 10}, [2]int{1, 0})
	checkCards(t, "Ann's play area", s.PlayArea(ann), `Prism`)
	checkCards(t, "Ann's discard pile", s.Discard(ann), ``)
	// It stays there, round after round.
	turns(t, s, GainFuel{})
	checkCards(t, "Ann's play area in round 2", s.PlayArea(ann), `Prism`)
}

func TestRuleEjectedCardDrawOrFuel(t *testing.T) {
	// choosing is Ann's choice for her ejected Laser, on turn 2.
	choosing := func(t *testing.T) *State {
		s := build(t, position{hands: [2]string{"Laser"}, decks: [2]string{"Missile Sword"}, fuel: [2]int{1, 0}})
		turns(t, s, eject("Laser"))
		checkAt(t, s, EjectChoice, 2, ann)
		return s
	}
	t.Run("draw 1 card, then the ejected card goes to the discard pile", func(t *testing.T) {
		s := choosing(t)
		mustApply(t, s, ann, DrawCard{})
		checkCards(t, "Ann's hand", s.Hand(ann), `Missile`)
		checkCards(t, "Ann's deck", s.Deck(ann), `Sword`)
		checkCards(t, "Ann's discard pile", s.Discard(ann), `Laser`)
		checkNumbers(t, s, [2]int{10, 10}, [2]int{1, 0})
	})
	t.Run("gain 1 fuel, then the ejected card goes to the discard pile", func(t *testing.T) {
		s := choosing(t)
		mustApply(t, s, ann, GainFuel{})
		checkCards(t, "Ann's hand", s.Hand(ann), ``)
		checkCards(t, "Ann's discard pile", s.Discard(ann), `Laser`)
		checkNumbers(t, s, [2]int{10, 10}, [2]int{2, 0})
	})
	t.Run("the ejected card does not resolve", func(t *testing.T) {
		s := choosing(t)
		turns(t, s, GainFuel{})
		checkNumbers(t, s, [2]int{10, 10}, [2]int{3, 1})
	})
	for _, both := range [][2]engine.Move{{DrawCard{}, GainFuel{}}, {GainFuel{}, DrawCard{}}, {DrawCard{}, DrawCard{}}, {GainFuel{}, GainFuel{}}} {
		t.Run("one or the other: "+moveKey(both[0])+", then "+moveKey(both[1]), func(t *testing.T) {
			s := choosing(t)
			mustApply(t, s, ann, both[0])
			v := expect(t, s, ann, both[1], broke(ruleEjectChoice))
			if v != nil && !strings.Contains(v.What, "already chosen for the ejected Laser") {
				t.Errorf("violation %q", v.What)
			}
		})
	}
	t.Run("the choice is the owner's", func(t *testing.T) {
		s := choosing(t)
		expect(t, s, ben, DrawCard{}, ruled("MD5", rulingChoiceTurn))
		expect(t, s, ben, GainFuel{}, ruled("MD5", rulingChoiceTurn))
	})
	t.Run("the turn cannot end before the choice", func(t *testing.T) {
		s := choosing(t)
		v := expect(t, s, ann, engine.EndTurn{}, broke(ruleEjectChoice))
		if v != nil && !strings.Contains(v.What, "has not chosen to draw 1 card or gain 1 fuel") {
			t.Errorf("violation %q", v.What)
		}
	})
	// A move that is no choice for an ejected card is refused for what it
	// is; once the choice is made, nothing offers it again.
	for _, tt := range []struct {
		move engine.Move
		rule string
		what string
	}{
		{Pass{}, ruleEjectChoice, "an ejected card's owner does not pass: Ann chooses to draw 1 card or gain 1 fuel for the ejected Laser"},
		{spend("Red"), ruleShield, "Red is a shield, discarded only to prevent damage, and no damage is being dealt: Ann chooses to draw 1 card or gain 1 fuel for the ejected Laser"},
	} {
		t.Run(moveKey(tt.move)+" is not a choice for an ejected card", func(t *testing.T) {
			v := expect(t, choosing(t), ann, tt.move, broke(tt.rule))
			if v != nil && v.What != tt.what {
				t.Errorf("violation %q, want %q", v.What, tt.what)
			}
		})
	}
	for _, tt := range []struct {
		choice engine.Move
		made   string
	}{
		{DrawCard{}, "Ann has chosen to draw 1 card for the ejected Laser; the turn can only end"},
		{GainFuel{}, "Ann has chosen to gain 1 fuel for the ejected Laser; the turn can only end"},
	} {
		t.Run("once made, "+moveKey(tt.choice)+" is not offered again", func(t *testing.T) {
			s := choosing(t)
			mustApply(t, s, ann, tt.choice)
			if p := s.Pending(); p != tt.made {
				t.Errorf("Pending() = %q, want %q", p, tt.made)
			}
			if legal := s.Legal(); len(legal) != 1 || legal[0] != (engine.EndTurn{}) {
				t.Errorf("Legal() = %v, want only the end of the turn", legal)
			}
			v := expect(t, s, ann, spend("Red"), broke(ruleShield))
			if v != nil && !strings.HasSuffix(v.What, tt.made) {
				t.Errorf("violation %q, want it to end with %q", v.What, tt.made)
			}
		})
	}
	t.Run("MD9 the ejected card is not in the shuffle its draw makes", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Laser"}, discards: [2]string{"Missile Sword Cell Scan"}})
		turns(t, s, eject("Laser"))
		want := shuffled(source(s), names("Missile Sword Cell Scan"))
		mustApply(t, s, ann, DrawCard{})
		checkCards(t, "Ann's hand", s.Hand(ann), want[0])
		checkCards(t, "Ann's deck", s.Deck(ann), strings.Join(want[1:], " "))
		checkCards(t, "Ann's discard pile", s.Discard(ann), `Laser`)
	})
}

func TestRulingMD8DraftedCardsGoToTheDiscardPile(t *testing.T) {
	t.Run("to the drafter's discard pile", func(t *testing.T) {
		s := build(t, position{shared: [3]string{"Laser", "Missile"}, decks: [2]string{"Tin", "Foil"}})
		turns(t, s, Draft{Deck: 1}, Draft{Deck: 2})
		checkCards(t, "Ann's discard pile", s.Discard(ann), `Laser`)
		checkCards(t, "Ben's discard pile", s.Discard(ben), `Missile`)
		checkCards(t, "Ann's hand", s.Hand(ann), `Tin`)
		checkCards(t, "Ann's deck", s.Deck(ann), ``)
		checkNumbers(t, s, [2]int{10, 10}, [2]int{1, 1})
	})
	t.Run("and to the deck when the pile is shuffled", func(t *testing.T) {
		s := build(t, position{shared: [3]string{"Laser", "Missile"}})
		turns(t, s, Draft{Deck: 1}, Draft{Deck: 2})
		checkCards(t, "Ann's hand", s.Hand(ann), `Laser`)
		checkCards(t, "Ben's hand", s.Hand(ben), `Missile`)
	})
}

// ---------------------------------------------------------------------------
// The reset

func TestRuleReset(t *testing.T) {
	// fullRound plays a round of ten free upgrades; the shared decks are
	// there to be discarded from, not drafted.
	fullRound := func(t *testing.T) *State {
		s := build(t, position{
			hands:  [2]string{"Tin Tin Tin Tin Tin", "Foil Foil Foil Foil Foil"},
			decks:  [2]string{"Laser Missile", "Cell"},
			shared: [3]string{"Sword Scan", "Boost"},
			piles:  [3]string{"", "Spark", "Zap"},
			fuel:   [2]int{2, 0},
		})
		command(t, s)
		return s
	}
	t.Run("each player draws 1 card and gains 1 fuel", func(t *testing.T) {
		s := fullRound(t)
		checkCards(t, "Ann's hand", s.Hand(ann), `Laser`)
		checkCards(t, "Ann's deck", s.Deck(ann), `Missile`)
		checkCards(t, "Ben's hand", s.Hand(ben), `Cell`)
		checkCards(t, "Ben's deck", s.Deck(ben), ``)
		checkNumbers(t, s, [2]int{10, 10}, [2]int{3, 1})
	})
	t.Run("the initiative passes, and the next round begins with its holder", func(t *testing.T) {
		s := fullRound(t)
		if s.Round() != 2 || s.Initiative() != ben {
			t.Errorf("round %d, initiative %s; want round 2, Ben's", s.Round(), players[s.Initiative()])
		}
		checkAt(t, s, Command, 11, ben)
	})
	t.Run("the top card of each shared deck goes to its discard pile", func(t *testing.T) {
		s := fullRound(t)
		for i, want := range [][2]string{{`Scan`, `Sword`}, {``, `Spark Boost`}, {``, `Zap`}} {
			checkCards(t, fmt.Sprintf("shared deck %d", i+1), s.Shared(i).Deck, want[0])
			checkCards(t, fmt.Sprintf("shared pile %d", i+1), s.Shared(i).Pile, want[1])
		}
	})
	t.Run("the initiative passes back in round 3", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"", "Foil"}, decks: [2]string{"Tin", ""}, benFirst: true})
		turns(t, s, assign("Foil"))
		if s.Round() != 3 || s.Initiative() != ann {
			t.Errorf("round %d, initiative %s; want round 3, Ann's", s.Round(), players[s.Initiative()])
		}
		checkAt(t, s, Command, 2, ann)
	})
}

func TestRulingMD14TheResetsOrder(t *testing.T) {
	annPile, benPile := names("Laser Missile Sword Swarm Mix"), names("Cell Scan Boost Zap Spark")
	for _, benFirst := range []bool{false, true} {
		holder, other := ann, ben
		if benFirst {
			holder, other = ben, ann
		}
		t.Run(players[holder]+" holds the initiative and shuffles first", func(t *testing.T) {
			s := build(t, position{
				hands:    [2]string{"Tin", "Foil"},
				discards: [2]string{strings.Join(annPile, " "), strings.Join(benPile, " ")},
				benFirst: benFirst,
			})
			turns(t, s, assign(map[int]string{ann: "Tin", ben: "Foil"}[holder]))
			// The reset comes after the other player's card.
			src := source(s)
			piles := [2][]string{annPile, benPile}
			want := [2][]string{}
			want[holder] = shuffled(src, piles[holder])
			want[other] = shuffled(src, piles[other])
			src = source(s)
			wrong := shuffled(src, piles[other])
			if slices.Equal(wrong, want[other]) {
				t.Fatal("the test's piles shuffle alike in either order: choose others")
			}
			turns(t, s, assign(map[int]string{ann: "Tin", ben: "Foil"}[other]))
			for p := range 2 {
				checkCards(t, players[p]+"'s hand", s.Hand(p), want[p][0])
				checkCards(t, players[p]+"'s deck", s.Deck(p), strings.Join(want[p][1:], " "))
			}
			checkAt(t, s, Command, 3, other)
		})
	}
}

func TestRulingMD9AnEmptyPersonalDeck(t *testing.T) {
	t.Run("the reset's draw shuffles the discard pile into a deck", func(t *testing.T) {
		pile := names("Laser Missile Sword Scan")
		s := build(t, position{hands: [2]string{"Tin"}, discards: [2]string{strings.Join(pile, " ")}, decks: [2]string{"", "Foil"}})
		want := shuffled(source(s), pile)
		turns(t, s, assign("Tin"))
		checkCards(t, "Ann's hand", s.Hand(ann), want[0])
		checkCards(t, "Ann's deck", s.Deck(ann), strings.Join(want[1:], " "))
		checkCards(t, "Ann's discard pile", s.Discard(ann), ``)
	})
	t.Run("a draw ability shuffles the pile when the deck runs out, without the card drawing", func(t *testing.T) {
		pile := names("Missile Sword Cell")
		s := build(t, position{hands: [2]string{"Scan"}, decks: [2]string{"Laser"}, discards: [2]string{"Missile Sword Cell"}, fuel: [2]int{1, 0}})
		want := shuffled(source(s), pile)
		turns(t, s, assign("Scan"))
		// Scan: Laser, then the first card of the shuffled pile; the
		// reset draws the next.
		checkCards(t, "Ann's hand", s.Hand(ann), "Laser "+strings.Join(want[:2], " "))
		checkCards(t, "Ann's deck", s.Deck(ann), want[2])
		checkCards(t, "Ann's discard pile", s.Discard(ann), `Scan`)
	})
	t.Run("a draw ability with deck and pile empty draws nothing, and is no error", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Scan"}, fuel: [2]int{1, 0}, decks: [2]string{"", "Foil"}})
		turns(t, s, assign("Scan"))
		checkAt(t, s, Command, 2, ben)
		// Scan itself is in the pile by the reset, so the reset draws it.
		checkCards(t, "Ann's hand", s.Hand(ann), `Scan`)
		checkCards(t, "Ben's hand", s.Hand(ben), `Foil`)
		checkNumbers(t, s, [2]int{10, 10}, [2]int{1, 1})
	})
	t.Run("with deck and pile empty in the reset, nothing is drawn and the fuel still comes", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin"}, decks: [2]string{"", "Foil"}})
		turns(t, s, assign("Tin"))
		checkCards(t, "Ann's hand", s.Hand(ann), ``)
		checkNumbers(t, s, [2]int{10, 10}, [2]int{1, 1})
		checkAt(t, s, Command, 2, ben)
	})
}

// ---------------------------------------------------------------------------
// Resolving cards: fuel (MD10), the shared decks (MD11), shields (MD12),
// the end (MD13)

func TestRulingMD10FuelThatCannotBePaid(t *testing.T) {
	fizzle, drain := map[string]string{"fuel": "fizzle"}, map[string]string{"fuel": "drain"}
	// Ann assigns card with fuel; her deck keeps her discard pile from
	// being shuffled in the reset, which adds 1 fuel and draws a Tin.
	tests := []struct {
		name       string
		variants   map[string]string
		card       string
		fuel       int
		durability int    // Ben's, after the round
		after      int    // Ann's fuel after the round (the reset's 1 included)
		discard    string // Ann's discard pile after the round
		play       string // Ann's play area
		hand       string // Ann's hand
	}{
		{"MD10 after (the default): an action that cannot be paid, even with its own fuel, does nothing", nil, "Laser", 0, 10, 1, `Laser`, ``, `Tin`},
		{"MD10 after (the default): its abilities first, and its own fuel pays", nil, "Overdrive", 0, 9, 1, `Overdrive`, ``, `Tin Tin`},
		{"MD10 after: an upgrade that cannot be paid goes to the discard pile", nil, "Red", 0, 10, 1, `Red`, ``, `Tin`},
		{"MD10 after: fuel equal to the cost pays it", nil, "Laser", 1, 8, 1, `Laser`, ``, `Tin`},
		{"MD10 fizzle: an action that cannot be paid does nothing", fizzle, "Laser", 0, 10, 1, `Laser`, ``, `Tin`},
		{"MD10 fizzle: no ability triggers", fizzle, "Scan", 0, 10, 1, `Scan`, ``, `Tin`},
		{"MD10 fizzle: an upgrade that cannot be paid goes to the discard pile", fizzle, "Red", 0, 10, 1, `Red`, ``, `Tin`},
		{"MD10 fizzle: a purple upgrade short by 1", fizzle, "Prism", 1, 10, 2, `Prism`, ``, `Tin`},
		{"MD10 fizzle: the card's own fuel does not pay for it", fizzle, "Overdrive", 0, 10, 1, `Overdrive`, ``, `Tin`},
		{"MD10 fizzle: short by 1 of a cost of 2", fizzle, "Sword", 1, 10, 2, `Sword`, ``, `Tin`},
		{"MD10 fizzle: fuel equal to the cost pays it", fizzle, "Laser", 1, 8, 1, `Laser`, ``, `Tin`},
		{"MD10 fizzle: more fuel than the cost pays the cost", fizzle, "Sword", 5, 7, 4, `Sword`, ``, `Tin`},
		{"MD10 fizzle: an upgrade paid for", fizzle, "Prism", 2, 10, 1, ``, `Prism`, `Tin`},
		{"MD10 drain: the abilities trigger and all the fuel is paid", drain, "Laser", 0, 8, 1, `Laser`, ``, `Tin`},
		{"MD10 drain: part of the cost is paid, and fuel does not go below 0", drain, "Sword", 1, 7, 1, `Sword`, ``, `Tin`},
		{"MD10 drain: an upgrade reaches the play area", drain, "Prism", 1, 10, 1, ``, `Prism`, `Tin`},
		{"MD10 drain: a red upgrade with no fuel", drain, "Red", 0, 10, 1, ``, `Red`, `Tin`},
		{"MD10 drain: abilities first, then the payment", drain, "Boost", 0, 10, 1, `Boost`, ``, `Tin Tin`},
		{"MD10 drain: the card's own fuel pays", drain, "Overdrive", 0, 9, 1, `Overdrive`, ``, `Tin Tin`},
		{"MD10 drain: enough fuel pays the cost only", drain, "Laser", 3, 8, 3, `Laser`, ``, `Tin`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, position{variants: tt.variants, hands: [2]string{tt.card}, fuel: [2]int{tt.fuel, 0}, decks: [2]string{"Tin Tin Tin", "Foil"}})
			turns(t, s, assign(tt.card))
			checkAt(t, s, Command, 2, ben)
			checkNumbers(t, s, [2]int{10, tt.durability}, [2]int{tt.after, 1})
			checkCards(t, "Ann's discard pile", s.Discard(ann), tt.discard)
			checkCards(t, "Ann's play area", s.PlayArea(ann), tt.play)
			checkCards(t, "Ann's hand", s.Hand(ann), tt.hand)
		})
	}
	t.Run("MD10 fuel from an ejected card that activated before counts", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Laser Tin"}, decks: [2]string{"Cell", "Foil"}})
		turns(t, s, assign("Laser"), Pass{}, eject("Tin"))
		checkAt(t, s, EjectChoice, 4, ann)
		turns(t, s, GainFuel{})
		checkNumbers(t, s, [2]int{10, 8}, [2]int{1, 1})
		checkCards(t, "Ann's discard pile", s.Discard(ann), `Tin Laser`)
	})
	t.Run("MD10 fuel from an ejected card that activates after does not", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Tin Laser"}, decks: [2]string{"Cell", "Foil"}})
		turns(t, s, eject("Tin"), Pass{}, assign("Laser"))
		checkAt(t, s, EjectChoice, 4, ann)
		checkNumbers(t, s, [2]int{10, 10}, [2]int{0, 0})
		turns(t, s, GainFuel{})
		checkNumbers(t, s, [2]int{10, 10}, [2]int{2, 1})
	})
	t.Run("MD10 fuel from an action that activated before counts", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Cell Sword"}, decks: [2]string{"Tin", "Foil"}})
		turns(t, s, assign("Sword"), Pass{}, assign("Cell"))
		checkNumbers(t, s, [2]int{10, 7}, [2]int{1, 1})
	})
}

func TestRulingMD11AnEmptySharedDeck(t *testing.T) {
	round := func(t *testing.T, s *State) {
		t.Helper()
		for p := range 2 {
			s.players[p].hand = names("Tin Tin Tin Tin Tin")
		}
		command(t, s)
	}
	s := build(t, position{shared: [3]string{"", "Missile"}, piles: [3]string{"Laser"}})
	round(t, s)
	t.Run("the reset discards nothing from it, and its pile is not turned over", func(t *testing.T) {
		for i, want := range [][2]string{{``, `Laser`}, {``, `Missile`}, {``, ``}} {
			checkCards(t, fmt.Sprintf("shared deck %d", i+1), s.Shared(i).Deck, want[0])
			checkCards(t, fmt.Sprintf("shared pile %d", i+1), s.Shared(i).Pile, want[1])
		}
	})
	t.Run("it cannot be drafted from", func(t *testing.T) {
		expect(t, s.clone(), ben, Draft{Deck: 1}, broke(ruleDraft))
		expect(t, s.clone(), ben, Draft{Deck: 2}, broke(ruleDraft))
	})
	t.Run("its discard pile can", func(t *testing.T) {
		c := s.clone()
		mustApply(t, c, ben, Draft{Pile: true, Deck: 1, Card: "Laser"})
	})
	t.Run("and stays empty round after round", func(t *testing.T) {
		c := s.clone()
		round(t, c)
		for i, want := range [][2]string{{``, `Laser`}, {``, `Missile`}, {``, ``}} {
			checkCards(t, fmt.Sprintf("shared deck %d", i+1), c.Shared(i).Deck, want[0])
			checkCards(t, fmt.Sprintf("shared pile %d", i+1), c.Shared(i).Pile, want[1])
		}
	})
}

func TestRulingMD12Shields(t *testing.T) {
	hit, point := map[string]string{"shield": "hit"}, map[string]string{"shield": "point"}
	// attacked is Ben's choice against Ann's card, on turn 2: Ann has fuel
	// for it, Ben has play in his play area and a Prism in his discard pile.
	attacked := func(t *testing.T, variants map[string]string, card, play string) *State {
		t.Helper()
		s := build(t, position{
			variants: variants,
			hands:    [2]string{card},
			fuel:     [2]int{5, 0},
			play:     [2]string{"", play},
			decks:    [2]string{"Tin", "Tin"},
			discards: [2]string{"", "Prism"},
		})
		turns(t, s, assign(card))
		return s
	}
	colours := []struct {
		name   string
		card   string // Ann's
		shield string // Ben's
		choice bool   // whether Ben may spend it
	}{
		{"red prevents impact damage", "Missile", "Red", true},
		{"blue prevents energy damage", "Laser", "Blue", true},
		{"purple prevents impact damage", "Missile", "Prism", true},
		{"purple prevents energy damage", "Laser", "Prism", true},
		{"red does not prevent energy damage: no choice", "Laser", "Red", false},
		{"blue does not prevent impact damage: no choice", "Missile", "Blue", false},
	}
	for _, tt := range colours {
		t.Run(tt.name, func(t *testing.T) {
			s := attacked(t, nil, tt.card, tt.shield)
			if !tt.choice {
				// The damage is taken without a turn: round 2 begins on turn 2.
				checkAt(t, s, Command, 2, ben)
				checkNumbers(t, s, [2]int{10, 8}, [2]int{5, 1})
				checkCards(t, "Ben's play area", s.PlayArea(ben), tt.shield)
				return
			}
			checkAt(t, s, ShieldChoice, 2, ben)
			mustApply(t, s, ben, spend(tt.shield))
			checkCards(t, "Ben's play area", s.PlayArea(ben), ``)
			checkCards(t, "Ben's discard pile", s.Discard(ben), "Prism "+tt.shield)
			mustApply(t, s, ben, engine.EndTurn{})
			checkNumbers(t, s, [2]int{10, 10}, [2]int{5, 1})
			checkAt(t, s, Command, 3, ben)
		})
	}
	t.Run("a shield of the wrong colour cannot be spent", func(t *testing.T) {
		s := attacked(t, nil, "Laser", "Red Blue")
		v := expect(t, s, ben, spend("Red"), broke(ruleShield))
		if v != nil && v.What != "Red has a red shield, which does not prevent energy damage" {
			t.Errorf("violation %q", v.What)
		}
		mustApply(t, s, ben, spend("Blue"))
	})
	t.Run("a shield of the wrong colour cannot be spent against impact", func(t *testing.T) {
		s := attacked(t, nil, "Missile", "Blue Red")
		expect(t, s, ben, spend("Blue"), broke(ruleShield))
	})
	t.Run("a shield not in the play area cannot be spent", func(t *testing.T) {
		s := attacked(t, nil, "Laser", "Blue")
		v := expect(t, s, ben, spend("Prism"), broke(ruleShield))
		if v != nil && v.What != "Prism is not in Ben's play area" {
			t.Errorf("violation %q", v.What)
		}
		expect(t, s, ben, spend("Glass"), broke(ruleShield))
	})
	t.Run("an action is not a shield", func(t *testing.T) {
		s := attacked(t, nil, "Laser", "Blue")
		expect(t, s, ben, spend("Laser"), broke(ruleShield))
	})
	t.Run("no such card", func(t *testing.T) {
		s := attacked(t, nil, "Laser", "Blue")
		v := expect(t, s, ben, spend("Gizmo"), broke(ruleShield))
		if v != nil && !strings.Contains(v.What, `no card named "Gizmo"`) {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("the other player's shield cannot be spent", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Laser"}, fuel: [2]int{1, 0}, play: [2]string{"Foil", "Blue"}})
		turns(t, s, assign("Laser"))
		expect(t, s, ben, spend("Foil"), broke(ruleShield))
	})
	t.Run("a pass takes the damage", func(t *testing.T) {
		s := attacked(t, nil, "Laser", "Blue")
		turns(t, s, Pass{})
		checkNumbers(t, s, [2]int{10, 8}, [2]int{5, 1})
		checkCards(t, "Ben's play area", s.PlayArea(ben), `Blue`)
	})
	t.Run("the turn cannot end without a choice", func(t *testing.T) {
		s := attacked(t, nil, "Laser", "Blue")
		v := expect(t, s, ben, engine.EndTurn{}, ruled("MD12", rulingShieldTurn))
		if v != nil && !strings.Contains(v.What, "spend a shield against 2 energy damage from Laser, or pass") {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("draw or fuel is not a choice against damage", func(t *testing.T) {
		s := attacked(t, nil, "Laser", "Blue")
		expect(t, s, ben, DrawCard{}, broke(ruleShield))
		expect(t, s, ben, GainFuel{}, broke(ruleShield))
	})
	for _, variants := range []map[string]string{nil, hit} {
		t.Run(fmt.Sprintf("shield=hit %v: a spent shield prevents all the damage of the ability; a second is refused", variants), func(t *testing.T) {
			s := attacked(t, variants, "Sword", "Foil Foil")
			mustApply(t, s, ben, spend("Foil"))
			v := expect(t, s, ben, spend("Foil"), ruled("MD12", rulingShieldHit))
			if v != nil && !strings.Contains(v.What, "one shield prevents all of this damage") {
				t.Errorf("violation %q", v.What)
			}
			expect(t, s, ben, Pass{}, ruled("MD12", rulingShieldTurn))
			checkLegal(t, s, engine.EndTurn{})
			mustApply(t, s, ben, engine.EndTurn{})
			checkNumbers(t, s, [2]int{10, 10}, [2]int{4, 1})
			checkCards(t, "Ben's play area", s.PlayArea(ben), `Foil`)
		})
	}
	t.Run("shield=hit: each ability is damage of its own", func(t *testing.T) {
		s := attacked(t, hit, "Swarm", "Tin Tin")
		turns(t, s, spend("Tin"))
		checkAt(t, s, ShieldChoice, 3, ben)
		turns(t, s, spend("Tin"))
		// The third ability finds no shield: no turn.
		checkAt(t, s, Command, 4, ben)
		checkNumbers(t, s, [2]int{10, 9}, [2]int{4, 1})
	})
	t.Run("shield=point: a spent shield prevents 1 point", func(t *testing.T) {
		s := attacked(t, point, "Sword", "Foil")
		turns(t, s, spend("Foil"))
		checkNumbers(t, s, [2]int{10, 8}, [2]int{4, 1})
	})
	t.Run("shield=point: several shields against one ability", func(t *testing.T) {
		s := attacked(t, point, "Sword", "Foil Glass Foil")
		mustApply(t, s, ben, spend("Foil"))
		if p := s.Pending(); p != "Ben may spend a shield against 2 energy damage from Sword" {
			t.Errorf("Pending() = %q after one shield", p)
		}
		checkLegal(t, s, spend("Foil"), spend("Glass"), engine.EndTurn{})
		mustApply(t, s, ben, spend("Glass"), engine.EndTurn{})
		checkNumbers(t, s, [2]int{10, 9}, [2]int{4, 1})
		checkCards(t, "Ben's play area", s.PlayArea(ben), `Foil`)
		checkCards(t, "Ben's discard pile", s.Discard(ben), `Prism Foil Glass`)
	})
	t.Run("shield=point: no more shields than points of damage", func(t *testing.T) {
		s := attacked(t, point, "Laser", "Foil Foil Foil")
		mustApply(t, s, ben, spend("Foil"), spend("Foil"))
		v := expect(t, s, ben, spend("Foil"), ruled("MD12", rulingShieldOne))
		if v != nil && v.What != "all of the damage from Laser is already prevented" {
			t.Errorf("violation %q", v.What)
		}
		checkLegal(t, s, engine.EndTurn{})
		mustApply(t, s, ben, engine.EndTurn{})
		checkNumbers(t, s, [2]int{10, 10}, [2]int{5, 1})
		checkCards(t, "Ben's play area", s.PlayArea(ben), `Foil`)
	})
	t.Run("shield=point: no pass after a spend, nor a wrong colour", func(t *testing.T) {
		s := attacked(t, point, "Sword", "Foil Red")
		mustApply(t, s, ben, spend("Foil"))
		expect(t, s, ben, Pass{}, ruled("MD12", rulingShieldTurn))
		expect(t, s, ben, spend("Red"), broke(ruleShield))
	})
	t.Run("Legal lists the shields that prevent the damage, and the pass", func(t *testing.T) {
		s := attacked(t, nil, "Laser", "Red Blue Prism Blue")
		checkLegal(t, s, spend("Blue"), spend("Prism"), Pass{})
	})
}

func TestRuleTheGameEndsWhenDurabilityReachesZero(t *testing.T) {
	t.Run("the moment it reaches 0; the cards left in the stack do not resolve", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Cell Laser", "Cell"}, fuel: [2]int{1, 0}, durability: [2]int{0, 2}})
		turns(t, s, assign("Cell"), assign("Cell"), assign("Laser"))
		checkOutcome(t, s, ann, "Ben has no durability left (Laser)", 3)
		if s.Durability(ben) != 0 {
			t.Errorf("Ben's durability = %d, want 0", s.Durability(ben))
		}
		if got, want := s.Stack(), []Slot{{ann, "Cell", Assigned}, {ben, "Cell", Assigned}}; !slices.Equal(got, want) {
			t.Errorf("the stack is %+v, want the two Cells left: %+v", got, want)
		}
		if s.Fuel(ben) != 0 || s.Fuel(ann) > 1 {
			t.Errorf("fuel %d and %d: a Cell left in the stack resolved", s.Fuel(ann), s.Fuel(ben))
		}
		if s.Round() != 1 {
			t.Errorf("round %d: the reset happened", s.Round())
		}
	})
	t.Run("durability does not go below 0", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Sword"}, fuel: [2]int{2, 0}, durability: [2]int{0, 1}})
		turns(t, s, assign("Sword"))
		checkOutcome(t, s, ann, "Ben has no durability left", 1)
		if d := s.Durability(ben); d != 0 {
			t.Errorf("Ben's durability = %d, want 0", d)
		}
	})
	t.Run("the card's later abilities do not trigger", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Zap"}, durability: [2]int{0, 1}})
		turns(t, s, assign("Zap"))
		checkOutcome(t, s, ann, "Zap", 1)
		if f := s.Fuel(ann); f != 0 {
			t.Errorf("Ann's fuel = %d: Zap's fuel 5 triggered after the end", f)
		}
	})
	t.Run("one point short, the game goes on", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Laser"}, fuel: [2]int{1, 0}, durability: [2]int{0, 3}, decks: [2]string{"Tin", "Tin"}})
		turns(t, s, assign("Laser"))
		checkNotOver(t, s)
		checkNumbers(t, s, [2]int{10, 1}, [2]int{1, 1})
	})
	t.Run("Ben wins when Ann has no durability", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"", "Laser"}, fuel: [2]int{0, 1}, durability: [2]int{2, 0}})
		turns(t, s, Pass{}, assign("Laser"))
		checkOutcome(t, s, ben, "Ann has no durability left (Laser)", 2)
	})
	t.Run("MD13 the turn is the one whose end set the activation going: a shield choice", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Sword"}, fuel: [2]int{2, 0}, durability: [2]int{0, 3}, play: [2]string{"", "Foil"}})
		turns(t, s, assign("Sword"))
		checkAt(t, s, ShieldChoice, 2, ben)
		turns(t, s, Pass{})
		checkOutcome(t, s, ann, "Ben has no durability left (Sword)", 2)
	})
	t.Run("MD13 the turn is the one whose end set the activation going: an eject choice", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Laser Tin"}, fuel: [2]int{1, 0}, durability: [2]int{0, 2}})
		turns(t, s, assign("Laser"), Pass{}, eject("Tin"), GainFuel{})
		checkOutcome(t, s, ann, "Ben has no durability left (Laser)", 4)
	})
	t.Run("no move once the game is over", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Laser", "Tin"}, fuel: [2]int{1, 0}, durability: [2]int{0, 2}})
		turns(t, s, assign("Laser"), assign("Tin"))
		checkOutcome(t, s, ann, "Laser", 2)
		for p := range 2 {
			for _, m := range []engine.Move{engine.EndTurn{}, Pass{}, Draft{Deck: 1}, assign("Tin"), DrawCard{}, spend("Tin")} {
				v := expect(t, s, p, m, broke(ruleGoal))
				if v != nil && v.What != "the game is over: it ended on turn 2" {
					t.Errorf("violation %q", v.What)
				}
			}
		}
		if moves := s.Legal(); len(moves) != 0 {
			t.Errorf("Legal lists %q once the game is over", moveKeys(moves))
		}
	})
}

// ---------------------------------------------------------------------------
// No limits (MD15), a dead game (MD16), the repeats (MD17)

func TestRulingMD15NoLimits(t *testing.T) {
	s := build(t, position{hands: [2]string{"Deep"}, fuel: [2]int{30, 0}, decks: [2]string{strings.Repeat("Tin ", 25), "Foil"}})
	turns(t, s, assign("Deep"))
	checkAt(t, s, Command, 2, ben)
	if n := len(s.Hand(ann)); n != 19 {
		t.Errorf("Ann holds %d cards, want 19: 18 drawn by Deep and 1 in the reset", n)
	}
	checkNumbers(t, s, [2]int{10, 10}, [2]int{49, 1})
	// and nothing needs discarding: Ben's turn goes on.
	turns(t, s, assign("Foil"))
	checkNotOver(t, s)
}

func TestRulingMD16ADeadGameIsADraw(t *testing.T) {
	cs := loadCards(t, withShared("3 Tin"))
	s := newGame(t, cs, 4, nil)
	for !s.Outcome().Over {
		if s.Turn() > 20 {
			t.Fatalf("the game goes on:\n%s", snapshot(s))
		}
		command(t, s)
	}
	// Round 1: three drafts. Round 2: Ben's Tin, Ann's. Round 3: Ann's.
	// Round 4 begins with no card to place.
	checkOutcome(t, s, engine.Nobody, "neither player can place a card", 6)
	if !strings.Contains(s.Outcome().Reason, "MD16") {
		t.Errorf("the reason %q does not name ruling MD16", s.Outcome().Reason)
	}
	checkCards(t, "Ann's play area", s.PlayArea(ann), `Tin Tin`)
	checkCards(t, "Ben's play area", s.PlayArea(ben), `Tin`)
	if s.Round() != 4 {
		t.Errorf("round %d, want 4", s.Round())
	}
	if moves := s.Legal(); len(moves) != 0 {
		t.Errorf("Legal lists %q in a dead game", moveKeys(moves))
	}
	expect(t, s, s.ToMove(), Pass{}, broke(ruleGoal))
}

func TestRulingMD17TheRepeatsAreReadOnce(t *testing.T) {
	// One command phase, one activation and one reset a round: a round of
	// ten cards is followed by one draw, one fuel and one shared discard.
	s := build(t, position{
		hands:  [2]string{"Tin Tin Tin Tin Tin", "Foil Foil Foil Foil Foil"},
		decks:  [2]string{"Laser Laser", "Laser Laser"},
		shared: [3]string{"Missile Missile", "Missile Missile", "Missile Missile"},
	})
	command(t, s)
	checkAt(t, s, Command, 11, ben)
	checkNumbers(t, s, [2]int{10, 10}, [2]int{1, 1})
	for p := range 2 {
		checkCards(t, players[p]+"'s hand", s.Hand(p), `Laser`)
	}
	for i := range SharedDecks {
		checkCards(t, fmt.Sprintf("shared deck %d", i+1), s.Shared(i).Deck, `Missile`)
	}
}

func TestRulingVariantsAndTheirDefaults(t *testing.T) {
	want := map[string][]string{
		"fuel":   {"after", "fizzle", "drain"},
		"shield": {"hit", "point"},
	}
	got := Game{}.Variants()
	if len(got) != len(want) {
		t.Errorf("%d variants, want %d", len(got), len(want))
	}
	for _, v := range got {
		if !slices.Equal(v.Values, want[v.Name]) {
			t.Errorf("variant %s has values %q (default first), want %q", v.Name, v.Values, want[v.Name])
		}
		if v.Summary == "" {
			t.Errorf("variant %s has no summary", v.Name)
		}
	}
	g := Game{Cards: cards(t)}
	for _, variants := range []map[string]string{{"fuel": "burn"}, {"shield": "all"}, {"tie": "bounce"}} {
		if _, err := g.New(engine.Options{Players: players, Seeded: true, Variants: variants}); err == nil {
			t.Errorf("New accepts %v", variants)
		}
	}
	if _, err := (Game{}).New(engine.Options{Players: players, Seeded: true}); err == nil {
		t.Errorf("New accepts a game without a catalogue")
	}
	if g.Name() != "mod" || g.Players() != 2 {
		t.Errorf("Name() = %q, Players() = %d", g.Name(), g.Players())
	}
	for _, tt := range []struct {
		variants     map[string]string
		drain, point bool
	}{
		{nil, false, false},
		{map[string]string{"fuel": "drain"}, true, false},
		{map[string]string{"shield": "point"}, false, true},
		{map[string]string{"fuel": "drain", "shield": "point"}, true, true},
		{map[string]string{"fuel": "fizzle", "shield": "hit"}, false, false},
	} {
		if r := newGame(t, cards(t), 1, tt.variants).rules; r.drain != tt.drain || r.point != tt.point {
			t.Errorf("%v: rules %+v", tt.variants, r)
		}
	}
}

// ---------------------------------------------------------------------------
// Refused moves, Clone

// TestRefusedMovesLeaveTheStateAsItWas tries illegal moves in every phase:
// each is refused and leaves the state exactly as it was, the shuffle
// source included (expect compares the whole state).
func TestRefusedMovesLeaveTheStateAsItWas(t *testing.T) {
	positions := []struct {
		name  string
		setUp func(t *testing.T) *State
		moves []engine.Move // all refused, for the player to move and the other
	}{
		{"the start of a round", func(t *testing.T) *State {
			return build(t, position{hands: [2]string{"Laser", "Foil"}, shared: [3]string{"Missile"}, piles: [3]string{"Cell"}, discards: [2]string{"Sword Scan"}})
		}, []engine.Move{
			assign("Sword"), eject("Gizmo"), Draft{Deck: 2}, Draft{Deck: 1, Card: "Cell"}, Draft{Deck: 9}, Pass{},
			DrawCard{}, GainFuel{}, spend("Red"), engine.EndTurn{}, engine.OnSetupLine{Move: assign("Laser")},
		}},
		{"a card placed", func(t *testing.T) *State {
			s := build(t, position{hands: [2]string{"Laser Laser", "Foil"}, shared: [3]string{"Missile"}})
			mustApply(t, s, ann, assign("Laser"))
			return s
		}, []engine.Move{assign("Laser"), eject("Laser"), Draft{Deck: 1}, Pass{}, DrawCard{}}},
		{"an eject choice with an empty deck", func(t *testing.T) *State {
			s := build(t, position{hands: [2]string{"Laser"}, discards: [2]string{"Sword Scan Cell"}})
			turns(t, s, eject("Laser"))
			return s
		}, []engine.Move{engine.EndTurn{}, Pass{}, spend("Red"), assign("Laser"), Draft{Deck: 1}}},
		{"an eject choice made", func(t *testing.T) *State {
			s := build(t, position{hands: [2]string{"Laser"}, discards: [2]string{"Sword Scan Cell"}})
			turns(t, s, eject("Laser"))
			mustApply(t, s, ann, DrawCard{})
			return s
		}, []engine.Move{DrawCard{}, GainFuel{}, Pass{}}},
		{"a shield choice", func(t *testing.T) *State {
			s := build(t, position{hands: [2]string{"Laser"}, fuel: [2]int{1, 0}, play: [2]string{"Tin", "Red Blue"}})
			turns(t, s, assign("Laser"))
			return s
		}, []engine.Move{engine.EndTurn{}, spend("Red"), spend("Tin"), spend("Prism"), DrawCard{}, assign("Laser")}},
		{"a shield spent, shield=point", func(t *testing.T) *State {
			s := build(t, position{variants: map[string]string{"shield": "point"}, hands: [2]string{"Laser"}, fuel: [2]int{1, 0}, play: [2]string{"", "Foil Foil Foil Red"}})
			turns(t, s, assign("Laser"))
			mustApply(t, s, ben, spend("Foil"), spend("Foil"))
			return s
		}, []engine.Move{spend("Foil"), spend("Red"), Pass{}}},
		{"the game over", func(t *testing.T) *State {
			s := build(t, position{hands: [2]string{"Laser"}, fuel: [2]int{1, 0}, durability: [2]int{0, 1}})
			turns(t, s, assign("Laser"))
			return s
		}, []engine.Move{engine.EndTurn{}, Pass{}, assign("Laser"), DrawCard{}}},
	}
	for _, pos := range positions {
		t.Run(pos.name, func(t *testing.T) {
			s := pos.setUp(t)
			before, shown := s.clone(), snapshot(s)
			for _, p := range []int{s.ToMove(), 1 - s.ToMove()} {
				for _, m := range pos.moves {
					err := s.Apply(p, m)
					var v *engine.Violation
					if !errors.As(err, &v) {
						t.Errorf("%s by %s: %v; want a violation", moveKey(m), players[p], err)
					}
					if !enginetest.Equal(s, before) {
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
				mustApply(t, s, s.ToMove(), moves[0])
				mustApply(t, c, c.ToMove(), moves[0])
				if !enginetest.Equal(s, c) {
					t.Errorf("after refused moves, %s plays differently", moveKey(moves[0]))
				}
			}
		})
	}
}

func TestCloneIsIndependent(t *testing.T) {
	// choice is an eject choice whose draw shuffles Ann's discard pile.
	choice := func(t *testing.T) *State {
		s := build(t, position{hands: [2]string{"Laser Mix", "Foil"}, fuel: [2]int{2, 0}, discards: [2]string{"Sword Scan Cell Boost"}, play: [2]string{"", "Red"}, shared: [3]string{"Missile"}, piles: [3]string{"Spark"}})
		turns(t, s, eject("Laser"), assign("Foil"), assign("Mix"), Draft{Deck: 1}, Draft{Pile: true, Deck: 1})
		return s
	}
	t.Run("moves on the clone leave the original as it was", func(t *testing.T) {
		s := choice(t)
		shown, saved := snapshot(s), s.clone()
		c := s.Clone().(*State)
		for !c.Outcome().Over && c.Round() < 3 {
			moves := c.Legal()
			mustApply(t, c, c.ToMove(), moves[len(moves)-1])
		}
		if snapshot(s) != shown || !enginetest.Equal(s, saved) {
			t.Errorf("playing the clone changed the original:\nbefore %s\nafter  %s", shown, snapshot(s))
		}
	})
	t.Run("moves on the original leave the clone as it was", func(t *testing.T) {
		s := choice(t)
		c := s.Clone().(*State)
		shown := snapshot(c)
		for !s.Outcome().Over && s.Round() < 3 {
			moves := s.Legal()
			mustApply(t, s, s.ToMove(), moves[0])
		}
		if snapshot(c) != shown {
			t.Errorf("playing the original changed the clone:\nbefore %s\nafter  %s", shown, snapshot(c))
		}
	})
	t.Run("a clone in every phase plays as the original does", func(t *testing.T) {
		s := choice(t)
		for step := 0; !s.Outcome().Over && s.Round() < 4; step++ {
			c := s.Clone().(*State)
			if !enginetest.Equal(c, s) {
				t.Fatalf("step %d: the clone differs from the original", step)
			}
			moves := s.Legal()
			m := moves[step%len(moves)]
			mustApply(t, s, s.ToMove(), m)
			mustApply(t, c, c.ToMove(), m)
			if !enginetest.Equal(c, s) {
				t.Fatalf("step %d: %s gives the clone another state:\n%s\n%s", step, moveKey(m), snapshot(s), snapshot(c))
			}
		}
	})
	t.Run("the accessors give copies", func(t *testing.T) {
		s := choice(t)
		shown := snapshot(s)
		for _, zone := range [][]string{s.Hand(ann), s.Deck(ann), s.Discard(ann), s.PlayArea(ben), s.Shared(0).Pile} {
			if len(zone) > 0 {
				zone[0] = "Gizmo"
			}
		}
		if st := s.Stack(); len(st) > 0 {
			st[0].Card = "Gizmo"
		}
		if snapshot(s) != shown {
			t.Errorf("writing to what the accessors gave changed the state:\nbefore %s\nafter  %s", shown, snapshot(s))
		}
	})
}

// ---------------------------------------------------------------------------
// Legal

func TestLegalInPositions(t *testing.T) {
	t.Run("the first turn of a game: drafts of the top cards", func(t *testing.T) {
		s := newGame(t, cards(t), 2, nil)
		var want []engine.Move
		for i := range SharedDecks {
			want = append(want, Draft{Deck: i + 1, Card: s.Shared(i).Deck[0]})
		}
		checkLegal(t, s, want...)
	})
	t.Run("a hand: each card assigned or ejected, once", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Laser Tin Laser"}, shared: [3]string{"", "Missile"}, piles: [3]string{"Cell Scan"}})
		checkLegal(t, s, assign("Laser"), assign("Tin"), eject("Laser"), eject("Tin"),
			Draft{Deck: 2, Card: "Missile"}, Draft{Pile: true, Deck: 1, Card: "Scan"})
	})
	t.Run("a card placed: the turn ends", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Laser Tin"}, shared: [3]string{"Missile"}})
		mustApply(t, s, ann, assign("Laser"))
		checkLegal(t, s, engine.EndTurn{})
	})
	t.Run("MD6 nothing to place: the pass only", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"", "Foil"}})
		checkLegal(t, s, Pass{})
	})
	t.Run("an eject choice: draw or fuel", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Laser"}})
		turns(t, s, eject("Laser"))
		checkLegal(t, s, DrawCard{}, GainFuel{})
		mustApply(t, s, ann, GainFuel{})
		checkLegal(t, s, engine.EndTurn{})
	})
	t.Run("a shield choice, shield=hit", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Missile"}, fuel: [2]int{1, 0}, play: [2]string{"Tin", "Red Blue Prism Red"}})
		turns(t, s, assign("Missile"))
		checkLegal(t, s, spend("Red"), spend("Prism"), Pass{})
		mustApply(t, s, ben, spend("Red"))
		checkLegal(t, s, engine.EndTurn{})
	})
	t.Run("a shield choice, shield=point", func(t *testing.T) {
		s := build(t, position{variants: map[string]string{"shield": "point"}, hands: [2]string{"Missile"}, fuel: [2]int{1, 0}, play: [2]string{"", "Red Blue Prism"}})
		turns(t, s, assign("Missile"))
		mustApply(t, s, ben, spend("Red"))
		checkLegal(t, s, spend("Prism"), engine.EndTurn{})
		mustApply(t, s, ben, spend("Prism"))
		checkLegal(t, s, engine.EndTurn{})
	})
	t.Run("the game over: nothing", func(t *testing.T) {
		s := build(t, position{hands: [2]string{"Laser"}, fuel: [2]int{1, 0}, durability: [2]int{0, 2}})
		turns(t, s, assign("Laser"))
		checkLegal(t, s)
	})
}

// TestLegalInRandomGames plays seeded games by picking among the moves
// Legal lists, in both catalogues and every variant. At every position
// each move listed is accepted (on a clone), every move of a broad set
// that is not listed is refused without changing anything, the pass is
// listed only when no card can be placed, and the game is consistent:
// no card made or lost, numbers in range, sides of at most five cards.
func TestLegalInRandomGames(t *testing.T) {
	const games, maxSteps = 8, 700
	catalogues := []*Cards{loadCards(t, defaultCatalogue(t)), loadCards(t, withShared("2 Laser 2 Missile 1 Sword 2 Swarm 2 Mix 1 Cell 1 Scan 2 Overdrive 1 Boost 1 Zap 2 Red 2 Blue 1 Prism 1 Tin 1 Foil 2 Glass"))}
	variants := []map[string]string{
		nil,
		{"fuel": "drain"},
		{"shield": "point"},
		{"fuel": "drain", "shield": "point"},
	}
	ended := 0
	for g := range games {
		seed := uint64(300 + g)
		cs := catalogues[g%2]
		s := newGame(t, cs, seed, variants[g/2%len(variants)])
		rng := shuffle.New(seed)
		want := sharedCensus(cs)
		for step := 0; step < maxSteps && !s.Outcome().Over; step++ {
			checkConsistent(t, s, want)
			moves := checkLegalMovesApply(t, s)
			if step%2 == 0 {
				// At every other step: it tries some forty moves, and
				// the steps between reach nothing more.
				checkUnlistedRefused(t, s, moves)
			}
			if t.Failed() {
				t.Fatalf("game %d (seed %d, %v), step %d:\n%s", g, seed, s.rules, step, snapshot(s))
			}
			m := moves[rng.Intn(len(moves))]
			turn, round := s.Turn(), s.Round()
			if err := s.Apply(s.ToMove(), m); err != nil {
				t.Fatalf("game %d, step %d: %s: %v", g, step, moveKey(m), err)
			}
			if _, end := m.(engine.EndTurn); end && s.Turn() != turn+1 {
				t.Errorf("game %d: the end of turn %d leads to turn %d", g, turn, s.Turn())
			}
			if s.Round() < round || s.Round() > round+1 {
				t.Errorf("game %d: round %d after round %d", g, s.Round(), round)
			}
		}
		if o := s.Outcome(); o.Over {
			ended++
			if o.Winner != engine.Nobody && s.Durability(1-o.Winner) != 0 {
				t.Errorf("game %d: %s wins, yet %s has %d durability", g, players[o.Winner], players[1-o.Winner], s.Durability(1-o.Winner))
			}
			if o.Turn >= s.Turn() || o.Turn < 1 {
				t.Errorf("game %d: ended on turn %d, the state at turn %d", g, o.Turn, s.Turn())
			}
		}
		t.Logf("game %d: round %d, turn %d, %+v", g, s.Round(), s.Turn(), s.Outcome())
	}
	if ended == 0 {
		t.Errorf("no random game ended")
	}
}

// checkConsistent checks what must hold in every position of a game that
// is not over.
func checkConsistent(t *testing.T, s *State, want map[string]int) {
	t.Helper()
	if got := census(s); !maps.Equal(got, want) {
		t.Errorf("the cards are %v, want the shared set %v", got, want)
	}
	for p := range 2 {
		if d := s.Durability(p); d < 1 || d > StartDurability {
			t.Errorf("%s's durability is %d", players[p], d)
		}
		if f := s.Fuel(p); f < 0 {
			t.Errorf("%s's fuel is %d", players[p], f)
		}
		if n := s.side(p); n > Slots {
			t.Errorf("%s's side of the stack holds %d cards", players[p], n)
		}
	}
	switch s.Phase() {
	case Command:
		if s.Pending() != "" {
			t.Errorf("Pending() = %q in the command phase", s.Pending())
		}
	case EjectChoice, ShieldChoice:
		if s.Pending() == "" {
			t.Errorf("no Pending() in an activation choice")
		}
	default:
		t.Errorf("the state rests in phase %d", s.Phase())
	}
}

// checkUnlistedRefused applies, on clones, a broad set of moves: those
// Legal does not list must be refused with a violation and leave the clone
// as it was, those it lists written otherwise (a draft without its card)
// accepted; Legal lists the pass exactly when it lists no card to place.
// moves is Legal's list, each applied by checkLegalMovesApply.
func checkUnlistedRefused(t *testing.T, s *State, moves []engine.Move) {
	t.Helper()
	listed := map[string]bool{}
	for _, m := range moves {
		listed[moveKey(m)] = true
	}
	p := s.ToMove()
	// s stays as it is: one copy of it serves every move's comparison.
	before := s.clone()
	var all []engine.Move
	for _, c := range s.cards.All() {
		all = append(all, Assign{c.Name}, Eject{c.Name}, Spend{c.Name})
	}
	all = append(all, Assign{"Gizmo"}, Spend{"Gizmo"}, Pass{}, DrawCard{}, GainFuel{}, engine.EndTurn{}, engine.OnSetupLine{Move: Pass{}})
	other := s.cards.All()[0].Name
	for d := 0; d <= SharedDecks+1; d++ {
		for _, pile := range []bool{false, true} {
			all = append(all, Draft{Pile: pile, Deck: d}, Draft{Pile: pile, Deck: d, Card: other})
		}
	}
	for _, m := range all {
		key := moveKey(m)
		// An unnamed draft is the draft of the card on top.
		if d, ok := m.(Draft); ok && d.Card == "" && d.Deck >= 1 && d.Deck <= SharedDecks {
			src := s.shared[d.Deck-1].Deck
			top := 0
			if d.Pile {
				src = s.shared[d.Deck-1].Pile
				top = len(src) - 1
			}
			if len(src) > 0 {
				d.Card = src[top]
				key = moveKey(d)
			}
		}
		if listed[key] && slices.ContainsFunc(moves, func(l engine.Move) bool { return enginetest.Equal(l, m) }) {
			continue // applied as listed by checkLegalMovesApply already
		}
		c := s.clone()
		err := c.Apply(p, m)
		if listed[key] {
			if err != nil {
				t.Errorf("%s is listed, but refused: %v", key, err)
			}
			continue
		}
		var v *engine.Violation
		if !errors.As(err, &v) || v.Rule == "" {
			t.Errorf("%s is not listed, but Apply answers %v", moveKey(m), err)
		}
		if !enginetest.Equal(c, before) {
			t.Errorf("refused %s changed the state", moveKey(m))
		}
	}
	// No move is the other player's.
	for _, m := range moves {
		if err := s.clone().Apply(1-p, m); err == nil {
			t.Errorf("%s is accepted from %s, who is not to move", moveKey(m), players[1-p])
		}
	}
	if s.Phase() == Command && !s.acted {
		placing := slices.ContainsFunc(moves, func(m engine.Move) bool {
			switch m.(type) {
			case Assign, Eject, Draft:
				return true
			}
			return false
		})
		if placing == listed["pass"] {
			t.Errorf("Legal lists %q: the pass must come exactly when no card can be placed", moveKeys(moves))
		}
	}
}
