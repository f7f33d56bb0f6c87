package cards

import "testing"

func TestStringAndParseRoundTrip(t *testing.T) {
	for _, c := range Deck(true) {
		got, ok := Parse(c.String())
		if !ok || got != c {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.String(), got, ok, c)
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Card
		ok   bool
	}{
		{"7H", Card{7, Hearts}, true},
		{"10S", Card{10, Spades}, true},
		{"TS", Card{10, Spades}, true},
		{"AC", Card{Ace, Clubs}, true},
		{"KD", Card{King, Diamonds}, true},
		{"JR", Card{Joker, Red}, true},
		{"1H", Card{}, false},
		{"11H", Card{}, false},
		{"7X", Card{}, false},
		{"", Card{}, false},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("Parse(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestDeck(t *testing.T) {
	if n := len(Deck(false)); n != 52 {
		t.Errorf("Deck(false) has %d cards", n)
	}
	d := Deck(true)
	if len(d) != 54 || !d[52].IsJoker() || !d[53].IsJoker() {
		t.Errorf("Deck(true) = %v", d[50:])
	}
	seen := map[Card]bool{}
	for _, c := range d {
		if seen[c] || !c.Valid() {
			t.Errorf("card %v repeated or invalid", c)
		}
		seen[c] = true
	}
}

func TestRemoveAndContains(t *testing.T) {
	pile := []Card{{2, Clubs}, {3, Clubs}, {2, Clubs}}
	if !Remove(&pile, Card{2, Clubs}) || len(pile) != 2 || pile[0] != (Card{3, Clubs}) {
		t.Errorf("Remove left %v", pile)
	}
	if Remove(&pile, Card{9, Hearts}) {
		t.Error("Remove found a card that was not there")
	}
	if !Contains(pile, Card{2, Clubs}) || Contains(pile, Card{9, Hearts}) {
		t.Error("Contains is wrong")
	}
}

// TestAppend: a card appended to a buffer is its String, and a card no
// deck holds is written with its numbers.
func TestAppend(t *testing.T) {
	for _, tt := range []struct {
		c    Card
		want string
	}{
		{Card{Ace, Spades}, "AS"},
		{Card{10, Hearts}, "10H"},
		{Card{King, Clubs}, "KC"},
		{Card{Joker, Red}, "JR"},
		{Card{Joker, Black}, "JB"},
		{Card{0, Clubs}, "?0/0"},
		{Card{King, 9}, "?13/9"},
	} {
		if got := string(tt.c.Append([]byte("x "))); got != "x "+tt.want {
			t.Errorf("%#v.Append = %q, want %q", tt.c, got, "x "+tt.want)
		}
		if got := tt.c.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.c, got, tt.want)
		}
	}
}
