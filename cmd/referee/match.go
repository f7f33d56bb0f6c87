package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/mattn/go-isatty"

	"github.com/tabletop-referee/referee/referee"
)

// matchCmd plays games between bots and sums them up (docs/bots.md).
type matchCmd struct {
	Game    string        `arg:"" help:"The game to play."`
	Players []string      `default:"mcts,random" sep:"," help:"The bots, one a seat, the first to move first in the first game: random, greedy or mcts. The seats swap every other game."`
	Games   int           `default:"10" help:"How many games to play."`
	Seed    uint64        `default:"1" help:"The seed of the first game; game i (from 0) deals from seed+i, and its bots' choices come from it."`
	Variant []string      `placeholder:"NAME=VALUE" help:"The games' variants (referee games lists them), comma-separated or the flag repeated."`
	Out     string        `placeholder:"DIR" help:"A folder to write each game to, as GAME-N.EXT (atomically), for referee check and referee stats."`
	Budget  int           `placeholder:"N" help:"The playouts an mcts bot makes a decision (default: its own, see docs/bots.md)."`
	Time    time.Duration `placeholder:"D" help:"Bound each mcts decision in time too, as 500ms: the games then depend on the machine's speed."`
	Jobs    int           `short:"j" placeholder:"N" default:"0" help:"Play N games at once (0, the default: one a CPU). The games and the summary are the same whatever N is."`
}

func (c *matchCmd) Run(e *env) (int, error) {
	g, err := referee.LookupOrSuggest(c.Game)
	if err != nil {
		return exitUsage, err
	}
	variants := map[string]string{}
	for _, v := range c.Variant {
		name, value, ok := strings.Cut(v, "=")
		if !ok {
			return exitUsage, fmt.Errorf("--variant %s: expected NAME=VALUE, as tie=bounce", referee.EscapeControls(v))
		}
		variants[strings.TrimSpace(name)] = strings.TrimSpace(value)
	}
	switch {
	case c.Games < 1:
		return exitUsage, errors.New("--games must be at least 1")
	case c.Budget < 0:
		return exitUsage, errors.New("--budget must be 0 or more")
	case c.Time < 0:
		return exitUsage, errors.New("--time must be 0 or more")
	}
	jobs, err := jobsFlag{Jobs: c.Jobs}.jobs()
	if err != nil {
		return exitUsage, err
	}
	if c.Out != "" {
		if err := os.MkdirAll(c.Out, 0o755); err != nil {
			return exitUsage, err
		}
	}
	opts := referee.MatchOptions{Bots: c.Players, Games: c.Games, Seed: c.Seed, Variants: variants,
		Budget: c.Budget, Time: c.Time, Jobs: jobs, Out: c.Out}
	// A progress line on a terminal only: a pipe or a file gets the
	// summary alone.
	var bar *progress
	if f, ok := e.stderr.(*os.File); ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())) {
		bar = newProgress(f, g.Name(), c.Games, time.Now)
		opts.Done = bar.done
	}
	m, err := referee.PlayMatch(g, opts)
	if bar != nil {
		bar.finish() // before the summary, which goes to the same terminal
	}
	if err != nil {
		return exitUsage, err
	}
	fmt.Fprint(e.stdout, m.Summary())
	return exitClean, nil
}
