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

// modSVG draws the round and each player's durability, fuel, hand, deck
// and discard pile in the terminal drawing's words, then each player's
// play area as a row of cards, the stack as its ten slots from the top
// (the last card placed, which activates first) with the free ones empty,
// and the shared decks.
func modSVG(st engine.State, view referee.View) referee.Picture {
	s := st.(*mod.State)
	players := view.Players
	d := modDraw(st, view)
	c := referee.NewCanvas(modPad+modSlotW+modPad, 0, players)
	top := 1 + 4*len(players) // the round, then four rows a player
	y := c.Lines(modPad, modPad, d[:min(top, len(d))])
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
			if x+modCardW > modPad+4*(modCardW+6) {
				x, y = modPad, y+modCardH+6
			}
			g.Rect(x, y, modCardW, modCardH, referee.UnitClass(p))
			g.Text(x+6, y+17, fmt.Sprintf("t%d sm", p), referee.Cut(modCardName(card), 19))
			x += modCardW + 6
		}
		y += modCardH + 10
		c.Width = max(c.Width, modPad+4*(modCardW+6)+modPad)
		c.Add(g)
	}
	stack := s.Stack()
	head := c.Group("")
	head.Text(modPad, y+14, "b", "stack, the top activates first")
	c.Add(head)
	y += 22
	for i := len(players)*mod.Slots - 1; i >= 0; i-- {
		g := c.Group(fmt.Sprintf("slot%d", i+1))
		if i >= len(stack) {
			g.Rect(modPad, y, modSlotW, modSlotH, "cell")
			g.Text(modPad+8, y+15, "s", fmt.Sprintf("%2d. free", i+1))
		} else {
			sl := stack[i]
			card := modCardName(sl.Card)
			if sl.How == mod.Ejected && view.Seat >= 0 && sl.Owner != view.Seat {
				card = "face down"
			}
			g.Rect(modPad, y, modSlotW, modSlotH, referee.UnitClass(sl.Owner))
			g.Token(modPad+14, y+modSlotH/2, 7, sl.Owner, c.Letter[sl.Owner])
			g.Text(modPad+28, y+15, fmt.Sprintf("t%d sm", sl.Owner), fmt.Sprintf("%d. %s %s", i+1, sl.How, card))
		}
		c.Add(g)
		y += modSlotH + 3
	}
	shared := 1 + mod.SharedDecks // "shared decks:", then a row a deck
	c.Lines(modPad, y+6, d[max(len(d)-shared, 0):])
	return c.Picture()
}
