package notation

// MatchName is the length of the name at the start of s, or 0, for tests
// against the declarative rule.
func (l *FastLexer) MatchName(s string) int { return nameLen(s) }

// SetMemoLimit bounds each of the grammar's memos at n bytes, as counted,
// for tests of the bound; it empties them.
func (g *Grammar[M]) SetMemoLimit(n int64) {
	g.ForgetParses()
	g.stmts.limit, g.moves.limit = n, n
}

// MemoSize is the size of the grammar's memos of statements and moves, as
// counted, and how many pieces they hold.
func (g *Grammar[M]) MemoSize() (stmts, moves int64, pieces int) {
	for i := range g.moves.shards {
		pieces += len(g.moves.shards[i].pieces) + len(g.stmts.shards[i].pieces)
	}
	return g.stmts.size.Load(), g.moves.size.Load(), pieces
}

// MemoBytes is the bound of a memo.
const MemoBytes = memoBytes
