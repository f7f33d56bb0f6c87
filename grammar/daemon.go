package grammar

import (
	"slices"
	"strings"

	"github.com/alecthomas/participle/v2"

	"github.com/tabletop-referee/referee/notation"
)

// DaemonMove is one Daemon move. On set-up lines: a draft, the main
// module, a mulligan or a keep. In turns: a card played, an ability
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

// DaemonMulligan sets cards of the opening grip aside: mulligan Sentry Patch.
type DaemonMulligan struct {
	notation.Node
	Cards []Name `parser:"'mulligan' ( (?! (Ident | String) ':') @(Ident | String) )+"`
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
type DaemonReveal struct {
	notation.Node
	Card Name `parser:"'reveal' @(Ident | String)"`
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

func (*DaemonDraft) daemonMove()    {}
func (*DaemonMain) daemonMove()     {}
func (*DaemonMulligan) daemonMove() {}
func (*DaemonKeep) daemonMove()     {}
func (*DaemonPlay) daemonMove()     {}
func (*DaemonActivate) daemonMove() {}
func (*DaemonTrash) daemonMove()    {}
func (*DaemonAttack) daemonMove()   {}
func (*DaemonReveal) daemonMove()   {}
func (*DaemonRefresh) daemonMove()  {}
func (*DaemonBurn) daemonMove()     {}

// Relocate is the move as parsed at r's place (see notation.Relocation).
func (m *DaemonDraft) Relocate(r *notation.Relocation) DaemonMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonMain) Relocate(r *notation.Relocation) DaemonMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonMulligan) Relocate(r *notation.Relocation) DaemonMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	c.Cards = slices.Clip(m.Cards)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonKeep) Relocate(r *notation.Relocation) DaemonMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonPlay) Relocate(r *notation.Relocation) DaemonMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonActivate) Relocate(r *notation.Relocation) DaemonMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonTrash) Relocate(r *notation.Relocation) DaemonMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonAttack) Relocate(r *notation.Relocation) DaemonMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonReveal) Relocate(r *notation.Relocation) DaemonMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonRefresh) Relocate(r *notation.Relocation) DaemonMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
	return c
}

// Relocate is the move as parsed at r's place.
func (m *DaemonBurn) Relocate(r *notation.Relocation) DaemonMove {
	c := notation.Copy(r, m)
	c.Node = r.Node(m.Node)
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
func (m *DaemonReveal) String() string { return "reveal " + m.Card.String() }
func (*DaemonRefresh) String() string  { return "refresh" }
func (*DaemonBurn) String() string     { return "burn" }

func (m *DaemonMulligan) String() string {
	parts := []string{"mulligan"}
	for _, c := range m.Cards {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, " ")
}

// DaemonLexer is Daemon's lexer: the shared rules, with nothing of its own.
var DaemonLexer = plainLexer

// DaemonMoveWords says what a Daemon move looks like, for messages.
const DaemonMoveWords = "a move (draft Firewall, main Firewall, play Sentry, attack Sentry, reveal Patch, refresh, ...)"

const daemonNameWords = `a card or module name like Sentry or "Sentry Mk II"`

var daemonExpect = map[string]string{
	"DaemonMove":           DaemonMoveWords,
	"Move":                 DaemonMoveWords,
	`(<ident> | <string>)`: daemonNameWords,
	`((?! (<ident> | <string>) ":") (<ident> | <string>))+`: daemonNameWords,
	// play, activate and attack: a name, then an optional second one.
	`(<ident> | <string>) ((?! (<ident> | <string>) ":") (<ident> | <string>))?`: daemonNameWords,
}

// Daemon parses Daemon transcripts.
var Daemon = must(notation.NewGrammar[DaemonMove](DaemonLexer, daemonExpect,
	participle.Union[DaemonMove](
		&DaemonDraft{}, &DaemonMain{}, &DaemonMulligan{}, &DaemonKeep{},
		&DaemonPlay{}, &DaemonActivate{}, &DaemonTrash{}, &DaemonAttack{},
		&DaemonReveal{}, &DaemonRefresh{}, &DaemonBurn{},
	),
))
