package referee

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The machine formats are checked against their schemas: the JSON output
// against docs/report.schema.json, SARIF against the official SARIF 2.1.0
// schema, JUnit against the Jenkins junit-10.xsd (both vendored under
// testdata/schemas, see its README).

// batches are the reports the schema tests write: every shipped example
// in one batch, each kind of report alone, and reports with what must be
// escaped or cut.
func batches(t *testing.T) map[string]struct {
	reports []*Report
	max     int
} {
	t.Helper()
	var all []*Report
	for _, f := range examples(t) {
		all = append(all, CheckFile(f, Options{}))
	}
	one := func(name string, opts Options) []*Report {
		return []*Report{CheckFile(filepath.Join(repo, "examples", name), opts)}
	}
	type batch = struct {
		reports []*Report
		max     int
	}
	return map[string]batch{
		"every example":     {all, 0},
		"keep going":        {one("sortie/illegal-moves-twice.sortie", Options{KeepGoing: true}), 0},
		"cut to 2":          {one("sortie/syntax-errors.sortie", Options{}), 2},
		"unreadable":        {[]*Report{CheckFile("nowhere.sortie", Options{})}, 0},
		"internal error":    {[]*Report{internalReport()}, 0},
		"odd path and text": {[]*Report{oddReport()}, 0},
		"empty batch":       {nil, 0},
	}
}

func compileSchema(t *testing.T, path string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	// Formats (uri, uri-reference) are assertions here, not notes.
	c.AssertFormat()
	sch, err := c.Compile(path)
	if err != nil {
		t.Fatalf("schema %s: %v", path, err)
	}
	return sch
}

func validateJSON(t *testing.T, sch *jsonschema.Schema, doc []byte) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("not JSON: %v\n%s", err, doc)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("invalid:\n%v\n%.3000s", err, doc)
	}
}

func TestJSONMatchesSchema(t *testing.T) {
	sch := compileSchema(t, filepath.Join(repo, "docs", "report.schema.json"))
	for name, b := range batches(t) {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			if err := (Output{Format: FormatJSON, MaxDiagnostics: b.max}).WriteReports(&out, b.reports); err != nil {
				t.Fatal(err)
			}
			validateJSON(t, sch, out.Bytes())
			var doc jsonCheck
			if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
				t.Fatal(err)
			}
			if len(doc.Reports) != len(b.reports) {
				t.Fatalf("%d reports, want %d", len(doc.Reports), len(b.reports))
			}
			code := 0
			for i, r := range b.reports {
				got := doc.Reports[i]
				code = max(code, r.ExitCode())
				if got.Path != r.Path || got.ExitCode != r.ExitCode() || got.Result != r.Result || got.Illegal != r.Illegal {
					t.Errorf("report %d: %+v\nwant the report of %s", i, got, r.Path)
				}
				if b.max == 0 && len(got.Diagnostics) != len(r.Diagnostics) {
					t.Errorf("%s: %d diagnostics, want %d", r.Path, len(got.Diagnostics), len(r.Diagnostics))
				}
			}
			if doc.ExitCode != code {
				t.Errorf("exit code %d, want %d", doc.ExitCode, code)
			}
		})
	}
	t.Run("golden", func(t *testing.T) {
		real, err := Golden(repo, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, results := range [][]GoldenResult{goldenResults(), real, nil} {
			var out bytes.Buffer
			if err := (Output{Format: FormatJSON}).WriteGolden(&out, results); err != nil {
				t.Fatal(err)
			}
			validateJSON(t, sch, out.Bytes())
		}
	})
}

// The schema is strict enough to catch a wrong document: each of these
// edits of a valid one must be refused.
func TestJSONSchemaRefuses(t *testing.T) {
	sch := compileSchema(t, filepath.Join(repo, "docs", "report.schema.json"))
	var out bytes.Buffer
	r := CheckFile(filepath.Join(repo, "examples/sortie/illegal-moves-twice.sortie"), Options{})
	if err := (Output{Format: FormatJSON}).WriteReports(&out, []*Report{r}); err != nil {
		t.Fatal(err)
	}
	valid := out.String()
	out.Reset()
	if err := (Output{Format: FormatJSON}).WriteGolden(&out, goldenResults()); err != nil {
		t.Fatal(err)
	}
	validGolden := out.String()
	tests := []struct {
		name, doc, old, new string
	}{
		{"unknown severity", valid, `"severity": "illegal"`, `"severity": "warning"`},
		{"column 0", valid, `"column": 25`, `"column": 0`},
		{"start without end", valid, `"end": {`, `"end": null, "x": {`},
		{"missing field", valid, `"moves": 9,`, ``},
		{"unknown field", valid, `"moves": 9,`, `"moves": 9, "move": 9,`},
		{"exit code 4", valid, `"exitCode": 1,`, `"exitCode": 4,`},
		{"wrong command", valid, `"command": "check"`, `"command": "golden"`},
		{"mismatch without a diff", validGolden, `"diff": "--- golden`, `"diff": null, "x": "`},
		{"stale with a transcript", validGolden, `"transcript": null`, `"transcript": "examples/void/d.void"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := strings.Replace(tt.doc, tt.old, tt.new, 1)
			if bad == tt.doc {
				t.Fatalf("%q not in the document", tt.old)
			}
			inst, err := jsonschema.UnmarshalJSON(strings.NewReader(bad))
			if err != nil {
				t.Fatalf("not JSON: %v\n%s", err, bad)
			}
			if sch.Validate(inst) == nil {
				t.Errorf("accepted:\n%s", bad)
			}
		})
	}
}

func TestSARIFMatchesSchema(t *testing.T) {
	sch := compileSchema(t, filepath.Join("testdata", "schemas", "sarif-schema-2.1.0.json"))
	for name, b := range batches(t) {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			if err := (Output{Format: FormatSARIF, MaxDiagnostics: b.max}).WriteReports(&out, b.reports); err != nil {
				t.Fatal(err)
			}
			validateJSON(t, sch, out.Bytes())
			checkSARIF(t, out.Bytes(), b.reports, b.max)
		})
	}
	t.Run("golden", func(t *testing.T) {
		var out bytes.Buffer
		if err := (Output{Format: FormatSARIF}).WriteGolden(&out, goldenResults()); err != nil {
			t.Fatal(err)
		}
		validateJSON(t, sch, out.Bytes())
		var log sarifLog
		if err := json.Unmarshal(out.Bytes(), &log); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, res := range log.Runs[0].Results {
			got = append(got, res.RuleID+" "+res.Level+" "+res.Locations[0].PhysicalLocation.ArtifactLocation.URI)
		}
		want := []string{
			"golden-mismatch error examples/sortie/b.sortie",
			"golden-missing error examples/void/c.void",
			"golden-stale error golden/void/d.golden",
			"golden-updated note golden/mod/e.golden",
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("results:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}

// The SARIF schema is in force: a wrong level, line or version, or a
// relative $schema (format uri: formats are asserted), is refused.
func TestSARIFSchemaRefuses(t *testing.T) {
	sch := compileSchema(t, filepath.Join("testdata", "schemas", "sarif-schema-2.1.0.json"))
	var out bytes.Buffer
	r := CheckFile(filepath.Join(repo, "examples/sortie/illegal-moves-twice.sortie"), Options{})
	if err := (Output{Format: FormatSARIF}).WriteReports(&out, []*Report{r}); err != nil {
		t.Fatal(err)
	}
	for _, edit := range [][2]string{
		{`"level": "error"`, `"level": "fatal"`},
		{`"$schema": "https://docs.oasis-open.org/`, `"$schema": "docs.oasis-open.org/`},
		{`"startLine": 10`, `"startLine": 0`},
		{`"version": "2.1.0"`, `"version": "2.2"`},
	} {
		bad := strings.Replace(out.String(), edit[0], edit[1], 1)
		if bad == out.String() {
			t.Fatalf("%s not in the log", edit[0])
		}
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if err != nil {
			t.Fatal(err)
		}
		if sch.Validate(inst) == nil {
			t.Errorf("accepted with %s", edit[1])
		}
	}
}

// sarifLog is the part of a SARIF log the tests read.
type sarifLog struct {
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID string `json:"id"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Invocations []struct {
			ExecutionSuccessful bool `json:"executionSuccessful"`
			ExitCode            int  `json:"exitCode"`
		} `json:"invocations"`
		Artifacts []struct {
			Location struct {
				URI string `json:"uri"`
			} `json:"location"`
		} `json:"artifacts"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
					Region *struct {
						StartLine   int `json:"startLine"`
						StartColumn int `json:"startColumn"`
						EndLine     int `json:"endLine"`
						EndColumn   int `json:"endColumn"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
	} `json:"runs"`
}

// checkSARIF checks what the schema cannot: one run by the referee, one
// result a diagnostic, with its rule, level and place.
func checkSARIF(t *testing.T, doc []byte, reports []*Report, maxDiags int) {
	t.Helper()
	var log sarifLog
	if err := json.Unmarshal(doc, &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "referee" {
		t.Fatalf("not one run of referee in SARIF 2.1.0:\n%.2000s", doc)
	}
	run := log.Runs[0]
	var rules []string
	for _, r := range run.Tool.Driver.Rules {
		rules = append(rules, r.ID)
	}
	if got := strings.Join(rules, " "); got != "illegal-move result-mismatch syntax-error internal-error note" {
		t.Errorf("rules %s", got)
	}
	code := 0
	var want []Diagnostic
	var paths []string
	for _, r := range reports {
		code = max(code, r.ExitCode())
		for _, d := range Truncate(r, maxDiags).Diagnostics {
			want = append(want, d)
			paths = append(paths, r.Path)
		}
	}
	if len(run.Invocations) != 1 || run.Invocations[0].ExitCode != code || run.Invocations[0].ExecutionSuccessful != (code != 3) {
		t.Errorf("invocations %+v, want exit code %d", run.Invocations, code)
	}
	if len(run.Artifacts) != len(reports) {
		t.Errorf("%d artifacts for %d files", len(run.Artifacts), len(reports))
	}
	if len(run.Results) != len(want) {
		t.Fatalf("%d results for %d diagnostics", len(run.Results), len(want))
	}
	for i, res := range run.Results {
		d := want[i]
		k := kindOf(d.Severity)
		if res.RuleID != k.rule || rules[res.RuleIndex] != k.rule || res.Level != sarifLevel(d.Severity) || res.Message.Text != d.Msg {
			t.Errorf("result %d: %+v\nwant %s %q", i, res, k.rule, d.Msg)
		}
		loc := res.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URI != sarifURI(paths[i]) {
			t.Errorf("result %d at %q, want %q", i, loc.ArtifactLocation.URI, sarifURI(paths[i]))
		}
		p := placeOf(d.Span)
		switch {
		case !p.ok && loc.Region != nil:
			t.Errorf("result %d: a region for a diagnostic about the whole file", i)
		case p.ok && (loc.Region == nil || loc.Region.StartLine != p.line || loc.Region.StartColumn != p.col || loc.Region.EndLine != p.endLine || loc.Region.EndColumn != p.endCol):
			t.Errorf("result %d: region %+v, want %+v", i, loc.Region, p)
		}
	}
}

// The JUnit output is checked against the Jenkins schema junit-10.xsd.
// No validator of XML Schema in pure Go is well kept (those in use wrap
// libxml2 through cgo, which CI does not have), so junitSchema reads the
// rules the output can meet out of the vendored XSD itself: each
// element's attributes (and which are required, and the pattern of a
// typed one), its child elements, and whether it holds text. Occurrence
// and order are not checked: every element the referee writes sits in an
// unbounded xs:choice, or alone in its xs:sequence.
type xsdElement struct {
	attrs    map[string]xsdAttr
	children map[string]bool
	text     bool
}

type xsdAttr struct {
	required bool
	pattern  *regexp.Regexp // nil for xs:string
}

// xsdNode is an element of the schema document.
type xsdNode struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Children []xsdNode  `xml:",any"`
}

func (n xsdNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// walk calls f on n's descendants.
func (n xsdNode) walk(f func(xsdNode)) {
	for _, c := range n.Children {
		f(c)
		c.walk(f)
	}
}

func junitSchema(t *testing.T) map[string]xsdElement {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "schemas", "junit-10.xsd"))
	if err != nil {
		t.Fatal(err)
	}
	var schema xsdNode
	if err := xml.Unmarshal(src, &schema); err != nil {
		t.Fatal(err)
	}
	simpleTypes := map[string]*regexp.Regexp{}
	complexTypes := map[string]xsdNode{}
	for _, c := range schema.Children {
		switch c.XMLName.Local {
		case "simpleType":
			c.walk(func(n xsdNode) {
				if n.XMLName.Local == "pattern" {
					// An XSD pattern matches the whole value.
					simpleTypes[c.attr("name")] = regexp.MustCompile(`^(?:` + n.attr("value") + `)$`)
				}
			})
		case "complexType":
			complexTypes[c.attr("name")] = c
		}
	}
	elementOf := func(complexType xsdNode) xsdElement {
		e := xsdElement{attrs: map[string]xsdAttr{}, children: map[string]bool{}, text: complexType.attr("mixed") == "true"}
		complexType.walk(func(n xsdNode) {
			switch n.XMLName.Local {
			case "attribute":
				a := xsdAttr{required: n.attr("use") == "required"}
				if typ := n.attr("type"); typ != "xs:string" {
					if a.pattern = simpleTypes[typ]; a.pattern == nil {
						t.Fatalf("junit-10.xsd: attribute type %q not known", typ)
					}
				}
				e.attrs[n.attr("name")] = a
			case "element":
				e.children[n.attr("ref")+n.attr("name")] = true
			}
		})
		return e
	}
	out := map[string]xsdElement{}
	for _, c := range schema.Children {
		if c.XMLName.Local != "element" {
			continue
		}
		name := c.attr("name")
		switch typ := c.attr("type"); {
		case typ == "xs:string":
			out[name] = xsdElement{text: true}
		case typ != "":
			out[name] = elementOf(complexTypes[typ])
		default:
			for _, ct := range c.Children {
				if ct.XMLName.Local == "complexType" {
					out[name] = elementOf(ct)
				}
			}
		}
	}
	if len(out["testcase"].attrs) == 0 || !out["failure"].text || !out["testsuites"].children["testsuite"] {
		t.Fatalf("junit-10.xsd read wrong: %+v", out)
	}
	return out
}

// junitProblems checks doc against the rules of junitSchema, and that
// the counts of each suite, and of all, add up; it returns what is wrong.
func junitProblems(schema map[string]xsdElement, doc []byte) []string {
	dec := xml.NewDecoder(bytes.NewReader(doc))
	type open struct {
		name               string
		tests, fails, errs int
		declared           [3]string
	}
	var stack []*open
	var problems []string
	roots := 0
	fail := func(format string, a ...any) {
		line, _ := dec.InputPos()
		problems = append(problems, fmt.Sprintf("line %d: ", line)+fmt.Sprintf(format, a...))
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return append(problems, "not XML: "+err.Error())
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			name := tok.Name.Local
			rule, ok := schema[name]
			switch {
			case !ok || tok.Name.Space != "":
				fail("element %q is not in junit-10.xsd", name)
			case len(stack) == 0:
				roots++
				if name != "testsuites" && name != "testsuite" {
					fail("root element %q", name)
				}
			case !schema[stack[len(stack)-1].name].children[name]:
				fail("%s cannot hold %s", stack[len(stack)-1].name, name)
			}
			seen := map[string]string{}
			for _, a := range tok.Attr {
				ar, ok := rule.attrs[a.Name.Local]
				switch {
				case !ok || a.Name.Space != "":
					fail("%s has no attribute %q", name, a.Name.Local)
				case ar.pattern != nil && !ar.pattern.MatchString(a.Value):
					fail("%s %s=%q does not match its type", name, a.Name.Local, a.Value)
				}
				seen[a.Name.Local] = a.Value
			}
			for an, ar := range rule.attrs {
				if _, ok := seen[an]; ar.required && !ok {
					fail("%s lacks the required attribute %s", name, an)
				}
			}
			for _, p := range stack {
				if p.name != "testsuite" && p.name != "testsuites" {
					continue
				}
				switch name {
				case "testcase":
					p.tests++
				case "failure":
					p.fails++
				case "error":
					p.errs++
				}
			}
			stack = append(stack, &open{name: name, declared: [3]string{seen["tests"], seen["failures"], seen["errors"]}})
		case xml.EndElement:
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if o.name == "testsuite" || o.name == "testsuites" {
				got := [3]string{fmt.Sprint(o.tests), fmt.Sprint(o.fails), fmt.Sprint(o.errs)}
				// testsuites may leave its counts out.
				if o.name == "testsuites" && o.declared == [3]string{} {
					got = o.declared
				}
				if got != o.declared {
					fail("%s declares tests, failures, errors %q; it holds %q", o.name, o.declared, got)
				}
			}
		case xml.CharData:
			if len(stack) > 0 && !schema[stack[len(stack)-1].name].text && strings.TrimSpace(string(tok)) != "" {
				fail("%s holds text %q", stack[len(stack)-1].name, tok)
			}
		}
	}
	if roots != 1 {
		problems = append(problems, fmt.Sprintf("%d root elements", roots))
	}
	return problems
}

func validateJUnit(t *testing.T, schema map[string]xsdElement, doc []byte) {
	t.Helper()
	if problems := junitProblems(schema, doc); len(problems) > 0 {
		t.Errorf("invalid JUnit:\n%s\n%.3000s", strings.Join(problems, "\n"), doc)
	}
}

func TestJUnitMatchesSchema(t *testing.T) {
	schema := junitSchema(t)
	for name, b := range batches(t) {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			if err := (Output{Format: FormatJUnit, MaxDiagnostics: b.max}).WriteReports(&out, b.reports); err != nil {
				t.Fatal(err)
			}
			validateJUnit(t, schema, out.Bytes())
			var doc junitSuites
			if err := xml.Unmarshal(out.Bytes(), &doc); err != nil {
				t.Fatal(err)
			}
			// One case a transcript, in a suite of its game.
			if doc.Tests != len(b.reports) {
				t.Errorf("%d test cases for %d files", doc.Tests, len(b.reports))
			}
			for _, s := range doc.Suites {
				for _, c := range s.Cases {
					if c.Classname != s.Name {
						t.Errorf("case %s of %s in the suite %s", c.Name, c.Classname, s.Name)
					}
				}
			}
		})
	}
	t.Run("golden", func(t *testing.T) {
		var out bytes.Buffer
		if err := (Output{Format: FormatJUnit}).WriteGolden(&out, goldenResults()); err != nil {
			t.Fatal(err)
		}
		validateJUnit(t, schema, out.Bytes())
		if !strings.Contains(out.String(), `<testsuites name="referee golden" tests="5" failures="3" errors="0">`) {
			t.Errorf("counts:\n%s", out.String())
		}
	})
	// The check itself finds what the schema forbids.
	t.Run("refuses", func(t *testing.T) {
		for _, bad := range []string{
			`<testsuites><testsuite name="a" tests="0" failures="0"></testsuite></testsuites>`,
			`<testsuites><testsuite name="a" tests="0" failures="0" errors="0" time="1s"></testsuite></testsuites>`,
			`<testsuites><testcase name="a"></testcase></testsuites>`,
			`<testsuites><testsuite name="a" tests="1" failures="0" errors="0"><testcase name="a" file="x"></testcase></testsuite></testsuites>`,
			`<testsuites><testsuite name="a" tests="1" failures="0" errors="0"><testcase name="a">text</testcase></testsuite></testsuites>`,
			`<testsuites tests="2"><testsuite name="a" tests="1" failures="0" errors="0"><testcase name="a"></testcase></testsuite></testsuites>`,
		} {
			if len(junitProblems(schema, []byte(bad))) == 0 {
				t.Errorf("accepted: %s", bad)
			}
		}
	})
}
