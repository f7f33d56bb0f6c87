package sortie

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/cards"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

var _ engine.Forcer = (*State)(nil)

// with changes a position in place and returns it, for the fields pos
// does not set (the turn, the owed draws).
func with(s *State, f func(*State)) *State {
	f(s)
	return s
}

// owing sets the draws owed.
func owing(ps ...pending) func(*State) {
	return func(s *State) { s.pending = ps }
}

// mustForce forces m and fails the test if it is refused.
func mustForce(t *testing.T, s *State, player int, m engine.Move) {
	t.Helper()
	if err := s.Force(player, m); err != nil {
		t.Fatalf("Force(%d, %s): %v", player, moveKey(m), err)
	}
}

// refusedForce forces m, which must be refused with a Violation that
// quotes the rules, and leaves the state exactly as it was.
func refusedForce(t *testing.T, s *State, player int, m engine.Move) *engine.Violation {
	t.Helper()
	before := s.clone()
	err := s.Force(player, m)
	var v *engine.Violation
	if !errors.As(err, &v) {
		t.Fatalf("Force(%d, %s) = %v; want a *engine.Violation", player, moveKey(m), err)
	}
	checkQuote(t, v)
	if !enginetest.Equal(before, s) {
		t.Errorf("refused Force(%d, %s) changed the state:\nbefore %s\nafter  %s", player, moveKey(m), snapshot(before), snapshot(s))
	}
	return v
}

// TestForce forces each kind of move Apply refuses, from a position where
// Apply refuses it: either it is made, and the state is the one wanted, or
// no hand could make it, and it is refused.
func TestForce(t *testing.T) {
	r := rules{}
	unseededTurnOne := func() *State {
		s := newGame(t, false, 0, nil)
		mustApply(t, s, 0, opening("7H 9C KD 2S"))
		mustApply(t, s, 1, opening("3D 8S JH 4C"))
		return s
	}
	seededTurnTwo := func() *State {
		s := newGame(t, true, 5, nil)
		mustApply(t, s, 0, engine.EndTurn{})
		return s
	}
	deck5 := seededDeck(5, false)
	cases := []struct {
		name   string
		start  func() *State
		player int
		move   engine.Move
		apply  verdict // Apply's refusal
		// want is the state Force makes (compared by snapshot), or check
		// checks it; with neither, Force must refuse the move with refused
		// as What and, when set, ruling as the ruling.
		want    func() *State
		check   func(t *testing.T, s *State)
		refused string
		ruling  string
	}{
		// Placements.
		{
			name:  "S20 place on a square that is neither home nor rear",
			start: func() *State { return pos(r, 0, "2C 3C 4C", "4H") },
			move:  place("2C", "3C", "c2"), apply: broke(rulePlace),
			want: func() *State { return pos(r, 0, "4C", "4H", "0 2C/3C c2 placed") },
		},
		{
			name:  "S20 place on an opponent's flag with flagplace=forbidden",
			start: func() *State { return pos(rules{flagPlaceForbidden: true}, 0, "2C 3C", "", "0 9C/5D d4 moved") },
			move:  place("2C", "3C", "d3"), apply: ruled("S11"),
			want: func() *State {
				return pos(rules{flagPlaceForbidden: true}, 0, "", "", "0 9C/5D d4 moved", "0 2C/3C d3 placed")
			},
		},
		{
			name:   "S21 place out of turn takes the turn over",
			start:  func() *State { return pos(r, 0, "2C", "4H 5H", "0 9C/5D b2 moved") },
			player: 1, move: place("4H", "5H", "d4"), apply: ruled("S1"),
			want: func() *State {
				return with(pos(r, 1, "2C", "", "0 9C/5D b2 moved", "1 4H/5H d4 placed"), func(s *State) { s.turn = 3 })
			},
		},
		{
			name:  "S22 place before the turn's unwritten draw: the draw stays owed",
			start: func() *State { return with(pos(r, 0, "2C 3C", "4H"), owing(pending{0, 1, false})) },
			move:  place("2C", "3C", "a1"), apply: ruled("S4"),
			want: func() *State { return with(pos(r, 0, "", "4H", "0 2C/3C a1 placed"), owing(pending{0, 1, false})) },
		},
		{
			name:  "S20 place on a set-up line: as in the first turn",
			start: unseededTurnOne,
			move:  engine.OnSetupLine{Move: place("7H", "9C", "b1")}, apply: broke(ruleStart),
			check: func(t *testing.T, s *State) {
				u := s.UnitAt(sq("b1"))
				if u == nil || *u != (Unit{Owner: 0, Bottom: card("7H"), Top: card("9C"), Shield: true, Placed: true}) {
					t.Errorf("unit on b1 = %+v", u)
				}
				if !slices.Equal(s.Hand(0), cardList("KD 2S")) || !slices.Equal(s.pending, []pending{{0, 1, false}}) {
					t.Errorf("hand %v, owed %v; want KD 2S, turn 1's draw", s.Hand(0), s.pending)
				}
				if s.Turn() != 1 || s.ToMove() != 0 {
					t.Errorf("turn %d, to move %d", s.Turn(), s.ToMove())
				}
			},
		},
		{
			name:  "S20 place with the opponent's card: refused",
			start: func() *State { return pos(r, 0, "2C 3C", "4H") },
			move:  place("2C", "4H", "a1"), apply: ruled("S2"),
			refused: "4H is not in player 1's hand", ruling: "S2",
		},
		{
			name:  "S20 place one card twice: refused",
			start: func() *State { return pos(r, 0, "2C 3C", "4H") },
			move:  place("2C", "2C", "c2"), apply: broke(ruleUnit),
			refused: "a unit needs two cards, not 2C twice",
		},
		{
			name:  "S20 place on an occupied square: refused",
			start: func() *State { return pos(r, 0, "2C 3C", "4H", "1 KH/2H c3") },
			move:  place("2C", "3C", "c3"), apply: broke(rulePlace),
			refused: "c3 is occupied",
		},
		{
			name:  "S20 place off the board: refused",
			start: func() *State { return pos(r, 0, "2C 3C", "4H") },
			move:  place("2C", "3C", "e2"), apply: broke(rulePlace),
			refused: "e2 is not on the board",
		},
		// Steps.
		{
			name:  "S20 step to a square not adjacent",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/5D b2") },
			move:  step("b2", "d4"), apply: broke(ruleMoveOnce),
			want: func() *State { return pos(r, 0, "2C", "4H", "0 9C/5D d4 moved") },
		},
		{
			name:  "S20 step a second time",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/5D b2 moved") },
			move:  step("b2", "b3"), apply: broke(ruleMoveOnce),
			want: func() *State { return pos(r, 0, "2C", "4H", "0 9C/5D b3 moved") },
		},
		{
			name:  "S20 step after attacking",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/5D b2 attacked") },
			move:  step("b2", "b3"), apply: broke(ruleExhausted),
			want: func() *State { return pos(r, 0, "2C", "4H", "0 9C/5D b3 attacked moved") },
		},
		{
			name:  "S20 step on the turn the unit was placed",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/5D b2 placed") },
			move:  step("b2", "b3"), apply: broke(ruleNotPlaced),
			want: func() *State { return pos(r, 0, "2C", "4H", "0 9C/5D b3 placed moved") },
		},
		{
			name:   "S21 step out of turn takes the turn over",
			start:  func() *State { return pos(r, 0, "2C", "4H", "0 9C/5D b2 moved", "1 KH/2H c3") },
			player: 1, move: step("c3", "c4"), apply: ruled("S1"),
			want: func() *State {
				return with(pos(r, 1, "2C", "4H", "0 9C/5D b2 moved", "1 KH/2H c4 moved"), func(s *State) { s.turn = 3 })
			},
		},
		{
			name:  "S20 step the opponent's unit: refused",
			start: func() *State { return pos(r, 0, "2C", "4H", "1 KH/2H c3") },
			move:  step("c3", "c2"), apply: broke(ruleMoveOnce),
			refused: "the unit on c3 is player 2's", ruling: "S20",
		},
		{
			name:  "S20 step from an empty square: refused",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/5D b2") },
			move:  step("b3", "b4"), apply: broke(ruleMoveOnce),
			refused: "there is no unit on b3",
		},
		{
			name:  "S20 step onto a unit: refused",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/5D b2", "1 KH/2H c2") },
			move:  step("b2", "c2"), apply: ruled("S3"),
			refused: "c2 is occupied", ruling: "S3",
		},
		{
			name:  "S20 step onto its own square: refused",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/5D b2") },
			move:  step("b2", "b2"), apply: broke(ruleMoveOnce),
			refused: "b2 is occupied", ruling: "S3",
		},
		{
			name:  "S20 step off the board: refused",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/5D d2") },
			move:  step("d2", "e2"), apply: broke(ruleMoveOnce),
			refused: "e2 is not on the board",
		},
		// Attacks.
		{
			name:  "S20 attack from a distance",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/KD b2", "1 5H/2H d4") },
			move:  attack("b2", "d4"), apply: broke(ruleAttack),
			want: func() *State {
				return with(pos(r, 0, "2C", "4H", "0 9C/KD b2 attacked"), func(s *State) {
					s.discard = cardList("5H 2H")
					takeCard(&s.deck, card("5H"))
					takeCard(&s.deck, card("2H"))
				})
			},
		},
		{
			name:  "S20 attack twice: a broken shield falls",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/2D b2 attacked", "1 KH/2H c2 broken") },
			move:  attack("b2", "c2"), apply: ruled("S7"),
			check: func(t *testing.T, s *State) {
				if u := s.UnitAt(sq("b2")); u == nil || u.Attacks != 2 {
					t.Errorf("attacker %+v; want two attacks", u)
				}
				if s.UnitAt(sq("c2")) != nil || !slices.Equal(s.discard, cardList("KH 2H")) {
					t.Errorf("target %+v, discard %v", s.UnitAt(sq("c2")), s.discard)
				}
			},
		},
		{
			name:  "S20 attack on the turn the unit was placed",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/2D b2 placed", "1 KH/5H c2") },
			move:  attack("b2", "c2"), apply: broke(ruleNotPlaced),
			want: func() *State { return pos(r, 0, "2C", "4H", "0 9C/2D b2 placed attacked", "1 KH/5H c2 broken") },
		},
		{
			name:  "S20 attack one's own unit",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/2D b2", "0 KH/5H c2") },
			move:  attack("b2", "c2"), apply: broke(ruleAttack),
			want: func() *State { return pos(r, 0, "2C", "4H", "0 9C/2D b2 attacked", "0 KH/5H c2 broken") },
		},
		{
			name:   "S21 attack out of turn takes the turn over",
			start:  func() *State { return pos(r, 0, "2C", "4H", "0 9C/2D b2", "1 KH/5H c2") },
			player: 1, move: attack("c2", "b2"), apply: ruled("S1"),
			want: func() *State {
				return with(pos(r, 1, "2C", "4H", "0 9C/2D b2 broken", "1 KH/5H c2 attacked"), func(s *State) { s.turn = 3 })
			},
		},
		{
			name:  "S20 attack an empty square: refused",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/2D b2") },
			move:  attack("b2", "c2"), apply: broke(ruleAttack),
			refused: "there is no unit on c2",
		},
		{
			name:  "S20 attack with the opponent's unit: refused",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/2D b2", "1 KH/5H c2") },
			move:  attack("c2", "b2"), apply: broke(ruleMoveOnce),
			refused: "the unit on c2 is player 2's", ruling: "S20",
		},
		{
			name:  "S20 attack from an empty square: refused",
			start: func() *State { return pos(r, 0, "2C", "4H", "1 KH/5H c2") },
			move:  attack("b2", "c2"), apply: broke(ruleMoveOnce),
			refused: "there is no unit on b2",
		},
		{
			name:  "S20 a unit attacks itself: refused",
			start: func() *State { return pos(r, 0, "2C", "4H", "0 9C/2D b2") },
			move:  attack("b2", "b2"), apply: broke(ruleAttack),
			refused: "the unit on b2 cannot attack itself",
		},
		// The end of the turn.
		{
			name:   "S21 end the other player's turn: taken over and ended",
			start:  func() *State { return pos(r, 0, "2C", "4H", "0 9C/2D b2 moved", "1 KH/5H c2") },
			player: 1, move: engine.EndTurn{}, apply: ruled("S1"),
			want: func() *State {
				return with(pos(r, 0, "2C", "4H", "0 9C/2D b2", "1 KH/5H c2"), func(s *State) {
					s.turn = 4
					s.pending = []pending{{0, 1, false}}
				})
			},
		},
		{
			name:  "S22 end the turn before its unwritten draw: the draw is not made",
			start: func() *State { return with(pos(r, 0, "2C", "4H"), owing(pending{0, 1, false})) },
			move:  engine.EndTurn{}, apply: ruled("S4"),
			want: func() *State { return with(pos(r, 1, "2C", "4H"), owing(pending{1, 1, false})) },
		},
		// Draws.
		{
			name:  "S22 a second draw in a turn",
			start: func() *State { return pos(r, 0, "2C", "4H") },
			move:  draw("5C"), apply: broke(ruleDraw),
			want: func() *State { return pos(r, 0, "2C 5C", "4H") },
		},
		{
			name:  "S22 two cards for a turn's draw",
			start: func() *State { return with(pos(r, 0, "2C", "4H"), owing(pending{0, 1, false})) },
			move:  draw("5C 6C"), apply: broke(ruleDraw),
			want: func() *State { return pos(r, 0, "2C 5C 6C", "4H") },
		},
		{
			name:  "S22 five cards for an opening hand",
			start: func() *State { return newGame(t, false, 0, nil) },
			move:  opening("2C 3C 4C 5C 6C"), apply: broke(ruleStart),
			check: func(t *testing.T, s *State) {
				if !slices.Equal(s.Hand(0), cardList("2C 3C 4C 5C 6C")) || !slices.Equal(s.pending, []pending{{1, 4, true}, {0, 1, false}}) {
					t.Errorf("hand %v, owed %v", s.Hand(0), s.pending)
				}
			},
		},
		{
			name:  "S22 an opening card after the opening hands",
			start: unseededTurnOne,
			move:  opening("6C"), apply: broke(ruleStart),
			check: func(t *testing.T, s *State) {
				if !slices.Equal(s.Hand(0), cardList("7H 9C KD 2S 6C")) || !slices.Equal(s.pending, []pending{{0, 1, false}}) {
					t.Errorf("hand %v, owed %v; want turn 1's draw still owed", s.Hand(0), s.pending)
				}
			},
		},
		{
			name:  "S21 a turn's draw out of turn takes the turn and its draw",
			start: func() *State { return with(pos(r, 1, "2C", "4H"), owing(pending{1, 1, false})) },
			move:  draw("5C"), apply: ruled("S1"),
			want: func() *State { return with(pos(r, 0, "2C 5C", "4H"), func(s *State) { s.turn = 4 }) },
		},
		{
			name:  "S21 S22 seeded: the seed dealt the turn's draw; the card out of turn is the next",
			start: seededTurnTwo,
			move:  draw(deck5[10].String()), apply: ruled("S1"),
			check: func(t *testing.T, s *State) {
				if !slices.Equal(s.Hand(0), []cards.Card{deck5[0], deck5[1], deck5[2], deck5[3], deck5[8], deck5[10]}) ||
					!slices.Equal(s.Hand(1), []cards.Card{deck5[4], deck5[5], deck5[6], deck5[7], deck5[9]}) {
					t.Errorf("hands %v and %v", s.Hand(0), s.Hand(1))
				}
				if s.Turn() != 2 || s.ToMove() != 0 || len(s.pending) != 0 {
					t.Errorf("turn %d, to move %d, owed %v", s.Turn(), s.ToMove(), s.pending)
				}
			},
		},
		{
			name:  "S5 seeded: the card out of turn is not the deck's next: refused",
			start: seededTurnTwo,
			move:  draw(deck5[9].String()), apply: ruled("S1"),
			refused: fmt.Sprintf("the seeded deck gives %v here, not %v", deck5[10], deck5[9]), ruling: "S5",
		},
		{
			name:   "S22 the second player's opening hand first",
			start:  func() *State { return newGame(t, false, 0, nil) },
			player: 1, move: opening("2C 3C 4C 5C"), apply: ruled("S1"),
			check: func(t *testing.T, s *State) {
				if !slices.Equal(s.Hand(1), cardList("2C 3C 4C 5C")) || !slices.Equal(s.pending, []pending{{0, 4, true}, {0, 1, false}}) {
					t.Errorf("hand %v, owed %v", s.Hand(1), s.pending)
				}
				if s.Turn() != 0 || s.ToMove() != 0 {
					t.Errorf("turn %d, to move %d; the set-up goes on", s.Turn(), s.ToMove())
				}
			},
		},
		{
			name:  "S22 a turn's draw before the opening hands",
			start: func() *State { return newGame(t, false, 0, nil) },
			move:  draw("2C"), apply: ruled("S4"),
			check: func(t *testing.T, s *State) {
				if !slices.Equal(s.Hand(0), cardList("2C")) || !slices.Equal(s.pending, []pending{{0, 4, true}, {1, 4, true}}) {
					t.Errorf("hand %v, owed %v", s.Hand(0), s.pending)
				}
			},
		},
		{
			name: "S22 drawing the deck's last cards skips the draws owed after them",
			start: func() *State {
				s := newGame(t, false, 0, nil)
				rest := slices.Clone(s.deck[5:])
				for _, c := range rest {
					takeCard(&s.deck, c)
					s.discard = append(s.discard, c)
				}
				return s
			},
			move: opening("AC 2C 3C 4C 5C"), apply: broke(ruleStart),
			check: func(t *testing.T, s *State) {
				if len(s.pending) != 0 || s.Deck() != 0 || s.Turn() != 1 || len(s.Hand(0)) != 5 {
					t.Errorf("owed %v, deck %d, turn %d, hand %v", s.pending, s.Deck(), s.Turn(), s.Hand(0))
				}
				if l := s.Legal(); !hasMove(l, engine.EndTurn{}) {
					t.Errorf("Legal %v", l)
				}
			},
		},
		{
			name:  "S6 draw a card from the opponent's hand: refused",
			start: func() *State { return pos(r, 0, "2C", "4H") },
			move:  draw("4H"), apply: broke(ruleDraw),
			refused: "4H cannot be drawn: it is in player 2's hand", ruling: "S6",
		},
		{
			name: "S6 draw from an empty deck: refused",
			start: func() *State {
				s := pos(r, 0, "2C", "4H")
				for _, c := range slices.Clone(s.deck) {
					takeCard(&s.deck, c)
					s.discard = append(s.discard, c)
				}
				return s
			},
			move: draw("5C"), apply: ruled("S9"),
			refused: "5C cannot be drawn: it is in the discard pile", ruling: "S6",
		},
		{
			name: "S6 seeded: draw from an empty deck: refused",
			start: func() *State {
				s := seededTurnTwo()
				s.settle()
				s.discard, s.deck = s.deck, nil
				return s
			},
			player: 1, move: draw(deck5[20].String()), apply: ruled("S9"),
			refused: fmt.Sprintf("%v cannot be drawn: the deck is empty", deck5[20]), ruling: "S6",
		},
		{
			name:   "S5 seeded: a second draw that is not the deck's next card: refused",
			start:  seededTurnTwo,
			player: 1, move: draw(deck5[20].String()), apply: ruled("S5"),
			refused: fmt.Sprintf("the seeded deck gives %v here, not %v", deck5[9], deck5[20]), ruling: "S5",
		},
		{
			name:  "S20 one card written twice in a draw: refused",
			start: func() *State { return pos(r, 0, "2C", "4H") },
			move:  draw("5C 5C"), apply: broke(ruleDraw),
			refused: "5C is written twice in one draw",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, c.start(), c.player, c.move, c.apply)
			s := c.start()
			if c.want == nil && c.check == nil {
				v := refusedForce(t, s, c.player, c.move)
				if v.What != c.refused || v.Ruling != c.ruling {
					t.Errorf("refused with %q (ruling %q); want %q (ruling %q)", v.What, v.Ruling, c.refused, c.ruling)
				}
				return
			}
			mustForce(t, s, c.player, c.move)
			if c.want != nil {
				if got, want := snapshot(s), snapshot(c.want()); got != want {
					t.Errorf("after Force:\n got %s\nwant %s", got, want)
				}
			}
			if c.check != nil {
				c.check(t, s)
			}
			checkSound(t, s)
		})
	}
}

// TestForceRefusals: what Force refuses whatever the position.
func TestForceRefusals(t *testing.T) {
	t.Run("S19 nothing is let stand after the game", func(t *testing.T) {
		s := pos(rules{}, 0, "2C 3C", "2H 3H", "0 9C/5D b4", "1 KH/QH c2")
		capture(s, 1, "d4 d3")
		mustApply(t, s, 0, step("b4", "c4"), engine.EndTurn{})
		for _, p := range []int{0, 1} {
			for _, m := range []engine.Move{place("2C", "3C", "a1"), step("c2", "c3"), attack("c2", "b2"), engine.EndTurn{}, draw("9S"), opening("9S")} {
				v := refusedForce(t, s, p, m)
				if v.Rule != ruleWon {
					t.Errorf("%s: %v; want the rule %q", moveKey(m), v, ruleWon)
				}
			}
		}
	})
	t.Run("no such player", func(t *testing.T) {
		s := pos(rules{}, 0, "2C 3C", "2H")
		for _, p := range []int{-1, 2} {
			refusedForce(t, s, p, place("2C", "3C", "a1"))
		}
	})
	t.Run("an unknown move is an error, not a violation", func(t *testing.T) {
		s := pos(rules{}, 0, "2C 3C", "2H")
		before := s.clone()
		err := s.Force(0, struct{}{})
		if v := (*engine.Violation)(nil); err == nil || errors.As(err, &v) {
			t.Errorf("Force of an unknown move = %v", err)
		}
		if !enginetest.Equal(before, s) {
			t.Errorf("the state changed")
		}
	})
}

// TestForceEndsTheGame: after a forced move the end of the turn captures
// flags and wins as after any move (S14, S23).
func TestForceEndsTheGame(t *testing.T) {
	win := func(winner, turn int) engine.Outcome {
		return engine.Outcome{Over: true, Winner: winner, Reason: "all three flags captured", Turn: turn}
	}
	t.Run("a forced step onto the last flag wins at the end of the turn", func(t *testing.T) {
		s := pos(rules{}, 0, "2C", "2H", "0 9C/5D b3")
		capture(s, 1, "d4 d3")
		mustForce(t, s, 0, step("b3", "c4"))
		if s.Outcome().Over {
			t.Fatal("over before the end of the turn")
		}
		mustApply(t, s, 0, engine.EndTurn{})
		if got := s.Outcome(); got != win(0, 3) {
			t.Errorf("Outcome %+v", got)
		}
		if len(s.Legal()) != 0 {
			t.Errorf("Legal after the game: %v", s.Legal())
		}
		refusedForce(t, s, 1, engine.EndTurn{})
	})
	t.Run("S21 an end of turn forced out of turn ends the turn taken over", func(t *testing.T) {
		s := pos(rules{}, 0, "2C", "2H", "0 9C/5D c4")
		capture(s, 1, "d4 d3")
		mustForce(t, s, 1, engine.EndTurn{})
		if got := s.Outcome(); got != win(0, 3) {
			t.Errorf("Outcome %+v", got)
		}
	})
	t.Run("S23 a unit captures at the end of its opponent's turn, and wins", func(t *testing.T) {
		s := pos(rules{}, 0, "2C", "2H", "0 9C/5D b3", "1 KH/QH b2")
		capture(s, 0, "a1 a2")
		mustForce(t, s, 1, step("b2", "b1")) // Ben takes turn 3 over...
		mustForce(t, s, 0, step("b3", "b4")) // ...and Ann takes it back
		mustApply(t, s, 0, engine.EndTurn{})
		if got := s.Outcome(); got != win(1, 3) {
			t.Errorf("Outcome %+v", got)
		}
		if s.UnitAt(sq("b1")) != nil || !slices.Equal(s.Captured(1), squares("a1 a2 b1")) {
			t.Errorf("b1 %+v, Ben captured %v", s.UnitAt(sq("b1")), s.Captured(1))
		}
	})
	t.Run("S23 both players reach three at once: drawn", func(t *testing.T) {
		s := pos(rules{}, 0, "2C", "2H", "0 9C/5D c4", "1 KH/QH b2")
		capture(s, 1, "d4 d3")
		capture(s, 0, "a1 a2")
		mustForce(t, s, 1, step("b2", "b1"))
		mustForce(t, s, 0, engine.EndTurn{})
		want := engine.Outcome{Over: true, Winner: engine.Nobody, Reason: "both players captured all three flags at once", Turn: 3}
		if got := s.Outcome(); got != want {
			t.Errorf("Outcome %+v, want %+v", got, want)
		}
	})
}

// checkSound checks what the rest of the engine relies on: every card in
// exactly one place, units on one square each, a unit with the turn's
// marks on a marked square, flags accounted for, draws
// owed only while the deck has them, and Legal listing moves Apply takes
// (a sample) unless the game is over.
func checkSound(t *testing.T, s *State) {
	t.Helper()
	v := s.settled()
	seen := map[cards.Card]string{}
	add := func(where string, cs ...cards.Card) {
		for _, c := range cs {
			if prev, dup := seen[c]; dup {
				t.Fatalf("%v is both %s and %s:\n%s", c, prev, where, snapshot(s))
			}
			seen[c] = where
		}
	}
	add("in the deck", v.deck...)
	add("discarded", v.discard...)
	add("in hand 0", v.hands[0]...)
	add("in hand 1", v.hands[1]...)
	units := map[*Unit]bool{}
	for i, u := range v.board {
		for p := range 2 {
			if mine := v.occupied[p]&(1<<i) != 0; mine != (u != nil && u.Owner == p) {
				t.Fatalf("the square %v is occupied by player %d %v, but holds %v", Board.Square(i), p, mine, u)
			}
		}
		if u == nil {
			continue
		}
		if units[u] || u.Owner < 0 || u.Owner > 1 {
			t.Fatalf("unit on %v is on two squares or has no owner", Board.Square(i))
		}
		units[u] = true
		if (u.Placed || u.Moved || u.Attacks > 0) && v.marked&(1<<i) == 0 {
			t.Fatalf("the unit on %v carries the turn's marks, but its square is not marked", Board.Square(i))
		}
		add("on "+Board.Square(i).String(), u.Bottom, u.Top)
	}
	if want := len(cards.Deck(s.rules.jokers)); len(seen) != want {
		t.Fatalf("%d cards in play, want %d", len(seen), want)
	}
	owed := 0
	for _, p := range v.pending {
		if p.count <= 0 || p.player < 0 || p.player > 1 {
			t.Fatalf("bad owed draw %+v", p)
		}
		owed += p.count
	}
	if owed > v.deckSize() {
		t.Fatalf("%d cards owed from a deck of %d", owed, v.deckSize())
	}
	if v.ledger != nil {
		// The ledger's world is the cards seen nowhere: the deck and the
		// unknown cards held.
		for _, c := range cards.Deck(true) {
			if n, want := v.ledger.Count(v.pool, c.String()), cards.Contains(v.deck, c); (n == 1) != want || n > 1 {
				t.Fatalf("the ledger holds %d of %v; in the deck: %v", n, c, want)
			}
		}
		if got, want := v.ledger.Hidden(v.pool), len(v.hid[0])+len(v.hid[1]); got != want {
			t.Fatalf("the ledger hides %d cards, the hands %d", got, want)
		}
	}
	for p := range 2 {
		if len(s.Flags(p))+len(s.Captured(1-p)) != len(homes[p]) {
			t.Fatalf("player %d: flags %v, lost %v", p, s.Flags(p), s.Captured(1-p))
		}
	}
	if s.Turn() < 0 || s.ToMove() < 0 || s.ToMove() > 1 {
		t.Fatalf("turn %d, to move %d", s.Turn(), s.ToMove())
	}
	legal := s.Legal()
	if s.Outcome().Over != (len(legal) == 0) {
		t.Fatalf("outcome %+v with %d legal moves", s.Outcome(), len(legal))
	}
	for i, m := range legal {
		if i > 8 && i != len(legal)-1 {
			continue
		}
		if err := s.Clone().Apply(s.ToMove(), m); err != nil {
			t.Fatalf("listed %s is refused: %v\n%s", moveKey(m), err, snapshot(s))
		}
	}
}

var forceVariants = []map[string]string{
	nil,
	{"ace": "high", "jokers": "high", "tie": "bounce", "adjacent": "corner"},
	{"attacks": "any", "firstdraw": "no", "empty": "reshuffle", "flagplace": "forbidden"},
	{"empty": "reshuffle", "adjacent": "corner"},
}

// pickLegal picks a listed move, preferring steps and attacks so that
// games move on.
func pickLegal(rng *shuffle.Source, legal []engine.Move) engine.Move {
	var actions []engine.Move
	for _, m := range legal {
		switch m.(type) {
		case Step, Attack:
			actions = append(actions, m)
		}
	}
	switch r := rng.Intn(10); {
	case r < 5 && len(actions) > 0:
		return actions[rng.Intn(len(actions))]
	case r < 7 && slices.ContainsFunc(legal, isEnd):
		return engine.EndTurn{}
	}
	return legal[rng.Intn(len(legal))]
}

func isEnd(m engine.Move) bool { _, ok := m.(engine.EndTurn); return ok }

// TestForceLegalIsApply: a legal move forced is played exactly as Apply
// plays it, checked at every step of random games, seeded and not, for
// every fourth listed move, the first one a step further on: the steps'
// lists are long and alike, and each move costs three copies of the
// state.
func TestForceLegalIsApply(t *testing.T) {
	t.Parallel()
	n := 0
	for i, variants := range forceVariants {
		for _, seeded := range []bool{true, false} {
			s := newGame(t, seeded, uint64(30+i), variants)
			rng := shuffle.New(uint64(70 + i))
			for step := 0; step < 150 && !s.Outcome().Over; step++ {
				legal := s.Legal()
				for j, m := range legal {
					if (j+step)%4 != 0 {
						continue
					}
					applied, forced := s.clone(), s.clone()
					if err := applied.Apply(s.ToMove(), m); err != nil {
						t.Fatalf("listed %s refused: %v", moveKey(m), err)
					}
					if err := forced.Force(s.ToMove(), m); err != nil {
						t.Fatalf("listed %s refused by Force: %v", moveKey(m), err)
					}
					if !enginetest.Equal(applied, forced) {
						t.Fatalf("%s: Force gives\n%s\nApply gives\n%s", moveKey(m), snapshot(forced), snapshot(applied))
					}
					n++
				}
				if err := s.Apply(s.ToMove(), pickLegal(rng, legal)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if n < 5000 {
		t.Errorf("only %d moves compared", n)
	}
}

// wild makes up a move for player, mostly one the rules refuse: two cards
// of their hand placed on any square, or a step or an attack between any
// two squares (off the board now and then).
func wild(s *State, player int, rng *shuffle.Source) engine.Move {
	square := func() grid.Square { return grid.Square{File: rng.Intn(5), Rank: rng.Intn(4)} }
	hand := s.Hand(player)
	switch rng.Intn(3) {
	case 0:
		if len(hand) >= 2 {
			return Place{Bottom: hand[rng.Intn(len(hand))], Top: hand[rng.Intn(len(hand))], At: square()}
		}
	case 1:
		return Step{From: square(), To: square()}
	}
	return Attack{From: square(), Target: square()}
}

// TestForceRandom forces moves refused in random games, drawn from the
// Legal lists of other positions and games, by either player; then the
// games go on with legal moves. Nothing may panic, a refused Force must
// change nothing, and the state must stay sound.
func TestForceRandom(t *testing.T) {
	start := time.Now()
	var pool []engine.Move
	forced, refused, over := 0, 0, 0
	kinds := map[string]int{}
	for game := 0; game < 250; game++ {
		variants := forceVariants[game%len(forceVariants)]
		s := newGame(t, game%3 != 0, uint64(1000+game), variants)
		rng := shuffle.New(uint64(game))
		for step := 0; step < 200 && !s.Outcome().Over; step++ {
			legal := s.Legal()
			for range 3 {
				pool = append(pool, legal[rng.Intn(len(legal))])
			}
			if len(pool) > 2000 {
				pool = pool[len(pool)-2000:]
			}
			if rng.Intn(4) == 0 {
				player := rng.Intn(2)
				m := pool[rng.Intn(len(pool))]
				if rng.Intn(2) == 0 {
					m = wild(s, player, rng)
				}
				if rng.Intn(8) == 0 {
					m = engine.OnSetupLine{Move: m}
				}
				if s.Clone().Apply(player, m) == nil {
					continue
				}
				before := s.clone()
				err := s.Force(player, m)
				var v *engine.Violation
				switch {
				case err == nil:
					forced++
					kinds[strings.TrimPrefix(fmt.Sprintf("%T", m), "sortie.")]++
				case errors.As(err, &v):
					refused++
					if !enginetest.Equal(before, s) {
						t.Fatalf("game %d: refused Force(%d, %s) changed the state", game, player, moveKey(m))
					}
					continue
				default:
					t.Fatalf("game %d: Force(%d, %s): %v", game, player, moveKey(m), err)
				}
				checkSound(t, s)
				continue
			}
			if err := s.Apply(s.ToMove(), pickLegal(rng, legal)); err != nil {
				t.Fatalf("game %d: %v", game, err)
			}
			if step%10 == 0 {
				checkSound(t, s)
			}
		}
		if s.Outcome().Over {
			over++
		}
		checkSound(t, s)
	}
	t.Logf("%d forced (%v), %d refused, %d games over, %v", forced, kinds, refused, over, time.Since(start))
	if forced < 800 || refused < 100 || over < 8 || len(kinds) < 6 {
		t.Errorf("%d forced (%v), %d refused, %d games over: the playouts check too little", forced, kinds, refused, over)
	}
}

// TestLetStandRulings: the rulings Force gives stand word for word in
// their sections of RULINGS.md, which numbers on from the rulings before.
func TestLetStandRulings(t *testing.T) {
	doc, err := rulingsOnce()
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(doc)), " ")
	at := strings.Index(text, "## Moves let stand")
	if at < 0 {
		t.Fatal("RULINGS.md has no section on moves let stand")
	}
	for i := 1; i <= 23; i++ {
		if !strings.Contains(text, fmt.Sprintf("**S%d. ", i)) {
			t.Errorf("RULINGS.md has no ruling S%d", i)
		}
	}
	if i := strings.Index(text, "**S20. "); i < at || !strings.Contains(text[i:strings.Index(text, "**S21. ")], rulingOwnUnits) {
		t.Errorf("%q is not in ruling S20, under moves let stand", rulingOwnUnits)
	}
}
