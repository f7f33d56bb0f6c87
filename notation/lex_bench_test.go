package notation_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkLex lexes the Sortie examples, written as the game of
// cards writes them, into compact tokens, as a parse does.
func BenchmarkLex(b *testing.B) {
	paths, _ := filepath.Glob("../examples/sortie/*.sortie")
	var text strings.Builder
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		text.Write(data)
	}
	src := text.String()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		cardLexer.LexCompact(src)
	}
}
