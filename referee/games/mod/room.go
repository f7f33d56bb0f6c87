// Package mod is Mod's room in the referee: the binding of its grammar
// (grammar) to its engine (engine/mod), its final state described and
// drawn (draw.go) and its default catalogue (mod.cards), registered with the referee core as the program
// starts. The engine is imported under its own name, which is this
// package's too. See docs/architecture.md.
package mod

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/mod"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee"
	"github.com/tabletop-referee/referee/referee/catalogue"
)

//go:embed mod.cards
var modCatalogue string

func init() {
	referee.Register(referee.Binding[grammar.ModMove]{
		Rules:     mod.Game{},
		Grammar:   grammar.Mod,
		Extension: ".mod",
		Summary:   "two mechs, a deckbuilder: assign, eject or draft cards into a shared ten-slot stack; 10 durability each",
		ToEngine:  modToEngine,
		Notate:    modNotate,
		Describe:  modDescribe,
		Key:       modKey,
		Draw:      modDraw,
		Catalogue: &catalogue.Vocabulary{
			DefaultName:   "mod.cards (the default catalogue)",
			DefaultSource: modCatalogue,
			Load:          loadMod,
		},
	})
}

func loadMod(cat *catalogue.Catalogue) (engine.Game, []catalogue.Card, []*catalogue.Error) {
	cs, errs := mod.Load(cat)
	var info []catalogue.Card
	for _, c := range cs.All() {
		info = append(info, catalogue.Card{Kind: c.Kind.String(), Name: c.Name, Text: c.Stats()})
	}
	if name, shared := cs.Shared(); name != "" {
		var parts []string
		for i := 0; i < len(shared); {
			j := i
			for j < len(shared) && shared[j] == shared[i] {
				j++
			}
			parts = append(parts, fmt.Sprintf("%d %s", j-i, grammar.ModName(shared[i])))
			i = j
		}
		info = append(info, catalogue.Card{Kind: "deck", Name: name, Text: strings.Join(parts, " ")})
	}
	return mod.Game{Cards: cs}, info, errs
}

func modToEngine(dst []engine.Move, m grammar.ModMove, setup bool) []engine.Move {
	var em engine.Move
	switch m := m.(type) {
	case *grammar.ModAssign:
		em = mod.Assign{Card: string(m.Card)}
	case *grammar.ModEject:
		em = mod.Eject{Card: string(m.Card)}
	case *grammar.ModDraft:
		em = mod.Draft{Pile: m.Pile, Deck: m.Deck, Card: string(m.Card)}
	case *grammar.ModPass:
		em = mod.Pass{}
	case *grammar.ModDraw:
		em = mod.DrawCard{}
	case *grammar.ModFuel:
		em = mod.GainFuel{}
	case *grammar.ModSpend:
		em = mod.Spend{Card: string(m.Card)}
	default:
		panic(fmt.Sprintf("mod: unknown move %T", m))
	}
	if setup {
		em = engine.OnSetupLine{Move: em}
	}
	return append(dst, em)
}

// modNotate writes an engine move as the grammar's node for it would
// print, so that the notation has one printer.
func modNotate(m engine.Move) string {
	var node grammar.ModMove
	switch m := m.(type) {
	case mod.Assign:
		node = &grammar.ModAssign{Card: grammar.ModName(m.Card)}
	case mod.Eject:
		node = &grammar.ModEject{Card: grammar.ModName(m.Card)}
	case mod.Draft:
		node = &grammar.ModDraft{Pile: m.Pile, Deck: m.Deck, Card: grammar.ModName(m.Card)}
	case mod.Pass:
		node = &grammar.ModPass{Pass: true}
	case mod.DrawCard:
		node = &grammar.ModDraw{Draw: true}
	case mod.GainFuel:
		node = &grammar.ModFuel{Fuel: true}
	case mod.Spend:
		node = &grammar.ModSpend{Card: grammar.ModName(m.Card)}
	default:
		panic(fmt.Sprintf("mod: unknown move %T", m))
	}
	return node.String()
}

// modDescribe writes each player's numbers and zones, the stack and the
// shared decks.
func modDescribe(st engine.State, players []string) []referee.Row {
	s := st.(*mod.State)
	names := func(cards []string) string { return referee.NameList(cards, grammar.ModName.String) }
	each := func(f func(p int) string) string { return referee.PerPlayer(players, f) }
	stack := "empty"
	if slots := s.Stack(); len(slots) > 0 {
		var out []string
		for _, sl := range slots {
			out = append(out, fmt.Sprintf("%s %s %s", players[sl.Owner], sl.How, grammar.ModName(sl.Card)))
		}
		stack = strings.Join(out, ", ") + " (the last placed activates first)"
	}
	var shared []string
	for i := range mod.SharedDecks {
		d := s.Shared(i)
		shared = append(shared, fmt.Sprintf("%d: %s, pile %s", i+1, modTop(d.Deck, 0), modTop(d.Pile, len(d.Pile)-1)))
	}
	rows := []referee.Row{
		{Name: "round", Value: fmt.Sprintf("%d, %s holds the initiative", s.Round(), players[s.Initiative()])},
		{Name: "durability", Value: each(func(p int) string { return fmt.Sprint(s.Durability(p)) })},
		{Name: "fuel", Value: each(func(p int) string { return fmt.Sprint(s.Fuel(p)) })},
		{Name: "hands", Value: each(func(p int) string { return names(s.Hand(p)) })},
		{Name: "decks", Value: each(func(p int) string { return referee.Plural(len(s.Deck(p)), "card") })},
		{Name: "discard piles", Value: each(func(p int) string { return names(s.Discard(p)) })},
		{Name: "play areas", Value: each(func(p int) string { return names(s.PlayArea(p)) })},
		{Name: "stack", Value: stack},
		{Name: "shared decks", Value: strings.Join(shared, "; ")},
	}
	if p := s.Pending(); p != "" {
		rows = append(rows, referee.Row{Name: "choice", Value: p})
	}
	return rows
}

// modTop writes a shared deck or pile by the card at its top (at) and its
// size.
func modTop(cards []string, at int) string {
	if len(cards) == 0 {
		return "empty"
	}
	return fmt.Sprintf("%s on top of %d", grammar.ModName(cards[at]), len(cards))
}
