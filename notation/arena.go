package notation

// Arena is memory that parses take most of their trees from and use
// again: the turns and set-up lines with their statements and players,
// the lists of statements and of moves. A tree parsed in an arena
// (ParseIn) holds only until the arena's next parse, which writes over
// it. A batch that is done with each tree before the next file, as a
// check is, then allocates about a third less (half for Sortie) and
// gives the collector that much less to do.
//
// The zero Arena is ready for use. An arena is for one parse at a time,
// and keeps at most arenaMost of anything, so that one huge transcript
// does not leave it huge.
type Arena[M Move] struct {
	turns  []turnBlock[M]
	setups []setupBlock[M]
	stmts  []*Statement[M]
	moves  []M
	heads  []*piece[*Statement[M]]
	pieces []*piece[M]
}

// arenaMost is the most elements an arena keeps of each kind: a
// transcript of a few thousand turns.
const arenaMost = 1 << 12

// take is n elements from an arena's buf, or newly allocated ones when
// buf is too short, which buf then keeps unless they are too many. Their
// values are what the last parse left: the caller sets each.
func take[T any](buf *[]T, n int) []T {
	if cap(*buf) >= n {
		return (*buf)[:n]
	}
	fresh := make([]T, n)
	if n <= arenaMost {
		*buf = fresh
	}
	return fresh
}

// WithArena calls f with an arena of the grammar's, to be used only
// within f: the arena goes to the next caller after. A tree parsed in it
// must not outlive f.
func (g *Grammar[M]) WithArena(f func(a *Arena[M])) {
	a, _ := g.arenas.Get().(*Arena[M])
	if a == nil {
		a = new(Arena[M])
	}
	defer g.arenas.Put(a)
	f(a)
}

// ParseIn parses src as ParseLimited does, taking the tree from a (see
// Arena): the tree is good only until a's next parse. A nil a is fresh
// memory, as for ParseLimited.
func (g *Grammar[M]) ParseIn(a *Arena[M], filename, src string, limits Limits) *Parsed[M] {
	return g.parseLimited(a, filename, src, limits, true)
}
