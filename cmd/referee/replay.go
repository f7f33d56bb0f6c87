package main

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/referee"
)

type replayCmd struct {
	Turn int    `placeholder:"N" help:"Show only the state once turn N has ended, as the next turn begins (0, the default: every step)."`
	Seat string `placeholder:"NAME" help:"Draw the game as NAME saw it: the other players' hands as a count (default: the transcript's Perspective tag, else every card)."`
	HTML bool   `name:"html" help:"Write one self-contained web page of the game instead: the board at every step, the moves, every illegal move at its place (as --keep-going finds them) and the result."`
	Out  string `short:"o" placeholder:"OUT.html" type:"path" help:"With --html, write the page to this file (atomically) instead of standard output."`
	limitFlags
	catalogueRootFlag
	stdinFlag
	File string `arg:"" help:"A transcript; - reads standard input."`
}

// Run replays the transcript and draws it; the exit status is check's.
func (c *replayCmd) Run(e *env) (int, error) {
	if c.Turn < 0 {
		return exitUsage, errors.New("--turn must be a turn number, 1 or more")
	}
	if err := c.check(); err != nil {
		return exitUsage, err
	}
	if c.Out != "" && !c.HTML {
		return exitUsage, errors.New("-o writes the web page: give it with --html")
	}
	if c.HTML && c.Turn != 0 {
		return exitUsage, errors.New("--turn and --html: the page holds every turn; a link to one ends in #tN (#t12 opens turn 12)")
	}
	// The page shows every illegal move at its place, as --keep-going
	// finds them.
	opts := c.options(c.HTML)
	opts.OnlyTurn = c.Turn
	opts.CatalogueRoot = c.CatalogueRoot
	opts.Seat = c.Seat
	var err error
	if opts.Stdin, err = c.input([]string{c.File}, opts.Limits); err != nil {
		return exitUsage, err
	}
	rp, r := referee.ReplayFile(c.File, opts)
	if c.Seat != "" && r.Players != nil && !slices.Contains(r.Players, c.Seat) {
		return exitUsage, fmt.Errorf("--seat %s: the players are %s", referee.EscapeControls(c.Seat), strings.Join(r.Players, " and "))
	}
	if c.HTML {
		return c.writeHTML(e, rp, r)
	}
	shown := referee.Truncate(r, c.MaxDiagnostics)
	var drawn bytes.Buffer
	err = referee.WriteReplay(&drawn, rp, shown, e.palette, c.Turn)
	if note := referee.TooNarrow(drawn.String(), e.width); note != "" {
		fmt.Fprintln(e.stderr, "referee: "+note)
	}
	if _, werr := e.stdout.Write(drawn.Bytes()); err == nil {
		err = werr
	}
	if err != nil {
		return exitUsage, err
	}
	// Writing may add a fault of the drawing's own to the report shown.
	return max(r.ExitCode(), shown.ExitCode()), nil
}

// writeHTML writes the replay's web page to -o, or to standard output;
// the exit status is check's.
func (c *replayCmd) writeHTML(e *env, rp *referee.Replay, r *referee.Report) (int, error) {
	shown := referee.Truncate(r, c.MaxDiagnostics)
	var page bytes.Buffer
	if err := referee.WriteHTML(&page, rp, shown); err != nil {
		return 3, err // a template fault is the referee's own
	}
	if c.Out == "" {
		if _, err := e.stdout.Write(page.Bytes()); err != nil {
			return exitUsage, err
		}
	} else if err := referee.WriteAtomic(c.Out, page.Bytes()); err != nil {
		return exitUsage, err
	}
	// Drawing may add a fault of the drawing's own to the report shown.
	return max(r.ExitCode(), shown.ExitCode()), nil
}
