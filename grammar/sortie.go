package grammar

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/notation"
)

// SortieMove is one Sortie move: a draw, a placement, or a unit's action.
type SortieMove interface {
	notation.Move
	sortieMove()
}

// SortieDraw records cards drawn: "draw 7H", or "draw 7H 9C KD 2S" for an
// opening hand.
type SortieDraw struct {
	notation.Node
	Cards []string `parser:"'draw' @Card+"`
}

// SortiePlace places a unit, bottom card (hit points) first: "place 9C/KD a1".
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

// canonicalCard writes ten as 10, however it was written.
func canonicalCard(c string) string {
	if strings.HasPrefix(c, "T") {
		return "10" + c[1:]
	}
	return c
}

// SortieLexer is Sortie's lexer: the shared rules plus cards and squares.
var SortieLexer = notation.NewLexer(
	lexer.SimpleRule{Name: "Card", Pattern: `(?:10|[2-9TAJQK])[CDHS]\b|J[RB]\b`},
	lexer.SimpleRule{Name: "Square", Pattern: `[a-z][1-9][0-9]?`},
)

const sortieMoveWords = "a move (draw 7H, place 9C/KD a1, a1-b2, a1xb2 or a1-b2xc3)"

// Sortie parses Sortie transcripts.
var Sortie = must(notation.NewGrammar[SortieMove](SortieLexer,
	map[string]string{
		"<card>":     "a card like 7H or 10S",
		"<square>":   "a square like b3",
		"SortieMove": sortieMoveWords,
		"Move":       sortieMoveWords,
		`(("-" <square> ("x" <square>)?) | ("x" <square>))`: `"-" and a square to move to, or "x" and a square to attack`,
		`"/"`: `"/" between the bottom and the top card, as in 9C/KD`,
	},
	participle.Union[SortieMove](&SortieDraw{}, &SortiePlace{}, &SortieAct{}),
))

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
