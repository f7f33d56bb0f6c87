package void

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
)

// ---------------------------------------------------------------------------
// Catalogues

// defaultCatalogue is the default catalogue's text, which lives with the
// referee; the tests read the file without importing the referee.
func defaultCatalogue(t testing.TB) string {
	t.Helper()
	src, err := os.ReadFile("../../referee/games/void/void.cards")
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// loadText loads a catalogue that must have no errors.
func loadText(t testing.TB, src string) *Cards {
	t.Helper()
	return enginetest.MustLoad(t, Load, enginetest.Catalogue(t, "void", src))
}

var defaultCardsLoaded enginetest.Loaded[*Cards]

// defaultCards is the default catalogue, loaded once.
func defaultCards(t testing.TB) *Cards {
	t.Helper()
	return defaultCardsLoaded.Get(t, func(t testing.TB) *Cards { return loadText(t, defaultCatalogue(t)) })
}

// testExtras are the cards the tests need that the default catalogue does
// not have: every requirement of every kind of target, every kind of
// reactive skill, a modification on a player, X and pick on an anomaly, and
// cards strong enough to end a game.
const testExtras = `
unit          Pioneer    cost 1 power 1 health 1 target sector empty
unit          Lookout    cost 1 power 0 health 2 react advance 0 target player opponent : damage 1
unit          Brute      cost 0 power 5 health 9
modification  Ward       cost 1 target player self react skill 0 target player opponent : damage 1
modification  Totem      cost 0 target biome any income 2 convert 0
tactic        Rally      cost 0 target sector friendly : damage 1
tactic        Volley     cost 0 target 2 sector friendly : damage 1
tactic        Scour      cost 0 target biome : purge
tactic        Blight     cost 0 target biome enemy : purge
tactic        Tend       cost 0 target biome friendly : purge
tactic        Cleanse    cost 0 target sector : purge
tactic        Gift       cost 0 target player : energy 1
tactic        Mend       cost 0 target player self : energy 2
tactic        Bolt       cost 0 target sector enemy : damage 9
tactic        Nuke       cost 5 target player opponent : damage 9
tactic        Nova       cost 0 target 2 player : damage 5
tactic        Windfall   cost 1 : energy 3
anomaly       Flare      cost X target player pick : damage X, energy X
`

var testCardsLoaded enginetest.Loaded[*Cards]

// cards is the tests' catalogue: the default one and testExtras.
func cards(t testing.TB) *Cards {
	t.Helper()
	return testCardsLoaded.Get(t, func(t testing.TB) *Cards { return loadText(t, defaultCatalogue(t)+testExtras) })
}

// names reads card names as a catalogue writes them, separated by spaces.
func names(s string) []string { return enginetest.Names(s) }

// ---------------------------------------------------------------------------
// Tables: a game set up from set-up lines

const (
	ann = 0
	ben = 1
)

var players = enginetest.Players

// defaultBoard is the board line of most tests: three sectors in a row.
const defaultBoard = "sector North Forest Lake, sector Middle Ruins, sector South Dunes Marsh"

// table is a game's set-up lines, written as a transcript writes them
// after "board:", "Ann:" and "Ben:".
type table struct {
	cards    *Cards // nil is cards(t)
	variants map[string]string
	board    string // "" is defaultBoard; none writes no board line
	ann, ben string // as in "energy 3, income 2, life 10, hand Scout Shock, field Sentinel North"
}

const none = "-"

// open sets the table up: the board line's moves are applied for
// engine.Nobody, each player's for them, all wrapped in engine.OnSetupLine.
// The game has not begun: the first move of a turn begins it.
func (tb table) open(t testing.TB) *State {
	t.Helper()
	cs := tb.cards
	if cs == nil {
		cs = cards(t)
	}
	st, err := Game{Cards: cs}.New(engine.Options{Players: players, Variants: tb.variants})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	board := tb.board
	if board == "" {
		board = defaultBoard
	}
	if board != none {
		for _, m := range setupMoves(t, board) {
			setUp(t, s, engine.Nobody, m)
		}
	}
	for p, line := range []string{tb.ann, tb.ben} {
		for _, m := range setupMoves(t, line) {
			setUp(t, s, p, m)
		}
	}
	return s
}

// start sets the table up and begins turn 1, Ann's, as the first move of
// a turn does.
func (tb table) start(t testing.TB) *State {
	t.Helper()
	s := tb.open(t)
	if err := s.begin(); err != nil {
		t.Fatal(err)
	}
	return s
}

// setUp applies a move on a set-up line, which must be accepted.
func setUp(t testing.TB, s *State, p int, m engine.Move) {
	t.Helper()
	if err := s.Apply(p, engine.OnSetupLine{Move: m}); err != nil {
		t.Fatalf("set-up line %s: %v", moveText(m), err)
	}
}

// setupMoves reads the moves of a set-up line: "sector North Forest Lake,
// sector Middle Ruins" or "energy 3, income 2, life 10, hand Scout Shock,
// field Sentinel North".
func setupMoves(t testing.TB, line string) []engine.Move {
	t.Helper()
	var out []engine.Move
	for part := range strings.SplitSeq(line, ",") {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		switch {
		case f[0] == "sector" && len(f) >= 2:
			out = append(out, Sector{Name: f[1], Biomes: f[2:]})
		case f[0] == "energy" && len(f) == 2:
			out = append(out, Energy{number(t, f[1])})
		case f[0] == "income" && len(f) == 2:
			out = append(out, Income{number(t, f[1])})
		case f[0] == "life" && len(f) == 2:
			out = append(out, Life{number(t, f[1])})
		case f[0] == "hand":
			out = append(out, Hand{Cards: f[1:]})
		case f[0] == "field" && len(f) == 3:
			out = append(out, Field{Card: f[1], Target: f[2]})
		case f[0] == "field" && len(f) == 5 && f[3] == "damage":
			out = append(out, Field{Card: f[1], Target: f[2], Damage: number(t, f[4])})
		case f[0] == "cache":
			out = append(out, Cache{Cards: f[1:]})
		default:
			t.Fatalf("set-up line %q: cannot read %q", line, part)
		}
	}
	return out
}

func number(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%q is not a number", s)
	}
	return n
}

// ---------------------------------------------------------------------------
// Moves, as a transcript writes them in a turn

// parse reads one move: an optional player's name, then the move, as in
// "Ben play Drain Ann", "play Barrage North South X 2", "react Sentinel
// Middle", "defend Wall Raider", "execute" and "end" (the end of the
// turn). who is the player named, or -1 when none is.
func parse(t testing.TB, text string) (who int, m engine.Move) {
	t.Helper()
	f := strings.Fields(text)
	who = -1
	if len(f) > 0 {
		if i := slices.Index(players, f[0]); i >= 0 {
			who, f = i, f[1:]
		}
	}
	if len(f) == 0 {
		t.Fatalf("no move in %q", text)
	}
	verb, args := f[0], f[1:]
	need := func(n int) {
		if len(args) != n {
			t.Fatalf("%q: %s takes %d words", text, verb, n)
		}
	}
	switch verb {
	case "play", "activate", "react":
		if len(args) == 0 {
			t.Fatalf("%q: %s takes a card", text, verb)
		}
		ch := choices(t, args[1:])
		switch verb {
		case "play":
			return who, Play{Card: args[0], Choices: ch}
		case "activate":
			return who, Activate{Card: args[0], Choices: ch}
		}
		return who, React{Card: args[0], Choices: ch}
	case "advance":
		need(2)
		return who, Advance{Unit: args[0], Sector: args[1]}
	case "attack":
		need(2)
		return who, Attack{Unit: args[0], Sector: args[1]}
	case "defend":
		need(2)
		return who, Defend{Unit: args[0], Attacker: args[1]}
	case "convert":
		need(1)
		return who, Convert{Card: args[0]}
	case "execute":
		need(0)
		return who, Execute{}
	case "pass":
		need(0)
		return who, Pass{}
	case "end":
		need(0)
		return who, engine.EndTurn{}
	}
	t.Fatalf("%q: unknown move", text)
	return
}

// choices reads the targets, "pick N" and "X N" after a card's name.
func choices(t testing.TB, args []string) Choices {
	t.Helper()
	var ch Choices
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "pick", "X":
			if i+1 == len(args) {
				t.Fatalf("%s without its number", args[i])
			}
			n := number(t, args[i+1])
			if args[i] == "pick" {
				ch.Pick, ch.HasPick = n, true
			} else {
				ch.X, ch.HasX = n, true
			}
			i++
		default:
			ch.Targets = append(ch.Targets, args[i])
		}
	}
	return ch
}

// moveText writes a move as a transcript does, for messages and keys.
func moveText(m engine.Move) string {
	with := func(verb, card string, ch Choices) string {
		words := append([]string{verb, card}, ch.Targets...)
		if ch.HasPick || ch.Pick != 0 {
			words = append(words, "pick", strconv.Itoa(ch.Pick))
		}
		if ch.HasX {
			words = append(words, "X", strconv.Itoa(ch.X))
		}
		return strings.Join(words, " ")
	}
	switch m := m.(type) {
	case engine.By:
		name := fmt.Sprintf("player %d", m.Player)
		if m.Player >= 0 && m.Player < len(players) {
			name = players[m.Player]
		}
		return name + " " + moveText(m.Move)
	case engine.OnSetupLine:
		return "set-up line: " + moveText(m.Move)
	case Play:
		return with("play", m.Card, m.Choices)
	case Activate:
		return with("activate", m.Card, m.Choices)
	case React:
		return with("react", m.Card, m.Choices)
	case Advance:
		return "advance " + m.Unit + " " + m.Sector
	case Attack:
		return "attack " + m.Unit + " " + m.Sector
	case Defend:
		return "defend " + m.Unit + " " + m.Attacker
	case Convert:
		return "convert " + m.Card
	case Execute:
		return "execute"
	case Pass:
		return "pass"
	case engine.EndTurn:
		return "end"
	case Sector:
		return strings.Join(append([]string{"sector", m.Name}, m.Biomes...), " ")
	case Energy:
		return fmt.Sprintf("energy %d", m.N)
	case Income:
		return fmt.Sprintf("income %d", m.N)
	case Life:
		return fmt.Sprintf("life %d", m.N)
	case Hand:
		return "hand " + strings.Join(m.Cards, " ")
	case Field:
		if m.Damage != 0 {
			return fmt.Sprintf("field %s %s damage %d", m.Card, m.Target, m.Damage)
		}
		return "field " + m.Card + " " + m.Target
	case Cache:
		return "cache " + strings.Join(m.Cards, " ")
	}
	return fmt.Sprintf("%T%+v", m, m)
}

// mover is the player who makes m as the referee's Random does: the
// player a By names, the player to move during the set-up, and otherwise
// the player whose turn it is.
func mover(s *State, m engine.Move) int {
	if by, ok := m.(engine.By); ok {
		return by.Player
	}
	if s.Turn() == 0 {
		return s.ToMove()
	}
	return s.Active()
}

// ---------------------------------------------------------------------------
// Verdicts

type verdict = enginetest.Verdict

var accepted = verdict{}

func broke(rule string) verdict     { return verdict{Rule: rule} }
func ruled(id, rule string) verdict { return verdict{Ruling: id, Rule: rule} }

// quotes tells the shared quote checks about Void: its rules text is
// void.txt, its rulings run V1 to V29, and void.go gives rulings.
var quotes = enginetest.Quotes{Game: "void", RulingPrefix: "V", MainFile: "void.go", Rulings: 38}

// run applies moves written as a turn writes them, separated by commas,
// each made by the player it names or the player whose turn it is. Each
// must be accepted.
func run(t testing.TB, s *State, moves string) {
	t.Helper()
	for text := range strings.SplitSeq(moves, ",") {
		if strings.TrimSpace(text) == "" {
			continue
		}
		expect(t, s, text, accepted)
	}
}

// expect applies one move written as a turn writes it and checks Apply's
// answer against want.
func expect(t testing.TB, s *State, text string, want verdict) *engine.Violation {
	t.Helper()
	who, m := parse(t, text)
	if who < 0 {
		who = s.Active()
	}
	return expectMove(t, s, who, m, want)
}

// expectMove applies m for player p and checks Apply's answer. A refused
// move must be a *engine.Violation quoting the expected rule (and, for a
// ruling, a rule standing in that ruling's section of RULINGS.md), and
// must leave the state as it was, in every field and every accessor.
func expectMove(t testing.TB, s *State, p int, m engine.Move, want verdict) *engine.Violation {
	t.Helper()
	if want == accepted {
		if err := s.Apply(p, m); err != nil {
			t.Fatalf("%s by %s: %v\n%s", moveText(m), who(p), err, snapshot(s))
		}
		return nil
	}
	before, shown := s.clone(), show(s)
	err := s.Apply(p, m)
	v := quotes.Refused(t, err, moveText(m), who(p), want)
	checkUnchanged(t, s, before, shown, moveText(m))
	return v
}

// refusedWith applies a move that must be refused and returns the error as
// it is, for the tests of the engine's known faults, which look at it
// before deciding what to check.
func refusedWith(t testing.TB, s *State, text string) error {
	t.Helper()
	who, m := parse(t, text)
	if who < 0 {
		who = s.Active()
	}
	before, shown := s.clone(), show(s)
	err := s.Apply(who, m)
	if err != nil {
		checkUnchanged(t, s, before, shown, text)
	}
	return err
}

func who(p int) string {
	if p >= 0 && p < len(players) {
		return players[p]
	}
	return fmt.Sprintf("player %d", p)
}

// checkUnchanged checks that s is what before was, in every field, and
// shows what shown showed.
func checkUnchanged(t testing.TB, s, before *State, shown shown, what string) {
	t.Helper()
	if !sameState(before, s) {
		t.Errorf("refused %s changed the state", what)
	}
	if after := show(s); !after.same(shown) {
		t.Errorf("refused %s changed what the accessors show:\nbefore %s\nafter  %s", what, shown, after)
	}
}

// asViolation is err as a *engine.Violation, as errors.As finds it, first
// tried by a type assertion: the engine returns its violations as they
// are, and errors.As, which reflects, is dear in the random games.
func asViolation(err error) (*engine.Violation, bool) {
	if v, ok := err.(*engine.Violation); ok {
		return v, true
	}
	var v *engine.Violation
	return v, errors.As(err, &v)
}

// engineBug skips the test, naming a fault of the engine, when buggy
// holds: the test is kept, and checks what the rules say once the engine
// is put right.
func engineBug(t testing.TB, buggy bool, what string) {
	t.Helper()
	if buggy {
		t.Skip("engine bug: " + what)
	}
}

// ---------------------------------------------------------------------------
// Checks

// sameState tells whether two states are the same in every field
// (deepSame, by a comparer), an empty slice and a nil one alike.
func sameState(a, b *State) bool { return enginetest.Same(a, b) }

// snapshot writes down everything the accessors show of a state.
func snapshot(s *State) string { return show(s).String() }

// shown is everything the accessors show of a state, as snapshot writes
// it: two states show the same when their shown are the same (same),
// found without writing them down.
type shown struct {
	turn, active, toMove, deciding int
	declined, open                 bool
	outcome                        engine.Outcome
	sectors                        []Sector
	players                        [2]PlayerView
	field, queue                   []string
}

func show(s *State) shown {
	v := shown{turn: s.Turn(), active: s.Active(), toMove: s.ToMove(), outcome: s.Outcome(), sectors: s.Sectors(), field: field(s), queue: queue(s)}
	v.deciding, v.declined, v.open = s.Deciding()
	for p := range 2 {
		v.players[p] = s.Player(p)
	}
	return v
}

// same tells whether v and w are the same, as their texts would be.
func (v shown) same(w shown) bool {
	return same(&v, &w)
}

func (v shown) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn=%d active=%d toMove=%d deciding=%d declined=%v open=%v outcome=%+v\n",
		v.turn, v.active, v.toMove, v.deciding, v.declined, v.open, v.outcome)
	fmt.Fprintf(&b, "sectors=%v\n", v.sectors)
	for p := range 2 {
		fmt.Fprintf(&b, "%s: %+v\n", who(p), v.players[p])
	}
	fmt.Fprintf(&b, "in play: %q\nqueue: %q\n", v.field, v.queue)
	return b.String()
}

// field writes the cards in play, in the order they entered, as "Ann
// Scout North", with " damage N" and " spent" when they apply.
func field(s *State) []string {
	var out []string
	for _, c := range s.InPlay() {
		text := who(c.Owner) + " " + c.Card.Name + " " + c.Where
		if c.Damage > 0 {
			text += " damage " + strconv.Itoa(c.Damage)
		}
		if c.Spent {
			text += " spent"
		}
		out = append(out, text)
	}
	return out
}

// queue writes the queue, first in first, as "Ann: play Scout North".
func queue(s *State) []string {
	var out []string
	for _, q := range s.Queue() {
		out = append(out, who(q.Owner)+": "+q.Text)
	}
	return out
}

// list reads a list written with " | " between its items; "" is empty.
func list(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	var out []string
	for item := range strings.SplitSeq(s, "|") {
		out = append(out, strings.TrimSpace(item))
	}
	return out
}

func checkField(t testing.TB, s *State, want string) {
	t.Helper()
	if got := field(s); !slices.Equal(got, list(want)) {
		t.Errorf("in play %q, want %q", got, list(want))
	}
}

func checkQueue(t testing.TB, s *State, want string) {
	t.Helper()
	if got := queue(s); !slices.Equal(got, list(want)) {
		t.Errorf("queue %q, want %q", got, list(want))
	}
}

func checkCards(t testing.TB, what string, got []string, want string) {
	t.Helper()
	if w := names(want); !slices.Equal(got, w) && !(len(got) == 0 && len(w) == 0) {
		t.Errorf("%s = %q, want %q", what, got, w)
	}
}

func checkHand(t testing.TB, s *State, p int, want string) {
	t.Helper()
	checkCards(t, who(p)+"'s hand", s.Player(p).Hand, want)
}

func checkCache(t testing.TB, s *State, p int, want string) {
	t.Helper()
	checkCards(t, who(p)+"'s cache", s.Player(p).Cache, want)
}

func checkEnergy(t testing.TB, s *State, p, want int) {
	t.Helper()
	if got := s.Player(p).Energy; got != want {
		t.Errorf("%s's void energy %d, want %d", who(p), got, want)
	}
}

func checkLife(t testing.TB, s *State, p, want int) {
	t.Helper()
	if got := s.Player(p).Life; got != want {
		t.Errorf("%s's life %d, want %d", who(p), got, want)
	}
}

// checkDeciding checks who decides while the queue is open, and whether
// the other player has declined.
func checkDeciding(t testing.TB, s *State, p int, declined bool) {
	t.Helper()
	gp, gd, open := s.Deciding()
	if !open || gp != p || gd != declined || s.ToMove() != p {
		t.Errorf("deciding %s (declined %v, open %v, to move %s), want %s (declined %v)",
			who(gp), gd, open, who(s.ToMove()), who(p), declined)
	}
}

// checkClosed checks that the queue is closed: empty, and no execution
// just made; the player whose turn it is decides.
func checkClosed(t testing.TB, s *State) {
	t.Helper()
	if _, _, open := s.Deciding(); open || len(s.Queue()) > 0 || s.ToMove() != s.Active() {
		t.Errorf("the queue is open, or %s to move in %s's turn\n%s", who(s.ToMove()), who(s.Active()), snapshot(s))
	}
}

func checkTurn(t testing.TB, s *State, turn, active int) {
	t.Helper()
	if s.Turn() != turn || s.Active() != active {
		t.Errorf("turn %d, %s's; want turn %d, %s's", s.Turn(), who(s.Active()), turn, who(active))
	}
}

func checkNotOver(t testing.TB, s *State) {
	t.Helper()
	if o := s.Outcome(); o.Over {
		t.Errorf("the game is over: %+v", o)
	}
}

// checkWhat checks that a violation says what happened in words that
// include want.
func checkWhat(t testing.TB, v *engine.Violation, want string) {
	t.Helper()
	if v != nil && !strings.Contains(v.What, want) {
		t.Errorf("the violation says %q, want it to say %q", v.What, want)
	}
}

// legalTexts writes the moves Legal lists, each with the player who makes
// it, as "Ann: play Scout North", sorted.
func legalTexts(s *State) []string { return movesTexts(s, s.Legal()) }

// movesTexts is legalTexts of moves, Legal's list in s.
func movesTexts(s *State, moves []engine.Move) []string {
	var out []string
	for _, m := range moves {
		p := mover(s, m)
		if by, ok := m.(engine.By); ok {
			m = by.Move
		}
		out = append(out, who(p)+": "+moveText(m))
	}
	slices.Sort(out)
	return out
}

// checkLegal checks that Legal lists exactly want ("|" between moves, each
// "Ann: play Scout North"), in any order, and that each applies.
func checkLegal(t testing.TB, s *State, want string) {
	t.Helper()
	checkLegalMovesApply(t, s)
	w := list(want)
	slices.Sort(w)
	if got := legalTexts(s); !slices.Equal(got, w) {
		t.Errorf("Legal lists\n%q\nwant\n%q", got, w)
	}
}

// turnView is a State whose ToMove is the player who makes an unwrapped
// move of Legal's list (the active player's, once the turns have begun),
// so that enginetest.MovesApply applies each move for its maker.
type turnView struct{ *State }

func (v turnView) ToMove() int {
	if v.Turn() == 0 {
		return v.State.ToMove()
	}
	return v.Active()
}

func (v turnView) Clone() engine.State { return turnView{v.clone()} }

// checkLegalMovesApply checks that Apply accepts, on a clone, each move
// Legal lists, for the player who makes it; that Legal lists no move
// twice, is stable, and leaves the state as it was.
func checkLegalMovesApply(t testing.TB, s *State) []engine.Move {
	t.Helper()
	before, shown := s.clone(), show(s)
	moves := s.Legal()
	checkUnchanged(t, s, before, shown, "Legal")
	if len(moves) == 0 && !s.Outcome().Over && s.Turn() > 0 {
		t.Errorf("Legal lists no moves in a game that is not over:\n%s", snapshot(s))
	}
	enginetest.MovesApply(t, turnView{s}, moves, moveText)
	if again := s.Legal(); !reflect.DeepEqual(again, moves) {
		t.Errorf("Legal is not stable")
	}
	return moves
}
