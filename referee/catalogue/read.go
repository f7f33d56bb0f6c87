// Package catalogue reads card catalogues: from a .cards file's text,
// parsed by the catalogue grammar (grammar/catalogue), to the engines' data
// (engine/catalogue), with the checks every catalogue gets whatever its
// game, and then, through the vocabulary a game's room declares, to the
// typed cards that game's engine plays with. Every error is placed at its
// line and column. It is the one place catalogues are read: the referee
// core asks it, and names no game.
package catalogue

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	// The engines' data shares this package's name: within this package,
	// catalogue is always the engines' catalogue.
	"github.com/tabletop-referee/referee/engine/catalogue"
	grammar "github.com/tabletop-referee/referee/grammar/catalogue"
	"github.com/tabletop-referee/referee/notation"
)

// Read parses a card catalogue into the engines' data, giving
// every kind, name and item an ID and returning the span of each, so that
// the errors a game's vocabulary finds can be positioned. It makes the
// checks every catalogue gets, whatever its game: names are unique, and
// the Game tag is written once, with one value; other tags are kept and
// ignored. On syntax errors the catalogue holds the lines that parsed, so
// that the game's vocabulary reports their errors too; it is nil only when
// a number is out of range. Syntax errors past the first
// notation.DefaultMaxErrors are only counted, in dropped.
func Read(path, src string) (cat *catalogue.Catalogue, spans map[int]notation.Span, errs []*notation.Error, dropped int) {
	file, syntax := grammar.ParseCatalogue(path, src)
	dropped = file.Dropped
	r := &catalogueReader{spans: map[int]notation.Span{}, diags: slices.Clone(syntax)}
	cat = &catalogue.Catalogue{Game: r.game(file.Tags)}
	r.checkNames(file.Entries)
	for _, e := range file.Entries {
		if e.HasErrors() {
			continue // its syntax error says enough
		}
		cat.Entries = append(cat.Entries, r.entry(e))
	}
	slices.SortStableFunc(r.diags, func(a, b *notation.Error) int { return a.Span.Start.Offset - b.Span.Start.Offset })
	if r.outOfRange {
		return nil, r.spans, r.diags, dropped
	}
	return cat, r.spans, r.diags, dropped
}

// Place puts the errors a game's vocabulary found in a catalogue at their
// items, sorted by position. An error at an unknown ID stands at no
// place.
func Place(errs []*catalogue.Error, spans map[int]notation.Span) []*notation.Error {
	out := make([]*notation.Error, len(errs))
	for i, e := range errs {
		out[i] = &notation.Error{Span: spans[e.ID], Msg: e.Msg}
	}
	slices.SortStableFunc(out, func(a, b *notation.Error) int { return a.Span.Start.Offset - b.Span.Start.Offset })
	return out
}

// catalogueReader turns a parsed catalogue into the engines' data.
type catalogueReader struct {
	spans      map[int]notation.Span // by ID
	diags      []*notation.Error
	outOfRange bool // whether a number did not fit an int
}

func (r *catalogueReader) fail(span notation.Span, format string, args ...any) {
	r.diags = append(r.diags, &notation.Error{Span: span, Msg: fmt.Sprintf(format, args...)})
}

// id gives span the next ID. IDs begin at 1, so that 0 is no item.
func (r *catalogueReader) id(span notation.Span) int {
	id := len(r.spans) + 1
	r.spans[id] = span
	return id
}

// game is the game the Game tag names, or "" when there is none.
func (r *catalogueReader) game(tags []*notation.Tag) string {
	var first *notation.Tag
	game := ""
	for _, tag := range tags {
		switch {
		case tag.Name != "Game":
		case first != nil:
			r.fail(tag.Span(), "duplicate Game tag: first on line %d", first.Pos.Line)
		case len(tag.Values) != 1:
			first = tag
			r.fail(tag.Span(), "the Game tag takes one value, found %d", len(tag.Values))
		default:
			first = tag
			game = tag.Text()[0]
		}
	}
	return game
}

// checkNames reports a name given twice, whatever the kinds of the two
// entries, since decks and effects name cards by their name alone.
func (r *catalogueReader) checkNames(entries []*grammar.CatalogueEntry) {
	firstLine := map[string]int{}
	for _, e := range entries {
		name := e.UnquotedName()
		if line, ok := firstLine[name]; ok {
			r.fail(e.NameSpan(), "duplicate name %q: first defined on line %d", name, line)
			continue
		}
		firstLine[name] = e.Pos.Line
	}
}

func (r *catalogueReader) entry(e *grammar.CatalogueEntry) catalogue.Entry {
	out := catalogue.Entry{
		Kind:   e.Kind,
		Name:   e.UnquotedName(),
		ID:     r.id(e.KindSpan()),
		NameID: r.id(e.NameSpan()),
		Props:  r.items(e.Props),
	}
	for _, eff := range e.Effects {
		out.Effect = append(out.Effect, r.items(eff.Items))
	}
	return out
}

func (r *catalogueReader) items(items []*grammar.CatalogueItem) []catalogue.Item {
	out := make([]catalogue.Item, len(items))
	for i, it := range items {
		out[i] = r.item(it)
	}
	return out
}

func (r *catalogueReader) item(it *grammar.CatalogueItem) catalogue.Item {
	span := it.Span()
	out := catalogue.Item{ID: r.id(span)}
	switch {
	case it.Number != "":
		// The grammar has checked the form: a sign, digits, a unit letter.
		digits := strings.TrimRight(it.Number, "abcdefghijklmnopqrstuvwxyz")
		n, err := strconv.Atoi(digits)
		if err != nil {
			r.outOfRange = true
			r.fail(span, "the number %s is out of range", it.Number)
		}
		out.Kind = catalogue.Number
		out.Number = n
		out.Signed = digits[0] == '+' || digits[0] == '-'
		out.Unit = it.Number[len(digits):]
	case it.Quoted != "":
		out.Kind = catalogue.Text
		out.Word = it.Text()
	default:
		out.Kind = catalogue.Word
		out.Word = it.Word
	}
	return out
}
