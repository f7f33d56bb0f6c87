package mecha

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/grid"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// ---------------------------------------------------------------------------
// Catalogues, written as catalogue files write them

// loadCards loads a catalogue that must have no errors.
func loadCards(t testing.TB, src string) *Cards {
	t.Helper()
	return enginetest.MustLoad(t, Load, enginetest.Catalogue(t, "mecha", src))
}

// testCatalogue is the default catalogue with a few cards of the tests'
// own: a powerless mecha, pilots that test Pilot Idiocy, armour on a pilot
// and effects, and basic commands a seeded deck can be full of.
const testCatalogue = `
[Game "mecha"]
tower   "Radio Tower"    basic provide 1u durability 3
tower   "Relay Station"  provide 2u durability 4 armour 1
tower   "Flak Tower"     provide 1u durability 3 power 1 range 2 reach
tower   "Crawler Tower"  provide 1u durability 2 speed 1

mecha   Scout     cost 1 power 1 durability 2 speed 2 haste
mecha   Bulwark   cost 3 power 2 durability 5 armour 2
mecha   Lancer    cost 2 power 2 durability 3 pierce
mecha   Hawk      cost 2 power 2 durability 2 flight
mecha   Archer    cost 2 power 1 durability 2 range 3 reach
mecha   Striker   cost 3 power 3 durability 3 speed 2
mecha   Pheonix   cost 2 power 2 durability 1 flight rebirth singleton
mecha   Titan     cost 5 power 5 durability 8 armour 1 armour 1 singleton
mecha   Dummy     cost 0 power 0 durability 1 basic

pilot   Ace       power +1 durability +1 speed 1
pilot   Rookie    power +1
pilot   "Jason \"The Looks\" Brannan"  durability -1
    : reveal hands
pilot   Medic     durability -2: durability +1
pilot   Scholar   durability -9: draw 1
pilot   Coward    power -1
pilot   Guard     armour 1

command Overclock    target mecha you control: power +2, speed +1
command Repair       target unit you control: durability +2
command Plating      target unit you control: armour +1
command Barrage      target enemy unit: damage 2
command EMP          singleton target enemy mecha: destroy
command Resupply     : draw 2
command Mine         placed time 2 target square: damage 3
command "Last Stand" trigger: draw 1
command Scope        target unit: range +2 until end of turn
command Demolish     target tower: destroy
command Ration       basic: draw 1
command Flare        basic trigger: draw 1

deck Starter  8 "Radio Tower" 2 "Relay Station" 1 "Flak Tower" 1 "Crawler Tower"
              3 Scout 2 Bulwark 2 Lancer 2 Hawk 2 Archer 2 Striker 1 Pheonix 1 Titan
              2 Ace 2 Rookie 1 "Jason \"The Looks\" Brannan"
              1 Overclock 1 Repair 1 Plating 1 Barrage 1 EMP 1 Resupply 1 Mine 1 "Last Stand"
deck Aggro    14 "Radio Tower" 3 Scout 3 Hawk 3 Lancer 3 Striker 3 Archer
              3 Overclock 3 Barrage 3 Rookie 2 Ace
`

const (
	radio = "Radio Tower"
	jason = `Jason "The Looks" Brannan`
)

var testCardsLoaded enginetest.Loaded[*Cards]

// testCards is testCatalogue, loaded once.
func testCards(t testing.TB) *Cards {
	t.Helper()
	return testCardsLoaded.Get(t, func(t testing.TB) *Cards { return loadCards(t, testCatalogue) })
}

// names reads card names as a catalogue writes them: bare or quoted,
// separated by spaces, as in `Scout "Radio Tower"`.
func names(s string) []string { return enginetest.Names(s) }

// deckList reads a deck list: `12 "Radio Tower" 3 Scout`.
func deckList(s string) []DeckCount {
	f := names(s)
	var out []DeckCount
	for i := 0; i+1 < len(f); i += 2 {
		n, err := strconv.Atoi(f[i])
		if err != nil {
			panic("bad deck list " + s)
		}
		out = append(out, DeckCount{n, f[i+1]})
	}
	return out
}

// kit is a deck of 40 cards: the cards named (each name once per copy),
// then Radio Towers to make up the count.
func kit(cards []string) []DeckCount {
	var out []DeckCount
	n := 0
	for _, c := range cards {
		n++
		if i := slices.IndexFunc(out, func(dc DeckCount) bool { return dc.Card == c }); i >= 0 {
			out[i].Count++
			continue
		}
		out = append(out, DeckCount{1, c})
	}
	if n < DeckSize {
		out = append(out, DeckCount{DeckSize - n, radio})
	}
	return out
}

// ---------------------------------------------------------------------------
// Games

const (
	ann = 0
	ben = 1
)

var players = []string{"Ann", "Ben"}

func newGame(t *testing.T, cs *Cards, seeded bool, seed uint64, variants map[string]string) *State {
	t.Helper()
	st, err := Game{Cards: cs}.New(engine.Options{Players: players, Seeded: seeded, Seed: seed, Variants: variants})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// seededSource is the shuffle source a seeded game gives player p: each
// player's comes from the seed, first player first.
func seededSource(seed uint64, p int) *shuffle.Source {
	rng := shuffle.New(seed)
	var src *shuffle.Source
	for range p + 1 {
		src = shuffle.New(rng.Uint64())
	}
	return src
}

// expand lists a deck's cards one by one, sorted, as an unseeded deck is.
func expand(list []DeckCount) []string {
	var out []string
	for _, dc := range list {
		for range dc.Count {
			out = append(out, dc.Card)
		}
	}
	slices.Sort(out)
	return out
}

// seededDeck is player p's deck in a seeded game, top first, and the
// shuffle source it leaves behind (for a mulligan's reshuffle).
func seededDeck(seed uint64, p int, list []DeckCount) ([]string, *shuffle.Source) {
	src := seededSource(seed, p)
	d := expand(list)
	shuffle.Shuffle(src, d)
	return d, src
}

// table describes a position of an unseeded game, reached by the moves a
// transcript writes: each player's deck, opening hand and Ann's turn-1
// draw, then units put on the board as if played on earlier turns.
type table struct {
	variants map[string]string
	// hands are the opening hands, made up to five with Radio Towers.
	hands [2]string
	// decks are cards each deck holds besides its hand; every deck is made
	// up to 40 with Radio Towers.
	decks [2]string
	// draw is Ann's turn-1 draw: a Radio Tower when empty; "-" leaves the
	// draw phase open (and the set-up not yet over).
	draw string
	// units, each "Owner Card square" with options: new (played this
	// turn), pilot=NAME, durability=N, armour=N, moved=N, attacked.
	// Units on the board do not come from the decks.
	units []string
}

// fill makes up a hand to five cards with Radio Towers.
func fill(hand string) []string {
	out := names(hand)
	for len(out) < OpeningHand {
		out = append(out, radio)
	}
	return out
}

// build sets up tb's position.
func build(t *testing.T, tb table) *State {
	t.Helper()
	return buildWith(t, testCards(t), tb)
}

// buildWith sets up tb's position with a catalogue of its own, which must
// have a basic Radio Tower.
func buildWith(t *testing.T, cs *Cards, tb table) *State {
	t.Helper()
	s := newGame(t, cs, false, 0, tb.variants)
	draw := tb.draw
	if draw == "" {
		draw = radio
	}
	for p := range 2 {
		cards := append(fill(tb.hands[p]), names(tb.decks[p])...)
		if p == ann && draw != "-" && tb.variants["firstdraw"] != "no" {
			cards = append(cards, draw)
		}
		mustApply(t, s, p, Deck{List: kit(cards)})
	}
	for p := range 2 {
		mustApply(t, s, p, Draw{Cards: fill(tb.hands[p]), Opening: true})
	}
	if draw != "-" && tb.variants["firstdraw"] != "no" {
		mustApply(t, s, ann, Draw{Cards: []string{draw}})
	}
	for _, u := range tb.units {
		put(t, s, u)
	}
	return s
}

// put puts a unit on the board, as "Ann Scout c3 pilot=Ace".
func put(t *testing.T, s *State, spec string) *Unit {
	t.Helper()
	f := names(spec)
	if len(f) < 3 {
		t.Fatalf("bad unit %q", spec)
	}
	owner := slices.Index(players, f[0])
	c, ok := s.cards.Card(f[1])
	if owner < 0 || !ok || !c.IsUnit() {
		t.Fatalf("bad unit %q", spec)
	}
	at := sq(f[2])
	u := &Unit{Card: c, Owner: owner, Durability: c.Durability, Armour: c.Keywords.Armour}
	for _, opt := range f[3:] {
		key, value, _ := strings.Cut(opt, "=")
		n, _ := strconv.Atoi(value)
		switch key {
		case "new":
			u.PlayedTurn = s.turn
		case "pilot":
			pc, ok := s.cards.Card(value)
			if !ok || pc.Kind != Pilot {
				t.Fatalf("bad pilot in %q", spec)
			}
			u.Pilot = pc
			u.Durability += pc.Durability
			u.Armour += pc.Keywords.Armour
		case "durability":
			u.Durability = n
		case "armour":
			u.Armour = n
		case "moved":
			u.Steps = n
			s.acts(at)
		case "attacked":
			u.Attacked = true
			s.acts(at)
		default:
			t.Fatalf("bad option %q in %q", opt, spec)
		}
	}
	if s.UnitAt(at) != nil {
		t.Fatalf("two units on %v", at)
	}
	s.put(Board.Index(at), u)
	return u
}

// putPlaced puts a placed command on the battlefield.
func putPlaced(t *testing.T, s *State, owner int, card, at string, time int) {
	t.Helper()
	c, ok := s.cards.Card(card)
	if !ok || !c.Placed {
		t.Fatalf("%s is not a placed command", card)
	}
	s.placed = append(s.placed, &PlacedCommand{Card: c, Owner: owner, At: sq(at), Time: time})
}

// sq reads a square name, as in b2.
func sq(s string) grid.Square {
	q, ok := grid.Parse(s)
	if !ok {
		panic("bad square " + s)
	}
	return q
}

func at(s string) *grid.Square {
	q := sq(s)
	return &q
}

// Moves as a transcript writes them.

func play(card, square string) Play {
	if square == "" {
		return Play{Card: card}
	}
	return Play{Card: card, At: at(square)}
}

func step(from, to string) Step { return Step{From: sq(from), To: sq(to)} }

func attack(from, target string) Attack { return Attack{From: sq(from), Target: sq(target)} }

func direct(from, card string) Direct { return Direct{From: sq(from), Card: card} }

func draw(cards string) Draw { return Draw{Cards: names(cards)} }

func opening(cards string) Draw { return Draw{Cards: names(cards), Opening: true} }

// path is a move written square by square, "b1-b2-b3": one Step a square.
func path(p string) []engine.Move {
	sqs := strings.Split(p, "-")
	var out []engine.Move
	for i := 1; i < len(sqs); i++ {
		out = append(out, step(sqs[i-1], sqs[i]))
	}
	return out
}

// ---------------------------------------------------------------------------
// Checking moves

// snapshot writes down everything one can see of a state, and what a
// refused move must not change inside it (with the draws a seed gives
// made, as the accessors make them).
func snapshot(s *State) string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn=%d toMove=%d outcome=%+v\n", s.Turn(), s.ToMove(), s.Outcome())
	for p := range 2 {
		provided, used := s.Bandwidth(p)
		fmt.Fprintf(&b, "p%d hand=%q deck=%d graveyard=%q damage=%q bandwidth=%d/%d\n",
			p, s.Hand(p), s.DeckSize(p), s.Graveyard(p), s.DamageZone(p), used, provided)
	}
	for i := range Board.Size() {
		if u := s.UnitAt(Board.Square(i)); u != nil {
			pilot := ""
			if u.Pilot != nil {
				pilot = u.Pilot.Name
			}
			fmt.Fprintf(&b, "%v=%s owner=%d durability=%d armour=%d pilot=%q played=%d steps=%d attacked=%v boosts=%d,%d,%d\n",
				Board.Square(i), u.Card.Name, u.Owner, u.Durability, u.Armour, pilot, u.PlayedTurn, u.Steps, u.Attacked,
				u.PowerBoost, u.SpeedBoost, u.RangeBoost)
		}
	}
	for _, pc := range s.Placed() {
		fmt.Fprintf(&b, "placed %s owner=%d at %v time=%d\n", pc.Card.Name, pc.Owner, pc.At, pc.Time)
	}
	v := s.settledView()
	fmt.Fprintf(&b, "assumed=%d\n", s.Assumptions())
	fmt.Fprintf(&b, "setup=%v drawPhase=%v ending=%v sacrifice=%q\n", v.setup, v.drawPhase, v.ending, v.sacrifice)
	for p, pl := range v.players {
		fmt.Fprintf(&b, "p%d deck=%q chosen=%v owed=%d opening=%v mulligan=%v aside=%q unseen=%d/%d\n",
			p, pl.deck, pl.chosen, pl.owed, pl.opening, pl.mulligan, pl.aside, len(pl.unseen), len(pl.asideUnseen))
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
// must leave the state as it was.
func expect(t *testing.T, s *State, player int, m engine.Move, want verdict) *engine.Violation {
	t.Helper()
	before := snapshot(s)
	err := s.Apply(player, m)
	if want == ok {
		if err != nil {
			t.Fatalf("%s by %s: %v", moveKey(m), players[player], err)
		}
		return nil
	}
	v := quotes.Refused(t, err, moveKey(m), players[player], want)
	if after := snapshot(s); after != before {
		t.Errorf("refused %s changed the state:\nbefore %s\nafter  %s", moveKey(m), before, after)
	}
	return v
}

// mustApply applies moves that must be accepted.
func mustApply(t *testing.T, s *State, player int, moves ...engine.Move) {
	t.Helper()
	for _, m := range moves {
		expect(t, s, player, m, ok)
	}
}

// endTurn ends the turn of the player to move, discarding first down to
// five cards (Radio Towers first, then the first card of the hand).
func endTurn(t *testing.T, s *State) {
	t.Helper()
	p := s.ToMove()
	for len(s.Hand(p)) > MaxHandSize {
		card := s.Hand(p)[0]
		if slices.Contains(s.Hand(p), radio) {
			card = radio
		}
		mustApply(t, s, p, Discard{Card: card})
	}
	mustApply(t, s, p, engine.EndTurn{})
}

// pass ends the turn and, in an unseeded game, writes the next player's
// draw: a Radio Tower if their deck has one, else the first card left.
func pass(t *testing.T, s *State) {
	t.Helper()
	endTurn(t, s)
	p := s.ToMove()
	if s.seeded || !s.drawPhase || s.outcome.Over {
		return
	}
	card := radio
	if !slices.Contains(s.players[p].deck, radio) {
		card = s.players[p].deck[0]
	}
	mustApply(t, s, p, Draw{Cards: []string{card}})
}

func moveKey(m engine.Move) string {
	switch m := m.(type) {
	case Play:
		if m.At == nil {
			return fmt.Sprintf("play %s", m.Card)
		}
		return fmt.Sprintf("play %s %v", m.Card, *m.At)
	case Step:
		return fmt.Sprintf("step %v-%v", m.From, m.To)
	case Attack:
		return fmt.Sprintf("attack %vx%v", m.From, m.Target)
	case Direct:
		return fmt.Sprintf("direct %v (%s)", m.From, m.Card)
	case Draw:
		return fmt.Sprintf("draw %q opening=%v", m.Cards, m.Opening)
	case engine.OnSetupLine:
		return "setup line: " + moveKey(m.Move)
	}
	return fmt.Sprintf("%T%+v", m, m)
}

func hasMove(moves []engine.Move, m engine.Move) bool {
	return slices.ContainsFunc(moves, func(x engine.Move) bool { return moveKey(x) == moveKey(m) })
}

// unit is the unit on square, which must hold one.
func unit(t *testing.T, s *State, square string) *Unit {
	t.Helper()
	u := s.UnitAt(sq(square))
	if u == nil {
		t.Fatalf("no unit on %s", square)
	}
	return u
}

// checkUnit checks a unit's card and counters.
func checkUnit(t *testing.T, s *State, square, card string, durability, armour int) {
	t.Helper()
	u := unit(t, s, square)
	if u.Card.Name != card || u.Durability != durability || u.Armour != armour {
		t.Errorf("%s holds %s with %d durability and %d armour; want %s with %d and %d",
			square, u.Card.Name, u.Durability, u.Armour, card, durability, armour)
	}
}

func checkEmpty(t *testing.T, s *State, squares ...string) {
	t.Helper()
	for _, square := range squares {
		if u := s.UnitAt(sq(square)); u != nil {
			t.Errorf("%s holds %s, want nothing", square, u.Card.Name)
		}
	}
}

func checkCards(t *testing.T, what string, got []string, want string) {
	t.Helper()
	if w := names(want); !slices.Equal(got, w) && !(len(got) == 0 && len(w) == 0) {
		t.Errorf("%s = %q, want %q", what, got, w)
	}
}

// checkOutcome checks that the game is over with the winner, reason and
// turn given.
func checkOutcome(t *testing.T, s *State, winner int, reason string, turn int) {
	t.Helper()
	want := engine.Outcome{Over: true, Winner: winner, Reason: reason, Turn: turn}
	if got := s.Outcome(); got != want {
		t.Errorf("outcome %+v, want %+v", got, want)
	}
}

func checkNotOver(t *testing.T, s *State) {
	t.Helper()
	if o := s.Outcome(); o.Over {
		t.Errorf("the game is over: %+v", o)
	}
}

// shuffleWith shuffles cards with src, as the engine shuffles a deck.
func shuffleWith(src *shuffle.Source, cards []string) { shuffle.Shuffle(src, cards) }

// emptyDeck takes every card out of player p's deck, as if they had all
// been drawn.
func emptyDeck(t *testing.T, s *State, p int) {
	t.Helper()
	if !s.players[p].chosen {
		t.Fatalf("%s's deck is not chosen yet", players[p])
	}
	s.players[p].deck = nil
}

// bury puts cards in player p's graveyard, as if they had been discarded.
func bury(s *State, p int, cards string) {
	s.players[p].graveyard = append(s.players[p].graveyard, names(cards)...)
}

// setupGame is an unseeded game at the start of the set-up, with the test
// catalogue.
func setupGame(t *testing.T) *State {
	t.Helper()
	return newGame(t, testCards(t), false, 0, nil)
}

// setupWithDecks is setupGame with both decks chosen: Starter.
func setupWithDecks(t *testing.T) *State {
	t.Helper()
	s := setupGame(t)
	mustApply(t, s, ann, Deck{Named: "Starter"})
	mustApply(t, s, ben, Deck{Named: "Starter"})
	return s
}

// unitSpec writes a unit for put: owner, then a card with put's options
// (as in `Lancer pilot=Rookie`), standing on square.
func unitSpec(owner, card, square string) string {
	name, options, _ := strings.Cut(card, " ")
	if strings.HasPrefix(card, `"`) {
		end := strings.Index(card[1:], `"`) + 2
		name, options = card[:end], strings.TrimSpace(card[end:])
	}
	return strings.TrimSpace(owner + " " + name + " " + square + " " + options)
}

// checkPlaced checks the placed commands, each written "Card Owner square time".
func checkPlaced(t *testing.T, s *State, want ...string) {
	t.Helper()
	var got []string
	for _, pc := range s.Placed() {
		got = append(got, strings.Join([]string{pc.Card.Name, players[pc.Owner], pc.At.String(), strconv.Itoa(pc.Time)}, " "))
	}
	if !slices.Equal(got, want) {
		t.Errorf("placed commands %q, want %q", got, want)
	}
}

// checkLegalMovesApply checks that Apply accepts, on a clone, each move
// Legal lists, and that Legal leaves the state as it was.
func checkLegalMovesApply(t *testing.T, s *State) []engine.Move {
	t.Helper()
	before := snapshot(s)
	moves := s.Legal()
	if after := snapshot(s); after != before {
		t.Errorf("Legal changed the state:\nbefore %s\nafter  %s", before, after)
	}
	if len(moves) == 0 {
		t.Errorf("Legal lists no moves in a game that is not over")
	}
	enginetest.MovesApply(t, s, moves, moveKey)
	if again := s.Legal(); len(again) != len(moves) {
		t.Errorf("Legal is not stable: %d moves, then %d", len(moves), len(again))
	}
	return moves
}

func checkListed(t *testing.T, moves []engine.Move, want ...engine.Move) {
	t.Helper()
	for _, m := range want {
		if !hasMove(moves, m) {
			t.Errorf("Legal does not list %s", moveKey(m))
		}
	}
}

func checkNotListed(t *testing.T, moves []engine.Move, unwanted ...engine.Move) {
	t.Helper()
	for _, m := range unwanted {
		if hasMove(moves, m) {
			t.Errorf("Legal lists %s", moveKey(m))
		}
	}
}
