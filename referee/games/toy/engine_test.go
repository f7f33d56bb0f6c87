package toy_test

// Step 2 of docs/architecture.md: the engine, as engine/track/ would hold
// it. It knows nothing of text.

import (
	"fmt"

	"github.com/tabletop-referee/referee/engine"
)

// Last is the track's last square; the token starts on square 0.
const Last = 10

// The rules of Track, quoted by its violations.
const (
	ruleStride = "On their turn a player moves the token one stride: a walk of one square, a run of two or a leap of three."
	ruleExact  = "The token must land on the last square exactly; the player who lands it there wins."
)

// Stride moves the token Squares squares.
type Stride struct{ Squares int }

// Token declares the token's square, in a position.
type Token struct{ At int }

// TrackGame is the game of Track.
type TrackGame struct{}

func (TrackGame) Name() string               { return "track" }
func (TrackGame) Players() int               { return 2 }
func (TrackGame) Variants() []engine.Variant { return nil }

func (TrackGame) New(engine.Options) (engine.State, error) { return &TrackState{turn: 1}, nil }

// TrackState is a game of Track under way.
type TrackState struct {
	At      int // the token's square
	turn    int
	toMove  int
	strode  bool // whether the player to move has made their stride
	outcome engine.Outcome
	// declared is set once a position declares the token's square.
	declared bool
}

func (s *TrackState) Turn() int               { return s.turn }
func (s *TrackState) ToMove() int             { return s.toMove }
func (s *TrackState) Outcome() engine.Outcome { return s.outcome }
func (s *TrackState) Clone() engine.State     { c := *s; return &c }
func violation(what, rule string) error       { return &engine.Violation{What: what, Rule: rule} }

// Apply plays a move; a refused one changes nothing.
func (s *TrackState) Apply(player int, m engine.Move) error {
	if t, ok := m.(Token); ok {
		switch {
		case s.declared:
			return violation("the token's square is declared twice", ruleStride)
		case t.At < 0 || t.At >= Last:
			return violation(fmt.Sprintf("square %d is not a square the token can stand on before the game ends (0 to %d)", t.At, Last-1), ruleExact)
		}
		s.At, s.declared = t.At, true
		return nil
	}
	if player != s.toMove {
		return violation("it is the other player's turn", ruleStride)
	}
	switch m := m.(type) {
	case engine.EndTurn:
		if !s.strode {
			return violation("the turn ends without a stride", ruleStride)
		}
		s.toMove, s.turn, s.strode = 1-s.toMove, s.turn+1, false
		return nil
	case Stride:
		switch {
		case s.strode:
			return violation("the token has already moved this turn", ruleStride)
		case s.At+m.Squares > Last:
			return violation(fmt.Sprintf("a stride of %d from square %d passes the last square, %d", m.Squares, s.At, Last), ruleExact)
		}
		s.At += m.Squares
		s.strode = true
		if s.At == Last {
			s.outcome = engine.Outcome{Over: true, Winner: player, Reason: "the token landed on the last square", Turn: s.turn}
		}
		return nil
	}
	panic(fmt.Sprintf("track: unknown move %T", m))
}

// Legal lists the strides that fit, or the end of the turn.
func (s *TrackState) Legal() []engine.Move {
	switch {
	case s.outcome.Over:
		return nil
	case s.strode:
		return []engine.Move{engine.EndTurn{}}
	}
	var out []engine.Move
	for n := 1; n <= 3 && s.At+n <= Last; n++ {
		out = append(out, Stride{n})
	}
	return out
}

// StartAt begins a declared position at turn, player's.
func (s *TrackState) StartAt(turn, player int) error {
	if !s.declared {
		return violation("the position does not say where the token stands", ruleStride)
	}
	s.turn, s.toMove = turn, player
	return nil
}

// Position writes the state as its declaration, between turns.
func (s *TrackState) Position() engine.Position {
	return engine.Position{
		Lines: []engine.PositionLine{{Subject: engine.Nobody, Moves: []engine.Move{Token{s.At}}}},
		Turn:  s.turn, Player: s.toMove,
	}
}
