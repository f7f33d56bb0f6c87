package catalogue

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/notation"
)

// exampleCatalogue is the example of docs/catalogue.md.
const exampleCatalogue = `; Mecha's starter cards
[Game "mecha"]

tower   "Radio Tower"  basic provide 1u durability 3
mecha   "Scout"        cost 1 power 1 durability 2 speed 2 haste
mecha   "Bulwark"      cost 3 power 2 durability 5 armour 2
pilot   "Ace"          power +1 durability +1
command "Overclock"    target mecha you control: power +2, speed +1
command "Long Order"   target unit
    : damage 2        ; an indented line continues the entry above
deck    "Starter"      12 "Radio Tower" 3 Scout 3 Bulwark
`

// exampleOutline is what exampleCatalogue parses to.
var exampleOutline = []string{
	`[Game ["mecha"]]`,
	`tower "Radio Tower" basic provide #1u durability #3`,
	`mecha "Scout" cost #1 power #1 durability #2 speed #2 haste`,
	`mecha "Bulwark" cost #3 power #2 durability #5 armour #2`,
	`pilot "Ace" power #+1 durability #+1`,
	`command "Overclock" target mecha you control: power #+2, speed #+1`,
	`command "Long Order" target unit: damage #2`,
	`deck "Starter" #12 "Radio Tower" #3 Scout #3 Bulwark`,
}

// outline shows a parsed catalogue without positions: a line a tag or an
// entry, numbers marked with #, texts quoted, effects after ":" and ",".
func outline(f *CatalogueFile) []string {
	var out []string
	for _, tag := range f.Tags {
		out = append(out, fmt.Sprintf("[%s %q]", tag.Name, tag.Text()))
	}
	items := func(items []*CatalogueItem) string {
		var s []string
		for _, it := range items {
			switch {
			case it.Number != "":
				s = append(s, "#"+it.Number)
			case it.Quoted != "":
				s = append(s, strconv.Quote(it.Text()))
			default:
				s = append(s, it.Word)
			}
		}
		return strings.Join(s, " ")
	}
	for _, e := range f.Entries {
		line := e.Kind + " " + strconv.Quote(e.UnquotedName())
		if len(e.Props) > 0 {
			line += " " + items(e.Props)
		}
		for i, eff := range e.Effects {
			line += [...]string{": ", ", "}[min(i, 1)] + items(eff.Items)
		}
		out = append(out, line)
	}
	return out
}

// errorLines shows errors as "line:col: message".
func errorLines(errs []*notation.Error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, fmt.Sprintf("%d:%d: %s", e.Span.Start.Line, e.Span.Start.Column, e.Msg))
	}
	return out
}

func parseCatalogueOK(t *testing.T, src string) *CatalogueFile {
	t.Helper()
	f, errs := ParseCatalogue("test.cards", src)
	if len(errs) > 0 {
		t.Fatalf("unexpected errors in %q:\n%s", src, strings.Join(errorLines(errs), "\n"))
	}
	return f
}

func TestCatalogueParses(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"the documented example", exampleCatalogue, exampleOutline},
		{"an empty file", "", nil},
		{"only blank lines and comments", "\n\n; nothing yet\n  \t\n{ still\nnothing }\n", nil},
		{"tags only", "[Game \"mecha\"]\n[Author \"Ann\" \"Ben\"]", []string{`[Game ["mecha"]]`, `[Author ["Ann" "Ben"]]`}},
		{"several tags on a line", `[Game "mecha"] [Set "core"]`, []string{`[Game ["mecha"]]`, `[Set ["core"]]`}},
		{"no line end at the end", "mecha Scout cost 1", []string{`mecha "Scout" cost #1`}},
		{"bare and quoted names", "mecha Scout\nmecha \"Radio Tower\"\npilot \"Jason \\\"The Looks\\\" Brannan\"\npilot Zoë\npilot O'Neil",
			[]string{`mecha "Scout"`, `mecha "Radio Tower"`, `pilot "Jason \"The Looks\" Brannan"`, `pilot "Zoë"`, `pilot "O'Neil"`}},
		{"signed numbers and units", "x Y a 0 b +1 c -1 d 12u e -3x f +0",
			[]string{`x "Y" a #0 b #+1 c #-1 d #12u e #-3x f #+0`}},
		{"texts among the items", `deck D 2 "Radio Tower" 1 Scout`, []string{`deck "D" #2 "Radio Tower" #1 Scout`}},
		{"several effects", `command X target unit: damage 2, draw 1, "say" "hi"`,
			[]string{`command "X" target unit: damage #2, draw #1, "say" "hi"`}},
		{"effects without items before them", "command Resupply : draw 2\ncommand Stand: draw 1",
			[]string{`command "Resupply": draw #2`, `command "Stand": draw #1`}},
		{"continuation lines, with spaces or a tab", "deck D 1 A\n  2 B\n\t3 C\n   : shuffle\n     , draw 1\nmecha E",
			[]string{`deck "D" #1 A #2 B #3 C: shuffle, draw #1`, `mecha "E"`}},
		{"a continuation line after a comment at the end of a line", "command X target unit ; aim first\n  : damage 2",
			[]string{`command "X" target unit: damage #2`}},
		{"a brace comment across lines inside an entry", "mecha A cost 1 { one\ntwo } power 2\nmecha B",
			[]string{`mecha "A" cost #1 power #2`, `mecha "B"`}},
		{"brace comments between items", "mecha{a}A{b}cost{c}1", []string{`mecha "A" cost #1`}},
		{"a blank line ends an entry", "mecha A\n\nmecha B\n\n\n", []string{`mecha "A"`, `mecha "B"`}},
		{"unknown tags are kept", "[Game \"mecha\"]\n[Designer \"Ann\"]\nmecha A",
			[]string{`[Game ["mecha"]]`, `[Designer ["Ann"]]`, `mecha "A"`}},
		{"a word may hold digits, underscores and apostrophes", "mecha A2 x_1 can't",
			[]string{`mecha "A2" x_1 can't`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := outline(parseCatalogueOK(t, tt.src))
			if !slices.Equal(got, tt.want) {
				t.Errorf("parsed as\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestCatalogueLayoutDoesNotMatter parses the example written in other
// ways that mean the same.
func TestCatalogueLayoutDoesNotMatter(t *testing.T) {
	layouts := map[string]string{
		"CRLF line ends":            strings.ReplaceAll(exampleCatalogue, "\n", "\r\n"),
		"a byte-order mark":         "\uFEFF" + exampleCatalogue,
		"a byte-order mark on CRLF": "\uFEFF" + strings.ReplaceAll(exampleCatalogue, "\n", "\r\n"),
		"no line end at the end":    strings.TrimSuffix(exampleCatalogue, "\n"),
		"trailing spaces":           strings.ReplaceAll(exampleCatalogue, "\n", " \t\n"),
		"blank lines between":       strings.ReplaceAll(exampleCatalogue, "\n[Game", "\n\n\n[Game"),
		"spaced out":                strings.NewReplacer(":", " : ", ",", " , ", "[", "[ ", "]", " ]").Replace(exampleCatalogue),
	}
	for name, src := range layouts {
		t.Run(name, func(t *testing.T) {
			if got := outline(parseCatalogueOK(t, src)); !slices.Equal(got, exampleOutline) {
				t.Errorf("parsed as\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(exampleOutline, "\n"))
			}
		})
	}
}

// spanText shows a span as "line:col-line:col".
func spanText(s notation.Span) string {
	return fmt.Sprintf("%d:%d-%d:%d", s.Start.Line, s.Start.Column, s.End.Line, s.End.Column)
}

func TestCatalogueSpans(t *testing.T) {
	// A byte-order mark and CRLF line ends do not shift columns.
	src := "\uFEFF[Game \"mecha\"]\r\n" +
		"mecha Scout cost 1 ; a comment\r\n" +
		"command \"Long Order\" target unit\r\n" +
		"\t: damage +2u, draw 1\r\n"
	f := parseCatalogueOK(t, src)
	scout, order := f.Entries[0], f.Entries[1]
	tests := []struct {
		what string
		span notation.Span
		want string
	}{
		{"the tag", f.Tags[0].Span(), "1:1-1:15"},
		{"an entry, without its comment", scout.Span(), "2:1-2:19"},
		{"a kind", scout.KindSpan(), "2:1-2:6"},
		{"a bare name", scout.NameSpan(), "2:7-2:12"},
		{"a word", scout.Props[0].Span(), "2:13-2:17"},
		{"a number", scout.Props[1].Span(), "2:18-2:19"},
		{"an entry over two lines", order.Span(), "3:1-4:22"},
		{"a quoted name", order.NameSpan(), "3:9-3:21"},
		{"an effect", order.Effects[0].Span(), "4:4-4:14"},
		{"a number with sign and unit", order.Effects[0].Items[1].Span(), "4:11-4:14"},
		{"the last effect", order.Effects[1].Span(), "4:16-4:22"},
	}
	for _, tt := range tests {
		if got := spanText(tt.span); got != tt.want {
			t.Errorf("%s: span %s, want %s", tt.what, got, tt.want)
		}
	}
}

func TestCatalogueErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"a missing name", "mecha : cost 1",
			[]string{`1:7: expected a card name like "Radio Tower" or Scout, found ":"`}},
		{"a missing name at the end of the line", "mecha\nmecha Scout",
			[]string{`1:6: expected a card name like "Radio Tower" or Scout, found the end of the line`}},
		{"a number with two unit letters", "mecha Scout cost 1uu",
			[]string{`1:18: expected a number like 2, +1 or 1u, found "1uu"`}},
		{"a bad number in an effect", "command X: power +2x3",
			[]string{`1:18: expected a number like 2, +1 or 1u, found "+2x3"`}},
		{"a capital unit letter", "mecha Scout cost 1U",
			[]string{`1:18: expected a number like 2, +1 or 1u, found "1U"`}},
		{"a second colon", "command X target unit: damage 2: draw 1",
			[]string{`1:32: expected the end of the line, found ":"`}},
		{"a line that begins with a colon", "command X target unit\n: damage 2",
			[]string{`2:1: expected a header tag like [Game "mecha"] or an entry like mecha "Scout" cost 1, found ":"`}},
		{"an unterminated string", "mecha \"Scout cost 1\nmecha Bulwark",
			[]string{`1:7: unterminated string: expected a closing " on the same line`}},
		{"a line that begins with a number", "deck Starter 1 Scout\n12 \"Radio Tower\"",
			[]string{`2:1: expected a kind of card like mecha, found "12"`}},
		{"a line that begins with a name", `"Scout" cost 1`,
			[]string{`1:1: expected a kind of card like mecha, found "\"Scout\""`}},
		{"a comma at the end", "command X: damage 2,",
			[]string{`1:21: expected a word, a number like 2 or +1, or a quoted text, found the end of the line`}},
		{"two commas", "command X: damage 2,, draw 1",
			[]string{`1:21: expected a word, a number like 2 or +1, or a quoted text, found ","`}},
		{"a colon and no effect", "command X:",
			[]string{`1:11: expected a word, a number like 2 or +1, or a quoted text, found the end of the line`}},
		{"an unknown character", "mecha Scout cost 1 & power 1",
			[]string{`1:20: unexpected character '&'`}},
		{"a comma without a colon", "mecha Scout power 2, speed 1",
			[]string{`1:20: expected another item, ":" before the effects, or the end of the line, found ","`}},
		{"a bracket after the items", "mecha Scout cost 1 ]",
			[]string{`1:20: expected another item, ":" before the effects, or the end of the line, found "]"`}},
		{"an unclosed tag", "[Game \"mecha\"\nmecha Scout",
			[]string{`1:14: expected a quoted value like "mecha" or a closing ], found the end of the line`}},
		{"a tag without a name", `[12 "mecha"]`,
			[]string{`1:2: expected a tag name like Game, found "12"`}},
		{"a bare tag value", `[Game mecha]`,
			[]string{`1:7: expected a quoted value like "mecha" or a closing ], found "mecha"`}},
		{"words after a tag", `[Game "mecha"] mecha Scout`,
			[]string{`1:16: expected the end of the line, found "mecha"`}},
		{"a tag after an entry", "[Game \"mecha\"]\nmecha Scout\n[Set \"core\"]",
			[]string{`3:1: header tags must come before the first entry`}},
		{"an unterminated brace comment", "mecha Scout { cost 1\nmecha Bulwark",
			[]string{`1:13: unterminated { comment: expected a closing }`}},
		{"an error on a continuation line", "command X target unit\n    : damage 2 ]",
			[]string{`2:16: expected the end of the line, found "]"`}},
		{"a lexical error hides the syntax error of its line", "mecha : & cost 1",
			[]string{`1:9: unexpected character '&'`}},
		{"several errors, one a line, in order", strings.Join([]string{
			`[Game "mecha"]`,
			`mecha : cost 1`,
			`mecha Scout cost 1`,
			`command X: damage 2,`,
			`12 Scout`,
			`mecha Hawk & cost 2`,
			`mecha Lancer cost 1uu power 2xy`,
			`command Y: a: b`,
			`deck "Starter`,
			`[Set "core"]`,
		}, "\n"), []string{
			`2:7: expected a card name like "Radio Tower" or Scout, found ":"`,
			`4:21: expected a word, a number like 2 or +1, or a quoted text, found the end of the line`,
			`5:1: expected a kind of card like mecha, found "12"`,
			`6:12: unexpected character '&'`,
			`7:19: expected a number like 2, +1 or 1u, found "1uu"`,
			`7:29: expected a number like 2, +1 or 1u, found "2xy"`,
			`8:13: expected the end of the line, found ":"`,
			`9:6: unterminated string: expected a closing " on the same line`,
			`10:1: header tags must come before the first entry`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errs := ParseCatalogue("test.cards", tt.src)
			if got := errorLines(errs); !slices.Equal(got, tt.want) {
				t.Errorf("errors\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestCatalogueKeepsWhatParsed checks that the lines around errors are
// still parsed, including the line after one the lexer gave up on.
func TestCatalogueKeepsWhatParsed(t *testing.T) {
	src := strings.Join([]string{
		`[Game "mecha"]`,
		`mecha Scout cost 1`,
		`mecha : cost 2`,
		`mecha Hawk cost 2 & flight`,
		`mecha Lancer cost 2`,
		`  pierce`,
		`12 Archer`,
		`mecha Titan cost 5`,
	}, "\n")
	f, errs := ParseCatalogue("test.cards", src)
	if len(errs) != 3 {
		t.Errorf("got %d errors, want 3: %v", len(errs), errorLines(errs))
	}
	want := []string{
		`[Game ["mecha"]]`,
		`mecha "Scout" cost #1`,
		`mecha "Hawk" cost #2`,
		`mecha "Lancer" cost #2 pierce`,
		`mecha "Titan" cost #5`,
	}
	if got := outline(f); !slices.Equal(got, want) {
		t.Errorf("kept\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// participleWording is what participle says and a user must never see.
var participleWording = regexp.MustCompile(`unexpected token|\(expected|<[a-z]+>|Catalogue[A-Z]`)

// TestCatalogueOddInputs checks that odd inputs neither panic nor show
// participle's wording, and that their errors are in order.
func TestCatalogueOddInputs(t *testing.T) {
	inputs := []string{
		"{",
		strings.Repeat("{", 1000),
		strings.Repeat(`"`, 10000),
		strings.Repeat(`"`, 10001),
		strings.Repeat("[", 1000),
		strings.Repeat("]\n", 1000),
		strings.Repeat(":,", 1000),
		"mecha A " + strings.Repeat("1 ", 10000),
		"mecha A " + strings.Repeat(": ", 1000),
		"mecha \"" + strings.Repeat(`\`, 10001),
		"\x00", "\xff\xfe", "mecha Sc\xffout", "\r", "\r\r\n", "\uFEFF", "\uFEFF\uFEFF:", "\t:", " \n :",
		"[", "]", ":", ",", "[Game", "[Game \"", "mecha \"A\" \"", "-", "+", "1", "+1u",
		"}", "{}", ";", "mecha A ;", "mecha A {", "mecha\n\tA\n\t\t: b",
	}
	for _, src := range inputs {
		f, errs := ParseCatalogue("test.cards", src)
		if f == nil {
			t.Errorf("%.40q: no file", src)
		}
		for i, e := range errs {
			if participleWording.MatchString(e.Msg) {
				t.Errorf("%.40q: participle's wording reaches the user: %s", src, e.Msg)
			}
			if e.Span.Start.Line < 1 || i > 0 && e.Span.Start.Offset < errs[i-1].Span.Start.Offset {
				t.Errorf("%.40q: error out of place or order: %v", src, errorLines(errs))
			}
		}
	}
}

// TestCatalogueWordingMatchesTheGrammar checks that the expectations the
// wording names are still in the grammar: a change to the grammar can
// change them, and participle's wording would then reach the user.
func TestCatalogueWordingMatchesTheGrammar(t *testing.T) {
	ebnf := CatalogueEBNF()
	for key := range catalogueWording {
		if key != notation.WordingStart && !strings.Contains(ebnf, key) {
			t.Errorf("the wording names %s, which is not in the grammar:\n%s", key, ebnf)
		}
	}
}

func TestCatalogueDocShowsTheGrammar(t *testing.T) {
	doc, err := os.ReadFile("../../docs/catalogue.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```ebnf\n(.*?)\n```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/catalogue.md has no ```ebnf block")
	}
	if got, want := string(m[1]), CatalogueEBNF(); got != want {
		t.Errorf("docs/catalogue.md shows\n%s\nbut the grammar is\n%s", got, want)
	}
}
