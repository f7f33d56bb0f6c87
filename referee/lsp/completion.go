package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/tabletop-referee/referee/referee"
)

// The heads of the statements, on text whose comments are blanked: a
// statement may run over several lines, and the line that begins it
// begins with one of these.
var (
	tagHead    = lazyRegexp(`^\s*\[`)
	resultHead = lazyRegexp(`^\s*result\s*:`)
	turnHead   = lazyRegexp(`^\s*([0-9]+)\s*\.\s*("(?:[^"\\\n]|\\.)*"|[^\s:",]+)\s*:`)
	setupHead  = lazyRegexp(`^\s*("(?:[^"\\\n]|\\.)*"|[^\s:",0-9\[][^\s:",]*)\s*:`)
	// In a tag: its name being typed, or a value.
	tagName  = lazyRegexp(`^\s*\[\s*([A-Za-z]*)$`)
	tagValue = lazyRegexp(`^\s*\[\s*([A-Za-z]+)\s+(?:"[^"]*"\s+)*("?)[^"]*$`)
)

// lazyRegexp compiles pattern at its first use, so that a process that
// runs no language server compiles none of these.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

// otherTags are tags the referee keeps without reading, which headers
// often hold.
var otherTags = []string{"Event", "Date", "Site", "Round"}

func (s *Server) completion(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	doc, ok := s.snapshot(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	g := game(doc, doc.text)
	if g == nil {
		return []protocol.CompletionItem{}, nil
	}
	return s.complete(g, doc, doc.offset(p.Position)), nil
}

// complete lists the completions at offset: in a move, the legal moves
// from the position the moves before it make, the catalogue's card names
// and the game's words; in a tag, the tag names or the tag's values; on
// a line of its own, the next turn's lines.
func (s *Server) complete(g referee.Game, doc *document, offset int) []protocol.CompletionItem {
	m := masked(doc.text)
	if offset > 0 && m[offset-1] != doc.text[offset-1] && doc.text[offset-1] != '}' {
		return nil // in a comment
	}
	line, lineStart := lineAt(m, offset)
	if strings.TrimSpace(line) == "" {
		return s.newStatement(g, doc, lineStart)
	}
	start := statementStart(m, lineStart)
	stmt := m[start:offset]
	switch {
	case tagHead().MatchString(stmt):
		return s.tagItems(g, doc, stmt)
	case resultHead().MatchString(stmt):
		return resultItems(g, doc)
	}
	head := turnHead().FindStringSubmatch(stmt)
	turn := 0
	if head != nil {
		fmt.Sscan(head[1], &turn)
	} else if head = setupHead().FindStringSubmatch(stmt); head == nil {
		return nil
	}
	subject := unquote(head[len(head)-1])
	// The move being typed begins after the last comma, or after the
	// head; the moves before it are played, and not the rest.
	cut, from := start+len(head[0]), start+len(head[0])
	if i := strings.LastIndexByte(m[cut:offset], ','); i >= 0 {
		cut += i
		from = cut + 1
	}
	for from < offset && (m[from] == ' ' || m[from] == '\t' || m[from] == '\n' || m[from] == '\r') {
		from++
	}
	var items []protocol.CompletionItem
	lm, _ := g.Legal(doc.path, doc.text[:cut]+"\n", s.options())
	if lm != nil && lm.Over == "" && lm.Ended == nil && lm.Player == subject && (turn == 0 && (lm.Setup || lm.Turn <= 1) || turn > 0 && !lm.Setup && lm.Turn == turn) {
		edit := doc.rangeOf(from, offset)
		for i, move := range lm.Moves {
			items = append(items, protocol.CompletionItem{
				Label:      move,
				Kind:       ptr(protocol.CompletionItemKindValue),
				Detail:     ptr("legal move"),
				SortText:   ptr(fmt.Sprintf("0%05d", i)),
				FilterText: ptr(move),
				TextEdit:   protocol.TextEdit{Range: edit, NewText: move},
			})
		}
	}
	return append(items, s.wordItems(g, doc)...)
}

// statementStart is where the statement holding the line at lineStart
// begins: at the nearest line, that one or one before it, that begins a
// statement.
func statementStart(m string, lineStart int) int {
	for start := lineStart; ; {
		line, _ := lineAt(m, start)
		if start == 0 || tagHead().MatchString(line) || resultHead().MatchString(line) || turnHead().MatchString(line) || setupHead().MatchString(line) {
			return start
		}
		start = strings.LastIndexByte(m[:start-1], '\n') + 1
	}
}

// unquote is a name without its quotes.
func unquote(name string) string {
	if len(name) >= 2 && name[0] == '"' {
		return strings.ReplaceAll(strings.ReplaceAll(name[1:len(name)-1], `\"`, `"`), `\\`, `\`)
	}
	return name
}

// wordItems are the catalogue's card names and the game's words.
func (s *Server) wordItems(g referee.Game, doc *document) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	if c := referee.CatalogueOf(g, doc.path, doc.text, s.options()); c != nil {
		for _, e := range c.Entries {
			name := e.Name
			if strings.ContainsAny(name, " \t\",:") {
				name = fmt.Sprintf("%q", name)
			}
			items = append(items, protocol.CompletionItem{
				Label: name, Kind: ptr(protocol.CompletionItemKindConstant), Detail: ptr(e.Kind),
				Documentation: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: cardText(e)},
				SortText:      ptr("1" + name),
			})
		}
	}
	for _, w := range referee.Words(g) {
		items = append(items, protocol.CompletionItem{Label: w, Kind: ptr(protocol.CompletionItemKindKeyword), SortText: ptr("2" + w)})
	}
	return items
}

// newStatement lists what may begin a line: the next turn's line with
// each of its legal moves once the last turn can only end, the result
// line, and before the first turn the tags.
func (s *Server) newStatement(g referee.Game, doc *document, lineStart int) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	before := doc.text[:lineStart]
	turns := false
	for _, st := range referee.Outline(g, doc.path, before) {
		turns = turns || st.Kind == referee.TurnStatement || st.Kind == referee.SetupStatement
	}
	if lm, _ := g.Legal(doc.path, before, s.options()); lm != nil && lm.Over == "" && lm.Player != "" {
		head := fmt.Sprintf("%d. %s: ", lm.Turn, quote(lm.Player))
		if lm.Setup {
			head = quote(lm.Player) + ": "
		}
		if lm.Ended != nil || lm.Setup || !turns {
			for i, move := range lm.Moves {
				items = append(items, protocol.CompletionItem{Label: head + move, Kind: ptr(protocol.CompletionItemKindValue), Detail: ptr("legal move"), SortText: ptr(fmt.Sprintf("0%05d", i))})
			}
		}
	}
	items = append(items, resultItems(g, doc)...)
	if !turns {
		for _, tag := range append(referee.ReadTags(), otherTags...) {
			items = append(items, protocol.CompletionItem{Label: "[" + tag, Kind: ptr(protocol.CompletionItemKindProperty), InsertText: ptr(fmt.Sprintf("[%s \"\"]", tag))})
		}
	}
	return items
}

// quote writes a name as the notation does: bare when it is one word
// beginning with a capital, else quoted.
func quote(name string) string {
	if regexp.MustCompile(`^\p{Lu}[\p{L}\p{N}_']*$`).MatchString(name) {
		return name
	}
	return fmt.Sprintf("%q", name)
}

// resultItems are the result lines a transcript may end with.
func resultItems(g referee.Game, doc *document) []protocol.CompletionItem {
	results := []string{"result: draw", "result: unfinished"}
	for _, p := range players(g, doc) {
		results = append(results, "result: "+quote(p)+" wins", "result: "+quote(p)+" resigns")
	}
	var items []protocol.CompletionItem
	for _, r := range results {
		items = append(items, protocol.CompletionItem{Label: r, Kind: ptr(protocol.CompletionItemKindKeyword), SortText: ptr("3" + r)})
	}
	return items
}

// players are the names the Players tag gives.
func players(g referee.Game, doc *document) []string {
	for _, st := range referee.Outline(g, doc.path, doc.text) {
		if st.Kind == referee.TagStatement && st.Subject == "Players" {
			return st.Values
		}
	}
	return nil
}

// tagItems are the tag names, or the values of the tag being written.
func (s *Server) tagItems(g referee.Game, doc *document, stmt string) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	if tagName().MatchString(stmt) {
		for _, tag := range append(referee.ReadTags(), otherTags...) {
			items = append(items, protocol.CompletionItem{Label: tag, Kind: ptr(protocol.CompletionItemKindProperty)})
		}
		return items
	}
	m := tagValue().FindStringSubmatch(stmt)
	if m == nil {
		return nil
	}
	var values []string
	switch m[1] {
	case "Game":
		for _, g := range referee.Games() {
			values = append(values, g.Name())
		}
	case "Variant":
		for _, v := range g.Variants() {
			for _, value := range v.Values {
				values = append(values, v.Name+"="+value)
			}
		}
	case "Perspective":
		values = players(g, doc)
	case "Catalogue":
		entries, _ := os.ReadDir(filepath.Dir(doc.path))
		for _, e := range entries {
			if filepath.Ext(e.Name()) == referee.CatalogueExt {
				values = append(values, e.Name())
			}
		}
	}
	for _, v := range values {
		insert := fmt.Sprintf("%q", v)
		if m[2] != "" {
			insert = v // the quote is typed
		}
		items = append(items, protocol.CompletionItem{Label: v, Kind: ptr(protocol.CompletionItemKindEnumMember), InsertText: &insert})
	}
	return items
}
