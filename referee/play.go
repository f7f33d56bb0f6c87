package referee

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/tabletop-referee/referee/engine/bot"
	"github.com/tabletop-referee/referee/notation"
)

// Session records a game live, as it is played at the table: each line
// typed is a move, checked the moment it is typed, or a command (end, undo,
// legal, show, result, help, quit). The session keeps the transcript it has
// built, always in the canonical layout and always checking clean, and
// writes it to its file after every change, atomically, so that the file
// on disk is a whole transcript whatever happens to the process.
//
// A typed move is judged by the game's own Check on the transcript it
// would make: there is no second path through the rules.
type Session struct {
	game Game
	// path is the transcript's file, written after every change; "" for
	// a session kept in memory. Check reads a Catalogue tag relative to it.
	path string
	// text is the transcript so far, in the canonical layout.
	text string
	// opts are what every check of text is made with.
	opts Options
	// Palette colours what the session writes.
	Palette Palette

	// What replaying text gave, set again whenever text changes.
	report *Report
	replay *Replay
	// legal are the legal moves after text, worked out at the first ask
	// (legalMoves): typing a line replays the text to check and show it,
	// and listing the moves is a replay more, which most lines never use.
	legal      *LegalMoves
	legalKnown bool
	// options are what Complete offers, worked out at the first tab;
	// after are the moves that may follow the moves typed before a comma,
	// by those moves.
	options []string
	after   map[string][]string
	// lastLine is the last line of moves typed, while it is the last
	// change: undo takes its moves back together.
	lastLine *typedLine
	// drawn is the last drawing written, without colour, so that an
	// unchanged table is not drawn again and a changed one shows what
	// changed; nil draws in full.
	drawn []string
	// bot, when set, plays one seat (SetBot).
	bot     bot.Bot
	botSeat int
}

// Status is what became of one line typed in a session.
type Status int

// The statuses of a typed line.
const (
	// Unchanged: a command that only shows something, or an empty line.
	Unchanged Status = iota
	// Accepted: the transcript changed, and was written.
	Accepted
	// Rejected: the line was refused, and the transcript is as it was.
	Rejected
	// Quit: the session is over.
	Quit
)

func (s Status) String() string {
	return [...]string{"unchanged", "accepted", "rejected", "quit"}[s]
}

// NewSession starts a session on src: a new game's header (tags, and any
// set-up lines), or a transcript played so far, to go on with. path is
// the file the session writes ("" for none). A transcript that does not
// check clean is refused: the session is nil and the report says why. A
// closing "result: unfinished" is taken off, so that play goes on where
// it stopped. Every check is made with opts.
func NewSession(g Game, path, src string, opts Options) (*Session, *Report) {
	r := g.Check(path, src, opts)
	if r.ExitCode() != 0 {
		return nil, r
	}
	text, diags := g.Format(path, src)
	if len(diags) > 0 {
		r.Diagnostics = append(r.Diagnostics, diags...)
		return nil, r
	}
	if strings.HasPrefix(r.Recorded, "unfinished") {
		if loc := lastResultLine(text); loc != nil {
			text, _ = g.Format(path, text[:loc[0]]+text[loc[1]:])
		}
	}
	if opts.Seat == "" {
		// A record made from one seat is drawn from that seat.
		opts.Seat = r.Perspective
	}
	s := &Session{game: g, path: path, text: text, opts: opts}
	s.refresh()
	if s.report.ExitCode() != 0 {
		return nil, s.report
	}
	return s, s.report
}

// Text is the transcript so far, in the canonical layout.
func (s *Session) Text() string { return s.text }

// Save writes the transcript to the session's file, atomically.
func (s *Session) Save() error {
	if s.path == "" {
		return nil
	}
	return WriteAtomic(s.path, []byte(s.text))
}

// refresh replays the text, for the state drawn, the open line and the
// legal moves.
func (s *Session) refresh() {
	s.replay, s.report = s.game.Replay(s.path, s.text, s.opts)
	s.legal, s.legalKnown = nil, false
	s.options, s.after = nil, nil
}

// legalMoves are the legal moves after the text (Legal's), or nil.
func (s *Session) legalMoves() *LegalMoves {
	if !s.legalKnown {
		s.legal, _ = s.game.Legal(s.path, s.text, s.opts)
		s.legalKnown = true
	}
	return s.legal
}

// finished tells whether the transcript has a result line.
func (s *Session) finished() bool { return s.report.Recorded != "" }

// over tells whether the rules have ended the game.
func (s *Session) over() bool {
	return s.report.Outcome != "" && s.report.Outcome != "unfinished" && s.report.Outcome != "stopped"
}

// openTurn is the last turn written: its number, its player and its moves
// so far; 0 before the first turn.
func (s *Session) openTurn() (turn int, player string, moves []string) {
	steps := s.replay.Steps
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i].Kind == TurnStep {
			for _, st := range steps[i+1:] {
				if st.Kind == MoveStep {
					moves = append(moves, st.Move)
				}
			}
			return steps[i].Turn, steps[i].Subject, moves
		}
	}
	return 0, "", nil
}

// openSetup is the set-up line the transcript ends with, when it does:
// its subject and its moves.
func (s *Session) openSetup() (subject string, moves []string, ok bool) {
	head := lastStatementHead(s.text)
	m := setupHead().FindStringSubmatch(head)
	if m == nil || m[1] == "result" {
		return "", nil, false
	}
	subject = unquoteName(m[1])
	steps := s.replay.Steps
	for i := len(steps) - 1; i >= 0 && steps[i].Kind == MoveStep && steps[i].Turn == 0 && steps[i].Subject == subject; i-- {
		moves = append([]string{steps[i].Move}, moves...)
	}
	// The line's moves, when the last set-up move is not on it (an empty
	// line of the same subject), are not known: show none.
	if len(moves) == 0 && !strings.HasSuffix(strings.TrimSpace(head), ":") {
		return "", nil, false
	}
	return subject, moves, true
}

// The heads of the canonical layout's statements: a set-up line's subject
// (bare, or quoted) and the result line.
var (
	setupHead  = lazyRegexp(`^("(?:[^"\\\n]|\\.)*"|[^\s":;,{}\[\]]+)[ \t]*:`)
	resultHead = lazyRegexp(`(?m)^result[ \t]*:.*$`)
	// typedSetup is a typed set-up line: a name, a colon, the moves.
	typedSetup = lazyRegexp(`^\s*("(?:[^"\\]|\\.)*"|[^\s":;,{}\[\]]+)\s*:(.*)$`)
	// typedTurn is a first turn line typed as the transcript writes it,
	// "12. Ben:", with or without moves after it: after a declared
	// position, the game begins at that turn.
	typedTurn = lazyRegexp(`^\s*([0-9]+)\s*\.\s*("(?:[^"\\]|\\.)*"|[^\s":;,{}\[\]]+)\s*:(.*)$`)
)

// lastStatementHead is the first line of the last statement of a
// transcript in the canonical layout, where every statement begins a line
// and only its continuation lines, blank lines and comments begin with
// something else.
func lastStatementHead(text string) string {
	lines := strings.Split(text, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := lines[i]
		if l == "" || strings.ContainsRune(" \t;{}", rune(l[0])) {
			continue
		}
		return l
	}
	return ""
}

// lastResultLine is where the result line is in a canonical transcript.
func lastResultLine(text string) []int {
	all := resultHead().FindAllStringIndex(text, -1)
	if len(all) == 0 {
		return nil
	}
	return all[len(all)-1]
}

// resultLine is the transcript's result line, for messages.
func (s *Session) resultLine() string {
	if loc := lastResultLine(s.text); loc != nil {
		return escapeControls(s.text[loc[0]:loc[1]])
	}
	return ""
}

func unquoteName(s string) string {
	if u, err := strconv.Unquote(s); err == nil && strings.HasPrefix(s, `"`) {
		return u
	}
	return s
}

// plainName is a name that may stand bare on any game's line; others are
// quoted, which every game accepts (the canonical layout takes the quotes
// off where they are not needed).
var plainName = lazyRegexp(`^\p{Lu}[\p{L}\p{N}]*$`)

func typedName(name string) string {
	if plainName().MatchString(name) {
		return name
	}
	return strconv.Quote(name)
}

// subjectName is how a set-up line's subject is typed: a player's name,
// or the game's board word (Void's board), which stands bare.
func (s *Session) subjectName(subject string) string {
	if !slices.Contains(s.report.Players, subject) {
		return subject
	}
	return typedName(subject)
}

// turnLine is the head of turn n of player.
func turnLine(n int, player string) string {
	return fmt.Sprintf("%d. %s:", n, strconv.Quote(player))
}

// Prompt is the prompt for the next line: the open turn ("3. Ann> "),
// "set-up> " before the first turn, "over> " once the result is written.
func (s *Session) Prompt() string {
	if s.finished() {
		return "over> "
	}
	turn, player, _ := s.openTurn()
	if turn == 0 {
		return "set-up> "
	}
	return fmt.Sprintf("%d. %s> ", turn, escapeControls(player))
}

// Exec runs one typed line: a command or a move. It writes what happened
// to w: the state after a change, or why the line was refused. The error
// is a failure to write the transcript's file; the change is then taken
// back, so that the session and the file agree.
func (s *Session) Exec(w io.Writer, input string) (Status, error) {
	line := strings.TrimSpace(input)
	word, rest, _ := strings.Cut(line, " ")
	if before, after, ok := strings.Cut(word, ":"); ok && before == "result" {
		// result: Ann wins, as the transcript writes it
		word, rest = "result", after+" "+rest
	}
	rest = strings.TrimSpace(rest)
	switch {
	case line == "":
		return Unchanged, nil
	case word == "result":
		return s.result(w, rest)
	case rest != "":
		// A move, or a set-up line.
	case word == "end":
		return s.end(w)
	case word == "undo":
		return s.undo(w)
	case word == "legal":
		s.writeLegal(w)
		return Unchanged, nil
	case word == "show":
		s.Show(w)
		return Unchanged, nil
	case word == "help" || word == "?":
		fmt.Fprint(w, sessionHelp)
		return Unchanged, nil
	case word == "quit" || word == "exit":
		return Quit, nil
	case word == "bot" && s.bot != nil:
		return s.BotMoves(w)
	}
	if s.finished() {
		fmt.Fprintf(w, "the result is written (%s): undo takes it back\n", s.resultLine())
		return Rejected, nil
	}
	if m := typedTurn().FindStringSubmatch(line); m != nil {
		return s.firstTurn(w, m[1], unquoteName(m[2]), strings.TrimSpace(m[3]))
	}
	if m := typedSetup().FindStringSubmatch(line); m != nil {
		return s.setupLine(w, unquoteName(m[1]), m[1], strings.TrimSpace(m[2]))
	}
	return s.move(w, line)
}

// sessionHelp lists what may be typed.
const sessionHelp = `Type a move as the transcript writes it in this turn (a2-a3, place 9C/KD a2,
Ben play EMP c2); before turn 1, a set-up line with its name (Ann: draw 9C KD
5H 2S), while a move begins turn 1, or a turn's line (12. Ben:) the turn a
declared position comes to. Each move is checked as it is typed, and
the transcript is written after every change. Tab completes the legal moves.
  end       end the turn: the next move begins the next turn
  undo      take back the last line of moves typed (then a move at a time), the
            last end of a turn, or the result
  legal     list the legal moves
  show      draw the state again
  result    write the result the rules give; or result unfinished, result draw
            (by agreement), result resign (the turn's player), result NAME resigns
  help      this list
  quit      leave, as Ctrl-D does (the transcript is already written)
Against a bot (--bot), the bot moves as soon as it is to move, after each line
taken but undo; bot lets it move after an undo.
`

// attempt is a candidate transcript, and where in it the line typed sits
// (from == to when nothing typed is in it), with what the line says before
// it ("3. Ann: a2-a3, "), so that a diagnostic points into the typed line.
type attempt struct {
	text     string
	from, to int
	head     string
	// done is said once the candidate is taken, before the state.
	done string
	// moves is set for a typed line of moves, which undo takes back whole.
	moves bool
}

// typedLine is the last line of moves taken, for undo to take back whole.
type typedLine struct {
	before, after string
	moves         []string // as the transcript writes them
}

// move appends typed moves to the open turn, or begins turn 1 with them.
func (s *Session) move(w io.Writer, typed string) (Status, error) {
	st, err := s.try(w, s.moveAttempt(typed))
	if st == Rejected {
		if lm := s.legalMoves(); lm != nil && lm.Ended != nil {
			fmt.Fprintf(w, "note: %s's turn %d can only end: type end\n", escapeControls(lm.Ended.Player), lm.Ended.Turn)
		}
	}
	return st, err
}

// moveAttempt is the transcript with typed moves appended to the open
// turn, or beginning turn 1.
func (s *Session) moveAttempt(typed string) attempt {
	turn, player, moves := s.openTurn()
	a := attempt{text: strings.TrimRight(s.text, "\n") + "\n"}
	if turn == 0 {
		// A move before any turn begins turn 1, the first player's.
		player = s.report.Players[0]
		a.text += "\n" + turnLine(1, player) + "\n"
		turn = 1
	} else if len(moves) > 0 {
		// On a line of its own, after any ; comment ending the line before.
		a.text += ", "
	}
	a.head = lineSoFar(fmt.Sprintf("%d. %s:", turn, player), moves)
	a.from = len(a.text)
	a.text += typed
	a.to = len(a.text)
	a.text += "\n"
	a.moves = true
	return a
}

// firstTurn begins the first turn with its line typed whole, "12. Ben:"
// and any moves after it: the way to begin a game from a declared
// position at a turn other than 1. Once a turn has begun, end begins the
// next.
func (s *Session) firstTurn(w io.Writer, number, player, typed string) (Status, error) {
	if turn, _, _ := s.openTurn(); turn != 0 {
		fmt.Fprintf(w, "turn %d has begun: type its moves, or end to begin the next\n", turn)
		return Rejected, nil
	}
	n, err := strconv.Atoi(number)
	if err != nil {
		fmt.Fprintf(w, "turn number %s is too large\n", number)
		return Rejected, nil
	}
	a := attempt{text: strings.TrimRight(s.text, "\n") + "\n\n" + turnLine(n, player)}
	if typed != "" {
		a.text += " "
		a.head = fmt.Sprintf("%d. %s: ", n, player)
		a.from = len(a.text)
		a.text += typed
		a.to = len(a.text)
		a.moves = true
	}
	a.text += "\n"
	return s.try(w, a)
}

// setupLine adds a set-up line, or adds its moves to the set-up line the
// transcript ends with when that is the same subject's.
func (s *Session) setupLine(w io.Writer, subject, written, typed string) (Status, error) {
	if typed == "" {
		fmt.Fprintf(w, "a set-up line needs its moves after the name, as in %s: draw 9C KD 5H 2S\n", escapeControls(written))
		return Rejected, nil
	}
	return s.try(w, s.setupAttempt(subject, written, typed))
}

// setupAttempt is the transcript with a set-up line's typed moves added.
func (s *Session) setupAttempt(subject, written, typed string) attempt {
	a := attempt{text: strings.TrimRight(s.text, "\n") + "\n", moves: true}
	if turn, _, _ := s.openTurn(); turn == 0 {
		if open, moves, ok := s.openSetup(); ok && open == subject {
			if len(moves) > 0 {
				a.text += ", "
			}
			a.head = lineSoFar(subject+":", moves)
			a.from = len(a.text)
			a.text += typed
			a.to = len(a.text)
			a.text += "\n"
			return a
		}
	}
	// A line of its own; after the first turn Check says where set-up
	// lines belong.
	a.text += "\n"
	a.from = len(a.text)
	a.text += written + ": " + typed
	a.to = len(a.text)
	a.text += "\n"
	return a
}

// lineSoFar writes the head of a line and its last few moves, for a
// diagnostic's excerpt.
func lineSoFar(head string, moves []string) string {
	const shown = 3
	out := head + " "
	if len(moves) > shown {
		out += "…, "
		moves = moves[len(moves)-shown:]
	}
	for _, m := range moves {
		out += m + ", "
	}
	return out
}

// end ends the turn: it writes the next turn's line, whose player the
// rules tell, or the result line when the end of the turn ends the game.
// Before the first turn it begins turn 1.
func (s *Session) end(w io.Writer) (Status, error) {
	if s.finished() {
		fmt.Fprintf(w, "the result is written (%s): undo takes it back\n", s.resultLine())
		return Rejected, nil
	}
	players := s.report.Players
	base := strings.TrimRight(s.text, "\n") + "\n"
	turn, player, _ := s.openTurn()
	if turn == 0 {
		// The first named moves first (docs/notation.md).
		return s.try(w, attempt{text: base + "\n" + turnLine(1, players[0]) + "\n"})
	}
	if result, _ := s.rulesResult(); result != "" {
		return s.try(w, resultAttempt(base, result))
	}
	// The rules tell whose turn is next (in Mod the same player may have
	// two in a row): the referee accepts the new turn line with that
	// player only. Try the next in order first.
	var first attempt
	var firstReport *Report
	for i := range players {
		next := players[(slices.Index(players, player)+1+i)%len(players)]
		a := attempt{text: base + turnLine(turn+1, next) + "\n"}
		r := s.game.Check(s.path, a.text, s.opts)
		if r.ExitCode() == 0 {
			return s.try(w, a)
		}
		if i == 0 {
			first, firstReport = a, r
		}
	}
	s.reject(w, first, firstReport)
	return Rejected, nil
}

// rulesResult is the result line the rules give once the open turn ends
// ("Ann wins", "draw"), or "" when the game goes on; r is the report of the
// transcript with the turn ended.
func (s *Session) rulesResult() (string, *Report) {
	r := s.game.Check(s.path, strings.TrimRight(s.text, "\n")+"\n\nresult: unfinished\n", s.opts)
	switch o := r.Outcome; {
	case o == "draw":
		return "draw", r
	case strings.HasSuffix(o, " wins") && slices.Contains(r.Players, strings.TrimSuffix(o, " wins")):
		return strconv.Quote(strings.TrimSuffix(o, " wins")) + " wins", r
	}
	return "", r
}

func resultAttempt(base, result string) attempt {
	a := attempt{text: base + "\n"}
	a.from = len(a.text)
	a.text += "result: " + result
	a.to = len(a.text)
	a.text += "\n"
	return a
}

// result writes the result line: the one the rules give, or the one typed
// (unfinished, draw, NAME resigns, resign for the turn's player).
func (s *Session) result(w io.Writer, typed string) (Status, error) {
	if s.finished() {
		fmt.Fprintf(w, "the result is written (%s): undo takes it back\n", s.resultLine())
		return Rejected, nil
	}
	base := strings.TrimRight(s.text, "\n") + "\n"
	switch typed {
	case "":
		result, r := s.rulesResult()
		if result != "" {
			return s.try(w, resultAttempt(base, result))
		}
		if r.ExitCode() == 0 {
			fmt.Fprintf(w, "the rules give no result yet (%s): result unfinished stops here; result draw, result resign or result NAME resigns ends the game by agreement\n",
				escapeControls(strings.TrimPrefix(s.report.Result, "unfinished: ")))
			return Rejected, nil
		}
		// The turn cannot end as it stands (a draw not yet typed): say
		// what is missing as a hint about the game, not as a fault in
		// the file, which is as it was.
		for _, d := range r.Diagnostics {
			if d.Severity == Illegal {
				fmt.Fprintf(w, "not yet: %s\n", escapeControls(strings.TrimPrefix(d.Msg, "at the end of the turn: ")))
				break
			}
		}
		fmt.Fprintln(w, "type the move the rules want first (legal lists them), or result unfinished to stop here")
		return Rejected, nil
	case "resign", "resigns":
		// The turn's player; before turn 1, the player to move.
		turn, player, _ := s.openTurn()
		if turn == 0 && s.legalMoves() != nil {
			player = s.legalMoves().Player
		}
		if !slices.Contains(s.report.Players, player) {
			fmt.Fprintln(w, "who resigns? write result NAME resigns")
			return Rejected, nil
		}
		typed = strconv.Quote(player) + " resigns"
	}
	return s.try(w, resultAttempt(base, typed))
}

// undo takes back the last thing written: the result line, the moves of
// the line just typed, the last move, or the last turn line (the end of
// the turn before it). It works on the
// text, with the places the replay gives, so it goes back past the start
// of the session into a resumed transcript, and keeps the comments.
func (s *Session) undo(w io.Writer) (Status, error) {
	if l := s.lastLine; l != nil && l.after == s.text {
		// The moves of the last line typed go together, as they came.
		return s.try(w, attempt{text: l.before, done: "took back " + strings.Join(l.moves, ", ")})
	}
	from, to, what := s.lastWritten()
	if from < 0 {
		fmt.Fprintln(w, "nothing to undo")
		return Rejected, nil
	}
	return s.try(w, attempt{text: s.text[:from] + s.text[to:], done: "took back " + what})
}

// lastWritten is the bytes of the text that hold the last thing written,
// and what it is; from is -1 when there is nothing to take back.
func (s *Session) lastWritten() (from, to int, what string) {
	text := s.text
	if s.finished() {
		if loc := lastResultLine(text); loc != nil {
			return loc[0], loc[1], "the result line"
		}
	}
	steps := s.replay.Steps
	if len(steps) == 0 {
		return -1, -1, ""
	}
	last := steps[len(steps)-1]
	start, end := last.Span.Start.Offset, last.Span.End.Offset
	switch last.Kind {
	case TurnStep:
		colon := strings.IndexByte(text[end:], ':')
		if colon < 0 {
			return -1, -1, ""
		}
		if last.Turn == 1 {
			return start, end + colon + 1, "the start of turn 1"
		}
		return start, end + colon + 1, fmt.Sprintf("the end of turn %d", last.Turn-1)
	case MoveStep:
	default:
		return -1, -1, ""
	}
	what = last.Move
	var prev *Step
	if len(steps) > 1 {
		prev = &steps[len(steps)-2]
	}
	switch {
	case prev != nil && prev.Kind == TurnStep:
		// The turn's first move: its line stays, as the turn begun.
		from = start
		for from > 0 && (text[from-1] == ' ' || text[from-1] == '\t') {
			from--
		}
		return from, end, what
	case prev != nil && prev.Kind == MoveStep && sameStatement(text[prev.Span.End.Offset:start]):
		// A later move: from the comma before it, which follows any
		// comment on the move before.
		from = prev.Span.End.Offset
		if i := strings.LastIndexByte(text[from:start], ','); i >= 0 {
			from += i
		}
		return from, end, what
	}
	// The only move of a set-up line: the line goes.
	from = strings.LastIndexByte(text[:start], '\n') + 1
	return from, end, what
}

// sameStatement tells whether the text between two moves keeps them in
// one statement: in the canonical layout a new statement begins a line
// with something other than a space or a comment.
func sameStatement(between string) bool {
	for i := 0; i+1 < len(between); i++ {
		if between[i] == '\n' && !strings.ContainsRune(" \t\n;{", rune(between[i+1])) {
			return false
		}
	}
	return true
}

// try replaces the transcript with the candidate when Check finds it
// clean, and writes it; otherwise it writes the diagnostics and keeps the
// transcript as it was.
func (s *Session) try(w io.Writer, a attempt) (Status, error) {
	r := s.game.Check(s.path, a.text, s.opts)
	if r.ExitCode() != 0 {
		s.reject(w, a, r)
		return Rejected, nil
	}
	text, diags := s.game.Format(s.path, a.text)
	if len(diags) > 0 {
		s.reject(w, a, &Report{Diagnostics: diags})
		return Rejected, nil
	}
	old := *s
	s.text = text
	s.refresh()
	s.lastLine = nil
	if a.moves && s.report.ExitCode() == 0 {
		var typed []string
		for _, st := range s.replay.Steps[min(len(old.replay.Steps), len(s.replay.Steps)):] {
			if st.Kind == MoveStep {
				typed = append(typed, st.Move)
			}
		}
		if len(typed) > 1 {
			s.lastLine = &typedLine{before: old.text, after: s.text, moves: typed}
		}
	}
	if s.report.ExitCode() != 0 {
		// The canonical layout of a clean transcript checks clean
		// (a property test holds it): this is the referee's own fault.
		fmt.Fprintln(w, "internal error: the canonical layout of the transcript does not check as the transcript did; nothing is written")
		*s = old
		return Rejected, nil
	}
	if err := s.Save(); err != nil {
		*s = old
		fmt.Fprintf(w, "not written, so not taken: %s\n", escapeControls(err.Error()))
		return Rejected, err
	}
	if a.done != "" {
		fmt.Fprintln(w, escapeControls(a.done))
	}
	s.writeState(w)
	return Accepted, nil
}

// reject writes why a candidate was refused: a diagnostic in the typed
// line points into it, others into the transcript as check shows them.
func (s *Session) reject(w io.Writer, a attempt, r *Report) {
	name := s.path
	if name == "" {
		name = "transcript"
	}
	for _, d := range r.Diagnostics {
		if d.Severity == Note {
			continue
		}
		if a.from < a.to && d.Span.Start.Offset >= a.from && d.Span.Start.Offset <= a.to {
			writeTyped(w, a, d, s.Palette)
			continue
		}
		WriteDiagnostic(w, name, a.text, d, s.Palette)
	}
}

// writeTyped writes a diagnostic about the typed line: its kind and
// message, then the line so far with the typed part, and a caret under the
// place.
func writeTyped(w io.Writer, a attempt, d Diagnostic, p Palette) {
	kind := d.Severity.String()
	if d.Severity == Illegal {
		kind = p.paint(p.Illegal, kind)
	} else {
		kind = p.paint(p.Error, kind)
	}
	fmt.Fprintf(w, "%s: %s\n", kind, escapeControls(d.Msg))
	typed := a.text[a.from:a.to]
	start := min(d.Span.Start.Offset, a.to) - a.from
	end := min(max(d.Span.End.Offset, d.Span.Start.Offset), a.to) - a.from
	var shown, pad strings.Builder
	width := 0
	add := func(s string, under int) { // under: -1 before the place, 1 under it, 0 after
		for _, r := range s {
			text := escapeControls(string(r))
			shown.WriteString(text)
			switch {
			case under < 0 && r == '\t':
				pad.WriteRune('\t')
			case under < 0:
				pad.WriteString(strings.Repeat(" ", cells(text)))
			case under > 0:
				width += cells(text)
			}
		}
	}
	add(a.head, -1)
	add(typed[:start], -1)
	add(typed[start:end], 1)
	add(typed[end:], 0)
	fmt.Fprintf(w, "    %s\n    %s%s\n", shown.String(), pad.String(), p.paint(p.Caret, strings.Repeat("^", max(width, 1))))
}

// Show writes what the drawings' marks mean, then the state.
func (s *Session) Show(w io.Writer) {
	s.drawn = nil
	var names []string
	for i, name := range s.report.Players {
		names = append(names, s.Palette.player(i, escapeControls(Letters(s.report.Players)[i]+" "+name)))
	}
	fmt.Fprintf(w, "%s: %s\n", s.report.Game, strings.Join(names, ", "))
	for _, k := range s.replay.key {
		fmt.Fprintln(w, escapeControls(k))
	}
	s.writeState(w)
}

// writeState draws the state after the last step, then says whose turn it
// is, or how the game ended.
func (s *Session) writeState(w io.Writer) {
	fmt.Fprintln(w)
	if step, heading, ok := s.lastStep(); ok {
		var d Drawing
		if err := guarded(func() error { d = step.Drawing(); return nil }); err != nil {
			fmt.Fprintln(w, err)
			s.drawn = nil
		} else {
			if heading != "" {
				fmt.Fprintln(w, heading)
			}
			s.writeChanges(w, d)
		}
		fmt.Fprintln(w)
	}
	s.writeStatus(w)
}

// writeChanges writes the drawing d: in full the first time and after
// show, with a mark at the end of each line the last move changed; not
// at all when nothing on the table changed.
func (s *Session) writeChanges(w io.Writer, d Drawing) {
	var plain, coloured strings.Builder
	d.Write(&plain, Palette{})
	d.Write(&coloured, s.Palette)
	now := strings.Split(strings.TrimSuffix(plain.String(), "\n"), "\n")
	before := s.drawn
	s.drawn = now
	if before != nil && slices.Equal(before, now) {
		fmt.Fprintln(w, "(the table is as it was: show draws it again)")
		return
	}
	for i, line := range strings.Split(strings.TrimSuffix(coloured.String(), "\n"), "\n") {
		if before != nil && (i >= len(before) || before[i] != now[i]) {
			line += s.Palette.paint(s.Palette.Caret, "  <")
		}
		fmt.Fprintln(w, line)
	}
}

// lastStep is the step to draw, and a heading when the status line under
// the drawing does not say what it is: before anything is played, the
// game as turn 1 would find it, when the header alone begins the game (a
// seeded one).
func (s *Session) lastStep() (Step, string, bool) {
	if steps := s.replay.Steps; len(steps) > 0 {
		return steps[len(steps)-1], "", true
	}
	start := strings.TrimRight(s.text, "\n") + "\n\n" + turnLine(1, s.report.Players[0]) + "\n"
	rp, r := s.game.Replay(s.path, start, s.opts)
	if r.ExitCode() != 0 || len(rp.Steps) == 0 {
		return Step{}, "", false
	}
	return rp.Steps[len(rp.Steps)-1], "before turn 1", true
}

// writeStatus says whose turn it is and what the line so far holds, or
// how the game ended.
func (s *Session) writeStatus(w io.Writer) {
	r := s.report
	switch {
	case s.finished():
		fmt.Fprintf(w, "result    %s\nrecorded  %s\n", escapeControls(r.Result), escapeControls(r.Recorded))
		fmt.Fprintln(w, "the result is written: undo takes it back; quit leaves")
		return
	case s.over():
		fmt.Fprintf(w, "game over: %s\ntype result to write the result line, or undo\n", escapeControls(r.Result))
		return
	}
	turn, player, moves := s.openTurn()
	if turn == 0 {
		if subject, moves, ok := s.openSetup(); ok {
			fmt.Fprintln(w, escapeControls(notation.MoveLine(s.subjectName(subject)+":", moves)))
		}
		begin := "a move begins turn 1"
		if s.game.HasPositions() {
			begin += " (after a position, type the turn's line: 12. Ann:)"
		}
		fmt.Fprintf(w, "set-up: %s; a set-up line is typed with its name (Ann: ...), %s\n", escapeControls(s.toMove()), begin)
		return
	}
	fmt.Fprintln(w, escapeControls(notation.MoveLine(fmt.Sprintf("%d. %s:", turn, typedName(player)), moves)))
	lm := s.legalMoves()
	switch {
	case lm != nil && lm.Ended != nil:
		fmt.Fprintf(w, "%s's turn %d can only end: type end\n", escapeControls(lm.Ended.Player), lm.Ended.Turn)
	case lm != nil && lm.EndTurn:
		fmt.Fprintf(w, "%s: %s, or end\n", escapeControls(s.toMove()), Plural(len(lm.Moves), "legal move"))
	case lm != nil:
		fmt.Fprintf(w, "%s: %s\n", escapeControls(s.toMove()), Plural(len(lm.Moves), "legal move"))
	}
}

// toMove is who is to move, as the report says it ("Ann to move on turn 3").
func (s *Session) toMove() string {
	return strings.TrimPrefix(s.report.Result, "unfinished: ")
}

// writeLegal lists the legal moves, as referee legal does.
func (s *Session) writeLegal(w io.Writer) {
	switch {
	case s.finished():
		fmt.Fprintf(w, "no legal moves: the result is written (%s)\n", s.resultLine())
	case s.legalMoves() != nil:
		WriteLegal(w, s.legalMoves())
	default:
		fmt.Fprintln(w, "no legal moves to list")
	}
}

// commands are what Complete offers besides moves.
var commands = []string{"end", "undo", "legal", "show", "result", "help", "quit"}

// Complete lists the completions of a line typed so far: the legal moves
// as they are typed here, and the commands, those that begin with what is
// typed.
func (s *Session) Complete(line string) []string {
	if i := strings.LastIndexByte(line, ','); i >= 0 && !strings.HasPrefix(line, "result") {
		// A move after others typed on the line: the moves open once
		// those are made.
		head, rest := line[:i], strings.TrimLeft(line[i+1:], " \t")
		var out []string
		for _, o := range s.movesAfter(strings.TrimSpace(head)) {
			if strings.HasPrefix(o, rest) {
				out = append(out, head+", "+o)
			}
		}
		return out
	}
	if s.options == nil {
		s.options = append(s.typedMoves(), commands...)
	}
	var out []string
	for _, o := range s.options {
		if strings.HasPrefix(o, line) && !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out
}

// movesAfter are the legal moves that may follow typed moves on the same
// line: none when those moves are not all legal, or when the turn, or the
// set-up line's player, changes after them.
func (s *Session) movesAfter(typed string) []string {
	if moves, ok := s.after[typed]; ok {
		return moves
	}
	if s.after == nil {
		s.after = map[string][]string{}
	}
	var a attempt
	subject := ""
	if m := typedSetup().FindStringSubmatch(typed); m != nil {
		subject = unquoteName(m[1])
		a = s.setupAttempt(subject, m[1], strings.TrimSpace(m[2]))
	} else {
		a = s.moveAttempt(typed)
	}
	var moves []string
	lm, r := s.game.Legal(s.path, a.text, s.opts)
	if r.ExitCode() == 0 && lm != nil && lm.Over == "" && lm.Ended == nil {
		turn, _, _ := s.openTurn()
		switch {
		case subject != "" && lm.Player == subject && lm.Turn <= 1:
			moves = lm.Moves
		case subject == "" && (lm.Turn == turn || turn == 0 && lm.Turn == 1):
			moves = lm.Moves
		}
	}
	s.after[typed] = moves
	return moves
}

// typedMoves are the legal moves as they are typed now. Before turn 1 they
// may be turn 1's (a seeded Sortie game's placements), typed bare, or
// set-up moves, typed with the name of the player to move.
func (s *Session) typedMoves() []string {
	lm := s.legalMoves()
	if lm == nil || s.finished() || lm.Ended != nil || lm.Over != "" || len(lm.Moves) == 0 {
		return nil
	}
	if turn, _, _ := s.openTurn(); turn > 0 || !lm.Setup || lm.Player == "" {
		return lm.Moves
	}
	prefix := s.subjectName(lm.Player) + ": "
	out := make([]string, len(lm.Moves))
	for i, m := range lm.Moves {
		out[i] = prefix + m
	}
	return out
}

// Header is a new game's tags.
type Header struct {
	Players   []string
	Seed      string // "" for none: the draws are written
	Catalogue string // "" for the game's own
	// Perspective names the player from whose seat the game is recorded;
	// "" for a record of every card.
	Perspective string
	Variants    []string
}

// NewHeader writes the header of a new game: its Game, Players, Seed,
// Perspective, Catalogue and Variant tags, those with nothing to say left
// out.
func NewHeader(g Game, h Header) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Game %q]\n[Players", g.Name())
	for _, p := range h.Players {
		fmt.Fprintf(&b, " %q", p)
	}
	b.WriteString("]\n")
	if h.Seed != "" {
		fmt.Fprintf(&b, "[Seed %q]\n", h.Seed)
	}
	if h.Perspective != "" {
		fmt.Fprintf(&b, "[Perspective %q]\n", h.Perspective)
	}
	if h.Catalogue != "" {
		fmt.Fprintf(&b, "[Catalogue %q]\n", h.Catalogue)
	}
	if len(h.Variants) > 0 {
		b.WriteString("[Variant")
		for _, v := range h.Variants {
			fmt.Fprintf(&b, " %q", v)
		}
		b.WriteString("]\n")
	}
	return b.String()
}
