package mecha

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// play is a move of a game and its player.
type playedMove struct {
	player int
	move   engine.Move
}

// randomPlayed plays a random game of Legal's moves: seeded or not, with
// variants, one player or both choosing the Aggro deck. It returns the
// moves, the index in them where each turn after the first begins, and
// the moves Legal listed before each move it chose (nil before the
// decks), for the tests that play on to compare with.
func randomPlayed(t *testing.T, g int) (moves []playedMove, turns []int, start func() *State, listed [][]engine.Move) {
	t.Helper()
	seed := uint64(7000 + g)
	var variants map[string]string
	switch g % 3 {
	case 1:
		variants = map[string]string{"direct": "range", "range": "skip", "emptydamage": "lose"}
	case 2:
		variants = map[string]string{"firstdraw": "no"}
	}
	seeded := g%4 != 3
	start = func() *State { return newGame(t, testCards(t), seeded, seed, variants) }
	s := start()
	rng := shuffle.New(seed)
	apply := func(p int, m engine.Move) {
		t.Helper()
		if err := s.Apply(p, m); err != nil {
			t.Fatalf("game %d: %s by %s, listed or chosen, is refused: %v", g, moveKey(m), players[p], err)
		}
		moves = append(moves, playedMove{p, m})
		listed = append(listed, nil)
	}
	for p := range 2 {
		if rng.Intn(3) == 0 {
			apply(p, Deck{Named: "Aggro"})
		}
	}
	for len(moves) < 200 && !s.Outcome().Over {
		legal := s.Legal()
		if len(legal) == 0 {
			t.Fatalf("game %d: no legal move in a game not over:\n%s", g, snapshot(s))
		}
		m := legal[rng.Intn(len(legal))]
		if _, end := m.(engine.EndTurn); !end && rng.Intn(8) == 0 && slices.ContainsFunc(legal, isEnd) {
			m = engine.EndTurn{} // end turns now and then, so that games have many
		}
		p := s.ToMove()
		if by, ok := m.(engine.By); ok {
			p, m = by.Player, by.Move
		}
		apply(p, m)
		listed[len(listed)-1] = legal
		if _, end := m.(engine.EndTurn); end {
			turns = append(turns, len(moves))
		}
	}
	return moves, turns, start, listed
}

func isEnd(m engine.Move) bool { _, ok := m.(engine.EndTurn); return ok }

// fromPosition is a new game of the same options as s, started from s's
// position.
func fromPosition(t *testing.T, s *State, fresh *State) *State {
	t.Helper()
	pos := s.Position()
	for _, line := range pos.Lines {
		for _, m := range line.Moves {
			if err := fresh.Apply(line.Subject, m); err != nil {
				t.Fatalf("the position's %s for %s is refused: %v\nposition: %s", moveKey(m), players[line.Subject], err, positionText(pos))
			}
		}
	}
	if err := fresh.StartAt(pos.Turn, pos.Player); err != nil {
		t.Fatalf("StartAt(%d, %d) refuses the position: %v\nposition: %s", pos.Turn, pos.Player, err, positionText(pos))
	}
	return fresh
}

// positionText shows a position for failures.
func positionText(pos engine.Position) string {
	var b strings.Builder
	for _, line := range pos.Lines {
		fmt.Fprintf(&b, "\n%s:", players[line.Subject])
		for _, m := range line.Moves {
			fmt.Fprintf(&b, " %+v;", m)
		}
	}
	fmt.Fprintf(&b, "\n%d. %s", pos.Turn, players[pos.Player])
	return b.String()
}

// observed is all of a state a player or a report can see, and all that
// decides what comes next: the board, the placed commands (each player's
// in order), the zones, the decks in order, the turn and its phase.
func observed(s *State) string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d (%d), %s to move, draw phase %v, ending %v, outcome %+v\n",
		s.Turn(), s.turn, players[s.ToMove()], s.drawPhase, s.ending, s.outcome)
	if s.sacrifice != "" {
		fmt.Fprintf(&b, "sacrifice %q by %s\n", s.sacrifice, players[s.sacrificer])
	}
	for i, u := range s.board {
		if u != nil {
			pilot := ""
			if u.Pilot != nil {
				pilot = u.Pilot.Name
			}
			fmt.Fprintf(&b, "%v %s %s pilot %q %d/%d armour %d steps %d attacked %v speed %d range %d\n",
				Board.Square(i), players[u.Owner], u.Card.Name, pilot, u.Power(), u.Durability, u.Armour, u.Steps, u.Attacked, u.Speed(), u.Range())
		}
	}
	placed := s.Placed()
	slices.SortStableFunc(placed, func(a, b PlacedCommand) int { return cmp.Compare(a.Owner, b.Owner) })
	for _, pc := range placed {
		fmt.Fprintf(&b, "placed %s %s %v time %d\n", players[pc.Owner], pc.Card.Name, pc.At, pc.Time)
	}
	for p, pl := range s.players {
		provided, used := s.Bandwidth(p)
		fmt.Fprintf(&b, "%s: hand %q deck %q graveyard %q damage %q owed %d recent %q bandwidth %d/%d; shown: hand %q deck %d\n",
			players[p], pl.hand, pl.deck, pl.graveyard, pl.damage, pl.owed, pl.recent, used, provided, s.Hand(p), s.DeckSize(p))
	}
	return b.String()
}

// sameObserved tells whether a and b show all that observed writes,
// comparing the values themselves: writing both at every step was a
// third of TestPositionPlaysOnAsTheGame's time.
func sameObserved(a, b *State) bool {
	if a.Turn() != b.Turn() || a.turn != b.turn || a.ToMove() != b.ToMove() || a.drawPhase != b.drawPhase ||
		a.ending != b.ending || a.outcome != b.outcome || a.sacrifice != b.sacrifice || a.sacrifice != "" && a.sacrificer != b.sacrificer {
		return false
	}
	pilot := func(u *Unit) string {
		if u.Pilot == nil {
			return ""
		}
		return u.Pilot.Name
	}
	for i, u := range a.board {
		v := b.board[i]
		if (u == nil) != (v == nil) {
			return false
		}
		if u != nil && (u.Owner != v.Owner || u.Card.Name != v.Card.Name || pilot(u) != pilot(v) || u.Power() != v.Power() ||
			u.Durability != v.Durability || u.Armour != v.Armour || u.Steps != v.Steps || u.Attacked != v.Attacked ||
			u.Speed() != v.Speed() || u.Range() != v.Range()) {
			return false
		}
	}
	placed := func(s *State) []PlacedCommand {
		pcs := s.Placed()
		slices.SortStableFunc(pcs, func(a, b PlacedCommand) int { return cmp.Compare(a.Owner, b.Owner) })
		return pcs
	}
	if !slices.EqualFunc(placed(a), placed(b), func(x, y PlacedCommand) bool {
		return x.Owner == y.Owner && x.Card.Name == y.Card.Name && x.At == y.At && x.Time == y.Time
	}) {
		return false
	}
	for p, pa := range a.players {
		pb := b.players[p]
		aProvided, aUsed := a.Bandwidth(p)
		bProvided, bUsed := b.Bandwidth(p)
		if !slices.Equal(pa.hand, pb.hand) || !slices.Equal(pa.deck, pb.deck) || !slices.Equal(pa.graveyard, pb.graveyard) ||
			!slices.Equal(pa.damage, pb.damage) || pa.owed != pb.owed || !slices.Equal(pa.recent, pb.recent) ||
			aProvided != bProvided || aUsed != bUsed || !slices.Equal(a.Hand(p), b.Hand(p)) || a.DeckSize(p) != b.DeckSize(p) {
			return false
		}
	}
	return true
}

// keys names moves, for a failure's message.
func keys(moves []engine.Move) []string {
	var out []string
	for _, m := range moves {
		out = append(out, moveKey(m))
	}
	return out
}

// TestPositionPlaysOnAsTheGame plays random games, seeded and not, and at
// the start of several of their turns writes the position, starts a new
// game from it, and plays the rest of the game on both: each step must
// list the same legal moves and leave the same state, a refused move (a
// made-up one, tried on both) must be refused with the same words, and
// the games must end alike.
func TestPositionPlaysOnAsTheGame(t *testing.T) {
	var checked, steps int
	var pool []engine.Move
	for g := range 32 {
		moves, turns, start, listed := randomPlayed(t, g)
		rng := shuffle.New(uint64(g))
		chosen := rng.Intn(max(len(turns), 1))
		for i, at := range turns {
			if i != chosen && i != len(turns)-1 && i != 0 {
				continue // the first turn's end, one at random, and the last
			}
			orig := start()
			for _, pm := range moves[:at] {
				if err := orig.Apply(pm.player, pm.move); err != nil {
					t.Fatalf("game %d: replayed %s refused: %v", g, moveKey(pm.move), err)
				}
			}
			if orig.Outcome().Over {
				continue // a game the start of its turn ended has no position to go on from
			}
			copied := fromPosition(t, orig, start())
			checked++
			if got, want := observed(copied), observed(orig); got != want {
				t.Fatalf("game %d, turn %d: the position starts as\n%s\nwant\n%s", g, orig.Turn(), got, want)
			}
			for k, pm := range moves[at:] {
				// Legal at each of the first 40 moves, then at every
				// fourth: the states stay together or part at once, and
				// what both show is compared at every move.
				if k < 40 || k%4 == 0 {
					if got, want := copied.Legal(), listed[at+k]; !slices.EqualFunc(got, want, enginetest.Equal[engine.Move]) {
						t.Fatalf("game %d from turn %d, at turn %d: legal moves\n%q\nwant\n%q", g, orig.Turn(), copied.Turn(), keys(got), keys(want))
					}
				}
				p := rng.Intn(2)
				m := randomMove(rng, orig, p, pool)
				a, b := orig.clone(), copied.clone()
				if got, want := errText(b.Apply(p, m)), errText(a.Apply(p, m)); got != want {
					t.Fatalf("game %d from turn %d: %s by %s answers %q, want %q", g, orig.Turn(), moveKey(m), players[p], got, want)
				}
				errOrig, errCopy := orig.Apply(pm.player, pm.move), copied.Apply(pm.player, pm.move)
				if errText(errCopy) != errText(errOrig) {
					t.Fatalf("game %d from turn %d: %s answers %q, want %q", g, orig.Turn(), moveKey(pm.move), errText(errCopy), errText(errOrig))
				}
				if !sameObserved(copied, orig) {
					t.Fatalf("game %d from turn %d, after %s:\n%s\nwant\n%s", g, orig.Turn(), moveKey(pm.move), observed(copied), observed(orig))
				}
				steps++
				if len(pool) < 500 {
					pool = append(pool, pm.move)
				}
			}
			if copied.Outcome() != orig.Outcome() {
				t.Fatalf("game %d from turn %d: outcome %+v, want %+v", g, orig.Turn(), copied.Outcome(), orig.Outcome())
			}
		}
	}
	t.Logf("%d positions, %d moves played on from them", checked, steps)
	if checked < 80 || steps < 3000 {
		t.Errorf("%d positions and %d moves: too few to tell", checked, steps)
	}
}

// unitAt declares a unit: kind, card and square, with the counters it
// enters with.
func unitAt(kind Kind, card, at string) DeclareUnit {
	return DeclareUnit{Kind: kind, Card: card, At: sq(at), Durability: Entering, Armour: Entering}
}

func zone(z Zone, cards string) DeclareZone { return DeclareZone{Zone: z, Cards: names(cards)} }

// TestImpossiblePositions declares positions that cannot be, each refused
// with a violation naming what is impossible: at its declaration, or at
// StartAt when only the whole tells. A refused StartAt leaves the state
// as it was.
func TestImpossiblePositions(t *testing.T) {
	piloted := func(card, at, pilot string) DeclareUnit {
		d := unitAt(Mecha, card, at)
		d.Pilot = pilot
		return d
	}
	counted := func(d DeclareUnit, durability, armour int) DeclareUnit {
		d.Durability, d.Armour = durability, armour
		return d
	}
	mine := func(time int) DeclarePlaced { return DeclarePlaced{Card: "Mine", At: sq("d3"), Time: time} }
	tests := []struct {
		name  string
		moves []playedMove // the last is refused, unless start is set
		start bool         // StartAt(3, Ann) is refused
		want  verdict
		what  string
	}{
		{"two units on a square", []playedMove{{ann, unitAt(Tower, radio, "c3")}, {ben, unitAt(Mecha, "Scout", "c3")}},
			false, ruled("M9", rulingOccupied), "c3 already holds Ann's Radio Tower"},
		{"off the board", []playedMove{{ann, unitAt(Mecha, "Scout", "h1")}},
			false, ruled("M1", rulingBoard), "h1 is not on the board"},
		{"a mecha declared as a tower", []playedMove{{ann, unitAt(Tower, "Scout", "a1")}},
			false, ruled("M40", rulingPositionKind), "Scout is a mecha, not a tower"},
		{"a mecha as a pilot", []playedMove{{ann, piloted("Scout", "c3", "Hawk")}},
			false, ruled("M40", rulingPositionKind), "Hawk is a mecha, and a pilot is a pilot attached to a mecha"},
		{"a pilot on a tower", []playedMove{{ann, DeclareUnit{Kind: Tower, Card: radio, At: sq("a1"), Pilot: "Ace", Durability: Entering, Armour: Entering}}},
			false, ruled("M40", rulingPositionKind), "Ace is a pilot, and a pilot is a pilot attached to a mecha"},
		{"no durability counters", []playedMove{{ann, counted(unitAt(Mecha, "Scout", "c3"), 0, Entering)}},
			false, broke(ruleDestroyed), "Scout on c3 has no durability counters: it would be destroyed"},
		{"a pilot that leaves none", []playedMove{{ann, piloted("Pheonix", "c3", jason)}},
			false, broke(ruleDestroyed), "Pheonix on c3 has no durability counters"},
		{"an unknown card", []playedMove{{ann, unitAt(Mecha, "scout", "c3")}},
			false, ruled("M33", rulingNames), `no card named "scout" in the catalogue (did you mean "Scout"?)`},
		{"an unknown card in hand", []playedMove{{ben, zone(Hand, "Scout Wyvern")}},
			false, ruled("M33", rulingNames), `no card named "Wyvern" in the catalogue`},
		{"a command that is not placed", []playedMove{{ann, DeclarePlaced{Card: "Overclock", At: sq("c3"), Time: Entering}}},
			false, ruled("M40", rulingPositionKind), "Overclock is not a placed command"},
		{"a placed command off the board", []playedMove{{ann, DeclarePlaced{Card: "Mine", At: sq("a6"), Time: Entering}}},
			false, ruled("M1", rulingBoard), "a6 is not on the board"},
		{"no time counter", []playedMove{{ann, mine(0)}},
			false, ruled("M40", rulingPositionTime), "Mine on d3 has 0 time counters, and is placed with 2"},
		{"more time counters than it is placed with", []playedMove{{ann, mine(3)}},
			false, ruled("M40", rulingPositionTime), "Mine on d3 has 3 time counters, and is placed with 2"},
		{"a zone declared twice", []playedMove{{ann, zone(Hand, "Scout")}, {ann, zone(Hand, "Hawk")}},
			false, ruled("M40", rulingPositionOnce), "Ann's hand is declared twice"},
		{"five cards in a damage zone", []playedMove{{ben, zone(Damage, "Scout Scout Hawk Hawk Mine")}},
			false, broke(ruleGoal), "Ben has 5 cards in their damage zone: the game is over"},
		{"a declaration in a turn", []playedMove{{ann, DeclareZone{Zone: Hand, Cards: []string{"Scout"}, InTurn: true}}},
			false, ruled("M40", rulingPositionSetup), "a position is declared on set-up lines, not in a turn"},
		{"a declaration after the opening draws", []playedMove{{ann, opening("Scout")}, {ben, zone(Hand, "Scout")}},
			false, ruled("M40", rulingPositionSetup), "the opening hands are being drawn: a position is declared instead"},
		{"a draw after a declaration", []playedMove{{ann, zone(Hand, "Scout")}, {ben, opening("Scout")}},
			false, ruled("M40", rulingPositionSetup), "a position is declared: the opening hands are not drawn"},
		{"a mulligan after a declaration", []playedMove{{ann, zone(Hand, "Scout")}, {ann, Mulligan{}}},
			false, ruled("M40", rulingPositionSetup), "a position is declared: the opening hands are not drawn"},
		{"more copies than the deck has", []playedMove{{ann, zone(Hand, "Scout Scout")}, {ann, zone(Graveyard, "Scout Scout")}},
			true, ruled("M40", rulingPositionCards), "Ann's position holds 4 copies of Scout, and their deck of 40 has 3"},
		{"a card in two places", []playedMove{{ben, unitAt(Mecha, "Titan", "c5")}, {ben, zone(Graveyard, "Titan")}},
			true, ruled("M40", rulingPositionCards), "Ben's position holds 2 copies of Titan, and their deck of 40 has 1"},
		{"a card of another deck", []playedMove{{ann, Deck{Named: "Aggro"}}, {ann, zone(Hand, "Titan")}},
			true, ruled("M40", rulingPositionCards), "Ann's position holds 1 copy of Titan, and their deck of 40 has 0"},
		{"a top card held elsewhere", []playedMove{{ann, zone(Hand, "Pheonix")}, {ann, zone(Top, "Pheonix")}},
			true, ruled("M40", rulingPositionCards), "Ann's position holds 2 copies of Pheonix, and their deck of 40 has 1"},
		{"two copies of a pilot", []playedMove{{ben, piloted("Scout", "c4", "Ace")}, {ben, piloted("Hawk", "d4", "Ace")}},
			true, broke(rulePilotControl), "Ben controls two copies of Ace, on c4 and d4"},
		{"a deck against the deck rules", []playedMove{{ann, zone(Hand, "Scout")}, {ann, Deck{List: deckList("41 \"Radio Tower\"")}}},
			false, broke(ruleDeck), "the deck has 41 cards, not 40"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newGame(t, testCards(t), false, 0, nil)
			moves := tt.moves
			if !tt.start {
				moves = moves[:len(moves)-1]
			}
			for _, pm := range moves {
				mustApply(t, s, pm.player, pm.move)
			}
			var v *engine.Violation
			if tt.start {
				before := snapshot(s)
				v = quotes.Refused(t, s.StartAt(3, ann), "StartAt", "Ann", tt.want)
				if after := snapshot(s); after != before {
					t.Errorf("refused StartAt changed the state:\nbefore %s\nafter  %s", before, after)
				}
			} else {
				last := tt.moves[len(tt.moves)-1]
				v = expect(t, s, last.player, last.move, tt.want)
			}
			if !strings.Contains(v.What, tt.what) {
				t.Errorf("violation says %q, want it to say %q", v.What, tt.what)
			}
		})
	}
}

// TestStartAt starts games from positions: the deck is what is left of
// the 40, its declared top first and the rest shuffled by the seed or
// sorted; counters left out are those the card enters with; the turn
// begins at its draw, with the start of turn's losses.
func TestStartAt(t *testing.T) {
	t.Run("unseeded", func(t *testing.T) {
		s := newGame(t, testCards(t), false, 0, nil)
		mustApply(t, s, ann, unitAt(Tower, radio, "a1"), DeclareUnit{Kind: Mecha, Card: "Bulwark", At: sq("c3"), Pilot: "Ace", Durability: Entering, Armour: Entering},
			zone(Hand, "Scout Hawk"), zone(Top, "Titan Hawk"), DeclarePlaced{Card: "Mine", At: sq("d4"), Time: Entering})
		mustApply(t, s, ben, counted(unitAt(Mecha, "Scout", "c5"), 1, 3), zone(Graveyard, "Scout Scout"), zone(Damage, "Hawk"))
		if err := s.StartAt(12, ben); err != nil {
			t.Fatal(err)
		}
		checkUnit(t, s, "c3", "Bulwark", 6, 2) // durability 5, and the Ace's 1
		checkUnit(t, s, "c5", "Scout", 1, 3)
		checkPlaced(t, s, "Mine Ann d4 2")
		if s.Turn() != 12 || s.ToMove() != ben || !s.drawPhase {
			t.Errorf("turn %d, %s to move, draw phase %v; want turn 12, Ben's draw", s.Turn(), players[s.ToMove()], s.drawPhase)
		}
		want := slices.Sorted(slices.Values(removeAll(expand(mustDeck(t, "Starter")), `"Radio Tower" Bulwark Ace Scout Hawk Titan Hawk Mine`)))
		if got := s.players[ann].deck; !slices.Equal(got, append(names("Titan Hawk"), want...)) {
			t.Errorf("Ann's deck %q, want Titan Hawk then %q", got, want)
		}
		if got := s.DeckSize(ben); got != 36 {
			t.Errorf("Ben's deck has %d cards, want 36", got)
		}
		mustApply(t, s, ben, draw("Pheonix"), step("c5", "c4"))
	})
	t.Run("seeded", func(t *testing.T) {
		s := newGame(t, testCards(t), true, 99, nil)
		mustApply(t, s, ann, zone(Top, "Titan"))
		if err := s.StartAt(1, ann); err != nil {
			t.Fatal(err)
		}
		rest := removeAll(expand(mustDeck(t, "Starter")), "Titan")
		shuffleWith(seededSource(99, ann), rest)
		if got := s.players[ann].deck; !slices.Equal(got, append([]string{"Titan"}, rest...)) {
			t.Errorf("Ann's deck %q, want Titan then the rest shuffled by her source", got)
		}
		checkCards(t, "Ann's hand", s.Hand(ann), "Titan")
	})
	t.Run("firstdraw=no", func(t *testing.T) {
		s := newGame(t, testCards(t), false, 0, map[string]string{"firstdraw": "no"})
		mustApply(t, s, ann, zone(Hand, "Scout \"Radio Tower\""))
		if err := s.StartAt(1, ann); err != nil {
			t.Fatal(err)
		}
		mustApply(t, s, ann, play(radio, "a1")) // no draw to write first
	})
	t.Run("a full entry zone loses", func(t *testing.T) {
		s := newGame(t, testCards(t), false, 0, nil)
		for _, f := range "abcdefg" {
			mustApply(t, s, ben, unitAt(Tower, radio, string(f)+"5"))
		}
		if err := s.StartAt(4, ben); err != nil {
			t.Fatal(err)
		}
		checkOutcome(t, s, ann, "Ben has no free space in their entry zone", 4)
	})
	t.Run("an empty deck loses", func(t *testing.T) {
		s := newGame(t, testCards(t), false, 0, nil)
		mustApply(t, s, ann, Deck{List: deckList("40 \"Radio Tower\"")}, zone(Graveyard, strings.Repeat(`"Radio Tower" `, 40)))
		if err := s.StartAt(2, ann); err != nil {
			t.Fatal(err)
		}
		checkOutcome(t, s, ben, "Ann could not draw a card from their deck", 2)
	})
	t.Run("once", func(t *testing.T) {
		s := newGame(t, testCards(t), false, 0, nil)
		mustApply(t, s, ann, zone(Hand, "Scout"))
		if err := s.StartAt(2, ann); err != nil {
			t.Fatal(err)
		}
		quotes.Refused(t, s.StartAt(2, ann), "StartAt", "Ann", ruled("M40", rulingPositionSetup))
		expect(t, s, ann, zone(Graveyard, "Scout"), ruled("M40", rulingPositionSetup))
	})
}

// counted is d with its counters.
func counted(d DeclareUnit, durability, armour int) DeclareUnit {
	d.Durability, d.Armour = durability, armour
	return d
}

func mustDeck(t *testing.T, name string) []DeckCount {
	t.Helper()
	list, ok := testCards(t).Deck(name)
	if !ok {
		t.Fatalf("no deck %s", name)
	}
	return list
}

// removeAll takes one copy of each card named out of cards.
func removeAll(cards []string, remove string) []string {
	out := slices.Clone(cards)
	for _, c := range names(remove) {
		i := slices.Index(out, c)
		out = slices.Delete(out, i, i+1)
	}
	return out
}

// TestPositionWritesWhatItMust checks Position's lines for a game begun
// from a position: the counters a card enters with and the catalogue's
// first deck are left out, and the deck is written only when seeded.
func TestPositionWritesWhatItMust(t *testing.T) {
	for _, seeded := range []bool{false, true} {
		s := newGame(t, testCards(t), seeded, 5, nil)
		mustApply(t, s, ann, unitAt(Tower, radio, "a1"), counted(unitAt(Mecha, "Bulwark", "c3"), 4, Entering), zone(Hand, "Scout"))
		mustApply(t, s, ben, Deck{Named: "Aggro"})
		if err := s.StartAt(5, ann); err != nil {
			t.Fatal(err)
		}
		pos := s.Position()
		if pos.Turn != 5 || pos.Player != ann {
			t.Errorf("position at turn %d, %s's; want 5, Ann's", pos.Turn, players[pos.Player])
		}
		want := []string{
			"Ann: {Kind:tower Card:Radio Tower At:a1 Pilot: Durability:-1 Armour:-1 InTurn:false}; {Kind:mecha Card:Bulwark At:c3 Pilot: Durability:4 Armour:-1 InTurn:false}; hand Scout;",
			"Ben: {Named:Aggro List:[] InTurn:false};",
		}
		got := strings.Split(strings.TrimSpace(positionText(pos)), "\n")
		if seeded {
			for i := range want {
				if !strings.HasPrefix(got[i], want[i]+" top ") {
					t.Errorf("seeded: line %q, want %q and the deck's top", got[i], want[i])
				}
			}
			continue
		}
		if !slices.Equal(got[:2], want) {
			t.Errorf("lines\n%s\nwant\n%s", strings.Join(got[:2], "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestSameObservedTellsMovesApart: sameObserved holds a game to itself
// and to a copy, and tells it from the game a move on, at every step of a
// random game, as observed does.
func TestSameObservedTellsMovesApart(t *testing.T) {
	t.Parallel()
	moves, _, start, _ := randomPlayed(t, 1)
	s := start()
	for _, pm := range moves[:min(len(moves), 60)] {
		before := s.clone()
		if !sameObserved(s, before) {
			t.Fatalf("a game differs from its copy:\n%s", observed(s))
		}
		if err := s.Apply(pm.player, pm.move); err != nil {
			t.Fatal(err)
		}
		if got, want := sameObserved(s, before), observed(s) == observed(before); got != want {
			t.Fatalf("after %s: sameObserved %v, observed alike %v", moveKey(pm.move), got, want)
		}
	}
}
