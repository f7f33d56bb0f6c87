package catalogue

import (
	"io"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/notation"
)

// catalogueScanner is the catalogue lexer written by hand as a byte
// scanner, which notation.TokenizeWith lexes with: catalogueLexer, the
// declarative lexer, is its specification, and a test checks that both
// give the same tokens and fail at the same places. participle's lexer
// converts the rest of the text to runes at each character no rule takes,
// which made a junk file of a megabyte take tens of seconds.
type catalogueScanner struct {
	symbols                                             map[string]lexer.TokenType
	comment, whitespace, str, eol, number, ident, punct lexer.TokenType
}

// CatalogueLexer lexes catalogues; CatalogueSpec is its specification.
var CatalogueLexer notation.LexerDefinition = newCatalogueScanner()

// CatalogueSpec is the declarative catalogue lexer that CatalogueLexer is
// written after.
var CatalogueSpec notation.LexerDefinition = catalogueLexer

// lazySimple is participle's lexer.MustSimple(rules) with its regular
// expressions compiled at its first use, as checking never needs them;
// its token types are known at once (a test compares them).
func lazySimple(rules []lexer.SimpleRule) notation.LexerDefinition {
	return &lazyDefinition{symbols: notation.SimpleSymbols(rules), def: sync.OnceValue(func() *lexer.StatefulDefinition { return lexer.MustSimple(rules) })}
}

type lazyDefinition struct {
	symbols map[string]lexer.TokenType
	def     func() *lexer.StatefulDefinition
}

func (l *lazyDefinition) Symbols() map[string]lexer.TokenType { return l.symbols }

// Spec is the lexer's specification, compiled on first use, for tools
// that read its rules (the editors' TextMate grammars).
func (l *lazyDefinition) Spec() *lexer.StatefulDefinition { return l.def() }

func (l *lazyDefinition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	return l.def().Lex(filename, r)
}

func (l *lazyDefinition) LexString(filename, s string) (lexer.Lexer, error) {
	return l.def().LexString(filename, s)
}

func newCatalogueScanner() *catalogueScanner {
	sym := catalogueLexer.Symbols()
	return &catalogueScanner{
		symbols: sym,
		comment: sym[notation.TokenComment], whitespace: sym[notation.TokenWhitespace], str: sym[notation.TokenString],
		eol: sym[tokenEOL], number: sym["Number"], ident: sym[notation.TokenIdent], punct: sym[notation.TokenPunct],
	}
}

// Symbols are the specification's token types.
func (c *catalogueScanner) Symbols() map[string]lexer.TokenType { return c.symbols }

// Lex lexes what r holds.
func (c *catalogueScanner) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	var b strings.Builder
	if _, err := io.Copy(&b, r); err != nil {
		return nil, err
	}
	return c.LexString(filename, b.String())
}

// LexString lexes s.
func (c *catalogueScanner) LexString(filename, s string) (lexer.Lexer, error) {
	return notation.ScanLexer(filename, s, c.Scan), nil
}

// Scan gives the type and the length of the token at the start of s (not
// empty), or a length of 0 where no rule matches. The rules are tried in
// the specification's order; each but the last three begins with a byte
// of its own.
func (c *catalogueScanner) Scan(s string) (lexer.TokenType, int) {
	switch b := s[0]; {
	case b == ';':
		// ;[^\r\n]*
		if i := strings.IndexAny(s, "\r\n"); i >= 0 {
			return c.comment, i
		}
		return c.comment, len(s)
	case b == '{':
		// \{[^}]*\}?
		if i := strings.IndexByte(s, '}'); i >= 0 {
			return c.comment, i + 1
		}
		return c.comment, len(s)
	case b == '"':
		return c.str, notation.StringLen(s)
	}
	if n := catalogueSpaces(s); n > 0 {
		return c.whitespace, n
	}
	if s[0] == '\n' {
		return c.eol, 1
	}
	if n := catalogueNumber(s); n > 0 {
		return c.number, n
	}
	if n := catalogueName(s); n > 0 {
		return c.ident, n
	}
	switch s[0] {
	case '[', ']', ':', ',':
		return c.punct, 1
	}
	return 0, 0
}

// catalogueSpaces is the length of (?:[ \t\r\x{FEFF}]|\n[ \t])+ at the
// start of s, or 0.
func catalogueSpaces(s string) int {
	i := 0
	for i < len(s) {
		switch {
		case s[i] == ' ' || s[i] == '\t' || s[i] == '\r':
			i++
		case s[i] == '\n' && i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '\t'):
			i += 2
		case strings.HasPrefix(s[i:], "\uFEFF"):
			i += len("\uFEFF")
		default:
			return i
		}
	}
	return i
}

// catalogueNumber is the length of [+-]?[0-9][\p{L}\p{N}_]* at the start
// of s, or 0.
func catalogueNumber(s string) int {
	i := 0
	if s[0] == '+' || s[0] == '-' {
		i++
	}
	if i == len(s) || s[i] < '0' || s[i] > '9' {
		return 0
	}
	return i + 1 + wordRest(s[i+1:], false)
}

// catalogueName is the length of (?:[A-Za-z_]|[^\x00-\x7F])[\p{L}\p{N}_']*
// at the start of s, or 0. Any rune beyond ASCII begins a name, an
// invalid byte too, which the regular expression reads as U+FFFD.
func catalogueName(s string) int {
	b := s[0]
	switch {
	case b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '_':
		return 1 + wordRest(s[1:], true)
	case b < utf8.RuneSelf:
		return 0
	}
	_, size := utf8.DecodeRuneInString(s)
	return size + wordRest(s[size:], true)
}

// wordRest is the length of [\p{L}\p{N}_]* at the start of s, or of
// [\p{L}\p{N}_']* with apostrophes.
func wordRest(s string, apostrophes bool) int {
	i := 0
	for i < len(s) {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || apostrophes && b == '\'' {
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
