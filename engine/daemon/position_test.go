package daemon

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// declare plays a position's lines on a new game and begins its turn, as
// a transcript that declares it is replayed: the first refusal is
// returned, with where it came (a line's move, or StartAt).
func declare(t testing.TB, cs *Cards, seed uint64, variants map[string]string, pos engine.Position) (*State, string, error) {
	t.Helper()
	s := newGame(t, cs, seed, variants)
	for i, line := range pos.Lines {
		for j, m := range line.Moves {
			if err := s.Apply(line.Subject, setupLine(m)); err != nil {
				return s, fmt.Sprintf("line %d, move %d (%s)", i+1, j+1, moveKey(m)), err
			}
		}
	}
	return s, "StartAt", s.StartAt(pos.Turn, pos.Player)
}

// played is a move of a game, as it was played.
type played struct {
	player int
	move   engine.Move
	forced bool
}

// TestPositionPlaysOnAsTheGame plays random games from the draft, with
// moves let stand among the legal ones, in both catalogues and every
// variant. At the end of the set-up and at the end of some turns, the
// game's Position is declared on a new game and begun with StartAt: the
// two states must show the same, and the position taken again at the
// start of the turn must be the same position. Then both play the rest of
// the game's moves: at each step they list the same legal moves, answer
// moves tried on copies with the same violations, and answer the game's
// own move alike; they end alike.
func TestPositionPlaysOnAsTheGame(t *testing.T) {
	const games, maxSteps, cutsPerGame = 12, 1500, 4
	catalogues := []*Cards{defaultCards(t), cards(t)}
	var pool []engine.Move
	cutsTaken := 0
	for g := range games {
		seed := uint64(3100 + g)
		cs, variants := catalogues[g%2], randomVariants[g/2%len(randomVariants)]
		s := newGame(t, cs, seed, variants)
		rng := shuffle.New(seed)
		type cut struct {
			at             int // the index of the first move after the cut
			orig, restored *State
			what           string
		}
		var moves []played
		var legals [][]engine.Move // Legal's moves where each of moves was made
		var cuts []cut
		// take declares the position of s, taken between turns; orig is
		// s as the next turn begins, before moves[at].
		take := func(orig *State, what string, at int) {
			pos := s.Position()
			restored, where, err := declare(t, cs, seed, variants, pos)
			if err != nil {
				t.Fatalf("seed %d, %s: the position is refused at %s: %v\n%s", seed, what, where, err, positionText(pos))
			}
			if a, b := snapshot(orig), snapshot(restored); a != b {
				t.Fatalf("seed %d, %s: the game\n%s\nand its position declared\n%s", seed, what, a, b)
			}
			if again := orig.Position(); !reflect.DeepEqual(again, pos) {
				t.Fatalf("seed %d, %s: the position between turns\n%s\nand at the start of the turn\n%s", seed, what, positionText(pos), positionText(again))
			}
			cuts = append(cuts, cut{at, orig, restored, what})
		}
		for step := 0; step < maxSteps && !s.Outcome().Over; step++ {
			legal := s.Legal()
			pool = append(pool, legal...)
			m, p, forced := legal[rng.Intn(len(legal))], s.ToMove(), false
			if s.setup && s.setupDone() && len(cuts) == 0 {
				orig := s.clone()
				if err := orig.begin(); err != nil {
					t.Fatal(err)
				}
				// The first move of the turn, this step's, begins it.
				take(orig, "the end of the set-up", len(moves))
			}
			_, end := m.(engine.EndTurn)
			if end && len(cuts) < cutsPerGame && rng.Intn(4) == 0 {
				orig := s.clone()
				mustApply(t, orig, p, m)
				// This step's move, the end of the turn, is orig's last.
				take(orig, fmt.Sprintf("the end of turn %d", s.Turn()), len(moves)+1)
			}
			if !s.setup && !end && rng.Intn(10) == 0 {
				m, p, forced = pool[rng.Intn(len(pool))], rng.Intn(2), true
			}
			if err := apply(s, p, m, forced); err != nil && !forced {
				t.Fatalf("seed %d, step %d: %s: %v", seed, step, moveKey(m), err)
			} else if err == nil {
				moves = append(moves, played{p, m, forced})
				legals = append(legals, legal)
			}
		}
		for _, c := range cuts {
			playOn(t, fmt.Sprintf("seed %d, from %s", seed, c.what), c.orig, c.restored, moves[c.at:], legals[c.at:], pool, rng)
		}
		cutsTaken += len(cuts)
		if len(pool) > 2000 {
			pool = slices.Clone(pool[len(pool)-1000:])
		}
	}
	if cutsTaken < games*2 {
		t.Errorf("only %d positions taken in %d games", cutsTaken, games)
	}
}

func apply(s *State, p int, m engine.Move, forced bool) error {
	if forced {
		return s.Force(p, m)
	}
	return s.Apply(p, m)
}

// playOn plays the rest of a game's moves on the game and on the game
// declared from its position, checking at every step that they answer
// alike. legals are the game's legal moves before each of moves, as
// Legal listed them when the game was played, the same positions.
func playOn(t *testing.T, at string, orig, restored *State, moves []played, legals [][]engine.Move, pool []engine.Move, rng *shuffle.Source) {
	t.Helper()
	for i, pm := range moves {
		step := fmt.Sprintf("%s, move %d (%s)", at, i+1, moveKey(pm.move))
		if a, b := moveKeys(legals[i]), moveKeys(restored.Legal()); !slices.Equal(a, b) {
			t.Fatalf("%s: the game lists %q, its position %q", step, a, b)
		}
		for range 3 {
			m, p, forced := pool[rng.Intn(len(pool))], rng.Intn(2), rng.Intn(2) == 0
			if a, b := fmt.Sprint(apply(orig.clone(), p, m, forced)), fmt.Sprint(apply(restored.clone(), p, m, forced)); a != b {
				t.Fatalf("%s: %s by %s (forced %v): the game answers %s, its position %s", step, moveKey(m), players[p], forced, a, b)
			}
		}
		a, b := apply(orig, pm.player, pm.move, pm.forced), apply(restored, pm.player, pm.move, pm.forced)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("%s: the game answers %v, its position %v", step, a, b)
		}
		if !sameShown(orig, restored) {
			t.Fatalf("%s: the game\n%s\nits position\n%s", step, snapshot(orig), snapshot(restored))
		}
	}
	if a, b := orig.Outcome(), restored.Outcome(); a != b {
		t.Fatalf("%s: the game ends %+v, its position %+v", at, a, b)
	}
}

// positionText writes a position's lines, for messages.
func positionText(pos engine.Position) string {
	var b strings.Builder
	for _, line := range pos.Lines {
		fmt.Fprintf(&b, "%s: %q\n", players[line.Subject], moveKeys(line.Moves))
	}
	fmt.Fprintf(&b, "%d. %s", pos.Turn, players[pos.Player])
	return b.String()
}

// declarationKey writes a position's declaration for moveKey, or "" for
// another move.
func declarationKey(m engine.Move) string {
	{
		countOr := func(word string, cards []string, n int) string {
			if cards == nil {
				return fmt.Sprintf("%s %d", word, n)
			}
			return word + " " + strings.Join(cards, " ")
		}
		switch m := m.(type) {
		case Modules:
			return "modules " + strings.Join(m.Modules, " ")
		case MemoryAt:
			return fmt.Sprintf("memory %d", m.N)
		case GripOf:
			return "grip " + strings.Join(m.Cards, " ")
		case SecurityOf:
			return countOr("security", m.Cards, m.Count)
		case DeckOf:
			return countOr("deck", m.Cards, m.Count)
		case HeapOf:
			return "heap " + strings.Join(m.Cards, " ")
		case ScriptsOf:
			return "scripts " + strings.Join(m.Cards, " ")
		case FieldOf:
			word := "field"
			if m.Spent {
				word += " spent"
			}
			if m.Loading {
				word += " loading"
			}
			return word + " " + strings.Join(m.Cards, " ")
		}
		return ""
	}
}

// lines writes a position compactly: each player's declarations, parsed
// from "modules Alpha Beta Gamma, main Alpha, grip Ant, security 3".
func lines(ann, ben string) []engine.PositionLine {
	var out []engine.PositionLine
	for p, text := range []string{ann, ben} {
		line := engine.PositionLine{Subject: p}
		for _, item := range strings.Split(text, ",") {
			f := strings.Fields(item)
			if len(f) == 0 {
				continue
			}
			count := func() (int, bool) {
				var n int
				_, err := fmt.Sscan(f[1], &n)
				return n, err == nil && len(f) == 2
			}
			var m engine.Move
			switch f[0] {
			case "modules":
				m = Modules{f[1:]}
			case "main":
				m = Main{f[1]}
			case "memory":
				n, _ := count()
				m = MemoryAt{n}
			case "grip":
				m = GripOf{f[1:]}
			case "security":
				if n, ok := count(); ok {
					m = SecurityOf{Count: n}
				} else {
					m = SecurityOf{Cards: f[1:]}
				}
			case "deck":
				if n, ok := count(); ok {
					m = DeckOf{Count: n}
				} else {
					m = DeckOf{Cards: f[1:]}
				}
			case "heap":
				m = HeapOf{f[1:]}
			case "scripts":
				m = ScriptsOf{f[1:]}
			case "field":
				fo := FieldOf{}
				cards := f[1:]
				if cards[0] == "spent" {
					fo.Spent, cards = true, cards[1:]
				}
				if cards[0] == "loading" {
					fo.Loading, cards = true, cards[1:]
				}
				fo.Cards = cards
				m = fo
			case "draft":
				m = Draft{f[1]}
			default:
				panic("lines: " + item)
			}
			line.Moves = append(line.Moves, m)
		}
		out = append(out, line)
	}
	return out
}

const (
	annModules = "modules Alpha Beta Gamma, main Alpha"
	benModules = "modules Delta Eps Zeta, main Delta"
)

// A position declared in part: the seed deals the security counted and
// shuffles the deck left out; the turn begins with its loading phase.
func TestPositionDealsWhatItLeavesOut(t *testing.T) {
	pos := engine.Position{
		Lines: lines(annModules+", memory 2, grip Ant Zap, security 3, field spent Bear, field loading Ant, heap Note Note",
			benModules+", grip Gift, security Wasp Titan, scripts Spur, field loading Wasp"),
		Turn: 3, Player: ann,
	}
	s, where, err := declare(t, cards(t), 9, nil, pos)
	if err != nil {
		t.Fatalf("refused at %s: %v", where, err)
	}
	checkAt(t, s, 3, ann)
	// 2 declared, and 2 for the security Ann lacks (5 - 3).
	checkMemory(t, s, 4)
	checkCards(t, "Ann's grip", s.Grip(ann), "Ant Zap")
	checkDaemons(t, s, ann, "Bear Ant") // rebooted by the loading phase
	checkDaemons(t, s, ben, "Wasp/sick")
	if n := len(s.Deck(ben)); n != 45-5 {
		t.Errorf("Ben's deck has %d cards, want the 40 not placed", n)
	}
	checkCards(t, "Ben's security", s.Security(ben), "Wasp Titan")
	checkCards(t, "Ben's scripts", s.Scripts(ben), "Spur")
	if len(s.Security(ann)) != 3 {
		t.Errorf("Ann's security = %q, want 3 cards", s.Security(ann))
	}
	if got, want := census(s, ann), moduleCensus(cards(t), names("Alpha Beta Gamma")); !reflect.DeepEqual(got, want) {
		t.Errorf("Ann's cards %v, want her modules' %v", got, want)
	}
	// The seed deals: another seed, another security.
	other, _, err := declare(t, cards(t), 10, nil, pos)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(s.Deck(ann), other.Deck(ann)) {
		t.Errorf("seeds 9 and 10 shuffle Ann's deck alike: %q", s.Deck(ann))
	}
	// The position before its turn begins writes what StartAt deals.
	before := newGame(t, cards(t), 9, nil)
	for _, line := range pos.Lines {
		mustApply(t, before, line.Subject, onSetupLines(line.Moves...)...)
	}
	dealt := before.Position()
	again, where, err := declare(t, cards(t), 9, nil, engine.Position{Lines: dealt.Lines, Turn: 3, Player: ann})
	if err != nil {
		t.Fatalf("the position written before the turn is refused at %s: %v\n%s", where, err, positionText(dealt))
	}
	if a, b := snapshot(s), snapshot(again); a != b {
		t.Errorf("declared in part\n%s\nwritten before the turn and declared\n%s", a, b)
	}

	// Counts that add up to all 45 cards.
	pos.Lines = lines(annModules, benModules+", security 3, deck 42")
	pos.Turn = 1
	if _, where, err := declare(t, cards(t), 9, nil, pos); err != nil {
		t.Errorf("security 3 and deck 42 of 45 cards: refused at %s: %v", where, err)
	}
}

// An empty deck deals its damage as the declared turn begins (ruling D8).
func TestPositionBeginsTheTurn(t *testing.T) {
	all := ModuleCardsOf(cards(t), "Alpha Beta Gamma")
	pos := engine.Position{
		Lines: lines(annModules+", security 5, deck 0", benModules+", security Wasp"),
		Turn:  5, Player: ann,
	}
	// Ann's grip holds all her cards but the 5 the seed deals to security.
	pos.Lines[0].Moves = append(pos.Lines[0].Moves, GripOf{all[5:]})
	s, where, err := declare(t, cards(t), 9, nil, pos)
	if err != nil {
		t.Fatalf("refused at %s: %v", where, err)
	}
	checkOwed(t, s, 1, ann)
	if len(s.Security(ann)) != 5 || len(s.Deck(ann)) != 0 {
		t.Errorf("Ann's security %q and deck %q, want 5 cards and none", s.Security(ann), s.Deck(ann))
	}
	// Ben's deck holds the 44 cards left.
	if n := len(s.Deck(ben)); n != 44 {
		t.Errorf("Ben's deck has %d cards, want 44", n)
	}
	// No security and no deck: the damage loses the game (ruling D21).
	pos.Lines = lines(annModules, benModules+", security Wasp")
	pos.Lines[0].Moves = append(pos.Lines[0].Moves, GripOf{all})
	s, where, err = declare(t, cards(t), 9, nil, pos)
	if err != nil {
		t.Fatalf("refused at %s: %v", where, err)
	}
	checkOutcome(t, s, ben, "no security left (the damage of an empty deck)", 5)
}

// ModuleCardsOf lists the cards of modules, for a position that places
// them all.
func ModuleCardsOf(cs *Cards, modules string) []string {
	var out []string
	for _, m := range names(modules) {
		out = append(out, cs.ModuleCards(m)...)
	}
	return out
}

// TestImpossiblePositions declares positions no game could have: each is
// refused where it becomes impossible, with what is impossible and the
// rule.
func TestImpossiblePositions(t *testing.T) {
	tests := []struct {
		name      string
		ann, ben  string
		turn, plr int
		where     string // the refused move, or StartAt
		want      verdict
		msg       string
	}{
		{"an unknown module", "modules Alpha Beta Nope", "", 1, ann, "modules Alpha Beta Nope",
			broke(ruleDeck), `no module named "Nope"`},
		{"two modules", "modules Alpha Beta", "", 1, ann, "modules Alpha Beta",
			broke(ruleDeck), "Ann is declared with 2 modules: a deck is three"},
		{"a module twice", "modules Alpha Beta Alpha", "", 1, ann, "modules Alpha Beta Alpha",
			broke(ruleDraftOrder), "Alpha is declared twice among Ann's modules"},
		{"the other player's module", annModules, "modules Delta Eps Alpha", 1, ann, "modules Delta Eps Alpha",
			broke(ruleDraftOrder), "Alpha is Ann's module: each module is drafted once"},
		{"a main not drafted", "modules Alpha Beta Gamma, main Delta", "", 1, ann, "main Delta",
			broke(ruleMain), "Delta is not one of Ann's modules (Alpha, Beta, Gamma)"},
		{"a main twice", annModules + ", main Beta", "", 1, ann, "main Beta",
			ruled("D28", rulingPosition), "Ann's main module is declared twice"},
		{"a grip before the modules", "grip Ant, " + annModules, "", 1, ann, "grip Ant",
			ruled("D28", rulingModulesFirst), "Ann's modules are not declared yet"},
		{"a card of another module", annModules + ", grip Wasp", benModules, 1, ann, "grip Wasp",
			broke(ruleDeck), "Wasp is a card of Delta, which is not one of Ann's modules (Alpha, Beta, Gamma)"},
		{"an unknown card", annModules + ", heap Nope", benModules, 1, ann, "heap Nope",
			broke(ruleDeck), `no card named "Nope"`},
		{"a card in two places", annModules + ", grip Whale Whale, heap Whale Whale", benModules, 1, ann, "heap Whale Whale",
			ruled("D30", rulingCards), "Ann's position has 4 Whale, and Ann's modules have 3: a card is in one place"},
		{"more copies than the modules have", annModules + ", security Note Note Note Note", benModules, 1, ann, "security Note Note Note Note",
			ruled("D30", rulingCards), "Ann's position has 4 Note, and Ann's modules have 3"},
		{"a script on the field", annModules + ", field Note", benModules, 1, ann, "field Note",
			ruled("D30", rulingZones), "Note is a script: Ann's field holds daemons"},
		{"a daemon in the script zone", annModules + ", scripts Ant", benModules, 1, ann, "scripts Ant",
			ruled("D30", rulingZones), "Ant is a daemon: Ann's script zone holds scripts"},
		{"a security of six", annModules + ", security 6", benModules, 1, ann, "security 6",
			broke(ruleSecurity), "Ann's security is declared with 6 cards: it is set at 5, and only ever loses cards"},
		{"six security cards", annModules + ", security Ant Ant Ant Ant Ant Bear", benModules, 1, ann, "security Ant Ant Ant Ant Ant Bear",
			broke(ruleSecurity), "Ann's security is declared with 6 cards"},
		{"memory past the gauge", annModules + ", memory 11", benModules, 1, ann, "memory 11",
			broke(ruleGauge), "memory 11 on Ann's side is past the end of the gauge, which runs to 10 on each side"},
		{"memory on both sides", annModules + ", memory 2", benModules + ", memory 3", 1, ann, "memory 3",
			ruled("D29", rulingOneSide), "the tracker is declared at 2 on Ann's side and at 3 on Ben's"},
		{"a deck twice", annModules + ", deck 3, deck 4", benModules, 1, ann, "deck 4",
			ruled("D28", rulingPosition), "Ann's deck is declared twice"},
		{"a draft with a position", annModules + ", draft Eps", benModules, 1, ann, "draft Eps",
			ruled("D28", rulingPosition), "a draft of Eps is written with a position"},
		{"a position after a draft", "draft Alpha, " + annModules, "", 1, ann, "modules Alpha Beta Gamma",
			ruled("D28", rulingPosition), "a position is declared in place of the draft, not after it has begun"},
		{"a deck written in part", annModules + ", deck Ant Bear", benModules, 1, ann, "StartAt",
			ruled("D30", rulingCards), "Ann's modules have 45 cards; the position places 2, which leaves 43 in no place"},
		{"a deck counted short", annModules + ", security 5, deck 30", benModules, 1, ann, "StartAt",
			ruled("D30", rulingCards), "Ann's modules have 45 cards; the position places 0 and counts security 5 and deck 30, which leaves 10 in no place"},
		{"a deck counted long", annModules + ", grip Ant, security 5, deck 40", benModules, 1, ann, "StartAt",
			ruled("D30", rulingCards), "Ann's modules have 45 cards; the position places 1 and counts security 5 and deck 40, 1 more than there are"},
		{"no main module", "modules Alpha Beta Gamma", benModules, 1, ann, "StartAt",
			ruled("D28", rulingPosition), "Ann's main module is not declared"},
		{"no modules for Ben", annModules, "", 1, ann, "StartAt",
			ruled("D28", rulingPosition), "Ben's modules are not declared"},
		{"an odd turn of the second player's", annModules, benModules, 3, ben, "StartAt",
			ruled("D28", rulingTurns), "turn 3 is Ann's, not Ben's: Ann, the first player, plays the odd turns"},
		{"an even turn of the first player's", annModules, benModules, 12, ann, "StartAt",
			ruled("D28", rulingTurns), "turn 12 is Ben's, not Ann's"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos := engine.Position{Lines: lines(tt.ann, tt.ben), Turn: tt.turn, Player: tt.plr}
			s, where, err := declare(t, cards(t), 9, nil, pos)
			if tt.want == ok {
				if err != nil {
					t.Fatalf("refused at %s: %v", where, err)
				}
				return
			}
			if !strings.Contains(where, tt.where) {
				t.Errorf("refused at %s (%v), want at %s", where, err, tt.where)
			}
			v := quotes.Refused(t, err, where, players[tt.plr], tt.want)
			if v != nil && !strings.Contains(v.What, tt.msg) {
				t.Errorf("refused with %q, want it to say %q", v.What, tt.msg)
			}
			if where == "StartAt" && !s.SettingUp() {
				t.Errorf("a refused position begins the game")
			}
		})
	}
}

// A declaration is written on a set-up line, before the first turn.
func TestDeclarationsOnSetupLinesOnly(t *testing.T) {
	s := newGame(t, cards(t), 9, nil)
	expect(t, s, ann, GripOf{[]string{"Ant"}}, ruled("D28", rulingPosition))
	pos := engine.Position{Lines: lines(annModules, benModules), Turn: 1, Player: ann}
	s, _, err := declare(t, cards(t), 9, nil, pos)
	if err != nil {
		t.Fatal(err)
	}
	expect(t, s, ann, setupLine(GripOf{[]string{"Ant"}}), ruled("D5", rulingSetupLine))
	if err := s.StartAt(3, ann); err == nil {
		t.Errorf("StartAt begins a game already begun")
	}
}
