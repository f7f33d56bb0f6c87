package main

import (
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/tabletop-referee/referee/referee"
)

// exitSignals end the process through its handler rather than at once.
var exitSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// restoreOnExit is what the signal handler runs before the process
// exits, as play's restoring of the terminal; nil for nothing.
var restoreOnExit struct {
	sync.Mutex
	restore func()
}

// guardSignals, when set, is called before a command that is not quiet
// runs: main sets it to removeTempFilesOnSignal, not run, so that tests
// of run keep Go's default handling.
var guardSignals func()

// quiet is a command that writes no file and leaves the terminal as it
// was, which runs with Go's default handling of signals: the handler's
// goroutine, waiting for a signal, cost a thread of its own, a tenth of
// the wall time of a check of one small file.
type quiet interface{ quiet() }

func (*checkCmd) quiet()      {}
func (*legalCmd) quiet()      {}
func (*gamesCmd) quiet()      {}
func (*grammarCmd) quiet()    {}
func (*cardsCmd) quiet()      {}
func (*completionCmd) quiet() {}
func (*versionCmd) quiet()    {}

// removeTempFilesOnSignal installs the process's one handler of an
// interrupt, a termination or a hang-up: it waits for the line play is
// running (busy: its transcript is then written whole), runs the restore
// onSignal set, removes the temp files of the writes in flight, so that
// none is left beside the files being written, and exits with 128 and the
// signal's number: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
func removeTempFilesOnSignal() {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, exitSignals...)
	go func() {
		sig := <-signals
		busy.Lock()
		restoreOnExit.Lock()
		if restoreOnExit.restore != nil {
			restoreOnExit.restore()
		}
		referee.RemoveTempFiles()
		code := 1
		if n, ok := sig.(syscall.Signal); ok {
			code = 128 + int(n)
		}
		os.Exit(code)
	}()
}

// onSignal makes the signal handler call restore (when not nil) before
// the process exits; the function it returns stops that.
func onSignal(restore func()) (stop func()) {
	restoreOnExit.Lock()
	restoreOnExit.restore = restore
	restoreOnExit.Unlock()
	return func() {
		restoreOnExit.Lock()
		restoreOnExit.restore = nil
		restoreOnExit.Unlock()
	}
}
