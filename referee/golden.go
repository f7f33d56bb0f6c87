package referee

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
)

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
	return GoldenJobs(dir, update, DefaultJobs(), Options{})
}

// GoldenJobs compares the report of every transcript under dir/examples
// with its file under dir/golden, up to jobs transcripts at once (one by
// one when jobs <= 1), with the same results whatever jobs is. Reports
// name transcripts relative to dir, so that golden files do not depend on
// where the repository is. With update it writes every report that
// differs, atomically. Transcripts are checked with opts, which may set
// their limits and where their catalogues may be.
func GoldenJobs(dir string, update bool, jobs int, opts Options) ([]GoldenResult, error) {
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
		res, got, err := compareGolden(dir, files[i], opts)
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
// got, with its golden file. Both are read as ReadFile reads, within
// opts.Limits.
func compareGolden(dir, file string, opts Options) (res GoldenResult, got string, err error) {
	rel, err := filepath.Rel(dir, file)
	if err != nil {
		return res, "", err
	}
	rel = filepath.ToSlash(rel)
	src, err := ReadFile(file, opts.Limits)
	if err != nil {
		return res, "", err
	}
	opts.Dir = dir
	got = ReportText(CheckSource(rel, src, opts))
	res = GoldenResult{Transcript: rel, Golden: GoldenPath(rel)}
	goldenFile := filepath.Join(dir, filepath.FromSlash(res.Golden))
	want, err := ReadFile(goldenFile, opts.Limits)
	if err == nil {
		if tooLarge := opts.Limits.CheckSize(goldenFile, want); tooLarge != nil {
			err = tooLarge
		}
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		res.Status = GoldenMissing
	case err != nil:
		return res, "", err
	case want == got:
		res.Status = GoldenOK
	default:
		res.Status = GoldenMismatch
		res.Diff = udiff.Unified(res.Golden, "report of "+rel, want, got)
	}
	return res, got, nil
}
