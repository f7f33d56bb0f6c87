package notation

// MatchName is the length of the name at the start of s, or 0, for tests
// against the declarative rule.
func (l *FastLexer) MatchName(s string) int { return nameLen(s) }

// SetMemoLimit bounds each of the grammar's memos at n bytes, as counted,
// for tests of the bound; it empties them.
func (g *Grammar) SetMemoLimit(n int64) {
	g.ForgetParses()
	g.ready().moves.limit = n
}

// MemoSize is the size of the grammar's memo of moves, as counted, and
// how many pieces it holds.
func (g *Grammar) MemoSize() (moves int64, pieces int) {
	g = g.ready()
	return g.moves.size.Load(), g.moves.len()
}

// MemoBytes is the bound of a memo.
const MemoBytes = memoBytes

// len is the number of pieces kept.
func (m *memo) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(*m.read.Load()) + len(m.recent)
}

// KeepMovesByText makes the grammar keep its moves by their text, as a
// grammar without value tokens does, until restore is called; both empty
// the memos.
func (g *Grammar) KeepMovesByText() (restore func()) {
	g = g.ready()
	g.ForgetParses()
	values := g.values
	g.values = nil
	return func() {
		g.ForgetParses()
		g.values = values
	}
}

// MovePieces is how many moves (or shapes of moves) the grammar's memo
// holds.
func (g *Grammar) MovePieces() int {
	g = g.ready()
	return g.moves.len()
}

// FixedMoves is how many of the moves the grammar's memo holds are
// parsed at each place, as their parse cannot be copied.
func (g *Grammar) FixedMoves() int {
	g = g.ready()
	m := g.moves
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, kept := range []map[string]*piece{*m.read.Load(), m.recent} {
		for _, p := range kept {
			if p.first != nil && p.first.shape.Load() != nil {
				p = p.first.shape.Load()
			}
			if p.fixed {
				n++
			}
		}
	}
	return n
}

// FirstBytes is firstBytes, the bytes a pattern's text may begin with.
func FirstBytes(pattern string) [256]bool { return firstBytes(pattern) }

// LexCompact lexes src as a parse does, into compact tokens kept from
// call to call, and gives their number.
func (l *FastLexer) LexCompact(src string) int {
	lexScratch, _ = l.lex(&Tokens{}, "", src, "", lexScratch[:0])
	return len(lexScratch)
}

var lexScratch []token
