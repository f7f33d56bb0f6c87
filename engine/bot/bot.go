// Package bot holds the players a program can seat at a game: random,
// greedy (one move ahead) and mcts (Monte Carlo tree search). A bot plays
// any game through the engine's own State: Legal lists what it may do,
// Apply and Clone let it look ahead, and the optional engine.Evaluator and
// engine.Determinizer tell it how a player stands and what its seat cannot
// see. A bot is deterministic for its seed (unless given a time limit).
//
// See docs/bots.md for how each bot works and how to add one.
package bot

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
	"github.com/tabletop-referee/referee/internal/suggest"
)

// Bot chooses moves for one seat.
type Bot interface {
	// Name is the bot's name in the registry, as "mcts".
	Name() string
	// Choose returns one of st.Legal() for the player to act in st, which
	// is seat (or, in a game where another player may answer, as Void's
	// engine.By moves are, seat decides for both, as random games do).
	// st must not be over; Choose does not change it. A bot never uses
	// what seat cannot see when st is an engine.Determinizer.
	Choose(st engine.State, seat int) engine.Move
}

// Config sets a bot up.
type Config struct {
	// Seed makes the bot's choices: the same seed, the same moves.
	Seed uint64
	// Budget is the number of playouts mcts makes a decision; 0 takes
	// DefaultBudget. The other bots ignore it.
	Budget int
	// Time, when above 0, bounds each mcts decision too: it stops at the
	// budget or the time, whichever comes first. A time limit makes the
	// choices depend on the machine's speed, and so not repeatable.
	Time time.Duration
}

// Maker makes a bot from its configuration.
type Maker func(Config) Bot

// registry holds the bots by name, in the order they are listed.
var registry = []struct {
	name string
	make Maker
}{
	{"random", func(c Config) Bot { return NewRandom(c) }},
	{"greedy", func(c Config) Bot { return NewGreedy(c) }},
	{"mcts", func(c Config) Bot { return NewMCTS(c) }},
}

// Names lists the bots' names.
func Names() []string {
	out := make([]string, len(registry))
	for i, r := range registry {
		out[i] = r.name
	}
	return out
}

// Lookup finds a bot by name. An unknown name's error suggests the name
// most likely meant and lists the bots.
func Lookup(name string) (Maker, error) {
	for _, r := range registry {
		if r.name == name {
			return r.make, nil
		}
	}
	return nil, fmt.Errorf("unknown bot %q%s (bots: %s)", name, suggest.Hint(name, Names()), strings.Join(Names(), ", "))
}

// New makes the bot named.
func New(name string, c Config) (Bot, error) {
	make, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	return make(c), nil
}

// activePlayer is a state that tells whose turn it is when the player to
// act may be another (Daemon, Void).
type activePlayer interface{ Active() int }

// Mover returns the player who makes m in st, and m as Apply takes it
// from that player: the player an engine.By names, the player to act for
// a set-up move, else the player whose turn it is (who writes Void's
// Execute, say, though another has the priority).
func Mover(st engine.State, m engine.Move) (int, engine.Move) {
	if by, ok := m.(engine.By); ok {
		return by.Player, by.Move
	}
	if _, ok := m.(engine.OnSetupLine); ok {
		return st.ToMove(), m
	}
	if a, ok := st.(activePlayer); ok && st.Turn() > 0 {
		return a.Active(), m
	}
	return st.ToMove(), m
}

// Own is legal without the moves another player makes in answer (Void's
// engine.By moves of the other player, or the active player's moves when
// seat answers): a bot chooses its own moves, and moves of no player's
// that only move the game on (ending the turn, executing a queue: moves
// that carry nothing). When that leaves nothing, it is legal.
func Own(st engine.State, seat int, legal []engine.Move) []engine.Move {
	var out []engine.Move
	for _, m := range legal {
		if p, _ := Mover(st, m); p == seat || p < 0 || reflect.TypeOf(m).Size() == 0 {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return legal
	}
	return out
}

// Play makes m in st for the player who makes it (Mover).
func Play(st engine.State, m engine.Move) error {
	p, mm := Mover(st, m)
	return st.Apply(p, mm)
}

// Pick chooses uniformly among the kinds of legal move (place, move,
// attack, end the turn, ...), then uniformly among the moves of that
// kind, so that no kind crowds out the others; ending the turn weighs a
// third of any other kind, so that turns do something. It is how random
// games choose (referee random), and returns nil when legal is empty.
func Pick(rng *shuffle.Source, legal []engine.Move) engine.Move {
	if len(legal) == 0 {
		return nil
	}
	// Few kinds: a slice beats a map here, and playouts call this often.
	type kind struct {
		t     reflect.Type
		moves []engine.Move
	}
	kinds := make([]kind, 0, 4)
	for _, m := range legal {
		t := reflect.TypeOf(m)
		i := slices.IndexFunc(kinds, func(k kind) bool { return k.t == t })
		if i < 0 {
			kinds = append(kinds, kind{t: t})
			i = len(kinds) - 1
		}
		kinds[i].moves = append(kinds[i].moves, m)
	}
	weight := func(t reflect.Type) int {
		if t == endTurnKind {
			return 1
		}
		return 3
	}
	total := 0
	for _, k := range kinds {
		total += weight(k.t)
	}
	n := rng.Intn(total)
	for _, k := range kinds {
		if n -= weight(k.t); n < 0 {
			return k.moves[rng.Intn(len(k.moves))]
		}
	}
	panic("unreachable")
}

var endTurnKind = reflect.TypeOf(engine.EndTurn{})

// Evaluate says how well player stands in st, in [-1, 1]: the result of
// a game that is over, else the state's own evaluation (engine.Evaluator),
// else 0, as even.
func Evaluate(st engine.State, player int) float64 {
	if o := st.Outcome(); o.Over {
		switch o.Winner {
		case engine.Nobody:
			return 0
		case player:
			return 1
		}
		return -1
	}
	if e, ok := st.(engine.Evaluator); ok {
		return max(-1, min(1, e.Evaluate(player)))
	}
	return 0
}

// Random plays as random games do (Pick).
type Random struct{ rng *shuffle.Source }

// NewRandom makes a random bot.
func NewRandom(c Config) *Random { return &Random{rng: shuffle.New(c.Seed)} }

// Name is "random".
func (*Random) Name() string { return "random" }

// Choose picks a legal move as random games do.
func (r *Random) Choose(st engine.State, seat int) engine.Move {
	return Pick(r.rng, st.Legal())
}
