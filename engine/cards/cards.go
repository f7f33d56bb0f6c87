// Package cards models a deck of French playing cards, jokers included.
package cards

import "strconv"

// Suit is a card's suit. Jokers have the suits Red and Black.
type Suit uint8

// The suits, in the order a fresh deck is sorted before shuffling.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
	Red   // the red joker
	Black // the black joker
)

// Rank is a card's rank: 1 for the ace to 13 for the king; Joker for both jokers.
type Rank uint8

// Named ranks.
const (
	Ace   Rank = 1
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
	Joker Rank = 14
)

// Card is one playing card.
type Card struct {
	Rank Rank
	Suit Suit
}

// IsJoker tells whether c is one of the two jokers.
func (c Card) IsJoker() bool { return c.Rank == Joker }

// Valid tells whether c is a card of a real deck.
func (c Card) Valid() bool {
	if c.Rank == Joker {
		return c.Suit == Red || c.Suit == Black
	}
	return c.Rank >= Ace && c.Rank <= King && c.Suit <= Spades
}

// String writes the card as players write it: rank then suit initial, as
// in 7H, 10S, QD and AC; the jokers are JR (red) and JB (black).
func (c Card) String() string { return string(c.Append(nil)) }

// Append appends the card as String writes it to b: reports write cards
// by the thousand into one buffer.
func (c Card) Append(b []byte) []byte {
	if c.Rank == Joker {
		if c.Suit == Red {
			return append(b, "JR"...)
		}
		return append(b, "JB"...)
	}
	if !c.Valid() {
		b = strconv.AppendInt(append(b, '?'), int64(c.Rank), 10)
		return strconv.AppendInt(append(b, '/'), int64(c.Suit), 10)
	}
	return append(append(b, rankNames[c.Rank]...), "CDHS"[c.Suit])
}

var rankNames = [...]string{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}

// Parse reads a card written as String writes it. T stands for 10 too.
func Parse(s string) (Card, bool) {
	switch s {
	case "JR":
		return Card{Joker, Red}, true
	case "JB":
		return Card{Joker, Black}, true
	}
	if len(s) < 2 || len(s) > 3 {
		return Card{}, false
	}
	suitIndex := -1
	for i, r := range "CDHS" {
		if s[len(s)-1] == byte(r) {
			suitIndex = i
		}
	}
	if suitIndex < 0 {
		return Card{}, false
	}
	rank := s[:len(s)-1]
	if rank == "T" {
		rank = "10"
	}
	for r, name := range rankNames {
		if r > 0 && name == rank {
			return Card{Rank(r), Suit(suitIndex)}, true
		}
	}
	return Card{}, false
}

// Deck returns a fresh deck in sorted order: clubs, diamonds, hearts,
// spades, each from ace to king, then the red and black jokers if asked for.
func Deck(jokers bool) []Card {
	deck := make([]Card, 0, 54)
	for s := Clubs; s <= Spades; s++ {
		for r := Ace; r <= King; r++ {
			deck = append(deck, Card{r, s})
		}
	}
	if jokers {
		deck = append(deck, Card{Joker, Red}, Card{Joker, Black})
	}
	return deck
}

// Remove deletes the first c from pile and reports whether it was there.
func Remove(pile *[]Card, c Card) bool {
	for i, x := range *pile {
		if x == c {
			*pile = append((*pile)[:i], (*pile)[i+1:]...)
			return true
		}
	}
	return false
}

// Contains tells whether c is in pile.
func Contains(pile []Card, c Card) bool {
	for _, x := range pile {
		if x == c {
			return true
		}
	}
	return false
}
