// Package grammar holds one participle grammar per game: the game's move
// syntax and the tokens it needs, on top of the transcript notation every
// game shares (package notation). It knows nothing of the rules.
package grammar
