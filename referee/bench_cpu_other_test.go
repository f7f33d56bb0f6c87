//go:build !unix

package referee

import "time"

// cpuTime is not measured here: BenchmarkRatio's check/floor-cpu is then
// not a number.
func cpuTime() time.Duration { return 0 }
