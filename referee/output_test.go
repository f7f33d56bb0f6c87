package referee

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/notation"
)

func TestChooseFormat(t *testing.T) {
	tests := []struct {
		name, flag, actions string
		want                Format
		wantErr             bool
	}{
		{"no flag", "", "", FormatText, false},
		{"no flag in GitHub Actions", "", "true", FormatGitHub, false},
		{"no flag, GITHUB_ACTIONS not true", "", "false", FormatText, false},
		{"a flag wins over GitHub Actions", "json", "true", FormatJSON, false},
		{"text asked for in GitHub Actions", "text", "true", FormatText, false},
		{"sarif", "sarif", "", FormatSARIF, false},
		{"junit", "junit", "", FormatJUnit, false},
		{"github outside GitHub Actions", "github", "", FormatGitHub, false},
		{"unknown", "xml", "", "", true},
		{"case matters", "JSON", "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ChooseFormat(tt.flag, func(k string) string {
				if k == "GITHUB_ACTIONS" {
					return tt.actions
				}
				return ""
			})
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("ChooseFormat(%q) = %q, %v; want %q (error %v)", tt.flag, got, err, tt.want, tt.wantErr)
			}
			if err != nil && !strings.Contains(err.Error(), "text, json, github, sarif, junit") {
				t.Errorf("the error does not list the formats: %v", err)
			}
		})
	}
}

// at is a span on one line, from column col for n characters.
func at(line, col, offset, n int) notation.Span {
	start := lexer.Position{Line: line, Column: col, Offset: offset}
	end := start
	end.Column += n
	end.Offset += n
	return notation.Span{Start: start, End: end}
}

// oddReport is a report with everything a writer must escape: a path
// with spaces, a comma, a colon and a percent sign, and messages with
// line ends, control and invisible characters, and characters XML cannot
// hold.
func oddReport() *Report {
	return &Report{
		Path: "odd dir/50%, a:b.sortie", Source: "x\n", Game: "sortie", Players: []string{"Ann", "Ben"},
		Replayed: true, Result: "unfinished: Ann to move on turn 1", Outcome: "unfinished",
		Diagnostics: []Diagnostic{
			{Illegal, at(1, 1, 0, 1), "100% wrong: a1, b2\r\nthen \x1b[31mred\x1b[0m \u202e and \x00 \uFFFE"},
			{Note, notation.Span{}, "the whole file: 50%"},
		},
		Illegal: 1,
	}
}

// internalReport is a report of the referee's own fault.
func internalReport() *Report {
	return &Report{
		Path: "examples/sortie/x.sortie", Source: "1. Ann: place 9C/KD a1\n", Game: "sortie",
		Replayed: true, Stopped: true, Result: "not known: internal error on turn 1", Outcome: "stopped",
		Diagnostics: []Diagnostic{{Internal, at(1, 9, 8, 14), "internal error: index out of range"}},
	}
}

func TestGitHubEscaping(t *testing.T) {
	tests := []struct {
		name, in, data, property string
	}{
		{"plain", "a3-a4", "a3-a4", "a3-a4"},
		{"percent first", "100%0A", "100%250A", "100%250A"},
		{"line ends", "a\r\nb\nc", "a%0D%0Ab%0Ac", "a%0D%0Ab%0Ac"},
		{"colon and comma only in properties", "dir:x, y", "dir:x, y", "dir%3Ax%2C y"},
		{"a command inside", "::error::x", "::error::x", "%3A%3Aerror%3A%3Ax"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := githubData(tt.in); got != tt.data {
				t.Errorf("githubData(%q) = %q, want %q", tt.in, got, tt.data)
			}
			if got := githubProperty(tt.in); got != tt.property {
				t.Errorf("githubProperty(%q) = %q, want %q", tt.in, got, tt.property)
			}
		})
	}
}

func TestGitHubCommands(t *testing.T) {
	multiLine := &Report{Path: "a.sortie", Game: "sortie", Diagnostics: []Diagnostic{{Error, notation.Span{
		Start: lexer.Position{Line: 2, Column: 3, Offset: 10}, End: lexer.Position{Line: 4, Column: 1, Offset: 30}}, "unterminated"}}}
	tests := []struct {
		name   string
		report *Report
		want   string
	}{
		{"escaped path and message", oddReport(),
			"::error file=odd dir/50%25%2C a%3Ab.sortie,line=1,col=1,endLine=1,endColumn=1,title=illegal move::" +
				`100%25 wrong: a1, b2\r\nthen \x1b[31mred\x1b[0m \u202e and \x00 ` + "\uFFFE\n" +
				"::notice file=odd dir/50%25%2C a%3Ab.sortie,title=note::the whole file: 50%25\n"},
		{"a span over lines gives lines only", multiLine,
			"::error file=a.sortie,line=2,endLine=4,title=syntax error::unterminated\n"},
		{"internal error", internalReport(),
			"::error file=examples/sortie/x.sortie,line=1,col=9,endLine=1,endColumn=22,title=internal error::internal error: index out of range\n"},
		{"clean: nothing", &Report{Path: "a.sortie", Game: "sortie", Replayed: true}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := (Output{Format: FormatGitHub}).WriteReports(&b, []*Report{tt.report}); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("got\n%q\nwant\n%q", b.String(), tt.want)
			}
			// Every line is a command of its own: escaping left no line
			// end inside one.
			for _, line := range strings.SplitAfter(b.String(), "\n") {
				if line != "" && (!strings.HasPrefix(line, "::error ") && !strings.HasPrefix(line, "::notice ") || strings.Count(line, "\n") != 1) {
					t.Errorf("not one command: %q", line)
				}
			}
		})
	}
}

func TestGitHubGolden(t *testing.T) {
	var b bytes.Buffer
	if err := (Output{Format: FormatGitHub}).WriteGolden(&b, goldenResults()); err != nil {
		t.Fatal(err)
	}
	want := "::error file=examples/sortie/b.sortie,title=golden mismatch::the report differs from golden/sortie/b.golden%0A--- golden/sortie/b.golden%0A+++ report of examples/sortie/b.sortie%0A@@ -1 +1 @@%0A-illegal 1%0A+illegal 0%0A\n" +
		"::error file=examples/void/c.void,title=golden missing::no golden file golden/void/c.golden (run: referee golden --update)\n" +
		"::error file=golden/void/d.golden,title=golden stale::no transcript has the golden file golden/void/d.golden\n" +
		"::notice file=golden/mod/e.golden,title=golden updated::updated golden/mod/e.golden\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// goldenResults has a comparison of every status.
func goldenResults() []GoldenResult {
	return []GoldenResult{
		{Transcript: "examples/sortie/a.sortie", Golden: "golden/sortie/a.golden", Status: GoldenOK},
		{Transcript: "examples/sortie/b.sortie", Golden: "golden/sortie/b.golden", Status: GoldenMismatch,
			Diff: "--- golden/sortie/b.golden\n+++ report of examples/sortie/b.sortie\n@@ -1 +1 @@\n-illegal 1\n+illegal 0\n"},
		{Transcript: "examples/void/c.void", Golden: "golden/void/c.golden", Status: GoldenMissing},
		{Golden: "golden/void/d.golden", Status: GoldenStale},
		{Transcript: "examples/mod/e.mod", Golden: "golden/mod/e.golden", Status: GoldenUpdated},
	}
}

// The text format is what check always wrote: each report as WriteReport
// writes it, a blank line between them; and the golden command's lines.
func TestTextFormatUnchanged(t *testing.T) {
	reports := []*Report{
		CheckFile(filepath.Join(repo, "examples/sortie/illegal-moves-twice.sortie"), Options{}),
		CheckFile(filepath.Join(repo, "examples/sortie/ann-wins.sortie"), Options{}),
	}
	var got, want bytes.Buffer
	if err := (Output{}).WriteReports(&got, reports); err != nil {
		t.Fatal(err)
	}
	want.WriteString(ReportText(reports[0]) + "\n" + ReportText(reports[1]))
	if got.String() != want.String() {
		t.Errorf("text format:\n%s\nwant:\n%s", got.String(), want.String())
	}

	got.Reset()
	if err := (Output{Format: FormatText}).WriteGolden(&got, goldenResults()); err != nil {
		t.Fatal(err)
	}
	wantGolden := "examples/sortie/b.sortie: mismatch: the report differs from golden/sortie/b.golden\n" + goldenResults()[1].Diff +
		"examples/void/c.void: missing: no golden file golden/void/c.golden (run: referee golden --update)\n" +
		"golden/void/d.golden: stale: no transcript has this golden file\n" +
		"golden/mod/e.golden: updated\n" +
		"golden: 1 ok, 1 updated, 1 mismatched, 1 missing, 1 stale\n"
	if got.String() != wantGolden {
		t.Errorf("golden text:\n%s\nwant:\n%s", got.String(), wantGolden)
	}
}

// Colour is for people: only the text format has it, even when the
// palette is on.
func TestColourOnlyInText(t *testing.T) {
	reports := []*Report{CheckFile(filepath.Join(repo, "examples/sortie/illegal-moves-twice.sortie"), Options{})}
	for _, f := range Formats {
		t.Run(string(f), func(t *testing.T) {
			out := Output{Format: f, Palette: NewPalette(true)}
			var b bytes.Buffer
			if err := out.WriteReports(&b, reports); err != nil {
				t.Fatal(err)
			}
			if err := out.WriteGolden(&b, goldenResults()); err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(b.String(), "\x1b["); got != (f == FormatText) {
				t.Errorf("colour %v in %s", got, f)
			}
		})
	}
}

// --max-diagnostics cuts every format alike, and the exit status stays
// that of the whole report.
func TestMaxDiagnosticsInEveryFormat(t *testing.T) {
	// An internal error past the limit still makes the exit status 3.
	r := CheckFile(filepath.Join(repo, "examples/sortie/syntax-errors.sortie"), Options{})
	r.Diagnostics = append(r.Diagnostics, Diagnostic{Internal, notation.Span{}, "internal error: late"})
	var b bytes.Buffer
	if err := (Output{Format: FormatJSON, MaxDiagnostics: 2}).WriteReports(&b, []*Report{r}); err != nil {
		t.Fatal(err)
	}
	var doc jsonCheck
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	got := doc.Reports[0]
	if len(got.Diagnostics) != 3 || got.Diagnostics[2].Severity != "note" || !strings.Contains(got.Diagnostics[2].Message, "4 diagnostics more not shown") {
		t.Errorf("diagnostics: %+v", got.Diagnostics)
	}
	if got.ExitCode != 3 || doc.ExitCode != 3 {
		t.Errorf("exit codes %d and %d, want 3", got.ExitCode, doc.ExitCode)
	}
	for _, f := range []Format{FormatGitHub, FormatSARIF, FormatJUnit} {
		b.Reset()
		if err := (Output{Format: f, MaxDiagnostics: 2}).WriteReports(&b, []*Report{r}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "4 diagnostics more not shown") || strings.Contains(b.String(), "internal error: late") {
			t.Errorf("%s does not cut at 2 diagnostics:\n%s", f, b.String())
		}
	}
}

func TestJUnitCases(t *testing.T) {
	tests := []struct {
		name             string
		report           *Report
		element, kind    string // failure, error or "" for a pass
		message, notBody string
	}{
		{"clean", CheckFile(filepath.Join(repo, "examples/sortie/ann-wins.sortie"), Options{}), "", "", "", ""},
		{"illegal", CheckFile(filepath.Join(repo, "examples/sortie/illegal-moves-twice.sortie"), Options{}),
			"failure", "illegal move", "illegal-moves-twice.sortie:10:25: the unit on a3 has already moved this turn", ""},
		{"mismatch", CheckFile(filepath.Join(repo, "examples/void/illegal-wrong-result.void"), Options{}),
			"failure", "result mismatch", `illegal-wrong-result.void:21:1: the recorded result "Ann wins" disagrees`, ""},
		{"syntax", CheckFile(filepath.Join(repo, "examples/sortie/syntax-errors.sortie"), Options{}),
			"error", "syntax error", `syntax-errors.sortie:9:27: expected "/"`, ""},
		{"unreadable", CheckFile("nowhere.sortie", Options{}), "error", "syntax error", "nowhere.sortie: open nowhere.sortie", ""},
		{"internal", internalReport(), "error", "internal error", "x.sortie:1:9: internal error: index out of range", ""},
		{"characters XML cannot hold", oddReport(), "failure", "illegal move", `\x1b[31mred`, "\x00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := (Output{Format: FormatJUnit}).WriteReports(&b, []*Report{tt.report}); err != nil {
				t.Fatal(err)
			}
			var doc junitSuites
			if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
				t.Fatalf("not XML: %v\n%s", err, b.String())
			}
			if len(doc.Suites) != 1 || len(doc.Suites[0].Cases) != 1 {
				t.Fatalf("want one suite of one case:\n%s", b.String())
			}
			tc := doc.Suites[0].Cases[0]
			if tc.Name != xmlSafe(tt.report.Path) || tc.Classname != tt.report.Game || doc.Suites[0].Name != tt.report.Game {
				t.Errorf("case %q of class %q in suite %q", tc.Name, tc.Classname, doc.Suites[0].Name)
			}
			var res *junitResult
			switch tt.element {
			case "":
				if tc.Failure != nil || tc.Error != nil || tc.SystemOut == nil || tc.SystemOut.Body != xmlSafe(ReportText(tt.report)) {
					t.Errorf("a clean transcript is not a pass with its report in system-out:\n%s", b.String())
				}
				return
			case "failure":
				res = tc.Failure
				if tc.Error != nil {
					t.Error("a failure is also an error")
				}
			case "error":
				res = tc.Error
				if tc.Failure != nil {
					t.Error("an error is also a failure")
				}
			}
			if res == nil {
				t.Fatalf("no %s:\n%s", tt.element, b.String())
			}
			if res.Type != tt.kind || !strings.Contains(res.Message, tt.message) {
				t.Errorf("%s type %q message %q; want %q containing %q", tt.element, res.Type, res.Message, tt.kind, tt.message)
			}
			if res.Body != xmlSafe(ReportText(tt.report)) {
				t.Errorf("the body is not the text report:\n%s", res.Body)
			}
			if tt.notBody != "" && strings.Contains(b.String(), tt.notBody) {
				t.Errorf("the output holds %q", tt.notBody)
			}
		})
	}
}

func TestXMLSafe(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain <text> & \"quotes\"", "plain <text> & \"quotes\""},
		{"tab\tline\nend\r", "tab\tline\nend\r"},
		{"nul \x00 esc \x1b", `nul \x00 esc \x1b`},
		{"noncharacters \uFFFE \uFFFF", `noncharacters \ufffe \uffff`},
		{"bad \xff utf-8", "bad \uFFFD utf-8"},
		{"astral 🂡", "astral 🂡"},
	}
	for _, tt := range tests {
		if got := xmlSafe(tt.in); got != tt.want {
			t.Errorf("xmlSafe(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSARIFURI(t *testing.T) {
	tests := []struct{ path, want string }{
		{"examples/sortie/a.sortie", "examples/sortie/a.sortie"},
		{"odd dir/50%, a:b.sortie", "odd%20dir/50%25,%20a:b.sortie"},
		{"a:b.sortie", "./a:b.sortie"}, // not a URI scheme
		{"/abs/x y.sortie", "file:///abs/x%20y.sortie"},
	}
	for _, tt := range tests {
		if got := sarifURI(tt.path); got != tt.want {
			t.Errorf("sarifURI(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

// TestCaretsInDisplayCells: the carets under a line stand under the
// characters they point at on a terminal: a wide character takes two
// cells, a combining mark none, and a tab is repeated as a tab.
func TestCaretsInDisplayCells(t *testing.T) {
	tests := []struct {
		name, line string
		col, end   int // the span, in characters, 1-based
		want       string
	}{
		{"ascii", "1. Ann: plcae a1", 9, 14, "        ^^^^^"},
		{"wide characters before", "{東京} plcae", 6, 11, "       ^^^^^"},
		{"wide characters under", "x 東京 y", 3, 5, "  ^^^^"},
		{"a combining mark before", "{e\u0301} plcae", 6, 11, "    ^^^^^"},
		{"a tab before", "\tplcae", 2, 7, "\t^^^^^"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.line + "\n"
			offset := len(string([]rune(tt.line)[:tt.col-1]))
			d := Diagnostic{Error, notation.Span{
				Start: lexer.Position{Offset: offset, Line: 1, Column: tt.col},
				End:   lexer.Position{Offset: len(string([]rune(tt.line)[:tt.end-1])), Line: 1, Column: tt.end},
			}, "expected a move"}
			var b strings.Builder
			WriteDiagnostic(&b, "x.sortie", src, d, Palette{})
			lines := strings.Split(b.String(), "\n")
			if len(lines) < 3 {
				t.Fatalf("no excerpt:\n%s", b.String())
			}
			if got := strings.TrimPrefix(lines[2], "      | "); got != tt.want {
				t.Errorf("carets %q, want %q\n%s", got, tt.want, b.String())
			}
		})
	}
}

// The summary's names line up by characters, as fmt pads them, whatever
// the state rows' names are written in: a row named in letters beyond
// ASCII widens the column by its bytes, and is padded by its characters.
func TestSummaryRowsLineUp(t *testing.T) {
	for _, rows := range [][]Row{
		nil,
		{{Name: "board", Value: "a1 b2"}},
		{{Name: "a name longer than nine", Value: "x"}, {Name: "hand", Value: "y"}},
		{{Name: "Åsa's hand", Value: "7H"}, {Name: "Zoë", Value: "\x01"}},
	} {
		r := &Report{Path: "t.sortie", Game: "sortie", Players: []string{"Ann", "Ben"}, Replayed: true, Result: "Ann wins", State: rows}
		var got strings.Builder
		WriteReport(&got, r, Palette{})
		width := 9
		for _, st := range rows {
			width = max(width, len(st.Name))
		}
		for _, st := range rows {
			if want := fmt.Sprintf("  %-*s %s\n", width, st.Name, escapeControls(st.Value)); !strings.Contains(got.String(), want) {
				t.Errorf("rows %q: the report\n%s\nhas no line %q", rows, got.String(), want)
			}
		}
		if want := fmt.Sprintf("  %-*s %s\n", width, "result", "Ann wins"); !strings.Contains(got.String(), want) {
			t.Errorf("rows %q: the report\n%s\nhas no line %q", rows, got.String(), want)
		}
	}
}
