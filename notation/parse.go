package notation

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/internal/suggest"
	"github.com/tabletop-referee/referee/internal/taggrammar"
)

// Grammar parses one game's transcripts.
type Grammar struct {
	// lazy is a Lazy grammar's parts, built at its first use.
	lazy func() *Grammar
	lex  LexerDefinition
	// move parses a move alone, as a list of moves (ParserForProduction
	// cannot name an interface), all a file that parses needs (memo.go),
	// with a parser of the types the first file's moves may be of.
	move *taggrammar.Union[Move]
	// whole is the parsers of a whole file and of a statement, and the
	// grammar's words, made at their first use: a file that parses needs none.
	whole  func() *wholeGrammar
	expect Wording
	// The pieces parsed so far, by text (see memo.go).
	moves                       *memo
	intType, identType, strType lexer.TokenType
	// The value tokens, by which moves are kept by their shape
	// (ValueTokens); nil when they are kept by their text.
	values *valueTokens
	// Arenas for WithArena (see arena.go).
	arenas sync.Pool
	// hint, when set, says what is wrong with a word written where a
	// token was expected (WithHint).
	hint func(word string) string
}

// Lazy is a grammar that build makes the first time it is used, so that a
// program holding every game's grammar builds only those of the games it
// meets (participle takes about a millisecond a grammar). A build that
// fails panics there, as one at initialisation would.
func Lazy(build func() (*Grammar, error)) *Grammar {
	return &Grammar{lazy: sync.OnceValue(func() *Grammar {
		g, err := build()
		if err != nil {
			panic(err)
		}
		return g
	})}
}

// ready is the grammar a Lazy grammar builds, or g.
func (g *Grammar) ready() *Grammar {
	if g.lazy == nil {
		return g
	}
	return g.lazy()
}

// WithHint sets a function that says, for a word met where the grammar
// expected something else, which part of it is wrong ("2c": the suit is
// a capital letter), or "" when it has nothing to say. The word is the
// text of the unexpected token and those written against it. It returns
// g, for use at initialisation, before any parse.
func (g *Grammar) WithHint(hint func(word string) string) *Grammar {
	g = g.ready()
	g.hint = hint
	return g
}

// NewGrammar makes a game's parser from its lexer, its move types and the
// other unions its moves hold (UnionOf); participle builds it for the first
// file it parses. expect words what each token kind or production looks like, for
// errors: "<square>" might be "a square like b3".
func NewGrammar(lex LexerDefinition, expect Wording, moves Moves, unions ...taggrammar.Members) *Grammar {
	all := Wording{
		"<int>":     "a turn number like 12",
		"<ident>":   "a name",
		"<string>":  `a quoted value like "Ann"`,
		`"]"`:       `a quoted value like "Ann" or a closing ]`,
		"<eof>":     "the end of the file",
		`"."`:       `"." after the turn number, as in "5. Ann:"`,
		"PlayerRef": `a player's name, as in "5. Ann:"`,
		`("draw" | "unfinished" | (PlayerRef ("wins" | "resigns")))`: `a result: "Ann wins", "Ann resigns", "draw" or "unfinished"`,
		`("wins" | "resigns")`: `"wins" or "resigns"`,
		`":"`:                  `":" after the player's name, as in "5. Ann:"`,
		WordingStart: `a header tag like [Event "Thursday"], a turn like "3. Ann: ...", ` +
			`or a result line like "result: Ann wins"`,
	}
	maps.Copy(all, expect)
	sym := lex.Symbols()
	g := &Grammar{lex: lex, expect: all, moves: newMemo(),
		intType: sym[TokenInt], identType: sym[TokenIdent], strType: sym[TokenString],
		move: taggrammar.NewUnion(func(unions []participle.Option) (*participle.Parser[Move], error) {
			moves, err := participle.Build[moveList](append(unions, participle.Lexer(lex))...)
			return (*participle.Parser[Move])(moves), err
		}, append([]taggrammar.Members{taggrammar.Of(moves...)}, unions...)...),
	}
	g.whole = sync.OnceValue(func() *wholeGrammar {
		return buildWhole(append(g.move.Options(), participle.Lexer(lex)))
	})
	return g
}

// moveList is the production the move parser is built from.
type moveList struct {
	Moves []Move `parser:"@@*"`
}

// ReadsAsMoves tells whether text reads as the moves of a turn, as it
// would after "1. Ann:" on a line of its own: one move or more, separated
// by commas, and nothing else (no comment either). Its moves are found
// as a file's are (findMove), so that a long comment of moves costs what
// a turn of them does.
func (g *Grammar) ReadsAsMoves(text string) bool {
	g = g.ready()
	toks := TokenizeWith(g.lex, "", text, TokenizeOptions{})
	if len(toks.Errors) > 0 || len(toks.Comments) > 0 || len(toks.Corrections) > 0 || len(toks.Tokens) == 0 {
		return false
	}
	t := compact("", text, toks.Tokens)
	t.lexed = new([]lexer.Token)
	var buf []byte
	for rest := (part{0, len(t.toks)}); rest.len() > 0; {
		m, next, ok := t.nextMove(rest)
		if rest = next; !ok {
			return false
		}
		key, values := g.moveKey(t, m, &buf)
		if g.moves.get(key) != nil {
			continue
		}
		// Most comments are prose: one parse tells, before the move is
		// kept as a file's are.
		if _, ok := g.parseMove(t.lexTokens(m)); !ok || g.findMove(t, m, key, values) == nil {
			return false
		}
	}
	return true
}

// wholeGrammar is what parses a file that does not parse piece by piece.
type wholeGrammar struct {
	file *participle.Parser[File]
	stmt *participle.Parser[Statement]
	// words are the grammar's own words, as "energy" or "draft".
	words map[string]bool
}

// buildWhole builds the parsers of a file and of a statement with the
// options the moves were built with. It panics where it fails, as a
// Lazy grammar does: the moves built, and the rest is the notation's.
func buildWhole(options []participle.Option) *wholeGrammar {
	file, err := participle.Build[File](options...)
	if err != nil {
		panic(err)
	}
	stmt, err := participle.ParserForProduction[Statement](file)
	if err != nil {
		panic(err)
	}
	w := &wholeGrammar{file: file, stmt: stmt, words: map[string]bool{}}
	for _, word := range taggrammar.Quoted(file.String()) {
		if word != "" && unicode.IsLetter([]rune(word)[0]) {
			w.words[word] = true
		}
	}
	return w
}

// ValueTokens makes the grammar keep the parses of its moves by their
// shape rather than by their text: a move's tokens, with those of the
// named types (cards, squares) standing for any value, so that "place
// 9C/KD a1" and "place 2H/3S b4" share one parse. A move's Relocate must
// then pass every string it took from a token through Relocation.Value or
// Values. That parse is a move's only if the grammar does no more with
// those tokens than copy their values: ValueTokens fails when one of its
// literals lexes as one, and a shape's parse is checked against a move's
// parse as written (shapeOf); one that differs (a value read as a number,
// or joined to another) is parsed at each place. It returns g, for use at
// initialisation, before any parse.
func (g *Grammar) ValueTokens(types ...string) (*Grammar, error) {
	return g.valueTokens(types, false)
}

// ValueNames is ValueTokens for token types the grammar has words of its
// own among, as names (Ident) are: a token that is one of its words
// ("play") keeps its text in a move's shape, any other stands for any
// value ("hand Scout Shock" and "hand Rift Drain" share a parse). A Parse
// method of the grammar's must compare such a token only with its words.
func (g *Grammar) ValueNames(types ...string) (*Grammar, error) {
	return g.valueTokens(types, true)
}

func (g *Grammar) valueTokens(types []string, names bool) (*Grammar, error) {
	g = g.ready()
	sym := g.lex.Symbols()
	values := &valueTokens{}
	for _, name := range types {
		typ, ok := sym[name]
		if !ok {
			return nil, fmt.Errorf("no token type %q", name)
		}
		if k, ok := typeIndex(typ); ok { // a fast lexer's types all are (maxGameRules)
			values.isValue[k] = true
		}
	}
	for _, word := range g.move.Literals() {
		// One token, the whole word.
		if typ, n := (defScanner{g.lex}).Scan(word); n == len(word) && values.stands(typ, word) {
			if !names {
				return nil, fmt.Errorf("the grammar's word %q is a value token: moves cannot be kept by their shape", word)
			}
			values.keep(word)
		}
	}
	g.values = values
	return g, nil
}

// lazyRegexp compiles pattern at its first use: a process that prints no
// error and builds no grammar needs none of them.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

// Lexer is the grammar's lexer.
func (g *Grammar) Lexer() LexerDefinition {
	g = g.ready()
	return g.lex
}

// EBNF is the grammar in participle's EBNF, with Go's generic type
// arguments taken out of the production names.
func (g *Grammar) EBNF() string {
	g = g.ready()
	return genericArgs().ReplaceAllString(g.whole().file.String(), "")
}

var genericArgs = lazyRegexp(`\[[A-Za-z0-9_./*-]+\]`)

// Parsed is a parsed transcript: its statements as written, its comments,
// and every syntax error found.
type Parsed struct {
	Source   string
	File     *File
	Comments []Comment
	// Corrections are the recorded rulings, each after the move it is
	// about; Check gives each its move.
	Corrections []Correction
	// Errors are the first syntax errors by position, at most
	// Limits.MaxErrors of them; Dropped counts the rest.
	Errors  []*Error
	Dropped int
	EOF     lexer.Position
	// maxErrors is the limit the parse kept errors within, which Check
	// keeps its own within too.
	maxErrors int
}

// Parse parses src. It reports every syntax error, not just the first: when
// the whole file does not parse, each statement is parsed on its own,
// statements being told apart by the way they begin a line.
func (g *Grammar) Parse(filename, src string) *Parsed {
	return g.parseLimited(nil, filename, src, Limits{}, true)
}

// ParseWholeFile parses src as Parse does, but not piece by piece (see
// memo.go): participle parses the whole file at once. It gives the same as
// Parse, which tests check.
func (g *Grammar) ParseWholeFile(filename, src string) *Parsed {
	return g.parseLimited(nil, filename, src, Limits{}, false)
}

// parseLimited parses src within limits, piece by piece if pieces, and
// in a when not nil.
func (g *Grammar) parseLimited(a *Arena, filename, src string, limits Limits, pieces bool) *Parsed {
	g = g.ready()
	maxErrors := limits.OrDefault().MaxErrors
	if err := limits.CheckSize(filename, src); err != nil {
		return &Parsed{Source: src, File: &File{}, Errors: []*Error{err}, EOF: err.Span.Start, maxErrors: maxErrors}
	}
	p := g.parse(a, filename, src, limits, pieces)
	p.maxErrors = maxErrors
	if len(p.Errors) == 0 {
		if err := checkMoves(p, limits); err != nil {
			p.Errors = append(p.Errors, err)
		}
	}
	return p
}

func (g *Grammar) parse(a *Arena, filename, src string, limits Limits, pieces bool) *Parsed {
	fast, ok := g.lex.(*FastLexer)
	if !ok || !pieces || len(src) > maxCompact || !utf8.ValidString(src) {
		// Invalid bytes masked, or not piece by piece: the statements are
		// runs of the lexer's tokens.
		toks := TokenizeWith(g.lex, filename, src, TokenizeOptions{Limits: limits})
		t := compact(filename, src, toks.Tokens)
		parts := t.statements(nil)
		t.toks, t.all = nil, slices.Grow(toks.Tokens, 1)[:len(toks.Tokens)+1]
		return g.parseCompact(src, toks, t, parts, limits)
	}
	toks := &Tokens{maxErrors: limits.MaxErrors}
	sc := getScratch()
	defer putScratch(sc)
	var ascii bool
	sc.toks, ascii = fast.lex(toks, filename, src, "", sc.toks)
	toks.finish()
	t := &tokens{filename: filename, src: src, toks: sc.toks, lexed: &sc.lexed, ascii: ascii}
	sc.parts = t.statements(sc.parts)
	chunks := sc.parts
	if err := t.countMovesWithin(chunks, g.head, limits); err != nil {
		toks.fail(err) // too many moves: none is parsed
		toks.finish()
		return &Parsed{Source: src, File: &File{}, Comments: toks.Comments, Corrections: toks.Corrections, Errors: toks.Errors, Dropped: toks.Dropped, EOF: toks.EOF}
	}
	if len(toks.Errors) == 0 {
		g.move.Prime(func(yield func(string) bool) { // the first file's move types, built here, not deep in its parse
			for i := 0; i < len(t.toks) && yield(t.value(i)); i++ {
			}
		})
		if file, ok := g.parsePieces(a, t, chunks); ok {
			return &Parsed{Source: src, File: file, Comments: toks.Comments, Corrections: toks.Corrections, EOF: toks.EOF}
		}
	}
	return g.parseCompact(src, toks, t, chunks, limits)
}

// parseCompact parses a lexed file statement by statement
// (parseStatements), and whole when that may succeed (wholeMayParse),
// making participle's tokens, 64 bytes each, only of what it parses.
func (g *Grammar) parseCompact(src string, toks *Tokens, t *tokens, parts []part, limits Limits) *Parsed {
	p := &Parsed{Source: src, File: &File{}, Comments: toks.Comments, Corrections: toks.Corrections, Errors: toks.Errors, Dropped: toks.Dropped, EOF: toks.EOF}
	failedAt := g.parseStatements(p, t, parts, toks, limits)
	if len(toks.Errors) > 0 || t.all == nil && !g.wholeMayParse(t, failedAt) {
		return p
	}
	all := t.all
	if all == nil {
		all = append(t.expand(), lexer.Token{})
	}
	all[len(all)-1] = lexer.EOFToken(toks.EOF)
	file, err := Guard(func() (*File, error) {
		return g.whole().file.ParseFromLexer(PeekingLexer(all))
	})
	if err != nil {
		return p
	}
	return &Parsed{Source: src, File: file, Comments: toks.Comments, Corrections: toks.Corrections, Errors: toks.Errors, Dropped: toks.Dropped, EOF: toks.EOF}
}

// wholeMayParse tells whether a file whose statements, parsed alone,
// first failed at offset failedAt (-1: none did) may still parse whole, as
// a statement may go on over a line that begins like one. The file is
// parsed up to wholeMargin tokens past that offset: one that fails before
// the last token given fails the same way whole (parsePrefix).
func (g *Grammar) wholeMayParse(t *tokens, failedAt int) bool {
	if failedAt < 0 {
		return true
	}
	cut, _ := slices.BinarySearchFunc(t.toks, failedAt, func(k token, off int) int { return k.off - off })
	cut += wholeMargin
	if cut >= len(t.toks) {
		return true // the prefix is the whole file
	}
	_, ok, _ := parsePrefix(t, part{0, cut}, func(run []lexer.Token) error {
		_, err := Guard(func() (*File, error) { return g.whole().file.ParseFromLexer(PeekingLexer(run)) })
		return err
	})
	return !ok
}

// parsePrefix parses the tokens of p followed by an end of input, and
// tells whether that parse tells how a parse of more tokens after them
// goes: when it fails at a token before p's last. participle reports the
// deepest error any branch met, by how far it read, so no branch read
// the end of input given, which the next token would stand in for (a
// branch that failed there would have made the error at the end, and one
// that ended there would have had to fail at it or later); the same
// tokens then make the same parse and the same error. It returns the
// tokens parsed, without the end, whether their parse tells, and its
// error.
func parsePrefix(t *tokens, p part, parse func(run []lexer.Token) error) ([]lexer.Token, bool, error) {
	run := t.runOf(p)
	err := parse(run)
	var perr participle.Error
	return run[:p.len()], err != nil && errors.As(err, &perr) && perr.Position().Offset < run[p.len()-1].Pos.Offset, err
}

// runOf is the tokens of p, followed by an end of input, in memory of
// their own.
func (t *tokens) runOf(p part) []lexer.Token {
	run := make([]lexer.Token, p.len()+1)
	for i := range p.len() {
		run[i] = t.lexToken(p.lo + i)
	}
	run[p.len()] = lexer.EOFToken(tokenEnd(run[p.len()-1]))
	return run
}

// wholeMargin is the number of tokens past a statement's error that
// wholeMayParse parses the file up to.
const wholeMargin = 64

// longStatement is the number of tokens of a statement past which
// parseRun parses a prefix of it first.
const longStatement = 256

// textLine is p's source text and the line it begins on.
func (t *tokens) textLine(p part) (string, int) {
	if t.all == nil {
		return t.text(p), int(t.toks[p.lo].line)
	}
	last := t.all[p.hi-1]
	return t.src[t.all[p.lo].Pos.Offset : last.Pos.Offset+len(last.Value)], t.all[p.lo].Pos.Line
}

// parseRun calls parse with the tokens of p and an end of input, and
// returns its error and the tokens given, without the end: of t.all, the
// next token standing for the end meanwhile, or in memory of their own;
// of a long statement, a prefix first when that tells (parsePrefix).
func (t *tokens) parseRun(p part, parse func([]lexer.Token) error) ([]lexer.Token, error) {
	if t.all != nil {
		next := t.all[p.hi]
		t.all[p.hi] = lexer.EOFToken(tokenEnd(t.all[p.hi-1]))
		err := parse(t.all[p.lo : p.hi+1])
		t.all[p.hi] = next
		return t.all[p.lo:p.hi], err
	}
	if p.len() > longStatement {
		if chunk, ok, err := parsePrefix(t, p.first(longStatement), parse); ok {
			return chunk, err
		}
	}
	run := t.runOf(p)
	return run[:p.len()], parse(run)
}

// parseStatements parses each part on its own, adding to p the statements
// that parse and the errors of those that do not, and returns the offset
// where the first that does not parse fails (-1: none does). Past
// Limits.MaxErrors, errors are only counted, and a text that failed
// before is not parsed again: a million bad lines cost a million lookups.
func (g *Grammar) parseStatements(p *Parsed, t *tokens, parts []part, toks *Tokens, limits Limits) int {
	// Errors come statement by statement in the order of the text, so
	// that once maxErrors are kept, every later one is past them.
	found := NewErrorSet(limits.OrDefault().MaxErrors)
	var failed map[string]int // statement texts that fail: the error's line, from the first
	firstAt := -1
	for _, part := range parts {
		text, line := t.textLine(part)
		if found.Full() {
			if at, ok := failed[text]; ok {
				if !toks.HasError(line + at) {
					found.Drop()
				}
				continue
			}
		}
		// The statement ends where its last token does: an end of input
		// follows it while it is parsed.
		var st *Statement
		chunk, err := t.parseRun(part, func(run []lexer.Token) (err error) {
			st, err = Guard(func() (*Statement, error) {
				return g.whole().stmt.ParseFromLexer(PeekingLexer(run))
			})
			return err
		})
		if err == nil {
			p.File.Statements = append(p.File.Statements, st)
			continue
		}
		pos := chunk[0].Pos
		var perr participle.Error
		if errors.As(err, &perr) {
			pos = perr.Position()
		}
		if firstAt < 0 {
			firstAt = pos.Offset
		}
		at := pos.Line
		switch {
		case toks.HasError(at):
			// A line with a lexical error has already been reported.
		case found.Full():
			found.Drop()
		default:
			found.Add(g.expect.explain(err, chunk, g.whole().words, g.hint))
		}
		if found.Full() && len(failed) < maxFailedTexts {
			if failed == nil {
				failed = map[string]int{}
			}
			failed[text] = at - line
		}
	}
	errs, _ := found.List()
	set := NewErrorSet(limits.OrDefault().MaxErrors)
	for _, e := range slices.Concat(p.Errors, errs) {
		set.Add(e)
	}
	errs, dropped := set.List()
	p.Errors, p.Dropped = errs, p.Dropped+found.Dropped()+dropped
	return firstAt
}

// maxFailedTexts is the most statement texts parseStatements remembers as
// failing.
const maxFailedTexts = 4096

// statements splits the tokens where a line begins a new statement, into
// dst's memory.
func (t *tokens) statements(dst []part) []part {
	if len(t.toks) == 0 {
		return dst[:0]
	}
	// Most statements have a line of their own.
	out := slices.Grow(dst[:0], int(t.toks[len(t.toks)-1].line-t.toks[0].line+1))
	toks, src := t.toks, t.src // not read again through t at each token
	start, line := 0, toks[0].line
	for i := 1; i < len(toks); i++ {
		k := &toks[i]
		if k.line == line && !statementByte[src[k.off]] {
			// Most tokens: within a line, and none of the three a
			// statement there begins with.
			continue
		}
		line = k.line
		if t.startsStatement(i) {
			out = append(out, part{start, i})
			start = i
		}
	}
	return append(out, part{start, len(t.toks)})
}

// statementByte holds the bytes a statement that shares a line may begin
// with: a tag's '[', a turn's digits, the result's 'r'.
var statementByte = [256]bool{'[': true, 'r': true, '0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true, '7': true, '8': true, '9': true}

func (t *tokens) startsStatement(i int) bool {
	v := t.value(i)
	next := func(k int) string {
		if i+k < len(t.toks) {
			return t.value(i + k)
		}
		return ""
	}
	if t.toks[i].line == t.toks[i-1].line {
		// Statements may share a line: a tag, a turn's full header, or the
		// result line begins a new one there too.
		return v == "[" && t.value(i-1) == "]" ||
			isDigits(v) && next(1) == "." && next(3) == ":" ||
			v == "result" && next(1) == ":"
	}
	return v == "[" || next(1) == ":" || isDigits(v)
}

func isDigits(s string) bool {
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// Guard turns a panic inside a parser into an error, so that one odd
// input cannot take the referee down.
func Guard[T any](parse func() (*T, error)) (v *T, err error) {
	defer func() {
		if r := recover(); r != nil {
			v, err = nil, fmt.Errorf("internal error: the parser failed: %v", r)
		}
	}()
	return parse()
}

// Wording says in words what a grammar's parts look like, for error
// messages. Its keys are what participle names in an expectation: a token
// kind ("<square>": "a square like b3"), a literal (`"]"`), a production
// ("PlayerRef"), or a whole expectation as participle writes it, for a
// place in the grammar that needs words of its own. Two keys name no part
// of a grammar: WordingStart and WordingMove.
type Wording map[string]string

// The keys of a Wording that name no part of a grammar.
const (
	// WordingStart is what a chunk may begin with, said when nothing of a
	// chunk parsed and no key matches the whole expectation there.
	WordingStart = "Statement"
	// WordingMove is what a transcript's move looks like, said when tokens
	// are left over after a complete turn or set-up line.
	WordingMove = "Move"
)

var firstItem = lazyRegexp(`^(?:"(?:[^"\\]|\\.)*"|<[a-z]+>|[A-Za-z]+)[+*?]?`)

var expectedPart = lazyRegexp(`^unexpected token "((?:[^"\\]|\\.)*)"(?: \(expected (.*)\))?$`)

// Explain turns a participle error met parsing chunk (the tokens given to
// the parser, at least one) into a message that says in words what was
// expected, and what was found instead.
func (w Wording) Explain(err error, chunk []lexer.Token) *Error {
	return w.explain(err, chunk, nil, nil)
}

// explain is Explain, with the words of the grammar that may stand before
// a number and say what it counts, as energy in "energy 3".
func (w Wording) explain(err error, chunk []lexer.Token, words map[string]bool, hint func(string) string) *Error {
	at := chunk[0].Pos
	var perr participle.Error
	if !errors.As(err, &perr) {
		return &Error{Span{at, at}, err.Error()}
	}
	pos := perr.Position()
	span := Span{pos, pos}
	msg := perr.Message()
	var unexpected *participle.UnexpectedTokenError
	if errors.As(err, &unexpected) {
		tok := unexpected.Unexpected
		found := fmt.Sprintf("%q", tok.Value)
		if tok.EOF() || tok.Value == "" {
			// The end of the input, or a token that stands for a line end.
			found = "the end of the line"
		} else {
			span.End = tokenEnd(tok)
		}
		// A hint is for a word in a statement; one that begins none is
		// no card or square written wrong.
		if word, end := wordAt(chunk, tok); hint != nil && !tok.EOF() && word != "" && tok.Pos.Offset != at.Offset {
			if h := hint(word); h != "" {
				found, span.End = fmt.Sprintf("%q (%s)", word, h), end
			}
		}
		m, expected := expectedPart().FindStringSubmatch(msg), ""
		if m != nil {
			expected = m[2]
		}
		if tok.Type != lexer.EOF && len(words) > 0 && !words[tok.Value] && len(tok.Value) >= 3 && unicode.IsLetter([]rune(tok.Value)[0]) {
			// A word the grammar does not have: say which of its own
			// words it may be a slip for (plcae for place), unless what
			// was expected names it already.
			if word := suggest.Closest(tok.Value, hintWords(expected, words)); word != "" && !strings.Contains(w.words(expected), strconv.Quote(word)) {
				found += fmt.Sprintf(" (did you mean %q?)", word)
			}
		}
		if start, ok := w[WordingStart]; ok && tok.Pos.Offset == at.Offset && (m == nil || w[m[2]] == "") {
			// Nothing of the chunk parsed: say what a chunk may be, unless
			// the wording has words for exactly what was expected there.
			return &Error{span, fmt.Sprintf("expected %s, found %s", start, found)}
		}
		if m == nil || m[2] == "" {
			// Tokens left over after a complete statement: in a turn or a
			// set-up line, a move was what could have come.
			if move, ok := w[WordingMove]; ok && len(chunk) > 1 && chunk[0].Value != "result" && (chunk[1].Value == ":" || chunk[1].Value == ".") {
				return &Error{span, fmt.Sprintf("expected %s, or \",\" between moves, found %s%s", move, found, quoteHint(chunk, tok))}
			}
			return &Error{span, fmt.Sprintf("unexpected %s", found)}
		}
		return &Error{span, fmt.Sprintf("expected %s, found %s", w.words(m[2]), found)}
	}
	if m := badNumber().FindStringSubmatch(msg); m != nil {
		return numberError(m[1], m[2] == "value out of range", pos, chunk, words)
	}
	return &Error{span, msg}
}

// wordAt is the word tok begins: its text and that of the tokens of
// letters and digits written against it, as "2c" is the tokens 2 and c;
// and where it ends.
func wordAt(chunk []lexer.Token, tok lexer.Token) (string, lexer.Position) {
	i := slices.IndexFunc(chunk, func(t lexer.Token) bool { return t.Pos.Offset == tok.Pos.Offset })
	if i < 0 {
		return "", tok.Pos
	}
	var b strings.Builder
	end := chunk[i].Pos
	for j := i; j < len(chunk) && j < i+4; j++ {
		if j > i && chunk[j].Pos.Offset != end.Offset {
			break
		}
		if chunk[j].EOF() || chunk[j].Value == "" || strings.ContainsFunc(chunk[j].Value, notWordRune) {
			break
		}
		b.WriteString(chunk[j].Value)
		end = tokenEnd(chunk[j])
	}
	return b.String(), end
}

// notWordRune is a rune that ends a word: anything but a letter or digit.
func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// hintWords are the words a slip may have been meant as: the words
// participle expected, when it names some, else all of the grammar's.
func hintWords(expected string, words map[string]bool) []string {
	var named []string
	for _, w := range taggrammar.Quoted(expected) {
		if words[w] {
			named = append(named, w)
		}
	}
	if len(named) > 0 {
		return named
	}
	return slices.Sorted(maps.Keys(words))
}

// badNumber is participle's error for a number it cannot read into its
// int: one too large, or one with a leading zero and an 8 or a 9, which
// it reads as octal.
var badNumber = lazyRegexp(`^failed to conform: strconv\.Parse(?:Int|Uint): parsing "([0-9]+)": (value out of range|invalid syntax)$`)

// numberError says what is wrong with the number n, met at pos in chunk,
// in the notation's words, at the number: that it is too large, or that
// it has a leading zero, naming it as a turn number, or by the word of
// the grammar before it that says what it counts ("energy
// 99999999999999999999"), or else as a number.
func numberError(n string, tooLarge bool, pos lexer.Position, chunk []lexer.Token, words map[string]bool) *Error {
	what := "the number " + n
	for i, tok := range chunk {
		if tok.Value != n || tok.Pos.Line != pos.Line || tok.Pos.Offset < pos.Offset {
			continue
		}
		pos = tok.Pos
		switch {
		case i == 0 && len(chunk) > 1 && chunk[1].Value == ".":
			what = "turn number " + n
		case i > 0 && words[chunk[i-1].Value]:
			what = chunk[i-1].Value + " " + n
		}
		break
	}
	end := pos
	end.Offset += len(n)
	end.Column += len(n)
	if !tooLarge {
		return &Error{Span{pos, end}, fmt.Sprintf("%s: write numbers without leading zeros", what)}
	}
	return &Error{Span{pos, end}, fmt.Sprintf("%s is too large", what)}
}

// capitalWord tells whether s is ^\p{Lu}[\p{L}\p{N}_']*$ (a name's rest,
// nameRest), without compiling the Unicode classes on a file's first error.
func capitalWord(s string) bool {
	r, size := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) && nameRest(s[size:]) == len(s)-size
}

// quoteHint is a hint for a capitalised word found after a capitalised
// name on the same line, as in assign Plasma Sword: often a name of two
// words written without its quotes. A lowercase word is more likely a
// move word (Scraper draft), and gets no hint.
func quoteHint(chunk []lexer.Token, tok lexer.Token) string {
	i := slices.IndexFunc(chunk, func(t lexer.Token) bool { return t.Pos.Offset == tok.Pos.Offset })
	if i < 1 {
		return ""
	}
	if prev := chunk[i-1]; prev.Pos.Line == tok.Pos.Line && capitalWord(prev.Value) && capitalWord(tok.Value) {
		return fmt.Sprintf("; if %q is one name, quote it", prev.Value+" "+tok.Value)
	}
	return ""
}

// words puts an expectation such as `"draw" | <square>` into words. Of a
// sequence such as `"/" <card> <square>` only the first item counts: it is
// what the parser needed where it stopped.
func (w Wording) words(expect string) string {
	if words, ok := w[expect]; ok {
		return words
	}
	alts := splitTop(expect)
	if first := strings.TrimRight(firstItem().FindString(expect), "+*?"); first != "" && first != expect && len(alts) == 1 {
		return w.words(first)
	}
	var parts []string
	for _, alt := range alts {
		if words, ok := w[alt]; ok {
			alt = words
		}
		if !slices.Contains(parts, alt) {
			parts = append(parts, alt)
		}
	}
	switch len(parts) {
	case 1:
		return parts[0]
	case 2:
		return parts[0] + " or " + parts[1]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// splitTop splits an expectation at the " | " that are not inside
// parentheses or quotes: `"a" | ("b" | "c")` has two alternatives.
func splitTop(expect string) []string {
	var out []string
	depth, quoted, start := 0, false, 0
	for i := 0; i < len(expect); i++ {
		switch c := expect[i]; {
		case c == '\\' && quoted:
			i++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case depth == 0 && strings.HasPrefix(expect[i:], " | "):
			out = append(out, expect[start:i])
			start = i + 3
			i += 2
		}
	}
	return append(out, expect[start:])
}

// tokenSource serves a slice of tokens to participle.
type tokenSource struct {
	toks []lexer.Token
	eof  lexer.Position
}

func (s *tokenSource) Next() (lexer.Token, error) {
	if len(s.toks) == 0 {
		return lexer.EOFToken(s.eof), nil
	}
	t := s.toks[0]
	s.toks = s.toks[1:]
	return t, nil
}

// peekTokens is where a participle PeekingLexer holds its tokens, when
// it holds them as participle v2.1 does.
var peekTokens, peekTokensOK = func() (uintptr, bool) {
	f, ok := reflect.TypeFor[lexer.PeekingLexer]().FieldByName("tokens")
	return f.Offset, ok && f.Type == reflect.TypeFor[[]lexer.Token]()
}()

// PeekingLexer serves toks, whose last is the end of input (or stands
// for it), to a participle parser without copying them, as TokenLexer
// does with a copy (lexer.Upgrade grows a slice to five times their size:
// much of a large failing file's memory); the parse may keep runs of toks
// in its nodes. Should participle hold its tokens otherwise, it copies.
func PeekingLexer(toks []lexer.Token) *lexer.PeekingLexer {
	if !peekTokensOK {
		return TokenLexer(toks[:len(toks)-1], toks[len(toks)-1].Pos)
	}
	p := &lexer.PeekingLexer{}
	*(*[]lexer.Token)(unsafe.Add(unsafe.Pointer(p), peekTokens)) = toks
	return p
}

// TokenLexer serves toks to a participle parser, then an end of input at
// eof.
func TokenLexer(toks []lexer.Token, eof lexer.Position) *lexer.PeekingLexer {
	p, err := lexer.Upgrade(&tokenSource{toks, eof})
	if err != nil {
		// tokenSource never fails.
		panic(err)
	}
	return p
}

// Moves are a game's move types, the union its moves are parsed as.
type Moves []Move

// UnionOf is the union of members, of interface type T, that moves hold.
func UnionOf[T any](members ...T) taggrammar.Members { return taggrammar.Of(members...) }
