package referee

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unsafe"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/google/renameio/v2"

	"github.com/tabletop-referee/referee/notation"
)

// Walk expands paths: a folder stands for every transcript (and catalogue) below it with a
// known extension, in lexical order; a file stands for itself.
func Walk(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
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
	src, err := readLimited(path, opts.Limits)
	if err != nil {
		return failed(path, "", err.Error())
	}
	return CheckSource(path, src, opts)
}

// readLimited reads a file, but no more than one byte past the size limit:
// enough to report the limit crossed without holding a huge file.
func readLimited(path string, limits notation.Limits) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	limit := int64(limits.OrDefault().MaxBytes) + 1
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		// One buffer of the right size, rather than one grown by doubling,
		// and no copy of it: the bytes are never written again once read,
		// as in strings.Builder.
		buf := make([]byte, min(info.Size(), limit))
		n, err := io.ReadFull(f, buf)
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
			return "", err
		}
		if n == 0 {
			return "", nil
		}
		return unsafe.String(&buf[0], n), nil
	}
	data, err := io.ReadAll(io.LimitReader(f, limit))
	return string(data), err
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
	g, err := Detect(path, src)
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

// ReportText is a report as plain text, the form golden files hold.
func ReportText(r *Report) string {
	var b bytes.Buffer
	WriteReport(&b, r, Palette{})
	return b.String()
}

// GoldenStatus is how a transcript's report compares with its golden file.
type GoldenStatus string

// The outcomes of a golden comparison.
const (
	GoldenOK       GoldenStatus = "ok"
	GoldenMismatch GoldenStatus = "mismatch"
	GoldenMissing  GoldenStatus = "missing" // no golden file yet
	GoldenUpdated  GoldenStatus = "updated" // written by --update
	GoldenStale    GoldenStatus = "stale"   // a golden file with no transcript
)

// GoldenResult is one transcript's comparison.
type GoldenResult struct {
	Transcript, Golden string // paths relative to the folder compared
	Status             GoldenStatus
	Diff               string // a unified diff from the golden file to the report
}

// GoldenPath is where the report of an example is kept: the transcript
// examples/GAME/NAME.EXT has golden/GAME/NAME.golden.
func GoldenPath(rel string) string {
	rel = filepath.ToSlash(rel)
	rel = strings.TrimPrefix(rel, "examples/")
	if filepath.Ext(rel) == CatalogueExt {
		// A catalogue may share its name with a transcript that uses it.
		return "golden/" + rel + ".golden"
	}
	return "golden/" + strings.TrimSuffix(rel, filepath.Ext(rel)) + ".golden"
}

// Golden compares the report of every transcript under dir/examples with
// its file under dir/golden, checking DefaultJobs() transcripts at once;
// see GoldenJobs.
func Golden(dir string, update bool) ([]GoldenResult, error) {
	return GoldenJobs(dir, update, DefaultJobs())
}

// GoldenJobs compares the report of every transcript under dir/examples
// with its file under dir/golden, up to jobs transcripts at once (one by
// one when jobs <= 1), with the same results whatever jobs is. Reports
// name transcripts relative to dir, so that golden files do not depend on
// where the repository is. With update it writes every report that
// differs, atomically.
func GoldenJobs(dir string, update bool, jobs int) ([]GoldenResult, error) {
	examples := filepath.Join(dir, "examples")
	files, err := Walk([]string{examples})
	if err != nil {
		return nil, err
	}
	var out []GoldenResult
	seen := map[string]bool{}
	// The check and the comparison run in the workers; the writes of
	// --update stay in order, in emit, so that the first error stops them
	// where a sequential run would.
	type compared struct {
		res GoldenResult
		got string // the report, kept only to be written by --update
		err error
	}
	compare := func(i int) compared {
		res, got, err := compareGolden(dir, files[i])
		if res.Status == GoldenOK || !update {
			got = ""
		}
		return compared{res, got, err}
	}
	err = ordered(len(files), jobs, compare, func(c compared) error {
		if c.err != nil {
			return c.err
		}
		res := c.res
		seen[res.Golden] = true
		if update && res.Status != GoldenOK {
			goldenFile := filepath.Join(dir, filepath.FromSlash(res.Golden))
			if err := os.MkdirAll(filepath.Dir(goldenFile), 0o755); err != nil {
				return err
			}
			if err := WriteAtomic(goldenFile, []byte(c.got)); err != nil {
				return err
			}
			res.Status = GoldenUpdated
		}
		out = append(out, res)
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Golden files whose transcript is gone.
	goldenDir := filepath.Join(dir, "golden")
	err = filepath.WalkDir(goldenDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".golden" {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if rel = filepath.ToSlash(rel); !seen[rel] {
			out = append(out, GoldenResult{Golden: rel, Status: GoldenStale})
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b GoldenResult) int { return strings.Compare(a.Golden, b.Golden) })
	return out, nil
}

// compareGolden checks one transcript under dir and compares its report,
// got, with its golden file.
func compareGolden(dir, file string) (res GoldenResult, got string, err error) {
	rel, err := filepath.Rel(dir, file)
	if err != nil {
		return res, "", err
	}
	rel = filepath.ToSlash(rel)
	src, err := os.ReadFile(file)
	if err != nil {
		return res, "", err
	}
	opts := Options{ReadFile: func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, name)) }}
	got = ReportText(CheckSource(rel, string(src), opts))
	res = GoldenResult{Transcript: rel, Golden: GoldenPath(rel)}
	want, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(res.Golden)))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		res.Status = GoldenMissing
	case err != nil:
		return res, "", err
	case string(want) == got:
		res.Status = GoldenOK
	default:
		res.Status = GoldenMismatch
		res.Diff = udiff.Unified(res.Golden, "report of "+rel, string(want), got)
	}
	return res, got, nil
}

// WriteAtomic replaces path with data so that a reader, or a crash, sees
// either the old file or the new one, never a mix. It keeps the file's mode.
func WriteAtomic(path string, data []byte) error {
	mode := fs.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		mode = info.Mode().Perm()
	}
	return renameio.WriteFile(path, data, mode)
}

// FormatFile formats one transcript. It returns the canonical text, or
// the syntax errors that prevent formatting.
func FormatFile(path string) (formatted, original string, errs []Diagnostic, err error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return "", "", nil, err
	}
	g, err := Detect(path, string(src))
	if err != nil {
		return "", string(src), nil, fmt.Errorf("%s: %w", path, err)
	}
	formatted, errs = g.Format(path, string(src))
	return formatted, string(src), errs, nil
}

// Diff is a unified diff between two texts.
func Diff(oldName, newName, old, new string) string {
	return udiff.Unified(oldName, newName, old, new)
}
