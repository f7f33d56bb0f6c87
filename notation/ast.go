// Package notation is what every game's transcript shares: header tags,
// set-up lines, numbered turns naming their player, comments, and the
// result line; with the lexer rules, the parser driver that recovers from
// syntax errors, and the canonical printer. Each game's grammar (package
// grammar) supplies only its moves and the tokens they need.
//
// A transcript looks like this (NOTATION.md has the whole description):
//
//	[Game "sortie"]
//	[Players "Ann" "Ben"]
//	[Seed "20261120"]
//
//	1. Ann: place 9C/KD a1     ; a comment to the end of the line
//	2. Ben: place 5H/JC d4 { a brace comment }
//	result: unfinished
package notation

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Node gives a parsed node its place in the source. Game grammars embed it
// in every move so that diagnostics can point at the move: use Span. participle
// sets both fields as it parses. A parse kept and copied to another place
// (Relocation) has the new place's Pos and end, and no tokens, which only
// participle reads. There is no EndPos: nothing read it, and participle
// set it by reflection at every node.
type Node struct {
	Pos    lexer.Position
	Tokens []lexer.Token
	// end is where the node ends, when the parse piece by piece placed it
	// (Relocation): kept small, as every move and turn has a node (a node
	// of over 2 GB would overflow it, in a file far past --max-bytes).
	end nodeEnd
}

// nodeEnd is the end of a node as its distance from the node's start, in
// bytes and lines, and the column it is at; a zero column is no end. first
// and last are the node's first and last tokens, counted from the start of
// the piece it was parsed in, by which Relocation places a kept parse.
type nodeEnd struct {
	bytes, lines, column int32
	first, last          uint16
}

// Span is the source text a node covers: Start is its first character and
// End the character just after its last one.
type Span struct {
	Start, End lexer.Position
}

// Span is where the node stands in the source.
func (n *Node) Span() Span {
	if e := n.end; e.column > 0 {
		end := n.Pos
		end.Offset += int(e.bytes)
		end.Line += int(e.lines)
		end.Column = int(e.column)
		return Span{n.Pos, end}
	}
	if len(n.Tokens) == 0 {
		return Span{n.Pos, n.Pos}
	}
	return Span{n.Pos, tokenEnd(n.Tokens[len(n.Tokens)-1])}
}

// tokenEnd is the position just after a token, which never spans lines.
func tokenEnd(t lexer.Token) lexer.Position {
	p := t.Pos
	p.Offset += len(t.Value)
	p.Column += utf8.RuneCountInString(t.Value)
	return p
}

// Move is what a game grammar's move type offers: its canonical text and
// its place in the source.
type Move interface {
	String() string
	Span() Span
}

// File is a whole transcript: a sequence of statements. The order the
// statements must come in (tags, set-up lines, turns, result) is checked
// after parsing, so that a misplaced line gets a message of its own.
type File struct {
	Statements []*Statement `parser:"@@*"`
}

// Statement is one header tag, set-up line, turn or result line.
type Statement struct {
	Node
	Tag    *Tag    `parser:"  @@"`
	Turn   *Turn   `parser:"| @@"`
	Result *Result `parser:"| @@"`
	Setup  *Setup  `parser:"| @@"`
}

// Moves is the moves of a turn or a set-up line, and nil for any other
// statement.
func (s *Statement) Moves() []Move {
	switch {
	case s.Turn != nil:
		return s.Turn.Moves
	case s.Setup != nil:
		return s.Setup.Moves
	}
	return nil
}

// Tag is a header tag, as in [Players "Ann" "Ben"].
type Tag struct {
	Node
	Name   string   `parser:"\"[\" @Ident"`
	Values []string `parser:"@String* \"]\""`
}

// Text is the tag's values with their quotes taken off.
func (t *Tag) Text() []string {
	out := make([]string, len(t.Values))
	for i, v := range t.Values {
		out[i] = unquote(v)
	}
	return out
}

// PlayerRef names a player: bare, as in Ann, or quoted, as in "Ann Lee".
type PlayerRef struct {
	Node
	Name string `parser:"@(Ident | String)"`
}

// Text is the player's name with any quotes taken off.
func (p *PlayerRef) Text() string { return unquote(p.Name) }

// unquote takes the quotes off a string token; the lexer has made sure it
// is a closed Go-style string.
func unquote(s string) string {
	if !strings.HasPrefix(s, `"`) {
		return s
	}
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s[1 : len(s)-1]
}

// Setup is a set-up line before the first turn, as in "Ann: draw 7H 9C KD 2S".
type Setup struct {
	Node
	Player *PlayerRef `parser:"(?! \"result\") @@ \":\""`
	Moves  []Move     `parser:"(@@ (\",\" @@)*)?"`
}

// Turn is a numbered turn with its player and moves, as in "3. Ann: a1-b2, b2xc2".
type Turn struct {
	Node
	Number int        `parser:"@Int \".\""`
	Player *PlayerRef `parser:"@@ \":\""`
	Moves  []Move     `parser:"(@@ (\",\" @@)*)?"`
}

// Result is the recorded result line. The referee derives the result
// itself and reports a recorded result that disagrees.
type Result struct {
	Node
	Draw       bool       `parser:"\"result\" \":\" ( @\"draw\""`
	Unfinished bool       `parser:"| @\"unfinished\""`
	Player     *PlayerRef `parser:"| @@"`
	Verb       string     `parser:"  @(\"wins\" | \"resigns\") )"`
}

// Comment is a comment kept aside from the parse, so that the printer
// can put it back.
type Comment struct {
	Pos  lexer.Position
	Text string // with its ; or braces
}
