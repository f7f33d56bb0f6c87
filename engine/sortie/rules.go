package sortie

// The rules in their own words: quoted from the Sortie rules text, or from
// a ruling in RULINGS.md, whose number goes with it.
const (
	ruleStart     = "Each player draws four cards to start."
	ruleDraw      = "At the beginning of your turn, draw a single card from the deck."
	rulePlace     = "Units can be placed at any of the three closest squares that's unoccupied (regardless of if the corresponding token has been destroyed by the opponent), or at either of the two rear squares of a friendly unit"
	ruleUnit      = "Units consist of two cards overlapping each other; the card on the bottom represents the unit's hit points, while the card on top represents its attack."
	ruleNotPlaced = "A unit cannot move or attack on the turn it's placed."
	ruleMoveOnce  = "each unit can move once to an adjacent square, and/or attack an adjacent opposing unit if present."
	ruleExhausted = "once a unit has attacked, it is exhausted and cannot move for the rest of the turn."
	ruleAttack    = "attack an adjacent opposing unit if present"
	ruleWon       = "The match is won once all three have been captured."
	ruleObject    = "The object of the game is to capture each of the opponent's three flags by moving your units to the corresponding square."
)

// Rulings: the gaps in the text, quoted word for word from RULINGS.md
// (a test keeps them so), with their numbers beside them where used.
const (
	rulingTurns      = "Players take turns, the first player named in the Players tag first."
	rulingHand       = "The two cards of a new unit come from its owner's hand."
	rulingOneUnit    = "A square holds at most one unit."
	rulingDrawRecord = "Every card drawn is either written in the transcript or given by the Seed tag."
	rulingSeedAgrees = "When a transcript has a Seed tag, every card it writes as drawn must be the card the seeded deck gives."
	rulingNotInDeck  = "A card can be drawn only while it is in the deck."
	rulingAttackOnce = "Each unit attacks at most once a turn."
	rulingEmptyDeck  = "When the deck is empty at the start of a turn, the draw is skipped."
	rulingFlagPlace  = "With variant flagplace=forbidden, a unit may not be placed on a square holding an opponent's flag."
	rulingOwnUnits   = "A player moves and attacks with their own units only."

	// Positions (S24 to S27).
	rulingPositionLines = "A position is declared on the set-up lines before the first turn, in place of the opening hands."
	rulingOnce          = "Each part of a position is declared once, on its own line: a player's units, hand and captured flags on that player's line; the deck, the discard pile and the stream on the board line."
	rulingOnBoard       = "A declared unit stands on a square of the board, a1 to d4."
	rulingEveryCard     = "A position places every card of the game once: in the deck, the discard pile, a hand or a unit."
	rulingStream        = "A stream is declared only in a game with a Seed tag, and is at most 1000000 numbers."

	// Cards nobody recorded (S28 to S31).
	rulingUnknown     = "A ? stands for one card nobody recorded, drawn from the deck into a hand."
	rulingFaceUp      = "The cards of the units and of the discard pile are face up: a record writes them."
	rulingCouldBe     = "A card named from a hand that holds unknown cards is one of them: a card seen nowhere else since that unknown card was drawn, and not one another unknown card must be."
	rulingSeedUnknown = "A transcript with a Seed tag writes no ?: the seed deals every card."
	rulingOneSeat     = "In a record made from one seat, that player's own cards are written: their draws and their hand."
)
