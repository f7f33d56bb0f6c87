package sortie

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/sortie"
	"github.com/tabletop-referee/referee/referee"
)

// sortieCell is the width of a square's text: "B 10C/10D".
const sortieCell = 9

func sortieKey(players []string) []string {
	if len(players) < 2 {
		return nil
	}
	l := referee.Letters(players)
	return []string{
		fmt.Sprintf("Rank 1 is at the bottom; at the table the grid is set diagonally, %s at the a1 corner, %s at d4.", players[0], players[1]),
		fmt.Sprintf("A square's flag: %[1]s flag (one of %[2]s's), or %[1]s home (%[2]s's home square, its flag captured).", l[1], players[1]),
		fmt.Sprintf("A unit: %s 9C/KD (%s's; hit points 9C, the bottom card; attack KD, the top card), then shield or no shield.", l[0], players[0]),
	}
}

// sortieDraw draws the grid: each square's flag (or the home square a
// captured flag leaves), its unit with its two cards and its shield; then
// each player's hand and captures, and the deck. Drawn for one seat
// (view.Seat), the other player's hand is a count: the units and the
// discards are face up, the deck face down.
func sortieDraw(st engine.State, view referee.View) referee.Drawing {
	players := view.Players
	s := st.(*sortie.State)
	sk := referee.NewSketch(players)
	cell := func(sq grid.Square) []referee.Line {
		out := []referee.Line{{}, {}, {}}
		for p := range players {
			switch {
			case slices.Contains(s.Flags(p), sq):
				out[0] = referee.Owned(p, sk.Letter[p]+" flag")
			case slices.Contains(sortie.Home(p), sq):
				out[0] = referee.Owned(p, sk.Letter[p]+" home")
			}
		}
		if u := s.UnitAt(sq); u != nil {
			out[1] = referee.Owned(u.Owner, fmt.Sprintf("%s %v/%v", sk.Letter[u.Owner], u.Bottom, u.Top))
			shield := "shield"
			if !u.Shield {
				shield = "no shield"
			}
			out[2] = referee.Owned(u.Owner, shield)
		}
		return out
	}
	label := func(rank int) referee.Line { return referee.Plain(fmt.Sprint(rank + 1)) }
	sk.Lines = referee.DrawGrid(sortie.Board, sortieCell, 3, cell, label)
	sk.PlayerRows(func(p int) []string {
		hand := handWords(s, p)
		if view.Seat >= 0 && p != view.Seat {
			// Drawn for another seat: the hand's size, never its cards.
			hand = []string{referee.Plural(len(hand), "card")}
		}
		captured := "none"
		if c := s.Captured(p); len(c) > 0 {
			captured = squares(c)
		}
		if len(hand) == 0 {
			hand = []string{"none"}
		}
		return []string{
			"hand " + strings.Join(hand, " "),
			fmt.Sprintf("flags captured %s (%d of %d)", captured, len(s.Captured(p)), sortie.FlagsToWin),
		}
	})
	sk.Add(referee.Plain(fmt.Sprintf("deck %s, discard pile %s", referee.Plural(s.Deck(), "card"), referee.Plural(s.Discards(), "card"))))
	return sk.Lines
}
