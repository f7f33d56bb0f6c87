package referee

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/notation"
)

// StepKind tells what a replay step comes after.
type StepKind int

// The kinds of step.
const (
	// MoveStep comes after a written move.
	MoveStep StepKind = iota
	// TurnStep is the start of a turn, once the turn before it has ended.
	TurnStep
	// EndStep comes after the end of the last turn: the one the result
	// line ends, or one whose end ended the game.
	EndStep
)

// Step is the state at one point of a replay.
type Step struct {
	Kind StepKind
	// Turn is the turn's number; 0 on a set-up line.
	Turn int
	// Player is the index of the player whose line it is: the turn's
	// player, or the set-up line's (for a move one player writes in the
	// other's turn, the turn's player); engine.Nobody for Void's board
	// line and for the end.
	Player int
	// Subject is the word that begins the line: the player's name, or the
	// game's board word.
	Subject string
	// Move is the move as the notation writes it (MoveStep), or the
	// recorded result (an EndStep at the result line).
	Move string
	// Span is where the move, the turn's number and player, or the result
	// line is written; zero for a game ended by the end of a turn.
	Span notation.Span

	state   engine.State
	players []string
	seat    int
	draw    drawer
}

// Heading is the step's line, as the transcript writes it: "3. Ann:
// a2-a3", "Ann: draw 9C KD 5H 2S", "4. Ben: start of the turn" or
// "result: Ann wins".
func (s Step) Heading() string { return s.heading(Palette{}) }

func (s Step) heading(p Palette) string {
	who := p.player(s.Player, escapeControls(s.Subject))
	switch {
	case s.Kind == TurnStep:
		return fmt.Sprintf("%d. %s: start of the turn", s.Turn, who)
	case s.Kind == EndStep && s.Move != "":
		return "result: " + escapeControls(s.Move)
	case s.Kind == EndStep:
		return fmt.Sprintf("end of turn %d", s.Turn)
	case s.Turn == 0:
		return fmt.Sprintf("%s: %s", who, escapeControls(s.Move))
	}
	return fmt.Sprintf("%d. %s: %s", s.Turn, who, escapeControls(s.Move))
}

// Drawing draws the state after the step, with the result once the game
// is over.
func (s Step) Drawing() Drawing {
	d := s.draw.state(s.state, View{Players: s.players, Seat: s.seat})
	if o := s.state.Outcome(); o.Over {
		d = append(d, Plain("game over: "+describeOutcome(o, s.players)))
	}
	return d
}

// Replay is a transcript replayed step by step.
type Replay struct {
	// Steps are the states in order: one after each set-up move, at the
	// start of each turn, after each of its moves, and one at the end when
	// the last turn ended. Replay stops at the first illegal move.
	Steps []Step
	// Turns is the number of turns the transcript writes; fewer are
	// replayed when the replay stopped.
	Turns int
	// FirstTurn is the number of the transcript's first turn line: 1, or
	// the turn a declared position begins at.
	FirstTurn int
	// Tags are the transcript's header tags, in its order.
	Tags []HeaderTag
	// key says what the drawings' marks mean.
	key []string
}

// HeaderTag is a header tag of a transcript: [Event "Friday"].
type HeaderTag struct {
	Name   string
	Values []string
}

func (b *binding) Replay(path, src string, opts Options) (*Replay, *Report) {
	rp := &Replay{}
	turn, turnPlayer := 0, engine.Nobody
	lastOver := false
	// Each step keeps a copy of the state, drawn only when asked: a
	// replay shown at one turn draws one state. With opts.OnlyTurn, a step
	// of another turn lets its copy go once the next step is there (the
	// last step stays, for a replay that stops before that turn ends).
	forget := func() {
		if n := len(rp.Steps); opts.OnlyTurn > 0 && n >= 2 {
			if prev := &rp.Steps[n-2]; prev.Turn != opts.OnlyTurn && prev.Turn != opts.OnlyTurn+1 {
				prev.state = nil
			}
		}
	}
	opts.afterMove = func(m notation.Move, correction string, player int, setup bool, st engine.State) {
		move := m.String()
		if correction != "" {
			move += " " + correction
		}
		s := Step{Kind: MoveStep, Turn: turn, Player: turnPlayer, Move: move, Span: m.Span(), state: st.Clone()}
		if setup {
			s.Turn, s.Player = 0, player
		}
		rp.Steps = append(rp.Steps, s)
		forget()
		lastOver = st.Outcome().Over
	}
	opts.turnStart = func(at notation.Span, n, player int, st engine.State) {
		turn, turnPlayer = n, player
		rp.Steps = append(rp.Steps, Step{Kind: TurnStep, Turn: n, Player: player, Span: at, state: st.Clone()})
		forget()
		lastOver = st.Outcome().Over
	}
	out := b.run(path, src, opts)
	r, t := out.report, out.transcript
	if t == nil {
		return rp, r
	}
	rp.Turns, rp.FirstTurn = len(t.Turns), 1
	if len(t.Turns) > 0 {
		rp.FirstTurn = t.Turns[0].Number
	}
	rp.key = b.draw.key(t.Players)
	for _, tag := range t.Tags {
		rp.Tags = append(rp.Tags, HeaderTag{tag.Name, tag.Text()})
	}
	if st := out.state; st != nil && r.ExitCode() != 3 {
		end := Step{Kind: EndStep, Player: engine.Nobody, state: st}
		switch {
		case lastOver:
			// The last step already shows the game's end.
		case t.Result != nil && r.Illegal == 0 && len(t.Turns) > 0:
			// The result line ended the last turn.
			end.Turn, end.Move, end.Span = t.Turns[len(t.Turns)-1].Number, recordedText(t.Result), t.Result.Span()
			rp.Steps = append(rp.Steps, end)
		case st.Outcome().Over:
			// The end of a turn ended the game, and a turn was written
			// after it.
			end.Turn = st.Outcome().Turn
			rp.Steps = append(rp.Steps, end)
		}
		forget()
	}
	seat := t.Perspective // -1, engine.Nobody, for a record of every card
	if opts.Seat != "" {
		seat = t.PlayerIndex(opts.Seat)
	}
	for i := range rp.Steps {
		s := &rp.Steps[i]
		s.players, s.draw, s.seat = t.Players, b.draw, seat
		if s.Player >= 0 {
			s.Subject = t.Players[s.Player]
		} else if s.Kind == MoveStep {
			s.Subject = b.board
		}
	}
	return rp, r
}

// ReplayFile reads a transcript and replays it step by step. Like
// CheckFile, it reports what keeps the file from being replayed (its
// size, its game, a fault of the referee's own) in the report.
func ReplayFile(path string, opts Options) (rp *Replay, r *Report) {
	rp = &Replay{}
	path, src, err := opts.source(path)
	if err != nil {
		return rp, failed(path, "", err.Error())
	}
	defer func() {
		if v := recover(); v != nil {
			rp, r = &Replay{}, faulted(path, src, v)
		}
	}()
	if err := opts.Limits.CheckSize(path, src); err != nil {
		return rp, tooLarge(path, src, err)
	}
	if filepath.Ext(path) == CatalogueExt {
		return rp, failed(path, src, "a catalogue has no moves to replay: referee replay takes a transcript")
	}
	g, err := opts.detect(path, src)
	if err != nil {
		return rp, failed(path, src, err.Error())
	}
	return g.Replay(path, src, opts)
}

// TurnError is a turn asked of a replay that the transcript does not have.
type TurnError struct {
	Path        string
	Turn, Turns int
	// First is the number of the first turn line.
	First int
}

func (e *TurnError) Error() string {
	if e.Turns == 0 {
		return fmt.Sprintf("%s has no turn %d: it has no turns", e.Path, e.Turn)
	}
	return fmt.Sprintf("%s has no turn %d: its turns are %d to %d", e.Path, e.Turn, e.First, e.First+e.Turns-1)
}

// WriteReplay writes a replay: a line on the players and what the
// drawings' marks mean, then every step (its line, then the state drawn),
// then the diagnostics as check writes them and the result. With turn
// above 0 it writes only the state at the end of that turn; a turn the
// transcript does not have is a *TurnError, and nothing is written. A
// fault in drawing a state is added to r as an internal error.
func WriteReplay(w io.Writer, rp *Replay, r *Report, p Palette, turn int) error {
	steps := rp.Steps
	var note string
	if turn != 0 && r.Replayed {
		if turn < rp.FirstTurn || turn >= rp.FirstTurn+rp.Turns {
			return &TurnError{r.Path, turn, rp.Turns, rp.FirstTurn}
		}
		var heading string
		steps, heading = rp.endOf(turn, r, p)
		note = heading
	}
	if r.Replayed {
		var names []string
		for i, name := range r.Players {
			names = append(names, p.player(i, escapeControls(Letters(r.Players)[i]+" "+name)))
		}
		fmt.Fprintf(w, "%s: %s, %s\n", p.paint(p.Heading, escapeControls(r.Path)), r.Game, strings.Join(names, ", "))
		for _, k := range rp.key {
			fmt.Fprintln(w, escapeControls(k))
		}
	}
	for i, s := range steps {
		fmt.Fprintln(w)
		if note != "" && i == len(steps)-1 {
			fmt.Fprintln(w, note)
		} else {
			fmt.Fprintln(w, s.heading(p))
		}
		var d Drawing
		if err := guarded(func() error { d = s.Drawing(); return nil }); err != nil {
			// A fault of the drawing's own is reported like an engine's,
			// at the move, with exit status 3; the replay stops there.
			r.add(Internal, s.Span, err.Error())
			r.Result = "not known: internal error"
			break
		}
		d.Write(w, p)
	}
	if note != "" && len(steps) == 0 {
		fmt.Fprintf(w, "\n%s\n", note)
	}
	if r.Replayed {
		fmt.Fprintln(w)
	}
	for _, d := range r.Diagnostics {
		if d.Severity == Note {
			d.Msg = strings.TrimSuffix(d.Msg, stoppedHint)
		}
		WriteDiagnostic(w, r.Path, r.Source, d, p)
	}
	fmt.Fprintf(w, "result    %s\n", escapeControls(r.Result))
	if r.Recorded != "" {
		fmt.Fprintf(w, "recorded  %s\n", escapeControls(r.Recorded))
	}
	return nil
}

// endOf finds the state at the end of turn n: the next turn's start
// (engines end one turn and begin the next at once), or the end of the
// last turn, or else as far as turn n went. It returns that step, or
// none when the replay stopped before turn n, with a line saying which.
func (rp *Replay) endOf(n int, r *Report, p Palette) ([]Step, string) {
	last := -1
	who := ""
	for i, s := range rp.Steps {
		switch {
		case s.Kind == TurnStep && s.Turn == n:
			who = p.player(s.Player, escapeControls(s.Subject))
			last = i
		case s.Kind == TurnStep && s.Turn == n+1:
			return rp.Steps[i : i+1], fmt.Sprintf("after turn %d (%s's), as turn %d begins", n, who, n+1)
		case s.Kind == EndStep && s.Turn == n:
			return rp.Steps[i : i+1], fmt.Sprintf("after turn %d (%s's): %s", n, who, s.heading(p))
		case s.Turn == n:
			last = i
		}
	}
	if last < 0 {
		return nil, fmt.Sprintf("turn %d was not reached: the replay stopped before it", n)
	}
	if r.ExitCode() != 0 {
		return rp.Steps[last : last+1], fmt.Sprintf("turn %d (%s's) up to where the replay stopped", n, who)
	}
	return rp.Steps[last : last+1], fmt.Sprintf("turn %d (%s's) so far: it has not ended (no turn or result line follows)", n, who)
}
