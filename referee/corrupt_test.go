package referee

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/notation"
)

// corruptor is a game that can spoil one move of a transcript.
type corruptor interface {
	corrupt(path, src string, rng *rand.Rand, want func(before engine.State, mover int, m engine.Move) bool) (spoiled string, at notation.Span, was, now string, ok bool)
}

// written is a move as the replay met it: its place, its player, its line
// and the state before it.
type written struct {
	at     notation.Span
	player int
	setup  bool
	before engine.State
}

// candidate is a well-formed move: one some position of the game allowed.
type candidate struct {
	mover int
	move  engine.Move
	setup bool
	by    bool // a move of another player than the turn's, which only some notations can write
}

// corrupt replaces one written move of a clean transcript with a move that
// is well formed but illegal where it stands: a move legal somewhere else
// in the same game. The engine itself, asked at that place, is the judge
// of illegality; what is under test is that the referee finds the move at
// its place. It returns the spoiled transcript, the place of the move
// replaced, the move's text before and after, and false when no move
// could be spoiled. want, when not nil, takes only the illegal moves it
// accepts.
func (b *binding[M]) corrupt(path, src string, rng *rand.Rand, want func(before engine.State, mover int, m engine.Move) bool) (string, notation.Span, string, string, bool) {
	var moves []written
	opts := Options{beforeMove: func(at notation.Span, player int, setup bool, st engine.State) {
		moves = append(moves, written{at, player, setup, st.Clone()})
	}}
	r := b.Check(path, src, opts)
	if r.ExitCode() != 0 || len(moves) == 0 {
		return "", notation.Span{}, "", "", false
	}
	// The moves legal at a sample of the game's positions.
	var pool []candidate
	for range 30 {
		st := moves[rng.IntN(len(moves))].before
		for _, m := range st.Legal() {
			if _, end := m.(engine.EndTurn); end {
				continue
			}
			mover := st.ToMove()
			by, isBy := m.(engine.By)
			if isBy {
				mover, m = by.Player, by.Move
			}
			_, setup := m.(engine.OnSetupLine)
			pool = append(pool, candidate{mover, m, setup, isBy})
		}
	}
	for _, k := range rng.Perm(len(moves)) {
		w := moves[k]
		turn := turnPlayer(w.before)
		for _, c := range rng.Perm(len(pool)) {
			c := pool[c]
			// A set-up line names its player: only that player's moves
			// can stand on it.
			if c.setup != w.setup || w.setup && c.mover != w.player || !w.setup && c.mover != turn && !c.by {
				continue
			}
			if err := w.before.Clone().Apply(c.mover, c.move); err == nil {
				continue // legal here too
			}
			if want != nil && !want(w.before, c.mover, c.move) {
				continue
			}
			now := b.writeMove(c.move, c.mover, turn, r.Players)
			if w.setup {
				now = b.notate(c.move)
			}
			spoiled := src[:w.at.Start.Offset] + now + src[w.at.End.Offset:]
			return spoiled, w.at, src[w.at.Start.Offset:w.at.End.Offset], now, true
		}
	}
	return "", notation.Span{}, "", "", false
}

// corruptedGames is how many random games of each game the corruption
// test spoils.
func corruptedGames() int {
	if testing.Short() {
		return 40
	}
	return 200
}

// One move of a random game changed into a well-formed move that is
// illegal there: the referee reports exactly that move, at its line and
// column, as an illegal move, and nothing before it.
func TestCorruptedMoveIsFoundAtItsPlace(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			var spoiled atomic.Int64
			errs := forSeeds(corruptedGames(), func(seed uint64) (errs []string) {
				text, _ := g.Random(seed)
				path := fmt.Sprintf("random-%d%s", seed, g.Extension())
				src, at, was, now, ok := g.(corruptor).corrupt(path, text, rand.New(rand.NewPCG(seed, 11)), nil)
				if !ok {
					return nil
				}
				spoiled.Add(1)
				r := g.Check(path, src, Options{})
				var illegal []Diagnostic
				for _, d := range r.Diagnostics {
					if d.Severity == Illegal || d.Severity == Error || d.Severity == Internal {
						illegal = append(illegal, d)
					}
				}
				where := fmt.Sprintf("%d:%d", at.Start.Line, at.Start.Column)
				if r.ExitCode() != 1 || len(illegal) != 1 || illegal[0].Severity != Illegal ||
					illegal[0].Span.Start.Line != at.Start.Line || illegal[0].Span.Start.Column != at.Start.Column {
					errs = append(errs, fmt.Sprintf("seed %d: %q became %q at %s; want one illegal move there, got exit %d:\n%s",
						seed, was, now, where, r.ExitCode(), ReportText(r)))
				}
				return errs
			})
			for _, e := range errs {
				t.Error(e)
			}
			if n := spoiled.Load(); n < int64(corruptedGames()/2) {
				t.Errorf("only %d of %d games could be spoiled", n, corruptedGames())
			}
		})
	}
}
