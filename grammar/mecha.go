package grammar

import (
	"strconv"
	"strings"

	"github.com/tabletop-referee/referee/notation"
)

// MechaMove is one Mecha move: a deck, a draw, the mulligan, a card played,
// a unit's action, a discard, a sacrifice, or a skipped draw.
//
// Card and deck names are a bare word (Scout, Pheonix) or a quoted string
// ("Radio Tower", "Jason \"The Looks\" Brannan"). A name must be quoted
// when it is not a single word, and when the lexer would read it as
// something else: a name that begins with a lowercase x (the x of an
// attack, b1xc1), a square such as c3, or a number. The move words (play,
// deck, draw, mulligan, discard, sacrifice, skip, direct, and a
// position's tower, mecha, command, hand, graveyard, damage, top) may be
// written bare where a name is expected, as in "play play c1"; a player
// named by one of them in "Ben play EMP c2" must be quoted, and so must a
// card named direct after "c5 direct", and one named pilot, durability,
// armour or time after a declared unit's or command's square. Names are printed bare only when
// notation.BareName allows it, so a name that does not begin with a
// capital is always printed quoted.
type MechaMove interface {
	notation.Move
	mechaMove()
}

// MechaName is a card or deck name as it is meant: a quoted name has its
// quotes taken off and its escapes read, so "Scout" and Scout are the same
// name.
type MechaName string

// Capture takes the quotes off a quoted name as it is parsed.
func (n *MechaName) Capture(values []string) error {
	*n = MechaName(unquoteName(strings.Join(values, "")))
	return nil
}

// MechaUnknown is the name of a card nobody recorded, written ?: a card
// drawn unseen, a deck not known (deck ?), and only where the grammar
// takes it (a draw, a deck, a direct attack's card, which the engine
// refuses unknown).
const MechaUnknown MechaName = Unknown

// String is the name as canonical notation writes it: bare when it may
// stand without quotes, else quoted; the unknown card is ?.
func (n MechaName) String() string {
	if n == MechaUnknown || mechaBare(string(n)) {
		return string(n)
	}
	return strconv.Quote(string(n))
}

// MechaDeck is the set-up move that gives a player's deck: one of the
// catalogue's decks, deck Starter or deck "Starter Deck" (Named), or a list
// of counts and cards, deck 12 "Radio Tower" 3 Scout 3 Bulwark (Items).
type MechaDeck struct {
	notation.Node
	Named MechaName        `parser:"'deck' ( @(Ident | String | Unknown)"`
	Items []*MechaDeckItem `parser:"| @@ @@* )"`
}

// MechaDeckItem is one count and card of a deck list: 12 "Radio Tower".
type MechaDeckItem struct {
	notation.Node
	Count int       `parser:"@Int"`
	Card  MechaName `parser:"@(Ident | String | Unknown)"`
}

// MechaDraw records cards drawn: draw Scout "Radio Tower" Scout, or
// draw ? ? for cards nobody recorded (MechaUnknown).
type MechaDraw struct {
	notation.Node
	// A name followed by ":" begins the next set-up line, not a card.
	Cards []MechaName `parser:"'draw' ( (?! (Ident | String) ':') @(Ident | String | Unknown) )+"`
}

// MechaMulligan is the opening mulligan: mulligan.
type MechaMulligan struct {
	notation.Node
	Mulligan bool `parser:"@'mulligan'"` // always true once parsed
}

// MechaPlay plays a card from hand onto a square, play Scout c1, or a
// command that has no target, play Reinforce. A command may be played
// during the other player's turn: the player who plays it is then named
// first, Ben play EMP c2 (By).
type MechaPlay struct {
	notation.Node
	// "play" is tried first, so that "play play c1" plays a card named
	// play; a player named play must be quoted.
	By   *notation.PlayerRef `parser:"( 'play' | @@ 'play' )"`
	Card MechaName           `parser:"@(Ident | String)"`
	At   string              `parser:"@Square?"`
}

// Actor is the player named as playing the card (Ben in Ben play EMP c2),
// or nil when it is the player whose turn or set-up line it is.
func (m *MechaPlay) Actor() *notation.PlayerRef { return m.By }

// MechaAct is a unit's action: a move along a path, one orthogonal step a
// square, b1-b2-b3 (From and Path); an attack on a unit, b3xc3 (Target);
// a direct attack on the opponent, c5 direct (Direct); or a move then an
// attack, b1-b2xb4 or c4-c5 direct. A direct attack may name the card
// that goes to the damage zone, c5 direct Scout (DamageCard), when no seed
// gives the deck's order.
//
// Something must follow the first square, but one alternative for each
// form would capture Target, Direct and DamageCard twice, which a struct
// tag cannot. So what follows the square is a group that must not be
// empty (!), and after it comes an alternative that never matches (it
// wants a token that is not "-", "x" or "direct", and is one): tried last,
// it makes the error for "b1 b2" or a lone "b1" say what could have come,
// where the empty group alone would give participle's own wording.
type MechaAct struct {
	notation.Node
	From   string   `parser:"@Square ( ("`
	Path   []string `parser:"    ( '-' @Square )*"`
	Target string   `parser:"    ( 'x' @Square"`
	Direct bool     `parser:"    | @'direct'"`
	// Not a card named direct (it must be quoted), nor the name that
	// begins the next line's "result:" or "Ann:".
	DamageCard MechaName `parser:"      ( (?! 'direct' | (Ident | String) ':') @(Ident | String | Unknown) )? )? )! | (?! '-' | 'x' | 'direct') ( '-' | 'x' | 'direct' ) )"`
}

// MechaDiscard discards a card from hand at the end of the turn:
// discard Scout.
type MechaDiscard struct {
	notation.Node
	Card MechaName `parser:"'discard' @(Ident | String)"`
}

// MechaSacrifice sacrifices the pilot attached to the mecha on a square:
// sacrifice c1.
type MechaSacrifice struct {
	notation.Node
	At string `parser:"'sacrifice' @Square"`
}

// MechaSkip skips the draw phase to return a card from the graveyard to
// the hand: skip draw Pheonix.
type MechaSkip struct {
	notation.Node
	Card MechaName `parser:"'skip' 'draw' @(Ident | String)"`
}

// The declarations of a position (docs/games/mecha.md, Positions): set-up
// moves that write down a game at the start of a turn rather than play it
// from its first move. Each is one part of a player's side of the table.

// MechaUnit declares a tower or mecha of the player's on the board, with
// its pilot and counters when they are not those it enters with:
// tower "Radio Tower" a1, mecha Scout c3 pilot Ace durability 2 armour 1.
type MechaUnit struct {
	notation.Node
	Kind       string      `parser:"@('tower' | 'mecha')"`
	Card       MechaName   `parser:"@(Ident | String)"`
	At         string      `parser:"@Square"`
	Pilot      MechaName   `parser:"( 'pilot' @(Ident | String) )?"`
	Durability *MechaCount `parser:"( 'durability' @@ )?"`
	Armour     *MechaCount `parser:"( 'armour' @@ )?"`
}

// MechaCount is a number of counters: the 2 of durability 2. It is a
// production of its own so that a missing number is asked for in words.
type MechaCount struct {
	N int `parser:"@Int"`
}

// MechaPlaced declares a command of the player's placed on the
// battlefield, with its time counters when they are not those it is
// placed with: command Mine d3 time 1.
type MechaPlaced struct {
	notation.Node
	Card MechaName   `parser:"'command' @(Ident | String)"`
	At   string      `parser:"@Square"`
	Time *MechaCount `parser:"( 'time' @@ )?"`
}

// MechaZone declares the cards of one of the player's zones, in order:
// hand Scout "Radio Tower", graveyard Hawk (oldest first), damage Mine
// (first placed first), top Scout Lancer (the top cards of the deck, top
// first). A hand may hold cards nobody recorded: hand ? ? Scout. A list of names stops, as draw's does, before a name followed
// by ":", the next set-up line.
type MechaZone struct {
	notation.Node
	Zone  string      `parser:"@('hand' | 'graveyard' | 'damage' | 'top')"`
	Cards []MechaName `parser:"( (?! (Ident | String) ':') @(Ident | String | Unknown) )+"`
}

func (*MechaDeck) mechaMove()      {}
func (*MechaDraw) mechaMove()      {}
func (*MechaMulligan) mechaMove()  {}
func (*MechaPlay) mechaMove()      {}
func (*MechaAct) mechaMove()       {}
func (*MechaDiscard) mechaMove()   {}
func (*MechaSacrifice) mechaMove() {}
func (*MechaSkip) mechaMove()      {}
func (*MechaUnit) mechaMove()      {}
func (*MechaPlaced) mechaMove()    {}
func (*MechaZone) mechaMove()      {}

// Relocate is the move as parsed at r's place (see notation.Relocation).
func (m *MechaDeck) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Named = relocName(r, m.Named)
	if m.Items != nil {
		c.Items = make([]*MechaDeckItem, len(m.Items))
		for i, it := range m.Items {
			ci := notation.Copy(r, it)
			r.Place(&ci.Node)
			ci.Card = relocName(r, it.Card)
			c.Items[i] = ci
		}
	}
	return c
}

// Relocate is the move as parsed at r's place.
func (m *MechaDraw) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = relocateNames(r, m.Cards, nil)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *MechaMulligan) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *MechaPlay) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Card, c.At = relocName(r, m.Card), r.Value(m.At)
	c.By = r.Player(m.By)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *MechaAct) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.From, c.Target, c.DamageCard, c.Path = r.Value(m.From), r.Value(m.Target), relocName(r, m.DamageCard), r.Values(m.Path)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *MechaDiscard) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Card = relocName(r, m.Card)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *MechaSacrifice) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.At = r.Value(m.At)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *MechaSkip) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Card = relocName(r, m.Card)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *MechaUnit) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Card, c.At, c.Pilot = relocName(r, m.Card), r.Value(m.At), relocName(r, m.Pilot)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *MechaPlaced) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Card, c.At = relocName(r, m.Card), r.Value(m.At)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *MechaZone) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = relocateNames(r, m.Cards, nil)
	return c
}

func (m *MechaUnit) String() string {
	s := m.Kind + " " + m.Card.String() + " " + m.At
	if m.Pilot != "" {
		s += " pilot " + m.Pilot.String()
	}
	if m.Durability != nil {
		s += " durability " + strconv.Itoa(m.Durability.N)
	}
	if m.Armour != nil {
		s += " armour " + strconv.Itoa(m.Armour.N)
	}
	return s
}

func (m *MechaPlaced) String() string {
	s := "command " + m.Card.String() + " " + m.At
	if m.Time != nil {
		s += " time " + strconv.Itoa(m.Time.N)
	}
	return s
}

func (m *MechaZone) String() string {
	parts := []string{m.Zone}
	for _, c := range m.Cards {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, " ")
}

func (m *MechaDeck) String() string {
	if len(m.Items) == 0 {
		return "deck " + m.Named.String()
	}
	parts := []string{"deck"}
	for _, it := range m.Items {
		parts = append(parts, it.String())
	}
	return strings.Join(parts, " ")
}

// String is the item as a deck list writes it: 12 "Radio Tower".
func (it *MechaDeckItem) String() string {
	return strconv.Itoa(it.Count) + " " + it.Card.String()
}

func (m *MechaDraw) String() string {
	parts := []string{"draw"}
	for _, c := range m.Cards {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, " ")
}

func (*MechaMulligan) String() string { return "mulligan" }

func (m *MechaPlay) String() string {
	s := "play " + m.Card.String()
	if m.By != nil {
		s = MechaName(m.By.Text()).String() + " " + s
	}
	if m.At != "" {
		s += " " + m.At
	}
	return s
}

func (m *MechaAct) String() string {
	var b strings.Builder
	b.WriteString(m.From)
	for _, sq := range m.Path {
		b.WriteString("-" + sq)
	}
	switch {
	case m.Target != "":
		b.WriteString("x" + m.Target)
	case m.Direct:
		b.WriteString(" direct")
		if m.DamageCard != "" {
			b.WriteString(" " + m.DamageCard.String())
		}
	}
	return b.String()
}

func (m *MechaDiscard) String() string { return "discard " + m.Card.String() }

func (m *MechaSacrifice) String() string { return "sacrifice " + m.At }

func (m *MechaSkip) String() string { return "skip draw " + m.Card.String() }

// unquoteName takes the quotes off a string token, as the notation does
// for players' names: a string the lexer accepts but Go does not (with an
// unknown escape) keeps the text between its quotes.
func unquoteName(s string) string {
	if len(s) < 2 || !strings.HasPrefix(s, `"`) {
		return s
	}
	if strings.IndexByte(s, '\\') < 0 {
		return s[1 : len(s)-1] // what Unquote gives, or what is given when it fails
	}
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s[1 : len(s)-1]
}

// MechaLexer is Mecha's lexer: the shared rules plus squares and the
// unknown card. The board is 5x7 (a1 to g5), but any letter and number
// lexes as a square; the engine checks the board. Card names are the
// shared names and strings.
var MechaLexer = notation.NewFastLexer(squareRule, unknownRule)

// squareRule is a square of a grid: a column letter and a row number. It
// has no \b, so a1b is a square and a name.
var squareRule = notation.GameRule{Name: "Square", Pattern: `[a-z][1-9][0-9]?`, Match: matchSquare}

// matchSquare matches squareRule's pattern by hand.
func matchSquare(s string) int {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' || s[1] < '1' || s[1] > '9' {
		return 0
	}
	if len(s) > 2 && '0' <= s[2] && s[2] <= '9' {
		return 3
	}
	return 2
}

// mechaBare tells whether a name may be written without quotes.
var mechaBare = notation.BareName(MechaLexer)

// MechaMoveWords says what a Mecha move looks like, for messages.
const MechaMoveWords = "a move (play Scout c1, b1-b2, b2xc2, c5 direct, draw Scout, discard Scout, ...)"

const mechaCardWords = `a card name like Scout or "Radio Tower"`

const mechaCardOrUnknown = mechaCardWords + `, or ? for a card nobody recorded`

// mechaExpect puts into words what the parser may expect in a Mecha move.
// The keys are participle's own wording of each expectation.
func mechaExpect() map[string]string {
	return map[string]string{
		"<square>":             "a square like c3",
		"Move":                 MechaMoveWords,
		"MechaDeckItem":        "a count and a card name, as in 3 Scout",
		`(<ident> | <string>)`: mechaCardWords,
		// play's card, then its optional square.
		`(<ident> | <string>) <square>?`: mechaCardWords,
		// draw's and a zone's cards, and a deck list's card.
		`((?! (<ident> | <string>) ":") (<ident> | <string> | <unknown>))+`: mechaCardOrUnknown,
		`(<ident> | <string> | <unknown>)`:                                  mechaCardOrUnknown,
		`((<ident> | <string> | <unknown>) | (MechaDeckItem MechaDeckItem*))`: `a deck name like Starter or "Starter Deck", ` +
			`counts and card names like 12 "Radio Tower" 3 Scout, or ?`,
		`("-" | "x" | "direct")`: `"-" and a square to move to, "x" and a square to attack, or "direct"`,
		`"play"`:                 `"play" after a player's name, as in Ben play EMP c2`,
		`"draw"`:                 `"draw" after "skip", as in skip draw Pheonix`,
		// A declared unit's card, then its square, pilot and counters.
		`(<ident> | <string>) <square> ("pilot" (<ident> | <string>))? ("durability" MechaCount)? ("armour" MechaCount)?`: mechaCardWords,
		"MechaCount": "a number of counters like 2",
	}
}

// mechaMoves are Mecha's move types. The declarations come before play,
// so that "hand play Scout" is a hand, not a player named hand playing
// Scout.
var mechaMoves = notation.Moves{
	&MechaDeck{}, &MechaDraw{}, &MechaMulligan{},
	&MechaUnit{}, &MechaPlaced{}, &MechaZone{}, &MechaPlay{},
	&MechaAct{}, &MechaDiscard{}, &MechaSacrifice{}, &MechaSkip{},
}

// Mecha parses Mecha transcripts.
var Mecha = notation.Lazy(buildMecha)

// buildMecha builds Mecha's grammar.
func buildMecha() (*notation.Grammar, error) {
	return notation.NewGrammar(MechaLexer, mechaExpect(), mechaMoves).ValueNames(notation.TokenIdent, notation.TokenString, "Square")
}
