package grammar_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
)

// parseVoidOK parses a Void transcript and fails the test on any syntax
// error: Void's board line is the set-up line of a subject.
func parseVoidOK(t *testing.T, src string) *notation.Parsed {
	t.Helper()
	p := grammar.Void.Parse("test.void", src)
	if len(p.Errors) > 0 {
		t.Fatalf("unexpected syntax errors in %q:\n%s", src, strings.Join(errorLines(p.Errors), "\n"))
	}
	return p
}

// A set-up line may begin with a declared subject word in place of a
// player's name; other names are still checked against the Players tag,
// and the subject stands for no player in turns or the result line.
func TestCheckSubjects(t *testing.T) {
	const board = "board: sector North Forest Lake, sector Middle Ruins\n"
	tests := []struct {
		name     string
		src      string
		subjects []string
		want     []string
	}{
		{
			name:     "the board line",
			src:      "[Players \"Ann\" \"Ben\"]\n" + board + "Ann: energy 3\n1. Ann: execute\n",
			subjects: []string{"board"},
		},
		{
			name:     "the board word quoted",
			src:      "[Players \"Ann\" \"Ben\"]\n\"board\": sector North\n",
			subjects: []string{"board"},
		},
		{
			name:     "one subject of several",
			src:      "[Players \"Ann\" \"Ben\"]\n" + board + "deck: hand Scout\n",
			subjects: []string{"deck", "board"},
		},
		{
			name: "no subject declared",
			src:  "[Players \"Ann\" \"Ben\"]\n" + board,
			want: []string{`2:1: unknown player "board": the players are Ann, Ben`},
		},
		{
			name:     "another subject declared",
			src:      "[Players \"Ann\" \"Ben\"]\n" + board,
			subjects: []string{"deck"},
			want:     []string{`2:1: unknown player "board": the players are Ann, Ben`},
		},
		{
			name:     "unknown names are still unknown",
			src:      "[Players \"Ann\" \"Ben\"]\n" + board + "Bob: energy 3\nBoard: sector South\n\"board \": sector East\n",
			subjects: []string{"board"},
			want: []string{
				`3:1: unknown player "Bob": the players are Ann, Ben`,
				`4:1: unknown player "Board": the players are Ann, Ben`,
				`5:1: unknown player "board ": the players are Ann, Ben`,
			},
		},
		{
			name:     "a subject begins set-up lines only",
			src:      "[Players \"Ann\" \"Ben\"]\n" + board + "1. board: execute\nresult: board wins\n",
			subjects: []string{"board"},
			want: []string{
				`3:4: unknown player "board": the players are Ann, Ben`,
				`4:9: unknown player "board": the players are Ann, Ben`,
			},
		},
		{
			name:     "a set-up line of a subject after the turns",
			src:      "[Players \"Ann\" \"Ben\"]\n1. Ann: execute\n" + board,
			subjects: []string{"board"},
			want:     []string{"3:1: set-up lines must come before the first turn"},
		},
		{
			name:     "a player named like the subject",
			src:      "[Players \"board\" \"Ben\"]\n" + board + "1. board: execute\nresult: board wins\n",
			subjects: []string{"board"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errs := notation.Check(parseVoidOK(t, tt.src), 2, tt.subjects...)
			if got := errorLines(errs); !slices.Equal(got, tt.want) {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// The board line is kept among the set-up lines, in its place, under its
// own word; it names no player.
func TestCheckSubjectLinesAreSetupLines(t *testing.T) {
	src := "[Players \"Ann\" \"Ben\"]\n" +
		"Ann: energy 3\n" +
		"board: sector North Forest Lake, sector Middle Ruins\n" +
		"Ben: energy 2\n"
	tr, errs := notation.Check(parseVoidOK(t, src), 2, grammar.VoidBoard)
	if len(errs) > 0 {
		t.Fatalf("errors: %q", errorLines(errs))
	}
	var got []string
	for _, s := range tr.Setup {
		var moves []string
		for _, m := range s.Moves {
			moves = append(moves, m.String())
		}
		got = append(got, s.Player.Text()+": "+strings.Join(moves, ", "))
	}
	want := []string{"Ann: energy 3", "board: sector North Forest Lake, sector Middle Ruins", "Ben: energy 2"}
	if !slices.Equal(got, want) {
		t.Errorf("set-up lines %q, want %q", got, want)
	}
	if tr.PlayerIndex(grammar.VoidBoard) != -1 {
		t.Errorf("the board word is player %d", tr.PlayerIndex(grammar.VoidBoard))
	}
}

// A player actually named like the subject is the player: their set-up
// line, turns and result are theirs, and the name is checked as a player's.
func TestCheckPlayerNamedLikeTheSubject(t *testing.T) {
	src := "[Players \"board\" \"Ben\"]\n" +
		"board: sector North\n" +
		"Ben: energy 2\n" +
		"1. board: execute\n" +
		"result: board resigns\n"
	tr, errs := notation.Check(parseVoidOK(t, src), 2, grammar.VoidBoard)
	if len(errs) > 0 {
		t.Fatalf("errors: %q", errorLines(errs))
	}
	if i := tr.PlayerIndex(tr.Setup[0].Player.Text()); i != 0 {
		t.Errorf("the line board: is player %d's, want player 0's", i)
	}
	if i := tr.PlayerIndex(tr.Turns[0].Player.Text()); i != 0 {
		t.Errorf("turn 1 is player %d's, want player 0's", i)
	}
	// The other player's name is still checked with the subject declared.
	src = "[Players \"board\" \"Ben\"]\nboard: sector North\nBob: energy 2\n"
	_, errs = notation.Check(parseVoidOK(t, src), 2, grammar.VoidBoard)
	want := []string{`3:1: unknown player "Bob": the players are board, Ben`}
	if got := errorLines(errs); !slices.Equal(got, want) {
		t.Errorf("errors %q, want %q", got, want)
	}
}
