package mod

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-referee/referee/engine"
)

// The unseeded game of these tests: twelve shared cards, four a deck,
// their order chosen by the test as it writes the tops.
const unseededShared = "4 Laser 4 Missile 4 Red"

func newUnseeded(t testing.TB, opts engine.Options) *State {
	t.Helper()
	opts.Players = players
	st, err := Game{Cards: loadCards(t, withShared(unseededShared))}.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// roundOne writes the first tops on the board line and plays round 1 as
// a table would record it: each draft, and the card that comes up after
// it. The decks are, top first: 1 Laser Laser Missile Missile, 2 Red Red
// Laser Laser, 3 Missile Missile Red Red; Ann and Ben each draft from
// decks 1, 2, 3, 1, 2. The last turn's end activates the drafts and the
// reset: the draws of both and the new top of deck 3 are then to write.
func roundOne(t testing.TB, s *State) {
	t.Helper()
	decks := [SharedDecks][]string{names("Laser Laser Missile Missile"), names("Red Red Laser Laser"), names("Missile Missile Red Red")}
	for d := range decks {
		mustApply(t, s, engine.Nobody, engine.OnSetupLine{Move: Top{Deck: d + 1, Card: decks[d][0]}})
	}
	for i, d := range []int{1, 1, 2, 2, 3, 3, 1, 1, 2, 2} {
		p := i % 2
		decks[d-1] = decks[d-1][1:]
		mustApply(t, s, p, Draft{Deck: d})
		if len(decks[d-1]) > 0 {
			mustApply(t, s, p, Top{Deck: d, Card: decks[d-1][0]})
		}
		mustApply(t, s, p, engine.EndTurn{})
	}
}

func TestRulingMD24UnseededRecords(t *testing.T) {
	t.Run("the first tops, on the board line", func(t *testing.T) {
		s := newUnseeded(t, engine.Options{})
		expect(t, s, ann, engine.OnSetupLine{Move: Top{Deck: 1, Card: "Laser"}}, ruled("MD24", rulingRecordLines))
		expect(t, s, engine.Nobody, engine.OnSetupLine{Move: Top{Deck: 4, Card: "Laser"}}, ruled("MD7", rulingDecks))
		expect(t, s, engine.Nobody, engine.OnSetupLine{Move: Top{Deck: 1, Card: "Sword"}}, ruled("MD28", rulingChecking))
		expect(t, s, engine.Nobody, engine.OnSetupLine{Move: Top{Deck: 1, Card: "Nope"}}, broke(ruleSharedDecks))
		expect(t, s, engine.Nobody, engine.OnSetupLine{Move: Top{Deck: 1, Card: "Laser"}}, ok)
		v := expect(t, s, engine.Nobody, engine.OnSetupLine{Move: Top{Deck: 1, Card: "Red"}}, ruled("MD24", rulingRecord))
		if !strings.Contains(v.What, "written already: it is Laser") {
			t.Errorf("a top written twice: %q", v.What)
		}
		v = expect(t, s, ann, Draft{Deck: 1}, ruled("MD24", rulingRecord))
		if !strings.Contains(v.What, "shared deck 2 is not written yet") {
			t.Errorf("a draft before the tops: %q", v.What)
		}
		expect(t, s, ann, engine.OnSetupLine{Move: DrawCard{Card: "Laser"}}, ruled("MD3", rulingNoSetup))
	})
	t.Run("a round recorded in full checks as the seed's would", func(t *testing.T) {
		s := newUnseeded(t, engine.Options{})
		roundOne(t, s)
		checkAt(t, s, Command, 11, ben)
		for _, m := range []engine.Move{engine.EndTurn{}, Pass{}, assign("Laser"), Draft{Deck: 3}} {
			v := expect(t, s, ben, m, ruled("MD24", rulingRecord))
			if !strings.Contains(v.What, "Ben's draw is not written yet") {
				t.Errorf("%s before the reset's draws: %q", moveKey(m), v.What)
			}
		}
		// Ann drew first, holding the initiative (MD14); either may write
		// first, each their own.
		v := expect(t, s, ben, DrawCard{Card: "Sword"}, ruled("MD28", rulingChecking))
		if !strings.Contains(v.What, "Ben cannot draw Sword: no Sword was ever shuffled into Ben's deck") {
			t.Errorf("a card Ben never had: %q", v.What)
		}
		mustApply(t, s, ben, DrawCard{Card: "Red"})
		v = expect(t, s, ben, DrawCard{Card: "Laser"}, ruled("MD24", rulingRecord))
		if !strings.Contains(v.What, "the card drawn is Ann's, written Ann draw Laser") {
			t.Errorf("Ben writing Ann's draw: %q", v.What)
		}
		mustApply(t, s, ann, DrawCard{Card: "Laser"})
		v = expect(t, s, ben, Top{Deck: 3, Card: "Missile"}, ruled("MD28", rulingChecking))
		if !strings.Contains(v.What, "shared deck 3 cannot show Missile on top: every Missile of the shared decks is seen elsewhere") {
			t.Errorf("a fifth Missile on top: %q", v.What)
		}
		expect(t, s, ben, Top{Deck: 1, Card: "Red"}, ruled("MD24", rulingRecord)) // deck 1 is empty
		mustApply(t, s, ben, Top{Deck: 3, Card: "Red"})
		checkCards(t, "Ann's hand", s.Hand(ann), "Laser")
		checkCards(t, "Ben's hand", s.Hand(ben), "Red")
		if len(s.Deck(ann)) != 4 || s.Assumptions() != 0 {
			t.Errorf("Ann's deck %q, %d assumptions; want 4 unknown cards, none", s.Deck(ann), s.Assumptions())
		}
		expect(t, s, ben, DrawCard{Card: "Red"}, ruled("MD24", rulingRecord)) // nothing left to write
		expect(t, s, ben, assign("Red"), ok)
	})
	t.Run("the choice to draw writes its card", func(t *testing.T) {
		s := newUnseeded(t, engine.Options{})
		roundOne(t, s)
		mustApply(t, s, ben, DrawCard{Card: "Red"})
		mustApply(t, s, ann, DrawCard{Card: "Laser"})
		mustApply(t, s, ben, Top{Deck: 3, Card: "Red"}, eject("Red"), engine.EndTurn{})
		mustApply(t, s, ann, Draft{Deck: 3}, engine.EndTurn{}) // deck 3 is empty: no top
		mustApply(t, s, ben, Draft{Pile: true, Deck: 3}, engine.EndTurn{})
		mustApply(t, s, ann, eject("Laser"), engine.EndTurn{})
		// No one can place a card: Ann's ejected Laser activates first.
		checkAt(t, s, EjectChoice, 15, ann)
		v := expect(t, s, ann, DrawCard{Card: "Sword"}, ruled("MD28", rulingChecking))
		if !strings.Contains(v.What, "Ann cannot draw Sword") {
			t.Errorf("the choice to draw a card Ann never had: %q", v.What)
		}
		mustApply(t, s, ann, DrawCard{Card: "Missile"})
		checkCards(t, "Ann's hand", s.Hand(ann), "Missile")
		if s.pending() != "" {
			t.Errorf("after draw Missile: %s", s.pending())
		}
		mustApply(t, s, ann, engine.EndTurn{})
	})
}

func TestRulingMD25To27UnknownCardsSeatsAndSeeds(t *testing.T) {
	t.Run("a ? where the card is seen or read", func(t *testing.T) {
		s := newUnseeded(t, engine.Options{})
		roundOne(t, s)
		mustApply(t, s, ben, DrawCard{Card: Unknown})
		mustApply(t, s, ann, DrawCard{Card: "Laser"})
		expect(t, s, ben, Top{Deck: 3, Card: Unknown}, ruled("MD25", rulingUnknownRead))
		mustApply(t, s, ben, Top{Deck: 3, Card: "Red"})
		expect(t, s, ben, assign(Unknown), ruled("MD25", rulingUnknownRead))
		expect(t, s, ben, Draft{Deck: 3, Card: Unknown}, ruled("MD25", rulingUnknownRead))
		expect(t, s, ben, eject(Unknown), ok)
		mustApply(t, s, ben, engine.EndTurn{})
		// Ann's one card is known: a ? cannot be ejected from her hand.
		expect(t, s, ann, eject(Unknown), ruled("MD25", rulingUnknownEject))
		expect(t, s, ann, spend(Unknown), ruled("MD25", rulingUnknownRead))
	})
	t.Run("from Ann's seat: her cards are written, Ben's may be ?", func(t *testing.T) {
		s := newUnseeded(t, engine.Options{OneSeat: true, Seat: ann})
		roundOne(t, s)
		expect(t, s, ann, DrawCard{Card: Unknown}, ruled("MD26", rulingPerspective))
		mustApply(t, s, ann, DrawCard{Card: "Missile"})
		mustApply(t, s, ben, DrawCard{Card: Unknown}, Top{Deck: 3, Card: "Red"})
		checkCards(t, "Ben's hand", s.Hand(ben), "?")
		v := expect(t, s, ben, assign("Sword"), ruled("MD28", rulingChecking))
		if !strings.Contains(v.What, "Ben cannot hold Sword: no Sword was ever shuffled into Ben's deck") {
			t.Errorf("Ben assigning a card he never had: %q", v.What)
		}
		mustApply(t, s, ben, assign("Laser"))
		if s.Assumptions() != 1 {
			t.Errorf("%d assumptions, want 1: Ben's Laser could only be his unknown card", s.Assumptions())
		}
		mustApply(t, s, ben, engine.EndTurn{})
		expect(t, s, ann, eject(Unknown), ruled("MD26", rulingPerspective))
	})
	t.Run("a seed deals every card", func(t *testing.T) {
		s := newGame(t, loadCards(t, withShared(unseededShared)), 1, nil)
		for _, m := range []engine.Move{Top{Deck: 1, Card: "Laser"}, engine.OnSetupLine{Move: Top{Deck: 1, Card: "Laser"}}, DrawCard{Card: "Laser"}, DrawCard{Card: Unknown}, eject(Unknown), Draft{Deck: 1, Card: Unknown}} {
			expect(t, s, ann, m, ruled("MD27", rulingSeedDeals))
		}
	})
}

func TestRulingMD28AnUnknownCardThatCannotBe(t *testing.T) {
	// From Ann's seat, Ben's two unknown cards, drawn from a deck of 2
	// Lasers, 1 Red and 2 Missiles.
	setUp := func(t *testing.T) *State {
		s := newUnseeded(t, engine.Options{OneSeat: true, Seat: ann})
		roundOne(t, s)
		mustApply(t, s, ann, DrawCard{Card: "Missile"})
		mustApply(t, s, ben, DrawCard{Card: Unknown}, Top{Deck: 3, Card: "Red"}, Draft{Deck: 3}, engine.EndTurn{})
		return s
	}
	t.Run("a card revealed from the hand is an assumption", func(t *testing.T) {
		s := setUp(t)
		mustApply(t, s, ann, Draft{Pile: true, Deck: 3}, engine.EndTurn{})
		// Ben's one Red is still unknown in his hand: he may assign it.
		mustApply(t, s, ben, assign("Red"), engine.EndTurn{})
		if s.Assumptions() != 1 {
			t.Errorf("%d assumptions, want 1", s.Assumptions())
		}
	})
	t.Run("a card revealed when its copies are seen", func(t *testing.T) {
		// Ben's deck holds one Red, drawn by name, and three more cards
		// drawn unseen: none of them can be a second Red.
		s := newUnseeded(t, engine.Options{OneSeat: true, Seat: ann})
		roundOne(t, s)
		mustApply(t, s, ann, DrawCard{Card: "Missile"})
		mustApply(t, s, ben, DrawCard{Card: "Red"}, Top{Deck: 3, Card: "Red"}, eject("Red"), engine.EndTurn{})
		mustApply(t, s, ann, Draft{Deck: 3}, engine.EndTurn{})
		mustApply(t, s, ben, Draft{Pile: true, Deck: 3}, engine.EndTurn{})
		mustApply(t, s, ann, eject("Missile"), engine.EndTurn{})
		// Ann's ejected Missile, then Ben's drafted Red, then his ejected
		// Red: he draws a card unseen.
		mustApply(t, s, ann, GainFuel{}, engine.EndTurn{})
		mustApply(t, s, ben, DrawCard{Card: Unknown}, engine.EndTurn{})
		mustApply(t, s, ann, DrawCard{Card: "Laser"})
		mustApply(t, s, ben, DrawCard{Card: Unknown})
		checkCards(t, "Ben's hand", s.Hand(ben), "? ?")
		mustApply(t, s, ann, assign("Laser"), engine.EndTurn{})
		v := expect(t, s, ben, assign("Red"), ruled("MD28", rulingChecking))
		if !strings.Contains(v.What, "Ben cannot hold Red: every Red of Ben's is seen: 2 in Ben's discard pile") {
			t.Errorf("a second Red: %q", v.What)
		}
		mustApply(t, s, ben, assign("Missile"))
	})
	t.Run("legal lists the cards a draw could be", func(t *testing.T) {
		s := newUnseeded(t, engine.Options{OneSeat: true, Seat: ann})
		roundOne(t, s)
		var got []string
		for _, m := range s.Legal() {
			got = append(got, moveKey(m))
		}
		for _, want := range []string{"draw Laser", "draw Missile", "draw Red", "top 3 Red"} {
			if !slices.ContainsFunc(got, func(g string) bool { return strings.HasSuffix(g, want) }) {
				t.Errorf("legal moves %q lack %q", got, want)
			}
		}
	})
}

// A card named from a hand of unknown cards is the oldest that can be it,
// so that the newer, which can be more (a card shuffled in after an older
// one was drawn), are kept for the cards named later.
func TestRulingMD28TheOldestUnknownCardIsNamed(t *testing.T) {
	// From Ann's seat: Ben holds one unknown card of the deck Missile
	// Laser and has ejected the other, and two Reds are in his discard
	// pile. The reset's draw shuffles the pile in and draws a card,
	// unseen: only that card can be a Red, and either can be the Missile.
	setUp := func(t *testing.T) *State {
		line := func(m engine.Move) engine.Move { return engine.OnSetupLine{Move: m} }
		s := newUnseeded(t, engine.Options{OneSeat: true, Seat: ann})
		mustApply(t, s, ben, line(Hand{Cards: names("?")}), line(Deck{Cards: names("Missile Laser")}),
			line(DiscardPile{Cards: names("? Red Red")}), line(Activating{How: Ejected, Card: "Laser"}))
		if err := s.StartAt(5, ben); err != nil {
			t.Fatal(err)
		}
		mustApply(t, s, ben, GainFuel{}, engine.EndTurn{})
		mustApply(t, s, ben, DrawCard{Card: Unknown})
		checkCards(t, "Ben's hand", s.Hand(ben), "? ?")
		return s
	}
	for _, tt := range []struct {
		name string
		// Ben assigns each card in turn, Ann passing between: the last
		// answers want, whose message says what.
		cards []string
		want  verdict
		what  string
	}{
		{name: "the one both can be, then the one only the newer can be", cards: names("Missile Red"), want: ok},
		{name: "the one only the newer can be, then the other", cards: names("Red Missile"), want: ok},
		{name: "the one only the older can be, then the other", cards: names("Laser Red"), want: ok},
		{name: "a second Red, which the older cannot be", cards: names("Red Red"), want: ruled("MD28", rulingChecking),
			what: "Ben cannot hold Red: Ben's unknown cards were all drawn before any Red was shuffled into Ben's deck"},
		{name: "a second Missile", cards: names("Missile Missile"), want: ruled("MD28", rulingChecking),
			what: "Ben cannot hold Missile: every Missile of Ben's is seen: 1 in the stack"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := setUp(t)
			last := len(tt.cards) - 1
			for _, c := range tt.cards[:last] {
				mustApply(t, s, ben, assign(c), engine.EndTurn{})
				mustApply(t, s, ann, Pass{}, engine.EndTurn{})
			}
			v := expect(t, s, ben, assign(tt.cards[last]), tt.want)
			if v != nil && !strings.Contains(v.What, tt.what) {
				t.Errorf("assign %s: %q, want %q", tt.cards[last], v.What, tt.what)
			}
		})
	}
}

func TestRecordedAndHidden(t *testing.T) {
	s := newGame(t, loadCards(t, withShared(unseededShared)), 1, nil)
	first := s.Recorded()
	if len(first) != SharedDecks {
		t.Fatalf("the first record: %v, want the 3 tops", first)
	}
	for i, e := range first {
		top := s.Shared(i).Deck[0]
		if e.Player != engine.Nobody || e.Move != (engine.OnSetupLine{Move: Top{Deck: i + 1, Card: top}}) {
			t.Errorf("record %d: %+v, want board: top %d %s", i, e, i+1, top)
		}
	}
	mustApply(t, s, ann, Draft{Deck: 1})
	got := s.Recorded()
	want := []engine.By{{Player: ann, Move: Draft{Deck: 1}}, {Player: engine.Nobody, Move: Top{Deck: 1, Card: s.Shared(0).Deck[0]}}}
	if !slices.Equal(got, want) {
		t.Errorf("a draft recorded as %v, want %v", got, want)
	}
	for _, tt := range []struct {
		player  int
		m, want engine.Move
	}{
		{ben, DrawCard{Card: "Laser"}, DrawCard{Card: Unknown}},
		{ann, DrawCard{Card: "Laser"}, DrawCard{Card: "Laser"}},
		{ben, DrawCard{}, DrawCard{}},
		{ben, eject("Laser"), eject(Unknown)},
		{ben, assign("Laser"), assign("Laser")},
		{engine.Nobody, Top{Deck: 1, Card: "Laser"}, Top{Deck: 1, Card: "Laser"}},
	} {
		if got := s.Hide(ann, tt.player, tt.m); got != tt.want {
			t.Errorf("Hide(Ann, %d, %v) = %v, want %v", tt.player, tt.m, got, tt.want)
		}
	}
}

func TestRulingMD29PositionsWithoutASeed(t *testing.T) {
	line := func(m engine.Move) engine.Move { return engine.OnSetupLine{Move: m} }
	t.Run("refused", func(t *testing.T) {
		for _, tt := range []struct {
			name string
			by   int
			m    engine.Move
			want verdict
		}{
			{"a deck by a count", ann, Deck{Count: 3}, ruled("MD29", rulingUnseededPosition)},
			{"a deck with ?", ann, Deck{Cards: names("Laser ?")}, ruled("MD29", rulingUnseededPosition)},
			{"a shared pile with ?", engine.Nobody, Shared{Pile: true, Deck: 1, Cards: names("?")}, ruled("MD29", rulingUnseededPosition)},
			{"a card named below a shared top", engine.Nobody, Shared{Deck: 1, Cards: names("Laser Red")}, ruled("MD29", rulingUnseededPosition)},
			{"a play area with ?", ann, PlayArea{Cards: names("?")}, ruled("MD29", rulingUnseededPosition)},
			{"an assigned ?", ann, StackSlot{N: 1, How: Assigned, Card: Unknown}, ruled("MD29", rulingUnseededPosition)},
			{"drawn -1", ann, Drawn{N: -1}, ruled("MD29", rulingUnseededPosition)},
		} {
			t.Run(tt.name, func(t *testing.T) {
				expect(t, newUnseeded(t, engine.Options{}), tt.by, line(tt.m), tt.want)
			})
		}
	})
	t.Run("a top written on the board line of a position", func(t *testing.T) {
		s := newUnseeded(t, engine.Options{})
		mustApply(t, s, engine.Nobody, line(Round{N: 3}))
		expect(t, s, engine.Nobody, line(Top{Deck: 1, Card: "Laser"}), ruled("MD29", rulingUnseededPosition))
	})
	t.Run("from Ann's seat, her own cards are known", func(t *testing.T) {
		s := newUnseeded(t, engine.Options{OneSeat: true, Seat: ann})
		mustApply(t, s, ann, line(Hand{Cards: names("? Laser")}), line(Deck{Cards: names("Missile Red")}))
		mustApply(t, s, engine.Nobody, line(Shared{Deck: 1, Cards: names("Missile")}))
		err := s.StartAt(5, ann)
		if v, ok := err.(*engine.Violation); !ok || v.Ruling != "MD26" || !strings.Contains(v.What, "the record is from Ann's seat") {
			t.Errorf("StartAt: %v, want MD26", err)
		}
		s = newUnseeded(t, engine.Options{OneSeat: true, Seat: ann})
		mustApply(t, s, ann, line(Hand{Cards: names("Laser ?")}), line(Deck{Cards: names("Missile Red")}), line(Drawn{N: 1}))
		mustApply(t, s, engine.Nobody, line(Shared{Deck: 1, Cards: names("Missile")}))
		if err := s.StartAt(5, ann); err != nil {
			t.Errorf("StartAt with Ann's draw to write: %v", err)
		}
		expect(t, s, ann, DrawCard{Card: Unknown}, ruled("MD26", rulingPerspective))
		expect(t, s, ann, DrawCard{Card: "Red"}, ok)
	})
	t.Run("with a seed, no ?", func(t *testing.T) {
		s := newGame(t, loadCards(t, withShared(unseededShared)), 1, nil)
		expect(t, s, ann, line(Hand{Cards: names("?")}), ruled("MD27", rulingSeedDeals))
		expect(t, s, ann, line(Drawn{N: 1}), ruled("MD27", rulingSeedDeals))
	})
	t.Run("a position with unknown cards and draws to write", func(t *testing.T) {
		s := newUnseeded(t, engine.Options{OneSeat: true, Seat: ann})
		mustApply(t, s, ann, line(Hand{Cards: names("Laser")}), line(Deck{Cards: names("Missile Red")}))
		mustApply(t, s, ben, line(Hand{Cards: names("? ?")}), line(Deck{Cards: names("Laser Red Red")}), line(Drawn{N: 1}))
		mustApply(t, s, engine.Nobody, line(Shared{Deck: 1, Cards: names("Missile ? ?")}), line(Shared{Deck: 2, Count: 2}))
		if err := s.StartAt(5, ann); err != nil {
			t.Fatal(err)
		}
		checkCards(t, "Ben's hand", s.Hand(ben), "? ?")
		if len(s.Deck(ann)) != 2 || len(s.Deck(ben)) != 1 {
			t.Errorf("decks of %d and %d cards, want 2 and 1", len(s.Deck(ann)), len(s.Deck(ben)))
		}
		v := expect(t, s, ann, assign("Laser"), ruled("MD24", rulingRecord))
		if !strings.Contains(v.What, "Ben's draw is not written yet") {
			t.Errorf("a move before Ben's draw is written: %q", v.What)
		}
		expect(t, s, ben, DrawCard{Card: "Missile"}, ruled("MD28", rulingChecking))
		mustApply(t, s, ben, DrawCard{Card: "Laser"})
		expect(t, s, ann, Top{Deck: 2, Card: "Missile"}, ok)
		expect(t, s, ann, assign("Laser"), ok)
		pos := s.Position()
		var board []string
		for _, m := range pos.Lines[2].Moves {
			board = append(board, moveKey(m))
		}
		if !slices.Contains(board, `mod.Shared{Pile:false Deck:2 Cards:[Missile ?] Count:0}`) {
			t.Errorf("the board written: %q", board)
		}
	})
	t.Run("more unknown cards than a deck's unseen cards", func(t *testing.T) {
		s := newUnseeded(t, engine.Options{})
		mustApply(t, s, ben, line(Hand{Cards: names("? ?")}), line(Deck{Cards: names("Laser")}))
		mustApply(t, s, engine.Nobody, line(Shared{Deck: 1, Cards: names("Missile")}))
		err := s.StartAt(5, ann)
		if err == nil || !strings.Contains(err.Error(), "Ben has 2 unknown cards, more than the 1 card unseen of Ben's deck") {
			t.Errorf("StartAt: %v", err)
		}
	})
}

// Many unknown cards cost a matching, not a search: a hand of 100 unknown
// cards, drawn from a deck of 25 names four times over, reveals each name
// at once, and the reveals that follow, one a turn, stay quick.
func TestManyUnknownCards(t *testing.T) {
	var src strings.Builder
	src.WriteString("[Game \"mod\"]\n")
	var deck, all []string
	for i := range 25 {
		name := "C" + string(rune('A'+i))
		fmt.Fprintf(&src, "action %s cost 0 : fuel 1\n", name)
		deck = append(deck, "4 "+name)
		for range 4 {
			all = append(all, name)
		}
	}
	deck[0] = "6 CA" // 102 shared cards, a multiple of three; Ann holds one
	src.WriteString("deck Shared " + strings.Join(deck, " ") + "\n")
	cs := loadCards(t, src.String())
	st, err := Game{Cards: cs}.New(engine.Options{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	line := func(m engine.Move) engine.Move { return engine.OnSetupLine{Move: m} }
	hand := make([]string, 100)
	for i := range hand {
		hand[i] = Unknown
	}
	mustApply(t, s, ben, line(Hand{Cards: hand}), line(Deck{Cards: all}))
	mustApply(t, s, ann, line(Hand{Cards: names("CA")}))
	if err := s.StartAt(1, ben); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for _, name := range distinct(all) {
		c := s.clone()
		mustApply(t, c, ben, assign(name))
	}
	// Ben reveals four of each name, a turn each, Ann passing between.
	for i := range 5 {
		mustApply(t, s, ben, assign(all[i*4]), engine.EndTurn{})
		if i == 0 {
			mustApply(t, s, ann, assign("CA"), engine.EndTurn{})
		} else if s.ToMove() == ann {
			mustApply(t, s, ann, Pass{}, engine.EndTurn{})
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("100 unknown cards took %v: the reveals search", d)
	}
	if s.Assumptions() < 5 {
		t.Errorf("%d assumptions, want 5 or more", s.Assumptions())
	}
}

// In an unseeded game, from either seat or none, every move Legal lists
// applies, the records of what the table reveals among them, until the
// game ends.
func TestUnseededLegalMovesApply(t *testing.T) {
	for _, opts := range []engine.Options{{}, {OneSeat: true, Seat: ann}, {OneSeat: true, Seat: ben}} {
		s := newUnseeded(t, opts)
		for step := 0; step < 400 && !s.Outcome().Over; step++ {
			moves := checkLegalMovesApply(t, s)
			if t.Failed() {
				return
			}
			// Prefer a move that is not ending the turn, and vary which.
			m := moves[(step*7)%len(moves)]
			p := s.ToMove()
			if by, ok := m.(engine.By); ok {
				p, m = by.Player, by.Move
			}
			if err := s.Apply(p, m); err != nil {
				t.Fatalf("step %d: %s: %v", step, moveKey(m), err)
			}
		}
		if s.Round() < 3 {
			t.Errorf("%+v: the walk stopped in round %d", opts, s.Round())
		}
	}
}

// The choice to draw written with the card drawn is played on the state
// itself when drawSure says it cannot be refused, and on a copy
// otherwise: on every walk, a sure draw applies, and leaves the state,
// ledger and all, as the copy's way would.
func TestSureDrawsApply(t *testing.T) {
	sure, unsure := 0, 0
	for _, opts := range []engine.Options{{}, {OneSeat: true, Seat: ann}, {OneSeat: true, Seat: ben}} {
		for seed := range 8 {
			s := newUnseeded(t, opts)
			for step := 0; step < 400 && !s.Outcome().Over; step++ {
				moves := s.Legal()
				if s.phase == EjectChoice && !s.acted && s.pending() == "" {
					p := s.ToMove()
					for _, card := range append(distinct(s.cards.shared), Unknown) {
						// With nothing to draw, no card may be written.
						empty := s.clone()
						empty.players[p].deck, empty.players[p].discard = nil, nil
						if empty.drawSure(p, card) || empty.Apply(p, DrawCard{Card: card}) == nil {
							t.Fatalf("%+v: draw %s from an empty deck and discard pile: sure, or accepted", opts, card)
						}
						if !s.drawSure(p, card) {
							unsure++
							continue
						}
						sure++
						c := s.clone()
						if err := c.Apply(p, DrawCard{Card: card}); err != nil {
							t.Fatalf("%+v: draw %s, sure, refused: %v", opts, card, err)
						}
						want := s.clone()
						want.play(p, DrawCard{})
						if err := want.recordDraw(p, card); err != nil {
							t.Fatalf("%+v: draw %s, sure, refused on a copy: %v", opts, card, err)
						}
						if !reflect.DeepEqual(c, want) {
							t.Fatalf("%+v: draw %s:\n%s\nwant\n%s", opts, card, snapshot(c), snapshot(want))
						}
					}
				}
				// A move Legal lists may yet be refused by the ledger
				// (Could looks at one card): the walk takes the next.
				for k := range moves {
					m := moves[(step*(7+seed)+k)%len(moves)]
					p := s.ToMove()
					if by, ok := m.(engine.By); ok {
						p, m = by.Player, by.Move
					}
					if s.Apply(p, m) == nil {
						break
					}
				}
			}
		}
	}
	if sure == 0 || unsure == 0 {
		t.Errorf("%d sure draws and %d not: the walks try too few", sure, unsure)
	}
}
