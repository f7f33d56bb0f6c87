// Package grammar holds one participle grammar per game: the game's move
// syntax and the tokens it needs, on top of the transcript notation every
// game shares (package notation). It knows nothing of the rules.
package grammar

import (
	"slices"

	"github.com/tabletop-referee/referee/notation"
)

// relocName is a name at a kept parse's new place (notation.Relocation):
// the name of that place's own token, where the name is a value token; a
// quoted one (a grammar that keeps strings by shape) with its quotes taken
// off, as a name's Capture takes them off.
func relocName[S ~string](r *notation.Relocation, name S) S {
	v := r.Value(string(name))
	if len(v) > 0 && v[0] == '"' && v != string(name) {
		return S(unquoteName(v))
	}
	return S(v)
}

// relocateNames is ns with the names written at r's place, as relocName
// gives each: ns itself, clipped, when none stands for one. The list is
// written in room when it fits (room taken with the move's copy), else in
// a new slice.
func relocateNames[N ~string](r *notation.Relocation, ns []N, room []N) []N {
	for i, name := range ns {
		if v := relocName(r, name); v != name {
			var out []N
			if len(ns) <= len(room) {
				out = room[:len(ns):len(ns)]
			} else {
				out = make([]N, len(ns))
			}
			copy(out, ns[:i])
			out[i] = v
			for j := i + 1; j < len(ns); j++ {
				out[j] = relocName(r, ns[j])
			}
			return out
		}
	}
	return slices.Clip(ns)
}
