package referee

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// jsonVersion is the version of the JSON output's shape, described by
// docs/report.schema.json. It changes only when a field changes meaning
// or goes away; new fields keep it.
const jsonVersion = 1

// jsonCheck is the document `check --format json` writes.
type jsonCheck struct {
	Version  int          `json:"version"`
	Command  string       `json:"command"`
	ExitCode int          `json:"exitCode"`
	Reports  []jsonReport `json:"reports"`
}

// jsonReport is one transcript's report. Absent values are null rather
// than left out, so that every report has the same keys.
type jsonReport struct {
	Path        string           `json:"path"`
	Game        string           `json:"game"`
	Players     []string         `json:"players"`
	Seed        *string          `json:"seed"`
	Perspective *string          `json:"perspective"`
	Unshuffled  bool             `json:"unshuffled"`
	Variants    []string         `json:"variants"`
	Replayed    bool             `json:"replayed"`
	Stopped     bool             `json:"stopped"`
	Turns       int              `json:"turns"`
	Moves       int              `json:"moves"`
	Illegal     int              `json:"illegal"`
	Rulings     int              `json:"rulings"`
	Unverified  int              `json:"unverified"`
	Penalties   map[string]int   `json:"penalties"`
	Result      string           `json:"result"`
	Recorded    *string          `json:"recorded"`
	Outcome     *string          `json:"outcome"`
	State       []jsonRow        `json:"state"`
	ExitCode    int              `json:"exitCode"`
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
}

type jsonRow struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type jsonDiagnostic struct {
	Severity string        `json:"severity"`
	Message  string        `json:"message"`
	Start    *jsonPosition `json:"start"`
	End      *jsonPosition `json:"end"`
}

type jsonPosition struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Offset int `json:"offset"`
}

// jsonGolden is the document `golden --format json` writes.
type jsonGolden struct {
	Version  int                `json:"version"`
	Command  string             `json:"command"`
	ExitCode int                `json:"exitCode"`
	Counts   jsonGoldenCounts   `json:"counts"`
	Results  []jsonGoldenResult `json:"results"`
}

type jsonGoldenCounts struct {
	OK       int `json:"ok"`
	Updated  int `json:"updated"`
	Mismatch int `json:"mismatch"`
	Missing  int `json:"missing"`
	Stale    int `json:"stale"`
	Stray    int `json:"stray"`
	Pruned   int `json:"pruned"`
}

type jsonGoldenResult struct {
	Transcript *string `json:"transcript"`
	Golden     string  `json:"golden"`
	Status     string  `json:"status"`
	Diff       *string `json:"diff"`
}

// orNull is s, or null when s is empty.
func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// orEmpty is s, or an empty list rather than null.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func toJSONReport(c checked) jsonReport {
	r := c.Report
	out := jsonReport{
		Path: r.Path, Game: r.Game, Players: orEmpty(r.Players), Seed: orNull(r.Seed), Perspective: orNull(r.Perspective), Unshuffled: r.Unshuffled,
		Variants: orEmpty(r.Variants), Replayed: r.Replayed, Stopped: r.Stopped,
		Turns: r.Turns, Moves: r.Moves, Illegal: r.Illegal, Rulings: r.Rulings, Unverified: r.Unverified, Penalties: map[string]int{},
		Result: r.Result, Recorded: orNull(r.Recorded), Outcome: orNull(r.Outcome),
		State: []jsonRow{}, ExitCode: c.exitCode, Diagnostics: []jsonDiagnostic{},
	}
	for p, n := range r.Penalties {
		out.Penalties[r.Players[p]] = n
	}
	for _, st := range r.State {
		out.State = append(out.State, jsonRow(st))
	}
	for _, d := range r.Diagnostics {
		jd := jsonDiagnostic{Severity: kindOf(d.Severity).id, Message: d.Msg}
		if p := placeOf(d.Span); p.ok {
			jd.Start = &jsonPosition{p.line, p.col, p.offset}
			jd.End = &jsonPosition{p.endLine, p.endCol, p.endOffset}
		}
		out.Diagnostics = append(out.Diagnostics, jd)
	}
	return out
}

// jsonWriter keeps each report encoded, the bytes it will print and no
// more, until the document is written whole. Not the jsonReport itself:
// its strings (a player's name, the seed) may be cut out of the
// transcript and would keep the whole source alive to the end of the
// batch.
type jsonWriter struct {
	w       io.Writer
	reports []json.RawMessage
}

// jsonCheckEncoded is jsonCheck with its reports already encoded: the
// same fields, in the same order.
type jsonCheckEncoded struct {
	Version  int               `json:"version"`
	Command  string            `json:"command"`
	ExitCode int               `json:"exitCode"`
	Reports  []json.RawMessage `json:"reports"`
}

func (j *jsonWriter) add(c checked) error {
	var b bytes.Buffer
	// As writeJSON encodes (< > & as they are), but compact: the document's
	// encoder indents the raw reports with the rest.
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(toJSONReport(c)); err != nil {
		return err
	}
	// Cloned to its length: the buffer may have grown to twice it. Made
	// safe here, report by report, so that the document is not copied
	// whole at the end.
	j.reports = append(j.reports, bytes.Clone(jsonSafe(bytes.TrimSuffix(b.Bytes(), []byte("\n")))))
	return nil
}

func (j *jsonWriter) close(exitCode int) error {
	return writeJSON(j.w, jsonCheckEncoded{jsonVersion, "check", exitCode, orEmpty(j.reports)})
}

func writeJSONGolden(w io.Writer, results []GoldenResult) error {
	doc := jsonGolden{Version: jsonVersion, Command: "golden", ExitCode: GoldenExitCode(results), Results: []jsonGoldenResult{}}
	for _, r := range results {
		switch r.Status {
		case GoldenOK:
			doc.Counts.OK++
		case GoldenUpdated:
			doc.Counts.Updated++
		case GoldenMismatch:
			doc.Counts.Mismatch++
		case GoldenMissing:
			doc.Counts.Missing++
		case GoldenStale:
			doc.Counts.Stale++
		case GoldenStray:
			doc.Counts.Stray++
		case GoldenPruned:
			doc.Counts.Pruned++
		}
		doc.Results = append(doc.Results, jsonGoldenResult{orNull(r.Transcript), r.Golden, string(r.Status), orNull(r.Diff)})
	}
	return writeJSON(w, doc)
}

// writeJSON writes v indented, ending with a newline. It does not escape
// <, > and &: the output is not meant for HTML, and messages quote rules
// that use them.
func writeJSON(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(jsonSafe(b.Bytes()))
	return err
}

// jsonSafe writes as \u escapes the characters that encoding/json leaves
// as they are but a terminal or an editor acts on: DEL, the C1 controls
// (U+009B starts an escape sequence on some terminals) and invisible
// format characters such as U+202E, which reorders what follows. The
// document decodes to the same strings; printed, it shows them. They can
// only stand inside strings: encoding/json escapes the C0 controls itself.
func jsonSafe(doc []byte) []byte {
	if !bytes.ContainsFunc(doc, jsonUnsafe) {
		return doc
	}
	out := make([]byte, 0, len(doc)+64)
	for len(doc) > 0 {
		r, n := utf8.DecodeRune(doc)
		switch {
		case !jsonUnsafe(r):
			out = append(out, doc[:n]...)
		case r > 0xFFFF:
			hi, lo := utf16.EncodeRune(r)
			out = fmt.Appendf(out, `\u%04x\u%04x`, hi, lo)
		default:
			out = fmt.Appendf(out, `\u%04x`, r)
		}
		doc = doc[n:]
	}
	return out
}

func jsonUnsafe(r rune) bool { return r >= 0x7f && isControl(r) }
