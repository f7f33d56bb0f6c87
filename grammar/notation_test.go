package grammar_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
)

// The tests of package notation's parser, printer and checks that parse
// real games (Sortie's, Mecha's and Void's transcripts) are here, with the
// grammars: in notation's tests, they made go test build this package a
// second time, against notation's test build. notation's own tests parse
// small games of their own.

type move = notation.Move

var bare = notation.BareName(grammar.SortieLexer)

func parse(src string) *notation.Parsed {
	return grammar.Sortie.Parse("test.sortie", src)
}

// parseOK parses src and fails the test on any syntax error.
func parseOK(t *testing.T, src string) *notation.Parsed {
	t.Helper()
	p := parse(src)
	if len(p.Errors) > 0 {
		t.Fatalf("unexpected syntax errors in %q:\n%s", src, strings.Join(errorLines(p.Errors), "\n"))
	}
	return p
}

var errorLines = notationtest.ErrorLines

func tokenValues(toks *notation.Tokens) []string {
	var out []string
	for _, tok := range toks.Tokens {
		out = append(out, tok.Value)
	}
	return out
}

var summary = notationtest.Summary

var (
	distinctPlacements = notationtest.DistinctPlacements
	placedWhereWritten = notationtest.PlacedWhereWritten
)

func commentTexts(p *notation.Parsed) []string {
	var out []string
	for _, c := range p.Comments {
		out = append(out, c.Text)
	}
	return out
}

// ---------------------------------------------------------------- Tokenize

type wantPos struct {
	text              string
	line, col, offset int
}

func TestTokenizeComments(t *testing.T) {
	src := "; first line\n" +
		"[Game \"x\"] { a\n" +
		"brace } 1. Ann: a1-b2 ; tail\n" +
		"{}"
	toks := notationtest.Tokenize(grammar.SortieLexer, "f", src)
	if len(toks.Errors) > 0 {
		t.Fatalf("errors: %v", toks.Errors)
	}
	want := []wantPos{
		{"; first line", 1, 1, 0},
		{"{ a\nbrace }", 2, 12, 24},
		{"; tail", 3, 23, 50},
		{"{}", 4, 1, 57},
	}
	if len(toks.Comments) != len(want) {
		t.Fatalf("got %d comments %v, want %d", len(toks.Comments), toks.Comments, len(want))
	}
	for i, w := range want {
		c := toks.Comments[i]
		got := wantPos{c.Text, c.Pos.Line, c.Pos.Column, c.Pos.Offset}
		if got != w {
			t.Errorf("comment %d: got %+v, want %+v", i, got, w)
		}
		if src[c.Pos.Offset:c.Pos.Offset+len(c.Text)] != c.Text {
			t.Errorf("comment %d: offset %d does not point at its text", i, c.Pos.Offset)
		}
	}
	// Comments are kept aside: the parser never sees them.
	wantToks := []string{"[", "Game", `"x"`, "]", "1", ".", "Ann", ":", "a1", "-", "b2"}
	if got := tokenValues(toks); !slices.Equal(got, wantToks) {
		t.Errorf("tokens %q, want %q", got, wantToks)
	}
	// The token after the multi-line brace comment has the right place.
	one := toks.Tokens[4]
	if one.Pos.Line != 3 || one.Pos.Column != 9 || one.Pos.Offset != 36 {
		t.Errorf(`token "1" at %d:%d (offset %d), want 3:9 (offset 36)`, one.Pos.Line, one.Pos.Column, one.Pos.Offset)
	}
	if toks.EOF.Line != 4 || toks.EOF.Column != 3 || toks.EOF.Offset != len(src) {
		t.Errorf("EOF at %d:%d (offset %d), want 4:3 (offset %d)", toks.EOF.Line, toks.EOF.Column, toks.EOF.Offset, len(src))
	}
}

func TestTokenizePositionsAfterMultiByteCharacters(t *testing.T) {
	src := "[Players \"Zoë\" \"Ben\"]\n" +
		"Zoë: draw 7H\n" +
		"1. Zoë: a1-b2 ; ü\n" +
		"2.\tBen: a1"
	toks := notationtest.Tokenize(grammar.SortieLexer, "f", src)
	if len(toks.Errors) > 0 {
		t.Fatalf("errors: %v", toks.Errors)
	}
	want := []wantPos{
		{"[", 1, 1, 0}, {"Players", 1, 2, 1}, {`"Zoë"`, 1, 10, 9}, {`"Ben"`, 1, 16, 16}, {"]", 1, 21, 21},
		{"Zoë", 2, 1, 23}, {":", 2, 4, 27}, {"draw", 2, 6, 29}, {"7H", 2, 11, 34},
		{"1", 3, 1, 37}, {".", 3, 2, 38}, {"Zoë", 3, 4, 40}, {":", 3, 7, 44}, {"a1", 3, 9, 46}, {"-", 3, 11, 48}, {"b2", 3, 12, 49},
		{"2", 4, 1, 57}, {".", 4, 2, 58}, {"Ben", 4, 4, 60}, {":", 4, 7, 63}, {"a1", 4, 9, 65},
	}
	if len(toks.Tokens) != len(want) {
		t.Fatalf("got %d tokens %q, want %d", len(toks.Tokens), tokenValues(toks), len(want))
	}
	for i, w := range want {
		tok := toks.Tokens[i]
		got := wantPos{tok.Value, tok.Pos.Line, tok.Pos.Column, tok.Pos.Offset}
		if got != w {
			t.Errorf("token %d: got %+v, want %+v", i, got, w)
		}
	}
	if len(toks.Comments) != 1 || toks.Comments[0].Pos.Column != 15 || toks.Comments[0].Pos.Offset != 52 {
		t.Errorf("comments %+v, want one at 3:15 (offset 52)", toks.Comments)
	}
}

func TestTokenizeWhitespaceLineEndsAndBOM(t *testing.T) {
	want := []string{"1", ".", "Ann", ":", "a1", "-", "b2", "2", ".", "Ben", ":", "b2", "-", "c3"}
	tests := []struct {
		name      string
		src       string
		line, col int // of the token "2"
		offset    int
	}{
		{"LF", "1. Ann: a1-b2\n2. Ben: b2-c3\n", 2, 1, 14},
		{"CRLF", "1. Ann: a1-b2\r\n2. Ben: b2-c3\r\n", 2, 1, 15},
		{"BOM", "\ufeff1. Ann: a1-b2\n2. Ben: b2-c3", 2, 1, 17},
		{"BOM and CRLF", "\ufeff1. Ann: a1-b2\r\n2. Ben: b2-c3\r\n", 2, 1, 18},
		{"tabs and spaces", "1.\tAnn :\ta1 - b2 \n\n   2 . Ben:b2-c3", 3, 4, 22},
		{"blank lines", "\n\n1. Ann: a1-b2\n\n\n2. Ben: b2-c3\n\n", 6, 1, 18},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			toks := notationtest.Tokenize(grammar.SortieLexer, "f", tt.src)
			if len(toks.Errors) > 0 {
				t.Fatalf("errors: %v", toks.Errors)
			}
			if got := tokenValues(toks); !slices.Equal(got, want) {
				t.Fatalf("tokens %q, want %q", got, want)
			}
			two := toks.Tokens[7]
			if two.Pos.Line != tt.line || two.Pos.Column != tt.col || two.Pos.Offset != tt.offset {
				t.Errorf(`token "2" at %d:%d (offset %d), want %d:%d (offset %d)`,
					two.Pos.Line, two.Pos.Column, two.Pos.Offset, tt.line, tt.col, tt.offset)
			}
			if p := parse(tt.src); len(p.Errors) > 0 || len(p.File.Statements) != 2 {
				t.Errorf("parse: %d statements, errors %v; want 2 statements", len(p.File.Statements), p.Errors)
			}
		})
	}
}

func TestTokenizeBOMIsSkipped(t *testing.T) {
	toks := notationtest.Tokenize(grammar.SortieLexer, "f", "\ufeff[Game \"x\"]")
	if len(toks.Errors) > 0 {
		t.Fatalf("errors: %v", toks.Errors)
	}
	first := toks.Tokens[0]
	if first.Value != "[" || first.Pos.Line != 1 || first.Pos.Offset != 3 {
		t.Errorf("first token %q at line %d offset %d, want \"[\" at line 1 offset 3", first.Value, first.Pos.Line, first.Pos.Offset)
	}
}

// A ; comment runs to the end of its line, and the end of a line is "\n"
// or "\r\n": the comment's text does not take in the "\r".
func TestTokenizeCRLFCommentText(t *testing.T) {
	toks := notationtest.Tokenize(grammar.SortieLexer, "f", "1. Ann: a1-b2 ; hi\r\n2. Ben: a1-b2\r\n")
	if len(toks.Comments) != 1 || toks.Comments[0].Text != "; hi" {
		t.Errorf("comments %q, want one with text %q", toks.Comments, "; hi")
	}
	p := parseOK(t, "; head\r\n[Players \"Ann\" \"Ben\"]\r\n1. Ann: a1-b2 ; hi\r\n")
	if out := notation.Print(p, bare); strings.Contains(out, "\r") {
		t.Errorf("Print output has a carriage return: %q", out)
	}
}

func TestTokenizeUnexpectedCharacter(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		errors []string // line:col: message
		offset []int
		tokens []string
		eof    [3]int // line, col, offset
	}{
		{
			name:   "resumes at the next line",
			src:    "1. Ann: a1 @ b2\n2. Ben: a1-b2",
			errors: []string{"1:12: unexpected character '@'"},
			offset: []int{11},
			tokens: []string{"1", ".", "Ann", ":", "a1", "2", ".", "Ben", ":", "a1", "-", "b2"},
			eof:    [3]int{2, 14, 29},
		},
		{
			name:   "after a multi-byte character",
			src:    "Zoë # x\n[Game]",
			errors: []string{"1:5: unexpected character '#'"},
			offset: []int{5},
			tokens: []string{"Zoë", "[", "Game", "]"},
			eof:    [3]int{2, 7, 15},
		},
		{
			name:   "one error a line",
			src:    "@ # \n$",
			errors: []string{"1:1: unexpected character '@'", "2:1: unexpected character '$'"},
			offset: []int{0, 5},
			tokens: nil,
			eof:    [3]int{2, 2, 6},
		},
		{
			name:   "on the last line",
			src:    "a1 !",
			errors: []string{"1:4: unexpected character '!'"},
			offset: []int{3},
			tokens: []string{"a1"},
			eof:    [3]int{1, 5, 4},
		},
		{
			name:   "CRLF",
			src:    "a1\r\n  ?x\r\nb2",
			errors: []string{"2:3: unexpected character '?'"},
			offset: []int{6},
			tokens: []string{"a1", "b2"},
			eof:    [3]int{3, 3, 12},
		},
		{
			name:   "a brace comment inside another",
			src:    "a1 { x { y } z }\nb2",
			errors: []string{"1:16: unexpected character '}'; { comments do not nest: the comment at 1:4 ended at its first }"},
			offset: []int{15},
			tokens: []string{"a1", "z", "b2"},
			eof:    [3]int{2, 3, 19},
		},
		{
			name:   "a stray closing brace after a plain comment",
			src:    "a1 { x } }",
			errors: []string{"1:10: unexpected character '}'"},
			offset: []int{9},
			tokens: []string{"a1"},
			eof:    [3]int{1, 11, 10},
		},
		{
			name:   "inside strings and comments it is fine",
			src:    "[Game \"@#$\"] ; @#$\n{ ?! }",
			errors: nil,
			tokens: []string{"[", "Game", `"@#$"`, "]"},
			eof:    [3]int{2, 7, 25},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			toks := notationtest.Tokenize(grammar.SortieLexer, "f", tt.src)
			if got := errorLines(toks.Errors); !slices.Equal(got, tt.errors) {
				t.Errorf("errors %q, want %q", got, tt.errors)
			}
			for i, e := range toks.Errors {
				if i < len(tt.offset) && e.Span.Start.Offset != tt.offset[i] {
					t.Errorf("error %d at offset %d, want %d", i, e.Span.Start.Offset, tt.offset[i])
				}
			}
			if got := tokenValues(toks); !slices.Equal(got, tt.tokens) {
				t.Errorf("tokens %q, want %q", got, tt.tokens)
			}
			// Tokens after the error have their true places.
			for _, tok := range toks.Tokens {
				if !strings.HasPrefix(tt.src[tok.Pos.Offset:], tok.Value) {
					t.Errorf("token %q at offset %d does not point at its text", tok.Value, tok.Pos.Offset)
				}
			}
			if got := [3]int{toks.EOF.Line, toks.EOF.Column, toks.EOF.Offset}; got != tt.eof {
				t.Errorf("EOF %v, want %v", got, tt.eof)
			}
		})
	}
}

func TestTokenizeUnterminated(t *testing.T) {
	const unterminatedString = `unterminated string: expected a closing " on the same line`
	tests := []struct {
		name     string
		src      string
		errors   []string
		span     [2]int // offsets of the first error's span
		tokens   []string
		comments []string
	}{
		{
			name:   "string",
			src:    "[Players \"Ann\" \"Ben]\n1. Ann:",
			errors: []string{"1:16: " + unterminatedString},
			span:   [2]int{15, 20},
			tokens: []string{"[", "Players", `"Ann"`, "1", ".", "Ann", ":"},
		},
		{
			name:   "string ending in an escaped quote",
			src:    `[A "x\"]`,
			errors: []string{"1:4: " + unterminatedString},
			span:   [2]int{3, 8},
			tokens: []string{"[", "A"},
		},
		{
			name:   "string ending in an escaped backslash is closed",
			src:    `[A "x\\"]`,
			tokens: []string{"[", "A", `"x\\"`, "]"},
		},
		{
			name:   "lone quote",
			src:    `"`,
			errors: []string{"1:1: " + unterminatedString},
			span:   [2]int{0, 1},
		},
		{
			name:     "brace comment",
			src:      "1. Ann: a1-b2 { never closed\n2. Ben: a1-b2",
			errors:   []string{"1:15: unterminated { comment: expected a closing }"},
			span:     [2]int{14, 14},
			tokens:   []string{"1", ".", "Ann", ":", "a1", "-", "b2"},
			comments: []string{"{ never closed\n2. Ben: a1-b2"},
		},
		{
			name:     "lone brace",
			src:      "{",
			errors:   []string{"1:1: unterminated { comment: expected a closing }"},
			span:     [2]int{0, 0},
			comments: []string{"{"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			toks := notationtest.Tokenize(grammar.SortieLexer, "f", tt.src)
			if got := errorLines(toks.Errors); !slices.Equal(got, tt.errors) {
				t.Fatalf("errors %q, want %q", got, tt.errors)
			}
			if len(toks.Errors) > 0 {
				s := toks.Errors[0].Span
				if got := [2]int{s.Start.Offset, s.End.Offset}; got != tt.span {
					t.Errorf("error span %v, want %v", got, tt.span)
				}
			}
			if got := tokenValues(toks); !slices.Equal(got, tt.tokens) {
				t.Errorf("tokens %q, want %q", got, tt.tokens)
			}
			var comments []string
			for _, c := range toks.Comments {
				comments = append(comments, c.Text)
			}
			if !slices.Equal(comments, tt.comments) {
				t.Errorf("comments %q, want %q", comments, tt.comments)
			}
		})
	}
}

func TestTokenizeInvalidUTF8(t *testing.T) {
	const msg = "invalid UTF-8: a transcript is UTF-8 text"
	tests := []struct {
		name   string
		src    string
		line   int
		col    int
		offset int
	}{
		{"at the start", "\xff", 1, 1, 0},
		{"after a multi-byte character", "1. Ann: a1-b2 ; é\xff rest\n2. Ben: a1-a2", 1, 18, 18},
		{"on a later line", "[Game \"x\"]\n\xc3(", 2, 1, 11},
		{"in a string", "[Game \"ok\"]\n[Event \"a\xe2\x82b\"]", 2, 10, 21},
		{"in a brace comment", "[Game \"ok\"] { a\xff }\n", 1, 16, 15},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			toks := notationtest.Tokenize(grammar.SortieLexer, "f", tt.src)
			want := []string{fmt.Sprintf("%d:%d: %s", tt.line, tt.col, msg)}
			if got := errorLines(toks.Errors); !slices.Equal(got, want) {
				t.Fatalf("errors %q, want %q", got, want)
			}
			if got := toks.Errors[0].Span.Start.Offset; got != tt.offset {
				t.Errorf("error at offset %d, want %d", got, tt.offset)
			}
			p := parse(tt.src)
			if got := errorLines(p.Errors); !slices.Equal(got, want) {
				t.Errorf("Parse errors %q, want %q", got, want)
			}
		})
	}
}

// ------------------------------------------------------------------ Parse

const validFile = `; a game
[Game "sortie"]
[Players "Ann" "Ben"]
[Seed "7"]

Ann: draw 9C KD 5H 2S
Ben: draw 3D 8S JH 4C

1. Ann: draw 7H, place 9C/KD a2 ; first
2. Ben: draw 6D, place 8S/JH d3
3. Ann: a2-a3, a3xb3 { bold }
result: Ann resigns
`

func TestParseValidFile(t *testing.T) {
	p := parseOK(t, validFile)
	want := []struct {
		summary           string
		line, col, endCol int
	}{
		{`tag Game ["sortie"]`, 2, 1, 16},
		{`tag Players ["Ann" "Ben"]`, 3, 1, 22},
		{`tag Seed ["7"]`, 4, 1, 11},
		{`setup "Ann": draw 9C KD 5H 2S`, 6, 1, 22},
		{`setup "Ben": draw 3D 8S JH 4C`, 7, 1, 22},
		{`turn 1 "Ann": draw 7H | place 9C/KD a2`, 9, 1, 32},
		{`turn 2 "Ben": draw 6D | place 8S/JH d3`, 10, 1, 32},
		{`turn 3 "Ann": a2-a3 | a3xb3`, 11, 1, 21},
		{`result draw=false unfinished=false "Ann" resigns`, 12, 1, 20},
	}
	got := summary(p)
	if len(got) != len(want) {
		t.Fatalf("got %d statements:\n%s\nwant %d", len(got), strings.Join(got, "\n"), len(want))
	}
	for i, w := range want {
		if got[i] != w.summary {
			t.Errorf("statement %d: %s, want %s", i, got[i], w.summary)
		}
		s := p.File.Statements[i].Span()
		if s.Start.Line != w.line || s.Start.Column != w.col || s.End.Line != w.line || s.End.Column != w.endCol {
			t.Errorf("statement %d: span %d:%d-%d:%d, want %d:%d-%d:%d", i,
				s.Start.Line, s.Start.Column, s.End.Line, s.End.Column, w.line, w.col, w.line, w.endCol)
		}
		if s.Start.Filename != "test.sortie" {
			t.Errorf("statement %d: filename %q", i, s.Start.Filename)
		}
	}
	// A move's span is inside its statement.
	turn := p.File.Statements[5].Turn
	if s := turn.Moves[1].Span(); s.Start.Line != 9 || s.Start.Column != 18 || s.End.Column != 32 {
		t.Errorf("second move of turn 1 at %d:%d-%d, want 9:18-32", s.Start.Line, s.Start.Column, s.End.Column)
	}
	if got := commentTexts(p); !slices.Equal(got, []string{"; a game", "; first", "{ bold }"}) {
		t.Errorf("comments %q", got)
	}
}

func TestParseReportsEverySyntaxError(t *testing.T) {
	src := `[Game "sortie"]
[Players "Ann" "Ben"]

Ann: draw 9C KD 5H 2S
Ben: draw 3D 8S JH 4C

1. Ann: draw 7H, place 9C KD a2
2. Ben: draw 6Z, place 8S/JH d3
3 Ann: draw QC, a2-a3
4. Ben: draw 2C, d3-
5. Ann: draw 10D, a3 b3
6. Ben: d3-c3
7. Ann a1-b2
[1 "x"]
result: Ann
`
	p := parse(src)
	want := []string{
		`7:27: expected "/" between the bottom and the top card, as in 9C/KD, found "KD"`,
		`8:14: expected a card like 7H or 10S, found "6"`,
		`9:3: expected "." after the turn number, as in "5. Ann:", found "Ann"`,
		`10:21: expected a square like b3, found the end of the line`,
		`11:22: expected "-" and a square to move to, or "x" and a square to attack, found "b3"`,
		`13:8: expected ":" after the player's name, as in "5. Ann:", found "a1"`,
		`14:2: expected a name, found "1"`,
		`15:12: expected "wins" or "resigns", found the end of the line`,
	}
	got := errorLines(p.Errors)
	if !slices.Equal(got, want) {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i := 1; i < len(p.Errors); i++ {
		if p.Errors[i].Span.Start.Offset < p.Errors[i-1].Span.Start.Offset {
			t.Errorf("errors not in source order: %v before %v", p.Errors[i-1], p.Errors[i])
		}
	}
	// The good statements are kept.
	wantStatements := []string{
		`tag Game ["sortie"]`,
		`tag Players ["Ann" "Ben"]`,
		`setup "Ann": draw 9C KD 5H 2S`,
		`setup "Ben": draw 3D 8S JH 4C`,
		`turn 6 "Ben": d3-c3`,
	}
	if got := summary(p); !slices.Equal(got, wantStatements) {
		t.Errorf("statements kept:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantStatements, "\n"))
	}
}

func TestParseLexicalErrorIsNotReportedTwice(t *testing.T) {
	src := "[Players \"Ann\" \"Ben]\n" +
		"1. Ann: a1 @ b2\n" +
		"2. Ben: pass\n" +
		"3. Ann: a1-b2 { open"
	want := []string{
		`1:16: unterminated string: expected a closing " on the same line`,
		`2:12: unexpected character '@'`,
		`3:9: expected a move (draw 7H, place 9C/KD a1, a1-b2, a1xb2 or a1-b2xc3), or "," between moves, found "pass"`,
		`4:15: unterminated { comment: expected a closing }`,
	}
	if got := errorLines(parse(src).Errors); !slices.Equal(got, want) {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// rawMessage tells whether a message shows participle's own wording or
// grammar notation rather than words.
func rawMessage(msg string) bool {
	for _, raw := range []string{"unexpected token", "PlayerRef", "SortieMove", "SortieDraw", "SortiePlace",
		"SortieAct", "Statement", "<ident>", "<string>", "<int>", "<card>", "<square>", "<eof>", " | ", `("`, "((", "?!", "internal error"} {
		if strings.Contains(msg, raw) {
			return true
		}
	}
	return false
}

func TestParseErrorMessages(t *testing.T) {
	const move = `a move (draw 7H, place 9C/KD a1, a1-b2, a1xb2 or a1-b2xc3)`
	const statement = `a header tag like [Event "Thursday"], a turn like "3. Ann: ...", or a result line like "result: Ann wins"`
	const player = `a player's name, as in "5. Ann:"`
	const result = `a result: "Ann wins", "Ann resigns", "draw" or "unfinished"`
	tests := []struct {
		src  string
		pos  string // line:col
		msg  string // "" when only the absence of raw notation is checked
		want string // a word the message must contain, when msg is ""
	}{
		{src: "1. Ann: place 9C KD a2", pos: "1:18", msg: `expected "/" between the bottom and the top card, as in 9C/KD, found "KD"`},
		{src: "1. Ann: draw 6Z", pos: "1:14", msg: `expected a card like 7H or 10S, found "6"`},
		{src: "1. Ann: a1-", pos: "1:12", msg: `expected a square like b3, found the end of the line`},
		{src: "1 Ann: a1-b2", pos: "1:3", msg: `expected "." after the turn number, as in "5. Ann:", found "Ann"`},
		{src: "1", pos: "1:2", msg: `expected "." after the turn number, as in "5. Ann:", found the end of the line`},
		{src: "1. Ann a1-b2", pos: "1:8", msg: `expected ":" after the player's name, as in "5. Ann:", found "a1"`},
		{src: "Ann", pos: "1:4", msg: `expected ":" after the player's name, as in "5. Ann:", found the end of the line`},
		{src: "1. Ann: draw 7H foo", pos: "1:17", msg: `expected ` + move + `, or "," between moves, found "foo"`},
		{src: "Ann: draw 7H foo", pos: "1:14", msg: `expected ` + move + `, or "," between moves, found "foo"`},
		{src: "1. Ann: a1-b2,", pos: "1:15", msg: `expected ` + move + `, found the end of the line`},
		// A slip for one of the grammar's words is named, among the words
		// expected there when participle names some.
		{src: "1. Ann: plcae 9C/KD a2", pos: "1:9", msg: `expected ` + move + `, or "," between moves, found "plcae" (did you mean "place"?)`},
		{src: "1. Ann: draw 7H, Place 9C/KD a2", pos: "1:18", msg: `expected ` + move + `, found "Place" (did you mean "place"?)`},
		// The words expected are listed already: no hint repeats one.
		{src: "result: Ann resings", pos: "1:13", msg: `expected "wins" or "resigns", found "resings"`},
		{src: "Ann: draw", pos: "1:10", msg: `expected a card like 7H or 10S, found the end of the line`},
		{src: "[", pos: "1:2", msg: `expected a name, found the end of the line`},
		{src: "[[[", pos: "1:2", msg: `expected a name, found "["`},
		{src: "[Game", pos: "1:6", msg: `expected a quoted value like "Ann" or a closing ], found the end of the line`},
		{src: `[Game "x" foo]`, pos: "1:11", msg: `expected a quoted value like "Ann" or a closing ], found "foo"`},
		{src: `[Game "x"] foo`, pos: "1:12", msg: `unexpected "foo"`},
		{src: "1.", pos: "1:3", msg: `expected ` + player + `, found the end of the line`},
		{src: "1. : a1-b2", pos: "1:4", msg: `expected ` + player + `, found ":"`},
		{src: "1. 2. 3.", pos: "1:4", msg: `expected ` + player + `, found "2"`},
		{src: "]", pos: "1:1", msg: `expected ` + statement + `, found "]"`},
		{src: ":", pos: "1:1", msg: `expected ` + statement + `, found ":"`},
		{src: "a11", pos: "1:1", msg: `expected ` + statement + `, found "a11"`},
		{src: ",,,", pos: "1:1", msg: `expected ` + statement + `, found ","`},
		{src: "result:", pos: "1:8", msg: `expected ` + result + `, found the end of the line`},
		{src: "result: KD", pos: "1:9", msg: `expected ` + result + `, found "KD"`},
		{src: "result: Ann", pos: "1:12", msg: `expected "wins" or "resigns", found the end of the line`},
		{src: "result: Ann draws", pos: "1:13", msg: `expected "wins" or "resigns", found "draws"`},
		{src: "result: draw foo", pos: "1:14", msg: `unexpected "foo"`},
		{src: "result: Ann wins, a1-b2", pos: "1:17", msg: `unexpected ","`},
		{src: "result", pos: "1:7", want: `":"`},
		{src: "result draw", pos: "1:8", want: `":"`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			p := parse(tt.src)
			if len(p.Errors) != 1 {
				t.Fatalf("got %d errors %q, want 1", len(p.Errors), errorLines(p.Errors))
			}
			e := p.Errors[0]
			if pos := fmt.Sprintf("%d:%d", e.Span.Start.Line, e.Span.Start.Column); pos != tt.pos {
				t.Errorf("error at %s, want %s", pos, tt.pos)
			}
			if tt.msg != "" && e.Msg != tt.msg {
				t.Errorf("message:\n got %s\nwant %s", e.Msg, tt.msg)
			}
			if rawMessage(e.Msg) {
				t.Errorf("message is not in words: %s", e.Msg)
			}
			if !strings.Contains(e.Msg, tt.want) {
				t.Errorf("message %q does not mention %s", e.Msg, tt.want)
			}
		})
	}
}

// hostileTranscripts is a table of odd inputs: none may panic, and every message must
// be in words.
var hostileTranscripts = []struct {
	src string
}{
	{src: ""},
	{src: "["},
	{src: "]"},
	{src: "1."},
	{src: "1. Ann:"},
	{src: ":"},
	{src: "result:"},
	{src: "result"},
	{src: "result Ann wins"},
	{src: "result: draw\nresult: draw"},
	{src: "{"},
	{src: "}"},
	{src: "{}"},
	{src: ";"},
	{src: `"`},
	{src: `"\`},
	{src: `[Game "\"]`},
	{src: "[Game"},
	{src: "1. Ann: a1-"},
	{src: "1. Ann: a1-b2xc3xd4"},
	{src: "1. Ann: " + strings.Repeat("a1-", 300)},
	{src: "1. Ann: draw " + strings.Repeat("7H ", 500)},
	{src: strings.Repeat("{", 1000)},
	{src: strings.Repeat("[", 1000)},
	{src: strings.Repeat("]", 1000)},
	{src: strings.Repeat("1. ", 300)},
	{src: strings.Repeat(",", 100)},
	{src: strings.Repeat("1. Ann:\n", 300)},
	{src: strings.Repeat("[\n", 300)},
	{src: "\x00"},
	{src: "\ufeff"},
	{src: "\ufeff\ufeff[Game \"x\"]"},
	{src: "\r"},
	{src: "\r\n\r\n"},
	{src: "\xff\xfe"},
	{src: "x"},
	{src: "é→☃"},
	{src: "Ann: Ann: Ann:"},
	{src: "result: result wins"},
	{src: "1. \"Ann\": \"Ben\": a1"},
}

func TestParseNeverPanics(t *testing.T) {
	for _, tt := range hostileTranscripts {
		t.Run(fmt.Sprintf("%.20q", tt.src), func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic: %v", r)
				}
			}()
			p := parse(tt.src)
			if p.File == nil {
				t.Fatal("Parse returned no File")
			}
			for _, e := range p.Errors {
				s := e.Span.Start
				if s.Line < 1 || s.Column < 1 || s.Offset < 0 || s.Offset > len(tt.src) || e.Span.End.Offset < s.Offset {
					t.Errorf("error %q has a bad span %+v", e.Msg, e.Span)
				}
				if strings.Contains(e.Msg, "internal error") {
					t.Errorf("the parser failed: %s", e.Msg)
				}
			}
			notation.Check(p, 2)
			notation.Print(p, bare)
		})
	}
}

func TestParseErrorMessagesOnHostileInput(t *testing.T) {
	for _, tt := range hostileTranscripts {
		t.Run(fmt.Sprintf("%.20q", tt.src), func(t *testing.T) {
			for _, e := range parse(tt.src).Errors {
				if rawMessage(e.Msg) {
					t.Errorf("message is not in words: %s", e.Msg)
				}
			}
		})
	}
}

// The grammar accepts statements that share a line, and so does Parse when
// the file has no error; an error elsewhere in the file should not change
// that.
func TestParseStatementsSharingALineWithAnErrorElsewhere(t *testing.T) {
	src := "[Game \"sortie\"] [Players \"Ann\" \"Ben\"]\n" +
		"1. Ann: a1-b2 2. Ben: d4-d3\n"
	if got := summary(parseOK(t, src)); len(got) != 4 {
		t.Fatalf("valid file: got %d statements %q, want 4", len(got), got)
	}
	p := parse(src + "3. Ann: a0\n")
	want := []string{`3:9: expected a move (draw 7H, place 9C/KD a1, a1-b2, a1xb2 or a1-b2xc3), or "," between moves, found "a0" (the squares are a1 to d4)`}
	if got := errorLines(p.Errors); !slices.Equal(got, want) {
		t.Errorf("errors %q, want %q", got, want)
	}
	if got := summary(p); len(got) != 4 {
		t.Errorf("got %d statements %q, want 4", len(got), got)
	}
}

func TestEBNF(t *testing.T) {
	ebnf := grammar.Sortie.EBNF()
	for _, prod := range []string{"File", "Statement", "Tag", "Turn", "Result", "Setup", "PlayerRef", "Move"} {
		if !regexp.MustCompile(`(?m)^` + prod + ` = `).MatchString(ebnf) {
			t.Errorf("no production %s in:\n%s", prod, ebnf)
		}
	}
	for _, want := range []string{
		"File = Statement* .",
		"Statement = Tag | Turn | Result | Setup .",
		`Tag = "[" <ident> <string>* "]" .`,
	} {
		if !strings.Contains(ebnf, want) {
			t.Errorf("EBNF lacks %q:\n%s", want, ebnf)
		}
	}
	for _, bad := range []string{"github.com", "notation.", "grammar.", "tabletop-referee"} {
		if strings.Contains(ebnf, bad) {
			t.Errorf("EBNF has %q:\n%s", bad, ebnf)
		}
	}
	if m := regexp.MustCompile(`[A-Za-z0-9_]\[`).FindString(ebnf); m != "" {
		t.Errorf("EBNF has a generic type argument (%q):\n%s", m, ebnf)
	}
}

// ------------------------------------------------------------------ Check

func TestCheckErrors(t *testing.T) {
	const players = "[Players \"Ann\" \"Ben\"]\n"
	tests := []struct {
		name string
		src  string
		n    int
		want []string
	}{
		{
			name: "tag after turns",
			src:  players + "1. Ann:\n[Date \"x\"]\n",
			want: []string{"3:1: header tags must come before the first set-up line or turn"},
		},
		{
			name: "tag after set-up lines",
			src:  players + "Ann: draw 7H\n[Date \"x\"]\n",
			want: []string{"3:1: header tags must come before the first set-up line or turn"},
		},
		{
			name: "set-up line after turns",
			src:  players + "1. Ann:\nBen: draw 7H\n2. Ben:\n",
			want: []string{"3:1: set-up lines must come before the first turn"},
		},
		{
			name: "lines after the result",
			src:  players + "1. Ann:\nresult: draw\n2. Ben:\n[Date \"x\"]\nresult: unfinished\n",
			want: []string{
				"4:1: the result line must be the last line",
				"5:1: the result line must be the last line",
				"6:1: the result line must be the last line",
			},
		},
		{
			name: "duplicate tags",
			src:  "[Game \"sortie\"]\n" + players + "[Game \"sortie\"]\n" + players,
			want: []string{"3:1: duplicate Game tag", "4:1: duplicate Players tag"},
		},
		{
			name: "missing Players tag",
			src:  "[Game \"sortie\"]\n1. Ann:\n",
			want: []string{`1:1: missing Players tag, as in [Players "Ann" "Ben"]`},
		},
		{
			name: "missing Players tag for three",
			src:  "\n  [Game \"x\"]\n",
			n:    3,
			want: []string{`2:3: missing Players tag, as in [Players "Ann" "Ben" "Cy"]`},
		},
		{
			name: "missing Players tag in an empty file",
			src:  "; nothing\n",
			want: []string{`2:1: missing Players tag, as in [Players "Ann" "Ben"]`},
		},
		{
			name: "one player",
			src:  "[Players \"Ann\"]\n1. Bob:\n",
			want: []string{"1:1: the Players tag needs 2 names, found 1"},
		},
		{
			name: "three players",
			src:  "[Players \"Ann\" \"Ben\" \"Cy\"]\n",
			want: []string{"1:1: the Players tag needs 2 names, found 3"},
		},
		{
			name: "two of three",
			src:  players,
			n:    3,
			want: []string{"1:1: the Players tag needs 3 names, found 2"},
		},
		{
			name: "duplicate player names",
			src:  "[Players \"Ann\" \"Ann\"]\n",
			want: []string{`1:1: two players are named "Ann"`},
		},
		{
			name: "empty player name",
			src:  "[Players \"Ann\" \" \"]\n",
			want: []string{"1:1: a player's name cannot be empty"},
		},
		{
			name: "Seed and Game with two values",
			src:  players + "[Seed \"1\" \"2\"]\n[Game \"sortie\" \"chess\"]\n[Seed]\n",
			want: []string{
				"2:1: the Seed tag takes one value, found 2",
				"3:1: the Game tag takes one value, found 2",
				"4:1: duplicate Seed tag",
			},
		},
		{
			name: "Seed with no value",
			src:  players + "[Seed]\n",
			want: []string{"2:1: the Seed tag takes one value, found 0"},
		},
		{
			name: "malformed variants",
			src:  players + "[Variant \"tie\" \"=bounce\" \"tie=\" \" = \" \"ace=high\"]\n",
			want: []string{
				`2:1: a variant is written name=value, as in "tie=bounce", not "tie"`,
				`2:1: a variant is written name=value, as in "tie=bounce", not "=bounce"`,
				`2:1: a variant is written name=value, as in "tie=bounce", not "tie="`,
				`2:1: a variant is written name=value, as in "tie=bounce", not " = "`,
			},
		},
		{
			name: "variant chosen twice",
			src:  players + "[Variant \"tie=bounce\" \" tie = break \"]\n",
			want: []string{"2:1: variant tie is chosen twice"},
		},
		{
			name: "turns not starting at 1",
			src:  players + "2. Ann:\n3. Ben:\n4. Ann:\n",
			want: []string{"2:1: expected turn 1, found turn 2: turns are numbered 1, 2, 3, ... without gaps (a transcript begins at another turn only from a declared position)"},
		},
		{
			name: "a gap in the turns",
			src:  players + "1. Ann:\n3. Ben:\n4. Ann:\n6. Ben:\n",
			want: []string{
				"3:1: expected turn 2, found turn 3: turns are numbered 1, 2, 3, ... without gaps",
				"5:1: expected turn 5, found turn 6: turns are numbered 1, 2, 3, ... without gaps",
			},
		},
		{
			name: "a turn number repeated",
			src:  players + "1. Ann:\n1. Ben:\n2. Ann:\n",
			want: []string{"3:1: expected turn 2, found turn 1: turns are numbered 1, 2, 3, ... without gaps"},
		},
		{
			name: "unknown players",
			src:  players + "Bob: draw 7H\n1.  Cy:\nresult: \"Di\" wins\n",
			want: []string{
				`2:1: unknown player "Bob": the players are Ann, Ben`,
				`3:5: unknown player "Cy": the players are Ann, Ben`,
				`4:9: unknown player "Di": the players are Ann, Ben`,
			},
		},
		{
			name: "quoted names are names",
			src:  "[Players \"Ann Lee\" \"ben\"]\n\"Ann Lee\": draw 7H\n1. \"ben\":\nresult: \"Ann Lee\" wins\n",
		},
		{
			name: "sorted by position",
			// The Players tag is checked after the statements, yet its
			// errors come first.
			src: "[Players \"Ann\" \"Ann\"]\n" +
				"Bob: draw 7H\n" +
				"1. Ann:\n" +
				"[Seed \"1\" \"2\"]\n" +
				"3. Ann:\n" +
				"Ann: draw 7H\n",
			want: []string{
				`1:1: two players are named "Ann"`,
				`2:1: unknown player "Bob": the players are Ann, Ann`,
				"4:1: header tags must come before the first set-up line or turn",
				"4:1: the Seed tag takes one value, found 2",
				"5:1: expected turn 2, found turn 3: turns are numbered 1, 2, 3, ... without gaps",
				"6:1: set-up lines must come before the first turn",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := tt.n
			if n == 0 {
				n = 2
			}
			p := parseOK(t, tt.src)
			tr, errs := notation.Check(p, n)
			// A game that declares no position begins at turn 1, as the
			// referee checks it.
			if err := tr.FirstTurnError(); err != nil {
				errs = append(errs, err)
				slices.SortStableFunc(errs, func(a, b *notation.Error) int { return a.Span.Start.Offset - b.Span.Start.Offset })
			}
			if got := errorLines(errs); !slices.Equal(got, tt.want) {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			for i := 1; i < len(errs); i++ {
				if errs[i].Span.Start.Offset < errs[i-1].Span.Start.Offset {
					t.Errorf("errors not sorted: %v before %v", errs[i-1], errs[i])
				}
			}
		})
	}
}

// An unknown player is pointed at by the name itself.
func TestCheckUnknownPlayerPositions(t *testing.T) {
	p := parseOK(t, "[Players \"Ann\" \"Ben\"]\n1. Bob: a1-b2\n2. Bne: a1-b2\nresult: Cy wins\n")
	_, errs := notation.Check(p, 2)
	want := []string{
		`2:4: unknown player "Bob": the players are Ann, Ben`,
		`3:4: unknown player "Bne" (did you mean "Ben"?): the players are Ann, Ben`,
		`4:9: unknown player "Cy": the players are Ann, Ben`,
	}
	if got := errorLines(errs); !slices.Equal(got, want) {
		t.Errorf("errors %q, want %q", got, want)
	}
}

// TestCheckPerspective: the Perspective tag names one player, who must be
// one of the Players tag's.
func TestCheckPerspective(t *testing.T) {
	tests := []struct {
		header string
		want   int
		errs   []string
	}{
		{`[Players "Ann" "Ben"]`, -1, nil},
		{`[Players "Ann" "Ben"] [Perspective "Ben"]`, 1, nil},
		{`[Perspective "Ann"] [Players "Ann" "Ben"]`, 0, nil},
		{`[Players "Ann" "Ben"] [Perspective "Bob"]`, -1, []string{`1:23: the Perspective tag names "Bob", who is not a player: the players are Ann, Ben`}},
		{`[Players "Ann" "Ben"] [Perspective "Ann" "Ben"]`, -1, []string{`1:23: the Perspective tag takes one value, found 2`}},
	}
	for _, tt := range tests {
		tr, errs := notation.Check(parseOK(t, tt.header+"\n1. Ann: a1-b2\n"), 2)
		if got := errorLines(errs); !slices.Equal(got, tt.errs) {
			t.Errorf("%s: errors %q, want %q", tt.header, got, tt.errs)
		}
		if tr.Perspective != tt.want {
			t.Errorf("%s: Perspective = %d, want %d", tt.header, tr.Perspective, tt.want)
		}
	}
}

func TestCheckCorrectFile(t *testing.T) {
	src := `[Game "sortie"]
[Event "Thursday"]
[Players "Ann" "Ben Lee"]
[Seed "lunch"]
[Variant "tie=bounce" " ace = high "]

Ann: draw 9C KD 5H 2S
"Ben Lee": draw 3D 8S JH 4C

1. Ann: draw 7H, place 9C/KD a2
2. "Ben Lee": draw 6D
3. Ann: a2-a3

result: "Ben Lee" resigns
`
	tr, errs := notation.Check(parseOK(t, src), 2)
	if len(errs) > 0 {
		t.Fatalf("errors: %q", errorLines(errs))
	}
	if tr.Game != "sortie" {
		t.Errorf("Game = %q", tr.Game)
	}
	if !slices.Equal(tr.Players, []string{"Ann", "Ben Lee"}) {
		t.Errorf("Players = %q", tr.Players)
	}
	if tr.Seed != "lunch" || !tr.Seeded {
		t.Errorf("Seed = %q, Seeded = %v", tr.Seed, tr.Seeded)
	}
	if len(tr.Variants) != 2 || tr.Variants["tie"] != "bounce" || tr.Variants["ace"] != "high" {
		t.Errorf("Variants = %q", tr.Variants)
	}
	if tr.VariantTag == nil || tr.VariantTag.Name != "Variant" {
		t.Errorf("VariantTag = %+v", tr.VariantTag)
	}
	if len(tr.Tags) != 5 || tr.Tag("Event") == nil || tr.Tag("Event").Text()[0] != "Thursday" || tr.Tag("Date") != nil {
		t.Errorf("Tags: %d, Event %+v", len(tr.Tags), tr.Tag("Event"))
	}
	if len(tr.Setup) != 2 || tr.Setup[1].Player.Text() != "Ben Lee" || tr.Setup[1].Moves[0].String() != "draw 3D 8S JH 4C" {
		t.Errorf("Setup = %+v", tr.Setup)
	}
	var turns []string
	for _, turn := range tr.Turns {
		turns = append(turns, fmt.Sprintf("%d %s %d", turn.Number, turn.Player.Text(), len(turn.Moves)))
	}
	if want := []string{"1 Ann 2", "2 Ben Lee 1", "3 Ann 1"}; !slices.Equal(turns, want) {
		t.Errorf("Turns = %q, want %q", turns, want)
	}
	if tr.Result == nil || tr.Result.Player.Text() != "Ben Lee" || tr.Result.Verb != "resigns" || tr.Result.Draw || tr.Result.Unfinished {
		t.Errorf("Result = %+v", tr.Result)
	}
	if tr.PlayerIndex("Ben Lee") != 1 || tr.PlayerIndex("Ann") != 0 || tr.PlayerIndex("Cy") != -1 {
		t.Errorf("PlayerIndex: %d %d %d", tr.PlayerIndex("Ben Lee"), tr.PlayerIndex("Ann"), tr.PlayerIndex("Cy"))
	}
}

func TestCheckUnseededDrawAndUnfinished(t *testing.T) {
	for _, tt := range []struct {
		result           string
		draw, unfinished bool
	}{
		{"result: draw", true, false},
		{"result: unfinished", false, true},
	} {
		tr, errs := notation.Check(parseOK(t, "[Players \"Ann\" \"Ben\"]\n1. Ann:\n"+tt.result+"\n"), 2)
		if len(errs) > 0 {
			t.Fatalf("%s: errors %q", tt.result, errorLines(errs))
		}
		if tr.Seeded || tr.Seed != "" || tr.Game != "" || len(tr.Variants) != 0 || tr.VariantTag != nil {
			t.Errorf("%s: Seeded %v Seed %q Game %q Variants %v", tt.result, tr.Seeded, tr.Seed, tr.Game, tr.Variants)
		}
		if tr.Result == nil || tr.Result.Draw != tt.draw || tr.Result.Unfinished != tt.unfinished || tr.Result.Player != nil {
			t.Errorf("%s: Result = %+v", tt.result, tr.Result)
		}
	}
}

// ------------------------------------------------------------------ Print

func TestPrintCanonicalLayout(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{
			name: "quoted names",
			src: "[Game   \"sortie\"]   [Players \"Ann Lee\"\t\"ann\"]\n" +
				"\"Ann Lee\":draw 7H   9C KD 2S\n" +
				"\"ann\" : draw TH 3D 8S JH\n\n\n" +
				"1.\"Ann Lee\":draw 4C,place 9C/KD a1,   a1-b2\n" +
				"  2 . \"ann\": place TH / 3D d4 , d4xc4\n" +
				"3. \"Ann Lee\":\n" +
				"result:\"Ann Lee\"   wins",
			want: `[Game "sortie"]
[Players "Ann Lee" "ann"]

"Ann Lee": draw 7H 9C KD 2S
"ann": draw 10H 3D 8S JH

1. "Ann Lee": draw 4C, place 9C/KD a1, a1-b2
2. "ann": place 10H/3D d4, d4xc4
3. "Ann Lee":

result: "Ann Lee" wins
`,
		},
		{
			name: "bare names",
			src:  "[Players \"Ann\" \"Zoë\"]\n\"Ann\": draw 7H\n1. \"Zoë\": a1 x b2\nresult: Zoë resigns\n",
			want: "[Players \"Ann\" \"Zoë\"]\n\nAnn: draw 7H\n\n1. Zoë: a1xb2\n\nresult: Zoë resigns\n",
		},
		{
			name: "no set-up lines",
			src:  "[Players \"Ann\" \"Ben\"]\n1. Ann: a1-b2\nresult: draw",
			want: "[Players \"Ann\" \"Ben\"]\n\n1. Ann: a1-b2\n\nresult: draw\n",
		},
		{
			name: "turns only",
			src:  "1. Ann: a1-b2\n2. Ben: b2-c3\n",
			want: "1. Ann: a1-b2\n2. Ben: b2-c3\n",
		},
		{
			name: "escaped tag value",
			src:  `[Event "say \"hi\""]`,
			want: "[Event \"say \\\"hi\\\"\"]\n",
		},
		{
			name: "empty",
			src:  "",
			want: "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := notation.Print(parseOK(t, tt.src), bare); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestPrintKeepsComments(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{
			name: "full-line comment before a statement",
			src:  "[Players \"Ann\" \"Ben\"]\n   ; about turn 1\n1. Ann: a1-b2\n{ about turn 2 }\n2. Ben: b2-c3",
			want: "[Players \"Ann\" \"Ben\"]\n\n; about turn 1\n1. Ann: a1-b2\n{ about turn 2 }\n2. Ben: b2-c3\n",
		},
		{
			name: "comment at the start of the file",
			src:  "; head\n{ more }\n[Game \"x\"]",
			want: "; head\n{ more }\n[Game \"x\"]\n",
		},
		{
			name: "brace comment before a statement on its line",
			src:  "[Game \"x\"]\n{c} 1. Ann: a1-b2",
			want: "[Game \"x\"]\n\n{c}\n1. Ann: a1-b2\n",
		},
		{
			name: "brace comments after moves",
			src:  "1. Ann: a1-b2{first},b2-c3  { second }  , c3xc4",
			want: "1. Ann: a1-b2 {first}, b2-c3 { second }, c3xc4\n",
		},
		{
			name: "brace comment before the first move",
			src:  "1. Ann: {c} a1-b2",
			want: "1. Ann: {c} a1-b2\n",
		},
		{
			name: "brace comment in a turn without moves",
			src:  "1. Ann: {pass}",
			want: "1. Ann: {pass}\n",
		},
		{
			name: "brace comment inside a tag",
			src:  "[Players {two} \"Ann\" \"Ben\"]",
			want: "[Players \"Ann\" \"Ben\"] {two}\n",
		},
		{
			name: "; comment ends its line",
			src:  "1. Ann: a1-b2 {b} ; done\nresult: draw;end",
			want: "1. Ann: a1-b2 {b} ; done\n\nresult: draw ;end\n",
		},
		{
			name: "; comment inside a statement goes to its end",
			src:  "1. Ann: a1-b2, ; note\n   b2-c3 {x}",
			want: "1. Ann: a1-b2, b2-c3 {x} ; note\n",
		},
		{
			name: "multi-line brace comment",
			src:  "1. Ann:\n{ a\n  b } a1-b2",
			want: "1. Ann: { a\n  b } a1-b2\n",
		},
		{
			name: "comments at the end of the file",
			src:  "1. Ann: a1-b2 ; c\n\n\n; end one\n{ end two }\n\n",
			want: "1. Ann: a1-b2 ; c\n\n; end one\n{ end two }\n",
		},
		{
			name: "comments only",
			src:  "; only\n\n{ c }",
			want: "; only\n{ c }\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parseOK(t, tt.src)
			got := notation.Print(p, bare)
			if got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
			// Every comment is kept, though ; comments may move to the
			// end of their statement's line.
			before, after := commentTexts(p), commentTexts(parseOK(t, got))
			slices.Sort(before)
			slices.Sort(after)
			if !slices.Equal(after, before) {
				t.Errorf("comments %q, want %q", after, before)
			}
		})
	}
}

// checkRoundTrip checks that Print is idempotent on src and that what it
// prints says what src says, comments included.
func checkRoundTrip(t *testing.T, src string) {
	t.Helper()
	p := parseOK(t, src)
	once := notation.Print(p, bare)
	q := parse(once)
	if len(q.Errors) > 0 {
		t.Fatalf("printed text does not parse: %q\n%s", errorLines(q.Errors), once)
	}
	if twice := notation.Print(q, bare); twice != once {
		t.Errorf("Print is not idempotent:\nonce:\n%s\ntwice:\n%s", once, twice)
	}
	if a, b := summary(p), summary(q); !slices.Equal(a, b) {
		t.Errorf("statements differ:\nbefore:\n%s\nafter:\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	a, b := commentTexts(p), commentTexts(q)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		t.Errorf("comments differ: %q, then %q", a, b)
	}
}

func TestPrintIdempotent(t *testing.T) {
	tests := []struct {
		name, src string
	}{
		{name: "canonical", src: validFile},
		{name: "odd spacing", src: "  [Game\"sortie\"][Players \"Ann\"  \"Ben\"]\n\n\n\tAnn:draw 7H\t9C , place 9C/KD a1\n1 .Ann :a1 -b2 x c3,a1x b2\n   result :  Ann    wins\n"},
		{name: "comments everywhere", src: "; head\n[Game \"sortie\"] ; game\n{ before players }\n[Players {in} \"Ann\" \"Ben\"]\n{ before setup }\nAnn: {x} draw 7H { y } ; z\n1. Ann: a1-b2 {p},\n   b2-c3 ; q\n  ; own line\n2. Ben:\n; before result\nresult: draw { r } ; s\n; tail\n{ tail }"},
		{name: "comment-only file", src: "; a\n{ b }\n; c\n"},
		{name: "blank group changes", src: "1. Ann: a1-b2\n[Game \"x\"]\nAnn: draw 7H\n"},
		{name: "quoted names", src: "[Players \"Ann Lee\" \"ann\"]\n1. \"Ann Lee\": a1-b2\n2. ann: draw TH\nresult: \"ann\" wins"},
		{name: "CRLF and BOM", src: "\ufeff[Players \"Ann\" \"Ben\"]\r\n\r\n1. Ann: a1-b2 { c }\r\n2. Ben: b2-c3\r\n"},
		{name: "statements sharing a line", src: "[Game \"x\"] [Players \"Ann\" \"Ben\"] 1. Ann: a1-b2 2. Ben: b2-c3 result: draw"},
		{
			name: "two ; comments in a multi-line statement",
			src:  "1. Ann: a1-b2, ; c1\nb2-c3 ; c2\nresult: draw\n",
		},
		{
			name: "two ; comments in a multi-line statement at the end of the file",
			src:  "1. Ann: a1-b2, ; c1\nb2-c3 ; c2\n",
		},
		{name: "multi-line brace comment last on its line", src: "1. Ann: a1-b2 {x\ny}\n2. Ben: b2-c3 ; s\n"},
		{
			name: "comment after a multi-line brace comment",
			src:  "1. Ann: a1 {x\ny} -b2 ; s\n",
		},
		{
			name: "brace comment after a multi-line brace comment in a tag",
			src:  "[Game {x\ny} \"x\"] {z}\n1. Ann: a1-b2\n",
		},
		{
			name: "two ; comments in a multi-line tag",
			src:  "[Players ; c1\n\"Ann\" \"Ben\"] ; c2\n1. Ann: a1-b2\n",
		},
		{
			name: "long turn with comments",
			src:  "1. Ann: " + strings.Repeat("a1-b2 {why}, b2-c3, ", 12) + "a1-b2 ; the end\n2. Ben: b2-c3\n",
		},
		{
			name: "long set-up line",
			src:  "Ann: " + strings.Repeat("draw 7H 9C KD 5H, ", 10) + "draw 7H\n1. Ann: a1-b2\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkRoundTrip(t, tt.src)
		})
	}
}

// A turn of any length prints on lines of at most Width columns, broken
// after commas, so that fmt never writes a line that check refuses.
func TestPrintWrapsLongStatements(t *testing.T) {
	src := "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n\n1. Ann: " + strings.Repeat("a1-b2,\n", 9999) + "a1-b2\n"
	p := parseOK(t, src)
	out := notation.Print(p, bare)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for i, line := range lines {
		if n := utf8.RuneCountInString(line); n > notation.Width {
			t.Fatalf("line %d has %d columns, more than %d: %q", i+1, n, notation.Width, line)
		}
		if i > 4 && !strings.HasPrefix(line, "    a1-b2, a1-b2") {
			t.Fatalf("line %d is not a continuation of the turn: %q", i+1, line)
		}
	}
	q := parseOK(t, out)
	if n := len(q.File.Statements[2].Turn.Moves); n != 10000 {
		t.Errorf("the printed turn has %d moves, want 10000", n)
	}
	if again := notation.Print(q, bare); again != out {
		t.Error("Print is not idempotent on a wrapped turn")
	}
}

func TestPrintExamples(t *testing.T) {
	files, err := filepath.Glob("../examples/sortie/*.sortie")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if len(parse(string(src)).Errors) > 0 {
			continue
		}
		checked++
		t.Run(filepath.Base(file), func(t *testing.T) { checkRoundTrip(t, string(src)) })
	}
	if checked < 10 {
		t.Errorf("only %d examples parse without errors; want at least 10", checked)
	}
}

func TestBareName(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"Ann", true},
		{"Zoë", true},
		{"Éva", true},
		{"O'Neil", true},
		{"Ben2", true},
		{"X", true},
		{"Draw", true},
		{"ASH", true},
		{"Ann_Lee", true},
		{"Renée", true},
		{"Jo", true},
		{"Ko", true},
		{"Annx", true},
		{"ann", false},
		{"Ann Lee", false},
		{"a1", false},
		{"7H", false},
		{"KD", false},
		{"TH", false},
		{"JR", false},
		{"", false},
		{"x", false},
		{"_Ann", false},
		{"Ann;", false},
		{"Ann{x}", false},
		{"Ann-Lee", false},
		{"Ann\"", false},
		{"Ann\xff", false},
		{"A\u00a0", false},
		{"Ann(", false},
	}
	// The fast lexer's answer is its specification's.
	spec := notation.BareName(grammar.SortieLexer.Spec())
	for _, tt := range tests {
		if got := bare(tt.name); got != tt.want {
			t.Errorf("BareName(%q) = %v, want %v", tt.name, got, tt.want)
		}
		if got := spec(tt.name); got != tt.want {
			t.Errorf("BareName(%q) by the declarative lexer = %v, want %v", tt.name, got, tt.want)
		}
	}
	// A bare name printed by Print parses back as the same name.
	for _, tt := range tests {
		if !tt.want {
			continue
		}
		p := parse("1. " + tt.name + ": a1-b2")
		if len(p.Errors) > 0 || len(p.File.Statements) != 1 || p.File.Statements[0].Turn.Player.Text() != tt.name {
			t.Errorf("bare name %q does not parse back: %q", tt.name, errorLines(p.Errors))
		}
	}
}

// A name with trailing white space is not a bare name: printed bare, the
// white space would be lost (or break the line) and the name would change.
func TestBareNameTrailingWhiteSpace(t *testing.T) {
	for _, name := range []string{"Ann ", "Ann\n", "Ann\t", "Ann\ufeff"} {
		if bare(name) {
			t.Errorf("BareName(%q) = true, want false", name)
		}
	}
	src := "[Players \"Ann \" \"Ben\"]\n1. \"Ann \": a1-b2\n"
	if _, errs := notation.Check(parseOK(t, src), 2); len(errs) > 0 {
		t.Fatalf("errors before printing: %q", errorLines(errs))
	}
	out := notation.Print(parseOK(t, src), bare)
	if _, errs := notation.Check(parseOK(t, out), 2); len(errs) > 0 {
		t.Errorf("errors after printing %q: %q", out, errorLines(errs))
	}
}
