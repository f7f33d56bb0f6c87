package mod

import (
	"fmt"
	"slices"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// Positions (engine.Positioned; rulings MD21 to MD23): a game begun from
// declarations written on set-up lines, in place of the deal, and a game
// written back as declarations at the start of a turn.

var _ engine.Positioned = (*State)(nil)

// The declarations of a position. A player's are written on their line;
// Round, Shared, Unfilled and SeedStep on the board line (engine.Nobody).
// Piles are listed top first.
type (
	// Durability declares a player's durability.
	Durability struct{ N int }
	// FuelLevel declares a player's fuel.
	FuelLevel struct{ N int }
	// Initiative declares that the player holds the initiative token.
	Initiative struct{}
	// Hand declares the cards in a player's hand.
	Hand struct{ Cards []string }
	// Deck declares a player's personal deck: its Cards, top first, or,
	// when Cards is empty, Count cards the seed deals (ruling MD23).
	Deck struct {
		Cards []string
		Count int
	}
	// DiscardPile declares a player's discard pile, top first.
	DiscardPile struct{ Cards []string }
	// PlayArea declares the upgrades in a player's play area.
	PlayArea struct{ Cards []string }
	// StackSlot declares a card of the player's in the stack, in slot N:
	// the slots are numbered from 1 in the order the cards were placed.
	StackSlot struct {
		N    int
		How  Placement
		Card string
	}
	// Activating declares the card of the player's that is activating
	// while a choice waits: an ejected card, or an assigned action whose
	// ability number Ability (from 1) deals damage a shield could prevent.
	Activating struct {
		How     Placement
		Card    string
		Ability int
	}
	// Round declares the round.
	Round struct{ N int }
	// Shared declares shared deck Deck (from 1), its Cards top first or,
	// when Cards is empty, Count cards the seed deals; or, with Pile, its
	// discard pile, top first.
	Shared struct {
		Pile  bool
		Deck  int
		Cards []string
		Count int
	}
	// Unfilled declares that the stack activating is one the command phase
	// left unfilled, because neither player could place a card (ruling
	// MD6).
	Unfilled struct{}
	// SeedStep declares how many numbers the seed's generator has given:
	// how far its shuffles have gone.
	SeedStep struct{ N int }
	// Drawn declares, without a seed, that the last N cards of the
	// player's hand were drawn and are not written yet (ruling MD29).
	Drawn struct{ N int }
)

// MaxSeedStep is the most numbers a position may say the seed's generator
// has given: a game's shuffles take a few thousand.
const MaxSeedStep = 1_000_000

// declaring is a position being declared, until StartAt.
type declaring struct {
	// said holds the parts declared, to refuse one declared twice.
	said map[string]bool
	// copies counts the cards named, by name; counted the cards a count
	// stands for.
	copies  map[string]int
	counted int
	// counts are the decks declared by a count: the players' (0, 1), then
	// the shared decks (2 to 4); -1 for none.
	counts [2 + SharedDecks]int
	// slots are the stack's cards by slot number.
	slots map[int]Slot
	// activating is the owner of the card declared activating, or -1.
	activating int
	unfilled   bool
	step       int
	// drawn are the players' draws not written yet (unseeded).
	drawn [2]int
}

func (d *declaring) clone() *declaring {
	c := *d
	c.said = make(map[string]bool, len(d.said))
	for k, v := range d.said {
		c.said[k] = v
	}
	c.copies = make(map[string]int, len(d.copies))
	for k, v := range d.copies {
		c.copies[k] = v
	}
	c.slots = make(map[int]Slot, len(d.slots))
	for k, v := range d.slots {
		c.slots[k] = v
	}
	return &c
}

// declaration unwraps a declaration: the move, and whether it was written
// on a set-up line; ok is false for a move of play.
func declaration(m engine.Move) (d engine.Move, setup, ok bool) {
	if sl, is := m.(engine.OnSetupLine); is {
		m, setup = sl.Move, true
	}
	switch m.(type) {
	case Durability, FuelLevel, Initiative, Hand, Deck, DiscardPile, PlayArea,
		StackSlot, Activating, Round, Shared, Unfilled, SeedStep, Drawn:
		return m, setup, true
	}
	return nil, false, false
}

// boardDeclaration tells whether a declaration is written on the board
// line, not a player's.
func boardDeclaration(m engine.Move) bool {
	switch m.(type) {
	case Round, Shared, Unfilled, SeedStep:
		return true
	}
	return false
}

// declareWords names a declaration's part, for messages.
func declareWords(m engine.Move) string {
	switch m := m.(type) {
	case Durability:
		return "durability"
	case FuelLevel:
		return "fuel"
	case Initiative:
		return "the initiative"
	case Hand:
		return "hand"
	case Deck:
		return "deck"
	case DiscardPile:
		return "discard pile"
	case PlayArea:
		return "play area"
	case StackSlot:
		return fmt.Sprintf("slot %d of the stack", m.N)
	case Activating:
		return "the card activating"
	case Round:
		return "the round"
	case Shared:
		if m.Pile {
			return fmt.Sprintf("the discard pile of shared deck %d", m.Deck)
		}
		return fmt.Sprintf("shared deck %d", m.Deck)
	case Unfilled:
		return "stack unfilled"
	case SeedStep:
		return "the seed's step"
	case Drawn:
		return "the cards drawn not written"
	}
	return fmt.Sprintf("%T", m)
}

// declare takes one declaration of a position, written on player p's
// line (engine.Nobody for the board line). It is refused, changing
// nothing, when it cannot stand with those before it.
func (s *State) declare(p int, m engine.Move, setup bool) error {
	if !setup || s.began() {
		return ruling("MD21", rulingPositionLines, fmt.Sprintf("%s is a declaration of a position, written on a set-up line before the first turn", declareWords(m)))
	}
	board := boardDeclaration(m)
	switch {
	case board && p != engine.Nobody:
		return ruling("MD21", rulingPositionLines, fmt.Sprintf("%s is no player's: it is declared on the board line, as in board: round 3", declareWords(m)))
	case !board && (p < 0 || p >= len(s.players)):
		if p == engine.Nobody {
			return ruling("MD21", rulingPositionLines, fmt.Sprintf("%s is a player's: it is declared on the player's line, as in Ann: durability 7", declareWords(m)))
		}
		return violation(fmt.Sprintf("there is no %s in this game: Mod has two players", s.name(p)), ruleTwoPlayers)
	}
	d := s.decl
	if d == nil {
		d = newDeclaring()
	}
	key := declareWords(m)
	if !board {
		key = s.name(p) + "'s " + key
	}
	switch m.(type) {
	case StackSlot, Initiative:
		key = declareWords(m) // one card a slot, one holder of the token
	}
	if d.said[key] {
		if _, slot := m.(StackSlot); slot {
			return violation(fmt.Sprintf("%s holds a card already: one card a slot", key), ruleSlots)
		}
		if _, token := m.(Initiative); token {
			return ruling("MD21", rulingPositionOnce, "the initiative is declared twice: one player holds the token")
		}
		return ruling("MD21", rulingPositionOnce, fmt.Sprintf("%s is declared twice", key))
	}
	if _, ok := m.(Activating); ok && d.activating >= 0 {
		return ruling("MD21", rulingActivating, fmt.Sprintf("%s's card is declared activating already: one card activates at a time", s.name(d.activating)))
	}
	if err := s.checkUnknowns(p, m); err != nil {
		return err
	}
	if err := s.checkDeclaration(p, m, d); err != nil {
		return err
	}
	named, count := declaredCards(m)
	named, count = s.knownCards(m, named, count)
	copies := map[string]int{}
	for _, c := range named {
		if _, known := s.cards.Card(c); !known {
			return violation(s.cards.unknown(c), ruleSharedDecks)
		}
		copies[c]++
	}
	_, set := s.cards.Shared()
	for c, n := range copies {
		if have := copiesOf(set, c); d.copies[c]+n > have {
			return violation(fmt.Sprintf("the position holds %d copies of %s, more than the %d the game has", d.copies[c]+n, c, have), ruleSharedDecks)
		}
	}
	if total := len(d.named()) + len(named) + d.counted + count; total > len(set) {
		return violation(fmt.Sprintf("the position holds %d cards, more than the %d the game has", total, len(set)), ruleSharedDecks)
	}
	// It stands: the state takes it.
	if s.decl == nil {
		s.clearForPosition()
		s.decl = d
	}
	d.said[key] = true
	for c, n := range copies {
		d.copies[c] += n
	}
	d.counted += count
	s.takeDeclaration(p, m, d)
	return nil
}

// copiesOf is the number of copies of card in cards.
func copiesOf(cards []string, card string) int {
	n := 0
	for _, c := range cards {
		if c == card {
			n++
		}
	}
	return n
}

// named is every card named so far, one name a copy.
func (d *declaring) named() []string {
	var out []string
	for c, n := range d.copies {
		for range n {
			out = append(out, c)
		}
	}
	return out
}

func newDeclaring() *declaring {
	d := &declaring{said: map[string]bool{}, copies: map[string]int{}, slots: map[int]Slot{}, activating: -1}
	for i := range d.counts {
		d.counts[i] = -1
	}
	return d
}

// declaredCards is the cards a declaration names, and how many a count
// stands for.
func declaredCards(m engine.Move) (named []string, counted int) {
	switch m := m.(type) {
	case Hand:
		return m.Cards, 0
	case Deck:
		if len(m.Cards) == 0 {
			return nil, m.Count
		}
		return m.Cards, 0
	case DiscardPile:
		return m.Cards, 0
	case PlayArea:
		return m.Cards, 0
	case StackSlot:
		return []string{m.Card}, 0
	case Activating:
		return []string{m.Card}, 0
	case Shared:
		if len(m.Cards) == 0 {
			return nil, m.Count
		}
		return m.Cards, 0
	}
	return nil, 0
}

// checkDeclaration checks a declaration's own values: what no position
// can hold, whatever else it declares.
func (s *State) checkDeclaration(p int, m engine.Move, d *declaring) error {
	switch m := m.(type) {
	case Durability:
		switch {
		case m.N <= 0:
			return violation(fmt.Sprintf("%s has no durability left: the game would be over", s.name(p)), ruleGoal)
		case m.N > StartDurability:
			return violation(fmt.Sprintf("%s's durability is %d, above the %d a player starts with, and nothing restores it", s.name(p), m.N, StartDurability), ruleStart)
		}
	case FuelLevel:
		if m.N < 0 {
			return ruling("MD10", rulingFuelFloor, fmt.Sprintf("%s's fuel is %d", s.name(p), m.N))
		}
	case Deck:
		if m.Count < 0 {
			return ruling("MD23", rulingPileCards, fmt.Sprintf("%s's deck is declared with %d cards", s.name(p), m.Count))
		}
	case PlayArea:
		for _, name := range m.Cards {
			if c, ok := s.cards.Card(name); ok && c.Kind != Upgrade {
				return violation(fmt.Sprintf("%s is %s, and only upgrades stay in a play area", name, article(c.Kind)), rulePlayArea)
			}
		}
	case StackSlot:
		switch {
		case m.N < 1 || m.N > 2*Slots:
			return violation(fmt.Sprintf("the stack has ten slots, five a side: there is no slot %d", m.N), ruleCommandEnds)
		case m.How < Assigned || m.How > Drafted:
			return ruling("MD21", rulingActivating, fmt.Sprintf("slot %d holds a card placed in no way the rules know", m.N))
		}
		n := 0
		for _, sl := range d.slots {
			if sl.Owner == p {
				n++
			}
		}
		if n >= Slots {
			return violation(fmt.Sprintf("%s's side of the stack would hold six cards: it has five slots", s.name(p)), ruleSlots)
		}
	case Activating:
		return s.checkActivating(m)
	case Round:
		if m.N < 1 {
			return ruling("MD21", rulingRounds, "there is no round 0")
		}
	case Shared:
		switch {
		case m.Deck < 1 || m.Deck > SharedDecks:
			return ruling("MD7", rulingDecks, fmt.Sprintf("there is no shared deck %d", m.Deck))
		case m.Count < 0:
			return ruling("MD23", rulingPileCards, fmt.Sprintf("shared deck %d is declared with %d cards", m.Deck, m.Count))
		case m.Pile && len(m.Cards) == 0:
			return ruling("MD23", rulingPileCards, fmt.Sprintf("the discard pile of shared deck %d is declared by a count, not its cards", m.Deck))
		}
	case SeedStep:
		if m.N < 0 || m.N > MaxSeedStep {
			return ruling("MD23", rulingSeedStep, fmt.Sprintf("the seed's step is %d, past %d", m.N, MaxSeedStep))
		}
	}
	return nil
}

// checkActivating checks the card declared activating: an ejected card, or
// an assigned action whose ability named deals damage.
func (s *State) checkActivating(m Activating) error {
	if m.Card == Unknown && m.How == Ejected && m.Ability == 0 {
		return nil // unseeded: checkUnknowns has allowed it
	}
	c, known := s.cards.Card(m.Card)
	if !known {
		return violation(s.cards.unknown(m.Card), ruleSharedDecks)
	}
	switch {
	case m.How == Ejected && m.Ability != 0:
		return ruling("MD21", rulingActivating, fmt.Sprintf("the ejected %s waits for its owner's choice, not for an ability", m.Card))
	case m.How == Ejected:
		return nil
	case m.How != Assigned:
		return ruling("MD21", rulingActivating, fmt.Sprintf("a %s card activates without a choice", m.How))
	case c.Kind != Action:
		return ruling("MD21", rulingActivating, fmt.Sprintf("%s is %s, which activates without a choice", m.Card, article(c.Kind)))
	case m.Ability == 0:
		return ruling("MD21", rulingActivating, fmt.Sprintf("the assigned %s waits for a shield against one of its abilities: say which, as in ability 1", m.Card))
	case m.Ability > len(c.Abilities):
		abilities := fmt.Sprintf("%d abilities", len(c.Abilities))
		if len(c.Abilities) == 1 {
			abilities = "1 ability"
		}
		return ruling("MD21", rulingActivating, fmt.Sprintf("there is no ability %d: %s has %s", m.Ability, m.Card, abilities))
	case c.Abilities[m.Ability-1].Op != OpDamage:
		return ruling("MD21", rulingActivating, fmt.Sprintf("ability %d of %s deals no damage, so no shield can be spent against it", m.Ability, m.Card))
	}
	return nil
}

// began tells whether the game has gone past the point where a position
// may be declared: a turn made, or a position begun.
func (s *State) began() bool {
	if s.decl != nil {
		return false
	}
	return s.startedAt || s.turn != 1 || s.acted || s.round != 1 || s.phase != Command || len(s.stack) > 0
}

// clearForPosition empties the game dealt by New, for a position to fill:
// every zone empty, the numbers a game starts with (ruling MD1), and the
// seed's generator as the seed makes it (MD23).
func (s *State) clearForPosition() {
	for i := range s.players {
		s.players[i] = &player{durability: StartDurability}
	}
	for i := range s.shared {
		s.shared[i] = SharedDeck{}
	}
	s.stack = make([]Slot, 0, 2*Slots)
	s.round, s.initiative, s.priority = 1, 0, 0
	s.src = shuffle.New(s.seed)
}

// takeDeclaration makes the state what a checked declaration says.
func (s *State) takeDeclaration(p int, m engine.Move, d *declaring) {
	var pl *player
	if p >= 0 && p < len(s.players) {
		pl = s.players[p]
	}
	switch m := m.(type) {
	case Durability:
		pl.durability = m.N
	case FuelLevel:
		pl.fuel = m.N
	case Initiative:
		s.initiative = p
	case Hand:
		pl.hand = slices.Clone(m.Cards)
	case Deck:
		if len(m.Cards) == 0 {
			d.counts[p] = m.Count
		}
		pl.deck = slices.Clone(m.Cards)
	case DiscardPile:
		pl.discard = topLast(m.Cards)
	case PlayArea:
		pl.play = slices.Clone(m.Cards)
	case StackSlot:
		d.slots[m.N] = Slot{Owner: p, Card: m.Card, How: m.How}
	case Activating:
		d.activating = p
		if m.How == Ejected {
			s.ejected = Slot{Owner: p, Card: m.Card, How: Ejected}
			break
		}
		c, _ := s.cards.Card(m.Card)
		s.resolving = resolving{owner: p, card: c, next: m.Ability}
	case Round:
		s.round = m.N
	case Shared:
		sd := &s.shared[m.Deck-1]
		switch {
		case m.Pile:
			sd.Pile = topLast(m.Cards)
		case len(m.Cards) == 0:
			d.counts[2+m.Deck-1] = m.Count
		default:
			sd.Deck = slices.Clone(m.Cards)
		}
	case Unfilled:
		d.unfilled = true
	case SeedStep:
		d.step = m.N
	case Drawn:
		d.drawn[p] = m.N
	}
}

// topLast turns a pile listed top first into the engine's order, top
// last.
func topLast(cards []string) []string {
	out := slices.Clone(cards)
	slices.Reverse(out)
	return out
}

// gamma is how far the seed's generator moves with each number it gives
// (engine/shuffle: a SplitMix64 generator), so that it can be set at any
// step at once. A test holds it to the generator.
const gamma = 0x9e3779b97f4a7c15

// StartAt ends the position declared and begins turn number turn,
// player's: the cards declared by a count are dealt, and the whole is
// checked (rulings MD21 to MD23).
func (s *State) StartAt(turn, player int) error {
	if s.decl == nil && s.began() {
		return ruling("MD21", rulingPositionLines, "the game has begun: a position is declared before the first turn")
	}
	if player < 0 || player >= len(s.players) {
		return violation(fmt.Sprintf("there is no %s in this game: Mod has two players", s.name(player)), ruleTwoPlayers)
	}
	if turn < 1 {
		return ruling("MD21", rulingPositionLines, fmt.Sprintf("there is no turn %d: turns are numbered from 1", turn))
	}
	d := s.decl
	if d == nil {
		d = newDeclaring()
	}
	c := s.clone()
	if c.decl == nil {
		c.clearForPosition()
	}
	if err := c.startAt(turn, player, d); err != nil {
		return err
	}
	c.decl = nil
	*s = *c
	return nil
}

// startAt does StartAt's work on a copy, which it may leave half made when
// it refuses.
func (s *State) startAt(turn, player int, d *declaring) error {
	s.src = shuffle.New(s.seed + uint64(d.step)*gamma)
	if s.u != nil {
		if err := s.unseededPosition(d); err != nil {
			return err
		}
	} else if err := s.dealCounts(d); err != nil {
		return err
	}
	_, set := s.cards.Shared()
	third := len(set) / SharedDecks
	for i, sd := range s.shared {
		if n := len(sd.Deck) + len(sd.Pile); n > third {
			return violation(fmt.Sprintf("shared deck %d and its discard pile hold %d cards, more than the %d it was dealt, a third of the game's %d", i+1, n, third, len(set)), ruleSharedDecks)
		}
	}
	top := 0
	for n := range d.slots {
		top = max(top, n)
	}
	for n := 1; n <= top; n++ {
		sl, ok := d.slots[n]
		if !ok {
			return ruling("MD21", rulingSlots, fmt.Sprintf("slot %d of the stack is empty, yet slot %d holds a card", n, top))
		}
		s.stack = append(s.stack, sl)
	}
	s.turn, s.acted, s.taken, s.startedAt = turn, false, false, true
	s.priority = player
	switch {
	case d.activating >= 0 && s.resolving.card == nil:
		s.phase, s.fullStack = EjectChoice, !d.unfilled
		if player != s.ejected.Owner {
			return ruling("MD5", rulingChoiceTurn, fmt.Sprintf("%s is to choose for the ejected %s, so the turn is %s's, not %s's", s.name(s.ejected.Owner), s.ejected.Card, s.name(s.ejected.Owner), s.name(player)))
		}
	case d.activating >= 0:
		r := s.resolving
		a := r.card.Abilities[r.next-1]
		to := 1 - r.owner
		if !s.canShield(to, a.Damage) {
			return ruling("MD12", rulingShieldTurn, fmt.Sprintf("%s has no shield that prevents %s damage, so no choice waits for %s", s.name(to), a.Damage, s.name(to)))
		}
		s.damage = pendingDamage{to: to, amount: a.N, typ: a.Damage, card: r.card.Name}
		s.phase, s.fullStack = ShieldChoice, !d.unfilled
		if player != to {
			return ruling("MD5", rulingChoiceTurn, fmt.Sprintf("%s is to choose whether to spend a shield, so the turn is %s's, not %s's", s.name(to), s.name(to), s.name(player)))
		}
	case d.unfilled:
		return ruling("MD21", rulingActivating, "stack unfilled is said of a stack activating, and no card is declared activating")
	case len(s.stack) >= 2*Slots:
		return violation("the stack is full, with five cards on each side: it activates, and no one has priority", ruleCommandEnds)
	case !s.canPlace(0) && !s.canPlace(1) && len(s.stack) == 0:
		return ruling("MD16", rulingDead, "neither player can place a card: the game is over")
	case !s.canPlace(0) && !s.canPlace(1):
		return ruling("MD6", rulingPass, "neither player can place a card, so the command phase is over and the stack activates")
	default:
		s.phase = Command
	}
	return nil
}

// dealCounts deals the decks declared by a count: the cards the position
// names nowhere, in catalogue order, shuffled with the seed, dealt to the
// players' decks (the first player's first) and then the shared decks in
// order (ruling MD23).
func (s *State) dealCounts(d *declaring) error {
	want := 0
	for _, n := range d.counts {
		want += max(n, 0)
	}
	if want == 0 {
		return nil
	}
	_, rest := s.cards.Shared()
	left := copyCounts(d.copies)
	rest = slices.DeleteFunc(rest, func(c string) bool {
		if left[c] > 0 {
			left[c]--
			return true
		}
		return false
	})
	// The position's total was checked as each declaration came.
	shuffle.Shuffle(s.src, rest)
	for i, n := range d.counts {
		if n <= 0 {
			continue
		}
		cards := slices.Clone(rest[:n])
		rest = rest[n:]
		if i < 2 {
			s.players[i].deck = cards
		} else {
			s.shared[i-2].Deck = cards
		}
	}
	return nil
}

// copyCounts copies a count of cards.
func copyCounts(m map[string]int) map[string]int {
	c := make(map[string]int, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// Position writes the state as declarations, at the start of the turn to
// come: each player's numbers and zones and their cards in the stack, the
// round, the shared decks and piles and the seed's step, every pile in
// full and in order (rulings MD21 to MD23). A position still being
// declared, before StartAt, is written as it was declared, counts and all.
func (s *State) Position() engine.Position {
	pos := engine.Position{Turn: s.turn, Player: s.ToMove()}
	d := s.decl
	for p, pl := range s.players {
		moves := []engine.Move{Durability{pl.durability}, FuelLevel{pl.fuel}}
		if s.initiative == p {
			moves = append(moves, Initiative{})
		}
		if len(pl.hand) > 0 {
			moves = append(moves, Hand{slices.Clone(pl.hand)})
		}
		switch {
		case s.u != nil && d == nil:
			if unseen := s.unseen(p); len(unseen) > 0 {
				moves = append(moves, Deck{Cards: unseen})
			}
			if n := len(s.u.pend[p]); n > 0 {
				moves = append(moves, Drawn{n})
			}
		case d != nil && d.counts[p] >= 0:
			moves = append(moves, Deck{Count: d.counts[p]})
		case len(pl.deck) > 0:
			moves = append(moves, Deck{Cards: slices.Clone(pl.deck)})
		}
		if len(pl.discard) > 0 {
			moves = append(moves, DiscardPile{topLast(pl.discard)})
		}
		if len(pl.play) > 0 {
			moves = append(moves, PlayArea{slices.Clone(pl.play)})
		}
		for i, sl := range s.slots() {
			if sl.Owner == p && sl.Card != "" {
				moves = append(moves, StackSlot{N: i + 1, How: sl.How, Card: sl.Card})
			}
		}
		ejected := s.phase == EjectChoice || d != nil && d.activating >= 0 && s.resolving.card == nil
		shield := s.phase == ShieldChoice || d != nil && d.activating >= 0 && s.resolving.card != nil
		switch {
		case ejected && s.ejected.Owner == p:
			moves = append(moves, Activating{How: Ejected, Card: s.ejected.Card})
		case shield && s.resolving.owner == p:
			moves = append(moves, Activating{How: Assigned, Card: s.resolving.card.Name, Ability: s.resolving.next})
		}
		pos.Lines = append(pos.Lines, engine.PositionLine{Subject: p, Moves: moves})
	}
	board := []engine.Move{Round{s.round}}
	if (s.phase == EjectChoice || s.phase == ShieldChoice) && !s.fullStack || d != nil && d.unfilled {
		board = append(board, Unfilled{})
	}
	for i, sd := range s.shared {
		switch {
		case d != nil && d.counts[2+i] >= 0:
			board = append(board, Shared{Deck: i + 1, Count: d.counts[2+i]})
		case len(sd.Deck) > 0:
			board = append(board, Shared{Deck: i + 1, Cards: slices.Clone(sd.Deck)})
		}
		if len(sd.Pile) > 0 {
			board = append(board, Shared{Pile: true, Deck: i + 1, Cards: topLast(sd.Pile)})
		}
	}
	step := s.seedStep()
	if d != nil {
		step = d.step
	}
	if step > 0 && s.u == nil {
		board = append(board, SeedStep{step})
	}
	pos.Lines = append(pos.Lines, engine.PositionLine{Subject: engine.Nobody, Moves: board})
	return pos
}

// slots is the stack by slot, from slot 1: the state's, or, while a
// position is declared, the slots declared so far, an empty slot where
// none is.
func (s *State) slots() []Slot {
	if s.decl == nil {
		return s.stack
	}
	top := 0
	for n := range s.decl.slots {
		top = max(top, n)
	}
	out := make([]Slot, top)
	for n, sl := range s.decl.slots {
		out[n-1] = sl
	}
	return out
}

// seedStep is how many numbers the seed's generator has given.
func (s *State) seedStep() int {
	probe := shuffle.New(s.seed)
	n := 0
	for *probe != *s.src {
		probe.Uint64()
		n++
	}
	return n
}
