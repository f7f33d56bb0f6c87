package catalogue

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine/catalogue"
	"github.com/tabletop-referee/referee/notation"
)

const testCatalogue = `[Game "mecha"]
[Designer "Ann"]
tower   "Radio Tower"  basic provide 1u durability 3
pilot   Ace            power +1 durability -1
command Overclock      target mecha: power +2, speed +1
deck    Starter        12 "Radio Tower"
    3 Ace
`

// diagnosticLines shows errors as "line:col: error: message", as the
// referee reports them.
func diagnosticLines(diags []*notation.Error) []string {
	var out []string
	for _, d := range diags {
		out = append(out, fmt.Sprintf("%d:%d: error: %s", d.Span.Start.Line, d.Span.Start.Column, d.Msg))
	}
	return out
}

// parseCatalogueOK parses src and fails the test on any diagnostic.
func parseCatalogueOK(t *testing.T, src string) (*catalogue.Catalogue, map[int]notation.Span) {
	t.Helper()
	cat, spans, diags, _ := Read("test.cards", src)
	if len(diags) > 0 || cat == nil {
		t.Fatalf("unexpected diagnostics in %q:\n%s", src, strings.Join(diagnosticLines(diags), "\n"))
	}
	return cat, spans
}

func TestParseCatalogueConverts(t *testing.T) {
	cat, _ := parseCatalogueOK(t, testCatalogue)
	if cat.Game != "mecha" {
		t.Errorf("Game = %q, want mecha", cat.Game)
	}
	// Items show their kind: w for a word, n for a number, t for a text.
	items := func(items []catalogue.Item) string {
		var s []string
		for _, it := range items {
			s = append(s, []string{"w", "n", "t"}[it.Kind]+":"+it.String())
		}
		return strings.Join(s, " ")
	}
	var got []string
	for _, e := range cat.Entries {
		line := fmt.Sprintf("%s %q [%s]", e.Kind, e.Name, items(e.Props))
		for _, eff := range e.Effect {
			line += " [" + items(eff) + "]"
		}
		got = append(got, line)
	}
	want := []string{
		`tower "Radio Tower" [w:basic w:provide n:1u w:durability n:3]`,
		`pilot "Ace" [w:power n:+1 w:durability n:-1]`,
		`command "Overclock" [w:target w:mecha] [w:power n:+2] [w:speed n:+1]`,
		`deck "Starter" [n:12 t:"Radio Tower" n:3 w:Ace]`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("converted to\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestParseCatalogueNumbers(t *testing.T) {
	tests := []struct {
		written string
		value   int
		signed  bool
		unit    string
	}{
		{"3", 3, false, ""},
		{"1u", 1, false, "u"},
		{"+1", 1, true, ""},
		{"-1", -1, true, ""},
		{"+0", 0, true, ""},
		{"-12x", -12, true, "x"},
		{"007", 7, false, ""},
		{strconv.Itoa(math.MaxInt), math.MaxInt, false, ""}, // an int's bounds, of 64 bits or 32
		{strconv.Itoa(math.MinInt), math.MinInt, true, ""},
	}
	for _, tt := range tests {
		cat, _ := parseCatalogueOK(t, "mecha Scout cost "+tt.written)
		it := cat.Entries[0].Props[1]
		if it.Kind != catalogue.Number || it.Number != tt.value || it.Signed != tt.signed || it.Unit != tt.unit {
			t.Errorf("%s: got %+v, want the number %d, signed %v, unit %q", tt.written, it, tt.value, tt.signed, tt.unit)
		}
	}
}

// TestParseCatalogueSpans checks that every ID stands for the text it was
// given to, and only once.
func TestParseCatalogueSpans(t *testing.T) {
	cat, spans := parseCatalogueOK(t, testCatalogue)
	written := func(id int) string {
		s, ok := spans[id]
		if !ok {
			t.Fatalf("ID %d has no span", id)
		}
		return testCatalogue[s.Start.Offset:s.End.Offset]
	}
	ids := 0
	check := func(id int, want string) {
		t.Helper()
		ids++
		if got := written(id); got != want {
			t.Errorf("ID %d stands for %q, want %q", id, got, want)
		}
	}
	for _, e := range cat.Entries {
		check(e.ID, e.Kind)
		if got := written(e.NameID); got != e.Name && got != `"`+e.Name+`"` {
			t.Errorf("the name ID of %s stands for %q", e.Name, got)
		}
		ids++
		for _, it := range e.Props {
			check(it.ID, it.String())
		}
		for _, eff := range e.Effect {
			for _, it := range eff {
				check(it.ID, it.String())
			}
		}
	}
	if len(spans) != ids {
		t.Errorf("%d spans for %d IDs", len(spans), ids)
	}
	// Lines and columns, on an entry that runs over two lines.
	deck := cat.Entries[3]
	for id, want := range map[int]string{deck.NameID: "6:9-6:16", deck.Props[2].ID: "7:5-7:6"} {
		s := spans[id]
		if got := fmt.Sprintf("%d:%d-%d:%d", s.Start.Line, s.Start.Column, s.End.Line, s.End.Column); got != want {
			t.Errorf("ID %d stands at %s, want %s", id, got, want)
		}
	}
}

func TestParseCatalogueChecks(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
		readable  bool // whether a catalogue (of the lines that parsed) is returned
	}{
		{"a name given twice, whatever the kinds", "mecha Scout cost 1\npilot \"Scout\" power +1",
			[]string{`2:7: error: duplicate name "Scout": first defined on line 1`}, true},
		{"each repeat against the first", "mecha A\nmecha B\nmecha A\n  cost 1\ndeck A",
			[]string{`3:7: error: duplicate name "A": first defined on line 1`, `5:6: error: duplicate name "A": first defined on line 1`}, true},
		{"the Game tag twice", "[Game \"mecha\"]\n[Game \"sortie\"]",
			[]string{`2:1: error: duplicate Game tag: first on line 1`}, true},
		{"a Game tag without a value", "[Game]",
			[]string{`1:1: error: the Game tag takes one value, found 0`}, true},
		{"a Game tag with two values", `[Game "mecha" "sortie"]`,
			[]string{`1:1: error: the Game tag takes one value, found 2`}, true},
		{"no Game tag, and tags the referee does not know", "[Set \"core\"] [Set \"promo\"]\nmecha Scout", nil, true},
		{"a number out of range", "mecha Scout cost 99999999999999999999 power -99999999999999999999u",
			[]string{`1:18: error: the number 99999999999999999999 is out of range`, `1:45: error: the number -99999999999999999999u is out of range`}, false},
		{"syntax errors, with the checks", "mecha Scout\nmecha : cost 1\nmecha Scout\n[Game \"mecha\"]",
			[]string{
				`2:7: error: expected a card name like "Radio Tower" or Scout, found ":"`,
				`3:7: error: duplicate name "Scout": first defined on line 1`,
				`4:1: error: header tags must come before the first entry`,
			}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cat, _, diags, _ := Read("test.cards", tt.src)
			if got := diagnosticLines(diags); !slices.Equal(got, tt.want) {
				t.Errorf("diagnostics\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if (cat != nil) != tt.readable {
				t.Errorf("catalogue returned: %v, want %v", cat != nil, tt.readable)
			}
		})
	}
}

func TestParseCatalogueGameTag(t *testing.T) {
	cat, _, _, _ := Read("test.cards", "[Game \"mecha\"]\n[Game \"sortie\"]\nmecha Scout")
	if cat.Game != "mecha" {
		t.Errorf("Game = %q, want the first tag's mecha", cat.Game)
	}
}

func TestCatalogueDiagnostics(t *testing.T) {
	cat, spans := parseCatalogueOK(t, testCatalogue)
	pilot, deck := cat.Entries[1], cat.Entries[3]
	errs := []*catalogue.Error{
		catalogue.Errorf(deck.Props[1].ID, "unknown card %q", deck.Props[1].Word),
		catalogue.Errorf(pilot.ID, "a pilot needs a cost"),
		catalogue.Errorf(0, "the catalogue has no tower"),
		catalogue.Errorf(pilot.Props[3].ID, "durability %d is out of range", pilot.Props[3].Number),
	}
	diags := Place(errs, spans)
	got := diagnosticLines(diags)
	want := []string{
		`0:0: error: the catalogue has no tower`,
		`4:1: error: a pilot needs a cost`,
		`4:44: error: durability -1 is out of range`,
		`6:27: error: unknown card "Radio Tower"`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if end := diags[3].Span.End; end.Line != 6 || end.Column != 40 {
		t.Errorf("the text ends at %d:%d, want 6:40", end.Line, end.Column)
	}
}
