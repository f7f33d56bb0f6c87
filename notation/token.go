package notation

import (
	"math"
	"sync"

	"github.com/alecthomas/participle/v2/lexer"
)

// token is a token as the parse piece by piece reads it (memo.go): a
// lexer.Token's type and place without its value (src[off:off+n]) or file
// name, and no pointer: a lexer.Token is 64 bytes with two, and making
// one for every token of a file was a fifth of a check. Line and column
// are one field, so that the compiler makes a token's four in registers.
type token struct {
	off int
	n   int32
	lineCol
	typ int32
}

type lineCol struct{ line, col int32 }

// maxCompact is the size of the largest text whose tokens fit a token's
// fields; a larger one (past --max-bytes's default by far) is lexed into
// lexer.Tokens directly.
const maxCompact = math.MaxInt32

// tokens is a file's compact tokens with the text they are in.
type tokens struct {
	filename, src string
	toks          []token
	// lexed is where lexTokens makes a piece's tokens, used again for the
	// next piece.
	lexed *[]lexer.Token
	// ascii is set when src is ASCII: a token's width is its length.
	ascii bool
	// all is every token as participle reads it, and one more, when the
	// lexer made them so (parseRun); toks is then nil.
	all []lexer.Token
}

// width is the number of characters of token i.
func (t *tokens) width(i int) int {
	if t.ascii {
		return int(t.toks[i].n)
	}
	return runes(t.value(i))
}

func (t *tokens) value(i int) string {
	k := &t.toks[i]
	return t.src[k.off : k.off+int(k.n)]
}

// pos is where token i begins.
func (t *tokens) pos(i int) lexer.Position {
	k := &t.toks[i]
	return lexer.Position{Filename: t.filename, Offset: k.off, Line: int(k.line), Column: int(k.col)}
}

// setNode places *n at tokens lo to hi, both in, without making the
// position of its end (a tenth of a Sortie check went to placing nodes).
func (t *tokens) setNode(n *Node, lo, hi int) {
	a, b := &t.toks[lo], &t.toks[hi]
	// Field by field: a Position made whole went through the stack.
	n.Pos.Filename, n.Pos.Offset, n.Pos.Line, n.Pos.Column = t.filename, a.off, int(a.line), int(a.col)
	n.Tokens = nil
	n.end = nodeEnd{bytes: int32(b.off + int(b.n) - a.off), lines: b.line - a.line, column: b.col + int32(t.width(hi))}
}

// lexToken is token i as participle reads it.
func (t *tokens) lexToken(i int) lexer.Token {
	return lexer.Token{Type: lexer.TokenType(t.toks[i].typ), Value: t.value(i), Pos: t.pos(i)}
}

// expand is every token as participle reads it.
func (t *tokens) expand() []lexer.Token {
	if len(t.toks) == 0 {
		return nil
	}
	// One more for the end of input, which parseCompact appends.
	out := make([]lexer.Token, len(t.toks), len(t.toks)+1)
	for i := range t.toks {
		out[i] = t.lexToken(i)
	}
	return out
}

// compact is toks, lexed from src, as compact tokens. Values that differ
// from src's text (where Tokenize masked an invalid byte) differ only in
// bytes that no statement or piece boundary is made of.
func compact(filename, src string, toks []lexer.Token) *tokens {
	out := &tokens{filename: filename, src: src, toks: make([]token, len(toks))}
	for i, t := range toks {
		out.toks[i] = token{off: t.Pos.Offset, n: int32(len(t.Value)), lineCol: lineCol{int32(t.Pos.Line), int32(t.Pos.Column)}, typ: int32(t.Type)}
	}
	return out
}

// scratch is a parse's working memory, which nothing the parse returns
// holds, kept from one parse to the next: the compact tokens, the
// statements' parts, and the tokens participle reads of a piece it parses
// (it copies them).
type scratch struct {
	toks  []token
	parts []part
	lexed []lexer.Token
}

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// keptBuffer is the most elements of each kind a scratch keeps for the
// next parse, so that one huge file does not pin its memory for the life
// of the process.
const keptBuffer = 1 << 20

func getScratch() *scratch { return scratches.Get().(*scratch) }

func putScratch(s *scratch) {
	if cap(s.toks) > keptBuffer || cap(s.parts) > keptBuffer || cap(s.lexed) > keptBuffer {
		return
	}
	s.toks, s.parts = s.toks[:0], s.parts[:0]
	clear(s.lexed[:cap(s.lexed)]) // their values are in transcripts
	s.lexed = s.lexed[:0]
	scratches.Put(s)
}
