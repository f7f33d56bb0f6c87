package referee

import (
	"slices"
	"strings"
	"testing"
)

// TestSuggestions: every unknown word the referee meets in a header, a
// game's name or a player's name is answered with the one most likely
// meant, when there is one.
func TestSuggestions(t *testing.T) {
	const header = "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n"
	tests := []struct {
		name, src string
		want      string
	}{
		{"a tag", header + "[Seeed \"3\"]\n", "the tag Seeed is kept but not read: did you mean Seed?"},
		{"a variant's name", header + "[Variant \"tei=bounce\"]\n", `unknown variant "tei" (did you mean "tie"?)`},
		{"a variant's value", header + "[Variant \"tie=bounse\"]\n", `variant tie has no value "bounse" (did you mean "bounce"?)`},
		{"a game in the Game tag", "[Game \"sorti\"]\n[Players \"Ann\" \"Ben\"]\n", `unknown game "sorti" in the Game tag (did you mean "sortie"?)`},
		{"a player", header + "1. Bne: draw 7H\n", `unknown player "Bne" (did you mean "Ben"?)`},
		{"a move's keyword", header + "Ann: draw 9C KD 5H 2S\nBen: draw 3D 8S JH 4C\n1. Ann: draw 7H, plcae 9C/KD a2\n", `found "plcae" (did you mean "place"?)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := "x.sortie"
			if strings.Contains(tt.src, "sorti\"") {
				path = "x.txt"
			}
			// Twice: the second check finds the tag's answer kept.
			for range 2 {
				text := ReportText(CheckSource(path, tt.src, Options{}))
				if !strings.Contains(text, tt.want) {
					t.Errorf("the report lacks %q:\n%s", tt.want, text)
				}
			}
		})
	}
	if _, err := LookupOrSuggest("mecah"); err == nil || !strings.Contains(err.Error(), `unknown game "mecah" (did you mean "mecha"?)`) {
		t.Errorf("LookupOrSuggest: %v", err)
	}
}

// TestMovesInComments: a line comment that reads as moves of the game (a
// ; typed for a ,) is noted at the comment, with no change to the exit
// status; ;; keeps a comment as it is, and prose is left alone.
func TestMovesInComments(t *testing.T) {
	const head = "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\nAnn: draw 9C KD 5H 2S\nBen: draw 3D 8S JH 4C\n"
	tests := []struct {
		name, line string
		noted      bool
	}{
		{"a ; for a ,", "1. Ann: draw 7H; place 9C/KD a2\n", true},
		{"two moves", "1. Ann: draw 7H ; place 9C/KD a2, a2-a3\n", true},
		{";; keeps it", "1. Ann: draw 7H ;; place 9C/KD a2\n", false},
		{"prose", "1. Ann: draw 7H ; the card was 2D\n", false},
		{"prose beginning with a move", "1. Ann: draw 7H ; place first; think later\n", false},
		{"a brace comment", "1. Ann: draw 7H { place 9C/KD a2 }\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := CheckSource("x.sortie", head+tt.line, Options{})
			notes := 0
			for _, d := range r.Diagnostics {
				if d.Severity == Note && strings.Contains(d.Msg, "this comment reads as moves") {
					notes++
					if d.Span.Start.Line != 5 || d.Span.Start.Column < 16 {
						t.Errorf("the note is at %d:%d, not at the comment", d.Span.Start.Line, d.Span.Start.Column)
					}
				}
			}
			if (notes == 1) != tt.noted || notes > 1 {
				t.Errorf("%d notes, want noted %v:\n%s", notes, tt.noted, ReportText(r))
			}
			if r.ExitCode() != 0 {
				t.Errorf("exit %d:\n%s", r.ExitCode(), ReportText(r))
			}
		})
	}
}

// TestMovesInCommentsAmongOthers: comments are read together, and each is
// noted as it would be alone: among prose, after a comment the lexer
// refuses, and among more failing comments than the errors kept (where
// they are read one by one).
func TestMovesInCommentsAmongOthers(t *testing.T) {
	t.Parallel()
	const head = "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\nAnn: draw 9C KD 5H 2S\nBen: draw 3D 8S JH 4C\n"
	tests := []struct {
		name  string
		lines []string
		noted []int // the lines of the notes
	}{
		{"prose around moves", []string{"; the first card", "1. Ann: draw 7H ; place 9C/KD a2", "; a1-a2 was better"}, []int{6}},
		{"two moves among prose", []string{"; a2-a3", "1. Ann: draw 7H ; place 9C/KD a2", "; the last move"}, []int{5, 6}},
		{"after a comment the lexer refuses", []string{"; draw 7H @ 9C", "1. Ann: draw 7H ; place 9C/KD a2"}, []int{6}},
		{"moves that do not lex", []string{"1. Ann: draw 7H ; place 9C/KD a2 @"}, nil},
		{"more prose than errors kept", append(slices.Repeat([]string{"; not a move"}, 150), "1. Ann: draw 7H ; place 9C/KD a2"), []int{155}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := CheckSource("x.sortie", head+strings.Join(tt.lines, "\n")+"\n", Options{})
			var noted []int
			for _, d := range r.Diagnostics {
				if d.Severity == Note && strings.Contains(d.Msg, "this comment reads as moves") {
					noted = append(noted, d.Span.Start.Line)
				}
			}
			if !slices.Equal(noted, tt.noted) {
				t.Errorf("notes on lines %v, want %v:\n%s", noted, tt.noted, ReportText(r))
			}
		})
	}
}
