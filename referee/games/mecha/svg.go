package mecha

import (
	"fmt"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/mecha"
	"github.com/tabletop-referee/referee/referee"
)

// The grid's geometry: a square's size, the margins for the ranks'
// labels (left) and the files' (top).
const (
	mechaW, mechaH   = 104, 100
	mechaLeft        = 40
	mechaTop         = 20
	mechaMostCounter = 12 // counters drawn one by one; more are written as a number
)

// mechaSVG draws the 7 by 5 grid, rank 1 at the bottom, the entry zones'
// ranks shaded and marked with their player's letter; on each square its
// tower or mecha (owner, power, durability and armour counters as pips,
// card, pilot) and the commands placed there with their time counters.
// Below it, each player's bandwidth, deck, damage zone, hand and
// graveyard, in the terminal drawing's words.
func mechaSVG(st engine.State, view referee.View) referee.Picture {
	s := st.(*mecha.State)
	b := mecha.Board
	bottom := mechaTop + b.Ranks*mechaH
	c := referee.NewCanvas(mechaLeft+b.Files*mechaW+8, bottom+8, view.Players)
	head := c.Group("")
	for f := range b.Files {
		head.Text(mechaLeft+f*mechaW+mechaW/2, mechaTop-6, "s c", grid.Square{File: f}.String()[:1])
	}
	for r := range b.Ranks {
		y := mechaTop + (b.Ranks-1-r)*mechaH
		head.Text(mechaLeft-10, y+mechaH/2+4, "s c", fmt.Sprint(r+1))
		for p := range view.Players {
			if mecha.EntryRank(p) == r {
				head.Token(mechaLeft-26, y+mechaH/2, 8, p, c.Letter[p])
			}
		}
	}
	c.Add(head)
	placed := s.Placed()
	for r := range b.Ranks {
		for f := range b.Files {
			sq := grid.Square{File: f, Rank: r}
			c.Add(mechaSquare(c, s, placed, sq, mechaLeft+f*mechaW, mechaTop+(b.Ranks-1-r)*mechaH))
		}
	}
	c.Lines(8, bottom+12, referee.BelowBoard(mechaDraw(st, view)))
	return c.Picture()
}

// mechaSquare draws one square with its top left corner at x, y.
func mechaSquare(c *referee.Canvas, s *mecha.State, placed []mecha.PlacedCommand, sq grid.Square, x, y int) *referee.Group {
	g := c.Group(sq.String())
	cls := "cell"
	for p := range c.Players {
		if mecha.EntryRank(p) == sq.Rank {
			cls = "cell2"
		}
	}
	g.Rect(x, y, mechaW, mechaH, cls)
	g.Text(x+mechaW-12, y+mechaH-5, "s c", sq.String())
	if u := s.UnitAt(sq); u != nil {
		t := fmt.Sprintf("t%d", u.Owner)
		g.Rect(x+3, y+3, mechaW-6, 66, referee.UnitClass(u.Owner))
		g.Text(x+8, y+16, t+" b", fmt.Sprintf("%s %d/%d", c.Letter[u.Owner], u.Power(), u.Durability))
		g.Text(x+mechaW-7, y+16, "s e", u.Card.Kind.String())
		for i, line := range referee.Wrap(u.Card.Name, 15, 2) {
			g.Text(x+8, y+29+12*i, t+" sm", line)
		}
		if u.Pilot != nil {
			g.Text(x+8, y+53, t+" sm", referee.Cut("+"+u.Pilot.Name, 16))
		}
		// The counters as pips: durability round, armour square.
		if u.Durability+u.Armour <= mechaMostCounter {
			cx := x + 10
			for range u.Durability {
				g.Circle(cx, y+62, 3, referee.UnitClass(u.Owner))
				cx += 8
			}
			for range u.Armour {
				g.Rect(cx-3, y+59, 7, 7, referee.UnitClass(u.Owner))
				cx += 9
			}
		} else {
			g.Text(x+8, y+65, t+" sm", fmt.Sprintf("%d durability, %d armour", u.Durability, u.Armour))
		}
	}
	line := y + 82
	for _, pc := range placed {
		if pc.At != sq {
			continue
		}
		g.Token(x+10, line-4, 6, pc.Owner, "")
		g.Text(x+20, line, fmt.Sprintf("t%d sm", pc.Owner), referee.Cut(fmt.Sprintf("%s %s t%d", c.Letter[pc.Owner], pc.Card.Name, pc.Time), 14))
		line += 12
	}
	return g
}
