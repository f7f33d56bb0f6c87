//go:build unix

package referee

import "syscall"

// openNonblocking opens a file without waiting: a named pipe with no writer
// opens at once, so that it can be examined and refused.
const openNonblocking = syscall.O_NONBLOCK
