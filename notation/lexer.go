package notation

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token kinds every game's lexer has.
const (
	TokenComment    = "Comment"
	TokenWhitespace = "Whitespace"
	TokenString     = "String"
	TokenInt        = "Int"
	TokenIdent      = "Ident"
	TokenPunct      = "Punct"
	// TokenCorrection is a recorded ruling after a move, as in
	// "(taken back)"; like a comment, it is kept aside from the parse.
	TokenCorrection = "Correction"
)

// NewLexer builds a game's declarative lexer: the shared rules with the
// game's own token rules (cards, squares, ...) tried before numbers and
// names, since the lexer takes the first rule that matches. It is the
// specification of the games' FastLexer, which they lex with.
//
// Names may not begin with a lowercase x, which marks an attack (a1xb2);
// such a name must be quoted.
func NewLexer(game ...lexer.SimpleRule) *lexer.StatefulDefinition {
	return lexer.MustSimple(lexerRules(game))
}

// SimpleSymbols are the token types lexer.MustSimple gives rules, known
// without compiling them: EOF, then each rule in order, downwards.
func SimpleSymbols(rules []lexer.SimpleRule) map[string]lexer.TokenType {
	sym := map[string]lexer.TokenType{"EOF": lexer.EOF}
	for i, r := range rules {
		sym[r.Name] = lexer.EOF - 1 - lexer.TokenType(i)
	}
	return sym
}

// lexerRules are NewLexer's rules, in the order they are tried.
func lexerRules(game []lexer.SimpleRule) []lexer.SimpleRule {
	rules := []lexer.SimpleRule{
		// An unterminated comment or string still lexes, so that the
		// error can say what is missing rather than "invalid input".
		{Name: TokenComment, Pattern: `;[^\r\n]*|\{[^}]*\}?`},
		{Name: TokenWhitespace, Pattern: `[ \t\r\n\x{FEFF}]+`},
		{Name: TokenString, Pattern: `"(?:\\.|[^"\\\n])*"?`},
		{Name: TokenCorrection, Pattern: `\([^()\r\n]*\)?`},
	}
	rules = append(rules, game...)
	rules = append(rules,
		lexer.SimpleRule{Name: TokenInt, Pattern: `[0-9]+`},
		lexer.SimpleRule{Name: TokenIdent, Pattern: `(?:[A-Za-wyz_]|[^\x00-\x7F])[\p{L}\p{N}_']*`},
		lexer.SimpleRule{Name: TokenPunct, Pattern: `[\[\]:,.\-/x]`},
	)
	return rules
}

// LexerDefinition is a lexer that can lex a string.
type LexerDefinition interface {
	lexer.Definition
	lexer.StringDefinition
}

// Error is a positioned error in a transcript.
type Error struct {
	Span Span
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Span.Start, e.Msg) }

// Tokens is a lexed transcript: the tokens the parser reads, the comments
// kept aside, and the errors met on the way.
type Tokens struct {
	Tokens      []lexer.Token
	Comments    []Comment
	Corrections []Correction
	// Errors are the first errors by position, at most Limits.MaxErrors;
	// Dropped counts those past them.
	Errors  []*Error
	Dropped int
	EOF     lexer.Position

	// errs collects the errors while lexing, at most maxErrors (0: the
	// default), made at the first; bad has the line of every error,
	// dropped or not, and at its offset.
	errs      *ErrorSet
	maxErrors int
	bad       bitSet
	at        bitSet
	// last is the last comment met, kept or not; dropComments says not to
	// keep them.
	last         Comment
	dropComments bool
}

// fail records a lexical error.
func (t *Tokens) fail(e *Error) {
	if t.errs == nil {
		t.errs = NewErrorSet(Limits{MaxErrors: t.maxErrors}.OrDefault().MaxErrors)
	}
	t.bad.add(e.Span.Start.Line)
	t.at.add(e.Span.Start.Offset)
	t.errs.Add(e)
}

// finish sets Errors and Dropped from the errors met.
func (t *Tokens) finish() *Tokens {
	if t.errs != nil {
		t.Errors, t.Dropped = t.errs.List()
	}
	return t
}

// HasError tells whether a lexical error, kept or dropped, begins on line.
func (t *Tokens) HasError(line int) bool { return t.bad.has(line) }

// ErrorBetween tells whether a lexical error, kept or dropped, begins at
// an offset in [from, to).
func (t *Tokens) ErrorBetween(from, to int) bool { return t.at.any(from, to) }

// Scanner is a lexer written by hand, which Tokenize uses rather than the
// definition's own (participle's convert the rest of the text to runes at
// each error): Scan gives the type and length of the token at the start
// of s (never empty), or 0 where no rule matches, exactly as the
// definition it belongs to does, which a test of each checks.
type Scanner interface {
	Scan(s string) (lexer.TokenType, int)
}

// TokenizeOptions tune TokenizeWith.
type TokenizeOptions struct {
	// Limits.MaxErrors bounds the errors kept (see Tokens.Dropped).
	Limits Limits
	// DropComments checks comments without keeping them, for a caller
	// that has no use for them.
	DropComments bool
}

// TokenizeWith lexes src. On a character no rule matches, it records an
// error and goes on at the next line, so that one bad character does not
// hide the rest of the file. A FastLexer has a loop of its own here, to
// the same effect.
func TokenizeWith(def LexerDefinition, filename, src string, opts TokenizeOptions) *Tokens {
	out := &Tokens{maxErrors: opts.Limits.MaxErrors, dropComments: opts.DropComments}
	// Invalid bytes would be mangled in every message: report the first, and
	// lex on with each one masked by a DEL (0x7F: no game's token, where '?'
	// is an unknown card) of the same length, so positions
	// hold and the rest of the file is still checked.
	// The masked bytes are told by comparing the text with the original,
	// kept in invalid: a set of their offsets was a map entry a byte,
	// 600 MB for 15 MB of random bytes.
	var invalid string
	if !utf8.ValidString(src) {
		masked := []byte(src)
		for i := 0; i < len(src); {
			r, size := utf8.DecodeRuneInString(src[i:])
			if r == utf8.RuneError && size == 1 {
				if invalid == "" {
					pos := lexer.Position{Filename: filename, Line: 1, Column: 1}
					pos.Advance(src[:i])
					if pos.Line == 1 && strings.HasPrefix(src, "\uFEFF") {
						pos.Column-- // a byte-order mark takes no column
					}
					out.fail(&Error{Span{pos, pos}, "invalid UTF-8: a transcript is UTF-8 text"})
				}
				invalid, masked[i] = src, 0x7F
			}
			i += size
		}
		src = unsafe.String(unsafe.SliceData(masked), len(masked))
	}
	if fast, ok := def.(*FastLexer); ok && len(src) <= maxCompact {
		sc := getScratch()
		sc.toks, _ = fast.lex(out, filename, src, invalid, sc.toks)
		out.Tokens = (&tokens{filename: filename, src: src, toks: sc.toks}).expand()
		putScratch(sc)
		return out.finish()
	}
	symbols := def.Symbols()
	kinds := tokenKinds{symbols[TokenComment], symbols[TokenWhitespace], symbols[TokenString], symbols[TokenCorrection]}
	sc, ok := def.(Scanner)
	if !ok {
		sc = defScanner{def}
	}
	scanTokens(out, sc, kinds, lexer.Position{Filename: filename, Line: 1, Column: 1}, src, invalid)
	return out.finish()
}

// defScanner scans with a lexer definition's own lexer, a token at a time.
type defScanner struct{ def LexerDefinition }

func (d defScanner) Scan(s string) (lexer.TokenType, int) {
	if lex, err := d.def.LexString("", s); err == nil {
		if tok, err := lex.Next(); err == nil && !tok.EOF() {
			return tok.Type, len(tok.Value)
		}
	}
	return 0, 0
}

// scanTokens is TokenizeWith's loop for a Scanner: the same tokens, the same
// recovery at the next line after a character no rule takes, in one pass.
func scanTokens(out *Tokens, sc Scanner, kinds tokenKinds, pos lexer.Position, src string, invalid string) {
	if len(src) > largeText {
		// Grown token by token, the slice would allocate about five times
		// its final size: count the tokens first.
		if n := countTokens(sc, kinds.whitespace, src); n > 0 {
			out.Tokens = make([]lexer.Token, 0, n)
		}
	}
	for s := src; s != ""; {
		typ, n := sc.Scan(s)
		if n == 0 {
			out.unexpected(src, pos, invalid)
			// Go on at the next line.
			nl := strings.IndexByte(s, '\n')
			if nl < 0 {
				advance(&pos, s)
				break
			}
			advance(&pos, s[:nl+1])
			s = s[nl+1:]
			continue
		}
		tok := lexer.Token{Type: typ, Value: s[:n], Pos: pos}
		advance(&pos, tok.Value)
		if tok.Pos.Offset == 0 && pos.Line == 1 && strings.HasPrefix(src, "\uFEFF") {
			pos.Column-- // a byte-order mark takes no column: editors do not show it
		}
		s = s[n:]
		if typ != kinds.whitespace && out.take(tok, kinds) {
			out.Tokens = append(out.Tokens, tok)
		}
	}
	out.EOF = pos
}

// countTokens is the number of tokens of src that sc finds, but
// whitespace: those lexing keeps, or a few more (comments are counted).
func countTokens(sc Scanner, whitespace lexer.TokenType, src string) int {
	n := 0
	for s := src; s != ""; {
		typ, k := sc.Scan(s)
		if k == 0 {
			nl := strings.IndexByte(s, '\n')
			if nl < 0 {
				break
			}
			k = nl + 1
		} else if typ != whitespace {
			n++
		}
		s = s[k:]
	}
	return n
}

// tokenKinds are the types of the tokens Tokenize keeps aside or checks.
type tokenKinds struct {
	comment, whitespace, str, correction lexer.TokenType
}

// take files a token: spaces are dropped, comments and corrections kept
// aside, an unterminated string is an error, and the rest is for the
// parser, which take tells.
func (t *Tokens) take(tok lexer.Token, kinds tokenKinds) (forParser bool) {
	switch tok.Type {
	case kinds.whitespace:
	case kinds.comment:
		if strings.HasPrefix(tok.Value, "{") && !strings.HasSuffix(tok.Value, "}") {
			t.fail(&Error{Span{tok.Pos, tok.Pos}, "unterminated { comment: expected a closing }"})
		}
		t.last = Comment{Pos: tok.Pos, Text: tok.Value}
		if !t.dropComments {
			t.Comments = append(t.Comments, t.last)
		}
	case kinds.correction:
		c, err := readCorrection(tok)
		if err != nil {
			t.fail(err)
			return false
		}
		t.Corrections = append(t.Corrections, c)
	case kinds.str:
		if len(tok.Value) < 2 || !strings.HasSuffix(tok.Value, `"`) || !closedString(tok.Value) {
			t.fail(&Error{Span{tok.Pos, tokenEnd(tok)}, `unterminated string: expected a closing " on the same line`})
			return false
		}
		return true
	default:
		return true
	}
	return false
}

// unexpected reports the character at pos, which no rule matches, unless
// it is an invalid byte, already reported: invalid is the text before its
// invalid bytes were masked, or "" when it had none.
func (t *Tokens) unexpected(src string, pos lexer.Position, invalid string) {
	if invalid != "" && invalid[pos.Offset] != src[pos.Offset] {
		return
	}
	r, _ := utf8.DecodeRuneInString(src[pos.Offset:])
	msg := fmt.Sprintf("unexpected character %q", r)
	if c := t.last; r == '}' && strings.HasPrefix(c.Text, "{") && strings.Contains(c.Text[1:], "{") {
		msg += fmt.Sprintf("; { comments do not nest: the comment at %d:%d ended at its first }", c.Pos.Line, c.Pos.Column)
	}
	t.fail(&Error{Span{pos, pos}, msg})
}

// lex is TokenizeWith's loop for a fast lexer: the parser's tokens go to
// toks, compact, the rest to out as TokenizeWith files it; most tokens are
// told by their first byte (FastLexer.class). A token's column is its
// distance in bytes from its line's start, less the bytes past the first
// of each character beyond ASCII before it (wide). It tells whether the
// text was ASCII, where a token's width is its length.
func (l *FastLexer) lex(out *Tokens, filename, src, invalid string, toks []token) (_ []token, ascii bool) {
	l.ready()
	kinds := tokenKinds{l.comment, l.whitespace, l.str, l.correction}
	if len(src) > largeText && cap(toks)-len(toks) < len(src)/4 {
		// A slice grown token by token allocates about five times its
		// final size: for a large text, count the tokens first.
		toks = slices.Grow(toks, countTokens(l, l.whitespace, src))
	}
	ascii = isASCII(src)
	line, lineStart, wide := 1, 0, 0
	if strings.HasPrefix(src, "\uFEFF") {
		wide = 1 // a byte-order mark takes no column: over counts its other two bytes
	}
	// over moves the line and its start over text, the token at i.
	over := func(i int, text string) {
		if k := strings.LastIndexByte(text, '\n'); k >= 0 {
			line += strings.Count(text[:k], "\n") + 1
			lineStart, wide, text = i+k+1, 0, text[k+1:]
		}
		wide += len(text) - runes(text)
	}
	for i := 0; i < len(src); {
		c := src[i]
		typ, n := l.punct, 1 // classPunct
		switch l.class[c] {
		case classSpace:
			for ; i < len(src) && byteClass[src[i]] == classSpace; i++ {
				if src[i] == '\n' {
					line, lineStart, wide = line+1, i+1, 0
				}
			}
			continue
		case classGame:
			typ, n = l.scanGame(src[i:]) // never 0: a number, a name or punctuation at least
		case classDigit:
			for i+n < len(src) && byteClass[src[i+n]] == classDigit {
				n++
			}
			typ = l.integer
		case classLetter:
			if ascii {
				for i+n < len(src) && nameByte[src[i+n]] {
					n++
				}
			} else {
				n += nameRest(src[i+1:]) // letters beyond ASCII too
			}
			typ = l.ident
		case classNone: // comments, strings, corrections, what no rule takes, ...
			if typ, n = l.Scan(src[i:]); n == 0 {
				out.unexpected(src, lexer.Position{Filename: filename, Offset: i, Line: line, Column: i - lineStart - wide + 1}, invalid)
				// Go on at the next line.
				if nl := strings.IndexByte(src[i:], '\n'); nl >= 0 {
					i += nl + 1
					line, lineStart, wide = line+1, i, 0
				} else {
					over(i, src[i:])
					i = len(src)
				}
				continue
			}
			// Spaces with a byte-order mark, comments, corrections, strings, a game's tokens.
			value := src[i : i+n]
			if !out.take(lexer.Token{Type: typ, Value: value, Pos: lexer.Position{Filename: filename, Offset: i, Line: line, Column: i - lineStart - wide + 1}}, kinds) {
				over(i, value) // a brace comment may hold line ends
				i += n
				continue
			}
		}
		toks = append(toks, token{off: i, n: int32(n), lineCol: lineCol{int32(line), int32(i - lineStart - wide + 1)}, typ: int32(typ)})
		if !ascii {
			over(i, src[i:i+n])
		}
		i += n
	}
	out.EOF = lexer.Position{Filename: filename, Offset: len(src), Line: line, Column: len(src) - lineStart - wide + 1}
	return toks, ascii
}

// nameByte holds the ASCII bytes a name goes on with: [\p{L}\p{N}_'].
var nameByte = func() (b [256]bool) {
	for c := range utf8.RuneSelf {
		k := byteClass[c]
		b[c] = k == classLetter || k == classX || k == classDigit || c == '\''
	}
	return b
}()

// isASCII tells whether s is all ASCII, eight bytes at a time: with the
// eight read at fixed places of a slice at least that long, the compiler
// makes them one load (at indexes from i, it checked each byte's bounds
// and loaded them one by one, six times as many instructions).
func isASCII(s string) bool {
	for len(s) >= 8 {
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// largeText is the size past which lex counts a text's tokens first.
const largeText = 256 << 10

// closedString tells whether a string token ending in \" is closed: it is
// when the backslash before the final quote is itself escaped.
func closedString(s string) bool {
	n := 0
	for i := len(s) - 2; i >= 1 && s[i] == '\\'; i-- {
		n++
	}
	return n%2 == 0
}
