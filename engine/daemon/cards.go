package daemon

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine/catalogue"
	"github.com/tabletop-referee/referee/internal/namememo"
	"github.com/tabletop-referee/referee/internal/suggest"
)

// Kind is a type of card.
type Kind int

// The types of card: the two a deck holds, and the modules' cover cards.
const (
	Daemon Kind = iota
	Script
	Module
)

var kindNames = []string{"daemon", "script", "module"}

func (k Kind) String() string { return kindNames[k] }

// Op is what an effect does.
type Op int

// The effects (CARDS.md describes each).
const (
	OpDraw   Op = iota // draw N cards
	OpMemory           // gain N memory
	OpPurge            // trash an opposing daemon of power N or less
)

var opNames = []string{"draw", "memory", "purge"}

// Effect is one effect of a script or an ability.
type Effect struct {
	Op Op
	N  int
}

func (e Effect) String() string {
	if e.Op == OpMemory {
		return fmt.Sprintf("memory +%d", e.N)
	}
	return fmt.Sprintf("%s %d", opNames[e.Op], e.N)
}

// Trigger is when a module's triggered ability acts.
type Trigger int

// The triggers of a module ability.
const (
	Always  Trigger = iota // a standing ability, not a trigger
	Start                  // in the owner's loading phase
	Attacks                // each time one of the owner's daemons attacks
	Trashed                // each time one of the owner's daemons is trashed
	Reveals                // each time one of the owner's security cards is revealed
)

var triggerNames = []string{"", "start", "attack", "trashed", "reveal"}

// Bonuses are the standing numbers a module or an ongoing script gives its
// owner.
type Bonuses struct {
	Power         int  // added to each of the owner's daemons
	Breach        int  // added to the damage of each attack on security
	Grip          int  // the grip a refresh draws up to, when not 0
	Haste         bool // the owner's daemons have no loading sickness
	DaemonsCost   int  // taken off each daemon's cost
	ScriptsCost   int  // taken off each script's cost
	TriggerEffect *Effect
	Trigger       Trigger
}

// Card is one card of a catalogue: a daemon, a script, or a module's cover
// card with the module's ability.
type Card struct {
	Name   string
	Kind   Kind
	Module string // the module a daemon or script belongs to
	Copies int    // copies in the module
	Cost   int
	Power  int // a daemon's power
	Breach int // a daemon's extra damage against security
	Haste  bool
	// Ability is a daemon's activated ability: its memory cost and effect.
	Ability     *Effect
	AbilityCost int
	// Effects are a script's effects when played; Purge ones need a target.
	Effects []Effect
	// Ongoing is what a script gives while it is in the script zone.
	Ongoing Bonuses
	// OnTrash is a script's effect when it is trashed from the zone.
	OnTrash *Effect
	// Cover is a module's ability.
	Cover Bonuses
}

// NeedsTarget tells whether playing the card names an opposing daemon.
func (c *Card) NeedsTarget() bool {
	return slices.ContainsFunc(c.Effects, func(e Effect) bool { return e.Op == OpPurge })
}

// Stats is a short description of the card.
func (c *Card) Stats() string {
	var out []string
	if c.Kind != Module {
		out = append(out, fmt.Sprintf("module %s copies %d cost %d", c.Module, c.Copies, c.Cost))
	}
	switch c.Kind {
	case Daemon:
		out = append(out, fmt.Sprintf("power %d", c.Power))
		if c.Breach > 0 {
			out = append(out, fmt.Sprintf("breach %d", c.Breach))
		}
		if c.Haste {
			out = append(out, "haste")
		}
		if c.Ability != nil {
			out = append(out, fmt.Sprintf(": ability %d %s", c.AbilityCost, c.Ability))
		}
	case Script:
		if b := c.Ongoing.String(); b != "" {
			out = append(out, "ongoing "+b)
		}
		if c.OnTrash != nil {
			out = append(out, "trash "+c.OnTrash.String())
		}
		var effects []string
		for _, e := range c.Effects {
			effects = append(effects, e.String())
		}
		if len(effects) > 0 {
			out = append(out, ": "+strings.Join(effects, ", "))
		}
	case Module:
		out = append(out, ": "+c.Cover.String())
	}
	return strings.Join(out, " ")
}

func (b Bonuses) String() string {
	var out []string
	if b.Power != 0 {
		out = append(out, fmt.Sprintf("power +%d", b.Power))
	}
	if b.Breach != 0 {
		out = append(out, fmt.Sprintf("breach +%d", b.Breach))
	}
	if b.Grip != 0 {
		out = append(out, fmt.Sprintf("grip %d", b.Grip))
	}
	if b.Haste {
		out = append(out, "haste")
	}
	if b.DaemonsCost != 0 {
		out = append(out, fmt.Sprintf("daemons -%d", b.DaemonsCost))
	}
	if b.ScriptsCost != 0 {
		out = append(out, fmt.Sprintf("scripts -%d", b.ScriptsCost))
	}
	if b.TriggerEffect != nil {
		out = append(out, triggerNames[b.Trigger]+" "+b.TriggerEffect.String())
	}
	return strings.Join(out, " ")
}

// add stacks other onto b; a trigger is not stacked.
func (b *Bonuses) add(other Bonuses) {
	b.Power += other.Power
	b.Breach += other.Breach
	b.Grip = max(b.Grip, other.Grip)
	b.Haste = b.Haste || other.Haste
	b.DaemonsCost += other.DaemonsCost
	b.ScriptsCost += other.ScriptsCost
}

// ModuleSize is the number of cards in a module, cover card aside.
const ModuleSize = 15

// Cards is a loaded catalogue.
type Cards struct {
	cards  []*Card
	byName map[string]*Card
	// bySlot holds each card at its name's slot (namememo.Slot) but where
	// an earlier card took it: a move naming a card finds it there without
	// the map's hash of the whole name, most moves that name one.
	bySlot  [namememo.SlotCount]*Card
	modules []string            // in catalogue order
	decks   map[string][]string // each module's cards, as ModuleCards lists them
}

// Card finds a card or module by name.
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

// Modules lists the modules' names in catalogue order.
func (cs *Cards) Modules() []string { return slices.Clone(cs.modules) }

// ModuleCards lists a module's cards, one name a copy, in catalogue order.
func (cs *Cards) ModuleCards(module string) []string { return slices.Clone(cs.decks[module]) }

// unknown says that no card of a kind has a name: the name is another
// kind's, or a suggestion differs only in case. A kind of -1 stands for a
// daemon or a script.
func (cs *Cards) unknown(kind Kind, name string) string {
	what := "card"
	if kind >= 0 {
		what = kind.String()
	}
	fits := func(c *Card) bool { return c.Kind == kind || kind < 0 && c.Kind != Module }
	if c, ok := cs.byName[name]; ok && !fits(c) {
		return fmt.Sprintf("%s is a %s, not a %s", name, c.Kind, what)
	}
	var names []string
	for _, c := range cs.cards {
		if fits(c) {
			names = append(names, c.Name)
		}
	}
	return fmt.Sprintf("no %s named %q in the catalogue%s", what, name, suggest.Hint(name, names))
}

// Limits on the numbers a catalogue may write.
const (
	maxCost   = 20 // past 10, a card needs memory on its owner's side (ruling D7)
	maxPower  = 99
	maxEffect = 9
	maxCopies = ModuleSize
)

// Load reads a catalogue with Daemon's vocabulary (CARDS.md). It returns
// every error it finds, each at the item at fault.
func Load(cat *catalogue.Catalogue) (*Cards, []*catalogue.Error) {
	// Maps made to size: grown entry by entry, they were most of a load.
	n := len(cat.Entries)
	cs := &Cards{byName: make(map[string]*Card, n), decks: map[string][]string{}}
	cards, decks, errs := catalogue.Cards(cat, loadCard)
	for _, e := range decks {
		errs = append(errs, catalogue.Errorf(e.ID, "Daemon has no deck entries: a deck is three drafted modules"))
	}
	cs.cards = cards
	for _, c := range cards {
		cs.byName[c.Name] = c
		if c.Kind == Module {
			cs.modules = append(cs.modules, c.Name)
			continue
		}
		for range c.Copies {
			cs.decks[c.Module] = append(cs.decks[c.Module], c.Name)
		}
	}
	for _, c := range cards {
		// The card the map holds for each name (the last of a name given
		// twice, which the catalogue refuses).
		if c.Name != "" && cs.byName[c.Name] == c && cs.bySlot[namememo.Slot(c.Name)] == nil {
			cs.bySlot[namememo.Slot(c.Name)] = c
		}
	}
	nameIDs := make(map[string]int, n)
	for _, e := range cat.Entries {
		nameIDs[e.Name] = e.NameID
	}
	// Where each entry names its module, for errors; and the modules with
	// a card in error, which are not counted: their count would be wrong
	// for the wrong reason.
	moduleID := make(map[string]int, n)
	faulty := map[string]bool{}
	for _, e := range cat.Entries {
		for i, it := range e.Props {
			if it.Word == "module" && it.Kind == catalogue.Word && i+1 < len(e.Props) {
				moduleID[e.Name] = e.Props[i+1].ID
				if _, ok := cs.byName[e.Name]; !ok && e.Kind != "deck" {
					faulty[e.Props[i+1].Word] = true
				}
			}
		}
	}
	count := map[string]int{}
	for _, c := range cards {
		if c.Kind == Module {
			continue
		}
		if m, ok := cs.byName[c.Module]; !ok || m.Kind != Module {
			errs = append(errs, catalogue.Errorf(moduleID[c.Name], "%s", cs.unknown(Module, c.Module)))
			continue
		}
		count[c.Module] += c.Copies
	}
	for _, m := range cs.modules {
		if count[m] != ModuleSize && !faulty[m] {
			errs = append(errs, catalogue.Errorf(nameIDs[m], "module %s has %d cards; a module is a collection of %d cards", m, count[m], ModuleSize))
		}
	}
	if len(errs) == 0 && len(cs.modules) < 6 {
		errs = append(errs, catalogue.Errorf(0, "the catalogue has %d modules; the draft takes six", len(cs.modules)))
	}
	return cs, errs
}

// reader walks an entry's items.
type reader struct {
	items []catalogue.Item
	i     int
	errs  []*catalogue.Error
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

// number reads the plain number after word, within lo..hi. A plus sign is
// allowed where a gain is meant (memory +1, power +1).
func (r *reader) number(word catalogue.Item, lo, hi int) int {
	if !r.more() || r.items[r.i].Kind != catalogue.Number {
		r.fail(word.ID, "%s needs a number after it, as in %s 1", word.Word, word.Word)
		return 0
	}
	n := r.next()
	switch {
	case n.Unit != "" || n.Number < 0 || n.Signed && !gains[word.Word]:
		r.fail(n.ID, "%s takes a plain number, not %s", word.Word, n)
	case n.Number < lo || n.Number > hi:
		r.fail(n.ID, "%s %s is out of range: it must be from %d to %d", word.Word, n, lo, hi)
	default:
		return n.Number
	}
	return 0
}

// gains are the words whose number may be written with a plus.
var gains = map[string]bool{"memory": true, "power": true, "breach": true}

// word reads a name written as a word or a text after word.
func (r *reader) name(word catalogue.Item) string {
	if !r.more() || r.items[r.i].Kind == catalogue.Number {
		r.fail(word.ID, "%s needs a name after it", word.Word)
		return ""
	}
	return r.next().Word
}

// effect reads one effect: draw N, memory +N, purge N.
func (r *reader) effect(at int, allowPurge bool) *Effect {
	if !r.more() {
		what := "draw N or memory +N"
		if allowPurge {
			what = "draw N, memory +N or purge N"
		}
		r.fail(at, "an effect is missing: %s", what)
		return nil
	}
	w := r.next()
	op := slices.Index(opNames, w.Word)
	if w.Kind != catalogue.Word || op < 0 || (Op(op) == OpPurge && !allowPurge) {
		what := "draw N, memory +N or purge N"
		if !allowPurge {
			what = "draw N or memory +N"
		}
		r.fail(w.ID, "unknown effect %s: here an effect is %s", w, what)
		return nil
	}
	e := &Effect{Op: Op(op)}
	e.N = r.number(w, 1, maxEffect)
	return e
}

// bonus reads one standing bonus or trigger of a module or ongoing script
// into b; it tells whether the word was one.
func (r *reader) bonus(w catalogue.Item, b *Bonuses, triggers bool) bool {
	switch w.Word {
	case "power":
		b.Power = r.number(w, 1, maxEffect)
	case "breach":
		b.Breach = r.number(w, 1, maxEffect)
	case "grip":
		b.Grip = r.number(w, 6, maxEffect)
	case "haste":
		b.Haste = true
	case "daemons":
		b.DaemonsCost = r.discount(w)
	case "scripts":
		b.ScriptsCost = r.discount(w)
	default:
		t := slices.Index(triggerNames, w.Word)
		if !triggers || t <= 0 {
			return false
		}
		b.Trigger = Trigger(t)
		b.TriggerEffect = r.effect(w.ID, false)
	}
	return true
}

// discount reads the -N of "daemons -1".
func (r *reader) discount(w catalogue.Item) int {
	if !r.more() || r.items[r.i].Kind != catalogue.Number || r.items[r.i].Number >= 0 {
		r.fail(w.ID, "%s needs a cost taken off after it, as in %s -1", w.Word, w.Word)
		if r.more() && r.items[r.i].Kind == catalogue.Number {
			r.i++
		}
		return 0
	}
	n := r.next()
	if n.Number < -3 || n.Unit != "" {
		r.fail(n.ID, "%s %s is out of range: it takes off 1 to 3", w.Word, n)
		return 0
	}
	return -n.Number
}

func loadCard(e catalogue.Entry) (*Card, []*catalogue.Error) {
	kind := slices.Index(kindNames, e.Kind)
	if kind < 0 {
		return nil, []*catalogue.Error{catalogue.Errorf(e.ID, "unknown kind of card %q: Daemon has daemon, script and module", e.Kind)}
	}
	c := &Card{Name: e.Name, Kind: Kind(kind)}
	r := &reader{items: e.Props}
	seen := map[string]bool{}
	for r.more() {
		w := r.next()
		if w.Kind != catalogue.Word {
			r.fail(w.ID, "expected a property such as %s, found %s", propsFor(c.Kind), w)
			continue
		}
		if seen[w.Word] {
			r.fail(w.ID, "%s is given twice", w.Word)
		}
		seen[w.Word] = true
		switch {
		case c.Kind == Module:
			r.fail(w.ID, "a module's cover card has only its ability, after a colon: %q is not one", w.Word)
		case w.Word == "module":
			c.Module = r.name(w)
		case w.Word == "copies":
			c.Copies = r.number(w, 1, maxCopies)
		case w.Word == "cost":
			c.Cost = r.number(w, 0, maxCost)
		case w.Word == "power" && c.Kind == Daemon:
			c.Power = r.number(w, 0, maxPower)
		case w.Word == "breach" && c.Kind == Daemon:
			c.Breach = r.number(w, 1, maxEffect)
		case w.Word == "haste" && c.Kind == Daemon:
			c.Haste = true
		case w.Word == "ongoing" && c.Kind == Script:
			if !r.more() || !r.bonus(r.next(), &c.Ongoing, false) {
				r.fail(w.ID, "ongoing needs a standing bonus after it: power N, breach N, grip N, haste, daemons -N or scripts -N")
			}
		case w.Word == "trash" && c.Kind == Script:
			c.OnTrash = r.effect(w.ID, false)
		default:
			r.fail(w.ID, "unknown property %q: a %s has %s", w.Word, c.Kind, propsFor(c.Kind))
		}
	}
	for _, need := range required(c.Kind) {
		if !seen[need] {
			r.fail(e.NameID, "a %s needs %s", c.Kind, need)
		}
	}
	effects(c, e, r, seen)
	if len(r.errs) > 0 {
		return nil, r.errs
	}
	return c, nil
}

// effects reads what comes after the colon: a script's effects, a
// daemon's ability, a module's ability.
func effects(c *Card, e catalogue.Entry, r *reader, seen map[string]bool) {
	for _, items := range e.Effect {
		er := &reader{items: items}
		at := e.NameID
		if len(items) > 0 {
			at = items[0].ID
		}
		switch c.Kind {
		case Script:
			if eff := er.effect(at, true); eff != nil {
				c.Effects = append(c.Effects, *eff)
			}
		case Daemon:
			switch {
			case len(items) == 0 || items[0].Word != "ability":
				er.fail(at, "a daemon's colon gives its ability: ability N effect, as in : ability 1 draw 1")
			case c.Ability != nil:
				er.fail(at, "a daemon has one ability")
			default:
				w := er.next()
				c.AbilityCost = er.number(w, 1, maxCost)
				c.Ability = er.effect(w.ID, true)
				if a := c.Ability; a != nil && a.Op == OpMemory && a.N >= c.AbilityCost {
					// Else the ability could be activated for ever.
					er.fail(w.ID, "an ability that gives memory must cost more than it gives: ability %d %s", c.AbilityCost, a)
				}
			}
		case Module:
			if len(items) == 0 || !er.bonus(er.next(), &c.Cover, true) {
				er.fail(at, "a module's ability is power N, breach N, grip N, haste, daemons -N, scripts -N, or start, attack, trashed or reveal with draw N or memory +N")
			}
		}
		if er.more() && len(er.errs) == 0 {
			it := er.next()
			er.fail(it.ID, "unexpected %s: effects are separated by commas", it)
		}
		r.errs = append(r.errs, er.errs...)
	}
	switch {
	case c.Kind == Script && len(e.Effect) == 0 && !seen["ongoing"] && !seen["trash"]:
		r.fail(e.NameID, "a script needs effects after a colon, an ongoing bonus, or a trash effect")
	case c.Kind == Module && len(e.Effect) == 0:
		r.fail(e.NameID, "a module needs its ability after a colon, as in : power 1")
	case c.Kind == Module && len(e.Effect) > 1:
		r.fail(e.NameID, "a module has one ability")
	}
}

func required(k Kind) []string {
	switch k {
	case Daemon:
		return []string{"module", "copies", "cost", "power"}
	case Script:
		return []string{"module", "copies", "cost"}
	}
	return nil
}

func propsFor(k Kind) string {
	switch k {
	case Daemon:
		return "module, copies, cost, power, breach and haste"
	case Script:
		return "module, copies, cost, ongoing and trash"
	}
	return "nothing before its colon"
}
