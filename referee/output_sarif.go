package referee

import (
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/owenrumney/go-sarif/v2/sarif"
)

// sarifSchema is the URI of the SARIF 2.1.0 schema (with its errata), the
// one referee/testdata/schemas holds a copy of.
const sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// sarifRule is one kind of finding: a SARIF rule.
type sarifRule struct {
	id, summary, level string
}

// checkRules are the rules of a check, one for each severity: the
// findings first, the referee's notes last.
var checkRules = func() []sarifRule {
	var out []sarifRule
	for _, s := range []Severity{Illegal, Mismatch, Error, Internal, Note} {
		k := kindOf(s)
		out = append(out, sarifRule{k.rule, k.summary, sarifLevel(s)})
	}
	return out
}()

// goldenRules are the rules of a golden comparison.
var goldenRules = []sarifRule{
	{"golden-mismatch", "A report that differs from its golden file.", "error"},
	{"golden-missing", "A transcript with no golden file.", "error"},
	{"golden-stale", "A golden file with no transcript.", "error"},
	{"golden-updated", "A golden file rewritten by --update.", "note"},
	{"golden-stray", "A temp file an interrupted write left under golden/.", "error"},
	{"golden-pruned", "A stale golden file or a stray temp file removed by --prune.", "note"},
}

func sarifLevel(s Severity) string {
	if s == Note {
		return "note"
	}
	return "error"
}

// newSARIFRun is a run of the referee, with its rules. Columns count
// characters (Unicode code points), as the text format's do.
func newSARIFRun(rules []sarifRule) *sarif.Run {
	v := Version()
	driver := sarif.NewVersionedDriver("referee", v.String())
	driver.InformationURI = &[]string{v.InformationURI()}[0]
	run := sarif.NewRun(sarif.Tool{Driver: driver})
	run.ColumnKind = "unicodeCodePoints"
	for _, r := range rules {
		run.Tool.Driver.AddRule(sarif.NewRule(r.id).
			WithShortDescription(sarif.NewMultiformatMessageString(r.summary)).
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(r.level)))
	}
	return run
}

// sarifURI is a path as a URI reference: the path as given, relative or
// absolute, with the characters a URI cannot hold percent-encoded.
func sarifURI(path string) string {
	p := filepath.ToSlash(path)
	if filepath.IsAbs(path) {
		if p[0] != '/' {
			p = "/" + p // a Windows drive: file:///C:/...
		}
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: p}).String()
}

func sarifResult(rule, level, msg, path string, p place) *sarif.Result {
	loc := sarif.NewPhysicalLocation().WithArtifactLocation(sarif.NewSimpleArtifactLocation(sarifURI(path)))
	if p.ok {
		loc.WithRegion(sarif.NewRegion().
			WithStartLine(p.line).WithStartColumn(p.col).
			WithEndLine(p.endLine).WithEndColumn(p.endCol).
			WithByteOffset(p.offset).WithByteLength(p.endOffset - p.offset))
	}
	return sarif.NewRuleResult(rule).
		WithLevel(level).
		WithMessage(sarif.NewTextMessage(msg)).
		WithLocations([]*sarif.Location{sarif.NewLocationWithPhysicalLocation(loc)})
}

// sarifWriter gathers a check's results and writes the log at the end.
type sarifWriter struct {
	w   io.Writer
	run *sarif.Run
}

func newSARIFWriter(w io.Writer) *sarifWriter {
	return &sarifWriter{w: w, run: newSARIFRun(checkRules)}
}

func (s *sarifWriter) add(c checked) error {
	// Every transcript checked is an artifact, so that a clean one shows
	// as analysed; its length is unknown (-1) when it could not be read.
	artifact := sarif.NewArtifact().WithLocation(sarif.NewSimpleArtifactLocation(sarifURI(c.Path)))
	artifact.Roles = []string{"analysisTarget"}
	artifact.Length = -1
	if c.Source != "" {
		artifact.Length = len(c.Source)
	}
	// The log is written whole at the end: the strings it keeps are
	// copies, so that none cut out of the transcript keeps it alive.
	artifact.Properties = sarif.Properties{"game": strings.Clone(c.Game), "result": strings.Clone(c.Result), "exitCode": c.exitCode}
	if c.Outcome != "" {
		artifact.Properties["outcome"] = strings.Clone(c.Outcome)
	}
	s.run.Artifacts = append(s.run.Artifacts, artifact)
	for _, d := range c.Diagnostics {
		s.run.AddResult(sarifResult(kindOf(d.Severity).rule, sarifLevel(d.Severity), strings.Clone(d.Msg), c.Path, placeOf(d.Span)))
	}
	return nil
}

func (s *sarifWriter) close(exitCode int) error {
	// An internal error is the referee failing; anything else is a run
	// that did its work, whatever it found.
	s.run.Invocations = []*sarif.Invocation{sarif.NewInvocation().WithExecutionSuccess(exitCode != 3).WithExitCode(exitCode)}
	return writeSARIF(s.w, s.run)
}

func writeSARIFGolden(w io.Writer, results []GoldenResult) error {
	run := newSARIFRun(goldenRules)
	for _, r := range results {
		rule, level := "golden-"+string(r.Status), "error"
		switch r.Status {
		case GoldenOK:
			continue
		case GoldenUpdated, GoldenPruned:
			level = "note"
		}
		msg := goldenMessage(r)
		if r.Diff != "" {
			msg += "\n" + r.Diff
		}
		run.AddResult(sarifResult(rule, level, msg, goldenTarget(r), place{}))
	}
	code := GoldenExitCode(results)
	run.Invocations = []*sarif.Invocation{sarif.NewInvocation().WithExecutionSuccess(true).WithExitCode(code)}
	return writeSARIF(w, run)
}

func writeSARIF(w io.Writer, run *sarif.Run) error {
	log, err := sarif.New(sarif.Version210, false)
	if err != nil {
		return err
	}
	log.Schema = sarifSchema
	log.AddRun(run)
	// Written as the JSON format is (indented, < > & as they are), not
	// with the library's writer, which escapes them.
	return writeJSON(w, log)
}
