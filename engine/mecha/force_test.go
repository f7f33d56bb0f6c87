package mecha

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

var _ engine.Forcer = (*State)(nil)

// ---------------------------------------------------------------------------
// Moves let stand (rulings M36 to M39): each kind of move Apply refuses,
// forced from a position where Apply refuses it.

// forcedCase is a move Apply refuses in a position. Either want edits the
// position (a copy taken before the move) into the one the forced move must
// leave, or the move cannot be let stand: Force refuses it with what,
// quoting ruling and rule, and leaves the state as it was.
type forcedCase struct {
	name   string
	tb     table
	before func(t *testing.T, s *State) // moves or edits that reach the position
	player int
	move   engine.Move
	want   func(t *testing.T, s *State)
	what   string
	ruling string
	rule   string
}

// forceSnapshot is snapshot with what it leaves out: who owes a sacrifice,
// and the cards an effect drew that a transcript may still write.
func forceSnapshot(s *State) string {
	var b strings.Builder
	b.WriteString(snapshot(s))
	fmt.Fprintf(&b, "sacrificer=%d\n", s.sacrificer)
	for p, pl := range s.players {
		fmt.Fprintf(&b, "p%d recent=%q\n", p, pl.recent)
	}
	return b.String()
}

// runForced runs cases: Apply must refuse each move; Force must play it as
// want says, or refuse it as the case says, changing nothing.
func runForced(t *testing.T, newState func(t *testing.T, tb table) *State, cases []forcedCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			s := newState(t, tt.tb)
			if tt.before != nil {
				tt.before(t, s)
			}
			if err := s.clone().Apply(tt.player, tt.move); err == nil {
				t.Fatalf("Apply accepts %s by %s: the case forces nothing", moveKey(tt.move), players[tt.player])
			}
			before := s.clone()
			err := s.Force(tt.player, tt.move)
			if tt.want == nil {
				want := verdict{Ruling: tt.ruling, Rule: tt.rule}
				v := quotes.Refused(t, err, moveKey(tt.move), players[tt.player], want)
				if v.What != tt.what {
					t.Errorf("Force refuses with %q, want %q", v.What, tt.what)
				}
				if !enginetest.Equal(s.clone(), before) {
					t.Errorf("a refused move let stand changed the state:\nbefore %s\nafter  %s", forceSnapshot(before), forceSnapshot(s))
				}
				return
			}
			if err != nil {
				t.Fatalf("Force(%s by %s): %v", moveKey(tt.move), players[tt.player], err)
			}
			tt.want(t, before)
			if got, want := forceSnapshot(s), forceSnapshot(before); got != want {
				t.Errorf("after %s let stand:\n%s\nwant\n%s", moveKey(tt.move), got, want)
			}
		})
	}
}

// Edits for want: what a move changes, made by hand.

func fromHandTo(s *State, p int, card string, pile *[]string) {
	pl := s.players[p]
	i := slices.Index(pl.hand, card)
	pl.hand = slices.Delete(pl.hand, i, i+1)
	if pile != nil {
		*pile = append(*pile, card)
	}
}

func fromDeckTo(s *State, p int, card string, pile *[]string) {
	pl := s.players[p]
	i := slices.Index(pl.deck, card)
	pl.deck = slices.Delete(pl.deck, i, i+1)
	*pile = append(*pile, card)
}

func moveOn(s *State, from, to string, squares int) {
	u := s.UnitAt(sq(from))
	s.put(Board.Index(sq(from)), nil)
	s.put(Board.Index(sq(to)), u)
	u.Steps += squares
	s.acts(sq(to))
}

func card(s *State, name string) *Card {
	c, _ := s.cards.Card(name)
	return c
}

func TestForcePlay(t *testing.T) {
	runForced(t, build, []forcedCase{
		{
			name:   "a mecha outside the entry zone",
			tb:     table{hands: [2]string{"Scout"}, units: []string{`Ann "Radio Tower" a1`}},
			player: ann, move: play("Scout", "c3"),
			want: func(t *testing.T, s *State) {
				fromHandTo(s, ann, "Scout", nil)
				put(t, s, "Ann Scout c3 new")
			},
		},
		{
			name:   "a mecha beyond the bandwidth costs nothing more",
			tb:     table{hands: [2]string{"Titan"}, units: []string{`Ann "Radio Tower" a1`}},
			player: ann, move: play("Titan", "b1"),
			want: func(t *testing.T, s *State) {
				fromHandTo(s, ann, "Titan", nil)
				put(t, s, "Ann Titan b1 new") // bandwidth 5 of 1 used
			},
		},
		{
			name:   "a tower away from the entry zone and the towers",
			player: ann, move: play(radio, "d3"),
			want: func(t *testing.T, s *State) {
				fromHandTo(s, ann, radio, nil)
				put(t, s, `Ann "Radio Tower" d3 new`)
			},
		},
		{
			name:   "a tower out of turn: the turn stays Ann's",
			player: ben, move: play(radio, "d5"),
			want: func(t *testing.T, s *State) {
				fromHandTo(s, ben, radio, nil)
				put(t, s, `Ben "Radio Tower" d5 new`)
			},
		},
		{
			name:   "a pilot outside the entry zone",
			tb:     table{hands: [2]string{"Rookie"}, units: []string{"Ann Lancer c3"}},
			player: ann, move: play("Rookie", "c3"),
			want: func(t *testing.T, s *State) {
				fromHandTo(s, ann, "Rookie", nil)
				s.UnitAt(sq("c3")).Pilot = card(s, "Rookie")
			},
		},
		{
			name:   "a second pilot takes the first one's place",
			tb:     table{hands: [2]string{"Rookie"}, units: []string{"Ann Lancer c1 pilot=Ace"}},
			player: ann, move: play("Rookie", "c1"),
			want: func(t *testing.T, s *State) {
				fromHandTo(s, ann, "Rookie", nil)
				s.players[ann].graveyard = append(s.players[ann].graveyard, "Ace")
				s.UnitAt(sq("c1")).Pilot = card(s, "Rookie") // Ace's durability counter stays
			},
		},
		{
			name:   "a pilot onto a tower",
			tb:     table{hands: [2]string{"Guard"}, units: []string{`Ann "Radio Tower" a1`}},
			player: ann, move: play("Guard", "a1"),
			want: func(t *testing.T, s *State) {
				fromHandTo(s, ann, "Guard", nil)
				u := s.UnitAt(sq("a1"))
				u.Pilot, u.Armour = card(s, "Guard"), 1
			},
		},
		{
			name:   "a command onto a target of the wrong kind",
			tb:     table{hands: [2]string{"Barrage"}, units: []string{"Ann Lancer c3"}},
			player: ann, move: play("Barrage", "c3"),
			want: func(t *testing.T, s *State) {
				fromHandTo(s, ann, "Barrage", &s.players[ann].graveyard)
				s.UnitAt(sq("c3")).Durability = 1
			},
		},
		{
			name:   "a command without a target, written with a square",
			tb:     table{hands: [2]string{"Resupply"}, units: []string{"Ann Lancer c2"}},
			player: ann, move: play("Resupply", "c2"),
			want: func(t *testing.T, s *State) {
				fromHandTo(s, ann, "Resupply", &s.players[ann].graveyard)
				s.players[ann].owed = 2
			},
		},
		{
			name:   "a command in the end phase, under variant commands=main",
			tb:     table{variants: commandsMain, hands: [2]string{"Barrage"}, units: []string{"Ben Bulwark d4"}},
			before: func(t *testing.T, s *State) { mustApply(t, s, ann, Discard{Card: radio}) },
			player: ann, move: play("Barrage", "d4"),
			want: func(t *testing.T, s *State) {
				fromHandTo(s, ann, "Barrage", &s.players[ann].graveyard)
				s.UnitAt(sq("d4")).Durability = 3 // damage is no attack: the armour stays
			},
		},
		{
			name:   "a placed command in the end phase, under variant commands=main",
			tb:     table{variants: commandsMain, hands: [2]string{"Mine"}},
			before: func(t *testing.T, s *State) { mustApply(t, s, ann, Discard{Card: radio}) },
			player: ann, move: play("Mine", "c3"),
			want: func(t *testing.T, s *State) {
				fromHandTo(s, ann, "Mine", nil)
				s.placed = append(s.placed, &PlacedCommand{Card: card(s, "Mine"), Owner: ann, At: sq("c3"), Time: 2})
			},
		},
		{
			name: "a card not in hand", player: ann, move: play("Titan", "c1"),
			what: "Titan is not in Ann's hand", ruling: "M11", rule: rulingHand,
		},
		{
			name: "a card the catalogue does not have", player: ann, move: play("Gizmo", "c1"),
			what: `no card named "Gizmo" in the catalogue`, ruling: "M33", rule: rulingNames,
		},
		{
			name: "a tower onto a unit", tb: table{units: []string{"Ann Lancer c1"}},
			player: ann, move: play(radio, "c1"),
			what: "c1 is occupied", ruling: "M9", rule: rulingOccupied,
		},
		{
			name: "a tower off the board", player: ann, move: play(radio, "h1"),
			what: "h1 is not on the board", ruling: "M1", rule: rulingBoard,
		},
		{
			name: "a tower onto no square", player: ann, move: Play{Card: radio},
			what: "a tower is played onto a square, and none is named", ruling: "M36", rule: rulingLetStandTarget,
		},
		{
			name: "a pilot onto an empty square", tb: table{hands: [2]string{"Rookie"}},
			player: ann, move: play("Rookie", "c1"),
			what: "there is no unit on c1", ruling: "M36", rule: rulingLetStandTarget,
		},
		{
			name: "a pilot onto the other player's mecha", tb: table{hands: [2]string{"Rookie"}, units: []string{"Ben Lancer c1"}},
			player: ann, move: play("Rookie", "c1"),
			what: "the unit on c1 is Ben's", ruling: "M36", rule: rulingLetStandUnit,
		},
		{
			name: "a command without the target it needs", tb: table{hands: [2]string{"Barrage"}},
			player: ann, move: Play{Card: "Barrage"},
			what: "Barrage needs a target: a enemy unit, and none is named", ruling: "M36", rule: rulingLetStandTarget,
		},
		{
			name: "a command onto an empty square", tb: table{hands: [2]string{"Barrage"}},
			player: ann, move: play("Barrage", "d4"),
			what: "Barrage needs a target: a enemy unit, and there is no unit on d4", ruling: "M36", rule: rulingLetStandTarget,
		},
		{
			name: "a command onto a square off the board", tb: table{hands: [2]string{"Mine"}},
			player: ann, move: play("Mine", "c7"),
			what: "c7 is not on the board", ruling: "M1", rule: rulingBoard,
		},
	})
}

func TestForceUnits(t *testing.T) {
	runForced(t, build, []forcedCase{
		{
			name: "a step by a unit played this turn, without haste", tb: table{units: []string{"Ann Lancer c1 new"}},
			player: ann, move: step("c1", "c2"),
			want: func(t *testing.T, s *State) { moveOn(s, "c1", "c2", 1) },
		},
		{
			name: "a step beyond the unit's speed", tb: table{units: []string{"Ann Lancer c1 moved=1"}},
			player: ann, move: step("c1", "c2"),
			want: func(t *testing.T, s *State) { moveOn(s, "c1", "c2", 1) }, // 2 squares moved
		},
		{
			name: "several squares at once count every square", tb: table{units: []string{"Ann Lancer c1"}},
			player: ann, move: step("c1", "d3"),
			want: func(t *testing.T, s *State) { moveOn(s, "c1", "d3", 3) },
		},
		{
			name: "a tower without speed", tb: table{units: []string{`Ann "Radio Tower" a1`}},
			player: ann, move: step("a1", "a2"),
			want: func(t *testing.T, s *State) { moveOn(s, "a1", "a2", 1) },
		},
		{
			name: "a step out of turn", tb: table{units: []string{"Ben Lancer c4"}},
			player: ben, move: step("c4", "c3"),
			want: func(t *testing.T, s *State) { moveOn(s, "c4", "c3", 1) },
		},
		{
			name: "an attack out of range", tb: table{units: []string{"Ann Lancer c1", "Ben Lancer c4"}},
			player: ann, move: attack("c1", "c4"),
			want: func(t *testing.T, s *State) {
				s.UnitAt(sq("c1")).Attacked = true
				s.UnitAt(sq("c4")).Durability = 1
			},
		},
		{
			name: "a second attack destroys", tb: table{units: []string{"Ann Striker c3 attacked", "Ben Lancer c4"}},
			player: ann, move: attack("c3", "c4"),
			want: func(t *testing.T, s *State) {
				s.put(Board.Index(sq("c4")), nil)
				s.players[ben].graveyard = append(s.players[ben].graveyard, "Lancer")
			},
		},
		{
			name: "an attack on a flier without flight or reach", tb: table{units: []string{"Ann Lancer c3", "Ben Hawk c4"}},
			player: ann, move: attack("c3", "c4"),
			want: func(t *testing.T, s *State) {
				s.UnitAt(sq("c3")).Attacked = true
				s.put(Board.Index(sq("c4")), nil)
				s.players[ben].graveyard = append(s.players[ben].graveyard, "Hawk")
			},
		},
		{
			name: "an attack with no power takes an armour counter", tb: table{units: []string{"Ann Dummy c3", "Ben Bulwark c4"}},
			player: ann, move: attack("c3", "c4"),
			want: func(t *testing.T, s *State) {
				s.UnitAt(sq("c3")).Attacked = true
				s.UnitAt(sq("c4")).Armour = 1
			},
		},
		{
			name: "an attack on its own player's unit", tb: table{units: []string{"Ann Lancer c3", "Ann Scout c4"}},
			player: ann, move: attack("c3", "c4"),
			want: func(t *testing.T, s *State) {
				s.UnitAt(sq("c3")).Attacked = true
				s.put(Board.Index(sq("c4")), nil)
				s.players[ann].graveyard = append(s.players[ann].graveyard, "Scout")
			},
		},
		{
			name: "a direct attack from outside the entry zone", tb: table{decks: [2]string{"", "Titan"}, units: []string{"Ann Striker c3"}},
			player: ann, move: direct("c3", "Titan"),
			want: func(t *testing.T, s *State) {
				s.UnitAt(sq("c3")).Attacked = true
				fromDeckTo(s, ben, "Titan", &s.players[ben].damage)
			},
		},
		{
			name: "a fifth damage card let stand ends the game",
			tb:   table{units: []string{"Ann Striker c5 attacked"}},
			before: func(t *testing.T, s *State) {
				for range 4 {
					fromDeckTo(s, ben, radio, &s.players[ben].damage)
				}
			},
			player: ann, move: direct("c5", radio),
			want: func(t *testing.T, s *State) {
				s.UnitAt(sq("c5")).Attacked = true
				fromDeckTo(s, ben, radio, &s.players[ben].damage)
				s.outcome = engine.Outcome{Over: true, Winner: ann, Reason: "Ben has five cards in their damage zone", Turn: 1}
			},
		},
		{
			name: "a step with the other player's unit", tb: table{units: []string{"Ben Lancer c4"}},
			player: ann, move: step("c4", "c3"),
			what: "the unit on c4 is Ben's", ruling: "M36", rule: rulingLetStandUnit,
		},
		{
			name: "a step from an empty square", player: ann, move: step("c2", "c3"),
			what: "there is no unit on c2", ruling: "M36", rule: rulingLetStandUnit,
		},
		{
			name: "a step onto a unit", tb: table{units: []string{"Ann Lancer c1", "Ben Scout c2"}},
			player: ann, move: step("c1", "c2"),
			what: "c2 is occupied by Scout", ruling: "M9", rule: rulingOccupied,
		},
		{
			name: "a step off the board", tb: table{units: []string{"Ann Lancer g1"}},
			player: ann, move: step("g1", "h1"),
			what: "h1 is not on the board", ruling: "M1", rule: rulingBoard,
		},
		{
			name: "an attack on an empty square", tb: table{units: []string{"Ann Striker c3"}},
			player: ann, move: attack("c3", "c4"),
			what: "there is no unit on c4", ruling: "M36", rule: rulingLetStandTarget,
		},
		{
			name: "an attack on itself", tb: table{units: []string{"Ann Striker c3"}},
			player: ann, move: attack("c3", "c3"),
			what: "Striker on c3 cannot attack itself", ruling: "M36", rule: rulingLetStandTarget,
		},
		{
			name: "an attack with the other player's unit", tb: table{units: []string{"Ben Striker c3", "Ann Lancer c2"}},
			player: ann, move: attack("c3", "c2"),
			what: "the unit on c3 is Ben's", ruling: "M36", rule: rulingLetStandUnit,
		},
		{
			name: "an attack off the board", tb: table{units: []string{"Ann Archer g1"}},
			player: ann, move: attack("g1", "h1"),
			what: "h1 is not on the board", ruling: "M1", rule: rulingBoard,
		},
		{
			name: "a direct attack with its card not written", tb: table{units: []string{"Ann Striker c3"}},
			player: ann, move: direct("c3", ""),
			what: "the card Ben places in the damage zone is not recorded, and no Seed tag gives it", ruling: "M3", rule: rulingDrawRecord,
		},
		{
			name: "a direct attack with a card the deck does not hold", tb: table{units: []string{"Ann Striker c3"}},
			player: ann, move: direct("c3", "Titan"),
			what: "Ben's deck has no Titan left", ruling: "M3", rule: rulingNotInDeck,
		},
		{
			name: "a direct attack from an empty square", player: ann, move: direct("c5", radio),
			what: "there is no unit on c5", ruling: "M36", rule: rulingLetStandUnit,
		},
	})
}

func TestForceTurnMoves(t *testing.T) {
	runForced(t, build, []forcedCase{
		{
			name:   "a discard with five cards",
			before: func(t *testing.T, s *State) { mustApply(t, s, ann, play(radio, "a1")) },
			player: ann, move: Discard{Card: radio},
			want: func(t *testing.T, s *State) {
				fromHandTo(s, ann, radio, &s.players[ann].graveyard)
				s.ending = true
			},
		},
		{
			name:   "a discard out of turn leaves the turn's phase alone",
			player: ben, move: Discard{Card: radio},
			want: func(t *testing.T, s *State) {
				fromHandTo(s, ben, radio, &s.players[ben].graveyard)
			},
		},
		{
			name: "a sacrifice with one copy", tb: table{units: []string{"Ann Lancer c1 pilot=Ace"}},
			player: ann, move: Sacrifice{At: sq("c1")},
			want: func(t *testing.T, s *State) {
				s.UnitAt(sq("c1")).Pilot = nil // Ace's durability counter stays
				s.players[ann].graveyard = append(s.players[ann].graveyard, "Ace")
			},
		},
		{
			name:   "the end of a turn with six cards: they are kept",
			tb:     table{units: []string{"Ann Lancer c1 moved=1 attacked"}},
			player: ann, move: engine.EndTurn{},
			want: func(t *testing.T, s *State) {
				u := s.UnitAt(sq("c1"))
				u.Steps, u.Attacked = 0, false
				s.toMove, s.turn, s.drawPhase = ben, 2, true
			},
		},
		{
			name: "a skip of the draw for a card without rebirth", tb: table{draw: "-"},
			before: func(t *testing.T, s *State) { bury(s, ann, "Scout") },
			player: ann, move: SkipDraw{Card: "Scout"},
			want: func(t *testing.T, s *State) {
				s.setup = false
				s.players[ann].graveyard = nil
				s.players[ann].hand = append(s.players[ann].hand, "Scout")
			},
		},
		{
			name:   "a skip after the draw returns the card, and the draw stays",
			before: func(t *testing.T, s *State) { bury(s, ann, "Pheonix") },
			player: ann, move: SkipDraw{Card: "Pheonix"},
			want: func(t *testing.T, s *State) {
				s.players[ann].graveyard = nil
				s.players[ann].hand = append(s.players[ann].hand, "Pheonix")
			},
		},
		{
			name:   "a second draw in the turn",
			tb:     table{decks: [2]string{"Titan"}},
			player: ann, move: draw("Titan"),
			want: func(t *testing.T, s *State) { fromDeckTo(s, ann, "Titan", &s.players[ann].hand) },
		},
		{
			name: "a discard of a card not in hand", player: ann, move: Discard{Card: "Titan"},
			what: "Titan is not in Ann's hand", ruling: "M11", rule: rulingHand,
		},
		{
			name: "a sacrifice of no pilot", tb: table{units: []string{"Ann Lancer c1"}},
			player: ann, move: Sacrifice{At: sq("c1")},
			what: "Lancer on c1 has no pilot", ruling: "M36", rule: rulingLetStandCard,
		},
		{
			name: "a sacrifice of the other player's pilot", tb: table{units: []string{"Ben Lancer c5 pilot=Rookie"}},
			player: ann, move: Sacrifice{At: sq("c5")},
			what: "the unit on c5 is Ben's", ruling: "M36", rule: rulingLetStandUnit,
		},
		{
			name: "the end of the other player's turn", player: ben, move: engine.EndTurn{},
			what: "it is Ann's turn: Ben has none to end", ruling: "M37", rule: rulingLetStandEnd,
		},
		{
			name: "a skip of a card not in the graveyard", player: ann, move: SkipDraw{Card: "Pheonix"},
			what: "Pheonix is not in Ann's graveyard", ruling: "M36", rule: rulingLetStandCard,
		},
		{
			name: "a draw of a card not in the deck", player: ann, move: draw("Dummy"),
			what: "Ann's deck has no Dummy left", ruling: "M3", rule: rulingNotInDeck,
		},
		{
			name: "a move before the turn's draw is written", tb: table{draw: "-"},
			player: ann, move: play(radio, "d3"),
			what: "Ann's draw for turn 1 comes first, and is not written before this move; no Seed tag gives it", ruling: "M35", rule: rulingDrawFirst,
		},
		{
			name: "a mulligan once turn 1 has begun", player: ann, move: Mulligan{InTurn: true},
			what: "the set-up is over: turn 1 has begun", ruling: "M39", rule: rulingLetStandMulligan,
		},
		{
			name: "a second deck once turn 1 has begun", player: ann, move: Deck{Named: "Aggro", InTurn: true},
			what: "Ann's deck is already in play", ruling: "M39", rule: rulingLetStandDeck,
		},
		{
			name: "a move once the game is over", tb: table{units: []string{"Ann Lancer c1"}},
			before: func(t *testing.T, s *State) { s.lose(ben, "has five cards in their damage zone") },
			player: ann, move: step("c1", "c2"),
			what: "the game is already over", ruling: "M36", rule: rulingLetStandOver,
		},
	})
}

func TestForceSetUp(t *testing.T) {
	setup := func(t *testing.T, _ table) *State { return setupGame(t) }
	deckOf := func(list []DeckCount) func(t *testing.T, s *State) {
		return func(t *testing.T, s *State) {
			s.players[ann].deck, s.players[ann].chosen = expand(list), true
		}
	}
	runForced(t, setup, []forcedCase{
		{
			name: "a deck of 39 cards", player: ann, move: Deck{List: deckList(`39 "Radio Tower"`)},
			want: deckOf(deckList(`39 "Radio Tower"`)),
		},
		{
			name: "a deck with four copies of a card", player: ann, move: Deck{List: kit(names("Scout Scout Scout Scout"))},
			want: deckOf(kit(names("Scout Scout Scout Scout"))),
		},
		{
			name: "a deck too short for the opening hand loses", player: ann, move: Deck{List: deckList(`3 Scout`)},
			want: func(t *testing.T, s *State) {
				deckOf(deckList(`3 Scout`))(t, s)
				s.outcome = engine.Outcome{Over: true, Winner: ben, Reason: "Ann could not draw a card from their deck", Turn: 1}
			},
		},
		{
			name: "a sixth opening card",
			before: func(t *testing.T, s *State) {
				mustApply(t, s, ann, Deck{Named: "Starter"}, opening(`Scout Scout Hawk EMP Mine`))
			},
			player: ann, move: opening(`Titan`),
			want: func(t *testing.T, s *State) { fromDeckTo(s, ann, "Titan", &s.players[ann].hand) },
		},
		{
			name: "a second mulligan",
			before: func(t *testing.T, s *State) {
				mustApply(t, s, ann, Deck{Named: "Starter"}, opening(`Scout Scout Hawk EMP Mine`), Mulligan{}, opening(`Titan Hawk Lancer Lancer Archer`))
			},
			player: ann, move: Mulligan{},
			want: func(t *testing.T, s *State) {
				pl := s.players[ann]
				pl.aside, pl.hand, pl.owed, pl.opening = names(`Titan Hawk Lancer Lancer Archer`), nil, OpeningHand, true
			},
		},
		{
			name: "a mulligan before the opening hand is complete",
			before: func(t *testing.T, s *State) {
				mustApply(t, s, ann, Deck{Named: "Starter"}, opening(`Scout Scout Hawk`))
			},
			player: ann, move: Mulligan{},
			want: func(t *testing.T, s *State) {
				pl := s.players[ann]
				pl.aside, pl.hand, pl.owed, pl.mulligan = names(`Scout Scout Hawk`), nil, OpeningHand, true
			},
		},
		{
			name: "a mulligan written on the first turn line, before any move",
			before: func(t *testing.T, s *State) {
				mustApply(t, s, ann, Deck{Named: "Starter"}, opening(`Scout Scout Hawk EMP Mine`))
			},
			player: ann, move: Mulligan{InTurn: true},
			want: func(t *testing.T, s *State) {
				pl := s.players[ann]
				pl.aside, pl.hand, pl.owed, pl.opening, pl.mulligan = names(`Scout Scout Hawk EMP Mine`), nil, OpeningHand, true, true
			},
		},
		{
			name: "a deck with a card the catalogue does not have", player: ann, move: Deck{List: kit(names("Gizmo"))},
			what: `no card named "Gizmo" in the catalogue`, ruling: "M33", rule: rulingNames,
		},
		{
			name:   "a second deck",
			before: func(t *testing.T, s *State) { mustApply(t, s, ann, Deck{Named: "Starter"}) },
			player: ann, move: Deck{Named: "Aggro"},
			what: "Ann's deck is already in play", ruling: "M39", rule: rulingLetStandDeck,
		},
		{
			name: "a card played on a set-up line",
			before: func(t *testing.T, s *State) {
				mustApply(t, s, ann, Deck{Named: "Starter"}, opening(`Scout Scout Hawk EMP Mine`))
			},
			player: ann, move: engine.OnSetupLine{Move: play("Scout", "c1")},
			what: "a set-up line holds only deck, draw and mulligan", ruling: "M39", rule: rulingLetStandSetupLine,
		},
		{
			name: "an opening card the deck does not hold",
			before: func(t *testing.T, s *State) {
				mustApply(t, s, ann, Deck{Named: "Starter"}, opening(`Scout Scout Hawk EMP Mine`))
			},
			player: ann, move: opening(`Dummy`),
			what: "Ann's deck has no Dummy left", ruling: "M3", rule: rulingNotInDeck,
		},
	})
}

// TestForceSeededDraws: in a seeded game a card drawn beyond the count is
// the deck's top card.
func TestForceSeededDraws(t *testing.T) {
	s := newGame(t, testCards(t), true, 3, nil)
	mustApply(t, s, ann, Discard{Card: s.Hand(ann)[0]}) // begins turn 1, the seed drawing
	top := s.players[ann].deck[0]
	wrong := radio
	if top == radio {
		wrong = "Scout"
	}
	before := s.clone()
	v := quotes.Refused(t, s.Force(ann, Draw{Cards: []string{wrong}}), "draw", "Ann", ruled("M3", rulingSeedAgrees))
	if want := fmt.Sprintf("the seeded deck gives %s here, not %s", top, wrong); v.What != want {
		t.Errorf("Force refuses with %q, want %q", v.What, want)
	}
	if !enginetest.Equal(s.clone(), before) {
		t.Errorf("a refused draw changed the state")
	}
	if err := s.Force(ann, Draw{Cards: []string{top}}); err != nil {
		t.Fatal(err)
	}
	if got := s.Hand(ann); got[len(got)-1] != top || len(got) != len(before.Hand(ann))+1 {
		t.Errorf("hand %q after drawing %s", got, top)
	}
	if n := s.DeckSize(ann); n != before.DeckSize(ann)-1 {
		t.Errorf("deck of %d cards, want %d", n, before.DeckSize(ann)-1)
	}
}

// TestForceOutOfTurnCopiesOfAPilot: a player who comes to control two
// copies of a pilot out of turn sacrifices one at once, before the player
// whose turn it is goes on (ruling M37).
func TestForceOutOfTurnCopiesOfAPilot(t *testing.T) {
	s := build(t, table{hands: [2]string{"", "Rookie"}, units: []string{"Ben Lancer c5 pilot=Rookie", "Ben Hawk d5", "Ann Lancer c1"}})
	if err := s.Force(ben, play("Rookie", "d5")); err != nil {
		t.Fatal(err)
	}
	if s.ToMove() != ben || s.sacrifice != "Rookie" || s.sacrificer != ben {
		t.Fatalf("ToMove %d, sacrifice %q by %d; want Ben to sacrifice a Rookie", s.ToMove(), s.sacrifice, s.sacrificer)
	}
	moves := checkLegalMovesApply(t, s)
	if len(moves) != 2 {
		t.Errorf("Legal lists %d moves, want Ben's 2 sacrifices", len(moves))
	}
	checkListed(t, moves, Sacrifice{At: sq("c5")}, Sacrifice{At: sq("d5")})
	expect(t, s, ann, step("c1", "c2"), ruled("M20", rulingSacrifice))
	mustApply(t, s, ben, Sacrifice{At: sq("c5")})
	if s.ToMove() != ann || s.sacrifice != "" {
		t.Errorf("after the sacrifice ToMove %d, sacrifice %q; want Ann's turn to go on", s.ToMove(), s.sacrifice)
	}
	mustApply(t, s, ann, step("c1", "c2"))
}

// TestForceTurnEndedWithASacrificeOwed: the sacrifice is made at once,
// before the next turn's draw (ruling M37).
func TestForceTurnEndedWithASacrificeOwed(t *testing.T) {
	for _, seeded := range []bool{false, true} {
		t.Run(fmt.Sprintf("seeded=%v", seeded), func(t *testing.T) {
			var s *State
			if seeded {
				s = newGame(t, testCards(t), true, 5, nil)
				s.players[ann].hand = append(s.players[ann].hand, "Rookie")
				put(t, s, "Ann Lancer c1 pilot=Rookie")
				put(t, s, "Ann Lancer d1")
			} else {
				s = build(t, table{hands: [2]string{"Rookie"}, units: []string{"Ann Lancer c1 pilot=Rookie", "Ann Lancer d1"}})
			}
			mustApply(t, s, ann, play("Rookie", "d1"))
			for len(s.Hand(ann)) > MaxHandSize {
				if err := s.Force(ann, Discard{Card: s.Hand(ann)[0]}); err != nil {
					t.Fatal(err)
				}
			}
			bury(s, ben, "Pheonix")
			if err := s.Force(ann, engine.EndTurn{}); err != nil {
				t.Fatal(err)
			}
			if s.Turn() != 2 || s.ToMove() != ann {
				t.Fatalf("turn %d, ToMove %d: want turn 2, Ann to sacrifice", s.Turn(), s.ToMove())
			}
			moves := checkLegalMovesApply(t, s)
			if len(moves) != 2 {
				t.Errorf("Legal lists %d moves, want Ann's 2 sacrifices", len(moves))
			}
			checkListed(t, moves, Sacrifice{At: sq("c1")}, Sacrifice{At: sq("d1")})
			expect(t, s, ben, SkipDraw{Card: "Pheonix"}, ruled("M20", rulingSacrifice))
			if !seeded {
				expect(t, s, ben, Draw{Cards: []string{radio}}, ruled("M20", rulingSacrifice))
			}
			mustApply(t, s, ann, Sacrifice{At: sq("d1")})
			if s.ToMove() != ben {
				t.Errorf("ToMove %d after the sacrifice, want Ben", s.ToMove())
			}
			checkListed(t, checkLegalMovesApply(t, s), SkipDraw{Card: "Pheonix"})
		})
	}
}

// TestForceShortDeckLosesAtTheMulligan: a deck let stand that cannot give
// a mulligan's five new cards loses then (ruling M39), so that the set-up
// never waits for cards the deck does not have.
func TestForceShortDeckLosesAtTheMulligan(t *testing.T) {
	for _, seeded := range []bool{false, true} {
		s := newGame(t, testCards(t), seeded, 9, nil)
		if err := s.Force(ann, Deck{List: deckList(`7 Scout`)}); err != nil {
			t.Fatal(err)
		}
		if !seeded {
			mustApply(t, s, ann, opening(`Scout Scout Scout Scout Scout`))
		}
		checkNotOver(t, s)
		mustApply(t, s, ann, Mulligan{})
		checkOutcome(t, s, ben, "Ann could not draw a card from their deck", 1)
	}
}

// ---------------------------------------------------------------------------
// Random games: Force plays legal moves as Apply does, and forced moves
// leave a game the rest of the engine can go on with.

// checkWhole checks what the engine relies on: each unit on one square,
// each player's cards all somewhere and once, a sacrifice owed only for
// two copies.
func checkWhole(t *testing.T, s *State) {
	t.Helper()
	seen := map[*Unit]bool{}
	count := [2]int{}
	for _, u := range s.board {
		if u == nil {
			continue
		}
		if seen[u] {
			t.Fatalf("a unit stands on two squares:\n%s", forceSnapshot(s))
		}
		seen[u] = true
		count[u.Owner]++
		if u.Pilot != nil {
			count[u.Owner]++
		}
	}
	for _, pc := range s.placed {
		count[pc.Owner]++
	}
	for p, pl := range s.players {
		if !pl.chosen {
			continue
		}
		count[p] += len(pl.deck) + len(pl.hand) + len(pl.aside) + len(pl.graveyard) + len(pl.damage)
		if count[p] != DeckSize {
			t.Fatalf("%s has %d cards, not %d:\n%s", players[p], count[p], DeckSize, forceSnapshot(s))
		}
		if pl.owed < 0 {
			t.Fatalf("%s owes %d cards", players[p], pl.owed)
		}
	}
	if s.sacrifice != "" && s.copies(s.sacrificer, s.sacrifice) < 2 {
		t.Fatalf("%s owes a sacrifice of %s with one copy", players[s.sacrificer], s.sacrifice)
	}
}

// randomMove makes up a move for p, legal or not: most often with p's own
// cards and units, else from anything in the catalogue and on (or off)
// the board, or one seen in another position.
func randomMove(rng *shuffle.Source, s *State, p int, pool []engine.Move) engine.Move {
	pick := func(names []string) string {
		if len(names) == 0 || rng.Intn(4) == 0 {
			if rng.Intn(8) == 0 {
				return "Gizmo"
			}
			return s.cards.cards[rng.Intn(len(s.cards.cards))].Name
		}
		return names[rng.Intn(len(names))]
	}
	square := func() grid.Square {
		// Now and then one off the board.
		return grid.Square{File: rng.Intn(Board.Files + 1), Rank: rng.Intn(Board.Ranks)}
	}
	var own, piloted []grid.Square
	for i, u := range s.board {
		if u != nil && u.Owner == p {
			own = append(own, Board.Square(i))
			if u.Pilot != nil {
				piloted = append(piloted, Board.Square(i))
			}
		}
	}
	from := func(squares []grid.Square) grid.Square {
		if len(squares) == 0 || rng.Intn(4) == 0 {
			return square()
		}
		return squares[rng.Intn(len(squares))]
	}
	pl, other := s.players[p], s.players[1-p]
	switch rng.Intn(12) {
	case 0, 1:
		at := square()
		return Play{Card: pick(pl.hand), At: &at}
	case 2:
		return Play{Card: pick(pl.hand)}
	case 3:
		f := from(own)
		if rng.Intn(2) == 0 {
			ns := Board.Orthogonal(f)
			if len(ns) > 0 {
				return Step{From: f, To: ns[rng.Intn(len(ns))]}
			}
		}
		return Step{From: f, To: square()}
	case 4:
		return Attack{From: from(own), Target: square()}
	case 5:
		card := ""
		if !s.seeded {
			card = pick(other.deck)
		}
		return Direct{From: from(own), Card: card}
	case 6:
		return Discard{Card: pick(pl.hand)}
	case 7:
		return Sacrifice{At: from(piloted)}
	case 8:
		return SkipDraw{Card: pick(pl.graveyard)}
	case 9:
		if rng.Intn(2) == 0 {
			return engine.EndTurn{}
		}
		return Mulligan{InTurn: true}
	case 10:
		card := pick(pl.deck)
		if s.seeded && len(pl.deck) > 0 && rng.Intn(2) == 0 {
			card = pl.deck[0]
		}
		return Draw{Cards: []string{card}}
	}
	if len(pool) == 0 {
		return engine.EndTurn{}
	}
	return pool[rng.Intn(len(pool))]
}

func TestForceLegalMovesAsApply(t *testing.T) {
	for g := range 4 {
		seed := uint64(300 + g)
		s := newGame(t, testCards(t), g != 3, seed, nil)
		rng := seededSource(seed, 1)
		for range 150 {
			if s.Outcome().Over {
				break
			}
			moves := s.Legal()
			p := s.ToMove()
			for _, m := range moves {
				a, f := s.clone(), s.clone()
				if err := a.Apply(p, m); err != nil {
					t.Fatalf("game %d: Apply(%s): %v", g, moveKey(m), err)
				}
				if err := f.Force(p, m); err != nil {
					t.Fatalf("game %d: Force(%s): %v", g, moveKey(m), err)
				}
				if !enginetest.Equal(a, f) {
					t.Fatalf("game %d: Force(%s) differs from Apply:\n%s\nApply:\n%s", g, moveKey(m), forceSnapshot(f), forceSnapshot(a))
				}
			}
			mustApply(t, s, p, moves[rng.Intn(len(moves))])
		}
	}
}

// TestForceRandomMovesInRandomGames plays random games, seeded and not,
// forcing now and then a move made up or taken from another position:
// a refused one changes nothing, and after one let stand Legal lists
// moves Apply accepts for ToMove until the game ends. 150 games reach all
// that 300 did.
func TestForceRandomMovesInRandomGames(t *testing.T) {
	const games, steps = 150, 80
	var pool []engine.Move
	for g := range games {
		seed := uint64(9000 + g)
		var variants map[string]string
		if g%2 == 1 {
			variants = map[string]string{"direct": "range", "range": "skip", "emptydamage": "lose"}
		}
		s := newGame(t, testCards(t), g%4 != 3, seed, variants)
		pool = randomGame(t, g, seed, s, steps, pool)
	}
}

// checkActed checks that every unit holding this turn's counts or
// modifiers is on a square marked acted, whose units alone the end of the
// turn clears.
func checkActed(t *testing.T, s *State) {
	t.Helper()
	for i, u := range s.board {
		if u != nil && s.acted&(1<<i) == 0 && (u.Steps != 0 || u.Attacked || u.PowerBoost != 0 || u.SpeedBoost != 0 || u.RangeBoost != 0) {
			t.Fatalf("%v holds %s with this turn's counts or modifiers, and is not marked acted:\n%s", Board.Square(i), u.Card.Name, forceSnapshot(s))
		}
	}
}

// randomGame plays steps of game g, one step in three forcing a move; it
// returns pool, the moves seen, grown.
func randomGame(t *testing.T, g int, seed uint64, s *State, steps int, pool []engine.Move) []engine.Move {
	t.Helper()
	rng := seededSource(seed, 0)
	var m engine.Move
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("game %d panics at %s: %v\n%s", g, moveKey(m), r, forceSnapshot(s))
		}
	}()
	// listed is Legal's list for s as it stands, kept while s is: most
	// steps that force a move leave s as it was.
	var listed []engine.Move
	for range steps {
		if s.Outcome().Over {
			break
		}
		moves := listed
		if moves == nil {
			moves = s.Legal()
		}
		listed = moves
		if len(moves) == 0 {
			t.Fatalf("game %d: Legal lists no moves in a game that is not over:\n%s", g, forceSnapshot(s))
		}
		if rng.Intn(3) > 0 {
			m = moves[rng.Intn(len(moves))]
			if len(pool) < 2000 {
				pool = append(pool, m)
			} else {
				pool[rng.Intn(len(pool))] = m
			}
			if err := s.Apply(s.ToMove(), m); err != nil {
				t.Fatalf("game %d: Legal lists %s, which Apply refuses for %s: %v\n%s", g, moveKey(m), players[s.ToMove()], err, forceSnapshot(s))
			}
			checkActed(t, s)
			listed = nil
			continue
		}
		p := rng.Intn(2)
		m = randomMove(rng, s, p, pool)
		if s.clone().Apply(p, m) == nil {
			continue
		}
		before := s.clone()
		err := s.Force(p, m)
		if err != nil {
			var v *engine.Violation
			if !errors.As(err, &v) || v.What == "" || v.Rule == "" {
				t.Fatalf("game %d: Force(%s) = %v, not a violation saying what and why", g, moveKey(m), err)
			}
			if !enginetest.Equal(s.clone(), before) {
				t.Fatalf("game %d: refused %s changed the state", g, moveKey(m))
			}
			continue
		}
		checkWhole(t, s)
		checkActed(t, s)
		listed = nil
		if !s.Outcome().Over {
			listed = s.Legal()
			enginetest.MovesApply(t, s, listed, moveKey)
		}
	}
	return pool
}
