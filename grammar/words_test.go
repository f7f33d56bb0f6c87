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
// (ValueTokens), are read from the tags of its move types and of the
// unions they hold (taggrammar.Literals), as participle's EBNF of them
// quotes them: printing the EBNF needs every type built.
func TestMoveWordsFromTheTagsAreTheEBNFs(t *testing.T) {
	quoted := regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	for _, g := range []struct {
		name   string
		lex    notation.LexerDefinition
		unions []taggrammar.Members
	}{
		{"sortie", SortieLexer, []taggrammar.Members{taggrammar.Of(sortieMoves...)}},
		{"mecha", MechaLexer, []taggrammar.Members{taggrammar.Of(mechaMoves...)}},
		{"mod", ModLexer, []taggrammar.Members{taggrammar.Of(modMoves...)}},
		{"daemon", DaemonLexer, []taggrammar.Members{taggrammar.Of(daemonMoves...)}},
		{"void", VoidLexer, []taggrammar.Members{taggrammar.Of(notation.Move(&VoidMove{})), voidActions}},
	} {
		type moveList struct {
			Moves []notation.Move `parser:"@@*"`
		}
		union := taggrammar.NewUnion[notation.Move](nil, g.unions...)
		parser, err := participle.Build[moveList](append(union.Options(), participle.Lexer(g.lex))...)
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
		tags := union.Literals()
		slices.Sort(tags)
		slices.Sort(ebnf)
		if tags, ebnf = slices.Compact(tags), slices.Compact(ebnf); !slices.Equal(tags, ebnf) {
			t.Errorf("%s: the tags' words\n%q\nthe EBNF's\n%q", g.name, tags, ebnf)
		}
	}
}
