package referee

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
)

// replayOf replays a transcript given as text; ext names its game.
func replayOf(t *testing.T, name, src string) (*Replay, *Report) {
	t.Helper()
	g, err := Detect(name, src)
	if err != nil {
		t.Fatal(err)
	}
	rp, r := g.Replay(name, src, Options{ReadFile: func(path string) ([]byte, error) {
		return os.ReadFile(filepath.Join(repo, "examples", path))
	}})
	return rp, r
}

// lastDrawing is the drawing of a replay's last step.
func lastDrawing(t *testing.T, rp *Replay, r *Report) string {
	t.Helper()
	if len(rp.Steps) == 0 {
		t.Fatalf("no steps:\n%s", ReportText(r))
	}
	return rp.Steps[len(rp.Steps)-1].Drawing().String()
}

// Each game's drawing of a small position, read against the rules text:
// what the players would see on the table.
func TestDrawings(t *testing.T) {
	tests := []struct {
		name, file, src, want string
	}{
		{
			// Sortie: ann-wins.sortie as far as turn 14, as turn 15 begins.
			// Ann's units captured Ben's flags on c4 (the end of turn 11)
			// and d3 (turn 13), and were removed with them: c4 and d3 are
			// Ben's home squares still. Ann's 9C/KD has walked onto c4,
			// where Ben's 9H/3H broke its shield (attack 3 against hit
			// points 9). Ben's d4 flag stands, under his unit.
			name: "sortie", file: "a.sortie",
			src: `[Players "Ann" "Ben"]
Ann: draw 9C KD 5H 2S
Ben: draw 3D 8S JH 4C
1. Ann: draw 7H, place 9C/KD a2, place 5H/7H b1
2. Ben: draw 6D, place 8S/JH d3
3. Ann: draw QC, a2-a3, b1-c1
4. Ben: draw 2C, d3-c3
5. Ann: draw 10D, a3-b3, b3xc3
6. Ben: draw 5S, place 3D/4C c4
7. Ann: draw 8D, b3-b4, b4xc4, c1-d1, place 2S/QC b3
8. Ben: draw AS, place 6D/2C c4
9. Ann: draw 4H, b4xc4, d1-d2, b3-c3
10. Ben: draw 9H, place 5S/AS d3
11. Ann: draw JD, d2xd3, c3-c4
12. Ben: draw 3H, place 9H/3H d4
13. Ann: draw 7C, d2-d3, b4-c4
14. Ben: draw 6C, d4xc4
result: unfinished
`,
			want: `        a           b           c           d
  +-----------+-----------+-----------+-----------+
4 |           |           | B home    | B flag    |
  |           |           | A 9C/KD   | B 9H/3H   |
  |           |           | no shield | shield    |
  +-----------+-----------+-----------+-----------+
3 |           |           |           | B home    |
  |           |           |           |           |
  |           |           |           |           |
  +-----------+-----------+-----------+-----------+
2 | A flag    |           |           |           |
  |           |           |           |           |
  |           |           |           |           |
  +-----------+-----------+-----------+-----------+
1 | A flag    | A flag    |           |           |
  |           |           |           |           |
  |           |           |           |           |
  +-----------+-----------+-----------+-----------+
  A Ann  hand 10D 8D 4H JD 7C
         flags captured c4 d3 (2 of 3)
  B Ben  hand 6C
         flags captured none (0 of 3)
deck 30 cards, discard pile 12 cards
`,
		},
		{
			// Two names with one initial: the letters are A and B.
			name: "sortie letters", file: "a.sortie",
			src: `[Players "Ann" "Amy"]
Ann: draw 9C KD 5H 2S
Amy: draw 3D 8S JH 4C
1. Ann: draw 7H, place 9C/KD a2
2. Amy: draw 6D, place 8S/JH d3
`,
			want: `        a           b           c           d
  +-----------+-----------+-----------+-----------+
4 |           |           | B flag    | B flag    |
  |           |           |           |           |
  |           |           |           |           |
  +-----------+-----------+-----------+-----------+
3 |           |           |           | B flag    |
  |           |           |           | B 8S/JH   |
  |           |           |           | shield    |
  +-----------+-----------+-----------+-----------+
2 | A flag    |           |           |           |
  | A 9C/KD   |           |           |           |
  | shield    |           |           |           |
  +-----------+-----------+-----------+-----------+
1 | A flag    | A flag    |           |           |
  |           |           |           |           |
  |           |           |           |           |
  +-----------+-----------+-----------+-----------+
  A Ann  hand 5H 2S 7H
         flags captured none (0 of 3)
  B Amy  hand 3D 4C 6D
         flags captured none (0 of 3)
deck 42 cards, discard pile 0 cards
`,
		},
		{
			// Mecha: towers, a mecha with a pilot, a mecha with armour
			// counters, a placed command with its time counters, and the
			// entry zones by their ranks.
			name: "mecha", file: "a.mecha",
			src: `[Players "Ann" "Ben"]
Ann: draw "Radio Tower" "Radio Tower" "Radio Tower" Mine Lancer
Ben: draw "Radio Tower" "Radio Tower" "Radio Tower" Bulwark Scout
1. Ann: draw Rookie, play "Radio Tower" a1, play "Radio Tower" b1, play Lancer c1, play Rookie c1, play Mine d3
2. Ben: draw Hawk, play "Radio Tower" a5, play "Radio Tower" b5, play "Radio Tower" c5, play Bulwark g5
result: unfinished
`,
			want: `          a           b           c           d           e           f           g
    +-----------+-----------+-----------+-----------+-----------+-----------+-----------+
B 5 | B 0/3     | B 0/3     | B 0/3     |           |           |           | B 2/5 a2  |
    | Radio     | Radio     | Radio     |           |           |           | Bulwark   |
    | Tower     | Tower     | Tower     |           |           |           |           |
    +-----------+-----------+-----------+-----------+-----------+-----------+-----------+
  4 |           |           |           |           |           |           |           |
    +-----------+-----------+-----------+-----------+-----------+-----------+-----------+
  3 |           |           |           | A Mine t1 |           |           |           |
    +-----------+-----------+-----------+-----------+-----------+-----------+-----------+
  2 |           |           |           |           |           |           |           |
    +-----------+-----------+-----------+-----------+-----------+-----------+-----------+
A 1 | A 0/3     | A 0/3     | A 3/3     |           |           |           |           |
    | Radio     | Radio     | Lancer    |           |           |           |           |
    | Tower     | Tower     | +Rookie   |           |           |           |           |
    +-----------+-----------+-----------+-----------+-----------+-----------+-----------+
  A Ann  bandwidth 0 of 2 used, deck 34 cards, damage zone 0 of 5: none
         hand "Radio Tower"
         graveyard none
  B Ben  bandwidth 3 of 3 used, deck 34 cards, damage zone 0 of 5: none
         hand Scout, Hawk
         graveyard none
`,
		},
		{
			// Mod: four drafts in the stack, the last placed on top.
			name: "mod", file: "a.mod",
			src: `[Players "Ann" "Ben"]
[Seed "7"]
1. Ann: draft 1 Laser
2. Ben: draft 3 "Twin Plasma Swords"
3. Ann: draft 2 "Fuel Cell"
4. Ben: draft 1 Missile
`,
			want: `round 1: A Ann holds the initiative; B Ben has priority
  A Ann  durability 10, fuel 0
         hand none
         deck 0 cards, discard pile none
         play area none
  B Ben  durability 10, fuel 0
         hand none
         deck 0 cards, discard pile none
         play area none
stack, A 2 of 5, B 2 of 5 slots filled; the top activates first:
   4. B drafted Missile
   3. A drafted "Fuel Cell"
   2. B drafted "Twin Plasma Swords"
   1. A drafted Laser
shared decks:
  1: "Red Plating" on top of 10; pile empty
  2: "Prism Field" on top of 11; pile empty
  3: "Blue Barrier" on top of 11; pile empty
`,
		},
		{
			// Daemon: the tracker at the end of the gauge, on Ben's side.
			name: "daemon", file: "daemon/gauge-end.daemon",
			src: mustRead(t, "examples/daemon/gauge-end.daemon"),
			want: `memory 10 on Ben's side; Ben's turn
  A 10  9  8  7  6  5  4  3  2  1  0  1  2  3  4  5  6  7  8  9 10 B
                                                                 ^
  A Ann  modules Monolith, Raid, Insurance (main Monolith)
         security 5 cards, deck 35 cards
         grip Policy, Chisel, Chisel
         daemons Pebble 2 (loading), Obelisk 13 (loading)
         scripts none
         heap none
  B Ben  modules Rally, Alarm, Archive (main Rally)
         security 5 cards, deck 35 cards
         grip Ledger, Runner, Runner, Flare
         daemons none
         scripts Horn
         heap none
`,
		},
		{
			// Void: units in their sectors, and a queue of five actions
			// waiting, the last in on top.
			name: "void", file: "void/queue-waiting.void",
			src: mustRead(t, "examples/void/queue-waiting.void"),
			want: `+--------------+------------+---------------------+
| North        | Middle     | South               |
| Forest, Lake | Ruins      | Dunes, Marsh        |
+--------------+------------+---------------------+
| A Scout 1/1  | B Wall 1/4 | B Ranger 2/2, spent |
+--------------+------------+---------------------+
  A Ann  energy 1 (income 2), life 10
         hand none
         cache none
  B Ben  energy 3 (income 2), life 10
         hand Flux, Scout
         cache none
queue, the last in on top (it executes first):
   5. A play Quake South
   4. B activate Ranger North
   3. A play Shock Middle
   2. B play Drain Ann
   1. A play Raider Middle
B Ben to decide
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rp, r := replayOf(t, tt.file, tt.src)
			if r.ExitCode() != 0 {
				t.Fatalf("the position does not replay clean:\n%s", ReportText(r))
			}
			if got := lastDrawing(t, rp, r); got != tt.want {
				t.Errorf("drawing:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// A replay has a step for every written move, one at the start of every
// turn, and one when the result line ends the last turn.
func TestReplayStepsFollowTheMoves(t *testing.T) {
	t.Parallel()
	for _, f := range examples(t) {
		if filepath.Ext(f) == CatalogueExt {
			continue
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			rp, r := ReplayFile(f, Options{})
			counts := map[StepKind]int{}
			for _, s := range rp.Steps {
				counts[s.Kind]++
			}
			// Every legal move has its step; a replay stops at the first
			// illegal one, which is counted among the moves and has none.
			moves := counts[MoveStep]
			if r.ExitCode() == 0 && moves != r.Moves || moves != r.Moves && moves != r.Moves-1 {
				t.Errorf("%d move steps, %d moves (exit %d)", moves, r.Moves, r.ExitCode())
			}
			// A turn whose start is illegal (Void's first, with no board)
			// has no step.
			if counts[TurnStep] != r.Turns && (r.ExitCode() == 0 || counts[TurnStep] != r.Turns-1) {
				t.Errorf("%d turn steps, %d turns", counts[TurnStep], r.Turns)
			}
			if counts[EndStep] > 1 {
				t.Errorf("%d end steps", counts[EndStep])
			}
			// Each step draws without fault, in plain text.
			for _, s := range rp.Steps {
				if d := s.Drawing().String(); strings.Contains(d, "\x1b") || d == "" {
					t.Fatalf("%s: drawing %q", s.Heading(), d)
				}
			}
		})
	}
}

func TestReplaySteps(t *testing.T) {
	rp, r := ReplayFile(filepath.Join(repo, "examples/sortie/ann-wins.sortie"), Options{})
	if r.ExitCode() != 0 {
		t.Fatal(ReportText(r))
	}
	var headings []string
	for _, s := range rp.Steps[:6] {
		headings = append(headings, s.Heading())
	}
	want := []string{
		"Ann: draw 9C KD 5H 2S",
		"Ben: draw 3D 8S JH 4C",
		"1. Ann: start of the turn",
		"1. Ann: draw 7H",
		"1. Ann: place 9C/KD a2",
		"1. Ann: place 5H/7H b1",
	}
	if strings.Join(headings, "\n") != strings.Join(want, "\n") {
		t.Errorf("headings:\n%s\nwant:\n%s", strings.Join(headings, "\n"), strings.Join(want, "\n"))
	}
	// 51 moves (2 on set-up lines), 19 turns, and the result line.
	if len(rp.Steps) != 51+19+1 || rp.Turns != 19 {
		t.Errorf("%d steps, %d turns", len(rp.Steps), rp.Turns)
	}
	end := rp.Steps[len(rp.Steps)-1]
	if end.Kind != EndStep || end.Heading() != "result: Ann wins" || !strings.Contains(end.Drawing().String(), "game over: Ann wins on turn 19") {
		t.Errorf("last step %q:\n%s", end.Heading(), end.Drawing())
	}
	// A move one player writes in the other's turn is under the turn's
	// player, as the transcript writes it.
	rp, _ = ReplayFile(filepath.Join(repo, "examples/void/queue-waiting.void"), Options{})
	last := rp.Steps[len(rp.Steps)-1]
	if last.Heading() != "1. Ann: play Quake South" || rp.Steps[len(rp.Steps)-2].Heading() != "1. Ann: Ben activate Ranger North" {
		t.Errorf("void headings %q, %q", rp.Steps[len(rp.Steps)-2].Heading(), last.Heading())
	}
	if rp.Steps[0].Heading() != "board: sector North Forest Lake" || rp.Steps[0].Player != engine.Nobody {
		t.Errorf("the board line's step: %q, player %d", rp.Steps[0].Heading(), rp.Steps[0].Player)
	}
}

// --turn N draws the state once turn N has ended, as the next begins.
func TestReplayTurn(t *testing.T) {
	path := filepath.Join(repo, "examples/sortie/ann-wins.sortie")
	tests := []struct {
		file    string
		turn    int
		heading string
		shows   string
	}{
		{"sortie/ann-wins.sortie", 5, "after turn 5 (Ann's), as turn 6 begins", "deck 39 cards, discard pile 2 cards"},
		// The end of turn 11 captures the flag on c4 (Ann's 2S/QC stands
		// there), not d3's (Ann's 5H/7H attacked d3 from d2).
		{"sortie/ann-wins.sortie", 11, "after turn 11 (Ann's), as turn 12 begins", "flags captured c4 (1 of 3)"},
		{"sortie/ann-wins.sortie", 19, "after turn 19 (Ann's): result: Ann wins", "game over: Ann wins on turn 19"},
		{"sortie/unfinished.sortie", 9, "turn 9 (Cleo's) so far: it has not ended (no turn or result line follows)", "C 2C/AS"},
		{"sortie/illegal-moves-twice.sortie", 3, "turn 3 (Ann's) up to where the replay stopped", "10:25: illegal: the unit on a3 has already moved this turn"},
	}
	for _, tt := range tests {
		t.Run(tt.file+"@"+tt.heading, func(t *testing.T) {
			rp, r := ReplayFile(filepath.Join(repo, "examples", tt.file), Options{})
			var b bytes.Buffer
			if err := WriteReplay(&b, rp, r, Palette{}, tt.turn); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			// Told the turn beforehand, the replay keeps only the states
			// of that turn and the next, and shows the same.
			rp, r = ReplayFile(filepath.Join(repo, "examples", tt.file), Options{OnlyTurn: tt.turn})
			var only bytes.Buffer
			if err := WriteReplay(&only, rp, r, Palette{}, tt.turn); err != nil {
				t.Fatal(err)
			}
			if only.String() != out {
				t.Errorf("with OnlyTurn the replay shows otherwise:\n%s", Diff("all states", "OnlyTurn", out, only.String()))
			}
			for i, s := range rp.Steps {
				if s.state != nil && s.Turn != tt.turn && s.Turn != tt.turn+1 && i != len(rp.Steps)-1 && s.Kind != EndStep {
					t.Errorf("step %d (%s) keeps its state", i, s.Heading())
				}
			}
			if !strings.Contains(out, "\n"+tt.heading+"\n") || !strings.Contains(out, tt.shows) {
				t.Errorf("want %q and %q in:\n%s", tt.heading, tt.shows, out)
			}
			// One state only: one grid.
			if n := strings.Count(out, "\n  +-----------+-----------+-----------+-----------+\n4 |"); n != 1 {
				t.Errorf("%d drawings", n)
			}
		})
	}
	rp, r := ReplayFile(path, Options{})
	for _, turn := range []int{20, -1} {
		var b bytes.Buffer
		err := WriteReplay(&b, rp, r, Palette{}, turn)
		var te *TurnError
		if !errors.As(err, &te) || b.Len() != 0 {
			t.Errorf("turn %d: %v, wrote %q", turn, err, b.String())
		}
	}
	if err := WriteReplay(new(bytes.Buffer), rp, r, Palette{}, 20); err == nil || err.Error() != path+" has no turn 20: its turns are 1 to 19" {
		t.Errorf("turn 20: %v", err)
	}
}

// Players are told apart by letter always, and by colour only when the
// palette colours.
func TestReplayColour(t *testing.T) {
	rp, r := ReplayFile(filepath.Join(repo, "examples/mecha/armour-pierce.mecha"), Options{})
	var plain, coloured bytes.Buffer
	WriteReplay(&plain, rp, r, NewPalette(false), 7)
	WriteReplay(&coloured, rp, r, NewPalette(true), 7)
	if strings.Contains(plain.String(), "\x1b") {
		t.Error("colour off writes escape codes")
	}
	for _, want := range []string{"A 3/3", "B 2/3 a1", "B 5 |", "A 1 |"} {
		if !strings.Contains(plain.String(), want) {
			t.Errorf("no %q in:\n%s", want, plain.String())
		}
	}
	p := NewPalette(true)
	for _, want := range []string{p.player(0, "A 3/3"), p.player(1, "B 2/3 a1"), p.player(0, "A Ann")} {
		if !strings.Contains(coloured.String(), want) {
			t.Errorf("no %q in:\n%s", want, coloured.String())
		}
	}
	if p.player(0, "x") == p.player(1, "x") || p.player(0, "x") == "x" {
		t.Error("the players' colours are not told apart")
	}
}

func TestLetters(t *testing.T) {
	tests := []struct {
		players []string
		want    string
	}{
		{[]string{"Ann", "Ben"}, "AB"},
		{[]string{"Cleo", "Dev"}, "CD"},
		{[]string{"Ann", "Amy"}, "AB"},
		{[]string{"ann", "Ben"}, "AB"},
		{[]string{"zoë", "Åsa"}, "ZÅ"},
		{[]string{"1st", "2nd"}, "AB"},
		{[]string{"日本", "Ben"}, "AB"},
	}
	for _, tt := range tests {
		if got := strings.Join(Letters(tt.players), ""); got != tt.want {
			t.Errorf("Letters(%q) = %q, want %q", tt.players, got, tt.want)
		}
	}
}

func TestWrap(t *testing.T) {
	tests := []struct {
		s    string
		want []string
	}{
		{"Scout", []string{"Scout"}},
		{"Radio Tower", []string{"Radio", "Tower"}},
		{"Flak Tower", []string{"Flak", "Tower"}},
		{"Overclocked", []string{"Overcloc~"}},
		{`Jason "The Looks" Brannan`, []string{"Jason", `"The Loo~`}},
	}
	for _, tt := range tests {
		if got := Wrap(tt.s, 9, 2); strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("Wrap(%q) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

// Random games of every game draw at every step: no state of a legal game
// is beyond the drawings.
func TestReplayRandomGames(t *testing.T) {
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	for _, g := range Games() {
		for seed := range uint64(seeds) {
			src, _ := randomGame(g, seed+1)
			name := "random" + g.Extension()
			rp, r := g.Replay(name, src, Options{})
			if r.ExitCode() != 0 {
				t.Fatalf("%s: random game %d does not replay clean:\n%s", g.Name(), seed+1, ReportText(r))
			}
			for _, s := range rp.Steps {
				if err := guarded(func() error { s.Drawing(); return nil }); err != nil {
					t.Fatalf("%s: random game %d, %s: %v", g.Name(), seed+1, s.Heading(), err)
				}
			}
		}
	}
}

// A fault in a drawing is an internal error at its step, exit status 3,
// as a fault of an engine's is.
func TestReplayDrawingFault(t *testing.T) {
	rp, r := ReplayFile(filepath.Join(repo, "examples/sortie/illegal-placement.sortie"), Options{})
	rp.Steps[1].draw.state = func(engine.State, View) Drawing { panic("no pencil") }
	var b bytes.Buffer
	if err := WriteReplay(&b, rp, r, Palette{}, 0); err != nil {
		t.Fatal(err)
	}
	if r.ExitCode() != 3 || !strings.Contains(b.String(), "internal error: no pencil") || strings.Contains(b.String(), "1. Ann: start of the turn") {
		t.Errorf("exit %d:\n%s", r.ExitCode(), b.String())
	}
}
