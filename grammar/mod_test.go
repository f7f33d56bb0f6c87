package grammar

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/notation"
)

// parseModMoves parses text as the moves of one turn (after turnPrefix,
// so a move's first character is column 9).
func parseModMoves(t *testing.T, text string) ([]notation.Move, []*notation.Error) {
	t.Helper()
	p := Mod.Parse("test.mod", turnPrefix+text)
	if len(p.Errors) > 0 {
		return nil, p.Errors
	}
	if len(p.File.Statements) != 1 || p.File.Statements[0].Turn == nil {
		t.Fatalf("%q: want one turn, got %d statements", text, len(p.File.Statements))
	}
	return p.File.Statements[0].Turn.Moves, nil
}

// modFields shows a move's node type and its fields as parsed, names
// quoted so that their exact text shows.
func modFields(m notation.Move) string {
	switch m := m.(type) {
	case *ModAssign:
		return fmt.Sprintf("assign %q", string(m.Card))
	case *ModEject:
		return fmt.Sprintf("eject %q", string(m.Card))
	case *ModDraft:
		return fmt.Sprintf("draft pile=%v deck=%d card=%q", m.Pile, m.Deck, string(m.Card))
	case *ModPass:
		return fmt.Sprintf("pass %v", m.Pass)
	case *ModDraw:
		by := ""
		if m.By != nil {
			by = m.By.Text()
		}
		return fmt.Sprintf("draw by=%q card=%q", by, string(m.Card))
	case *ModTop:
		return fmt.Sprintf("top %d %q", m.Deck, string(m.Card))
	case *ModFuel:
		return fmt.Sprintf("fuel %v", m.Fuel)
	case *ModSpend:
		return fmt.Sprintf("spend %q", string(m.Card))
	case *ModDurability:
		return fmt.Sprintf("durability %d", m.N)
	case *ModFuelLevel:
		return fmt.Sprintf("fuel level %d", m.N)
	case *ModInitiative:
		return fmt.Sprintf("initiative %v", m.Initiative)
	case *ModHand:
		return fmt.Sprintf("hand %q", m.Cards)
	case *ModDeck:
		return fmt.Sprintf("deck count=%d cards=%q", m.Count, m.Cards)
	case *ModDiscardPile:
		return fmt.Sprintf("discard pile %q", m.Cards)
	case *ModPlayArea:
		return fmt.Sprintf("play area %q", m.Cards)
	case *ModSlot:
		return fmt.Sprintf("slot %d %s %q", m.N, m.How, string(m.Card))
	case *ModActivating:
		return fmt.Sprintf("activating %s %q ability=%d", m.How, string(m.Card), m.Ability)
	case *ModRound:
		return fmt.Sprintf("round %d", m.N)
	case *ModShared:
		return fmt.Sprintf("shared pile=%v deck=%d count=%d cards=%q", m.Pile, m.Deck, m.Count, m.Cards)
	case *ModUnfilled:
		return fmt.Sprintf("unfilled %v", m.Unfilled)
	case *ModSeedStep:
		return fmt.Sprintf("seed step %d", m.N)
	}
	return fmt.Sprintf("unknown %T", m)
}

func TestModMoveForms(t *testing.T) {
	tests := []struct {
		src    string
		fields string
		text   string
	}{
		{"assign Laser", `assign "Laser"`, "assign Laser"},
		{`assign "Plasma Sword"`, `assign "Plasma Sword"`, `assign "Plasma Sword"`},
		{`assign "Laser"`, `assign "Laser"`, "assign Laser"},
		{"eject Missile", `eject "Missile"`, "eject Missile"},
		{`eject "Fuel Cell"`, `eject "Fuel Cell"`, `eject "Fuel Cell"`},
		{"draft 2", `draft pile=false deck=2 card=""`, "draft 2"},
		{"draft 1 Laser", `draft pile=false deck=1 card="Laser"`, "draft 1 Laser"},
		{`draft 3 "Red Plating"`, `draft pile=false deck=3 card="Red Plating"`, `draft 3 "Red Plating"`},
		{"draft pile 2", `draft pile=true deck=2 card=""`, "draft pile 2"},
		{"draft pile 2 Missile", `draft pile=true deck=2 card="Missile"`, "draft pile 2 Missile"},
		// The engine checks the number: 4 is a shared deck the game lacks.
		{"draft 4", `draft pile=false deck=4 card=""`, "draft 4"},
		// A card named like a move word is quoted when printed.
		{"draft 2 pile", `draft pile=false deck=2 card="pile"`, `draft 2 "pile"`},
		{"pass", "pass true", "pass"},
		{"draw", `draw by="" card=""`, "draw"},
		// Without a seed: the card drawn, the other player's, a card
		// nobody saw, a shared deck's top.
		{"draw Laser", `draw by="" card="Laser"`, "draw Laser"},
		{`Ann draw "Fuel Cell"`, `draw by="Ann" card="Fuel Cell"`, `Ann draw "Fuel Cell"`},
		{`"Ben Lee" draw ?`, `draw by="Ben Lee" card="?"`, `"Ben Lee" draw ?`},
		{"draw ?", `draw by="" card="?"`, "draw ?"},
		{"draw draw", `draw by="" card="draw"`, `draw "draw"`},
		{"eject ?", `eject "?"`, "eject ?"},
		{"top 2 Laser", `top 2 "Laser"`, "top 2 Laser"},
		{`top 3 "Red Plating"`, `top 3 "Red Plating"`, `top 3 "Red Plating"`},
		{"top 1 ?", `top 1 "?"`, "top 1 ?"},
		{"assign ?", `assign "?"`, "assign ?"},
		{"fuel", "fuel true", "fuel"},
		{`spend "Red Plating"`, `spend "Red Plating"`, `spend "Red Plating"`},
		{"spend Aegis", `spend "Aegis"`, "spend Aegis"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			moves, errs := parseModMoves(t, tt.src)
			if errs != nil || len(moves) != 1 {
				t.Fatalf("got %d moves, errors %v; want one move", len(moves), errs)
			}
			if got := modFields(moves[0]); got != tt.fields {
				t.Errorf("parsed as %s, want %s", got, tt.fields)
			}
			if got := moves[0].String(); got != tt.text {
				t.Errorf("String() = %q, want %q", got, tt.text)
			}
			// The canonical text parses back to the same move.
			again, errs := parseModMoves(t, moves[0].String())
			if errs != nil || len(again) != 1 || modFields(again[0]) != tt.fields {
				t.Errorf("canonical %q parses back as %v (errors %v)", moves[0].String(), again, errs)
			}
		})
	}
}

// Spacing is free between tokens, and moves keep their own spans.
func TestModMoveListAndSpans(t *testing.T) {
	moves, errs := parseModMoves(t, `draw,fuel ,  spend  "Red Plating", draft pile 1 Laser`)
	if errs != nil {
		t.Fatalf("parse errors: %v", errs)
	}
	checkMoveSpans(t, moves, []moveSpan{
		{"draw", 9, 13},
		{"fuel", 14, 18},
		{`spend "Red Plating"`, 22, 42},
		{"draft pile 1 Laser", 44, 62},
	})
}

// A draft's optional card name stops before the next line's "Ben:" or
// "result:".
func TestModTranscript(t *testing.T) {
	src := `[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

1. Ann: draft 1
2. Ben: draft pile 2
Ann: draft 3
3. Ann: draft 2 Laser
result: unfinished
`
	p := Mod.Parse("game.mod", src)
	if len(p.Errors) > 0 {
		t.Fatalf("parse errors: %v", p.Errors)
	}
	var got []string
	for _, st := range p.File.Statements {
		switch {
		case st.Turn != nil:
			got = append(got, fmt.Sprintf("%d %s %s", st.Turn.Number, st.Turn.Player.Text(), modFields(st.Turn.Moves[0])))
		case st.Setup != nil:
			got = append(got, fmt.Sprintf("setup %s %s", st.Setup.Player.Text(), modFields(st.Setup.Moves[0])))
		case st.Result != nil:
			got = append(got, "result")
		}
	}
	want := []string{
		`1 Ann draft pile=false deck=1 card=""`,
		`2 Ben draft pile=true deck=2 card=""`,
		`setup Ann draft pile=false deck=3 card=""`,
		`3 Ann draft pile=false deck=2 card="Laser"`,
		"result",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("statements:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// modRaw tells whether a message shows participle's notation rather than
// words: the move description's own parentheses aside, no message has <,
// |, (, ), a production's name, or "unexpected token".
func modRaw(msg string) bool {
	msg = strings.ReplaceAll(msg, ModMoveWords, "")
	if strings.ContainsAny(msg, "<>|()") {
		return true
	}
	return regexp.MustCompile(`unexpected token|Mod[A-Z]|PlayerRef|Statement|<[a-z]+>|\?!|internal error`).MatchString(msg)
}

func TestModMalformedMoves(t *testing.T) {
	const move = ModMoveWords
	const card = `a card name like Laser or "Plasma Sword"`
	const deck = "the number of a shared deck, as in draft 2 or draft pile 2"
	tests := []struct {
		src string
		col int // of the error on line 1
		msg string
	}{
		{"assign", 15, `expected ` + card + `, found the end of the line`},
		{"assign 2", 16, `expected ` + card + `, found "2"`},
		{"assign Plasma Sword", 23, `expected ` + move + `, or "," between moves, found "Sword"; if "Plasma Sword" is one name, quote it`},
		{"eject", 14, `expected ` + card + `, found the end of the line`},
		{"draft", 14, `expected ` + deck + `, found the end of the line`},
		{"draft pile", 19, `expected ` + deck + `, found the end of the line`},
		{"draft Laser", 15, `expected ` + deck + `, found "Laser"`},
		{"draft pile Laser", 20, `expected ` + deck + `, found "Laser"`},
		{"draft -1", 15, `expected ` + deck + `, found "-"`},
		{"draft 2 Red Plating", 21, `expected ` + move + `, or "," between moves, found "Plating"; if "Red Plating" is one name, quote it`},
		{"spend", 14, `expected ` + card + `, found the end of the line`},
		{"spend 3", 15, `expected ` + card + `, found "3"`},
		// The choices take nothing after them: no hint, as draw is a word
		// of the notation.
		{"draw Laser Missile", 20, `expected ` + move + `, or "," between moves, found "Missile"; if "Laser Missile" is one name, quote it`},
		{"top Laser", 13, `expected the number of a shared deck, as in draft 2 or draft pile 2, found "Laser"`},
		{"top 2", 14, `expected a card name like Laser or "Plasma Sword", found the end of the line`},
		{"fuel Laser", 14, `expected ` + move + `, or "," between moves, found "Laser"`},
		{"pass Laser", 14, `expected ` + move + `, or "," between moves, found "Laser"`},
		{"Laser", 9, `expected ` + move + `, or "," between moves, found "Laser"`},
		// After a comma, a move: the lookahead for a player named before draw
		// (Ann draw Laser) names the comma too.
		{"draft 2,", 17, `expected ` + move + `, or "," between moves, found the end of the line`},
		{"draft 2 xenon", 17, `expected ` + move + `, or "," between moves, found "x"`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, errs := parseModMoves(t, tt.src)
			checkOneError(t, errs, tt.col, tt.msg)
			if modRaw(errs[0].Msg) {
				t.Errorf("message shows grammar notation: %s", errs[0].Msg)
			}
		})
	}
}

// Every expectation the Mod productions can produce is put into words.
func TestModExpectKeys(t *testing.T) {
	ebnf := Mod.EBNF()
	for key, words := range modExpect() {
		if key != "Move" && !strings.Contains(ebnf, key) {
			t.Errorf("expectation %q is not in the grammar:\n%s", key, ebnf)
		}
		if modRaw(words) {
			t.Errorf("words for %q show grammar notation: %s", key, words)
		}
	}
}

func TestModEBNF(t *testing.T) {
	ebnf := Mod.EBNF()
	for _, want := range []string{
		`Move = ModAssign | ModEject | ModDraft | ModPass | ModDraw | ModFuelLevel | ModFuel | ModSpend | ModTop | ModDurability | ModInitiative | ModHand | ModDeck | ModDiscardPile | ModPlayArea | ModSlot | ModActivating | ModRound | ModShared | ModUnfilled | ModSeedStep | ModDrawn .`,
		`ModDeck = "deck" (ModCount | ModListName+) .`,
		`ModShared = "shared" "pile"? <int> (ModCount | ModListName+) .`,
		`ModAssign = "assign" (<ident> | <string> | <unknown>) .`,
		`ModDraft = "draft" "pile"? <int> ((?! (<ident> | <string>) ":") (<ident> | <string> | <unknown>))? .`,
		`ModSpend = "spend" (<ident> | <string> | <unknown>) .`,
		`ModTop = "top" <int> (<ident> | <string> | <unknown>) .`,
	} {
		if !strings.Contains(ebnf, want) {
			t.Errorf("EBNF lacks %q:\n%s", want, ebnf)
		}
	}
	for _, bad := range []string{"github.com", "notation.", "grammar.", "tabletop-referee"} {
		if strings.Contains(ebnf, bad) {
			t.Errorf("EBNF has %q:\n%s", bad, ebnf)
		}
	}
}

// Every declaration of a position parses to its fields and prints
// canonically, and the canonical text parses back the same.
func TestModDeclarationForms(t *testing.T) {
	tests := []struct {
		src    string
		fields string
		text   string
	}{
		{"durability 7", "durability 7", "durability 7"},
		{"fuel 0", "fuel level 0", "fuel 0"},
		{"fuel 12", "fuel level 12", "fuel 12"},
		{"initiative", "initiative true", "initiative"},
		{`hand Laser "Red Plating" Laser`, `hand ["Laser" "Red Plating" "Laser"]`, `hand Laser "Red Plating" Laser`},
		{`hand "Laser"`, `hand ["Laser"]`, "hand Laser"},
		// A name that is a word of the notation is a name when quoted, and
		// printed quoted.
		{`hand "fuel" "draw"`, `hand ["fuel" "draw"]`, `hand "fuel" "draw"`},
		{"deck 4", `deck count=4 cards=[]`, "deck 4"},
		{"deck 0", `deck count=0 cards=[]`, "deck 0"},
		{`deck Missile "Fuel Cell"`, `deck count=0 cards=["Missile" "Fuel Cell"]`, `deck Missile "Fuel Cell"`},
		{"discard pile Laser Missile", `discard pile ["Laser" "Missile"]`, "discard pile Laser Missile"},
		{`play area "Blue Barrier" Aegis`, `play area ["Blue Barrier" "Aegis"]`, `play area "Blue Barrier" Aegis`},
		{"slot 1 assigned Laser", `slot 1 assigned "Laser"`, "slot 1 assigned Laser"},
		{`slot 10 ejected "Plasma Sword"`, `slot 10 ejected "Plasma Sword"`, `slot 10 ejected "Plasma Sword"`},
		{"slot 3 drafted Missile", `slot 3 drafted "Missile"`, "slot 3 drafted Missile"},
		{"activating ejected Laser", `activating ejected "Laser" ability=0`, "activating ejected Laser"},
		{`activating assigned "Missile Swarm" ability 2`, `activating assigned "Missile Swarm" ability=2`, `activating assigned "Missile Swarm" ability 2`},
		{"round 3", "round 3", "round 3"},
		{"shared 1 Laser Missile", `shared pile=false deck=1 count=0 cards=["Laser" "Missile"]`, "shared 1 Laser Missile"},
		{"shared 2 7", `shared pile=false deck=2 count=7 cards=[]`, "shared 2 7"},
		{`shared pile 3 "Red Plating" Laser`, `shared pile=true deck=3 count=0 cards=["Red Plating" "Laser"]`, `shared pile 3 "Red Plating" Laser`},
		// The engine refuses a count for a pile, whose cards it needs.
		{"shared pile 3 2", `shared pile=true deck=3 count=2 cards=[]`, "shared pile 3 2"},
		{"stack unfilled", "unfilled true", "stack unfilled"},
		{"seed step 57", "seed step 57", "seed step 57"},
		// The move fuel and the declaration fuel 2 are told apart.
		{"fuel", "fuel true", "fuel"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			moves, errs := parseModMoves(t, tt.src)
			if errs != nil || len(moves) != 1 {
				t.Fatalf("got %d moves, errors %v; want one move", len(moves), errs)
			}
			if got := modFields(moves[0]); got != tt.fields {
				t.Errorf("parsed as %s, want %s", got, tt.fields)
			}
			if got := moves[0].String(); got != tt.text {
				t.Errorf("String() = %q, want %q", got, tt.text)
			}
			again, errs := parseModMoves(t, moves[0].String())
			if errs != nil || len(again) != 1 || modFields(again[0]) != tt.fields {
				t.Errorf("canonical %q parses back as %v (errors %v)", moves[0].String(), again, errs)
			}
		})
	}
}

// A position's lines: lists stop before the next declaration's word, at a
// comma, and before the next line's player and ":"; each declaration
// keeps its own span.
func TestModPositionLines(t *testing.T) {
	src := `[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

Ann: durability 7, hand Laser Missile, deck 4
Ben: discard pile Laser
board: round 2, shared 1 Laser
12. Ben: pass
`
	p := Mod.Parse("test.mod", src)
	if len(p.Errors) > 0 {
		t.Fatalf("errors: %v", p.Errors)
	}
	var lines []string
	for _, st := range p.File.Statements {
		if st.Setup == nil {
			continue
		}
		var moves []string
		for _, m := range st.Setup.Moves {
			moves = append(moves, modFields(m))
		}
		lines = append(lines, st.Setup.Player.Text()+": "+strings.Join(moves, "; "))
	}
	want := []string{
		`Ann: durability 7; hand ["Laser" "Missile"]; deck count=4 cards=[]`,
		`Ben: discard pile ["Laser"]`,
		`board: round 2; shared pile=false deck=1 count=0 cards=["Laser"]`,
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("set-up lines\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	moves, errs := parseModMoves(t, "durability 7, hand Laser  Missile,deck 4")
	if errs != nil {
		t.Fatal(errs)
	}
	checkMoveSpans(t, moves, []moveSpan{
		{"durability 7", 9, 21},
		{"hand Laser Missile", 23, 42},
		{"deck 4", 43, 49},
	})
}

func TestModMalformedDeclarations(t *testing.T) {
	const move = ModMoveWords
	tests := []struct {
		src string
		col int // of the error on line 1
		msg string
	}{
		{"durability", 19, `expected a number, as in durability 7, deck 4 or slot 3, found the end of the line`},
		{"durability ten", 20, `expected a number, as in durability 7, deck 4 or slot 3, found "ten"`},
		{"hand", 13, `expected card names, as in hand Laser "Red Plating", found the end of the line`},
		{"deck", 13, `expected a number of cards or their names, as in deck 4 or deck Laser "Red Plating", found the end of the line`},
		{"shared 1", 17, `expected a number of cards or their names, as in deck 4 or deck Laser "Red Plating", found the end of the line`},
		// A missing comma is an error where it is missing.
		{"hand Laser fuel 2", 20, `expected ` + move + `, or "," between moves, found "fuel"`},
		{"slot 2 placed Laser", 16, `expected how the card was placed and its name, as in slot 3 assigned Laser, found "placed"`},
		{"activating Laser", 20, `expected assigned or ejected and the card's name, as in activating ejected Laser or activating assigned Swarm ability 2, found "Laser"`},
		{"slot 99999999999 assigned Laser", 14, `99999999999 is too large a number: at most 999999999`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, errs := parseModMoves(t, tt.src)
			checkOneError(t, errs, tt.col, tt.msg)
			if modRaw(errs[0].Msg) {
				t.Errorf("message shows grammar notation: %s", errs[0].Msg)
			}
		})
	}
}
