package referee

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestOutline(t *testing.T) {
	t.Parallel()
	g, _ := Lookup("sortie")
	src := "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n\nAnn: draw 9C KD 5H 2S\n1. Ann: draw 7H, place 9C/KD a2\n2. Ben: a1-\n3. Ann: draw QC\nresult: unfinished\n"
	type row struct {
		kind    StatementKind
		turn    int
		subject string
		moves   int
	}
	want := []row{{TagStatement, 0, "Game", 0}, {TagStatement, 0, "Players", 0}, {SetupStatement, 0, "Ann", 1}, {TurnStatement, 1, "Ann", 2},
		// turn 2 has a syntax error: left out, and the rest still listed
		{TurnStatement, 3, "Ann", 1}, {ResultStatement, 0, "", 0}}
	var got []row
	for _, s := range Outline(g, "t.sortie", src) {
		got = append(got, row{s.Kind, s.Turn, s.Subject, len(s.Moves)})
	}
	if !slices.Equal(got, want) {
		t.Errorf("outline\n%v, want\n%v", got, want)
	}
	if s := Outline(g, "t.sortie", src)[3]; src[s.Moves[1].Start.Offset:s.Moves[1].End.Offset] != "place 9C/KD a2" {
		t.Errorf("the second move of turn 1 is at %v", s.Moves[1])
	}
}

func TestCatalogueOf(t *testing.T) {
	t.Parallel()
	mecha, _ := Lookup("mecha")
	daemon, _ := Lookup("daemon")
	sortie, _ := Lookup("sortie")
	cards, err := os.ReadFile(filepath.Join("..", "examples", "daemon", "dig.cards"))
	if err != nil {
		t.Fatal(err)
	}
	tagged := "[Players \"Ann\" \"Ben\"]\n[Catalogue \"dig.cards\"]\n"
	read := Options{ReadFile: func(string) ([]byte, error) { return cards, nil }}
	tests := []struct {
		name         string
		g            Game
		src          string
		opts         Options
		card, kind   string
		line, column int
		isDefault    bool
		noCatalogue  bool
	}{
		{"default", mecha, "[Players \"Ann\" \"Ben\"]\n", Options{}, "Scout", "mecha", 12, 9, true, false},
		{"tagged", daemon, tagged, read, "Quarry", "module", 11, 9, false, false},
		{"unreadable", daemon, tagged, Options{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }}, "", "", 0, 0, false, true},
		{"playing cards", sortie, "", Options{}, "", "", 0, 0, false, true},
	}
	for _, tt := range tests {
		c := CatalogueOf(tt.g, "t"+tt.g.Extension(), tt.src, tt.opts)
		if tt.noCatalogue {
			if c != nil {
				t.Errorf("%s: a catalogue %s", tt.name, c.Path)
			}
			continue
		}
		if c == nil {
			t.Errorf("%s: no catalogue", tt.name)
			continue
		}
		e, ok := c.Lookup(tt.card)
		if !ok || e.Kind != tt.kind || e.Span.Start.Line != tt.line || e.Span.Start.Column != tt.column || c.Default != tt.isDefault {
			t.Errorf("%s: %s is %+v in %s (default %v)", tt.name, tt.card, e, c.Path, c.Default)
		}
	}
}

func TestWordsAndTags(t *testing.T) {
	t.Parallel()
	g, _ := Lookup("sortie")
	words := Words(g)
	for _, w := range []string{"draw", "place", "result", "wins", "unfinished"} {
		if !slices.Contains(words, w) {
			t.Errorf("no %q in sortie's words %q", w, words)
		}
	}
	if tags := ReadTags(); !slices.Contains(tags, "Catalogue") || !slices.Contains(tags, "Players") {
		t.Errorf("tags read: %q", tags)
	}
}
