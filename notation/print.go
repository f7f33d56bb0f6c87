package notation

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Print writes a parsed transcript in the canonical layout: one statement
// a line; a blank line after the header tags and around the set-up lines
// and before the result; moves separated by ", "; names quoted only when
// they must be. Every comment is kept: a comment on a line of its own stays
// on a line of its own before the statement it preceded, a brace comment
// inside a statement stays after the move it followed, and a ; comment
// goes to the end of its statement's line.
//
// bare tells whether a player's name may be written without quotes.
func Print(p *Parsed, bare func(string) bool) string {
	var b strings.Builder
	comments := withCorrections(p.Comments, p.Corrections)
	name := func(ref *PlayerRef) string {
		if n := ref.Text(); bare(n) {
			return n
		}
		return strconv.Quote(ref.Text())
	}
	kind := -1
	for i, st := range p.File.Statements {
		span := st.Span()
		// A blank line between groups: tags, set-up lines, turns, result.
		k := 3
		switch {
		case st.Tag != nil:
			k = 0
		case st.Setup != nil:
			k = 1
		case st.Turn != nil:
			k = 2
		}
		if k != kind {
			if kind >= 0 {
				b.WriteString("\n")
			}
			kind = k
		}
		for ; len(comments) > 0 && comments[0].Pos.Offset < span.Start.Offset; comments = comments[1:] {
			b.WriteString(comments[0].Text + "\n")
		}
		// A statement's own comments: inside it, or after it on its last line.
		end := len(p.Source) + 1
		if i+1 < len(p.File.Statements) {
			end = p.File.Statements[i+1].Span().Start.Offset
		}
		// A comment that starts on the line where the statement, or one of
		// its comments, ends belongs to the statement.
		var own []Comment
		lastLine := span.End.Line
		for len(comments) > 0 && comments[0].Pos.Offset < end &&
			(comments[0].Pos.Offset < span.End.Offset || comments[0].Pos.Line == lastLine) {
			c := comments[0]
			lastLine = max(lastLine, c.Pos.Line+strings.Count(c.Text, "\n"))
			own = append(own, c)
			comments = comments[1:]
		}
		var trailing []Comment
		inline := func(upTo int) string {
			var s strings.Builder
			for len(own) > 0 && own[0].Pos.Offset < upTo {
				if strings.HasPrefix(own[0].Text, ";") {
					trailing = append(trailing, own[0])
				} else {
					s.WriteString(" " + own[0].Text)
				}
				own = own[1:]
			}
			return s.String()
		}
		var line string
		switch {
		case st.Tag != nil:
			line = "[" + st.Tag.Name
			for _, v := range st.Tag.Text() {
				line += " " + strconv.Quote(v)
			}
			line += "]"
		case st.Setup != nil:
			line = moves(name(st.Setup.Player)+":", st.Setup.Moves, inline)
		case st.Turn != nil:
			line = moves(strconv.Itoa(st.Turn.Number)+". "+name(st.Turn.Player)+":", st.Turn.Moves, inline)
		case st.Result != nil:
			r := st.Result
			switch {
			case r.Draw:
				line = "result: draw"
			case r.Unfinished:
				line = "result: unfinished"
			default:
				line = "result: " + name(r.Player) + " " + r.Verb
			}
		}
		// Comments after the last move, or on the statement's last line.
		line += inline(math.MaxInt)
		b.WriteString(line)
		if len(trailing) > 0 {
			b.WriteString(" " + trailing[0].Text)
			// Only one ; comment fits at the end of the line; the others
			// go on lines of their own before what follows, where they
			// would be read back.
			comments = append(trailing[1:], comments...)
		}
		b.WriteString("\n")
	}
	if len(comments) > 0 && len(p.File.Statements) > 0 {
		b.WriteString("\n")
	}
	for _, c := range comments {
		b.WriteString(c.Text + "\n")
	}
	return b.String()
}

// withCorrections puts the corrections among the comments, in the order
// of the source: the printer keeps a correction after the move it
// followed, as it keeps a brace comment.
func withCorrections(comments []Comment, corrections []Correction) []Comment {
	out := slices.Clone(comments)
	for _, c := range corrections {
		out = append(out, Comment{Pos: c.Span.Start, Text: c.String()})
	}
	slices.SortStableFunc(out, func(a, b Comment) int { return a.Pos.Offset - b.Pos.Offset })
	return out
}

// Width is the column the canonical layout keeps a statement's line to:
// a longer move list goes on after a comma on a line of its own, indented
// by four spaces. Only a move, or a brace comment after it, too long for
// any line passes it.
const Width = 80

// continuation begins a statement's line after the first.
const continuation = ",\n    "

// MoveLine writes a statement as the canonical layout does: its head
// ("3. Ann:") and its moves, with lines broken after Width.
func MoveLine(head string, ms []string) string {
	w := lineWriter{}
	w.write(head)
	for i, m := range ms {
		w.move(i == 0, m)
	}
	return w.b.String()
}

// lineWriter writes a statement, knowing its column.
type lineWriter struct {
	b   strings.Builder
	col int
}

func (w *lineWriter) write(s string) {
	w.b.WriteString(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		w.col = utf8.RuneCountInString(s[i+1:])
		return
	}
	w.col += utf8.RuneCountInString(s)
}

// move writes a move after the head or after the move before it.
func (w *lineWriter) move(first bool, m string) {
	switch {
	case first:
		w.write(" " + m)
	case w.col+len(", ")+utf8.RuneCountInString(m)+len(",") > Width: // room for the comma that may follow
		w.write(continuation + m)
	default:
		w.write(", " + m)
	}
}

// moves writes a statement's head and moves, with the brace comments that
// follow each move.
func moves(head string, ms []Move, inline func(int) string) string {
	w := lineWriter{}
	w.write(head)
	for i, m := range ms {
		if i == 0 {
			w.write(inline(m.Span().Start.Offset))
		}
		w.move(i == 0, m.String())
		next := math.MaxInt
		if i+1 < len(ms) {
			next = ms[i+1].Span().Start.Offset
		}
		w.write(inline(next))
	}
	return w.b.String()
}

// BareName tells whether a name may stand without quotes: when it is a
// single word of letters, digits, _ and ', beginning with a capital (so
// it is never taken for a keyword, a card or a square).
func BareName(lex LexerDefinition) func(string) bool {
	ident := lex.Symbols()[TokenIdent]
	sc, ok := lex.(Scanner)
	if !ok {
		sc = defScanner{lex}
	}
	fast, _ := lex.(*FastLexer)
	return func(name string) bool {
		if fast != nil && name != "" && name[0] >= 'A' && name[0] <= 'Z' && fast.classOf(name[0]) == classLetter {
			// A capital no game's rule begins with, then name bytes: a
			// name, told without the scan (the final states print every
			// card's name).
			i := 1
			for i < len(name) && nameByte[name[i]] {
				i++
			}
			if i == len(name) {
				return true
			}
		}
		r, _ := utf8.DecodeRuneInString(name)
		if !unicode.IsUpper(r) || !utf8.ValidString(name) {
			return false
		}
		typ, n := sc.Scan(name)
		return n == len(name) && typ == ident
	}
}
