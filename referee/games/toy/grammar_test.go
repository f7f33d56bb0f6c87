package toy_test

// Step 1 of docs/architecture.md: the grammar, as grammar/track.go would
// hold it.

import (
	"github.com/tabletop-referee/referee/notation"
)

// TrackMove is one Track move, a stride of the token: walk, run or leap.
type TrackMove struct {
	notation.Node
	Stride string `parser:"@('walk' | 'run' | 'leap')"`
}

// Relocate is the move as parsed at r's place (see notation.Relocation).
func (m *TrackMove) Relocate(r *notation.Relocation) *TrackMove {
	c := notation.Copy(r, m)
	c.Node, c.Stride = r.Node(m.Node), r.Value(m.Stride)
	return c
}

func (m *TrackMove) String() string { return m.Stride }

const trackMoveWords = "a stride (walk, run or leap)"

// Track parses Track transcripts.
var Track = must(notation.NewGrammar[*TrackMove](notation.NewFastLexer(), map[string]string{
	"TrackMove": trackMoveWords,
	"Move":      trackMoveWords,
}))

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
