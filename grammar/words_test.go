package grammar

import (
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/alecthomas/participle/v2"

	"github.com/tabletop-referee/referee/internal/taggrammar"
	"github.com/tabletop-referee/referee/notation"
)

// The words of a game's moves, which tell the names that keep their text
// in a move's shape (ValueNames) and the values that cannot be words
// (ValueTokens), are read from the tags of its move types
// (taggrammar.Literals), as participle's EBNF of them quotes them:
// printing the EBNF needs every type built. (Void's moves hold a union of
// actions, whose members no tag names: its words are read from the
// EBNF.)
func TestMoveWordsFromTheTagsAreTheEBNFs(t *testing.T) {
	quoted := regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	for _, g := range []struct {
		name  string
		lex   notation.LexerDefinition
		moves notation.Moves
	}{
		{"sortie", SortieLexer, sortieMoves}, {"mecha", MechaLexer, mechaMoves},
		{"mod", ModLexer, modMoves}, {"daemon", DaemonLexer, daemonMoves},
	} {
		type moveList struct {
			Moves []notation.Move `parser:"@@*"`
		}
		parser, err := participle.Build[moveList](participle.Lexer(g.lex), participle.Union(g.moves...))
		if err != nil {
			t.Fatal(err)
		}
		var ebnf []string
		for _, lit := range quoted.FindAllString(parser.String(), -1) {
			word, err := strconv.Unquote(lit)
			if err != nil {
				t.Fatal(err)
			}
			ebnf = append(ebnf, word)
		}
		tags := taggrammar.Literals(g.moves...)
		slices.Sort(tags)
		slices.Sort(ebnf)
		if tags, ebnf = slices.Compact(tags), slices.Compact(ebnf); !slices.Equal(tags, ebnf) {
			t.Errorf("%s: the tags' words\n%q\nthe EBNF's\n%q", g.name, tags, ebnf)
		}
	}
}
