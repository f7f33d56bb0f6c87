package referee

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"unsafe"
)

// ReadFile reads a file given by name (a transcript, a catalogue, a golden
// file): every file the referee reads comes through here. Only a regular
// file is read. It is opened without blocking and examined once open, so
// that a named pipe, a device, a socket or a folder is refused at once,
// saying what it is, instead of being read forever. No more than one byte
// past limits.MaxBytes is read: enough for Limits.CheckSize to report the
// limit crossed without holding a huge file.
func ReadFile(name string, limits Limits) (string, error) {
	if src, ok := readRegular(name, int64(limits.OrDefault().MaxBytes)+1); ok {
		return src, nil
	}
	f, err := os.OpenFile(name, os.O_RDONLY|openNonblocking, 0)
	if err != nil {
		// A socket cannot be opened at all: say what it is.
		if info, serr := os.Stat(name); serr == nil && !info.Mode().IsRegular() {
			return "", &NotRegularError{name, info.Mode()}
		}
		return "", err
	}
	defer f.Close()
	return readOpen(f, name, limits)
}

// NotRegularError is a file refused because it is not a regular file.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	kind := "a special file"
	switch m := e.Mode; {
	case m.IsDir():
		kind = "a folder"
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	case m&fs.ModeDevice != 0:
		kind = "a device"
	}
	return fmt.Sprintf("%s is %s, not a regular file", e.Path, kind)
}

// readOpen reads an open file, named name in errors, as ReadFile does.
func readOpen(f *os.File, name string, limits Limits) (string, error) {
	info, err := f.Stat()
	if err != nil {
		return "", err
	}
	if !info.Mode().IsRegular() {
		return "", &NotRegularError{name, info.Mode()}
	}
	limit := int64(limits.OrDefault().MaxBytes) + 1
	// One buffer of the right size, rather than one grown by doubling, and
	// no copy of it: the bytes are never written again once read, as in
	// strings.Builder.
	buf := make([]byte, min(info.Size(), limit))
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return "", err
	}
	if n == len(buf) && int64(n) < limit {
		// The file has grown since, or does not tell its size (as in
		// /proc): read on, to the limit.
		var probe [1]byte
		if m, _ := f.Read(probe[:]); m > 0 {
			rest, err := io.ReadAll(io.LimitReader(f, limit-int64(n)-1))
			if err != nil {
				return "", err
			}
			buf = append(append(buf[:n], probe[0]), rest...)
			n = len(buf)
		}
	}
	if n == 0 {
		return "", nil
	}
	return unsafe.String(&buf[0], n), nil
}

// refusedError is a file a transcript names but may not read. Its message
// is whole: it names the file as the transcript does, and never shows
// what the file holds.
type refusedError struct{ msg string }

func (e *refusedError) Error() string { return e.msg }

// readCatalogue reads the catalogue that the transcript at the path
// transcript names in its Catalogue tag, name: a path relative to the
// transcript, with forward slashes. It gives the catalogue's path as reports name it (the
// tag's path joined to the transcript's) and its text, read as ReadFile
// reads. The catalogue must be in the transcript's folder or below it, or
// under CatalogueRoot when that is set: a path that is absolute, climbs
// out with "..", or goes through a symbolic link that leads out is
// refused with a refusedError before anything is read, so that a
// transcript from anywhere cannot read, or show in its report, a file of
// the machine that checks it.
func (o Options) readCatalogue(transcript, name string) (file, src string, err error) {
	local := filepath.FromSlash(name)
	file = filepath.ToSlash(filepath.Join(filepath.Dir(transcript), local))
	if path.IsAbs(name) || filepath.IsAbs(local) || filepath.VolumeName(local) != "" {
		return file, "", &refusedError{fmt.Sprintf(
			"the Catalogue tag names %q, an absolute path: a catalogue is named by a path relative to the transcript, in its folder or below it", name)}
	}
	dir := filepath.Dir(transcript)
	if o.Dir != "" && !filepath.IsAbs(dir) {
		dir = filepath.Join(o.Dir, dir)
	}
	roots := []string{dir}
	if o.CatalogueRoot != "" {
		roots = append(roots, o.CatalogueRoot)
	}
	outside := func(how string) error {
		msg := fmt.Sprintf("the Catalogue tag names %q, %s the transcript's folder: a catalogue must be in that folder or below it (--catalogue-root DIR allows one anywhere under DIR)", name, how)
		if o.CatalogueRoot != "" {
			msg = fmt.Sprintf("the Catalogue tag names %q, %s the transcript's folder and the catalogue root %s (--catalogue-root)", name, how, o.CatalogueRoot)
		}
		return &refusedError{msg}
	}
	if o.Overlay != nil {
		for _, root := range roots {
			if _, ok := within(root, filepath.Join(dir, local)); ok {
				if text, ok := o.Overlay(filepath.Join(filepath.Dir(transcript), local)); ok {
					return file, text, nil
				}
				break
			}
		}
	}
	if o.ReadFile != nil {
		// Not the file system: there are no links to follow.
		for _, root := range roots {
			if _, ok := within(root, filepath.Join(dir, local)); ok {
				data, err := o.ReadFile(filepath.Join(filepath.Dir(transcript), local))
				if err != nil {
					return file, "", err
				}
				return file, string(data), nil
			}
		}
		return file, "", outside("outside")
	}
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return file, "", err
	}
	how := "outside"
	for _, root := range roots {
		realRoot, err := filepath.EvalSymlinks(root)
		if err != nil {
			return file, "", err
		}
		rel, ok := within(realRoot, filepath.Join(realDir, local))
		if !ok {
			continue
		}
		if target, err := filepath.EvalSymlinks(filepath.Join(realRoot, rel)); err == nil {
			if _, ok := within(realRoot, target); !ok {
				how = "a symbolic link that leads outside"
				continue
			}
		}
		// The check above names the fault; opening in the root makes sure
		// of it, should a link change in between.
		src, err := readIn(realRoot, rel, file, o.Limits)
		return file, src, err
	}
	return file, "", outside(how)
}

// within is target's path relative to root, and whether it is inside root,
// by their names alone.
func within(root, target string) (string, bool) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return "", false
	}
	absTarget, err := filepath.Abs(target)
	if err != nil {
		return "", false
	}
	rel, err := filepath.Rel(absRoot, absTarget)
	return rel, err == nil && filepath.IsLocal(rel)
}

// readIn reads rel, inside the folder root, as ReadFile does; file names
// it in errors.
func readIn(root, rel, file string, limits Limits) (string, error) {
	r, err := os.OpenRoot(root)
	if err != nil {
		return "", err
	}
	defer r.Close()
	f, err := r.OpenFile(rel, os.O_RDONLY|openNonblocking, 0)
	if err != nil {
		if info, serr := r.Stat(rel); serr == nil && !info.Mode().IsRegular() {
			return "", &NotRegularError{file, info.Mode()}
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			// Named as the transcript names it, not as the root does.
			err = &fs.PathError{Op: "open", Path: file, Err: pe.Err}
		}
		return "", err
	}
	defer f.Close()
	return readOpen(f, file, limits)
}
