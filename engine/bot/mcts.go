package bot

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// DefaultBudget is the playouts an mcts decision makes by default: a
// decision takes well under a second in every game on a small machine
// (BenchmarkDecision), and beats random play clearly (docs/bots.md).
const DefaultBudget = 300

// MaxPlayoutMoves caps a playout: after this many moves (not turns: a
// turn holds many) it stops and the state is judged by its evaluation.
const MaxPlayoutMoves = 20

// exploration is UCT's constant: how much a move seldom tried is worth
// trying again. The textbook √2 suits values in [0, 1]; ours are in
// [-1, 1], twice as wide.
const exploration = 1.4

// MCTS is Monte Carlo tree search over information sets (ISMCTS): each
// playout begins from a world its seat cannot tell from the real one
// (engine.Determinizer), dealt anew every time, so that the search never
// uses a card its seat cannot see. Down the tree it chooses by UCT among
// the moves legal in that world; from the first move the tree has not
// tried it plays at random (Pick) for at most MaxPlayoutMoves moves and
// judges the state reached (Evaluate). It makes the move most tried.
type MCTS struct {
	rng    *shuffle.Source
	budget int
	limit  time.Duration
}

// NewMCTS makes an mcts bot.
func NewMCTS(c Config) *MCTS {
	budget := c.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	return &MCTS{rng: shuffle.New(c.Seed), budget: budget, limit: c.Time}
}

// Name is "mcts".
func (*MCTS) Name() string { return "mcts" }

// node is a move in the tree, with what the playouts through it gave.
type node struct {
	move     engine.Move
	key      string
	mover    int // who chose move: the values are theirs
	children []*node
	byKey    map[string]*node
	visits   int
	// avail counts the playouts in which the move was legal: in a world
	// dealt anew each time, a move is not always there to choose.
	avail int
	value float64 // the sum of the values, for mover
}

// Choose searches from st for seat and returns the move most tried.
func (b *MCTS) Choose(st engine.State, seat int) engine.Move {
	legal := st.Legal()
	if len(legal) < 2 {
		return Pick(b.rng, legal)
	}
	root := &node{}
	// At the root the moves are the real state's: a world dealt for the
	// search may offer another player moves with cards it dealt them.
	real := make(map[string]engine.Move, len(legal))
	for _, m := range Own(st, seat, legal) {
		real[moveKey(m)] = m
	}
	det, hidden := st.(engine.Determinizer)
	var deadline time.Time
	if b.limit > 0 {
		deadline = time.Now().Add(b.limit)
	}
	var path []*node
	for i := 0; i < b.budget; i++ {
		if b.limit > 0 && i > 0 && time.Now().After(deadline) {
			break
		}
		var world engine.State
		if hidden {
			world = det.Determinize(seat, b.rng)
		} else {
			world = st.Clone()
		}
		path = append(path[:0], root)
		n := root
		// Down the tree, then one new node.
		for !world.Outcome().Over {
			if toAct := world.ToMove(); hidden && toAct != seat && toAct >= 0 {
				// Another player's choice is made in a world dealt anew
				// from their seat: they do not see this seat's cards.
				if d, ok := world.(engine.Determinizer); ok {
					world = d.Determinize(toAct, b.rng)
				}
			}
			moves := world.Legal()
			if n == root {
				moves = slices.DeleteFunc(moves, func(m engine.Move) bool { _, ok := real[moveKey(m)]; return !ok })
			}
			if len(moves) == 0 {
				break
			}
			child := b.descend(n, world, moves)
			if child == nil {
				break
			}
			if Play(world, child.move) != nil {
				break // a move the engine lists but refuses ends the playout
			}
			path = append(path, child)
			n = child
			if child.visits == 0 {
				break
			}
		}
		// A random playout from there, judged.
		for depth := 0; depth < MaxPlayoutMoves && !world.Outcome().Over; depth++ {
			m := Pick(b.rng, world.Legal())
			if m == nil || Play(world, m) != nil {
				break
			}
		}
		v := Evaluate(world, seat)
		for _, n := range path {
			n.visits++
			if n.mover == seat {
				n.value += v
			} else {
				n.value -= v
			}
		}
	}
	var best *node
	for _, c := range root.children {
		if best == nil || c.visits > best.visits {
			best = c
		}
	}
	if best == nil {
		return Pick(b.rng, legal)
	}
	// The tree's move was made in a world dealt for the search: return
	// the real state's own listing of it.
	return real[best.key]
}

// descend chooses the child of n to follow in world, whose legal moves
// are moves: a move never tried there first (at random), else the one
// UCT ranks first among those legal in this world.
func (b *MCTS) descend(n *node, world engine.State, moves []engine.Move) *node {
	var untried []engine.Move
	var untriedKeys []string
	var open []*node
	for _, m := range moves {
		k := moveKey(m)
		if c := n.child(k); c != nil {
			c.avail++
			open = append(open, c)
			continue
		}
		untried = append(untried, m)
		untriedKeys = append(untriedKeys, k)
	}
	if len(untried) > 0 {
		i := b.rng.Intn(len(untried))
		// The values are the decider's: the player to act, who may let
		// another act (Void's answers); a move of no player's (a set-up
		// line of the board) is judged for the player who makes it.
		mover := world.ToMove()
		if mover < 0 {
			mover, _ = Mover(world, untried[i])
		}
		c := &node{move: untried[i], key: untriedKeys[i], mover: mover, avail: 1}
		n.children = append(n.children, c)
		if n.byKey == nil {
			n.byKey = map[string]*node{}
		}
		n.byKey[c.key] = c
		return c
	}
	var best *node
	bestScore := math.Inf(-1)
	for _, c := range open {
		score := c.value/float64(c.visits) + exploration*math.Sqrt(math.Log(float64(c.avail))/float64(c.visits))
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

func (n *node) child(key string) *node { return n.byKey[key] }

// moveKey names a move so that the same move, listed by two worlds of
// the search, is one node. Engine moves are values, but some hold
// pointers (a card, a square), which differ between copies of a state:
// the key follows them and writes what they point to.
func moveKey(m engine.Move) string {
	var b strings.Builder
	writeKey(&b, reflect.ValueOf(m), 0)
	return b.String()
}

// maxKeyDepth bounds writeKey on a value that points back into itself.
const maxKeyDepth = 8

func writeKey(b *strings.Builder, v reflect.Value, depth int) {
	if depth > maxKeyDepth {
		b.WriteString("…")
		return
	}
	switch v.Kind() {
	case reflect.Invalid:
		b.WriteString("nil")
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		writeKey(b, v.Elem(), depth+1)
	case reflect.Struct:
		b.WriteString(v.Type().String())
		b.WriteByte('{')
		for i := range v.NumField() {
			if i > 0 {
				b.WriteByte(' ')
			}
			writeKey(b, v.Field(i), depth+1)
		}
		b.WriteByte('}')
	case reflect.Slice, reflect.Array:
		b.WriteByte('[')
		for i := range v.Len() {
			if i > 0 {
				b.WriteByte(' ')
			}
			writeKey(b, v.Index(i), depth+1)
		}
		b.WriteByte(']')
	case reflect.Map:
		b.WriteString("map") // no move holds one; its order would not be stable
	default:
		fmt.Fprint(b, v)
	}
}
