package referee

import (
	"fmt"
	"slices"
	"testing"
)

// TestShardsPartition: the n shards of a set hold each file exactly once,
// none is left empty by a large set, and a file keeps its shard when
// others are added.
func TestShardsPartition(t *testing.T) {
	var paths []string
	for i := range 500 {
		paths = append(paths, fmt.Sprintf("examples/g%d/game-%d.sortie", i%7, i))
	}
	for _, n := range []int{1, 2, 3, 8} {
		seen := map[string]int{}
		for i := 1; i <= n; i++ {
			part := Shard{i, n}.Filter(paths)
			if len(part) == 0 {
				t.Errorf("shard %d/%d of %d files is empty", i, n, len(paths))
			}
			for _, p := range part {
				seen[p]++
			}
			// Files added go to some shard; those there stay where they were.
			added := []string{"examples/new.sortie", "examples/other.mecha"}
			grown := Shard{i, n}.Filter(append(slices.Clone(paths), added...))
			for _, p := range grown {
				if !slices.Contains(part, p) && !slices.Contains(added, p) {
					t.Errorf("shard %d/%d gained %s when other files were added", i, n, p)
				}
			}
			for _, p := range part {
				if !slices.Contains(grown, p) {
					t.Errorf("shard %d/%d lost %s when files were added", i, n, p)
				}
			}
		}
		for _, p := range paths {
			if seen[p] != 1 {
				t.Errorf("%d shards hold %s %d times", n, p, seen[p])
			}
		}
	}
	if !(Shard{1, 2}.Keeps("a/./b.sortie") == Shard{1, 2}.Keeps("a/b.sortie")) {
		t.Error("the same file written two ways is in two shards")
	}
}

func TestParseShard(t *testing.T) {
	tests := []struct {
		in   string
		want Shard
		ok   bool
	}{
		{"1/1", Shard{1, 1}, true},
		{"2/4", Shard{2, 4}, true},
		{" 3 / 4 ", Shard{3, 4}, true},
		{"0/4", Shard{}, false},
		{"5/4", Shard{}, false},
		{"4", Shard{}, false},
		{"a/b", Shard{}, false},
		{"1/0", Shard{}, false},
	}
	for _, tt := range tests {
		got, err := ParseShard(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseShard(%q) = %v, %v", tt.in, got, err)
		}
	}
}
