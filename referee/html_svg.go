package referee

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/tabletop-referee/referee/engine"
)

// Picture is a state drawn as SVG for the web page of a replay: its size
// and its parts, each one whole SVG element. The page keeps each distinct
// part once, so that two states a move apart share all the parts the move
// did not change: a long game's page stays small.
type Picture struct {
	Width, Height int
	Parts         []string
}

// Canvas builds a Picture. Its text is escaped as it is added, so that a
// transcript's names and cards cannot add markup to the page; colours
// come from the page's style sheet, by class: t0, t1 for a player's text,
// u0, u1 for a player's pieces, so that the page's light and dark styles
// both apply.
type Canvas struct {
	Width, Height int
	// Players are the players' names, and Letter their letters
	// (Letters), with which the drawing marks their pieces, as the
	// terminal drawing does: colour is never the only sign.
	Players []string
	Letter  []string
	parts   []string
}

// NewCanvas starts a picture of width by height for players.
func NewCanvas(width, height int, players []string) *Canvas {
	return &Canvas{Width: width, Height: height, Players: players, Letter: Letters(players)}
}

// Picture is what has been drawn, with the canvas's size.
func (c *Canvas) Picture() Picture { return Picture{c.Width, c.Height, c.parts} }

// Group is one part of a picture being drawn: a <g> element whose key,
// when not empty, names what it stands for (a square, a sector), so that
// the page can mark what a move names (matched without case).
type Group struct {
	key string
	b   strings.Builder
}

// Group starts a part with key; Add adds it to the picture.
func (c *Canvas) Group(key string) *Group { return &Group{key: key} }

// Add adds a finished part to the picture, on top of those before it.
func (c *Canvas) Add(g *Group) {
	if g.b.Len() == 0 {
		return
	}
	if g.key == "" {
		c.parts = append(c.parts, "<g>"+g.b.String()+"</g>")
		return
	}
	c.parts = append(c.parts, fmt.Sprintf(`<g data-k="%s">%s</g>`, attr(strings.ToLower(g.key)), g.b.String()))
}

// attr escapes s for an attribute's value or an element's text.
func attr(s string) string { return template.HTMLEscapeString(escapeControls(s)) }

// class is the class of a player's text (t0, t1, ...) or of no player's.
func class(prefix string, player int) string {
	if player < 0 {
		return prefix
	}
	return fmt.Sprintf("%s%d", prefix, player)
}

// Rect adds a rectangle of class cls (the page's style sheet has cell,
// box, and u0, u1 for a player's pieces; UnitClass names them).
func (g *Group) Rect(x, y, w, h int, cls string) *Group {
	fmt.Fprintf(&g.b, `<rect x="%d" y="%d" width="%d" height="%d" rx="3" class="%s"/>`, x, y, w, h, attr(cls))
	return g
}

// Polygon adds a closed shape through points given as x, y pairs.
func (g *Group) Polygon(cls string, xy ...int) *Group {
	var pts []string
	for i := 0; i+1 < len(xy); i += 2 {
		pts = append(pts, fmt.Sprintf("%d,%d", xy[i], xy[i+1]))
	}
	fmt.Fprintf(&g.b, `<polygon points="%s" class="%s"/>`, strings.Join(pts, " "), attr(cls))
	return g
}

// UnitClass is the class of player p's pieces: u0, u1, or "box" for no
// player's.
func UnitClass(p int) string {
	if p < 0 {
		return "box"
	}
	return class("u", p)
}

// Token adds a player's mark centred at x, y with radius r: a shape of
// the player's own (a circle for the first, a square for the second, a
// triangle for a third) holding their letter, so that the players are
// told apart without colour.
func (g *Group) Token(x, y, r, player int, letter string) *Group {
	cls := UnitClass(player)
	switch {
	case player == 0 || player < 0:
		g.Circle(x, y, r, cls)
	case player == 1:
		g.Rect(x-r, y-r, 2*r, 2*r, cls)
	default:
		g.Polygon(cls, x, y-r, x+r, y+r, x-r, y+r)
	}
	if letter == "" {
		return g
	}
	return g.Text(x, y+r/2, "tk", letter)
}

// Circle adds a circle of class cls centred at x, y.
func (g *Group) Circle(x, y, r int, cls string) *Group {
	fmt.Fprintf(&g.b, `<circle cx="%d" cy="%d" r="%d" class="%s"/>`, x, y, r, attr(cls))
	return g
}

// Text adds a line of text of class cls, centred at x when cls has the
// class "c" (as "t0 c").
func (g *Group) Text(x, y int, cls, s string) *Group {
	fmt.Fprintf(&g.b, `<text x="%d" y="%d" class="%s">%s</text>`, x, y, attr(cls), attr(s))
	return g
}

// Of adds a line of player p's text (p engine.Nobody: no player's).
func (g *Group) Of(x, y, p int, s string) *Group { return g.Text(x, y, class("t", p), s) }

// Line adds a line of a terminal drawing, each piece in its player's
// colour, in the page's fixed-width font (class "m").
func (g *Group) Line(x, y int, l Line) *Group {
	fmt.Fprintf(&g.b, `<text x="%d" y="%d" class="m">`, x, y)
	for _, pc := range l {
		if pc.Player == engine.Nobody {
			g.b.WriteString(attr(pc.Text))
			continue
		}
		fmt.Fprintf(&g.b, `<tspan class="%s">%s</tspan>`, class("t", pc.Player), attr(pc.Text))
	}
	g.b.WriteString("</text>")
	return g
}

// MonoWidth is the width of a character of the fixed-width font, and
// MonoHeight the height of its line, in the picture's units.
const (
	MonoWidth  = 7
	MonoHeight = 16
)

// Lines adds the lines of a terminal drawing from y down, a part each (a
// line a move did not change is kept once on the page), and returns the
// y below them. The canvas widens to the longest line.
func (c *Canvas) Lines(x, y int, d Drawing) int {
	for _, l := range d {
		if len(strings.TrimSpace(Line(l).text())) > 0 {
			c.Add(c.Group("").Line(x, y+MonoHeight-4, l))
		}
		c.Width = max(c.Width, x+Line(l).Width()*MonoWidth+8)
		y += MonoHeight
	}
	c.Height = max(c.Height, y+4)
	return y
}

// text is the line's text, without its players.
func (l Line) text() string {
	var b strings.Builder
	for _, pc := range l {
		b.WriteString(pc.Text)
	}
	return b.String()
}

// BelowBoard is the part of a terminal drawing below its board: the
// lines after the last rule of a grid ("+---+"), or all of them when it
// has none. A game's picture draws its board as shapes and the rest (its
// players' hands, decks and piles) as the terminal does, in words.
func BelowBoard(d Drawing) Drawing {
	for i := len(d) - 1; i >= 0; i-- {
		if strings.HasPrefix(strings.TrimSpace(Line(d[i]).text()), "+-") {
			return d[i+1:]
		}
	}
	return d
}
