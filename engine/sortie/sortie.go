// Package sortie is the rules engine for Sortie: a 4x4 grid set diagonally
// between two players, units of two playing cards, three flags a side.
//
// Squares are named a1 to d4. The first player sits at the a1 corner and the
// second at d4, so each player's three home squares (the flags) are the
// corner and its two neighbours: a1, a2, b1 and d4, d3, c4. RULINGS.md
// beside this file gives every ruling on what the rules text leaves open.
package sortie

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/cards"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/hidden"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// Board is the 4x4 grid.
var Board = grid4()

// grid4 is Board as a value the compiler knows: the engine checks and
// indexes squares through it, each check folding to a compare or two,
// where Board's methods load and multiply its size at every call, a tenth
// of the engine's instructions a move.
func grid4() grid.Board { return grid.Board{Files: 4, Ranks: 4} }

// Opening is the number of cards each player draws to start.
const Opening = 4

// FlagsToWin is the number of flags a player must capture.
const FlagsToWin = 3

// Draw takes cards from the deck: one at the start of a turn or, with
// Opening set, cards of the opening hand. The transcript writes them when no
// seed gives the deck order; Unknown stands for a card nobody recorded.
type Draw struct {
	Cards   []cards.Card
	Opening bool // cards of the opening hand, written on a set-up line
}

// Place puts a new unit on the board: Bottom gives its hit points, Top its attack.
type Place struct {
	Bottom, Top cards.Card
	At          grid.Square
}

// Step moves a unit to an adjacent square.
type Step struct{ From, To grid.Square }

// Attack has the unit on From attack the opposing unit on Target.
type Attack struct{ From, Target grid.Square }

// Unit is two cards on the board.
type Unit struct {
	Owner       int
	Bottom, Top cards.Card
	Shield      bool
	Placed      bool // placed this turn
	Moved       bool // moved this turn
	Attacks     int  // attacks made this turn
}

// Game is Sortie's rules; its zero value is ready to use.
type Game struct{}

// Name is the game's name as transcripts write it.
func (Game) Name() string { return "sortie" }

// Players is always two.
func (Game) Players() int { return 2 }

// Variants lists the named rulings a transcript may choose; RULINGS.md
// explains each.
func (Game) Variants() []engine.Variant {
	return []engine.Variant{
		{Name: "ace", Values: []string{"low", "high"}, Summary: "an ace is worth 1, or 14"},
		{Name: "jokers", Values: []string{"none", "high"}, Summary: "no jokers, or two jokers that outrank every other card"},
		{Name: "tie", Values: []string{"shield", "bounce"}, Summary: "an attack equal to the hit points breaks the shield, or does nothing"},
		{Name: "adjacent", Values: []string{"edge", "corner"}, Summary: "adjacent squares share an edge, or touch at an edge or a corner"},
		{Name: "attacks", Values: []string{"once", "any"}, Summary: "a unit attacks at most once a turn, or any number of times"},
		{Name: "firstdraw", Values: []string{"yes", "no"}, Summary: "the first player draws on the first turn, or does not"},
		{Name: "empty", Values: []string{"skip", "reshuffle"}, Summary: "with an empty deck the draw is skipped, or the discards become the deck"},
		{Name: "flagplace", Values: []string{"allowed", "forbidden"}, Summary: "a unit may be placed on an opponent's flag square, or may not"},
	}
}

type rules struct {
	aceHigh, jokers, tieBounce, corner, attackAny, firstNoDraw, reshuffle, flagPlaceForbidden bool
}

// pending is a draw that must happen before anything else.
type pending struct {
	player, count int
	setup         bool
}

// State is a game of Sortie in progress.
type State struct {
	rules  rules
	seeded bool
	rng    *shuffle.Source // seeded games only: for a reshuffle
	seed   uint64
	// decl is the position being declared, before StartAt (position.go);
	// begun is set once a declared position has begun.
	decl  *declaring
	begun bool
	names []string
	// oneSeat is set for a record made from seat's side of the table
	// (the Perspective tag): seat's own cards are written (S31).
	oneSeat bool
	seat    int

	// Deck is the cards not yet drawn: in a seeded game in order, top
	// first; otherwise in sorted order, since which card comes next is
	// known only when the transcript says. Once a card is drawn unseen
	// (hidden.go), the unseeded deck is the cards seen nowhere: the deck
	// and the unknown cards in the hands, which could be any of them.
	deck    []cards.Card
	discard []cards.Card
	hands   [2][]cards.Card
	board   [16]*Unit
	// occupied[p] has bit i set when board[i] holds a unit of player p's
	// (put keeps it), so that the end of a turn visits the units without
	// the empty squares, and finds the units on the other side's home
	// squares without visiting any.
	occupied [2]uint16
	// marked has bit i set when the unit on board[i] may carry the turn's
	// marks (Placed, Moved, Attacks): the squares units were put on, moved
	// to and attacked from since the turn began, so that the end of the
	// turn clears the marks of those units only.
	marked   uint16
	flags    [2][]grid.Square // flags still standing on each player's side
	captured [2][]grid.Square // opposing flags each player has captured
	pending  []pending
	turn     int
	player   int // whose turn it is
	outcome  engine.Outcome

	// The cards nobody recorded (hidden.go), in an unseeded game once
	// one is drawn: the ledger of what each could be, its one pool (the
	// deck), and each hand's unknown cards, in the order drawn.
	ledger *hidden.Ledger
	pool   hidden.Pool
	hid    [2][]hidden.Card
	// reshuffledOn is the turn the discards last became the deck, once
	// there is a ledger, for its messages.
	reshuffledOn int
	// record is what happened since Recorded last asked, once it has
	// asked (engine.Recorder).
	recording bool
	record    []recorded
}

// New deals a game. The opening draws are owed at once; in a seeded game
// the engine makes them itself when the transcript does not write them.
func (Game) New(opts engine.Options) (engine.State, error) {
	r, err := rulesOf(opts.Variants)
	if err != nil {
		return nil, err
	}
	s := &State{
		rules:   r,
		seeded:  opts.Seeded,
		seed:    opts.Seed,
		names:   opts.Players,
		oneSeat: opts.OneSeat,
		seat:    opts.Seat,
		turn:    1,
	}
	s.deck = cards.Deck(s.rules.jokers)
	if s.seeded {
		s.rng = shuffle.New(opts.Seed)
		shuffle.Shuffle(s.rng, s.deck)
	}
	// The piles a game grows are made large enough for most games at
	// once, each side's flags from one allocation: a check deals a game
	// for every file.
	flags, n := append(slices.Clip(homes[0]), homes[1]...), len(homes[0])
	s.flags = [2][]grid.Square{flags[:n:n], flags[n:]}
	s.hands = [2][]cards.Card{make([]cards.Card, 0, 8), make([]cards.Card, 0, 8)}
	s.discard = make([]cards.Card, 0, 32)
	s.pending = []pending{{0, Opening, true}, {1, Opening, true}, {0, 1, false}}
	if s.rules.firstNoDraw {
		s.pending = s.pending[:2]
	}
	return s, nil
}

// rulesOf reads the variants chosen. Every variant's default is the zero
// rules, so a game that chooses none, as most do, needs no lookup.
func rulesOf(chosen map[string]string) (rules, error) {
	if len(chosen) == 0 {
		return rules{}, nil
	}
	v, err := engine.ResolveVariants(Game{}.Variants(), chosen)
	if err != nil {
		return rules{}, err
	}
	return rules{
		aceHigh:            v["ace"] == "high",
		jokers:             v["jokers"] == "high",
		tieBounce:          v["tie"] == "bounce",
		corner:             v["adjacent"] == "corner",
		attackAny:          v["attacks"] == "any",
		firstNoDraw:        v["firstdraw"] == "no",
		reshuffle:          v["empty"] == "reshuffle",
		flagPlaceForbidden: v["flagplace"] == "forbidden",
	}, nil
}

var homes = [2][]grid.Square{
	{{File: 0, Rank: 0}, {File: 0, Rank: 1}, {File: 1, Rank: 0}},
	{{File: 3, Rank: 3}, {File: 3, Rank: 2}, {File: 2, Rank: 3}},
}

// homeSquares has bit i set for each of a player's home squares, by board
// index: the only squares where one of the player's flags can be captured.
var homeSquares = func() [2]uint16 {
	var out [2]uint16
	for p := range 2 {
		for _, sq := range homes[p] {
			out[p] |= 1 << grid4().Index(sq)
		}
	}
	return out
}()

// Home lists a player's three home squares, where the flags stand.
func Home(player int) []grid.Square { return homes[player] }

// Value is the number a card stands for under the game's variants.
func (s *State) Value(c cards.Card) int {
	switch {
	case c.IsJoker():
		return 15
	case c.Rank == cards.Ace && s.rules.aceHigh:
		return 14
	}
	return int(c.Rank)
}

// Turn implements engine.State.
func (s *State) Turn() int {
	v := s.settled()
	if len(v.pending) > 0 && v.pending[0].setup {
		return 0
	}
	return v.turn
}

// ToMove implements engine.State: the player who must draw next, or whose turn it is.
func (s *State) ToMove() int {
	v := s.settled()
	if len(v.pending) > 0 {
		return v.pending[0].player
	}
	return v.player
}

// Outcome implements engine.State.
func (s *State) Outcome() engine.Outcome { return s.outcome }

// Over implements engine.Ender.
func (s *State) Over() bool { return s.outcome.Over }

// Clone implements engine.State.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.deck = slices.Clone(s.deck)
	c.discard = slices.Clone(s.discard)
	for p := range 2 {
		c.hands[p] = slices.Clone(s.hands[p])
		c.flags[p] = slices.Clone(s.flags[p])
		c.captured[p] = slices.Clone(s.captured[p])
	}
	for i, u := range s.board {
		if u != nil {
			copy := *u
			c.board[i] = &copy
		}
	}
	c.pending = slices.Clone(s.pending)
	if s.decl != nil {
		decl := *s.decl
		c.decl = &decl
	}
	if s.rng != nil {
		rng := *s.rng
		c.rng = &rng
	}
	if s.ledger != nil {
		c.ledger = s.ledger.Clone()
		for p := range 2 {
			c.hid[p] = slices.Clone(s.hid[p])
		}
	}
	c.record = slices.Clone(s.record)
	return &c
}

// Settled is the state with every draw a seed gives already made, as
// Deck and Hand see it: s itself when there are none to make. A caller
// that asks several of them at once asks it, so that the draws are made
// once.
func (s *State) Settled() *State { return s.settled() }

// settled returns the state with every draw a seed gives already made: s
// itself when there are none to make.
func (s *State) settled() *State {
	if !s.seeded || len(s.pending) == 0 {
		return s
	}
	c := s.clone()
	c.settle()
	return c
}

// settle makes the owed draws from a seeded deck.
func (s *State) settle() {
	for s.seeded && len(s.pending) > 0 {
		s.drawTop(s.pending[0].player)
	}
}

// drawTop moves the top card of a seeded deck to player's hand.
func (s *State) drawTop(player int) {
	c := s.deck[0]
	if s.recording {
		s.note(player, Draw{Cards: []cards.Card{c}, Opening: s.pending[0].setup}, true)
	}
	// The top card is taken off the front, where take would search the
	// deck for it and move every card after it up by one.
	s.deck = s.deck[1:]
	s.hands[player] = append(s.hands[player], c)
	s.pay(0)
}

// take moves c from the deck to player's hand and pays one owed draw.
func (s *State) take(player int, c cards.Card) {
	s.drawCard(player, c)
	s.pay(0)
}

// drawCard moves c from the deck to player's hand: a card nobody
// recorded (Unknown) to its unknown cards. The caller has checked it can
// (drawable); the ledger's check of a named card is made there too.
func (s *State) drawCard(player int, c cards.Card) {
	if c == Unknown {
		s.drawUnseen(player)
		return
	}
	cards.Remove(&s.deck, c)
	s.hands[player] = append(s.hands[player], c)
}

// pay counts one card of the owed draw pending[k] as drawn.
func (s *State) pay(k int) {
	s.pending[k].count--
	if s.pending[k].count == 0 {
		// As slices.Delete, without clearing the place freed at the
		// end: a pending draw holds no pointer.
		copy(s.pending[k:], s.pending[k+1:])
		s.pending = s.pending[:len(s.pending)-1]
	}
}

// Deck is the number of cards left to draw, once every seeded draw is made.
func (s *State) Deck() int { return s.settled().deckSize() }

// Discards is the number of cards in the discard pile.
func (s *State) Discards() int { return len(s.discard) }

// Hand is a player's hand, in the order drawn, once every seeded draw is
// made: the cards the record names (see Unknowns for the others).
func (s *State) Hand(player int) []cards.Card { return slices.Clone(s.settled().hands[player]) }

// Flags lists the flags still standing on a player's side.
func (s *State) Flags(player int) []grid.Square { return slices.Clone(s.flags[player]) }

// Captured lists the opposing flags a player has captured, in order.
func (s *State) Captured(player int) []grid.Square { return slices.Clone(s.captured[player]) }

// AppendFlags appends to dst what Flags lists, without a copy of its own:
// a report describes the flags of every final state.
func (s *State) AppendFlags(dst []grid.Square, player int) []grid.Square {
	return append(dst, s.flags[player]...)
}

// AppendCaptured appends to dst what Captured lists, without a copy of
// its own.
func (s *State) AppendCaptured(dst []grid.Square, player int) []grid.Square {
	return append(dst, s.captured[player]...)
}

// put sets the unit on the square of board index i, nil for none.
func (s *State) put(i int, u *Unit) {
	s.board[i] = u
	s.occupied[0] &^= 1 << i
	s.occupied[1] &^= 1 << i
	if u != nil {
		s.occupied[u.Owner] |= 1 << i
		s.marked |= 1 << i
	}
}

// UnitAt is the unit on sq, or nil.
func (s *State) UnitAt(sq grid.Square) *Unit {
	if !grid4().Contains(sq) {
		return nil
	}
	return s.board[grid4().Index(sq)]
}

func violation(what, rule string) error { return &engine.Violation{What: what, Rule: rule} }

func ruling(id, rule, what string) error {
	return &engine.Violation{What: what, Rule: rule, Ruling: id}
}

// Apply implements engine.State.
func (s *State) Apply(player int, m engine.Move) error {
	if !s.recording {
		return s.apply(player, m)
	}
	err := s.apply(player, m)
	if err == nil {
		s.note(player, m, false)
	}
	return err
}

func (s *State) apply(player int, m engine.Move) error {
	if s.outcome.Over {
		return violation("the game is already over", ruleWon)
	}
	// One switch on the move's type: a turn's moves, nearly every move
	// of a game, go straight to their rules, where each move was first
	// asserted to the Declaration interface.
	// Each of a turn's moves checks that player may play it (onTurn)
	// first thing, so that apply holds none of its fields across a call.
	switch m := m.(type) {
	case Step:
		return s.step(player, m)
	case Attack:
		return s.attack(player, m)
	case Place:
		return s.place(player, m)
	case engine.EndTurn:
		if err := s.onTurn(player); err != nil {
			return err
		}
		s.endTurn()
		return nil
	case Draw:
		if s.decl != nil {
			return ruling("S24", rulingPositionLines, "the position declares the hands (hand 7H 9C): a draw has no place among its declarations")
		}
		return s.applyDraw(player, m)
	case Declaration:
		return s.declare(player, m, false)
	case engine.OnSetupLine:
		if d, ok := m.Move.(Declaration); ok {
			return s.declare(player, d, true)
		}
		if s.decl != nil {
			return notBegun()
		}
		return violation("a set-up line holds only the opening draw: units are placed, moved and attack in turns", ruleStart)
	}
	if err := s.onTurn(player); err != nil {
		return err
	}
	return fmt.Errorf("sortie: unknown move %T", m)
}

// notBegun refuses a move while a position is declared.
func notBegun() error {
	return ruling("S24", rulingPositionLines, "the position has not begun: its first turn line begins it")
}

// onTurn checks that player may play a move of the turn now: the position
// has begun, the owed draws are made (a seed makes them) and it is
// player's turn.
func (s *State) onTurn(player int) error {
	if s.decl == nil && len(s.pending) == 0 && player == s.player {
		return nil // as at most moves: onTurn is inlined, checkTurn is not
	}
	return s.checkTurn(player)
}

// checkTurn is onTurn's check in full.
func (s *State) checkTurn(player int) error {
	if s.decl != nil {
		return notBegun()
	}
	if len(s.pending) > 0 {
		if !s.seeded {
			p := s.pending[0]
			if p.setup {
				return ruling("S4", rulingDrawRecord, fmt.Sprintf("%s's opening draw is not recorded, and no Seed tag gives it", s.name(p.player)))
			}
			return ruling("S4", rulingDrawRecord, fmt.Sprintf("%s's draw for turn %d is not recorded, and no Seed tag gives it", s.name(p.player), s.turn))
		}
		s.settle()
	}
	if player != s.player {
		return ruling("S1", rulingTurns, fmt.Sprintf("it is %s's turn, not %s's", s.name(s.player), s.name(player)))
	}
	return nil
}

// name is how messages refer to a player: by the name the options gave,
// or as "player 1", "player 2".
func (s *State) name(player int) string {
	if player < len(s.names) && s.names[player] != "" {
		return s.names[player]
	}
	return fmt.Sprintf("player %d", player+1)
}

func (s *State) applyDraw(player int, d Draw) error {
	if err := s.unknownDraw(player, d); err != nil {
		return err
	}
	// A seeded game may leave out the draws before this one; make them first:
	// every opening hand before a turn's draw, and the other player's.
	for s.seeded && len(s.pending) > 0 && (s.pending[0].player != player || s.pending[0].setup && !d.Opening) {
		s.drawTop(s.pending[0].player)
	}
	if len(s.pending) > 0 && s.pending[0].setup != d.Opening {
		if d.Opening {
			return violation("the opening hands are already dealt", ruleStart)
		}
		return ruling("S4", rulingDrawRecord, fmt.Sprintf("%s's opening hand is not recorded, and no Seed tag gives it", s.name(s.pending[0].player)))
	}
	if d.Opening && len(s.pending) == 0 {
		return violation("the opening hands are already dealt", ruleStart)
	}
	if len(s.pending) == 0 {
		if player != s.player {
			return ruling("S1", rulingTurns, fmt.Sprintf("it is %s's turn, not %s's", s.name(s.player), s.name(player)))
		}
		if s.deckSize() == 0 {
			return ruling("S9", rulingEmptyDeck, "the deck is empty: there is no card to draw")
		}
		return violation(fmt.Sprintf("%s has already drawn this turn", s.name(player)), ruleDraw)
	}
	p := s.pending[0]
	if p.player != player {
		if p.setup {
			return ruling("S1", rulingTurns, fmt.Sprintf("%s's opening hand comes first, not %s's", s.name(p.player), s.name(player)))
		}
		return ruling("S1", rulingTurns, fmt.Sprintf("it is %s's turn, not %s's", s.name(p.player), s.name(player)))
	}
	rule := ruleDraw
	if p.setup {
		rule = ruleStart
	}
	if len(d.Cards) > p.count {
		if p.setup {
			return violation(fmt.Sprintf("%d cards drawn, but only %d more are dealt", len(d.Cards), p.count), rule)
		}
		return violation(fmt.Sprintf("%d cards drawn, but a turn's draw is one card", len(d.Cards)), rule)
	}
	// Check every card before taking any, so an illegal draw changes nothing.
	for i, c := range d.Cards {
		if s.seeded {
			if want := s.deck[i]; c != want {
				return ruling("S5", rulingSeedAgrees, fmt.Sprintf("the seeded deck gives %v here, not %v", want, c))
			}
			continue
		}
		if c != Unknown && slices.Index(d.Cards, c) != i {
			return violation(fmt.Sprintf("%v is written twice in one draw", c), ruleDraw)
		}
		if c != Unknown && !cards.Contains(s.deck, c) {
			return ruling("S6", rulingNotInDeck, fmt.Sprintf("%v cannot be drawn: %s", c, s.whereIs(c)))
		}
	}
	if s.ledger != nil && len(d.Cards) > 1 {
		// The unknown cards held must still be cards of the deck once
		// these are drawn by name (S29): checked on a copy, so that a
		// refused draw changes nothing. (The ledger refuses one card
		// without a change: a turn's draw needs no copy.)
		c := s.clone()
		for _, card := range d.Cards {
			if err := c.seen(p.player, card, p.setup); err != nil {
				return err
			}
			c.take(p.player, card)
		}
		*s = *c
		return nil
	}
	for _, c := range d.Cards {
		if err := s.seen(p.player, c, p.setup); err != nil {
			return err
		}
		s.take(p.player, c)
	}
	return nil
}

// whereIs says where a card that is not in the deck has gone.
func (s *State) whereIs(c cards.Card) string {
	switch {
	case c.IsJoker() && !s.rules.jokers:
		return "the deck has no jokers (variant jokers=none)"
	case cards.Contains(s.hands[0], c):
		return "it is in " + s.name(0) + "'s hand"
	case cards.Contains(s.hands[1], c):
		return "it is in " + s.name(1) + "'s hand"
	case cards.Contains(s.discard, c):
		return "it is in the discard pile"
	}
	for _, u := range s.board {
		if u != nil && (u.Bottom == c || u.Top == c) {
			return "it is in a unit on the board"
		}
	}
	return "it has already been drawn"
}

func (s *State) place(player int, m Place) error {
	if err := s.onTurn(player); err != nil {
		return err
	}
	unnamed, err := s.canLay(m)
	if err != nil {
		return err
	}
	if !s.canPlaceAt(s.player, m.At) {
		return violation(fmt.Sprintf("%v is neither a home square nor a rear square of a friendly unit", m.At), rulePlace)
	}
	if s.rules.flagPlaceForbidden && slices.Contains(s.flags[1-s.player], m.At) {
		return ruling("S11", rulingFlagPlace, fmt.Sprintf("%v holds an opponent's flag", m.At))
	}
	if err := s.show(s.player, unnamed); err != nil {
		return err
	}
	s.lay(m)
	return nil
}

// canLay checks what a placement needs at any table, the current player's
// two cards in hand and a free square on the board (S2, S3); Apply checks
// the rules on top of it, Force (RULINGS.md S20) only this. A card the
// hand does not hold by name must be one of its unknown cards (S29): those
// are returned, for show to bring to light once the move is known legal.
func (s *State) canLay(m Place) ([]cards.Card, error) {
	hand := s.hands[s.player]
	var unnamed []cards.Card
	for _, c := range []cards.Card{m.Bottom, m.Top} {
		switch {
		case c == Unknown:
			return nil, ruling("S28", rulingFaceUp, "a unit's cards are face up: write both of them, as in place 9C/KD a1")
		case cards.Contains(hand, c):
		case len(s.hid[s.player]) > 0:
			unnamed = append(unnamed, c)
		default:
			return nil, ruling("S2", rulingHand, fmt.Sprintf("%v is not in %s's hand", c, s.name(s.player)))
		}
	}
	if m.Bottom == m.Top {
		return nil, violation(fmt.Sprintf("a unit needs two cards, not %v twice", m.Bottom), ruleUnit)
	}
	if !grid4().Contains(m.At) {
		return nil, violation(fmt.Sprintf("%v is not on the board", m.At), rulePlace)
	}
	if s.UnitAt(m.At) != nil {
		return nil, violation(fmt.Sprintf("%v is occupied", m.At), rulePlace)
	}
	if hid := len(s.hid[s.player]); len(unnamed) > hid {
		return nil, ruling("S2", rulingHand, fmt.Sprintf("%v and %v are not in %s's hand, which holds only %s nobody recorded", m.Bottom, m.Top, s.name(s.player), cardCount(hid)))
	}
	return unnamed, nil
}

// lay puts the current player's new unit on the board, from their hand.
func (s *State) lay(m Place) {
	cards.Remove(&s.hands[s.player], m.Bottom)
	cards.Remove(&s.hands[s.player], m.Top)
	s.put(grid4().Index(m.At), &Unit{Owner: s.player, Bottom: m.Bottom, Top: m.Top, Shield: true, Placed: true})
}

// canPlaceAt tells whether sq is a home square of player's or a rear square
// of one of player's units. It does not look at whether sq is free.
func (s *State) canPlaceAt(player int, sq grid.Square) bool {
	if slices.Contains(homes[player], sq) {
		return true
	}
	// sq is a rear square of the unit one step forward from it.
	forward := 1
	if player == 1 {
		forward = -1
	}
	for _, f := range []grid.Square{{File: sq.File + forward, Rank: sq.Rank}, {File: sq.File, Rank: sq.Rank + forward}} {
		if u := s.UnitAt(f); u != nil && u.Owner == player {
			return true
		}
	}
	return false
}

// Adjacent tells whether two squares are adjacent under the game's variants.
func (s *State) Adjacent(a, b grid.Square) bool {
	if s.rules.corner {
		return grid.Chebyshev(a, b) == 1
	}
	return grid.Manhattan(a, b) == 1
}

func (s *State) neighbours(sq grid.Square) []grid.Square {
	if s.rules.corner {
		return grid4().Around(sq)
	}
	return grid4().Orthogonal(sq)
}

// ownUnit finds the current player's unit on sq for a move or an attack.
func (s *State) ownUnit(sq grid.Square) (*Unit, error) {
	if u := s.UnitAt(sq); u != nil && u.Owner == s.player && !u.Placed {
		return u, nil // as at most moves: ownUnit is inlined, notOwnUnit is not
	}
	return nil, s.notOwnUnit(sq)
}

// notOwnUnit says why sq holds no unit ownUnit finds.
func (s *State) notOwnUnit(sq grid.Square) error {
	u := s.UnitAt(sq)
	switch {
	case u == nil:
		return violation(fmt.Sprintf("there is no unit on %v", sq), ruleMoveOnce)
	case u.Owner != s.player:
		return violation(fmt.Sprintf("the unit on %v is %s's", sq, s.name(u.Owner)), ruleMoveOnce)
	}
	return violation(fmt.Sprintf("the unit on %v was placed this turn", sq), ruleNotPlaced)
}

func (s *State) step(player int, m Step) error {
	if err := s.onTurn(player); err != nil {
		return err
	}
	u, err := s.ownUnit(m.From)
	if err != nil {
		return err
	}
	if u.Attacks > 0 {
		return violation(fmt.Sprintf("the unit on %v has attacked this turn", m.From), ruleExhausted)
	}
	if u.Moved {
		return violation(fmt.Sprintf("the unit on %v has already moved this turn", m.From), ruleMoveOnce)
	}
	if !grid4().Contains(m.To) {
		return violation(fmt.Sprintf("%v is not on the board", m.To), ruleMoveOnce)
	}
	if !s.Adjacent(m.From, m.To) {
		return violation(fmt.Sprintf("%v is not adjacent to %v", m.To, m.From), ruleMoveOnce)
	}
	if s.board[grid4().Index(m.To)] != nil {
		return ruling("S3", rulingOneUnit, fmt.Sprintf("%v is occupied", m.To))
	}
	s.move(m)
	return nil
}

// move takes the unit on m.From to m.To, which must be free, and marks it
// moved: its bit in occupied goes from the one square to the other.
func (s *State) move(m Step) {
	from, to := grid4().Index(m.From), grid4().Index(m.To)
	u := s.board[from]
	s.board[from], s.board[to] = nil, u
	s.occupied[u.Owner] ^= 1<<from | 1<<to
	s.marked |= 1 << to
	u.Moved = true
}

func (s *State) attack(player int, m Attack) error {
	if err := s.onTurn(player); err != nil {
		return err
	}
	u, err := s.ownUnit(m.From)
	if err != nil {
		return err
	}
	if u.Attacks > 0 && !s.rules.attackAny {
		return ruling("S7", rulingAttackOnce, fmt.Sprintf("the unit on %v has already attacked this turn", m.From))
	}
	target := s.UnitAt(m.Target)
	switch {
	case target == nil:
		return violation(fmt.Sprintf("there is no opposing unit on %v", m.Target), ruleAttack)
	case target.Owner == s.player:
		return violation(fmt.Sprintf("the unit on %v is %s's own: a unit attacks an opposing unit", m.Target, s.name(s.player)), ruleAttack)
	}
	if !s.Adjacent(m.From, m.Target) {
		return violation(fmt.Sprintf("%v is not adjacent to %v", m.Target, m.From), ruleAttack)
	}
	s.strike(m)
	return nil
}

// strike has the unit on m.From attack the unit on m.Target, both there.
func (s *State) strike(m Attack) {
	from := grid4().Index(m.From)
	u, target := s.board[from], s.board[grid4().Index(m.Target)]
	u.Attacks++
	s.marked |= 1 << from
	switch s.AttackResult(u, target) {
	case Destroyed:
		s.remove(m.Target)
	case ShieldBroken:
		target.Shield = false
	}
}

// The three outcomes of an attack.
const (
	Destroyed    = "destroyed"
	ShieldBroken = "shield broken"
	NoEffect     = "no effect" // an attack equal to the hit points, with variant tie=bounce
)

// AttackResult is what attacker attacking target does: Destroyed,
// ShieldBroken or NoEffect. A unit whose shield is already broken is
// destroyed whatever the cards say.
func (s *State) AttackResult(attacker, target *Unit) string {
	attack, hitPoints := s.Value(attacker.Top), s.Value(target.Bottom)
	switch {
	case !target.Shield, attack > hitPoints:
		return Destroyed
	case attack < hitPoints || !s.rules.tieBounce:
		return ShieldBroken
	}
	return NoEffect
}

func (s *State) remove(sq grid.Square) {
	u := s.board[grid4().Index(sq)]
	s.discard = append(s.discard, u.Bottom, u.Top)
	s.put(grid4().Index(sq), nil)
}

func (s *State) endTurn() {
	// Flags: every unit standing on an opposing flag at the end of the turn
	// captures it, all at once, in board order. A flag stands only on a
	// home square, so only units on the other side's home squares are
	// looked at. (on &= on - 1 drops the lowest bit: the squares come in
	// board order.)
	for on := s.occupied[0]&homeSquares[1] | s.occupied[1]&homeSquares[0]; on != 0; on &= on - 1 {
		i := bits.TrailingZeros16(on)
		u, sq := s.board[i], grid4().Square(i)
		opp := 1 - u.Owner
		if k := slices.Index(s.flags[opp], sq); k >= 0 {
			s.flags[opp] = slices.Delete(s.flags[opp], k, k+1)
			if s.captured[u.Owner] == nil {
				s.captured[u.Owner] = make([]grid.Square, 0, FlagsToWin) // grown once
			}
			s.captured[u.Owner] = append(s.captured[u.Owner], sq)
			s.remove(sq)
		}
	}
	// Only the player whose turn ends can have captured, unless a move let
	// stand put the other's unit on a flag (RULINGS.md S23).
	won0, won1 := len(s.captured[0]) >= FlagsToWin, len(s.captured[1]) >= FlagsToWin
	switch {
	case won0 && won1:
		s.outcome = engine.Outcome{Over: true, Winner: engine.Nobody, Reason: "both players captured all three flags at once", Turn: s.turn}
		return
	case won0 || won1:
		winner := 0
		if won1 {
			winner = 1
		}
		s.outcome = engine.Outcome{Over: true, Winner: winner, Reason: "all three flags captured", Turn: s.turn}
		return
	}
	// The turn's marks are cleared on every unit that may carry them.
	for on := s.marked & (s.occupied[0] | s.occupied[1]); on != 0; on &= on - 1 {
		u := s.board[bits.TrailingZeros16(on)]
		u.Placed, u.Moved, u.Attacks = false, false, 0
	}
	s.marked = 0
	s.turn++
	s.player = 1 - s.player
	s.startTurn()
}

// startTurn makes the deck ready for the turn's draw, reshuffling an empty
// one under variant empty=reshuffle (S9), and owes the draw.
func (s *State) startTurn() {
	if s.deckSize() == 0 && s.rules.reshuffle && len(s.discard) > 0 {
		if s.ledger != nil {
			// The discards join the cards the unknown ones could be.
			for _, c := range s.discard {
				s.ledger.Add(s.pool, cardName(c))
			}
			s.reshuffledOn = s.turn
		}
		s.deck, s.discard = append(s.deck, s.discard...), nil
		if s.seeded {
			shuffle.Shuffle(s.rng, s.deck)
		} else {
			slices.SortFunc(s.deck, compareCards)
		}
	}
	if s.deckSize() > 0 {
		s.pending = append(s.pending, pending{s.player, 1, false})
	}
}

func compareCards(a, b cards.Card) int {
	if a.Suit != b.Suit {
		return int(a.Suit) - int(b.Suit)
	}
	return int(a.Rank) - int(b.Rank)
}

// Legal implements engine.State. In a seeded game the owed draws are made
// first and are not listed; otherwise an owed draw is the only kind of
// move, one card at a time.
func (s *State) Legal() []engine.Move {
	// While a position is declared no move is played: its first turn
	// line begins it (RULINGS.md S24).
	if s.outcome.Over || s.decl != nil {
		return nil
	}
	v := s.settled()
	if len(v.pending) > 0 {
		return v.legalDraws()
	}
	var moves []engine.Move
	hand := v.hands[v.player]
	var squares []grid.Square
	for i := range grid4().Size() {
		sq := grid4().Square(i)
		if v.board[i] == nil && v.canPlaceAt(v.player, sq) &&
			!(v.rules.flagPlaceForbidden && slices.Contains(v.flags[1-v.player], sq)) {
			squares = append(squares, sq)
		}
	}
	named := len(hand)
	if len(squares) > 0 {
		// A hand of unknown cards may lay the cards they could be (S29).
		hand = append(slices.Clip(hand), v.couldHold(v.player)...)
	}
	for i, bottom := range hand {
		for j, top := range hand {
			// Two cards nobody recorded need two unknown cards.
			if bottom == top || i >= named && j >= named && len(v.hid[v.player]) < 2 {
				continue
			}
			for _, sq := range squares {
				moves = append(moves, Place{Bottom: bottom, Top: top, At: sq})
			}
		}
	}
	for i, u := range v.board {
		if u == nil || u.Owner != v.player || u.Placed {
			continue
		}
		from := grid4().Square(i)
		for _, to := range v.neighbours(from) {
			other := v.UnitAt(to)
			if other == nil && !u.Moved && u.Attacks == 0 {
				moves = append(moves, Step{From: from, To: to})
			}
			if other != nil && other.Owner != v.player && (u.Attacks == 0 || v.rules.attackAny) {
				moves = append(moves, Attack{From: from, Target: to})
			}
		}
	}
	return append(moves, engine.EndTurn{})
}
