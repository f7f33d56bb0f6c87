package lsp

import (
	"sort"
	"strings"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// document is an open file: its text, and where its lines begin, by
// which positions are turned from byte offsets to the protocol's lines
// and UTF-16 columns and back.
type document struct {
	uri        string
	path       string
	text       string
	lineStarts []int
}

func newDocument(uri, path, text string) *document {
	d := &document{uri: uri, path: path}
	d.set(text)
	return d
}

// set replaces the text.
func (d *document) set(text string) {
	d.text = text
	d.lineStarts = d.lineStarts[:0]
	d.lineStarts = append(d.lineStarts, 0)
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			d.lineStarts = append(d.lineStarts, i+1)
		}
	}
}

// position is the protocol's place of a byte offset: its line, and its
// column in UTF-16 units, as the protocol counts them.
func (d *document) position(offset int) protocol.Position {
	offset = min(max(offset, 0), len(d.text))
	line := sort.Search(len(d.lineStarts), func(i int) bool { return d.lineStarts[i] > offset }) - 1
	return protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(utf16Len(d.text[d.lineStarts[line]:offset]))}
}

// offset is the byte offset of a protocol position. A column past the
// end of its line stands at the line's end, and a line past the end of
// the text at the text's end, as the protocol asks.
func (d *document) offset(p protocol.Position) int {
	if int(p.Line) >= len(d.lineStarts) {
		return len(d.text)
	}
	start := d.lineStarts[p.Line]
	end := len(d.text)
	if int(p.Line)+1 < len(d.lineStarts) {
		end = d.lineStarts[p.Line+1] - 1
	}
	units := int(p.Character)
	for i, r := range d.text[start:end] {
		if units <= 0 {
			return start + i
		}
		units -= utf16Units(r)
	}
	return end
}

// rangeOf is the protocol's range of the bytes [from, to).
func (d *document) rangeOf(from, to int) protocol.Range {
	return protocol.Range{Start: d.position(from), End: d.position(max(from, to))}
}

// apply makes one change an editor sends: the whole text, or a range of
// it replaced.
func (d *document) apply(change any) {
	switch c := change.(type) {
	case protocol.TextDocumentContentChangeEventWhole:
		d.set(c.Text)
	case protocol.TextDocumentContentChangeEvent:
		if c.Range == nil {
			d.set(c.Text)
			return
		}
		from, to := d.offset(c.Range.Start), d.offset(c.Range.End)
		if to < from {
			from, to = to, from
		}
		d.set(d.text[:from] + c.Text + d.text[to:])
	}
}

// utf16Len counts s in UTF-16 units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16Units(r)
	}
	return n
}

// utf16Units is how many UTF-16 units a rune takes: two past the basic
// plane, and one for the rest (an invalid byte included, as editors show
// it as one replacement character).
func utf16Units(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}

// lineAt is the line holding offset, without its line end, and where it
// begins.
func lineAt(text string, offset int) (line string, start int) {
	start = strings.LastIndexByte(text[:offset], '\n') + 1
	end := strings.IndexByte(text[offset:], '\n')
	if end < 0 {
		end = len(text) - offset
	}
	return strings.TrimSuffix(text[start:offset+end], "\r"), start
}

// masked is text with its comments blanked out, byte for byte (line ends
// kept), so that a scan for statements and commas never reads one.
func masked(text string) string {
	b := []byte(text)
	inString := false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '\n':
			inString = false
		case inString && c == '\\' && i+1 < len(b) && b[i+1] != '\n':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == ';':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
			i--
		case c == '{':
			for ; i < len(b) && b[i] != '}'; i++ {
				if b[i] != '\n' {
					b[i] = ' '
				}
			}
			if i < len(b) {
				b[i] = ' '
			}
		}
	}
	return string(b)
}
