package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/mattn/go-isatty"
	"github.com/peterh/liner"

	"github.com/tabletop-referee/referee/referee"
)

// playCmd records a game live at the table. The session is referee.Session;
// this is the terminal around it: a line editor with tab completion (liner:
// small, pure Go, bash-like completion lists) on a terminal, plain lines
// otherwise, so that play scripts.
type playCmd struct {
	Record  string   `placeholder:"FILE" help:"The transcript to write after every accepted move, atomically; an existing one is resumed where it stopped."`
	Players []string `default:"Ann,Ben" sep:"," help:"A new game's players, the first to move first."`
	Seed    string   `placeholder:"N" help:"A new game's seed: a number, or any text; the referee deals. Without it, every card the table reveals is typed where it turns up, as at a table shuffled by hand."`
	Variant []string `placeholder:"NAME=VALUE" help:"A new game's variants (referee games lists them), comma-separated or the flag repeated."`
	// Catalogue is a path as typed, relative to the working directory; the
	// header writes it relative to the transcript.
	Catalogue string `placeholder:"FILE" type:"existingfile" help:"A new card game's catalogue (.cards), written in its Catalogue tag; without it, the game's own."`
	sizeFlags
	catalogueRootFlag
	Seat string `placeholder:"NAME" help:"Draw the game from NAME's seat: the other players' hands as a count, never their cards, for a screen the table shares. A new game is recorded from that seat (a Perspective tag): the cards hidden from it are typed ?."`
	playBotFlags
	Game string `arg:"" help:"The game to play."`
}

// stdin is where play reads its lines; a variable for the tests.
var stdin io.Reader = os.Stdin

func (c *playCmd) Run(e *env) (int, error) {
	g, err := referee.LookupOrSuggest(c.Game)
	if err != nil {
		return exitUsage, err
	}
	if err := c.check(); err != nil {
		return exitUsage, err
	}
	if err := c.checkBot(); err != nil {
		return exitUsage, err
	}
	if c.Bot != "" && c.Seed == "" && !c.resuming() {
		// The bot plays the cards it holds: the referee must deal them.
		c.Seed = dealSeed()
		fmt.Fprintf(e.stdout, "dealt with seed %s: a bot plays the cards the referee deals (--seed chooses the deal)\n", c.Seed)
	}
	src, resumed, err := c.start(g)
	if err != nil {
		return exitUsage, err
	}
	opts := referee.Options{Limits: c.limits(), CatalogueRoot: c.CatalogueRoot, Seat: c.Seat}
	s, r := referee.NewSession(g, c.Record, src, opts)
	if s == nil {
		referee.WriteReport(e.stdout, r, e.palette)
		what := "the header"
		if resumed {
			what = c.Record
		}
		return max(r.ExitCode(), exitIllegal), fmt.Errorf("%s does not check clean, so play cannot go on from it", what)
	}
	if c.Seat != "" && !slices.Contains(r.Players, c.Seat) {
		return exitUsage, fmt.Errorf("--seat %s: the players are %s", referee.EscapeControls(c.Seat), strings.Join(r.Players, " and "))
	}
	if c.Bot != "" {
		if s, err = c.seatBot(g, s, r, opts); err != nil {
			return exitUsage, err
		}
	}
	s.Palette = e.palette
	if !resumed {
		// The file holds the header from the start: its seed too.
		if err := s.Save(); err != nil {
			return exitUsage, err
		}
	}
	switch {
	case c.Record == "":
		fmt.Fprintln(e.stdout, "not recorded to a file (--record FILE): the transcript is printed when you quit")
	case resumed:
		fmt.Fprintf(e.stdout, "going on with %s: %d turns, %d moves\n", referee.EscapeControls(c.Record), r.Turns, r.Moves)
	default:
		fmt.Fprintf(e.stdout, "recording to %s\n", referee.EscapeControls(c.Record))
	}
	fmt.Fprintln(e.stdout, "type help for the commands")
	var shown bytes.Buffer
	s.Show(&shown)
	if note := referee.TooNarrow(shown.String(), e.width); note != "" {
		fmt.Fprintln(e.stdout, note)
	}
	e.stdout.Write(shown.Bytes())
	if _, err := s.BotMoves(e.stdout); err != nil {
		return exitUsage, err
	}
	f, isFile := stdin.(*os.File)
	typing := isFile && isatty.IsTerminal(f.Fd())
	var code int
	if typing && isatty.IsTerminal(os.Stdout.Fd()) && liner.TerminalSupported() {
		code, err = edit(e, s)
	} else {
		stop := onSignal(nil)
		code = script(e, s, stdin, !typing)
		stop()
	}
	if c.Record == "" {
		fmt.Fprintf(e.stdout, "\nthe transcript:\n%s", s.Text())
	}
	return code, err
}

// start is the transcript a session starts from: the file to resume, or a
// new game's header.
func (c *playCmd) start(g referee.Game) (src string, resumed bool, err error) {
	if c.Record != "" {
		if other, ok := referee.ByExtension(c.Record); ok && other != g {
			return "", false, fmt.Errorf("%s is a %s transcript by its extension, not %s's", c.Record, other.Name(), g.Name())
		}
		data, err := referee.ReadFile(c.Record, c.limits())
		switch {
		case err == nil && len(data) > 0:
			if c.Seed != "" || c.Catalogue != "" || len(c.Variant) > 0 || len(c.Players) != 2 || c.Players[0] != "Ann" || c.Players[1] != "Ben" {
				return "", false, fmt.Errorf("%s holds a game already, with its own header: --players, --seed, --catalogue and --variant are for a new one", c.Record)
			}
			if other, err := referee.Detect(c.Record, data); err != nil {
				return "", false, fmt.Errorf("%s: %w", c.Record, err)
			} else if other != g {
				return "", false, fmt.Errorf("%s is a %s transcript, not %s's", c.Record, other.Name(), g.Name())
			}
			return data, true, nil
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return "", false, err
		}
	}
	seed := c.Seed
	catalogue, err := c.cataloguePath()
	if err != nil {
		return "", false, err
	}
	return referee.NewHeader(g, referee.Header{Players: c.Players, Seed: seed, Catalogue: catalogue, Perspective: c.Seat, Variants: c.Variant}), false, nil
}

// cataloguePath is --catalogue as the Catalogue tag writes it: relative to
// the transcript's folder, with forward slashes, so that the transcript
// and its catalogue move together.
func (c *playCmd) cataloguePath() (string, error) {
	if c.Catalogue == "" {
		return "", nil
	}
	from := "."
	if c.Record != "" {
		from = filepath.Dir(c.Record)
	}
	absFrom, err := filepath.Abs(from)
	if err != nil {
		return "", err
	}
	absCat, err := filepath.Abs(c.Catalogue)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(absFrom, absCat)
	if err != nil {
		return "", err
	}
	return filepath.ToSlash(rel), nil
}

// busy is held while a line is run, so that a signal does not end the
// process between writing the transcript's temporary file and renaming it.
var busy sync.Mutex

// runLine runs one line, holding busy.
func runLine(s *referee.Session, w io.Writer, line string) (referee.Status, error) {
	busy.Lock()
	defer busy.Unlock()
	st, err := s.Exec(w, line)
	if st == referee.Accepted && err == nil && strings.TrimSpace(line) != "undo" {
		// The bot answers at once; after an undo it waits (type bot).
		if _, err := s.BotMoves(w); err != nil {
			return st, err
		}
	}
	return st, err
}

// edit reads lines with the line editor, completing the legal moves.
func edit(e *env, s *referee.Session) (int, error) {
	ln := liner.NewLiner()
	defer ln.Close()
	// Outside a prompt the terminal is still without echo: restore it.
	defer onSignal(func() { ln.Close() })()
	ln.SetCtrlCAborts(true)
	ln.SetTabCompletionStyle(liner.TabPrints)
	ln.SetCompleter(s.Complete)
	for {
		line, err := ln.Prompt(s.Prompt())
		switch {
		case errors.Is(err, io.EOF), errors.Is(err, liner.ErrPromptAborted):
			// Ctrl-D or Ctrl-C: leave; everything is written.
			fmt.Fprintln(e.stdout)
			return exitClean, nil
		case err != nil:
			return exitUsage, err
		}
		if line != "" {
			ln.AppendHistory(line)
		}
		st, err := runLine(s, e.stdout, line)
		if err != nil {
			printError(e.stderr, err)
		}
		if st == referee.Quit {
			return exitClean, nil
		}
	}
}

// script reads plain lines. Lines piped in are echoed after their
// prompt, so that the output reads as the session did. A refused line
// makes the exit status 1, so that a script knows.
func script(e *env, s *referee.Session, in io.Reader, echo bool) int {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	code := exitClean
	for {
		fmt.Fprint(e.stdout, s.Prompt())
		if !sc.Scan() {
			fmt.Fprintln(e.stdout)
			if err := sc.Err(); err != nil {
				printError(e.stderr, err)
				return exitUsage
			}
			return code
		}
		line := sc.Text()
		if echo {
			fmt.Fprintln(e.stdout, referee.EscapeControls(line))
		}
		st, err := runLine(s, e.stdout, line)
		if err != nil {
			printError(e.stderr, err)
		}
		switch st {
		case referee.Rejected:
			code = exitIllegal
		case referee.Quit:
			return code
		}
	}
}
