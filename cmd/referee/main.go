// Command referee checks transcripts of tabletop games against their rules.
//
// Exit status: 0 when every transcript is clean, 1 when one has an illegal
// move, a recorded result the rules do not give, or a golden mismatch, 2
// for usage errors and syntax errors, and 3 for an internal error of the
// referee's own.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/mattn/go-isatty"
	"golang.org/x/term"

	"github.com/tabletop-referee/referee/referee"
	_ "github.com/tabletop-referee/referee/referee/games/all" // every game, registered
)

// Exit codes.
const (
	exitClean   = 0
	exitIllegal = 1
	exitUsage   = 2
)

type cli struct {
	Color   string           `enum:"auto,always,never" default:"auto" help:"Colour the output: auto (only on a terminal, and not when NO_COLOR is set), always or never."`
	Version kong.VersionFlag `help:"Print the version and exit."`

	Check      checkCmd      `cmd:"" help:"Check transcripts: replay every move and report illegal moves and the result."`
	Fmt        fmtCmd        `cmd:"" help:"Write transcripts in the canonical layout."`
	Golden     goldenCmd     `cmd:"" help:"Compare the report of every transcript under examples/ with its file under golden/."`
	Legal      legalCmd      `cmd:"" help:"List the legal moves at the end of a transcript."`
	Position   positionCmd   `cmd:"" help:"Print a transcript that begins from the position once a turn has ended (--rest: with the turns after it)."`
	Random     randomCmd     `cmd:"" help:"Play random legal games and write their transcripts."`
	Stats      statsCmd      `cmd:"" help:"Add up the results of many transcripts: by seat, player and variant, game lengths, endings, refusals and cards played."`
	Match      matchCmd      `cmd:"" help:"Play games between bots (random, greedy, mcts) and sum up who won; --out writes each game."`
	Games      gamesCmd      `cmd:"" help:"List the games, their extensions and variants."`
	Grammar    grammarCmd    `cmd:"" help:"Print a game's transcript grammar in EBNF."`
	Cards      cardsCmd      `cmd:"" help:"List a card catalogue in a table: the game's default one, or the file given."`
	Replay     replayCmd     `cmd:"" help:"Step through a transcript, drawing the state after each move (--turn N: at the end of turn N only)."`
	Play       playCmd       `cmd:"" help:"Record a game live at the table: each move checked as it is typed, the transcript written after every one."`
	Completion completionCmd `cmd:"" help:"Print a shell completion script for bash, zsh or fish."`
	Lsp        lspCmd        `cmd:"" name:"lsp" help:"Run the language server for editors, speaking the Language Server Protocol on standard input and output."`
	Versions   versionCmd    `cmd:"" name:"version" help:"Print the version, the revision it was built from and the Go version."`
}

// versionCmd prints the build's version in full.
type versionCmd struct{}

func (versionCmd) Run(e *env) (int, error) {
	v := referee.Version()
	fmt.Fprintf(e.stdout, "referee %s\nmodule  %s\n", v, v.Module)
	if v.Revision != "" {
		modified := ""
		if v.Modified {
			modified = " (modified)"
		}
		fmt.Fprintf(e.stdout, "commit  %s%s\n", v.Revision, modified)
	}
	if v.Go != "" {
		fmt.Fprintf(e.stdout, "go      %s\n", v.Go)
	}
	return exitClean, nil
}

// env is what a command needs from its surroundings.
type env struct {
	stdout, stderr io.Writer
	palette        referee.Palette
	// getenv reads the environment (os.Getenv, or a test's map).
	getenv func(string) string
	// width is the terminal's width in columns when the output is one,
	// else 0.
	width int
}

type checkCmd struct {
	KeepGoing bool   `help:"Skip illegal moves and go on, reporting them all, instead of stopping at the first."`
	Shard     string `placeholder:"I/N" help:"Check only the I-th of N parts of the files (a file's part depends on its path alone), for a CI matrix of N machines."`
	stdinFlag
	formatFlag
	jobsFlag
	limitFlags
	catalogueRootFlag
	Paths []string `arg:"" name:"path" help:"Transcripts, or folders to search for them; - reads standard input."`
}

// limitFlags bound what a transcript may be, so that hostile input ends
// at once with a positioned error.
type limitFlags struct {
	MaxBytes       int `default:"16777216" help:"The largest transcript, in bytes."`
	MaxLine        int `default:"65536" help:"The longest line, in bytes."`
	MaxMoves       int `default:"100000" help:"The most moves in one transcript."`
	MaxDiagnostics int `default:"100" help:"The most diagnostics printed for one file; a note counts the rest."`
}

func (l limitFlags) options(keepGoing bool) referee.Options {
	// The diagnostics printed are the most kept: the rest are only
	// counted. --max-diagnostics 0 prints, and so keeps, them all.
	maxErrors := l.MaxDiagnostics
	if maxErrors <= 0 {
		maxErrors = -1
	}
	return referee.Options{KeepGoing: keepGoing, Limits: referee.Limits{MaxBytes: l.MaxBytes, MaxLine: l.MaxLine, MaxMoves: l.MaxMoves, MaxErrors: maxErrors}}
}

// check refuses a limit that bounds nothing: a limit of 0 or less would
// otherwise fall back to the default unseen. --max-diagnostics 0 prints
// every diagnostic.
func (l limitFlags) check() error {
	return errors.Join(atLeast("--max-bytes", l.MaxBytes, 1), atLeast("--max-line", l.MaxLine, 1),
		atLeast("--max-moves", l.MaxMoves, 1), atLeast("--max-diagnostics", l.MaxDiagnostics, 0))
}

// atLeast refuses a flag's value below least.
func atLeast(flag string, value, least int) error {
	if value < least {
		return fmt.Errorf("%s must be %d or more, not %d", flag, least, value)
	}
	return nil
}

// sizeFlags bound a file that is read but not replayed: its size and its
// lines, as limitFlags do.
type sizeFlags struct {
	MaxBytes int `default:"16777216" help:"The largest file read, in bytes."`
	MaxLine  int `default:"65536" help:"The longest line, in bytes."`
}

func (l sizeFlags) check() error {
	return errors.Join(atLeast("--max-bytes", l.MaxBytes, 1), atLeast("--max-line", l.MaxLine, 1))
}

func (l sizeFlags) limits() referee.Limits {
	return referee.Limits{MaxBytes: l.MaxBytes, MaxLine: l.MaxLine}
}

// catalogueRootFlag widens where a transcript's Catalogue tag may point.
type catalogueRootFlag struct {
	CatalogueRoot string `type:"existingdir" placeholder:"DIR" help:"Let a Catalogue tag name a file anywhere under DIR; without it, only in the transcript's own folder and below."`
}

// jobsFlag says how many files check and golden work on at once; the
// output is the same whatever it is.
type jobsFlag struct {
	Jobs int `short:"j" placeholder:"N" default:"0" help:"Check N files at once, on N cores (0, the default: one a CPU; 1: one after the other). The output is the same, in the same order."`
}

// jobs is the number of files to work on at once.
func (j jobsFlag) jobs() (int, error) {
	switch {
	case j.Jobs < 0:
		return 0, errors.New("--jobs must be 0 or more")
	case j.Jobs == 0:
		return referee.DefaultJobs(), nil
	}
	return j.Jobs, nil
}

// formatFlag chooses the output format of check and golden.
type formatFlag struct {
	Format string `placeholder:"FORMAT" help:"The output format: text, json, github, sarif or junit (docs/formats.md). Without it: github when GITHUB_ACTIONS=true, else text."`
}

func (f formatFlag) output(e *env, maxDiagnostics int) (referee.Output, error) {
	format, err := referee.ChooseFormat(f.Format, e.getenv)
	return referee.Output{Format: format, Palette: e.palette, MaxDiagnostics: maxDiagnostics}, err
}

func (c *checkCmd) Run(e *env) (int, error) {
	if err := c.check(); err != nil {
		return exitUsage, err
	}
	out, err := c.output(e, c.MaxDiagnostics)
	if err != nil {
		return exitUsage, err
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
	if len(files) == 0 {
		return exitUsage, errors.New("no transcripts found")
	}
	if c.Shard != "" {
		shard, err := referee.ParseShard(c.Shard)
		if err != nil {
			return exitUsage, err
		}
		all := len(files)
		if files = shard.Filter(files); len(files) == 0 {
			// A small corpus may leave a part empty: nothing to check
			// is no failure of the machine that got it.
			fmt.Fprintf(e.stderr, "referee: shard %d/%d holds none of the %d files\n", shard.I, shard.N, all)
			return exitClean, nil
		}
	}
	// Each report is written as soon as it and those before it are
	// checked, in one write rather than one a line; a document format
	// (json, sarif, junit) is written whole at the end.
	buf := bufio.NewWriter(e.stdout)
	w, err := out.NewReportWriter(buf)
	if err != nil {
		return exitUsage, err
	}
	emit := func(r *referee.Report) error {
		if err := w.Write(r); err != nil {
			return err
		}
		return buf.Flush()
	}
	opts := c.options(c.KeepGoing)
	opts.CatalogueRoot = c.CatalogueRoot
	if opts.Stdin, err = c.input(files, opts.Limits); err != nil {
		return exitUsage, err
	}
	if err := referee.CheckFiles(files, opts, jobs, emit); err != nil {
		return max(w.ExitCode(), exitUsage), err
	}
	if err := w.Close(); err != nil {
		return max(w.ExitCode(), exitUsage), err
	}
	if err := buf.Flush(); err != nil {
		return max(w.ExitCode(), exitUsage), err
	}
	return w.ExitCode(), nil
}

// stdinFlag is for the commands that read a transcript from standard
// input when given "-".
type stdinFlag struct {
	Game string `placeholder:"GAME" help:"The game of a transcript read from standard input (the path -), when it has no Game tag."`
}

// input reads standard input when paths hold "-", for Options.Stdin.
func (f stdinFlag) input(paths []string, limits referee.Limits) (*referee.Input, error) {
	if !slices.Contains(paths, referee.StdinArg) {
		if f.Game != "" {
			return nil, errors.New("--game is for a transcript read from standard input: give the path -")
		}
		return nil, nil
	}
	return referee.ReadInput(stdin, f.Game, limits)
}

type fmtCmd struct {
	List  bool `short:"l" help:"List the files whose layout differs from the canonical one."`
	Write bool `short:"w" help:"Rewrite the files in place (atomically) instead of printing them."`
	Diff  bool `short:"d" help:"Print a diff of the changes instead of the files."`
	sizeFlags
	stdinFlag
	Paths []string `arg:"" name:"path" help:"Transcripts, or folders to search for them; - reads standard input."`
}

func (c *fmtCmd) Run(e *env) (int, error) {
	if err := c.check(); err != nil {
		return exitUsage, err
	}
	found, err := referee.Walk(c.Paths)
	if err != nil {
		return exitUsage, err
	}
	var files []string
	for _, f := range found {
		// Catalogues are laid out by their designers; fmt is for transcripts.
		if filepath.Ext(f) != referee.CatalogueExt {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return exitUsage, errors.New("no transcripts found")
	}
	if c.Write && slices.Contains(files, referee.StdinArg) {
		return exitUsage, errors.New("fmt -w rewrites files: standard input (-) has none; leave out -w to print it")
	}
	opts := referee.Options{Limits: c.limits()}
	if opts.Stdin, err = c.input(files, opts.Limits); err != nil {
		return exitUsage, err
	}
	code := exitClean
	for _, path := range files {
		f, formatted, original, diags, err := referee.FormatFile(path, opts)
		if err != nil {
			fmt.Fprintln(e.stderr, referee.EscapeControls(err.Error()))
			code = exitUsage
			continue
		}
		if len(diags) > 0 {
			for _, d := range diags {
				referee.WriteDiagnostic(e.stderr, f, original, d, e.palette)
			}
			code = exitUsage
			continue
		}
		changed := formatted != original
		// The file name is escaped wherever it is printed: a line end in
		// it would start a line of its own.
		if c.List && changed {
			fmt.Fprintln(e.stdout, referee.EscapeControls(f))
		}
		if c.Diff && changed {
			// A diff is for people: what a comment holds is shown escaped.
			fmt.Fprint(e.stdout, referee.EscapeLines(referee.Diff(referee.EscapeControls(f+".orig"), referee.EscapeControls(f), original, formatted)))
		}
		if c.Write && changed {
			if err := referee.WriteAtomic(f, []byte(formatted)); err != nil {
				fmt.Fprintln(e.stderr, referee.EscapeControls(err.Error()))
				code = exitUsage
			}
		}
		if !c.List && !c.Diff && !c.Write {
			fmt.Fprint(e.stdout, formatted)
		}
	}
	return code, nil
}

type goldenCmd struct {
	Update bool `help:"Write the current reports as the golden files (read the diff first: a golden file is a claim about the rules)."`
	Prune  bool `help:"Remove the golden files no transcript has and the temp files interrupted writes left, and list them."`
	formatFlag
	jobsFlag
	sizeFlags
	catalogueRootFlag
	Dir string `arg:"" optional:"" default:"." help:"The folder holding examples/ and golden/."`
}

func (c *goldenCmd) Run(e *env) (int, error) {
	if err := c.check(); err != nil {
		return exitUsage, err
	}
	out, err := c.output(e, 0)
	if err != nil {
		return exitUsage, err
	}
	jobs, err := c.jobs()
	if err != nil {
		return exitUsage, err
	}
	referee.UseBatchGC(e.getenv)
	opts := referee.Options{Limits: c.limits(), CatalogueRoot: c.CatalogueRoot}
	results, err := referee.GoldenWith(c.Dir, referee.GoldenOptions{Update: c.Update, Prune: c.Prune, Jobs: jobs, Check: opts})
	if err != nil {
		return exitUsage, err
	}
	if err := out.WriteGolden(e.stdout, results); err != nil {
		return exitUsage, err
	}
	return referee.GoldenExitCode(results), nil
}

type legalCmd struct {
	limitFlags
	catalogueRootFlag
	stdinFlag
	File string `arg:"" help:"A transcript; - reads standard input."`
}

func (c *legalCmd) Run(e *env) (int, error) {
	if err := c.check(); err != nil {
		return exitUsage, err
	}
	opts := c.options(false)
	var err error
	if opts.Stdin, err = c.input([]string{c.File}, opts.Limits); err != nil {
		return exitUsage, err
	}
	name, src, r, err := referee.ReadTranscript(c.File, opts)
	if err != nil {
		return exitUsage, err
	}
	if r != nil {
		referee.WriteReport(e.stdout, r, e.palette)
		return exitUsage, nil
	}
	g, err := referee.DetectIn(name, src, opts)
	if err != nil {
		return exitUsage, fmt.Errorf("%s: %w", name, err)
	}
	opts.CatalogueRoot = c.CatalogueRoot
	lm, r := g.Legal(name, src, opts)
	if lm == nil {
		referee.WriteReport(e.stdout, referee.Truncate(r, c.MaxDiagnostics), e.palette)
		return max(r.ExitCode(), exitIllegal), nil
	}
	referee.WriteLegal(e.stdout, lm)
	return exitClean, nil
}

type positionCmd struct {
	Turn int  `placeholder:"N" help:"The position once turn N has ended (default: the last turn that has ended)."`
	Rest bool `help:"Also print the turns after N and the result line, so that the output is a transcript equivalent to FILE from turn N on."`
	limitFlags
	catalogueRootFlag
	File string `arg:"" help:"A transcript."`
}

func (c *positionCmd) Run(e *env) (int, error) {
	if err := c.check(); err != nil {
		return exitUsage, err
	}
	if c.Turn < 0 {
		return exitUsage, fmt.Errorf("--turn must be 1 or more, not %d", c.Turn)
	}
	opts := c.options(false)
	src, r, err := referee.ReadChecked(c.File, opts.Limits)
	if err != nil {
		return exitUsage, err
	}
	if r != nil {
		referee.WriteReport(e.stdout, r, e.palette)
		return exitUsage, nil
	}
	g, err := referee.Detect(c.File, src)
	if err != nil {
		return exitUsage, fmt.Errorf("%s: %w", c.File, err)
	}
	opts.CatalogueRoot = c.CatalogueRoot
	text, r := g.Position(c.File, src, opts, c.Turn, c.Rest)
	if text == "" {
		referee.WriteReport(e.stdout, referee.Truncate(r, c.MaxDiagnostics), e.palette)
		return max(r.ExitCode(), exitIllegal), nil
	}
	fmt.Fprint(e.stdout, text)
	return exitClean, nil
}

type randomCmd struct {
	Game  string `arg:"" help:"The game to play."`
	Seed  uint64 `required:"" help:"The seed of the first game; game i of --count uses seed+i."`
	Count int    `default:"1" help:"How many games to play."`
	Out   string `help:"A folder to write the games to, one file each (atomically); without it they are printed."`
	// Unseeded and Perspective write games as a table records them.
	Unseeded    bool   `help:"Write no Seed tag: every card dealt is written where it is dealt, as at a table shuffled by hand."`
	Perspective string `placeholder:"NAME" help:"Write each game from NAME's seat (Ann or Ben): the cards hidden from it are written ?, with a Perspective tag. Implies --unseeded."`
}

func (c *randomCmd) Run(e *env) (int, error) {
	g, err := referee.LookupOrSuggest(c.Game)
	if err != nil {
		return exitUsage, err
	}
	if c.Count < 1 {
		return exitUsage, errors.New("--count must be at least 1")
	}
	if c.Out != "" {
		if err := os.MkdirAll(c.Out, 0o755); err != nil {
			return exitUsage, err
		}
	}
	for i := 0; i < c.Count; i++ {
		seed := c.Seed + uint64(i)
		text, _, err := g.RandomWith(seed, referee.RandomOptions{Unseeded: c.Unseeded, Perspective: c.Perspective})
		if err != nil {
			return exitUsage, err
		}
		if c.Out == "" {
			if i > 0 {
				fmt.Fprintln(e.stdout)
			}
			fmt.Fprint(e.stdout, text)
			continue
		}
		path := filepath.Join(c.Out, "random-"+strconv.FormatUint(seed, 10)+g.Extension())
		if err := referee.WriteAtomic(path, []byte(text)); err != nil {
			return exitUsage, err
		}
	}
	return exitClean, nil
}

type gamesCmd struct{}

func (gamesCmd) Run(e *env) (int, error) {
	for _, g := range referee.Games() {
		fmt.Fprintf(e.stdout, "%-8s %-8s %s\n", g.Name(), g.Extension(), g.Summary())
		for _, v := range g.Variants() {
			fmt.Fprintf(e.stdout, "    variant %s=%s: %s\n", v.Name, strings.Join(v.Values, "|"), v.Summary)
		}
	}
	return exitClean, nil
}

type grammarCmd struct {
	Game string `arg:"" help:"The game whose grammar to print."`
}

func (c *grammarCmd) Run(e *env) (int, error) {
	g, err := referee.LookupOrSuggest(c.Game)
	if err != nil {
		return exitUsage, err
	}
	fmt.Fprint(e.stdout, g.EBNF())
	fmt.Fprintln(e.stdout)
	return exitClean, nil
}

type cardsCmd struct {
	Game string `arg:"" help:"The game whose catalogue to list."`
	sizeFlags
	Catalogue string `arg:"" optional:"" help:"A catalogue file (.cards); without it, the game's default catalogue."`
}

func (c *cardsCmd) Run(e *env) (int, error) {
	g, err := referee.LookupOrSuggest(c.Game)
	if err != nil {
		return exitUsage, err
	}
	if err := c.check(); err != nil {
		return exitUsage, err
	}
	var src string
	if c.Catalogue != "" {
		var r *referee.Report
		var err error
		if src, r, err = referee.ReadChecked(c.Catalogue, c.limits()); err != nil {
			return exitUsage, err
		}
		if r != nil {
			referee.WriteReport(e.stdout, r, e.palette)
			return exitUsage, nil
		}
	}
	// A catalogue that loads is listed, an empty one as an empty table.
	cards, r := referee.Cards(g, c.Catalogue, src)
	if r.ExitCode() != 0 {
		referee.WriteReport(e.stdout, r, e.palette)
		return max(r.ExitCode(), exitUsage), nil
	}
	if err := referee.WriteCards(e.stdout, cards); err != nil {
		return exitUsage, err
	}
	return exitClean, nil
}

// run is the whole command, apart from the process: main only wires it to
// os.Args, the standard streams and the environment.
func run(args []string, stdout, stderr io.Writer, getenv func(string) string, isTerminal bool) int {
	var c cli
	options := []kong.Option{
		kong.Name("referee"),
		kong.Description("A referee for tabletop games: checks transcripts against the rules, move by move."),
		kong.UsageOnError(),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
		kong.Vars{"version": "referee " + referee.Version().String()},
	}
	target, ok := parseOneCommand(&c, args, options...)
	if !ok {
		var code int
		if target, code, ok = parseWhole(&c, args, stdout, stderr, options); !ok {
			return code
		}
	}
	colour := false
	switch c.Color {
	case "always":
		colour = true
	case "auto":
		colour = isTerminal && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb"
	}
	e := &env{stdout: stdout, stderr: stderr, palette: referee.NewPalette(colour), getenv: getenv}
	if isTerminal {
		e.width = terminalWidth()
	}
	runner, ok := target.Addr().Interface().(interface{ Run(*env) (int, error) })
	if !ok {
		fmt.Fprintln(stderr, "referee: no command")
		return exitUsage
	}
	if _, ok := runner.(quiet); !ok && guardSignals != nil {
		guardSignals()
	}
	code, err := runner.Run(e)
	if err != nil {
		printError(stderr, err)
	}
	return code
}

// parseWhole parses args into c with kong's model of the whole command
// line, printing usage, help, the version or an error as kong does, and
// returns the command selected, or the exit code and false.
func parseWhole(c *cli, args []string, stdout, stderr io.Writer, options []kong.Option) (reflect.Value, int, bool) {
	exited := -1
	parser, err := kong.New(c, append(options[:len(options):len(options)], kong.Writers(stdout, stderr), kong.Exit(func(code int) { exited = code }))...)
	if err != nil {
		printError(stderr, err)
		return reflect.Value{}, exitUsage, false
	}
	if len(args) == 0 {
		// No command: the usage, as go and git print it, on stderr.
		parser.Stdout = stderr
		_, _ = parser.Parse([]string{"--help"})
		return reflect.Value{}, exitUsage, false
	}
	ctx, err := parser.Parse(args)
	if exited >= 0 {
		// --help printed its page.
		return reflect.Value{}, exited, false
	}
	if err != nil {
		printError(stderr, err)
		return reflect.Value{}, exitUsage, false
	}
	return ctx.Selected().Target, 0, true
}

// printError writes an error line. Errors name files and echo arguments,
// user data both: the line is escaped, so that a file name can neither
// drive the terminal nor start a line of its own (a forged "::error"
// annotation in a CI log).
func printError(w io.Writer, err error) {
	fmt.Fprintln(w, "referee:", referee.EscapeControls(err.Error()))
}

// terminalWidth is the width of the terminal standard output writes to,
// or 0 when it cannot be told; a variable for the tests.
var terminalWidth = func() int {
	if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil {
		return w
	}
	return 0
}

func main() {
	guardSignals = removeTempFilesOnSignal
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, os.Getenv, isatty.IsTerminal(os.Stdout.Fd()) || isatty.IsCygwinTerminal(os.Stdout.Fd())))
}
