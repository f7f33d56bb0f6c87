package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// BenchmarkStartup runs the built command as a process, as a user does:
// `referee games`, and `referee check` of one small example a game. What it
// measures is mostly start-up: initialising the packages and building
// the one grammar a file needs (docs/performance.md). Beside the wall
// time, which waits for a CPU on a loaded machine, it reports the CPU
// time of the process (cpu-ms/op), and "true" is the cost of any process.
//
// REFEREE_BIN names a binary to run instead, one built from another
// version, to compare versions in turns.
func BenchmarkStartup(b *testing.B) {
	bin := os.Getenv("REFEREE_BIN")
	if bin == "" {
		goTool, err := exec.LookPath("go")
		if err != nil {
			b.Skip("no go command to build referee with")
		}
		bin = filepath.Join(b.TempDir(), "referee")
		if runtime.GOOS == "windows" {
			bin += ".exe"
		}
		build := exec.Command(goTool, "build", "-o", bin, ".")
		build.Env = append(os.Environ(), "CGO_ENABLED=0") // as the README installs it
		if out, err := build.CombinedOutput(); err != nil {
			b.Fatalf("go build: %v\n%s", err, out)
		}
	}
	for _, run := range []struct {
		name string
		args []string
	}{
		{"true", []string{"true"}},
		{"games", []string{bin, "games"}},
		{"check", []string{bin, "check", example("sortie", "ann-wins.sortie")}},
		{"check-void", []string{bin, "check", example("void", "ann-wins-life.void")}},
		// The other games' smallest clean examples without a catalogue.
		{"check-mecha", []string{bin, "check", example("mecha", "command-after-discard.mecha")}},
		{"check-mod", []string{bin, "check", example("mod", "position-ejected-reshuffle.mod")}},
		{"check-daemon", []string{bin, "check", example("daemon", "seat-assumed.daemon")}},
	} {
		b.Run(run.name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				cmd := exec.Command(run.args[0], run.args[1:]...)
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%v: %v\n%s", run.args, err, out)
				}
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// example is the path of a shipped example, from this package's folder.
func example(game, name string) string {
	return filepath.Join("..", "..", "examples", game, name)
}
