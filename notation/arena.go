package notation

// Arena is memory that parses take most of their trees from and use
// again: turns and set-up lines, lists of statements and moves, and the
// moves themselves (Copy). A tree parsed in an arena (ParseIn) holds
// until the arena's next parse: a batch done with each tree before the
// next file, as a check is, allocates a third less (half for Sortie).
//
// The zero Arena is ready for use. An arena is for one parse at a time,
// and keeps at most arenaMost of anything, so that one huge transcript
// does not leave it huge.
type Arena struct {
	turns  []block[Turn]
	setups []block[Setup]
	stmts  []*Statement
	moves  []Move
	found  []foundMove
	forms  []form
	// moveKeys are a move's shape and the last one's (shapeKey).
	moveKeys [2][]byte
	copies   copies
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
func (g *Grammar) WithArena(f func(a *Arena)) {
	a, _ := g.arenas.Get().(*Arena)
	if a == nil {
		a = new(Arena)
	}
	defer g.arenas.Put(a)
	f(a)
}

// ParseIn parses src as Parse does, within limits, taking the tree from a
// (see Arena): the tree is good only until a's next parse. A nil a is
// fresh memory. A file too large or with too long a line is not parsed at
// all, and one with too many moves is an error at the first move past the
// limit.
func (g *Grammar) ParseIn(a *Arena, filename, src string, limits Limits) *Parsed {
	return g.parseLimited(a, filename, src, limits, true)
}

// copies is an arena's memory for the values Copy places, a slab of each
// type.
type copies struct {
	// slabs are one a type, told apart by their types: a grammar has a
	// dozen move types at most, and a look along them costs less than a
	// map's hash of an interface, made at every move copied.
	slabs []slabber
	// strs holds the lists of strings Relocation.Values makes, used up to
	// strsUsed.
	strs     []string
	strsUsed int
}

type slabber interface{ reset() }

// reset makes every slab's memory free for the next parse.
func (c *copies) reset() {
	for _, s := range c.slabs {
		s.reset()
	}
	clear(c.strs[:c.strsUsed])
	if len(c.strs) > arenaMost {
		c.strs = nil // made for one huge list
	}
	c.strsUsed = 0
}

// strings is n strings, taken from the arena's when there is one.
func (c *copies) strings(n int) []string {
	if c == nil {
		return make([]string, n)
	}
	if c.strsUsed+n > len(c.strs) {
		// The full buffer stays with the tree that holds its lists.
		c.strs, c.strsUsed = make([]string, max(n, min(2*len(c.strs)+64, arenaMost))), 0
	}
	c.strsUsed += n
	return c.strs[c.strsUsed-n : c.strsUsed : c.strsUsed]
}

// slab hands out values of one type from chunks it allocates, growing,
// and hands them out again after reset.
type slab[T any] struct {
	chunks [][]T
	at     int // the chunk in use
	used   int // of that chunk
}

func (s *slab[T]) next() *T {
	for s.at < len(s.chunks) {
		if c := s.chunks[s.at]; s.used < len(c) {
			s.used++
			return &c[s.used-1]
		}
		s.at, s.used = s.at+1, 0
	}
	n := 16
	if k := len(s.chunks); k > 0 {
		n = 2 * len(s.chunks[k-1])
	}
	s.chunks = append(s.chunks, make([]T, n))
	s.used = 1
	return &s.chunks[s.at][0]
}

// reset clears what the last parse left, so that it keeps nothing alive,
// and keeps at most arenaMost values.
func (s *slab[T]) reset() {
	kept := 0
	for i, c := range s.chunks {
		if kept+len(c) > arenaMost {
			clear(s.chunks[i:])
			s.chunks = s.chunks[:i]
			break
		}
		kept += len(c)
		if i < s.at {
			clear(c)
		} else if i == s.at {
			clear(c[:s.used])
		}
	}
	s.at, s.used = 0, 0
}

// Copy is a copy of *m, for a move's Relocate: taken from the arena the
// tree is placed in (see Arena), or allocated when there is none.
func Copy[T any](r *Relocation, m *T) *T {
	if r.copies == nil {
		c := *m
		return &c
	}
	var s *slab[T]
	for _, x := range r.copies.slabs {
		if xs, ok := x.(*slab[T]); ok {
			s = xs
			break
		}
	}
	if s == nil {
		s = new(slab[T])
		r.copies.slabs = append(r.copies.slabs, s)
	}
	c := s.next()
	*c = *m
	return c
}
