package toy_test

// Step 1 of docs/architecture.md: the grammar, as grammar/track.go would
// hold it.

import (
	"github.com/tabletop-referee/referee/notation"
)

// TrackMove is one Track move, a stride of the token (walk, run or
// leap), or, on the board line of a position, where the token stands
// (token 4).
type TrackMove struct {
	notation.Node
	Stride string `parser:"  @('walk' | 'run' | 'leap')"`
	Token  string `parser:"| 'token' @Int"`
}

// Relocate is the move as parsed at r's place (see notation.Relocation).
func (m *TrackMove) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Stride, c.Token = r.Value(m.Stride), r.Value(m.Token)
	return c
}

func (m *TrackMove) String() string {
	if m.Token != "" {
		return "token " + m.Token
	}
	return m.Stride
}

const trackMoveWords = "a stride (walk, run or leap), or the token's square (token 4)"

// Track parses Track transcripts; notation.Moves names its move types
// (here, one).
var Track = notation.NewGrammar(notation.NewFastLexer(), map[string]string{
	"TrackMove": trackMoveWords,
	"Move":      trackMoveWords,
}, notation.Moves{&TrackMove{}})
