package mecha

import (
	"strconv"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"

	"github.com/tabletop-referee/referee/engine/mecha"
	"github.com/tabletop-referee/referee/grammar"
)

// TestDeclarationsNotateAsParsed holds the room's two directions to each
// other for a position's declarations: a declaration parsed from a set-up
// line and turned into its engine move is written back by Notate as the
// grammar prints it, and Declares tells it from the other moves.
func TestDeclarationsNotateAsParsed(t *testing.T) {
	tests := []string{
		`tower "Radio Tower" a1`,
		"mecha Scout c3",
		"mecha Scout c3 pilot Ace",
		`mecha Bulwark g5 pilot "Jason \"The Looks\" Brannan" durability 12 armour 0`,
		"mecha Lancer d4 armour 3",
		"command Mine d3",
		"command Mine d3 time 1",
		`hand Scout "Radio Tower" Scout`,
		"graveyard Hawk Striker",
		"damage Mine",
		`top "Last Stand" Scout`,
		"deck Aggro",
		`deck 37 "Radio Tower" 3 Scout`,
	}
	for _, text := range tests {
		p := grammar.Mecha.Parse("test.mecha", "Ann: "+text+"\n")
		if len(p.Errors) > 0 || len(p.File.Statements) != 1 || p.File.Statements[0].Setup == nil {
			t.Fatalf("%q does not parse as one set-up line: %v", text, p.Errors)
		}
		moves := p.File.Statements[0].Setup.Moves
		if len(moves) != 1 {
			t.Fatalf("%q: %d moves, want 1", text, len(moves))
		}
		ems := mechaToEngine(nil, moves[0], true)
		if len(ems) != 1 {
			t.Fatalf("%q: %d engine moves, want 1", text, len(ems))
		}
		if got := mechaNotate(ems[0]); got != text {
			t.Errorf("%q is written back as %q", text, got)
		}
		_, isDeck := moves[0].(*grammar.MechaDeck)
		if mechaDeclares(moves[0]) == isDeck {
			t.Errorf("%q: Declares says %v", text, mechaDeclares(moves[0]))
		}
	}
}

// TestDeclarationsInATurn: a declaration written in a turn reaches the
// engine marked so, and the engine refuses it there.
func TestDeclarationsInATurn(t *testing.T) {
	p := grammar.Mecha.Parse("test.mecha", "1. Ann: hand Scout, mecha Scout c3, command Mine d3\n")
	if len(p.Errors) > 0 {
		t.Fatal(p.Errors)
	}
	for _, m := range p.File.Statements[0].Turn.Moves {
		em := mechaToEngine(nil, m, false)[0]
		var inTurn bool
		switch d := em.(type) {
		case mecha.DeclareZone:
			inTurn = d.InTurn
		case mecha.DeclareUnit:
			inTurn = d.InTurn
		case mecha.DeclarePlaced:
			inTurn = d.InTurn
		}
		if !inTurn {
			t.Errorf("%s in a turn: %+v is not marked as written in a turn", m, em)
		}
	}
}

// TestSquareAsGridParse holds square's short way to grid.Parse for every
// square the lexer admits: a letter, a digit 1 to 9, and maybe a digit.
func TestSquareAsGridParse(t *testing.T) {
	for f := 'a'; f <= 'z'; f++ {
		for r := 1; r <= 99; r++ {
			s := string(f) + strconv.Itoa(r)
			if want, _ := grid.Parse(s); square(s) != want {
				t.Errorf("square(%q) = %v, want %v", s, square(s), want)
			}
		}
	}
}

// TestBoardMovesAsMade: the steps, attacks, plays, discards and skipped
// draws made once, and the squares, are the moves and squares made in
// place, on the board and off it, each found again as often as it is
// asked for.
func TestBoardMovesAsMade(t *testing.T) {
	b := onBoard()
	var squares []grid.Square
	for f := -1; f <= mecha.Board.Files; f++ {
		for r := -1; r <= mecha.Board.Ranks; r++ {
			squares = append(squares, grid.Square{File: f, Rank: r})
		}
	}
	for _, from := range squares {
		if got := *b.square(from); got != from {
			t.Errorf("square(%v) points to %v", from, got)
		}
		for _, to := range squares {
			if got, want := b.step(from, to), (mecha.Step{From: from, To: to}); got != engine.Move(want) {
				t.Errorf("step(%v, %v) = %v, want %v", from, to, got, want)
			}
			if got, want := b.attack(from, to), (mecha.Attack{From: from, Target: to}); got != engine.Move(want) {
				t.Errorf("attack(%v, %v) = %v, want %v", from, to, got, want)
			}
		}
		for _, card := range []string{"", "Scout"} {
			if got, want := b.direct(from, card), (mecha.Direct{From: from, Card: card}); got != engine.Move(want) {
				t.Errorf("direct(%v, %q) = %v, want %v", from, card, got, want)
			}
		}
		if got, want := b.sacrifice(from), (mecha.Sacrifice{At: from}); got != engine.Move(want) {
			t.Errorf("sacrifice(%v) = %v, want %v", from, got, want)
		}
	}
	for range 2 {
		for _, card := range []string{"Scout", "Radio Tower", "Scout Drone", "", "Scoot"} { // Scoot shares Scout's slot
			if got, ok := b.play(card, "").(mecha.Play); !ok || got.Card != card || got.At != nil {
				t.Errorf("play(%q, \"\") = %v", card, got)
			}
			if got := cardOf(card); got.discard != engine.Move(mecha.Discard{Card: card}) || got.skip != engine.Move(mecha.SkipDraw{Card: card}) {
				t.Errorf("cardOf(%q): discard %v, skip %v", card, got.discard, got.skip)
			}
			for f := 'a'; f <= 'z'; f++ {
				for r := 1; r <= 9; r++ {
					at := string(f) + strconv.Itoa(r)
					if got, ok := b.play(card, at).(mecha.Play); !ok || got.Card != card || got.At == nil || *got.At != square(at) {
						t.Errorf("play(%q, %q) = %v", card, at, got)
					}
				}
			}
		}
	}
}
