package referee

import (
	"fmt"
	"io"
	"strings"

	"github.com/tabletop-referee/referee/notation"
)

// Format is a way of writing the reports of a batch: for people (text,
// the only one with colour) or for tools. docs/formats.md describes each.
type Format string

// The output formats.
const (
	FormatText   Format = "text"   // compiler-style diagnostics and the report, as golden files hold
	FormatJSON   Format = "json"   // one document; its schema is docs/report.schema.json
	FormatGitHub Format = "github" // GitHub Actions workflow commands (annotations)
	FormatSARIF  Format = "sarif"  // SARIF 2.1.0, one run
	FormatJUnit  Format = "junit"  // JUnit XML, one test case per transcript
)

// Formats lists every format, in the order help and errors name them.
var Formats = []Format{FormatText, FormatJSON, FormatGitHub, FormatSARIF, FormatJUnit}

// ParseFormat reads a format's name.
func ParseFormat(name string) (Format, error) {
	for _, f := range Formats {
		if string(f) == name {
			return f, nil
		}
	}
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = string(f)
	}
	return "", fmt.Errorf("unknown format %q: expected %s", name, strings.Join(names, ", "))
}

// ChooseFormat is the format named by a --format flag, or, when none was
// given (name is ""), github inside a GitHub Actions step (GITHUB_ACTIONS
// is "true" there) and text elsewhere. getenv reads the environment; it is
// a parameter so that tests can set it.
func ChooseFormat(name string, getenv func(string) string) (Format, error) {
	if name == "" {
		if getenv("GITHUB_ACTIONS") == "true" {
			return FormatGitHub, nil
		}
		return FormatText, nil
	}
	return ParseFormat(name)
}

// Output says how to write a batch of reports.
type Output struct {
	Format Format
	// Palette colours the text format; the other formats never hold colour.
	Palette Palette
	// MaxDiagnostics keeps at most this many diagnostics of each report
	// (all when 0), with a note that counts the rest, in every format; a
	// report's exit status is still that of all its diagnostics.
	MaxDiagnostics int
}

// GoldenExitCode is the exit status of a golden comparison: 1 when a
// report differs from its golden file, a golden file is missing or one is
// stale, or a temp file is stray, else 0. A CI run fails on a stale
// golden file, a claim no transcript backs, as on a mismatch.
func GoldenExitCode(results []GoldenResult) int {
	for _, r := range results {
		switch r.Status {
		case GoldenMismatch, GoldenMissing, GoldenStale, GoldenStray:
			return 1
		}
	}
	return 0
}

// checked is a report as a batch writes it: its diagnostics cut to the
// limit, its exit status that of the whole report.
type checked struct {
	*Report
	exitCode int
}

// batchWriter is one format's writer of a check's reports: add takes
// each report as it is checked, close ends the output. A format that is
// one document keeps what it needs of each report (never its source)
// until close.
type batchWriter interface {
	add(c checked) error
	close(exitCode int) error
}

// ReportWriter writes the reports of one check in an output format, one
// by one as the files are checked, so that text appears as it is found
// and a batch never holds every transcript at once.
type ReportWriter struct {
	out  Output
	bw   batchWriter
	code int
}

// NewReportWriter starts the output of a check.
func (o Output) NewReportWriter(w io.Writer) (*ReportWriter, error) {
	var bw batchWriter
	switch o.Format {
	case FormatText, "":
		bw = &textWriter{w: w, palette: o.Palette}
	case FormatJSON:
		bw = &jsonWriter{w: w}
	case FormatGitHub:
		bw = &githubWriter{w: w}
	case FormatSARIF:
		bw = newSARIFWriter(w)
	case FormatJUnit:
		bw = &junitWriter{w: w}
	default:
		return nil, fmt.Errorf("unknown format %q", o.Format)
	}
	return &ReportWriter{out: o, bw: bw}, nil
}

// Write adds a report to the output.
func (rw *ReportWriter) Write(r *Report) error {
	code := r.ExitCode()
	rw.code = max(rw.code, code)
	return rw.bw.add(checked{Truncate(r, rw.out.MaxDiagnostics), code})
}

// Close ends the output; a document format is written whole here.
func (rw *ReportWriter) Close() error { return rw.bw.close(rw.code) }

// ExitCode is the exit status of the reports written so far: the worst of
// theirs (0 clean, 1 illegal or mismatched result, 2 syntax errors, 3 an
// internal error).
func (rw *ReportWriter) ExitCode() int { return rw.code }

// WriteReports writes the reports of one check in the output's format.
func (o Output) WriteReports(w io.Writer, reports []*Report) error {
	rw, err := o.NewReportWriter(w)
	if err != nil {
		return err
	}
	for _, r := range reports {
		if err := rw.Write(r); err != nil {
			return err
		}
	}
	return rw.Close()
}

// WriteGolden writes the results of a golden comparison in the output's
// format.
func (o Output) WriteGolden(w io.Writer, results []GoldenResult) error {
	switch o.Format {
	case FormatText, "":
		return writeTextGolden(w, results, o.Palette)
	case FormatJSON:
		return writeJSONGolden(w, results)
	case FormatGitHub:
		return writeGitHubGolden(w, results)
	case FormatSARIF:
		return writeSARIFGolden(w, results)
	case FormatJUnit:
		return writeJUnitGolden(w, results)
	}
	return fmt.Errorf("unknown format %q", o.Format)
}

// errWriter keeps the first error of a run of writes, so that a writer of
// many lines checks once, at the end.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(b []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	var n int
	n, e.err = e.w.Write(b)
	return n, e.err
}

func (e *errWriter) printf(format string, a ...any) {
	fmt.Fprintf(e, format, a...)
}

// textWriter writes reports as check always has: each report after its
// diagnostics, a blank line between reports.
type textWriter struct {
	w       io.Writer
	palette Palette
	n       int
	buf     []byte // the last summary's, written into again
}

func (t *textWriter) add(c checked) error {
	ew := &errWriter{w: t.w}
	if t.n > 0 {
		ew.Write(lineEnd)
	}
	t.n++
	t.buf = writeReport(ew, c.Report, t.palette, t.buf[:0])
	return ew.err
}

func (t *textWriter) close(int) error { return nil }

// lineEnd is the blank line between two reports.
var lineEnd = []byte{'\n'}

// writeTextGolden is the golden command's report: a line for each
// comparison that is not ok (with the diff of a mismatch), then the counts.
func writeTextGolden(w io.Writer, results []GoldenResult, p Palette) error {
	ew := &errWriter{w: w}
	counts := map[GoldenStatus]int{}
	for _, r := range results {
		counts[r.Status]++
		transcript, golden := escapeControls(r.Transcript), escapeControls(r.Golden)
		switch r.Status {
		case GoldenMismatch:
			ew.printf("%s: %s: the report differs from %s\n%s", transcript, p.paint(p.Error, "mismatch"), golden, goldenDiff(r))
		case GoldenMissing:
			ew.printf("%s: %s: no golden file %s (run: referee golden --update)\n", transcript, p.paint(p.Error, "missing"), golden)
		case GoldenStale:
			ew.printf("%s: %s: no transcript has this golden file\n", golden, p.paint(p.Error, "stale"))
		case GoldenStray:
			ew.printf("%s: %s: a temp file an interrupted write left (run: referee golden --prune)\n", golden, p.paint(p.Error, "stray"))
		case GoldenUpdated:
			ew.printf("%s: updated\n", golden)
		case GoldenPruned:
			ew.printf("%s: pruned: %s\n", golden, prunedWhy(r))
		}
	}
	ew.printf("golden: %d ok, %d updated, %d mismatched, %d missing, %d stale",
		counts[GoldenOK], counts[GoldenUpdated], counts[GoldenMismatch], counts[GoldenMissing], counts[GoldenStale])
	// The rarer outcomes only when there are any.
	if counts[GoldenStray] > 0 {
		ew.printf(", %d stray", counts[GoldenStray])
	}
	if counts[GoldenPruned] > 0 {
		ew.printf(", %d pruned", counts[GoldenPruned])
	}
	ew.printf("\n")
	return ew.err
}

// goldenDiff is a comparison's diff as the text and github formats print
// it: control characters escaped on every line, the line ends between
// lines kept. The two file names of its header are escaped whole, line
// ends too, so that a name holding one cannot start a line of its own
// (a forged "::error" annotation in a CI log); a line of the diff's body
// starts with its mark (space, + or -) and cannot.
func goldenDiff(r GoldenResult) string {
	names := func(golden, transcript string) string {
		return "--- " + golden + "\n+++ report of " + transcript + "\n"
	}
	if body, ok := strings.CutPrefix(r.Diff, names(r.Golden, r.Transcript)); ok {
		return names(escapeControls(r.Golden), escapeControls(r.Transcript)) + escapeControlsKeepLines(body)
	}
	return escapeControlsKeepLines(r.Diff)
}

// kind is what the machine formats call a diagnostic's severity.
type kind struct {
	id    string // the JSON severity
	rule  string // the SARIF rule
	title string // the GitHub annotation's title and the JUnit type
	// summary describes the rule, for SARIF.
	summary string
}

// kinds is indexed by Severity.
var kinds = [...]kind{
	Note:     {"note", "note", "note", "What the referee did, as in: replay stopped at the first illegal move."},
	Illegal:  {"illegal", "illegal-move", "illegal move", "A move the rules forbid."},
	Mismatch: {"mismatch", "result-mismatch", "result mismatch", "A recorded result that the rules do not give."},
	Error:    {"error", "syntax-error", "syntax error", "A syntax or structure error: the transcript cannot be replayed."},
	Internal: {"internal", "internal-error", "internal error", "A fault of the referee itself, not of the transcript."},
}

func kindOf(s Severity) kind { return kinds[s] }

// place is a diagnostic's span as the machine formats give it: start and
// end line and column (1-based, columns in characters) and byte offsets
// (0-based); ok is false for a diagnostic about the whole file.
type place struct {
	ok                         bool
	line, col, endLine, endCol int
	offset, endOffset          int
	sameLine                   bool
}

// placeOf normalises a span: a diagnostic made of a start alone ends
// where it starts.
func placeOf(s notation.Span) place {
	if s.Start.Line <= 0 {
		return place{}
	}
	end := s.End
	if end.Line < s.Start.Line || end.Line == s.Start.Line && end.Column < s.Start.Column {
		end = s.Start
	}
	return place{
		ok: true, line: s.Start.Line, col: max(s.Start.Column, 1), endLine: end.Line, endCol: max(end.Column, 1),
		offset: s.Start.Offset, endOffset: max(end.Offset, s.Start.Offset), sameLine: end.Line == s.Start.Line,
	}
}

// goldenGame is the game a golden comparison belongs to: the folder under
// golden/ of its golden file, as in golden/sortie/x.golden.
func goldenGame(r GoldenResult) string {
	rest, ok := strings.CutPrefix(r.Golden, "golden/")
	if dir, _, found := strings.Cut(rest, "/"); ok && found {
		return dir
	}
	return "golden"
}

// goldenMessage is what a machine format says of a comparison, without
// its diff.
func goldenMessage(r GoldenResult) string {
	switch r.Status {
	case GoldenMismatch:
		return "the report differs from " + r.Golden
	case GoldenMissing:
		return "no golden file " + r.Golden + " (run: referee golden --update)"
	case GoldenStale:
		return "no transcript has the golden file " + r.Golden
	case GoldenStray:
		return r.Golden + " is a temp file an interrupted write left (run: referee golden --prune)"
	case GoldenUpdated:
		return "updated " + r.Golden
	case GoldenPruned:
		return "removed " + r.Golden + ": " + prunedWhy(r)
	}
	return "the report matches " + r.Golden
}

// goldenFile is the file a comparison is about: its transcript, or the
// golden file when no transcript has it.
func goldenFile(r GoldenResult) string {
	if r.Transcript == "" {
		return r.Golden
	}
	return r.Transcript
}

// goldenTarget is the file an annotation of a comparison points at: the
// transcript whose report differs or has no golden file, the golden file
// that is stale, was rewritten or was removed, the stray temp file.
func goldenTarget(r GoldenResult) string {
	if r.Status == GoldenUpdated {
		return r.Golden
	}
	return goldenFile(r)
}
