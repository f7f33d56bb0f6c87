//go:build unix

package referee

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

const (
	oldText = "old text, longer than the new one\n"
	newText = "new text\n"
)

// writeFile makes a file with the old text and the given mode (as given,
// whatever the umask).
func writeFile(t *testing.T, path string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(oldText), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

func readText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// noTempFiles fails if a folder holds a hidden file: a temp file or a
// backup left behind.
func noTempFiles(t *testing.T, dirs ...string) {
	t.Helper()
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") {
				t.Errorf("%s left in %s", e.Name(), dir)
			}
		}
	}
}

// A symlink stays a symlink and the file it leads to is written, its
// temp file in that file's folder, also when that folder is another.
func TestWriteAtomicKeepsSymlinks(t *testing.T) {
	tests := []struct {
		name, target, link string // link is relative to the link's folder
	}{
		{"in the same folder", "real.sortie", "real.sortie"},
		{"to another folder", "sub/real.sortie", "sub/real.sortie"},
		{"through a link to a link", "real.sortie", "middle.sortie"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(dir, tt.target)
			os.MkdirAll(filepath.Dir(target), 0o755)
			writeFile(t, target, 0o644)
			if tt.link != tt.target {
				if err := os.Symlink(tt.target, filepath.Join(dir, tt.link)); err != nil {
					t.Fatal(err)
				}
			}
			link := filepath.Join(dir, "link.sortie")
			if err := os.Symlink(tt.link, link); err != nil {
				t.Fatal(err)
			}
			if err := WriteAtomic(link, []byte(newText)); err != nil {
				t.Fatal(err)
			}
			info, err := os.Lstat(link)
			if err != nil || info.Mode()&os.ModeSymlink == 0 {
				t.Fatalf("the link is not a link any more: %v, %v", info.Mode(), err)
			}
			if got, _ := os.Readlink(link); got != tt.link {
				t.Errorf("the link leads to %q, want %q", got, tt.link)
			}
			if got := readText(t, target); got != newText {
				t.Errorf("the target holds %q", got)
			}
			noTempFiles(t, dir, filepath.Dir(target))
		})
	}
}

// The mode bits are kept, whatever the umask, and a new file gets 0644
// less the umask.
func TestWriteAtomicKeepsMode(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	for _, mode := range []os.FileMode{0o600, 0o640, 0o666, 0o755, 0o200} {
		t.Run(mode.String(), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x.sortie")
			writeFile(t, path, mode)
			if err := WriteAtomic(path, []byte(newText)); err != nil {
				t.Fatal(err)
			}
			info, _ := os.Stat(path)
			if info.Mode().Perm() != mode {
				t.Errorf("mode %v, want %v", info.Mode().Perm(), mode)
			}
		})
	}
	t.Run("a new file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "x.sortie")
		if err := WriteAtomic(path, []byte(newText)); err != nil {
			t.Fatal(err)
		}
		if info, _ := os.Stat(path); info.Mode().Perm() != 0o644 {
			t.Errorf("mode %v, want 0644", info.Mode().Perm())
		}
	})
}

// A file the user may not write, or that is not a regular file, is
// refused and left as it is. The tests run as root in CI, where access(2)
// lets everything be written: a mode without write bits is read-only
// all the same.
func TestWriteAtomicRefuses(t *testing.T) {
	tests := []struct {
		name string
		make func(t *testing.T, path string)
		want string
	}{
		{"a read-only file", func(t *testing.T, path string) { writeFile(t, path, 0o444) }, "x.sortie is read-only; not rewritten"},
		{"a file with no permissions", func(t *testing.T, path string) { writeFile(t, path, 0o000) }, "x.sortie is read-only; not rewritten"},
		{"a link to a read-only file", func(t *testing.T, path string) {
			writeFile(t, path+".real", 0o444)
			os.Symlink(filepath.Base(path)+".real", path)
		}, "x.sortie is read-only; not rewritten"},
		{"a folder", func(t *testing.T, path string) { os.Mkdir(path, 0o755) }, "x.sortie is not a regular file; not rewritten"},
		{"a FIFO", func(t *testing.T, path string) {
			if err := syscall.Mkfifo(path, 0o644); err != nil {
				t.Skip("no FIFOs here:", err)
			}
		}, "x.sortie is not a regular file; not rewritten"},
		{"a link to a folder", func(t *testing.T, path string) {
			os.Mkdir(path+".d", 0o755)
			os.Symlink(filepath.Base(path)+".d", path)
		}, "x.sortie is not a regular file; not rewritten"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "x.sortie")
			tt.make(t, path)
			before, _ := os.Lstat(path)
			err := WriteAtomic(path, []byte(newText))
			if err == nil || !strings.HasSuffix(err.Error(), tt.want) {
				t.Fatalf("error %v, want one ending %q", err, tt.want)
			}
			after, _ := os.Lstat(path)
			if !os.SameFile(before, after) || after.Mode() != before.Mode() {
				t.Errorf("the file was replaced")
			}
			if after.Mode().IsRegular() {
				if got := readText(t, path); got != oldText {
					t.Errorf("the file holds %q", got)
				}
			}
			noTempFiles(t, dir)
		})
	}
}

// The owner and the group are kept. Giving a file to another user takes
// root: as another user only the group is tried, one of the user's own.
func TestWriteAtomicKeepsOwner(t *testing.T) {
	uid, gid := 1234, 1234
	if os.Geteuid() != 0 {
		groups, _ := os.Getgroups()
		i := slices.IndexFunc(groups, func(g int) bool { return g != os.Getegid() })
		if i < 0 {
			t.Skip("not root, and in one group only: no owner to keep but the writer's")
		}
		uid, gid = os.Geteuid(), groups[i]
	}
	path := filepath.Join(t.TempDir(), "x.sortie")
	writeFile(t, path, 0o664)
	if err := os.Chown(path, uid, gid); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(path, []byte(newText)); err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(path)
	st := info.Sys().(*syscall.Stat_t)
	if int(st.Uid) != uid || int(st.Gid) != gid {
		t.Errorf("owner %d:%d, want %d:%d", st.Uid, st.Gid, uid, gid)
	}
	if info.Mode().Perm() != 0o664 || readText(t, path) != newText {
		t.Errorf("mode %v, text %q", info.Mode().Perm(), readText(t, path))
	}
}

// A file with more than one hard link is written in place: every link
// sees the new text, the links stay links, and no backup is left.
func TestWriteAtomicKeepsHardLinks(t *testing.T) {
	for _, text := range []string{newText, oldText + oldText} { // shorter and longer
		dir := t.TempDir()
		a, b := filepath.Join(dir, "a.sortie"), filepath.Join(dir, "b.sortie")
		writeFile(t, a, 0o640)
		if err := os.Link(a, b); err != nil {
			t.Skip("no hard links here:", err)
		}
		if err := WriteAtomic(a, []byte(text)); err != nil {
			t.Fatal(err)
		}
		ia, _ := os.Stat(a)
		ib, _ := os.Stat(b)
		if !os.SameFile(ia, ib) {
			t.Error("the link was broken")
		}
		if readText(t, a) != text || readText(t, b) != text {
			t.Errorf("a holds %q, b %q", readText(t, a), readText(t, b))
		}
		if ia.Mode().Perm() != 0o640 {
			t.Errorf("mode %v", ia.Mode().Perm())
		}
		noTempFiles(t, dir)
	}
}

// RemoveTempFiles removes the temp file of a write in flight, and no
// write begins after it.
func TestRemoveTempFiles(t *testing.T) {
	defer func() {
		inFlight.Lock()
		inFlight.stopped = false
		inFlight.Unlock()
	}()
	dir := t.TempDir()
	path := filepath.Join(dir, "x.sortie")
	writeFile(t, path, 0o644)
	var temp string
	var removed []string
	BeforeReplace = func(name string) {
		temp = name
		if _, err := os.Stat(name); err != nil {
			t.Errorf("no temp file while the write is pending: %v", err)
		}
		removed = RemoveTempFiles()
	}
	defer func() { BeforeReplace = nil }()
	if err := WriteAtomic(path, []byte(newText)); err == nil {
		t.Error("the write went on after RemoveTempFiles")
	}
	if len(removed) != 1 || removed[0] != temp {
		t.Errorf("removed %q, want the temp file %q", removed, temp)
	}
	if got := readText(t, path); got != oldText {
		t.Errorf("the file holds %q", got)
	}
	noTempFiles(t, dir)
	if err := WriteAtomic(filepath.Join(dir, "y.sortie"), []byte(newText)); err == nil {
		t.Error("a write began after RemoveTempFiles")
	}
}

// IsTempFor knows renameio's names, and only them.
func TestIsTempFor(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{".x.golden123", true},
		{".x.golden8674665223082153551", true},
		{".a.b.golden1", true},
		{"x.golden", false},
		{".x.golden", false},
		{".golden123", false},
		{".x.golden12a", false},
		{".x.txt123", false},
		{"x.golden123", false},
		{".x.golden123456789012345678901", false},
	}
	for _, tt := range tests {
		if got := IsTempFor(tt.name, ".golden"); got != tt.want {
			t.Errorf("IsTempFor(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}
