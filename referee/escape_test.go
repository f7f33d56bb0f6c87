package referee

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"
	"unicode"

	"github.com/mattn/go-runewidth"

	"github.com/tabletop-referee/referee/notation"
)

// hostile is user data as an attacker writes it: a line end and a forged
// GitHub annotation, a screen clear, a window title, a bidirectional
// override, a C1 control (CSI on some terminals), DEL and a carriage
// return.
const hostile = "\n::error file=x::forged\x1b[2J\x1b]0;pwned\x07\u202e\u009b\x7f\r"

// unsafeRune is a character no output may hold raw: a control other than
// line feed and tab, or an invisible format character.
func unsafeRune(r rune) bool {
	return r != '\n' && r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r))
}

// checkOutputSafe fails the test for a raw control or format character
// in out, or for a line that starts a GitHub command other than the
// formats' own (::error file=x::forged, forged by a line end).
func checkOutputSafe(t *testing.T, what, out string) {
	t.Helper()
	if i := strings.IndexFunc(out, unsafeRune); i >= 0 {
		r := []rune(out[i:])[0]
		t.Errorf("%s: a raw %U at byte %d:\n%q", what, r, i, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "::error file=x::") {
			t.Errorf("%s: a forged annotation line: %q", what, line)
		}
	}
}

// hostileReport is a report whose every field from a transcript holds
// hostile text: the path, the players, the result, the state, the
// messages and the source line shown.
func hostileReport() *Report {
	return &Report{
		Path: "dir/a" + hostile + ".sortie", Source: "1. Ann: x\x1b[2J\u202e\n", Game: "sortie",
		Players: []string{"Ann" + hostile, "Ben"}, Replayed: true,
		Result: "unfinished: Ann" + hostile + " to move", Recorded: "Ann" + hostile + " wins", Outcome: "unfinished",
		State: []Row{{"hands", "Ann" + hostile + " 3 cards"}},
		Diagnostics: []Diagnostic{
			{Illegal, at(1, 9, 8, 5), "x" + hostile + " is not a move"},
			{Note, notation.Span{}, "the whole file" + hostile},
		},
		Illegal: 1,
	}
}

// hostileGolden is a comparison of every status whose paths and diff hold
// hostile text, the diff's header as golden.go writes it.
func hostileGolden() []GoldenResult {
	transcript, golden := "examples/sortie/a"+hostile+".sortie", "golden/sortie/a"+hostile+".golden"
	return []GoldenResult{
		{Transcript: transcript, Golden: golden, Status: GoldenMismatch,
			Diff: "--- " + golden + "\n+++ report of " + transcript + "\n@@ -1,2 +1 @@\n-old \x1b[31m\x1b]0;pwned\x07\u009b\x7f\r\n-::error file=x::forged\n+new\u202e\n"},
		{Transcript: transcript, Golden: golden, Status: GoldenMissing},
		{Golden: golden, Status: GoldenStale},
		{Transcript: transcript, Golden: golden, Status: GoldenUpdated},
	}
}

// Every format escapes every byte of user data it echoes: no control or
// invisible character reaches the output raw, and no line end in a path
// or a message starts a line of its own. The machine formats still give
// the data exactly, once decoded.
func TestUserDataEscapedInEveryFormat(t *testing.T) {
	for _, f := range Formats {
		t.Run(string(f), func(t *testing.T) {
			var check, golden bytes.Buffer
			r := hostileReport()
			if err := (Output{Format: f}).WriteReports(&check, []*Report{r}); err != nil {
				t.Fatal(err)
			}
			checkOutputSafe(t, "check", check.String())
			if err := (Output{Format: f}).WriteGolden(&golden, hostileGolden()); err != nil {
				t.Fatal(err)
			}
			checkOutputSafe(t, "golden", golden.String())
			for _, out := range []string{check.String(), golden.String()} {
				for _, line := range strings.Split(out, "\n") {
					if f != FormatGitHub && strings.HasPrefix(line, "::") {
						t.Errorf("a line starts a GitHub command: %q", line)
					}
					if f == FormatGitHub && line != "" && !strings.HasPrefix(line, "::error file=") && !strings.HasPrefix(line, "::notice file=") {
						t.Errorf("a line of its own inside a command: %q", line)
					}
				}
			}
			switch f {
			case FormatJSON:
				var doc jsonCheck
				if err := json.Unmarshal(check.Bytes(), &doc); err != nil {
					t.Fatal(err)
				}
				if got := doc.Reports[0]; got.Path != r.Path || got.Players[0] != r.Players[0] || got.Diagnostics[0].Message != r.Diagnostics[0].Msg {
					t.Errorf("the data does not decode as it was: %q, %q, %q", got.Path, got.Players[0], got.Diagnostics[0].Message)
				}
				var gdoc jsonGolden
				if err := json.Unmarshal(golden.Bytes(), &gdoc); err != nil {
					t.Fatal(err)
				}
				if gdoc.Results[0].Diff == nil || *gdoc.Results[0].Diff != hostileGolden()[0].Diff {
					t.Errorf("the diff does not decode as it was")
				}
			case FormatSARIF:
				var doc struct {
					Runs []struct {
						Results []struct {
							Message struct{ Text string }
						}
					}
				}
				if err := json.Unmarshal(check.Bytes(), &doc); err != nil {
					t.Fatal(err)
				}
				if got := doc.Runs[0].Results[0].Message.Text; got != r.Diagnostics[0].Msg {
					t.Errorf("the message does not decode as it was: %q", got)
				}
			case FormatJUnit:
				for _, out := range [][]byte{check.Bytes(), golden.Bytes()} {
					if err := xml.Unmarshal(out, new(junitSuites)); err != nil {
						t.Errorf("not XML: %v", err)
					}
				}
			}
		})
	}
}

// A diff's body keeps its lines; the names in its header are escaped
// whole, so that a line end in one shows as \n.
func TestGoldenDiffEscaped(t *testing.T) {
	got := goldenDiff(hostileGolden()[0])
	esc := escapeControls(hostile)
	want := "--- golden/sortie/a" + esc + ".golden\n+++ report of examples/sortie/a" + esc + ".sortie\n@@ -1,2 +1 @@\n" +
		`-old \x1b[31m\x1b]0;pwned\a\u009b\x7f\r` + "\n-::error file=x::forged\n" + `+new\u202e` + "\n"
	if got != want {
		t.Errorf("goldenDiff:\n%q\nwant\n%q", got, want)
	}
}

func TestWriteLegalEscapes(t *testing.T) {
	tests := []struct {
		name string
		lm   LegalMoves
	}{
		{"on a turn", LegalMoves{Player: "Ann" + hostile, Turn: 3, Moves: []string{"play Sc" + hostile}, EndTurn: true}},
		{"on a set-up line", LegalMoves{Player: "Ann" + hostile, Setup: true, Moves: []string{"draw 9C"}}},
		{"after a turn that could only end", LegalMoves{Player: "Ben", Turn: 4, Moves: []string{"draw 9C"}, Ended: &EndedTurn{Player: "Ann" + hostile, Turn: 3}}},
		{"over", LegalMoves{Over: "Ann" + hostile + " wins"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			WriteLegal(&b, &tt.lm)
			checkOutputSafe(t, "legal", b.String())
			if !strings.Contains(b.String(), `Ann\n::error`) {
				t.Errorf("the name is not shown escaped:\n%s", b.String())
			}
		})
	}
}

// The cards table escapes every field and lines its columns up on the
// screen: wide characters take two columns, escapes their length.
func TestWriteCards(t *testing.T) {
	cards := []CardInfo{
		{Kind: "mecha", Name: "Sc\u202eout\x1b[2J", Text: "cost 1\x1b]0;pwned\x07"},
		{Kind: "tower", Name: "漢字", Text: "provide 1"},
		{Kind: "pilot", Name: "Ace\tHigh", Text: "power +1" + hostile},
		{Kind: "command" + hostile, Name: "Go", Text: "draw 1"},
	}
	var b bytes.Buffer
	if err := WriteCards(&b, cards); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	checkOutputSafe(t, "cards", out)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(cards)+1 {
		t.Fatalf("want a header and %d rows, one a line:\n%s", len(cards), out)
	}
	wantText := []string{"properties: effects", `cost 1\x1b]0;pwned\a`, "provide 1", "power +1" + escapeControls(hostile), "draw 1"}
	wantName := []string{"name", `Sc\u202eout\x1b[2J`, "漢字", `Ace\tHigh`, "Go"}
	textColumn := -1
	for i, line := range lines {
		before, ok := strings.CutSuffix(line, wantText[i])
		if !ok || !strings.Contains(before, "  "+wantName[i]) {
			t.Errorf("row %d: %q, want name %q and text %q", i, line, wantName[i], wantText[i])
			continue
		}
		w := runewidth.StringWidth(before)
		if textColumn < 0 {
			textColumn = w
		} else if w != textColumn {
			t.Errorf("row %d: the text starts at column %d, not %d:\n%s", i, w, textColumn, out)
		}
	}
}

// jsonSafe writes what a terminal acts on as \u escapes, astral
// characters as surrogate pairs, and the document decodes as before.
func TestJSONSafe(t *testing.T) {
	in := map[string]string{"s": "a\u202eb\u009bc\x7fd\U000E0001e ♠ \x1b"}
	doc, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	got := jsonSafe(doc)
	want := `{"s":"a\u202eb\u009bc\u007fd\udb40\udc01e ♠ \u001b"}`
	if string(got) != want {
		t.Errorf("jsonSafe = %s, want %s", got, want)
	}
	var back map[string]string
	if err := json.Unmarshal(got, &back); err != nil || back["s"] != in["s"] {
		t.Errorf("decodes to %q (%v), want %q", back["s"], err, in["s"])
	}
	if plain := []byte(`{"s":"plain ♠"}`); &jsonSafe(plain)[0] != &plain[0] {
		t.Error("a safe document is copied")
	}
}

// TestControlCharacters: the characters escaped are Unicode's control and
// format characters but the tab, whatever path tells them (ASCII's own
// test, or Unicode's tables), and text told printable has none.
func TestControlCharacters(t *testing.T) {
	unicodeControl := func(r rune) bool { return r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r)) }
	for r := rune(0); r <= 0x3000; r++ {
		if got, want := isControl(r), unicodeControl(r); got != want {
			t.Errorf("isControl(%U) = %v, want %v", r, got, want)
		}
		s := "a" + string(r) + "b"
		if printable(s) && strings.ContainsFunc(s, isControl) {
			t.Errorf("%q is told printable, but holds %U", s, r)
		}
		if !printable(s) && r >= 0x20 && r < 0x7F {
			t.Errorf("%q is told not printable", s)
		}
	}
	for _, r := range []rune{0xFEFF, 0x200B, 0x202E, 0xE0001, 0x10FFFF} {
		if got, want := isControl(r), unicodeControl(r); got != want {
			t.Errorf("isControl(%U) = %v, want %v", r, got, want)
		}
	}
}

// printable tells a byte to escape wherever it stands, in the eight-byte
// runs it reads at once and in the bytes after them, and passes tabs.
func TestPrintable(t *testing.T) {
	for n := range 20 {
		text := strings.Repeat("a ~", n)[:n]
		if !printable(text) {
			t.Errorf("%q is printable", text)
		}
		for at := range n {
			for c := range 256 {
				b := []byte(text)
				b[at] = byte(c)
				want := byte(c) == '\t' || c >= 0x20 && c < 0x7F
				if got := printable(string(b)); got != want {
					t.Errorf("printable(%q) = %v, want %v", b, got, want)
				}
			}
		}
	}
}
