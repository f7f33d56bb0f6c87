package catalogue

import (
	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/catalogue"
)

// Catalogue and Error are the engines' own: a room's vocabulary reads the
// one and reports the other, and needs no other package for it.
type (
	Catalogue = catalogue.Catalogue
	Error     = catalogue.Error
)

// Card is one card (or deck) of a catalogue, for listings: its kind, its
// name, and what it does in the game's words.
type Card struct {
	Kind, Name, Text string
}

// Vocabulary is a card game's own words for its catalogue, which the
// game's room declares: the catalogue it ships, and how its engine reads
// the entries into the typed cards it plays with.
type Vocabulary struct {
	// DefaultName and DefaultSource are the catalogue a transcript
	// without a Catalogue tag plays with: its name in reports, and its
	// text.
	DefaultName, DefaultSource string
	// Default, when set, is DefaultSource as Read gives it, generated
	// (go run ./referee/catalogue/gen) so that a check with the default
	// catalogue need not parse it; the referee's tests hold it to
	// DefaultSource.
	Default *Catalogue
	// Load reads a catalogue with the game's words, giving the rules to
	// play with. Its errors stand at the IDs of the items at fault (Place
	// puts them at their lines and columns).
	Load func(*Catalogue) (engine.Game, []*Error)
	// List is the cards of the rules Load gave, for listings: apart from
	// Load, since a check lists none, and writing every card's text was a
	// tenth of the start of a small one.
	List func(engine.Game) []Card
}
