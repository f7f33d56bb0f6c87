package void

import (
	"testing"
)

// The tests of this file take the Void rules text (void.txt) a sentence
// at a time: each subtest is named by its sentence, or quotes it. The
// sentences that no move can break (the queue executes last in, first
// out, ...) are quoted here only; rules.go holds the ones refusals quote.

// ---------------------------------------------------------------------------
// Player Actions

func TestRulePlayerActions(t *testing.T) {
	t.Run("Actions are the choices players can make", func(t *testing.T) {
		s := table{ann: "energy 5, hand Scout Shock, field Raider North, field Ranger Middle", ben: "field Scout North"}.start(t)
		checkLegal(t, s, `
			Ann: play Scout North | Ann: play Scout Middle | Ann: play Scout South | Ann: convert Scout |
			Ann: play Shock North | Ann: convert Shock |
			Ann: advance Raider Middle | Ann: attack Raider North | Ann: attack Raider Middle |
			Ann: activate Ranger North | Ann: advance Ranger North | Ann: advance Ranger South |
			Ann: attack Ranger North | Ann: attack Ranger Middle | Ann: attack Ranger South |
			Ann: end`)
	})
	t.Run("During each turn, players can take actions that affect the game.", func(t *testing.T) {
		s := table{ann: "energy 2, hand Scout, field Raider North", ben: "energy 1, hand Shock"}.start(t)
		run(t, s, "play Scout Middle, Ben play Shock North, execute, execute")
		checkTurn(t, s, 1, ann)
		checkField(t, s, "Ann Scout Middle")
		checkCache(t, s, ann, "Raider")
		checkCache(t, s, ben, "Shock")
		checkEnergy(t, s, ann, 1)
		checkEnergy(t, s, ben, 0)
	})
	t.Run("Players can take as many actions as they are able to and want during a turn.", func(t *testing.T) {
		s := table{ann: "energy 2, hand Scout Scout Scout, field Raider North"}.start(t)
		run(t, s, "play Scout North, execute, play Scout Middle, execute, attack Raider North, execute")
		checkField(t, s, "Ann Raider North spent | Ann Scout North | Ann Scout Middle")
		// As many as they are able to: no void energy is left for the third.
		expect(t, s, "play Scout South", ruled("V13", rulingPay))
		// A turn is its player's to end.
		v := expect(t, s, "Ben end", broke(ruleAsMany))
		checkWhat(t, v, "it is Ann's turn, not Ben's")
		run(t, s, "end")
		checkTurn(t, s, 2, ben)
	})
}

// ---------------------------------------------------------------------------
// The actions that go in the queue, and those that don't

func TestRuleActionsThatGoInTheQueue(t *testing.T) {
	for _, tt := range []struct {
		item      string // the rules text's item: "Actions that do go in the queue: - Playing a card"
		ann, ben  string
		moves     string
		queue     string
		pending   string // in play while the queue waits
		executes  int
		afterward string // in play once the queue has executed
	}{
		{"Playing a card", "energy 1, hand Scout", "", "play Scout North",
			"Ann: play Scout North", "", 1, "Ann Scout North"},
		{"Activating a skill", "energy 1, field Ranger Middle", "field Scout North", "activate Ranger North",
			"Ann: activate Ranger North", "Ann Ranger Middle spent | Ben Scout North", 1, "Ann Ranger Middle spent"},
		{"Advancing", "field Scout North", "", "advance Scout Middle",
			"Ann: advance Scout Middle", "Ann Scout North spent", 1, "Ann Scout Middle spent"},
		{"Attacking", "field Raider North", "field Wall Middle", "attack Raider Middle",
			"Ann: attack Raider Middle", "Ann Raider North spent | Ben Wall Middle", 1, "Ann Raider North spent | Ben Wall Middle damage 2"},
		{"Defending", "field Raider North", "field Wall North", "attack Raider North, Ben defend Wall Raider",
			"Ann: attack Raider North | Ben: defend Wall Raider", "Ann Raider North spent | Ben Wall North spent",
			2, "Ann Raider North damage 1 spent | Ben Wall North damage 2 spent"},
	} {
		t.Run("Actions that do go in the queue: "+tt.item, func(t *testing.T) {
			s := table{ann: tt.ann, ben: tt.ben}.start(t)
			run(t, s, tt.moves)
			checkQueue(t, s, tt.queue)
			checkField(t, s, tt.pending)
			for range tt.executes {
				run(t, s, "execute")
			}
			checkQueue(t, s, "")
			checkField(t, s, tt.afterward)
		})
	}
	t.Run("Actions that don't go in the queue: Converting a card", func(t *testing.T) {
		s := table{ann: "hand Wall"}.start(t)
		run(t, s, "convert Wall")
		checkQueue(t, s, "")
		checkClosed(t, s)
		checkEnergy(t, s, ann, 2)
		checkCache(t, s, ann, "Wall")
	})
	t.Run("Actions that don't go in the queue: Playing an anomaly", func(t *testing.T) {
		s := table{ann: "hand Surge"}.start(t)
		run(t, s, "play Surge")
		checkQueue(t, s, "")
		checkClosed(t, s)
		checkEnergy(t, s, ann, 2)
		checkCache(t, s, ann, "Surge")
	})
	t.Run("Actions that don't go in the queue, taken while it is open", func(t *testing.T) {
		s := table{ann: "energy 1, hand Scout", ben: "hand Surge Wall"}.start(t)
		run(t, s, "play Scout North, Ben play Surge, Ben convert Wall")
		checkQueue(t, s, "Ann: play Scout North")
		checkEnergy(t, s, ben, 4)
		checkCache(t, s, ben, "Surge Wall")
		checkDeciding(t, s, ben, false)
	})
}

// TestRuleReactiveSkills: "Reactive skills also go into the queue, letting
// players answer them with an action."
func TestRuleReactiveSkills(t *testing.T) {
	t.Run("a reactive skill goes into the queue and is answered", func(t *testing.T) {
		s := table{ann: "energy 1, hand Shock, field Raider Middle", ben: "energy 1, field Sentinel Middle"}.start(t)
		run(t, s, "attack Raider Middle, Ben react Sentinel Middle")
		checkQueue(t, s, "Ann: attack Raider Middle | Ben: react Sentinel Middle")
		checkEnergy(t, s, ben, 0)
		checkDeciding(t, s, ann, false)
		run(t, s, "play Shock Middle")
		checkQueue(t, s, "Ann: attack Raider Middle | Ben: react Sentinel Middle | Ann: play Shock Middle")
		run(t, s, "execute")
		checkField(t, s, "Ann Raider Middle spent | Ben Sentinel Middle damage 2 spent")
		run(t, s, "execute")
		checkField(t, s, "Ann Raider Middle damage 1 spent | Ben Sentinel Middle damage 2 spent")
		run(t, s, "execute")
		checkField(t, s, "Ann Raider Middle damage 1 spent")
		checkCache(t, s, ben, "Sentinel")
	})
	t.Run("a skill that is not reactive is not used with react", func(t *testing.T) {
		s := table{ann: "energy 1, field Ranger Middle", ben: "energy 1, field Raider North"}.start(t)
		v := expect(t, s, "react Ranger North", broke(ruleReactive))
		checkWhat(t, v, "Ranger's skill is not reactive: write activate")
	})
}

// ---------------------------------------------------------------------------
// Targets

func TestRuleTargets(t *testing.T) {
	t.Run("When a card or skill mentions a target, you must pick one or more targets.", func(t *testing.T) {
		tb := table{ann: "energy 5, hand Shock Barrage, field Ranger Middle", ben: "field Scout North, field Scout South"}
		for _, tt := range []struct{ move, what string }{
			{"play Shock", "Shock needs target sector enemy"},
			{"activate Ranger", "Ranger needs target sector enemy"},
			{"play Barrage X 1", "Barrage needs target 2 sectors enemy"},
		} {
			v := expect(t, tb.start(t), tt.move, broke(rulePickTarget))
			checkWhat(t, v, tt.what)
		}
		s := tb.start(t)
		run(t, s, "play Barrage North South X 1, activate Ranger North")
		checkQueue(t, s, "Ann: play Barrage North South X 1 | Ann: activate Ranger North")
	})
	t.Run("The target of a card or skill is affected by the card or skill.", func(t *testing.T) {
		s := table{ann: "energy 1, hand Shock, field Wall North", ben: "field Scout North, field Scout Middle"}.start(t)
		run(t, s, "play Shock North, execute")
		checkField(t, s, "Ann Wall North | Ben Scout Middle")
		checkCache(t, s, ben, "Scout")
	})
	for _, tt := range []struct {
		kind, ann, ben, moves, field string
		benEnergy                    int
	}{
		{"Biomes.", "energy 2, hand Extractor", "", "play Extractor Lake, execute", "Ann Extractor Lake", 0},
		{"Sectors.", "energy 2, hand Quake", "field Wall Middle", "play Quake Middle, execute", "Ben Wall Middle damage 1", 0},
		{"Players.", "energy 1, hand Drain", "energy 5", "play Drain Ben, execute", "", 3},
	} {
		t.Run("Targets can be: "+tt.kind, func(t *testing.T) {
			s := table{ann: tt.ann, ben: tt.ben}.start(t)
			run(t, s, tt.moves)
			checkField(t, s, tt.field)
			checkEnergy(t, s, ben, tt.benEnergy)
		})
	}
	t.Run("Modifications need a target when played.", func(t *testing.T) {
		s := table{ann: "energy 2, hand Extractor"}.start(t)
		v := expect(t, s, "play Extractor", broke(ruleModificationTarget))
		checkWhat(t, v, "Extractor needs target biome free")
	})
	t.Run("Valid targets for the card or skill requiring a target is stated on the card.", func(t *testing.T) {
		// Ann has a Wall in Middle and a Totem on Forest; Ben a Scout in
		// North and a Totem on Dunes. South, Lake, Ruins and Marsh are
		// empty.
		tb := table{
			ann: "energy 9, hand Quake Shock Rally Pioneer Scour Extractor Purge Blight Tend Gift Drain Mend, field Wall Middle, field Totem Forest",
			ben: "energy 9, hand Shock Pioneer Drain Mend, field Scout North, field Totem Dunes",
		}
		for _, tt := range []struct {
			requirement string
			move        string
			valid       bool
		}{
			{"sector any", "play Quake North", true},
			{"sector any", "play Quake South", true},
			{"sector enemy", "play Shock North", true},
			{"sector enemy", "play Shock Middle", false},
			{"sector enemy", "play Shock South", false},
			{"sector friendly", "play Rally Middle", true},
			{"sector friendly", "play Rally North", false},
			{"sector empty", "play Pioneer South", true},
			{"sector empty", "play Pioneer North", false},
			{"sector empty", "play Pioneer Middle", false},
			{"biome any", "play Scour Lake", true},
			{"biome any", "play Scour Forest", true},
			{"biome free", "play Extractor Lake", true},
			{"biome free", "play Extractor Forest", false},
			{"biome free", "play Extractor Dunes", false},
			{"biome modified", "play Purge Forest", true},
			{"biome modified", "play Purge Dunes", true},
			{"biome modified", "play Purge Lake", false},
			{"biome enemy", "play Blight Dunes", true},
			{"biome enemy", "play Blight Forest", false},
			{"biome enemy", "play Blight Ruins", false},
			{"biome friendly", "play Tend Forest", true},
			{"biome friendly", "play Tend Dunes", false},
			{"player any", "play Gift Ann", true},
			{"player any", "play Gift Ben", true},
			{"player opponent", "play Drain Ben", true},
			{"player opponent", "play Drain Ann", false},
			{"player self", "play Mend Ann", true},
			{"player self", "play Mend Ben", false},
			// The requirement is read for the player taking the action:
			// Ben answers Ann's Quake.
			{"sector enemy, for Ben", "Ben play Shock Middle", true},
			{"sector enemy, for Ben", "Ben play Shock North", false},
			{"sector empty, for Ben", "Ben play Pioneer South", true},
			{"player opponent, for Ben", "Ben play Drain Ann", true},
			{"player opponent, for Ben", "Ben play Drain Ben", false},
			{"player self, for Ben", "Ben play Mend Ben", true},
			{"player self, for Ben", "Ben play Mend Ann", false},
		} {
			t.Run(tt.requirement+": "+tt.move, func(t *testing.T) {
				s := tb.start(t)
				if w, _ := parse(t, tt.move); w == ben {
					run(t, s, "play Quake South")
				}
				if tt.valid {
					expect(t, s, tt.move, accepted)
				} else {
					expect(t, s, tt.move, ruled("V15", rulingDeclare))
				}
			})
		}
	})
	t.Run("If you can't meet the targeting requirements, the target is invalid.", func(t *testing.T) {
		tb := table{ann: "energy 3, hand Shock Drain, field Wall Middle", ben: "field Scout North"}
		v := expect(t, tb.start(t), "play Shock Middle", ruled("V15", rulingDeclare))
		checkWhat(t, v, "Shock needs target sector enemy, and sector Middle is not")
		v = expect(t, tb.start(t), "play Drain Ann", ruled("V15", rulingDeclare))
		checkWhat(t, v, "Drain needs target player opponent, and Ann is not")
	})
	t.Run("When a card or skill in the queue executes, the validity of the target is confirmed.", func(t *testing.T) {
		s := table{ann: "energy 1, hand Shock", ben: "field Scout North"}.start(t)
		run(t, s, "play Shock North, Ben advance Scout Middle, execute")
		checkQueue(t, s, "Ann: play Shock North")
		checkField(t, s, "Ben Scout Middle spent")
		run(t, s, "execute")
		checkField(t, s, "Ben Scout Middle spent")
		checkCache(t, s, ann, "Shock")
		checkEnergy(t, s, ann, 0)
	})
	t.Run("If the target is invalid, the card or skill can't affect it.", func(t *testing.T) {
		// Volley damages opposing units in two sectors with a unit of
		// Ann's in them; Ben's Shock leaves North without one.
		s := table{ann: "hand Volley, field Scout North, field Wall Middle", ben: "energy 1, hand Shock, field Scout North, field Scout Middle"}.start(t)
		run(t, s, "play Volley North Middle, Ben play Shock North, execute")
		checkField(t, s, "Ann Wall Middle | Ben Scout North | Ben Scout Middle")
		run(t, s, "execute")
		checkField(t, s, "Ann Wall Middle | Ben Scout North")
		checkCache(t, s, ann, "Scout Volley")
		checkCache(t, s, ben, "Shock Scout")
	})
	t.Run("If there are no valid targets when a card or skill executes, it's cancelled.", func(t *testing.T) {
		t.Run("a tactic", func(t *testing.T) {
			s := table{ann: "hand Rally, field Scout North", ben: "energy 1, hand Shock, field Scout North"}.start(t)
			run(t, s, "play Rally North, Ben play Shock North, execute, execute")
			checkField(t, s, "Ben Scout North")
			checkCache(t, s, ann, "Scout Rally")
		})
		t.Run("a unit", func(t *testing.T) {
			s := table{ann: "energy 3, hand Warden, field Scout North", ben: "energy 1, hand Shock"}.start(t)
			run(t, s, "play Warden North, Ben play Shock North, execute, execute")
			checkField(t, s, "")
			checkCache(t, s, ann, "Scout Warden")
		})
		t.Run("a skill", func(t *testing.T) {
			s := table{ann: "energy 1, field Ranger Middle", ben: "field Scout North"}.start(t)
			run(t, s, "activate Ranger North, Ben advance Scout Middle, execute, execute")
			checkField(t, s, "Ann Ranger Middle spent | Ben Scout Middle spent")
		})
	})
	t.Run("Cancelled cards go to the cache immediately.", func(t *testing.T) {
		s := table{ann: "energy 2, hand Scout Shock", ben: "field Scout North"}.start(t)
		run(t, s, "play Scout Middle, play Shock North, Ben advance Scout Middle, execute, execute")
		// Shock is cancelled, and in the cache before the rest of the
		// queue executes.
		checkQueue(t, s, "Ann: play Scout Middle")
		checkCache(t, s, ann, "Shock")
		checkHand(t, s, ann, "")
		run(t, s, "execute")
		checkField(t, s, "Ben Scout Middle spent | Ann Scout Middle")
	})
	t.Run("Cancelled skills have no effect.", func(t *testing.T) {
		s := table{ann: "energy 1, field Ranger Middle", ben: "field Scout North"}.start(t)
		run(t, s, "activate Ranger North, Ben advance Scout Middle, execute, execute")
		checkField(t, s, "Ann Ranger Middle spent | Ben Scout Middle spent")
		checkCache(t, s, ann, "")
		checkCache(t, s, ben, "")
		checkEnergy(t, s, ann, 0)
	})
}

// ---------------------------------------------------------------------------
// Taking Actions

func TestRuleTakingActions(t *testing.T) {
	t.Run("When takign an aciton it enters the queue.", func(t *testing.T) {
		s := table{ann: "energy 3, hand Shock Scout", ben: "field Scout North"}.start(t)
		run(t, s, "play Shock North")
		checkQueue(t, s, "Ann: play Shock North")
		checkEnergy(t, s, ann, 2)
		checkHand(t, s, ann, "Scout")
		checkField(t, s, "Ben Scout North")
		checkDeciding(t, s, ben, false)
	})
	t.Run("If the action: Has a target, pick the target.", func(t *testing.T) {
		s := table{ann: "energy 4, hand Gift Gift"}.start(t)
		run(t, s, "play Gift Ben, execute")
		checkEnergy(t, s, ben, 1)
		checkEnergy(t, s, ann, 4)
		run(t, s, "play Gift Ann, execute")
		checkEnergy(t, s, ben, 1)
		checkEnergy(t, s, ann, 5)
	})
	t.Run(`Says "Pick one-", you pick which option to use.`, func(t *testing.T) {
		s := table{ann: "energy 4, hand Flux Flux", ben: "life 10"}.start(t)
		run(t, s, "play Flux Ben pick 1, execute")
		checkEnergy(t, s, ben, 3)
		checkLife(t, s, ben, 10)
		run(t, s, "play Flux Ben pick 2, execute")
		checkEnergy(t, s, ben, 3)
		checkLife(t, s, ben, 8)
		checkEnergy(t, s, ann, 0)
		s = table{ann: "energy 4, hand Flux", ben: "life 10"}.start(t)
		v := expect(t, s, "play Flux Ben", broke(rulePickOne))
		checkWhat(t, v, "Flux has 2 options: write pick and the option's number")
		v = expect(t, s, "play Flux Ben pick 3", broke(rulePickOne))
		checkWhat(t, v, "not 3")
		expect(t, s, "play Flux Ben pick 0", broke(rulePickOne))
	})
	t.Run("If an action has X void energy in its cost: You pick what number of void energy X is.", func(t *testing.T) {
		tb := table{ann: "energy 9, hand Barrage", ben: "field Wall North, field Wall South"}
		for _, tt := range []struct {
			x      string
			damage string
		}{
			{"0", "Ben Wall North | Ben Wall South"},
			{"1", "Ben Wall North damage 1 | Ben Wall South damage 1"},
			{"3", "Ben Wall North damage 3 | Ben Wall South damage 3"},
		} {
			s := tb.start(t)
			run(t, s, "play Barrage North South X "+tt.x+", execute")
			checkField(t, s, tt.damage)
		}
		v := expect(t, tb.start(t), "play Barrage North South", broke(ruleChooseX))
		checkWhat(t, v, "Barrage costs X: write X and its number")
		// The bound on X is the referee's, from ruling V4: the message says so.
		v = expect(t, tb.start(t), "play Barrage North South X 1000", ruled("V4", rulingStop))
		checkWhat(t, v, "X 1000 is more than any player can pay: void energy stops at 999, so X is from 0 to 999")
		// X written without its number reads as a target named X.
		v = expectMove(t, tb.start(t), ann, Play{"Barrage", Choices{Targets: names("North South X")}}, broke(ruleChooseX))
		checkWhat(t, v, "Barrage costs X: write X and its number")
	})
	t.Run("You pay the total energy cost, including the number for X.", func(t *testing.T) {
		tb := table{ann: "energy 5, hand Barrage Flare, field Siphon South", ben: "life 10, field Wall North, field Wall South"}
		s := tb.start(t)
		run(t, s, "play Barrage North South X 3")
		checkEnergy(t, s, ann, 1)
		// A skill's X, and an anomaly's.
		s = tb.start(t)
		run(t, s, "activate Siphon Ben pick 2 X 2")
		checkEnergy(t, s, ann, 3)
		run(t, s, "execute")
		checkLife(t, s, ben, 8)
		s = tb.start(t)
		run(t, s, "play Flare Ben pick 1 X 4")
		checkEnergy(t, s, ann, 1)
		checkLife(t, s, ben, 6)
		// More than the player has.
		s = table{ann: "energy 3, hand Barrage", ben: "field Wall North, field Wall South"}.start(t)
		v := expect(t, s, "play Barrage North South X 3", broke(rulePayX))
		checkWhat(t, v, "Ann has 3 void energy and the cost is 4")
		expect(t, s, "play Barrage North South X 2", accepted)
		checkEnergy(t, s, ann, 0)
	})
}

// ---------------------------------------------------------------------------
// Answering Actions

func TestRuleAnsweringActions(t *testing.T) {
	t.Run("Each player may answer actions added to the queue by adding a new aciton to the queue.", func(t *testing.T) {
		s := table{ann: "energy 3, hand Raider Shock", ben: "energy 3, hand Drain, field Sentinel Middle"}.start(t)
		run(t, s, "play Raider Middle, Ben play Drain Ann, play Shock Middle")
		checkQueue(t, s, "Ann: play Raider Middle | Ben: play Drain Ann | Ann: play Shock Middle")
	})
	t.Run("Players can only answer if they are able to take an action.", func(t *testing.T) {
		// Ben has nothing to act with: no move of his is listed, and
		// none is accepted.
		s := table{ann: "energy 1, hand Scout", ben: "energy 5"}.start(t)
		run(t, s, "play Scout North")
		checkLegal(t, s, "Ann: execute")
		expect(t, s, "Ben play Shock North", ruled("V12", rulingHand))
		// With a card he can pay for, he can answer; with one he cannot,
		// only convert it.
		s = table{ann: "energy 1, hand Scout", ben: "energy 1, hand Drain Ranger"}.start(t)
		run(t, s, "play Scout North")
		checkLegal(t, s, "Ben: play Drain Ann | Ben: convert Drain | Ben: convert Ranger | Ann: execute")
		expect(t, s, "Ben play Ranger North", ruled("V13", rulingPay))
	})
	t.Run("Players take turns, answering each other's actions.", func(t *testing.T) {
		s := table{ann: "energy 3, hand Scout Scout Scout", ben: "energy 3, hand Drain Drain"}.start(t)
		run(t, s, "play Scout North")
		checkDeciding(t, s, ben, false)
		run(t, s, "Ben play Drain Ann")
		checkDeciding(t, s, ann, false)
		run(t, s, "play Scout Middle")
		checkDeciding(t, s, ben, false)
		run(t, s, "Ben play Drain Ann")
		checkDeciding(t, s, ann, false)
	})
	t.Run("Players can answer their own action, if their opponent didn't.", func(t *testing.T) {
		s := table{ann: "energy 3, hand Scout Raider", ben: "energy 1, hand Drain"}.start(t)
		run(t, s, "play Scout North, play Raider Middle")
		checkQueue(t, s, "Ann: play Scout North | Ann: play Raider Middle")
		// Ben may answer the new action.
		checkDeciding(t, s, ben, false)
		run(t, s, "Ben play Drain Ann")
		checkQueue(t, s, "Ann: play Scout North | Ann: play Raider Middle | Ben: play Drain Ann")
	})
}

// ---------------------------------------------------------------------------
// Executing Actions

func TestRuleExecutingActions(t *testing.T) {
	t.Run("When no player decides to take an action or answer an action in the queue, the actions in the queue begin to execute.", func(t *testing.T) {
		s := table{ann: "energy 1, hand Scout"}.start(t)
		run(t, s, "play Scout North")
		checkField(t, s, "")
		run(t, s, "execute")
		checkField(t, s, "Ann Scout North")
		checkQueue(t, s, "")
	})
	t.Run("Actions in the queue are executed in sequence, starting with the last action to enter the queue until all actions are executed.", func(t *testing.T) {
		s := table{ann: "energy 6, hand Scout Raider Wall"}.start(t)
		run(t, s, "play Scout North, play Raider Middle, play Wall South")
		for _, want := range []string{
			"Ann Wall South",
			"Ann Wall South | Ann Raider Middle",
			"Ann Wall South | Ann Raider Middle | Ann Scout North",
		} {
			run(t, s, "execute")
			checkField(t, s, want)
		}
		checkQueue(t, s, "")
	})
	t.Run("When an aciton in the queue executes, each player who can, may take another action.", func(t *testing.T) {
		tb := table{ann: "energy 5, hand Scout Raider Raider", ben: "energy 2, hand Drain Drain"}
		// With the queue still holding an action.
		s := tb.start(t)
		run(t, s, "play Scout North, play Raider Middle, execute, Ben play Drain Ann")
		checkQueue(t, s, "Ann: play Scout North | Ben: play Drain Ann")
		s = tb.start(t)
		run(t, s, "play Scout North, play Raider Middle, execute, play Raider South")
		// And with the queue empty after it: the other player too.
		s = tb.start(t)
		run(t, s, "play Scout North, execute, Ben play Drain Ann, execute, play Raider Middle")
		checkQueue(t, s, "Ann: play Raider Middle")
	})
	t.Run("If a player takes an aciton after another action executes, the process repeats until the queue is empty.", func(t *testing.T) {
		s := table{ann: "energy 3, hand Scout Raider", ben: "energy 1, hand Shock"}.start(t)
		run(t, s, "play Scout North, play Raider Middle, execute, Ben play Shock Middle")
		checkQueue(t, s, "Ann: play Scout North | Ben: play Shock Middle")
		run(t, s, "execute")
		checkField(t, s, "")
		checkCache(t, s, ann, "Raider")
		run(t, s, "execute")
		checkField(t, s, "Ann Scout North")
		checkQueue(t, s, "")
		run(t, s, "end")
		checkTurn(t, s, 2, ben)
	})
}

// TestNotationExample plays the game of docs/games/void.md and checks what the text after it says happens.
func TestNotationExample(t *testing.T) {
	s := table{
		board: "sector North Forest, sector Middle Ruins, sector South Dunes",
		ann:   "energy 3, income 2, life 10, hand Raider Shock Barrage, field Scout Middle",
		ben:   "energy 3, income 2, life 10, hand Wall Drain Surge, field Sentinel Middle",
	}.open(t)
	run(t, s, "play Raider Middle, Ben play Drain Ann, play Shock Middle")
	checkEnergy(t, s, ann, 3+2-2-1)
	checkEnergy(t, s, ben, 2)
	run(t, s, "execute")
	checkField(t, s, "Ann Scout Middle | Ben Sentinel Middle damage 2")
	run(t, s, "execute")
	checkEnergy(t, s, ann, 0)
	run(t, s, "execute")
	checkField(t, s, "Ann Scout Middle | Ben Sentinel Middle damage 2 | Ann Raider Middle")
	run(t, s, "attack Scout Middle, Ben react Sentinel Middle, execute")
	checkField(t, s, "Ben Sentinel Middle damage 2 spent | Ann Raider Middle damage 1")
	run(t, s, "execute")
	checkField(t, s, "Ben Sentinel Middle damage 2 spent | Ann Raider Middle damage 1")
	checkLife(t, s, ben, 10)
	checkCache(t, s, ann, "Shock Scout")
	run(t, s, "end")
	run(t, s, "play Surge, play Wall Middle, execute")
	checkTurn(t, s, 2, ben)
	checkEnergy(t, s, ben, 1+2+2-2)
	checkField(t, s, "Ben Sentinel Middle damage 2 | Ann Raider Middle damage 1 | Ben Wall Middle")
	checkCache(t, s, ben, "Drain Surge")
	checkHand(t, s, ann, "Barrage")
	checkHand(t, s, ben, "")
	checkNotOver(t, s)
}
