package mecha

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
)

// ---------------------------------------------------------------------------
// The set-up: decks (M4), opening draws (M3), mulligans (M5), and nothing
// played before turn 1 (M32).

func TestRuleDeckOf40CardsWithCopyLimits(t *testing.T) {
	tests := []struct {
		name string
		deck Deck
		want verdict
		what string // part of the violation's message
	}{
		{"40 cards", Deck{List: kit(nil)}, ok, ""},
		{"39 cards", Deck{List: deckList(`39 "Radio Tower"`)}, broke(ruleDeck), "39 cards, not 40"},
		{"41 cards", Deck{List: deckList(`41 "Radio Tower"`)}, broke(ruleDeck), "41 cards, not 40"},
		{"3 copies", Deck{List: kit(names("Scout Scout Scout"))}, ok, ""},
		{"4 copies", Deck{List: kit(names("Scout Scout Scout Scout"))}, broke(ruleDeck), "4 copies of Scout"},
		{"4 copies over two entries", Deck{List: deckList(`2 Scout 2 Scout 36 "Radio Tower"`)}, broke(ruleDeck), "4 copies of Scout"},
		{"Basics have no limit: 40 towers", Deck{List: deckList(`40 "Radio Tower"`)}, ok, ""},
		{"Basics have no limit: a basic mecha", Deck{List: deckList(`20 Dummy 20 "Radio Tower"`)}, ok, ""},
		{"Basics have no limit: a basic command", Deck{List: deckList(`40 Ration`)}, ok, ""},
		{"Singleton: 1 copy", Deck{List: kit(names("Titan"))}, ok, ""},
		{"Singleton: 2 copies", Deck{List: kit(names("Titan Titan"))}, broke(ruleDeck), "2 copies of Titan, a Singleton"},
		{"unknown card", Deck{List: kit(names("Gizmo"))}, broke(ruleDeck), `no card named "Gizmo"`},
		{"named deck Starter", Deck{Named: "Starter"}, ok, ""},
		{"named deck Aggro", Deck{Named: "Aggro"}, ok, ""},
		{"unknown named deck", Deck{Named: "Control"}, ruled("M4", rulingDeckFirst), `no deck named "Control"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := setupGame(t)
			v := expect(t, s, ann, tt.deck, tt.want)
			if v != nil && !strings.Contains(v.What, tt.what) {
				t.Errorf("violation %q does not say %q", v.What, tt.what)
			}
			if tt.want != ok {
				return
			}
			list := tt.deck.List
			if tt.deck.Named != "" {
				list, _ = testCards(t).Deck(tt.deck.Named)
			}
			if got, want := s.players[ann].deck, expand(list); !slices.Equal(got, want) {
				t.Errorf("Ann's deck = %q, want %q", got, want)
			}
			if n := s.DeckSize(ann); n != DeckSize {
				t.Errorf("Ann's deck has %d cards, want %d", n, DeckSize)
			}
		})
	}
}

func TestRulingM4DeckIsChosenOnTheSetUpLineBeforeTheDraw(t *testing.T) {
	t.Run("deck twice", func(t *testing.T) {
		s := setupGame(t)
		mustApply(t, s, ann, Deck{Named: "Aggro"})
		expect(t, s, ann, Deck{Named: "Starter"}, ruled("M4", rulingDeckFirst))
	})
	t.Run("deck after the opening draw", func(t *testing.T) {
		s := setupGame(t)
		mustApply(t, s, ann, opening(`"Radio Tower"`))
		expect(t, s, ann, Deck{Named: "Aggro"}, ruled("M4", rulingDeckFirst))
	})
	t.Run("deck written in a turn", func(t *testing.T) {
		s := setupGame(t)
		expect(t, s, ann, Deck{Named: "Aggro", InTurn: true}, ruled("M4", rulingDeckFirst))
	})
	t.Run("deck once turn 1 has begun", func(t *testing.T) {
		s := build(t, table{})
		expect(t, s, ben, Deck{Named: "Aggro"}, ruled("M4", rulingDeckFirst))
	})
	t.Run("the other player's deck is still open", func(t *testing.T) {
		s := setupGame(t)
		mustApply(t, s, ann, Deck{Named: "Aggro"}, opening(`Scout Scout Scout Hawk Hawk`))
		mustApply(t, s, ben, Deck{Named: "Aggro"})
	})
	t.Run("no deck written and none in the catalogue", func(t *testing.T) {
		cs := loadCards(t, `tower "Radio Tower" basic provide 1u durability 3`)
		s := newGame(t, cs, false, 0, nil)
		v := expect(t, s, ann, opening(`"Radio Tower"`), ruled("M4", rulingDeckFirst))
		if v != nil && !strings.Contains(v.What, "Ann has no deck") {
			t.Errorf("violation %q", v.What)
		}
		mustApply(t, s, ann, Deck{List: deckList(`40 "Radio Tower"`)}, opening(`"Radio Tower"`))
	})
	t.Run("no deck written: the catalogue's first", func(t *testing.T) {
		s := setupGame(t)
		mustApply(t, s, ann, opening(`Titan Pheonix EMP "Last Stand"`))
		starter, _ := testCards(t).Deck("Starter")
		want := expand(starter)
		for _, c := range names(`Titan Pheonix EMP "Last Stand"`) {
			i := slices.Index(want, c)
			want = slices.Delete(want, i, i+1)
		}
		if got := s.players[ann].deck; !slices.Equal(got, want) {
			t.Errorf("Ann's deck = %q, want Starter without her hand, %q", got, want)
		}
		// Dummy is in the catalogue but not in Starter.
		expect(t, s, ann, opening(`Dummy`), ruled("M3", rulingNotInDeck))
		if n := s.DeckSize(ben); n != DeckSize {
			t.Errorf("Ben's deck, not chosen yet, has %d cards; want Starter's %d", n, DeckSize)
		}
	})
}

func TestRulingM3OpeningDrawsAreRecorded(t *testing.T) {
	t.Run("five cards", func(t *testing.T) {
		s := setupWithDecks(t)
		mustApply(t, s, ann, opening(`Scout Scout Hawk EMP "Radio Tower"`))
		checkCards(t, "Ann's hand", s.Hand(ann), `Scout Scout Hawk EMP "Radio Tower"`)
		if n := s.DeckSize(ann); n != 35 {
			t.Errorf("Ann's deck has %d cards, want 35", n)
		}
		if s.Turn() != 0 {
			t.Errorf("Turn() = %d during the set-up, want 0", s.Turn())
		}
	})
	t.Run("five cards in two draws", func(t *testing.T) {
		s := setupWithDecks(t)
		mustApply(t, s, ann, opening(`Scout Scout Hawk`), opening(`EMP Mine`))
		checkCards(t, "Ann's hand", s.Hand(ann), `Scout Scout Hawk EMP Mine`)
	})
	t.Run("six cards", func(t *testing.T) {
		s := setupWithDecks(t)
		v := expect(t, s, ann, opening(`Scout Scout Hawk EMP Mine Titan`), broke(ruleOpening))
		if v != nil && !strings.Contains(v.What, "only 5 cards more are dealt") {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("a sixth card", func(t *testing.T) {
		s := setupWithDecks(t)
		mustApply(t, s, ann, opening(`Scout Scout Hawk EMP Mine`))
		expect(t, s, ann, opening(`Titan`), broke(ruleOpening))
	})
	t.Run("a card the deck does not hold", func(t *testing.T) {
		s := setupWithDecks(t)
		expect(t, s, ann, opening(`Dummy`), ruled("M3", rulingNotInDeck))
	})
	t.Run("a fourth copy", func(t *testing.T) {
		s := setupWithDecks(t)
		expect(t, s, ann, opening(`Scout Scout Scout Scout`), ruled("M3", rulingNotInDeck))
	})
	t.Run("a card no catalogue holds", func(t *testing.T) {
		s := setupWithDecks(t)
		v := expect(t, s, ann, opening(`Gizmo`), ruled("M3", rulingNotInDeck))
		if v != nil && !strings.Contains(v.What, `no card named "Gizmo"`) {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("an opening draw once turn 1 has begun", func(t *testing.T) {
		s := build(t, table{})
		expect(t, s, ben, opening(`"Radio Tower"`), broke(ruleOpening))
	})
	t.Run("turn 1 before the opening hands are written", func(t *testing.T) {
		s := setupWithDecks(t)
		mustApply(t, s, ann, opening(`Scout Scout Hawk EMP Mine`))
		// Ben's opening hand is missing.
		expect(t, s, ann, draw(`Titan`), ruled("M3", rulingDrawRecord))
	})
}

func TestRulingM3SeededDrawsAgreeWithTheSeed(t *testing.T) {
	const seed = 7
	starter, _ := testCards(t).Deck("Starter")
	annDeck, _ := seededDeck(seed, ann, starter)
	benDeck, _ := seededDeck(seed, ben, starter)
	joined := func(cards []string) string {
		var out []string
		for _, c := range cards {
			out = append(out, `"`+strings.ReplaceAll(c, `"`, `\"`)+`"`)
		}
		return strings.Join(out, " ")
	}
	// other is a card that is not the top one of deck.
	other := func(deck []string) string {
		for _, c := range []string{"Scout", radio} {
			if c != deck[0] {
				return c
			}
		}
		panic("unreachable")
	}
	t.Run("the opening hands are the seeded decks' top five", func(t *testing.T) {
		s := newGame(t, testCards(t), true, seed, nil)
		checkCards(t, "Ann's hand", s.Hand(ann), joined(annDeck[:5]))
		checkCards(t, "Ben's hand", s.Hand(ben), joined(benDeck[:5]))
		if n := s.DeckSize(ann); n != 35 {
			t.Errorf("Ann's deck has %d cards, want 35", n)
		}
	})
	t.Run("a written opening hand that agrees", func(t *testing.T) {
		s := newGame(t, testCards(t), true, seed, nil)
		mustApply(t, s, ann, opening(joined(annDeck[:2])), opening(joined(annDeck[2:5])))
		checkCards(t, "Ann's hand", s.Hand(ann), joined(annDeck[:5]))
	})
	t.Run("a written opening draw that disagrees", func(t *testing.T) {
		s := newGame(t, testCards(t), true, seed, nil)
		expect(t, s, ann, opening(other(annDeck)), ruled("M3", rulingSeedAgrees))
	})
	t.Run("each player has a shuffle source of their own", func(t *testing.T) {
		s := newGame(t, testCards(t), true, seed, nil)
		mustApply(t, s, ben, Deck{Named: "Aggro"})
		checkCards(t, "Ann's hand", s.Hand(ann), joined(annDeck[:5]))
		aggro, _ := testCards(t).Deck("Aggro")
		benAggro, _ := seededDeck(seed, ben, aggro)
		checkCards(t, "Ben's hand", s.Hand(ben), joined(benAggro[:5]))
	})
	t.Run("the turn's draw, written and agreeing", func(t *testing.T) {
		s := newGame(t, testCards(t), true, seed, nil)
		mustApply(t, s, ann, draw(joined(annDeck[5:6])))
		checkCards(t, "Ann's hand", s.Hand(ann), joined(annDeck[:6]))
		if s.Turn() != 1 {
			t.Errorf("Turn() = %d, want 1", s.Turn())
		}
	})
	t.Run("the turn's draw, written and disagreeing", func(t *testing.T) {
		s := newGame(t, testCards(t), true, seed, nil)
		mustApply(t, s, ann, Discard{Card: annDeck[5]}, engine.EndTurn{})
		bad := other(benDeck[5:])
		expect(t, s, ben, draw(`"`+bad+`"`), ruled("M3", rulingSeedAgrees))
		mustApply(t, s, ben, draw(joined(benDeck[5:6])))
	})
	t.Run("the turn's draw, not written: the seed makes it", func(t *testing.T) {
		s := newGame(t, testCards(t), true, seed, nil)
		// Ann holds six cards only if the seed made her draw.
		mustApply(t, s, ann, Discard{Card: annDeck[5]})
		checkCards(t, "Ann's hand", s.Hand(ann), joined(annDeck[:5]))
		checkCards(t, "Ann's graveyard", s.Graveyard(ann), joined(annDeck[5:6]))
	})
}

func TestRulingM3UnseededDrawsAreRecorded(t *testing.T) {
	// bensDraw is Ben's turn 2, his draw not yet written.
	bensDraw := func(t *testing.T) *State {
		s := build(t, table{decks: [2]string{"", "Titan"}})
		endTurn(t, s)
		return s
	}
	t.Run("the turn's draw, written", func(t *testing.T) {
		s := bensDraw(t)
		mustApply(t, s, ben, draw(`Titan`))
		checkCards(t, "Ben's hand", s.Hand(ben), `"Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" Titan`)
		if n := s.DeckSize(ben); n != 34 {
			t.Errorf("Ben's deck has %d cards, want 34", n)
		}
	})
	t.Run("the turn's draw, not written", func(t *testing.T) {
		s := bensDraw(t)
		expect(t, s, ben, play(radio, "a5"), ruled("M35", rulingDrawFirst))
		expect(t, s, ben, engine.EndTurn{}, ruled("M35", rulingDrawFirst))
	})
	t.Run("two cards for the turn's draw", func(t *testing.T) {
		s := bensDraw(t)
		v := expect(t, s, ben, draw(`Titan "Radio Tower"`), broke(ruleDraw))
		if v != nil && !strings.Contains(v.What, "a turn's draw is one card") {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("a second draw in the turn", func(t *testing.T) {
		s := bensDraw(t)
		mustApply(t, s, ben, draw(`Titan`))
		expect(t, s, ben, draw(`"Radio Tower"`), broke(ruleDraw))
	})
	t.Run("a card the deck does not hold", func(t *testing.T) {
		s := bensDraw(t)
		expect(t, s, ben, draw(`Striker`), ruled("M3", rulingNotInDeck))
	})
	t.Run("a draw by the player who does not draw", func(t *testing.T) {
		s := bensDraw(t)
		expect(t, s, ann, draw(`Titan`), broke(ruleDraw))
	})
}

// A refused move must leave the state as it was (engine.State): a refused
// draw must not fix the default deck, and a refused first move of turn 1
// must not end the set-up.
func TestRefusedMovesLeaveTheSetUpAsItWas(t *testing.T) {
	t.Run("a refused opening draw leaves the deck to choose", func(t *testing.T) {
		s := setupGame(t)
		expect(t, s, ann, opening(`Dummy`), ruled("M3", rulingNotInDeck))
		mustApply(t, s, ann, Deck{Named: "Aggro"})
	})
	t.Run("a refused first move leaves the set-up open", func(t *testing.T) {
		s := setupGame(t)
		mustApply(t, s, ann, opening(`Scout Scout Scout Hawk Hawk`))
		mustApply(t, s, ben, opening(`Scout Scout Scout Hawk Hawk`))
		// Ann's turn-1 draw is not written.
		expect(t, s, ann, play("Scout", "a1"), ruled("M35", rulingDrawFirst))
		if s.Turn() != 0 {
			t.Errorf("Turn() = %d after a refused move in the set-up, want 0", s.Turn())
		}
		mustApply(t, s, ben, Mulligan{})
	})
	t.Run("a refused first move of a seeded game leaves the set-up open", func(t *testing.T) {
		s := newGame(t, testCards(t), true, 7, nil)
		expect(t, s, ann, step("a1", "a2"), ruled("M8", rulingOwnUnit))
		if s.Turn() != 0 {
			t.Errorf("Turn() = %d after a refused move in the set-up, want 0", s.Turn())
		}
		mustApply(t, s, ann, Mulligan{})
	})
}

func TestRulingM5Mulligan(t *testing.T) {
	const hand = `Scout Lancer Hawk Archer Striker`
	// dealt is an unseeded set-up where Ann holds her opening hand.
	dealt := func(t *testing.T) *State {
		s := setupGame(t)
		mustApply(t, s, ann, Deck{List: kit(names(hand + " Bulwark"))}, opening(hand))
		mustApply(t, s, ben, Deck{Named: "Starter"})
		return s
	}
	t.Run("the hand is set aside, five new cards drawn, then the old hand shuffled in", func(t *testing.T) {
		s := dealt(t)
		mustApply(t, s, ann, Mulligan{})
		checkCards(t, "Ann's hand after the mulligan", s.Hand(ann), ``)
		// The old hand is set aside: none of its cards can be drawn again.
		expect(t, s, ann, opening(`Scout`), ruled("M3", rulingNotInDeck))
		mustApply(t, s, ann, opening(`Bulwark "Radio Tower" "Radio Tower" "Radio Tower"`))
		if slices.Contains(s.players[ann].deck, "Scout") {
			t.Errorf("the old hand is back in the deck before the fifth new card")
		}
		mustApply(t, s, ann, opening(`"Radio Tower"`))
		checkCards(t, "Ann's new hand", s.Hand(ann), `Bulwark "Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower"`)
		want := expand(kit(names(hand + " Bulwark")))
		for _, c := range names(`Bulwark "Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower"`) {
			i := slices.Index(want, c)
			want = slices.Delete(want, i, i+1)
		}
		if got := s.players[ann].deck; !slices.Equal(got, want) {
			t.Errorf("Ann's deck = %q, want the old hand shuffled in: %q", got, want)
		}
		expect(t, s, ann, opening(`"Radio Tower"`), broke(ruleOpening))
	})
	t.Run("seeded: the next five cards, then the old hand shuffled in with the player's source", func(t *testing.T) {
		const seed = 11
		starter, _ := testCards(t).Deck("Starter")
		d, src := seededDeck(seed, ann, starter)
		rest := append(slices.Clone(d[10:]), d[:5]...)
		slices.Sort(rest)
		shuffleWith(src, rest)
		s := newGame(t, testCards(t), true, seed, nil)
		mustApply(t, s, ann, Mulligan{})
		if got := s.Hand(ann); !slices.Equal(got, d[5:10]) {
			t.Errorf("Ann's hand after the mulligan = %q, want the next five cards %q", got, d[5:10])
		}
		if got := s.players[ann].deck; !slices.Equal(got, rest) {
			t.Errorf("Ann's deck after the mulligan = %q, want %q", got, rest)
		}
	})
	t.Run("only once", func(t *testing.T) {
		s := dealt(t)
		mustApply(t, s, ann, Mulligan{}, opening(`Bulwark "Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower"`))
		v := expect(t, s, ann, Mulligan{}, broke(ruleMulligan))
		if v != nil && !strings.Contains(v.What, "already taken a mulligan") {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("only once, seeded", func(t *testing.T) {
		s := newGame(t, testCards(t), true, 11, nil)
		mustApply(t, s, ann, Mulligan{})
		expect(t, s, ann, Mulligan{}, broke(ruleMulligan))
	})
	t.Run("after the opening draw", func(t *testing.T) {
		s := setupGame(t)
		mustApply(t, s, ann, Deck{Named: "Starter"}, opening(`Scout Scout`))
		expect(t, s, ann, Mulligan{}, ruled("M5", rulingMulligan))
	})
	t.Run("the other player's mulligan", func(t *testing.T) {
		s := dealt(t)
		mustApply(t, s, ben, opening(`Scout Scout Scout Hawk Hawk`), Mulligan{})
		checkCards(t, "Ann's hand", s.Hand(ann), hand)
	})
	t.Run("written in a turn", func(t *testing.T) {
		s := dealt(t)
		expect(t, s, ann, Mulligan{InTurn: true}, ruled("M5", rulingMulligan))
	})
	t.Run("once turn 1 has begun", func(t *testing.T) {
		s := build(t, table{})
		v := expect(t, s, ben, Mulligan{}, ruled("M5", rulingMulligan))
		if v != nil && !strings.Contains(v.What, "the set-up is over") {
			t.Errorf("violation %q", v.What)
		}
	})
}

func TestRulingM32NothingIsPlayedDuringTheSetUp(t *testing.T) {
	for _, m := range []engine.Move{
		play("Scout", "a1"),
		play("Resupply", ""),
		step("a1", "a2"),
		engine.EndTurn{},
	} {
		t.Run(moveKey(m), func(t *testing.T) {
			s := setupGame(t)
			mustApply(t, s, ann, opening(`Scout Resupply Hawk Hawk Archer`))
			expect(t, s, ann, engine.OnSetupLine{Move: m}, ruled("M32", rulingNoSetup))
			expect(t, s, ben, engine.OnSetupLine{Move: m}, ruled("M32", rulingNoSetup))
		})
	}
}

// ---------------------------------------------------------------------------
// The board, the turn and the draw: M1, M2, M6, M9, M11, M13, M35 and the
// entry zones.

func TestRulingM1SquareNames(t *testing.T) {
	if Board.Files != 7 || Board.Ranks != 5 {
		t.Errorf("the board is %dx%d, want 7 files a-g by 5 ranks", Board.Files, Board.Ranks)
	}
	if EntryRank(ann) != 0 || EntryRank(ben) != 4 {
		t.Errorf("entry ranks %d and %d, want rank 1 (0) and rank 5 (4)", EntryRank(ann), EntryRank(ben))
	}
	tests := []struct {
		name string
		move engine.Move
	}{
		{"a mecha onto file h", play("Dummy", "h1")},
		{"a tower onto rank 6", play(radio, "a6")},
		{"a step off the board", step("g3", "h3")},
		{"a step off the far edge", step("a5", "a6")},
		{"an attack off the board", attack("g3", "h3")},
		{"a command off the board", play("Barrage", "a6")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{
				hands: [2]string{"Dummy Barrage"},
				units: []string{"Ann Striker g3", "Ann Striker a5"},
			})
			expect(t, s, ann, tt.move, ruled("M1", rulingBoard))
		})
	}
	t.Run("the corners a1 and g5 are on the board", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Dummy"}, units: []string{"Ann Scout g4", `Ann "Radio Tower" f1`}})
		mustApply(t, s, ann, play("Dummy", "a1"), step("g4", "g5"))
	})
}

func TestRuleEntryZoneIsTheClosestRow(t *testing.T) {
	tests := []struct {
		name   string
		player int
		square string
		want   verdict
	}{
		{"Ann on a1", ann, "a1", ok},
		{"Ann on d1", ann, "d1", ok},
		{"Ann on g1", ann, "g1", ok},
		{"Ann on a2", ann, "a2", broke(ruleEntryZone)},
		{"Ann on d3", ann, "d3", broke(ruleEntryZone)},
		{"Ann on Ben's zone, g5", ann, "g5", broke(ruleEntryZone)},
		{"Ben on a5", ben, "a5", ok},
		{"Ben on g5", ben, "g5", ok},
		{"Ben on c4", ben, "c4", broke(ruleEntryZone)},
		{"Ben on Ann's zone, c1", ben, "c1", broke(ruleEntryZone)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{hands: [2]string{"Dummy", "Dummy"}})
			if tt.player == ben {
				pass(t, s)
			}
			expect(t, s, tt.player, play("Dummy", tt.square), tt.want)
			if tt.want == ok {
				checkUnit(t, s, tt.square, "Dummy", 1, 0)
				if u := unit(t, s, tt.square); u.Owner != tt.player || u.PlayedTurn != s.Turn() {
					t.Errorf("the Dummy is owned by %d, played on turn %d", u.Owner, u.PlayedTurn)
				}
				checkCards(t, "hand", s.Hand(tt.player), `"Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower"`)
			}
		})
	}
	t.Run("a mecha played onto no square", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Dummy"}})
		expect(t, s, ann, Play{Card: "Dummy"}, broke(ruleEntryZone))
	})
}

func TestRulingM2TurnOrder(t *testing.T) {
	s := build(t, table{
		hands: [2]string{"", "Dummy"},
		units: []string{"Ann Scout c2", "Ben Scout c4"},
	})
	if s.Turn() != 1 || s.ToMove() != ann {
		t.Fatalf("turn %d, %s to move; want turn 1, Ann (the first player named)", s.Turn(), players[s.ToMove()])
	}
	for _, m := range []engine.Move{step("c4", "c3"), attack("c4", "c2"), engine.EndTurn{}, Discard{Card: radio}, Sacrifice{At: sq("c4")}} {
		expect(t, s, ben, m, ruled("M2", rulingTurns))
	}
	pass(t, s)
	if s.Turn() != 2 || s.ToMove() != ben {
		t.Fatalf("turn %d, %s to move; want turn 2, Ben", s.Turn(), players[s.ToMove()])
	}
	expect(t, s, ann, step("c2", "c3"), ruled("M2", rulingTurns))
	mustApply(t, s, ben, step("c4", "c3"))
	pass(t, s)
	if s.Turn() != 3 || s.ToMove() != ann {
		t.Fatalf("turn %d, %s to move; want turn 3, Ann", s.Turn(), players[s.ToMove()])
	}
}

func TestRulingM6FirstTurnDraw(t *testing.T) {
	for _, value := range []string{"", "yes"} {
		t.Run("firstdraw="+value, func(t *testing.T) {
			var variants map[string]string
			if value != "" {
				variants = map[string]string{"firstdraw": value}
			}
			s := build(t, table{variants: variants, draw: "-", decks: [2]string{"Titan"}})
			mustApply(t, s, ann, draw(`Titan`))
			if n := len(s.Hand(ann)); n != 6 {
				t.Errorf("Ann holds %d cards after her turn-1 draw, want 6", n)
			}
			if n := s.DeckSize(ann); n != 34 {
				t.Errorf("Ann's deck has %d cards, want 34", n)
			}
		})
	}
	t.Run("firstdraw=no: no draw on turn 1", func(t *testing.T) {
		s := build(t, table{variants: map[string]string{"firstdraw": "no"}, decks: [2]string{"Titan", "Titan"}})
		mustApply(t, s, ann, play(radio, "a1"))
		if s.Turn() != 1 {
			t.Fatalf("Turn() = %d, want 1", s.Turn())
		}
		expect(t, s, ann, draw(`Titan`), broke(ruleDraw))
		if n := len(s.Hand(ann)); n != 4 {
			t.Errorf("Ann holds %d cards, want 4", n)
		}
		mustApply(t, s, ann, engine.EndTurn{})
		// Ben draws on turn 2, and Ann on turn 3.
		expect(t, s, ben, play(radio, "a5"), ruled("M35", rulingDrawFirst))
		mustApply(t, s, ben, draw(`Titan`))
		endTurn(t, s)
		expect(t, s, ann, engine.EndTurn{}, ruled("M35", rulingDrawFirst))
		mustApply(t, s, ann, draw(`Titan`))
	})
}

// commandsMain is variant commands=main: the reading before issue 25,
// when commands waited for the turn's draw and stopped at the discards.
var commandsMain = map[string]string{"commands": "main"}

func TestRulingM35TheDrawComesFirst(t *testing.T) {
	// Turn 2 is Ben's, his draw not yet written; Ann's Bulwark stands on c2.
	bensDrawPhase := func(t *testing.T, variants map[string]string) *State {
		s := build(t, table{variants: variants, hands: [2]string{"Barrage", "Barrage Mine"}, units: []string{"Ann Bulwark c2", "Ben Lancer c4"}})
		endTurn(t, s)
		return s
	}
	drawFirst := "Ben's draw for turn 2 comes first, and is not written before this move; no Seed tag gives it"
	tests := []struct {
		name     string
		variants map[string]string
		player   int
		move     engine.Move
		want     verdict
		what     string
	}{
		{"a command of the player to move", nil, ben, play("Barrage", "c2"), ok, ""},
		{"a placed command of the player to move", nil, ben, play("Mine", "d3"), ok, ""},
		{"the opponent's command", nil, ann, play("Barrage", "c4"), ok, ""},
		{"a tower", nil, ben, play(radio, "a5"), ruled("M35", rulingDrawFirst), drawFirst},
		{"a step", nil, ben, step("c4", "c3"), ruled("M35", rulingDrawFirst), drawFirst},
		{"ending the turn", nil, ben, engine.EndTurn{}, ruled("M35", rulingDrawFirst), drawFirst},
		{"commands=main: a command of the player to move", commandsMain, ben, play("Barrage", "c2"), ruled("M35", rulingMainDraw),
			"with variant commands=main, Barrage waits for Ben's draw for turn 2, which is not written before it"},
		{"commands=main: the opponent's command", commandsMain, ann, play("Barrage", "c4"), ruled("M35", rulingMainDraw),
			"with variant commands=main, Barrage waits for Ben's draw for turn 2, which is not written before it"},
		{"commands=main: a tower", commandsMain, ben, play(radio, "a5"), ruled("M35", rulingDrawFirst), drawFirst},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := bensDrawPhase(t, tt.variants)
			v := expect(t, s, tt.player, tt.move, tt.want)
			if tt.want != ok {
				checkWhat(t, v, tt.what)
				return
			}
			if !s.drawPhase {
				t.Errorf("the command closed Ben's draw phase")
			}
			// The draw is written after the command, and the turn goes on.
			mustApply(t, s, ben, draw(`"Radio Tower"`), play(radio, "a5"))
		})
	}
	t.Run("unseeded: a command's cards are drawn before the turn's card", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"", "Resupply"}, decks: [2]string{"", "Titan Hawk Scout"}})
		endTurn(t, s)
		mustApply(t, s, ben, play("Resupply", ""))
		expect(t, s, ben, play(radio, "a5"), ruled("M3", rulingDrawRecord))
		mustApply(t, s, ben, draw(`Titan Hawk`), draw(`Scout`))
		checkCards(t, "Ben's hand", s.Hand(ben), `"Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" Titan Hawk Scout`)
	})
	t.Run("unseeded: a command that draws the deck's last cards leaves the turn's draw none", func(t *testing.T) {
		// As with a seed: the draw cannot be made, and Ben loses, where
		// the turn's draw was asked for as not written.
		s := build(t, table{hands: [2]string{"", "Resupply"}})
		endTurn(t, s)
		s.players[ben].deck = names("Hawk Titan") // the last two, sorted as an unseeded deck is
		mustApply(t, s, ben, play("Resupply", ""), draw(`Titan Hawk`), engine.EndTurn{})
		checkOutcome(t, s, ann, "Ben could not draw a card from their deck", 2)
	})
	t.Run("the skip of rebirth after a command", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"", "Barrage"}, units: []string{"Ann Bulwark c2"}})
		endTurn(t, s)
		s.players[ben].graveyard = []string{"Pheonix"}
		mustApply(t, s, ben, play("Barrage", "c2"), SkipDraw{Card: "Pheonix"})
		checkCards(t, "Ben's graveyard", s.Graveyard(ben), `Barrage`)
	})
	// Seeded, the draw is not written: it is made at the first move that
	// needs it. A command already in hand does not; one only the draw can
	// have given does.
	seededTurn2 := func(t *testing.T, variants map[string]string, hand string, top string) *State {
		s := newGame(t, testCards(t), true, 3, variants)
		mustApply(t, s, ann, Deck{List: deckList(`40 Ration`)})
		mustApply(t, s, ben, Deck{List: deckList(`40 Ration`)})
		mustApply(t, s, ann, Discard{Card: "Ration"}, engine.EndTurn{})
		s.players[ben].hand = names(hand)
		s.players[ben].deck[0] = top
		return s
	}
	t.Run("seeded: the opponent's command comes before the draw", func(t *testing.T) {
		s := newGame(t, testCards(t), true, 3, nil)
		mustApply(t, s, ann, Deck{List: deckList(`40 Ration`)})
		mustApply(t, s, ben, Deck{List: deckList(`40 Ration`)})
		mustApply(t, s, ben, play("Ration", ""))
		if s.Turn() != 1 || s.ToMove() != ann {
			t.Fatalf("turn %d, %s to move", s.Turn(), players[s.ToMove()])
		}
		if !s.drawPhase {
			t.Errorf("Ann's draw was made before Ben's command")
		}
		if n := len(s.Hand(ann)); n != 6 {
			t.Errorf("Ann holds %d cards, want 6: her draw, still to make, counted", n)
		}
		if n := len(s.Hand(ben)); n != 5 {
			t.Errorf("Ben holds %d cards, want 5: Ration played, one card drawn", n)
		}
		checkCards(t, "Ben's graveyard", s.Graveyard(ben), `Ration`)
	})
	seeded := []struct {
		name       string
		variants   map[string]string
		hand       string
		drawPhase  bool
		handBefore string
	}{
		{"seeded: a command in hand comes before the draw", nil, `Ration "Radio Tower"`, true, `"Radio Tower"`},
		{"seeded: a command only the draw gives comes after it", nil, `"Radio Tower"`, false, `"Radio Tower"`},
		{"seeded, commands=main: the draw comes first", commandsMain, `Ration "Radio Tower"`, false, `"Radio Tower" Ration`},
	}
	for _, tt := range seeded {
		t.Run(tt.name, func(t *testing.T) {
			s := seededTurn2(t, tt.variants, tt.hand, "Ration")
			mustApply(t, s, ben, play("Ration", ""))
			if s.drawPhase != tt.drawPhase {
				t.Errorf("draw phase open: %v, want %v", s.drawPhase, tt.drawPhase)
			}
			// Ration draws one card; the hand before its card, in order.
			checkCards(t, "Ben's hand", s.players[ben].hand[:len(s.players[ben].hand)-1], tt.handBefore)
		})
	}
}

func TestRulingM9OneUnitASquare(t *testing.T) {
	tests := []struct {
		name string
		move engine.Move
		want verdict
	}{
		{"a mecha onto a friendly unit", play("Dummy", "a1"), ruled("M9", rulingOccupied)},
		{"a mecha onto an enemy unit", play("Dummy", "b1"), ruled("M9", rulingOccupied)},
		{"a tower onto a unit", play(radio, "a1"), ruled("M9", rulingOccupied)},
		{"a mecha onto a placed command", play("Dummy", "c1"), ok},
		{"a tower onto a placed command", play(radio, "c1"), ok},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{hands: [2]string{"Dummy"}, units: []string{"Ann Lancer a1", "Ben Lancer b1", `Ann "Radio Tower" f1`, `Ann "Radio Tower" g1`}})
			putPlaced(t, s, ben, "Mine", "c1", 2)
			expect(t, s, ann, tt.move, tt.want)
			if tt.want == ok {
				if pc := s.Placed(); len(pc) != 1 || pc[0].At != sq("c1") {
					t.Errorf("placed commands %+v, want the Mine still on c1", pc)
				}
			}
		})
	}
}

func TestRulingM11PlayedFromHand(t *testing.T) {
	s := build(t, table{hands: [2]string{"", "Barrage"}, units: []string{"Ann Lancer a1", "Ben Lancer b2"}})
	expect(t, s, ann, play("Scout", "b1"), ruled("M11", rulingHand))
	expect(t, s, ann, play("Barrage", "b2"), ruled("M11", rulingHand))
	expect(t, s, ann, Discard{Card: "Scout"}, ruled("M11", rulingHand))
	mustApply(t, s, ben, play("Barrage", "a1"))
	expect(t, s, ben, play("Barrage", "a1"), ruled("M11", rulingHand))
}

func TestRulingM13WhenCardsArePlayed(t *testing.T) {
	tests := []struct {
		name string
		move engine.Move
		want verdict
	}{
		{"a tower in the opponent's turn", play(radio, "a5"), ruled("M13", rulingOwnTurn)},
		{"a mecha in the opponent's turn", play("Dummy", "b5"), ruled("M13", rulingOwnTurn)},
		{"a pilot in the opponent's turn", play("Rookie", "c5"), ruled("M13", rulingOwnTurn)},
		{"a command in the opponent's turn", play("Barrage", "c1"), ok},
		{"a command without a target in the opponent's turn", play("Ration", ""), ok},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{
				hands: [2]string{"", "Dummy Rookie Barrage Ration"},
				units: []string{"Ann Bulwark c1", "Ben Lancer c5"},
			})
			expect(t, s, ben, tt.move, tt.want)
		})
	}
	t.Run("a tower in the end phase, after discarding", func(t *testing.T) {
		s := build(t, table{})
		mustApply(t, s, ann, Discard{Card: radio})
		expect(t, s, ann, play(radio, "a1"), ruled("M13", rulingOwnTurn))
	})
}

// ---------------------------------------------------------------------------
// Towers and bandwidth: M30, M31.

func TestRulingM30TowersInTheEntryZoneOrNextToATower(t *testing.T) {
	tests := []struct {
		name   string
		square string
		want   verdict
	}{
		{"anywhere in the entry zone", "g1", ok},
		{"next to an own tower, ahead", "b2", ok},
		{"next to an own tower, beside it, outside the zone", "c3", ok},
		{"two squares from an own tower", "b3", broke(ruleTowerPlace)},
		{"diagonally next to an own tower", "c2", broke(ruleTowerPlace)},
		{"next to an enemy tower only", "f4", broke(ruleTowerPlace)},
		{"next to an own mecha only", "e2", broke(ruleTowerPlace)},
		{"elsewhere", "f2", broke(ruleTowerPlace)},
		{"onto an own tower", "b1", ruled("M9", rulingOccupied)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{units: []string{
				`Ann "Radio Tower" b1`, `Ann "Radio Tower" d3`, `Ben "Radio Tower" f5`, "Ann Lancer e1",
			}})
			expect(t, s, ann, play(radio, tt.square), tt.want)
			if tt.want == ok {
				checkUnit(t, s, tt.square, radio, 3, 0)
				if provided, _ := s.Bandwidth(ann); provided != 3 {
					t.Errorf("Ann's bandwidth is %d, want 3", provided)
				}
			}
		})
	}
	t.Run("a chain of towers", func(t *testing.T) {
		s := build(t, table{hands: [2]string{`"Radio Tower" "Radio Tower" "Radio Tower"`}})
		mustApply(t, s, ann, play(radio, "b1"), play(radio, "b2"), play(radio, "b3"))
		checkUnit(t, s, "b3", radio, 3, 0)
	})
}

func TestRulingM31Bandwidth(t *testing.T) {
	// Ann's two Radio Towers provide 2u.
	towers := []string{`Ann "Radio Tower" a1`, `Ann "Radio Tower" b1`}
	t.Run("towers provide bandwidth", func(t *testing.T) {
		s := build(t, table{units: []string{`Ann "Radio Tower" a1`, `Ann "Relay Station" b1`, `Ben "Radio Tower" a5`}})
		if provided, used := s.Bandwidth(ann); provided != 3 || used != 0 {
			t.Errorf("Ann's bandwidth %d/%d, want 0 used of 3", used, provided)
		}
	})
	t.Run("a mecha within the bandwidth", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Lancer"}, units: towers})
		mustApply(t, s, ann, play("Lancer", "c1"))
		if provided, used := s.Bandwidth(ann); provided != 2 || used != 2 {
			t.Errorf("Ann's bandwidth %d/%d, want 2 used of 2", used, provided)
		}
	})
	t.Run("the total cost of the mechas in play over the bandwidth", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Hawk"}, units: append(towers, "Ann Lancer c1")})
		v := expect(t, s, ann, play("Hawk", "d1"), broke(ruleBandwidth))
		if v != nil && v.What != "Hawk costs 2, and Ann has 0 of 2 bandwidth free" {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("a cap on mechas in play, not a budget per turn", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Lancer Lancer"}, units: towers})
		mustApply(t, s, ann, play("Lancer", "c1"))
		pass(t, s)
		pass(t, s)
		mustApply(t, s, ann, step("c1", "c2"))
		expect(t, s, ann, play("Lancer", "d1"), broke(ruleBandwidth))
	})
	t.Run("another player's mechas do not count", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Lancer"}, units: append(towers, "Ben Titan c5")})
		mustApply(t, s, ann, play("Lancer", "c1"))
	})
	t.Run("towers cost no bandwidth", func(t *testing.T) {
		s := build(t, table{units: append(towers, "Ann Lancer c1")})
		mustApply(t, s, ann, play(radio, "d1"))
		if provided, used := s.Bandwidth(ann); provided != 3 || used != 2 {
			t.Errorf("Ann's bandwidth %d/%d, want 2 used of 3", used, provided)
		}
	})
	t.Run("a mecha costing 0 with no towers", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Dummy"}})
		mustApply(t, s, ann, play("Dummy", "c1"))
	})
	t.Run("a pilot makes its mecha cost zero", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Lancer Rookie Hawk"}, units: towers})
		mustApply(t, s, ann, play("Lancer", "c1"))
		expect(t, s, ann, play("Hawk", "d1"), broke(ruleBandwidth))
		mustApply(t, s, ann, play("Rookie", "c1"))
		if provided, used := s.Bandwidth(ann); provided != 2 || used != 0 {
			t.Errorf("Ann's bandwidth %d/%d, want 0 used of 2", used, provided)
		}
		mustApply(t, s, ann, play("Hawk", "d1"))
	})
	t.Run("a bandwidth drop does nothing special", func(t *testing.T) {
		s := build(t, table{
			hands: [2]string{"Scout Dummy", "Barrage"},
			units: []string{`Ann "Radio Tower" a1 durability=1`, `Ann "Radio Tower" b1`, "Ann Lancer c2"},
		})
		mustApply(t, s, ben, play("Barrage", "a1"))
		checkEmpty(t, s, "a1")
		if provided, used := s.Bandwidth(ann); provided != 1 || used != 2 {
			t.Errorf("Ann's bandwidth %d/%d, want 2 used of 1", used, provided)
		}
		checkUnit(t, s, "c2", "Lancer", 3, 0)
		checkNotOver(t, s)
		// The Lancer acts as before; no new mecha until the bandwidth is back.
		mustApply(t, s, ann, step("c2", "c3"))
		expect(t, s, ann, play("Scout", "d1"), broke(ruleBandwidth))
		expect(t, s, ann, play("Dummy", "d1"), broke(ruleBandwidth))
		mustApply(t, s, ann, play(radio, "a1"))
		mustApply(t, s, ann, play("Dummy", "d1"))
	})
}

// ---------------------------------------------------------------------------
// Units in play: haste, movement (M27), attacks (M8, M12, M28, M29), range
// (M10), flight and reach.

func TestRuleHaste(t *testing.T) {
	tests := []struct {
		name  string
		units []string
		move  engine.Move
		want  verdict
	}{
		{"a mecha played this turn cannot move", []string{"Ann Lancer c1 new"}, step("c1", "d1"), broke(ruleHaste)},
		{"a mecha played this turn cannot attack", []string{"Ann Lancer c1 new", "Ben Bulwark c2"}, attack("c1", "c2"), broke(ruleHaste)},
		{"a mecha played this turn cannot attack directly", []string{"Ann Lancer c5 new"}, direct("c5", radio), broke(ruleHaste)},
		{"a tower played this turn cannot attack", []string{`Ann "Flak Tower" c1 new`, "Ben Bulwark c2"}, attack("c1", "c2"), broke(ruleHaste)},
		{"a mecha with haste moves the turn it is played", []string{"Ann Scout c1 new"}, step("c1", "d1"), ok},
		{"a mecha with haste attacks the turn it is played", []string{"Ann Scout c1 new", "Ben Bulwark c2"}, attack("c1", "c2"), ok},
		{"a mecha played on an earlier turn moves", []string{"Ann Lancer c1"}, step("c1", "d1"), ok},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{units: tt.units})
			expect(t, s, ann, tt.move, tt.want)
		})
	}
	t.Run("played, then moving and attacking on the owner's next turn", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Lancer Scout"}, units: []string{`Ann "Radio Tower" a1`, `Ann "Radio Tower" b1`, `Ann "Radio Tower" c1`}})
		mustApply(t, s, ann, play("Lancer", "d1"), play("Scout", "e1"))
		expect(t, s, ann, step("d1", "d2"), broke(ruleHaste))
		mustApply(t, s, ann, step("e1", "e2"), step("e2", "e3"))
		pass(t, s)
		pass(t, s)
		mustApply(t, s, ann, step("d1", "d2"))
	})
}

func TestRulingM27Movement(t *testing.T) {
	tests := []struct {
		name  string
		units []string
		moves []engine.Move // the last one is checked against want
		want  verdict
	}{
		{"a mecha moves one square", []string{"Ann Lancer c2"}, path("c2-c3"), ok},
		{"a mecha without Speed moves one square a turn", []string{"Ann Lancer c2"}, path("c2-c3-c4"), broke(ruleSpeed)},
		{"Speed 2 moves two squares", []string{"Ann Striker c2"}, path("c2-c3-c4"), ok},
		{"Speed 2 moves no third square", []string{"Ann Striker c2"}, path("c2-c3-c4-c5"), broke(ruleSpeed)},
		{"Speed 2, changing direction", []string{"Ann Striker c2"}, path("c2-c3-d3"), ok},
		{"Speed 2, back and forth", []string{"Ann Striker c2"}, path("c2-c3-c2"), ok},
		{"a move split around an attack", []string{"Ann Striker c2", "Ben Titan c4"},
			[]engine.Move{step("c2", "c3"), attack("c3", "c4"), step("c3", "d3")}, ok},
		{"a move split around another unit's move", []string{"Ann Striker c2", "Ann Lancer a2"},
			[]engine.Move{step("c2", "c3"), step("a2", "a3"), step("c3", "d3")}, ok},
		{"a split move still counts its squares", []string{"Ann Striker c2", "Ann Lancer a2"},
			[]engine.Move{step("c2", "c3"), step("a2", "a3"), step("c3", "d3"), step("d3", "d4")}, broke(ruleSpeed)},
		{"a diagonal step", []string{"Ann Striker c2"}, []engine.Move{step("c2", "d3")}, broke(ruleMechaMove)},
		{"two squares in one step", []string{"Ann Striker c2"}, []engine.Move{step("c2", "c4")}, broke(ruleMechaMove)},
		{"no passing through an enemy mecha", []string{"Ann Striker c2", "Ben Lancer c3"}, path("c2-c3"), broke(ruleSpeedPath)},
		{"a step onto a friendly tower", []string{"Ann Striker c2", `Ann "Radio Tower" c3`}, path("c2-c3"), broke(ruleSpeedPath)},
		{"a step onto a placed command", []string{"Ann Striker c2"}, path("c2-d2"), ok},
		{"a tower cannot move", []string{`Ann "Radio Tower" c1`}, path("c1-c2"), broke(ruleTowerMove)},
		{"a tower with Speed 1 moves", []string{`Ann "Crawler Tower" c1`}, path("c1-c2"), ok},
		{"a tower with Speed 1 moves one square", []string{`Ann "Crawler Tower" c1`}, path("c1-c2-c3"), broke(ruleSpeed)},
		{"a pilot's Speed stacks: Speed 2 and 1", []string{"Ann Scout c1 pilot=Ace"}, path("c1-c2-c3-c4"), ok},
		{"a pilot's Speed stacks: no fourth square", []string{"Ann Scout c1 pilot=Ace"}, path("c1-c2-c3-c4-c5"), broke(ruleSpeed)},
		{"an enemy unit", []string{"Ben Lancer c3"}, path("c3-c2"), ruled("M8", rulingOwnUnit)},
		{"an empty square", nil, path("c3-c2"), ruled("M8", rulingOwnUnit)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{units: tt.units})
			putPlaced(t, s, ben, "Mine", "d2", 2)
			last := len(tt.moves) - 1
			mustApply(t, s, ann, tt.moves[:last]...)
			expect(t, s, ann, tt.moves[last], tt.want)
		})
	}
	t.Run("a move's squares are counted again each turn", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Lancer c2 moved=1"}})
		expect(t, s, ann, step("c2", "c3"), broke(ruleSpeed))
		pass(t, s)
		pass(t, s)
		mustApply(t, s, ann, step("c2", "c3"))
		checkUnit(t, s, "c3", "Lancer", 3, 0)
		checkEmpty(t, s, "c2")
	})
}

func TestRulingM28Combat(t *testing.T) {
	tests := []struct {
		name     string
		attacker string // Ann's unit on c2: a card, then put's options
		defender string // Ben's unit on c3
		// the defender's counters after the attack; destroyed when durability is 0
		durability, armour int
	}{
		{"power is subtracted from durability", "Striker", "Titan armour=0", 5, 0},
		{"durability reaching zero destroys", "Striker", "Lancer", 0, 0},
		{"an armour counter is removed instead", "Striker", "Bulwark", 5, 1},
		{"the last armour counter", "Striker", "Bulwark armour=1", 5, 0},
		{"no armour left: durability", "Striker", "Bulwark armour=0", 2, 0},
		{"pierce ignores armour counters", "Lancer", "Bulwark", 3, 2},
		{"a pilot's power adds", "Lancer pilot=Rookie", "Titan armour=0", 5, 0},
		{"a tower is attacked like any unit", "Striker", `"Radio Tower"`, 0, 0},
		{"a tower's armour counter", "Striker", `"Relay Station"`, 4, 0},
		{"a tower attacks with its power", `"Flak Tower"`, "Lancer", 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{units: []string{unitSpec("Ann", tt.attacker, "c2"), unitSpec("Ben", tt.defender, "c3")}})
			before := unit(t, s, "c2").Durability
			mustApply(t, s, ann, attack("c2", "c3"))
			if tt.durability == 0 {
				checkEmpty(t, s, "c3")
				gy := s.Graveyard(ben)
				if len(gy) != 1 || gy[0] != names(tt.defender)[0] {
					t.Errorf("Ben's graveyard = %q, want the destroyed %s", gy, tt.defender)
				}
			} else {
				checkUnit(t, s, "c3", names(tt.defender)[0], tt.durability, tt.armour)
			}
			// The defender does not strike back.
			if after := unit(t, s, "c2"); after.Durability != before || !after.Attacked {
				t.Errorf("the attacker has %d durability (want %d), attacked=%v", after.Durability, before, after.Attacked)
			}
		})
	}
	t.Run("two armour counters: attacked twice before taking damage", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Striker b3", "Ann Striker c2", "Ann Striker d3", "Ben Bulwark c3"}})
		mustApply(t, s, ann, attack("b3", "c3"))
		checkUnit(t, s, "c3", "Bulwark", 5, 1)
		mustApply(t, s, ann, attack("c2", "c3"))
		checkUnit(t, s, "c3", "Bulwark", 5, 0)
		mustApply(t, s, ann, attack("d3", "c3"))
		checkUnit(t, s, "c3", "Bulwark", 2, 0)
	})
	t.Run("Armour X stacks: Titan enters with two counters", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Titan"}, units: []string{
			`Ann "Relay Station" a1`, `Ann "Relay Station" b1`, `Ann "Radio Tower" c1`,
		}})
		mustApply(t, s, ann, play("Titan", "d1"))
		checkUnit(t, s, "d1", "Titan", 8, 2)
	})
	t.Run("a friendly unit is no target", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Striker c2", "Ann Lancer c3"}})
		expect(t, s, ann, attack("c2", "c3"), broke(ruleRange))
	})
	t.Run("an empty square is no target", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Striker c2"}})
		expect(t, s, ann, attack("c2", "c3"), broke(ruleRange))
	})
}

func TestRulingM26DestroyedUnitsGoToTheGraveyardWithTheirPilot(t *testing.T) {
	s := build(t, table{units: []string{"Ann Striker c2", "Ben Lancer c3 pilot=Rookie durability=2"}})
	mustApply(t, s, ann, attack("c2", "c3"))
	checkEmpty(t, s, "c3")
	checkCards(t, "Ben's graveyard", s.Graveyard(ben), `Lancer Rookie`)
	checkCards(t, "Ann's graveyard", s.Graveyard(ann), ``)
}

func TestRulingM8Attacks(t *testing.T) {
	tests := []struct {
		name  string
		units []string
		moves []engine.Move // the last one is checked against want
		want  verdict
	}{
		{"an attack with an enemy unit", []string{"Ben Striker c3", "Ann Lancer c2"}, []engine.Move{attack("c3", "c2")}, ruled("M8", rulingOwnUnit)},
		{"an attack from an empty square", []string{"Ann Lancer c2"}, []engine.Move{attack("c3", "c2")}, ruled("M8", rulingOwnUnit)},
		{"a second attack", []string{"Ann Striker c2", "Ben Titan c3"}, []engine.Move{attack("c2", "c3"), attack("c2", "c3")}, ruled("M8", rulingAttackOnce)},
		{"a second attack on another target", []string{"Ann Striker c2", "Ben Titan c3", "Ben Titan d2"},
			[]engine.Move{attack("c2", "c3"), attack("c2", "d2")}, ruled("M8", rulingAttackOnce)},
		{"a direct attack after an attack", []string{"Ann Striker c5", "Ben Titan c4"},
			[]engine.Move{attack("c5", "c4"), direct("c5", radio)}, ruled("M8", rulingAttackOnce)},
		{"an attack after a direct attack", []string{"Ann Striker c5", "Ben Titan c4"},
			[]engine.Move{direct("c5", radio), attack("c5", "c4")}, ruled("M8", rulingAttackOnce)},
		{"two direct attacks", []string{"Ann Striker c5"},
			[]engine.Move{direct("c5", radio), direct("c5", radio)}, ruled("M8", rulingAttackOnce)},
		{"another unit attacks the same target", []string{"Ann Striker c2", "Ann Striker b3", "Ben Titan c3"},
			[]engine.Move{attack("c2", "c3"), attack("b3", "c3")}, ok},
		{"a move after the attack", []string{"Ann Striker c2", "Ben Titan c3"}, []engine.Move{attack("c2", "c3"), step("c2", "b2")}, ok},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{units: tt.units})
			last := len(tt.moves) - 1
			mustApply(t, s, ann, tt.moves[:last]...)
			expect(t, s, ann, tt.moves[last], tt.want)
		})
	}
	t.Run("one attack each turn", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Striker c2 attacked", "Ben Titan c3"}})
		expect(t, s, ann, attack("c2", "c3"), ruled("M8", rulingAttackOnce))
		pass(t, s)
		pass(t, s)
		mustApply(t, s, ann, attack("c2", "c3"))
		checkUnit(t, s, "c3", "Titan", 8, 1)
	})
}

func TestRulingM12NoPowerNoAttack(t *testing.T) {
	tests := []struct {
		name  string
		units []string
		move  engine.Move
	}{
		{"a mecha with power 0", []string{"Ann Dummy c2", "Ben Lancer c3"}, attack("c2", "c3")},
		{"a tower without power", []string{`Ann "Radio Tower" c2`, "Ben Lancer c3"}, attack("c2", "c3")},
		{"a pilot bringing power to 0", []string{"Ann Scout c2 pilot=Coward", "Ben Lancer c3"}, attack("c2", "c3")},
		{"a direct attack with power 0", []string{"Ann Dummy c5"}, direct("c5", radio)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{units: tt.units})
			expect(t, s, ann, tt.move, ruled("M12", rulingPower))
		})
	}
}

func TestRulingM10Range(t *testing.T) {
	tests := []struct {
		name     string
		variants map[string]string
		units    []string
		move     Attack
		want     verdict
		what     string // part of the violation's message
	}{
		{"an adjacent unit", nil, []string{"Ann Lancer c2", "Ben Titan c3"}, attack("c2", "c3"), ok, ""},
		{"two squares away with range 1", nil, []string{"Ann Lancer c2", "Ben Titan c4"}, attack("c2", "c4"), broke(ruleRange),
			"c4 is 2 squares from c2, and Lancer has range 1"},
		{"one square diagonally needs range 2", nil, []string{"Ann Lancer c2", "Ben Titan d3"}, attack("c2", "d3"), broke(ruleRange), "2 squares"},
		{"one square diagonally with range 2", nil, []string{`Ann "Flak Tower" c2`, "Ben Titan d3"}, attack("c2", "d3"), ok, ""},
		{"three squares with range 3", nil, []string{"Ann Archer c1", "Ben Titan c4"}, attack("c1", "c4"), ok, ""},
		{"three squares, counted orthogonally, with range 3", nil, []string{"Ann Archer c1", "Ben Titan e2"}, attack("c1", "e2"), ok, ""},
		{"four squares with range 3", nil, []string{"Ann Archer c1", "Ben Titan c5"}, attack("c1", "c5"), broke(ruleRange), "4 squares"},
		{"over a friendly unit", nil, []string{"Ann Archer c1", "Ann Bulwark c2", "Ben Titan c3"}, attack("c1", "c3"), ok, ""},
		{"over friendly units, counting their squares", nil, []string{"Ann Archer c1", "Ann Bulwark c2", "Ann Bulwark c3", "Ben Titan c4"}, attack("c1", "c4"), ok, ""},
		{"friendly units' squares count", nil, []string{"Ann Archer c1", "Ann Bulwark c2", "Ann Bulwark c3", "Ann Bulwark c4", "Ben Titan c5"},
			attack("c1", "c5"), broke(ruleRange), "4 squares"},
		{"not over an enemy unit", nil, []string{"Ann Archer c1", "Ben Lancer c2", "Ben Titan c3"}, attack("c1", "c3"), broke(ruleRangeOver),
			"enemy units stand between c1 and c3"},
		{"not over an enemy tower", nil, []string{"Ann Archer c1", `Ben "Radio Tower" c2`, "Ben Titan c3"}, attack("c1", "c3"), broke(ruleRangeOver),
			"enemy units stand between c1 and c3"},
		{"a path around an enemy unit", nil, []string{"Ann Archer c1", "Ben Lancer d1", "Ben Titan d2"}, attack("c1", "d2"), ok, ""},
		{"one's own unit", nil, []string{"Ann Lancer c2", "Ann Titan c3"}, attack("c2", "c3"), broke(ruleRange), "the unit on c3 is Ann's own: an attack targets an enemy unit"},
		{"an empty square", nil, []string{"Ann Lancer c2"}, attack("c2", "c3"), broke(ruleRange), "c3 holds no enemy unit"},
		{"range=over counts friendly squares", map[string]string{"range": "over"}, []string{"Ann Lancer c2", "Ann Bulwark c3", "Ben Titan c4"},
			attack("c2", "c4"), broke(ruleRange), "2 squares"},
		{"range=skip skips friendly squares", map[string]string{"range": "skip"}, []string{"Ann Lancer c2", "Ann Bulwark c3", "Ben Titan c4"},
			attack("c2", "c4"), ok, ""},
		{"range=skip skips several", map[string]string{"range": "skip"}, []string{"Ann Archer c1", "Ann Bulwark c2", "Ann Bulwark c3", "Ann Bulwark c4", "Ben Titan c5"},
			attack("c1", "c5"), ok, ""},
		{"range=skip still stops at enemy units", map[string]string{"range": "skip"}, []string{"Ann Archer c1", "Ben Lancer c2", "Ben Titan c3"},
			attack("c1", "c3"), broke(ruleRangeOver), "enemy units stand between"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{variants: tt.variants, units: tt.units})
			v := expect(t, s, ann, tt.move, tt.want)
			if v != nil && !strings.Contains(v.What, tt.what) {
				t.Errorf("violation %q does not say %q", v.What, tt.what)
			}
			if tt.want == ok {
				if u := unit(t, s, tt.move.Target.String()); u.Durability+u.Armour >= 10 {
					t.Errorf("the Titan was not hit: %d durability, %d armour", u.Durability, u.Armour)
				}
			}
		})
	}
	t.Run("a command's range lets a path go around an enemy unit", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Scope"}, units: []string{"Ann Archer c2", "Ben Lancer c3", "Ben Titan c4"}})
		expect(t, s, ann, attack("c2", "c4"), broke(ruleRangeOver))
		mustApply(t, s, ann, play("Scope", "c2"))
		if r := unit(t, s, "c2").Range(); r != 5 {
			t.Errorf("the Archer's range is %d, want 5", r)
		}
		mustApply(t, s, ann, attack("c2", "c4"))
		checkUnit(t, s, "c4", "Titan", 8, 1)
	})
}

func TestRuleFlightAndReach(t *testing.T) {
	tests := []struct {
		name     string
		attacker string // Ann's unit on c2, attacking Ben's Hawk on c3
		want     verdict
	}{
		{"a unit without Flight or Reach", "Lancer", broke(ruleFlight)},
		{"a unit with Reach", "Archer", ok},
		{"a tower with Reach", `"Flak Tower"`, ok},
		{"a unit with Flight", "Hawk", ok},
		{"a pilot's power does not give Reach", "Lancer pilot=Rookie", broke(ruleFlight)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{units: []string{unitSpec("Ann", tt.attacker, "c2"), "Ben Hawk c3 durability=9"}})
			expect(t, s, ann, attack("c2", "c3"), tt.want)
			if tt.want == ok {
				if u := unit(t, s, "c3"); u.Durability >= 9 {
					t.Errorf("the Hawk has %d durability after the attack", u.Durability)
				}
			}
		})
	}
	t.Run("a unit with Flight attacks units without it", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Hawk c2", "Ben Lancer c3"}})
		mustApply(t, s, ann, attack("c2", "c3"))
		checkUnit(t, s, "c3", "Lancer", 1, 0)
	})
}

// ---------------------------------------------------------------------------
// Direct attacks and the damage zone: M7, M3, M16, M19, M34, and the goal.

func TestRulingM7DirectAttacksFromTheEntryZone(t *testing.T) {
	tests := []struct {
		name  string
		units []string
		move  Direct
		want  verdict
	}{
		{"from the opponent's entry zone", []string{"Ann Striker c5"}, direct("c5", radio), ok},
		{"from a corner of it", []string{"Ann Lancer g5"}, direct("g5", radio), ok},
		{"from the rank before it", []string{"Ann Archer c4"}, direct("c4", radio), ruled("M7", rulingDirect)},
		{"from the player's own entry zone", []string{"Ann Archer c1"}, direct("c1", radio), ruled("M7", rulingDirect)},
		{"with an enemy unit next to it", []string{"Ann Striker c5", "Ben Titan d5"}, direct("c5", radio), ok},
		{"with an enemy mecha", []string{"Ben Striker c5"}, direct("c5", radio), ruled("M8", rulingOwnUnit)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{units: tt.units})
			expect(t, s, ann, tt.move, tt.want)
			if tt.want == ok {
				checkCards(t, "Ben's damage zone", s.DamageZone(ben), `"Radio Tower"`)
				if n := s.DeckSize(ben); n != 34 {
					t.Errorf("Ben's deck has %d cards, want 34", n)
				}
				if !unit(t, s, tt.move.From.String()).Attacked {
					t.Errorf("the attacker has not attacked")
				}
				checkNotOver(t, s)
			}
		})
	}
	t.Run("the second player attacks the first from rank 1", func(t *testing.T) {
		s := build(t, table{units: []string{"Ben Striker c1", "Ben Striker c2"}})
		pass(t, s)
		expect(t, s, ben, direct("c2", radio), ruled("M7", rulingDirect))
		mustApply(t, s, ben, direct("c1", radio))
		checkCards(t, "Ann's damage zone", s.DamageZone(ann), `"Radio Tower"`)
	})
}

func TestRulingM7VariantDirectRange(t *testing.T) {
	tests := []struct {
		name     string
		variants map[string]string
		units    []string
		from     string
		want     verdict
	}{
		{"range 3, two squares from the edge", nil, []string{"Ann Archer c3"}, "c3", ok},
		{"range 3, three squares from the edge", nil, []string{"Ann Archer c2"}, "c2", ruled("M7", rulingDirectRange)},
		{"range 1, in the entry zone", nil, []string{"Ann Lancer c5"}, "c5", ok},
		{"range 1, one square from the edge", nil, []string{"Ann Lancer c4"}, "c4", ruled("M7", rulingDirectRange)},
		{"an enemy unit between in the file", nil, []string{"Ann Archer c3", "Ben Lancer c5"}, "c3", ruled("M7", rulingDirectRange)},
		{"an enemy tower between in the file", nil, []string{"Ann Archer c3", `Ben "Radio Tower" c4`}, "c3", ruled("M7", rulingDirectRange)},
		{"an enemy unit in another file", nil, []string{"Ann Archer c3", "Ben Lancer d4"}, "c3", ok},
		{"a friendly unit between, its square counted", nil, []string{"Ann Archer c3", "Ann Bulwark c4"}, "c3", ok},
		{"friendly units between, too far with range=over", map[string]string{"range": "over"}, []string{"Ann Archer c2", "Ann Bulwark c3", "Ann Bulwark c4"}, "c2", ruled("M7", rulingDirectRange)},
		{"friendly units between, skipped with range=skip", map[string]string{"range": "skip"}, []string{"Ann Archer c2", "Ann Bulwark c3", "Ann Bulwark c4"}, "c2", ok},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			variants := map[string]string{"direct": "range"}
			for k, v := range tt.variants {
				variants[k] = v
			}
			s := build(t, table{variants: variants, units: tt.units})
			expect(t, s, ann, direct(tt.from, radio), tt.want)
			if tt.want == ok {
				checkCards(t, "Ben's damage zone", s.DamageZone(ben), `"Radio Tower"`)
			}
		})
	}
	t.Run("direct=entryzone: range does not reach the edge", func(t *testing.T) {
		s := build(t, table{variants: map[string]string{"direct": "entryzone"}, units: []string{"Ann Archer c3"}})
		expect(t, s, ann, direct("c3", radio), ruled("M7", rulingDirect))
	})
	t.Run("the second player, towards rank 1", func(t *testing.T) {
		s := build(t, table{variants: map[string]string{"direct": "range"}, units: []string{"Ben Archer c3", "Ben Archer d4"}})
		pass(t, s)
		mustApply(t, s, ben, direct("c3", radio))
		expect(t, s, ben, direct("d4", radio), ruled("M7", rulingDirectRange))
	})
}

func TestRulingM3TheDamageCard(t *testing.T) {
	t.Run("unseeded: written", func(t *testing.T) {
		s := build(t, table{decks: [2]string{"", "Titan"}, units: []string{"Ann Striker c5"}})
		mustApply(t, s, ann, direct("c5", "Titan"))
		checkCards(t, "Ben's damage zone", s.DamageZone(ben), `Titan`)
		if slices.Contains(s.players[ben].deck, "Titan") {
			t.Errorf("the Titan is still in Ben's deck")
		}
	})
	t.Run("unseeded: not written", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Striker c5"}})
		expect(t, s, ann, direct("c5", ""), ruled("M3", rulingDrawRecord))
	})
	t.Run("unseeded: a card the deck does not hold", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Striker c5"}})
		expect(t, s, ann, direct("c5", "Titan"), ruled("M3", rulingNotInDeck))
	})
	const seed = 5
	starter, _ := testCards(t).Deck("Starter")
	benDeck, _ := seededDeck(seed, ben, starter)
	seeded := func(t *testing.T) *State {
		s := newGame(t, testCards(t), true, seed, nil)
		put(t, s, "Ann Striker c5")
		put(t, s, "Ann Striker d5")
		return s
	}
	t.Run("seeded: not written, the top card", func(t *testing.T) {
		s := seeded(t)
		mustApply(t, s, ann, direct("c5", ""))
		if got := s.DamageZone(ben); !slices.Equal(got, benDeck[5:6]) {
			t.Errorf("Ben's damage zone = %q, want the top card of his deck %q", got, benDeck[5:6])
		}
		mustApply(t, s, ann, direct("d5", benDeck[6]))
		if got := s.DamageZone(ben); !slices.Equal(got, benDeck[5:7]) {
			t.Errorf("Ben's damage zone = %q, want %q", got, benDeck[5:7])
		}
	})
	t.Run("seeded: written and disagreeing", func(t *testing.T) {
		s := seeded(t)
		mustApply(t, s, ann, step("d5", "d4"))
		bad := "Scout"
		if benDeck[5] == bad {
			bad = radio
		}
		expect(t, s, ann, direct("c5", bad), ruled("M3", rulingSeedAgrees))
	})
}

func TestRuleFiveDamageLoses(t *testing.T) {
	s := build(t, table{units: []string{"Ann Striker a5", "Ann Striker b5", "Ann Striker c5", "Ann Striker d5", "Ann Striker e5"}})
	for _, from := range []string{"a5", "b5", "c5", "d5"} {
		mustApply(t, s, ann, direct(from, radio))
	}
	checkNotOver(t, s)
	mustApply(t, s, ann, direct("e5", radio))
	checkOutcome(t, s, ann, "Ben has five cards in their damage zone", 1)
	checkCards(t, "Ben's damage zone", s.DamageZone(ben), strings.Repeat(`"Radio Tower" `, 5))
}

func TestRuleGameOverRefusesMoves(t *testing.T) {
	s := build(t, table{
		hands: [2]string{"", "Barrage"},
		units: []string{"Ann Striker a5", "Ann Striker b5", "Ann Striker c5", "Ann Striker d5", "Ann Striker e5", "Ann Lancer e4"},
	})
	for _, from := range []string{"a5", "b5", "c5", "d5", "e5"} {
		mustApply(t, s, ann, direct(from, radio))
	}
	for _, tt := range []struct {
		player int
		move   engine.Move
	}{
		{ann, step("e4", "f4")},
		{ann, engine.EndTurn{}},
		{ann, Discard{Card: radio}},
		{ben, play("Barrage", "e4")},
		{ben, draw(`"Radio Tower"`)},
		{ben, Deck{Named: "Starter"}},
	} {
		expect(t, s, tt.player, tt.move, broke(ruleGoal))
	}
	if moves := s.Legal(); len(moves) != 0 {
		t.Errorf("Legal() = %v once the game is over, want none", moves)
	}
}

func TestRulingM19DamageWithAnEmptyDeck(t *testing.T) {
	for _, value := range []string{"", "nothing"} {
		t.Run("emptydamage="+value+": nothing is placed; the loss comes at the draw", func(t *testing.T) {
			var variants map[string]string
			if value != "" {
				variants = map[string]string{"emptydamage": value}
			}
			s := build(t, table{variants: variants, units: []string{"Ann Striker c5"}})
			emptyDeck(t, s, ben)
			expect(t, s, ann, direct("c5", radio), ruled("M3", rulingNotInDeck))
			mustApply(t, s, ann, direct("c5", ""))
			checkCards(t, "Ben's damage zone", s.DamageZone(ben), ``)
			if !unit(t, s, "c5").Attacked {
				t.Errorf("the attack did not count")
			}
			checkNotOver(t, s)
			endTurn(t, s)
			checkOutcome(t, s, ann, "Ben could not draw a card from their deck", 2)
		})
	}
	t.Run("emptydamage=lose: the player loses at once", func(t *testing.T) {
		s := build(t, table{variants: map[string]string{"emptydamage": "lose"}, units: []string{"Ann Striker c5"}})
		emptyDeck(t, s, ben)
		mustApply(t, s, ann, direct("c5", ""))
		checkOutcome(t, s, ann, "Ben was attacked directly with no card left in their deck", 1)
	})
}

func TestRulingM16TriggerCommandsInTheDamageZone(t *testing.T) {
	t.Run("unseeded: its owner owes the card it draws", func(t *testing.T) {
		s := build(t, table{decks: [2]string{"", `"Last Stand" Titan`}, units: []string{"Ann Striker c5"}})
		mustApply(t, s, ann, direct("c5", "Last Stand"))
		checkCards(t, "Ben's damage zone", s.DamageZone(ben), `"Last Stand"`)
		checkCards(t, "Ben's graveyard", s.Graveyard(ben), ``)
		v := expect(t, s, ann, Discard{Card: radio}, ruled("M3", rulingDrawRecord))
		if v != nil && !strings.Contains(v.What, "Ben owes 1 card") {
			t.Errorf("violation %q", v.What)
		}
		mustApply(t, s, ben, draw(`Titan`))
		checkCards(t, "Ben's hand", s.Hand(ben), `"Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" Titan`)
		mustApply(t, s, ann, Discard{Card: radio}, engine.EndTurn{})
	})
	t.Run("unseeded: the draw written by the other player settles it", func(t *testing.T) {
		s := build(t, table{decks: [2]string{"", `"Last Stand" Titan`}, units: []string{"Ann Striker c5"}})
		mustApply(t, s, ann, direct("c5", "Last Stand"), draw(`Titan`))
		checkCards(t, "Ben's hand", s.Hand(ben), `"Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" Titan`)
		checkCards(t, "Ann's hand", s.Hand(ann), `"Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower"`)
	})
	t.Run("seeded: the draw is made", func(t *testing.T) {
		s := newGame(t, testCards(t), true, 9, nil)
		mustApply(t, s, ben, Deck{List: deckList(`40 Flare`)})
		put(t, s, "Ann Striker c5")
		mustApply(t, s, ann, direct("c5", ""))
		checkCards(t, "Ben's damage zone", s.DamageZone(ben), `Flare`)
		checkCards(t, "Ben's hand", s.Hand(ben), `Flare Flare Flare Flare Flare Flare`)
		if n := s.DeckSize(ben); n != 33 {
			t.Errorf("Ben's deck has %d cards, want 33", n)
		}
	})
	t.Run("a command without trigger does nothing there", func(t *testing.T) {
		s := build(t, table{decks: [2]string{"", `Resupply`}, units: []string{"Ann Striker c5"}})
		mustApply(t, s, ann, direct("c5", "Resupply"))
		checkCards(t, "Ben's damage zone", s.DamageZone(ben), `Resupply`)
		mustApply(t, s, ann, Discard{Card: radio}, engine.EndTurn{})
	})
}

// ---------------------------------------------------------------------------
// Commands: any time (the text), targets (M14), placed commands (M15),
// trigger commands played from hand (M16).

func TestRuleCommandsAtAnyTime(t *testing.T) {
	t.Run("in the player's own turn", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Overclock"}, units: []string{"Ann Lancer c2", "Ben Titan c4 armour=0"}})
		mustApply(t, s, ann, play("Overclock", "c2"))
		u := unit(t, s, "c2")
		if u.Power() != 4 || u.Speed() != 2 {
			t.Errorf("the Overclocked Lancer has power %d and speed %d, want 4 and 2", u.Power(), u.Speed())
		}
		checkCards(t, "Ann's graveyard", s.Graveyard(ann), `Overclock`)
		checkCards(t, "Ann's hand", s.Hand(ann), strings.Repeat(`"Radio Tower" `, 5))
		mustApply(t, s, ann, step("c2", "c3"), attack("c3", "c4"))
		checkUnit(t, s, "c4", "Titan", 4, 0)
	})
	t.Run("in the opponent's turn", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"", "Barrage"}, units: []string{"Ann Lancer c2"}})
		mustApply(t, s, ben, play("Barrage", "c2"))
		checkUnit(t, s, "c2", "Lancer", 1, 0)
		checkCards(t, "Ben's graveyard", s.Graveyard(ben), `Barrage`)
		checkCards(t, "Ben's hand", s.Hand(ben), strings.Repeat(`"Radio Tower" `, 4))
		if s.ToMove() != ann || s.Turn() != 1 {
			t.Errorf("turn %d, %s to move: the command changed the turn", s.Turn(), players[s.ToMove()])
		}
		mustApply(t, s, ann, step("c2", "c3"))
	})
	t.Run("in the opponent's end phase", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"", "Barrage"}, units: []string{"Ann Lancer c2"}})
		mustApply(t, s, ann, Discard{Card: radio})
		mustApply(t, s, ben, play("Barrage", "c2"))
		mustApply(t, s, ann, engine.EndTurn{})
	})
	t.Run("between the moves of an attack", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"", "Repair"}, units: []string{"Ann Striker c2", "Ben Lancer c4"}})
		mustApply(t, s, ann, step("c2", "c3"))
		mustApply(t, s, ben, play("Repair", "c4"))
		mustApply(t, s, ann, attack("c3", "c4"))
		checkUnit(t, s, "c4", "Lancer", 2, 0)
	})
}

func TestRulingM14CommandTargets(t *testing.T) {
	// Ann's Lancer c2 and Radio Tower a1; Ben's Bulwark c4 and Radio Tower g5.
	units := []string{"Ann Lancer c2", `Ann "Radio Tower" a1`, "Ben Bulwark c4", `Ben "Radio Tower" g5`}
	tests := []struct {
		name   string
		card   string
		square string // "" for no square
		want   verdict
		what   string                       // part of the violation's message
		check  func(t *testing.T, s *State) // the effect, when played
	}{
		{"mecha you control: own mecha", "Overclock", "c2", ok, "", func(t *testing.T, s *State) {
			if u := unit(t, s, "c2"); u.PowerBoost != 2 || u.SpeedBoost != 1 {
				t.Errorf("boosts %d, %d; want +2 power and +1 speed", u.PowerBoost, u.SpeedBoost)
			}
		}},
		{"mecha you control: own tower", "Overclock", "a1", ruled("M14", rulingTarget), "a1 holds a tower", nil},
		{"mecha you control: enemy mecha", "Overclock", "c4", ruled("M14", rulingTarget), "c4 holds Ben's unit", nil},
		{"mecha you control: empty square", "Overclock", "d3", ruled("M14", rulingTarget), "d3 is empty", nil},
		{"mecha you control: no square", "Overclock", "", ruled("M14", rulingTarget), "Overclock needs a target: a mecha you control", nil},
		{"unit you control: own tower", "Repair", "a1", ok, "", func(t *testing.T, s *State) { checkUnit(t, s, "a1", radio, 5, 0) }},
		{"unit you control: enemy tower", "Repair", "g5", ruled("M14", rulingTarget), "holds Ben's unit", nil},
		{"armour counters are added", "Plating", "c2", ok, "", func(t *testing.T, s *State) { checkUnit(t, s, "c2", "Lancer", 3, 1) }},
		{"enemy unit: enemy mecha, damage ignoring armour", "Barrage", "c4", ok, "", func(t *testing.T, s *State) { checkUnit(t, s, "c4", "Bulwark", 3, 2) }},
		{"enemy unit: enemy tower", "Barrage", "g5", ok, "", func(t *testing.T, s *State) { checkUnit(t, s, "g5", radio, 1, 0) }},
		{"enemy unit: own mecha", "Barrage", "c2", ruled("M14", rulingTarget), "c2 holds Ann's own unit", nil},
		{"enemy mecha: destroyed", "EMP", "c4", ok, "", func(t *testing.T, s *State) {
			checkEmpty(t, s, "c4")
			checkCards(t, "Ben's graveyard", s.Graveyard(ben), `Bulwark`)
		}},
		{"enemy mecha: enemy tower", "EMP", "g5", ruled("M14", rulingTarget), "g5 holds a tower", nil},
		{"tower: enemy tower", "Demolish", "g5", ok, "", func(t *testing.T, s *State) { checkEmpty(t, s, "g5") }},
		{"tower: own tower", "Demolish", "a1", ok, "", func(t *testing.T, s *State) {
			checkEmpty(t, s, "a1")
			// The command goes to the graveyard after its effect.
			checkCards(t, "Ann's graveyard", s.Graveyard(ann), `"Radio Tower" Demolish`)
		}},
		{"tower: a mecha", "Demolish", "c4", ruled("M14", rulingTarget), "c4 holds a mecha", nil},
		{"unit: an enemy's", "Scope", "c4", ok, "", func(t *testing.T, s *State) {
			if r := unit(t, s, "c4").Range(); r != 3 {
				t.Errorf("the Bulwark's range is %d, want 3", r)
			}
		}},
		{"unit: an empty square", "Scope", "d3", ruled("M14", rulingTarget), "d3 is empty", nil},
		{"no target: played without a square", "Resupply", "", ok, "", func(t *testing.T, s *State) {
			if s.players[ann].owed != 2 {
				t.Errorf("Ann owes %d cards, want 2", s.players[ann].owed)
			}
		}},
		{"no target: played onto a square", "Resupply", "c2", ruled("M14", rulingTarget), "Resupply has no target", nil},
		{"square: an empty one", "Mine", "d3", ok, "", nil},
		{"square: under a unit", "Mine", "c4", ok, "", nil},
		{"square: no square", "Mine", "", ruled("M14", rulingTarget), "needs a target", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{hands: [2]string{tt.card}, units: units})
			v := expect(t, s, ann, play(tt.card, tt.square), tt.want)
			if v != nil && !strings.Contains(v.What, tt.what) {
				t.Errorf("violation %q does not say %q", v.What, tt.what)
			}
			if tt.want != ok {
				return
			}
			if slices.Contains(s.Hand(ann), tt.card) {
				t.Errorf("%s is still in Ann's hand", tt.card)
			}
			if tt.check != nil {
				tt.check(t, s)
			}
		})
	}
}

func TestRulingM14ModifiersLastUntilTheEndOfTheTurn(t *testing.T) {
	s := build(t, table{hands: [2]string{"Overclock Plating Scope Repair"}, units: []string{"Ann Lancer c2"}})
	mustApply(t, s, ann, play("Overclock", "c2"), play("Plating", "c2"), play("Scope", "c2"), play("Repair", "c2"))
	u := unit(t, s, "c2")
	if u.Power() != 4 || u.Speed() != 2 || u.Range() != 3 || u.Armour != 1 || u.Durability != 5 {
		t.Errorf("power %d speed %d range %d armour %d durability %d; want 4, 2, 3, 1, 5", u.Power(), u.Speed(), u.Range(), u.Armour, u.Durability)
	}
	pass(t, s)
	u = unit(t, s, "c2")
	if u.Power() != 2 || u.Speed() != 1 || u.Range() != 1 {
		t.Errorf("next turn: power %d speed %d range %d; want 2, 1, 1", u.Power(), u.Speed(), u.Range())
	}
	if u.Armour != 1 || u.Durability != 5 {
		t.Errorf("next turn: armour %d durability %d; the counters stay: want 1 and 5", u.Armour, u.Durability)
	}
}

func TestRulingM14CommandsThatDraw(t *testing.T) {
	t.Run("unseeded: the cards are written", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Resupply"}, decks: [2]string{"Titan Hawk"}})
		mustApply(t, s, ann, play("Resupply", ""))
		expect(t, s, ann, play(radio, "a1"), ruled("M3", rulingDrawRecord))
		expect(t, s, ann, draw(`Titan Hawk "Radio Tower"`), broke(ruleDraw))
		mustApply(t, s, ann, draw(`Titan`), draw(`Hawk`))
		checkCards(t, "Ann's hand", s.Hand(ann), `"Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" Titan Hawk`)
		checkCards(t, "Ann's graveyard", s.Graveyard(ann), `Resupply`)
	})
	t.Run("seeded: the seed draws them", func(t *testing.T) {
		s := newGame(t, testCards(t), true, 4, nil)
		mustApply(t, s, ann, Deck{List: deckList(`40 Ration`)})
		mustApply(t, s, ann, play("Ration", ""))
		if n := len(s.Hand(ann)); n != 6 {
			t.Errorf("Ann holds %d cards, want 6 (5, her draw, Ration played, one drawn)", n)
		}
		if n := s.DeckSize(ann); n != 33 {
			t.Errorf("Ann's deck has %d cards, want 33", n)
		}
	})
	t.Run("seeded: the cards may be written, and agree with the seed", func(t *testing.T) {
		s := newGame(t, testCards(t), true, 4, nil)
		mustApply(t, s, ann, Deck{List: deckList(`40 Ration`)})
		mustApply(t, s, ann, play("Ration", ""))
		expect(t, s, ann, draw(`Scout`), ruled("M3", rulingSeedAgrees))
		mustApply(t, s, ann, draw(`Ration`))
		if n := len(s.Hand(ann)); n != 6 {
			t.Errorf("Ann holds %d cards, want 6: the written draw is the one the seed made", n)
		}
	})
	t.Run("a trigger command played from hand", func(t *testing.T) {
		s := build(t, table{hands: [2]string{`"Last Stand"`}, decks: [2]string{"Titan"}})
		mustApply(t, s, ann, play("Last Stand", ""), draw(`Titan`))
		checkCards(t, "Ann's graveyard", s.Graveyard(ann), `"Last Stand"`)
		checkCards(t, "Ann's damage zone", s.DamageZone(ann), ``)
		if !slices.Contains(s.Hand(ann), "Titan") {
			t.Errorf("Ann's hand %q has no Titan", s.Hand(ann))
		}
	})
	t.Run("a command played in the opponent's turn draws for its player", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"", "Resupply"}, decks: [2]string{"", "Titan Hawk"}})
		mustApply(t, s, ben, play("Resupply", ""), draw(`Titan Hawk`))
		checkCards(t, "Ben's hand", s.Hand(ben), `"Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" Titan Hawk`)
	})
}

func TestRulingM15PlacedCommands(t *testing.T) {
	t.Run("placed with its time counters; goes off at the start of its controller's turn", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Mine"}, units: []string{"Ben Lancer d3"}})
		mustApply(t, s, ann, play("Mine", "d3"))
		checkPlaced(t, s, "Mine Ann d3 2")
		checkCards(t, "Ann's graveyard", s.Graveyard(ann), ``)
		if slices.Contains(s.Hand(ann), "Mine") {
			t.Errorf("the Mine is still in Ann's hand")
		}
		pass(t, s) // Ben's turn 2: not the Mine's controller's
		checkPlaced(t, s, "Mine Ann d3 2")
		pass(t, s) // Ann's turn 3
		checkPlaced(t, s, "Mine Ann d3 1")
		pass(t, s) // Ben's turn 4
		checkPlaced(t, s, "Mine Ann d3 1")
		checkUnit(t, s, "d3", "Lancer", 3, 0)
		pass(t, s) // Ann's turn 5: the last counter
		checkPlaced(t, s)
		checkEmpty(t, s, "d3")
		// Ann discarded a Radio Tower at the end of turn 3, Ben at the end
		// of turns 2 and 4.
		checkCards(t, "Ann's graveyard", s.Graveyard(ann), `"Radio Tower" Mine`)
		checkCards(t, "Ben's graveyard", s.Graveyard(ben), `"Radio Tower" "Radio Tower" Lancer`)
	})
	t.Run("its effect on the unit there when it goes off, ignoring armour", func(t *testing.T) {
		s := build(t, table{units: []string{"Ben Bulwark d3"}})
		putPlaced(t, s, ann, "Mine", "d3", 1)
		pass(t, s)
		pass(t, s)
		checkUnit(t, s, "d3", "Bulwark", 2, 2)
	})
	t.Run("with no unit there, it goes to the graveyard", func(t *testing.T) {
		s := build(t, table{})
		putPlaced(t, s, ann, "Mine", "d3", 1)
		pass(t, s)
		pass(t, s)
		checkPlaced(t, s)
		checkCards(t, "Ann's graveyard", s.Graveyard(ann), `"Radio Tower" Mine`)
	})
	t.Run("the second player's counts down in their turns", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Lancer c3"}})
		putPlaced(t, s, ben, "Mine", "c3", 1)
		pass(t, s)
		checkEmpty(t, s, "c3")
		checkCards(t, "Ben's graveyard", s.Graveyard(ben), `Mine`)
		checkCards(t, "Ann's graveyard", s.Graveyard(ann), `"Radio Tower" Lancer`)
	})
	t.Run("it does not count as a unit", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Lancer c2"}})
		putPlaced(t, s, ben, "Mine", "c3", 2)
		mustApply(t, s, ann, step("c2", "c3"))
		expect(t, s, ann, attack("c3", "c3"), broke(ruleRange))
		checkPlaced(t, s, "Mine Ben c3 2")
	})
}

// ---------------------------------------------------------------------------
// Pilots: attaching (M22), one a mecha, modifiers, two copies (M20),
// removing (M21), Pilot Idiocy (M23).

func TestRulingM22PilotsAttachInTheEntryZone(t *testing.T) {
	tests := []struct {
		name   string
		square string
		want   verdict
	}{
		{"an own mecha in the entry zone", "c1", ok},
		{"an own mecha outside the entry zone", "c2", broke(rulePilotZone)},
		{"an own mecha in the opponent's entry zone", "c5", broke(rulePilotZone)},
		{"an enemy mecha in the entry zone", "d1", broke(rulePilotZone)},
		{"an own tower in the entry zone", "a1", broke(rulePilotZone)},
		{"an empty square", "e1", broke(rulePilotZone)},
		{"a mecha that has a pilot", "b1", broke(rulePilotOne)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{hands: [2]string{"Rookie"}, units: []string{
				"Ann Lancer c1", "Ann Lancer c2", "Ann Lancer c5", "Ben Lancer d1", `Ann "Radio Tower" a1`, "Ann Lancer b1 pilot=Ace",
			}})
			expect(t, s, ann, play("Rookie", tt.square), tt.want)
			if tt.want == ok {
				u := unit(t, s, tt.square)
				if u.Pilot == nil || u.Pilot.Name != "Rookie" || u.Power() != 3 || u.Cost() != 0 {
					t.Errorf("the Lancer has pilot %v, power %d, cost %d; want Rookie, 3, 0", u.Pilot, u.Power(), u.Cost())
				}
				if slices.Contains(s.Hand(ann), "Rookie") {
					t.Errorf("Rookie is still in Ann's hand")
				}
			}
		})
	}
	t.Run("a mecha played this turn", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Lancer Rookie"}, units: []string{`Ann "Radio Tower" a1`, `Ann "Radio Tower" b1`}})
		mustApply(t, s, ann, play("Lancer", "c1"), play("Rookie", "c1"))
	})
	t.Run("a pilot played onto no square", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Rookie"}, units: []string{"Ann Lancer c1"}})
		expect(t, s, ann, Play{Card: "Rookie"}, broke(ruleEntryZone))
	})
	t.Run("the pilot stays when its mecha leaves the entry zone", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Ace"}, units: []string{"Ann Lancer c1"}})
		mustApply(t, s, ann, play("Ace", "c1"), step("c1", "c2"))
		if u := unit(t, s, "c2"); u.Pilot == nil || u.Power() != 3 {
			t.Errorf("the Lancer on c2 has pilot %v and power %d", u.Pilot, u.Power())
		}
	})
}

func TestRulePilotModifiers(t *testing.T) {
	tests := []struct {
		name                      string
		pilot, mecha              string
		power, durability, armour int
		speed                     int
	}{
		{"power and durability", "Ace", "Lancer", 3, 4, 0, 1},
		{"Speed stacks with the mecha's", "Ace", "Striker", 4, 4, 0, 3},
		{"power only", "Rookie", "Lancer", 3, 3, 0, 1},
		{"a negative power", "Coward", "Striker", 2, 3, 0, 2},
		{"Armour X: armour counters", "Guard", "Bulwark", 2, 5, 3, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{hands: [2]string{tt.pilot}, units: []string{"Ann " + tt.mecha + " c1"}})
			mustApply(t, s, ann, play(tt.pilot, "c1"))
			u := unit(t, s, "c1")
			if u.Power() != tt.power || u.Durability != tt.durability || u.Armour != tt.armour || u.Speed() != tt.speed {
				t.Errorf("power %d durability %d armour %d speed %d; want %d, %d, %d, %d",
					u.Power(), u.Durability, u.Armour, u.Speed(), tt.power, tt.durability, tt.armour, tt.speed)
			}
		})
	}
}

func TestRulingM20TwoCopiesOfAPilot(t *testing.T) {
	// twoRookies: Ann attaches a second Rookie, to the Lancer on d1; her
	// first is on the Lancer on c1.
	twoRookies := func(t *testing.T) *State {
		s := build(t, table{
			hands: [2]string{"Rookie Ration", "Barrage Ration"},
			units: []string{"Ann Lancer c1 pilot=Rookie", "Ann Lancer d1", "Ann Striker e2", "Ann Hawk b1", "Ben Titan e3"},
		})
		mustApply(t, s, ann, play("Rookie", "d1"))
		return s
	}
	t.Run("attaching a second copy is legal; the sacrifice comes before any other move", func(t *testing.T) {
		s := twoRookies(t)
		if u := unit(t, s, "d1"); u.Pilot == nil || u.Pilot.Name != "Rookie" {
			t.Fatalf("the second Rookie is not attached")
		}
		for _, m := range []engine.Move{
			step("e2", "f2"), attack("e2", "e3"), play("Ration", ""), Discard{Card: radio}, engine.EndTurn{},
		} {
			expect(t, s, ann, m, ruled("M20", rulingSacrifice))
		}
	})
	t.Run("the opponent's command waits too", func(t *testing.T) {
		s := twoRookies(t)
		expect(t, s, ben, play("Barrage", "e2"), ruled("M20", rulingSacrifice))
		expect(t, s, ben, play("Ration", ""), ruled("M20", rulingSacrifice))
	})
	for _, square := range []string{"c1", "d1"} {
		t.Run("sacrificing the copy on "+square, func(t *testing.T) {
			s := twoRookies(t)
			mustApply(t, s, ann, Sacrifice{At: sq(square)})
			if u := unit(t, s, square); u.Pilot != nil {
				t.Errorf("the Lancer on %s still has %s", square, u.Pilot.Name)
			}
			checkCards(t, "Ann's graveyard", s.Graveyard(ann), `Rookie`)
			mustApply(t, s, ann, step("e2", "f2"))
			mustApply(t, s, ben, play("Barrage", "f2"))
		})
	}
	t.Run("sacrificing from a mecha without a pilot", func(t *testing.T) {
		s := twoRookies(t)
		expect(t, s, ann, Sacrifice{At: sq("b1")}, broke(rulePilotCopy))
		expect(t, s, ann, Sacrifice{At: sq("e3")}, broke(rulePilotCopy))
	})
	t.Run("sacrificing a pilot of which one copy is controlled", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Lancer c1 pilot=Rookie", "Ann Lancer d1 pilot=Ace"}})
		v := expect(t, s, ann, Sacrifice{At: sq("c1")}, broke(rulePilotCopy))
		if v != nil && !strings.Contains(v.What, "Ann controls one copy of Rookie") {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("a sacrifice by the other player", func(t *testing.T) {
		s := twoRookies(t)
		expect(t, s, ben, Sacrifice{At: sq("c1")}, ruled("M2", rulingTurns))
	})
	t.Run("the opponent's copy does not count", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Rookie"}, units: []string{"Ann Lancer d1", "Ben Lancer c5 pilot=Rookie"}})
		mustApply(t, s, ann, play("Rookie", "d1"), engine.EndTurn{})
	})
	t.Run("no sacrifice once a copy is destroyed", func(t *testing.T) {
		s := twoRookies(t)
		s.destroy(sq("c1"))
		checkCards(t, "Ann's graveyard", s.Graveyard(ann), `Lancer Rookie`)
		mustApply(t, s, ann, step("e2", "f2"))
		expect(t, s, ann, Sacrifice{At: sq("d1")}, broke(rulePilotCopy))
	})
	t.Run("no sacrifice when Pilot Idiocy destroys the second copy", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Medic"}, units: []string{"Ann Bulwark c1 pilot=Medic", "Ann Dummy d1"}})
		mustApply(t, s, ann, play("Medic", "d1"))
		checkEmpty(t, s, "d1")
		mustApply(t, s, ann, step("c1", "c2"))
	})
}

func TestRulingM21RemovingAPilot(t *testing.T) {
	s := build(t, table{
		hands: [2]string{"Ace"},
		units: []string{"Ann Lancer c1 pilot=Ace", "Ann Lancer d1", `Ann "Radio Tower" a1`, `Ann "Radio Tower" b1`},
	})
	if u := unit(t, s, "c1"); u.Durability != 4 || u.Power() != 3 {
		t.Fatalf("the Lancer with Ace has durability %d and power %d", u.Durability, u.Power())
	}
	mustApply(t, s, ann, play("Ace", "d1"), Sacrifice{At: sq("c1")})
	u := unit(t, s, "c1")
	if u.Durability != 4 {
		t.Errorf("durability %d after the pilot is removed, want 4: it does not change", u.Durability)
	}
	if u.Power() != 2 || u.Speed() != 1 || u.Cost() != 2 {
		t.Errorf("power %d speed %d cost %d, want the printed 2, 1, 2", u.Power(), u.Speed(), u.Cost())
	}
	if provided, used := s.Bandwidth(ann); provided != 2 || used != 2 {
		t.Errorf("Ann's bandwidth %d/%d, want 2 used of 2", used, provided)
	}
	checkCards(t, "Ann's graveyard", s.Graveyard(ann), `Ace`)
	t.Run("armour counters stay", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Guard"}, units: []string{"Ann Lancer c1 pilot=Guard", "Ann Lancer d1"}})
		mustApply(t, s, ann, play("Guard", "d1"), Sacrifice{At: sq("c1")})
		checkUnit(t, s, "c1", "Lancer", 3, 1)
	})
	t.Run("a mecha over the bandwidth is no problem", func(t *testing.T) {
		s := build(t, table{
			hands: [2]string{"Rookie"},
			units: []string{"Ann Lancer c1 pilot=Rookie", "Ann Lancer d1 pilot=Ace", "Ann Lancer e1", `Ann "Radio Tower" a1`, `Ann "Radio Tower" b1`},
		})
		mustApply(t, s, ann, play("Rookie", "e1"), Sacrifice{At: sq("c1")})
		if provided, used := s.Bandwidth(ann); provided != 2 || used != 2 {
			t.Errorf("Ann's bandwidth %d/%d, want 2 used of 2", used, provided)
		}
		mustApply(t, s, ann, step("c1", "c2"))
	})
}

func TestRulingM23PilotIdiocy(t *testing.T) {
	tests := []struct {
		name         string
		pilot, mecha string
		durability   int    // the mecha's after attaching; 0: destroyed
		owed         int    // cards Ann owes after
		graveyard    string // Ann's
	}{
		{"durability -1 on a mecha with 1: destroyed", jason, "Dummy", 0, 0, `Dummy "Jason \"The Looks\" Brannan"`},
		{"durability -1 on a mecha with 3", jason, "Lancer", 2, 0, ``},
		{"the pilot's effects apply before: durability -2, then +1, on 2", "Medic", "Scout", 1, 0, ``},
		{"the pilot's effects apply before: durability -2, then +1, on 1", "Medic", "Dummy", 0, 0, `Dummy Medic`},
		{"the pilot's draw is made though the mecha is destroyed", "Scholar", "Lancer", 0, 1, `Lancer Scholar`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{hands: [2]string{strconv.Quote(tt.pilot)}, units: []string{"Ann " + tt.mecha + " c1"}})
			mustApply(t, s, ann, play(tt.pilot, "c1"))
			if tt.durability == 0 {
				checkEmpty(t, s, "c1")
			} else {
				checkUnit(t, s, "c1", tt.mecha, tt.durability, 0)
			}
			checkCards(t, "Ann's graveyard", s.Graveyard(ann), tt.graveyard)
			if s.players[ann].owed != tt.owed {
				t.Errorf("Ann owes %d cards, want %d", s.players[ann].owed, tt.owed)
			}
			checkNotOver(t, s)
		})
	}
}

// ---------------------------------------------------------------------------
// The end of the turn and the ways to lose: hand size (M17), a full entry
// zone (M18), deck-out (M34), rebirth (M24).

func TestRulingM17MaximumHandSize(t *testing.T) {
	// Ann holds six cards on turn 1: her opening hand and her draw.
	sixCards := func(t *testing.T) *State {
		return build(t, table{
			hands: [2]string{"Overclock Rookie", "Barrage"},
			units: []string{"Ann Lancer c1", "Ann Striker c5", "Ben Titan c4"},
		})
	}
	t.Run("ending the turn with more than five cards", func(t *testing.T) {
		s := sixCards(t)
		v := expect(t, s, ann, engine.EndTurn{}, broke(ruleHandSize))
		if v != nil && v.What != "Ann holds 6 cards" {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("discarding down to five, then ending the turn", func(t *testing.T) {
		s := sixCards(t)
		mustApply(t, s, ann, Discard{Card: radio})
		checkCards(t, "Ann's hand", s.Hand(ann), `Overclock Rookie "Radio Tower" "Radio Tower" "Radio Tower"`)
		checkCards(t, "Ann's graveyard", s.Graveyard(ann), `"Radio Tower"`)
		expect(t, s, ann, Discard{Card: radio}, ruled("M17", rulingDiscard))
		mustApply(t, s, ann, engine.EndTurn{})
	})
	t.Run("discarding with five cards", func(t *testing.T) {
		s := sixCards(t)
		mustApply(t, s, ann, play(radio, "a1"))
		v := expect(t, s, ann, Discard{Card: radio}, ruled("M17", rulingDiscard))
		if v != nil && v.What != "Ann holds 5 cards, no more than 5" {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("a card not in hand", func(t *testing.T) {
		s := sixCards(t)
		expect(t, s, ann, Discard{Card: "Titan"}, ruled("M11", rulingHand))
	})
	t.Run("one card at a time, down from seven", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Resupply"}, decks: [2]string{"Titan Hawk"}, units: []string{"Ann Lancer c1"}})
		mustApply(t, s, ann, play("Resupply", ""), draw(`Titan Hawk`))
		mustApply(t, s, ann, Discard{Card: "Titan"})
		expect(t, s, ann, engine.EndTurn{}, broke(ruleHandSize))
		expect(t, s, ann, step("c1", "c2"), ruled("M17", rulingDiscard))
		mustApply(t, s, ann, Discard{Card: "Hawk"}, engine.EndTurn{})
		checkCards(t, "Ann's graveyard", s.Graveyard(ann), `Resupply Titan Hawk`)
	})
	after := []struct {
		name string
		move engine.Move
		want verdict
	}{
		{"a move", step("c1", "c2"), ruled("M17", rulingDiscard)},
		{"an attack", attack("c5", "c4"), ruled("M17", rulingDiscard)},
		{"a direct attack", direct("c5", radio), ruled("M17", rulingDiscard)},
		{"a command", play("Overclock", "c1"), ok},
		{"a pilot", play("Rookie", "c1"), ruled("M13", rulingOwnTurn)},
		{"a tower", play(radio, "a1"), ruled("M13", rulingOwnTurn)},
	}
	for _, tt := range after {
		t.Run("after discarding: "+tt.name, func(t *testing.T) {
			s := sixCards(t)
			mustApply(t, s, ann, Discard{Card: radio})
			expect(t, s, ann, tt.move, tt.want)
		})
	}
	t.Run("after discarding, commands=main: a command", func(t *testing.T) {
		s := build(t, table{
			variants: commandsMain,
			hands:    [2]string{"Overclock Rookie", "Barrage"},
			units:    []string{"Ann Lancer c1", "Ann Striker c5", "Ben Titan c4"},
		})
		mustApply(t, s, ann, Discard{Card: radio})
		v := expect(t, s, ann, play("Overclock", "c1"), ruled("M17", rulingMainDiscard))
		checkWhat(t, v, "Ann has discarded: with variant commands=main, they play no command in the end phase")
		// The opponent's command is not hers: it stays legal.
		mustApply(t, s, ben, play("Barrage", "c1"))
	})
	t.Run("after discarding: the opponent's command", func(t *testing.T) {
		s := sixCards(t)
		mustApply(t, s, ann, Discard{Card: radio}, engine.EndTurn{})
		// Ben, in his turn, is not in Ann's end phase.
		mustApply(t, s, ben, draw(`"Radio Tower"`), play("Barrage", "c1"))
	})
}

func TestRulingM18AFullEntryZoneLoses(t *testing.T) {
	// Ben's entry zone, a5 to g5, holds Ann's Lancers but for g5.
	fullBut := func(g5 string) []string {
		units := []string{"Ann Lancer a5", "Ann Lancer b5", "Ann Lancer c5", "Ann Lancer d5", "Ann Lancer e5", "Ann Lancer f5"}
		if g5 != "" {
			units = append(units, g5)
		}
		return units
	}
	tests := []struct {
		name  string
		g5    string
		loses bool
	}{
		{"the opponent's units", "Ann Lancer g5", true},
		{"the player's tower", `Ben "Radio Tower" g5`, true},
		{"an empty square", "", false},
		{"the player's mecha: movable", "Ben Lancer g5", false},
		{"the player's tower with Speed: movable", `Ben "Crawler Tower" g5`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, table{units: fullBut(tt.g5)})
			endTurn(t, s)
			if tt.loses {
				checkOutcome(t, s, ann, "Ben has no free space in their entry zone", 2)
			} else {
				checkNotOver(t, s)
			}
		})
	}
	t.Run("a placed command does not fill a square", func(t *testing.T) {
		s := build(t, table{units: fullBut("")})
		putPlaced(t, s, ann, "Mine", "g5", 2)
		endTurn(t, s)
		checkNotOver(t, s)
	})
	t.Run("checked at the start of the player's own turns only", func(t *testing.T) {
		s := build(t, table{units: []string{
			"Ben Lancer a1", "Ben Lancer b1", "Ben Lancer c1", "Ben Lancer d1", "Ben Lancer e1", "Ben Lancer f1", "Ben Lancer g1",
		}})
		endTurn(t, s)
		checkNotOver(t, s)
		mustApply(t, s, ben, draw(`"Radio Tower"`))
		endTurn(t, s)
		checkOutcome(t, s, ben, "Ann has no free space in their entry zone", 3)
	})
}

func TestRulingM34DeckOutLoses(t *testing.T) {
	t.Run("unseeded: at the draw phase", func(t *testing.T) {
		s := build(t, table{})
		emptyDeck(t, s, ben)
		endTurn(t, s)
		checkOutcome(t, s, ann, "Ben could not draw a card from their deck", 2)
	})
	t.Run("seeded: at the draw phase", func(t *testing.T) {
		s := newGame(t, testCards(t), true, 8, nil)
		mustApply(t, s, ann, Discard{Card: s.Hand(ann)[0]})
		emptyDeck(t, s, ben)
		mustApply(t, s, ann, engine.EndTurn{})
		checkOutcome(t, s, ann, "Ben could not draw a card from their deck", 2)
	})
	t.Run("seeded: when an effect draws", func(t *testing.T) {
		s := newGame(t, testCards(t), true, 8, nil)
		mustApply(t, s, ann, Deck{List: deckList(`40 Ration`)})
		mustApply(t, s, ann, play("Ration", ""))
		emptyDeck(t, s, ann)
		mustApply(t, s, ann, play("Ration", ""))
		checkOutcome(t, s, ben, "Ann could not draw a card from their deck", 1)
	})
	t.Run("unseeded: when an effect draws", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Resupply"}})
		emptyDeck(t, s, ann)
		mustApply(t, s, ann, play("Resupply", ""))
		checkOutcome(t, s, ben, "Ann could not draw a card from their deck", 1)
	})
	t.Run("unseeded: the deck runs out during an effect's draws", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Resupply"}})
		s.players[ann].deck = []string{"Titan"}
		mustApply(t, s, ann, play("Resupply", ""), draw(`Titan`))
		checkOutcome(t, s, ben, "Ann could not draw a card from their deck", 1)
	})
}

func TestRulingM24Rebirth(t *testing.T) {
	// bensDraw is Ben's turn 2 before his draw, with cards in his graveyard.
	bensDraw := func(t *testing.T, graveyard string) *State {
		s := build(t, table{})
		bury(s, ben, graveyard)
		endTurn(t, s)
		return s
	}
	t.Run("skipping the draw returns the card", func(t *testing.T) {
		s := bensDraw(t, "Pheonix Scout")
		mustApply(t, s, ben, SkipDraw{Card: "Pheonix"})
		checkCards(t, "Ben's hand", s.Hand(ben), `"Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" "Radio Tower" Pheonix`)
		checkCards(t, "Ben's graveyard", s.Graveyard(ben), `Scout`)
		if n := s.DeckSize(ben); n != 35 {
			t.Errorf("Ben's deck has %d cards, want 35: no draw", n)
		}
		expect(t, s, ben, draw(`"Radio Tower"`), broke(ruleDraw))
		mustApply(t, s, ben, Discard{Card: radio}, engine.EndTurn{})
	})
	t.Run("one card a draw phase", func(t *testing.T) {
		s := bensDraw(t, "Pheonix Pheonix")
		mustApply(t, s, ben, SkipDraw{Card: "Pheonix"})
		expect(t, s, ben, SkipDraw{Card: "Pheonix"}, ruled("M24", rulingSkip))
		checkCards(t, "Ben's graveyard", s.Graveyard(ben), `Pheonix`)
	})
	t.Run("only as the first move", func(t *testing.T) {
		s := bensDraw(t, "Pheonix")
		mustApply(t, s, ben, draw(`"Radio Tower"`))
		v := expect(t, s, ben, SkipDraw{Card: "Pheonix"}, ruled("M24", rulingSkip))
		if v != nil && v.What != "Ben's draw phase is over" {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("a card without rebirth", func(t *testing.T) {
		s := bensDraw(t, "Scout")
		expect(t, s, ben, SkipDraw{Card: "Scout"}, ruled("M24", rulingSkip))
	})
	t.Run("a card not in the graveyard", func(t *testing.T) {
		s := bensDraw(t, "")
		expect(t, s, ben, SkipDraw{Card: "Pheonix"}, ruled("M24", rulingSkip))
	})
	t.Run("a card in the opponent's graveyard", func(t *testing.T) {
		s := bensDraw(t, "")
		bury(s, ann, "Pheonix")
		expect(t, s, ben, SkipDraw{Card: "Pheonix"}, ruled("M24", rulingSkip))
	})
	t.Run("in the opponent's turn", func(t *testing.T) {
		s := bensDraw(t, "")
		bury(s, ann, "Pheonix")
		expect(t, s, ann, SkipDraw{Card: "Pheonix"}, ruled("M2", rulingTurns))
	})
	t.Run("as the first move of the game", func(t *testing.T) {
		s := build(t, table{draw: "-"})
		bury(s, ann, "Pheonix")
		mustApply(t, s, ann, SkipDraw{Card: "Pheonix"})
		if n := len(s.Hand(ann)); n != 6 || s.Turn() != 1 {
			t.Errorf("Ann holds %d cards on turn %d, want 6 on turn 1", n, s.Turn())
		}
	})
	t.Run("seeded: instead of the seed's draw", func(t *testing.T) {
		s := newGame(t, testCards(t), true, 8, nil)
		mustApply(t, s, ann, Discard{Card: s.Hand(ann)[0]}, engine.EndTurn{})
		bury(s, ben, "Pheonix")
		mustApply(t, s, ben, SkipDraw{Card: "Pheonix"})
		if n := s.DeckSize(ben); n != 35 {
			t.Errorf("Ben's deck has %d cards, want 35: he skipped his draw", n)
		}
		if hand := s.Hand(ben); len(hand) != 6 || hand[5] != "Pheonix" {
			t.Errorf("Ben's hand %q, want his five cards and Pheonix", hand)
		}
	})
	t.Run("an empty deck with a card to return: no loss", func(t *testing.T) {
		s := build(t, table{})
		bury(s, ben, "Pheonix")
		emptyDeck(t, s, ben)
		endTurn(t, s)
		checkNotOver(t, s)
		expect(t, s, ben, draw(`"Radio Tower"`), ruled("M3", rulingNotInDeck))
		mustApply(t, s, ben, SkipDraw{Card: "Pheonix"})
		checkNotOver(t, s)
	})
	t.Run("seeded: a refused first move keeps the choice to skip", func(t *testing.T) {
		s := newGame(t, testCards(t), true, 8, nil)
		mustApply(t, s, ann, Discard{Card: s.Hand(ann)[0]}, engine.EndTurn{})
		bury(s, ben, "Pheonix")
		expect(t, s, ben, step("c5", "c4"), ruled("M8", rulingOwnUnit))
		mustApply(t, s, ben, SkipDraw{Card: "Pheonix"})
	})
}

// ---------------------------------------------------------------------------
// Keywords stacking (M25), towers as units (M29), card names (M33).

func TestRulingM25NumbersOfKeywordsAddUp(t *testing.T) {
	t.Run("Speed: the card's, its pilot's and a command's", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Overclock"}, units: []string{"Ann Scout c1 pilot=Ace"}})
		mustApply(t, s, ann, play("Overclock", "c1"))
		if sp := unit(t, s, "c1").Speed(); sp != 4 {
			t.Errorf("speed %d, want 2 + 1 + 1", sp)
		}
		mustApply(t, s, ann, path("c1-c2-c3-c4-b4")...)
	})
	t.Run("Armour: the card's and its pilot's", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Guard"}, units: []string{"Ann Bulwark c1"}})
		mustApply(t, s, ann, play("Guard", "c1"))
		checkUnit(t, s, "c1", "Bulwark", 5, 3)
	})
	t.Run("Armour written twice on a card", func(t *testing.T) {
		titan, _ := testCards(t).Card("Titan")
		if titan.Keywords.Armour != 2 {
			t.Errorf("Titan (armour 1 armour 1) has Armour %d, want 2", titan.Keywords.Armour)
		}
	})
	t.Run("Range: the card's and a command's", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Scope"}, units: []string{"Ann Archer c1", "Ben Titan c5", "Ben Titan g2"}})
		mustApply(t, s, ann, play("Scope", "c1"))
		if r := unit(t, s, "c1").Range(); r != 5 {
			t.Errorf("range %d, want 3 + 2", r)
		}
		mustApply(t, s, ann, attack("c1", "g2"))
	})
	cs := loadCards(t, `
tower "Radio Tower" basic provide 1u durability 3
mecha Lancer cost 2 power 2 durability 3 pierce
mecha Hawk   cost 2 power 2 durability 2 flight
pilot Wings  flight haste
pilot Twin   speed 1 speed 1
`)
	t.Run("Flight and Haste from a pilot: there or not", func(t *testing.T) {
		s := buildWith(t, cs, table{hands: [2]string{"Wings Wings"}, units: []string{"Ann Lancer c1 new", "Ann Hawk d1 new", "Ben Lancer c3"}})
		expect(t, s, ann, step("c1", "c2"), broke(ruleHaste))
		mustApply(t, s, ann, play("Wings", "c1"), step("c1", "c2"))
		mustApply(t, s, ann, play("Wings", "d1"), Sacrifice{At: sq("c2")})
		// The Hawk's own Flight and its pilot's are one Flight.
		if k := unit(t, s, "d1").Keywords(); !k.Flight || !k.Haste {
			t.Errorf("the Hawk with Wings has keywords %v", k)
		}
		mustApply(t, s, ann, step("d1", "d2"))
	})
	t.Run("a pilot's Speed written twice", func(t *testing.T) {
		s := buildWith(t, cs, table{hands: [2]string{"Twin"}, units: []string{"Ann Lancer c1"}})
		mustApply(t, s, ann, play("Twin", "c1"))
		mustApply(t, s, ann, path("c1-c2-c3")...)
		expect(t, s, ann, step("c3", "c4"), broke(ruleSpeed))
	})
}

func TestRulingM29TowersAreUnits(t *testing.T) {
	t.Run("a tower attacked and destroyed", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Striker c4", `Ben "Radio Tower" c5`, `Ben "Radio Tower" d5`}})
		mustApply(t, s, ann, attack("c4", "c5"))
		checkEmpty(t, s, "c5")
		checkCards(t, "Ben's graveyard", s.Graveyard(ben), `"Radio Tower"`)
		if provided, _ := s.Bandwidth(ben); provided != 1 {
			t.Errorf("Ben's bandwidth is %d, want 1", provided)
		}
	})
	t.Run("a tower with power attacks", func(t *testing.T) {
		s := build(t, table{units: []string{`Ann "Flak Tower" c1`, "Ben Hawk c3"}})
		mustApply(t, s, ann, attack("c1", "c3"))
		checkUnit(t, s, "c3", "Hawk", 1, 0)
	})
	t.Run("a tower without power does not", func(t *testing.T) {
		s := build(t, table{units: []string{`Ann "Radio Tower" c1`, "Ben Hawk c2"}})
		expect(t, s, ann, attack("c1", "c2"), ruled("M12", rulingPower))
	})
	t.Run("a tower in the opponent's entry zone attacks directly", func(t *testing.T) {
		s := build(t, table{units: []string{`Ann "Flak Tower" c5`}})
		mustApply(t, s, ann, direct("c5", radio))
		checkCards(t, "Ben's damage zone", s.DamageZone(ben), `"Radio Tower"`)
	})
}

func TestRulingM33CardNamesDifferingInCase(t *testing.T) {
	const suggestion = `did you mean "Scout"?`
	t.Run("playing", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Scout"}, units: []string{`Ann "Radio Tower" a1`}})
		v := expect(t, s, ann, play("scout", "b1"), ruled("M33", rulingNames))
		if v != nil && v.What != `no card named "scout" in the catalogue (did you mean "Scout"?)` {
			t.Errorf("violation %q", v.What)
		}
		mustApply(t, s, ann, play("Scout", "b1"))
	})
	t.Run("playing a card no catalogue has", func(t *testing.T) {
		s := build(t, table{})
		v := expect(t, s, ann, play("Gizmo", "b1"), ruled("M33", rulingNames))
		if v != nil && v.What != `no card named "Gizmo" in the catalogue` {
			t.Errorf("violation %q", v.What)
		}
	})
	t.Run("a deck list", func(t *testing.T) {
		s := setupGame(t)
		v := expect(t, s, ann, Deck{List: kit(names("scout"))}, broke(ruleDeck))
		if v != nil && !strings.Contains(v.What, suggestion) {
			t.Errorf("violation %q does not suggest Scout", v.What)
		}
	})
	t.Run("a draw", func(t *testing.T) {
		s := setupWithDecks(t)
		v := expect(t, s, ann, opening(`scout`), ruled("M3", rulingNotInDeck))
		if v != nil && !strings.Contains(v.What, suggestion) {
			t.Errorf("violation %q does not suggest Scout", v.What)
		}
	})
	t.Run("skipping the draw", func(t *testing.T) {
		s := build(t, table{})
		bury(s, ben, "Pheonix")
		endTurn(t, s)
		v := expect(t, s, ben, SkipDraw{Card: "pheonix"}, ruled("M24", rulingSkip))
		if v != nil && !strings.Contains(v.What, `did you mean "Pheonix"?`) {
			t.Errorf("violation %q does not suggest Pheonix", v.What)
		}
	})
	t.Run("a discard", func(t *testing.T) {
		s := build(t, table{})
		v := expect(t, s, ann, Discard{Card: "radio tower"}, ruled("M33", rulingNames))
		if v != nil && !strings.Contains(v.What, `did you mean "Radio Tower"?`) {
			t.Errorf("violation %q does not suggest Radio Tower", v.What)
		}
	})
	t.Run("the card of a direct attack", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Striker c5"}})
		v := expect(t, s, ann, direct("c5", "radio tower"), ruled("M3", rulingNotInDeck))
		if v != nil && !strings.Contains(v.What, `did you mean "Radio Tower"?`) {
			t.Errorf("violation %q does not suggest Radio Tower", v.What)
		}
	})
	t.Run("two cards differing only in case are two cards", func(t *testing.T) {
		cs := loadCards(t, `
tower "Radio Tower" basic provide 1u durability 3
mecha Scout cost 1 power 1 durability 2
mecha SCOUT cost 1 power 3 durability 4
`)
		s := buildWith(t, cs, table{hands: [2]string{"SCOUT"}, units: []string{`Ann "Radio Tower" a1`, `Ann "Radio Tower" b1`}})
		expect(t, s, ann, play("Scout", "c1"), ruled("M11", rulingHand))
		mustApply(t, s, ann, play("SCOUT", "c1"))
		checkUnit(t, s, "c1", "SCOUT", 4, 0)
	})
}

// ---------------------------------------------------------------------------
// Legal: every move listed is accepted, known-legal moves are listed, and a
// seeded game's Legal makes the draws the seed gives.

func TestLegalMovesInAPositionOfPlay(t *testing.T) {
	s := build(t, table{
		hands: [2]string{"Rookie Lancer Barrage Resupply", "Barrage"},
		units: []string{
			`Ann "Radio Tower" a1`, `Ann "Radio Tower" b1`, "Ann Lancer c1", "Ann Striker c3", "Ann Archer d2",
			"Ben Hawk c4", "Ben Bulwark d3", "Ben Titan e5",
		},
	})
	moves := checkLegalMovesApply(t, s)
	checkListed(t, moves,
		play(radio, "g1"), play(radio, "a2"), play("Rookie", "c1"), play("Barrage", "d3"), play("Resupply", ""),
		step("c1", "d1"), step("c3", "b3"), step("d2", "e2"),
		attack("c3", "d3"), attack("d2", "c4"), attack("d2", "d3"),
		Discard{Card: radio}, Discard{Card: "Lancer"},
	)
	checkNotListed(t, moves,
		play("Lancer", "d1"),      // no bandwidth left
		play(radio, "d2"),         // not next to a tower
		play("Rookie", "c3"),      // not in the entry zone
		play("Barrage", "c3"),     // Ann's own unit
		step("c3", "d3"),          // occupied
		attack("c3", "c4"),        // the Hawk has Flight
		attack("d2", "e5"),        // out of range
		attack("c1", "c3"),        // Ann's own unit
		engine.EndTurn{},          // six cards in hand
		SkipDraw{Card: "Pheonix"}, // the draw is made
	)
	for _, m := range moves {
		if d, isDraw := m.(Draw); isDraw {
			t.Errorf("Legal lists %s once the draw is made", moveKey(d))
		}
	}
}

func TestLegalMovesInSpecialPositions(t *testing.T) {
	t.Run("five cards in hand: the turn may end, no discard", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Lancer c1"}})
		mustApply(t, s, ann, play(radio, "a1"))
		moves := checkLegalMovesApply(t, s)
		checkListed(t, moves, engine.EndTurn{}, step("c1", "c2"))
		checkNotListed(t, moves, Discard{Card: radio})
	})
	t.Run("the end phase: discards only", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Resupply"}, decks: [2]string{"Titan Hawk"}, units: []string{"Ann Lancer c1"}})
		mustApply(t, s, ann, play("Resupply", ""), draw(`Titan Hawk`), Discard{Card: "Titan"})
		moves := checkLegalMovesApply(t, s)
		for _, m := range moves {
			if _, isDiscard := m.(Discard); !isDiscard {
				t.Errorf("Legal lists %s in the end phase with six cards", moveKey(m))
			}
		}
		checkListed(t, moves, Discard{Card: "Hawk"}, Discard{Card: radio})
	})
	t.Run("a sacrifice owed: the sacrifices only", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Rookie"}, units: []string{"Ann Lancer c1 pilot=Rookie", "Ann Lancer d1", "Ann Lancer e1 pilot=Ace"}})
		mustApply(t, s, ann, play("Rookie", "d1"))
		moves := checkLegalMovesApply(t, s)
		if len(moves) != 2 {
			t.Errorf("Legal lists %d moves, want the 2 sacrifices", len(moves))
		}
		checkListed(t, moves, Sacrifice{At: sq("c1")}, Sacrifice{At: sq("d1")})
	})
	t.Run("unseeded, the draw phase: a card at a time, or the skip", func(t *testing.T) {
		s := build(t, table{decks: [2]string{"", "Titan Hawk"}})
		bury(s, ben, "Pheonix Scout")
		endTurn(t, s)
		moves := checkLegalMovesApply(t, s)
		checkListed(t, moves, draw(`Titan`), draw(`Hawk`), draw(`"Radio Tower"`), SkipDraw{Card: "Pheonix"})
		checkNotListed(t, moves, SkipDraw{Card: "Scout"}, engine.EndTurn{})
		if len(moves) != 4 {
			t.Errorf("Legal lists %d moves, want 4", len(moves))
		}
	})
	t.Run("unseeded, cards owed to an effect: the draws only", func(t *testing.T) {
		s := build(t, table{hands: [2]string{"Resupply"}, decks: [2]string{"Titan"}})
		mustApply(t, s, ann, play("Resupply", ""))
		moves := checkLegalMovesApply(t, s)
		checkListed(t, moves, draw(`Titan`), draw(`"Radio Tower"`))
		if len(moves) != 2 {
			t.Errorf("Legal lists %d moves, want 2", len(moves))
		}
	})
	t.Run("unseeded, the set-up: the opening draws", func(t *testing.T) {
		s := setupGame(t)
		mustApply(t, s, ann, Deck{List: kit(names("Titan"))})
		moves := checkLegalMovesApply(t, s)
		checkListed(t, moves, Draw{Cards: []string{"Titan"}, Opening: true}, Draw{Cards: []string{radio}, Opening: true})
	})
	t.Run("unseeded: direct attacks are listed", func(t *testing.T) {
		s := build(t, table{units: []string{"Ann Striker c5"}})
		moves := checkLegalMovesApply(t, s)
		checkListed(t, moves, direct("c5", radio))
	})
}

func TestLegalInASeededGameMakesTheDrawsItself(t *testing.T) {
	const seed = 21
	s := newGame(t, testCards(t), true, seed, nil)
	mustApply(t, s, ann, Deck{List: deckList(`40 "Radio Tower"`)})
	put(t, s, "Ann Striker c5")
	moves := checkLegalMovesApply(t, s)
	if s.Turn() != 0 {
		t.Errorf("Legal began the game: Turn() = %d", s.Turn())
	}
	for _, m := range moves {
		if _, isDraw := m.(Draw); isDraw {
			t.Errorf("Legal lists %s: a seeded game makes its draws", moveKey(m))
		}
	}
	// Ann's six Radio Towers: her opening hand and her turn-1 draw.
	checkListed(t, moves, play(radio, "a1"), play(radio, "g1"), Discard{Card: radio}, Direct{From: sq("c5")}, step("c5", "c4"))
	checkNotListed(t, moves, engine.EndTurn{})
}

func TestLegalAndToMoveAgreeDuringTheSetUp(t *testing.T) {
	s := setupWithDecks(t)
	mustApply(t, s, ann, opening(`Scout Scout Scout Hawk Hawk`))
	checkLegalMovesApply(t, s)
}

func TestLegalListsTheSkipWhenTheSeededDeckIsEmpty(t *testing.T) {
	s := newGame(t, testCards(t), true, 8, nil)
	mustApply(t, s, ann, Discard{Card: s.Hand(ann)[0]})
	emptyDeck(t, s, ben)
	bury(s, ben, "Pheonix")
	mustApply(t, s, ann, engine.EndTurn{})
	checkNotOver(t, s)
	moves := checkLegalMovesApply(t, s)
	checkListed(t, moves, SkipDraw{Card: "Pheonix"})
}

// TestLegalInRandomSeededGames plays seeded games by picking among the
// moves Legal lists: Apply must accept every one of them. Six games reach
// all that twelve did; the other random-game tests play many more.
func TestLegalInRandomSeededGames(t *testing.T) {
	const games, maxTurns, maxMovesPerTurn = 6, 60, 25
	for g := range games {
		seed := uint64(1000 + g)
		variants := map[string]string{}
		if g%2 == 1 {
			variants = map[string]string{"direct": "range", "range": "skip", "firstdraw": "no", "emptydamage": "lose"}
		}
		s := newGame(t, testCards(t), true, seed, variants)
		rng := seededSource(seed, 0)
		for turn := 0; turn < maxTurns && !s.Outcome().Over; turn++ {
			player := s.ToMove()
			for range maxMovesPerTurn {
				moves := s.Legal()
				if len(moves) == 0 {
					t.Fatalf("game %d, turn %d: Legal lists no moves in a game that is not over:\n%s", g, s.Turn(), snapshot(s))
				}
				m := moves[rng.Intn(len(moves))]
				if _, end := m.(engine.EndTurn); end {
					break
				}
				if err := s.Apply(player, m); err != nil {
					t.Fatalf("game %d, turn %d: Legal listed %s, which Apply refuses: %v", g, s.Turn(), moveKey(m), err)
				}
				checkActed(t, s)
				if s.Outcome().Over || s.ToMove() != player {
					break
				}
			}
			if s.Outcome().Over || s.ToMove() != player {
				continue
			}
			for len(s.Hand(player)) > MaxHandSize {
				mustApply(t, s, player, Discard{Card: s.Hand(player)[0]})
			}
			if s.sacrifice != "" {
				continue
			}
			mustApply(t, s, player, engine.EndTurn{})
		}
		t.Logf("game %d: turn %d, %+v", g, s.Turn(), s.Outcome())
	}
}

func TestRulingVariantsAndTheirDefaults(t *testing.T) {
	want := map[string][]string{
		"direct":      {"entryzone", "range"},
		"range":       {"over", "skip"},
		"firstdraw":   {"yes", "no"},
		"emptydamage": {"nothing", "lose"},
		"commands":    {"anytime", "main"},
	}
	got := Game{}.Variants()
	if len(got) != len(want) {
		t.Errorf("%d variants, want %d", len(got), len(want))
	}
	for _, v := range got {
		if !slices.Equal(v.Values, want[v.Name]) {
			t.Errorf("variant %s has values %q (default first), want %q", v.Name, v.Values, want[v.Name])
		}
	}
	g := Game{Cards: testCards(t)}
	if _, err := g.New(engine.Options{Variants: map[string]string{"direct": "adjacent"}}); err == nil {
		t.Errorf("New accepts direct=adjacent")
	}
	if _, err := g.New(engine.Options{Variants: map[string]string{"tie": "bounce"}}); err == nil {
		t.Errorf("New accepts an unknown variant")
	}
	if _, err := (Game{Cards: &Cards{}}).New(engine.Options{}); err == nil {
		t.Errorf("New accepts a catalogue without cards")
	}
	if g.Name() != "mecha" || g.Players() != 2 {
		t.Errorf("Name() = %q, Players() = %d", g.Name(), g.Players())
	}
}

// TestSettledViewOfAGameLostOwingDraws: a seeded game lost by a player
// who could not draw what they owed makes no draw any more, so Hand and
// DeckSize read the state itself, and read what a settled copy holds.
func TestSettledViewOfAGameLostOwingDraws(t *testing.T) {
	s := newGame(t, testCards(t), true, 9, nil)
	if err := s.begin(); err != nil {
		t.Fatal(err)
	}
	s.turnDraw()
	pl := s.players[ann]
	pl.deck = pl.deck[:1]
	pl.hand = append(pl.hand, "Resupply")
	mustApply(t, s, ann, Play{Card: "Resupply"})
	if !s.Outcome().Over || pl.owed == 0 {
		t.Fatalf("outcome %+v, %d owed: want Ann lost owing a card", s.Outcome(), pl.owed)
	}
	if s.settledView() != s {
		t.Errorf("the settled view of a game over is a copy")
	}
	c := s.clone()
	c.settleAll()
	if got, want := s.Hand(ann), c.players[ann].hand; !slices.Equal(got, want) {
		t.Errorf("Hand = %q, want %q", got, want)
	}
	if got, want := s.DeckSize(ann), c.deckLen(ann); got != want {
		t.Errorf("DeckSize = %d, want %d", got, want)
	}
}
