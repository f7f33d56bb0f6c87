// Package mod is Mod's room in the referee: the binding of its grammar
// (grammar) to its engine (engine/mod), its final state described and
// drawn (draw.go) and its default catalogue (mod.cards), registered with the referee core as the program
// starts. The engine is imported under its own name, which is this
// package's too. See docs/architecture.md.
package mod

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/mod"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/internal/namememo"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/referee"
	"github.com/tabletop-referee/referee/referee/catalogue"
)

//go:embed mod.cards
var modCatalogue string

func init() {
	referee.Register(referee.Binding{
		Rules:     mod.Game{},
		Grammar:   grammar.Mod,
		Extension: ".mod",
		Summary:   "two mechs, a deckbuilder: assign, eject or draft cards into a shared ten-slot stack; 10 durability each",
		ToEngine:  modToEngine,
		Notate:    modNotate,
		Describe:  modDescribe,
		Key:       modKey,
		Draw:      modDraw,
		SVG:       modSVG,
		Board:     modBoard,
		Declares:  modDeclares,
		Cards:     modCards,
		Catalogue: &catalogue.Vocabulary{
			DefaultName:   "mod.cards (the default catalogue)",
			DefaultSource: modCatalogue,
			Default:       defaultCatalogue,
			Load:          loadMod,
			List:          listMod,
		},
	})
}

func loadMod(cat *catalogue.Catalogue) (engine.Game, []*catalogue.Error) {
	cs, errs := mod.Load(cat)
	return mod.Game{Cards: cs}, errs
}

// listMod is the cards of rules loadMod gave, for listings.
func listMod(rules engine.Game) []catalogue.Card {
	cs := rules.(mod.Game).Cards
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
	return info
}

// modBoard begins the set-up line of what is no player's in a position:
// the round, the shared decks and piles, the seed's step.
const modBoard = "board"

// modDeclares tells the declarations of a position from the moves of play.
func modDeclares(m notation.Move) bool {
	switch m.(type) {
	case *grammar.ModDurability, *grammar.ModFuelLevel, *grammar.ModInitiative,
		*grammar.ModHand, *grammar.ModDeck, *grammar.ModDiscardPile, *grammar.ModPlayArea,
		*grammar.ModSlot, *grammar.ModActivating, *grammar.ModRound, *grammar.ModShared,
		*grammar.ModUnfilled, *grammar.ModSeedStep, *grammar.ModDrawn:
		return true
	}
	return false
}

// modPlacements are the ways a card is placed, by the words of the
// notation.
var modPlacements = map[string]mod.Placement{"assigned": mod.Assigned, "ejected": mod.Ejected, "drafted": mod.Drafted}

// cardNames and listNames turn a declaration's list of names into the
// engine's, and back.
func cardNames(list []grammar.ModListName) []string {
	if len(list) == 0 {
		return nil // a deck declared by a count
	}
	out := make([]string, len(list))
	for i, n := range list {
		out[i] = string(n)
	}
	return out
}

func listNames(cards []string) []grammar.ModListName {
	out := make([]grammar.ModListName, len(cards))
	for i, c := range cards {
		out[i] = grammar.ModListName(c)
	}
	return out
}

// modDeclaration is the engine's declaration for a grammar's, or nil for a
// move of play.
func modDeclaration(m notation.Move) engine.Move {
	switch m := m.(type) {
	case *grammar.ModDurability:
		return mod.Durability{N: int(m.N)}
	case *grammar.ModFuelLevel:
		return mod.FuelLevel{N: int(m.N)}
	case *grammar.ModInitiative:
		return mod.Initiative{}
	case *grammar.ModHand:
		return mod.Hand{Cards: cardNames(m.Cards)}
	case *grammar.ModDeck:
		return mod.Deck{Cards: cardNames(m.Cards), Count: int(m.Count)}
	case *grammar.ModDiscardPile:
		return mod.DiscardPile{Cards: cardNames(m.Cards)}
	case *grammar.ModPlayArea:
		return mod.PlayArea{Cards: cardNames(m.Cards)}
	case *grammar.ModSlot:
		return mod.StackSlot{N: int(m.N), How: modPlacements[m.How], Card: string(m.Card)}
	case *grammar.ModActivating:
		return mod.Activating{How: modPlacements[m.How], Card: string(m.Card), Ability: int(m.Ability)}
	case *grammar.ModRound:
		return mod.Round{N: int(m.N)}
	case *grammar.ModShared:
		return mod.Shared{Pile: m.Pile, Deck: m.Deck, Cards: cardNames(m.Cards), Count: int(m.Count)}
	case *grammar.ModUnfilled:
		return mod.Unfilled{}
	case *grammar.ModSeedStep:
		return mod.SeedStep{N: int(m.N)}
	case *grammar.ModDrawn:
		return mod.Drawn{N: int(m.N)}
	}
	return nil
}

// modDeclarationNode is the grammar's node for an engine's declaration, or
// nil for a move of play.
func modDeclarationNode(m engine.Move) grammar.ModMove {
	switch m := m.(type) {
	case mod.Durability:
		return &grammar.ModDurability{N: grammar.ModCount(m.N)}
	case mod.FuelLevel:
		return &grammar.ModFuelLevel{N: grammar.ModCount(m.N)}
	case mod.Initiative:
		return &grammar.ModInitiative{Initiative: true}
	case mod.Hand:
		return &grammar.ModHand{Cards: listNames(m.Cards)}
	case mod.Deck:
		return &grammar.ModDeck{Cards: listNames(m.Cards), Count: grammar.ModCount(m.Count)}
	case mod.DiscardPile:
		return &grammar.ModDiscardPile{Cards: listNames(m.Cards)}
	case mod.PlayArea:
		return &grammar.ModPlayArea{Cards: listNames(m.Cards)}
	case mod.StackSlot:
		return &grammar.ModSlot{N: grammar.ModCount(m.N), How: m.How.String(), Card: grammar.ModName(m.Card)}
	case mod.Activating:
		return &grammar.ModActivating{How: m.How.String(), Card: grammar.ModName(m.Card), Ability: grammar.ModCount(m.Ability)}
	case mod.Round:
		return &grammar.ModRound{N: grammar.ModCount(m.N)}
	case mod.Shared:
		return &grammar.ModShared{Pile: m.Pile, Deck: m.Deck, Cards: listNames(m.Cards), Count: grammar.ModCount(m.Count)}
	case mod.Unfilled:
		return &grammar.ModUnfilled{Unfilled: true}
	case mod.SeedStep:
		return &grammar.ModSeedStep{N: grammar.ModCount(m.N)}
	case mod.Drawn:
		return &grammar.ModDrawn{N: grammar.ModCount(m.N)}
	}
	return nil
}

// The moves of a card, each kind kept by the card's name: boxing each into
// an engine.Move is an allocation, and was one at most moves of a check,
// where the same few cards are played file after file. A draft is kept by
// its pile and deck too, and a top card by its deck; one of a deck that is
// not there is made each time.
var (
	assigns = keptMoves(func(c string) engine.Move { return mod.Assign{Card: c} })
	ejects  = keptMoves(func(c string) engine.Move { return mod.Eject{Card: c} })
	draws   = keptMoves(func(c string) engine.Move { return mod.DrawCard{Card: c} })
	spends  = keptMoves(func(c string) engine.Move { return mod.Spend{Card: c} })
	drafts  [2][mod.SharedDecks]*namememo.Memo[engine.Move] // by pile (1) or deck (0), then deck from 0
	tops    [mod.SharedDecks]*namememo.Memo[engine.Move]    // by deck from 0
)

func init() {
	for deck := range tops {
		for pile := range drafts {
			drafts[pile][deck] = keptMoves(func(c string) engine.Move { return mod.Draft{Pile: pile == 1, Deck: deck + 1, Card: c} })
		}
		tops[deck] = keptMoves(func(c string) engine.Move { return mod.Top{Deck: deck + 1, Card: c} })
	}
}

// keptMovesMost is the names a kind keeps at most: a catalogue has a few
// dozen cards, and each name past it would copy the map again.
const keptMovesMost = 1024

func keptMoves(newMove func(card string) engine.Move) *namememo.Memo[engine.Move] {
	return namememo.New(keptMovesMost, newMove)
}

// draft is the engine's move for m.
func draft(m *grammar.ModDraft) engine.Move {
	if m.Deck < 1 || m.Deck > mod.SharedDecks {
		return mod.Draft{Pile: m.Pile, Deck: m.Deck, Card: string(m.Card)}
	}
	pile := 0
	if m.Pile {
		pile = 1
	}
	return drafts[pile][m.Deck-1].Get(string(m.Card))
}

func modToEngine(dst []engine.Move, m notation.Move, setup bool) []engine.Move {
	var em engine.Move
	switch m := m.(type) {
	case *grammar.ModAssign:
		em = assigns.Get(string(m.Card))
	case *grammar.ModEject:
		em = ejects.Get(string(m.Card))
	case *grammar.ModDraft:
		em = draft(m)
	case *grammar.ModPass:
		em = mod.Pass{}
	case *grammar.ModDraw:
		em = draws.Get(string(m.Card))
	case *grammar.ModTop:
		if m.Deck < 1 || m.Deck > mod.SharedDecks {
			em = mod.Top{Deck: m.Deck, Card: string(m.Card)}
		} else {
			em = tops[m.Deck-1].Get(string(m.Card))
		}
	case *grammar.ModFuel:
		em = mod.GainFuel{}
	case *grammar.ModSpend:
		em = spends.Get(string(m.Card))
	default:
		if em = modDeclaration(m); em == nil {
			panic(fmt.Sprintf("mod: unknown move %T", m))
		}
	}
	if setup {
		em = engine.OnSetupLine{Move: em}
	}
	return append(dst, em)
}

// modNotate writes an engine move as the grammar's node for it would
// print, so that the notation has one printer.
func modNotate(m engine.Move) string {
	if sl, ok := m.(engine.OnSetupLine); ok {
		m = sl.Move // a set-up line's move is written as any other
	}
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
		node = &grammar.ModDraw{Card: grammar.ModName(m.Card)}
	case mod.Top:
		node = &grammar.ModTop{Deck: m.Deck, Card: grammar.ModName(m.Card)}
	case mod.GainFuel:
		node = &grammar.ModFuel{Fuel: true}
	case mod.Spend:
		node = &grammar.ModSpend{Card: grammar.ModName(m.Card)}
	default:
		if node = modDeclarationNode(m); node == nil {
			panic(fmt.Sprintf("mod: unknown move %T", m))
		}
	}
	return node.String()
}

// modDescribe writes each player's numbers and zones, the stack and the
// shared decks. A check describes the final state of every file, so the
// rows are written with appends into one buffer.
func modDescribe(st engine.State, players []string) []referee.Row {
	s := st.(*mod.State)
	rows := make([]referee.Row, 0, 10)
	rows = append(rows, referee.Row{Name: "round", Value: strconv.Itoa(s.Round()) + ", " + players[s.Initiative()] + " holds the initiative"})
	b := make([]byte, 0, 512) // most final states write each row in one
	// each adds a row of every player's name and what write appends for
	// them, as referee.PerPlayer writes it.
	each := func(name string, write func(b []byte, p int) []byte) {
		b = referee.AppendPerPlayer(b[:0], players, write)
		rows = append(rows, referee.Row{Name: name, Value: string(b)})
	}
	each("durability", func(b []byte, p int) []byte { return strconv.AppendInt(b, int64(s.Durability(p)), 10) })
	each("fuel", func(b []byte, p int) []byte { return strconv.AppendInt(b, int64(s.Fuel(p)), 10) })
	each("hands", func(b []byte, p int) []byte { return referee.AppendNames(b, s.Hand(p), modCardName) })
	each("decks", func(b []byte, p int) []byte { return referee.AppendPlural(b, s.DeckSize(p), "card") })
	each("discard piles", func(b []byte, p int) []byte { return referee.AppendNames(b, s.Discard(p), modCardName) })
	each("play areas", func(b []byte, p int) []byte { return referee.AppendNames(b, s.PlayArea(p), modCardName) })
	stack := "empty"
	if slots := s.Stack(); len(slots) > 0 {
		b = b[:0]
		for i, sl := range slots {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(append(b, players[sl.Owner]...), ' ')
			b = append(append(b, sl.How.String()...), ' ')
			b = append(b, modCardName(sl.Card)...)
		}
		stack = string(append(b, " (the last placed activates first)"...))
	}
	rows = append(rows, referee.Row{Name: "stack", Value: stack})
	b = b[:0]
	for i := range mod.SharedDecks {
		if i > 0 {
			b = append(b, "; "...)
		}
		deckTop, deckSize, pileTop, pileSize := s.SharedTops(i)
		b = append(strconv.AppendInt(b, int64(i+1), 10), ": "...)
		b = appendTop(b, deckTop, deckSize)
		b = appendTop(append(b, ", pile "...), pileTop, pileSize)
	}
	rows = append(rows, referee.Row{Name: "shared decks", Value: string(b)})
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
	return string(appendTop(nil, cards[at], len(cards)))
}

// appendTop appends a shared deck or pile by the card at its top and its
// size.
func appendTop(b []byte, top string, size int) []byte {
	if size == 0 {
		return append(b, "empty"...)
	}
	b = append(append(b, modCardName(top)...), " on top of "...)
	return strconv.AppendInt(b, int64(size), 10)
}

// modCardName writes a card's name as the notation does: ? for a card
// nobody recorded.
func modCardName(card string) string {
	if card == mod.Unknown {
		return mod.Unknown
	}
	return nameText(card)
}

// nameTexts keeps card names as grammar.ModName writes them, for the
// final state, which writes every card of every zone of every file, where
// telling whether a name needs quotes is a scan of it.
var nameTexts = namememo.New(4096, func(name string) string { return grammar.ModName(name).String() })

// nameText is grammar.ModName(name).String(), kept in nameTexts.
func nameText(name string) string { return nameTexts.Get(name) }

// modCards names the card a move plays from the hand into the stack,
// face up (assign) or face down (eject).
func modCards(m notation.Move) []string {
	switch m := m.(type) {
	case *grammar.ModAssign:
		return []string{string(m.Card)}
	case *grammar.ModEject:
		return []string{string(m.Card)}
	}
	return nil
}
