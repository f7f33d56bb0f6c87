package referee

import (
	"regexp"
	"sync"
)

// lazyRegexp compiles pattern at its first use. Compiled when the package
// was initialised, the expressions of every command (play, replay, stats,
// ...) took a tenth of the CPU time of a check of one small file
// (docs/performance.md).
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
