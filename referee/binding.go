package referee

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/bot"
	"github.com/tabletop-referee/referee/engine/shuffle"
	"github.com/tabletop-referee/referee/internal/namememo"
	"github.com/tabletop-referee/referee/internal/suggest"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/referee/catalogue"
)

// Binding joins a game's grammar to its engine: it is all the referee core
// knows of a game. Each game's room (referee/games/<game>) fills one in and
// registers it; see docs/architecture.md. The grammar's moves are
// notation.Move values of the game's own types, which ToEngine, Declares
// and Cards take apart (a type switch); the core itself is not generic, so
// that it is compiled once rather than once a game.
type Binding struct {
	// Rules is the game's engine.
	Rules engine.Game
	// Grammar is the game's transcript grammar.
	Grammar *notation.Grammar
	// Extension is the file extension of its transcripts, with the dot.
	Extension string
	// Summary is one line on the game, for listings.
	Summary string
	// ToEngine appends to dst the engine moves a parsed move stands for
	// (a1-b2xc3 is a move then an attack); setup tells whether the move is
	// on a set-up line. The replay gives the same dst for every move.
	ToEngine func(dst []engine.Move, m notation.Move, setup bool) []engine.Move
	// Notate writes an engine move in the notation.
	Notate func(engine.Move) string
	// Describe writes the compact final state, a row each.
	Describe func(st engine.State, players []string) []Row
	// Catalogue is set for a game whose cards are data, read from a
	// catalogue: its vocabulary and its default catalogue.
	Catalogue *catalogue.Vocabulary
	// Board, when set, is the word that begins a set-up line of no player,
	// for the engine's set-up moves of engine.Nobody (Void's board line).
	Board string
	// Declares, when set, tells whether a move written on a set-up line
	// declares part of a position (see engine.Positioned): a transcript
	// with such a move begins from the position it declares, and its
	// first turn may have any number. The game's states then implement
	// engine.Positioned.
	Declares func(m notation.Move) bool
	// RecordedWins is set for a game whose rules cannot derive every win:
	// a recorded win the rules did not reach is then the players' record,
	// not a disagreement.
	RecordedWins bool
	// Unshuffled is set for a game with nothing to shuffle or draw.
	Unshuffled bool
	// Key says once, for referee replay, what the drawings' marks mean.
	Key func(players []string) []string
	// Draw draws a state for referee replay, as seen from view's seat.
	Draw func(st engine.State, view View) Drawing
	// Cards, when set, names the cards a move plays (from a hand into
	// play), for referee stats; a game without it shows no card table.
	Cards func(m notation.Move) []string
	// SVG, when set, draws a state for the web page of referee replay
	// --html, as seen from view's seat (see Canvas).
	SVG func(st engine.State, view View) Picture
}

// Register adds a game to those the referee knows, and returns it. A
// game's room calls it once, from an init function; a name or an extension
// registered twice is a fault of the program, and panics.
func Register(b Binding) Game {
	g := &binding{
		rules:        b.Rules,
		grammar:      b.Grammar,
		ext:          b.Extension,
		summary:      b.Summary,
		toEngine:     b.ToEngine,
		notate:       b.Notate,
		describe:     b.Describe,
		board:        b.Board,
		declares:     b.Declares,
		recordedWins: b.RecordedWins,
		unshuffled:   b.Unshuffled,
		draw:         drawer{key: b.Key, state: b.Draw, svg: b.SVG},
		playedCards:  b.Cards,
	}
	if b.Catalogue != nil {
		g.cards = &cardGame{Vocabulary: b.Catalogue}
	}
	if _, ok := Lookup(g.Name()); ok {
		panic(fmt.Sprintf("the game %s is registered twice", g.Name()))
	}
	if _, ok := ByExtension("x" + g.ext); ok {
		panic(fmt.Sprintf("the extension %s is registered twice", g.ext))
	}
	games = append(games, g)
	return g
}

// binding is a registered game: the Binding its room gave, and the replay
// of its transcripts, one loop for every game.
type binding struct {
	rules   engine.Game
	grammar *notation.Grammar
	ext     string
	summary string
	// toEngine appends to dst the engine moves a parsed move stands for
	// (a1-b2xc3 is a move then an attack); setup tells whether the move is
	// on a set-up line. The replay gives the same dst for every move.
	toEngine func(dst []engine.Move, m notation.Move, setup bool) []engine.Move
	// notate writes an engine move in the notation.
	notate func(engine.Move) string
	// describe writes the compact final state, a row each.
	describe func(st engine.State, players []string) []Row
	// cards is set for a game whose cards are data, read from a catalogue.
	cards *cardGame
	// board, when set, is the word that begins a set-up line of no player,
	// for the engine's set-up moves of engine.Nobody (Void's board line).
	board string
	// declares, when set, tells whether a set-up move declares part of a
	// position.
	declares func(m notation.Move) bool
	// recordedWins is set for a game whose rules cannot derive every win:
	// a recorded win the rules did not reach is then the players' record,
	// not a disagreement.
	recordedWins bool
	// unshuffled is set for a game with nothing to shuffle or draw.
	unshuffled bool
	// draw draws the state for referee replay.
	draw drawer
	// playedCards names the cards a move plays, or is nil (Binding.Cards).
	playedCards func(m notation.Move) []string
}

func (b *binding) cardGame() *cardGame { return b.cards }

// actor is a move that names the player making it, such as a command
// played in the other player's turn.
type actor interface {
	Actor() *notation.PlayerRef
}

func (b *binding) Name() string      { return b.rules.Name() }
func (b *binding) Extension() string { return b.ext }
func (b *binding) Summary() string   { return b.summary }
func (b *binding) EBNF() string      { return b.grammar.EBNF() }

func (b *binding) Variants() []VariantInfo {
	var out []VariantInfo
	for _, v := range b.rules.Variants() {
		out = append(out, VariantInfo{v.Name, v.Values, v.Summary})
	}
	return out
}

// replay is a checked transcript and the state it led to.
type replay struct {
	report     *Report
	transcript *notation.Transcript
	state      engine.State // nil when the transcript could not be replayed
}

// Check checks a transcript. Its tree is parsed in an arena used again
// for the next check (notation.Arena), as the report keeps nothing of
// it: strings and places only.
func (b *binding) Check(path, src string, opts Options) (r *Report) {
	b.grammar.WithArena(func(a *notation.Arena) {
		r = b.runIn(a, path, src, opts).report
	})
	return r
}

// load parses, in a when not nil, and checks the structure of a
// transcript.
func (b *binding) load(a *notation.Arena, path, src string, limits notation.Limits) (*Report, *notation.Transcript) {
	r := &Report{Path: path, Source: src, Game: b.Name(), Unshuffled: b.unshuffled}
	parsed := b.grammar.ParseIn(a, path, src, limits)
	r.Diagnostics, r.Dropped = errorsToDiagnostics(parsed.Errors), parsed.Dropped
	if len(parsed.Errors) > 0 {
		return r, nil
	}
	return r, b.checkParsed(r, parsed, limits)
}

// checkParsed checks the structure of a transcript that parsed, apart
// from load: its frame, a tenth of what the stack holds under a parse,
// is not held while participle builds a grammar, which recurses deep.
func (b *binding) checkParsed(r *Report, parsed *notation.Parsed, limits notation.Limits) *notation.Transcript {
	var subjects []string
	if b.board != "" {
		subjects = append(subjects, b.board)
	}
	t, errs := notation.Check(parsed, b.rules.Players(), subjects...)
	if !b.declaresPosition(t) {
		if err := t.FirstTurnError(); err != nil {
			errs = append(errs, err)
		}
	}
	r.Diagnostics = append(r.Diagnostics, errorsToDiagnostics(errs)...)
	r.Dropped += t.Dropped
	r.Players, r.Seed = t.Players, t.Seed
	if t.Perspective >= 0 {
		r.Perspective = t.Players[t.Perspective]
	}
	if tag := t.Tag("Game"); tag != nil && t.Game != b.Name() {
		r.add(Error, tag.Span(), fmt.Sprintf("this is a %s transcript, but the Game tag says %q", b.Name(), t.Game))
	}
	// A file that chooses no variant has none wrong, and most choose none:
	// the game's list of variants is not even made.
	if len(t.Variants) > 0 {
		if _, err := engine.ResolveVariants(b.rules.Variants(), t.Variants); err != nil {
			r.add(Error, t.VariantTag.Span(), err.Error())
		}
	}
	r.Diagnostics = append(r.Diagnostics, b.movesInComments(parsed)...)
	for _, tag := range t.Tags {
		// A tag the referee does not read is kept, as PGN keeps Event;
		// one a slip away from a tag it reads is most likely that tag.
		if !slices.Contains(readTags, tag.Name) {
			if meant := tagsMeant.Get(tag.Name); meant != "" {
				r.add(Note, tag.Span(), fmt.Sprintf("the tag %s is kept but not read: did you mean %s? (the tags read are %s)", tag.Name, meant, strings.Join(readTags, ", ")))
			}
		}
	}
	slices.SortStableFunc(r.Diagnostics, func(a, b Diagnostic) int { return a.Span.Start.Offset - b.Span.Start.Offset })
	for _, name := range sortedKeys(t.Variants) {
		r.Variants = append(r.Variants, name+"="+t.Variants[name])
	}
	r.keepWithin(limits) // the replay's diagnostics come after these
	return t
}

// maxCommentsRead bounds the line comments read for moves (below): a
// hostile file may hold millions.
const maxCommentsRead = 1000

// movesInComments notes each line comment whose text reads as moves of
// the game, as "; place 9C/KD a2" after "draw 7H" typed with ; for ,: the
// moves are not played, and nothing else would say so. A comment begun
// ;; is taken as meant. The notes change no exit status.
func (b *binding) movesInComments(parsed *notation.Parsed) []Diagnostic {
	var out []Diagnostic
	for _, c := range parsed.Comments[:min(len(parsed.Comments), maxCommentsRead)] {
		text, ok := strings.CutPrefix(c.Text, ";")
		text = strings.TrimSpace(text)
		if !ok || strings.HasPrefix(text, ";") || text == "" || strings.ContainsAny(text, ";\n{}()[]\"") || !b.grammar.ReadsAsMoves(text) {
			continue
		}
		end := c.Pos
		end.Advance(c.Text)
		out = append(out, Diagnostic{Note, notation.Span{Start: c.Pos, End: end},
			fmt.Sprintf("this comment reads as moves, which are not played: %q; a comma separates moves (a ; begins a comment to the end of the line); begin the comment ;; to keep it as it is", text)})
	}
	return out
}

// spanner is what a report may point at, a move or a turn's head: its
// Span method, so that the span is worked out only when a report needs
// it (most moves need none; working out each move's was 2% of a check).
// A method value, not an interface: converting each move to one looked
// up its type's method table at every move.
type spanner func() notation.Span

// turnHead is a turn's number and player, where a report about the turn
// as a whole points.
type turnHead struct{ turn *notation.Turn }

func (h turnHead) Span() notation.Span {
	return notation.Span{Start: h.turn.Node.Pos, End: h.turn.Player.Span().End}
}

// readTags are the header tags the referee reads.
var readTags = []string{"Game", "Players", "Seed", "Perspective", "Variant", "Catalogue"}

// tagsMeant keeps the tag the referee reads that a tag it does not read
// most likely meant, as suggest.Closest gives it, or "": the same few
// tags head most files (Event, Date), and measuring their distance to
// every tag read was 1 to 3% of a check.
var tagsMeant = namememo.New(1024, func(name string) string { return suggest.Closest(name, readTags) })

// declaresPosition tells whether a transcript's set-up lines declare a
// position: whether any of their moves is a declaration.
func (b *binding) declaresPosition(t *notation.Transcript) bool {
	if b.declares == nil {
		return false
	}
	for _, s := range t.Setup {
		if slices.ContainsFunc(s.Moves, b.declares) {
			return true
		}
	}
	return false
}

// run checks a transcript and keeps its tree and the state it led to, for
// those that show them (replay, legal moves).
func (b *binding) run(path, src string, opts Options) *replay {
	return b.runIn(nil, path, src, opts)
}

// runIn is run with the tree parsed in a, when not nil: what it returns
// then holds only until a's next parse.
func (b *binding) runIn(a *notation.Arena, path, src string, opts Options) *replay {
	r, t := b.load(a, path, src, opts.Limits)
	out := &replay{report: r, transcript: t}
	if r.ExitCode() == 2 {
		r.Result = fmt.Sprintf("not replayed: %s", Plural(r.found(), "error"))
		return out
	}
	b.replayLoaded(out, path, opts)
	return out
}

// replayLoaded replays a transcript that loaded, apart from runIn, as
// checkParsed is apart from load.
func (b *binding) replayLoaded(out *replay, path string, opts Options) {
	r, t := out.report, out.transcript
	rules := b.rulesFor(path, t, r, opts)
	if rules == nil {
		r.Result = fmt.Sprintf("not replayed: %s", Plural(r.found(), "error"))
		return
	}
	var state engine.State
	err := guarded(func() (err error) {
		state, err = rules.New(engine.Options{
			Players:  t.Players,
			Seeded:   t.Seeded,
			Seed:     shuffle.ParseSeed(t.Seed),
			Variants: t.Variants,
			OneSeat:  t.Perspective >= 0,
			Seat:     max(t.Perspective, 0),
		})
		return err
	})
	if err != nil {
		// The game cannot start from this header (Mod without a seed):
		// the fault is the header's, so point at its first line.
		var at notation.Span
		if len(t.File.Statements) > 0 {
			at = t.File.Statements[0].Span()
		}

		if _, ok := err.(*internalError); ok {
			r.add(Internal, at, err.Error())
			r.Result = "not replayed: internal error"
			return
		}
		r.add(Error, at, violationText(err))
		r.Result = "not replayed: 1 error"
		return
	}
	r.Replayed = true
	out.state = state
	rp := replayer{b: b, r: r, t: t, state: state, opts: opts, declared: b.declaresPosition(t)}
	rp.plain = opts.beforeMove == nil && opts.afterMove == nil && !opts.KeepGoing && len(t.Corrections) == 0
	rp.assumer, _ = state.(engine.Assumer)
	if rp.assumer == nil {
		rp.assumer = noAssumptions{}
	}
	rp.assumed = rp.assumer.Assumptions()
	if e, ok := state.(engine.Ender); ok {
		rp.ender = e
	} else {
		rp.ender = outcomeEnder{state}
	}
	rp.replay()
	r.Stopped = rp.stopped && !opts.KeepGoing || rp.faulted
	if rp.refused != "" {
		r.Result = "not replayed: " + rp.refused
		r.Outcome = "stopped"
		return
	}
	where := "in the set-up"
	if rp.onTurn > 0 {
		where = fmt.Sprintf("on turn %d", rp.onTurn)
	}
	if rp.faulted {
		r.Result = "not known: internal error " + where
		r.Outcome = "stopped"
		return
	}
	if err := guarded(func() error { b.conclude(r, t, state, where); return nil }); err != nil {
		r.add(Internal, notation.Span{}, err.Error())
		r.Result = "not known: internal error at the end of the replay"
		r.Outcome = "stopped"
	}
}

// replayer replays a transcript's moves on its game's state and reports
// what it meets. Its steps are methods, where they were closures over
// runIn's variables: a closure loaded every variable it held at each call,
// a few dozen instructions a move.
type replayer struct {
	b     *binding
	r     *Report
	t     *notation.Transcript
	state engine.State
	opts  Options
	// assumer counts the moves taken under assumptions about cards
	// nobody recorded (the state, when an engine.Assumer); ender tells
	// whether the game is over (the state, when an engine.Ender): the
	// state's type is asked once, not at every move.
	assumer engine.Assumer
	ender   engine.Ender
	// assumed is the assumer's count after the last move or turn's end,
	// or after the game began, so that it is asked once a move.
	assumed int
	// declared tells whether the set-up lines declare a position.
	declared bool
	// plain tells that a move that declares nothing is only played: no
	// hook sees it, no correction is recorded, and an illegal one stops
	// the replay (no --keep-going).
	plain bool
	// stopped is set at an illegal move that stops the replay, and
	// faulted at a fault of the engine's own.
	stopped, faulted bool
	// refused says why a declared position was refused, when it was (it
	// is impossible, or a declaration is corrected): the game never began,
	// and the result says so.
	refused string
	// onTurn is the turn the replay is in, 0 in the set-up: where it
	// stopped, if it did, is said in words only then.
	onTurn int
	// follow tells, under --keep-going, a move that is illegal only
	// because an illegal move before it was skipped (a follow-on fault)
	// from one illegal in its own right.
	follow followOn
	// ems holds a written move's engine moves, the same slice for each.
	ems []engine.Move
	// making is the move being made, or the turn when between moves, for
	// a fault in it.
	making struct {
		move notation.Move
		turn *notation.Turn
	}
}

// countAssumed counts the move or turn's end just made as unverified when
// it was legal only under an assumption: when the state's count of them
// grew past assumed, the count after the last move or turn's end.
func (rp *replayer) countAssumed() {
	a := rp.assumer.Assumptions()
	if a > rp.assumed {
		rp.r.Unverified++
	}
	rp.assumed = a
}

// noAssumptions is the engine.Assumer of a state that is not one.
type noAssumptions struct{}

func (noAssumptions) Assumptions() int { return 0 }

// outcomeEnder is the engine.Ender of a state that is not one.
type outcomeEnder struct{ engine.State }

func (o outcomeEnder) Over() bool { return o.Outcome().Over }

// fault reports a fault of the engine's own at the move it met it on;
// replay stops there.
func (rp *replayer) fault(span notation.Span, err error) bool {
	rp.r.add(Internal, span, err.Error())
	rp.faulted = true
	return false
}

// illegal reports an illegal move at span; it tells whether to go on.
func (rp *replayer) illegal(span notation.Span, msg string) bool {
	rp.r.Illegal++
	rp.r.add(Illegal, span, msg)
	if rp.opts.KeepGoing {
		return true
	}
	rp.r.add(Note, span, stoppedNote+stoppedHint)
	rp.stopped = true
	return false
}

// over reports a turn or move written after the game ended (ender.Over).
// Replay ends there, but the result stands: the rules decided it before.
func (rp *replayer) over(at spanner) {
	rp.r.Illegal++
	rp.r.add(Illegal, at(), "the game is over: "+describeOutcome(rp.state.Outcome(), rp.t.Players))
}

// impossible reports a declaration, or a whole declared position, that the
// game cannot be played from: an error in the transcript, as a syntax
// error is, rather than an illegal move. Replay stops there.
func (rp *replayer) impossible(span notation.Span, msg string) bool {
	rp.r.add(Error, span, "impossible position: "+msg)
	rp.refused = "impossible position"
	return false
}

// apply plays one written move; it tells whether to go on. A move that
// stands for several (a1-b2xc3) stops at its first illegal part.
func (rp *replayer) apply(player int, m notation.Move, setup bool) bool {
	// The move's span is worked out only where a report needs it: most
	// moves need none.
	if rp.ender.Over() {
		rp.over(m.Span)
		return false
	}
	// A declaration is counted with the moves, as Void's set-up lines
	// always were: the report's count is of what the transcript writes.
	rp.r.Moves++
	declaration := setup && rp.b.declares != nil && rp.b.declares(m)
	if a, ok := any(m).(actor); ok && a.Actor() != nil {
		t := rp.t
		if player = t.PlayerIndex(a.Actor().Text()); player < 0 {
			return rp.illegal(a.Actor().Span(), fmt.Sprintf("%q is not a player%s: the Players tag names %s", a.Actor().Text(), suggest.Hint(a.Actor().Text(), t.Players), strings.Join(t.Players, " and ")))
		}
	}
	if rp.plain && !declaration {
		// Most moves: no hook sees them, and nothing is corrected.
		rp.making.move = m
		rp.ems = rp.b.toEngine(rp.ems[:0], m, setup)
		// play's loop, written here: a call of play was a tenth of
		// such a move's work.
		for _, em := range rp.ems {
			if err := rp.state.Apply(player, em); err != nil {
				return rp.illegal(m.Span(), violationText(err))
			}
		}
		rp.countAssumed()
		return true
	}
	if rp.opts.beforeMove != nil {
		rp.opts.beforeMove(m.Span(), player, setup, rp.state)
	}
	// correction is the move's, or nil: most transcripts record none.
	var correction *notation.Correction
	if len(rp.t.Corrections) > 0 {
		if c, ok := rp.t.CorrectionOf(m); ok {
			correction = &c
		}
	}
	rp.making.move = m
	rp.ems = rp.b.toEngine(rp.ems[:0], m, setup)
	b, r, state, ems := rp.b, rp.r, rp.state, rp.ems
	var ok bool
	switch {
	case declaration && correction != nil:
		// A position says what is on the table: it is not a move, and
		// there is nothing to take back or let stand.
		r.add(Error, correction.Span, fmt.Sprintf("%s after a declaration: a position says what is on the table, and is not a move to %s; write the declaration as the table stands, without the correction",
			correction, declarationCannot[correction.Kind]))
		rp.refused = "a declaration corrected"
		ok = false
	case declaration:
		rp.follow.lose()
		ok = rp.play(player, m, true)
	case correction == nil && rp.opts.KeepGoing:
		ok = rp.follow.play(r, state, player, ems, m.Span, m.String, rp.fault, rp.illegal)
	case correction == nil:
		ok = rp.play(player, m, false)
	case correction.Kind == notation.LetStand:
		rp.follow.lose()
		ok = b.letStand(r, state, player, ems, m.Span(), rp.fault, rp.illegal)
	default:
		ok = b.takeBack(r, rp.t.Players, state, player, ems, m.Span(), *correction, rp.fault)
	}
	if !ok {
		return false
	}
	rp.countAssumed()
	if rp.opts.afterMove != nil {
		note := ""
		if correction != nil {
			note = correction.String()
		}
		rp.opts.afterMove(m, note, player, setup, state)
	}
	return true
}

// endTurn ends the turn written on line turn.
func (rp *replayer) endTurn(player int, turn *notation.Turn) bool {
	ok := rp.end(player, turn)
	rp.countAssumed()
	return ok
}

// end is endTurn without the count of unverified moves.
func (rp *replayer) end(player int, turn *notation.Turn) bool {
	at := turnHead{turn}
	if rp.opts.KeepGoing {
		what := func() string { return fmt.Sprintf("the end of turn %d", turn.Number) }
		return rp.follow.play(rp.r, rp.state, player, []engine.Move{engine.EndTurn{}}, at.Span, what, rp.fault, func(span notation.Span, msg string) bool {
			return rp.illegal(span, "at the end of the turn: "+msg)
		})
	}
	// A panic in the engine goes up to replay's recover, which makes it a
	// fault at this turn's head.
	rp.making.move, rp.making.turn = nil, turn
	if err := rp.state.Apply(player, engine.EndTurn{}); err != nil {
		return rp.illegal(at.Span(), "at the end of the turn: "+violationText(err))
	}
	return true
}

// begin begins the first turn, turn, of a state that is an
// engine.Beginner; it tells whether the replay stops there.
func (rp *replayer) begin(turn *notation.Turn) bool {
	bg, ok := rp.state.(engine.Beginner)
	if !ok {
		return false
	}
	rp.follow.lose()
	if err := bg.Begin(); err != nil {
		span := notation.Span{Start: turn.Node.Span().Start, End: turn.Player.Span().End}
		return !rp.illegal(span, violationText(err))
	}
	return false
}

// replay plays the set-up lines and the turns.
func (rp *replayer) replay() {
	b, r, t := rp.b, rp.r, rp.t
	// A panic in a move's engine moves (play makes them unguarded, a
	// deferred recover at every move being a percent of a check) is a
	// fault at that move, as guarded makes it elsewhere: replay stops
	// there.
	defer func() {
		if v := recover(); v != nil {
			var at notation.Span // before the first move and turn, nowhere
			switch {
			case rp.making.move != nil:
				at = rp.making.move.Span()
			case rp.making.turn != nil:
				at = turnHead{rp.making.turn}.Span()
			}
			rp.fault(at, &internalError{v})
		}
	}()
	for _, s := range t.Setup {
		player := t.PlayerIndex(s.Player.Text())
		for _, m := range s.Moves {
			if !rp.apply(player, m, true) {
				return
			}
		}
	}
	prev := -1 // the player of the turn before
	for i, turn := range t.Turns {
		player := t.PlayerIndex(turn.Player.Text())
		// A game already over stops at this turn's line, pointed at by
		// its number and player; one that the end of the last turn ends
		// stops there too.
		turnAt := turnHead{turn}
		rp.making.move, rp.making.turn = nil, turn
		if rp.ender.Over() {
			rp.over(turnAt.Span)
			return
		}
		if i > 0 {
			if !rp.endTurn(prev, t.Turns[i-1]) {
				return
			}
			rp.making.turn = turn
			if rp.ender.Over() {
				if rp.state.Outcome().Turn != turn.Number {
					rp.over(turnAt.Span)
					return
				}
				// The game ended as this turn began (a loss at the start
				// of a turn): its line may be written, as legal offers
				// it, and a move in it is past the end.
				r.Turns++
				rp.onTurn = turn.Number
				if want, written := turnPlayer(rp.state), player; want >= 0 && want != written {
					rp.illegal(turnAt.Span(), fmt.Sprintf("turn %d is %s's, not %s's: the turns before it give it to %s", turn.Number, t.Players[want], t.Players[written], t.Players[want]))
					return
				}
				for _, m := range turn.Moves {
					if !rp.apply(player, m, false) {
						return
					}
				}
				prev = player
				continue // a turn line after it is past the end
			}
		}
		prev = player
		// A declared position ends at the first turn line, which says
		// whose turn and which it is: only then can it be written again.
		if rp.declared && i == 0 {
			rp.follow.lose()
		}
		if rp.declared && i == 0 && !b.startAt(rp.state, turn, player, rp.fault, rp.impossible) {
			return
		}
		r.Turns++
		rp.onTurn = turn.Number
		if rp.opts.beforeTurn != nil {
			rp.opts.beforeTurn(notation.Span{Start: turn.Node.Span().Start, End: turn.Player.Span().End}, turn.Number, player, rp.state)
		}
		if i == 0 {
			if rp.begin(turn) {
				return
			}
			// What the position's start and the first turn's beginning
			// took under assumptions is no move's.
			rp.assumed = rp.assumer.Assumptions()
		}
		if rp.opts.turnStart != nil {
			rp.opts.turnStart(notation.Span{Start: turn.Node.Span().Start, End: turn.Player.Span().End}, turn.Number, player, rp.state)
		}
		for _, m := range turn.Moves {
			if !rp.apply(player, m, false) {
				return
			}
		}
	}
	// The result line ends the last turn (ruling: a turn ends where the
	// next turn or the result line begins).
	if t.Result != nil && len(t.Turns) > 0 && !rp.state.Outcome().Over {
		last := t.Turns[len(t.Turns)-1]
		rp.endTurn(t.PlayerIndex(last.Player.Text()), last)
	}
	// A last turn with no move and nothing to end it never meets the
	// engine, which would refuse the wrong player at a move or at the
	// turn's end: check its line's player here, so that it does not pass
	// unseen.
	if n := len(t.Turns); t.Result == nil && n > 0 && len(t.Turns[n-1].Moves) == 0 && !rp.state.Outcome().Over {
		last := t.Turns[n-1]
		if want, written := turnPlayer(rp.state), t.PlayerIndex(last.Player.Text()); want >= 0 && want != written {
			span := notation.Span{Start: last.Node.Span().Start, End: last.Player.Span().End}
			rp.illegal(span, fmt.Sprintf("turn %d is %s's, not %s's: the turns before it give it to %s", last.Number, t.Players[want], t.Players[written], t.Players[want]))
		}
	}
}

// turnEnded tells whether st's turn has ended by a move of its own,
// before the next turn line (engine.TurnEnder).
func turnEnded(st engine.State) bool {
	te, ok := st.(engine.TurnEnder)
	return ok && te.TurnEnded()
}

// startAt ends a declared position at the first turn line, turn, of
// player (see engine.Positioned); a position the game cannot be played
// from is reported by impossible. It tells whether to go on.
func (b *binding) startAt(state engine.State, turn *notation.Turn, player int, fault func(notation.Span, error) bool, impossible func(notation.Span, string) bool) bool {
	span := notation.Span{Start: turn.Node.Span().Start, End: turn.Player.Span().End}
	p, ok := state.(engine.Positioned)
	if !ok {
		return fault(span, &internalError{fmt.Sprintf("%s declares positions, but its state %T cannot start from one", b.Name(), state)})
	}
	if err := guarded(func() error { return p.StartAt(turn.Number, player) }); err != nil {
		if _, ok := err.(*internalError); ok {
			return fault(span, err)
		}
		return impossible(span, violationText(err))
	}
	return true
}

// declarationCannot is what a correction would do that a declaration
// cannot have done to it, by the correction.
var declarationCannot = map[notation.CorrectionKind]string{
	notation.TakenBack: "take back",
	notation.Penalty:   "take back with a penalty",
	notation.LetStand:  "let stand",
}

// play plays a written move's engine moves, rp.ems, on the state. A move
// that stands for several (a1-b2xc3) stops at its first illegal part,
// which is reported as illegal, or as impossible for a declaration. A
// panic in the engine goes up to the replay's recover, which makes it a
// fault at the move. It tells whether to go on.
func (rp *replayer) play(player int, m notation.Move, declaration bool) bool {
	for _, em := range rp.ems {
		if err := rp.state.Apply(player, em); err != nil {
			if declaration {
				return rp.impossible(m.Span(), violationText(err))
			}
			return rp.illegal(m.Span(), violationText(err))
		}
	}
	return true
}

// followOn tells, under --keep-going, a follow-on fault from an
// independent one. When an illegal move is skipped, shadow is the game
// with that move made as at the table (engine.Forcer), and every move
// after it is played on both. A later move illegal in the game but legal
// in the shadow is illegal only because the earlier move was skipped:
// its report says so, and names that move. With no Forcer, or once the
// two games cannot be kept side by side (a move the shadow refuses, a
// move let stand, a position), there is no shadow, and nothing is said.
type followOn struct {
	shadow  engine.State
	skipped string // the illegal move the shadow has made, as written
}

// lose forgets the shadow: the game changes in a way it does not follow.
func (f *followOn) lose() { f.shadow = nil }

// play plays ems, the written move what (written when needed) at at, on state, reporting an illegal
// part with illegal and skipping the rest of it, and plays it on the
// shadow too. The move a fault follows from is named by its text, not its
// place, so that the report says the same of a transcript reformatted.
func (f *followOn) play(r *Report, state engine.State, player int, ems []engine.Move, at spanner, what func() string, fault func(notation.Span, error) bool, illegal func(notation.Span, string) bool) bool {
	for i, em := range ems {
		err := guarded(func() error { return state.Apply(player, em) })
		if err == nil {
			continue
		}
		span := at()
		if _, ok := err.(*internalError); ok {
			return fault(span, err)
		}
		// The shadow has made none of this move yet: it tries all of it.
		var trial engine.State
		if f.shadow != nil {
			trial = f.shadow.Clone()
			if applyAll(trial, player, ems, engine.State.Apply) != nil {
				trial = nil
			}
		}
		goOn := illegal(span, violationText(err))
		if trial != nil {
			r.add(Note, span, fmt.Sprintf("this follows from the illegal move %s, skipped before it: had that been made, this move would be legal", f.skipped))
			f.shadow = trial
			return goOn
		}
		// A fault of its own: the shadow starts again from the game, with
		// the rest of this move made as at the table.
		f.shadow, f.skipped = nil, what()
		if _, ok := state.(engine.Forcer); ok {
			shadow := state.Clone()
			force := func(s engine.State, p int, m engine.Move) error { return s.(engine.Forcer).Force(p, m) }
			if applyAll(shadow, player, ems[i:], force) == nil {
				f.shadow = shadow
			}
		}
		return goOn
	}
	if f.shadow != nil && applyAll(f.shadow, player, ems, engine.State.Apply) != nil {
		f.shadow = nil
	}
	return true
}

// applyAll makes ems on state with apply, stopping at the first refused;
// an engine's fault counts as a refusal.
func applyAll(state engine.State, player int, ems []engine.Move, apply func(engine.State, int, engine.Move) error) error {
	for _, em := range ems {
		if err := guarded(func() error { return apply(state, player, em) }); err != nil {
			return err
		}
	}
	return nil
}

// takeBack judges a move the players took back, with or without a
// penalty: the move is checked on a copy of the state and recorded as a
// ruling, legal or not, and the game goes on without it.
func (b *binding) takeBack(r *Report, players []string, state engine.State, player int, ems []engine.Move, span notation.Span, c notation.Correction, fault func(notation.Span, error) bool) bool {
	trial := state.Clone()
	var refused error
	for _, em := range ems {
		if err := guarded(func() error { return trial.Apply(player, em) }); err != nil {
			if _, ok := err.(*internalError); ok {
				return fault(span, err)
			}
			refused = err
			break
		}
	}
	what := "taken back"
	switch {
	case c.Kind == notation.Penalty && player < 0:
		// A board line's move (Void's) is no player's to be penalised for.
		what = "taken back, with no player to take the penalty"
	case c.Kind == notation.Penalty:
		what = fmt.Sprintf("taken back, with a penalty to %s", players[player])
		if r.Penalties == nil {
			r.Penalties = make([]int, len(players))
		}
		r.Penalties[player]++
	}
	r.Rulings++
	if refused == nil {
		r.add(Note, span, fmt.Sprintf("recorded ruling: move %s, though the rules allow it", what))
		return true
	}
	r.add(Note, span, fmt.Sprintf("recorded ruling: illegal move %s: %s", what, violationText(refused)))
	return true
}

// letStand plays a move the players let stand: a part the rules refuse is
// forced, as far as it can be made at all (engine.Forcer), and recorded as
// a ruling; a part that cannot be made is an illegal move all the same.
func (b *binding) letStand(r *Report, state engine.State, player int, ems []engine.Move, span notation.Span, fault func(notation.Span, error) bool, illegal func(notation.Span, string) bool) bool {
	var refused []string
	for _, em := range ems {
		err := guarded(func() error { return state.Apply(player, em) })
		if err == nil {
			continue
		}
		if _, ok := err.(*internalError); ok {
			return fault(span, err)
		}
		forcer, ok := state.(engine.Forcer)
		if !ok {
			return illegal(span, violationText(err)+fmt.Sprintf("; it cannot be let stand: the %s referee cannot replay a move its rules refuse", b.Name()))
		}
		if ferr := guarded(func() error { return forcer.Force(player, em) }); ferr != nil {
			if _, ok := ferr.(*internalError); ok {
				return fault(span, ferr)
			}
			why := violationText(ferr)
			if why == violationText(err) {
				why = "no hand at the table could make this move"
			}
			return illegal(span, violationText(err)+"; it cannot be let stand: "+why)
		}
		refused = append(refused, violationText(err))
	}
	r.Rulings++
	if len(refused) == 0 {
		r.add(Note, span, "recorded ruling: move let stand, though the rules allow it")
		return true
	}
	r.add(Note, span, "recorded ruling: illegal move let stand: "+strings.Join(refused, "; "))
	return true
}

// lastTurnNumber is the number of a transcript's last turn line, 0 when it
// has none: its count, unless it begins from a declared position.
func lastTurnNumber(t *notation.Transcript) int {
	if n := len(t.Turns); n > 0 {
		return t.Turns[n-1].Number
	}
	return 0
}

// conclude writes the result the rules give and compares the recorded one.
func (b *binding) conclude(r *Report, t *notation.Transcript, state engine.State, where string) {
	r.State = b.describe(state, t.Players)
	if r.Stopped {
		r.Result = "not known: replay stopped at the illegal move " + where
		r.Outcome = "stopped"
		return
	}
	o := state.Outcome()
	switch {
	case o.Over && o.Winner == engine.Nobody:
		r.Result = describeOutcome(o, t.Players)
		r.Outcome = "draw"
	case o.Over:
		r.Result = describeOutcome(o, t.Players)
		r.Outcome = t.Players[o.Winner] + " wins"
	case state.ToMove() < 0:
		r.Result = fmt.Sprintf("unfinished: the %s line is next", b.board)
		r.Outcome = "unfinished"
	case turnEnded(state):
		r.Result = fmt.Sprintf("unfinished: %s's turn %d has ended; turn %d is next", t.Players[state.ToMove()], state.Turn(), state.Turn()+1)
		r.Outcome = "unfinished"
	default:
		r.Result = fmt.Sprintf("unfinished: %s to move on turn %d", t.Players[state.ToMove()], max(state.Turn(), 1))
		r.Outcome = "unfinished"
	}
	rec := t.Result
	if rec == nil {
		return
	}
	recorded := recordedText(rec)
	disagree := func() {
		r.add(Mismatch, rec.Span(), fmt.Sprintf("the recorded result %q disagrees with the rules: %s", recorded, r.Result))
		r.Recorded = recorded + " (disagrees)"
	}
	switch {
	case rec.Unfinished:
		if o.Over {
			disagree()
			return
		}
	case rec.Draw:
		if o.Over && o.Winner == engine.Nobody {
			break // the rules give the draw too
		}
		if o.Over {
			disagree()
			return
		}
		r.Result = fmt.Sprintf("draw by agreement after turn %d", lastTurnNumber(t))
		r.Outcome = "draw"
		r.Recorded = recorded + " (recorded, not derived from the rules)"
		return
	case rec.Verb == "resigns":
		if o.Over {
			disagree()
			return
		}
		loser := t.PlayerIndex(rec.Player.Text())
		winner := t.Players[1-loser]
		if len(t.Players) != 2 {
			winner = "the other players"
		}
		r.Result = fmt.Sprintf("%s wins: %s resigned after turn %d", winner, t.Players[loser], lastTurnNumber(t))
		r.Outcome = winner + " wins"
		r.Recorded = recorded + " (recorded, not derived from the rules)"
		return
	default: // wins
		if !o.Over && b.recordedWins {
			r.Result = fmt.Sprintf("%s wins after turn %d, as recorded", rec.Player.Text(), lastTurnNumber(t))
			r.Outcome = rec.Player.Text() + " wins"
			r.Recorded = recorded + " (recorded, not derived from the rules)"
			return
		}
		if !o.Over || t.Players[o.Winner] != rec.Player.Text() {
			disagree()
			return
		}
	}
	r.Recorded = recorded + " (agrees)"
}

// describeOutcome says how a game ended.
func describeOutcome(o engine.Outcome, players []string) string {
	if o.Winner == engine.Nobody {
		return fmt.Sprintf("draw on turn %d: %s", o.Turn, o.Reason)
	}
	return fmt.Sprintf("%s wins on turn %d: %s", players[o.Winner], o.Turn, o.Reason)
}

func recordedText(rec *notation.Result) string {
	switch {
	case rec.Draw:
		return "draw"
	case rec.Unfinished:
		return "unfinished"
	}
	return rec.Player.Text() + " " + rec.Verb
}

// The note at the illegal move a replay stopped at, and check's hint on
// going further, which replay, with no such flag, leaves out.
const (
	stoppedNote = "replay stopped at the first illegal move"
	stoppedHint = "; --keep-going checks the rest"
)

// internalError is a panic in a parser or an engine, caught.
type internalError struct{ value any }

func (e *internalError) Error() string { return internalText(e.value) }

// internalText says what went wrong inside the referee.
func internalText(v any) string {
	return fmt.Sprintf("internal error: %v (a fault of the referee, not of the transcript: please report it with this file)", v)
}

// guarded runs f, turning a panic into an *internalError.
func guarded(f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &internalError{v}
		}
	}()
	return f()
}

func violationText(err error) string {
	var v *engine.Violation
	if errors.As(err, &v) {
		return v.Error()
	}
	return "internal error: " + err.Error()
}

func (b *binding) Format(path, src string) (string, []Diagnostic) {
	parsed := b.grammar.Parse(path, src)
	if len(parsed.Errors) > 0 {
		diags := errorsToDiagnostics(parsed.Errors)
		if parsed.Dropped > 0 {
			// The parse keeps the first errors only (notation.DefaultMaxErrors).
			diags = append(diags, Diagnostic{Note, notation.Span{}, fmt.Sprintf("%s more not shown", Plural(parsed.Dropped, "error"))})
		}
		return "", diags
	}
	return b.print(parsed), nil
}

// print writes a parsed transcript in the canonical layout.
func (b *binding) print(parsed *notation.Parsed) string {
	bare := notation.BareName(b.grammar.Lexer())
	if b.board != "" {
		// The board word stands bare, as the docs write it.
		plain := bare
		bare = func(name string) bool { return name == b.board || plain(name) }
	}
	return notation.Print(parsed, bare)
}

// LegalMoves are the moves open at the end of a transcript.
type LegalMoves struct {
	Player string
	Turn   int
	Moves  []string
	// Setup is set when the moves go on Player's set-up line, before the
	// first turn, rather than in turn Turn.
	Setup   bool
	EndTurn bool   // whether ending the turn (writing the next turn) is legal
	Over    string // the result, when the game is over
	// Ended is the transcript's last turn when it could only end: the
	// moves listed are then the next turn's.
	Ended *EndedTurn
}

// EndedTurn is a turn that could only end.
type EndedTurn struct {
	Player string
	Turn   int
}

func (b *binding) Legal(path, src string, opts Options) (*LegalMoves, *Report) {
	rp := b.run(path, src, opts)
	r := rp.report
	if r.ExitCode() != 0 || rp.state == nil {
		return nil, r
	}
	if t := rp.transcript; len(t.Turns) == 0 && b.declaresPosition(t) && !settingUp(rp.state) {
		// The turn line ends a declared position: until it is written,
		// no one is to move. A set-up still under way (a seeded Void's
		// planned set-up) lists its next move instead.
		c := *r
		c.Diagnostics = append(c.Diagnostics[:len(c.Diagnostics):len(c.Diagnostics)], Diagnostic{Error, notation.Span{Start: t.EOF, End: t.EOF},
			fmt.Sprintf("the position is declared, but no turn line says whose turn it is and which: write the first, as in 12. %s:", quoteName(b, t.Players[0]))})
		return nil, &c
	}
	st := rp.state
	legal := st.Legal()
	lm := &LegalMoves{}
	// A turn that can only end is as good as ended: show the next turn's
	// moves, which are what the players want to know.
	if len(legal) == 1 && legal[0] == engine.Move(engine.EndTurn{}) {
		lm.Ended = &EndedTurn{Player: r.Players[st.ToMove()], Turn: max(st.Turn(), 1)}
		st = st.Clone()
		if err := st.Apply(st.ToMove(), engine.EndTurn{}); err != nil {
			panic(fmt.Sprintf("%s: Legal lists ending the turn, which is illegal: %v", b.Name(), err))
		}
		legal = st.Legal()
	}
	if o := st.Outcome(); o.Over {
		lm.Over = r.Result
		if lm.Ended != nil {
			lm.Over = describeOutcome(o, r.Players)
		}
		return lm, r
	}
	lm.Player, lm.Turn = b.subject(r.Players, st.ToMove()), max(st.Turn(), 1)
	for _, m := range legal {
		if _, ok := m.(engine.OnSetupLine); ok {
			lm.Setup = true
		}
		if _, ok := m.(engine.EndTurn); ok {
			lm.EndTurn = true
			continue
		}
		mover := turnPlayer(st)
		if by, ok := m.(engine.By); ok {
			mover, m = by.Player, by.Move
		}
		lm.Moves = append(lm.Moves, b.writeMove(m, mover, turnPlayer(st), r.Players))
	}
	if !lm.Setup && st.Turn() == 0 && lm.Ended == nil && len(lm.Moves) > 0 {
		// Before the first turn a game may still be set up by moves its
		// engine takes unwrapped (Sortie's opening draws), or may list turn
		// 1's moves (a seeded Sortie's placements): the first move, written
		// as turn 1's, tells which.
		turn1 := strings.TrimRight(src, "\n") + "\n\n" + fmt.Sprintf("1. %s: %s\n", quoteName(b, lm.Player), lm.Moves[0])
		lm.Setup = b.Check(path, turn1, opts).ExitCode() != 0
	}
	return lm, r
}

// settingUp tells whether a state's legal moves are set-up-line moves:
// its set-up is still being written.
func settingUp(st engine.State) bool {
	return slices.ContainsFunc(st.Legal(), func(m engine.Move) bool {
		_, ok := m.(engine.OnSetupLine)
		return ok
	})
}

// quoteName writes a player's name as the notation needs it: bare, or
// quoted.
func quoteName(b *binding, name string) string {
	if notation.BareName(b.grammar.Lexer())(name) {
		return name
	}
	return strconv.Quote(name)
}

// subject is the name a set-up line of player p begins with: the player's,
// or the game's board word for engine.Nobody.
func (b *binding) subject(players []string, p int) string {
	if p < 0 {
		return b.board
	}
	return players[p]
}

// activePlayer is a state that tells whose turn it is, when the player to
// act may be another (a player answering in Void).
type activePlayer interface{ Active() int }

// turnPlayer is the player whose turn it is.
func turnPlayer(st engine.State) int {
	if a, ok := st.(activePlayer); ok {
		return a.Active()
	}
	return st.ToMove()
}

// writeMove writes a move as a transcript would in a turn of turn's
// player, naming the player who makes it when that is another.
func (b *binding) writeMove(m engine.Move, mover, turn int, players []string) string {
	text := b.notate(m)
	if mover == turn || mover < 0 {
		return text
	}
	return quoteName(b, players[mover]) + " " + text
}

// Random plays uniformly among the kinds of legal move (place, move,
// attack, end the turn, ...), then uniformly among the moves of that kind,
// so that no kind crowds out the others.
func (b *binding) Random(seed uint64) (string, string) {
	text, outcome, err := b.RandomWith(seed, RandomOptions{})
	if err != nil {
		panic(err) // a seeded game always plays
	}
	return text, outcome
}

// RandomWith is Random written as opts asks: without a seed, every card
// the seed dealt written where it was dealt, and from one seat, the cards
// hidden from it written "?" (engine.Recorder, engine.Hider).
func (b *binding) RandomWith(seed uint64, opts RandomOptions) (string, string, error) {
	g, err := b.generate(seed, opts, generator{})
	return g.text, g.outcome, err
}

// generate plays a game from seed, its moves chosen as gen says (at
// random when it says nothing), and writes its transcript as opts asks.
func (b *binding) generate(seed uint64, opts RandomOptions, gen generator) (generated, error) {
	const maxTurns, maxMovesPerTurn, maxSetupMoves = 200, 40, 100
	rng := shuffle.New(seed)
	gameSeed := rng.Uint64()
	players := []string{"Ann", "Ben", "Cy", "Di"}[:b.rules.Players()]
	if gen.players != nil {
		players = gen.players
	}
	event := "random game"
	if gen.event != "" {
		event = gen.event
	}
	// choose picks the next move among legal, the moves open in st.
	choose := func(st engine.State, legal []engine.Move) engine.Move {
		if gen.choose != nil && len(legal) > 0 {
			if m := gen.choose(st, legal); m != nil {
				return m
			}
		}
		return bot.Pick(rng, legal)
	}
	rules := b.rules
	if b.cards != nil {
		rules = b.cards.defaultRules(b.Name())
	}
	seat := -1
	if opts.Perspective != "" {
		if seat = slices.Index(players, opts.Perspective); seat < 0 {
			return generated{}, fmt.Errorf("random games are played by %s: %q is not one of them", strings.Join(players, " and "), opts.Perspective)
		}
		opts.Unseeded = true
	}
	st, err := rules.New(engine.Options{Players: players, Seeded: true, Seed: gameSeed, Variants: gen.variants})
	if err != nil {
		panic(err) // the default variants always set up
	}
	recorder, _ := st.(engine.Recorder)
	hider, _ := st.(engine.Hider)
	switch {
	case !opts.Unseeded:
		recorder = nil
	case recorder == nil && b.unshuffled:
		// Nothing is shuffled: the moves are the record.
	case recorder == nil:
		return generated{}, fmt.Errorf("%s cannot write its random games without a seed", b.Name())
	}
	if seat >= 0 && hider == nil {
		return generated{}, fmt.Errorf("%s cannot write its random games from one seat", b.Name())
	}
	var out strings.Builder
	fmt.Fprintf(&out, "[Game %q]\n[Event %q]\n[Players", b.Name(), event)
	for _, p := range players {
		fmt.Fprintf(&out, " %q", p)
	}
	out.WriteString("]\n")
	if !opts.Unseeded {
		fmt.Fprintf(&out, "[Seed \"%d\"]\n", gameSeed)
	}
	if seat >= 0 {
		fmt.Fprintf(&out, "[Perspective %q]\n", players[seat])
	}
	if len(gen.variants) > 0 {
		out.WriteString("[Variant")
		for _, name := range sortedKeys(gen.variants) {
			fmt.Fprintf(&out, " %q", name+"="+gen.variants[name])
		}
		out.WriteString("]\n")
	}
	out.WriteString("\n")
	// written is what the transcript writes for the moves played since it
	// last asked: the move itself, or what an unseeded record writes.
	written := func(player int, m engine.Move) []engine.By {
		if recorder == nil {
			return []engine.By{{Player: player, Move: m}}
		}
		return recorder.Recorded()
	}
	hide := func(e engine.By) engine.Move {
		if seat >= 0 {
			return hider.Hide(seat, e.Player, e.Move)
		}
		return e.Move
	}
	// A game whose set-up is made of choices (a draft) lists them as
	// set-up-line moves: a player's moves in a row share a line.
	var line []string
	subject := ""
	flush := func() {
		if len(line) > 0 {
			out.WriteString(notation.MoveLine(subject+":", line) + "\n")
		}
		line = nil
	}
	names := quoted(b, players)
	setupLine := func(es []engine.By) {
		for _, e := range es {
			if _, end := e.Move.(engine.EndTurn); end {
				continue
			}
			if who := b.subject(names, e.Player); who != subject {
				flush()
				subject = who
			}
			line = append(line, b.notate(hide(e)))
		}
	}
	if recorder != nil {
		setupLine(recorder.Recorded())
	}
	setupMoves := 0
	for ; setupMoves < maxSetupMoves; setupMoves++ {
		legal := st.Legal()
		if len(legal) == 0 {
			break
		}
		if _, ok := legal[0].(engine.OnSetupLine); !ok {
			break
		}
		player, m := st.ToMove(), choose(st, legal)
		if err := st.Apply(player, m); err != nil {
			panic(fmt.Sprintf("random %s game %d: a listed set-up move is illegal: %v", b.Name(), seed, err))
		}
		setupLine(written(player, m))
	}
	flush()
	if out.String()[out.Len()-2:] != "\n\n" {
		out.WriteString("\n")
	}
	// carried is what the end of the last turn dealt, written at the start
	// of the next turn's line.
	var carried []engine.By
	turns, made := 0, 0 // the turns written, and the moves in them
	for turn := 1; turn <= maxTurns && !st.Outcome().Over; turn++ {
		player := st.ToMove()
		var moves []string
		add := func(es []engine.By) {
			for _, e := range es {
				if _, end := e.Move.(engine.EndTurn); !end {
					made++
					moves = append(moves, b.writeMove(hide(e), e.Player, player, players))
				}
			}
		}
		add(carried)
		carried = nil
		for {
			legal := st.Legal()
			if len(moves) >= maxMovesPerTurn && slices.ContainsFunc(legal, isEndTurn) {
				break // long enough: end the turn where the game allows it
			}
			if len(moves) >= 10*maxMovesPerTurn {
				panic(fmt.Sprintf("random %s game %d: turn %d cannot end", b.Name(), seed, turn))
			}
			m := choose(st, legal)
			if _, end := m.(engine.EndTurn); end || m == nil {
				break
			}
			// The turn's player makes the move, or the player a By names.
			mover := player
			if by, ok := m.(engine.By); ok {
				mover, m = by.Player, by.Move
			}
			if err := st.Apply(mover, m); err != nil {
				panic(fmt.Sprintf("random %s game %d: a listed move is illegal: %v", b.Name(), seed, err))
			}
			add(written(mover, m))
		}
		if !st.Outcome().Over {
			if err := st.Apply(player, engine.EndTurn{}); err != nil {
				panic(fmt.Sprintf("random %s game %d: ending the turn is illegal: %v", b.Name(), seed, err))
			}
			// What the seed dealt before the turn ended is this turn's;
			// what the end of the turn dealt, the next turn's.
			es := written(player, engine.EndTurn{})
			end := slices.IndexFunc(es, func(e engine.By) bool { _, ok := e.Move.(engine.EndTurn); return ok })
			if end < 0 {
				end = len(es)
			}
			add(es[:end])
			if end < len(es) {
				carried = es[end+1:]
			}
		}
		out.WriteString(notation.MoveLine(fmt.Sprintf("%d. %s:", turn, quoteName(b, players[player])), moves) + "\n")
		turns = turn
	}
	g := generated{outcome: "unfinished", winner: engine.Nobody, turns: turns, moves: made}
	if o := st.Outcome(); o.Over {
		g.over, g.winner, g.reason = true, o.Winner, o.Reason
		g.outcome = "draw"
		if o.Winner != engine.Nobody {
			g.outcome = players[o.Winner] + " wins"
			fmt.Fprintf(&out, "\nresult: %s wins\n", quoteName(b, players[o.Winner]))
		} else {
			out.WriteString("\nresult: draw\n")
		}
	} else {
		out.WriteString("\nresult: unfinished\n")
	}
	g.text = out.String()
	return g, nil
}

func isEndTurn(m engine.Move) bool { _, ok := m.(engine.EndTurn); return ok }

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Plural writes n and word, in the plural but for 1: "3 cards".
func Plural(n int, word string) string { return string(AppendPlural(nil, n, word)) }

// AppendPlural appends to b what Plural writes.
func AppendPlural(b []byte, n int, word string) []byte {
	b = append(strconv.AppendInt(b, int64(n), 10), ' ')
	b = append(b, word...)
	if n != 1 {
		b = append(b, 's')
	}
	return b
}
