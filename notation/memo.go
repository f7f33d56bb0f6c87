package notation

import (
	"hash/maphash"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/participle/v2/lexer"
)

// The parse of a transcript without lexical errors goes statement by
// statement, and a statement piece by piece: a turn's or set-up line's
// head ("12. Ann:", "Ann:") and each of its moves, or a whole tag or
// result line. participle parses each piece the first time its text is
// met (by the grammar's own productions: Statement, and the move union),
// and the parse is kept, by text, so that the same text met again, in
// this transcript or in another, is the same parse at another place:
// a copy with the new place's positions and tokens (Relocation). Most of
// a transcript's pieces are met before (the same moves, the same turn
// heads across transcripts), and participle's parse of a piece costs a
// hundred times its copy.
//
// The pieces are parsed alone, each followed by the end of the input, and
// not followed by the rest of the file as in a parse of the whole file.
// That is the same parse. A move is followed by "," or by the start of
// the next statement ("[", a turn number and ".", a name and ":",
// "result:"): no move goes on with "," or "[", its lists of names stop
// before a name and ":" (by lookahead), and the one list that takes a
// number (Mecha's deck, 12 Scout) gives it back at the "." after it; so a
// move ends at the same token either way, and so does a statement, where
// the statement splitter starts the next. When any piece fails to parse
// alone, the whole file is parsed as before, and errors come from there:
// this path only answers for files that parse. Tests (and the grammars'
// fuzz targets) check that both give the same tree on every example,
// random game, fuzz input and hostile input.
//
// The memo of each grammar is shared by the whole process, goroutines
// included, and bounded (memoBytes).

// memoBytes bounds the memory a grammar's memo of each kind (statements,
// moves) holds, roughly counted, so that it stays small whatever the
// input: a few thousand pieces make up most transcripts of a game. Past
// it, new pieces are parsed each time they are met.
const memoBytes = 8 << 20

// pieceBytes is the rough size of a kept piece: its text, its tokens, and
// what they parse to.
func pieceBytes(text string, toks []lexer.Token) int64 {
	return int64(len(text) + len(toks)*(64+128) + 256)
}

// memoShards spreads the pieces over locks, so that checks running in
// parallel rarely wait for one another.
const memoShards = 64

// memo keeps parsed pieces of one kind by their text.
type memo[T any] struct {
	seed   maphash.Seed
	size   atomic.Int64
	shards [memoShards]memoShard[T]
}

type memoShard[T any] struct {
	mu     sync.RWMutex
	pieces map[string]*piece[T]
}

// piece is a parsed piece: the tokens it was parsed from, whose values
// are in a copy of its text of its own (so that a transcript is not kept
// alive by the memo), and what they parsed to.
type piece[T any] struct {
	text   string
	toks   []lexer.Token
	parsed T
}

func newMemo[T any]() *memo[T] {
	m := &memo[T]{seed: maphash.MakeSeed()}
	for i := range m.shards {
		m.shards[i].pieces = map[string]*piece[T]{}
	}
	return m
}

func (m *memo[T]) shard(text string) *memoShard[T] {
	return &m.shards[maphash.String(m.seed, text)%memoShards]
}

func (m *memo[T]) get(text string) *piece[T] {
	s := m.shard(text)
	s.mu.RLock()
	p := s.pieces[text]
	s.mu.RUnlock()
	return p
}

// put keeps p, parsed from text, unless the memo is full. The key is
// p's own copy of the text, not the transcript's.
func (m *memo[T]) put(text string, p *piece[T]) {
	size := pieceBytes(text, p.toks)
	if m.size.Load()+size > memoBytes {
		return
	}
	s := m.shard(text)
	s.mu.Lock()
	if _, ok := s.pieces[text]; !ok {
		s.pieces[p.text] = p
		m.size.Add(size)
	}
	s.mu.Unlock()
}

// forget empties the memo.
func (m *memo[T]) forget() {
	for i := range m.shards {
		s := &m.shards[i]
		s.mu.Lock()
		clear(s.pieces)
		s.mu.Unlock()
	}
	m.size.Store(0)
}

// pieceText is the source text of a piece: from its first token to the
// end of its last. The same text lexes to the same tokens wherever it
// stands, since a piece begins and ends where tokens do.
func pieceText(src string, toks []lexer.Token) string {
	last := toks[len(toks)-1]
	return src[toks[0].Pos.Offset : last.Pos.Offset+len(last.Value)]
}

// ownTokens are toks with their values in text, a copy of the piece's
// source text.
func ownTokens(text string, toks []lexer.Token) []lexer.Token {
	base := toks[0].Pos.Offset
	own := make([]lexer.Token, len(toks))
	for i, t := range toks {
		own[i] = t
		at := t.Pos.Offset - base
		own[i].Value = text[at : at+len(t.Value)]
	}
	return own
}

// Relocation copies nodes parsed from a piece's tokens (from) to another
// place of the same text (to): each node keeps its values and takes the
// positions and tokens of the new place.
type Relocation struct {
	from, to []lexer.Token
	failed   bool
}

// Node is n at the new place.
func (r *Relocation) Node(n Node) Node {
	for i := range r.from {
		if r.from[i].Pos.Offset == n.Pos.Offset {
			end := i + len(n.Tokens)
			if len(n.Tokens) == 0 || end > len(r.to) {
				break
			}
			return Node{Pos: r.to[i].Pos, Tokens: r.to[i:end:end]}
		}
	}
	// A node that does not begin at a token of its piece: never made by
	// participle, but should it be, the piece is parsed again instead.
	r.failed = true
	return n
}

// Player is a copy of p at the new place, or nil.
func (r *Relocation) Player(p *PlayerRef) *PlayerRef {
	if p == nil {
		return nil
	}
	c := *p
	c.Node = r.Node(p.Node)
	return &c
}

// Relocatable is what a grammar's move type offers for its parses to be
// kept: Relocate is a copy of the move at r's new place, its nodes passed
// through r. Slices may be shared with the original, clipped: a parsed
// transcript is never changed.
type Relocatable[M any] interface {
	Relocate(r *Relocation) M
}

// relocate copies a statement, as the head of a turn or a set-up line or
// a whole statement, which has no moves. A turn or a set-up line takes
// its statement, its part and its player from a, in one allocation.
func (s *Statement[M]) relocate(r *Relocation, a *blocks[M]) *Statement[M] {
	var c *Statement[M]
	switch {
	case s.Turn != nil:
		b := a.turn()
		b.st, b.turn, b.player = *s, *s.Turn, *s.Turn.Player
		c = &b.st
		c.Turn = &b.turn
		c.Turn.Player = &b.player
		c.Turn.Node = r.Node(s.Turn.Node)
		c.Turn.Player.Node = r.Node(s.Turn.Player.Node)
	case s.Setup != nil:
		b := a.setup()
		b.st, b.setup, b.player = *s, *s.Setup, *s.Setup.Player
		c = &b.st
		c.Setup = &b.setup
		c.Setup.Player = &b.player
		c.Setup.Node = r.Node(s.Setup.Node)
		c.Setup.Player.Node = r.Node(s.Setup.Player.Node)
	case s.Tag != nil:
		b := &struct {
			st  Statement[M]
			tag Tag
		}{*s, *s.Tag}
		c = &b.st
		c.Tag = &b.tag
		c.Tag.Node = r.Node(s.Tag.Node)
		c.Tag.Values = slices.Clip(s.Tag.Values)
	default:
		c = &Statement[M]{}
		*c = *s
		if s.Result != nil {
			t := *s.Result
			t.Node = r.Node(t.Node)
			t.Player = r.Player(t.Player)
			c.Result = &t
		}
	}
	c.Node = r.Node(s.Node)
	return c
}

// blocks holds the turns and set-up lines of a transcript, each with its
// statement and its player, allocated at once: a turn in three
// allocations cost more than its parse.
type blocks[M Move] struct {
	turns  []turnBlock[M]
	setups []setupBlock[M]
}

type turnBlock[M Move] struct {
	st     Statement[M]
	turn   Turn[M]
	player PlayerRef
}

type setupBlock[M Move] struct {
	st     Statement[M]
	setup  Setup[M]
	player PlayerRef
}

func (a *blocks[M]) turn() *turnBlock[M] {
	if len(a.turns) == 0 {
		return new(turnBlock[M])
	}
	b := &a.turns[0]
	a.turns = a.turns[1:]
	return b
}

func (a *blocks[M]) setup() *setupBlock[M] {
	if len(a.setups) == 0 {
		return new(setupBlock[M])
	}
	b := &a.setups[0]
	a.setups = a.setups[1:]
	return b
}

// head is the length of the head of a statement: of a turn, "12. Ann:"
// (turn), or of a set-up line, "Ann:"; any other statement is one piece,
// all head.
func (g *Grammar[M]) head(chunk []lexer.Token) (n int, turn bool) {
	switch {
	case len(chunk) >= 4 && chunk[0].Type == g.intType && chunk[1].Value == "." && chunk[3].Value == ":":
		return 4, true
	case len(chunk) >= 2 && chunk[1].Value == ":" && chunk[0].Value != "result":
		return 2, false
	}
	return len(chunk), false
}

// movePiece is the production a move is parsed with alone.
type movePiece[M Move] struct {
	Move M `parser:"@@"`
}

// parsePieces parses a transcript's tokens statement by statement and
// piece by piece, each piece's parse taken from the memo when its text
// was parsed before. It fails (false) where any piece does not parse
// alone; the whole file is then parsed as before. It goes in two rounds:
// the first finds every piece's parse, the second copies them to their
// places, so that a file that fails leaves next to nothing behind for the
// collector, where a tree of the file up to the failure was as large as
// the parse of the whole file that follows.
func (g *Grammar[M]) parsePieces(src string, toks []lexer.Token) (*File[M], bool) {
	file := &File[M]{}
	if len(toks) == 0 {
		return file, true
	}
	chunks := statements(toks)
	heads := make([]*piece[*Statement[M]], len(chunks))
	var moves []*piece[M]
	var turns, setups int
	for i, chunk := range chunks {
		head, turn := g.head(chunk)
		if heads[i] = findPiece(g.stmts, src, chunk[:head], g.parseStatementPiece); heads[i] == nil {
			return nil, false
		}
		st := heads[i].parsed
		switch {
		case st.Turn != nil:
			turns++
		case st.Setup != nil:
			setups++
		}
		if head == len(chunk) {
			continue
		}
		switch {
		case turn && st.Turn != nil && len(st.Turn.Moves) == 0:
		case !turn && st.Setup != nil && len(st.Setup.Moves) == 0:
		default:
			return nil, false // a head is never more; should it be, parse the file
		}
		ok := eachMove(chunk[head:], func(m []lexer.Token) bool {
			p := findPiece(g.moves, src, m, g.parseMovePiece)
			moves = append(moves, p)
			return p != nil
		})
		if !ok {
			return nil, false
		}
	}
	// One relocation for all pieces: passed to a move's Relocate, it would
	// otherwise be allocated at each.
	r := new(Relocation)
	a := &blocks[M]{turns: make([]turnBlock[M], turns), setups: make([]setupBlock[M], setups)}
	relocate := func(s *Statement[M], r *Relocation) *Statement[M] { return s.relocate(r, a) }
	file.Statements = make([]*Statement[M], len(chunks))
	for i, chunk := range chunks {
		head, _ := g.head(chunk)
		st, ok := placePiece(r, heads[i], chunk[:head], g.parseStatementPiece, relocate)
		if !ok {
			return nil, false
		}
		file.Statements[i] = st
		if head == len(chunk) {
			continue
		}
		placed := make([]M, 0, countMoves(chunk[head:]))
		eachMove(chunk[head:], func(toks []lexer.Token) bool {
			m, ok2 := placePiece(r, moves[0], toks, g.parseMovePiece, relocateMove[M])
			moves, ok = moves[1:], ok2
			placed = append(placed, m)
			return ok
		})
		if !ok {
			return nil, false
		}
		node := Node{Pos: chunk[0].Pos, Tokens: chunk}
		st.Node = node
		if st.Turn != nil {
			st.Turn.Node, st.Turn.Moves = node, placed
		} else {
			st.Setup.Node, st.Setup.Moves = node, placed
		}
	}
	return file, true
}

// eachMove calls f with each move's tokens of a turn or a set-up line,
// the tokens after its head, and stops when f returns false. It returns
// false then, or when a move is empty (as in "a1-a2, , b1").
func eachMove(toks []lexer.Token, f func([]lexer.Token) bool) bool {
	for {
		end := 0
		for end < len(toks) && toks[end].Value != "," {
			end++
		}
		if end == 0 || !f(toks[:end]) {
			return false
		}
		if end == len(toks) {
			return true
		}
		if toks = toks[end+1:]; len(toks) == 0 {
			return false
		}
	}
}

// countMoves is the number of moves eachMove finds in toks.
func countMoves(toks []lexer.Token) int {
	n := 1
	for _, t := range toks {
		if t.Value == "," {
			n++
		}
	}
	return n
}

// findPiece finds the parse of a piece's tokens: the memo's, or
// participle's, then kept; nil when they do not parse.
func findPiece[T any](m *memo[T], src string, toks []lexer.Token, parse func([]lexer.Token) (T, bool)) *piece[T] {
	text := pieceText(src, toks)
	if p := m.get(text); p != nil {
		return p
	}
	own := strings.Clone(text)
	owned := ownTokens(own, toks)
	parsed, ok := parse(owned)
	if !ok {
		return nil
	}
	p := &piece[T]{text: own, toks: owned, parsed: parsed}
	m.put(text, p)
	return p
}

// placePiece is p's parse at the place of toks, which have its text.
func placePiece[T any](r *Relocation, p *piece[T], toks []lexer.Token, parse func([]lexer.Token) (T, bool), relocate func(T, *Relocation) T) (T, bool) {
	*r = Relocation{from: p.toks, to: toks}
	if out := relocate(p.parsed, r); !r.failed {
		return out, true
	}
	// A parse that cannot be copied: parse the piece at its place.
	return parse(toks)
}

// parseStatementPiece parses a statement, or the head of one, with the
// grammar's statement production.
func (g *Grammar[M]) parseStatementPiece(toks []lexer.Token) (*Statement[M], bool) {
	st, err := Guard(func() (*Statement[M], error) {
		return g.stmt.ParseFromLexer(TokenLexer(toks, tokenEnd(toks[len(toks)-1])))
	})
	return st, err == nil
}

// parseMovePiece parses a move with the grammar's move production.
func (g *Grammar[M]) parseMovePiece(toks []lexer.Token) (M, bool) {
	mp, err := Guard(func() (*movePiece[M], error) {
		return g.move.ParseFromLexer(TokenLexer(toks, tokenEnd(toks[len(toks)-1])))
	})
	if err != nil {
		var none M
		return none, false
	}
	return mp.Move, true
}

// relocateMove copies a move, when its type can be copied; else it fails
// r, and the move is parsed at each place.
func relocateMove[M Move](m M, r *Relocation) M {
	rel, ok := any(m).(Relocatable[M])
	if !ok {
		r.failed = true
		return m
	}
	return rel.Relocate(r)
}

// ForgetParses empties the grammar's memo of parsed pieces, for
// benchmarks that measure a first parse.
func (g *Grammar[M]) ForgetParses() {
	g.stmts.forget()
	g.moves.forget()
}
