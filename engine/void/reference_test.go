package void

// The rules as Apply, Begin and Force played them when each move was made
// on a copy of the state (c := s.clone(); c.apply(p, m); *s = *c), kept
// word for word from that version on oldState, for the equivalence tests
// (equivalence_test.go) to hold the engine to: the same answer to every
// move, and the same state after it. A change of the rules is made here
// too, on purpose; a change of speed is not.

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tabletop-referee/referee/engine"
)

// oldState is a State played by the reference rules.
type oldState State

// reference returns a copy of s to play by the reference rules.
func reference(s *State) *oldState { return (*oldState)(s.clone()) }

func (s *oldState) clone() *oldState { return (*oldState)((*State)(s).clone()) }

// open tells whether the queue is open: actions wait in it, or one has
// just executed.
func (s *oldState) open() bool { return len(s.queue) > 0 || s.window }

func (s *oldState) name(p int) string {
	if p >= 0 && p < len(s.names) {
		return s.names[p]
	}
	return fmt.Sprintf("player %d", p+1)
}

// Apply plays m for player; an illegal move leaves the state unchanged.
func (s *oldState) Apply(p int, m engine.Move) error {
	c := s.clone()
	if err := c.apply(p, m); err != nil {
		return err
	}
	*s = *c
	return nil
}

func (s *oldState) apply(p int, m engine.Move) error {
	if s.outcome.Over {
		return ruling("V29", rulingTurnOver, fmt.Sprintf("the game ended on turn %d", s.outcome.Turn))
	}
	if by, ok := m.(engine.By); ok {
		return s.apply(by.Player, by.Move)
	}
	if sl, ok := m.(engine.OnSetupLine); ok {
		if s.turn > 0 {
			return ruling("V1", rulingSetupLine, "set-up lines come before the first turn")
		}
		return s.setupMove(p, sl.Move)
	}
	switch m.(type) {
	case Sector, Energy, Income, Life, Hand, Field:
		return ruling("V1", rulingSetupLine, fmt.Sprintf("%s is declared on a set-up line, not in a turn", oldSetupWord(m)))
	}
	if p < 0 || p > 1 {
		return fmt.Errorf("void: no player %d", p)
	}
	if s.turn == 0 {
		if err := s.begin(); err != nil {
			return err
		}
	}
	switch m := m.(type) {
	case engine.EndTurn:
		return s.endTurn(p)
	case Execute:
		return s.execute()
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

func oldSetupWord(m engine.Move) string {
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
	}
	return "a card in play"
}

// Begin starts the first turn, where the referee reads the first turn
// line, so that its income counts before any move of it (engine.Beginner).
func (s *oldState) Begin() error {
	if s.turn > 0 || s.outcome.Over {
		return nil
	}
	c := s.clone()
	if err := c.begin(); err != nil {
		return err
	}
	*s = *c
	return nil
}

// begin starts the first turn once the set-up is written.
func (s *oldState) begin() error {
	if len(s.sectors) == 0 {
		return ruling("V2", rulingBoardFirst, "the set-up declares no sector: write a board line, as in board: sector North Forest")
	}
	s.planned = -1
	s.startTurn(0)
	return nil
}

// startTurn gives the active player their income and readies every card
// in play (rulings V4, V21).
func (s *oldState) startTurn(p int) {
	s.turn++
	s.active, s.priority = p, p
	s.declined, s.window = false, false
	pl := &s.players[p]
	gain := pl.income
	for _, pm := range s.perms {
		if pm.owner == p {
			gain += pm.card.Income
		}
	}
	pl.energy = min(pl.energy+gain, maxEnergy)
	for i := range s.perms {
		s.perms[i].spent = false
	}
}

func (s *oldState) endTurn(p int) error {
	if p != s.active && !s.forcing {
		return violation(fmt.Sprintf("it is %s's turn, not %s's", s.name(s.active), s.name(p)), ruleAsMany)
	}
	if len(s.queue) > 0 && !s.forcing {
		return ruling("V10", rulingTurnEnd, fmt.Sprintf("%s in the queue: write execute for each", oldWaiting(len(s.queue))))
	}
	// The turns alternate whoever ends one (ruling V31).
	s.startTurn(1 - s.active)
	return nil
}

// written says how many targets are written.
func oldWritten(n int) string {
	if n == 1 {
		return "1 is"
	}
	return fmt.Sprintf("%d are", n)
}

// waiting says how many actions wait in the queue.
func oldWaiting(n int) string {
	if n == 1 {
		return "1 action still waits"
	}
	return fmt.Sprintf("%d actions still wait", n)
}

// mayAct tells whether p may take an action now, and makes the other
// player's implied declining real (ruling V7).
func (s *oldState) mayAct(p int) error {
	if !s.open() {
		if p != s.active {
			return ruling("V6", rulingOpen, fmt.Sprintf("the queue is empty and it is %s's turn", s.name(s.active)))
		}
		return nil
	}
	if p == s.priority {
		return nil
	}
	if s.declined && len(s.queue) == 0 && p == s.active {
		// Both have declined right after an execution that emptied the
		// queue: it is closed, and the active player opens it anew.
		s.window, s.declined, s.priority = false, false, p
		return nil
	}
	if s.declined {
		what := fmt.Sprintf("%s declined, and %s is to answer or let the queue execute", s.name(p), s.name(s.priority))
		if len(s.queue) == 0 {
			what = fmt.Sprintf("%s declined, and %s is to act or end the turn", s.name(p), s.name(s.priority))
		}
		return ruling("V7", rulingNoReturn, what)
	}
	s.priority, s.declined = p, true
	return nil
}

// enqueue puts a taken action into the queue: the other player answers
// next (rule: "Players take turns, answering each other's actions.").
func (s *oldState) enqueue(a action) {
	s.nextID++
	a.id = s.nextID
	s.queue = append(s.queue, a)
	s.priority, s.declined, s.window = 1-a.owner, false, false
}

// pay takes n void energy from p.
func (s *oldState) pay(p, n int, x bool) error {
	if have := s.players[p].energy; n > have {
		what := fmt.Sprintf("%s has %d void energy and the cost is %d", s.name(p), have, n)
		if x {
			return violation(what, rulePayX)
		}
		return ruling("V13", rulingPay, what)
	}
	s.players[p].energy -= n
	return nil
}

func (s *oldState) fromHand(p int, card string) (*Card, error) {
	i := slices.Index(s.players[p].hand, card)
	if i < 0 {
		return nil, ruling("V12", rulingHand, fmt.Sprintf("%s has no %s in hand", s.name(p), card))
	}
	c, ok := s.cards.Card(card)
	if !ok {
		return nil, fmt.Errorf("void: %q is not in the catalogue", card)
	}
	s.players[p].hand = slices.Delete(s.players[p].hand, i, i+1)
	return c, nil
}

func (s *oldState) convert(p int, m Convert) error {
	if err := s.mayAct(p); err != nil && !s.forcing {
		return err
	}
	c, err := s.fromHand(p, m.Card)
	if err != nil {
		return err
	}
	pl := &s.players[p]
	pl.cache = append(pl.cache, c.Name)
	pl.energy = min(pl.energy+c.Convert, maxEnergy)
	return nil
}

func (s *oldState) play(p int, m Play) error {
	if err := s.mayAct(p); err != nil && !s.forcing {
		return err
	}
	c, err := s.fromHand(p, m.Card)
	if err != nil {
		return err
	}
	a := action{kind: "play", owner: p, card: c, ability: &c.Play, pick: -1}
	if err := s.choose(&a, c.Name, m.Choices); err != nil {
		return err
	}
	if c.Kind == Anomaly {
		// Not queued: it takes effect at once (ruling V11).
		s.resolve(a)
		return nil
	}
	s.enqueue(a)
	return nil
}

// choose checks an action's choices, then pays for it.
func (s *oldState) choose(a *action, what string, ch Choices) error {
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
		return ruling("V16", rulingTargets, fmt.Sprintf("%s takes %s, and %s written", what, want, oldWritten(len(ch.Targets))))
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
		a.targets = append(a.targets, t)
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
	case ch.X < 0 || ch.X > maxEnergy:
		return violation(fmt.Sprintf("X cannot be %d", ch.X), ruleChooseX)
	}
	a.pick, a.x = ch.Pick-1, ch.X
	cost := ab.Cost.N + ch.X
	if err := s.pay(a.owner, cost, ab.Cost.X); err != nil {
		return err
	}
	a.paid = cost
	return nil
}

// lookup finds a sector, biome or player by name.
func (s *oldState) lookup(kind TargetKind, name string) (target, bool) {
	var i int
	switch kind {
	case SectorTarget:
		i = slices.IndexFunc(s.sectors, func(sec Sector) bool { return sec.Name == name })
	case BiomeTarget:
		i = slices.IndexFunc(s.biomes, func(b biome) bool { return b.name == name })
	default:
		i = slices.Index(s.names, name)
	}
	return target{kind, i}, i >= 0
}

func (s *oldState) targetName(t target) string {
	switch t.kind {
	case SectorTarget:
		return s.sectors[t.index].Name
	case BiomeTarget:
		return s.biomes[t.index].name
	}
	return s.name(t.index)
}

// describeTarget says what a target is, for messages.
func (s *oldState) describeTarget(t target) string {
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
func (s *oldState) meets(p int, want Targets, t target) bool {
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
func (s *oldState) unitsIn(sector int) (mine, theirs func(p int) int) {
	count := func(owner int) int {
		n := 0
		for _, pm := range s.perms {
			if pm.card.Kind == Unit && pm.sector == sector && pm.owner == owner {
				n++
			}
		}
		return n
	}
	return count, func(p int) int { return count(1 - p) }
}

// modsOn lists the modifications on a target.
func (s *oldState) modsOn(t target) []permanent {
	var out []permanent
	for _, pm := range s.perms {
		if pm.card.Kind == Modification && pm.on == t {
			out = append(out, pm)
		}
	}
	return out
}

// find finds player p's card in play by name: the first that ok accepts
// (ruling V20). It tells why none does with the error of the first.
func (s *oldState) find(p int, name string, ok func(pm permanent) error) (int, error) {
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
	for i, pm := range s.perms {
		if pm.owner != p || pm.card.Name != name {
			continue
		}
		err := ok(pm)
		if err == nil {
			return i, nil
		}
		if first == nil {
			first = err
		}
	}
	if first == nil {
		return -1, s.absent(ruling("V20", rulingNaming, fmt.Sprintf("%s has no %s in play", s.name(p), name)))
	}
	return -1, first
}

// ready refuses a card in play that has already acted this turn.
func (s *oldState) ready(pm permanent) error {
	if pm.spent && !s.forcing {
		return ruling("V21", rulingOnce, fmt.Sprintf("%s has already acted this turn", pm.card.Name))
	}
	return nil
}

func (s *oldState) activate(p int, name string, ch Choices, react bool) error {
	if err := s.mayAct(p); err != nil && !s.forcing {
		return err
	}
	var a action
	i, err := s.find(p, name, func(pm permanent) error {
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
		try := s.clone()
		a = action{kind: "skill", owner: p, card: pm.card, source: pm.id, ability: sk, pick: -1}
		if react {
			a.kind = "react"
		}
		return try.choose(&a, name, ch)
	})
	if err != nil {
		return err
	}
	s.players[p].energy -= a.paid
	s.perms[i].spent = true
	s.enqueue(a)
	return nil
}

// triggered tells whether an opposing action of a kind is in the queue.
func (s *oldState) triggered(p int, kind string) bool {
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
func (s *oldState) unit(p int, name string, ok func(pm permanent) error) (int, error) {
	return s.find(p, name, func(pm permanent) error {
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
func oldNext(a, b int) bool { return a-b == 1 || b-a == 1 }

func (s *oldState) sector(name string) (int, error) {
	t, ok := s.lookup(SectorTarget, name)
	if !ok {
		return -1, s.absent(ruling("V15", rulingDeclare, fmt.Sprintf("there is no sector %s", name)))
	}
	return t.index, nil
}

func (s *oldState) advance(p int, m Advance) error {
	if err := s.mayAct(p); err != nil && !s.forcing {
		return err
	}
	to, err := s.sector(m.Sector)
	if err != nil {
		return err
	}
	i, err := s.unit(p, m.Unit, func(pm permanent) error {
		if !oldNext(pm.sector, to) && !s.forcing {
			return ruling("V22", rulingAdvance, fmt.Sprintf("%s is in %s, not next to %s", m.Unit, s.sectors[pm.sector].Name, m.Sector))
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.perms[i].spent = true
	s.enqueue(action{kind: "advance", owner: p, card: s.perms[i].card, source: s.perms[i].id, targets: []target{{SectorTarget, to}}, pick: -1, from: s.perms[i].sector})
	return nil
}

func (s *oldState) attack(p int, m Attack) error {
	if err := s.mayAct(p); err != nil && !s.forcing {
		return err
	}
	at, err := s.sector(m.Sector)
	if err != nil {
		return err
	}
	i, err := s.unit(p, m.Unit, func(pm permanent) error {
		if pm.sector != at && !oldNext(pm.sector, at) && !s.forcing {
			return ruling("V23", rulingAttack, fmt.Sprintf("%s is in %s, which is not %s or next to it", m.Unit, s.sectors[pm.sector].Name, m.Sector))
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.perms[i].spent = true
	s.enqueue(action{kind: "attack", owner: p, card: s.perms[i].card, source: s.perms[i].id, targets: []target{{SectorTarget, at}}, pick: -1, from: s.perms[i].sector})
	return nil
}

func (s *oldState) defend(p int, m Defend) error {
	if err := s.mayAct(p); err != nil && !s.forcing {
		return err
	}
	// The attacks the named unit has in the queue, the latest first.
	var attacks []action
	for _, a := range slices.Backward(s.queue) {
		if a.kind == "attack" && a.owner != p && a.card.Name == m.Attacker {
			attacks = append(attacks, a)
		}
	}
	if len(attacks) == 0 {
		return s.absent(ruling("V24", rulingDefend, fmt.Sprintf("no attack by %s's %s is in the queue", s.name(1-p), m.Attacker)))
	}
	var against action
	i, err := s.unit(p, m.Unit, func(pm permanent) error {
		var first error
		for _, a := range attacks {
			switch {
			case pm.sector != a.targets[0].index:
				first = oldCmpErr(first, ruling("V24", rulingDefend, fmt.Sprintf("%s attacks %s, and %s is in %s", m.Attacker, s.sectors[a.targets[0].index].Name, m.Unit, s.sectors[pm.sector].Name)))
			case s.defended(a.id):
				first = oldCmpErr(first, ruling("V24", rulingOneDefence, fmt.Sprintf("%s's attack already has a defender", m.Attacker)))
			default:
				against = a
				return nil
			}
		}
		if s.forcing {
			// Out of its sector (ruling V33): the latest attack that
			// has no defender yet; an attack has one at most.
			for _, a := range attacks {
				if !s.defended(a.id) {
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
	s.perms[i].spent = true
	s.enqueue(action{kind: "defend", owner: p, card: s.perms[i].card, source: s.perms[i].id, targets: against.targets, pick: -1, attack: against.id, from: s.perms[i].sector})
	return nil
}

func oldCmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// defended tells whether an attack has a defence, in the queue or done.
func (s *oldState) defended(attack int) bool {
	return slices.ContainsFunc(s.queue, func(a action) bool {
		return (a.kind == "defend" && a.attack == attack) || (a.id == attack && a.defender != 0)
	})
}

// execute executes the last action in the queue; then players may act
// again, the active player first (rulings V8, V9).
func (s *oldState) execute() error {
	if len(s.queue) == 0 {
		return s.absent(ruling("V8", rulingExecute, "the queue is empty: there is nothing to execute"))
	}
	a := s.queue[len(s.queue)-1]
	s.queue = s.queue[:len(s.queue)-1]
	s.resolve(a)
	s.priority, s.declined, s.window = s.active, false, len(s.queue) == 0
	if s.rules.afterOpponent {
		s.priority = 1 - a.owner
	}
	return nil
}

// perm finds a card in play by id.
func (s *oldState) perm(id int) (int, bool) {
	i := slices.IndexFunc(s.perms, func(pm permanent) bool { return pm.id == id })
	return i, i >= 0
}

// cancel cancels an action: a card goes to the cache, a skill has no
// effect; costs are given back under refund=full.
func (s *oldState) cancel(a action) {
	if a.kind == "play" {
		s.players[a.owner].cache = append(s.players[a.owner].cache, a.card.Name)
	}
	if s.rules.refund {
		pl := &s.players[a.owner]
		pl.energy = min(pl.energy+a.paid, maxEnergy)
	}
}

// resolve carries out an action, checking its targets again.
func (s *oldState) resolve(a action) {
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
		s.players[a.owner].cache = append(s.players[a.owner].cache, a.card.Name)
	}
	s.settle()
}

// enterPlay puts a card into play: a unit in its sector, a modification
// on its target.
func (s *oldState) enterPlay(c *Card, owner int, t target) {
	s.nextID++
	pm := permanent{id: s.nextID, card: c, owner: owner, sector: -1, on: t}
	if c.Kind == Unit {
		pm.sector, pm.on = t.index, target{}
	}
	s.perms = append(s.perms, pm)
}

func (s *oldState) effect(a action, e Effect, targets []target) {
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
					s.players[pm.owner].cache = append(s.players[pm.owner].cache, pm.card.Name)
					return true
				}
				return false
			})
		}
	}
}

// settle destroys the units whose damage has reached their health and
// ends the game when a declared life has fallen to 0 (ruling V28).
func (s *oldState) settle() {
	s.perms = slices.DeleteFunc(s.perms, func(pm permanent) bool {
		if pm.card.Kind == Unit && pm.damage >= pm.card.Health {
			s.players[pm.owner].cache = append(s.players[pm.owner].cache, pm.card.Name)
			return true
		}
		return false
	})
	var lost []int
	for p, pl := range s.players {
		if pl.hasLife && pl.life <= 0 {
			lost = append(lost, p)
		}
	}
	switch len(lost) {
	case 1:
		s.outcome = engine.Outcome{Over: true, Winner: 1 - lost[0], Turn: s.turn,
			Reason: fmt.Sprintf("%s's life fell to 0", s.name(lost[0]))}
	case 2:
		s.outcome = engine.Outcome{Over: true, Winner: engine.Nobody, Turn: s.turn,
			Reason: "both players' life fell to 0 at once"}
	}
}

// resolveUnitAction carries out an advance, attack or defence, if its
// unit is still in play and its sector still within reach.
func (s *oldState) resolveUnitAction(a action) {
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
		if moved && !oldNext(u.sector, to) {
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
		if moved && u.sector != to && !oldNext(u.sector, to) {
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

// setupMove applies a move written on a set-up line.
func (s *oldState) setupMove(p int, m engine.Move) error {
	if s.planned >= 0 {
		if s.planned < len(s.plan) && s.plan[s.planned].player == p && oldEqualMoves(s.plan[s.planned].move, m) {
			s.planned++
		} else {
			s.planned = -1
		}
	}
	if sec, ok := m.(Sector); ok {
		if p != engine.Nobody {
			return ruling("V1", rulingSetupLine, "sectors are declared on the board line, as in board: sector North Forest")
		}
		return s.addSector(sec)
	}
	if p < 0 || p > 1 {
		return ruling("V1", rulingSetupLine, fmt.Sprintf("the board line declares sectors only, not %s", oldSetupWord(m)))
	}
	pl := &s.players[p]
	switch m := m.(type) {
	case Energy:
		pl.energy = min(m.N, maxEnergy)
	case Income:
		pl.income = min(m.N, maxEnergy)
	case Life:
		if m.N < 1 {
			return ruling("V1", rulingSetupLine, "life is declared as 1 or more")
		}
		pl.life, pl.hasLife = min(m.N, maxEnergy), true
	case Hand:
		for _, name := range m.Cards {
			if _, ok := s.cards.Card(name); !ok {
				return ruling("V1", rulingCatalogue, fmt.Sprintf("the catalogue has no card %s", name))
			}
		}
		pl.hand = append(pl.hand, m.Cards...)
	case Field:
		return s.field(p, m)
	default:
		return ruling("V1", rulingSetupLine, "a turn's move is written in a turn, not on a set-up line")
	}
	return nil
}

func oldEqualMoves(a, b engine.Move) bool { return oldEqualKey(a) == oldEqualKey(b) }

// equalKey is a move's value as text, type included, for comparisons.
func oldEqualKey(m engine.Move) string { return fmt.Sprintf("%T%v", m, m) }

func (s *oldState) addSector(sec Sector) error {
	names := append([]string{sec.Name}, sec.Biomes...)
	for i, name := range names {
		if s.taken(name) || slices.Index(names, name) < i {
			return ruling("V3", rulingNames, fmt.Sprintf("the name %s is taken", name))
		}
	}
	s.sectors = append(s.sectors, Sector{sec.Name, slices.Clone(sec.Biomes)})
	for _, b := range sec.Biomes {
		s.biomes = append(s.biomes, biome{b, len(s.sectors) - 1})
	}
	return nil
}

// taken tells whether a name is a sector's, a biome's or a player's.
func (s *oldState) taken(name string) bool {
	return slices.Contains(s.names, name) ||
		slices.ContainsFunc(s.sectors, func(sec Sector) bool { return sec.Name == name }) ||
		slices.ContainsFunc(s.biomes, func(b biome) bool { return b.name == name })
}

func (s *oldState) field(p int, m Field) error {
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
	s.enterPlay(c, p, t)
	return nil
}

// Force plays m for player p although the rules refuse it, for a move the
// players let stand (engine.Forcer; rulings V30 to V33). It sets aside the
// rules a player can break by hand: whose turn it is and who is to
// decide, a card in play's one action a turn, reach, and what targets and
// reactive skills require. It refuses what no hand could do: a card not
// in the hand, a card in play, skill, sector, biome, player or attack
// that is not there, choices the card does not take, a cost the player
// cannot pay in full, a second defender, and any move once the game is
// over. A refused move leaves the state as it was; a legal one is played
// as Apply plays it.
func (s *oldState) Force(p int, m engine.Move) error {
	c := s.clone()
	if err := c.apply(p, m); err != nil {
		c = s.clone()
		if err := c.forced(p, m); err != nil {
			return err
		}
	}
	*s = *c
	return nil
}

// forced plays m on s itself with the rules a player can break by hand
// set aside; on an error s is left half made, for the caller to drop.
func (s *oldState) forced(p int, m engine.Move) error {
	s.forcing = true
	defer func() { s.forcing = false }()
	return s.apply(p, m)
}

// absent passes on err, Apply's refusal of a move naming something that
// is not there, or, while a move is forced, the same refusal quoting
// ruling V30, since the rule Apply quotes may be one Force sets aside.
func (s *oldState) absent(err error) error {
	var v *engine.Violation
	if !s.forcing || !errors.As(err, &v) {
		return err
	}
	return ruling("V30", rulingNotThere, v.What)
}
