package referee

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/google/renameio/v2"
)

// WriteAtomic replaces path with data, keeping what gofmt -w keeps:
//
//   - A symlink stays a symlink: the file it leads to is written, with its
//     temp file in that file's folder.
//   - The file's mode bits are kept, and its owner and group where the
//     process may set them (a file of another user's, rewritten by a
//     process that may write but not chown it, becomes the writer's).
//   - A file with one link is replaced by renaming a temp file over it, so
//     that a reader, or a crash, sees either the old text or the new one,
//     never a mix. A file with more than one hard link is written in place
//     instead, so that every link sees the new text: its old text is first
//     copied to a backup next to it, named as temp files are, which a crash
//     in the middle leaves behind and which is removed once the file is
//     written (or, if writing fails, once the old text is put back).
//   - A file its user may not write is refused ("x is read-only; not
//     rewritten"), as root too: a file with no write bit in its mode is
//     read-only whatever access(2) says. A path that is not a regular file,
//     or a link to one, is refused.
//
// A new file gets mode 0644, less the umask. Temp files in flight are
// known to RemoveTempFiles, which a signal handler calls.
func WriteAtomic(path string, data []byte) error {
	target := path
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return replace(path, nil, data)
	}
	if err != nil {
		return err
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		if target, err = filepath.EvalSymlinks(path); err != nil {
			return err
		}
		if info, err = os.Stat(target); err != nil {
			return err
		}
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file; not rewritten", path)
	}
	if info.Mode().Perm()&0o222 == 0 || !mayWrite(target) {
		return fmt.Errorf("%s is read-only; not rewritten", path)
	}
	if owner, ok := ownerOf(info); ok && owner.links > 1 {
		return writeInPlace(target, info, data)
	}
	return replace(target, info, data)
}

// inFlight holds the temp files being written, so that a signal can
// remove them. A write holds it while it creates its temp file and while
// it renames it, so the handler sees every temp file that exists; once
// stopped, no write begins.
var inFlight = struct {
	sync.Mutex
	files   map[string]bool
	stopped bool
}{files: map[string]bool{}}

// errStopped is the error of a write begun after RemoveTempFiles.
var errStopped = errors.New("the process is stopping; not written")

// RemoveTempFiles removes the temp files of the writes in flight and
// stops any write from beginning: the process is about to exit, as on
// SIGINT or SIGTERM. A write in place of a hard-linked file is let
// finish first. It returns the files removed.
func RemoveTempFiles() []string {
	inFlight.Lock()
	defer inFlight.Unlock()
	inFlight.stopped = true
	var removed []string
	for name := range inFlight.files {
		if os.Remove(name) == nil {
			removed = append(removed, name)
		}
		delete(inFlight.files, name)
	}
	return removed
}

// BeforeReplace, when set, is called with the name of a temp file that
// holds its new text, just before it replaces its file. Tests set it to
// hold a write open; the command leaves it nil.
var BeforeReplace func(temp string)

// modeBits are the bits of a mode that a rewritten file keeps.
const modeBits = fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky

// replace writes data to a temp file in target's folder and renames it
// over target; info is target's, or nil for a new file.
func replace(target string, info fs.FileInfo, data []byte) error {
	inFlight.Lock()
	if inFlight.stopped {
		inFlight.Unlock()
		return errStopped
	}
	opt := renameio.WithPermissions(0o644) // less the umask
	if info != nil {
		opt = renameio.WithStaticPermissions(info.Mode().Perm())
	}
	t, err := renameio.NewPendingFile(target, renameio.WithTempDir(filepath.Dir(target)), opt)
	if err != nil {
		inFlight.Unlock()
		return err
	}
	inFlight.files[t.Name()] = true
	inFlight.Unlock()
	defer func() {
		inFlight.Lock()
		delete(inFlight.files, t.Name())
		t.Cleanup()
		inFlight.Unlock()
	}()
	if info != nil {
		if err := keepOwner(t.File, info); err != nil {
			return fmt.Errorf("%s: %w", target, err)
		}
		// After the chown, which clears set-id bits.
		if err := t.Chmod(info.Mode() & modeBits); err != nil {
			return err
		}
	}
	if _, err := t.Write(data); err != nil {
		return err
	}
	if BeforeReplace != nil {
		BeforeReplace(t.Name())
	}
	inFlight.Lock()
	defer inFlight.Unlock()
	if inFlight.stopped {
		return errStopped
	}
	return t.CloseAtomicallyReplace()
}

// keepOwner gives f the owner and group of info's file. A process may
// not give a file to another user (EPERM, unless it is root): then f
// stays the writer's. EPERM for ids that are the writer's own is an
// error.
func keepOwner(f *os.File, info fs.FileInfo) error {
	want, ok := ownerOf(info)
	if !ok {
		return nil
	}
	have, err := f.Stat()
	if err != nil {
		return err
	}
	if got, ok := ownerOf(have); ok && got.uid == want.uid && got.gid == want.gid {
		return nil
	}
	err = f.Chown(want.uid, want.gid)
	if errors.Is(err, fs.ErrPermission) && !callersOwn(want.uid, want.gid) {
		return nil
	}
	return err
}

// callersOwn reports whether the process may give a file these ids: its
// own user and one of its groups.
func callersOwn(uid, gid int) bool {
	if uid != os.Geteuid() {
		return false
	}
	if gid == os.Getegid() {
		return true
	}
	groups, _ := os.Getgroups()
	for _, g := range groups {
		if g == gid {
			return true
		}
	}
	return false
}

// writeInPlace writes data over target, a file with more than one hard
// link, keeping its inode: its old text is copied first to a backup in
// its folder, named as a temp file, and put back if the write fails. The
// whole write holds inFlight, so that a signal lets it finish rather than
// leave the file half written.
func writeInPlace(target string, info fs.FileInfo, data []byte) (err error) {
	inFlight.Lock()
	defer inFlight.Unlock()
	if inFlight.stopped {
		return errStopped
	}
	f, err := os.OpenFile(target, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	backup, err := backupCopy(f, target)
	if err != nil {
		return err
	}
	n, err := f.WriteAt(data, 0)
	if err == nil {
		err = f.Truncate(int64(len(data)))
	}
	if err == nil {
		err = f.Sync()
	}
	if err != nil && n > 0 {
		// Put the old text back from the backup.
		if rerr := restore(f, backup); rerr != nil {
			return fmt.Errorf("%s: %w; restoring its old text failed (%v): it is kept in %s", target, err, rerr, backup)
		}
	}
	os.Remove(backup)
	return err
}

// backupCopy copies f's text to a new file next to target, named as
// renameio names a temp file, and syncs it.
func backupCopy(f *os.File, target string) (name string, err error) {
	b, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+"*")
	if err != nil {
		return "", err
	}
	_, err = io.Copy(b, io.NewSectionReader(f, 0, 1<<62))
	if err == nil {
		err = b.Sync()
	}
	if cerr := b.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(b.Name())
		return "", err
	}
	return b.Name(), nil
}

// restore writes the backup's text over f.
func restore(f *os.File, backup string) error {
	old, err := os.ReadFile(backup)
	if err != nil {
		return err
	}
	if _, err := f.WriteAt(old, 0); err != nil {
		return err
	}
	if err := f.Truncate(int64(len(old))); err != nil {
		return err
	}
	return f.Sync()
}

// IsTempFor reports whether name, a file's base name, is that of a temp
// file of WriteAtomic for a file whose name ends in ext: a dot, the
// file's name and a random number (renameio's pattern, which backups
// follow too), as in .x.golden123 for x.golden. Only an interrupted
// write leaves one.
func IsTempFor(name, ext string) bool {
	rest, ok := strings.CutPrefix(name, ".")
	i := strings.LastIndex(rest, ext)
	if !ok || i <= 0 {
		return false
	}
	digits := rest[i+len(ext):]
	return len(digits) > 0 && len(digits) <= 20 && strings.Trim(digits, "0123456789") == ""
}
