package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/tabletop-referee/referee/referee"
)

// diagnostics checks a document as check --keep-going does and gives
// what it finds as the protocol's diagnostics: the same messages at the
// same places, with the rule or ruling a message cites as its code.
func (s *Server) diagnostics(doc *document) []protocol.Diagnostic {
	s.mu.Lock()
	path, text := doc.path, doc.text
	s.mu.Unlock()
	view := &document{text: text}
	view.set(text)
	var r *referee.Report
	if filepath.Ext(path) == referee.CatalogueExt {
		g, err := referee.DetectCatalogue(text)
		if err != nil {
			return []protocol.Diagnostic{atStart(err)}
		}
		r = referee.CheckCatalogue(g, path, text)
	} else {
		g, err := referee.Detect(path, text)
		if err != nil {
			return []protocol.Diagnostic{atStart(err)}
		}
		r = g.Check(path, text, s.options())
	}
	out := []protocol.Diagnostic{}
	for _, d := range r.Diagnostics {
		out = append(out, diagnostic(view, d))
	}
	if r.Dropped > 0 {
		// A file of errors has more than an editor could list: those past
		// the first are counted, as check counts them.
		note := protocol.Diagnostic{Severity: ptr(protocol.DiagnosticSeverityInformation), Source: ptr(Name),
			Message: fmt.Sprintf("%s not shown: fix the first ones", referee.Plural(r.Dropped, "more diagnostic"))}
		if n := len(out); n > 0 {
			note.Range = out[n-1].Range
		}
		out = append(out, note)
	}
	return out
}

// atStart is an error about the whole document, at its start.
func atStart(err error) protocol.Diagnostic {
	return protocol.Diagnostic{Severity: ptr(protocol.DiagnosticSeverityError), Source: ptr(Name), Message: err.Error()}
}

func diagnostic(doc *document, d referee.Diagnostic) protocol.Diagnostic {
	out := protocol.Diagnostic{Source: ptr(Name), Message: d.Msg, Severity: ptr(severity(d.Severity))}
	if d.Span.Start.Line > 0 {
		from, to := d.Span.Start.Offset, d.Span.End.Offset
		if to <= from {
			to = wordEnd(doc.text, from)
		}
		out.Range = doc.rangeOf(from, to)
	}
	if c, ok := referee.Cites(d.Msg); ok {
		code := "ruling " + c.Ruling
		if c.Ruling == "" {
			code = "rule: " + c.Rule
		}
		out.Code = &protocol.IntegerOrString{Value: code}
	}
	return out
}

// severity is the protocol's severity of a finding: what check counts
// as an error is one, a recorded result the rules do not give a
// warning, and a note information.
func severity(s referee.Severity) protocol.DiagnosticSeverity {
	switch s {
	case referee.Note:
		return protocol.DiagnosticSeverityInformation
	case referee.Mismatch:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityError
}

// wordEnd is the end of the word at offset, for a diagnostic at a point:
// an editor underlines the word.
func wordEnd(text string, offset int) int {
	for i, r := range text[min(offset, len(text)):] {
		if unicode.IsSpace(r) || r == ',' || r == ';' {
			if i == 0 {
				return offset
			}
			return offset + i
		}
	}
	return len(text)
}

// game is the game of a transcript, or nil for a catalogue or a
// document whose game cannot be told.
func game(doc *document, text string) referee.Game {
	if filepath.Ext(doc.path) == referee.CatalogueExt {
		return nil
	}
	g, err := referee.Detect(doc.path, text)
	if err != nil {
		return nil
	}
	return g
}

// snapshot is a document's path and text at the time of a request.
func (s *Server) snapshot(uri string) (*document, bool) {
	doc := s.document(uri)
	if doc == nil {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return newDocument(doc.uri, doc.path, doc.text), true
}

func (s *Server) formatting(_ *glsp.Context, p *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	doc, ok := s.snapshot(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	g := game(doc, doc.text)
	if g == nil {
		return nil, nil
	}
	formatted, diags := g.Format(doc.path, doc.text)
	if len(diags) > 0 || formatted == doc.text {
		// A transcript with syntax errors has no canonical layout:
		// its diagnostics say why.
		return []protocol.TextEdit{}, nil
	}
	return []protocol.TextEdit{{Range: doc.rangeOf(0, len(doc.text)), NewText: formatted}}, nil
}

func (s *Server) documentSymbol(_ *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	doc, ok := s.snapshot(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	g := game(doc, doc.text)
	if g == nil {
		return []protocol.DocumentSymbol{}, nil
	}
	out := []protocol.DocumentSymbol{}
	for _, st := range referee.Outline(g, doc.path, doc.text) {
		var name string
		kind := protocol.SymbolKindEvent
		switch st.Kind {
		case referee.TurnStatement:
			name = fmt.Sprintf("%d. %s", st.Turn, st.Subject)
		case referee.SetupStatement:
			name, kind = st.Subject+": set-up", protocol.SymbolKindConstructor
		default:
			continue
		}
		detail := referee.Plural(len(st.Moves), "move")
		r := doc.rangeOf(st.Span.Start.Offset, st.Span.End.Offset)
		head := r
		if len(st.Moves) > 0 {
			head = doc.rangeOf(st.Span.Start.Offset, st.Moves[0].Start.Offset)
		}
		out = append(out, protocol.DocumentSymbol{Name: name, Detail: &detail, Kind: kind, Range: r, SelectionRange: head})
	}
	return out, nil
}

func (s *Server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	doc, ok := s.snapshot(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	g := game(doc, doc.text)
	if g == nil {
		return nil, nil
	}
	at := doc.offset(p.Position)
	var parts []string
	from, to := at, at
	if name, wf, wt := wordAt(doc.text, at); name != "" {
		if c := referee.CatalogueOf(g, doc.path, doc.text, s.options()); c != nil {
			if e, ok := c.Lookup(name); ok {
				parts = append(parts, cardText(e))
				from, to = wf, wt
			}
		}
	}
	if step, ok := moveAt(g, doc, at, s.options()); ok {
		drawing := step.Drawing().String()
		parts = append(parts, fmt.Sprintf("**%s**\n\n%s\n\n```\n%s```", step.Heading(), moveInWords(step), drawing))
		from, to = step.Span.Start.Offset, step.Span.End.Offset
	}
	if len(parts) == 0 {
		return nil, nil
	}
	r := doc.rangeOf(from, to)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: strings.Join(parts, "\n\n---\n\n")}, Range: &r}, nil
}

// moveInWords says whose move a step is and when.
func moveInWords(step referee.Step) string {
	if step.Turn == 0 {
		return fmt.Sprintf("%s's set-up move %s; the state after it:", step.Subject, step.Move)
	}
	return fmt.Sprintf("%s's move %s in turn %d; the state after it:", step.Subject, step.Move, step.Turn)
}

// moveAt is the replay's step after the move written at offset; none
// when the replay stopped before it.
func moveAt(g referee.Game, doc *document, offset int, opts referee.Options) (referee.Step, bool) {
	opts.KeepGoing = false
	rp, _ := g.Replay(doc.path, doc.text, opts)
	if rp == nil {
		return referee.Step{}, false
	}
	for _, st := range rp.Steps {
		if st.Kind == referee.MoveStep && st.Span.Start.Offset <= offset && offset <= st.Span.End.Offset && st.Span.End.Offset > st.Span.Start.Offset {
			return st, true
		}
	}
	return referee.Step{}, false
}

// cardText is a catalogue entry as a hover shows it.
func cardText(e referee.CatalogueEntry) string {
	text := fmt.Sprintf("**%s** (%s)", e.Name, e.Kind)
	if e.Text != "" {
		text += ": " + e.Text
	}
	return text
}

// wordAt is the card or player name at offset: a quoted string's text, or
// the word there, with where it is written.
func wordAt(text string, offset int) (word string, from, to int) {
	line, start := lineAt(text, offset)
	at := offset - start
	// A quoted name: the string around the offset on its line.
	inString, open := false, 0
	for i := 0; i < len(line); i++ {
		switch {
		case inString && line[i] == '\\':
			i++
		case line[i] == '"' && !inString:
			inString, open = true, i
		case line[i] == '"':
			inString = false
			if open <= at && at <= i {
				return line[open+1 : i], start + open, start + i + 1
			}
		}
	}
	isWord := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '\'' }
	from, to = at, at
	for from > 0 {
		r, size := utf8.DecodeLastRuneInString(line[:from])
		if !isWord(r) {
			break
		}
		from -= size
	}
	for _, r := range line[to:] {
		if !isWord(r) {
			break
		}
		to += len(string(r))
	}
	return line[from:to], start + from, start + to
}

func (s *Server) definition(_ *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	doc, ok := s.snapshot(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	g := game(doc, doc.text)
	if g == nil {
		return nil, nil
	}
	name, _, _ := wordAt(doc.text, doc.offset(p.Position))
	c := referee.CatalogueOf(g, doc.path, doc.text, s.options())
	if name == "" || c == nil {
		return nil, nil
	}
	e, ok := c.Lookup(name)
	if !ok {
		return nil, nil
	}
	file := c.Path
	if c.Default {
		var err error
		if file, err = s.writeDefault(c); err != nil {
			return nil, err
		}
	}
	cat := newDocument("", file, c.Source)
	return protocol.Location{URI: pathURI(file), Range: cat.rangeOf(e.Span.Start.Offset, e.Span.End.Offset)}, nil
}

// writeDefault writes a game's default catalogue, which the referee holds
// in itself, to a file in the cache folder for the editor to open, and
// gives its path.
func (s *Server) writeDefault(c *referee.Catalogue) (string, error) {
	dir := s.cacheDir
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		dir = filepath.Join(cache, "referee", "catalogues", referee.Version().String())
	}
	file := filepath.Join(dir, c.DefaultFile)
	if data, err := os.ReadFile(file); err == nil && string(data) == c.Source {
		return file, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("cannot write the default catalogue for the editor to open: %w", err)
	}
	if err := referee.WriteAtomic(file, []byte(c.Source)); err != nil {
		return "", fmt.Errorf("cannot write the default catalogue for the editor to open: %w", err)
	}
	return file, nil
}
