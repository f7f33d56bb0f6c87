package mod

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/hidden"
)

// Unseeded games (rulings MD24 to MD28): without a Seed tag, the transcript
// writes what the seed would decide where the table reveals it, the card
// that comes to the top of a shared deck (top 2 Laser) and each card a
// player draws (draw Laser, Ann draw Laser); a card nobody recorded is
// written ? (Unknown). The engine draws as a seeded game does, but the
// cards it draws and turns up are placeholders until the record names
// them, and a ledger (package hidden) keeps what each unknown card could
// be.

// Unknown stands for a card nobody recorded, as the notation writes it.
const Unknown = hidden.Unknown

// Top writes the card that has come to the top of shared deck Deck (from
// 1), in an unseeded game.
type Top struct {
	Deck int
	Card string
}

var (
	_ engine.Assumer  = (*State)(nil)
	_ engine.Recorder = (*State)(nil)
	_ engine.Hider    = (*State)(nil)
)

// unseeded is what an unseeded game knows of its cards. A seeded game has
// none, and does no work for it.
type unseeded struct {
	led *hidden.Ledger
	// shared is the pool of the shared decks' cards, one for the three:
	// which third a card was dealt to is never known, only that each deck
	// holds a third. pools are the players' personal decks, whose worlds
	// are the cards shuffled into them.
	shared hidden.Pool
	pools  [2]hidden.Pool
	// hid holds each player's unknown cards, oldest first: those in hand,
	// and those ejected face down (out of them) that have not been
	// shuffled back. Which of them were ejected is never known: any may be
	// revealed from the hand while one is left there.
	hid [2][]hidden.Card
	out [2]int
	// pend holds each player's draws not yet written, oldest first: the
	// last len(pend[p]) cards of the hand, each "?" until written. A draw
	// written is deleted in place, so that the next draw finds room.
	pend [2][]hidden.Card
	// pendTop tells which shared decks have a top card not yet written.
	pendTop [SharedDecks]bool
	// records counts the draws written by name: reveals of a card drawn a
	// moment before, not assumptions.
	records int
	oneSeat bool
	seat    int
}

func (u *unseeded) clone() *unseeded {
	if u == nil {
		return nil
	}
	c := *u
	c.led = u.led.Clone()
	for p := range c.hid {
		c.hid[p] = slices.Clone(u.hid[p])
		c.pend[p] = slices.Clone(u.pend[p])
	}
	return &c
}

// newUnseeded sets up an unseeded game's decks: three shared decks of
// unknown cards whose tops are to be written, and the ledger's pools.
func (s *State) newUnseeded(opts engine.Options) {
	u := s.cards.startOfUnseeded().clone()
	u.oneSeat, u.seat = opts.OneSeat, opts.Seat
	for i := range s.shared {
		hide(s.shared[i].Deck)
	}
	s.u = u
}

// startOfUnseeded is what an unseeded game knows of its cards before any
// move: every top to write, the shared set in the shared decks' pool, and
// nothing yet in the players'. It is made at the catalogue's first
// unseeded game and copied for each: making the pools, a map of names
// each, cost more than the copy.
func (cs *Cards) startOfUnseeded() *unseeded {
	cs.startOnce.Do(func() {
		u := &unseeded{led: &hidden.Ledger{}}
		u.shared = u.led.NewPool(cs.shared)
		for p := range u.pools {
			u.pools[p] = u.led.NewPool(nil)
		}
		for i := range u.pendTop {
			u.pendTop[i] = true
		}
		cs.start = u
	})
	return cs.start
}

// hide writes each of cards, which nobody has seen, as unknown.
func hide(cards []string) {
	for i := range cards {
		cards[i] = Unknown
	}
}

// unknowns is n unknown cards.
func unknowns(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = Unknown
	}
	return out
}

// Assumptions counts the moves legal only because an unknown card could
// be the card they name (engine.Assumer): the ledger's reveals, less the
// draws written by name, which reveal a card as it is drawn.
func (s *State) Assumptions() int {
	if s.u == nil {
		return 0
	}
	return s.u.led.Assumptions() - s.u.records
}

// pending names the first card revealed and not yet written, or "".
func (s *State) pending() string {
	if s.u == nil {
		return "" // the seed deals every card: there is none to write
	}
	return s.unwritten()
}

// unwritten is pending in an unseeded game.
func (s *State) unwritten() string {
	u := s.u
	if len(u.pend[0]) == 0 && len(u.pend[1]) == 0 && u.pendTop == [SharedDecks]bool{} {
		return "" // as at most moves: every card revealed is written
	}
	for _, p := range []int{s.priority, 1 - s.priority} {
		if len(u.pend[p]) > 0 {
			return fmt.Sprintf("%s's draw is not written yet: write it where it is drawn, as in %s, or %s for a card nobody saw",
				s.name(p), s.drawWords(p, "Laser"), s.drawWords(p, Unknown))
		}
	}
	for d, ok := range u.pendTop {
		if ok {
			if !s.began() {
				return fmt.Sprintf("the top card of shared deck %d is not written yet: the first tops are written on the board line, as in board: top %d Laser", d+1, d+1)
			}
			return fmt.Sprintf("the top card of shared deck %d is not written yet: write it where it comes up, as in top %d Laser", d+1, d+1)
		}
	}
	return ""
}

// drawWords writes a draw of player p's as the turn's player writes it.
func (s *State) drawWords(p int, card string) string {
	if p == s.ToMove() {
		return "draw " + card
	}
	return s.name(p) + " draw " + card
}

// isRecord tells whether m writes what the table revealed: a top card, or
// a card drawn.
func isRecord(m engine.Move) bool {
	switch m := m.(type) {
	case Top:
		return true
	case DrawCard:
		return m.Card != ""
	}
	return false
}

// unknownIn is the card a move writes ?, if it writes one.
func unknownIn(m engine.Move) bool {
	switch m := m.(type) {
	case Assign:
		return m.Card == Unknown
	case Eject:
		return m.Card == Unknown
	case Draft:
		return m.Card == Unknown
	case Spend:
		return m.Card == Unknown
	case Top:
		return m.Card == Unknown
	case DrawCard:
		return m.Card == Unknown
	}
	return false
}

// checkWritten refuses what no transcript may write of the cards: with a
// seed, a card the seed deals (MD27); a ? where the rules read the card at
// once, or where it lies face up (MD25).
func (s *State) checkWritten(p int, m engine.Move) error {
	if s.u == nil {
		if isRecord(m) || unknownIn(m) {
			return ruling("MD27", rulingSeedDeals, "the Seed tag deals every card: with it, the cards drawn and the shared decks' tops are left out, and no card is written ?")
		}
		return nil // no card is written ?, which is all the checks below read
	}
	switch m := m.(type) {
	case Assign:
		if m.Card == Unknown {
			return ruling("MD25", rulingUnknownRead, "an assigned card is face up, and resolves as it activates: write the card, as in assign Laser")
		}
	case Draft:
		if m.Card == Unknown {
			return ruling("MD25", rulingUnknownRead, "the shared decks and piles are face up: write the card drafted, or leave it out, as in draft 2")
		}
	case Spend:
		if m.Card == Unknown {
			return ruling("MD25", rulingUnknownRead, "a shield is spent from the play area, face up: write it, as in spend \"Red Plating\"")
		}
	case Top:
		if m.Card == Unknown {
			return ruling("MD25", rulingUnknownRead, fmt.Sprintf("the shared decks are face up, so the card on top of shared deck %d is seen: write it, as in top %d Laser", m.Deck, m.Deck))
		}
	case Eject:
		if m.Card == Unknown && s.u.oneSeat && s.u.seat == p {
			return ruling("MD26", rulingPerspective, fmt.Sprintf("the record is from %s's seat: %s's own ejected card is written", s.name(p), s.name(p)))
		}
	}
	return nil
}

// record writes what the table revealed, for player p (engine.Nobody on
// the board line): a top card, or a card drawn. Nothing changes when it
// is refused.
func (s *State) record(p int, m engine.Move, setup bool) error {
	if err := s.checkWritten(p, m); err != nil {
		return err
	}
	if s.phase == Over {
		return s.over()
	}
	switch m := m.(type) {
	case Top:
		if setup && s.decl != nil {
			return ruling("MD29", rulingUnseededPosition, fmt.Sprintf("a position writes the top of shared deck %d in its declaration, as in shared %d Laser ? ?", m.Deck, m.Deck))
		}
		if setup && (p != engine.Nobody || s.began()) {
			return ruling("MD24", rulingRecordLines, "a shared deck is no player's: its first top card is written on the board line, as in board: top 1 Laser")
		}
		return s.recordTop(m)
	case DrawCard:
		if setup {
			return ruling("MD3", rulingNoSetup, "a card drawn is written on a set-up line; no card is drawn before turn 1")
		}
		if p < 0 || p >= len(s.players) {
			return violation(fmt.Sprintf("there is no %s in this game: Mod has two players", s.name(p)), ruleTwoPlayers)
		}
		if len(s.u.pend[p]) > 0 {
			return s.recordDraw(p, m.Card)
		}
		if s.phase == EjectChoice && p == s.ToMove() && !s.acted && s.pending() == "" {
			// The choice to draw, and the card drawn, in one move.
			if err := s.check(p, DrawCard{}); err != nil {
				return err
			}
			if s.drawSure(p, m.Card) {
				s.play(p, DrawCard{})
				return s.recordDraw(p, m.Card)
			}
			// The card drawn may be refused: draw on a copy.
			c := s.clone()
			c.play(p, DrawCard{})
			if len(c.u.pend[p]) == 0 {
				return violation(fmt.Sprintf("%s's deck and discard pile are empty: no card is drawn, so none is written (write draw)", s.name(p)), ruleEjectChoice)
			}
			if err := c.recordDraw(p, m.Card); err != nil {
				return err
			}
			*s = *c
			return nil
		}
		for _, q := range []int{1 - p} {
			if len(s.u.pend[q]) > 0 {
				return ruling("MD24", rulingRecord, fmt.Sprintf("%s has no card drawn to write: the card drawn is %s's, written %s %s", s.name(p), s.name(q), s.name(q), "draw "+m.Card))
			}
		}
		return ruling("MD24", rulingRecord, fmt.Sprintf("%s has drawn no card that is not written", s.name(p)))
	}
	return nil
}

// drawSure tells whether card, written as the card player p's choice to
// draw draws, is sure to be accepted, so that the choice needs no copy of
// the state to undo: there is a card to draw, and the card is ?, where the
// record may leave it unseen, or a card of which p's deck holds more
// copies than p has unknown cards, so that one is left for the card drawn
// whatever those are. An empty deck is first made of the discard pile,
// whose copies count, and whose unknown cards only make p's fewer.
func (s *State) drawSure(p int, card string) bool {
	u, pl := s.u, s.players[p]
	switch {
	case len(pl.deck) == 0 && len(pl.discard) == 0:
		return false
	case card == Unknown:
		return !u.oneSeat || u.seat != p
	}
	if _, ok := s.cards.Card(card); !ok {
		return false
	}
	copies := u.led.Count(u.pools[p], card)
	if len(pl.deck) == 0 {
		copies += copiesOf(pl.discard, card)
	}
	return copies > u.led.Hidden(u.pools[p])
}

// recordTop writes the card come to the top of a shared deck.
func (s *State) recordTop(m Top) error {
	u := s.u
	if m.Deck < 1 || m.Deck > SharedDecks {
		return ruling("MD7", rulingDecks, fmt.Sprintf("there is no shared deck %d", m.Deck))
	}
	d := &s.shared[m.Deck-1]
	switch {
	case !u.pendTop[m.Deck-1] && len(d.Deck) == 0:
		return ruling("MD24", rulingRecord, fmt.Sprintf("shared deck %d is empty: no card has come to its top", m.Deck))
	case !u.pendTop[m.Deck-1]:
		return ruling("MD24", rulingRecord, fmt.Sprintf("the top card of shared deck %d is written already: it is %s", m.Deck, d.Deck[0]))
	}
	// A card the catalogue lacks is in no pool, so that the ledger refuses
	// it too: the catalogue is asked only then, to say so.
	if err := u.led.Take(u.shared, m.Card, noReason); err != nil { // refused, it changes nothing
		if _, ok := s.cards.Card(m.Card); !ok {
			return violation(s.cards.unknown(m.Card), ruleSharedDecks)
		}
		return s.conflict(fmt.Sprintf("shared deck %d cannot show %s on top", m.Deck, m.Card), engine.Nobody, m.Card, err)
	}
	d.Deck[0] = m.Card
	u.pendTop[m.Deck-1] = false
	return nil
}

// recordDraw writes player p's oldest draw not yet written.
func (s *State) recordDraw(p int, card string) error {
	u := s.u
	c := u.pend[p][0]
	pl := s.players[p]
	at := len(pl.hand) - len(u.pend[p])
	if card == Unknown {
		if u.oneSeat && u.seat == p {
			return ruling("MD26", rulingPerspective, fmt.Sprintf("the record is from %s's seat: %s's own draw is written", s.name(p), s.name(p)))
		}
		u.hid[p] = append(u.hid[p], c)
		u.pend[p] = slices.Delete(u.pend[p], 0, 1)
		return nil
	}
	if err := u.led.Reveal(c, card, noReason); err != nil {
		// Refused, with the ledger as it was: why is asked only now (a
		// card the catalogue lacks is in no pool, as for recordTop).
		if _, ok := s.cards.Card(card); !ok {
			return violation(s.cards.unknown(card), ruleEjectChoice)
		}
		what := fmt.Sprintf("%s cannot draw %s", s.name(p), card)
		if u.led.Count(u.pools[p], card) > 0 && !u.led.Could(c, card) {
			return ruling("MD28", rulingChecking, fmt.Sprintf("%s: the card was drawn before any %s was shuffled into %s's deck", what, card, s.name(p)))
		}
		return s.conflict(what, p, card, err)
	}
	u.records++
	pl.hand[at] = card
	u.pend[p] = slices.Delete(u.pend[p], 0, 1)
	return nil
}

// noReason is the reason the ledger is given when a copy is seen: a
// conflict says where the copies are now, never where the last went
// (conflict), so the ledger's reasons are never read, and formatting one
// for every card recorded would be work for nothing.
const noReason = ""

// conflict is the illegal move a *hidden.Conflict makes: what cannot be,
// and why, said by what the table shows now (where the copies are), not
// by the history that led there, so that a position taken before it says
// the same (ruling MD29). p is the player whose deck the card would come
// from, or engine.Nobody for the shared decks.
func (s *State) conflict(what string, p int, card string, err error) error {
	c, ok := err.(*hidden.Conflict)
	if !ok {
		return ruling("MD28", rulingChecking, what+": "+err.Error())
	}
	if p < 0 {
		return ruling("MD28", rulingChecking, fmt.Sprintf("%s: every %s of the shared decks is seen elsewhere", what, card))
	}
	if c.Forced {
		return ruling("MD28", rulingChecking, fmt.Sprintf("%s: each %s left in %s's deck must be one of the unknown cards drawn from it before", what, card, s.name(p)))
	}
	if where := s.whereSeen(p, card); where != "" {
		return ruling("MD28", rulingChecking, fmt.Sprintf("%s: every %s of %s's is seen: %s", what, card, s.name(p), where))
	}
	return ruling("MD28", rulingChecking, fmt.Sprintf("%s: no %s was ever shuffled into %s's deck", what, card, s.name(p)))
}

// whereSeen says where player p's known copies of card are: their hand,
// discard pile, play area, the stack, or activating.
func (s *State) whereSeen(p int, card string) string {
	pl := s.players[p]
	var parts []string
	add := func(n int, where string) {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d in %s", n, where))
		}
	}
	add(copiesOf(pl.hand, card), s.name(p)+"'s hand")
	add(copiesOf(pl.discard, card), s.name(p)+"'s discard pile")
	add(copiesOf(pl.play, card), s.name(p)+"'s play area")
	n := 0
	for _, sl := range s.stack {
		if sl.Owner == p && sl.Card == card {
			n++
		}
	}
	add(n, "the stack")
	n = 0
	if s.phase == EjectChoice && s.ejected.Owner == p && s.ejected.Card == card {
		n++
	}
	if r := s.resolving; r.card != nil && r.owner == p && r.card.Name == card {
		n++
	}
	add(n, "activation")
	return strings.Join(parts, ", ")
}

// unknownsInHand is the number of player p's unknown cards in hand.
func (s *State) unknownsInHand(p int) int {
	n := 0
	for _, c := range s.players[p].hand {
		if c == Unknown {
			n++
		}
	}
	return n
}

// fromHand takes the card an assign or eject names out of the unknown
// cards of the hand, when the hand holds no known copy: the oldest that
// can be it is revealed to be it. Nothing changes when it is refused.
func (s *State) fromHand(p int, m engine.Move) error {
	if s.u == nil {
		return nil // the seed deals every card: none in hand is unknown
	}
	var card string
	switch m := m.(type) {
	case Assign:
		card = m.Card
	case Eject:
		card = m.Card
	default:
		return nil
	}
	pl := s.players[p]
	if card == Unknown || slices.Contains(pl.hand, card) {
		return nil
	}
	u := s.u
	// RevealOne reveals the oldest that can be it (ruling MD28): a newer
	// card could be every name an older one could, and more, so it is
	// kept for the cards named later.
	k, err := u.led.RevealOne(u.hid[p], card, noReason)
	if err != nil {
		// Refused, with the ledger as it was: why is asked only now.
		what := fmt.Sprintf("%s cannot hold %s", s.name(p), card)
		if u.led.Count(u.pools[p], card) > 0 && !slices.ContainsFunc(u.hid[p], func(c hidden.Card) bool { return u.led.Could(c, card) }) {
			return ruling("MD28", rulingChecking, fmt.Sprintf("%s: %s's unknown cards were all drawn before any %s was shuffled into %s's deck", what, s.name(p), card, s.name(p)))
		}
		return s.conflict(what, p, card, err)
	}
	u.hid[p] = slices.Delete(u.hid[p], k, k+1)
	pl.hand[slices.Index(pl.hand, Unknown)] = card
	return nil
}

// reshuffled is what the ledger learns when player p's discard pile
// becomes their deck, in an unseeded game: the known cards go into the
// pool, and as many unknown cards as the pile held ? are shuffled back,
// the oldest (whose history bars the most names) first, since any of the
// ejected unknown cards may be those.
func (s *State) reshuffled(p int, pile []string) {
	u := s.u
	n := 0
	for _, c := range pile {
		if c == Unknown {
			n++
			continue
		}
		u.led.Add(u.pools[p], c)
	}
	slices.Sort(u.hid[p])
	for _, c := range u.hid[p][:n] {
		u.led.Return(c)
	}
	u.hid[p] = slices.Delete(u.hid[p], 0, n)
	u.out[p] -= n
}

// drawUnseen draws the top card of player p's deck unseen: a card of the
// record's to write.
func (s *State) drawUnseen(p int) {
	u := s.u
	c, err := u.led.Hide(u.pools[p])
	if err != nil {
		panic(fmt.Sprintf("mod: %s's deck holds %d cards, but its pool none: %v", s.name(p), len(s.players[p].deck), err))
	}
	u.pend[p] = append(u.pend[p], c)
}

// topChanged notes that a card has come to the top of shared deck i: one
// to write, in an unseeded game; one to record, in a seeded game being
// recorded.
func (s *State) topChanged(i int) {
	d := s.shared[i]
	if len(d.Deck) == 0 {
		return
	}
	switch {
	case s.u != nil:
		s.u.pendTop[i] = true
	case s.recording:
		s.log = append(s.log, engine.By{Player: engine.Nobody, Move: Top{Deck: i + 1, Card: d.Deck[0]}})
	}
}

// Recorded returns what happened since the last call as an unseeded
// transcript writes it (engine.Recorder). The first call, before any
// move, gives the shared decks' first tops, for the board line, and
// begins the recording: a seeded game not recorded keeps no log.
func (s *State) Recorded() []engine.By {
	if !s.recording {
		s.recording = true
		var out []engine.By
		for i, d := range s.shared {
			if len(d.Deck) > 0 {
				out = append(out, engine.By{Player: engine.Nobody, Move: engine.OnSetupLine{Move: Top{Deck: i + 1, Card: d.Deck[0]}}})
			}
		}
		return out
	}
	out := s.log
	s.log = nil
	return out
}

// logMove records move m of player p, with what the seed revealed while
// it was made; the choice to draw carries the card drawn.
func (s *State) logMove(p int, m engine.Move, play func()) {
	at := len(s.log)
	s.log = append(s.log, engine.By{Player: p, Move: m})
	play()
	if _, ok := m.(DrawCard); ok && len(s.log) > at+1 {
		if d, ok := s.log[at+1].Move.(DrawCard); ok && s.log[at+1].Player == p {
			s.log[at].Move = d
			s.log = slices.Delete(s.log, at+1, at+2)
		}
	}
}

// Hide writes move m of player's as seat saw it (engine.Hider): the other
// player's draws and ejected cards are face down.
func (s *State) Hide(seat, player int, m engine.Move) engine.Move {
	if player == seat || player < 0 {
		return m
	}
	switch m := m.(type) {
	case DrawCard:
		if m.Card != "" {
			return DrawCard{Card: Unknown}
		}
	case Eject:
		return Eject{Card: Unknown}
	}
	return m
}

// records lists the moves that write what is pending, for Legal: each
// card the first draw not written could be (and ?, where the record may
// leave it unseen), and each card that could be on top of a shared deck.
func (s *State) records() []engine.Move {
	u := s.u
	var out []engine.Move
	names := distinct(s.cards.shared)
	for _, p := range []int{s.ToMove(), 1 - s.ToMove()} {
		if len(u.pend[p]) == 0 {
			continue
		}
		wrap := func(m engine.Move) engine.Move {
			if p == s.ToMove() {
				return m
			}
			return engine.By{Player: p, Move: m}
		}
		for _, name := range names {
			if u.led.Could(u.pend[p][0], name) {
				out = append(out, wrap(DrawCard{Card: name}))
			}
		}
		if !u.oneSeat || u.seat != p {
			out = append(out, wrap(DrawCard{Card: Unknown}))
		}
	}
	for i, ok := range u.pendTop {
		if !ok {
			continue
		}
		for _, name := range names {
			if u.led.Count(u.shared, name) > 0 {
				out = append(out, Top{Deck: i + 1, Card: name})
			}
		}
	}
	return out
}

// handGuesses lists the cards player p's unknown cards in hand could be,
// for Legal: each could be assigned or ejected by name.
func (s *State) handGuesses(p int) []string {
	u := s.u
	if u == nil || s.unknownsInHand(p) == 0 {
		return nil
	}
	var out []string
	for _, name := range distinct(s.cards.shared) {
		if slices.Contains(s.players[p].hand, name) {
			continue
		}
		if slices.ContainsFunc(u.hid[p], func(c hidden.Card) bool { return u.led.Could(c, name) }) {
			out = append(out, name)
		}
	}
	return out
}

// Positions without a seed (ruling MD29): a player's deck is declared by
// the cards unseen of theirs, those in the deck and those written ?
// elsewhere, in any order; ? stands for an unknown card in a hand, a
// discard pile, the stack (ejected) or a shared deck below its top.

// checkUnknowns refuses a ? a position may not write, and a seeded
// position's ?.
func (s *State) checkUnknowns(p int, m engine.Move) error {
	cards, _ := declaredCards(m)
	unknown := slices.Contains(cards, Unknown)
	if s.u == nil {
		if unknown {
			return ruling("MD27", rulingSeedDeals, fmt.Sprintf("%s writes ?, but the Seed tag deals every card", declareWords(m)))
		}
		if _, ok := m.(Drawn); ok {
			return ruling("MD27", rulingSeedDeals, "drawn says a draw is not written, but the Seed tag deals every card")
		}
		return nil
	}
	refuse := func(what string) error {
		return ruling("MD29", rulingUnseededPosition, what)
	}
	switch m := m.(type) {
	case Deck:
		if len(m.Cards) == 0 {
			return refuse(fmt.Sprintf("%s's deck is declared by a count, which only a seed can deal: declare the cards unseen of %s's, as in deck Laser Missile", s.name(p), s.name(p)))
		}
		if unknown {
			return refuse(fmt.Sprintf("%s's deck is declared with ?: declare the cards unseen of %s's by name", s.name(p), s.name(p)))
		}
	case Shared:
		if m.Pile && unknown {
			return refuse(fmt.Sprintf("the discard pile of shared deck %d is face up: its cards are named", m.Deck))
		}
		for i, c := range m.Cards {
			if !m.Pile && i > 0 && c != Unknown {
				return refuse(fmt.Sprintf("shared deck %d is declared with %s below its top, but without a seed only the top is known: write ? for the others", m.Deck, c))
			}
		}
	case PlayArea:
		if unknown {
			return refuse(fmt.Sprintf("%s's play area holds upgrades face up: name them", s.name(p)))
		}
	case StackSlot:
		if m.Card == Unknown && m.How != Ejected {
			return refuse(fmt.Sprintf("slot %d holds a card %s face up: name it", m.N, m.How))
		}
	case Activating:
		if m.Card == Unknown && m.How != Ejected {
			return refuse(fmt.Sprintf("the assigned card activating is face up: name it"))
		}
	case Drawn:
		if m.N < 0 {
			return refuse(fmt.Sprintf("%s has drawn %d cards", s.name(p), m.N))
		}
	}
	return nil
}

// knownCards is what a declaration names that counts against the game's
// copies: ? is no copy, but stands for one of the player's unseen cards
// (their deck's declaration names it), or, in a shared deck, for one of
// the cards the position names nowhere.
func (s *State) knownCards(m engine.Move, named []string, count int) ([]string, int) {
	if !slices.Contains(named, Unknown) {
		return named, count
	}
	out := make([]string, 0, len(named))
	for _, c := range named {
		if c != Unknown {
			out = append(out, c)
		} else if _, shared := m.(Shared); shared {
			count++
		}
	}
	return out, count
}

// unseededPosition makes the ledger of a position without a seed: the
// shared decks' pool holds the cards the position names nowhere, each
// player's pool the cards their deck is declared with; each ? of theirs is
// an unknown card drawn from it, and the deck holds the rest, unknown.
func (s *State) unseededPosition(d *declaring) error {
	u := &unseeded{led: &hidden.Ledger{}, oneSeat: s.u.oneSeat, seat: s.u.seat}
	for i, n := range d.counts[2:] {
		if n >= 0 {
			s.shared[i].Deck = unknowns(n) // a count: the top is to write
		}
	}
	_, set := s.cards.Shared()
	left := copyCounts(d.copies)
	world := slices.DeleteFunc(set, func(c string) bool {
		if left[c] > 0 {
			left[c]--
			return true
		}
		return false
	})
	u.shared = u.led.NewPool(world)
	unknown := 0
	for i, sd := range s.shared {
		if len(sd.Deck) > 0 && sd.Deck[0] == Unknown {
			u.pendTop[i] = true
		}
		for _, c := range sd.Deck {
			if c == Unknown {
				unknown++
			}
		}
	}
	if unknown > len(world) {
		return ruling("MD29", rulingUnseededPosition, fmt.Sprintf("the shared decks hold %d unknown cards, more than the %d cards the position names nowhere", unknown, len(world)))
	}
	for p, pl := range s.players {
		unseen := pl.deck // as declared: the cards unseen of the player's
		u.pools[p] = u.led.NewPool(unseen)
		inHand := 0
		for _, c := range pl.hand {
			if c == Unknown {
				inHand++
			}
		}
		n := d.drawn[p]
		if n > len(pl.hand) || slices.ContainsFunc(pl.hand[len(pl.hand)-n:], func(c string) bool { return c != Unknown }) {
			return ruling("MD29", rulingUnseededPosition, fmt.Sprintf("drawn %d says the last %d cards of %s's hand are not written, but they are not all ?", n, n, s.name(p)))
		}
		out := 0
		for _, c := range pl.discard {
			if c == Unknown {
				out++
			}
		}
		for _, sl := range d.slots {
			if sl.Owner == p && sl.Card == Unknown {
				out++
			}
		}
		if s.ejected.Owner == p && s.ejected.Card == Unknown && d.activating == p {
			out++
		}
		total := inHand + out
		if u.oneSeat && u.seat == p && total > n {
			return ruling("MD26", rulingPerspective, fmt.Sprintf("the record is from %s's seat: %s's own cards are written, but for draws still to write (drawn)", s.name(p), s.name(p)))
		}
		if total > len(unseen) {
			return ruling("MD29", rulingUnseededPosition, fmt.Sprintf("%s has %d unknown cards, more than the %s unseen of %s's deck", s.name(p), total, plural(len(unseen), "card"), s.name(p)))
		}
		for range total - n {
			c, _ := u.led.Hide(u.pools[p])
			u.hid[p] = append(u.hid[p], c)
		}
		for range n {
			c, _ := u.led.Hide(u.pools[p])
			u.pend[p] = append(u.pend[p], c)
		}
		u.out[p] = out
		pl.deck = unknowns(len(unseen) - total)
	}
	s.u = u
	return nil
}

// unseen is the cards unseen of player p's: in the deck, or unknown
// cards drawn from it, in the catalogue's order.
func (s *State) unseen(p int) []string {
	u := s.u
	var out []string
	for _, name := range distinct(s.cards.shared) {
		for range u.led.Count(u.pools[p], name) {
			out = append(out, name)
		}
	}
	return out
}

// plural writes a number of things.
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
