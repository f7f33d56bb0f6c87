package referee_test

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/notation/notationtest"
	"github.com/tabletop-referee/referee/referee"
)

// FuzzCheck checks transcripts of every game. The first byte of an input
// picks the game (its low seven bits, modulo the number of games) and
// whether the check keeps going after an illegal move (its high bit); the
// rest is the transcript. Check must return, without a panic (an "internal
// error" diagnostic is a panic caught), and every diagnostic must point
// inside the transcript. When the transcript parses, its canonical layout
// must parse again, be a fixed point of Format, and replay as the
// transcript does.
//
// A Catalogue tag is read from the example catalogues, held in memory:
// the fuzzer never reads a file.
//
// go test seeds it with the examples, a few hostile inputs and the corpus
// under testdata/fuzz; to fuzz:
//
//	go test ./referee -run '^$' -fuzz '^FuzzCheck$' -fuzztime 60s
func FuzzCheck(f *testing.F) {
	games := referee.Games()
	catalogues := map[string][]byte{}
	for i, g := range games {
		paths, err := filepath.Glob(filepath.Join("..", "examples", g.Name(), "*"))
		if err != nil {
			f.Fatal(err)
		}
		seeds := 0
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			switch name := filepath.Base(p); {
			case filepath.Ext(name) == referee.CatalogueExt:
				catalogues["examples/"+g.Name()+"/"+name] = data
			case filepath.Ext(name) == g.Extension():
				f.Add(append([]byte{byte(i)}, data...))
				if strings.HasPrefix(name, "illegal-") {
					f.Add(append([]byte{byte(i) | 0x80}, data...))
				}
				seeds++
			}
		}
		if seeds == 0 {
			f.Fatalf("no examples of %s", g.Name())
		}
		for _, h := range hostile {
			f.Add(append([]byte{byte(i)}, h...))
		}
	}
	readFile := func(path string) ([]byte, error) {
		if data, ok := catalogues[filepath.ToSlash(path)]; ok {
			return data, nil
		}
		return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		g := games[int(data[0]&0x7f)%len(games)]
		opts := referee.Options{KeepGoing: data[0]&0x80 != 0, ReadFile: readFile}
		src := string(data[1:])
		// As an example would be, so that the example catalogues are found.
		path := "examples/" + g.Name() + "/fuzz" + g.Extension()
		game := fmt.Sprintf("%s (keep going %v)", g.Name(), opts.KeepGoing)

		var r *referee.Report
		notationtest.MustReturn(t, func() { r = g.Check(path, src, opts) })
		checkDiagnostics(t, src, game+": Check", r.Diagnostics)

		// Every output format writes the report, and replay draws every
		// step, without a fault.
		for _, format := range referee.Formats {
			out := referee.Output{Format: format}
			notationtest.MustReturn(t, func() {
				if err := out.WriteReports(io.Discard, []*referee.Report{r}); err != nil {
					t.Errorf("%s: %s output: %v", game, format, err)
				}
			})
		}
		notationtest.MustReturn(t, func() {
			rp, rr := g.Replay(path, src, opts)
			if err := referee.WriteReplay(io.Discard, rp, rr, referee.Palette{}, 0); err != nil {
				t.Errorf("%s: replay: %v", game, err)
			}
			if rr.ExitCode() == 3 && r.ExitCode() != 3 {
				t.Errorf("%s: replay meets an internal error that check does not:\n%s", game, referee.ReportText(rr))
			}
		})

		var formatted string
		var diags []referee.Diagnostic
		notationtest.MustReturn(t, func() { formatted, diags = g.Format(path, src) })
		checkDiagnostics(t, src, game+": Format", diags)
		if len(diags) > 0 {
			if !hasErrors(r) {
				t.Errorf("%s: Format reports syntax errors %v, but Check reports none", game, diags)
			}
			return
		}

		// The canonical layout parses again, and is its own.
		var again string
		notationtest.MustReturn(t, func() { again, diags = g.Format(path, formatted) })
		if len(diags) > 0 {
			t.Fatalf("%s: the formatted transcript does not parse: %v\nformatted:\n%s", game, diags, excerpt(formatted))
		}
		if again != formatted {
			t.Fatalf("%s: Format is not idempotent:\nonce:\n%s\ntwice:\n%s", game, excerpt(formatted), excerpt(again))
		}

		// And it replays as the transcript does.
		var rf *referee.Report
		notationtest.MustReturn(t, func() { rf = g.Check(path, formatted, opts) })
		checkDiagnostics(t, formatted, game+": Check of the formatted transcript", rf.Diagnostics)
		if hasErrors(rf) != hasErrors(r) || rf.Result != r.Result || rf.Outcome != r.Outcome || rf.Illegal != r.Illegal {
			t.Errorf("%s: the formatted transcript replays otherwise:\n%s\nformatted:\n%s\n%s", game, summary(r), excerpt(formatted), summary(rf))
		}
	})
}

// hostile are inputs given to each game: the edges of the lexer, of the
// statement splitter and of the header.
var hostile = []string{
	"",
	`[Game "sortie"]`,
	"[Players \"Ann\" \"Ben\"]\n",
	"[Players \"Ann\" \"Ben\"]\n1. Ann:\n2. Ben:\n3. Ann:\nresult: Ben wins\n",
	"{{{{",
	strings.Repeat("{", 1<<12),
	`[Players "Ann" "Ben"] {{{{`,
	`[Event "unterminated`,
	"\xff\xfe\xfd",
	"[Players \"Ann\" \"Ben\"]\n1. Ann: \xc3\x28\n",
	"\x00",
	"[Players \"Ann\x00\" \"Ben\"]\n1. \"Ann\x00\":\n",
	"[Players \"Ann\" \"Ben\"]\r\n\r\n1. Ann:\r\n2. Ben:\r\nresult: unfinished\r\n",
	"\uFEFF[Players \"Ann\" \"Ben\"]\n1. Ann: ; \uFEFF\n",
	"[Players \"\" \" \"]\n",
	"[Players \"Ann\" \"Ann\"]\n1. Ann:\n",
	"[Players \"Ann\" \"Ben\"]\n[Seed \"18446744073709551616\"]\n[Variant \"=\" \"a=b\"]\n",
	"[Players \"Ann\" \"Ben\"]\n[Catalogue \"../../../../dev/zero\"]\n1. Ann:\n",
	"[Players \"Ann\" \"Ben\"]\n99999999999999999999. Ann:\n",
}

// hasErrors tells whether a report has an error or worse: what keeps a
// transcript from being replayed.
func hasErrors(r *referee.Report) bool {
	for _, d := range r.Diagnostics {
		if d.Severity >= referee.Error {
			return true
		}
	}
	return false
}

// excerpt is s, cut short when long, for a failure message.
func excerpt(s string) string {
	const most = 2000
	if len(s) <= most {
		return s
	}
	return fmt.Sprintf("%s... (%d bytes more)", strings.ToValidUTF8(s[:most], ""), len(s)-most)
}

// summary is what a report found, in short.
func summary(r *referee.Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "result %q, outcome %q, %d illegal", r.Result, r.Outcome, r.Illegal)
	for _, d := range r.Diagnostics {
		fmt.Fprintf(&b, "\n  %s: %s: %s", d.Span.Start, d.Severity, d.Msg)
	}
	return b.String()
}

// checkDiagnostics checks that no diagnostic is a panic caught, and that
// each lies inside src.
func checkDiagnostics(t *testing.T, src, what string, diags []referee.Diagnostic) {
	t.Helper()
	for _, d := range diags {
		if strings.HasPrefix(d.Msg, "internal error") {
			t.Errorf("%s: a panic, caught: %s: %s", what, d.Span.Start, d.Msg)
		}
		notationtest.CheckSpan(t, src, fmt.Sprintf("%s: %s %q", what, d.Severity, d.Msg), d.Span)
	}
}
