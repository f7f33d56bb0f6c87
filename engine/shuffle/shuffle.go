// Package shuffle is the seeded randomness every game shares: a SplitMix64
// generator and a Fisher-Yates shuffle over it.
//
// Golden files depend on the exact sequence, so both algorithms are frozen:
// they are written out here rather than taken from math/rand, whose streams
// may change between Go releases. Changing anything in this file changes
// every seeded game ever recorded.
package shuffle

import (
	"hash/fnv"
	"strconv"
	"strings"
)

// Source is a SplitMix64 generator (Steele, Lea and Flood, 2014).
type Source struct {
	state uint64
}

// New returns a generator started from seed.
func New(seed uint64) *Source { return &Source{state: seed} }

// Uint64 returns the next 64 random bits.
func (s *Source) Uint64() uint64 {
	s.state += 0x9e3779b97f4a7c15
	z := s.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a uniform integer in [0, n). It rejects the few low values
// that would make plain modulo biased. It panics if n <= 0.
func (s *Source) Intn(n int) int {
	if n <= 0 {
		panic("shuffle: Intn needs n > 0")
	}
	bound := uint64(n)
	for {
		// x >= bound is past the threshold (2^64 mod n, below n): most
		// draws, and the threshold's division is not made for them.
		if x := s.Uint64(); x >= bound || x >= -bound%bound {
			return int(x % bound)
		}
	}
}

// Shuffle puts items in a random order: for i from len-1 down to 1, swap
// item i with item Intn(i+1).
func Shuffle[T any](s *Source, items []T) {
	for i := len(items) - 1; i > 0; i-- {
		j := s.Intn(i + 1)
		items[i], items[j] = items[j], items[i]
	}
}

// ParseSeed turns a Seed tag into a generator seed. A decimal number is used
// as it is; any other text is hashed with 64-bit FNV-1a, so a seed such as
// "thursday" works too.
func ParseSeed(text string) uint64 {
	text = strings.TrimSpace(text)
	if n, err := strconv.ParseUint(text, 10, 64); err == nil {
		return n
	}
	h := fnv.New64a()
	h.Write([]byte(text))
	return h.Sum64()
}
