package grammar

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/notation"
)

// parseDaemonMoves parses text as the moves of one turn (after turnPrefix,
// so a move's first character is column 9).
func parseDaemonMoves(t *testing.T, text string) ([]notation.Move, []*notation.Error) {
	t.Helper()
	p := Daemon.Parse("test.daemon", turnPrefix+text)
	if len(p.Errors) > 0 {
		return nil, p.Errors
	}
	if len(p.File.Statements) != 1 || p.File.Statements[0].Turn == nil {
		t.Fatalf("%q: want one turn, got %d statements", text, len(p.File.Statements))
	}
	return p.File.Statements[0].Turn.Moves, nil
}

// daemonFields shows a move's node type and its fields as parsed.
func daemonFields(m notation.Move) string {
	switch m := m.(type) {
	case *DaemonDraft:
		return fmt.Sprintf("draft %q", string(m.Module))
	case *DaemonMain:
		return fmt.Sprintf("main %q", string(m.Module))
	case *DaemonMulligan:
		var cards []string
		for _, c := range m.Cards {
			cards = append(cards, string(c))
		}
		return fmt.Sprintf("mulligan %q", cards)
	case *DaemonKeep:
		return fmt.Sprintf("keep %v", m.Keep)
	case *DaemonDraw:
		return fmt.Sprintf("draw %q", plainNames(m.Cards))
	case *DaemonSecure:
		return fmt.Sprintf("secure %q", plainNames(m.Cards))
	case *DaemonPlay:
		return fmt.Sprintf("play %q target=%q", string(m.Card), string(m.Target))
	case *DaemonActivate:
		return fmt.Sprintf("activate %q target=%q", string(m.Card), string(m.Target))
	case *DaemonTrash:
		return fmt.Sprintf("trash %q", string(m.Card))
	case *DaemonAttack:
		return fmt.Sprintf("attack %q target=%q", string(m.Attacker), string(m.Target))
	case *DaemonReveal:
		return fmt.Sprintf("reveal %q", string(m.Card))
	case *DaemonRefresh:
		return fmt.Sprintf("refresh %v", m.Refresh)
	case *DaemonBurn:
		return fmt.Sprintf("burn %v", m.Burn)
	case *DaemonModules:
		return fmt.Sprintf("modules %q", daemonNames(m.Modules))
	case *DaemonMemory:
		return fmt.Sprintf("memory %d", m.N)
	case *DaemonGrip:
		return fmt.Sprintf("grip %q", daemonNames(m.Cards))
	case *DaemonSecurity:
		return fmt.Sprintf("security %s %q", daemonCount(m.Count), daemonNames(m.Cards))
	case *DaemonDeck:
		return fmt.Sprintf("deck %s %q", daemonCount(m.Count), daemonNames(m.Cards))
	case *DaemonHeap:
		return fmt.Sprintf("heap %q", daemonNames(m.Cards))
	case *DaemonScripts:
		return fmt.Sprintf("scripts %q", daemonNames(m.Cards))
	case *DaemonField:
		return fmt.Sprintf("field spent=%v loading=%v %q", m.Spent, m.Loading, daemonNames(m.Cards))
	}
	return fmt.Sprintf("unknown %T", m)
}

func plainNames(names []Name) []string {
	var out []string
	for _, n := range names {
		out = append(out, string(n))
	}
	return out
}

func daemonNames(names []DaemonName) []string {
	var out []string
	for _, n := range names {
		out = append(out, string(n))
	}
	return out
}

// daemonCount shows a declaration's count, or "-" when it lists cards.
func daemonCount(n *int) string {
	if n == nil {
		return "-"
	}
	return fmt.Sprint(*n)
}

func TestDaemonMoveForms(t *testing.T) {
	tests := []struct {
		src    string
		fields string
		text   string
	}{
		{"draft Firewall", `draft "Firewall"`, "draft Firewall"},
		{`draft "Fire Wall"`, `draft "Fire Wall"`, `draft "Fire Wall"`},
		{"main Worm", `main "Worm"`, "main Worm"},
		{"mulligan Sentry", `mulligan ["Sentry"]`, "mulligan Sentry"},
		{`mulligan Sentry "Sentry Mk II" Patch`, `mulligan ["Sentry" "Sentry Mk II" "Patch"]`, `mulligan Sentry "Sentry Mk II" Patch`},
		{"keep", "keep true", "keep"},
		// Cards nobody recorded, written ?, in a game without a seed.
		{"mulligan ? Sentry ?", `mulligan ["?" "Sentry" "?"]`, "mulligan ? Sentry ?"},
		{"draw Sentry", `draw ["Sentry"]`, "draw Sentry"},
		{`draw ? "Sentry Mk II" ?`, `draw ["?" "Sentry Mk II" "?"]`, `draw ? "Sentry Mk II" ?`},
		{"draw ?? ?", `draw ["?" "?" "?"]`, "draw ? ? ?"},
		{"secure ? ? ? ? ?", `secure ["?" "?" "?" "?" "?"]`, "secure ? ? ? ? ?"},
		{"secure Sentry ? Patch", `secure ["Sentry" "?" "Patch"]`, "secure Sentry ? Patch"},
		{"reveal ?", `reveal "?"`, "reveal ?"},
		{"grip Sentry ? ?", `grip ["Sentry" "?" "?"]`, "grip Sentry ? ?"},
		{"security ? ? Patch", `security - ["?" "?" "Patch"]`, "security ? ? Patch"},
		{"play Sentry", `play "Sentry" target=""`, "play Sentry"},
		{"play Payload Sentry", `play "Payload" target="Sentry"`, "play Payload Sentry"},
		{`play "Payload"`, `play "Payload" target=""`, "play Payload"},
		{"activate Indexer", `activate "Indexer" target=""`, "activate Indexer"},
		{"activate Turbine Sentry", `activate "Turbine" target="Sentry"`, "activate Turbine Sentry"},
		{"trash Coolant", `trash "Coolant"`, "trash Coolant"},
		{"attack Sentry", `attack "Sentry" target=""`, "attack Sentry"},
		{"attack Sentry Warden", `attack "Sentry" target="Warden"`, "attack Sentry Warden"},
		{"reveal Patch", `reveal "Patch"`, "reveal Patch"},
		{"refresh", "refresh true", "refresh"},
		{"burn", "burn true", "burn"},
		// A card named like a move word is quoted when printed.
		{"attack Sentry burn", `attack "Sentry" target="burn"`, `attack Sentry "burn"`},
		// The declarations of a position.
		{"modules Firewall Worm Blitz", `modules ["Firewall" "Worm" "Blitz"]`, "modules Firewall Worm Blitz"},
		{`modules "Fire Wall" Worm "Blitz"`, `modules ["Fire Wall" "Worm" "Blitz"]`, `modules "Fire Wall" Worm Blitz`},
		{"memory 3", "memory 3", "memory 3"},
		{"memory 0", "memory 0", "memory 0"},
		{"grip Sentry", `grip ["Sentry"]`, "grip Sentry"},
		{`grip Sentry "Sentry Mk II" Sentry`, `grip ["Sentry" "Sentry Mk II" "Sentry"]`, `grip Sentry "Sentry Mk II" Sentry`},
		{"security Sentry Patch", `security - ["Sentry" "Patch"]`, "security Sentry Patch"},
		{"security 3", `security 3 []`, "security 3"},
		{"security 0", `security 0 []`, "security 0"},
		{"deck Worm Patch Worm", `deck - ["Worm" "Patch" "Worm"]`, "deck Worm Patch Worm"},
		{"deck 20", `deck 20 []`, "deck 20"},
		{"heap Patch", `heap ["Patch"]`, "heap Patch"},
		{"scripts Coolant Coolant", `scripts ["Coolant" "Coolant"]`, "scripts Coolant Coolant"},
		{"field Sentry Warden", `field spent=false loading=false ["Sentry" "Warden"]`, "field Sentry Warden"},
		{"field spent Sentry", `field spent=true loading=false ["Sentry"]`, "field spent Sentry"},
		{"field loading Sentry", `field spent=false loading=true ["Sentry"]`, "field loading Sentry"},
		{"field spent loading Sentry", `field spent=true loading=true ["Sentry"]`, "field spent loading Sentry"},
		// A card named like a declaration word is a quoted name.
		{`field "spent"`, `field spent=false loading=false ["spent"]`, `field "spent"`},
		{`grip "deck" Sentry`, `grip ["deck" "Sentry"]`, `grip "deck" Sentry`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			moves, errs := parseDaemonMoves(t, tt.src)
			if errs != nil || len(moves) != 1 {
				t.Fatalf("got %d moves, errors %v; want one move", len(moves), errs)
			}
			if got := daemonFields(moves[0]); got != tt.fields {
				t.Errorf("parsed as %s, want %s", got, tt.fields)
			}
			if got := moves[0].String(); got != tt.text {
				t.Errorf("String() = %q, want %q", got, tt.text)
			}
			again, errs := parseDaemonMoves(t, moves[0].String())
			if errs != nil || len(again) != 1 || daemonFields(again[0]) != tt.fields {
				t.Errorf("canonical %q parses back as %v (errors %v)", moves[0].String(), again, errs)
			}
		})
	}
}

// Spacing is free between tokens, and moves keep their own spans.
func TestDaemonMoveListAndSpans(t *testing.T) {
	moves, errs := parseDaemonMoves(t, `attack Sentry,reveal Patch ,  refresh`)
	if errs != nil {
		t.Fatalf("parse errors: %v", errs)
	}
	checkMoveSpans(t, moves, []moveSpan{
		{"attack Sentry", 9, 22},
		{"reveal Patch", 23, 35},
		{"refresh", 39, 46},
	})
}

// Set-up lines, and optional second names that stop before the next
// line's "Ben:" or "result:".
func TestDaemonTranscript(t *testing.T) {
	src := `[Game "daemon"]
[Players "Ann" "Ben"]
[Seed "7"]

Ann: draft Firewall
Ben: draft Worm, draft Blitz
Ann: main Firewall, mulligan Sentry
Ben: keep
1. Ann: play Sentry
2. Ben: attack Larva
result: unfinished
`
	p := Daemon.Parse("game.daemon", src)
	if len(p.Errors) > 0 {
		t.Fatalf("parse errors: %v", p.Errors)
	}
	var got []string
	for _, st := range p.File.Statements {
		switch {
		case st.Setup != nil:
			for _, m := range st.Setup.Moves {
				got = append(got, st.Setup.Player.Text()+": "+daemonFields(m))
			}
		case st.Turn != nil:
			for _, m := range st.Turn.Moves {
				got = append(got, fmt.Sprintf("%d. %s: %s", st.Turn.Number, st.Turn.Player.Text(), daemonFields(m)))
			}
		case st.Result != nil:
			got = append(got, "result")
		}
	}
	want := []string{
		`Ann: draft "Firewall"`,
		`Ben: draft "Worm"`,
		`Ben: draft "Blitz"`,
		`Ann: main "Firewall"`,
		`Ann: mulligan ["Sentry"]`,
		"Ben: keep true",
		`1. Ann: play "Sentry" target=""`,
		`2. Ben: attack "Larva" target=""`,
		"result",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("statements:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A position: declarations on set-up lines, their lists stopping before
// the next line's "Ben:", and a first turn of any number.
func TestDaemonPositionTranscript(t *testing.T) {
	src := `[Game "daemon"]
[Players "Ann" "Ben"]
[Seed "7"]

Ann: modules Firewall Worm Blitz, main Firewall, memory 2, grip Sentry Patch,
     security 3, field spent Sentry Sentry
Ben: modules Alarm Dig Mainframe, main Dig, deck Probe Probe
     Sentry, heap Patch
Ben: scripts Coolant
12. Ben: play Sentry
result: unfinished
`
	p := Daemon.Parse("game.daemon", src)
	if len(p.Errors) > 0 {
		t.Fatalf("parse errors: %v", p.Errors)
	}
	var got []string
	for _, st := range p.File.Statements {
		switch {
		case st.Setup != nil:
			for _, m := range st.Setup.Moves {
				got = append(got, st.Setup.Player.Text()+": "+daemonFields(m))
			}
		case st.Turn != nil:
			for _, m := range st.Turn.Moves {
				got = append(got, fmt.Sprintf("%d. %s: %s", st.Turn.Number, st.Turn.Player.Text(), daemonFields(m)))
			}
		}
	}
	want := []string{
		`Ann: modules ["Firewall" "Worm" "Blitz"]`,
		`Ann: main "Firewall"`,
		`Ann: memory 2`,
		`Ann: grip ["Sentry" "Patch"]`,
		`Ann: security 3 []`,
		`Ann: field spent=true loading=false ["Sentry" "Sentry"]`,
		`Ben: modules ["Alarm" "Dig" "Mainframe"]`,
		`Ben: main "Dig"`,
		`Ben: deck - ["Probe" "Probe" "Sentry"]`,
		`Ben: heap ["Patch"]`,
		`Ben: scripts ["Coolant"]`,
		`12. Ben: play "Sentry" target=""`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("statements:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A list left without its comma stops at the next line's player.
	p = Daemon.Parse("game.daemon", "[Game \"daemon\"]\nAnn: grip Sentry\nBen: grip Patch\n")
	if len(p.Errors) > 0 {
		t.Fatalf("parse errors: %v", p.Errors)
	}
	if n := len(p.File.Statements); n != 3 {
		t.Errorf("%d statements, want the tag and two set-up lines", n)
	}
}

// daemonRaw tells whether a message shows participle's notation rather
// than words.
func daemonRaw(msg string) bool {
	msg = strings.ReplaceAll(msg, DaemonMoveWords, "")
	if strings.ContainsAny(msg, "<>|()") {
		return true
	}
	return regexp.MustCompile(`unexpected token|Daemon[A-Z]|PlayerRef|Statement|\?!|internal error`).MatchString(msg)
}

func TestDaemonMalformedMoves(t *testing.T) {
	const move = DaemonMoveWords
	const name = `a card or module name like Sentry or "Sentry Mk II"`
	const card = `a card name like Sentry or "Sentry Mk II", or ? for a card nobody recorded`
	const list = `card names, as in grip Sentry Patch or modules Firewall Worm Blitz`
	const countOr = `a count or card names, top first, as in security 3 or deck Sentry Patch`
	tests := []struct {
		src string
		col int
		msg string
	}{
		{"draft", 14, `expected ` + name + `, found the end of the line`},
		{"draft 2", 15, `expected ` + name + `, found "2"`},
		{"main", 13, `expected ` + name + `, found the end of the line`},
		{"mulligan", 17, `expected ` + name + `, found the end of the line`},
		{"draw", 13, `expected ` + card + `, found the end of the line`},
		{"draw 3", 14, `expected ` + card + `, found "3"`},
		{"secure", 15, `expected ` + card + `, found the end of the line`},
		{"secure ? ?, ?", 21, `expected ` + move + `, found "?"`},
		{"keep Sentry", 14, `expected ` + move + `, or "," between moves, found "Sentry"`},
		{"play", 13, `expected ` + name + `, found the end of the line`},
		{"play xenon", 14, `expected ` + name + `, found "x"`},
		{"activate", 17, `expected ` + name + `, found the end of the line`},
		{"attack", 15, `expected ` + name + `, found the end of the line`},
		{"attack 3", 16, `expected ` + name + `, found "3"`},
		{"attack Sentry Warden Bastion", 30, `expected ` + move + `, or "," between moves, found "Bastion"; if "Warden Bastion" is one name, quote it`},
		{"reveal", 15, `expected ` + name + `, found the end of the line`},
		{"reveal ? ?", 18, `expected ` + move + `, or "," between moves, found "?"`},
		{"trash", 14, `expected ` + name + `, found the end of the line`},
		{"refresh now", 17, `expected ` + move + `, or "," between moves, found "now"`},
		{"burn it", 14, `expected ` + move + `, or "," between moves, found "it"`},
		{"Sentry", 9, `expected ` + move + `, or "," between moves, found "Sentry"`},
		{"attack Sentry,", 23, `expected ` + move + `, found the end of the line`},
		// The declarations of a position.
		{"modules", 16, `expected ` + list + `, found the end of the line`},
		{"modules 3", 17, `expected ` + list + `, found "3"`},
		{"grip", 13, `expected ` + list + `, found the end of the line`},
		{"heap, grip Sentry", 13, `expected ` + list + `, found ","`},
		{"scripts", 16, `expected ` + list + `, found the end of the line`},
		{"memory", 15, `expected a number, as in memory 3, found the end of the line`},
		{"memory Sentry", 16, `expected a number, as in memory 3, found "Sentry"`},
		{"memory -2", 16, `expected a number, as in memory 3, found "-"`},
		{"security", 17, `expected ` + countOr + `, found the end of the line`},
		{"deck", 13, `expected ` + countOr + `, found the end of the line`},
		{"deck 20 Sentry", 17, `expected ` + move + `, or "," between moves, found "Sentry"`},
		{"deck Sentry 20", 21, `expected ` + move + `, or "," between moves, found "20"`},
		{"field", 14, `expected ` + list + `, found the end of the line`},
		{"field spent", 20, `expected ` + list + `, found the end of the line`},
		{"field loading spent Sentry", 23, `expected ` + list + `, found "spent"`},
		{"grip Sentry Patch heap Patch", 27, `expected ` + move + `, or "," between moves, found "heap"`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, errs := parseDaemonMoves(t, tt.src)
			checkOneError(t, errs, tt.col, tt.msg)
			if daemonRaw(errs[0].Msg) {
				t.Errorf("message shows grammar notation: %s", errs[0].Msg)
			}
		})
	}
}

// Every expectation the Daemon productions can produce is put into words.
func TestDaemonExpectKeys(t *testing.T) {
	ebnf := Daemon.EBNF()
	for key, words := range daemonExpect() {
		if key != "Move" && !strings.Contains(ebnf, key) {
			t.Errorf("expectation %q is not in the grammar:\n%s", key, ebnf)
		}
		if daemonRaw(words) {
			t.Errorf("words for %q show grammar notation: %s", key, words)
		}
	}
}

func TestDaemonEBNF(t *testing.T) {
	ebnf := Daemon.EBNF()
	for _, want := range []string{
		`Move = DaemonDraft | DaemonMain | DaemonMulligan | DaemonKeep | DaemonDraw | DaemonSecure | DaemonPlay | DaemonActivate | DaemonTrash | DaemonAttack | DaemonReveal | DaemonRefresh | DaemonBurn | DaemonModules | DaemonMemory | DaemonGrip | DaemonSecurity | DaemonDeck | DaemonHeap | DaemonScripts | DaemonField .`,
		`DaemonSecurity = "security" (<int> | DaemonName+) .`,
		`DaemonField = "field" "spent"? "loading"? DaemonName+ .`,
		`DaemonDraft = "draft" (<ident> | <string>) .`,
		`DaemonAttack = "attack" (<ident> | <string>) ((?! (<ident> | <string>) ":") (<ident> | <string>))? .`,
		`DaemonBurn = "burn" .`,
		`DaemonDraw = "draw" ((?! (<ident> | <string>) ":") (<unknown> | <ident> | <string>))+ .`,
		`DaemonSecure = "secure" ((?! (<ident> | <string>) ":") (<unknown> | <ident> | <string>))+ .`,
		`DaemonReveal = "reveal" (<ident> | <string> | <unknown>) .`,
		`DaemonGrip = "grip" DaemonName+ .`,
	} {
		if !strings.Contains(ebnf, want) {
			t.Errorf("EBNF lacks %q:\n%s", want, ebnf)
		}
	}
}

// BenchmarkDaemonPositionParse compares the cost of parsing a position's
// set-up lines, whole decks listed, with that of parsing turns of moves,
// per byte (MB/s): a position must cost no more per byte than moves. Each
// is parsed piece by piece (Parse, with the memo) and as a whole file.
func BenchmarkDaemonPositionParse(b *testing.B) {
	const header = "[Game \"daemon\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"103\"]\n\n"
	position := header +
		"Ann: modules Firewall Overclock Blitz, main Firewall, memory 1,\n" +
		"    grip Juggernaut Juggernaut Spinner,\n" +
		"    security Turbine Hardening Turbine Patch Patch,\n" +
		"    deck Warden Juggernaut Coolant Sentry Adrenaline Dart Bastion Rush Warden Spinner Coolant Boost Boost Hardening Lancer Spinner Bastion Rush Reactor Turbine Patch Adrenaline Adrenaline Lancer Hardening Reactor Coolant Sentry Boost Warden Dart Rush Reactor Bastion Lancer,\n" +
		"    field loading Sentry Dart\n" +
		"Ben: modules Honeypot Worm Factory, main Factory, grip Conveyor Gatekeeper,\n" +
		"    security Gatekeeper Larva Tripwire Trapdoor Decoy,\n" +
		"    deck Tunnel Blueprint Titan Gatekeeper Burrower Larva Blueprint Tunnel Payload Assembler Lure Titan Drone Lure Drone Assembler Tripwire Blueprint Leviathan Burrower Leviathan Assembler Decoy Drone Leviathan Titan Conveyor Tripwire Tunnel Conveyor Decoy Payload Payload Trapdoor Trapdoor,\n" +
		"    field loading Larva Lure Burrower\n\n3. Ann:\n"
	moves := header +
		"Ann: draft Firewall\nBen: draft Honeypot, draft Worm\nAnn: draft Overclock, draft Blitz\nBen: draft Factory\n" +
		"Ann: main Firewall\nBen: main Factory\n\n" +
		"1. Ann: play Sentry, play Dart\n2. Ben: play Larva, play Lure, play Burrower\n" +
		"3. Ann: attack Sentry Larva, attack Dart Lure, play Spinner, play Juggernaut\n" +
		"4. Ben: attack Burrower Juggernaut, play Gatekeeper, play Conveyor, refresh\n" +
		"5. Ann: play Boost, activate Turbine Gatekeeper, attack Sentry, reveal Trapdoor, reveal Decoy\n" +
		"6. Ben: play Payload Sentry, attack Gatekeeper Spinner, play Titan\n"
	for _, bench := range []struct{ name, src string }{{"position", position}, {"moves", moves}} {
		if p := Daemon.Parse("bench.daemon", bench.src); len(p.Errors) > 0 {
			b.Fatalf("%s: %v", bench.name, p.Errors)
		}
		b.Run(bench.name, func(b *testing.B) {
			b.SetBytes(int64(len(bench.src)))
			for b.Loop() {
				Daemon.Parse("bench.daemon", bench.src)
			}
		})
		b.Run(bench.name+"/whole", func(b *testing.B) {
			b.SetBytes(int64(len(bench.src)))
			for b.Loop() {
				Daemon.ParseWholeFile("bench.daemon", bench.src)
			}
		})
	}
}
