package grammar

import (
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/notation"
)

// ModMove is one Mod move: a card assigned, ejected or drafted into the
// stack, a pass, or a choice made during activation (draw or fuel for an
// ejected card, a shield spent); or, on a set-up line, a declaration of a
// position (ModDurability and those after it).
//
// Card names are a bare word (Laser) or a quoted string ("Plasma Sword").
// A name must be quoted when it is not a single word, and when it begins
// with a lowercase x or a digit. Where a card is written, ? stands for one
// nobody recorded (ModUnknown); the engine says where the rules allow it.
type ModMove interface {
	notation.Move
	modMove()
}

// Name is a card or module name as it is meant, in the games whose lexer
// is the shared one (Mod, Daemon): a quoted name has its quotes taken off
// and its escapes read, so "Laser" and Laser are the same name.
type Name string

// Capture takes the quotes off a quoted name as it is parsed.
func (n *Name) Capture(values []string) error {
	*n = Name(unquoteName(strings.Join(values, "")))
	return nil
}

// String is the name as canonical notation writes it: bare when it may
// stand without quotes, else quoted.
func (n Name) String() string {
	if plainBare(string(n)) {
		return string(n)
	}
	return strconv.Quote(string(n))
}

// ModName is a Mod card name.
type ModName = Name

// ModUnknown is the card name that stands for a card nobody recorded: the
// engine's too (engine/mod.Unknown), written ?.
const ModUnknown = Unknown

// modCard writes a card as the notation does: ? for an unknown one.
func modCard(n ModName) string {
	if n == ModUnknown {
		return ModUnknown
	}
	return n.String()
}

// ModAssign places a card from hand face-up into the stack: assign Laser.
type ModAssign struct {
	notation.Node
	Card ModName `parser:"'assign' @(Ident | String | Unknown)"`
}

// ModEject places a card from hand face-down into the stack: eject Laser,
// or eject ? for a card the record did not see.
type ModEject struct {
	notation.Node
	Card ModName `parser:"'eject' @(Ident | String | Unknown)"`
}

// ModDraft places the top card of a shared deck into the stack, draft 2,
// or of its discard pile, draft pile 2 (Pile). The card on top may be
// named, draft 2 Laser, and is then checked.
type ModDraft struct {
	notation.Node
	Pile bool `parser:"'draft' @'pile'?"`
	Deck int  `parser:"@Int"`
	// A name followed by ":" begins the next line ("result:"), not a card.
	Card ModName `parser:"( (?! (Ident | String) ':') @(Ident | String | Unknown) )?"`
}

// ModPass passes: with priority and no card to place, or taking damage
// without spending a shield.
type ModPass struct {
	notation.Node
	Pass bool `parser:"@'pass'"` // always true once parsed
}

// ModDraw is the choice, for an ejected card, to draw 1 card: draw. In a
// transcript without a seed it also writes a card drawn, where it is
// drawn: draw Laser, or draw ? for a card the record did not see; a card
// drawn by the other player than the turn's names them first, Ann draw
// Laser (By).
type ModDraw struct {
	notation.Node
	// "draw" is tried first, so that "draw draw" draws a card named draw.
	By *notation.PlayerRef `parser:"( 'draw' | (?= (Ident | String) 'draw') @@ 'draw' )"`
	// A name followed by ":" begins the next line ("result:"), not a card.
	Card ModName `parser:"( @Unknown | (?! (Ident | String) ':') @(Ident | String) )?"`
}

// Actor is the player named as drawing the card (Ann in Ann draw Laser),
// or nil when it is the player whose turn it is.
func (m *ModDraw) Actor() *notation.PlayerRef { return m.By }

// ModTop writes the card that comes to the top of a shared deck, in a
// transcript without a seed: top 2 Laser. The decks are face up, so the
// card is always named.
type ModTop struct {
	notation.Node
	Deck int     `parser:"'top' @Int"`
	Card ModName `parser:"@(Ident | String | Unknown)"`
}

// ModFuel is the choice, for an ejected card, to gain 1 fuel: fuel.
type ModFuel struct {
	notation.Node
	Fuel bool `parser:"@'fuel'"` // always true once parsed
}

// ModSpend discards a shield from the play area to prevent damage:
// spend "Red Plating".
type ModSpend struct {
	notation.Node
	Card ModName `parser:"'spend' @(Ident | String | Unknown)"`
}

func (*ModAssign) modMove() {}
func (*ModEject) modMove()  {}
func (*ModDraft) modMove()  {}
func (*ModPass) modMove()   {}
func (*ModDraw) modMove()   {}
func (*ModFuel) modMove()   {}
func (*ModSpend) modMove()  {}
func (*ModTop) modMove()    {}

// Relocate is the move as parsed at r's place (see notation.Relocation).
func (m *ModAssign) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *ModEject) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *ModDraft) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *ModPass) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the move as parsed at r's place, the player named with it.
func (m *ModDraw) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.By = r.Player(m.By)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *ModFuel) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *ModSpend) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *ModTop) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

func (m *ModAssign) String() string { return "assign " + modCard(m.Card) }
func (m *ModEject) String() string  { return "eject " + modCard(m.Card) }
func (*ModPass) String() string     { return "pass" }
func (*ModFuel) String() string     { return "fuel" }
func (m *ModSpend) String() string  { return "spend " + modCard(m.Card) }
func (m *ModTop) String() string    { return "top " + strconv.Itoa(m.Deck) + " " + modCard(m.Card) }

func (m *ModDraw) String() string {
	s := "draw"
	if m.By != nil {
		s = Name(m.By.Text()).String() + " draw"
	}
	if m.Card != "" {
		s += " " + modCard(m.Card)
	}
	return s
}

func (m *ModDraft) String() string {
	s := "draft "
	if m.Pile {
		s += "pile "
	}
	s += strconv.Itoa(m.Deck)
	if m.Card != "" {
		s += " " + modCard(m.Card)
	}
	return s
}

// plainLexer is the shared lexer rules alone, for games with no tokens of
// their own.
var plainLexer = notation.NewFastLexer()

// plainBare tells whether a name may be written without quotes.
var plainBare = notation.BareName(plainLexer)

// ModLexer is Mod's lexer: the shared rules, and ? for a card nobody
// recorded.
var ModLexer = notation.NewFastLexer(unknownRule)

// ModMoveWords says what a Mod move looks like, for messages.
const ModMoveWords = "a move (assign Laser, eject Laser, draft 2, draft pile 2, pass, draw, fuel, spend \"Red Plating\")"

const modCardWords = `a card name like Laser or "Plasma Sword"`

// modExpect puts into words what the parser may expect in a Mod move. The
// keys are participle's own wording of each expectation.
func modExpect() map[string]string {
	return map[string]string{
		"Move":                             ModMoveWords,
		`(<ident> | <string>)`:             modCardWords,
		`(<ident> | <string> | <unknown>)`: modCardWords,
		"<int>":                            "the number of a shared deck, as in draft 2 or draft pile 2",
		"ModCount":                         "a number, as in durability 7, deck 4 or slot 3",
		"ModListName":                      `card names, as in hand Laser "Red Plating"`,
		"(ModCount | ModListName+)":        `a number of cards or their names, as in deck 4 or deck Laser "Red Plating"`,
		`("assigned" | "ejected" | "drafted") (<ident> | <string> | <unknown>)`:           "how the card was placed and its name, as in slot 3 assigned Laser",
		`("assigned" | "ejected") (<ident> | <string> | <unknown>) ("ability" ModCount)?`: "assigned or ejected and the card's name, as in activating ejected Laser or activating assigned Swarm ability 2",
	}
}

// modMoves are Mod's move types. A declaration that begins with the word
// of a move (fuel 3, the move fuel) comes before it, so that the longer
// form is tried first.
var modMoves = notation.Moves{
	&ModAssign{}, &ModEject{}, &ModDraft{}, &ModPass{},
	&ModDraw{}, &ModFuelLevel{}, &ModFuel{}, &ModSpend{}, &ModTop{},
	&ModDurability{}, &ModInitiative{}, &ModHand{}, &ModDeck{},
	&ModDiscardPile{}, &ModPlayArea{}, &ModSlot{}, &ModActivating{},
	&ModRound{}, &ModShared{}, &ModUnfilled{}, &ModSeedStep{}, &ModDrawn{},
}

// Mod parses Mod transcripts.
var Mod = notation.Lazy(buildMod)

// buildMod builds Mod's grammar.
func buildMod() (*notation.Grammar, error) {
	return notation.NewGrammar(ModLexer, modExpect(), modMoves), nil
}

// A position (see engine.Position) is written as declarations on set-up
// lines: on a player's line their numbers and zones, as in
//
//	Ann: durability 7, fuel 2, initiative, hand Laser "Red Plating", deck 4
//
// and on the board line what is no player's: the round, the shared decks
// and piles, how far the seed's shuffles have gone. Piles are listed top
// first.

// ModDurability declares a player's durability: durability 7.
type ModDurability struct {
	notation.Node
	N ModCount `parser:"'durability' @@"`
}

// ModFuelLevel declares a player's fuel: fuel 2. (The move fuel, with no
// number, is the choice to gain 1 fuel.)
type ModFuelLevel struct {
	notation.Node
	N ModCount `parser:"'fuel' @@"`
}

// ModInitiative declares that the player holds the initiative token:
// initiative.
type ModInitiative struct {
	notation.Node
	Initiative bool `parser:"@'initiative'"` // always true once parsed
}

// ModHand declares the cards in a player's hand: hand Laser "Red Plating".
type ModHand struct {
	notation.Node
	Cards []ModListName `parser:"'hand' @@+"`
}

// ModDeck declares a player's personal deck: its cards, top first, deck
// Laser Missile; or only how many, deck 4, which the position's seed
// deals from the cards it names nowhere else.
type ModDeck struct {
	notation.Node
	Count ModCount      `parser:"'deck' ( @@"`
	Cards []ModListName `parser:"| @@+ )"`
}

// ModDiscardPile declares a player's discard pile, top first: discard
// pile Laser Missile.
type ModDiscardPile struct {
	notation.Node
	Cards []ModListName `parser:"'discard' 'pile' @@+"`
}

// ModPlayArea declares the upgrades in a player's play area: play area
// "Red Plating".
type ModPlayArea struct {
	notation.Node
	Cards []ModListName `parser:"'play' 'area' @@+"`
}

// ModSlot declares a card of the player's in the stack: slot 3 assigned
// Laser. The slots are numbered from 1 in the order the cards were
// placed, both players' together, so the last activates first.
type ModSlot struct {
	notation.Node
	N    ModCount `parser:"'slot' @@"`
	How  string   `parser:"@('assigned' | 'ejected' | 'drafted')"`
	Card ModName  `parser:"@(Ident | String | Unknown)"`
}

// ModActivating declares the card of the player's that is activating,
// out of the stack, while a choice waits: activating ejected Laser (its
// owner chooses draw or fuel), activating assigned Swarm ability 2 (the
// damage of the action's second ability waits for the opponent's
// shield).
type ModActivating struct {
	notation.Node
	How     string   `parser:"'activating' @('assigned' | 'ejected')"`
	Card    ModName  `parser:"@(Ident | String | Unknown)"`
	Ability ModCount `parser:"( 'ability' @@ )?"`
}

// ModDrawn declares, in a position without a seed, that the last cards
// of the player's hand were drawn and are not yet written: drawn 2. The
// transcript's first moves write them (draw Laser, Ann draw ?).
type ModDrawn struct {
	notation.Node
	N ModCount `parser:"'drawn' @@"`
}

// ModRound declares the round, on the board line: round 3.
type ModRound struct {
	notation.Node
	N ModCount `parser:"'round' @@"`
}

// ModShared declares a shared deck, on the board line: its cards, top
// first, shared 2 Laser Missile, or how many, shared 2 7; or its discard
// pile, top first, shared pile 2 Laser.
type ModShared struct {
	notation.Node
	Pile  bool          `parser:"'shared' @'pile'?"`
	Deck  int           `parser:"@Int"`
	Count ModCount      `parser:"( @@"`
	Cards []ModListName `parser:"| @@+ )"`
}

// ModUnfilled declares, on the board line, that the stack activating is
// one the command phase left unfilled, because neither player could place
// a card: stack unfilled.
type ModUnfilled struct {
	notation.Node
	Unfilled bool `parser:"'stack' @'unfilled'"` // always true once parsed
}

// ModSeedStep declares, on the board line, how far the seed's shuffles
// have gone: seed step 57, the numbers its generator has given.
type ModSeedStep struct {
	notation.Node
	N ModCount `parser:"'seed' 'step' @@"`
}

// ModCount is a number of a declaration: a count, a durability, a slot.
// Numbers are at most MaxModCount: no count of the game comes near it, and
// a number too large is an error where it is written.
type ModCount int

// MaxModCount is the largest number a declaration may write.
const MaxModCount = 999_999_999

// Parse reads the number.
func (n *ModCount) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Type != modInt {
		return participle.NextMatch
	}
	v, err := strconv.Atoi(t.Value)
	if err != nil || v > MaxModCount {
		return participle.Errorf(t.Pos, "%s is too large a number: at most %d", t.Value, MaxModCount)
	}
	lex.Next()
	*n = ModCount(v)
	return nil
}

// ModListName is a card name of a list (a hand, a deck, a pile). The list
// stops before a name followed by ":" (the next line's player) and before
// a word of Mod's own (a declaration or a move), so that a missing comma
// is an error where it is missing; such words are quoted when they are
// names, as printing does.
type ModListName Name

// Parse reads the name, unless the list stops before it.
func (n *ModListName) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Type == modUnknown {
		lex.Next()
		*n = ModUnknown
		return nil
	}
	if t.Type != modString && (t.Type != modIdent || slices.Contains(modWords, t.Value)) {
		return participle.NextMatch
	}
	at := lex.MakeCheckpoint()
	lex.Next()
	if lex.Peek().Value == ":" {
		lex.LoadCheckpoint(at)
		return participle.NextMatch
	}
	return (*Name)(n).Capture([]string{t.Value})
}

// The token types of the Mod lexer that lists look at, and the words a
// list stops before.
var (
	modIdent   = ModLexer.Symbols()[notation.TokenIdent]
	modString  = ModLexer.Symbols()[notation.TokenString]
	modInt     = ModLexer.Symbols()[notation.TokenInt]
	modUnknown = ModLexer.Symbols()["Unknown"]
	modWords   = []string{
		"assign", "eject", "draft", "pass", "draw", "fuel", "spend", "top",
		"durability", "initiative", "hand", "deck", "discard", "play", "slot",
		"activating", "round", "shared", "stack", "seed", "drawn",
	}
)

func (*ModDurability) modMove()  {}
func (*ModFuelLevel) modMove()   {}
func (*ModInitiative) modMove()  {}
func (*ModHand) modMove()        {}
func (*ModDeck) modMove()        {}
func (*ModDiscardPile) modMove() {}
func (*ModPlayArea) modMove()    {}
func (*ModSlot) modMove()        {}
func (*ModActivating) modMove()  {}
func (*ModRound) modMove()       {}
func (*ModShared) modMove()      {}
func (*ModUnfilled) modMove()    {}
func (*ModSeedStep) modMove()    {}
func (*ModDrawn) modMove()       {}

// Relocate is the declaration as parsed at r's place.
func (m *ModDrawn) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the declaration as parsed at r's place. Its lists of names
// are shared: a parsed transcript is never changed.
func (m *ModDurability) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the declaration as parsed at r's place.
func (m *ModFuelLevel) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the declaration as parsed at r's place.
func (m *ModInitiative) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the declaration as parsed at r's place.
func (m *ModHand) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the declaration as parsed at r's place.
func (m *ModDeck) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the declaration as parsed at r's place.
func (m *ModDiscardPile) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the declaration as parsed at r's place.
func (m *ModPlayArea) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the declaration as parsed at r's place.
func (m *ModSlot) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the declaration as parsed at r's place.
func (m *ModActivating) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the declaration as parsed at r's place.
func (m *ModRound) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the declaration as parsed at r's place.
func (m *ModShared) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the declaration as parsed at r's place.
func (m *ModUnfilled) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the declaration as parsed at r's place.
func (m *ModSeedStep) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// modList writes a word (or words) and a list of names.
func modList(word string, cards []ModListName) string {
	parts := []string{word}
	for _, c := range cards {
		parts = append(parts, modCard(ModName(c)))
	}
	return strings.Join(parts, " ")
}

func (m *ModDurability) String() string  { return "durability " + strconv.Itoa(int(m.N)) }
func (m *ModFuelLevel) String() string   { return "fuel " + strconv.Itoa(int(m.N)) }
func (*ModInitiative) String() string    { return "initiative" }
func (m *ModHand) String() string        { return modList("hand", m.Cards) }
func (m *ModDiscardPile) String() string { return modList("discard pile", m.Cards) }
func (m *ModPlayArea) String() string    { return modList("play area", m.Cards) }
func (m *ModRound) String() string       { return "round " + strconv.Itoa(int(m.N)) }
func (*ModUnfilled) String() string      { return "stack unfilled" }
func (m *ModSeedStep) String() string    { return "seed step " + strconv.Itoa(int(m.N)) }
func (m *ModDrawn) String() string       { return "drawn " + strconv.Itoa(int(m.N)) }

func (m *ModDeck) String() string {
	if len(m.Cards) == 0 {
		return "deck " + strconv.Itoa(int(m.Count))
	}
	return modList("deck", m.Cards)
}

func (m *ModSlot) String() string {
	return "slot " + strconv.Itoa(int(m.N)) + " " + m.How + " " + modCard(m.Card)
}

func (m *ModActivating) String() string {
	s := "activating " + m.How + " " + modCard(m.Card)
	if m.Ability != 0 {
		s += " ability " + strconv.Itoa(int(m.Ability))
	}
	return s
}

func (m *ModShared) String() string {
	s := "shared "
	if m.Pile {
		s += "pile "
	}
	s += strconv.Itoa(m.Deck)
	if len(m.Cards) == 0 {
		return s + " " + strconv.Itoa(int(m.Count))
	}
	return modList(s, m.Cards)
}
