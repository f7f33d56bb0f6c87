package grammar_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/grammar/catalogue"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
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
func fuzzGrammar(f *testing.F, g *notation.Grammar, game, ext string) {
	forEachExample(f, "examples/"+game+"/*"+ext, func(src string) { f.Add(src) })
	for _, h := range hostile {
		f.Add(h)
	}
	path := "fuzz" + ext
	f.Fuzz(func(t *testing.T, src string) {
		var p *notation.Parsed
		notationtest.MustReturn(t, func() { p = g.Parse(path, src) })
		checkErrors(t, src, p.Errors)
		if diff := sameParse(p, g.ParseWholeFile(path, src)); diff != "" {
			t.Fatalf("the parse piece by piece and the parse of the whole file differ: %s", diff)
		}
		if len(p.Errors) > 0 {
			return
		}
		// A clean parse: what the referee points at lies inside too.
		for _, st := range p.File.Statements {
			notationtest.CheckSpan(t, src, "statement", st.Span())
			var moves []notation.Move
			if st.Turn != nil {
				moves = st.Turn.Moves
			}
			if st.Setup != nil {
				moves = st.Setup.Moves
			}
			for _, m := range moves {
				notationtest.CheckSpan(t, src, fmt.Sprintf("move %q", m.String()), m.Span())
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
	forEachExample(f, "referee/games/*/*.cards", add)
	for _, h := range hostile {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var (
			file *catalogue.CatalogueFile
			errs []*notation.Error
		)
		notationtest.MustReturn(t, func() { file, errs = catalogue.ParseCatalogue("fuzz.cards", src) })
		checkErrors(t, src, errs)
		if file == nil {
			t.Fatal("ParseCatalogue returned no file")
		}
		for _, tag := range file.Tags {
			notationtest.CheckSpan(t, src, "tag "+tag.Name, tag.Span())
		}
		for _, e := range file.Entries {
			what := "entry " + e.Name
			notationtest.CheckSpan(t, src, what, e.Span())
			notationtest.CheckSpan(t, src, what+" (kind)", e.KindSpan())
			notationtest.CheckSpan(t, src, what+" (name)", e.NameSpan())
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
		notationtest.CheckSpan(t, src, fmt.Sprintf("error %q", e.Msg), e.Span)
	}
}
