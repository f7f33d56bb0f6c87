package daemon

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/hidden"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// A game of Daemon may begin from a position (engine.Positioned): set-up
// lines that declare, in place of the set-up, each player's modules, their
// main module, the memory on their side and their zones (rulings D28 to
// D30). The position is taken at the start of a turn, before its loading
// phase, and StartAt begins that turn as the end of the turn before it
// would have.

// State begins from declared positions and writes its own.
var _ engine.Positioned = (*State)(nil)

// Modules declares a player's three modules: modules Firewall Worm Blitz.
type Modules struct{ Modules []string }

// MemoryAt declares the memory tracker at N on the player's side: memory 3.
type MemoryAt struct{ N int }

// GripOf declares cards of a player's grip: grip Sentry Patch.
type GripOf struct{ Cards []string }

// SecurityOf declares a player's security, its cards top first; with no
// cards, Count says how many it has, which the seed deals (ruling D29).
type SecurityOf struct {
	Cards []string
	Count int
}

// DeckOf declares a player's deck, its cards top first; with no cards,
// Count says how many it has, which the seed shuffles (ruling D29).
type DeckOf struct {
	Cards []string
	Count int
}

// HeapOf declares cards of a player's heap: heap Sentry.
type HeapOf struct{ Cards []string }

// ScriptsOf declares scripts in a player's script zone: scripts Coolant.
type ScriptsOf struct{ Cards []string }

// FieldOf declares daemons on a player's field: ready and free of loading
// sickness, or Spent (not ready), or Loading (with loading sickness).
type FieldOf struct {
	Cards          []string
	Spent, Loading bool
}

// declared is what a player's declarations have said so far, for the
// checks of those after them and of StartAt.
type declared struct {
	copies map[string]int // the cards of their three modules, by name
	placed map[string]int // the cards declared in a zone, by name
	main   bool
	// memory is the tracker on their side, when hasMemory.
	memory    int
	hasMemory bool
	// A security or a deck is declared once: listed, or as a count.
	security, deck           bool
	securityCount, deckCount int
	securityListed, listed   bool // listed: the deck's cards are written
	// unknown counts the cards declared ? (in a grip or a security), in a
	// game without a seed: they are among the cards not placed.
	unknown int
}

// isDeclaration tells whether m declares part of a position. Main is one
// too once a player's modules are declared (declareMain).
func isDeclaration(m engine.Move) bool {
	switch m.(type) {
	case Modules, MemoryAt, GripOf, SecurityOf, DeckOf, HeapOf, ScriptsOf, FieldOf:
		return true
	}
	return false
}

func positionRuling(what string) error { return ruling("D28", rulingPosition, what) }

// declare plays a declaration written on player p's set-up line: each is
// refused, the state as it was, when it cannot stand with those before it.
func (s *State) declare(p int, m engine.Move) error {
	if s.drafts > 0 || !s.declaring() && (s.players[0].main != "" || s.players[1].main != "") {
		return positionRuling("a position is declared in place of the draft, not after it has begun")
	}
	if mods, ok := m.(Modules); ok {
		return s.declareModules(p, mods)
	}
	d := s.decl[p]
	if d == nil {
		return ruling("D28", rulingModulesFirst, fmt.Sprintf("%s's modules are not declared yet: their cards come from them (modules Firewall Worm Blitz)", s.name(p)))
	}
	pl := s.players[p]
	if err := s.unknownDeclared(p, m); err != nil {
		return err
	}
	switch m := m.(type) {
	case MemoryAt:
		switch {
		case d.hasMemory:
			return positionRuling(fmt.Sprintf("%s's memory is declared twice", s.name(p)))
		case m.N > GaugeEnd:
			return violation(fmt.Sprintf("memory %d on %s's side is past the end of the gauge, which runs to %d on each side", m.N, s.name(p), GaugeEnd), ruleGauge)
		}
		if o := s.decl[1-p]; m.N > 0 && o != nil && o.hasMemory && o.memory > 0 {
			return ruling("D29", rulingOneSide, fmt.Sprintf("the tracker is declared at %d on %s's side and at %d on %s's: it is on one side only", o.memory, s.name(1-p), m.N, s.name(p)))
		}
		d.memory, d.hasMemory = m.N, true
	case GripOf:
		if err := s.place(p, m.Cards, -1, "grip"); err != nil {
			return err
		}
		pl.grip = append(pl.grip, m.Cards...)
	case HeapOf:
		if err := s.place(p, m.Cards, -1, "heap"); err != nil {
			return err
		}
		pl.heap = append(pl.heap, m.Cards...)
	case ScriptsOf:
		if err := s.place(p, m.Cards, Script, "script zone"); err != nil {
			return err
		}
		pl.scripts = append(pl.scripts, m.Cards...)
	case FieldOf:
		if err := s.place(p, m.Cards, Daemon, "field"); err != nil {
			return err
		}
		for _, name := range m.Cards {
			c, _ := s.cards.Card(name)
			pl.daemons = append(pl.daemons, s.newDaemon(FieldDaemon{Card: c, Ready: !m.Spent, Sick: m.Loading}))
		}
	case SecurityOf:
		n := max(len(m.Cards), m.Count)
		switch {
		case d.security:
			return positionRuling(fmt.Sprintf("%s's security is declared twice", s.name(p)))
		case n > SecuritySize:
			return violation(fmt.Sprintf("%s's security is declared with %d cards: it is set at %d, and only ever loses cards", s.name(p), n, SecuritySize), ruleSecurity)
		}
		if err := s.place(p, m.Cards, -1, "security"); err != nil {
			return err
		}
		d.security, d.securityCount, d.securityListed = true, m.Count, m.Cards != nil
		pl.security = slices.Clone(m.Cards)
	case DeckOf:
		if d.deck {
			return positionRuling(fmt.Sprintf("%s's deck is declared twice", s.name(p)))
		}
		if err := s.place(p, m.Cards, -1, "deck"); err != nil {
			return err
		}
		d.deck, d.deckCount, d.listed = true, m.Count, m.Cards != nil
		pl.deck = slices.Clone(m.Cards)
	}
	return nil
}

// declaring tells whether a position is being declared.
func (s *State) declaring() bool { return s.decl[0] != nil || s.decl[1] != nil }

// Declaring tells whether a position is being declared, before its first
// turn: the cards it does not place are not yet dealt, nor the tracker set.
func (s *State) Declaring() bool { return s.declaring() }

// declareModules declares player p's three modules, which their cards come
// from (ruling D16).
func (s *State) declareModules(p int, m Modules) error {
	if s.decl[p] != nil {
		return positionRuling(fmt.Sprintf("%s's modules are declared twice", s.name(p)))
	}
	if len(m.Modules) != 3 {
		return violation(fmt.Sprintf("%s is declared with %d modules: a deck is three", s.name(p), len(m.Modules)), ruleDeck)
	}
	for i, mod := range m.Modules {
		if c, ok := s.cards.Card(mod); !ok || c.Kind != Module {
			return violation(s.cards.unknown(Module, mod), ruleDeck)
		}
		if slices.Contains(m.Modules[:i], mod) {
			return violation(fmt.Sprintf("%s is declared twice among %s's modules: each module is drafted once", mod, s.name(p)), ruleDraftOrder)
		}
		if slices.Contains(s.players[1-p].modules, mod) {
			return violation(fmt.Sprintf("%s is %s's module: each module is drafted once", mod, s.name(1-p)), ruleDraftOrder)
		}
	}
	d := &declared{copies: map[string]int{}, placed: map[string]int{}}
	for _, mod := range m.Modules {
		for _, c := range s.cards.decks[mod] {
			d.copies[c]++
		}
	}
	s.decl[p] = d
	s.players[p].modules = slices.Clone(m.Modules)
	return nil
}

// declareMain declares player p's main module, one of their three; no grip
// is drawn for it, as the grip is declared.
func (s *State) declareMain(p int, m Main) error {
	d, pl := s.decl[p], s.players[p]
	switch {
	case d == nil:
		return ruling("D28", rulingModulesFirst, fmt.Sprintf("%s's modules are not declared yet: the main module is one of them", s.name(p)))
	case d.main:
		return positionRuling(fmt.Sprintf("%s's main module is declared twice", s.name(p)))
	case !slices.Contains(pl.modules, m.Module):
		return violation(fmt.Sprintf("%s is not one of %s's modules (%s)", m.Module, s.name(p), strings.Join(pl.modules, ", ")), ruleMain)
	}
	d.main, pl.main = true, m.Module
	s.countBonuses(p)
	return nil
}

// place checks cards declared in one of player p's zones: cards of their
// modules, of kind when kind is not -1, each in one place (ruling D30); and
// counts them placed.
func (s *State) place(p int, cards []string, kind Kind, zone string) error {
	d := s.decl[p]
	counted := map[string]int{}
	for _, name := range cards {
		if name == Unknown {
			d.unknown++ // checked by unknownDeclared
			continue
		}
		c, ok := s.cards.Card(name)
		switch {
		case !ok || c.Kind == Module:
			return violation(s.cards.unknown(-1, name), ruleDeck)
		case d.copies[name] == 0:
			return violation(fmt.Sprintf("%s is a card of %s, which is not one of %s's modules (%s)", name, c.Module, s.name(p), strings.Join(s.players[p].modules, ", ")), ruleDeck)
		case kind >= 0 && c.Kind != kind:
			return ruling("D30", rulingZones, fmt.Sprintf("%s is a %s: %s's %s holds %ss", name, c.Kind, s.name(p), zone, kind))
		}
		counted[name]++
		if n := d.placed[name] + counted[name]; n > d.copies[name] {
			return ruling("D30", rulingCards, fmt.Sprintf("%s's position has %d %s, and %s's modules have %d: a card is in one place", s.name(p), n, name, s.name(p), d.copies[name]))
		}
	}
	for name, n := range counted {
		d.placed[name] += n
	}
	return nil
}

// StartAt ends a declared position and begins turn, player's: each player's
// cards not placed are dealt as their security and deck counts say,
// shuffled by the seed (ruling D29), and the turn begins as any turn, with
// the damage of an empty deck and the loading phase.
func (s *State) StartAt(turn, player int) error {
	switch {
	case !s.setup:
		return positionRuling("the game has begun: a position is declared before the first turn")
	case !s.declaring():
		return positionRuling("no position is declared: a position declares each player's modules")
	case player < 0 || player > 1:
		return positionRuling(fmt.Sprintf("there is no player %d: Daemon is played by two", player+1))
	case turn < 1:
		return positionRuling(fmt.Sprintf("there is no turn %d: turns are numbered from 1", turn))
	case (turn-1)%2 != player:
		return ruling("D28", rulingTurns, fmt.Sprintf("turn %d is %s's, not %s's: %s, the first player, plays the odd turns", turn, s.name((turn-1)%2), s.name(player), s.name(0)))
	}
	if err := s.deal(); err != nil {
		return err
	}
	s.memory = s.declaredMemory(player)
	s.decl = [2]*declared{}
	s.setup, s.drafts = false, len(draftOrder)
	s.turn, s.active = turn, player
	s.startTurn()
	return nil
}

// deal checks that each player's position is whole, and deals their cards
// not placed as their security and deck counts say, shuffled by the seed
// (ruling D29): the first player's, then the second's.
func (s *State) deal() error {
	rest := [2][]string{}
	for p := range s.players {
		d := s.decl[p]
		switch {
		case d == nil:
			return positionRuling(fmt.Sprintf("%s's modules are not declared: a position declares each player's modules and main module", s.name(p)))
		case !d.main:
			return positionRuling(fmt.Sprintf("%s's main module is not declared: a position declares each player's modules and main module", s.name(p)))
		}
		rest[p] = s.unplaced(p)
		if err := s.dealable(p, len(rest[p])); err != nil {
			return err
		}
	}
	if s.unseeded() {
		s.dealUnseeded()
		return nil
	}
	for p, pl := range s.players {
		d := s.decl[p]
		if len(rest[p]) > 0 {
			shuffle.Shuffle(s.src, rest[p])
		}
		if !d.securityListed && d.securityCount > 0 {
			pl.security = rest[p][:d.securityCount]
			rest[p] = rest[p][d.securityCount:]
		}
		if d.listed {
			// The security's count took the cards left.
			continue
		}
		pl.deck = rest[p]
	}
	for p, pl := range s.players {
		pl.decided = true
		s.countBonuses(p)
	}
	return nil
}

// declaredMemory is the tracker as player sees it, from the memory
// declared on either side.
func (s *State) declaredMemory(player int) int {
	for p, d := range s.decl {
		if d != nil && d.hasMemory && d.memory > 0 {
			if p == player {
				return d.memory
			}
			return -d.memory
		}
	}
	return 0
}

// unplaced lists player p's cards that the position does not place, in
// the order of their modules' cards.
func (s *State) unplaced(p int) []string {
	d := s.decl[p]
	left := map[string]int{}
	for name, n := range d.copies {
		left[name] = n - d.placed[name]
	}
	var out []string
	for _, mod := range s.players[p].modules {
		for _, name := range s.cards.decks[mod] {
			if left[name] > 0 {
				left[name]--
				out = append(out, name)
			}
		}
	}
	return out
}

// dealable checks that player p's n cards not placed are as many as their
// security and deck, declared as counts, are to hold: every card of their
// modules is in one place (ruling D30).
func (s *State) dealable(p, n int) error {
	d := s.decl[p]
	want, exact := d.unknown, true
	var counted []string
	if d.unknown > 0 {
		counted = append(counted, fmt.Sprintf("%d cards ?", d.unknown))
	}
	if d.security && !d.securityListed {
		want += d.securityCount
		counted = append(counted, fmt.Sprintf("security %d", d.securityCount))
	}
	switch {
	case !d.deck:
		exact = false // the deck holds the rest
	case !d.listed:
		want += d.deckCount
		counted = append(counted, fmt.Sprintf("deck %d", d.deckCount))
	}
	if n == want || !exact && n > want {
		return nil
	}
	total := 0
	for _, c := range d.copies {
		total += c
	}
	what := fmt.Sprintf("%s's modules have %d cards; the position places %d", s.name(p), total, total-n)
	if len(counted) > 0 {
		what += " and counts " + strings.Join(counted, " and ")
	}
	if n < want {
		return ruling("D30", rulingCards, what+fmt.Sprintf(", %d more than there are", want-n))
	}
	return ruling("D30", rulingCards, what+fmt.Sprintf(", which leaves %d in no place", n-want))
}

// turnStart is how a turn began (State.start): the tracker before the
// loading phase, the cards its start trigger drew, and the active player's
// daemons before the reboot, a bit each, ready and sick.
type turnStart struct {
	fresh       bool // nothing has been done in the turn since
	owed        bool // the damage of an empty deck awaits its reveal (ruling D8)
	memory      int
	drawn       int
	ready, sick uint64
}

// noteStart notes the state as the active player's turn begins, before
// the damage of an empty deck and the loading phase. A field of more
// daemons than the bits noted, which no deck of 45 cards fills, is not
// taken back.
func (s *State) noteStart() {
	s.start = turnStart{fresh: true, memory: s.memory}
	for i, d := range s.players[s.active].daemons {
		if i >= 64 {
			s.start.fresh = false
			break
		}
		if d.Ready {
			s.start.ready |= 1 << i
		}
		if d.Sick {
			s.start.sick |= 1 << i
		}
	}
}

// takeBackLoading puts a copy of the state, at the start of a turn in
// which nothing has been done, back as it was before the turn began: the
// cards the start trigger drew go back on top of the deck, the daemons
// are as they were before the reboot, and the tracker as it was; the
// damage of an empty deck is not yet dealt.
func (s *State) takeBackLoading() {
	st, pl := s.start, s.players[s.active]
	s.noDamage()
	s.outcome = engine.Outcome{}
	s.memory = st.memory
	if st.owed && s.rules.deckDamageFirst {
		return // the loading phase comes after the damage's reveal
	}
	if st.owed {
		// The damage awaits its reveal in step 3: memory and reboot are
		// done, the start trigger is not.
		for i, d := range pl.daemons {
			d.Ready, d.Sick = st.ready>>i&1 == 1, st.sick>>i&1 == 1
		}
		return
	}
	if s.unseeded() {
		// What the start drew is not written yet: back in the deck.
		for _, o := range s.owed {
			pl.deck = append(slices.Clip(pl.deck), unknowns(o.n)...)
		}
		s.owed = nil
		for i, d := range pl.daemons {
			d.Ready, d.Sick = st.ready>>i&1 == 1, st.sick>>i&1 == 1
		}
		return
	}
	k := len(pl.grip) - st.drawn
	pl.deck = append(slices.Clone(pl.grip[k:]), pl.deck...)
	pl.grip = pl.grip[:k]
	for i, d := range pl.daemons {
		d.Ready, d.Sick = st.ready>>i&1 == 1, st.sick>>i&1 == 1
	}
}

// Position writes the game as declarations, at the start of the turn to
// come, before its loading phase: between turns, once the active player's
// turn has ended; at the start of a turn in which nothing has been done
// yet (its loading phase is taken back); or at the end
// of the set-up, for the first turn.
func (s *State) Position() engine.Position {
	st, turn, player, memory := s, s.turn+1, 1-s.active, -s.memory
	switch {
	case s.setup && s.declaring():
		// A declared position before its first turn line: dealt as StartAt
		// will deal it. The turn is the first turn line's, which the state
		// does not know before StartAt: the first is written.
		st = s.clone()
		_ = st.deal()
		turn, player, memory = 1, 0, st.declaredMemory(0)
	case s.setup:
		st = s.clone()
		st.takeSecurity()
		turn, player, memory = 1, 0, st.memory
	case s.start.fresh:
		st = s.clone()
		st.takeBackLoading()
		turn, player, memory = s.turn, s.active, st.memory
	}
	pos := engine.Position{Turn: turn, Player: player}
	for p, pl := range st.players {
		moves := []engine.Move{Modules{slices.Clone(pl.modules)}, Main{pl.main}}
		if mine := memory; p == player && mine > 0 {
			moves = append(moves, MemoryAt{mine})
		} else if p != player && -mine > 0 {
			moves = append(moves, MemoryAt{-mine})
		}
		if len(pl.grip) > 0 {
			moves = append(moves, GripOf{slices.Clone(pl.grip)})
		}
		if len(pl.security) > 0 {
			moves = append(moves, SecurityOf{Cards: slices.Clone(pl.security)})
		}
		switch {
		case len(pl.deck) > 0 && st.unseeded():
			// Nobody knows the order, nor the cards but as the rest.
			moves = append(moves, DeckOf{Count: len(pl.deck)})
		case len(pl.deck) > 0:
			moves = append(moves, DeckOf{Cards: slices.Clone(pl.deck)})
		}
		if len(pl.heap) > 0 {
			moves = append(moves, HeapOf{slices.Clone(pl.heap)})
		}
		if len(pl.scripts) > 0 {
			moves = append(moves, ScriptsOf{slices.Clone(pl.scripts)})
		}
		// The field in runs of one state, in its order: which of several
		// daemons of one name is taken depends on it (ruling D10).
		for i := 0; i < len(pl.daemons); {
			d := pl.daemons[i]
			run := FieldOf{Spent: !d.Ready, Loading: d.Sick}
			for ; i < len(pl.daemons) && pl.daemons[i].Ready == d.Ready && pl.daemons[i].Sick == d.Sick; i++ {
				run.Cards = append(run.Cards, pl.daemons[i].Card.Name)
			}
			moves = append(moves, run)
		}
		pos.Lines = append(pos.Lines, engine.PositionLine{Subject: p, Moves: moves})
	}
	return pos
}

// unknownDeclared checks the cards declared ? in a position: only in a
// game without a seed, only in a grip or a security, and not in the grip
// of the seat the record is from (rulings D3, D29, D34).
func (s *State) unknownDeclared(p int, m engine.Move) error {
	var cards []string
	zone := ""
	switch m := m.(type) {
	case GripOf:
		cards, zone = m.Cards, "grip"
	case SecurityOf:
		cards, zone = m.Cards, "security"
	case DeckOf:
		cards, zone = m.Cards, "deck"
	case HeapOf:
		cards, zone = m.Cards, "heap"
	case ScriptsOf:
		cards, zone = m.Cards, "script zone"
	case FieldOf:
		cards, zone = m.Cards, "field"
	}
	if !slices.Contains(cards, Unknown) {
		return nil
	}
	switch {
	case !s.unseeded():
		return seedDeals("a position's cards the seed deals are given as a count (security 3, deck 20)")
	case zone == "deck":
		return ruling("D29", rulingUnknownZones, fmt.Sprintf("%s's deck is given as a count: its cards are the rest", s.name(p)))
	case zone != "grip" && zone != "security":
		return ruling("D29", rulingUnknownZones, fmt.Sprintf("%s's %s is seen by everyone: its cards are written by name", s.name(p), zone))
	case zone == "grip":
		return s.seen(p, "each card of %s's own grip")
	}
	return nil
}

// dealUnseeded deals a position without a seed: each player's deck is a
// pool of their modules' cards; the cards placed by name are taken from
// it, each ? is hidden, a security's count is hidden cards, and the deck
// is what is left (ruling D29).
func (s *State) dealUnseeded() {
	for p, pl := range s.players {
		d := s.decl[p]
		var all []string
		for _, mod := range pl.modules {
			all = append(all, s.cards.decks[mod]...)
		}
		pl.pool = s.ledger.NewPool(all)
		why := fmt.Sprintf("%s's position places the last one", s.name(p))
		// A deck written out is only its count: nobody knows its order.
		for _, zone := range [][]string{pl.grip, pl.security, pl.heap, pl.scripts} {
			for _, c := range zone {
				if c != Unknown {
					_ = s.ledger.Take(pl.pool, c, why) // placed once each (place)
				}
			}
		}
		for _, dm := range pl.daemons {
			_ = s.ledger.Take(pl.pool, dm.Card.Name, why)
		}
		pl.gripHidden = nil
		for _, c := range pl.grip {
			if c == Unknown {
				id, _ := s.ledger.Hide(pl.pool)
				pl.gripHidden = append(pl.gripHidden, id)
			}
		}
		if !d.securityListed && d.securityCount > 0 {
			pl.security = unknowns(d.securityCount)
		}
		pl.securityHidden = make([]hidden.Card, len(pl.security))
		for i, c := range pl.security {
			pl.securityHidden[i] = -1
			if c == Unknown {
				pl.securityHidden[i], _ = s.ledger.Hide(pl.pool)
			}
		}
		pl.secured = true
		n := len(s.unplaced(p)) - d.unknown - d.securityCount
		if d.listed {
			n = len(pl.deck)
		}
		pl.deck = unknowns(max(n, 0))
		pl.decided = true
		s.countBonuses(p)
	}
}
