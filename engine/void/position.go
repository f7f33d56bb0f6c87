package void

import (
	"fmt"
	"slices"

	"github.com/tabletop-referee/referee/engine"
)

// A Void position is what its set-up lines have always declared (ruling
// V1): the board, each player's void energy, income, life and hand, and
// the cards in play. A position taken at a later turn adds what play
// changes and the set-up did not declare: each player's cache, and the
// damage on units (ruling V34). The queue is empty between turns (V10),
// every card in play is ready at a turn's start (V21), and the player
// whose turn it is decides first (V6): a position declares none of them.

// Cache declares cards in a player's cache, in the order they went there.
type Cache struct{ Cards []string }

// declaredAmount refuses a declared void energy, income or life past
// 999, where the rules stop them (ruling V4).
func declaredAmount(m engine.Move) error {
	var word string
	var n int
	switch m := m.(type) {
	case Energy:
		word, n = "void energy", m.N
	case Income:
		word, n = "income", m.N
	case Life:
		word, n = "life", m.N
	}
	if n > maxEnergy {
		return ruling("V4", rulingStop, fmt.Sprintf("%s %d is past 999", word, n))
	}
	return nil
}

// declaredDamage refuses damage a card in play cannot carry: any on a
// card that is not a unit, and as much as a unit's health, which would
// have destroyed it (ruling V26).
func declaredDamage(c *Card, damage int) error {
	switch {
	case damage == 0:
		return nil
	case c.Kind != Unit:
		return ruling("V26", rulingDamage, fmt.Sprintf("%s is %s, and only a unit takes damage", c.Name, c.Kind.an()))
	case damage >= c.Health:
		return ruling("V26", rulingDestroyed, fmt.Sprintf("%s has health %d, and %d damage would have destroyed it", c.Name, c.Health, damage))
	}
	return nil
}

// declareCache adds cards to p's cache: cards of the catalogue, within
// its copies (ruling V36), or unknown (ruling V35).
func (s *State) declareCache(p int, m Cache) error {
	for _, name := range m.Cards {
		if _, ok := s.cards.Card(name); !ok && name != Unknown {
			return ruling("V1", rulingCatalogue, fmt.Sprintf("the catalogue has no card %s", name))
		}
	}
	h, _, err := s.account(p, m.Cards, "cache")
	if err != nil {
		return err
	}
	if h != nil {
		s.hid = h
	}
	s.players[p].cache = append(s.players[p].cache, m.Cards...)
	return nil
}

// StartAt ends the set-up lines' position and begins turn number turn,
// player's, as the first turn of a game begins (engine.Positioned): the
// player gains their income, and every card in play is ready. Turn 1 is
// the first player's whatever the line says (ruling V5). A position with
// no sector is refused (ruling V2), and then nothing changes.
func (s *State) StartAt(turn, player int) error {
	switch {
	case s.turn > 0 || s.outcome.Over:
		return fmt.Errorf("void: the game has begun: a position starts before its first turn")
	case turn < 1:
		return ruling("V34", rulingPosition, fmt.Sprintf("turn %d: turns count from 1", turn))
	case player < 0 || player > 1:
		return fmt.Errorf("void: no player %d", player)
	case len(s.sectors) == 0:
		return ruling("V2", rulingBoardFirst, noSector)
	}
	if turn == 1 {
		// The first player takes the first turn (ruling V5): a first
		// turn line of the other's is then refused at their first move,
		// as it always was.
		player = 0
	}
	s.first.turn, s.first.player = turn, player
	return s.begin()
}

// Position writes the game at the start of the turn under way, before any
// move of it: the board line, then each player's void energy, income,
// life, hand and cache, then the cards in play in the order they entered
// (engine.Positioned). The energy written is what the player had before
// the turn's income, which StartAt gives again. Before the first turn it
// is the set-up, and turn 1, the first player's.
//
// A position has an empty queue: actions left waiting by a turn let end
// with the queue open (ruling V31) are not written.
func (s *State) Position() engine.Position {
	pos := engine.Position{Turn: 1, Player: 0}
	if s.turn > 0 {
		pos.Turn, pos.Player = s.turn, s.active
	}
	if len(s.sectors) > 0 {
		var board []engine.Move
		for _, sec := range s.sectors {
			board = append(board, engine.OnSetupLine{Move: Sector{sec.Name, slices.Clone(sec.Biomes)}})
		}
		pos.Lines = append(pos.Lines, engine.PositionLine{Subject: engine.Nobody, Moves: board})
	}
	for p, pl := range s.players {
		energy := pl.energy
		if s.turn > 0 && p == s.active {
			energy = s.beforeIncome(p)
		}
		moves := []engine.Move{Energy{energy}, Income{pl.income}}
		if pl.hasLife {
			moves = append(moves, Life{pl.life})
		}
		if len(pl.hand) > 0 {
			moves = append(moves, Hand{slices.Clone(pl.hand)})
		}
		if len(pl.cache) > 0 {
			moves = append(moves, Cache{slices.Clone(pl.cache)})
		}
		pos.Lines = append(pos.Lines, engine.PositionLine{Subject: p, Moves: wrapSetup(moves)})
	}
	// The cards in play go on their owners' lines in the order they
	// entered, a new line where the owner changes back, so that the first
	// of several copies stays the first (ruling V20).
	at := 1
	if len(s.sectors) == 0 {
		at = 0
	}
	for _, pm := range s.perms {
		if pos.Lines[at].Subject != pm.owner {
			if at+1 < len(pos.Lines) && pos.Lines[at+1].Subject == pm.owner {
				at++
			} else {
				pos.Lines = append(pos.Lines, engine.PositionLine{Subject: pm.owner})
				at = len(pos.Lines) - 1
			}
		}
		where := s.targetName(pm.on)
		if pm.card.Kind == Unit {
			where = s.sectors[pm.sector].Name
		}
		f := engine.OnSetupLine{Move: Field{Card: pm.card.Name, Target: where, Damage: pm.damage}}
		pos.Lines[at].Moves = append(pos.Lines[at].Moves, f)
	}
	return pos
}

// beforeIncome is player p's void energy before the income the start of
// the turn gave them (ruling V4): one that stopped at 999 is written as
// any amount that the income brings to 999 again.
func (s *State) beforeIncome(p int) int {
	gain := s.players[p].income
	for _, pm := range s.perms {
		if pm.owner == p {
			gain += pm.card.Income
		}
	}
	return max(s.players[p].energy-gain, 0)
}

// wrapSetup wraps moves as moves of a set-up line.
func wrapSetup(moves []engine.Move) []engine.Move {
	for i, m := range moves {
		moves[i] = engine.OnSetupLine{Move: m}
	}
	return moves
}
