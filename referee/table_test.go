package referee

import (
	"fmt"
	"strings"
	"testing"
)

// tableRecords is how each random game is written again as a table
// records it: with every dealt card written, and from each seat.
var tableRecords = []RandomOptions{{Unseeded: true}, {Perspective: "Ann"}, {Perspective: "Ben"}}

// TestRecordsFromTheTable: every game writes its random games without a
// seed and from each seat, and each record checks clean to the seeded
// game's result. A one-seat record names its seat, hides some card (a
// game's Hider that hid nothing would pass the rest), and takes some moves
// on assumptions about the cards it hid.
func TestRecordsFromTheTable(t *testing.T) {
	t.Parallel()
	const seeds = 12
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			t.Parallel()
			hid, assumed := map[string]int{}, map[string]int{}
			for seed := uint64(1); seed <= seeds; seed++ {
				_, outcome := randomGame(g, seed)
				for _, opts := range tableRecords {
					text, got, err := g.RandomWith(seed, opts)
					if err != nil {
						t.Fatalf("seed %d, %+v: %v", seed, opts, err)
					}
					if got != outcome {
						t.Errorf("seed %d, %+v: the game written again ends %q, the seeded one %q", seed, opts, got, outcome)
					}
					if strings.Contains(text, "[Seed ") {
						t.Errorf("seed %d, %+v: a Seed tag is written:\n%s", seed, opts, text)
					}
					path := fmt.Sprintf("random-%d%s", seed, g.Extension())
					r := g.Check(path, text, Options{})
					if r.ExitCode() != 0 || r.Outcome != outcome {
						t.Errorf("seed %d, %+v: check says %q (exit %d), the seeded game %q:\n%s\n%s", seed, opts, r.Outcome, r.ExitCode(), outcome, ReportText(r), text)
						continue
					}
					if r.Perspective != opts.Perspective {
						t.Errorf("seed %d, %+v: the report's seat is %q", seed, opts, r.Perspective)
					}
					if opts.Perspective != "" {
						hid[opts.Perspective] += strings.Count(text, "?")
						assumed[opts.Perspective] += r.Unverified
					} else if r.Unverified != 0 {
						t.Errorf("seed %d: a record of every card has %d unverified moves", seed, r.Unverified)
					}
				}
			}
			for _, seat := range []string{"Ann", "Ben"} {
				if hid[seat] == 0 {
					t.Errorf("no card is hidden in %d games written from %s's seat", seeds, seat)
				}
				if assumed[seat] == 0 {
					t.Errorf("no move is taken on assumptions in %d games written from %s's seat", seeds, seat)
				}
			}
		})
	}
}

// BenchmarkOneSeat checks the same random games written with every card
// and from one seat: the one-seat record's cost over the full one's is
// the price of tracking the hidden cards (at most twice, by issue 23).
func BenchmarkOneSeat(b *testing.B) {
	const games = 20
	for _, g := range Games() {
		var full, seat []string
		for seed := uint64(1); seed <= games; seed++ {
			text, _, err := g.RandomWith(seed, RandomOptions{Unseeded: true})
			if err != nil {
				b.Fatal(err)
			}
			full = append(full, text)
			if text, _, err = g.RandomWith(seed, RandomOptions{Perspective: "Ben"}); err != nil {
				b.Fatal(err)
			}
			seat = append(seat, text)
		}
		for _, c := range []struct {
			name  string
			texts []string
		}{{"full", full}, {"seat", seat}} {
			b.Run(g.Name()+"/"+c.name, func(b *testing.B) {
				bytes := 0
				for _, text := range c.texts {
					bytes += len(text)
				}
				b.SetBytes(int64(bytes))
				for b.Loop() {
					for i, text := range c.texts {
						if r := g.Check(fmt.Sprintf("random-%d%s", i, g.Extension()), text, Options{}); r.ExitCode() != 0 {
							b.Fatalf("%s", ReportText(r))
						}
					}
				}
			})
		}
	}
}

// TestStateWriters: the writers of a final state's rows, as strings and
// as appends to a buffer already holding text, write the same.
func TestStateWriters(t *testing.T) {
	quote := func(s string) string { return "<" + s + ">" }
	players := []string{"Ann", "Ben"}
	for _, tt := range []struct {
		cards []string
		want  string
	}{
		{nil, "none"},
		{[]string{}, "none"},
		{[]string{"Ice"}, "<Ice>"},
		{[]string{"Ice", "Black Ice", "?"}, "<Ice>, <Black Ice>, <?>"},
	} {
		if got := NameList(tt.cards, quote); got != tt.want {
			t.Errorf("NameList(%q) = %q, want %q", tt.cards, got, tt.want)
		}
		if got := string(AppendNames([]byte("x "), tt.cards, quote)); got != "x "+tt.want {
			t.Errorf("AppendNames(%q) = %q, want %q", tt.cards, got, "x "+tt.want)
		}
	}
	for n, want := range map[int]string{-2: "-2 cards", 0: "0 cards", 1: "1 card", 2: "2 cards", 12: "12 cards"} {
		if got := Plural(n, "card"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
		if got := string(AppendPlural([]byte("x "), n, "card")); got != "x "+want {
			t.Errorf("AppendPlural(%d) = %q, want %q", n, got, "x "+want)
		}
	}
	const each = "Ann 0 cards; Ben 1 card"
	if got := PerPlayer(players, func(p int) string { return Plural(p, "card") }); got != each {
		t.Errorf("PerPlayer = %q, want %q", got, each)
	}
	if got := string(AppendPerPlayer([]byte("x "), players, func(b []byte, p int) []byte { return AppendPlural(b, p, "card") })); got != "x "+each {
		t.Errorf("AppendPerPlayer = %q, want %q", got, "x "+each)
	}
	if got := PerPlayer(nil, func(int) string { return "?" }); got != "" {
		t.Errorf("PerPlayer of no players = %q", got)
	}
}
