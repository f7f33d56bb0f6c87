package referee

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// seeded is a new Sortie game whose deck seed 1 orders: Ann holds 7D 9C
// 4D 8H 9S at the start of turn 1, Ben 8D 5S JD 6D.
const seeded = `[Game "sortie"]
[Players "Ann" "Ben"]
[Seed "1"]
`

// unseeded is a new Sortie game whose draws are typed.
const unseeded = `[Game "sortie"]
[Players "Ann" "Ben"]
`

// newTestSession starts a session on src, recorded to a file in a
// folder of its own.
func newTestSession(t *testing.T, game, src string) (*Session, string) {
	t.Helper()
	g, ok := Lookup(game)
	if !ok {
		t.Fatalf("no game %s", game)
	}
	path := filepath.Join(t.TempDir(), "game"+g.Extension())
	s, r := NewSession(g, path, src, Options{})
	if s == nil {
		t.Fatalf("NewSession refused:\n%s", ReportText(r))
	}
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	return s, path
}

// typeLine types one line, and checks that the file on disk is then the
// session's transcript, in the canonical layout, checking clean, with no
// temporary file beside it.
func typeLine(t *testing.T, s *Session, path, line string) (Status, string) {
	t.Helper()
	st, out := typeOnly(t, s, line)
	checkFile(t, s, path)
	return st, out
}

// typeOnly types one line, leaving the file unchecked.
func typeOnly(t *testing.T, s *Session, line string) (Status, string) {
	t.Helper()
	var out bytes.Buffer
	st, err := s.Exec(&out, line)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return st, out.String()
}

func checkFile(t *testing.T, s *Session, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != s.Text() {
		t.Fatalf("the file is not the session's transcript:\n--- file\n%s--- session\n%s", data, s.Text())
	}
	if formatted, _ := s.game.Format(path, string(data)); formatted != string(data) {
		t.Fatalf("the file is not in the canonical layout:\n%s", data)
	}
	if r := CheckFile(path, Options{}); r.ExitCode() != 0 {
		t.Fatalf("the file does not check clean:\n%s", ReportText(r))
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Fatalf("the folder holds %v, want the transcript alone", names)
	}
}

// step is one typed line and what should come of it.
type step struct {
	line   string
	status Status
	out    []string // what the output says, each somewhere in it
}

func runSteps(t *testing.T, s *Session, path string, steps []step) {
	t.Helper()
	for i, st := range steps {
		before := s.Text()
		got, out := typeLine(t, s, path, st.line)
		if got != st.status {
			t.Fatalf("step %d, %q: status %v, want %v\n%s", i+1, st.line, got, st.status, out)
		}
		if got != Accepted && s.Text() != before {
			t.Fatalf("step %d, %q: not accepted, but the transcript changed:\n%s", i+1, st.line, s.Text())
		}
		for _, want := range st.out {
			if !strings.Contains(out, want) {
				t.Fatalf("step %d, %q: the output lacks %q:\n%s", i+1, st.line, want, out)
			}
		}
	}
}

func TestSession(t *testing.T) {
	tests := []struct {
		name  string
		game  string
		start string
		steps []step
		want  string // the transcript at the end, after the header
	}{
		{
			name: "a move begins turn 1", game: "sortie", start: seeded,
			steps: []step{{"place 7D/9C a1", Accepted, []string{"1. Ann: place 7D/9C a1", "A 7D/9C", "Ann to move on turn 1"}}},
			want:  "\n1. Ann: place 7D/9C a1\n",
		},
		{
			name: "an illegal move is refused with its rule, pointing into the typed line", game: "sortie", start: seeded,
			steps: []step{
				{"place 7D/9C a1", Accepted, nil},
				{"place 7D/4D b1", Rejected, []string{
					`illegal: 7D is not in Ann's hand (ruling S2: "The two cards of a new unit come from its owner's hand.")`,
					"    1. Ann: place 7D/9C a1, place 7D/4D b1\n",
					"                            ^^^^^^^^^^^^^^\n",
				}},
				{"a1-a3", Rejected, []string{"illegal: ", "rule:", "    1. Ann: place 7D/9C a1, a1-a3\n"}},
			},
			want: "\n1. Ann: place 7D/9C a1\n",
		},
		{
			name: "a syntax error is refused", game: "sortie", start: seeded,
			steps: []step{{"place 7D 9C a1", Rejected, []string{"error: expected \"/\""}}},
			want:  "",
		},
		{
			name: "end writes the next turn, whose player the rules give", game: "sortie", start: seeded,
			steps: []step{
				{"end", Accepted, []string{"1. Ann:\n"}},
				{"place 7D/9C a1", Accepted, nil},
				{"end", Accepted, []string{"2. Ben:\n", "Ben to move on turn 2"}},
				{"place 8D/5S d4", Accepted, nil},
				{"end", Accepted, []string{"3. Ann:\n"}},
			},
			want: "\n1. Ann: place 7D/9C a1\n2. Ben: place 8D/5S d4\n3. Ann:\n",
		},
		{
			name: "undo takes back moves and turn ends, one at a time", game: "sortie", start: seeded,
			steps: []step{
				{"undo", Rejected, []string{"nothing to undo"}},
				{"place 7D/9C a1", Accepted, nil},
				{"place 4D/8H b1", Accepted, nil},
				{"end", Accepted, nil},
				{"place 8D/5S d4", Accepted, nil},
				{"undo", Accepted, []string{"took back place 8D/5S d4", "2. Ben:\n"}},
				{"undo", Accepted, []string{"took back the end of turn 1", "1. Ann: place 7D/9C a1, place 4D/8H b1\n"}},
				{"undo", Accepted, []string{"took back place 4D/8H b1"}},
				{"place 4D/9S a2", Accepted, nil},
				{"end", Accepted, nil},
			},
			want: "\n1. Ann: place 7D/9C a1, place 4D/9S a2\n2. Ben:\n",
		},
		{
			name: "undo takes back the moves of the line typed together", game: "sortie", start: seeded,
			steps: []step{
				{"end", Accepted, nil},
				{"place 7D/9C a1,place 4D/8H b1", Accepted, []string{"1. Ann: place 7D/9C a1, place 4D/8H b1\n"}},
				{"undo", Accepted, []string{"took back place 7D/9C a1, place 4D/8H b1", "1. Ann:\n"}},
				{"undo", Accepted, []string{"took back the start of turn 1"}},
			},
			want: "",
		},
		{
			name: "undo goes back to before turn 1", game: "sortie", start: seeded,
			steps: []step{
				{"place 7D/9C a1", Accepted, nil},
				{"undo", Accepted, []string{"took back place 7D/9C a1"}},
				{"undo", Accepted, []string{"took back the start of turn 1", "set-up"}},
				{"undo", Rejected, []string{"nothing to undo"}},
			},
			want: "",
		},
		{
			name: "set-up lines", game: "sortie", start: unseeded,
			steps: []step{
				{"Ann: draw 9C KD", Accepted, []string{"Ann: draw 9C KD\n"}},
				{"Ann: draw 5H 2S", Accepted, []string{"Ann: draw 9C KD, draw 5H 2S\n"}},
				{"Ben: draw 9C 8S JH 4C", Rejected, []string{"illegal: ", "    Ben: draw 9C 8S JH 4C\n"}},
				{"Ben: draw 3D 8S JH 4C", Accepted, nil},
				{"Ben:", Rejected, []string{"needs its moves"}},
				{"undo", Accepted, []string{"took back draw 3D 8S JH 4C"}},
				{"Ben: draw 3D 8S JH 4C", Accepted, nil},
				{"draw 7H", Accepted, []string{"1. Ann: draw 7H"}},
				{"Ann: draw 6D", Rejected, []string{"set-up lines must come before the first turn"}},
			},
			want: "\nAnn: draw 9C KD, draw 5H 2S\nBen: draw 3D 8S JH 4C\n\n1. Ann: draw 7H\n",
		},
		{
			name: "result: the rules give none yet", game: "sortie", start: seeded,
			steps: []step{
				{"result", Rejected, []string{"the rules give no result yet (Ann to move on turn 1)"}},
				{"result Ann wins", Rejected, []string{`result: the recorded result "Ann wins" disagrees with the rules`, "    result: Ann wins\n"}},
				{"result unfinished", Accepted, []string{"recorded  unfinished (agrees)"}},
				{"place 7D/9C a1", Rejected, []string{"the result is written (result: unfinished): undo takes it back"}},
				{"end", Rejected, []string{"undo takes it back"}},
				{"undo", Accepted, []string{"took back the result line"}},
				{"result resign", Accepted, []string{"Ben wins: Ann resigned"}},
				{"undo", Accepted, nil},
				{"result: draw", Accepted, []string{"draw by agreement"}},
			},
			want: "\nresult: draw\n",
		},
		{
			name: "commands that only show", game: "sortie", start: seeded,
			steps: []step{
				{"", Unchanged, nil},
				{"legal", Unchanged, []string{"Ann to move on turn 1: 60 legal moves", "  place 7D/9C a1\n"}},
				{"show", Unchanged, []string{"sortie: A Ann, B Ben", "before turn 1", "A Ann  hand 7D 9C 4D 8H 9S"}},
				{"help", Unchanged, []string{"undo      take back"}},
				{"quit", Quit, nil},
			},
			want: "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, path := newTestSession(t, tt.game, tt.start)
			runSteps(t, s, path, tt.steps)
			if got := strings.TrimPrefix(s.Text(), tt.start); got != tt.want {
				t.Errorf("the transcript after the header:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// typedLines splits a transcript into its header and the lines a player
// would type to record it: set-up lines whole, each move of a turn on a
// line of its own, end between turns (and before an empty turn 1), and
// the result: end when the rules give it, else result as written.
func typedLines(t *testing.T, g Game, src string) (header string, lines []string) {
	t.Helper()
	text, diags := g.Format("", src)
	if len(diags) > 0 {
		t.Fatalf("%v", diags)
	}
	// One statement a line: join the continuation lines.
	text = strings.ReplaceAll(text, ",\n    ", ", ")
	turnRE := regexp.MustCompile(`^\d+\. ("[^"]*"|\S+):(.*)$`)
	turns := 0
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(strings.SplitN(l, " ;", 2)[0])
		switch {
		case l == "" || strings.HasPrefix(l, ";"):
		case strings.HasPrefix(l, "["):
			header += l + "\n"
		case strings.HasPrefix(l, "result: "):
			if r := g.Check("", src, Options{}); r.Outcome == "unfinished" || strings.Contains(r.Recorded, "not derived") {
				lines = append(lines, l)
			} else {
				lines = append(lines, "end")
			}
		case turnRE.MatchString(l):
			turns++
			moves := strings.TrimSpace(turnRE.FindStringSubmatch(l)[2])
			if turns > 1 || moves == "" {
				lines = append(lines, "end")
			}
			if moves != "" {
				lines = append(lines, strings.Split(moves, ", ")...)
			}
		default:
			lines = append(lines, l)
		}
	}
	return header, lines
}

// A game typed move by move, undoing every seventh move and typing it
// again, ends as the transcript it was typed from: every game, its set-up
// lines, its turns (Mod's turns of one player in a row, Void's answers by
// the other player) and its result.
func TestSessionTypesWholeGames(t *testing.T) {
	type game struct {
		name, src string
	}
	src, err := os.ReadFile("../examples/sortie/ann-wins.sortie")
	if err != nil {
		t.Fatal(err)
	}
	games := []game{{"sortie/ann-wins", string(src)}}
	for _, g := range Games() {
		// Seed 1 gives each game a short one, won by a player.
		text, _ := randomGame(g, 1)
		games = append(games, game{g.Name() + "/random-1", text})
	}
	for _, tt := range games {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			g, _ := Lookup(strings.Split(tt.name, "/")[0])
			header, lines := typedLines(t, g, tt.src)
			if testing.Short() && len(lines) > 60 {
				lines = lines[:60]
			}
			s, path := newTestSession(t, g.Name(), header)
			for i, line := range lines {
				before, inTurn := s.Text(), s.Prompt() != "set-up> "
				if st, out := typeOnly(t, s, line); st != Accepted {
					t.Fatalf("line %d, %q: %v\n%s\nafter:\n%s", i+1, line, st, out, before)
				}
				if i%10 == 0 {
					checkFile(t, s, path)
				}
				// undo takes back the moves of the line typed, not the turn
				// 1 it began: retry lines of moves in a turn.
				if i%7 == 2 && inTurn && line != "end" && !strings.HasPrefix(line, "result") {
					if st, out := typeOnly(t, s, "undo"); st != Accepted || s.Text() != before {
						t.Fatalf("line %d, undo of %q: %v\n%s\ngave:\n%s\nwant:\n%s", i+1, line, st, out, s.Text(), before)
					}
					typeOnly(t, s, line)
				}
			}
			checkFile(t, s, path)
			if testing.Short() {
				return
			}
			want, _ := g.Format("", tt.src)
			// Comments are the players' own, and the typed lines have none.
			want = regexp.MustCompile(`(?m)^;.*\n| ;.*$`).ReplaceAllString(want, "")
			if s.Text() != want {
				t.Errorf("typed:\n%s\nwant:\n%s", s.Text(), want)
			}
			if !strings.Contains(s.Text(), "\nresult: ") {
				t.Error("the game typed has no result")
			}
		})
	}
}

// When the end of a turn ends the game, end writes the result line.
func TestSessionEndWritesTheResult(t *testing.T) {
	src, _ := os.ReadFile("../examples/sortie/ann-wins.sortie")
	header, lines := typedLines(t, sortieGame(), string(src))
	s, path := newTestSession(t, "sortie", header)
	for _, l := range lines[:len(lines)-1] {
		typeLine(t, s, path, l)
	}
	runSteps(t, s, path, []step{
		{"result", Accepted, []string{"result    Ann wins on turn 19: all three flags captured", "recorded  Ann wins (agrees)"}},
		{"undo", Accepted, []string{"took back the result line", "19. Ann: draw 5C, d3-d4"}},
		{"end", Accepted, []string{"recorded  Ann wins (agrees)"}},
		{"legal", Unchanged, []string{"no legal moves: the result is written (result: Ann wins)"}},
		{"d4-c4", Rejected, []string{"the result is written"}},
	})
	if !strings.HasSuffix(s.Text(), "19. Ann: draw 5C, d3-d4\n\nresult: Ann wins\n") {
		t.Errorf("the transcript ends:\n%s", s.Text())
	}
}

func TestSessionResume(t *testing.T) {
	tests := []struct {
		name  string
		file  string
		steps []step
		want  string
	}{
		{
			name: "in a turn",
			file: seeded + "\n1. Ann: place 7D/9C a1 ; first\n2. Ben: place 8D/5S d4\n",
			steps: []step{
				{"undo", Accepted, []string{"took back place 8D/5S d4"}},
				{"undo", Accepted, []string{"took back the end of turn 1"}},
				{"place 4D/8H b1", Accepted, nil},
			},
			want: seeded + "\n1. Ann: place 7D/9C a1, place 4D/8H b1 ; first\n",
		},
		{
			name: "undo keeps the players' comments",
			file: seeded + "\n; the first game\n1. Ann: place 7D/9C a1 { bold }, place 4D/8H b1 ; a note\n",
			steps: []step{
				{"undo", Accepted, []string{"took back place 4D/8H b1"}},
				{"undo", Accepted, []string{"took back place 7D/9C a1"}},
			},
			want: seeded + "\n; the first game\n1. Ann: { bold } ; a note\n",
		},
		{
			name: "after result: unfinished, which is taken off",
			file: seeded + "\n1. Ann: place 7D/9C a1\n\nresult: unfinished\n",
			steps: []step{
				{"place 4D/8H b1", Accepted, nil},
				{"end", Accepted, []string{"2. Ben:"}},
			},
			want: seeded + "\n1. Ann: place 7D/9C a1, place 4D/8H b1\n2. Ben:\n",
		},
		{
			name: "a finished game",
			file: seeded + "\n1. Ann: place 7D/9C a1\n\nresult: Ann resigns\n",
			steps: []step{
				{"place 4D/8H b1", Rejected, []string{"the result is written (result: Ann resigns)"}},
				{"undo", Accepted, []string{"took back the result line"}},
			},
			want: seeded + "\n1. Ann: place 7D/9C a1\n",
		},
		{
			name: "a set-up line, written in any layout",
			file: "[Game \"sortie\"] [Players \"Ann\" \"Ben\"]\nAnn: draw 9C KD\n   5H 2S",
			steps: []step{
				{"undo", Accepted, []string{"took back draw 9C KD 5H 2S"}},
				{"undo", Rejected, []string{"nothing to undo"}},
			},
			want: unseeded,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "game.sortie")
			if err := os.WriteFile(path, []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			s, _ := NewSession(sortieGame(), path, tt.file, Options{})
			if s == nil {
				t.Fatal("refused")
			}
			runSteps(t, s, path, tt.steps)
			if s.Text() != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", s.Text(), tt.want)
			}
		})
	}
}

func TestSessionRefusesABadTranscript(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"an illegal move", seeded + "\n1. Ann: place 7D/9C a1, place 7D/9C a2\n", "illegal: 7D is not in Ann's hand"},
		{"a syntax error", seeded + "\n1. Ann: place 7D 9C a1\n", "error: expected"},
		{"a wrong result", seeded + "\n1. Ann:\n\nresult: Ann wins\n", "disagrees with the rules"},
		{"a bad variant", NewHeader(sortieGame(), Header{Players: []string{"Ann", "Ben"}, Seed: "1", Variants: []string{"tie=never"}}), "tie"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, r := NewSession(sortieGame(), "game.sortie", tt.src, Options{})
			if s != nil {
				t.Fatal("a transcript that does not check clean was taken")
			}
			if text := ReportText(r); !strings.Contains(text, tt.want) {
				t.Errorf("the report lacks %q:\n%s", tt.want, text)
			}
		})
	}
}

// A change that cannot be written is not taken: the session and the file
// stay as they were.
func TestSessionWriteFailure(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "gone", "game.sortie")
	s, _ := NewSession(sortieGame(), path, seeded, Options{})
	var out bytes.Buffer
	st, err := s.Exec(&out, "place 7D/9C a1")
	if st != Rejected || err == nil {
		t.Fatalf("status %v, error %v, want a refusal with the error", st, err)
	}
	if s.Text() != seeded || !strings.Contains(out.String(), "not written, so not taken") {
		t.Errorf("after a failed write:\n%s\n%s", s.Text(), out.String())
	}
}

func TestSessionComplete(t *testing.T) {
	s, path := newTestSession(t, "sortie", seeded)
	tests := []struct {
		line string
		want []string
	}{
		{"place 7D/9C b", []string{"place 7D/9C b1"}},
		{"place 7D/9C a", []string{"place 7D/9C a1", "place 7D/9C a2"}},
		{"un", []string{"undo"}},
		{"Ann: place", nil}, // turn 1's moves, not set-up ones
		{"zz", nil},
	}
	for _, tt := range tests {
		if got := s.Complete(tt.line); !slices.Equal(got, tt.want) {
			t.Errorf("Complete(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
	// Set-up moves are typed with the name of the player to move.
	setup, setupPath := newTestSession(t, "sortie", unseeded)
	if got := setup.Complete("Ann: draw A"); !slices.Equal(got, []string{"Ann: draw AC", "Ann: draw AD", "Ann: draw AH", "Ann: draw AS"}) {
		t.Errorf("Complete(\"Ann: draw A\") in the set-up = %q", got)
	}
	typeLine(t, setup, setupPath, "Ann: draw 9C KD 5H 2S")
	if got := setup.Complete("Ben: draw 9"); !slices.Equal(got, []string{"Ben: draw 9D", "Ben: draw 9H", "Ben: draw 9S"}) {
		t.Errorf("Complete(\"Ben: draw 9\") in the set-up = %q", got)
	}
	// After a comma, the moves open once those before it are made.
	for _, tt := range []struct {
		line string
		want []string
	}{
		{"place 7D/9C a1, place 4D/8H b", []string{"place 7D/9C a1, place 4D/8H b1"}},
		{"place 7D/9C a1 ,place 4D/8H b", []string{"place 7D/9C a1 , place 4D/8H b1"}},
		{"place 7D/9C a1, place 7D", nil}, // 7D is on the board by then
		{"place 7D/9C d4, place 4D", nil}, // not all legal: nothing follows
	} {
		if got := s.Complete(tt.line); !slices.Equal(got, tt.want) {
			t.Errorf("Complete(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
	// 9C is in Ann's hand.
	if got, want := setup.Complete("Ben: draw 3D, draw 9"), []string{"Ben: draw 3D, draw 9D", "Ben: draw 3D, draw 9H", "Ben: draw 3D, draw 9S"}; !slices.Equal(got, want) {
		t.Errorf("Complete(\"Ben: draw 3D, draw 9\") in the set-up = %q, want %q", got, want)
	}
	typeLine(t, s, path, "place 7D/9C a1")
	typeLine(t, s, path, "place 4D/8H b1")
	typeLine(t, s, path, "place 9S/4D a2")
	// Every card is placed: the turn can only end, and end is all there is.
	if got := s.Complete(""); !slices.Equal(got, commands) {
		t.Errorf("Complete(\"\") with a turn that can only end = %q, want the commands", got)
	}
	if got := s.Complete("Ann:"); got != nil {
		t.Errorf("Complete(\"Ann:\") in a turn = %q, want none", got)
	}
}

func TestSessionPrompt(t *testing.T) {
	s, path := newTestSession(t, "sortie", seeded)
	for _, tt := range []struct{ line, want string }{
		{"", "set-up> "},
		{"end", "1. Ann> "},
		{"end", "2. Ben> "},
		{"result unfinished", "over> "},
	} {
		typeLine(t, s, path, tt.line)
		if got := s.Prompt(); got != tt.want {
			t.Errorf("after %q: prompt %q, want %q", tt.line, got, tt.want)
		}
	}
}

func TestNewHeader(t *testing.T) {
	got := NewHeader(sortieGame(), Header{Players: []string{"Ann Lee", "Ben"}, Seed: "7", Variants: []string{"tie=bounce", "ace=high"}})
	want := "[Game \"sortie\"]\n[Players \"Ann Lee\" \"Ben\"]\n[Seed \"7\"]\n[Variant \"tie=bounce\" \"ace=high\"]\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if r := sortieGame().Check("", got, Options{}); r.ExitCode() != 0 {
		t.Errorf("the header does not check:\n%s", ReportText(r))
	}
}

// After a declared position, the first turn is begun by typing its line,
// at the turn the position comes to; once a turn has begun, end begins
// the next.
func TestSessionFirstTurnAfterAPosition(t *testing.T) {
	src := mustRead(t, "examples/sortie/position-late-score-sheet.sortie")
	cut := strings.Index(src, "\n12. Ben:")
	path := filepath.Join(t.TempDir(), "late.sortie")
	if err := os.WriteFile(path, []byte(src[:cut+1]), 0o644); err != nil {
		t.Fatal(err)
	}
	s, r := NewSession(sortieGame(), path, src[:cut+1], Options{})
	if s == nil {
		t.Fatalf("refused:\n%s", ReportText(r))
	}
	var out bytes.Buffer
	if st, err := s.Exec(&out, "12. Ben: draw 6C, c3xb3"); st != Accepted || err != nil {
		t.Fatalf("12. Ben: %v %v\n%s", st, err, out.String())
	}
	if st, _ := s.Exec(&out, "14. Ann:"); st != Rejected || !strings.Contains(out.String(), "turn 12 has begun") {
		t.Errorf("a second turn line: %v\n%s", st, out.String())
	}
	written, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(written), "\n12. Ben: draw 6C, c3xb3\n") {
		t.Errorf("written:\n%s", written)
	}
}
