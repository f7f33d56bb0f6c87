package referee

import (
	"errors"
	"fmt"
	"io"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/bot"
)

// botView is a game whose state at the end of a transcript a bot can be
// given, and whose moves it can write.
type botView interface {
	// botState is the state at the end of a transcript that checks clean,
	// with a function writing a move in it as the transcript would.
	botState(path, src string, opts Options) (engine.State, func(engine.Move) string, error)
}

func (b *binding) botState(path, src string, opts Options) (engine.State, func(engine.Move) string, error) {
	rp := b.run(path, src, opts)
	if rp.report.ExitCode() != 0 || rp.state == nil {
		return nil, nil, errors.New("the transcript does not check clean")
	}
	st, players := rp.state, rp.report.Players
	write := func(m engine.Move) string {
		mover := turnPlayer(st)
		if by, ok := m.(engine.By); ok {
			mover, m = by.Player, by.Move
		}
		if setup, ok := m.(engine.OnSetupLine); ok {
			return quoteName(b, b.subject(players, st.ToMove())) + ": " + b.notate(setup.Move)
		}
		return b.writeMove(m, mover, turnPlayer(st), players)
	}
	return st, write, nil
}

// SetBot seats a bot at the session's table, at seat (an index into the
// Players tag): BotMoves lets it play.
func (s *Session) SetBot(b bot.Bot, seat int) error {
	if _, ok := s.game.(botView); !ok {
		return fmt.Errorf("%s cannot be played by a bot", s.game.Name())
	}
	s.bot, s.botSeat = b, seat
	return nil
}

// maxBotMoves bounds the moves BotMoves makes in a row: a turn is many
// moves, but not this many.
const maxBotMoves = 1000

// BotMoves lets the bot, when there is one, make its moves for as long as
// it is to move: each is written to w ("mcts: a2-a3") and taken as a typed
// move would be, the state drawn after it. When the rules end the game,
// it writes the result. The status is Accepted when it moved. A move the
// bot chose and the referee refused is a fault of the program's own, and
// an error.
func (s *Session) BotMoves(w io.Writer) (Status, error) {
	status := Unchanged
	if s.bot == nil {
		return status, nil
	}
	name := s.report.Players[s.botSeat]
	for range maxBotMoves {
		if s.finished() {
			return status, nil
		}
		st, write, err := s.game.(botView).botState(s.path, s.text, s.opts)
		if err != nil {
			return status, err
		}
		if st.Outcome().Over {
			fmt.Fprintf(w, "%s (%s): result\n", escapeControls(name), s.bot.Name())
			if _, err := s.result(w, ""); err != nil {
				return status, err
			}
			return Accepted, nil
		}
		legal := st.Legal()
		var m engine.Move
		switch {
		case st.ToMove() < 0 && len(legal) == 1:
			// No player's move with nothing to choose (the board line of a
			// seeded Void): the bot's side of the table writes it.
			m = legal[0]
		case st.ToMove() != s.botSeat || len(legal) == 0:
			return status, nil
		default:
			m = s.bot.Choose(st, s.botSeat)
		}
		if p, _ := bot.Mover(st, m); p != s.botSeat && p >= 0 && st.ToMove() >= 0 {
			// The bot would rather let the other player act (a move of
			// theirs in answer, as in Void): it waits for it.
			return status, nil
		}
		who := fmt.Sprintf("%s (%s): ", escapeControls(name), s.bot.Name())
		if st.ToMove() < 0 {
			who = "" // the board's line says whose it is
		}
		var got Status
		if _, end := m.(engine.EndTurn); end {
			fmt.Fprintf(w, "%send\n", who)
			got, err = s.end(w)
		} else {
			typed := write(m)
			fmt.Fprintf(w, "%s%s\n", who, escapeControls(typed))
			got, err = s.Exec(w, typed)
		}
		if err != nil {
			return status, err
		}
		if got != Accepted {
			return status, fmt.Errorf("the referee refused the move %s chose: this is a fault of the referee's own", name)
		}
		status = Accepted
	}
	return status, fmt.Errorf("%s made %d moves in a row without giving the turn up", name, maxBotMoves)
}
