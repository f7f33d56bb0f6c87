package daemon

import (
	"fmt"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/daemon"
	"github.com/tabletop-referee/referee/referee"
)

// The picture's geometry: a place of the gauge, a face-down security
// card, a daemon's box.
const (
	daemonPlace            = 28
	daemonPad              = 8
	daemonCardW, daemonCar = 14, 20
	daemonBoxW, daemonBoxH = 150, 24
)

// daemonSVG draws the memory gauge, 10 on the first player's side at the
// left through 0 to 10 on the second's, with the tracker under its place
// in the colour and shape of the side it is on; then each player's
// field: their security as face-down cards and their daemons; then each
// player's modules, deck, grip, daemons, scripts and heap in the terminal
// drawing's words.
func daemonSVG(st engine.State, view referee.View) referee.Picture {
	s := st.(*daemon.State)
	players := view.Players
	d := daemonDraw(st, view)
	const end = daemon.GaugeEnd
	left := daemonPad + 24
	c := referee.NewCanvas(left+(2*end+1)*daemonPlace+30, 0, players)
	y := c.Lines(daemonPad, daemonPad, d[:min(1, len(d))])
	rest := d[min(1, len(d)):]
	if !s.Declaring() && !s.SettingUp() && len(players) == 2 {
		rest = d[min(3, len(d)):]
		g := c.Group("gauge")
		g.Token(left-14, y+14, 9, 0, c.Letter[0])
		for i := 0; i <= 2*end; i++ {
			v, owner := end-i, 0
			switch {
			case i > end:
				v, owner = i-end, 1
			case i == end:
				owner = engine.Nobody
			}
			x := left + i*daemonPlace
			g.Rect(x, y, daemonPlace-2, 28, "cell")
			cls := "c"
			if owner != engine.Nobody {
				cls = fmt.Sprintf("t%d c", owner)
			}
			g.Text(x+daemonPlace/2-1, y+18, cls, fmt.Sprint(v))
		}
		g.Token(left+(2*end+1)*daemonPlace+12, y+14, 9, 1, c.Letter[1])
		c.Add(g)
		// The engine counts memory from the active player's side; the
		// tracker's place counts toward the first player's.
		side, memory := engine.Nobody, max(s.Memory(), -s.Memory())
		switch {
		case s.Memory() > 0:
			side = s.Active()
		case s.Memory() < 0:
			side = 1 - s.Active()
		}
		toward := memory
		if side == 1 {
			toward = -memory
		}
		pos := end - toward
		tracker := c.Group("tracker")
		x := left + pos*daemonPlace + daemonPlace/2 - 1
		tracker.Polygon(referee.UnitClass(side), x, y+30, x-8, y+44, x+8, y+44)
		tracker.Text(x+12, y+44, "s", "tracker")
		c.Add(tracker)
		y += 52
	}
	for p := range players {
		g := c.Group(fmt.Sprintf("field%d", p))
		g.Of(daemonPad, y+14, p, fmt.Sprintf("%s %s: security", c.Letter[p], players[p]))
		x := daemonPad + 130
		for range s.Security(p) {
			g.Rect(x, y+2, daemonCardW, daemonCar, referee.UnitClass(p))
			x += daemonCardW + 3
		}
		if len(s.Security(p)) == 0 {
			g.Text(x, y+14, "s", "none")
		}
		y += 28
		x = daemonPad
		for _, dm := range s.Daemons(p) {
			if x+daemonBoxW > c.Width {
				x, y = daemonPad, y+daemonBoxH+4
			}
			g.Rect(x, y, daemonBoxW, daemonBoxH, referee.UnitClass(p))
			g.Text(x+6, y+16, fmt.Sprintf("t%d sm", p), referee.Cut(daemonText(s, p, dm), 26))
			x += daemonBoxW + 6
		}
		if len(s.Daemons(p)) > 0 {
			y += daemonBoxH + 6
		}
		c.Add(g)
	}
	c.Lines(daemonPad, y+4, rest)
	return c.Picture()
}
