// Package roomtest holds what the rooms' tests share.
package roomtest

import (
	"sync"

	"github.com/tabletop-referee/referee/referee"
)

// writtenKey names a random game as a test writes it.
type writtenKey struct {
	game string
	seed uint64
	opts referee.RandomOptions
}

// writtenGame is a random game as written.
type writtenGame struct {
	text, outcome string
	err           error
}

// writtenGames are the random games the tests have written, each written
// once: several tests play the same games, and the bots' play is most of
// what writing one costs.
var (
	writtenMu    sync.Mutex
	writtenGames = map[writtenKey]writtenGame{}
)

// WriteRandom is g's random game of seed written as opts asks (Random's
// when opts asks nothing), written at the first call for it.
func WriteRandom(g referee.Game, seed uint64, opts referee.RandomOptions) (text, outcome string, err error) {
	writtenMu.Lock()
	defer writtenMu.Unlock()
	k := writtenKey{g.Name(), seed, opts}
	w, ok := writtenGames[k]
	if !ok {
		if opts == (referee.RandomOptions{}) {
			w.text, w.outcome = g.Random(seed)
		} else {
			w.text, w.outcome, w.err = g.RandomWith(seed, opts)
		}
		writtenGames[k] = w
	}
	return w.text, w.outcome, w.err
}
