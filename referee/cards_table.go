package referee

import (
	"io"
	"strings"

	"github.com/mattn/go-runewidth"
)

// cardsWidth measures text on the screen (the cards table, the carets under a line): a wide character
// (漢, most emoji) takes two columns, a combining mark none. Characters
// of ambiguous width count as one, as most terminals show them, so that
// the table is the same whatever the locale.
var cardsWidth = func() *runewidth.Condition {
	c := runewidth.NewCondition()
	c.EastAsianWidth = false
	return c
}()

// WriteCards writes a catalogue's cards as a table: kind, name, then the
// card's properties and effects, the columns lined up on the screen. A
// catalogue is user data: every field is escaped (control and invisible
// format characters, tabs too, as Go escapes), so that no card can drive
// the terminal, set its title, or reorder or break the table's lines.
func WriteCards(w io.Writer, cards []CardInfo) error {
	type row struct{ kind, name, text string }
	rows := []row{{"kind", "name", "properties: effects"}}
	for _, c := range cards {
		rows = append(rows, row{cardCell(c.Kind), cardCell(c.Name), cardCell(c.Text)})
	}
	kindWidth, nameWidth := 0, 0
	for _, r := range rows {
		kindWidth = max(kindWidth, cardsWidth.StringWidth(r.kind))
		nameWidth = max(nameWidth, cardsWidth.StringWidth(r.name))
	}
	pad := func(s string, width int) string {
		return s + strings.Repeat(" ", width-cardsWidth.StringWidth(s))
	}
	ew := &errWriter{w: w}
	for _, r := range rows {
		line := pad(r.kind, kindWidth) + "  " + pad(r.name, nameWidth) + "  " + r.text
		ew.printf("%s\n", strings.TrimRight(line, " "))
	}
	return ew.err
}

// cardCell is a field of the cards table as shown: escaped, and a tab
// written as \t, since one would throw the columns out of line.
func cardCell(s string) string {
	return strings.ReplaceAll(escapeControls(s), "\t", `\t`)
}
