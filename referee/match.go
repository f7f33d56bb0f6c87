package referee

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/bot"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// generator says how generate plays a game: who plays it, under which
// variants, and who chooses the moves. Its zero value plays a random game
// between Ann and Ben, as referee random does.
type generator struct {
	players  []string          // the Players tag; nil: Ann, Ben
	event    string            // the Event tag; empty: "random game"
	variants map[string]string // the variants chosen, written in a Variant tag
	// choose, when set, picks the move to make among legal, the moves
	// open in st (which it must not change); a nil move leaves the choice
	// to chance, as a random game makes it.
	choose func(st engine.State, legal []engine.Move) engine.Move
}

// generated is a game generate played: its transcript and how it ended.
type generated struct {
	text    string
	outcome string // as "Ann wins", "draw", "unfinished"
	over    bool
	winner  int // the winner's seat, or engine.Nobody
	reason  string
	turns   int // the turns written
	moves   int // the moves written in them
}

// quoted writes each name as a turn line needs it: bare, or quoted.
func quoted(b *binding, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = quoteName(b, n)
	}
	return out
}

// MatchOptions say what match to play.
type MatchOptions struct {
	// Bots names the bots, one a seat: the first moves first in the odd
	// games (the first, the third, ...), and the seats swap every other
	// game.
	Bots []string
	// Games is the number of games.
	Games int
	// Seed decides everything: game i (from 0) deals from Seed+i, as
	// referee random's games do, and its bots' seeds come from it.
	Seed uint64
	// Variants are the variants chosen, by name.
	Variants map[string]string
	// Budget and Time set mcts up (bot.Config); zero takes the defaults.
	Budget int
	Time   time.Duration
	// Jobs is the number of games played at once; the games and the
	// summary do not depend on it.
	Jobs int
	// Out, when set, is the folder each game is written to, as
	// <game>-<n><ext> (n from 1), atomically.
	Out string
	// Done, when set, is called once a game has been played (and
	// written), from one goroutine at a time, with the games done so far.
	Done func(done int)
}

// MatchGame is one game of a match.
type MatchGame struct {
	Number int      // from 1
	Seats  []string // the bot at each seat, first to move first
	// Players are the names the Players tag gives the seats: each bot's
	// name, a bot that plays itself named "-2" the second time.
	Players []string
	Path    string // where it was written, when it was
	Text    string // the transcript
	Over    bool
	Winner  int // the winning seat, or engine.Nobody: a draw, or unfinished
	Reason  string
	Turns   int
	Moves   int
}

// Match is the games of a match, in order.
type Match struct {
	Game  string
	Names []string // each bot's name in the Players tags, in MatchOptions.Bots' order
	Games []MatchGame
}

// botNames names each bot for the Players tag: its name, and for a bot
// named already, its name and a number ("mcts", "mcts-2"). referee stats
// takes the number off again to group a bot's games.
func botNames(bots []string) []string {
	out := make([]string, len(bots))
	for i, b := range bots {
		n := 1
		for _, before := range bots[:i] {
			if before == b {
				n++
			}
		}
		out[i] = b
		if n > 1 {
			out[i] = b + "-" + strconv.Itoa(n)
		}
	}
	return out
}

// PlayMatch plays a match of g between bots.
func PlayMatch(g Game, opts MatchOptions) (*Match, error) {
	b, ok := g.(interface {
		match(MatchOptions) (*Match, error)
	})
	if !ok {
		return nil, fmt.Errorf("%s cannot be played by bots", g.Name())
	}
	return b.match(opts)
}

func (b *binding) match(opts MatchOptions) (*Match, error) {
	if len(opts.Bots) != b.rules.Players() {
		return nil, fmt.Errorf("%s is played by %d players: --players names %d bots (%s)", b.Name(), b.rules.Players(), len(opts.Bots), strings.Join(opts.Bots, ","))
	}
	for _, name := range opts.Bots {
		if _, err := bot.Lookup(name); err != nil {
			return nil, err
		}
	}
	if opts.Games < 1 {
		return nil, errors.New("--games must be at least 1")
	}
	if _, err := engine.ResolveVariants(b.rules.Variants(), opts.Variants); err != nil {
		return nil, err
	}
	m := &Match{Game: b.Name(), Names: botNames(opts.Bots), Games: make([]MatchGame, opts.Games)}
	jobs := max(1, min(opts.Jobs, opts.Games))
	next := make(chan int)
	var mu sync.Mutex
	done := 0
	var firstErr error
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			for i := range next {
				game, err := b.matchGame(i, m.Names, opts)
				mu.Lock()
				m.Games[i] = game
				if err != nil && firstErr == nil {
					firstErr = err
				}
				done++
				if opts.Done != nil {
					opts.Done(done)
				}
				mu.Unlock()
			}
		})
	}
	for i := range opts.Games {
		next <- i
	}
	close(next)
	wg.Wait()
	return m, firstErr
}

// matchGame plays game i of a match (from 0).
func (b *binding) matchGame(i int, names []string, opts MatchOptions) (MatchGame, error) {
	seed := opts.Seed + uint64(i)
	order := make([]int, len(opts.Bots)) // order[seat] is the bot's index in opts.Bots
	for seat := range order {
		order[seat] = seat
	}
	if i%2 == 1 {
		slices.Reverse(order)
	}
	game := MatchGame{Number: i + 1}
	bots := make([]bot.Bot, len(order))
	seeds := shuffle.New(seed ^ 0x5eed_b075)
	for seat, k := range order {
		game.Seats = append(game.Seats, opts.Bots[k])
		game.Players = append(game.Players, names[k])
		var err error
		if bots[seat], err = bot.New(opts.Bots[k], bot.Config{Seed: seeds.Uint64(), Budget: opts.Budget, Time: opts.Time}); err != nil {
			return game, err
		}
	}
	gen := generator{
		players:  game.Players,
		event:    "match game " + strconv.Itoa(i+1),
		variants: opts.Variants,
		choose: func(st engine.State, legal []engine.Move) engine.Move {
			seat := st.ToMove()
			if seat < 0 || seat >= len(bots) {
				return nil // no player's move (a board's set-up): chance makes it
			}
			return bots[seat].Choose(st, seat)
		},
	}
	g, err := b.generate(seed, RandomOptions{}, gen)
	if err != nil {
		return game, err
	}
	game.Text, game.Over, game.Winner, game.Reason, game.Turns, game.Moves = g.text, g.over, g.winner, g.reason, g.turns, g.moves
	if opts.Out != "" {
		game.Path = filepath.Join(opts.Out, b.Name()+"-"+strconv.Itoa(i+1)+b.ext)
		if err := WriteAtomic(game.Path, []byte(g.text)); err != nil {
			return game, err
		}
	}
	return game, nil
}

// Summary writes a match's results: each bot's wins in all and from each
// seat, with a 95% interval (Wilson) on its win rate, the draws and the
// games left unfinished, and the games' length.
func (m *Match) Summary() string {
	var out strings.Builder
	n := len(m.Games)
	fmt.Fprintf(&out, "%s: %s between %s\n", m.Game, Plural(n, "game"), strings.Join(m.Names, " and "))
	seats := 0
	if n > 0 {
		seats = len(m.Games[0].Players)
	}
	header := []string{"bot", "games", "wins", "win rate", "95% interval"}
	for s := range seats {
		header = append(header, "wins as "+ordinal(s+1))
	}
	rows := [][]string{header}
	for _, name := range m.Names {
		played, wins := 0, 0
		seatWins, seatGames := make([]int, seats), make([]int, seats)
		for _, g := range m.Games {
			seat := slices.Index(g.Players, name)
			if seat < 0 {
				continue
			}
			played++
			seatGames[seat]++
			if g.Winner == seat {
				wins++
				seatWins[seat]++
			}
		}
		lo, hi := Wilson(wins, played)
		// Written as referee stats writes a win rate and its interval.
		rate, interval := "-", "-"
		if played > 0 {
			rate, interval = percent(float64(wins)/float64(played)), percent(lo)+" to "+percent(hi)
		}
		row := []string{name, strconv.Itoa(played), strconv.Itoa(wins), rate, interval}
		for s := range seats {
			row = append(row, fmt.Sprintf("%d/%d", seatWins[s], seatGames[s]))
		}
		rows = append(rows, row)
	}
	writeColumns(&out, rows)
	draws, unfinished, turns, moves := 0, 0, 0, 0
	for _, g := range m.Games {
		switch {
		case !g.Over:
			unfinished++
		case g.Winner == engine.Nobody:
			draws++
		}
		turns += g.Turns
		moves += g.Moves
	}
	fmt.Fprintf(&out, "draws: %d, unfinished: %d\n", draws, unfinished)
	if n > 0 {
		fmt.Fprintf(&out, "average length: %.1f turns, %.1f moves\n", float64(turns)/float64(n), float64(moves)/float64(n))
	}
	return out.String()
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return strconv.Itoa(n) + "th"
}

// writeColumns writes rows in columns, the first left-aligned, the others
// right-aligned, two spaces apart.
func writeColumns(out *strings.Builder, rows [][]string) {
	var widths []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for _, r := range rows {
		var line strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", widths[i]-len([]rune(c)))
			switch {
			case i == 0:
				line.WriteString(c + pad)
			default:
				line.WriteString("  " + pad + c)
			}
		}
		out.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}

// rulesForBots is the game's rules with its default catalogue, as its
// random games and matches are played.
func (b *binding) rulesForBots() engine.Game {
	if b.cards != nil {
		return b.cards.defaultRules(b.Name())
	}
	return b.rules
}
