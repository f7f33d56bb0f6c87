package grammar_test

import (
	"testing"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
)

// Header tags, result lines and the heads of turns and set-up lines are
// read from their tokens, not parsed (notation's parsePieces): each must read as
// participle's parse of the whole file has it, positions included, and a
// head participle refuses must be refused with participle's error.
func TestHeadsReadAsParticipleParsesThem(t *testing.T) {
	heads := []string{
		"1. Ann: draw 7H\n2. Ben:\n",
		"1. \"Ann Lee\": draw 7H\n",
		"1.Ann:draw 7H\n2 .  Ben :\n",
		"1. result: draw 7H\n",
		"1. draw: draw 7H\n",
		"01. Ann: draw 7H\n",
		"010. Ann: draw 7H\n",
		"09. Ann: draw 7H\n",
		"99999999999999999999. Ann: draw 7H\n",
		"1. 7H: draw 7H\n",
		"1. a1: draw 7H\n",
		"1. 12: draw 7H\n",
		"Ann: draw 7H 9C\nBen:\n",
		"\"Ann Lee\": draw 7H\n",
		"result: draw\n",
		"a1: draw 7H\n",
		"12: draw 7H\n",
		"Ann: draw 7H 1. Ben: draw 9C\n",
		"[Players \"Ann\" \"Ben\"] 1. Ann: draw 7H\n",
		"[Players] [Seed \"7\"]\n[Event\n\"é\"\n]\n",
		"[draw \"x\"]\n",
		"[7H \"x\"]\n",
		"1. Ann: draw 7H,\n",
		"1. Ann: , draw 7H\n",
		"  1. Zoë:  draw 7H ; a comment\n",
		"result: Ann wins\n",
		"result: \"Ann Lee\" resigns\n",
		"result : draw\nresult: unfinished\n",
		"result: draw wins\n",
		"result: unfinished Ann\n",
		"result: \"draw\" wins\n",
		"result: wins wins\n",
		"result: Ann\n",
		"result: Ann loses\n",
		"result: 7H wins\n",
		"result:\n",
		"1. Ann: draw 7H result: Ann wins\n",
		"b1-b2\n",
	}
	for _, g := range []struct {
		name string
		g    *notation.Grammar
	}{{"sortie", grammar.Sortie}, {"mecha", grammar.Mecha}, {"void", grammar.Void}} {
		for _, src := range heads {
			if diff := sameParse(g.g.Parse("t."+g.name, src), g.g.ParseWholeFile("t."+g.name, src)); diff != "" {
				t.Errorf("%s, %q: %s", g.name, src, diff)
			}
		}
	}
}
