package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/referee"
)

// statsCmd adds up the results of many transcripts, for a game's
// designers: see docs/stats.md.
type statsCmd struct {
	Format    string   `enum:"text,json" default:"text" help:"The output format: text (tables, with small bar charts on a terminal) or json (docs/stats.schema.json)."`
	By        []string `placeholder:"GROUPING" default:"seat,players,variant" help:"The results tables to show: seat, players, variant, or several with commas (default: all three)."`
	SVG       string   `name:"svg" placeholder:"FILE" type:"path" help:"Also write the charts (win rates with their intervals, game lengths) to FILE as an SVG image, atomically."`
	KeepGoing bool     `help:"Replay each transcript past its illegal moves, so that every refusal is counted, not only the first."`
	stdinFlag
	jobsFlag
	limitFlags
	catalogueRootFlag
	Paths []string `arg:"" name:"path" help:"Transcripts, or folders to search for them; - reads standard input."`
}

func (c *statsCmd) Run(e *env) (int, error) {
	if err := c.check(); err != nil {
		return exitUsage, err
	}
	for _, by := range c.By {
		if !slices.Contains(referee.StatsGroupings, by) {
			return exitUsage, fmt.Errorf("--by %q: expected %s", referee.EscapeControls(by), strings.Join(referee.StatsGroupings, ", "))
		}
	}
	if c.SVG != "" {
		// Said before the files are checked, rather than after.
		if info, err := os.Stat(filepath.Dir(c.SVG)); err != nil || !info.IsDir() {
			return exitUsage, fmt.Errorf("--svg %s: there is no folder %s to write it in", c.SVG, filepath.Dir(c.SVG))
		}
	}
	jobs, err := c.jobs()
	if err != nil {
		return exitUsage, err
	}
	referee.UseBatchGC(e.getenv)
	files, err := referee.Walk(c.Paths)
	if err != nil {
		return exitUsage, err
	}
	opts := c.options(c.KeepGoing)
	opts.CatalogueRoot = c.CatalogueRoot
	if opts.Stdin, err = c.input(files, opts.Limits); err != nil {
		return exitUsage, err
	}
	s := referee.CollectStats(files, referee.StatsOptions{Check: opts, Jobs: jobs, By: c.By})
	if s.Files == 0 {
		return exitUsage, errors.New("no transcripts found")
	}
	for _, sk := range s.Skipped {
		fmt.Fprint(e.stderr, sk.Message)
	}
	if c.SVG != "" {
		var svg bytes.Buffer
		if err := referee.WriteStatsSVG(&svg, s); err != nil {
			return exitUsage, err
		}
		if err := referee.WriteAtomic(c.SVG, svg.Bytes()); err != nil {
			return exitUsage, fmt.Errorf("--svg: %w", err)
		}
	}
	out := bufio.NewWriter(e.stdout)
	if c.Format == "json" {
		err = referee.WriteStatsJSON(out, s)
	} else {
		err = referee.WriteStats(out, s, referee.StatsText{Charts: e.width > 0})
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		return exitUsage, err
	}
	if len(s.Skipped) > 0 {
		// The figures stand for the files counted; the others were named.
		return exitUsage, fmt.Errorf("%s could not be counted", referee.Plural(len(s.Skipped), "file"))
	}
	return exitClean, nil
}
