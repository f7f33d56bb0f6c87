package grammar

import (
	"regexp"
	"strings"
	"sync"

	"github.com/tabletop-referee/referee/notation"
)

// SortieMove is one Sortie move: a draw, a placement, or a unit's action.
type SortieMove interface {
	notation.Move
	sortieMove()
}

// SortieDraw records cards drawn: "draw 7H", or "draw 7H 9C KD 2S" for an
// opening hand; "?" is a card nobody recorded ("draw ?").
type SortieDraw struct {
	notation.Node
	Cards []string `parser:"'draw' @(Card | Unknown)+"`
}

// SortiePlace places a unit, bottom card (hit points) first: "place 9C/KD a1".
// A unit's cards are face up, so "?" is not written there.
type SortiePlace struct {
	notation.Node
	Bottom string `parser:"'place' @Card '/'"`
	Top    string `parser:"@Card"`
	At     string `parser:"@Square"`
}

// SortieAct is a unit's action: a move "a1-b2", an attack "a1xb2", or a
// move then an attack "a1-b2xc3".
type SortieAct struct {
	notation.Node
	From   string `parser:"@Square"`
	To     string `parser:"( '-' @Square"`
	Target string `parser:"  ('x' @Square)? | 'x' @Square )"`
}

func (*SortieDraw) sortieMove()  {}
func (*SortiePlace) sortieMove() {}
func (*SortieAct) sortieMove()   {}

// Relocate is the move as parsed at r's place (see notation.Relocation).
func (m *SortieDraw) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = r.Values(m.Cards)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *SortiePlace) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Bottom, c.Top, c.At = r.Value(m.Bottom), r.Value(m.Top), r.Value(m.At)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *SortieAct) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.From, c.To, c.Target = r.Value(m.From), r.Value(m.To), r.Value(m.Target)
	return c
}

func (m *SortieDraw) String() string {
	cards := make([]string, len(m.Cards))
	for i, c := range m.Cards {
		cards[i] = canonicalCard(c)
	}
	return "draw " + strings.Join(cards, " ")
}

func (m *SortiePlace) String() string {
	return "place " + canonicalCard(m.Bottom) + "/" + canonicalCard(m.Top) + " " + m.At
}

func (m *SortieAct) String() string {
	s := m.From
	if m.To != "" {
		s += "-" + m.To
	}
	if m.Target != "" {
		s += "x" + m.Target
	}
	return s
}

// canonicalCard writes ten as 10, however it was written; "?" stays "?".
func canonicalCard(c string) string {
	if strings.HasPrefix(c, "T") {
		return "10" + c[1:]
	}
	return c
}

// SortieLexer is Sortie's lexer: the shared rules plus cards, squares and
// the unknown card.
var SortieLexer = notation.NewFastLexer(cardRule, squareRule, unknownRule)

// cardRule is a playing card: a rank and a suit, or a joker.
var cardRule = notation.GameRule{Name: "Card", Pattern: `(?:10|[2-9TAJQK])[CDHS]\b|J[RB]\b`, Match: matchCard}

// matchCard matches cardRule's pattern by hand.
func matchCard(s string) int {
	if len(s) < 2 {
		return 0
	}
	n := 1 // the rank's length
	switch s[0] {
	case '1':
		if s[1] != '0' {
			return 0
		}
		n = 2
	case '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'A', 'J', 'Q', 'K':
	default:
		return 0
	}
	if len(s) > n {
		switch s[n] {
		case 'C', 'D', 'H', 'S':
			if notation.WordEnd(s[n+1:]) {
				return n + 1
			}
		}
	}
	// J[RB]\b: "10" and the ranks cannot begin a joker but J.
	if s[0] == 'J' && (s[1] == 'R' || s[1] == 'B') && notation.WordEnd(s[2:]) {
		return 2
	}
	return 0
}

const sortieCardWords = "a card like 7H or 10S"

const sortieMoveWords = "a move (draw 7H, place 9C/KD a1, a1-b2, a1xb2 or a1-b2xc3)"

// sortieMoves are Sortie's move types.
var sortieMoves = notation.Moves{&SortieDraw{}, &SortiePlace{}, &SortieAct{},
	&SortieUnit{}, &SortieHand{}, &SortieCaptured{}, &SortiePile{}, &SortieStream{}}

// Sortie parses Sortie transcripts.
var Sortie = notation.Lazy(buildSortie)

// buildSortie builds Sortie's grammar.
func buildSortie() (*notation.Grammar, error) {
	g, err := notation.NewGrammar(SortieLexer,
		map[string]string{
			"<card>": "a card like 7H or 10S",
			// "?" goes where a card may; the messages name the cards, as
			// they did before "?" was written. Participle names a sequence
			// that begins with a group whole, so each gets its words.
			"(<card> | <unknown>)":  sortieCardWords,
			"(<card> | <unknown>)+": sortieCardWords,
			"<square>":              "a square like b3",
			"Move":                  sortieMoveWords,
			`(("-" <square> ("x" <square>)?) | ("x" <square>))`: `"-" and a square to move to, or "x" and a square to attack`,
			`"/"`:                             `"/" between the bottom and the top card, as in 9C/KD`,
			"SortieNumber":                    "a number like 104",
			`((<card> | <unknown>)+ | <int>)`: "cards, or how many there are, as in deck 7H 9C or deck 30",
		},
		sortieMoves,
	).ValueTokens("Card", "Square")
	if err != nil {
		return nil, err
	}
	return g.WithHint(sortieHint), nil
}

// Malformed cards and squares, for sortieHint, compiled at the first
// error that needs them.
var (
	lowerSuit   = lazyRegexp(`^(10|[2-9TAJQK])[cdhs]$`)
	lowerRank   = lazyRegexp(`^([tajqk])([CDHScdhs])$`)
	oneForAce   = lazyRegexp(`^1([CDHScdhs])$`)
	upperSquare = lazyRegexp(`^[A-Da-d][1-4]$`)
	offBoard    = lazyRegexp(`^[a-zA-Z][0-9]+$`)
)

// sortieHint says which part of a malformed card or square is wrong.
func sortieHint(word string) string {
	switch {
	case lowerSuit().MatchString(word):
		return "the suit is a capital letter, as in " + strings.ToUpper(word)
	case lowerRank().MatchString(word):
		return "the rank is a capital letter, as in " + strings.ToUpper(word)
	case oneForAce().MatchString(word):
		return "an ace is A, as in A" + strings.ToUpper(word[1:])
	case upperSquare().MatchString(word) && word != strings.ToLower(word):
		return "squares are written in small letters, a1 to d4, as in " + strings.ToLower(word)
	case offBoard().MatchString(word) && !upperSquare().MatchString(word):
		return "the squares are a1 to d4"
	}
	return ""
}

// lazyRegexp compiles pattern at its first use.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
