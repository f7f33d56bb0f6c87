package referee

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/internal/suggest"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/referee/catalogue"
)

// CatalogueExt is the extension of card catalogue files.
const CatalogueExt = ".cards"

// CardInfo is one card of a catalogue, for listings.
type CardInfo = catalogue.Card

// cardGame is what a game whose cards are data adds to its binding: its
// vocabulary, with its default catalogue, and the rules that catalogue
// gives once read.
type cardGame struct {
	*catalogue.Vocabulary

	once        sync.Once
	defaultGame engine.Game

	// read holds the catalogues Catalogue tags named, by file, so that
	// the transcripts of a folder that share one read it once: a
	// catalogue of a dozen modules takes thirty times as long to read as
	// a game takes to check. A file whose text changed (an editor's
	// buffer) is read again.
	mu   sync.Mutex
	read map[string]*loaded
}

// maxRead and maxReadBytes bound what cardGame.read holds, so that a run
// over transcripts naming many catalogues, or large ones, keeps no more
// than a few small ones: a catalogue of a dozen modules is 5 kB.
const (
	maxRead      = 16
	maxReadBytes = 1 << 20
)

// cachedCatalogue is loadCatalogue, for a catalogue a Catalogue tag names:
// read once for a file and its text.
func (cg *cardGame) cachedCatalogue(game, file, src string) *loaded {
	cg.mu.Lock()
	l, ok := cg.read[file]
	cg.mu.Unlock()
	if ok && l.report.Source == src {
		return l
	}
	l = cg.loadCatalogue(game, file, src)
	cg.mu.Lock()
	defer cg.mu.Unlock()
	delete(cg.read, file)
	if len(src) > maxReadBytes {
		return l
	}
	held := len(src)
	for _, k := range cg.read {
		held += len(k.report.Source)
	}
	if cg.read == nil || len(cg.read) >= maxRead || held > maxReadBytes {
		cg.read = map[string]*loaded{}
	}
	cg.read[file] = l
	return l
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
	cat, spans, errs, dropped := catalogue.Read(path, src)
	r.Diagnostics, r.Dropped = errorsToDiagnostics(errs), dropped
	out := &loaded{report: r}
	if cat != nil && cat.Game != "" && cat.Game != game {
		r.add(Error, gameTagSpan(path, src, cat.Game), fmt.Sprintf("this catalogue is for %s, not %s", cat.Game, game))
	}
	if cat != nil {
		rules, errs := cg.Load(cat)
		for _, e := range catalogue.Place(errs, spans) {
			r.Diagnostics = append(r.Diagnostics, Diagnostic{Error, e.Span, e.Msg})
		}
		out.rules = rules
	}
	slices.SortStableFunc(r.Diagnostics, func(a, b Diagnostic) int { return a.Span.Start.Offset - b.Span.Start.Offset })
	if n := r.found(); n > 0 {
		r.Result = fmt.Sprintf("not loaded: %s", Plural(n, "error"))
		out.rules = nil
	} else {
		if out.rules != nil {
			out.cards = cg.List(out.rules)
		}
		decks := 0
		for _, c := range out.cards {
			if c.Kind == "deck" {
				decks++
			}
		}
		r.Result = fmt.Sprintf("a catalogue of %s and %s", Plural(len(out.cards)-decks, "card"), Plural(decks, "deck"))
	}
	return out
}

// gameTagSpan is the span of the catalogue's Game tag naming game, from its
// "[" to its value's closing quote; no place when there is none.
func gameTagSpan(path, src, game string) notation.Span {
	for _, m := range gameTag().FindAllStringSubmatchIndex(src, -1) {
		if src[m[2]:m[3]] != game {
			continue
		}
		start := m[0] + strings.IndexByte(src[m[0]:m[1]], '[')
		return notation.Span{Start: notation.PositionAt(path, src, start), End: notation.PositionAt(path, src, m[1])}
	}
	return zeroSpan
}

// defaultRules are the rules with the default catalogue, which a test
// keeps free of errors.
func (cg *cardGame) defaultRules(game string) engine.Game {
	cg.once.Do(func() {
		if cg.Default != nil {
			// Read already, when the room was built: parsing it took
			// most of the start of a small check.
			rules, errs := cg.Load(cg.Default)
			if len(errs) == 0 && rules != nil {
				cg.defaultGame = rules
				return
			}
		}
		l := cg.loadCatalogue(game, cg.DefaultName, cg.DefaultSource)
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
func (b *binding) rulesFor(path string, t *notation.Transcript, r *Report, opts Options) engine.Game {
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
	file, src, err := opts.readCatalogue(path, tag.Text()[0])
	var refused *refusedError
	switch {
	case errors.As(err, &refused):
		r.add(Error, tag.Span(), refused.msg)
		return nil
	case err != nil:
		r.add(Error, tag.Span(), fmt.Sprintf("cannot read the catalogue: %v", err))
		return nil
	}
	// A catalogue is held to the limits of a transcript.
	var l *loaded
	if err := opts.Limits.CheckSize(file, src); err != nil {
		l = &loaded{report: tooLarge(file, src, err)}
	} else {
		l = b.cards.cachedCatalogue(b.Name(), file, src)
	}
	if l.rules == nil {
		d := l.report.Diagnostics[0]
		r.add(Error, tag.Span(), fmt.Sprintf("the catalogue has %s, the first at %s: %s (check it with: referee check %s)",
			Plural(l.report.found(), "error"), d.Span.Start, d.Msg, file))
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
		path, src = cg.DefaultName, cg.DefaultSource
	}
	l := cg.loadCatalogue(g.Name(), path, src)
	if l.rules == nil {
		return nil, l.report
	}
	return l.cards, l.report
}

// DetectCatalogue tells which game a catalogue is for, by its Game tag.
func DetectCatalogue(src string) (Game, error) {
	m := findGameTag(src)
	if m == nil {
		return nil, fmt.Errorf(`cannot tell the game of a catalogue without a Game tag, as in [Game "mecha"]`)
	}
	g, ok := Lookup(m[1])
	if !ok {
		return nil, fmt.Errorf("unknown game %q in the Game tag%s (known: %s)", m[1], suggest.Hint(m[1], gameNames()), names())
	}
	return g, nil
}
