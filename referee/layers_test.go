package referee

import (
	"os/exec"
	"strings"
	"testing"
)

// module is the module's import path.
const module = "github.com/tabletop-referee/referee/"

// TestCoreNamesNoGame holds the layering docs/architecture.md draws: the
// referee core, and the catalogue reading it uses, import no game's
// grammar, engine or room. A game is known to the core only by what its
// room registers.
func TestCoreNamesNoGame(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the imports with")
	}
	core := []string{module + "referee", module + "referee/catalogue"}
	out, err := exec.Command(goTool, append([]string{"list", "-deps"}, core...)...).Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	// The engine's shared pieces, which every game builds on.
	// engine/bot plays any game through engine.State, and names none.
	shared := map[string]bool{"engine": true, "engine/shuffle": true, "engine/grid": true, "engine/cards": true, "engine/catalogue": true, "engine/bot": true}
	deps := strings.Fields(string(out))
	for _, dep := range deps {
		pkg, ours := strings.CutPrefix(dep, module)
		if !ours {
			continue
		}
		switch {
		case pkg == "grammar": // every game's grammar, in one package
			t.Errorf("the core imports %s, the games' grammars", dep)
		case strings.HasPrefix(pkg, "engine/") && !shared[pkg]:
			t.Errorf("the core imports %s, a game's engine", dep)
		case strings.HasPrefix(pkg, "referee/games/"):
			t.Errorf("the core imports %s, a game's room", dep)
		}
	}
	// The test would pass on an empty list: the core's own packages must
	// be in it.
	for _, want := range append(core, module+"grammar/catalogue", module+"engine/catalogue") {
		if !strings.Contains("\n"+string(out), "\n"+want+"\n") {
			t.Errorf("go list -deps lists no %s: %s", want, deps)
		}
	}
}
