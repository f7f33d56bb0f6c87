//go:build unix

package referee

import (
	"syscall"
	"unsafe"
)

// openNonblocking opens a file without waiting: a named pipe with no writer
// opens at once, so that it can be examined and refused.
const openNonblocking = syscall.O_NONBLOCK

// readRegular reads the file name as ReadFile does when it is a regular
// file that tells its size and is within limit, with system calls of its
// own: an os.File is given a finalizer, goes through its descriptor's
// locks at each call, and is offered to the runtime's poller, which
// refuses a regular file (a failed epoll_ctl), all for nothing here (3%
// of checking a folder of small transcripts). It reads nothing more than
// ReadFile would. ok is false for any other file, for one that grew while
// read, and for any failure: ReadFile reads it the usual way, and says
// what it is or what went wrong.
func readRegular(name string, limit int64) (src string, ok bool) {
	var fd int
	var err error
	for {
		if fd, err = syscall.Open(name, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0); err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return "", false
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG || st.Size <= 0 || st.Size >= limit {
		return "", false
	}
	// One byte more than its size: a read that fills it says the file grew.
	buf := make([]byte, st.Size+1)
	n := 0
	for {
		m, err := syscall.Read(fd, buf[n:])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return "", false
		case m == 0:
			if n == 0 {
				return "", true
			}
			return unsafe.String(&buf[0], n), true
		}
		if n += m; n == len(buf) {
			return "", false
		}
	}
}
