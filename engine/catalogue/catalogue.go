// Package catalogue holds a card catalogue as data: entries of a kind and a
// name, each with the words, numbers and texts written after them. It knows
// nothing of the file format: the referee builds a Catalogue from a parsed
// file, and each game's engine reads the entries with its own vocabulary,
// reporting errors against the ID of the item at fault so that the referee
// can point at its line and column.
package catalogue

import (
	"fmt"
	"strconv"
)

// ItemKind tells what an item is.
type ItemKind int

// The kinds of item.
const (
	Word   ItemKind = iota // a bare word: haste, target, mecha
	Number                 // a number: 2, +1, -1, 1u
	Text                   // a quoted text: "Radio Tower"
)

// Item is one word, number or text of an entry.
type Item struct {
	Kind   ItemKind
	Word   string // the word, or the text without its quotes
	Number int    // the number's value, sign included
	Signed bool   // whether the number was written with + or -
	Unit   string // the unit letter after a number, as the "u" of 1u
	ID     int    // where it was written, for errors
}

func (it Item) String() string {
	switch it.Kind {
	case Number:
		s := strconv.Itoa(it.Number)
		if it.Signed && it.Number >= 0 {
			s = "+" + s
		}
		return s + it.Unit
	case Text:
		return strconv.Quote(it.Word)
	}
	return it.Word
}

// Entry is one card (or other named thing, such as a deck list) of a
// catalogue: "mecha "Scout" cost 1 power 1 durability 2 haste".
type Entry struct {
	Kind   string
	Name   string
	Props  []Item   // the items before the ":"
	Effect [][]Item // the effects after the ":", split at commas
	ID     int      // the ID of the entry as a whole (its kind word)
	NameID int      // the ID of its name
}

// Catalogue is a whole catalogue.
type Catalogue struct {
	Game    string // the game it is for, from its Game tag
	Entries []Entry
}

// Error is a fault in a catalogue, at the item with the given ID.
type Error struct {
	ID  int
	Msg string
}

func (e *Error) Error() string { return e.Msg }

// Errorf makes an Error at the item with the given ID.
func Errorf(id int, format string, args ...any) *Error {
	return &Error{ID: id, Msg: fmt.Sprintf(format, args...)}
}

// Cards reads every entry of a catalogue that is not a deck with load, in
// catalogue order, and sets the deck entries apart for the game to read
// once all the cards are known. A card load refuses (the zero C) is left
// out; every error is kept.
func Cards[C comparable](cat *Catalogue, load func(Entry) (C, []*Error)) (cards []C, decks []Entry, errs []*Error) {
	var none C
	for _, e := range cat.Entries {
		if e.Kind == "deck" {
			decks = append(decks, e)
			continue
		}
		c, err := load(e)
		errs = append(errs, err...)
		if c != none {
			cards = append(cards, c)
		}
	}
	return cards, decks, errs
}
