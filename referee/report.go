package referee

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tabletop-referee/referee/notation"
)

// Severity sorts diagnostics.
type Severity int

// The kinds of diagnostic, from the least to the most serious.
const (
	Note     Severity = iota // what the referee did, as in "replay stopped"
	Illegal                  // a move the rules forbid
	Mismatch                 // a recorded result the rules do not give
	Error                    // a syntax or structure error: the file cannot be replayed
	Internal                 // a fault of the referee itself, not of the transcript
)

func (s Severity) String() string {
	return [...]string{"note", "illegal", "result", "error", "internal error"}[s]
}

// Diagnostic is one finding at a place in a transcript.
type Diagnostic struct {
	Severity Severity
	Span     notation.Span
	Msg      string
}

// Report is everything the referee found in one transcript.
type Report struct {
	Path    string
	Source  string
	Game    string
	Players []string
	Seed    string // the Seed tag, or "" for a game whose draws are written
	// Perspective names the player from whose seat the record was made
	// (the Perspective tag), or is "".
	Perspective string
	// Unshuffled is set for a game with nothing to shuffle or draw (Void),
	// where a missing seed leaves nothing unwritten.
	Unshuffled bool
	Variants   []string
	Turns      int // turn lines replayed
	Moves      int // moves replayed, legal or not
	Illegal    int
	// Rulings counts the moves the transcript records a correction for:
	// taken back, let stand, or taken back with a penalty.
	Rulings int
	// Unverified counts the moves legal only under an assumption about
	// cards nobody recorded: a card played from a hand that held unknown
	// cards, which could have been it.
	Unverified int
	// Penalties counts each player's penalties; nil when none is recorded.
	Penalties   []int
	Diagnostics []Diagnostic
	// Dropped counts the diagnostics found past the limit of those kept
	// (Limits.MaxErrors), which the report does not hold: a hostile file
	// can have millions.
	Dropped int
	// keep is the most diagnostics add keeps, or 0 for all; worstDropped
	// is the most serious it dropped, which the exit status counts.
	keep         int
	worstDropped Severity
	// Replayed is false when syntax errors kept the transcript from being replayed.
	Replayed bool
	Stopped  bool   // replay stopped at an illegal move
	Result   string // the result the rules give
	Recorded string // the recorded result and whether it agrees; "" when none is written
	State    []Row
	// Outcome is the result in a fixed form for comparisons: "Ann wins",
	// "draw" or "unfinished".
	Outcome string
}

// Row is one named line of a report's final state, as in "flags", "Ann a1 a2 b1; Ben d4".
type Row struct{ Name, Value string }

// ExitCode is the documented exit status for the report: 0 when clean, 1
// for illegal moves or a disagreeing result, 2 for syntax errors, 3 for a
// fault of the referee's own.
func (r *Report) ExitCode() int {
	code := 0
	switch r.worstDropped {
	case Error:
		code = 2
	case Illegal, Mismatch:
		code = 1
	}
	for _, d := range r.Diagnostics {
		switch d.Severity {
		case Internal:
			return 3
		case Error:
			code = max(code, 2)
		case Illegal, Mismatch:
			code = max(code, 1)
		}
	}
	return code
}

// add adds a diagnostic after those found before, or counts it in
// Dropped once the report holds as many as it keeps; a fault of the
// referee's own is always kept, for the exit status.
func (r *Report) add(sev Severity, span notation.Span, msg string) {
	if r.keep > 0 && len(r.Diagnostics) >= r.keep && sev != Internal {
		r.Dropped++
		r.worstDropped = max(r.worstDropped, sev)
		return
	}
	r.Diagnostics = append(r.Diagnostics, Diagnostic{sev, span, msg})
}

// keepWithin makes add keep at most the limit's MaxErrors diagnostics,
// those past them counted.
func (r *Report) keepWithin(limits notation.Limits) {
	r.keep = max(limits.OrDefault().MaxErrors, 0)
}

// found is the number of diagnostics found, kept or not.
func (r *Report) found() int { return len(r.Diagnostics) + r.Dropped }

// errorsToDiagnostics turns notation errors into diagnostics.
func errorsToDiagnostics(errs []*notation.Error) []Diagnostic {
	out := make([]Diagnostic, len(errs))
	for i, e := range errs {
		sev := Error
		if strings.HasPrefix(e.Msg, "internal error") {
			sev = Internal // the parser's own fault, caught by notation.Guard
		}
		out[i] = Diagnostic{sev, e.Span, e.Msg}
	}
	return out
}

// PerPlayer writes a value for each player, after their name: "Ann 3; Ben 5".
func PerPlayer(players []string, f func(p int) string) string {
	return string(AppendPerPlayer(nil, players, func(b []byte, p int) []byte { return append(b, f(p)...) }))
}

// AppendPerPlayer appends to b what PerPlayer writes, each player's value
// appended by write. A final state is described for every file checked,
// so a room writes its rows with appends into one buffer.
func AppendPerPlayer(b []byte, players []string, write func(b []byte, p int) []byte) []byte {
	for p, name := range players {
		if p > 0 {
			b = append(b, "; "...)
		}
		b = append(append(b, name...), ' ')
		b = write(b, p)
	}
	return b
}

// NameList writes card names as the notation writes them (write), comma
// separated, or "none".
func NameList[N ~string](cards []string, write func(N) string) string {
	return string(AppendNames(nil, cards, write))
}

// AppendNames appends to b what NameList writes.
func AppendNames[N ~string](b []byte, cards []string, write func(N) string) []byte {
	if len(cards) == 0 {
		return append(b, "none"...)
	}
	for i, c := range cards {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, write(N(c))...)
	}
	return b
}

// Truncate keeps at most n of a report's diagnostics (all when n <= 0),
// with a note that counts the rest, those the report dropped included;
// the exit status is the whole report's.
func Truncate(r *Report, n int) *Report {
	if r.Dropped == 0 && (n <= 0 || len(r.Diagnostics) <= n) {
		return r
	}
	c := *r
	if n <= 0 || n > len(r.Diagnostics) {
		n = len(r.Diagnostics)
	}
	rest := len(r.Diagnostics) - n + r.Dropped
	c.Dropped = 0
	c.Diagnostics = append(slices.Clone(r.Diagnostics[:n]), Diagnostic{Note, notation.Span{},
		fmt.Sprintf("%s more not shown (--max-diagnostics)", Plural(rest, "diagnostic"))})
	return &c
}

// Citation is the rule an illegal move's message quotes at its end, as
// engine.Violation writes it: (rule: "...") or (ruling S4: "...").
type Citation struct {
	// Ruling names the ruling quoted, as in "S4"; empty when the rule is
	// the game's own rules text.
	Ruling string
	// Rule is the words quoted.
	Rule string
	// At is where the citation begins in the message: the message without
	// it is msg[:At].
	At int
}

// citation is a citation at the end of a message, with the space before it.
var citation = lazyRegexp(` ?\((?:rule|ruling ([^:()"]+)): ("(?:[^"\\]|\\.)*")\)$`)

// Cites finds the rule a message quotes at its end; ok is false when it
// quotes none. Statistics count refusals by it, the web page sets it
// apart and an editor shows it as the diagnostic's code: one reading of
// the message for all three.
func Cites(msg string) (c Citation, ok bool) {
	m := citation().FindStringSubmatchIndex(msg)
	if m == nil {
		return Citation{}, false
	}
	rule, err := strconv.Unquote(msg[m[4]:m[5]])
	if err != nil {
		return Citation{}, false
	}
	if m[2] >= 0 {
		c.Ruling = msg[m[2]:m[3]]
	}
	return Citation{Ruling: c.Ruling, Rule: rule, At: m[0]}, true
}
