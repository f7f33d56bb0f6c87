package referee

import (
	"bytes"
	"strings"
	"testing"
	"unicode"
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
