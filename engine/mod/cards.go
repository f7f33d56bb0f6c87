package mod

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/tabletop-referee/referee/engine/catalogue"
	"github.com/tabletop-referee/referee/internal/suggest"
)

// Kind is a type of card: an action or an upgrade.
type Kind int

// The types of card.
const (
	Action Kind = iota
	Upgrade
)

var kindNames = []string{"action", "upgrade"}

func (k Kind) String() string { return kindNames[k] }

// Damage is a type of damage.
type Damage int

// The types of damage.
const (
	Energy Damage = iota
	Impact
)

var damageNames = []string{"energy", "impact"}

func (d Damage) String() string { return damageNames[d] }

// Shield is an upgrade's shield colour.
type Shield int

// The shield colours.
const (
	Red    Shield = iota // prevents impact damage
	Blue                 // prevents energy damage
	Purple               // prevents either
)

var shieldNames = []string{"red", "blue", "purple"}

func (s Shield) String() string { return shieldNames[s] }

// Stops tells whether the shield prevents damage of type d.
func (s Shield) Stops(d Damage) bool {
	return s == Purple || (s == Red && d == Impact) || (s == Blue && d == Energy)
}

// Op is an ability's operation.
type Op int

// The abilities an action card can have (CARDS.md describes each).
const (
	OpDamage Op = iota // deal N damage of a type to the opponent
	OpDraw             // draw N cards from your deck
	OpFuel             // gain N fuel
)

var opNames = []string{"damage", "draw", "fuel"}

// Ability is one ability in an action card's text box.
type Ability struct {
	Op     Op
	N      int
	Damage Damage // for OpDamage
}

func (a Ability) String() string {
	if a.Op == OpDamage {
		return fmt.Sprintf("damage %d %s", a.N, a.Damage)
	}
	return fmt.Sprintf("%s %d", opNames[a.Op], a.N)
}

// Card is one card of a catalogue.
type Card struct {
	Name      string
	Kind      Kind
	Cost      int       // fuel paid when it resolves
	Shield    Shield    // an upgrade's shield colour
	Abilities []Ability // an action's abilities, top to bottom
}

// Stats is a short description of the card.
func (c *Card) Stats() string {
	s := fmt.Sprintf("cost %d", c.Cost)
	if c.Kind == Upgrade {
		return s + " shield " + c.Shield.String()
	}
	var abilities []string
	for _, a := range c.Abilities {
		abilities = append(abilities, a.String())
	}
	return s + ": " + strings.Join(abilities, ", ")
}

// Cards is a loaded catalogue: its cards and the shared set they are
// dealt from.
type Cards struct {
	cards      []*Card
	byName     map[string]*Card
	sharedName string
	shared     []string // the shared set, one name a copy, in catalogue order

	// start is what every unseeded game of the catalogue knows of its
	// cards at the start (startOfUnseeded), made once and copied.
	start     *unseeded
	startOnce sync.Once
}

// Card finds a card by name.
func (cs *Cards) Card(name string) (*Card, bool) {
	c, ok := cs.byName[name]
	return c, ok
}

// All lists the cards in catalogue order.
func (cs *Cards) All() []*Card { return slices.Clone(cs.cards) }

// Shared is the name of the shared set and its cards, one name a copy.
func (cs *Cards) Shared() (string, []string) { return cs.sharedName, slices.Clone(cs.shared) }

// Limits on the numbers a catalogue may write: a prototype's numbers are
// small, and a typo such as 100 should not pass unnoticed.
const (
	maxCost    = 20
	maxAbility = 9
	maxShared  = 300
)

// Load reads a catalogue with Mod's vocabulary (CARDS.md). It returns
// every error it finds, each at the item at fault.
func Load(cat *catalogue.Catalogue) (*Cards, []*catalogue.Error) {
	cs := &Cards{byName: make(map[string]*Card, len(cat.Entries))} // grown entry by entry, it rehashed
	cards, decks, errs := catalogue.Cards(cat, loadCard)
	cs.cards = cards
	for _, c := range cards {
		cs.byName[c.Name] = c
	}
	switch {
	case len(decks) == 0:
		errs = append(errs, catalogue.Errorf(0, "a Mod catalogue needs one deck entry: the shared cards, as in deck Shared 4 Laser 4 Missile ..."))
	case len(decks) > 1:
		for _, e := range decks[1:] {
			errs = append(errs, catalogue.Errorf(e.ID, "a Mod catalogue has one deck, the shared cards; %q is a second (the first is %q)", e.Name, decks[0].Name))
		}
	}
	if len(decks) > 0 {
		errs = append(errs, cs.loadShared(decks[0])...)
	}
	return cs, errs
}

func loadCard(e catalogue.Entry) (*Card, []*catalogue.Error) {
	kind := slices.Index(kindNames, e.Kind)
	if kind < 0 {
		return nil, []*catalogue.Error{catalogue.Errorf(e.ID, "unknown kind of card %q: Mod has action, upgrade and deck", e.Kind)}
	}
	c := &Card{Name: e.Name, Kind: Kind(kind)}
	var errs []*catalogue.Error
	fail := func(id int, format string, args ...any) {
		errs = append(errs, catalogue.Errorf(id, format, args...))
	}
	if e.Name == Unknown {
		// A transcript writes ? for a card nobody recorded (ruling MD25).
		fail(e.ID, "no card may be named ?: a transcript writes ? for a card nobody recorded")
	}
	seen := map[string]bool{}
	props := e.Props
	for i := 0; i < len(props); i++ {
		w := props[i]
		if w.Kind != catalogue.Word {
			fail(w.ID, "expected a property such as %s, found %s", propsFor(c.Kind), w)
			continue
		}
		if seen[w.Word] {
			fail(w.ID, "%s is given twice", w.Word)
		}
		seen[w.Word] = true
		switch {
		case w.Word == "cost":
			if i+1 < len(props) && props[i+1].Kind == catalogue.Number {
				i++
				c.Cost, _ = plain(props[i], "cost", 0, maxCost, fail)
			} else {
				fail(w.ID, "cost needs a number after it, as in cost 1")
			}
		case w.Word == "shield" && c.Kind == Upgrade:
			switch {
			case i+1 < len(props) && props[i+1].Kind == catalogue.Word && slices.Contains(shieldNames, props[i+1].Word):
				i++
				c.Shield = Shield(slices.Index(shieldNames, props[i].Word))
			case i+1 < len(props) && props[i+1].Kind == catalogue.Word:
				i++
				fail(props[i].ID, "unknown shield colour %q: a shield is red, blue or purple", props[i].Word)
			default:
				fail(w.ID, "shield needs a colour after it: red, blue or purple")
			}
		default:
			fail(w.ID, "unknown property %q: %s has %s", w.Word, article(c.Kind), propsFor(c.Kind))
		}
	}
	if !seen["cost"] {
		fail(e.NameID, "%s needs a fuel cost, as in cost 1", article(c.Kind))
	}
	switch c.Kind {
	case Upgrade:
		if !seen["shield"] {
			fail(e.NameID, "an upgrade needs a shield colour, as in shield red")
		}
		if len(e.Effect) > 0 {
			fail(firstID(e), "an upgrade has no abilities: it is paid for and kept in the play area")
		}
	case Action:
		if len(e.Effect) == 0 {
			fail(e.NameID, "an action needs abilities after a colon, as in : damage 2 energy")
		}
		for _, items := range e.Effect {
			if a, ok := ability(items, e.NameID, fail); ok {
				c.Abilities = append(c.Abilities, a)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return c, nil
}

// ability reads one ability: damage 2 energy, draw 1, fuel 2. at is the
// item to blame for an ability left empty.
func ability(items []catalogue.Item, at int, fail func(int, string, ...any)) (Ability, bool) {
	if len(items) == 0 {
		fail(at, "an ability is missing: write one after the colon and after each comma, as in : damage 2 energy, draw 1")
		return Ability{}, false
	}
	w := items[0]
	op := slices.Index(opNames, w.Word)
	if w.Kind != catalogue.Word || op < 0 {
		fail(w.ID, "unknown ability %s: an action has damage N energy, damage N impact, draw N and fuel N", w)
		return Ability{}, false
	}
	a := Ability{Op: Op(op)}
	want := 2
	if a.Op == OpDamage {
		want = 3
	}
	if len(items) < 2 || items[1].Kind != catalogue.Number {
		fail(w.ID, "%s needs a number after it, as in %s", w.Word, Ability{Op: a.Op, N: 2})
		return Ability{}, false
	}
	n, ok := plain(items[1], w.Word, 1, maxAbility, fail)
	if !ok {
		return Ability{}, false
	}
	a.N = n
	if a.Op == OpDamage {
		if len(items) < 3 || items[2].Kind != catalogue.Word || !slices.Contains(damageNames, items[2].Word) {
			blame := w.ID
			if len(items) >= 3 {
				blame = items[2].ID // the word that is not a type
			}
			fail(blame, "damage needs a type after its number: energy or impact, as in damage 2 energy")
			return Ability{}, false
		}
		a.Damage = Damage(slices.Index(damageNames, items[2].Word))
	}
	if len(items) > want {
		fail(items[want].ID, "unexpected %s after %s: abilities are separated by commas", items[want], a)
		return Ability{}, false
	}
	return a, true
}

// firstID is the ID of the first item after an entry's colon, or of its
// name when nothing follows the colon.
func firstID(e catalogue.Entry) int {
	for _, items := range e.Effect {
		if len(items) > 0 {
			return items[0].ID
		}
	}
	return e.NameID
}

// plain reads an unsigned number within lo..hi.
func plain(n catalogue.Item, word string, lo, hi int, fail func(int, string, ...any)) (int, bool) {
	switch {
	case n.Unit != "" || n.Signed:
		fail(n.ID, "%s takes a plain number, not %s", word, n)
	case n.Number < lo || n.Number > hi:
		fail(n.ID, "%s %s is out of range: it must be from %d to %d", word, n, lo, hi)
	default:
		return n.Number, true
	}
	return 0, false
}

func article(k Kind) string {
	if k == Action {
		return "an action"
	}
	return "an upgrade"
}

func propsFor(k Kind) string {
	if k == Upgrade {
		return "cost N and shield red|blue|purple"
	}
	return "cost N"
}

// loadShared reads the shared set: counts and card names.
func (cs *Cards) loadShared(e catalogue.Entry) []*catalogue.Error {
	var errs []*catalogue.Error
	cs.sharedName = e.Name
	if len(e.Effect) > 0 {
		errs = append(errs, catalogue.Errorf(firstID(e), "a deck is counts and card names, with no colon"))
	}
	items := e.Props
	for i := 0; i < len(items); i++ {
		n := items[i]
		if n.Kind != catalogue.Number {
			errs = append(errs, catalogue.Errorf(n.ID, "expected a count before a card name, as in 4 Laser, found %s", n))
			continue
		}
		if n.Signed || n.Unit != "" || n.Number < 1 || n.Number > maxShared {
			errs = append(errs, catalogue.Errorf(n.ID, "a count is a plain number from 1 to %d, not %s", maxShared, n))
		}
		if i+1 >= len(items) || items[i+1].Kind == catalogue.Number {
			errs = append(errs, catalogue.Errorf(n.ID, "the count %s needs a card name after it", n))
			continue
		}
		i++
		name := items[i]
		if _, ok := cs.byName[name.Word]; !ok {
			errs = append(errs, catalogue.Errorf(name.ID, "%s", cs.unknown(name.Word)))
			continue
		}
		for range min(max(n.Number, 0), maxShared) {
			cs.shared = append(cs.shared, name.Word)
		}
	}
	if len(errs) == 0 && (len(cs.shared) == 0 || len(cs.shared)%3 != 0 || len(cs.shared) > maxShared) {
		errs = append(errs, catalogue.Errorf(e.NameID, "the shared cards are %d; they must divide evenly into three decks, and be at most %d (rule: %q)",
			len(cs.shared), maxShared, ruleSharedDecks))
	}
	return errs
}

// unknown says that no card has a name, suggesting the one most likely
// meant: the same name in another case, or a slip away (Lazer, Laser).
func (cs *Cards) unknown(name string) string {
	names := make([]string, len(cs.cards))
	for i, c := range cs.cards {
		names[i] = c.Name
	}
	return fmt.Sprintf("no card named %q in the catalogue%s", name, suggest.Hint(name, names))
}

// fuelGiven is the fuel an action's own abilities give when it resolves;
// an upgrade has none (it is paid for as it comes into play).
func (c *Card) fuelGiven() int {
	if c.Kind != Action {
		return 0
	}
	n := 0
	for _, a := range c.Abilities {
		if a.Op == OpFuel {
			n += a.N
		}
	}
	return n
}
