package taggrammar

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

type (
	play struct {
		Card string `parser:"'play' @Ident"`
	}
	keep struct {
		Keep bool `parser:"@'keep'"`
	}
	unit struct {
		Kind   string `parser:"@('tower' | \"mecha\")"`
		Square string `parser:"@Square"`
	}
	optional struct {
		Pass bool `parser:"@'pass'?"`
	}
	typed struct {
		Word string `parser:"'x':Ident @Ident"`
	}
	either struct {
		Card string `parser:"( 'play' | @Ident 'play' )"`
	}
	lookahead struct {
		Card string `parser:"(?= Ident 'draw') @Ident 'draw'"`
	}
	square struct {
		From string `parser:"@Square"`
	}
	// A choice in a group that spans two fields.
	grouped struct {
		Count int      `parser:"'deck' ( @Int"`
		Cards []string `parser:"| @Ident+ )"`
	}
	// A choice at the top, across two fields.
	choice struct {
		A string `parser:"'a' @Ident"`
		B string `parser:"| 'b' @Ident"`
	}
	lead struct {
		Lead bool `parser:"@'lead'"`
	}
	embeds struct {
		hidden string `parser:"'hidden'"` //nolint:unused // participle skips it, as Heads must
		lead
		Card string `parser:"@Ident"`
	}
	// Fields without a grammar come before the first that has one.
	placed struct {
		Pos  lexer.Position
		Move string `json:"move" parser:"'move' @Ident"`
	}
)

func TestHeads(t *testing.T) {
	tests := []struct {
		v    any
		want []string
	}{
		{&play{}, []string{"play"}},
		{keep{}, []string{"keep"}},
		{&unit{}, []string{"tower", "mecha"}},
		{&optional{}, nil},
		{&typed{}, nil},
		{&either{}, nil},
		{&lookahead{}, nil},
		{&square{}, nil},
		{&grouped{}, []string{"deck"}},
		{&choice{}, nil},
		{&embeds{}, []string{"lead"}},
		{&placed{}, []string{"move"}},
		{&unclosed{}, nil},
	}
	for _, tt := range tests {
		if got := Heads(reflect.TypeOf(tt.v)); !slices.Equal(got, tt.want) {
			t.Errorf("Heads(%T) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

type (
	outer struct {
		Head  string   `parser:"'outer' @@"`
		Inner *inner   `parser:"@@"`
		Many  []*inner `parser:"@@*"`
		Self  *outer   `parser:"@@?"`
	}
	inner struct {
		Word string `parser:"@('in' | 'side') \"quote\\\"d\""`
	}
	// selfParsed parses itself: participle reads none of its tags.
	selfParsed struct {
		Word string `parser:"'unread'"`
	}
	// An unclosed quote, which participle refuses, reads as no word.
	unclosed struct {
		Word string `parser:"'play @Ident \""`
	}
	holder struct {
		Own  selfParsed `parser:"'held' @@"`
		Name string     `parser:"@Ident"`
	}
)

func (*selfParsed) Parse(*lexer.PeekingLexer) error { return participle.NextMatch }

func TestLiterals(t *testing.T) {
	tests := []struct {
		values []any
		want   []string
	}{
		{[]any{&outer{}}, []string{"in", "outer", "quote\"d", "side"}},
		{[]any{&holder{}, &play{}}, []string{"held", "play"}},
		{[]any{&embeds{}}, []string{"lead"}},
		{[]any{&unclosed{}}, nil},
	}
	for _, tt := range tests {
		got := Literals(tt.values...)
		slices.Sort(got)
		if got = slices.Compact(got); !slices.Equal(got, tt.want) {
			t.Errorf("Literals(%T...) = %q, want %q", tt.values[0], got, tt.want)
		}
	}
}

type (
	move   interface{ move() }
	action interface{ action() }
)

// builds records the members each build of a Union is of, a list a
// union, by the names of their types.
type builds struct {
	mu     sync.Mutex
	built  [][][]string
	unions [][]string // of the build under way
}

// union is the union of members, its options recorded in b.
func union[T any](b *builds, members ...T) Members {
	m := Of(members...)
	m.option = func(members []any) participle.Option {
		var names []string
		for _, v := range members {
			names = append(names, fmt.Sprintf("%T", v)[len("*taggrammar."):])
		}
		b.mu.Lock()
		defer b.mu.Unlock()
		b.unions = append(b.unions, names)
		return nil
	}
	return m
}

func (b *builds) build([]participle.Option) (*participle.Parser[move], error) {
	b.built = append(b.built, b.unions)
	b.unions = nil
	return nil, nil
}

// newUnion is a Union of unions, its builds recorded in b.
func newUnion(b *builds, unions ...func(*builds) Members) *Union[move] {
	var members []Members
	for _, u := range unions {
		members = append(members, u(b))
	}
	return NewUnion(func(options []participle.Option) (*participle.Parser[move], error) {
		b.mu.Lock()
		defer b.mu.Unlock()
		return b.build(options)
	}, members...)
}

// words yields the words of a text.
func words(ws ...string) func(func(string) bool) { return slices.Values(ws) }

// match is the tokens of a match.
func match(ws ...string) (toks []lexer.Token) {
	for _, w := range ws {
		toks = append(toks, lexer.Token{Value: w})
	}
	return toks
}

var (
	moves = func(b *builds) Members {
		return union[move](b, &drawMove{}, &placeMove{}, &actMove{}, &byMove{})
	}
	actions = func(b *builds) Members { return union[action](b, &passAction{}, &payAction{}) }
)

// The first text's parser is of the members of each union its words may
// begin, and of those a word does not tell; a match that holds another
// member's word, first or not, makes the parser every member's, once.
func TestUnionBuildsForTheFirstTextsWords(t *testing.T) {
	var b builds
	u := newUnion(&b, moves, actions)
	first := [][]string{{"drawMove", "actMove", "byMove"}, {"passAction"}}
	every := [][]string{{"drawMove", "placeMove", "actMove", "byMove"}, {"passAction", "payAction"}}
	steps := []struct {
		match []string
		text  []string
		want  [][][]string
	}{
		{[]string{"draw", "7H"}, []string{"draw", "7H", "a1", "-", "b2", "Ann", "pass"}, [][][]string{first}},
		{[]string{"a1", "-", "b2"}, nil, [][][]string{first}},          // no member's word: the same parser
		{[]string{"mulligan", "7H"}, nil, [][][]string{first}},         // nor is this
		{[]string{"Ann", "pass"}, nil, [][][]string{first}},            // a word the first text had
		{[]string{"Ann", "place"}, nil, [][][]string{first}},           // a move's word, not first
		{[]string{"Ann", "pay", "2"}, nil, [][][]string{first, every}}, // one it had not
		{[]string{"place", "9C"}, nil, [][][]string{first, every}},
	}
	for i, s := range steps {
		u.Prime(words(s.text...)) // the first text's words, made once
		if _, err := u.Parser(match(s.match...)); err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(b.built, s.want, func(a, b [][]string) bool { return slices.EqualFunc(a, b, slices.Equal) }) {
			t.Fatalf("step %d (%s): built %q, want %q", i, s.match, b.built, s.want)
		}
	}
}

type (
	drawMove struct {
		Cards []string `parser:"'draw' @Card+"`
	}
	placeMove struct {
		Card string `parser:"'place' @Card"`
	}
	actMove struct {
		From string `parser:"@Square ( '-' @Square )"`
	}
	byMove struct {
		By     string `parser:"@Ident"`
		Action action `parser:"@@"`
	}
	passAction struct {
		Pass bool `parser:"@'pass'"`
	}
	payAction struct {
		N int `parser:"'pay' @Int"`
	}
)

func (*drawMove) move()     {}
func (*placeMove) move()    {}
func (*actMove) move()      {}
func (*byMove) move()       {}
func (*passAction) action() {}
func (*payAction) action()  {}

// A first text with every member's word builds every member's parser,
// once, whichever goroutines ask at once.
func TestUnionOfEveryMemberIsBuiltOnce(t *testing.T) {
	var b builds
	u := newUnion(&b, func(b *builds) Members { return union[move](b, &drawMove{}, &placeMove{}) })
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			u.Prime(words("draw", "place"))
			if _, err := u.Parser(match("draw")); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if _, err := u.Parser(match("place")); err != nil {
		t.Fatal(err)
	}
	if want := [][][]string{{{"drawMove", "placeMove"}}}; len(b.built) != 1 || !slices.Equal(b.built[0][0], want[0][0]) {
		t.Errorf("built %q, want %q", b.built, want)
	}
}

// With no text primed, the first match's own words choose the members.
func TestUnionWithoutATextIsOfTheFirstMatchsWords(t *testing.T) {
	var b builds
	u := newUnion(&b, moves, actions)
	if _, err := u.Parser(match("Ann", "pass")); err != nil {
		t.Fatal(err)
	}
	want := [][][]string{{{"actMove", "byMove"}, {"passAction"}}}
	if !slices.EqualFunc(b.built, want, func(a, b [][]string) bool { return slices.EqualFunc(a, b, slices.Equal) }) {
		t.Errorf("built %q, want %q", b.built, want)
	}
}

// Quoted finds in participle's EBNF, and in its expectations as its
// errors write them, what the regular expression of a quoted literal
// finds, unquoted; and in a tag, its single-quoted literals too.
func TestQuotedAsTheRegularExpression(t *testing.T) {
	re := regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	for _, s := range []string{
		``, `Move = "draw" ("?" | <card>)+ .`,
		`Tag = "[" <ident> <string>* "]" .`,
		`"\"" | "\\" | "a\\\"b" | <ident>`,
		`"draw" | "unfinished" | (PlayerRef ("wins" | "resigns"))`,
		`Say = "é" "x y" "" "it's" .`,
	} {
		var want []string
		for _, m := range re.FindAllString(s, -1) {
			word, err := strconv.Unquote(m)
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, word)
		}
		if got := Quoted(s); !slices.Equal(got, want) {
			t.Errorf("Quoted(%q) = %q, want %q", s, got, want)
		}
	}
	if got, want := Quoted(`'draw' @Card ("x" | 'y')`), []string{"draw", "x", "y"}; !slices.Equal(got, want) {
		t.Errorf("Quoted of a tag = %q, want %q", got, want)
	}
}
