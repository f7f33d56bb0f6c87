package enginetest

import (
	"math"
	"reflect"
	"testing"
)

type inner struct {
	n     int
	names []string
}

type square struct{ file, rank int }

// padded has bytes between its fields, which no comparison may read.
type padded struct {
	ok bool
	n  int
}

type outer struct {
	squares []square
	corners [2]square
	pads    []padded
	pad     padded
	flag    bool
	in      *inner
	ins     []inner
	counts  []int
	index   map[string]int
	any     any
	board   [3]*inner
	f       float64
	fn      func()
}

// TestEqualAsDeepEqual: Equal answers as reflect.DeepEqual does, on values
// of every kind a state holds, alike and different in each part.
func TestEqualAsDeepEqual(t *testing.T) {
	t.Parallel()
	base := func() outer {
		return outer{
			flag: true, in: &inner{1, []string{"a"}}, ins: []inner{{2, nil}, {3, []string{"b", "c"}}},
			counts: []int{1, 2, 3}, index: map[string]int{"a": 1, "b": 2, "c": 3}, any: inner{4, []string{"d"}},
			board:   [3]*inner{nil, {5, nil}, nil},
			squares: []square{{1, 2}, {3, 4}}, corners: [2]square{{0, 0}, {3, 3}},
			pads: []padded{{true, 1}, {false, 2}}, pad: padded{true, 7},
		}
	}
	changes := []struct {
		name   string
		change func(*outer)
	}{
		{"nothing", func(*outer) {}},
		{"a bool", func(o *outer) { o.flag = false }},
		{"a pointer's value", func(o *outer) { o.in.names[0] = "z" }},
		{"a nil pointer", func(o *outer) { o.in = nil }},
		{"a slice of structs", func(o *outer) { o.ins[1].names = o.ins[1].names[:1] }},
		{"a nil slice for an empty one", func(o *outer) { o.ins[0].names = []string{} }},
		{"an integer in a slice", func(o *outer) { o.counts[2] = 4 }},
		{"a longer slice", func(o *outer) { o.counts = append(o.counts, 0) }},
		{"a map's value", func(o *outer) { o.index["b"] = 3 }},
		{"a map's key", func(o *outer) { delete(o.index, "b"); o.index["d"] = 2 }},
		{"a map's value by pointer", func(o *outer) { o.in = &inner{1, []string{"a"}}; o.index = map[string]int{"a": 1, "b": 2, "c": 4} }},
		{"a nil map", func(o *outer) { o.index = nil }},
		{"an interface's type", func(o *outer) { o.any = 4 }},
		{"an interface's value", func(o *outer) { o.any = inner{4, []string{"e"}} }},
		{"a nil interface", func(o *outer) { o.any = nil }},
		{"an array of pointers", func(o *outer) { o.board[0] = &inner{} }},
		{"a float", func(o *outer) { o.f = 0.5 }},
		{"NaN", func(o *outer) { o.f = math.NaN() }},
		{"a square in a slice", func(o *outer) { o.squares[1].rank = 5 }},
		{"a square in an array", func(o *outer) { o.corners[0].file = 1 }},
		{"a padded struct in a slice", func(o *outer) { o.pads[1].ok = true }},
		{"a padded struct", func(o *outer) { o.pad.n = 8 }},
		{"a func", func(o *outer) { o.fn = func() {} }},
	}
	for _, c := range changes {
		a, b := base(), base()
		c.change(&b)
		for _, pair := range [][2]outer{{a, b}, {b, a}, {b, b}} {
			if got, want := Equal(pair[0], pair[1]), reflect.DeepEqual(pair[0], pair[1]); got != want {
				t.Errorf("%s: Equal %v, reflect.DeepEqual %v", c.name, got, want)
			}
			if got, want := Equal(&pair[0], &pair[1]), reflect.DeepEqual(&pair[0], &pair[1]); got != want {
				t.Errorf("%s, by pointer: Equal %v, reflect.DeepEqual %v", c.name, got, want)
			}
		}
	}
	if Equal[any](1, int64(1)) || !Equal[any](nil, nil) || Equal[any](nil, 0) {
		t.Error("Equal mistakes the dynamic types of interfaces")
	}
}
