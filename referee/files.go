package referee

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	udiff "github.com/aymanbagabas/go-udiff"

	"github.com/tabletop-referee/referee/notation"
)

// Walk expands paths: a folder stands for every transcript (and catalogue) below it with a
// known extension, in lexical order; a file stands for itself, and "-"
// for standard input.
func Walk(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		if p == StdinArg {
			out = append(out, p)
			continue
		}
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() {
				if _, ok := ByExtension(path); ok || filepath.Ext(path) == CatalogueExt {
					out = append(out, path)
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// CheckFile reads, detects and checks one transcript. A file that cannot
// be read or whose game cannot be told gets a report with one error.
func CheckFile(path string, opts Options) *Report {
	path, src, err := opts.source(path)
	if err != nil {
		return failed(path, "", err.Error())
	}
	return CheckSource(path, src, opts)
}

// ReadChecked reads a file as ReadFile does, and checks it against limits
// as a transcript is checked. A file past a limit gives a report with
// its one error, at its place; a file that cannot be read, an error.
func ReadChecked(path string, limits Limits) (string, *Report, error) {
	src, err := ReadFile(path, limits)
	if err != nil {
		return "", nil, err
	}
	if err := limits.CheckSize(path, src); err != nil {
		return src, tooLarge(path, src, err), nil
	}
	return src, nil, nil
}

// CheckSource detects and checks a transcript already read; path is only
// its name in messages. A fault of the referee's own (a panic in a parser
// or an engine) becomes an internal error in the report, so that the
// other files of a batch are still checked.
func CheckSource(path, src string, opts Options) (r *Report) {
	defer func() {
		if v := recover(); v != nil {
			r = faulted(path, src, v)
		}
	}()
	if err := opts.Limits.CheckSize(path, src); err != nil {
		return tooLarge(path, src, err)
	}
	if filepath.Ext(path) == CatalogueExt {
		g, err := DetectCatalogue(src)
		if err != nil {
			return failed(path, src, err.Error())
		}
		return CheckCatalogue(g, path, src)
	}
	g, err := opts.detect(path, src)
	if err != nil {
		return failed(path, src, err.Error())
	}
	return g.Check(path, src, opts)
}

var zeroSpan = notation.Span{}

func failed(path, src, msg string) *Report {
	r := &Report{Path: path, Source: src, Game: "unknown", Result: "not replayed"}
	r.add(Error, zeroSpan, msg)
	return r
}

// faulted is the report of a file whose check met a panic, v.
func faulted(path, src string, v any) *Report {
	r := failed(path, src, "")
	r.Diagnostics = []Diagnostic{{Internal, zeroSpan, internalText(v)}}
	r.Result = "not known: internal error"
	return r
}

// tooLarge is the report of a file past a limit, at the place it is met.
func tooLarge(path, src string, err *notation.Error) *Report {
	r := failed(path, src, err.Msg)
	r.Diagnostics[0].Span = err.Span
	return r
}

// FormatFile formats one transcript, read as ReadChecked reads, or
// standard input for "-" when opts.Stdin holds it. It returns the name
// the messages give it, the canonical text, or the errors that prevent
// formatting: the syntax errors, or the one of a file past a limit.
func FormatFile(path string, opts Options) (name, formatted, original string, errs []Diagnostic, err error) {
	name, src, err := opts.source(path)
	if err != nil {
		return name, "", "", nil, err
	}
	if err := opts.Limits.CheckSize(name, src); err != nil {
		return name, "", src, tooLarge(name, src, err).Diagnostics, nil
	}
	g, err := opts.detect(name, src)
	if err != nil {
		return name, "", src, nil, fmt.Errorf("%s: %w", name, err)
	}
	formatted, errs = g.Format(name, src)
	return name, formatted, src, errs, nil
}

// Diff is a unified diff between two texts.
func Diff(oldName, newName, old, new string) string {
	return udiff.Unified(oldName, newName, old, new)
}
