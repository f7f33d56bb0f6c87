package daemon

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// ---------------------------------------------------------------------------
// Catalogues, written compactly

// catalogueText writes a catalogue from a compact description: one module
// a line, "Name: cover ability | card | card ...", each card written
// "kind Name copies properties", as in
//
//	Alpha: power 1 | daemon Ant 10 cost 1 power 2 | script Note 5 cost 1 : draw 1
//
// which gives the module's cover card and its cards, each with "module
// Alpha copies N" written in. Blank lines and lines starting with ';' are
// left out.
func catalogueText(t testing.TB, spec string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("[Game \"daemon\"]\n")
	for line := range strings.Lines(spec) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, ";") {
			continue
		}
		parts := strings.Split(line, "|")
		name, ability, ok := strings.Cut(parts[0], ":")
		if !ok {
			t.Fatalf("module %q has no cover ability", parts[0])
		}
		name = strings.TrimSpace(name)
		fmt.Fprintf(&b, "module %s : %s\n", name, strings.TrimSpace(ability))
		for _, card := range parts[1:] {
			f := strings.Fields(card)
			if len(f) < 3 {
				t.Fatalf("card %q: want kind, name and copies", card)
			}
			fmt.Fprintf(&b, "%s %s module %s copies %s %s\n", f[0], f[1], name, f[2], strings.Join(f[3:], " "))
		}
	}
	return b.String()
}

// loadSpec loads a compact catalogue that must have no errors.
func loadSpec(t testing.TB, spec string) *Cards {
	t.Helper()
	return enginetest.MustLoad(t, Load, enginetest.Catalogue(t, "daemon", catalogueText(t, spec)))
}

// testSpec is the tests' own catalogue: modules whose cover abilities are
// each one of the vocabulary's, and short one-word cards of every kind.
// Heavy's cards cost more than the 10 of one side of the gauge, paid only
// from memory on their owner's side (ruling D7). Omega, the mains build
// gives by default, has an ability that only a refresh notices; Dud, its
// card, is a script with nothing ongoing and nothing to trash, which fills
// decks and security.
const testSpec = `
Alpha:   power 1       | daemon Ant 5 cost 1 power 2 | daemon Bear 4 cost 3 power 4 | daemon Whale 3 cost 6 power 7 | script Note 3 cost 1 : draw 1
Beta:    breach 1      | daemon Mole 5 cost 1 power 1 breach 1 | daemon Hare 4 cost 2 power 3 haste | script Drill 3 cost 2 ongoing breach 1 | script Zap 3 cost 1 : purge 2
Gamma:   grip 6        | daemon Owl 5 cost 3 power 3 : ability 2 draw 1 | daemon Bat 4 cost 2 power 2 : ability 3 memory 2 | script Bag 3 cost 1 ongoing grip 7 | script Cache 3 cost 1 trash draw 2
Delta:   haste         | daemon Wasp 5 cost 3 power 4 : ability 2 purge 2 | daemon Titan 4 cost 10 power 9 | script Spur 3 cost 1 ongoing haste | script Cell 3 cost 1 trash memory 2
Eps:     daemons -1    | daemon Gnat 5 cost 0 power 0 | script Mold 4 cost 1 ongoing daemons -2 | script Macro 3 cost 1 ongoing scripts -1 | script Kit 3 cost 3 : memory 2
Zeta:    scripts -1    | script Gift 5 cost 0 : memory 2 | script Pump 5 cost 2 ongoing power 1 | script Combo 5 cost 2 : draw 1, memory 1, purge 3
StartD:  start draw 1  | daemon Sd 15 cost 1 power 1
StartM:  start memory 2 | daemon Sm 15 cost 1 power 1
AttackD: attack draw 1 | daemon Ad 15 cost 1 power 1
AttackM: attack memory 1 | daemon Am 15 cost 1 power 1
TrashD:  trashed draw 1 | daemon Td 15 cost 1 power 1
TrashM:  trashed memory 3 | daemon Tm 15 cost 1 power 1
RevealD: reveal draw 1 | daemon Rd 15 cost 1 power 1
RevealM: reveal memory 3 | daemon Rm 15 cost 1 power 1
Heavy:   breach 2      | daemon Colossus 5 cost 12 power 12 | daemon Reactor 5 cost 1 power 1 : ability 12 draw 2 | script Overload 5 cost 20 : draw 3
Omega:   grip 9        | script Dud 15 cost 5 : draw 1
`

var testCardsLoaded enginetest.Loaded[*Cards]

// cards is testSpec, loaded once.
func cards(t testing.TB) *Cards {
	t.Helper()
	return testCardsLoaded.Get(t, func(t testing.TB) *Cards { return loadSpec(t, testSpec) })
}

// defaultCatalogue is the default catalogue's text, which lives with the
// referee; the tests read the file without importing the referee.
func defaultCatalogue(t testing.TB) string {
	t.Helper()
	src, err := os.ReadFile("../../referee/games/daemon/daemon.cards")
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

var defaultCardsLoaded enginetest.Loaded[*Cards]

// defaultCards is the default catalogue, loaded once.
func defaultCards(t testing.TB) *Cards {
	t.Helper()
	return defaultCardsLoaded.Get(t, func(t testing.TB) *Cards {
		return enginetest.MustLoad(t, Load, enginetest.Catalogue(t, "daemon", defaultCatalogue(t)))
	})
}

// names reads card names as a catalogue writes them, separated by spaces.
func names(s string) []string { return enginetest.Names(s) }

// ---------------------------------------------------------------------------
// Games

const (
	ann = 0
	ben = 1
)

var players = enginetest.Players

func newGame(t testing.TB, cs *Cards, seed uint64, variants map[string]string) *State {
	t.Helper()
	return enginetest.NewSeeded[*State](t, Game{Cards: cs}, seed, variants)
}

// setup is a set-up written out: the six picks of the draft in their
// order (first player 1, second 2, first 2, second 1) and the two mains.
type setup struct {
	picks string // six modules, in the order drafted
	mains [2]string
}

// defaultSetup drafts Alpha, Delta and Eps for Ann, Beta, Gamma and Zeta
// for Ben, with Alpha and Beta their mains.
var defaultSetup = setup{picks: "Alpha Beta Gamma Delta Eps Zeta", mains: [2]string{"Alpha", "Beta"}}

// draft plays the six picks in the order 1-2-2-1, on set-up lines.
func draft(t testing.TB, s *State, picks string) {
	t.Helper()
	for i, m := range names(picks) {
		mustApply(t, s, []int{ann, ben, ben, ann, ann, ben}[i], setupLine(Draft{m}))
	}
}

// setUp plays a whole set-up: the draft, each main and its keep. The
// state it leaves is still setting up: the first turn begins with the
// first move of a turn (ruling D4).
func setUp(t testing.TB, cs *Cards, seed uint64, variants map[string]string, su setup) *State {
	t.Helper()
	s := newGame(t, cs, seed, variants)
	draft(t, s, su.picks)
	for p := range 2 {
		mustApply(t, s, p, setupLine(Main{su.mains[p]}), setupLine(Keep{}))
	}
	return s
}

// begin starts the first turn, as the first move of a turn does.
func begin(t testing.TB, s *State) *State {
	t.Helper()
	if err := s.begin(); err != nil {
		t.Fatal(err)
	}
	return s
}

// position describes a position in a turn: the cards in every zone, as
// names() reads them. A deck or a security left "" holds Duds (ten in the
// deck, five in security); none makes it empty. A daemon is written as its
// name, ready and free of loading sickness, or with "/sick" (ready, with
// loading sickness) or "/spent" (not ready) after it.
type position struct {
	variants map[string]string
	mains    [2]string // "" is Omega
	grips    [2]string
	decks    [2]string // top first
	security [2]string // top first
	heaps    [2]string
	scripts  [2]string
	daemons  [2]string
	memory   int
	// benActive makes it turn 2, Ben's.
	benActive bool
}

const none = "-"

// build sets up pos: a set-up is played out (seed 1) and the first turn
// begun, then each zone is made what pos says.
func build(t testing.TB, pos position) *State {
	t.Helper()
	s := begin(t, setUp(t, cards(t), 1, pos.variants, defaultSetup))
	zone := func(z, def string) []string {
		switch z {
		case "":
			return names(def)
		case none:
			return nil
		}
		return names(z)
	}
	for p, pl := range s.players {
		pl.main = pos.mains[p]
		if pl.main == "" {
			pl.main = "Omega"
		}
		pl.modules = []string{pl.main}
		pl.grip = names(pos.grips[p])
		pl.deck = zone(pos.decks[p], strings.Repeat("Dud ", 10))
		pl.security = zone(pos.security[p], strings.Repeat("Dud ", 5))
		pl.heap = names(pos.heaps[p])
		pl.scripts = names(pos.scripts[p])
		s.countBonuses(p)
		pl.daemons = nil
		for _, d := range names(pos.daemons[p]) {
			name, state, _ := strings.Cut(d, "/")
			c, ok := s.cards.Card(name)
			if !ok || c.Kind != Daemon {
				t.Fatalf("position: no daemon named %q", name)
			}
			fd := &FieldDaemon{Card: c, Ready: state != "spent", Sick: state == "sick"}
			if state != "" && state != "spent" && state != "sick" {
				t.Fatalf("position: daemon %q: a daemon is sick or spent", d)
			}
			pl.daemons = append(pl.daemons, fd)
		}
		for _, c := range slices.Concat(pl.grip, pl.deck, pl.security, pl.heap, pl.scripts) {
			if card, ok := s.cards.Card(c); !ok || card.Kind == Module {
				t.Fatalf("position: no card named %q", c)
			}
		}
	}
	s.memory = pos.memory
	if pos.benActive {
		s.active, s.turn = ben, 2
	}
	return s
}

// ---------------------------------------------------------------------------
// Moves

func setupLine(m engine.Move) engine.OnSetupLine { return engine.OnSetupLine{Move: m} }

func play(card string, target ...string) Play {
	return Play{Card: card, Target: strings.Join(target, " ")}
}

func activate(card string, target ...string) Activate {
	return Activate{Card: card, Target: strings.Join(target, " ")}
}

func attack(attacker string, target ...string) Attack {
	return Attack{Attacker: attacker, Target: strings.Join(target, " ")}
}

func reveal(card string) Reveal      { return Reveal{card} }
func trash(card string) TrashScript  { return TrashScript{card} }
func mulligan(cards string) Mulligan { return Mulligan{Cards: names(cards)} }
func end() engine.EndTurn            { return engine.EndTurn{} }
func onSetupLines(ms ...engine.Move) []engine.Move {
	var out []engine.Move
	for _, m := range ms {
		out = append(out, setupLine(m))
	}
	return out
}

func moveKey(m engine.Move) string {
	with := func(verb, card, target string) string {
		if target == "" {
			return verb + " " + card
		}
		return verb + " " + card + " " + target
	}
	switch m := m.(type) {
	case Draft:
		return "draft " + m.Module
	case Main:
		return "main " + m.Module
	case Mulligan:
		return "mulligan " + strings.Join(m.Cards, " ")
	case Keep:
		return "keep"
	case Play:
		return with("play", m.Card, m.Target)
	case Activate:
		return with("activate", m.Card, m.Target)
	case TrashScript:
		return "trash " + m.Card
	case Attack:
		return with("attack", m.Attacker, m.Target)
	case Reveal:
		return "reveal " + m.Card
	case Refresh:
		return "refresh"
	case Burn:
		return "burn"
	case engine.EndTurn:
		return "end of turn"
	case engine.OnSetupLine:
		return "set-up line: " + moveKey(m.Move)
	case Draw:
		return "draw " + strings.Join(m.Cards, " ")
	case Secure:
		return "secure " + strings.Join(m.Cards, " ")
	}
	if k := declarationKey(m); k != "" {
		return k
	}
	return fmt.Sprintf("%T%+v", m, m)
}

func moveKeys(moves []engine.Move) []string {
	var out []string
	for _, m := range moves {
		out = append(out, moveKey(m))
	}
	return out
}

// verdict is what Apply should answer: ok (the zero verdict), a violation
// of the rules text (broke), or of a ruling (ruled).
type verdict = enginetest.Verdict

var ok = verdict{}

func broke(rule string) verdict     { return verdict{Rule: rule} }
func ruled(id, rule string) verdict { return verdict{Ruling: id, Rule: rule} }

// expect applies m for player and checks Apply's answer. A refused move
// must be a *engine.Violation quoting the expected rule (and, for a
// ruling, a rule standing in that ruling's section of RULINGS.md), and
// must leave the state exactly as it was.
func expect(t testing.TB, s *State, player int, m engine.Move, want verdict) *engine.Violation {
	t.Helper()
	if want == ok {
		if err := s.Apply(player, m); err != nil {
			t.Fatalf("%s by %s: %v\n%s", moveKey(m), players[player], err, snapshot(s))
		}
		return nil
	}
	before := s.clone()
	err := s.Apply(player, m)
	v := quotes.Refused(t, err, moveKey(m), players[player], want)
	if !sameState(before, s) {
		t.Errorf("refused %s changed the state:\nbefore %s\nafter  %s", moveKey(m), snapshot(before), snapshot(s))
	}
	return v
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

// mustApply applies moves that must be accepted.
func mustApply(t testing.TB, s *State, player int, moves ...engine.Move) {
	t.Helper()
	for _, m := range moves {
		expect(t, s, player, m, ok)
	}
}

// ---------------------------------------------------------------------------
// Checks

// sameState tells whether two states are the same in every field
// (deepSame, by a comparer): a damage's continuation, a func, is compared as there or
// not; the catalogue as the same one, not card by card; an empty zone as
// empty, nil or not. The spare daemons and the memory kept for the next
// copy of the ledger are left out: they are no part of the game, and a
// clone has neither.
func sameState(a, b *State) bool {
	return a.cards == b.cards && sameButSpare(a, b)
}

var sameButSpare = enginetest.SameExcept[State]("spare", "undoLedger")

// snapshot writes down everything the accessors show of a state.
func snapshot(s *State) string { return show(s).String() }

// shown is everything the accessors show of a state, as snapshot writes
// it: two states show the same when their shown are the same (sameShown),
// found without writing them down.
type shown struct {
	turn, toMove, active, memory int
	setup, ended                 bool
	why                          string
	owed, to                     int
	outcome                      engine.Outcome
	players                      [2]shownPlayer
}

type shownPlayer struct {
	modules                             []string
	main                                string
	deck, grip, security, heap, scripts []string
	daemons                             []shownDaemon
}

type shownDaemon struct {
	name        string
	power       int
	ready, sick bool
}

func show(s *State) shown {
	v := shown{turn: s.Turn(), toMove: s.ToMove(), setup: s.SettingUp(), active: s.Active(), memory: s.Memory(), outcome: s.Outcome()}
	v.ended, v.why = s.Ended()
	v.owed, v.to = s.Owed()
	for p := range 2 {
		pv := &v.players[p]
		pv.modules, pv.main = s.Modules(p)
		pv.deck, pv.grip, pv.security, pv.heap, pv.scripts = s.Deck(p), s.Grip(p), s.Security(p), s.Heap(p), s.Scripts(p)
		for _, d := range s.Daemons(p) {
			pv.daemons = append(pv.daemons, shownDaemon{d.Card.Name, s.Power(p, d), d.Ready, d.Sick})
		}
	}
	return v
}

// sameShown tells whether a and b show the same, as their snapshots would.
func sameShown(a, b *State) bool {
	x, y := show(a), show(b)
	return same(&x, &y)
}

func (v shown) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn=%d toMove=%d setup=%v active=%d memory=%d ended=%v (%s) owed=%d to %d outcome=%+v\n",
		v.turn, v.toMove, v.setup, v.active, v.memory, v.ended, v.why, v.owed, v.to, v.outcome)
	for p, pv := range v.players {
		var ds []string
		for _, d := range pv.daemons {
			ds = append(ds, fmt.Sprintf("%s(power %d ready %v sick %v)", d.name, d.power, d.ready, d.sick))
		}
		fmt.Fprintf(&b, "p%d modules=%q main=%s deck=%q grip=%q security=%q heap=%q scripts=%q daemons=%v\n",
			p, pv.modules, pv.main, pv.deck, pv.grip, pv.security, pv.heap, pv.scripts, ds)
	}
	return b.String()
}

func checkCards(t testing.TB, what string, got []string, want string) {
	t.Helper()
	if w := names(want); !slices.Equal(got, w) && !(len(got) == 0 && len(w) == 0) {
		t.Errorf("%s = %q, want %q", what, got, w)
	}
}

// checkDaemons checks a player's daemons, written as position writes them.
func checkDaemons(t testing.TB, s *State, p int, want string) {
	t.Helper()
	var got []string
	for _, d := range s.Daemons(p) {
		switch {
		case d.Sick && d.Ready:
			got = append(got, d.Card.Name+"/sick")
		case !d.Ready && !d.Sick:
			got = append(got, d.Card.Name+"/spent")
		case d.Ready:
			got = append(got, d.Card.Name)
		default:
			got = append(got, d.Card.Name+"/spent+sick")
		}
	}
	checkCards(t, players[p]+"'s daemons", got, want)
}

// checkMemory checks the tracker, as the active player sees it.
func checkMemory(t testing.TB, s *State, want int) {
	t.Helper()
	if got := s.Memory(); got != want {
		t.Errorf("memory = %d, want %d\n%s", got, want, snapshot(s))
	}
}

// checkEnded checks whether the active player's turn has ended, and that
// the reason says why.
func checkEnded(t testing.TB, s *State, want bool, why string) {
	t.Helper()
	got, reason := s.Ended()
	if got != want || (want && !strings.Contains(reason, why)) {
		t.Errorf("ended = %v (%q), want %v (%q)\n%s", got, reason, want, why, snapshot(s))
	}
}

// checkOwed checks the reveals still owed, and by whom.
func checkOwed(t testing.TB, s *State, n, to int) {
	t.Helper()
	if gn, gto := s.Owed(); gn != n || (n > 0 && gto != to) {
		t.Errorf("owed %d reveals by %s, want %d by %s", gn, players[gto], n, players[to])
	}
}

// checkAt checks the turn, the active player and the player to move.
func checkAt(t testing.TB, s *State, turn, active int) {
	t.Helper()
	if s.Turn() != turn || s.Active() != active || s.ToMove() != active || s.SettingUp() {
		t.Errorf("turn %d, %s active, %s to move, setting up %v; want turn %d, %s active and to move\n%s",
			s.Turn(), players[s.Active()], players[s.ToMove()], s.SettingUp(), turn, players[active], snapshot(s))
	}
}

// checkOutcome checks that the game is over with the winner and turn
// given, and a reason that says reason.
func checkOutcome(t testing.TB, s *State, winner int, reason string, turn int) {
	t.Helper()
	o := s.Outcome()
	if !o.Over || o.Winner != winner || o.Turn != turn || !strings.Contains(o.Reason, reason) {
		t.Errorf("outcome %+v, want over, winner %d on turn %d, a reason saying %q", o, winner, turn, reason)
	}
}

func checkNotOver(t testing.TB, s *State) {
	t.Helper()
	if o := s.Outcome(); o.Over {
		t.Errorf("the game is over: %+v", o)
	}
}

// checkLegalMovesApply checks that Apply accepts, on a clone, each move
// Legal lists, that Legal lists no move twice, is stable, and leaves the
// state as it was.
func checkLegalMovesApply(t testing.TB, s *State) []engine.Move {
	t.Helper()
	before := s.clone()
	moves := s.Legal()
	if !sameState(before, s) {
		t.Errorf("Legal changed the state:\nbefore %s\nafter  %s", snapshot(before), snapshot(s))
	}
	if len(moves) == 0 && !s.Outcome().Over {
		t.Errorf("Legal lists no moves in a game that is not over:\n%s", snapshot(s))
	}
	enginetest.MovesApply(t, s, moves, moveKey)
	if again := s.Legal(); !reflect.DeepEqual(again, moves) {
		t.Errorf("Legal is not stable: %q, then %q", moveKeys(moves), moveKeys(again))
	}
	return moves
}

// checkLegal checks that Legal lists exactly want, in any order.
func checkLegal(t testing.TB, s *State, want ...engine.Move) {
	t.Helper()
	got := moveKeys(checkLegalMovesApply(t, s))
	w := moveKeys(want)
	slices.Sort(got)
	slices.Sort(w)
	if !slices.Equal(got, w) {
		t.Errorf("Legal lists %q, want %q", got, w)
	}
}

// shuffled is cards shuffled with src, as the engine shuffles a deck.
func shuffled(src *shuffle.Source, cards []string) []string {
	out := slices.Clone(cards)
	shuffle.Shuffle(src, out)
	return out
}

// source is a copy of the state's seeded source, to foretell its shuffles.
func source(s *State) *shuffle.Source {
	src := *s.src
	return &src
}

// census counts every card of a player's wherever it is.
func census(s *State, p int) map[string]int {
	n := map[string]int{}
	for _, zone := range [][]string{s.Deck(p), s.Grip(p), s.Security(p), s.Heap(p), s.Scripts(p)} {
		for _, c := range zone {
			n[c]++
		}
	}
	for _, d := range s.Daemons(p) {
		n[d.Card.Name]++
	}
	return n
}

// moduleCensus counts the cards of a player's three modules.
func moduleCensus(cs *Cards, modules []string) map[string]int {
	n := map[string]int{}
	for _, m := range modules {
		for _, c := range cs.ModuleCards(m) {
			n[c]++
		}
	}
	return n
}

// quotes tells the shared quote checks about Daemon: its rules text is
// daemon.txt, its rulings run D1 to D23, and daemon.go gives rulings.
var quotes = enginetest.Quotes{Game: "daemon", RulingPrefix: "D", MainFile: "daemon.go", Rulings: 35}
