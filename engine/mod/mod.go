// Package mod is the rules engine for Mod, the two-player mech deckbuilder
// with a shared ten-slot stack. Each round has a command phase (players
// alternately assign, eject or draft a card into their five slots of the
// stack), an activation phase (the stack resolves from the last card
// placed) and a reset. RULINGS.md fills the gaps of the rules text;
// CARDS.md gives the card vocabulary.
package mod

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// The game's numbers, from the rules text.
const (
	StartDurability = 10 // "Each player starts the game with 10 durability"
	Slots           = 5  // slots on each side of the stack
	SharedDecks     = 3  // face-up shared decks
)

// Assign places a card from hand face-up into the stack.
type Assign struct{ Card string }

// Eject places a card from hand face-down into the stack.
type Eject struct{ Card string }

// Draft places the top card of a shared deck (or, with Pile, of its
// discard pile) into the stack. Deck counts from 1. Card, when not empty,
// names the card the player expects on top, and is checked.
type Draft struct {
	Pile bool
	Deck int
	Card string
}

// Pass gives up priority without placing a card (ruling MD6), or takes
// damage without spending a shield (ruling MD12).
type Pass struct{}

// DrawCard is the choice, for an ejected card, to draw 1 card. In an
// unseeded game, Card writes a card drawn (Unknown for one nobody saw):
// the oldest of the player's draws not yet written, or, with none, the
// card the choice draws (ruling MD24).
type DrawCard struct{ Card string }

// GainFuel is the choice, for an ejected card, to gain 1 fuel.
type GainFuel struct{}

// Spend discards an upgrade from the play area to prevent damage of its
// shield's type.
type Spend struct{ Card string }

// Placement is how a card was placed into the stack.
type Placement int

// The ways of placing a card.
const (
	Assigned Placement = iota
	Ejected
	Drafted
)

func (p Placement) String() string { return [...]string{"assigned", "ejected", "drafted"}[p] }

// Slot is a card in the stack.
type Slot struct {
	Owner int
	Card  string
	How   Placement
}

// SharedDeck is a shared deck and its discard pile. The top of the deck is
// Deck[0]; the top of the pile is its last card.
type SharedDeck struct {
	Deck, Pile []string
}

type player struct {
	durability, fuel int
	deck             []string // the top is deck[0]
	hand             []string
	discard          []string
	play             []string // upgrades in the personal play area
}

func (p *player) clone() *player {
	c := *p
	c.deck = slices.Clone(p.deck)
	c.hand = slices.Clone(p.hand)
	c.discard = slices.Clone(p.discard)
	c.play = slices.Clone(p.play)
	return &c
}

// Phase is where the round stands.
type Phase int

// The phases, with the two kinds of choice inside activation.
const (
	Command      Phase = iota // a player has priority
	Activation                // the stack resolves (never at rest: see advance)
	EjectChoice               // an ejected card's owner chooses draw or fuel
	ShieldChoice              // a damaged player may spend a shield
	Over
)

// Game is Mod's rules with a catalogue of cards.
type Game struct {
	Cards *Cards
}

// Name is the game's name, as transcripts' Game tag writes it.
func (Game) Name() string { return "mod" }

// Players is the number of players: two.
func (Game) Players() int { return 2 }

// Variants lists the named rulings (RULINGS.md).
func (Game) Variants() []engine.Variant {
	return []engine.Variant{
		{Name: "fuel", Values: []string{"after", "fizzle", "drain"},
			Summary: "a card whose cost cannot be paid: after (an action's abilities come first, and its own fuel counts; one still short fizzles), fizzle (checked before any ability: it does nothing and is discarded) or drain (it resolves, and all the fuel left is paid)"},
		{Name: "shield", Values: []string{"hit", "point"},
			Summary: "a spent shield prevents all the damage of one ability (hit) or 1 point of it (point)"},
	}
}

type rules struct {
	drain  bool // fuel=drain
	fizzle bool // fuel=fizzle
	point  bool // shield=point
}

// resolving is an action card part way through its abilities.
type resolving struct {
	owner int
	card  *Card
	next  int // the index of the next ability to trigger
}

// pendingDamage is damage a player may still prevent with a shield.
type pendingDamage struct {
	to     int
	amount int
	typ    Damage
	card   string // the card that deals it
}

// State is a game of Mod in progress.
type State struct {
	cards   *Cards
	rules   rules
	names   []string
	src     *shuffle.Source
	players [2]*player
	shared  [SharedDecks]SharedDeck
	stack   []Slot

	round      int
	initiative int // who holds the initiative token
	priority   int // who has priority in the command phase
	turn       int
	phase      Phase
	acted      bool // whether the current turn has made its move
	// chose says what an activation choice's move chose, once acted, for
	// Pending: "chosen to draw 1 card", "passed".
	chose     string
	fullStack bool // whether the last command phase ended with the stack full
	// taken is set when a player took an activation choice's turn out of
	// turn, by a move let stand (ruling MD19): priority names them.
	taken bool

	// What the activation is doing, held by value so that activating a
	// card allocates nothing; each is the zero value when not in use.
	resolving resolving     // the action card whose abilities are resolving, if card is not nil
	ejected   Slot          // in EjectChoice, the ejected card whose owner is choosing
	damage    pendingDamage // in ShieldChoice, the damage a shield may prevent
	outcome   engine.Outcome

	// seed is the Seed tag's, for a position's seed step (position.go);
	// decl is a position being declared, until StartAt, which sets
	// startedAt.
	seed      uint64
	decl      *declaring
	startedAt bool

	// u is what an unseeded game knows of its cards (hidden.go); nil in a
	// seeded game. recording is set once Recorded is first called, and
	// log then keeps what a transcript without the seed would write.
	u         *unseeded
	recording bool
	log       []engine.By
}

// New sets up a game: the shared cards shuffled and dealt into three
// face-up decks; empty personal decks, hands and play areas (ruling MD1).
func (g Game) New(opts engine.Options) (engine.State, error) {
	if g.Cards == nil {
		return nil, errors.New("mod: no catalogue of cards")
	}
	// A game that chooses no variant, as most do, plays every default,
	// which the lookups below give on no map at all: it needs no list of
	// variants resolved.
	var variants map[string]string
	if len(opts.Variants) > 0 {
		var err error
		if variants, err = engine.ResolveVariants(g.Variants(), opts.Variants); err != nil {
			return nil, err
		}
	}
	s := &State{
		cards: g.Cards,
		rules: rules{drain: variants["fuel"] == "drain", fizzle: variants["fuel"] == "fizzle", point: variants["shield"] == "point"},
		names: opts.Players,
		src:   shuffle.New(opts.Seed),
		seed:  opts.Seed,
		round: 1,
		turn:  1,
		stack: make([]Slot, 0, 2*Slots), // all the stack will ever hold
	}
	for i := range s.players {
		s.players[i] = &player{durability: StartDurability}
	}
	_, set := g.Cards.Shared()
	if len(set) == 0 || len(set)%SharedDecks != 0 {
		return nil, fmt.Errorf("mod: the catalogue's shared cards are %d, not a positive multiple of three", len(set))
	}
	if opts.Seeded {
		shuffle.Shuffle(s.src, set)
	}
	// The decks are thirds of set, which is the state's own; a pile only
	// takes its deck's cards, so room for a third each is all it needs.
	third := len(set) / SharedDecks
	piles := make([]string, len(set))
	for i := range s.shared {
		lo, hi := i*third, (i+1)*third
		s.shared[i] = SharedDeck{Deck: set[lo:hi:hi], Pile: piles[lo:lo:hi]}
	}
	// A player's discard pile, hand and play area each have room for every
	// card of the game, so that none need grow (draw gives a new discard
	// pile the same); each has its own part of room, capped so as not to
	// overlap.
	room := make([]string, 6*len(set))
	for i, pl := range s.players {
		zone := func(k int) []string {
			lo := (3*i + k) * len(set)
			return room[lo : lo : lo+len(set)]
		}
		pl.discard, pl.hand, pl.play = zone(0), zone(1), zone(2)
	}
	if !opts.Seeded {
		s.newUnseeded(opts)
	}
	s.advance(0)
	return s, nil
}

// Turn is the number of the current turn, from 1.
func (s *State) Turn() int { return s.turn }

// ToMove is the player who acts now: the player with priority, or the
// player making a choice during activation (or who took its turn out of
// turn, by a move let stand: ruling MD19).
func (s *State) ToMove() int {
	if s.taken {
		return s.priority
	}
	switch s.phase {
	case EjectChoice:
		return s.ejected.Owner
	case ShieldChoice:
		return s.damage.to
	}
	return s.priority
}

// Outcome tells whether the game is over.
func (s *State) Outcome() engine.Outcome { return s.outcome }

// Over implements engine.Ender.
func (s *State) Over() bool { return s.outcome.Over }

// Clone returns an independent copy.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	src := *s.src
	c.src = &src
	for i, p := range s.players {
		c.players[i] = p.clone()
	}
	for i, d := range s.shared {
		c.shared[i] = SharedDeck{Deck: slices.Clone(d.Deck), Pile: slices.Clone(d.Pile)}
	}
	c.stack = slices.Clone(s.stack)
	c.u = s.u.clone()
	c.log = slices.Clone(s.log)
	if s.decl != nil {
		c.decl = s.decl.clone()
	}
	return &c
}

// Phase is where the round stands.
func (s *State) Phase() Phase { return s.phase }

// Round is the number of the current round, from 1.
func (s *State) Round() int { return s.round }

// Initiative is the player who holds the initiative token.
func (s *State) Initiative() int { return s.initiative }

// Durability is a player's durability.
func (s *State) Durability(p int) int { return s.players[p].durability }

// Fuel is a player's fuel.
func (s *State) Fuel(p int) int { return s.players[p].fuel }

// Hand is a player's hand.
func (s *State) Hand(p int) []string { return slices.Clone(s.players[p].hand) }

// Deck is a player's personal deck, top first.
func (s *State) Deck(p int) []string { return slices.Clone(s.players[p].deck) }

// DeckSize is the number of cards in a player's personal deck:
// len(Deck(p)) without the copy.
func (s *State) DeckSize(p int) int { return len(s.players[p].deck) }

// Discard is a player's discard pile, oldest first.
func (s *State) Discard(p int) []string { return slices.Clone(s.players[p].discard) }

// PlayArea is the upgrades in a player's play area.
func (s *State) PlayArea(p int) []string { return slices.Clone(s.players[p].play) }

// Stack is the cards in the stack, first placed first.
func (s *State) Stack() []Slot { return slices.Clone(s.stack) }

// Shared is a shared deck and its discard pile; i counts from 0.
func (s *State) Shared(i int) SharedDeck {
	return SharedDeck{Deck: slices.Clone(s.shared[i].Deck), Pile: slices.Clone(s.shared[i].Pile)}
}

// SharedTops is the top card of shared deck i and its size, and the top
// card of its pile and its size, without copying them; a top is "" when
// its deck or pile is empty.
func (s *State) SharedTops(i int) (deckTop string, deckSize int, pileTop string, pileSize int) {
	d := s.shared[i]
	if len(d.Deck) > 0 {
		deckTop = d.Deck[0]
	}
	if len(d.Pile) > 0 {
		pileTop = d.Pile[len(d.Pile)-1]
	}
	return deckTop, len(d.Deck), pileTop, len(d.Pile)
}

// Pending describes the choice being made during activation: the ejected
// card, or the damage a shield may prevent; empty in the command phase.
func (s *State) Pending() string {
	switch s.phase {
	case EjectChoice:
		if s.acted {
			// Made: the report must not offer it again.
			return fmt.Sprintf("%s has %s for the ejected %s; the turn can only end", s.name(s.ToMove()), s.chose, s.ejected.Card)
		}
		return fmt.Sprintf("%s chooses to draw 1 card or gain 1 fuel for the ejected %s", s.name(s.ToMove()), s.ejected.Card)
	case ShieldChoice:
		d := s.damage
		switch {
		case d.amount == 0:
			return fmt.Sprintf("%s has prevented all the %s damage from %s", s.name(d.to), d.typ, d.card)
		case s.acted && s.chose == chosePass:
			return fmt.Sprintf("%s has passed: the %d %s damage from %s is taken as the turn ends", s.name(s.ToMove()), d.amount, d.typ, d.card)
		}
		return fmt.Sprintf("%s may spend a shield against %d %s damage from %s", s.name(s.ToMove()), d.amount, d.typ, d.card)
	}
	return ""
}

func (s *State) name(p int) string {
	if p >= 0 && p < len(s.names) {
		return s.names[p]
	}
	return fmt.Sprintf("player %d", p+1)
}

func violation(what, rule string) error { return &engine.Violation{What: what, Rule: rule} }

func ruling(id, rule, what string) error {
	return &engine.Violation{What: what, Rule: rule, Ruling: id}
}

// Apply plays m for player p. An illegal move leaves the state as it was:
// every check is made before anything changes, so the state needs no
// copy. Force makes the same move with fewer checks (force.go).
func (s *State) Apply(p int, m engine.Move) error {
	// The end of a turn, half the moves a replay makes, is neither a
	// record nor a declaration, nor written on a set-up line.
	if _, end := m.(engine.EndTurn); !end {
		if by, ok := m.(engine.By); ok && isRecord(by.Move) {
			p, m = by.Player, by.Move // a draw Legal lists for the other player
		}
		if d, setup, ok := declaration(m); ok {
			return s.declare(p, d, setup) // a position's (position.go)
		}
		inner, setup := m, false
		if sl, ok := m.(engine.OnSetupLine); ok {
			inner, setup = sl.Move, true
		}
		if isRecord(inner) {
			return s.record(p, inner, setup)
		}
	}
	if err := s.check(p, m); err != nil {
		return err
	}
	if err := s.fromHand(p, m); err != nil {
		return err
	}
	if s.recording {
		s.logMove(p, m, func() { s.play(p, m) })
		return nil
	}
	s.play(p, m)
	return nil
}

// check tells whether the rules let player p make m now, changing nothing.
func (s *State) check(p int, m engine.Move) error {
	if sl, ok := m.(engine.OnSetupLine); ok {
		return ruling("MD3", rulingNoSetup, fmt.Sprintf("%s is written on a set-up line; Mod starts with turn 1", describe(sl.Move)))
	}
	if s.phase == Over {
		return s.over()
	}
	_, end := m.(engine.EndTurn)
	if !end { // the end of a turn writes no card
		if err := s.checkWritten(p, m); err != nil {
			return err
		}
	}
	if why := s.pending(); why != "" {
		return ruling("MD24", rulingRecord, why)
	}
	if p != s.ToMove() {
		return s.outOfTurn(p)
	}
	if end {
		return s.checkEndTurn(p)
	}
	switch m.(type) {
	case Assign, Eject, Draft:
		if s.phase != Command {
			return s.commandOver()
		}
	}
	switch s.phase {
	case Command:
		return s.checkCommand(p, m)
	case EjectChoice:
		return s.checkEjectChoice(p, m)
	default:
		return s.checkShield(p, m)
	}
}

// over refuses any move once the game is over.
func (s *State) over() error {
	return violation(fmt.Sprintf("the game is over: it ended on turn %d", s.outcome.Turn), ruleGoal)
}

func (s *State) outOfTurn(p int) error {
	who := s.name(s.ToMove())
	switch s.phase {
	case EjectChoice:
		return ruling("MD5", rulingChoiceTurn, fmt.Sprintf("%s is to choose for the ejected %s, not %s", who, s.ejected.Card, s.name(p)))
	case ShieldChoice:
		return ruling("MD5", rulingChoiceTurn, fmt.Sprintf("%s is to choose whether to spend a shield, not %s", who, s.name(p)))
	}
	if len(s.stack) == 0 && !s.acted {
		// The round's first priority: the initiative decides it.
		return violation(fmt.Sprintf("%s holds the initiative and has the first priority of round %d, not %s", who, s.round, s.name(p)), ruleInitiative)
	}
	return violation(fmt.Sprintf("%s has priority, not %s", who, s.name(p)), ruleAlternate)
}

// commandOver refuses a card placed while the stack activates.
func (s *State) commandOver() error {
	if s.fullStack {
		return violation("the command phase is over, with five cards on each side of the stack, and the stack is activating: "+s.Pending(), ruleCommandEnds)
	}
	return ruling("MD6", rulingPass, "the command phase is over, since neither player could place a card, and the stack is activating: "+s.Pending())
}

// describe names a move for messages.
func describe(m engine.Move) string {
	switch m := m.(type) {
	case Assign:
		return "assigning " + m.Card
	case Eject:
		return "ejecting " + m.Card
	case Draft:
		return "a draft"
	case Pass:
		return "a pass"
	case DrawCard:
		return "the choice to draw"
	case GainFuel:
		return "the choice to gain fuel"
	case Spend:
		return "spending " + m.Card
	}
	return fmt.Sprintf("%T", m)
}

// canPlace tells whether player p could place a card into the stack.
func (s *State) canPlace(p int) bool {
	if s.side(p) >= Slots {
		return false
	}
	if len(s.players[p].hand) > 0 {
		return true
	}
	for i := range s.shared {
		if d := &s.shared[i]; len(d.Deck) > 0 || len(d.Pile) > 0 {
			return true
		}
	}
	return false
}

// side is the number of cards on player p's side of the stack.
func (s *State) side(p int) int {
	n := 0
	for _, sl := range s.stack {
		if sl.Owner == p {
			n++
		}
	}
	return n
}

func (s *State) checkCommand(p int, m engine.Move) error {
	switch m.(type) {
	case Assign, Eject, Draft, Pass:
	default:
		return violation(fmt.Sprintf("%s is not a command: in the command phase %s may assign, eject or draft a card", describe(m), s.name(p)), ruleOptions)
	}
	if s.acted {
		return violation(fmt.Sprintf("%s has already placed a card this turn; priority passes to %s", s.name(p), s.name(1-p)), rulePassOn)
	}
	if _, pass := m.(Pass); pass {
		if s.canPlace(p) {
			return ruling("MD6", rulingPass, fmt.Sprintf("%s can still place a card, so may not pass", s.name(p)))
		}
		return nil
	}
	return s.checkPlace(p, m)
}

// checkPlace checks what placing a card needs at the table: a free slot on
// the player's side, and the card where the move takes it from.
func (s *State) checkPlace(p int, m engine.Move) error {
	if s.side(p) >= Slots {
		return violation(fmt.Sprintf("%s's side of the stack is full: it holds five cards", s.name(p)), ruleSlots)
	}
	pl := s.players[p]
	switch m := m.(type) {
	case Assign:
		if !slices.Contains(pl.hand, m.Card) && !s.couldHold(p, m.Card) {
			return violation(s.notInHand(p, m.Card), ruleAssign)
		}
	case Eject:
		if m.Card == Unknown && s.u != nil && s.unknownsInHand(p) == 0 {
			return ruling("MD25", rulingUnknownEject, fmt.Sprintf("%s's hand holds no card unknown to the record: write the card ejected", s.name(p)))
		}
		if !slices.Contains(pl.hand, m.Card) && !s.couldHold(p, m.Card) {
			return violation(s.notInHand(p, m.Card), ruleEject)
		}
	case Draft:
		_, _, err := s.draftSource(m)
		return err
	}
	return nil
}

// couldHold tells whether one of player p's unknown cards in hand may be
// card, as far as the hand goes: the ledger says at the move (fromHand).
func (s *State) couldHold(p int, card string) bool {
	if s.u == nil || card == Unknown || s.unknownsInHand(p) == 0 {
		return false
	}
	_, ok := s.cards.Card(card)
	return ok
}

func (s *State) notInHand(p int, card string) string {
	if _, ok := s.cards.Card(card); !ok {
		return s.cards.unknown(card)
	}
	if len(s.players[p].hand) == 0 {
		return fmt.Sprintf("%s is not in %s's hand, which is empty", card, s.name(p))
	}
	return fmt.Sprintf("%s is not in %s's hand", card, s.name(p))
}

// draftSource finds the card a draft takes: the deck or pile it comes
// from, and the index of its top card.
func (s *State) draftSource(m Draft) (*[]string, int, error) {
	if m.Deck < 1 || m.Deck > SharedDecks {
		return nil, 0, ruling("MD7", rulingDecks, fmt.Sprintf("there is no shared deck %d", m.Deck))
	}
	d := &s.shared[m.Deck-1]
	from := &d.Deck
	top := 0
	if m.Pile {
		from = &d.Pile
		top = len(d.Pile) - 1
	}
	if len(*from) == 0 {
		return nil, 0, violation(draftWhat(m)+" is empty", ruleDraft)
	}
	card := (*from)[top]
	if m.Card != "" && m.Card != card {
		if _, ok := s.cards.Card(m.Card); !ok {
			return nil, 0, violation(s.cards.unknown(m.Card), ruleDraft)
		}
		return nil, 0, violation(fmt.Sprintf("%s is not the top card of %s: the top card is %s", m.Card, draftWhat(m), card), ruleDraft)
	}
	return from, top, nil
}

// draftWhat names the deck or pile a draft takes from, for messages only:
// a legal draft formats nothing.
func draftWhat(m Draft) string {
	if m.Pile {
		return fmt.Sprintf("the discard pile of shared deck %d", m.Deck)
	}
	return fmt.Sprintf("shared deck %d", m.Deck)
}

// checkEjectChoice checks a move made while an ejected card waits for its
// owner's choice. A move of another kind is refused saying what it is
// that does not fit: a shield spent with no damage to prevent, a pass
// where the text offers two options and no third.
func (s *State) checkEjectChoice(p int, m engine.Move) error {
	switch m := m.(type) {
	case DrawCard, GainFuel:
	case Spend:
		return violation(fmt.Sprintf("%s is a shield, discarded only to prevent damage, and no damage is being dealt: %s", m.Card, s.Pending()), ruleShield)
	case Pass:
		return violation(fmt.Sprintf("an ejected card's owner does not pass: %s", s.Pending()), ruleEjectChoice)
	default:
		return violation(fmt.Sprintf("%s is not a choice for an ejected card: %s", describe(m), s.Pending()), ruleEjectChoice)
	}
	if s.acted {
		return violation(fmt.Sprintf("%s has already chosen for the ejected %s: it is one or the other", s.name(p), s.ejected.Card), ruleEjectChoice)
	}
	return nil
}

func (s *State) checkShield(p int, m engine.Move) error {
	d := s.damage
	switch m := m.(type) {
	case Pass:
		if s.acted {
			return ruling("MD12", rulingShieldTurn, fmt.Sprintf("%s has already chosen", s.name(p)))
		}
		return nil
	case Spend:
		if err := s.checkSpend(p, m); err != nil {
			return err
		}
		c, _ := s.cards.Card(m.Card)
		switch {
		case !c.Shield.Stops(d.typ):
			return violation(fmt.Sprintf("%s has a %s shield, which does not prevent %s damage", m.Card, c.Shield, d.typ), ruleShield)
		case s.acted && !s.rules.point:
			return ruling("MD12", rulingShieldHit, fmt.Sprintf("%s has already chosen: one shield prevents all of this damage", s.name(p)))
		case s.acted && d.amount == 0:
			return ruling("MD12", rulingShieldOne, fmt.Sprintf("all of the damage from %s is already prevented", d.card))
		}
		return nil
	}
	return violation(fmt.Sprintf("%s is not a choice here: %s", describe(m), s.Pending()), ruleShield)
}

// checkSpend checks what spending a shield needs at the table: the card,
// in the player's play area.
func (s *State) checkSpend(p int, m Spend) error {
	if _, known := s.cards.Card(m.Card); !known {
		return violation(s.cards.unknown(m.Card), ruleShield)
	}
	if !slices.Contains(s.players[p].play, m.Card) {
		return violation(fmt.Sprintf("%s is not in %s's play area", m.Card, s.name(p)), ruleShield)
	}
	return nil
}

func (s *State) checkEndTurn(p int) error {
	if s.acted {
		return nil
	}
	switch s.phase {
	case Command:
		return violation(fmt.Sprintf("%s has priority and has not assigned, ejected or drafted a card", s.name(p)), ruleOptions)
	case EjectChoice:
		return violation(fmt.Sprintf("%s has not chosen to draw 1 card or gain 1 fuel for the ejected %s", s.name(p), s.ejected.Card), ruleEjectChoice)
	default:
		return ruling("MD12", rulingShieldTurn, fmt.Sprintf("%s has not chosen: spend a shield against %d %s damage from %s, or pass",
			s.name(p), s.damage.amount, s.damage.typ, s.damage.card))
	}
}

// play makes move m for player p once it is checked: by check, for Apply,
// or only for what a hand can do, for Force. It first moves the cards the
// move moves; then, when the move is of the kind the turn is for (a
// command in the command phase, a choice in an activation choice), it
// makes it the turn's move (ruling MD20 for the others).
func (s *State) play(p int, m engine.Move) {
	if _, end := m.(engine.EndTurn); end {
		s.endTurn(p)
		return
	}
	s.handle(p, m)
	s.turnMove(m)
}

// handle moves the cards, fuel and counters that move m moves, for player
// p, and nothing of the turn.
func (s *State) handle(p int, m engine.Move) {
	pl := s.players[p]
	switch m := m.(type) {
	case Assign:
		pl.hand = remove(pl.hand, m.Card)
		s.stack = append(s.stack, Slot{p, m.Card, Assigned})
	case Eject:
		pl.hand = remove(pl.hand, m.Card)
		s.stack = append(s.stack, Slot{p, m.Card, Ejected})
		if m.Card == Unknown {
			s.u.out[p]++
		}
	case Draft:
		// The top, which the check found (draftSource), is a pile's last
		// card or a deck's first: no other card moves.
		d := &s.shared[m.Deck-1]
		var card string
		if m.Pile {
			card, d.Pile = d.Pile[len(d.Pile)-1], d.Pile[:len(d.Pile)-1]
		} else {
			card, d.Deck = d.Deck[0], d.Deck[1:]
			s.topChanged(m.Deck - 1)
		}
		s.stack = append(s.stack, Slot{p, card, Drafted})
	case DrawCard:
		s.draw(p, 1)
	case GainFuel:
		pl.fuel++
	case Spend:
		pl.play = remove(pl.play, m.Card)
		pl.discard = append(pl.discard, m.Card)
	}
}

// turnMove makes m, whose cards have moved, the current turn's move when
// it is of the kind the turn is for: the ejected card waiting for its
// choice goes to its owner's discard pile, a spent shield prevents the
// damage.
func (s *State) turnMove(m engine.Move) {
	switch s.phase {
	case Command:
		switch m.(type) {
		case Assign, Eject, Draft, Pass:
			s.acted = true
		}
	case EjectChoice:
		switch m.(type) {
		case DrawCard, GainFuel, Pass:
			if !s.acted {
				owner := s.players[s.ejected.Owner]
				owner.discard = append(owner.discard, s.ejected.Card)
				s.chose = ejectChoiceWords(m)
			}
			s.acted = true
		}
	case ShieldChoice:
		switch m.(type) {
		case Spend:
			if s.rules.point {
				s.damage.amount = max(s.damage.amount-1, 0)
			} else {
				s.damage.amount = 0
			}
			s.acted = true
		case Pass:
			s.acted, s.chose = true, chosePass
		}
	}
}

// chosePass is chose for a shield choice passed.
const chosePass = "passed"

// ejectChoiceWords says what m chose for an ejected card, after "has".
func ejectChoiceWords(m engine.Move) string {
	switch m.(type) {
	case DrawCard:
		return "chosen to draw 1 card"
	case GainFuel:
		return "chosen to gain 1 fuel"
	}
	return "declined to draw or gain fuel" // a pass let stand (ruling MD20)
}

// endTurn ends the turn of player p and plays on until someone must act.
func (s *State) endTurn(p int) {
	done := s.turn
	s.turn++
	s.acted, s.chose = false, ""
	s.taken = false
	switch s.phase {
	case Command:
		s.priority = 1 - p
	case EjectChoice:
		s.ejected = Slot{}
		s.phase = Activation
	case ShieldChoice:
		d := s.damage
		s.damage = pendingDamage{}
		s.phase = Activation
		s.hurt(d.to, d.amount, d.card, done)
	}
	s.advance(done)
}

// advance plays everything that needs no choice, until a player must act
// or the game ends. done is the turn whose end set it going, for the
// outcome.
func (s *State) advance(done int) {
	for {
		switch s.phase {
		case Command:
			// The command phase ends when both sides are full, or when
			// neither player can place a card (ruling MD6).
			if len(s.stack) < 2*Slots && (s.canPlace(0) || s.canPlace(1)) {
				return // a player has priority
			}
			if len(s.stack) == 0 {
				s.end(engine.Nobody, "neither player can place a card, and no card can move again (ruling MD16)", done)
				return
			}
			s.phase = Activation
			s.fullStack = len(s.stack) == 2*Slots
		case Activation:
			switch {
			case s.resolving.card != nil:
				if s.resolve(done) {
					return
				}
			case len(s.stack) == 0:
				s.reset()
			default:
				top := s.stack[len(s.stack)-1]
				s.stack = s.stack[:len(s.stack)-1]
				if s.activate(top, done) {
					return
				}
			}
		default:
			return // a choice, or the game is over
		}
	}
}

// activate resolves one card from the stack, the last placed first; it
// tells whether a player must now choose.
func (s *State) activate(sl Slot, done int) bool {
	pl := s.players[sl.Owner]
	switch sl.How {
	case Drafted:
		pl.discard = append(pl.discard, sl.Card)
	case Ejected:
		s.ejected = sl
		s.phase = EjectChoice
		return true
	case Assigned:
		c, _ := s.cards.Card(sl.Card)
		if pl.fuel < c.Cost && !s.rules.drain && (s.rules.fizzle || pl.fuel+c.fuelGiven() < c.Cost) {
			// Short of fuel even with what its own abilities give, which
			// come first (fuel=after), or before any (fuel=fizzle): it
			// fizzles (ruling MD10).
			pl.discard = append(pl.discard, sl.Card)
			return false
		}
		if c.Kind == Upgrade {
			pl.fuel -= min(c.Cost, pl.fuel)
			pl.play = append(pl.play, sl.Card)
			return false
		}
		s.resolving = resolving{owner: sl.Owner, card: c}
		return s.resolve(done)
	}
	return false
}

// resolve triggers the resolving action's abilities from the next one on,
// top to bottom, then pays its cost and discards it. It tells whether a
// player must now choose, or the game ended.
func (s *State) resolve(done int) bool {
	r := &s.resolving
	pl := s.players[r.owner]
	for r.next < len(r.card.Abilities) {
		a := r.card.Abilities[r.next]
		r.next++
		switch a.Op {
		case OpDraw:
			s.draw(r.owner, a.N)
		case OpFuel:
			pl.fuel += a.N
		case OpDamage:
			to := 1 - r.owner
			if s.canShield(to, a.Damage) {
				s.damage = pendingDamage{to: to, amount: a.N, typ: a.Damage, card: r.card.Name}
				s.phase = ShieldChoice
				return true
			}
			if s.hurt(to, a.N, r.card.Name, done) {
				return true
			}
		}
	}
	pl.fuel -= min(r.card.Cost, pl.fuel)
	pl.discard = append(pl.discard, r.card.Name)
	s.resolving = resolving{}
	return false
}

// canShield tells whether player p has a shield that prevents damage of
// type d.
func (s *State) canShield(p int, d Damage) bool {
	for _, name := range s.players[p].play {
		if c, _ := s.cards.Card(name); c.Shield.Stops(d) {
			return true
		}
	}
	return false
}

// hurt deals damage; it tells whether the game ended.
func (s *State) hurt(p, amount int, card string, done int) bool {
	pl := s.players[p]
	pl.durability = max(pl.durability-amount, 0)
	if pl.durability == 0 {
		s.end(1-p, fmt.Sprintf("%s has no durability left (%s)", s.name(p), card), done)
		return true
	}
	return false
}

func (s *State) end(winner int, reason string, turn int) {
	s.outcome = engine.Outcome{Over: true, Winner: winner, Reason: reason, Turn: turn}
	s.phase = Over
	s.resolving, s.ejected, s.damage = resolving{}, Slot{}, pendingDamage{}
}

// reset is the reset phase: a draw and a fuel each, the initiative passes,
// and the top card of each shared deck is discarded (ruling MD14 gives the
// order).
func (s *State) reset() {
	for _, p := range []int{s.initiative, 1 - s.initiative} {
		s.draw(p, 1)
		s.players[p].fuel++
	}
	s.initiative = 1 - s.initiative
	for i := range s.shared {
		d := &s.shared[i]
		if len(d.Deck) > 0 {
			d.Pile = append(d.Pile, d.Deck[0])
			d.Deck = d.Deck[1:]
			s.topChanged(i)
		}
	}
	s.round++
	s.priority = s.initiative
	s.phase = Command
}

// draw draws n cards for player p. An empty deck is first made again from
// the discard pile, shuffled; with both empty, nothing is drawn (ruling
// MD9).
func (s *State) draw(p, n int) {
	pl := s.players[p]
	for range n {
		if len(pl.deck) == 0 {
			if len(pl.discard) == 0 {
				return
			}
			// The new discard pile has room for every card of the game, as
			// New's: one allocation, rather than one each time it grows.
			pl.deck, pl.discard = pl.discard, make([]string, 0, len(s.cards.shared))
			if s.u != nil {
				// Shuffled by hand: the order is the draws'.
				s.reshuffled(p, pl.deck)
				hide(pl.deck)
			} else {
				shuffle.Shuffle(s.src, pl.deck)
			}
		}
		pl.hand = append(pl.hand, pl.deck[0])
		pl.deck = pl.deck[1:]
		switch {
		case s.u != nil:
			s.drawUnseen(p)
		case s.recording:
			s.log = append(s.log, engine.By{Player: p, Move: DrawCard{Card: pl.hand[len(pl.hand)-1]}})
		}
	}
}

// remove takes the first copy of card out of cards, in place: no two
// zones, of one state or of two, overlap (clone copies each).
func remove(cards []string, card string) []string {
	// The cards after it move up one by one: a zone is a few cards, and
	// slices.Delete's copy and clear are two calls into the runtime.
	for i := slices.Index(cards, card); i < len(cards)-1; i++ {
		cards[i] = cards[i+1]
	}
	cards[len(cards)-1] = ""
	return cards[:len(cards)-1]
}

// Legal lists the moves the player to act may make now.
func (s *State) Legal() []engine.Move {
	if s.outcome.Over {
		return nil
	}
	var candidates []engine.Move
	p := s.ToMove()
	if s.pending() != "" {
		return s.records()
	}
	switch {
	case s.acted:
		// Only spending more shields (shield=point) or ending the turn.
		if s.phase == ShieldChoice {
			candidates = s.spends(p)
		}
	case s.phase == Command:
		for _, c := range distinct(s.players[p].hand) {
			candidates = append(candidates, Assign{c})
		}
		for _, c := range s.handGuesses(p) {
			candidates = append(candidates, Assign{c})
		}
		for _, c := range distinct(s.players[p].hand) {
			candidates = append(candidates, Eject{c})
		}
		for _, c := range s.handGuesses(p) {
			candidates = append(candidates, Eject{c})
		}
		for i, d := range s.shared {
			if len(d.Deck) > 0 {
				candidates = append(candidates, Draft{Deck: i + 1, Card: d.Deck[0]})
			}
		}
		for i, d := range s.shared {
			if len(d.Pile) > 0 {
				candidates = append(candidates, Draft{Pile: true, Deck: i + 1, Card: d.Pile[len(d.Pile)-1]})
			}
		}
		candidates = append(candidates, Pass{})
	case s.phase == EjectChoice:
		candidates = []engine.Move{DrawCard{}, GainFuel{}}
	case s.phase == ShieldChoice:
		candidates = append(s.spends(p), Pass{})
	}
	candidates = append(candidates, engine.EndTurn{})
	var out []engine.Move
	for _, m := range candidates {
		if s.check(p, m) == nil {
			out = append(out, m)
		}
	}
	return out
}

func (s *State) spends(p int) []engine.Move {
	var out []engine.Move
	for _, c := range distinct(s.players[p].play) {
		out = append(out, Spend{c})
	}
	return out
}

func distinct(cards []string) []string {
	var out []string
	for _, c := range cards {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}
