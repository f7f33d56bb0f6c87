// Package taggrammar reads the grammars participle takes from struct tags
// without building them: the words a type's grammar must begin with, and
// the words quoted in it; and with those it builds the parser of the
// members of a grammar's unions that a text may hold (Union). A build
// reads every tag of every type a grammar reaches, most of a small
// check's work; what a build of part of a grammar needs to know is in
// the first tag.
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
	"github.com/alecthomas/participle/v2/lexer"
)

// Members are a participle union's member types (Of makes them).
type Members struct {
	values []any
	heads  [][]string // the words each must begin with (NewUnion)
	option func(members []any) participle.Option
}

// Of is the union of members, of interface type T.
func Of[T any](members ...T) Members {
	m := Members{option: func(members []any) participle.Option {
		ts := make([]T, len(members))
		for i, v := range members {
			ts[i] = v.(T)
		}
		return participle.Union(ts...)
	}}
	for _, v := range members {
		m.values = append(m.values, v)
	}
	return m
}

// A Union is the parsers of a grammar of participle unions: the first is
// the union a match is of (moves), the others unions its members hold
// (actions some moves hold, say). Its parser of a text is made at the
// first text, of the members of each union that may match in it: those
// that may begin with any word, and those that must begin with a word
// the text has. The words each member must begin with are known from its
// first tag, and a parser of fewer members is quicker to build. Once a
// later match begins with the word of another member of the first union,
// or holds the word of another member of the others, the parser is of
// every member. It is safe for use by goroutines at once.
type Union[T any] struct {
	unions []Members
	// The words the members must begin with, of the first union and of
	// the others.
	first, inner map[string]bool
	build        func(unions []participle.Option) (*participle.Parser[T], error)
	parser       atomic.Pointer[parser[T]] // nil until the first text
	all          func() *parser[T]         // every member's, built once
}

// parser is a parser of some of a grammar's members.
type parser[T any] struct {
	*participle.Parser[T]
	err error
	// words are the members' words the text it was built for had; nil,
	// every member's.
	words map[string]bool
}

// NewUnion is the grammar of unions, whose parsers build makes from the
// participle options of their members (Options).
func NewUnion[T any](build func(unions []participle.Option) (*participle.Parser[T], error), unions ...Members) *Union[T] {
	unions = slices.Clone(unions) // its heads are read here
	u := &Union[T]{unions: unions, first: map[string]bool{}, inner: map[string]bool{}, build: build}
	for i := range unions {
		m := &unions[i]
		m.heads = nil // read here, at a grammar's first use, not when Of made m
		for _, v := range m.values {
			m.heads = append(m.heads, Heads(reflect.TypeOf(v)))
		}
		for _, heads := range m.heads {
			for _, w := range heads {
				u.first[w], u.inner[w] = u.first[w] || i == 0, u.inner[w] || i > 0
			}
		}
	}
	u.all = sync.OnceValue(func() *parser[T] { return u.parserOf(nil) })
	return u
}

// Prime makes the parser of the first text, whose words are words, unless
// one is made.
func (u *Union[T]) Prime(words iter.Seq[string]) {
	if u.parser.Load() != nil {
		return
	}
	begun := map[string]bool{}
	for w := range words {
		if !begun[w] && (u.first[w] || u.inner[w]) {
			begun[strings.Clone(w)] = true // not to keep the text
		}
	}
	u.parser.CompareAndSwap(nil, u.parserOf(begun))
}

// Parser is the parser of match, the tokens of a match: the first text's
// (Prime; the match's own when no text was), or every member's.
func (u *Union[T]) Parser(match []lexer.Token) (*participle.Parser[T], error) {
	u.Prime(func(yield func(string) bool) {
		for i := 0; i < len(match) && yield(match[i].Value); i++ {
		}
	})
	p := u.parser.Load()
	for i := 0; p.words != nil && i < len(match); i++ {
		if w := match[i].Value; !p.words[w] && (i == 0 && u.first[w] || u.inner[w]) {
			p = u.all()
			u.parser.Store(p)
		}
	}
	return p.Parser, p.err
}

// Options are the participle options of every member of the unions.
func (u *Union[T]) Options() []participle.Option {
	chosen, _ := u.choose(nil)
	return u.options(chosen)
}

// choose chooses the members of each union that may match in a text with
// words, or every member when words is nil; all tells whether it chose
// every member.
func (u *Union[T]) choose(words map[string]bool) (chosen [][]any, all bool) {
	all = true
	for _, m := range u.unions {
		var members []any
		for i, v := range m.values {
			if words == nil || m.heads[i] == nil || slices.ContainsFunc(m.heads[i], func(w string) bool { return words[w] }) {
				members = append(members, v)
			}
		}
		chosen, all = append(chosen, members), all && len(members) == len(m.values)
	}
	return chosen, all
}

// options are the participle options of the members chosen of each union.
func (u *Union[T]) options(chosen [][]any) (options []participle.Option) {
	for i, m := range u.unions {
		options = append(options, m.option(chosen[i]))
	}
	return options
}

// parserOf builds the parser of the members that may match in a text
// with words, or of every member when words is nil.
func (u *Union[T]) parserOf(words map[string]bool) *parser[T] {
	chosen, all := u.choose(words)
	if all && words != nil {
		return u.all()
	}
	p, err := u.build(u.options(chosen))
	return &parser[T]{p, err, words}
}

// Literals are the words quoted in the grammars of the members' types and
// of the types they hold (see Literals).
func (u *Union[T]) Literals() []string {
	var values []any
	for _, m := range u.unions {
		values = append(values, m.values...)
	}
	return Literals(values...)
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
		words = append(words, Quoted(text(t))...)
		for i := range t.NumField() {
			types = append(types, t.Field(i).Type)
		}
	}
	return words
}

// Quoted are the words quoted in s, in order: a grammar's literals, 'play'
// or "play", its EBNF's, or those of an error's expectations.
func Quoted(s string) (words []string) {
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
