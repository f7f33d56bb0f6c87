package referee

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/notation"
)

// Every card game's default catalogue loads without an error: a transcript
// without a Catalogue tag plays with it.
func TestDefaultCataloguesLoad(t *testing.T) {
	for _, g := range Games() {
		cg := g.cardGame()
		if cg == nil {
			continue
		}
		l := cg.loadCatalogue(g.Name(), cg.DefaultName, cg.DefaultSource)
		if l.rules == nil || len(l.report.Diagnostics) > 0 {
			t.Errorf("%s: the default catalogue has errors: %v", g.Name(), diagnosticLines(l.report.Diagnostics))
		}
	}
}

// A catalogue checked on its own reports every error at its own line and
// column: the grammar's and the game's vocabulary's alike.
func TestCheckCatalogue(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // diagnostics as line:col: severity: message
		result    string
	}{
		{
			name:   "clean",
			src:    "[Game \"mecha\"]\ntower \"Radio Tower\" basic provide 1u durability 3\n",
			result: "a catalogue of 1 card and 0 decks",
		},
		{
			name:   "unknown property",
			src:    "[Game \"mecha\"]\nmecha Scout cost 1 power 1 durability 2 sped 2\n",
			want:   []string{`2:41: error: unknown property "sped" for a mecha: expected cost, power, durability, rebirth, basic, singleton or a keyword (armour, speed, range, pierce, flight, reach, haste)`},
			result: "not loaded: 1 error",
		},
		{
			name:   "out of range",
			src:    "[Game \"mecha\"]\nmecha Titan cost 50 power 5 durability 8\n",
			want:   []string{"2:18: error: cost 50 is out of range: it must be from 0 to 20"},
			result: "not loaded: 1 error",
		},
		{
			name: "duplicate name and unknown kind",
			src:  "[Game \"mecha\"]\nmecha Scout cost 1 power 1 durability 2\nmecha Scout cost 1 power 1 durability 2\nrobot Hal\n",
			want: []string{`3:7: error: duplicate name "Scout": first defined on line 2`,
				`4:1: error: unknown kind of card "robot": Mecha has tower, mecha, pilot, command and deck`},
			result: "not loaded: 2 errors",
		},
		{
			name: "a syntax error, and the vocabulary's errors in the other lines",
			src:  "[Game \"mecha\"]\nmecha : cost 1\nrobot Hal\n",
			want: []string{`2:7: error: expected a card name like "Radio Tower" or Scout, found ":"`,
				`3:1: error: unknown kind of card "robot": Mecha has tower, mecha, pilot, command and deck`},
			result: "not loaded: 2 errors",
		},
		{
			name:   "catalogue of another game",
			src:    "[Game \"sortie\"]\n",
			want:   []string{"0:0: error: sortie has no card catalogue: its cards are playing cards"},
			result: "not replayed",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := CheckSource("test.cards", tt.src, Options{})
			got := diagnosticLines(r.Diagnostics)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if r.Result != tt.result {
				t.Errorf("result %q, want %q", r.Result, tt.result)
			}
			wantCode := 0
			if len(tt.want) > 0 {
				wantCode = 2
			}
			if r.ExitCode() != wantCode {
				t.Errorf("exit code %d, want %d", r.ExitCode(), wantCode)
			}
		})
	}
}

// The Catalogue tag names a file beside the transcript; a missing or bad
// one is an error at the tag, and a good one gives the cards.
func TestCatalogueTag(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	write("mine.cards", `[Game "mecha"]
tower "Tiny Tower" basic provide 1 durability 1
mecha Ant cost 1 power 1 durability 1 haste
deck Ants 20 "Tiny Tower" 3 Ant 17 "Tiny Tower"
`)
	write("bad.cards", "[Game \"mecha\"]\nmecha Ant cost 1 power 1\n")
	game := func(catalogue string) string {
		return `[Game "mecha"]
[Players "Ann" "Ben"]
[Catalogue "` + catalogue + `"]
Ann: draw Ant Ant "Tiny Tower" "Tiny Tower" "Tiny Tower"
Ben: draw Ant "Tiny Tower" "Tiny Tower" "Tiny Tower" "Tiny Tower"
1. Ann: draw Ant, play "Tiny Tower" a1, play Ant b1, b1-b2
`
	}
	tests := []struct {
		catalogue, want string
		code            int
	}{
		{"mine.cards", "unfinished: Ann to move on turn 1", 0},
		{"missing.cards", "cannot read the catalogue", 2},
		{"bad.cards", "the catalogue has 1 error, the first at " + filepath.ToSlash(filepath.Join(dir, "bad.cards")) + ":2:7: a mecha needs durability", 2},
	}
	for _, tt := range tests {
		t.Run(tt.catalogue, func(t *testing.T) {
			path := filepath.Join(dir, "game.mecha")
			src := game(tt.catalogue)
			r := CheckSource(path, src, Options{})
			if r.ExitCode() != tt.code {
				t.Errorf("exit code %d, want %d:\n%s", r.ExitCode(), tt.code, ReportText(r))
			}
			text := ReportText(r)
			if !strings.Contains(text, tt.want) {
				t.Errorf("report lacks %q:\n%s", tt.want, text)
			}
			if tt.code == 2 && (len(r.Diagnostics) == 0 || !sameSpan(r.Diagnostics[0].Span, spanOf(src, `[Catalogue "`+tt.catalogue+`"]`))) {
				t.Errorf("the error is not at the Catalogue tag: %v", diagnosticLines(r.Diagnostics))
			}
		})
	}
}

// The transcripts that name one catalogue read it once; a catalogue whose
// text changed between two checks (an editor's buffer, a file rewritten)
// is read again.
func TestCatalogueReadOnce(t *testing.T) {
	dir := t.TempDir()
	cards := filepath.Join(dir, "mine.cards")
	write := func(src string) {
		t.Helper()
		if err := os.WriteFile(cards, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	good := `[Game "mecha"]
tower "Tiny Tower" basic provide 1 durability 1
mecha Ant cost 1 power 1 durability 1 haste
deck Ants 20 "Tiny Tower" 3 Ant 17 "Tiny Tower"
`
	game := `[Game "mecha"]
[Players "Ann" "Ben"]
[Catalogue "mine.cards"]
Ann: draw Ant Ant "Tiny Tower" "Tiny Tower" "Tiny Tower"
Ben: draw Ant "Tiny Tower" "Tiny Tower" "Tiny Tower" "Tiny Tower"
1. Ann: draw Ant, play "Tiny Tower" a1, play Ant b1, b1-b2
`
	g, _ := Lookup("mecha")
	cg := g.(*binding).cards
	key := filepath.ToSlash(cards)
	check := func(want int) *loaded {
		t.Helper()
		r := CheckSource(filepath.Join(dir, "game.mecha"), game, Options{})
		if r.ExitCode() != want {
			t.Fatalf("exit code %d, want %d:\n%s", r.ExitCode(), want, ReportText(r))
		}
		cg.mu.Lock()
		defer cg.mu.Unlock()
		return cg.read[key]
	}
	write(good)
	first := check(0)
	if first == nil {
		t.Fatalf("the catalogue was not kept under %s", key)
	}
	if again := check(0); again != first {
		t.Error("the catalogue was read again for a second transcript")
	}
	write(strings.Replace(good, "durability 1 haste", "haste", 1))
	if changed := check(2); changed == first {
		t.Error("the catalogue was not read again after its text changed")
	}
	// A catalogue past maxReadBytes is read for each transcript, not kept.
	write(good + strings.Repeat("; "+strings.Repeat("x", 1000)+"\n", maxReadBytes/1000))
	if large := check(0); large != nil {
		t.Errorf("a catalogue of over %d bytes was kept", maxReadBytes)
	}
}

// Cards lists a catalogue; a game without one says so.
func TestCards(t *testing.T) {
	m, _ := Lookup("mecha")
	cards, r := Cards(m, "", "")
	if cards == nil {
		t.Fatalf("no cards: %v", diagnosticLines(r.Diagnostics))
	}
	found := false
	for _, c := range cards {
		if c.Kind == "mecha" && c.Name == "Scout" && c.Text == "cost 1 power 1 durability 2 speed 2 haste" {
			found = true
		}
	}
	if !found {
		t.Errorf("the default catalogue lists no Scout as written: %v", cards)
	}
	s, _ := Lookup("sortie")
	if cards, r := Cards(s, "", ""); cards != nil || r.ExitCode() != 2 {
		t.Errorf("sortie lists cards: %v", cards)
	}
}

// A command written with a player's name is that player's move, in the
// other player's turn; a name that is no player's is reported there.
func TestMoveByTheOtherPlayer(t *testing.T) {
	const opening = `[Players "Ann" "Ben"]
Ann: draw "Radio Tower" "Radio Tower" Scout Hawk Repair
Ben: draw "Radio Tower" Barrage Bulwark Lancer Plating
1. Ann: draw Scout, play "Radio Tower" a1, play Scout b1, `
	tests := []struct {
		move, want string
		code       int
		at         string
	}{
		{`Ben play Barrage b1`, `graveyard Ann Scout; Ben Barrage`, 0, ""},
		{`Cy play Barrage b1`, `"Cy" is not a player: the Players tag names Ann and Ben`, 1, "Cy"},
		{`Ben play Bulwark b5`, `Bulwark is a mecha: it is played in its owner's main phase`, 1, "Ben play Bulwark b5"},
	}
	for _, tt := range tests {
		t.Run(tt.move, func(t *testing.T) {
			src := opening + tt.move + "\n"
			r := CheckSource("test.mecha", src, Options{})
			text := ReportText(r)
			if r.ExitCode() != tt.code || !strings.Contains(text, tt.want) {
				t.Errorf("exit %d (want %d), report lacks %q:\n%s", r.ExitCode(), tt.code, tt.want, text)
			}
			if tt.at != "" && !sameSpan(r.Diagnostics[0].Span, spanOf(src, tt.at)) {
				t.Errorf("reported at %v, want at %q", r.Diagnostics[0].Span, tt.at)
			}
		})
	}
}

// sameSpan compares spans by line and column, whatever their file names.
func sameSpan(a, b notation.Span) bool {
	return a.Start.Line == b.Start.Line && a.Start.Column == b.Start.Column &&
		a.End.Line == b.End.Line && a.End.Column == b.End.Column
}
