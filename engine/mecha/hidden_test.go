package mecha

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/hidden"
)

// annsHand is Ann's opening hand in the games of these tests; her deck and
// Ben's are the catalogue's Starter.
const annsHand = `"Radio Tower" "Radio Tower" Scout Scout Lancer`

// unknowns is n cards drawn unseen.
func unknowns(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = Unknown
	}
	return out
}

// seatGame is an unseeded game recorded from Ann's seat (or from nobody's,
// when oneSeat is false) at Ann's turn 1, after her draw: her cards are
// written, Ben's opening hand is five unknown cards.
func seatGame(t *testing.T, oneSeat bool) *State {
	t.Helper()
	st, err := Game{Cards: testCards(t)}.New(engine.Options{Players: players, OneSeat: oneSeat, Seat: ann})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	mustApply(t, s, ann, Deck{Named: "Starter"}, opening(annsHand))
	mustApply(t, s, ben, Deck{Named: "Starter"}, Draw{Cards: unknowns(5), Opening: true})
	mustApply(t, s, ann, draw(`"Radio Tower"`), play(radio, "a1"))
	return s
}

// bensTurn ends Ann's turn 1 and writes Ben's turn-2 draw unseen.
func bensTurn(t *testing.T, s *State) {
	t.Helper()
	mustApply(t, s, ann, engine.EndTurn{})
	mustApply(t, s, ben, Draw{Cards: unknowns(1)})
}

func checkWhat(t *testing.T, v *engine.Violation, want string) {
	t.Helper()
	if v == nil || !strings.Contains(v.What, want) {
		t.Errorf("the violation says %v, want %q in it", v, want)
	}
}

// TestUnknownDraws: cards drawn unseen are in the hand as ?, counted in
// its size and out of the deck, in the opening hand, a mulligan and the
// turn's draw (ruling M41).
func TestUnknownDraws(t *testing.T) {
	s := seatGame(t, false)
	checkCards(t, "Ben's hand", s.Hand(ben), "? ? ? ? ?")
	if n := s.DeckSize(ben); n != 35 {
		t.Errorf("Ben's deck has %d cards, want 35", n)
	}
	bensTurn(t, s)
	checkCards(t, "Ben's hand", s.Hand(ben), "? ? ? ? ? ?")
	if n := s.DeckSize(ben); n != 34 {
		t.Errorf("Ben's deck has %d cards, want 34", n)
	}
	// Six cards: the end of the turn needs a discard, by name.
	expect(t, s, ben, engine.EndTurn{}, broke(ruleHandSize))
	mustApply(t, s, ben, Discard{Card: "Titan"}, engine.EndTurn{})
	checkCards(t, "Ben's graveyard", s.Graveyard(ben), "Titan")
	if n := s.Assumptions(); n != 1 {
		t.Errorf("%d moves under assumptions, want 1: the discard", n)
	}

	t.Run("a mulligan shuffles the unseen hand back unseen", func(t *testing.T) {
		s := setupWithDecks(t)
		mustApply(t, s, ben, Draw{Cards: unknowns(5), Opening: true}, Mulligan{}, Draw{Cards: unknowns(5), Opening: true})
		if n := s.DeckSize(ben); n != 35 {
			t.Errorf("Ben's deck has %d cards after the mulligan, want 35", n)
		}
		checkCards(t, "Ben's hand", s.Hand(ben), "? ? ? ? ?")
	})
	t.Run("a known hand shuffled back gives its cards again", func(t *testing.T) {
		s := setupWithDecks(t)
		mustApply(t, s, ben, Draw{Cards: []string{"Titan", "?", "?", "?", "?"}, Opening: true}, Mulligan{},
			Draw{Cards: unknowns(5), Opening: true})
		mustApply(t, s, ann, opening(annsHand), draw(`"Radio Tower"`), play(radio, "a1"), engine.EndTurn{})
		// The Titan went back into the deck after the five new cards were
		// drawn: Ben's draw may be it.
		mustApply(t, s, ben, draw("Titan"))
	})
}

// TestUnknownRulings: where ? is refused, and why (rulings M41, M42, M44).
func TestUnknownRulings(t *testing.T) {
	t.Run("a seeded game writes no ?", func(t *testing.T) {
		s := newGame(t, testCards(t), true, 7, nil)
		v := expect(t, s, ben, Draw{Cards: unknowns(5), Opening: true}, ruled("M41", rulingUnknownSeed))
		checkWhat(t, v, "the Seed tag deals every card: write the draw the seed gives, or leave it out")
		v = expect(t, s, ben, Deck{Named: Unknown}, ruled("M41", rulingUnknownSeed))
		checkWhat(t, v, "a seeded game writes each deck in full")
	})
	t.Run("the seat's own draw is written", func(t *testing.T) {
		st, err := Game{Cards: testCards(t)}.New(engine.Options{Players: players, OneSeat: true, Seat: ann})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		v := expect(t, s, ann, Draw{Cards: []string{"Scout", Unknown}, Opening: true}, ruled("M42", rulingSeat))
		checkWhat(t, v, "the record is from Ann's seat: Ann's own draw is written")
		v = expect(t, s, ann, Deck{Named: Unknown}, ruled("M42", rulingSeat))
		checkWhat(t, v, "Ann's own deck is written")
		mustApply(t, s, ben, Deck{Named: Unknown}, Draw{Cards: unknowns(5), Opening: true})
	})
	t.Run("the seat's own turn draw is written", func(t *testing.T) {
		s := seatGame(t, true)
		mustApply(t, s, ann, engine.EndTurn{})
		mustApply(t, s, ben, Draw{Cards: unknowns(1)}, Discard{Card: "Scout"}, engine.EndTurn{})
		expect(t, s, ann, Draw{Cards: unknowns(1)}, ruled("M42", rulingSeat))
	})
	t.Run("without a Perspective tag any draw may be unknown", func(t *testing.T) {
		s := setupWithDecks(t)
		mustApply(t, s, ann, Draw{Cards: unknowns(5), Opening: true})
	})
	t.Run("the card placed in a damage zone is written", func(t *testing.T) {
		s := seatGame(t, true)
		put(t, s, "Ann Scout c5")
		v := expect(t, s, ann, direct("c5", Unknown), ruled("M44", rulingDamageKnown))
		checkWhat(t, v, "the card Ben places in the damage zone is face up: write it")
		mustApply(t, s, ann, direct("c5", "Mine"))
		checkCards(t, "Ben's damage zone", s.DamageZone(ben), "Mine")
	})
}

// TestUnknownConflicts: a card written by name that no unseen card can be
// is refused where it is written, saying why (ruling M43); one that some
// unseen card can be is accepted under that assumption.
func TestUnknownConflicts(t *testing.T) {
	t.Run("a card played twice that the deck had once", func(t *testing.T) {
		s := seatGame(t, true)
		bensTurn(t, s)
		mustApply(t, s, ben, play("Resupply", ""), Draw{Cards: unknowns(2)})
		v := expect(t, s, ben, play("Resupply", ""), ruled("M43", rulingUnknownHold))
		checkWhat(t, v, "Ben cannot hold Resupply: Ben's only copy is in their graveyard")
		if n := s.Assumptions(); n != 1 {
			t.Errorf("%d moves under assumptions, want 1", n)
		}
	})
	t.Run("a card that went to the damage zone while the hand was unseen", func(t *testing.T) {
		s := seatGame(t, true)
		put(t, s, "Ann Scout c5")
		mustApply(t, s, ann, direct("c5", "Titan"))
		bensTurn(t, s)
		v := expect(t, s, ben, Discard{Card: "Titan"}, ruled("M43", rulingUnknownHold))
		checkWhat(t, v, "Ben cannot hold Titan: Ben's only copy is in their damage zone")
	})
	t.Run("a card drawn after its copies were seen", func(t *testing.T) {
		s := seatGame(t, true)
		put(t, s, "Ann Scout c5")
		mustApply(t, s, ann, direct("c5", "EMP"))
		mustApply(t, s, ann, engine.EndTurn{})
		// Ben's deck had one EMP: the card drawn now cannot be it, and
		// the draw is refused by the deck's count as in a full record.
		expect(t, s, ben, draw("EMP"), ruled("M3", rulingNotInDeck))
	})
	t.Run("a copy seen while the hand was unseen, in the hand by name", func(t *testing.T) {
		s := seatGame(t, false)
		bensTurn(t, s)
		// Ben's sixth card: Ann's direct attacks later show both Lancers.
		mustApply(t, s, ben, Discard{Card: "Lancer"}, engine.EndTurn{})
		mustApply(t, s, ann, draw("Scout"), play("Scout", "b1"))
		put(t, s, "Ann Hawk c5")
		mustApply(t, s, ann, direct("c5", "Lancer"), engine.EndTurn{})
		mustApply(t, s, ben, Draw{Cards: unknowns(1)})
		v := expect(t, s, ben, play("Lancer", "a5"), ruled("M43", rulingUnknownHold))
		checkWhat(t, v, "Ben cannot hold Lancer")
	})
	t.Run("an unseen card is any card the deck could give", func(t *testing.T) {
		s := seatGame(t, true)
		bensTurn(t, s)
		mustApply(t, s, ben, play(radio, "a5"), play(radio, "b5"), play("Hawk", "c5"))
		checkCards(t, "Ben's hand", s.Hand(ben), "? ? ?")
		if n := s.Assumptions(); n != 3 {
			t.Errorf("%d moves under assumptions, want 3", n)
		}
	})
	t.Run("a card not in the hand of someone with no unseen card", func(t *testing.T) {
		s := seatGame(t, true)
		v := expect(t, s, ann, play("Titan", "c1"), ruled("M11", rulingHand))
		checkWhat(t, v, "Titan is not in Ann's hand")
	})
}

// TestUnknownConflictWords: the words of each kind of conflict.
func TestUnknownConflictWords(t *testing.T) {
	s := seatGame(t, true)
	tests := []struct {
		verb string
		err  error
		want string
	}{
		{"draw", &hidden.Conflict{Name: "Scout", Forced: true}, "Ben cannot draw Scout: every copy of Scout left in Ben's deck is one of the cards Ben drew unseen"},
		{"hold", &hidden.Conflict{Name: "Scout", Forced: true}, "Ben cannot hold Scout: every copy of Scout still in Ben's deck must be one of Ben's other unseen cards"},
		{"hold", &hidden.Conflict{Name: "Scout", Why: "Ben discarded it on turn 4"}, "Ben cannot hold Scout: Ben discarded it on turn 4"},
		{"hold", &hidden.Conflict{Name: "Titan"}, "Ben cannot hold Titan: Ben's deck has none"},
	}
	for _, tt := range tests {
		var v *engine.Violation
		if err := s.conflict(ben, tt.err.(*hidden.Conflict).Name, tt.verb, tt.err); err != nil {
			v, _ = err.(*engine.Violation)
		}
		if v == nil || v.What != tt.want || v.Ruling != "M43" {
			t.Errorf("%v: got %v, want %q (M43)", tt.err, v, tt.want)
		}
	}
}

// TestUnknownDecks: a deck list may leave cards unknown; they may be any
// card the deck rules allow (ruling M45).
func TestUnknownDecks(t *testing.T) {
	unknownDeck := func(t *testing.T, d Deck) *State {
		s := setupGame(t)
		mustApply(t, s, ann, Deck{Named: "Starter"}, opening(annsHand))
		mustApply(t, s, ben, d, Draw{Cards: unknowns(5), Opening: true})
		mustApply(t, s, ann, draw(`"Radio Tower"`), play(radio, "a1"))
		if n := s.DeckSize(ben); n != 35 {
			t.Errorf("Ben's deck has %d cards, want 35", n)
		}
		return s
	}
	t.Run("deck ?: at most three copies, one Singleton", func(t *testing.T) {
		s := unknownDeck(t, Deck{Named: Unknown})
		put(t, s, "Ann Scout c5")
		mustApply(t, s, ann, direct("c5", "Titan"), engine.EndTurn{})
		mustApply(t, s, ben, Draw{Cards: unknowns(1)})
		v := expect(t, s, ben, play("Titan", "a5"), ruled("M43", rulingUnknownHold))
		checkWhat(t, v, "Ben cannot hold Titan: Ben's only copy is in their damage zone")
		// Dummy is a Basic: a deck may hold any number.
		mustApply(t, s, ben, play("Dummy", "a5"), play("Dummy", "b5"), play("Dummy", "d5"), play("Dummy", "e5"))
	})
	t.Run("a list known in part", func(t *testing.T) {
		s := unknownDeck(t, Deck{List: []DeckCount{{38, radio}, {2, Unknown}}})
		mustApply(t, s, ann, engine.EndTurn{})
		mustApply(t, s, ben, draw("Titan"), play(radio, "a5"), play("Scout", "b5"))
		// Each card is held to what the deck rules allow beside the known
		// cards; how many unknown cards there are in all only the deck's
		// size checks (ruling M45).
		mustApply(t, s, ben, play(radio, "c5"))
		if n := s.DeckSize(ben); n != 34 {
			t.Errorf("Ben's deck has %d cards, want 34", n)
		}
		expect(t, s, ben, play("Titan", "d5"), broke(ruleBandwidth))
	})
	t.Run("the deck rules hold for the known part", func(t *testing.T) {
		s := setupGame(t)
		expect(t, s, ben, Deck{List: []DeckCount{{4, "Scout"}, {36, Unknown}}}, broke(ruleDeck))
		expect(t, s, ben, Deck{List: []DeckCount{{3, "Scout"}, {36, Unknown}}}, broke(ruleDeck))
	})
}

// TestUnknownLegal: an unseeded game lists what the table may reveal: the
// other seat's draw as ?, and the cards an unseen hand could play.
func TestUnknownLegal(t *testing.T) {
	s := seatGame(t, true)
	mustApply(t, s, ann, engine.EndTurn{})
	checkListed(t, s.Legal(), Draw{Cards: unknowns(1)}, draw("Titan"))
	mustApply(t, s, ben, Draw{Cards: unknowns(1)})
	moves := s.Legal()
	checkListed(t, moves, play(radio, "a5"), play("Mine", "d3"))
	for _, m := range moves {
		if p, ok := m.(Play); ok && p.Card == Unknown {
			t.Errorf("%s is listed", moveKey(m))
		}
	}
	if s := seatGame(t, false); hasMove(func() []engine.Move { mustApply(t, s, ann, engine.EndTurn{}); return s.Legal() }(), Draw{Cards: unknowns(1)}) {
		t.Errorf("draw ? is listed in a record from nobody's seat")
	}
}

// TestRecordedAndHidden: a seeded game says what its seed decided, as an
// unseeded record writes it, and hides from a seat what it did not see.
func TestRecordedAndHidden(t *testing.T) {
	s := newGame(t, testCards(t), true, 11, nil)
	rec := s.Recorded()
	if len(rec) != 4 {
		t.Fatalf("the set-up records %d moves, want 4 (each player's deck and opening hand)", len(rec))
	}
	for i, e := range rec {
		if e.Player != i/2 {
			t.Errorf("entry %d is %s's", i, players[e.Player])
		}
		if _, ok := e.Move.(engine.OnSetupLine); !ok {
			t.Errorf("entry %d, %T, is not on a set-up line", i, e.Move)
		}
	}
	hiddenDraw := s.Hide(ann, ben, rec[3].Move).(engine.OnSetupLine).Move.(Draw)
	checkCards(t, "Ben's opening hand from Ann's seat", hiddenDraw.Cards, "? ? ? ? ?")
	if d := s.Hide(ann, ben, rec[2].Move).(engine.OnSetupLine).Move.(Deck); d.Named != Unknown {
		t.Errorf("Ben's deck from Ann's seat is %+v, want deck ?", d)
	}
	if d := s.Hide(ann, ann, rec[1].Move).(engine.OnSetupLine).Move.(Draw); strings.Contains(strings.Join(d.Cards, " "), Unknown) {
		t.Errorf("Ann's own hand is hidden from her: %q", d.Cards)
	}
	opening := rec[1].Move.(engine.OnSetupLine).Move.(Draw).Cards
	mustApply(t, s, ann, Discard{Card: opening[0]}, engine.EndTurn{})
	rec = s.Recorded()
	if len(rec) != 3 {
		t.Fatalf("turn 1 records %d moves, want 3 (the draw, a discard, the end)", len(rec))
	}
	if d, ok := rec[0].Move.(Draw); !ok || len(d.Cards) != 1 || rec[0].Player != ann {
		t.Errorf("turn 1 begins with %+v, want Ann's draw", rec[0])
	}
	if _, ok := rec[2].Move.(engine.EndTurn); !ok {
		t.Errorf("turn 1 ends with %+v", rec[2].Move)
	}
}

// TestUnknownInPositions: a position may declare a hand of unknown cards,
// each drawn unseen from what is left of the deck; ? stands in no other
// zone, nor in the hand of the record's own seat (rulings M40 to M42).
func TestUnknownInPositions(t *testing.T) {
	newSeat := func(t *testing.T, seeded bool) *State {
		st, err := Game{Cards: testCards(t)}.New(engine.Options{Players: players, OneSeat: true, Seat: ann, Seeded: seeded, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		return st.(*State)
	}
	hand := func(cards ...string) DeclareZone { return DeclareZone{Zone: Hand, Cards: cards} }
	t.Run("a hand of unknown cards", func(t *testing.T) {
		s := newSeat(t, false)
		mustApply(t, s, ann, hand("Scout"))
		mustApply(t, s, ben, hand(Unknown, Unknown, "Hawk"), DeclareZone{Zone: Graveyard, Cards: []string{"EMP"}})
		if err := s.StartAt(5, ben); err != nil {
			t.Fatal(err)
		}
		if n := s.DeckSize(ben); n != 36 {
			t.Errorf("Ben's deck has %d cards, want 36: 40 less the hand and the graveyard", n)
		}
		mustApply(t, s, ben, Draw{Cards: unknowns(1)}, play(radio, "a5"))
		v := expect(t, s, ben, play("EMP", ""), ruled("M43", rulingUnknownHold))
		checkWhat(t, v, "Ben cannot hold EMP: Ben's only copy is in their graveyard")
		text := fmt.Sprint(s.Position())
		if n := strings.Count(text, Unknown); n != 2 {
			t.Errorf("the position written hides %d cards, want Ben's 2: %s", n, text)
		}
	})
	t.Run("more unknown cards than the deck has", func(t *testing.T) {
		s := newSeat(t, false)
		mustApply(t, s, ben, hand(unknowns(41)...))
		if err := s.StartAt(5, ben); err == nil {
			t.Errorf("a hand of 41 unknown cards is a position")
		}
	})
	tests := []struct {
		name    string
		seeded  bool
		player  int
		zone    DeclareZone
		id      string
		rule    string
		message string
	}{
		{"a graveyard is face up", false, ben, DeclareZone{Zone: Graveyard, Cards: []string{Unknown}}, "M41", rulingUnknownZone, "Ben's graveyard is declared card by card"},
		{"a damage zone is face up", false, ben, DeclareZone{Zone: Damage, Cards: []string{Unknown}}, "M41", rulingUnknownZone, "Ben's damage zone is declared card by card"},
		{"a top is declared where known", false, ben, DeclareZone{Zone: Top, Cards: []string{Unknown}}, "M41", rulingUnknownZone, "? stands only in a hand"},
		{"the seat's own hand", false, ann, hand(Unknown), "M42", rulingSeat, "Ann's own hand is written"},
		{"a seeded game", true, ben, hand(Unknown), "M41", rulingUnknownSeed, "the Seed tag deals every card"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSeat(t, tt.seeded)
			v := expect(t, s, tt.player, tt.zone, ruled(tt.id, tt.rule))
			checkWhat(t, v, tt.message)
		})
	}
}

// TestRecordedOutOfTurn: a command played in the other player's turn is
// recorded as theirs (written "Ben play Resupply"), and the cards it draws
// them as a draw of the turn's player, which ruling M3 gives to Ben: a
// draw needs no name in front. From Ann's seat they are unknown.
func TestRecordedOutOfTurn(t *testing.T) {
	for seed := uint64(1); seed < 200; seed++ {
		s := newGame(t, testCards(t), true, seed, nil)
		setup := s.Recorded()
		if !slices.Contains(setup[3].Move.(engine.OnSetupLine).Move.(Draw).Cards, "Resupply") {
			continue
		}
		mustApply(t, s, ben, play("Resupply", ""))
		rec := s.Recorded()
		// Ann's draw waits: Ben's command came before it (ruling M35).
		if len(rec) != 2 {
			t.Fatalf("seed %d: %d moves recorded, want Ben's Resupply and its cards: %+v", seed, len(rec), rec)
		}
		if rec[0].Player != ben || rec[1].Player != ann {
			t.Errorf("seed %d: the Resupply is %s's and its cards %s's, want Ben's and Ann's", seed, players[rec[0].Player], players[rec[1].Player])
		}
		d := rec[1].Move.(Draw)
		if len(d.Cards) != 2 {
			t.Fatalf("seed %d: %d cards drawn, want 2", seed, len(d.Cards))
		}
		if h := s.Hide(ann, ann, d).(Draw); !slices.Equal(h.Cards, unknowns(2)) {
			t.Errorf("seed %d: from Ann's seat Ben's cards are %q", seed, h.Cards)
		}
		if h := s.Hide(ben, ann, d).(Draw); !slices.Equal(h.Cards, d.Cards) {
			t.Errorf("seed %d: from Ben's seat his own cards are %q", seed, h.Cards)
		}
		// Replayed unseeded, Ann's line gives Ben the cards.
		u := setupGame(t)
		for _, e := range append(setup, rec...) {
			m := e.Move
			if w, ok := m.(engine.OnSetupLine); ok {
				m = w.Move
			}
			mustApply(t, u, e.Player, m)
		}
		if got, want := u.Hand(ben), s.Hand(ben); !slices.Equal(got, want) {
			t.Errorf("seed %d: replayed unseeded, Ben's hand is %q, want %q", seed, got, want)
		}
		// Ann's draw, made at her next move, is recorded before it.
		mustApply(t, s, ann, Discard{Card: s.Hand(ann)[0]})
		rec = s.Recorded()
		if len(rec) != 2 || rec[0].Player != ann || len(rec[0].Move.(Draw).Cards) != 1 {
			t.Fatalf("seed %d: recorded %+v, want Ann's draw and her discard", seed, rec)
		}
		mustApply(t, u, ann, rec[0].Move, rec[1].Move)
		return
	}
	t.Fatal("no seed under 200 deals Ben a Resupply")
}
