// Package all registers every game the referee plays: one blank import a
// game, each of a game's room, which registers the game
// (referee.Register) as the program starts. The command imports this
// package; a program or a test that wants fewer games imports their rooms
// one by one.
package all

import (
	_ "github.com/tabletop-referee/referee/referee/games/daemon"
	_ "github.com/tabletop-referee/referee/referee/games/mecha"
	_ "github.com/tabletop-referee/referee/referee/games/mod"
	_ "github.com/tabletop-referee/referee/referee/games/sortie"
	_ "github.com/tabletop-referee/referee/referee/games/void"
)
