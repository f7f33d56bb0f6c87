// Package sortie is Sortie's room in the referee: the binding of its grammar
// (grammar) to its engine (engine/sortie), its final state described and
// drawn (draw.go), registered with the referee core as the program
// starts. The engine is imported under its own name, which is this
// package's too. See docs/architecture.md.
package sortie

import (
	"fmt"
	"math"
	"strconv"
	"sync"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/cards"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/sortie"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/referee"
)

func init() {
	referee.Register(referee.Binding{
		Rules:     sortie.Game{},
		Grammar:   grammar.Sortie,
		Extension: ".sortie",
		Summary:   "two players, a 4x4 diamond grid, units of two playing cards; capture all three enemy flags",
		ToEngine:  sortieToEngine,
		Notate:    sortieNotate,
		Describe:  sortieDescribe,
		Key:       sortieKey,
		Draw:      sortieDraw,
		SVG:       sortieSVG,
		Board:     "board",
		Declares:  grammar.Declaration,
		Cards:     sortieCards,
	})
}

// The lexer admits only well-formed cards and squares, so these cannot
// fail; "?", which is no card, is the engine's Unknown.
//
// card reads the two-letter cards (7H, TS, QD) itself, as cards.Parse
// does, and leaves the others (10S, the jokers, "?") to it: it is called
// for every card of every move.
func card(s string) cards.Card {
	if len(s) == 2 {
		if r, suit := ranks[s[0]], suits[s[1]]; r != 0 && suit != 0 {
			return cards.Card{Rank: r, Suit: suit - 1}
		}
	}
	c, _ := cards.Parse(s)
	return c
}

// ranks is the rank a card's first letter gives, for card; 0 for no rank
// of a two-letter card.
var ranks = [256]cards.Rank{'A': cards.Ace, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8, '9': 9, 'T': 10,
	'J': cards.Jack, 'Q': cards.Queen, 'K': cards.King}

// suits is one more than the suit a card's last letter gives, for card; 0
// for no suit.
var suits = [256]cards.Suit{'C': 1 + cards.Clubs, 'D': 1 + cards.Diamonds, 'H': 1 + cards.Hearts, 'S': 1 + cards.Spades}

// square reads a square; one of one digit, as every square of the board
// is, without grid.Parse's number parsing.
func square(s string) grid.Square {
	if len(s) == 2 && s[0] >= 'a' && s[0] <= 'z' && s[1] >= '1' && s[1] <= '9' {
		return grid.Square{File: int(s[0] - 'a'), Rank: int(s[1] - '1')}
	}
	sq, _ := grid.Parse(s)
	return sq
}

// boardMoves are every step and attack from a square of the board to
// another, each made an engine.Move once, by the board index of its two
// squares: a Step or an Attack put into an engine.Move is an allocation,
// and most moves are one of them. They are made at the first Sortie move
// read, not by every process.
func boardMoves() *boardMoveTable {
	// sync.Once's check is inlined where a sync.OnceValue was a call
	// through a closure at every move.
	boardMovesOnce.Do(makeBoardMoves)
	return boardMoveTables
}

func makeBoardMoves() {
	m := new(boardMoveTable)
	for from := range sortie.Board.Size() {
		for to := range sortie.Board.Size() {
			a, b := sortie.Board.Square(from), sortie.Board.Square(to)
			m.steps[from][to] = sortie.Step{From: a, To: b}
			m.attacks[from][to] = sortie.Attack{From: a, Target: b}
		}
	}
	boardMoveTables = m
}

// boardMoveTable is boardMoves' table, by the board index of the squares
// from and to.
type boardMoveTable struct {
	steps, attacks [boardFiles * boardRanks][boardFiles * boardRanks]engine.Move
}

// boardFiles and boardRanks are the board's size, sortie.Board's, as
// constants for boardIndex.
const boardFiles, boardRanks = 4, 4

var (
	boardMovesOnce  sync.Once
	boardMoveTables *boardMoveTable
)

// boardIndex is the board index (sortie.Board.Index) of a square of the
// board written as the lexer writes it (a1 to d4), read from its two
// bytes; -1 for any other square.
func boardIndex(s string) int {
	if len(s) != 2 {
		return -1
	}
	file, rank := uint(s[0])-'a', uint(s[1])-'1'
	if file >= boardFiles || rank >= boardRanks {
		return -1
	}
	return int(rank*boardFiles + file)
}

// step is the engine's move of a unit from one square to another.
func step(from, to string) engine.Move {
	if i, j := boardIndex(from), boardIndex(to); i >= 0 && j >= 0 {
		return boardMoves().steps[i][j]
	}
	return sortie.Step{From: square(from), To: square(to)}
}

// attack is the engine's attack of the unit on target by the one on from.
func attack(from, target string) engine.Move {
	if i, j := boardIndex(from), boardIndex(target); i >= 0 && j >= 0 {
		return boardMoves().attacks[i][j]
	}
	return sortie.Attack{From: square(from), Target: square(target)}
}

func cardsOf(ss []string) []cards.Card {
	out := make([]cards.Card, len(ss))
	for i, s := range ss {
		out[i] = card(s)
	}
	return out
}

// number reads a declared number; the lexer admits only digits, and one
// too large for an int is read as the largest, for the engine to refuse
// as more than the game has.
func number(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return math.MaxInt
	}
	return n
}

func sortieToEngine(dst []engine.Move, m notation.Move, setup bool) []engine.Move {
	if setup {
		if _, draw := m.(*grammar.SortieDraw); !draw {
			// Only the opening hand belongs on a set-up line: the engine
			// refuses anything else there, rather than play it as turn 1's.
			out := sortieToEngine(dst, m, false)
			for i, em := range out[len(dst):] {
				out[len(dst)+i] = engine.OnSetupLine{Move: em}
			}
			return out
		}
	}
	switch m := m.(type) {
	case *grammar.SortieDraw:
		d := sortie.Draw{Opening: setup}
		for _, c := range m.Cards {
			d.Cards = append(d.Cards, card(c))
		}
		return append(dst, d)
	case *grammar.SortiePlace:
		return append(dst, sortie.Place{Bottom: card(m.Bottom), Top: card(m.Top), At: square(m.At)})
	case *grammar.SortieUnit:
		return append(dst, sortie.DeclareUnit{Bottom: card(m.Bottom), Top: card(m.Top), At: square(m.At), Broken: m.Broken})
	case *grammar.SortieHand:
		return append(dst, sortie.DeclareHand{Cards: cardsOf(m.Cards)})
	case *grammar.SortieCaptured:
		flags := make([]grid.Square, len(m.Flags))
		for i, f := range m.Flags {
			flags[i] = square(f)
		}
		return append(dst, sortie.DeclareCaptured{Flags: flags})
	case *grammar.SortiePile:
		p := sortie.Pile{Cards: cardsOf(m.Cards)}
		if len(m.Cards) == 0 {
			p = sortie.Pile{Count: number(m.Count)}
		}
		if m.Pile == "discard" {
			return append(dst, sortie.DeclareDiscard(p))
		}
		return append(dst, sortie.DeclareDeck(p))
	case *grammar.SortieStream:
		return append(dst, sortie.DeclareStream{Numbers: number(m.Numbers.N)})
	case *grammar.SortieAct:
		out := dst
		at := m.From
		if m.To != "" {
			out = append(out, step(m.From, m.To))
			at = m.To
		}
		if m.Target != "" {
			out = append(out, attack(at, m.Target))
		}
		return out
	}
	panic(fmt.Sprintf("sortie: unknown move %T", m))
}

// sortieNotate writes an engine move as the grammar's node for it would
// print, so that the notation has one printer. A declaration of a
// position comes wrapped as a move of a set-up line, where it is written.
func sortieNotate(m engine.Move) string {
	if w, ok := m.(engine.OnSetupLine); ok {
		m = w.Move
	}
	var node grammar.SortieMove
	switch m := m.(type) {
	case sortie.Draw:
		node = &grammar.SortieDraw{Cards: cardStrings(m.Cards)}
	case sortie.Place:
		node = &grammar.SortiePlace{Bottom: cardString(m.Bottom), Top: cardString(m.Top), At: m.At.String()}
	case sortie.Step:
		node = &grammar.SortieAct{From: m.From.String(), To: m.To.String()}
	case sortie.Attack:
		node = &grammar.SortieAct{From: m.From.String(), Target: m.Target.String()}
	case sortie.DeclareUnit:
		node = &grammar.SortieUnit{Bottom: cardString(m.Bottom), Top: cardString(m.Top), At: m.At.String(), Broken: m.Broken}
	case sortie.DeclareHand:
		node = &grammar.SortieHand{Cards: cardStrings(m.Cards)}
	case sortie.DeclareCaptured:
		c := &grammar.SortieCaptured{}
		for _, f := range m.Flags {
			c.Flags = append(c.Flags, f.String())
		}
		node = c
	case sortie.DeclareDeck:
		node = pileNode("deck", sortie.Pile(m))
	case sortie.DeclareDiscard:
		node = pileNode("discard", sortie.Pile(m))
	case sortie.DeclareStream:
		node = &grammar.SortieStream{Numbers: grammar.SortieNumber{N: strconv.Itoa(m.Numbers)}}
	default:
		panic(fmt.Sprintf("sortie: unknown move %T", m))
	}
	return node.String()
}

func cardStrings(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = cardString(c)
	}
	return out
}

// cardString writes a card as the notation does: a card nobody recorded
// as "?".
func cardString(c cards.Card) string {
	if c == sortie.Unknown {
		return grammar.Unknown
	}
	return c.String()
}

// handWords writes a player's hand: the cards it holds by name, then a
// "?" for each card nobody recorded.
func handWords(s *sortie.State, player int) []string {
	var hand []string
	for _, c := range s.Hand(player) {
		hand = append(hand, c.String())
	}
	for range s.Unknowns(player) {
		hand = append(hand, grammar.Unknown)
	}
	return hand
}

// pileNode is the grammar's node for a declared deck or discard pile.
func pileNode(word string, p sortie.Pile) *grammar.SortiePile {
	if len(p.Cards) == 0 {
		return &grammar.SortiePile{Pile: word, Count: strconv.Itoa(p.Count)}
	}
	return &grammar.SortiePile{Pile: word, Cards: cardStrings(p.Cards)}
}

// sortieDescribe writes the board square by square, the flags, the hands
// and the piles. A check describes the final state of every file, so the
// rows are written with appends into one buffer, made one string, and cut
// from it.
func sortieDescribe(st engine.State, players []string) []referee.Row {
	s := st.(*sortie.State).Settled()
	b := make([]byte, 0, 512) // most final states write all the rows in one
	for rank := sortie.Board.Ranks - 1; rank >= 0; rank-- {
		for file := 0; file < sortie.Board.Files; file++ {
			sq := grid.Square{File: file, Rank: rank}
			u := s.UnitAt(sq)
			if u == nil {
				continue
			}
			if len(b) > 0 {
				b = append(b, ", "...)
			}
			b = sq.Append(b)
			b = append(b, ' ')
			b = append(b, players[u.Owner]...)
			b = append(b, ' ')
			b = u.Bottom.Append(b)
			b = append(b, '/')
			b = u.Top.Append(b)
			if !u.Shield {
				b = append(b, " (shield broken)"...)
			}
		}
	}
	if len(b) == 0 {
		b = append(b, "empty"...)
	}
	board := len(b)
	var sqs [3]grid.Square // a side's flags, three at most, read into it
	b = referee.AppendPerPlayer(b, players, func(b []byte, p int) []byte {
		b = appendSquares(b, s.AppendFlags(sqs[:0], p))
		if lost := s.AppendCaptured(sqs[:0], 1-p); len(lost) > 0 {
			b = append(b, " (lost "...)
			b = appendSquares(b, lost)
			b = append(b, ')')
		}
		return b
	})
	flags := len(b)
	b = referee.AppendPerPlayer(b, players, func(b []byte, p int) []byte {
		hand, unknowns := s.Hand(p), s.Unknowns(p)
		if len(hand) == 0 && unknowns == 0 {
			return append(b, "empty"...)
		}
		for i, c := range hand {
			if i > 0 {
				b = append(b, ' ')
			}
			b = c.Append(b)
		}
		for i := range unknowns {
			if i > 0 || len(hand) > 0 {
				b = append(b, ' ')
			}
			b = append(b, grammar.Unknown...)
		}
		return b
	})
	hands := len(b)
	b = append(referee.AppendPlural(b, s.Deck(), "card"), ", "...)
	b = append(referee.AppendPlural(b, s.Discards(), "card"), " discarded"...)
	text := string(b)
	return []referee.Row{
		{Name: "board", Value: text[:board]},
		{Name: "flags", Value: text[board:flags]},
		{Name: "hands", Value: text[flags:hands]},
		{Name: "deck", Value: text[hands:]},
	}
}

// appendSquares appends squares space separated, or "none".
func appendSquares(b []byte, sqs []grid.Square) []byte {
	if len(sqs) == 0 {
		return append(b, "none"...)
	}
	for i, sq := range sqs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = sq.Append(b)
	}
	return b
}

// squares is appendSquares' text, for the drawn state.
func squares(sqs []grid.Square) string { return string(appendSquares(nil, sqs)) }

// sortieCards names the cards a move plays: a unit placed is two.
func sortieCards(m notation.Move) []string {
	if p, ok := m.(*grammar.SortiePlace); ok {
		return []string{p.Bottom, p.Top}
	}
	return nil
}
