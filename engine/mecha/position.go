package mecha

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// A position (engine.Positioned) is a game written down at the start of a
// turn, once its start phase is over and before its draw: each player's
// units on the board, their placed commands, hand, graveyard, damage zone
// and the top of their deck, declared on their set-up line instead of the
// opening draws (ruling M40). The deck is what is left of the player's 40
// cards (their deck move's, or the catalogue's first deck): it need not
// be written, but its top may be, top first; the rest is shuffled by the
// seed in a seeded game.

// Entering stands for the counters a declared card enters the battlefield
// with: a unit's durability and armour (its own and its pilot's), a placed
// command's time.
const Entering = -1

// DeclareUnit declares a tower or mecha of the player's on a square, with
// its pilot and its counters (Entering: those it enters with).
type DeclareUnit struct {
	Kind               Kind // Tower or Mecha, as written
	Card               string
	At                 grid.Square
	Pilot              string // "" for none
	Durability, Armour int
	InTurn             bool // written in a turn instead of on a set-up line
}

// DeclarePlaced declares a command of the player's placed on a square,
// with its time counters (Entering: those it is placed with).
type DeclarePlaced struct {
	Card   string
	At     grid.Square
	Time   int
	InTurn bool // written in a turn instead of on a set-up line
}

// Zone is a player's zone a position lists the cards of.
type Zone int

// The zones, each with the word that declares it.
const (
	Hand Zone = iota
	Graveyard
	Damage
	Top // the top of the deck, top first
)

var zoneWords = [...]string{Hand: "hand", Graveyard: "graveyard", Damage: "damage", Top: "top"}

func (z Zone) String() string { return zoneWords[z] }

// ZoneOf is the zone a word declares, and whether it declares one.
func ZoneOf(word string) (Zone, bool) {
	i := slices.Index(zoneWords[:], word)
	return Zone(i), i >= 0
}

// DeclareZone declares the cards of one of the player's zones, in order:
// the hand, the graveyard (oldest first), the damage zone (first placed
// first), or the top of the deck (top first).
type DeclareZone struct {
	Zone   Zone
	Cards  []string
	InTurn bool // written in a turn instead of on a set-up line
}

// declaration is a move that declares part of a position.
type declaration interface{ inTurn() bool }

func (d DeclareUnit) inTurn() bool   { return d.InTurn }
func (d DeclarePlaced) inTurn() bool { return d.InTurn }
func (d DeclareZone) inTurn() bool   { return d.InTurn }

// declared is what a position has declared so far, until StartAt ends it.
type declared struct {
	zones [2][len(zoneWords)]bool // the zones each player has declared
	top   [2][]string
}

// drawnInstead refuses a draw or mulligan in the set-up of a declared
// position, which stands instead of the opening draws.
func (s *State) drawnInstead() error {
	if s.pos != nil && s.setup {
		return ruling("M40", rulingPositionSetup, "a position is declared: the opening hands are not drawn")
	}
	return nil
}

// declare plays a declaration on a set-up line; it refuses one that
// cannot stand with those before it.
func (s *State) declare(p int, d declaration) error {
	if d.inTurn() || !s.setup {
		return ruling("M40", rulingPositionSetup, "a position is declared on set-up lines, not in a turn")
	}
	for _, pl := range s.players {
		if pl.owed != OpeningHand || pl.mulligan { // a card drawn, or a mulligan
			return ruling("M40", rulingPositionSetup, "the opening hands are being drawn: a position is declared instead")
		}
	}
	if s.pos == nil {
		s.pos = &declared{}
	}
	switch d := d.(type) {
	case DeclareUnit:
		return s.declareUnit(p, d)
	case DeclarePlaced:
		return s.declarePlaced(p, d)
	case DeclareZone:
		return s.declareZone(p, d)
	}
	return fmt.Errorf("mecha: unknown declaration %T", d)
}

// card finds a declared card in the catalogue.
func (s *State) card(name string) (*Card, error) {
	c, ok := s.cards.Card(name)
	if !ok {
		return nil, ruling("M33", rulingNames, s.cards.unknown(name))
	}
	return c, nil
}

func (s *State) declareUnit(p int, d DeclareUnit) error {
	c, err := s.card(d.Card)
	if err != nil {
		return err
	}
	if c.Kind != d.Kind {
		return ruling("M40", rulingPositionKind, fmt.Sprintf("%s is a %s, not a %s", c.Name, c.Kind, d.Kind))
	}
	if !Board.Contains(d.At) {
		return ruling("M1", rulingBoard, fmt.Sprintf("%v is not on the board", d.At))
	}
	if u := s.UnitAt(d.At); u != nil {
		return ruling("M9", rulingOccupied, fmt.Sprintf("%v already holds %s's %s", d.At, s.name(u.Owner), u.Card.Name))
	}
	u := &Unit{Card: c, Owner: p, Durability: c.Durability, Armour: c.Keywords.Armour}
	if d.Pilot != "" {
		pilot, err := s.card(d.Pilot)
		if err != nil {
			return err
		}
		if pilot.Kind != Pilot || c.Kind != Mecha {
			return ruling("M40", rulingPositionKind, fmt.Sprintf("%s is a %s, and a pilot is a pilot attached to a mecha", pilot.Name, pilot.Kind))
		}
		u.Pilot = pilot
		u.Durability += pilot.Durability
		u.Armour += pilot.Keywords.Armour
	}
	if d.Durability != Entering {
		u.Durability = d.Durability
	}
	if d.Armour != Entering {
		u.Armour = d.Armour
	}
	if u.Durability <= 0 {
		return violation(fmt.Sprintf("%s on %v has no durability counters: it would be destroyed", c.Name, d.At), ruleDestroyed)
	}
	if u.Armour < 0 {
		return ruling("M40", rulingPositionKind, fmt.Sprintf("%s on %v has fewer than no armour counters", c.Name, d.At))
	}
	s.put(Board.Index(d.At), u)
	return nil
}

func (s *State) declarePlaced(p int, d DeclarePlaced) error {
	c, err := s.card(d.Card)
	if err != nil {
		return err
	}
	if c.Kind != Command || !c.Placed {
		return ruling("M40", rulingPositionKind, fmt.Sprintf("%s is not a placed command", c.Name))
	}
	if !Board.Contains(d.At) {
		return ruling("M1", rulingBoard, fmt.Sprintf("%v is not on the board", d.At))
	}
	time := d.Time
	if time == Entering {
		time = c.Time
	}
	if time < 1 || time > c.Time {
		return ruling("M40", rulingPositionTime, fmt.Sprintf("%s on %v has %s, and is placed with %d", c.Name, d.At, countersWord(time, "time counter"), c.Time))
	}
	s.placed = append(s.placed, &PlacedCommand{Card: c, Owner: p, At: d.At, Time: time})
	return nil
}

func (s *State) declareZone(p int, d DeclareZone) error {
	if s.pos.zones[p][d.Zone] {
		return ruling("M40", rulingPositionOnce, fmt.Sprintf("%s's %s is declared twice", s.name(p), zoneName(d.Zone)))
	}
	for _, name := range d.Cards {
		if name == Unknown {
			if err := s.unknownDeclared(p, d.Zone); err != nil {
				return err
			}
			continue
		}
		if _, err := s.card(name); err != nil {
			return err
		}
	}
	if d.Zone == Damage && len(d.Cards) >= DamageToLose {
		return violation(fmt.Sprintf("%s has %s in their damage zone: the game is over", s.name(p), cardsWord(len(d.Cards))), ruleGoal)
	}
	s.pos.zones[p][d.Zone] = true
	cards := slices.Clone(d.Cards)
	pl := s.players[p]
	switch d.Zone {
	case Hand:
		pl.hand = cards
	case Graveyard:
		pl.graveyard = cards
	case Damage:
		pl.damage = cards
	case Top:
		s.pos.top[p] = cards
	}
	return nil
}

// zoneName names a zone in a message.
func zoneName(z Zone) string {
	switch z {
	case Damage:
		return "damage zone"
	case Top:
		return "top of the deck"
	}
	return z.String()
}

// countersWord is n and word, made plural as it needs.
func countersWord(n int, word string) string {
	switch {
	case n == 1:
		return "1 " + word
	case strings.HasSuffix(word, "y"):
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(word, "y"))
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// StartAt implements engine.Positioned: the declared position is checked
// as a whole, each player's deck made of what is left of their 40 cards,
// and turn begins, player's, at its draw phase (ruling M40). The state is
// unchanged when the position is refused.
func (s *State) StartAt(turn, player int) error {
	if !s.setup {
		return ruling("M40", rulingPositionSetup, "the game has begun: a position is declared before its first turn")
	}
	if turn < 1 || player < 0 || player > 1 {
		return fmt.Errorf("mecha: no turn %d of player %d", turn, player)
	}
	c := s.clone()
	if c.pos == nil {
		c.pos = &declared{}
	}
	for p := range c.players {
		if err := c.deal(p); err != nil {
			return err
		}
	}
	for _, p := range [2]int{player, 1 - player} {
		seen := map[string]grid.Square{}
		for i, u := range &c.board {
			if u == nil || u.Owner != p || u.Pilot == nil {
				continue
			}
			if first, ok := seen[u.Pilot.Name]; ok {
				return violation(fmt.Sprintf("%s controls two copies of %s, on %v and %v", c.name(p), u.Pilot.Name, first, Board.Square(i)), rulePilotControl)
			}
			seen[u.Pilot.Name] = Board.Square(i)
		}
	}
	c.pos = nil
	c.setup = false
	c.turn, c.toMove = turn, player
	c.drawPhase = false
	c.beginTurn()
	*s = *c
	return nil
}

// deal makes player p's deck of what is left of their 40 cards once the
// position's cards are taken out: the top declared, then the rest,
// shuffled by p's seeded source when there is one, sorted otherwise.
func (s *State) deal(p int) error {
	pl := s.players[p]
	all := pl.deck // the deck a deck move chose
	if !pl.chosen {
		list, _ := s.defaultDeck()
		if list == nil {
			return ruling("M4", rulingDeckFirst, fmt.Sprintf("%s has no deck: the catalogue has none and the set-up line names none", s.name(p)))
		}
		all = s.cards.decks[0].cards
	}
	left := map[string]int{}
	for _, c := range all {
		left[c]++
	}
	top := s.pos.top[p]
	declared := append(s.outsideDeck(p), top...)
	declared = slices.DeleteFunc(declared, func(c string) bool { return c == Unknown })
	for _, c := range declared {
		if left[c] == 0 {
			return ruling("M40", rulingPositionCards, fmt.Sprintf("%s's position holds %s of %s, and their deck of %d has %d",
				s.name(p), countersWord(countOf(declared, c), "copy"), c, len(all), countOf(all, c)))
		}
		left[c]--
	}
	var rest []string
	for _, c := range slices.Sorted(maps.Keys(left)) {
		for range left[c] {
			rest = append(rest, c)
		}
	}
	if pl.rng != nil {
		shuffle.Shuffle(pl.rng, rest)
	}
	pl.deck = append(slices.Clone(top), rest...)
	pl.chosen, pl.owed, pl.opening, pl.aside, pl.pooled = true, 0, false, nil, false
	return s.hideDeclared(p)
}

// outsideDeck lists p's cards outside their deck: units and pilots on the
// board, placed commands, hand, graveyard and damage zone.
func (s *State) outsideDeck(p int) []string {
	pl := s.players[p]
	var out []string
	for _, u := range &s.board {
		if u != nil && u.Owner == p {
			out = append(out, u.Card.Name)
			if u.Pilot != nil {
				out = append(out, u.Pilot.Name)
			}
		}
	}
	for _, pc := range s.placed {
		if pc.Owner == p {
			out = append(out, pc.Card.Name)
		}
	}
	out = append(out, pl.hand...)
	out = append(out, pl.graveyard...)
	return append(out, pl.damage...)
}

// Position implements engine.Positioned: each player's line declares
// their deck when it is not the catalogue's first, their units in board
// order (a1 to g1, then rank 2, ...), their placed commands, hand,
// graveyard and damage zone, and in a seeded game the whole deck as its
// top, so that the draws to come are the same. A count or a counter the
// card enters with is left out.
func (s *State) Position() engine.Position {
	pos := engine.Position{Turn: s.turn, Player: s.toMove}
	for p := range s.players {
		if moves := s.positionOf(p); len(moves) > 0 {
			pos.Lines = append(pos.Lines, engine.PositionLine{Subject: p, Moves: moves})
		}
	}
	return pos
}

func (s *State) positionOf(p int) []engine.Move {
	pl := s.players[p]
	var moves []engine.Move
	// The deck is the cards out of it and its world: an unseen card in
	// the hand is one of the world's (hidden.go).
	known := slices.DeleteFunc(s.outsideDeck(p), func(c string) bool { return c == Unknown })
	switch d, ok := s.deckMove(append(known, pl.deck...)); {
	case pl.unknownDeck != nil:
		moves = append(moves, unknownDeckMove(pl.unknownDeck))
	case ok:
		moves = append(moves, d)
	}
	for i, u := range &s.board {
		if u == nil || u.Owner != p {
			continue
		}
		d := DeclareUnit{Kind: u.Card.Kind, Card: u.Card.Name, At: Board.Square(i), Durability: Entering, Armour: Entering}
		durability, armour := u.Card.Durability, u.Card.Keywords.Armour
		if u.Pilot != nil {
			d.Pilot = u.Pilot.Name
			durability += u.Pilot.Durability
			armour += u.Pilot.Keywords.Armour
		}
		if u.Durability != durability {
			d.Durability = u.Durability
		}
		if u.Armour != armour {
			d.Armour = u.Armour
		}
		moves = append(moves, d)
	}
	for _, pc := range s.placed {
		if pc.Owner == p {
			d := DeclarePlaced{Card: pc.Card.Name, At: pc.At, Time: Entering}
			if pc.Time != pc.Card.Time {
				d.Time = pc.Time
			}
			moves = append(moves, d)
		}
	}
	zones := []struct {
		zone  Zone
		cards []string
	}{{Hand, pl.hand}, {Graveyard, pl.graveyard}, {Damage, pl.damage}}
	if s.seeded {
		zones = append(zones, struct {
			zone  Zone
			cards []string
		}{Top, pl.deck})
	}
	for _, z := range zones {
		if len(z.cards) > 0 {
			moves = append(moves, DeclareZone{Zone: z.zone, Cards: slices.Clone(z.cards)})
		}
	}
	return moves
}

// deckMove is the deck move for a player whose 40 cards are all: none
// when they are the catalogue's first deck, the name of another deck of
// the catalogue that has them, else their list, by card name.
func (s *State) deckMove(all []string) (Deck, bool) {
	slices.Sort(all)
	for i, d := range s.cards.decks {
		if slices.Equal(d.cards, all) {
			if i == 0 {
				return Deck{}, false
			}
			return Deck{Named: d.name}, true
		}
	}
	var list []DeckCount
	for _, c := range all {
		if n := len(list); n > 0 && list[n-1].Card == c {
			list[n-1].Count++
			continue
		}
		list = append(list, DeckCount{Count: 1, Card: c})
	}
	return Deck{List: list}, true
}

// String writes a declaration for messages and tests.
func (d DeclareZone) String() string { return d.Zone.String() + " " + strings.Join(d.Cards, " ") }
