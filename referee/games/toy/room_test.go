package toy_test

// Step 3 of docs/architecture.md: the room, as referee/games/track/room.go
// would hold it: the binding, the state described and drawn, and the
// registration. A real room's init runs in every program that imports
// referee/games/all; this one only in this package's tests.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/referee"
)

var strides = []string{1: "walk", 2: "run", 3: "leap"}

func init() {
	referee.Register(referee.Binding{
		Rules:     TrackGame{},
		Grammar:   Track,
		Extension: ".track",
		Summary:   "two players stride one token along a track of ten squares; who lands it on the last wins",
		ToEngine:  trackToEngine,
		Notate:    trackNotate,
		Board:     "board",
		Declares:  func(m notation.Move) bool { return m.(*TrackMove).Token != "" },
		Describe:  trackDescribe,
		Key: func(players []string) []string {
			return []string{"The track runs from square 0 on the left to the last square on the right; o is the token."}
		},
		Draw:       trackDraw,
		Unshuffled: true,
	})
}

func trackToEngine(dst []engine.Move, mv notation.Move, setup bool) []engine.Move {
	m := mv.(*TrackMove)
	if m.Token != "" {
		at, _ := strconv.Atoi(m.Token)
		return append(dst, Token{at})
	}
	for n, word := range strides {
		if word == m.Stride && n > 0 {
			return append(dst, Stride{n})
		}
	}
	panic(fmt.Sprintf("track: unknown stride %q", m.Stride))
}

func trackNotate(m engine.Move) string {
	if t, ok := m.(Token); ok {
		return (&TrackMove{Token: strconv.Itoa(t.At)}).String()
	}
	return (&TrackMove{Stride: strides[m.(Stride).Squares]}).String()
}

func trackDescribe(st engine.State, players []string) []referee.Row {
	return []referee.Row{{Name: "token", Value: fmt.Sprintf("square %d of %d", st.(*TrackState).At, Last)}}
}

func trackDraw(st engine.State, view referee.View) referee.Drawing {
	players := view.Players
	s := st.(*TrackState)
	sk := referee.NewSketch(players)
	squares := []byte(strings.Repeat(".", Last+1))
	squares[s.At] = 'o'
	sk.Add(referee.Plain("[" + string(squares) + "]"))
	sk.Add(sk.Who(referee.Plain("to move: "), s.ToMove()))
	return sk.Lines
}
