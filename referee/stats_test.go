package referee

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// updateStats rewrites testdata/stats.golden from the current output: read
// the diff before committing it.
var updateStats = flag.Bool("update-stats", false, "rewrite testdata/stats.golden")

// statsFolder holds a few transcripts of two games: won, resigned, drawn
// by agreement, unfinished, with variants, with an illegal move, and bot
// matches (mcts against random, seats swapped, and mcts against mcts-2).
const statsFolder = "testdata/stats"

// collectStats adds up the figures of paths, two files at a time.
func collectStats(t *testing.T, by []string, paths ...string) *Stats {
	t.Helper()
	files, err := Walk(paths)
	if err != nil {
		t.Fatal(err)
	}
	return CollectStats(files, StatsOptions{Jobs: 2, By: by})
}

func TestStatsGolden(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := WriteStats(&out, collectStats(t, nil, statsFolder), StatsText{}); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "stats.golden")
	if *updateStats {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Errorf("the stats differ from %s:\n%s", golden, Diff(golden, "stats", string(want), out.String()))
	}
}

// On a terminal, each results row ends with a bar of its interval and each
// histogram row with a bar of its count; nothing else changes.
func TestStatsCharts(t *testing.T) {
	t.Parallel()
	s := collectStats(t, nil, statsFolder)
	var plain, charts bytes.Buffer
	if err := WriteStats(&plain, s, StatsText{}); err != nil {
		t.Fatal(err)
	}
	if err := WriteStats(&charts, s, StatsText{Charts: true}); err != nil {
		t.Fatal(err)
	}
	plainLines, chartLines := strings.Split(plain.String(), "\n"), strings.Split(charts.String(), "\n")
	if len(plainLines) != len(chartLines) {
		t.Fatalf("%d lines with charts, %d without", len(chartLines), len(plainLines))
	}
	bars := 0
	for i, line := range chartLines {
		if line == plainLines[i] {
			continue
		}
		bar, ok := strings.CutPrefix(line, plainLines[i]+"  ")
		if !ok || strings.Trim(bar, "|█▓░ ") != "" {
			t.Errorf("line %d: %q, without charts %q", i+1, line, plainLines[i])
		}
		bars++
	}
	if bars == 0 {
		t.Error("no bar drawn")
	}
	if got := intervalBar(Interval{Rate: 0.5, Low: 0.25, High: 0.75}); got != "|█████▓▓▓▓▓░░░░░     |" {
		t.Errorf("the bar of 50%% (25%% to 75%%) is %q", got)
	}
	if got := countBar(1, 40); got != "█" {
		t.Errorf("1 of 40 is drawn %q: any count above 0 shows", got)
	}
}

func TestStatsCounts(t *testing.T) {
	t.Parallel()
	s := collectStats(t, nil, statsFolder)
	if s.Files != 11 || len(s.Skipped) != 0 || len(s.Games) != 2 {
		t.Fatalf("%d files, %d skipped, %d games", s.Files, len(s.Skipped), len(s.Games))
	}
	sortie, void := s.Games[0], s.Games[1]
	if sortie.Game != "sortie" || void.Game != "void" {
		t.Fatalf("games %s, %s", sortie.Game, void.Game)
	}
	if got := [4]int{sortie.Finished, sortie.Unfinished, sortie.Illegal, sortie.NotReplayed}; got != [4]int{5, 1, 1, 0} {
		t.Errorf("sortie: finished, unfinished, illegal, not replayed = %v", got)
	}
	if len(sortie.Refusals) != 1 || sortie.Refusals[0] != (Refusal{Ruling: "S3", Rule: "A square holds at most one unit.", Moves: 1}) {
		t.Errorf("sortie refusals %+v", sortie.Refusals)
	}
	want := map[string]int{"all three flags captured": 4, "resigned": 1, "an illegal move": 1, "unfinished": 1}
	for _, e := range sortie.Endings {
		if want[e.Reason] != e.Games {
			t.Errorf("sortie: %d games ended %q, want %d", e.Games, e.Reason, want[e.Reason])
		}
		delete(want, e.Reason)
	}
	if len(want) > 0 {
		t.Errorf("sortie: no ending %v", want)
	}
	ends := map[string]int{}
	for _, e := range void.Endings {
		ends[e.Reason] = e.Games
	}
	if ends["draw by agreement"] != 1 || ends["Ben's life fell to 0"] != 1 {
		t.Errorf("void endings %+v", void.Endings)
	}
	if void.Length.Games != 2 || void.Length.Min != 3 || void.Length.Max != 3 {
		t.Errorf("void lengths %+v", void.Length)
	}
}

// Each --by gives its table alone, its groups named as documented.
func TestStatsBy(t *testing.T) {
	t.Parallel()
	tests := []struct {
		by   string
		rows func(g *GameStats) []ResultRow
		want []string // group games wins losses draws unfinished
	}{
		{BySeat, func(g *GameStats) []ResultRow { return g.Seats }, []string{"first 6 4 1 0 1", "second 6 1 4 0 1"}},
		// mcts plays four seats: two matches, and both seats against
		// mcts-2, one won and one lost.
		{ByPlayers, func(g *GameStats) []ResultRow { return g.Players }, []string{"Ann 3 2 0 0 1", "Ben 3 0 2 0 1", "mcts 4 3 1 0 0", "random 2 0 2 0 0"}},
		{ByVariant, func(g *GameStats) []ResultRow { return g.Variants }, []string{"none 5 4 1 0 0", "ace=high tie=bounce 1 0 0 0 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.by, func(t *testing.T) {
			t.Parallel()
			s := collectStats(t, []string{tt.by}, filepath.Join(statsFolder, "sortie"))
			g := s.Games[0]
			for _, other := range tests {
				if other.by != tt.by && other.rows(g) != nil {
					t.Errorf("--by %s gives the %s table too", tt.by, other.by)
				}
			}
			var got []string
			for _, r := range tt.rows(g) {
				got = append(got, strings.Join([]string{r.Group, strconv.Itoa(r.Games), strconv.Itoa(r.Wins), strconv.Itoa(r.Losses), strconv.Itoa(r.Draws), strconv.Itoa(r.Unfinished)}, " "))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestGroupName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"mcts": "mcts", "mcts-2": "mcts", "greedy-10": "greedy", "Ann-Marie": "Ann-Marie", "-2": "-2", "mcts-2-3": "mcts-2"} {
		if got := groupName(in); got != want {
			t.Errorf("groupName(%q) = %q, want %q", in, got, want)
		}
	}
}

// The Wilson interval against published values (Newcombe, "Two-sided
// confidence intervals for the single proportion", Statistics in Medicine
// 17, 1998, table I) and its edges.
func TestWilson(t *testing.T) {
	t.Parallel()
	tests := []struct {
		wins, n   int
		low, high float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{95, 100, 0.8882, 0.9785},
		{0, 0, 0, 1}, // no games say nothing
	}
	for _, tt := range tests {
		low, high := Wilson(tt.wins, tt.n)
		if math.Abs(low-tt.low) > 5e-5 || math.Abs(high-tt.high) > 5e-5 {
			t.Errorf("Wilson(%d, %d) = %.4f to %.4f, want %.4f to %.4f", tt.wins, tt.n, low, high, tt.low, tt.high)
		}
	}
}

func TestLengths(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lengths            []int
		q1, median, q3, mu float64
		bins               string
	}{
		{[]int{4, 1, 3, 2}, 1.75, 2.5, 3.25, 2.5, "1-1:1 2-2:1 3-3:1 4-4:1"},
		{[]int{7}, 7, 7, 7, 7, "7-7:1"},
		{[]int{10, 55, 29}, 19.5, 29, 42, 94.0 / 3, "10-14:1 15-19:0 20-24:0 25-29:1 30-34:0 35-39:0 40-44:0 45-49:0 50-54:0 55-59:1"},
		{[]int{3, 118}, 31.75, 60.5, 89.25, 60.5, "0-19:1 20-39:0 40-59:0 60-79:0 80-99:0 100-119:1"},
	}
	for _, tt := range tests {
		l := lengthsOf(tt.lengths)
		var bins []string
		for _, b := range l.Histogram {
			bins = append(bins, strconv.Itoa(b.From)+"-"+strconv.Itoa(b.To)+":"+strconv.Itoa(b.Games))
		}
		if l.Q1 != tt.q1 || l.Median != tt.median || l.Q3 != tt.q3 || math.Abs(l.Mean-tt.mu) > 1e-9 || strings.Join(bins, " ") != tt.bins {
			t.Errorf("%v: %+v, bins %s", tt.lengths, l, strings.Join(bins, " "))
		}
	}
	if l := lengthsOf(nil); l.Games != 0 || l.Histogram == nil {
		t.Errorf("no game: %+v", l)
	}
}

func TestRefusalOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		msg  string
		want Refusal
	}{
		{`a2 is occupied (ruling S3: "A square holds at most one unit.")`, Refusal{Ruling: "S3", Rule: "A square holds at most one unit."}},
		{`at the end of the turn: Worm is not one of Ann's modules (rule: "Each player \"secretly\" selects")`, Refusal{Rule: `Each player "secretly" selects`}},
		{`the game is over: Ann wins on turn 19: all three flags captured`, Refusal{}},
		{`"Cleo" is not a player: the Players tag names Ann and Ben`, Refusal{}},
	}
	for _, tt := range tests {
		if got := refusalOf(tt.msg); got != tt.want {
			t.Errorf("refusalOf(%q) = %+v, want %+v", tt.msg, got, tt.want)
		}
	}
}

func TestEndingOf(t *testing.T) {
	t.Parallel()
	tests := []struct{ result, outcome, want string }{
		{"Ann wins on turn 19: all three flags captured", "Ann wins", "all three flags captured"},
		{"draw on turn 3: both players' life fell to 0 at once", "draw", "both players' life fell to 0 at once"},
		{"Ann wins: Ben resigned after turn 4", "Ann wins", "resigned"},
		{"draw by agreement after turn 3", "draw", "draw by agreement"},
		{"Ben wins after turn 7, as recorded", "Ben wins", "win as recorded"},
		// A player named as a result would read stays the player's.
		{"on turn 2: x wins on turn 5: flags", "on turn 2: x wins", "flags"},
	}
	for _, tt := range tests {
		if got := endingOf(tt.result, tt.outcome); got != tt.want {
			t.Errorf("endingOf(%q) = %q, want %q", tt.result, got, tt.want)
		}
	}
}

// A card counts where it was played: a move taken back was not, a move let
// stand was.
func TestStatsCardsPlayed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	sortie := write("a.sortie", `[Game "sortie"]
[Players "Ann" "Ben"]
[Variant "firstdraw=no"]

Ann: draw 9C KD 2H 3H
Ben: draw 9D KS 2S 3S

1. Ann: place 9C/KD a2 (taken back), place 2H/3H a2
2. Ben: draw 4S, place 9D/KS d3 (let stand)
`)
	s := CollectStats([]string{sortie}, StatsOptions{Jobs: 1})
	var got []string
	for _, c := range s.Games[0].Cards {
		got = append(got, c.Card+":"+strconv.Itoa(c.Plays))
	}
	if strings.Join(got, " ") != "2H:1 3H:1 9D:1 KS:1" {
		t.Errorf("cards played: %v (%s)", got, s.Skipped)
	}
	// A card nobody recorded (eject ?, in a record from Ben's seat) is no
	// card to count.
	g, _ := Lookup("mod")
	seat, _, err := g.RandomWith(1, RandomOptions{Perspective: "Ben"})
	if err != nil || !strings.Contains(seat, "eject ?") {
		t.Fatalf("no eject ? in the record from Ben's seat (%v)", err)
	}
	s = CollectStats([]string{write("seat.mod", seat)}, StatsOptions{Jobs: 1})
	if len(s.Games) != 1 || len(s.Games[0].Cards) == 0 {
		t.Fatalf("mod from one seat: %+v, skipped %v", s.Games, s.Skipped)
	}
	for _, c := range s.Games[0].Cards {
		if c.Card == unrecordedCard {
			t.Errorf("the unrecorded card is counted: %+v", c)
		}
	}
	// Every game's room names the cards its moves play.
	for _, g := range Games() {
		if cp, ok := g.(cardsPlayer); !ok || !cp.namesCards() {
			t.Errorf("%s names no cards played", g.Name())
		}
	}
}

// Files that cannot be read or replayed are named with their first error,
// positioned, and left out of the figures.
func TestStatsSkipped(t *testing.T) {
	t.Parallel()
	s := CollectStats([]string{"testdata/stats-bad/bad-card.sortie", "nowhere.sortie", filepath.Join(statsFolder, "void", "ann-wins-life.void")}, StatsOptions{Jobs: 1})
	if len(s.Skipped) != 2 {
		t.Fatalf("skipped %+v", s.Skipped)
	}
	wants := []string{
		"testdata/stats-bad/bad-card.sortie:4:14: error: expected a card like 7H or 10S",
		"nowhere.sortie: error: open nowhere.sortie: no such file or directory",
	}
	for i, want := range wants {
		if !strings.HasPrefix(s.Skipped[i].Message, want) {
			t.Errorf("skipped %d: %q, want it to begin %q", i, s.Skipped[i].Message, want)
		}
	}
	if len(s.Games) != 2 || s.Games[0].Transcripts != 1 || s.Games[0].NotReplayed != 1 || len(s.Games[0].Seats) != 0 {
		t.Fatalf("games %+v", s.Games)
	}
	if s.Games[1].Transcripts != 1 || s.Games[1].Finished != 1 {
		t.Errorf("the file that could be read is not counted: %+v", s.Games[1])
	}
}

func TestStatsJSONMatchesSchema(t *testing.T) {
	t.Parallel()
	sch := compileSchema(t, filepath.Join(repo, "docs", "stats.schema.json"))
	for name, s := range map[string]*Stats{
		"folder":  collectStats(t, nil, statsFolder),
		"by seat": collectStats(t, []string{BySeat}, statsFolder),
		// Each table once, in the order shown, however often asked for.
		"by twice": collectStats(t, []string{ByVariant, BySeat, ByVariant}, statsFolder),
		"skipped":  collectStats(t, nil, "testdata/stats-bad"),
		"none":     CollectStats(nil, StatsOptions{}),
	} {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			if err := WriteStatsJSON(&out, s); err != nil {
				t.Fatal(err)
			}
			validateJSON(t, sch, out.Bytes())
		})
	}
}

// The schema is strict enough to catch a wrong document.
func TestStatsSchemaRefuses(t *testing.T) {
	t.Parallel()
	sch := compileSchema(t, filepath.Join(repo, "docs", "stats.schema.json"))
	var out bytes.Buffer
	if err := WriteStatsJSON(&out, collectStats(t, nil, statsFolder)); err != nil {
		t.Fatal(err)
	}
	valid := out.String()
	for _, tt := range []struct{ name, old, new string }{
		{"rate above 1", `"high": 1`, `"high": 1.5`},
		{"unknown grouping", `"players"`, `"bots"`},
		{"missing field", `"finished": 5,`, ``},
		{"unknown field", `"finished": 5,`, `"finished": 5, "won": 5,`},
		{"wrong command", `"command": "stats"`, `"command": "check"`},
		{"negative count", `"illegal": 1,`, `"illegal": -1,`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bad := strings.Replace(valid, tt.old, tt.new, 1)
			if bad == valid {
				t.Fatalf("%q not in the document", tt.old)
			}
			inst, err := jsonschema.UnmarshalJSON(strings.NewReader(bad))
			if err != nil {
				t.Fatalf("not JSON: %v", err)
			}
			if sch.Validate(inst) == nil {
				t.Errorf("accepted:\n%.2000s", bad)
			}
		})
	}
}

// The SVG is well-formed XML with a chart of each kind for each game, a
// bar a results row and a bar a histogram bin, whatever the names hold.
func TestStatsSVG(t *testing.T) {
	t.Parallel()
	s := collectStats(t, nil, statsFolder)
	s.Games[0].Players[0].Group = `<script>&"` + "\x1b]0;x\x07" // hostile names stay text
	var out bytes.Buffer
	if err := WriteStatsSVG(&out, s); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	dec := xml.NewDecoder(&out)
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
		if el, ok := tok.(xml.StartElement); ok {
			if root == "" {
				root = el.Name.Space + " " + el.Name.Local
			}
			class := ""
			for _, a := range el.Attr {
				if a.Name.Local == "class" {
					class = a.Value
				}
			}
			counts[el.Name.Local+"."+class]++
			if el.Name.Local == "script" {
				t.Error("a name became an element")
			}
		}
	}
	if root != "http://www.w3.org/2000/svg svg" {
		t.Errorf("root %q", root)
	}
	rates, bins := 0, 0
	for _, g := range s.Games {
		for _, rows := range [][]ResultRow{g.Seats, g.Players, g.Variants} {
			for _, r := range rows {
				if r.WinRate != nil {
					rates++
				}
			}
		}
		bins += len(g.Length.Histogram)
	}
	want := map[string]int{"g.game": 2, "g.win-rates": 2, "g.lengths": 2, "rect.rate": rates, "rect.bin": bins, "line.whisker": 3 * rates}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("%d %s, want %d (all: %v)", counts[k], k, n, counts)
		}
	}
}

// The variants' rows list the rules as written ("none") first, then the
// changes by name, whatever order the map holding them gives them in: the
// test builds the rows again and again, as a map's order changes from one
// range to the next, so that "none" comes both first and last into the
// sort.
func TestStatsVariantsNoneFirst(t *testing.T) {
	groups := []string{"tie=bounce", "none", "ace=high tie=bounce", "ace=high"}
	want := []string{"none", "ace=high", "ace=high tie=bounce", "tie=bounce"}
	for range 20 {
		g := gameAccumulator{variants: map[string]*ResultRow{}}
		for _, v := range groups {
			g.variants[v] = &ResultRow{Group: v}
		}
		var got []string
		for _, row := range g.finish([]string{ByVariant}).Variants {
			got = append(got, row.Group)
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("variants in the order %q, want %q", got, want)
		}
	}
}
