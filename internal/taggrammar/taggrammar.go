// Package taggrammar reads the grammars participle takes from struct tags
// without building them: the words a type's grammar must begin with, and
// the words quoted in it. A build reads every tag of every type a grammar
// reaches, most of a small check's work; what a build of part of a
// grammar needs to know is in the first tag.
package taggrammar

import (
	"iter"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/participle/v2"
)

// A Union is a participle union's member types, and its parsers. Its
// parser of a text is made at the first text, of the members a match
// may be of when its first word is one of the text's: the words each
// member must begin with are known from its first tag, and a parser of
// fewer members is quicker to build. Once a later match begins with
// another member's word, the parser is of every member. It is safe for
// use by goroutines at once.
type Union[T any] struct {
	members []T
	heads   [][]string
	words   map[string]bool // every member's heads
	build   func(members []T) (*participle.Parser[T], error)
	parser  atomic.Pointer[parser[T]] // nil until the first text
	all     func() *parser[T]         // every member's, built once
}

// parser is a parser of some of a union's members.
type parser[T any] struct {
	*participle.Parser[T]
	err error
	// words are the first words of the matches it parses; nil, any.
	words map[string]bool
}

// NewUnion is the union of members, whose parsers build makes.
func NewUnion[T any](build func(members []T) (*participle.Parser[T], error), members ...T) *Union[T] {
	u := &Union[T]{members: members, words: map[string]bool{}, build: build}
	for _, m := range members {
		heads := Heads(reflect.TypeOf(m))
		u.heads = append(u.heads, heads)
		for _, w := range heads {
			u.words[w] = true
		}
	}
	u.all = sync.OnceValue(func() *parser[T] { return u.parserOf(nil) })
	return u
}

// Parser is the parser of a match that begins with the word first;
// words are the words of the text it is in, read at the first call.
func (u *Union[T]) Parser(first string, words iter.Seq[string]) (*participle.Parser[T], error) {
	if u.parser.Load() == nil {
		begun := map[string]bool{}
		for w := range words {
			if !begun[w] && u.words[w] {
				begun[strings.Clone(w)] = true // not to keep the text
			}
		}
		u.parser.CompareAndSwap(nil, u.parserOf(begun))
	}
	p := u.parser.Load()
	if p.words != nil && !p.words[first] && u.words[first] {
		p = u.all()
		u.parser.Store(p)
	}
	return p.Parser, p.err
}

// All is the parser of every member, the union's parser from then on.
func (u *Union[T]) All() (*participle.Parser[T], error) {
	p := u.all()
	u.parser.Store(p)
	return p.Parser, p.err
}

// parserOf builds the parser of the members a match that begins with one
// of words may be of: those that must begin with one of them, and those
// that may begin with anything; of every member when words is nil.
func (u *Union[T]) parserOf(words map[string]bool) *parser[T] {
	var members []T
	for i, m := range u.members {
		if words == nil || u.heads[i] == nil || slices.ContainsFunc(u.heads[i], func(w string) bool { return words[w] }) {
			members = append(members, m)
		}
	}
	if words != nil && len(members) == len(u.members) {
		return u.all()
	}
	p, err := u.build(members)
	return &parser[T]{p, err, words}
}

// Literals are the words quoted in the union's grammar: in its EBNF once
// its parser is of every member (which has the members of any union a
// member holds, as the types' tags do not), else in the tags of the
// members' types and of the types they hold (see Literals), which is
// quicker than printing the EBNF.
func (u *Union[T]) Literals() (words []string) {
	if p := u.parser.Load(); p != nil && p.words == nil && p.err == nil {
		return literals(p.String())
	}
	return Literals(u.members...)
}

// Heads are the words a match of struct type t's grammar (t may be a
// pointer to one) must begin with, as its tags say: 'play' ..., @'keep',
// or @('tower' | 'mecha'); nil when it may begin with anything else.
func Heads(t reflect.Type) (words []string) {
	toks := tokens(t)
	next := func() string {
		if len(toks) == 0 {
			return ""
		}
		tok := toks[0]
		toks = toks[1:]
		return tok
	}
	tok := next()
	if tok == "@" {
		tok = next()
	}
	group := tok == "("
	if group {
		tok = next()
	}
	for isLiteral(tok) {
		words = append(words, word(tok))
		if tok = next(); !group || tok != "|" {
			break
		}
		tok = next()
	}
	if group {
		if tok != ")" {
			return nil
		}
		tok = next()
	}
	if tok == "?" || tok == "*" || tok == ":" { // optional, or a typed literal
		return nil
	}
	// A choice at the top of the grammar: it may begin otherwise.
	for depth := 0; tok != ""; tok = next() {
		switch tok {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case "|":
			if depth == 0 {
				return nil
			}
		}
	}
	return words
}

// Literals are the words quoted in the grammars of the struct types of
// values and of the struct types their fields hold, as participle's EBNF
// of them quotes them: not those of a type that parses itself.
func Literals[T any](values ...T) (words []string) {
	var types []reflect.Type
	for _, v := range values {
		types = append(types, reflect.TypeOf(v))
	}
	parses := reflect.TypeFor[participle.Parseable]()
	seen := map[reflect.Type]bool{}
	for len(types) > 0 {
		t := types[len(types)-1]
		types = types[:len(types)-1]
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] || reflect.PointerTo(t).Implements(parses) {
			continue
		}
		seen[t] = true
		words = append(words, literals(text(t))...)
		for i := range t.NumField() {
			types = append(types, t.Field(i).Type)
		}
	}
	return words
}

// literals are the words quoted in grammar s.
func literals(s string) (words []string) {
	for i := strings.IndexAny(s, `'"`); i >= 0; i = strings.IndexAny(s, `'"`) {
		n := quotedLen(s[i:])
		if isLiteral(s[i : i+n]) {
			words = append(words, word(s[i:i+n]))
		}
		s = s[i+n:]
	}
	return words
}

// quotedLen is the length of the literal s begins with, its quotes in.
func quotedLen(s string) int {
	n := 1
	for n < len(s) && s[n] != s[0] {
		if s[n] == '\\' {
			n++
		}
		n++
	}
	return min(n+1, len(s))
}

// tokens are struct type t's grammar, split (split).
func tokens(t reflect.Type) []string { return split(text(t)) }

// split splits a grammar into quoted literals, runs of letters and digits,
// and other characters one by one: enough for Heads, by hand because
// text/scanner, with which participle reads a tag, took a sixth of what
// building fewer types saved.
func split(s string) (toks []string) {
	for i := 0; i < len(s); {
		n := 1
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n':
			i++
			continue
		case c == '\'' || c == '"':
			n = quotedLen(s[i:])
		case isWordByte(c):
			for n < len(s)-i && isWordByte(s[i+n]) {
				n++
			}
		}
		toks = append(toks, s[i:i+n])
		i += n
	}
	return toks
}

// text is struct type t's grammar: its fields' tags in the order
// participle reads them (an embedded struct's in its place), a tag's
// parser key when it has one.
func text(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return ""
	}
	var b strings.Builder
	for i := range t.NumField() {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("parser")
		switch {
		case f.Anonymous && f.Type.Kind() == reflect.Struct:
			b.WriteString(text(f.Type))
		case f.PkgPath != "": // unexported: participle skips it
		case ok:
			b.WriteString(tag + " ")
		default:
			b.WriteString(string(f.Tag) + " ")
		}
	}
	return b.String()
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

func isLiteral(tok string) bool {
	return len(tok) >= 2 && (tok[0] == '\'' || tok[0] == '"') && tok[len(tok)-1] == tok[0]
}

// word is the word a literal quotes: participle reads 'play' as "play".
func word(lit string) string {
	inner := lit[1 : len(lit)-1]
	if !strings.Contains(inner, `\`) {
		return inner
	}
	if w, err := strconv.Unquote(`"` + inner + `"`); err == nil {
		return w
	}
	return inner
}
