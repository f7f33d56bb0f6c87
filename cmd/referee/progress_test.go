package main

import (
	"strings"
	"testing"
	"time"
)

func TestProgressLine(t *testing.T) {
	start := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	clock := start
	var out strings.Builder
	p := newProgress(&out, "sortie", 4, func() time.Time { return clock })
	steps := []struct {
		after time.Duration // since the start
		done  int
		want  string // what is written, "" for nothing
	}{
		{2 * time.Second, 1, "\rsortie: 1/4 games, 2s, about 6s left\x1b[K"},
		{2*time.Second + progressEvery/2, 2, ""}, // too soon after the last
		{5 * time.Second, 3, "\rsortie: 3/4 games, 5s, about 2s left\x1b[K"},
		{5*time.Second + time.Millisecond, 4, "\rsortie: 4/4 games, 5s\x1b[K"}, // the last is always shown
	}
	if got, want := out.String(), "\rsortie: 0/4 games, 0s\x1b[K"; got != want {
		t.Fatalf("at the start: %q, want %q", got, want)
	}
	for _, s := range steps {
		out.Reset()
		clock = start.Add(s.after)
		p.done(s.done)
		if got := out.String(); got != s.want {
			t.Errorf("%d done after %s: %q, want %q", s.done, s.after, got, s.want)
		}
	}
	out.Reset()
	p.finish()
	if got, want := out.String(), "\r\x1b[K"; got != want {
		t.Errorf("finish: %q, want %q", got, want)
	}
}
