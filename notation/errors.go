package notation

import (
	"slices"
	"strings"
)

// ErrorSet keeps the first errors of a text by position, at most max of
// them (all when max is negative), and counts the rest: a text of a
// million bad lines would otherwise hold a million messages, of which a
// report prints a hundred. Errors may come in any order; the set holds at
// most twice max at any time, and is sorted and cut back to max when it
// is full, a cost of about log(max) an error.
type ErrorSet struct {
	max     int
	errs    []*Error
	dropped int
	// internal are the parser's own faults, always kept: they decide the
	// exit status.
	internal []*Error
}

// NewErrorSet keeps at most max errors, all when max is negative.
func NewErrorSet(max int) *ErrorSet { return &ErrorSet{max: max} }

// Add keeps e, or counts it.
func (s *ErrorSet) Add(e *Error) {
	if strings.HasPrefix(e.Msg, "internal error") {
		s.internal = append(s.internal, e)
		return
	}
	s.errs = append(s.errs, e)
	if s.max >= 0 && len(s.errs) >= 2*s.max+64 {
		s.trim()
	}
}

// Drop counts an error without keeping it, for a caller that knows it
// would not be kept (it comes after every one kept, and the set is Full).
func (s *ErrorSet) Drop() { s.dropped++ }

// Dropped is the number of errors dropped so far.
func (s *ErrorSet) Dropped() int { return s.dropped }

// trim keeps the first max errors by position, in the order given among
// those at the same place.
func (s *ErrorSet) trim() {
	sortErrors(s.errs)
	if s.max >= 0 && len(s.errs) > s.max {
		s.dropped += len(s.errs) - s.max
		clear(s.errs[s.max:])
		s.errs = s.errs[:s.max]
	}
}

// Full tells whether an error after every one kept would be dropped.
func (s *ErrorSet) Full() bool { return s.max >= 0 && len(s.errs) >= s.max }

// List is the errors kept, sorted by position, and the number dropped.
func (s *ErrorSet) List() ([]*Error, int) {
	s.trim()
	out := s.errs
	if len(s.internal) > 0 {
		out = append(out, s.internal...)
		sortErrors(out)
	}
	if len(out) == 0 {
		return nil, s.dropped
	}
	return out, s.dropped
}

// sortErrors sorts errors by where they begin, keeping the order of those
// at the same place.
func sortErrors(errs []*Error) {
	slices.SortStableFunc(errs, func(a, b *Error) int { return a.Span.Start.Offset - b.Span.Start.Offset })
}

// bitSet is a set of small numbers (lines, offsets), a bit each.
type bitSet []uint64

func (s *bitSet) add(line int) {
	if line < 0 {
		return
	}
	i := line / 64
	if i >= len(*s) {
		*s = slices.Grow(*s, i+1-len(*s))[:i+1]
	}
	(*s)[i] |= 1 << (line % 64)
}

func (s bitSet) has(line int) bool {
	i := line / 64
	return line >= 0 && i < len(s) && s[i]&(1<<(line%64)) != 0
}

// any tells whether the set holds a number in [from, to).
func (s bitSet) any(from, to int) bool {
	for i := max(from, 0); i < to && i/64 < len(s); i++ {
		if i%64 == 0 && i+64 <= to && s[i/64] == 0 {
			i += 63
			continue
		}
		if s.has(i) {
			return true
		}
	}
	return false
}
