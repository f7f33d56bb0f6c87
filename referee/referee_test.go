package referee

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// repo is the repository root, where examples/ and golden/ live.
const repo = ".."

// TestGolden compares the report of every example with its golden file.
// After a deliberate change, rewrite them with
//
//	go run ./cmd/referee golden --update
//
// and read the diff against the rules before committing it.
func TestGolden(t *testing.T) {
	results, err := Golden(repo, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) < 12 {
		t.Fatalf("only %d golden comparisons: the examples are missing", len(results))
	}
	for _, r := range results {
		switch r.Status {
		case GoldenOK:
		case GoldenMismatch:
			t.Errorf("%s: the report differs from %s (go run ./cmd/referee golden --update rewrites it):\n%s", r.Transcript, r.Golden, r.Diff)
		default:
			t.Errorf("%s %s: %s", r.Transcript, r.Golden, r.Status)
		}
	}
}

// examples lists every shipped transcript.
func examples(t *testing.T) []string {
	t.Helper()
	files, err := Walk([]string{filepath.Join(repo, "examples")})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// Each kind of example ends the way its name says: illegal-* with exactly
// one illegal move or wrong result (exit 1), syntax-* with errors and no
// replay (exit 2), the others clean (exit 0).
func TestExamplesExitCodes(t *testing.T) {
	for _, f := range examples(t) {
		name := filepath.Base(f)
		r := CheckFile(f, Options{})
		want := 0
		switch {
		case strings.HasPrefix(name, "illegal-"):
			want = 1
			n := 0
			for _, d := range r.Diagnostics {
				if d.Severity == Illegal || d.Severity == Mismatch {
					n++
					if d.Span.Start.Line == 0 {
						t.Errorf("%s: diagnostic without a position: %s", name, d.Msg)
					}
				}
			}
			if n != 1 {
				t.Errorf("%s: %d illegal moves or wrong results, want 1", name, n)
			}
		case strings.HasPrefix(name, "position-impossible-"):
			// A position the game cannot be played from: refused at its
			// place before any move, as a syntax error is.
			want = 2
			if !slices.ContainsFunc(r.Diagnostics, func(d Diagnostic) bool {
				return d.Severity == Error && d.Span.Start.Line > 0 && strings.HasPrefix(d.Msg, "impossible position: ")
			}) {
				t.Errorf("%s: no positioned impossible position among %v", name, r.Diagnostics)
			}
		case strings.HasPrefix(name, "syntax-"), strings.HasPrefix(name, "bad-"):
			// syntax-: a transcript that does not parse; bad-: a catalogue
			// with errors.
			want = 2
			if r.Replayed {
				t.Errorf("%s: replayed despite syntax errors", name)
			}
		}
		if got := r.ExitCode(); got != want {
			t.Errorf("%s: exit code %d, want %d", name, got, want)
		}
	}
}

const twoIllegal = `[Game "sortie"]
[Players "Ann" "Ben"]
[Seed "2026"]

1. Ann: place 8H/KH b2, place 8H/KH a2
2. Ben: a1-a2
`

func TestKeepGoing(t *testing.T) {
	stop := sortieGame().Check("t.sortie", twoIllegal, Options{})
	if stop.Illegal != 1 || !stop.Stopped || !strings.Contains(stop.Result, "on turn 1") {
		t.Errorf("default: %d illegal, stopped %v, result %q; want 1, true, stopped on turn 1", stop.Illegal, stop.Stopped, stop.Result)
	}
	goOn := sortieGame().Check("t.sortie", twoIllegal, Options{KeepGoing: true})
	if goOn.Illegal != 2 || goOn.Stopped {
		t.Errorf("--keep-going: %d illegal, stopped %v; want 2, false:\n%s", goOn.Illegal, goOn.Stopped, ReportText(goOn))
	}
	// The skipped move left the state as it was: the legal placement on a2
	// stands, and Ben's move from a1 finds no unit there.
	if !strings.Contains(ReportText(goOn), "a2 Ann 8H/KH") {
		t.Errorf("the legal move after the illegal one was not played:\n%s", ReportText(goOn))
	}
}

func TestRecordedResults(t *testing.T) {
	won, err := os.ReadFile(filepath.Join(repo, "examples/sortie/ann-wins.sortie"))
	if err != nil {
		t.Fatal(err)
	}
	body := strings.Split(string(won), "\nresult:")[0]
	tests := []struct {
		result   string
		exit     int
		outcome  string
		recorded string
	}{
		{"result: Ann wins", 0, "Ann wins", "Ann wins (agrees)"},
		// Without a result line the last turn is still open (ruling S16):
		// its flag is not captured yet.
		{"", 0, "unfinished", ""},
		{"result: Ben wins", 1, "Ann wins", "Ben wins (disagrees)"},
		{"result: unfinished", 1, "Ann wins", "unfinished (disagrees)"},
		{"result: draw", 1, "Ann wins", "draw (disagrees)"},
		{"result: Ben resigns", 1, "Ann wins", "Ben resigns (disagrees)"},
	}
	for _, tt := range tests {
		t.Run(tt.result, func(t *testing.T) {
			r := sortieGame().Check("t.sortie", body+"\n"+tt.result+"\n", Options{})
			if r.ExitCode() != tt.exit || r.Outcome != tt.outcome || r.Recorded != tt.recorded {
				t.Errorf("exit %d outcome %q recorded %q; want %d %q %q", r.ExitCode(), r.Outcome, r.Recorded, tt.exit, tt.outcome, tt.recorded)
			}
		})
	}
	open := "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"1\"]\n\n1. Ann:\n2. Ben:\n"
	for _, tt := range []struct {
		result, outcome, text string
		exit                  int
	}{
		{"result: unfinished", "unfinished", "unfinished: Ann to move on turn 3", 0},
		{"result: draw", "draw", "draw by agreement after turn 2", 0},
		{"result: Ann resigns", "Ben wins", "Ben wins: Ann resigned after turn 2", 0},
		{"result: Ann wins", "unfinished", "unfinished: Ann to move on turn 3", 1},
	} {
		t.Run("unfinished game, "+tt.result, func(t *testing.T) {
			r := sortieGame().Check("t.sortie", open+tt.result+"\n", Options{})
			if r.ExitCode() != tt.exit || r.Outcome != tt.outcome || r.Result != tt.text {
				t.Errorf("exit %d outcome %q result %q; want %d %q %q", r.ExitCode(), r.Outcome, r.Result, tt.exit, tt.outcome, tt.text)
			}
		})
	}
}

// Every move legal lists, written as the next move of the transcript, is
// accepted by check; this ties the legal-move list, the notation and the
// engine together.
func TestLegalMovesReplay(t *testing.T) {
	base, err := os.ReadFile(filepath.Join(repo, "examples/sortie/unfinished.sortie"))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.TrimRight(string(base), "\n")
	lm, r := sortieGame().Legal("t.sortie", src, Options{})
	if lm == nil {
		t.Fatalf("no legal moves:\n%s", ReportText(r))
	}
	if lm.Player != "Cleo" || lm.Turn != 9 || !lm.EndTurn || len(lm.Moves) == 0 {
		t.Fatalf("legal = %+v", lm)
	}
	for _, m := range lm.Moves {
		r := sortieGame().Check("t.sortie", src+", "+m+"\n", Options{})
		if r.ExitCode() != 0 {
			t.Errorf("legal move %q is refused:\n%s", m, ReportText(r))
		}
	}
	over := sortieGame().Check("t.sortie", src+", a2-a4\n", Options{})
	if over.ExitCode() != 1 {
		t.Errorf("a2-a4 is accepted")
	}
	if lm, _ := sortieGame().Legal("t.sortie", mustRead(t, "examples/sortie/ann-wins.sortie"), Options{}); lm == nil || lm.Over == "" {
		t.Errorf("a finished game lists legal moves: %+v", lm)
	}
}

// When the last turn can only end, as every Mod turn after its one move,
// legal lists the next turn's moves; each is accepted as that next turn.
func TestLegalMovesOfTheNextTurn(t *testing.T) {
	game, _ := randomGame(modGame(), 7)
	lines := strings.Split(game, "\n")
	// The header (five lines) and the first twelve turns: round 2 has begun.
	src := strings.Join(lines[:5+12], "\n") + "\n"
	lm, r := modGame().Legal("t.mod", src, Options{})
	if lm == nil {
		t.Fatalf("no legal moves:\n%s", ReportText(r))
	}
	if lm.Ended == nil || lm.Ended.Turn != 12 || lm.Turn != 13 || lm.EndTurn || len(lm.Moves) == 0 {
		t.Fatalf("legal = %+v, ended = %+v", lm, lm.Ended)
	}
	for _, m := range lm.Moves {
		r := modGame().Check("t.mod", src+"13. "+lm.Player+": "+m+"\n", Options{})
		if r.ExitCode() != 0 {
			t.Errorf("legal move %q is refused:\n%s", m, ReportText(r))
		}
	}
	var out strings.Builder
	WriteLegal(&out, lm)
	if !strings.HasPrefix(out.String(), lm.Ended.Player+"'s turn 12 can only end (write turn 13); then:\n"+lm.Player+" to move on turn 13:") {
		t.Errorf("legal prints:\n%s", out.String())
	}
}

func mustRead(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repo, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDetect(t *testing.T) {
	tests := []struct {
		path, src, want, err string
	}{
		{"a.sortie", "", "sortie", ""},
		{"a.txt", `[Game "sortie"]`, "sortie", ""},
		{"a.sortie", `[Game "sortie"]`, "sortie", ""},
		{"a.txt", "", "", "cannot tell the game"},
		{"a.txt", `[Game "chess"]`, "", `unknown game "chess"`},
	}
	for _, tt := range tests {
		g, err := Detect(tt.path, tt.src)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Detect(%q, %q) error = %v, want %q", tt.path, tt.src, err, tt.err)
			}
		case err != nil || g.Name() != tt.want:
			t.Errorf("Detect(%q, %q) = %v, %v; want %s", tt.path, tt.src, g, err, tt.want)
		}
	}
}

func TestDiagnosticLooksLikeACompilers(t *testing.T) {
	src := "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n\n1. Ann:\tplace 9C/KD a1\n"
	d := Diagnostic{Illegal, spanOf(src, "place 9C/KD a1"), "9C is not in Ann's hand"}
	var b strings.Builder
	WriteDiagnostic(&b, "g.sortie", src, d, Palette{})
	want := "g.sortie:4:9: illegal: 9C is not in Ann's hand\n" +
		"    4 | 1. Ann:\tplace 9C/KD a1\n" +
		"      |        \t^^^^^^^^^^^^^^\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestColourOnlyWhenAsked(t *testing.T) {
	r := CheckFile(filepath.Join(repo, "examples/sortie/illegal-placement.sortie"), Options{})
	var plain, coloured strings.Builder
	WriteReport(&plain, r, NewPalette(false))
	WriteReport(&coloured, r, NewPalette(true))
	if strings.Contains(plain.String(), "\x1b[") {
		t.Error("colour off, yet escapes written")
	}
	if !strings.Contains(coloured.String(), "\x1b[") {
		t.Error("colour on, yet no escapes written")
	}
	if plain.String() != ReportText(r) {
		t.Error("the plain palette differs from the golden form")
	}
}

// legal says whether its moves go on a set-up line or in a turn.
func TestLegalSetupOrTurn(t *testing.T) {
	header := func(game, seed string) string {
		h := fmt.Sprintf("[Game %q]\n[Players \"Ann\" \"Ben\"]\n", game)
		if seed != "" {
			h += fmt.Sprintf("[Seed %q]\n", seed)
		}
		return h
	}
	tests := []struct {
		name, game, src string
		setup           bool
		heading         string
	}{
		{"Sortie's opening draws", "sortie", header("sortie", ""), true, "Ann to move on a set-up line (Ann: ...): "},
		{"a seeded Sortie's first placements", "sortie", header("sortie", "7"), false, "Ann to move on turn 1: "},
		{"Daemon's draft", "daemon", header("daemon", "7"), true, "Ann to move on a set-up line (Ann: ...): "},
		{"Void's board line", "void", header("void", "7"), true, "board to move on a set-up line (board: ...): "},
		{"a turn", "sortie", mustRead(t, "examples/sortie/unfinished.sortie"), false, "Cleo to move on turn 9: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, _ := Lookup(tt.game)
			lm, r := g.Legal("t"+g.Extension(), tt.src, Options{})
			if lm == nil {
				t.Fatalf("no legal moves:\n%s", ReportText(r))
			}
			var out strings.Builder
			WriteLegal(&out, lm)
			if lm.Setup != tt.setup || !strings.HasPrefix(out.String(), tt.heading) {
				t.Errorf("setup = %v, want %v; legal prints:\n%s", lm.Setup, tt.setup, out.String())
			}
			// Each kind is accepted where legal says it goes.
			next := strings.TrimRight(tt.src, "\n") + "\n" + lm.Player + ": " + lm.Moves[0] + "\n"
			if !lm.Setup {
				next = strings.TrimRight(tt.src, "\n") + "\n\n1. " + lm.Player + ": " + lm.Moves[0] + "\n"
				if lm.Turn > 1 {
					next = strings.TrimRight(tt.src, "\n") + ", " + lm.Moves[0] + "\n"
				}
			}
			if r := g.Check("t"+g.Extension(), next, Options{}); r.ExitCode() != 0 {
				t.Errorf("the first move, written there, is refused:\n%s", ReportText(r))
			}
		})
	}
}
