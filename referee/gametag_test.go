package referee

import (
	"slices"
	"strings"
	"testing"
)

// TestFindGameTagAsTheRegexp checks that the Game tag found from the first
// "Game" on, read by hand where it can be, is the one the regexp finds in
// the whole text.
func TestFindGameTagAsTheRegexp(t *testing.T) {
	for _, src := range []string{
		"",
		`[Game "sortie"]`,
		"\n\n  [ Game \"mecha\"]\n",
		"; Game on\n[Game \"mod\"]\n",
		"1. Ann: a1-a2 ; the Game\n[Game \"void\"]\n",
		"[\n Game \"daemon\"]",
		"\n\n[\n\n  Game \"daemon\"]",
		"x[Game \"sortie\"]\n[Game \"mecha\"]",
		"[[Game \"sortie\"]",
		"Game\n  [Game \"mod\"]",
		"[Event \"Game night\"]\n[Game \"void\"]",
		"[Game \"a\nb\"]\n[Game \"mod\"]",
		strings.Repeat("1. Ann: a1-a2\n", 1000) + "[Game \"sortie\"]",
		strings.Repeat("1. Ann: a1-a2\n", 1000),
		"[Game\"sortie\"]",
		"[Games \"sortie\"]",
		"[Game \"sortie",
		"[Game \"\"]",
		"[Game\n\t\"mod\" \"x\"]",
		"  \f[ Game \"mod\"",
		"[Game ",
		"[",
	} {
		if got, want := findGameTag(src), gameTag().FindStringSubmatch(src); !slices.Equal(got, want) {
			t.Errorf("%.40q: found %q, the regexp %q", src, got, want)
		}
	}
}

// A Game tag on a line of its own is read by hand wherever it stands:
// after comments and tags, blank lines and spaces.
func TestGameTagOnItsLineIsReadByHand(t *testing.T) {
	for _, src := range []string{
		`[Game "sortie"]`,
		"; Illegal: two draws in one turn.\n[Game \"sortie\"]\n",
		"; a comment\n\n  \n  [ Game \"mecha\"]",
		"[Event \"x\"]\n[\n  Game \"mod\"]",
		"{ a brace\ncomment }\n\t[Game \"void\"]",
	} {
		p, ok := gameTagLine(src)
		if !ok || gameTagAt(src, p) == nil {
			t.Errorf("%q: the tag is not read at the line it begins (%d)", src, p)
		}
	}
}
