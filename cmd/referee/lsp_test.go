package main

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-referee/referee/referee/lsp/lsptest"
)

// lspChild, set in the environment, makes TestLSPServerProcess the
// server: the test binary run again as `referee lsp`, so that the
// command is not built a second time.
const lspChild = "REFEREE_TEST_LSP_CHILD"

// TestLSPServerProcess is `referee lsp` in a process of its own, when
// TestLSPEndToEnd starts it.
func TestLSPServerProcess(t *testing.T) {
	if os.Getenv(lspChild) == "" {
		t.Skip("the server process of TestLSPEndToEnd")
	}
	os.Exit(run([]string{"lsp"}, os.Stdout, os.Stderr, os.Getenv, false))
}

// TestLSPEndToEnd speaks to `referee lsp` as an editor does, on its
// standard input and output: it opens a transcript with an illegal move,
// fixes it, asks for the legal moves at the end of a turn, a hover and
// the canonical layout, and shuts the server down.
func TestLSPEndToEnd(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(os.Args[0], "-test.run=^TestLSPServerProcess$")
	cmd.Env = append(os.Environ(), lspChild+"=1", "XDG_CACHE_HOME="+t.TempDir())
	toServer, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	fromServer, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// A guard against a hang, not a measure: the server is killed, and
	// every wait below gives up, well within the test's time.
	guard := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	defer guard.Stop()
	defer cmd.Process.Kill()
	c := lsptest.NewClient(fromServer, toServer, 10*time.Second)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%v\nthe server's stderr: %s", err, stderr.String())
		}
	}

	var init struct {
		Capabilities map[string]any
		ServerInfo   struct{ Name string }
	}
	must(c.Call("initialize", map[string]any{"processId": os.Getpid(), "capabilities": map[string]any{}}, &init))
	for _, cap := range []string{"textDocumentSync", "completionProvider", "hoverProvider", "documentFormattingProvider", "definitionProvider", "documentSymbolProvider"} {
		if init.Capabilities[cap] == nil {
			t.Errorf("the server does not offer %s: %v", cap, init.Capabilities)
		}
	}
	must(c.Notify("initialized", map[string]any{}))

	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "sortie", "illegal-moves-twice.sortie"))
	must(err)
	text := string(data)
	path, err := filepath.Abs(filepath.Join("..", "..", "examples", "sortie", "illegal-moves-twice.sortie"))
	must(err)
	uri := (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
	type position struct{ Line, Character int }
	type rng struct{ Start, End position }
	type published struct {
		URI         string
		Diagnostics []struct {
			Range    rng
			Severity int
			Code     string
			Message  string
		}
	}
	doc := map[string]any{"uri": uri}

	must(c.Notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "sortie", "version": 1, "text": text}}))
	var p published
	must(c.Wait("textDocument/publishDiagnostics", &p))
	// check: illegal-moves-twice.sortie:10:25: illegal: the unit on a3 has already moved this turn (rule: ...)
	if len(p.Diagnostics) != 1 || p.URI != uri {
		t.Fatalf("diagnostics on open: %+v", p)
	}
	d := p.Diagnostics[0]
	if d.Range.Start != (position{9, 24}) || d.Severity != 1 || !strings.HasPrefix(d.Message, "the unit on a3 has already moved this turn") || !strings.HasPrefix(d.Code, "rule: each unit can move once") {
		t.Errorf("the illegal move: %+v, want it at 10:25 as check gives it", d)
	}

	fixed := strings.Replace(text, ", a3-a4", "", 1)
	must(c.Notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []any{map[string]any{"text": fixed}}}))
	must(c.Wait("textDocument/publishDiagnostics", &p))
	if len(p.Diagnostics) != 0 {
		t.Errorf("diagnostics once fixed: %+v", p.Diagnostics)
	}

	// At the end of turn 3, "3. Ann: draw QC, a2-a3": the moves open
	// after draw QC, the one written among them.
	var items []struct {
		Label    string
		TextEdit struct {
			Range   rng
			NewText string
		}
	}
	must(c.Call("textDocument/completion", map[string]any{"textDocument": doc, "position": position{9, len("3. Ann: draw QC, a2-a3")}}, &items))
	var labels []string
	for _, it := range items {
		labels = append(labels, it.Label)
	}
	for _, want := range []string{"a2-a3", "a2-b2", "place 5H/2S a1"} {
		if !slices.Contains(labels, want) {
			t.Errorf("completion at the end of turn 3: no %q in %q", want, labels)
		}
	}
	if i := slices.Index(labels, "a2-a3"); i >= 0 && items[i].TextEdit.Range != (rng{position{9, 17}, position{9, 22}}) {
		t.Errorf("the completion a2-a3 replaces %+v, want the move typed", items[i].TextEdit.Range)
	}

	var hover struct {
		Contents struct{ Kind, Value string }
		Range    rng
	}
	must(c.Call("textDocument/hover", map[string]any{"textDocument": doc, "position": position{9, 18}}, &hover))
	for _, want := range []string{"3. Ann: a2-a3", "| A 9C/KD   |"} {
		if !strings.Contains(hover.Contents.Value, want) {
			t.Errorf("hover on a2-a3: no %q in\n%s", want, hover.Contents.Value)
		}
	}

	messy := strings.Replace(fixed, "1. Ann: draw 7H, place", "1.Ann:draw 7H ,place", 1)
	must(c.Notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 3}, "contentChanges": []any{map[string]any{"text": messy}}}))
	must(c.Wait("textDocument/publishDiagnostics", &p))
	var edits []struct {
		Range   rng
		NewText string
	}
	must(c.Call("textDocument/formatting", map[string]any{"textDocument": doc, "options": map[string]any{"tabSize": 4, "insertSpaces": true}}, &edits))
	if len(edits) != 1 || edits[0].NewText != fixed {
		t.Errorf("formatting: %+v, want the canonical layout:\n%s", edits, fixed)
	}

	must(c.Call("shutdown", nil, nil))
	must(c.Notify("exit", nil))
	must(c.Closed())
	if err := cmd.Wait(); err != nil {
		t.Errorf("the server's exit after shutdown and exit: %v\n%s", err, stderr.String())
	}
}
