package main

import (
	"io"
	"reflect"
	"strconv"
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
// nothing but the time changes. Since this model prints nothing, it is
// built without help texts (withoutHelp), the most of what kong reads.
func parseOneCommand(c *cli, args []string, options ...kong.Option) (_ reflect.Value, ok bool) {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return reflect.Value{}, false
	}
	whole := reflect.ValueOf(c).Elem()
	var fields []reflect.StructField
	command := -1
	for i := range whole.NumField() {
		f := whole.Type().Field(i)
		if f.Type == reflect.TypeFor[kong.VersionFlag]() {
			continue // --version: the whole model prints it
		}
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
	defer func() {
		if recover() != nil { // a type withoutHelp cannot remake
			ok = false
		}
	}()
	one := reflect.New(withoutHelp(reflect.StructOf(fields)))
	exited := false
	options = append(options[:len(options):len(options)], kong.Writers(io.Discard, io.Discard), kong.Exit(func(int) { exited = true }))
	parser, err := kong.New(one.Interface(), options...)
	if err != nil {
		return reflect.Value{}, false
	}
	if _, err := parser.Parse(args); err != nil || exited {
		return reflect.Value{}, false
	}
	for _, f := range fields {
		setFrom(whole.FieldByIndex(f.Index), one.Elem().FieldByName(f.Name))
	}
	return whole.FieldByIndex(fields[command].Index), true
}

// withoutHelp is the struct type t of a kong model, remade without the
// help texts of its fields and of its commands' fields. kong reads every
// tag a character at a time and interpolates every help text: for a check
// of one small file, a sixteenth of its instructions. An embedded
// struct's fields take its place, as kong reads them (reflect cannot
// make a type that embeds an unexported one); fields kong does not read
// (unexported ones) are left out. setFrom copies its values back.
func withoutHelp(t reflect.Type) reflect.Type {
	var fields []reflect.StructField
	for i := range t.NumField() {
		f := t.Field(i)
		_, command := f.Tag.Lookup("cmd")
		switch {
		case f.Anonymous && f.Type.Kind() == reflect.Struct:
			inner := withoutHelp(f.Type)
			for j := range inner.NumField() {
				fields = append(fields, inner.Field(j))
			}
			continue
		case !f.IsExported():
			continue
		case command && f.Type.Kind() == reflect.Struct:
			f.Type = withoutHelp(f.Type)
		}
		f.Tag = tagWithout(f.Tag, "help")
		f.Index, f.Offset = nil, 0
		fields = append(fields, f)
	}
	return reflect.StructOf(fields)
}

// setFrom sets dst from src, a value of withoutHelp(dst's type) or of
// dst's own type.
func setFrom(dst, src reflect.Value) {
	if src.Type() == dst.Type() {
		dst.Set(src)
		return
	}
	for i := range dst.NumField() {
		f := dst.Type().Field(i)
		switch {
		case f.Anonymous && f.Type.Kind() == reflect.Struct:
			setFrom(dst.Field(i), src) // its fields are src's own
		case f.IsExported():
			setFrom(dst.Field(i), src.FieldByName(f.Name))
		}
	}
}

// tagWithout is tag without the key's value, the rest as it was.
func tagWithout(tag reflect.StructTag, key string) reflect.StructTag {
	var kept []string
	for s := strings.TrimLeft(string(tag), " "); s != ""; s = strings.TrimLeft(s, " ") {
		name, rest, ok := strings.Cut(s, ":")
		value, err := strconv.QuotedPrefix(rest)
		if !ok || err != nil {
			return tag // not the conventional form: kept whole
		}
		if name != key {
			kept = append(kept, name+":"+value)
		}
		s = rest[len(value):]
	}
	return reflect.StructTag(strings.Join(kept, " "))
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
