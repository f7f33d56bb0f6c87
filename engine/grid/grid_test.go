package grid

import "testing"

func TestParseAndString(t *testing.T) {
	tests := []struct {
		in string
		sq Square
		ok bool
	}{
		{"a1", Square{0, 0}, true},
		{"d4", Square{3, 3}, true},
		{"e12", Square{4, 11}, true},
		{"a0", Square{}, false},
		{"a01", Square{}, false},
		{"A1", Square{}, false},
		{"a", Square{}, false},
		{"a+1", Square{}, false},
	}
	for _, tt := range tests {
		sq, ok := Parse(tt.in)
		if ok != tt.ok || sq != tt.sq {
			t.Errorf("Parse(%q) = %v, %v", tt.in, sq, ok)
		}
		if ok && sq.String() != tt.in {
			t.Errorf("%v.String() = %q", sq, sq.String())
		}
	}
}

func TestNeighbours(t *testing.T) {
	b := Board{4, 4}
	if n := len(b.Orthogonal(Square{0, 0})); n != 2 {
		t.Errorf("a1 has %d orthogonal neighbours, want 2", n)
	}
	if n := len(b.Orthogonal(Square{1, 1})); n != 4 {
		t.Errorf("b2 has %d orthogonal neighbours, want 4", n)
	}
	if n := len(b.Around(Square{1, 1})); n != 8 {
		t.Errorf("b2 has %d neighbours around it, want 8", n)
	}
	if n := len(b.Around(Square{3, 3})); n != 3 {
		t.Errorf("d4 has %d neighbours around it, want 3", n)
	}
}

func TestIndexAndDistances(t *testing.T) {
	b := Board{5, 7}
	for i := 0; i < b.Size(); i++ {
		if b.Index(b.Square(i)) != i {
			t.Fatalf("Index(Square(%d)) != %d", i, i)
		}
	}
	if d := Manhattan(Square{0, 0}, Square{1, 1}); d != 2 {
		t.Errorf("Manhattan a1-b2 = %d", d)
	}
	if d := Chebyshev(Square{0, 0}, Square{1, 1}); d != 1 {
		t.Errorf("Chebyshev a1-b2 = %d", d)
	}
}

// TestAppend: a square's name appended to a buffer is its String, off
// the alphabet too.
func TestAppend(t *testing.T) {
	for _, tt := range []struct {
		sq   Square
		want string
	}{
		{Square{0, 0}, "a1"},
		{Square{25, 99}, "z100"},
		{Square{26, 0}, "?26,0"},
		{Square{-1, 3}, "?-1,3"},
	} {
		if got := string(tt.sq.Append([]byte("x "))); got != "x "+tt.want {
			t.Errorf("%#v.Append = %q, want %q", tt.sq, got, "x "+tt.want)
		}
		if got := tt.sq.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.sq, got, tt.want)
		}
	}
}
