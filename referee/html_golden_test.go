package referee

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoldenPages runs GoldenWith on folders with golden/html.list: the
// pages it names are compared with their golden files, written by
// --update, found changed, and a page golden file no line names is stale.
func TestGoldenPages(t *testing.T) {
	t.Parallel()
	const transcript = "examples/sortie/illegal-attacks-twice.sortie"
	page := func(t *testing.T) string {
		data, err := os.ReadFile(filepath.Join(repo, "golden/sortie/illegal-attacks-twice.html.golden"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	tests := []struct {
		name   string
		files  map[string]string // "" copies the repository's file; "PAGE" its page golden file
		update bool
		want   GoldenStatus // of golden/sortie/illegal-attacks-twice.html.golden
		stale  bool         // golden/sortie/old.html.golden is reported stale
		err    string
	}{
		{"the same page", map[string]string{"golden/html.list": "# a comment\n\nsortie/illegal-attacks-twice.sortie\n", "golden/sortie/illegal-attacks-twice.html.golden": "PAGE"}, false, GoldenOK, false, ""},
		{"missing", map[string]string{"golden/html.list": "sortie/illegal-attacks-twice.sortie\n"}, false, GoldenMissing, false, ""},
		{"written by --update", map[string]string{"golden/html.list": "sortie/illegal-attacks-twice.sortie\n"}, true, GoldenUpdated, false, ""},
		{"changed", map[string]string{"golden/html.list": "sortie/illegal-attacks-twice.sortie\n", "golden/sortie/illegal-attacks-twice.html.golden": "<p>an older page</p>\n"}, false, GoldenMismatch, false, ""},
		{"not listed", map[string]string{"golden/sortie/old.html.golden": "<p>a page</p>\n"}, false, "", true, ""},
		{"a listed transcript that is not there", map[string]string{"golden/html.list": "\nsortie/nowhere.sortie\n"}, false, "", false, "golden/html.list:2: golden/html.list names examples/sortie/nowhere.sortie, which is not there"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			files := map[string]string{transcript: "", "golden/sortie/illegal-attacks-twice.golden": ""}
			for k, v := range tt.files {
				files[k] = v
			}
			for name, text := range files {
				switch text {
				case "":
					data, err := os.ReadFile(filepath.Join(repo, name))
					if err != nil {
						t.Fatal(err)
					}
					text = string(data)
				case "PAGE":
					text = page(t)
				}
				path := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			results, err := GoldenWith(dir, GoldenOptions{Update: tt.update, Jobs: 1})
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]GoldenStatus{}
			for _, r := range results {
				got[r.Golden] = r.Status
				if r.Status == GoldenMismatch && !strings.Contains(r.Diff, "an older page") {
					t.Errorf("the diff of %s does not show the old page:\n%s", r.Golden, r.Diff)
				}
			}
			if s := got["golden/sortie/illegal-attacks-twice.html.golden"]; s != tt.want {
				t.Errorf("the page's golden file is %q, want %q (all: %v)", s, tt.want, got)
			}
			if stale := got["golden/sortie/old.html.golden"] == GoldenStale; stale != tt.stale {
				t.Errorf("old.html.golden stale: %v, want %v", stale, tt.stale)
			}
			if tt.update {
				written, err := os.ReadFile(filepath.Join(dir, "golden/sortie/illegal-attacks-twice.html.golden"))
				if err != nil || string(written) != page(t) {
					t.Errorf("--update wrote %d bytes (%v), want the page", len(written), err)
				}
			}
		})
	}
}
