package grammar_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
)

// The fuzz targets below check that a parser, given any text, returns
// without a panic (notation.Guard turns a panic inside participle into an
// "internal error" syntax error, which counts as a panic here too), and
// that every error it reports points inside the text.
//
// go test seeds them with the examples, the hostile inputs below and the
// corpus under testdata/fuzz; to fuzz one:
//
//	go test ./grammar -run '^$' -fuzz '^FuzzVoid$' -fuzztime 60s

// hostile are inputs every target is seeded with: the edges of the lexer
// and of the statement splitter.
var hostile = []string{
	"",
	`[Game "sortie"]`,
	"[Players \"Ann\" \"Ben\"]\n",
	"{{{{",
	strings.Repeat("{", 1<<12),
	"{{{{}}}}}}",
	`[Event "unterminated`,
	"[Event \"unterminated\n1. Ann:\n",
	`"\"`,
	"\xff\xfe\xfd",
	"[Event \"\xc3\x28\"]\n1. Ann: \xe2\x82",
	"\x00",
	"[Players \"Ann\x00\" \"Ben\"]\n",
	"[Players \"Ann\" \"Ben\"]\r\n\r\n1. Ann:\r\n2. Ben:\r\nresult: unfinished\r\n",
	"\uFEFF[Players \"Ann\" \"Ben\"]\n1. Ann: ; \uFEFF\n",
	"\uFEFF",
	"\uFEFF\uFEFF\n\uFEFF",
	"1.",
	"1. Ann",
	"result:",
	":\n:\n]\n[",
	"99999999999999999999999. Ann:",
	"tower \"Radio Tower\" basic\n  : damage 2, \n",
	"mecha Scout 1uu\n\t: +\n",
}

// forEachExample calls add with each file matching glob, relative to the
// repository root.
func forEachExample(f *testing.F, glob string, add func(src string)) {
	f.Helper()
	paths, err := filepath.Glob(filepath.Join("..", filepath.FromSlash(glob)))
	if err != nil {
		f.Fatal(err)
	}
	if len(paths) == 0 {
		f.Fatalf("no seeds: nothing matches %s", glob)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		add(string(data))
	}
}

// fuzzGrammar fuzzes one game's grammar, seeded with its examples.
func fuzzGrammar[M notation.Move](f *testing.F, g *notation.Grammar[M], game, ext string) {
	forEachExample(f, "examples/"+game+"/*"+ext, func(src string) { f.Add(src) })
	for _, h := range hostile {
		f.Add(h)
	}
	path := "fuzz" + ext
	f.Fuzz(func(t *testing.T, src string) {
		var p *notation.Parsed[M]
		mustReturn(t, func() { p = g.Parse(path, src) })
		checkErrors(t, src, p.Errors)
		if len(p.Errors) > 0 {
			return
		}
		// A clean parse: what the referee points at lies inside too.
		for _, st := range p.File.Statements {
			checkSpan(t, src, "statement", st.Span())
			var moves []M
			if st.Turn != nil {
				moves = st.Turn.Moves
			}
			if st.Setup != nil {
				moves = st.Setup.Moves
			}
			for _, m := range moves {
				checkSpan(t, src, fmt.Sprintf("move %q", m.String()), m.Span())
			}
		}
	})
}

func FuzzSortie(f *testing.F) { fuzzGrammar(f, grammar.Sortie, "sortie", ".sortie") }
func FuzzMecha(f *testing.F)  { fuzzGrammar(f, grammar.Mecha, "mecha", ".mecha") }
func FuzzMod(f *testing.F)    { fuzzGrammar(f, grammar.Mod, "mod", ".mod") }
func FuzzDaemon(f *testing.F) { fuzzGrammar(f, grammar.Daemon, "daemon", ".daemon") }
func FuzzVoid(f *testing.F)   { fuzzGrammar(f, grammar.Void, "void", ".void") }

// FuzzCatalogue fuzzes the catalogue grammar, seeded with the example
// catalogues and the games' default ones.
func FuzzCatalogue(f *testing.F) {
	add := func(src string) { f.Add(src) }
	forEachExample(f, "examples/*/*.cards", add)
	forEachExample(f, "referee/catalogues/*.cards", add)
	for _, h := range hostile {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var (
			file *grammar.CatalogueFile
			errs []*notation.Error
		)
		mustReturn(t, func() { file, errs = grammar.ParseCatalogue("fuzz.cards", src) })
		checkErrors(t, src, errs)
		if file == nil {
			t.Fatal("ParseCatalogue returned no file")
		}
		for _, tag := range file.Tags {
			checkSpan(t, src, "tag "+tag.Name, tag.Span())
		}
		for _, e := range file.Entries {
			what := "entry " + e.Name
			checkSpan(t, src, what, e.Span())
			checkSpan(t, src, what+" (kind)", e.KindSpan())
			checkSpan(t, src, what+" (name)", e.NameSpan())
		}
	})
}

// checkErrors checks that no error is a panic caught, and that each lies
// inside src.
func checkErrors(t *testing.T, src string, errs []*notation.Error) {
	t.Helper()
	for _, e := range errs {
		if strings.HasPrefix(e.Msg, "internal error") {
			t.Errorf("a panic, caught: %s", e)
		}
		checkSpan(t, src, fmt.Sprintf("error %q", e.Msg), e.Span)
	}
}

// checkSpan checks that span lies inside src: its lines and columns on the
// text, its offsets in 0..len(src), its start not after its end.
func checkSpan(t *testing.T, src, what string, span notation.Span) {
	t.Helper()
	lines := strings.Split(src, "\n")
	for _, p := range []struct {
		name string
		pos  int
		line int
		col  int
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

// returnLimit is how long one parse may take: a parse that takes longer
// does not return, as far as a referee at the table is concerned.
const returnLimit = 10 * time.Second

// mustReturn runs f, failing on a panic (with its stack) or when f does
// not return within returnLimit.
func mustReturn(t *testing.T, f func()) {
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
	timer := time.NewTimer(returnLimit)
	defer timer.Stop()
	select {
	case msg := <-done:
		if msg != "" {
			t.Fatal(msg)
		}
	case <-timer.C:
		t.Fatalf("did not return within %v", returnLimit)
	}
}
