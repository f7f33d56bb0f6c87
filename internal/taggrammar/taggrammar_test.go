package taggrammar

import (
	"fmt"
	"reflect"
	"slices"
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

type move interface{ move() }

// builds is a Union's build that records the members of each build.
type builds struct {
	mu    sync.Mutex
	built [][]string
}

func (b *builds) build(members []move) (*participle.Parser[move], error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	var names []string
	for _, m := range members {
		names = append(names, fmt.Sprintf("%T", m)[len("*taggrammar."):])
	}
	b.built = append(b.built, names)
	return nil, nil
}

// words yields the words of a text.
func words(ws ...string) func(func(string) bool) { return slices.Values(ws) }

// The first text's parser is of the members its words may begin, and of
// those a word does not tell; a match that begins with another member's
// word makes the parser every member's, once.
func TestUnionBuildsForTheFirstTextsWords(t *testing.T) {
	var b builds
	u := NewUnion(b.build, move(&drawMove{}), move(&placeMove{}), move(&actMove{}))
	steps := []struct {
		first string
		text  []string
		want  [][]string
	}{
		{"draw", []string{"draw", "7H", "a1", "-", "b2"}, [][]string{{"drawMove", "actMove"}}},
		{"a1", nil, [][]string{{"drawMove", "actMove"}}},       // no member's word: the same parser
		{"mulligan", nil, [][]string{{"drawMove", "actMove"}}}, // nor is this
		{"place", nil, [][]string{{"drawMove", "actMove"}, {"drawMove", "placeMove", "actMove"}}},
		{"draw", nil, [][]string{{"drawMove", "actMove"}, {"drawMove", "placeMove", "actMove"}}},
	}
	for i, s := range steps {
		if _, err := u.Parser(s.first, words(s.text...)); err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(b.built, s.want, slices.Equal) {
			t.Fatalf("step %d (%s): built %q, want %q", i, s.first, b.built, s.want)
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
)

func (*drawMove) move()  {}
func (*placeMove) move() {}
func (*actMove) move()   {}

// A first text with every member's word builds every member's parser,
// once: All gives the same.
func TestUnionOfEveryMemberIsBuiltOnce(t *testing.T) {
	var b builds
	u := NewUnion(b.build, move(&drawMove{}), move(&placeMove{}))
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if _, err := u.Parser("draw", words("draw", "place")); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if _, err := u.All(); err != nil {
		t.Fatal(err)
	}
	if want := [][]string{{"drawMove", "placeMove"}}; !slices.EqualFunc(b.built, want, slices.Equal) {
		t.Errorf("built %q, want %q", b.built, want)
	}
}
