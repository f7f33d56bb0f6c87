package blocks

import "testing"

func TestTakeHandsOutEachValueOnce(t *testing.T) {
	var spare []int
	seen := map[*int]bool{}
	for i := range 10 {
		p := Take(&spare, 4)
		if seen[p] || *p != 0 {
			t.Fatalf("value %d handed out twice", i)
		}
		seen[p] = true
		*p = i + 1
	}
	if len(spare) != 2 {
		t.Errorf("after 10 of blocks of 4, %d left; want 2", len(spare))
	}
}
