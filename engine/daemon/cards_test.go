package daemon

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/internal/namememo"
)

// ---------------------------------------------------------------------------
// The default catalogue

// TestCardFindsEveryName holds Card to the catalogue's map, which it looks
// in when a name's slot holds another card: every card and module of the
// default catalogue is found by its name, cards sharing a slot included,
// and a name of no card (one of the same length and ends as a card's) is
// not.
func TestCardFindsEveryName(t *testing.T) {
	cs := defaultCards(t)
	enginetest.FindsEveryName(t, cs.All(), func(c *Card) string { return c.Name }, cs.Card,
		func(name string) *Card { return cs.bySlot[namememo.Slot(name)] }, "Sxxxxy", "", "sentry", "SENTRY")
}

// TestDefaultCatalogueLoads reads the default catalogue that the referee
// embeds, with the tests' own reader of the catalogue language (the engine
// does not import the referee): twelve modules of 15 cards, each with its
// cover card, and a game that sets up with it.
func TestDefaultCatalogueLoads(t *testing.T) {
	cs := defaultCards(t)
	want := names("Firewall Overclock Scraper Worm Cache Blitz Botnet Backup Honeypot Compiler Factory Mirror")
	if got := cs.Modules(); !slices.Equal(got, want) {
		t.Errorf("Modules() = %q, want %q", got, want)
	}
	covers := map[string]bool{}
	for _, m := range cs.Modules() {
		if n := len(cs.ModuleCards(m)); n != ModuleSize {
			t.Errorf("module %s has %d cards, want %d", m, n, ModuleSize)
		}
		c, _ := cs.Card(m)
		if c.Kind != Module || slices.Contains(cs.ModuleCards(m), m) {
			t.Errorf("%s: kind %s; a cover card is a module, and not one of the module's cards", m, c.Kind)
		}
		ability := c.Cover.String()
		if covers[ability] {
			t.Errorf("module %s's ability %q is another module's too: each is distinct", m, ability)
		}
		covers[ability] = true
	}
	if n := len(cs.All()); n != 12*6 {
		t.Errorf("%d cards and modules, want 72", n)
	}
	for _, tt := range []struct{ card, stats string }{
		{"Firewall", ": power +1"},
		{"Overclock", ": start memory +1"},
		{"Cache", ": grip 6"},
		{"Compiler", ": scripts -1"},
		{"Sentry", "module Firewall copies 3 cost 1 power 2"},
		{"Turbine", "module Overclock copies 3 cost 3 power 4 : ability 2 purge 2"},
		{"Leviathan", "module Worm copies 3 cost 6 power 7 breach 1"},
		{"Lancer", "module Blitz copies 3 cost 3 power 4 haste"},
		{"Coolant", "module Overclock copies 3 cost 1 trash memory +2"},
		{"Hardening", "module Firewall copies 3 cost 2 ongoing power +1"},
		{"Flush", "module Cache copies 3 cost 1 : draw 1, memory +1"},
		{"Conveyor", "module Factory copies 3 cost 2 ongoing daemons -1"},
	} {
		if c, ok := cs.Card(tt.card); !ok || c.Stats() != tt.stats {
			t.Errorf("%s: %+v, want %q", tt.card, c, tt.stats)
		}
	}
	s := setUp(t, cs, 7, nil, setup{picks: "Firewall Worm Blitz Scraper Overclock Honeypot", mains: [2]string{"Firewall", "Worm"}})
	begin(t, s)
	for p, mods := range [][]string{names("Firewall Scraper Overclock"), names("Worm Blitz Honeypot")} {
		if got, main := s.Modules(p); !slices.Equal(got, mods) || main != mods[0] {
			t.Errorf("%s's modules %q, main %s; want %q, %s", players[p], got, main, mods, mods[0])
		}
		if got, want := census(s, p), moduleCensus(cs, mods); !reflect.DeepEqual(got, want) {
			t.Errorf("%s's cards %v, want the 45 of %q: %v", players[p], got, mods, want)
		}
	}
}

// ---------------------------------------------------------------------------
// The vocabulary: what each word of CARDS.md loads into

// sixModules is six good modules of one daemon each, for a faulty entry to
// stand beside.
const sixModules = `module A : power 1
daemon Da module A copies 15 cost 1 power 1
module B : breach 1
daemon Db module B copies 15 cost 1 power 1
module C : haste
daemon Dc module C copies 15 cost 1 power 1
module D : grip 6
daemon Dd module D copies 15 cost 1 power 1
module E : daemons -1
daemon De module E copies 15 cost 1 power 1
module F : scripts -1
daemon Df module F copies 15 cost 1 power 1
`

// TestVocabularyLoadsCardFields loads one module at a time (its cover card
// and cards beside the six good modules) and checks every field of the
// card it makes.
func TestVocabularyLoadsCardFields(t *testing.T) {
	eff := func(op Op, n int) *Effect { return &Effect{Op: op, N: n} }
	tests := []struct {
		name string
		src  string // with the six modules, G's cover card and cards
		want Card
	}{
		{"a daemon", `daemon Sentry module G copies 15 cost 1 power 2`,
			Card{Name: "Sentry", Kind: Daemon, Module: "G", Copies: 15, Cost: 1, Power: 2}},
		{"a daemon with breach and haste, properties in any order", `daemon Dart haste breach 2 power 0 cost 0 copies 15 module G`,
			Card{Name: "Dart", Kind: Daemon, Module: "G", Copies: 15, Power: 0, Breach: 2, Haste: true}},
		{"the limits: cost 20, power 99, breach 9", `daemon Big module G copies 15 cost 20 power 99 breach 9`,
			Card{Name: "Big", Kind: Daemon, Module: "G", Copies: 15, Cost: 20, Power: 99, Breach: 9}},
		{"a cost past the 10 of one side of the gauge", `script Heavy module G copies 15 cost 12 : draw 1`,
			Card{Name: "Heavy", Kind: Script, Module: "G", Copies: 15, Cost: 12, Effects: []Effect{{OpDraw, 1}}}},
		{"power and breach written as gains", `daemon Plus module G copies 15 cost 1 power +2 breach +1`,
			Card{Name: "Plus", Kind: Daemon, Module: "G", Copies: 15, Cost: 1, Power: 2, Breach: 1}},
		{"a daemon's ability", `daemon Indexer module G copies 15 cost 3 power 3 : ability 2 draw 1`,
			Card{Name: "Indexer", Kind: Daemon, Module: "G", Copies: 15, Cost: 3, Power: 3, Ability: eff(OpDraw, 1), AbilityCost: 2}},
		{"a purge ability", `daemon Turbine module G copies 15 cost 3 power 4 : ability 10 purge 9`,
			Card{Name: "Turbine", Kind: Daemon, Module: "G", Copies: 15, Cost: 3, Power: 4, Ability: eff(OpPurge, 9), AbilityCost: 10}},
		{"an ability of cost 20, the most", `daemon Reactor module G copies 15 cost 3 power 4 : ability 20 memory +9`,
			Card{Name: "Reactor", Kind: Daemon, Module: "G", Copies: 15, Cost: 3, Power: 4, Ability: eff(OpMemory, 9), AbilityCost: 20}},
		{"an ability that gives less memory than it costs", `daemon Pump module G copies 15 cost 1 power 1 : ability 3 memory +2`,
			Card{Name: "Pump", Kind: Daemon, Module: "G", Copies: 15, Cost: 1, Power: 1, Ability: eff(OpMemory, 2), AbilityCost: 3}},
		{"a script's effects, in the order written", `script Flush module G copies 15 cost 1 : draw 1, memory 1, purge 2, draw 9`,
			Card{Name: "Flush", Kind: Script, Module: "G", Copies: 15, Cost: 1, Effects: []Effect{{OpDraw, 1}, {OpMemory, 1}, {OpPurge, 2}, {OpDraw, 9}}}},
		{"memory +N", `script Boost module G copies 15 cost 0 : memory +2`,
			Card{Name: "Boost", Kind: Script, Module: "G", Copies: 15, Effects: []Effect{{OpMemory, 2}}}},
		{"an ongoing bonus", `script Hardening module G copies 15 cost 2 ongoing power 1`,
			Card{Name: "Hardening", Kind: Script, Module: "G", Copies: 15, Cost: 2, Ongoing: Bonuses{Power: 1}}},
		{"ongoing breach", `script Tunnel module G copies 15 cost 2 ongoing breach +2`,
			Card{Name: "Tunnel", Kind: Script, Module: "G", Copies: 15, Cost: 2, Ongoing: Bonuses{Breach: 2}}},
		{"ongoing grip", `script Bag module G copies 15 cost 2 ongoing grip 9`,
			Card{Name: "Bag", Kind: Script, Module: "G", Copies: 15, Cost: 2, Ongoing: Bonuses{Grip: 9}}},
		{"ongoing haste", `script Spur module G copies 15 cost 2 ongoing haste`,
			Card{Name: "Spur", Kind: Script, Module: "G", Copies: 15, Cost: 2, Ongoing: Bonuses{Haste: true}}},
		{"ongoing daemons -3", `script Conveyor module G copies 15 cost 2 ongoing daemons -3`,
			Card{Name: "Conveyor", Kind: Script, Module: "G", Copies: 15, Cost: 2, Ongoing: Bonuses{DaemonsCost: 3}}},
		{"ongoing scripts -1", `script Inline module G copies 15 cost 2 ongoing scripts -1`,
			Card{Name: "Inline", Kind: Script, Module: "G", Copies: 15, Cost: 2, Ongoing: Bonuses{ScriptsCost: 1}}},
		{"a trash effect", `script Coolant module G copies 15 cost 1 trash memory +2`,
			Card{Name: "Coolant", Kind: Script, Module: "G", Copies: 15, Cost: 1, OnTrash: eff(OpMemory, 2)}},
		{"a trash draw, an ongoing bonus and effects together", `script All module G copies 15 cost 1 trash draw 2 ongoing power 1 : draw 1`,
			Card{Name: "All", Kind: Script, Module: "G", Copies: 15, Cost: 1, OnTrash: eff(OpDraw, 2), Ongoing: Bonuses{Power: 1}, Effects: []Effect{{OpDraw, 1}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := enginetest.MustLoad(t, Load, enginetest.Catalogue(t, "daemon", sixModules+"module G : haste\n"+tt.src))
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

// TestVocabularyModuleAbilities loads each module ability of CARDS.md into
// the cover card.
func TestVocabularyModuleAbilities(t *testing.T) {
	eff := func(op Op, n int) *Effect { return &Effect{Op: op, N: n} }
	for _, tt := range []struct {
		ability string
		want    Bonuses
	}{
		{"power 1", Bonuses{Power: 1}},
		{"power +9", Bonuses{Power: 9}},
		{"breach 2", Bonuses{Breach: 2}},
		{"grip 6", Bonuses{Grip: 6}},
		{"grip 9", Bonuses{Grip: 9}},
		{"haste", Bonuses{Haste: true}},
		{"daemons -1", Bonuses{DaemonsCost: 1}},
		{"scripts -3", Bonuses{ScriptsCost: 3}},
		{"start draw 1", Bonuses{Trigger: Start, TriggerEffect: eff(OpDraw, 1)}},
		{"start memory 2", Bonuses{Trigger: Start, TriggerEffect: eff(OpMemory, 2)}},
		{"attack draw 3", Bonuses{Trigger: Attacks, TriggerEffect: eff(OpDraw, 3)}},
		{"attack memory +1", Bonuses{Trigger: Attacks, TriggerEffect: eff(OpMemory, 1)}},
		{"trashed draw 1", Bonuses{Trigger: Trashed, TriggerEffect: eff(OpDraw, 1)}},
		{"trashed memory 9", Bonuses{Trigger: Trashed, TriggerEffect: eff(OpMemory, 9)}},
		{"reveal draw 2", Bonuses{Trigger: Reveals, TriggerEffect: eff(OpDraw, 2)}},
		{"reveal memory 1", Bonuses{Trigger: Reveals, TriggerEffect: eff(OpMemory, 1)}},
	} {
		t.Run(tt.ability, func(t *testing.T) {
			cs := enginetest.MustLoad(t, Load, enginetest.Catalogue(t, "daemon", sixModules+"module G : "+tt.ability+"\ndaemon Dg module G copies 15 cost 1 power 1"))
			c, _ := cs.Card("G")
			if c.Kind != Module || !reflect.DeepEqual(c.Cover, tt.want) {
				t.Errorf("G: %s, cover %+v; want a module, cover %+v", c.Kind, c.Cover, tt.want)
			}
		})
	}
}

func TestVocabularyCardsAndModules(t *testing.T) {
	cs := enginetest.MustLoad(t, Load, enginetest.Catalogue(t, "daemon", `
daemon  Early module G copies 5 cost 1 power 1
`+sixModules+`
module  G : attack draw 1
script  Late module G copies 7 cost 0 : draw 1
daemon  Mid  module G copies 3 cost 2 power 2
`))
	if got, want := cs.Modules(), names("A B C D E F G"); !slices.Equal(got, want) {
		t.Errorf("Modules() = %q, want %q in catalogue order", got, want)
	}
	want := slices.Concat(slices.Repeat([]string{"Early"}, 5), slices.Repeat([]string{"Late"}, 7), slices.Repeat([]string{"Mid"}, 3))
	if got := cs.ModuleCards("G"); !slices.Equal(got, want) {
		t.Errorf("ModuleCards(G) = %q, want %q: each copy, in catalogue order, the cover card left out", got, want)
	}
	got := cs.ModuleCards("G")
	got[0] = "Gizmo"
	if again := cs.ModuleCards("G"); again[0] != "Early" {
		t.Errorf("ModuleCards gives the catalogue's own slice")
	}
	mods := cs.Modules()
	mods[0] = "Gizmo"
	if cs.Modules()[0] != "A" {
		t.Errorf("Modules gives the catalogue's own slice")
	}
	if _, ok := cs.Card("early"); ok {
		t.Errorf("Card finds early: names are exact")
	}
	if n := len(cs.All()); n != 7+6+3 {
		t.Errorf("All() has %d entries, want 16", n)
	}
	for _, tt := range []struct{ got, want string }{
		{Daemon.String() + " " + Script.String() + " " + Module.String(), "daemon script module"},
		{Effect{OpDraw, 2}.String() + ", " + Effect{OpMemory, 1}.String() + ", " + Effect{OpPurge, 3}.String(), "draw 2, memory +1, purge 3"},
		{Bonuses{Power: 1, Breach: 2, Grip: 7, Haste: true, DaemonsCost: 1, ScriptsCost: 2}.String(), "power +1 breach +2 grip 7 haste daemons -1 scripts -2"},
	} {
		if tt.got != tt.want {
			t.Errorf("%q, want %q", tt.got, tt.want)
		}
	}
}

// ---------------------------------------------------------------------------
// Errors, each at its item

const (
	vocabEffects     = "draw N, memory +N or purge N"
	vocabGains       = "draw N or memory +N"
	vocabDaemonProps = "module, copies, cost, power, breach and haste"
	vocabScriptProps = "module, copies, cost, ongoing and trash"
	vocabModuleAbils = "a module's ability is power N, breach N, grip N, haste, daemons -N, scripts -N, or start, attack, trashed or reveal with draw N or memory +N"
	vocabOngoing     = "ongoing needs a standing bonus after it: power N, breach N, grip N, haste, daemons -N or scripts -N"
	vocabScriptNeeds = "a script needs effects after a colon, an ongoing bonus, or a trash effect"
)

// checkErrors is enginetest.CheckErrors for Daemon, whose faulty cards
// stand beside six good modules: a failure shows a catalogue without them.
func checkErrors(t *testing.T, tests []enginetest.ErrCase) {
	t.Helper()
	enginetest.CheckErrors(t, "daemon", Load, tests, func(src string) string { return strings.TrimSuffix(src, sixModules) }, nil)
}

// TestCatalogueErrorsAtTheirItems loads faulty entries beside six good
// modules: each error at the item at fault (CARDS.md: "Any other word, a
// number out of range, or a property given twice is an error at its own
// line and column").
func TestCatalogueErrorsAtTheirItems(t *testing.T) {
	card := func(name, line string, want ...string) enginetest.ErrCase {
		return enginetest.ErrCase{Name: name, Src: line + "\n" + sixModules, Want: want}
	}
	tests := []enginetest.ErrCase{
		// Kinds.
		card("unknown kind", `^widget Gizmo cost 1`, `unknown kind of card "widget": Daemon has daemon, script and module`),
		card("unknown kind in capitals", `^Daemon Gizmo module A copies 1 cost 1 power 1`, `unknown kind of card "Daemon": Daemon has daemon, script and module`),
		card("another game's kind", `^action Laser cost 1 : damage 2 energy`, `unknown kind of card "action": Daemon has daemon, script and module`),
		card("a deck entry", `^deck Starter 3 Da`, `Daemon has no deck entries: a deck is three drafted modules`),
		card("two deck entries", "^deck Starter 3 Da\n^deck Other 3 Db",
			`Daemon has no deck entries: a deck is three drafted modules`, `^2 Daemon has no deck entries: a deck is three drafted modules`),

		// What each kind needs.
		card("a daemon without a module", `daemon ^X copies 1 cost 1 power 1`, `a daemon needs module`),
		card("a daemon without copies", `daemon ^X module A cost 1 power 1`, `a daemon needs copies`),
		card("a daemon without a cost", `daemon ^X module A copies 1 power 1`, `a daemon needs cost`),
		card("a daemon without power", `daemon ^X module A copies 1 cost 1`, `a daemon needs power`),
		card("a daemon with nothing", `daemon ^X`, `a daemon needs module`, `a daemon needs copies`, `a daemon needs cost`, `a daemon needs power`),
		card("a script without a module", `script ^X copies 1 cost 1 : draw 1`, `a script needs module`),
		card("a script without copies", `script ^X module A cost 1 : draw 1`, `a script needs copies`),
		card("a script without a cost", `script ^X module A copies 1 : draw 1`, `a script needs cost`),
		// Only a script with none of the three written at all: one with an
		// error in the one it has gets that error alone (below).
		card("a script with nothing to do", `script ^X module A copies 1 cost 1`, vocabScriptNeeds),
		card("a module without an ability", `module ^M`, `a module needs its ability after a colon, as in : power 1`),
		card("a module with two abilities", `module ^M : power 1, haste`, `a module has one ability`),

		// Properties.
		card("an unknown property", `daemon X module A copies 1 cost 1 power 1 ^flying`, `unknown property "flying": a daemon has `+vocabDaemonProps),
		card("a daemon with a script's property", `daemon X module A copies 1 cost 1 power 1 ^ongoing`, `unknown property "ongoing": a daemon has `+vocabDaemonProps),
		card("a script with haste", `script X module A copies 1 cost 1 ^haste : draw 1`, `unknown property "haste": a script has `+vocabScriptProps),
		card("a property given twice", `daemon X module A copies 1 cost 1 ^cost 2 power 1`, `cost is given twice`),
		card("a module given twice", `daemon X module A ^module B copies 1 cost 1 power 1`, `module is given twice`),
		card("a number for a property", `daemon X ^3 module A copies 1 cost 1 power 1`, `expected a property such as `+vocabDaemonProps+`, found 3`),
		card("a module's cover card with a property", `module M ^haste : power 1`, `a module's cover card has only its ability, after a colon: "haste" is not one`),
		card("module without a name", `daemon X copies 1 cost 1 power 1 ^module`, `module needs a name after it`),

		// Numbers and their ranges.
		card("cost without a number", `daemon X module A copies 1 ^cost power 1`, `cost needs a number after it, as in cost 1`),
		card("cost 21", `daemon X module A copies 1 cost ^21 power 1`, `cost 21 is out of range: it must be from 0 to 20`),
		card("a negative cost", `script X module A copies 1 cost ^-1 : draw 1`, `cost takes a plain number, not -1`),
		card("a cost with a unit", `script X module A copies 1 cost ^1u : draw 1`, `cost takes a plain number, not 1u`),
		card("power 100", `daemon X module A copies 1 cost 1 power ^100`, `power 100 is out of range: it must be from 0 to 99`),
		card("copies 0", `daemon X module A copies ^0 cost 1 power 1`, `copies 0 is out of range: it must be from 1 to 15`),
		card("copies 16", `daemon X module A copies ^16 cost 1 power 1`, `copies 16 is out of range: it must be from 1 to 15`),
		card("breach 0", `daemon X module A copies 1 cost 1 power 1 breach ^0`, `breach 0 is out of range: it must be from 1 to 9`),
		card("breach 10", `daemon X module A copies 1 cost 1 power 1 breach ^10`, `breach 10 is out of range: it must be from 1 to 9`),
		card("draw 0", `script X module A copies 1 cost 1 : draw ^0`, `draw 0 is out of range: it must be from 1 to 9`),
		card("draw 10", `script X module A copies 1 cost 1 : draw ^10`, `draw 10 is out of range: it must be from 1 to 9`),
		card("memory 10", `script X module A copies 1 cost 1 : memory ^10`, `memory 10 is out of range: it must be from 1 to 9`),
		card("purge 0", `script X module A copies 1 cost 1 : purge ^0`, `purge 0 is out of range: it must be from 1 to 9`),
		card("memory -1", `script X module A copies 1 cost 1 : memory ^-1`, `memory takes a plain number, not -1`),
		card("draw without a number", `script X module A copies 1 cost 1 : ^draw`, `draw needs a number after it, as in draw 1`),
		card("an ability of cost 0", `daemon X module A copies 1 cost 1 power 1 : ability ^0 draw 1`, `ability 0 is out of range: it must be from 1 to 20`),
		card("an ability of cost 21", `daemon X module A copies 1 cost 1 power 1 : ability ^21 draw 1`, `ability 21 is out of range: it must be from 1 to 20`),
		card("grip 5", `module M : grip ^5`, `grip 5 is out of range: it must be from 6 to 9`),
		card("grip 10", `module M : grip ^10`, `grip 10 is out of range: it must be from 6 to 9`),
		card("power 0 on a module", `module M : power ^0`, `power 0 is out of range: it must be from 1 to 9`),
		card("breach 10 on a module", `module M : breach ^10`, `breach 10 is out of range: it must be from 1 to 9`),
		card("a trigger's draw 10", `module M : start draw ^10`, `draw 10 is out of range: it must be from 1 to 9`),
		card("daemons -4", `module M : daemons ^-4`, `daemons -4 is out of range: it takes off 1 to 3`),
		card("scripts -0", `module M : ^scripts -0`, `scripts needs a cost taken off after it, as in scripts -1`),
		card("daemons 1, unsigned", `module M : ^daemons 1`, `daemons needs a cost taken off after it, as in daemons -1`),
		card("daemons without a number", `module M : ^daemons`, `daemons needs a cost taken off after it, as in daemons -1`),
		card("ongoing scripts -4", `script X module A copies 1 cost 1 ongoing scripts ^-4`, `scripts -4 is out of range: it takes off 1 to 3`),

		// Effects.
		card("an unknown effect", `script X module A copies 1 cost 1 ongoing haste : ^heal 1`, `unknown effect heal: here an effect is `+vocabEffects),
		card("an effect of another game", `script X module A copies 1 cost 1 ongoing haste : ^damage 2 energy`, `unknown effect damage: here an effect is `+vocabEffects),
		card("a script whose only effect is unknown", `script X module A copies 1 cost 1 : ^heal 1`, `unknown effect heal: here an effect is `+vocabEffects),
		card("a purge on trash", `script X module A copies 1 cost 1 trash ^purge ^2`, `unknown effect purge: here an effect is `+vocabGains,
			`^2 expected a property such as `+vocabScriptProps+`, found 2`),
		card("a purge trigger", `module M : start ^purge 2`, `unknown effect purge: here an effect is `+vocabGains),
		card("a word after an effect", `script X module A copies 1 cost 1 : draw 1 ^now`, `unexpected now: effects are separated by commas`),
		card("two effects without a comma", `script X module A copies 1 cost 1 : draw 1 ^memory 1`, `unexpected memory: effects are separated by commas`),
		card("a number after a module's ability", `module M : power 1 ^2`, `unexpected 2: effects are separated by commas`),
		card("errors in two effects", `script X module A copies 1 cost 1 : ^heal 1, draw ^0`,
			`unknown effect heal: here an effect is `+vocabEffects, `^2 draw 0 is out of range: it must be from 1 to 9`),
		card("errors in the properties and the effects", `script X module A copies 1 cost ^30 ongoing haste : ^zap 1`,
			`cost 30 is out of range: it must be from 0 to 20`, `^2 unknown effect zap: here an effect is `+vocabEffects),
		card("a daemon's colon without ability", `daemon X module A copies 1 cost 1 power 1 : ^draw 1`,
			`a daemon's colon gives its ability: ability N effect, as in : ability 1 draw 1`),
		card("a daemon with two abilities", `daemon X module A copies 1 cost 1 power 1 : ability 1 draw 1, ^ability 2 draw 1`, `a daemon has one ability`),
		card("an ability giving as much memory as it costs", `daemon X module A copies 1 cost 1 power 1 : ^ability 2 memory 2`,
			`an ability that gives memory must cost more than it gives: ability 2 memory +2`),
		card("an ability giving more memory than it costs", `daemon X module A copies 1 cost 1 power 1 : ^ability 1 memory 3`,
			`an ability that gives memory must cost more than it gives: ability 1 memory +3`),
		card("an ability without its effect", `daemon X module A copies 1 cost 1 power 1 : ability 2 ^unknown`, `unknown effect unknown: here an effect is `+vocabEffects),
		card("an unknown module ability", `module M : ^zap 1`, vocabModuleAbils),
		card("a trigger that is not one", `module M : ^begin draw 1`, vocabModuleAbils),
		card("an ongoing that is not a bonus", `script X module A copies 1 cost 1 ^ongoing zap`, vocabOngoing),
		card("an ongoing alone", `script X module A copies 1 cost 1 ^ongoing`, vocabOngoing),

		// A missing effect: a trash effect and a trigger are gains, where
		// purge is not allowed; a script's effects and an ability may purge.
		card("a trash without its effect", `script X module A copies 1 cost 1 ^trash`, `an effect is missing: `+vocabGains),
		card("a trigger without its effect", `module M : ^start`, `an effect is missing: `+vocabGains),
		card("an ability without its effect after the cost", `daemon X module A copies 1 cost 1 power 1 : ^ability 2`, `an effect is missing: `+vocabEffects),
		card("a colon with no effect after it", `script ^X module A copies 1 cost 1 :`, `an effect is missing: `+vocabEffects),
		card("a comma with no effect after it", `script ^X module A copies 1 cost 1 : draw 1,`, `an effect is missing: `+vocabEffects),
	}
	tests = append(tests,
		// An unknown property's number, and the words of a trigger after
		// ongoing, are errors of their own.
		card("an ongoing trigger", `script X module A copies 1 cost 1 ^ongoing start ^draw ^1 : draw 1`, vocabOngoing,
			`^2 unknown property "draw": a script has `+vocabScriptProps, `^3 expected a property such as `+vocabScriptProps+`, found 1`),
		card("the number of a script's unknown property", `script X module A copies 1 cost 1 ^power ^1 : draw 1`,
			`unknown property "power": a script has `+vocabScriptProps, `^2 expected a property such as `+vocabScriptProps+`, found 1`),
	)
	checkErrors(t, tests)
}

// TestCatalogueErrorsOfModules checks the errors that only the whole
// catalogue shows: a module of more or fewer than 15 cards (a module is
// "a collection of 15 cards"), a card of a module not in it, and fewer
// than six modules for the draft. A module with a card in error is not
// counted: its count would be wrong for the wrong reason.
func TestCatalogueErrorsOfModules(t *testing.T) {
	checkErrors(t, []enginetest.ErrCase{
		{Name: "a module with a card in error is not counted", Src: "module M : haste\ndaemon X module M copies 14 cost 1 power 1\ndaemon Y module M copies 1 cost ^21 power 1\n" + sixModules,
			Want: []string{`cost 21 is out of range: it must be from 0 to 20`}},
		{Name: "a module whose only card is in error is not counted", Src: "module M : haste\ndaemon X module M copies 15 cost 1 ^power\n" + sixModules,
			Want: []string{`power needs a number after it, as in power 1`}},
		{Name: "a module short for real beside a module with a card in error", Src: "module ^M : haste\ndaemon X module M copies 14 cost 1 power 1\n" +
			strings.Replace(sixModules, "daemon Da module A copies 15 cost 1 power 1", "daemon Da module A copies 15 cost ^-1 power 1", 1),
			Want: []string{`module M has 14 cards; a module is a collection of 15 cards`, `^2 cost takes a plain number, not -1`}},
		{Name: "a module of 14 cards", Src: "module ^M : haste\ndaemon X module M copies 14 cost 1 power 1\n" + sixModules,
			Want: []string{`module M has 14 cards; a module is a collection of 15 cards`}},
		{Name: "a module of 16 cards", Src: "module ^M : haste\ndaemon X module M copies 15 cost 1 power 1\nscript Y module M copies 1 cost 1 : draw 1\n" + sixModules,
			Want: []string{`module M has 16 cards; a module is a collection of 15 cards`}},
		{Name: "a module without cards", Src: "module ^M : haste\n" + sixModules,
			Want: []string{`module M has 0 cards; a module is a collection of 15 cards`}},
		{Name: "a module grown by one card", Src: "daemon X module A copies 1 cost 1 power 1\n" + strings.Replace(sixModules, "module A", "module ^A", 1),
			Want: []string{`module A has 16 cards; a module is a collection of 15 cards`}},
		{Name: "fewer than six modules", Src: strings.Join(strings.Split(sixModules, "\n")[2:], "\n"),
			Want: []string{`the catalogue has 5 modules; the draft takes six`}},
		{Name: "no modules", Src: "",
			Want: []string{`the catalogue has 0 modules; the draft takes six`}},
	})
}

// TestCatalogueErrorOfAnUnknownModule: a card's module must be a module
// of the catalogue; the error is at the module's name, the item at fault
// ("a word it does not know ... at the item at fault", docs/catalogue.md).
func TestCatalogueErrorOfAnUnknownModule(t *testing.T) {
	checkErrors(t, []enginetest.ErrCase{
		{Name: "an unknown module", Src: "daemon X module ^Nowhere copies 1 cost 1 power 1\n" + sixModules,
			Want: []string{`no module named "Nowhere" in the catalogue`}},
		{Name: "a module in the wrong case", Src: "daemon X module ^a copies 1 cost 1 power 1\n" + sixModules,
			Want: []string{`no module named "a" in the catalogue (did you mean "A"?)`}},
		{Name: "the module after the other properties", Src: "script X copies 1 cost 1 module ^Nowhere : draw 1\n" + sixModules,
			Want: []string{`no module named "Nowhere" in the catalogue`}},
		{Name: "a daemon's name for a module", Src: "daemon X module ^Da copies 1 cost 1 power 1\n" + sixModules,
			Want: []string{`Da is a daemon, not a module`}},
		{Name: "a daemon's name in the wrong case", Src: "daemon X module ^da copies 1 cost 1 power 1\n" + sixModules,
			Want: []string{`no module named "da" in the catalogue`}},
	})
}

// TestUnknownNamesSuggestAnotherName: a name that is not of the kind asked
// for says which kind it is ("Ant is a daemon, not a module"), and the "did
// you mean" of a name no card has suggests only a name of the kind asked
// for that differs in case, never a name of another kind.
func TestUnknownNamesSuggestAnotherName(t *testing.T) {
	t.Run("Cards.unknown", func(t *testing.T) {
		cs := cards(t)
		for _, tt := range []struct {
			kind Kind
			name string
			want string
		}{
			{Module, "Ant", `Ant is a daemon, not a module`},
			{Module, "Note", `Note is a script, not a module`},
			{Module, "alpha", `no module named "alpha" in the catalogue (did you mean "Alpha"?)`},
			{Module, "ant", `no module named "ant" in the catalogue`},
			{Module, "Gizmo", `no module named "Gizmo" in the catalogue`},
			{Script, "Ant", `Ant is a daemon, not a script`},
			{Script, "Alpha", `Alpha is a module, not a script`},
			{Script, "note", `no script named "note" in the catalogue (did you mean "Note"?)`},
			{Script, "ant", `no script named "ant" in the catalogue`},
			{Daemon, "Note", `Note is a script, not a daemon`},
			{Daemon, "ant", `no daemon named "ant" in the catalogue (did you mean "Ant"?)`},
			{-1, "Alpha", `Alpha is a module, not a card`},
			{-1, "alpha", `no card named "alpha" in the catalogue`},
			{-1, "ant", `no card named "ant" in the catalogue (did you mean "Ant"?)`},
			{-1, "note", `no card named "note" in the catalogue (did you mean "Note"?)`},
			{-1, "Gizmo", `no card named "Gizmo" in the catalogue`},
			{Script, "Noet", `no script named "Noet" in the catalogue (did you mean "Note"?)`}, // a slip
			{Module, "Alhpa", `no module named "Alhpa" in the catalogue (did you mean "Alpha"?)`},
		} {
			if got := cs.unknown(tt.kind, tt.name); got != tt.want {
				t.Errorf("unknown(%d, %q) = %q, want %q", tt.kind, tt.name, got, tt.want)
			}
		}
	})
	t.Run("a card's module", func(t *testing.T) {
		// The error is at Da, the entry's fourth item.
		_, errs := Load(enginetest.Catalogue(t, "daemon", "daemon X module Da copies 1 cost 1 power 1\n"+sixModules))
		if got, want := enginetest.ErrorLines(errs), "4: Da is a daemon, not a module\n"; got != want {
			t.Errorf("errors:\n%swant:\n%s", got, want)
		}
	})
	s := build(t, position{grips: [2]string{"Ant"}, daemons: [2]string{"Ant"}, memory: 3})
	for _, tt := range []struct {
		m    engine.Move
		want verdict
		what string
	}{
		{play("Alpha"), broke(rulePlay), "Alpha is a module, not a card"},
		{play("alpha"), broke(rulePlay), `no card named "alpha" in the catalogue`},
		{trash("Ant"), broke(ruleScriptTrash), "Ant is a daemon, not a script"},
		{trash("Alpha"), broke(ruleScriptTrash), "Alpha is a module, not a script"},
		{trash("ant"), broke(ruleScriptTrash), `no script named "ant" in the catalogue`},
	} {
		t.Run(moveKey(tt.m), func(t *testing.T) {
			if v := expect(t, s, ann, tt.m, tt.want); v != nil && v.What != tt.what {
				t.Errorf("%s: %q, want %q", moveKey(tt.m), v.What, tt.what)
			}
		})
	}
	for _, tt := range []struct{ module, what string }{
		{"Ant", "Ant is a daemon, not a module"},
		{"ant", `no module named "ant" in the catalogue`},
		{"Note", "Note is a script, not a module"},
	} {
		t.Run("draft "+tt.module, func(t *testing.T) {
			s := newGame(t, cards(t), 1, nil)
			if v := expect(t, s, ann, setupLine(Draft{tt.module}), broke(ruleDraftFirst)); v != nil && v.What != tt.what {
				t.Errorf("draft %s: %q, want %q", tt.module, v.What, tt.what)
			}
		})
	}
}

// TestCatalogueSignedNumbersOnlyForGains: "A plus sign is allowed where a
// gain is meant (memory +1, power +1)" (cards.go, reader.number): on the
// numbers of memory, power and breach. A signed cost, count, price, draw,
// purge or grip is refused, as "cost -1" is.
func TestCatalogueSignedNumbersOnlyForGains(t *testing.T) {
	checkErrors(t, []enginetest.ErrCase{
		{Name: "a signed cost", Src: "script X module A copies 1 cost ^+1 : draw 1\n" + sixModules, Want: []string{`cost takes a plain number, not +1`}},
		{Name: "signed copies", Src: "daemon X module G copies ^+15 cost 1 power 1\nmodule G : haste\n" + sixModules, Want: []string{`copies takes a plain number, not +15`}},
		{Name: "a signed ability cost", Src: "daemon X module A copies 1 cost 1 power 1 : ability ^+2 draw 1\n" + sixModules, Want: []string{`ability takes a plain number, not +2`}},
		{Name: "a signed draw", Src: "script X module A copies 1 cost 1 : draw ^+1\n" + sixModules, Want: []string{`draw takes a plain number, not +1`}},
		{Name: "a signed purge", Src: "script X module A copies 1 cost 1 : purge ^+2\n" + sixModules, Want: []string{`purge takes a plain number, not +2`}},
		{Name: "a signed trash draw", Src: "script X module A copies 1 cost 1 trash draw ^+2\n" + sixModules, Want: []string{`draw takes a plain number, not +2`}},
		{Name: "a signed grip", Src: "module M : grip ^+7\n" + sixModules, Want: []string{`grip takes a plain number, not +7`}},
	})
	for _, src := range []string{
		"daemon X module G copies 15 cost 1 power +2 breach +1",
		"script X module G copies 15 cost 1 : memory +2",
		"script X module G copies 15 cost 1 ongoing power +1 trash memory +1",
		"script X module G copies 15 cost 1 ongoing breach +2",
		"daemon X module G copies 15 cost 3 power 1 : ability 3 memory +2",
	} {
		for _, cover := range []string{"power +1", "breach +2", "start memory +1", "reveal memory +3"} {
			t.Run(src+" / "+cover, func(t *testing.T) {
				enginetest.MustLoad(t, Load, enginetest.Catalogue(t, "daemon", sixModules+"module G : "+cover+"\n"+src))
			})
		}
	}
}

// TestCatalogueEmptyEffects loads entries with nothing after a colon or a
// comma. The grammar refuses them, but a catalogue is data that other
// readers can build, and Load must answer with an error, not fail.
func TestCatalogueEmptyEffects(t *testing.T) {
	for _, src := range []string{
		`script X module A copies 1 cost 1 : draw 1,`,
		`script X module A copies 1 cost 1 :`,
		`daemon X module A copies 1 cost 1 power 1 :`,
		`daemon X module A copies 1 cost 1 power 1 : ability`,
		`daemon X module A copies 1 cost 1 power 1 : ability 2`,
		`module M :`,
		`module M : start`,
		`module M : power 1,`,
		`script X module A copies 1 cost 1 trash`,
		`script X module A copies 1 cost 1 ongoing`,
	} {
		t.Run(src, func(t *testing.T) {
			cat := enginetest.Catalogue(t, "daemon", src+"\n"+sixModules)
			enginetest.LoadFinds(t, Load, cat, src)
		})
	}
}

// TestNewWithTooFewModules: a catalogue that cannot fill the draft cannot
// start a game.
func TestNewWithTooFewModules(t *testing.T) {
	for _, cs := range []*Cards{nil, {}, {modules: names("A B C D E")}} {
		st, err := Game{Cards: cs}.New(engine.Options{Players: players, Seeded: true, Seed: 1})
		if err == nil || st != nil {
			t.Errorf("New with %v gives a game, %v", cs, err)
		}
	}
}
