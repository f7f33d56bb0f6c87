package referee

import (
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/notation"
)

// faulty wraps a game's rules so that a state panics at its nth Apply (from
// 1), or in New when n is 0, standing for a bug in an engine.
type faulty struct {
	engine.Game
	n int
}

func (f faulty) New(opts engine.Options) (engine.State, error) {
	if f.n == 0 {
		panic("New is broken")
	}
	st, err := f.Game.New(opts)
	return &faultyState{State: st, left: f.n}, err
}

type faultyState struct {
	engine.State
	left int
}

func (s *faultyState) Apply(p int, m engine.Move) error {
	if s.left--; s.left == 0 {
		panic("index out of range [7] with length 7")
	}
	return s.State.Apply(p, m)
}

// A panic in an engine is an internal error at the move it met, with exit
// status 3; replay stops there and the report still comes out.
func TestAnEngineFaultIsAnInternalErrorAtItsMove(t *testing.T) {
	src := mustRead(t, "examples/sortie/ann-wins.sortie")
	b := *sortieGame()
	b.rules = faulty{sortieGame().rules, 3}
	r := b.Check("ann-wins.sortie", src, Options{})
	if r.ExitCode() != 3 {
		t.Fatalf("exit %d, want 3:\n%s", r.ExitCode(), ReportText(r))
	}
	var internal []Diagnostic
	for _, d := range r.Diagnostics {
		if d.Severity == Internal {
			internal = append(internal, d)
		}
	}
	if len(internal) != 1 || internal[0].Span.Start.Line == 0 {
		t.Fatalf("want one positioned internal error:\n%s", ReportText(r))
	}
	text := ReportText(r)
	for _, want := range []string{"internal error: index out of range", "a fault of the referee", "not known: internal error"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	// The third move applied is the one pointed at.
	if got := src[internal[0].Span.Start.Offset:internal[0].Span.End.Offset]; got == "" {
		t.Errorf("the internal error points at nothing")
	}
	// With --keep-going too, replay stops at the fault.
	if r := b.Check("ann-wins.sortie", src, Options{KeepGoing: true}); r.ExitCode() != 3 || !r.Stopped {
		t.Errorf("keep-going: exit %d, stopped %v", r.ExitCode(), r.Stopped)
	}
}

// A panic in a room's conversion of a move is an internal error at that
// move too, and replay stops there.
func TestARoomFaultIsAnInternalErrorAtItsMove(t *testing.T) {
	src := mustRead(t, "examples/sortie/ann-wins.sortie")
	b := *sortieGame()
	toEngine, n := b.toEngine, 0
	b.toEngine = func(dst []engine.Move, m notation.Move, setup bool) []engine.Move {
		if n++; n == 4 {
			panic("the room is broken")
		}
		return toEngine(dst, m, setup)
	}
	r := b.Check("ann-wins.sortie", src, Options{})
	if r.ExitCode() != 3 || !r.Stopped || !strings.Contains(ReportText(r), "internal error: the room is broken") {
		t.Fatalf("exit %d, stopped %v:\n%s", r.ExitCode(), r.Stopped, ReportText(r))
	}
	for _, d := range r.Diagnostics {
		if d.Severity == Internal {
			if got := src[d.Span.Start.Offset:d.Span.End.Offset]; got != "place 9C/KD a2" {
				t.Errorf("the internal error points at %q, want the fourth move, place 9C/KD a2", got)
			}
		}
	}
}

// A panic while setting up the game is an internal error too.
func TestAFaultInNewIsAnInternalError(t *testing.T) {
	src := mustRead(t, "examples/sortie/ann-wins.sortie")
	b := *sortieGame()
	b.rules = faulty{sortieGame().rules, 0}
	r := b.Check("ann-wins.sortie", src, Options{})
	if r.ExitCode() != 3 || !strings.Contains(ReportText(r), "New is broken") {
		t.Fatalf("exit %d:\n%s", r.ExitCode(), ReportText(r))
	}
}

// Control characters from a transcript are escaped wherever a report
// echoes them, and the caret still lines up under the place.
func TestControlCharactersAreEscaped(t *testing.T) {
	src := "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n\n1. Ann: \x1b[31m place\n"
	r := CheckSource("t.sortie", src, Options{})
	text := ReportText(r)
	if strings.ContainsAny(text, "\x1b\x07") {
		t.Fatalf("raw control characters in the report:\n%q", text)
	}
	if !strings.Contains(text, `\x1b`) {
		t.Fatalf("the escape is not shown:\n%s", text)
	}
	for _, tt := range []struct{ in, want string }{
		{"plain", "plain"},
		{"tab\tkept", "tab\tkept"},
		{"bell\a", `bell\a`},
		{"esc\x1b[2J", `esc\x1b[2J`},
		{"nul\x00", `nul\x00`},
		{"c1\u009b", `c1\u009b`},
		{"bom\ufeff", `bom\ufeff`},
		{"bidi\u202eevil", `bidi\u202eevil`},
		{"zero\u200bwidth", `zero\u200bwidth`},
		{"Zoë", "Zoë"},
	} {
		if got := escapeControls(tt.in); got != tt.want {
			t.Errorf("escapeControls(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// The caret sits under the escaped character's place: four columns
	// for \x1b, then the bracket.
	d := Diagnostic{Illegal, spanOf(src, "[31m"), "here"}
	var b strings.Builder
	WriteDiagnostic(&b, "t.sortie", src, d, Palette{})
	lines := strings.Split(b.String(), "\n")
	if len(lines) < 3 {
		t.Fatalf("no excerpt:\n%s", b.String())
	}
	echo, caret := lines[1], lines[2]
	at := strings.Index(caret, "^")
	if at < 0 || !strings.HasPrefix(echo[at:], "[31m") || strings.Count(caret, "^") != 4 {
		t.Errorf("the caret does not line up:\n%s\n%s", echo, caret)
	}
}

// A byte-order mark is hidden only where it opens the file; anywhere else
// it takes a column, so it is shown escaped and the caret still lines up.
func TestByteOrderMarkLaterInTheFile(t *testing.T) {
	for _, src := range []string{
		"\uFEFF[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n1. Ann: a1-b2 zz\n",
		"[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n\uFEFF1. Ann: a1-b2 zz\n",
		"[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n1. Ann:\uFEFF a1-b2 zz\n",
	} {
		r := CheckSource("t.sortie", src, Options{})
		if len(r.Diagnostics) == 0 {
			t.Fatalf("%q: no diagnostic", src)
		}
		var b strings.Builder
		WriteDiagnostic(&b, "t.sortie", src, r.Diagnostics[0], Palette{})
		lines := strings.Split(b.String(), "\n")
		if len(lines) < 3 {
			t.Fatalf("no excerpt:\n%s", b.String())
		}
		echo, caret := lines[1], lines[2]
		if strings.Contains(echo, "\uFEFF") {
			t.Errorf("%q: a raw byte-order mark is echoed", src)
		}
		at := strings.Index(caret, "^")
		if at < 0 || !strings.HasPrefix(echo[at:], "zz") {
			t.Errorf("%q: the caret is not under zz:\n%s\n%s", src, echo, caret)
		}
	}
}

// brokenCheck is a game whose Check itself panics, past every guard inside
// it.
type brokenCheck struct{ Game }

func (brokenCheck) Check(path, src string, opts Options) *Report { panic("Check is broken") }

// A fault in one file of a batch leaves the others checked: CheckSource
// catches what escapes a game's own guards.
func TestCheckSourceCatchesWhatEscapes(t *testing.T) {
	orig := games
	defer func() { games = orig }()
	src := mustRead(t, "examples/sortie/ann-wins.sortie")
	games = []Game{brokenCheck{sortieGame()}}
	r := CheckSource("x.sortie", src, Options{})
	if r.ExitCode() != 3 || !strings.Contains(ReportText(r), "internal error: Check is broken") {
		t.Errorf("exit %d:\n%s", r.ExitCode(), ReportText(r))
	}
	games = orig
	if r := CheckSource("x.sortie", src, Options{}); r.ExitCode() != 0 {
		t.Errorf("the next file: exit %d", r.ExitCode())
	}
}
