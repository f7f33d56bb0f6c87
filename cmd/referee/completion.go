package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/alecthomas/kong"

	"github.com/tabletop-referee/referee/referee"
)

// completionCmd prints a shell completion script. It is our own rather
// than a library's: the one kong completion library on the module proxy
// (jotaen/kong-completion) last released in 2022, for kong v0.6, and
// completes zsh through bash's emulation; kongplete is not served.
//
// The script is static: it is generated from kong's model of the command
// line, with the game names in it, so nothing runs at completion time and
// a new command or flag is completed as soon as the script is printed again.
type completionCmd struct {
	Shell string `arg:"" enum:"bash,zsh,fish" help:"The shell: bash, zsh or fish. See README.md for where each script goes."`
}

func (c *completionCmd) Run(e *env) (int, error) {
	spec, err := completionSpec()
	if err != nil {
		return exitUsage, err
	}
	switch c.Shell {
	case "bash":
		writeBash(e.stdout, spec)
	case "zsh":
		writeZsh(e.stdout, spec)
	case "fish":
		writeFish(e.stdout, spec)
	}
	return exitClean, nil
}

// valueKind is what a flag's value or an argument names, and so what
// completing it offers.
type valueKind int

const (
	kindText        valueKind = iota // free text or a number: nothing to offer
	kindWords                        // one of a fixed list of words
	kindGames                        // a game's name: made kindWords with the games
	kindFormats                      // an output format: made kindWords with the formats
	kindTranscripts                  // transcripts and catalogues, or folders of them
	kindCatalogues                   // catalogues (.cards), or folders
	kindDirs                         // folders
	kindFiles                        // any file
)

// kindsByName says what a value names, by its name in the cli struct:
// kong's model knows only the Go type, and a string may be a game, a path
// or anything. A positional argument missing here completes as any file,
// a flag's value as free text.
var kindsByName = map[string]valueKind{
	"game":      kindGames,
	"path":      kindTranscripts,
	"file":      kindTranscripts,
	"catalogue": kindCatalogues,
	"dir":       kindDirs,
	"out":       kindDirs,
	"format":    kindFormats,
	"record":    kindTranscripts,
}

// word is one word a value may be, with a line on it where the shell can
// show one.
type word struct{ text, help string }

// compValue is what completing a value offers.
type compValue struct {
	kind  valueKind
	words []word // for kindWords
}

// described tells whether the words have a line each to show.
func (v compValue) described() bool {
	return v.kind == kindWords && len(v.words) > 0 && v.words[0].help != ""
}

// compFlag is a flag, with its value (nil for a switch).
type compFlag struct {
	long  string
	short rune
	help  string
	value *compValue
}

// compArg is a positional argument.
type compArg struct {
	name     string
	value    compValue
	variadic bool
	optional bool
}

// compCommand is a command, with its own flags and arguments.
type compCommand struct {
	name, help string
	flags      []compFlag
	args       []compArg
}

// compSpec is the command line as the completion scripts see it.
type compSpec struct {
	name     string
	flags    []compFlag // global: allowed before or after the command
	commands []compCommand
	exts     []string // transcript and catalogue extensions, with the dot
}

// completionSpec reads the command line from kong's model of cli, so the
// scripts follow every command and flag added to it.
func completionSpec() (*compSpec, error) {
	parser, err := kong.New(&cli{}, kong.Name("referee"))
	if err != nil {
		return nil, err
	}
	var games []word
	spec := &compSpec{name: "referee"}
	for _, g := range referee.Games() {
		games = append(games, word{g.Name(), g.Summary()})
		spec.exts = append(spec.exts, g.Extension())
	}
	spec.exts = append(spec.exts, referee.CatalogueExt)
	app := parser.Model
	valueOf := func(v *kong.Value, unknown valueKind) compValue {
		switch k, ok := kindsByName[v.Name]; {
		case v.Enum != "":
			var words []word
			for _, w := range v.EnumSlice() {
				if w != "" {
					words = append(words, word{text: w})
				}
			}
			return compValue{kind: kindWords, words: words}
		case k == kindGames:
			return compValue{kind: kindWords, words: games}
		case k == kindFormats:
			// Not a kong enum, so that a wrong name gets check's own message.
			var words []word
			for _, f := range referee.Formats {
				words = append(words, word{text: string(f)})
			}
			return compValue{kind: kindWords, words: words}
		case ok:
			return compValue{kind: k}
		}
		return compValue{kind: unknown}
	}
	flags := func(flags []*kong.Flag) []compFlag {
		var out []compFlag
		for _, f := range flags {
			if f.Hidden {
				continue
			}
			cf := compFlag{long: f.Name, short: f.Short, help: oneLine(f.Help)}
			if !f.IsBool() && !f.IsCounter() {
				v := valueOf(f.Value, kindText)
				cf.value = &v
			}
			out = append(out, cf)
		}
		return out
	}
	spec.flags = flags(app.Flags)
	for _, n := range app.Children {
		if n.Type != kong.CommandNode || n.Hidden {
			continue
		}
		cmd := compCommand{name: n.Name, help: oneLine(n.Help), flags: flags(n.Flags)}
		for _, p := range n.Positional {
			cmd.args = append(cmd.args, compArg{name: p.Name, value: valueOf(p, kindFiles), variadic: p.IsSlice(), optional: !p.Required})
		}
		spec.commands = append(spec.commands, cmd)
	}
	return spec, nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// allFlags lists the flags a command takes: the global ones and its own.
func (s *compSpec) allFlags(cmd *compCommand) []compFlag {
	return append(slices.Clone(s.flags), cmd.flags...)
}

// valued lists every flag that takes a value, as the words it is written
// with, so that a script can skip its value when it looks for the command.
func (s *compSpec) valued() []string {
	seen := map[string]bool{}
	var out []string
	add := func(f compFlag) {
		if f.value == nil {
			return
		}
		for _, w := range flagWords(f) {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	for _, f := range s.flags {
		add(f)
	}
	for _, c := range s.commands {
		for _, f := range c.flags {
			add(f)
		}
	}
	return out
}

func flagWords(f compFlag) []string {
	out := []string{"--" + f.long}
	if f.short != 0 {
		out = append(out, "-"+string(f.short))
	}
	return out
}

func wordTexts(ws []word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.text
	}
	return out
}

// shQuote quotes s for bash and zsh: in single quotes, each single quote
// closed, escaped and opened again.
func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// writeBash prints the bash script. It reads COMP_WORDS itself rather
// than through the bash-completion package, which not every machine has.
func writeBash(w io.Writer, s *compSpec) {
	n := s.name
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	lit := func(s string) { b.WriteString(s) }
	p("# bash completion for %s, printed by `%s completion bash`.\n", n, n)
	p("# Load it in ~/.bashrc with:  source <(%s completion bash)\n\n", n)

	p("# _%s_valued tells whether a flag takes a value, so that the value is\n# not taken for the command or an argument.\n", n)
	p("_%s_valued() {\n    case $1 in\n", n)
	if v := s.valued(); len(v) > 0 {
		p("    %s) return 0 ;;\n", strings.Join(v, "|"))
	}
	p("    esac\n    return 1\n}\n\n")

	p("# _%s_words offers the words of $1 that begin with $cur.\n", n)
	p("_%s_words() {\n", n)
	p("    local w\n")
	p("    while IFS= read -r w; do COMPREPLY+=(\"$w\"); done < <(compgen -W \"$1\" -- \"$cur\")\n}\n\n")

	p("# _%s_paths offers the folders that begin with $cur and, unless the first\n", n)
	p("# argument is -d, the files among them with one of the extensions given.\n")
	p("_%s_paths() {\n", n)
	lit(`    local f e
    compopt -o filenames 2>/dev/null
    if [[ $1 == -d ]]; then
        while IFS= read -r f; do COMPREPLY+=("$f"); done < <(compgen -d -- "$cur")
        return
    fi
    while IFS= read -r f; do
        if [[ -d $f ]] || (($# == 0)); then
            COMPREPLY+=("$f")
            continue
        fi
        for e; do
            if [[ $f == *"$e" ]]; then
                COMPREPLY+=("$f")
                break
            fi
        done
    done < <(compgen -f -- "$cur")
}

`)
	p("_%s() {\n", n)
	lit(`    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local cmd= flag= prefix= w i npos=0
    COMPREPLY=()
    # The command is the first word that is neither a flag nor a flag's
    # value (kong takes flags anywhere); the words after it are arguments.
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        case $w in
        -*=*) ;;
        -*)
            if [[ ${COMP_WORDS[i+1]} == = ]]; then
                ((i += 2)) # --flag=value, split at the = by COMP_WORDBREAKS
`)
	p("            elif _%s_valued \"$w\"; then\n", n)
	lit(`                ((i++))
            fi
            ;;
        *)
            if [[ -z $cmd ]]; then cmd=$w; else ((npos++)); fi
            ;;
        esac
    done
    if [[ $cur == = && $prev == -* ]]; then
        flag=$prev cur=
    elif [[ $prev == = && ${COMP_WORDS[COMP_CWORD-2]} == -* ]]; then
        flag=${COMP_WORDS[COMP_CWORD-2]}
    elif [[ $cur == -*=* ]]; then
        # = is not in COMP_WORDBREAKS: the value shares the flag's word.
        flag=${cur%%=*} prefix=${cur%%=*}= cur=${cur#*=}
`)
	p("    elif [[ $prev == -* ]] && _%s_valued \"$prev\"; then\n", n)
	p("        flag=$prev\n    fi\n")
	p("    if [[ -n $flag ]]; then\n        case $flag in\n")
	seen := map[string]bool{}
	valueCases := func(flags []compFlag) {
		for _, f := range flags {
			if f.value == nil || seen[f.long] {
				continue
			}
			seen[f.long] = true
			if action := bashAction(n, *f.value, s.exts); action != "" {
				p("        %s) %s ;;\n", strings.Join(flagWords(f), "|"), action)
			}
		}
	}
	valueCases(s.flags)
	for _, c := range s.commands {
		valueCases(c.flags)
	}
	p("        esac\n")
	p("        if [[ -n $prefix ]]; then COMPREPLY=(\"${COMPREPLY[@]/#/$prefix}\"); fi\n")
	p("        return 0\n    fi\n")

	p("    if [[ $cur == -* ]]; then\n        case $cmd in\n")
	for i := range s.commands {
		c := &s.commands[i]
		p("        %s) _%s_words %s ;;\n", c.name, n, shQuote(strings.Join(flagList(s.allFlags(c)), " ")))
	}
	p("        *) _%s_words %s ;;\n", n, shQuote(strings.Join(flagList(s.flags), " ")))
	p("        esac\n        return 0\n    fi\n")

	p("    case $cmd in\n")
	var names []string
	for _, c := range s.commands {
		names = append(names, c.name)
	}
	p("    '') _%s_words %s ;;\n", n, shQuote(strings.Join(names, " ")))
	for _, c := range s.commands {
		if len(c.args) == 0 {
			continue
		}
		p("    %s)\n        case $npos in\n", c.name)
		for i, a := range c.args {
			pattern := fmt.Sprint(i)
			if a.variadic {
				pattern = "*"
			}
			if action := bashAction(n, a.value, s.exts); action != "" {
				p("        %s) %s ;;\n", pattern, action)
			}
		}
		p("        esac\n        ;;\n")
	}
	p("    esac\n}\n\n")
	p("complete -F _%s %s\n", n, n)
	io.WriteString(w, b.String())
}

func flagList(flags []compFlag) []string {
	var out []string
	for _, f := range flags {
		out = append(out, flagWords(f)...)
	}
	return out
}

func bashAction(name string, v compValue, exts []string) string {
	switch v.kind {
	case kindWords:
		return fmt.Sprintf("_%s_words %s", name, shQuote(strings.Join(wordTexts(v.words), " ")))
	case kindTranscripts:
		return fmt.Sprintf("_%s_paths %s", name, strings.Join(exts, " "))
	case kindCatalogues:
		return fmt.Sprintf("_%s_paths %s", name, referee.CatalogueExt)
	case kindDirs:
		return fmt.Sprintf("_%s_paths -d", name)
	case kindFiles:
		return fmt.Sprintf("_%s_paths", name)
	}
	return ""
}

// zshBracket escapes a description for the brackets of an _arguments
// spec, where a bracket would end it.
func zshBracket(s string) string {
	return strings.NewReplacer(`\`, `\\`, `[`, `\[`, `]`, `\]`).Replace(s)
}

// zshName escapes a word for an item of _describe, where the first colon
// ends the word and begins its description.
func zshName(s string) string {
	return strings.NewReplacer(`\`, `\\`, `:`, `\:`).Replace(s)
}

// writeZsh prints the zsh script: native _arguments specs, so that zsh
// shows each flag's and command's help beside it.
func writeZsh(w io.Writer, s *compSpec) {
	n := s.name
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("#compdef %s\n", n)
	p("# zsh completion for %s, printed by `%s completion zsh`.\n", n, n)
	p("# Save it as _%s in a folder of $fpath, or load it after compinit with:\n", n)
	p("#   source <(%s completion zsh)\n\n", n)
	exts := make([]string, len(s.exts))
	for i, e := range s.exts {
		exts[i] = strings.TrimPrefix(e, ".")
	}
	action := func(v compValue, what string) string {
		switch v.kind {
		case kindWords:
			if v.described() {
				return "_" + n + "_" + what
			}
			return "(" + strings.Join(wordTexts(v.words), " ") + ")"
		case kindTranscripts:
			return `_files -g "*.(` + strings.Join(exts, "|") + `)(-.)"`
		case kindCatalogues:
			return `_files -g "*` + referee.CatalogueExt + `(-.)"`
		case kindDirs:
			return "_files -/"
		case kindFiles:
			return "_files"
		}
		return " "
	}
	flagSpecs := func(flags []compFlag) []string {
		var out []string
		for _, f := range flags {
			desc := "[" + zshBracket(f.help) + "]"
			value := ""
			if f.value != nil {
				value = ":" + f.long + ":" + action(*f.value, f.long)
			}
			long := "--" + f.long
			if f.value != nil {
				long += "=" // --flag=value and --flag value both
			}
			if f.short != 0 {
				out = append(out, "{-"+string(f.short)+","+long+"}"+shQuote(desc+value))
			} else {
				out = append(out, shQuote(long+desc+value))
			}
		}
		return out
	}
	// Word lists with a line on each word (the games) get a function of
	// their own, so _describe can show the lines.
	described := map[string][]word{}
	for _, f := range s.flags {
		if f.value != nil && f.value.described() {
			described[f.long] = f.value.words
		}
	}
	for _, c := range s.commands {
		for _, f := range c.flags {
			if f.value != nil && f.value.described() {
				described[f.long] = f.value.words
			}
		}
		for _, a := range c.args {
			if a.value.described() {
				described[a.name] = a.value.words
			}
		}
	}

	p("_%s() {\n", n)
	p("  local curcontext=$curcontext state state_descr line ret=1\n")
	p("  typeset -A opt_args\n")
	p("  _arguments -C \\\n")
	for _, f := range flagSpecs(s.flags) {
		p("    %s \\\n", f)
	}
	p("    '1:command:_%s_commands' \\\n", n)
	p("    '*::argument:->argument' && ret=0\n")
	p("  if [[ $state == argument ]]; then\n")
	p("    curcontext=${curcontext%%:*:*}:%s-$words[1]:\n", n)
	p("    case $words[1] in\n")
	for i := range s.commands {
		c := &s.commands[i]
		p("    (%s)\n      _arguments \\\n", c.name)
		for _, f := range flagSpecs(s.allFlags(c)) {
			p("        %s \\\n", f)
		}
		for j, a := range c.args {
			pos := fmt.Sprint(j + 1)
			if a.variadic {
				pos = "*"
			}
			colon := ":"
			if a.optional && !a.variadic {
				colon = "::"
			}
			p("        %s \\\n", shQuote(pos+colon+a.name+":"+action(a.value, a.name)))
		}
		p("        && ret=0\n      ;;\n")
	}
	p("    esac\n  fi\n  return ret\n}\n\n")

	p("_%s_commands() {\n  local -a commands=(\n", n)
	for _, c := range s.commands {
		p("    %s\n", shQuote(zshName(c.name)+":"+c.help))
	}
	p("  )\n  _describe -t commands '%s command' commands\n}\n\n", n)
	for _, what := range slices.Sorted(maps.Keys(described)) {
		p("_%s_%s() {\n  local -a words=(\n", n, what)
		for _, w := range described[what] {
			p("    %s\n", shQuote(zshName(w.text)+":"+w.help))
		}
		p("  )\n  _describe -t %s %s words\n}\n\n", what, what)
	}
	// Autoloaded from $fpath, the file is _referee's body: it defines the
	// functions and then completes. Sourced, it only registers them.
	p("if [[ $funcstack[1] == _%s ]]; then\n  _%s \"$@\"\nelse\n  compdef _%s %s\nfi\n", n, n, n, n)
	io.WriteString(w, b.String())
}

// fishQuote quotes s for fish: in single quotes, where only \ and ' are
// escaped.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// writeFish prints the fish script. Fish's own conditions
// (__fish_seen_subcommand_from) cannot count arguments, so the script
// carries helpers that read the command line as bash's does.
func writeFish(w io.Writer, s *compSpec) {
	n := s.name
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	lit := func(s string) { b.WriteString(s) }
	p("# fish completion for %s, printed by `%s completion fish`.\n", n, n)
	p("# Save it as ~/.config/fish/completions/%s.fish, or load it with:\n", n)
	p("#   %s completion fish | source\n\n", n)

	p("# __%s_args prints the words before the cursor that are neither flags\n", n)
	p("# nor flags' values (kong takes flags anywhere): the command, then its\n# arguments.\n")
	p("function __%s_args\n", n)
	p("    set -l words (commandline -opc)\n    set -e words[1]\n    set -l skip 0\n")
	p("    for w in $words\n        if test $skip = 1\n            set skip 0\n            continue\n        end\n")
	p("        switch $w\n            case '-*=*'\n")
	if v := s.valued(); len(v) > 0 {
		p("            case %s\n                set skip 1\n", strings.Join(v, " "))
	}
	p("            case '-*'\n            case '*'\n                echo $w\n        end\n    end\nend\n\n")

	p("# __%s_command CMD: the command is CMD; with no CMD, there is none yet.\n", n)
	p("function __%s_command\n    set -l args (__%s_args)\n    test \"$args[1]\" = \"$argv[1]\"\nend\n\n", n, n)

	p("# __%s_arg CMD N: the cursor is on argument N (from 0) of CMD; N+ for N\n# or any later one.\n", n)
	p("function __%s_arg\n    set -l args (__%s_args)\n", n, n)
	lit(`    test (count $args) -ge 1; and test "$args[1]" = $argv[1]; or return 1
    set -l at (math (count $args) - 1)
    switch $argv[2]
        case '*+'
            test $at -ge (string trim -r -c + -- $argv[2])
        case '*'
            test $at -eq $argv[2]
    end
end

`)
	p("# __%s_paths offers the folders that begin with the current word and,\n", n)
	p("# unless the first argument is -d, the files among them with one of the\n# extensions given.\n")
	p("function __%s_paths\n", n)
	lit(`    set -l token (commandline -ct)
    set -l dirsonly 0
    if test "$argv[1]" = -d
        set dirsonly 1
        set -e argv[1]
    end
    for f in $token*
        if test -d $f
            echo $f/
        else if test $dirsonly = 0
            if test (count $argv) -eq 0
                echo $f
                continue
            end
            for e in $argv
                if string match -q -- "*$e" $f
                    echo $f
                    break
                end
            end
        end
    end
end

`)
	p("# Files only where an argument names one.\ncomplete -c %s -f\n\n", n)
	fishValue := func(v compValue) string {
		switch v.kind {
		case kindWords:
			return " -a " + fishQuote(strings.Join(wordTexts(v.words), " "))
		case kindTranscripts:
			return " -a " + fishQuote("(__"+n+"_paths "+strings.Join(s.exts, " ")+")")
		case kindCatalogues:
			return " -a " + fishQuote("(__"+n+"_paths "+referee.CatalogueExt+")")
		case kindDirs:
			return " -a " + fishQuote("(__"+n+"_paths -d)")
		case kindFiles:
			return " -a " + fishQuote("(__"+n+"_paths)")
		}
		return ""
	}
	flagLines := func(cond string, flags []compFlag) {
		for _, f := range flags {
			line := "complete -c " + n + cond
			if f.short != 0 {
				line += " -s " + string(f.short)
			}
			line += " -l " + f.long
			if f.value != nil {
				line += " -x" + fishValue(*f.value)
			}
			p("%s -d %s\n", line, fishQuote(f.help))
		}
	}
	flagLines("", s.flags)
	p("\n")
	for _, c := range s.commands {
		p("complete -c %s -n __%s_command -a %s -d %s\n", n, n, fishQuote(c.name), fishQuote(c.help))
	}
	for _, c := range s.commands {
		if len(c.flags) > 0 || len(c.args) > 0 {
			p("\n")
		}
		flagLines(" -n "+fishQuote("__"+n+"_command "+c.name), c.flags)
		for i, a := range c.args {
			at := fmt.Sprint(i)
			if a.variadic {
				at += "+"
			}
			cond := " -n " + fishQuote("__"+n+"_arg "+c.name+" "+at)
			if a.value.described() {
				for _, w := range a.value.words {
					p("complete -c %s%s -a %s -d %s\n", n, cond, fishQuote(w.text), fishQuote(w.help))
				}
				continue
			}
			if v := fishValue(a.value); v != "" {
				p("complete -c %s%s%s\n", n, cond, v)
			}
		}
	}
	io.WriteString(w, b.String())
}
