package sortie

import (
	"reflect"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
	"github.com/tabletop-referee/referee/engine/sortie"
	"github.com/tabletop-referee/referee/grammar"
)

// TestDeclarationsRoundTrip: every declaration a position writes, along
// random games under every variant, is notated as the grammar prints it,
// and that text, parsed on a set-up line, gives the same engine move back;
// so a position the referee writes is read as the one it wrote.
func TestDeclarationsRoundTrip(t *testing.T) {
	variants := []map[string]string{nil, {"jokers": "high", "empty": "reshuffle"}, {"firstdraw": "no", "empty": "reshuffle"}}
	kinds := map[string]int{}
	for game := range 12 {
		opts := engine.Options{Seeded: game%2 == 0, Seed: uint64(game), Variants: variants[game%len(variants)], Players: []string{"Ann", "Ben"}}
		st, err := sortie.Game{}.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		rng := shuffle.New(uint64(game))
		for step := 0; step < 400 && !st.Outcome().Over; step++ {
			legal := st.Legal()
			m := legal[rng.Intn(len(legal))]
			if err := st.Apply(st.ToMove(), m); err != nil {
				t.Fatal(err)
			}
			if _, end := m.(engine.EndTurn); !end || st.Outcome().Over {
				continue
			}
			for _, line := range st.(engine.Positioned).Position().Lines {
				subject := "Ann"
				if line.Subject == engine.Nobody {
					subject = "board"
				}
				for _, m := range line.Moves {
					text := sortieNotate(m)
					p := grammar.Sortie.Parse("position.sortie", subject+": "+text)
					if len(p.Errors) > 0 {
						t.Fatalf("%q: %v", text, p.Errors)
					}
					moves := p.File.Statements[0].Setup.Moves
					if len(moves) != 1 || !grammar.Declaration(moves[0]) || moves[0].String() != text {
						t.Fatalf("%q parses as %v", text, moves)
					}
					back := sortieToEngine(nil, moves[0], true)
					if len(back) != 1 || !reflect.DeepEqual(back[0], m) {
						t.Fatalf("%q: the room gives %#v, the position wrote %#v", text, back, m)
					}
					kinds[reflect.TypeOf(m.(engine.OnSetupLine).Move).Name()]++
				}
			}
		}
	}
	if len(kinds) < 6 {
		t.Errorf("declarations written: %v; want every kind", kinds)
	}
}

// TestDeclarationsInATurn: a declaration written in a turn reaches the
// engine unwrapped, which refuses it (the position is declared on set-up
// lines); on a set-up line it comes wrapped.
func TestDeclarationsInATurn(t *testing.T) {
	p := grammar.Sortie.Parse("t.sortie", "Ann: hand 7H\n1. Ann: hand 7H\n")
	if len(p.Errors) > 0 {
		t.Fatal(p.Errors)
	}
	setup := sortieToEngine(nil, p.File.Statements[0].Setup.Moves[0], true)
	turn := sortieToEngine(nil, p.File.Statements[1].Turn.Moves[0], false)
	if _, ok := setup[0].(engine.OnSetupLine); !ok {
		t.Errorf("on a set-up line: %#v", setup)
	}
	if _, ok := turn[0].(sortie.DeclareHand); !ok {
		t.Errorf("in a turn: %#v", turn)
	}
}

// TestHugeCounts: a count too large for an int reaches the engine as
// more cards than the game has, and is refused there.
func TestHugeCounts(t *testing.T) {
	p := grammar.Sortie.Parse("t.sortie", "board: deck 99999999999999999999999, stream 99999999999999999999\n")
	if len(p.Errors) > 0 {
		t.Fatal(p.Errors)
	}
	moves := p.File.Statements[0].Setup.Moves
	deck := sortieToEngine(nil, moves[0], true)[0].(engine.OnSetupLine).Move.(sortie.DeclareDeck)
	stream := sortieToEngine(nil, moves[1], true)[0].(engine.OnSetupLine).Move.(sortie.DeclareStream)
	if deck.Count <= sortie.MaxStream || stream.Numbers <= sortie.MaxStream {
		t.Errorf("deck %d, stream %d", deck.Count, stream.Numbers)
	}
}
