package daemon

import (
	"fmt"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/daemon"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee"
)

func daemonKey(players []string) []string {
	if len(players) < 2 {
		return nil
	}
	l := referee.Letters(players)
	return []string{
		fmt.Sprintf("The memory gauge runs from 10 on %s's side (%s, left) through 0 to 10 on %s's side (%s, right); ^ is the tracker.", players[0], l[0], players[1], l[1]),
		"A daemon is shown with its power (bonuses included) and its state: ready, spent (it attacked), or loading.",
	}
}

// daemonDraw draws the memory gauge with its tracker (once the set-up is
// over), then each player's modules, security, deck, grip, daemons,
// scripts and heap, and the reveals still owed. Drawn for one seat, the
// other player's grip is a count: the security and the deck always are.
func daemonDraw(st engine.State, view referee.View) referee.Drawing {
	players := view.Players
	s := st.(*daemon.State)
	sk := referee.NewSketch(players)
	names := func(cards []string) string { return referee.NameList(cards, grammar.DaemonCardText) }
	switch {
	case s.Declaring():
		sk.Add(referee.Plain("position: the cards it does not place are dealt, and the memory tracker set, at the first turn line"))
	case s.SettingUp():
		// The engine sets security and the tracker with the first move of
		// turn 1, so the start of turn 1 is still the set-up here.
		sk.Add(referee.Plain("set-up: security and the memory tracker are set with the first move of turn 1"))
	default:
		daemonGauge(sk, s)
	}
	sk.PlayerRows(func(p int) []string {
		mods, main := s.Modules(p)
		modules := names(mods)
		if main != "" {
			modules += " (main " + grammar.Name(main).String() + ")"
		}
		var daemons []string
		for _, d := range s.Daemons(p) {
			daemons = append(daemons, daemonText(s, p, d))
		}
		grip := "grip " + names(s.Grip(p))
		if view.Seat >= 0 && p != view.Seat {
			grip = "grip " + referee.Plural(len(s.Grip(p)), "card")
		}
		return []string{
			"modules " + modules,
			fmt.Sprintf("security %s, deck %s", referee.Plural(len(s.Security(p)), "card"), referee.Plural(len(s.Deck(p)), "card")),
			grip,
			"daemons " + referee.List(daemons),
			"scripts " + names(s.Scripts(p)),
			"heap " + names(s.Heap(p)),
		}
	})
	if n, who := s.Owed(); n > 0 {
		sk.Add(sk.Who(referee.Plain("damage: "), who).Text(" owes " + referee.Plural(n, "reveal")))
	}
	return sk.Lines
}

// daemonGauge draws the memory gauge, the first player's side on the
// left, and the tracker under it.
func daemonGauge(sk *referee.Sketch, s *daemon.State) {
	active := s.Active()
	status := referee.Plain(fmt.Sprintf("memory %d", max(s.Memory(), -s.Memory())))
	// The engine counts memory from the active player's side.
	side := engine.Nobody
	switch {
	case s.Memory() > 0:
		side = active
	case s.Memory() < 0:
		side = 1 - active
	}
	if side == engine.Nobody {
		status = status.Text(", on nobody's side")
	} else {
		status = status.Text(" on ").Of(side, sk.Players[side]+"'s").Text(" side")
	}
	status = status.Text("; ").Of(active, sk.Players[active]+"'s").Text(" turn")
	if ended, why := s.Ended(); ended {
		status = status.Text(" has ended: " + why)
	}
	sk.Add(status)
	// Position i of the track, from 0 at the left: 10 on the first
	// player's side down to 1, then 0, then 1 to 10 on the second's.
	const end = daemon.GaugeEnd
	track := referee.Line{}.Text("  ").Of(0, sk.Letter[0])
	for i := 0; i <= 2*end; i++ {
		v, owner := end-i, 0
		switch {
		case i > end:
			v, owner = i-end, 1
		case i == end:
			owner = engine.Nobody
		}
		track = track.Of(owner, fmt.Sprintf("%3d", v))
	}
	sk.Add(track.Text(" ").Of(1, sk.Letter[1]))
	// The tracker's place counts toward the first player's side.
	toward := 0
	switch side {
	case 0:
		toward = max(s.Memory(), -s.Memory())
	case 1:
		toward = -max(s.Memory(), -s.Memory())
	}
	pos := end - toward
	sk.Add(referee.Line{}.Text("   "+strings.Repeat(" ", pos*3+2)).Of(side, "^"))
}
