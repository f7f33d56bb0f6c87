package mecha

// The rules in their own words: quoted from the Mecha rules text, or from a
// ruling in RULINGS.md, whose number goes with it. Tests keep both word for
// word.
const (
	ruleGoal         = "Once there are five cards in a player's damage zone, that player loses the game."
	ruleDirect       = "Each time a player is attacked directly, they place the top card of their deck in the damage zone."
	ruleDeck         = "Players start the game with a deck of 40 cards, with no more than 3 copies of any one card, except for Basics (no limit) and Singletons (maximum of 1)."
	ruleEntryZone    = "take turns by placing certain cards on the closest row of the board, known as their entry zone"
	ruleFullZone     = "If there are no empty spaces in a player's entry zone, excluding movable units that player owns, then the player cannot play a new card and loses the game."
	ruleDeckOut      = "A player also loses the game if they cannot draw a card from their deck."
	ruleHaste        = "A unit cannot move or attack in the same turn it was played, unless it has haste."
	ruleDraw         = "Draw Phase (Draw a card)"
	ruleTowerPlace   = "Towers may be placed anywhere in your entry zone, or in a free space next to an existing Tower you control."
	ruleTowerMove    = "Tower cards generally cannot move"
	ruleBandwidth    = "Players can play as many Mechas as they want, as long as their Mechas' total cost does not exceed that player's current bandwidth."
	ruleMechaMove    = "Mechas may only move one orthogonal space at a time."
	ruleSpeedPath    = "they must move along each space one at a time, and they cannot pass through other Mechas or Towers."
	ruleSpeed        = "All units normally have a movement distance of 1, but a unit with Speed 3 can move up to three spaces in a turn, one at a time."
	rulePilotZone    = "Pilots must be attached to a Mecha in your entry zone."
	rulePilotOne     = "Each Mecha can have a maximum of one attached Pilot, and each Pilot can attach to only one Mecha at a time."
	rulePilotCopy    = "If you control more than one copy of a Pilot, you must sacrifice one."
	ruleFlight       = "They cannot be attacked by other units unless the attacker also has Flight or Reach."
	ruleRange        = "Normally, a unit can only attack adjacent units, but an attacker with Range can attack up to X spaces away."
	ruleRangeOver    = "Range allows a unit to fire \"over the top of\" friendly units, but not enemy units"
	ruleMulligan     = "You can only do this once, if you are unhappy with your opening hand."
	ruleMulliganWhen = "When you first draw five cards at the beginning of the game, you have the option to \"mulligan\""
	ruleHandSize     = "At the end of your turn, if you have more cards in hand than your maximum hand size, then you must discard cards, one at a time, until you are left with no more than your maximum hand size."
	ruleOpening      = "Players draw 5 cards, decide to mulligan or not"
	ruleSkipOnce     = "you may only skip your draw steps one at a time, and return one Pheonix to your hand at a time."
	ruleDestroyed    = "When the number of durability counters on any unit drops to zero, the unit is destroyed and discarded."
	rulePilotControl = "you may control at most one copy of each Pilot at any time."
	ruleCommand      = "Command cards are cards with miscellaneous abilities, and they can be played at any time, before being placed in the graveyard."
)

// Rulings: the gaps in the text, quoted word for word from RULINGS.md.
const (
	rulingTurns       = "Players take turns, the first player named in the Players tag first."
	rulingDrawRecord  = "Every card drawn, and every card placed in a damage zone, is either written in the transcript or given by the Seed tag."
	rulingSeedAgrees  = "When a transcript has a Seed tag, every card it writes as drawn or damaged must be the card the seeded deck gives."
	rulingNotInDeck   = "A card can be drawn only while it is in its owner's deck."
	rulingHand        = "A card is played from its owner's hand."
	rulingDeckFirst   = "A player's deck is chosen on their set-up line, before their opening draw."
	rulingDirect      = "A unit standing in the opponent's entry zone may attack the opponent directly."
	rulingDirectRange = "With variant direct=range, a unit may attack the opponent directly when the far edge of the board lies within its range, with no enemy unit between them in its file."
	rulingAttackOnce  = "Each unit attacks at most once a turn, directly or not."
	rulingPower       = "A unit with no power cannot attack."
	rulingOwnTurn     = "Towers, mechas and pilots are played in their owner's own turn, in the main phase."
	rulingOccupied    = "A square holds at most one unit; a placed command does not count."
	rulingTarget      = "A command is played onto a target of the kind its card names, chosen when it is played."
	rulingNoSetup     = "Nothing is played during the set-up, not even a command."
	rulingSacrifice   = "The copy to sacrifice is chosen at once, before any other move."
	rulingDiscard     = "A player discards only while holding more than five cards at the end of the turn, and after discarding does nothing but discard and play commands."
	rulingMainDiscard = "With variant commands=main, a player who has discarded plays no command either."
	rulingDrawFirst   = "The turn's draw (or the skip of M24) comes before every other move of the turn but commands."
	rulingMainDraw    = "With variant commands=main, commands too wait for the turn's draw."
	rulingSkip        = "A card with rebirth in its owner's graveyard may be returned to their hand by skipping the draw phase, in place of the turn's draw."
	rulingMulligan    = "The mulligan is written on the player's set-up line, after the opening draw."
	rulingOwnUnit     = "A player moves and attacks with their own units only, in their own turn."
	rulingBoard       = "The board has files a to g and ranks 1 to 5."
	rulingNames       = "Cards are named exactly as the catalogue names them; a name that differs only in case is refused with a suggestion."

	// Unknown cards.
	rulingUnknownSeed = "A transcript with a Seed tag writes no ?: the seed deals every card."
	rulingUnknownZone = "In a position, ? stands only in a hand: the other zones are face up, and a deck's top is declared only where it is known."
	rulingSeat        = "A record from one seat writes every card that seat sees: its own deck and draws, and every card shown to the table."
	rulingUnknownHold = "A card played or discarded from a hand holding unknown cards is one of them, and it must be a card they could be."
	rulingDamageKnown = "The card placed in a damage zone is written: it is face up, and a Trigger Command there takes effect."

	// Positions.
	rulingPositionSetup = "A position is declared on the players' set-up lines, instead of the opening draws, and its first turn begins at the first turn line."
	rulingPositionCards = "Every card of a position is one of its player's 40, in one place: on the board, in their hand, graveyard or damage zone, or in their deck."
	rulingPositionKind  = "A card is declared as what it is: a tower or a mecha on a square, a pilot attached to a mecha, a placed command on a square."
	rulingPositionOnce  = "Each zone of a player is declared once, all its cards together."
	rulingPositionTime  = "A placed command has at least one time counter, and no more than it is placed with."

	// Moves let stand (engine.Forcer): what no hand could do.
	rulingLetStandCard      = "A move let stand takes a card only from where it is."
	rulingLetStandUnit      = "A move let stand acts only with its player's own unit, on the square it names."
	rulingLetStandTarget    = "A move let stand aims only at what is there, and a unit does not attack itself."
	rulingLetStandOver      = "A game that is over takes no more moves, let stand or not."
	rulingLetStandEnd       = "A player cannot end a turn that is not theirs."
	rulingLetStandDeck      = "A deck once chosen stays in play: it is not chosen again."
	rulingLetStandMulligan  = "A mulligan sets aside the opening hand, and there is none once turn 1 has begun."
	rulingLetStandSetupLine = "Nothing but a deck, draws and a mulligan is let stand on a set-up line."
)
