package enginetest

import (
	"errors"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/tabletop-referee/referee/engine"
)

// Verdict is what an engine's Apply should answer a move: the zero Verdict
// accepts it; one with a Rule alone refuses it as a violation of that rule
// of the rules text, and one with a Ruling too as a violation of that
// ruling, quoting it.
type Verdict struct {
	Ruling string // the ruling's number, as "M9"; "" for a rule of the rules text
	Rule   string // the quote the violation gives
}

// rulings caches the sections of each RULINGS.md read, by ruling prefix
// (one engine package, and so one RULINGS.md, to a test binary).
var rulings struct {
	sync.Mutex
	sections map[string]map[string]string
}

// sections is rulingSections of the package's RULINGS.md, read once.
func (q Quotes) sections() (map[string]string, error) {
	rulings.Lock()
	defer rulings.Unlock()
	if s, ok := rulings.sections[q.RulingPrefix]; ok {
		return s, nil
	}
	doc, err := os.ReadFile("RULINGS.md")
	if err != nil {
		return nil, err
	}
	if rulings.sections == nil {
		rulings.sections = map[string]map[string]string{}
	}
	s := rulingSections(q.RulingPrefix, string(doc))
	rulings.sections[q.RulingPrefix] = s
	return s, nil
}

// Refused checks err, the engine's answer to a move (named move, by player)
// that want refuses: it must be a *engine.Violation of want's ruling and
// rule that says what happened, and a ruling's rule must stand in that
// ruling's section of RULINGS.md. An answer that is not a violation fails
// the test at once. Refused returns the violation.
func (q Quotes) Refused(t testing.TB, err error, move, player string, want Verdict) *engine.Violation {
	t.Helper()
	if err == nil {
		t.Fatalf("%s by %s was accepted; want a violation of %+v", move, player, want)
	}
	var v *engine.Violation
	if !errors.As(err, &v) {
		t.Fatalf("%s: error %v is not a *engine.Violation", move, err)
	}
	if v.Ruling != want.Ruling || v.Rule != want.Rule {
		t.Errorf("%s by %s: %v\nwant ruling %q, rule %q", move, player, v, want.Ruling, want.Rule)
	}
	if v.What == "" {
		t.Errorf("%s: the violation %v does not say what happened", move, v)
	}
	if v.Ruling != "" {
		if sections, err := q.sections(); err != nil {
			t.Errorf("RULINGS.md: %v", err)
		} else if !strings.Contains(sections[v.Ruling], v.Rule) {
			t.Errorf("%s: %q is not in ruling %s of RULINGS.md", move, v.Rule, v.Ruling)
		}
	}
	return v
}
