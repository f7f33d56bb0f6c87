package grammar_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/notation"
)

// distinctPlacements is a Sortie transcript of n turns, each of three
// placements that no other turn has, and its moves as written.
func distinctPlacements(n int) (string, []string) {
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

// placedWhereWritten fails the test unless the moves of p span the
// written moves of src, in order.
func placedWhereWritten(t *testing.T, p *notation.Parsed, src string, written []string) {
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
