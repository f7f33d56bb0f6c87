package referee

import (
	"bytes"
	"errors"
	"fmt"
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
	GoldenStray    GoldenStatus = "stray"   // a temp file an interrupted write left
	GoldenPruned   GoldenStatus = "pruned"  // a stale golden file or a stray temp file, removed by --prune
)

// GoldenResult is one transcript's comparison.
type GoldenResult struct {
	// Paths relative to the folder compared. Golden is the stray temp
	// file for GoldenStray, and the file removed for GoldenPruned.
	Transcript, Golden string
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
// with its file under dir/golden, up to jobs transcripts at once; with
// update it writes every report that differs. See GoldenWith.
func GoldenJobs(dir string, update bool, jobs int) ([]GoldenResult, error) {
	return GoldenWith(dir, GoldenOptions{Update: update, Jobs: jobs})
}

// GoldenOptions say how a golden comparison runs and what it may change.
type GoldenOptions struct {
	// Update writes every report that differs from its golden file.
	Update bool
	// Prune removes the stale golden files and the stray temp files.
	Prune bool
	// Jobs is how many transcripts are checked at once (one by one when
	// 1 or less).
	Jobs int
	// Check is how each transcript is checked: its limits, and where its
	// catalogue may be.
	Check Options
}

// GoldenWith compares the report of every transcript under dir/examples
// with its file under dir/golden, with the same results whatever
// o.Jobs is. Reports name transcripts relative to dir, so that golden
// files do not depend on where the repository is. It also reports the
// golden files no transcript has (stale) and the temp files an
// interrupted write left under dir/golden (stray: .NAME.golden and a
// number, see IsTempFor). With o.Update it writes every report that
// differs, atomically; with o.Prune it removes the stale and stray files,
// each then reported as pruned.
func GoldenWith(dir string, o GoldenOptions) ([]GoldenResult, error) {
	update, jobs, opts := o.Update, o.Jobs, o.Check
	examples := filepath.Join(dir, "examples")
	if info, err := os.Stat(examples); err != nil || !info.IsDir() {
		return nil, fmt.Errorf("%s has no examples folder: golden compares the reports of the transcripts under DIR/examples/<game>/ with their files under DIR/golden/<game>/ (see docs/ci.md); give the folder that holds both", dir)
	}
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
	// The web pages kept for the examples golden/html.list names.
	pages, err := comparePages(dir, o)
	if err != nil {
		return nil, err
	}
	for _, res := range pages {
		seen[res.Golden] = true
		out = append(out, res)
	}
	// Golden files whose transcript is gone, and temp files left behind.
	goldenDir := filepath.Join(dir, "golden")
	err = filepath.WalkDir(goldenDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		status := GoldenStale
		switch {
		case d.Type().IsRegular() && IsTempFor(d.Name(), ".golden"):
			status = GoldenStray
		case filepath.Ext(path) != ".golden" || seen[rel]:
			return nil
		}
		if o.Prune {
			if err := os.Remove(path); err != nil {
				return err
			}
			status = GoldenPruned
		}
		out = append(out, GoldenResult{Golden: rel, Status: status})
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b GoldenResult) int { return strings.Compare(a.Golden, b.Golden) })
	return out, nil
}

// prunedWhy says why --prune removed a file.
func prunedWhy(r GoldenResult) string {
	if IsTempFor(filepath.Base(r.Golden), ".golden") {
		return "a temp file an interrupted write left"
	}
	return "no transcript had this golden file"
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
