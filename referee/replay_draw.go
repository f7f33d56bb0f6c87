package referee

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
)

// Piece is a run of text in a drawing and the player it belongs to, so
// that a palette can colour each player's pieces.
type Piece struct {
	Text string
	// Player is the index of the player the text belongs to, or
	// engine.Nobody for text of no player's.
	Player int
}

// Drawing is a game state drawn as lines of text, for referee replay.
// Players are told apart by a letter in the text itself, and by colour
// when a palette gives one.
type Drawing [][]Piece

// String is the drawing as plain text, each line ended by a newline.
func (d Drawing) String() string {
	var b strings.Builder
	d.Write(&b, Palette{})
	return b.String()
}

// Write writes the drawing, each player's pieces in their colour.
// Trailing spaces are left off, so that plain output has none.
func (d Drawing) Write(w io.Writer, p Palette) {
	for _, line := range d {
		// Leave off the trailing blanks, which may span several pieces.
		last := len(line)
		for last > 0 && strings.TrimRight(line[last-1].Text, " ") == "" {
			last--
		}
		var b strings.Builder
		for i, pc := range line[:last] {
			text := pc.Text
			if i == last-1 {
				text = strings.TrimRight(text, " ")
			}
			b.WriteString(p.player(pc.Player, text))
		}
		fmt.Fprintln(w, b.String())
	}
}

// Line is a line of a drawing being built, by a game's room. Its text is
// shown with control characters escaped, as a report shows a transcript's.
type Line []Piece

// Text adds text of no player's.
func (l Line) Text(s string) Line { return append(l, Piece{escapeControls(s), engine.Nobody}) }

// Of adds text of player p's.
func (l Line) Of(p int, s string) Line { return append(l, Piece{escapeControls(s), p}) }

// Width is the line's length in runes.
func (l Line) Width() int {
	n := 0
	for _, pc := range l {
		n += utf8.RuneCountInString(pc.Text)
	}
	return n
}

// Pad fills the line with spaces up to width w.
func (l Line) Pad(w int) Line {
	if n := l.Width(); n < w {
		return l.Text(strings.Repeat(" ", w-n))
	}
	return l
}

// Plain is a line of no player's text.
func Plain(s string) Line { return Line{}.Text(s) }

// Owned is a line of player p's text.
func Owned(p int, s string) Line { return Line{}.Of(p, s) }

// Letters are the players' letters in drawings: the first letter of each
// name, upper-cased, when those differ and are letters; else A, B, ...
func Letters(players []string) []string {
	out := make([]string, len(players))
	seen := map[rune]bool{}
	ok := true
	for i, name := range players {
		r, _ := utf8.DecodeRuneInString(name)
		r = unicode.ToUpper(r)
		// A letter without case (or a wide one) would not line up.
		if !unicode.IsUpper(r) || seen[r] {
			ok = false
			break
		}
		seen[r] = true
		out[i] = string(r)
	}
	if !ok {
		for i := range out {
			out[i] = string(rune('A' + i%26))
		}
	}
	return out
}

// Sketch is what a game's drawing starts from: the players, their letters,
// and the lines drawn so far.
type Sketch struct {
	Players []string
	Letter  []string // each player's letter (Letters)
	Lines   Drawing
}

// NewSketch starts a drawing for players.
func NewSketch(players []string) *Sketch {
	return &Sketch{Players: players, Letter: Letters(players)}
}

// Add adds a line.
func (s *Sketch) Add(l Line) { s.Lines = append(s.Lines, l) }

// Who adds to l a player's letter and name, as in "A Ann", in their
// colour.
func (s *Sketch) Who(l Line, p int) Line { return l.Of(p, s.Letter[p]+" "+s.Players[p]) }

// PlayerRows adds a block of rows for each player: the first begins with
// the player's letter and name, the others are indented under it.
func (s *Sketch) PlayerRows(rows func(p int) []string) {
	width := 0
	for p, name := range s.Players {
		width = max(width, utf8.RuneCountInString(s.Letter[p]+" "+name))
	}
	for p := range s.Players {
		for i, r := range rows(p) {
			l := Line{}.Text("  ")
			if i == 0 {
				l = s.Who(l, p)
			}
			s.Add(l.Pad(width + 4).Text(r))
		}
	}
}

// DrawGrid draws a board as a grid of cells, rank 1 at the bottom and file
// a on the left, as the players' notation names the squares. cell gives a
// square's lines, each at most width runes; a rank is as tall as its
// tallest cell, and at least minHeight lines. label gives the text before
// a rank's first line (its number, and whose entry zone it is).
func DrawGrid(b grid.Board, width, minHeight int, cell func(sq grid.Square) []Line, label func(rank int) Line) Drawing {
	margin := 0
	for r := range b.Ranks {
		margin = max(margin, label(r).Width())
	}
	var out Drawing
	// A file's letter stands over the middle of its cells, between the
	// borders.
	files := Line{}.Text(strings.Repeat(" ", margin+2))
	for f := range b.Files {
		name := grid.Square{File: f}.String()[:1]
		files = files.Text(center(name, width+2) + " ")
	}
	out = append(out, files)
	rule := Plain(strings.Repeat(" ", margin+1) + "+" + strings.Repeat(strings.Repeat("-", width+2)+"+", b.Files))
	out = append(out, rule)
	for r := b.Ranks - 1; r >= 0; r-- {
		cells := make([][]Line, b.Files)
		height := max(minHeight, 1)
		for f := range b.Files {
			cells[f] = cell(grid.Square{File: f, Rank: r})
			height = max(height, len(cells[f]))
		}
		for i := range height {
			l := Line{}
			if i == 0 {
				l = append(l, label(r)...)
			}
			l = l.Pad(margin).Text(" |")
			for f := range b.Files {
				c := Line{}
				if i < len(cells[f]) {
					c = cells[f][i]
				}
				l = append(l.Text(" "), c.Pad(width)...).Text(" |")
			}
			out = append(out, l)
		}
		out = append(out, rule)
	}
	return out
}

// center centres s in width w, the extra space on the right.
func center(s string, w int) string {
	n := utf8.RuneCountInString(s)
	if n >= w {
		return s
	}
	left := (w - n) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", w-n-left)
}

// Cut shortens s to at most w runes, ending it with "~" when cut.
func Cut(s string, w int) string {
	if utf8.RuneCountInString(s) <= w {
		return s
	}
	r := []rune(s)
	return string(r[:max(w-1, 0)]) + "~"
}

// Wrap breaks s into lines of at most w runes at spaces, at most n lines;
// a word too long for a line, or what does not fit in n lines, is cut.
func Wrap(s string, w, n int) []string {
	var out []string
	cur := ""
	for _, word := range strings.Fields(s) {
		switch {
		case cur == "":
			cur = word
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(word) <= w:
			cur += " " + word
		default:
			out = append(out, cur)
			cur = word
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	if len(out) > n {
		out[n-1] = strings.Join(out[n-1:], " ")
		out = out[:n]
	}
	for i := range out {
		out[i] = Cut(out[i], w)
	}
	return out
}

// List joins names with commas, or says "none".
func List(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// drawer draws a game's states for referee replay.
type drawer struct {
	// key says once what the drawings' marks mean.
	key func(players []string) []string
	// state draws a state.
	state func(st engine.State, view View) Drawing
	// svg draws a state for the web page, when the game can.
	svg func(st engine.State, view View) Picture
}

// View says for whom a state is drawn: the players' names, and the seat
// at the table it is drawn for.
type View struct {
	Players []string
	// Seat is the index of the player the drawing is for, whose
	// opponents' hidden cards it must not show (their hands as a count);
	// engine.Nobody draws every card.
	Seat int
}

// ansi matches the colour sequences the palette writes.
var ansi = lazyRegexp("\x1b\\[[0-9;]*m")

// DrawingWidth is the width on a terminal of the widest line of text,
// colour sequences aside: what a terminal must have for a drawing not to
// wrap.
func DrawingWidth(text string) int {
	widest := 0
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		widest = max(widest, cardsWidth.StringWidth(ansi().ReplaceAllString(line, "")))
	}
	return widest
}

// TooNarrow is the note for a terminal of width columns that is narrower
// than what is drawn on it, or "".
func TooNarrow(text string, width int) string {
	if w := DrawingWidth(text); width > 0 && w > width {
		return fmt.Sprintf("the drawing is %d columns wide and the terminal %d: its lines wrap; widen the window to see it whole", w, width)
	}
	return ""
}
