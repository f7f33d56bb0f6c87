// Package textmemo keeps what a function writes of a name, for a function
// a check calls with the same few names file after file (a card's text in
// the final state, the tag a slip of a tag's name meant): the names met
// are few, the calls many.
package textmemo

import (
	"maps"
	"strings"
	"sync"
	"sync/atomic"
)

// Memo keeps f's text of each name it is asked for, up to a bound. Its
// map is never changed once stored: a name not in it is added to a copy,
// so that the lookups, most of the calls, take no lock. It is safe for
// use by goroutines at once.
type Memo struct {
	f    func(name string) string
	most int
	mu   sync.Mutex // held to add a name
	read atomic.Pointer[map[string]string]
}

// New is a memo of f that keeps at most most names: past them, f is
// called each time, so that a flood of made-up names cannot grow it.
func New(most int, f func(name string) string) *Memo {
	return &Memo{f: f, most: most}
}

// Text is f(name), kept.
func (m *Memo) Text(name string) string {
	if read := m.read.Load(); read != nil {
		if t, ok := (*read)[name]; ok {
			return t
		}
	}
	t := m.f(name)
	m.mu.Lock()
	defer m.mu.Unlock()
	old := m.read.Load()
	if old != nil && len(*old) >= m.most {
		return t
	}
	next := map[string]string{}
	if old != nil {
		next = maps.Clone(*old)
	}
	// Copies, so as not to keep alive the transcript a name may be part of.
	next[strings.Clone(name)] = strings.Clone(t)
	m.read.Store(&next)
	return t
}

// Len is the number of names kept.
func (m *Memo) Len() int {
	if read := m.read.Load(); read != nil {
		return len(*read)
	}
	return 0
}
