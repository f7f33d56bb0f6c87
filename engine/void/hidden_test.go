package void

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-referee/referee/engine"
)

// copiesExtras are cards the catalogue gives copies of (ruling V36).
const copiesExtras = `
anomaly       Relic      cost 0 copies 1 : energy 1
tactic        Spark      cost 0 copies 2 target sector enemy : damage 1
`

// copiesCards is the tests' catalogue and copiesExtras.
func copiesCards(t testing.TB) *Cards {
	t.Helper()
	return loadText(t, defaultCatalogue(t)+testExtras+copiesExtras)
}

// limitedCards is a catalogue whose every card has copies: a ? is one of
// them, and no other.
func limitedCards(t testing.TB) *Cards {
	t.Helper()
	return loadText(t, `
anomaly Relic cost 0 copies 1 : energy 1
anomaly Gust  cost 0 copies 1 : energy 2
`)
}

// seated sets a table up with opts, and returns the state and the first
// set-up line's refusal, if any: the lines are applied in order, the
// board's, Ann's, then Ben's, each move as a set-up line.
func seated(t testing.TB, cs *Cards, opts engine.Options, lines ...[2]string) (*State, error) {
	t.Helper()
	opts.Players = players
	st, err := Game{Cards: cs}.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for _, m := range setupMoves(t, defaultBoard) {
		setUp(t, s, engine.Nobody, m)
	}
	for _, l := range lines {
		p := slices.Index(players, l[0])
		for _, m := range setupMoves(t, l[1]) {
			if err := s.Apply(p, engine.OnSetupLine{Move: m}); err != nil {
				return s, err
			}
		}
	}
	return s, nil
}

// mustSeat is seated with every line accepted, the game begun.
func mustSeat(t testing.TB, cs *Cards, opts engine.Options, lines ...[2]string) *State {
	t.Helper()
	s, err := seated(t, cs, opts, lines...)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.begin(); err != nil {
		t.Fatal(err)
	}
	return s
}

func line(player, text string) [2]string { return [2]string{player, text} }

// TestUnknownCardsOnSetupLines: rulings V35 to V38 on the set-up lines,
// whose refusals are the rulings' own (an impossible position).
func TestUnknownCardsOnSetupLines(t *testing.T) {
	annSeat := engine.Options{OneSeat: true, Seat: ann}
	tests := []struct {
		name  string
		cards func(testing.TB) *Cards
		opts  engine.Options
		lines [][2]string
		id    string // "" for accepted
		rule  string
		what  string
		hands [2]string // when accepted: the hands as the accessors show them
	}{
		{name: "a hand of unknown cards", lines: [][2]string{line("Ann", "hand Shock"), line("Ben", "hand ? ? ?")},
			hands: [2]string{"Shock", "? ? ?"}},
		{name: "a hand in part unknown", lines: [][2]string{line("Ben", "hand ? Shock ?")},
			hands: [2]string{"", "? Shock ?"}},
		{name: "unknown cards in a cache", lines: [][2]string{line("Ann", "cache ? Drain")},
			hands: [2]string{"", ""}},
		{name: "from Ann's seat, Ben's hand", opts: annSeat, lines: [][2]string{line("Ann", "hand Shock"), line("Ben", "hand ? ?")},
			hands: [2]string{"Shock", "? ?"}},
		{name: "from Ann's seat, Ann's own hand", opts: annSeat, lines: [][2]string{line("Ann", "hand Shock ?")},
			id: "V37", rule: rulingOneSeat, what: "the record is from Ann's seat: Ann's own hand is written"},
		{name: "from Ben's seat, Ben's own hand", opts: engine.Options{OneSeat: true, Seat: ben}, lines: [][2]string{line("Ben", "hand ?")},
			id: "V37", rule: rulingOneSeat, what: "the record is from Ben's seat: Ben's own hand is written"},
		{name: "from Ann's seat, Ben's cache", opts: annSeat, lines: [][2]string{line("Ben", "cache ?")},
			id: "V37", rule: rulingOneSeat, what: "a cache is face up, and its cards are written"},
		{name: "a seed and ?", opts: engine.Options{Seeded: true, Seed: 3}, lines: [][2]string{line("Ben", "hand ?")},
			id: "V38", rule: rulingSeedUnknown, what: "the Seed tag plans every hand: write the cards the seed gives, or leave the Seed tag out"},
		{name: "a seed and named cards", opts: engine.Options{Seeded: true, Seed: 3}, lines: [][2]string{line("Ben", "hand Shock")},
			hands: [2]string{"", "Shock"}},
		{name: "copies declared", cards: copiesCards, lines: [][2]string{line("Ann", "hand Relic Spark"), line("Ben", "hand Spark, cache ?")},
			hands: [2]string{"Relic Spark", "Spark"}},
		{name: "a copy too many", cards: copiesCards, lines: [][2]string{line("Ann", "hand Relic"), line("Ben", "cache Relic")},
			id: "V36", rule: rulingCopies, what: "the catalogue has 1 copy of Relic, and the set-up declares 2"},
		{name: "a copy too many in one hand", cards: copiesCards, lines: [][2]string{line("Ann", "hand Spark Spark Spark")},
			id: "V36", rule: rulingCopies, what: "the catalogue has 2 copies of Spark, and the set-up declares 3"},
		{name: "a copy too many beside unknown cards", cards: copiesCards, lines: [][2]string{line("Ben", "hand ?"), line("Ann", "hand Relic, cache Relic")},
			id: "V36", rule: rulingCopies, what: "the catalogue has 1 copy of Relic, and the set-up declares one more"},
		{name: "more unknown cards than copies", cards: limitedCards, lines: [][2]string{line("Ann", "hand Relic"), line("Ben", "hand ? ?")},
			id: "V36", rule: rulingCopies, what: "no card is left for a ? to be"},
		{name: "a copy the unknown cards must be", cards: limitedCards, lines: [][2]string{line("Ben", "hand ? ?"), line("Ann", "hand Gust")},
			id: "V36", rule: rulingCopies, what: "the catalogue has 1 copy of Gust, and the unknown cards declared must hold those left"},
		{name: "unknown cards as the copies left", cards: limitedCards, lines: [][2]string{line("Ann", "hand Relic"), line("Ben", "hand ?")},
			hands: [2]string{"Relic", "?"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := cards(t)
			if tt.cards != nil {
				cs = tt.cards(t)
			}
			s, err := seated(t, cs, tt.opts, tt.lines...)
			if tt.id == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				for p, want := range tt.hands {
					checkHand(t, s, p, want)
				}
				return
			}
			v := quotes.Refused(t, err, "the set-up", "", ruled(tt.id, tt.rule))
			checkWhat(t, v, tt.what)
		})
	}
}

// TestRulingV35UnknownCards: a card played or converted from a hand of
// unknown cards is one of them, a known copy first; a refused move changes
// nothing; the count of moves taken under an assumption rises with each.
func TestRulingV35UnknownCards(t *testing.T) {
	start := func(t *testing.T) *State {
		return mustSeat(t, cards(t), engine.Options{OneSeat: true, Seat: ann},
			line("Ann", "energy 3, income 2, life 10, hand Raider"),
			line("Ben", "energy 3, income 2, life 10, hand Shock ? ?"))
	}
	s := start(t)
	run(t, s, "play Raider Middle, execute, end")
	// Ben's known Shock is used first: no assumption.
	run(t, s, "play Shock Middle, execute")
	checkHand(t, s, ben, "? ?")
	if n := s.Assumptions(); n != 0 {
		t.Errorf("%d assumptions after a known card, want 0", n)
	}
	// A refused play of an unknown card changes nothing (expectMove checks
	// the whole state).
	expect(t, s, "play Scout Nowhere", ruled("V15", rulingDeclare))
	run(t, s, "play Scout North, execute")
	checkHand(t, s, ben, "?")
	run(t, s, "convert Wall")
	checkHand(t, s, ben, "")
	checkCache(t, s, ben, "Shock Wall")
	if n := s.Assumptions(); n != 2 {
		t.Errorf("%d assumptions, want 2", n)
	}
	v := expect(t, s, "convert Drain", ruled("V12", rulingHand))
	checkWhat(t, v, "Ben has no Drain in hand")

	s = start(t)
	run(t, s, "end")
	v = expect(t, s, "play Meteor North", ruled("V35", rulingUnknown))
	checkWhat(t, v, "Ben cannot hold Meteor: the catalogue has no such card")
	v = expect(t, s, "convert Meteor", ruled("V35", rulingUnknown))
	checkWhat(t, v, "Ben cannot hold Meteor: the catalogue has no such card")
	// A hand without unknown cards says what it always said.
	v = expect(t, s, "Ann play Shock North", ruled("V6", rulingOpen))
	run(t, s, "play Drain Ann")
	v = expect(t, s, "Ann convert Shock", ruled("V12", rulingHand))
	checkWhat(t, v, "Ann has no Shock in hand")
}

// TestRulingV36Copies: a card with copies shown from an unknown card is
// one of the copies not accounted for elsewhere; the message says where
// the last was seen.
func TestRulingV36Copies(t *testing.T) {
	tests := []struct {
		name   string
		ann    string
		ben    string
		before string // Ben's moves before, in his turn 2 (and Ann's turn 3 as "end")
		move   string
		what   string // "" for accepted
	}{
		{name: "a copy left", ben: "hand ? ?", move: "play Relic"},
		{name: "the one copy in Ann's hand", ann: "hand Relic", ben: "hand ? ?", move: "play Relic",
			what: "Ben cannot hold Relic: the catalogue has 1 copy, and it is in Ann's hand"},
		{name: "the one copy in Ann's cache", ann: "cache Relic", ben: "hand ? ?", move: "convert Relic",
			what: "Ben cannot hold Relic: the catalogue has 1 copy, and it is in Ann's cache"},
		{name: "the one copy played already", ben: "hand ? ?", before: "play Relic, end, end", move: "play Relic",
			what: "Ben cannot hold Relic: the catalogue has 1 copy, and it is in Ben's cache"},
		{name: "the last of two converted", ann: "hand Spark", ben: "hand ? ? ?", before: "convert Spark, end, end", move: "convert Spark",
			what: "Ben cannot hold Spark: the catalogue has 2 copies, and they are in Ann's hand and in Ben's cache"},
		{name: "the second of two", ben: "hand ? ? ?", before: "convert Spark", move: "convert Spark"},
		{name: "two copies in one cache", ben: "hand ? ? ?", before: "convert Spark, convert Spark", move: "convert Spark",
			what: "Ben cannot hold Spark: the catalogue has 2 copies, and they are in Ben's cache (2)"},
		{name: "a copy in the queue", ann: "hand Spark", ben: "hand ? ? ?, field Scout Middle", before: "convert Spark, end, play Spark Middle", move: "Ben convert Spark",
			what: "Ben cannot hold Spark: the catalogue has 2 copies, and they are in Ben's cache and in the queue, Ann's"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustSeat(t, copiesCards(t), engine.Options{OneSeat: true, Seat: ann},
				line("Ann", "energy 3, "+tt.ann), line("Ben", "energy 3, "+tt.ben))
			run(t, s, "end")
			run(t, s, tt.before)
			if tt.what == "" {
				run(t, s, tt.move)
				return
			}
			v := expect(t, s, tt.move, ruled("V36", rulingCopies))
			checkWhat(t, v, tt.what)
		})
	}
}

// TestUnknownCardsLegal: Legal offers what an unknown card could be, and
// each listed move applies.
func TestUnknownCardsLegal(t *testing.T) {
	s := mustSeat(t, copiesCards(t), engine.Options{OneSeat: true, Seat: ann},
		line("Ann", "energy 3, hand Relic"), line("Ben", "energy 3, hand ?"))
	run(t, s, "end")
	texts := legalTexts(s)
	for _, want := range []string{"Ben: convert Wall", "Ben: play Surge", "Ben: convert Spark"} {
		if !slices.Contains(texts, want) {
			t.Errorf("Legal lacks %q: %q", want, texts)
		}
	}
	for _, bad := range []string{"Ben: play Relic", "Ben: convert Relic", "Ben: convert ?"} {
		if slices.Contains(texts, bad) {
			t.Errorf("Legal offers %q, which no unknown card can be", bad)
		}
	}
	for _, m := range s.Legal() {
		if err := s.clone().Apply(mover(s, m), m); err != nil {
			t.Errorf("listed %s: %v", moveText(m), err)
		}
	}
}

// TestHider: Hide writes the other player's hand unknown, and nothing
// else. A seeded game keeps no record of its own (engine.Recorder): its
// seed plans the set-up, which the set-up lines write, so its moves are
// the record.
func TestHider(t *testing.T) {
	s := mustSeat(t, cards(t), engine.Options{Seeded: true, Seed: 1},
		line("Ann", "energy 3, hand Shock"), line("Ben", "energy 3, hand Drain"))
	if _, ok := engine.State(s).(engine.Recorder); ok {
		t.Error("a Void state is an engine.Recorder: random games write its moves as they are played")
	}
	hand := engine.OnSetupLine{Move: Hand{[]string{"Shock", "Drain"}}}
	for _, tt := range []struct {
		seat, player int
		m, want      engine.Move
	}{
		{ann, ben, hand, engine.OnSetupLine{Move: Hand{[]string{Unknown, Unknown}}}},
		{ben, ann, hand, engine.OnSetupLine{Move: Hand{[]string{Unknown, Unknown}}}},
		{ann, ann, hand, hand},
		{ann, ben, engine.OnSetupLine{Move: Cache{[]string{"Shock"}}}, engine.OnSetupLine{Move: Cache{[]string{"Shock"}}}},
		{ann, ben, engine.OnSetupLine{Move: Field{Card: "Scout", Target: "North"}}, engine.OnSetupLine{Move: Field{Card: "Scout", Target: "North"}}},
		{ann, ben, Play{Card: "Shock"}, Play{Card: "Shock"}},
		{ann, ben, Convert{Card: "Shock"}, Convert{Card: "Shock"}},
	} {
		if got := s.Hide(tt.seat, tt.player, tt.m); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Hide(%d, %d, %v) = %v, want %v", tt.seat, tt.player, tt.m, got, tt.want)
		}
	}
}

// TestUnknownCardsInAPosition: a position writes the unknown cards as ?,
// and a copy of the state keeps its own.
func TestUnknownCardsInAPosition(t *testing.T) {
	s := mustSeat(t, cards(t), engine.Options{}, line("Ann", "hand Shock ?, cache ?"), line("Ben", "hand ? ?"))
	var hands []string
	for _, l := range s.Position().Lines {
		for _, m := range l.Moves {
			if h, ok := m.(engine.OnSetupLine).Move.(Hand); ok {
				hands = append(hands, strings.Join(h.Cards, " "))
			}
			if c, ok := m.(engine.OnSetupLine).Move.(Cache); ok {
				hands = append(hands, "cache "+strings.Join(c.Cards, " "))
			}
		}
	}
	if want := []string{"Shock ?", "cache ?", "? ?"}; !slices.Equal(hands, want) {
		t.Errorf("position hands %q, want %q", hands, want)
	}
	c := s.clone()
	run(t, c, "convert Wall")
	if s.Unknowns(ann) != 1 || c.Unknowns(ann) != 0 {
		t.Errorf("unknown cards: %d in the state, %d in its copy; want 1 and 0", s.Unknowns(ann), c.Unknowns(ann))
	}
}

// TestManyUnknownCards: thousands of unknown cards, and as many shown, on
// catalogues with and without copies, check in well under a second: no
// record makes the ledger search.
func TestManyUnknownCards(t *testing.T) {
	const n = 2000
	hand := "hand" + strings.Repeat(" ?", n)
	for _, cs := range []*Cards{cards(t), copiesCards(t)} {
		began := time.Now()
		s := mustSeat(t, cs, engine.Options{OneSeat: true, Seat: ann}, line("Ann", "energy 999"), line("Ben", "energy 999, "+hand))
		run(t, s, "end")
		for i := range n {
			card := "Surge"
			if i%2 == 0 {
				card = "Wall"
			}
			if err := s.Apply(ben, Convert{Card: card}); err != nil {
				t.Fatalf("convert %s, the %d-th unknown card: %v", card, i+1, err)
			}
		}
		if d := time.Since(began); d > 2*time.Second {
			t.Errorf("%d unknown cards shown in %v: the ledger searches", n, d)
		}
		if got := s.Assumptions(); got != n {
			t.Errorf("%d assumptions, want %d", got, n)
		}
	}
}
