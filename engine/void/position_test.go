package void

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// fromPosition makes a new game of s's cards, variants and players, seeded
// as opts says, and sets it up from pos as the referee does: each line's
// moves applied for its subject, then StartAt.
func fromPosition(t testing.TB, cs *Cards, opts engine.Options, pos engine.Position) *State {
	t.Helper()
	st, err := Game{Cards: cs}.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for _, line := range pos.Lines {
		for _, m := range line.Moves {
			if err := s.Apply(line.Subject, m); err != nil {
				t.Fatalf("position line of %s, %s: %v\n%s", who(line.Subject), moveText(m), err, positionText(pos))
			}
		}
	}
	if err := s.StartAt(pos.Turn, pos.Player); err != nil {
		t.Fatalf("StartAt(%d, %s): %v\n%s", pos.Turn, who(pos.Player), err, positionText(pos))
	}
	if err := s.Begin(); err != nil {
		t.Fatalf("Begin after StartAt(%d, %s): %v\n%s", pos.Turn, who(pos.Player), err, positionText(pos))
	}
	return s
}

// positionText writes a position as a transcript would, for messages.
func positionText(pos engine.Position) string {
	var b strings.Builder
	for _, line := range pos.Lines {
		subject := "board"
		if line.Subject >= 0 {
			subject = who(line.Subject)
		}
		var moves []string
		for _, m := range line.Moves {
			moves = append(moves, strings.TrimPrefix(moveText(m), "set-up line: "))
		}
		fmt.Fprintf(&b, "%s: %s\n", subject, strings.Join(moves, ", "))
	}
	fmt.Fprintf(&b, "%d. %s:\n", pos.Turn, who(pos.Player))
	return b.String()
}

// errText is an error's text, "" for none, to compare two answers.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestPositionPlaysOn plays random games and, at the start of several of
// their turns, writes the position, sets a new game up from it and plays
// the rest of the game in both: at every step they list the same legal
// moves, give the same answers to a sample of other moves, show the same
// state, and end alike. The position the new game writes is the one it
// was set up from.
func TestPositionPlaysOn(t *testing.T) {
	games, perGame := 40, 3
	if testing.Short() {
		games = 10
	}
	catalogues := []*Cards{defaultCards(t), cards(t)}
	compared, steps, ended := 0, 0, 0
	for g := range games {
		seed := uint64(4400 + g)
		cs := catalogues[g%2]
		opts := engine.Options{Players: players, Seeded: true, Seed: seed, Variants: randomVariants[g%len(randomVariants)]}
		s := newSeeded(t, cs, seed, opts.Variants)
		rng := shuffle.New(seed)
		// Play the game out, keeping the state at the start of each turn
		// (turn 0: the set-up, written) and the moves made from there.
		type start struct {
			state *State
			at    int
		}
		var starts []start
		var played []move
		var legals [][]engine.Move // Legal's list where each of played was made
		for step := 0; step < 400 && !s.Outcome().Over; step++ {
			moves := s.Legal()
			if len(moves) == 0 {
				t.Fatalf("seed %d: no legal move", seed)
			}
			m := moves[rng.Intn(len(moves))]
			p := mover(s, m)
			if by, ok := m.(engine.By); ok {
				m = by.Move
			}
			_, setup := m.(engine.OnSetupLine)
			fresh := len(played) > 0 && played[len(played)-1].m == engine.Move(engine.EndTurn{})
			if fresh || s.Turn() == 0 && !setup {
				starts = append(starts, start{s.clone(), len(played)})
			}
			if err := s.Apply(p, m); err != nil {
				t.Fatalf("seed %d: %s by %s: %v", seed, moveText(m), who(p), err)
			}
			played = append(played, move{p, m})
			legals = append(legals, moves)
		}
		if s.Outcome().Over {
			ended++
		}
		// The first turn's start, and others at random.
		chosen := starts[:min(1, len(starts))]
		for range perGame - 1 {
			if len(starts) > 1 {
				chosen = append(chosen, starts[1+rng.Intn(len(starts)-1)])
			}
		}
		for _, st := range chosen {
			orig := st.state.clone()
			pos := orig.Position()
			if orig.Turn() == 0 {
				if err := orig.Begin(); err != nil {
					t.Fatalf("seed %d: Begin: %v", seed, err)
				}
			}
			copy := fromPosition(t, cs, opts, pos)
			fail := func(step int, format string, args ...any) {
				t.Helper()
				t.Fatalf("seed %d, from turn %d, step %d: %s\nposition:\n%s\noriginal:\n%s\nfrom the position:\n%s",
					seed, pos.Turn, step, fmt.Sprintf(format, args...), positionText(pos), snapshot(orig), snapshot(copy))
			}
			if again := copy.Position(); !reflect.DeepEqual(again, pos) {
				fail(0, "the new game writes another position:\n%s", positionText(again))
			}
			compared++
			for i, mv := range played[st.at:] {
				steps++
				if !show(orig).same(show(copy)) {
					fail(i, "the states differ")
				}
				// The game's legal moves are those it listed when it was
				// played, the same positions; but a start in the set-up is
				// begun before its first move, which the game was not.
				var a []string
				if i > 0 || st.state.Turn() > 0 {
					a = movesTexts(orig, legals[st.at+i])
				} else {
					a = legalTexts(orig)
				}
				if b := legalTexts(copy); !slices.Equal(a, b) {
					fail(i, "legal moves differ:\n%q\n%q", a, b)
				}
				pm := plausibleMoves(orig)
				for range 2 {
					other := pm.random(rng)
					a, b := orig.clone().Apply(other.p, other.m), copy.clone().Apply(other.p, other.m)
					if errText(a) != errText(b) {
						fail(i, "%s by %s: %v, and from the position: %v", moveText(other.m), who(other.p), a, b)
					}
				}
				if err := copy.Apply(mv.p, mv.m); err != nil {
					fail(i, "%s by %s is refused from the position: %v", moveText(mv.m), who(mv.p), err)
				}
				if err := orig.Apply(mv.p, mv.m); err != nil {
					fail(i, "%s by %s: %v", moveText(mv.m), who(mv.p), err)
				}
			}
			if !show(orig).same(show(copy)) {
				fail(len(played)-st.at, "the games end apart")
			}
			if orig.Outcome() != copy.Outcome() {
				fail(len(played)-st.at, "outcomes %+v and %+v", orig.Outcome(), copy.Outcome())
			}
		}
	}
	t.Logf("%d positions played on for %d steps; %d of %d games ended", compared, steps, ended, games)
	if compared < games {
		t.Errorf("only %d positions compared", compared)
	}
}

// TestPositionAtTurnStart checks what a position writes at the start of a
// turn and what StartAt begins: the energy before the turn's income (one
// that stopped at 999 too), the damage and order of the cards in play, the
// caches, and a first turn of any number and either player's.
func TestPositionAtTurnStart(t *testing.T) {
	s := table{
		ann: "energy 998, income 5, life 7, hand Scout Shock, field Raider North, field Extractor Forest",
		ben: "energy 1, income 2, hand Drain, cache Shock Quake, field Wall Middle damage 3",
	}.open(t)
	setUp(t, s, ann, Field{Card: "Scout", Target: "South"})
	if err := s.StartAt(12, ben); err != nil {
		t.Fatal(err)
	}
	checkTurn(t, s, 12, ben)
	checkEnergy(t, s, ben, 3)
	checkEnergy(t, s, ann, 998)
	checkField(t, s, "Ann Raider North | Ann Extractor Forest | Ben Wall Middle damage 3 | Ann Scout South")
	checkCache(t, s, ben, "Shock Quake")
	want := `board: sector North Forest Lake, sector Middle Ruins, sector South Dunes Marsh
Ann: energy 998, income 5, life 7, hand Scout Shock, field Raider North, field Extractor Forest
Ben: energy 1, income 2, hand Drain, cache Shock Quake, field Wall Middle damage 3
Ann: field Scout South
12. Ben:
`
	if got := positionText(s.Position()); got != want {
		t.Errorf("position:\n%s\nwant:\n%s", got, want)
	}
	// Ann's turn: her income and the Extractor's take her to 999; the
	// position writes an energy that they take to 999 again.
	run(t, s, "end")
	checkEnergy(t, s, ann, 999)
	pos := s.Position()
	if pos.Turn != 13 || pos.Player != ann {
		t.Errorf("position at turn %d, %s's; want 13, Ann's", pos.Turn, who(pos.Player))
	}
	// Turn 1 is the first player's, whatever the line says (ruling V5).
	first := table{ann: "energy 1, income 1", ben: "energy 1, income 1"}.open(t)
	if err := first.StartAt(1, ben); err != nil {
		t.Fatal(err)
	}
	checkTurn(t, first, 1, ann)
	checkEnergy(t, first, ann, 2)
	checkEnergy(t, first, ben, 1)
	again := fromPosition(t, cards(t), engine.Options{Players: players}, pos)
	checkEnergy(t, again, ann, 999)
	if a, b := snapshot(s), snapshot(again); a != b {
		t.Errorf("from the position:\n%s\nwant:\n%s", b, a)
	}
}

// TestPositionImpossible sets up positions that cannot be, each refused
// with a ruling and a message naming what is impossible: by the
// declaration that cannot stand, or by StartAt.
func TestPositionImpossible(t *testing.T) {
	tests := []struct {
		name         string
		tb           table
		turn, player int
		want         verdict
		what         string
	}{
		{"no sector", table{board: none, ann: "energy 1"}, 5, ann,
			ruled("V2", rulingBoardFirst), "the set-up declares no sector: write a board line, as in board: sector North Forest"},
		{"a name twice", table{board: "sector North Forest, sector South Forest"}, 1, ann,
			ruled("V3", rulingNames), "the name Forest is taken"},
		{"a card not in the catalogue", table{ann: "hand Scout Dragon"}, 1, ann,
			ruled("V1", rulingCatalogue), "the catalogue has no card Dragon"},
		{"a cached card not in the catalogue", table{ben: "cache Shock Dragon"}, 1, ann,
			ruled("V1", rulingCatalogue), "the catalogue has no card Dragon"},
		{"a tactic in play", table{ann: "field Shock North"}, 1, ann,
			ruled("V1", rulingSetupLine), "a tactic does not stay in play"},
		{"a unit in no sector", table{ann: "field Scout Nowhere"}, 1, ann,
			ruled("V15", rulingDeclare), "Scout goes on a sector, and there is no sector Nowhere"},
		{"void energy past 999", table{ann: "energy 1000"}, 1, ann,
			ruled("V4", rulingStop), "void energy 1000 is past 999"},
		{"income past 999", table{ben: "income 5000"}, 1, ann,
			ruled("V4", rulingStop), "income 5000 is past 999"},
		{"life past 999", table{ann: "life 1000"}, 1, ann,
			ruled("V4", rulingStop), "life 1000 is past 999"},
		{"life 0", table{ann: "life 0"}, 1, ann,
			ruled("V1", rulingSetupLine), "life is declared as 1 or more"},
		{"damage that destroys its unit", table{ben: "field Wall Middle damage 4"}, 1, ann,
			ruled("V26", rulingDestroyed), "Wall has health 4, and 4 damage would have destroyed it"},
		{"damage on a modification", table{ann: "field Extractor Forest damage 1"}, 1, ann,
			ruled("V26", rulingDamage), "Extractor is a modification, and only a unit takes damage"},
		{"turn 0", table{ann: "energy 1"}, 0, ann,
			ruled("V34", rulingPosition), "turn 0: turns count from 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := Game{Cards: cards(t)}.New(engine.Options{Players: players})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			board := tt.tb.board
			if board == "" {
				board = defaultBoard
			}
			type line struct {
				who  int
				text string
			}
			lines := []line{{ann, tt.tb.ann}, {ben, tt.tb.ben}}
			if board != none {
				lines = append([]line{{engine.Nobody, board}}, lines...)
			}
			for _, l := range lines {
				for _, m := range setupMoves(t, l.text) {
					before, shown := s.clone(), show(s)
					if err := s.Apply(l.who, engine.OnSetupLine{Move: m}); err != nil {
						checkWhat(t, quotes.Refused(t, err, moveText(m), who(l.who), tt.want), tt.what)
						checkUnchanged(t, s, before, shown, moveText(m))
						return
					}
				}
			}
			// What no declaration refuses, StartAt refuses itself, at the
			// first turn line, before anything changes: the referee calls
			// Begin only on a position that StartAt accepted.
			before, shown := s.clone(), show(s)
			err = s.StartAt(tt.turn, tt.player)
			v := quotes.Refused(t, err, fmt.Sprintf("StartAt(%d)", tt.turn), who(tt.player), tt.want)
			checkWhat(t, v, tt.what)
			checkUnchanged(t, s, before, shown, "StartAt")
		})
	}
}
