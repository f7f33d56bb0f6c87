package void

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/void"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee"
)

func voidKey(players []string) []string {
	return []string{
		"The board is drawn as its sectors in a row, each with its biomes, then the cards in play there: a unit with",
		"its power and health (as in Raider 2/2), its damage, and spent once it has acted this turn; a modification",
		"on the sector or one of its biomes. The queue is drawn with the last in on top, which executes first.",
	}
}

// voidDraw draws the sectors in a row with the cards in play in each,
// then each player's void energy, life, hand, cache and modifications on
// players, then the queue from its top and who is to decide.
func voidDraw(st engine.State, view referee.View) referee.Drawing {
	players := view.Players
	s := st.(*void.State)
	sk := referee.NewSketch(players)
	nm := func(n string) string { return grammar.Name(n).String() }
	sectors := s.Sectors()
	// Each sector's column: its name and biomes, then its cards.
	heads := make([][]referee.Line, len(sectors))
	cards := make([][]referee.Line, len(sectors))
	for i, sec := range sectors {
		heads[i] = []referee.Line{referee.Plain(nm(sec.Name))}
		if len(sec.Biomes) > 0 {
			var bs []string
			for _, b := range sec.Biomes {
				bs = append(bs, nm(b))
			}
			heads[i] = append(heads[i], referee.Plain(strings.Join(bs, ", ")))
		}
	}
	onPlayers := make([][]string, len(players))
	for _, c := range s.InPlay() {
		text := sk.Letter[c.Owner] + " " + nm(c.Card.Name)
		if c.Card.Kind == void.Unit {
			text += fmt.Sprintf(" %d/%d", c.Card.Power, c.Card.Health)
		} else {
			text += " on " + nm(c.Where)
		}
		if notes := voidNotes(c); len(notes) > 0 {
			text += ", " + strings.Join(notes, ", ")
		}
		// A unit stands in its sector; a modification is drawn in the
		// sector it is on, or the sector of the biome it is on, and one on
		// a player with that player's things.
		at := slices.IndexFunc(sectors, func(sec void.Sector) bool {
			return sec.Name == c.Where || c.Card.Kind != void.Unit && slices.Contains(sec.Biomes, c.Where)
		})
		if at >= 0 {
			cards[at] = append(cards[at], referee.Owned(c.Owner, text))
		} else if p := slices.Index(players, c.Where); p >= 0 {
			onPlayers[p] = append(onPlayers[p], nm(c.Card.Name)+" of "+players[c.Owner])
		}
	}
	if len(sectors) == 0 {
		sk.Add(referee.Plain("board: no sectors yet"))
	} else {
		voidBoard(sk, heads, cards)
	}
	sk.PlayerRows(func(p int) []string {
		v := s.Player(p)
		first := fmt.Sprintf("energy %d (income %d)", v.Energy, v.Income)
		if v.HasLife {
			first += fmt.Sprintf(", life %d", v.Life)
		}
		hand := "hand " + referee.NameList(v.Hand, grammar.VoidCard.String)
		if view.Seat >= 0 && view.Seat != p {
			// Drawn for another seat: the hand as a count, never its
			// cards, named or not.
			hand = fmt.Sprintf("hand: %s", cardCount(len(v.Hand)))
		}
		rows := []string{
			first,
			hand,
			"cache " + referee.NameList(v.Cache, grammar.VoidCard.String),
		}
		if len(onPlayers[p]) > 0 {
			rows = append(rows, "modified by "+strings.Join(onPlayers[p], ", "))
		}
		return rows
	})
	queue := s.Queue()
	if len(queue) == 0 {
		sk.Add(referee.Plain("queue empty"))
	} else {
		sk.Add(referee.Plain("queue, the last in on top (it executes first):"))
	}
	for i := len(queue) - 1; i >= 0; i-- {
		q := queue[i]
		sk.Add(referee.Plain(fmt.Sprintf("  %2d. ", i+1)).Of(q.Owner, sk.Letter[q.Owner]+" "+q.Text))
	}
	if p, declined, open := s.Deciding(); open && !st.Outcome().Over {
		l := sk.Who(referee.Line{}, p).Text(" to decide")
		if declined {
			l = sk.Who(l.Text(", "), 1-p).Text(" having declined")
		}
		sk.Add(l)
	}
	return sk.Lines
}

// cardCount says how many cards: no cards, 1 card, 3 cards.
func cardCount(n int) string {
	switch n {
	case 0:
		return "no cards"
	case 1:
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// voidBoard draws the sectors side by side: their names and biomes
// above a rule, the cards in play in each below it.
func voidBoard(sk *referee.Sketch, heads, cards [][]referee.Line) {
	widths := make([]int, len(heads))
	headHeight, cardHeight := 0, 1
	for i := range heads {
		for _, l := range append(slices.Clone(heads[i]), cards[i]...) {
			widths[i] = max(widths[i], l.Width())
		}
		headHeight = max(headHeight, len(heads[i]))
		cardHeight = max(cardHeight, len(cards[i]))
	}
	rule := referee.Plain("+")
	for _, w := range widths {
		rule = rule.Text(strings.Repeat("-", w+2) + "+")
	}
	rows := func(cols [][]referee.Line, height int) {
		for k := range height {
			l := referee.Plain("|")
			for i, col := range cols {
				cell := referee.Line{}
				if k < len(col) {
					cell = col[k]
				}
				l = append(l.Text(" "), cell.Pad(widths[i])...).Text(" |")
			}
			sk.Add(l)
		}
	}
	sk.Add(rule)
	rows(heads, headHeight)
	sk.Add(rule)
	rows(cards, cardHeight)
	sk.Add(rule)
}
