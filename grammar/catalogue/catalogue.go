// Package catalogue is the grammar of card catalogues (.cards files): a
// participle grammar like the games' in package grammar, kept apart from
// them so that the referee core can read a catalogue without importing any
// game. It knows nothing of what a catalogue's words mean; package
// referee/catalogue reads its parse into the engines' data.
package catalogue

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/notation"
)

// CatalogueFile is a parsed card catalogue (a .cards file), which holds a
// card game's cards as data:
//
//	[Game "mecha"]
//	tower   "Radio Tower"  basic provide 1u durability 3
//	command "Overclock"    target mecha you control: power +2, speed +1
//	command "Long Order"   target unit
//	    : damage 2        ; an indented line continues the line above
//
// Header tags come first, then one entry a line. The grammar knows nothing
// of what the words mean: each game reads the entries with its own
// vocabulary. Tags and entries are each in source order.
type CatalogueFile struct {
	Tags    []*notation.Tag
	Entries []*CatalogueEntry
	// Dropped counts the errors found past the limit of those returned.
	Dropped int
}

// CatalogueEntry is one entry, as in `mecha "Scout" cost 1 power 1 haste`
// or `command Overclock target mecha: power +2, speed +1`: a kind, a name,
// items, and after a ":" effects separated by commas. Its tokens end with
// a token for the end of its line, which has no text.
type CatalogueEntry struct {
	notation.Node
	// Kind is the kind of entry, a word: tower, mecha, deck. The lookahead
	// makes a line that begins with a number or a text an entry that lacks
	// its kind, rather than no entry at all; the group around the kind and
	// the name keeps what the parser expects at each short enough to word.
	Kind string `parser:"((?= Ident | Number | String) @Ident"`
	// Name is as written: quoted ("Radio Tower") or bare (Scout).
	Name string `parser:"@(String | Ident))"`
	// Props are the items before the ":".
	Props []*CatalogueItem `parser:"@@*"`
	// Effects are the effects after the ":", split at the commas.
	Effects []*CatalogueEffect `parser:"( EOL | ':' @@ ( ',' @@ )* EOL )"`
	// faulty is set when an error ParseCatalogue found, returned or only
	// counted, stands inside the entry.
	faulty bool
}

// HasErrors tells whether an error ParseCatalogue found, returned or only
// counted, stands inside the entry: its syntax error says enough.
func (e *CatalogueEntry) HasErrors() bool { return e.faulty }

// UnquotedName is the entry's name as meant: Radio Tower, Scout.
func (e *CatalogueEntry) UnquotedName() string { return unquote(e.Name) }

// Span is where the entry stands, its line end left out.
func (e *CatalogueEntry) Span() notation.Span {
	return tokenSpan(e.Tokens[:len(e.Tokens)-1])
}

// KindSpan is where the entry's kind stands.
func (e *CatalogueEntry) KindSpan() notation.Span { return tokenSpan(e.Tokens[:1]) }

// NameSpan is where the entry's name stands.
func (e *CatalogueEntry) NameSpan() notation.Span { return tokenSpan(e.Tokens[1:2]) }

// CatalogueEffect is one effect of an entry: the items between ":" and ","
// or between two commas, as "power +2" in "target mecha: power +2, speed +1".
type CatalogueEffect struct {
	notation.Node
	Items []*CatalogueItem `parser:"@@+"`
}

// CatalogueItem is one word, number or text of an entry: exactly one of
// Word, Number and Quoted is set.
type CatalogueItem struct {
	notation.Node
	Word string `parser:"  @Ident"`
	// Number is as written: an optional sign, digits, and an optional
	// lowercase unit letter, as in 2, +1, -1 or 1u.
	Number string `parser:"| @Number"`
	// Quoted is the text as written, quotes included.
	Quoted string `parser:"| @String"`
}

// Text is the item's text with its quotes taken off.
func (it *CatalogueItem) Text() string { return unquote(it.Quoted) }

// catalogue is the parser's view of a file: lines of tags or an entry,
// between blank lines.
type catalogue struct {
	Lines []*catalogueLine `parser:"( EOL | @@ )*"`
}

// catalogueLine is one line, with the lines that continue it: header tags
// or an entry. Lines are parsed one by one to find every error.
type catalogueLine struct {
	Tags  []*notation.Tag `parser:"  @@+ EOL"`
	Entry *CatalogueEntry `parser:"| @@"`
}

// tokenEOL is the kind of the token that ends a line.
const tokenEOL = "EOL"

// eolType is the type the lexer gives that token.
var eolType = catalogueLexer.Symbols()[tokenEOL]

// catalogueLexer lexes catalogues. A line break followed by a space or a
// tab is whitespace, so that an indented line continues the line above;
// any other line break ends a line. Numbers take any letters glued on, so
// that 1uu is one bad number rather than a number and a word.
var catalogueLexer = lazySimple([]lexer.SimpleRule{
	{Name: notation.TokenComment, Pattern: `;[^\r\n]*|\{[^}]*\}?`},
	{Name: notation.TokenWhitespace, Pattern: `(?:[ \t\r\x{FEFF}]|\n[ \t])+`},
	{Name: notation.TokenString, Pattern: `"(?:\\.|[^"\\\n])*"?`},
	{Name: tokenEOL, Pattern: `\n`},
	{Name: "Number", Pattern: `[+-]?[0-9][\p{L}\p{N}_]*`},
	{Name: notation.TokenIdent, Pattern: `(?:[A-Za-z_]|[^\x00-\x7F])[\p{L}\p{N}_']*`},
	{Name: notation.TokenPunct, Pattern: `[\[\]:,]`},
})

var (
	// The grammar decides at each token, so a branch that read a token
	// and failed is the error to report: a lookahead of 0 says so. Built
	// at first use, as a program that checks no catalogue needs neither.
	catalogueParser = sync.OnceValue(func() *participle.Parser[catalogue] {
		return must(participle.Build[catalogue](participle.Lexer(catalogueLexer), participle.UseLookahead(0)))
	})
	catalogueLineParser = sync.OnceValue(func() *participle.Parser[catalogueLine] {
		return must(participle.ParserForProduction[catalogueLine](catalogueParser()))
	})
)

// must is the parser, or a panic at start-up for a grammar that does not
// build.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// catalogueWording puts the parser's expectations into words. Some keys
// are whole expectations as participle writes them, for places that need
// words of their own; a test checks that each is still in the grammar.
var catalogueWording = notation.Wording{
	notation.WordingStart:          `a header tag like [Game "mecha"] or an entry like mecha "Scout" cost 1`,
	`<ident> (<string> | <ident>)`: "a kind of card like mecha",
	`(<string> | <ident>)`:         `a card name like "Radio Tower" or Scout`,
	`<ident> <string>* "]"`:        "a tag name like Game",
	`"]"`:                          `a quoted value like "mecha" or a closing ]`,
	`(<eol> | (":" CatalogueEffect ("," CatalogueEffect)* <eol>))`: `another item, ":" before the effects, or the end of the line`,
	"CatalogueEffect": "a word, a number like 2 or +1, or a quoted text",
	"<eol>":           "the end of the line",
}

// CatalogueEBNF is the catalogue grammar in participle's EBNF.
func CatalogueEBNF() string { return catalogueParser().String() }

// ParseCatalogue parses a catalogue. It returns what parsed and the
// errors found, sorted by position: when the whole file does not parse,
// each line is parsed on its own. It keeps the first
// notation.DefaultMaxErrors errors (CatalogueFile.Dropped counts the
// rest).
func ParseCatalogue(filename, src string) (*CatalogueFile, []*notation.Error) {
	return ParseCatalogueWithin(filename, src, notation.Limits{})
}

// ParseCatalogueWithin is ParseCatalogue keeping at most
// limits.MaxErrors errors.
func ParseCatalogueWithin(filename, src string, limits notation.Limits) (*CatalogueFile, []*notation.Error) {
	maxErrors := limits.OrDefault().MaxErrors
	lexed := notation.TokenizeWith(CatalogueLexer, filename, src, notation.TokenizeOptions{Limits: limits, DropComments: true})
	toks := lineTokens(lexed.Tokens, lexed.EOF)
	if len(lexed.Errors) == 0 {
		all := toks[:len(toks)+1]
		all[len(toks)] = lexer.EOFToken(lexed.EOF)
		whole, err := notation.Guard(func() (*catalogue, error) {
			return catalogueParser().ParseFromLexer(notation.PeekingLexer(all))
		})
		if err == nil {
			return collect(whole.Lines, notation.NewErrorSet(maxErrors), lexed.ErrorBetween)
		}
	}
	found := notation.NewErrorSet(maxErrors)
	for _, e := range lexed.Errors {
		found.Add(e)
	}
	var marks offsets
	lines := eachLine(src, toks, lexed, found, maxErrors, &marks)
	file, errs := collect(lines, found, func(from, to int) bool {
		return lexed.ErrorBetween(from, to) || marks.between(from, to)
	})
	file.Dropped += lexed.Dropped
	return file, errs
}

// eachLine parses the lines one by one, adding their syntax errors to
// found: one error a line, and none on a line that has a lexical error
// already. Past maxErrors, errors are only counted, and a line of the
// same text as one that failed before is not parsed again. toks has room
// for a token after its last, where the end of input stands while a line
// is parsed.
func eachLine(src string, toks []lexer.Token, lexed *notation.Tokens, found *notation.ErrorSet, maxErrors int, marks *offsets) []*catalogueLine {
	// Line errors come in the order of the text: once maxErrors of them
	// are kept, every later one is past them.
	own := notation.NewErrorSet(maxErrors)
	var failed map[string]failure // line texts that fail
	var lines []*catalogueLine
	all := toks[:len(toks)+1]
	for _, p := range splitLines(toks) {
		chunk := toks[p.lo:p.hi]
		eol := chunk[len(chunk)-1]
		// The text up to the line's end, which stands at the next line's
		// first token when the lexer dropped it.
		text := src[chunk[0].Pos.Offset:eol.Pos.Offset]
		first := chunk[0].Pos.Line
		if own.Full() {
			if f, ok := failed[text]; ok {
				if !lexed.HasError(first + f.line) {
					own.Drop()
					marks.add(chunk[0].Pos.Offset + f.offset)
				}
				continue
			}
		}
		// The input ends where the line's end-of-line token stands.
		next := all[p.hi]
		all[p.hi] = lexer.EOFToken(eol.Pos)
		line, err := notation.Guard(func() (*catalogueLine, error) {
			return catalogueLineParser().ParseFromLexer(notation.PeekingLexer(all[p.lo : p.hi+1]))
		})
		all[p.hi] = next
		if err == nil {
			lines = append(lines, line)
			continue
		}
		at := errorAt(err, chunk)
		switch {
		case lexed.HasError(at.Line):
		case own.Full():
			own.Drop()
			marks.add(at.Offset)
		default:
			own.Add(catalogueWording.Explain(err, chunk))
			marks.add(at.Offset)
		}
		if own.Full() && len(failed) < maxFailedLines {
			if failed == nil {
				failed = map[string]failure{}
			}
			failed[text] = failure{at.Line - first, at.Offset - chunk[0].Pos.Offset}
		}
	}
	errs, dropped := own.List()
	for _, e := range errs {
		found.Add(e)
	}
	for range dropped {
		found.Drop()
	}
	return lines
}

// maxFailedLines is the most line texts eachLine remembers as failing.
const maxFailedLines = 4096

// failure is where a line's error stands, from the line's start.
type failure struct{ line, offset int }

// errorAt is where the error Explain makes of err, met parsing chunk,
// begins, without making it.
func errorAt(err error, chunk []lexer.Token) lexer.Position {
	var perr participle.Error
	if errors.As(err, &perr) {
		return perr.Position()
	}
	return chunk[0].Pos
}

// offsets is a set of offsets, a bit each.
type offsets []uint64

func (s *offsets) add(off int) {
	i := off / 64
	for len(*s) <= i {
		*s = append(*s, 0)
	}
	(*s)[i] |= 1 << (off % 64)
}

// between tells whether the set holds an offset in [from, to).
func (s offsets) between(from, to int) bool {
	for i := from; i < to && i/64 < len(s); i++ {
		if s[i/64]&(1<<(i%64)) != 0 {
			return true
		}
	}
	return false
}

// collect gathers the parsed lines into a file, checking what the grammar
// leaves open: that tags come first and that numbers are well formed. It
// adds its errors to found, and gives the errors kept. errorIn tells
// whether an error found before stands in a span of offsets.
func collect(lines []*catalogueLine, found *notation.ErrorSet, errorIn func(from, to int) bool) (*CatalogueFile, []*notation.Error) {
	file := &CatalogueFile{}
	for _, line := range lines {
		for _, tag := range line.Tags {
			if len(file.Entries) > 0 {
				found.Add(&notation.Error{Span: tag.Span(), Msg: "header tags must come before the first entry"})
			}
			file.Tags = append(file.Tags, tag)
		}
		if e := line.Entry; e != nil {
			bad := badNumbers(e)
			for _, err := range bad {
				found.Add(err)
			}
			span := e.Span()
			e.faulty = len(bad) > 0 || errorIn(span.Start.Offset, span.End.Offset)
			file.Entries = append(file.Entries, line.Entry)
		}
	}
	errs, dropped := found.List()
	file.Dropped = dropped
	return file, errs
}

// lineTokens readies the lexed tokens for the parser. A line end has no
// text, so that a span ending with one ends where its line does. A token
// in the first column begins a line even where the lexer, giving up on the
// line above at a bad character, dropped that line's end. The last line
// ends too, so that an entry always ends with a line end. The line ends of
// blank lines, which make nothing, are left out, and the slice has room
// for one token more, for the end of input.
func lineTokens(toks []lexer.Token, eof lexer.Position) []lexer.Token {
	// Counted first: a slice grown token by token allocates about five
	// times its final size.
	n, afterEOL := 1, true
	for _, t := range toks {
		switch {
		case t.Type == eolType:
			if !afterEOL {
				n++
			}
			afterEOL = true
			continue
		case t.Pos.Column == 1 && !afterEOL:
			n++
		}
		n++
		afterEOL = false
	}
	out := make([]lexer.Token, 0, n+1)
	for _, t := range toks {
		last := len(out) == 0 || out[len(out)-1].Type == eolType
		if t.Type == eolType {
			if last {
				continue // a blank line
			}
			t.Value = ""
		} else if t.Pos.Column == 1 && !last {
			out = append(out, lexer.Token{Type: eolType, Pos: t.Pos})
		}
		out = append(out, t)
	}
	if len(out) > 0 && out[len(out)-1].Type != eolType {
		out = append(out, lexer.Token{Type: eolType, Pos: eof})
	}
	return out
}

// splitLines splits tokens after each line end, leaving out blank lines.
func splitLines(toks []lexer.Token) []span {
	var out []span
	start := 0
	for i, t := range toks {
		if t.Type != eolType {
			continue
		}
		if i > start {
			out = append(out, span{start, i + 1})
		}
		start = i + 1
	}
	return out
}

// span is a run of tokens, [lo, hi).
type span struct{ lo, hi int }

// wellFormedNumber is compiled at its first use: most runs read no
// catalogue.
var wellFormedNumber = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[+-]?[0-9]+[a-z]?$`) })

// badNumbers reports the entry's numbers that are not written as numbers:
// the lexer reads a number with any letters glued on, as 1uu, so that
// the error can say what a number is.
func badNumbers(e *CatalogueEntry) []*notation.Error {
	var out []*notation.Error
	check := func(items []*CatalogueItem) {
		for _, it := range items {
			if it.Number != "" && !wellFormedNumber().MatchString(it.Number) {
				out = append(out, &notation.Error{Span: it.Span(), Msg: fmt.Sprintf("expected a number like 2, +1 or 1u, found %q", it.Number)})
			}
		}
	}
	check(e.Props)
	for _, eff := range e.Effects {
		check(eff.Items)
	}
	return out
}

// tokenSpan is where toks stand.
func tokenSpan(toks []lexer.Token) notation.Span {
	return (&notation.Node{Pos: toks[0].Pos, Tokens: toks}).Span()
}

// unquote takes the quotes off a string token; the lexer has made sure it
// is closed. A text with an escape Go does not know is kept as written.
func unquote(s string) string {
	if len(s) < 2 || s[0] != '"' {
		return s
	}
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s[1 : len(s)-1]
}
