package referee

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/notation"
)

// corruptor is a game that can spoil one move of a transcript.
type corruptor interface {
	corrupt(path, src string, seed uint64, spoil spoiling) (spoilt, bool)
}

// spoiling says which moves corrupt may spoil, and how.
type spoiling struct {
	// want, when not nil, takes only the illegal moves it accepts.
	want func(before engine.State, mover int, m engine.Move) bool
	// moves leaves the declarations of a position alone: a correction
	// on a declaration is no ruling but an error (a position is not a
	// move), so a test of corrections spoils moves only.
	moves bool
}

// spoilt is a transcript with one move spoiled.
type spoilt struct {
	src      string        // the spoiled transcript
	at       notation.Span // the place of the move replaced
	was, now string        // the move's text before and after
	// declaration tells whether the move replaced declares part of a
	// position: its refusal is then an impossible position.
	declaration bool
}

// written is a move as the replay met it: its place, its player, its line
// and the state before it, and whether it declares part of a position.
type written struct {
	at          notation.Span
	player      int
	setup       bool
	before      engine.State
	declaration bool
}

// candidate is a well-formed move: one some position of the game allowed.
type candidate struct {
	mover int
	move  engine.Move
	setup bool
	by    bool // a move of another player than the turn's, which only some notations can write
}

// replayed is what corrupt learns of a clean transcript by replaying it
// once: the moves as written with the state before each, the moves legal
// at a sample of its positions, and the seed's generator as the sample
// left it. The corruption and correction tests spoil the same shared
// random games from the same seed, four times each; the replay, which
// clones the state at every move, is made once.
type replayed struct {
	ok      bool // the transcript checks clean and has moves
	moves   []written
	pool    []candidate
	players []string
	rng     rand.PCG // the generator after drawing the pool
}

// replays memoises replayed, by game, path, source and seed, until the
// spoilers are done with it.
var replays sync.Map

// spoilers is how many times the tests spoil each shared random game: the
// corruption test, the taken-back test, and the let-stand test twice. The
// last lets the replay go, so that the states of every move of 500 games
// (half a gigabyte) are not held to the end of the run.
const spoilers = 4

// replayFor is the replay of src that corrupt spoils, made once. Its
// states are never changed: corrupt and spoil.want clone them first.
func (b *binding) replayFor(path, src string, seed uint64) *replayed {
	type key struct {
		game, path, src string
		seed            uint64
	}
	type memo struct {
		replay func() *replayed
		uses   atomic.Int32
	}
	k := key{b.Name(), path, src, seed}
	v, _ := replays.LoadOrStore(k, &memo{replay: sync.OnceValue(func() *replayed {
		return b.replayToSpoil(path, src, seed)
	})})
	m := v.(*memo)
	if m.uses.Add(1) == spoilers {
		replays.Delete(k)
	}
	return m.replay()
}

// replayToSpoil replays src, recording every written move and the state before
// it, and draws the pool of candidate moves with seed's generator.
func (b *binding) replayToSpoil(path, src string, seed uint64) *replayed {
	var moves []written
	opts := Options{beforeMove: func(at notation.Span, player int, setup bool, st engine.State) {
		moves = append(moves, written{at, player, setup, st.Clone(), false})
	}}
	rp := b.run(path, src, opts)
	r := rp.report
	if r.ExitCode() != 0 || len(moves) == 0 {
		return &replayed{}
	}
	// The declarations, by their place: moves of set-up lines the game's
	// room says declare a position.
	declared := map[int]bool{}
	for _, s := range rp.transcript.Setup {
		for _, m := range s.Moves {
			if b.declares != nil && b.declares(m) {
				declared[m.Span().Start.Offset] = true
			}
		}
	}
	for i := range moves {
		moves[i].declaration = moves[i].setup && declared[moves[i].at.Start.Offset]
	}
	// The moves legal at a sample of the game's positions.
	pcg := rand.NewPCG(seed, 11)
	rng := rand.New(pcg)
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
	return &replayed{ok: true, moves: moves, pool: pool, players: r.Players, rng: *pcg}
}

// corrupt replaces one written move of a clean transcript with a move that
// is well formed but illegal where it stands: a move legal somewhere else
// in the same game. The engine itself, asked at that place, is the judge
// of illegality; what is under test is that the referee finds the move at
// its place. The choice is random, from seed. It returns the spoiled
// transcript, or false when no move could be spoiled as spoil asks.
func (b *binding) corrupt(path, src string, seed uint64, spoil spoiling) (spoilt, bool) {
	rp := b.replayFor(path, src, seed)
	if !rp.ok {
		return spoilt{}, false
	}
	moves, pool := rp.moves, rp.pool
	pcg := rp.rng // a copy: each call draws from where the pool left it
	rng := rand.New(&pcg)
	for _, k := range rng.Perm(len(moves)) {
		w := moves[k]
		if spoil.moves && w.declaration {
			continue
		}
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
			if spoil.want != nil && !spoil.want(w.before, c.mover, c.move) {
				continue
			}
			now := b.writeMove(c.move, c.mover, turn, rp.players)
			if w.setup {
				now = b.notate(c.move)
			}
			return spoilt{
				src: src[:w.at.Start.Offset] + now + src[w.at.End.Offset:],
				at:  w.at, was: src[w.at.Start.Offset:w.at.End.Offset], now: now,
				declaration: w.declaration,
			}, true
		}
	}
	return spoilt{}, false
}

// corruptedGames is how many random games of each game the corruption
// test spoils.
func corruptedGames() int {
	if testing.Short() {
		return 40
	}
	return 100
}

// One move of a random game changed into a well-formed move that is
// illegal there: the referee reports exactly that move, at its line and
// column, as an illegal move, and nothing before it. A declaration of a
// position so changed is an impossible position, at its place.
func TestCorruptedMoveIsFoundAtItsPlace(t *testing.T) {
	t.Parallel()
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			var spoiled, declarations atomic.Int64
			errs := forSeeds(corruptedGames(), func(seed uint64) (errs []string) {
				text, _ := randomGame(g, seed)
				path := fmt.Sprintf("random-%d%s", seed, g.Extension())
				s, ok := g.(corruptor).corrupt(path, text, seed, spoiling{})
				if !ok {
					return nil
				}
				spoiled.Add(1)
				r := g.Check(path, s.src, Options{})
				var illegal []Diagnostic
				for _, d := range r.Diagnostics {
					if d.Severity == Illegal || d.Severity == Error || d.Severity == Internal {
						illegal = append(illegal, d)
					}
				}
				// A move is an illegal move (exit 1); a declaration, an
				// impossible position (exit 2).
				exit, severity, prefix, want := 1, Illegal, "", "one illegal move"
				if s.declaration {
					declarations.Add(1)
					exit, severity, prefix, want = 2, Error, "impossible position: ", "one impossible position"
				}
				where := fmt.Sprintf("%d:%d", s.at.Start.Line, s.at.Start.Column)
				if r.ExitCode() != exit || len(illegal) != 1 || illegal[0].Severity != severity || !strings.HasPrefix(illegal[0].Msg, prefix) ||
					illegal[0].Span.Start.Line != s.at.Start.Line || illegal[0].Span.Start.Column != s.at.Start.Column {
					errs = append(errs, fmt.Sprintf("seed %d: %q became %q at %s; want %s there, got exit %d:\n%s",
						seed, s.was, s.now, where, want, r.ExitCode(), ReportText(r)))
				}
				return errs
			})
			for _, e := range errs {
				t.Error(e)
			}
			if n := spoiled.Load(); n < int64(corruptedGames()/2) {
				t.Errorf("only %d of %d games could be spoiled", n, corruptedGames())
			}
			t.Logf("%d games spoiled, %d at a declaration", spoiled.Load(), declarations.Load())
		})
	}
}
