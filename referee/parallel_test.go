package referee

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"
)

// writeSequential is a batch written as check always wrote it: each
// file's report, checked one after the other, then written in turn.
func writeSequential(t *testing.T, out Output, reports []*Report) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := out.NewReportWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reports {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Whatever the number of jobs, a batch writes the same bytes, in every
// format, as the sequential check. The jobs only order the reports, so
// every format is written from many jobs, and the plain text from a few.
func TestCheckFilesSameOutput(t *testing.T) {
	t.Parallel()
	files := examples(t)
	opts := Options{KeepGoing: true}
	reports := make([]*Report, len(files))
	for i, f := range files {
		reports[i] = CheckFile(f, opts)
	}
	for _, format := range Formats {
		out := Output{Format: format, MaxDiagnostics: 3}
		want := writeSequential(t, out, reports)
		jobCounts := []int{8}
		if format == Formats[0] {
			jobCounts = []int{1, 2, 8}
		}
		for _, jobs := range jobCounts {
			var b bytes.Buffer
			w, err := out.NewReportWriter(&b)
			if err != nil {
				t.Fatal(err)
			}
			if err := CheckFiles(files, opts, jobs, w.Write); err != nil {
				t.Fatal(err)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("%s, -j %d: the output differs from the sequential one:\n%s", format, jobs,
					Diff("sequential", "parallel", string(want), b.String()))
			}
		}
	}
}

// Results come out in index order however long each one takes, and one
// emit at a time.
func TestOrderedOrder(t *testing.T) {
	for _, jobs := range []int{1, 2, 3, 8, 100} {
		for _, n := range []int{0, 1, 2, 7, 50} {
			delays := make([]time.Duration, n)
			for i := range delays {
				delays[i] = time.Duration(rand.IntN(300)) * time.Microsecond
			}
			var got []int
			var emitting atomic.Int32
			err := ordered(n, jobs, func(i int) int { time.Sleep(delays[i]); return i }, func(i int) error {
				if emitting.Add(1) != 1 {
					t.Errorf("-j %d, %d items: two emits at once", jobs, n)
				}
				got = append(got, i)
				time.Sleep(delays[i] / 4) // let another worker finish meanwhile
				emitting.Add(-1)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if want := seq(n); !slices.Equal(got, want) {
				t.Errorf("-j %d, %d items: emitted %v", jobs, n, got)
			}
		}
	}
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// A slow first item holds back the others, but no more than window(jobs) items
// are ever in flight: begun and not yet emitted.
func TestOrderedWindow(t *testing.T) {
	for _, jobs := range []int{2, 3, 8} {
		var inFlight, most atomic.Int64
		release := make(chan struct{})
		work := func(i int) int {
			n := inFlight.Add(1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			if i == 0 {
				<-release
			}
			return i
		}
		emit := func(int) error { inFlight.Add(-1); return nil }
		done := make(chan error)
		go func() { done <- ordered(100, jobs, work, emit) }()
		window := int64(window(jobs))
		deadline := time.Now().Add(5 * time.Second)
		for most.Load() < window && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		// Give the pipeline time to go past the window, if it could.
		time.Sleep(20 * time.Millisecond)
		if got := most.Load(); got != window {
			t.Errorf("-j %d: %d items in flight behind a slow one, want %d", jobs, got, window)
		}
		close(release)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if got := most.Load(); got > window {
			t.Errorf("-j %d: %d items in flight, want at most %d", jobs, got, window)
		}
	}
}

// An error from emit stops the pipeline: it is returned, nothing more is
// emitted, little more is started, and every goroutine has ended, even
// when items after it are still being worked on.
func TestOrderedEmitError(t *testing.T) {
	before := runtime.NumGoroutine()
	boom := errors.New("disk full")
	for _, jobs := range []int{1, 2, 8} {
		for _, at := range []int{0, 5, 99} {
			var started atomic.Int64
			var emitted []int
			release := make(chan struct{})
			work := func(i int) int {
				started.Add(1)
				if i > at {
					<-release // still at work when emit fails
				}
				return i
			}
			emit := func(i int) error {
				emitted = append(emitted, i)
				if i == at {
					// Let the work under way end only after the error, so
					// that the pipeline has to wait for it.
					time.AfterFunc(10*time.Millisecond, func() { close(release) })
					return boom
				}
				return nil
			}
			done := make(chan error)
			go func() { done <- ordered(100, jobs, work, emit) }()
			select {
			case err := <-done:
				if !errors.Is(err, boom) {
					t.Errorf("-j %d, error at %d: returned %v", jobs, at, err)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("-j %d, error at %d: deadlock", jobs, at)
			}
			if want := seq(at + 1); !slices.Equal(emitted, want) {
				t.Errorf("-j %d, error at %d: emitted %v", jobs, at, emitted)
			}
			if n, most := started.Load(), int64(at+1+window(jobs)); n > most {
				t.Errorf("-j %d, error at %d: %d items started, want at most %d", jobs, at, n, most)
			}
		}
	}
	// The pipeline waits for its goroutines; give the runtime a moment to
	// count them gone.
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after the pipelines stopped, %d before", n, before)
	}
}

// A panic in the check of one file is that file's internal error; the
// batch goes on, in order.
func TestCheckFilesPanic(t *testing.T) {
	files := examples(t)
	var once sync.Once
	opts := Options{ReadFile: func(string) ([]byte, error) {
		var panics bool
		once.Do(func() { panics = true })
		if panics {
			panic("the disk is on fire")
		}
		return nil, errors.New("no catalogue")
	}}
	var got []string
	internal := 0
	err := CheckFiles(files, opts, 4, func(r *Report) error {
		got = append(got, r.Path)
		if r.ExitCode() == 3 && strings.Contains(r.Diagnostics[0].Msg, "the disk is on fire") {
			internal++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, files) {
		t.Errorf("reports of %v, want %v", got, files)
	}
	if internal != 1 {
		t.Errorf("%d internal errors, want 1 (does no example name a catalogue?)", internal)
	}
}

// The document formats, written whole at the end, keep what they print
// of each report but never its source, nor a string that shares the
// source's memory (a name or message cut out of it), which would keep
// the whole transcript alive until the end of the batch.
func TestDocumentsKeepNoSource(t *testing.T) {
	files := examples(t)
	files = append(files, filepath.Join(repo, "examples", "nowhere.sortie"))
	for _, format := range []Format{FormatJSON, FormatSARIF, FormatJUnit} {
		for _, f := range files {
			rw, err := Output{Format: format}.NewReportWriter(&bytes.Buffer{})
			if err != nil {
				t.Fatal(err)
			}
			r := CheckFile(f, Options{KeepGoing: true})
			if err := rw.Write(r); err != nil {
				t.Fatal(err)
			}
			if s, ok := sharesMemory(reflect.ValueOf(rw.bw), r.Source, map[uintptr]bool{}); ok {
				t.Errorf("%s: the %s writer keeps %q, which holds the transcript's memory", f, format, s[:min(len(s), 80)])
			}
		}
	}
}

// sharesMemory finds a string reachable from v whose bytes lie within
// src's.
func sharesMemory(v reflect.Value, src string, seen map[uintptr]bool) (string, bool) {
	if len(src) == 0 {
		return "", false
	}
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		lo := uintptr(unsafe.Pointer(unsafe.StringData(src)))
		if p := uintptr(unsafe.Pointer(unsafe.StringData(s))); len(s) > 0 && p >= lo && p < lo+uintptr(len(src)) {
			return s, true
		}
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return "", false
		}
		if v.Kind() == reflect.Pointer {
			if seen[v.Pointer()] {
				return "", false
			}
			seen[v.Pointer()] = true
		}
		return sharesMemory(v.Elem(), src, seen)
	case reflect.Struct:
		for i := range v.NumField() {
			if s, ok := sharesMemory(v.Field(i), src, seen); ok {
				return s, ok
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			b := v.Bytes()
			lo := uintptr(unsafe.Pointer(unsafe.StringData(src)))
			if p := uintptr(unsafe.Pointer(unsafe.SliceData(b))); len(b) > 0 && p >= lo && p < lo+uintptr(len(src)) {
				return string(b), true
			}
			return "", false
		}
		for i := range v.Len() {
			if s, ok := sharesMemory(v.Index(i), src, seen); ok {
				return s, ok
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if s, ok := sharesMemory(it.Key(), src, seen); ok {
				return s, ok
			}
			if s, ok := sharesMemory(it.Value(), src, seen); ok {
				return s, ok
			}
		}
	}
	return "", false
}

// GoldenJobs gives the same results whatever the number of jobs.
func TestGoldenJobs(t *testing.T) {
	want, err := GoldenJobs(repo, false, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []int{2, 8} {
		got, err := GoldenJobs(repo, false, jobs)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("-j %d: the golden results differ from the sequential ones", jobs)
		}
	}
}
