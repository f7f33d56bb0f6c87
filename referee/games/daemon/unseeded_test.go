package daemon

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/daemon"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/referee"
	"github.com/tabletop-referee/referee/referee/catalogue"
)

// The seeds of the random games the properties are checked on.
const randomGames = 12

// playedKey names a random game as a test writes it.
type playedKey struct {
	seed uint64
	opts referee.RandomOptions
}

// played is a random game as written, and its check once asked for.
type played struct {
	text, outcome string
	err           error
	report        *referee.Report
}

// playedGames are the random games the tests have written, each written
// and checked once: several tests play the same games, and the bots' play
// and the check are most of what these tests cost.
var (
	playedMu    sync.Mutex
	playedGames = map[playedKey]*played{}
)

// playRandom is the random game of seed written as opts asks, written at
// the first call for it.
func playRandom(seed uint64, opts referee.RandomOptions) *played {
	playedMu.Lock()
	defer playedMu.Unlock()
	k := playedKey{seed, opts}
	if p, ok := playedGames[k]; ok {
		return p
	}
	g, _ := referee.Lookup("daemon")
	p := &played{}
	if opts == (referee.RandomOptions{}) {
		p.text, p.outcome = g.Random(seed)
	} else {
		p.text, p.outcome, p.err = g.RandomWith(seed, opts)
	}
	playedGames[k] = p
	return p
}

// checkRandom is the check of the random game of seed written as opts
// asks, as random-<seed>.daemon, made at the first call for it.
func checkRandom(t *testing.T, seed uint64, opts referee.RandomOptions) *referee.Report {
	t.Helper()
	p := playRandom(seed, opts)
	if p.err != nil {
		t.Fatalf("seed %d, %+v: %v", seed, opts, p.err)
	}
	playedMu.Lock()
	defer playedMu.Unlock()
	if p.report == nil {
		g, _ := referee.Lookup("daemon")
		p.report = g.Check(fmt.Sprintf("random-%d.daemon", seed), p.text, referee.Options{})
	}
	return p.report
}

// A random game written without a seed, every card drawn and set written,
// checks clean to the same result as its seeded original; written from
// either seat, the cards hidden from it as ?, it does too.
func TestRandomGamesWithoutASeed(t *testing.T) {
	for seed := uint64(1); seed <= randomGames; seed++ {
		outcome := playRandom(seed, referee.RandomOptions{}).outcome
		want := checkRandom(t, seed, referee.RandomOptions{})
		if want.ExitCode() != 0 {
			t.Fatalf("seed %d: the seeded game does not check:\n%s", seed, referee.ReportText(want))
		}
		for _, opts := range []referee.RandomOptions{{Unseeded: true}, {Perspective: "Ann"}, {Perspective: "Ben"}} {
			p := playRandom(seed, opts)
			text, got, err := p.text, p.outcome, p.err
			if err != nil {
				t.Fatalf("seed %d, %+v: %v", seed, opts, err)
			}
			if strings.Contains(text, "[Seed") {
				t.Errorf("seed %d, %+v: written with a seed", seed, opts)
			}
			r := checkRandom(t, seed, opts)
			if r.ExitCode() != 0 || r.Outcome != want.Outcome || got != outcome {
				t.Fatalf("seed %d, %+v: checks as\n%s\nnot as\n%s\n%s", seed, opts, referee.ReportText(r), referee.ReportText(want), text)
			}
			if opts.Perspective == "" && r.Unverified != 0 {
				t.Errorf("seed %d: a record of every card has %d unverified moves", seed, r.Unverified)
			}
			if opts.Perspective != "" && r.Unverified == 0 && strings.Contains(text, "reveal") {
				t.Errorf("seed %d, %s's seat: reveals of cards nobody saw, and no unverified move", seed, opts.Perspective)
			}
		}
	}
}

// In a record from one seat, a security card nobody saw, revealed later,
// is changed to a card of its owner's whose every copy is seen elsewhere
// at that time: the reveal is an illegal move, at its place, naming the
// card.
func TestOneSeatRevealOfACardElsewhereIsFlagged(t *testing.T) {
	g, _ := referee.Lookup("daemon")
	mutated := 0
	for seed := uint64(1); seed <= randomGames; seed++ {
		for _, seat := range []string{"Ann", "Ben"} {
			p := playRandom(seed, referee.RandomOptions{Perspective: seat})
			text, err := p.text, p.err
			if err != nil {
				t.Fatal(err)
			}
			at, card, ok := revealToChange(t, text, seat)
			if !ok {
				continue
			}
			mutated++
			changed := text[:at.Start.Offset] + "reveal " + card + text[at.End.Offset:]
			r := g.Check("mutated.daemon", changed, referee.Options{KeepGoing: true})
			i := slices.IndexFunc(r.Diagnostics, func(d referee.Diagnostic) bool { return d.Severity == referee.Illegal })
			if r.Illegal == 0 || i < 0 {
				t.Fatalf("seed %d, %s's seat: reveal %s at %d:%d is not flagged:\n%s", seed, seat, card, at.Start.Line, at.Start.Column, referee.ReportText(r))
			}
			d := r.Diagnostics[i]
			if d.Span.Start.Line != at.Start.Line || d.Span.Start.Column != at.Start.Column ||
				!strings.Contains(d.Msg, "cannot reveal "+card+": every copy is seen elsewhere") {
				t.Errorf("seed %d, %s's seat: reveal %s at %d:%d flagged at %d:%d: %s", seed, seat, card, at.Start.Line, at.Start.Column, d.Span.Start.Line, d.Span.Start.Column, d.Msg)
			}
		}
	}
	if mutated < randomGames/2 {
		t.Errorf("only %d records had a reveal to change", mutated)
	}
}

// revealToChange replays a record from seat and finds the first reveal of
// a security card nobody saw for which its owner has a card every copy of
// which is seen elsewhere: the reveal's place, and that card.
func revealToChange(t *testing.T, text, seat string) (span notation.Span, card string, ok bool) {
	t.Helper()
	cs := defaultCards(t)
	players := []string{"Ann", "Ben"}
	st, err := daemon.Game{Cards: cs}.New(engine.Options{Players: players, OneSeat: true, Seat: slices.Index(players, seat)})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*daemon.State)
	p := grammar.Daemon.Parse("random.daemon", text)
	if len(p.Errors) > 0 {
		t.Fatal(p.Errors)
	}
	var ems []engine.Move
	apply := func(player int, m notation.Move, setup bool) bool {
		for _, em := range daemonToEngine(ems[:0], m, setup) {
			if err := s.Apply(player, em); err != nil {
				t.Fatalf("%s: %v", m, err)
			}
		}
		return !s.Outcome().Over
	}
	turns := 0
	for _, stmt := range p.File.Statements {
		switch {
		case stmt.Setup != nil:
			for _, m := range stmt.Setup.Moves {
				apply(slices.Index(players, stmt.Setup.Player.Text()), m, true)
			}
		case stmt.Turn != nil:
			player := slices.Index(players, stmt.Turn.Player.Text())
			if turns > 0 {
				if err := s.Apply(1-player, engine.EndTurn{}); err != nil {
					t.Fatal(err)
				}
			}
			turns++
			for _, m := range stmt.Turn.Moves {
				if r, isReveal := m.(*grammar.DaemonReveal); isReveal {
					if _, who := s.Owed(); s.Security(who)[0] == daemon.Unknown {
						if c := everyCopySeen(cs, s, who, string(r.Card)); c != "" {
							return notation.Span(r.Span()), c, true
						}
					}
				}
				if !apply(player, m, false) {
					return notation.Span{}, "", false
				}
			}
		}
	}
	return notation.Span{}, "", false
}

// everyCopySeen is a card of player p's modules, other than not, every
// copy of which is in their grip, field, heap or script zone, or known in
// their security: "" when there is none.
func everyCopySeen(cs *daemon.Cards, s *daemon.State, p int, not string) string {
	seen := map[string]int{}
	for _, zone := range [][]string{s.Grip(p), s.Heap(p), s.Scripts(p), s.Security(p)} {
		for _, c := range zone {
			seen[c]++
		}
	}
	for _, d := range s.Daemons(p) {
		seen[d.Card.Name]++
	}
	mods, _ := s.Modules(p)
	copies := map[string]int{}
	var order []string
	for _, m := range mods {
		for _, c := range cs.ModuleCards(m) {
			if copies[c] == 0 {
				order = append(order, c)
			}
			copies[c]++
		}
	}
	for _, c := range order {
		if c != not && seen[c] == copies[c] {
			return c
		}
	}
	return ""
}

// defaultCards is the default catalogue's cards.
func defaultCards(t *testing.T) *daemon.Cards {
	t.Helper()
	cat, _, errs, _ := catalogue.Read("daemon.cards", daemonCatalogue)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	cs, cerrs := daemon.Load(cat)
	if len(cerrs) > 0 {
		t.Fatal(cerrs)
	}
	return cs
}

// A record from one seat costs little more to check than the whole record,
// and never searches: every game here, with its dozens of cards nobody
// recorded, checks well within a guard against a hang.
func TestOneSeatRecordsCheckFast(t *testing.T) {
	g, _ := referee.Lookup("daemon")
	start := time.Now()
	for seed := uint64(100); seed < 110; seed++ {
		text, _, err := g.RandomWith(seed, referee.RandomOptions{Perspective: "Ben"})
		if err != nil {
			t.Fatal(err)
		}
		if r := g.Check("seat.daemon", text, referee.Options{}); r.ExitCode() != 0 {
			t.Fatalf("seed %d:\n%s", seed, referee.ReportText(r))
		}
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("ten one-seat records took %v", d)
	}
}

// BenchmarkCheckOneSeat checks the same random games written with every
// card and from one seat: the one-seat record must cost at most twice the
// whole one.
func BenchmarkCheckOneSeat(b *testing.B) {
	g, _ := referee.Lookup("daemon")
	for _, kind := range []struct {
		name string
		opts referee.RandomOptions
	}{{"every-card", referee.RandomOptions{Unseeded: true}}, {"one-seat", referee.RandomOptions{Perspective: "Ann"}}} {
		var texts []string
		for seed := uint64(1); seed <= 8; seed++ {
			text, _, _ := g.RandomWith(seed, kind.opts)
			texts = append(texts, text)
		}
		b.Run(kind.name, func(b *testing.B) {
			for b.Loop() {
				for _, text := range texts {
					g.Check("bench.daemon", text, referee.Options{})
				}
			}
		})
	}
}

// Random games written without a seed, or from one seat, taken as
// positions once some of their turns have ended (grips and securities
// with their cards nobody recorded as ?, decks as counts) and written with
// the rest, check to the same result and final state.
func TestUnseededRandomGamesPlayOnFromTheirPositions(t *testing.T) {
	g, _ := referee.Lookup("daemon")
	taken := 0
	for seed := uint64(1); seed <= randomGames; seed++ {
		for _, opts := range []referee.RandomOptions{{Unseeded: true}, {Perspective: "Ann"}, {Perspective: "Ben"}} {
			text := playRandom(seed, opts).text
			path := fmt.Sprintf("random-%d.daemon", seed)
			whole := checkRandom(t, seed, opts)
			last := 0
			for _, m := range turnLine.FindAllStringSubmatch(text, -1) {
				last = max(last, atoi(t, m[1]))
			}
			for _, n := range []int{1, last / 2, last - 1} {
				if n < 1 || n >= last {
					continue
				}
				pos, r := g.Position(path, text, referee.Options{}, n, true)
				if pos == "" {
					t.Fatalf("seed %d %+v, turn %d: no position:\n%s", seed, opts, n, referee.ReportText(r))
				}
				taken++
				rest := g.Check(path, pos, referee.Options{})
				if rest.ExitCode() != 0 || rest.Outcome != whole.Outcome || !reflect.DeepEqual(rest.State, whole.State) {
					t.Fatalf("seed %d %+v from turn %d:\n%s\nchecks as\n%s\nnot as\n%s", seed, opts, n, pos, referee.ReportText(rest), referee.ReportText(whole))
				}
			}
		}
	}
	if taken < randomGames {
		t.Errorf("only %d positions taken", taken)
	}
}

// Drawn for one seat, the other player's grip is a count, never its
// cards; drawn for the table, both grips are shown.
func TestDrawnFromASeat(t *testing.T) {
	cs := defaultCards(t)
	players := []string{"Ann", "Ben"}
	st, err := daemon.Game{Cards: cs}.New(engine.Options{Players: players, Seeded: true, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range []string{"Firewall", "Worm", "Blitz", "Scraper", "Overclock", "Honeypot"} {
		if err := st.Apply([]int{0, 1, 1, 0, 0, 1}[i], engine.OnSetupLine{Move: daemon.Draft{Module: m}}); err != nil {
			t.Fatal(err)
		}
	}
	for p, m := range []string{"Firewall", "Worm"} {
		if err := st.Apply(p, engine.OnSetupLine{Move: daemon.Main{Module: m}}); err != nil {
			t.Fatal(err)
		}
	}
	s := st.(*daemon.State)
	for seat := range 2 {
		text := daemonDraw(s, referee.View{Players: players, Seat: seat}).String()
		own, other := strings.Join(s.Grip(seat), ", "), s.Grip(1-seat)
		if !strings.Contains(text, "grip "+own) || !strings.Contains(text, "grip 5 cards") {
			t.Errorf("drawn for %s:\n%s\nwant their grip %s and the other's as 5 cards", players[seat], text, own)
		}
		for _, c := range other {
			if !slices.Contains(s.Grip(seat), c) && strings.Contains(text, c) {
				t.Errorf("drawn for %s, the other's card %s shows:\n%s", players[seat], c, text)
			}
		}
	}
	if text := daemonDraw(s, referee.View{Players: players, Seat: engine.Nobody}).String(); strings.Contains(text, "grip 5 cards") {
		t.Errorf("drawn for the table, a grip is a count:\n%s", text)
	}
}

// drawnCards finds the cards of a draw or a security set, to write them ?.
var drawnCards = regexp.MustCompile(`\b(draw|secure)((?: [A-Z][A-Za-z]*)+)`)

// No record makes the ledger search: random games whose every card drawn
// or set in security, by both players, is written ?, so that every card
// played and every reveal is checked against dozens of cards nobody
// recorded, check clean to the same result, well within a guard against a
// hang.
func TestEveryCardUnknownStaysFast(t *testing.T) {
	g, _ := referee.Lookup("daemon")
	start := time.Now()
	for seed := uint64(1); seed <= 8; seed++ {
		text := playRandom(seed, referee.RandomOptions{Unseeded: true}).text
		want := checkRandom(t, seed, referee.RandomOptions{Unseeded: true})
		unknown := drawnCards.ReplaceAllStringFunc(text, func(m string) string {
			f := strings.Fields(m)
			return f[0] + strings.Repeat(" ?", len(f)-1)
		})
		if unknown == text {
			t.Fatalf("seed %d: nothing made unknown", seed)
		}
		r := g.Check("unknown.daemon", unknown, referee.Options{})
		if r.ExitCode() != 0 || r.Outcome != want.Outcome || r.Unverified == 0 {
			t.Fatalf("seed %d: every card unknown checks as\n%s\nnot as\n%s", seed, referee.ReportText(r), referee.ReportText(want))
		}
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("eight records of unknown cards took %v", d)
	}
}
