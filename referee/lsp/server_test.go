package lsp

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/tabletop-referee/referee/referee"
	_ "github.com/tabletop-referee/referee/referee/games/all" // every game, registered
	"github.com/tabletop-referee/referee/referee/lsp/lsptest"
)

// session is a server running in the test's process, and an editor's
// side of it.
type session struct {
	t      *testing.T
	client *lsptest.Client
	server *Server
}

// start runs a server on pipes and initializes it; the session is shut
// down and exited at the end of the test.
func start(t *testing.T) *session {
	t.Helper()
	toServer, fromEditor := io.Pipe()
	toEditor, fromServer := io.Pipe()
	s := NewServer()
	s.cacheDir = t.TempDir()
	clean := make(chan bool, 1)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		clean <- s.Serve(ctx, toServer, fromServer)
		fromServer.Close()
	}()
	// A guard against a hang, not a measure.
	c := lsptest.NewClient(toEditor, fromEditor, 10*time.Second)
	t.Cleanup(func() {
		defer cancel()
		if err := c.Call("shutdown", nil, nil); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		if err := c.Notify("exit", nil); err != nil {
			t.Errorf("exit: %v", err)
		}
		if err := c.Closed(); err != nil {
			t.Error(err)
		}
		if !<-clean {
			t.Error("an exit after a shutdown did not end the session cleanly")
		}
	})
	var init protocol.InitializeResult
	if err := c.Call("initialize", protocol.InitializeParams{}, &init); err != nil {
		t.Fatal(err)
	}
	if err := c.Notify("initialized", struct{}{}); err != nil {
		t.Fatal(err)
	}
	return &session{t: t, client: c, server: s}
}

// open opens a document and gives the diagnostics published for it.
func (s *session) open(uri, text string) []diagnosticSent {
	s.t.Helper()
	if err := s.client.Notify("textDocument/didOpen", protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, Text: text, Version: 1}}); err != nil {
		s.t.Fatal(err)
	}
	return s.diagnostics(uri)
}

// change replaces a document's text and gives the diagnostics published.
func (s *session) change(uri, text string) []diagnosticSent {
	s.t.Helper()
	params := map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []any{map[string]any{"text": text}}}
	if err := s.client.Notify("textDocument/didChange", params); err != nil {
		s.t.Fatal(err)
	}
	return s.diagnostics(uri)
}

// diagnosticSent is a diagnostic as the server sent it. (The protocol
// package's own type cannot decode a code.)
type diagnosticSent struct {
	Range    protocol.Range
	Severity protocol.DiagnosticSeverity
	Code     any
	Source   string
	Message  string
}

func (s *session) diagnostics(uri string) []diagnosticSent {
	s.t.Helper()
	var p struct {
		URI         string
		Diagnostics []diagnosticSent
	}
	if err := s.client.Wait("textDocument/publishDiagnostics", &p); err != nil {
		s.t.Fatal(err)
	}
	if p.URI != uri {
		s.t.Fatalf("diagnostics for %s, want %s", p.URI, uri)
	}
	return p.Diagnostics
}

// at is a request's document and position.
func at(uri string, line, char int) protocol.TextDocumentPositionParams {
	return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(char)}}
}

func example(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", path))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The illegal move of examples/sortie/illegal-moves-twice.sortie, at 10:25.
const twice = "examples/sortie/illegal-moves-twice.sortie"

func TestDiagnosticsAsCheckGivesThem(t *testing.T) {
	t.Parallel()
	s := start(t)
	text := example(t, twice)
	uri := pathURI(filepath.Join(t.TempDir(), "twice.sortie"))
	got := s.open(uri, text)
	if len(got) != 1 {
		t.Fatalf("diagnostics %+v, want the illegal move", got)
	}
	d := got[0]
	want := protocol.Range{Start: protocol.Position{Line: 9, Character: 24}, End: protocol.Position{Line: 9, Character: 29}}
	if d.Range != want || d.Severity != protocol.DiagnosticSeverityError || !strings.HasPrefix(d.Message, "the unit on a3 has already moved this turn (rule: ") {
		t.Errorf("diagnostic %+v at %+v, want the illegal move at %+v", d, d.Range, want)
	}
	if code, _ := d.Code.(string); code != `rule: each unit can move once to an adjacent square, and/or attack an adjacent opposing unit if present.` {
		t.Errorf("code %q, want the rule quoted", code)
	}
	if got := s.change(uri, strings.Replace(text, ", a3-a4", "", 1)); len(got) != 0 {
		t.Errorf("diagnostics after the fix: %+v", got)
	}
}

// TestColumnsCountUTF16 puts characters of one, two and four bytes before
// the illegal move: the protocol counts columns in UTF-16 units, which
// neither bytes nor runes are.
func TestColumnsCountUTF16(t *testing.T) {
	t.Parallel()
	s := start(t)
	tests := []struct {
		name, comment string
		char          int
	}{
		{"ascii", "{ab}", 24 + 5},
		{"two bytes", "{éé}", 24 + 5},
		{"astral", "{🂡🂡}", 24 + 7}, // each card is two units, and one rune
	}
	for i, tt := range tests {
		text := strings.Replace(example(t, twice), "3. Ann: draw QC", "3. Ann: "+tt.comment+" draw QC", 1)
		uri := pathURI(filepath.Join(t.TempDir(), strings.Repeat("x", i+1)+".sortie"))
		got := s.open(uri, text)
		if len(got) != 1 || got[0].Range.Start != (protocol.Position{Line: 9, Character: protocol.UInteger(tt.char)}) {
			t.Errorf("%s: diagnostics %+v, want one at 9:%d", tt.name, got, tt.char)
			continue
		}
		// Back from the editor's position to the move: a hover there is on it.
		var h protocol.Hover
		pos := at(uri, 9, tt.char-5)
		if err := s.client.Call("textDocument/hover", protocol.HoverParams{TextDocumentPositionParams: pos}, &h); err != nil {
			t.Fatal(err)
		}
		if h.Range == nil || h.Range.Start.Character != protocol.UInteger(tt.char-7) {
			t.Errorf("%s: hover at %+v: %+v, want the move a2-a3 before the illegal one", tt.name, pos.Position, h.Range)
		}
	}
}

func TestPositionsRoundTrip(t *testing.T) {
	t.Parallel()
	doc := newDocument("", "", "ab\r\né🂡x\n\nlast")
	tests := []struct {
		offset int
		pos    protocol.Position
	}{
		{0, protocol.Position{Line: 0, Character: 0}},
		{2, protocol.Position{Line: 0, Character: 2}},
		{4, protocol.Position{Line: 1, Character: 0}},
		{6, protocol.Position{Line: 1, Character: 1}},  // after é, two bytes
		{10, protocol.Position{Line: 1, Character: 3}}, // after the card, four bytes and two units
		{13, protocol.Position{Line: 3, Character: 0}},
		{17, protocol.Position{Line: 3, Character: 4}},
	}
	for _, tt := range tests {
		if got := doc.position(tt.offset); got != tt.pos {
			t.Errorf("position(%d) = %+v, want %+v", tt.offset, got, tt.pos)
		}
		if got := doc.offset(tt.pos); got != tt.offset {
			t.Errorf("offset(%+v) = %d, want %d", tt.pos, got, tt.offset)
		}
	}
	// Past the end of a line, or of the text: at the end.
	if got := doc.offset(protocol.Position{Line: 0, Character: 99}); got != 3 {
		t.Errorf("a column past the line's end: offset %d, want 3 (before the line end)", got)
	}
	if got := doc.offset(protocol.Position{Line: 9, Character: 0}); got != len(doc.text) {
		t.Errorf("a line past the end: offset %d, want %d", got, len(doc.text))
	}
}

func TestMaskedBlanksComments(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"a, b ; c, d\ne", "a, b       \ne"},
		{"a {x,\ny} b", "a    \n   b"},
		{`"a;{b" c`, `"a;{b" c`},
		{"a {open", "a      "},
	}
	for _, tt := range tests {
		if got := masked(tt.in); got != tt.want {
			t.Errorf("masked(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func labels(items []protocol.CompletionItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return out
}

func TestCompletion(t *testing.T) {
	t.Parallel()
	s := start(t)
	text := strings.Replace(example(t, twice), ", a3-a4", "", 1)
	uri := pathURI(filepath.Join(t.TempDir(), "twice.sortie"))
	s.open(uri, text)
	tests := []struct {
		name      string
		text      string
		line, col int
		want      []string
		not       []string
	}{
		// After draw QC: the moves of the unit on a2 are open.
		{"in a turn", text, 9, 22, []string{"a2-a3", "place 5H/2S a1", "draw", "place"}, []string{"a3-a4"}},
		// After a2-a3, a unit has moved: it cannot again.
		{"after a comma", strings.Replace(text, "a2-a3", "a2-a3, ", 1), 9, 30, []string{"place 5H/2S a1"}, []string{"a3-a4", "a2-a3"}},
		{"a new line", text + "\n", 10, 0, []string{"result: draw", "result: Ann wins"}, nil},
		{"a tag name", "[Ga\n" + text, 0, 3, []string{"Game", "Players", "Variant"}, nil},
		{"in a comment", strings.Replace(text, "a2-a3", "a2-a3 { b", 1) + "}", 9, 28, nil, []string{"place 5H/2S a1", "draw", "result: draw"}},
		{"a tag value", `[Game "` + "\n" + text, 0, 7, []string{"sortie", "mecha"}, nil},
	}
	for _, tt := range tests {
		s.change(uri, tt.text)
		var items []protocol.CompletionItem
		if err := s.client.Call("textDocument/completion", protocol.CompletionParams{TextDocumentPositionParams: at(uri, tt.line, tt.col)}, &items); err != nil {
			t.Fatal(err)
		}
		got := labels(items)
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: no %q in %q", tt.name, w, got)
			}
		}
		for _, w := range tt.not {
			if slices.Contains(got, w) {
				t.Errorf("%s: %q offered", tt.name, w)
			}
		}
	}
}

func TestHoverDefinitionOfACard(t *testing.T) {
	t.Parallel()
	s := start(t)
	text := example(t, "examples/mecha/illegal-haste.mecha")
	uri := pathURI(filepath.Join(t.TempDir(), "haste.mecha"))
	s.open(uri, text)
	// "1. Ann: draw "Radio Tower", play "Radio Tower" a1, ..., play Scout d1"
	line := 10
	col := strings.Index(strings.Split(text, "\n")[line], "Scout") + 2
	var h protocol.Hover
	if err := s.client.Call("textDocument/hover", protocol.HoverParams{TextDocumentPositionParams: at(uri, line, col)}, &h); err != nil {
		t.Fatal(err)
	}
	value := h.Contents.(protocol.MarkupContent).Value
	for _, want := range []string{"**Scout** (mecha)", "1. Ann: play Scout d1", "in turn 1; the state after it"} {
		if !strings.Contains(value, want) {
			t.Errorf("hover on Scout: no %q in\n%s", want, value)
		}
	}
	var loc protocol.Location
	if err := s.client.Call("textDocument/definition", protocol.DefinitionParams{TextDocumentPositionParams: at(uri, line, col)}, &loc); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(s.server.cacheDir, "mecha.cards")
	if loc.URI != pathURI(file) || loc.Range.Start != (protocol.Position{Line: 11, Character: 8}) {
		t.Errorf("definition of Scout: %+v, want %s at 12:9", loc, file)
	}
	if data, err := os.ReadFile(file); err != nil || !strings.Contains(string(data), "mecha   Scout") {
		t.Errorf("the default catalogue written for the editor: %v\n%s", err, data)
	}
}

// TestDefinitionInACatalogueOpen follows a Catalogue tag to a catalogue
// the editor has open and has not saved: the editor's text is what
// counts.
func TestDefinitionInACatalogueOpen(t *testing.T) {
	t.Parallel()
	s := start(t)
	dir := t.TempDir()
	cards := example(t, "examples/daemon/dig.cards")
	catURI := pathURI(filepath.Join(dir, "dig.cards"))
	if got := s.open(catURI, "\n\n"+cards); len(got) != 0 {
		t.Fatalf("the catalogue: %+v", got)
	}
	text := "[Game \"daemon\"]\n[Players \"Ann\" \"Ben\"]\n[Catalogue \"dig.cards\"]\n\nAnn: draft Quarry\n"
	uri := pathURI(filepath.Join(dir, "t.daemon"))
	s.open(uri, text)
	var loc protocol.Location
	if err := s.client.Call("textDocument/definition", protocol.DefinitionParams{TextDocumentPositionParams: at(uri, 4, 13)}, &loc); err != nil {
		t.Fatal(err)
	}
	// Quarry is on line 11 of the file, 13 of the editor's text.
	if loc.URI != catURI || loc.Range.Start.Line != 12 {
		t.Errorf("definition of Quarry: %+v, want %s on line 13", loc, catURI)
	}
	// A change to the catalogue checks the transcript again with it.
	if got := s.change(catURI, strings.Replace(cards, "Quarry", "Pit", -1)); len(got) != 0 {
		t.Fatalf("the catalogue changed: %+v", got)
	}
	if got := s.diagnostics(uri); len(got) == 0 || !strings.Contains(got[0].Message, "Quarry") {
		t.Errorf("the transcript once its catalogue has no Quarry: %+v", got)
	}
}

func TestFormattingAndSymbols(t *testing.T) {
	t.Parallel()
	s := start(t)
	text := strings.ReplaceAll(strings.Replace(example(t, twice), ", a3-a4", "", 1), ", ", " ,  ")
	uri := pathURI(filepath.Join(t.TempDir(), "messy.sortie"))
	s.open(uri, text)
	var edits []protocol.TextEdit
	if err := s.client.Call("textDocument/formatting", protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &edits); err != nil {
		t.Fatal(err)
	}
	g, _ := referee.Lookup("sortie")
	want, _ := g.Format("messy.sortie", text)
	if len(edits) != 1 || edits[0].NewText != want || edits[0].Range.Start != (protocol.Position{}) || edits[0].Range.End.Line != 10 {
		t.Errorf("formatting: %+v, want the whole text as fmt writes it", edits)
	}
	var symbols []protocol.DocumentSymbol
	if err := s.client.Call("textDocument/documentSymbol", protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &symbols); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, sym := range symbols {
		names = append(names, sym.Name)
	}
	if !slices.Equal(names, []string{"Ann: set-up", "Ben: set-up", "1. Ann", "2. Ben", "3. Ann"}) || symbols[4].Range.Start.Line != 9 {
		t.Errorf("symbols %q", names)
	}
}

// TestUnsavedDocumentTakesTheEditorsLanguage opens a document that has no
// file yet, and no Game tag: the language the editor gives it tells the
// game.
func TestUnsavedDocumentTakesTheEditorsLanguage(t *testing.T) {
	t.Parallel()
	s := start(t)
	text := strings.Replace(example(t, twice), "[Game \"sortie\"]\n", "", 1)
	uri := "untitled:Untitled-1"
	if err := s.client.Notify("textDocument/didOpen", protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "sortie", Text: text, Version: 1}}); err != nil {
		t.Fatal(err)
	}
	got := s.diagnostics(uri)
	if len(got) != 1 || got[0].Range.Start.Line != 8 || !strings.HasPrefix(got[0].Message, "the unit on a3 has already moved") {
		t.Errorf("diagnostics %+v, want the illegal move", got)
	}
}

func TestWordAt(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 30000)
	tests := []struct {
		text   string
		offset int
		want   string
	}{
		{`play Scout d1`, 7, "Scout"},
		{`play Scout d1`, 5, "Scout"},
		{`play Scout d1`, 10, "Scout"},
		{`draw "Radio Tower", x`, 9, "Radio Tower"},
		{`draw "Radio Tower", x`, 5, "Radio Tower"},
		{"a\nZoë's b", 4, "Zoë's"},
		{"x " + long, 2 + len(long), long},
	}
	for _, tt := range tests {
		if got, from, to := wordAt(tt.text, tt.offset); got != tt.want || tt.text[from:to] != strings.Trim(tt.text[from:to], " ") {
			t.Errorf("wordAt(%.20q, %d) = %.20q at %d-%d, want %.20q", tt.text, tt.offset, got, from, to, tt.want)
		}
	}
}

// TestFaultFailsTheRequestOnly makes a request fault: the editor gets an
// error for it, and the server answers the next one.
func TestFaultFailsTheRequestOnly(t *testing.T) {
	t.Parallel()
	s := start(t)
	s.server.handler.TextDocumentHover = func(*glsp.Context, *protocol.HoverParams) (*protocol.Hover, error) { panic("a fault") }
	uri := pathURI(filepath.Join(t.TempDir(), "t.sortie"))
	s.open(uri, example(t, twice))
	err := s.client.Call("textDocument/hover", protocol.HoverParams{TextDocumentPositionParams: at(uri, 9, 18)}, nil)
	if err == nil || !strings.Contains(err.Error(), "internal error: textDocument/hover: a fault") {
		t.Errorf("a faulty hover: %v", err)
	}
	var edits []protocol.TextEdit
	if err := s.client.Call("textDocument/formatting", protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &edits); err != nil {
		t.Errorf("the request after the fault: %v", err)
	}
}

// TestTooManyDiagnosticsAreCounted opens a file of more errors than are
// kept: the rest are counted in a last note.
func TestTooManyDiagnosticsAreCounted(t *testing.T) {
	t.Parallel()
	s := start(t)
	text := "[Game \"sortie\"]\n" + strings.Repeat("@\n", 150)
	got := s.open(pathURI(filepath.Join(t.TempDir(), "bad.sortie")), text)
	if len(got) != 101 || got[100].Message != "50 more diagnostics not shown: fix the first ones" || got[100].Range.Start.Line != 100 {
		t.Errorf("%d diagnostics, the last %+v", len(got), got[len(got)-1])
	}
}

// A catalogue the editor does not hold is read from the disk as check
// reads it: a link that leads out of the transcript's folder is refused,
// and what the file outside holds is never shown.
func TestCatalogueOnDiskIsConfined(t *testing.T) {
	t.Parallel()
	s := start(t)
	dir := t.TempDir()
	const secret = "TopSecretWord"
	if err := os.MkdirAll(filepath.Join(dir, "games"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "secret.cards"), []byte("[Game \"daemon\"]\n"+secret+" Ant\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../secret.cards", filepath.Join(dir, "games", "leak.cards")); err != nil {
		t.Fatal(err)
	}
	text := "[Game \"daemon\"]\n[Players \"Ann\" \"Ben\"]\n[Catalogue \"leak.cards\"]\n"
	got := s.open(pathURI(filepath.Join(dir, "games", "t.daemon")), text)
	if len(got) == 0 || !strings.Contains(got[0].Message, "a symbolic link that leads outside") {
		t.Errorf("want the link refused: %+v", got)
	}
	for _, d := range got {
		if strings.Contains(d.Message, secret) {
			t.Errorf("a diagnostic shows what the file outside holds: %s", d.Message)
		}
	}
}
