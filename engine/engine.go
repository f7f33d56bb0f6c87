// Package engine defines what every game's rules engine offers the referee:
// a state that takes moves, says when the game is over and why, and lists
// the legal moves. Engines know nothing of text; the game packages below
// this one implement the interfaces.
package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/engine/shuffle"
	"github.com/tabletop-referee/referee/internal/suggest"
)

// Move is one action in a game, a value of the game's own move types.
type Move any

// EndTurn is the move that ends the current player's turn. Every game with
// turns accepts it.
type EndTurn struct{}

// OnSetupLine is a move written on a set-up line, before the first turn.
// Games whose set-up is made of choices (a draft) take their set-up moves
// wrapped in it, and list them wrapped in Legal, so that random games
// write them on set-up lines; games that refuse moves there tell from it
// where the move was written.
type OnSetupLine struct{ Move Move }

// By is a move made by Player although another player is the one to act:
// in a game where players answer each other (Void), the player to act
// declines and the other acts. Legal lists such moves wrapped in it, so
// that random games name the player who makes them; Apply takes them
// wrapped or, from the player named, unwrapped.
type By struct {
	Player int
	Move   Move
}

// Nobody stands for "no player": the winner of a drawn game.
const Nobody = -1

// Violation is the error Apply returns for an illegal move: what happened,
// and the rule it breaks in the rules' own words.
type Violation struct {
	What string // what happened, as in "b2 is occupied"
	Rule string // the rule broken, quoted from the rules text or a ruling
	// Ruling names the ruling the rule comes from, as in "S4"; empty when
	// Rule quotes the game's own rules text.
	Ruling string
}

func (v *Violation) Error() string {
	if v.Ruling != "" {
		return fmt.Sprintf("%s (ruling %s: %q)", v.What, v.Ruling, v.Rule)
	}
	return fmt.Sprintf("%s (rule: %q)", v.What, v.Rule)
}

// Outcome says whether a game is over, who won, why and when.
type Outcome struct {
	Over   bool
	Winner int    // index of the winner, or Nobody for a drawn game
	Reason string // as in "all three flags captured"
	Turn   int    // the turn on which the game ended
}

// State is a game in progress.
type State interface {
	// Turn is the number of the current turn, counting from 1; 0 while the
	// game is being set up.
	Turn() int
	// ToMove is the index of the player expected to act next.
	ToMove() int
	// Apply plays m for player. An illegal move returns a *Violation and
	// leaves the state unchanged.
	Apply(player int, m Move) error
	// Legal lists the moves the player to act may make now, in a stable
	// order. It is empty once the game is over.
	Legal() []Move
	// Outcome tells whether the game is over.
	Outcome() Outcome
	// Clone returns an independent copy.
	Clone() State
}

// Beginner is a state whose first turn begins where the set-up lines
// end, rather than with the first turn's first move: the referee calls
// Begin where it reads the first turn line, so that what the start of a
// turn gives (Void's income) shows even in a turn with no legal move.
type Beginner interface {
	Begin() error
}

// Forcer is a state that can carry out a move its rules refuse, for a
// transcript whose players noticed an illegal move and agreed to let it
// stand. Force makes the move as far as it can physically be made at a
// table: it ignores the rules a player can break by hand (whose turn it
// is, costs and limits, range, timing, the conditions on a card), but not
// what no hand could do (a card that is not where the move takes it from,
// a unit that is not there, two units on one square, a counter below
// zero). After a forced move the game goes on under its rules: its end
// conditions are checked as after any move.
type Forcer interface {
	// Force plays m for player in spite of the rules; a legal move it
	// plays as Apply does. A move that cannot be made at all returns a
	// *Violation saying why, and leaves the state unchanged.
	Force(player int, m Move) error
}

// Variant is a named ruling that players may choose in a transcript's
// header, as in [Variant "tie=bounce"].
type Variant struct {
	Name    string
	Values  []string // the first is the default
	Summary string   // one line on what the values mean
}

// Options set up a new game.
type Options struct {
	// Players names the players, first to move first, for the engine's
	// messages; engines fall back on "player 1", "player 2", ...
	Players  []string
	Seeded   bool   // whether the deck order comes from Seed
	Seed     uint64 // the shuffle seed, when Seeded
	Variants map[string]string
	// OneSeat is set for a record made from one player's seat (the
	// Perspective tag): Seat is that player's index. What that seat sees
	// must be written; the cards hidden from it may be written unknown.
	OneSeat bool
	Seat    int
}

// TurnEnder is a state whose turn can end by a move of its own (Daemon's
// refresh), before the next turn line begins the next turn: the player
// to move is then the one whose turn has ended, with nothing left to
// write in it.
type TurnEnder interface {
	TurnEnded() bool
}

// Ender is a state that tells whether its game is over without making
// its whole Outcome, which the replay would ask for before every move.
// Over is always Outcome().Over.
type Ender interface {
	Over() bool
}

// Assumer is a state that accepts moves under assumptions about cards
// nobody recorded: a card played from a hand that holds unknown cards is
// legal when one of them could be it (see package hidden).
type Assumer interface {
	// Assumptions counts the moves so far that were legal only under such
	// an assumption.
	Assumptions() int
}

// Recorder is a seeded state that can say what its seed decided, as a
// transcript without a seed writes it: a random game written unseeded
// checks to the same result.
type Recorder interface {
	// Recorded returns, and forgets, what happened since the last call as
	// the moves an unseeded transcript writes, in order, each with the
	// player who writes it: the draws, deals and reveals the seed made,
	// and each move applied, carrying what the seed revealed during it.
	// A move written on a set-up line is wrapped in OnSetupLine.
	Recorded() []By
}

// Hider is a state that can write a move as one seat saw it: the cards
// hidden from that seat replaced by the game's unknown card.
type Hider interface {
	// Hide returns m, made by player, as seat saw it when it was made; the
	// state is the one after m.
	Hide(seat, player int, m Move) Move
}

// Evaluator is a state that can say how well a player stands without
// playing on: a bot's one-move look-ahead and the cut-off of its playouts
// use it. Evaluate returns a value in [-1, 1] drawn from the rules' goals
// (flags held, damage dealt, durability, security, energy): 1 for a game
// player has won, -1 for one they have lost, 0 for an even position. It
// reads only what player can see, so that a bot using it plays fairly.
type Evaluator interface {
	Evaluate(player int) float64
}

// Determinizer is a state with cards some seat cannot see (another
// player's hand, the order of a deck, face-down cards). Determinize
// returns an independent copy in which every card hidden from seat is
// dealt again at random, from rng, among the places hidden from seat,
// keeping everything that seat has seen or can infer: a world the seat
// cannot tell from the real one. A bot searches such copies, so that it
// never uses what its seat cannot know. A state with nothing hidden need
// not implement it.
type Determinizer interface {
	Determinize(seat int, rng *shuffle.Source) State
}

// Game is a game's rules: what it is called, its variants, and how to start it.
type Game interface {
	Name() string
	Players() int
	Variants() []Variant
	// New sets up a game. Options.Variants must hold known values only:
	// see ResolveVariants.
	New(Options) (State, error)
}

// VariantError is a variant chosen that the game does not have: its
// message names the variant or value, and the known ones.
type VariantError struct{ Msg string }

func (e *VariantError) Error() string { return e.Msg }

// ResolveVariants checks chosen variants against a game's list and fills in
// the defaults. The error names the variant or value that is not known.
func ResolveVariants(known []Variant, chosen map[string]string) (map[string]string, error) {
	out := make(map[string]string, len(known))
	for _, v := range known {
		out[v.Name] = v.Values[0]
	}
	names := make([]string, 0, len(chosen))
	for name := range chosen {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		value := chosen[name]
		i := slices.IndexFunc(known, func(v Variant) bool { return v.Name == name })
		if i < 0 {
			all := make([]string, len(known))
			for j, v := range known {
				all[j] = v.Name
			}
			return nil, &VariantError{fmt.Sprintf("unknown variant %q%s (known: %s)", name, suggest.Hint(name, all), strings.Join(all, ", "))}
		}
		if !slices.Contains(known[i].Values, value) {
			return nil, &VariantError{fmt.Sprintf("variant %s has no value %q%s (values: %s)", name, value, suggest.Hint(value, known[i].Values), strings.Join(known[i].Values, ", "))}
		}
		out[name] = value
	}
	return out, nil
}

// Value is a finished game's worth to player, as an Evaluator gives it:
// 1 for a win, -1 for a loss, 0 for a draw.
func (o Outcome) Value(player int) float64 {
	switch o.Winner {
	case player:
		return 1
	case Nobody:
		return 0
	}
	return -1
}

// Squash maps any real into (-1, 1), oddly (Squash(-x) = -Squash(x)), so
// that an Evaluator can weigh two players' standings by their difference
// and give each the negation of the other's value.
func Squash(x float64) float64 {
	if x < 0 {
		return x / (1 - x)
	}
	return x / (1 + x)
}
