package void

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine/internal/enginetest"
)

// ---------------------------------------------------------------------------
// The default catalogue

// TestDefaultCatalogueLoads reads the default catalogue that the referee
// embeds, with the tests' own reader of the catalogue language (the engine
// does not import the referee): every card, of every kind, with no error.
func TestDefaultCatalogueLoads(t *testing.T) {
	cs := defaultCards(t)
	var got []string
	for _, c := range cs.All() {
		got = append(got, c.Kind.String()+" "+c.Name)
	}
	want := []string{
		"unit Scout", "unit Raider", "unit Wall", "unit Ranger", "unit Sentinel", "unit Warden", "unit Siphon",
		"tactic Shock", "tactic Barrage", "tactic Drain", "tactic Flux", "tactic Purge", "tactic Quake",
		"modification Extractor", "modification Beacon",
		"anomaly Surge", "anomaly Rift",
	}
	if !slices.Equal(got, want) {
		t.Errorf("All() = %q\nwant %q", got, want)
	}
	for _, tt := range []struct{ card, stats string }{
		{"Scout", "cost 1, target sector; power 1, health 1"},
		{"Wall", "cost 2, target sector; power 1, health 4; convert 2"},
		{"Ranger", "cost 3, target sector; power 2, health 2; skill: cost 1, target sector enemy, effects damage 1"},
		{"Sentinel", "cost 2, target sector; power 1, health 3; reactive skill: react attack, cost 1, target sector enemy, effects damage 1"},
		{"Warden", "cost 3, target sector friendly; power 2, health 3; reactive skill: react play, cost 1, target player opponent, effects energy -1"},
		{"Siphon", "cost 2, target sector; power 1, health 2; skill: cost X, target player, pick one, effects energy X or damage X"},
		{"Barrage", "cost 1+X, target 2 sectors enemy, effects damage X"},
		{"Flux", "cost 2, target player, pick one, effects energy +3 or damage 2"},
		{"Purge", "cost 1, target biome modified, effects purge"},
		{"Extractor", "cost 2, target biome free; income 1"},
		{"Beacon", "cost 1, target sector friendly; skill: cost 1, target player opponent, effects damage 1"},
		{"Surge", "cost 0, effects energy +2"},
	} {
		c, ok := cs.Card(tt.card)
		if !ok {
			t.Errorf("no card %s", tt.card)
			continue
		}
		if got := c.Stats(); got != tt.stats {
			t.Errorf("%s: %q\nwant %q", tt.card, got, tt.stats)
		}
	}
	// A convert value other than 1, 0 included, is shown.
	if c, _ := cards(t).Card("Totem"); c.Stats() != "cost 0, target biome; income 2; convert 0" {
		t.Errorf("Totem: %q", c.Stats())
	}
	if _, ok := cs.Card("scout"); ok {
		t.Errorf("Card finds scout: names are exact")
	}
	all := cs.All()
	all[0] = nil
	if cs.All()[0] == nil {
		t.Errorf("All gives the catalogue's own slice")
	}
	// A game plays with it.
	s := table{cards: cs, ann: "energy 9, hand Scout Ranger Barrage Flux Extractor Surge", ben: "life 10, field Wall North, field Sentinel South"}.start(t)
	run(t, s, "play Surge, play Ranger Middle, play Barrage North South X 2, play Flux Ben pick 2, play Extractor Lake, execute, execute, execute, execute")
	checkLife(t, s, ben, 8)
	checkField(t, s, "Ben Wall North damage 2 | Ben Sentinel South damage 2 | Ann Extractor Lake | Ann Ranger Middle")
}

// ---------------------------------------------------------------------------
// The vocabulary: what each word of CARDS.md loads into

func TestVocabularyLoadsCardFields(t *testing.T) {
	tg := func(n int, k TargetKind, req string) Targets { return Targets{Count: n, Kind: k, Requirement: req} }
	sector := tg(1, SectorTarget, "any")
	tests := []struct {
		src  string
		want Card
	}{
		{"unit Scout cost 1 power 1 health 1",
			Card{Kind: Unit, Name: "Scout", Convert: 1, Play: Ability{Cost: Cost{N: 1}, Targets: sector}, Power: 1, Health: 1}},
		{"unit Pioneer cost 0 power 0 health 9 target sector empty convert 3",
			Card{Kind: Unit, Name: "Pioneer", Convert: 3, Play: Ability{Targets: tg(1, SectorTarget, "empty")}, Health: 9}},
		{"unit Ranger cost 3 power 2 health 2 skill 1 target sector enemy : damage 1",
			Card{Kind: Unit, Name: "Ranger", Convert: 1, Play: Ability{Cost: Cost{N: 3}, Targets: sector}, Power: 2, Health: 2,
				Skill: &Ability{Cost: Cost{N: 1}, Targets: tg(1, SectorTarget, "enemy"), Effects: []Effect{{"damage", 1, false}}}}},
		{"unit Warden cost 3 power 2 health 3 target sector friendly react play 1 target player opponent : energy -1",
			Card{Kind: Unit, Name: "Warden", Convert: 1, Play: Ability{Cost: Cost{N: 3}, Targets: tg(1, SectorTarget, "friendly")}, Power: 2, Health: 3,
				Skill: &Ability{Cost: Cost{N: 1}, Targets: tg(1, PlayerTarget, "opponent"), Effects: []Effect{{"energy", -1, false}}, React: "play"}}},
		{"unit Siphon cost 2 power 1 health 2 skill X target player pick : energy X, damage X",
			Card{Kind: Unit, Name: "Siphon", Convert: 1, Play: Ability{Cost: Cost{N: 2}, Targets: sector}, Power: 1, Health: 2,
				Skill: &Ability{Cost: Cost{X: true}, Targets: tg(1, PlayerTarget, "any"), Pick: true, Effects: []Effect{{"energy", 1, true}, {"damage", 1, true}}}}},
		{"unit Lookout cost 1 power 0 health 2 react advance 2 X target 3 sector friendly : damage X",
			Card{Kind: Unit, Name: "Lookout", Convert: 1, Play: Ability{Cost: Cost{N: 1}, Targets: sector}, Health: 2,
				Skill: &Ability{Cost: Cost{N: 2, X: true}, Targets: tg(3, SectorTarget, "friendly"), Effects: []Effect{{"damage", 1, true}}, React: "advance"}}},
		{"unit Echo cost 1 power 1 health 1 react skill 0 target biome enemy : purge",
			Card{Kind: Unit, Name: "Echo", Convert: 1, Play: Ability{Cost: Cost{N: 1}, Targets: sector}, Power: 1, Health: 1,
				Skill: &Ability{Targets: tg(1, BiomeTarget, "enemy"), Effects: []Effect{{"purge", 0, false}}, React: "skill"}}},
		{"unit Guard cost 1 power 1 health 1 react attack 0 target sector : purge",
			Card{Kind: Unit, Name: "Guard", Convert: 1, Play: Ability{Cost: Cost{N: 1}, Targets: sector}, Power: 1, Health: 1,
				Skill: &Ability{Targets: sector, Effects: []Effect{{"purge", 0, false}}, React: "attack"}}},
		{"tactic Barrage cost 1 X target 2 sector enemy : damage X",
			Card{Kind: Tactic, Name: "Barrage", Convert: 1, Play: Ability{Cost: Cost{N: 1, X: true}, Targets: tg(2, SectorTarget, "enemy"), Effects: []Effect{{"damage", 1, true}}}}},
		{"tactic Flux cost 2 target player pick : energy 3, damage 2",
			Card{Kind: Tactic, Name: "Flux", Convert: 1, Play: Ability{Cost: Cost{N: 2}, Targets: tg(1, PlayerTarget, "any"), Pick: true, Effects: []Effect{{"energy", 3, false}, {"damage", 2, false}}}}},
		{"tactic Boon cost 0 target 9 player self : energy +2, energy 0",
			Card{Kind: Tactic, Name: "Boon", Convert: 1, Play: Ability{Targets: tg(9, PlayerTarget, "self"), Effects: []Effect{{"energy", 2, false}, {"energy", 0, false}}}}},
		{"tactic Boon cost X target player : energy X",
			Card{Kind: Tactic, Name: "Boon", Convert: 1, Play: Ability{Cost: Cost{X: true}, Targets: tg(1, PlayerTarget, "any"), Effects: []Effect{{"energy", 1, true}}}}},
		{"tactic Purge cost 999 target biome modified : purge",
			Card{Kind: Tactic, Name: "Purge", Convert: 1, Play: Ability{Cost: Cost{N: 999}, Targets: tg(1, BiomeTarget, "modified"), Effects: []Effect{{"purge", 0, false}}}}},
		{"tactic Sweep cost 1 target sector any : purge, damage 3",
			Card{Kind: Tactic, Name: "Sweep", Convert: 1, Play: Ability{Cost: Cost{N: 1}, Targets: sector, Effects: []Effect{{"purge", 0, false}, {"damage", 3, false}}}}},
		{"tactic Windfall cost 1 convert 0 : energy 3",
			Card{Kind: Tactic, Name: "Windfall", Play: Ability{Cost: Cost{N: 1}, Effects: []Effect{{"energy", 3, false}}}}},
		{"modification Extractor cost 2 target biome free income 1",
			Card{Kind: Modification, Name: "Extractor", Convert: 1, Play: Ability{Cost: Cost{N: 2}, Targets: tg(1, BiomeTarget, "free")}, Income: 1}},
		{"modification Ward cost 1 target player self react skill 0 target player opponent : damage 1",
			Card{Kind: Modification, Name: "Ward", Convert: 1, Play: Ability{Cost: Cost{N: 1}, Targets: tg(1, PlayerTarget, "self")},
				Skill: &Ability{Targets: tg(1, PlayerTarget, "opponent"), Effects: []Effect{{"damage", 1, false}}, React: "skill"}}},
		{"modification Beacon cost 1 target sector friendly skill 1 target player opponent : damage 1",
			Card{Kind: Modification, Name: "Beacon", Convert: 1, Play: Ability{Cost: Cost{N: 1}, Targets: tg(1, SectorTarget, "friendly")},
				Skill: &Ability{Cost: Cost{N: 1}, Targets: tg(1, PlayerTarget, "opponent"), Effects: []Effect{{"damage", 1, false}}}}},
		{"anomaly Surge cost 0 : energy 2",
			Card{Kind: Anomaly, Name: "Surge", Convert: 1, Play: Ability{Effects: []Effect{{"energy", 2, false}}}}},
		{"anomaly Flare cost X target player pick : damage X, energy X",
			Card{Kind: Anomaly, Name: "Flare", Convert: 1, Play: Ability{Cost: Cost{X: true}, Targets: tg(1, PlayerTarget, "any"), Pick: true, Effects: []Effect{{"damage", 1, true}, {"energy", 1, true}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			cs := loadText(t, tt.src)
			c, ok := cs.Card(tt.want.Name)
			if !ok {
				t.Fatalf("no card %q", tt.want.Name)
			}
			if !reflect.DeepEqual(*c, tt.want) {
				t.Errorf("card = %+v (skill %+v)\nwant %+v (skill %+v)", *c, c.Skill, tt.want, tt.want.Skill)
			}
		})
	}
}

func TestVocabularyStrings(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{Unit.String() + " " + Tactic.String() + " " + Modification.String() + " " + Anomaly.String(), "unit tactic modification anomaly"},
		{SectorTarget.String() + " " + BiomeTarget.String() + " " + PlayerTarget.String(), "sector biome player"},
		{Targets{}.String(), "no target"},
		{Targets{Count: 3, Kind: BiomeTarget, Requirement: "free"}.String(), "target 3 biomes free"},
		{Cost{}.String() + " " + Cost{X: true}.String() + " " + Cost{N: 2, X: true}.String(), "0 X 2+X"},
		{Effect{"damage", 2, false}.String() + ", " + Effect{"energy", -1, false}.String() + ", " + Effect{"energy", 1, true}.String() + ", " + Effect{"energy", -1, true}.String() + ", " + Effect{"purge", 0, false}.String(),
			"damage 2, energy -1, energy X, energy -X, purge"},
	} {
		if tt.got != tt.want {
			t.Errorf("%q, want %q", tt.got, tt.want)
		}
	}
	// An effect's number for an action's X.
	for _, tt := range []struct {
		e    Effect
		x    int
		want int
	}{
		{Effect{"damage", 2, false}, 5, 2},
		{Effect{"damage", 1, true}, 5, 5},
		{Effect{"energy", -1, true}, 3, -3},
		{Effect{"energy", 1, true}, 0, 0},
	} {
		if got := tt.e.amount(tt.x); got != tt.want {
			t.Errorf("%s with X %d: %d, want %d", tt.e, tt.x, got, tt.want)
		}
	}
}

// TestVocabularyEffects plays each effect on each kind of target CARDS.md
// allows it: "damage N" on a sector (each opposing unit in it) and on a
// player (their life); "energy N" on a player (gained, or lost not below
// 0) and with no target (its owner); "purge" on a sector and on a biome
// (their modifications go to their owners' caches).
func TestVocabularyEffects(t *testing.T) {
	for _, tt := range []struct {
		effect, moves string
		ann, ben      string
		field         string
		annEnergy     int
		benEnergy     int
		benLife       int
		annCache      string
		benCache      string
	}{
		{"damage on a sector", "play Quake North, execute", "energy 2, hand Quake, field Wall North", "life 5, field Scout North, field Wall North",
			"Ann Wall North | Ben Wall North damage 1", 0, 0, 5, "Quake", "Scout"},
		{"damage on a player", "play Flux Ben pick 2, execute", "energy 2, hand Flux", "life 5",
			"", 0, 0, 3, "Flux", ""},
		{"energy on a player", "play Gift Ben, execute", "hand Gift", "energy 1, life 5",
			"", 0, 2, 5, "Gift", ""},
		{"energy lost, not below 0", "play Drain Ben, execute", "energy 1, hand Drain", "energy 1, life 5",
			"", 0, 0, 5, "Drain", ""},
		{"energy with no target: its owner", "play Windfall, execute", "energy 1, hand Windfall", "energy 1, life 5",
			"", 3, 1, 5, "Windfall", ""},
		{"purge on a sector: its modifications, not its units", "play Cleanse North, execute",
			"hand Cleanse, field Scout North, field Beacon North, field Beacon South", "life 5, field Scout North, field Beacon North",
			"Ann Scout North | Ann Beacon South | Ben Scout North", 0, 0, 5, "Cleanse Beacon", "Beacon"},
		{"purge on a biome", "play Scour Dunes, execute",
			"hand Scour, field Extractor Dunes, field Extractor Forest", "life 5, field Totem Dunes, field Scout South",
			"Ann Extractor Forest | Ben Scout South", 2, 0, 5, "Scour Extractor", "Totem"},
	} {
		t.Run(tt.effect, func(t *testing.T) {
			s := table{ann: tt.ann, ben: tt.ben}.start(t)
			run(t, s, tt.moves)
			checkField(t, s, tt.field)
			checkEnergy(t, s, ann, tt.annEnergy)
			checkEnergy(t, s, ben, tt.benEnergy)
			checkLife(t, s, ben, tt.benLife)
			// In any order: the order of a tactic and the cards its effects
			// put in the cache is TestRulingV17WhereExecutedCardsGo's.
			got, want := s.Player(ann).Cache, names(tt.annCache)
			slices.Sort(got)
			slices.Sort(want)
			checkCards(t, "Ann's cache, sorted", got, strings.Join(want, " "))
			checkCache(t, s, ben, tt.benCache)
		})
	}
}

// ---------------------------------------------------------------------------
// Errors, each at its item

const (
	errCostForm   = "cost takes a number of void energy, X, or a number and X, as in cost 2 X"
	errTargetKind = "target takes a kind of target: sector, biome or player"
	errTargetN    = "the number of targets is from 1 to 9"
	errTriggers   = "react takes the kind of action it answers: attack, advance, play, skill"
	errModTarget  = `a modification needs a target, as in target biome free (rule: "Modifications need a target when played.")`
	errDamageFit  = "damage needs a sector or player target"
	errEnergyFit  = "energy goes to a player target, or to the card's owner when there is no target"
	errPurgeFit   = "purge needs a sector or biome target"
	good          = "\nunit Good cost 1 power 1 health 1"
)

// TestCatalogueErrorsAtTheirItems loads faulty entries: each error at the
// item at fault (CARDS.md: "Any other word, a number out of range, or a
// property given twice is an error at its own line and column").
func TestCatalogueErrorsAtTheirItems(t *testing.T) {
	enginetest.CheckErrors(t, "void", Load, []enginetest.ErrCase{
		// Kinds, decks, names.
		{Name: "an unknown kind", Src: "^widget X cost 1", Want: []string{`unknown kind "widget": a Void card is a unit, tactic, modification or anomaly`}},
		{Name: "a kind in capitals", Src: "^Unit X cost 1 power 1 health 1", Want: []string{`unknown kind "Unit": a Void card is a unit, tactic, modification or anomaly`}},
		{Name: "another game's kind", Src: "^daemon X cost 1 power 1", Want: []string{`unknown kind "daemon": a Void card is a unit, tactic, modification or anomaly`}},
		{Name: "a deck", Src: "^deck Starter 3 Good" + good, Want: []string{"Void has no decks: the hands are written in the set-up"}},
		{Name: "two decks", Src: "^deck Starter 3 Good\n^deck Other 2 Good" + good,
			Want: []string{"Void has no decks: the hands are written in the set-up", "^2 Void has no decks: the hands are written in the set-up"}},
		{Name: "a second card of a name", Src: "unit Good cost 2 power 1 health 1\ntactic ^Good cost 1 : energy 1", Want: []string{`a second card named "Good"`}},
		{Name: "a third card of a name", Src: "unit Good cost 2 power 1 health 1\ntactic ^Good cost 1 : energy 1\nanomaly ^Good cost 1 : energy 1",
			Want: []string{`a second card named "Good"`, `^2 a second card named "Good"`}},
		{Name: "no cards", Src: "", Want: []string{"the catalogue has no cards"}},

		// What each kind needs.
		{Name: "a card without a cost", Src: "unit ^X power 1 health 1", Want: []string{"a card needs a cost, as in cost 1"}},
		{Name: "a card with nothing", Src: "tactic ^X", Want: []string{"a card needs a cost, as in cost 1", "a tactic needs effects after a colon, as in : damage 2"}},
		{Name: "a tactic without a cost", Src: "tactic ^X : energy 1", Want: []string{"a card needs a cost, as in cost 1"}},
		{Name: "a unit without health", Src: "unit ^X cost 1 power 1", Want: []string{"a unit needs health, as in health 2"}},
		{Name: "a unit whose target is not a sector", Src: "unit ^X cost 1 power 1 health 1 target player", Want: []string{"a unit's target is the one sector it enters"}},
		{Name: "a unit with two sectors", Src: "unit ^X cost 1 power 1 health 1 target 2 sector", Want: []string{"a unit's target is the one sector it enters"}},
		{Name: "a modification without a target", Src: "modification ^X cost 1 income 1", Want: []string{errModTarget}},
		{Name: "a modification on two targets", Src: "modification ^X cost 1 target 2 biome", Want: []string{"a modification is put on one target"}},
		{Name: "a tactic with power", Src: "tactic ^X cost 1 power 1 : energy 1", Want: []string{"only a unit has power and health"}},
		{Name: "a modification with health", Src: "modification ^X cost 1 target biome health 1", Want: []string{"only a unit has power and health"}},
		{Name: "a unit with income", Src: "unit ^X cost 1 power 1 health 1 income 1", Want: []string{"only a modification has income"}},
		{Name: "an anomaly with income", Src: "anomaly ^X cost 1 income 1 : energy 1", Want: []string{"only a modification has income"}},
		{Name: "a unit with pick", Src: "unit ^X cost 1 power 1 health 1 pick", Want: []string{"pick goes with a skill or a tactic's effects"}},
		{Name: "a modification with pick", Src: "modification ^X cost 1 target biome pick", Want: []string{"pick goes with a skill or a tactic's effects"}},
		{Name: "a unit costing X", Src: "unit ^X cost X power 1 health 1", Want: []string{"X goes with a tactic, an anomaly or a skill, whose effects use it"}},
		{Name: "a modification costing 1 X", Src: "modification ^X cost 1 X target biome", Want: []string{"X goes with a tactic, an anomaly or a skill, whose effects use it"}},
		{Name: "a tactic with a skill", Src: "tactic ^X cost 1 target player skill 1 : energy 1", Want: []string{"a tactic has no skill"}},
		{Name: "an anomaly with a reactive skill", Src: "anomaly ^X cost 1 target player react play 1 : energy 1", Want: []string{"an anomaly has no skill"}},
		{Name: "a tactic without effects", Src: "tactic X cost ^1", Want: []string{"a tactic needs effects after a colon, as in : damage 2"}},
		{Name: "an anomaly without effects", Src: "anomaly X cost 0 target ^player", Want: []string{"an anomaly needs effects after a colon, as in : damage 2"}},
		{Name: "a unit's effects without a skill", Src: "unit X cost 1 power 1 health 1 : ^damage 1", Want: []string{"a unit's effects belong to a skill: write skill and its cost first"}},
		{Name: "a modification's effects without a skill", Src: "modification X cost 1 target biome : ^energy 1", Want: []string{"a modification's effects belong to a skill: write skill and its cost first"}},
		{Name: "a skill without effects", Src: "unit X cost 1 power 1 health 1 skill 1 target ^player", Want: []string{"a skill needs effects after a colon, as in : damage 1"}},

		// Properties.
		{Name: "an unknown word", Src: "unit X cost 1 power 1 health 1 ^flying", Want: []string{`unknown word "flying"`}},
		{Name: "a requirement of another kind of target", Src: "tactic X cost 1 target sector ^free : damage 1", Want: []string{`unknown word "free"`}},
		{Name: "a number where a property goes", Src: "tactic X cost 1 ^5 : energy 1", Want: []string{"unexpected 5"}},
		{Name: "a text where a property goes", Src: `tactic X cost 1 ^ "big" : energy 1`, Want: []string{`unexpected "big"`}},
		{Name: "power twice", Src: "unit X cost 1 power 1 ^power 2 health 1", Want: []string{"a second power"}},
		{Name: "health twice", Src: "unit X cost 1 power 1 health 1 ^health 2", Want: []string{"a second health"}},
		{Name: "income twice", Src: "modification X cost 1 target biome income 1 ^income 2", Want: []string{"a second income"}},
		{Name: "convert twice", Src: "tactic X cost 1 convert 1 ^convert 2 : energy 1", Want: []string{"a second convert"}},
		{Name: "a second target", Src: "tactic X cost 1 target player ^target player : energy 1", Want: []string{"a second target"}},
		{Name: "two skills", Src: "unit X cost 1 power 1 health 1 skill 1 target player ^react attack 1 target player : damage 1", Want: []string{"a card has one skill"}},
		{Name: "skill twice", Src: "unit X cost 1 power 1 health 1 skill 1 target player ^skill 2 target player : damage 1",
			Want: []string{"a second skill", "a card has one skill"}},

		// Numbers.
		{Name: "power without a number", Src: "unit X cost 1 power ^health 1", Want: []string{"power takes a number"}},
		{Name: "health at the end", Src: "unit X cost 1 power 1 ^health", Want: []string{"health takes a number"}},
		{Name: "health 0", Src: "unit X cost 1 power 1 health ^0", Want: []string{"health cannot be less than 1"}},
		{Name: "power -1", Src: "unit X cost 1 power ^-1 health 1", Want: []string{"power cannot be less than 0"}},
		{Name: "power with a unit", Src: "unit X cost 1 power ^2u health 1", Want: []string{"power takes a number", "unexpected 2u"}},
		{Name: "income -1", Src: "modification X cost 1 target biome income ^-1", Want: []string{"income cannot be less than 0"}},
		{Name: "convert -1", Src: "unit X cost 1 power 1 health 1 convert ^-1", Want: []string{"convert cannot be less than 0"}},
		// Copies (ruling V36): 1 to 99, once.
		{Name: "copies 0", Src: "tactic X cost 1 copies ^0 : energy 1", Want: []string{"copies cannot be less than 1"}},
		{Name: "copies 100", Src: "tactic X cost 1 copies ^100 : energy 1", Want: []string{"copies is from 1 to 99"}},
		{Name: "copies twice", Src: "tactic X cost 1 copies 1 ^copies 2 : energy 1", Want: []string{"a second copies"}},
		{Name: "copies without a number", Src: "tactic X cost 1 ^copies : energy 1", Want: []string{"copies takes a number"}},
		// ? is the card nobody recorded (ruling V35), never a card's name.
		{Name: "a card named ?", Src: `tactic ^"?" cost 1 : energy 1`, Want: []string{"? is written for a card nobody recorded, and names no card"}},

		// Costs.
		{Name: "cost 1000", Src: "tactic X cost ^1000 : energy 1", Want: []string{"cost 1000 is out of range: a cost is from 0 to 999, the most void energy a player can have"}},
		{Name: "a negative cost", Src: "tactic X cost ^-1 : energy 1", Want: []string{"cost -1: a cost cannot be negative; it is from 0 to 999 void energy, X, or a number and X, as in cost 2 X"}},
		{Name: "a signed cost", Src: "tactic X cost ^+1 : energy 1", Want: []string{errCostForm}},
		{Name: "a cost with a unit", Src: "tactic X cost ^1u : energy 1", Want: []string{errCostForm}},
		{Name: "a word for a cost", Src: "tactic X cost ^two : energy 1", Want: []string{errCostForm, `unknown word "two"`}},
		{Name: "a cost at the end", Src: "tactic X ^cost", Want: []string{errCostForm, "a tactic needs effects after a colon, as in : damage 2"}},
		{Name: "a skill's cost", Src: "unit X cost 1 power 1 health 1 skill ^+1 target player : damage 1",
			Want: []string{"skill takes a number of void energy, X, or a number and X, as in skill 2 X"}},
		{Name: "a skill's cost 1000", Src: "unit X cost 1 power 1 health 1 skill ^1000 target player : damage 1", Want: []string{"skill 1000 is out of range: a cost is from 0 to 999, the most void energy a player can have"}},
		{Name: "a skill's cost -2", Src: "unit X cost 1 power 1 health 1 skill ^-2 target player : damage 1", Want: []string{"skill -2: a cost cannot be negative; it is from 0 to 999 void energy, X, or a number and X, as in skill 2 X"}},
		{Name: "a cost in a skill", Src: "unit X cost 1 power 1 health 1 skill 1 ^cost 2 target sector : damage 1", Want: []string{"a skill's cost follows the word skill, as in skill 1"}},
		{Name: "a unit's property in a skill", Src: "unit X cost 1 power 1 health 1 skill 1 target sector ^power ^2 : damage 1",
			Want: []string{`unknown word "power" in a skill: a skill has target and pick`, "^2 unexpected 2"}},

		// Targets.
		{Name: "0 targets", Src: "tactic X cost 1 target ^0 player : energy 1", Want: []string{errTargetN}},
		{Name: "10 targets", Src: "tactic X cost 1 target ^10 player : energy 1", Want: []string{errTargetN}},
		{Name: "a signed number of targets", Src: "tactic X cost 1 target ^+2 player : energy 1", Want: []string{errTargetN}},
		{Name: "a number of targets with a unit", Src: "tactic X cost 1 target ^2u player : energy 1", Want: []string{errTargetN}},
		{Name: "an unknown kind of target", Src: "tactic X cost 1 target ^moon : energy 1", Want: []string{errTargetKind, `unknown word "moon"`}},
		{Name: "a target without its kind", Src: "tactic X cost 1 ^target : energy 1", Want: []string{errTargetKind}},
		{Name: "a skill's target without its kind", Src: "unit X cost 1 power 1 health 1 skill 1 ^target : energy 1", Want: []string{errTargetKind}},

		// Reactive skills.
		{Name: "react without its kind of action", Src: "unit X cost 1 power 1 health 1 react ^1 target player : damage 1", Want: []string{errTriggers}},
		{Name: "react to a defence", Src: "unit X cost 1 power 1 health 1 react ^defend 1 target player : damage 1", Want: []string{errTriggers}},
		{Name: "react at the end", Src: "unit X cost 1 power 1 health 1 ^react",
			Want: []string{errTriggers, "react takes a number of void energy, X, or a number and X, as in react 2 X", "a skill needs effects after a colon, as in : damage 1"}},

		// Effects.
		{Name: "an effect that is a number", Src: "tactic X cost 1 : ^5", Want: []string{"an effect begins with damage, energy or purge"}},
		{Name: "an unknown effect", Src: "tactic X cost 1 : ^heal 1", Want: []string{`unknown effect "heal": the effects are damage, energy and purge`}},
		{Name: "purge with a number", Src: "tactic X cost 1 target sector : purge ^1", Want: []string{"purge takes nothing after it"}},
		{Name: "damage without a number", Src: "tactic X cost 1 target sector : ^damage", Want: []string{"damage takes one number or X, as in damage 2"}},
		{Name: "damage with two numbers", Src: "tactic X cost 1 target sector : ^damage 1 2", Want: []string{"damage takes one number or X, as in damage 2"}},
		{Name: "energy without a number", Src: "tactic X cost 1 : ^energy", Want: []string{"energy takes one number or X, as in energy 2"}},
		{Name: "damage with a word", Src: "tactic X cost 1 target sector : damage ^two", Want: []string{"damage takes a number or X"}},
		{Name: "energy with a unit", Src: "tactic X cost 1 : energy ^2u", Want: []string{"energy takes a number or X"}},
		{Name: "damage 0", Src: "tactic X cost 1 target sector : damage ^0", Want: []string{"damage is at least 1"}},
		{Name: "damage -2", Src: "tactic X cost 1 target sector : damage ^-2", Want: []string{"damage is at least 1"}},
		{Name: "X in an effect, not in the cost", Src: "tactic X cost 1 target player : damage ^X", Want: []string{"X in an effect needs X in the cost"}},
		{Name: "X in a skill's effect, not in the skill's cost", Src: "unit X cost 1 power 1 health 1 skill 1 target player : energy ^X",
			Want: []string{"X in an effect needs X in the cost"}},
		{Name: "pick with one effect", Src: "tactic X cost 1 target player ^pick : energy 1", Want: []string{"pick needs two or more effects to pick from"}},
		{Name: "a skill's pick with one effect", Src: "unit X cost 1 power 1 health 1 skill 1 target player ^pick : energy 1", Want: []string{"pick needs two or more effects to pick from"}},
		{Name: "errors in two effects", Src: "tactic X cost 1 target sector : ^heal 1, damage ^0",
			Want: []string{`unknown effect "heal": the effects are damage, energy and purge`, "^2 damage is at least 1"}},

		// Effects and targets.
		{Name: "damage without a target", Src: "tactic X cost ^1 : damage 1", Want: []string{errDamageFit}},
		{Name: "damage on a biome", Src: "tactic X cost 1 target ^biome : damage 1", Want: []string{errDamageFit}},
		{Name: "energy on a sector", Src: "tactic X cost 1 target ^sector : energy 1", Want: []string{errEnergyFit}},
		{Name: "energy on a biome", Src: "anomaly X cost 1 target biome ^free : energy 1", Want: []string{errEnergyFit}},
		{Name: "purge on a player", Src: "tactic X cost 1 target ^player : purge", Want: []string{errPurgeFit}},
		{Name: "purge without a target", Src: "tactic X cost ^1 : purge", Want: []string{errPurgeFit}},
		{Name: "a skill's damage without a target", Src: "unit X cost 1 power 1 health 1 skill ^1 : damage 1", Want: []string{errDamageFit}},
		{Name: "options that do not fit", Src: "tactic X cost 1 target player ^pick : energy 1, purge", Want: []string{errPurgeFit}},
	}, nil, func(t *testing.T, cs *Cards) {
		// A card in error is left out of the catalogue.
		for _, c := range cs.All() {
			if c.Name == "X" {
				t.Errorf("the card in error is in the catalogue: %+v", c)
			}
		}
	})
}

// TestCatalogueAUnitNeedsPower: CARDS.md's table of kinds: a unit "needs
// cost, power N, health N".
func TestCatalogueAUnitNeedsPower(t *testing.T) {
	cat, ids := enginetest.MarkedCatalogue(t, "void", "unit ^X cost 1 health 1")
	_, errs := Load(cat)
	engineBug(t, len(errs) == 0, "a unit without power loads with power 0; CARDS.md says a unit needs power N")
	if len(errs) != 1 || errs[0].ID != ids[0] || !strings.Contains(errs[0].Msg, "power") {
		t.Errorf("errors:\n%s", enginetest.ErrorLines(errs))
	}
}

// TestCatalogueAPropertyGivenTwice: CARDS.md: "a property given twice is an
// error at its own line and column", cost and pick included.
func TestCatalogueAPropertyGivenTwice(t *testing.T) {
	for _, src := range []string{
		"tactic X cost 1 ^cost 2 : energy 1",
		"tactic X cost 1 target player pick ^pick : energy 1, damage 1",
		"unit X cost 1 power 1 health 1 skill 1 target player pick ^pick : energy 1, damage 1",
	} {
		t.Run(src, func(t *testing.T) {
			cat, ids := enginetest.MarkedCatalogue(t, "void", src)
			_, errs := Load(cat)
			engineBug(t, len(errs) == 0, "a property given twice loads without an error: "+strings.ReplaceAll(src, "^", ""))
			if len(errs) != 1 || errs[0].ID != ids[0] {
				t.Errorf("errors:\n%s", enginetest.ErrorLines(errs))
			}
		})
	}
}

// TestCatalogueEmptyEffects loads entries with nothing after a colon or a
// comma. The grammar refuses them, but a catalogue is data that other
// readers can build, and Load must answer with an error, not fail.
func TestCatalogueEmptyEffects(t *testing.T) {
	for _, src := range []string{
		"tactic X cost 1 :",
		"tactic X cost 1 : energy 1,",
		"anomaly X cost 1 : , energy 1",
		"unit X cost 1 power 1 health 1 :",
		"unit X cost 1 power 1 health 1 skill 1 target player :",
		"modification X cost 1 target biome :",
	} {
		t.Run(src, func(t *testing.T) {
			cat := enginetest.Catalogue(t, "void", src+good)
			var panicked any
			func() {
				defer func() { panicked = recover() }()
				Load(cat)
			}()
			if panicked != nil {
				engineBug(t, true, fmt.Sprintf("Load panics on an empty effect (%q): %v", src, panicked))
			}
			enginetest.LoadFinds(t, Load, cat, src)
		})
	}
}
