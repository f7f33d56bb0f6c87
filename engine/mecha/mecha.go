// Package mecha is the rules engine for Mecha: towers and mechas on a 5x7
// grid, pilots and commands, each player's own deck of 40 cards, and five
// direct attacks to win.
//
// The board has files a to g and ranks 1 to 5; the first player's entry
// zone is rank 1 and the second's rank 5. Cards are data: Load reads them
// from a catalogue. RULINGS.md beside this file gives every ruling on what
// the rules text leaves open, and CARDS.md the catalogue vocabulary.
package mecha

import (
	"fmt"
	"github.com/tabletop-referee/referee/engine/internal/blocks"
	"math/bits"
	"slices"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/hidden"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// Board is the 5x7 grid, wider than it is long.
var Board = grid.Board{Files: boardFiles, Ranks: boardRanks}

// The board's numbers as constants, for arrays on the stack.
const (
	boardFiles = 7
	boardRanks = 5
	boardSize  = boardFiles * boardRanks
)

// orthogonal is Board.Orthogonal without its allocation, for the moves'
// own checks: the squares sharing an edge with sq are ns[:n].
func orthogonal(sq grid.Square) (ns [4]grid.Square, n int) {
	for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
		if next := (grid.Square{File: sq.File + d[0], Rank: sq.Rank + d[1]}); Board.Contains(next) {
			ns[n] = next
			n++
		}
	}
	return ns, n
}

// The board's squares as bits (by Board.Index), for the range search:
// all of them, and those of its first and last files.
var allSquares, firstFile, lastFile = func() (all, first, last uint64) {
	for i := range boardSize {
		all |= 1 << i
		switch i % boardFiles {
		case 0:
			first |= 1 << i
		case boardFiles - 1:
			last |= 1 << i
		}
	}
	return all, first, last
}()

// besideAny is every square sharing an edge with a square of on.
func besideAny(on uint64) uint64 {
	return (on<<boardFiles | on>>boardFiles | (on&^lastFile)<<1 | (on&^firstFile)>>1) & allSquares
}

// The numbers of the rules text.
const (
	DeckSize     = 40
	MaxCopies    = 3
	OpeningHand  = 5
	MaxHandSize  = 5
	DamageToLose = 5
)

// Deck chooses a player's deck on their set-up line: a named deck of the
// catalogue, or a list.
type Deck struct {
	Named  string
	List   []DeckCount
	InTurn bool // written in a turn instead of on a set-up line
}

// Draw takes cards from the player's deck: the opening hand (on a set-up
// line), the turn's draw, or cards an effect draws. A transcript writes
// them when no seed gives the deck order.
type Draw struct {
	Cards   []string
	Opening bool
	// of is the owner of the cards plus one, when a record written by
	// Recorded has the player whose turn it is write the other's draw.
	of int
}

// Mulligan sets the opening hand aside for five new cards.
type Mulligan struct {
	InTurn bool // written in a turn instead of on a set-up line
}

// Play plays a card from hand: a tower or mecha onto a square of the entry
// zone, a pilot onto a mecha, a command onto its target (At is nil for a
// command without one).
type Play struct {
	Card string
	At   *grid.Square
}

// Step moves a unit one orthogonal square.
type Step struct{ From, To grid.Square }

// Attack has the unit on From attack the unit on Target.
type Attack struct{ From, Target grid.Square }

// Direct has the unit on From attack the opponent directly. Card is the
// card that goes to the damage zone, when the transcript writes it.
type Direct struct {
	From grid.Square
	Card string
}

// Discard discards a card from hand at the end of the turn.
type Discard struct{ Card string }

// Sacrifice sacrifices the pilot attached to the mecha on At.
type Sacrifice struct{ At grid.Square }

// SkipDraw skips the draw phase to return a card with rebirth from the
// graveyard to the hand.
type SkipDraw struct{ Card string }

// Unit is a tower or mecha on the board.
type Unit struct {
	Card       *Card
	Owner      int
	Durability int // durability counters
	Armour     int // armour counters
	Pilot      *Card
	PlayedTurn int // the turn it was played on
	Steps      int // squares moved this turn
	Attacked   bool
	// Modifiers until the end of the turn.
	PowerBoost, SpeedBoost, RangeBoost int
}

// Keywords are the unit's keywords: its card's and its pilot's.
func (u *Unit) Keywords() Keywords {
	k := u.Card.Keywords
	if u.Pilot != nil {
		k.add(u.Pilot.Keywords)
	}
	return k
}

// Power is the unit's power now.
func (u *Unit) Power() int {
	p := u.Card.Power + u.PowerBoost
	if u.Pilot != nil {
		p += u.Pilot.Power
	}
	return max(p, 0)
}

// Speed is how many squares the unit may move in a turn: 1 for a mecha, 0
// for a tower, plus Speed (ruling M27).
func (u *Unit) Speed() int {
	base := 1
	if u.Card.Kind == Tower {
		base = 0
	}
	if s := u.keyword(func(k *Keywords) int { return k.Speed }); s > 0 {
		base = s
	}
	return base + u.SpeedBoost
}

// Range is how far the unit attacks: 1, or its Range.
func (u *Unit) Range() int {
	r := max(u.keyword(func(k *Keywords) int { return k.Range }), 1)
	return r + u.RangeBoost
}

// keyword is one number of the unit's keywords, its card's and its
// pilot's added as Keywords adds them, without copying the others: a step
// asks for the unit's speed, and a turn's start for those in the entry
// zone.
func (u *Unit) keyword(of func(*Keywords) int) int {
	n := of(&u.Card.Keywords)
	if u.Pilot != nil {
		n += of(&u.Pilot.Keywords)
	}
	return n
}

// Cost is the bandwidth the unit takes: a mecha's cost, zero with a pilot.
func (u *Unit) Cost() int {
	if u.Card.Kind != Mecha || u.Pilot != nil {
		return 0
	}
	return u.Card.Cost
}

// PlacedCommand is a command standing on a square with its time counters.
type PlacedCommand struct {
	Card  *Card
	Owner int
	At    grid.Square
	Time  int
}

type player struct {
	deck      []string // top first when seeded; sorted when not
	chosen    bool     // whether the deck is fixed (it is at the first draw)
	hand      []string
	aside     []string // the hand set aside by a mulligan
	graveyard []string
	damage    []string
	owed      int  // cards owed: the opening hand or an effect's draws
	opening   bool // whether owed is the opening hand
	// recent are the cards a seed drew for an effect since the last move,
	// which a transcript may still write (ruling M3).
	recent   []string
	mulligan bool
	rng      *shuffle.Source
	// The deck's pool in the ledger of an unseeded game (hidden.go): the
	// unseen cards in the hand and in the hand set aside, and how many
	// cards the pool's world holds beyond the deck and those.
	pool        hidden.Pool
	pooled      bool
	unseen      []hidden.Card
	asideUnseen []hidden.Card
	surplus     int
	// unknownDeck is the deck list as written when part of it is unknown
	// (ruling M45), for a position to write it again.
	unknownDeck []DeckCount
}

// Game is Mecha's rules with a catalogue of cards.
type Game struct {
	Cards *Cards
}

// Name implements engine.Game.
func (Game) Name() string { return "mecha" }

// Players implements engine.Game.
func (Game) Players() int { return 2 }

// Variants implements engine.Game.
func (Game) Variants() []engine.Variant { return slices.Clone(variants) }

// variants are the game's variants, built once: a check resolves them for
// every file, twice.
var variants = []engine.Variant{
	{Name: "direct", Values: []string{"entryzone", "range"}, Summary: "a direct attack is made from the opponent's entry zone (M7), or at the far edge within range"},
	{Name: "range", Values: []string{"over", "skip"}, Summary: "range counts the squares of friendly units fired over (M10), or skips them"},
	{Name: "firstdraw", Values: []string{"yes", "no"}, Summary: "the first player draws on turn 1 (M6), or not"},
	{Name: "emptydamage", Values: []string{"nothing", "lose"}, Summary: "a player attacked directly with an empty deck places nothing (M19), or loses"},
	{Name: "commands", Values: []string{"anytime", "main"}, Summary: "commands are played at any time of either player's turn (M13, M35, M17), or only after the turn's draw and before its player discards"},
}

type rules struct {
	directRange, rangeSkip, firstNoDraw, emptyDamageLoses bool
	// commandsMain keeps commands out of the moments before the turn's
	// draw and after its player's discards (variant commands=main).
	commandsMain bool
}

// State is a game of Mecha in progress.
type State struct {
	cards   *Cards
	rules   rules
	seeded  bool
	names   []string
	players [2]*player
	board   [boardSize]*Unit // in the state itself: one allocation fewer for it and each copy
	// units has a bit a square (by Board.Index) for each player's units,
	// kept by put: what looks at every unit visits these squares only.
	units [2]uint64
	// acted has a bit for each square a unit was given this turn's counts
	// or modifiers on (Steps, Attacked, the boosts), set by acts: the end
	// of the turn clears those of the units still there, and no other.
	acted uint64
	// spare are units allocated together for newUnit, not yet placed:
	// a game places dozens. Never shared by a clone.
	spare  []Unit
	placed []*PlacedCommand
	setup  bool // before turn 1
	turn   int
	toMove int
	// drawPhase is set while the player to move has yet to draw (or skip)
	// for the turn.
	drawPhase bool
	// ending is set once the player to move has discarded: the end phase.
	ending bool
	// sacrifice names the pilot sacrificer must sacrifice a copy of, or "".
	// The sacrificer is the player to move, unless a move let stand out of
	// turn gave the other player the copies (ruling M37). With none owed,
	// no player controls two copies: checkCopies follows every pilot
	// attached or sacrificed, and StartAt refuses a position with two.
	sacrifice  string
	sacrificer int
	outcome    engine.Outcome
	// pos is what a position has declared, until its first turn begins.
	pos *declared
	// dry makes moves check themselves without being made, for Legal.
	dry bool
	// led is the ledger of the cards drawn unseen, in an unseeded game;
	// oneSeat and seat say whose seat the record is from.
	led     *hidden.Ledger
	oneSeat bool
	seat    int
	// rec is what the seed decided, once Recorded is asked (record.go).
	rec *recording
}

// New sets up a game. A seeded game gives each player a shuffle source of
// their own, drawn from the seed first player first, so that either
// player's deck order does not depend on the other's.
func (g Game) New(opts engine.Options) (engine.State, error) {
	// A game that chooses no variant, as most do, plays every default,
	// which the lookups below give on no map at all: it needs no list of
	// variants resolved.
	var v map[string]string
	if len(opts.Variants) > 0 {
		var err error
		if v, err = engine.ResolveVariants(variants, opts.Variants); err != nil {
			return nil, err
		}
	}
	if g.Cards == nil || len(g.Cards.decks) == 0 && len(g.Cards.cards) == 0 {
		return nil, fmt.Errorf("mecha: the catalogue has no cards")
	}
	s := &State{
		cards: g.Cards,
		rules: rules{
			directRange:      v["direct"] == "range",
			rangeSkip:        v["range"] == "skip",
			firstNoDraw:      v["firstdraw"] == "no",
			emptyDamageLoses: v["emptydamage"] == "lose",
			commandsMain:     v["commands"] == "main",
		},
		seeded:  opts.Seeded,
		names:   opts.Players,
		oneSeat: opts.OneSeat,
		seat:    opts.Seat,
		setup:   true,
		turn:    1,
	}
	var rng *shuffle.Source
	if s.seeded {
		rng = shuffle.New(opts.Seed)
	}
	both := new([2]player) // one allocation for the two
	for p := range s.players {
		both[p] = player{owed: OpeningHand, opening: true}
		s.players[p] = &both[p]
		if rng != nil {
			s.players[p].rng = shuffle.New(rng.Uint64())
		}
	}
	return s, nil
}

// Turn implements engine.State.
func (s *State) Turn() int {
	if s.setup {
		return 0
	}
	return s.turn
}

// ToMove implements engine.State.
// During an unseeded set-up it is the first player whose opening hand is
// still to be written; a player who owes a sacrifice out of turn (ruling
// M37) acts before the player whose turn it is.
func (s *State) ToMove() int {
	if s.setup && !s.seeded {
		for p, pl := range s.players {
			if pl.owed > 0 {
				return p
			}
		}
	}
	if s.outOfTurnSacrifice() {
		return s.sacrificer
	}
	return s.toMove
}

// Outcome implements engine.State.
func (s *State) Outcome() engine.Outcome { return s.outcome }

// Over implements engine.Ender.
func (s *State) Over() bool { return s.outcome.Over }

// Clone implements engine.State.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.spare = nil
	both := new([2]player) // one allocation for the two
	var rngs *[2]shuffle.Source
	if s.players[0].rng != nil || s.players[1].rng != nil {
		rngs = new([2]shuffle.Source)
	}
	for p, pl := range s.players {
		both[p] = *pl
		cp := &both[p]
		cp.deck = slices.Clone(pl.deck)
		cp.hand = slices.Clone(pl.hand)
		cp.aside = slices.Clone(pl.aside)
		cp.graveyard = slices.Clone(pl.graveyard)
		cp.damage = slices.Clone(pl.damage)
		cp.recent = slices.Clone(pl.recent)
		cp.unseen = slices.Clone(pl.unseen)
		cp.asideUnseen = slices.Clone(pl.asideUnseen)
		cp.unknownDeck = slices.Clone(pl.unknownDeck)
		if pl.rng != nil {
			rngs[p] = *pl.rng
			cp.rng = &rngs[p]
		}
		c.players[p] = cp
	}
	for i, u := range &s.board { // c.board holds s's units: replaced by copies
		if u != nil {
			cu := *u
			c.board[i] = &cu
		}
	}
	if s.pos != nil {
		pos := *s.pos
		c.pos = &pos
	}
	c.led = s.led.Clone()
	c.rec = s.rec.clone()
	c.placed = make([]*PlacedCommand, len(s.placed))
	for i, pc := range s.placed {
		cp := *pc
		c.placed[i] = &cp
	}
	return &c
}

// put sets the unit on the board's square i, or empties it (u nil),
// keeping units.
func (s *State) put(i int, u *Unit) {
	if old := s.board[i]; old != nil {
		s.units[old.Owner] &^= 1 << i
	}
	s.board[i] = u
	if u != nil {
		s.units[u.Owner] |= 1 << i
	}
}

// newUnit is a new unit holding u, for the board.
func (s *State) newUnit(u Unit) *Unit {
	p := blocks.Take(&s.spare, 8)
	*p = u
	return p
}

// Accessors for reports and tests.

// UnitAt is the unit on sq, or nil.
func (s *State) UnitAt(sq grid.Square) *Unit {
	if !Board.Contains(sq) {
		return nil
	}
	return s.board[Board.Index(sq)]
}

// Placed lists the commands placed on the battlefield.
func (s *State) Placed() []PlacedCommand {
	var out []PlacedCommand
	for _, pc := range s.placed {
		out = append(out, *pc)
	}
	return out
}

// Hand is a player's hand, once every draw a seed gives is made.
func (s *State) Hand(p int) []string { return slices.Clone(s.settledView().players[p].hand) }

// DeckSize is the number of cards in a player's deck, once every draw a
// seed gives is made.
func (s *State) DeckSize(p int) int {
	v := s.settledView()
	if !v.players[p].chosen {
		list, _ := v.defaultDeck()
		return total(list)
	}
	return v.deckLen(p)
}

// Graveyard lists a player's graveyard, oldest first.
func (s *State) Graveyard(p int) []string { return slices.Clone(s.players[p].graveyard) }

// DamageZone lists the cards in a player's damage zone.
func (s *State) DamageZone(p int) []string { return slices.Clone(s.players[p].damage) }

// AppendHand appends to dst what Hand lists, without a copy of its own: a
// report describes the zones of every final state.
func (s *State) AppendHand(dst []string, p int) []string {
	return append(dst, s.settledView().players[p].hand...)
}

// AppendGraveyard appends to dst what Graveyard lists, without a copy of
// its own.
func (s *State) AppendGraveyard(dst []string, p int) []string {
	return append(dst, s.players[p].graveyard...)
}

// AppendDamageZone appends to dst what DamageZone lists, without a copy
// of its own.
func (s *State) AppendDamageZone(dst []string, p int) []string {
	return append(dst, s.players[p].damage...)
}

// Bandwidth is what a player's towers provide, and what their mechas use.
func (s *State) Bandwidth(p int) (provided, used int) {
	for on := s.units[p]; on != 0; on &= on - 1 {
		u := s.board[bits.TrailingZeros64(on)]
		provided += u.keyword(func(k *Keywords) int { return k.Provide })
		used += u.Cost()
	}
	return provided, used
}

// EntryRank is the rank of a player's entry zone.
func EntryRank(p int) int {
	if p == 0 {
		return 0
	}
	return Board.Ranks - 1
}

func (s *State) name(p int) string {
	if p < len(s.names) && s.names[p] != "" {
		return s.names[p]
	}
	return fmt.Sprintf("player %d", p+1)
}

func violation(what, rule string) error { return &engine.Violation{What: what, Rule: rule} }

// violationf is a violation of rule, what was wrong written from format
// and args only when the move is made: a dry run (Legal, trying each
// candidate move) needs only to know that it is refused, and writing
// every refusal was a fifth of Legal's time.
func (s *State) violationf(rule, format string, args ...any) error {
	if s.dry {
		return &engine.Violation{Rule: rule}
	}
	return violation(fmt.Sprintf(format, args...), rule)
}

// rulingf is ruling's violationf.
func (s *State) rulingf(id, rule, format string, args ...any) error {
	if s.dry {
		return &engine.Violation{Rule: rule, Ruling: id}
	}
	return ruling(id, rule, fmt.Sprintf(format, args...))
}

func ruling(id, rule, what string) error {
	return &engine.Violation{What: what, Rule: rule, Ruling: id}
}

func total(list []DeckCount) int {
	n := 0
	for _, dc := range list {
		n += dc.Count
	}
	return n
}

// CheckDeck checks a deck list against the deck rules.
func (cs *Cards) CheckDeck(list []DeckCount) *engine.Violation {
	counts := map[string]int{}
	for _, dc := range list {
		if dc.Card == Unknown {
			continue // cards not known, which the deck rules allow (ruling M45)
		}
		if _, ok := cs.byName[dc.Card]; !ok {
			return &engine.Violation{What: cs.unknown(dc.Card), Rule: ruleDeck}
		}
		counts[dc.Card] += dc.Count
	}
	if n := total(list); n != DeckSize {
		return &engine.Violation{What: fmt.Sprintf("the deck has %d cards, not %d", n, DeckSize), Rule: ruleDeck}
	}
	for _, dc := range list {
		c := cs.byName[dc.Card]
		n := counts[dc.Card]
		switch {
		case c == nil: // unknown
		case c.Copies == Singleton && n > 1:
			return &engine.Violation{What: fmt.Sprintf("%d copies of %s, a Singleton", n, c.Name), Rule: ruleDeck}
		case c.Copies == Normal && n > MaxCopies:
			return &engine.Violation{What: fmt.Sprintf("%d copies of %s; only Basics may have more than %d", n, c.Name, MaxCopies), Rule: ruleDeck}
		}
	}
	return nil
}

func (s *State) defaultDeck() ([]DeckCount, string) {
	if len(s.cards.decks) == 0 {
		return nil, ""
	}
	return s.cards.decks[0].list, s.cards.decks[0].name
}

// choose fixes a player's deck: the default one unless a Deck move chose
// another, shuffled when seeded.
func (s *State) choose(p int) error {
	pl := s.players[p]
	if pl.chosen {
		return nil
	}
	list, _ := s.defaultDeck()
	if list == nil {
		return s.rulingf("M4", rulingDeckFirst, "%s has no deck: the catalogue has none and the set-up line names none", s.name(p))
	}
	s.setDeck(p, s.cards.decks[0].cards)
	return nil
}

// deckCards lists a deck's cards one by one, sorted: an unseeded deck, or
// a seeded one before its shuffle.
func deckCards(list []DeckCount) []string {
	var cards []string
	if n := total(list); n > 0 {
		cards = make([]string, 0, n)
	}
	for _, dc := range list {
		for range dc.Count {
			cards = append(cards, dc.Card)
		}
	}
	slices.Sort(cards)
	return cards
}

// setDeck fixes p's deck: a copy of cards, as deckCards lists them,
// shuffled when seeded.
func (s *State) setDeck(p int, cards []string) {
	pl := s.players[p]
	pl.deck = slices.Clone(cards)
	if pl.rng != nil {
		shuffle.Shuffle(pl.rng, pl.deck)
	}
	pl.chosen, pl.pooled, pl.surplus, pl.unknownDeck = true, false, 0, nil
}

// settledView is the state with every draw a seed gives made: s itself
// when there is none to make.
func (s *State) settledView() *State {
	if !s.seeded || !s.owesSeeded() {
		return s
	}
	c := s.clone()
	c.settleAll()
	return c
}

func (s *State) owesSeeded() bool {
	for _, pl := range s.players {
		// A game over makes no owed draw (settleOwed): a Trigger's draws
		// after the fifth damage stay owed.
		if pl.owed > 0 && !s.outcome.Over || !pl.chosen {
			return true
		}
	}
	return s.drawPhase
}

// settleAll makes every draw a seed gives, as far as it can without a
// choice: the opening hands, owed draws and the turn's draw.
func (s *State) settleAll() {
	for p := range s.players {
		if err := s.choose(p); err != nil {
			continue
		}
		s.settleOwed(p)
	}
	if s.drawPhase && !s.setup {
		s.turnDraw()
	}
}

// settleOwed draws the cards player p owes from a seeded deck.
func (s *State) settleOwed(p int) {
	pl := s.players[p]
	// What an effect drew is recorded once the loop ends (without a
	// deferred call, which would put drawn on the heap at every call), and
	// listed only when there is a record to make.
	var drawn []string
	for s.seeded && pl.owed > 0 && !s.outcome.Over {
		if len(pl.deck) == 0 {
			s.lose(p, "could not draw a card from their deck")
			if s.rec != nil {
				s.rec.ranOut = true
			}
			break
		}
		if !pl.opening {
			if pl.recent == nil {
				pl.recent = make([]string, 0, pl.owed) // room for every card owed
			}
			pl.recent = append(pl.recent, pl.deck[0])
			if s.rec != nil {
				drawn = append(drawn, pl.deck[0])
			}
		}
		s.take(p, pl.deck[0], 0)
	}
	s.recordDraw(p, drawn, false)
}

// take moves card from p's deck to p's hand and pays one owed card.
func (s *State) take(p int, card string, id hidden.Card) {
	pl := s.players[p]
	s.drawOne(p, card, id)
	pl.owed--
	if pl.owed == 0 && pl.opening {
		pl.opening = false
		if pl.aside != nil {
			// The mulligan's last step: the old hand goes back into the
			// deck, its unseen cards unseen still (ruling M41).
			for _, c := range pl.aside {
				if c == Unknown {
					continue
				}
				pl.deck = append(pl.deck, c)
				if s.hasLedger(p) {
					s.led.Add(pl.pool, c)
				}
			}
			for _, id := range pl.asideUnseen {
				s.led.Return(id)
			}
			pl.aside, pl.asideUnseen = nil, nil
			slices.Sort(pl.deck)
			if pl.rng != nil {
				shuffle.Shuffle(pl.rng, pl.deck)
			}
		}
	}
}

// drawOne moves card from p's deck to their hand: Unknown for a card
// drawn unseen, id being the ledger's card for it.
func (s *State) drawOne(p int, card string, id hidden.Card) {
	pl := s.players[p]
	switch {
	case card == Unknown:
		pl.unseen = append(pl.unseen, id)
	case len(pl.deck) > 0 && pl.deck[0] == card:
		pl.deck = pl.deck[1:] // a seed draws from the top: nothing to move up
	default:
		pl.deck = withoutOne(pl.deck, card)
	}
	pl.hand = append(pl.hand, card)
}

// turnDraw makes the seeded draw of the turn's draw phase.
func (s *State) turnDraw() {
	p := s.toMove
	pl := s.players[p]
	s.drawPhase = false
	if len(pl.deck) == 0 {
		s.lose(p, "could not draw a card from their deck")
		return
	}
	s.recordDraw(p, pl.deck[:1], true)
	pl.hand = append(pl.hand, pl.deck[0])
	pl.deck = pl.deck[1:]
}

func (s *State) lose(p int, why string) {
	if s.outcome.Over {
		return
	}
	s.outcome = engine.Outcome{Over: true, Winner: 1 - p, Reason: s.name(p) + " " + why, Turn: s.turn}
}

// Apply implements engine.State. An illegal move leaves the state exactly
// as it was, set-up and owed draws included. Once the set-up is over, the
// rules check a move before they change anything, but for what every move
// does first (see firstChanges), which is put back when the move is
// refused; so the move is made in place. During the set-up, decks chosen
// and the set-up's end come before checks that may refuse the move: those
// few moves are made on a copy, kept only when legal.
func (s *State) Apply(p int, m engine.Move) error {
	if s.rec != nil {
		return s.applyRecorded(p, m)
	}
	if s.inPlace() {
		return s.apply(p, m) // most moves, without applyMove's call
	}
	return s.applyMove(p, m)
}

// inPlace tells whether a move is made with nothing to put back should it
// be refused: after the set-up, outside the draw phase, with no cards an
// effect drew to forget.
func (s *State) inPlace() bool {
	return !s.setup && !s.drawPhase && s.players[0].recent == nil && s.players[1].recent == nil
}

// applyMove is Apply without the record.
func (s *State) applyMove(p int, m engine.Move) error {
	if s.setup {
		c := s.clone()
		if err := c.apply(p, m); err != nil {
			return err
		}
		*s = *c
		return nil
	}
	if s.inPlace() {
		return s.apply(p, m)
	}
	first := s.firstChanges()
	if err := s.apply(p, m); err != nil {
		first.undo(s)
		return err
	}
	return nil
}

// firstChanges is what apply changes, after the set-up, before it checks
// the move: the cards an effect drew are forgotten, and in a seeded game
// the turn's draw, still to make in the draw phase, is made (the card
// drawn may be the one the move plays).
type firstChanges struct {
	recent     [2][]string
	drawPhase  bool
	hand, deck []string // the player to move's
}

func (s *State) firstChanges() firstChanges {
	pl := s.players[s.toMove]
	return firstChanges{
		recent:    [2][]string{s.players[0].recent, s.players[1].recent},
		drawPhase: s.drawPhase,
		hand:      pl.hand,
		deck:      pl.deck,
	}
}

// undo puts back what a refused move changed. The turn's draw appends to
// the hand, past the end of the slice kept, and cuts the deck's first
// card: the slices kept hold the cards as they were.
func (f firstChanges) undo(s *State) {
	s.players[0].recent, s.players[1].recent = f.recent[0], f.recent[1]
	s.drawPhase = f.drawPhase
	pl := s.players[s.toMove]
	pl.hand, pl.deck = f.hand, f.deck
}

func (s *State) apply(p int, m engine.Move) error {
	if s.outcome.Over {
		return violation("the game is already over", ruleGoal)
	}
	if p < 0 || p > 1 {
		return fmt.Errorf("mecha: no player %d", p)
	}
	switch m := m.(type) {
	case DeclareUnit, DeclarePlaced, DeclareZone:
		// The declarations by their types: a case of the interface has
		// the runtime look the move's type up at every move.
		return s.declare(p, m.(declaration))
	case Deck:
		if m.InTurn {
			return ruling("M4", rulingDeckFirst, "a deck is chosen on a set-up line, not in a turn")
		}
		return s.deck(p, m)
	case Draw:
		if err := s.drawnInstead(); err != nil {
			return err
		}
		if s.outOfTurnSacrifice() {
			return s.rulingf("M20", rulingSacrifice, "%s controls two copies of %s and must sacrifice one first", s.name(s.sacrificer), s.sacrifice)
		}
		return s.draw(p, m)
	case Mulligan:
		if err := s.drawnInstead(); err != nil {
			return err
		}
		if m.InTurn {
			return ruling("M5", rulingMulligan, "a mulligan is written on a set-up line, not in a turn")
		}
		return s.mulligan(p)
	case engine.OnSetupLine:
		return ruling("M32", rulingNoSetup, "a set-up line holds only deck, draw and mulligan")
	}
	if s.players[0].recent != nil || s.players[1].recent != nil { // most moves have none: no store, and no write barrier to check
		s.players[0].recent, s.players[1].recent = nil, nil
	}
	if err := s.begin(); err != nil {
		return err
	}
	if s.outOfTurnSacrifice() {
		// Before anything else, the turn's draw included (ruling M37).
		if sacrifice, ok := m.(Sacrifice); ok && p == s.sacrificer {
			return s.sacrificePilot(p, sacrifice)
		}
		return s.rulingf("M20", rulingSacrifice, "%s controls two copies of %s and must sacrifice one first", s.name(s.sacrificer), s.sacrifice)
	}
	if skip, ok := m.(SkipDraw); ok {
		return s.skip(p, skip)
	}
	if play, ok := m.(Play); ok && s.beforeDraw(p, play) {
		// A command before the turn's draw (ruling M35).
		if s.sacrifice != "" {
			return s.rulingf("M20", rulingSacrifice, "%s controls two copies of %s and must sacrifice one first", s.name(s.toMove), s.sacrifice)
		}
		return s.play(p, play)
	}
	if err := s.drawn(m); err != nil || s.outcome.Over {
		return err
	}
	if _, ok := m.(Sacrifice); !ok && s.sacrifice != "" {
		return s.rulingf("M20", rulingSacrifice, "%s controls two copies of %s and must sacrifice one first", s.name(s.toMove), s.sacrifice)
	}
	if play, ok := m.(Play); ok && p != s.toMove {
		// A command in the other player's turn (ruling M13).
		return s.play(p, play)
	}
	if p != s.toMove {
		return s.rulingf("M2", rulingTurns, "it is %s's turn, not %s's", s.name(s.toMove), s.name(p))
	}
	switch m := m.(type) {
	case Play:
		return s.play(p, m)
	case Step:
		return s.step(p, m)
	case Attack:
		return s.attack(p, m)
	case Direct:
		return s.direct(p, m)
	case Discard:
		return s.discard(p, m)
	case Sacrifice:
		return s.sacrificePilot(p, m)
	case engine.EndTurn:
		return s.endTurn(p)
	}
	return fmt.Errorf("mecha: unknown move %T", m)
}

// begin ends the set-up at the first move of turn 1: every opening hand
// must be complete. Most moves come after it: they are told inline, and
// the set-up ended in endSetup.
func (s *State) begin() error {
	if !s.setup {
		return nil
	}
	return s.endSetup()
}

// endSetup is begin, in the set-up.
func (s *State) endSetup() error {
	if s.pos != nil {
		return ruling("M40", rulingPositionSetup, "a position is declared: its first turn begins at the first turn line")
	}
	// Room for each hand and graveyard as most games leave them, where
	// each grew from nothing card by card: made as the set-up ends, as its
	// moves are made on a copy, which would not keep the room. One array
	// holds them all, each capped at its part.
	size := 0
	for _, pl := range s.players {
		size += len(pl.hand) + 8 + len(pl.graveyard) + 32
	}
	room := make([]string, 0, size)
	for p, pl := range s.players {
		if err := s.choose(p); err != nil {
			return err
		}
		if pl.owed > 0 && !s.seeded {
			return s.rulingf("M3", rulingDrawRecord, "%s's opening hand is not recorded, and no Seed tag gives it", s.name(p))
		}
		h := len(pl.hand) + 8
		g := h + len(pl.graveyard) + 32
		pl.hand = append(room[:0:h], pl.hand...)
		pl.graveyard = append(room[h:h:g], pl.graveyard...)
		room = room[g:g]
		s.settleOwed(p)
	}
	s.setup = false
	s.startTurn()
	return nil
}

// beforeDraw tells whether m, played by p while the turn's draw is still
// to come, is a command played before that draw (ruling M35): commands
// are played at any time, unless variant commands=main keeps them for
// after it. The cards an effect made a player owe are drawn first, as
// before any move (ruling M3). In a seeded game, where the draw is not
// written, the seed makes it at the last moment the record allows: a
// command of the player to move is played before it when the card is in
// their hand already, and after it when only the draw can have put it
// there. Most moves come after the draw: they are told inline, and the
// rest in commandBeforeDraw.
func (s *State) beforeDraw(p int, m Play) bool {
	if !s.drawPhase || s.rules.commandsMain {
		return false
	}
	return s.commandBeforeDraw(p, m)
}

// commandBeforeDraw is beforeDraw, in the draw phase.
func (s *State) commandBeforeDraw(p int, m Play) bool {
	if c, ok := s.cards.Card(m.Card); !ok || c.Kind != Command {
		return false
	}
	for _, pl := range s.players {
		if pl.owed > 0 && !s.seeded {
			return false
		}
	}
	return !s.seeded || p != s.toMove || slices.Contains(s.players[p].hand, m.Card)
}

// drawn makes sure the turn's draw and every owed draw are made before m,
// the move about to be made.
func (s *State) drawn(m engine.Move) error {
	if s.seeded && !s.drawPhase {
		return nil // most moves: told inline, the rest in drawnFirst
	}
	return s.drawnFirst(m)
}

// drawnFirst is drawn, in the draw phase or in a game without a seed.
func (s *State) drawnFirst(m engine.Move) error {
	if s.seeded {
		// The seed made an effect's draws as it was made; the turn's is
		// made now.
		s.turnDraw()
		return nil
	}
	// An effect's cards first: they were drawn as it was made, and the
	// command that made them may have come before the turn's draw.
	for p, pl := range s.players {
		if pl.owed > 0 {
			return s.rulingf("M3", rulingDrawRecord, "%s owes %s not recorded, and no Seed tag gives them", s.name(p), cardsWord(pl.owed))
		}
	}
	if s.drawPhase {
		if p := s.toMove; s.deckLen(p) == 0 && !s.canSkip(p) {
			// A command before the draw (ruling M35) drew the deck's
			// last cards: the turn's draw cannot be made, and its player
			// loses (M34), as with a seed, where nothing is left to write.
			s.drawPhase = false
			s.lose(p, "could not draw a card from their deck")
			return nil
		}
		return s.drawFirst(m)
	}
	return nil
}

// drawFirst is the refusal of m, made while the turn's draw is still to
// be written (ruling M35): the draw may be missing, or written after m;
// either way it comes first. Under variant commands=main a command waits
// for it too, and the refusal says that this is the variant's doing.
func (s *State) drawFirst(m engine.Move) error {
	draw := fmt.Sprintf("%s's draw for turn %d", s.name(s.toMove), s.turn)
	if play, ok := m.(Play); ok && s.rules.commandsMain {
		if c, ok := s.cards.Card(play.Card); ok && c.Kind == Command {
			return s.rulingf("M35", rulingMainDraw, "with variant commands=main, %s waits for %s, which is not written before it", c.Name, draw)
		}
	}
	return s.rulingf("M35", rulingDrawFirst, "%s comes first, and is not written before this move; no Seed tag gives it", draw)
}

func cardsWord(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// startTurn runs the start phase of the player to move and owes the draw.
func (s *State) startTurn() {
	p := s.toMove
	// Start phase: time counters. The commands that stay are kept in
	// place, in order.
	keep := s.placed[:0]
	var due []*PlacedCommand
	for _, pc := range s.placed {
		if pc.Owner == p {
			pc.Time--
			if pc.Time <= 0 {
				due = append(due, pc)
				continue
			}
		}
		keep = append(keep, pc)
	}
	clear(s.placed[len(keep):]) // no pointer kept past the end
	s.placed = keep
	for _, pc := range due {
		if u := s.UnitAt(pc.At); u != nil {
			s.effects(pc.Owner, pc.Card.Effects, pc.At)
		}
		s.players[pc.Owner].graveyard = append(s.players[pc.Owner].graveyard, pc.Card.Name)
	}
	s.beginTurn()
}

// beginTurn ends the start phase of the player to move: their entry zone
// is checked (ruling M18), and the draw owed.
func (s *State) beginTurn() {
	p := s.toMove
	if s.outcome.Over {
		return
	}
	if s.entryZoneFull(p) {
		s.lose(p, "has no free space in their entry zone")
		return
	}
	if s.turn == 1 && s.rules.firstNoDraw {
		return
	}
	if s.deckLen(p) == 0 && !s.canSkip(p) {
		s.lose(p, "could not draw a card from their deck")
		return
	}
	s.drawPhase = true
}

// entryZoneFull tells whether no square of p's entry zone is free, counting
// squares under p's own movable units as free (ruling M18).
func (s *State) entryZoneFull(p int) bool {
	zone := uint64(1<<boardFiles-1) << (EntryRank(p) * boardFiles)
	if (s.units[0]|s.units[1])&zone != zone {
		return false // a square is empty: most turns
	}
	for f := range Board.Files {
		u := s.UnitAt(grid.Square{File: f, Rank: EntryRank(p)})
		if u == nil || u.Owner == p && u.Speed() > 0 {
			return false
		}
	}
	return true
}

func (s *State) canSkip(p int) bool {
	return slices.ContainsFunc(s.players[p].graveyard, func(name string) bool {
		c, _ := s.cards.Card(name)
		return c != nil && c.Rebirth
	})
}

func (s *State) deck(p int, d Deck) error {
	pl := s.players[p]
	if !s.setup || pl.chosen {
		return s.rulingf("M4", rulingDeckFirst, "%s's deck is already in play", s.name(p))
	}
	list := d.List
	var cards []string // the list's cards, when the catalogue's deck has them
	if d.Named == Unknown {
		list = []DeckCount{{Count: DeckSize, Card: Unknown}}
	} else if d.Named != "" {
		named := s.cards.named(d.Named)
		if named == nil {
			return s.rulingf("M4", rulingDeckFirst, "the catalogue has no deck named %q (decks: %v)", d.Named, s.cards.Decks())
		}
		if named.bad != nil {
			v := *named.bad
			return &v
		}
		list, cards = named.list, named.cards
	}
	if cards == nil {
		if v := s.cards.CheckDeck(list); v != nil {
			return v
		}
	}
	if !slices.ContainsFunc(list, func(dc DeckCount) bool { return dc.Card == Unknown }) {
		if cards == nil {
			cards = deckCards(list)
		}
		s.setDeck(p, cards)
		return nil
	}
	switch {
	case s.seeded:
		return ruling("M41", rulingUnknownSeed, "the Seed tag shuffles the decks written: a seeded game writes each deck in full")
	case s.oneSeat && p == s.seat:
		return s.rulingf("M42", rulingSeat, "the record is from %s's seat: %s's own deck is written", s.name(p), s.name(p))
	}
	world, surplus := s.deckWorld(list)
	s.setDeck(p, world)
	s.players[p].surplus, s.players[p].unknownDeck = surplus, slices.Clone(list)
	return nil
}

func (s *State) draw(p int, d Draw) error {
	if d.Opening != s.setup {
		if d.Opening {
			return violation("the opening hands are already drawn: turn 1 has begun", ruleOpening)
		}
		if err := s.begin(); err != nil {
			return err
		}
	}
	if err := s.choose(p); err != nil {
		return err
	}
	pl := s.players[p]
	// Whose draw this is: the player's own owed cards, the other player's
	// owed cards (a command they played in this turn), or the turn's draw.
	// An effect's cards come before the turn's draw: the command that drew
	// them may have been played before it (ruling M35), and its effects
	// are made as it is played.
	owner := p
	n := pl.owed
	if n == 0 && !s.setup && s.players[1-p].owed > 0 {
		owner, n = 1-p, s.players[1-p].owed
	}
	turnDraw := false
	if !s.setup && n == 0 && s.drawPhase && p == s.toMove && (!s.seeded || !s.recentDraws()) {
		n, turnDraw = 1, true
	}
	if n == 0 && s.seeded {
		// Cards an effect drew at once may still be written.
		for _, who := range []int{p, 1 - p} {
			if recent := s.players[who].recent; len(recent) > 0 {
				if len(d.Cards) > len(recent) {
					return s.violationf(ruleDraw, "%d cards drawn, but the effect drew %s", len(d.Cards), cardsWord(len(recent)))
				}
				for i, c := range d.Cards {
					if c != recent[i] {
						return s.rulingf("M3", rulingSeedAgrees, "the seeded deck gave %s here, not %s", recent[i], c)
					}
				}
				s.players[who].recent = recent[len(d.Cards):]
				return nil
			}
		}
	}
	if n == 0 {
		if s.setup {
			return s.violationf(ruleOpening, "%s's opening hand is complete", s.name(p))
		}
		return s.violationf(ruleDraw, "%s has no card to draw now: a turn has one draw, in its draw phase", s.name(p))
	}
	if len(d.Cards) > n {
		if s.setup {
			return s.violationf(ruleOpening, "%d cards drawn, but %s", len(d.Cards), owedWords(n, s.setup, turnDraw))
		}
		return s.violationf(ruleDraw, "%d cards drawn, but %s", len(d.Cards), owedWords(n, s.setup, turnDraw))
	}
	od := s.players[owner]
	if unknownIn(d.Cards) {
		if err := s.unknownAllowed(owner, "draw"); err != nil {
			return err
		}
	}
	if s.seeded {
		for i, c := range d.Cards {
			if i >= len(od.deck) {
				break
			}
			if want := od.deck[i]; c != want {
				return s.rulingf("M3", rulingSeedAgrees, "the seeded deck gives %s here, not %s", want, c)
			}
		}
	} else {
		if err := s.inDeck(owner, d.Cards); err != nil {
			return err
		}
	}
	drawable := min(len(d.Cards), s.deckLen(owner))
	var room [OpeningHand]hidden.Card // for the hidden cards of most draws, with no allocation
	ids, err := s.hideDraws(room[:0], owner, d.Cards, drawable)
	if err != nil {
		return err
	}
	for i, c := range d.Cards {
		if i == drawable {
			s.lose(owner, "could not draw a card from their deck")
			return nil
		}
		var id hidden.Card
		if c == Unknown {
			id, ids = ids[0], ids[1:]
		}
		if turnDraw {
			s.drawPhase = false
			s.drawOne(owner, c, id)
			continue
		}
		s.take(owner, c, id)
	}
	if od.owed > 0 && s.deckLen(owner) == 0 && !s.setup {
		// The deck ran out with cards still owed (ruling M34).
		s.lose(owner, "could not draw a card from their deck")
	}
	return nil
}

// recentDraws tells whether an effect has drawn cards, since the last
// move, that a seeded transcript may still write.
func (s *State) recentDraws() bool {
	return len(s.players[0].recent) > 0 || len(s.players[1].recent) > 0
}

func owedWords(n int, setup, turn bool) string {
	switch {
	case setup:
		return fmt.Sprintf("only %s more are dealt", cardsWord(n))
	case turn:
		return "a turn's draw is one card"
	}
	return fmt.Sprintf("only %s are owed", cardsWord(n))
}

func (s *State) mulligan(p int) error {
	pl := s.players[p]
	if !s.setup {
		return ruling("M5", rulingMulligan, "the set-up is over: turn 1 has begun")
	}
	if pl.mulligan {
		return s.violationf(ruleMulligan, "%s has already taken a mulligan", s.name(p))
	}
	if err := s.choose(p); err != nil {
		return err
	}
	if pl.owed > 0 {
		if !s.seeded {
			return s.rulingf("M5", rulingMulligan, "%s's opening hand is not complete: draw five cards first", s.name(p))
		}
		s.settleOwed(p)
	}
	s.setAside(p)
	return nil
}

// setAside makes p's mulligan: the hand is set aside (with any hand a
// mulligan let stand set aside before it) for five new cards.
func (s *State) setAside(p int) {
	pl := s.players[p]
	pl.mulligan = true
	pl.aside, pl.hand = append(pl.aside, pl.hand...), nil
	pl.asideUnseen, pl.unseen = append(pl.asideUnseen, pl.unseen...), nil
	pl.owed, pl.opening = OpeningHand, true
	if s.seeded {
		s.settleOwed(p)
	} else if s.deckLen(p) < pl.owed {
		// Only a deck let stand can be this short (ruling M39).
		s.lose(p, "could not draw a card from their deck")
	}
}

func (s *State) skip(p int, m SkipDraw) error {
	if p != s.toMove {
		return s.rulingf("M2", rulingTurns, "it is %s's turn, not %s's", s.name(s.toMove), s.name(p))
	}
	if !s.drawPhase {
		return s.rulingf("M24", rulingSkip, "%s's draw phase is over", s.name(p))
	}
	c, ok := s.cards.Card(m.Card)
	if !ok {
		return ruling("M24", rulingSkip, s.cards.unknown(m.Card))
	}
	pl := s.players[p]
	i := slices.Index(pl.graveyard, m.Card)
	if i < 0 {
		return s.rulingf("M24", rulingSkip, "%s is not in %s's graveyard", m.Card, s.name(p))
	}
	if !c.Rebirth {
		return s.rulingf("M24", rulingSkip, "%s has no rebirth", m.Card)
	}
	if s.dry {
		return nil
	}
	s.drawPhase = false
	s.unbury(p, i)
	return nil
}

// unbury returns the i-th card of p's graveyard to their hand.
func (s *State) unbury(p, i int) {
	pl := s.players[p]
	pl.hand = append(pl.hand, pl.graveyard[i])
	pl.graveyard = slices.Delete(pl.graveyard, i, i+1)
}

// fromHand finds a card in p's hand.
func (s *State) fromHand(p int, name string) (*Card, error) {
	c, ok := s.cards.Card(name)
	if !ok {
		return nil, ruling("M33", rulingNames, s.cards.unknown(name))
	}
	if !slices.Contains(s.players[p].hand, name) && !s.couldHold(p, name) {
		return nil, s.holdError(p, name)
	}
	return c, nil
}

// removeFromHand takes a copy of name out of p's hand, the cards after it
// moving up one by one: slices.Delete's copy and clear of a slice of
// strings are calls into the runtime, for the few cards of a hand.
func (s *State) removeFromHand(p int, name string) {
	pl := s.players[p]
	h := pl.hand
	for i := slices.Index(h, name); i+1 < len(h); i++ {
		h[i] = h[i+1]
	}
	h[len(h)-1] = ""
	pl.hand = h[:len(h)-1]
}

func (s *State) play(p int, m Play) error {
	c, err := s.fromHand(p, m.Card)
	if err != nil {
		return err
	}
	if c.Kind == Command {
		return s.command(p, c, m.At)
	}
	if p != s.toMove || s.ending {
		return s.rulingf("M13", rulingOwnTurn, "%s is a %s: it is played in its owner's main phase", c.Name, c.Kind)
	}
	if m.At == nil {
		return s.violationf(ruleEntryZone, "a %s is played onto a square", c.Kind)
	}
	at := *m.At
	if !Board.Contains(at) {
		return s.rulingf("M1", rulingBoard, "%v is not on the board", at)
	}
	inZone := at.Rank == EntryRank(p)
	switch c.Kind {
	case Pilot:
		u := s.UnitAt(at)
		switch {
		case u == nil || u.Card.Kind != Mecha || u.Owner != p:
			return s.violationf(rulePilotZone, "%v holds no mecha of %s's", at, s.name(p))
		case !inZone:
			return s.violationf(rulePilotZone, "%v is not in %s's entry zone", at, s.name(p))
		case u.Pilot != nil:
			return s.violationf(rulePilotOne, "the mecha on %v already has %s attached", at, u.Pilot.Name)
		}
		if s.dry {
			return nil
		}
		if err := s.reveal(p, c.Name, "played"); err != nil {
			return err
		}
		s.removeFromHand(p, c.Name)
		s.attach(p, u, c, at)
		return nil
	}
	if s.UnitAt(at) != nil {
		return s.rulingf("M9", rulingOccupied, "%v is occupied", at)
	}
	switch c.Kind {
	case Tower:
		if !inZone && !s.nextToTower(p, at) {
			return s.violationf(ruleTowerPlace, "%v is neither in %s's entry zone nor next to a tower of theirs", at, s.name(p))
		}
	case Mecha:
		if !inZone {
			return s.violationf(ruleEntryZone, "%v is not in %s's entry zone", at, s.name(p))
		}
		provided, used := s.Bandwidth(p)
		if used+c.Cost > provided {
			return s.violationf(ruleBandwidth, "%s costs %d, and %s has %d of %d bandwidth free", c.Name, c.Cost, s.name(p), max(provided-used, 0), provided)
		}
	}
	if s.dry {
		return nil
	}
	if err := s.reveal(p, c.Name, "played"); err != nil {
		return err
	}
	s.placeUnit(p, c, at)
	return nil
}

// placeUnit plays tower or mecha c from p's hand onto at.
func (s *State) placeUnit(p int, c *Card, at grid.Square) {
	s.removeFromHand(p, c.Name)
	s.put(Board.Index(at), s.newUnit(Unit{Card: c, Owner: p, Durability: c.Durability, Armour: c.Keywords.Armour, PlayedTurn: s.turn}))
}

func (s *State) nextToTower(p int, at grid.Square) bool {
	ns, count := orthogonal(at)
	for _, n := range ns[:count] {
		if u := s.UnitAt(n); u != nil && u.Owner == p && u.Card.Kind == Tower {
			return true
		}
	}
	return false
}

// attach attaches pilot c to u: the modifiers and abilities take effect,
// then a mecha left without durability is destroyed (Pilot Idiocy).
func (s *State) attach(p int, u *Unit, c *Card, at grid.Square) {
	u.Pilot = c
	u.Durability += c.Durability
	u.Armour += c.Keywords.Armour
	s.effectsThen(p, c.Effects, at, false)
	if s.seeded {
		s.settleOwed(p)
	}
	if u.Durability <= 0 {
		s.destroy(at)
	}
	s.checkCopies()
}

// outOfTurnSacrifice tells whether the player whose turn it is not owes a
// sacrifice: only moves let stand make one (ruling M37).
func (s *State) outOfTurnSacrifice() bool {
	return s.sacrifice != "" && s.sacrificer != s.toMove
}

// checkCopies finds the pilot a player must sacrifice a copy of (ruling
// M20): the one owed already if still two copies, else the first found,
// the player to move's first.
func (s *State) checkCopies() {
	if s.sacrifice != "" && s.copies(s.sacrificer, s.sacrifice) > 1 {
		return
	}
	s.sacrifice = ""
	// The squares with a pilot, in board order, found in one pass: there
	// are few. Then each player's first pilot with a copy on a later
	// square: no earlier pilot of theirs has a copy anywhere, or it would
	// have been found first.
	var pilots [boardSize]int8
	n := 0
	for on := s.units[0] | s.units[1]; on != 0; on &= on - 1 {
		if i := bits.TrailingZeros64(on); s.board[i].Pilot != nil {
			pilots[n] = int8(i)
			n++
		}
	}
	var first [2]string
	for k, i := range pilots[:n] {
		u := s.board[i]
		if first[u.Owner] != "" {
			continue
		}
		for _, j := range pilots[k+1 : n] {
			if v := s.board[j]; v.Owner == u.Owner && v.Pilot.Name == u.Pilot.Name {
				first[u.Owner] = u.Pilot.Name
				break
			}
		}
	}
	for _, p := range [2]int{s.toMove, 1 - s.toMove} {
		if first[p] != "" {
			s.sacrifice, s.sacrificer = first[p], p
			return
		}
	}
}

func (s *State) sacrificePilot(p int, m Sacrifice) error {
	u := s.UnitAt(m.At)
	if u == nil || u.Owner != p || u.Pilot == nil {
		return s.violationf(rulePilotCopy, "%v holds no mecha of %s's with a pilot", m.At, s.name(p))
	}
	if s.sacrifice == "" || u.Pilot.Name != s.sacrifice || p != s.sacrificer {
		return s.violationf(rulePilotCopy, "%s controls one copy of %s: there is nothing to sacrifice", s.name(p), u.Pilot.Name)
	}
	if s.dry {
		return nil
	}
	s.unpilot(u)
	s.checkCopies()
	return nil
}

// unpilot removes u's pilot to its owner's graveyard.
func (s *State) unpilot(u *Unit) {
	s.players[u.Owner].graveyard = append(s.players[u.Owner].graveyard, u.Pilot.Name)
	// The pilot's durability stays; its armour counters stay too, being
	// counters on the mecha (ruling M21).
	u.Pilot = nil
}

// command plays command c: onto its target, or placed on the battlefield.
func (s *State) command(p int, c *Card, at *grid.Square) error {
	if p == s.toMove && s.ending && s.rules.commandsMain {
		return s.rulingf("M17", rulingMainDiscard, "%s has discarded: with variant commands=main, they play no command in the end phase", s.name(p))
	}
	t := c.Target
	if t.Kind == NoTarget {
		if at != nil {
			return s.rulingf("M14", rulingTarget, "%s has no target", c.Name)
		}
	} else {
		if at == nil {
			return s.rulingf("M14", rulingTarget, "%s needs a target: a %s", c.Name, t)
		}
		if !Board.Contains(*at) {
			return s.rulingf("M1", rulingBoard, "%v is not on the board", *at)
		}
		if err := s.checkTarget(p, c, *at); err != nil {
			return err
		}
	}
	if s.dry {
		return nil
	}
	if err := s.reveal(p, c.Name, "played"); err != nil {
		return err
	}
	s.playCommand(p, c, at)
	return nil
}

// playCommand plays command c from p's hand: placed on at, or its effects
// on the unit on at (nil for a command without a target).
func (s *State) playCommand(p int, c *Card, at *grid.Square) {
	s.removeFromHand(p, c.Name)
	if c.Placed {
		s.placed = append(s.placed, &PlacedCommand{Card: c, Owner: p, At: *at, Time: c.Time})
		return
	}
	var sq grid.Square
	if at != nil {
		sq = *at
	}
	s.effects(p, c.Effects, sq)
	s.players[p].graveyard = append(s.players[p].graveyard, c.Name)
	if s.seeded {
		s.settleOwed(p)
	}
}

func (s *State) checkTarget(p int, c *Card, at grid.Square) error {
	t := c.Target
	if t.Kind == AnySquare {
		return nil
	}
	u := s.UnitAt(at)
	bad := func(what string) error {
		return s.rulingf("M14", rulingTarget, "%s needs a target: a %s, and %v %s", c.Name, t, at, what)
	}
	switch {
	case u == nil:
		return bad("is empty")
	case t.Kind == MechaUnit && u.Card.Kind != Mecha:
		return bad("holds a tower")
	case t.Kind == TowerUnit && u.Card.Kind != Tower:
		return bad("holds a mecha")
	case t.Whose == Yours && u.Owner != p:
		return bad("holds " + s.name(u.Owner) + "'s unit")
	case t.Whose == Enemy && u.Owner == p:
		return bad("holds " + s.name(p) + "'s own unit")
	}
	return nil
}

// effects applies effects for player p, on the unit on at where they need
// one.
func (s *State) effects(p int, effects []Effect, at grid.Square) {
	s.effectsThen(p, effects, at, true)
}

// effectsThen applies effects; with destroy unset, a unit brought to zero
// durability stays until the caller destroys it (Pilot Idiocy).
func (s *State) effectsThen(p int, effects []Effect, at grid.Square, destroy bool) {
	for _, e := range effects {
		if e.Op == OpDraw {
			pl := s.players[p]
			pl.owed += e.N
			if !s.seeded && s.deckLen(p) == 0 {
				s.lose(p, "could not draw a card from their deck")
			}
			continue
		}
		u := s.UnitAt(at)
		if u == nil || !e.onUnit() {
			continue
		}
		switch e.Op {
		case OpPower:
			u.PowerBoost += e.N
			s.acts(at)
		case OpSpeed:
			u.SpeedBoost += e.N
			s.acts(at)
		case OpRange:
			u.RangeBoost += e.N
			s.acts(at)
		case OpArmour:
			u.Armour = max(u.Armour+e.N, 0)
		case OpDurability:
			u.Durability += e.N
		case OpDamage:
			u.Durability -= e.N
		case OpDestroy:
			u.Durability = 0
		}
		if u.Durability <= 0 && destroy {
			s.destroy(at)
		}
	}
}

// destroy discards the unit on at, with its pilot, to its owner's graveyard.
func (s *State) destroy(at grid.Square) {
	u := s.UnitAt(at)
	if u == nil {
		return
	}
	gy := &s.players[u.Owner].graveyard
	*gy = append(*gy, u.Card.Name)
	if u.Pilot != nil {
		*gy = append(*gy, u.Pilot.Name)
	}
	s.put(Board.Index(at), nil)
	// A unit taken off the board makes no second copy of a pilot: with no
	// sacrifice owed there is none to find, and most units destroyed are
	// destroyed then. (Inside attach, a pilot just attached may be a second
	// copy before its checkCopies; attach checks after this.)
	if s.sacrifice != "" {
		s.checkCopies()
	}
}

// copies counts the copies of a pilot p controls.
func (s *State) copies(p int, pilot string) int {
	n := 0
	for on := s.units[p]; on != 0; on &= on - 1 {
		if v := s.board[bits.TrailingZeros64(on)]; v.Pilot != nil && v.Pilot.Name == pilot {
			n++
		}
	}
	return n
}

// actor finds p's unit on from, ready to act.
func (s *State) actor(p int, from grid.Square) (*Unit, error) {
	u := s.UnitAt(from)
	if u == nil {
		return nil, s.rulingf("M8", rulingOwnUnit, "%v holds no unit", from)
	}
	if u.Owner != p {
		return nil, s.rulingf("M8", rulingOwnUnit, "the unit on %v is %s's", from, s.name(u.Owner))
	}
	if s.ending {
		return nil, s.rulingf("M17", rulingDiscard, "%s has discarded: the turn is in its end phase", s.name(p))
	}
	if u.PlayedTurn == s.turn && !u.Keywords().Haste {
		return nil, s.violationf(ruleHaste, "%s on %v was played this turn and has no haste", u.Card.Name, from)
	}
	return u, nil
}

func (s *State) step(p int, m Step) error {
	u, err := s.actor(p, m.From)
	if err != nil {
		return err
	}
	if !Board.Contains(m.To) {
		return s.rulingf("M1", rulingBoard, "%v is not on the board", m.To)
	}
	if grid.Manhattan(m.From, m.To) != 1 {
		return s.violationf(ruleMechaMove, "%v-%v is not one orthogonal step", m.From, m.To)
	}
	speed := u.Speed()
	if speed == 0 {
		return s.violationf(ruleTowerMove, "%s on %v is a tower without speed", u.Card.Name, m.From)
	}
	if u.Steps >= speed {
		return s.violationf(ruleSpeed, "%s on %v has already moved %s this turn, its speed", u.Card.Name, m.From, squaresWord(u.Steps))
	}
	if other := s.UnitAt(m.To); other != nil {
		return s.violationf(ruleSpeedPath, "%v holds %s", m.To, other.Card.Name)
	}
	if s.dry {
		return nil
	}
	s.moveUnit(u, m.From, m.To)
	return nil
}

// moveUnit moves u from one square to another, counting the squares
// between them as moved.
func (s *State) moveUnit(u *Unit, from, to grid.Square) {
	i, j := Board.Index(from), Board.Index(to)
	s.board[i], s.board[j] = nil, u // to is empty: put's look at it is not needed
	s.units[u.Owner] = s.units[u.Owner]&^(1<<i) | 1<<j
	s.acted |= 1 << j // as acts(to) marks it
	u.Steps += grid.Manhattan(from, to)
}

// acts marks at as holding a unit given this turn's counts or modifiers.
func (s *State) acts(at grid.Square) { s.acted |= 1 << Board.Index(at) }

func squaresWord(n int) string {
	if n == 1 {
		return "1 square"
	}
	return fmt.Sprintf("%d squares", n)
}

// canAttack checks what every attack needs of the attacker.
func (s *State) canAttack(p int, from grid.Square) (*Unit, error) {
	u, err := s.actor(p, from)
	if err != nil {
		return nil, err
	}
	if u.Attacked {
		return nil, s.rulingf("M8", rulingAttackOnce, "%s on %v has already attacked this turn", u.Card.Name, from)
	}
	if u.Power() == 0 {
		return nil, s.rulingf("M12", rulingPower, "%s on %v has no power", u.Card.Name, from)
	}
	return u, nil
}

func (s *State) attack(p int, m Attack) error {
	u, err := s.canAttack(p, m.From)
	if err != nil {
		return err
	}
	if !Board.Contains(m.Target) {
		return s.rulingf("M1", rulingBoard, "%v is not on the board", m.Target)
	}
	t := s.UnitAt(m.Target)
	switch {
	case t == nil:
		return s.violationf(ruleRange, "%v holds no enemy unit", m.Target)
	case t.Owner == p:
		return s.violationf(ruleRange, "the unit on %v is %s's own: an attack targets an enemy unit", m.Target, s.name(p))
	}
	k := u.Keywords()
	if t.Keywords().Flight && !k.Flight && !k.Reach {
		return s.violationf(ruleFlight, "%s on %v has Flight, and %s has neither Flight nor Reach", t.Card.Name, m.Target, u.Card.Name)
	}
	if d := s.distance(p, m.From, m.Target); d > u.Range() {
		if d == unreachable || grid.Manhattan(m.From, m.Target) <= u.Range() {
			return s.violationf(ruleRangeOver, "enemy units stand between %v and %v", m.From, m.Target)
		}
		return s.violationf(ruleRange, "%v is %s from %v, and %s has range %d", m.Target, squaresWord(d), m.From, u.Card.Name, u.Range())
	}
	if s.dry {
		return nil
	}
	s.strike(u, m.From, t, m.Target)
	return nil
}

// strike has u, on from, attack t, on target: an armour counter or
// durability.
func (s *State) strike(u *Unit, from grid.Square, t *Unit, target grid.Square) {
	u.Attacked = true
	s.acts(from)
	if t.Armour > 0 && !u.Keywords().Pierce {
		t.Armour--
		return
	}
	t.Durability -= u.Power()
	if t.Durability <= 0 {
		s.destroy(target)
	}
}

const unreachable = 1 << 20

// distance counts the orthogonal squares from one square to another on a
// path that passes no enemy unit of p's (ruling M10). Friendly units are
// fired over, counting as squares unless the range=skip variant skips them.
func (s *State) distance(p int, from, to grid.Square) int {
	if grid.Manhattan(from, to) == 1 {
		return 1 // side by side: any path ends entering to, which costs 1
	}
	// A search by distance: near holds the squares at distance d, seen
	// those at d or less. A path goes on from any square but an enemy
	// unit's (from aside), and entering a square costs 1, but for a
	// friendly unit's under range=skip (to aside), which joins the squares
	// of the distance it is entered from.
	start, goal := uint64(1)<<Board.Index(from), uint64(1)<<Board.Index(to)
	onward := ^s.units[1-p] | start
	var free uint64
	if s.rules.rangeSkip {
		free = s.units[p] &^ goal
	}
	near, seen := start, start
	for d := 0; ; d++ {
		for more := besideAny(near&onward) & free &^ seen; more != 0; more = besideAny(more&onward) & free &^ seen {
			near |= more
			seen |= more
		}
		if near&goal != 0 {
			return d
		}
		near = besideAny(near&onward) &^ seen
		if near == 0 {
			return unreachable
		}
		seen |= near
	}
}

func (s *State) direct(p int, m Direct) error {
	u, err := s.canAttack(p, m.From)
	if err != nil {
		return err
	}
	opp := 1 - p
	if s.rules.directRange {
		if !s.directInRange(p, m.From, u) {
			return s.rulingf("M7", rulingDirectRange, "the far edge is out of %s's range from %v, or an enemy unit stands between", u.Card.Name, m.From)
		}
	} else if m.From.Rank != EntryRank(opp) {
		return s.rulingf("M7", rulingDirect, "%v is not in %s's entry zone", m.From, s.name(opp))
	}
	card, err := s.damageCard(opp, m.Card)
	if err != nil {
		return err
	}
	if s.dry {
		return nil
	}
	if err := s.damaged(opp, card); err != nil {
		return err
	}
	s.hitDirect(u, m.From, opp, card)
	return nil
}

// damageCard is the card a direct attack puts in opp's damage zone, as
// written or given by the seed (ruling M3): "" when their deck is empty.
func (s *State) damageCard(opp int, written string) (string, error) {
	od := s.players[opp]
	card := ""
	if written == Unknown && s.seeded {
		return "", s.unknownAllowed(opp, "damaged card")
	}
	if written == Unknown {
		return "", s.rulingf("M44", rulingDamageKnown, "the card %s places in the damage zone is face up: write it", s.name(opp))
	}
	switch {
	case s.deckLen(opp) == 0:
		if written != "" {
			return "", s.rulingf("M3", rulingNotInDeck, "%s's deck is empty", s.name(opp))
		}
	case s.seeded:
		card = od.deck[0]
		if written != "" && written != card {
			return "", s.rulingf("M3", rulingSeedAgrees, "the seeded deck gives %s here, not %s", card, written)
		}
	default:
		if written == "" {
			return "", s.rulingf("M3", rulingDrawRecord, "the card %s places in the damage zone is not recorded, and no Seed tag gives it", s.name(opp))
		}
		if _, ok := s.cards.Card(written); !ok {
			return "", ruling("M3", rulingNotInDeck, s.cards.unknown(written))
		}
		if !slices.Contains(od.deck, written) {
			return "", s.rulingf("M3", rulingNotInDeck, "%s's deck has no %s left", s.name(opp), written)
		}
		card = written
	}
	return card, nil
}

// hitDirect has u, on from, attack opp directly: card, from the top of
// their deck (or as written), goes to their damage zone.
func (s *State) hitDirect(u *Unit, from grid.Square, opp int, card string) {
	od := s.players[opp]
	u.Attacked = true
	s.acts(from)
	if card == "" {
		if s.rules.emptyDamageLoses {
			s.lose(opp, "was attacked directly with no card left in their deck")
		}
		return
	}
	od.deck = withoutOne(od.deck, card)
	if od.damage == nil {
		od.damage = make([]string, 0, DamageToLose) // room for the cards that lose the game
	}
	od.damage = append(od.damage, card)
	if c, _ := s.cards.Card(card); c != nil && c.Kind == Command && c.Trigger {
		s.effects(opp, c.Effects, grid.Square{})
		if s.seeded {
			s.settleOwed(opp)
		}
	}
	if len(od.damage) >= DamageToLose {
		s.lose(opp, "has five cards in their damage zone")
	}
}

// directInRange tells whether the far edge lies within u's range from
// from, with no enemy unit between them in the file (variant direct=range).
func (s *State) directInRange(p int, from grid.Square, u *Unit) bool {
	dir, edge := 1, Board.Ranks
	if p == 1 {
		dir, edge = -1, -1
	}
	d := 0
	for r := from.Rank + dir; r != edge; r += dir {
		other := s.UnitAt(grid.Square{File: from.File, Rank: r})
		if other != nil && other.Owner != p {
			return false
		}
		if other == nil || !s.rules.rangeSkip {
			d++
		}
	}
	return d+1 <= u.Range()
}

func (s *State) discard(p int, m Discard) error {
	pl := s.players[p]
	if len(pl.hand) <= MaxHandSize {
		return s.rulingf("M17", rulingDiscard, "%s holds %s, no more than %d", s.name(p), cardsWord(len(pl.hand)), MaxHandSize)
	}
	if _, err := s.fromHand(p, m.Card); err != nil {
		return err
	}
	if s.dry {
		return nil
	}
	if err := s.reveal(p, m.Card, "discarded"); err != nil {
		return err
	}
	s.discardCard(p, m.Card)
	return nil
}

// discardCard discards card from p's hand; the player to move's discard
// begins their end phase.
func (s *State) discardCard(p int, card string) {
	s.removeFromHand(p, card)
	s.players[p].graveyard = append(s.players[p].graveyard, card)
	if p == s.toMove {
		s.ending = true
	}
}

func (s *State) endTurn(p int) error {
	if n := len(s.players[p].hand); n > MaxHandSize {
		return s.violationf(ruleHandSize, "%s holds %s", s.name(p), cardsWord(n))
	}
	s.passTurn(p)
	return nil
}

// passTurn ends p's turn: the turn's counts and modifiers go, and the
// other player's turn starts. Only the units on squares marked acted may
// hold any: most units do nothing in a turn.
func (s *State) passTurn(p int) {
	for on := s.acted & (s.units[0] | s.units[1]); on != 0; on &= on - 1 {
		u := s.board[bits.TrailingZeros64(on)]
		u.Steps, u.Attacked = 0, false
		u.PowerBoost, u.SpeedBoost, u.RangeBoost = 0, 0, 0
	}
	s.acted = 0
	s.ending = false
	s.toMove = 1 - p
	s.turn++
	s.startTurn()
}

// inDeck checks that an unseeded draw's cards are all in owner's deck,
// each as many times as it is written (ruling M3).
func (s *State) inDeck(owner int, cards []string) error {
	deck := s.players[owner].deck
	for i, c := range cards {
		// Counted rather than taken from a copy of the deck: a draw
		// writes a card or five, and the deck is not copied for them.
		// An unseen card is the ledger's to check.
		if c == Unknown || holdsMore(deck, c, countOf(cards[:i], c)) {
			continue
		}
		if _, ok := s.cards.Card(c); !ok {
			return ruling("M3", rulingNotInDeck, s.cards.unknown(c))
		}
		return s.rulingf("M3", rulingNotInDeck, "%s's deck has no %s left", s.name(owner), c)
	}
	return nil
}

// holdsMore tells whether cards hold more than n copies of card, looking
// no further than the copy that makes it so.
func holdsMore(cards []string, card string, n int) bool {
	for _, c := range cards {
		if c == card {
			if n == 0 {
				return true
			}
			n--
		}
	}
	return false
}

// withoutOne takes the first copy of card out of cards, which hold one,
// the cards after it moving up.
func withoutOne(cards []string, card string) []string {
	i := slices.Index(cards, card)
	return slices.Delete(cards, i, i+1)
}

// countOf counts the copies of card in cards.
func countOf(cards []string, card string) int {
	n := 0
	for _, c := range cards {
		if c == card {
			n++
		}
	}
	return n
}
