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
	"sync/atomic"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/mecha"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/internal/namememo"
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
			List:          listMecha,
		},
	})
}

func loadMecha(cat *catalogue.Catalogue) (engine.Game, []*catalogue.Error) {
	cs, errs := mecha.Load(cat)
	return mecha.Game{Cards: cs}, errs
}

// listMecha is the cards of rules loadMecha gave, for listings.
func listMecha(rules engine.Game) []catalogue.Card {
	cs := rules.(mecha.Game).Cards
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
	return info
}

// square reads a square the lexer has admitted, so it cannot fail: the
// lexer admits a letter and one or two digits, the first not 0
// (grammar's squareRule), read here in place of grid.Parse's number, and
// inline.
func square(s string) grid.Square {
	rank := int(s[1] - '0')
	if len(s) == 3 {
		rank = rank*10 + int(s[2]-'0')
	}
	return grid.Square{File: int(s[0] - 'a'), Rank: rank - 1}
}

// boardMoves are the steps from each square of the board to the squares
// beside it, the attacks from each square of the board on each other, and
// each square's direct attack and sacrifice, each made into an engine.Move
// once, and the board's squares, for a play's square: an engine.Move
// holding a Step, an Attack, a Direct or a Sacrifice is allocated, as is a
// square a Play points to, and most moves a check reads are steps,
// attacks and plays (cardMoves). All are indexed by mecha.Board.Index.
type boardMoves struct {
	steps [][]engine.Move // by the squares from and to, nil but for squares beside each other
	// A small file meets attacks from a few squares: each square's
	// attacks are made when one is met, once.
	attacks     [][]engine.Move
	attacksMade []sync.Once
	// Each square's direct attack without a damage card (a seeded game
	// writes none) and its sacrifice.
	directs, sacrifices []engine.Move
	squares             []grid.Square
}

// theBoardMoves is made at the first Mecha move a process reads (about
// 150 allocations), not as every process starts: see onBoard.
var (
	theBoardMoves  *boardMoves
	boardMovesMade sync.Once
)

// onBoard is the board's moves, made at the first call. A sync.Once rather
// than a sync.OnceValue, whose function is called at every move: the
// Once's check is made inline.
func onBoard() *boardMoves {
	boardMovesMade.Do(makeBoardMoves)
	return theBoardMoves
}

func makeBoardMoves() {
	n := mecha.Board.Size()
	b := &boardMoves{steps: make([][]engine.Move, n), attacks: make([][]engine.Move, n),
		attacksMade: make([]sync.Once, n), directs: make([]engine.Move, n), sacrifices: make([]engine.Move, n),
		squares: make([]grid.Square, n)}
	for i := range n {
		from := mecha.Board.Square(i)
		b.squares[i] = from
		b.directs[i] = mecha.Direct{From: from}
		b.sacrifices[i] = mecha.Sacrifice{At: from}
		b.steps[i] = make([]engine.Move, n)
		for _, to := range mecha.Board.Orthogonal(from) {
			b.steps[i][mecha.Board.Index(to)] = mecha.Step{From: from, To: to}
		}
	}
	theBoardMoves = b
}

// step is the move from one square to the next.
func (b *boardMoves) step(from, to grid.Square) engine.Move {
	if mecha.Board.Contains(from) && mecha.Board.Contains(to) {
		if m := b.steps[mecha.Board.Index(from)][mecha.Board.Index(to)]; m != nil {
			return m
		}
	}
	return mecha.Step{From: from, To: to}
}

// attack is the attack from one square on another.
func (b *boardMoves) attack(from, target grid.Square) engine.Move {
	if mecha.Board.Contains(from) && mecha.Board.Contains(target) {
		i := mecha.Board.Index(from)
		b.attacksMade[i].Do(func() {
			attacks := make([]engine.Move, mecha.Board.Size())
			for j := range attacks {
				attacks[j] = mecha.Attack{From: from, Target: mecha.Board.Square(j)}
			}
			b.attacks[i] = attacks
		})
		return b.attacks[i][mecha.Board.Index(target)]
	}
	return mecha.Attack{From: from, Target: target}
}

// direct is the direct attack from a square, card being the damage card
// written, if any.
func (b *boardMoves) direct(from grid.Square, card string) engine.Move {
	if card == "" && mecha.Board.Contains(from) {
		return b.directs[mecha.Board.Index(from)]
	}
	return mecha.Direct{From: from, Card: card}
}

// sacrifice is the sacrifice of the pilot on a square.
func (b *boardMoves) sacrifice(at grid.Square) engine.Move {
	if mecha.Board.Contains(at) {
		return b.sacrifices[mecha.Board.Index(at)]
	}
	return mecha.Sacrifice{At: at}
}

// square points to sq: to the board's own when it is on the board. The
// engine only reads a play's square.
func (b *boardMoves) square(sq grid.Square) *grid.Square {
	if mecha.Board.Contains(sq) {
		return &b.squares[mecha.Board.Index(sq)]
	}
	off := new(grid.Square) // only here: a pointer to sq would move sq to the heap at every call
	*off = sq
	return off
}

// cardMoves are what a check makes of a card's name, each made once: its
// written form, its draw alone in a turn (each turn's draw of an unseeded
// record; the engine only reads a draw's cards), its discard, its skipped
// draw, and its plays, on each square of the board and without one (the
// last), each made when first met and set through an atomic pointer, so
// that checks on several goroutines share them. A check names a few dozen
// cards, and most moves it reads are steps, attacks and plays.
type cardMoves struct {
	card                string // a copy of the name, not part of a transcript
	written             string // as grammar.MechaName.String writes it
	draw, discard, skip engine.Move
	plays               []atomic.Pointer[engine.Move]
}

// cardsMet are the cards a check has met, by name; a catalogue has a few
// dozen cards, and each name past the bound would copy the map again.
var cardsMet = namememo.New(1024, func(card string) *cardMoves {
	return &cardMoves{card: card, written: grammar.MechaName(card).String(),
		draw: mecha.Draw{Cards: []string{card}}, discard: mecha.Discard{Card: card}, skip: mecha.SkipDraw{Card: card},
		plays: make([]atomic.Pointer[engine.Move], mecha.Board.Size()+1)}
})

// cardOf is what a check makes of the card named card.
func cardOf(card string) *cardMoves { return cardsMet.Get(card) }

// play is the move that plays card on at ("" for none).
func (b *boardMoves) play(card, at string) engine.Move {
	i := len(b.squares) // without a square
	if at != "" {
		sq := square(at)
		if !mecha.Board.Contains(sq) {
			return mecha.Play{Card: card, At: b.square(sq)}
		}
		i = mecha.Board.Index(sq)
	}
	c := cardOf(card)
	if m := c.plays[i].Load(); m != nil {
		return *m
	}
	p := mecha.Play{Card: c.card}
	if i < len(b.squares) {
		p.At = &b.squares[i]
	}
	m := engine.Move(p)
	c.plays[i].Store(&m)
	return m
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
		if len(m.Cards) == 1 && !setup {
			return append(dst, cardOf(string(m.Cards[0])).draw)
		}
		return append(dst, mecha.Draw{Opening: setup, Cards: names(m.Cards)})
	case *grammar.MechaMulligan:
		return append(dst, mecha.Mulligan{InTurn: !setup})
	case *grammar.MechaPlay:
		out = append(out, onBoard().play(string(m.Card), m.At))
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
			out = append(out, b.attack(at, square(m.Target)))
		case m.Direct:
			out = append(out, b.direct(at, string(m.DamageCard)))
		}
	case *grammar.MechaDiscard:
		out = append(out, cardOf(string(m.Card)).discard)
	case *grammar.MechaSacrifice:
		out = append(out, onBoard().sacrifice(square(m.At)))
	case *grammar.MechaSkip:
		out = append(out, cardOf(string(m.Card)).skip)
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
		return append(dst, mecha.DeclareZone{Zone: zone, Cards: names(m.Cards), InTurn: !setup})
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

// names is the cards written, as the engine names them: in one
// allocation, where an opening hand appended one by one took four.
func names(cards []grammar.MechaName) []string {
	if len(cards) == 0 {
		return nil // as appending none left it
	}
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = string(c)
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
// zones. Every row is written into one buffer, and each row's value is a
// part of the one string made of it: a Sprintf, a join and a string for
// each part took most of the description's time.
func mechaDescribe(st engine.State, players []string) []referee.Row {
	s := st.(*mecha.State)
	buf := make([]byte, 0, 2048) // most random games' final states take 1,100 to 1,400 bytes
	for rank := mecha.Board.Ranks - 1; rank >= 0; rank-- {
		for file := 0; file < mecha.Board.Files; file++ {
			sq := grid.Square{File: file, Rank: rank}
			u := s.UnitAt(sq)
			if u == nil {
				continue
			}
			buf = sq.Append(listed(buf, 0))
			buf = append(append(buf, ' '), players[u.Owner]...)
			buf = append(append(buf, ' '), writtenName(u.Card.Name)...)
			buf = strconv.AppendInt(append(buf, ' '), int64(u.Power()), 10)
			buf = strconv.AppendInt(append(buf, '/'), int64(u.Durability), 10)
			switch {
			case u.Armour > 0 && u.Pilot != nil:
				buf = strconv.AppendInt(append(buf, " (armour "...), int64(u.Armour), 10)
				buf = append(append(buf, ", pilot "...), writtenName(u.Pilot.Name)...)
				buf = append(buf, ')')
			case u.Armour > 0:
				buf = strconv.AppendInt(append(buf, " (armour "...), int64(u.Armour), 10)
				buf = append(buf, ')')
			case u.Pilot != nil:
				buf = append(append(buf, " (pilot "...), writtenName(u.Pilot.Name)...)
				buf = append(buf, ')')
			}
		}
	}
	// Each player's placed commands, in the order placed: a position
	// declares them a player at a time (engine/mecha/position.go).
	placed := s.Placed()
	slices.SortStableFunc(placed, func(a, b mecha.PlacedCommand) int { return a.Owner - b.Owner })
	for _, pc := range placed {
		buf = pc.At.Append(listed(buf, 0))
		buf = append(append(buf, ' '), players[pc.Owner]...)
		buf = append(append(buf, ' '), writtenName(pc.Card.Name)...)
		buf = strconv.AppendInt(append(buf, " (time "...), int64(pc.Time), 10)
		buf = append(buf, ')')
	}
	if len(buf) == 0 {
		buf = append(buf, "empty"...)
	}
	var ends [6]int // where each row's value ends in buf
	ends[0] = len(buf)
	// each writes a row of each player's part, as referee.PerPlayer does.
	each := func(row int, part func(buf []byte, p int) []byte) {
		buf = referee.AppendPerPlayer(buf, players, part)
		ends[row] = len(buf)
	}
	each(1, func(buf []byte, p int) []byte {
		provided, used := s.Bandwidth(p)
		buf = strconv.AppendInt(buf, int64(used), 10)
		buf = strconv.AppendInt(append(buf, " of "...), int64(provided), 10)
		return append(buf, " used"...)
	})
	var names [64]string // a zone's cards, read into it
	each(2, func(buf []byte, p int) []byte {
		return referee.AppendNames(buf, s.AppendHand(names[:0], p), writtenName)
	})
	each(3, func(buf []byte, p int) []byte { return referee.AppendPlural(buf, s.DeckSize(p), "card") })
	each(4, func(buf []byte, p int) []byte {
		return referee.AppendNames(buf, s.AppendDamageZone(names[:0], p), writtenName)
	})
	each(5, func(buf []byte, p int) []byte {
		return referee.AppendNames(buf, s.AppendGraveyard(names[:0], p), writtenName)
	})
	all := string(buf)
	return []referee.Row{
		{Name: "board", Value: all[:ends[0]]},
		{Name: "bandwidth", Value: all[ends[0]:ends[1]]},
		{Name: "hands", Value: all[ends[1]:ends[2]]},
		{Name: "decks", Value: all[ends[2]:ends[3]]},
		{Name: "damage", Value: all[ends[3]:ends[4]]},
		{Name: "graveyard", Value: all[ends[4]:ends[5]]},
	}
}

// listed appends the comma that comes before the next item of a list
// begun at start in buf, if the item is not the first.
func listed(buf []byte, start int) []byte {
	if len(buf) > start {
		buf = append(buf, ", "...)
	}
	return buf
}

// writtenName is a card's name as grammar.MechaName.String writes it,
// found once (a lexer's scan, and quotes): every check describes the same
// few names.
func writtenName(name string) string { return cardOf(name).written }

// mechaCards names the card a move plays from the hand.
func mechaCards(m notation.Move) []string {
	if p, ok := m.(*grammar.MechaPlay); ok {
		return []string{string(p.Card)}
	}
	return nil
}
