package bot

import (
	"errors"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// toy is a small game for the bots' tests: a pile of counters, from
// which the player whose turn it is takes 1 to 3 and ends the turn; who
// takes the last counter wins. Each player holds a secret card, 0 to 3:
// instead of taking, a player may guess the other's card, and wins if
// right and loses if wrong. A player who could see the other's card
// would always guess, and win: the no-peeking test rests on that.
type toy struct {
	pile   int
	turn   int
	player int
	taken  bool
	cards  [2]int
	over   engine.Outcome
}

type take struct{ N int }
type guess struct{ Card int }

func newToy(pile int, cards [2]int) *toy { return &toy{pile: pile, turn: 1, cards: cards} }

func (t *toy) Turn() int               { return t.turn }
func (t *toy) ToMove() int             { return t.player }
func (t *toy) Outcome() engine.Outcome { return t.over }
func (t *toy) Clone() engine.State     { c := *t; return &c }

func (t *toy) Legal() []engine.Move {
	switch {
	case t.over.Over:
		return nil
	case t.taken:
		return []engine.Move{engine.EndTurn{}}
	}
	var out []engine.Move
	for n := 1; n <= min(3, t.pile); n++ {
		out = append(out, take{n})
	}
	for c := range 4 {
		out = append(out, guess{c})
	}
	return out
}

func (t *toy) Apply(player int, m engine.Move) error {
	if player != t.player || t.over.Over {
		return &engine.Violation{What: "not your turn", Rule: "take turns"}
	}
	switch m := m.(type) {
	case engine.EndTurn:
		if !t.taken {
			return &engine.Violation{What: "nothing taken", Rule: "take first"}
		}
		t.taken, t.player = false, 1-t.player
		t.turn++
	case take:
		if t.taken || m.N < 1 || m.N > 3 || m.N > t.pile {
			return &engine.Violation{What: "cannot take that", Rule: "take 1 to 3"}
		}
		t.pile -= m.N
		t.taken = true
		if t.pile == 0 {
			t.over = engine.Outcome{Over: true, Winner: player, Reason: "last counter", Turn: t.turn}
		}
	case guess:
		if t.taken {
			return &engine.Violation{What: "already taken", Rule: "take or guess"}
		}
		winner := player
		if t.cards[1-player] != m.Card {
			winner = 1 - player
		}
		t.over = engine.Outcome{Over: true, Winner: winner, Reason: "guess", Turn: t.turn}
	default:
		return errors.New("not a toy move")
	}
	return nil
}

// Evaluate knows the theory: a pile that is a multiple of 4 loses for
// the player to take from it.
func (t *toy) Evaluate(player int) float64 {
	next := t.player // who takes next
	if t.taken {
		next = 1 - t.player
	}
	v := 0.5
	if t.pile%4 == 0 {
		v = -0.5
	}
	if player != next {
		v = -v
	}
	return v
}

// Determinize deals the card hidden from seat again.
func (t *toy) Determinize(seat int, rng *shuffle.Source) engine.State {
	c := *t
	c.cards[1-seat] = rng.Intn(4)
	return &c
}

var _ engine.Determinizer = (*toy)(nil)
