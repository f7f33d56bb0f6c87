// Package mecha is Mecha's room in the referee: the binding of its grammar
// (grammar) to its engine (engine/mecha), its final state described and
// drawn (draw.go) and its default catalogue (mecha.cards), registered with the referee core as the program
// starts. The engine is imported under its own name, which is this
// package's too. See docs/architecture.md.
package mecha

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/mecha"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/referee"
	"github.com/tabletop-referee/referee/referee/catalogue"
)

//go:embed mecha.cards
var mechaCatalogue string

func init() {
	referee.Register(referee.Binding{
		Rules:     mecha.Game{},
		Grammar:   grammar.Mecha,
		Extension: ".mecha",
		Summary:   "two players, a 5x7 grid, towers, mechas, pilots and commands from a card catalogue; five direct attacks win",
		ToEngine:  mechaToEngine,
		Notate:    mechaNotate,
		Describe:  mechaDescribe,
		Key:       mechaKey,
		Draw:      mechaDraw,
		SVG:       mechaSVG,
		Declares:  mechaDeclares,
		Cards:     mechaCards,
		Catalogue: &catalogue.Vocabulary{
			DefaultName:   "mecha.cards (the default catalogue)",
			DefaultSource: mechaCatalogue,
			Default:       defaultCatalogue,
			Load:          loadMecha,
		},
	})
}

func loadMecha(cat *catalogue.Catalogue) (engine.Game, []catalogue.Card, []*catalogue.Error) {
	cs, errs := mecha.Load(cat)
	var info []catalogue.Card
	for _, c := range cs.All() {
		info = append(info, catalogue.Card{Kind: c.Kind.String(), Name: c.Name, Text: c.Stats()})
	}
	for _, name := range cs.Decks() {
		list, _ := cs.Deck(name)
		var parts []string
		for _, dc := range list {
			parts = append(parts, fmt.Sprintf("%d %s", dc.Count, grammar.MechaName(dc.Card)))
		}
		info = append(info, catalogue.Card{Kind: "deck", Name: name, Text: strings.Join(parts, " ")})
	}
	return mecha.Game{Cards: cs}, info, errs
}

// square reads a square the lexer has admitted, so it cannot fail. The
// lexer admits a letter and one or two digits, the first not 0: a
// square of two characters is read without grid.Parse's number.
func square(s string) grid.Square {
	if len(s) == 2 {
		return grid.Square{File: int(s[0] - 'a'), Rank: int(s[1] - '1')}
	}
	sq, _ := grid.Parse(s)
	return sq
}

// boardMoves are the steps from each square of the board to the squares
// beside it, each made into an engine.Move once, and the board's squares,
// for a play's square: an engine.Move holding a Step is allocated, as is
// a square a Play points to, and most moves a check reads are steps and
// plays. Both are indexed by mecha.Board.Index.
type boardMoves struct {
	steps   [][len(besides)]engine.Move // by the direction in besides
	squares []grid.Square
}

// besides are the four directions of a step, as file and rank added.
var besides = [...]grid.Square{{File: 0, Rank: 1}, {File: 1, Rank: 0}, {File: 0, Rank: -1}, {File: -1, Rank: 0}}

var onBoard = sync.OnceValue(makeBoardMoves)

func makeBoardMoves() *boardMoves {
	n := mecha.Board.Size()
	b := &boardMoves{steps: make([][len(besides)]engine.Move, n), squares: make([]grid.Square, n)}
	for i := range n {
		from := mecha.Board.Square(i)
		b.squares[i] = from
		for d, by := range besides {
			b.steps[i][d] = mecha.Step{From: from, To: grid.Square{File: from.File + by.File, Rank: from.Rank + by.Rank}}
		}
	}
	return b
}

// step is the move from one square to the next.
func (b *boardMoves) step(from, to grid.Square) engine.Move {
	if mecha.Board.Contains(from) {
		by := grid.Square{File: to.File - from.File, Rank: to.Rank - from.Rank}
		if d := slices.Index(besides[:], by); d >= 0 {
			return b.steps[mecha.Board.Index(from)][d]
		}
	}
	return mecha.Step{From: from, To: to}
}

// square points to sq: to the board's own when it is on the board. The
// engine only reads a play's square.
func (b *boardMoves) square(sq grid.Square) *grid.Square {
	if mecha.Board.Contains(sq) {
		return &b.squares[mecha.Board.Index(sq)]
	}
	return &sq
}

func mechaToEngine(dst []engine.Move, m notation.Move, setup bool) []engine.Move {
	out := dst
	switch m := m.(type) {
	case *grammar.MechaDeck:
		d := mecha.Deck{Named: string(m.Named), InTurn: !setup}
		for _, it := range m.Items {
			d.List = append(d.List, mecha.DeckCount{Count: it.Count, Card: string(it.Card)})
		}
		return append(dst, d)
	case *grammar.MechaDraw:
		d := mecha.Draw{Opening: setup}
		for _, c := range m.Cards {
			d.Cards = append(d.Cards, string(c))
		}
		return append(dst, d)
	case *grammar.MechaMulligan:
		return append(dst, mecha.Mulligan{InTurn: !setup})
	case *grammar.MechaPlay:
		p := mecha.Play{Card: string(m.Card)}
		if m.At != "" {
			p.At = onBoard().square(square(m.At))
		}
		out = append(out, p)
	case *grammar.MechaAct:
		b := onBoard()
		at := square(m.From)
		for _, to := range m.Path {
			next := square(to)
			out = append(out, b.step(at, next))
			at = next
		}
		switch {
		case m.Target != "":
			out = append(out, mecha.Attack{From: at, Target: square(m.Target)})
		case m.Direct:
			out = append(out, mecha.Direct{From: at, Card: string(m.DamageCard)})
		}
	case *grammar.MechaDiscard:
		out = append(out, mecha.Discard{Card: string(m.Card)})
	case *grammar.MechaSacrifice:
		out = append(out, mecha.Sacrifice{At: square(m.At)})
	case *grammar.MechaSkip:
		out = append(out, mecha.SkipDraw{Card: string(m.Card)})
	case *grammar.MechaUnit:
		d := mecha.DeclareUnit{Kind: mecha.Mecha, Card: string(m.Card), At: square(m.At), Pilot: string(m.Pilot),
			Durability: counters(m.Durability), Armour: counters(m.Armour), InTurn: !setup}
		if m.Kind == "tower" {
			d.Kind = mecha.Tower
		}
		return append(dst, d)
	case *grammar.MechaPlaced:
		return append(dst, mecha.DeclarePlaced{Card: string(m.Card), At: square(m.At), Time: counters(m.Time), InTurn: !setup})
	case *grammar.MechaZone:
		zone, _ := mecha.ZoneOf(m.Zone) // the grammar admits the zones' words only
		d := mecha.DeclareZone{Zone: zone, InTurn: !setup}
		for _, c := range m.Cards {
			d.Cards = append(d.Cards, string(c))
		}
		return append(dst, d)
	default:
		panic(fmt.Sprintf("mecha: unknown move %T", m))
	}
	if setup {
		// Only deck, draw and mulligan belong on a set-up line: the engine
		// refuses the rest there.
		for i, em := range out[len(dst):] {
			out[len(dst)+i] = engine.OnSetupLine{Move: em}
		}
	}
	return out
}

// counters is a declared number of counters, or mecha.Entering when it
// is left out.
func counters(n *grammar.MechaCount) int {
	if n == nil {
		return mecha.Entering
	}
	return n.N
}

// written is a number of counters as a declaration writes it: nil, left
// out, for mecha.Entering.
func written(n int) *grammar.MechaCount {
	if n == mecha.Entering {
		return nil
	}
	return &grammar.MechaCount{N: n}
}

// mechaDeclares tells whether a move declares part of a position.
func mechaDeclares(m notation.Move) bool {
	switch m.(type) {
	case *grammar.MechaUnit, *grammar.MechaPlaced, *grammar.MechaZone:
		return true
	}
	return false
}

// mechaNotate writes an engine move as the grammar's node for it would
// print, so that the notation has one printer.
func mechaNotate(m engine.Move) string {
	var node grammar.MechaMove
	switch m := m.(type) {
	case engine.OnSetupLine:
		return mechaNotate(m.Move)
	case mecha.Deck:
		d := &grammar.MechaDeck{Named: grammar.MechaName(m.Named)}
		for _, dc := range m.List {
			d.Items = append(d.Items, &grammar.MechaDeckItem{Count: dc.Count, Card: grammar.MechaName(dc.Card)})
		}
		node = d
	case mecha.DeclareUnit:
		u := &grammar.MechaUnit{Kind: "mecha", Card: grammar.MechaName(m.Card), At: m.At.String(), Pilot: grammar.MechaName(m.Pilot),
			Durability: written(m.Durability), Armour: written(m.Armour)}
		if m.Kind == mecha.Tower {
			u.Kind = "tower"
		}
		node = u
	case mecha.DeclarePlaced:
		node = &grammar.MechaPlaced{Card: grammar.MechaName(m.Card), At: m.At.String(), Time: written(m.Time)}
	case mecha.DeclareZone:
		z := &grammar.MechaZone{Zone: m.Zone.String()}
		for _, c := range m.Cards {
			z.Cards = append(z.Cards, grammar.MechaName(c))
		}
		node = z
	case mecha.Draw:
		d := &grammar.MechaDraw{}
		for _, c := range m.Cards {
			d.Cards = append(d.Cards, grammar.MechaName(c))
		}
		node = d
	case mecha.Play:
		p := &grammar.MechaPlay{Card: grammar.MechaName(m.Card)}
		if m.At != nil {
			p.At = m.At.String()
		}
		node = p
	case mecha.Step:
		node = &grammar.MechaAct{From: m.From.String(), Path: []string{m.To.String()}}
	case mecha.Attack:
		node = &grammar.MechaAct{From: m.From.String(), Target: m.Target.String()}
	case mecha.Direct:
		node = &grammar.MechaAct{From: m.From.String(), Direct: true, DamageCard: grammar.MechaName(m.Card)}
	case mecha.Discard:
		node = &grammar.MechaDiscard{Card: grammar.MechaName(m.Card)}
	case mecha.Sacrifice:
		node = &grammar.MechaSacrifice{At: m.At.String()}
	case mecha.SkipDraw:
		node = &grammar.MechaSkip{Card: grammar.MechaName(m.Card)}
	default:
		panic(fmt.Sprintf("mecha: unknown move %T", m))
	}
	return node.String()
}

// mechaDescribe writes the board square by square, then each player's
// zones.
func mechaDescribe(st engine.State, players []string) []referee.Row {
	s := st.(*mecha.State)
	// The board is written into one buffer, unit after unit, where a
	// Sprintf and a join a unit took a fifth of the description's time.
	var board []byte
	unit := func() []byte {
		if len(board) > 0 {
			board = append(board, ", "...)
		}
		return board
	}
	for rank := mecha.Board.Ranks - 1; rank >= 0; rank-- {
		for file := 0; file < mecha.Board.Files; file++ {
			sq := grid.Square{File: file, Rank: rank}
			u := s.UnitAt(sq)
			if u == nil {
				continue
			}
			board = append(unit(), sq.String()...)
			board = append(append(board, ' '), players[u.Owner]...)
			board = append(append(board, ' '), grammar.MechaName(u.Card.Name).String()...)
			board = strconv.AppendInt(append(board, ' '), int64(u.Power()), 10)
			board = strconv.AppendInt(append(board, '/'), int64(u.Durability), 10)
			switch {
			case u.Armour > 0 && u.Pilot != nil:
				board = strconv.AppendInt(append(board, " (armour "...), int64(u.Armour), 10)
				board = append(append(board, ", pilot "...), grammar.MechaName(u.Pilot.Name).String()...)
				board = append(board, ')')
			case u.Armour > 0:
				board = strconv.AppendInt(append(board, " (armour "...), int64(u.Armour), 10)
				board = append(board, ')')
			case u.Pilot != nil:
				board = append(append(board, " (pilot "...), grammar.MechaName(u.Pilot.Name).String()...)
				board = append(board, ')')
			}
		}
	}
	// Each player's placed commands, in the order placed: a position
	// declares them a player at a time (engine/mecha/position.go).
	placed := s.Placed()
	slices.SortStableFunc(placed, func(a, b mecha.PlacedCommand) int { return a.Owner - b.Owner })
	for _, pc := range placed {
		board = fmt.Appendf(unit(), "%v %s %s (time %d)", pc.At, players[pc.Owner], grammar.MechaName(pc.Card.Name), pc.Time)
	}
	if len(board) == 0 {
		board = append(board, "empty"...)
	}
	each := func(f func(p int) string) string { return referee.PerPlayer(players, f) }
	names := func(cards []string) string { return referee.NameList(cards, grammar.MechaName.String) }
	return []referee.Row{
		{Name: "board", Value: string(board)},
		{Name: "bandwidth", Value: each(func(p int) string {
			provided, used := s.Bandwidth(p)
			return strconv.Itoa(used) + " of " + strconv.Itoa(provided) + " used"
		})},
		{Name: "hands", Value: each(func(p int) string { return names(s.Hand(p)) })},
		{Name: "decks", Value: each(func(p int) string { return referee.Plural(s.DeckSize(p), "card") })},
		{Name: "damage", Value: each(func(p int) string { return names(s.DamageZone(p)) })},
		{Name: "graveyard", Value: each(func(p int) string { return names(s.Graveyard(p)) })},
	}
}

// mechaCards names the card a move plays from the hand.
func mechaCards(m notation.Move) []string {
	if p, ok := m.(*grammar.MechaPlay); ok {
		return []string{string(p.Card)}
	}
	return nil
}
