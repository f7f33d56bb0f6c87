package referee

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/grammar"
)

// voidSetup is the set-up of the game in docs/games/void.md.
const voidSetup = `[Game "void"]
[Players "Ann" "Ben"]

board: sector North Forest, sector Middle Ruins, sector South Dunes
Ann: energy 3, income 2, life 10, hand Raider Shock Barrage, field Scout Middle
Ben: energy 3, income 2, life 10, hand Wall Drain Surge, field Sentinel Middle
`

// voidTurn1 is turn 1 of that game, Ben's answers included.
const voidTurn1 = `
1. Ann: play Raider Middle, Ben play Drain Ann, play Shock Middle,
        execute, execute, execute, attack Scout Middle, Ben react Sentinel Middle,
        execute, execute
`

// The board line keeps its bare word through fmt, however it was written,
// and formatting changes nothing the referee finds.
func TestVoidBoardLineSurvivesFmt(t *testing.T) {
	const want = "\nboard: sector North Forest Lake, sector Middle Ruins\n"
	for _, line := range []string{
		"board: sector North Forest Lake, sector Middle Ruins",
		"board :sector North  Forest\tLake ,\n   sector Middle Ruins",
		`"board": sector "North" Forest "Lake", sector Middle "Ruins"`,
	} {
		t.Run(line, func(t *testing.T) {
			src := "[Game \"void\"]\n[Players \"Ann\" \"Ben\"]\n\n" + line + "\nAnn: energy 3\n\n1. Ann:\n"
			once, diags := voidGame().Format("t.void", src)
			if len(diags) > 0 {
				t.Fatalf("fmt: %v", diagnosticLines(diags))
			}
			if !strings.Contains(once, want) || strings.Contains(once, `"board"`) {
				t.Errorf("fmt does not keep the board line bare, as %q:\n%s", want, once)
			}
			if twice, _ := voidGame().Format("t.void", once); twice != once {
				t.Errorf("fmt is not idempotent:\n%s", Diff("once", "twice", once, twice))
			}
			before, after := voidGame().Check("t.void", src, Options{}), voidGame().Check("t.void", once, Options{})
			if before.ExitCode() != 0 {
				t.Fatalf("the transcript does not check clean:\n%s", ReportText(before))
			}
			if summary(before) != summary(after) {
				t.Errorf("formatting changed the game:\n%s\n%s", summary(before), summary(after))
			}
		})
	}
}

// legalReplays checks that every move legal lists, written as the next
// move of src, is accepted.
func legalReplays(t *testing.T, src string, lm *LegalMoves) {
	t.Helper()
	for _, m := range lm.Moves {
		if r := voidGame().Check("t.void", src+", "+m+"\n", Options{}); r.ExitCode() != 0 {
			t.Errorf("legal move %q is refused:\n%s", m, ReportText(r))
		}
	}
}

// While the queue is open, legal lists the moves of both players: those of
// the player whose turn it is not with their name first, as a transcript
// writes them, and execute with no name.
func TestVoidLegalNamesTheOtherPlayer(t *testing.T) {
	tests := []struct {
		name, src   string
		turnPlayer  string
		other       string
		player      string // who decides now
		wantEndTurn bool
	}{
		{
			name:       "Ben answers in Ann's turn",
			src:        voidSetup + "\n1. Ann: play Raider Middle",
			turnPlayer: "Ann", other: "Ben", player: "Ben",
		},
		{
			name:       "Ann answers in Ben's turn",
			src:        voidSetup + voidTurn1 + "2. Ben: play Surge, play Wall Middle",
			turnPlayer: "Ben", other: "Ann", player: "Ann",
		},
		{
			name:       "after an execution in Ben's turn",
			src:        voidSetup + voidTurn1 + "2. Ben: play Surge, play Wall Middle, execute",
			turnPlayer: "Ben", other: "Ann", player: "Ben", wantEndTurn: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lm, r := voidGame().Legal("t.void", tt.src, Options{})
			if lm == nil {
				t.Fatalf("no legal moves:\n%s", ReportText(r))
			}
			if lm.Player != tt.player || lm.Turn < 1 || lm.EndTurn != tt.wantEndTurn || lm.Over != "" || lm.Ended != nil {
				t.Errorf("legal = %+v; want %s to decide, end of turn %v", lm, tt.player, tt.wantEndTurn)
			}
			var named, plain int
			for _, m := range lm.Moves {
				switch {
				case strings.HasSuffix(m, "execute"):
					if m != "execute" {
						t.Errorf("execute is written with a name: %q", m)
					}
				case strings.HasPrefix(m, tt.other+" "):
					named++
				case strings.HasPrefix(m, tt.turnPlayer+" "):
					t.Errorf("a move of the player whose turn it is is written with their name: %q", m)
				default:
					plain++
				}
			}
			if named == 0 || plain == 0 {
				t.Errorf("%d moves named %s, %d of %s; want both:\n%s", named, tt.other, plain, tt.turnPlayer, strings.Join(lm.Moves, "\n"))
			}
			if lm.EndTurn == slices.Contains(lm.Moves, "execute") {
				t.Errorf("end of turn %v and execute listed %v: exactly one is open", lm.EndTurn, !lm.EndTurn)
			}
			legalReplays(t, tt.src, lm)
			var out strings.Builder
			WriteLegal(&out, lm)
			if !strings.HasPrefix(out.String(), fmt.Sprintf("%s to move on turn %d: ", lm.Player, lm.Turn)) {
				t.Errorf("legal prints:\n%s", out.String())
			}
		})
	}
}

// legalOrPanic is Legal, with a panic caught and returned as text.
func legalOrPanic(src string) (lm *LegalMoves, r *Report, panicked string) {
	defer func() {
		if e := recover(); e != nil {
			panicked = fmt.Sprint(e)
		}
	}()
	lm, r = voidGame().Legal("t.void", src, Options{})
	return lm, r, ""
}

// In a seeded transcript's set-up, legal lists the planned set-up: first
// the board line, whose subject is the board word, then each player's.
func TestVoidLegalInTheSeededSetup(t *testing.T) {
	const header = "[Game \"void\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"7\"]\n\n"
	const board = "board: sector North Forest Lake, sector Middle Ruins, sector South Dunes Marsh\n"
	t.Run("the board line", func(t *testing.T) {
		lm, r, panicked := legalOrPanic(header)
		if panicked != "" {
			t.Fatal("panicked: " + panicked)
		}
		if lm == nil {
			t.Fatalf("no legal moves:\n%s", ReportText(r))
		}
		if lm.Player != grammar.VoidBoard || len(lm.Moves) != 1 || lm.Moves[0] != "sector North Forest Lake" {
			t.Errorf("legal = %+v; want the board to declare sector North Forest Lake", lm)
		}
		var out strings.Builder
		WriteLegal(&out, lm)
		if !strings.HasPrefix(out.String(), "board to move on a set-up line (board: ...): 1 legal move\n  sector North Forest Lake\n") {
			t.Errorf("legal prints:\n%s", out.String())
		}
	})
	t.Run("part of the board line", func(t *testing.T) {
		lm, r, panicked := legalOrPanic(header + "board: sector North Forest Lake\n")
		if panicked != "" {
			t.Fatal("panicked: " + panicked)
		}
		if lm == nil || lm.Player != grammar.VoidBoard || len(lm.Moves) != 1 || lm.Moves[0] != "sector Middle Ruins" {
			t.Errorf("legal = %+v; want the board to declare sector Middle Ruins:\n%s", lm, ReportText(r))
		}
	})
	t.Run("after the board line", func(t *testing.T) {
		src := header + board
		lm, r, panicked := legalOrPanic(src)
		if panicked != "" {
			t.Fatalf("legal panics: %s", panicked)
		}
		if lm == nil {
			t.Fatalf("no legal moves:\n%s", ReportText(r))
		}
		if lm.Player != "Ann" || len(lm.Moves) != 1 || lm.Moves[0] != "energy 3" {
			t.Errorf("legal = %+v; want Ann to declare energy 3", lm)
		}
		if r := voidGame().Check("t.void", src+"Ann: "+lm.Moves[0]+"\n", Options{}); r.ExitCode() != 0 {
			t.Errorf("the listed set-up move is refused:\n%s", ReportText(r))
		}
	})
}

// A win the rules did not reach (no life fell to 0) is the players' record
// in Void; a recorded result that contradicts the one the rules derive
// disagrees.
func TestVoidRecordedWins(t *testing.T) {
	const head = `[Game "void"]
[Players "Ann" "Ben"]

board: sector North Forest, sector Middle Ruins, sector South Dunes
Ann: energy 5, income 2, hand Flux Raider
Ben: energy 3, income 2, life 2, hand Wall Drain

`
	const won = "1. Ann: play Flux Ben pick 2, execute\n" // Ben's life falls to 0
	const open = "1. Ann: play Raider Middle, execute\n"  // no life falls
	const derived = "Ann wins on turn 1: Ben's life fell to 0"
	tests := []struct {
		name, turns, result   string
		exit                  int
		outcome, text, record string
	}{
		{"derived, agreeing", won, "result: Ann wins", 0, "Ann wins", derived, "Ann wins (agrees)"},
		{"derived, no result line", won, "", 0, "Ann wins", derived, ""},
		{"derived, another winner", won, "result: Ben wins", 1, "Ann wins", derived, "Ben wins (disagrees)"},
		{"derived, a resignation", won, "result: Ben resigns", 1, "Ann wins", derived, "Ben resigns (disagrees)"},
		{"derived, a draw", won, "result: draw", 1, "Ann wins", derived, "draw (disagrees)"},
		{"derived, unfinished", won, "result: unfinished", 1, "Ann wins", derived, "unfinished (disagrees)"},
		{"not derived, Ann", open, "result: Ann wins", 0, "Ann wins", "Ann wins after turn 1, as recorded",
			"Ann wins (recorded, not derived from the rules)"},
		{"not derived, Ben", open + "2. Ben:\n", "result: Ben wins", 0, "Ben wins", "Ben wins after turn 2, as recorded",
			"Ben wins (recorded, not derived from the rules)"},
		{"not derived, unfinished", open, "result: unfinished", 0, "unfinished", "unfinished: Ben to move on turn 2", "unfinished (agrees)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := head + tt.turns + tt.result + "\n"
			r := voidGame().Check("t.void", src, Options{})
			if r.ExitCode() != tt.exit || r.Outcome != tt.outcome || r.Result != tt.text || r.Recorded != tt.record {
				t.Errorf("exit %d outcome %q result %q recorded %q; want %d %q %q %q:\n%s",
					r.ExitCode(), r.Outcome, r.Result, r.Recorded, tt.exit, tt.outcome, tt.text, tt.record, ReportText(r))
			}
			if tt.exit == 1 {
				if len(r.Diagnostics) != 1 || r.Diagnostics[0].Severity != Mismatch || !sameSpan(r.Diagnostics[0].Span, spanOf(src, tt.result)) ||
					!strings.Contains(r.Diagnostics[0].Msg, "disagrees with the rules: "+derived) {
					t.Errorf("diagnostics %v; want one disagreement at %q", diagnosticLines(r.Diagnostics), tt.result)
				}
			}
			if tt.record != "" && !regexp.MustCompile(`(?m)^  recorded +`+regexp.QuoteMeta(tt.record)+`$`).MatchString(ReportText(r)) {
				t.Errorf("the report has no recorded row %q:\n%s", tt.record, ReportText(r))
			}
		})
	}
}

// The report's seed row: Void shuffles nothing, so no seed is "none"; a
// game whose deck is shuffled says the draws are written instead.
func TestVoidSeedRow(t *testing.T) {
	tests := []struct {
		name      string
		g         Game
		src, want string
	}{
		{"void", voidGame(), voidSetup + voidTurn1, "none"},
		{"void with a seed", voidGame(), strings.Replace(voidSetup, "\n\n", "\n[Seed \"7\"]\n\n", 1) + voidTurn1, "7"},
		{"sortie", sortieGame(), "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n\n1. Ann:\n", "none: the draws are written"},
		{"sortie with a seed", sortieGame(), "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"2026\"]\n\n1. Ann:\n", "2026"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.g.Check("t", tt.src, Options{})
			if r.ExitCode() != 0 {
				t.Fatalf("exit %d:\n%s", r.ExitCode(), ReportText(r))
			}
			if !regexp.MustCompile(`(?m)^  seed +` + regexp.QuoteMeta(tt.want) + `$`).MatchString(ReportText(r)) {
				t.Errorf("the seed row is not %q:\n%s", tt.want, ReportText(r))
			}
		})
	}
}

// A player named like the board word is that player: their set-up line is
// theirs, and a sector on it is refused as a player's, an impossible
// position at the sector.
func TestVoidPlayerNamedLikeTheBoard(t *testing.T) {
	src := "[Game \"void\"]\n[Players \"board\" \"Ben\"]\n\nboard: sector North\n"
	r := voidGame().Check("t.void", src, Options{})
	errs := diagnosticsOf(r, Error, Illegal, Internal)
	if r.ExitCode() != 2 || len(errs) != 1 || !sameSpan(errs[0].Span, spanOf(src, "sector North")) ||
		!strings.HasPrefix(errs[0].Msg, "impossible position: sectors are declared on the board line") {
		t.Errorf("exit %d; want the sector refused as player board's, an impossible position:\n%s", r.ExitCode(), ReportText(r))
	}
}

// Random Void games parse, check clean with the result the generator
// reached, and hold answers by both players: moves written with the name
// of the player whose turn it is not.
func TestVoidRandomGamesAnswer(t *testing.T) {
	const games = 50
	answers := map[string]int{} // by the answering player
	for seed := uint64(1); seed <= games; seed++ {
		text, outcome := randomGame(voidGame(), seed)
		p := grammar.Void.Parse("random.void", text)
		if len(p.Errors) > 0 {
			t.Errorf("seed %d: syntax errors %v:\n%s", seed, p.Errors, text)
			continue
		}
		r := voidGame().Check("random.void", text, Options{})
		if r.ExitCode() != 0 || r.Outcome != outcome {
			t.Errorf("seed %d: generator says %q, check says %q (exit %d):\n%s", seed, outcome, r.Outcome, r.ExitCode(), ReportText(r))
		}
		boardLine := false
		for _, st := range p.File.Statements {
			if st.Setup != nil && st.Setup.Player.Text() == grammar.VoidBoard {
				boardLine = true
			}
			if st.Turn == nil {
				continue
			}
			for _, mv := range st.Turn.Moves {
				m := mv.(*grammar.VoidMove)
				a := m.Actor()
				if a == nil {
					continue
				}
				if _, ok := m.Action.(*grammar.VoidExecute); ok {
					t.Errorf("seed %d, turn %d: execute written with a name: %s", seed, st.Turn.Number, m)
				}
				if a.Text() == st.Turn.Player.Text() {
					t.Errorf("seed %d, turn %d: the turn's own player is named: %s", seed, st.Turn.Number, m)
				}
				answers[a.Text()]++
			}
		}
		if !boardLine {
			t.Errorf("seed %d: no board line:\n%s", seed, text)
		}
	}
	for _, p := range []string{"Ann", "Ben"} {
		if answers[p] == 0 {
			t.Errorf("in %d random games %s never answers in the other's turn (answers: %v)", games, p, answers)
		}
	}
}

// A card the catalogue lacks, on a set-up line, is an impossible position
// said in the rules' words, at the declaration.
func TestVoidUnknownCardOnASetupLine(t *testing.T) {
	for _, move := range []string{"hand Scout Nope", "field Nope North"} {
		t.Run(move, func(t *testing.T) {
			src := "[Game \"void\"]\n[Players \"Ann\" \"Ben\"]\n\nboard: sector North\nAnn: " + move + "\n"
			r := voidGame().Check("t.void", src, Options{})
			if r.ExitCode() != 2 || len(r.Diagnostics) != 1 || r.Diagnostics[0].Severity != Error || !sameSpan(r.Diagnostics[0].Span, spanOf(src, move)) {
				t.Fatalf("exit %d; want one impossible position at %q:\n%s", r.ExitCode(), move, ReportText(r))
			}
			msg := strings.TrimPrefix(r.Diagnostics[0].Msg, "impossible position: ")
			if msg == r.Diagnostics[0].Msg {
				t.Errorf("not said to be an impossible position: %s", msg)
			}
			if strings.HasPrefix(msg, "internal error") {
				t.Fatalf("a card not in the catalogue is reported as %s", msg)
			}
			if !strings.Contains(msg, "Nope") || !strings.Contains(msg, "ruling V1") {
				t.Errorf("the message does not name the card: %s", msg)
			}
		})
	}
}
