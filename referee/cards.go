package referee

import (
	"fmt"
	"path/filepath"
	"slices"
	"sync"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/catalog"
	"github.com/tabletop-referee/referee/notation"
)

// CatalogueExt is the extension of card catalogue files.
const CatalogueExt = ".cards"

// CardInfo is one card of a catalogue, for listings.
type CardInfo struct {
	Kind, Name, Text string
}

// cardGame is what a game whose cards are data adds to its binding: its
// default catalogue and its vocabulary.
type cardGame struct {
	// defaultName and defaultSource are the catalogue a transcript without
	// a Catalogue tag plays with.
	defaultName, defaultSource string
	// load reads a catalogue with the game's vocabulary, giving the rules
	// to play with and the cards for listings.
	load func(*catalog.Catalogue) (engine.Game, []CardInfo, []*catalog.Error)

	once        sync.Once
	defaultGame engine.Game
}

// loaded is a catalogue read and checked.
type loaded struct {
	rules  engine.Game
	cards  []CardInfo
	report *Report // its diagnostics and summary
}

// loadCatalogue parses and checks a catalogue for game.
func (cg *cardGame) loadCatalogue(game, path, src string) *loaded {
	r := &Report{Path: path, Source: src, Game: game}
	cat, spans, diags, dropped := parseCatalogue(path, src)
	r.Diagnostics, r.Dropped = diags, dropped
	out := &loaded{report: r}
	if cat != nil && cat.Game != "" && cat.Game != game {
		r.add(Error, zeroSpan, fmt.Sprintf("this catalogue is for %s, not %s", cat.Game, game))
	}
	if cat != nil {
		rules, cards, errs := cg.load(cat)
		r.Diagnostics = append(r.Diagnostics, catalogueDiagnostics(errs, spans)...)
		out.rules, out.cards = rules, cards
	}
	slices.SortStableFunc(r.Diagnostics, func(a, b Diagnostic) int { return a.Span.Start.Offset - b.Span.Start.Offset })
	if n := r.found(); n > 0 {
		r.Result = fmt.Sprintf("not loaded: %s", plural(n, "error"))
		out.rules = nil
	} else {
		decks := 0
		for _, c := range out.cards {
			if c.Kind == "deck" {
				decks++
			}
		}
		r.Result = fmt.Sprintf("a catalogue of %s and %s", plural(len(out.cards)-decks, "card"), plural(decks, "deck"))
	}
	return out
}

// defaultRules are the rules with the default catalogue, which a test
// keeps free of errors.
func (cg *cardGame) defaultRules(game string) engine.Game {
	cg.once.Do(func() {
		l := cg.loadCatalogue(game, cg.defaultName, cg.defaultSource)
		if l.rules == nil {
			panic(fmt.Sprintf("the default %s catalogue has errors: %v", game, l.report.Diagnostics))
		}
		cg.defaultGame = l.rules
	})
	return cg.defaultGame
}

// rulesFor gives the rules a transcript plays with: with the catalogue its
// Catalogue tag names (a path relative to the transcript), or the default.
// Errors are reported at the tag.
func (b *binding[M]) rulesFor(path string, t *notation.Transcript[M], r *Report, opts Options) engine.Game {
	if b.cards == nil {
		return b.rules
	}
	tag := t.Tag("Catalogue")
	if tag == nil {
		return b.cards.defaultRules(b.Name())
	}
	if len(tag.Values) != 1 {
		r.add(Error, tag.Span(), `the Catalogue tag names one file, as in [Catalogue "prototype.cards"]`)
		return nil
	}
	file := filepath.Join(filepath.Dir(path), filepath.FromSlash(tag.Text()[0]))
	src, err := opts.readFile(file)
	if err != nil {
		r.add(Error, tag.Span(), fmt.Sprintf("cannot read the catalogue: %v", err))
		return nil
	}
	l := b.cards.loadCatalogue(b.Name(), filepath.ToSlash(file), string(src))
	if l.rules == nil {
		d := l.report.Diagnostics[0]
		r.add(Error, tag.Span(), fmt.Sprintf("the catalogue has %s, the first at %s: %s (check it with: referee check %s)",
			plural(l.report.found(), "error"), d.Span.Start, d.Msg, filepath.ToSlash(file)))
		return nil
	}
	return l.rules
}

// CheckCatalogue checks a catalogue file on its own.
func CheckCatalogue(g Game, path, src string) *Report {
	cg := g.cardGame()
	if cg == nil {
		return failed(path, src, fmt.Sprintf("%s has no card catalogue: its cards are playing cards", g.Name()))
	}
	return cg.loadCatalogue(g.Name(), path, src).report
}

// Cards lists a catalogue: the game's default one when path is "".
func Cards(g Game, path, src string) ([]CardInfo, *Report) {
	cg := g.cardGame()
	if cg == nil {
		return nil, failed(path, src, fmt.Sprintf("%s has no card catalogue: its cards are playing cards", g.Name()))
	}
	if path == "" {
		path, src = cg.defaultName, cg.defaultSource
	}
	l := cg.loadCatalogue(g.Name(), path, src)
	if l.rules == nil {
		return nil, l.report
	}
	return l.cards, l.report
}

// DetectCatalogue tells which game a catalogue is for, by its Game tag.
func DetectCatalogue(src string) (Game, error) {
	m := gameTag.FindStringSubmatch(src)
	if m == nil {
		return nil, fmt.Errorf(`cannot tell the game of a catalogue without a Game tag, as in [Game "mecha"]`)
	}
	g, ok := Lookup(m[1])
	if !ok {
		return nil, fmt.Errorf("unknown game %q in the Game tag (known: %s)", m[1], names())
	}
	return g, nil
}
