package notation

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// CorrectionKind is what the players did about a move they found to be
// illegal after it was made.
type CorrectionKind int

// The corrections a transcript can record after a move.
const (
	// TakenBack: the move was undone, and the game went on as if it had
	// never been made.
	TakenBack CorrectionKind = iota + 1
	// LetStand: the players agreed to keep the move, and the game went on
	// from the position it made.
	LetStand
	// Penalty: the move was taken back, and the player who made it was
	// given a penalty, which the rules of the game do not know.
	Penalty
)

// corrections are the kinds by the words written between the parentheses.
var corrections = []struct {
	words string
	kind  CorrectionKind
}{{"taken back", TakenBack}, {"let stand", LetStand}, {"penalty", Penalty}}

// String is the words the notation writes between the parentheses.
func (k CorrectionKind) String() string {
	for _, c := range corrections {
		if c.kind == k {
			return c.words
		}
	}
	return fmt.Sprintf("CorrectionKind(%d)", int(k))
}

// Correction is a recorded ruling, written after the move it is about:
// a1-a2 (taken back).
type Correction struct {
	Span Span
	Kind CorrectionKind
}

// String is the correction as the canonical layout writes it.
func (c Correction) String() string { return "(" + c.Kind.String() + ")" }

// correctionWords lists the corrections for messages.
const correctionWords = `"(taken back)", "(let stand)" or "(penalty)"`

// readCorrection reads a correction token. The words inside may be spaced
// and capitalised at will: (Taken  back) is (taken back).
func readCorrection(tok lexer.Token) (Correction, *Error) {
	span := Span{tok.Pos, tokenEnd(tok)}
	if !strings.HasSuffix(tok.Value, ")") {
		return Correction{}, &Error{span, "unterminated correction: expected a closing ) on the same line, as in " + correctionWords}
	}
	words := strings.ToLower(strings.Join(strings.Fields(tok.Value[1:len(tok.Value)-1]), " "))
	for _, c := range corrections {
		if c.words == words {
			return Correction{span, c.kind}, nil
		}
	}
	return Correction{}, &Error{span, fmt.Sprintf("expected a correction after a move, %s, found %q", correctionWords, tok.Value)}
}

// attachCorrections gives each correction the move it follows: the move
// must come just before it, with nothing between them but spaces and
// comments.
func (t *Transcript) attachCorrections(fail func(Span, string, ...any)) {
	if len(t.Parsed.Corrections) == 0 {
		return
	}
	var moves []Move
	for _, s := range t.Setup {
		moves = append(moves, s.Moves...)
	}
	for _, turn := range t.Turns {
		moves = append(moves, turn.Moves...)
	}
	t.Corrections = map[int]Correction{}
	i := 0
	for _, c := range t.Parsed.Corrections {
		at := c.Span.Start.Offset
		for i < len(moves) && moves[i].Span().End.Offset <= at {
			i++
		}
		if i == 0 || !t.blank(moves[i-1].Span().End.Offset, at) {
			fail(c.Span, "a correction follows the move it is about, as in \"a1-a2 (taken back)\"")
			continue
		}
		m := moves[i-1].Span().Start
		if old, ok := t.Corrections[m.Offset]; ok {
			fail(c.Span, "a move takes one correction: this one already has %s at %d:%d", old, old.Span.Start.Line, old.Span.Start.Column)
			continue
		}
		t.Corrections[m.Offset] = c
	}
}

// blank tells whether the source between two offsets holds only spaces,
// line ends, comments and corrections.
func (t *Transcript) blank(from, to int) bool {
	src := t.Source
	k, j := 0, 0
	for from < to {
		for k < len(t.Comments) && t.Comments[k].Pos.Offset < from {
			k++
		}
		for j < len(t.Parsed.Corrections) && t.Parsed.Corrections[j].Span.Start.Offset < from {
			j++
		}
		switch {
		case k < len(t.Comments) && t.Comments[k].Pos.Offset == from:
			from += len(t.Comments[k].Text)
		case j < len(t.Parsed.Corrections) && t.Parsed.Corrections[j].Span.Start.Offset == from:
			from = t.Parsed.Corrections[j].Span.End.Offset
		case strings.ContainsRune(" \t\r\n", rune(src[from])):
			from++
		case strings.HasPrefix(src[from:], "\uFEFF"):
			from += len("\uFEFF")
		default:
			return false
		}
	}
	return true
}

// CorrectionOf is the correction recorded after a move, if any.
func (t *Transcript) CorrectionOf(m Move) (Correction, bool) {
	if len(t.Corrections) == 0 {
		return Correction{}, false // most transcripts: no need to place m
	}
	c, ok := t.Corrections[m.Span().Start.Offset]
	return c, ok
}
