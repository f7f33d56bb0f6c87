package referee

import (
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// DefaultJobs is how many files a batch checks at once when none is
// asked for: one a CPU that Go may use.
func DefaultJobs() int { return runtime.GOMAXPROCS(0) }

// CheckFiles checks the files at paths, up to jobs at once (one by one
// when jobs <= 1), and gives each report to emit in the order of paths,
// as soon as it and every one before it are checked: the output is the
// same, byte for byte, whatever jobs is. Each file is read only when a
// worker comes to it, and at most window(jobs) files are in flight (read
// or checked but not yet emitted), so that memory stays bounded by the
// largest transcript even behind a slow one. emit is never called twice
// at once, and each call begins after the one before has returned (on
// the caller's goroutine with one job, on a worker's with more). Its
// first error stops the batch: CheckFiles starts no more files, waits
// for the checks under way and returns the error.
func CheckFiles(paths []string, opts Options, jobs int, emit func(*Report) error) error {
	return ordered(len(paths), jobs, func(i int) *Report { return CheckFile(paths[i], opts) }, emit)
}

// window is how many items ordered lets be in flight, begun and not yet
// emitted, with jobs workers: a slow item holds back at most that many
// finished ones.
func window(jobs int) int { return 4 * jobs }

// ordered runs work(0), ..., work(n-1) on up to jobs goroutines and hands
// the results to emit in index order, one emit at a time. A panic in
// work or in emit, which runs on a worker, is not recovered here: the
// work given (CheckFile) turns its own faults into reports.
//
// No goroutine stands between the workers: each takes the next index
// from a counter, and the worker that finishes the item emit waits for
// emits it, with those after it that are ready. A goroutine that only
// handed out items or only emitted had to be woken for each item, and
// with every CPU busy checking it waited for a time slice to run, while
// the workers idled on it (a tenth of their time at -j 2).
func ordered[T any](n, jobs int, work func(int) T, emit func(T) error) error {
	if jobs <= 1 || n <= 1 {
		// Sequential, with no goroutine at all: what -j 1 promises.
		for i := range n {
			if err := emit(work(i)); err != nil {
				return err
			}
		}
		return nil
	}
	jobs = min(jobs, n)
	b := &batch[T]{
		n: n, work: work, emit: emit,
		slots: make(chan struct{}, window(jobs)),
		stop:  make(chan struct{}),
		done:  make([]T, window(jobs)),
		ready: make([]bool, window(jobs)),
	}
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(b.worker)
	}
	wg.Wait()
	return b.err
}

// batch is the state ordered's workers share.
type batch[T any] struct {
	n    int
	work func(int) T
	emit func(T) error
	// slots holds a token for each item in flight: taken before an item
	// is begun, given back once it is emitted.
	slots chan struct{}
	stop  chan struct{} // closed at emit's first error
	next  atomic.Int64  // the next index to begin

	mu sync.Mutex
	// done and ready hold the finished items not yet emitted, item i at
	// i % window: no two items in flight share a place.
	done     []T
	ready    []bool
	emitted  int  // items emitted
	emitting bool // a worker is emitting
	err      error
}

func (b *batch[T]) worker() {
	for {
		select {
		case <-b.stop: // sooner than a free slot, when both are ready
			return
		default:
		}
		select {
		case b.slots <- struct{}{}:
		case <-b.stop:
			return
		}
		// The slot is taken before the index, so that the first item not
		// emitted always has one, and the window never fills behind it.
		i := int(b.next.Add(1) - 1)
		if i >= b.n {
			<-b.slots
			return
		}
		b.finish(i, b.work(i))
	}
}

// finish keeps item i's result, and emits every result that is next in
// order, unless another worker is emitting them already.
func (b *batch[T]) finish(i int, v T) {
	b.mu.Lock()
	at := i % len(b.done)
	b.done[at], b.ready[at] = v, true
	if b.emitting {
		b.mu.Unlock()
		return // that worker emits this one too, if it is next
	}
	b.emitting = true
	for b.err == nil {
		at := b.emitted % len(b.done)
		if !b.ready[at] {
			break
		}
		v := b.done[at]
		var none T
		b.done[at], b.ready[at] = none, false
		b.emitted++
		// Not under the lock: the other workers keep leaving results.
		b.mu.Unlock()
		err := b.emit(v)
		<-b.slots
		b.mu.Lock()
		if err != nil {
			b.err = err
			close(b.stop) // once: no emit follows an error
		}
	}
	b.emitting = false
	b.mu.Unlock()
}

// BatchGCPercent is the garbage collector's pace (GOGC) for a batch of
// checks. A batch's live heap is small (a window of transcripts and the
// memo of parsed pieces), but a check allocates about a megabyte a
// megabyte of transcript, so at Go's default pace (100) the collector
// runs every few megabytes, thousands of times a batch, and each cycle
// stops every worker. At 400 it runs about a quarter as often, for a heap
// still bounded: a few times the live one.
const BatchGCPercent = 400

// UseBatchGC sets the collector's pace to BatchGCPercent, unless GOGC
// (read through getenv) sets it; it returns the pace before, and whether
// it set it.
func UseBatchGC(getenv func(string) string) (before int, set bool) {
	if getenv("GOGC") != "" {
		return 0, false
	}
	return debug.SetGCPercent(BatchGCPercent), true
}
