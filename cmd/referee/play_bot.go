package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/tabletop-referee/referee/engine/bot"
	"github.com/tabletop-referee/referee/engine/shuffle"
	"github.com/tabletop-referee/referee/referee"
)

// playBotFlags seat a bot at a game played live (docs/bots.md).
type playBotFlags struct {
	Bot     string `placeholder:"NAME" help:"Play against a bot (random, greedy or mcts): it makes its moves as soon as it is to move, each printed. A new game without --seed is dealt a seed, so that the bot has cards."`
	BotSeat string `placeholder:"N|NAME" default:"2" help:"The bot's seat: its place in the players (1 moves first) or its player's name."`
	Budget  int    `placeholder:"N" help:"The playouts an mcts bot makes a decision (default: its own, see docs/bots.md)."`
}

func (c *playCmd) checkBot() error {
	if c.Bot == "" {
		return nil
	}
	if _, err := bot.Lookup(c.Bot); err != nil {
		return fmt.Errorf("--bot: %w", err)
	}
	if c.Budget < 0 {
		return fmt.Errorf("--budget must be 0 or more")
	}
	return nil
}

// resuming tells whether --record names a file that holds a game.
func (c *playCmd) resuming() bool {
	if c.Record == "" {
		return false
	}
	info, err := os.Stat(c.Record)
	return err == nil && info.Size() > 0
}

// dealSeed is a new game's seed when none is given: math/rand/v2's
// source is seeded by the runtime, unpredictable enough for a deal, and
// crypto/rand linked a 32 MB buffer that every start paid to map.
func dealSeed() string {
	return strconv.FormatUint(rand.Uint64N(1_000_000_000), 10)
}

// seatBot seats the bot --bot names at --bot-seat, and draws the game
// from the person's seat unless --seat says otherwise: the bot's cards
// stay hidden from the person as the person's are from the bot.
func (c *playCmd) seatBot(g referee.Game, s *referee.Session, r *referee.Report, opts referee.Options) (*referee.Session, error) {
	seat := slices.Index(r.Players, c.BotSeat)
	if n, err := strconv.Atoi(c.BotSeat); seat < 0 && err == nil && n >= 1 && n <= len(r.Players) {
		seat = n - 1
	}
	if seat < 0 {
		return nil, fmt.Errorf("--bot-seat %s: expected a seat from 1 to %d, or a player's name (%s)", referee.EscapeControls(c.BotSeat), len(r.Players), strings.Join(r.Players, ", "))
	}
	if r.Seed == "" && !r.Unshuffled {
		return nil, fmt.Errorf("%s has no Seed tag: a bot needs the cards dealt by the referee; play a new game with --bot, which deals one", referee.EscapeControls(c.Record))
	}
	if c.Seat == "" && r.Perspective == "" && len(r.Players) == 2 {
		// Drawn from the person's seat: the bot's cards are not shown.
		opts.Seat = r.Players[1-seat]
		if s, r = referee.NewSession(g, c.Record, s.Text(), opts); s == nil {
			return nil, fmt.Errorf("the game does not check clean: %s", r.Result)
		}
	}
	b, err := bot.New(c.Bot, bot.Config{Seed: shuffle.ParseSeed(r.Seed) + uint64(seat), Budget: c.Budget})
	if err != nil {
		return nil, err
	}
	return s, s.SetBot(b, seat)
}
