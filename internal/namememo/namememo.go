// Package namememo keeps what a function gives for a name, for a function
// a check calls with the same few names file after file (a card's text in
// the final state, the tag a slip of a tag's name meant, the engine move
// of a card): the names met are few, the calls many.
package namememo

import (
	"maps"
	"strings"
	"sync"
	"sync/atomic"
)

// Memo keeps f's value of each name it is asked for, up to a bound. Its
// map is never changed once stored: a name not in it is added to a copy,
// so that the lookups, most of the calls, take no lock. It is safe for
// use by goroutines at once.
type Memo[V any] struct {
	f    func(name string) V
	most int
	// slots hold the names kept, a slot each (Slot) while it is free, in
	// front of the map, which hashes the whole name: the few names a check
	// meets are asked for again and again.
	slots [SlotCount]atomic.Pointer[named[V]]
	mu    sync.Mutex // held to add a name
	read  atomic.Pointer[map[string]V]
}

// named is a name and its value, as a slot holds them.
type named[V any] struct {
	name string
	v    V
}

// New is a memo of f that keeps at most most names: past them, f is
// called each time, so that a flood of made-up names cannot grow it.
func New[V any](most int, f func(name string) V) *Memo[V] {
	return &Memo[V]{f: f, most: most}
}

// Get is f(name), kept.
func (m *Memo[V]) Get(name string) V {
	if name != "" {
		if e := m.slots[Slot(name)].Load(); e != nil && e.name == name {
			return e.v
		}
	}
	return m.get(name)
}

// get is Get past the slots.
func (m *Memo[V]) get(name string) V {
	read := m.read.Load()
	if read != nil {
		if v, ok := (*read)[name]; ok {
			return v
		}
		if len(*read) >= m.most {
			return m.f(name)
		}
	}
	// f is given a copy of the name, so that neither the key nor what f
	// makes of it keeps alive the transcript the name may be part of.
	name = strings.Clone(name)
	v := m.f(name)
	m.mu.Lock()
	defer m.mu.Unlock()
	old := m.read.Load()
	if old != nil {
		if kept, ok := (*old)[name]; ok {
			return kept // added while f ran: the slot may hold it
		}
		if len(*old) >= m.most {
			return v
		}
	}
	next := map[string]V{}
	if old != nil {
		next = maps.Clone(*old)
	}
	next[name] = v
	m.read.Store(&next)
	if name != "" {
		if s := &m.slots[Slot(name)]; s.Load() == nil {
			s.Store(&named[V]{name, v})
		}
	}
	return v
}

// Len is the number of names kept.
func (m *Memo[V]) Len() int {
	if read := m.read.Load(); read != nil {
		return len(*read)
	}
	return 0
}
