package notation

import (
	"encoding/binary"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

// A transcript without lexical errors is parsed statement by statement.
// Tags, result lines and the heads of turns and set-up lines ("12. Ann:",
// "Ann:") are read from their tokens, as participle parses them (isTag,
// head, isResult). participle parses a move the first time its text is
// met, and the parse is kept by text (or by shape, for a grammar with
// value tokens: shapeKey), so that the same move met again, in this
// transcript or another, is a copy at the new place (Relocation): most
// moves are met before, and a parse costs a hundred times a copy.
//
// A move parsed alone is followed by the end of input, not by the rest of
// the file, and that is the same parse: a move is followed by "," or by a
// statement's start ("[", a number and ".", a name and ":", "result:");
// no move goes on with "," or "[", lists of names stop before a name and
// ":" (by lookahead), and the one list that takes a number (Mecha's deck,
// 12 Scout) gives it back at the "." after it. When any piece fails, the
// whole file is parsed as before, and errors come from there. Tests and
// fuzz targets hold both to the same tree on every example, random game,
// fuzz input and hostile input.
//
// Each grammar's memo is shared by the whole process and bounded.

// memoBytes bounds the memory a grammar's memo holds, roughly counted,
// so that it stays small whatever the input: a few thousand moves make
// up most transcripts of a game. Past it, new moves are parsed each time
// they are met.
const memoBytes = 8 << 20

// pieceBytes is the rough size of a kept piece of n tokens: its text and
// what it parses to, with the memo's own share. Measured on random games
// of each game and on TestMemoCountsWhatItHolds (the heap's growth over
// the pieces kept): 290 to 490 bytes a piece of 3 to 6 tokens.
func pieceBytes(text string, n int) int64 {
	return int64(len(text) + n*48 + 224)
}

// memo keeps parsed moves by their text or shape. Most lookups find a
// piece met before in read, a map never changed, without a lock; a new
// piece goes into recent, merged into a new read map once lookups have
// found enough pieces there to pay for it.
type memo struct {
	read   atomic.Pointer[map[string]*piece]
	mu     sync.Mutex
	recent map[string]*piece // pieces not in read
	misses int               // lookups that had to go to recent
	limit  int64             // memoBytes, but for tests
	size   atomic.Int64      // of the pieces kept, as pieceBytes counts
}

// piece is a parsed move: its key (text or shape) in a copy of its own,
// so that no transcript is kept alive, its number of tokens, and its
// parse, which holds no tokens (Relocation); fixed when that parse cannot
// be copied to another place (findMove).
type piece struct {
	text   string
	n      int
	parsed Move
	fixed  bool
	rel    Relocatable[Move] // parsed, asserted once, not at each place
	first  *firstText        // a shape's first text, which parsed holds for alone
}

func newMemo() *memo {
	m := &memo{limit: memoBytes}
	m.forget()
	return m
}

func (m *memo) get(text string) *piece {
	if p := (*m.read.Load())[text]; p != nil {
		return p
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	read := *m.read.Load()
	if p := read[text]; p != nil {
		return p // merged since
	}
	p := m.recent[text]
	if p != nil {
		m.misses++
		// Merge once the lookups that went to recent pay for copying read:
		// at least as many as recent holds, and an eighth of read.
		if m.misses >= max(len(m.recent), len(read)/8) {
			merged := make(map[string]*piece, len(read)+len(m.recent))
			maps.Copy(merged, read)
			maps.Copy(merged, m.recent)
			m.read.Store(&merged)
			m.recent, m.misses = map[string]*piece{}, 0
		}
	}
	return p
}

// put keeps p by its key, text, unless the memo is full. The map's key is
// p's own copy of it, not the transcript's.
func (m *memo) put(text string, p *piece) {
	size := pieceBytes(text, p.n)
	if p.first != nil {
		size *= 2 // and its shape's, to come (shapeOf)
	}
	if m.size.Load()+size > m.limit {
		return
	}
	m.mu.Lock()
	_, in := (*m.read.Load())[text]
	if _, recent := m.recent[text]; !in && !recent {
		m.recent[p.text] = p
		m.size.Add(size)
	}
	m.mu.Unlock()
}

// forget empties the memo.
func (m *memo) forget() {
	m.mu.Lock()
	m.read.Store(&map[string]*piece{})
	m.recent, m.misses = map[string]*piece{}, 0
	m.mu.Unlock()
	m.size.Store(0)
}

// part is a run of a file's tokens, [lo, hi): a statement, a head, a move.
type part struct{ lo, hi int }

func (p part) len() int { return p.hi - p.lo }

// text is the source text of a part: from its first token to the end of
// its last. The same text lexes to the same tokens wherever it stands,
// since a part begins and ends where tokens do.
func (t *tokens) text(p part) string {
	last := &t.toks[p.hi-1]
	return t.src[t.toks[p.lo].off : last.off+int(last.n)]
}

// lexTokens are the tokens of a part as participle reads them, good
// until the next call: participle copies them.
func (t *tokens) lexTokens(p part) []lexer.Token {
	out := slices.Grow((*t.lexed)[:0], p.len())[:p.len()]
	*t.lexed = out
	for i := range out {
		out[i] = t.lexToken(p.lo + i)
	}
	return out
}

// ownTokens are the tokens of a part with their values in text, a copy
// of the part's source text, so that the strings of a kept parse do not
// keep a transcript alive.
func (t *tokens) ownTokens(text string, p part) []lexer.Token {
	own := t.lexTokens(p)
	base := own[0].Pos.Offset
	for i := range own {
		at := own[i].Pos.Offset - base
		own[i].Value = text[at : at+len(own[i].Value)]
	}
	return own
}

// Relocation copies a piece's parse to another place of the same tokens:
// each node keeps its values and takes the place of its first and last
// tokens there; a string that stands for a value token (ValueTokens)
// takes that token's value there (Value). A parse is first placed where
// it was parsed (findMove, keeping), which numbers each node's first and
// last tokens in the piece; a kept parse is placed by those numbers.
type Relocation struct {
	// to and at are the new place: the part at of a file's tokens.
	to *tokens
	at part
	// keeping is set for the first placement, which makes the parse kept.
	keeping bool
	failed  bool
	// copies is where Copy takes memory from: the arena's, or nil for
	// the heap.
	copies *copies
}

// Place moves *n, a node of a copy being placed, to the new place, with
// no tokens: only participle reads a node's tokens, and the node has its
// end (Span). It is placed where it stands, as a Relocate has copied the
// move (a node passed in and given back was copied three times).
func (r *Relocation) Place(n *Node) {
	first, last := int(n.end.first), int(n.end.last)
	if n.end.column == 0 {
		// As participle made it: placed where it was parsed.
		var ok bool
		if first, last, ok = r.tokensOf(n); !ok {
			// A node without tokens stands where the next token does,
			// which may be past the piece; or one not of this piece. The
			// piece is parsed again at each place instead.
			r.failed = true
			return
		}
	}
	if r.keeping {
		// Kept, the node needs only its tokens' numbers; a column marks
		// it placed.
		*n = Node{end: nodeEnd{column: 1, first: uint16(first), last: uint16(last)}}
		return
	}
	r.to.setNode(n, r.at.lo+first, r.at.lo+last)
}

// tokensOf is the numbers of the first and last tokens of n, as
// participle made it, in r's piece: it fails when n has no tokens, is not
// a run of the piece's, or is too long to number.
func (r *Relocation) tokensOf(n *Node) (first, last int, ok bool) {
	if len(n.Tokens) == 0 || n.Tokens[0].Pos.Offset != n.Pos.Offset {
		return 0, 0, false
	}
	first, last = -1, -1
	from, to := n.Tokens[0].Pos.Offset, n.Tokens[len(n.Tokens)-1].Pos.Offset
	for i := r.at.lo; i < r.at.hi; i++ {
		if r.to.toks[i].off == from {
			first = i - r.at.lo
		}
		if r.to.toks[i].off == to {
			last = i - r.at.lo
		}
	}
	return first, last, first >= 0 && last >= first && last <= maxPieceTokens
}

// maxPieceTokens is the most tokens a node's numbers count to: a longer
// piece is parsed at each place.
const maxPieceTokens = 1<<16 - 1

// Value is s, a string of a parse being placed, at the new place: when s
// stands for the value of one of the piece's value tokens (see
// ValueTokens), that token's value there; else s. A move's Relocate passes
// every string it took from a token through Value.
func (r *Relocation) Value(s string) string {
	if k, ok := valueIndex(s); ok && !r.keeping {
		return r.to.value(r.at.lo + k)
	}
	return s
}

// Values is ss at the new place, as Value gives each; ss itself, clipped,
// when none stands for a value token.
func (r *Relocation) Values(ss []string) []string {
	for i, s := range ss {
		if _, ok := valueIndex(s); ok && !r.keeping {
			out := r.copies.strings(len(ss))
			copy(out, ss[:i])
			for j := i; j < len(ss); j++ {
				out[j] = r.Value(ss[j])
			}
			return out
		}
	}
	return slices.Clip(ss)
}

// Player is a copy of p at the new place, or nil.
func (r *Relocation) Player(p *PlayerRef) *PlayerRef {
	if p == nil {
		return nil
	}
	c := Copy(r, p)
	r.Place(&c.Node)
	c.Name = r.Value(p.Name)
	return c
}

// Relocatable is what a grammar's move type offers for its parses to be
// kept: Relocate is a copy of the move at r's new place (Copy), each of its
// nodes placed by r.Place. Slices may be shared with the original,
// clipped: a parsed transcript is never changed.
type Relocatable[M any] interface {
	Relocate(r *Relocation) M
}

// block is a turn or a set-up line (head) with its statement and its
// player, allocated at once: a turn in three allocations cost more than
// its parse.
type block[H any] struct {
	st     Statement
	head   H
	player PlayerRef
}

// What a statement's first tokens make it (head).
const (
	resultLine   = iota // "result: Ann wins", or anything else: one piece
	turnHead            // "12. Ann:", and moves
	setupHead           // "Ann:", and moves
	tagStatement        // [Seed "7"] (isTag)
)

// head is the length of the head of a statement, and which it is: of a
// turn, "12. Ann:", or of a set-up line, "Ann:"; any other statement is
// one piece, all head. A turn's or set-up line's head is read from its
// tokens, as participle parses it, when its name is one (isName).
func (g *Grammar) head(t *tokens, chunk part) (n, kind int) {
	lo := chunk.lo
	switch {
	case chunk.len() >= 4 && lexer.TokenType(t.toks[lo].typ) == g.intType && t.value(lo+1) == "." && t.value(lo+3) == ":":
		return 4, turnHead
	case chunk.len() >= 2 && t.value(lo+1) == ":" && t.value(lo) != "result":
		return 2, setupHead
	}
	return chunk.len(), resultLine
}

// isName tells whether token i is a player's name as PlayerRef takes it.
func (g *Grammar) isName(t *tokens, i int) bool {
	typ := lexer.TokenType(t.toks[i].typ)
	return typ == g.identType || typ == g.strType
}

// after is the part of a statement after its head of n tokens.
func (p part) after(n int) part { return part{p.lo + n, p.hi} }

// first is the first n tokens of a part.
func (p part) first(n int) part { return part{p.lo, p.lo + n} }

// parsePieces parses a transcript's tokens piece by piece, or fails
// (false) where any piece does not parse alone. It finds every piece's
// parse before it copies any to its place, so that a file that fails
// leaves the collector next to nothing. The tree comes from ar when it is
// not nil (see Arena).
func (g *Grammar) parsePieces(ar *Arena, t *tokens, chunks []part) (*File, bool) {
	file := &File{}
	if len(chunks) == 0 {
		return file, true
	}
	if ar == nil {
		ar = &Arena{} // kept by nothing: each take allocates
	}
	// What the first round finds of each statement, and the parts of the
	// moves, for the second to place them without looking again.
	forms := take(&ar.forms, len(chunks))
	moves := take(&ar.found, 0)
	defer func() {
		if cap(moves) <= arenaMost {
			ar.found = moves[:0]
		}
	}()
	var turns, setups int
	var last *piece
	var lastKey string
	for i, chunk := range chunks {
		if g.isTag(t, chunk) {
			forms[i] = form{head: chunk.len(), kind: tagStatement}
			continue
		}
		head, kind := g.head(t, chunk)
		forms[i] = form{head: head, kind: kind}
		switch {
		case head > longStatement:
			// Not a statement of the notation: let the file's error
			// path parse it, a prefix first (parseRun), where this
			// would make every token of it for participle.
			return nil, false
		case kind == resultLine:
			if !g.isResult(t, chunk) {
				return nil, false
			}
			continue
		case !g.isName(t, chunk.lo+head-2):
			return nil, false // participle says what is wrong with it
		case kind == turnHead:
			n, ok := turnNumber(t.value(chunk.lo))
			if !ok {
				return nil, false
			}
			forms[i].number = n
			turns++
		default:
			setups++
		}
		for rest := chunk.after(head); rest.len() > 0; {
			m, next, ok := t.nextMove(rest)
			if rest = next; !ok {
				return nil, false
			}
			// Each key in the other buffer, so that the last one stands: a
			// move is often of the last one's shape, taken without the memo.
			key, values := g.moveKey(t, m, &ar.moveKeys[len(moves)%2])
			p := last
			if key != lastKey || p == nil || p.first != nil && !p.fixed && p.first.text != t.text(m) {
				p = g.findMove(t, m, key, values)
			}
			if last, lastKey = p, key; p == nil {
				return nil, false
			}
			moves = append(moves, foundMove{p, m})
			forms[i].moves++
		}
	}
	// One relocation for all pieces: passed to a move's Relocate, it would
	// otherwise be allocated at each.
	ar.copies.reset()
	r := &Relocation{copies: &ar.copies}
	turnBlocks, setupBlocks := take(&ar.turns, turns), take(&ar.setups, setups)
	// The moves of all turns and set-up lines in one array, each clipped
	// to its own.
	all := take(&ar.moves, len(moves))
	file.Statements = take(&ar.stmts, len(chunks))
	toPlace := moves
	for i, chunk := range chunks {
		f := &forms[i]
		switch f.kind {
		case tagStatement:
			file.Statements[i] = readTag(r, t, chunk)
			continue
		case resultLine:
			file.Statements[i] = readResult(t, chunk)
			continue
		}
		var placed []Move // nil for none, as participle leaves it
		if f.moves > 0 {
			placed, all = all[:f.moves:f.moves], all[f.moves:]
		}
		for k := range placed {
			var ok bool
			if placed[k], ok = g.placeMove(r, toPlace[0].p, t, toPlace[0].at); !ok {
				return nil, false
			}
			toPlace = toPlace[1:]
		}
		// participle's statement and turn or set-up line span the whole
		// line; its player, the name. Field by field: a block written
		// whole went through a copy.
		var st *Statement
		var player *PlayerRef
		var head *Node
		if f.kind == turnHead {
			b := &turnBlocks[0]
			turnBlocks = turnBlocks[1:]
			st, player, head = &b.st, &b.player, &b.head.Node
			b.head.Number, b.head.Player, b.head.Moves = f.number, player, placed
			*st = Statement{Turn: &b.head}
		} else {
			b := &setupBlocks[0]
			setupBlocks = setupBlocks[1:]
			st, player, head = &b.st, &b.player, &b.head.Node
			b.head.Player, b.head.Moves = player, placed
			*st = Statement{Setup: &b.head}
		}
		t.setNode(&st.Node, chunk.lo, chunk.hi-1)
		*head = st.Node
		player.Name = t.value(chunk.lo + f.head - 2)
		t.setNode(&player.Node, chunk.lo+f.head-2, chunk.lo+f.head-2)
		file.Statements[i] = st
	}
	return file, true
}

// turnNumber reads a turn's number, digits, as participle reads it into
// an int, in base 0 (a leading 0 makes it octal); by hand when it is too
// short to overflow, as nearly all are (strconv took 1% of a check).
func turnNumber(digits string) (int, bool) {
	if digits[0] == '0' || len(digits) > strconv.IntSize*9/32 { // 18 digits of 64 bits
		n, err := strconv.ParseInt(digits, 0, strconv.IntSize)
		return int(n), err == nil
	}
	n := 0
	for i := 0; i < len(digits); i++ {
		n = n*10 + int(digits[i]-'0')
	}
	return n, true
}

// foundMove is a move's parse, found by the first round of parsePieces,
// and its place.
type foundMove struct {
	p  *piece
	at part
}

// form is what the first round of parsePieces finds of a statement: its
// head's length and kind (head), its number of moves, and a turn's number.
type form struct {
	head, moves, kind int
	number            int // a turn's
}

// nextMove is the first move of p, the tokens of a turn or a set-up line
// after its head, up to its first comma, and the rest of p after that
// comma; false when the move is empty (as in "a1-a2, , b1"), or when the
// comma ends p.
func (t *tokens) nextMove(p part) (m, rest part, ok bool) {
	end := p.lo
	for end < p.hi && !t.comma(end) {
		end++
	}
	return part{p.lo, end}, part{min(end+1, p.hi), p.hi}, end > p.lo && (end == p.hi || end+1 < p.hi)
}

func (t *tokens) comma(i int) bool {
	k := &t.toks[i]
	return k.n == 1 && t.src[k.off] == ','
}

// countMoves is the number of moves nextMove finds in p.
func (t *tokens) countMoves(p part) int {
	n := 1
	for i := p.lo; i < p.hi; i++ {
		if t.comma(i) {
			n++
		}
	}
	return n
}

// moveKey is the key the move at m is kept by: its shape (shapeKey),
// written in buf, and the value tokens it leaves out; or its text.
func (g *Grammar) moveKey(t *tokens, m part, buf *[]byte) (string, *valueTokens) {
	if g.values == nil {
		return t.text(m), nil
	}
	return t.shapeKey(m, g.values, buf)
}

// findMove finds the parse of the move at p by key (its text, or its
// shape: shapeKey; it may be scratch memory): the memo's, or participle's,
// placed where it was parsed (Relocation) and kept; nil when it does not
// parse. A parse that cannot be placed is kept too, marked fixed. A shape
// is parsed as written when first met, for that text alone (firstText):
// most of a small file's shapes are met once; shapeOf makes its parse for
// any text.
func (g *Grammar) findMove(t *tokens, p part, key string, values *valueTokens) *piece {
	if found := g.moves.get(key); found != nil {
		if found.first == nil || found.fixed {
			return found
		}
		if shape := found.first.shape.Load(); shape != nil {
			return shape
		}
		if t.text(p) == found.first.text {
			return found
		}
		return g.shapeOf(found, t, p, values)
	}
	own := strings.Clone(t.text(p))
	owned := t.ownTokens(own, p)
	parsed, ok := g.parseMove(owned)
	if !ok {
		return nil
	}
	r := &Relocation{to: t, at: p, keeping: true}
	if placed := relocateMove(parsed, r); !r.failed {
		parsed = placed
	}
	kept := &piece{text: own, n: p.len(), parsed: parsed, fixed: r.failed}
	if key != own {
		kept.text = strings.Clone(key)
	}
	if slices.ContainsFunc(owned, func(k lexer.Token) bool { return values.stands(k.Type, k.Value) }) {
		kept.first = &firstText{text: own}
	}
	kept.rel, _ = parsed.(Relocatable[Move])
	g.moves.put(kept.text, kept)
	return kept
}

// firstText is the text a shape was first met with, which the piece's
// parse holds for alone, and the parse for any text of the shape, once
// another is met.
type firstText struct {
	text  string
	shape atomic.Pointer[piece]
}

// shapeOf is the parse of first's shape with values standing for any,
// made at the move at p, another text of it: kept if it is the first
// text's parse there, else fixed (the grammar does more than copy those
// values, and the shape is parsed at each place).
func (g *Grammar) shapeOf(first *piece, t *tokens, p part, values *valueTokens) *piece {
	owned := t.ownTokens(strings.Clone(t.text(p)), p)
	standForValues(owned, values)
	shape := &piece{text: first.text, n: p.len(), parsed: first.parsed, fixed: true}
	if parsed, ok := g.parseMove(owned); ok {
		r := &Relocation{to: t, at: p, keeping: true}
		placed := relocateMove(parsed, r)
		at := compact("", first.first.text, TokenizeWith(g.lex, "", first.first.text, TokenizeOptions{}).Tokens)
		there := func() *Relocation { return &Relocation{to: at, at: part{0, len(at.toks)}} }
		if !r.failed && len(at.toks) == first.n && reflect.DeepEqual(relocateMove(placed, there()), relocateMove(first.parsed, there())) {
			shape.parsed, shape.fixed = placed, false
		}
	}
	shape.rel, _ = shape.parsed.(Relocatable[Move])
	// Counted in the memo's size with the first text's piece (put).
	if first.first.shape.CompareAndSwap(nil, shape) {
		return shape
	}
	return first.first.shape.Load()
}

// valueBlock holds the strings that stand for a piece's value tokens in a
// kept parse: the kth token's is valueBlock[k:k+1]. They are told from
// every string of a transcript by where their byte is, not by what it is,
// so no transcript can write one.
var valueBlock = strings.Repeat("\x00", maxValueTokens)

// maxValueTokens is the most tokens a piece with value tokens that stand
// for any value has: a longer one's shape keeps its values (shapeKey).
const maxValueTokens = 256

// valueIndex tells whether s stands for a value token, and which.
func valueIndex(s string) (int, bool) {
	if len(s) != 1 {
		return 0, false
	}
	k := uintptr(unsafe.Pointer(unsafe.StringData(s))) - uintptr(unsafe.Pointer(unsafe.StringData(valueBlock)))
	return int(k), k < maxValueTokens
}

// valueTokens are the tokens a grammar keeps its moves' parses without:
// those of its types, but for its own words, kept (ValueNames).
type valueTokens struct {
	// keptFirst has, for each byte a kept word begins with, a bit for
	// its length (63 for any longer): most values' text is no kept
	// word's, and is told so at once; the rest is looked for among the
	// words of its first byte (keptBy), without hashing it.
	keptFirst [256]uint64
	keptBy    [256][]string
	// isValue tells the types by their number (typeIndex), looked for at
	// every token of a move.
	isValue [256]bool
}

// typeIndex is a token type's number as a byte, 1 to 254: the lexers'
// types are -2, -3 and on, a few dozen at most (SimpleSymbols).
func typeIndex(typ lexer.TokenType) (byte, bool) {
	return byte(-typ), typ < 0 && typ > -255
}

// stands tells whether a token of type typ and the text stands for any
// value in a move's shape; false for nil values.
func (v *valueTokens) stands(typ lexer.TokenType, text string) bool {
	k, ok := typeIndex(typ)
	return v != nil && ok && v.isValue[k] && (text == "" || !v.isKept(text))
}

// isKept tells whether text, not empty, is a word the grammar keeps
// (ValueNames).
func (v *valueTokens) isKept(text string) bool {
	return v.keptFirst[text[0]]&(1<<min(len(text), 63)) != 0 && v.among(text)
}

// among tells whether text is among the kept words of its first byte.
// A call, so that isKept stays small enough for the compiler to put in
// shapeKey's loop.
//
//go:noinline
func (v *valueTokens) among(text string) bool {
	return slices.Contains(v.keptBy[text[0]], text)
}

// keep makes word a kept word.
func (v *valueTokens) keep(word string) {
	if !v.isKept(word) {
		v.keptFirst[word[0]] |= 1 << min(len(word), 63)
		v.keptBy[word[0]] = append(v.keptBy[word[0]], word)
	}
}

// standForValues gives each value token of a piece's tokens the string
// that stands for it.
func standForValues(toks []lexer.Token, values *valueTokens) {
	for k := range toks {
		if values.stands(toks[k].Type, toks[k].Value) {
			toks[k].Value = valueBlock[k : k+1]
		}
	}
}

// shapeKey is the key of a piece of a grammar with value tokens, written
// in buf (good until buf is written again), and the value tokens it
// leaves out: its tokens' types, and the values of the others, so that
// pieces that differ only in their values or spacing share it. A piece
// too long to be kept by its shape leaves out none.
func (t *tokens) shapeKey(p part, values *valueTokens, buf *[]byte) (string, *valueTokens) {
	if p.len() > maxValueTokens {
		values = nil
	}
	b := (*buf)[:0]
	for i := p.lo; i < p.hi; i++ {
		k := &t.toks[i]
		text := t.src[k.off : k.off+int(k.n)]
		typ := byte(-k.typ) // a fast lexer's types are typeIndex's (maxGameRules)
		b = append(b, typ)
		if values != nil && values.isValue[typ] && !values.isKept(text) {
			b = append(b, 0)
			continue
		}
		b = binary.AppendUvarint(b, uint64(k.n)+1)
		b = append(b, text...)
	}
	*buf = b
	return unsafe.String(unsafe.SliceData(b), len(b)), values
}

// isTag tells whether chunk is a header tag, as in [Seed "7"]: "[", a
// name, strings and "]", which participle parses to its name and its
// strings as written, whatever they are; so it is read without a parse
// (readTag). A file's tags are mostly its own (its seed, its date): kept
// by text, each was parsed by participle for no other file.
func (g *Grammar) isTag(t *tokens, chunk part) bool {
	lo, hi := chunk.lo, chunk.hi
	if chunk.len() < 3 || t.value(lo) != "[" || t.value(hi-1) != "]" || lexer.TokenType(t.toks[lo+1].typ) != g.identType {
		return false
	}
	for i := lo + 2; i < hi-1; i++ {
		if lexer.TokenType(t.toks[i].typ) != g.strType {
			return false
		}
	}
	return true
}

// readTag is the statement of the header tag at chunk, as participle
// parses it, its strings from r's memory.
func readTag(r *Relocation, t *tokens, chunk part) *Statement {
	b := &struct {
		st  Statement
		tag Tag
	}{}
	if n := chunk.len() - 3; n > 0 {
		b.tag.Values = r.copies.strings(n)
		for i := range n {
			b.tag.Values[i] = t.value(chunk.lo + 2 + i)
		}
	}
	b.tag.Name = t.value(chunk.lo + 1)
	t.setNode(&b.st.Node, chunk.lo, chunk.hi-1)
	b.tag.Node, b.st.Tag = b.st.Node, &b.tag
	return &b.st
}

// isResult tells whether chunk is a result line as participle parses it:
// "result:" and "draw" or "unfinished", or a name and "wins" or
// "resigns". participle takes "draw" and "unfinished" first, whatever
// follows them.
func (g *Grammar) isResult(t *tokens, chunk part) bool {
	lo := chunk.lo
	if chunk.len() < 3 || t.value(lo) != "result" || t.value(lo+1) != ":" {
		return false
	}
	if w := t.value(lo + 2); w == "draw" || w == "unfinished" {
		return chunk.len() == 3
	}
	verb := t.value(chunk.hi - 1)
	return chunk.len() == 4 && g.isName(t, lo+2) && (verb == "wins" || verb == "resigns")
}

// readResult is the statement of the result line at chunk (isResult), as
// participle parses it.
func readResult(t *tokens, chunk part) *Statement {
	b := &struct {
		st     Statement
		res    Result
		player PlayerRef
	}{}
	switch t.value(chunk.lo + 2) {
	case "draw":
		b.res.Draw = true
	case "unfinished":
		b.res.Unfinished = true
	default:
		b.player.Name, b.res.Verb, b.res.Player = t.value(chunk.lo+2), t.value(chunk.lo+3), &b.player
		t.setNode(&b.player.Node, chunk.lo+2, chunk.lo+2)
	}
	t.setNode(&b.st.Node, chunk.lo, chunk.hi-1)
	b.res.Node, b.st.Result = b.st.Node, &b.res
	return &b.st
}

// placeMove is p's parse at the place of at, which has its text.
func (g *Grammar) placeMove(r *Relocation, p *piece, t *tokens, at part) (Move, bool) {
	if !p.fixed { // then p.rel is set (findMove)
		r.to, r.at = t, at
		if out := p.rel.Relocate(r); !r.failed {
			return out, true
		}
		r.failed = false
	}
	// A parse that cannot be copied: parse the move at its place.
	return g.parseMove(t.lexTokens(at))
}

// parseMove parses a move.
func (g *Grammar) parseMove(toks []lexer.Token) (Move, bool) {
	m, err := Guard(func() (*Move, error) {
		p, err := g.move.Parser(toks)
		if err != nil {
			return nil, err
		}
		return p.ParseFromLexer(TokenLexer(toks, tokenEnd(toks[len(toks)-1])))
	})
	if err != nil {
		return nil, false
	}
	return *m, true
}

// relocateMove copies a move, when its type can be copied; else it fails
// r, and the move is parsed at each place.
func relocateMove(m Move, r *Relocation) Move {
	rel, ok := any(m).(Relocatable[Move])
	if !ok {
		r.failed = true
		return m
	}
	return rel.Relocate(r)
}

// ForgetParses empties the grammar's memo of parsed pieces, for
// benchmarks that measure a first parse.
func (g *Grammar) ForgetParses() {
	g.ready().moves.forget()
}
