// Package void is the rules engine for Void, the two-player card game of
// an action queue with answers and targets. The rules text gives the
// action protocol only: the transcript declares the board of sectors and
// biomes, the players' void energy, income, life, hands and cards in play,
// and the catalogue each card's cost, targets and effects. RULINGS.md
// fills the gaps; CARDS.md gives the card vocabulary. A record made at a
// table may write a hand's cards as ?, unknown, and a catalogue may give
// a card's copies: hidden.go checks what an unknown card could be.
package void

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// maxEnergy bounds costs, energy, income and life, so that no number in
// a transcript overflows.
const maxEnergy = 999

// Set-up moves, written on set-up lines (wrapped in engine.OnSetupLine).

// Sector declares a sector and its biomes, on the board line: the sectors
// lie in a row in the order written.
type Sector struct {
	Name   string
	Biomes []string
}

// Energy declares a player's void energy at the start.
type Energy struct{ N int }

// Income declares the void energy a player gains at the start of each of
// their turns.
type Income struct{ N int }

// Life declares a player's life: at 0 they lose.
type Life struct{ N int }

// Hand declares cards in a player's hand.
type Hand struct{ Cards []string }

// Field declares a card in play from the start: a unit in a sector, a
// modification on its target; a unit may carry damage (ruling V26).
type Field struct {
	Card, Target string
	Damage       int
}

// Turn moves.

// Choices are what an action is taken with: its targets, the option
// picked (from 1; 0 for none, unless HasPick says pick 0 was written) and
// X (when HasX).
type Choices struct {
	Targets []string
	Pick    int
	HasPick bool
	X       int
	HasX    bool
}

// Play plays a card from the hand: into the queue, or at once for an
// anomaly.
type Play struct {
	Card string
	Choices
}

// Activate activates the skill of a card in play.
type Activate struct {
	Card string
	Choices
}

// React uses the reactive skill of a card in play, in answer to an
// opposing action in the queue.
type React struct {
	Card string
	Choices
}

// Advance moves a unit to a sector next to its own.
type Advance struct{ Unit, Sector string }

// Attack attacks a sector with a unit.
type Attack struct{ Unit, Sector string }

// Defend defends against the attack of the opposing unit named.
type Defend struct{ Unit, Attacker string }

// Convert converts a card from the hand into void energy.
type Convert struct{ Card string }

// Execute is written where no player takes an action: the last action in
// the queue executes.
type Execute struct{}

// Pass declines to answer: the player who decides takes no action, and
// the other decides (ruling V7). Declining need not be written; written,
// it is checked.
type Pass struct{}

// Game is Void's rules with a catalogue of cards.
type Game struct {
	Cards *Cards
}

// Name is the game's name, as transcripts' Game tag writes it.
func (Game) Name() string { return "void" }

// Players is the number of players: two.
func (Game) Players() int { return 2 }

// Variants lists the named rulings (RULINGS.md).
func (Game) Variants() []engine.Variant {
	return []engine.Variant{
		{Name: "after", Values: []string{"active", "opponent"},
			Summary: "after an action executes, the active player may act first (active), or the opponent of the player who took it (opponent)"},
		{Name: "refund", Values: []string{"none", "full"},
			Summary: "the costs of a cancelled action are lost (none), or given back to the player who paid them (full)"},
	}
}

// knownVariants are the variants, made once for New to read.
var knownVariants = Game{}.Variants()

type rules struct {
	afterOpponent bool // after=opponent
	refund        bool // refund=full
}

type player struct {
	energy, income, life int
	hasLife              bool
	hand, cache          []string
}

func (p player) clone() player {
	p.hand = slices.Clone(p.hand)
	p.cache = slices.Clone(p.cache)
	return p
}

// target is a sector, biome or player, by index.
type target struct {
	kind  TargetKind
	index int
}

// singles are lists of one target, for the first 64 of each kind:
// nothing writes an action's targets in place, so that actions share
// them rather than each allocate its own.
var singles = func() (out [PlayerTarget + 1][64]target) {
	for k := range out {
		for i := range out[k] {
			out[k][i] = target{TargetKind(k), i}
		}
	}
	return out
}()

// addTarget appends t to a list of targets: a list of one is shared
// (singles), and its capacity of one keeps append from writing into it.
func addTarget(ts []target, t target) []target {
	if len(ts) == 0 && t.index < len(singles[t.kind]) {
		return singles[t.kind][t.index : t.index+1 : t.index+1]
	}
	return append(ts, t)
}

// permanent is a card in play.
type permanent struct {
	id     int // the order it entered play in
	card   *Card
	owner  int
	sector int    // a unit's sector
	on     target // a modification's target
	damage int
	spent  bool // it has taken its action this turn (ruling V21)
}

// action is an action in the queue.
type action struct {
	id      int
	kind    string // play, skill, react, advance, attack, defend
	owner   int
	card    *Card // the card played, or the card whose skill it is
	source  int   // the permanent acting, for all but play
	ability *Ability
	targets []target // shared with other actions: read only
	pick    int      // the option used, from 0; -1 for none
	x       int
	paid    int
	// from is the sector an advancing, attacking or defending unit
	// stood in when it acted: its reach holds while it stays there
	// (ruling V33).
	from int
	// attack is the attack a defence answers; defender the unit an
	// executed defence put in an attack's way (0 for none), and guard
	// the sector it stood in then.
	attack, defender, guard int
}

func (a action) clone() action {
	a.targets = slices.Clone(a.targets)
	return a
}

type biome struct {
	name   string
	sector int
}

type setupStep struct {
	player int
	move   engine.Move
}

// State is a game of Void in progress.
type State struct {
	cards   *Cards
	rules   rules
	names   []string
	sectors []Sector
	biomes  []biome
	players [2]player
	perms   []permanent
	queue   []action
	nextID  int

	turn   int
	active int
	// priority is who decides now while the queue is open; declined
	// tells whether the other player has declined since the last action
	// or execution; window is the empty queue right after an execution,
	// when both players may still act (rule: "When an aciton in the
	// queue executes, each player who can, may take another action.").
	priority int
	declined bool
	window   bool
	outcome  engine.Outcome

	// forcing is set while Force carries out a move: the checks of the
	// rules a player can break by hand are skipped (force.go). It is
	// false at every other time.
	forcing bool

	// plan is the hands of a seeded set-up that Legal offers, for random
	// games (plannedStep); planned is how much of the set-up has been
	// written, -1 once the set-up left it.
	plan    [2][plannedHand]string
	planned int

	// first is the first turn a declared position starts at (StartAt):
	// turn 0 is turn 1, the first player's.
	first struct{ turn, player int }

	// seeded is set under a Seed tag, which writes no unknown card (ruling
	// V38); oneSeat for a record from seat's seat (ruling V37).
	seeded, oneSeat bool
	seat            int
	// hid are the cards nobody recorded (hidden.go): nil until a set-up
	// line writes one.
	hid *hiddenCards
}

// New sets up a game before its set-up lines.
func (g Game) New(opts engine.Options) (engine.State, error) {
	if g.Cards == nil || len(g.Cards.all) == 0 {
		return nil, errors.New("void: the catalogue has no cards")
	}
	// Every variant's first value is the zero rules: most games name
	// none, and need no resolving.
	var r rules
	if len(opts.Variants) > 0 {
		variants, err := engine.ResolveVariants(knownVariants, opts.Variants)
		if err != nil {
			return nil, err
		}
		r = rules{afterOpponent: variants["after"] == "opponent", refund: variants["refund"] == "full"}
	}
	s := &State{
		cards:  g.Cards,
		rules:  r,
		names:  opts.Players,
		seeded: opts.Seeded, oneSeat: opts.OneSeat, seat: opts.Seat,
	}
	if opts.Seeded {
		s.plan = plannedSetup(g.Cards, opts.Seed)
	} else {
		s.planned = -1
	}
	return s, nil
}

// The seeded set-up random games use: a board of three sectors, and for
// each player 3 void energy, an income of 3, 10 life and a hand of 8 cards
// drawn from the catalogue.
var plannedBoard = [...]Sector{
	{"North", []string{"Forest", "Lake"}},
	{"Middle", []string{"Ruins"}},
	{"South", []string{"Dunes", "Marsh"}},
}

const (
	plannedEnergy, plannedIncome, plannedLife, plannedHand = 3, 3, 10, 8
)

// plannedSectors are the board lines of the planned set-up, made once:
// every seeded game's plan shares them, read only.
var plannedSectors = func() []setupStep {
	out := make([]setupStep, len(plannedBoard))
	for i, sec := range plannedBoard {
		out[i] = setupStep{engine.Nobody, Sector{sec.Name, slices.Clip(sec.Biomes)}}
	}
	return out
}()

// plannedSteps is the number of lines of the planned set-up: the board's,
// then each player's energy, income, life and hand.
const plannedSteps = len(plannedBoard) + 2*4

// plannedSetup draws the hands of a seeded game's planned set-up, kept in
// the state: the rest of the plan is the same for every game, and a check
// sets up every file.
func plannedSetup(cs *Cards, seed uint64) (hands [2][plannedHand]string) {
	src := shuffle.New(seed)
	for p := range hands {
		for i := range hands[p] {
			hands[p][i] = cs.all[src.Intn(len(cs.all))].Name
		}
	}
	return hands
}

// plannedPlayer is who writes line k of the planned set-up.
func plannedPlayer(k int) int {
	if k < len(plannedBoard) {
		return engine.Nobody
	}
	return (k - len(plannedBoard)) / 4
}

// plannedHandStep is the line of the planned set-up that deals p's hand.
func plannedHandStep(p int) int { return len(plannedBoard) + 4*p + 3 }

// plannedStep is line k of the planned set-up.
func (s *State) plannedStep(k int) setupStep {
	if k < len(plannedBoard) {
		return plannedSectors[k]
	}
	p := plannedPlayer(k)
	switch k {
	case plannedHandStep(p) - 3:
		return setupStep{p, Energy{plannedEnergy}}
	case plannedHandStep(p) - 2:
		return setupStep{p, Income{plannedIncome}}
	case plannedHandStep(p) - 1:
		return setupStep{p, Life{plannedLife}}
	}
	return setupStep{p, Hand{slices.Clone(s.plan[p][:])}}
}

// followsPlan tells whether m, by p, is the next line of the planned
// set-up.
func (s *State) followsPlan(p int, m engine.Move) bool {
	k := s.planned
	if k >= plannedSteps || plannedPlayer(k) != p {
		return false
	}
	if h, ok := m.(Hand); ok && k == plannedHandStep(p) && slices.Equal(h.Cards, s.plan[p][:]) {
		return true // the hand planned, as most are, told without a copy
	}
	return equalMoves(s.plannedStep(k).move, m)
}

// Turn is the number of the current turn, from 1; 0 during the set-up.
func (s *State) Turn() int { return s.turn }

// ToMove is the player who decides now: while the queue is open, the one
// who may answer; otherwise the active player.
func (s *State) ToMove() int {
	switch {
	case s.turn == 0 && s.planned >= 0 && s.planned < plannedSteps:
		return plannedPlayer(s.planned)
	case s.open():
		return s.priority
	}
	return s.active
}

// open tells whether the queue is open: actions wait in it, or one has
// just executed.
func (s *State) open() bool { return len(s.queue) > 0 || s.window }

// Outcome tells whether the game is over.
func (s *State) Outcome() engine.Outcome { return s.outcome }

// Over implements engine.Ender.
func (s *State) Over() bool { return s.outcome.Over }

// Clone returns an independent copy.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.sectors = slices.Clone(s.sectors)
	c.biomes = slices.Clone(s.biomes)
	for i := range s.players {
		c.players[i] = s.players[i].clone()
	}
	c.perms = slices.Clone(s.perms)
	c.queue = make([]action, len(s.queue))
	for i, a := range s.queue {
		c.queue[i] = a.clone()
	}
	c.hid = s.hid.clone()
	return &c
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

// Apply plays m for player p; an illegal move leaves the state unchanged.
// Each move checks everything that can refuse it before it changes
// anything, so that a refused move leaves s as it was without a copy of
// the state.
func (s *State) Apply(p int, m engine.Move) error {
	if s.outcome.Over {
		return ruling("V29", rulingTurnOver, fmt.Sprintf("the game ended on turn %d", s.outcome.Turn))
	}
	// One switch on the move's type, where a turn's move, most of them,
	// was asserted to By and to OnSetupLine first.
	switch mv := m.(type) {
	case engine.By:
		return s.Apply(mv.Player, mv.Move)
	case engine.OnSetupLine:
		if s.turn > 0 {
			return ruling("V1", rulingSetupLine, "set-up lines come before the first turn")
		}
		return s.setupMove(p, mv.Move)
	case Sector, Energy, Income, Life, Hand, Field, Cache:
		return ruling("V1", rulingSetupLine, fmt.Sprintf("%s is declared on a set-up line, not in a turn", setupWord(m)))
	}
	if p < 0 || p > 1 {
		return fmt.Errorf("void: no player %d", p)
	}
	if s.turn == 0 {
		// The first move of a turn begins the game, unless it is refused:
		// begun on a copy, once a game at most.
		c := s.clone()
		if err := c.begin(); err != nil {
			return err
		}
		if err := c.turnMove(p, m); err != nil {
			return err
		}
		*s = *c
		return nil
	}
	return s.turnMove(p, m)
}

// turnMove plays a move of a turn once the game has begun.
func (s *State) turnMove(p int, m engine.Move) error {
	switch m := m.(type) {
	case engine.EndTurn:
		return s.endTurn(p)
	case Execute:
		return s.execute()
	case Pass:
		return s.pass(p)
	case Convert:
		return s.convert(p, m)
	case Play:
		return s.play(p, m)
	case Activate:
		return s.activate(p, m.Card, m.Choices, false)
	case React:
		return s.activate(p, m.Card, m.Choices, true)
	case Advance:
		return s.advance(p, m)
	case Attack:
		return s.attack(p, m)
	case Defend:
		return s.defend(p, m)
	}
	return fmt.Errorf("void: unknown move %T", m)
}

func setupWord(m engine.Move) string {
	switch m.(type) {
	case Sector:
		return "a sector"
	case Energy:
		return "energy"
	case Income:
		return "income"
	case Life:
		return "life"
	case Hand:
		return "a hand"
	case Cache:
		return "a cache"
	}
	return "a card in play"
}

// Begin starts the first turn, where the referee reads the first turn
// line, so that its income counts before any move of it (engine.Beginner).
func (s *State) Begin() error {
	if s.turn > 0 || s.outcome.Over {
		return nil
	}
	return s.begin()
}

// noSector is what a set-up with no board line lacks (ruling V2).
const noSector = "the set-up declares no sector: write a board line, as in board: sector North Forest"

// begin starts the first turn once the set-up is written; refused, it
// changes nothing.
func (s *State) begin() error {
	if len(s.sectors) == 0 {
		return ruling("V2", rulingBoardFirst, noSector)
	}
	s.planned = -1
	s.turn = max(s.first.turn, 1) - 1
	s.startTurn(s.first.player)
	return nil
}

// startTurn gives the active player their income and readies every card
// in play (rulings V4, V21).
func (s *State) startTurn(p int) {
	s.turn++
	s.active, s.priority = p, p
	s.declined, s.window = false, false
	pl := &s.players[p]
	gain := pl.income
	for i := range s.perms {
		pm := &s.perms[i]
		if pm.owner == p {
			gain += pm.card.Income
		}
		pm.spent = false
	}
	pl.energy = min(pl.energy+gain, maxEnergy)
}

func (s *State) endTurn(p int) error {
	if p != s.active && !s.forcing {
		return violation(fmt.Sprintf("it is %s's turn, not %s's", s.name(s.active), s.name(p)), ruleAsMany)
	}
	if len(s.queue) > 0 && !s.forcing {
		return ruling("V10", rulingTurnEnd, fmt.Sprintf("%s in the queue: write execute for each", waiting(len(s.queue))))
	}
	// The turns alternate whoever ends one (ruling V31).
	s.startTurn(1 - s.active)
	return nil
}

// written says how many targets are written.
func written(n int) string {
	if n == 1 {
		return "1 is"
	}
	return fmt.Sprintf("%d are", n)
}

// waiting says how many actions wait in the queue.
func waiting(n int) string {
	if n == 1 {
		return "1 action still waits"
	}
	return fmt.Sprintf("%d actions still wait", n)
}

// turnOrder is who decides while the queue is open, whether the other
// player has declined, and whether an execution has just emptied the
// queue: what an action changes besides the queue.
type turnOrder struct {
	priority         int
	declined, window bool
}

// mayAct tells whether p may take an action now, and returns the turn
// order once p acts, with the other player's implied declining made real
// (ruling V7). It changes nothing: the caller sets the order (decide)
// once the action is accepted. When p may not act, the order returned is
// the one in force, for a forced move.
func (s *State) mayAct(p int) (turnOrder, error) {
	now := turnOrder{s.priority, s.declined, s.window}
	if !s.open() {
		if p != s.active {
			return now, ruling("V6", rulingOpen, fmt.Sprintf("the queue is empty and it is %s's turn", s.name(s.active)))
		}
		return now, nil
	}
	if p == s.priority {
		return now, nil
	}
	if s.declined && len(s.queue) == 0 && p == s.active {
		// Both have declined right after an execution that emptied the
		// queue: it is closed, and the active player opens it anew.
		return turnOrder{priority: p}, nil
	}
	if s.declined {
		what := fmt.Sprintf("%s declined, and %s is to answer or let the queue execute", s.name(p), s.name(s.priority))
		if len(s.queue) == 0 {
			what = fmt.Sprintf("%s declined, and %s is to act or end the turn", s.name(p), s.name(s.priority))
		}
		return now, ruling("V7", rulingNoReturn, what)
	}
	now.priority, now.declined = p, true
	return now, nil
}

// pass declines for p, who decides now (ruling V7): the other player
// decides next, and p may not act again until an action executes or the
// other acts.
func (s *State) pass(p int) error {
	switch {
	case !s.open():
		return ruling("V7", rulingDecline, fmt.Sprintf("there is nothing to decline: the queue is empty, and %s is to act or end the turn", s.name(s.active)))
	case p != s.priority && s.declined:
		return ruling("V7", rulingDecline, fmt.Sprintf("%s has declined already, and %s is to decide", s.name(p), s.name(s.priority)))
	case p != s.priority:
		return ruling("V7", rulingDecline, fmt.Sprintf("%s decides now, not %s", s.name(s.priority), s.name(p)))
	case s.declined:
		return ruling("V7", rulingDecline, fmt.Sprintf("%s has declined too: with both declining, the queue executes (write execute)", s.name(1-p)))
	}
	s.priority, s.declined = 1-p, true
	return nil
}

// decide sets the turn order mayAct returned.
func (s *State) decide(o turnOrder) {
	s.priority, s.declined, s.window = o.priority, o.declined, o.window
}

// enqueue puts a taken action into the queue: the other player answers
// next (rule: "Players take turns, answering each other's actions.").
func (s *State) enqueue(a action) {
	s.nextID++
	a.id = s.nextID
	s.queue = add(s.queue, a)
	s.priority, s.declined, s.window = 1-a.owner, false, false
}

// canPay tells whether p can pay n void energy.
func (s *State) canPay(p, n int, x bool) error {
	if have := s.players[p].energy; n > have {
		what := fmt.Sprintf("%s has %d void energy and the cost is %d", s.name(p), have, n)
		if x {
			return violation(what, rulePayX)
		}
		return ruling("V13", rulingPay, what)
	}
	return nil
}

// inHand finds a card in p's hand: its place there, and the card. A card
// not there by name may be one of the hand's unknown cards: its place is
// then -1, and reveal finds which (ruling V35).
func (s *State) inHand(p int, card string) (int, *Card, error) {
	i := slices.Index(s.players[p].hand, card)
	if i < 0 && s.Unknowns(p) > 0 {
		c, err := s.hiddenHand(p, card)
		return -1, c, err
	}
	if i < 0 {
		return -1, nil, ruling("V12", rulingHand, fmt.Sprintf("%s has no %s in hand", s.name(p), card))
	}
	c, ok := s.cards.Card(card)
	if !ok {
		return -1, nil, fmt.Errorf("void: %q is not in the catalogue", card)
	}
	return i, c, nil
}

// take takes the card at place i out of p's hand, or for i < 0 the
// unknown card shown.
func (s *State) take(p, i int, shown revealed) {
	if i < 0 {
		s.keep(p, shown)
		return
	}
	// The cards after it move up one by one: a hand is a few cards, and
	// slices.Delete's copy and clear are two calls into the runtime.
	hand := s.players[p].hand
	for ; i < len(hand)-1; i++ {
		hand[i] = hand[i+1]
	}
	hand[len(hand)-1] = ""
	s.players[p].hand = hand[:len(hand)-1]
}

func (s *State) convert(p int, m Convert) error {
	order, err := s.mayAct(p)
	if err != nil && !s.forcing {
		return err
	}
	i, c, err := s.inHand(p, m.Card)
	if err != nil {
		return err
	}
	var shown revealed
	if i < 0 {
		if shown, err = s.reveal(p, c, "converted"); err != nil {
			return err
		}
	}
	s.decide(order)
	s.take(p, i, shown)
	s.toCache(p, c.Name)
	pl := &s.players[p]
	pl.energy = min(pl.energy+c.Convert, maxEnergy)
	return nil
}

func (s *State) play(p int, m Play) error {
	order, err := s.mayAct(p)
	if err != nil && !s.forcing {
		return err
	}
	i, c, err := s.inHand(p, m.Card)
	if err != nil {
		return err
	}
	a := action{kind: "play", owner: p, card: c, ability: &c.Play, pick: -1}
	if err := s.choose(&a, c.Name, m.Choices); err != nil {
		return err
	}
	var shown revealed
	if i < 0 {
		// Last: nothing can refuse the play once its card is shown.
		if shown, err = s.reveal(p, c, "played"); err != nil {
			return err
		}
	}
	s.decide(order)
	s.take(p, i, shown)
	s.players[p].energy -= a.paid
	if c.Kind == Anomaly {
		// Not queued: it takes effect at once (ruling V11).
		s.resolve(&a)
		return nil
	}
	s.enqueue(a)
	return nil
}

// choose checks an action's choices and that its owner can pay for it,
// and sets its cost in a.paid; the caller pays once nothing can refuse
// the action.
func (s *State) choose(a *action, what string, ch Choices) error {
	ab := a.ability
	want := ab.Targets
	if n := len(ch.Targets); ab.Cost.X && !ch.HasX && n > 0 && ch.Targets[n-1] == "X" {
		// X without its number reads as a target named X.
		return violation(fmt.Sprintf("%s costs X: write X and its number, as in X 2", what), ruleChooseX)
	}
	switch {
	case want.Count == 0 && len(ch.Targets) > 0:
		return ruling("V14", rulingChoice, fmt.Sprintf("%s has no target, and %s is written", what, ch.Targets[0]))
	case len(ch.Targets) < want.Count && a.card.Kind == Modification && a.kind == "play":
		return violation(fmt.Sprintf("%s needs %s", what, want), ruleModificationTarget)
	case len(ch.Targets) == 0 && want.Count > 0:
		return violation(fmt.Sprintf("%s needs %s, and none is written", what, want), rulePickTarget)
	case len(ch.Targets) != want.Count:
		return ruling("V16", rulingTargets, fmt.Sprintf("%s takes %s, and %s written", what, want, written(len(ch.Targets))))
	}
	for i, name := range ch.Targets {
		t, ok := s.lookup(want.Kind, name)
		if !ok {
			return s.absent(ruling("V15", rulingDeclare, fmt.Sprintf("%s targets a %s, and there is no %s %s", what, want.Kind, want.Kind, name)))
		}
		if slices.Index(ch.Targets, name) < i {
			return ruling("V16", rulingTargets, fmt.Sprintf("%s is named twice", name))
		}
		if !s.meets(a.owner, want, t) && !s.forcing {
			return ruling("V15", rulingDeclare, fmt.Sprintf("%s needs %s, and %s is not", what, want, s.describeTarget(t)))
		}
		a.targets = addTarget(a.targets, t)
	}
	picked := ch.HasPick || ch.Pick != 0
	switch {
	case ab.Pick && !picked:
		return violation(fmt.Sprintf("%s has %d options: write pick and the option's number", what, len(ab.Effects)), rulePickOne)
	case ab.Pick && (ch.Pick < 1 || ch.Pick > len(ab.Effects)):
		return violation(fmt.Sprintf("%s has options 1 to %d, not %d", what, len(ab.Effects), ch.Pick), rulePickOne)
	case !ab.Pick && picked:
		return ruling("V14", rulingChoice, fmt.Sprintf("%s has no options to pick from", what))
	case ab.Cost.X && !ch.HasX:
		return violation(fmt.Sprintf("%s costs X: write X and its number", what), ruleChooseX)
	case !ab.Cost.X && ch.HasX:
		return ruling("V14", rulingChoice, fmt.Sprintf("%s has no X in its cost", what))
	case ch.X < 0:
		return violation(fmt.Sprintf("X cannot be %d: X is a number of void energy, from 0 to %d", ch.X, maxEnergy), ruleChooseX)
	case ch.X > maxEnergy:
		// The bound is the referee's, not the text's: say so, and why
		// no X past it can be paid.
		return ruling("V4", rulingStop, fmt.Sprintf("X %d is more than any player can pay: void energy stops at %d, so X is from 0 to %d", ch.X, maxEnergy, maxEnergy))
	}
	a.pick, a.x = ch.Pick-1, ch.X
	cost := ab.Cost.N + ch.X
	if err := s.canPay(a.owner, cost, ab.Cost.X); err != nil {
		return err
	}
	a.paid = cost
	return nil
}

// lookup finds a sector, biome or player by name.
func (s *State) lookup(kind TargetKind, name string) (target, bool) {
	switch kind {
	case SectorTarget:
		for i := range s.sectors {
			if s.sectors[i].Name == name {
				return target{kind, i}, true
			}
		}
	case BiomeTarget:
		for i := range s.biomes {
			if s.biomes[i].name == name {
				return target{kind, i}, true
			}
		}
	default:
		if i := slices.Index(s.names, name); i >= 0 {
			return target{kind, i}, true
		}
	}
	return target{kind, -1}, false
}

func (s *State) targetName(t target) string {
	switch t.kind {
	case SectorTarget:
		return s.sectors[t.index].Name
	case BiomeTarget:
		return s.biomes[t.index].name
	}
	return s.name(t.index)
}

// describeTarget says what a target is, for messages.
func (s *State) describeTarget(t target) string {
	switch t.kind {
	case SectorTarget:
		return "sector " + s.targetName(t)
	case BiomeTarget:
		return "biome " + s.targetName(t)
	}
	return s.targetName(t)
}

// meets tells whether t meets the requirement of want for an action of
// player p.
func (s *State) meets(p int, want Targets, t target) bool {
	if t.kind != want.Kind {
		return false
	}
	switch t.kind {
	case SectorTarget:
		mine, theirs := s.unitsIn(t.index)
		switch want.Requirement {
		case "enemy":
			return theirs(p) > 0
		case "friendly":
			return mine(p) > 0
		case "empty":
			return mine(p)+theirs(p) == 0
		}
	case BiomeTarget:
		mods := s.modsOn(t)
		switch want.Requirement {
		case "free":
			return len(mods) == 0
		case "modified":
			return len(mods) > 0
		case "enemy":
			return slices.ContainsFunc(mods, func(pm permanent) bool { return pm.owner != p })
		case "friendly":
			return slices.ContainsFunc(mods, func(pm permanent) bool { return pm.owner == p })
		}
	case PlayerTarget:
		switch want.Requirement {
		case "opponent":
			return t.index != p
		case "self":
			return t.index == p
		}
	}
	return true
}

// unitsIn counts the units in a sector: a player's, and their opponent's.
func (s *State) unitsIn(sector int) (mine, theirs func(p int) int) {
	count := func(owner int) int {
		n := 0
		for i := range s.perms {
			if pm := &s.perms[i]; pm.card.Kind == Unit && pm.sector == sector && pm.owner == owner {
				n++
			}
		}
		return n
	}
	return count, func(p int) int { return count(1 - p) }
}

// modsOn lists the modifications on a target.
func (s *State) modsOn(t target) []permanent {
	var out []permanent
	for _, pm := range s.perms {
		if pm.card.Kind == Modification && pm.on == t {
			out = append(out, pm)
		}
	}
	return out
}

// find finds player p's card in play by name: the first that ok accepts
// (ruling V20). It tells why none does with the error of the first. ok
// refuses a spent card, but while forcing (ready).
func (s *State) find(p int, name string, ok func(pm *permanent) error) (int, error) {
	if s.forcing {
		// A move let stand takes first a card the rules let do it, as
		// Apply would, then the first that can do it at all.
		s.forcing = false
		i, err := s.find(p, name, ok)
		s.forcing = true
		if err == nil {
			return i, nil
		}
	}
	var first error
	firstAt := -1
	// The cards in play are read in place: find runs at nearly every
	// action.
	for i := range s.perms {
		pm := &s.perms[i]
		if pm.owner != p || pm.card.Name != name {
			continue
		}
		if pm.spent && !s.forcing {
			// ok refuses it (ready): its error is written only if no
			// card can do it, for a message costs more than the check.
			if firstAt < 0 {
				firstAt = i
			}
			continue
		}
		err := ok(pm)
		if err == nil {
			return i, nil
		}
		if firstAt < 0 {
			first, firstAt = err, i
		}
	}
	switch {
	case firstAt < 0:
		return -1, s.absent(ruling("V20", rulingNaming, fmt.Sprintf("%s has no %s in play", s.name(p), name)))
	case first == nil:
		first = ok(&s.perms[firstAt])
	}
	return -1, first
}

// ready refuses a card in play that has already acted this turn.
func (s *State) ready(pm *permanent) error {
	if pm.spent && !s.forcing {
		return ruling("V21", rulingOnce, fmt.Sprintf("%s has already acted this turn", pm.card.Name))
	}
	return nil
}

func (s *State) activate(p int, name string, ch Choices, react bool) error {
	order, err := s.mayAct(p)
	if err != nil && !s.forcing {
		return err
	}
	var a action
	i, err := s.find(p, name, func(pm *permanent) error {
		sk := pm.card.Skill
		switch {
		case sk == nil:
			return s.absent(ruling("V20", rulingNaming, fmt.Sprintf("%s has no skill", name)))
		case react && sk.React == "":
			return s.absent(violation(fmt.Sprintf("%s's skill is not reactive: write activate", name), ruleReactive))
		case !react && sk.React != "":
			return s.absent(ruling("V25", rulingReact, fmt.Sprintf("%s's skill is reactive: write react, in answer to an opposing %s", name, sk.React)))
		case react && !s.triggered(p, sk.React) && !s.forcing:
			return ruling("V25", rulingReact, fmt.Sprintf("%s reacts to an opposing %s, and there is none in the queue", name, sk.React))
		}
		if err := s.ready(pm); err != nil {
			return err
		}
		a = action{kind: "skill", owner: p, card: pm.card, source: pm.id, ability: sk, pick: -1}
		if react {
			a.kind = "react"
		}
		return s.choose(&a, name, ch)
	})
	if err != nil {
		return err
	}
	s.decide(order)
	s.players[p].energy -= a.paid
	s.perms[i].spent = true
	s.enqueue(a)
	return nil
}

// triggered tells whether an opposing action of a kind is in the queue.
func (s *State) triggered(p int, kind string) bool {
	return slices.ContainsFunc(s.queue, func(a action) bool {
		k := a.kind
		if k == "react" {
			k = "skill"
		}
		return a.owner != p && k == kind
	})
}

// unit finds player p's ready unit by name for an advance, attack or
// defence; ok checks the rest.
func (s *State) unit(p int, name string, ok func(pm *permanent) error) (int, error) {
	return s.find(p, name, func(pm *permanent) error {
		if pm.card.Kind != Unit {
			return s.absent(ruling("V20", rulingNaming, fmt.Sprintf("%s is %s, not a unit", name, pm.card.Kind.an())))
		}
		if err := s.ready(pm); err != nil {
			return err
		}
		return ok(pm)
	})
}

// next tells whether two sectors are next to each other (ruling V22).
func next(a, b int) bool { return a-b == 1 || b-a == 1 }

func (s *State) sector(name string) (int, error) {
	t, ok := s.lookup(SectorTarget, name)
	if !ok {
		return -1, s.absent(ruling("V15", rulingDeclare, fmt.Sprintf("there is no sector %s", name)))
	}
	return t.index, nil
}

func (s *State) advance(p int, m Advance) error {
	order, err := s.mayAct(p)
	if err != nil && !s.forcing {
		return err
	}
	to, err := s.sector(m.Sector)
	if err != nil {
		return err
	}
	i, err := s.unit(p, m.Unit, func(pm *permanent) error {
		if !next(pm.sector, to) && !s.forcing {
			return ruling("V22", rulingAdvance, fmt.Sprintf("%s is in %s, not next to %s", m.Unit, s.sectors[pm.sector].Name, m.Sector))
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.decide(order)
	s.perms[i].spent = true
	s.enqueue(action{kind: "advance", owner: p, card: s.perms[i].card, source: s.perms[i].id, targets: addTarget(nil, target{SectorTarget, to}), pick: -1, from: s.perms[i].sector})
	return nil
}

func (s *State) attack(p int, m Attack) error {
	order, err := s.mayAct(p)
	if err != nil && !s.forcing {
		return err
	}
	at, err := s.sector(m.Sector)
	if err != nil {
		return err
	}
	i, err := s.unit(p, m.Unit, func(pm *permanent) error {
		if pm.sector != at && !next(pm.sector, at) && !s.forcing {
			return ruling("V23", rulingAttack, fmt.Sprintf("%s is in %s, which is not %s or next to it", m.Unit, s.sectors[pm.sector].Name, m.Sector))
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.decide(order)
	s.perms[i].spent = true
	s.enqueue(action{kind: "attack", owner: p, card: s.perms[i].card, source: s.perms[i].id, targets: addTarget(nil, target{SectorTarget, at}), pick: -1, from: s.perms[i].sector})
	return nil
}

func (s *State) defend(p int, m Defend) error {
	order, err := s.mayAct(p)
	if err != nil && !s.forcing {
		return err
	}
	// The attacks the named unit has in the queue, taken the latest first.
	isAttack := func(a action) bool { return a.kind == "attack" && a.owner != p && a.card.Name == m.Attacker }
	if !slices.ContainsFunc(s.queue, isAttack) {
		return s.absent(ruling("V24", rulingDefend, fmt.Sprintf("no attack by %s's %s is in the queue", s.name(1-p), m.Attacker)))
	}
	var against action
	i, err := s.unit(p, m.Unit, func(pm *permanent) error {
		var first error
		for _, a := range slices.Backward(s.queue) {
			if !isAttack(a) {
				continue
			}
			switch {
			case pm.sector != a.targets[0].index:
				first = cmpErr(first, ruling("V24", rulingDefend, fmt.Sprintf("%s attacks %s, and %s is in %s", m.Attacker, s.sectors[a.targets[0].index].Name, m.Unit, s.sectors[pm.sector].Name)))
			case s.defended(a.id):
				first = cmpErr(first, ruling("V24", rulingOneDefence, fmt.Sprintf("%s's attack already has a defender", m.Attacker)))
			default:
				against = a
				return nil
			}
		}
		if s.forcing {
			// Out of its sector (ruling V33): the latest attack that
			// has no defender yet; an attack has one at most.
			for _, a := range slices.Backward(s.queue) {
				if isAttack(a) && !s.defended(a.id) {
					against = a
					return nil
				}
			}
			return ruling("V24", rulingOneDefence, fmt.Sprintf("%s's attack already has a defender", m.Attacker))
		}
		return first
	})
	if err != nil {
		return err
	}
	s.decide(order)
	s.perms[i].spent = true
	s.enqueue(action{kind: "defend", owner: p, card: s.perms[i].card, source: s.perms[i].id, targets: against.targets, pick: -1, attack: against.id, from: s.perms[i].sector})
	return nil
}

func cmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// defended tells whether an attack has a defence, in the queue or done.
func (s *State) defended(attack int) bool {
	return slices.ContainsFunc(s.queue, func(a action) bool {
		return (a.kind == "defend" && a.attack == attack) || (a.id == attack && a.defender != 0)
	})
}

// execute executes the last action in the queue; then players may act
// again, the active player first (rulings V8, V9).
func (s *State) execute() error {
	if len(s.queue) == 0 {
		return s.absent(ruling("V8", rulingExecute, "the queue is empty: there is nothing to execute"))
	}
	a := s.queue[len(s.queue)-1]
	s.queue = s.queue[:len(s.queue)-1]
	s.resolve(&a)
	s.priority, s.declined, s.window = s.active, false, len(s.queue) == 0
	if s.rules.afterOpponent {
		s.priority = 1 - a.owner
	}
	return nil
}

// toCache puts a card into p's cache.
func (s *State) toCache(p int, card string) { s.players[p].cache = add(s.players[p].cache, card) }

// add appends v to list, with room for more the first time: a game's
// board, queue, cards in play and caches grow from nothing, a few at a
// time.
func add[T any](list []T, v T) []T {
	if cap(list) == 0 {
		list = make([]T, 0, 8)
	}
	return append(list, v)
}

// perm finds a card in play by id.
func (s *State) perm(id int) (int, bool) {
	for i := range s.perms {
		if s.perms[i].id == id {
			return i, true
		}
	}
	return -1, false
}

// cancel cancels an action: a card goes to the cache, a skill has no
// effect; costs are given back under refund=full.
func (s *State) cancel(a *action) {
	if a.kind == "play" {
		s.toCache(a.owner, a.card.Name)
	}
	if s.rules.refund {
		pl := &s.players[a.owner]
		pl.energy = min(pl.energy+a.paid, maxEnergy)
	}
}

// resolve carries out an action, checking its targets again.
func (s *State) resolve(a *action) {
	switch a.kind {
	case "advance", "attack", "defend":
		s.resolveUnitAction(a)
		return
	}
	var valid []target
	for _, t := range a.targets {
		if s.meets(a.owner, a.ability.Targets, t) {
			valid = append(valid, t)
		}
	}
	if len(a.targets) > 0 && len(valid) == 0 {
		s.cancel(a)
		return
	}
	if a.kind == "play" {
		switch a.card.Kind {
		case Unit:
			s.enterPlay(a.card, a.owner, valid[0])
			return
		case Modification:
			s.enterPlay(a.card, a.owner, valid[0])
			return
		}
	}
	effects := a.ability.Effects
	if a.pick >= 0 {
		effects = effects[a.pick : a.pick+1]
	}
	for _, e := range effects {
		s.effect(a, e, valid)
	}
	if a.kind == "play" {
		// After its effects (ruling V17).
		s.toCache(a.owner, a.card.Name)
	}
	s.settle()
}

// enterPlay puts a card into play: a unit in its sector, a modification
// on its target.
func (s *State) enterPlay(c *Card, owner int, t target) {
	s.nextID++
	pm := permanent{id: s.nextID, card: c, owner: owner, sector: -1, on: t}
	if c.Kind == Unit {
		pm.sector, pm.on = t.index, target{}
	}
	s.perms = add(s.perms, pm)
}

func (s *State) effect(a *action, e Effect, targets []target) {
	n := e.amount(a.x)
	if len(targets) == 0 {
		// Only energy goes without a target: to the action's owner.
		targets = []target{{PlayerTarget, a.owner}}
	}
	for _, t := range targets {
		switch {
		case e.Verb == "damage" && t.kind == SectorTarget:
			for i := range s.perms {
				pm := &s.perms[i]
				if pm.card.Kind == Unit && pm.sector == t.index && pm.owner != a.owner {
					pm.damage += n
				}
			}
		case e.Verb == "damage" && t.kind == PlayerTarget:
			if pl := &s.players[t.index]; pl.hasLife {
				pl.life = max(pl.life-n, 0)
			}
		case e.Verb == "energy":
			pl := &s.players[t.index]
			pl.energy = min(max(pl.energy+n, 0), maxEnergy)
		case e.Verb == "purge":
			s.perms = slices.DeleteFunc(s.perms, func(pm permanent) bool {
				if pm.card.Kind == Modification && pm.on == t {
					s.toCache(pm.owner, pm.card.Name)
					return true
				}
				return false
			})
		}
	}
}

// settle destroys the units whose damage has reached their health and
// ends the game when a declared life has fallen to 0 (ruling V28).
func (s *State) settle() {
	// Most actions destroy nothing: the cards in play are copied only
	// when a unit is.
	destroyed := func(pm *permanent) bool { return pm.card.Kind == Unit && pm.damage >= pm.card.Health }
	for i := range s.perms {
		if destroyed(&s.perms[i]) {
			s.perms = slices.DeleteFunc(s.perms, func(pm permanent) bool {
				if destroyed(&pm) {
					s.toCache(pm.owner, pm.card.Name)
					return true
				}
				return false
			})
			break
		}
	}
	lost := func(p int) bool { return s.players[p].hasLife && s.players[p].life <= 0 }
	switch {
	case lost(0) && lost(1):
		s.outcome = engine.Outcome{Over: true, Winner: engine.Nobody, Turn: s.turn,
			Reason: "both players' life fell to 0 at once"}
	case lost(0) || lost(1):
		p := 0
		if lost(1) {
			p = 1
		}
		s.outcome = engine.Outcome{Over: true, Winner: 1 - p, Turn: s.turn, Reason: s.name(p) + "'s life fell to 0"}
	}
}

// resolveUnitAction carries out an advance, attack or defence, if its
// unit is still in play and its sector still within reach.
func (s *State) resolveUnitAction(a *action) {
	i, ok := s.perm(a.source)
	to := a.targets[0].index
	if !ok {
		s.cancel(a)
		return
	}
	u := &s.perms[i]
	// A unit still where it acted from is within the reach it was taken
	// with, let stand or not (ruling V33).
	moved := u.sector != a.from
	switch a.kind {
	case "advance":
		if moved && !next(u.sector, to) {
			s.cancel(a)
			return
		}
		u.sector = to
	case "defend":
		q := slices.IndexFunc(s.queue, func(b action) bool { return b.id == a.attack })
		if (moved && u.sector != to) || q < 0 {
			s.cancel(a)
			return
		}
		s.queue[q].defender, s.queue[q].guard = u.id, u.sector
	case "attack":
		if moved && u.sector != to && !next(u.sector, to) {
			s.cancel(a)
			return
		}
		if d, ok := s.perm(a.defender); ok && s.perms[d].sector == a.guard {
			s.perms[d].damage += u.card.Power
			u.damage += s.perms[d].card.Power
			s.settle()
			return
		}
		_, theirs := s.unitsIn(to)
		if theirs(a.owner) == 0 {
			if pl := &s.players[1-a.owner]; pl.hasLife {
				pl.life = max(pl.life-u.card.Power, 0)
			}
		} else {
			for j := range s.perms {
				pm := &s.perms[j]
				if pm.card.Kind == Unit && pm.sector == to && pm.owner != a.owner {
					pm.damage += u.card.Power
				}
			}
		}
		s.settle()
	}
}

// setupMove applies a move written on a set-up line, and follows the
// planned set-up while the lines keep to it.
func (s *State) setupMove(p int, m engine.Move) error {
	if err := s.declare(p, m); err != nil {
		return err
	}
	if s.planned >= 0 {
		if s.followsPlan(p, m) {
			s.planned++
		} else {
			s.planned = -1
		}
	}
	return nil
}

// declare applies what a set-up line declares; refused, it changes
// nothing.
func (s *State) declare(p int, m engine.Move) error {
	if sec, ok := m.(Sector); ok {
		if p != engine.Nobody {
			return ruling("V1", rulingSetupLine, "sectors are declared on the board line, as in board: sector North Forest")
		}
		return s.addSector(sec)
	}
	if p < 0 || p > 1 {
		return ruling("V1", rulingSetupLine, fmt.Sprintf("the board line declares sectors only, not %s", setupWord(m)))
	}
	pl := &s.players[p]
	switch m := m.(type) {
	case Energy, Income, Life:
		if err := declaredAmount(m); err != nil {
			return err
		}
	}
	switch m := m.(type) {
	case Energy:
		pl.energy = m.N
	case Income:
		pl.income = m.N
	case Life:
		if m.N < 1 {
			return ruling("V1", rulingSetupLine, "life is declared as 1 or more")
		}
		pl.life, pl.hasLife = m.N, true
	case Hand:
		for _, name := range m.Cards {
			if _, ok := s.cards.Card(name); !ok && name != Unknown {
				return ruling("V1", rulingCatalogue, fmt.Sprintf("the catalogue has no card %s", name))
			}
		}
		h, ids, err := s.account(p, m.Cards, "hand")
		if err != nil {
			return err
		}
		if h != nil {
			s.hid = h
			h.hand[p] = append(h.hand[p], ids...)
		}
		pl.hand = append(pl.hand, m.Cards...)
	case Cache:
		return s.declareCache(p, m)
	case Field:
		return s.field(p, m)
	default:
		return ruling("V1", rulingSetupLine, "a turn's move is written in a turn, not on a set-up line")
	}
	return nil
}

// equalMoves tells whether two moves are alike as text, type included.
func equalMoves(a, b engine.Move) bool {
	if sameMove(a, b) {
		return true
	}
	// Moves that differ may still print alike, as a name with a space in
	// it does.
	return equalKey(a) == equalKey(b)
}

// sameMove tells, without printing them, whether two moves of the planned
// set-up's kinds are equal; false may still be moves alike as text.
func sameMove(a, b engine.Move) bool {
	switch a := a.(type) {
	case Sector:
		b, ok := b.(Sector)
		return ok && a.Name == b.Name && slices.Equal(a.Biomes, b.Biomes)
	case Hand:
		b, ok := b.(Hand)
		return ok && slices.Equal(a.Cards, b.Cards)
	case Energy, Income, Life:
		return a == b
	}
	return false
}

// equalKey is a move's value as text, type included, for comparisons.
func equalKey(m engine.Move) string { return fmt.Sprintf("%T%v", m, m) }

func (s *State) addSector(sec Sector) error {
	// The sector's name, then its biomes': each neither taken nor named
	// before on the line.
	for i := -1; i < len(sec.Biomes); i++ {
		name, twice := sec.Name, false
		if i >= 0 {
			name = sec.Biomes[i]
			twice = name == sec.Name || slices.Contains(sec.Biomes[:i], name)
		}
		if twice || s.taken(name) {
			return ruling("V3", rulingNames, fmt.Sprintf("the name %s is taken", name))
		}
	}
	// The move's biomes are kept, not copied: a sector's biomes never
	// change, a copy of the state shares them, and Sectors and Position
	// copy them out.
	s.sectors = add(s.sectors, sec)
	for _, b := range sec.Biomes {
		s.biomes = add(s.biomes, biome{b, len(s.sectors) - 1})
	}
	return nil
}

// taken tells whether a name is a sector's, a biome's or a player's.
func (s *State) taken(name string) bool {
	return slices.Contains(s.names, name) ||
		slices.ContainsFunc(s.sectors, func(sec Sector) bool { return sec.Name == name }) ||
		slices.ContainsFunc(s.biomes, func(b biome) bool { return b.name == name })
}

func (s *State) field(p int, m Field) error {
	c, ok := s.cards.Card(m.Card)
	if !ok {
		return ruling("V1", rulingCatalogue, fmt.Sprintf("the catalogue has no card %s", m.Card))
	}
	if len(s.sectors) == 0 {
		return ruling("V2", rulingBoardFirst, fmt.Sprintf("%s is put in play before the board line", m.Card))
	}
	switch c.Kind {
	case Unit, Modification:
	default:
		return ruling("V1", rulingSetupLine, fmt.Sprintf("%s does not stay in play", c.Kind.an()))
	}
	t, ok := s.lookup(c.Play.Targets.Kind, m.Target)
	if !ok {
		return ruling("V15", rulingDeclare, fmt.Sprintf("%s goes on a %s, and there is no %s %s", m.Card, c.Play.Targets.Kind, c.Play.Targets.Kind, m.Target))
	}
	if err := declaredDamage(c, m.Damage); err != nil {
		return err
	}
	h, _, err := s.account(p, []string{c.Name}, "play")
	if err != nil {
		return err
	}
	if h != nil {
		s.hid = h
	}
	s.enterPlay(c, p, t)
	s.perms[len(s.perms)-1].damage = m.Damage
	return nil
}

// Accessors for reports and tests.

// Active is the player whose turn it is.
func (s *State) Active() int { return s.active }

// Sectors lists the board: each sector with its biomes, in order.
func (s *State) Sectors() []Sector {
	out := make([]Sector, len(s.sectors))
	// Every sector's biomes copied into one array, each sector's part
	// clipped so that an append to it cannot reach the next: a check
	// describes the board of every file.
	biomes := make([]string, 0, len(s.biomes))
	for i, sec := range s.sectors {
		from := len(biomes)
		biomes = append(biomes, sec.Biomes...)
		out[i] = Sector{sec.Name, biomes[from:len(biomes):len(biomes)]}
		if sec.Biomes == nil {
			out[i].Biomes = nil
		}
	}
	return out
}

// PlayerView is what a player has.
type PlayerView struct {
	Energy, Income, Life int
	HasLife              bool
	Hand, Cache          []string
}

// Player is what player p has.
func (s *State) Player(p int) PlayerView {
	pl := &s.players[p]
	// The hand and the cache copied into one array, the hand clipped so
	// that an append to it cannot reach the cache.
	cards := append(append(make([]string, 0, len(pl.hand)+len(pl.cache)), pl.hand...), pl.cache...)
	hand, cache := cards[:len(pl.hand):len(pl.hand)], cards[len(pl.hand):]
	// Nil stays nil, as slices.Clone keeps it.
	if pl.hand == nil {
		hand = nil
	}
	if pl.cache == nil {
		cache = nil
	}
	return PlayerView{pl.energy, pl.income, pl.life, pl.hasLife, hand, cache}
}

// InPlay is a card in play.
type InPlay struct {
	Card   *Card
	Owner  int
	Where  string // a unit's sector, a modification's target
	Damage int
	Spent  bool
}

// InPlay lists the cards in play in the order they entered.
func (s *State) InPlay() []InPlay {
	if len(s.perms) == 0 {
		return nil
	}
	out := make([]InPlay, 0, len(s.perms))
	for _, pm := range s.perms {
		where := ""
		if pm.card.Kind == Unit {
			where = s.sectors[pm.sector].Name
		} else {
			where = s.targetName(pm.on)
		}
		out = append(out, InPlay{pm.card, pm.owner, where, pm.damage, pm.spent})
	}
	return out
}

// Queued is an action in the queue.
type Queued struct {
	Owner int
	Text  string // as in "play Shock North" or "attack Raider South"
}

// Queue lists the queue, first in first.
func (s *State) Queue() []Queued {
	var out []Queued
	for _, a := range s.queue {
		words := []string{a.kind, a.card.Name}
		if a.kind == "skill" {
			words[0] = "activate"
		}
		if a.kind == "defend" {
			out = append(out, Queued{a.owner, s.defenceText(a)})
			continue
		}
		for _, t := range a.targets {
			words = append(words, s.targetName(t))
		}
		if a.pick >= 0 {
			words = append(words, fmt.Sprintf("pick %d", a.pick+1))
		}
		if a.ability != nil && a.ability.Cost.X {
			words = append(words, fmt.Sprintf("X %d", a.x))
		}
		out = append(out, Queued{a.owner, strings.Join(words, " ")})
	}
	return out
}

// defenceText writes defence a as the notation does, `defend Wall
// Raider`: the defender, then the attacking unit (ruling V24). When the
// queue holds other attacks by a unit of that name, the sector of the one
// met is said too, as the name alone does not tell them apart.
func (s *State) defenceText(a action) string {
	i := slices.IndexFunc(s.queue, func(q action) bool { return q.id == a.attack })
	if i < 0 {
		return "defend " + a.card.Name
	}
	att := s.queue[i]
	text := "defend " + a.card.Name + " " + att.card.Name
	for _, q := range s.queue {
		if q.kind == "attack" && q.id != att.id && q.card.Name == att.card.Name {
			for _, t := range att.targets {
				text += " (the attack on " + s.targetName(t) + ")"
			}
			break
		}
	}
	return text
}

// Deciding is who decides now while the queue is open, and whether the
// other player has declined; ok is false when the queue is closed.
func (s *State) Deciding() (p int, declined, ok bool) {
	return s.priority, s.declined, s.open()
}
