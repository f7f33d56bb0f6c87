package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-referee/referee/referee"
)

// gameNames are the names `referee games` lists.
func gameNames() []string {
	var out []string
	for _, g := range referee.Games() {
		out = append(out, g.Name())
	}
	return out
}

// completionScript prints the script for shell and writes it to a file.
func completionScript(t *testing.T, shell string) string {
	t.Helper()
	code, out, errOut := runCLI(t, nil, false, "completion", shell)
	if code != exitClean || errOut != "" {
		t.Fatalf("referee completion %s: exit %d\n%s", shell, code, errOut)
	}
	path := filepath.Join(t.TempDir(), "referee."+shell)
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Every shell's script names every command, flag and game, and registers
// itself for referee.
func TestCompletionScripts(t *testing.T) {
	spec, err := completionSpec()
	if err != nil {
		t.Fatal(err)
	}
	registers := map[string]string{
		"bash": "complete -F _referee referee",
		"zsh":  "#compdef referee",
		"fish": "complete -c referee",
	}
	for shell, register := range registers {
		t.Run(shell, func(t *testing.T) {
			code, out, _ := runCLI(t, nil, false, "completion", shell)
			if code != exitClean {
				t.Fatalf("exit %d", code)
			}
			want := []string{register, "auto always never"}
			want = append(want, gameNames()...)
			for _, c := range spec.commands {
				want = append(want, c.name)
				for _, f := range c.flags {
					want = append(want, f.long)
				}
			}
			for _, w := range want {
				if !strings.Contains(out, w) {
					t.Errorf("the %s script lacks %q", shell, w)
				}
			}
		})
	}
	if code, _, errOut := runCLI(t, nil, false, "completion", "tcsh"); code != exitUsage || errOut == "" {
		t.Errorf("an unknown shell: exit %d, %q; want a usage error", code, errOut)
	}
	names := make([]string, len(spec.commands))
	for i, c := range spec.commands {
		names[i] = c.name
	}
	for _, want := range []string{"check", "random", "completion"} {
		if !slices.Contains(names, want) {
			t.Errorf("the model lacks the command %s: %v", want, names)
		}
	}
}

// completionFixture is a folder with a transcript, a catalogue, a file of
// another kind and a subfolder, to see which paths are offered.
func completionFixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"game.sortie", "deck.cards", "notes.txt", "sub/inner.mecha"} {
		path := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// shell runs a shell command in dir, with a deadline, and returns its
// output lines.
func shell(t *testing.T, dir string, name string, args ...string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	var lines []string
	for l := range strings.Lines(strings.ReplaceAll(string(out), "\r", "")) {
		if l = strings.TrimRight(l, "\n"); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

// bashHarness completes the words given, the last being the one under
// the cursor, as bash would: it sets COMP_WORDS and COMP_CWORD and calls
// the completion function, then prints COMPREPLY.
const bashHarness = `source "$1"; shift
COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
_referee referee "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}"`

func TestCompletionBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash on this machine")
	}
	script := completionScript(t, "bash")
	dir := completionFixture(t)
	spec, err := completionSpec()
	if err != nil {
		t.Fatal(err)
	}
	var commands []string
	for _, c := range spec.commands {
		commands = append(commands, c.name)
	}
	tests := []struct {
		name  string
		words []string // as bash splits them: an = is a word of its own
		want  []string
	}{
		{"a command", []string{"referee", "ch"}, []string{"check"}},
		{"every command", []string{"referee", ""}, commands},
		{"a game", []string{"referee", "random", ""}, gameNames()},
		{"a game after a flag's value", []string{"referee", "random", "--seed", "5", ""}, gameNames()},
		{"a game after a global flag", []string{"referee", "--color", "=", "never", "grammar", "m"}, []string{"mecha", "mod"}},
		{"no game for a number", []string{"referee", "random", "--seed", ""}, nil},
		{"nothing after the game", []string{"referee", "random", "sortie", ""}, nil},
		{"an enum after =", []string{"referee", "--color", "="}, []string{"auto", "always", "never"}},
		{"an enum begun", []string{"referee", "--color", "=", "al"}, []string{"always"}},
		{"an enum after a space", []string{"referee", "check", "--color", "n"}, []string{"never"}},
		{"a format", []string{"referee", "check", "--format", "s"}, []string{"sarif"}},
		{"every format", []string{"referee", "golden", "--format", "="}, []string{"text", "json", "github", "sarif", "junit"}},
		{"a command's flags", []string{"referee", "check", "--max-"}, []string{"--max-bytes", "--max-line", "--max-moves", "--max-diagnostics"}},
		{"global flags", []string{"referee", "-"}, []string{"--help", "-h", "--color", "--version"}},
		{"transcripts and folders", []string{"referee", "check", ""}, []string{"deck.cards", "game.sortie", "sub"}},
		{"more transcripts", []string{"referee", "check", "game.sortie", ""}, []string{"deck.cards", "game.sortie", "sub"}},
		{"into a folder", []string{"referee", "fmt", "sub/"}, []string{"sub/inner.mecha"}},
		{"a catalogue", []string{"referee", "cards", "mecha", ""}, []string{"deck.cards", "sub"}},
		{"a folder", []string{"referee", "golden", ""}, []string{"sub"}},
		{"a folder for a flag", []string{"referee", "random", "void", "--out", ""}, []string{"sub"}},
		{"a shell", []string{"referee", "completion", ""}, []string{"bash", "zsh", "fish"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := shell(t, dir, "bash", append([]string{"--norc", "--noprofile", "-c", bashHarness, "bash", script}, tt.words...)...)
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tt.want))
			if !slices.Equal(got, want) {
				t.Errorf("completing %q: got %q, want %q", strings.Join(tt.words, " "), got, want)
			}
		})
	}
}

// zshHarness completes a command line in an interactive zsh on a
// pseudo-terminal (zpty), loading the script from $fpath as an installed
// one is, and prints every match the completion system adds.
const zshHarness = `zmodload zsh/zpty || exit 3
zpty z zsh -f -i
local line
setopt rcquotes
() {
    zpty -w z source $1
    repeat 20; do
        zpty -r z line
        [[ $line == ok* ]] && return
    done
    print 'the harness did not start' >&2
    exit 2
} =( <<< "
PROMPT=
fpath=($1 \$fpath)
autoload -U compinit
compinit -u -D
bindkey '^M' undefined
bindkey '^J' undefined
bindkey '^I' complete-word
null-line () { echo -E - \$'\\0' }
compprefuncs=( null-line )
comppostfuncs=( null-line exit )
compadd () {
    if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
        builtin compadd \"\$@\"
        return \$?
    fi
    typeset -a __hits
    builtin compadd -A __hits \"\$@\"
    local h
    for h in \$__hits; do echo -E - \"match:\$h\"; done
    builtin compadd \"\$@\"
}
echo ok")
zpty -w z "$2"$'\t'
integer tog=0
while zpty -r z; do :; done | while IFS= read -r line; do
    if [[ $line == *$'\0\r' ]]; then
        (( tog++ )) && exit 0 || continue
    fi
    (( tog )) && echo -E - $line
done
exit 2`

func TestCompletionZsh(t *testing.T) {
	if _, err := exec.LookPath("zsh"); err != nil {
		t.Skip("no zsh on this machine")
	}
	script := completionScript(t, "zsh")
	shell(t, ".", "zsh", "-n", script)
	fpath := t.TempDir()
	src, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(fpath, "_referee"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := completionFixture(t)
	tests := []struct {
		line string
		want []string
	}{
		{"referee ch", []string{"check"}},
		{"referee random ", gameNames()},
		{"referee --color=", []string{"auto", "always", "never"}},
		{"referee cards mecha ", []string{"deck.cards", "sub"}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			var got []string
			for _, l := range shell(t, dir, "zsh", "-f", "-c", zshHarness, "zsh", fpath, tt.line) {
				if m, ok := strings.CutPrefix(l, "match:"); ok && !slices.Contains(got, m) {
					got = append(got, m)
				}
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tt.want))
			if !slices.Equal(got, want) {
				t.Errorf("completing %q: got %q, want %q", tt.line, got, want)
			}
		})
	}
}

func TestCompletionFish(t *testing.T) {
	if _, err := exec.LookPath("fish"); err != nil {
		t.Skip("no fish on this machine")
	}
	script := completionScript(t, "fish")
	shell(t, ".", "fish", "--no-execute", script)
	dir := completionFixture(t)
	tests := []struct {
		line string
		want []string
	}{
		{"referee ch", []string{"check"}},
		{"referee random ", gameNames()},
		{"referee random --seed 5 ", gameNames()},
		{"referee random sortie ", nil},
		{"referee --color ", []string{"auto", "always", "never"}},
		{"referee check ", []string{"deck.cards", "game.sortie", "sub/"}},
		{"referee cards mecha ", []string{"deck.cards", "sub/"}},
		{"referee golden ", []string{"sub/"}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			var got []string
			// complete -C prints each candidate, a tab, and its description.
			for _, l := range shell(t, dir, "fish", "--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, tt.line) {
				got = append(got, strings.SplitN(l, "\t", 2)[0])
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tt.want))
			if !slices.Equal(got, want) {
				t.Errorf("completing %q: got %q, want %q", tt.line, got, want)
			}
		})
	}
}
