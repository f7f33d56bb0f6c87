package daemon

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/hidden"
)

// A game without a seed is recorded as it is played at a table (rulings
// D31 to D35): every card drawn is written as it is drawn (Draw), each
// security as it is set (Secure), and ? stands for a card nobody recorded.
// Each player's deck is a pool of a hidden.Ledger, whose world is the
// cards of their three modules; the deck itself is a count, each card of
// it Unknown. A card in a grip or a security that nobody recorded is
// Unknown there, and one of the ledger's hidden cards; a card written by
// name where it was must be one it could be.

// State records unseeded games and answers for cards nobody recorded.
var (
	_ engine.Assumer  = (*State)(nil)
	_ engine.Recorder = (*State)(nil)
	_ engine.Hider    = (*State)(nil)
)

// Unknown is a card nobody recorded, as a transcript writes it.
const Unknown = hidden.Unknown

// Draw writes the cards a player draws, in a game without a seed: the
// cards of the draw owed, top first, each a name or Unknown.
type Draw struct {
	Cards []string
	// by is who drew the cards, plus one: 0 when not said (as parsed),
	// set by Recorded so that Hide knows whose draw it hides.
	by int
}

// Secure sets a player's security in a game without a seed: its cards top
// first, each a name or Unknown (ruling D32).
type Secure struct{ Cards []string }

// owedDraw is a draw made and not yet written: n cards for player. A
// mulligan's draw holds the cards set aside, shuffled into the deck once
// the draw is written (ruling D6).
type owedDraw struct {
	player int
	n      int
	aside  []string
	hidden []hidden.Card // the set-aside cards nobody recorded
}

// unseeded tells whether the game is recorded without a seed.
func (s *State) unseeded() bool { return s.ledger != nil }

// Assumptions counts the moves legal only because a card nobody recorded
// could be the card they name (engine.Assumer).
func (s *State) Assumptions() int {
	if s.ledger == nil {
		return 0
	}
	return s.ledger.Assumptions()
}

// seedDeals refuses a draw, a security or a ? written in a seeded game: the
// seed deals every card (ruling D3).
func seedDeals(what string) error {
	return ruling("D3", rulingSeedDeals, "the Seed tag deals every card: "+what)
}

// when says when a move is made, for the reasons a conflict quotes.
func (s *State) when() string {
	if s.setup {
		return "in the set-up"
	}
	return "on turn " + strconv.Itoa(s.turn)
}

// lastSeen is the reason a ledger keeps for the last copy of card seen:
// who did what with it (did, as "drew %s"), and when. The ledger keeps a
// reason only when a move sees the last copy of a name in pool's world,
// and every card a record names is seen, so for any other copy it is
// not made ("").
func (s *State) lastSeen(pool hidden.Pool, card string, p int, did string) string {
	if !s.ledger.KeepsWhy(pool, card) {
		return ""
	}
	before, after, _ := strings.Cut(did, "%s")
	return s.name(p) + " " + before + "the last one" + after + " " + s.when()
}

// conflict turns a ledger's refusal of card, which player p's move does
// (doing, as in "draw"), into the violation that says why.
func (s *State) conflict(p int, doing, card string, err error) error {
	var c *hidden.Conflict
	if !errors.As(err, &c) {
		return ruling("D33", rulingCould, fmt.Sprintf("%s cannot %s %s: %v", s.name(p), doing, card, err))
	}
	pl := s.players[p]
	var what string
	switch {
	case c.Forced:
		what = fmt.Sprintf("%s cannot %s %s: the copies of %s not seen elsewhere must be cards nobody recorded that %s holds elsewhere (in the grip or the security)", s.name(p), doing, card, card, s.name(p))
	case c.Why != "" && s.ledger.Count(pl.pool, card) > 0:
		what = fmt.Sprintf("%s cannot %s %s: no %s was in %s's deck when the cards nobody recorded were drawn (%s)", s.name(p), doing, card, card, s.name(p), c.Why)
	case c.Why != "":
		// Where the copies are, when the table shows them all: a position
		// taken later says the same; else when the last was seen.
		why := c.Why
		if w := s.whereAll(p, card); w != "" {
			why = w
		}
		what = fmt.Sprintf("%s cannot %s %s: every copy is seen elsewhere (%s)", s.name(p), doing, card, why)
	default:
		what = fmt.Sprintf("%s cannot %s %s: %s's modules (%s) have none", s.name(p), doing, card, s.name(p), strings.Join(pl.modules, ", "))
	}
	return ruling("D33", rulingCould, what)
}

// ownCard checks that name is a card of player p's modules, as a card
// drawn or set in security must be.
func (s *State) ownCard(p int, name string) error {
	c, ok := s.cards.Card(name)
	if !ok || c.Kind == Module {
		return violation(s.cards.unknown(-1, name), ruleDeck)
	}
	if !slices.Contains(s.players[p].modules, c.Module) {
		return violation(fmt.Sprintf("%s is a card of %s, which is not one of %s's modules (%s)", name, c.Module, s.name(p), strings.Join(s.players[p].modules, ", ")), ruleDeck)
	}
	return nil
}

// seen refuses a ? for a card the record's seat saw (ruling D34). what
// says what is written, each %s standing for p's name ("%s's own
// draw"): it is put together only for a refusal.
func (s *State) seen(p int, what string) error {
	if s.oneSeat && p == s.seat {
		what = strings.ReplaceAll(what, "%s", s.name(p))
		return ruling("D34", rulingSeat, fmt.Sprintf("the record is from %s's seat: %s is written", s.name(s.seat), what))
	}
	return nil
}

// owe notes a draw of n cards for player p made without a seed: the deck
// gives them at once, and they are written next (ruling D31).
func (s *State) owe(p, n int, aside []string, hid []hidden.Card) {
	pl := s.players[p]
	n = min(n, len(pl.deck))
	pl.deck = pl.deck[n:]
	if n == 0 && len(aside) == 0 {
		return
	}
	s.owed = append(slices.Clip(s.owed), owedDraw{player: p, n: n, aside: aside, hidden: hid})
	if n == 0 {
		s.settleDraw(nil, nil)
	}
}

// owedText says what draw is owed, for messages.
func (s *State) owedText() string {
	o := s.owed[0]
	return fmt.Sprintf("%s has drawn %s, not yet written: a draw is written before anything else, as draw and the cards (? for a card nobody recorded)", s.name(o.player), cardsWord(o.n))
}

func cardsWord(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// writeDraw plays a Draw: the cards of the draw owed first.
func (s *State) writeDraw(p int, m Draw) error {
	if !s.unseeded() {
		return seedDeals("a seeded transcript writes no draws; leave the draw out")
	}
	if len(s.owed) == 0 {
		return ruling("D31", rulingDrawn, "no card is being drawn: a draw is written after the move that draws it (main, mulligan, refresh, an effect)")
	}
	o := s.owed[0]
	if s.setup && p != o.player {
		return ruling("D31", rulingDrawn, fmt.Sprintf("the draw is %s's: it is written on %s's set-up line", s.name(o.player), s.name(o.player)))
	}
	if len(m.Cards) != o.n {
		return ruling("D31", rulingDrawn, fmt.Sprintf("%s draws %s here, not %d", s.name(o.player), cardsWord(o.n), len(m.Cards)))
	}
	pl := s.players[o.player]
	undo := s.undoable(len(m.Cards))
	// Clipped, the grip's first append is a copy: a refused draw leaves it.
	grip, hid := slices.Clip(pl.grip), slices.Clip(pl.gripHidden)
	for _, c := range m.Cards {
		if c == Unknown {
			if err := s.seen(o.player, "%s's own draw"); err != nil {
				undo()
				return err
			}
			id, err := s.ledger.Hide(pl.pool)
			if err != nil {
				undo()
				return ruling("D33", rulingCould, fmt.Sprintf("%s cannot draw a card nobody recorded: %v", s.name(o.player), err))
			}
			grip, hid = append(grip, Unknown), append(hid, id)
			continue
		}
		if err := s.ownCard(o.player, c); err != nil {
			undo()
			return err
		}
		if err := s.ledger.Take(pl.pool, c, s.lastSeen(pl.pool, c, o.player, "drew %s")); err != nil {
			undo()
			return s.conflict(o.player, "draw", c, err)
		}
		grip = append(grip, c)
	}
	pl.grip, pl.gripHidden = grip, hid
	s.settleDraw(o.aside, o.hidden)
	return nil
}

// undoable returns what puts the ledger back as it is now, for a move of
// ops ledger operations that must all succeed or leave no trace. A move of
// one needs no copy: an operation the ledger refuses leaves it as it was.
func (s *State) undoable(ops int) (undo func()) {
	if ops <= 1 || s.ledger == nil {
		return func() {}
	}
	// The last move's copy is written over: no undo of it can run now
	// (undoable is never called within a move another one made undoable).
	saved := s.ledger.CloneInto(s.undoLedger)
	s.undoLedger = saved
	return func() { s.ledger, s.undoLedger = saved, s.ledger }
}

// settleDraw ends the draw owed first: a mulligan's cards set aside are
// shuffled into the deck (ruling D6).
func (s *State) settleDraw(aside []string, hid []hidden.Card) {
	p := s.owed[0].player
	s.owed = s.owed[1:]
	pl := s.players[p]
	deck := slices.Grow(slices.Clip(pl.deck), len(aside)) // a copy: a clone of the state shares the deck
	for _, c := range aside {
		if c != Unknown {
			s.ledger.Add(pl.pool, c)
		}
		deck = append(deck, Unknown)
	}
	pl.deck = deck
	for _, id := range hid {
		s.ledger.Return(id)
	}
}

// fromGrip takes a card player p names out of their grip (a known copy
// first, else one of the cards nobody recorded, which must could be it):
// the grip and its hidden cards without it. The state is not changed; the
// ledger is, when a card nobody recorded is shown to be it.
func (s *State) fromGrip(p int, grip []string, hid []hidden.Card, name, did string) ([]string, []hidden.Card, error) {
	if i := slices.Index(grip, name); i >= 0 && name != Unknown {
		return slices.Delete(grip, i, i+1), hid, nil
	}
	if len(hid) == 0 || s.ledger == nil {
		return nil, nil, errNotInGrip
	}
	k, err := s.ledger.RevealOne(hid, name, s.lastSeen(s.players[p].pool, name, p, did)) // changes nothing when refused
	if err != nil {
		return nil, nil, err
	}
	i := slices.Index(grip, Unknown)
	return slices.Delete(grip, i, i+1), slices.Delete(hid, k, k+1), nil
}

// errNotInGrip is fromGrip's error for a card that is nowhere in the grip.
var errNotInGrip = errors.New("not in the grip")

// mulliganUnseeded sets cards aside without a seed: each named card is
// taken from the grip, each ? is one nobody recorded; the draw is owed,
// and the cards set aside go back to the deck once it is written.
func (s *State) mulliganUnseeded(p int, m Mulligan) error {
	pl := s.players[p]
	undo := s.undoable(len(m.Cards))
	grip, hid := slices.Clone(pl.grip), slices.Clone(pl.gripHidden)
	var aside []string
	var asideHidden []hidden.Card
	fail := func(err error) error {
		undo()
		return err
	}
	for _, c := range m.Cards {
		if c == Unknown {
			if err := s.seen(p, "each card %s sets aside from %s's grip"); err != nil {
				return fail(err)
			}
			if len(hid) == 0 {
				return fail(violation(fmt.Sprintf("%s's grip holds no card nobody recorded (or not that many) to set aside", s.name(p)), ruleMulligan))
			}
			// The oldest: a grip's cards nobody recorded are alike.
			i := slices.Index(grip, Unknown)
			grip, asideHidden, hid = slices.Delete(grip, i, i+1), append(asideHidden, hid[0]), hid[1:]
			aside = append(aside, Unknown)
			continue
		}
		g, h, err := s.fromGrip(p, grip, hid, c, "set %s aside")
		switch {
		case err == errNotInGrip:
			return fail(violation(fmt.Sprintf("%s is not in %s's grip (or not that many times)", c, s.name(p)), ruleMulligan))
		case err != nil:
			return fail(s.conflict(p, "set aside", c, err))
		}
		grip, hid = g, h
		aside = append(aside, c)
	}
	pl.grip, pl.gripHidden = grip, hid
	// The unknown set-aside cards stay hidden cards of the ledger until
	// they are shuffled back: the new draw cannot be them.
	var named []string
	for _, c := range aside {
		if c != Unknown {
			named = append(named, c)
		}
	}
	s.owe(p, len(m.Cards), append(named, unknowns(len(asideHidden))...), asideHidden)
	return nil
}

func unknowns(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = Unknown
	}
	return out
}

// secure sets player p's security without a seed, on their set-up line
// (ruling D32): the top cards of their deck, as many as it has up to 5.
func (s *State) secure(p int, m Secure) error {
	pl := s.players[p]
	if !s.unseeded() {
		return seedDeals("the seed sets the security; leave it out")
	}
	switch {
	case pl.main == "":
		return ruling("D32", rulingSecure, fmt.Sprintf("%s's security is set once their grip is drawn and kept", s.name(p)))
	case pl.secured:
		return ruling("D32", rulingSecure, fmt.Sprintf("%s's security is already set", s.name(p)))
	}
	n := min(SecuritySize, len(pl.deck))
	if len(m.Cards) != n {
		return violation(fmt.Sprintf("%s's security takes %s from the deck, not %d", s.name(p), cardsWord(n), len(m.Cards)), ruleSecurity)
	}
	undo := s.undoable(len(m.Cards))
	if err := s.setSecurity(p, m.Cards); err != nil {
		undo()
		return err
	}
	pl.decided = true
	return nil
}

// setSecurity takes player p's security from their deck, top first: each
// card named is taken from the pool, each ? hidden.
func (s *State) setSecurity(p int, cards []string) error {
	pl := s.players[p]
	sec := make([]string, 0, len(cards))
	hid := make([]hidden.Card, 0, len(cards))
	for _, c := range cards {
		if c == Unknown {
			id, err := s.ledger.Hide(pl.pool)
			if err != nil {
				return ruling("D33", rulingCould, fmt.Sprintf("%s's security cannot take a card nobody recorded: %v", s.name(p), err))
			}
			sec, hid = append(sec, Unknown), append(hid, id)
			continue
		}
		if err := s.ownCard(p, c); err != nil {
			return err
		}
		if err := s.ledger.Take(pl.pool, c, s.lastSeen(pl.pool, c, p, "put %s in security")); err != nil {
			return s.conflict(p, "set in security", c, err)
		}
		sec, hid = append(sec, c), append(hid, -1)
	}
	pl.security, pl.securityHidden = sec, hid
	pl.deck = pl.deck[len(cards):]
	pl.secured = true
	return nil
}

// revealUnseeded checks a revealed security card against the top of the
// security: a known card must be it; one nobody recorded must could be it.
func (s *State) revealUnseeded(r Reveal) error {
	d := s.damage
	pl := s.players[d.to]
	if r.Card == Unknown {
		return ruling("D35", rulingReadAtOnce, fmt.Sprintf("%s's revealed security card is written by name: its power is compared at once", s.name(d.to)))
	}
	if pl.security[0] != Unknown {
		return nil // checked as a seeded one is
	}
	if err := s.ownCard(d.to, r.Card); err != nil {
		return err
	}
	if err := s.ledger.Reveal(pl.securityHidden[0], r.Card, s.lastSeen(pl.pool, r.Card, d.to, "revealed %s from security")); err != nil {
		return s.conflict(d.to, "reveal", r.Card, err) // the ledger refused it, and is as it was
	}
	pl.security = append([]string{r.Card}, pl.security[1:]...)
	return nil
}

// Recorded returns, and forgets, what the game wrote since it was last
// asked, as a transcript without a seed writes it (engine.Recorder): each
// move, the cards each draw gave, and each security as it is set, on its
// player's set-up line once their grip is kept. The first call starts the
// record, and returns nothing: a state keeps no record until asked.
func (s *State) Recorded() []engine.By {
	if s.log == nil {
		s.log = &[]engine.By{}
		return nil
	}
	out := *s.log
	*s.log = nil
	return out
}

// record notes a move about to be applied, when the game is recorded; it
// returns where the move's entries begin, -1 when none is kept.
func (s *State) record(p int, m engine.Move) int {
	if s.log == nil {
		return -1
	}
	mark := len(*s.log)
	*s.log = append(*s.log, engine.By{Player: p, Move: m})
	s.logMark = mark
	return mark
}

// recorded finishes a move's entries: none for a move refused; a kept
// grip's security after the move that kept it; and no draw made in a move
// that ended the game, which a transcript does not write.
func (s *State) recorded(p int, m engine.Move, mark int, err error) {
	if mark < 0 {
		return
	}
	log := *s.log
	switch {
	case err != nil:
		*s.log = log[:mark]
		return
	case s.outcome.Over:
		*s.log = slices.DeleteFunc(log[mark+1:], func(e engine.By) bool { return isDraw(e.Move) })
		*s.log = append(log[:mark+1:mark+1], *s.log...)
		return
	}
	if sl, ok := m.(engine.OnSetupLine); ok {
		switch sl.Move.(type) {
		case Keep, Mulligan:
			pl := s.players[p]
			n := min(SecuritySize, len(pl.deck))
			*s.log = append(*s.log, engine.By{Player: p, Move: engine.OnSetupLine{Move: Secure{slices.Clone(pl.deck[:n])}}})
		}
	}
}

// beganRecorded puts the move that began the first turn after what its
// start drew, as a transcript writes them.
func (s *State) beganRecorded() {
	if s.log == nil {
		return
	}
	log := *s.log
	if s.logMark < len(log) {
		move := log[s.logMark]
		copy(log[s.logMark:], log[s.logMark+1:])
		log[len(log)-1] = move
	}
}

func isDraw(m engine.Move) bool {
	if sl, ok := m.(engine.OnSetupLine); ok {
		m = sl.Move
	}
	_, ok := m.(Draw)
	return ok
}

// logDraw records the cards player p drew, when the game is recorded: on
// their set-up line in the set-up, else in the turn's line.
func (s *State) logDraw(p int, cards []string) {
	if s.log == nil || len(cards) == 0 {
		return
	}
	var m engine.Move = Draw{Cards: slices.Clone(cards), by: p + 1}
	writer := s.active
	if s.setup {
		writer, m = p, engine.OnSetupLine{Move: m}
	}
	*s.log = append(*s.log, engine.By{Player: writer, Move: m})
}

// Hide writes m, made by player, as seat saw it (engine.Hider): the other
// player's draws and the cards they set aside are ?, and so is every
// security card, which nobody sees as it is set.
func (s *State) Hide(seat, player int, m engine.Move) engine.Move {
	if sl, ok := m.(engine.OnSetupLine); ok {
		return engine.OnSetupLine{Move: s.Hide(seat, player, sl.Move)}
	}
	switch m := m.(type) {
	case Draw:
		if m.by-1 != seat {
			return Draw{Cards: unknowns(len(m.Cards)), by: m.by}
		}
	case Mulligan:
		if player != seat {
			return Mulligan{Cards: unknowns(len(m.Cards))}
		}
	case Secure:
		return Secure{Cards: unknowns(len(m.Cards))}
	}
	return m
}

// whereAll says where every copy of card among player p's cards is, when
// their zones hold them all, as in "3 on Ben's field"; "" when some are
// elsewhere (set aside by a mulligan not yet shuffled back).
func (s *State) whereAll(p int, card string) string {
	pl := s.players[p]
	copies := 0
	for _, mod := range pl.modules {
		for _, c := range s.cards.decks[mod] {
			if c == card {
				copies++
			}
		}
	}
	field := 0
	for _, d := range pl.daemons {
		if d.Card.Name == card {
			field++
		}
	}
	count := func(zone []string) int {
		n := 0
		for _, c := range zone {
			if c == card {
				n++
			}
		}
		return n
	}
	var parts []string
	total := 0
	for _, z := range []struct {
		n    int
		zone string
	}{{count(pl.grip), "in %s's grip"}, {field, "on %s's field"}, {count(pl.security), "in %s's security"}, {count(pl.scripts), "in %s's script zone"}, {count(pl.heap), "in %s's heap"}} {
		if z.n > 0 {
			parts = append(parts, fmt.Sprintf("%d "+z.zone, z.n, s.name(p)))
			total += z.n
		}
	}
	if total != copies || total == 0 {
		return ""
	}
	return strings.Join(parts, ", ")
}
