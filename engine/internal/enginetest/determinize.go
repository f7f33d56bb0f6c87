package enginetest

import (
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// Determinizing is what a game's test says of its states for
// CheckDeterminize: what a seat sees, what is hidden from it, and the
// whole state.
type Determinizing[S engine.State] struct {
	// View is all that seat sees of s, its legal moves included where it
	// is to move: a determinized copy must show it the same.
	View func(s S, seat int) string
	// Hidden is the cards hidden from seat, in their places: some seed
	// must deal them otherwise, and the same seed alike.
	Hidden func(s S, seat int) string
	// Snapshot is the whole state: Determinize must not change it.
	Snapshot func(s S) string
	// Same, when set, tells two copies dealt from one seed apart beyond
	// their hidden cards (their shuffle sources, say).
	Same func(a, b S) bool
	// Also, when set, checks a copy d of s dealt for seat further (the
	// cards it holds, the legal moves it lists).
	Also func(t *testing.T, d, s S, seat int)
}

// CheckDeterminize deals s again from each seat with a few seeds
// (engine.Determinizer) and checks what every game's copies must keep:
// the seat's view, the game itself untouched, copies alike for one seed,
// and the hidden cards dealt otherwise by some seed. name says which
// game of the test s is.
func (c Determinizing[S]) CheckDeterminize(t *testing.T, name string, s S, seeds int) {
	t.Helper()
	deal := func(seat int, seed uint64) S {
		return any(s).(engine.Determinizer).Determinize(seat, shuffle.New(seed)).(S)
	}
	for seat := range 2 {
		before := c.Snapshot(s)
		changed := false
		for seed := range uint64(seeds) {
			d := deal(seat, seed)
			if a, b := c.View(d, seat), c.View(s, seat); a != b {
				t.Fatalf("%s seat %d seed %d: seat sees\n%s\nwant\n%s", name, seat, seed, a, b)
			}
			if c.Also != nil {
				c.Also(t, d, s, seat)
			}
			if c.Hidden(d, seat) != c.Hidden(s, seat) {
				changed = true
			}
			again := deal(seat, seed)
			if c.Hidden(again, seat) != c.Hidden(d, seat) || (c.Same != nil && !c.Same(again, d)) {
				t.Fatalf("%s seat %d seed %d: two determinizations differ", name, seat, seed)
			}
		}
		if !changed {
			t.Errorf("%s seat %d: no seed dealt the hidden cards otherwise", name, seat)
		}
		if c.Snapshot(s) != before {
			t.Fatalf("%s seat %d: Determinize changed the game", name, seat)
		}
	}
}

// CheckEvaluateOutcome checks an Evaluator on finished games: 1 for the
// winner and -1 for the loser, 0 for both after a draw. ended returns a
// state of the game that winner has won (engine.Nobody: drawn).
func CheckEvaluateOutcome(t *testing.T, ended func(winner int) engine.Evaluator) {
	t.Helper()
	tests := []struct {
		winner int
		want   [2]float64
	}{
		{0, [2]float64{1, -1}},
		{1, [2]float64{-1, 1}},
		{engine.Nobody, [2]float64{0, 0}},
	}
	for _, tt := range tests {
		s := ended(tt.winner)
		for p := range 2 {
			if got := s.Evaluate(p); got != tt.want[p] {
				t.Errorf("winner %d: Evaluate(%d) = %v, want %v", tt.winner, p, got, tt.want[p])
			}
		}
	}
}

// CheckPrefers checks that Evaluate sees better as the better position
// for the first player than worse, and so the worse for the second.
func CheckPrefers(t *testing.T, name string, better, worse engine.Evaluator) {
	t.Helper()
	if b, w := better.Evaluate(0), worse.Evaluate(0); !(b > w) {
		t.Errorf("%s: Evaluate for the first player = %v, not above %v", name, b, w)
	}
	if b, w := better.Evaluate(1), worse.Evaluate(1); !(b < w) {
		t.Errorf("%s: Evaluate for the second player = %v, not below %v", name, b, w)
	}
}

// PlayOn plays s on, a move at a time with move, until its game is over
// or steps moves are made, and tells whether it is over: a world
// Determinize deals must play on to its end under the rules.
func PlayOn[S engine.State](s S, steps int, move func(S)) bool {
	for step := 0; step < steps && !s.Outcome().Over; step++ {
		move(s)
	}
	return s.Outcome().Over
}
