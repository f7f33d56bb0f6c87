package notation

import (
	"fmt"
	"io"
	"regexp/syntax"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// GameRule is a game's own token rule (cards, squares, ...): its name, its
// pattern, and Match, the same rule written by hand. The pattern is the
// specification: Match must accept exactly what it accepts, as a test
// checks. Match gives the length of the token the pattern matches at the
// start of s (which is never empty), or 0 when it matches none there.
type GameRule struct {
	Name    string
	Pattern string
	Match   func(s string) int
}

// FastLexer is a game's lexer written by hand as a byte scanner: the lexer
// NewLexer builds from the same rules is its specification, and it gives
// the same tokens (types, values, positions) and fails at the same places.
// The declarative lexer runs every rule's regular expression at every
// token, which made lexing a third of a parse.
type FastLexer struct {
	// spec is built at its first use: its regular expressions take a
	// quarter of a millisecond to compile, and checking never needs them.
	spec    func() *lexer.StatefulDefinition
	symbols map[string]lexer.TokenType
	// rules are the game's own; the tables below are made from them at
	// the first lex (ready), since working out the bytes each rule may
	// begin with parses its pattern, and a process lexes one game's text.
	rules  []GameRule
	tables sync.Once
	// game holds, for each byte, the game's rules a token may begin
	// with it under, in order: a rule is tried only at those bytes.
	game [256][]gameMatcher
	// class sorts the bytes for lex as byteClass does, but that a byte a
	// game's rule may begin with is classGame, sent to scanGame, and that
	// x is punctuation; classNone (comments, strings, ...) goes to Scan.
	class [256]uint8
	// The types of the shared token kinds.
	comment, whitespace, str, correction, integer, ident, punct lexer.TokenType
}

type gameMatcher struct {
	typ   lexer.TokenType
	match func(string) int
}

// NewFastLexer builds a game's fast lexer from the game's own rules, which
// are tried, as in NewLexer, after the shared rules for comments, spaces,
// strings and corrections, and before numbers and names.
func NewFastLexer(game ...GameRule) *FastLexer {
	if len(game) > maxGameRules {
		panic("notation: too many token rules")
	}
	rules := make([]lexer.SimpleRule, len(game))
	for i, r := range game {
		rules[i] = lexer.SimpleRule{Name: r.Name, Pattern: r.Pattern}
	}
	sym := SimpleSymbols(lexerRules(rules)) // as NewLexer's (a test compares)
	return &FastLexer{
		spec: sync.OnceValue(func() *lexer.StatefulDefinition { return NewLexer(rules...) }), symbols: sym,
		comment: sym[TokenComment], whitespace: sym[TokenWhitespace], str: sym[TokenString],
		correction: sym[TokenCorrection], integer: sym[TokenInt], ident: sym[TokenIdent], punct: sym[TokenPunct],
		rules: game,
	}
}

// ready makes the lexer's tables of bytes, once.
func (l *FastLexer) ready() { l.tables.Do(l.makeTables) }

// classOf is c's class in the lexer's tables (class), made if they were
// not: a grammar made at initialisation asks for none.
func (l *FastLexer) classOf(c byte) uint8 {
	l.ready()
	return l.class[c]
}

func (l *FastLexer) makeTables() {
	for c, k := range byteClass {
		if k == classX {
			k = classPunct
		}
		l.class[c] = k
	}
	for _, r := range l.rules {
		for c, in := range firstBytes(r.Pattern) {
			if !in {
				continue
			}
			l.game[c] = append(l.game[c], gameMatcher{l.symbols[r.Name], r.Match})
			if k := l.class[c]; k != classNone && k != classSpace {
				l.class[c] = classGame
			}
		}
	}
}

// maxGameRules is the most token rules a game's lexer has, so that its
// types, numbered downwards from -2 (SimpleSymbols), each have a byte
// (typeIndex).
const maxGameRules = 200

// Spec is the declarative lexer the fast one is written after.
func (l *FastLexer) Spec() *lexer.StatefulDefinition { return l.spec() }

// Symbols are the token types by name, the specification's.
func (l *FastLexer) Symbols() map[string]lexer.TokenType { return l.symbols }

// Lex lexes what r holds.
func (l *FastLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	var b strings.Builder
	if _, err := io.Copy(&b, r); err != nil {
		return nil, err
	}
	return l.LexString(filename, b.String())
}

// LexString lexes s.
func (l *FastLexer) LexString(filename, s string) (lexer.Lexer, error) {
	return ScanLexer(filename, s, l.Scan), nil
}

// ScanLexer lexes s as participle's lexers do, a token at a time, with
// scan: the type and length of the token at the start of a text (not
// empty), or a length of 0 where no rule matches. A lexer written by hand
// as a scan function (the transcripts', the catalogues') is a
// lexer.Definition through it.
func ScanLexer(filename, s string, scan func(string) (lexer.TokenType, int)) lexer.Lexer {
	return &scanLexer{scan: scan, data: s, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}}
}

// scanLexer is one run of a scan function over a text.
type scanLexer struct {
	scan func(string) (lexer.TokenType, int)
	data string
	pos  lexer.Position
}

// Next gives the next token, or at a character no rule matches the error
// the declarative lexer gives there.
func (f *scanLexer) Next() (lexer.Token, error) {
	if f.data == "" {
		return lexer.EOFToken(f.pos), nil
	}
	typ, n := f.scan(f.data)
	if n == 0 {
		// The first 16 runes, as participle's lexer shows them, without
		// converting the whole rest of the text as it does.
		sample, k := f.data, 0
		for i := range f.data {
			if k++; k > 16 {
				sample = f.data[:i] + "..."
				break
			}
		}
		return lexer.Token{}, &lexer.Error{Msg: fmt.Sprintf("lexer: invalid input text %q", string([]rune(sample))), Pos: f.pos}
	}
	tok := lexer.Token{Type: typ, Value: f.data[:n], Pos: f.pos}
	advance(&f.pos, tok.Value)
	f.data = f.data[n:]
	return tok, nil
}

// advance moves p over s, as lexer.Position.Advance does.
func advance(p *lexer.Position, s string) {
	p.Offset += len(s)
	last := -1
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			p.Line++
			last = i
		}
	}
	if last >= 0 {
		p.Column = 1
		s = s[last+1:]
	}
	p.Column += runes(s)
}

// runes counts the runes of s as utf8.RuneCountInString does, an invalid
// byte one rune, without a call for ASCII text.
func runes(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return i + utf8.RuneCountInString(s[i:])
		}
	}
	return len(s)
}

// byteClass sorts the ASCII bytes for Scan.
var byteClass = func() (c [256]uint8) {
	for _, b := range []byte(" \t\r\n") {
		c[b] = classSpace
	}
	for b := '0'; b <= '9'; b++ {
		c[b] = classDigit
	}
	for b := 'a'; b <= 'z'; b++ {
		c[b] = classLetter
		c[b-'a'+'A'] = classLetter
	}
	c['_'] = classLetter
	for _, b := range []byte(`[]:,./-`) {
		c[b] = classPunct
	}
	c['x'] = classX
	return c
}()

const (
	classNone = iota
	classSpace
	classDigit
	classLetter // may begin a name
	classPunct
	classX    // punctuation, and inside a name a letter
	classGame // of FastLexer.class: a game's rule may begin with it
)

// Scan gives the type and the length of the token at the start of s (not
// empty), or a length of 0 when no rule matches there. The shared rules
// that come first each begin with a byte of their own, so that byte picks
// the rule; then the game's rules are tried in order, then numbers, names
// and punctuation, as the declarative lexer tries its rules.
func (l *FastLexer) Scan(s string) (lexer.TokenType, int) {
	l.ready()
	switch c := s[0]; c {
	case ';':
		// ;[^\r\n]*
		if i := strings.IndexAny(s, "\r\n"); i >= 0 {
			return l.comment, i
		}
		return l.comment, len(s)
	case '{':
		// \{[^}]*\}?
		if i := strings.IndexByte(s, '}'); i >= 0 {
			return l.comment, i + 1
		}
		return l.comment, len(s)
	case ' ', '\t', '\r', '\n':
		return l.whitespace, spaces(s)
	case '"':
		return l.str, StringLen(s)
	case '(':
		// \([^()\r\n]*\)?
		i := 1
		for i < len(s) && s[i] != '(' && s[i] != ')' && s[i] != '\r' && s[i] != '\n' {
			i++
		}
		if i < len(s) && s[i] == ')' {
			i++
		}
		return l.correction, i
	case 0xEF:
		if strings.HasPrefix(s, "\uFEFF") {
			return l.whitespace, spaces(s)
		}
	}
	return l.scanGame(s)
}

// scanGame is Scan past the shared rules that begin with bytes of their
// own: the game's rules, then numbers, names and punctuation.
func (l *FastLexer) scanGame(s string) (lexer.TokenType, int) {
	for _, g := range l.game[s[0]] {
		if n := g.match(s); n > 0 {
			return g.typ, n
		}
	}
	switch c := s[0]; byteClass[c] {
	case classDigit:
		// [0-9]+
		i := 1
		for i < len(s) && byteClass[s[i]] == classDigit {
			i++
		}
		return l.integer, i
	case classX, classPunct:
		return l.punct, 1
	}
	if n := nameLen(s); n > 0 {
		return l.ident, n
	}
	return 0, 0
}

// nameLen is the length of the name at the start of s, or 0:
// (?:[A-Za-wyz_]|[^\x00-\x7F])[\p{L}\p{N}_']*.
func nameLen(s string) int {
	c := s[0]
	if byteClass[c] == classLetter {
		return 1 + nameRest(s[1:])
	}
	if c < utf8.RuneSelf {
		return 0
	}
	// Any rune beyond ASCII begins a name, an invalid byte too, which the
	// regular expression reads as U+FFFD.
	_, size := utf8.DecodeRuneInString(s)
	return size + nameRest(s[size:])
}

// spaces is the length of the run of spaces, tabs, line ends and
// byte-order marks at the start of s: [ \t\r\n\x{FEFF}]+.
func spaces(s string) int {
	i := 0
	for ; i < len(s); i++ {
		if strings.HasPrefix(s[i:], "\uFEFF") {
			i += len("\uFEFF") - 1
		} else if byteClass[s[i]] != classSpace {
			break
		}
	}
	return i
}

// StringLen is the length of the string at the start of s, closed or not:
// "(?:\\.|[^"\\\n])*"?, the quoted text every lexer of the project
// takes. A backslash escapes any character but a line end;
// the bytes of a multi-byte character are never ", \ or a line end, so
// going on a byte at a time ends where the expression does.
func StringLen(s string) int {
	i := 1
	for i < len(s) {
		switch s[i] {
		case '"':
			return i + 1
		case '\n':
			return i
		case '\\':
			if i+1 == len(s) || s[i+1] == '\n' {
				return i
			}
			i += 2
		default:
			i++
		}
	}
	return i
}

// nameRest is the length of the rest of a name at the start of s:
// [\p{L}\p{N}_']*.
func nameRest(s string) int {
	i := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if k := byteClass[c]; k == classLetter || k == classX || k == classDigit || c == '\'' {
				i++
				continue
			}
			return i
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			return i
		}
		i += size
	}
	return i
}

// WordEnd tells whether a token that ends with a letter or digit may end
// at the start of rest, as \b at its end says: when rest is empty or does
// not begin with an ASCII letter, digit or _.
func WordEnd(rest string) bool {
	if rest == "" {
		return true
	}
	k := byteClass[rest[0]]
	return k != classLetter && k != classX && k != classDigit
}

// firstBytes is the set of bytes a text that pattern matches may begin
// with, or more: every byte where it cannot tell (a pattern that does not
// parse, or that matches the empty text).
func firstBytes(pattern string) [256]bool {
	var set [256]bool
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil || addFirstBytes(&set, re) {
		for b := range set {
			set[b] = true
		}
	}
	return set
}

// addFirstBytes adds to set the bytes a text re matches may begin with,
// and tells whether re matches the empty text, after which what follows
// it may come first too.
func addFirstBytes(set *[256]bool, re *syntax.Regexp) (empty bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return true
		}
		r := re.Rune[0]
		set[string(r)[0]] = true // the first byte of its UTF-8
		for f := unicode.SimpleFold(r); re.Flags&syntax.FoldCase != 0 && f != r; f = unicode.SimpleFold(f) {
			set[string(f)[0]] = true
		}
		return false
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			for r := lo; r <= min(hi, utf8.RuneSelf-1); r++ {
				set[r] = true
			}
			if hi >= utf8.RuneSelf {
				// Any byte that begins a character beyond ASCII.
				for b := 0xC0; b <= 0xFF; b++ {
					set[b] = true
				}
			}
		}
		return false
	case syntax.OpCapture, syntax.OpPlus:
		return addFirstBytes(set, re.Sub[0])
	case syntax.OpStar, syntax.OpQuest:
		addFirstBytes(set, re.Sub[0])
		return true
	case syntax.OpRepeat:
		return addFirstBytes(set, re.Sub[0]) || re.Min == 0
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !addFirstBytes(set, sub) {
				return false
			}
		}
		return true
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			empty = addFirstBytes(set, sub) || empty
		}
		return empty
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return true
	}
	// Any character, or what this does not know: every byte.
	for b := range set {
		set[b] = true
	}
	return false
}
