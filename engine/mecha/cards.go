package mecha

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/catalogue"
	"github.com/tabletop-referee/referee/internal/namememo"
	"github.com/tabletop-referee/referee/internal/suggest"
)

// Kind is a type of card.
type Kind int

// The types of card.
const (
	Tower Kind = iota
	Mecha
	Pilot
	Command
)

var kindNames = []string{"tower", "mecha", "pilot", "command"}

func (k Kind) String() string { return kindNames[k] }

// Keywords are a card's keyword mechanics. Numbers add up over every
// instance (ruling M25); the others are there or not.
type Keywords struct {
	Armour, Speed, Range, Provide int
	Pierce, Flight, Reach, Haste  bool
}

// add stacks other onto k.
func (k *Keywords) add(other Keywords) {
	k.Armour += other.Armour
	k.Speed += other.Speed
	k.Range += other.Range
	k.Provide += other.Provide
	k.Pierce = k.Pierce || other.Pierce
	k.Flight = k.Flight || other.Flight
	k.Reach = k.Reach || other.Reach
	k.Haste = k.Haste || other.Haste
}

func (k Keywords) String() string {
	var out []string
	num := func(name string, n int) {
		if n > 0 {
			out = append(out, fmt.Sprintf("%s %d", name, n))
		}
	}
	flag := func(name string, on bool) {
		if on {
			out = append(out, name)
		}
	}
	num("provide", k.Provide)
	num("armour", k.Armour)
	num("speed", k.Speed)
	num("range", k.Range)
	flag("pierce", k.Pierce)
	flag("flight", k.Flight)
	flag("reach", k.Reach)
	flag("haste", k.Haste)
	return strings.Join(out, " ")
}

// Copies is how many copies of a card a deck may hold.
type Copies int

// The copy limits: three, any number (Basics) or one (Singletons).
const (
	Normal Copies = iota
	Basic
	Singleton
)

// TargetKind is what a command is aimed at.
type TargetKind int

// The kinds of target.
const (
	NoTarget TargetKind = iota
	AnyUnit
	MechaUnit
	TowerUnit
	AnySquare
)

// Whose restricts a target to its controller's side.
type Whose int

// Whose units a target may be.
const (
	Anyone Whose = iota
	Yours
	Enemy
)

// Target is what a command needs to be played onto.
type Target struct {
	Kind  TargetKind
	Whose Whose
}

func (t Target) String() string {
	what := [...]string{"", "unit", "mecha", "tower", "square"}[t.Kind]
	switch t.Whose {
	case Yours:
		return what + " you control"
	case Enemy:
		return "enemy " + what
	}
	return what
}

// Op is an effect's operation.
type Op int

// The effects a card can have (CARDS.md describes each).
const (
	OpPower Op = iota
	OpSpeed
	OpRange
	OpArmour
	OpDurability
	OpDamage
	OpDestroy
	OpDraw
	OpReveal
)

// Effect is one effect of a command, or of a pilot as it attaches.
type Effect struct {
	Op Op
	N  int
}

// onUnit tells whether the effect acts on a unit (and so needs one).
func (e Effect) onUnit() bool { return e.Op != OpDraw && e.Op != OpReveal }

func (e Effect) String() string {
	switch e.Op {
	case OpDestroy:
		return "destroy"
	case OpReveal:
		return "reveal hands"
	case OpDraw, OpDamage:
		return fmt.Sprintf("%s %d", opWords[e.Op], e.N)
	}
	return fmt.Sprintf("%s %+d", opWords[e.Op], e.N)
}

var opWords = map[Op]string{
	OpPower: "power", OpSpeed: "speed", OpRange: "range", OpArmour: "armour",
	OpDurability: "durability", OpDamage: "damage", OpDestroy: "destroy", OpDraw: "draw", OpReveal: "reveal",
}

// Card is one card of a catalogue.
type Card struct {
	Name   string
	Kind   Kind
	Copies Copies
	// Cost, Power and Durability are a unit's numbers; for a pilot, Power
	// and Durability are its modifiers.
	Cost, Power, Durability int
	Keywords                Keywords
	Rebirth                 bool   // may return from the graveyard by skipping a draw phase (ruling M24)
	Target                  Target // what a command is played onto
	Trigger                 bool   // a Trigger command
	Placed                  bool   // a command that stays on the battlefield
	Time                    int    // time counters a placed command starts with
	Effects                 []Effect
}

// IsUnit tells whether the card is a unit once played: a tower or a mecha.
func (c *Card) IsUnit() bool { return c.Kind == Tower || c.Kind == Mecha }

// Stats is a short description of the card's numbers and abilities.
func (c *Card) Stats() string {
	var out []string
	switch c.Kind {
	case Mecha:
		out = append(out, fmt.Sprintf("cost %d power %d durability %d", c.Cost, c.Power, c.Durability))
	case Tower:
		if c.Power > 0 {
			out = append(out, fmt.Sprintf("power %d", c.Power))
		}
		out = append(out, fmt.Sprintf("durability %d", c.Durability))
	case Pilot:
		if c.Power != 0 {
			out = append(out, fmt.Sprintf("power %+d", c.Power))
		}
		if c.Durability != 0 {
			out = append(out, fmt.Sprintf("durability %+d", c.Durability))
		}
	case Command:
		if c.Trigger {
			out = append(out, "trigger")
		}
		if c.Placed {
			out = append(out, fmt.Sprintf("placed time %d", c.Time))
		}
		if c.Target.Kind != NoTarget {
			out = append(out, "target "+c.Target.String())
		}
	}
	if k := c.Keywords.String(); k != "" {
		out = append(out, k)
	}
	if c.Rebirth {
		out = append(out, "rebirth")
	}
	switch c.Copies {
	case Basic:
		out = append(out, "basic")
	case Singleton:
		out = append(out, "singleton")
	}
	s := strings.Join(out, " ")
	if len(c.Effects) > 0 {
		var effects []string
		for _, e := range c.Effects {
			effects = append(effects, e.String())
		}
		s += ": " + strings.Join(effects, ", ")
	}
	return s
}

// DeckCount is a number of copies of a card in a deck list.
type DeckCount struct {
	Count int
	Card  string
}

// Cards is a loaded catalogue: its cards and its named decks.
type Cards struct {
	cards  []*Card
	byName map[string]*Card
	// byNames is cards in the order of their names: a deck's world
	// (deckWorld) listed in it is sorted already.
	byNames []*Card
	// bySlot holds each card at its name's slot (namememo.Slot) but where
	// an earlier card took it: a move naming a card finds it there without
	// the map's hash of the whole name, most moves that name one.
	bySlot [namememo.SlotCount]*Card
	decks  []namedDeck
}

type namedDeck struct {
	name  string
	list  []DeckCount
	cards []string // the list's cards, as deckCards lists them
	// bad is CheckDeck's verdict on the list, made once: a deck move
	// naming the deck gives a copy.
	bad *engine.Violation
}

// Card finds a card by name.
func (cs *Cards) Card(name string) (*Card, bool) {
	if name != "" {
		if c := cs.bySlot[namememo.Slot(name)]; c != nil && c.Name == name {
			return c, true
		}
	}
	c, ok := cs.byName[name]
	return c, ok
}

// All lists the cards in catalogue order.
func (cs *Cards) All() []*Card { return slices.Clone(cs.cards) }

// Decks lists the names of the catalogue's decks, the default first.
func (cs *Cards) Decks() []string {
	var out []string
	for _, d := range cs.decks {
		out = append(out, d.name)
	}
	return out
}

// Deck is a named deck's list.
func (cs *Cards) Deck(name string) ([]DeckCount, bool) {
	if d := cs.named(name); d != nil {
		return d.list, true
	}
	return nil, false
}

// named is the deck of that name, or nil.
func (cs *Cards) named(name string) *namedDeck {
	for i := range cs.decks {
		if cs.decks[i].name == name {
			return &cs.decks[i]
		}
	}
	return nil
}

// unknown says that no card has a name, suggesting the one most likely
// meant: the same name in another case, or a slip away (Scotu, Scout).
func (cs *Cards) unknown(name string) string {
	names := make([]string, len(cs.cards))
	for i, c := range cs.cards {
		names[i] = c.Name
	}
	return fmt.Sprintf("no card named %q in the catalogue%s", name, suggest.Hint(name, names))
}

// Limits on the numbers a catalogue may write: a prototype's numbers are
// small, and a typo such as 100 should not pass unnoticed.
const (
	maxStat    = 99
	maxKeyword = 9
	maxCost    = 20
	maxTime    = 9
	maxDraw    = 5
)

// Load reads a catalogue with Mecha's vocabulary (CARDS.md). It returns
// every error it finds, each at the item at fault.
func Load(cat *catalogue.Catalogue) (*Cards, []*catalogue.Error) {
	cs := &Cards{byName: make(map[string]*Card, len(cat.Entries))} // grown entry by entry, it rehashed
	cards, decks, errs := catalogue.Cards(cat, loadCard)
	cs.cards = cards
	for _, c := range cards {
		cs.byName[c.Name] = c
	}
	cs.byNames = slices.Clone(cards)
	slices.SortFunc(cs.byNames, func(a, b *Card) int { return strings.Compare(a.Name, b.Name) })
	for _, c := range cards {
		// The card the map holds for each name (the last of a name given
		// twice, which the catalogue refuses).
		if c.Name != "" && cs.byName[c.Name] == c && cs.bySlot[namememo.Slot(c.Name)] == nil {
			cs.bySlot[namememo.Slot(c.Name)] = c
		}
	}
	for _, e := range decks {
		list, err := cs.loadDeck(e)
		errs = append(errs, err...)
		cs.decks = append(cs.decks, namedDeck{e.Name, list, deckCards(list), cs.CheckDeck(list)})
	}
	return cs, errs
}

// reader walks an entry's items.
type reader struct {
	items []catalogue.Item
	i     int
	errs  []*catalogue.Error
	at    int // the ID to blame when the items run out
}

func (r *reader) more() bool { return r.i < len(r.items) }

func (r *reader) next() catalogue.Item {
	it := r.items[r.i]
	r.i++
	return it
}

func (r *reader) fail(id int, format string, args ...any) {
	r.errs = append(r.errs, catalogue.Errorf(id, format, args...))
}

// number reads the number after word, within lo..hi. signed says whether a
// sign is expected (a modifier) or refused (a card's own number).
func (r *reader) number(word catalogue.Item, lo, hi int, signed bool) (int, bool) {
	if !r.more() || r.items[r.i].Kind != catalogue.Number {
		r.fail(word.ID, "%s needs a number after it, as in %q", word.Word, example(word.Word, signed))
		return 0, false
	}
	n := r.next()
	switch {
	case n.Unit != "" && !(word.Word == "provide" && n.Unit == "u"):
		r.fail(n.ID, "%s takes a plain number, not %s", word.Word, n)
	case n.Signed && !signed && n.Number < 0:
		r.fail(n.ID, "%s cannot be negative", word.Word)
	case n.Signed && !signed:
		r.fail(n.ID, "%s takes a plain number, not %s: only modifiers are signed", word.Word, n)
	case n.Number < lo || n.Number > hi:
		r.fail(n.ID, "%s %s is out of range: it must be from %d to %d", word.Word, n, lo, hi)
	default:
		return n.Number, true
	}
	return 0, false
}

func example(word string, signed bool) string {
	if signed {
		return word + " +1"
	}
	return word + " 2"
}

var keywordWords = []string{"armour", "speed", "range", "provide", "pierce", "flight", "reach", "haste"}

// keyword reads a keyword if the word is one.
func (r *reader) keyword(w catalogue.Item, k *Keywords) bool {
	n := func(lo, hi int) int { v, _ := r.number(w, lo, hi, false); return v }
	switch w.Word {
	case "armour", "armor":
		k.Armour += n(1, maxKeyword)
	case "speed":
		k.Speed += n(1, maxKeyword)
	case "range":
		k.Range += n(1, maxKeyword)
	case "provide":
		k.Provide += n(1, maxCost)
	case "pierce":
		k.Pierce = true
	case "flight":
		k.Flight = true
	case "reach":
		k.Reach = true
	case "haste":
		k.Haste = true
	default:
		return false
	}
	return true
}

func loadCard(e catalogue.Entry) (*Card, []*catalogue.Error) {
	kind := slices.Index(kindNames, e.Kind)
	if kind < 0 {
		return nil, []*catalogue.Error{catalogue.Errorf(e.ID, "unknown kind of card %q: Mecha has tower, mecha, pilot, command and deck", e.Kind)}
	}
	c := &Card{Name: e.Name, Kind: Kind(kind)}
	r := &reader{items: e.Props, at: e.NameID}
	seen := map[string]int{}
	copiesWord := "" // basic or singleton, whichever was written
	for r.more() {
		w := r.next()
		if w.Kind != catalogue.Word {
			r.fail(w.ID, "expected a property such as %s, found %s", propsFor(c.Kind), w)
			continue
		}
		// Numbered keywords stack (ruling M25); any other property is
		// written once. Basic and singleton are one property.
		key := w.Word
		if key == "singleton" {
			key = "basic"
		}
		stacks := slices.Contains(keywordWords, w.Word) || w.Word == "armor"
		if _, dup := seen[key]; dup && !stacks {
			if key == "basic" && w.Word != copiesWord {
				r.fail(w.ID, "a card is basic or singleton, not both")
			} else {
				r.fail(w.ID, "%s is given twice", w.Word)
			}
			r.skipNumber()
			if key == "target" {
				// Read the second target's words for nothing: its one
				// error says enough.
				n := len(r.errs)
				r.target(w)
				r.errs = r.errs[:n]
			}
			continue
		}
		if !c.property(r, w) {
			r.fail(w.ID, "unknown property %q for a %s: expected %s", w.Word, c.Kind, propsFor(c.Kind))
			r.skipNumber()
			continue
		}
		seen[key] = w.ID
		if key == "basic" {
			copiesWord = w.Word
		}
	}
	for _, items := range e.Effect {
		if eff, ok := r.effect(items, e.ID); ok {
			c.Effects = append(c.Effects, eff)
		}
	}
	c.check(e, seen, r)
	return c, r.errs
}

// property reads property w of a card of c's kind; it tells whether the
// kind has it.
func (c *Card) property(r *reader, w catalogue.Item) bool {
	switch {
	case w.Word == "basic":
		c.Copies = Basic
	case w.Word == "singleton":
		c.Copies = Singleton
	case c.Kind == Mecha && w.Word == "cost":
		c.Cost, _ = r.number(w, 0, maxCost, false)
	case c.IsUnit() && w.Word == "power":
		c.Power, _ = r.number(w, 0, maxStat, false)
	case c.IsUnit() && w.Word == "durability":
		c.Durability, _ = r.number(w, 1, maxStat, false)
	case c.Kind == Pilot && w.Word == "power":
		c.Power, _ = r.number(w, -maxStat, maxStat, true)
	case c.Kind == Pilot && w.Word == "durability":
		c.Durability, _ = r.number(w, -maxStat, maxStat, true)
	case c.Kind == Mecha && w.Word == "rebirth":
		c.Rebirth = true
	case c.Kind == Tower && w.Word == "provide":
		return r.keyword(w, &c.Keywords)
	case c.Kind != Command && w.Word != "provide":
		return r.keyword(w, &c.Keywords)
	case c.Kind == Command && w.Word == "trigger":
		c.Trigger = true
	case c.Kind == Command && w.Word == "placed":
		c.Placed = true
	case c.Kind == Command && w.Word == "time":
		c.Time, _ = r.number(w, 1, maxTime, false)
	case c.Kind == Command && w.Word == "target":
		c.Target = r.target(w)
	default:
		return false
	}
	return true
}

// skipNumber passes over the number after a property already reported, so
// that it is not reported again as a stray item.
func (r *reader) skipNumber() {
	if r.more() && r.items[r.i].Kind == catalogue.Number {
		r.next()
	}
}

// check reports what a card of its kind must have and must not.
func (c *Card) check(e catalogue.Entry, seen map[string]int, r *reader) {
	need := func(words ...string) {
		for _, w := range words {
			if _, ok := seen[w]; !ok {
				r.fail(e.NameID, "a %s needs %s", c.Kind, w)
			}
		}
	}
	switch c.Kind {
	case Mecha:
		need("cost", "power", "durability")
	case Tower:
		need("durability")
		if _, ok := seen["provide"]; !ok {
			r.fail(e.NameID, "a tower needs provide, as in \"provide 1u\"")
		}
	case Command:
		_, hasTime := seen["time"]
		_, hasTarget := seen["target"]
		if c.Placed && !hasTime {
			r.fail(e.NameID, "a placed command needs time counters, as in \"placed time 2\"")
		}
		if c.Placed && hasTarget && c.Target.Kind != AnySquare || c.Placed && !hasTarget {
			r.fail(e.NameID, "a placed command is placed on a square: give it \"target square\"")
		}
		if !c.Placed && hasTime {
			r.fail(seen["time"], "only a placed command has time counters")
		}
		if !c.Placed && c.Target.Kind == AnySquare {
			r.fail(seen["target"], "only a placed command is played onto a square: add \"placed time N\", or target a unit")
		}
		if c.Trigger && c.Target.Kind != NoTarget {
			r.fail(seen["target"], "a trigger command takes effect from the damage zone, where nobody chooses a target: it cannot have one")
		}
		if len(e.Effect) == 0 {
			r.fail(e.NameID, "a command needs an effect after a colon, as in \": draw 1\"")
		}
		onUnit := slices.ContainsFunc(c.Effects, Effect.onUnit)
		if onUnit && c.Target.Kind == NoTarget {
			r.fail(e.NameID, "a command whose effect acts on a unit needs a target, as in \"target mecha you control\"")
		}
	}
	if c.Kind != Command && c.Kind != Pilot && len(c.Effects) > 0 {
		r.fail(e.NameID, "only commands and pilots have effects after a colon")
	}
}

func propsFor(k Kind) string {
	switch k {
	case Mecha:
		return "cost, power, durability, rebirth, basic, singleton or a keyword (" + strings.Join(keywordWords[:3], ", ") + ", pierce, flight, reach, haste)"
	case Tower:
		return "provide, power, durability, basic, singleton or a keyword (armour, speed, range, pierce, flight, reach, haste)"
	case Pilot:
		return "power, durability, basic, singleton or a keyword (armour, speed, range, pierce, flight, reach, haste)"
	}
	return "target, trigger, placed, time, basic or singleton"
}

// target reads "target [enemy] unit|mecha|tower|square [you control]".
func (r *reader) target(w catalogue.Item) Target {
	var t Target
	if r.more() && r.items[r.i].Kind == catalogue.Word && r.items[r.i].Word == "enemy" {
		r.next()
		t.Whose = Enemy
	}
	if !r.more() || r.items[r.i].Kind != catalogue.Word {
		r.fail(w.ID, "target needs what it aims at: unit, mecha, tower or square")
		return t
	}
	what := r.next()
	kinds := map[string]TargetKind{"unit": AnyUnit, "mecha": MechaUnit, "tower": TowerUnit, "square": AnySquare}
	k, ok := kinds[what.Word]
	if !ok {
		r.fail(what.ID, "a target is a unit, mecha, tower or square, not %q", what.Word)
		return t
	}
	t.Kind = k
	if r.i+1 < len(r.items) && r.items[r.i].Word == "you" && r.items[r.i+1].Word == "control" {
		you := r.next()
		r.next()
		if t.Whose == Enemy {
			r.fail(you.ID, "a target is an enemy's or yours, not both")
		}
		t.Whose = Yours
	}
	if k == AnySquare && t.Whose != Anyone {
		r.fail(what.ID, "a square belongs to nobody: write \"target square\"")
	}
	return t
}

// effect reads one effect: "power +2", "damage 3", "destroy", "draw 1",
// "reveal hands"; modifiers may end with "until end of turn".
func (r *reader) effect(items []catalogue.Item, at int) (Effect, bool) {
	sub := &reader{items: items, at: at}
	defer func() { r.errs = append(r.errs, sub.errs...) }()
	if len(items) == 0 {
		sub.fail(at, "an effect is missing")
		return Effect{}, false
	}
	w := sub.next()
	ops := map[string]Op{"power": OpPower, "speed": OpSpeed, "range": OpRange, "armour": OpArmour, "armor": OpArmour,
		"durability": OpDurability, "damage": OpDamage, "destroy": OpDestroy, "draw": OpDraw, "reveal": OpReveal}
	op, ok := ops[w.Word]
	if w.Kind != catalogue.Word || !ok {
		sub.fail(w.ID, "unknown effect %s: expected power, speed, range, armour, durability (each +N or -N), damage N, destroy, draw N or reveal hands", w)
		return Effect{}, false
	}
	e := Effect{Op: op}
	switch op {
	case OpDestroy:
	case OpReveal:
		if !sub.more() || sub.items[sub.i].Word != "hands" {
			sub.fail(w.ID, "the effect is \"reveal hands\"")
			return e, false
		}
		sub.next()
	case OpDraw:
		e.N, ok = sub.number(w, 1, maxDraw, false)
	case OpDamage:
		e.N, ok = sub.number(w, 1, maxStat, false)
	default:
		e.N, ok = sub.number(w, -maxStat, maxStat, true)
		if ok && e.N == 0 {
			sub.fail(w.ID, "%s +0 does nothing", w.Word)
		}
		// "until end of turn" says what every modifier does anyway.
		if rest := words(items[sub.i:]); rest == "until end of turn" {
			sub.i = len(items)
		}
	}
	if sub.more() {
		extra := sub.next()
		sub.fail(extra.ID, "unexpected %s after the effect %q: separate effects with commas", extra, e)
		return e, false
	}
	return e, ok
}

func words(items []catalogue.Item) string {
	var out []string
	for _, it := range items {
		out = append(out, it.String())
	}
	return strings.Join(out, " ")
}

// loadDeck reads a deck entry: "deck "Starter" 12 "Radio Tower" 3 Scout ...".
func (cs *Cards) loadDeck(e catalogue.Entry) ([]DeckCount, []*catalogue.Error) {
	var list []DeckCount
	var errs []*catalogue.Error
	fail := func(id int, format string, args ...any) { errs = append(errs, catalogue.Errorf(id, format, args...)) }
	if len(e.Effect) > 0 {
		fail(e.ID, "a deck lists counts and cards, with no colon")
	}
	items := e.Props
	for i := 0; i < len(items); i += 2 {
		n := items[i]
		if n.Kind != catalogue.Number || n.Signed || n.Unit != "" {
			fail(n.ID, "expected a count like 3 before a card name, found %s", n)
			return list, errs
		}
		if i+1 == len(items) || items[i+1].Kind == catalogue.Number {
			fail(n.ID, "the count %d needs a card name after it", n.Number)
			return list, errs
		}
		name := items[i+1]
		if _, ok := cs.byName[name.Word]; !ok {
			fail(name.ID, "%s", cs.unknown(name.Word))
			continue
		}
		list = append(list, DeckCount{n.Number, name.Word})
	}
	if len(list) == 0 && len(errs) == 0 {
		fail(e.NameID, "a deck needs cards, as in deck \"Starter\" 12 \"Radio Tower\" 3 Scout")
	}
	if len(errs) == 0 {
		if err := cs.CheckDeck(list); err != nil {
			fail(e.NameID, "%s", err.What)
		}
	}
	return list, errs
}
