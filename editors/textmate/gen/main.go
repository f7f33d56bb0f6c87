// Command gen writes the TextMate grammars of editors/vscode/syntaxes from
// the referee's lexers. Run it from the repository's root after a change
// to a lexer:
//
//	go run ./editors/textmate/gen
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tabletop-referee/referee/editors/textmate"
)

func main() {
	dir := flag.String("dir", filepath.Join("editors", "vscode", "syntaxes"), "the folder to write the grammars to")
	flag.Parse()
	if err := write(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// write writes every language's grammar into dir.
func write(dir string) error {
	langs, err := textmate.Languages()
	if err != nil {
		return err
	}
	for _, l := range langs {
		data, err := textmate.Grammar(l)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, textmate.FileName(l)), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
