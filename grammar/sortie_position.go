package grammar

import (
	"strconv"
	"strings"

	"github.com/tabletop-referee/referee/notation"
)

// The declarations of a Sortie position, written on set-up lines before
// the first turn (docs/games/sortie.md): a player's line declares their
// units, hand and captured flags, as in
//
//	Ann: unit 9C/KD b2, unit 5H/7H a1 broken, hand 2S QC, captured d4
//
// and the board line the deck, the discard pile and how far the seed's
// stream has gone, as in
//
//	board: deck 30, discard 3D 8S
//
// A declaration is a SortieMove, so that it is parsed as set-up moves
// are; the engine refuses one written in a turn.

// SortieUnit declares a unit on its owner's line, bottom card (hit
// points) first: "unit 9C/KD b2", or "unit 9C/KD b2 broken" for a unit
// whose shield is broken. A unit is face up: no "?".
type SortieUnit struct {
	notation.Node
	Bottom string `parser:"'unit' @Card '/'"`
	Top    string `parser:"@Card"`
	At     string `parser:"@Square"`
	Broken bool   `parser:"@'broken'?"`
}

// SortieHand declares a player's hand: "hand 7H 9C KD", with "?" for a
// card nobody recorded ("hand ? ? 7H").
type SortieHand struct {
	notation.Node
	Cards []string `parser:"'hand' @(Card | Unknown)+"`
}

// SortieCaptured declares the opponent's flags a player has captured, in
// the order captured: "captured d4 d3".
type SortieCaptured struct {
	notation.Node
	Flags []string `parser:"'captured' @Square+"`
}

// SortiePile declares the deck or the discard pile on the board line:
// its cards, the deck's top first and the discard pile's oldest first
// ("deck 7H 9C KD"), or only how many there are ("deck 30") when the
// position leaves their order to the rest of the cards. Numbers are kept
// as written, so that one too large for an int is the engine's to refuse
// with the others, not a parse error.
type SortiePile struct {
	notation.Node
	Pile  string   `parser:"@('deck' | 'discard')"`
	Cards []string `parser:"( @(Card | Unknown)+"`
	Count string   `parser:"| @Int )"`
}

// SortieStream declares, on the board line of a seeded game, how many
// numbers the seed's stream has given: "stream 104". Only a reshuffle
// (variant empty=reshuffle) draws on it after the deal.
type SortieStream struct {
	notation.Node
	Numbers SortieNumber `parser:"'stream' @@"`
}

// SortieNumber is a number a declaration gives, kept as written: its own
// production, so that a missing one is reported as a number rather than
// as a turn number.
type SortieNumber struct {
	N string `parser:"@Int"`
}

func (*SortieUnit) sortieMove()     {}
func (*SortieHand) sortieMove()     {}
func (*SortieCaptured) sortieMove() {}
func (*SortiePile) sortieMove()     {}
func (*SortieStream) sortieMove()   {}

// Declaration tells whether m declares part of a position: the moves a
// transcript that begins from a position writes on its set-up lines.
func Declaration(m notation.Move) bool {
	switch m.(type) {
	case *SortieUnit, *SortieHand, *SortieCaptured, *SortiePile, *SortieStream:
		return true
	}
	return false
}

// Relocate is the move as parsed at r's place (see notation.Relocation).
func (m *SortieUnit) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Bottom, c.Top, c.At = r.Value(m.Bottom), r.Value(m.Top), r.Value(m.At)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *SortieHand) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = r.Values(m.Cards)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *SortieCaptured) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Flags = r.Values(m.Flags)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *SortiePile) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = r.Values(m.Cards)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *SortieStream) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

func (m *SortieUnit) String() string {
	s := "unit " + canonicalCard(m.Bottom) + "/" + canonicalCard(m.Top) + " " + m.At
	if m.Broken {
		s += " broken"
	}
	return s
}

func (m *SortieHand) String() string { return "hand " + cardWords(m.Cards) }

func (m *SortieCaptured) String() string { return "captured " + strings.Join(m.Flags, " ") }

func (m *SortiePile) String() string {
	if len(m.Cards) == 0 {
		return m.Pile + " " + canonicalNumber(m.Count)
	}
	return m.Pile + " " + cardWords(m.Cards)
}

func (m *SortieStream) String() string { return "stream " + canonicalNumber(m.Numbers.N) }

// canonicalNumber writes a number without leading zeros; one too large
// for an int stays as written.
func canonicalNumber(s string) string {
	if n, err := strconv.Atoi(s); err == nil {
		return strconv.Itoa(n)
	}
	return s
}

// cardWords writes cards canonically, separated by spaces.
func cardWords(cs []string) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = canonicalCard(c)
	}
	return strings.Join(out, " ")
}
