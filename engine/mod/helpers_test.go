package mod

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// ---------------------------------------------------------------------------
// Catalogues, written as catalogue files write them

// loadCards loads a catalogue that must have no errors.
func loadCards(t testing.TB, src string) *Cards {
	t.Helper()
	return enginetest.MustLoad(t, Load, enginetest.Catalogue(t, "mod", src))
}

// testCards is the tests' own catalogue: short one-word names, cards whose
// abilities show an order (Mix, Boost, Zap, Overdrive), free upgrades of
// every colour (Tin, Foil, Glass), and Deep, which draws and fuels a lot.
// Its shared deck is a placeholder that build replaces.
const testCards = `
[Game "mod"]
action  Laser     cost 1 : damage 2 energy
action  Missile   cost 1 : damage 2 impact
action  Sword     cost 2 : damage 3 energy
action  Swarm     cost 2 : damage 1 impact, damage 1 impact, damage 1 impact
action  Mix       cost 0 : damage 1 impact, damage 1 energy
action  Cell      cost 0 : fuel 2
action  Scan      cost 1 : draw 2
action  Overdrive cost 1 : fuel 1, draw 1, damage 1 impact
action  Boost     cost 2 : fuel 1, draw 1
action  Zap       cost 0 : damage 1 energy, fuel 5
action  Spark     cost 0 : damage 1 energy
action  Deep      cost 0 : draw 9, draw 9, fuel 9, fuel 9
upgrade Red       cost 1 shield red
upgrade Blue      cost 1 shield blue
upgrade Prism     cost 2 shield purple
upgrade Tin       cost 0 shield red
upgrade Foil      cost 0 shield blue
upgrade Glass     cost 0 shield purple
`

// withShared is testCards with a shared deck entry.
func withShared(list string) string { return testCards + "deck Shared " + list + "\n" }

var testCardsLoaded enginetest.Loaded[*Cards]

// cards is testCards with a shared set of 3 Lasers, 3 Missiles and 3 Reds,
// loaded once.
func cards(t testing.TB) *Cards {
	t.Helper()
	return testCardsLoaded.Get(t, func(t testing.TB) *Cards { return loadCards(t, withShared("3 Laser 3 Missile 3 Red")) })
}

// defaultCatalogue is the default catalogue's text, which lives with the
// referee; the test reads the file without importing the referee.
func defaultCatalogue(t testing.TB) string {
	t.Helper()
	src, err := os.ReadFile("../../referee/games/mod/mod.cards")
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// names reads card names as a catalogue writes them: bare or quoted,
// separated by spaces, as in `Laser "Red Plating"`.
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

// position describes a position at the start of a command phase, before
// anyone has placed a card: the cards in every zone, written as names().
type position struct {
	variants map[string]string
	hands    [2]string
	decks    [2]string // top first
	discards [2]string // oldest first
	play     [2]string
	fuel     [2]int
	// durability is each player's durability; 0 leaves the starting 10.
	durability [2]int
	// shared are the shared decks, top first, and piles their discard
	// piles, top last. Those left empty are empty.
	shared [SharedDecks]string
	piles  [SharedDecks]string
	// benFirst makes it round 2, with Ben holding the initiative.
	benFirst bool
}

// build sets up pos in a game of the test catalogue: the game is dealt
// (seed 1) and then each zone is made what pos says.
func build(t testing.TB, pos position) *State {
	t.Helper()
	s := newGame(t, cards(t), 1, pos.variants)
	for p, pl := range s.players {
		pl.hand = names(pos.hands[p])
		pl.deck = names(pos.decks[p])
		pl.discard = names(pos.discards[p])
		pl.play = names(pos.play[p])
		pl.fuel = pos.fuel[p]
		if pos.durability[p] != 0 {
			pl.durability = pos.durability[p]
		}
		for _, c := range slices.Concat(pl.hand, pl.deck, pl.discard, pl.play) {
			if _, ok := s.cards.Card(c); !ok {
				t.Fatalf("position: no card named %q", c)
			}
		}
	}
	for i := range s.shared {
		s.shared[i] = SharedDeck{Deck: names(pos.shared[i]), Pile: names(pos.piles[i])}
	}
	if pos.benFirst {
		s.initiative, s.priority, s.round = ben, ben, 2
	}
	return s
}

// ---------------------------------------------------------------------------
// Moves

// snapshot writes down everything the accessors show of a state.
func snapshot(s *State) string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn=%d toMove=%d phase=%d round=%d initiative=%d outcome=%+v pending=%q\n",
		s.Turn(), s.ToMove(), s.Phase(), s.Round(), s.Initiative(), s.Outcome(), s.Pending())
	for p := range 2 {
		fmt.Fprintf(&b, "p%d durability=%d fuel=%d hand=%q deck=%q discard=%q play=%q\n",
			p, s.Durability(p), s.Fuel(p), s.Hand(p), s.Deck(p), s.Discard(p), s.PlayArea(p))
	}
	fmt.Fprintf(&b, "stack=%+v\n", s.Stack())
	for i := range SharedDecks {
		fmt.Fprintf(&b, "shared %d: %q pile %q\n", i+1, s.Shared(i).Deck, s.Shared(i).Pile)
	}
	return b.String()
}

// verdict is what Apply should answer: ok (the zero verdict), a violation
// of the rules text (rule), or of a ruling (ruling and its quote).
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
	before := s.clone()
	err := s.Apply(player, m)
	who := "the board"
	if player >= 0 {
		who = players[player]
	}
	if want == ok {
		if err != nil {
			t.Fatalf("%s by %s: %v\n%s", moveKey(m), who, err, snapshot(s))
		}
		return nil
	}
	v := quotes.Refused(t, err, moveKey(m), who, want)
	if !enginetest.Equal(before, s) {
		t.Errorf("refused %s changed the state:\nbefore %s\nafter  %s", moveKey(m), snapshot(before), snapshot(s))
	}
	return v
}

// mustApply applies moves that must be accepted.
func mustApply(t testing.TB, s *State, player int, moves ...engine.Move) {
	t.Helper()
	for _, m := range moves {
		expect(t, s, player, m, ok)
	}
}

// turns plays whole turns: each move by the player to move, then the end
// of their turn.
func turns(t testing.TB, s *State, moves ...engine.Move) {
	t.Helper()
	for _, m := range moves {
		p := s.ToMove()
		mustApply(t, s, p, m, engine.EndTurn{})
	}
}

// command plays out the round's command phase: each player with priority
// assigns the first card of their hand, or passes, or drafts from the
// first shared deck or pile that has a card. It stops at a choice in the
// activation, or when the next round begins.
func command(t testing.TB, s *State) {
	t.Helper()
	round := s.Round()
	for s.Phase() == Command && s.Round() == round {
		p := s.ToMove()
		var m engine.Move = Pass{}
		if h := s.Hand(p); len(h) > 0 && s.side(p) < Slots {
			m = Assign{h[0]}
		} else if s.canPlace(p) {
			for i := range SharedDecks {
				if d := s.Shared(i); len(d.Deck) > 0 {
					m = Draft{Deck: i + 1}
					break
				} else if len(d.Pile) > 0 {
					m = Draft{Pile: true, Deck: i + 1}
					break
				}
			}
		}
		turns(t, s, m)
	}
}

func assign(card string) Assign { return Assign{card} }
func eject(card string) Eject   { return Eject{card} }
func spend(card string) Spend   { return Spend{card} }

func moveKey(m engine.Move) string {
	switch m := m.(type) {
	case Assign:
		return "assign " + m.Card
	case Eject:
		return "eject " + m.Card
	case Draft:
		s := "draft "
		if m.Pile {
			s += "pile "
		}
		s += strconv.Itoa(m.Deck)
		if m.Card != "" {
			s += " " + m.Card
		}
		return s
	case Pass:
		return "pass"
	case DrawCard:
		if m.Card != "" {
			return "draw " + m.Card
		}
		return "draw"
	case Top:
		return fmt.Sprintf("top %d %s", m.Deck, m.Card)
	case engine.By:
		return players[m.Player] + " " + moveKey(m.Move)
	case GainFuel:
		return "fuel"
	case Spend:
		return "spend " + m.Card
	case engine.EndTurn:
		return "end of turn"
	case engine.OnSetupLine:
		return "setup line: " + moveKey(m.Move)
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

// ---------------------------------------------------------------------------
// Checks

func checkCards(t testing.TB, what string, got []string, want string) {
	t.Helper()
	if w := names(want); !slices.Equal(got, w) && !(len(got) == 0 && len(w) == 0) {
		t.Errorf("%s = %q, want %q", what, got, w)
	}
}

// checkNumbers checks both players' durability and fuel.
func checkNumbers(t testing.TB, s *State, durability, fuel [2]int) {
	t.Helper()
	for p := range 2 {
		if got := s.Durability(p); got != durability[p] {
			t.Errorf("%s's durability = %d, want %d", players[p], got, durability[p])
		}
		if got := s.Fuel(p); got != fuel[p] {
			t.Errorf("%s's fuel = %d, want %d", players[p], got, fuel[p])
		}
	}
}

// checkAt checks the phase, the turn and the player to move.
func checkAt(t testing.TB, s *State, phase Phase, turn, toMove int) {
	t.Helper()
	if s.Phase() != phase || s.Turn() != turn || s.ToMove() != toMove {
		t.Errorf("phase %d, turn %d, %s to move; want phase %d, turn %d, %s to move\n%s",
			s.Phase(), s.Turn(), players[s.ToMove()], phase, turn, players[toMove], snapshot(s))
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
	if s.Phase() != Over {
		t.Errorf("phase %d once the game is over, want Over", s.Phase())
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
	if !enginetest.Equal(before, s) {
		t.Errorf("Legal changed the state:\nbefore %s\nafter  %s", snapshot(before), snapshot(s))
	}
	if len(moves) == 0 && !s.Outcome().Over {
		t.Errorf("Legal lists no moves in a game that is not over:\n%s", snapshot(s))
	}
	enginetest.MovesApply(t, s, moves, moveKey)
	if again := s.Legal(); !enginetest.Equal(again, moves) {
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

// census counts every card of the game wherever it is: the zones, the
// stack, the shared decks and piles, and the card activating (an action
// part way through its abilities, an ejected card whose owner has not yet
// chosen).
func census(s *State) map[string]int {
	n := map[string]int{}
	add := func(cards []string) {
		for _, c := range cards {
			n[c]++
		}
	}
	for p := range 2 {
		add(s.Hand(p))
		add(s.Deck(p))
		add(s.Discard(p))
		add(s.PlayArea(p))
	}
	for _, sl := range s.Stack() {
		n[sl.Card]++
	}
	for i := range SharedDecks {
		add(s.Shared(i).Deck)
		add(s.Shared(i).Pile)
	}
	if s.resolving.card != nil {
		n[s.resolving.card.Name]++
	}
	if s.phase == EjectChoice && !s.acted {
		n[s.ejected.Card]++
	}
	return n
}

// sharedCensus counts the catalogue's shared cards.
func sharedCensus(cs *Cards) map[string]int {
	n := map[string]int{}
	_, set := cs.Shared()
	for _, c := range set {
		n[c]++
	}
	return n
}

// dealt is the three shared decks a seed deals: the catalogue's shared
// set shuffled, in thirds, and the source it leaves behind.
func dealt(cs *Cards, seed uint64) ([SharedDecks][]string, *shuffle.Source) {
	src := shuffle.New(seed)
	_, set := cs.Shared()
	shuffle.Shuffle(src, set)
	var out [SharedDecks][]string
	third := len(set) / SharedDecks
	for i := range out {
		out[i] = set[i*third : (i+1)*third]
	}
	return out, src
}

// source is a copy of the state's seeded source, to foretell its shuffles.
func source(s *State) *shuffle.Source {
	src := *s.src
	return &src
}

// shuffled is cards shuffled with src, as the engine makes a deck of a
// discard pile.
func shuffled(src *shuffle.Source, cards []string) []string {
	out := slices.Clone(cards)
	shuffle.Shuffle(src, out)
	return out
}
