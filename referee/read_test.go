package referee

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A catalogue of mecha that checks clean, and a game that plays with it.
const (
	tinyMechaCatalogue = `[Game "mecha"]
tower "Tiny Tower" basic provide 1 durability 1
mecha Ant cost 1 power 1 durability 1 haste
deck Ants 20 "Tiny Tower" 3 Ant 17 "Tiny Tower"
`
	// secret is what a file outside the transcript's folder holds: a
	// report that quoted it would leak it.
	secret = "hunter2secret"
)

// mechaGame is a transcript that plays with the catalogue its tag names.
func mechaWith(catalogue string) string {
	return `[Game "mecha"]
[Players "Ann" "Ben"]
[Catalogue "` + catalogue + `"]
Ann: draw Ant Ant "Tiny Tower" "Tiny Tower" "Tiny Tower"
Ben: draw Ant "Tiny Tower" "Tiny Tower" "Tiny Tower" "Tiny Tower"
1. Ann: draw Ant, play "Tiny Tower" a1, play Ant b1, b1-b2
`
}

// writeTree writes files (by slash path, under dir) and symbolic links
// (by slash path, to their targets as written).
func writeTree(t *testing.T, dir string, files, links map[string]string) {
	t.Helper()
	for name, src := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, target := range links {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.FromSlash(target), path); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
}

// inEveryFormat is a report written in every output format, one after the
// other.
func inEveryFormat(t *testing.T, r *Report) string {
	t.Helper()
	var b bytes.Buffer
	for _, format := range Formats {
		if err := (Output{Format: format}).WriteReports(&b, []*Report{r}); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// A Catalogue tag names a file in the transcript's folder or below it;
// anything else is refused at the tag, before it is read, and the report
// shows nothing of what the file holds, in any format. --catalogue-root
// widens the folder.
func TestCatalogueConfinement(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside", "secret.cards")
	writeTree(t, dir, map[string]string{
		// Its first error would quote its first word.
		"outside/secret.cards": "[Game \"mecha\"]\n" + secret + " Ant\n",
		"shared/tiny.cards":    tinyMechaCatalogue,
		"games/tiny.cards":     tinyMechaCatalogue,
		"games/sub/tiny.cards": tinyMechaCatalogue,
	}, map[string]string{
		"games/leak.cards":     "../outside/secret.cards",
		"games/sub/out":        "../../outside",
		"games/inside.cards":   "sub/tiny.cards",
		"games/abs-leak.cards": outside,
		"games/sub/back.cards": "../tiny.cards",
		"games/zero.cards":     "/dev/zero",
	})
	games := filepath.Join(dir, "games")
	tests := []struct {
		name, catalogue, root string
		refused               string // a part of the message, "" when the game plays
	}{
		{"beside", "tiny.cards", "", ""},
		{"below", "sub/tiny.cards", "", ""},
		{"up and down again", "sub/../tiny.cards", "", ""},
		{"a link inside", "inside.cards", "", ""},
		{"a link up, still inside", "sub/back.cards", "", ""},
		{"up and out", "../outside/secret.cards", "", "outside the transcript's folder"},
		{"far up and out", "../../../../../../../../" + filepath.ToSlash(outside), "", "outside the transcript's folder"},
		{"absolute", filepath.ToSlash(outside), "", "an absolute path"},
		{"a link out", "leak.cards", "", "a symbolic link that leads outside"},
		{"an absolute link out", "abs-leak.cards", "", "a symbolic link that leads outside"},
		{"through a linked folder", "sub/out/secret.cards", "", "a symbolic link that leads outside"},
		{"a link to a device", "zero.cards", "", "a symbolic link that leads outside"},
		{"a device up and out", "../../../../../../../../../../dev/zero", "", "outside the transcript's folder"},
		{"widened", "../shared/tiny.cards", dir, ""},
		{"widened, the own folder still", "tiny.cards", filepath.Join(dir, "shared"), ""},
		{"widened elsewhere", "../outside/secret.cards", filepath.Join(dir, "shared"), "outside the transcript's folder and the catalogue root"},
		{"widened, absolute", filepath.ToSlash(outside), dir, "an absolute path"},
	}
	// An editor's overlay of open documents that does not hold the file
	// leaves it to every check of the file system.
	notOpen := func(string) (string, bool) { return "", false }
	for _, tt := range tests {
		for _, overlay := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/overlay=%v", tt.name, overlay), func(t *testing.T) {
				src := mechaWith(tt.catalogue)
				opts := Options{CatalogueRoot: tt.root}
				if overlay {
					opts.Overlay = notOpen
				}
				start := time.Now()
				r := CheckSource(filepath.Join(games, "game.mecha"), src, opts)
				if elapsed := time.Since(start); elapsed > 2*time.Second {
					t.Errorf("took %v", elapsed) // a guard against reading a device
				}
				text := ReportText(r)
				if tt.refused == "" {
					if r.ExitCode() != 0 {
						t.Errorf("refused:\n%s", text)
					}
					return
				}
				if r.ExitCode() != 2 || len(r.Diagnostics) != 1 || !strings.Contains(r.Diagnostics[0].Msg, tt.refused) {
					t.Fatalf("want one error saying %q:\n%s", tt.refused, text)
				}
				if !sameSpan(r.Diagnostics[0].Span, spanOf(src, `[Catalogue "`+tt.catalogue+`"]`)) {
					t.Errorf("the error is not at the Catalogue tag: %v", diagnosticLines(r.Diagnostics))
				}
				if out := inEveryFormat(t, r); strings.Contains(out, secret) {
					t.Errorf("the report shows what the file outside holds:\n%s", out)
				}
			})
		}
	}
}

// A file an editor holds open is read as the editor has it, unsaved;
// one out of the folder is refused by its name even when held.
func TestCatalogueOverlay(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"games/tiny.cards": "not a catalogue at all\n"}, nil)
	games := filepath.Join(dir, "games")
	held := map[string]string{
		filepath.Join(games, "tiny.cards"):            tinyMechaCatalogue,
		filepath.Join(games, "../outside/open.cards"): tinyMechaCatalogue,
	}
	opts := Options{Overlay: func(p string) (string, bool) { text, ok := held[p]; return text, ok }}
	if r := CheckSource(filepath.Join(games, "game.mecha"), mechaWith("tiny.cards"), opts); r.ExitCode() != 0 {
		t.Errorf("the editor's text was not read:\n%s", ReportText(r))
	}
	r := CheckSource(filepath.Join(games, "game.mecha"), mechaWith("../outside/open.cards"), opts)
	if r.ExitCode() != 2 || len(r.Diagnostics) != 1 || !strings.Contains(r.Diagnostics[0].Msg, "outside the transcript's folder") {
		t.Errorf("a held file out of the folder was not refused:\n%s", ReportText(r))
	}
}

// A Catalogue tag out of the folder is refused by its name, before any
// read: the reader is never asked for it.
func TestCatalogueRefusedBeforeRead(t *testing.T) {
	for _, catalogue := range []string{"../../../../dev/zero", "/dev/zero", "../x.cards", "a/../../x.cards"} {
		t.Run(catalogue, func(t *testing.T) {
			read := 0
			opts := Options{ReadFile: func(string) ([]byte, error) {
				read++
				return []byte(tinyMechaCatalogue), nil
			}}
			src := mechaWith(catalogue)
			r := CheckSource("examples/mecha/game.mecha", src, opts)
			if read > 0 || r.ExitCode() != 2 {
				t.Errorf("read %d times, exit %d:\n%s", read, r.ExitCode(), ReportText(r))
			}
			if !sameSpan(r.Diagnostics[0].Span, spanOf(src, `[Catalogue "`+catalogue+`"]`)) {
				t.Errorf("the error is not at the Catalogue tag: %v", diagnosticLines(r.Diagnostics))
			}
		})
	}
}

// A catalogue is held to the limits of a transcript: its size, its lines
// and NUL bytes, each at its place in the catalogue.
func TestCatalogueLimits(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, catalogue string
		limits          Limits
		at, want        string // where in the catalogue, and what
	}{
		{"too large", tinyMechaCatalogue + strings.Repeat("; padding\n", 100), Limits{MaxBytes: 500}, "/big.cards:", "the file is larger than the limit of 500 bytes (--max-bytes)"},
		{"a long line", "[Game \"mecha\"]\n; " + strings.Repeat("x", 200) + "\n", Limits{MaxLine: 100}, "/big.cards:2:101: ", "the line is longer than the limit of 100 bytes (--max-line)"},
		{"a long line by default", "[Game \"mecha\"]\n; " + strings.Repeat("x", 1<<20) + "\n", Limits{}, "/big.cards:2:65537: ", "the line is longer than the limit of 65536 bytes (--max-line)"},
		{"a NUL byte", strings.Replace(tinyMechaCatalogue, "Ant", "A\x00t", 1), Limits{}, "/big.cards:3:8: ", "a NUL byte"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			writeTree(t, dir, map[string]string{"big.cards": tt.catalogue}, nil)
			src := mechaWith("big.cards")
			r := CheckSource(filepath.Join(dir, "game.mecha"), src, Options{Limits: tt.limits})
			if r.ExitCode() != 2 || !strings.Contains(r.Diagnostics[0].Msg, tt.at) || !strings.Contains(r.Diagnostics[0].Msg, tt.want) {
				t.Fatalf("want %q at %q:\n%s", tt.want, tt.at, ReportText(r))
			}
			if !sameSpan(r.Diagnostics[0].Span, spanOf(src, `[Catalogue "big.cards"]`)) {
				t.Errorf("the error is not at the Catalogue tag: %v", diagnosticLines(r.Diagnostics))
			}
		})
	}
}

// A catalogue for another game is refused at its Game tag, not at no
// place.
func TestCatalogueForAnotherGame(t *testing.T) {
	void, _ := Lookup("void")
	src := "; a mecha catalogue\n\n  [Game \"mecha\"]\n"
	_, r := Cards(void, "other.cards", src)
	want := spanOf(src, `[Game "mecha"`)
	found := false
	for _, d := range r.Diagnostics {
		found = found || d.Msg == "this catalogue is for mecha, not void" && sameSpan(d.Span, want)
	}
	if !found {
		t.Errorf("want the error at %v:\n%s", want.Start, ReportText(r))
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"void.cards": "[Game \"void\"]\n"}, nil)
	r = CheckSource(filepath.Join(dir, "game.mecha"), mechaWith("void.cards"), Options{})
	if text := ReportText(r); !strings.Contains(text, "void.cards:1:1: this catalogue is for void, not mecha") {
		t.Errorf("want the catalogue's error at 1:1:\n%s", text)
	}
}

// ReadFile reads no more than one byte past the limit, whatever the size
// of the file.
func TestReadFileBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.sortie")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(100 << 20); err != nil { // sparse
		t.Fatal(err)
	}
	f.Close()
	for _, limit := range []int{0, 1000} {
		src, err := ReadFile(path, Limits{MaxBytes: limit})
		want := Limits{MaxBytes: limit}.OrDefault().MaxBytes + 1
		if err != nil || len(src) != want {
			t.Errorf("limit %d: read %d bytes (%v), want %d", limit, len(src), err, want)
		}
	}
	// Around the limit: a file within it is read whole, one past it to
	// the limit and a byte more.
	for _, size := range []int{1, 999, 1000, 1001, 1002, 5000} {
		small := filepath.Join(t.TempDir(), "t.sortie")
		text := strings.Repeat("x", size)
		if err := os.WriteFile(small, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		src, err := ReadFile(small, Limits{MaxBytes: 1000})
		if want := text[:min(size, 1001)]; err != nil || src != want {
			t.Errorf("a file of %d bytes, limit 1000: read %d bytes (%v), want %d", size, len(src), err, len(want))
		}
	}
	src, r, err := ReadChecked(path, Limits{MaxBytes: 1000})
	if err != nil || r == nil || len(src) != 1001 || !strings.Contains(ReportText(r), "the file is larger than the limit of 1000 bytes (--max-bytes)") {
		t.Errorf("ReadChecked: %v, %v", err, r)
	}
}
