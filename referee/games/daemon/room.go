// Package daemon is Daemon's room in the referee: the binding of its grammar
// (grammar) to its engine (engine/daemon), its final state described and
// drawn (draw.go) and its default catalogue (daemon.cards), registered with the referee core as the program
// starts. The engine is imported under its own name, which is this
// package's too. See docs/architecture.md.
package daemon

import (
	_ "embed"
	"fmt"
	"strconv"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/daemon"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/internal/namememo"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/referee"
	"github.com/tabletop-referee/referee/referee/catalogue"
)

//go:embed daemon.cards
var daemonCatalogue string

func init() {
	referee.Register(referee.Binding{
		Rules:     daemon.Game{},
		Grammar:   grammar.Daemon,
		Extension: ".daemon",
		Summary:   "two players draft modules, pay for daemons and scripts on a shared memory gauge, and attack security",
		ToEngine:  daemonToEngine,
		Notate:    daemonNotate,
		Describe:  daemonDescribe,
		Key:       daemonKey,
		Draw:      daemonDraw,
		SVG:       daemonSVG,
		Declares:  daemonDeclares,
		Cards:     daemonCards,
		Catalogue: &catalogue.Vocabulary{
			DefaultName:   "daemon.cards (the default catalogue)",
			DefaultSource: daemonCatalogue,
			Default:       defaultCatalogue,
			Load:          loadDaemon,
			List:          listDaemon,
		},
	})
}

func loadDaemon(cat *catalogue.Catalogue) (engine.Game, []*catalogue.Error) {
	cs, errs := daemon.Load(cat)
	return daemon.Game{Cards: cs}, errs
}

// listDaemon is the cards of rules loadDaemon gave, for listings.
func listDaemon(rules engine.Game) []catalogue.Card {
	cs := rules.(daemon.Game).Cards
	var info []catalogue.Card
	for _, c := range cs.All() {
		info = append(info, catalogue.Card{Kind: c.Kind.String(), Name: c.Name, Text: c.Stats()})
	}
	return info
}

func daemonToEngine(dst []engine.Move, m notation.Move, setup bool) []engine.Move {
	var em engine.Move
	switch m := m.(type) {
	case *grammar.DaemonDraft:
		return append(dst, drafts.move(string(m.Module), "", setup))
	case *grammar.DaemonMain:
		return append(dst, mains.move(string(m.Module), "", setup))
	case *grammar.DaemonMulligan:
		em = daemon.Mulligan{Cards: fromCards(m.Cards)}
	case *grammar.DaemonKeep:
		return append(dst, keeps.move("", "", setup))
	case *grammar.DaemonDraw:
		em = daemon.Draw{Cards: fromCards(m.Cards)}
	case *grammar.DaemonSecure:
		em = daemon.Secure{Cards: fromCards(m.Cards)}
	case *grammar.DaemonPlay:
		return append(dst, plays.move(string(m.Card), string(m.Target), setup))
	case *grammar.DaemonActivate:
		return append(dst, activations.move(string(m.Card), string(m.Target), setup))
	case *grammar.DaemonTrash:
		return append(dst, trashes.move(string(m.Card), "", setup))
	case *grammar.DaemonAttack:
		return append(dst, attacks.move(string(m.Attacker), string(m.Target), setup))
	case *grammar.DaemonReveal:
		return append(dst, reveals.move(string(m.Card), "", setup))
	case *grammar.DaemonRefresh:
		em = daemon.Refresh{}
	case *grammar.DaemonBurn:
		em = daemon.Burn{}
	case *grammar.DaemonModules:
		em = daemon.Modules{Modules: fromNames(m.Modules)}
	case *grammar.DaemonMemory:
		em = daemon.MemoryAt{N: m.N}
	case *grammar.DaemonGrip:
		em = daemon.GripOf{Cards: fromNames(m.Cards)}
	case *grammar.DaemonSecurity:
		em = daemon.SecurityOf{Cards: fromNames(m.Cards), Count: count(m.Count)}
	case *grammar.DaemonDeck:
		em = daemon.DeckOf{Cards: fromNames(m.Cards), Count: count(m.Count)}
	case *grammar.DaemonHeap:
		em = daemon.HeapOf{Cards: fromNames(m.Cards)}
	case *grammar.DaemonScripts:
		em = daemon.ScriptsOf{Cards: fromNames(m.Cards)}
	case *grammar.DaemonField:
		em = daemon.FieldOf{Cards: fromNames(m.Cards), Spent: m.Spent, Loading: m.Loading}
	default:
		panic(fmt.Sprintf("daemon: unknown move %T", m))
	}
	return append(dst, onLine(em, setup))
}

// The moves of a card, each kind kept by the card's name (cardMoves).
var (
	drafts      = newCardMoves(true, func(c, _ string) engine.Move { return daemon.Draft{Module: c} })
	mains       = newCardMoves(true, func(c, _ string) engine.Move { return daemon.Main{Module: c} })
	keeps       = newCardMoves(true, func(_, _ string) engine.Move { return daemon.Keep{} })
	plays       = newCardMoves(false, func(c, t string) engine.Move { return daemon.Play{Card: c, Target: t} })
	activations = newCardMoves(false, func(c, t string) engine.Move { return daemon.Activate{Card: c, Target: t} })
	trashes     = newCardMoves(false, func(c, _ string) engine.Move { return daemon.TrashScript{Card: c} })
	attacks     = newCardMoves(false, func(c, t string) engine.Move { return daemon.Attack{Attacker: c, Target: t} })
	reveals     = newCardMoves(false, func(c, _ string) engine.Move { return daemon.Reveal{Card: c} })
)

// cardMoves is a kind of move of a card, whose engine moves it keeps by
// the card's name: boxing each into an engine.Move is an allocation, and
// was one at nearly every move of a check, where the same few cards are
// played file after file. Only the moves without a target, written where
// their kind is (on a set-up line or not, as setup says), are kept: most
// are.
type cardMoves struct {
	setup   bool
	newMove func(card, target string) engine.Move // the move, unwrapped
	kept    *namememo.Memo[engine.Move]
}

// cardMovesMost is the names a kind keeps at most: a catalogue has a
// hundred cards or so, and each name past it would copy the map again.
const cardMovesMost = 1024

func newCardMoves(setup bool, newMove func(card, target string) engine.Move) *cardMoves {
	return &cardMoves{setup: setup, newMove: newMove, kept: namememo.New(cardMovesMost, func(card string) engine.Move {
		return onLine(newMove(card, ""), setup)
	})}
}

// move is the kind's move of card and target, written on a set-up line
// or not.
func (k *cardMoves) move(card, target string, setup bool) engine.Move {
	if target == "" && setup == k.setup {
		return k.kept.Get(card)
	}
	return onLine(k.newMove(card, target), setup)
}

// onLine is em as written on a set-up line or not.
func onLine(em engine.Move, setup bool) engine.Move {
	if setup {
		return engine.OnSetupLine{Move: em}
	}
	return em
}

// daemonDeclares tells whether a move declares part of a position: the
// main module is one too, written with the modules, but alone it is the
// set-up's choice.
func daemonDeclares(m notation.Move) bool {
	switch m.(type) {
	case *grammar.DaemonModules, *grammar.DaemonMemory, *grammar.DaemonGrip, *grammar.DaemonSecurity,
		*grammar.DaemonDeck, *grammar.DaemonHeap, *grammar.DaemonScripts, *grammar.DaemonField:
		return true
	}
	return false
}

// fromNames is a list's names as the engine takes them: nil for none, so
// that a count is told from a list.
func fromNames(names []grammar.DaemonName) []string {
	if len(names) == 0 {
		return nil
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = string(n)
	}
	return out
}

// fromCards is a draw's or a security's cards as the engine takes them;
// grammar.UnknownCard is the engine's daemon.Unknown.
func fromCards(cards []grammar.Name) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = string(c)
	}
	return out
}

// toCards is the engine's cards as the grammar's node holds them.
func toCards(cards []string) []grammar.Name {
	out := make([]grammar.Name, len(cards))
	for i, c := range cards {
		out[i] = grammar.Name(c)
	}
	return out
}

// count is a declaration's count, 0 when it lists cards instead.
func count(n *int) int {
	if n == nil {
		return 0
	}
	return *n
}

// toNames is a list of the engine's names as the grammar's node holds it.
func toNames(cards []string) []grammar.DaemonName {
	out := make([]grammar.DaemonName, len(cards))
	for i, c := range cards {
		out[i] = grammar.DaemonName(c)
	}
	return out
}

// countOf is a count for the grammar's node, nil when cards are listed.
func countOf(cards []string, n int) *int {
	if cards != nil {
		return nil
	}
	return &n
}

// daemonNotate writes an engine move as the grammar's node for it would
// print, so that the notation has one printer.
func daemonNotate(m engine.Move) string {
	if sl, ok := m.(engine.OnSetupLine); ok {
		m = sl.Move
	}
	name := func(s string) grammar.Name { return grammar.Name(s) }
	var node grammar.DaemonMove
	switch m := m.(type) {
	case daemon.Draft:
		node = &grammar.DaemonDraft{Module: name(m.Module)}
	case daemon.Main:
		node = &grammar.DaemonMain{Module: name(m.Module)}
	case daemon.Mulligan:
		mu := &grammar.DaemonMulligan{}
		for _, c := range m.Cards {
			mu.Cards = append(mu.Cards, name(c))
		}
		node = mu
	case daemon.Keep:
		node = &grammar.DaemonKeep{Keep: true}
	case daemon.Draw:
		node = &grammar.DaemonDraw{Cards: toCards(m.Cards)}
	case daemon.Secure:
		node = &grammar.DaemonSecure{Cards: toCards(m.Cards)}
	case daemon.Play:
		node = &grammar.DaemonPlay{Card: name(m.Card), Target: name(m.Target)}
	case daemon.Activate:
		node = &grammar.DaemonActivate{Card: name(m.Card), Target: name(m.Target)}
	case daemon.TrashScript:
		node = &grammar.DaemonTrash{Card: name(m.Card)}
	case daemon.Attack:
		node = &grammar.DaemonAttack{Attacker: name(m.Attacker), Target: name(m.Target)}
	case daemon.Reveal:
		node = &grammar.DaemonReveal{Card: name(m.Card)}
	case daemon.Refresh:
		node = &grammar.DaemonRefresh{Refresh: true}
	case daemon.Burn:
		node = &grammar.DaemonBurn{Burn: true}
	case daemon.Modules:
		node = &grammar.DaemonModules{Modules: toNames(m.Modules)}
	case daemon.MemoryAt:
		node = &grammar.DaemonMemory{N: m.N}
	case daemon.GripOf:
		node = &grammar.DaemonGrip{Cards: toNames(m.Cards)}
	case daemon.SecurityOf:
		node = &grammar.DaemonSecurity{Cards: toNames(m.Cards), Count: countOf(m.Cards, m.Count)}
	case daemon.DeckOf:
		node = &grammar.DaemonDeck{Cards: toNames(m.Cards), Count: countOf(m.Cards, m.Count)}
	case daemon.HeapOf:
		node = &grammar.DaemonHeap{Cards: toNames(m.Cards)}
	case daemon.ScriptsOf:
		node = &grammar.DaemonScripts{Cards: toNames(m.Cards)}
	case daemon.FieldOf:
		node = &grammar.DaemonField{Cards: toNames(m.Cards), Spent: m.Spent, Loading: m.Loading}
	default:
		panic(fmt.Sprintf("daemon: unknown move %T", m))
	}
	return node.String()
}

// daemonDescribe writes the gauge, then each player's modules and zones.
// A check describes the final state of every file, so the rows are
// written with appends into one buffer.
func daemonDescribe(st engine.State, players []string) []referee.Row {
	s := st.(*daemon.State)
	rows := make([]referee.Row, 0, 9)
	if !s.SettingUp() {
		gauge := strconv.Itoa(s.Memory()) + " on " + players[s.Active()] + "'s side"
		switch {
		case s.Memory() == 0:
			gauge = "0"
		case s.Memory() < 0:
			gauge = strconv.Itoa(-s.Memory()) + " on " + players[1-s.Active()] + "'s side"
		}
		if ended, why := s.Ended(); ended {
			gauge += "; " + players[s.Active()] + "'s turn has ended: " + why
		}
		rows = append(rows, referee.Row{Name: "memory", Value: gauge})
	}
	b := make([]byte, 0, 512) // most final states write each row in one
	// names and daemons are a zone's, read into one buffer each, where the
	// accessors would copy every zone.
	names := make([]string, 0, 32)
	var daemons []daemon.FieldDaemon
	// each adds a row of every player's name and what write appends for
	// them, as referee.PerPlayer writes it.
	each := func(name string, write func(b []byte, p int) []byte) {
		b = referee.AppendPerPlayer(b[:0], players, write)
		rows = append(rows, referee.Row{Name: name, Value: string(b)})
	}
	zone := func(name string, read func(dst []string, p int) []string) {
		each(name, func(b []byte, p int) []byte {
			names = read(names[:0], p)
			return referee.AppendNames(b, names, cardText)
		})
	}
	each("modules", func(b []byte, p int) []byte {
		names = s.AppendModules(names[:0], p)
		if len(names) == 0 {
			return append(b, "none"...)
		}
		b = referee.AppendNames(b, names, cardText)
		if main := s.MainModule(p); main != "" {
			b = append(append(append(b, " (main "...), grammar.Name(main).String()...), ')')
		}
		return b
	})
	each("security", func(b []byte, p int) []byte { return referee.AppendPlural(b, s.SecuritySize(p), "card") })
	zone("grips", s.AppendGrip)
	each("decks", func(b []byte, p int) []byte { return referee.AppendPlural(b, s.DeckSize(p), "card") })
	each("daemons", func(b []byte, p int) []byte {
		daemons = s.AppendDaemons(daemons[:0], p)
		if len(daemons) == 0 {
			return append(b, "none"...)
		}
		for i, d := range daemons {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendDaemon(b, s, p, d)
		}
		return b
	})
	zone("scripts", s.AppendScripts)
	zone("heaps", s.AppendHeap)
	if n, who := s.Owed(); n > 0 {
		rows = append(rows, referee.Row{Name: "damage", Value: players[who] + " owes " + referee.Plural(n, "reveal")})
	}
	return rows
}

// cardText is grammar.DaemonCardText of a card of the engine's.
func cardText(name string) string { return grammar.DaemonCardText(grammar.Name(name)) }

// daemonText writes a daemon in play: its name, its power and whether it
// is ready, spent or still loading.
func daemonText(s *daemon.State, p int, d daemon.FieldDaemon) string {
	return string(appendDaemon(nil, s, p, d))
}

// appendDaemon is daemonText appended to b, as the final state writes
// every daemon into one buffer.
func appendDaemon(b []byte, s *daemon.State, p int, d daemon.FieldDaemon) []byte {
	state := " (ready)"
	switch {
	case !d.Ready:
		state = " (spent)"
	case d.Sick:
		state = " (loading)"
	}
	b = strconv.AppendInt(append(append(b, grammar.Name(d.Card.Name).String()...), ' '), int64(s.Power(p, d)), 10)
	return append(b, state...)
}

// daemonCards names the card a move plays from the grip.
func daemonCards(m notation.Move) []string {
	if p, ok := m.(*grammar.DaemonPlay); ok {
		return []string{string(p.Card)}
	}
	return nil
}
