package grammar_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
)

var placesOf = notationtest.PlacesOf

var sameAsWholeFile = notationtest.SameAsWholeFile

// Sortie's moves, kept by their shape (ValueTokens), each take their own
// cards and squares and their own place, whatever the widths of their
// values (10H against 9H) and the line they are on: the parse piece by
// piece is the whole file's. (notation's tests count the shapes kept, on
// a game of its own written as Sortie is.)
func TestSortieMovesOfAShapeParseAsTheWholeFile(t *testing.T) {
	g := grammar.Sortie
	g.ForgetParses()
	t.Cleanup(g.ForgetParses)
	sources := []string{
		"[Players \"Ann\" \"Ben\"]\n1. Ann: place 10H/9C a1, place 9C/10H b2,\n   place  2S /  QD c3, place\n TC/JR d4\n" +
			"2. Ben: a1-a2, a1 - a2 x b3, a1xb2, draw 7H 10D KS, draw 2C,\n  draw\n  10C\n  3D\n",
		"Ann: draw 10S 10S 10S, d4-d3xd2, d4 x d3\nBen: place 10H/10H a1\n1. Ann: place 5C/6C b4, c1-c2, draw 9C 10C JC\n",
	}
	for round := range 2 {
		for i, src := range sources {
			sameAsWholeFile(t, g, fmt.Sprintf("round %d, source %d", round, i), src)
		}
	}
	src, written := distinctPlacements(300)
	sameAsWholeFile(t, g, "distinct", src)
	placedWhereWritten(t, g.Parse("distinct", src), src, written)
}

// Moves kept by their shape with names standing for any name but the
// grammar's own words (ValueNames) each take their own names, as the whole
// file's parse does: Void's hands of other cards, plays of other cards on
// other sectors, and a name written like a word of the grammar ("play"
// quoted, a card named pick); Mecha's quoted names, escapes and all,
// their quotes taken off.
func TestNamesOfAShapeParseAsTheWholeFile(t *testing.T) {
	tests := []struct {
		name  string
		g     *notation.Grammar
		src   string
		other *strings.Replacer
	}{
		{"void", grammar.Void, "[Game \"void\"]\n[Players \"Ann\" \"Ben\"]\n" +
			"board: sector North Forest Lake, sector Middle Ruins, sector South Dunes Marsh\n" +
			"Ann: energy 2, income 1, life 10, hand Shock Rift, field Raider Middle\n" +
			"Ben: energy 0, income 1, life 3, hand Scout Drain, field Scout Middle\n" +
			"1. Ann: play Shock Middle, attack Raider Middle, Ben defend Scout Raider, play Rift North pick 2\n" +
			"2. Ben: play Scout Middle, play \"play\" South, attack Scout North, hand pick Drain, play Flux X 2\n",
			strings.NewReplacer("Shock", "Bolt", "Rift", "Flare", "Raider", "Rogue", "Middle", "Centre",
				"Scout", "Spy", "North", "Top", "Drain", "Sap", "Flux", "Wave", "Ben", "Bo")},
		{"mecha", grammar.Mecha, "[Game \"mecha\"]\n[Players \"Ann\" \"Ben\"]\n" +
			"Ann: draw \"Crawler Tower\" Scout \"Radio Tower\", mecha \"Iron Wall\" b2 pilot \"Jason \\\"The Looks\\\" Brannan\"\n" +
			"1. Ann: draw \"Radio Tower\", play \"Crawler Tower\" a1, play Scout b1, discard \"Radio Tower\"\n" +
			"2. Ben: draw \"Jason \\\"The Looks\\\" Brannan\" \"play\", play \"Iron Wall\" c3\n",
			strings.NewReplacer(`Crawler Tower`, `Big Gun`, `Radio Tower`, `Tower \"2\"`, `Iron Wall`, `Scout`,
				`Jason \"The Looks\" Brannan`, `Ann Lee`, `"play"`, `"draw"`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.g.ForgetParses()
			t.Cleanup(tt.g.ForgetParses)
			sameAsWholeFile(t, tt.g, "first", tt.src)
			other := tt.other.Replace(tt.src)
			if other == tt.src {
				t.Fatal("the names were not replaced")
			}
			sameAsWholeFile(t, tt.g, "other names", other)
		})
	}
}

// sharesItsShapes fails the test unless g keeps every move of body by its
// shape, placed at each place rather than parsed there again (as it is
// when a Relocate leaves out a value): a transcript of body written
// again and again with other values (each given by vary), its shapes met
// before, allocates less than twice for each move, where a move parsed
// again allocates a hundred times.
func sharesItsShapes(t *testing.T, g *notation.Grammar, header, body string, vary func(body string, i int) string) {
	t.Helper()
	var b strings.Builder
	b.WriteString(header)
	for i := range 50 {
		b.WriteString(vary(body, i))
	}
	src := b.String()
	sameAsWholeFile(t, g, "varied", src)
	moves := 0
	for _, st := range g.ParseWholeFile("varied", src).File.Statements {
		moves += len(st.Moves())
	}
	if allocs := testing.AllocsPerRun(2, func() { g.Parse("varied", src) }); allocs > float64(2*moves) {
		t.Errorf("piece by piece, with every shape met before, a parse of %d moves allocates %v times: are some of them parsed at each place?", moves, allocs)
	}
}

// Every shape of Sortie's moves (place, step, attack, step and attack,
// and draw of one, two and three cards) is placed, not parsed again, at
// each place: its Relocate leaves out no value.
func TestSortieMovesAreNotParsedAtEachPlace(t *testing.T) {
	body := "1. Ann: place 10H/9C a1, a1-a2, a1xb2, a1-a2xb3, draw 7H 10D KS, draw 2C, draw 3D 4S\n"
	ranks := []string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K", "A"}
	sharesItsShapes(t, grammar.Sortie, "[Players \"Ann\" \"Ben\"]\n", body, func(body string, i int) string {
		return strings.NewReplacer("10H", ranks[i%14]+"H", "9C", ranks[(i/14)%14]+"C", "a1", fmt.Sprintf("%c%d", 'a'+i%4, 1+(i/4)%4),
			"b2", fmt.Sprintf("c%d", 1+i%4), "7H", ranks[(i+3)%14]+"S", "2C", ranks[(i+5)%14]+"D").Replace(body)
	})
}

// Every shape of Void's moves is placed, not parsed again, at each
// place, with its own names: its Relocate leaves out no name.
func TestVoidMovesAreNotParsedAtEachPlace(t *testing.T) {
	body := "board: sector North Forest Lake, sector Middle Ruins\n" +
		"Ann: energy 2, income 1, life 10, hand Shock Rift, cache Drain, field Raider Middle, field Wall North damage 1\n" +
		"1. Ann: play Shock Middle, attack Raider Middle, Ben defend Scout Raider, play Rift North pick 2, advance Scout Middle\n" +
		"2. Ben: play \"play\" South, activate Ranger South, react Sentinel, convert Scout, play Flux X 2, execute, pass\n"
	sharesItsShapes(t, grammar.Void, "[Game \"void\"]\n[Players \"Ann\" \"Ben\"]\n", body, func(body string, i int) string {
		return regexp.MustCompile(`\b(North|Forest|Lake|Middle|Ruins|Shock|Rift|Drain|Raider|Wall|Scout|Ranger|Sentinel|Flux|South)\b`).
			ReplaceAllString(body, fmt.Sprintf("${1}%d", i))
	})
}
