package sortie

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/cards"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// A position (engine.Positioned; RULINGS.md S24 to S27) is declared on
// set-up lines in place of the opening hands: each player's units, hand
// and captured flags on the player's line, the deck, the discard pile and
// the seed's stream on the board line. Each declaration is checked
// against those before it as it comes; StartAt checks the whole, deals
// what the position leaves unordered and begins the turn.

// Declaration is a part of a position, declared on a set-up line.
type Declaration interface {
	engine.Move
	declaration()
}

// DeclareUnit declares a unit on the board, on its owner's line, with its
// shield (a position is taken at the start of a turn, when no unit has
// been placed, moved or attacked yet).
type DeclareUnit struct {
	Bottom, Top cards.Card
	At          grid.Square
	Broken      bool // its shield is broken
}

// DeclareHand declares the cards of a player's hand, in order.
type DeclareHand struct{ Cards []cards.Card }

// DeclareCaptured declares the opponent's flags a player has captured, in
// the order captured.
type DeclareCaptured struct{ Flags []grid.Square }

// Pile is a declared pile: its cards, or, when it lists none, how many
// cards it holds (Count), which are then the cards the position places
// nowhere else.
type Pile struct {
	Cards []cards.Card
	Count int
}

// counted tells whether the pile gives a count rather than its cards.
func (p Pile) counted() bool { return len(p.Cards) == 0 }

// DeclareDeck declares the deck, top first.
type DeclareDeck Pile

// DeclareDiscard declares the discard pile, the first card discarded
// first.
type DeclareDiscard Pile

// DeclareStream declares how many numbers the seed's stream has given, in
// a seeded game: a reshuffle (variant empty=reshuffle) goes on from there.
type DeclareStream struct{ Numbers int }

func (DeclareUnit) declaration()     {}
func (DeclareHand) declaration()     {}
func (DeclareCaptured) declaration() {}
func (DeclareDeck) declaration()     {}
func (DeclareDiscard) declaration()  {}
func (DeclareStream) declaration()   {}

// MaxStream is the most numbers a declared stream may have given: some
// twenty thousand reshuffles of a full deck, more than any game draws,
// and few enough to count to at once.
const MaxStream = 1_000_000

// declaring is what a position has declared so far that StartAt resolves:
// the piles, the stream, and which parts each subject has declared.
type declaring struct {
	deck, discard         *Pile
	stream                int
	streamSet             bool
	hand, captured        [2]bool
	deckLine, discardLine bool
	// unknown counts the cards nobody recorded in each declared hand.
	unknown [2]int
}

// declarationOf unwraps a declaration, telling whether it was written on a
// set-up line.
func declarationOf(m engine.Move) (d Declaration, setup, ok bool) {
	if w, isSetup := m.(engine.OnSetupLine); isSetup {
		d, ok = w.Move.(Declaration)
		return d, true, ok
	}
	d, ok = m.(Declaration)
	return d, false, ok
}

// isDeclaration tells whether m is a declaration, on a set-up line or not.
func isDeclaration(m engine.Move) bool {
	_, _, ok := declarationOf(m)
	return ok
}

// fresh tells whether nothing has happened yet in the game: no card dealt,
// no declaration, so that a position may be declared.
func (s *State) fresh() bool {
	return s.decl == nil && !s.begun && len(s.hands[0]) == 0 && len(s.hands[1]) == 0 &&
		len(s.discard) == 0 && len(s.pending) > 0 && s.pending[0].setup &&
		s.pending[0].player == 0 && s.pending[0].count == Opening && !s.outcome.Over
}

// beginDeclaring empties the game of its deal: a position declares it.
// Until StartAt deals the piles, the deck holds the cards the position
// has not placed in a hand, a unit or the discard pile, sorted, so that a
// refused position shows them.
func (s *State) beginDeclaring() {
	s.decl = &declaring{}
	s.pending = nil
	s.deck = cards.Deck(s.rules.jokers)
	s.turn = 0
}

// declare takes one declaration of a position, checked against those
// before it; a refused one changes nothing.
func (s *State) declare(player int, d Declaration, setup bool) error {
	if !setup {
		return ruling("S24", rulingPositionLines, "a position is declared on the set-up lines, not in a turn")
	}
	if s.decl == nil && !s.fresh() {
		switch {
		case s.begun:
			return ruling("S24", rulingPositionLines, "the position has already begun")
		case len(s.pending) > 0 && s.pending[0].setup:
			return ruling("S24", rulingPositionLines, "the opening hands are being drawn: a position declares the hands itself")
		}
		return ruling("S24", rulingPositionLines, "the game has begun from its deal")
	}
	c := s.clone()
	if c.decl == nil {
		c.beginDeclaring()
	}
	if err := c.declareOn(player, d); err != nil {
		return err
	}
	*s = *c
	return nil
}

// declareOn makes a declaration on s, a copy, which is dropped when the
// declaration is refused.
func (s *State) declareOn(player int, d Declaration) error {
	if err := s.declaredOnItsLine(player, d); err != nil {
		return err
	}
	switch d := d.(type) {
	case DeclareUnit:
		return s.declareUnit(player, d)
	case DeclareHand:
		if s.decl.hand[player] {
			return ruling("S24", rulingOnce, fmt.Sprintf("%s's hand is declared twice", s.name(player)))
		}
		s.decl.hand[player] = true
		known := slices.DeleteFunc(slices.Clone(d.Cards), func(c cards.Card) bool { return c == Unknown })
		if n := len(d.Cards) - len(known); n > 0 {
			switch {
			case s.seeded:
				return ruling("S30", rulingSeedUnknown, "the Seed tag deals every card: a seeded position names every card of the hands")
			case s.oneSeat && player == s.seat:
				return ruling("S31", rulingOneSeat, fmt.Sprintf("the record is from %s's seat: %s's own hand is written", s.name(player), s.name(player)))
			}
			s.decl.unknown[player] = n
		}
		if err := s.placeCards(known); err != nil {
			return err
		}
		s.hands[player] = known
	case DeclareCaptured:
		return s.declareCaptured(player, d)
	case DeclareDeck:
		if s.decl.deck != nil {
			return ruling("S24", rulingOnce, "the deck is declared twice")
		}
		return s.declarePile(&s.decl.deck, Pile(d), "deck")
	case DeclareDiscard:
		if s.decl.discard != nil {
			return ruling("S24", rulingOnce, "the discard pile is declared twice")
		}
		return s.declarePile(&s.decl.discard, Pile(d), "discard pile")
	case DeclareStream:
		switch {
		case s.decl.streamSet:
			return ruling("S24", rulingOnce, "the stream is declared twice")
		case !s.seeded:
			return ruling("S27", rulingStream, "the stream is declared, but the transcript has no Seed tag")
		case d.Numbers < 0 || d.Numbers > MaxStream:
			return ruling("S27", rulingStream, fmt.Sprintf("a stream of %d numbers is past its end, %d", d.Numbers, MaxStream))
		}
		s.decl.stream, s.decl.streamSet = d.Numbers, true
	default:
		return fmt.Errorf("sortie: unknown declaration %T", d)
	}
	return nil
}

// declaredOnItsLine checks that d is on its subject's line: the piles and
// the stream on the board line, the rest on a player's line.
func (s *State) declaredOnItsLine(player int, d Declaration) error {
	var part string
	switch d.(type) {
	case DeclareDeck:
		part = "the deck"
	case DeclareDiscard:
		part = "the discard pile"
	case DeclareStream:
		part = "the stream"
	}
	switch {
	case part != "" && player != engine.Nobody:
		return ruling("S24", rulingOnce, part+" is declared on the board line, not on a player's")
	case part == "" && (player < 0 || player > 1):
		return ruling("S24", rulingOnce, "units, hands and captured flags are declared on their player's line, not on the board line")
	}
	return nil
}

func (s *State) declareUnit(player int, d DeclareUnit) error {
	if d.Bottom == Unknown || d.Top == Unknown {
		return ruling("S28", rulingFaceUp, "a unit's cards are face up: write both of them, as in unit 9C/KD b2")
	}
	if d.Bottom == d.Top {
		return violation(fmt.Sprintf("a unit needs two cards, not %v twice", d.Bottom), ruleUnit)
	}
	if !grid4().Contains(d.At) {
		return ruling("S24", rulingOnBoard, fmt.Sprintf("%v is not on the board", d.At))
	}
	if s.UnitAt(d.At) != nil {
		return ruling("S3", rulingOneUnit, fmt.Sprintf("%v already holds a unit", d.At))
	}
	if err := s.placeCards([]cards.Card{d.Bottom, d.Top}); err != nil {
		return err
	}
	s.put(grid4().Index(d.At), &Unit{Owner: player, Bottom: d.Bottom, Top: d.Top, Shield: !d.Broken})
	return nil
}

func (s *State) declareCaptured(player int, d DeclareCaptured) error {
	if s.decl.captured[player] {
		return ruling("S24", rulingOnce, fmt.Sprintf("%s's captured flags are declared twice", s.name(player)))
	}
	s.decl.captured[player] = true
	opp := 1 - player
	for _, f := range d.Flags {
		switch {
		case !slices.Contains(homes[opp], f):
			return violation(fmt.Sprintf("%v is not a flag of %s's: their flags stand on %s", f, s.name(opp), squareList(homes[opp])), ruleObject)
		case !slices.Contains(s.flags[opp], f):
			return violation(fmt.Sprintf("%s's flag on %v is captured twice", s.name(opp), f), ruleObject)
		}
		s.flags[opp] = slices.DeleteFunc(s.flags[opp], func(x grid.Square) bool { return x == f })
		s.captured[player] = append(s.captured[player], f)
	}
	if len(s.captured[player]) >= FlagsToWin {
		return violation(fmt.Sprintf("%s has captured all three flags: the game is over, and no turn begins", s.name(player)), ruleWon)
	}
	return nil
}

// declarePile declares the deck or the discard pile into *at.
func (s *State) declarePile(at **Pile, p Pile, what string) error {
	if slices.Contains(p.Cards, Unknown) {
		// The deck's cards are hidden from every seat: a count says as
		// much as a row of "?". The discards lie face up.
		if what == "deck" {
			return ruling("S28", rulingUnknown, "a deck of cards nobody recorded is given as a count, as in deck 30: it holds the cards the position places nowhere else")
		}
		return ruling("S28", rulingFaceUp, "the discard pile is face up: write its cards")
	}
	if p.counted() {
		if p.Count < 0 {
			return ruling("S25", rulingEveryCard, fmt.Sprintf("the %s cannot hold %d cards", what, p.Count))
		}
		other := s.decl.discard
		if what != "deck" {
			other = s.decl.deck
		}
		if other != nil && other.counted() {
			return ruling("S25", rulingEveryCard, "the deck and the discard pile are both given as counts: one of them must list its cards")
		}
	}
	// The deck's cards stay among those not yet placed (the deck of a
	// position being declared); the discard pile's are in it at once.
	if what == "deck" {
		if err := s.checkCards(p.Cards); err != nil {
			return err
		}
	} else {
		if err := s.placeCards(p.Cards); err != nil {
			return err
		}
		s.discard = slices.Clone(p.Cards)
	}
	p.Cards = slices.Clone(p.Cards)
	*at = &p
	return nil
}

// placeCards checks that cards are cards of this game placed nowhere yet
// in the position, and takes them out of the cards not yet placed; the
// caller then places them.
func (s *State) placeCards(cs []cards.Card) error {
	if err := s.checkCards(cs); err != nil {
		return err
	}
	for _, c := range cs {
		cards.Remove(&s.deck, c)
	}
	return nil
}

// checkCards checks that cards are cards of this game placed nowhere yet
// in the position.
func (s *State) checkCards(cs []cards.Card) error {
	for i, c := range cs {
		if !c.Valid() || c.IsJoker() && !s.rules.jokers {
			return ruling("S25", rulingEveryCard, fmt.Sprintf("%v is not a card of this game: the deck has no jokers (variant jokers=none)", c))
		}
		if slices.Index(cs, c) != i {
			return ruling("S25", rulingEveryCard, fmt.Sprintf("%v is declared twice", c))
		}
		if where := s.declaredAt(c); where != "" {
			return ruling("S25", rulingEveryCard, fmt.Sprintf("%v is declared twice: it is already %s", c, where))
		}
	}
	return nil
}

// declaredAt says where the position has placed c so far, or "".
func (s *State) declaredAt(c cards.Card) string {
	for p := range 2 {
		if cards.Contains(s.hands[p], c) {
			return "in " + s.name(p) + "'s hand"
		}
	}
	for i, u := range s.board {
		if u != nil && (u.Bottom == c || u.Top == c) {
			return fmt.Sprintf("in %s's unit on %v", s.name(u.Owner), grid4().Square(i))
		}
	}
	if d := s.decl.deck; d != nil && cards.Contains(d.Cards, c) {
		return "in the deck"
	}
	if d := s.decl.discard; d != nil && cards.Contains(d.Cards, c) {
		return "in the discard pile"
	}
	return ""
}

// StartAt implements engine.Positioned: it checks that the declared
// position places every card once, deals the piles it leaves unordered
// (shuffled by the seed's stream in a seeded game, S27) and begins turn
// number turn, player's, with its draw (S9, S10).
func (s *State) StartAt(turn, player int) error {
	if s.decl == nil {
		if !s.fresh() {
			return ruling("S24", rulingPositionLines, "no position is declared: the game has begun from its deal")
		}
		s.beginDeclaring()
	}
	if turn < 1 {
		return ruling("S24", rulingPositionLines, fmt.Sprintf("turn %d cannot begin a position: turns count from 1", turn))
	}
	if player < 0 || player > 1 {
		return ruling("S1", rulingTurns, fmt.Sprintf("there is no player %d", player+1))
	}
	c := s.clone()
	if err := c.dealPiles(); err != nil {
		return err
	}
	c.decl, c.begun = nil, true
	c.turn, c.player = turn, player
	if !(turn == 1 && player == 0 && c.rules.firstNoDraw) {
		c.startTurn()
	}
	*s = *c
	return nil
}

// dealPiles makes the deck and the discard pile the position declares: a
// pile given by a count, or a deck left out, holds the cards placed
// nowhere else (the rest), in the sorted order of S15; in a seeded game an
// unordered deck is then shuffled by the seed's stream (S27). An unseeded
// game keeps its deck sorted, as the draws are written.
func (s *State) dealPiles() error {
	rest := cards.Deck(s.rules.jokers)
	rest = slices.DeleteFunc(rest, func(c cards.Card) bool { return s.declaredAt(c) != "" })
	deck, discard := s.decl.deck, s.decl.discard
	if discard == nil {
		discard = &Pile{}
	}
	ordered := deck != nil && !deck.counted()
	if unknown := s.decl.unknown[0] + s.decl.unknown[1]; unknown > 0 {
		return s.dealAroundUnknowns(rest, unknown)
	}
	switch {
	case s.decl.discard != nil && discard.counted():
		// The discard pile is a count: it holds the rest, and the deck
		// lists its cards (declarePile refuses two counts).
		if !ordered {
			return ruling("S25", rulingEveryCard, "the discard pile is given as a count, so the deck must list its cards")
		}
		if discard.Count != len(rest) {
			return ruling("S25", rulingEveryCard, fmt.Sprintf("the discard pile is declared as %s, but %s", cardCount(discard.Count), leftFor(rest)))
		}
		s.discard = rest
		s.deck = slices.Clone(deck.Cards)
	case ordered:
		if len(rest) > 0 {
			return ruling("S25", rulingEveryCard, fmt.Sprintf("%s placed nowhere in the position: %s", cardCount(len(rest)), cardWords(rest)))
		}
		s.deck = slices.Clone(deck.Cards)
		s.discard = slices.Clone(discard.Cards)
	default:
		// The deck is a count or left out: it is the rest.
		if deck != nil && deck.Count != len(rest) {
			return ruling("S25", rulingEveryCard, fmt.Sprintf("the deck is declared as %s, but %s", cardCount(deck.Count), leftFor(rest)))
		}
		s.deck = rest
		s.discard = slices.Clone(discard.Cards)
	}
	if s.seeded {
		s.rng = shuffle.New(s.seed)
		for range s.decl.stream {
			s.rng.Uint64()
		}
		if !ordered {
			shuffle.Shuffle(s.rng, s.deck)
		}
	} else {
		slices.SortFunc(s.deck, compareCards)
	}
	return nil
}

// dealAroundUnknowns makes the piles of a position whose hands hold
// unknown cards, which are among the cards placed nowhere else (the rest)
// as the deck is: the deck is a count of what the unknown cards leave of
// the rest, or left out, and the discard pile lists its cards (S28). The
// ledger begins with the rest, the unknown cards drawn from it.
func (s *State) dealAroundUnknowns(rest []cards.Card, unknown int) error {
	deck := s.decl.deck
	switch {
	case deck != nil && !deck.counted():
		return ruling("S28", rulingUnknown, fmt.Sprintf("the hands hold %s nobody recorded, so the deck is given as a count, as in deck %d: the cards placed nowhere else are shared between the deck and those cards", cardCount(unknown), max(len(rest)-unknown, 0)))
	case s.decl.discard != nil && s.decl.discard.counted():
		return ruling("S28", rulingFaceUp, "the discard pile is face up: with unknown cards in the hands, write its cards")
	case unknown > len(rest):
		return ruling("S25", rulingEveryCard, fmt.Sprintf("the hands hold %s nobody recorded, but %s", cardCount(unknown), leftFor(rest)))
	case deck != nil && deck.Count != len(rest)-unknown:
		return ruling("S25", rulingEveryCard, fmt.Sprintf("the deck is declared as %s, but %s, and the hands hold %d of them unrecorded", cardCount(deck.Count), leftFor(rest), unknown))
	}
	s.deck = rest
	if s.decl.discard != nil {
		s.discard = slices.Clone(s.decl.discard.Cards)
	}
	s.ensureLedger()
	for p := range 2 {
		for range s.decl.unknown[p] {
			s.drawUnseen(p)
		}
	}
	return nil
}

// Position implements engine.Positioned: the state at the start of the
// turn to come, before its draw, its declarations wrapped as moves of
// set-up lines (engine.OnSetupLine), as Apply takes them. In a seeded game the deck is listed in
// full, top first, and, when a reshuffle may draw on the seed's stream
// again, the stream; in an unseeded game the deck is a count, as its order
// is no one's until the transcript writes a draw.
func (s *State) Position() engine.Position {
	v := s.clone()
	// Before the first turn, the seed deals the opening hands.
	for v.seeded && len(v.pending) > 0 && v.pending[0].setup {
		v.drawTop(v.pending[0].player)
	}
	if v.turn == 0 {
		v.turn = 1
	}
	board := engine.PositionLine{Subject: engine.Nobody}
	if v.seeded && len(v.deck) > 0 {
		board.Moves = append(board.Moves, DeclareDeck{Cards: slices.Clone(v.deck)})
	} else {
		board.Moves = append(board.Moves, DeclareDeck{Count: v.deckSize()})
	}
	if len(v.discard) > 0 {
		board.Moves = append(board.Moves, DeclareDiscard{Cards: slices.Clone(v.discard)})
	}
	if v.seeded && v.rules.reshuffle {
		board.Moves = append(board.Moves, DeclareStream{Numbers: v.streamNumbers()})
	}
	pos := engine.Position{Lines: []engine.PositionLine{board}, Turn: v.turn, Player: v.player}
	for p := range 2 {
		line := engine.PositionLine{Subject: p}
		for i, u := range v.board {
			if u != nil && u.Owner == p {
				line.Moves = append(line.Moves, DeclareUnit{Bottom: u.Bottom, Top: u.Top, At: grid4().Square(i), Broken: !u.Shield})
			}
		}
		if hand := v.hands[p]; len(hand) > 0 || len(v.hid[p]) > 0 {
			// A card nobody recorded is declared as one: "?".
			line.Moves = append(line.Moves, DeclareHand{Cards: append(slices.Clone(hand), make([]cards.Card, len(v.hid[p]))...)})
		}
		if len(v.captured[p]) > 0 {
			line.Moves = append(line.Moves, DeclareCaptured{Flags: slices.Clone(v.captured[p])})
		}
		if len(line.Moves) > 0 {
			pos.Lines = append(pos.Lines, line)
		}
	}
	onSetupLines(pos.Lines)
	return pos
}

// onSetupLines wraps the lines' declarations as moves of set-up lines, as
// Apply takes them.
func onSetupLines(lines []engine.PositionLine) {
	for _, line := range lines {
		for i, m := range line.Moves {
			line.Moves[i] = engine.OnSetupLine{Move: m}
		}
	}
}

// streamNumbers counts the numbers the seed's stream has given: the steps
// from a new source of the seed to the game's.
func (s *State) streamNumbers() int {
	src := shuffle.New(s.seed)
	n := 0
	for *src != *s.rng {
		src.Uint64()
		n++
		if n > math.MaxInt32 {
			panic("sortie: the stream is not the seed's")
		}
	}
	return n
}

func squareList(sqs []grid.Square) string {
	out := make([]string, len(sqs))
	for i, sq := range sqs {
		out[i] = sq.String()
	}
	return strings.Join(out, " ")
}

func cardWords(cs []cards.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return strings.Join(out, " ")
}

func cardCount(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// leftFor says how many cards are left for a pile given by a count.
func leftFor(rest []cards.Card) string {
	if len(rest) == 1 {
		return "1 card is placed nowhere else"
	}
	return fmt.Sprintf("%d cards are placed nowhere else", len(rest))
}
