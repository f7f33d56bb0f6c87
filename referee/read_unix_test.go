//go:build unix

package referee

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mkfifo makes a named pipe that nothing ever writes to: reading it would
// wait forever.
func mkfifo(t *testing.T, path string) string {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	return path
}

// within2s runs f, failing the test if it has not returned in 2 s: a
// guard against a read that waits forever, not a timing.
func within2s(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("still waiting after 2 s")
	}
}

// ReadFile refuses what is not a regular file, saying what it is, at once.
func TestReadFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "s.sortie")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Skipf("no sockets here: %v", err)
	}
	defer l.Close()
	tests := []struct{ path, want string }{
		{mkfifo(t, filepath.Join(dir, "x.sortie")), "x.sortie is a named pipe, not a regular file"},
		{sock, "s.sortie is a socket, not a regular file"},
		{"/dev/null", "/dev/null is a device, not a regular file"},
		{dir, dir + " is a folder, not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			var err error
			within2s(t, func() { _, err = ReadFile(tt.path, Limits{}) })
			var nr *NotRegularError
			if !errors.As(err, &nr) || !strings.HasSuffix(err.Error(), tt.want) {
				t.Errorf("got %v, want %q", err, tt.want)
			}
			var r *Report
			within2s(t, func() { r = CheckFile(tt.path, Options{}) })
			if r.ExitCode() != 2 || !strings.Contains(ReportText(r), tt.want) {
				t.Errorf("check:\n%s", ReportText(r))
			}
		})
	}
}

// A named pipe named by a Catalogue tag is refused at the tag, at once.
func TestCatalogueNamedPipe(t *testing.T) {
	dir := t.TempDir()
	mkfifo(t, filepath.Join(dir, "pipe.cards"))
	src := mechaWith("pipe.cards")
	var r *Report
	within2s(t, func() { r = CheckSource(filepath.Join(dir, "game.mecha"), src, Options{}) })
	want := "cannot read the catalogue: " + filepath.ToSlash(filepath.Join(dir, "pipe.cards")) + " is a named pipe, not a regular file"
	if r.ExitCode() != 2 || r.Diagnostics[0].Msg != want {
		t.Errorf("want %q:\n%s", want, ReportText(r))
	}
	if !sameSpan(r.Diagnostics[0].Span, spanOf(src, `[Catalogue "pipe.cards"]`)) {
		t.Errorf("the error is not at the Catalogue tag: %v", diagnosticLines(r.Diagnostics))
	}
}

// A named pipe in the place of golden/html.list is refused at once, as
// every file the referee reads, instead of holding the golden run.
func TestPageListPipe(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"examples/sortie/x.sortie": "[Game \"sortie\"]\n", "golden/sortie/x.golden": ""}, nil)
	mkfifo(t, filepath.Join(dir, "golden", "html.list"))
	within2s(t, func() {
		_, err := GoldenWith(dir, GoldenOptions{})
		var notRegular *NotRegularError
		if !errors.As(err, &notRegular) {
			t.Errorf("golden with a pipe for its page list: %v, want it refused as not a regular file", err)
		}
	})
}

// A file that does not tell its size (Stat says 0, as /proc's files do)
// is read whole, and so is one of the size it says.
func TestReadFileOfUntoldSize(t *testing.T) {
	const proc = "/proc/self/status"
	if _, err := os.Stat(proc); err != nil {
		t.Skip("no ", proc)
	}
	src, err := ReadFile(proc, Limits{})
	if err != nil || !strings.Contains(src, "Name:") || !strings.HasSuffix(src, "\n") {
		t.Errorf("%s read as %q (%v)", proc, src, err)
	}
	for _, text := range []string{"", "x", "[Game \"sortie\"]\n", strings.Repeat("1. Ann: a1-a2\n", 5000)} {
		path := filepath.Join(t.TempDir(), "t.sortie")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if src, err := ReadFile(path, Limits{}); err != nil || src != text {
			t.Errorf("a file of %d bytes read as %d bytes (%v)", len(text), len(src), err)
		}
	}
}
