package referee

import (
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
)

// renamed is a game's rules under another name.
type renamed struct {
	engine.Game
	name string
}

func (r renamed) Name() string { return r.name }

// TestRegisterRefusesATwin checks that a second game of a registered name,
// or of a registered extension, is refused with a panic naming it, and
// leaves the registry as it was: the command could not tell the two apart.
func TestRegisterRefusesATwin(t *testing.T) {
	sortie := sortieGame()
	tests := []struct {
		name  string
		rules engine.Game
		ext   string
		panic string
	}{
		{"a name registered twice", sortie.rules, ".sortie2", "the game sortie is registered twice"},
		{"an extension registered twice", renamed{sortie.rules, "sortie2"}, ".sortie", "the extension .sortie is registered twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(games)
			defer func() {
				v := recover()
				if msg, _ := v.(string); !strings.Contains(msg, tt.panic) {
					t.Errorf("Register panicked with %v, want %q", v, tt.panic)
				}
				if len(games) != before {
					t.Errorf("the registry holds %d games, want the %d before", len(games), before)
				}
			}()
			Register(Binding{Rules: tt.rules, Grammar: sortie.grammar, Extension: tt.ext})
		})
	}
}
