//go:build unix

package referee

import (
	"io/fs"
	"syscall"
)

// owner is who owns a file, and how many hard links it has.
type owner struct {
	uid, gid int
	links    uint64
}

// ownerOf is the owner of info's file; ok is false where the system does
// not say.
func ownerOf(info fs.FileInfo) (o owner, ok bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return owner{}, false
	}
	return owner{int(st.Uid), int(st.Gid), uint64(st.Nlink)}, true
}

// mayWrite reports whether access(2) lets the process write path. Root
// is let write anything: the caller checks the mode's write bits too.
func mayWrite(path string) bool {
	const writeOK = 2 // W_OK
	return syscall.Access(path, writeOK) == nil
}
