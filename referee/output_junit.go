package referee

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The JUnit XML elements written, as the Jenkins schema junit-10.xsd
// (referee/testdata/schemas/junit-10.xsd) defines them. They are written
// here rather than taken from a library: the one in common use
// (go-junit-report's junit package) always writes a testsuite's time and
// id, and a referee has no meaningful time to give; without it the output
// is the same on every run, as golden files need.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string       `xml:"name,attr"`
	Classname string       `xml:"classname,attr"`
	Failure   *junitResult `xml:"failure"`
	Error     *junitResult `xml:"error"`
	SystemOut *junitOutput `xml:"system-out"`
}

// junitResult is a failure or an error: its kind, its first finding, and
// the whole text report as its body.
type junitResult struct {
	Type    string `xml:"type,attr"`
	Message string `xml:"message,attr"`
	Body    string `xml:",cdata"`
}

type junitOutput struct {
	Body string `xml:",cdata"`
}

// junitBatch gathers test cases into one test suite a game, in the order
// the games first come.
type junitBatch struct {
	doc   junitSuites
	index map[string]int
}

func (b *junitBatch) add(suite string, c junitCase) {
	if b.index == nil {
		b.index = map[string]int{}
	}
	i, ok := b.index[suite]
	if !ok {
		i = len(b.doc.Suites)
		b.index[suite] = i
		b.doc.Suites = append(b.doc.Suites, junitSuite{Name: xmlSafe(suite)})
	}
	s := &b.doc.Suites[i]
	s.Cases = append(s.Cases, c)
	s.Tests++
	b.doc.Tests++
	if c.Failure != nil {
		s.Failures++
		b.doc.Failures++
	}
	if c.Error != nil {
		s.Errors++
		b.doc.Errors++
	}
}

func (b *junitBatch) write(w io.Writer, name string) error {
	b.doc.Name = name
	if b.doc.Suites == nil {
		b.doc.Suites = []junitSuite{}
	}
	ew := &errWriter{w: w}
	ew.printf("%s", xml.Header)
	enc := xml.NewEncoder(ew)
	enc.Indent("", "  ")
	if err := enc.Encode(b.doc); err != nil {
		return err
	}
	ew.printf("\n")
	return ew.err
}

// junitWriter writes one test case a transcript: a failure for an
// illegal move or a mismatched result, an error for a syntax or internal
// error, the text report in its body (in system-out when it passes).
type junitWriter struct {
	w     io.Writer
	batch junitBatch
}

func (j *junitWriter) add(c checked) error {
	// The document is written whole at the end: it keeps the text report
	// it prints, and copies of the names, so that none cut out of the
	// transcript keeps the source alive.
	game := strings.Clone(c.Game)
	// The names are escaped as the text format escapes them: CI pages
	// show them to people.
	tc := junitCase{Name: strings.Clone(xmlSafe(escapeControls(c.Path))), Classname: xmlSafe(escapeControls(game))}
	text := xmlSafe(ReportText(c.Report))
	// The first diagnostic of the worst kind found says what the case is.
	var worst *Diagnostic
	for i, d := range c.Diagnostics {
		if d.Severity != Note && (worst == nil || d.Severity > worst.Severity) {
			worst = &c.Diagnostics[i]
		}
	}
	switch {
	case worst == nil:
		tc.SystemOut = &junitOutput{text}
	case worst.Severity >= Error:
		tc.Error = &junitResult{kindOf(worst.Severity).title, xmlSafe(junitMessage(c.Path, *worst)), text}
	default:
		tc.Failure = &junitResult{kindOf(worst.Severity).title, xmlSafe(junitMessage(c.Path, *worst)), text}
	}
	j.batch.add(game, tc)
	return nil
}

func (j *junitWriter) close(int) error { return j.batch.write(j.w, "referee check") }

// junitMessage is a diagnostic on one line, as the text format begins it,
// escaped as that is.
func junitMessage(path string, d Diagnostic) string {
	path, msg := escapeControls(path), escapeControls(d.Msg)
	if p := placeOf(d.Span); p.ok {
		return fmt.Sprintf("%s:%d:%d: %s", path, p.line, p.col, msg)
	}
	return path + ": " + msg
}

// writeJUnitGolden writes one test case a comparison, in a test suite a
// game: a failure for a mismatch (the diff in its body), a missing golden
// file, a stale one or a stray temp file; a note of what was updated or
// pruned.
func writeJUnitGolden(w io.Writer, results []GoldenResult) error {
	var b junitBatch
	for _, r := range results {
		tc := junitCase{Name: xmlSafe(escapeControls(goldenFile(r))), Classname: xmlSafe(escapeControls(goldenGame(r)))}
		msg := xmlSafe(escapeControls(goldenMessage(r)))
		switch r.Status {
		case GoldenMismatch, GoldenMissing, GoldenStale, GoldenStray:
			body := msg
			if r.Diff != "" {
				body = xmlSafe(goldenDiff(r))
			}
			tc.Failure = &junitResult{"golden " + string(r.Status), msg, body}
		case GoldenUpdated, GoldenPruned:
			tc.SystemOut = &junitOutput{msg}
		}
		b.add(goldenGame(r), tc)
	}
	return b.write(w, "referee golden")
}

// xmlSafe keeps what XML 1.0 can hold: a character it cannot (most
// control characters, U+FFFE, U+FFFF) is written as a Go escape, and
// invalid UTF-8 as U+FFFD. encoding/xml would turn the one into U+FFFD,
// hiding which it was, and does not check CDATA at all.
func xmlSafe(s string) string {
	ok := func(r rune) bool {
		return r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
	}
	if utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return !ok(r) }) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r == utf8.RuneError || ok(r) {
			b.WriteRune(r)
			continue
		}
		q := strconv.QuoteRune(r)
		b.WriteString(q[1 : len(q)-1])
	}
	return b.String()
}
