package void

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// ---------------------------------------------------------------------------
// Legal in positions

func TestLegalInPositions(t *testing.T) {
	t.Run("the queue open: the player to decide, execute, and the other player", func(t *testing.T) {
		s := table{ann: "energy 1, hand Scout Wall", ben: "energy 1, hand Drain"}.start(t)
		run(t, s, "play Scout North")
		checkLegal(t, s, "Ben: play Drain Ann | Ben: convert Drain | Ann: execute | Ann: convert Wall")
		if moves := s.Legal(); !slices.ContainsFunc(moves, func(m engine.Move) bool { _, ok := m.(engine.By); return ok }) {
			t.Errorf("Legal lists Ben's moves unwrapped: %q", legalTexts(s))
		}
	})
	t.Run("the other player declined: the player to decide alone", func(t *testing.T) {
		s := table{ann: "energy 1, hand Scout Wall Surge", ben: "energy 1, hand Drain"}.start(t)
		run(t, s, "play Scout North, convert Wall")
		checkLegal(t, s, "Ann: play Surge | Ann: convert Surge | Ann: execute")
	})
	t.Run("right after the last execution: both players, and the end of the turn", func(t *testing.T) {
		s := table{ann: "energy 1, hand Scout", ben: "energy 1, hand Drain"}.start(t)
		run(t, s, "play Scout North, execute")
		checkLegal(t, s, `Ann: advance Scout Middle | Ann: attack Scout North | Ann: attack Scout Middle |
			Ben: play Drain Ann | Ben: convert Drain | Ann: end`)
	})
	t.Run("the queue closed: the active player alone", func(t *testing.T) {
		s := table{ann: "field Wall South", ben: "energy 1, hand Drain, field Scout Middle"}.start(t)
		checkLegal(t, s, "Ann: advance Wall Middle | Ann: attack Wall Middle | Ann: attack Wall South | Ann: end")
	})
	t.Run("defences and reactive skills", func(t *testing.T) {
		s := table{ann: "field Raider Middle", ben: "energy 1, field Sentinel Middle, field Wall South"}.start(t)
		run(t, s, "attack Raider Middle")
		checkLegal(t, s, `Ben: react Sentinel Middle | Ben: defend Sentinel Raider |
			Ben: advance Sentinel North | Ben: advance Sentinel South | Ben: attack Sentinel North | Ben: attack Sentinel Middle | Ben: attack Sentinel South |
			Ben: advance Wall Middle | Ben: attack Wall Middle | Ben: attack Wall South |
			Ann: execute`)
	})
	t.Run("X up to the energy, and every pick", func(t *testing.T) {
		s := table{ann: "energy 3, hand Barrage Flux", ben: "field Scout North, field Scout South"}.start(t)
		checkLegal(t, s, `Ann: play Barrage North South X 0 | Ann: play Barrage North South X 1 | Ann: play Barrage North South X 2 |
			Ann: convert Barrage | Ann: play Flux Ann pick 1 | Ann: play Flux Ann pick 2 | Ann: play Flux Ben pick 1 | Ann: play Flux Ben pick 2 |
			Ann: convert Flux | Ann: end`)
	})
	t.Run("every set of different targets", func(t *testing.T) {
		s := table{board: "sector A, sector B, sector C, sector D, sector E", ann: "energy 1, hand Barrage", ben: "field Scout A, field Scout B, field Scout C, field Scout D, field Scout E"}.start(t)
		var want []string
		for i, a := range names("A B C D E") {
			for _, b := range names("A B C D E")[i+1:] {
				want = append(want, "Ann: play Barrage "+a+" "+b+" X 0")
			}
		}
		checkLegal(t, s, strings.Join(append(want, "Ann: convert Barrage", "Ann: end"), " | "))
	})
	t.Run("the game over: nothing", func(t *testing.T) {
		s := table{ann: "energy 5, hand Nuke Scout", ben: "life 1"}.start(t)
		run(t, s, "play Nuke Ben, execute")
		if moves := s.Legal(); len(moves) != 0 {
			t.Errorf("Legal lists %q once the game is over", legalTexts(s))
		}
	})
	t.Run("the set-up written, before the first turn: its moves", func(t *testing.T) {
		s := table{ann: "energy 1, hand Scout"}.open(t)
		checkLegal(t, s, "Ann: play Scout North | Ann: play Scout Middle | Ann: play Scout South | Ann: convert Scout | Ann: end")
	})
	t.Run("a seeded set-up: the planned lines, then the first turn", func(t *testing.T) {
		s := newSeeded(t, defaultCards(t), 3, nil)
		var lines []string
		for s.Turn() == 0 {
			moves := s.Legal()
			if len(moves) != 1 {
				break
			}
			sl, ok := moves[0].(engine.OnSetupLine)
			if !ok {
				break
			}
			lines = append(lines, who(s.ToMove())+": "+moveText(sl.Move))
			expectMove(t, s, s.ToMove(), sl, accepted)
		}
		if len(lines) != 3+2*4 || !strings.HasPrefix(lines[0], "player -1: sector North Forest Lake") {
			t.Errorf("the planned set-up: %q", lines)
		}
		for p := range 2 {
			if pl := s.Player(p); pl.Energy != 3 || pl.Income != 3 || pl.Life != 10 || len(pl.Hand) != 8 {
				t.Errorf("%s after the planned set-up: %+v", who(p), pl)
			}
		}
		checkLegalMovesApply(t, s)
	})
}

func newSeeded(t testing.TB, cs *Cards, seed uint64, variants map[string]string) *State {
	t.Helper()
	st, err := Game{Cards: cs}.New(engine.Options{Players: players, Seeded: true, Seed: seed, Variants: variants})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// ---------------------------------------------------------------------------
// Legal in random games

var randomVariants = []map[string]string{
	nil,
	{"after": "opponent"},
	{"refund": "full"},
	{"after": "opponent", "refund": "full"},
}

// TestLegalInRandomGames plays seeded games from their planned set-up,
// picking among the moves Legal lists as the referee's Random does: a move
// wrapped in engine.By by the player it names, the others by the player
// whose turn it is. At every position each move listed is accepted (on a
// clone) by the player who makes it, a sample of plausible moves not
// listed is refused without changing anything, and the game is consistent.
// Legal lists nothing once a game is over.
func TestLegalInRandomGames(t *testing.T) {
	const games = 16
	catalogues := []*Cards{defaultCards(t), cards(t)}
	ended := 0
	for g := range games {
		seed := uint64(900 + g)
		s := newSeeded(t, catalogues[g%2], seed, randomVariants[g/2%len(randomVariants)])
		if playRandom(t, s, seed) {
			ended++
		}
	}
	t.Logf("%d of %d random games ended", ended, games)
	if ended == 0 {
		t.Errorf("no random game ended")
	}
}

// playRandom plays s out, checking every position, and tells whether the
// game ended.
func playRandom(t *testing.T, s *State, seed uint64) bool {
	t.Helper()
	const maxSteps = 400
	rng := shuffle.New(seed)
	census := -1
	for steps := 0; steps < maxSteps && !s.Outcome().Over; steps++ {
		moves := checkLegalMovesApply(t, s)
		if s.Turn() > 0 {
			n := checkConsistent(t, s)
			if census >= 0 && n != census {
				t.Errorf("the cards number %d, then %d", census, n)
			}
			census = n
			checkUnlistedRefused(t, s, moves, rng)
		}
		if t.Failed() {
			t.Fatalf("seed %d, step %d:\n%s", seed, steps, snapshot(s))
		}
		m := moves[rng.Intn(len(moves))]
		turn, p := s.Turn(), mover(s, m)
		if by, ok := m.(engine.By); ok {
			m = by.Move
		}
		if err := s.Apply(p, m); err != nil {
			t.Fatalf("seed %d, step %d: %s by %s: %v", seed, steps, moveText(m), who(p), err)
		}
		if _, isEnd := m.(engine.EndTurn); isEnd && s.Turn() != max(turn, 1)+1 {
			t.Errorf("seed %d: the end of turn %d leads to turn %d", seed, turn, s.Turn())
		}
	}
	o := s.Outcome()
	if o.Over {
		if o.Turn != s.Turn() || o.Turn < 1 {
			t.Errorf("seed %d: ended on turn %d, the state at turn %d", seed, o.Turn, s.Turn())
		}
		lost := 0
		for p := range 2 {
			if s.Player(p).Life == 0 {
				lost++
				if o.Winner == p {
					t.Errorf("seed %d: %s wins with no life left", seed, who(p))
				}
			}
		}
		if lost == 0 || (lost == 2) != (o.Winner == engine.Nobody) {
			t.Errorf("seed %d: outcome %+v with lives %d and %d", seed, o, s.Player(ann).Life, s.Player(ben).Life)
		}
		if moves := s.Legal(); len(moves) != 0 {
			t.Errorf("seed %d: Legal lists %q once the game is over", seed, legalTexts(s))
		}
	}
	return o.Over
}

// checkConsistent checks what must hold in every position of a game, and
// counts the cards, which never come or go: each in a hand, a cache, in
// play or played into the queue.
func checkConsistent(t *testing.T, s *State) int {
	t.Helper()
	n := 0
	for p := range 2 {
		pl := s.Player(p)
		if pl.Energy < 0 || pl.Energy > 999 || pl.Life < 0 || pl.Life > 999 {
			t.Errorf("%s: %+v", who(p), pl)
		}
		n += len(pl.Hand) + len(pl.Cache)
	}
	for _, c := range s.InPlay() {
		n++
		if c.Card.Kind == Unit && c.Damage >= c.Card.Health {
			t.Errorf("%s's %s stays in play with damage %d", who(c.Owner), c.Card.Name, c.Damage)
		}
	}
	for _, q := range s.Queue() {
		if strings.HasPrefix(q.Text, "play ") {
			n++
		}
	}
	p, declined, open := s.Deciding()
	if !open && (len(s.Queue()) > 0 || s.ToMove() != s.Active()) {
		t.Errorf("the queue closed with %d actions, %s to move", len(s.Queue()), who(s.ToMove()))
	}
	if open && (p != s.ToMove() || p < 0 || p > 1) {
		t.Errorf("%s decides, %s to move", who(p), who(s.ToMove()))
	}
	if !open && declined {
		t.Errorf("a decline with the queue closed")
	}
	return n
}

// plausible is what plausible moves are made of in a position: the
// names of the cards in sight (in the hands and in play) and of some that
// are not, the units in play, the sectors, and sets of targets of every
// kind, some of them not on the board.
type plausible struct {
	s            *State
	cards, units []string
	sectors      []string
	sets         [][]string
}

func plausibleMoves(s *State) plausible {
	pm := plausible{s: s}
	for p := range 2 {
		pm.cards = append(pm.cards, s.Player(p).Hand...)
	}
	for _, c := range s.InPlay() {
		pm.cards = append(pm.cards, c.Card.Name)
		pm.units = append(pm.units, c.Card.Name)
	}
	pm.cards = distinct(append(pm.cards, "Gizmo", s.cards.All()[0].Name))
	pm.units = distinct(append(pm.units, "Gizmo"))
	var targets []string
	for _, sec := range s.Sectors() {
		pm.sectors = append(pm.sectors, sec.Name)
		targets = append(targets, sec.Name)
		targets = append(targets, sec.Biomes...)
	}
	targets = append(targets, append(slices.Clone(players), "Nowhere")...)
	pm.sets = [][]string{nil}
	for _, tg := range targets {
		pm.sets = append(pm.sets, []string{tg})
	}
	for i := range pm.sectors {
		for j := i + 1; j < len(pm.sectors); j++ {
			pm.sets = append(pm.sets, []string{pm.sectors[i], pm.sectors[j]})
		}
	}
	pm.sets = append(pm.sets, slices.Clone(players), []string{"North", "North"})
	return pm
}

// random is one plausible move, by either player: every kind of move, with
// choices of the kind its card would take (picks one past its options
// included, and X up to 3, the most Legal lists).
func (pm plausible) random(rng *shuffle.Source) move {
	pick := func(names []string) string { return names[rng.Intn(len(names))] }
	choices := func(a *Ability) Choices {
		ch := Choices{Targets: pm.sets[rng.Intn(len(pm.sets))]}
		if a != nil && a.Pick {
			ch.Pick = rng.Intn(len(a.Effects) + 2)
			ch.HasPick = ch.Pick > 0 || rng.Intn(4) == 0
		}
		if a != nil && a.Cost.X {
			ch.X, ch.HasX = rng.Intn(4), true
		}
		return ch
	}
	ability := func(name string, skill bool) *Ability {
		c, ok := pm.s.cards.Card(name)
		switch {
		case !ok:
			return nil
		case skill:
			return c.Skill
		}
		return &c.Play
	}
	p := rng.Intn(2)
	var m engine.Move
	switch rng.Intn(10) {
	case 0, 1, 2:
		name := pick(pm.cards)
		m = Play{name, choices(ability(name, false))}
	case 3:
		name := pick(pm.cards)
		m = Activate{name, choices(ability(name, true))}
	case 4:
		name := pick(pm.cards)
		m = React{name, choices(ability(name, true))}
	case 5:
		m = Advance{pick(pm.units), pick(append(slices.Clone(pm.sectors), "Nowhere"))}
	case 6:
		m = Attack{pick(pm.units), pick(append(slices.Clone(pm.sectors), "Nowhere"))}
	case 7:
		m = Defend{pick(pm.units), pick(pm.units)}
	case 8:
		m = Convert{pick(pm.cards)}
	default:
		m = []engine.Move{Execute{}, engine.EndTurn{}, engine.OnSetupLine{Move: Energy{3}}, Energy{3},
			engine.OnSetupLine{Move: Hand{[]string{"Scout"}}}, engine.By{Player: 1 - p, Move: Convert{pick(pm.cards)}}}[rng.Intn(6)]
	}
	return move{p, m}
}

// move is a move and the player who makes it.
type move struct {
	p int
	m engine.Move
}

// key names a move made by a player. Execute is nobody's action: the
// active player's turn line holds it, whoever is to decide.
func (mv move) key() string {
	if _, ok := mv.m.(Execute); ok {
		return "execute"
	}
	return who(mv.p) + ": " + moveText(mv.m)
}

func distinct(names []string) []string {
	var out []string
	for _, n := range names {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// checkUnlistedRefused tries, on clones, a random sample of the plausible
// moves that Legal does not list: each must be refused with a violation
// and leave the clone as it was.
func checkUnlistedRefused(t *testing.T, s *State, moves []engine.Move, rng *shuffle.Source) {
	t.Helper()
	const sample = 30
	listed := map[string]bool{}
	for _, m := range moves {
		p := mover(s, m)
		if by, ok := m.(engine.By); ok {
			m = by.Move
		}
		listed[move{p, m}.key()] = true
	}
	pm := plausibleMoves(s)
	before, shown := s.clone(), show(s)
	// The moves are tried on one copy, found after each refusal to be as
	// s is, and copied afresh after a move accepted.
	c := s.clone()
	for range sample {
		mv := pm.random(rng)
		if by, ok := mv.m.(engine.By); ok {
			mv = move{by.Player, by.Move}
		}
		if listed[mv.key()] {
			continue
		}
		err := c.Apply(mv.p, mv.m)
		if err == nil {
			t.Errorf("%s is not listed, but Apply accepts it", mv.key())
			c = s.clone()
			continue
		}
		if v, ok := asViolation(err); !ok || v.Rule == "" || v.What == "" {
			t.Errorf("%s is not listed, and Apply answers %v, not a violation", mv.key(), err)
		}
		checkUnchanged(t, c, before, shown, mv.key())
		if t.Failed() {
			c = s.clone()
		}
	}
}

// ---------------------------------------------------------------------------
// Refused moves, Clone

// TestRefusedMovesLeaveTheStateAsItWas tries illegal moves in every kind of
// position: each is refused with a violation and leaves the state exactly
// as it was, in every field and every accessor; the state then plays as it
// would have.
func TestRefusedMovesLeaveTheStateAsItWas(t *testing.T) {
	bad := []string{
		"play Gizmo North", "play Shock", "play Shock Middle", "play Barrage North North X 1", "play Barrage North South",
		"play Flux Ben", "play Flux Ben pick 3", "play Ranger North", "play Extractor", "convert Gizmo",
		"activate Scout North", "activate Ranger", "react Ranger North", "activate Sentinel North", "react Sentinel Middle",
		"advance Scout South", "advance Wall Nowhere", "attack Scout South", "defend Wall Gizmo", "defend Gizmo Raider",
		"Ben play Shock North",
	}
	for _, pos := range []struct {
		name  string
		tb    table
		moves string
		extra []string // refused there too
	}{
		{"the queue closed", table{ann: "energy 2, hand Shock Barrage Flux Ranger Extractor, field Scout North, field Wall Middle", ben: "energy 1, hand Shock Drain"}, "", []string{"execute", "Ben convert Drain"}},
		{"the queue open", table{ann: "energy 2, hand Shock Barrage Flux Ranger Extractor Scout, field Scout North, field Wall Middle", ben: "hand Shock Drain"}, "play Scout South", []string{"end"}},
		{"a decline", table{ann: "energy 1, hand Shock Barrage Flux Ranger Extractor Scout Surge, field Scout North", ben: "energy 3, hand Shock Drain"}, "play Scout South, play Surge", []string{"end", "Ben play Drain Ann", "Ben convert Drain"}},
		{"the game over", table{ann: "energy 5, hand Nuke Scout, field Scout North", ben: "life 1, hand Drain"}, "play Nuke Ben, execute", []string{"end", "execute", "attack Scout North", "play Scout South"}},
	} {
		t.Run(pos.name, func(t *testing.T) {
			s := pos.tb.start(t)
			run(t, s, pos.moves)
			before, shown := s.clone(), show(s)
			for _, text := range append(slices.Clone(bad), pos.extra...) {
				err := refusedWith(t, s, text)
				var v *engine.Violation
				if !errors.As(err, &v) || v.Rule == "" || v.What == "" {
					t.Errorf("%s: %v; want a violation", text, err)
				}
			}
			checkUnchanged(t, s, before, shown, "the refused moves")
			// The state still plays as a copy taken before does.
			c := before.clone()
			if moves := s.Legal(); len(moves) > 0 {
				m := moves[len(moves)-1]
				expectMove(t, s, mover(s, m), m, accepted)
				expectMove(t, c, mover(c, m), m, accepted)
				if !sameState(s, c) {
					t.Errorf("after refused moves, %s plays differently", moveText(m))
				}
			}
		})
	}
}

// TestApplyOutsideTheRules: moves no transcript can write (a player who
// is not one of the two, a move of no kind Void knows) are errors, and
// change nothing; players without names are named by their number.
func TestApplyOutsideTheRules(t *testing.T) {
	s := table{ann: "energy 1, hand Scout"}.start(t)
	before, shown := s.clone(), show(s)
	for _, tt := range []struct {
		p int
		m any
	}{
		{2, Convert{"Scout"}}, {-1, Convert{"Scout"}}, {ann, struct{}{}}, {ann, "play Scout North"},
	} {
		if err := s.Apply(tt.p, tt.m); err == nil {
			t.Errorf("%v by %d is accepted", tt.m, tt.p)
		}
		checkUnchanged(t, s, before, shown, fmt.Sprint(tt.m))
	}
	st, err := Game{Cards: cards(t)}.New(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s = st.(*State)
	setUp(t, s, engine.Nobody, Sector{"North", nil})
	v := expectMove(t, s, ben, Convert{"Scout"}, ruled("V6", rulingOpen))
	checkWhat(t, v, "it is player 1's turn")
}

func TestCloneIsIndependent(t *testing.T) {
	tb := table{ann: "energy 5, hand Scout Shock Barrage, field Raider North, field Extractor Forest", ben: "energy 3, life 9, hand Drain Scout, field Wall North, field Scout Middle"}
	t.Run("moves on the clone leave the original as it was", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout South, Ben play Drain Ann")
		saved, shown := s.clone(), show(s)
		c := s.Clone().(*State)
		run(t, c, "play Shock North, execute, execute, attack Raider North, execute, execute, end")
		checkUnchanged(t, s, saved, shown, "playing the clone")
	})
	t.Run("moves on the original leave the clone as it was", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout South, Ben play Drain Ann")
		c := s.Clone().(*State)
		saved, shown := c.clone(), show(c)
		run(t, s, "play Shock North, execute, execute, attack Raider North, execute, execute, end")
		checkUnchanged(t, c, saved, shown, "playing the original")
	})
	t.Run("the accessors give copies", func(t *testing.T) {
		s := tb.start(t)
		run(t, s, "play Scout South, execute, convert Shock")
		shown := snapshot(s)
		s.Player(ann).Hand[0] = "Gizmo"
		s.Player(ann).Cache[0] = "Gizmo"
		s.Sectors()[0].Biomes[0] = "Gizmo"
		s.InPlay()[0].Damage = 5
		if after := snapshot(s); after != shown {
			t.Errorf("writing to what the accessors gave changed the state:\nbefore %s\nafter  %s", shown, after)
		}
	})
	t.Run("a clone in every position plays as the original does", func(t *testing.T) {
		s := newSeeded(t, cards(t), 12, nil)
		rng := shuffle.New(12)
		for step := 0; !s.Outcome().Over && step < 200; step++ {
			c := s.Clone().(*State)
			if !sameState(c, s) || snapshot(c) != snapshot(s) {
				t.Fatalf("step %d: the clone differs from the original", step)
			}
			moves := s.Legal()
			m := moves[rng.Intn(len(moves))]
			expectMove(t, s, mover(s, m), m, accepted)
			expectMove(t, c, mover(c, m), m, accepted)
			if !sameState(c, s) {
				t.Fatalf("step %d: %s gives the clone another state:\n%s\n%s", step, moveText(m), snapshot(s), snapshot(c))
			}
		}
	})
}

// ---------------------------------------------------------------------------
// Quotes

// TestQuoteRulesStandInRulesText checks that every rule constant quotes the
// Void rules text word for word. The text lives outside the repository
// and is skipped where it is absent, as in CI.
func TestQuoteRulesStandInRulesText(t *testing.T) { quotes.RulesStandInRulesText(t) }

// TestQuoteRulingsStandInRulingsMD checks that every ruling constant quotes
// RULINGS.md word for word, and stands in the section of the ruling whose
// number the engine gives with it.
func TestQuoteRulingsStandInRulingsMD(t *testing.T) {
	doc, err := os.ReadFile("RULINGS.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(doc)), " ")
	var misquoted []string
	for name, quote := range stringConsts(t) {
		if strings.HasPrefix(name, "ruling") && !strings.Contains(text, strings.Join(strings.Fields(quote), " ")) {
			misquoted = append(misquoted, name)
		}
	}
	slices.Sort(misquoted)
	engineBug(t, len(misquoted) > 0, "rules.go misquotes RULINGS.md: "+strings.Join(misquoted, ", ")+` (rulingTurnEnd ends "empty." where V10 has "empty:")`)
	quotes.RulingsStandInRulingsMD(t)
}

// stringConsts are the string constants of rules.go, by name.
func stringConsts(t *testing.T) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "rules.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok {
					if v, err := strconv.Unquote(lit.Value); err == nil {
						out[n.Name] = v
					}
				}
			}
		}
	}
	return out
}

// TestQuoteRulingIDsHaveHeadings checks that every ruling number the
// engine gives has its heading in RULINGS.md, and that the headings run
// V1 to V29.
func TestQuoteRulingIDsHaveHeadings(t *testing.T) { quotes.RulingIDsHaveHeadings(t) }

// TestQuoteViolationsQuoteTheRightText checks that violation(...) quotes
// a rule of the rules text, never a ruling.
func TestQuoteViolationsQuoteTheRightText(t *testing.T) { quotes.ViolationsQuoteTheRightText(t) }

// TestQuoteEveryConstantIsQuoted checks that rules.go holds only the
// sentences refusals quote: every constant is used by the engine's other
// files. The sentences no move can break are quoted by the tests alone.
func TestQuoteEveryConstantIsQuoted(t *testing.T) {
	fset := token.NewFileSet()
	consts := slices.Sorted(maps.Keys(stringConsts(t)))
	used := map[string]bool{}
	files, _ := filepath.Glob("*.go")
	for _, file := range files {
		if file == "rules.go" || strings.HasSuffix(file, "_test.go") {
			continue
		}
		g, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(g, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				used[id.Name] = true
			}
			return true
		})
	}
	var unused []string
	for _, c := range consts {
		if !used[c] {
			unused = append(unused, c)
		}
	}
	engineBug(t, len(unused) > 0, fmt.Sprintf("rules.go holds sentences no refusal quotes: %s", strings.Join(unused, ", ")))
}
