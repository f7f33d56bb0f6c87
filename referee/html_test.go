package referee

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
)

// replayHTML replays a transcript as referee replay --html does and
// writes its page.
func replayHTML(t testing.TB, path, src string) string {
	t.Helper()
	rp, r := replayPage(".", path, src, Options{})
	var page bytes.Buffer
	if err := WriteHTML(&page, rp, r); err != nil {
		t.Fatal(err)
	}
	return page.String()
}

// TestHTMLEscapesTranscript writes the page of transcripts whose names,
// tags, moves and comments are markup, and checks that none of it is
// markup on the page: a transcript is shared, and its page opened by
// others.
func TestHTMLEscapesTranscript(t *testing.T) {
	t.Parallel()
	const attack = `<img src=x onerror=alert(1)>`
	cases := []struct {
		name, src string
	}{
		{"player name", `[Players "` + attack + `" "</script><script>alert(2)</script>"]
"` + attack + `": draw 9C KD 5H 2S
"</script><script>alert(2)</script>": draw 3D 8S JH 4C
1. "` + attack + `": draw 7H, place 9C/KD a2
`},
		{"tag and comment", `[Event "</title><svg onload=alert(3)>"]
[Players "Ann" "Ben"]
Ann: draw 9C KD 5H 2S
Ben: draw 3D 8S JH 4C
1. Ann: draw 7H, place 9C/KD a2, a2-a4 ; <!-- ]]> </pre><script>alert(4)</script> -->
`},
		{"catalogue and path", `[Players "Ann" "Ben"]
[Catalogue "<iframe src=javascript:alert(5)>.cards"]
Ann: draw 9C KD 5H 2S
`},
	}
	// markup is what the transcripts write that must never reach the page
	// as markup.
	markup := regexp.MustCompile(`(?i)<img|<svg onload|<iframe|</title><svg|<script>alert|<!--|<b onclick`)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			page := replayHTML(t, `<b onclick=alert(6)>.sortie`, c.src)
			if m := markup.FindString(page); m != "" {
				i := strings.Index(page, m)
				t.Fatalf("the page holds the transcript's markup %q: …%s…", m, page[max(i-80, 0):min(i+80, len(page))])
			}
			if n := strings.Count(page, "<script"); n != 2 {
				t.Errorf("the page has %d script elements, want its own 2", n)
			}
			if !strings.Contains(page, "&lt;") {
				t.Error("the page shows none of the transcript's < escaped: was the text left out?")
			}
		})
	}
}

// longGamePage is the page of a random Sortie game of 200 turns, and
// its number of turns.
func longGamePage(t testing.TB) ([]byte, int) {
	t.Helper()
	g, _ := Lookup("sortie")
	// Seed 2 plays to the random games' limit of 200 turns.
	src, _ := randomGame(g, 2)
	turns := len(regexp.MustCompile(`(?m)^\d+\. `).FindAllString(src, -1))
	if turns < 200 {
		t.Fatalf("the random game has %d turns, want 200", turns)
	}
	return []byte(replayHTML(t, "long.sortie", src)), turns
}

// TestHTMLLongGameSize checks that the page of a 200-turn game stays
// under 1 MB, as the parts its states share are written once.
func TestHTMLLongGameSize(t *testing.T) {
	t.Parallel()
	page, turns := longGamePage(t)
	if len(page) > 1<<20 {
		t.Errorf("the page of a %d-turn game is %d bytes, want under 1 MB", turns, len(page))
	}
}

// BenchmarkHTMLLongGame measures writing the page of a 200-turn game,
// and reports its size.
func BenchmarkHTMLLongGame(b *testing.B) {
	var size int
	for b.Loop() {
		page, _ := longGamePage(b)
		size = len(page)
	}
	b.ReportMetric(float64(size), "bytes/page")
}

// TestHTMLMarks checks the keys a move's step marks on the board: the
// squares of a move written as one word, and the words of a name.
func TestHTMLMarks(t *testing.T) {
	t.Parallel()
	tests := []struct {
		move string
		want []string
	}{
		{"d2xd3", []string{"d2xd3", "d2", "d3"}},
		{"a1-b2xc3", []string{"a1", "b2xc3", "b2", "c3"}},
		{"play \"Radio Tower\" f4", []string{"play", "radio", "tower", "f4"}},
	}
	for _, tt := range tests {
		got := marks(Step{Kind: MoveStep, Move: tt.move})
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("marks of %q: %q, want %q", tt.move, got, tt.want)
		}
	}
	if got := marks(Step{Kind: TurnStep}); got != nil {
		t.Errorf("a turn's start marks %q, want nothing", got)
	}
}

// TestHTMLDrawingFault checks that a fault in a game's drawing is
// reported as the referee's own, at its step, and that the page is
// written up to it, rather than the command failing.
func TestHTMLDrawingFault(t *testing.T) {
	t.Parallel()
	src := `[Players "Ann" "Ben"]
Ann: draw 9C KD 5H 2S
Ben: draw 3D 8S JH 4C
1. Ann: draw 7H, place 9C/KD a2
`
	rp, r := replayPage(".", "fault.sortie", src, Options{})
	broken := rp.Steps[3].draw
	broken.svg = func(engine.State, View) Picture { panic("a drawing's bug") }
	rp.Steps[3].draw = broken
	var page bytes.Buffer
	if err := WriteHTML(&page, rp, r); err != nil {
		t.Fatal(err)
	}
	if r.ExitCode() != 3 || !strings.Contains(page.String(), "a drawing&#39;s bug") {
		t.Errorf("exit %d, want 3, and the fault on the page:\n%s", r.ExitCode(), page.String())
	}
	if n := strings.Count(page.String(), `class="step `); n != 3 {
		t.Errorf("the page has %d steps, want the 3 before the fault", n)
	}
}
