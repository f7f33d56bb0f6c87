package lsp

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsTheCoreOnly holds the server to the referee core: it names no
// game, so that a game added is served without a change here.
func TestImportsTheCoreOnly(t *testing.T) {
	t.Parallel()
	const module = "github.com/tabletop-referee/referee/"
	files, _ := filepath.Glob("*.go")
	seen := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if pkg, ours := strings.CutPrefix(path, module); ours && pkg != "referee" {
				t.Errorf("%s imports %s: the server asks the core (referee) alone", f, path)
			}
		}
		seen++
	}
	if seen == 0 {
		t.Error("no source file read")
	}
}
