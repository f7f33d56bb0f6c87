package grammar

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/notation"
)

// parseMechaMoves parses text as the moves of one turn (after turnPrefix,
// so a move's first character is column 9).
func parseMechaMoves(t *testing.T, text string) ([]notation.Move, []*notation.Error) {
	t.Helper()
	p := Mecha.Parse("test.mecha", turnPrefix+text)
	if len(p.Errors) > 0 {
		return nil, p.Errors
	}
	if len(p.File.Statements) != 1 || p.File.Statements[0].Turn == nil {
		t.Fatalf("%q: want one turn, got %d statements", text, len(p.File.Statements))
	}
	return p.File.Statements[0].Turn.Moves, nil
}

// parseMechaOne parses a turn of exactly one move and returns it.
func parseMechaOne(t *testing.T, src string) notation.Move {
	t.Helper()
	moves, errs := parseMechaMoves(t, src)
	if errs != nil {
		t.Fatalf("%q: parse errors: %v", src, errs)
	}
	if len(moves) != 1 {
		t.Fatalf("%q: got %d moves, want 1", src, len(moves))
	}
	return moves[0]
}

// mechaFields shows a move's node type and its fields as parsed, names
// quoted so that their exact text shows.
func mechaFields(m notation.Move) string {
	switch m := m.(type) {
	case *MechaDeck:
		if m.Items == nil {
			return fmt.Sprintf("deck named=%q", string(m.Named))
		}
		var items []string
		for _, it := range m.Items {
			items = append(items, fmt.Sprintf("%d*%q", it.Count, string(it.Card)))
		}
		return fmt.Sprintf("deck named=%q items=[%s]", string(m.Named), strings.Join(items, " "))
	case *MechaDraw:
		return fmt.Sprintf("draw %q", mechaStrings(m.Cards))
	case *MechaMulligan:
		return "mulligan"
	case *MechaPlay:
		by := "-"
		if m.By != nil {
			by = fmt.Sprintf("%q", m.By.Text())
		}
		return fmt.Sprintf("play by=%s card=%q at=%s", by, string(m.Card), m.At)
	case *MechaAct:
		return fmt.Sprintf("act from=%s path=%v target=%s direct=%v damage=%q",
			m.From, m.Path, m.Target, m.Direct, string(m.DamageCard))
	case *MechaDiscard:
		return fmt.Sprintf("discard %q", string(m.Card))
	case *MechaSacrifice:
		return fmt.Sprintf("sacrifice at=%s", m.At)
	case *MechaSkip:
		return fmt.Sprintf("skip draw %q", string(m.Card))
	case *MechaUnit:
		return fmt.Sprintf("unit %s %q at=%s pilot=%q durability=%s armour=%s",
			m.Kind, string(m.Card), m.At, string(m.Pilot), mechaCount(m.Durability), mechaCount(m.Armour))
	case *MechaPlaced:
		return fmt.Sprintf("placed %q at=%s time=%s", string(m.Card), m.At, mechaCount(m.Time))
	case *MechaZone:
		return fmt.Sprintf("zone %s %q", m.Zone, mechaStrings(m.Cards))
	}
	return fmt.Sprintf("unknown %T", m)
}

// mechaCount shows a number of counters, or - when it is left out.
func mechaCount(n *MechaCount) string {
	if n == nil {
		return "-"
	}
	return fmt.Sprint(n.N)
}

// mechaStrings is names as plain strings, so that %q shows their text
// rather than their canonical form.
func mechaStrings(names []MechaName) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = string(n)
	}
	return out
}

// checkMechaRoundTrip checks that the move's canonical text parses back
// to the same fields and prints the same.
func checkMechaRoundTrip(t *testing.T, move notation.Move) {
	t.Helper()
	text := move.String()
	again, errs := parseMechaMoves(t, text)
	if errs != nil {
		t.Fatalf("canonical text %q: parse errors: %v", text, errs)
	}
	if len(again) != 1 {
		t.Fatalf("canonical text %q: got %d moves, want 1", text, len(again))
	}
	if got, want := mechaFields(again[0]), mechaFields(move); got != want {
		t.Errorf("canonical text %q parses as %s, want %s", text, got, want)
	}
	if got := again[0].String(); got != text {
		t.Errorf("canonical text %q prints as %q", text, got)
	}
}

func TestMechaMoveForms(t *testing.T) {
	tests := []struct {
		src    string
		fields string
		text   string
	}{
		// Set-up moves.
		{"deck Starter", `deck named="Starter"`, "deck Starter"},
		{`deck "Starter Deck"`, `deck named="Starter Deck"`, `deck "Starter Deck"`},
		{`deck "Starter"`, `deck named="Starter"`, "deck Starter"},
		{`deck 12 "Radio Tower" 3 Scout 3 Bulwark`, `deck named="" items=[12*"Radio Tower" 3*"Scout" 3*"Bulwark"]`,
			`deck 12 "Radio Tower" 3 Scout 3 Bulwark`},
		{"deck 1 Scout", `deck named="" items=[1*"Scout"]`, "deck 1 Scout"},
		{"mulligan", "mulligan", "mulligan"},
		{"draw Scout", `draw ["Scout"]`, "draw Scout"},
		{`draw Scout "Radio Tower" Scout`, `draw ["Scout" "Radio Tower" "Scout"]`, `draw Scout "Radio Tower" Scout`},
		// Cards played.
		{"play Scout c1", `play by=- card="Scout" at=c1`, "play Scout c1"},
		{`play "Overclock" c3`, `play by=- card="Overclock" at=c3`, "play Overclock c3"},
		{`play "Radio Tower" a5`, `play by=- card="Radio Tower" at=a5`, `play "Radio Tower" a5`},
		{"play Reinforce", `play by=- card="Reinforce" at=`, "play Reinforce"},
		{"Ben play EMP c2", `play by="Ben" card="EMP" at=c2`, "Ben play EMP c2"},
		{"Ben play Reinforce", `play by="Ben" card="Reinforce" at=`, "Ben play Reinforce"},
		{`"Ann Lee" play EMP c2`, `play by="Ann Lee" card="EMP" at=c2`, `"Ann Lee" play EMP c2`},
		{`"Ben" play EMP`, `play by="Ben" card="EMP" at=`, "Ben play EMP"},
		// Units' actions.
		{"b1-b2", "act from=b1 path=[b2] target= direct=false damage=\"\"", "b1-b2"},
		{"b1-b2-b3-c3", "act from=b1 path=[b2 b3 c3] target= direct=false damage=\"\"", "b1-b2-b3-c3"},
		{"b3xc3", "act from=b3 path=[] target=c3 direct=false damage=\"\"", "b3xc3"},
		{"b1-b2xb4", "act from=b1 path=[b2] target=b4 direct=false damage=\"\"", "b1-b2xb4"},
		{"c5 direct", "act from=c5 path=[] target= direct=true damage=\"\"", "c5 direct"},
		{"c4-c5 direct", "act from=c4 path=[c5] target= direct=true damage=\"\"", "c4-c5 direct"},
		{"c5 direct Scout", "act from=c5 path=[] target= direct=true damage=\"Scout\"", "c5 direct Scout"},
		{`c4-c5 direct "Radio Tower"`, "act from=c4 path=[c5] target= direct=true damage=\"Radio Tower\"",
			`c4-c5 direct "Radio Tower"`},
		{"g5-g4xf4", "act from=g5 path=[g4] target=f4 direct=false damage=\"\"", "g5-g4xf4"},
		// End of turn and the rest.
		{"discard Scout", `discard "Scout"`, "discard Scout"},
		{"sacrifice c1", "sacrifice at=c1", "sacrifice c1"},
		{"skip draw Pheonix", `skip draw "Pheonix"`, "skip draw Pheonix"},
		{`skip draw "Radio Tower"`, `skip draw "Radio Tower"`, `skip draw "Radio Tower"`},
		// A position's declarations.
		{`tower "Radio Tower" a1`, `unit tower "Radio Tower" at=a1 pilot="" durability=- armour=-`, `tower "Radio Tower" a1`},
		{"mecha Scout c3", `unit mecha "Scout" at=c3 pilot="" durability=- armour=-`, "mecha Scout c3"},
		{"mecha Scout c3 pilot Ace", `unit mecha "Scout" at=c3 pilot="Ace" durability=- armour=-`, "mecha Scout c3 pilot Ace"},
		{"mecha Bulwark c3 armour 0", `unit mecha "Bulwark" at=c3 pilot="" durability=- armour=0`, "mecha Bulwark c3 armour 0"},
		{"mecha Scout c3 durability 1", `unit mecha "Scout" at=c3 pilot="" durability=1 armour=-`, "mecha Scout c3 durability 1"},
		{`mecha "Scout" g5 pilot "Jason \"The Looks\" Brannan" durability 12 armour 3`,
			`unit mecha "Scout" at=g5 pilot="Jason \"The Looks\" Brannan" durability=12 armour=3`,
			`mecha Scout g5 pilot "Jason \"The Looks\" Brannan" durability 12 armour 3`},
		{"tower Scout a1 pilot Ace", `unit tower "Scout" at=a1 pilot="Ace" durability=- armour=-`, "tower Scout a1 pilot Ace"},
		{"command Mine d3", `placed "Mine" at=d3 time=-`, "command Mine d3"},
		{"command Mine d3 time 1", `placed "Mine" at=d3 time=1`, "command Mine d3 time 1"},
		{`hand Scout "Radio Tower" Scout`, `zone hand ["Scout" "Radio Tower" "Scout"]`, `hand Scout "Radio Tower" Scout`},
		{"graveyard Hawk", `zone graveyard ["Hawk"]`, "graveyard Hawk"},
		{`damage Mine "Last Stand"`, `zone damage ["Mine" "Last Stand"]`, `damage Mine "Last Stand"`},
		{`top "Radio Tower" Scout`, `zone top ["Radio Tower" "Scout"]`, `top "Radio Tower" Scout`},
		// The move words are names in a list, as in a draw's.
		{"hand play draw", `zone hand ["play" "draw"]`, `hand "play" "draw"`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			move := parseMechaOne(t, tt.src)
			if got := mechaFields(move); got != tt.fields {
				t.Errorf("parsed as %s, want %s", got, tt.fields)
			}
			if got := move.String(); got != tt.text {
				t.Errorf("String() = %q, want %q", got, tt.text)
			}
			checkMechaRoundTrip(t, move)
		})
	}
}

func TestMechaForgivingSpacing(t *testing.T) {
	tests := []struct {
		src, text string
	}{
		{"b1 - b2", "b1-b2"},
		{"b1 -b2- b3", "b1-b2-b3"},
		{"b3 x c3", "b3xc3"},
		{"b1 - b2 x  b4", "b1-b2xb4"},
		{"b1-\tb2", "b1-b2"},
		{"b1-\n  b2", "b1-b2"},
		{"c5  direct", "c5 direct"},
		{"c4 - c5\tdirect   Scout", "c4-c5 direct Scout"},
		{"c5\ndirect\nScout", "c5 direct Scout"},
		{"play  Scout\tc1", "play Scout c1"},
		{"play\nScout\nc1", "play Scout c1"},
		{"Ben   play EMP  c2", "Ben play EMP c2"},
		{"deck  12 \"Radio Tower\"\n\t3 Scout", `deck 12 "Radio Tower" 3 Scout`},
		{"draw   Scout\t\"Radio Tower\"", `draw Scout "Radio Tower"`},
		{"skip  draw\tPheonix", "skip draw Pheonix"},
		{"sacrifice\tc1", "sacrifice c1"},
		{"discard  Scout", "discard Scout"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			move := parseMechaOne(t, tt.src)
			canon := parseMechaOne(t, tt.text)
			if got, want := mechaFields(move), mechaFields(canon); got != want {
				t.Errorf("parsed as %s, want %s (as %q)", got, want, tt.text)
			}
			if got := move.String(); got != tt.text {
				t.Errorf("String() = %q, want %q", got, tt.text)
			}
			checkMechaRoundTrip(t, move)
		})
	}
}

// Names: bare when notation.BareName allows it, else quoted, and always
// read back as the same name.
func TestMechaNames(t *testing.T) {
	tests := []struct {
		src    string
		fields string
		text   string
	}{
		{`draw "Jason \"The Looks\" Brannan"`, `draw ["Jason \"The Looks\" Brannan"]`, `draw "Jason \"The Looks\" Brannan"`},
		{`play "Jason \"The Looks\" Brannan" c1`, `play by=- card="Jason \"The Looks\" Brannan" at=c1`,
			`play "Jason \"The Looks\" Brannan" c1`},
		{`discard "Tab\there"`, `discard "Tab\there"`, `discard "Tab\there"`},
		{`draw "Pilot's Wings" Pilot's`, `draw ["Pilot's Wings" "Pilot's"]`, `draw "Pilot's Wings" Pilot's`},
		{`draw Émile "Zoë"`, `draw ["Émile" "Zoë"]`, `draw Émile Zoë`},
		{`draw "Scout" Scout`, `draw ["Scout" "Scout"]`, "draw Scout Scout"},
		// A name that does not begin with a capital is printed quoted.
		{"draw scout", `draw ["scout"]`, `draw "scout"`},
		{"play scout c1", `play by=- card="scout" at=c1`, `play "scout" c1`},
		{"deck starter", `deck named="starter"`, `deck "starter"`},
		{"c5 direct scout", "act from=c5 path=[] target= direct=true damage=\"scout\"", `c5 direct "scout"`},
		// An escape Go does not know keeps its backslash, and is then
		// written so that Go reads it.
		{`draw "a\qb"`, `draw ["a\\qb"]`, `draw "a\\qb"`},
		// Names the lexer would read as something else must be quoted.
		{`draw "xenon" Xenon`, `draw ["xenon" "Xenon"]`, `draw "xenon" Xenon`},
		{`draw "c3" "12" "Radio-Tower" "A,B"`, `draw ["c3" "12" "Radio-Tower" "A,B"]`, `draw "c3" "12" "Radio-Tower" "A,B"`},
		{`draw ""`, `draw [""]`, `draw ""`},
		// The move words are names like any other where a name is expected.
		{"play play c1", `play by=- card="play" at=c1`, `play "play" c1`},
		{`play "play" c1`, `play by=- card="play" at=c1`, `play "play" c1`},
		{`draw "play" deck draw mulligan discard sacrifice skip direct`,
			`draw ["play" "deck" "draw" "mulligan" "discard" "sacrifice" "skip" "direct"]`,
			`draw "play" "deck" "draw" "mulligan" "discard" "sacrifice" "skip" "direct"`},
		{`deck "deck"`, `deck named="deck"`, `deck "deck"`},
		{"discard skip", `discard "skip"`, `discard "skip"`},
		{"skip draw draw", `skip draw "draw"`, `skip draw "draw"`},
		{`c5 direct "direct"`, "act from=c5 path=[] target= direct=true damage=\"direct\"", `c5 direct "direct"`},
		{`"play" play EMP c2`, `play by="play" card="EMP" at=c2`, `"play" play EMP c2`},
		{`"ben" play EMP c2`, `play by="ben" card="EMP" at=c2`, `"ben" play EMP c2`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			move := parseMechaOne(t, tt.src)
			if got := mechaFields(move); got != tt.fields {
				t.Errorf("parsed as %s, want %s", got, tt.fields)
			}
			if got := move.String(); got != tt.text {
				t.Errorf("String() = %q, want %q", got, tt.text)
			}
			checkMechaRoundTrip(t, move)
		})
	}
	bare := notation.BareName(MechaLexer)
	for name, want := range map[string]bool{
		"Scout": true, "Pheonix": true, "EMP": true, "Pilot's": true, "Xenon": true, "Émile": true,
		"scout": false, "xenon": false, "play": false, "direct": false, "Radio Tower": false,
		"c3": false, "12": false, "": false, `Say"`: false,
	} {
		if got := bare(name); got != want {
			t.Errorf("BareName(%q) = %v, want %v", name, got, want)
		}
		if got := MechaName(name).String(); (got == name) != want {
			t.Errorf("MechaName(%q).String() = %s: bare is %v, want %v", name, got, got == name, want)
		}
	}
}

func TestMechaPlayActor(t *testing.T) {
	play := parseMechaOne(t, "Ben play EMP c2").(*MechaPlay)
	if play.Actor() == nil || play.Actor().Text() != "Ben" || play.Actor() != play.By {
		t.Errorf("Actor() = %v, want Ben", play.Actor())
	}
	if s := play.Span(); s.Start.Column != 9 || s.End.Column != 24 {
		t.Errorf("span 1:%d-1:%d, want 1:9-1:24 (from the player's name)", s.Start.Column, s.End.Column)
	}
	quoted := parseMechaOne(t, `"Ann Lee" play EMP`).(*MechaPlay)
	if quoted.Actor() == nil || quoted.Actor().Text() != "Ann Lee" {
		t.Errorf("Actor() = %v, want Ann Lee", quoted.Actor())
	}
	own := parseMechaOne(t, "play Scout").(*MechaPlay)
	if own.Actor() != nil || own.By != nil {
		t.Errorf("Actor() = %v, want nil", own.Actor())
	}
	if own.At != "" {
		t.Errorf("At = %q, want none", own.At)
	}
}

// Moves the referee builds itself (legal moves, random games) print in the
// canonical form.
func TestMechaConstructedMoves(t *testing.T) {
	tests := []struct {
		move MechaMove
		text string
	}{
		{&MechaDeck{Named: "Starter"}, "deck Starter"},
		{&MechaDeck{Items: []*MechaDeckItem{{Count: 12, Card: "Radio Tower"}, {Count: 3, Card: "Scout"}}},
			`deck 12 "Radio Tower" 3 Scout`},
		{&MechaDraw{Cards: []MechaName{"Scout", "radio"}}, `draw Scout "radio"`},
		{&MechaMulligan{}, "mulligan"},
		{&MechaPlay{Card: "Radio Tower", At: "c3"}, `play "Radio Tower" c3`},
		{&MechaPlay{By: &notation.PlayerRef{Name: "Ben"}, Card: "EMP", At: "c2"}, "Ben play EMP c2"},
		{&MechaPlay{By: &notation.PlayerRef{Name: `"Ann Lee"`}, Card: "Reinforce"}, `"Ann Lee" play Reinforce`},
		{&MechaAct{From: "b1", Path: []string{"b2", "b3"}}, "b1-b2-b3"},
		{&MechaAct{From: "b1", Path: []string{"b2"}, Target: "b4"}, "b1-b2xb4"},
		{&MechaAct{From: "c5", Direct: true, DamageCard: "Scout"}, "c5 direct Scout"},
		{&MechaDiscard{Card: "xenon"}, `discard "xenon"`},
		{&MechaSacrifice{At: "c1"}, "sacrifice c1"},
		{&MechaSkip{Card: "Pheonix"}, "skip draw Pheonix"},
		{&MechaUnit{Kind: "tower", Card: "Radio Tower", At: "a1"}, `tower "Radio Tower" a1`},
		{&MechaUnit{Kind: "mecha", Card: "Scout", At: "c3", Pilot: "Ace", Durability: &MechaCount{N: 2}, Armour: &MechaCount{N: 0}},
			"mecha Scout c3 pilot Ace durability 2 armour 0"},
		{&MechaPlaced{Card: "Mine", At: "d3", Time: &MechaCount{N: 1}}, "command Mine d3 time 1"},
		{&MechaPlaced{Card: "mine", At: "d3"}, `command "mine" d3`},
		{&MechaZone{Zone: "hand", Cards: []MechaName{"Scout", "Radio Tower"}}, `hand Scout "Radio Tower"`},
		{&MechaZone{Zone: "top", Cards: []MechaName{"xenon"}}, `top "xenon"`},
	}
	for _, tt := range tests {
		if got := tt.move.String(); got != tt.text {
			t.Errorf("%T String() = %q, want %q", tt.move, got, tt.text)
			continue
		}
		checkMechaRoundTrip(t, tt.move)
	}
}

func TestMechaMoveListAndSpans(t *testing.T) {
	moves, errs := parseMechaMoves(t, `play Scout c1, b1-b2-b3,b3xc3 , c5 direct, Ben play "EMP" c2`)
	if errs != nil {
		t.Fatalf("parse errors: %v", errs)
	}
	checkMoveSpans(t, moves, []moveSpan{
		{"play Scout c1", 9, 22},
		{"b1-b2-b3", 24, 32},
		{"b3xc3", 33, 38},
		{"c5 direct", 41, 50},
		{"Ben play EMP c2", 52, 69},
	})
}

// A whole transcript: set-up lines, turns over several lines, the other
// player's command, and a draw list or damage card just before the next
// line's "Name:" or "result:".
func TestMechaTranscript(t *testing.T) {
	src := `[Game "mecha"]
[Players "Ann" "Ben"]

Ann: deck Starter, draw Scout "Radio Tower" Scout Bulwark
Ben: deck 12 "Radio Tower" 3 Scout, draw EMP Scout
Ben: mulligan, draw Scout EMP

1. Ann: play Scout c1 ; a comment
2. Ben: play "Radio Tower" e5,
   Ann play Overclock c1,
   discard EMP
3. Ann: c1-c2-c3, c3xd3 { brace }, skip draw Pheonix
4. Ben: sacrifice e5, d5 direct Scout
result: Ben wins
`
	p := Mecha.Parse("game.mecha", src)
	if len(p.Errors) > 0 {
		t.Fatalf("errors: %v", p.Errors)
	}
	var got []string
	for _, st := range p.File.Statements {
		var moves []notation.Move
		switch {
		case st.Setup != nil:
			moves = st.Setup.Moves
			got = append(got, "setup "+st.Setup.Player.Text())
		case st.Turn != nil:
			moves = st.Turn.Moves
			got = append(got, fmt.Sprintf("turn %d %s", st.Turn.Number, st.Turn.Player.Text()))
		default:
			continue
		}
		for _, m := range moves {
			got = append(got, "  "+m.String())
		}
	}
	want := []string{
		"setup Ann", "  deck Starter", `  draw Scout "Radio Tower" Scout Bulwark`,
		"setup Ben", `  deck 12 "Radio Tower" 3 Scout`, "  draw EMP Scout",
		"setup Ben", "  mulligan", "  draw Scout EMP",
		"turn 1 Ann", "  play Scout c1",
		"turn 2 Ben", `  play "Radio Tower" e5`, "  Ann play Overclock c1", "  discard EMP",
		"turn 3 Ann", "  c1-c2-c3", "  c3xd3", "  skip draw Pheonix",
		"turn 4 Ben", "  sacrifice e5", "  d5 direct Scout",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("parsed:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The command played in Ben's turn is Ann's.
	play := p.File.Statements[6].Turn.Moves[1].(*MechaPlay)
	if play.Actor() == nil || play.Actor().Text() != "Ann" {
		t.Errorf("Actor() = %v, want Ann", play.Actor())
	}
	if s := play.Span(); s.Start.Line != 10 || s.Start.Column != 4 {
		t.Errorf("Ann's play starts at %d:%d, want 10:4", s.Start.Line, s.Start.Column)
	}
}

// mechaRaw tells whether a message shows participle's notation or wording
// rather than words: the move description's own parentheses aside, no
// message has <, |, (, ), a production's name, or "unexpected token".
func mechaRaw(msg string) bool {
	msg = strings.ReplaceAll(msg, MechaMoveWords, "")
	if strings.ContainsAny(msg, "<>|()") {
		return true
	}
	return regexp.MustCompile(`unexpected token|Mecha[A-Z]|PlayerRef|Statement|<[a-z]+>|\?!|internal error`).MatchString(msg)
}

func TestMechaMalformedMoves(t *testing.T) {
	const move = MechaMoveWords
	const card = `a card name like Scout or "Radio Tower"`
	const cardOrUnknown = card + `, or ? for a card nobody recorded`
	const square = "a square like c3"
	const step = `"-" and a square to move to, "x" and a square to attack, or "direct"`
	tests := []struct {
		src string
		col int // of the error on line 1
		msg string
	}{
		{"play", 13, `expected ` + card + `, found the end of the line`},
		{"play c1", 14, `expected ` + card + `, found "c1"`},
		{"play Scout c1 c2", 23, `expected ` + move + `, or "," between moves, found "c2"`},
		{"play Scout Radio", 20, `expected ` + move + `, or "," between moves, found "Radio"; if "Scout Radio" is one name, quote it`},
		{"Ben play", 17, `expected ` + card + `, found the end of the line`},
		{"Ben plays EMP c2", 13, `expected "play" after a player's name, as in Ben play EMP c2, found "plays"`},
		{"Scout c1", 15, `expected "play" after a player's name, as in Ben play EMP c2, found "c1"`},
		{"b1-", 12, `expected ` + square + `, found the end of the line`},
		{"b1x", 12, `expected ` + square + `, found the end of the line`},
		{"b1-b2-", 15, `expected ` + square + `, found the end of the line`},
		{"b1-b2x", 15, `expected ` + square + `, found the end of the line`},
		{"b1-Scout", 12, `expected ` + square + `, found "Scout"`},
		{"b1x direct", 13, `expected ` + square + `, found "direct"`},
		{"b1 b2", 12, `expected ` + step + `, found "b2"`},
		{"b1", 11, `expected ` + step + `, found the end of the line`},
		{"b1, b2-b3", 11, `expected ` + step + `, found ","`},
		{"b1 Scout", 12, `expected ` + step + `, found "Scout"`},
		{"b1-b2 b3", 15, `expected ` + move + `, or "," between moves, found "b3"`},
		{"b1xb2-b3", 14, `expected ` + move + `, or "," between moves, found "-"`},
		{"b1xb2 direct", 15, `expected ` + move + `, or "," between moves, found "direct"`},
		{"c5 direct direct", 19, `expected ` + move + `, or "," between moves, found "direct"`},
		{"c5 direct c3", 19, `expected ` + move + `, or "," between moves, found "c3"`},
		{"deck", 13, `expected a deck name like Starter or "Starter Deck", counts and card names like 12 "Radio Tower" 3 Scout, or ?, found the end of the line`},
		{"deck 12", 16, `expected ` + cardOrUnknown + `, found the end of the line`},
		{"deck 12 Scout 3", 24, `expected ` + cardOrUnknown + `, found the end of the line`},
		{"deck 12 Scout Bulwark", 23, `expected ` + move + `, or "," between moves, found "Bulwark"; if "Scout Bulwark" is one name, quote it`},
		{"deck Starter 3 Scout", 22, `expected ` + move + `, or "," between moves, found "3"`},
		{"draw", 13, `expected ` + cardOrUnknown + `, found the end of the line`},
		{"draw 12", 14, `expected ` + cardOrUnknown + `, found "12"`},
		{"draw xenon", 14, `expected ` + cardOrUnknown + `, found "x"`},
		{"mulligan Scout", 18, `expected ` + move + `, or "," between moves, found "Scout"`},
		{"discard", 16, `expected ` + card + `, found the end of the line`},
		{"discard c1", 17, `expected ` + card + `, found "c1"`},
		{"sacrifice", 18, `expected ` + square + `, found the end of the line`},
		{"sacrifice Scout", 19, `expected ` + square + `, found "Scout"`},
		{"skip Pheonix", 14, `expected "draw" after "skip", as in skip draw Pheonix, found "Pheonix"`},
		{"skip draw", 18, `expected ` + card + `, found the end of the line`},
		{"b1-b2,", 15, `expected ` + move + `, found the end of the line`},
		{"b1-b2,, b2-c3", 15, `expected ` + move + `, found ","`},
		{"12 Scout", 9, `expected ` + move + `, or "," between moves, found "12"`},
		{"-b2", 9, `expected ` + move + `, or "," between moves, found "-"`},
		// A position's declarations.
		{"tower", 14, `expected ` + card + `, found the end of the line`},
		{"mecha Scout", 20, `expected ` + square + `, found the end of the line`},
		{"tower Scout Bulwark", 21, `expected ` + square + `, found "Bulwark"`},
		{"mecha Scout c3 pilot", 29, `expected ` + card + `, found the end of the line`},
		{"mecha Scout c3 pilot c4", 30, `expected ` + card + `, found "c4"`},
		{"mecha Scout c3 durability", 34, `expected a number of counters like 2, found the end of the line`},
		{"mecha Scout c3 armour Ace", 31, `expected a number of counters like 2, found "Ace"`},
		{"mecha Scout c3 armour 1 durability 2", 33, `expected ` + move + `, or "," between moves, found "durability"`},
		{"command Mine", 21, `expected ` + square + `, found the end of the line`},
		{"command Mine d3 time", 29, `expected a number of counters like 2, found the end of the line`},
		{"hand", 13, `expected ` + cardOrUnknown + `, found the end of the line`},
		{"hand c3", 14, `expected ` + cardOrUnknown + `, found "c3"`},
		{"top 3", 13, `expected ` + cardOrUnknown + `, found "3"`},
		{"graveyard", 18, `expected ` + cardOrUnknown + `, found the end of the line`},
		{"damage", 15, `expected ` + cardOrUnknown + `, found the end of the line`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, errs := parseMechaMoves(t, tt.src)
			checkOneError(t, errs, tt.col, tt.msg)
			e := errs[0]
			if mechaRaw(e.Msg) {
				t.Errorf("message shows grammar notation: %s", e.Msg)
			}
		})
	}
}

// Errors in set-up lines and on later lines of a turn are placed as well.
func TestMechaErrorsInTranscript(t *testing.T) {
	src := "Ann: deck 12\n" +
		"Ben: draw Scout, mulligan\n" +
		"1. Ann: play Scout c1,\n" +
		"   b1 b2\n" +
		"2. Ben: skip Pheonix\n"
	want := []string{
		`1:13: expected a card name like Scout or "Radio Tower", or ? for a card nobody recorded, found the end of the line`,
		`4:7: expected "-" and a square to move to, "x" and a square to attack, or "direct", found "b2"`,
		`5:14: expected "draw" after "skip", as in skip draw Pheonix, found "Pheonix"`,
	}
	p := Mecha.Parse("game.mecha", src)
	var got []string
	for _, e := range p.Errors {
		got = append(got, fmt.Sprintf("%d:%d: %s", e.Span.Start.Line, e.Span.Start.Column, e.Msg))
		if mechaRaw(e.Msg) {
			t.Errorf("message shows grammar notation: %s", e.Msg)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Every expectation the Mecha productions can produce is put into words:
// each key of the map names a piece of the grammar as participle prints it.
func TestMechaExpectKeys(t *testing.T) {
	ebnf := Mecha.EBNF()
	for key, words := range mechaExpect() {
		if key != "Move" && !strings.Contains(ebnf, key) {
			t.Errorf("expectation %q is not in the grammar:\n%s", key, ebnf)
		}
		if mechaRaw(words) {
			t.Errorf("words for %q show grammar notation: %s", key, words)
		}
	}
}

func TestMechaEBNF(t *testing.T) {
	ebnf := Mecha.EBNF()
	for _, prod := range []string{"Move", "MechaDeck", "MechaDeckItem", "MechaDraw", "MechaMulligan",
		"MechaPlay", "MechaAct", "MechaDiscard", "MechaSacrifice", "MechaSkip",
		"MechaUnit", "MechaCount", "MechaPlaced", "MechaZone"} {
		if !regexp.MustCompile(`(?m)^` + prod + ` = `).MatchString(ebnf) {
			t.Errorf("no production %s in:\n%s", prod, ebnf)
		}
	}
	for _, word := range []string{"deck", "draw", "mulligan", "play", "direct", "discard", "sacrifice", "skip", "-", "x",
		"tower", "mecha", "pilot", "durability", "armour", "command", "time", "hand", "graveyard", "damage", "top"} {
		if !strings.Contains(ebnf, `"`+word+`"`) {
			t.Errorf("EBNF lacks %q:\n%s", word, ebnf)
		}
	}
	for _, want := range []string{
		`Move = MechaDeck | MechaDraw | MechaMulligan | MechaUnit | MechaPlaced | MechaZone | MechaPlay | MechaAct | MechaDiscard | MechaSacrifice | MechaSkip .`,
		`MechaZone = ("hand" | "graveyard" | "damage" | "top") ((?! (<ident> | <string>) ":") (<ident> | <string> | <unknown>))+ .`,
		`MechaPlay = ("play" | (PlayerRef "play")) (<ident> | <string>) <square>? .`,
		`MechaSacrifice = "sacrifice" <square> .`,
		`MechaSkip = "skip" "draw" (<ident> | <string>) .`,
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

func TestMechaLexer(t *testing.T) {
	names := map[int]string{}
	for name, typ := range MechaLexer.Symbols() {
		names[int(typ)] = name
	}
	tests := []struct {
		src  string
		want string
	}{
		{"a1 g5 c10", "Square:a1 Square:g5 Square:c10"},
		{"b1-b2xc3", "Square:b1 Punct:- Square:b2 Punct:x Square:c3"},
		{"Scout Pheonix EMP Pilot's", "Ident:Scout Ident:Pheonix Ident:EMP Ident:Pilot's"},
		{`"Radio Tower" "x"`, `String:"Radio Tower" String:"x"`},
		{"play deck direct", "Ident:play Ident:deck Ident:direct"},
		// A lowercase x is an attack's, so such a name must be quoted.
		{"xenon Xenon", "Punct:x Ident:enon Ident:Xenon"},
		{"12 Scout", "Int:12 Ident:Scout"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			lex, err := MechaLexer.LexString("", tt.src)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for {
				tok, err := lex.Next()
				if err != nil {
					t.Fatal(err)
				}
				if tok.EOF() {
					break
				}
				if name := names[int(tok.Type)]; name != "Whitespace" {
					got = append(got, name+":"+tok.Value)
				}
			}
			if strings.Join(got, " ") != tt.want {
				t.Errorf("tokens %s, want %s", strings.Join(got, " "), tt.want)
			}
		})
	}
}
