// Package lsp is the referee's language server: it speaks the Language
// Server Protocol over a stream (an editor runs `referee lsp` and talks
// to it on its standard input and output) and gives an editor what the
// commands give: check's diagnostics as the text is typed, the legal
// moves at the cursor, the state after a move on hover, fmt's layout,
// and the catalogue's entries of the cards named. It asks the referee
// core alone, and names no game.
package lsp

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/tabletop-referee/referee/referee"
)

// Name is the server's name, as it tells the editor and as its
// diagnostics give their source.
const Name = "referee"

// Server is one editor's session: the documents it has open.
type Server struct {
	mu   sync.Mutex
	docs map[string]*document
	// shutdown is set once the editor asked the server to shut down,
	// which an exit must follow for a clean end.
	shutdown bool
	// cacheDir is where the games' default catalogues are written, for
	// go to definition to open; empty for the user's cache folder.
	cacheDir string
	handler  protocol.Handler
}

// NewServer makes a server with no document open.
func NewServer() *Server {
	s := &Server{docs: map[string]*document{}}
	s.handler = protocol.Handler{
		Initialize:  s.initialize,
		Initialized: func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown: func(*glsp.Context) error {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.shutdown = true
			return nil
		},
		Exit:                            func(*glsp.Context) error { return nil },
		SetTrace:                        func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		TextDocumentDidOpen:             s.didOpen,
		TextDocumentDidChange:           s.didChange,
		TextDocumentDidClose:            s.didClose,
		TextDocumentDidSave:             func(*glsp.Context, *protocol.DidSaveTextDocumentParams) error { return nil },
		TextDocumentCompletion:          s.completion,
		TextDocumentHover:               s.hover,
		TextDocumentFormatting:          s.formatting,
		TextDocumentDefinition:          s.definition,
		TextDocumentDocumentSymbol:      s.documentSymbol,
		WorkspaceDidChangeConfiguration: func(*glsp.Context, *protocol.DidChangeConfigurationParams) error { return nil },
	}
	return s
}

// Serve speaks the protocol on in and out until the editor exits or
// closes the stream. It tells whether the end was clean: an exit after a
// shutdown.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) (clean bool) {
	stream := jsonrpc2.NewBufferedStream(readWriteCloser{in, out}, jsonrpc2.VSCodeObjectCodec{})
	conn := jsonrpc2.NewConn(ctx, stream, jsonrpc2.HandlerWithError(s.handle))
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shutdown
}

// handle answers one message. Messages are handled one at a time, in
// the order they came, so that a change is checked before the requests
// after it are answered.
func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		// A fault of the referee's own fails the request, as check reports
		// one as an internal error, and leaves the editor its server.
		if v := recover(); v != nil {
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("internal error: %s: %v", req.Method, v)}
		}
	}()
	gc := &glsp.Context{
		Method: req.Method,
		Notify: func(method string, params any) { _ = conn.Notify(ctx, method, params) },
		Call:   func(method string, params, result any) { _ = conn.Call(ctx, method, params, result) },
	}
	if req.Params != nil {
		gc.Params = *req.Params
	}
	result, validMethod, validParams, err := s.handler.Handle(gc)
	switch {
	case req.Method == protocol.MethodExit:
		return nil, conn.Close()
	case !validMethod:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: fmt.Sprintf("the referee's language server does not answer %s", req.Method)}
	case !validParams:
		msg := fmt.Sprintf("the parameters of %s are not what the protocol says", req.Method)
		if err != nil {
			msg += ": " + err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return result, nil
}

// readWriteCloser joins a reader and a writer into the stream jsonrpc2
// reads and writes.
type readWriteCloser struct {
	io.Reader
	io.Writer
}

func (rw readWriteCloser) Close() error {
	var err error
	if c, ok := rw.Reader.(io.Closer); ok {
		err = c.Close()
	}
	if c, ok := rw.Writer.(io.Closer); ok && any(rw.Writer) != any(rw.Reader) {
		if e := c.Close(); err == nil {
			err = e
		}
	}
	return err
}

func (s *Server) initialize(*glsp.Context, *protocol.InitializeParams) (any, error) {
	version := referee.Version().String()
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{
				OpenClose: ptr(true),
				Change:    ptr(protocol.TextDocumentSyncKindFull),
			},
			CompletionProvider:         &protocol.CompletionOptions{TriggerCharacters: []string{",", "[", "\""}},
			HoverProvider:              true,
			DefinitionProvider:         true,
			DocumentSymbolProvider:     true,
			DocumentFormattingProvider: true,
		},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: Name, Version: &version},
	}, nil
}

func (s *Server) didOpen(ctx *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	doc := newDocument(p.TextDocument.URI, pathFor(p.TextDocument.URI, p.TextDocument.LanguageID), p.TextDocument.Text)
	s.mu.Lock()
	s.docs[doc.uri] = doc
	s.mu.Unlock()
	s.publish(ctx, doc)
	return nil
}

func (s *Server) didChange(ctx *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	doc := s.document(p.TextDocument.URI)
	if doc == nil {
		return fmt.Errorf("%s was changed, but it is not open", p.TextDocument.URI)
	}
	s.mu.Lock()
	for _, c := range p.ContentChanges {
		doc.apply(c)
	}
	var others []*document
	if filepath.Ext(doc.path) == referee.CatalogueExt {
		// The transcripts open may play with this catalogue, as the
		// editor has it: they are checked again.
		for _, d := range s.docs {
			if d != doc && filepath.Ext(d.path) != referee.CatalogueExt {
				others = append(others, d)
			}
		}
	}
	s.mu.Unlock()
	s.publish(ctx, doc)
	slices.SortFunc(others, func(a, b *document) int { return strings.Compare(a.uri, b.uri) })
	for _, d := range others {
		s.publish(ctx, d)
	}
	return nil
}

func (s *Server) didClose(ctx *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	delete(s.docs, p.TextDocument.URI)
	s.mu.Unlock()
	// A closed file's diagnostics are cleared, as editors expect.
	ctx.Notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []protocol.Diagnostic{}})
	return nil
}

// publish checks a document and sends its diagnostics.
func (s *Server) publish(ctx *glsp.Context, doc *document) {
	ctx.Notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: doc.uri, Diagnostics: s.diagnostics(doc)})
}

// document is the open document at uri, or nil.
func (s *Server) document(uri string) *document {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.docs[uri]
}

// options are check's options for a document: every illegal move
// reported, as check --keep-going does, and the files it names read from
// the editor when they are open there, else from the disk as check reads
// them (within the transcript's folder, no links out, regular files only).
func (s *Server) options() referee.Options {
	return referee.Options{KeepGoing: true, Overlay: s.openText}
}

// openText is the editor's text of an open document, by its path.
func (s *Server) openText(path string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		if d.path == path {
			return d.text, true
		}
	}
	return "", false
}

// uriPath is the file path a URI names; for a URI that is no file's (an
// unsaved document's), its path part, which still ends with the
// extension that tells the game.
func uriPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil {
		return uri
	}
	if u.Scheme == "file" {
		return filepath.FromSlash(u.Path)
	}
	if u.Path != "" {
		return u.Path
	}
	return u.Opaque
}

// pathFor is the path of a document: its URI's, with the extension of
// the language the editor says it is in when the URI has no extension
// the referee knows (an unsaved document's), so that its game is told.
func pathFor(uri, language string) string {
	path := uriPath(uri)
	if _, ok := referee.ByExtension(path); ok || filepath.Ext(path) == referee.CatalogueExt {
		return path
	}
	if g, ok := referee.Lookup(language); ok {
		return path + g.Extension()
	}
	if language == strings.TrimPrefix(referee.CatalogueExt, ".") {
		return path + referee.CatalogueExt
	}
	return path
}

// pathURI is the file URI of a path.
func pathURI(path string) string {
	abs, err := filepath.Abs(path)
	if err == nil {
		path = abs
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

func ptr[T any](v T) *T { return &v }
