package shuffle

import (
	"math"
	"reflect"
	"strconv"
	"testing"
)

// The first outputs of SplitMix64 from seed 0 are published with the
// algorithm; these guard the frozen stream.
func TestSourceMatchesReferenceStream(t *testing.T) {
	s := New(0)
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	for i, w := range want {
		if got := s.Uint64(); got != w {
			t.Fatalf("output %d = %#x, want %#x", i, got, w)
		}
	}
}

func TestShuffleIsFrozen(t *testing.T) {
	items := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	Shuffle(New(20261120), items)
	want := []int{3, 1, 8, 0, 6, 7, 5, 2, 9, 4} // checked against an independent implementation
	if !reflect.DeepEqual(items, want) {
		t.Fatalf("shuffle of 0..9 with seed 20261120 = %v, want %v", items, want)
	}
}

func TestIntnIsInRangeAndCoversIt(t *testing.T) {
	s := New(7)
	seen := map[int]bool{}
	for i := 0; i < 1000; i++ {
		v := s.Intn(6)
		if v < 0 || v >= 6 {
			t.Fatalf("Intn(6) = %d", v)
		}
		seen[v] = true
	}
	if len(seen) != 6 {
		t.Fatalf("Intn(6) hit only %v in 1000 draws", seen)
	}
}

// Intn is frozen too: it draws what the plain rejection loop draws,
// including for bounds so large that values are often rejected.
func TestIntnIsFrozen(t *testing.T) {
	plain := func(s *Source, n int) int {
		bound := uint64(n)
		threshold := -bound % bound
		for {
			if x := s.Uint64(); x >= threshold {
				return int(x % bound)
			}
		}
	}
	for _, bound := range []uint64{1, 2, 6, 52, 1 << 40, 1<<62 + 1, 1<<62 + 1<<61} {
		if bound > math.MaxInt {
			continue // past an int of 32 bits
		}
		n := int(bound)
		fast, slow := New(bound), New(bound)
		for i := range 2000 {
			if got, want := fast.Intn(n), plain(slow, n); got != want {
				t.Fatalf("Intn(%d), draw %d: %d, want %d", n, i, got, want)
			}
		}
	}
}

func TestParseSeed(t *testing.T) {
	tests := []struct {
		in   string
		want uint64
	}{
		{"20261120", 20261120},
		{" 42 ", 42},
		{"18446744073709551615", 18446744073709551615},
		{"", 0xcbf29ce484222325}, // FNV-1a offset basis: the hash of nothing
	}
	for _, tt := range tests {
		if got := ParseSeed(tt.in); got != tt.want {
			t.Errorf("ParseSeed(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
	if ParseSeed("thursday") == ParseSeed("friday") {
		t.Error("different text seeds gave the same seed")
	}
}

// BenchmarkShuffle shuffles a deck of forty cards, as a game's set-up does.
func BenchmarkShuffle(b *testing.B) {
	deck := make([]string, 40)
	for i := range deck {
		deck[i] = strconv.Itoa(i)
	}
	s := New(1)
	for b.Loop() {
		Shuffle(s, deck)
	}
}
