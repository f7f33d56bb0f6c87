package referee

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tabletop-referee/referee/engine"
)

// diagnosticsOf lists a report's diagnostics of the given severities.
func diagnosticsOf(r *Report, sevs ...Severity) []Diagnostic {
	var out []Diagnostic
	for _, d := range r.Diagnostics {
		for _, s := range sevs {
			if d.Severity == s {
				out = append(out, d)
			}
		}
	}
	return out
}

// An illegal move written before a move of a random game and marked as
// taken back, with or without a penalty, changes nothing but the ruling
// it records: the referee checks the same game to the same result, and
// reports the move as a recorded ruling at its place, not as an error.
func TestIllegalMoveTakenBack(t *testing.T) {
	t.Parallel()
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			var inserted atomic.Int64
			errs := forSeeds(corruptedGames(), func(seed uint64) (errs []string) {
				text, _ := randomGame(g, seed)
				path := fmt.Sprintf("random-%d%s", seed, g.Extension())
				// A move, not a declaration: a position cannot be taken back
				// (TestCorrectedDeclaration).
				s, ok := g.(corruptor).corrupt(path, text, seed, spoiling{moves: true})
				if !ok {
					return nil
				}
				at, now := s.at, s.now
				inserted.Add(1)
				kind := "taken back"
				if seed%2 == 1 {
					kind = "penalty"
				}
				src := text[:at.Start.Offset] + now + " (" + kind + "), " + text[at.Start.Offset:]
				clean := g.Check(path, text, Options{})
				r := g.Check(path, src, Options{})
				notes := diagnosticsOf(r, Note)
				fail := func(why string) {
					errs = append(errs, fmt.Sprintf("seed %d: %q (%s) written at %d:%d: %s:\n%s", seed, now, kind, at.Start.Line, at.Start.Column, why, ReportText(r)))
				}
				switch {
				case r.ExitCode() != 0:
					fail(fmt.Sprintf("exit %d, want 0", r.ExitCode()))
				case r.Outcome != clean.Outcome || r.Result != clean.Result:
					fail(fmt.Sprintf("result %q, want the game's own %q", r.Result, clean.Result))
				case len(notes) != 1 || notes[0].Span.Start != at.Start:
					fail("want one note, at the move")
				case !strings.HasPrefix(notes[0].Msg, "recorded ruling: illegal move taken back"):
					fail("the note does not record an illegal move taken back")
				case r.Rulings != 1 || r.Moves != clean.Moves+1:
					fail(fmt.Sprintf("%d rulings and %d moves, want 1 and %d", r.Rulings, r.Moves, clean.Moves+1))
				case kind == "penalty" && strings.Contains(notes[0].Msg, "with no player to take the penalty"):
					// A move of Void's board line: no one's to be penalised.
					if r.Penalties != nil || !strings.HasPrefix(now, "sector ") {
						fail(fmt.Sprintf("penalties %v for a move of no player", r.Penalties))
					}
				case kind == "penalty" && (r.Penalties == nil || sum(r.Penalties) != 1):
					fail(fmt.Sprintf("penalties %v, want one", r.Penalties))
				case kind != "penalty" && r.Penalties != nil:
					fail(fmt.Sprintf("penalties %v, want none", r.Penalties))
				}
				return errs
			})
			for _, e := range errs {
				t.Error(e)
			}
			if n := inserted.Load(); n < int64(corruptedGames()/2) {
				t.Errorf("only %d of %d games took an illegal move", n, corruptedGames())
			}
		})
	}
}

// A move of a random game replaced by an illegal one that the players let
// stand is carried out as far as a hand could (engine.Forcer), and the
// rest of the game is checked from there. The engine, asked at that place,
// judges whether the move can be made at all; the referee must give its
// verdict at the move: a recorded ruling, or an illegal move that cannot
// be let stand. Nothing before it is reported, and the engine never
// fails, however odd the position the forced move makes.
func TestIllegalMoveLetStand(t *testing.T) {
	t.Parallel()
	forceable := func(want bool) func(engine.State, int, engine.Move) bool {
		return func(before engine.State, mover int, m engine.Move) bool {
			f, ok := before.Clone().(engine.Forcer)
			return ok && (f.Force(mover, m) == nil) == want
		}
	}
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			var forced, refused atomic.Int64
			errs := forSeeds(corruptedGames(), func(seed uint64) (errs []string) {
				text, _ := randomGame(g, seed)
				path := fmt.Sprintf("random-%d%s", seed, g.Extension())
				for _, force := range []bool{true, false} {
					// A move, not a declaration: a position cannot be let stand
					// (TestCorrectedDeclaration).
					s, ok := g.(corruptor).corrupt(path, text, seed, spoiling{want: forceable(force), moves: true})
					if !ok {
						continue
					}
					at, now := s.at, s.now
					src := text[:at.Start.Offset] + now + " (let stand)" + text[at.End.Offset:]
					r := g.Check(path, src, Options{KeepGoing: true})
					fail := func(why string) {
						errs = append(errs, fmt.Sprintf("seed %d: %q let stand at %d:%d: %s:\n%s", seed, now, at.Start.Line, at.Start.Column, why, ReportText(r)))
					}
					if bad := diagnosticsOf(r, Error, Internal); len(bad) > 0 {
						fail("an error or a fault")
						continue
					}
					if len(r.Diagnostics) == 0 || r.Diagnostics[0].Span.Start != at.Start {
						fail("want the first diagnostic at the move")
						continue
					}
					first := r.Diagnostics[0]
					switch {
					case force && first.Severity == Note && strings.HasPrefix(first.Msg, "recorded ruling: illegal move let stand: "):
						forced.Add(1)
					case !force && first.Severity == Illegal && strings.Contains(first.Msg, "; it cannot be let stand: "):
						refused.Add(1)
					default:
						fail(fmt.Sprintf("want the engine's verdict (forced: %v)", force))
					}
				}
				return errs
			})
			for _, e := range errs {
				t.Error(e)
			}
			// Both verdicts must be met, or the test proves little.
			if forced.Load() < int64(corruptedGames()/10) || refused.Load() < int64(corruptedGames()/10) {
				t.Errorf("only %d moves let stand and %d refused, of %d games", forced.Load(), refused.Load(), corruptedGames())
			}
			t.Logf("%d let stand, %d refused", forced.Load(), refused.Load())
		})
	}
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// A move of Void's board line is no player's: taken back with a penalty,
// it is a ruling with no one to penalise, not a failure. The board line's
// sectors are declarations, which no correction stands after
// (TestCorrectedDeclaration): the move is one the engine refuses there.
func TestBoardLinePenalty(t *testing.T) {
	src, err := os.ReadFile("../examples/void/advance.void")
	if err != nil {
		t.Fatal(err)
	}
	const sector = "sector Middle Ruins"
	text := strings.Replace(string(src), sector, sector+", execute (penalty)", 1)
	r := voidGame().Check("advance.void", text, Options{})
	notes := diagnosticsOf(r, Note)
	if r.ExitCode() != 0 || len(notes) != 1 || !strings.Contains(notes[0].Msg, "taken back, with no player to take the penalty") || r.Penalties != nil {
		t.Errorf("exit %d, penalties %v:\n%s", r.ExitCode(), r.Penalties, ReportText(r))
	}
}

// A position says what is on the table; it is not a move. A correction
// after one of its declarations, whatever the players wrote, is an error
// at the correction, which says so, and the game is not replayed: no
// ruling is recorded and no penalty given.
func TestCorrectedDeclaration(t *testing.T) {
	src, err := os.ReadFile("../examples/void/advance.void")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		declaration, correction, cannot string
	}{
		{"sector Middle Ruins", "(taken back)", "take back"},
		{"sector Middle Ruins", "(penalty)", "take back with a penalty"},
		{"sector Middle Ruins", "(let stand)", "let stand"},
		{"energy 0", "(penalty)", "take back with a penalty"},
		{"field Scout North", "(let stand)", "let stand"},
		// A correction the rules would have had no ground for is no
		// better: the declaration is legal.
		{"life 5", "(taken back)", "take back"},
	}
	for _, tt := range tests {
		t.Run(tt.declaration+" "+tt.correction, func(t *testing.T) {
			text := strings.Replace(string(src), tt.declaration, tt.declaration+" "+tt.correction, 1)
			r := voidGame().Check("advance.void", text, Options{})
			errs := diagnosticsOf(r, Error, Illegal, Internal, Note)
			if r.ExitCode() != 2 || len(errs) != 1 || errs[0].Severity != Error || !sameSpan(errs[0].Span, spanOf(text, tt.correction)) {
				t.Fatalf("exit %d; want one error at %s:\n%s", r.ExitCode(), tt.correction, ReportText(r))
			}
			if msg := errs[0].Msg; !strings.HasPrefix(msg, tt.correction+" after a declaration: ") || !strings.Contains(msg, "is not a move to "+tt.cannot+";") {
				t.Errorf("the error does not say the declaration cannot be corrected: %s", msg)
			}
			if r.Result != "not replayed: a declaration corrected" || r.Rulings != 0 || r.Penalties != nil || r.Illegal != 0 {
				t.Errorf("result %q, %d rulings, penalties %v, %d illegal; want not replayed, none:\n%s", r.Result, r.Rulings, r.Penalties, r.Illegal, ReportText(r))
			}
		})
	}
}
