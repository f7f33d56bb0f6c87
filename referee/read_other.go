//go:build !unix

package referee

// openNonblocking is nothing where opening a file cannot wait on a writer.
const openNonblocking = 0
