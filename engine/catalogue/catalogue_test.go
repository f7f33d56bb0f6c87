package catalogue

import (
	"slices"
	"testing"
)

func TestCardsSetsDecksApartAndKeepsOrder(t *testing.T) {
	cat := &Catalogue{Entries: []Entry{
		{Kind: "card", Name: "A", ID: 1},
		{Kind: "deck", Name: "D1", ID: 2},
		{Kind: "card", Name: "Bad", ID: 3},
		{Kind: "card", Name: "B", ID: 4},
		{Kind: "deck", Name: "D2", ID: 5},
	}}
	load := func(e Entry) (*string, []*Error) {
		if e.Name == "Bad" {
			return nil, []*Error{Errorf(e.ID, "bad card"), Errorf(e.ID, "and again")}
		}
		return &e.Name, nil
	}
	cards, decks, errs := Cards(cat, load)
	var names []string
	for _, c := range cards {
		names = append(names, *c)
	}
	if !slices.Equal(names, []string{"A", "B"}) {
		t.Errorf("cards %v, want [A B]: a refused card is left out, the order kept", names)
	}
	if len(decks) != 2 || decks[0].Name != "D1" || decks[1].Name != "D2" {
		t.Errorf("decks %v, want D1 and D2 in order", decks)
	}
	if len(errs) != 2 || errs[0].ID != 3 || errs[1].Msg != "and again" {
		t.Errorf("errors %v, want both of Bad's", errs)
	}
}
