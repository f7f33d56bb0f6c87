package suggest

import "testing"

func TestClosest(t *testing.T) {
	keywords := []string{"draw", "place", "play", "attack", "end"}
	tests := []struct {
		word       string
		candidates []string
		want       string
	}{
		{"plcae", keywords, "place"},
		{"Place", keywords, "place"},
		{"attak", keywords, "attack"},
		{"dwar", keywords, ""}, // two edits in four letters: too far
		{"xyz", keywords, ""},
		{"pla", keywords, "play"},
		{"plac", []string{"place", "plan"}, ""}, // one edit from both: a tie says nothing
		{"sorte", []string{"sortie", "mecha", "mod", "daemon", "void"}, "sortie"},
		{"Seeed", []string{"Game", "Players", "Seed", "Variant", "Catalogue", "Perspective"}, "Seed"},
		{"place", keywords, "play"}, // the word itself is no suggestion, but a near one is
		{"", keywords, ""},
		{"e", []string{"x", "X"}, ""},  // too short to guess at
		{"a", []string{"b", "A"}, "A"}, // but not for another case
		{"enn", []string{"end", "en"}, "end"},
		{"Bne", []string{"Ann", "Ben"}, "Ben"}, // two letters swapped are one edit
		{"Benn", []string{"Ann", "Ben"}, "Ben"},
	}
	for _, tt := range tests {
		if got := Closest(tt.word, tt.candidates); got != tt.want {
			t.Errorf("Closest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	if got := Hint("plcae", keywords); got != ` (did you mean "place"?)` {
		t.Errorf("Hint = %q", got)
	}
}
