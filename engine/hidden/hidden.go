// Package hidden keeps what a record tells of the cards nobody wrote down:
// a card drawn as "?", laid face down, set aside unseen. Engines ask it
// whether a card written later by name could be one of them.
//
// Cards come from pools: a deck and whatever was drawn from it unseen. A
// pool knows how many copies of each name its world holds (in the deck,
// or in the hidden cards drawn from it). The ledger holds, at every
// moment, an assignment of the pool's hidden cards to distinct copies of
// its world, each within what the card could be; a record that leaves no
// such assignment is refused at the move that makes it so.
//
// A hidden card cannot be a name whose copies were all seen elsewhere at
// any moment while it was hidden: that copy was then elsewhere, and the
// card was one copy all along. This holds for good, even after the seen
// copies are shuffled back (Add). A hidden card shuffled back into its
// pool (Return) merges with it, and what was known of it is forgotten.
//
// Every operation is polynomial: an augmenting path over the pool's
// hidden cards and names, never a search over assignments.
package hidden

import (
	"fmt"
	"slices"
)

// Unknown is how every game writes a card nobody recorded.
const Unknown = "?"

// Pool names a pool of a ledger.
type Pool int

// Card names a hidden card of a ledger.
type Card int

// Conflict is the error for a card written by name that cannot be where
// the record puts it.
type Conflict struct {
	Name string
	// Why is the reason the record gave (to Take or Reveal) when the last
	// copy of Name in the pool's world was seen, as in "it was discarded
	// on turn 4"; "" when the pool never held one.
	Why string
	// Forced is set when copies are left, but hidden cards the record
	// holds elsewhere must be them: the card would leave those nothing.
	Forced bool
}

func (c *Conflict) Error() string {
	switch {
	case c.Forced:
		return fmt.Sprintf("%s: the copies left must be cards already hidden elsewhere", c.Name)
	case c.Why != "":
		return fmt.Sprintf("%s: %s", c.Name, c.Why)
	}
	return fmt.Sprintf("%s: there is no such card to take", c.Name)
}

// Ledger is the hidden cards of a game and the pools they come from. Its
// zero value has no pools; Clone copies it.
type Ledger struct {
	pools   []*pool
	cards   []card
	epoch   int
	assumed int
}

type pool struct {
	names []string // every name the pool ever held, in order of first sight
	// index is the position of each of names[:len(index)]; the few names
	// after those are found by a scan. A map is never written once made,
	// so that clones share it: copying it was most of a clone.
	index map[string]int
	count []int // copies in the pool's world, by name
	load  []int // hidden cards matched to each name
	// lastEnd is the epoch at which the name's count last rose from zero,
	// zeroWhy the reason given when it last fell to zero.
	lastEnd []int
	zeroWhy []string
	live    []Card // the pool's hidden cards, in order of birth
}

type card struct {
	pool  Pool
	birth int
	live  bool
	as    int // the name index the card is matched to
}

// NewPool adds a pool whose world holds the cards named, a copy each time
// a name is listed.
func (l *Ledger) NewPool(cards []string) Pool {
	// Room for every card a name: a deck of distinct cards (Sortie's)
	// grew each list a card at a time.
	n := len(cards)
	p := &pool{index: make(map[string]int, n), names: make([]string, 0, n), count: make([]int, 0, n),
		load: make([]int, 0, n), lastEnd: make([]int, 0, n), zeroWhy: make([]string, 0, n)}
	for _, name := range cards {
		i, ok := p.index[name]
		if !ok {
			i = p.add(name)
			p.index[name] = i // no clone shares a new pool's index yet
		}
		p.count[i]++
	}
	l.pools = append(l.pools, p)
	return Pool(len(l.pools) - 1)
}

// indexOf is the position of each name.
func indexOf(names []string) map[string]int {
	index := make(map[string]int, len(names))
	for i, name := range names {
		index[name] = i
	}
	return index
}

// scanned is how many names past those of a pool's index are found by a
// scan before the index is made again.
const scanned = 8

// lookup is the index of name, if the pool has held it.
func (p *pool) lookup(name string) (int, bool) {
	if i, ok := p.index[name]; ok {
		return i, true
	}
	for i := len(p.index); i < len(p.names); i++ {
		if p.names[i] == name {
			return i, true
		}
	}
	return 0, false
}

// name is the index of name, added with no copies if new.
func (p *pool) name(name string) int {
	if i, ok := p.lookup(name); ok {
		return i
	}
	i := p.add(name)
	if len(p.names)-len(p.index) > scanned {
		p.index = indexOf(p.names)
	}
	return i
}

// add adds name with no copies, and returns its index.
func (p *pool) add(name string) int {
	p.names = append(p.names, name)
	p.count = append(p.count, 0)
	p.load = append(p.load, 0)
	p.lastEnd = append(p.lastEnd, 0)
	p.zeroWhy = append(p.zeroWhy, "")
	return len(p.names) - 1
}

// Count is how many copies of name the pool's world holds: in the deck,
// or among its hidden cards.
func (l *Ledger) Count(p Pool, name string) int {
	pl := l.pools[p]
	if i, ok := pl.lookup(name); ok {
		return pl.count[i]
	}
	return 0
}

// KeepsWhy tells whether a Take or Reveal of name from the pool would keep
// the reason it is given: only the one that sees the last copy of the name
// in the pool's world does (Conflict.Why quotes it), so a caller need
// make a reason for no other.
func (l *Ledger) KeepsWhy(p Pool, name string) bool { return l.Count(p, name) == 1 }

// Hidden is the number of the pool's cards still hidden.
func (l *Ledger) Hidden(p Pool) int { return len(l.pools[p].live) }

// Assumptions counts the successful reveals: moves legal only because a
// hidden card could be the card they name.
func (l *Ledger) Assumptions() int { return l.assumed }

// Add puts a seen copy of name into the pool unseen, as a card shuffled
// into a deck.
func (l *Ledger) Add(p Pool, name string) {
	l.epoch++
	pl := l.pools[p]
	i := pl.name(name)
	if pl.count[i] == 0 {
		pl.lastEnd[i] = l.epoch
	}
	pl.count[i]++
}

// Take takes a copy of name out of the pool seen, as a card drawn face up
// or written by name; why says where it went, for later conflicts ("Ann
// drew it on turn 3"). Nothing changes when it returns an error.
func (l *Ledger) Take(p Pool, name, why string) error {
	pl := l.pools[p]
	i, ok := pl.lookup(name)
	if !ok || pl.count[i] == 0 {
		return pl.conflict(name)
	}
	if !l.lower(p, i) {
		return &Conflict{Name: name, Forced: true}
	}
	l.epoch++
	pl.seen(i, why)
	return nil
}

func (pl *pool) conflict(name string) *Conflict {
	if i, ok := pl.lookup(name); ok {
		return &Conflict{Name: name, Why: pl.zeroWhy[i]}
	}
	return &Conflict{Name: name}
}

// seen notes that a copy of name i was seen: its count has fallen.
func (pl *pool) seen(i int, why string) {
	if pl.count[i] == 0 {
		pl.zeroWhy[i] = why
	}
}

// lower takes one copy of name i out of the pool's world, rematching the
// hidden cards if one matched to it must move; false, with nothing
// changed, when they cannot.
func (l *Ledger) lower(p Pool, i int) bool {
	pl := l.pools[p]
	pl.count[i]--
	if pl.load[i] <= pl.count[i] {
		return true
	}
	// One hidden card matched to i must find another name. If none can,
	// no other card matched to i could either (a failed augmenting path
	// proves the matching maximum), and augment undoes what it tried.
	for _, c := range pl.live {
		if l.cards[c].as != i {
			continue
		}
		l.unmatch(c)
		var buf [64]bool
		banned := bannedNames(len(pl.names), &buf)
		banned[i] = true
		if l.augment(c, banned) {
			return true
		}
		l.match(c, i)
		break
	}
	pl.count[i]++
	return false
}

// Hide takes a card out of the pool unseen and returns it. It fails when
// the pool has no card to give: every copy left is a hidden card already.
func (l *Ledger) Hide(p Pool) (Card, error) {
	l.epoch++
	c := Card(len(l.cards))
	l.cards = append(l.cards, card{pool: p, birth: l.epoch, live: true, as: -1})
	pl := l.pools[p]
	pl.live = append(pl.live, c)
	var buf [64]bool
	if !l.augment(c, bannedNames(len(pl.names), &buf)) {
		pl.live = pl.live[:len(pl.live)-1]
		l.cards = l.cards[:len(l.cards)-1]
		l.epoch--
		return 0, fmt.Errorf("no card is left to take unseen")
	}
	return c, nil
}

// Could tells whether the hidden card c could be name, as far as its own
// history goes (the matching of the others is not consulted).
func (l *Ledger) Could(c Card, name string) bool {
	cd := l.cards[c]
	if !cd.live {
		return false
	}
	pl := l.pools[cd.pool]
	i, ok := pl.lookup(name)
	return ok && l.allowed(c, i)
}

// allowed is whether the hidden card c may be matched to name i: its
// pool holds a copy, and had one all through c's life.
func (l *Ledger) allowed(c Card, i int) bool {
	cd := l.cards[c]
	pl := l.pools[cd.pool]
	return pl.count[i] > 0 && pl.lastEnd[i] <= cd.birth
}

// Reveal shows the hidden card c to be name; why says where it went, as
// for Take. Nothing changes when it returns an error.
func (l *Ledger) Reveal(c Card, name, why string) error {
	cd := l.cards[c]
	if !cd.live {
		return fmt.Errorf("hidden card %d is no longer hidden", c)
	}
	pl := l.pools[cd.pool]
	i, ok := pl.lookup(name)
	if !ok || !l.allowed(c, i) {
		return pl.conflict(name)
	}
	was, at := cd.as, slices.Index(pl.live, c)
	l.unmatch(c)
	l.kill(c)
	if !l.lower(cd.pool, i) {
		// Put c back as it was.
		pl.live = slices.Insert(pl.live, at, c)
		l.cards[c].live = true
		if was >= 0 {
			l.match(c, was)
		}
		return &Conflict{Name: name, Forced: true}
	}
	l.epoch++
	pl.seen(i, why)
	l.assumed++
	return nil
}

// RevealOne shows one of the hidden cards cs to be name, as a card played
// by name from a hand of unknown cards, and returns which: the oldest that
// can be it. A newer card can be every name an older one can (and those
// shuffled in between), so spending the oldest never refuses a record
// that another choice would accept. When none can be it, the error is the
// one for the card the present matching makes name, else for the first
// of cs. Nothing changes when it returns an error.
func (l *Ledger) RevealOne(cs []Card, name, why string) (int, error) {
	oldest, told := -1, -1
	for k, c := range cs {
		cd := l.cards[c]
		if !cd.live {
			continue
		}
		if oldest < 0 || c < cs[oldest] {
			oldest = k
		}
		if told < 0 || cd.as >= 0 && l.pools[cd.pool].names[cd.as] == name && l.cards[cs[told]].as != cd.as {
			told = k
		}
	}
	if oldest < 0 {
		return -1, fmt.Errorf("no hidden card to reveal")
	}
	// By age: the cards' numbers are in the order they were hidden.
	for tried := 0; tried < len(cs); tried++ {
		k := oldest
		if err := l.Reveal(cs[k], name, why); err == nil {
			return k, nil
		}
		oldest = -1
		for j, c := range cs {
			if l.cards[c].live && c > cs[k] && (oldest < 0 || c < cs[oldest]) {
				oldest = j
			}
		}
		if oldest < 0 {
			break
		}
	}
	return -1, l.Reveal(cs[told], name, why)
}

// Return puts the hidden card c back into its pool unseen, as a card
// shuffled back; what was known of it is forgotten.
func (l *Ledger) Return(c Card) {
	l.epoch++
	if !l.cards[c].live {
		return
	}
	l.unmatch(c)
	l.kill(c)
}

func (l *Ledger) unmatch(c Card) {
	cd := &l.cards[c]
	if cd.as >= 0 {
		l.pools[cd.pool].load[cd.as]--
		cd.as = -1
	}
}

func (l *Ledger) kill(c Card) {
	cd := &l.cards[c]
	cd.live = false
	pl := l.pools[cd.pool]
	pl.live = slices.DeleteFunc(pl.live, func(d Card) bool { return d == c })
}

// augment matches the unmatched hidden card c, moving others along an
// augmenting path if it must; banned names (visited) are not tried.
func (l *Ledger) augment(c Card, visited []bool) bool {
	pl := l.pools[l.cards[c].pool]
	// A name with a free copy first: the common case, with no path.
	for i := range pl.names {
		if !visited[i] && pl.load[i] < pl.count[i] && l.allowed(c, i) {
			l.match(c, i)
			return true
		}
	}
	for i := range pl.names {
		if visited[i] || !l.allowed(c, i) {
			continue
		}
		visited[i] = true
		for _, d := range pl.live {
			if d == c || l.cards[d].as != i {
				continue
			}
			l.unmatch(d)
			l.match(c, i)
			if l.augment(d, visited) {
				return true
			}
			l.unmatch(c)
			l.match(d, i)
		}
	}
	return false
}

// bannedNames is an empty set of a pool's n names, by index, for augment:
// in buf, on the caller's stack, for a pool of up to 64 names (every
// game's deck), where a map was made for each card hidden.
func bannedNames(n int, buf *[64]bool) []bool {
	if n <= len(buf) {
		return buf[:n]
	}
	return make([]bool, n)
}

func (l *Ledger) match(c Card, i int) {
	cd := &l.cards[c]
	cd.as = i
	l.pools[cd.pool].load[i]++
}

// Clone returns an independent copy.
func (l *Ledger) Clone() *Ledger { return l.CloneInto(nil) }

// CloneInto is Clone, written over dst where dst has room: for a copy
// made again at every move and thrown away unless the move is refused,
// the last one's memory serves the next. dst must be a ledger nothing
// else uses; nil makes a new one.
func (l *Ledger) CloneInto(dst *Ledger) *Ledger {
	if l == nil {
		return nil
	}
	if dst == nil {
		dst = &Ledger{}
	}
	dst.cards = copyOver(dst.cards, l.cards)
	dst.epoch, dst.assumed = l.epoch, l.assumed
	for i, p := range l.pools {
		if i == len(dst.pools) {
			dst.pools = append(dst.pools, &pool{})
		}
		q := dst.pools[i]
		q.names, q.index = slices.Clip(p.names), p.index // shared: names are only ever appended
		q.count = copyOver(q.count, p.count)
		q.load = copyOver(q.load, p.load)
		q.lastEnd = copyOver(q.lastEnd, p.lastEnd)
		q.zeroWhy = copyOver(q.zeroWhy, p.zeroWhy)
		q.live = copyOver(q.live, p.live)
	}
	dst.pools = dst.pools[:len(l.pools)]
	return dst
}

// copyOver is src copied over dst's memory where it has room; nil for
// nil, and empty for empty, as slices.Clone gives, so that a copy
// compares equal to its original.
func copyOver[T any](dst, src []T) []T {
	if src == nil || dst == nil {
		return slices.Clone(src)
	}
	return append(dst[:0], src...)
}
