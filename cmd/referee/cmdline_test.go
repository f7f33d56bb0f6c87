package main

import (
	"io"
	"reflect"
	"testing"

	"github.com/alecthomas/kong"
)

// TestParseOneCommand checks that the model of one command reads a
// command line into the same values as the whole model, and gives every
// line it cannot read cleanly (help, the version, errors) to the whole
// model, so that what kong prints for them is unchanged.
func TestParseOneCommand(t *testing.T) {
	t.Parallel()
	options := func() []kong.Option {
		return []kong.Option{kong.Name("referee"), kong.UsageOnError(), kong.Vars{"version": "referee test"}}
	}
	for _, tc := range []struct {
		args  []string
		clean bool
	}{
		{[]string{"check", "a.sortie"}, true},
		{[]string{"check", "-j", "1", "--keep-going", "--format", "json", "--max-moves", "9", "a.sortie", "b"}, true},
		{[]string{"check", "--color", "never", "a.sortie"}, true},
		{[]string{"check", "--game", "mod", "-"}, true},
		{[]string{"fmt", "-l", "-w", "a.mod"}, true},
		{[]string{"golden", "--update"}, true},
		{[]string{"legal", "a.void"}, true},
		{[]string{"position", "--turn", "3", "--rest", "a.void"}, true},
		{[]string{"random", "sortie", "--seed", "4", "--count", "2"}, true},
		{[]string{"stats", "a"}, true},
		{[]string{"games"}, true},
		{[]string{"grammar", "mod"}, true},
		{[]string{"cards", "mecha"}, true},
		{[]string{"replay", "--turn", "2", "a.sortie"}, true},
		{[]string{"completion", "zsh"}, true},
		{[]string{"lsp"}, true},
		{[]string{"version"}, true},
		{[]string{"games", "extra"}, false},
		{[]string{"check"}, false},
		{[]string{"check", "--help", "a.sortie"}, false},
		{[]string{"check", "--version"}, false},
		{[]string{"check", "--no-such-flag", "a.sortie"}, false},
		{[]string{"check", "--color", "pink", "a.sortie"}, false},
		{[]string{"check", "-j", "many", "a.sortie"}, false},
		{[]string{"random", "sortie"}, false},
		{[]string{"completion", "csh"}, false},
		{[]string{"--color", "never", "check", "a.sortie"}, false},
		{[]string{"chekc", "a.sortie"}, false},
		{[]string{"Check", "a.sortie"}, false},
	} {
		var one cli
		target, ok := parseOneCommand(&one, tc.args, options()...)
		if ok != tc.clean {
			t.Errorf("%q: parsed by one command's model %v, want %v", tc.args, ok, tc.clean)
			continue
		}
		if !ok {
			if !reflect.DeepEqual(one, cli{}) {
				t.Errorf("%q: a line not parsed cleanly changed the values: %+v", tc.args, one)
			}
			continue
		}
		var whole cli
		parser, err := kong.New(&whole, append(options(), kong.Writers(io.Discard, io.Discard))...)
		if err != nil {
			t.Fatal(err)
		}
		ctx, err := parser.Parse(tc.args)
		if err != nil {
			t.Errorf("%q: the whole model refuses it: %v", tc.args, err)
			continue
		}
		// The whole model also sets the defaults of the commands not
		// run, which nothing reads: the flags of every command and the
		// command run are compared.
		if one.Color != whole.Color || one.Version != whole.Version {
			t.Errorf("%q: --color %q and --version %v, want %q and %v", tc.args, one.Color, one.Version, whole.Color, whole.Version)
		}
		if got, want := target.Interface(), ctx.Selected().Target.Interface(); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: one command's model read\n%+v\nthe whole model\n%+v", tc.args, got, want)
		}
	}
}

func TestTagWithout(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ tag, want string }{
		{`help:"Print it."`, ``},
		{`cmd:"" help:"Check transcripts: \"a\" and b."`, `cmd:""`},
		{`short:"j" placeholder:"N" default:"0" help:"Check N files."`, `short:"j" placeholder:"N" default:"0"`},
		{`help:"x"   enum:"a,b"`, `enum:"a,b"`},
		{`arg:"" name:"path"`, `arg:"" name:"path"`},
		{`help:"unclosed`, `help:"unclosed`}, // not the conventional form: kept whole
		{``, ``},
	} {
		if got := tagWithout(reflect.StructTag(tc.tag), "help"); string(got) != tc.want {
			t.Errorf("tagWithout(%q) = %q, want %q", tc.tag, got, tc.want)
		}
	}
}

// The model of one command holds no help text, and every flag of the
// command, embedded ones included, under its own name and tags.
func TestWithoutHelpKeepsEveryFlag(t *testing.T) {
	t.Parallel()
	bare := withoutHelp(reflect.TypeFor[checkCmd]())
	var flags func(t reflect.Type) []string
	flags = func(t reflect.Type) (names []string) {
		for i := range t.NumField() {
			if f := t.Field(i); f.Anonymous {
				names = append(names, flags(f.Type)...)
			} else {
				names = append(names, f.Name+" "+string(tagWithout(f.Tag, "help")))
			}
		}
		return names
	}
	if got, want := flags(bare), flags(reflect.TypeFor[checkCmd]()); !reflect.DeepEqual(got, want) {
		t.Errorf("the flags without help:\n%q\nwant\n%q", got, want)
	}
	for i := range bare.NumField() {
		if help, ok := bare.Field(i).Tag.Lookup("help"); ok {
			t.Errorf("%s keeps its help %q", bare.Field(i).Name, help)
		}
	}
}
