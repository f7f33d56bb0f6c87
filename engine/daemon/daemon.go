// Package daemon is the rules engine for Daemon, the two-player card game
// of modules, security and a shared memory gauge. The set-up drafts six of
// the catalogue's modules; each turn pays for cards and abilities by moving
// the memory tracker toward the opponent, and ends when it crosses over.
// RULINGS.md fills the gaps of the rules text; CARDS.md gives the card
// vocabulary.
package daemon

import (
	"errors"
	"fmt"
	"github.com/tabletop-referee/referee/engine/internal/blocks"
	"maps"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/hidden"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// The game's numbers, from the rules text.
const (
	SecuritySize = 5  // "takes the top 5 cards from their deck"
	GripSize     = 5  // "an opening grip of 5 cards"; refresh draws up to it
	GaugeEnd     = 10 // "a numbered track ranging from -10 to +10"
	StartMemory  = 1  // "The first player sets their memory gauge to 1."
)

// draftOrder is whose pick each of the six drafts is: first player 1,
// second 2, first 2, second 1.
var draftOrder = []int{0, 1, 1, 0, 0, 1}

// draftViolation quotes the rule sentence of a pick of the draft (from 0).
func draftViolation(pick int, what string) error {
	switch {
	case pick == 0:
		return violation(what, ruleDraftFirst)
	case pick <= 2:
		return violation(what, ruleDraftOrder)
	case pick <= 4:
		return violation(what, ruleDraftThird)
	}
	return violation(what, ruleDraftLast)
}

// Draft takes a module from the pool.
type Draft struct{ Module string }

// Main names the player's main module.
type Main struct{ Module string }

// Mulligan sets the named cards of the opening grip aside, draws as many,
// and shuffles the set-aside cards into the deck (ruling D6).
type Mulligan struct{ Cards []string }

// Keep keeps the opening grip.
type Keep struct{}

// Play plays a card from the grip; Target names the opposing daemon a
// purge effect trashes.
type Play struct{ Card, Target string }

// Activate uses a daemon's ability; Target as for Play.
type Activate struct{ Card, Target string }

// TrashScript trashes a script from the script zone for its effect.
type TrashScript struct{ Card string }

// Attack attacks with a daemon: the opponent's security when Target is
// empty, else the opposing daemon named.
type Attack struct{ Attacker, Target string }

// Reveal is a security card revealed by damage.
type Reveal struct{ Card string }

// Refresh sets the tracker to zero, draws up to five, and ends the turn.
type Refresh struct{}

// Burn deals the active player one damage and ends the turn.
type Burn struct{}

// Game is Daemon's rules with a catalogue of cards.
type Game struct {
	Cards *Cards
}

// Name is the game's name, as transcripts' Game tag writes it.
func (Game) Name() string { return "daemon" }

// Players is the number of players: two.
func (Game) Players() int { return 2 }

// Variants lists the named rulings (RULINGS.md).
func (Game) Variants() []engine.Variant {
	return []engine.Variant{
		{Name: "combat", Values: []string{"both", "defender"},
			Summary: "daemon against daemon: the lower power is trashed, both on a tie (both), or the defender only when the attacker's power is at least its own (defender)"},
		{Name: "overflow", Values: []string{"continue", "stop"},
			Summary: "an attack whose attacker is trashed by a revealed daemon deals the rest of its damage (continue), or no more (stop)"},
		{Name: "deckdamage", Values: []string{"effects", "first"},
			Summary: "the damage of an empty deck is dealt with the start-of-turn effects, after the memory for missing security and the reboot (effects), or before the loading phase (first)"},
	}
}

type rules struct {
	defenderOnly    bool // combat=defender
	overflow        bool // overflow=continue
	deckDamageFirst bool // deckdamage=first
}

// FieldDaemon is a daemon on the field.
type FieldDaemon struct {
	Card  *Card
	Ready bool // vertical; an attack turns it
	Sick  bool // loading sickness
}

type player struct {
	modules  []string
	main     string
	decided  bool     // kept or took the mulligan
	deck     []string // top first
	grip     []string
	security []string // top first
	heap     []string
	daemons  []*FieldDaemon
	scripts  []string
	// bonuses are the standing bonuses of the main module and the script
	// zone, counted again when they change (countBonuses): costs, powers
	// and triggers read them at every move.
	bonuses Bonuses

	// Without a seed (unseeded.go): the pool of the ledger their deck is,
	// the hidden cards of their grip (one for each Unknown in it), and of
	// their security (aligned with it, -1 for a card known), and whether
	// their security is set.
	pool           hidden.Pool
	gripHidden     []hidden.Card
	securityHidden []hidden.Card
	secured        bool
}

func (p *player) clone() *player {
	c := *p
	c.modules = slices.Clone(p.modules)
	c.deck = slices.Clone(p.deck)
	c.grip = slices.Clone(p.grip)
	c.security = slices.Clone(p.security)
	c.heap = slices.Clone(p.heap)
	c.scripts = slices.Clone(p.scripts)
	c.gripHidden = slices.Clone(p.gripHidden)
	c.securityHidden = slices.Clone(p.securityHidden)
	c.daemons = make([]*FieldDaemon, len(p.daemons))
	for i, d := range p.daemons {
		dd := *d
		c.daemons[i] = &dd
	}
	return &c
}

// damage is damage being dealt, one reveal at a time.
type damage struct {
	source   string // what deals it, for the result, when not an attack
	by       *Card  // the attacking daemon's card, named only in a result
	to       int
	left     int          // reveals still owed
	attacker *FieldDaemon // the attacking daemon, nil for burn and an empty deck
	then     func(s *State)
}

// State is a game of Daemon in progress.
type State struct {
	cards   *Cards
	rules   rules
	names   []string
	src     *shuffle.Source
	players [2]*player

	setup  bool
	drafts int // modules drafted so far

	active  int
	turn    int
	memory  int     // the tracker, as the active player sees it
	ended   bool    // the active player's turn has ended
	why     string  // why; "" when the tracker's crossing ended it (reason)
	crossed int     // how far the tracker crossed, when it ended the turn
	damage  *damage // damage waiting for its reveals: nil, or &dealing
	// dealing is the damage being dealt, held in the state so that an
	// attack is not an allocation; the zero damage when none is.
	dealing damage
	// spare are daemons allocated together for newDaemon, not yet on the
	// field: a game plays dozens. Never shared by a clone.
	spare   []FieldDaemon
	outcome engine.Outcome

	// decl is what each player's declarations of a position have said, nil
	// when none are written (position.go).
	decl [2]*declared
	// start is how the current turn began, enough to take its loading
	// phase back while nothing has been done in the turn: the position at
	// its start is then this state's (Position).
	start turnStart

	// Without a seed (unseeded.go): the ledger of the cards nobody
	// recorded, nil in a seeded game; the draws made and not yet written;
	// and the seat the record is from, when OneSeat.
	ledger *hidden.Ledger
	owed   []owedDraw
	// undoLedger is the memory of the last copy of the ledger made to
	// undo a move (undoable), for the next.
	undoLedger *hidden.Ledger
	oneSeat    bool
	seat       int
	// log is what Recorded returns, kept once it has been asked for;
	// logMark is where the move being applied begins in it.
	log     *[]engine.By
	logMark int
}

// New sets up a game at the start of the draft.
func (g Game) New(opts engine.Options) (engine.State, error) {
	if g.Cards == nil || len(g.Cards.modules) < 2*3 {
		return nil, errors.New("daemon: the catalogue has too few modules for the draft")
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
		rules: rules{defenderOnly: variants["combat"] == "defender", overflow: variants["overflow"] != "stop", deckDamageFirst: variants["deckdamage"] == "first"},
		names: opts.Players,
		src:   shuffle.New(opts.Seed),
		setup: true,
	}
	if !opts.Seeded {
		s.ledger = &hidden.Ledger{}
		s.oneSeat, s.seat = opts.OneSeat, opts.Seat
	}
	for i := range s.players {
		s.players[i] = &player{}
	}
	return s, nil
}

// Turn is the number of the current turn, from 1; 0 during the set-up.
func (s *State) Turn() int { return s.turn }

// ToMove is the player who acts now: during the set-up, the next to draft,
// name a main module or decide on a mulligan; then the active player.
func (s *State) ToMove() int {
	if len(s.owed) > 0 && s.setup {
		return s.owed[0].player
	}
	if !s.setup {
		return s.active
	}
	if s.drafts < len(draftOrder) {
		return s.drafter()
	}
	for p, pl := range s.players {
		if pl.main == "" {
			return p
		}
	}
	for p, pl := range s.players {
		if !pl.decided {
			return p
		}
	}
	if s.unseeded() && !s.declaring() {
		for p, pl := range s.players {
			if !pl.secured {
				return p
			}
		}
	}
	return 0
}

// Outcome tells whether the game is over.
func (s *State) Outcome() engine.Outcome { return s.outcome }

// Over implements engine.Ender.
func (s *State) Over() bool { return s.outcome.Over }

// Clone returns an independent copy.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.spare, c.undoLedger = nil, nil
	src := *s.src
	c.src = &src
	c.ledger = s.ledger.Clone()
	c.owed = slices.Clone(s.owed)
	c.log = nil
	for i, p := range s.players {
		c.players[i] = p.clone()
	}
	if s.damage != nil {
		d := *s.damage
		if d.attacker != nil {
			// The attacker is one of the cloned player's daemons.
			for p, pl := range s.players {
				if i := slices.Index(pl.daemons, d.attacker); i >= 0 {
					d.attacker = c.players[p].daemons[i]
				}
			}
		}
		c.dealing = d
		c.damage = &c.dealing
	}
	for i, d := range s.decl {
		if d != nil {
			dd := *d
			dd.copies, dd.placed = maps.Clone(d.copies), maps.Clone(d.placed)
			c.decl[i] = &dd
		}
	}
	return &c
}

// Accessors for reports and tests.

// SettingUp tells whether the set-up is still going on.
func (s *State) SettingUp() bool { return s.setup }

// Active is the player whose turn it is.
func (s *State) Active() int { return s.active }

// Memory is the tracker as the active player sees it: positive on their
// side, negative on the opponent's.
func (s *State) Memory() int { return s.memory }

// Ended tells whether the active player's turn has ended, and why.
func (s *State) Ended() (bool, string) { return s.ended, s.reason() }

// reason says why the active player's turn has ended. The crossing's
// reason is written when asked for, not at the end of every turn.
func (s *State) reason() string {
	if s.ended && s.why == "" {
		return fmt.Sprintf("the memory tracker crossed to %s's side (%d)", s.name(1-s.active), s.crossed)
	}
	return s.why
}

// Modules are a player's drafted modules and their main one.
func (s *State) Modules(p int) ([]string, string) {
	return slices.Clone(s.players[p].modules), s.players[p].main
}

// MainModule is a player's main module, as Modules gives it, without the
// copy of the modules.
func (s *State) MainModule(p int) string { return s.players[p].main }

// Deck is a player's deck, top first.
func (s *State) Deck(p int) []string { return slices.Clone(s.players[p].deck) }

// DeckSize is the number of cards in a player's deck: len(Deck(p))
// without the copy.
func (s *State) DeckSize(p int) int { return len(s.players[p].deck) }

// SecuritySize is the number of cards in a player's security:
// len(Security(p)) without the copy.
func (s *State) SecuritySize(p int) int { return len(s.players[p].security) }

// Grip is a player's grip.
func (s *State) Grip(p int) []string { return slices.Clone(s.players[p].grip) }

// Security is a player's security, top first.
func (s *State) Security(p int) []string { return slices.Clone(s.players[p].security) }

// Heap is a player's heap.
func (s *State) Heap(p int) []string { return slices.Clone(s.players[p].heap) }

// Scripts is a player's script zone.
func (s *State) Scripts(p int) []string { return slices.Clone(s.players[p].scripts) }

// The Append accessors append to dst what the accessor of their name
// lists, without a copy of their own: a report describes the zones of
// every final state.

// AppendModules appends a player's drafted modules to dst, as Modules lists them.
func (s *State) AppendModules(dst []string, p int) []string {
	return append(dst, s.players[p].modules...)
}

// AppendGrip appends a player's grip to dst, as Grip lists it.
func (s *State) AppendGrip(dst []string, p int) []string { return append(dst, s.players[p].grip...) }

// AppendHeap appends a player's heap to dst, as Heap lists it.
func (s *State) AppendHeap(dst []string, p int) []string { return append(dst, s.players[p].heap...) }

// AppendScripts appends a player's script zone to dst, as Scripts lists it.
func (s *State) AppendScripts(dst []string, p int) []string {
	return append(dst, s.players[p].scripts...)
}

// AppendDaemons appends a player's daemons on the field to dst, as Daemons
// lists them.
func (s *State) AppendDaemons(dst []FieldDaemon, p int) []FieldDaemon {
	for _, d := range s.players[p].daemons {
		dst = append(dst, *d)
	}
	return dst
}

// Daemons is a player's daemons on the field.
func (s *State) Daemons(p int) []FieldDaemon {
	daemons := s.players[p].daemons
	if len(daemons) == 0 {
		return nil
	}
	out := make([]FieldDaemon, len(daemons))
	for i, d := range daemons {
		out[i] = *d
	}
	return out
}

// Power is a daemon's power on player p's field, its owner's bonuses
// included.
func (s *State) Power(p int, d FieldDaemon) int { return d.Card.Power + s.bonuses(p).Power }

// Owed is the number of security cards still to be revealed, and whose.
func (s *State) Owed() (int, int) {
	if s.damage == nil {
		return 0, 0
	}
	return s.damage.left, s.damage.to
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

// bonuses are player p's standing bonuses: their main module's and their
// ongoing scripts'.
func (s *State) bonuses(p int) Bonuses { return s.players[p].bonuses }

// countBonuses counts player p's standing bonuses again, after a change of
// their main module or a script taken from their script zone; a script
// put in the zone adds its own (Bonuses.add), as countBonuses would.
func (s *State) countBonuses(p int) {
	var b Bonuses
	pl := s.players[p]
	if c, ok := s.cards.Card(pl.main); ok {
		b = c.Cover
	}
	for _, name := range pl.scripts {
		c, _ := s.cards.Card(name)
		b.add(c.Ongoing)
	}
	pl.bonuses = b
}

// cost is what a card costs player p, discounts taken off.
func (s *State) cost(p int, c *Card) int {
	b := s.bonuses(p)
	off := b.ScriptsCost
	if c.Kind == Daemon {
		off = b.DaemonsCost
	}
	return max(c.Cost-off, 0)
}

// Apply plays m for player p. An illegal move leaves the state as it was:
// a move is checked in full before its first change, but for the first
// move of a turn, undone when it is refused (begins).
func (s *State) Apply(p int, m engine.Move) error {
	mark := s.record(p, m)
	var err error
	if s.begins(m) {
		err = s.undoRefused(func() error { return s.apply(p, m) })
	} else {
		err = s.apply(p, m)
	}
	if mark >= 0 {
		s.recorded(p, m, mark, err)
	}
	return err
}

func (s *State) apply(p int, m engine.Move) error { return s.move(p, m, false) }

// begins tells whether m is the first move of a turn, which begins the
// game before it is checked (move): the one move that can be refused after
// it has changed the state. Every other move is checked in full before its
// first change.
func (s *State) begins(m engine.Move) bool {
	_, onSetupLine := m.(engine.OnSetupLine)
	return s.setup && !onSetupLine
}

// undoRefused makes a move with play, and puts the state back as it was
// when the move is refused. It is for the first move of a turn: begin sets
// numbers, and zones by new slices, reslicing and appending, never writing
// over a card of a zone; so copies of the state and of its players, which
// share their zones' arrays, are enough to put it back.
func (s *State) undoRefused(play func() error) error {
	state, players := *s, [2]player{*s.players[0], *s.players[1]}
	state.ledger = s.ledger.Clone()
	err := play()
	if err != nil {
		*s = state
		*s.players[0], *s.players[1] = players[0], players[1]
	}
	return err
}

// move plays m for p by the rules or, forced, as a move let stand
// (force.go): the rules a hand can break are skipped, and the checks of
// what no hand can do are kept.
func (s *State) move(p int, m engine.Move, forced bool) error {
	err := s.doMove(p, m, forced)
	if _, end := m.(engine.EndTurn); err == nil && !end {
		// Something is done in the turn: its position is no longer the
		// one at its start.
		s.start.fresh = false
	}
	return err
}

// doMove is move, but for forgetting the state at the start of the turn.
func (s *State) doMove(p int, m engine.Move, forced bool) error {
	if s.outcome.Over {
		return violation(fmt.Sprintf("the game is over: it ended on turn %d", s.outcome.Turn), ruleLose)
	}
	if !s.setup && len(s.owed) == 0 {
		switch m.(type) {
		case Play, Activate, TrashScript, Attack, Reveal, Refresh, Burn, engine.EndTurn:
			// A move of a turn under way, as most are: no check of a
			// set-up line, a draw or a declaration below applies to it.
			return s.turnMove(p, m, forced)
		}
	}
	inner := m
	if sl, ok := m.(engine.OnSetupLine); ok {
		inner = sl.Move
	}
	if d, ok := inner.(Draw); ok && (len(s.owed) > 0 || !s.unseeded()) {
		if _, onSetupLine := m.(engine.OnSetupLine); onSetupLine != s.setup && s.unseeded() {
			return ruling("D31", rulingDrawn, "a draw is written where it is made: on a set-up line in the set-up, in a turn after it")
		}
		return s.writeDraw(p, d)
	}
	if len(s.owed) > 0 {
		return ruling("D31", rulingDrawn, s.owedText())
	}
	if sl, ok := m.(engine.OnSetupLine); ok {
		if !s.setup {
			return ruling("D5", rulingSetupLine, "a set-up line after the first turn")
		}
		return s.setupMove(p, sl.Move, forced)
	}
	switch m.(type) {
	case Draft, Main, Mulligan, Keep, Secure:
		return ruling("D5", rulingSetupLine, fmt.Sprintf("%s is written in a turn", describe(m)))
	}
	if isDeclaration(m) {
		return ruling("D28", rulingPosition, "a position's declaration is written in a turn")
	}
	if s.setup {
		if err := s.begin(); err != nil {
			return err
		}
		s.beganRecorded()
		if _, ok := m.(Draw); ok && len(s.owed) > 0 {
			// The first turn's first move writes what its start drew.
			return s.writeDraw(p, m.(Draw))
		}
		if len(s.owed) > 0 {
			return ruling("D31", rulingDrawn, s.owedText())
		}
	}
	if _, ok := m.(Draw); ok {
		return ruling("D31", rulingDrawn, "no card is being drawn: a draw is written after the move that draws it (main, mulligan, refresh, an effect)")
	}
	return s.turnMove(p, m, forced)
}

// turnMove is doMove for a move of a turn, once the set-up is over and
// nothing drawn is owed.
func (s *State) turnMove(p int, m engine.Move, forced bool) error {
	if p != s.active && !forced {
		return violation(fmt.Sprintf("it is %s's turn, not %s's", s.name(s.active), s.name(p)), ruleTurnEnds)
	}
	if d := s.damage; d != nil {
		// A reveal owed comes before anything else, the end of the turn
		// included (ruling D9).
		r, ok := m.(Reveal)
		if !ok {
			top := fmt.Sprintf(" (%s)", s.players[d.to].security[0])
			if top == " ("+Unknown+")" {
				top = "" // nobody recorded it
			}
			return ruling("D9", rulingRevealNow, fmt.Sprintf("%s must reveal the top card of their security%s before anything else", s.name(d.to), top))
		}
		return s.reveal(r)
	}
	if _, end := m.(engine.EndTurn); end {
		return s.endTurn(forced)
	}
	if s.ended && !forced {
		return ruling("D11", rulingTurnOver, fmt.Sprintf("%s's turn has ended: %s", s.name(p), s.reason()))
	}
	switch m := m.(type) {
	case Reveal:
		return ruling("D9", rulingRevealNow, fmt.Sprintf("no damage is being dealt: there is no security card to reveal (%s)", m.Card))
	case Play:
		return s.play(p, m, forced)
	case Activate:
		return s.activate(p, m, forced)
	case TrashScript:
		return s.trashScript(p, m, forced)
	case Attack:
		return s.attack(p, m, forced)
	case Refresh:
		return s.refresh(p, forced)
	case Burn:
		return s.burn(p, forced)
	}
	return fmt.Errorf("daemon: unknown move %T", m)
}

func describe(m engine.Move) string {
	switch m := m.(type) {
	case Draft:
		return "a draft of " + m.Module
	case Main:
		return "the main module " + m.Module
	case Mulligan:
		return "a mulligan"
	case Keep:
		return "a keep"
	case Secure:
		return "a security set"
	}
	if isDeclaration(m) {
		return "a position's declaration"
	}
	return fmt.Sprintf("%T", m)
}

// setupMove plays a move written on a set-up line.
func (s *State) setupMove(p int, m engine.Move, forced bool) error {
	if isDeclaration(m) {
		return s.declare(p, m)
	}
	if s.declaring() {
		if m, ok := m.(Main); ok {
			return s.declareMain(p, m)
		}
		return positionRuling(fmt.Sprintf("%s is written with a position, which declares the modules and grips the set-up would make", describe(m)))
	}
	pl := s.players[p]
	switch m := m.(type) {
	case Secure:
		return s.secure(p, m)
	case Draw:
		return ruling("D31", rulingDrawn, "no card is being drawn: a draw is written after the move that draws it (main, mulligan, refresh, an effect)")
	case Draft:
		if s.drafts >= len(draftOrder) && !forced {
			return draftViolation(len(draftOrder)-1, fmt.Sprintf("the draft is over: six modules are drafted, and %s has three", s.name(p)))
		}
		if !forced {
			if want := s.drafter(); p != want {
				return draftViolation(s.drafts, fmt.Sprintf("the %s pick of the draft is %s's, not %s's", ordinal(s.drafts+1), s.name(want), s.name(p)))
			}
		}
		if c, ok := s.cards.Card(m.Module); !ok || c.Kind != Module {
			return draftViolation(s.drafts, s.cards.unknown(Module, m.Module))
		}
		for q, other := range s.players {
			if slices.Contains(other.modules, m.Module) {
				return violation(fmt.Sprintf("%s was drafted by %s: it is no longer in the pool", m.Module, s.name(q)), ruleDraftOrder)
			}
		}
		if err := s.canDraft(p); err != nil {
			return err
		}
		if pl.modules == nil {
			pl.modules = make([]string, 0, 3) // a deck is three modules
		}
		pl.modules = append(pl.modules, m.Module)
		s.drafts++
		if len(pl.modules) == 3 {
			var decks [3][]string
			n := 0
			for i, mod := range pl.modules {
				decks[i] = s.cards.decks[mod]
				n += len(decks[i])
			}
			// The deck in one allocation, with room for the cards a
			// mulligan puts back once the opening grip is drawn from it.
			pl.deck = slices.Grow(pl.deck, n+GripSize)
			for _, d := range decks {
				pl.deck = append(pl.deck, d...)
			}
			if s.unseeded() {
				// The deck is a pool of cards in no known order.
				pl.pool = s.ledger.NewPool(pl.deck)
				for i := range pl.deck {
					pl.deck[i] = Unknown
				}
				return nil
			}
			shuffle.Shuffle(s.src, pl.deck)
		}
		return nil
	case Main:
		switch {
		case s.drafts < len(draftOrder) && !forced:
			return ruling("D4", rulingSetupDone, fmt.Sprintf("the draft is not over: main modules are chosen from the three drafted (%d of 6 drafted)", s.drafts))
		case pl.main != "" && !forced:
			return violation(fmt.Sprintf("%s has already chosen %s", s.name(p), pl.main), ruleMain)
		case !slices.Contains(pl.modules, m.Module):
			return violation(fmt.Sprintf("%s is not one of %s's modules (%s)", m.Module, s.name(p), strings.Join(pl.modules, ", ")), ruleMain)
		}
		if err := s.deckMade(p); err != nil {
			return err
		}
		first := pl.main == ""
		pl.main = m.Module
		s.countBonuses(p)
		// The reveals are simultaneous, so each grip is drawn as its
		// player's main module is written (ruling D4); a main let stand
		// in place of another draws none (ruling D27).
		if first {
			pl.makeZones()
			s.draw(p, GripSize)
		}
		return nil
	case Mulligan, Keep:
		switch {
		case pl.main == "":
			return ruling("D4", rulingSetupDone, fmt.Sprintf("%s's opening grip is drawn once their main module is chosen", s.name(p)))
		case pl.secured:
			return ruling("D32", rulingSecure, fmt.Sprintf("%s's security is set: the mulligans are over", s.name(p)))
		case pl.decided && !forced:
			return violation(fmt.Sprintf("%s has had their one round of mulligans", s.name(p)), ruleMulligan)
		}
		if mu, ok := m.(Mulligan); ok {
			if err := s.mulligan(p, mu); err != nil {
				return err
			}
		}
		pl.decided = true
		return nil
	}
	return ruling("D5", rulingSetupLine, "only drafts, main modules, mulligans and keeps are written on set-up lines")
}

func ordinal(n int) string {
	return [...]string{"", "first", "second", "third", "fourth", "fifth", "sixth"}[n]
}

// mulligan sets cards aside, draws as many, then shuffles the set-aside
// cards into the deck (ruling D6).
func (s *State) mulligan(p int, m Mulligan) error {
	pl := s.players[p]
	if len(m.Cards) == 0 {
		return violation("a mulligan names the cards it sets aside; keep keeps the grip", ruleMulligan)
	}
	if s.unseeded() {
		return s.mulliganUnseeded(p, m)
	}
	if slices.Contains(m.Cards, Unknown) {
		return seedDeals("write the cards set aside, as the seed dealt them")
	}
	// A copy to take the cards from, the grip's room kept for the draw.
	grip := append(make([]string, 0, max(zoneRoom, len(pl.grip))), pl.grip...)
	for _, c := range m.Cards {
		i := slices.Index(grip, c)
		if i < 0 {
			return violation(fmt.Sprintf("%s is not in %s's grip (or not that many times)", c, s.name(p)), ruleMulligan)
		}
		grip = slices.Delete(grip, i, i+1)
	}
	pl.grip = grip
	s.draw(p, len(m.Cards))
	pl.deck = append(pl.deck, m.Cards...)
	shuffle.Shuffle(s.src, pl.deck)
	return nil
}

// Begin ends the set-up where the referee reads the first turn line
// (engine.Beginner), so that a turn with no move yet shows the state the
// set-up left: security set, the first loading phase done. A state
// already begun, or over, is left as it is.
func (s *State) Begin() error {
	if !s.setup || s.outcome.Over {
		return nil
	}
	if err := s.begin(); err != nil {
		return err
	}
	s.beganRecorded()
	return nil
}

// begin ends the set-up at the first turn: grips not decided are kept,
// security is set, and the first player's gauge is set to 1.
func (s *State) begin() error {
	if s.declaring() {
		// A position begins at its first turn line (StartAt); without
		// one, at the first turn.
		return s.StartAt(1, 0)
	}
	for p, pl := range s.players {
		if pl.main == "" {
			return ruling("D4", rulingSetupDone, fmt.Sprintf("%s has not chosen a main module", s.name(p)))
		}
	}
	s.takeSecurity()
	s.noteStart()
	s.loading()
	return nil
}

// takeSecurity ends the set-up: grips not decided are kept, security is
// taken from the top of each deck, and the first player's gauge is set to
// 1, for the first turn.
func (s *State) takeSecurity() {
	for p, pl := range s.players {
		pl.decided = true
		n := min(SecuritySize, len(pl.deck))
		if s.unseeded() {
			// A security not written is set unseen (ruling D32).
			if !pl.secured {
				_ = s.setSecurity(p, unknowns(n))
			}
			continue
		}
		// The security keeps the deck's array, which it shares with no
		// zone that grows into it: its cap ends where the deck begins.
		pl.security = pl.deck[:n:n]
		pl.deck = pl.deck[n:]
	}
	s.setup = false
	s.turn = 1
	s.active = 0
	s.memory = StartMemory
}

// startTurn starts the active player's turn with its loading phase; under
// deckdamage=first the damage of an empty deck comes before it (ruling D8).
func (s *State) startTurn() {
	s.noteStart()
	if s.rules.deckDamageFirst && len(s.players[s.active].deck) == 0 {
		s.start.owed = true
		s.hurt(s.active, 1, "the damage of an empty deck", nil, (*State).loading)
		return
	}
	s.loading()
}

// loading is the loading phase, in the text's order: 1. memory for
// missing security, 2. reboot, 3. start-of-turn effects, of which the
// damage of an empty deck is one (ruling D8), dealt before the module's.
func (s *State) loading() {
	pl := s.players[s.active]
	s.gain(SecuritySize - len(pl.security))
	for _, d := range pl.daemons {
		d.Ready, d.Sick = true, false
	}
	if !s.rules.deckDamageFirst && len(pl.deck) == 0 {
		s.start.owed = true
		s.hurt(s.active, 1, "the damage of an empty deck", nil, (*State).startEffects)
		return
	}
	s.startEffects()
}

// startEffects resolves the active player's start-of-turn effects.
func (s *State) startEffects() {
	pl := s.players[s.active]
	n := len(pl.deck)
	s.trigger(s.active, Start)
	s.start.drawn = n - len(pl.deck)
}

// trigger resolves player p's module ability for t, if it has one.
func (s *State) trigger(p int, t Trigger) {
	b := &s.players[p].bonuses // read at every start of a turn, not copied
	if b.Trigger == t && b.TriggerEffect != nil {
		s.effect(p, *b.TriggerEffect, nil)
	}
}

// gain moves the tracker n toward the active player's side, to the end of
// the gauge at most (ruling D7).
func (s *State) gain(n int) { s.memory = min(s.memory+n, GaugeEnd) }

// pay moves the tracker n toward p's opponent's side: the active player's
// when p pays out of turn, in a move let stand (ruling D25).
func (s *State) pay(p, n int) error {
	mine := s.memory // the tracker as p sees it
	if p != s.active {
		mine = -mine
	}
	if mine-n < -GaugeEnd {
		return ruling("D7", rulingGauge, fmt.Sprintf("%s has %d memory, and paying %d would move the tracker to %d on %s's side, past the end of the gauge",
			s.name(p), mine, n, n-mine, s.name(1-p)))
	}
	if p == s.active {
		s.memory -= n
	} else {
		s.memory += n
	}
	return nil
}

// settle ends the turn if the action just taken left the tracker on the
// opponent's side.
func (s *State) settle() {
	if s.memory < 0 && !s.ended && !s.outcome.Over {
		s.ended, s.crossed = true, -s.memory
	}
}

// effect resolves one effect for player p; target is a purge's target.
func (s *State) effect(p int, e Effect, target *FieldDaemon) {
	switch e.Op {
	case OpDraw:
		s.draw(p, e.N)
	case OpMemory:
		if p == s.active {
			s.gain(e.N)
		} else {
			s.memory = max(s.memory-e.N, -GaugeEnd)
		}
	case OpPurge:
		if target != nil {
			s.trash(1-p, target)
		}
	}
}

// zoneRoom is the room a zone is given with its first cards (put).
const zoneRoom = 16

// makeZones gives a player's grip, heap and script zone their room in one
// block, as their opening grip is drawn: put would give each its own.
func (pl *player) makeZones() {
	block := make([]string, 3*zoneRoom)
	pl.grip = block[:0:zoneRoom]
	pl.heap = block[zoneRoom : zoneRoom : 2*zoneRoom]
	pl.scripts = block[2*zoneRoom : 2*zoneRoom : 3*zoneRoom]
}

// put appends cards to a zone. A zone without room is given zoneRoom with
// its first cards, so that it seldom grows by copying, one card at a time.
func put[T any](zone []T, cards ...T) []T {
	if cap(zone) == 0 && len(cards) > 0 {
		zone = make([]T, 0, max(zoneRoom, len(cards)))
	}
	return append(zone, cards...)
}

// draw draws n cards; an empty deck gives nothing (its damage comes at the
// start of a turn).
func (s *State) draw(p, n int) {
	if s.unseeded() {
		s.owe(p, n, nil, nil)
		return
	}
	pl := s.players[p]
	n = min(n, len(pl.deck))
	s.logDraw(p, pl.deck[:n])
	pl.grip = put(pl.grip, pl.deck[:n]...)
	pl.deck = pl.deck[n:]
}

// newDaemon is a new daemon holding d, for the field.
func (s *State) newDaemon(d FieldDaemon) *FieldDaemon {
	p := blocks.Take(&s.spare, 16)
	*p = d
	return p
}

// findDaemon finds player p's daemon by name: the first that ok accepts,
// or failing that the first of the name (ruling D10).
func (s *State) findDaemon(p int, name string, ok func(*FieldDaemon) bool) *FieldDaemon {
	var first *FieldDaemon
	for _, d := range s.players[p].daemons {
		if d.Card.Name != name {
			continue
		}
		if ok == nil || ok(d) {
			return d
		}
		if first == nil {
			first = d
		}
	}
	return first
}

// purgeTarget checks the target of a card's purge effects.
// Forced, a purge may name no daemon, or one of any power; a daemon named
// must still be on the field, even by a card that purges none.
func (s *State) purgeTarget(p int, c *Card, effects []Effect, target string, onPlay, forced bool) (*FieldDaemon, error) {
	// A card played breaks the rule of playing; an ability, of activating.
	broke := func(what string) error {
		if onPlay {
			return violation(what, rulePlay)
		}
		return violation(what, ruleActivate)
	}
	purge := 0
	for _, e := range effects {
		if e.Op == OpPurge {
			purge = e.N
		}
	}
	if forced && target != "" && s.findDaemon(1-p, target, nil) == nil {
		return nil, ruling("D10", rulingTarget, fmt.Sprintf("%s has no daemon %s on the field", s.name(1-p), target))
	}
	if purge == 0 {
		if target != "" && !forced {
			return nil, broke(fmt.Sprintf("%s takes no target", c.Name))
		}
		return nil, nil
	}
	if target == "" {
		if forced {
			return nil, nil
		}
		verb := "activate"
		if onPlay {
			verb = "play"
		}
		return nil, broke(fmt.Sprintf("%s needs an opposing daemon to purge, as in %s %s Sentry", c.Name, verb, c.Name))
	}
	d := s.findDaemon(1-p, target, func(d *FieldDaemon) bool { return s.Power(1-p, *d) <= purge })
	switch {
	case d == nil:
		return nil, ruling("D10", rulingTarget, fmt.Sprintf("%s has no daemon %s on the field", s.name(1-p), target))
	case s.Power(1-p, *d) > purge && !forced:
		return nil, broke(fmt.Sprintf("%s has power %d; %s purges a daemon of power %d or less", target, s.Power(1-p, *d), c.Name, purge))
	}
	return d, nil
}

func (s *State) play(p int, m Play, forced bool) error {
	pl := s.players[p]
	c, known := s.cards.Card(m.Card)
	i := slices.Index(pl.grip, m.Card)
	switch {
	case !known || c.Kind == Module:
		return violation(s.cards.unknown(-1, m.Card), rulePlay)
	case i < 0 && len(pl.gripHidden) == 0:
		return violation(fmt.Sprintf("%s is not in %s's grip", m.Card, s.name(p)), rulePlay)
	case i < 0 && !slices.Contains(s.players[p].modules, c.Module):
		return violation(fmt.Sprintf("%s is not in %s's grip: it is a card of %s, which is not one of their modules", m.Card, s.name(p), c.Module), rulePlay)
	}
	target, err := s.purgeTarget(p, c, c.Effects, m.Target, true, forced)
	if err != nil {
		return err
	}
	memory := s.memory
	if err := s.pay(p, s.cost(p, c)); err != nil {
		return err
	}
	if i >= 0 {
		pl.grip = slices.Delete(pl.grip, i, i+1)
	} else {
		// A card nobody recorded is shown to be the card played.
		grip, hid, err := s.fromGrip(p, pl.grip, pl.gripHidden, m.Card, "played %s")
		if err != nil {
			s.memory = memory
			return s.conflict(p, "play", m.Card, err)
		}
		pl.grip, pl.gripHidden = grip, hid
	}
	if c.Kind == Daemon {
		pl.daemons = put(pl.daemons, s.newDaemon(FieldDaemon{Card: c, Ready: true, Sick: !c.Haste && !s.bonuses(p).Haste}))
	} else {
		for _, e := range c.Effects {
			s.effect(p, e, target)
		}
		pl.scripts = put(pl.scripts, m.Card)
		pl.bonuses.add(c.Ongoing)
	}
	s.settle()
	return nil
}

func (s *State) activate(p int, m Activate, forced bool) error {
	d := s.findDaemon(p, m.Card, nil)
	switch {
	case d == nil:
		return ruling("D10", rulingTarget, fmt.Sprintf("%s has no daemon %s on the field", s.name(p), m.Card))
	case d.Card.Ability == nil:
		return violation(fmt.Sprintf("%s has no ability to activate", m.Card), ruleActivate)
	}
	target, err := s.purgeTarget(p, d.Card, []Effect{*d.Card.Ability}, m.Target, false, forced)
	if err != nil {
		return err
	}
	if err := s.pay(p, d.Card.AbilityCost); err != nil {
		return err
	}
	s.effect(p, *d.Card.Ability, target)
	s.settle()
	return nil
}

func (s *State) trashScript(p int, m TrashScript, forced bool) error {
	pl := s.players[p]
	c, known := s.cards.Card(m.Card)
	switch {
	case !known || c.Kind != Script:
		return violation(s.cards.unknown(Script, m.Card), ruleScriptTrash)
	case !slices.Contains(pl.scripts, m.Card):
		return violation(fmt.Sprintf("%s is not in %s's script zone", m.Card, s.name(p)), ruleScriptTrash)
	case c.OnTrash == nil && !forced:
		return violation(fmt.Sprintf("%s has no effect when trashed", m.Card), ruleScriptTrash)
	}
	i := slices.Index(pl.scripts, m.Card)
	pl.scripts = slices.Delete(pl.scripts, i, i+1)
	if c.Ongoing != (Bonuses{}) {
		// Only a script that gave bonuses changes them, which are
		// counted again (most give none).
		s.countBonuses(p)
	}
	pl.heap = put(pl.heap, m.Card)
	if c.OnTrash != nil {
		s.effect(p, *c.OnTrash, nil)
	}
	s.settle()
	return nil
}

func (s *State) attack(p int, m Attack, forced bool) error {
	can := func(d *FieldDaemon) bool { return d.Ready && !d.Sick }
	d := s.findDaemon(p, m.Attacker, can)
	switch {
	case d == nil:
		return ruling("D10", rulingTarget, fmt.Sprintf("%s has no daemon %s on the field", s.name(p), m.Attacker))
	case !d.Ready && !forced:
		return violation(fmt.Sprintf("%s is not ready: it has attacked since its owner's last loading phase", m.Attacker), ruleAttack)
	case d.Sick && !forced:
		return violation(fmt.Sprintf("%s has loading sickness: it entered the field this turn", m.Attacker), ruleSickness)
	}
	var defender *FieldDaemon
	if m.Target != "" {
		if defender = s.findDaemon(1-p, m.Target, nil); defender == nil {
			return ruling("D10", rulingTarget, fmt.Sprintf("%s has no daemon %s on the field", s.name(1-p), m.Target))
		}
	}
	d.Ready = false
	s.trigger(p, Attacks)
	if defender == nil {
		s.hurt(1-p, 1+d.Card.Breach+s.bonuses(p).Breach, "", d, nil)
		return nil
	}
	// Daemon against daemon (ruling D12).
	ap, dp := s.Power(p, *d), s.Power(1-p, *defender)
	switch {
	case s.rules.defenderOnly:
		if ap >= dp {
			s.trash(1-p, defender)
		}
	case ap > dp:
		s.trash(1-p, defender)
	case ap < dp:
		s.trash(p, d)
	default:
		s.trash(1-p, defender)
		s.trash(p, d)
	}
	s.settle()
	return nil
}

// trash moves player p's daemon from the field to the heap.
func (s *State) trash(p int, d *FieldDaemon) {
	pl := s.players[p]
	i := slices.Index(pl.daemons, d)
	if i < 0 {
		return
	}
	pl.daemons = slices.Delete(pl.daemons, i, i+1)
	pl.heap = put(pl.heap, d.Card.Name)
	s.trigger(p, Trashed)
}

// hurt deals n damage to player p, each waiting for its reveal; then runs
// after, when given. An attack's damage has its attacker, and no source.
func (s *State) hurt(p, n int, source string, attacker *FieldDaemon, after func(*State)) {
	s.dealing = damage{source: source, to: p, left: n, attacker: attacker, then: after}
	if attacker != nil {
		s.dealing.by = attacker.Card
	}
	s.damage = &s.dealing
	s.nextDamage()
}

// nextDamage deals the next damage: a player with no security left loses;
// otherwise the reveal is awaited. When none is left, play goes on.
func (s *State) nextDamage() {
	d := s.damage
	if d.left == 0 {
		then := d.then
		s.noDamage()
		if then != nil {
			then(s)
		}
		s.settle()
		return
	}
	if len(s.players[d.to].security) == 0 {
		s.owed = nil // the game is over: what it drew is not written
		source := d.source
		if d.by != nil {
			source = "an attack by " + d.by.Name
		}
		s.outcome = engine.Outcome{Over: true, Winner: 1 - d.to, Turn: s.turn,
			Reason: s.name(d.to) + " took damage with no security left (" + source + ")"}
		s.noDamage()
	}
}

// noDamage ends the damage being dealt.
func (s *State) noDamage() { s.damage, s.dealing = nil, damage{} }

// reveal resolves one damage: the top security card is revealed, and a
// daemon may trash the attacker.
func (s *State) reveal(r Reveal) error {
	d := s.damage
	pl := s.players[d.to]
	if s.unseeded() {
		if err := s.revealUnseeded(r); err != nil {
			return err
		}
	} else if r.Card == Unknown {
		return seedDeals("write the card the seed gives")
	}
	top := pl.security[0]
	if r.Card != top {
		return violation(fmt.Sprintf("the top card of %s's security is %s, not %s", s.name(d.to), top, r.Card), ruleReveal)
	}
	pl.security = pl.security[1:]
	if pl.securityHidden != nil {
		pl.securityHidden = pl.securityHidden[1:]
	}
	d.left--
	c, _ := s.cards.Card(top)
	if c.Kind == Daemon {
		if a := d.attacker; a != nil && c.Power >= s.Power(1-d.to, *a) {
			s.trash(1-d.to, a)
			d.attacker = nil
			if !s.rules.overflow {
				d.left = 0 // the attack is over (ruling D13)
			}
		}
		pl.grip = put(pl.grip, top)
	} else {
		pl.scripts = put(pl.scripts, top)
		pl.bonuses.add(c.Ongoing)
	}
	s.trigger(d.to, Reveals)
	s.nextDamage()
	return nil
}

func (s *State) refresh(p int, forced bool) error {
	pl := s.players[p]
	if len(pl.grip) == 0 && len(pl.deck) == 0 && !forced {
		return violation(fmt.Sprintf("%s's grip and deck are empty: refresh is lost, and burn is the action left", s.name(p)), ruleBurn)
	}
	s.memory = 0
	size := GripSize
	if g := s.bonuses(p).Grip; g > 0 {
		size = g
	}
	s.draw(p, max(size-len(pl.grip), 0))
	if p == s.active { // out of turn, there is no turn of p's to end (ruling D25)
		s.ended, s.why = true, "refresh ends the turn (ruling D2)"
	}
	return nil
}

func (s *State) burn(p int, forced bool) error {
	pl := s.players[p]
	if (len(pl.grip) > 0 || len(pl.deck) > 0) && !forced {
		return violation(fmt.Sprintf("%s's grip or deck is not empty: burn is not open to them", s.name(p)), ruleBurn)
	}
	if p == s.active { // as for refresh (ruling D25)
		s.ended, s.why = true, "burn ends the turn (ruling D2)"
	}
	// The damage first, then the tracker to 0: a reveal's memory does not
	// outlast the burn. A burn that loses the game sets it to 0 too, as
	// ruling D2 says every burn does.
	s.hurt(p, 1, "burn", nil, func(s *State) { s.memory = 0 })
	if s.outcome.Over {
		s.memory = 0
	}
	return nil
}

// TurnEnded tells whether the active player's turn has ended, by a
// refresh, a burn or the gauge (ruling D2), with nothing owed in it: the
// next turn line is what comes next (engine.TurnEnder).
func (s *State) TurnEnded() bool {
	return !s.setup && s.ended && s.damage == nil && len(s.owed) == 0 && !s.outcome.Over
}

// endTurn passes the turn to the opponent, who sees the tracker from their
// side (ruling D7).
func (s *State) endTurn(forced bool) error {
	if !s.ended && !forced {
		where := fmt.Sprintf("at %d on their side", s.memory)
		if s.memory == 0 {
			where = "at 0, nobody's side"
		}
		return ruling("D2", rulingNotEnded, fmt.Sprintf("%s's turn has not ended: the tracker is %s", s.name(s.active), where))
	}
	s.active = 1 - s.active
	s.memory = -s.memory
	s.turn++
	s.ended, s.why, s.crossed = false, "", 0
	s.startTurn()
	return nil
}
