package mod

// The rules in their own words: quoted from the Mod rules text, or from a
// ruling in RULINGS.md, whose number goes with it. Tests keep both word for
// word.
const (
	ruleTwoPlayers  = "Be the last mech standing in this deckbuilding game for 2 players."
	ruleGoal        = "At any point, if your opponent has no durability remaining, the game ends immediately and you win!"
	ruleSharedDecks = "At the beginning of the game, all action and upgrade cards are shuffled together, then divided evenly into three face-up decks."
	ruleSlots       = "Whenever you place a card into the stack, it is placed on your side, with a total of five slots available to you."
	ruleAlternate   = "priority of play will alternate back and forth between each player, giving the player with priority the opportunity to place cards into their side of the stack."
	ruleInitiative  = "The player with the initiative token (passed at the end of the round) gains first priority."
	ruleOptions     = "While you have priority, you can choose one of three options."
	ruleAssign      = "Assign: Place one card from your hand face-up into the stack in a vertical orientation."
	ruleEject       = "Eject: Place one card from your hand face-down into the stack in a vertical orientation."
	ruleDraft       = "Draft: Choose the top card of a shared deck or shared discard pile and place it face-up into the stack in a horizontal orientation."
	ruleCommandEnds = "Once there are five cards on each side of the stack (ten cards in total), the command phase ends."
	rulePassOn      = "After you assign, eject, or draft a card into the stack, pass priority to the next player."
	ruleEjectChoice = "choose to either draw 1 card from your deck or gain 1 fuel, then add the ejected card to your discard pile."
	ruleStart       = "Each player starts the game with 10 durability (hit points)."
	rulePlayArea    = "After one of your upgrades is assigned to the stack and resolved, it is placed in your personal play area"
	ruleShield      = "staying there until you choose to discard it to prevent damage of its shield type (red shields prevent impact damage, blue shields prevent energy damage, and purple shields prevent either)."
)

// Rulings: the gaps in the text, quoted word for word from RULINGS.md.
const (
	rulingNoSetup    = "A Mod transcript has no set-up lines."
	rulingChoiceTurn = "Each choice made during activation is one numbered turn of the player who makes it."
	rulingPass       = "A player with priority who can neither assign, eject nor draft a card passes; passing is allowed only then."
	rulingDecks      = "The shared decks are numbered 1, 2 and 3."
	rulingShieldTurn = "A player dealt damage that a shield in their play area could prevent chooses, in a turn of their own, to spend such a shield or to pass."
	rulingShieldHit  = "a spent shield prevents all the damage of the ability that dealt it."
	rulingShieldOne  = "a spent shield prevents 1 point of damage, and several may be spent against one ability."
	rulingForced     = "An illegal move that the players let stand is made as far as hands can make it at the table; what no hand could do is refused, and the game stays as it was."
	rulingSetupEnds  = "a set-up line ends no turn."
	rulingFuelFloor  = "Fuel never goes below 0."
	rulingDead       = "When a command phase begins and neither player can place a card, the game is a draw."

	// Unseeded games (MD24 to MD28).
	rulingRecord           = "Without a Seed tag, the transcript writes each card the table reveals where it is revealed, before the next move."
	rulingRecordLines      = "The shared decks' first top cards are written on the board line, before the first turn."
	rulingUnknownRead      = "A ? stands for a card face down or unseen; a card the table sees or the rules read is written."
	rulingUnknownEject     = "eject ? ejects one of the unknown cards in the hand."
	rulingPerspective      = "A record from one seat writes every card that seat sees: its own draws and its own ejected cards."
	rulingSeedDeals        = "A transcript with a Seed tag writes no card the seed deals, and no ?."
	rulingChecking         = "A card written by name where an unknown card must be it must be one that could be there."
	rulingUnseededPosition = "Without a seed, a position declares a player's deck by the cards unseen of theirs, in any order, and writes ? for each unknown card."

	// Positions (MD21 to MD23).
	rulingPositionLines = "A position is declared on set-up lines, before the first turn: each player's parts on their own line, the round, the shared decks and piles and the seed's step on the board line."
	rulingPositionOnce  = "Each part is declared once."
	rulingSlots         = "The slots of the stack are numbered from 1 in the order the cards were placed, so a stack of n cards fills slots 1 to n."
	rulingActivating    = "A card is declared activating only while a choice waits for it: an ejected card, for its owner's choice, or an assigned action, at an ability whose damage the opponent holds a shield against."
	rulingRounds        = "Rounds are numbered from 1."
	rulingPileCards     = "Only a deck may be declared by a count of its cards."
	rulingSeedStep      = "The seed's step is at most 1000000."
)
