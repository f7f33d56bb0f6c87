package mod

import (
	"fmt"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/mod"
	"github.com/tabletop-referee/referee/referee"
)

func modKey(players []string) []string {
	return []string{
		"The stack is drawn with the last card placed on top, which activates first; each slot is numbered in the",
		"order placed, with its owner's letter and how it was placed (assigned face up, ejected face down, drafted).",
	}
}

// modDraw draws the round and whose priority or choice it is, each
// player's durability, fuel, hand, deck, discard pile and play area, the
// stack from its top, and the shared decks and their piles.
func modDraw(st engine.State, view referee.View) referee.Drawing {
	players := view.Players
	s := st.(*mod.State)
	sk := referee.NewSketch(players)
	names := func(cards []string) string { return referee.NameList(cards, modCardName) }
	status := sk.Who(referee.Plain(fmt.Sprintf("round %d: ", s.Round())), s.Initiative()).Text(" holds the initiative")
	switch s.Phase() {
	case mod.Command:
		if len(s.Stack()) == len(players)*mod.Slots {
			// The engine activates a full stack as the turn ends.
			status = status.Text("; the stack is full: it activates as the turn ends")
			break
		}
		status = sk.Who(status.Text("; "), s.ToMove()).Text(" has priority")
	case mod.EjectChoice, mod.ShieldChoice:
		status = status.Text("; activation: " + s.Pending())
	}
	sk.Add(status)
	// hidden tells whether player p's hidden cards are hidden from the
	// seat the drawing is for: their hand, and their cards ejected face
	// down.
	hidden := func(p int) bool { return view.Seat >= 0 && p != view.Seat }
	sk.PlayerRows(func(p int) []string {
		hand := "hand " + names(s.Hand(p))
		if hidden(p) {
			hand = "hand " + referee.Plural(len(s.Hand(p)), "card")
		}
		return []string{
			fmt.Sprintf("durability %d, fuel %d", s.Durability(p), s.Fuel(p)),
			hand,
			fmt.Sprintf("deck %s, discard pile %s", referee.Plural(len(s.Deck(p)), "card"), names(s.Discard(p))),
			"play area " + names(s.PlayArea(p)),
		}
	})
	stack := s.Stack()
	used := make([]int, len(players))
	for _, sl := range stack {
		used[sl.Owner]++
	}
	var slots []string
	for p := range players {
		slots = append(slots, fmt.Sprintf("%s %d of %d", sk.Letter[p], used[p], mod.Slots))
	}
	if len(stack) == 0 {
		sk.Add(referee.Plain("stack empty"))
	} else {
		sk.Add(referee.Plain(fmt.Sprintf("stack, %s slots filled; the top activates first:", strings.Join(slots, ", "))))
	}
	for i := len(stack) - 1; i >= 0; i-- {
		sl := stack[i]
		card := modCardName(sl.Card)
		if sl.How == mod.Ejected && hidden(sl.Owner) {
			card = "face down"
		}
		sk.Add(referee.Plain(fmt.Sprintf("  %2d. ", i+1)).Of(sl.Owner, fmt.Sprintf("%s %s %s", sk.Letter[sl.Owner], sl.How, card)))
	}
	sk.Add(referee.Plain("shared decks:"))
	for i := range mod.SharedDecks {
		d := s.Shared(i)
		sk.Add(referee.Plain(fmt.Sprintf("  %d: %s; pile %s", i+1, modTop(d.Deck, 0), modTop(d.Pile, len(d.Pile)-1))))
	}
	return sk.Lines
}
