// Package void is Void's room in the referee: the binding of its grammar
// (grammar) to its engine (engine/void), its final state described and
// drawn (draw.go) and its default catalogue (void.cards), registered with the referee core as the program
// starts. The engine is imported under its own name, which is this
// package's too. See docs/architecture.md.
package void

import (
	_ "embed"
	"fmt"
	"strconv"
	"sync"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/void"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/referee"
	"github.com/tabletop-referee/referee/referee/catalogue"
)

//go:embed void.cards
var voidCatalogue string

func init() {
	referee.Register(referee.Binding{
		Rules:     void.Game{},
		Grammar:   grammar.Void,
		Extension: ".void",
		Summary:   "two players take actions into a queue, answer each other's, and see them execute last in, first out, targets checked again",
		ToEngine:  voidToEngine,
		Notate:    voidNotate,
		Describe:  voidDescribe,
		Key:       voidKey,
		Draw:      voidDraw,
		SVG:       voidSVG,
		Catalogue: &catalogue.Vocabulary{
			DefaultName:   "void.cards (the default catalogue)",
			DefaultSource: voidCatalogue,
			Default:       defaultCatalogue,
			Load:          loadVoid,
			List:          listVoid,
		},
		Board: grammar.VoidBoard,
		// The set-up lines declare the position the first turn starts
		// from (ruling V34).
		Declares: voidDeclares,
		Cards:    voidCards,
		// The rules text says nothing of winning; a declared life is the one
		// way the engine knows, so other wins are the players' record.
		RecordedWins: true,
		// The seed only stands in for the set-up of random games, which
		// the set-up lines write without it: the moves played are the
		// record of such games, with no engine.Recorder, and the engine
		// writes the other seat's hand unknown (engine.Hider).
		Unshuffled: true,
	})
}

func loadVoid(cat *catalogue.Catalogue) (engine.Game, []*catalogue.Error) {
	cs, errs := void.Load(cat)
	return void.Game{Cards: cs}, errs
}

// listVoid is the cards of rules loadVoid gave, for listings.
func listVoid(rules engine.Game) []catalogue.Card {
	cs := rules.(void.Game).Cards
	var info []catalogue.Card
	for _, c := range cs.All() {
		info = append(info, catalogue.Card{Kind: c.Kind.String(), Name: c.Name, Text: c.Stats()})
	}
	return info
}

func strs[N ~string](names []N) []string {
	if len(names) == 0 {
		return nil
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = string(n)
	}
	return out
}

func voidChoices(c grammar.VoidChoices) void.Choices {
	return void.Choices{Targets: strs(c.Targets), Pick: c.Pick, HasPick: c.HasPick, X: int(c.X), HasX: c.HasX}
}

func voidToEngine(dst []engine.Move, mv notation.Move, setup bool) []engine.Move {
	m := mv.(*grammar.VoidMove)
	if setup {
		if em := setupAmount(m.Action); em != nil {
			return append(dst, em)
		}
	}
	var em engine.Move
	switch a := m.Action.(type) {
	case *grammar.VoidSector:
		em = void.Sector{Name: string(a.Name), Biomes: strs(a.Biomes)}
	case *grammar.VoidEnergy:
		em = void.Energy{N: a.N}
	case *grammar.VoidIncome:
		em = void.Income{N: a.N}
	case *grammar.VoidLife:
		em = void.Life{N: a.N}
	case *grammar.VoidHand:
		em = void.Hand{Cards: strs(a.Cards)}
	case *grammar.VoidCache:
		em = void.Cache{Cards: strs(a.Cards)}
	case *grammar.VoidField:
		em = void.Field{Card: string(a.Card), Target: string(a.Target), Damage: a.Damage}
	case *grammar.VoidPlay:
		em = void.Play{Card: string(a.Card), Choices: voidChoices(a.Choices)}
	case *grammar.VoidActivate:
		em = void.Activate{Card: string(a.Card), Choices: voidChoices(a.Choices)}
	case *grammar.VoidReact:
		em = void.React{Card: string(a.Card), Choices: voidChoices(a.Choices)}
	case *grammar.VoidAdvance:
		em = void.Advance{Unit: string(a.Unit), Sector: string(a.Sector)}
	case *grammar.VoidAttack:
		em = void.Attack{Unit: string(a.Unit), Sector: string(a.Sector)}
	case *grammar.VoidDefend:
		em = void.Defend{Unit: string(a.Unit), Attacker: string(a.Attacker)}
	case *grammar.VoidConvert:
		em = void.Convert{Card: string(a.Card)}
	case *grammar.VoidExecute:
		em = void.Execute{}
	case *grammar.VoidPass:
		em = void.Pass{}
	default:
		panic(fmt.Sprintf("void: unknown move %T", a))
	}
	if setup {
		em = engine.OnSetupLine{Move: em}
	}
	return append(dst, em)
}

// setupAmounts are the set-up lines' declarations of energy, income and
// life of the amounts most games declare, each made once: boxing one into
// an engine.Move, and that into an engine.OnSetupLine, were two
// allocations at each of them in every file. They are made at the first
// set-up line, not when any command starts.
var setupAmounts = sync.OnceValue(func() *[3][32]engine.Move {
	out := new([3][32]engine.Move)
	for n := range out[0] {
		out[0][n] = engine.OnSetupLine{Move: void.Energy{N: n}}
		out[1][n] = engine.OnSetupLine{Move: void.Income{N: n}}
		out[2][n] = engine.OnSetupLine{Move: void.Life{N: n}}
	}
	return out
})

// setupAmount is the declaration a set-up line's move makes, from
// setupAmounts; nil for any other move, or an amount past them.
func setupAmount(a grammar.VoidAction) engine.Move {
	kind, n := 0, 0
	switch a := a.(type) {
	case *grammar.VoidEnergy:
		kind, n = 0, a.N
	case *grammar.VoidIncome:
		kind, n = 1, a.N
	case *grammar.VoidLife:
		kind, n = 2, a.N
	default:
		return nil
	}
	amounts := setupAmounts()
	if n < 0 || n >= len(amounts[kind]) {
		return nil
	}
	return amounts[kind][n]
}

// voidDeclares tells whether a set-up move declares a position (ruling
// V34): every move Void's set-up lines take, the board's sectors and each
// player's void energy, income, life, hand, cache and cards in play. A
// transcript with any of them begins from the position they declare, its
// first turn may have any number, and a set-up line the rules refuse (a
// name given twice, a card not in the catalogue, a card put in play
// before the board line) is an impossible position, exit status 2, as in
// every game.
func voidDeclares(mv notation.Move) bool {
	m := mv.(*grammar.VoidMove)
	switch m.Action.(type) {
	case *grammar.VoidSector, *grammar.VoidEnergy, *grammar.VoidIncome, *grammar.VoidLife,
		*grammar.VoidHand, *grammar.VoidCache, *grammar.VoidField:
		return true
	}
	return false
}

func voidNames[N ~string](ss []string) []N {
	var out []N
	for _, s := range ss {
		out = append(out, N(s))
	}
	return out
}

func grammarChoices(c void.Choices) grammar.VoidChoices {
	return grammar.VoidChoices{Targets: voidNames[grammar.VoidTarget](c.Targets), Pick: c.Pick, HasPick: c.HasPick || c.Pick != 0, X: grammar.VoidX(c.X), HasX: c.HasX}
}

// voidNotate writes an engine move as the grammar's node for it would
// print, so that the notation has one printer.
func voidNotate(m engine.Move) string {
	if sl, ok := m.(engine.OnSetupLine); ok {
		m = sl.Move
	}
	name := func(s string) grammar.Name { return grammar.Name(s) }
	var a grammar.VoidAction
	switch m := m.(type) {
	case void.Sector:
		a = &grammar.VoidSector{Name: name(m.Name), Biomes: voidNames[grammar.VoidName](m.Biomes)}
	case void.Energy:
		a = &grammar.VoidEnergy{N: m.N}
	case void.Income:
		a = &grammar.VoidIncome{N: m.N}
	case void.Life:
		a = &grammar.VoidLife{N: m.N}
	case void.Hand:
		a = &grammar.VoidHand{Cards: voidNames[grammar.VoidCard](m.Cards)}
	case void.Cache:
		a = &grammar.VoidCache{Cards: voidNames[grammar.VoidCard](m.Cards)}
	case void.Field:
		a = &grammar.VoidField{Card: name(m.Card), Target: name(m.Target), Damage: m.Damage}
	case void.Play:
		a = &grammar.VoidPlay{Card: name(m.Card), Choices: grammarChoices(m.Choices)}
	case void.Activate:
		a = &grammar.VoidActivate{Card: name(m.Card), Choices: grammarChoices(m.Choices)}
	case void.React:
		a = &grammar.VoidReact{Card: name(m.Card), Choices: grammarChoices(m.Choices)}
	case void.Advance:
		a = &grammar.VoidAdvance{Unit: name(m.Unit), Sector: name(m.Sector)}
	case void.Attack:
		a = &grammar.VoidAttack{Unit: name(m.Unit), Sector: name(m.Sector)}
	case void.Defend:
		a = &grammar.VoidDefend{Unit: name(m.Unit), Attacker: name(m.Attacker)}
	case void.Convert:
		a = &grammar.VoidConvert{Card: name(m.Card)}
	case void.Execute:
		a = &grammar.VoidExecute{Execute: true}
	case void.Pass:
		a = &grammar.VoidPass{Pass: true}
	default:
		panic(fmt.Sprintf("void: unknown move %T", m))
	}
	return a.String()
}

// voidDescribe writes the board, then each player's energy, life, hand,
// cards in play and cache, then the queue. A check describes the final
// state of every file, so the values are appended one after the other
// into one buffer (with referee.AppendPerPlayer and AppendNames, as every
// room writes its rows) and cut from one string, and each of the state's
// lists is asked for once.
func voidDescribe(st engine.State, players []string) []referee.Row {
	s := st.(*void.State)
	pv := [2]void.PlayerView{s.Player(0), s.Player(1)}
	// Room for the values of a game's usual end, grown once at most.
	buf := make([]byte, 0, 512)
	// Each row's name, and where its value ends in buf.
	var names [7]string
	var ends [7]int
	rows := 0
	end := func(name string) {
		names[rows], ends[rows] = name, len(buf)
		rows++
	}
	for i, sec := range s.Sectors() {
		if i > 0 {
			buf = append(buf, ", "...)
		}
		buf = append(buf, grammar.Name(sec.Name).String()...)
		if len(sec.Biomes) > 0 {
			buf = referee.AppendNames(append(buf, " ("...), sec.Biomes, grammar.Name.String)
			buf = append(buf, ')')
		}
	}
	if len(buf) == 0 {
		buf = append(buf, "none"...)
	}
	end("board")
	buf = referee.AppendPerPlayer(buf, players, func(b []byte, p int) []byte {
		b = strconv.AppendInt(b, int64(pv[p].Energy), 10)
		b = strconv.AppendInt(append(b, " (income "...), int64(pv[p].Income), 10)
		return append(b, ')')
	})
	end("energy")
	if pv[0].HasLife || pv[1].HasLife {
		buf = referee.AppendPerPlayer(buf, players, func(b []byte, p int) []byte {
			if !pv[p].HasLife {
				return append(b, "not declared"...)
			}
			return strconv.AppendInt(b, int64(pv[p].Life), 10)
		})
		end("life")
	}
	buf = referee.AppendPerPlayer(buf, players, func(b []byte, p int) []byte {
		return referee.AppendNames(b, pv[p].Hand, grammar.VoidCard.String)
	})
	end("hands")
	inPlay := s.InPlay()
	buf = referee.AppendPerPlayer(buf, players, func(b []byte, p int) []byte {
		start := len(b)
		for _, c := range inPlay {
			if c.Owner != p {
				continue
			}
			if len(b) > start {
				b = append(b, ", "...)
			}
			b = append(b, grammar.Name(c.Card.Name).String()...)
			if c.Card.Kind != void.Unit {
				b = append(b, " on"...)
			}
			b = append(append(b, ' '), grammar.Name(c.Where).String()...)
			switch {
			case c.Damage > 0 && c.Spent:
				b = strconv.AppendInt(append(b, " ("...), int64(c.Damage), 10)
				b = append(b, " damage, spent)"...)
			case c.Damage > 0:
				b = strconv.AppendInt(append(b, " ("...), int64(c.Damage), 10)
				b = append(b, " damage)"...)
			case c.Spent:
				b = append(b, " (spent)"...)
			}
		}
		if len(b) == start {
			b = append(b, "none"...)
		}
		return b
	})
	end("in play")
	buf = referee.AppendPerPlayer(buf, players, func(b []byte, p int) []byte {
		return referee.AppendNames(b, pv[p].Cache, grammar.VoidCard.String)
	})
	end("caches")
	queue := s.Queue()
	for i, q := range queue {
		if i > 0 {
			buf = append(buf, " < "...)
		}
		buf = append(append(append(buf, players[q.Owner]...), ' '), q.Text...)
	}
	if len(queue) > 0 {
		buf = append(buf, " (last in, first to execute)"...)
	} else {
		buf = append(buf, "empty"...)
	}
	if p, declined, open := s.Deciding(); open && !st.Outcome().Over {
		buf = append(append(append(buf, "; "...), players[p]...), " to decide"...)
		if declined {
			buf = append(append(append(buf, ", "...), players[1-p]...), " having declined"...)
		}
	}
	end("queue")
	text := string(buf)
	out := make([]referee.Row, rows)
	from := 0
	for i := range out {
		out[i] = referee.Row{Name: names[i], Value: text[from:ends[i]]}
		from = ends[i]
	}
	return out
}

// voidNotes are what is worth saying of a card in play beyond its name
// and place: its damage, and whether it is spent.
func voidNotes(c void.InPlay) []string {
	var notes []string
	if c.Damage > 0 {
		notes = append(notes, fmt.Sprintf("%d damage", c.Damage))
	}
	if c.Spent {
		notes = append(notes, "spent")
	}
	return notes
}

// voidCards names the card a move plays from the hand.
func voidCards(mv notation.Move) []string {
	m := mv.(*grammar.VoidMove)
	if p, ok := m.Action.(*grammar.VoidPlay); ok {
		return []string{string(p.Card)}
	}
	return nil
}
