package mecha

import (
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/mecha"
	"github.com/tabletop-referee/referee/engine/shuffle"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee"
	"github.com/tabletop-referee/referee/referee/catalogue"
)

// describeAsBefore is mechaDescribe as it was, each part a string of its
// own.
func describeAsBefore(st engine.State, players []string) []referee.Row {
	s := st.(*mecha.State)
	// The board is written into one buffer, unit after unit, where a
	// Sprintf and a join a unit took a fifth of the description's time.
	var board []byte
	unit := func() []byte {
		if len(board) > 0 {
			board = append(board, ", "...)
		}
		return board
	}
	for rank := mecha.Board.Ranks - 1; rank >= 0; rank-- {
		for file := 0; file < mecha.Board.Files; file++ {
			sq := grid.Square{File: file, Rank: rank}
			u := s.UnitAt(sq)
			if u == nil {
				continue
			}
			board = append(unit(), sq.String()...)
			board = append(append(board, ' '), players[u.Owner]...)
			board = append(append(board, ' '), grammar.MechaName(u.Card.Name).String()...)
			board = strconv.AppendInt(append(board, ' '), int64(u.Power()), 10)
			board = strconv.AppendInt(append(board, '/'), int64(u.Durability), 10)
			switch {
			case u.Armour > 0 && u.Pilot != nil:
				board = strconv.AppendInt(append(board, " (armour "...), int64(u.Armour), 10)
				board = append(append(board, ", pilot "...), grammar.MechaName(u.Pilot.Name).String()...)
				board = append(board, ')')
			case u.Armour > 0:
				board = strconv.AppendInt(append(board, " (armour "...), int64(u.Armour), 10)
				board = append(board, ')')
			case u.Pilot != nil:
				board = append(append(board, " (pilot "...), grammar.MechaName(u.Pilot.Name).String()...)
				board = append(board, ')')
			}
		}
	}
	// Each player's placed commands, in the order placed: a position
	// declares them a player at a time (engine/mecha/position.go).
	placed := s.Placed()
	slices.SortStableFunc(placed, func(a, b mecha.PlacedCommand) int { return a.Owner - b.Owner })
	for _, pc := range placed {
		board = fmt.Appendf(unit(), "%v %s %s (time %d)", pc.At, players[pc.Owner], grammar.MechaName(pc.Card.Name), pc.Time)
	}
	if len(board) == 0 {
		board = append(board, "empty"...)
	}
	each := func(f func(p int) string) string { return referee.PerPlayer(players, f) }
	names := func(cards []string) string { return referee.NameList(cards, grammar.MechaName.String) }
	return []referee.Row{
		{Name: "board", Value: string(board)},
		{Name: "bandwidth", Value: each(func(p int) string {
			provided, used := s.Bandwidth(p)
			return strconv.Itoa(used) + " of " + strconv.Itoa(provided) + " used"
		})},
		{Name: "hands", Value: each(func(p int) string { return names(s.Hand(p)) })},
		{Name: "decks", Value: each(func(p int) string { return referee.Plural(s.DeckSize(p), "card") })},
		{Name: "damage", Value: each(func(p int) string { return names(s.DamageZone(p)) })},
		{Name: "graveyard", Value: each(func(p int) string { return names(s.Graveyard(p)) })},
	}
}

// playedStates plays random games of the default catalogue, seeded and
// not, and gives the last state of each, and with along every seventh
// state before it.
func playedStates(tb testing.TB, games int, along bool) []engine.State {
	tb.Helper()
	cat, _, errs, _ := catalogue.Read("mecha.cards", mechaCatalogue)
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	game, _, _ := loadMecha(cat)
	var states []engine.State
	for seed := range uint64(games) {
		st, err := game.New(engine.Options{Players: []string{"Ann", "Ben"}, Seeded: seed%4 != 0, Seed: seed})
		if err != nil {
			tb.Fatal(err)
		}
		rng := shuffle.New(seed)
		for n := 0; n < 600 && !st.Outcome().Over; n++ {
			if along && n%7 == 0 {
				states = append(states, st.Clone())
			}
			moves := append(st.Legal(), engine.EndTurn{})
			if err := st.Apply(st.ToMove(), moves[rng.Uint64()%uint64(len(moves))]); err != nil {
				st.Apply(st.ToMove(), engine.EndTurn{})
			}
		}
		states = append(states, st)
	}
	return states
}

// TestDescribeAsBefore holds mechaDescribe to describeAsBefore, row for
// row, on states of random games, with player names that need quotes.
func TestDescribeAsBefore(t *testing.T) {
	for i, st := range playedStates(t, 40, true) {
		players := []string{"Ann", "Ben"}
		if i%2 == 1 {
			players = []string{"Ann Lee", `B"en`}
		}
		got, want := mechaDescribe(st, players), describeAsBefore(st, players)
		if !slices.Equal(got, want) {
			t.Fatalf("state %d:\n%v\nwant\n%v", i, got, want)
		}
	}
}

// TestAppendNameAsString holds appendName to MechaName.String.
func TestAppendNameAsString(t *testing.T) {
	for _, name := range []string{"Scout", "Radio Tower", "?", "scout", "Jason \"The Looks\" Brannan", "Ä", "É1", "A_b'", "", "x\ty", "Zoë"} {
		if got, want := string(appendName(nil, name)), grammar.MechaName(name).String(); got != want {
			t.Errorf("appendName(%q) = %s, want %s", name, got, want)
		}
	}
}

// TestAppendSquareAsString holds appendSquare to grid.Square.String on
// every square of the board.
func TestAppendSquareAsString(t *testing.T) {
	for i := range mecha.Board.Size() {
		sq := mecha.Board.Square(i)
		if got := string(appendSquare(nil, sq)); got != sq.String() {
			t.Errorf("appendSquare(%v) = %s", sq, got)
		}
	}
}

// BenchmarkDescribe describes the final states of random games, as a
// check does.
func BenchmarkDescribe(b *testing.B) {
	states := playedStates(b, 100, false)
	players := []string{"Ann", "Ben"}
	b.ResetTimer()
	for range b.N {
		for _, st := range states {
			mechaDescribe(st, players)
		}
	}
}
