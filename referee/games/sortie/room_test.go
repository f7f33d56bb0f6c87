package sortie

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
	"github.com/tabletop-referee/referee/engine/sortie"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee"
)

// TestDeclarationsRoundTrip: every declaration a position writes, along
// random games under every variant, is notated as the grammar prints it,
// and that text, parsed on a set-up line, gives the same engine move back;
// so a position the referee writes is read as the one it wrote.
func TestDeclarationsRoundTrip(t *testing.T) {
	variants := []map[string]string{nil, {"jokers": "high", "empty": "reshuffle"}, {"firstdraw": "no", "empty": "reshuffle"}}
	kinds := map[string]int{}
	for game := range 12 {
		opts := engine.Options{Seeded: game%2 == 0, Seed: uint64(game), Variants: variants[game%len(variants)], Players: []string{"Ann", "Ben"}}
		st, err := sortie.Game{}.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		rng := shuffle.New(uint64(game))
		for step := 0; step < 400 && !st.Outcome().Over; step++ {
			legal := st.Legal()
			m := legal[rng.Intn(len(legal))]
			if err := st.Apply(st.ToMove(), m); err != nil {
				t.Fatal(err)
			}
			if _, end := m.(engine.EndTurn); !end || st.Outcome().Over {
				continue
			}
			for _, line := range st.(engine.Positioned).Position().Lines {
				subject := "Ann"
				if line.Subject == engine.Nobody {
					subject = "board"
				}
				for _, m := range line.Moves {
					text := sortieNotate(m)
					p := grammar.Sortie.Parse("position.sortie", subject+": "+text)
					if len(p.Errors) > 0 {
						t.Fatalf("%q: %v", text, p.Errors)
					}
					moves := p.File.Statements[0].Setup.Moves
					if len(moves) != 1 || !grammar.Declaration(moves[0]) || moves[0].String() != text {
						t.Fatalf("%q parses as %v", text, moves)
					}
					back := sortieToEngine(nil, moves[0], true)
					if len(back) != 1 || !reflect.DeepEqual(back[0], m) {
						t.Fatalf("%q: the room gives %#v, the position wrote %#v", text, back, m)
					}
					kinds[reflect.TypeOf(m.(engine.OnSetupLine).Move).Name()]++
				}
			}
		}
	}
	if len(kinds) < 6 {
		t.Errorf("declarations written: %v; want every kind", kinds)
	}
}

// TestDeclarationsInATurn: a declaration written in a turn reaches the
// engine unwrapped, which refuses it (the position is declared on set-up
// lines); on a set-up line it comes wrapped.
func TestDeclarationsInATurn(t *testing.T) {
	p := grammar.Sortie.Parse("t.sortie", "Ann: hand 7H\n1. Ann: hand 7H\n")
	if len(p.Errors) > 0 {
		t.Fatal(p.Errors)
	}
	setup := sortieToEngine(nil, p.File.Statements[0].Setup.Moves[0], true)
	turn := sortieToEngine(nil, p.File.Statements[1].Turn.Moves[0], false)
	if _, ok := setup[0].(engine.OnSetupLine); !ok {
		t.Errorf("on a set-up line: %#v", setup)
	}
	if _, ok := turn[0].(sortie.DeclareHand); !ok {
		t.Errorf("in a turn: %#v", turn)
	}
}

// TestHugeCounts: a count too large for an int reaches the engine as
// more cards than the game has, and is refused there.
func TestHugeCounts(t *testing.T) {
	p := grammar.Sortie.Parse("t.sortie", "board: deck 99999999999999999999999, stream 99999999999999999999\n")
	if len(p.Errors) > 0 {
		t.Fatal(p.Errors)
	}
	moves := p.File.Statements[0].Setup.Moves
	deck := sortieToEngine(nil, moves[0], true)[0].(engine.OnSetupLine).Move.(sortie.DeclareDeck)
	stream := sortieToEngine(nil, moves[1], true)[0].(engine.OnSetupLine).Move.(sortie.DeclareStream)
	if deck.Count <= sortie.MaxStream || stream.Numbers <= sortie.MaxStream {
		t.Errorf("deck %d, stream %d", deck.Count, stream.Numbers)
	}
}

// TestPositionRoundTrip: for every Sortie example that checks clean or
// with illegal moves, and random games, the transcript the referee writes
// from the position once turn N has ended, with the rest of the turns
// (referee position FILE --turn N --rest), checks as the original does
// from there: the same result, the same final state, and the same
// illegal moves, each with its message.
func TestPositionRoundTrip(t *testing.T) {
	g, ok := referee.Lookup("sortie")
	if !ok || !g.HasPositions() {
		t.Fatal("sortie is not registered with positions")
	}
	type transcript struct{ path, src string }
	var all []transcript
	paths, err := filepath.Glob("../../../examples/sortie/*.sortie")
	if err != nil || len(paths) < 20 {
		t.Fatalf("examples: %v, %d found", err, len(paths))
	}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, transcript{filepath.Base(p), string(src)})
	}
	for seed := range 12 {
		src, _ := g.Random(uint64(seed))
		all = append(all, transcript{fmt.Sprintf("random-%d.sortie", seed), src})
	}
	compared, wrongPlayer := 0, 0
	for _, tr := range all {
		r := g.Check(tr.path, tr.src, referee.Options{})
		if r.ExitCode() >= 2 || r.Turns < 2 {
			continue
		}
		turns := turnNumbers(tr.src)
		for k, n := range turns[:len(turns)-1] {
			if k%7 != 0 && k != len(turns)-2 {
				continue
			}
			text, pr := g.Position(tr.path, tr.src, referee.Options{}, n, true)
			if text == "" {
				// Only a transcript with an illegal move up to turn n
				// gives no position.
				if r.Illegal == 0 {
					t.Fatalf("%s --turn %d: no position:\n%s", tr.path, n, referee.ReportText(pr))
				}
				continue
			}
			// A turn line written under the name of the player whose turn
			// it is not is illegal after the turn before it, but a
			// position may begin with either player's turn: the rest
			// cannot check alike from there.
			if head, _ := g.Position(tr.path, tr.src, referee.Options{}, n, false); !strings.HasSuffix(head, "\n"+turnHead(tr.src, turns[k+1])+"\n") {
				wrongPlayer++
				continue
			}
			r2 := g.Check(tr.path, text, referee.Options{})
			// A resignation's result counts the turns played, which a
			// position does not all replay ("resigned after turn 3" for
			// turn 4): the referee core's to say, not Sortie's.
			sameResult := r2.Result == r.Result || strings.Contains(r.Result, "resigned after turn")
			if r2.Outcome != r.Outcome || !sameResult || !reflect.DeepEqual(r2.State, r.State) {
				t.Fatalf("%s --turn %d: the position checks to\n%s\nthe transcript to\n%s\nposition:\n%s",
					tr.path, n, referee.ReportText(r2), referee.ReportText(r), text)
			}
			if got, want := illegalMessages(r2, 0), illegalMessages(r, lineOfTurn(tr.src, turns[k+1])); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s --turn %d: illegal moves %q, want %q", tr.path, n, got, want)
			}
			compared++
		}
	}
	t.Logf("%d positions compared, %d before a turn line of the wrong player", compared, wrongPlayer)
	if compared < 100 || wrongPlayer > 3 {
		t.Errorf("%d positions compared, %d before a turn line of the wrong player", compared, wrongPlayer)
	}
}

// turnNumbers lists the numbers of a transcript's turn lines.
func turnNumbers(src string) []int {
	var out []int
	for _, line := range strings.Split(src, "\n") {
		if m := turnLine.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			out = append(out, n)
		}
	}
	return out
}

var turnLine = regexp.MustCompile(`^(\d+)\.`)

// turnHead is turn n's line up to its player's name and colon.
func turnHead(src string, n int) string {
	for _, line := range strings.Split(src, "\n") {
		if strings.HasPrefix(line, strconv.Itoa(n)+".") {
			head, _, _ := strings.Cut(line, ":")
			return head + ":"
		}
	}
	return ""
}

// lineOfTurn is the line turn n's line is on, from 1.
func lineOfTurn(src string, n int) int {
	for i, line := range strings.Split(src, "\n") {
		if strings.HasPrefix(line, strconv.Itoa(n)+".") {
			return i + 1
		}
	}
	return 0
}

// illegalMessages lists the messages of the illegal moves reported from
// line on.
func illegalMessages(r *referee.Report, line int) []string {
	var out []string
	for _, d := range r.Diagnostics {
		if d.Severity == referee.Illegal && d.Span.Start.Line >= line {
			out = append(out, d.Msg)
		}
	}
	return out
}
