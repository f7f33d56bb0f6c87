package grammar

import "testing"

// TestSortieMalformedCardsAndSquares: a card or a square written nearly
// right is named whole, with the part that is wrong.
func TestSortieMalformedCardsAndSquares(t *testing.T) {
	const card, square = "a card like 7H or 10S", "a square like b3"
	tests := []struct {
		src string
		col int
		msg string
	}{
		{"draw 2c", 14, `expected ` + card + `, found "2c" (the suit is a capital letter, as in 2C)`},
		{"draw 10h", 14, `expected ` + card + `, found "10h" (the suit is a capital letter, as in 10H)`},
		{"place kd/9C a1", 15, `expected ` + card + `, found "kd" (the rank is a capital letter, as in KD)`},
		{"draw 1S", 14, `expected ` + card + `, found "1S" (an ace is A, as in AS)`},
		{"place 9C/KD A2", 21, `expected ` + square + `, found "A2" (squares are written in small letters, a1 to d4, as in a2)`},
		{"B2-b3", 9, `expected a move (draw 7H, place 9C/KD a1, a1-b2, a1xb2 or a1-b2xc3), or "," between moves, found "B2" (squares are written in small letters, a1 to d4, as in b2)`},
		// A word with nothing nearly right about it gets no hint.
		{"draw 6Z", 14, `expected ` + card + `, found "6"`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, errs := parseMoves(t, tt.src)
			checkOneError(t, errs, tt.col, tt.msg)
		})
	}
}

func TestSortieHint(t *testing.T) {
	for word, want := range map[string]string{
		"2c": "the suit is a capital letter, as in 2C", "qh": "the rank is a capital letter, as in QH",
		"1D": "an ace is A, as in AD", "C3": "squares are written in small letters, a1 to d4, as in c3",
		"a9": "the squares are a1 to d4", "e2": "the squares are a1 to d4",
		"b2": "", "7H": "", "place": "", "": "",
	} {
		if got := sortieHint(word); got != want {
			t.Errorf("sortieHint(%q) = %q, want %q", word, got, want)
		}
	}
}
