package void

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/void"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee"
)

// The picture's geometry: a sector's column, a card's box in it, an
// action's box in the queue.
const (
	voidColW, voidCardH = 168, 34
	voidPad             = 8
	voidQueueW          = 420
	voidQueueH          = 22
)

// voidSVG draws the sectors side by side, each with its biomes and the
// cards in play there, a box each in its owner's colour and shape; then
// each player's energy, life, hand and cache in the terminal drawing's
// words; then the queue, the last in (which executes first) on top, and
// who is to decide.
func voidSVG(st engine.State, view referee.View) referee.Picture {
	s := st.(*void.State)
	players := view.Players
	d := voidDraw(st, view)
	sectors := s.Sectors()
	c := referee.NewCanvas(voidPad+max(len(sectors)*(voidColW+6), voidQueueW)+voidPad, 0, players)
	if len(sectors) == 0 {
		c.Lines(voidPad, voidPad, d)
		return c.Picture()
	}
	nm := func(n string) string { return grammar.Name(n).String() }
	cards := make([][]void.InPlay, len(sectors))
	for _, ip := range s.InPlay() {
		at := slices.IndexFunc(sectors, func(sec void.Sector) bool {
			return sec.Name == ip.Where || ip.Card.Kind != void.Unit && slices.Contains(sec.Biomes, ip.Where)
		})
		if at >= 0 {
			cards[at] = append(cards[at], ip)
		}
	}
	bottom := 0
	for i, sec := range sectors {
		x := voidPad + i*(voidColW+6)
		g := c.Group(sec.Name)
		tall := 52 + max(len(cards[i]), 1)*(voidCardH+4) + 6
		bottom = max(bottom, tall)
		g.Rect(x, voidPad, voidColW, tall, "cell")
		g.Text(x+voidColW/2, voidPad+16, "b c", referee.Cut(nm(sec.Name), 24))
		var biomes []string
		for _, b := range sec.Biomes {
			biomes = append(biomes, nm(b))
		}
		g.Text(x+voidColW/2, voidPad+32, "s c", referee.Cut(strings.Join(biomes, ", "), 30))
		y := voidPad + 44
		for _, ip := range cards[i] {
			t := fmt.Sprintf("t%d sm", ip.Owner)
			g.Rect(x+4, y, voidColW-8, voidCardH, referee.UnitClass(ip.Owner))
			g.Token(x+16, y+12, 7, ip.Owner, c.Letter[ip.Owner])
			head := nm(ip.Card.Name)
			if ip.Card.Kind == void.Unit {
				head += fmt.Sprintf(" %d/%d", ip.Card.Power, ip.Card.Health)
			} else {
				head += " on " + nm(ip.Where)
			}
			g.Text(x+28, y+15, t+" b", referee.Cut(head, 22))
			g.Text(x+28, y+28, t, referee.Cut(strings.Join(voidNotes(ip), ", "), 24))
			y += voidCardH + 4
		}
		c.Add(g)
	}
	y := voidPad + bottom + 8
	// The drawing's lines below the board: the players' rows, then the
	// queue, drawn here as boxes, then who is to decide.
	below := referee.BelowBoard(d)
	queueAt := slices.IndexFunc(below, func(l []referee.Piece) bool {
		return len(l) > 0 && strings.HasPrefix(l[0].Text, "queue")
	})
	if queueAt < 0 {
		queueAt = len(below)
	}
	y = c.Lines(voidPad, y, below[:queueAt])
	queue := s.Queue()
	head := c.Group("queue")
	if len(queue) == 0 {
		head.Text(voidPad, y+14, "b", "queue empty")
	} else {
		head.Text(voidPad, y+14, "b", "queue, the last in on top (it executes first)")
	}
	c.Add(head)
	y += 22
	for i := len(queue) - 1; i >= 0; i-- {
		q := queue[i]
		g := c.Group("")
		g.Rect(voidPad, y, voidQueueW, voidQueueH, referee.UnitClass(q.Owner))
		g.Token(voidPad+14, y+voidQueueH/2, 7, q.Owner, c.Letter[q.Owner])
		g.Text(voidPad+28, y+15, fmt.Sprintf("t%d sm", q.Owner), referee.Cut(fmt.Sprintf("%d. %s", i+1, q.Text), 64))
		c.Add(g)
		y += voidQueueH + 3
	}
	if p, _, open := s.Deciding(); open && !st.Outcome().Over && p >= 0 {
		c.Lines(voidPad, y+4, below[len(below)-1:])
	} else {
		c.Height = max(c.Height, y+voidPad)
	}
	return c.Picture()
}
