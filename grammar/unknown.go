package grammar

import (
	"strings"

	"github.com/tabletop-referee/referee/notation"
)

// Unknown is how a transcript writes a card nobody recorded: a draw of the
// other seat's, a card of a declared hand, in every game that has hidden cards.
const Unknown = "?"

// unknownRule is the card nobody recorded, "?", a word of its own as a
// card is: "?7H" and "?x" are no words of the notation.
var unknownRule = notation.GameRule{Name: "Unknown", Pattern: `\?\B`, Match: matchUnknown}

// matchUnknown matches unknownRule's pattern by hand: \B after "?" is the
// end of the text or a byte that is no ASCII letter, digit or _.
func matchUnknown(s string) int {
	if strings.HasPrefix(s, Unknown) && notation.WordEnd(s[1:]) {
		return 1
	}
	return 0
}
