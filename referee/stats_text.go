package referee

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// StatsText says how the text of referee stats is laid out.
type StatsText struct {
	// Charts adds a small bar to each row of the results and length
	// tables, for a terminal.
	Charts bool
}

// chartWidth is the width of a bar, in columns.
const chartWidth = 20

// maxRuleWidth is the most columns a quoted rule takes in the text
// table; the JSON holds it whole.
const maxRuleWidth = 72

// WriteStats writes stats as aligned tables, a section a game.
func WriteStats(w io.Writer, s *Stats, opts StatsText) error {
	ew := &errWriter{w: w}
	for i, g := range s.Games {
		if i > 0 {
			ew.printf("\n")
		}
		writeGameStats(ew, g, opts)
	}
	if len(s.Games) == 0 {
		ew.printf("no game could be counted: %s not replayed\n", Plural(len(s.Skipped), "file"))
	}
	return ew.err
}

func writeGameStats(ew *errWriter, g *GameStats, opts StatsText) {
	ew.printf("%s: %s", g.Game, Plural(g.Transcripts, "transcript"))
	var parts []string
	for _, c := range []struct {
		n    int
		what string
	}{{g.Finished, "finished"}, {g.Unfinished, "unfinished"}, {g.Illegal, "with an illegal move"}, {g.NotReplayed, "not replayed"}} {
		if c.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c.n, c.what))
		}
	}
	ew.printf(" (%s)\n", strings.Join(parts, ", "))
	results := func(title, group, wins, losses string, rows []ResultRow) {
		if rows == nil {
			return
		}
		ew.printf("\n%s\n", title)
		t := table{header: []string{group, "games", wins, losses, "draws", "unfinished", "win rate", "95% interval"}, right: []bool{false, true, true, true, true, true, true, false}}
		for _, r := range rows {
			rate, interval, bar := "-", "-", ""
			if r.WinRate != nil {
				rate = percent(r.WinRate.Rate)
				interval = percent(r.WinRate.Low) + " to " + percent(r.WinRate.High)
				bar = intervalBar(*r.WinRate)
			}
			t.add(bar, cardCell(r.Group), strconv.Itoa(r.Games), strconv.Itoa(r.Wins), strconv.Itoa(r.Losses), strconv.Itoa(r.Draws), strconv.Itoa(r.Unfinished), rate, interval)
		}
		t.write(ew, opts.Charts)
	}
	results("results by seat (as the Players tag orders them)", "seat", "wins", "losses", g.Seats)
	results("results by player (a trailing -N removed from each name)", "player", "wins", "losses", g.Players)
	results("results by variant (the win rate is the first seat's)", "variant", "first won", "second won", g.Variants)

	l := g.Length
	ew.printf("\ngame length in turns (%s)\n", Plural(l.Games, "finished game"))
	if l.Games > 0 {
		t := table{header: []string{"min", "25%", "median", "75%", "max", "mean"}, right: []bool{true, true, true, true, true, true}}
		t.add("", strconv.Itoa(l.Min), decimal(l.Q1), decimal(l.Median), decimal(l.Q3), strconv.Itoa(l.Max), decimal(l.Mean))
		t.write(ew, false)
		ew.printf("\n")
		most := 0
		for _, b := range l.Histogram {
			most = max(most, b.Games)
		}
		h := table{header: []string{"turns", "games"}, right: []bool{true, true}}
		for _, b := range l.Histogram {
			span := strconv.Itoa(b.From)
			if b.To > b.From {
				span += "-" + strconv.Itoa(b.To)
			}
			h.add(countBar(b.Games, most), span, strconv.Itoa(b.Games))
		}
		h.write(ew, opts.Charts)
	}

	ew.printf("\nhow games ended\n")
	t := table{header: []string{"games", "reason"}, right: []bool{true, false}}
	for _, c := range g.Endings {
		t.add("", strconv.Itoa(c.Games), cardCell(c.Reason))
	}
	t.write(ew, false)

	ew.printf("\nrules that refused a move\n")
	if len(g.Refusals) == 0 {
		ew.printf("  none\n")
	} else {
		t := table{header: []string{"moves", "ruling", "rule"}, right: []bool{true, false, false}}
		for _, r := range g.Refusals {
			ruling, rule := r.Ruling, "(no rule quoted)"
			if ruling == "" {
				ruling = "-"
			}
			if r.Rule != "" {
				rule = shorten(strconv.Quote(r.Rule), maxRuleWidth)
			}
			t.add("", strconv.Itoa(r.Moves), cardCell(ruling), cardCell(rule))
		}
		t.write(ew, false)
	}

	if g.Cards != nil {
		ew.printf("\ncards played\n")
		if len(g.Cards) == 0 {
			ew.printf("  none\n")
		} else {
			t := table{header: []string{"plays", "games", "card"}, right: []bool{true, true, false}}
			for _, c := range g.Cards {
				t.add("", strconv.Itoa(c.Plays), strconv.Itoa(c.Games), cardCell(c.Card))
			}
			t.write(ew, false)
		}
	}
}

// table is a text table: a header and rows, each column as wide as its
// widest cell, two spaces apart, and a bar after each row on a terminal.
type table struct {
	header []string
	right  []bool // right-aligned columns (numbers)
	rows   [][]string
	bars   []string
}

func (t *table) add(bar string, cells ...string) {
	t.rows = append(t.rows, cells)
	t.bars = append(t.bars, bar)
}

func (t *table) write(ew *errWriter, charts bool) {
	widths := make([]int, len(t.header))
	for _, row := range append([][]string{t.header}, t.rows...) {
		for i, c := range row {
			widths[i] = max(widths[i], cardsWidth.StringWidth(c))
		}
	}
	line := func(cells []string, bar string) {
		var b strings.Builder
		b.WriteString(" ")
		for i, c := range cells {
			gap := strings.Repeat(" ", widths[i]-cardsWidth.StringWidth(c))
			b.WriteString(" ")
			if t.right[i] {
				b.WriteString(gap + c)
			} else {
				b.WriteString(c + gap)
			}
			b.WriteString(" ")
		}
		if charts && bar != "" {
			b.WriteString(" " + bar)
		}
		ew.printf("%s\n", strings.TrimRight(b.String(), " "))
	}
	line(t.header, "")
	for i, row := range t.rows {
		line(row, t.bars[i])
	}
}

// intervalBar draws a win rate in chartWidth columns: solid up to the
// interval's low end, shaded from there to the rate, light from the rate
// to the high end.
func intervalBar(iv Interval) string {
	var b strings.Builder
	b.WriteString("|")
	for i := range chartWidth {
		x := (float64(i) + 0.5) / chartWidth
		switch {
		case x <= iv.Low:
			b.WriteString("█")
		case x <= iv.Rate:
			b.WriteString("▓")
		case x <= iv.High:
			b.WriteString("░")
		default:
			b.WriteString(" ")
		}
	}
	b.WriteString("|")
	return b.String()
}

// countBar draws n of most in up to chartWidth columns; any n above 0
// shows.
func countBar(n, most int) string {
	if n == 0 || most == 0 {
		return ""
	}
	return strings.Repeat("█", max(1, int(math.Round(float64(n)*chartWidth/float64(most)))))
}

// percent writes a proportion as a percentage with one decimal.
func percent(p float64) string { return strconv.FormatFloat(100*p, 'f', 1, 64) + "%" }

// decimal writes a figure with at most one decimal: 18, 18.5.
func decimal(x float64) string {
	return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64)
}

// shorten cuts s to at most width columns, an ellipsis marking the cut.
func shorten(s string, width int) string {
	if cardsWidth.StringWidth(s) <= width {
		return s
	}
	return cardsWidth.Truncate(s, width, "…")
}

// statsVersion is the version of the stats JSON document
// (docs/stats.schema.json).
const statsVersion = 1

// WriteStatsJSON writes stats as one JSON document, described by
// docs/stats.schema.json.
func WriteStatsJSON(w io.Writer, s *Stats) error {
	doc := struct {
		Version int    `json:"version"`
		Command string `json:"command"`
		*Stats
	}{statsVersion, "stats", s}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
