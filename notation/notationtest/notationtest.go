// Package notationtest holds checks the fuzz tests of the grammars and of
// the referee share: that a span lies inside its source, and that a call
// returns, without a panic, in reasonable time; and the helpers notation's
// tests and grammar's tests of the parser share (parse.go).
package notationtest

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tabletop-referee/referee/notation"
)

// ReturnLimit is how long one call may take: a call that takes longer does
// not return, as far as a referee at the table is concerned.
const ReturnLimit = 10 * time.Second

// CheckSpan checks that span lies inside src: its lines and columns on the
// text, its offsets in 0..len(src), its start not after its end. What names
// the span in failures.
func CheckSpan(t testing.TB, src, what string, span notation.Span) {
	t.Helper()
	lines := strings.Split(src, "\n")
	for _, p := range []struct {
		name           string
		pos, line, col int
	}{
		{"start", span.Start.Offset, span.Start.Line, span.Start.Column},
		{"end", span.End.Offset, span.End.Line, span.End.Column},
	} {
		switch {
		case p.pos < 0 || p.pos > len(src):
			t.Errorf("%s: %s offset %d outside 0..%d", what, p.name, p.pos, len(src))
		case p.line < 1 || p.line > len(lines):
			t.Errorf("%s: %s line %d outside 1..%d", what, p.name, p.line, len(lines))
		case p.col < 1 || p.col > utf8.RuneCountInString(lines[p.line-1])+1:
			t.Errorf("%s: %s column %d outside line %d (1..%d)", what, p.name, p.col, p.line, utf8.RuneCountInString(lines[p.line-1])+1)
		}
	}
	if span.End.Offset < span.Start.Offset {
		t.Errorf("%s: ends at offset %d, before its start %d", what, span.End.Offset, span.Start.Offset)
	}
}

// MustReturn runs f, failing on a panic (with its stack) or when f does not
// return within ReturnLimit.
func MustReturn(t testing.TB, f func()) {
	t.Helper()
	done := make(chan string, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Sprintf("panic: %v\n%s", r, debug.Stack())
				return
			}
			done <- ""
		}()
		f()
	}()
	timer := time.NewTimer(ReturnLimit)
	defer timer.Stop()
	select {
	case msg := <-done:
		if msg != "" {
			t.Fatal(msg)
		}
	case <-timer.C:
		t.Fatalf("did not return within %v", ReturnLimit)
	}
}
