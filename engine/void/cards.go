package void

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine/catalogue"
)

// Kind is a kind of card.
type Kind int

// The kinds of card (CARDS.md).
const (
	Unit         Kind = iota // stays in play in a sector; advances, attacks, defends
	Tactic                   // a one-off card: its effects, then the cache
	Modification             // stays in play on its target
	Anomaly                  // not queued: its effects at once, then the cache
)

var kindNames = []string{"unit", "tactic", "modification", "anomaly"}

func (k Kind) String() string { return kindNames[k] }

// an is the kind with its article: a unit, an anomaly.
func (k Kind) an() string {
	if k == Anomaly {
		return "an anomaly"
	}
	return "a " + k.String()
}

// TargetKind is what a target is: the text's "Biomes. Sectors. Players."
type TargetKind int

// The kinds of target.
const (
	SectorTarget TargetKind = iota
	BiomeTarget
	PlayerTarget
)

var targetKindNames = []string{"sector", "biome", "player"}

func (k TargetKind) String() string { return targetKindNames[k] }

// requirements are the words a target's requirement may be, by kind of
// target; the first is the default.
var requirements = [][]string{
	SectorTarget: {"any", "enemy", "friendly", "empty"},
	BiomeTarget:  {"any", "free", "modified", "enemy", "friendly"},
	PlayerTarget: {"any", "opponent", "self"},
}

// Targets is what a card or skill targets: Count different targets of a
// kind, each meeting Requirement. Count 0 means no target.
type Targets struct {
	Count       int
	Kind        TargetKind
	Requirement string
}

func (t Targets) String() string {
	if t.Count == 0 {
		return "no target"
	}
	s := t.Kind.String()
	if t.Count > 1 {
		s = fmt.Sprintf("%d %ss", t.Count, s)
	}
	if t.Requirement != "any" {
		s += " " + t.Requirement
	}
	return "target " + s
}

// Cost is a cost in void energy: N, plus X chosen when the action is
// taken when X is set.
type Cost struct {
	N int
	X bool
}

func (c Cost) String() string {
	switch {
	case c.X && c.N == 0:
		return "X"
	case c.X:
		return fmt.Sprintf("%d+X", c.N)
	}
	return fmt.Sprint(c.N)
}

// Effect is one effect: damage N, energy N or purge. X makes the number
// the action's X (times the sign of N for energy).
type Effect struct {
	Verb string // damage, energy, purge
	N    int
	X    bool
}

func (e Effect) String() string {
	switch {
	case e.Verb == "purge":
		return "purge"
	case e.X && e.N < 0:
		return e.Verb + " -X"
	case e.X:
		return e.Verb + " X"
	case e.Verb == "energy" && e.N > 0:
		return fmt.Sprintf("energy +%d", e.N)
	}
	return fmt.Sprintf("%s %d", e.Verb, e.N)
}

// amount is the effect's number for an action of the given X.
func (e Effect) amount(x int) int {
	if !e.X {
		return e.N
	}
	if e.N < 0 {
		return -x
	}
	return x
}

// Ability is what an action does: its cost, targets and effects. With
// Pick, the effects are options and the action uses one.
type Ability struct {
	Cost    Cost
	Targets Targets
	Pick    bool
	Effects []Effect
	// React names the kind of opposing action a reactive skill answers
	// (attack, advance, play, skill); empty for other abilities.
	React string
}

func (a *Ability) String() string {
	var parts []string
	if a.React != "" {
		parts = append(parts, "react "+a.React)
	}
	parts = append(parts, "cost "+a.Cost.String())
	if a.Targets.Count > 0 {
		parts = append(parts, a.Targets.String())
	}
	var effects []string
	for _, e := range a.Effects {
		effects = append(effects, e.String())
	}
	sep := ", "
	if a.Pick {
		sep = " or "
		parts = append(parts, "pick one")
	}
	if len(effects) > 0 {
		parts = append(parts, "effects "+strings.Join(effects, sep))
	}
	return strings.Join(parts, ", ")
}

// Card is one card of the catalogue.
type Card struct {
	Kind    Kind
	Name    string
	Convert int // void energy gained by converting it (ruling V27)
	// Play is what playing the card costs, targets and does: a unit's
	// target is the sector it enters, a modification's what it is put on.
	Play  Ability
	Power int // units
	// Health is the damage that destroys a unit.
	Health int
	Income int      // modifications: void energy their owner gains each turn
	Skill  *Ability // the skill of a unit or modification, if any
	// Copies is how many of the card the table holds at most (ruling
	// V36); 0, the default, is any number.
	Copies int
}

// Stats is the card's text in short, for `referee cards`.
func (c *Card) Stats() string {
	parts := []string{c.Play.String()}
	switch c.Kind {
	case Unit:
		parts = append(parts, fmt.Sprintf("power %d, health %d", c.Power, c.Health))
	case Modification:
		if c.Income != 0 {
			parts = append(parts, fmt.Sprintf("income %d", c.Income))
		}
	}
	if c.Convert != 1 {
		parts = append(parts, fmt.Sprintf("convert %d", c.Convert))
	}
	if c.Copies > 0 {
		parts = append(parts, copies(c.Copies))
	}
	if c.Skill != nil {
		word := "skill"
		if c.Skill.React != "" {
			word = "reactive skill"
		}
		parts = append(parts, word+": "+c.Skill.String())
	}
	return strings.Join(parts, "; ")
}

// Cards is a loaded catalogue.
type Cards struct {
	byName map[string]*Card
	all    []*Card
	// limited tells whether any card has a number of copies (ruling V36):
	// without one, nothing is counted as cards are declared.
	limited bool
}

// Card finds a card by name.
func (cs *Cards) Card(name string) (*Card, bool) {
	c, ok := cs.byName[name]
	return c, ok
}

// All lists the cards in catalogue order.
func (cs *Cards) All() []*Card { return slices.Clone(cs.all) }

// maxCopies bounds a card's copies: a table's cards, not a number to
// overflow.
const maxCopies = 99

// triggers are the kinds of action a reactive skill may answer.
var triggers = []string{"attack", "advance", "play", "skill"}

// Load reads a Void catalogue (CARDS.md). Every fault is returned, each at
// the item it concerns.
func Load(cat *catalogue.Catalogue) (*Cards, []*catalogue.Error) {
	cs := &Cards{byName: make(map[string]*Card, len(cat.Entries))} // grown entry by entry, it rehashed
	cards, decks, errs := catalogue.Cards(cat, func(e catalogue.Entry) (*Card, []*catalogue.Error) {
		c, errs := loadCard(e)
		if c != nil {
			if _, dup := cs.byName[c.Name]; dup {
				return nil, append(errs, catalogue.Errorf(e.NameID, "a second card named %q", c.Name))
			}
			cs.byName[c.Name] = c
		}
		return c, errs
	})
	for _, d := range decks {
		errs = append(errs, catalogue.Errorf(d.ID, "Void has no decks: the hands are written in the set-up"))
	}
	cs.all = cards
	cs.limited = slices.ContainsFunc(cards, func(c *Card) bool { return c.Copies > 0 })
	if len(cards) == 0 && len(errs) == 0 {
		errs = append(errs, catalogue.Errorf(0, "the catalogue has no cards"))
	}
	return cs, errs
}

// reader walks the items of an entry.
type reader struct {
	items []catalogue.Item
	at    int
	entry catalogue.Entry
	errs  []*catalogue.Error
}

func (r *reader) more() bool { return r.at < len(r.items) }

func (r *reader) peek() (catalogue.Item, bool) {
	if r.at < len(r.items) {
		return r.items[r.at], true
	}
	return catalogue.Item{}, false
}

func (r *reader) fail(it catalogue.Item, format string, args ...any) {
	r.errs = append(r.errs, catalogue.Errorf(it.ID, format, args...))
}

// lastID is where to point when items run out.
func (r *reader) lastID() int {
	if len(r.items) > 0 {
		return r.items[len(r.items)-1].ID
	}
	return r.entry.NameID
}

// number reads a whole number of at least min after word.
func (r *reader) number(word string, min int) (int, bool) {
	it, ok := r.peek()
	if !ok || it.Kind != catalogue.Number || it.Unit != "" {
		r.errs = append(r.errs, catalogue.Errorf(r.idOr(it, ok), "%s takes a number", word))
		return 0, false
	}
	r.at++
	if it.Number < min {
		r.fail(it, "%s cannot be less than %d", word, min)
		return 0, false
	}
	return it.Number, true
}

func (r *reader) idOr(it catalogue.Item, ok bool) int {
	if ok {
		return it.ID
	}
	return r.lastID()
}

// cost reads a cost: a number, X, or a number and X.
func (r *reader) cost(word string) Cost {
	var c Cost
	it, ok := r.peek()
	switch {
	case ok && it.Kind == catalogue.Word && it.Word == "X":
		r.at++
		c.X = true
		return c
	case ok && it.Kind == catalogue.Number && it.Unit == "" && !it.Signed:
		r.at++
		if it.Number < 0 || it.Number > maxEnergy {
			// The bound is the referee's: void energy stops there (V4).
			r.fail(it, "%s %d is out of range: a cost is from 0 to %d, the most void energy a player can have", word, it.Number, maxEnergy)
		}
		c.N = it.Number
	case ok && it.Kind == catalogue.Number && it.Unit == "" && it.Number < 0:
		// Read, so that the number is not reported again as unexpected.
		r.at++
		r.fail(it, "%s %d: a cost cannot be negative; it is from 0 to %d void energy, X, or a number and X, as in %s 2 X", word, it.Number, maxEnergy, word)
		return c
	case ok && it.Kind == catalogue.Number:
		r.at++ // +1 or 1u: one error, at the number
		fallthrough
	default:
		r.errs = append(r.errs, catalogue.Errorf(r.idOr(it, ok), "%s takes a number of void energy, X, or a number and X, as in %s 2 X", word, word))
		return c
	}
	if it, ok := r.peek(); ok && it.Kind == catalogue.Word && it.Word == "X" {
		r.at++
		c.X = true
	}
	return c
}

// targets reads "target [N] kind [requirement]".
func (r *reader) targets() Targets {
	t := Targets{Count: 1}
	if it, ok := r.peek(); ok && it.Kind == catalogue.Number {
		r.at++
		if it.Unit != "" || it.Signed || it.Number < 1 || it.Number > 9 {
			r.fail(it, "the number of targets is from 1 to 9")
		} else {
			t.Count = it.Number
		}
	}
	it, ok := r.peek()
	kind := -1
	if ok && it.Kind == catalogue.Word {
		kind = slices.Index(targetKindNames, it.Word)
	}
	if kind < 0 {
		r.errs = append(r.errs, catalogue.Errorf(r.idOr(it, ok), "target takes a kind of target: sector, biome or player"))
		return Targets{}
	}
	r.at++
	t.Kind = TargetKind(kind)
	t.Requirement = requirements[kind][0]
	if it, ok := r.peek(); ok && it.Kind == catalogue.Word && slices.Contains(requirements[kind], it.Word) {
		r.at++
		t.Requirement = it.Word
	}
	return t
}

// ability reads the items of an ability up to the next skill or react.
func (r *reader) ability(a *Ability, card bool) {
	seen := map[string]bool{}
	for r.more() {
		it := r.items[r.at]
		if it.Kind != catalogue.Word {
			r.fail(it, "unexpected %s", it)
			r.at++
			continue
		}
		switch it.Word {
		case "skill", "react":
			return
		case "target":
			r.at++
			if a.Targets.Count > 0 {
				r.fail(it, "a second target")
			}
			a.Targets = r.targets()
		case "pick":
			r.at++
			if seen["pick"] {
				r.fail(it, "a second pick")
			}
			seen["pick"] = true
			a.Pick = true
		case "cost":
			if !card {
				r.fail(it, "a skill's cost follows the word skill, as in skill 1")
			} else if seen["cost"] {
				r.fail(it, "a second cost")
			}
			seen["cost"] = true
			r.at++
			a.Cost = r.cost("cost")
		default:
			if !card {
				r.fail(it, "unknown word %q in a skill: a skill has target and pick", it.Word)
				r.at++
				continue
			}
			return // the card's own properties
		}
	}
}

// effects reads the effects after the ":".
func (r *reader) effects(a *Ability, effects [][]catalogue.Item) {
	for _, items := range effects {
		if len(items) == 0 {
			r.errs = append(r.errs, catalogue.Errorf(r.lastID(), "an empty effect: write damage, energy or purge"))
			continue
		}
		verb := items[0]
		e := Effect{Verb: verb.Word}
		rest := items[1:]
		switch {
		case verb.Kind != catalogue.Word:
			r.fail(verb, "an effect begins with damage, energy or purge")
			continue
		case verb.Word == "purge":
			if len(rest) > 0 {
				r.fail(rest[0], "purge takes nothing after it")
			}
		case verb.Word == "damage" || verb.Word == "energy":
			if len(rest) != 1 {
				r.fail(verb, "%s takes one number or X, as in %s 2", verb.Word, verb.Word)
				continue
			}
			n := rest[0]
			switch {
			case n.Kind == catalogue.Word && n.Word == "X":
				e.X, e.N = true, 1
			case n.Kind == catalogue.Number && n.Unit == "":
				e.N = n.Number
			default:
				r.fail(n, "%s takes a number or X", verb.Word)
				continue
			}
			if verb.Word == "damage" && e.N < 1 {
				r.fail(n, "damage is at least 1")
			}
			if e.X && !a.Cost.X {
				r.fail(n, "X in an effect needs X in the cost")
			}
		default:
			r.fail(verb, "unknown effect %q: the effects are damage, energy and purge", verb.Word)
			continue
		}
		a.Effects = append(a.Effects, e)
	}
	if a.Pick && len(a.Effects) < 2 {
		r.errs = append(r.errs, catalogue.Errorf(r.lastID(), "pick needs two or more effects to pick from"))
	}
	for _, e := range a.Effects {
		if msg := effectFits(e, a.Targets); msg != "" {
			r.errs = append(r.errs, catalogue.Errorf(r.lastID(), "%s", msg))
		}
	}
}

// effectFits tells what is wrong with an effect on an ability's targets.
func effectFits(e Effect, t Targets) string {
	switch {
	case e.Verb == "damage" && (t.Count == 0 || t.Kind == BiomeTarget):
		return "damage needs a sector or player target"
	case e.Verb == "energy" && t.Count > 0 && t.Kind != PlayerTarget:
		return "energy goes to a player target, or to the card's owner when there is no target"
	case e.Verb == "purge" && (t.Count == 0 || t.Kind == PlayerTarget):
		return "purge needs a sector or biome target"
	}
	return ""
}

func loadCard(e catalogue.Entry) (*Card, []*catalogue.Error) {
	kind := slices.Index(kindNames, e.Kind)
	if kind < 0 {
		return nil, []*catalogue.Error{catalogue.Errorf(e.ID, "unknown kind %q: a Void card is a unit, tactic, modification or anomaly", e.Kind)}
	}
	if e.Name == Unknown {
		return nil, []*catalogue.Error{catalogue.Errorf(e.NameID, "? is written for a card nobody recorded, and names no card")}
	}
	c := &Card{Kind: Kind(kind), Name: e.Name, Convert: 1}
	r := &reader{items: e.Props, entry: e}
	seen := map[string]bool{}
	for r.more() {
		r.ability(&c.Play, true)
		if !r.more() {
			break
		}
		it := r.items[r.at]
		r.at++
		if it.Kind == catalogue.Word && seen[it.Word] {
			r.fail(it, "a second %s", it.Word)
		}
		seen[it.Word] = true
		switch it.Word {
		case "power":
			c.Power, _ = r.number("power", 0)
		case "health":
			c.Health, _ = r.number("health", 1)
		case "income":
			c.Income, _ = r.number("income", 0)
		case "convert":
			c.Convert, _ = r.number("convert", 0)
		case "copies":
			n, ok := r.number("copies", 1)
			if ok && n > maxCopies {
				r.fail(r.items[r.at-1], "copies is from 1 to %d", maxCopies)
				n = 0
			}
			c.Copies = n
		case "skill", "react":
			a := &Ability{}
			if it.Word == "react" {
				t, ok := r.peek()
				if !ok || t.Kind != catalogue.Word || !slices.Contains(triggers, t.Word) {
					r.errs = append(r.errs, catalogue.Errorf(r.idOr(t, ok), "react takes the kind of action it answers: %s", strings.Join(triggers, ", ")))
					if ok && t.Kind == catalogue.Word && t.Word != "X" {
						r.at++ // a wrong word in the trigger's place: one error for it
					}
				} else {
					r.at++
					a.React = t.Word
				}
			}
			a.Cost = r.cost(it.Word)
			r.ability(a, false)
			if c.Skill != nil {
				r.fail(it, "a card has one skill")
			}
			c.Skill = a
		default:
			r.fail(it, "unknown word %q", it.String())
		}
	}
	if !hasCost(e.Props) {
		r.errs = append(r.errs, catalogue.Errorf(e.NameID, "a card needs a cost, as in cost 1"))
	}
	// The effects after the ":" are the skill's for units and
	// modifications, and the card's own for tactics and anomalies.
	switch c.Kind {
	case Unit:
		if !seen["health"] {
			r.errs = append(r.errs, catalogue.Errorf(e.NameID, "a unit needs health, as in health 2"))
		}
		if !seen["power"] {
			r.errs = append(r.errs, catalogue.Errorf(e.NameID, "a unit needs power, as in power 1"))
		}
		if c.Play.Targets.Count == 0 {
			c.Play.Targets = Targets{Count: 1, Kind: SectorTarget, Requirement: "any"}
		} else if c.Play.Targets.Kind != SectorTarget || c.Play.Targets.Count != 1 {
			r.errs = append(r.errs, catalogue.Errorf(e.NameID, "a unit's target is the one sector it enters"))
		}
	case Modification:
		if c.Play.Targets.Count == 0 {
			r.errs = append(r.errs, catalogue.Errorf(e.NameID, "a modification needs a target, as in target biome free (rule: %q)", ruleModificationTarget))
		} else if c.Play.Targets.Count != 1 {
			r.errs = append(r.errs, catalogue.Errorf(e.NameID, "a modification is put on one target"))
		}
	}
	if c.Kind != Unit && (seen["power"] || seen["health"]) {
		r.errs = append(r.errs, catalogue.Errorf(e.NameID, "only a unit has power and health"))
	}
	if c.Kind != Modification && seen["income"] {
		r.errs = append(r.errs, catalogue.Errorf(e.NameID, "only a modification has income"))
	}
	switch c.Kind {
	case Unit, Modification:
		if c.Play.Pick {
			r.errs = append(r.errs, catalogue.Errorf(e.NameID, "pick goes with a skill or a tactic's effects"))
		}
		if c.Play.Cost.X {
			r.errs = append(r.errs, catalogue.Errorf(e.NameID, "X goes with a tactic, an anomaly or a skill, whose effects use it"))
		}
		if c.Skill != nil {
			if len(e.Effect) == 0 {
				r.errs = append(r.errs, catalogue.Errorf(r.lastID(), "a skill needs effects after a colon, as in : damage 1"))
			}
			r.effects(c.Skill, e.Effect)
		} else if len(e.Effect) > 0 {
			id := r.lastID()
			if len(e.Effect[0]) > 0 {
				id = e.Effect[0][0].ID
			}
			r.errs = append(r.errs, catalogue.Errorf(id, "%s's effects belong to a skill: write skill and its cost first", c.Kind.an()))
		}
	default:
		if c.Skill != nil {
			r.errs = append(r.errs, catalogue.Errorf(e.NameID, "%s has no skill", c.Kind.an()))
		}
		if len(e.Effect) == 0 {
			r.errs = append(r.errs, catalogue.Errorf(r.lastID(), "%s needs effects after a colon, as in : damage 2", c.Kind.an()))
		}
		r.effects(&c.Play, e.Effect)
	}
	if len(r.errs) > 0 {
		return nil, r.errs
	}
	return c, nil
}

// hasCost tells whether an entry's items include the word cost.
func hasCost(items []catalogue.Item) bool {
	return slices.ContainsFunc(items, func(it catalogue.Item) bool { return it.Kind == catalogue.Word && it.Word == "cost" })
}
