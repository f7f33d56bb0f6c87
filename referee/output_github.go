package referee

import (
	"fmt"
	"io"
	"strings"
)

// githubWriter writes GitHub Actions workflow commands, one annotation a
// diagnostic, as each report comes: illegal moves, mismatched results,
// syntax and internal errors as errors, notes as notices. A clean
// transcript writes nothing.
type githubWriter struct {
	w io.Writer
}

func (g *githubWriter) add(c checked) error {
	ew := &errWriter{w: g.w}
	for _, d := range c.Diagnostics {
		command := "error"
		if d.Severity == Note {
			command = "notice"
		}
		writeGitHubCommand(ew, command, c.Path, placeOf(d.Span), kindOf(d.Severity).title, escapeControls(d.Msg))
	}
	return ew.err
}

func (g *githubWriter) close(int) error { return nil }

// writeGitHubGolden annotates each comparison that is not ok: a mismatch
// or a missing golden file as an error on the transcript (with the diff),
// a stale golden file or a stray temp file as an error on it, an update or
// a file pruned as a notice.
func writeGitHubGolden(w io.Writer, results []GoldenResult) error {
	ew := &errWriter{w: w}
	for _, r := range results {
		command, title := "error", "golden "+string(r.Status)
		switch r.Status {
		case GoldenOK:
			continue
		case GoldenUpdated, GoldenPruned:
			command = "notice"
		}
		// The message names the golden file, a path as user-made as the
		// transcript's: escaped, as the diff is.
		msg := escapeControls(goldenMessage(r))
		if r.Diff != "" {
			msg += "\n" + goldenDiff(r)
		}
		writeGitHubCommand(ew, command, goldenTarget(r), place{}, title, msg)
	}
	return ew.err
}

// writeGitHubCommand writes one annotation:
//
//	::error file=F,line=L,col=C,endLine=L2,endColumn=C2,title=T::message
//
// GitHub shows a column range on one line only, so a span over lines
// gives its lines alone. endColumn is the span's last column (GitHub
// shows the range as written), not the column after it.
func writeGitHubCommand(w io.Writer, command, file string, p place, title, msg string) {
	props := []string{"file=" + githubProperty(escapeControls(file))}
	if p.ok {
		props = append(props, fmt.Sprintf("line=%d", p.line))
		if p.sameLine {
			props = append(props, fmt.Sprintf("col=%d", p.col), fmt.Sprintf("endLine=%d", p.endLine), fmt.Sprintf("endColumn=%d", max(p.endCol-1, p.col)))
		} else {
			props = append(props, fmt.Sprintf("endLine=%d", p.endLine))
		}
	}
	props = append(props, "title="+githubProperty(title))
	fmt.Fprintf(w, "::%s %s::%s\n", command, strings.Join(props, ","), githubData(msg))
}

// githubData escapes a command's message as GitHub's toolkit does
// (escapeData in @actions/core): % first, then the line ends, so that a
// message is one line and cannot start a command of its own.
func githubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// githubProperty escapes a command's property value (escapeProperty in
// @actions/core): as data, and : and , too, which end a property.
func githubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// escapeControlsKeepLines is escapeControls for a text of many lines: its
// line ends stay.
func escapeControlsKeepLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = escapeControls(l)
	}
	return strings.Join(lines, "\n")
}
