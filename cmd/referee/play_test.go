package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/tabletop-referee/referee/referee"
)

// playScript runs play in-process with the given lines as its standard
// input, as a script would.
func playScript(t *testing.T, input string, args ...string) (code int, out, errOut string) {
	t.Helper()
	stdin = strings.NewReader(input)
	defer func() { stdin = os.Stdin }()
	return runCLI(t, nil, false, append([]string{"play"}, args...)...)
}

func TestPlayScript(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.sortie")
	tests := []struct {
		name  string
		input string
		args  []string
		code  int
		out   []string
		file  string // the file afterwards; "" when there is none
	}{
		{
			name:  "legal moves",
			input: "place 7D/9C a1\nend\nplace 8D/5S d4\n",
			args:  []string{"sortie", "--record", file, "--seed", "1"},
			out:   []string{"recording to " + file, "set-up> place 7D/9C a1\n", "2. Ben> place 8D/5S d4\n", "Ben to move on turn 2"},
			file:  "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"1\"]\n\n1. Ann: place 7D/9C a1\n2. Ben: place 8D/5S d4\n",
		},
		{
			name:  "resumed, with an illegal move: exit status 1",
			input: "place 9C/4D a2\nresult unfinished\n",
			args:  []string{"sortie", "--record", file},
			code:  exitIllegal,
			out:   []string{"going on with " + file + ": 2 turns, 2 moves", "illegal: 9C is not in Ben's hand"},
			file:  "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"1\"]\n\n1. Ann: place 7D/9C a1\n2. Ben: place 8D/5S d4\n\nresult: unfinished\n",
		},
		{
			name: "a new game's flags on a game already begun",
			args: []string{"sortie", "--record", file, "--seed", "2"},
			code: exitUsage,
			file: "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"1\"]\n\n1. Ann: place 7D/9C a1\n2. Ben: place 8D/5S d4\n\nresult: unfinished\n",
		},
		{
			name:  "players, variants, and no file: the transcript is printed",
			input: "place 7D/9C a1\nquit\nplace 4D/8H b1\n",
			args:  []string{"sortie", "--players", "Cleo,\"Dan\" Lee", "--seed", "1", "--variant", "tie=bounce"},
			out:   []string{"the transcript is printed when you quit", "[Players \"Cleo\" \"\\\"Dan\\\" Lee\"]\n[Seed \"1\"]\n[Variant \"tie=bounce\"]\n\n1. Cleo: place 7D/9C a1\n"},
		},
		{
			name:  "a seat: the new game is recorded from it",
			input: "quit\n",
			args:  []string{"sortie", "--seat", "Ben"},
			out:   []string{"[Players \"Ann\" \"Ben\"]\n[Perspective \"Ben\"]\n"},
		},
		{
			name: "a seat that is no player's",
			args: []string{"sortie", "--seat", "Cy"},
			code: exitUsage,
		},
		{
			name: "no seed: a game of cards shuffled by hand",
			args: []string{"mod"},
			out:  []string{"the transcript:\n[Game \"mod\"]\n[Players \"Ann\" \"Ben\"]\n"},
		},
		{
			name: "an unknown game",
			args: []string{"chess"},
			code: exitUsage,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := playScript(t, tt.input, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\n%s\n%s", code, tt.code, out, errOut)
			}
			for _, want := range tt.out {
				if !strings.Contains(out, want) {
					t.Errorf("the output lacks %q:\n%s", want, out)
				}
			}
			if tt.code == exitUsage && errOut == "" {
				t.Error("a usage error with no message")
			}
			if tt.file != "" {
				data, err := os.ReadFile(file)
				if err != nil || string(data) != tt.file {
					t.Errorf("the file: %v\n%s\nwant:\n%s", err, data, tt.file)
				}
			}
		})
	}
}

// --catalogue writes a new game's Catalogue tag relative to the recorded
// file, so that the file checks from wherever it is checked; a catalogue
// outside the file's folder needs --catalogue-root, there and in check.
func TestPlayCatalogue(t *testing.T) {
	catalogue, err := filepath.Abs("../../examples/mod/tiny.cards")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "games", "g.mod")
	if err := os.Mkdir(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(filepath.Dir(file), catalogue)
	if err != nil {
		t.Fatal(err)
	}
	if code, out, _ := playScript(t, "quit\n", "mod", "--record", file, "--seed", "3", "--catalogue", catalogue); code != exitUsage || !strings.Contains(out, "--catalogue-root") {
		t.Errorf("a catalogue outside the file's folder: exit %d:\n%s", code, out)
	}
	os.Remove(file)
	root := filepath.Dir(catalogue)
	code, out, errOut := playScript(t, "quit\n", "mod", "--record", file, "--seed", "3", "--catalogue", catalogue, "--catalogue-root", root)
	if code != 0 {
		t.Fatalf("exit %d:\n%s\n%s", code, out, errOut)
	}
	data, err := os.ReadFile(file)
	if err != nil || !strings.Contains(string(data), fmt.Sprintf("[Catalogue %q]\n", filepath.ToSlash(rel))) {
		t.Fatalf("the file: %v\n%s", err, data)
	}
	if r := referee.CheckFile(file, referee.Options{CatalogueRoot: root}); r.ExitCode() != 0 {
		t.Errorf("the recorded file does not check:\n%s", referee.ReportText(r))
	}
	// A game begun already keeps its own catalogue.
	if code, _, errOut := playScript(t, "quit\n", "mod", "--record", file, "--catalogue", catalogue); code != exitUsage || !strings.Contains(errOut, "--catalogue") {
		t.Errorf("--catalogue on a game begun: exit %d, %s", code, errOut)
	}
}

// A file that does not check clean is shown, and play does not start.
func TestPlayRefusesABadFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bad.sortie")
	bad := "[Players \"Ann\" \"Ben\"]\n[Seed \"1\"]\n\n1. Ann: place 7D/9C a1, place 7D/9C a2\n"
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := playScript(t, "end\n", "sortie", "--record", file)
	if code != exitIllegal || !strings.Contains(out, "bad.sortie:4:25: illegal: 7D is not in Ann's hand") || !strings.Contains(errOut, "does not check clean") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
	if data, _ := os.ReadFile(file); string(data) != bad {
		t.Errorf("the file was changed:\n%s", data)
	}
	if code, _, errOut := playScript(t, "", "mecha", "--record", file); code != exitUsage || !strings.Contains(errOut, "is a sortie transcript") {
		t.Errorf("another game's file: exit %d, %s", code, errOut)
	}
}

// commandArgs, set in the environment, makes TestRefereeProcess the
// command: the test binary run again as referee with these arguments (in
// JSON), so that the command is not built and linked a second time.
const commandArgs = "REFEREE_TEST_COMMAND_ARGS"

// TestRefereeProcess is the referee command in a process of its own, when
// refereeCommand starts it.
func TestRefereeProcess(t *testing.T) {
	encoded := os.Getenv(commandArgs)
	if encoded == "" {
		t.Skip("the command's process of refereeCommand")
	}
	var args []string
	if err := json.Unmarshal([]byte(encoded), &args); err != nil {
		t.Fatal(err)
	}
	os.Args = append([]string{"referee"}, args...)
	main()
}

// refereeCommand is the referee command with args, run as a process of
// its own by the test binary.
func refereeCommand(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	encoded, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRefereeProcess$")
	cmd.Env = append(os.Environ(), commandArgs+"="+string(encoded))
	return cmd
}

// terminal is a process on a pseudo-terminal and what it has written.
type terminal struct {
	t    *testing.T
	pty  *os.File
	mu   sync.Mutex
	out  bytes.Buffer
	seen int // how much of out the last expect read
}

func (term *terminal) read() {
	buf := make([]byte, 4096)
	for {
		n, err := term.pty.Read(buf)
		term.mu.Lock()
		term.out.Write(buf[:n])
		term.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// expect waits until the output after what the last expect saw holds
// each of want, in order.
func (term *terminal) expect(want ...string) {
	term.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		term.mu.Lock()
		out := strings.ReplaceAll(term.out.String()[term.seen:], "\r\n", "\n")
		term.mu.Unlock()
		rest, found := out, true
		for _, w := range want {
			i := strings.Index(rest, w)
			if i < 0 {
				found = false
				break
			}
			rest = rest[i+len(w):]
		}
		if found {
			term.mu.Lock()
			term.seen = term.out.Len()
			term.mu.Unlock()
			return
		}
		if time.Now().After(deadline) {
			term.t.Fatalf("no %q on the terminal in 10s; it shows:\n%s", want, out)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (term *terminal) send(keys string) {
	term.t.Helper()
	if _, err := term.pty.WriteString(keys); err != nil {
		term.t.Fatal(err)
	}
}

// play on a terminal: a legal move taken, an illegal one refused with its
// rule, a move completed by tab, and after a kill -9 in the middle of the
// game, the file a whole transcript that check accepts.
func TestPlayOnATerminal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("pseudo-terminals are Unix's")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "g.sortie")
	cmd := refereeCommand(t, "play", "sortie", "--record", file, "--seed", "1")
	cmd.Env = append(cmd.Env, "TERM=xterm", "NO_COLOR=1")
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 60, Cols: 120})
	if errors.Is(err, pty.ErrUnsupported) {
		t.Skip("no pseudo-terminals here")
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	term := &terminal{t: t, pty: f}
	go term.read()
	killed := false
	defer func() {
		if !killed {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()

	term.expect("A Ann  hand 7D 9C 4D 8H 9S", "set-up> ")
	term.send("place 7D/9C a1\r")
	term.expect("A 7D/9C", "1. Ann: place 7D/9C a1\n", "1. Ann> ")
	accepted, err := os.ReadFile(file)
	if err != nil || !strings.HasSuffix(string(accepted), "\n1. Ann: place 7D/9C a1\n") {
		t.Fatalf("after a legal move the file holds: %v\n%s", err, accepted)
	}

	term.send("place 7D/4D b1\r")
	term.expect(`illegal: 7D is not in Ann's hand (ruling S2: "The two cards of a new unit come from its owner's hand.")`, "1. Ann> ")
	if data, _ := os.ReadFile(file); !bytes.Equal(data, accepted) {
		t.Fatalf("an illegal move changed the file:\n%s", data)
	}

	term.send("place 4D/8H b\t")
	term.expect("place 4D/8H b1")
	term.send("\r")
	term.expect("1. Ann: place 7D/9C a1, place 4D/8H b1\n", "1. Ann> ")
	term.send("end\r")
	term.expect("2. Ben:\n", "2. Ben> ")
	// Typed, not yet entered: lost with the process, as it should be.
	term.send("place 8D/5S d")

	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	killed = true
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := "[Game \"sortie\"]\n[Players \"Ann\" \"Ben\"]\n[Seed \"1\"]\n\n1. Ann: place 7D/9C a1, place 4D/8H b1\n2. Ben:\n"
	if string(data) != want {
		t.Errorf("after kill -9 the file holds:\n%s\nwant:\n%s", data, want)
	}
	out, err := refereeCommand(t, "check", file).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "played    2 turns, 2 moves") {
		t.Errorf("referee check on the file: %v\n%s", err, out)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d files, want the transcript alone", len(entries))
	}
}
