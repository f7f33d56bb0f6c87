package void

import (
	"slices"

	"github.com/tabletop-referee/referee/engine"
)

// Legal caps: how many X values and target sets are tried for one card,
// so that the list stays short on a large board.
const (
	legalMaxX       = 3
	legalMaxTargets = 12
)

// Legal lists the moves open now, each checked on a copy of the state.
// During a seeded set-up it is the next line of the planned set-up. Then
// they are the moves of the player to decide and, while the queue is open,
// of the other player, who may act when the first declines (ruling V7);
// the moves of the player whose turn it is not are wrapped in engine.By.
func (s *State) Legal() []engine.Move {
	if s.outcome.Over {
		return nil
	}
	if s.turn == 0 && s.planned >= 0 && s.planned < plannedSteps {
		step := s.plannedStep(s.planned)
		m := engine.OnSetupLine{Move: step.move}
		if s.clone().Apply(step.player, m) == nil {
			return []engine.Move{m}
		}
		return nil
	}
	if s.turn == 0 {
		c := s.clone()
		if c.begin() != nil {
			return nil
		}
		return c.Legal()
	}
	var out []engine.Move
	// The moves of player q: the active player's as they are, the other
	// player's wrapped in By, so that the transcript names them.
	add := func(q int) {
		for _, m := range s.candidates(q) {
			if s.clone().Apply(q, m) != nil {
				continue
			}
			if q != s.active {
				m = engine.By{Player: q, Move: m}
			}
			out = append(out, m)
		}
	}
	p := s.ToMove()
	add(p)
	// Execute and the end of the turn are no player's action; the active
	// player's turn line holds them.
	if len(s.queue) > 0 {
		out = append(out, Execute{})
	} else {
		out = append(out, engine.EndTurn{})
	}
	// The other player may act when this one declines, and the active
	// player, once both have declined an empty queue, may open it anew.
	if s.open() && (!s.declined || (len(s.queue) == 0 && 1-p == s.active)) {
		add(1 - p)
	}
	return out
}

// candidates are the moves worth trying for player p.
func (s *State) candidates(p int) []engine.Move {
	var out []engine.Move
	pl := s.players[p]
	seen := map[string]bool{}
	fromHand := func(c *Card) {
		if seen[c.Name] {
			return
		}
		seen[c.Name] = true
		for _, ch := range s.choices(p, &c.Play) {
			out = append(out, Play{c.Name, ch})
		}
		out = append(out, Convert{c.Name})
	}
	for _, name := range pl.hand {
		if c, ok := s.cards.Card(name); ok {
			fromHand(c)
		}
	}
	if s.Unknowns(p) > 0 {
		// An unknown card may be any card of the catalogue that one of
		// them could be (ruling V35): the table shows which as it is
		// played, and each is tried on a copy of the state.
		for _, c := range s.cards.all {
			fromHand(c)
		}
	}
	for _, pm := range s.perms {
		if pm.owner != p || pm.spent {
			continue
		}
		if sk := pm.card.Skill; sk != nil {
			for _, ch := range s.choices(p, sk) {
				if sk.React != "" {
					out = append(out, React{pm.card.Name, ch})
				} else {
					out = append(out, Activate{pm.card.Name, ch})
				}
			}
		}
		if pm.card.Kind != Unit {
			continue
		}
		for i, sec := range s.sectors {
			if next(pm.sector, i) {
				out = append(out, Advance{pm.card.Name, sec.Name})
			}
			if i == pm.sector || next(pm.sector, i) {
				out = append(out, Attack{pm.card.Name, sec.Name})
			}
		}
		for _, a := range s.queue {
			if a.kind == "attack" && a.owner != p {
				out = append(out, Defend{pm.card.Name, a.card.Name})
			}
		}
	}
	return dedupe(out)
}

// choices lists the ways to take an ability: its target sets (among the
// targets that meet its requirement now), options and values of X.
func (s *State) choices(p int, a *Ability) []Choices {
	var sets [][]string
	if a.Targets.Count == 0 {
		sets = [][]string{nil}
	} else {
		var valid []string
		for _, t := range s.allTargets(a.Targets.Kind) {
			if s.meets(p, a.Targets, t) {
				valid = append(valid, s.targetName(t))
			}
		}
		sets = combinations(valid, a.Targets.Count, legalMaxTargets)
	}
	picks := []int{0}
	if a.Pick {
		picks = nil
		for i := range a.Effects {
			picks = append(picks, i+1)
		}
	}
	xs := []int{0}
	if a.Cost.X {
		xs = nil
		for x := 0; x <= min(s.players[p].energy-a.Cost.N, legalMaxX); x++ {
			xs = append(xs, x)
		}
	}
	var out []Choices
	for _, set := range sets {
		for _, pick := range picks {
			for _, x := range xs {
				out = append(out, Choices{Targets: set, Pick: pick, X: x, HasX: a.Cost.X})
			}
		}
	}
	return out
}

func (s *State) allTargets(kind TargetKind) []target {
	n := len(s.names)
	switch kind {
	case SectorTarget:
		n = len(s.sectors)
	case BiomeTarget:
		n = len(s.biomes)
	}
	out := make([]target, n)
	for i := range out {
		out[i] = target{kind, i}
	}
	return out
}

// combinations lists up to limit sets of k of the items, in order.
func combinations(items []string, k, limit int) [][]string {
	var out [][]string
	var walk func(from int, set []string)
	walk = func(from int, set []string) {
		if len(out) >= limit {
			return
		}
		if len(set) == k {
			out = append(out, slices.Clone(set))
			return
		}
		for i := from; i < len(items); i++ {
			walk(i+1, append(set, items[i]))
		}
	}
	walk(0, nil)
	return out
}

// dedupe drops repeated moves (two Scouts in play offer the same ones).
func dedupe(moves []engine.Move) []engine.Move {
	seen := map[string]bool{}
	var out []engine.Move
	for _, m := range moves {
		k := equalKey(m)
		if !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	return out
}
