package engine

// A position is a game written down at the start of a turn, so that a
// transcript can begin there rather than at the first move: a score sheet
// begun late, a ruling question about one position, a designer's test of
// one rule. It is written as set-up moves, declarations, that a new
// game's state takes on its set-up lines: what each player holds, where
// each unit stands, what is in each deck, and so on. Void's set-up lines
// (board, energy, hands) were the first such declarations.

// Position is a state written as declarations: the lines of set-up
// moves that make it, and the turn that comes next.
type Position struct {
	// Lines are the set-up lines in the order a transcript writes them.
	Lines []PositionLine
	// Turn is the number of the turn that begins at the position, and
	// Player the index of the player whose turn it is.
	Turn, Player int
}

// PositionLine is one set-up line of a position: the declarations of
// one subject, a player's index or Nobody for what is no player's (the
// board line).
type PositionLine struct {
	Subject int
	Moves   []Move
}

// Positioned is a state that can begin from a declared position and
// write its own position.
//
// A transcript declares a position when one of its set-up moves is a
// declaration (the game's room says which moves are). The state takes the
// declarations as it takes any set-up move, from Apply on a new game's
// state, each refused at once when it cannot stand with those before it
// (two units on one square, a card in two places). Then, at the first
// turn line, the referee calls StartAt, and then Begin for a state that
// is an engine.Beginner.
type Positioned interface {
	// StartAt ends a declared position and begins turn number turn,
	// player's. It refuses, with a *Violation naming what is impossible, a
	// position the game cannot be played from: one that breaks what the
	// rules make true of every position (more cards than the game has, a
	// deck that does not divide as the rules require, a counter past its
	// ends). Positions that are possible but could not be reached by play
	// are accepted.
	StartAt(turn, player int) error
	// Position writes the state as declarations, between turns: it is
	// called on the state the end of a turn (Apply of EndTurn) left.
	// Apply of its lines' moves on a new game's state (made with the same
	// Options), then StartAt(Turn, Player), then Begin for a Beginner (as
	// the referee does at a transcript's first turn line), gives a state
	// that plays on as this one does, with the same legal moves, draws
	// and shuffles.
	Position() Position
}
