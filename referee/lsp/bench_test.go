package lsp

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/tabletop-referee/referee/referee"
	"github.com/tabletop-referee/referee/referee/lsp/lsptest"
)

// BenchmarkRecheck is an editor's change to a transcript of 200 turns, from
// the change sent to its diagnostics received: what a player waits for
// after each key (docs/performance.md has the figure; the aim is under
// 100 ms).
func BenchmarkRecheck(b *testing.B) {
	// Random games that last 200 turns.
	for _, game := range []struct {
		name string
		seed uint64
	}{{"sortie", 9}, {"mod", 226}} {
		b.Run(game.name, func(b *testing.B) {
			g, _ := referee.Lookup(game.name)
			text, _ := g.Random(game.seed)
			if !strings.Contains(text, "\n200. ") {
				b.Fatalf("the random game of seed %d has no turn 200:\n%s", game.seed, text)
			}
			recheck(b, g.Extension(), text)
		})
	}
}

// recheck changes a transcript in an editor again and again.
func recheck(b *testing.B, ext, text string) {
	toServer, fromEditor := io.Pipe()
	toEditor, fromServer := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go NewServer().Serve(ctx, toServer, fromServer)
	c := lsptest.NewClient(toEditor, fromEditor, 10*time.Second)
	if err := c.Call("initialize", protocol.InitializeParams{}, nil); err != nil {
		b.Fatal(err)
	}
	uri := pathURI(filepath.Join(b.TempDir(), "long"+ext))
	if err := c.Notify("textDocument/didOpen", protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, Text: text}}); err != nil {
		b.Fatal(err)
	}
	var p protocol.PublishDiagnosticsParams
	if err := c.Wait("textDocument/publishDiagnostics", &p); err != nil || len(p.Diagnostics) != 0 {
		b.Fatalf("%v %+v", err, p.Diagnostics)
	}
	for i := 0; b.Loop(); i++ {
		// A comment typed at the end: a new text each time, checked whole.
		changed := fmt.Sprintf("%s; %d\n", text, i)
		params := map[string]any{"textDocument": map[string]any{"uri": uri, "version": i + 2}, "contentChanges": []any{map[string]any{"text": changed}}}
		if err := c.Notify("textDocument/didChange", params); err != nil {
			b.Fatal(err)
		}
		if err := c.Wait("textDocument/publishDiagnostics", &p); err != nil {
			b.Fatal(err)
		}
	}
}
