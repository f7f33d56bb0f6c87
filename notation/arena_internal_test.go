package notation

import "testing"

// A slab hands out distinct values, the same memory again after a reset,
// cleared, and keeps no more than arenaMost of them past a huge parse.
func TestSlabUsesItsMemoryAgain(t *testing.T) {
	type move struct {
		n    int
		name *string
	}
	for _, n := range []int{1, 16, 17, 100, 3 * arenaMost} {
		var s slab[move]
		name := "Scout"
		first := make(map[*move]bool, n)
		for i := range n {
			p := s.next()
			if first[p] {
				t.Fatalf("%d values: value %d handed out twice", n, i)
			}
			first[p] = true
			*p = move{i, &name}
		}
		s.reset()
		kept := 0
		for _, c := range s.chunks {
			kept += len(c)
			for _, v := range c {
				if v != (move{}) {
					t.Fatalf("%d values: %v left after reset", n, v)
				}
			}
		}
		if kept > arenaMost {
			t.Errorf("%d values: %d kept after reset, want at most %d", n, kept, arenaMost)
		}
		again := min(n, arenaMost/2)
		for i := range again {
			if p := s.next(); !first[p] {
				t.Fatalf("%d values: value %d after reset is new memory", n, i)
			}
		}
	}
}

// Copy places values in the arena's memory when the relocation has one,
// and on the heap otherwise; either way a copy.
func TestCopy(t *testing.T) {
	type move struct{ n int }
	m := &move{7}
	var a copies
	for _, r := range []*Relocation{{}, {copies: &a}} {
		c := Copy(r, m)
		if c == m || *c != *m {
			t.Errorf("copies %v: got %p %v from %p %v", r.copies != nil, c, *c, m, *m)
		}
	}
	if len(a.slabs) != 1 {
		t.Errorf("the arena has %d slabs, want 1", len(a.slabs))
	}
}
