package mod

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// inner writes down all a state holds that play depends on, hidden parts
// included: what the accessors show, and the choice waiting, the turn's
// progress and the seed's generator.
func inner(s *State) string {
	var b strings.Builder
	// Priority speaks of the command phase; the activation's choices and
	// the game's end keep the last one's, which nothing reads unless a
	// player took a choice out of turn (ruling MD19).
	priority := s.priority
	if s.phase != Command && !s.taken {
		priority = -1
	}
	if s.phase == Over {
		s = s.clone()
		s.priority = 0
	}
	b.WriteString(snapshot(s))
	card := ""
	if s.resolving.card != nil {
		card = s.resolving.card.Name
	}
	// fullStack speaks of the activation; the command phase keeps the
	// last one's, which nothing reads.
	fullStack := s.fullStack || s.phase == Command
	fmt.Fprintf(&b, "rules=%+v priority=%d acted=%v taken=%v fullStack=%v resolving=%d/%s/%d ejected=%+v damage=%+v src=%v\n",
		s.rules, priority, s.acted, s.taken, fullStack, s.resolving.owner, card, s.resolving.next, s.ejected, s.damage, *s.src)
	return b.String()
}

// restore makes a new game of the same catalogue, seed and variants, and
// has it take pos: each line's declarations on set-up lines, then StartAt.
func restore(t testing.TB, cs *Cards, seed uint64, variants map[string]string, pos engine.Position) *State {
	t.Helper()
	s := newGame(t, cs, seed, variants)
	for _, line := range pos.Lines {
		for _, m := range line.Moves {
			if err := s.Apply(line.Subject, engine.OnSetupLine{Move: m}); err != nil {
				t.Fatalf("declaration %+v on line %d: %v", m, line.Subject, err)
			}
		}
	}
	if err := s.StartAt(pos.Turn, pos.Player); err != nil {
		t.Fatalf("StartAt(%d, %d): %v", pos.Turn, pos.Player, err)
	}
	return s
}

// probes are moves, legal or not, whose answers two states must agree on.
func probes(s *State) []engine.Move {
	out := []engine.Move{Pass{}, DrawCard{}, GainFuel{}, engine.EndTurn{}, Assign{"Gizmo"}}
	for _, c := range s.cards.All()[:4] {
		out = append(out, Assign{c.Name}, Eject{c.Name}, Spend{c.Name})
	}
	for d := 1; d <= SharedDecks; d++ {
		out = append(out, Draft{Deck: d}, Draft{Pile: true, Deck: d})
	}
	return out
}

// answers is what each probe gets from a clone of s, by player.
func answers(s *State) string {
	var b strings.Builder
	for p := range 2 {
		for _, m := range probes(s) {
			fmt.Fprintf(&b, "%s by %d: %v\n", moveKey(m), p, s.clone().Apply(p, m))
		}
	}
	return b.String()
}

// TestPositionPlaysOn plays random games, and at the start of several
// turns of each writes the Position, has a new game take it, and plays
// both on with the same moves: at every step they hold the same, list the
// same legal moves, answer the same moves the same way (illegal ones too),
// and end the same.
func TestPositionPlaysOn(t *testing.T) {
	const games, maxSteps = 20, 500
	catalogues := []*Cards{loadCards(t, defaultCatalogue(t)), loadCards(t, withShared("2 Laser 2 Missile 1 Sword 2 Swarm 2 Mix 1 Cell 1 Scan 2 Overdrive 1 Boost 1 Zap 2 Red 2 Blue 1 Prism 1 Tin 1 Foil 2 Glass"))}
	variants := []map[string]string{nil, {"fuel": "drain"}, {"shield": "point"}, {"fuel": "drain", "shield": "point"}}
	kinds := map[Phase]int{}
	for g := range games {
		seed := uint64(700 + g)
		cs, vs := catalogues[g%2], variants[g/2%len(variants)]
		s := newGame(t, cs, seed, vs)
		rng := shuffle.New(seed)
		var moves []engine.Move
		for step := 0; step < maxSteps && !s.Outcome().Over; step++ {
			legal := s.Legal()
			m := legal[rng.Intn(len(legal))]
			moves = append(moves, m)
			if err := s.Apply(s.ToMove(), m); err != nil {
				t.Fatalf("game %d: %s: %v", g, moveKey(m), err)
			}
		}
		// Replay the game, and take a position at the start of the first
		// turn, of the first turn of each phase, and of a few turns picked
		// at random.
		s = newGame(t, cs, seed, vs)
		seen := map[Phase]bool{}
		for i := 0; i <= len(moves); i++ {
			atStart := i == 0
			if i > 0 {
				_, atStart = moves[i-1].(engine.EndTurn)
			}
			if atStart && !s.Outcome().Over && (i == 0 || !seen[s.Phase()] || rng.Intn(25) == 0) {
				seen[s.Phase()] = true
				kinds[s.Phase()]++
				playOnBoth(t, fmt.Sprintf("game %d (seed %d, %v), turn %d", g, seed, vs, s.Turn()), cs, seed, vs, s.clone(), moves[i:])
			}
			if i < len(moves) {
				if err := s.Apply(s.ToMove(), moves[i]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, ph := range []Phase{Command, EjectChoice, ShieldChoice} {
		if kinds[ph] == 0 {
			t.Errorf("no position was taken in phase %d: %v", ph, kinds)
		}
	}
	t.Logf("positions taken, by phase: %v", kinds)
}

// playOnBoth has a new game take s's position, then plays rest on both.
func playOnBoth(t *testing.T, where string, cs *Cards, seed uint64, vs map[string]string, s *State, rest []engine.Move) {
	t.Helper()
	pos := s.Position()
	r := restore(t, cs, seed, vs, pos)
	for i := 0; ; i++ {
		// Every step at first, then every tenth and the last: the states
		// stay together or part at once.
		if i > 40 && i%10 != 0 && i != len(rest) {
			p := s.ToMove()
			e1, e2 := s.Apply(p, rest[i]), r.Apply(p, rest[i])
			if fmt.Sprint(e1) != fmt.Sprint(e2) {
				t.Fatalf("%s: %s answered %v, restored %v", where, moveKey(rest[i]), e1, e2)
			}
			continue
		}
		if a, b := inner(s), inner(r); a != b {
			t.Fatalf("%s, %d moves on: the states differ\noriginal %s\nrestored %s", where, i, a, b)
		}
		if a, b := moveKeys(s.Legal()), moveKeys(r.Legal()); strings.Join(a, ";") != strings.Join(b, ";") {
			t.Fatalf("%s, %d moves on: Legal lists %q, restored %q", where, i, a, b)
		}
		if i%7 == 0 {
			if a, b := answers(s), answers(r); a != b {
				t.Fatalf("%s, %d moves on: the answers differ\noriginal %s\nrestored %s", where, i, a, b)
			}
		}
		if i == len(rest) {
			break
		}
		p := s.ToMove()
		e1, e2 := s.Apply(p, rest[i]), r.Apply(p, rest[i])
		if fmt.Sprint(e1) != fmt.Sprint(e2) {
			t.Fatalf("%s: %s answered %v, restored %v", where, moveKey(rest[i]), e1, e2)
		}
	}
	if s.Outcome() != r.Outcome() {
		t.Errorf("%s: outcome %+v, restored %+v", where, s.Outcome(), r.Outcome())
	}
}

// The position written at the start of a game, read back, writes itself
// again: Position is a fixed point of taking a position.
func TestPositionOfAPositionIsTheSame(t *testing.T) {
	cs := loadCards(t, defaultCatalogue(t))
	s := newGame(t, cs, 7, nil)
	command(t, s)
	pos := s.Position()
	r := restore(t, cs, 7, nil, pos)
	if a, b := fmt.Sprintf("%+v", pos), fmt.Sprintf("%+v", r.Position()); a != b {
		t.Errorf("position %s\nrestored, writes %s", a, b)
	}
}

// gamma is the generator's own step: a source made at seed+gamma is one
// that has given one number from seed.
func TestGammaIsTheGeneratorsStep(t *testing.T) {
	for _, seed := range []uint64{0, 7, 1 << 63} {
		a := shuffle.New(seed)
		a.Uint64()
		if b := shuffle.New(seed + gamma); *a != *b {
			t.Errorf("seed %d: one number on, the generator is not at seed+gamma", seed)
		}
	}
}

// decl is a declaration of a test position, on a line: ann, ben or the
// board (engine.Nobody).
type decl struct {
	on int
	m  engine.Move
}

const board = engine.Nobody

// A position that leaves cards out and counts a deck: the counted cards
// come from those named nowhere, shuffled with the seed, and the rest are
// out of the game.
func TestPositionCountsDealFromTheRest(t *testing.T) {
	cs := cards(t) // 3 Laser, 3 Missile, 3 Red
	s := newGame(t, cs, 5, nil)
	for _, d := range []decl{
		{ann, Hand{names("Laser Laser")}},
		{ann, Deck{Count: 3}},
		{ben, Durability{4}},
		{ben, Initiative{}},
		{board, Shared{Deck: 2, Count: 2}},
		{board, Round{3}},
	} {
		mustApply(t, s, d.on, engine.OnSetupLine{Move: d.m})
	}
	if err := s.StartAt(9, ben); err != nil {
		t.Fatal(err)
	}
	// The rest, in catalogue order (Laser, 3 Missile, 3 Red), shuffled with
	// the seed as it starts.
	rest := shuffled(shuffle.New(5), names("Laser Missile Missile Missile Red Red Red"))
	checkCards(t, "Ann's deck", s.Deck(ann), strings.Join(rest[:3], " "))
	checkCards(t, "shared deck 2", s.Shared(1).Deck, strings.Join(rest[3:5], " "))
	checkCards(t, "Ann's hand", s.Hand(ann), "Laser Laser")
	checkAt(t, s, Command, 9, ben)
	if s.Round() != 3 || s.Initiative() != ben || s.Durability(ben) != 4 || s.Durability(ann) != StartDurability {
		t.Errorf("round %d, initiative %d, durability %d and %d", s.Round(), s.Initiative(), s.Durability(ann), s.Durability(ben))
	}
	// Written back, every card is named, and the seed's step given: the
	// shuffle of seven cards took six numbers.
	pos := s.Position()
	text := fmt.Sprintf("%+v", pos.Lines)
	for _, want := range []string{"{Cards:[" + strings.Join(rest[:3], " ") + "] Count:0}", "{N:6}"} {
		if !strings.Contains(text, want) {
			t.Errorf("position %s lacks %s", text, want)
		}
	}
}

// TestImpossiblePositions declares positions the rules could never hold:
// each is refused, at the declaration that makes it impossible (at, from
// 0) or at StartAt (at -1), with a violation saying what is impossible.
func TestImpossiblePositions(t *testing.T) {
	tests := []struct {
		name  string
		decls []decl
		turn  int
		by    int
		at    int
		want  verdict
		what  string
	}{
		{name: "durability above 10", decls: []decl{{ann, Durability{11}}},
			at: 0, want: broke(ruleStart), what: "Ann's durability is 11, above the 10 a player starts with, and nothing restores it"},
		{name: "durability 0", decls: []decl{{ben, Durability{0}}},
			at: 0, want: broke(ruleGoal), what: "Ben has no durability left: the game would be over"},
		{name: "more copies than the game has", decls: []decl{{ann, Hand{names("Laser Laser")}}, {ben, Deck{Cards: names("Missile Laser Laser")}}},
			at: 1, want: broke(ruleSharedDecks), what: "the position holds 4 copies of Laser, more than the 3 the game has"},
		{name: "a card in two places", decls: []decl{{ann, Hand{names("Laser")}}, {ann, DiscardPile{names("Laser Laser")}}, {board, Shared{Deck: 1, Cards: names("Laser")}}},
			at: 2, want: broke(ruleSharedDecks), what: "the position holds 4 copies of Laser, more than the 3 the game has"},
		{name: "more cards than the game has", decls: []decl{{ann, Hand{names("Laser")}}, {ben, Deck{Count: 9}}},
			at: 1, want: broke(ruleSharedDecks), what: "the position holds 10 cards, more than the 9 the game has"},
		{name: "a card the catalogue lacks", decls: []decl{{ann, Hand{names("Gizmo")}}},
			at: 0, want: broke(ruleSharedDecks), what: "Gizmo"},
		{name: "an action in a play area", decls: []decl{{ann, PlayArea{names("Red Laser")}}},
			at: 0, want: broke(rulePlayArea), what: "Laser is an action, and only upgrades stay in a play area"},
		{name: "two cards in one slot", decls: []decl{{ann, StackSlot{1, Assigned, "Laser"}}, {ben, StackSlot{1, Drafted, "Missile"}}},
			at: 1, want: broke(ruleSlots), what: "slot 1 of the stack holds a card already: one card a slot"},
		{name: "six cards on one side", decls: []decl{
			{ann, StackSlot{1, Assigned, "Laser"}}, {ann, StackSlot{2, Assigned, "Laser"}}, {ann, StackSlot{3, Assigned, "Laser"}},
			{ann, StackSlot{4, Assigned, "Missile"}}, {ann, StackSlot{5, Assigned, "Missile"}}, {ann, StackSlot{6, Assigned, "Missile"}}},
			at: 5, want: broke(ruleSlots), what: "Ann's side of the stack would hold six cards: it has five slots"},
		{name: "slot 11", decls: []decl{{ann, StackSlot{11, Assigned, "Laser"}}},
			at: 0, want: broke(ruleCommandEnds), what: "there is no slot 11"},
		{name: "an empty slot below a card", decls: []decl{{ann, Hand{names("Laser")}}, {ann, StackSlot{2, Assigned, "Laser"}}},
			turn: 5, by: ben, at: -1, want: ruled("MD21", rulingSlots), what: "slot 1 of the stack is empty, yet slot 2 holds a card"},
		{name: "a shared deck and pile past their third", decls: []decl{{board, Shared{Deck: 1, Cards: names("Laser Laser")}}, {board, Shared{Pile: true, Deck: 1, Cards: names("Red Red")}}},
			turn: 3, at: -1, want: broke(ruleSharedDecks), what: "shared deck 1 and its discard pile hold 4 cards, more than the 3 it was dealt, a third of the game's 9"},
		{name: "a shared deck 4", decls: []decl{{board, Shared{Deck: 4, Cards: names("Laser")}}},
			at: 0, want: ruled("MD7", rulingDecks), what: "there is no shared deck 4"},
		{name: "a pile by a count", decls: []decl{{board, Shared{Pile: true, Deck: 2, Count: 3}}},
			at: 0, want: ruled("MD23", rulingPileCards), what: "the discard pile of shared deck 2 is declared by a count, not its cards"},
		{name: "a part declared twice", decls: []decl{{ann, FuelLevel{2}}, {ann, FuelLevel{3}}},
			at: 1, want: ruled("MD21", rulingPositionOnce), what: "Ann's fuel is declared twice"},
		{name: "the initiative on both lines", decls: []decl{{ann, Initiative{}}, {ben, Initiative{}}},
			at: 1, want: ruled("MD21", rulingPositionOnce), what: "the initiative is declared twice: one player holds the token"},
		{name: "a player's part on the board line", decls: []decl{{board, Durability{3}}},
			at: 0, want: ruled("MD21", rulingPositionLines), what: "durability is a player's: it is declared on the player's line"},
		{name: "the board's part on a player's line", decls: []decl{{ann, Round{3}}},
			at: 0, want: ruled("MD21", rulingPositionLines), what: "the round is no player's: it is declared on the board line"},
		{name: "round 0", decls: []decl{{board, Round{0}}},
			at: 0, want: ruled("MD21", rulingRounds), what: "there is no round 0"},
		{name: "a seed step past its end", decls: []decl{{board, SeedStep{MaxSeedStep + 1}}},
			at: 0, want: ruled("MD23", rulingSeedStep), what: "the seed's step is 1000001, past 1000000"},
		{name: "an upgrade activating", decls: []decl{{ann, Activating{Assigned, "Red", 1}}},
			at: 0, want: ruled("MD21", rulingActivating), what: "Red is an upgrade, which activates without a choice"},
		{name: "an ability that deals no damage", decls: []decl{{ann, Activating{Assigned, "Laser", 2}}},
			at: 0, want: ruled("MD21", rulingActivating), what: "there is no ability 2: Laser has 1 ability"},
		{name: "two cards activating", decls: []decl{{ann, Activating{Ejected, "Laser", 0}}, {ben, Activating{Ejected, "Missile", 0}}},
			at: 1, want: ruled("MD21", rulingActivating), what: "Ann's card is declared activating already"},
		{name: "damage with no shield to spend", decls: []decl{{ann, Activating{Assigned, "Laser", 1}}, {ben, PlayArea{names("Red")}}},
			turn: 4, by: ben, at: -1, want: ruled("MD12", rulingShieldTurn), what: "Ben has no shield that prevents energy damage, so no choice waits for Ben"},
		{name: "the ejected card's choice in the other's turn", decls: []decl{{ann, Activating{Ejected, "Laser", 0}}},
			turn: 4, by: ben, at: -1, want: ruled("MD5", rulingChoiceTurn), what: "Ann is to choose for the ejected Laser, so the turn is Ann's, not Ben's"},
		{name: "stack unfilled with nothing activating", decls: []decl{{ann, Hand{names("Laser")}}, {board, Unfilled{}}},
			turn: 2, at: -1, want: ruled("MD21", rulingActivating), what: "stack unfilled is said of a stack activating"},
		{name: "nothing to place: the game is over", decls: []decl{{ann, Durability{5}}},
			turn: 2, at: -1, want: ruled("MD16", rulingDead), what: "neither player can place a card: the game is over"},
		{name: "nothing to place: the stack activates", decls: []decl{{ann, StackSlot{1, Assigned, "Laser"}}},
			turn: 2, by: ben, at: -1, want: ruled("MD6", rulingPass), what: "neither player can place a card, so the command phase is over"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newGame(t, cards(t), 1, nil)
			var err error
			at := -1
			for i, d := range tt.decls {
				if err = s.Apply(d.on, engine.OnSetupLine{Move: d.m}); err != nil {
					at = i
					break
				}
			}
			if err == nil {
				turn := max(tt.turn, 1)
				before := inner(s)
				err = s.StartAt(turn, tt.by)
				if err != nil && inner(s) != before {
					t.Errorf("a refused StartAt changed the state")
				}
			}
			if at != tt.at {
				t.Errorf("refused at declaration %d (-1: StartAt), want %d: %v", at, tt.at, err)
			}
			v := quotes.Refused(t, err, tt.name, "the position", tt.want)
			if !strings.Contains(v.What, tt.what) {
				t.Errorf("says %q, want it to say %q", v.What, tt.what)
			}
		})
	}
}

// A full stack in the command phase is refused at StartAt: the test
// catalogue has too few cards for ten slots, so this uses the default.
func TestPositionFullStackInCommand(t *testing.T) {
	cs := loadCards(t, defaultCatalogue(t))
	_, set := cs.Shared()
	s := newGame(t, cs, 1, nil)
	for n := 1; n <= 2*Slots; n++ {
		mustApply(t, s, (n-1)%2, engine.OnSetupLine{Move: StackSlot{n, Drafted, set[n]}})
	}
	v := quotes.Refused(t, s.StartAt(3, ann), "a full stack", "the position", broke(ruleCommandEnds))
	if !strings.Contains(v.What, "the stack is full") {
		t.Errorf("says %q", v.What)
	}
}

// Declarations belong before the first turn, on set-up lines; a move of
// play on a set-up line is still refused as before (ruling MD3), and once
// a position has begun so are moves there.
func TestDeclarationsOnlyBeforeTheFirstTurn(t *testing.T) {
	s := newGame(t, cards(t), 1, nil)
	expect(t, s, ann, Durability{5}, ruled("MD21", rulingPositionLines))
	turns(t, s, Draft{Deck: 1})
	expect(t, s, ann, engine.OnSetupLine{Move: Durability{5}}, ruled("MD21", rulingPositionLines))

	s = newGame(t, cards(t), 1, nil)
	mustApply(t, s, ann, engine.OnSetupLine{Move: Hand{names("Laser")}})
	if err := s.StartAt(1, ann); err != nil {
		t.Fatal(err)
	}
	expect(t, s, ann, engine.OnSetupLine{Move: FuelLevel{1}}, ruled("MD21", rulingPositionLines))
	// Force takes a declaration as Apply does.
	if err := s.Force(ann, engine.OnSetupLine{Move: FuelLevel{1}}); err == nil {
		t.Errorf("Force took a declaration after the position began")
	}
}

// A position still being declared, before StartAt, writes itself as it
// was declared, counts, slots and all: taken again, it starts the same.
func TestPositionBeforeStartAt(t *testing.T) {
	cs := loadCards(t, defaultCatalogue(t))
	decls := []decl{
		{ann, Hand{names("Laser")}},
		{ann, Deck{Count: 3}},
		{ann, StackSlot{2, Assigned, "Missile"}},
		{ben, StackSlot{1, Drafted, "Laser"}},
		{ben, Activating{Ejected, "Overdrive", 0}},
		{board, Shared{Deck: 3, Count: 5}},
		{board, Unfilled{}},
		{board, SeedStep{40}},
	}
	s := newGame(t, cs, 9, nil)
	for _, d := range decls {
		mustApply(t, s, d.on, engine.OnSetupLine{Move: d.m})
	}
	pos := s.Position()
	r := newGame(t, cs, 9, nil)
	for _, line := range pos.Lines {
		for _, m := range line.Moves {
			mustApply(t, r, line.Subject, engine.OnSetupLine{Move: m})
		}
	}
	for _, st := range []*State{s, r} {
		if err := st.StartAt(7, ben); err != nil {
			t.Fatal(err)
		}
	}
	if a, b := inner(s), inner(r); a != b {
		t.Errorf("declared %s\nwritten and taken again %s", a, b)
	}
}
