package referee

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The layout of the SVG charts, in pixels.
const (
	svgWidth      = 720
	svgMargin     = 16
	svgLabelWidth = 240 // the group names left of the win-rate bars
	svgRowHeight  = 22
	svgBarHeight  = 14
	svgTitle      = 28 // a chart's title line
	svgHistHeight = 140
)

// WriteStatsSVG writes stats' charts as one self-contained SVG image: for
// each game, the win rates of every results row as bars with their 95%
// intervals as whiskers, and the histogram of game lengths.
func WriteStatsSVG(w io.Writer, s *Stats) error {
	var body strings.Builder
	y := svgMargin
	for _, g := range s.Games {
		y = svgGame(&body, g, y)
	}
	if len(s.Games) == 0 {
		y += svgTitle
		svgText(&body, svgMargin, y-10, "start", "title", "no game could be counted")
	}
	height := y + svgMargin
	ew := &errWriter{w: w}
	ew.printf(`<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n",
		svgWidth, height, svgWidth, height)
	ew.printf("<title>referee stats</title>\n")
	ew.printf(`<style>.title{font-weight:bold;font-size:14px}.axis{stroke:#888;stroke-width:1}.even{stroke:#888;stroke-dasharray:4 3}.rate{fill:#4a7fb5}.whisker{stroke:#222;stroke-width:1.5}.bin{fill:#6a9f58}.label{fill:#222}</style>` + "\n")
	ew.printf("%s</svg>\n", body.String())
	return ew.err
}

// svgGame draws one game's charts from y down, and returns the y below
// them.
func svgGame(b *strings.Builder, g *GameStats, y int) int {
	fmt.Fprintf(b, "<g class=\"game\" id=%s>\n", svgAttr("game-"+g.Game))
	y += svgTitle
	svgText(b, svgMargin, y-10, "start", "title", g.Game+": win rates, 95% intervals")
	left, right := svgMargin+svgLabelWidth, svgWidth-svgMargin-40
	scale := func(p float64) float64 { return float64(left) + p*float64(right-left) }
	top := y
	fmt.Fprintf(b, "<g class=\"win-rates\">\n")
	for _, table := range []struct {
		name string
		rows []ResultRow
	}{{"seat", g.Seats}, {"player", g.Players}, {"variant", g.Variants}} {
		for _, r := range table.rows {
			label := table.name + " " + r.Group
			if table.name == "variant" {
				label += " (first seat)"
			}
			svgText(b, left-8, y+svgBarHeight-2, "end", "label", shorten(label, 40))
			if r.WinRate != nil {
				iv := *r.WinRate
				fmt.Fprintf(b, "<rect class=\"rate\" x=\"%d\" y=\"%d\" width=\"%s\" height=\"%d\"><title>%s</title></rect>\n",
					left, y, svgNum(scale(iv.Rate)-float64(left)), svgBarHeight, svgEscape(fmt.Sprintf("%s: %d of %d won, %s (%s to %s)", label, r.Wins, r.Wins+r.Losses+r.Draws, percent(iv.Rate), percent(iv.Low), percent(iv.High))))
				mid := y + svgBarHeight/2
				fmt.Fprintf(b, "<line class=\"whisker\" x1=\"%s\" y1=\"%d\" x2=\"%s\" y2=\"%d\"/>\n", svgNum(scale(iv.Low)), mid, svgNum(scale(iv.High)), mid)
				for _, end := range []float64{iv.Low, iv.High} {
					fmt.Fprintf(b, "<line class=\"whisker\" x1=\"%s\" y1=\"%d\" x2=\"%s\" y2=\"%d\"/>\n", svgNum(scale(end)), y+2, svgNum(scale(end)), y+svgBarHeight-2)
				}
				svgText(b, right+4, y+svgBarHeight-2, "start", "label", percent(iv.Rate))
			} else {
				svgText(b, left+4, y+svgBarHeight-2, "start", "label", "no finished game")
			}
			y += svgRowHeight
		}
	}
	fmt.Fprintf(b, "</g>\n")
	// The axis: 0, 50% (an even game) and 100%.
	fmt.Fprintf(b, "<line class=\"even\" x1=\"%s\" y1=\"%d\" x2=\"%s\" y2=\"%d\"/>\n", svgNum(scale(0.5)), top-4, svgNum(scale(0.5)), y)
	fmt.Fprintf(b, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", left, y, right, y)
	for _, p := range []float64{0, 0.5, 1} {
		svgText(b, int(scale(p)), y+14, "middle", "label", percent(p))
	}
	y += 24

	l := g.Length
	y += svgTitle
	svgText(b, svgMargin, y-10, "start", "title", fmt.Sprintf("%s: game length in turns (%s)", g.Game, Plural(l.Games, "finished game")))
	fmt.Fprintf(b, "<g class=\"lengths\">\n")
	if len(l.Histogram) > 0 {
		most := 0
		for _, bin := range l.Histogram {
			most = max(most, bin.Games)
		}
		width := float64(svgWidth-2*svgMargin) / float64(len(l.Histogram))
		base := y + svgHistHeight
		for i, bin := range l.Histogram {
			h := float64(bin.Games) / float64(most) * svgHistHeight
			x := float64(svgMargin) + float64(i)*width
			span := strconv.Itoa(bin.From)
			if bin.To > bin.From {
				span += "-" + strconv.Itoa(bin.To)
			}
			fmt.Fprintf(b, "<rect class=\"bin\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"><title>%s</title></rect>\n",
				svgNum(x+1), svgNum(float64(base)-h), svgNum(width-2), svgNum(h), svgEscape(fmt.Sprintf("%s turns: %s", span, Plural(bin.Games, "game"))))
			svgText(b, int(x+width/2), base+14, "middle", "label", span)
			if bin.Games > 0 {
				svgText(b, int(x+width/2), int(float64(base)-h)-3, "middle", "label", strconv.Itoa(bin.Games))
			}
		}
		fmt.Fprintf(b, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", svgMargin, base, svgWidth-svgMargin, base)
		y = base + 24
	}
	fmt.Fprintf(b, "</g>\n</g>\n")
	return y + svgMargin
}

// svgText writes a text element, its content escaped.
func svgText(b *strings.Builder, x, y int, anchor, class, text string) {
	fmt.Fprintf(b, "<text class=\"%s\" x=\"%d\" y=\"%d\" text-anchor=\"%s\">%s</text>\n", class, x, y, anchor, svgEscape(text))
}

// svgEscape makes text safe inside an element or an attribute: XML's
// specials escaped, and the characters XML 1.0 forbids (most control
// characters) shown escaped as the text output shows them.
func svgEscape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(escapeControls(s)))
	return b.String()
}

// svgAttr is an attribute's value, quoted and escaped.
func svgAttr(s string) string { return `"` + svgEscape(s) + `"` }

// svgNum writes a coordinate with at most one decimal.
func svgNum(x float64) string { return decimal(x) }
