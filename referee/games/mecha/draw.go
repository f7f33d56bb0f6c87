package mecha

import (
	"fmt"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/mecha"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee"
)

// mechaCell is the width of a square's text: seven squares a rank keep
// the board under 90 columns.
const mechaCell = 9

func mechaKey(players []string) []string {
	if len(players) < 2 {
		return nil
	}
	l := referee.Letters(players)
	return []string{
		fmt.Sprintf("Rank 1 is at the bottom; a letter before a rank marks an entry zone: %s %s's (rank 1), %s %s's (rank 5).", l[0], players[0], l[1], players[1]),
		fmt.Sprintf("A unit: %s 2/5 a1 (%s's; power 2, 5 durability counters, 1 armour counter), its card, and +Ace, its pilot.", l[0], players[0]),
		fmt.Sprintf("A placed command: %s Mine t2 (%s's Mine, with 2 time counters).", l[1], players[1]),
	}
}

// mechaDraw draws the grid: each square's unit (owner, power, durability
// and armour counters, card, pilot) and placed commands (with their time
// counters), entry zones by the ranks; then each player's bandwidth, deck,
// damage zone, hand and graveyard. Drawn for a seat, the other player's
// hand is its number of cards.
func mechaDraw(st engine.State, view referee.View) referee.Drawing {
	players := view.Players
	s := st.(*mecha.State)
	sk := referee.NewSketch(players)
	placed := s.Placed()
	cell := func(sq grid.Square) []referee.Line {
		var out []referee.Line
		if u := s.UnitAt(sq); u != nil {
			counters := fmt.Sprintf("%s %d/%d", sk.Letter[u.Owner], u.Power(), u.Durability)
			if u.Armour > 0 {
				counters += fmt.Sprintf(" a%d", u.Armour)
			}
			out = append(out, referee.Owned(u.Owner, referee.Cut(counters, mechaCell)))
			for _, part := range referee.Wrap(u.Card.Name, mechaCell, 2) {
				out = append(out, referee.Owned(u.Owner, part))
			}
			if u.Pilot != nil {
				out = append(out, referee.Owned(u.Owner, referee.Cut("+"+u.Pilot.Name, mechaCell)))
			}
		}
		for _, pc := range placed {
			if pc.At != sq {
				continue
			}
			time := fmt.Sprintf(" t%d", pc.Time)
			name := referee.Cut(pc.Card.Name, max(mechaCell-2-len(time), 1))
			out = append(out, referee.Owned(pc.Owner, sk.Letter[pc.Owner]+" "+name+time))
		}
		return out
	}
	label := func(rank int) referee.Line {
		for p := range players {
			if mecha.EntryRank(p) == rank {
				return referee.Owned(p, sk.Letter[p]).Text(fmt.Sprintf(" %d", rank+1))
			}
		}
		return referee.Plain(fmt.Sprintf("  %d", rank+1))
	}
	sk.Lines = referee.DrawGrid(mecha.Board, mechaCell, 1, cell, label)
	names := func(cards []string) string { return referee.NameList(cards, grammar.MechaName.String) }
	// From a seat, the others' hands are a count: a screen shared at the
	// table shows what the table sees.
	hand := func(p int) string {
		if view.Seat >= 0 && p != view.Seat {
			return referee.Plural(len(s.Hand(p)), "card")
		}
		return names(s.Hand(p))
	}
	sk.PlayerRows(func(p int) []string {
		provided, used := s.Bandwidth(p)
		damage := s.DamageZone(p)
		return []string{
			fmt.Sprintf("bandwidth %d of %d used, deck %s, damage zone %d of %d: %s", used, provided, referee.Plural(s.DeckSize(p), "card"), len(damage), mecha.DamageToLose, names(damage)),
			"hand " + hand(p),
			"graveyard " + names(s.Graveyard(p)),
		}
	})
	return sk.Lines
}
