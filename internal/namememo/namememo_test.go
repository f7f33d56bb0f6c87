package namememo

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// TestGet: a name's kept value is the function's, the first time and
// after, asked by goroutines at once; the function is called once a name
// while the memo has room, and every time past it.
func TestGet(t *testing.T) {
	var calls atomic.Int32
	m := New(6, func(name string) string {
		calls.Add(1)
		return "<" + strings.ToUpper(name) + ">"
	})
	names := []string{"ice", "black ice", "", "say \"hi\"", "ice-9"}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 3 {
				for _, name := range names {
					if got, want := m.Get(name), "<"+strings.ToUpper(name)+">"; got != want {
						t.Errorf("Get(%q) = %q, want %q", name, got, want)
					}
				}
			}
		})
	}
	wg.Wait()
	// Goroutines may each write a name before one keeps it: at most one
	// call a goroutine a name.
	if n := int(calls.Load()); n < len(names) || n > 4*len(names) {
		t.Errorf("%d calls for %d names asked 12 times each", n, len(names))
	}
	if m.Len() != len(names) {
		t.Errorf("%d names kept, want %d", m.Len(), len(names))
	}
	// Past the bound: answered, not kept.
	for i := range 10 {
		name := fmt.Sprint("card ", i)
		if got := m.Get(name); got != "<CARD "+fmt.Sprint(i)+">" {
			t.Errorf("Get(%q) = %q", name, got)
		}
	}
	if m.Len() != 6 {
		t.Errorf("%d names kept, want the bound, 6", m.Len())
	}
	before := calls.Load()
	m.Get("card 9")
	if calls.Load() != before+1 {
		t.Error("a name past the bound was kept")
	}
}

// TestGetSharedSlot: names that share a slot (the same length and first
// and last bytes) each get their own value, the later ones from the map.
func TestGetSharedSlot(t *testing.T) {
	names := []string{"Scout", "Scoot", "Sxxxt", "S", "Sentry"}
	if Slot("Scout") != Slot("Scoot") || Slot("Scout") != Slot("Sxxxt") {
		t.Fatal("the names do not share a slot: the test does not reach the map")
	}
	m := New(10, func(name string) string { return "<" + name + ">" })
	for range 2 {
		for _, name := range names {
			if got := m.Get(name); got != "<"+name+">" {
				t.Errorf("Get(%q) = %q", name, got)
			}
		}
	}
	if m.Len() != len(names) {
		t.Errorf("%d names kept, want %d", m.Len(), len(names))
	}
}
