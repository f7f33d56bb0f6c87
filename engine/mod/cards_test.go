package mod

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
)

// ---------------------------------------------------------------------------
// The vocabulary: what each word of CARDS.md loads into

// TestVocabularyLoadsCardFields loads one entry at a time, with a deck of
// three copies of it, and checks every field of the card it makes.
func TestVocabularyLoadsCardFields(t *testing.T) {
	tests := []struct {
		name string
		line string
		want Card
	}{
		{"an action", `action Laser cost 1 : damage 2 energy`,
			Card{Name: "Laser", Kind: Action, Cost: 1, Abilities: []Ability{{OpDamage, 2, Energy}}}},
		{"impact damage", `action Missile cost 1 : damage 2 impact`,
			Card{Name: "Missile", Kind: Action, Cost: 1, Abilities: []Ability{{OpDamage, 2, Impact}}}},
		{"draw", `action "Targeting Scan" cost 1 : draw 2`,
			Card{Name: "Targeting Scan", Kind: Action, Cost: 1, Abilities: []Ability{{Op: OpDraw, N: 2}}}},
		{"fuel, at cost 0", `action "Fuel Cell" cost 0 : fuel 2`,
			Card{Name: "Fuel Cell", Kind: Action, Abilities: []Ability{{Op: OpFuel, N: 2}}}},
		{"abilities in the order written", `action Overdrive cost 1 : fuel 1, draw 1, damage 1 impact`,
			Card{Name: "Overdrive", Kind: Action, Cost: 1, Abilities: []Ability{{Op: OpFuel, N: 1}, {Op: OpDraw, N: 1}, {OpDamage, 1, Impact}}}},
		{"the same ability twice", `action Twin cost 4 : damage 3 energy, damage 3 energy`,
			Card{Name: "Twin", Kind: Action, Cost: 4, Abilities: []Ability{{OpDamage, 3, Energy}, {OpDamage, 3, Energy}}}},
		{"the limits: cost 20, abilities 1 and 9", `action Big cost 20 : damage 9 impact, draw 1, fuel 9`,
			Card{Name: "Big", Kind: Action, Cost: 20, Abilities: []Ability{{OpDamage, 9, Impact}, {Op: OpDraw, N: 1}, {Op: OpFuel, N: 9}}}},
		{"a red upgrade", `upgrade "Red Plating" cost 1 shield red`,
			Card{Name: "Red Plating", Kind: Upgrade, Cost: 1, Shield: Red}},
		{"a blue upgrade", `upgrade "Blue Barrier" cost 1 shield blue`,
			Card{Name: "Blue Barrier", Kind: Upgrade, Cost: 1, Shield: Blue}},
		{"a purple upgrade, properties in any order", `upgrade "Prism Field" shield purple cost 2`,
			Card{Name: "Prism Field", Kind: Upgrade, Cost: 2, Shield: Purple}},
		{"an upgrade at cost 0", `upgrade Tin cost 0 shield red`,
			Card{Name: "Tin", Kind: Upgrade, Shield: Red}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := loadCards(t, tt.line+"\ndeck Shared 3 "+strconv.Quote(tt.want.Name))
			c, ok := cs.Card(tt.want.Name)
			if !ok {
				t.Fatalf("no card %q", tt.want.Name)
			}
			if !reflect.DeepEqual(*c, tt.want) {
				t.Errorf("card = %+v\nwant %+v", *c, tt.want)
			}
		})
	}
}

func TestVocabularyCardsAndTheSharedSet(t *testing.T) {
	// The deck may come before the cards it names.
	cs := loadCards(t, `
deck    Shared   2 Laser 1 "Red Plating" 3 Laser
action  Laser    cost 1 : damage 2 energy, draw 1
upgrade "Red Plating" cost 1 shield red
action  Spare    cost 0 : fuel 1
`)
	var all []string
	for _, c := range cs.All() {
		all = append(all, c.Name)
	}
	if want := names(`Laser "Red Plating" Spare`); !slices.Equal(all, want) {
		t.Errorf("All() = %q, want %q in catalogue order", all, want)
	}
	name, shared := cs.Shared()
	if want := names(`Laser Laser "Red Plating" Laser Laser Laser`); name != "Shared" || !slices.Equal(shared, want) {
		t.Errorf("Shared() = %q, %q; want Shared, %q: each count expanded in place", name, shared, want)
	}
	shared[0] = "Gizmo"
	if _, again := cs.Shared(); again[0] != "Laser" {
		t.Errorf("Shared() gives the catalogue's own slice")
	}
	if _, ok := cs.Card("laser"); ok {
		t.Errorf("Card finds laser: names are exact")
	}
	laser, _ := cs.Card("Laser")
	plating, _ := cs.Card("Red Plating")
	for _, tt := range []struct{ got, want string }{
		{laser.Stats(), "cost 1: damage 2 energy, draw 1"},
		{plating.Stats(), "cost 1 shield red"},
		{Ability{Op: OpFuel, N: 3}.String(), "fuel 3"},
		{Ability{OpDamage, 2, Impact}.String(), "damage 2 impact"},
		{Action.String() + " " + Upgrade.String(), "action upgrade"},
		{Energy.String() + " " + Impact.String(), "energy impact"},
		{Red.String() + " " + Blue.String() + " " + Purple.String(), "red blue purple"},
		{Assigned.String() + " " + Ejected.String() + " " + Drafted.String(), "assigned ejected drafted"},
	} {
		if tt.got != tt.want {
			t.Errorf("%q, want %q", tt.got, tt.want)
		}
	}
}

// TestRuleShieldColours: "red shields prevent impact damage, blue shields
// prevent energy damage, and purple shields prevent either".
func TestRuleShieldColours(t *testing.T) {
	for _, tt := range []struct {
		shield         Shield
		energy, impact bool
	}{
		{Red, false, true},
		{Blue, true, false},
		{Purple, true, true},
	} {
		if tt.shield.Stops(Energy) != tt.energy || tt.shield.Stops(Impact) != tt.impact {
			t.Errorf("%s stops energy: %v, impact: %v; want %v, %v", tt.shield, tt.shield.Stops(Energy), tt.shield.Stops(Impact), tt.energy, tt.impact)
		}
	}
}

// TestDefaultCatalogueLoads reads the default catalogue that the referee
// embeds, with the tests' own reader of the catalogue language (the engine
// does not import the referee).
func TestDefaultCatalogueLoads(t *testing.T) {
	cs := loadCards(t, defaultCatalogue(t))
	if n := len(cs.All()); n != 12 {
		t.Errorf("%d cards, want 12", n)
	}
	name, shared := cs.Shared()
	if name != "Shared" || len(shared) != 36 {
		t.Errorf("the shared set %q has %d cards, want Shared with 36", name, len(shared))
	}
	for _, tt := range []struct{ card, stats string }{
		{"Laser", "cost 1: damage 2 energy"},
		{"Overdrive", "cost 1: fuel 1, draw 1, damage 1 impact"},
		{"Laser Array", "cost 3: damage 2 energy, damage 2 energy, damage 1 energy"},
		{"Prism Field", "cost 2 shield purple"},
	} {
		if c, ok := cs.Card(tt.card); !ok || c.Stats() != tt.stats {
			t.Errorf("%s: %v, want %q", tt.card, c, tt.stats)
		}
	}
	s := newGame(t, cs, 7, nil)
	for i := range SharedDecks {
		if n := len(s.Shared(i).Deck); n != 12 {
			t.Errorf("shared deck %d has %d cards, want 12", i+1, n)
		}
	}
}

// ---------------------------------------------------------------------------
// Errors, each at its item

const (
	// vocabCards is two good cards for a deck to name.
	vocabCards = "action Laser cost 1 : damage 2 energy\nupgrade Red cost 1 shield red\n"
	// vocabBase is vocabCards and a good deck, for a faulty card to stand
	// beside.
	vocabBase      = vocabCards + "deck Shared 3 Laser 3 Red\n"
	vocabAbilities = "an action has damage N energy, damage N impact, draw N and fuel N"
	vocabUpgrade   = "cost N and shield red|blue|purple"
)

// TestCatalogueErrorsAtTheirItems loads faulty catalogues and checks every
// error: the item it is at and its whole message. Each message is at the
// first caret, or at the caret its "^N " prefix numbers; a case without a
// caret expects its errors at no item (ID 0). An error at a card's name
// means the card as a whole.
func TestCatalogueErrorsAtTheirItems(t *testing.T) {
	card := func(name, line string, want ...string) enginetest.ErrCase {
		return enginetest.ErrCase{Name: name, Src: line + "\n" + vocabBase, Want: want}
	}
	deck := func(name, line string, want ...string) enginetest.ErrCase {
		return enginetest.ErrCase{Name: name, Src: vocabCards + line, Want: want}
	}
	tests := []enginetest.ErrCase{
		// Kinds.
		card("unknown kind", `^widget Gizmo cost 1`, `unknown kind of card "widget": Mod has action, upgrade and deck`),
		card("unknown kind in capitals", `^Action Zap cost 1 : damage 2 energy`, `unknown kind of card "Action": Mod has action, upgrade and deck`),
		card("another game's kind", `^mecha Scout cost 1 power 1 durability 2`, `unknown kind of card "mecha": Mod has action, upgrade and deck`),

		// ? is the notation's unknown card (ruling MD25).
		card("a card named ?", `^action "?" cost 1 : damage 2 energy`, `no card may be named ?: a transcript writes ? for a card nobody recorded`),

		// The cost.
		card("an action without a cost", `action ^Zap : damage 2 energy`, `an action needs a fuel cost, as in cost 1`),
		card("an upgrade without a cost", `upgrade ^Plate shield red`, `an upgrade needs a fuel cost, as in cost 1`),
		card("cost without a number", `action Zap ^cost : damage 2 energy`, `cost needs a number after it, as in cost 1`),
		card("cost followed by a word", `upgrade Plate ^cost ^free shield red`,
			`cost needs a number after it, as in cost 1`, `^2 unknown property "free": an upgrade has `+vocabUpgrade),
		card("cost 20 is the most", `action Zap cost ^21 : damage 2 energy`, `cost 21 is out of range: it must be from 0 to 20`),
		card("cost 100", `upgrade Plate cost ^100 shield red`, `cost 100 is out of range: it must be from 0 to 20`),
		card("a negative cost", `action Zap cost ^-1 : damage 2 energy`, `cost takes a plain number, not -1`),
		card("a signed cost", `action Zap cost ^+1 : damage 2 energy`, `cost takes a plain number, not +1`),
		card("a cost with a unit", `upgrade Plate cost ^1u shield red`, `cost takes a plain number, not 1u`),
		card("cost twice", `action Zap cost 1 ^cost 2 : damage 2 energy`, `cost is given twice`),

		// Other properties.
		card("an unknown property on an action", `action Zap cost 1 ^heavy : damage 2 energy`, `unknown property "heavy": an action has cost N`),
		card("an unknown property on an upgrade", `upgrade Plate cost 1 shield red ^heavy`, `unknown property "heavy": an upgrade has `+vocabUpgrade),
		card("a shield on an action", `action Zap cost 1 ^shield ^red : damage 2 energy`,
			`unknown property "shield": an action has cost N`, `^2 unknown property "red": an action has cost N`),
		card("a stray number", `upgrade Plate cost 1 shield red ^3`, `expected a property such as `+vocabUpgrade+`, found 3`),
		card("a stray text", `action Zap cost 1 ^"fast" : damage 2 energy`, `expected a property such as cost N, found "fast"`),

		// Shields.
		card("an upgrade without a shield", `upgrade ^Plate cost 1`, `an upgrade needs a shield colour, as in shield red`),
		card("a shield without a colour", `upgrade Plate cost 1 ^shield`, `shield needs a colour after it: red, blue or purple`),
		card("a shield of an unknown colour", `upgrade Plate cost 1 shield ^green`,
			`unknown shield colour "green": a shield is red, blue or purple`),
		card("a shield colour in capitals", `upgrade Plate cost 1 shield ^Blue`,
			`unknown shield colour "Blue": a shield is red, blue or purple`),
		card("shield twice", `upgrade Plate cost 1 shield red ^shield blue`, `shield is given twice`),
		card("an upgrade with abilities", `upgrade Plate cost 1 shield red : ^damage 2 energy`,
			`an upgrade has no abilities: it is paid for and kept in the play area`),

		// Abilities.
		card("an action without abilities", `action ^Zap cost 1`, `an action needs abilities after a colon, as in : damage 2 energy`),
		card("an unknown ability", `action Zap cost 1 : ^heal 2`, `unknown ability heal: `+vocabAbilities),
		card("an unknown ability after a good one", `action Zap cost 1 : draw 1, ^heal 2`, `unknown ability heal: `+vocabAbilities),
		card("an ability in capitals", `action Zap cost 1 : ^Draw 1`, `unknown ability Draw: `+vocabAbilities),
		card("a number for an ability", `action Zap cost 1 : draw 1, ^2`, `unknown ability 2: `+vocabAbilities),
		card("a text for an ability", `action Zap cost 1 : ^"damage" 2 energy`, `unknown ability "damage": `+vocabAbilities),
		card("draw without a number", `action Zap cost 1 : ^draw`, `draw needs a number after it, as in draw 2`),
		card("fuel followed by a word", `action Zap cost 1 : ^fuel two`, `fuel needs a number after it, as in fuel 2`),
		card("damage without a number", `action Zap cost 1 : ^damage energy`, `damage needs a number after it, as in damage 2 energy`),
		card("damage without a type", `action Zap cost 1 : ^damage 2`, `damage needs a type after its number: energy or impact, as in damage 2 energy`),
		card("damage without a type, then another ability", `action Zap cost 1 : ^damage 2, draw 1`, `damage needs a type after its number: energy or impact, as in damage 2 energy`),
		card("damage of an unknown type", `action Zap cost 1 : damage 2 ^fire`, `damage needs a type after its number: energy or impact, as in damage 2 energy`),
		card("draw 0", `action Zap cost 1 : draw ^0`, `draw 0 is out of range: it must be from 1 to 9`),
		card("draw 10", `action Zap cost 1 : draw ^10`, `draw 10 is out of range: it must be from 1 to 9`),
		card("fuel 10", `action Zap cost 1 : fuel ^10`, `fuel 10 is out of range: it must be from 1 to 9`),
		card("damage 0", `action Zap cost 1 : damage ^0 energy`, `damage 0 is out of range: it must be from 1 to 9`),
		card("damage 10", `action Zap cost 1 : damage ^10 impact`, `damage 10 is out of range: it must be from 1 to 9`),
		card("a signed draw", `action Zap cost 1 : draw ^+1`, `draw takes a plain number, not +1`),
		card("negative damage", `action Zap cost 1 : damage ^-2 energy`, `damage takes a plain number, not -2`),
		card("fuel with a unit", `action Zap cost 1 : fuel ^1u`, `fuel takes a plain number, not 1u`),
		card("a word after draw", `action Zap cost 1 : draw 1 ^now`, `unexpected now after draw 1: abilities are separated by commas`),
		card("a number after fuel", `action Zap cost 1 : fuel 1 ^2`, `unexpected 2 after fuel 1: abilities are separated by commas`),
		card("a word after damage", `action Zap cost 1 : damage 2 energy ^impact`, `unexpected impact after damage 2 energy: abilities are separated by commas`),
		card("two abilities without a comma", `action Zap cost 1 : draw 1 ^fuel 1`, `unexpected fuel after draw 1: abilities are separated by commas`),
		card("errors in two abilities", `action Zap cost 1 : ^heal 1, draw ^0`,
			`unknown ability heal: `+vocabAbilities, `^2 draw 0 is out of range: it must be from 1 to 9`),
		card("errors in the properties and the abilities", `action Zap cost ^30 : ^zap 1`,
			`cost 30 is out of range: it must be from 0 to 20`, `^2 unknown ability zap: `+vocabAbilities),

		// The deck.
		deck("no deck", ``, `a Mod catalogue needs one deck entry: the shared cards, as in deck Shared 4 Laser 4 Missile ...`),
		deck("two decks", "deck Shared 3 Laser\n^deck Other 3 Red", `a Mod catalogue has one deck, the shared cards; "Other" is a second (the first is "Shared")`),
		deck("three decks", "deck Shared 3 Laser\n^deck Other 3 Red\n^deck Third 3 Red",
			`a Mod catalogue has one deck, the shared cards; "Other" is a second (the first is "Shared")`,
			`^2 a Mod catalogue has one deck, the shared cards; "Third" is a second (the first is "Shared")`),
		deck("a count before no name", `deck Shared 3 Laser ^3`, `the count 3 needs a card name after it`),
		deck("a count followed by a count", `deck Shared ^3 3 Laser`, `the count 3 needs a card name after it`),
		deck("a name without a count", `deck Shared 3 Laser ^Red`, `expected a count before a card name, as in 4 Laser, found Red`),
		deck("a text without a count", `deck Shared 3 Laser ^"Red"`, `expected a count before a card name, as in 4 Laser, found "Red"`),
		deck("a count of 0", `deck Shared ^0 Laser 3 Red`, `a count is a plain number from 1 to 300, not 0`),
		deck("a count of 301", `deck Shared ^301 Laser`, `a count is a plain number from 1 to 300, not 301`),
		deck("a signed count", `deck Shared ^+3 Laser`, `a count is a plain number from 1 to 300, not +3`),
		deck("a negative count", `deck Shared ^-3 Laser`, `a count is a plain number from 1 to 300, not -3`),
		deck("a count with a unit", `deck Shared ^3u Laser`, `a count is a plain number from 1 to 300, not 3u`),
		deck("an unknown card", `deck Shared 3 Laser 3 ^Gizmo`, `no card named "Gizmo" in the catalogue`),
		deck("a card in the wrong case", `deck Shared 3 ^laser`, `no card named "laser" in the catalogue (did you mean "Laser"?)`),
		deck("a quoted card in the wrong case", `deck Shared 3 ^"red"`, `no card named "red" in the catalogue (did you mean "Red"?)`),
		deck("a slip in a card's name", `deck Shared 3 ^Lazer`, `no card named "Lazer" in the catalogue (did you mean "Laser"?)`),
		deck("the deck's own name", `deck Shared 3 ^Shared`, `no card named "Shared" in the catalogue`),
		deck("a shared set not divisible by three", `deck ^Shared 3 Laser 1 Red`,
			`the shared cards are 4; they must divide evenly into three decks, and be at most 300 (rule: "`+ruleSharedDecks+`")`),
		deck("a shared set of two", `deck ^Shared 2 Laser`,
			`the shared cards are 2; they must divide evenly into three decks, and be at most 300 (rule: "`+ruleSharedDecks+`")`),
		deck("an empty shared set", `deck ^Shared`,
			`the shared cards are 0; they must divide evenly into three decks, and be at most 300 (rule: "`+ruleSharedDecks+`")`),
		deck("more than 300 shared cards", `deck ^Shared 300 Laser 3 Red`,
			`the shared cards are 303; they must divide evenly into three decks, and be at most 300 (rule: "`+ruleSharedDecks+`")`),
		deck("a deck with a colon", `deck Shared 3 Laser : ^draw 1`, `a deck is counts and card names, with no colon`),
	}
	enginetest.CheckErrors(t, "mod", Load, tests, nil, nil)
}

// TestCatalogueEmptyAbilities loads entries with nothing after a colon or
// a comma. The grammar refuses them, but a catalogue is data that other
// readers can build, and Load must answer with an error, not fail.
func TestCatalogueEmptyAbilities(t *testing.T) {
	for _, src := range []string{
		`action Zap cost 1 : draw 1,`,
		`action Zap cost 1 :`,
		`upgrade Plate cost 1 shield red :`,
		"deck Other 3 Laser :",
	} {
		t.Run(src, func(t *testing.T) {
			cat := enginetest.Catalogue(t, "mod", src+"\n"+vocabCards)
			if !strings.HasPrefix(src, "deck") {
				cat = enginetest.Catalogue(t, "mod", src+"\n"+vocabBase)
			}
			enginetest.LoadFinds(t, Load, cat, src)
		})
	}
}

// TestNewWithoutSharedCards: a catalogue that Load refuses for having no
// shared cards cannot start a game either.
func TestNewWithoutSharedCards(t *testing.T) {
	st, err := Game{Cards: &Cards{}}.New(engine.Options{Players: players, Seeded: true, Seed: 1})
	if err == nil {
		t.Errorf("New with no shared cards gives a game: %+v", st.Outcome())
	}
}

// ---------------------------------------------------------------------------
// Quotes

// quotes tells the shared quote checks about Mod: its rules text is
// mod.txt, its rulings run MD1 to MD17, and mod.go gives rulings.
var quotes = enginetest.Quotes{Game: "mod", RulingPrefix: "MD", MainFile: "mod.go", Rulings: 17}

// TestQuoteRulesStandInRulesText checks that every rule constant quotes the
// Mod rules text word for word. The text lives outside the repository
// and is skipped where it is absent, as in CI.
func TestQuoteRulesStandInRulesText(t *testing.T) { quotes.RulesStandInRulesText(t) }

// TestQuoteRulingsStandInRulingsMD checks that every ruling constant quotes
// RULINGS.md word for word, and stands in the section of the ruling whose
// number the engine gives with it.
func TestQuoteRulingsStandInRulingsMD(t *testing.T) { quotes.RulingsStandInRulingsMD(t) }

// TestQuoteRulingIDsHaveHeadings checks that every ruling number the
// engine gives has its heading in RULINGS.md, and that the headings run
// MD1 to MD17.
func TestQuoteRulingIDsHaveHeadings(t *testing.T) { quotes.RulingIDsHaveHeadings(t) }

// TestQuoteViolationsQuoteTheRightText checks that violation(...) quotes
// a rule of the rules text, never a ruling, and ruling(...) a ruling.
func TestQuoteViolationsQuoteTheRightText(t *testing.T) { quotes.ViolationsQuoteTheRightText(t) }
