package void

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/hidden"
)

// Void has no deck: nothing is drawn or shuffled during play, and a
// transcript has always declared the hands on its set-up lines (ruling
// V1). What a record may leave unwritten is a card of a hand or a cache,
// written ? (ruling V35). A card of the catalogue may be at the table any
// number of times, unless the catalogue gives its copies (ruling V36): a
// hidden card is then one of the copies not seen elsewhere. The hidden
// cards and the copies are kept in a ledger (package hidden) of one pool,
// the table's cards, made at the first ?: a game that writes none keeps
// no ledger and pays nothing for it.

// Unknown is a card nobody recorded, written ? in a hand or a cache.
const Unknown = hidden.Unknown

// anyCard is the pool's name for a card of the catalogue without copies:
// there are always enough of them, and which one a hidden card is never
// matters to the others, so that the ledger keeps one name for them all,
// with a copy more than the hidden cards.
const anyCard = "\x00any card"

// hiddenCards are the cards of a game that nobody recorded.
type hiddenCards struct {
	ledger *hidden.Ledger
	pool   hidden.Pool
	// unlimited tells whether the catalogue has a card without copies, of
	// which a hidden card may be one (anyCard).
	unlimited bool
	// hand are the unknown cards in each hand.
	hand [2][]hidden.Card
}

func (h *hiddenCards) clone() *hiddenCards {
	if h == nil {
		return nil
	}
	c := *h
	c.ledger = h.ledger.Clone()
	for p := range c.hand {
		c.hand[p] = slices.Clone(h.hand[p])
	}
	return &c
}

// ledgerName is the ledger's name for a card: its own with copies, anyCard
// without.
func ledgerName(c *Card) string {
	if c.Copies > 0 {
		return c.Name
	}
	return anyCard
}

// newHidden makes the ledger at the first ?: the catalogue's copies, less
// those the set-up has declared already.
func (s *State) newHidden() *hiddenCards {
	var world []string
	h := &hiddenCards{ledger: &hidden.Ledger{}}
	for _, c := range s.cards.all {
		if c.Copies == 0 {
			h.unlimited = true
		}
		for range c.Copies {
			world = append(world, c.Name)
		}
	}
	if h.unlimited {
		world = append(world, anyCard)
	}
	h.pool = h.ledger.NewPool(world)
	// The counts were checked as each card was declared: each is taken.
	take := func(name, why string) {
		if c, ok := s.cards.Card(name); ok && c.Copies > 0 {
			_ = h.ledger.Take(h.pool, name, why)
		}
	}
	for p, pl := range s.players {
		for _, name := range pl.hand {
			take(name, s.setupWhy(p, "hand"))
		}
		for _, name := range pl.cache {
			take(name, s.setupWhy(p, "cache"))
		}
	}
	for _, pm := range s.perms {
		take(pm.card.Name, s.setupWhy(pm.owner, "play"))
	}
	return h
}

// setupWhy says where the set-up put a card, for a later conflict.
func (s *State) setupWhy(p int, where string) string {
	if where == "play" {
		return fmt.Sprintf("in play, %s's, from the set-up", s.name(p))
	}
	return fmt.Sprintf("in %s's %s from the set-up", s.name(p), where)
}

// onTable counts the copies of a card the set-up has declared so far.
func (s *State) onTable(name string) int {
	n := 0
	for _, pl := range s.players {
		for _, c := range pl.hand {
			if c == name {
				n++
			}
		}
		for _, c := range pl.cache {
			if c == name {
				n++
			}
		}
	}
	for _, pm := range s.perms {
		if pm.card.Name == name {
			n++
		}
	}
	return n
}

// unknownAllowed refuses a ? in p's hand or cache (where) that the record
// should have written: under a Seed tag, which plans every hand (ruling
// V38), and from one seat, that seat's own hand and every cache, which
// the seat sees (ruling V37).
func (s *State) unknownAllowed(p int, where string) error {
	switch {
	case s.seeded:
		return ruling("V38", rulingSeedUnknown, "the Seed tag plans every hand: write the cards the seed gives, or leave the Seed tag out")
	case s.oneSeat && where == "cache":
		return ruling("V37", rulingOneSeat, fmt.Sprintf("the record is from %s's seat: a cache is face up, and its cards are written", s.name(s.seat)))
	case s.oneSeat && p == s.seat:
		return ruling("V37", rulingOneSeat, fmt.Sprintf("the record is from %s's seat: %s's own hand is written", s.name(s.seat), s.name(p)))
	}
	return nil
}

// account checks the cards a set-up line puts in p's hand, cache or in
// play (where) against the catalogue's copies (ruling V36), and hides the
// unknown ones (ruling V35). It changes nothing: it returns the hidden
// cards as they stand with the cards in, to be kept once the declaration
// stands (nil for a game with none), and the unknown cards' ids, in order.
func (s *State) account(p int, names []string, where string) (*hiddenCards, []hidden.Card, error) {
	unknown, limited := 0, false
	for _, name := range names {
		if name == Unknown {
			unknown++
			continue
		}
		// A catalogue that limits no card (most do not) has none to find.
		if !s.cards.limited {
			continue
		}
		if c, _ := s.cards.Card(name); c.Copies > 0 {
			limited = true
		}
	}
	if unknown > 0 {
		if err := s.unknownAllowed(p, where); err != nil {
			return nil, nil, err
		}
	}
	if unknown == 0 && s.hid == nil {
		// No ledger: the copies are counted on the table, where a card
		// named has a number of them.
		if !limited {
			return nil, nil, nil
		}
		for i, name := range names {
			c, _ := s.cards.Card(name)
			if c.Copies == 0 {
				continue
			}
			if n := s.onTable(name) + count(names[:i+1], name); n > c.Copies {
				return nil, nil, ruling("V36", rulingCopies, fmt.Sprintf("the catalogue has %s of %s, and the set-up declares %d", copies(c.Copies), name, n))
			}
		}
		return nil, nil, nil
	}
	h := s.hid
	switch {
	case h == nil:
		h = s.newHidden()
	case limited || !h.unlimited:
		// A take or a hide may fail: on a copy, kept if all goes in.
		h = h.clone()
	}
	var ids []hidden.Card
	for _, name := range names {
		if name == Unknown {
			if h.unlimited {
				// One copy more than the hidden cards, always.
				h.ledger.Add(h.pool, anyCard)
			}
			id, err := h.ledger.Hide(h.pool)
			if err != nil {
				return nil, nil, ruling("V36", rulingCopies, "no card is left for a ? to be: the catalogue's copies are all declared")
			}
			ids = append(ids, id)
			continue
		}
		c, _ := s.cards.Card(name)
		if c.Copies == 0 {
			continue
		}
		if err := h.ledger.Take(h.pool, name, s.setupWhy(p, where)); err != nil {
			var cf *hidden.Conflict
			if errors.As(err, &cf) && cf.Forced {
				return nil, nil, ruling("V36", rulingCopies, fmt.Sprintf("the catalogue has %s of %s, and the unknown cards declared must hold those left", copies(c.Copies), name))
			}
			return nil, nil, ruling("V36", rulingCopies, fmt.Sprintf("the catalogue has %s of %s, and the set-up declares one more", copies(c.Copies), name))
		}
	}
	return h, ids, nil
}

func count(names []string, name string) int {
	n := 0
	for _, c := range names {
		if c == name {
			n++
		}
	}
	return n
}

// copies says how many copies: 1 copy, 2 copies.
func copies(n int) string {
	if n == 1 {
		return "1 copy"
	}
	return fmt.Sprintf("%d copies", n)
}

// revealed is one of p's unknown cards shown to be a card, ready to be
// kept: the hidden cards once it is out of the hand.
type revealed struct {
	hid *hiddenCards
}

// reveal finds an unknown card of p's hand that could be c, played or
// converted (verb) (ruling V35), and returns the hidden cards as they
// are once it is out, to be kept (keep) when the move stands. A card with
// copies is an unknown card that could be one of the copies not seen
// elsewhere: it is shown on a copy of the ledger, and a refusal changes
// nothing. A card without copies is any unknown card, which cannot fail:
// it is shown on the ledger itself, without a copy, so that a move calls
// reveal once nothing else can refuse it.
func (s *State) reveal(p int, c *Card, verb string) (revealed, error) {
	h := s.hid
	if c.Copies > 0 || !h.unlimited {
		h = h.clone()
	}
	why := fmt.Sprintf("%s %s it on turn %d", s.name(p), verb, s.turn)
	// Every unknown card of a Void game was hidden at the set-up, from the
	// whole table's copies, none of which comes back: any one could be
	// what another could, and the last of the hand is tried alone, rather
	// than each in turn (RevealOne).
	k := len(h.hand[p]) - 1
	err := h.ledger.Reveal(h.hand[p][k], ledgerName(c), why)
	if err != nil {
		var cf *hidden.Conflict
		what := fmt.Sprintf("%s cannot hold %s: no unknown card of the hand could be it", s.name(p), c.Name)
		if errors.As(err, &cf) {
			switch {
			case cf.Forced:
				what = fmt.Sprintf("%s cannot hold %s: the catalogue has %s, and the unknown cards elsewhere must hold those left", s.name(p), c.Name, copies(c.Copies))
			default:
				// Every copy is seen, and in Void stays on the table: where
				// they stand now, as a position declaring this table would
				// say it too.
				they := "they are"
				if c.Copies == 1 {
					they = "it is"
				}
				what = fmt.Sprintf("%s cannot hold %s: the catalogue has %s, and %s %s", s.name(p), c.Name, copies(c.Copies), they, s.whereIs(c.Name))
			}
		}
		return revealed{}, ruling("V36", rulingCopies, what)
	}
	if h == s.hid {
		// Shown as a card without copies, which cannot fail: on the
		// ledger itself, as the move stands from here.
		h = &hiddenCards{ledger: h.ledger, pool: h.pool, unlimited: h.unlimited, hand: h.hand}
	}
	// The last is taken: the list shrinks, and the copies of the state
	// that share it (a clone copies it) read no further than their own.
	h.hand[p] = h.hand[p][:k:k]
	return revealed{h}, nil
}

// whereIs says where the copies of a card written by name are: in hands,
// caches, in play and in the queue, in that order, as in "in Ann's hand
// and in Ben's cache".
func (s *State) whereIs(name string) string {
	var places []string
	at := func(n int, place string) {
		if n == 1 {
			places = append(places, place)
		} else if n > 1 {
			places = append(places, fmt.Sprintf("%s (%d)", place, n))
		}
	}
	for p, pl := range s.players {
		at(count(pl.hand, name), fmt.Sprintf("in %s's hand", s.name(p)))
	}
	for p, pl := range s.players {
		at(count(pl.cache, name), fmt.Sprintf("in %s's cache", s.name(p)))
	}
	for p := range s.players {
		n := 0
		for _, pm := range s.perms {
			if pm.owner == p && pm.card.Name == name {
				n++
			}
		}
		at(n, fmt.Sprintf("in play, %s's", s.name(p)))
	}
	for p := range s.players {
		n := 0
		for _, a := range s.queue {
			if a.owner == p && a.kind == "play" && a.card.Name == name {
				n++
			}
		}
		at(n, fmt.Sprintf("in the queue, %s's", s.name(p)))
	}
	switch len(places) {
	case 0:
		return "elsewhere"
	case 1:
		return places[0]
	}
	return strings.Join(places[:len(places)-1], ", ") + " and " + places[len(places)-1]
}

// keep makes a reveal stand: the unknown card leaves p's hand.
func (s *State) keep(p int, r revealed) {
	s.hid = r.hid
	// The last ? of the hand, which is the end of a hand written all ?.
	hand := s.players[p].hand
	for i := len(hand) - 1; i >= 0; i-- {
		if hand[i] == Unknown {
			s.players[p].hand = slices.Delete(hand, i, i+1)
			break
		}
	}
}

// hiddenHand refuses a card named from p's hand that holds no copy of it
// by name but unknown cards: it is one of them if one could be it, and
// the catalogue has no card by a name it does not give (ruling V35). A
// hand whose unknown cards are all shown is a hand of known cards, and
// says what such a hand says (ruling V12), as a position declaring it
// would.
func (s *State) hiddenHand(p int, card string) (*Card, error) {
	c, ok := s.cards.Card(card)
	if !ok {
		return nil, ruling("V35", rulingUnknown, fmt.Sprintf("%s cannot hold %s: the catalogue has no such card", s.name(p), card))
	}
	return c, nil
}

// Assumptions counts the moves legal only because an unknown card could
// be the card they name (engine.Assumer).
func (s *State) Assumptions() int {
	if s.hid == nil {
		return 0
	}
	return s.hid.ledger.Assumptions()
}

// Unknowns is how many unknown cards p's hand holds.
func (s *State) Unknowns(p int) int {
	if s.hid == nil {
		return 0
	}
	return len(s.hid.hand[p])
}

// Hide writes m, made by player, as seat saw it (engine.Hider): the other
// player's hand as unknown cards. Every other card is face up: in a cache,
// in play, and played or converted, named as it leaves the hand.
func (s *State) Hide(seat, player int, m engine.Move) engine.Move {
	sl, ok := m.(engine.OnSetupLine)
	if !ok || player == seat {
		return m
	}
	if h, ok := sl.Move.(Hand); ok {
		cards := make([]string, len(h.Cards))
		for i := range cards {
			cards[i] = Unknown
		}
		return engine.OnSetupLine{Move: Hand{cards}}
	}
	return m
}

var (
	_ engine.Assumer = (*State)(nil)
	_ engine.Hider   = (*State)(nil)
)
