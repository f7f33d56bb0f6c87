package referee

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
)

// PageList is the file, under a golden folder, that names the examples
// whose web page (referee replay --html) is kept as a golden file too: a
// path under examples/ a line, such as sortie/ann-wins.sortie; blank
// lines and lines begun # are skipped.
const PageList = "golden/html.list"

// PageGoldenPath is where the web page of an example is kept: the
// transcript examples/GAME/NAME.EXT has golden/GAME/NAME.html.golden.
func PageGoldenPath(rel string) string {
	return strings.TrimSuffix(GoldenPath(rel), ".golden") + ".html.golden"
}

// comparePages compares the web page of every example dir/golden/html.list
// names with its golden file, and with o.Update writes those that differ.
// A folder without the list keeps no pages.
func comparePages(dir string, o GoldenOptions) ([]GoldenResult, error) {
	// Read as every file the referee reads: a regular file, within the
	// limits, so that a pipe in its place cannot hold the run.
	text, err := ReadFile(filepath.Join(dir, PageList), o.Check.Limits)
	list := []byte(text)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []GoldenResult
	lines := bufio.NewScanner(bytes.NewReader(list))
	for n := 1; lines.Scan(); n++ {
		line := strings.TrimSpace(lines.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rel := "examples/" + strings.TrimPrefix(filepath.ToSlash(line), "examples/")
		res, err := comparePage(dir, rel, o)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", PageList, n, err)
		}
		out = append(out, res)
	}
	return out, lines.Err()
}

// comparePage compares the web page of the transcript rel, under dir,
// with its golden file.
func comparePage(dir, rel string, o GoldenOptions) (GoldenResult, error) {
	res := GoldenResult{Transcript: rel, Golden: PageGoldenPath(rel)}
	src, err := ReadFile(filepath.Join(dir, filepath.FromSlash(rel)), o.Check.Limits)
	if errors.Is(err, fs.ErrNotExist) {
		return res, fmt.Errorf("%s names %s, which is not there: a line names a transcript under examples/, as sortie/ann-wins.sortie", PageList, rel)
	}
	if err != nil {
		return res, err
	}
	var page bytes.Buffer
	rp, r := replayPage(dir, rel, src, o.Check)
	if err := WriteHTML(&page, rp, r); err != nil {
		return res, err
	}
	got := page.String()
	goldenFile := filepath.Join(dir, filepath.FromSlash(res.Golden))
	want, err := ReadFile(goldenFile, o.Check.Limits)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		res.Status = GoldenMissing
	case err != nil:
		return res, err
	case want == got:
		res.Status = GoldenOK
		return res, nil
	default:
		res.Status = GoldenMismatch
		res.Diff = udiff.Unified(res.Golden, "page of "+rel, want, got)
	}
	if o.Update {
		if err := os.MkdirAll(filepath.Dir(goldenFile), 0o755); err != nil {
			return res, err
		}
		if err := WriteAtomic(goldenFile, []byte(got)); err != nil {
			return res, err
		}
		res.Status, res.Diff = GoldenUpdated, ""
	}
	return res, nil
}
