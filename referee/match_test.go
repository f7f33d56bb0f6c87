package referee

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestMatchGamesCheckCleanAndRepeat(t *testing.T) {
	t.Parallel()
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			t.Parallel()
			// A tiny budget: this checks the games, not the bots' strength
			// (scripts/bot-strength measures that).
			opts := MatchOptions{Bots: []string{"mcts", "greedy"}, Games: 2, Seed: 3, Budget: 4, Jobs: 2}
			m, err := PlayMatch(g, opts)
			if err != nil {
				t.Fatal(err)
			}
			for i, game := range m.Games {
				r := g.Check("match.x", game.Text, Options{})
				if r.ExitCode() != 0 || len(r.Diagnostics) > 0 {
					t.Fatalf("game %d does not check clean: %v\n%s", i+1, r.Diagnostics, game.Text)
				}
				want := []string{"mcts", "greedy"}
				if i%2 == 1 {
					want = []string{"greedy", "mcts"}
				}
				if !slices.Equal(r.Players, want) {
					t.Errorf("game %d: the Players tag names %q, want %q", i+1, r.Players, want)
				}
			}
			opts.Jobs = 1
			again, err := PlayMatch(g, opts)
			if err != nil {
				t.Fatal(err)
			}
			for i := range m.Games {
				if again.Games[i].Text != m.Games[i].Text {
					t.Errorf("game %d differs between -j 2 and -j 1:\n%s\nthen\n%s", i+1, m.Games[i].Text, again.Games[i].Text)
				}
			}
			if again.Summary() != m.Summary() {
				t.Errorf("the summary differs between -j 2 and -j 1:\n%s\nthen\n%s", m.Summary(), again.Summary())
			}
		})
	}
}

func TestMatchWritesEachGame(t *testing.T) {
	t.Parallel()
	g, _ := Lookup("sortie")
	dir := t.TempDir()
	m, err := PlayMatch(g, MatchOptions{Bots: []string{"random", "random"}, Games: 3, Seed: 9, Out: dir, Variants: map[string]string{"tie": "bounce"}})
	if err != nil {
		t.Fatal(err)
	}
	for i, game := range m.Games {
		want := filepath.Join(dir, "sortie-"+string(rune('1'+i))+".sortie")
		data, err := os.ReadFile(want)
		if err != nil || string(data) != game.Text {
			t.Fatalf("game %d: %s holds %q (%v), want the game's transcript", i+1, want, data, err)
		}
		for _, tag := range []string{`[Players "random" "random-2"]`, `[Players "random-2" "random"]`} {
			if strings.Contains(game.Text, tag) != (tag == []string{`[Players "random" "random-2"]`, `[Players "random-2" "random"]`}[i%2]) {
				t.Errorf("game %d: the tag %s is there, or missing, wrongly:\n%s", i+1, tag, game.Text)
			}
		}
		if !strings.Contains(game.Text, `[Variant "tie=bounce"]`) {
			t.Errorf("game %d has no Variant tag:\n%s", i+1, game.Text)
		}
		if r := g.Check(want, game.Text, Options{}); r.ExitCode() != 0 {
			t.Errorf("game %d does not check clean: %v", i+1, r.Diagnostics)
		}
	}
}

func TestMatchRefuses(t *testing.T) {
	t.Parallel()
	g, _ := Lookup("sortie")
	tests := []struct {
		name string
		opts MatchOptions
		want string
	}{
		{"an unknown bot", MatchOptions{Bots: []string{"mcts", "randon"}, Games: 1}, `unknown bot "randon" (did you mean "random"?) (bots: random, greedy, mcts)`},
		{"one bot", MatchOptions{Bots: []string{"mcts"}, Games: 1}, "sortie is played by 2 players: --players names 1 bots (mcts)"},
		{"no games", MatchOptions{Bots: []string{"mcts", "random"}}, "--games must be at least 1"},
		{"an unknown variant", MatchOptions{Bots: []string{"mcts", "random"}, Games: 1, Variants: map[string]string{"tei": "bounce"}}, `unknown variant "tei" (did you mean "tie"?)`},
	}
	for _, tt := range tests {
		_, err := PlayMatch(g, tt.opts)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error beginning %s", tt.name, err, tt.want)
		}
	}
}

func TestBotNames(t *testing.T) {
	t.Parallel()
	tests := []struct{ bots, want []string }{
		{[]string{"mcts", "random"}, []string{"mcts", "random"}},
		{[]string{"mcts", "mcts"}, []string{"mcts", "mcts-2"}},
		{[]string{"greedy", "greedy", "greedy"}, []string{"greedy", "greedy-2", "greedy-3"}},
	}
	for _, tt := range tests {
		if got := botNames(tt.bots); !slices.Equal(got, tt.want) {
			t.Errorf("botNames(%q) = %q, want %q", tt.bots, got, tt.want)
		}
	}
}
