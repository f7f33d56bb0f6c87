package main

import (
	"fmt"
	"io"
	"time"
)

// progress is the line `referee match` keeps on a terminal while it
// plays: the games played of all, the time taken and an estimate of the
// time left, written over itself and cleared at the end. It is a few
// lines of its own where a progress-bar library was: that library's
// import of net/http (for a server this command never starts) put
// net/http, TLS and x509 into every start of the program, a sixth of
// the instructions of `referee games`.
type progress struct {
	w     io.Writer
	name  string
	total int
	now   func() time.Time
	start time.Time
	shown time.Time // when the line was last written
}

// progressEvery is the least time between two writes of the line, so that
// fast games do not flood the terminal.
const progressEvery = 100 * time.Millisecond

func newProgress(w io.Writer, name string, total int, now func() time.Time) *progress {
	p := &progress{w: w, name: name, total: total, now: now, start: now()}
	p.write(0, p.start)
	return p
}

// done shows that n games of the total have been played.
func (p *progress) done(n int) {
	if t := p.now(); n >= p.total || t.Sub(p.shown) >= progressEvery {
		p.write(n, t)
	}
}

func (p *progress) write(n int, t time.Time) {
	p.shown = t
	took := t.Sub(p.start)
	line := fmt.Sprintf("%s: %d/%d games, %s", p.name, n, p.total, took.Round(time.Second))
	if n > 0 && n < p.total {
		left := took / time.Duration(n) * time.Duration(p.total-n)
		line += fmt.Sprintf(", about %s left", left.Round(time.Second))
	}
	// \r goes back to the line's start, and \x1b[K clears what a longer
	// line before left of it.
	fmt.Fprintf(p.w, "\r%s\x1b[K", line)
}

// finish takes the line off, so that the summary stands alone.
func (p *progress) finish() { fmt.Fprint(p.w, "\r\x1b[K") }
