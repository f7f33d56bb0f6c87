package referee

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tabletop-referee/referee/engine/catalog"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
)

// parseCatalogue parses a card catalogue into the engines' data, giving
// every kind, name and item an ID and returning the span of each, so that
// the errors a game's vocabulary finds can be positioned. It makes the
// checks every catalogue gets, whatever its game: names are unique, and
// the Game tag is written once, with one value; other tags are kept and
// ignored. On syntax errors the catalogue holds the lines that parsed, so
// that the game's vocabulary reports their errors too; it is nil only when
// a number is out of range. Syntax errors past the first
// notation.DefaultMaxErrors are only counted, in dropped.
func parseCatalogue(path, src string) (cat *catalog.Catalogue, spans map[int]notation.Span, diags []Diagnostic, dropped int) {
	file, errs := grammar.ParseCatalogue(path, src)
	dropped = file.Dropped
	r := &catalogueReader{spans: map[int]notation.Span{}, diags: errorsToDiagnostics(errs)}
	cat = &catalog.Catalogue{Game: r.game(file.Tags)}
	r.checkNames(file.Entries)
	for _, e := range file.Entries {
		if e.HasErrors() {
			continue // its syntax error says enough
		}
		cat.Entries = append(cat.Entries, r.entry(e))
	}
	slices.SortStableFunc(r.diags, func(a, b Diagnostic) int { return a.Span.Start.Offset - b.Span.Start.Offset })
	if r.outOfRange {
		return nil, r.spans, r.diags, dropped
	}
	return cat, r.spans, r.diags, dropped
}

// catalogueDiagnostics turns the errors a game's vocabulary found in a
// catalogue into error diagnostics at their items, sorted by position. An error at an unknown ID stands at no
// place.
func catalogueDiagnostics(errs []*catalog.Error, spans map[int]notation.Span) []Diagnostic {
	out := make([]Diagnostic, len(errs))
	for i, e := range errs {
		out[i] = Diagnostic{Error, spans[e.ID], e.Msg}
	}
	slices.SortStableFunc(out, func(a, b Diagnostic) int { return a.Span.Start.Offset - b.Span.Start.Offset })
	return out
}

// catalogueReader turns a parsed catalogue into the engines' data.
type catalogueReader struct {
	spans      map[int]notation.Span // by ID
	diags      []Diagnostic
	outOfRange bool // whether a number did not fit an int
}

func (r *catalogueReader) fail(span notation.Span, format string, args ...any) {
	r.diags = append(r.diags, Diagnostic{Error, span, fmt.Sprintf(format, args...)})
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

func (r *catalogueReader) entry(e *grammar.CatalogueEntry) catalog.Entry {
	out := catalog.Entry{
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

func (r *catalogueReader) items(items []*grammar.CatalogueItem) []catalog.Item {
	out := make([]catalog.Item, len(items))
	for i, it := range items {
		out[i] = r.item(it)
	}
	return out
}

func (r *catalogueReader) item(it *grammar.CatalogueItem) catalog.Item {
	span := it.Span()
	out := catalog.Item{ID: r.id(span)}
	switch {
	case it.Number != "":
		// The grammar has checked the form: a sign, digits, a unit letter.
		digits := strings.TrimRight(it.Number, "abcdefghijklmnopqrstuvwxyz")
		n, err := strconv.Atoi(digits)
		if err != nil {
			r.outOfRange = true
			r.fail(span, "the number %s is out of range", it.Number)
		}
		out.Kind = catalog.Number
		out.Number = n
		out.Signed = digits[0] == '+' || digits[0] == '-'
		out.Unit = it.Number[len(digits):]
	case it.Quoted != "":
		out.Kind = catalog.Text
		out.Word = it.Text()
	default:
		out.Kind = catalog.Word
		out.Word = it.Word
	}
	return out
}
