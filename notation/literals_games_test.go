package notation_test

import (
	"slices"
	"testing"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
)

// The words of a game's moves, which tell the names that keep their text
// in a move's shape (ValueNames) and the values that cannot be words
// (ValueTokens), are read from the tags of the move types, as participle's
// EBNF of them has them: printing the EBNF is a tenth of a build. Void's
// moves hold another union, whose members no tag names: its words are
// read from the EBNF.
func TestMoveWordsFromTheTagsAreTheEBNFs(t *testing.T) {
	for _, g := range []struct {
		name    string
		grammar *notation.Grammar
		tagsAll bool
	}{
		{"sortie", grammar.Sortie, true}, {"mecha", grammar.Mecha, true}, {"mod", grammar.Mod, true},
		{"daemon", grammar.Daemon, true}, {"void", grammar.Void, false},
	} {
		tags, ebnf := g.grammar.MoveWords()
		slices.Sort(tags)
		slices.Sort(ebnf)
		tags, ebnf = slices.Compact(tags), slices.Compact(ebnf)
		if g.tagsAll && !slices.Equal(tags, ebnf) {
			t.Errorf("%s: the tags' words\n%q\nthe EBNF's\n%q", g.name, tags, ebnf)
		}
		if missing := slices.DeleteFunc(slices.Clone(ebnf), func(w string) bool { _, in := slices.BinarySearch(tags, w); return in }); !g.tagsAll && len(missing) == 0 {
			t.Errorf("%s: the tags have every word of the EBNF; its other union's members need no EBNF", g.name)
		}
	}
}
