package notationtest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/notation"
)

// The helpers below are shared by notation's tests (on small games of
// their own) and by grammar's tests of the parser on real games.

// ErrorLines shows errors as "line:col: message".
func ErrorLines(errs []*notation.Error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, fmt.Sprintf("%d:%d: %s", e.Span.Start.Line, e.Span.Start.Column, e.Msg))
	}
	return out
}

// Summary is what a parse says, statement by statement, without positions
// or layout: tag names and values, turn numbers, player names and moves.
func Summary(p *notation.Parsed) []string {
	var out []string
	moves := func(ms []notation.Move) string {
		var s []string
		for _, m := range ms {
			s = append(s, m.String())
		}
		return strings.Join(s, " | ")
	}
	for _, st := range p.File.Statements {
		switch {
		case st.Tag != nil:
			out = append(out, fmt.Sprintf("tag %s %q", st.Tag.Name, st.Tag.Text()))
		case st.Setup != nil:
			out = append(out, fmt.Sprintf("setup %q: %s", st.Setup.Player.Text(), moves(st.Setup.Moves)))
		case st.Turn != nil:
			out = append(out, fmt.Sprintf("turn %d %q: %s", st.Turn.Number, st.Turn.Player.Text(), moves(st.Turn.Moves)))
		case st.Result != nil:
			r := st.Result
			player := ""
			if r.Player != nil {
				player = r.Player.Text()
			}
			out = append(out, fmt.Sprintf("result draw=%v unfinished=%v %q %s", r.Draw, r.Unfinished, player, r.Verb))
		default:
			out = append(out, "empty statement")
		}
	}
	return out
}

// PlacesOf is where each statement and move of p stands, with its text.
func PlacesOf(p *notation.Parsed, src string) []string {
	var out []string
	at := func(kind string, sp notation.Span) {
		out = append(out, fmt.Sprintf("%s %d:%d-%d:%d %q", kind, sp.Start.Line, sp.Start.Column, sp.End.Line, sp.End.Column, src[sp.Start.Offset:sp.End.Offset]))
	}
	for _, st := range p.File.Statements {
		at("statement", st.Span())
		for _, m := range st.Moves() {
			at("move "+m.String(), m.Span())
		}
	}
	return out
}

// SameAsWholeFile fails the test unless the parse of src piece by piece
// says what the parse of the whole file says, at the same places.
func SameAsWholeFile(t *testing.T, g *notation.Grammar, name, src string) {
	t.Helper()
	got, want := g.Parse(name, src), g.ParseWholeFile(name, src)
	if len(got.Errors) > 0 || len(want.Errors) > 0 {
		t.Fatalf("%s: %d errors piece by piece, %d in the whole file", name, len(got.Errors), len(want.Errors))
	}
	if g, w := PlacesOf(got, src), PlacesOf(want, src); !slices.Equal(g, w) {
		t.Fatalf("%s: piece by piece\n%s\nwant\n%s", name, strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
}

// PlacedWhereWritten fails the test unless the moves of p span the
// written moves of src, in order: a parse past the memo's bound must
// still be placed.
func PlacedWhereWritten(t *testing.T, p *notation.Parsed, src string, written []string) {
	t.Helper()
	var spanned []string
	for _, st := range p.File.Statements {
		if st.Turn == nil {
			continue
		}
		for _, m := range st.Turn.Moves {
			sp := m.Span()
			spanned = append(spanned, src[sp.Start.Offset:sp.End.Offset])
		}
	}
	if !slices.Equal(spanned, written) {
		t.Fatalf("the moves span %d texts, not the %d written", len(spanned), len(written))
	}
}

// DistinctPlacements is a Sortie transcript of n turns, each of three
// placements that no other turn has, and its moves as written.
func DistinctPlacements(n int) (string, []string) {
	const ranks, suits = "23456789TJQKA", "CDHS"
	var cards []string
	for _, r := range ranks {
		for _, s := range suits {
			cards = append(cards, string(r)+string(s))
		}
	}
	var b strings.Builder
	b.WriteString("[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n\n")
	var written []string
	for turn := 1; turn <= n; turn++ {
		fmt.Fprintf(&b, "%d. %s:", turn, []string{"Ann", "Ben"}[(turn-1)%2])
		for i := range 3 {
			if i > 0 {
				b.WriteByte(',')
			}
			k := len(written)
			bottom, top := cards[k%len(cards)], cards[(k/len(cards)+1+k)%len(cards)]
			written = append(written, fmt.Sprintf("place %s/%s %c%d", bottom, top, 'a'+k/(len(cards)*len(cards))%4, 1+k/(len(cards)*len(cards)*4)%4))
			b.WriteString(" " + written[k])
		}
		b.WriteByte('\n')
	}
	return b.String(), written
}
