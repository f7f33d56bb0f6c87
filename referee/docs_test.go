package referee

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The documentation shows the grammars, the variants, and worked examples
// with their reports. These tests fail when a page and what it shows drift
// apart, so that a page cannot go stale without anyone noticing.

// fence is a fenced code block of a Markdown page.
type fence struct {
	info string // what follows the opening ```, such as ebnf
	body string // the lines inside, each with its newline
	line int    // the line of the opening fence, from 1
}

// fences lists the fenced code blocks of a page.
func fences(t *testing.T, page, doc string) []fence {
	t.Helper()
	var out []fence
	var open *fence
	n := 0
	for l := range strings.Lines(doc) {
		n++
		text := strings.TrimSuffix(l, "\n")
		switch {
		case open == nil && strings.HasPrefix(text, "```"):
			open = &fence{info: strings.TrimSpace(text[3:]), line: n}
		case open != nil && text == "```":
			out = append(out, *open)
			open = nil
		case open != nil:
			open.body += l
		}
	}
	if open != nil {
		t.Errorf("%s:%d: a code block is never closed", page, open.line)
	}
	return out
}

// checkCommand is how a page shows a report: the command, then its output.
const checkCommand = "$ referee check "

// TestGamePages holds each game's page, docs/games/<game>.md, to what it
// documents: the grammar exactly as `referee grammar` prints it, every
// variant as `referee games` lists it, a link to the rulings, and worked
// examples whose transcripts are the example files and whose reports are
// their golden files. Any other whole transcript on the page must replay
// without an illegal move.
func TestGamePages(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			page := "docs/games/" + g.Name() + ".md"
			doc := mustRead(t, page)
			blocks := fences(t, page, doc)

			var grammars []fence
			for _, b := range blocks {
				if b.info == "ebnf" {
					grammars = append(grammars, b)
				}
			}
			if len(grammars) != 1 || grammars[0].body != g.EBNF()+"\n" {
				t.Errorf("%s must show the %s grammar once, in an ebnf block, exactly as it is; paste the output of: referee grammar %s", page, g.Name(), g.Name())
			}

			for _, v := range g.Variants() {
				line := fmt.Sprintf("- `%s=%s`: %s\n", v.Name, strings.Join(v.Values, "|"), v.Summary)
				if !strings.Contains(doc, line) {
					t.Errorf("%s does not list the variant as `referee games` does; want the line\n%s", page, line)
				}
			}

			if rulings := "../../engine/" + g.Name() + "/RULINGS.md"; !strings.Contains(doc, "]("+rulings+")") {
				t.Errorf("%s does not link to the rulings, %s", page, rulings)
			}

			worked := map[int]bool{} // the blocks of the worked examples
			for i, b := range blocks {
				cmd, report, _ := strings.Cut(b.body, "\n")
				file, ok := strings.CutPrefix(cmd, checkCommand)
				if b.info != "" || !ok {
					continue
				}
				worked[i] = true
				dir, name := path.Split(file)
				if dir != "examples/"+g.Name()+"/" || path.Ext(name) != g.Extension() {
					t.Errorf("%s:%d: a worked example must be a transcript of examples/%s/, not %s", page, b.line, g.Name(), file)
					continue
				}
				if i == 0 || blocks[i-1].info != "" {
					t.Errorf("%s:%d: the report of %s follows no transcript", page, b.line, file)
				} else {
					worked[i-1] = true
					if blocks[i-1].body != mustRead(t, file) {
						t.Errorf("%s:%d: the transcript differs from %s; paste the file", page, blocks[i-1].line, file)
					}
				}
				golden := "golden/" + g.Name() + "/" + strings.TrimSuffix(name, g.Extension()) + ".golden"
				if report != mustRead(t, golden) {
					t.Errorf("%s:%d: the report of %s differs from %s; paste the golden file", page, b.line, file, golden)
				}
			}
			if len(worked) == 0 {
				t.Errorf("%s has no worked example: a transcript of examples/%s/ in a code block, then a block of %q with its golden report", page, g.Name(), checkCommand+"examples/"+g.Name()+"/...")
			}

			for i, b := range blocks {
				whole := b.info == "" && strings.Contains(b.body, `[Game "`+g.Name()+`"]`) && !strings.Contains(b.body, "\n...\n")
				if worked[i] || !whole {
					continue
				}
				// Blank lines before the block put its diagnostics at the page's lines.
				src := strings.Repeat("\n", b.line) + b.body
				if r := g.Check(page, src, Options{}); r.ExitCode() != 0 {
					t.Errorf("%s:%d: the transcript does not replay cleanly:\n%s", page, b.line, ReportText(r))
				}
			}
		})
	}
}

// TestGamePagesAreTheGames keeps docs/games to one page a game.
func TestGamePagesAreTheGames(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join(repo, "docs/games"))
	if err != nil {
		t.Fatal(err)
	}
	var pages, want []string
	for _, e := range entries {
		pages = append(pages, e.Name())
	}
	for _, g := range Games() {
		want = append(want, g.Name()+".md")
	}
	slices.Sort(pages)
	if !slices.Equal(pages, want) {
		t.Errorf("docs/games holds %v; want one page a game, %v", pages, want)
	}
}

// TestNotationDoc holds docs/notation.md to the games: it links to every
// game's page, and its grammar of what all games share is, with the
// same in every game's grammar, where Move is the game's own choice of
// moves.
func TestNotationDoc(t *testing.T) {
	const page = "docs/notation.md"
	doc := mustRead(t, page)
	var shared []fence
	for _, b := range fences(t, page, doc) {
		if b.info == "ebnf" {
			shared = append(shared, b)
		}
	}
	if len(shared) != 1 {
		t.Fatalf("%s has %d ebnf blocks; want one, the grammar all games share", page, len(shared))
	}
	for _, g := range Games() {
		if link := "](games/" + g.Name() + ".md)"; !strings.Contains(doc, link) {
			t.Errorf("%s does not link to the page of %s (%s)", page, g.Name(), link)
		}
		rules := strings.Split(g.EBNF(), "\n")
		for l := range strings.Lines(shared[0].body) {
			if rule := strings.TrimSuffix(l, "\n"); !slices.Contains(rules, rule) {
				t.Errorf("%s shows %q, but the %s grammar has no such rule", page, rule, g.Name())
			}
		}
	}
}

// TestDocLinks finds every relative link of the notation, game and CI
// pages on disk, so that moving a file or a page breaks a test, not a
// reader.
func TestDocLinks(t *testing.T) {
	pages := []string{"docs/notation.md", "docs/ci.md"}
	for _, g := range Games() {
		pages = append(pages, "docs/games/"+g.Name()+".md")
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, page := range pages {
		for _, m := range link.FindAllStringSubmatch(mustRead(t, page), -1) {
			target, _, _ := strings.Cut(m[1], "#")
			if target == "" || strings.Contains(target, "://") {
				continue
			}
			if _, err := os.Stat(filepath.Join(repo, path.Dir(page), target)); err != nil {
				t.Errorf("%s links to %s, which is not there", page, m[1])
			}
		}
	}
}
