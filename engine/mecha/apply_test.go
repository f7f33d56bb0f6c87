package mecha

import (
	"slices"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// ---------------------------------------------------------------------------
// Apply makes moves in place, with no copy of the state: these tests hold
// it to the way it made them before, on a copy kept only when the move was
// legal.

// applyAsBefore is Apply as it was: the move made on a copy, kept only
// when legal. The state it returns, nil for a move refused, is a copy as
// those it is compared with are, so that an empty list compares equal to
// none.
func applyAsBefore(s *State, p int, m engine.Move) (*State, error) {
	c := s.clone()
	if err := c.apply(p, m); err != nil {
		return nil, err
	}
	return c.clone(), nil
}

func errText(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// TestApplyAsBefore plays random games, seeded and not, with and without
// variants. At each step it tries a sample of the legal moves, for the
// player to move and for the other, moves made up for either player,
// set-up moves, and moves after the game is over; then it plays one of
// the moves accepted. Each answer must be applyAsBefore's, with the same
// words. A refused move, tried on the state itself (whose slices have room
// to grow in place), must leave it exactly as it was; an accepted one,
// tried on a copy but for the one played, must leave the state the move on
// a copy leaves. Sixty games reach all that eighty did.
func TestApplyAsBefore(t *testing.T) {
	var refused, accepted int
	// try checks m by p on s, on a copy of s when the move is legal and
	// onCopy is set, and tells whether Apply accepted it. before is a copy
	// of s as it is, made once for a step's trials: each leaves s as it
	// was, or fails.
	try := func(s, before *State, p int, m engine.Move, onCopy bool) bool {
		t.Helper()
		want, wantErr := applyAsBefore(s, p, m)
		if wantErr != nil {
			refused++
			err := s.Apply(p, m)
			if errText(err) != wantErr.Error() {
				t.Fatalf("Apply(%d, %s) = %q; on a copy, %q\n%s", p, moveKey(m), errText(err), wantErr, forceSnapshot(before))
			}
			if !enginetest.Equal(s.clone(), before) {
				t.Fatalf("refused Apply(%d, %s) changed the state:\nbefore %s\nafter  %s", p, moveKey(m), forceSnapshot(before), forceSnapshot(s))
			}
			return false
		}
		accepted++
		if onCopy {
			s = s.clone()
		}
		err := s.Apply(p, m)
		if err != nil {
			t.Fatalf("Apply(%d, %s) = %q; on a copy, accepted", p, moveKey(m), err)
		}
		if !enginetest.Equal(s.clone(), want) {
			t.Fatalf("Apply(%d, %s) differs from the move on a copy:\n%s\nwant\n%s", p, moveKey(m), forceSnapshot(s), forceSnapshot(want))
		}
		return true
	}
	var pool []engine.Move
	for g := range 60 {
		seed := uint64(5000 + g)
		var variants map[string]string
		switch g % 3 {
		case 1:
			variants = map[string]string{"direct": "range", "range": "skip", "emptydamage": "lose"}
		case 2:
			variants = map[string]string{"firstdraw": "no"}
		}
		s := newGame(t, testCards(t), g%4 != 3, seed, variants)
		rng := seededSource(seed, 0)
		for range 40 {
			type trial struct {
				player int
				move   engine.Move
			}
			var trials, ok []trial
			if !s.Outcome().Over {
				legal := s.Legal()
				p := s.ToMove()
				for range min(len(legal), 3) {
					m := legal[rng.Intn(len(legal))]
					trials = append(trials, trial{p, m}, trial{1 - p, m})
				}
			}
			for range 4 {
				p := rng.Intn(2)
				trials = append(trials, trial{p, randomMove(rng, s, p, pool)})
			}
			p := rng.Intn(2)
			trials = append(trials, trial{p, setupMove(rng, s, p)}, trial{2, engine.EndTurn{}})
			before := s.clone()
			for _, tr := range trials {
				if try(s, before, tr.player, tr.move, true) {
					ok = append(ok, tr)
				}
			}
			if s.Outcome().Over || len(ok) == 0 {
				break
			}
			tr := ok[rng.Intn(len(ok))]
			if len(pool) < 1000 {
				pool = append(pool, tr.move)
			}
			try(s, before, tr.player, tr.move, false)
			checkWhole(t, s)
		}
	}
	t.Logf("%d moves refused, %d accepted", refused, accepted)
	if refused < 15000 || accepted < 7500 {
		t.Errorf("%d moves refused and %d accepted: too few to tell", refused, accepted)
	}
}

// setupMove is a move of the set-up for p: a deck, a mulligan, an opening
// draw, or a move as written on a set-up line.
func setupMove(rng *shuffle.Source, s *State, p int) engine.Move {
	card := ""
	if deck := s.players[p].deck; len(deck) > 0 {
		card = deck[rng.Intn(len(deck))]
	}
	moves := []engine.Move{
		Deck{Named: "Starter"},
		Deck{Named: "Aggro", InTurn: rng.Intn(2) == 0},
		Deck{Named: "Nothing"},
		Deck{List: kit([]string{"Titan", "Titan"})},
		Mulligan{},
		Mulligan{InTurn: true},
		Draw{Cards: []string{card}, Opening: true},
		engine.OnSetupLine{Move: engine.EndTurn{}},
	}
	return moves[rng.Intn(len(moves))]
}

// TestApplyPutsBackWhatComesFirst: the moves whose checks come after a
// change (the seeded turn's draw, forgetting the cards an effect drew, the
// set-up's deal) leave the state as it was when refused, and as the move
// on a copy leaves it when accepted.
func TestApplyPutsBackWhatComesFirst(t *testing.T) {
	// Ben to move in a seeded game, his turn's draw still to make.
	atDraw := func(t *testing.T) *State {
		s := newGame(t, testCards(t), true, 1, nil)
		mustApply(t, s, ann, Discard{Card: s.Hand(ann)[0]}) // after the deal and the draw
		endTurn(t, s)
		if s.ToMove() != ben || !s.drawPhase {
			t.Fatalf("not at Ben's draw:\n%s", forceSnapshot(s))
		}
		return s
	}
	// Ben after his draw, the card drawn written down as an effect's draw
	// a transcript may still write.
	withRecent := func(t *testing.T) *State {
		s := atDraw(t)
		mustApply(t, s, ben, Discard{Card: s.players[ben].deck[0]})
		s.players[ben].recent = []string{s.players[ben].hand[0]}
		return s
	}
	over := func(t *testing.T) *State {
		s := atDraw(t)
		s.lose(ben, "gave up")
		return s
	}
	emptyAtDraw := func(t *testing.T) *State {
		s := atDraw(t)
		emptyDeck(t, s, ben)
		return s
	}
	seededSetup := func(t *testing.T) *State { return newGame(t, testCards(t), true, 1, nil) }
	fixed := func(m engine.Move) func(*State) engine.Move { return func(*State) engine.Move { return m } }
	tests := []struct {
		name    string
		start   func(t *testing.T) *State
		player  int
		move    func(s *State) engine.Move
		refused bool
	}{
		{"a step from an empty square, the draw still to make", atDraw, ben, fixed(step("a5", "a4")), true},
		{"the other player's end of turn in the draw phase", atDraw, ann, fixed(engine.EndTurn{}), true},
		{"a command out of turn in the draw phase", atDraw, ann, fixed(play("Barrage", "a5")), true},
		{"the card the draw gives, discarded at once", atDraw, ben, func(s *State) engine.Move { return Discard{Card: s.players[ben].deck[0]} }, false},
		{"a refused move after a draw that loses", emptyAtDraw, ben, fixed(step("a5", "a4")), false},
		{"a refused move keeps the cards an effect drew", withRecent, ben, fixed(step("a5", "a4")), true},
		{"a move accepted forgets them", withRecent, ben, fixed(engine.EndTurn{}), false},
		{"a draw writes them", withRecent, ben, func(s *State) engine.Move { return Draw{Cards: s.players[ben].recent} }, false},
		{"a draw writes them wrong", withRecent, ben, fixed(draw("Gizmo")), true},
		{"a mulligan before the opening hand", setupGame, ann, fixed(Mulligan{}), true},
		{"turn 1 before the opening hands", setupGame, ann, fixed(engine.EndTurn{}), true},
		{"an opening draw, the deck chosen first", setupGame, ann, fixed(opening("Scout")), false},
		{"turn 1's first move refused after the deal", seededSetup, ann, fixed(step("a1", "a2")), true},
		{"turn 1's first move after the deal", seededSetup, ann, func(s *State) engine.Move { return Discard{Card: s.Hand(ann)[0]} }, false},
		{"a move once the game is over", over, ann, fixed(engine.EndTurn{}), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.start(t)
			m := tt.move(s)
			want, wantErr := applyAsBefore(s, tt.player, m)
			before := s.clone()
			err := s.Apply(tt.player, m)
			if (err != nil) != tt.refused {
				t.Fatalf("Apply(%s) = %v, refused %v", moveKey(m), err, tt.refused)
			}
			if errText(err) != errText(wantErr) {
				t.Errorf("Apply(%s) = %q; on a copy, %q", moveKey(m), errText(err), errText(wantErr))
			}
			if err != nil && !enginetest.Equal(s.clone(), before) {
				t.Errorf("refused %s changed the state:\nbefore %s\nafter  %s", moveKey(m), forceSnapshot(before), forceSnapshot(s))
			}
			if err == nil && !enginetest.Equal(s.clone(), want) {
				t.Errorf("%s differs from the move on a copy:\n%s\nwant\n%s", moveKey(m), forceSnapshot(s), forceSnapshot(want))
			}
		})
	}
}

// TestDrawCountsCopiesInDeck: an unseeded draw is refused at its first
// card the deck does not hold, counting the copies written before it.
func TestDrawCountsCopiesInDeck(t *testing.T) {
	tests := []struct{ cards, what string }{
		{`Scout Scout Scout`, ""},
		{`Scout Scout Scout Scout`, "Ann's deck has no Scout left"},
		{`Scout Scout Scout Scout Gizmo`, "Ann's deck has no Scout left"},
		{`Scout Gizmo Scout Scout Scout`, `no card named "Gizmo" in the catalogue`},
		{`scout`, `no card named "scout" in the catalogue (did you mean "Scout"?)`},
		{`Scotu`, `no card named "Scotu" in the catalogue (did you mean "Scout"?)`},
	}
	for _, tt := range tests {
		s := setupWithDecks(t) // Starter, with three Scouts
		err := s.Apply(ann, opening(tt.cards))
		if tt.what == "" {
			if err != nil {
				t.Errorf("drawing %s: %v", tt.cards, err)
			}
			continue
		}
		v := quotes.Refused(t, err, "draw "+tt.cards, "Ann", ruled("M3", rulingNotInDeck))
		if v.What != tt.what {
			t.Errorf("drawing %s is refused with %q, want %q", tt.cards, v.What, tt.what)
		}
	}
}

// copiesAsBefore is checkCopies as it was: each player's pilots listed in
// board order, the first with a copy anywhere in the list found.
func copiesAsBefore(s *State) (string, int) {
	if s.sacrifice != "" && s.copies(s.sacrificer, s.sacrifice) > 1 {
		return s.sacrifice, s.sacrificer
	}
	var pilots [2][]string
	for _, u := range s.board {
		if u != nil && u.Pilot != nil {
			pilots[u.Owner] = append(pilots[u.Owner], u.Pilot.Name)
		}
	}
	for _, p := range [2]int{s.toMove, 1 - s.toMove} {
		for i, name := range pilots[p] {
			for j, other := range pilots[p] {
				if j != i && other == name {
					return name, p
				}
			}
		}
	}
	return "", 0
}

// TestCheckCopiesAsBefore holds checkCopies to copiesAsBefore on random
// boards of a few pilots' copies, with a sacrifice owed or not.
func TestCheckCopiesAsBefore(t *testing.T) {
	rng := shuffle.New(7)
	pilots := []*Card{{Name: "Ace"}, {Name: "Rookie"}, {Name: "Hawk"}}
	for range 20000 {
		s := &State{toMove: int(rng.Uint64() % 2)}
		for i := range s.board {
			switch rng.Uint64() % 4 {
			case 0:
				s.put(i, &Unit{Owner: int(rng.Uint64() % 2), Pilot: pilots[rng.Uint64()%3]})
			case 1:
				s.put(i, &Unit{Owner: int(rng.Uint64() % 2)})
			}
		}
		if rng.Uint64()%3 == 0 {
			s.sacrifice, s.sacrificer = pilots[rng.Uint64()%3].Name, int(rng.Uint64()%2)
		}
		name, p := copiesAsBefore(s)
		s.checkCopies()
		if s.sacrifice != name || name != "" && s.sacrificer != p {
			t.Fatalf("checkCopies: %q of player %d, want %q of %d", s.sacrifice, s.sacrificer, name, p)
		}
	}
}

// distanceAsBefore is distance as it was, square by square.
func distanceAsBefore(s *State, p int, from, to grid.Square) int {
	if grid.Manhattan(from, to) == 1 {
		return 1 // side by side: any path ends entering to, which costs 1
	}
	var dist [boardSize]int
	for i := range dist {
		dist[i] = unreachable
	}
	var done [boardSize]bool
	// A 0-1 breadth-first search, edge costs being 0 or 1: a square that
	// costs nothing to enter goes to the front of the queue, so that
	// squares leave it nearest first. The queue is a ring its 8-bit ends
	// wrap around, and never holds more than 4 squares for each square
	// left, plus from.
	var queue [256]int8
	var head, tail uint8
	queue[tail] = int8(Board.Index(from))
	tail++
	dist[Board.Index(from)] = 0
	for head != tail {
		best := int(queue[head])
		head++
		if done[best] {
			continue
		}
		done[best] = true
		sq := Board.Square(best)
		if sq == to {
			break
		}
		if sq != from {
			if u := s.UnitAt(sq); u != nil && u.Owner != p {
				continue // no firing over an enemy unit
			}
		}
		ns, count := orthogonal(sq)
		for _, n := range ns[:count] {
			cost := 1
			if u := s.UnitAt(n); s.rules.rangeSkip && u != nil && u.Owner == p && n != to {
				cost = 0
			}
			i := Board.Index(n)
			if d := dist[best] + cost; d < dist[i] {
				dist[i] = d
				if cost == 0 {
					head--
					queue[head] = int8(i)
				} else {
					queue[tail] = int8(i)
					tail++
				}
			}
		}
	}
	return dist[Board.Index(to)]
}

// TestDistanceAsBefore holds distance to distanceAsBefore on random boards,
// under both range variants.
func TestDistanceAsBefore(t *testing.T) {
	rng := shuffle.New(11)
	for range 20000 {
		s := &State{rules: rules{rangeSkip: rng.Uint64()%2 == 0}}
		for i := range s.board {
			if rng.Uint64()%3 == 0 {
				s.put(i, &Unit{Owner: int(rng.Uint64() % 2)})
			}
		}
		p := int(rng.Uint64() % 2)
		from, to := Board.Square(int(rng.Uint64()%boardSize)), Board.Square(int(rng.Uint64()%boardSize))
		if got, want := s.distance(p, from, to), distanceAsBefore(s, p, from, to); got != want {
			t.Fatalf("distance(%d, %v, %v) = %d, want %d", p, from, to, got, want)
		}
	}
}

// TestNoCopiesUnowed holds what destroy counts on: with no sacrifice
// owed, no player controls two copies of a pilot. Random games, seeded
// and not, some of their moves forced (let stand) for either player, are
// checked after every move against copiesAsBefore, which looks at the
// whole board; and each player's units are where the board has them.
func TestNoCopiesUnowed(t *testing.T) {
	owed := 0
	for g := range 80 {
		seed := uint64(7000 + g)
		s := newGame(t, testCards(t), g%4 != 3, seed, nil)
		rng := seededSource(seed, 1)
		for range 400 {
			if s.Outcome().Over {
				break
			}
			p := s.ToMove()
			moves := append(s.Legal(), engine.EndTurn{})
			m := moves[rng.Intn(len(moves))]
			var err error
			if rng.Intn(8) == 0 {
				err = s.Force(rng.Intn(2), m)
			} else {
				err = s.Apply(p, m)
			}
			if err != nil {
				continue
			}
			var units [2]uint64
			for i, u := range s.board {
				if u != nil {
					units[u.Owner] |= 1 << i
				}
			}
			if units != s.units {
				t.Fatalf("game %d: units %#x, the board has %#x", g, s.units, units)
			}
			if s.sacrifice != "" {
				owed++
				continue
			}
			if name, p := copiesAsBefore(s); name != "" {
				t.Fatalf("game %d: no sacrifice owed, and player %d controls two copies of %s", g, p, name)
			}
		}
	}
	if owed == 0 {
		t.Fatal("no game owed a sacrifice: the test meets no copies")
	}
}

// TestKeywordAsKeywords holds keyword, which Speed, Range and Bandwidth
// read, to Keywords, for every unit and pilot of the test catalogue.
func TestKeywordAsKeywords(t *testing.T) {
	cs := testCards(t)
	pilots := []*Card{nil}
	for _, c := range cs.All() {
		if c.Kind == Pilot {
			pilots = append(pilots, c)
		}
	}
	for _, c := range cs.All() {
		for _, pilot := range pilots {
			u := &Unit{Card: c, Pilot: pilot}
			k := u.Keywords()
			for name, got := range map[string][2]int{
				"speed":   {u.keyword(func(k *Keywords) int { return k.Speed }), k.Speed},
				"range":   {u.keyword(func(k *Keywords) int { return k.Range }), k.Range},
				"provide": {u.keyword(func(k *Keywords) int { return k.Provide }), k.Provide},
			} {
				if got[0] != got[1] {
					t.Errorf("%s with %v: %s %d, Keywords says %d", c.Name, pilot, name, got[0], got[1])
				}
			}
		}
	}
}

// TestAppendZonesAsLists: AppendHand, AppendGraveyard and AppendDamageZone
// append what Hand, Graveyard and DamageZone list, after every move of
// random seeded games.
func TestAppendZonesAsLists(t *testing.T) {
	for g := range 10 {
		seed := uint64(7100 + g)
		s := newGame(t, testCards(t), true, seed, nil)
		rng := seededSource(seed, 1)
		for range 300 {
			if s.Outcome().Over {
				break
			}
			moves := append(s.Legal(), engine.EndTurn{})
			if s.Apply(s.ToMove(), moves[rng.Intn(len(moves))]) != nil {
				continue
			}
			for p := range 2 {
				at := []string{"Before"}
				for _, z := range []struct {
					name           string
					appended, list []string
				}{
					{"hand", s.AppendHand(at, p), s.Hand(p)},
					{"graveyard", s.AppendGraveyard(at, p), s.Graveyard(p)},
					{"damage zone", s.AppendDamageZone(at, p), s.DamageZone(p)},
				} {
					if !slices.Equal(z.appended, append([]string{"Before"}, z.list...)) {
						t.Fatalf("game %d: player %d's %s appended %v, listed %v", g, p, z.name, z.appended, z.list)
					}
				}
			}
		}
	}
}

// TestDefaultVariantsAsNone: a game that chooses every variant's default
// has the rules of a game that chooses none, which New gives without
// resolving the variants.
func TestDefaultVariantsAsNone(t *testing.T) {
	none := newGame(t, testCards(t), true, 1, nil).rules
	if none != (rules{}) {
		t.Fatalf("no variants chosen: rules %+v", none)
	}
	all := map[string]string{}
	for _, v := range variants {
		all[v.Name] = v.Values[0]
		if got := newGame(t, testCards(t), true, 1, map[string]string{v.Name: v.Values[0]}).rules; got != none {
			t.Errorf("%s=%s: rules %+v, want those of no variant", v.Name, v.Values[0], got)
		}
		if got := newGame(t, testCards(t), true, 1, map[string]string{v.Name: v.Values[1]}).rules; got == none {
			t.Errorf("%s=%s: the rules of no variant", v.Name, v.Values[1])
		}
	}
	if got := newGame(t, testCards(t), true, 1, all).rules; got != none {
		t.Errorf("every default: rules %+v, want those of no variant", got)
	}
}
