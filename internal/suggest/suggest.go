// Package suggest finds the word a person most likely meant, for "did you
// mean" in messages about unknown words: move keywords, game, tag,
// variant, player and card names.
package suggest

import (
	"strings"

	"github.com/hbollon/go-edlib"
)

// Closest is the candidate nearest to word by edit distance (a letter
// added, dropped or changed, or two letters swapped, as in plcae), ignoring
// case, when both have three letters or more, and it is near enough to be a slip (about a third of the word's
// letters, at least one) and nearer than any other; "" otherwise. A
// candidate equal to word is no suggestion.
func Closest(word string, candidates []string) string {
	// The same word in another case is meant, however short.
	for _, c := range candidates {
		if c != word && strings.EqualFold(c, word) {
			return c
		}
	}
	// A word of one or two letters is too short to have a likeliest
	// meaning otherwise: any other short word is as near.
	if len([]rune(word)) < 3 {
		return ""
	}
	lower := strings.ToLower(word)
	limit := max(1, (len([]rune(word))+1)/3)
	best, bestDist, tie := "", limit+1, false
	for _, c := range candidates {
		if c == word || len([]rune(c)) < 3 {
			continue
		}
		d := edlib.OSADamerauLevenshteinDistance(lower, strings.ToLower(c))
		switch {
		case d < bestDist:
			best, bestDist, tie = c, d, false
		case d == bestDist && c != best:
			tie = true
		}
	}
	if tie || bestDist > limit {
		return ""
	}
	return best
}

// Hint is " (did you mean "x"?)" for Closest's candidate, or "".
func Hint(word string, candidates []string) string {
	if c := Closest(word, candidates); c != "" {
		return " (did you mean \"" + c + "\"?)"
	}
	return ""
}
