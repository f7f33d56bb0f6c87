package daemon

import (
	"slices"

	"github.com/tabletop-referee/referee/engine"
)

// Legal lists the moves the player to act may make now, each checked on a
// copy of the state. During the set-up they are set-up-line moves; the
// mulligans listed are of one card or of the whole grip.
func (s *State) Legal() []engine.Move {
	if s.outcome.Over {
		return nil
	}
	if s.setup && s.setupDone() {
		// The set-up is over once the first turn begins.
		c := s.clone()
		if c.begin() != nil {
			return nil
		}
		return c.Legal()
	}
	p := s.ToMove()
	var candidates []engine.Move
	switch {
	case len(s.owed) > 0:
		for _, m := range s.drawCandidates() {
			if s.setup {
				m = engine.OnSetupLine{Move: m}
			}
			candidates = append(candidates, m)
		}
	case s.setup:
		for _, m := range s.setupCandidates(p) {
			candidates = append(candidates, engine.OnSetupLine{Move: m})
		}
	default:
		candidates = s.turnCandidates(p)
	}
	var out []engine.Move
	for _, m := range candidates {
		if s.clone().apply(p, m) == nil {
			out = append(out, m)
		}
	}
	return out
}

// setupDone tells whether every set-up choice has been made.
func (s *State) setupDone() bool {
	done := s.drafts == len(draftOrder) && s.players[0].decided && s.players[1].decided && len(s.owed) == 0
	if s.unseeded() && !s.declaring() {
		// Without a seed, the securities are written too (ruling D32).
		done = done && s.players[0].secured && s.players[1].secured
	}
	return done
}

func (s *State) setupCandidates(p int) []engine.Move {
	pl := s.players[p]
	var out []engine.Move
	switch {
	case s.drafts < len(draftOrder):
		for _, m := range s.cards.modules {
			out = append(out, Draft{m})
		}
	case pl.main == "":
		for _, m := range pl.modules {
			out = append(out, Main{m})
		}
	case pl.decided && s.unseeded():
		out = append(out, Secure{Cards: unknowns(min(SecuritySize, len(pl.deck)))})
	default:
		out = append(out, Keep{})
		for _, c := range distinct(pl.grip) {
			out = append(out, Mulligan{Cards: []string{c}})
		}
		if len(pl.grip) > 1 {
			out = append(out, Mulligan{Cards: slices.Clone(pl.grip)})
		}
	}
	return out
}

func (s *State) turnCandidates(p int) []engine.Move {
	if d := s.damage; d != nil {
		if top := s.players[d.to].security[0]; top != Unknown {
			return []engine.Move{Reveal{top}}
		}
		// What the table reveals: any card the top could be.
		var out []engine.Move
		for _, name := range s.ownNames(d.to) {
			out = append(out, Reveal{name})
		}
		return out
	}
	if s.ended {
		return []engine.Move{engine.EndTurn{}}
	}
	pl, foe := s.players[p], s.players[1-p]
	var targets []string
	for _, d := range foe.daemons {
		targets = append(targets, d.Card.Name)
	}
	targets = distinct(targets)
	var out []engine.Move
	grip := distinct(pl.grip)
	if len(pl.gripHidden) > 0 {
		// A card nobody recorded may be any the player's modules hold.
		grip = distinct(append(grip, s.ownNames(p)...))
	}
	for _, name := range grip {
		if name == Unknown {
			continue
		}
		c, _ := s.cards.Card(name)
		if c.NeedsTarget() {
			for _, t := range targets {
				out = append(out, Play{name, t})
			}
		} else {
			out = append(out, Play{Card: name})
		}
	}
	var mine []string
	for _, d := range pl.daemons {
		mine = append(mine, d.Card.Name)
	}
	for _, name := range distinct(mine) {
		d := s.findDaemon(p, name, nil)
		if d.Card.Ability != nil {
			if d.Card.Ability.Op == OpPurge {
				for _, t := range targets {
					out = append(out, Activate{name, t})
				}
			} else {
				out = append(out, Activate{Card: name})
			}
		}
		out = append(out, Attack{Attacker: name})
		for _, t := range targets {
			out = append(out, Attack{name, t})
		}
	}
	for _, name := range distinct(pl.scripts) {
		out = append(out, TrashScript{name})
	}
	return append(out, Refresh{}, Burn{})
}

func distinct(names []string) []string {
	var out []string
	for _, n := range names {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// drawCandidates are the draws listed for the draw owed first: all ? when
// the record may write them so, and each card that could be drawn when
// one card is drawn.
func (s *State) drawCandidates() []engine.Move {
	o := s.owed[0]
	var out []engine.Move
	if s.seen(o.player, "") == nil {
		out = append(out, Draw{Cards: unknowns(o.n)})
	}
	if o.n == 1 {
		for _, name := range s.ownNames(o.player) {
			out = append(out, Draw{Cards: []string{name}})
		}
	}
	return out
}

// ownNames are the names of the cards of player p's modules, in the
// catalogue's order.
func (s *State) ownNames(p int) []string {
	var out []string
	for _, mod := range s.players[p].modules {
		out = append(out, distinct(s.cards.decks[mod])...)
	}
	return out
}
