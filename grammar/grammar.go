// Package grammar holds one participle grammar per game: the game's move
// syntax and the tokens it needs, on top of the transcript notation every
// game shares (package notation). It knows nothing of the rules.
package grammar

import "github.com/tabletop-referee/referee/notation"

// relocName is a name at a kept parse's new place (notation.Relocation):
// the name of that place's own token, where the name is a value token.
func relocName[S ~string](r *notation.Relocation, name S) S { return S(r.Value(string(name))) }

// relocNames is names at a kept parse's new place, as relocName gives each.
func relocNames[S ~string](r *notation.Relocation, names []S) []S {
	out := make([]S, len(names))
	for i, n := range names {
		out[i] = relocName(r, n)
	}
	return out
}
