package sortie

import (
	"fmt"
	"slices"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/sortie"
	"github.com/tabletop-referee/referee/referee"
)

// The diamond's geometry: half a square's diagonal, and the margin.
const (
	sortieHalf   = 64
	sortieMargin = 12
)

// sortieSVG draws the grid as the table sets it, a diamond with a1 at the
// bottom corner (the first player's) and d4 at the top: each square's
// flag or the home square a captured flag leaves, its unit with its two
// cards and its shield. Below it, each player's hand and captures and the
// deck, in the terminal drawing's words.
func sortieSVG(st engine.State, view referee.View) referee.Picture {
	s := st.(*sortie.State)
	const h, m = sortieHalf, sortieMargin
	side := 2*m + 8*h
	c := referee.NewCanvas(side, side, view.Players)
	for r := sortie.Board.Ranks - 1; r >= 0; r-- {
		for f := range sortie.Board.Files {
			sq := grid.Square{File: f, Rank: r}
			x, y := m+4*h+(f-r)*h, m+h+(6-f-r)*h
			c.Add(sortieSquare(c, s, sq, x, y))
		}
	}
	c.Lines(m, side+4, referee.BelowBoard(sortieDraw(st, view)))
	return c.Picture()
}

// sortieSquare draws one square centred at x, y.
func sortieSquare(c *referee.Canvas, s *sortie.State, sq grid.Square, x, y int) *referee.Group {
	const h = sortieHalf
	g := c.Group(sq.String())
	cls := "cell"
	if (sq.File+sq.Rank)%2 == 1 {
		cls = "cell2"
	}
	g.Polygon(cls, x, y-h, x+h, y, x, y+h, x-h, y)
	g.Text(x, y+h-12, "s c", sq.String())
	for p := range c.Players {
		mark := ""
		switch {
		case slices.Contains(s.Flags(p), sq):
			mark = " flag"
		case slices.Contains(sortie.Home(p), sq):
			mark = " home"
		}
		if mark != "" {
			// A flag is a pennant in its owner's shape and colour.
			g.Polygon(referee.UnitClass(p), x-24, y-44, x-24, y-28, x-12, y-36)
			g.Text(x+6, y-32, fmt.Sprintf("t%d c sm", p), c.Letter[p]+mark)
		}
	}
	if u := s.UnitAt(sq); u != nil {
		g.Rect(x-42, y-20, 84, 36, referee.UnitClass(u.Owner))
		g.Text(x, y-5, fmt.Sprintf("t%d c b", u.Owner), fmt.Sprintf("%s %v/%v", c.Letter[u.Owner], u.Bottom, u.Top))
		shield := "shield"
		if !u.Shield {
			shield = "no shield"
		}
		g.Text(x, y+10, fmt.Sprintf("t%d c sm", u.Owner), shield)
	}
	return g
}
