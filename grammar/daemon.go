package grammar

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tabletop-referee/referee/notation"
)

// DaemonMove is one Daemon move. On set-up lines: a draft, the main
// module, a mulligan or a keep; or, for a game that begins from a
// position, the declarations of a player's modules, memory and zones
// (modules, memory, grip, security, deck, heap, scripts, field). In turns: a card played, an ability
// activated, a script trashed, an attack, a revealed security card, a
// refresh or a burn.
//
// Card and module names are a bare word (Sentry) or a quoted string
// ("Sentry Mk II"), as in Mod.
type DaemonMove interface {
	notation.Move
	daemonMove()
}

// DaemonDraft drafts a module: draft Firewall.
type DaemonDraft struct {
	notation.Node
	Module Name `parser:"'draft' @(Ident | String)"`
}

// DaemonMain names the main module: main Firewall.
type DaemonMain struct {
	notation.Node
	Module Name `parser:"'main' @(Ident | String)"`
}

// DaemonMulligan sets cards of the opening grip aside: mulligan Sentry
// Patch, or mulligan ? ? for cards nobody recorded.
type DaemonMulligan struct {
	notation.Node
	Cards []Name `parser:"'mulligan' ( (?! (Ident | String) ':') @(Ident | String | Unknown) )+"`
}

// DaemonDraw writes the cards a player draws, in a game without a seed:
// draw Sentry Patch, or draw ? ? for cards nobody recorded. It follows
// the move that drew them.
type DaemonDraw struct {
	notation.Node
	Cards []Name `parser:"'draw' ( (?! (Ident | String) ':') @(Unknown | Ident | String) )+"`
}

// DaemonSecure writes the cards a player sets as their security, top
// first, in a game without a seed: secure ? ? ? ? ?, or the cards by name
// when they are known.
type DaemonSecure struct {
	notation.Node
	Cards []Name `parser:"'secure' ( (?! (Ident | String) ':') @(Unknown | Ident | String) )+"`
}

// DaemonKeep keeps the opening grip: keep.
type DaemonKeep struct {
	notation.Node
	Keep bool `parser:"@'keep'"` // always true once parsed
}

// DaemonPlay plays a card from the grip, play Sentry, naming the opposing
// daemon a purge trashes, play Payload Sentry (Target).
type DaemonPlay struct {
	notation.Node
	Card   Name `parser:"'play' @(Ident | String)"`
	Target Name `parser:"( (?! (Ident | String) ':') @(Ident | String) )?"`
}

// DaemonActivate activates a daemon's ability: activate Indexer, or
// activate Turbine Sentry for a purge (Target).
type DaemonActivate struct {
	notation.Node
	Card   Name `parser:"'activate' @(Ident | String)"`
	Target Name `parser:"( (?! (Ident | String) ':') @(Ident | String) )?"`
}

// DaemonTrash trashes a script from the script zone: trash Coolant.
type DaemonTrash struct {
	notation.Node
	Card Name `parser:"'trash' @(Ident | String)"`
}

// DaemonAttack attacks with a daemon: security, attack Sentry, or an
// opposing daemon, attack Sentry Warden (Target).
type DaemonAttack struct {
	notation.Node
	Attacker Name `parser:"'attack' @(Ident | String)"`
	Target   Name `parser:"( (?! (Ident | String) ':') @(Ident | String) )?"`
}

// DaemonReveal writes a security card revealed by damage: reveal Worm.
// The grammar takes reveal ?, which the rules refuse: a revealed card is
// read at once.
type DaemonReveal struct {
	notation.Node
	Card Name `parser:"'reveal' @(Ident | String | Unknown)"`
}

// DaemonRefresh is the refresh action: refresh.
type DaemonRefresh struct {
	notation.Node
	Refresh bool `parser:"@'refresh'"` // always true once parsed
}

// DaemonBurn is the burn action: burn.
type DaemonBurn struct {
	notation.Node
	Burn bool `parser:"@'burn'"` // always true once parsed
}

// DaemonName is a card or module name in a list: a bare word or a quoted
// string. A list stops before a word in lower case (the grammar's words:
// heap, keep, spent; a name so written is quoted, as canonical notation
// writes it) and before a name followed by ":" (the next player's line),
// so that a missing comma is an error where it is missing.
//
// It is parsed by its own Parse, as Void's lists are (VoidName): written
// as a lookahead in the grammar, each name of a 45-card deck would be a
// branch that participle allocates.
type DaemonName Name

// The token types of the Daemon lexer that lists look at.
var (
	daemonIdent   = DaemonLexer.Symbols()[notation.TokenIdent]
	daemonString  = DaemonLexer.Symbols()[notation.TokenString]
	daemonUnknown = DaemonLexer.Symbols()[unknownRule.Name]
)

// Parse reads the name, or ? for a card nobody recorded, unless a list
// stops before it: then participle.NextMatch, having read nothing.
func (n *DaemonName) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Type == daemonUnknown {
		lex.Next()
		*n = UnknownCard
		return nil
	}
	if t.Type != daemonIdent && t.Type != daemonString || t.Type == daemonIdent && !startsUpper(t.Value) {
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

// startsUpper tells whether a word begins with a capital letter, as a bare
// name does.
func startsUpper(word string) bool {
	r, _ := utf8.DecodeRuneInString(word)
	return unicode.IsUpper(r)
}

// DaemonModules declares a player's three modules, drafted before the
// position: modules Firewall Worm Blitz. A position declares them first
// on each player's line, then the main module (main Firewall).
type DaemonModules struct {
	notation.Node
	Modules []DaemonName `parser:"'modules' @@+"`
}

// DaemonMemory declares the memory tracker on the player's side: memory 3.
type DaemonMemory struct {
	notation.Node
	N int `parser:"'memory' @Int"`
}

// DaemonGrip declares the cards of a player's grip: grip Sentry Patch.
type DaemonGrip struct {
	notation.Node
	Cards []DaemonName `parser:"'grip' @@+"`
}

// DaemonSecurity declares a player's security, its cards top first,
// security Sentry Patch, or how many it has when they are not known,
// security 3 (Count): the seed then deals them.
type DaemonSecurity struct {
	notation.Node
	Count *int         `parser:"'security' ( @Int"`
	Cards []DaemonName `parser:"| @@+ )"`
}

// DaemonDeck declares a player's deck, its cards top first, deck Sentry
// Patch, or how many it has when their order is not known, deck 20
// (Count): the seed then shuffles them.
type DaemonDeck struct {
	notation.Node
	Count *int         `parser:"'deck' ( @Int"`
	Cards []DaemonName `parser:"| @@+ )"`
}

// DaemonHeap declares the cards of a player's heap: heap Sentry Patch.
type DaemonHeap struct {
	notation.Node
	Cards []DaemonName `parser:"'heap' @@+"`
}

// DaemonScripts declares the scripts of a player's script zone:
// scripts Coolant.
type DaemonScripts struct {
	notation.Node
	Cards []DaemonName `parser:"'scripts' @@+"`
}

// DaemonField declares daemons on a player's field, ready, field Sentry
// Warden, or spent (Spent: they have attacked since their owner's last
// loading phase), field spent Sentry, or with loading sickness (Loading),
// field loading Sentry, or both, field spent loading Sentry.
type DaemonField struct {
	notation.Node
	Spent   bool         `parser:"'field' @'spent'?"`
	Loading bool         `parser:"@'loading'?"`
	Cards   []DaemonName `parser:"@@+"`
}

func (*DaemonDraft) daemonMove()    {}
func (*DaemonMain) daemonMove()     {}
func (*DaemonMulligan) daemonMove() {}
func (*DaemonKeep) daemonMove()     {}
func (*DaemonDraw) daemonMove()     {}
func (*DaemonSecure) daemonMove()   {}
func (*DaemonPlay) daemonMove()     {}
func (*DaemonActivate) daemonMove() {}
func (*DaemonTrash) daemonMove()    {}
func (*DaemonAttack) daemonMove()   {}
func (*DaemonReveal) daemonMove()   {}
func (*DaemonRefresh) daemonMove()  {}
func (*DaemonBurn) daemonMove()     {}
func (*DaemonModules) daemonMove()  {}
func (*DaemonMemory) daemonMove()   {}
func (*DaemonGrip) daemonMove()     {}
func (*DaemonSecurity) daemonMove() {}
func (*DaemonDeck) daemonMove()     {}
func (*DaemonHeap) daemonMove()     {}
func (*DaemonScripts) daemonMove()  {}
func (*DaemonField) daemonMove()    {}

// Relocate is the move as parsed at r's place (see notation.Relocation).
func (m *DaemonDraft) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Module = relocName(r, m.Module)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonMain) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Module = relocName(r, m.Module)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonMulligan) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = relocateNames(r, m.Cards, nil)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonDraw) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = relocateNames(r, m.Cards, nil)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonSecure) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = relocateNames(r, m.Cards, nil)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonKeep) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonPlay) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Card = relocName(r, m.Card)
	c.Target = relocName(r, m.Target)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonActivate) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Card = relocName(r, m.Card)
	c.Target = relocName(r, m.Target)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonTrash) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Card = relocName(r, m.Card)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonAttack) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Attacker = relocName(r, m.Attacker)
	c.Target = relocName(r, m.Target)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonReveal) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Card = relocName(r, m.Card)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonRefresh) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonBurn) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonModules) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Modules = slices.Clip(m.Modules)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonMemory) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonGrip) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = slices.Clip(m.Cards)
	return c
}

// Relocate is the move as parsed at r's place. The count is shared: a
// parsed transcript is never changed.
func (m *DaemonSecurity) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = slices.Clip(m.Cards)
	return c
}

// Relocate is the move as parsed at r's place, its count shared.
func (m *DaemonDeck) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = slices.Clip(m.Cards)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonHeap) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = slices.Clip(m.Cards)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonScripts) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = slices.Clip(m.Cards)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonField) Relocate(r *notation.Relocation) notation.Move {
	c := notation.Copy(r, m)
	r.Place(&c.Node)
	c.Cards = slices.Clip(m.Cards)
	return c
}

// withTarget writes a verb, a name and an optional second name.
func withTarget(verb string, name, target Name) string {
	s := verb + " " + name.String()
	if target != "" {
		s += " " + target.String()
	}
	return s
}

func (m *DaemonDraft) String() string { return "draft " + m.Module.String() }
func (m *DaemonMain) String() string  { return "main " + m.Module.String() }
func (*DaemonKeep) String() string    { return "keep" }
func (m *DaemonPlay) String() string  { return withTarget("play", m.Card, m.Target) }
func (m *DaemonActivate) String() string {
	return withTarget("activate", m.Card, m.Target)
}
func (m *DaemonTrash) String() string  { return "trash " + m.Card.String() }
func (m *DaemonAttack) String() string { return withTarget("attack", m.Attacker, m.Target) }
func (m *DaemonReveal) String() string { return "reveal " + cardText(m.Card) }
func (*DaemonRefresh) String() string  { return "refresh" }
func (*DaemonBurn) String() string     { return "burn" }

func (m *DaemonMulligan) String() string { return cardList("mulligan", m.Cards) }
func (m *DaemonDraw) String() string     { return cardList("draw", m.Cards) }
func (m *DaemonSecure) String() string   { return cardList("secure", m.Cards) }

// UnknownCard is the name a card nobody recorded is written and parsed
// as: ?.
const UnknownCard = "?"

// DaemonCardText writes a Daemon card as the notation does: its name, bare
// or quoted, or ? for a card nobody recorded.
func DaemonCardText(n Name) string { return cardText(n) }

// cardText writes a card: its name, bare or quoted, or ? for a card
// nobody recorded.
func cardText(n Name) string {
	if n == UnknownCard {
		return UnknownCard
	}
	return n.String()
}

// cardList writes a word and cards.
func cardList(word string, cards []Name) string {
	parts := []string{word}
	for _, c := range cards {
		parts = append(parts, cardText(c))
	}
	return strings.Join(parts, " ")
}

// nameList writes a word and the names of a list.
func nameList(word string, names []DaemonName) string {
	var b strings.Builder
	b.WriteString(word)
	for _, n := range names {
		b.WriteByte(' ')
		b.WriteString(cardText(Name(n)))
	}
	return b.String()
}

// countOrList writes a word and a count, when there is one, else the
// names of a list.
func countOrList(word string, count *int, names []DaemonName) string {
	if count != nil {
		return word + " " + strconv.Itoa(*count)
	}
	return nameList(word, names)
}

func (m *DaemonModules) String() string  { return nameList("modules", m.Modules) }
func (m *DaemonMemory) String() string   { return "memory " + strconv.Itoa(m.N) }
func (m *DaemonGrip) String() string     { return nameList("grip", m.Cards) }
func (m *DaemonSecurity) String() string { return countOrList("security", m.Count, m.Cards) }
func (m *DaemonDeck) String() string     { return countOrList("deck", m.Count, m.Cards) }
func (m *DaemonHeap) String() string     { return nameList("heap", m.Cards) }
func (m *DaemonScripts) String() string  { return nameList("scripts", m.Cards) }

func (m *DaemonField) String() string {
	word := "field"
	if m.Spent {
		word += " spent"
	}
	if m.Loading {
		word += " loading"
	}
	return nameList(word, m.Cards)
}

// DaemonLexer is Daemon's lexer: the shared rules, and ? for a card nobody
// recorded.
var DaemonLexer = notation.NewFastLexer(unknownRule)

// DaemonMoveWords says what a Daemon move looks like, for messages.
const DaemonMoveWords = "a move (draft Firewall, main Firewall, play Sentry, attack Sentry, reveal Patch, refresh, ...)"

// daemonListWords says what a declaration's list looks like.
const daemonListWords = `card names, as in grip Sentry Patch or modules Firewall Worm Blitz`

const daemonNameWords = `a card or module name like Sentry or "Sentry Mk II"`

// daemonCardWords says what a card of a draw, a security set, a mulligan
// or a reveal looks like.
const daemonCardWords = `a card name like Sentry or "Sentry Mk II", or ? for a card nobody recorded`

func daemonExpect() map[string]string {
	return map[string]string{
		"Move":                 DaemonMoveWords,
		`(<ident> | <string>)`: daemonNameWords,
		// draw and secure: cards, each a name or ?. A mulligan's cards, which
		// its owner knows, are put as they always were.
		`((?! (<ident> | <string>) ":") (<unknown> | <ident> | <string>))+`: daemonCardWords,
		`((?! (<ident> | <string>) ":") (<ident> | <string> | <unknown>))+`: daemonNameWords,
		// reveal: a name, as the rules read it at once (? is refused there).
		`(<ident> | <string> | <unknown>)`: daemonNameWords,
		// play, activate and attack: a name, then an optional second one.
		`(<ident> | <string>) ((?! (<ident> | <string>) ":") (<ident> | <string>))?`: daemonNameWords,
		// A declaration's list, or its count (security 3, deck 20).
		"DaemonName":            daemonListWords,
		"<int>":                 "a number, as in memory 3",
		`(<int> | DaemonName+)`: "a count or card names, top first, as in security 3 or deck Sentry Patch",
	}
}

// daemonMoves are Daemon's move types.
var daemonMoves = notation.Moves{
	&DaemonDraft{}, &DaemonMain{}, &DaemonMulligan{}, &DaemonKeep{}, &DaemonDraw{}, &DaemonSecure{},
	&DaemonPlay{}, &DaemonActivate{}, &DaemonTrash{}, &DaemonAttack{},
	&DaemonReveal{}, &DaemonRefresh{}, &DaemonBurn{},
	&DaemonModules{}, &DaemonMemory{}, &DaemonGrip{}, &DaemonSecurity{},
	&DaemonDeck{}, &DaemonHeap{}, &DaemonScripts{}, &DaemonField{},
}

// Daemon parses Daemon transcripts.
var Daemon = notation.Lazy(buildDaemon)

// buildDaemon builds Daemon's grammar.
func buildDaemon() (*notation.Grammar, error) {
	return notation.NewGrammar(DaemonLexer, daemonExpect(), daemonMoves).ValueNames(notation.TokenIdent)
}
