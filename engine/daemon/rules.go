package daemon

// The rules in their own words: quoted from the Daemon rules text, or from
// a ruling in RULINGS.md, whose number goes with it. Tests keep both word
// for word.
const (
	ruleLose        = "If a player has no cards left in their Security and they take damage, they lose the game."
	ruleDraftFirst  = "The first player drafts one module from the pool."
	ruleDraftOrder  = "The second player drafts two modules from the remaining modules in the pool."
	ruleDraftThird  = "The first player drafts two additional modules from the pool."
	ruleDraftLast   = "The second player drafts one additional module from the pool."
	ruleMain        = "Each player secretly selects one module from their drafted modules to serve as their main module"
	ruleMulligan    = "Players may perform one round of partial grip mulligans, if desired."
	ruleTurnEnds    = "A player's turn ends after a player takes an action that moves the memory tracker into their opponent's side of the gauge."
	rulePlay        = "Play a card: Place a card from your hand onto the field by paying its memory costs."
	ruleActivate    = "Activate an ability: Use an ability of a card already on the field by paying its costs and then performing the action described on the card."
	ruleAttack      = "To declare an attack the active player must have a Daemon in the ready state"
	ruleSickness    = "When a Daemon enters the field it is affected by loading sickness until the next loading phase."
	ruleBurn        = "If a player has an empty hand and an empty deck then a player loses the ability to perform the Refresh action and gains access to the Burn action."
	ruleReveal      = "The damaged player reveals the top card of their security."
	ruleScriptTrash = "others can be trashed (removed from the field and placed in the heap) to trigger an additional effect."
	ruleDeck        = "Each player shuffles their 3 drafted modules together to form their deck."
	ruleSecurity    = "each player takes the top 5 cards from their deck and places them in their Security."
	ruleGauge       = "represented as a numbered track ranging from -10 to +10."
)

// Rulings: the gaps in the text, quoted word for word from RULINGS.md.
const (
	rulingSetupDone = "The game begins with the first turn, once both main modules are chosen."
	rulingGauge     = "A payment that would move the memory tracker past the end of the gauge is not allowed."
	rulingTurnOver  = "Nothing more is written in a turn after it has ended."
	rulingNotEnded  = "A turn ends only by crossing the gauge, by refresh or by burn."
	rulingRevealNow = "Each card revealed from security is written as it is revealed, before anything else, as reveal and the card's name."
	rulingTarget    = "A daemon on the field is named by its card's name; with several of one name, the referee takes the first that can do what is asked."
	rulingSetupLine = "Drafts, main modules, mulligans and keeps are written on set-up lines, and only there."
)

// Rulings on records without a seed (unseeded.go).
const (
	rulingSeedDeals  = "A Seed tag deals every card: a seeded transcript writes no draw and no security, and no card as ?."
	rulingDrawn      = "Without a seed, every card drawn is written as it is drawn, before anything else, as draw and the cards, ? for a card nobody recorded."
	rulingSecure     = "Without a seed, a player's security may be written on their set-up line once their grip is drawn, as secure and its cards top first; a security not written is set unseen."
	rulingCould      = "A card written by name where a card nobody recorded was must be one that could be there: a card of the player's modules seen nowhere else, and in their deck when that card was drawn or set."
	rulingSeat       = "A record from one seat writes by name every card that seat sees: its own draws and the cards it sets aside."
	rulingReadAtOnce = "A card revealed from security is written by name: the rules read it at once."
)

// Rulings on positions (position.go).
const (
	rulingPosition     = "A position declares each player's three modules and main module, and what they hold, on set-up lines in place of the set-up."
	rulingModulesFirst = "A player's line declares their modules first: their cards come from them."
	rulingTurns        = "The first player, named first in the Players tag (D1), plays the odd turns, and the second player the even ones."
	rulingOneSide      = "The memory tracker is declared on one side at most."
	rulingCards        = "Every card of a player's three modules is in one place: their deck, grip, security, heap, script zone or field."
	rulingZones        = "The field holds daemons, and the script zone scripts."
	rulingUnknownZones = "Without a seed, a card of a grip or a security may be written ?, a card nobody recorded; the heap, the script zone and the field are seen by everyone, and a deck is given as a count."
)

// Rulings on moves let stand (force.go).
const (
	rulingLetStand   = "A move the players let stand is made as far as it can be made at the table."
	rulingSetupStand = "Set-up choices are let stand only on set-up lines during the set-up, and a turn's move only in a turn."
	rulingThree      = "a player with three modules drafts no more: a deck is three modules (D16)."
	rulingMainDeck   = "A main module can be let stand once its player has drafted their three modules, the deck their grip is drawn from."
)
