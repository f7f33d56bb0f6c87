package grammar_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
)

// ReadsAsMoves tells whether a text reads as a turn's moves, as the
// whole-file parse of "1. X: " and the text would have it: one turn with
// moves, no error and no comment. Texts: every comment of every example,
// every move line of the examples as a comment would hold it, and odd
// ones (a second turn, a result, a lone comma, words, numbers).
func TestReadsAsMovesAsAWholeFileWould(t *testing.T) {
	odd := []string{
		"", "x", ",", "a1-b2,", ", a1-b2", "a1-b2 2. Ben: c3", "result: draw", "draw 7H",
		"draw 7H, place 9C/KD a2", "place 9C/KD a2 junk", "12", "12 Scout", "deck 12 Scout",
		"play Scout", "hand play Scout", "the card was 2D", "a1xb2 (taken back)", "Ann: draw",
	}
	for _, g := range []struct {
		name string
		g    *notation.Grammar
	}{{"sortie", grammar.Sortie}, {"mecha", grammar.Mecha}, {"mod", grammar.Mod}, {"daemon", grammar.Daemon}, {"void", grammar.Void}} {
		texts := append([]string(nil), odd...)
		files, _ := filepath.Glob(filepath.Join("..", "examples", g.name, "*."+g.name))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			p := g.g.Parse(f, string(src))
			for _, c := range p.Comments {
				texts = append(texts, strings.TrimSpace(strings.TrimPrefix(c.Text, ";")))
			}
			for _, line := range strings.Split(string(src), "\n") {
				if _, moves, ok := strings.Cut(line, ":"); ok {
					texts = append(texts, strings.TrimSpace(moves))
				}
			}
		}
		for _, text := range texts {
			if strings.ContainsAny(text, "\n") {
				continue
			}
			whole := g.g.ParseWholeFile("t", "1. X: "+text+"\n")
			want := len(whole.Errors) == 0 && len(whole.Comments) == 0 && len(whole.Corrections) == 0 &&
				len(whole.File.Statements) == 1 && whole.File.Statements[0].Turn != nil && len(whole.File.Statements[0].Turn.Moves) > 0
			if got := g.g.ReadsAsMoves(text); got != want {
				t.Errorf("%s: ReadsAsMoves(%q) = %v, want %v", g.name, text, got, want)
			}
		}
	}
}
