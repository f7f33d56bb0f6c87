package sortie

import (
	"reflect"
	"testing"

	"github.com/tabletop-referee/referee/engine/cards"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/sortie"
)

// words lists every string of up to three characters of alphabet.
func words(alphabet string) []string {
	out := []string{""}
	for n, from := 0, 0; n < 3; n++ {
		to := len(out)
		for _, w := range out[from:to] {
			for i := range len(alphabet) {
				out = append(out, w+alphabet[i:i+1])
			}
		}
		from = to
	}
	return out
}

// TestCardAndSquare: the room's readers of cards and squares read every
// short word of their letters as cards.Parse and grid.Parse do.
func TestCardAndSquare(t *testing.T) {
	for _, w := range words("0123456789ATJQKCDHSRB?x") {
		want, _ := cards.Parse(w)
		if got := card(w); got != want {
			t.Errorf("card(%q) = %v, cards.Parse %v", w, got, want)
		}
	}
	for _, w := range words("abdez0123459+-") {
		want, _ := grid.Parse(w)
		if got := square(w); got != want {
			t.Errorf("square(%q) = %v, grid.Parse %v", w, got, want)
		}
	}
}

// TestStepsAndAttacks: a step or an attack on the board, made once, is
// the move it would be made anew; one off the board too.
func TestStepsAndAttacks(t *testing.T) {
	names := []string{"a1", "b2", "d4", "c3", "e1", "a5", "z9", "a10"}
	for _, from := range names {
		for _, to := range names {
			a, b := square(from), square(to)
			if got, want := step(from, to), (sortie.Step{From: a, To: b}); !reflect.DeepEqual(got, want) {
				t.Errorf("step(%s, %s) = %#v, want %#v", from, to, got, want)
			}
			if got, want := attack(from, to), (sortie.Attack{From: a, Target: b}); !reflect.DeepEqual(got, want) {
				t.Errorf("attack(%s, %s) = %#v, want %#v", from, to, got, want)
			}
		}
	}
	if sortie.Board.Files != boardFiles || sortie.Board.Ranks != boardRanks {
		t.Fatalf("the board is %dx%d, boardIndex's %dx%d", sortie.Board.Files, sortie.Board.Ranks, boardFiles, boardRanks)
	}
	m := boardMoves()
	for i := range sortie.Board.Size() {
		for j := range sortie.Board.Size() {
			a, b := sortie.Board.Square(i), sortie.Board.Square(j)
			if m.steps[i][j] != (sortie.Step{From: a, To: b}) || m.attacks[i][j] != (sortie.Attack{From: a, Target: b}) {
				t.Errorf("%v to %v: %#v, %#v", a, b, m.steps[i][j], m.attacks[i][j])
			}
		}
	}
}
