package void

// The rules in their own words, as refusals quote them: from the Void
// rules text, spelling and all, or from a ruling in RULINGS.md, whose
// number goes with it. Tests keep both word for word. The rule sentences
// no move can break (the queue executes last in, first out, ...) are
// quoted by the tests that check them.
const (
	ruleAsMany             = "Players can take as many actions as they are able to and want during a turn."
	ruleReactive           = "Reactive skills also go into the queue, letting players answer them with an action."
	rulePickTarget         = "When a card or skill mentions a target, you must pick one or more targets."
	ruleModificationTarget = "Modifications need a target when played."
	rulePickOne            = `Says "Pick one-", you pick which option to use.`
	ruleChooseX            = "You pick what number of void energy X is."
	rulePayX               = "You pay the total energy cost, including the number for X."
)

// Rulings: the gaps in the text, quoted word for word from RULINGS.md.
const (
	rulingSetupLine   = "Sectors, energy, income, life, hands and cards in play are declared on set-up lines, and only there."
	rulingCatalogue   = "The cards declared are cards of the catalogue."
	rulingBoardFirst  = "The board line comes before the cards in play, and declares at least one sector."
	rulingNames       = "Every sector, biome and player has a name of its own."
	rulingOpen        = "Only the active player may take an action while the queue is empty, except right after an execution."
	rulingDeclare     = "An action can be taken only with targets that meet its requirements when it is taken."
	rulingExecute     = "Each execution is written as execute, where no player takes an action."
	rulingTurnEnd     = "A turn ends only when the queue is empty."
	rulingPay         = "A player cannot pay more void energy than they have."
	rulingOnce        = "Each card in play takes one action a turn: an advance, an attack, a defence or its skill."
	rulingAdvance     = "A unit advances to a sector next to its own, in the order of the board line."
	rulingAttack      = "A unit attacks its own sector or a sector next to it."
	rulingDefend      = "A unit defends against an opposing attack in the queue on the sector the unit stands in."
	rulingOneDefence  = "An attack has one defender at most."
	rulingReact       = "A reactive skill is used only in answer to an opposing action of the kind it names, while that action is in the queue."
	rulingNaming      = "A card in play is named by its card's name; with several of one name, the referee takes the first that can do what is asked."
	rulingNoReturn    = "A player who has declined cannot act again until an action executes or the other player takes an action."
	rulingDecline     = "A player who acts when the other player was to decide shows that the other player declined."
	rulingHand        = "A card is played or converted from its owner's hand."
	rulingTargets     = "A card or skill with several targets takes that many different targets."
	rulingChoice      = "An action is written with its choices: its targets, pick and the option's number, X and its number."
	rulingTurnOver    = "Nothing more is written in a turn after the game has ended."
	rulingNotThere    = "A move the players let stand is made as far as it can be made at the table: nothing that is not there can be taken, moved, used or targeted."
	rulingStop        = "Void energy, income and life stop at 999."
	rulingDamage      = "Damage stays on a unit."
	rulingDestroyed   = "A unit whose damage reaches its health is destroyed and goes to its owner's cache."
	rulingPosition    = "The set-up lines declare the position the first turn starts from, and the first turn line says its number, from 1, and whose turn it is."
	rulingUnknown     = "A card written ? in a hand is one nobody recorded; a card played or converted from a hand that holds none by its name is one of its unknown cards, if one could be it."
	rulingCopies      = "A card the catalogue gives copies of is at the table that many times at most; any other, any number of times."
	rulingOneSeat     = "A record from one seat writes that seat's own hand and every cache; only the other player's hand may be written ?."
	rulingSeedUnknown = "A transcript with a Seed tag writes no ?."
)
