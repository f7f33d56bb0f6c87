package grammar

import (
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/notation"
)

// VoidMove is one Void move: an action, with the player who takes it
// named first when they are not the player whose turn it is, as in
// Ben play Shock North. On set-up lines the actions declare the position
// the game starts from: sector North Forest on the board line; energy 3,
// income 2, life 10, hand Scout Shock, cache Drain and field Sentinel
// North (field Raider Middle damage 1 for a unit with damage) on a
// player's line.
//
// Names of cards, sectors, biomes and players are a bare word (Scout) or
// a quoted string ("Void Scout"), as in Mod.
type VoidMove struct {
	notation.Node
	// The lookahead keeps a card named like a player from being taken
	// for one: a name is the actor only when a verb follows it.
	By     *notation.PlayerRef `parser:"( (?= (Ident | String) ('play' | 'activate' | 'react' | 'advance' | 'attack' | 'defend' | 'convert' | 'pass')) @@ )?"`
	Action VoidAction          `parser:"@@"`
}

// Actor is the player named as taking the action (Ben in Ben play Shock
// North), or nil when it is the player whose turn or set-up line it is.
func (m *VoidMove) Actor() *notation.PlayerRef { return m.By }

// Relocate is the move as parsed at r's place (see notation.Relocation),
// with the names written there: a move is kept by its shape, names
// standing for any name (notation.Grammar.ValueNames). An action without
// names is shared: a parsed transcript is never changed.
func (m *VoidMove) Relocate(r *notation.Relocation) notation.Move {
	var c *VoidMove
	switch a := m.Action.(type) {
	case *VoidSector:
		mc := copyMove[VoidSector, [fewNames]VoidName](r, m, a)
		mc.action.Name, mc.action.Biomes = relocName(r, a.Name), relocateNames(r, a.Biomes, mc.list[:])
		mc.move.Action, c = &mc.action, &mc.move
	case *VoidHand:
		mc := copyMove[VoidHand, [handNames]VoidCard](r, m, a)
		mc.action.Cards = relocateNames(r, a.Cards, mc.list[:])
		mc.move.Action, c = &mc.action, &mc.move
	case *VoidCache:
		mc := copyMove[VoidCache, [handNames]VoidCard](r, m, a)
		mc.action.Cards = relocateNames(r, a.Cards, mc.list[:])
		mc.move.Action, c = &mc.action, &mc.move
	case *VoidField:
		mc := copyMove[VoidField, struct{}](r, m, a)
		mc.action.Card, mc.action.Target = relocName(r, a.Card), relocName(r, a.Target)
		mc.move.Action, c = &mc.action, &mc.move
	case *VoidPlay:
		mc := copyMove[VoidPlay, [fewNames]VoidTarget](r, m, a)
		mc.action.Card, mc.action.Choices.Targets = relocName(r, a.Card), relocateNames(r, a.Choices.Targets, mc.list[:])
		mc.move.Action, c = &mc.action, &mc.move
	case *VoidActivate:
		mc := copyMove[VoidActivate, [fewNames]VoidTarget](r, m, a)
		mc.action.Card, mc.action.Choices.Targets = relocName(r, a.Card), relocateNames(r, a.Choices.Targets, mc.list[:])
		mc.move.Action, c = &mc.action, &mc.move
	case *VoidReact:
		mc := copyMove[VoidReact, [fewNames]VoidTarget](r, m, a)
		mc.action.Card, mc.action.Choices.Targets = relocName(r, a.Card), relocateNames(r, a.Choices.Targets, mc.list[:])
		mc.move.Action, c = &mc.action, &mc.move
	case *VoidAdvance:
		mc := copyMove[VoidAdvance, struct{}](r, m, a)
		mc.action.Unit, mc.action.Sector = relocName(r, a.Unit), relocName(r, a.Sector)
		mc.move.Action, c = &mc.action, &mc.move
	case *VoidAttack:
		mc := copyMove[VoidAttack, struct{}](r, m, a)
		mc.action.Unit, mc.action.Sector = relocName(r, a.Unit), relocName(r, a.Sector)
		mc.move.Action, c = &mc.action, &mc.move
	case *VoidDefend:
		mc := copyMove[VoidDefend, struct{}](r, m, a)
		mc.action.Unit, mc.action.Attacker = relocName(r, a.Unit), relocName(r, a.Attacker)
		mc.move.Action, c = &mc.action, &mc.move
	case *VoidConvert:
		mc := copyMove[VoidConvert, struct{}](r, m, a)
		mc.action.Card = relocName(r, a.Card)
		mc.move.Action, c = &mc.action, &mc.move
	default:
		c = notation.Copy(r, m)
	}
	r.Place(&c.Node)
	// Most moves name no player: the copy's nil is kept without a call.
	if m.By != nil {
		c.By = r.Player(m.By)
	}
	return c
}

// movedAction is a move's copy with its action's and room for a few
// names of the action's list (L, an array of them, or struct{} for an
// action without one), taken in one piece (notation.Copy): each piece
// taken looks for the memory of its type, which was a tenth of placing a
// move, twice for a move with names and once more for its list.
type movedAction[A, L any] struct {
	move   VoidMove
	action A
	list   L
}

// copyMove is a copy of m and of a, its action, to be placed.
func copyMove[A, L any](r *notation.Relocation, m *VoidMove, a *A) *movedAction[A, L] {
	return notation.Copy(r, &movedAction[A, L]{move: *m, action: *a})
}

// fewNames and handNames are the longest lists of names relocateNames
// writes in the room taken with their move: most actions' targets and
// sectors' biomes, and most hands and caches (a random game's hands).
const fewNames, handNames = 4, 8

func (m *VoidMove) String() string {
	if m.By != nil {
		return Name(m.By.Text()).String() + " " + m.Action.String()
	}
	return m.Action.String()
}

// VoidAction is what a Void move does.
type VoidAction interface {
	String() string
	voidAction()
}

// VoidSector declares a sector and its biomes on the board line:
// sector North Forest Lake.
type VoidSector struct {
	Name   Name       `parser:"'sector' @(Ident | String)"`
	Biomes []VoidName `parser:"@@*"`
}

// VoidName is a name in a list, a bare word or a quoted string: one of a
// sector's biomes, of a hand's cards. A list stops before a word that
// begins an action (play, activate, react, advance, attack, defend,
// convert, execute, sector, energy, income, life, hand, cache, field),
// before a
// name followed by ":" (the next player's line) and before a name
// followed by a verb (the next move, as in Ben play), so that a missing
// comma is an error where it is missing; such words are quoted when they
// are names.
//
// It is parsed by its own Parse, as participle lets a type be: written as
// a lookahead in the grammar, the stop was some twenty alternatives tried
// at each name, each a branch that participle allocates, and a hand's
// line cost more to parse than a dozen moves.
type VoidName Name

// VoidTarget is a name an action is taken with. A list of them stops
// where one of VoidName does, and also before pick, and before X and a
// number.
type VoidTarget Name

// Parse reads the name, unless a list stops before it.
func (n *VoidName) Parse(lex *lexer.PeekingLexer) error {
	return parseVoidName((*Name)(n), lex, false)
}

// Parse reads the name, unless a list stops before it.
func (n *VoidTarget) Parse(lex *lexer.PeekingLexer) error {
	return parseVoidName((*Name)(n), lex, true)
}

// voidVerbs begin a move; voidWords begin an action, the verbs among them.
var (
	voidVerbs = []string{"play", "activate", "react", "advance", "attack", "defend", "convert"}
	voidWords = append(slices.Clip(voidVerbs), "execute", "sector", "energy", "income", "life", "hand", "cache", "field")
)

// The token types of the Void lexer that lists look at.
var (
	voidIdent  = VoidLexer.Symbols()[notation.TokenIdent]
	voidString = VoidLexer.Symbols()[notation.TokenString]
	voidInt    = VoidLexer.Symbols()[notation.TokenInt]

	voidUnknownToken = VoidLexer.Symbols()[unknownRule.Name]
)

// parseVoidName reads a name of a list, or a target's; participle.NextMatch
// where the list stops (see VoidName), having read nothing. Words are
// compared as participle compares literals: "play" quoted is a string,
// and a name.
func parseVoidName(n *Name, lex *lexer.PeekingLexer, target bool) error {
	t := lex.Peek()
	if t.Type != voidIdent && t.Type != voidString || slices.Contains(voidWords, t.Value) || target && t.Value == "pick" {
		return participle.NextMatch
	}
	at := lex.MakeCheckpoint()
	lex.Next()
	next := lex.Peek()
	if next.Value == ":" || slices.Contains(voidVerbs, next.Value) || target && t.Value == "X" && (next.Type == voidInt || next.Value == "-") {
		lex.LoadCheckpoint(at)
		return participle.NextMatch
	}
	return n.Capture([]string{t.Value})
}

// VoidEnergy declares a player's void energy: energy 3.
type VoidEnergy struct {
	N int `parser:"'energy' @Int"`
}

// VoidIncome declares a player's income each turn: income 2.
type VoidIncome struct {
	N int `parser:"'income' @Int"`
}

// VoidLife declares a player's life: life 10.
type VoidLife struct {
	N int `parser:"'life' @Int"`
}

// VoidHand declares cards in a player's hand: hand Scout Shock Shock,
// or with cards nobody recorded, hand ? ? Shock.
type VoidHand struct {
	Cards []VoidCard `parser:"'hand' @@+"`
}

// VoidCache declares cards in a player's cache, in the order they went
// there: cache Shock Drain.
type VoidCache struct {
	Cards []VoidCard `parser:"'cache' @@+"`
}

// VoidUnknown is the card nobody recorded, written ? in a hand or a cache.
const VoidUnknown = Unknown

// VoidCard is a card of a hand or a cache: a name, as in a list of
// VoidName, or ? for a card nobody recorded (VoidUnknown).
type VoidCard Name

// Parse reads ?, or a name unless a list stops before it.
func (c *VoidCard) Parse(lex *lexer.PeekingLexer) error {
	if t := lex.Peek(); t.Type == voidUnknownToken {
		lex.Next()
		*c = VoidUnknown
		return nil
	}
	return parseVoidName((*Name)(c), lex, false)
}

// String writes ? bare, and a name as Name does.
func (c VoidCard) String() string {
	if c == VoidUnknown {
		return VoidUnknown
	}
	return Name(c).String()
}

// VoidField declares a card in play, in its sector or on its target, and
// the damage on a unit: field Sentinel North, field Raider Middle damage 1.
type VoidField struct {
	Card   Name `parser:"'field' @(Ident | String)"`
	Target Name `parser:"@(Ident | String)"`
	// The lookahead leaves a name damage, not followed by a number, to
	// what comes next.
	Damage int `parser:"( (?= 'damage' Int) 'damage' @Int )?"`
}

// VoidChoices are what an action is taken with: its targets (their list
// stops as VoidTarget says), the option picked (pick 2) and the value of
// X (X 3).
type VoidChoices struct {
	Targets []VoidTarget `parser:"@@*"`
	HasPick bool         `parser:"( @'pick'"`
	Pick    int          `parser:"  @Int )?"`
	HasX    bool         `parser:"( @'X'"`
	X       VoidX        `parser:"  @@ )?"`
}

// VoidX is the number X is chosen as: void energy, 0 or more. A minus
// sign is an error at it, saying what X may be; a number too large to
// read is one as for any number; one past what any player can pay (void
// energy stops at MaxVoidX) is the rules' to refuse, as a move.
type VoidX int

// MaxVoidX is the most void energy a player can have, and so the largest
// X that can be paid (ruling V4).
const MaxVoidX = 999

// Parse reads the number, or says what is wrong with it.
func (x *VoidX) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Value == "-" {
		at := lex.MakeCheckpoint()
		lex.Next()
		next := lex.Peek()
		lex.LoadCheckpoint(at)
		if next.Type == voidInt {
			return participle.Errorf(t.Pos, "X cannot be -%s: X is a number of void energy, from 0 to %d", next.Value, MaxVoidX)
		}
		return participle.Errorf(t.Pos, "X is a number of void energy, from 0 to %d", MaxVoidX)
	}
	if t.Type != voidInt {
		return participle.NextMatch
	}
	// Read as participle reads an int, and refused with its words, so
	// that the notation says what is wrong as for every number, at the
	// number: too large, or a leading zero read as octal.
	v, err := strconv.ParseInt(t.Value, 0, strconv.IntSize)
	if err != nil {
		return participle.Wrapf(t.Pos, err, "failed to conform")
	}
	lex.Next()
	*x = VoidX(v)
	return nil
}

func (c VoidChoices) String() string {
	var parts []string
	for _, t := range c.Targets {
		parts = append(parts, Name(t).String())
	}
	if c.HasPick {
		parts = append(parts, "pick "+strconv.Itoa(c.Pick))
	}
	if c.HasX {
		parts = append(parts, "X "+strconv.Itoa(int(c.X)))
	}
	if len(parts) == 0 {
		return ""
	}
	return " " + strings.Join(parts, " ")
}

// VoidPlay plays a card from the hand: play Shock North, play Flux Ann
// pick 2, play Barrage North South X 2.
type VoidPlay struct {
	Card    Name        `parser:"'play' @(Ident | String)"`
	Choices VoidChoices `parser:"@@"`
}

// VoidActivate activates the skill of a card in play: activate Ranger North.
type VoidActivate struct {
	Card    Name        `parser:"'activate' @(Ident | String)"`
	Choices VoidChoices `parser:"@@"`
}

// VoidReact uses a reactive skill in answer: react Sentinel Middle.
type VoidReact struct {
	Card    Name        `parser:"'react' @(Ident | String)"`
	Choices VoidChoices `parser:"@@"`
}

// VoidAdvance moves a unit to the next sector: advance Scout Middle.
type VoidAdvance struct {
	Unit   Name `parser:"'advance' @(Ident | String)"`
	Sector Name `parser:"@(Ident | String)"`
}

// VoidAttack attacks a sector with a unit: attack Raider Middle.
type VoidAttack struct {
	Unit   Name `parser:"'attack' @(Ident | String)"`
	Sector Name `parser:"@(Ident | String)"`
}

// VoidDefend defends with a unit against an opposing unit's attack:
// defend Wall Raider.
type VoidDefend struct {
	Unit     Name `parser:"'defend' @(Ident | String)"`
	Attacker Name `parser:"@(Ident | String)"`
}

// VoidConvert converts a card from the hand into void energy: convert Scout.
type VoidConvert struct {
	Card Name `parser:"'convert' @(Ident | String)"`
}

// VoidExecute is written where no player takes an action, and the last
// action in the queue executes: execute.
type VoidExecute struct {
	Execute bool `parser:"@'execute'"` // always true once parsed
}

// VoidPass declines to answer, where a player decides and takes no
// action: pass, or Ben pass in Ann's turn.
type VoidPass struct {
	Pass bool `parser:"@'pass'"` // always true once parsed
}

func (*VoidSector) voidAction()   {}
func (*VoidEnergy) voidAction()   {}
func (*VoidIncome) voidAction()   {}
func (*VoidLife) voidAction()     {}
func (*VoidHand) voidAction()     {}
func (*VoidCache) voidAction()    {}
func (*VoidField) voidAction()    {}
func (*VoidPlay) voidAction()     {}
func (*VoidActivate) voidAction() {}
func (*VoidReact) voidAction()    {}
func (*VoidAdvance) voidAction()  {}
func (*VoidAttack) voidAction()   {}
func (*VoidDefend) voidAction()   {}
func (*VoidConvert) voidAction()  {}
func (*VoidExecute) voidAction()  {}
func (*VoidPass) voidAction()     {}

// names writes a verb and names.
func names[N ~string](verb string, ns ...N) string {
	parts := []string{verb}
	for _, n := range ns {
		parts = append(parts, Name(n).String())
	}
	return strings.Join(parts, " ")
}

func (m *VoidSector) String() string {
	return names("sector", append([]VoidName{VoidName(m.Name)}, m.Biomes...)...)
}
func (m *VoidEnergy) String() string { return "energy " + strconv.Itoa(m.N) }
func (m *VoidIncome) String() string { return "income " + strconv.Itoa(m.N) }
func (m *VoidLife) String() string   { return "life " + strconv.Itoa(m.N) }
func (m *VoidHand) String() string   { return voidCards("hand", m.Cards) }
func (m *VoidCache) String() string  { return voidCards("cache", m.Cards) }

// voidCards writes a verb and cards, ? bare.
func voidCards(verb string, cs []VoidCard) string {
	parts := []string{verb}
	for _, c := range cs {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, " ")
}

// String leaves out damage 0, as a card in play has no damage unless
// written.
func (m *VoidField) String() string {
	if m.Damage != 0 {
		return names("field", m.Card, m.Target) + " damage " + strconv.Itoa(m.Damage)
	}
	return names("field", m.Card, m.Target)
}
func (m *VoidPlay) String() string     { return names("play", m.Card) + m.Choices.String() }
func (m *VoidActivate) String() string { return names("activate", m.Card) + m.Choices.String() }
func (m *VoidReact) String() string    { return names("react", m.Card) + m.Choices.String() }
func (m *VoidAdvance) String() string  { return names("advance", m.Unit, m.Sector) }
func (m *VoidAttack) String() string   { return names("attack", m.Unit, m.Sector) }
func (m *VoidDefend) String() string   { return names("defend", m.Unit, m.Attacker) }
func (m *VoidConvert) String() string  { return names("convert", m.Card) }
func (*VoidExecute) String() string    { return "execute" }
func (*VoidPass) String() string       { return "pass" }

// VoidLexer is Void's lexer: the shared rules, and ? for a card nobody
// recorded.
var VoidLexer = notation.NewFastLexer(unknownRule)

// VoidBoard is the word that begins the board line, in place of a
// player's name: board: sector North Forest, sector South Dunes.
const VoidBoard = "board"

// VoidMoveWords says what a Void move looks like, for messages.
const VoidMoveWords = "a move (play Shock North, activate Ranger South, react Sentinel, advance Scout Middle, attack Raider Middle, defend Wall Raider, convert Scout, execute, pass, ...)"

const voidNameWords = `a name like Scout, North or "Void Scout"`

func voidExpect() map[string]string {
	return map[string]string{
		"VoidMove":                         VoidMoveWords,
		"VoidAction":                       VoidMoveWords,
		"Move":                             VoidMoveWords,
		`(<ident> | <string>)`:             voidNameWords,
		"<int>":                            "a number, as in energy 3, pick 2 or X 2",
		`(<ident> | <string>) VoidChoices`: "a card's name, as in play Shock North or activate Ranger South",
		`(<ident> | <string>) (<ident> | <string>)`: "two names, as in advance Scout Middle, attack Raider Middle, defend Wall Raider or field Sentinel North",
		// field's two names, then its damage, if any.
		`(<ident> | <string>) (<ident> | <string>) ((?= "damage" <int>) "damage" <int>)?`: "two names, as in advance Scout Middle, attack Raider Middle, defend Wall Raider or field Sentinel North",
		// A sector's name and its biomes; a hand's cards.
		`(<ident> | <string>) VoidName*`: "a sector's name and then its biomes, as in sector North Forest Lake",
		// A list of names fails only where a hand has none.
		"VoidName":   "card names, as in hand Scout Shock",
		"VoidCard":   "card names, as in hand Scout Shock, or ? for a card nobody recorded",
		"VoidTarget": voidNameWords,
		"VoidX":      "a number of void energy, as in X 2",
		// A card in play's target, and its damage if any.
		`(<ident> | <string>) ((?= "damage" <int>) "damage" <int>)?`: voidNameWords,
	}
}

// voidActions are what a Void move may do.
var voidActions = notation.UnionOf[VoidAction](
	&VoidSector{}, &VoidEnergy{}, &VoidIncome{}, &VoidLife{}, &VoidHand{}, &VoidCache{}, &VoidField{},
	&VoidPlay{}, &VoidActivate{}, &VoidReact{}, &VoidAdvance{}, &VoidAttack{},
	&VoidDefend{}, &VoidConvert{}, &VoidExecute{}, &VoidPass{},
)

// Void parses Void transcripts.
var Void = notation.Lazy(buildVoid)

// buildVoid builds Void's grammar.
func buildVoid() (*notation.Grammar, error) {
	// Every move is a VoidMove: an action, and who takes it. Names by
	// their shape: an opening hand is eight names, which kept by their
	// text made most of what participle parsed.
	return notation.NewGrammar(VoidLexer, voidExpect(), notation.Moves{&VoidMove{}}, voidActions).ValueNames(notation.TokenIdent)
}
