package referee

import (
	"fmt"
	"io"
)

// StdinArg is the path that stands for standard input on the command
// line, as in `cat x.sortie | referee check -`.
const StdinArg = "-"

// StdinName is how reports and messages name standard input.
const StdinName = "<stdin>"

// Input is a transcript read from standard input.
type Input struct {
	Text string
	// Game names its game (--game); "" to tell it by the Game tag.
	Game string
}

// ReadInput reads a transcript from r, at most limits' MaxBytes and one
// byte more (so that a longer one is reported as too large, at its place,
// as a file is); game is --game's value, checked to be a known game.
func ReadInput(r io.Reader, game string, limits Limits) (*Input, error) {
	if game != "" {
		if _, err := LookupOrSuggest(game); err != nil {
			return nil, fmt.Errorf("--game: %w", err)
		}
	}
	data, err := io.ReadAll(io.LimitReader(r, int64(limits.OrDefault().MaxBytes)+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", StdinName, err)
	}
	return &Input{Text: string(data), Game: game}, nil
}

// source reads the transcript at path, or standard input for StdinArg
// when Options.Stdin holds it; name is how the report names it.
func (o Options) source(path string) (name, src string, err error) {
	if path == StdinArg && o.Stdin != nil {
		return StdinName, o.Stdin.Text, nil
	}
	src, err = ReadFile(path, o.Limits)
	return path, src, err
}

// detect tells the game of the transcript src at path: --game's for
// standard input when it names one, checked against the Game tag.
func (o Options) detect(path, src string) (Game, error) {
	if path != StdinName || o.Stdin == nil || o.Stdin.Game == "" {
		g, err := Detect(path, src)
		if err != nil && path == StdinName {
			return nil, fmt.Errorf("cannot tell the game of standard input: give --game GAME, or write a Game tag")
		}
		return g, err
	}
	g, _ := Lookup(o.Stdin.Game)
	if m := gameTag().FindStringSubmatch(src); m != nil && m[1] != g.Name() {
		return nil, fmt.Errorf("the Game tag says %s, but --game says %s", EscapeControls(m[1]), g.Name())
	}
	return g, nil
}

// ReadTranscript reads the transcript at path as ReadChecked does, or
// standard input for "-" when opts.Stdin holds it, and gives the name
// reports give it. A transcript past a limit gives a report with its one
// error, at its place; one that cannot be read, an error.
func ReadTranscript(path string, opts Options) (name, src string, tooBig *Report, err error) {
	name, src, err = opts.source(path)
	if err != nil {
		return name, "", nil, err
	}
	if err := opts.Limits.CheckSize(name, src); err != nil {
		return name, src, tooLarge(name, src, err), nil
	}
	return name, src, nil, nil
}

// DetectIn tells the game of the transcript src named name, as Detect
// does, or for standard input by --game (opts.Stdin) when it names one.
func DetectIn(name, src string, opts Options) (Game, error) { return opts.detect(name, src) }
