package referee

import (
	"runtime"
	"runtime/debug"
	"sync"
)

// DefaultJobs is how many files a batch checks at once when none is
// asked for: one a CPU that Go may use.
func DefaultJobs() int { return runtime.GOMAXPROCS(0) }

// CheckFiles checks the files at paths, up to jobs at once (one by one
// when jobs <= 1), and gives each report to emit in the order of paths,
// as soon as it and every one before it are checked: the output is the
// same, byte for byte, whatever jobs is. Each file is read only when a
// worker comes to it, and at most 2*jobs files are in flight (read or
// checked but not yet emitted), so that memory stays bounded by the
// largest transcript even behind a slow one. emit runs on the caller's
// goroutine, never two at once. Its first error stops the batch:
// CheckFiles starts no more files, waits for the checks under way and
// returns the error.
func CheckFiles(paths []string, opts Options, jobs int, emit func(*Report) error) error {
	return ordered(len(paths), jobs, func(i int) *Report { return CheckFile(paths[i], opts) }, emit)
}

// ordered runs work(0), ..., work(n-1) on up to jobs goroutines and hands
// the results to emit in index order, on the calling goroutine. A result
// is in flight from the moment its work may start until emit has
// returned; at most 2*jobs are, so that a slow item holds back at most
// that many finished ones. A panic in work is not recovered here: the
// work given (CheckFile) turns its own faults into reports.
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
	window := 2 * jobs
	type task struct {
		i    int
		done chan T
	}
	// queue holds the results not yet taken by emit, in index order; the
	// one emit is waiting for or writing is out of it, hence window-1.
	queue := make(chan chan T, window-1)
	todo := make(chan task)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	// Deferred so that an error or a panic in emit still ends every
	// goroutine: stop first, then wait for the work under way.
	defer wg.Wait()
	defer close(stop)
	for range jobs {
		wg.Go(func() {
			for t := range todo {
				t.done <- work(t.i) // buffered: a worker never waits for emit
			}
		})
	}
	wg.Go(func() {
		defer close(todo)
		defer close(queue)
		for i := range n {
			done := make(chan T, 1)
			// A place in the queue first: this is what bounds the window.
			select {
			case queue <- done:
			case <-stop:
				return
			}
			select {
			case <-stop: // sooner than a free worker, when both are ready
				return
			default:
			}
			select {
			case todo <- task{i, done}:
			case <-stop:
				return
			}
		}
	})
	for done := range queue {
		if err := emit(<-done); err != nil {
			return err
		}
	}
	return nil
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
