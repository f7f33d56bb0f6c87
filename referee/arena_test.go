package referee

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// checkKeepingTree checks a transcript as Check does, but with a tree of
// its own, which no other check writes over.
func (b *binding) checkKeepingTree(path, src string, opts Options) *Report {
	return b.run(path, src, opts).report
}

type treeKeeper interface {
	checkKeepingTree(path, src string, opts Options) *Report
}

// A check parses in an arena that the next check of the game writes
// over (notation.Arena), so its report must keep nothing of the tree: the
// reports of every example, checked one after another (forwards, then
// backwards and going on past illegal moves), read the same after all of
// them as those of checks that keep their trees.
func TestReportsOutliveTheirArenas(t *testing.T) {
	type checked struct {
		path, src string
		opts      Options
		report    *Report
	}
	var all []checked
	for _, keepGoing := range []bool{false, true} {
		for _, g := range Games() {
			paths, err := filepath.Glob(filepath.Join(repo, "examples", g.Name(), "*"+g.Extension()))
			if err != nil || len(paths) == 0 {
				t.Fatalf("%s: no examples (%v)", g.Name(), err)
			}
			if keepGoing {
				slices.Reverse(paths)
			}
			for _, path := range paths {
				src, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				opts := Options{KeepGoing: keepGoing}
				all = append(all, checked{path, string(src), opts, CheckSource(path, string(src), opts)})
			}
		}
	}
	for _, c := range all {
		g, err := Detect(c.path, c.src)
		if err != nil {
			t.Fatal(err)
		}
		kept := g.(treeKeeper).checkKeepingTree(c.path, c.src, c.opts)
		if got, want := ReportText(c.report), ReportText(kept); got != want {
			t.Errorf("%s: the report changed once its arena was used again:\n%s\nwant:\n%s", c.path, got, want)
		}
	}
}
