// Package referee replays parsed transcripts through the rules engines and
// reports what it finds: illegal moves and syntax errors as positioned
// diagnostics, and a final report with the result the rules give. It also
// formats transcripts, lists legal moves, generates random games and
// compares reports with golden files.
//
// It names no game: each game's room (referee/games/<game>) registers a
// Binding of its grammar to its engine, and referee/games/all imports every
// room. docs/architecture.md draws the packages and how to add a game.
package referee

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/internal/suggest"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/notation"
)

// Game is a game the referee knows: its notation and its rules together.
type Game interface {
	// Name is the game's name, as the Game tag writes it.
	Name() string
	// Extension is the file extension of its transcripts, with the dot.
	Extension() string
	// Summary is one line on the game.
	Summary() string
	// EBNF is the grammar of its transcripts.
	EBNF() string
	// Check parses and replays a transcript.
	Check(path, src string, opts Options) *Report
	// Format writes a transcript in the canonical layout. It fails on a
	// transcript with syntax errors, returning them.
	Format(path, src string) (string, []Diagnostic)
	// Legal lists the legal moves at the end of a transcript, in notation.
	Legal(path, src string, opts Options) (*LegalMoves, *Report)
	// Random plays a random legal game from seed and writes its transcript,
	// with the outcome the generator reached.
	Random(seed uint64) (transcript string, outcome string)
	// RandomWith is Random written as opts asks; it fails for a game that
	// cannot write its games so.
	RandomWith(seed uint64, opts RandomOptions) (transcript string, outcome string, err error)
	// Variants lists the named rulings a transcript may choose.
	Variants() []VariantInfo
	// HasPositions tells whether the game's transcripts may begin from a
	// declared position (see engine.Positioned).
	HasPositions() bool
	// Position writes a transcript as it stands once a turn has ended, as
	// a transcript that begins from that position; see binding.Position.
	Position(path, src string, opts Options, turn int, rest bool) (string, *Report)
	// Replay replays a transcript step by step: the state after each
	// written move, at the start of each turn, and once the last turn has
	// ended. It stops at the first illegal move, as Check does.
	Replay(path, src string, opts Options) (*Replay, *Report)
	// cardGame is the game's catalogue support, nil when its cards are
	// not data.
	cardGame() *cardGame
}

// VariantInfo describes a variant for listings.
type VariantInfo struct {
	Name    string
	Values  []string
	Summary string
}

// Limits bound a transcript: its size, its lines and its moves.
type Limits = notation.Limits

// Options tune a check.
type Options struct {
	// KeepGoing skips illegal moves and goes on replaying, instead of
	// stopping at the first.
	KeepGoing bool
	// Dir is the folder the transcript's path is relative to, and so the
	// files it names: the working directory when empty. Golden sets it so
	// that reports name files relative to the folder compared.
	Dir string
	// CatalogueRoot, when set, is a folder under which a Catalogue tag may
	// name a file, besides the transcript's own folder and below.
	CatalogueRoot string
	// ReadFile, when set, reads the files a transcript names in place of
	// the file system (as from memory), given the path joined to the
	// transcript's; a path that leaves the folders allowed is still
	// refused, by its name.
	ReadFile func(path string) ([]byte, error)
	// Overlay, when set, gives the text of a file a transcript names as an
	// editor holds it, unsaved (ok false for a file it does not hold),
	// given the path joined to the transcript's. It is asked only for a
	// path within the folders allowed; a file it does not hold is read as
	// without it, through every check of the file system (links that lead
	// outside, files that are not regular, the size limit).
	Overlay func(path string) (text string, ok bool)
	// Stdin, when set, is the transcript the path "-" stands for.
	Stdin *Input
	// Limits bound the transcript (size, line length, moves); zero fields
	// take the defaults.
	Limits notation.Limits
	// OnlyTurn, above 0, tells Replay that only the state at the end of
	// that turn will be shown, so that it keeps the states of that turn
	// and the next only: a long game shown at one turn holds a few.
	OnlyTurn int
	// Seat, when not empty, names the player whose seat Replay's drawings
	// are drawn for: the other players' hidden cards are not shown.
	Seat string
	// beforeMove, when set, sees each written move just before it is
	// replayed: its place, the player making it, whether it is on a set-up
	// line, and the state it meets (which it must not change).
	beforeMove func(at notation.Span, player int, setup bool, st engine.State)
	// afterMove, when set, sees each written move just after it is
	// replayed legally, or taken back or let stand as its correction
	// (written as in "(taken back)", or "") records, with the state it
	// led to (which it must not change); player is the one who made it.
	afterMove func(m notation.Move, correction string, player int, setup bool, st engine.State)
	// beforeTurn, when set, sees each turn line once the turn before it
	// has ended, before anything of the new turn happens (for the first,
	// once a declared position has ended, before the game is begun): its
	// place, number and player, and the state (which it must not change).
	beforeTurn func(at notation.Span, turn, player int, st engine.State)
	// turnStart, when set, sees each turn line once the turn before it
	// has ended (and, for the first, once the game has begun): its place,
	// number and player, and the state (which it must not change).
	turnStart func(at notation.Span, turn, player int, st engine.State)
}

// games is the registry: each game's room adds its game (Register), and
// referee/games/all imports every room.
var games []Game

// Games lists the games the referee knows, by name.
func Games() []Game {
	out := slices.Clone(games)
	slices.SortFunc(out, func(a, b Game) int { return strings.Compare(a.Name(), b.Name()) })
	return out
}

// RandomOptions say how a random game is written.
type RandomOptions struct {
	// Unseeded writes no Seed tag: every card the seed dealt is written
	// where it was dealt, as a record of a game shuffled by hand.
	Unseeded bool
	// Perspective, when set, names the player from whose seat the game is
	// written: the cards hidden from that seat are written "?". It
	// implies Unseeded.
	Perspective string
}

// Lookup finds a game by name.
func Lookup(name string) (Game, bool) {
	for _, g := range games {
		if g.Name() == name {
			return g, true
		}
	}
	return nil, false
}

// ByExtension finds the game whose transcripts end with the path's
// extension. Catalogues (.cards) belong to no game by extension: their
// Game tag tells.
func ByExtension(path string) (Game, bool) {
	ext := filepath.Ext(path)
	for _, g := range games {
		if g.Extension() == ext {
			return g, true
		}
	}
	return nil, false
}

var gameTag = lazyRegexp(`(?m)^\s*\[\s*Game\s+"([^"\n]*)"`)

// findGameTag is gameTag's first match in src, and its game's name. The
// regexp alone went through the whole of a file without a Game tag (a
// 15 MB one took most of a second); strings.Index finds the first
// "Game" far faster, and no match can begin before the line that holds
// it, or the blank lines and the "[" just before it.
func findGameTag(src string) []string {
	p, ok := gameTagLine(src)
	if !ok {
		return nil
	}
	if m := gameTagAt(src, p); m != nil {
		return m
	}
	return gameTag().FindStringSubmatch(src[p:])
}

// gameTagLine is where gameTag's first match may begin: at the start of
// the line of the first "Game", or of a blank line before it, or of the
// line of a "[" before it; false when src has no "Game", or no line
// start where a match may begin.
func gameTagLine(src string) (int, bool) {
	g := strings.Index(src, "Game")
	if g < 0 {
		return 0, false
	}
	p := g
	for p > 0 && isSpace(src[p-1]) {
		p--
	}
	if p > 0 && src[p-1] == '[' {
		p--
	}
	for p > 0 && isSpace(src[p-1]) {
		p--
	}
	if p > 0 {
		// The line of src[p-1] holds more than spaces: a match begins at
		// a later line's start, if there is one.
		nl := strings.IndexByte(src[p:], '\n')
		if nl < 0 {
			return 0, false
		}
		p += nl + 1
	}
	return p, true
}

// gameTagAt is gameTag's match at p, the start of a line, read by hand:
// the regexp, run on every file a check detects, was most of the time
// Detect took. Where it does not match there (a "Game" that is not in a
// tag's name), the regexp looks further.
func gameTagAt(src string, p int) []string {
	spaces := func(i int) int {
		for i < len(src) && isSpace(src[i]) {
			i++
		}
		return i
	}
	i := spaces(p)
	if i == len(src) || src[i] != '[' {
		return nil
	}
	i = spaces(i + 1)
	if !strings.HasPrefix(src[i:], "Game") {
		return nil
	}
	i += len("Game")
	j := spaces(i)
	if j == i || j == len(src) || src[j] != '"' {
		return nil
	}
	end := strings.IndexAny(src[j+1:], "\"\n")
	if end < 0 || src[j+1+end] != '"' {
		return nil
	}
	return []string{src[p : j+2+end], src[j+1 : j+1+end]}
}

// isSpace is a byte of \s in gameTag.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// Detect tells which game a transcript is: by its extension, or else by its
// Game tag. When both name a game they must agree.
func Detect(path, src string) (Game, error) {
	byExt, extOK := ByExtension(path)
	var byTag Game
	if m := findGameTag(src); m != nil {
		g, ok := Lookup(m[1])
		if !ok {
			return nil, fmt.Errorf("unknown game %q in the Game tag%s (known: %s)", m[1], suggest.Hint(m[1], gameNames()), names())
		}
		byTag = g
	}
	switch {
	case extOK && byTag != nil && byTag != byExt:
		return nil, fmt.Errorf("the Game tag says %s, but the extension %s is %s's", byTag.Name(), byExt.Extension(), byExt.Name())
	case extOK:
		return byExt, nil
	case byTag != nil:
		return byTag, nil
	}
	return nil, fmt.Errorf("cannot tell the game: no known extension (%s) and no Game tag", extensions())
}

// LookupOrSuggest finds a game by name, or says it is unknown, with the
// known names and the one most likely meant.
func LookupOrSuggest(name string) (Game, error) {
	if g, ok := Lookup(name); ok {
		return g, nil
	}
	return nil, fmt.Errorf("unknown game %q%s (known: %s)", name, suggest.Hint(name, gameNames()), names())
}

func gameNames() []string {
	var out []string
	for _, g := range Games() {
		out = append(out, g.Name())
	}
	return out
}

func names() string {
	var out []string
	for _, g := range Games() {
		out = append(out, g.Name())
	}
	return strings.Join(out, ", ")
}

func extensions() string {
	var out []string
	for _, g := range Games() {
		out = append(out, g.Extension())
	}
	return strings.Join(out, ", ")
}
