//go:build unix

package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tabletop-referee/referee/referee"
)

// signalChild is set in the environment of the process that
// TestSignalRemovesTempFiles starts: the file that process rewrites.
const signalChild = "REFEREE_TEST_SIGNAL_FILE"

// unformatted is a transcript that fmt -w rewrites.
const unformatted = "[Game   \"sortie\"]\n[Players \"Ann\"   \"Ben\"]\n1.Ann:   place 8C/7S a2\n"

// A SIGINT or SIGTERM while fmt -w has a temp file pending removes the
// temp file and exits with 130 or 143, the file as it was. The test runs
// itself as the command: the process it starts runs main with a write
// held open just before its rename.
func TestSignalRemovesTempFiles(t *testing.T) {
	if file := os.Getenv(signalChild); file != "" {
		referee.BeforeReplace = func(temp string) {
			fmt.Println("pending", temp)
			time.Sleep(time.Minute) // until the signal ends the process
		}
		os.Args = []string{"referee", "fmt", "-w", file}
		main()
		return
	}
	tests := []struct {
		signal syscall.Signal
		code   int
	}{
		{syscall.SIGINT, 130},
		{syscall.SIGTERM, 143},
	}
	for _, tt := range tests {
		t.Run(tt.signal.String(), func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "messy.sortie")
			if err := os.WriteFile(file, []byte(unformatted), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestSignalRemovesTempFiles$")
			cmd.Env = append(os.Environ(), signalChild+"="+file)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// A guard against a hang, not a measure.
			guard := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
			defer guard.Stop()
			line, err := bufio.NewReader(out).ReadString('\n')
			temp, ok := strings.CutPrefix(strings.TrimSpace(line), "pending ")
			if err != nil || !ok {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("no pending write: %q, %v", line, err)
			}
			if _, err := os.Stat(temp); err != nil || filepath.Dir(temp) != dir {
				t.Fatalf("the pending temp file %s is not beside the file: %v", temp, err)
			}
			if err := cmd.Process.Signal(tt.signal); err != nil {
				t.Fatal(err)
			}
			err = cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != tt.code {
				t.Errorf("the command ended with %v, want exit status %d", err, tt.code)
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 1 {
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
				}
				t.Errorf("the folder holds %q, want only messy.sortie", names)
			}
			if data, _ := os.ReadFile(file); string(data) != unformatted {
				t.Errorf("the file was changed:\n%s", data)
			}
		})
	}
}
