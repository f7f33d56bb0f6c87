package sortie

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/cards"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// ---------------------------------------------------------------------------
// Helpers: declarations written as a transcript writes them.

func unitD(spec string) DeclareUnit {
	f := strings.Fields(spec)
	bt := strings.Split(f[0], "/")
	return DeclareUnit{Bottom: card(bt[0]), Top: card(bt[1]), At: sq(f[1]), Broken: len(f) > 2 && f[2] == "broken"}
}

func handD(cs string) DeclareHand { return DeclareHand{Cards: cardList(cs)} }

func capturedD(flags string) DeclareCaptured { return DeclareCaptured{Flags: squares(flags)} }

// pileOf reads "30" as a count, else a list of cards.
func pileOf(spec string) Pile {
	var n int
	if _, err := fmt.Sscanf(spec, "%d", &n); err == nil && !strings.ContainsAny(spec, "CDHSRB") {
		return Pile{Count: n}
	}
	return Pile{Cards: cardList(spec)}
}

func deckD(spec string) DeclareDeck       { return DeclareDeck(pileOf(spec)) }
func discardD(spec string) DeclareDiscard { return DeclareDiscard(pileOf(spec)) }

// decl is a declaration on a subject's set-up line.
type decl struct {
	subject int
	d       Declaration
}

func ann(d Declaration) decl   { return decl{0, d} }
func ben(d Declaration) decl   { return decl{1, d} }
func board(d Declaration) decl { return decl{engine.Nobody, d} }

func newState(t *testing.T, opts engine.Options) *State {
	t.Helper()
	st, err := Game{}.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// declare makes the declarations on a new game's state and begins turn,
// player's; it fails the test on any refusal.
func declare(t *testing.T, opts engine.Options, turn, player int, decls ...decl) *State {
	t.Helper()
	s := newState(t, opts)
	for _, d := range decls {
		if err := s.Apply(d.subject, engine.OnSetupLine{Move: d.d}); err != nil {
			t.Fatalf("%T%v refused: %v", d.d, d.d, err)
		}
	}
	if err := s.StartAt(turn, player); err != nil {
		t.Fatalf("StartAt(%d, %d): %v", turn, player, err)
	}
	return s
}

// fromPosition is the state pos declares, on a new game's state.
func fromPosition(t *testing.T, opts engine.Options, pos engine.Position) *State {
	t.Helper()
	s := newState(t, opts)
	for _, line := range pos.Lines {
		for _, m := range line.Moves {
			if err := s.Apply(line.Subject, m); err != nil {
				t.Fatalf("declaration %v of subject %d refused: %v\nposition %s", m, line.Subject, err, writePosition(pos))
			}
		}
	}
	if err := s.StartAt(pos.Turn, pos.Player); err != nil {
		t.Fatalf("StartAt(%d, %d): %v\nposition %s", pos.Turn, pos.Player, err, writePosition(pos))
	}
	return s
}

// writePosition writes a position for a failure's message.
func writePosition(pos engine.Position) string {
	var b strings.Builder
	for _, line := range pos.Lines {
		fmt.Fprintf(&b, "\n  %d: %v", line.Subject, line.Moves)
	}
	fmt.Fprintf(&b, "\n  turn %d, player %d", pos.Turn, pos.Player)
	return b.String()
}

func errText(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// ---------------------------------------------------------------------------
// A position plays on as the game it was taken from.

// played is a move of a random game: applied, or forced (let stand).
type played struct {
	player int
	m      engine.Move
	forced bool
}

func (p played) on(s *State) error {
	if p.forced {
		return s.Force(p.player, p.m)
	}
	return s.Apply(p.player, p.m)
}

// TestPositionPlaysOn plays random games, seeded and not, under every set
// of variants, with now and then a move let stand; at the start of some
// turns it writes the position, declares it on a new game's state and
// plays the rest of the game on both. At every step both must show the
// same state (hands, deck order, owed draws, flags, units), list the same
// legal moves, give the same verdict to a made-up move, mostly illegal,
// and accept the game's next move; and they must end alike.
func TestPositionPlaysOn(t *testing.T) {
	positions, steps, refusals, over, reshuffled := 0, 0, 0, 0, 0
	for game := range 20 {
		opts := engine.Options{
			Seeded:   game%3 != 0,
			Seed:     uint64(500 + game),
			Variants: forceVariants[game%len(forceVariants)],
			Players:  []string{"Ann", "Ben"},
		}
		s := newState(t, opts)
		rng := shuffle.New(uint64(game))
		var moves []played
		type taken struct {
			at  int
			st  *State
			pos engine.Position
		}
		var takes []taken
		take := func() {
			if len(takes) == 0 || len(takes) < 3 && rng.Intn(8) == 0 {
				takes = append(takes, taken{len(moves), s.clone(), s.Position()})
			}
		}
		if opts.Seeded {
			take() // before the deal, which the position makes
		}
		for step := 0; step < 250 && !s.Outcome().Over; step++ {
			p := played{player: s.ToMove(), m: pickLegal(rng, s.Legal())}
			if rng.Intn(15) == 0 {
				p = played{player: rng.Intn(2), m: wild(s, rng.Intn(2), rng), forced: true}
			}
			before := s.clone()
			if err := p.on(s); err != nil {
				if !p.forced {
					t.Fatalf("game %d: listed %s refused: %v", game, moveKey(p.m), err)
				}
				continue
			}
			moves = append(moves, p)
			if d, ok := p.m.(Draw); ok && d.Opening && len(s.pending) > 0 && !s.pending[0].setup {
				take() // the opening hands are written: turn 1 begins
			}
			if isEnd(p.m) && !s.Outcome().Over {
				if before.rules.reshuffle && len(before.deck) == 0 && len(s.deck) > 0 {
					reshuffled++
				}
				take()
			}
		}
		if s.Outcome().Over {
			over++
		}
		check := shuffle.New(uint64(1000 + game))
		for _, tk := range takes {
			positions++
			orig, got := tk.st, fromPosition(t, opts, tk.pos)
			for i := tk.at; ; i++ {
				if !sameView(orig, got) {
					a, b := snapshot(orig), snapshot(got)
					t.Fatalf("game %d, position before move %d, %d moves on:\nthe game: %s\nits position: %s\nposition %s",
						game, tk.at, i-tk.at, a, b, writePosition(tk.pos))
				}
				if i == len(moves) {
					break
				}
				// A made-up move: the same verdict from both.
				if !orig.Outcome().Over {
					w := played{player: check.Intn(2), m: wild(orig, check.Intn(2), check), forced: check.Intn(2) == 0}
					e1, e2 := w.on(orig.clone()), w.on(got.clone())
					if errText(e1) != errText(e2) {
						t.Fatalf("game %d: %s gives %q in the game, %q from its position", game, moveKey(w.m), errText(e1), errText(e2))
					}
					if e1 != nil {
						refusals++
					}
				}
				for _, st := range []*State{orig, got} {
					if err := moves[i].on(st); err != nil {
						t.Fatalf("game %d: move %d, %s: %v", game, i, moveKey(moves[i].m), err)
					}
				}
				steps++
			}
			if orig.Outcome() != got.Outcome() {
				t.Fatalf("game %d: outcome %+v, from the position %+v", game, orig.Outcome(), got.Outcome())
			}
		}
	}
	t.Logf("%d positions, %d moves played on, %d made-up moves refused alike, %d games over, %d reshuffles", positions, steps, refusals, over, reshuffled)
	if positions < 50 || steps < 5000 || refusals < 3000 || over < 2 || reshuffled < 2 {
		t.Errorf("%d positions, %d moves, %d refusals, %d games over, %d reshuffles: the playouts check too little", positions, steps, refusals, over, reshuffled)
	}
}

// sameView tells whether a and b show the same as snapshot writes: turn,
// player, outcome, counts, hands, flags, units, the cards of the deck and
// discards, owed draws and legal moves. It compares the values themselves,
// for the cost of writing both snapshots at every step was most of
// TestPositionPlaysOn's time.
func sameView(a, b *State) bool {
	if a.Turn() != b.Turn() || a.ToMove() != b.ToMove() || a.Outcome() != b.Outcome() ||
		a.Deck() != b.Deck() || a.Discards() != b.Discards() {
		return false
	}
	for p := range 2 {
		if !slices.Equal(a.Hand(p), b.Hand(p)) || !slices.Equal(a.Flags(p), b.Flags(p)) || !slices.Equal(a.Captured(p), b.Captured(p)) {
			return false
		}
	}
	for i := range Board.Size() {
		if u, v := a.UnitAt(Board.Square(i)), b.UnitAt(Board.Square(i)); (u == nil) != (v == nil) || u != nil && *u != *v {
			return false
		}
	}
	va, vb := a.settled(), b.settled()
	if !slices.Equal(va.deck, vb.deck) || !slices.Equal(va.discard, vb.discard) || !slices.Equal(va.pending, vb.pending) ||
		va.turn != vb.turn || va.player != vb.player {
		return false
	}
	return slices.EqualFunc(a.Legal(), b.Legal(), enginetest.Equal[engine.Move])
}

// ---------------------------------------------------------------------------
// Impossible positions

// TestImpossiblePositions: each position is refused at the declaration
// that cannot stand with those before it, or by StartAt, with a message
// naming what is impossible and the ruling or rule it breaks; a refused
// declaration changes nothing.
func TestImpossiblePositions(t *testing.T) {
	const startAt = -1
	tests := []struct {
		name     string
		seeded   bool
		variants map[string]string
		decls    []decl
		zeroTurn bool // StartAt(0, 0) rather than StartAt(5, 0)
		// at is the declaration refused, or startAt.
		at     int
		ruling string
		rule   string // when the rules text is quoted instead
		what   string
	}{
		{name: "two units on one square",
			decls: []decl{ann(unitD("9C/KD b2")), ben(unitD("3D/4D b2"))}, at: 1,
			ruling: "S3", what: "b2 already holds a unit"},
		{name: "a card in two places",
			decls: []decl{ann(handD("7H 9C")), ben(unitD("2S/7H c3"))}, at: 1,
			ruling: "S25", what: "7H is declared twice: it is already in Ann's hand"},
		{name: "a card in a unit and the discard pile",
			decls: []decl{ben(unitD("2S/7H c3")), board(discardD("5C 2S"))}, at: 1,
			ruling: "S25", what: "2S is declared twice: it is already in Ben's unit on c3"},
		{name: "a card twice in one hand",
			decls: []decl{ann(handD("7H 9C 7H"))}, at: 0,
			ruling: "S25", what: "7H is declared twice"},
		{name: "a card in the deck and a hand",
			decls: []decl{board(deckD("AS 2S")), ben(handD("KD AS"))}, at: 1,
			ruling: "S25", what: "AS is declared twice: it is already in the deck"},
		{name: "a joker in a game without jokers",
			decls: []decl{ann(handD("7H JR"))}, at: 0,
			ruling: "S25", what: "JR is not a card of this game: the deck has no jokers (variant jokers=none)"},
		{name: "a unit of one card twice",
			decls: []decl{ann(unitD("9C/9C b2"))}, at: 0,
			rule: ruleUnit, what: "a unit needs two cards, not 9C twice"},
		{name: "a unit off the board",
			decls: []decl{ann(unitD("9C/KD e2"))}, at: 0,
			ruling: "S24", what: "e2 is not on the board"},
		{name: "a hand declared twice",
			decls: []decl{ben(handD("7H")), ben(handD("8H"))}, at: 1,
			ruling: "S24", what: "Ben's hand is declared twice"},
		{name: "the deck on a player's line",
			decls: []decl{ann(deckD("30"))}, at: 0,
			ruling: "S24", what: "the deck is declared on the board line, not on a player's"},
		{name: "a hand on the board line",
			decls: []decl{board(handD("7H"))}, at: 0,
			ruling: "S24", what: "units, hands and captured flags are declared on their player's line, not on the board line"},
		{name: "a captured flag that is not the opponent's",
			decls: []decl{ann(capturedD("d4 a1"))}, at: 0,
			rule: ruleObject, what: "a1 is not a flag of Ben's: their flags stand on d4 d3 c4"},
		{name: "a flag captured twice",
			decls: []decl{ben(capturedD("a1 a1"))}, at: 0,
			rule: ruleObject, what: "Ann's flag on a1 is captured twice"},
		{name: "three flags captured: the game is over",
			decls: []decl{ben(capturedD("a1 b1 a2"))}, at: 0,
			rule: ruleWon, what: "Ben has captured all three flags: the game is over, and no turn begins"},
		{name: "both piles counts",
			decls: []decl{board(deckD("40")), board(discardD("4"))}, at: 1,
			ruling: "S25", what: "the deck and the discard pile are both given as counts: one of them must list its cards"},
		{name: "a stream without a seed",
			decls: []decl{board(DeclareStream{Numbers: 60})}, at: 0,
			ruling: "S27", what: "the stream is declared, but the transcript has no Seed tag"},
		{name: "a stream past its end", seeded: true,
			decls: []decl{board(DeclareStream{Numbers: MaxStream + 1})}, at: 0,
			ruling: "S27", what: "a stream of 1000001 numbers is past its end, 1000000"},
		{name: "more cards than the deck has",
			decls: []decl{ann(handD("7H 9C")), board(deckD("60"))}, at: startAt,
			ruling: "S25", what: "the deck is declared as 60 cards, but 50 cards are placed nowhere else"},
		{name: "a discard count that is not the rest",
			decls: []decl{board(deckD("7H 9C")), board(discardD("3"))}, at: startAt,
			ruling: "S25", what: "the discard pile is declared as 3 cards, but 50 cards are placed nowhere else"},
		{name: "a discard count with no deck listed",
			decls: []decl{ann(handD("7H")), board(discardD("10"))}, at: startAt,
			ruling: "S25", what: "the discard pile is given as a count, so the deck must list its cards"},
		{name: "cards placed nowhere",
			decls: []decl{board(deckD("AC 2C 3C")), board(discardD("4C")), ann(unitD("5C/6C a1")), ben(handD("7C"))}, at: startAt,
			ruling: "S25", what: "45 cards placed nowhere in the position: 8C 9C 10C JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"},
		{name: "a turn numbered 0",
			decls: []decl{ann(handD("7H"))}, zeroTurn: true, at: startAt,
			ruling: "S24", what: "turn 0 cannot begin a position: turns count from 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newState(t, engine.Options{Seeded: tt.seeded, Seed: 3, Variants: tt.variants, Players: []string{"Ann", "Ben"}})
			var err error
			for i, d := range tt.decls {
				m := engine.OnSetupLine{Move: d.d}
				if i == tt.at {
					v := expect(t, s, d.subject, m, verdict{ruling: tt.ruling, rule: tt.rule})
					err = v
					break
				}
				mustApply(t, s, d.subject, m)
			}
			if tt.at == startAt {
				turn := 5
				if tt.zeroTurn {
					turn = 0
				}
				before := snapshot(s)
				err = s.StartAt(turn, 0)
				if err == nil {
					t.Fatal("StartAt accepted the position")
				}
				var v *engine.Violation
				if !errors.As(err, &v) {
					t.Fatalf("StartAt: %v is not a *engine.Violation", err)
				}
				if v.Ruling != tt.ruling || tt.rule != "" && v.Rule != tt.rule {
					t.Errorf("StartAt: %v; want ruling %q rule %q", v, tt.ruling, tt.rule)
				}
				checkQuote(t, v)
				if after := snapshot(s); after != before {
					t.Errorf("a refused StartAt changed the state:\nbefore %s\nafter  %s", before, after)
				}
			}
			var v *engine.Violation
			if errors.As(err, &v) && v.What != tt.what {
				t.Errorf("refused with\n %q\nwant\n %q", v.What, tt.what)
			}
		})
	}
}

// TestDeclarationsOutOfPlace: a declaration belongs on the set-up lines
// of a game that has dealt nothing, and nothing but declarations comes
// before its first turn.
func TestDeclarationsOutOfPlace(t *testing.T) {
	opts := engine.Options{Players: []string{"Ann", "Ben"}}
	t.Run("a declaration in a turn", func(t *testing.T) {
		s := newState(t, opts)
		expect(t, s, 0, handD("7H"), ruled("S24"))
	})
	t.Run("a declaration after the opening draws", func(t *testing.T) {
		s := newState(t, opts)
		mustApply(t, s, 0, opening("7H 9C KD 2S"))
		v := expect(t, s, 1, engine.OnSetupLine{Move: handD("3C")}, ruled("S24"))
		if want := "the opening hands are being drawn: a position declares the hands itself"; v.What != want {
			t.Errorf("got %q, want %q", v.What, want)
		}
	})
	t.Run("an opening draw after a declaration", func(t *testing.T) {
		s := newState(t, opts)
		mustApply(t, s, 0, engine.OnSetupLine{Move: handD("7H")})
		expect(t, s, 1, opening("3C 4C 5C 6C"), ruled("S24"))
		if err := s.Force(1, opening("3C 4C 5C 6C")); err == nil {
			t.Error("an opening draw was let stand in a position")
		}
	})
	t.Run("a declaration once the game has begun from its deal", func(t *testing.T) {
		s := newState(t, opts)
		mustApply(t, s, 0, opening("7H 9C KD 2S"))
		mustApply(t, s, 1, opening("3C 4C 5C 6C"))
		v := expect(t, s, 0, engine.OnSetupLine{Move: handD("8H")}, ruled("S24"))
		if want := "the game has begun from its deal"; v.What != want {
			t.Errorf("got %q, want %q", v.What, want)
		}
	})
	t.Run("a declaration once the position has begun", func(t *testing.T) {
		s := declare(t, opts, 4, 1, ann(handD("7H")))
		expect(t, s, 0, engine.OnSetupLine{Move: handD("8H")}, ruled("S24"))
	})
	t.Run("a refused declaration is not let stand", func(t *testing.T) {
		s := newState(t, opts)
		mustApply(t, s, 0, engine.OnSetupLine{Move: handD("7H")})
		if err := s.Force(1, engine.OnSetupLine{Move: handD("7H")}); err == nil {
			t.Error("a card in two hands was let stand")
		}
	})
	t.Run("StartAt with nothing declared after a deal", func(t *testing.T) {
		s := newState(t, opts)
		mustApply(t, s, 0, opening("7H 9C KD 2S"))
		if err := s.StartAt(3, 0); err == nil {
			t.Error("StartAt began a position in a dealt game")
		}
	})
}

// ---------------------------------------------------------------------------
// What a position leaves out, and how it begins

func TestPositionBegins(t *testing.T) {
	players := []string{"Ann", "Ben"}
	t.Run("S24 S25 unseeded: the deck left out holds the rest, the turn's draw is owed", func(t *testing.T) {
		s := declare(t, engine.Options{Players: players}, 12, 1,
			ann(unitD("9C/KD b3")), ann(handD("2S")), ben(unitD("3D/4D c3 broken")), ben(capturedD("a1")),
			board(discardD("5H 6H")))
		if s.Turn() != 12 || s.ToMove() != 1 || s.Deck() != 52-7 || s.Discards() != 2 {
			t.Fatalf("turn %d, to move %d, deck %d, discards %d", s.Turn(), s.ToMove(), s.Deck(), s.Discards())
		}
		if u := s.UnitAt(sq("c3")); u == nil || u.Shield || u.Owner != 1 {
			t.Errorf("c3 holds %+v", u)
		}
		if got := squareList(s.Flags(0)); got != "a2 b1" {
			t.Errorf("Ann's flags %s", got)
		}
		// The draw is owed and written, as at any turn's start (S4).
		expect(t, s, 1, attack("c3", "b3"), ruled("S4"))
		mustApply(t, s, 1, draw("AC"), attack("c3", "b3"))
		if u := s.UnitAt(sq("b3")); u == nil || u.Shield {
			t.Errorf("after the attack b2 holds %+v", u)
		}
	})
	t.Run("S26 a unit on an opponent's standing flag captures at the end of the turn", func(t *testing.T) {
		s := declare(t, engine.Options{Players: players}, 7, 0,
			ann(unitD("9C/KD d4")), ann(capturedD("c4 d3")), board(deckD("0")), board(discardD(strings.Join(restOf("9C KD"), " "))))
		mustApply(t, s, 0, engine.EndTurn{})
		if o := s.Outcome(); !o.Over || o.Winner != 0 || o.Turn != 7 {
			t.Errorf("outcome %+v", o)
		}
	})
	t.Run("S10 firstdraw=no: turn 1 of the first player has no draw", func(t *testing.T) {
		s := declare(t, engine.Options{Players: players, Variants: map[string]string{"firstdraw": "no"}}, 1, 0, ann(handD("9C KD")))
		mustApply(t, s, 0, place("9C", "KD", "a1"))
	})
	t.Run("S9 reshuffle: an empty deck is made of the discards at the turn's start", func(t *testing.T) {
		rest := restOf("9C KD")
		s := declare(t, engine.Options{Players: players, Variants: map[string]string{"empty": "reshuffle"}}, 9, 1,
			ann(handD("9C KD")), board(deckD("0")), board(discardD(strings.Join(rest, " "))))
		if s.Deck() != 50 || s.Discards() != 0 {
			t.Errorf("deck %d, discards %d", s.Deck(), s.Discards())
		}
	})
	t.Run("S27 seeded: the deck left out is the rest, sorted, shuffled from the seed", func(t *testing.T) {
		s := declare(t, engine.Options{Players: players, Seeded: true, Seed: 77}, 5, 0, ann(handD("AC 2C")))
		want := cards.Deck(false)[2:]
		shuffle.Shuffle(shuffle.New(77), want)
		if !slices.Equal(s.deck, want) {
			t.Errorf("deck %v, want %v", s.deck, want)
		}
		if h := s.Hand(0); len(h) != 3 || h[2] != want[0] {
			t.Errorf("Ann's hand after the dealt draw %v", h)
		}
	})
	t.Run("S27 seeded: stream N starts the shuffle N numbers into the seed's stream", func(t *testing.T) {
		s := declare(t, engine.Options{Players: players, Seeded: true, Seed: 77}, 5, 0, board(deckD("52")), board(DeclareStream{Numbers: 3}))
		src := shuffle.New(77)
		src.Uint64()
		src.Uint64()
		src.Uint64()
		want := cards.Deck(false)
		shuffle.Shuffle(src, want)
		if !slices.Equal(s.deck, want) {
			t.Errorf("deck %v, want %v", s.deck, want)
		}
	})
	t.Run("S27 seeded: a listed deck is dealt in its order", func(t *testing.T) {
		rest := restOf("")
		s := declare(t, engine.Options{Players: players, Seeded: true, Seed: 77}, 2, 1, board(deckD(strings.Join(rest, " "))))
		if h := s.Hand(1); len(h) != 1 || h[0].String() != rest[0] {
			t.Errorf("Ben's hand %v, want the deck's top %s", h, rest[0])
		}
	})
	t.Run("S27 unseeded: a listed deck is kept sorted", func(t *testing.T) {
		rest := restOf("")
		slices.Reverse(rest)
		s := declare(t, engine.Options{Players: players}, 2, 1, board(deckD(strings.Join(rest, " "))))
		if !slices.IsSortedFunc(s.deck, compareCards) {
			t.Errorf("deck %v", s.deck)
		}
	})
}

// restOf is the cards of a deck without jokers but those named, sorted.
func restOf(named string) []string {
	var out []string
	for _, c := range cards.Deck(false) {
		if !slices.Contains(strings.Fields(named), c.String()) {
			out = append(out, c.String())
		}
	}
	return out
}

// TestPositionWritesItsParts: what Position writes of a game, part by
// part, as the notation shows it.
func TestPositionWritesItsParts(t *testing.T) {
	opts := engine.Options{Players: []string{"Ann", "Ben"}, Seeded: true, Seed: 9, Variants: map[string]string{"empty": "reshuffle"}}
	s := declare(t, opts, 6, 1,
		ann(unitD("9C/KD b2")), ann(handD("2S")), ben(unitD("3D/4D c3 broken")), ben(capturedD("a1")),
		board(deckD("7H 8H")), board(discardD(strings.Join(restOf("9C KD 2S 3D 4D 7H 8H"), " "))), board(DeclareStream{Numbers: 40}))
	pos := s.Position()
	var got []string
	for _, line := range pos.Lines {
		var moves []string
		for _, m := range line.Moves {
			moves = append(moves, fmt.Sprintf("%T", m.(engine.OnSetupLine).Move))
		}
		got = append(got, fmt.Sprintf("%d: %s", line.Subject, strings.Join(moves, ", ")))
	}
	want := []string{
		"-1: sortie.DeclareDeck, sortie.DeclareDiscard, sortie.DeclareStream",
		"0: sortie.DeclareUnit, sortie.DeclareHand",
		"1: sortie.DeclareUnit, sortie.DeclareCaptured",
	}
	if !slices.Equal(got, want) || pos.Turn != 6 || pos.Player != 1 {
		t.Errorf("position %v turn %d player %d, want %v turn 6 player 1", got, pos.Turn, pos.Player, want)
	}
	if st := pos.Lines[0].Moves[2].(engine.OnSetupLine).Move.(DeclareStream); st.Numbers != 40 {
		t.Errorf("stream %d, want 40", st.Numbers)
	}
}

// TestPositionRulingQuotes: the rulings on positions stand word for word
// in their sections of RULINGS.md, and the rule of the flags in the rules
// text.
func TestPositionRulingQuotes(t *testing.T) {
	doc, err := os.ReadFile("RULINGS.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(doc)), " ")
	for id, quotes := range map[string][]string{
		"S24": {rulingPositionLines, rulingOnce, rulingOnBoard},
		"S25": {rulingEveryCard},
		"S27": {rulingStream},
	} {
		at := strings.Index(text, "**"+id+". ")
		if at < 0 {
			t.Fatalf("RULINGS.md has no ruling %s", id)
		}
		section := text[at:]
		if end := rulingHeading.FindStringIndex(section[2:]); end != nil {
			section = section[:end[0]+2]
		}
		for _, q := range quotes {
			if !strings.Contains(section, q) {
				t.Errorf("ruling %s: %q is not in its section of RULINGS.md", id, q)
			}
		}
	}
	if rules, err := rulesTextOnce(); err == nil && !strings.Contains(string(rules), ruleObject) {
		t.Errorf("%q is not in the rules text", ruleObject)
	}
}

// TestNothingIsLegalWhileDeclaring: while a position is declared no move
// of play is listed, as Apply takes none (S24).
func TestNothingIsLegalWhileDeclaring(t *testing.T) {
	s := newState(t, engine.Options{Players: []string{"Ann", "Ben"}})
	mustApply(t, s, 0, engine.OnSetupLine{Move: handD("7H 8H")}, engine.OnSetupLine{Move: unitD("2C/3C a1")})
	if legal := s.Legal(); len(legal) != 0 {
		t.Errorf("Legal lists %v while the position is declared", legal)
	}
	expect(t, s, 0, place("7H", "8H", "b1"), ruled("S24"))
}

// TestSameViewTellsMovesApart: sameView holds a game to a copy, and tells
// it from the game a move on exactly when snapshot does, along a random
// game.
func TestSameViewTellsMovesApart(t *testing.T) {
	t.Parallel()
	s := newGame(t, true, 3, forceVariants[1])
	rng := shuffle.New(3)
	for step := 0; step < 60 && !s.Outcome().Over; step++ {
		before := s.clone()
		if !sameView(s, before) {
			t.Fatalf("a game differs from its copy:\n%s", snapshot(s))
		}
		m := pickLegal(rng, s.Legal())
		if err := s.Apply(s.ToMove(), m); err != nil {
			t.Fatal(err)
		}
		if got, want := sameView(s, before), snapshot(s) == snapshot(before); got != want {
			t.Fatalf("after %s: sameView %v, snapshots alike %v", moveKey(m), got, want)
		}
	}
}
