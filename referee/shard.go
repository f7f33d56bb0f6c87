package referee

import (
	"fmt"
	"hash/fnv"
	"path/filepath"
	"strconv"
	"strings"
)

// Shard is the i-th of n parts of a set of files, for a CI matrix that
// splits a large corpus across machines (check --shard i/n).
type Shard struct{ I, N int }

// ParseShard reads "i/n", 1 <= i <= n.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("--shard %s: expected i/n, the i-th of n parts, 1 <= i <= n, as in 2/4", EscapeControls(s))
	}
	return Shard{i, n}, nil
}

// Keeps tells whether the file at path is in the shard. A file's part
// depends on its path alone (slashes forward, cleaned), so that it stays
// in its part when other files come and go, and the n parts of a set
// hold each of its files exactly once.
func (s Shard) Keeps(path string) bool {
	if s.N <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(filepath.ToSlash(filepath.Clean(path))))
	return int(h.Sum64()%uint64(s.N)) == s.I-1
}

// Filter keeps the paths in the shard, in their order.
func (s Shard) Filter(paths []string) []string {
	var out []string
	for _, p := range paths {
		if s.Keeps(p) {
			out = append(out, p)
		}
	}
	return out
}
