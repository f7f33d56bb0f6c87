package grammar

import (
	"testing"

	"github.com/tabletop-referee/referee/notation"
)

// moveSpan is a move's canonical text and the columns it spans on line 1.
type moveSpan struct {
	text     string
	from, to int
}

// checkMoveSpans checks each move's canonical text and span.
func checkMoveSpans[M notation.Move](t *testing.T, moves []M, want []moveSpan) {
	t.Helper()
	if len(moves) != len(want) {
		t.Fatalf("got %d moves, want %d", len(moves), len(want))
	}
	for i, w := range want {
		m := moves[i]
		if m.String() != w.text {
			t.Errorf("move %d: String() = %q, want %q", i, m.String(), w.text)
		}
		s := m.Span()
		if s.Start.Line != 1 || s.Start.Column != w.from || s.End.Line != 1 || s.End.Column != w.to {
			t.Errorf("move %d (%s): span %d:%d-%d:%d, want 1:%d-1:%d", i, w.text,
				s.Start.Line, s.Start.Column, s.End.Line, s.End.Column, w.from, w.to)
		}
		if s.End.Offset-s.Start.Offset != s.End.Column-s.Start.Column {
			t.Errorf("move %d: offsets %d-%d do not match columns", i, s.Start.Offset, s.End.Offset)
		}
	}
}

// checkOneError checks that errs is one error at column col of line 1,
// with the message msg.
func checkOneError(t *testing.T, errs []*notation.Error, col int, msg string) {
	t.Helper()
	if len(errs) != 1 {
		t.Fatalf("got %d errors %v, want 1", len(errs), errs)
	}
	e := errs[0]
	if e.Span.Start.Line != 1 || e.Span.Start.Column != col {
		t.Errorf("error at %d:%d, want 1:%d", e.Span.Start.Line, e.Span.Start.Column, col)
	}
	if e.Span.Start.Offset != col-1 {
		t.Errorf("error at offset %d, want %d", e.Span.Start.Offset, col-1)
	}
	if e.Msg != msg {
		t.Errorf("message:\n got %s\nwant %s", e.Msg, msg)
	}
}
