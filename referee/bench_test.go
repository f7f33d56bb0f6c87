package referee

// Benchmarks of every game, on a corpus of random games made in-process
// by the game's own generator (as `referee random` writes them, seeds 1 to
// -bench.games), once per game and run, before any timer starts. They run
// only with -bench; scripts/bench runs them and prints a table, or
//
//	go test ./referee -run '^$' -bench 'Ratio' -benchtime 5x
//
// Each benchmark's operation is one pass over the whole corpus, so MB/s
// is the corpus's bytes over the time, moves/s its written moves over the
// time, and allocs/move the heap allocations of the pass over its moves.
// The grammars keep the pieces they have parsed (notation/memo.go): a pass
// finds those of the corpus kept ("warm"), but BenchmarkCheckCold's, which
// start with none, as a process checking the corpus once does.
//
// BenchmarkRatio times a whole check and the floor (a bare byte loop that
// splits the same bytes into the same token kinds as the lexer) in turns,
// in the same run: on a shared machine absolute times are noise, and the
// ratio of the two is the figure that counts.
//
// The garbage collector runs at referee check's pace (UseBatchGC), and GOGC
// sets it as for referee check: GOGC=100 gives Go's default pace.

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
)

var benchGames = flag.Int("bench.games", 100, "random games per game in the benchmarks' corpus (seeds 1 to N)")

// benchCorpus is one game's corpus: random transcripts of fixed seeds.
type benchCorpus struct {
	paths, srcs []string
	bytes       int64
	moves       int // written moves, set-up lines included
}

var (
	corporaMu sync.Mutex
	corpora   = map[string]*benchCorpus{}
)

// corpusOf makes g's corpus once per run; the generators run in parallel,
// so that setting up stays quick.
func corpusOf(tb testing.TB, g Game) *benchCorpus {
	corporaMu.Lock()
	defer corporaMu.Unlock()
	if c, ok := corpora[g.Name()]; ok {
		return c
	}
	n := *benchGames
	c := &benchCorpus{paths: make([]string, n), srcs: make([]string, n)}
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				c.paths[i] = fmt.Sprintf("random-%d%s", i+1, g.Extension())
				c.srcs[i], _ = g.Random(uint64(i + 1))
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	bg := g.(benchGame)
	for i, src := range c.srcs {
		c.bytes += int64(len(src))
		moves, err := bg.benchParse(c.paths[i], src)
		if err != nil {
			tb.Fatalf("%s: %v", c.paths[i], err)
		}
		c.moves += moves
		if r := g.Check(c.paths[i], src, Options{}); r.ExitCode() != 0 {
			tb.Fatalf("%s: a random game does not check clean: %v", c.paths[i], r.Diagnostics)
		}
	}
	corpora[g.Name()] = c
	return c
}

// benchGame is what the benchmarks need of a game beyond Game: its parse
// and its replay apart. Every binding has it (below).
type benchGame interface {
	Game
	// benchParse parses src with the game's grammar, and counts its moves.
	benchParse(path, src string) (moves int, err error)
	// benchLoad parses src and checks its structure, and returns a replay
	// of the result.
	benchLoad(path, src string) (replay func() error, err error)
	// benchLexer is the game's lexer.
	benchLexer() notation.LexerDefinition
	// benchForget empties the grammar's memo of parsed pieces.
	benchForget()
}

func (b *binding) benchLexer() notation.LexerDefinition { return b.grammar.Lexer() }
func (b *binding) benchForget()                         { b.grammar.ForgetParses() }

func (b *binding) benchParse(path, src string) (int, error) {
	p := b.grammar.Parse(path, src)
	if len(p.Errors) > 0 {
		return 0, p.Errors[0]
	}
	n := 0
	for _, st := range p.File.Statements {
		switch {
		case st.Turn != nil:
			n += len(st.Turn.Moves)
		case st.Setup != nil:
			n += len(st.Setup.Moves)
		}
	}
	return n, nil
}

// benchLoad's replay is the engine's part of binding.run on a transcript
// already parsed and checked: each written move turned into engine moves
// (toEngine) and applied, each turn ended, as run does it, without the
// report run writes on the way (which the whole check measures).
func (b *binding) benchLoad(path, src string) (func() error, error) {
	r, t := b.load(nil, path, src, notation.Limits{})
	if t == nil || len(r.Diagnostics) > 0 {
		return nil, fmt.Errorf("%s does not load: %v", path, r.Diagnostics)
	}
	rules := b.rulesFor(path, t, r, Options{})
	replay := func() error {
		state, err := rules.New(engine.Options{
			Players:  t.Players,
			Seeded:   t.Seeded,
			Seed:     shuffle.ParseSeed(t.Seed),
			Variants: t.Variants,
		})
		if err != nil {
			return err
		}
		var ems []engine.Move
		apply := func(player int, m notation.Move, setup bool) error {
			if a, ok := any(m).(actor); ok && a.Actor() != nil {
				player = t.PlayerIndex(a.Actor().Text())
			}
			ems = b.toEngine(ems[:0], m, setup)
			for _, em := range ems {
				if err := state.Apply(player, em); err != nil {
					return fmt.Errorf("%s: %v", m.Span().Start, err)
				}
			}
			return nil
		}
		for _, s := range t.Setup {
			for _, m := range s.Moves {
				if err := apply(t.PlayerIndex(s.Player.Text()), m, true); err != nil {
					return err
				}
			}
		}
		for i, turn := range t.Turns {
			if i > 0 {
				if err := state.Apply(t.PlayerIndex(t.Turns[i-1].Player.Text()), engine.EndTurn{}); err != nil {
					return err
				}
			}
			if bg, ok := state.(engine.Beginner); ok && i == 0 {
				if err := bg.Begin(); err != nil {
					return err
				}
			}
			for _, m := range turn.Moves {
				if err := apply(t.PlayerIndex(turn.Player.Text()), m, false); err != nil {
					return err
				}
			}
		}
		if n := len(t.Turns); t.Result != nil && n > 0 && !state.Outcome().Over {
			return state.Apply(t.PlayerIndex(t.Turns[n-1].Player.Text()), engine.EndTurn{})
		}
		return nil
	}
	return replay, replay()
}

// benchEach runs bench for every game, as a sub-benchmark named by it.
func benchEach(b *testing.B, bench func(b *testing.B, g Game, c *benchCorpus)) {
	// The collector's pace is referee check's, and GOGC sets it as it
	// does for referee check.
	if before, set := UseBatchGC(os.Getenv); set {
		defer debug.SetGCPercent(before)
	}
	for _, g := range Games() {
		b.Run(g.Name(), func(b *testing.B) { bench(b, g, corpusOf(b, g)) })
	}
}

// measure runs pass once per iteration of b.Loop, and reports MB/s,
// moves/s and allocs/move.
func measure(b *testing.B, c *benchCorpus, pass func()) {
	b.SetBytes(c.bytes)
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for b.Loop() {
		pass()
	}
	runtime.ReadMemStats(&after)
	moves := float64(c.moves) * float64(b.N)
	b.ReportMetric(moves/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/moves, "allocs/move")
}

// BenchmarkParse measures the grammar's Parse: lexing and parsing.
func BenchmarkParse(b *testing.B) {
	benchEach(b, func(b *testing.B, g Game, c *benchCorpus) {
		bg := g.(benchGame)
		measure(b, c, func() {
			for i, src := range c.srcs {
				if _, err := bg.benchParse(c.paths[i], src); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}

// BenchmarkReplay measures the engine's part of a check, on transcripts
// parsed beforehand: see benchLoad.
func BenchmarkReplay(b *testing.B) {
	benchEach(b, func(b *testing.B, g Game, c *benchCorpus) {
		replays := make([]func() error, len(c.srcs))
		for i, src := range c.srcs {
			var err error
			if replays[i], err = g.(benchGame).benchLoad(c.paths[i], src); err != nil {
				b.Fatal(err)
			}
		}
		measure(b, c, func() {
			for _, replay := range replays {
				if err := replay(); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}

// BenchmarkCheck measures the whole check, as `referee check` makes it of
// a file already read: parse, structure, catalogue, replay and report.
func BenchmarkCheck(b *testing.B) {
	benchEach(b, func(b *testing.B, g Game, c *benchCorpus) {
		measure(b, c, func() { checkPass(b, g, c) })
	})
}

// BenchmarkCheckCold is BenchmarkCheck with the grammar's memo of parsed
// pieces emptied before each pass, as in a process that checks the corpus
// once: every piece is parsed by participle the first time it is met.
func BenchmarkCheckCold(b *testing.B) {
	benchEach(b, func(b *testing.B, g Game, c *benchCorpus) {
		measure(b, c, func() {
			g.(benchGame).benchForget()
			checkPass(b, g, c)
		})
	})
}

// BenchmarkCheckCatalogue is BenchmarkCheck for the games whose cards are
// data, with every transcript naming its catalogue in a Catalogue tag (the
// default one, read from a file), as a designer's transcripts do: the
// catalogue is read once for them all, so the speed should be near
// BenchmarkCheck's.
func BenchmarkCheckCatalogue(b *testing.B) {
	benchEach(b, func(b *testing.B, g Game, c *benchCorpus) {
		cg := g.(*binding).cards
		if cg == nil {
			b.Skip("its cards are playing cards")
		}
		tagged := make([]string, len(c.srcs))
		for i, src := range c.srcs {
			tagged[i] = "[Catalogue \"proto.cards\"]\n" + src
		}
		opts := Options{ReadFile: func(string) ([]byte, error) { return []byte(cg.DefaultSource), nil }}
		measure(b, c, func() {
			for i, src := range tagged {
				if r := g.Check(c.paths[i], src, opts); r.ExitCode() != 0 {
					b.Fatalf("%s: %v", c.paths[i], r.Diagnostics)
				}
			}
		})
	})
}

// BenchmarkLoadDefaultCatalogue reads each card game's default catalogue
// into its engine's rules, as the first check with it in a process does:
// a part of the start of every small check.
func BenchmarkLoadDefaultCatalogue(b *testing.B) {
	for _, g := range Games() {
		cg := g.(*binding).cards
		if cg == nil || cg.Default == nil {
			continue
		}
		b.Run(g.Name(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, errs := cg.Load(cg.Default); len(errs) > 0 {
					b.Fatal(errs)
				}
			}
		})
	}
}

func checkPass(b *testing.B, g Game, c *benchCorpus) {
	for i, src := range c.srcs {
		if r := g.Check(c.paths[i], src, Options{}); r.ExitCode() != 0 {
			b.Fatalf("%s: %v", c.paths[i], r.Diagnostics)
		}
	}
}

// BenchmarkFloor measures the floor lexer (floor.lexSrc) over the corpus.
func BenchmarkFloor(b *testing.B) {
	benchEach(b, func(b *testing.B, g Game, c *benchCorpus) {
		f := newFloor(g)
		measure(b, c, func() { f.pass(c) })
	})
}

// BenchmarkRatio times whole checks and floor passes in turns, and
// reports both speeds and check/floor, the ratio of the check's MB/s to
// the floor's; and cold/floor, the same for a check with the memo of
// parsed pieces emptied first (BenchmarkCheckCold's). The floor pass is
// repeated so that its time is well above the clock's grain, and so that
// it is measured warm, as a floor should be.
func BenchmarkRatio(b *testing.B) {
	benchEach(b, func(b *testing.B, g Game, c *benchCorpus) {
		f := newFloor(g)
		const floorReps = 5
		var check, floor, cold, checkCPU, floorCPU time.Duration
		for b.Loop() {
			start, startCPU := time.Now(), cpuTime()
			checkPass(b, g, c)
			mid, midCPU := time.Now(), cpuTime()
			for range floorReps {
				f.pass(c)
			}
			end, endCPU := time.Now(), cpuTime()
			g.(benchGame).benchForget()
			checkPass(b, g, c)
			check += mid.Sub(start)
			floor += end.Sub(mid)
			cold += time.Since(end)
			checkCPU += midCPU - startCPU
			floorCPU += endCPU - midCPU
		}
		mb := float64(c.bytes) * float64(b.N) / 1e6
		checkMBs := mb / check.Seconds()
		floorMBs := mb * floorReps / floor.Seconds()
		b.ReportMetric(checkMBs, "check-MB/s")
		b.ReportMetric(floorMBs, "floor-MB/s")
		b.ReportMetric(checkMBs/floorMBs, "check/floor")
		b.ReportMetric(mb/cold.Seconds()/floorMBs, "cold/floor")
		// The same by the CPU time the process spent (the collector's
		// included), which waiting for a core on a busy machine does not
		// count.
		b.ReportMetric(floorCPU.Seconds()/floorReps/checkCPU.Seconds(), "check/floor-cpu")
		b.ReportMetric(0, "ns/op") // the time of a pass of both means nothing
	})
}

// TestFloorSplitsAsTheLexer checks that the floor is a fair one: on a few
// random games of each game, it finds as many tokens of each kind as the
// game's lexer.
func TestFloorSplitsAsTheLexer(t *testing.T) {
	for _, g := range Games() {
		f := newFloor(g)
		for seed := uint64(1); seed <= 3; seed++ {
			src, _ := g.Random(seed)
			toks := notationtest.Tokenize(f.lex, "", src)
			if len(toks.Errors) > 0 {
				t.Fatalf("%s %d: %v", g.Name(), seed, toks.Errors[0])
			}
			want := map[string]int{}
			names := map[int]string{}
			for name, typ := range f.lex.Symbols() {
				names[int(typ)] = name
			}
			for _, tok := range toks.Tokens {
				want[names[int(tok.Type)]]++
			}
			want[notation.TokenComment] = len(toks.Comments)
			want[notation.TokenCorrection] = len(toks.Corrections)
			got := f.count(src)
			for kind, n := range want {
				if got[kind] != n {
					t.Errorf("%s %d: the floor finds %d %s tokens, the lexer %d", g.Name(), seed, got[kind], kind, n)
				}
			}
		}
	}
}

// floor is the simplest fast lexer of a game's token kinds: a byte loop
// that splits the bytes as the game's lexer does into tokens, each its
// kind and its place in a buffer used again for every file, and nothing
// else (no lines and columns, no errors).
type floor struct {
	lex            notation.LexerDefinition
	cards, squares bool // the game's own token kinds
	toks           []floorToken
	sink           int
}

type floorToken struct {
	kind       uint8
	start, end int32
}

// The token kinds the floor tells apart.
const (
	fComment = iota
	fWhitespace
	fString
	fCorrection
	fCard
	fSquare
	fInt
	fIdent
	fPunct
	fOther
	floorKinds
)

var floorNames = [floorKinds]string{
	notation.TokenComment, notation.TokenWhitespace, notation.TokenString, notation.TokenCorrection,
	"Card", "Square", notation.TokenInt, notation.TokenIdent, notation.TokenPunct, "other",
}

func newFloor(g Game) *floor {
	lex := g.(benchGame).benchLexer()
	_, cards := lex.Symbols()["Card"]
	_, squares := lex.Symbols()["Square"]
	return &floor{lex: lex, cards: cards, squares: squares}
}

func (f *floor) pass(c *benchCorpus) {
	for _, src := range c.srcs {
		f.lexSrc(src)
		f.sink += len(f.toks)
	}
}

func (f *floor) count(src string) map[string]int {
	f.lexSrc(src)
	out := map[string]int{}
	for _, t := range f.toks {
		out[floorNames[t.kind]]++
	}
	return out
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isWordByte(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

func (f *floor) lexSrc(src string) {
	f.toks = f.toks[:0]
	n := len(src)
	for i := 0; i < n; {
		start, c := i, src[i]
		kind := fOther
		switch {
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			kind = fWhitespace
			for i++; i < n && (src[i] == ' ' || src[i] == '\n' || src[i] == '\t' || src[i] == '\r'); i++ {
			}
		case c == ';':
			kind = fComment
			for i++; i < n && src[i] != '\n' && src[i] != '\r'; i++ {
			}
		case c == '{':
			kind = fComment
			if j := strings.IndexByte(src[i:], '}'); j >= 0 {
				i += j + 1
			} else {
				i = n
			}
		case c == '"':
			kind = fString
			for i++; i < n && src[i] != '"' && src[i] != '\n'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
			i++
		case c == '(':
			kind = fCorrection
			for i++; i < n && src[i] != ')' && src[i] != '\n'; i++ {
			}
			i++
		case f.cards && i+1 < n && (strings.IndexByte("23456789TAJQK", c) >= 0 && strings.IndexByte("CDHS", src[i+1]) >= 0 ||
			c == 'J' && (src[i+1] == 'R' || src[i+1] == 'B')) && (i+2 == n || !isWordByte(src[i+2])):
			kind = fCard
			i += 2
		case f.cards && c == '1' && i+2 < n && src[i+1] == '0' && strings.IndexByte("CDHS", src[i+2]) >= 0 && (i+3 == n || !isWordByte(src[i+3])):
			kind = fCard
			i += 3
		case f.squares && 'a' <= c && c <= 'z' && i+1 < n && '1' <= src[i+1] && src[i+1] <= '9':
			kind = fSquare
			i += 2
			if i < n && isDigit(src[i]) {
				i++
			}
		case isDigit(c):
			kind = fInt
			for i++; i < n && isDigit(src[i]); i++ {
			}
		case c == 'x' || c == '[' || c == ']' || c == ':' || c == ',' || c == '.' || c == '-' || c == '/':
			kind = fPunct
			i++
		case c < utf8.RuneSelf && (isWordByte(c)):
			kind = fIdent
			for i++; i < n; {
				if b := src[i]; b < utf8.RuneSelf {
					if !isWordByte(b) && b != '\'' {
						break
					}
					i++
					continue
				}
				r, size := utf8.DecodeRuneInString(src[i:])
				if !unicode.IsLetter(r) && !unicode.IsNumber(r) {
					break
				}
				i += size
			}
		case c >= utf8.RuneSelf:
			if strings.HasPrefix(src[i:], "\uFEFF") {
				kind = fWhitespace
				i += 3
				break
			}
			kind = fIdent
			_, size := utf8.DecodeRuneInString(src[i:])
			for i += size; i < n; {
				r, size := utf8.DecodeRuneInString(src[i:])
				if r != '_' && r != '\'' && !unicode.IsLetter(r) && !unicode.IsNumber(r) {
					break
				}
				i += size
			}
		default:
			i++
		}
		f.toks = append(f.toks, floorToken{uint8(kind), int32(start), int32(i)})
	}
}

// BenchmarkParsePosition measures the grammar's Parse of positions, per
// byte, beside the transcripts they are taken from: each transcript of
// the corpus cut halfway (referee position --turn N, the set-up lines of
// declarations and the next turn's line). A position should cost no more
// a byte than moves.
func BenchmarkParsePosition(b *testing.B) {
	benchEach(b, func(b *testing.B, g Game, c *benchCorpus) {
		if !g.HasPositions() {
			b.Skip("no positions")
		}
		bg := g.(benchGame)
		cut := &benchCorpus{}
		for i, src := range c.srcs {
			first, last := g.(turnRanger).turnRange(c.paths[i], src)
			text, _ := g.Position(c.paths[i], src, Options{}, (first+last)/2, false)
			if text == "" {
				continue // the game ended before it, or has no turn to cut at
			}
			cut.paths, cut.srcs = append(cut.paths, c.paths[i]), append(cut.srcs, text)
			cut.bytes += int64(len(text))
		}
		if len(cut.srcs) == 0 {
			b.Fatal("no position taken")
		}
		for _, set := range []struct {
			name string
			c    *benchCorpus
		}{{"moves", c}, {"position", cut}} {
			b.Run(set.name, func(b *testing.B) {
				b.SetBytes(set.c.bytes)
				b.ReportAllocs()
				for b.Loop() {
					for i, src := range set.c.srcs {
						if _, err := bg.benchParse(set.c.paths[i], src); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	})
}
