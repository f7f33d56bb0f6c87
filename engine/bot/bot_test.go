package bot

import (
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// playToy plays a toy game between two bots and returns the moves made
// and the winner; it fails the test on a move that is not legal.
func playToy(t *testing.T, bots [2]Bot, pile int, cards [2]int) ([]engine.Move, int) {
	t.Helper()
	st := newToy(pile, cards)
	var moves []engine.Move
	for !st.Outcome().Over {
		if len(moves) > 1000 {
			t.Fatal("the game does not end")
		}
		seat := st.ToMove()
		legal := st.Legal()
		m := bots[seat].Choose(st, seat)
		if !slices.Contains(legal, m) {
			t.Fatalf("%s chose %v, which is not among the legal moves %v", bots[seat].Name(), m, legal)
		}
		if err := Play(st, m); err != nil {
			t.Fatalf("%s chose %v: %v", bots[seat].Name(), m, err)
		}
		moves = append(moves, m)
	}
	return moves, st.Outcome().Winner
}

func mustNew(t *testing.T, name string, c Config) Bot {
	t.Helper()
	b, err := New(name, c)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestBotsPlayLegalMovesAndRepeatForASeed(t *testing.T) {
	t.Parallel()
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := Config{Seed: 7, Budget: 50}
			first, _ := playToy(t, [2]Bot{mustNew(t, name, c), NewRandom(Config{Seed: 1})}, 11, [2]int{1, 2})
			again, _ := playToy(t, [2]Bot{mustNew(t, name, c), NewRandom(Config{Seed: 1})}, 11, [2]int{1, 2})
			if !slices.Equal(first, again) {
				t.Errorf("the same seed played\n%v\nthen\n%v", first, again)
			}
		})
	}
}

func TestStrongerBotsBeatRandom(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"mcts"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			const games = 10
			wins := 0
			for i := range games {
				seed := uint64(i)
				b := mustNew(t, name, Config{Seed: seed, Budget: 200})
				r := NewRandom(Config{Seed: seed + 100})
				bots, seat := [2]Bot{b, r}, 0
				if i%2 == 1 {
					bots, seat = [2]Bot{r, b}, 1
				}
				if _, w := playToy(t, bots, 10+i%3, [2]int{i % 4, (i + 1) % 4}); w == seat {
					wins++
				}
			}
			if wins < 8 {
				t.Errorf("%s won %d of %d games against random, want 8 or more", name, wins, games)
			}
		})
	}
}

func TestGreedyTakesTheWinningLine(t *testing.T) {
	t.Parallel()
	// From 5, taking 1 leaves the other player a multiple of 4.
	st := newToy(5, [2]int{0, 0})
	if m := NewGreedy(Config{Seed: 3}).Choose(st, 0); m != (take{1}) {
		t.Errorf("greedy chose %v from a pile of 5, want take{1}", m)
	}
}

func TestBotsDoNotPeek(t *testing.T) {
	t.Parallel()
	// Seat 0 sees its own card only. A bot that saw the other's would
	// guess it and win at once; one that cannot must choose the same
	// whatever that card is. A pile of 4 loses for the player to move:
	// guessing is then as good a try as any, for a bot that could see.
	for _, name := range []string{"greedy", "mcts"} {
		for _, pile := range []int{4, 6} {
			var chosen []engine.Move
			for other := range 4 {
				st := newToy(pile, [2]int{2, other})
				chosen = append(chosen, mustNew(t, name, Config{Seed: 5, Budget: 300}).Choose(st, 0))
			}
			for i, m := range chosen {
				if m != chosen[0] {
					t.Errorf("%s, pile %d: with the hidden card %d it chose %v, with 0 it chose %v: it used a card its seat cannot see", name, pile, i, m, chosen[0])
				}
			}
		}
	}
}

func TestMCTSStopsAtItsTimeLimit(t *testing.T) {
	t.Parallel()
	// A guard against a hang, not a measure of speed: a budget far too
	// large for the time given must still end.
	b := NewMCTS(Config{Seed: 1, Budget: 1 << 30, Time: 20e6})
	if m := b.Choose(newToy(30, [2]int{0, 0}), 0); m == nil {
		t.Error("no move chosen")
	}
}

func TestLookup(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, wantErr string
	}{
		{"mcts", ""},
		{"random", ""},
		{"greedy", ""},
		{"mtcs", `unknown bot "mtcs" (did you mean "mcts"?) (bots: random, greedy, mcts)`},
		{"", `unknown bot "" (bots: random, greedy, mcts)`},
	}
	for _, tt := range tests {
		b, err := New(tt.name, Config{})
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("New(%q): %v", tt.name, err)
		case tt.wantErr == "" && b.Name() != tt.name:
			t.Errorf("New(%q) made %q", tt.name, b.Name())
		case tt.wantErr != "" && (err == nil || err.Error() != tt.wantErr):
			t.Errorf("New(%q) = %v, want the error %s", tt.name, err, tt.wantErr)
		}
	}
}

func TestPickWeighsKindsEvenly(t *testing.T) {
	t.Parallel()
	// Ten takes and one guess: a guess still comes up about half the
	// time, as the kinds weigh the same.
	legal := []engine.Move{guess{0}}
	for range 10 {
		legal = append(legal, take{1})
	}
	rng := shuffle.New(1)
	guesses := 0
	for range 1000 {
		if _, ok := Pick(rng, legal).(guess); ok {
			guesses++
		}
	}
	if guesses < 400 || guesses > 600 {
		t.Errorf("a guess came up %d times in 1000, want about 500", guesses)
	}
}

func TestMoveKeyFollowsPointers(t *testing.T) {
	t.Parallel()
	type card struct{ Name string }
	type play struct {
		Card *card
		At   []int
	}
	a, b := play{&card{"Ace"}, []int{1}}, play{&card{"Ace"}, []int{1}}
	if moveKey(a) != moveKey(b) {
		t.Errorf("the same move in two copies has two keys: %s and %s", moveKey(a), moveKey(b))
	}
	if c := (play{&card{"King"}, []int{1}}); moveKey(a) == moveKey(c) {
		t.Errorf("two moves share the key %s", moveKey(a))
	}
	if !strings.Contains(moveKey(a), "Ace") {
		t.Errorf("the key %s does not name the card", moveKey(a))
	}
}

func TestOwnLeavesOutTheOtherPlayersMoves(t *testing.T) {
	t.Parallel()
	st := newToy(5, [2]int{0, 0}) // player 0 to act
	tests := []struct {
		name        string
		legal, want []engine.Move
	}{
		{"an answer of the other player's", []engine.Move{take{1}, engine.By{Player: 1, Move: take{2}}, engine.EndTurn{}}, []engine.Move{take{1}, engine.EndTurn{}}},
		{"one's own move, named", []engine.Move{engine.By{Player: 0, Move: take{2}}, engine.By{Player: 1, Move: take{2}}}, []engine.Move{engine.By{Player: 0, Move: take{2}}}},
		{"nothing of one's own", []engine.Move{engine.By{Player: 1, Move: take{2}}}, []engine.Move{engine.By{Player: 1, Move: take{2}}}},
	}
	for _, tt := range tests {
		if got := Own(st, 0, tt.legal); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Own = %v, want %v", tt.name, got, tt.want)
		}
	}
}
