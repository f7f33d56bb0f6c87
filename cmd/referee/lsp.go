package main

import (
	"context"

	"github.com/tabletop-referee/referee/referee/lsp"
)

// lspCmd runs the language server an editor starts: the protocol on
// standard input and output, until the editor exits.
type lspCmd struct{}

func (lspCmd) Run(e *env) (int, error) {
	if !lsp.NewServer().Serve(context.Background(), stdin, e.stdout) {
		// The protocol's exit status for an exit without a shutdown first,
		// or a stream closed under the server.
		return 1, nil
	}
	return exitClean, nil
}
