package referee

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/notation"
)

// shaper is a game that can parse a transcript into its shape: what the
// transcript says, without where it says it.
type shaper interface {
	parseShape(path, src string) (shape, printed string, errs []Diagnostic)
}

// parseShape parses src once, and returns its shape and its canonical
// printing.
func (b *binding) parseShape(path, src string) (shape, printed string, errs []Diagnostic) {
	parsed := b.grammar.Parse(path, src)
	if len(parsed.Errors) > 0 {
		return "", "", errorsToDiagnostics(parsed.Errors)
	}
	var w strings.Builder
	writeShape(&w, reflect.ValueOf(parsed.File))
	for _, c := range parsed.Comments {
		w.WriteString("\ncomment " + strconv.Quote(c.Text))
	}
	return w.String(), b.print(parsed), nil
}

var (
	positionType = reflect.TypeFor[lexer.Position]()
	tokensType   = reflect.TypeFor[[]lexer.Token]()
)

// writeShape writes a parsed value with its positions, tokens and
// unexported fields (a node's end) left out, and names and tag values as
// the referee reads them, unquoted.
func writeShape(w *strings.Builder, v reflect.Value) {
	if v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			w.WriteString("nil")
			return
		}
		switch x := v.Interface().(type) {
		case *notation.PlayerRef:
			w.WriteString("player " + strconv.Quote(x.Text()))
			return
		case *notation.Tag:
			fmt.Fprintf(w, "tag %s %q", x.Name, x.Text())
			return
		}
		if v.Kind() == reflect.Interface {
			w.WriteString(v.Elem().Type().String() + " ")
		}
		writeShape(w, v.Elem())
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		w.WriteString("{")
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.Type == positionType || f.Type == tokensType || !f.IsExported() {
				continue
			}
			w.WriteString(f.Name + ":")
			writeShape(w, v.Field(i))
			w.WriteString(" ")
		}
		w.WriteString("}")
	case reflect.Slice, reflect.Array:
		// An element a line, for diffs that show where two parses part.
		w.WriteString("[")
		for i := range v.Len() {
			w.WriteString("\n")
			writeShape(w, v.Index(i))
		}
		w.WriteString("]")
	case reflect.String:
		w.WriteString(strconv.Quote(v.String()))
	default:
		fmt.Fprint(w, v)
	}
}

// relayout writes a transcript again with its spacing changed the ways
// players change it at a table: more spaces, tabs, a line break after a
// comma, blank lines, trailing spaces, Windows line ends and a byte-order
// mark. Quoted text and comments are left alone.
func relayout(src string, rng *rand.Rand) string {
	var b strings.Builder
	spaces := []string{" ", "  ", "\t", " \t ", "   "}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++ // an escaped character, perhaps a quote
				}
				j++
			}
			j = min(j, len(src)-1)
			b.WriteString(src[i : j+1])
			i = j
		case c == '{' || c == ';':
			end := map[byte]byte{'{': '}', ';': '\n'}[c]
			j := strings.IndexByte(src[i+1:], end)
			if j < 0 {
				b.WriteString(src[i:])
				i = len(src)
				continue
			}
			if c == ';' {
				j-- // the line end is spacing, changed like any other
			}
			b.WriteString(src[i : i+j+2])
			i += j + 1
		case c == ' ' || c == '\t':
			for i+1 < len(src) && (src[i+1] == ' ' || src[i+1] == '\t') {
				i++
			}
			b.WriteString(spaces[rng.IntN(len(spaces))])
		case c == ',':
			switch rng.IntN(6) {
			case 0:
				b.WriteString(" ,")
			case 1:
				b.WriteString(",\n\t")
				for i+1 < len(src) && src[i+1] == ' ' {
					i++
				}
			default:
				b.WriteByte(c)
			}
		case c == '\n':
			switch rng.IntN(6) {
			case 0:
				b.WriteString(" \n")
			case 1:
				b.WriteString("\n\n")
			default:
				b.WriteByte(c)
			}
		default:
			b.WriteByte(c)
		}
	}
	out := b.String()
	if rng.IntN(4) == 0 {
		out = strings.ReplaceAll(out, "\n", "\r\n")
	}
	if rng.IntN(8) == 0 {
		out = "\uFEFF" + out
	}
	return out
}

// Every example: formatting keeps what the transcript says (its parse,
// positions aside), formatting twice changes nothing, formatting changes
// nothing the referee finds, and replaying twice gives the same report.
func TestExampleProperties(t *testing.T) {
	t.Parallel()
	for _, f := range examples(t) {
		if filepath.Ext(f) == CatalogueExt {
			continue // catalogues are not formatted
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Detect(f, string(src))
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{KeepGoing: true, ReadFile: func(name string) ([]byte, error) {
			return os.ReadFile(filepath.Join(filepath.Dir(f), name))
		}}
		first, second := ReportText(g.Check(f, string(src), opts)), ReportText(g.Check(f, string(src), opts))
		if first != second {
			t.Errorf("%s: two replays differ:\n%s", f, Diff("first", "second", first, second))
		}
		shape, once, diags := g.(shaper).parseShape(f, string(src))
		if len(diags) > 0 {
			// Like gofmt, fmt needs a file that parses; errors of structure
			// (turn numbers, tags) do not stop it.
			if !strings.HasPrefix(filepath.Base(f), "syntax-") {
				t.Errorf("%s: %v", f, diags)
			}
			continue
		}
		shapeOnce, twice, diags := g.(shaper).parseShape(f, once)
		if len(diags) > 0 {
			t.Errorf("%s: the formatted file does not parse: %v\n%s", f, diags, once)
			continue
		}
		if shapeOnce != shape {
			t.Errorf("%s: formatting changed the parse:\n%s", f, Diff("parse(x)", "parse(fmt(x))", shape, shapeOnce))
		}
		if twice != once {
			t.Errorf("%s: fmt is not idempotent:\n%s", f, Diff("once", "twice", once, twice))
		}
		before, after := g.Check(f, string(src), opts), g.Check(f, once, opts)
		if summary(before) != summary(after) {
			t.Errorf("%s: formatting changed the game:\n%s\n%s", f, summary(before), summary(after))
		}
	}
}

// summary is what formatting must not change in a report.
func summary(r *Report) string {
	var msgs []string
	for _, d := range r.Diagnostics {
		msgs = append(msgs, d.Severity.String()+": "+d.Msg)
	}
	return fmt.Sprintf("turns %d moves %d illegal %d result %q recorded %q state %v\n%s",
		r.Turns, r.Moves, r.Illegal, r.Result, r.Recorded, r.State, strings.Join(msgs, "\n"))
}

// randomEndings are the endings random games of each game must reach, as
// words of their results, or the random-games test proves little.
var randomEndings = map[string][]string{
	"sortie": {"unfinished", "all three flags captured"},
	"mecha":  {"five cards in their damage zone", "could not draw a card"},
	"mod":    {"no durability left", "unfinished"},
	"daemon": {"no security left (an attack by"},
	"void":   {"life fell to 0"},
}

// sweep is how many random games of each game the property test plays:
// together they reach every statement that 2,000 games, 400 of each,
// reach, but for two branches that one game each alone reaches
// (rareGames). The games cost unequally (a Mecha game as much as forty
// of Mod's), so the costly ones play the games the other tests share and
// no more.
var sweep = map[string]int{"sortie": 400, "mecha": 100, "mod": 400, "daemon": 100, "void": 200}

// sweepGames, when set, is how many random games the property test plays,
// all games together, as many of each: scripts/sweep plays more, by hand,
// as scripts/fuzz fuzzes.
var sweepGames = flag.Int("sweep.games", 0, "random games the property test plays, all games together (0: as many of each game as reach every statement)")

// randomGames is how many random games of g the property test plays.
func randomGames(g Game) int {
	switch {
	case *sweepGames > 0:
		return *sweepGames / len(Games())
	case testing.Short():
		return min(sweep[g.Name()], 300) // fewer, and every game still reaches each ending
	}
	return sweep[g.Name()]
}

// sharedSeeds is how many random games of each game the tests share:
// the corruption, correction and position tests each take their first
// seeds, the property test starts with them, and the tests that need a
// random game or a few take theirs from them, so each is played once.
const sharedSeeds = 100

// randomGames memoises the shared random games, by game and seed.
var sharedGames sync.Map

// randomGame is g.Random(seed), played once for the seeds the tests
// share (sharedSeeds) and kept.
func randomGame(g Game, seed uint64) (text, outcome string) {
	type key struct {
		game string
		seed uint64
	}
	if seed > sharedSeeds {
		return g.Random(seed)
	}
	k := key{g.Name(), seed}
	if v, ok := sharedGames.Load(k); ok {
		game := v.([2]string)
		return game[0], game[1]
	}
	text, outcome = g.Random(seed)
	sharedGames.Store(k, [2]string{text, outcome})
	return text, outcome
}

// forSeeds runs f on seeds 1..n on two goroutines, collecting what it
// reports; the failures come back in seed order.
func forSeeds(n int, f func(seed uint64) []string) []string {
	found := make([][]string, n+1)
	var wg sync.WaitGroup
	seeds := make(chan uint64)
	for range 2 {
		wg.Go(func() {
			for seed := range seeds {
				found[seed] = f(seed)
			}
		})
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		seeds <- seed
	}
	close(seeds)
	wg.Wait()
	var out []string
	for _, fs := range found {
		out = append(out, fs...)
	}
	return out
}

// Random games, as many of each game as sweep says: each checks clean
// with the result the generator reached, is already in the canonical
// layout, keeps its parse and comes back to that layout when its spacing
// is changed, and replays twice (as written, and re-spaced) to the same
// report.
func TestRandomGameProperties(t *testing.T) {
	t.Parallel()
	for _, g := range Games() {
		perGame := randomGames(g)
		t.Run(g.Name(), func(t *testing.T) {
			endings, ok := randomEndings[g.Name()]
			if !ok {
				t.Fatalf("randomEndings has no entry for %s", g.Name())
			}
			if perGame == 0 {
				t.Fatalf("sweep has no entry for %s", g.Name())
			}
			results := make([]string, perGame+1)
			errs := forSeeds(perGame, func(seed uint64) []string {
				var errs []string
				results[seed], errs = randomGameFaults(g, seed)
				return errs
			})
			for _, e := range errs {
				t.Error(e)
			}
			reached := map[string]int{}
			for _, result := range results {
				for _, e := range endings {
					if strings.Contains(result, e) {
						reached[e]++
					}
				}
			}
			for _, e := range endings {
				if reached[e] == 0 && !testing.Short() { // rare endings need the full run
					t.Errorf("no random game ended with %q (reached: %v)", e, reached)
				}
			}
		})
	}
}

// randomGameFaults checks random game seed of g as the property test does,
// and returns its result and what is wrong with it.
func randomGameFaults(g Game, seed uint64) (result string, errs []string) {
	fail := func(format string, args ...any) {
		errs = append(errs, fmt.Sprintf("seed %d: ", seed)+fmt.Sprintf(format, args...))
	}
	text, outcome := randomGame(g, seed)
	path := fmt.Sprintf("random-%d%s", seed, g.Extension())
	r := g.Check(path, text, Options{})
	report := ReportText(r)
	if r.ExitCode() != 0 || r.Outcome != outcome {
		fail("generator says %q, check says %q (exit %d):\n%s", outcome, r.Outcome, r.ExitCode(), report)
	}
	// The second replay is of the same game with its spacing changed: a
	// clean report quotes no source, so it must come out byte for byte the
	// same. Every game's parse is compared below with its spacing changed;
	// a quarter are replayed again, as the replay reads only the parse.
	spaced := relayout(text, rand.New(rand.NewPCG(seed, 7)))
	if seed%4 == 0 {
		if again := ReportText(g.Check(path, spaced, Options{})); again != report {
			fail("two replays differ:\n%s", Diff("x", "relayout(x)", report, again))
		}
	}
	shape, printed, diags := g.(shaper).parseShape(path, text)
	if len(diags) > 0 {
		fail("does not parse: %v", diags)
		return r.Result, errs
	}
	if printed != text {
		fail("not canonical:\n%s", Diff("generated", "formatted", text, printed))
	}
	spacedShape, spacedPrinted, diags := g.(shaper).parseShape(path, spaced)
	switch {
	case len(diags) > 0:
		fail("does not parse with its spacing changed: %v\n%s", diags, spaced)
	case spacedShape != shape:
		fail("changing the spacing changed the parse:\n%s", Diff("parse(x)", "parse(relayout(x))", shape, spacedShape))
	case spacedPrinted != text:
		fail("fmt does not restore the layout:\n%s", Diff("generated", "fmt(relayout(x))", text, spacedPrinted))
	}
	return r.Result, errs
}

// rareGames are random games past the sweep's that alone reach a branch
// the sweep's games do not (2,000 games, 400 of each, reached them all):
// each is played through the same properties, and asserted to reach its
// branch.
var rareGames = []struct {
	game   string
	seed   uint64
	branch string
	// reaches tells what in the game's transcript or report falls short
	// of the branch, if anything.
	reaches func(text string, r *Report) string
}{
	{
		"mecha", 148, "a player who could not draw takes a fifth card into their damage zone in the same turn: the first loss stands",
		func(_ string, r *Report) string {
			var state strings.Builder
			for _, row := range r.State {
				fmt.Fprintf(&state, "%s: %s\n", row.Name, row.Value)
			}
			const lost = "Ann could not draw a card from their deck"
			damage := regexp.MustCompile(`(?m)^damage: Ann ([^;]*);`).FindStringSubmatch(state.String())
			if !strings.Contains(r.Result, lost) || !strings.Contains(state.String(), "decks: Ann 0 cards") ||
				damage == nil || len(strings.Split(damage[1], ", ")) != 5 {
				return fmt.Sprintf("the game ends %q, want %q with Ann's deck empty and five cards in her damage zone:\n%s", r.Result, lost, state.String())
			}
			return ""
		},
	},
	{
		"void", 344, "a turn the generator ends at its limit of 40 moves, as long enough",
		func(text string, _ *Report) string {
			_, tr := voidGame().load(nil, "random.void", text, Limits{})
			for _, turn := range tr.Turns {
				if len(turn.Moves) >= 40 {
					return ""
				}
			}
			return "no turn has 40 moves"
		},
	},
}

// Each of rareGames keeps the random games' properties and reaches its
// branch.
func TestRandomGameRareBranches(t *testing.T) {
	t.Parallel()
	for _, c := range rareGames {
		t.Run(fmt.Sprintf("%s/%d", c.game, c.seed), func(t *testing.T) {
			g, ok := Lookup(c.game)
			if !ok {
				t.Fatalf("no game %s", c.game)
			}
			_, errs := randomGameFaults(g, c.seed)
			for _, e := range errs {
				t.Error(e)
			}
			text, _ := randomGame(g, c.seed)
			if short := c.reaches(text, g.Check("random"+g.Extension(), text, Options{})); short != "" {
				t.Errorf("%s: it no longer reaches %s", short, c.branch)
			}
		})
	}
}

// An engine that tells whether its game is over (engine.Ender), as the
// replay asks before every move, tells it as its Outcome does, after
// every move and at the end of random games of every game; every game's
// engine is one.
func TestEnderAgreesWithOutcome(t *testing.T) {
	for _, g := range Games() {
		b, ok := g.(*binding)
		if !ok {
			continue
		}
		ends := 0 // games seen over
		same := func(where string, st engine.State) {
			e, ok := st.(engine.Ender)
			if !ok {
				t.Fatalf("%s: the state is not an engine.Ender", g.Name())
			}
			if e.Over() != st.Outcome().Over {
				t.Errorf("%s, %s: Over() = %v, Outcome().Over = %v", g.Name(), where, e.Over(), st.Outcome().Over)
			}
			if e.Over() {
				ends++
			}
		}
		for seed := uint64(1); seed <= 10; seed++ {
			text, _ := randomGame(g, seed)
			opts := Options{}
			opts.afterMove = func(m notation.Move, _ string, _ int, _ bool, st engine.State) {
				same(fmt.Sprintf("seed %d, after %s", seed, m), st)
			}
			b.grammar.WithArena(func(a *notation.Arena) {
				if out := b.runIn(a, fmt.Sprintf("r%d%s", seed, g.Extension()), text, opts); out.state != nil {
					same(fmt.Sprintf("seed %d, at the end", seed), out.state)
				}
			})
		}
		if ends == 0 {
			t.Errorf("%s: no random game was seen over", g.Name())
		}
	}
}
