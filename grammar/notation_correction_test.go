package grammar_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/notation"
)

// corrected lists each move that has a correction, as "move (kind)".
func corrected(tr *notation.Transcript) []string {
	var out []string
	var all []move
	for _, s := range tr.Setup {
		all = append(all, s.Moves...)
	}
	for _, turn := range tr.Turns {
		all = append(all, turn.Moves...)
	}
	for _, m := range all {
		if c, ok := tr.CorrectionOf(m); ok {
			out = append(out, m.String()+" "+c.String())
		}
	}
	return out
}

func TestCorrectionsAttachToTheMoveBefore(t *testing.T) {
	const head = "[Players \"Ann\" \"Ben\"]\n"
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"none", "1. Ann: a1-a2, b1-b2", nil},
		{"each kind", "1. Ann: a1-a2 (taken back), b1-b2 (let stand)\n2. Ben: d4-d3 (penalty)", []string{"a1-a2 (taken back)", "b1-b2 (let stand)", "d4-d3 (penalty)"}},
		{"spacing and capitals", "1. Ann: a1-a2(Taken   Back) , b1-b2\t(  LET stand )", []string{"a1-a2 (taken back)", "b1-b2 (let stand)"}},
		{"after a comment", "1. Ann: a1-a2 { oops } (taken back), b1-b2", []string{"a1-a2 (taken back)"}},
		{"on the next line", "1. Ann: a1-a2\n  (let stand)\n2. Ben: d4-d3", []string{"a1-a2 (let stand)"}},
		{"on a set-up line", "Ann: draw 9C (taken back)\n1. Ann: a1-a2", []string{"draw 9C (taken back)"}},
		{"a two-part move", "1. Ann: a1-a2xa3 (penalty)", []string{"a1-a2xa3 (penalty)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr, errs := notation.Check(parseOK(t, head+tt.src), 2)
			if len(errs) > 0 {
				t.Fatalf("errors: %v", errorLines(errs))
			}
			if got := corrected(tr); !slices.Equal(got, tt.want) {
				t.Errorf("corrections = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCorrectionErrors(t *testing.T) {
	const head = "[Players \"Ann\" \"Ben\"]\n"
	tests := []struct {
		name string
		src  string
		want string // the first error, as line:col: message
	}{
		{"unknown words", "1. Ann: a1-a2 (retracted)", `2:15: expected a correction after a move, "(taken back)", "(let stand)" or "(penalty)", found "(retracted)"`},
		{"unterminated", "1. Ann: a1-a2 (taken back\n2. Ben:", `2:15: unterminated correction: expected a closing ) on the same line, as in "(taken back)", "(let stand)" or "(penalty)"`},
		{"empty", "1. Ann: a1-a2 ()", `2:15: expected a correction after a move, "(taken back)", "(let stand)" or "(penalty)", found "()"`},
		{"before any move", "1. Ann: (taken back) a1-a2", `2:9: a correction follows the move it is about, as in "a1-a2 (taken back)"`},
		{"after a comma", "1. Ann: a1-a2, (taken back) b1-b2", `2:16: a correction follows the move it is about, as in "a1-a2 (taken back)"`},
		{"after a tag", "(penalty)\n1. Ann: a1-a2", `2:1: a correction follows the move it is about, as in "a1-a2 (taken back)"`},
		{"after a turn's head", "1. Ann: a1-a2\n2. Ben: (let stand)", `3:9: a correction follows the move it is about, as in "a1-a2 (taken back)"`},
		{"two on one move", "1. Ann: a1-a2 (taken back) (penalty)", `2:28: a move takes one correction: this one already has (taken back) at 2:15`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parse(head + tt.src)
			errs := p.Errors
			if len(errs) == 0 {
				_, errs = notation.Check(p, 2)
			}
			if len(errs) == 0 {
				t.Fatalf("no error, want %s", tt.want)
			}
			if got := errorLines(errs)[0]; got != tt.want {
				t.Errorf("error = %s\nwant    %s", got, tt.want)
			}
		})
	}
}

func TestPrintKeepsCorrections(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"after each move", "1. Ann: a1-a2(taken  back),b1-b2 { why } (LET STAND)", "1. Ann: a1-a2 (taken back), b1-b2 { why } (let stand)\n"},
		{"at the end of a turn", "1. Ann: a1-a2 (penalty) ; noticed later\n2. Ben: d4-d3", "1. Ann: a1-a2 (penalty) ; noticed later\n2. Ben: d4-d3\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := notation.Print(parseOK(t, tt.src), bare)
			if got != tt.want {
				t.Errorf("Print =\n%s\nwant\n%s", got, tt.want)
			}
			if again := notation.Print(parseOK(t, got), bare); again != got {
				t.Errorf("Print is not idempotent:\n%s", again)
			}
		})
	}
}

func TestCorrectionKindString(t *testing.T) {
	for k, want := range map[notation.CorrectionKind]string{
		notation.TakenBack: "taken back", notation.LetStand: "let stand", notation.Penalty: "penalty",
	} {
		if got := k.String(); got != want || !strings.Contains(notation.Correction{Kind: k}.String(), want) {
			t.Errorf("%d: %q, want %q", k, got, want)
		}
	}
}
