package mecha

import (
	"slices"

	"github.com/tabletop-referee/referee/engine"
)

// recording is what a seeded game's seed decided, as an unseeded record
// writes it (engine.Recorder): kept only once Recorded is first asked, so
// that a game checked from a transcript does no such work.
type recording struct {
	out []engine.By
	// later are the draws an effect made during the move being applied,
	// written after it; ranOut is set when its deck ran out during them.
	later  []engine.By
	ranOut bool
}

func (r *recording) clone() *recording {
	if r == nil {
		return nil
	}
	return &recording{out: slices.Clone(r.out), later: slices.Clone(r.later), ranOut: r.ranOut}
}

// Recorded implements engine.Recorder. The first call begins the record:
// each player's deck and opening hand, on their set-up line. Then each
// move is written as made, a direct attack with the card it placed in the
// damage zone, after the turn's draw the seed made before it and before
// the draws its effects made. A draw for the player whose turn it is not
// (an effect of theirs in the other's turn) is written in the turn by the
// turn's player, as ruling M3 allows, so that no draw needs a player's
// name in front.
func (s *State) Recorded() []engine.By {
	if !s.seeded {
		return nil
	}
	if s.rec == nil {
		s.rec = &recording{}
		if s.setup && s.pos == nil {
			s.recordSetup()
		}
	}
	out := s.rec.out
	s.rec.out = nil
	return out
}

// recordSetup chooses each player's deck and draws their opening hand, as
// the first move would, and writes them on the set-up lines.
func (s *State) recordSetup() {
	for p, pl := range s.players {
		if pl.chosen || pl.owed != OpeningHand || len(pl.hand) > 0 {
			continue // the set-up was already under way: not recorded
		}
		_, name := s.defaultDeck()
		if err := s.choose(p); err != nil {
			continue
		}
		s.settleOwed(p)
		s.rec.out = append(s.rec.out,
			engine.By{Player: p, Move: engine.OnSetupLine{Move: Deck{Named: name}}},
			engine.By{Player: p, Move: engine.OnSetupLine{Move: Draw{Cards: slices.Clone(pl.hand), Opening: true}}})
	}
}

// recordDraw notes cards the seed drew for p: the turn's draw at once,
// an effect's after the move that made it.
func (s *State) recordDraw(p int, cards []string, turn bool) {
	if s.rec == nil || len(cards) == 0 {
		return
	}
	d := Draw{Cards: slices.Clone(cards)}
	if p != s.toMove {
		d.of = p + 1
	}
	e := engine.By{Player: s.toMove, Move: d}
	if turn {
		s.rec.out = append(s.rec.out, e)
		return
	}
	s.rec.later = append(s.rec.later, e)
}

// applyRecorded applies m for p and writes it, with what the seed decided
// for it, in the record.
func (s *State) applyRecorded(p int, m engine.Move) error {
	mark := len(s.rec.out)
	s.rec.later, s.rec.ranOut = nil, false
	opp := 1 - p
	damage := len(s.players[opp].damage)
	if err := s.applyMove(p, m); err != nil {
		s.rec.out, s.rec.later = s.rec.out[:mark], nil
		return err
	}
	if d, ok := m.(Direct); ok && len(s.players[opp].damage) > damage {
		d.Card = s.players[opp].damage[len(s.players[opp].damage)-1]
		m = d
	}
	s.rec.out = append(s.rec.out, engine.By{Player: p, Move: m})
	if !s.outcome.Over || s.rec.ranOut {
		// An effect's draws once the game is over are not written (a
		// fifth card in a damage zone ends it before the Trigger's draw,
		// unseeded); those that ran the deck out are, as what lost it.
		s.rec.out = append(s.rec.out, s.rec.later...)
	}
	s.rec.later = nil
	return nil
}

// Hide implements engine.Hider: seat sees its own draws and deck, and
// every card played, discarded or placed in a damage zone; the other
// player's draws are unknown to it, and their deck list too (ruling M45).
func (s *State) Hide(seat, player int, m engine.Move) engine.Move {
	switch m := m.(type) {
	case engine.OnSetupLine:
		return engine.OnSetupLine{Move: s.Hide(seat, player, m.Move)}
	case Draw:
		owner := player
		if m.of > 0 {
			owner = m.of - 1
		}
		if owner == seat {
			return m
		}
		h := Draw{Cards: make([]string, len(m.Cards)), Opening: m.Opening, of: m.of}
		for i := range h.Cards {
			h.Cards[i] = Unknown
		}
		return h
	case Deck:
		if player == seat {
			return m
		}
		return Deck{Named: Unknown, InTurn: m.InTurn}
	}
	return m
}

var (
	_ engine.Recorder = (*State)(nil)
	_ engine.Hider    = (*State)(nil)
)
