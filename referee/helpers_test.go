package referee

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/notation"
)

// spanOf is the span of the first occurrence of part in src, which must
// lie on one line.
func spanOf(src, part string) notation.Span {
	off := strings.Index(src, part)
	line := strings.Count(src[:off], "\n") + 1
	col := utf8.RuneCountInString(src[strings.LastIndexByte(src[:off], '\n')+1:off]) + 1
	start := lexer.Position{Offset: off, Line: line, Column: col}
	end := start
	end.Offset += len(part)
	end.Column += utf8.RuneCountInString(part)
	return notation.Span{Start: start, End: end}
}

// diagnosticLines shows diagnostics as "line:col: severity: message".
func diagnosticLines(diags []Diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, fmt.Sprintf("%d:%d: %s: %s", d.Span.Start.Line, d.Span.Start.Column, d.Severity, d.Msg))
	}
	return out
}

// registered is the game named, as its room registered it, with its
// grammar's move type M.
func registered(name string) *binding {
	g, ok := Lookup(name)
	if !ok {
		panic("no game " + name + " registered: games_test.go imports them all")
	}
	return g.(*binding)
}

func sortieGame() *binding { return registered("sortie") }
func modGame() *binding    { return registered("mod") }
func voidGame() *binding   { return registered("void") }
