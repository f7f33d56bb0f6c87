package referee

import (
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/referee/catalogue"
)

// This file is what an editor's language server asks of the core beyond
// what the commands ask: a transcript's statements with their places, the
// catalogue it plays with, and the words it may hold.

// StatementKind tells what a statement of a transcript is.
type StatementKind int

// The kinds of statement.
const (
	TagStatement StatementKind = iota
	SetupStatement
	TurnStatement
	ResultStatement
)

// Statement is one statement of a transcript as it parsed, with its place.
type Statement struct {
	Kind StatementKind
	Span notation.Span
	// Turn is a turn's number.
	Turn int
	// Subject is the player of a turn or a set-up line, or a tag's name.
	Subject string
	// Values are a tag's values, their quotes taken off.
	Values []string
	// Moves are where the moves of a turn or a set-up line are written.
	Moves []notation.Span
}

// outliner is a game whose transcripts can be outlined: every binding.
type outliner interface {
	outline(path, src string) []Statement
}

// Outline lists a transcript's statements that parse; a statement with a
// syntax error is left out, so that the rest are still listed.
func Outline(g Game, path, src string) []Statement {
	o, ok := g.(outliner)
	if !ok {
		return nil
	}
	return o.outline(path, src)
}

func (b *binding) outline(path, src string) []Statement {
	parsed := b.grammar.Parse(path, src)
	if parsed.File == nil {
		return nil
	}
	var out []Statement
	for _, s := range parsed.File.Statements {
		st := Statement{Span: s.Span()}
		switch {
		case s.Tag != nil:
			st.Kind, st.Subject, st.Values = TagStatement, s.Tag.Name, s.Tag.Text()
		case s.Turn != nil && s.Turn.Player != nil:
			st.Kind, st.Turn, st.Subject = TurnStatement, s.Turn.Number, s.Turn.Player.Text()
		case s.Setup != nil && s.Setup.Player != nil:
			st.Kind, st.Subject = SetupStatement, s.Setup.Player.Text()
		case s.Result != nil:
			st.Kind = ResultStatement
		default:
			continue
		}
		for _, m := range s.Moves() {
			st.Moves = append(st.Moves, m.Span())
		}
		out = append(out, st)
	}
	return out
}

// CatalogueEntry is one card (or deck) of a catalogue and where its name
// is written.
type CatalogueEntry struct {
	CardInfo
	Span notation.Span
}

// Catalogue is the catalogue a transcript plays with, read for an editor.
type Catalogue struct {
	// Path is the catalogue's file, as the Catalogue tag leads to it; for
	// the game's default catalogue, DefaultFile.
	Path   string
	Source string
	// Default is set for the game's own catalogue, which is no file of
	// the transcript's.
	Default bool
	// DefaultFile is the default catalogue's file name, as "mecha.cards".
	DefaultFile string
	Entries     []CatalogueEntry
}

// Lookup finds the entry named name.
func (c *Catalogue) Lookup(name string) (CatalogueEntry, bool) {
	i := slices.IndexFunc(c.Entries, func(e CatalogueEntry) bool { return e.Name == name })
	if i < 0 {
		return CatalogueEntry{}, false
	}
	return c.Entries[i], true
}

// CatalogueOf reads the catalogue a transcript plays with: the one its
// Catalogue tag names (read as Check reads it, through opts), or the
// game's default. It is nil for a game whose cards are not data, and for
// a tag that names no catalogue that can be read; a catalogue with
// errors lists the entries that read.
func CatalogueOf(g Game, path, src string, opts Options) *Catalogue {
	cg := g.cardGame()
	if cg == nil {
		return nil
	}
	c := &Catalogue{Path: cg.DefaultName, Source: cg.DefaultSource, Default: true}
	c.DefaultFile, _, _ = strings.Cut(cg.DefaultName, " ")
	for _, s := range Outline(g, path, src) {
		if s.Kind != TagStatement || s.Subject != "Catalogue" {
			continue
		}
		if len(s.Values) != 1 {
			return nil
		}
		file, text, err := opts.readCatalogue(path, s.Values[0])
		if err != nil {
			return nil
		}
		c.Path, c.Source, c.Default = file, text, false
	}
	cat, spans, _, _ := catalogue.Read(c.Path, c.Source)
	if cat == nil {
		return c
	}
	var cards []CardInfo
	if rules, _ := cg.Load(cat); rules != nil {
		cards = cg.List(rules)
	}
	for _, e := range cat.Entries {
		entry := CatalogueEntry{CardInfo: CardInfo{Kind: e.Kind, Name: e.Name}, Span: spans[e.NameID]}
		if i := slices.IndexFunc(cards, func(c CardInfo) bool { return c.Name == e.Name }); i >= 0 {
			entry.CardInfo = cards[i]
		}
		c.Entries = append(c.Entries, entry)
	}
	return c
}

// ReadTags are the header tags the referee reads, in the order a header
// writes them.
func ReadTags() []string { return slices.Clone(readTags) }

// wordLiteral is a word a grammar writes as a literal, as "draw".
var wordLiteral = lazyRegexp(`"([a-z][a-z]+)"`)

// Words are the words a game's transcripts are written with (its moves'
// and the result line's), sorted, from its grammar.
func Words(g Game) []string {
	var out []string
	for _, m := range wordLiteral().FindAllStringSubmatch(g.EBNF(), -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return out
}
