package notation_test

import (
	"fmt"
	"strings"

	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
)

// The games of these tests, written as the games of package grammar
// are, but small and of their own: a game of cards and squares (draw 7H,
// place 9C/KD a1, a1-b2xc3) as Sortie's moves are written, kept by their
// shape with cards and squares standing for any (ValueTokens), and a game
// of names (hand Scout Shock, Ben defend Scout Raider) as Void's are,
// kept by their shape with names standing for any name but the grammar's
// own words (ValueNames). The tests of the parser that need a real game's
// grammar are grammar's: with one here, go test would build package
// grammar once more, against this package's test build.

// move is a move of either game.
type move = notation.Move

// cardDraw records cards drawn: "draw 7H", "draw 7H 9C ?".
type cardDraw struct {
	notation.Node
	Cards []string `parser:"'draw' @(Card | Unknown)+"`
}

// cardPlace places a unit: "place 9C/KD a1".
type cardPlace struct {
	notation.Node
	Bottom string `parser:"'place' @Card '/'"`
	Top    string `parser:"@Card"`
	At     string `parser:"@Square"`
}

// cardAct is a unit's action: "a1-b2", "a1xb2" or "a1-b2xc3".
type cardAct struct {
	notation.Node
	From   string `parser:"@Square"`
	To     string `parser:"( '-' @Square"`
	Target string `parser:"  ('x' @Square)? | 'x' @Square )"`
}

func (m *cardDraw) Relocate(r *notation.Relocation) move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = r.Values(m.Cards)
	return c
}

func (m *cardPlace) Relocate(r *notation.Relocation) move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Bottom, c.Top, c.At = r.Value(m.Bottom), r.Value(m.Top), r.Value(m.At)
	return c
}

func (m *cardAct) Relocate(r *notation.Relocation) move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.From, c.To, c.Target = r.Value(m.From), r.Value(m.To), r.Value(m.Target)
	return c
}

func (m *cardDraw) String() string  { return "draw " + strings.Join(m.Cards, " ") }
func (m *cardPlace) String() string { return "place " + m.Bottom + "/" + m.Top + " " + m.At }

func (m *cardAct) String() string {
	s := m.From
	if m.To != "" {
		s += "-" + m.To
	}
	if m.Target != "" {
		s += "x" + m.Target
	}
	return s
}

// cardLexer is the game of cards' lexer: the shared rules plus cards,
// squares and the card nobody recorded, ?.
var cardLexer = notation.NewFastLexer(
	notation.GameRule{Name: "Card", Pattern: `(?:10|[2-9TAJQK])[CDHS]\b|J[RB]\b`, Match: matchCard},
	notation.GameRule{Name: "Square", Pattern: `[a-z][1-9][0-9]?`, Match: matchSquare},
	notation.GameRule{Name: "Unknown", Pattern: `\?\B`, Match: matchUnknown},
)

// matchCard matches the card rule's pattern by hand.
func matchCard(s string) int {
	n := 0
	switch {
	case strings.HasPrefix(s, "10"):
		n = 2
	case len(s) > 0 && strings.IndexByte("23456789TAJQK", s[0]) >= 0:
		n = 1
	default:
		return 0
	}
	if len(s) > n && strings.IndexByte("CDHS", s[n]) >= 0 && notation.WordEnd(s[n+1:]) {
		return n + 1
	}
	if len(s) > 1 && s[0] == 'J' && (s[1] == 'R' || s[1] == 'B') && notation.WordEnd(s[2:]) {
		return 2
	}
	return 0
}

// matchSquare matches the square rule's pattern by hand.
func matchSquare(s string) int {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' || s[1] < '1' || s[1] > '9' {
		return 0
	}
	if len(s) > 2 && '0' <= s[2] && s[2] <= '9' {
		return 3
	}
	return 2
}

// matchUnknown matches the unknown card's pattern by hand.
func matchUnknown(s string) int {
	if strings.HasPrefix(s, "?") && notation.WordEnd(s[1:]) {
		return 1
	}
	return 0
}

// cardGame parses the game of cards, its moves kept by their shape.
var cardGame = notation.Lazy(func() (*notation.Grammar, error) {
	return notation.NewGrammar(cardLexer, nil, notation.Moves{&cardDraw{}, &cardPlace{}, &cardAct{}}).ValueTokens("Card", "Square")
})

// nameMove is a move of the game of names: an action, with the player who
// takes it named first when they are not the player whose turn it is.
type nameMove struct {
	notation.Node
	By     *notation.PlayerRef `parser:"( (?= (Ident | String) ('play' | 'attack' | 'defend')) @@ )?"`
	Action nameAction          `parser:"@@"`
}

// nameAction is what a move of the game of names does.
type nameAction interface {
	String() string
	nameAction()
}

// nameList is a set-up line's list: sector North Forest, hand Scout
// Shock.
type nameList struct {
	Kind  string   `parser:"@('sector' | 'hand')"`
	Names []string `parser:"@(Ident | String)+"`
}

// nameCount is a set-up line's number: energy 2, life 10.
type nameCount struct {
	Kind  string `parser:"@('energy' | 'income' | 'life')"`
	Count int    `parser:"@Int"`
}

// namePlay plays a card, on a sector if it says one, picking a number if
// it says one: play Shock Middle, play Rift North pick 2.
type namePlay struct {
	Card   string `parser:"'play' @(Ident | String)"`
	Sector string `parser:"@(Ident | String)?"`
	Pick   int    `parser:"('pick' @Int)?"`
}

// namePair is an action on two names: field Raider Middle, attack Raider
// Middle, defend Scout Raider.
type namePair struct {
	Verb  string `parser:"@('field' | 'attack' | 'defend')"`
	First string `parser:"@(Ident | String)"`
	Other string `parser:"@(Ident | String)"`
}

func (*nameList) nameAction()  {}
func (*nameCount) nameAction() {}
func (*namePlay) nameAction()  {}
func (*namePair) nameAction()  {}

func (a *nameList) String() string  { return a.Kind + " " + strings.Join(a.Names, " ") }
func (a *nameCount) String() string { return fmt.Sprint(a.Kind, " ", a.Count) }
func (a *namePair) String() string  { return a.Verb + " " + a.First + " " + a.Other }

func (a *namePlay) String() string {
	s := strings.TrimSpace("play " + a.Card + " " + a.Sector)
	if a.Pick != 0 {
		s += fmt.Sprint(" pick ", a.Pick)
	}
	return s
}

func (m *nameMove) String() string {
	if m.By != nil {
		return m.By.Name + " " + m.Action.String()
	}
	return m.Action.String()
}

// Relocate is the move as parsed at r's place, with the names written
// there.
func (m *nameMove) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.By = r.Player(m.By)
	switch a := m.Action.(type) {
	case *nameList:
		n := notation.Copy(r, a)
		n.Names = r.Values(a.Names)
		c.Action = n
	case *namePlay:
		n := notation.Copy(r, a)
		n.Card, n.Sector = r.Value(a.Card), r.Value(a.Sector)
		c.Action = n
	case *namePair:
		n := notation.Copy(r, a)
		n.First, n.Other = r.Value(a.First), r.Value(a.Other)
		c.Action = n
	}
	return c
}

// nameGame parses the game of names, its moves kept by their shape, names
// standing for any name.
var nameGame = notation.Lazy(func() (*notation.Grammar, error) {
	return notation.NewGrammar(notation.NewFastLexer(), nil, notation.Moves{&nameMove{}},
		notation.UnionOf[nameAction](&nameList{}, &nameCount{}, &namePlay{}, &namePair{})).ValueNames(notation.TokenIdent)
})

var errorLines = notationtest.ErrorLines

var summary = notationtest.Summary
