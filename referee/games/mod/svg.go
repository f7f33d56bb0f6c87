package mod

import (
	"fmt"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/mod"
	"github.com/tabletop-referee/referee/referee"
)

// The picture's geometry: a card's box in a play area, and a slot's.
const (
	modCardW, modCardH = 112, 26
	modSlotW, modSlotH = 330, 22
	modPad             = 8
)

// modSVG draws, on the left, the round and each player's durability,
// fuel, hand, deck and discard pile in the terminal drawing's words, then
// each player's play area as rows of cards; on the right, the stack as
// its ten slots from the top (the last card placed, which activates
// first) with the free ones empty, and the shared decks.
func modSVG(st engine.State, view referee.View) referee.Picture {
	s := st.(*mod.State)
	players := view.Players
	d := modDraw(st, view)
	c := referee.NewCanvas(0, 0, players)
	// Left, the players and their play areas; right, the stack and the
	// shared decks, so that the picture is as wide as a screen.
	top := 1 + 4*len(players) // the round, then four rows a player
	y := c.Lines(modPad, modPad, d[:min(top, len(d))])
	areaW := 4 * (modCardW + 6)
	for p := range players {
		g := c.Group(fmt.Sprintf("play%d", p))
		g.Of(modPad, y+14, p, fmt.Sprintf("%s %s's play area", c.Letter[p], players[p]))
		y += 20
		cards := s.PlayArea(p)
		if len(cards) == 0 {
			g.Text(modPad, y+14, "s", "empty")
		}
		x := modPad
		for _, card := range cards {
			if x+modCardW > modPad+areaW {
				x, y = modPad, y+modCardH+6
			}
			g.Rect(x, y, modCardW, modCardH, referee.UnitClass(p))
			g.Text(x+6, y+17, fmt.Sprintf("t%d sm", p), referee.Cut(modCardName(card), 19))
			x += modCardW + 6
		}
		y += modCardH + 10
		c.Add(g)
	}
	c.Height = max(c.Height, y)
	left := max(c.Width, modPad+areaW) + 2*modPad
	stack := s.Stack()
	head := c.Group("")
	y = modPad
	head.Text(left, y+14, "b", "stack, the top activates first")
	c.Add(head)
	y += 22
	for i := len(players)*mod.Slots - 1; i >= 0; i-- {
		g := c.Group(fmt.Sprintf("slot%d", i+1))
		if i >= len(stack) {
			g.Rect(left, y, modSlotW, modSlotH, "cell")
			g.Text(left+8, y+15, "s", fmt.Sprintf("%2d. free", i+1))
		} else {
			sl := stack[i]
			card := modCardName(sl.Card)
			if sl.How == mod.Ejected && view.Seat >= 0 && sl.Owner != view.Seat {
				card = "face down"
			}
			g.Rect(left, y, modSlotW, modSlotH, referee.UnitClass(sl.Owner))
			g.Token(left+14, y+modSlotH/2, 7, sl.Owner, c.Letter[sl.Owner])
			g.Text(left+28, y+15, fmt.Sprintf("t%d sm", sl.Owner), fmt.Sprintf("%d. %s %s", i+1, sl.How, card))
		}
		c.Add(g)
		y += modSlotH + 3
	}
	c.Width = max(c.Width, left+modSlotW+modPad)
	shared := 1 + mod.SharedDecks // "shared decks:", then a row a deck
	c.Lines(left, y+6, d[max(len(d)-shared, 0):])
	return c.Picture()
}
