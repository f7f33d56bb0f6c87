package sortie

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/cards"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// ---------------------------------------------------------------------------
// Helpers

// card reads a card as transcripts write it, as in 9C or JR.
func card(s string) cards.Card {
	c, ok := cards.Parse(s)
	if !ok {
		panic("bad card " + s)
	}
	return c
}

// cardList reads cards separated by spaces.
func cardList(s string) []cards.Card {
	var out []cards.Card
	for _, f := range strings.Fields(s) {
		out = append(out, card(f))
	}
	return out
}

// sq reads a square name, as in b2.
func sq(s string) grid.Square {
	q, ok := grid.Parse(s)
	if !ok {
		panic("bad square " + s)
	}
	return q
}

func squares(s string) []grid.Square {
	var out []grid.Square
	for _, f := range strings.Fields(s) {
		out = append(out, sq(f))
	}
	return out
}

func place(bottom, top, at string) Place {
	return Place{Bottom: card(bottom), Top: card(top), At: sq(at)}
}

func step(from, to string) Step { return Step{From: sq(from), To: sq(to)} }

func attack(from, target string) Attack { return Attack{From: sq(from), Target: sq(target)} }

func draw(cs string) Draw { return Draw{Cards: cardList(cs)} }

// opening is a draw written on a set-up line: cards of the opening hand.
func opening(cs string) Draw { return Draw{Cards: cardList(cs), Opening: true} }

// takeCard removes c from pile, or panics: a position names each card once.
func takeCard(pile *[]cards.Card, c cards.Card) {
	if !cards.Remove(pile, c) {
		panic(fmt.Sprintf("card %v is not in the deck (named twice?)", c))
	}
}

// pos builds a position in the middle of an unseeded game: player is to act
// on turn 3 (first player) or 4 (second player), no draw is owed, all six
// flags stand. hand0 and hand1 are the hands; each unit is written
// "owner bottom/top square [broken] [placed] [moved] [attacked]". The deck
// holds every other card, in sorted order as in an unseeded game.
func pos(r rules, player int, hand0, hand1 string, units ...string) *State {
	s := &State{rules: r, turn: 3 + player, player: player}
	s.deck = cards.Deck(r.jokers)
	s.hands[0] = cardList(hand0)
	s.hands[1] = cardList(hand1)
	for p := range 2 {
		s.flags[p] = slices.Clone(homes[p])
		for _, c := range s.hands[p] {
			takeCard(&s.deck, c)
		}
	}
	for _, spec := range units {
		f := strings.Fields(spec)
		owner := int(f[0][0] - '0')
		bt := strings.Split(f[1], "/")
		u := &Unit{Owner: owner, Bottom: card(bt[0]), Top: card(bt[1]), Shield: true}
		takeCard(&s.deck, u.Bottom)
		takeCard(&s.deck, u.Top)
		for _, mod := range f[3:] {
			switch mod {
			case "broken":
				u.Shield = false
			case "placed":
				u.Placed = true
			case "moved":
				u.Moved = true
			case "attacked":
				u.Attacks = 1
			default:
				panic("bad unit modifier " + mod)
			}
		}
		at := sq(f[2])
		if s.board[Board.Index(at)] != nil {
			panic("two units on " + f[2])
		}
		s.put(Board.Index(at), u)
	}
	return s
}

// throw moves cards from the deck to the discard pile.
func throw(s *State, cs string) {
	for _, c := range cardList(cs) {
		takeCard(&s.deck, c)
		s.discard = append(s.discard, c)
	}
}

// capture takes flags off player's side as captured by the opponent.
func capture(s *State, player int, flags string) {
	for _, f := range squares(flags) {
		k := slices.Index(s.flags[player], f)
		if k < 0 {
			panic("no flag on " + f.String())
		}
		s.flags[player] = slices.Delete(s.flags[player], k, k+1)
		s.captured[1-player] = append(s.captured[1-player], f)
	}
}

func newGame(t *testing.T, seeded bool, seed uint64, variants map[string]string) *State {
	t.Helper()
	st, err := Game{}.New(engine.Options{Seeded: seeded, Seed: seed, Variants: variants})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// seededDeck is the deck a seed gives, top first (S15).
func seededDeck(seed uint64, jokers bool) []cards.Card {
	d := cards.Deck(jokers)
	shuffle.Shuffle(shuffle.New(seed), d)
	return d
}

// verdict is what Apply should answer: nil (the zero verdict, ok), or a
// violation of a ruling (ruling set) or of the rules text (rule set).
type verdict struct {
	ruling string // ruling id, as in "S3"
	rule   string // the exact rule quoted; with ruling, "" accepts any
}

var ok = verdict{}

func broke(rule string) verdict { return verdict{rule: rule} }
func ruled(id string) verdict   { return verdict{ruling: id} }

var (
	rulesTextOnce = sync.OnceValues(func() ([]byte, error) { return os.ReadFile("../../../shared/seeds/sortie.txt") })
	rulingsOnce   = sync.OnceValues(func() ([]byte, error) { return os.ReadFile("RULINGS.md") })
)

// checkQuote checks that a violation quotes the rules: a text rule must be
// in the rules text, a ruling must be one of RULINGS.md's.
func checkQuote(t *testing.T, v *engine.Violation) {
	t.Helper()
	if v.What == "" || v.Rule == "" {
		t.Errorf("violation %q has an empty part", v.Error())
	}
	if v.Ruling == "" {
		text, err := rulesTextOnce()
		if err != nil {
			return // the rules text is not in this checkout
		}
		if !strings.Contains(string(text), v.Rule) {
			t.Errorf("rule %q is not quoted from the rules text", v.Rule)
		}
		return
	}
	md, err := rulingsOnce()
	if err != nil {
		t.Fatalf("RULINGS.md: %v", err)
	}
	if !strings.Contains(string(md), "**"+v.Ruling+". ") {
		t.Errorf("ruling %q is not in RULINGS.md", v.Ruling)
	}
}

// snapshot writes down everything one can see of a state, with the draws a
// seed gives already made.
func snapshot(s *State) string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn=%d toMove=%d outcome=%+v deck=%d discards=%d\n", s.Turn(), s.ToMove(), s.Outcome(), s.Deck(), s.Discards())
	for p := range 2 {
		fmt.Fprintf(&b, "hand%d=%v flags=%v captured=%v\n", p, s.Hand(p), s.Flags(p), s.Captured(p))
	}
	for i := range Board.Size() {
		if u := s.UnitAt(Board.Square(i)); u != nil {
			fmt.Fprintf(&b, "%v=%+v ", Board.Square(i), *u)
		}
	}
	v := s.settled()
	fmt.Fprintf(&b, "\ndeck=%v discard=%v pending=%v turn=%d player=%d\n", v.deck, v.discard, v.pending, v.turn, v.player)
	fmt.Fprintf(&b, "legal=%v", s.Legal())
	return b.String()
}

// expect applies m for player and checks Apply's answer. A refused move
// must leave the state as it was and quote the rules.
func expect(t *testing.T, s *State, player int, m engine.Move, want verdict) *engine.Violation {
	t.Helper()
	if want == ok {
		if err := s.Apply(player, m); err != nil {
			t.Fatalf("%T%v by player %d: %v", m, m, player, err)
		}
		return nil
	}
	// Only a refusal compares the state before and after: the snapshot
	// is a good part of a random game's time.
	before := snapshot(s)
	err := s.Apply(player, m)
	if err == nil {
		t.Fatalf("%T%v by player %d was accepted; want a violation of %+v", m, m, player, want)
	}
	var v *engine.Violation
	if !errors.As(err, &v) {
		t.Fatalf("%T%v: error %v is not a *engine.Violation", m, m, err)
	}
	if v.Ruling != want.ruling {
		t.Errorf("%T%v: %v; want ruling %q", m, m, v, want.ruling)
	}
	if want.rule != "" && v.Rule != want.rule {
		t.Errorf("%T%v: %v; want rule %q", m, m, v, want.rule)
	}
	checkQuote(t, v)
	if after := snapshot(s); after != before {
		t.Errorf("refused %T%v changed the state:\nbefore %s\nafter  %s", m, m, before, after)
	}
	return v
}

func mustApply(t *testing.T, s *State, player int, moves ...engine.Move) {
	t.Helper()
	for _, m := range moves {
		expect(t, s, player, m, ok)
	}
}

// pass ends the current turn and, in an unseeded game, writes the next
// player's draw (the lowest card of the deck).
func pass(t *testing.T, s *State) {
	t.Helper()
	mustApply(t, s, s.ToMove(), engine.EndTurn{})
	if !s.seeded && len(s.pending) > 0 {
		mustApply(t, s, s.ToMove(), Draw{Cards: []cards.Card{s.deck[0]}})
	}
}

func moveKey(m engine.Move) string { return fmt.Sprintf("%T%v", m, m) }

func hasMove(moves []engine.Move, m engine.Move) bool {
	return slices.ContainsFunc(moves, func(x engine.Move) bool { return moveKey(x) == moveKey(m) })
}

// ---------------------------------------------------------------------------
// The rules text, sentence by sentence

func TestSetup(t *testing.T) {
	t.Run("each player draws four cards to start (seeded)", func(t *testing.T) {
		s := newGame(t, true, 1, map[string]string{"firstdraw": "no"})
		if got := len(s.Hand(0)); got != 4 {
			t.Errorf("first player holds %d cards, want 4", got)
		}
		if got := len(s.Hand(1)); got != 4 {
			t.Errorf("second player holds %d cards, want 4", got)
		}
		if s.Turn() != 1 || s.ToMove() != 0 {
			t.Errorf("after the deal: turn %d, player %d to move; want turn 1, player 0", s.Turn(), s.ToMove())
		}
	})
	t.Run("each player draws four cards to start (unseeded, written)", func(t *testing.T) {
		s := newGame(t, false, 0, map[string]string{"firstdraw": "no"})
		if s.Turn() != 0 {
			t.Errorf("Turn during setup = %d, want 0", s.Turn())
		}
		mustApply(t, s, 0, opening("7H 9C KD 2S"))
		if s.Turn() != 0 || s.ToMove() != 1 {
			t.Errorf("after the first hand: turn %d, to move %d; want 0, 1", s.Turn(), s.ToMove())
		}
		mustApply(t, s, 1, opening("AC AD AH AS"))
		if !slices.Equal(s.Hand(0), cardList("7H 9C KD 2S")) || !slices.Equal(s.Hand(1), cardList("AC AD AH AS")) {
			t.Errorf("hands %v %v", s.Hand(0), s.Hand(1))
		}
		if s.Turn() != 1 || s.ToMove() != 0 || s.Deck() != 44 {
			t.Errorf("after the deal: turn %d, to move %d, deck %d; want 1, 0, 44", s.Turn(), s.ToMove(), s.Deck())
		}
	})
	t.Run("an opening hand may be written in parts", func(t *testing.T) {
		s := newGame(t, false, 0, nil)
		mustApply(t, s, 0, opening("7H 9C"), opening("KD"), opening("2S"))
		if s.ToMove() != 1 || len(s.Hand(0)) != 4 {
			t.Errorf("to move %d, hand %v", s.ToMove(), s.Hand(0))
		}
	})
	t.Run("an opening hand of five cards is refused", func(t *testing.T) {
		s := newGame(t, false, 0, nil)
		expect(t, s, 0, opening("7H 9C KD 2S 3S"), broke(ruleStart))
		mustApply(t, s, 0, opening("7H 9C"))
		expect(t, s, 0, opening("KD 2S 3S"), broke(ruleStart))
	})
	t.Run("a set-up line holds only the opening draw", func(t *testing.T) {
		s := newGame(t, false, 0, nil)
		mustApply(t, s, 0, opening("7H 9C KD 2S"))
		mustApply(t, s, 1, opening("AC AD AH AS"))
		for _, m := range []engine.Move{
			Place{Bottom: cardList("7H")[0], Top: cardList("9C")[0], At: squares("a1")[0]},
			Step{From: squares("a1")[0], To: squares("a2")[0]},
			Attack{From: squares("a1")[0], Target: squares("b2")[0]},
		} {
			expect(t, s, 0, engine.OnSetupLine{Move: m}, broke(ruleStart))
		}
		if len(s.Hand(0)) != 4 {
			t.Errorf("a refused set-up move changed the hand: %v", s.Hand(0))
		}
	})
	t.Run("S13 flags stand on a1 a2 b1 and d4 d3 c4", func(t *testing.T) {
		s := newGame(t, true, 1, nil)
		for p, want := range []string{"a1 a2 b1", "d4 d3 c4"} {
			if got := s.Flags(p); !slices.Equal(got, squares(want)) {
				t.Errorf("Flags(%d) = %v, want %s", p, got, want)
			}
			if got := Home(p); !slices.Equal(got, squares(want)) {
				t.Errorf("Home(%d) = %v, want %s", p, got, want)
			}
			if len(s.Captured(p)) != 0 {
				t.Errorf("Captured(%d) = %v at the start", p, s.Captured(p))
			}
		}
	})
	t.Run("S15 seeded deal: top four to the first player, next four to the second, then the turn draws", func(t *testing.T) {
		deck := seededDeck(20261120, false)
		s := newGame(t, true, 20261120, nil)
		if want := append(slices.Clone(deck[0:4]), deck[8]); !slices.Equal(s.Hand(0), want) {
			t.Errorf("first hand %v, want %v", s.Hand(0), want)
		}
		if !slices.Equal(s.Hand(1), deck[4:8]) {
			t.Errorf("second hand %v, want %v", s.Hand(1), deck[4:8])
		}
		mustApply(t, s, 0, engine.EndTurn{})
		if want := append(slices.Clone(deck[4:8]), deck[9]); !slices.Equal(s.Hand(1), want) {
			t.Errorf("second hand after turn 2's draw %v, want %v", s.Hand(1), want)
		}
		mustApply(t, s, 1, engine.EndTurn{})
		if got := s.Hand(0); got[len(got)-1] != deck[10] {
			t.Errorf("turn 3 draws %v, want %v", got[len(got)-1], deck[10])
		}
	})
	t.Run("S15 jokers=high shuffles 54 cards", func(t *testing.T) {
		deck := seededDeck(5, true)
		s := newGame(t, true, 5, map[string]string{"jokers": "high", "firstdraw": "no"})
		if !slices.Equal(s.Hand(0), deck[0:4]) || !slices.Equal(s.Hand(1), deck[4:8]) {
			t.Errorf("hands %v %v, want %v %v", s.Hand(0), s.Hand(1), deck[0:4], deck[4:8])
		}
		if s.Deck() != 46 {
			t.Errorf("Deck = %d, want 46", s.Deck())
		}
	})
	t.Run("S15 a seeded game may write its opening hands", func(t *testing.T) {
		deck := seededDeck(9, false)
		s := newGame(t, true, 9, nil)
		mustApply(t, s, 0, Draw{Cards: deck[0:4], Opening: true})
		mustApply(t, s, 1, Draw{Cards: deck[4:8], Opening: true})
		mustApply(t, s, 0, Draw{Cards: deck[8:9]})
		if !slices.Equal(s.Hand(1), deck[4:8]) {
			t.Errorf("second hand %v", s.Hand(1))
		}
	})
	t.Run("S15 S1 the second player's hand is dealt after the first's even when only it is written", func(t *testing.T) {
		deck := seededDeck(9, false)
		s := newGame(t, true, 9, nil)
		expect(t, s, 1, Draw{Cards: deck[0:4], Opening: true}, ruled("S5"))
		mustApply(t, s, 1, Draw{Cards: deck[4:8], Opening: true})
		if !slices.Equal(s.Hand(0)[:4], deck[0:4]) {
			t.Errorf("first hand %v, want %v", s.Hand(0), deck[0:4])
		}
	})
	t.Run("S5 a written opening hand that disagrees with the seed", func(t *testing.T) {
		deck := seededDeck(9, false)
		s := newGame(t, true, 9, nil)
		expect(t, s, 0, Draw{Cards: []cards.Card{deck[0], deck[2]}, Opening: true}, ruled("S5"))
	})
	t.Run("S1 unseeded: the first player's opening hand is drawn first", func(t *testing.T) {
		s := newGame(t, false, 0, nil)
		expect(t, s, 1, opening("7H 9C KD 2S"), ruled("S1"))
		mustApply(t, s, 0, opening("7H 9C KD 2S"))
		expect(t, s, 0, opening("3C"), ruled("S1"))
		mustApply(t, s, 1, opening("3C"))
		if !slices.Equal(s.Hand(1), cardList("3C")) || len(s.Hand(0)) != 4 {
			t.Errorf("hands %v %v", s.Hand(0), s.Hand(1))
		}
	})
	t.Run("S4 unseeded: the opening hands must be written", func(t *testing.T) {
		s := newGame(t, false, 0, nil)
		expect(t, s, 0, place("7H", "9C", "a1"), ruled("S4"))
		expect(t, s, 0, engine.EndTurn{}, ruled("S4"))
		mustApply(t, s, 0, opening("7H 9C KD 2S"))
		expect(t, s, 1, engine.EndTurn{}, ruled("S4"))
	})
	t.Run("unknown variants are refused", func(t *testing.T) {
		for _, v := range []map[string]string{{"ace": "middle"}, {"aces": "high"}} {
			if _, err := (Game{}).New(engine.Options{Variants: v}); err == nil {
				t.Errorf("New with %v succeeded", v)
			}
		}
	})
}

func TestTurnDraw(t *testing.T) {
	t.Run("seeded: the draw is made at the start of each turn", func(t *testing.T) {
		deck := seededDeck(3, false)
		s := newGame(t, true, 3, nil)
		if s.Deck() != 43 || len(s.Hand(0)) != 5 {
			t.Fatalf("turn 1: deck %d, hand %v", s.Deck(), s.Hand(0))
		}
		for turn := 2; turn <= 6; turn++ {
			player := s.ToMove()
			mustApply(t, s, player, engine.EndTurn{})
			h := s.Hand(1 - player)
			if h[len(h)-1] != deck[turn+7] {
				t.Errorf("turn %d draws %v, want %v", turn, h[len(h)-1], deck[turn+7])
			}
			if s.Deck() != 52-8-turn {
				t.Errorf("turn %d: deck %d, want %d", turn, s.Deck(), 52-8-turn)
			}
		}
	})
	t.Run("seeded: a written draw that agrees is accepted", func(t *testing.T) {
		deck := seededDeck(3, false)
		s := newGame(t, true, 3, nil)
		mustApply(t, s, 0, engine.EndTurn{})
		mustApply(t, s, 1, Draw{Cards: deck[9:10]})
		if s.Deck() != 42 {
			t.Errorf("deck %d, want 42", s.Deck())
		}
	})
	t.Run("S5 seeded: a written draw that disagrees is refused", func(t *testing.T) {
		deck := seededDeck(3, false)
		s := newGame(t, true, 3, nil)
		mustApply(t, s, 0, engine.EndTurn{})
		expect(t, s, 1, Draw{Cards: deck[10:11]}, ruled("S5"))
	})
	t.Run("seeded: drawing twice in a turn", func(t *testing.T) {
		deck := seededDeck(3, false)
		s := newGame(t, true, 3, nil)
		s.settle()
		expect(t, s, 0, Draw{Cards: deck[9:10]}, broke(ruleDraw))
	})
	t.Run("unseeded: the written draw goes to the hand", func(t *testing.T) {
		s := pos(rules{}, 0, "2C", "3C")
		mustApply(t, s, 0, engine.EndTurn{})
		if s.ToMove() != 1 || len(s.pending) != 1 {
			t.Fatalf("after EndTurn: to move %d, pending %v", s.ToMove(), s.pending)
		}
		mustApply(t, s, 1, draw("9H"))
		if !slices.Equal(s.Hand(1), cardList("3C 9H")) || cards.Contains(s.deck, card("9H")) {
			t.Errorf("hand %v", s.Hand(1))
		}
		mustApply(t, s, 1, place("3C", "9H", "d4"))
	})
	for _, m := range []engine.Move{place("3C", "4C", "d4"), step("c3", "c2"), attack("c3", "b3"), engine.EndTurn{}} {
		t.Run(fmt.Sprintf("S4 unseeded: %T before the turn's draw is written", m), func(t *testing.T) {
			s := pos(rules{}, 0, "2C", "3C 4C", "1 5H/6H c3", "0 5D/6D b3")
			mustApply(t, s, 0, engine.EndTurn{})
			expect(t, s, 1, m, ruled("S4"))
		})
	}
	t.Run("a turn's draw is a single card", func(t *testing.T) {
		s := pos(rules{}, 0, "2C", "3C")
		mustApply(t, s, 0, engine.EndTurn{})
		expect(t, s, 1, draw("9H 10H"), broke(ruleDraw))
	})
	t.Run("unseeded: drawing twice in a turn", func(t *testing.T) {
		s := pos(rules{}, 0, "2C", "3C")
		mustApply(t, s, 0, engine.EndTurn{})
		mustApply(t, s, 1, draw("9H"))
		expect(t, s, 1, draw("10H"), broke(ruleDraw))
	})
	t.Run("a card written twice in one draw", func(t *testing.T) {
		s := newGame(t, false, 0, nil)
		expect(t, s, 0, opening("7H 7H"), broke(ruleDraw))
	})
	t.Run("S1 a draw out of turn", func(t *testing.T) {
		s := pos(rules{}, 0, "2C", "3C")
		mustApply(t, s, 0, engine.EndTurn{})
		expect(t, s, 0, draw("9H"), ruled("S1"))
		s = newGame(t, true, 3, nil)
		s.settle()
		expect(t, s, 1, Draw{Cards: s.deck[0:1]}, ruled("S1"))
	})
	// S6: the card must still be in the deck.
	s6 := []struct {
		name   string
		r      rules
		card   string
		accept bool
	}{
		{"S6 a card in the drawer's hand", rules{}, "2C", false},
		{"S6 a card in the opponent's hand", rules{}, "3C", false},
		{"S6 a card on the board", rules{}, "5H", false},
		{"S6 a card in the discard pile", rules{}, "8S", false},
		{"S6 a joker without jokers=high", rules{}, "JR", false},
		{"S6 the black joker without jokers=high", rules{}, "JB", false},
		{"S6 a joker with jokers=high is in the deck", rules{jokers: true}, "JB", true},
		{"S6 a card still in the deck", rules{}, "KS", true},
	}
	for _, tt := range s6 {
		t.Run(tt.name, func(t *testing.T) {
			s := pos(tt.r, 1, "2C", "3C", "1 5H/6H c3")
			throw(s, "8S 9S")
			s.pending = []pending{{0, 1, false}}
			s.player, s.turn = 0, 5
			want := ruled("S6")
			if tt.accept {
				want = ok
			}
			expect(t, s, 0, draw(tt.card), want)
		})
	}
	t.Run("S6 a card already drawn in the opening", func(t *testing.T) {
		s := newGame(t, false, 0, nil)
		mustApply(t, s, 0, opening("7H 9C KD 2S"))
		expect(t, s, 1, opening("9C"), ruled("S6"))
	})
}

func TestUnits(t *testing.T) {
	t.Run("bottom card is hit points, top card is attack", func(t *testing.T) {
		s := pos(rules{}, 0, "9C KD 2C", "3C", "1 QH/2H c1")
		mustApply(t, s, 0, place("9C", "KD", "b1"))
		u := s.UnitAt(sq("b1"))
		if u == nil || u.Owner != 0 || u.Bottom != card("9C") || u.Top != card("KD") {
			t.Fatalf("unit on b1 = %+v", u)
		}
		pass(t, s)
		pass(t, s)
		mustApply(t, s, 0, attack("b1", "c1")) // K (13) on Q (12): destroyed
		if s.UnitAt(sq("c1")) != nil {
			t.Errorf("attack 13 on hit points 12 left the unit")
		}
	})
	t.Run("the same cards the other way up attack with the other card", func(t *testing.T) {
		s := pos(rules{}, 0, "9C KD 2C", "3C", "1 QH/2H c1")
		mustApply(t, s, 0, place("KD", "9C", "b1"))
		pass(t, s)
		pass(t, s)
		mustApply(t, s, 0, attack("b1", "c1")) // 9 on Q (12): shield broken
		if u := s.UnitAt(sq("c1")); u == nil || u.Shield {
			t.Errorf("attack 9 on hit points 12: unit %+v", u)
		}
	})
	t.Run("the cards of a new unit leave the hand", func(t *testing.T) {
		s := pos(rules{}, 0, "9C KD 2C", "3C")
		mustApply(t, s, 0, place("9C", "KD", "b1"))
		if !slices.Equal(s.Hand(0), cardList("2C")) {
			t.Errorf("hand %v, want [2C]", s.Hand(0))
		}
	})
	tests := []struct {
		name string
		m    Place
		want verdict
	}{
		{"S2 both cards from the hand", place("9C", "KD", "a1"), ok},
		{"S2 the bottom card is not in the hand", place("9D", "KD", "a1"), ruled("S2")},
		{"S2 the top card is not in the hand", place("9C", "KH", "a1"), ruled("S2")},
		{"S2 a card from the opponent's hand", place("9C", "3C", "a1"), ruled("S2")},
		{"S2 a card on the board", place("9C", "5H", "a1"), ruled("S2")},
		{"S2 two different cards, not one twice", place("9C", "9C", "a1"), broke(ruleUnit)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := pos(rules{}, 0, "9C KD 2C", "3C", "1 5H/6H c3")
			expect(t, s, 0, tt.m, tt.want)
		})
	}
}

func TestPlacement(t *testing.T) {
	// First player: friendly units on c2 (rear squares b2, c1) and b4 (rear
	// squares a4, b3), one on c1; opposing units on d2 and on b1, whose flag
	// is gone.
	first := func() *State {
		s := pos(rules{}, 0, "2C 3C 4C", "2H", "0 9C/5D c2", "0 8C/4D b4", "0 7C/3D c1", "1 KH/QH d2", "1 10H/JH b1")
		capture(s, 0, "b1")
		return s
	}
	// Second player: a friendly unit on b2 (rear squares c2, b3).
	second := func() *State {
		return pos(rules{}, 1, "2C", "2H 3H 4H", "1 9S/5S b2")
	}
	tests := []struct {
		name   string
		player int
		at     grid.Square
		mod    func(*State)
		want   verdict
	}{
		{"home square a1", 0, sq("a1"), nil, ok},
		{"home square a2", 0, sq("a2"), nil, ok},
		{"home square b1 is occupied", 0, sq("b1"), nil, broke(rulePlace)},
		{"home square whose flag has been destroyed", 0, sq("a1"), func(s *State) { capture(s, 0, "a1") }, ok},
		{"S17 rear square one file lower", 0, sq("b2"), nil, ok},
		{"S17 rear square one rank lower, occupied", 0, sq("c1"), nil, broke(rulePlace)},
		{"S17 both rear squares of another unit: a4", 0, sq("a4"), nil, ok},
		{"S17 both rear squares of another unit: b3", 0, sq("b3"), nil, ok},
		{"not the front square of a friendly unit (d2 side)", 0, sq("c3"), nil, broke(rulePlace)},
		{"not a square diagonally behind a friendly unit", 0, sq("d1"), func(s *State) { s.put(Board.Index(sq("d2")), nil) }, broke(rulePlace)},
		{"not a rear square of an opposing unit", 0, sq("d1"), nil, broke(rulePlace)},
		{"not an ordinary square elsewhere", 0, sq("d3"), nil, broke(rulePlace)},
		{"not off the board", 0, grid.Square{File: 4, Rank: 0}, nil, broke(rulePlace)},
		{"S3 not on a friendly unit", 0, sq("c2"), nil, broke(rulePlace)},
		{"second player: home square d4", 1, sq("d4"), nil, ok},
		{"second player: home square d3", 1, sq("d3"), nil, ok},
		{"second player: home square c4", 1, sq("c4"), nil, ok},
		{"S17 second player: rear square one file higher", 1, sq("c2"), nil, ok},
		{"S17 second player: rear square one rank higher", 1, sq("b3"), nil, ok},
		{"S17 second player: not the squares one lower", 1, sq("a2"), nil, broke(rulePlace)},
		{"S17 second player: not the squares one rank lower", 1, sq("b1"), nil, broke(rulePlace)},
		{"second player: not the first player's home", 1, sq("a1"), nil, broke(rulePlace)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s *State
			var m Place
			if tt.player == 0 {
				s, m = first(), Place{Bottom: card("2C"), Top: card("3C"), At: tt.at}
			} else {
				s, m = second(), Place{Bottom: card("2H"), Top: card("3H"), At: tt.at}
			}
			if tt.mod != nil {
				tt.mod(s)
			}
			listed := hasMove(s.Legal(), m)
			expect(t, s, tt.player, m, tt.want)
			if listed != (tt.want == ok) {
				t.Errorf("Legal lists %v: %v", m, listed)
			}
			if tt.want == ok {
				u := s.UnitAt(tt.at)
				if u == nil || u.Owner != tt.player || !u.Shield || !u.Placed {
					t.Errorf("new unit %+v", u)
				}
			}
		})
	}
	t.Run("any number of units in a single turn", func(t *testing.T) {
		s := pos(rules{}, 0, "2C 3C 4C 5C 6C 7C", "2H")
		mustApply(t, s, 0, place("2C", "3C", "a1"), place("4C", "5C", "a2"), place("6C", "7C", "b1"))
		for _, at := range squares("a1 a2 b1") {
			if s.UnitAt(at) == nil {
				t.Errorf("no unit on %v", at)
			}
		}
	})
	t.Run("S17 rear squares of a unit placed this turn", func(t *testing.T) {
		s := pos(rules{}, 0, "2C 3C 4C 5C", "2H", "0 9C/5D c3")
		expect(t, s, 0, place("4C", "5C", "a3"), broke(rulePlace))
		mustApply(t, s, 0, place("2C", "3C", "b3"), place("4C", "5C", "a3"))
	})
	t.Run("a rear square stops being one when its unit moves away", func(t *testing.T) {
		s := pos(rules{}, 0, "2C 3C", "2H", "0 9C/5D c2")
		mustApply(t, s, 0, step("c2", "c3"))
		expect(t, s, 0, place("2C", "3C", "c1"), broke(rulePlace))
		mustApply(t, s, 0, place("2C", "3C", "b3"))
	})
	t.Run("a shield on each new unit", func(t *testing.T) {
		s := pos(rules{}, 1, "2C", "2H 3H 4H 5H")
		mustApply(t, s, 1, place("2H", "3H", "d4"), place("4H", "5H", "c4"))
		for _, at := range squares("d4 c4") {
			if u := s.UnitAt(at); u == nil || !u.Shield {
				t.Errorf("unit on %v: %+v", at, u)
			}
		}
	})
	t.Run("placing before, between and after unit actions", func(t *testing.T) {
		s := pos(rules{}, 0, "2C 3C 4C 5C 6C 7C", "2H", "0 9C/5D b2", "0 8C/KD b3", "1 KH/QH c3")
		mustApply(t, s, 0,
			place("2C", "3C", "a1"),
			step("b2", "c2"),
			place("4C", "5C", "b2"),
			attack("b3", "c3"),
			place("6C", "7C", "b1"),
			engine.EndTurn{})
	})
}

func TestNewUnitCannotActOnItsTurn(t *testing.T) {
	s := pos(rules{}, 0, "9C KD", "2H", "1 5H/6H b2")
	mustApply(t, s, 0, place("9C", "KD", "a2"))
	expect(t, s, 0, step("a2", "a3"), broke(ruleNotPlaced))
	expect(t, s, 0, attack("a2", "b2"), broke(ruleNotPlaced))
	legal := s.Legal()
	if hasMove(legal, step("a2", "a3")) || hasMove(legal, attack("a2", "b2")) {
		t.Errorf("Legal lets the new unit act: %v", legal)
	}
	t.Run("on subsequent turns it can", func(t *testing.T) {
		pass(t, s)
		pass(t, s)
		c := s.clone()
		mustApply(t, c, 0, step("a2", "a3"))
		mustApply(t, s, 0, attack("a2", "b2"))
	})
}

func TestUnitActions(t *testing.T) {
	// A (first player) on b2: hit points 9, attack 5. B (first player) on a2.
	// E (second player) on c2: hit points 13. F (second player) on c3: hit
	// points 10.
	base := func(r rules) *State {
		return pos(r, 0, "2C 3C", "4C", "0 9C/5D b2", "0 8C/4D a2", "1 KH/2H c2", "1 10H/QH c3")
	}
	tests := []struct {
		name  string
		r     rules
		moves []engine.Move // all but the last must be accepted
		want  verdict       // for the last
	}{
		{"a unit may attack an adjacent unit", rules{}, []engine.Move{attack("b2", "c2")}, ok},
		{"a unit may move to an adjacent square", rules{}, []engine.Move{step("b2", "b3")}, ok},
		{"a unit may move, then attack an adjacent unit", rules{}, []engine.Move{step("b2", "b3"), attack("b3", "c3")}, ok},
		{"NOT allowed: attack, then move", rules{}, []engine.Move{attack("b2", "c2"), step("b2", "b3")}, broke(ruleExhausted)},
		{"a unit moves once", rules{}, []engine.Move{step("b2", "b3"), step("b3", "b4")}, broke(ruleMoveOnce)},
		{"a unit moves once, even back", rules{}, []engine.Move{step("b2", "b3"), step("b3", "b2")}, broke(ruleMoveOnce)},
		{"a move is to an adjacent square", rules{}, []engine.Move{step("b2", "b4")}, broke(ruleMoveOnce)},
		{"S13 a move is not diagonal", rules{}, []engine.Move{step("b2", "c1")}, broke(ruleMoveOnce)},
		{"S13 adjacent=corner: a diagonal move", rules{corner: true}, []engine.Move{step("b2", "c1")}, ok},
		{"a move stays on the board", rules{}, []engine.Move{Step{From: sq("a2"), To: grid.Square{File: -1, Rank: 1}}}, broke(ruleMoveOnce)},
		{"S3 no move onto a friendly unit", rules{}, []engine.Move{step("b2", "a2")}, ruled("S3")},
		{"S3 no move onto an opposing unit", rules{}, []engine.Move{step("b2", "c2")}, ruled("S3")},
		{"only one's own unit moves", rules{}, []engine.Move{step("c2", "d2")}, broke(ruleMoveOnce)},
		{"only a unit moves", rules{}, []engine.Move{step("c1", "d1")}, broke(ruleMoveOnce)},
		{"only one's own unit attacks", rules{}, []engine.Move{attack("c2", "b2")}, broke(ruleMoveOnce)},
		{"an attack is on an adjacent unit", rules{}, []engine.Move{attack("b2", "c3")}, broke(ruleAttack)},
		{"S13 adjacent=corner: a diagonal attack", rules{corner: true}, []engine.Move{attack("b2", "c3")}, ok},
		{"an attack is on an opposing unit", rules{}, []engine.Move{attack("b2", "a2")}, broke(ruleAttack)},
		{"an attack is on a unit that is present", rules{}, []engine.Move{attack("b2", "b3")}, broke(ruleAttack)},
		{"S7 one attack a turn", rules{}, []engine.Move{attack("b2", "c2"), attack("b2", "c2")}, ruled("S7")},
		{"S7 one attack a turn, after a move", rules{}, []engine.Move{step("b2", "b3"), attack("b3", "c3"), attack("b3", "c3")}, ruled("S7")},
		{"S7 attacks=any: a second attack", rules{attackAny: true}, []engine.Move{attack("b2", "c2"), attack("b2", "c2")}, ok},
		{"S7 attacks=any: still no move after an attack", rules{attackAny: true}, []engine.Move{attack("b2", "c2"), attack("b2", "c2"), step("b2", "b3")}, broke(ruleExhausted)},
		{"no limit on the number of units acting", rules{}, []engine.Move{attack("b2", "c2"), step("a2", "a3")}, ok},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := base(tt.r)
			last := len(tt.moves) - 1
			mustApply(t, s, 0, tt.moves[:last]...)
			listed := hasMove(s.Legal(), tt.moves[last])
			expect(t, s, 0, tt.moves[last], tt.want)
			if listed != (tt.want == ok) {
				t.Errorf("Legal lists %v: %v", tt.moves[last], listed)
			}
		})
	}
	t.Run("an attack on one's own unit says it is one's own", func(t *testing.T) {
		err := base(rules{}).Apply(0, attack("b2", "a2"))
		if err == nil || !strings.Contains(err.Error(), "the unit on a2 is player 1's own: a unit attacks an opposing unit") {
			t.Errorf("got %v", err)
		}
		if err := base(rules{}).Apply(0, attack("b2", "b3")); err == nil || !strings.Contains(err.Error(), "there is no opposing unit on b3") {
			t.Errorf("an empty square: got %v", err)
		}
	})
	t.Run("S7 attacks=any: the second attack destroys the broken-shield unit", func(t *testing.T) {
		s := base(rules{attackAny: true})
		mustApply(t, s, 0, attack("b2", "c2"), attack("b2", "c2"))
		if s.UnitAt(sq("c2")) != nil {
			t.Errorf("c2 survives two attacks")
		}
	})
	t.Run("every unit is un-exhausted at the beginning of a turn", func(t *testing.T) {
		s := base(rules{})
		mustApply(t, s, 0, attack("b2", "c2"), step("a2", "a3"))
		pass(t, s)
		pass(t, s)
		mustApply(t, s, 0, step("b2", "b3"), attack("b3", "c3"), step("a3", "a4"))
	})
	t.Run("the opponent's turn does not exhaust a unit", func(t *testing.T) {
		s := base(rules{})
		pass(t, s)
		mustApply(t, s, 1, attack("c2", "b2"), step("c3", "d3"))
		pass(t, s)
		mustApply(t, s, 0, step("b2", "b3"))
	})
}

func TestAttackOutcomes(t *testing.T) {
	// The first player's unit on b2 (bottom 8C) attacks the second
	// player's unit on c2 (top 7S).
	tests := []struct {
		name   string
		r      rules
		top    string // the attacker's top card
		bottom string // the target's bottom card
		broken bool   // the target's shield is already broken
		want   string
	}{
		{"a higher attack destroys the unit", rules{}, "10D", "9H", false, Destroyed},
		{"a lower attack breaks the shield", rules{}, "5D", "9H", false, ShieldBroken},
		{"a unit whose shield is broken is destroyed by any attack", rules{}, "2D", "KH", true, Destroyed},
		{"S18 a broken shield falls to a higher attack too", rules{}, "KD", "2H", true, Destroyed},
		{"S12 tie=shield: an equal attack breaks the shield", rules{}, "9D", "9H", false, ShieldBroken},
		{"S12 tie=bounce: an equal attack does nothing", rules{tieBounce: true}, "9D", "9H", false, NoEffect},
		{"S12 tie=bounce: an equal attack on a broken shield destroys", rules{tieBounce: true}, "9D", "9H", true, Destroyed},
		{"S12 tie=bounce: a lower attack still breaks the shield", rules{tieBounce: true}, "8D", "9H", false, ShieldBroken},
		{"S8 jack (11) beats 10", rules{}, "JD", "10H", false, Destroyed},
		{"S8 10 does not beat jack (11)", rules{}, "10D", "JH", false, ShieldBroken},
		{"S8 queen (12) beats jack", rules{}, "QD", "JH", false, Destroyed},
		{"S8 king (13) beats queen", rules{}, "KD", "QH", false, Destroyed},
		{"S8 queen does not beat king", rules{}, "QD", "KH", false, ShieldBroken},
		{"S8 suits do not count: equal ranks tie", rules{}, "9S", "9H", false, ShieldBroken},
		{"S8 ace=low: an ace attacks with 1", rules{}, "AD", "2H", false, ShieldBroken},
		{"S8 ace=low: an ace has 1 hit point", rules{}, "2D", "AH", false, Destroyed},
		{"S8 ace=low: two aces tie", rules{}, "AD", "AH", false, ShieldBroken},
		{"S8 ace=high: an ace (14) beats a king", rules{aceHigh: true}, "AD", "KH", false, Destroyed},
		{"S8 ace=high: an ace withstands a king", rules{aceHigh: true}, "KD", "AH", false, ShieldBroken},
		{"S8 jokers=high: a joker beats a king", rules{jokers: true}, "JR", "KH", false, Destroyed},
		{"S8 jokers=high: a joker (15) beats a high ace", rules{jokers: true, aceHigh: true}, "JB", "AH", false, Destroyed},
		{"S8 jokers=high: a joker withstands a high ace", rules{jokers: true, aceHigh: true}, "AD", "JR", false, ShieldBroken},
		{"S8 jokers=high: two jokers tie", rules{jokers: true}, "JR", "JB", false, ShieldBroken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mod := ""
			if tt.broken {
				mod = " broken"
			}
			s := pos(tt.r, 0, "", "", "0 8C/"+tt.top+" b2", "1 "+tt.bottom+"/7S c2"+mod)
			attacker, target := *s.UnitAt(sq("b2")), *s.UnitAt(sq("c2"))
			if got := s.AttackResult(&attacker, &target); got != tt.want {
				t.Errorf("AttackResult = %q, want %q", got, tt.want)
			}
			mustApply(t, s, 0, attack("b2", "c2"))
			u := s.UnitAt(sq("c2"))
			switch tt.want {
			case Destroyed:
				if u != nil {
					t.Errorf("target survives: %+v", u)
				}
				if !slices.Equal(s.discard, []cards.Card{target.Bottom, target.Top}) {
					t.Errorf("discard pile %v, want the target's cards", s.discard)
				}
			case ShieldBroken:
				if u == nil || u.Shield {
					t.Errorf("target %+v, want it present with its shield broken", u)
				}
			case NoEffect:
				if u == nil || u.Shield != target.Shield {
					t.Errorf("target %+v, want it unchanged", u)
				}
			}
			if tt.want != Destroyed && len(s.discard) != 0 {
				t.Errorf("discard pile %v, want empty", s.discard)
			}
			// S18: the attacker is never harmed, and it has attacked.
			a := s.UnitAt(sq("b2"))
			if a == nil || a.Bottom != attacker.Bottom || a.Top != attacker.Top || !a.Shield || a.Attacks != 1 {
				t.Errorf("attacker after the attack: %+v", a)
			}
			expect(t, s, 0, step("b2", "b3"), broke(ruleExhausted))
		})
	}
	t.Run("S18 an attacker with a broken shield is not harmed by attacking", func(t *testing.T) {
		s := pos(rules{}, 0, "", "", "0 8C/2D b2 broken", "1 KH/KS c2")
		mustApply(t, s, 0, attack("b2", "c2"))
		if a := s.UnitAt(sq("b2")); a == nil || a.Shield {
			t.Errorf("attacker %+v", a)
		}
	})
	t.Run("a broken shield stays broken on later turns", func(t *testing.T) {
		s := pos(rules{}, 0, "", "", "0 8C/2D b2", "1 KH/KS c2")
		mustApply(t, s, 0, attack("b2", "c2"))
		pass(t, s)
		pass(t, s)
		mustApply(t, s, 0, attack("b2", "c2"))
		if s.UnitAt(sq("c2")) != nil {
			t.Errorf("the unit survives a second attack")
		}
	})
}

func TestCardValues(t *testing.T) {
	tests := []struct {
		card         string
		low, aceHigh int
		needsJokers  bool
	}{
		{"2C", 2, 2, false},
		{"10H", 10, 10, false},
		{"JD", 11, 11, false},
		{"QS", 12, 12, false},
		{"KC", 13, 13, false},
		{"AC", 1, 14, false},
		{"JR", 15, 15, true},
		{"JB", 15, 15, true},
	}
	for _, tt := range tests {
		t.Run("S8 "+tt.card, func(t *testing.T) {
			c := card(tt.card)
			low := &State{rules: rules{jokers: tt.needsJokers}}
			high := &State{rules: rules{jokers: tt.needsJokers, aceHigh: true}}
			if got := low.Value(c); got != tt.low {
				t.Errorf("ace=low: %v is worth %d, want %d", c, got, tt.low)
			}
			if got := high.Value(c); got != tt.aceHigh {
				t.Errorf("ace=high: %v is worth %d, want %d", c, got, tt.aceHigh)
			}
		})
	}
	t.Run("S8 jokers=none: 52 cards; jokers=high: 54", func(t *testing.T) {
		if n := newGame(t, false, 0, nil).Deck(); n != 52 {
			t.Errorf("deck %d", n)
		}
		s := newGame(t, false, 0, map[string]string{"jokers": "high"})
		if n := s.Deck(); n != 54 || !cards.Contains(s.deck, card("JR")) || !cards.Contains(s.deck, card("JB")) {
			t.Errorf("deck %d: %v", n, s.deck)
		}
	})
}

func TestAdjacency(t *testing.T) {
	tests := []struct {
		a, b         string
		edge, corner bool
	}{
		{"a1", "a2", true, true},
		{"a1", "b1", true, true},
		{"b2", "b3", true, true},
		{"c3", "b3", true, true},
		{"a1", "b2", false, true},
		{"b2", "c1", false, true},
		{"d4", "c3", false, true},
		{"a1", "a3", false, false},
		{"a1", "c2", false, false},
		{"a1", "d4", false, false},
		{"b2", "b2", false, false},
	}
	edge, corner := &State{}, &State{rules: rules{corner: true}}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("S13 %s-%s", tt.a, tt.b), func(t *testing.T) {
			a, b := sq(tt.a), sq(tt.b)
			if got := edge.Adjacent(a, b); got != tt.edge {
				t.Errorf("adjacent=edge: %v", got)
			}
			if got := corner.Adjacent(a, b); got != tt.corner {
				t.Errorf("adjacent=corner: %v", got)
			}
			if edge.Adjacent(a, b) != edge.Adjacent(b, a) || corner.Adjacent(a, b) != corner.Adjacent(b, a) {
				t.Errorf("adjacency is not symmetric")
			}
		})
	}
	t.Run("S13 a square has at most four edge neighbours, eight with corner", func(t *testing.T) {
		for _, tt := range []struct {
			sq           string
			edge, corner int
		}{{"a1", 2, 3}, {"b1", 3, 5}, {"b2", 4, 8}} {
			s := pos(rules{}, 0, "", "", "0 9C/5D "+tt.sq)
			if n := countSteps(s.Legal()); n != tt.edge {
				t.Errorf("%s, edge: %d moves, want %d", tt.sq, n, tt.edge)
			}
			s.rules.corner = true
			if n := countSteps(s.Legal()); n != tt.corner {
				t.Errorf("%s, corner: %d moves, want %d", tt.sq, n, tt.corner)
			}
		}
	})
}

func countSteps(moves []engine.Move) int {
	n := 0
	for _, m := range moves {
		if _, ok := m.(Step); ok {
			n++
		}
	}
	return n
}

func TestTurnsAlternate(t *testing.T) {
	t.Run("S1 first player first, then in turn", func(t *testing.T) {
		s := newGame(t, true, 11, nil)
		for turn := 1; turn <= 5; turn++ {
			if s.Turn() != turn || s.ToMove() != (turn-1)%2 {
				t.Fatalf("turn %d, to move %d; want turn %d, player %d", s.Turn(), s.ToMove(), turn, (turn-1)%2)
			}
			mustApply(t, s, s.ToMove(), engine.EndTurn{})
		}
	})
	base := func() *State {
		return pos(rules{}, 0, "2C 3C", "2H 3H", "0 9C/5D b2", "1 KH/QH c2", "1 8H/4H c4")
	}
	for _, m := range []engine.Move{place("2H", "3H", "d4"), step("c4", "b4"), attack("c2", "b2"), engine.EndTurn{}, draw("9S")} {
		t.Run(fmt.Sprintf("S1 the wrong player's %T", m), func(t *testing.T) {
			expect(t, base(), 1, m, ruled("S1"))
		})
	}
	t.Run("S1 the wrong player's draw (unseeded, owed by the other)", func(t *testing.T) {
		s := base()
		mustApply(t, s, 0, engine.EndTurn{})
		expect(t, s, 0, draw("9S"), ruled("S1"))
	})
}

func TestFlags(t *testing.T) {
	t.Run("S16 a unit on an opponent's flag captures it at the end of the turn, not before", func(t *testing.T) {
		s := pos(rules{}, 0, "2C", "2H", "0 9C/5D d2", "0 8C/4D a1")
		mustApply(t, s, 0, step("d2", "d3"))
		// S16: not before the end of the turn.
		if !slices.Equal(s.Flags(1), squares("d4 d3 c4")) || len(s.Captured(0)) != 0 || s.UnitAt(sq("d3")) == nil {
			t.Fatalf("mid-turn: flags %v, captured %v", s.Flags(1), s.Captured(0))
		}
		mustApply(t, s, 0, engine.EndTurn{})
		if !slices.Equal(s.Flags(1), squares("d4 c4")) || !slices.Equal(s.Captured(0), squares("d3")) {
			t.Errorf("flags %v, captured %v", s.Flags(1), s.Captured(0))
		}
		// AppendFlags and AppendCaptured append what Flags and Captured list.
		at := squares("a1")
		if got := s.AppendFlags(at, 1); !slices.Equal(got, squares("a1 d4 c4")) {
			t.Errorf("AppendFlags = %v", got)
		}
		if got := s.AppendCaptured(at, 0); !slices.Equal(got, squares("a1 d3")) {
			t.Errorf("AppendCaptured = %v", got)
		}
		if s.UnitAt(sq("d3")) != nil {
			t.Errorf("the capturing unit is still on d3")
		}
		if !slices.Equal(s.discard, cardList("9C 5D")) {
			t.Errorf("discard %v, want the unit's cards", s.discard)
		}
		if s.UnitAt(sq("a1")) == nil || !slices.Equal(s.Flags(0), squares("a1 a2 b1")) {
			t.Errorf("a unit on its own flag captured it")
		}
		if s.Outcome().Over {
			t.Errorf("game over after one flag")
		}
	})
	t.Run("S14 several flags in one turn", func(t *testing.T) {
		s := pos(rules{}, 0, "2C", "2H", "0 9C/5D d2", "0 8C/4D b4")
		mustApply(t, s, 0, step("d2", "d3"), step("b4", "c4"), engine.EndTurn{})
		if !slices.Equal(s.Flags(1), squares("d4")) || len(s.Captured(0)) != 2 || s.Discards() != 4 {
			t.Errorf("flags %v, captured %v, discards %d", s.Flags(1), s.Captured(0), s.Discards())
		}
		if s.UnitAt(sq("d3")) != nil || s.UnitAt(sq("c4")) != nil || s.Outcome().Over {
			t.Errorf("units remain or the game is over: %+v", s.Outcome())
		}
	})
	t.Run("S14 a square whose flag is gone is an ordinary square", func(t *testing.T) {
		s := pos(rules{}, 0, "2C", "2H", "0 9C/5D d2")
		capture(s, 1, "d3")
		mustApply(t, s, 0, step("d2", "d3"), engine.EndTurn{})
		if s.UnitAt(sq("d3")) == nil || len(s.Captured(0)) != 1 {
			t.Errorf("unit on d3 %v, captured %v", s.UnitAt(sq("d3")), s.Captured(0))
		}
	})
	win := func(t *testing.T, s *State, winner, turn int) {
		t.Helper()
		want := engine.Outcome{Over: true, Winner: winner, Reason: "all three flags captured", Turn: turn}
		if got := s.Outcome(); got != want {
			t.Errorf("Outcome = %+v, want %+v", got, want)
		}
		if len(s.Captured(winner)) != 3 || len(s.Flags(1-winner)) != 0 {
			t.Errorf("captured %v, flags left %v", s.Captured(winner), s.Flags(1-winner))
		}
		if l := s.Legal(); len(l) != 0 {
			t.Errorf("Legal after the game: %v", l)
		}
	}
	t.Run("S16 the match is won once all three have been captured, at the end of the turn", func(t *testing.T) {
		s := pos(rules{}, 0, "2C 3C", "2H", "0 9C/5D b4")
		capture(s, 1, "d4 d3")
		mustApply(t, s, 0, step("b4", "c4"))
		// S16: the game is not won before the end of the turn.
		if s.Outcome().Over {
			t.Fatalf("game over mid-turn")
		}
		mustApply(t, s, 0, place("2C", "3C", "a1"), engine.EndTurn{})
		win(t, s, 0, 3)
	})
	t.Run("the second player wins on the third capture", func(t *testing.T) {
		s := pos(rules{}, 1, "2C", "2H", "1 9S/5S b1")
		capture(s, 0, "b1 a2")
		mustApply(t, s, 1, step("b1", "a1"), engine.EndTurn{})
		win(t, s, 1, 4)
	})
	t.Run("S14 the third capture wins even when it is one of several", func(t *testing.T) {
		s := pos(rules{}, 0, "2C", "2H", "0 9C/5D d2", "0 8C/4D b4")
		capture(s, 1, "d4")
		mustApply(t, s, 0, step("d2", "d3"), step("b4", "c4"), engine.EndTurn{})
		win(t, s, 0, 3)
	})
	t.Run("S11 flagplace=allowed: placing on an opponent's flag, which captures", func(t *testing.T) {
		s := pos(rules{}, 0, "2C 3C 4C 5C", "2H", "0 9C/5D d4 moved")
		mustApply(t, s, 0, place("2C", "3C", "c4"), place("4C", "5C", "d3"), engine.EndTurn{})
		win(t, s, 0, 3)
	})
	t.Run("S11 flagplace=forbidden: placing on an opponent's flag is refused", func(t *testing.T) {
		s := pos(rules{flagPlaceForbidden: true}, 0, "2C 3C", "2H", "0 9C/5D d4 moved")
		legal := s.Legal()
		for _, at := range []string{"c4", "d3"} {
			m := place("2C", "3C", at)
			if hasMove(legal, m) {
				t.Errorf("Legal lists %v", m)
			}
			expect(t, s, 0, m, ruled("S11"))
		}
		if !hasMove(legal, place("2C", "3C", "a1")) {
			t.Errorf("Legal leaves out placing on a1")
		}
	})
	t.Run("S11 flagplace=forbidden: a square whose flag is gone is open", func(t *testing.T) {
		s := pos(rules{flagPlaceForbidden: true}, 0, "2C 3C", "2H", "0 9C/5D d4 moved")
		capture(s, 1, "c4")
		mustApply(t, s, 0, place("2C", "3C", "c4"))
	})
	t.Run("S19 no move is legal after the game", func(t *testing.T) {
		s := pos(rules{}, 0, "2C 3C", "2H 3H", "0 9C/5D b4", "1 KH/QH c2", "0 8C/4D b2")
		capture(s, 1, "d4 d3")
		mustApply(t, s, 0, step("b4", "c4"), engine.EndTurn{})
		if !s.Outcome().Over {
			t.Fatal("game not over")
		}
		for _, p := range []int{0, 1} {
			for _, m := range []engine.Move{place("2H", "3H", "d4"), place("2C", "3C", "a1"), step("c2", "c3"), attack("c2", "b2"), attack("b2", "c2"), engine.EndTurn{}, draw("9S")} {
				expect(t, s, p, m, broke(ruleWon))
			}
		}
		if len(s.Legal()) != 0 {
			t.Errorf("Legal %v", s.Legal())
		}
	})
}

func TestEmptyDeck(t *testing.T) {
	t.Run("S9 empty=skip: the draw is skipped and the turn goes on", func(t *testing.T) {
		s := pos(rules{}, 0, "2C", "2H 3H")
		throw(s, "5C 6C")
		s.deck = nil
		mustApply(t, s, 0, engine.EndTurn{})
		if s.ToMove() != 1 || s.Turn() != 4 || len(s.Hand(1)) != 2 || s.Discards() != 2 {
			t.Fatalf("to move %d, turn %d, hand %v, discards %d", s.ToMove(), s.Turn(), s.Hand(1), s.Discards())
		}
		for _, m := range s.Legal() {
			if _, isDraw := m.(Draw); isDraw {
				t.Errorf("Legal lists %v", m)
			}
		}
		expect(t, s, 1, draw("5C"), ruled("S9"))
		mustApply(t, s, 1, place("2H", "3H", "d4"))
	})
	t.Run("S9 empty=skip: the draw that empties the deck, then a skip", func(t *testing.T) {
		s := newGame(t, true, 4, map[string]string{"firstdraw": "no"})
		s.deck = s.deck[:9] // the 8 of the deal and one more
		mustApply(t, s, 0, engine.EndTurn{})
		if len(s.Hand(1)) != 5 || s.Deck() != 0 {
			t.Fatalf("hand %v, deck %d", s.Hand(1), s.Deck())
		}
		mustApply(t, s, 1, engine.EndTurn{})
		if len(s.Hand(0)) != 4 || s.ToMove() != 0 {
			t.Errorf("hand %v, to move %d", s.Hand(0), s.ToMove())
		}
	})
	t.Run("S9 empty=reshuffle: the discard pile becomes the deck (unseeded)", func(t *testing.T) {
		s := pos(rules{reshuffle: true}, 0, "2C", "2H")
		throw(s, "5H 9C 3C")
		s.deck = nil
		mustApply(t, s, 0, engine.EndTurn{})
		if s.Discards() != 0 || !slices.Equal(s.deck, cardList("3C 9C 5H")) {
			t.Fatalf("deck %v, discards %d", s.deck, s.Discards())
		}
		legal := s.Legal()
		// The three cards, and a card nobody recorded (S28).
		if len(legal) != 4 || !hasMove(legal, draw("9C")) || !hasMove(legal, Draw{Cards: []cards.Card{Unknown}}) {
			t.Errorf("Legal %v", legal)
		}
		expect(t, s, 1, place("2H", "2H", "d4"), ruled("S4"))
		mustApply(t, s, 1, draw("9C"))
		if !slices.Equal(s.Hand(1), cardList("2H 9C")) {
			t.Errorf("hand %v", s.Hand(1))
		}
	})
	t.Run("S9 empty=reshuffle: seeded, shuffled by the seed's generator continuing its stream", func(t *testing.T) {
		const seed = 77
		s := newGame(t, true, seed, map[string]string{"empty": "reshuffle"})
		s.settle()
		s.discard, s.deck = s.deck, nil
		rng := shuffle.New(seed)
		want := cards.Deck(false)
		shuffle.Shuffle(rng, want)
		want = want[9:]
		restarted := slices.Clone(want)
		shuffle.Shuffle(rng, want)
		shuffle.Shuffle(shuffle.New(seed), restarted)
		mustApply(t, s, 0, engine.EndTurn{})
		if !slices.Equal(s.deck, want) {
			t.Errorf("new deck\n%v, want\n%v", s.deck, want)
		}
		if slices.Equal(want, restarted) {
			t.Fatalf("test is weak: a restarted stream gives the same order")
		}
		if h := s.Hand(1); h[len(h)-1] != want[0] {
			t.Errorf("turn 2 draws %v, want %v", h[len(h)-1], want[0])
		}
	})
	t.Run("S9 empty=reshuffle: with no discards either, the draw is skipped", func(t *testing.T) {
		s := pos(rules{reshuffle: true}, 0, "2C", "2H 3H")
		s.deck = nil
		mustApply(t, s, 0, engine.EndTurn{})
		if len(s.pending) != 0 || s.ToMove() != 1 {
			t.Fatalf("pending %v", s.pending)
		}
		mustApply(t, s, 1, place("2H", "3H", "d4"))
	})
}

func TestFirstDraw(t *testing.T) {
	t.Run("S10 firstdraw=yes: the first player draws on turn one (seeded)", func(t *testing.T) {
		s := newGame(t, true, 2, map[string]string{"firstdraw": "yes"})
		if len(s.Hand(0)) != 5 || s.Deck() != 43 {
			t.Errorf("hand %v, deck %d", s.Hand(0), s.Deck())
		}
	})
	t.Run("S10 firstdraw=yes: the first player draws on turn one (unseeded)", func(t *testing.T) {
		s := newGame(t, false, 0, nil)
		mustApply(t, s, 0, opening("2C 3C 4C 5C"))
		mustApply(t, s, 1, opening("2D 3D 4D 5D"))
		if s.Turn() != 1 || s.ToMove() != 0 {
			t.Fatalf("turn %d, to move %d", s.Turn(), s.ToMove())
		}
		expect(t, s, 0, place("2C", "3C", "a1"), ruled("S4"))
		mustApply(t, s, 0, draw("6C"), place("2C", "6C", "a1"))
	})
	t.Run("S10 firstdraw=no: no draw on turn one (seeded)", func(t *testing.T) {
		deck := seededDeck(2, false)
		s := newGame(t, true, 2, map[string]string{"firstdraw": "no"})
		if len(s.Hand(0)) != 4 || s.Deck() != 44 {
			t.Errorf("hand %v, deck %d", s.Hand(0), s.Deck())
		}
		mustApply(t, s, 0, engine.EndTurn{})
		if h := s.Hand(1); h[4] != deck[8] {
			t.Errorf("turn 2 draws %v, want %v", h[4], deck[8])
		}
	})
	t.Run("S10 firstdraw=no: no draw on turn one (unseeded)", func(t *testing.T) {
		s := newGame(t, false, 0, map[string]string{"firstdraw": "no"})
		mustApply(t, s, 0, opening("2C 3C 4C 5C"))
		mustApply(t, s, 1, opening("2D 3D 4D 5D"))
		expect(t, s, 0, draw("6C"), broke(ruleDraw))
		mustApply(t, s, 0, place("2C", "3C", "a1"), engine.EndTurn{})
		expect(t, s, 1, engine.EndTurn{}, ruled("S4"))
		mustApply(t, s, 1, draw("6C"))
	})
}

// TestVariantsReachTheRules sets each variant value through New and checks
// the behaviour it names.
func TestVariantsReachTheRules(t *testing.T) {
	names := map[string]bool{}
	for _, v := range (Game{}).Variants() {
		names[v.Name] = true
	}
	tests := []struct {
		variant, value string
		check          func(t *testing.T, r rules)
	}{
		{"ace", "low", func(t *testing.T, r rules) {
			if v := (&State{rules: r}).Value(card("AS")); v != 1 {
				t.Errorf("ace = %d", v)
			}
		}},
		{"ace", "high", func(t *testing.T, r rules) {
			if v := (&State{rules: r}).Value(card("AS")); v != 14 {
				t.Errorf("ace = %d", v)
			}
		}},
		{"jokers", "none", func(t *testing.T, r rules) {
			s := pos(r, 0, "", "")
			s.pending = []pending{{0, 1, false}}
			expect(t, s, 0, draw("JR"), ruled("S6"))
		}},
		{"jokers", "high", func(t *testing.T, r rules) {
			s := pos(r, 0, "", "")
			s.pending = []pending{{0, 1, false}}
			mustApply(t, s, 0, draw("JR"))
			if v := s.Value(card("JR")); v != 15 {
				t.Errorf("joker = %d", v)
			}
		}},
		{"tie", "shield", func(t *testing.T, r rules) {
			s := pos(r, 0, "", "", "0 8C/9D b2", "1 9H/7S c2")
			mustApply(t, s, 0, attack("b2", "c2"))
			if u := s.UnitAt(sq("c2")); u == nil || u.Shield {
				t.Errorf("target %+v", u)
			}
		}},
		{"tie", "bounce", func(t *testing.T, r rules) {
			s := pos(r, 0, "", "", "0 8C/9D b2", "1 9H/7S c2")
			mustApply(t, s, 0, attack("b2", "c2"))
			if u := s.UnitAt(sq("c2")); u == nil || !u.Shield {
				t.Errorf("target %+v", u)
			}
		}},
		{"adjacent", "edge", func(t *testing.T, r rules) {
			expect(t, pos(r, 0, "", "", "0 8C/9D b2"), 0, step("b2", "c3"), broke(ruleMoveOnce))
		}},
		{"adjacent", "corner", func(t *testing.T, r rules) {
			mustApply(t, pos(r, 0, "", "", "0 8C/9D b2"), 0, step("b2", "c3"))
		}},
		{"attacks", "once", func(t *testing.T, r rules) {
			s := pos(r, 0, "", "", "0 8C/2D b2", "1 KH/QH c2")
			mustApply(t, s, 0, attack("b2", "c2"))
			expect(t, s, 0, attack("b2", "c2"), ruled("S7"))
		}},
		{"attacks", "any", func(t *testing.T, r rules) {
			s := pos(r, 0, "", "", "0 8C/2D b2", "1 KH/QH c2")
			mustApply(t, s, 0, attack("b2", "c2"), attack("b2", "c2"))
		}},
		{"firstdraw", "yes", func(t *testing.T, r rules) {
			if !slices.Equal(newGame(t, false, 0, nil).pending, []pending{{0, 4, true}, {1, 4, true}, {0, 1, false}}) || r.firstNoDraw {
				t.Error("no draw owed on turn one")
			}
		}},
		{"firstdraw", "no", func(t *testing.T, r rules) {
			if !slices.Equal(newGame(t, false, 0, map[string]string{"firstdraw": "no"}).pending, []pending{{0, 4, true}, {1, 4, true}}) || !r.firstNoDraw {
				t.Error("a draw owed on turn one")
			}
		}},
		{"empty", "skip", func(t *testing.T, r rules) {
			s := pos(r, 0, "", "")
			throw(s, "2C")
			s.deck = nil
			mustApply(t, s, 0, engine.EndTurn{})
			if len(s.pending) != 0 || s.Deck() != 0 {
				t.Errorf("pending %v, deck %d", s.pending, s.Deck())
			}
		}},
		{"empty", "reshuffle", func(t *testing.T, r rules) {
			s := pos(r, 0, "", "")
			throw(s, "2C")
			s.deck = nil
			mustApply(t, s, 0, engine.EndTurn{})
			if len(s.pending) != 1 || s.Deck() != 1 {
				t.Errorf("pending %v, deck %d", s.pending, s.Deck())
			}
		}},
		{"flagplace", "allowed", func(t *testing.T, r rules) {
			mustApply(t, pos(r, 0, "2C 3C", "", "0 9C/5D d4 moved"), 0, place("2C", "3C", "c4"))
		}},
		{"flagplace", "forbidden", func(t *testing.T, r rules) {
			expect(t, pos(r, 0, "2C 3C", "", "0 9C/5D d4 moved"), 0, place("2C", "3C", "c4"), ruled("S11"))
		}},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.variant+"="+tt.value] = true
		t.Run(tt.variant+"="+tt.value, func(t *testing.T) {
			s := newGame(t, true, 1, map[string]string{tt.variant: tt.value})
			tt.check(t, s.rules)
		})
	}
	for _, v := range (Game{}).Variants() {
		for _, value := range v.Values {
			if !seen[v.Name+"="+value] {
				t.Errorf("variant %s=%s has no test", v.Name, value)
			}
		}
	}
	t.Run("defaults are the first values", func(t *testing.T) {
		if got := newGame(t, false, 0, nil).rules; got != (rules{}) {
			t.Errorf("default rules %+v", got)
		}
	})
}

// ---------------------------------------------------------------------------
// Legal

// candidates lists moves to try against Legal: every placement of two
// cards from the mover's hand (and a card from elsewhere) on every square,
// every step and attack between two squares, the end of the turn and the
// draw of every card.
func candidates(s *State) []engine.Move {
	player := s.ToMove()
	pool := s.Hand(player)
	if h := s.Hand(1 - player); len(h) > 0 {
		pool = append(pool, h[0])
	}
	pool = append(pool, card("JR"))
	all := make([]grid.Square, 0, 17)
	for i := range Board.Size() {
		all = append(all, Board.Square(i))
	}
	all = append(all, grid.Square{File: 4, Rank: 3})
	var out []engine.Move
	for _, b := range pool {
		for _, t := range pool {
			for _, at := range all {
				out = append(out, Place{Bottom: b, Top: t, At: at})
			}
		}
	}
	for _, a := range all {
		for _, b := range all {
			out = append(out, Step{From: a, To: b}, Attack{From: a, Target: b})
		}
	}
	out = append(out, engine.EndTurn{})
	for _, c := range cards.Deck(true) {
		out = append(out, Draw{Cards: []cards.Card{c}}, Draw{Cards: []cards.Card{c}, Opening: true})
	}
	return out
}

// checkLegal checks that every move Legal lists is accepted by Apply on a
// clone, and that every candidate it leaves out is refused (in a seeded
// game, a draw the seed gives is accepted though not listed).
func checkLegal(t *testing.T, s *State) {
	t.Helper()
	legal := s.Legal()
	if again := s.Legal(); !slices.EqualFunc(legal, again, func(a, b engine.Move) bool { return moveKey(a) == moveKey(b) }) {
		t.Errorf("Legal is not stable")
	}
	listed := map[string]bool{}
	player := s.ToMove()
	for _, m := range legal {
		k := moveKey(m)
		if listed[k] {
			t.Errorf("Legal lists %s twice", k)
		}
		listed[k] = true
		if err := s.Clone().Apply(player, m); err != nil {
			t.Errorf("listed %s is refused: %v", k, err)
		}
	}
	for _, m := range candidates(s) {
		if listed[moveKey(m)] {
			continue
		}
		if _, isDraw := m.(Draw); isDraw && s.seeded {
			continue
		}
		if err := s.Clone().Apply(player, m); err == nil {
			t.Errorf("%s is accepted but not listed", moveKey(m))
		} else if v := (*engine.Violation)(nil); !errors.As(err, &v) {
			t.Errorf("%s: %v is not a Violation", moveKey(m), err)
		}
	}
	switch {
	case s.Outcome().Over:
		if len(legal) != 0 {
			t.Errorf("Legal after the game: %v", legal)
		}
	case !s.seeded && len(s.pending) > 0:
		for _, m := range legal {
			if _, isDraw := m.(Draw); !isDraw {
				t.Errorf("a draw is owed, yet Legal lists %s", moveKey(m))
			}
		}
		// Each card of the deck, and a card nobody recorded (S28) but
		// for the recording seat's own draw (S31).
		want := s.Deck() + 1
		if s.oneSeat && s.pending[0].player == s.seat {
			want--
		}
		// With unknown cards held, the deck's cards are the cards seen
		// nowhere less those: each card they need not be is listed.
		if len(legal) != want && s.ledger == nil {
			t.Errorf("Legal lists %d draws for a deck of %d", len(legal), s.Deck())
		}
	default:
		if !hasMove(legal, engine.EndTurn{}) {
			t.Errorf("Legal leaves out EndTurn")
		}
		for _, m := range legal {
			if _, isDraw := m.(Draw); isDraw {
				t.Errorf("no draw is owed, yet Legal lists %s", moveKey(m))
			}
		}
	}
}

func TestLegal(t *testing.T) {
	midgame := func(r rules) *State {
		s := pos(r, 0, "2C 3C 4C", "4H", "0 9C/5D b2 attacked", "0 8C/4D a2", "0 7C/JD b1 placed",
			"0 6C/10D c3 moved", "1 KH/2H c2 broken", "1 3H/QH d3", "1 5S/6S a4")
		throw(s, "9S 10S")
		return s
	}
	positions := []struct {
		name  string
		state func(t *testing.T) *State
	}{
		{"seeded start", func(t *testing.T) *State { return newGame(t, true, 7, nil) }},
		{"seeded start, after a written opening hand", func(t *testing.T) *State {
			s := newGame(t, true, 7, nil)
			mustApply(t, s, 0, Draw{Cards: s.deck[:4], Opening: true})
			return s
		}},
		{"unseeded setup", func(t *testing.T) *State { return newGame(t, false, 0, nil) }},
		{"unseeded turn draw owed", func(t *testing.T) *State {
			s := midgame(rules{})
			mustApply(t, s, 0, engine.EndTurn{})
			return s
		}},
		{"unseeded firstdraw=no, turn one", func(t *testing.T) *State {
			s := newGame(t, false, 0, map[string]string{"firstdraw": "no"})
			mustApply(t, s, 0, opening("2C 3C 4C 5C"))
			mustApply(t, s, 1, opening("2D 3D 4D 5D"))
			return s
		}},
		{"midgame", func(t *testing.T) *State { return midgame(rules{}) }},
		{"midgame, second player", func(t *testing.T) *State {
			s := midgame(rules{})
			pass(t, s)
			return s
		}},
		{"midgame, corner and attacks=any and tie=bounce", func(t *testing.T) *State {
			return midgame(rules{corner: true, attackAny: true, tieBounce: true})
		}},
		{"flagplace=allowed with a unit on d4", func(t *testing.T) *State {
			return pos(rules{}, 0, "2C 3C", "", "0 9C/5D d4 moved")
		}},
		{"flagplace=forbidden with a unit on d4", func(t *testing.T) *State {
			return pos(rules{flagPlaceForbidden: true}, 0, "2C 3C", "", "0 9C/5D d4 moved")
		}},
		{"game over", func(t *testing.T) *State {
			s := pos(rules{}, 0, "2C 3C", "2H", "0 9C/5D b4")
			capture(s, 1, "d4 d3")
			mustApply(t, s, 0, step("b4", "c4"), engine.EndTurn{})
			return s
		}},
	}
	for _, p := range positions {
		t.Run(p.name, func(t *testing.T) { checkLegal(t, p.state(t)) })
	}
	t.Run("sampled illegal moves are not listed", func(t *testing.T) {
		s := midgame(rules{})
		legal := s.Legal()
		for _, m := range []engine.Move{
			step("b2", "b3"),        // attacked: exhausted
			attack("b2", "c2"),      // S7: attacked already
			step("b1", "c1"),        // placed this turn
			step("c3", "c4"),        // moved already
			step("a2", "b2"),        // S3: occupied
			attack("a2", "a4"),      // not adjacent
			attack("a2", "b2"),      // own unit
			place("2C", "4H", "a1"), // S2: the opponent's card
			place("2C", "2C", "a1"), // one card twice
			place("2C", "3C", "d1"), // not a home or rear square
			place("2C", "3C", "b1"), // occupied
			draw("5C"),              // no draw owed
			step("c2", "d2"),        // the opponent's unit
		} {
			if hasMove(legal, m) {
				t.Errorf("Legal lists %s", moveKey(m))
			}
		}
		for _, m := range []engine.Move{attack("c3", "d3"), step("a2", "a3"), place("2C", "3C", "a1"), place("3C", "2C", "b3"), engine.EndTurn{}} {
			if !hasMove(legal, m) {
				t.Errorf("Legal leaves out %s", moveKey(m))
			}
		}
	})
}

// TestRandomGames plays seeded games by picking among the listed moves,
// checking Legal against Apply and that no card is lost or made.
func TestRandomGames(t *testing.T) {
	variantSets := []map[string]string{
		nil,
		{"ace": "high", "jokers": "high", "tie": "bounce", "adjacent": "corner"},
		{"attacks": "any", "firstdraw": "no", "empty": "reshuffle", "flagplace": "forbidden"},
		{"empty": "reshuffle", "adjacent": "corner"},
	}
	won, emptied := 0, 0
	for i, variants := range variantSets {
		t.Run(fmt.Sprintf("game %d %v", i, variants), func(t *testing.T) {
			s := newGame(t, true, uint64(100+i), variants)
			pick := shuffle.New(uint64(i))
			total := len(cards.Deck(s.rules.jokers))
			for n := 0; n < 400 && !s.Outcome().Over; n++ {
				units := 0
				for _, u := range s.board {
					if u != nil {
						units++
					}
				}
				if got := s.Deck() + len(s.Hand(0)) + len(s.Hand(1)) + s.Discards() + 2*units; got != total {
					t.Fatalf("move %d: %d cards in play, want %d", n, got, total)
				}
				if n%40 == 0 {
					checkLegal(t, s)
				}
				legal := s.Legal()
				var m engine.Move
				// Prefer attacks and steps so that games move on.
				var actions []engine.Move
				for _, x := range legal {
					switch x.(type) {
					case Attack, Step:
						actions = append(actions, x)
					}
				}
				switch r := pick.Intn(10); {
				case r < 5 && len(actions) > 0:
					m = actions[pick.Intn(len(actions))]
				case r < 7:
					m = engine.EndTurn{}
				default:
					m = legal[pick.Intn(len(legal))]
				}
				if err := s.Apply(s.ToMove(), m); err != nil {
					t.Fatalf("move %d: listed %s refused: %v", n, moveKey(m), err)
				}
			}
			checkLegal(t, s)
			if s.Outcome().Over {
				won++
			}
			if s.Deck() == 0 || s.rules.reshuffle && s.Deck() < 10 {
				emptied++
			}
		})
	}
	// The games are fixed by their seeds; make sure they reach the end of
	// the deck and the end of the game, so that those paths are checked.
	if won < 2 || emptied < 2 {
		t.Errorf("%d games won, %d reached the end of the deck; the playouts check too little", won, emptied)
	}
}

// TestDeckCountsSeededDraws: the cards a seed deals are out of the deck as
// soon as they are in a hand.
func TestDeckCountsSeededDraws(t *testing.T) {
	s := newGame(t, true, 1, nil)
	if got := s.Deck() + len(s.Hand(0)) + len(s.Hand(1)); got != 52 {
		t.Errorf("deck %d + hands %d + %d = %d cards, want 52", s.Deck(), len(s.Hand(0)), len(s.Hand(1)), got)
	}
}

// TestRuleQuotes checks every rule the engine quotes: the text's are in the
// rules text word for word.
func TestRuleQuotes(t *testing.T) {
	text, err := rulesTextOnce()
	if err != nil {
		t.Skip("rules text not found:", err)
	}
	for _, r := range []string{ruleStart, ruleDraw, rulePlace, ruleUnit, ruleNotPlaced, ruleMoveOnce, ruleExhausted, ruleAttack, ruleWon} {
		if !strings.Contains(string(text), r) {
			t.Errorf("%q is not in the rules text", r)
		}
	}
}

// A turn's draw and an opening-hand draw are told apart, so that a seeded
// transcript may write its turn draws without writing its opening hands.
func TestOpeningAndTurnDrawsAreDistinct(t *testing.T) {
	t.Run("S4 S15 seeded: a written turn-1 draw follows the dealt opening hands", func(t *testing.T) {
		deck := seededDeck(9, false)
		s := newGame(t, true, 9, nil)
		mustApply(t, s, 0, Draw{Cards: deck[8:9]})
		if h := s.Hand(0); len(h) != 5 || h[4] != deck[8] {
			t.Errorf("hand after the turn-1 draw = %v", h)
		}
	})
	t.Run("S5 seeded: a written turn-1 draw that is not the seed's ninth card", func(t *testing.T) {
		deck := seededDeck(9, false)
		s := newGame(t, true, 9, nil)
		expect(t, s, 0, Draw{Cards: deck[0:1]}, ruled("S5"))
	})
	t.Run("S4 unseeded: a turn's draw before the opening hands are written", func(t *testing.T) {
		s := newGame(t, false, 0, nil)
		expect(t, s, 0, draw("7H"), ruled("S4"))
	})
	t.Run("an opening-hand draw after the hands are dealt", func(t *testing.T) {
		s := newGame(t, false, 0, nil)
		mustApply(t, s, 0, opening("7H 9C KD 2S"))
		mustApply(t, s, 1, opening("3C 4C 5C 6C"))
		expect(t, s, 0, opening("8C"), broke(ruleStart))
	})
}

// Every ruling the engine quotes stands word for word in RULINGS.md under
// its number, so that a diagnostic's quote can be found there.
func TestRulingQuotesStandInRulings(t *testing.T) {
	doc, err := os.ReadFile("RULINGS.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(doc)), " ")
	sections := map[string]string{}
	heads := rulingHeading.FindAllStringSubmatchIndex(text, -1)
	for i, h := range heads {
		end := len(text)
		if i+1 < len(heads) {
			end = heads[i+1][0]
		}
		sections[text[h[2]:h[3]]] = text[h[0]:end]
	}
	for id, quote := range rulingTexts {
		if !strings.Contains(sections[id], quote) {
			t.Errorf("ruling %s: %q is not in its section of RULINGS.md", id, quote)
		}
	}
}

// rulingTexts maps each ruling the engine quotes to its number.
var rulingTexts = map[string]string{
	"S1": rulingTurns, "S2": rulingHand, "S3": rulingOneUnit, "S4": rulingDrawRecord,
	"S5": rulingSeedAgrees, "S6": rulingNotInDeck, "S7": rulingAttackOnce, "S9": rulingEmptyDeck,
	"S11": rulingFlagPlace, "S28": rulingUnknown, "S29": rulingCouldBe, "S30": rulingSeedUnknown,
	"S31": rulingOneSeat,
}

var rulingHeading = regexp.MustCompile(`\*\*(S[0-9]+)\.`)
