package notation_test

import (
	"errors"
	"fmt"
	"maps"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
)

// setting is a tiny grammar to word the errors of: `size: 3`,
// `colour: "red"`. The lookahead makes a chunk that begins with a number a
// setting that lacks its name.
type setting struct {
	Name  string `parser:"(?= Ident | Int) @Ident ':'"`
	Value *value `parser:"@@"`
}

type value struct {
	Number int    `parser:"  @Int"`
	Text   string `parser:"| @String"`
}

var (
	settingLexer  = notation.NewLexer()
	settingParser = participle.MustBuild[setting](participle.Lexer(settingLexer))
)

var settingWording = notation.Wording{
	notation.WordingStart: "a setting like size: 3",
	"<ident>":             "a name like size",
	`":"`:                 `":" after the name`,
	"Value":               `a value like 3 or "red"`,
}

// with is settingWording with more keys.
func with(more notation.Wording) notation.Wording {
	w := maps.Clone(settingWording)
	maps.Copy(w, more)
	return w
}

// explainSetting parses src as a setting, which must fail, and words the
// error with w as "line:col-line:col: message".
func explainSetting(t *testing.T, w notation.Wording, src string) string {
	t.Helper()
	toks := notationtest.Tokenize(settingLexer, "test.txt", src)
	if len(toks.Errors) > 0 {
		t.Fatalf("%q: lexical errors %v", src, toks.Errors)
	}
	if _, err := settingParser.ParseFromLexer(notation.TokenLexer(toks.Tokens, toks.EOF)); err != nil {
		return errorText(w.Explain(err, toks.Tokens))
	}
	t.Fatalf("%q parses", src)
	return ""
}

func errorText(e *notation.Error) string {
	return fmt.Sprintf("%d:%d-%d:%d: %s", e.Span.Start.Line, e.Span.Start.Column, e.Span.End.Line, e.Span.End.Column, e.Msg)
}

func TestWordingExplainsParseErrors(t *testing.T) {
	tests := []struct {
		name    string
		wording notation.Wording
		src     string
		want    string
	}{
		{"the first item of what was expected", settingWording, "size 3",
			`1:6-1:7: expected ":" after the name, found "3"`},
		{"a production, at the end of the input", settingWording, "size:",
			`1:6-1:6: expected a value like 3 or "red", found the end of the line`},
		{"nothing parsed: what a chunk may be", settingWording, "3: 4",
			`1:1-1:2: expected a setting like size: 3, found "3"`},
		{"nothing parsed, and nothing expected", settingWording, ": 4",
			`1:1-1:2: expected a setting like size: 3, found ":"`},
		{"nothing parsed, with words for exactly what was expected",
			with(notation.Wording{`<ident> ":" Value`: "a setting's name like size"}), "3: 4",
			`1:1-1:2: expected a setting's name like size, found "3"`},
		{"nothing parsed, with no words for a chunk",
			notation.Wording{"<ident>": "a name"}, ": 4",
			`1:1-1:2: unexpected ":"`},
		{"tokens left over", settingWording, "size: 3 4",
			`1:9-1:10: unexpected "4"`},
		{"tokens left over where a move could come",
			with(notation.Wording{notation.WordingMove: "a move"}), "size: 3 4",
			`1:9-1:10: expected a move, or "," between moves, found "4"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := explainSetting(t, tt.wording, tt.src); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestWordingOfOtherErrors(t *testing.T) {
	at := lexer.Position{Filename: "test.txt", Offset: 5, Line: 1, Column: 6}
	chunk := []lexer.Token{{Value: "size", Pos: lexer.Position{Filename: "test.txt", Line: 1, Column: 1}}}
	w := notation.Wording{"<int>": "a number", "<string>": "a quoted text"}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"alternatives, each in words",
			&participle.UnexpectedTokenError{Unexpected: lexer.Token{Value: "x", Pos: at}, Expect: `<int> | <string> | "none"`},
			`1:6-1:7: expected a number, a quoted text or "none", found "x"`},
		{"a token with no text stands for a line end",
			&participle.UnexpectedTokenError{Unexpected: lexer.Token{Pos: at}, Expect: "<int>"},
			`1:6-1:6: expected a number, found the end of the line`},
		{"another parse error keeps its message",
			participle.Errorf(at, "too many items"),
			`1:6-1:6: too many items`},
		{"an error that is not participle's stands at the chunk",
			errors.New("internal error: the parser failed: boom"),
			`1:1-1:1: internal error: the parser failed: boom`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := errorText(w.Explain(tt.err, chunk)); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestGuardTurnsAPanicIntoAnError(t *testing.T) {
	v, err := notation.Guard(func() (*int, error) { panic("boom") })
	if v != nil || err == nil || err.Error() != "internal error: the parser failed: boom" {
		t.Errorf("got %v, %v", v, err)
	}
	n := 3
	v, err = notation.Guard(func() (*int, error) { return &n, nil })
	if v != &n || err != nil {
		t.Errorf("got %v, %v; want the parser's own result", v, err)
	}
}
