package daemon

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
)

// newUnseeded starts a game without a seed, drafted as defaultSetup drafts
// (Ann: Alpha, Delta, Eps; Ben: Beta, Gamma, Zeta), recorded from seat
// when seat is not engine.Nobody.
func newUnseeded(t testing.TB, seat int) *State {
	t.Helper()
	st, err := Game{Cards: cards(t)}.New(engine.Options{Players: players, OneSeat: seat != engine.Nobody, Seat: max(seat, 0)})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	draft(t, s, defaultSetup.picks)
	return s
}

// step is one move of a scenario and what the rules say of it.
type step struct {
	player int
	move   engine.Move
	want   verdict
	// what, when set, must be in a refusal's words.
	what string
}

func drawOf(cards string) Draw         { return Draw{Cards: names(cards)} }
func secureOf(cards string) Secure     { return Secure{Cards: names(cards)} }
func onLine(m engine.Move) engine.Move { return engine.OnSetupLine{Move: m} }

// run plays a scenario's steps in order.
func run(t *testing.T, s *State, steps []step) {
	t.Helper()
	for i, st := range steps {
		v := expect(t, s, st.player, st.move, st.want)
		if st.what != "" && (v == nil || !strings.Contains(v.What, st.what)) {
			t.Errorf("step %d, %s: %v; want it to say %q", i, moveKey(st.move), v, st.what)
		}
	}
}

// openings writes both opening grips, kept, and both securities unseen.
var openings = []step{
	{ann, onLine(Main{"Alpha"}), ok, ""},
	{ann, onLine(drawOf("Ant Ant Bear Note Wasp")), ok, ""},
	{ben, onLine(Main{"Beta"}), ok, ""},
	{ben, onLine(drawOf("Mole Mole Hare Zap Gift")), ok, ""},
	{ann, onLine(Keep{}), ok, ""},
	{ann, onLine(secureOf("? ? ? ? ?")), ok, ""},
	{ben, onLine(Keep{}), ok, ""},
}

// Ruling D31: "Without a seed, every card drawn is written as it is drawn,
// before anything else, as draw and the cards, ? for a card nobody
// recorded."
func TestRulingD31DrawsWithoutASeed(t *testing.T) {
	drawn := ruled("D31", rulingDrawn)
	tests := []struct {
		name  string
		steps []step
	}{
		{"the opening grip is written after the main module", []step{
			{ann, onLine(Main{"Alpha"}), ok, ""},
			{ben, onLine(Main{"Beta"}), drawn, "Ann has drawn 5 cards, not yet written"},
			{ann, onLine(Keep{}), drawn, "Ann has drawn 5 cards"},
			{ann, onLine(drawOf("Ant Ant")), drawn, "Ann draws 5 cards here, not 2"},
			{ben, onLine(drawOf("Mole Mole Mole Mole Mole")), drawn, "it is written on Ann's set-up line"},
			{ann, onLine(drawOf("Ant Ant Bear Note Wasp")), ok, ""},
			{ann, onLine(drawOf("Ant")), drawn, "no card is being drawn"},
		}},
		{"a card not of the player's modules is not drawn", []step{
			{ann, onLine(Main{"Alpha"}), ok, ""},
			{ann, onLine(drawOf("Ant Ant Bear Note Mole")), broke(ruleDeck), "Mole is a card of Beta"},
			{ann, onLine(drawOf("Ant Ant Bear Note Nope")), broke(ruleDeck), `no card named "Nope"`},
			{ann, onLine(drawOf("Ant ? ? Note ?")), ok, ""},
		}},
		{"a mulligan draws, then shuffles the cards set aside back", []step{
			{ann, onLine(Main{"Alpha"}), ok, ""},
			{ann, onLine(drawOf("Whale Whale Whale Ant Ant")), ok, ""},
			{ann, onLine(mulligan("Whale Whale")), ok, ""},
			// The cards set aside cannot come straight back (ruling D6).
			{ann, onLine(drawOf("Whale Ant")), ruled("D33", rulingCould), "every copy is seen elsewhere (Ann drew the last one in the set-up)"},
			{ann, onLine(drawOf("Ant Bear")), ok, ""},
			{ann, onLine(secureOf("Whale Whale ? ? ?")), ok, ""},
		}},
		{"a refresh's draw is written before the turn ends", append(slices.Clone(openings),
			step{ben, onLine(secureOf("? ? ? ? ?")), ok, ""},
			step{ann, play("Ant"), ok, ""},
			step{ann, Refresh{}, ok, ""},
			step{ann, end(), drawn, "Ann has drawn 1 card, not yet written"},
			step{ann, drawOf("? ?"), drawn, "Ann draws 1 card here, not 2"},
			step{ann, drawOf("Whale"), ok, ""},
			step{ann, end(), ok, ""},
		)},
		{"an effect's draw is written at once, in the turn", append(slices.Clone(openings),
			step{ann, play("Note"), ok, ""},
			step{ann, play("Ant"), drawn, "Ann has drawn 1 card"},
			step{ann, drawOf("Titan"), ok, ""},
			step{ann, play("Ant"), ok, ""},
		)},
		{"a draw is not written where none is made", append(slices.Clone(openings),
			step{ann, drawOf("Ant"), drawn, "no card is being drawn"},
		)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, newUnseeded(t, engine.Nobody), tt.steps)
		})
	}
}

// Ruling D32: "Without a seed, a player's security may be written on their
// set-up line once their grip is drawn, as secure and its cards top first;
// a security not written is set unseen."
func TestRulingD32SecurityWithoutASeed(t *testing.T) {
	secure := ruled("D32", rulingSecure)
	s := newUnseeded(t, engine.Nobody)
	run(t, s, []step{
		{ann, onLine(secureOf("? ? ? ? ?")), secure, "once their grip is drawn and kept"},
		{ann, onLine(Main{"Alpha"}), ok, ""},
		{ann, onLine(drawOf("? ? ? ? ?")), ok, ""},
		{ann, onLine(secureOf("? ? ?")), broke(ruleSecurity), "takes 5 cards from the deck, not 3"},
		{ann, onLine(secureOf("Whale ? ? ? ?")), ok, ""},
		{ann, onLine(secureOf("? ? ? ? ?")), secure, "already set"},
		{ann, onLine(mulligan("?")), secure, "the mulligans are over"},
		{ann, secureOf("? ? ? ? ?"), ruled("D5", rulingSetupLine), "written in a turn"},
		{ben, onLine(Main{"Beta"}), ok, ""},
		{ben, onLine(drawOf("? ? ? ? ?")), ok, ""},
		{ann, play("Whale"), ok, ""}, // one of her grip's cards nobody recorded

	})
	if got := s.Security(ann); !slices.Equal(got, names("Whale ? ? ? ?")) {
		t.Errorf("Ann's security %q", got)
	}
	// Ben's, not written, was set unseen as the first turn began.
	if got := s.Security(ben); !slices.Equal(got, names("? ? ? ? ?")) || len(s.Deck(ben)) != 35 {
		t.Errorf("Ben's security %q, deck %d", got, len(s.Deck(ben)))
	}
}

// Ruling D33: "A card written by name where a card nobody recorded was
// must be one that could be there: a card of the player's modules seen
// nowhere else, and in their deck when that card was drawn or set."
func TestRulingD33CardsNobodyRecorded(t *testing.T) {
	could := ruled("D33", rulingCould)
	tests := []struct {
		name     string
		steps    []step
		assumed  int
		security string // Ann's, at the end, when not ""
	}{
		{"a card played from unknown cards is one of them, and counted", []step{
			{ann, onLine(Main{"Alpha"}), ok, ""},
			{ann, onLine(drawOf("? ? ? ? ?")), ok, ""},
			{ben, onLine(Main{"Beta"}), ok, ""},
			{ben, onLine(drawOf("? ? ? ? ?")), ok, ""},
			{ann, play("Ant"), ok, ""},
			{ann, play("Mole"), broke(rulePlay), ""},
		}, 1, ""},
		{"a card whose every copy is seen is not among them", []step{
			{ann, onLine(Main{"Alpha"}), ok, ""},
			{ann, onLine(drawOf("? ? ? ? ?")), ok, ""},
			{ann, onLine(Keep{}), ok, ""},
			{ann, onLine(secureOf("Note Note Note ? ?")), ok, ""},
			{ben, onLine(Main{"Beta"}), ok, ""},
			{ben, onLine(drawOf("? ? ? ? ?")), ok, ""},
			{ann, play("Note"), could, "every copy is seen elsewhere (3 in Ann's security)"},
			{ann, play("Ant"), ok, ""},
		}, 1, "Note Note Note ? ?"},
		{"a card out of the deck when they were drawn is not among them", []step{
			{ann, onLine(Main{"Alpha"}), ok, ""},
			{ann, onLine(drawOf("Note Note Note Ant Ant")), ok, ""},
			{ann, onLine(mulligan("Note Note Note")), ok, ""},
			{ann, onLine(drawOf("? ? ?")), ok, ""},
			{ben, onLine(Main{"Beta"}), ok, ""},
			{ben, onLine(drawOf("? ? ? ? ?")), ok, ""},
			{ann, play("Note"), could, "no Note was in Ann's deck when the cards nobody recorded were drawn"},
			{ann, play("Ant"), ok, ""},
		}, 0, "? ? ? ? ?"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newUnseeded(t, engine.Nobody)
			run(t, s, tt.steps)
			if got := s.Assumptions(); got != tt.assumed {
				t.Errorf("assumptions %d, want %d", got, tt.assumed)
			}
			if tt.security != "" {
				checkCards(t, "Ann's security", s.Security(ann), tt.security)
			}
		})
	}
}

// A revealed security card nobody recorded must be one it could be; it is
// checked against the hidden card set there, and counted.
func TestRevealWithoutASeed(t *testing.T) {
	could := ruled("D33", rulingCould)
	s := newUnseeded(t, engine.Nobody)
	run(t, s, []step{
		{ann, onLine(Main{"Alpha"}), ok, ""},
		{ann, onLine(drawOf("Whale Whale Whale Ant Bear")), ok, ""},
		{ben, onLine(Main{"Beta"}), ok, ""},
		{ben, onLine(drawOf("Hare Hare Hare Hare Mole")), ok, ""},
		{ann, play("Ant"), ok, ""},
		{ann, play("Bear"), ok, ""},
		{ann, end(), ok, ""},
		// Hare has haste; it attacks at once.
		{ben, play("Hare"), ok, ""},
		{ben, attack("Hare"), ok, ""},
		{ben, reveal("?"), ruled("D35", rulingReadAtOnce), "written by name"},
		{ben, reveal("Whale"), could, "every copy is seen elsewhere (3 in Ann's grip)"},
		{ben, reveal("Mole"), broke(ruleDeck), "Mole is a card of Beta"},
		{ben, reveal("Ant"), ok, ""},
	})
	if s.Assumptions() != 1 {
		t.Errorf("assumptions %d, want 1", s.Assumptions())
	}
	checkCards(t, "Ann's grip", s.Grip(ann), "Whale Whale Whale Ant")
}

// Ruling D34: "A record from one seat writes by name every card that seat
// sees: its own draws and the cards it sets aside."
func TestRulingD34OneSeat(t *testing.T) {
	seat := ruled("D34", rulingSeat)
	s := newUnseeded(t, ann)
	run(t, s, []step{
		{ann, onLine(Main{"Alpha"}), ok, ""},
		{ann, onLine(drawOf("Ant ? Ant Ant Ant")), seat, "the record is from Ann's seat: Ann's own draw is written"},
		{ann, onLine(drawOf("Ant Bear Ant Ant Ant")), ok, ""},
		{ben, onLine(Main{"Beta"}), ok, ""},
		{ben, onLine(drawOf("? ? ? ? ?")), ok, ""},
		{ann, onLine(mulligan("?")), seat, "each card Ann sets aside"},
		{ann, onLine(mulligan("Bear")), ok, ""},
		{ann, onLine(drawOf("Whale")), ok, ""},
		{ann, onLine(secureOf("? ? ? ? ?")), ok, ""},
		{ben, onLine(mulligan("? ?")), ok, ""},
		{ben, onLine(drawOf("? Mole")), ok, ""},
		{ben, onLine(secureOf("? ? ? ? ?")), ok, ""},
	})
	checkCards(t, "Ben's grip", s.Grip(ben), "? ? ? ? Mole")
}

// Ruling D3: "A Seed tag deals every card: a seeded transcript writes no
// draw and no security, and no card as ?."
func TestRulingD3SeedDealsEveryCard(t *testing.T) {
	deals := ruled("D3", rulingSeedDeals)
	s := newGame(t, cards(t), 1, nil)
	draft(t, s, defaultSetup.picks)
	mustApply(t, s, ann, onLine(Main{"Alpha"}))
	run(t, s, []step{
		{ann, onLine(drawOf("Ant")), deals, "leave the draw out"},
		{ann, onLine(mulligan("?")), deals, "write the cards set aside"},
		{ann, onLine(secureOf("? ? ? ? ?")), deals, "the seed sets the security"},
	})
}

// The seed's record: what Recorded writes checks, without the seed, to the
// same game; Hide writes it from one seat.
func TestRecordedAndHidden(t *testing.T) {
	s := newGame(t, cards(t), 3, nil)
	if got := s.Recorded(); got != nil {
		t.Fatalf("the first Recorded: %v, want nothing", got)
	}
	draft(t, s, defaultSetup.picks)
	mustApply(t, s, ann, onLine(Main{"Alpha"}))
	mustApply(t, s, ben, onLine(Main{"Beta"}))
	mustApply(t, s, ann, onLine(mulligan(s.Grip(ann)[0])))
	mustApply(t, s, ben, onLine(Keep{}))
	rec := s.Recorded()
	var kinds []string
	for _, e := range rec[6:] {
		kinds = append(kinds, strings.Fields(moveKey(e.Move))[2]+"/"+players[e.Player])
	}
	want := []string{"main/Ann", "draw/Ann", "main/Ben", "draw/Ben", "mulligan/Ann", "draw/Ann", "secure/Ann", "keep/Ben", "secure/Ben"}
	if !slices.Equal(kinds, want) {
		t.Fatalf("recorded %q, want %q", kinds, want)
	}
	u := newUnseeded(t, engine.Nobody)
	fromBen := newUnseeded(t, ben)
	for _, e := range rec[6:] {
		mustApply(t, u, e.Player, e.Move)
		mustApply(t, fromBen, e.Player, s.Hide(ben, e.Player, e.Move))
	}
	if !slices.Equal(u.Grip(ann), s.Grip(ann)) || !slices.Equal(u.Grip(ben), s.Grip(ben)) {
		t.Errorf("the record gives %q and %q, the seed %q and %q", u.Grip(ann), u.Grip(ben), s.Grip(ann), s.Grip(ben))
	}
	if got := fromBen.Grip(ann); !slices.Equal(got, names("? ? ? ? ?")) {
		t.Errorf("Ann's grip from Ben's seat: %q", got)
	}
	if got := fromBen.Grip(ben); !slices.Equal(got, s.Grip(ben)) {
		t.Errorf("Ben's grip from his own seat: %q, want %q", got, s.Grip(ben))
	}
	if got := fromBen.Security(ben); !slices.Equal(got, names("? ? ? ? ?")) {
		t.Errorf("Ben's security from his own seat: %q, want it unseen", got)
	}
	// The first turn begins with the same securities.
	mustApply(t, s, ann, Refresh{})
	mustApply(t, u, ann, Refresh{})
	if !slices.Equal(u.Security(ann), s.Security(ann)) {
		t.Errorf("security: the record %q, the seed %q", u.Security(ann), s.Security(ann))
	}
}

// declareUnseeded declares pos in a game without a seed, from seat unless
// it is engine.Nobody, and begins its turn.
func declareUnseeded(t testing.TB, seat int, pos engine.Position) (*State, string, error) {
	t.Helper()
	st, err := Game{Cards: cards(t)}.New(engine.Options{Players: players, OneSeat: seat != engine.Nobody, Seat: max(seat, 0)})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for i, line := range pos.Lines {
		for j, m := range line.Moves {
			if err := s.Apply(line.Subject, setupLine(m)); err != nil {
				return s, fmt.Sprintf("line %d, move %d (%s)", i+1, j+1, moveKey(m)), err
			}
		}
	}
	return s, "StartAt", s.StartAt(pos.Turn, pos.Player)
}

// Ruling D29: "Without a seed, a card of a grip or a security may be
// written ?, a card nobody recorded; the heap, the script zone and the
// field are seen by everyone, and a deck is given as a count."
func TestPositionsWithUnknownCards(t *testing.T) {
	zones := ruled("D29", rulingUnknownZones)
	tests := []struct {
		name     string
		seat     int
		ann, ben string
		where    string
		want     verdict
		msg      string
	}{
		{"a grip and a security with cards nobody recorded", engine.Nobody,
			annModules + ", grip ? ? Ant, security ? Note ? ? ?", benModules + ", security 5", "", ok, ""},
		{"in a heap", engine.Nobody, annModules + ", heap ?", benModules, "heap ?", zones, "Ann's heap is seen by everyone"},
		{"on the field", engine.Nobody, annModules + ", field Ant ?", benModules, "field Ant ?", zones, "Ann's field is seen by everyone"},
		{"in a deck", engine.Nobody, annModules + ", deck ? ?", benModules, "deck ? ?", zones, "Ann's deck is given as a count"},
		{"in the seat's own grip", ann, annModules + ", grip ? Ant", benModules, "grip ? Ant", ruled("D34", rulingSeat), "each card of Ann's own grip"},
		{"in the other's grip, from one seat", ann, annModules + ", grip Ant", benModules + ", grip ? ?", "", ok, ""},
		{"counted with the rest", engine.Nobody, annModules + ", grip ? ?, security 5, deck 39", benModules, "StartAt",
			ruled("D30", rulingCards), "Ann's modules have 45 cards; the position places 0 and counts 2 cards ? and security 5 and deck 39, 1 more than there are"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos := engine.Position{Lines: lines(tt.ann, tt.ben), Turn: 1, Player: ann}
			_, where, err := declareUnseeded(t, tt.seat, pos)
			if tt.want == ok {
				if err != nil {
					t.Fatalf("refused at %s: %v", where, err)
				}
				return
			}
			if !strings.Contains(where, tt.where) {
				t.Errorf("refused at %s (%v), want at %s", where, err, tt.where)
			}
			if v := quotes.Refused(t, err, where, players[ann], tt.want); v != nil && !strings.Contains(v.What, tt.msg) {
				t.Errorf("refused with %q, want it to say %q", v.What, tt.msg)
			}
		})
	}
	t.Run("a seeded position has no ?", func(t *testing.T) {
		pos := engine.Position{Lines: lines(annModules+", grip ?", benModules), Turn: 1, Player: ann}
		_, where, err := declare(t, cards(t), 9, nil, pos)
		quotes.Refused(t, err, where, players[ann], ruled("D3", rulingSeedDeals))
	})
	t.Run("the cards nobody recorded are the cards not placed", func(t *testing.T) {
		pos := engine.Position{Lines: lines(annModules+", memory 5, grip ? ? Ant, security ? Note ? ? ?", benModules), Turn: 1, Player: ann}
		s, where, err := declareUnseeded(t, engine.Nobody, pos)
		if err != nil {
			t.Fatalf("refused at %s: %v", where, err)
		}
		if n := len(s.Deck(ann)); n != 45-3-5 {
			t.Errorf("Ann's deck has %d cards, want 37", n)
		}
		checkCards(t, "Ann's security", s.Security(ann), "? Note ? ? ?")
		run(t, s, []step{
			{ann, play("Note"), ok, ""}, // from the grip's cards nobody recorded
			{ann, drawOf("?"), ok, ""},
			{ann, play("Note"), ok, ""},
			{ann, drawOf("Ant"), ok, ""},
		})
		if s.Assumptions() != 2 {
			t.Errorf("assumptions %d, want 2", s.Assumptions())
		}
		// Three Notes: the third is in the security.
		expect(t, s, ann, play("Note"), ruled("D33", rulingCould))
	})
}

// Without a seed, the legal moves include what the table reveals: a draw
// owed, written ? where the record may write it so, or card by card; the
// security set; a reveal or a play of any card a hidden one could be.
func TestLegalWithoutASeed(t *testing.T) {
	s := newUnseeded(t, ann)
	mustApply(t, s, ann, onLine(Main{"Alpha"}))
	if got := moveKeys(s.Legal()); len(got) != 0 {
		t.Errorf("Ann's own five cards, from her seat: legal %q, want none listed (they are typed)", got)
	}
	mustApply(t, s, ann, onLine(drawOf("Ant Ant Bear Note Wasp")))
	mustApply(t, s, ben, onLine(Main{"Beta"}))
	if got := moveKeys(s.Legal()); !slices.Equal(got, []string{"set-up line: draw ? ? ? ? ?"}) {
		t.Errorf("Ben's draw, from Ann's seat: legal %q", got)
	}
	mustApply(t, s, ben, onLine(drawOf("? ? ? ? ?")))
	if got := moveKeys(s.Legal()); !slices.Contains(got, "set-up line: keep") {
		t.Errorf("Ann's decision: legal %q", got)
	}
	mustApply(t, s, ann, onLine(Keep{}))
	if got := moveKeys(s.Legal()); !slices.Contains(got, "set-up line: mulligan ? ?") && !slices.Contains(got, "set-up line: mulligan ?") {
		t.Errorf("Ben's decision, from Ann's seat: legal %q", got)
	}
	mustApply(t, s, ben, onLine(Keep{}))
	if got := moveKeys(s.Legal()); !slices.Equal(got, []string{"set-up line: secure ? ? ? ? ?"}) || s.ToMove() != ann {
		t.Errorf("Ann's security: legal %q", got)
	}
	mustApply(t, s, ann, onLine(secureOf("? ? ? ? ?")))
	mustApply(t, s, ben, onLine(secureOf("? ? ? ? ?")))
	mustApply(t, s, ann, play("Note"))
	if got := moveKeys(s.Legal()); slices.Contains(got, "draw ?") || !slices.Contains(got, "draw Whale") {
		t.Errorf("Ann's draw for Note, from her seat: legal %q; want each of her cards that could be drawn, and no ?", got)
	}
	mustApply(t, s, ann, drawOf("Whale"), play("Ant"), end())
	got := moveKeys(s.Legal())
	if !slices.Contains(got, "play Mole") || !slices.Contains(got, "play Gift") || slices.Contains(got, "play Ant") {
		t.Errorf("Ben's grip of cards nobody recorded: legal %q; want any of his cards", got)
	}
}
