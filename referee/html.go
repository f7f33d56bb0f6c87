package referee

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/tabletop-referee/referee/engine"
)

// Picture draws the state after the step as SVG, for the web page, when
// the game has such a drawing (Binding.SVG).
func (s Step) Picture() (Picture, bool) {
	if s.draw.svg == nil || s.state == nil {
		return Picture{}, false
	}
	return s.draw.svg(s.state, View{Players: s.players, Seat: s.seat}), true
}

// WriteHTML writes a replay as one web page that needs nothing else: the
// board drawn as SVG at every step, the move list beside it with a link
// per move (#t12 opens turn 12), stepping with buttons and the arrow
// keys, the header tags, each diagnostic at its place in the moves, and
// the result. Scripts and styles are inline and nothing is fetched. Every
// text of the transcript is escaped (html/template); the SVG of the
// states is built by Canvas, which escapes its text. Each distinct part
// of the drawings is written once (Picture), so that a long game's page
// stays small. A fault in drawing a state is added to r as an internal
// error, and the page ends its steps there.
func WriteHTML(w io.Writer, rp *Replay, r *Report) error {
	page := htmlPage{
		Path:     escapeControls(r.Path),
		Game:     r.Game,
		Result:   escapeControls(r.Result),
		Recorded: escapeControls(r.Recorded),
	}
	letters := Letters(r.Players)
	for i, name := range r.Players {
		page.Players = append(page.Players, htmlPlayer{Name: escapeControls(name), Letter: letters[i], Index: i})
	}
	for _, t := range rp.Tags {
		page.Tags = append(page.Tags, htmlTag{Name: escapeControls(t.Name), Value: escapeControls(strings.Join(t.Values, " "))})
	}
	page.Key = nil
	if r.Replayed {
		for _, k := range rp.key {
			page.Key = append(page.Key, escapeControls(k))
		}
	}
	steps := rp.Steps
	if !r.Replayed {
		steps = nil
	}
	// Draw every step first: a fault in a drawing ends the steps there,
	// and is a diagnostic of the page.
	parts := map[string]int{}
	var pictures []htmlStep
	for i, s := range steps {
		var pic Picture
		var ok bool
		if err := guarded(func() error { pic, ok = s.Picture(); return nil }); err != nil {
			r.add(Internal, s.Span, err.Error())
			r.Result = "not known: internal error"
			page.Result = r.Result
			steps = steps[:i]
			break
		}
		if !ok {
			pic = Picture{Width: 1, Height: 1}
		}
		st := htmlStep{pic.Width, pic.Height, []int{}, marks(s)}
		for _, part := range pic.Parts {
			k, seen := parts[part]
			if !seen {
				k = len(page.Parts)
				parts[part] = k
				page.Parts = append(page.Parts, template.HTML(part)) // built by Canvas, which escapes its text
			}
			st.Parts = append(st.Parts, k)
		}
		pictures = append(pictures, st)
	}
	// A step a line, so that a golden page's diff shows the steps that
	// changed. encoding/json escapes <, > and &, so that nothing in the
	// data can end the script element.
	var data strings.Builder
	data.WriteString("[")
	for i, st := range pictures {
		js, err := json.Marshal(st)
		if err != nil {
			return err
		}
		if i > 0 {
			data.WriteString(",")
		}
		data.WriteString("\n")
		data.Write(js)
	}
	data.WriteString("\n]")
	page.Steps = template.JS(data.String())
	page.Entries = entries(steps, r)
	return htmlTemplate().Execute(w, page)
}

// htmlPage is what the page's template is given.
type htmlPage struct {
	Path, Game       string
	Players          []htmlPlayer
	Tags             []htmlTag
	Key              []string
	Entries          []htmlEntry
	Parts            []template.HTML
	Steps            template.JS // the JSON of the steps, []htmlStep
	Result, Recorded string
}

type htmlPlayer struct {
	Name, Letter string
	Index        int
}

type htmlTag struct{ Name, Value string }

// htmlStep is a step's picture for the page's script: its size, the
// indexes of its parts, and the keys of the squares or places its move
// names, to be marked.
type htmlStep struct {
	W     int      `json:"w"`
	H     int      `json:"h"`
	Parts []int    `json:"p"`
	Marks []string `json:"k,omitempty"`
}

// htmlEntry is a line of the move list: a step, or a diagnostic at its
// place among them.
type htmlEntry struct {
	// ID is the entry's anchor: t12 for the start of turn 12, t12.3 for
	// its third move, s2 for the second set-up move, end for the end.
	ID string
	// Step is the step's index, or for a diagnostic the index of the step
	// before it (-1 before the first).
	Step int
	// Number is the turn's number on its first line ("12."), Who the
	// player, Text the move or what the line is.
	Number, Text string
	Who          string
	Player       int
	// Kind is the entry's class: turn, move, setup, end, or for a
	// diagnostic its severity (illegal, error, warning, note).
	Kind string
	// Diag tells a diagnostic from a step.
	Diag bool
	// Where, Rule and Excerpt are a diagnostic's place (line:col), the
	// rule its message quotes, and the source line with a caret; Source
	// says where the rule is from ("rule", "ruling S7"). A step's Rule
	// says how the game ended, on its last step.
	Where, Source, Rule, Excerpt string
}

// entries lists the steps and, each at its place in the source, the
// diagnostics.
func entries(steps []Step, r *Report) []htmlEntry {
	diags := slices.Clone(r.Diagnostics)
	slices.SortStableFunc(diags, func(a, b Diagnostic) int { return a.Span.Start.Offset - b.Span.Start.Offset })
	var out []htmlEntry
	ids := map[string]bool{}
	unique := func(id string) string {
		for n, try := 2, id; ; n++ {
			if !ids[try] {
				ids[try] = true
				return try
			}
			try = fmt.Sprintf("%s-%d", id, n)
		}
	}
	d := 0
	diag := func(after int) {
		dg := diags[d]
		d++
		if dg.Severity == Note {
			dg.Msg = strings.TrimSuffix(dg.Msg, stoppedHint)
		}
		var b bytes.Buffer
		WriteDiagnostic(&b, r.Path, r.Source, dg, Palette{})
		_, excerpt, _ := strings.Cut(b.String(), "\n")
		e := htmlEntry{ID: unique(fmt.Sprintf("d%d", d)), Step: after, Diag: true, Kind: strings.ReplaceAll(dg.Severity.String(), " ", "-"), Player: engine.Nobody,
			Text: escapeControls(dg.Msg), Excerpt: strings.TrimRight(excerpt, "\n")}
		if c, ok := Cites(e.Text); ok {
			e.Text, e.Source, e.Rule = e.Text[:c.At], "rule", c.Rule
			if c.Ruling != "" {
				e.Source = "ruling " + c.Ruling
			}
		}
		if pos := dg.Span.Start; pos.Line > 0 {
			e.Where = fmt.Sprintf("line %d:%d", pos.Line, pos.Column)
		}
		out = append(out, e)
	}
	setup, move := 0, 0
	for i, s := range steps {
		if s.Span != zeroSpan {
			for d < len(diags) && diags[d].Span.Start.Offset < s.Span.Start.Offset {
				diag(i - 1)
			}
		}
		e := htmlEntry{Step: i, Player: s.Player, Who: escapeControls(s.Subject), Text: escapeControls(s.Move)}
		// A move found illegal and skipped (as --keep-going does) is a
		// step whose state did not change, marked as illegal.
		bad := slices.ContainsFunc(diags, func(dg Diagnostic) bool {
			return dg.Severity == Illegal && s.Kind == MoveStep && dg.Span.Start.Offset >= s.Span.Start.Offset && dg.Span.Start.Offset < max(s.Span.End.Offset, s.Span.Start.Offset+1)
		})
		switch {
		case s.Kind == TurnStep:
			move = 0
			e.ID, e.Kind, e.Number, e.Text = fmt.Sprintf("t%d", s.Turn), "turn", fmt.Sprintf("%d.", s.Turn), "start of the turn"
		case s.Kind == EndStep:
			e.ID, e.Kind, e.Who = "end", "end", ""
			if s.Move == "" {
				e.Text = fmt.Sprintf("end of turn %d", s.Turn)
			} else {
				e.Text = "result: " + e.Text
			}
		case s.Turn == 0:
			setup++
			e.ID, e.Kind = fmt.Sprintf("s%d", setup), "setup"
		default:
			move++
			e.ID, e.Kind = fmt.Sprintf("t%d.%d", s.Turn, move), "move"
		}
		if s.state != nil {
			if o := s.state.Outcome(); o.Over && (i == len(steps)-1 || s.Kind == EndStep) {
				e.Rule = "game over: " + describeOutcome(o, s.players)
			}
		}
		if bad {
			e.Kind += " illegal"
		}
		e.ID = unique(e.ID)
		out = append(out, e)
	}
	for d < len(diags) {
		diag(len(steps) - 1)
	}
	return out
}

// marks are the keys a step's move names, which the page marks on the
// board: the squares of a1-b2xc3, a card's or a sector's name.
func marks(s Step) []string {
	if s.Kind != MoveStep {
		return nil
	}
	var out []string
	add := func(w string) {
		if w = strings.ToLower(w); !slices.Contains(out, w) && len(out) < 8 {
			out = append(out, w)
		}
	}
	for _, w := range strings.FieldsFunc(s.Move, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		add(w)
		// The squares of a word such as d2xd3.
		for _, sq := range squareWord().FindAllString(w, -1) {
			add(sq)
		}
	}
	return out
}

// squareWord matches a square's name, as in d2xd3.
var squareWord = lazyRegexp(`[a-z][0-9]+`)

// replayPage replays a transcript for its web page, as referee replay
// --html does: every illegal move found, a fault of the referee's own
// reported rather than raised.
func replayPage(dir, path, src string, opts Options) (rp *Replay, r *Report) {
	defer func() {
		if v := recover(); v != nil {
			rp, r = &Replay{}, faulted(path, src, v)
		}
	}()
	opts.Dir, opts.KeepGoing = dir, true
	g, err := opts.detect(path, src)
	if err != nil {
		return &Replay{}, failed(path, src, err.Error())
	}
	return g.Replay(path, src, opts)
}

var htmlTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Parse(htmlPageTemplate))
})
