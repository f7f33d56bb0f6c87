package referee

import (
	"fmt"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/daemon"
	"github.com/tabletop-referee/referee/grammar"
)

var daemonDrawer = drawer{key: daemonKey, state: daemonDraw}

func daemonKey(players []string) []string {
	if len(players) < 2 {
		return nil
	}
	l := letters(players)
	return []string{
		fmt.Sprintf("The memory gauge runs from 10 on %s's side (%s, left) through 0 to 10 on %s's side (%s, right); ^ is the tracker.", players[0], l[0], players[1], l[1]),
		"A daemon is shown with its power (bonuses included) and its state: ready, spent (it attacked), or loading.",
	}
}

// daemonDraw draws the memory gauge with its tracker (once the set-up is
// over), then each player's modules, security, deck, grip, daemons,
// scripts and heap, and the reveals still owed.
func daemonDraw(st engine.State, players []string) Drawing {
	s := st.(*daemon.State)
	sk := newSketch(players)
	names := func(cards []string) string { return nameList(cards, grammar.Name.String) }
	if s.SettingUp() {
		// The engine sets security and the tracker with the first move of
		// turn 1, so the start of turn 1 is still the set-up here.
		sk.add(plain("set-up: security and the memory tracker are set with the first move of turn 1"))
	} else {
		daemonGauge(sk, s)
	}
	sk.playerRows(func(p int) []string {
		mods, main := s.Modules(p)
		modules := names(mods)
		if main != "" {
			modules += " (main " + grammar.Name(main).String() + ")"
		}
		var daemons []string
		for _, d := range s.Daemons(p) {
			daemons = append(daemons, daemonText(s, p, d))
		}
		return []string{
			"modules " + modules,
			fmt.Sprintf("security %s, deck %s", plural(len(s.Security(p)), "card"), plural(len(s.Deck(p)), "card")),
			"grip " + names(s.Grip(p)),
			"daemons " + list(daemons),
			"scripts " + names(s.Scripts(p)),
			"heap " + names(s.Heap(p)),
		}
	})
	if n, who := s.Owed(); n > 0 {
		sk.add(sk.who(plain("damage: "), who).text(" owes " + plural(n, "reveal")))
	}
	return sk.lines
}

// daemonGauge draws the memory gauge, the first player's side on the
// left, and the tracker under it.
func daemonGauge(sk *sketch, s *daemon.State) {
	active := s.Active()
	status := plain(fmt.Sprintf("memory %d", max(s.Memory(), -s.Memory())))
	// The engine counts memory from the active player's side.
	side := engine.Nobody
	switch {
	case s.Memory() > 0:
		side = active
	case s.Memory() < 0:
		side = 1 - active
	}
	if side == engine.Nobody {
		status = status.text(", on nobody's side")
	} else {
		status = status.text(" on ").of(side, sk.players[side]+"'s").text(" side")
	}
	status = status.text("; ").of(active, sk.players[active]+"'s").text(" turn")
	if ended, why := s.Ended(); ended {
		status = status.text(" has ended: " + why)
	}
	sk.add(status)
	// Position i of the track, from 0 at the left: 10 on the first
	// player's side down to 1, then 0, then 1 to 10 on the second's.
	const end = daemon.GaugeEnd
	track := line{}.text("  ").of(0, sk.letter[0])
	for i := 0; i <= 2*end; i++ {
		v, owner := end-i, 0
		switch {
		case i > end:
			v, owner = i-end, 1
		case i == end:
			owner = engine.Nobody
		}
		track = track.of(owner, fmt.Sprintf("%3d", v))
	}
	sk.add(track.text(" ").of(1, sk.letter[1]))
	// The tracker's place counts toward the first player's side.
	toward := 0
	switch side {
	case 0:
		toward = max(s.Memory(), -s.Memory())
	case 1:
		toward = -max(s.Memory(), -s.Memory())
	}
	pos := end - toward
	sk.add(line{}.text("   "+strings.Repeat(" ", pos*3+2)).of(side, "^"))
}
