package referee

import (
	"fmt"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/notation"
)

// HasPositions tells whether the game's transcripts may begin from a
// declared position, and so whether Position can write one.
func (b *binding) HasPositions() bool { return b.declares != nil }

// Position writes a transcript as it stands once turn has ended: its
// header tags, the position then as declarations on set-up lines, and the
// turn line that comes next; with rest, the turns after it and the result
// line as the transcript writes them instead of that turn line, so that
// the text is a transcript equivalent to the original from turn on (when
// turn is the last, which the result line ended, there is no rest to
// write: the turn line comes instead). The text is in the canonical
// layout. Turn 0 means the last turn that has
// ended. A transcript that does not replay cleanly up to that turn, or a
// turn that has not ended, gives no text and a report that says why.
func (b *binding) Position(path, src string, opts Options, turn int, rest bool) (string, *Report) {
	if b.declares == nil {
		return "", failed(path, src, fmt.Sprintf("%s has no position notation", b.Name()))
	}
	if turn < 0 {
		return "", failed(path, src, fmt.Sprintf("turn %d: a position is taken once a turn numbered 1 or more has ended", turn))
	}
	// The state at each turn line once the turn before it has ended, and
	// at the end of the replay: only the one asked for is kept.
	type taken struct {
		state engine.State
		at    notation.Span  // the turn line's
		line  *notation.Turn // the turn line, nil at the end of the replay
	}
	var starts []taken // the last turn line's when turn is 0, else turn+1's
	opts.beforeTurn = func(at notation.Span, n, player int, st engine.State) {
		if turn == 0 || n == turn+1 {
			if turn == 0 {
				starts = starts[:0] // only the last is wanted
			}
			starts = append(starts, taken{state: st.Clone(), at: at})
		}
	}
	out := b.run(path, src, opts)
	r, t := out.report, out.transcript
	if t == nil || !r.Replayed || r.ExitCode() >= 2 {
		return "", r
	}
	// The position once the last turn, numbered last, has ended: at the
	// end of the replay, when a result line ended it.
	last := 0
	if n := len(t.Turns); n > 0 {
		last = t.Turns[n-1].Number
	}
	var next *taken
	restAt := -1 // the offset the rest of the transcript begins at
	switch {
	case t.Result != nil && last > 0 && (turn == 0 || turn == last) && !r.Stopped:
		// Nothing is left to write after the position: the result line
		// ended the last turn, and would end no other.
		next = &taken{state: out.state}
		rest = false
	case len(starts) > 0:
		next = &starts[len(starts)-1]
		restAt = next.at.Start.Offset
		for _, line := range t.Turns {
			if line.Node.Span().Start.Offset == restAt {
				next.line = line
			}
		}
	case out.state != nil && out.state.Outcome().Over:
		o := out.state.Outcome()
		return "", positionRefused(r, lastLine(t), fmt.Sprintf("the game is over: it ended on turn %d, and a position is taken while it goes on", o.Turn))
	default:
		return "", positionRefused(r, lastLine(t), notEnded(t, turn))
	}
	// What was found before the position must not be: the rest may hold
	// illegal moves, which the new transcript reports as the old one does.
	for _, d := range r.Diagnostics {
		if d.Severity >= Illegal && d.Severity != Mismatch && (restAt < 0 || d.Span.Start.Offset < restAt) {
			return "", r
		}
	}
	if o := next.state.Outcome(); o.Over {
		return "", positionRefused(r, lastLine(t), fmt.Sprintf("the game is over: it ended on turn %d, and a position is taken while it goes on", o.Turn))
	}
	p, ok := next.state.(engine.Positioned)
	if !ok {
		return "", positionRefused(r, zeroSpan, fmt.Sprintf("%s's state cannot write its position", b.Name()))
	}
	var text strings.Builder
	for _, st := range t.File.Statements {
		if st.Tag != nil {
			span := st.Span()
			text.WriteString(src[span.Start.Offset:span.End.Offset])
			text.WriteByte('\n')
		}
	}
	pos := p.Position()
	// The rest begins with a turn line, which must be the turn the
	// position comes to: a position says no more than that line of whose
	// turn it is, and a line that names another player would pass.
	if rest && next.line != nil {
		if n, who := next.line.Number, t.PlayerIndex(next.line.Player.Text()); n != pos.Turn || who != pos.Player {
			return "", positionRefused(r, next.at, fmt.Sprintf("turn %d is written as %s's, but the turns before it give turn %d to %s", n, t.Players[who], pos.Turn, t.Players[pos.Player]))
		}
	}
	text.WriteByte('\n')
	for _, line := range pos.Lines {
		moves := make([]string, len(line.Moves))
		for i, m := range line.Moves {
			moves[i] = b.notate(m)
		}
		subject := b.board
		if line.Subject >= 0 {
			subject = quoteName(b, t.Players[line.Subject])
		}
		text.WriteString(notation.MoveLine(subject+":", moves))
		text.WriteByte('\n')
	}
	text.WriteByte('\n')
	if rest {
		text.WriteString(src[restAt:])
	} else {
		fmt.Fprintf(&text, "%d. %s:\n", pos.Turn, quoteName(b, t.Players[pos.Player]))
	}
	formatted, diags := b.Format(path, text.String())
	if len(diags) > 0 {
		// The position's own text does not parse: a fault of the game's
		// printing, not of the transcript.
		r.add(Internal, zeroSpan, fmt.Sprintf("the position written does not parse: %s", diags[0].Msg))
		return "", r
	}
	return formatted, r
}

// notEnded says why no position can be taken once turn has ended.
func notEnded(t *notation.Transcript, turn int) string {
	switch {
	case len(t.Turns) == 0:
		return "no turn has ended: the transcript has no turn line"
	case turn == 0 || turn == t.Turns[len(t.Turns)-1].Number:
		last := t.Turns[len(t.Turns)-1].Number
		if len(t.Turns) == 1 {
			return fmt.Sprintf("turn %d has not ended: write the next turn's line or a result line to end it", last)
		}
		return fmt.Sprintf("turn %d has not ended: write the next turn's line or a result line to end it (or take the position once turn %d has ended: --turn %d)", last, last-1, last-1)
	case turn < t.Turns[0].Number-1:
		return fmt.Sprintf("turn %d ended before the transcript begins, at turn %d", turn, t.Turns[0].Number)
	}
	return fmt.Sprintf("the transcript has no turn %d: its last turn is %d", turn, t.Turns[len(t.Turns)-1].Number)
}

// positionRefused is r with an error at span saying why no position was
// written.
func positionRefused(r *Report, span notation.Span, msg string) *Report {
	c := *r
	c.Diagnostics = append(c.Diagnostics[:len(c.Diagnostics):len(c.Diagnostics)], Diagnostic{Error, span, "no position: " + msg})
	return &c
}

// lastLine is where a transcript's last turn line stands, or its end when
// it has none: where a position that cannot be taken is said.
func lastLine(t *notation.Transcript) notation.Span {
	if n := len(t.Turns); n > 0 {
		last := t.Turns[n-1]
		return notation.Span{Start: last.Node.Span().Start, End: last.Player.Span().End}
	}
	return notation.Span{Start: t.EOF, End: t.EOF}
}
