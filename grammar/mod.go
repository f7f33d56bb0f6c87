package grammar

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"

	"github.com/tabletop-referee/referee/notation"
)

// ModMove is one Mod move: a card assigned, ejected or drafted into the
// stack, a pass, or a choice made during activation (draw or fuel for an
// ejected card, a shield spent).
//
// Card names are a bare word (Laser) or a quoted string ("Plasma Sword").
// A name must be quoted when it is not a single word, and when it begins
// with a lowercase x or a digit.
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

// ModAssign places a card from hand face-up into the stack: assign Laser.
type ModAssign struct {
	notation.Node
	Card ModName `parser:"'assign' @(Ident | String)"`
}

// ModEject places a card from hand face-down into the stack: eject Laser.
type ModEject struct {
	notation.Node
	Card ModName `parser:"'eject' @(Ident | String)"`
}

// ModDraft places the top card of a shared deck into the stack, draft 2,
// or of its discard pile, draft pile 2 (Pile). The card on top may be
// named, draft 2 Laser, and is then checked.
type ModDraft struct {
	notation.Node
	Pile bool `parser:"'draft' @'pile'?"`
	Deck int  `parser:"@Int"`
	// A name followed by ":" begins the next line ("result:"), not a card.
	Card ModName `parser:"( (?! (Ident | String) ':') @(Ident | String) )?"`
}

// ModPass passes: with priority and no card to place, or taking damage
// without spending a shield.
type ModPass struct {
	notation.Node
	Pass bool `parser:"@'pass'"` // always true once parsed
}

// ModDraw is the choice, for an ejected card, to draw 1 card: draw.
type ModDraw struct {
	notation.Node
	Draw bool `parser:"@'draw'"` // always true once parsed
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
	Card ModName `parser:"'spend' @(Ident | String)"`
}

func (*ModAssign) modMove() {}
func (*ModEject) modMove()  {}
func (*ModDraft) modMove()  {}
func (*ModPass) modMove()   {}
func (*ModDraw) modMove()   {}
func (*ModFuel) modMove()   {}
func (*ModSpend) modMove()  {}

// Relocate is the move as parsed at r's place (see notation.Relocation).
func (m *ModAssign) Relocate(r *notation.Relocation) ModMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *ModEject) Relocate(r *notation.Relocation) ModMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *ModDraft) Relocate(r *notation.Relocation) ModMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *ModPass) Relocate(r *notation.Relocation) ModMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *ModDraw) Relocate(r *notation.Relocation) ModMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *ModFuel) Relocate(r *notation.Relocation) ModMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *ModSpend) Relocate(r *notation.Relocation) ModMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

func (m *ModAssign) String() string { return "assign " + m.Card.String() }
func (m *ModEject) String() string  { return "eject " + m.Card.String() }
func (*ModPass) String() string     { return "pass" }
func (*ModDraw) String() string     { return "draw" }
func (*ModFuel) String() string     { return "fuel" }
func (m *ModSpend) String() string  { return "spend " + m.Card.String() }

func (m *ModDraft) String() string {
	s := "draft "
	if m.Pile {
		s += "pile "
	}
	s += strconv.Itoa(m.Deck)
	if m.Card != "" {
		s += " " + m.Card.String()
	}
	return s
}

// plainLexer is the shared lexer rules alone, for games with no tokens of
// their own.
var plainLexer = notation.NewFastLexer()

// plainBare tells whether a name may be written without quotes.
var plainBare = notation.BareName(plainLexer)

// ModLexer is Mod's lexer: the shared rules, with nothing of its own.
var ModLexer = plainLexer

// ModMoveWords says what a Mod move looks like, for messages.
const ModMoveWords = "a move (assign Laser, eject Laser, draft 2, draft pile 2, pass, draw, fuel, spend \"Red Plating\")"

const modCardWords = `a card name like Laser or "Plasma Sword"`

// modExpect puts into words what the parser may expect in a Mod move. The
// keys are participle's own wording of each expectation.
var modExpect = map[string]string{
	"ModMove":              ModMoveWords,
	"Move":                 ModMoveWords,
	`(<ident> | <string>)`: modCardWords,
	"<int>":                "the number of a shared deck, as in draft 2 or draft pile 2",
}

// Mod parses Mod transcripts.
var Mod = must(notation.NewGrammar[ModMove](ModLexer, modExpect,
	participle.Union[ModMove](
		&ModAssign{}, &ModEject{}, &ModDraft{}, &ModPass{},
		&ModDraw{}, &ModFuel{}, &ModSpend{},
	),
))
