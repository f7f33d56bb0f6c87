package main

import (
	"io"
	"reflect"
	"strings"

	"github.com/alecthomas/kong"
)

// parseOneCommand parses args into c with a kong model of the command
// args[0] names alone, and returns what was selected to run, or false to
// have the caller parse with the whole model.
//
// Building kong's model of every command (parsing every field's tags and
// interpolating every help text) took about a quarter of the CPU time of
// a check of one small file; a model of one command, with the flags every
// command takes, costs a small part of that (docs/performance.md). Only
// a clean parse is kept: help, --version and every error give false, and
// the whole model parses again and prints what it always printed, so
// nothing but the time changes.
func parseOneCommand(c *cli, args []string, options ...kong.Option) (reflect.Value, bool) {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return reflect.Value{}, false
	}
	whole := reflect.ValueOf(c).Elem()
	var fields []reflect.StructField
	command := -1
	for i := range whole.NumField() {
		f := whole.Type().Field(i)
		if _, isCommand := f.Tag.Lookup("cmd"); isCommand {
			if commandName(f) != args[0] {
				continue
			}
			command = len(fields)
		}
		fields = append(fields, f)
	}
	if command < 0 {
		return reflect.Value{}, false
	}
	one := reflect.New(reflect.StructOf(fields))
	exited := false
	options = append(options[:len(options):len(options)], kong.Writers(io.Discard, io.Discard), kong.Exit(func(int) { exited = true }))
	parser, err := kong.New(one.Interface(), options...)
	if err != nil {
		return reflect.Value{}, false
	}
	if _, err := parser.Parse(args); err != nil || exited {
		return reflect.Value{}, false
	}
	for i, f := range fields {
		whole.FieldByIndex(f.Index).Set(one.Elem().Field(i))
	}
	return whole.FieldByIndex(fields[command].Index), true
}

// commandName is the name kong gives a command's field: its name tag, or
// the field's name in small letters (the commands' names are one word;
// a name this gets wrong only costs the time saved).
func commandName(f reflect.StructField) string {
	if name, ok := f.Tag.Lookup("name"); ok {
		return name
	}
	return strings.ToLower(f.Name)
}
