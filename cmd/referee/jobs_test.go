package main

import (
	"strings"
	"testing"
)

// -j changes how fast check and golden run, never what they print or
// how they exit.
func TestJobsSameOutput(t *testing.T) {
	t.Parallel()
	// Every format writes what the reports say in the order of the files,
	// however many files are checked at once: each format with -j 0 (the
	// default, one a CPU) against -j 1, and the other commands in a
	// streamed and a collected format with -j 4, more files at once than
	// most machines have cores (-j 0 resolves to a number as -j 4 is
	// taken, before any file is checked).
	type run struct {
		args []string
		jobs []string
	}
	var runs []run
	for _, format := range []string{"text", "json", "github", "sarif", "junit"} {
		runs = append(runs, run{[]string{"check", "--format", format, "../../examples/"}, []string{"0"}})
	}
	for _, format := range []string{"text", "json"} {
		runs = append(runs,
			run{[]string{"check", "--format", format, "--keep-going", "--max-diagnostics", "2", "../../examples/"}, []string{"4"}},
			run{[]string{"golden", "--format", format, "../.."}, []string{"4"}})
	}
	for _, r := range runs {
		args := r.args
		code1, out1, err1 := runCLI(t, nil, false, append(args, "-j", "1")...)
		for _, jobs := range r.jobs {
			code, out, errOut := runCLI(t, nil, false, append(args, "--jobs", jobs)...)
			name := strings.Join(args, " ") + " -j " + jobs
			if code != code1 {
				t.Errorf("%s: exit %d, with -j 1 %d", name, code, code1)
			}
			if out != out1 || errOut != err1 {
				t.Errorf("%s: the output differs from -j 1's", name)
			}
		}
		if args[0] == "check" && (code1 < 2 || len(out1) == 0) {
			// The examples hold syntax errors: check must have found them.
			t.Errorf("%s: exit %d, %d bytes: the examples were not checked", strings.Join(args, " "), code1, len(out1))
		}
	}
}

func TestJobsNegative(t *testing.T) {
	code, _, errOut := runCLI(t, nil, false, "check", "-j", "-1", "../../examples/")
	if code != exitUsage || !strings.Contains(errOut, "--jobs") {
		t.Errorf("-j -1: exit %d, %q", code, errOut)
	}
}
