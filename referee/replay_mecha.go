package referee

import (
	"fmt"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/mecha"
	"github.com/tabletop-referee/referee/grammar"
)

var mechaDrawer = drawer{key: mechaKey, state: mechaDraw}

// mechaCell is the width of a square's text: seven squares a rank keep
// the board under 90 columns.
const mechaCell = 9

func mechaKey(players []string) []string {
	if len(players) < 2 {
		return nil
	}
	l := letters(players)
	return []string{
		fmt.Sprintf("Rank 1 is at the bottom; a letter before a rank marks an entry zone: %s %s's (rank 1), %s %s's (rank 5).", l[0], players[0], l[1], players[1]),
		fmt.Sprintf("A unit: %s 2/5 a1 (%s's; power 2, 5 durability counters, 1 armour counter), its card, and +Ace, its pilot.", l[0], players[0]),
		fmt.Sprintf("A placed command: %s Mine t2 (%s's Mine, with 2 time counters).", l[1], players[1]),
	}
}

// mechaDraw draws the grid: each square's unit (owner, power, durability
// and armour counters, card, pilot) and placed commands (with their time
// counters), entry zones by the ranks; then each player's bandwidth, deck,
// damage zone, hand and graveyard.
func mechaDraw(st engine.State, players []string) Drawing {
	s := st.(*mecha.State)
	sk := newSketch(players)
	placed := s.Placed()
	cell := func(sq grid.Square) []line {
		var out []line
		if u := s.UnitAt(sq); u != nil {
			counters := fmt.Sprintf("%s %d/%d", sk.letter[u.Owner], u.Power(), u.Durability)
			if u.Armour > 0 {
				counters += fmt.Sprintf(" a%d", u.Armour)
			}
			out = append(out, owned(u.Owner, cut(counters, mechaCell)))
			for _, part := range wrap(u.Card.Name, mechaCell, 2) {
				out = append(out, owned(u.Owner, part))
			}
			if u.Pilot != nil {
				out = append(out, owned(u.Owner, cut("+"+u.Pilot.Name, mechaCell)))
			}
		}
		for _, pc := range placed {
			if pc.At != sq {
				continue
			}
			time := fmt.Sprintf(" t%d", pc.Time)
			name := cut(pc.Card.Name, max(mechaCell-2-len(time), 1))
			out = append(out, owned(pc.Owner, sk.letter[pc.Owner]+" "+name+time))
		}
		return out
	}
	label := func(rank int) line {
		for p := range players {
			if mecha.EntryRank(p) == rank {
				return owned(p, sk.letter[p]).text(fmt.Sprintf(" %d", rank+1))
			}
		}
		return plain(fmt.Sprintf("  %d", rank+1))
	}
	sk.lines = drawGrid(mecha.Board, mechaCell, 1, cell, label)
	names := func(cards []string) string { return nameList(cards, grammar.MechaName.String) }
	sk.playerRows(func(p int) []string {
		provided, used := s.Bandwidth(p)
		damage := s.DamageZone(p)
		return []string{
			fmt.Sprintf("bandwidth %d of %d used, deck %s, damage zone %d of %d: %s", used, provided, plural(s.DeckSize(p), "card"), len(damage), mecha.DamageToLose, names(damage)),
			"hand " + names(s.Hand(p)),
			"graveyard " + names(s.Graveyard(p)),
		}
	})
	return sk.lines
}
