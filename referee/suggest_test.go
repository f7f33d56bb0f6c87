package referee

import (
	"strings"
	"testing"
)

// TestSuggestions: every unknown word the referee meets in a header, a
// game's name or a player's name is answered with the one most likely
// meant, when there is one.
func TestSuggestions(t *testing.T) {
	const header = "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n"
	tests := []struct {
		name, src string
		want      string
	}{
		{"a tag", header + "[Seeed \"3\"]\n", "the tag Seeed is kept but not read: did you mean Seed?"},
		{"a variant's name", header + "[Variant \"tei=bounce\"]\n", `unknown variant "tei" (did you mean "tie"?)`},
		{"a variant's value", header + "[Variant \"tie=bounse\"]\n", `variant tie has no value "bounse" (did you mean "bounce"?)`},
		{"a game in the Game tag", "[Game \"sorti\"]\n[Players \"Ann\" \"Ben\"]\n", `unknown game "sorti" in the Game tag (did you mean "sortie"?)`},
		{"a player", header + "1. Bne: draw 7H\n", `unknown player "Bne" (did you mean "Ben"?)`},
		{"a move's keyword", header + "Ann: draw 9C KD 5H 2S\nBen: draw 3D 8S JH 4C\n1. Ann: draw 7H, plcae 9C/KD a2\n", `found "plcae" (did you mean "place"?)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := "x.sortie"
			if strings.Contains(tt.src, "sorti\"") {
				path = "x.txt"
			}
			text := ReportText(CheckSource(path, tt.src, Options{}))
			if !strings.Contains(text, tt.want) {
				t.Errorf("the report lacks %q:\n%s", tt.want, text)
			}
		})
	}
	if _, err := LookupOrSuggest("mecah"); err == nil || !strings.Contains(err.Error(), `unknown game "mecah" (did you mean "mecha"?)`) {
		t.Errorf("LookupOrSuggest: %v", err)
	}
}
