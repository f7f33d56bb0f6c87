package referee

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/fatih/color"
)

// Palette colours the parts of a report. The zero value (and NewPalette(false))
// writes plain text, as golden files hold.
type Palette struct {
	Error, Illegal, Note, Caret, Heading func(a ...any) string
	// Players colour each player's pieces in a replay's drawings, the
	// first player's first; players past the end take the colours again.
	Players []func(a ...any) string
}

// NewPalette returns a palette that colours when enabled, and the zero
// value, which writes plain text, when not. The caller decides once, for
// the whole run, whether colour is on.
func NewPalette(enabled bool) Palette {
	if !enabled {
		return Palette{}
	}
	mk := func(attrs ...color.Attribute) func(a ...any) string {
		c := color.New(attrs...)
		c.EnableColor()
		return c.SprintFunc()
	}
	return Palette{
		Error:   mk(color.FgRed, color.Bold),
		Illegal: mk(color.FgMagenta, color.Bold),
		Note:    mk(color.FgCyan),
		Caret:   mk(color.FgGreen, color.Bold),
		Heading: mk(color.Bold),
		// Blue and red, as two sides are told apart on most game boards.
		Players: []func(a ...any) string{mk(color.FgHiBlue, color.Bold), mk(color.FgHiRed, color.Bold), mk(color.FgHiGreen, color.Bold), mk(color.FgHiYellow, color.Bold)},
	}
}

// player colours s as that player's; text of no player's (engine.Nobody)
// stays plain.
func (p Palette) player(player int, s string) string {
	if player < 0 || len(p.Players) == 0 {
		return s
	}
	return p.paint(p.Players[player%len(p.Players)], s)
}

func (p Palette) paint(f func(a ...any) string, s string) string {
	if f == nil {
		return s
	}
	return f(s)
}

// WriteDiagnostic writes one diagnostic like a compiler: path:line:col,
// the kind and the message, then the source line with a caret under the
// place. The path is escaped as the message is: a file name is user data
// too, and one holding a line end must not start a line of its own.
func WriteDiagnostic(w io.Writer, path, src string, d Diagnostic, p Palette) {
	path = escapeControls(path)
	pos := d.Span.Start
	kind := d.Severity.String()
	switch d.Severity {
	case Error, Mismatch, Internal:
		kind = p.paint(p.Error, kind)
	case Illegal:
		kind = p.paint(p.Illegal, kind)
	default:
		kind = p.paint(p.Note, kind)
	}
	msg := escapeControls(d.Msg)
	if pos.Line == 0 {
		fmt.Fprintf(w, "%s: %s: %s\n", path, kind, msg)
		return
	}
	fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", path, pos.Line, pos.Column, kind, msg)
	if d.Severity == Note {
		// A note follows the diagnostic it is about, whose excerpt is shown.
		return
	}
	// A very long line is shown in part, around the place; a huge one is
	// first cut in bytes, so that it is never held whole as runes.
	const before, after = 400, 600
	text, cut, cutEnd := sourceLine(src, pos.Offset, 4*(before+after))
	line := []rune(text)
	pos.Column -= cut
	if d.Span.End.Line == d.Span.Start.Line {
		d.Span.End.Column -= cut
	}
	if len(line) > before+after || cut > 0 || cutEnd {
		from := max(pos.Column-1-before, 0)
		to := min(from+before+after, len(line))
		window := slices.Clone(line[from:to])
		if to < len(line) || cutEnd {
			window = append(window, '…')
		}
		if from > 0 || cut > 0 {
			window = append([]rune{'…'}, window...)
			from-- // the ellipsis takes the place of one column
		}
		line = window
		pos.Column -= from
		if d.Span.End.Line == d.Span.Start.Line {
			d.Span.End.Column -= from
		}
	}
	gutter := fmt.Sprintf("%5d | ", pos.Line)
	// The line is echoed with its control characters escaped, so that a
	// transcript cannot drive the terminal; the caret line repeats the
	// line's tabs and the escapes' widths so that it lines up.
	var shown, pad strings.Builder
	width := 0
	endCol := pos.Column + 1
	if d.Span.End.Line == pos.Line && d.Span.End.Column > pos.Column {
		endCol = d.Span.End.Column
	}
	for i, r := range line {
		text := escapeControls(string(r))
		shown.WriteString(text)
		col := i + 1
		switch {
		case col < pos.Column && r == '\t':
			pad.WriteRune('\t')
		case col < pos.Column:
			pad.WriteString(strings.Repeat(" ", cells(text)))
		case col < endCol:
			width += cells(text)
		}
	}
	fmt.Fprintf(w, "%s%s\n", gutter, shown.String())
	fmt.Fprintf(w, "%s| %s%s\n", strings.Repeat(" ", len(gutter)-2), pad.String(), p.paint(p.Caret, strings.Repeat("^", max(width, 1))))
}

// cells is how many terminal cells text takes: two for a wide character
// (東, most emoji), none for a combining mark, one for the rest.
func cells(text string) int { return cardsWidth.StringWidth(text) }

// EscapeControls writes control characters other than tab (line ends
// included), and invisible format characters (a byte-order mark,
// zero-width spaces, bidirectional overrides), as Go escapes (\x1b, \n,
// \u202e), so that text from a transcript, a catalogue or a file name can
// neither drive the terminal, nor hide or reorder what a line says, nor
// start a line of its own (a forged "::error" annotation). Every piece of
// user data the commands print goes through it.
func EscapeControls(s string) string { return escapeControls(s) }

// EscapeLines is EscapeControls for a text of many lines, such as a diff
// shown to people: its line ends stay, every other control character is
// escaped.
func EscapeLines(s string) string { return escapeControlsKeepLines(s) }

// escapeControls is EscapeControls.
func escapeControls(s string) string {
	if printable(s) || !strings.ContainsFunc(s, isControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isControl(r rune) bool {
	if r < utf8.RuneSelf {
		// The C0 controls and DEL, as unicode.IsControl has them; ASCII
		// has no format character.
		return r < 0x20 && r != '\t' || r == 0x7F
	}
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
}

// printable tells whether s is printable ASCII and tabs, with nothing to
// escape: most of what a report prints, told eight bytes at a time where
// none of them is a control, a tab or past ASCII, and a byte at a time
// where one is.
func printable(s string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for len(s) >= 8 {
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		// A byte under 0x20, or over 0x7E (the words' bit tricks for
		// "has a byte less than" and "more than").
		if (w-0x20*ones)&^w&highs != 0 || (w+ones|w)&highs != 0 {
			if !printableBytes(s[:8]) {
				return false
			}
		}
		s = s[8:]
	}
	return printableBytes(s)
}

// printableBytes is printable, a byte at a time.
func printableBytes(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' || c >= 0x7F {
			return false
		}
	}
	return true
}

// sourceLine is the line of src holding offset, without its line end. A
// line longer than limit bytes on either side of offset is cut there, on
// whole runes: cut is the number of runes left out before, cutEnd tells
// whether some were left out after.
func sourceLine(src string, offset, limit int) (line string, cut int, cutEnd bool) {
	offset = min(max(offset, 0), len(src))
	start := strings.LastIndexByte(src[:offset], '\n') + 1
	end := strings.IndexByte(src[offset:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += offset
	}
	// The byte-order mark that opens a file is not shown, nor counted in
	// columns; one elsewhere is a character like any other (escaped).
	if start == 0 && strings.HasPrefix(src, "\uFEFF") {
		start += len("\uFEFF")
	}
	if from := offset - limit; from > start {
		for from < offset && !utf8.RuneStart(src[from]) {
			from++
		}
		cut = utf8.RuneCountInString(src[start:from])
		start = from
	}
	if to := offset + limit; to < end {
		for to > offset && !utf8.RuneStart(src[to]) {
			to--
		}
		end, cutEnd = to, true
	}
	return strings.TrimRight(src[start:end], "\r"), cut, cutEnd
}

// WriteReport writes a transcript's diagnostics, then its summary.
func WriteReport(w io.Writer, r *Report, p Palette) {
	writeReport(w, r, p, make([]byte, 0, 1024))
}

// writeReport is WriteReport with the summary written into buf, which it
// returns for the next report.
func writeReport(w io.Writer, r *Report, p Palette, buf []byte) []byte {
	for _, d := range r.Diagnostics {
		WriteDiagnostic(w, r.Path, r.Source, d, p)
	}
	// The summary is written into one buffer, and to w at once: a
	// formatted write a row was 2 to 3% of a check.
	s := summaryWriter{b: append(buf, p.paint(p.Heading, escapeControls(r.Path))...), width: 9}
	s.b = append(s.b, '\n')
	s.rows(r)
	w.Write(s.b)
	return s.b
}

// summaryWriter writes a report's summary: its rows' names line up,
// padded to width characters.
type summaryWriter struct {
	b     []byte
	width int
}

// name begins a row.
func (s *summaryWriter) name(name string) {
	s.b = append(s.b, "  "...)
	s.b = append(s.b, name...)
	// Padded to width characters, as fmt pads.
	for n := utf8.RuneCountInString(name); n < s.width; n++ {
		s.b = append(s.b, ' ')
	}
	s.b = append(s.b, ' ')
}

// row writes a row of text, escaped.
func (s *summaryWriter) row(name, value string) {
	s.name(name)
	s.b = append(s.b, escapeControls(value)...)
	s.b = append(s.b, '\n')
}

// rows writes a report's rows.
func (s *summaryWriter) rows(r *Report) {
	// A game's longer state rows widen the column.
	for _, st := range r.State {
		s.width = max(s.width, len(st.Name))
	}
	s.row("game", r.Game)
	if r.Players != nil {
		s.row("players", strings.Join(r.Players, ", "))
	}
	if !r.Replayed {
		s.row("result", r.Result)
		return
	}
	switch {
	case r.Seed != "":
		s.row("seed", r.Seed)
	case r.Unshuffled:
		s.row("seed", "none")
	default:
		s.row("seed", "none: the draws are written")
	}
	if r.Perspective != "" {
		s.row("seat", r.Perspective+"'s: the cards hidden from it may be written ?")
	}
	if len(r.Variants) > 0 {
		s.row("variants", strings.Join(r.Variants, " "))
	} else {
		s.row("variants", "none")
	}
	s.name("played")
	s.b = append(AppendPlural(s.b, r.Turns, "turn"), ", "...)
	s.b = append(AppendPlural(s.b, r.Moves, "move"), '\n')
	s.name("illegal")
	s.b = append(strconv.AppendInt(s.b, int64(r.Illegal), 10), '\n')
	if r.Unverified > 0 {
		s.row("unverified", fmt.Sprintf("%s legal only if a hidden card was the one named", Plural(r.Unverified, "move")))
	}
	if r.Rulings > 0 {
		s.row("rulings", fmt.Sprintf("%d recorded", r.Rulings))
	}
	if r.Penalties != nil {
		s.row("penalties", PerPlayer(r.Players, func(p int) string { return fmt.Sprint(r.Penalties[p]) }))
	}
	s.row("result", r.Result)
	if r.Recorded != "" {
		s.row("recorded", r.Recorded)
	}
	for _, st := range r.State {
		s.row(st.Name, st.Value)
	}
}

// WriteLegal writes the legal moves at the end of a transcript.
func WriteLegal(w io.Writer, lm *LegalMoves) {
	// Player names and the moves naming cards come from the transcript
	// and its catalogue: they are escaped as a report's are.
	if e := lm.Ended; e != nil {
		fmt.Fprintf(w, "%s's turn %d can only end (write turn %d); then:\n", escapeControls(e.Player), e.Turn, e.Turn+1)
	}
	if lm.Over != "" {
		fmt.Fprintf(w, "no legal moves: the game is over (%s)\n", escapeControls(lm.Over))
		return
	}
	player := escapeControls(lm.Player)
	if lm.Setup {
		fmt.Fprintf(w, "%s to move on a set-up line (%s: ...): %s\n", player, player, Plural(len(lm.Moves), "legal move"))
	} else {
		fmt.Fprintf(w, "%s to move on turn %d: %s\n", player, lm.Turn, Plural(len(lm.Moves), "legal move"))
	}
	for _, m := range lm.Moves {
		fmt.Fprintf(w, "  %s\n", escapeControls(m))
	}
	if lm.EndTurn {
		fmt.Fprintf(w, "or end the turn (write turn %d)\n", lm.Turn+1)
	}
}
