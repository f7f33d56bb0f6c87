package notation

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Limits bound a transcript, so that hostile input (a huge file, a line of
// megabytes, millions of moves) ends at once with a positioned error
// rather than in a long parse. The zero value of a field means its
// default.
type Limits struct {
	MaxBytes int // the size of the file
	MaxLine  int // the bytes of one line
	MaxMoves int // the moves of a whole transcript, set-up lines included
	// MaxErrors is the most errors of each kind (syntax, structure) kept
	// of one text: those past it, by position, are only counted
	// (Parsed.Dropped, Transcript.Dropped), so that memory follows what
	// a report prints rather than what a hostile file holds. A negative
	// value keeps them all.
	MaxErrors int
}

// The default limits: far above any game played or generated.
const (
	DefaultMaxBytes = 16 << 20
	DefaultMaxLine  = 64 << 10
	DefaultMaxMoves = 100_000
	// DefaultMaxErrors is what referee check prints by default
	// (--max-diagnostics).
	DefaultMaxErrors = 100
)

// OrDefault fills in the defaults of the fields left at zero.
func (l Limits) OrDefault() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxBytes
	}
	if l.MaxLine <= 0 {
		l.MaxLine = DefaultMaxLine
	}
	if l.MaxMoves <= 0 {
		l.MaxMoves = DefaultMaxMoves
	}
	if l.MaxErrors == 0 {
		l.MaxErrors = DefaultMaxErrors
	}
	return l
}

// PositionAt is the position of the byte at offset in src.
func PositionAt(filename, src string, offset int) lexer.Position {
	offset = min(max(offset, 0), len(src))
	before := src[:offset]
	line := strings.Count(before, "\n") + 1
	start := strings.LastIndexByte(before, '\n') + 1
	col := utf8.RuneCountInString(strings.TrimPrefix(before[start:], "\uFEFF")) + 1
	return lexer.Position{Filename: filename, Offset: offset, Line: line, Column: col}
}

// CheckSize checks the file size, NUL bytes and line lengths before any
// parsing, returning the first fault, at its place.
func (l Limits) CheckSize(filename, src string) *Error {
	l = l.OrDefault()
	if len(src) > l.MaxBytes {
		at := PositionAt(filename, src, l.MaxBytes)
		return &Error{Span{at, at}, fmt.Sprintf("the file is larger than the limit of %d bytes (--max-bytes)", l.MaxBytes)}
	}
	if i := strings.IndexByte(src, 0); i >= 0 {
		at := PositionAt(filename, src, i)
		return &Error{Span{at, at}, "a NUL byte: a transcript is text"}
	}
	// A file no longer than a line may be has no line too long.
	for start := 0; len(src) > l.MaxLine && start < len(src); {
		end := strings.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src) - start
		}
		if end > l.MaxLine {
			at := PositionAt(filename, src, start+l.MaxLine)
			return &Error{Span{at, at}, fmt.Sprintf("the line is longer than the limit of %d bytes (--max-line)", l.MaxLine)}
		}
		start += end + 1
	}
	return nil
}

// countMovesWithin reports the first move past the limit on moves, as
// checkMoves does but before any parsing, from the statements' tokens: a
// transcript of a million moves would otherwise be parsed whole, and
// statement by statement when it does not parse, before it is refused.
// In a transcript that parses, its moves are what head finds in each
// statement; in one that does not, the count is near enough to refuse it.
func (t *tokens) countMovesWithin(chunks []part, head func(*tokens, part) (n, kind int), l Limits) *Error {
	l = l.OrDefault()
	if len(chunks)+strings.Count(t.src, ",") <= l.MaxMoves {
		// A statement has one move more than its commas at most: no
		// file of so few can pass the limit, which most files are far
		// from, and the text's commas are counted at once.
		return nil
	}
	n := 0
	for _, chunk := range chunks {
		h, _ := head(t, chunk)
		if h == chunk.len() {
			continue
		}
		k := n // the moves before this statement's
		if n += t.countMoves(chunk.after(h)); n <= l.MaxMoves {
			continue
		}
		// The move past the limit is in this statement; an empty move
		// before it, or a comma that ends it: point at the statement.
		at := chunk
		for m, rest, ok := (part{}), chunk.after(h), true; ok && rest.len() > 0; k++ {
			if m, rest, ok = t.nextMove(rest); m.len() == 0 {
				break
			}
			if k == l.MaxMoves {
				at = m
				break
			}
		}
		return &Error{Span{t.pos(at.lo), tokenEnd(t.lexToken(at.hi - 1))}, fmt.Sprintf("more than the limit of %d moves (--max-moves)", l.MaxMoves)}
	}
	return nil
}

// checkMoves reports the first move past the limit on moves.
func checkMoves(p *Parsed, l Limits) *Error {
	l = l.OrDefault()
	n := 0
	for _, st := range p.File.Statements {
		moves := st.Moves()
		if n+len(moves) > l.MaxMoves {
			m := moves[l.MaxMoves-n]
			return &Error{m.Span(), fmt.Sprintf("more than the limit of %d moves (--max-moves)", l.MaxMoves)}
		}
		n += len(moves)
	}
	return nil
}
