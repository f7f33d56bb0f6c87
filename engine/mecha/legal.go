package mecha

import (
	"slices"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
)

// Legal implements engine.State: the moves of the player to move, in a
// stable order. The set-up choices (deck, mulligan) are not listed: Legal
// starts from turn 1. In a seeded game the draws are made first and are not
// listed; otherwise an owed draw is the only kind of move, a card at a time,
// with skipping the draw where rebirth allows it. A command may also be
// played before the turn's draw (ruling M35): Legal lists it after the
// draw, where the same card is played.
func (s *State) Legal() []engine.Move {
	if s.outcome.Over {
		return nil
	}
	v := s.clone()
	if err := v.begin(); err != nil {
		return draws(v)
	}
	p := v.toMove
	var moves []engine.Move
	if v.outOfTurnSacrifice() {
		return v.sacrifices(v.sacrificer)
	}
	if v.drawPhase {
		for _, name := range distinct(v.players[p].graveyard) {
			moves = append(moves, SkipDraw{Card: name})
		}
	}
	moves = slices.DeleteFunc(moves, func(m engine.Move) bool { return v.try(p, m) != nil })
	if v.drawPhase && !v.seeded || v.owesUnseeded() {
		return append(moves, draws(v)...)
	}
	if v.drawPhase && v.deckLen(p) == 0 {
		return moves // only the skip is left: a draw would lose
	}
	if v.drawPhase {
		v.turnDraw()
	}
	if v.outcome.Over {
		return nil
	}
	v.dry = true
	add := func(m engine.Move) {
		if v.try(p, m) == nil {
			moves = append(moves, m)
		}
	}
	if v.sacrifice != "" {
		return append(moves, v.sacrifices(p)...)
	}
	hand := v.handChoices(p)
	if len(v.players[p].hand) > MaxHandSize {
		for _, name := range hand {
			add(Discard{Card: name})
		}
	}
	if !v.ending {
		for _, name := range hand {
			c, _ := v.cards.Card(name)
			if c.Kind == Command && c.Target.Kind == NoTarget {
				add(Play{Card: name})
				continue
			}
			for _, sq := range v.candidates(p, c) {
				add(Play{Card: name, At: &sq})
			}
		}
		for i, u := range v.board {
			if u == nil || u.Owner != p {
				continue
			}
			from := Board.Square(i)
			for _, to := range Board.Orthogonal(from) {
				add(Step{From: from, To: to})
			}
			if u.Power() == 0 || u.Attacked {
				continue
			}
			for j, t := range v.board {
				to := Board.Square(j)
				// Without range=skip a path is never shorter than the
				// Manhattan distance: a cheap first sieve.
				if t != nil && t.Owner != p && (v.rules.rangeSkip || grid.Manhattan(from, to) <= u.Range()) {
					add(Attack{From: from, Target: to})
				}
			}
			if v.seeded || v.deckLen(1-p) == 0 {
				add(Direct{From: from})
				continue
			}
			// Unseeded, a direct attack names the card it damages.
			for _, name := range distinct(v.players[1-p].deck) {
				add(Direct{From: from, Card: name})
			}
		}
	}
	if len(v.players[p].hand) <= MaxHandSize {
		add(engine.EndTurn{})
	}
	return moves
}

// sacrifices lists the sacrifices p owes, on a state set to dry run.
func (s *State) sacrifices(p int) []engine.Move {
	var moves []engine.Move
	for i, u := range &s.board {
		if u != nil && u.Owner == p && u.Pilot != nil && u.Pilot.Name == s.sacrifice {
			if m := (Sacrifice{At: Board.Square(i)}); s.try(p, m) == nil {
				moves = append(moves, m)
			}
		}
	}
	return moves
}

// try checks a move on a state set to dry run.
func (s *State) try(p int, m engine.Move) error {
	dry := s.dry
	s.dry = true
	defer func() { s.dry = dry }()
	switch m := m.(type) {
	case SkipDraw:
		return s.skip(p, m)
	case engine.EndTurn:
		if len(s.players[p].hand) > MaxHandSize || s.sacrifice != "" {
			return violation("", ruleHandSize)
		}
		return nil
	}
	// The state is Legal's copy: what apply changes before its checks
	// need not be put back, as Apply puts it back.
	return s.apply(p, m)
}

func (s *State) owesUnseeded() bool {
	for _, pl := range s.players {
		if pl.owed > 0 && !s.seeded {
			return true
		}
	}
	return false
}

// draws lists the draws an unseeded game owes: each card the deck holds.
func draws(s *State) []engine.Move {
	var moves []engine.Move
	for p, pl := range s.players {
		owes := pl.owed > 0 || s.drawPhase && p == s.toMove && !s.setup
		if !owes {
			continue
		}
		if s.oneSeat && p != s.seat {
			// From one seat, the other's draw is seen by nobody there.
			moves = append(moves, Draw{Cards: []string{Unknown}, Opening: pl.opening})
		}
		for _, name := range distinct(pl.deck) {
			moves = append(moves, Draw{Cards: []string{name}, Opening: pl.opening})
		}
		break
	}
	return moves
}

// handChoices are the names p may play or discard: the known cards of
// their hand, and every card one of its unseen cards could be.
func (s *State) handChoices(p int) []string {
	pl := s.players[p]
	names := slices.DeleteFunc(slices.Clone(pl.hand), func(name string) bool { return name == Unknown })
	if len(pl.unseen) > 0 {
		for _, name := range distinct(pl.deck) {
			if s.couldHold(p, name) {
				names = append(names, name)
			}
		}
	}
	return distinct(names)
}

func distinct(names []string) []string {
	out := slices.Clone(names)
	slices.Sort(out)
	return slices.Compact(out)
}

// candidates are the squares card c might be played onto by p: a sieve
// before the rules themselves check each.
func (s *State) candidates(p int, c *Card) []grid.Square {
	var out []grid.Square
	for i, u := range &s.board {
		sq := Board.Square(i)
		switch {
		case c.Kind == Command && c.Target.Kind == AnySquare:
		case c.Kind == Command || c.Kind == Pilot:
			if u == nil {
				continue
			}
		case sq.Rank != EntryRank(p) && !(c.Kind == Tower && s.nextToTower(p, sq)):
			continue
		}
		out = append(out, sq)
	}
	return out
}
