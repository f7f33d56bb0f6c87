package referee

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/notation"
)

// The groupings of referee stats' results tables (--by).
const (
	BySeat    = "seat"
	ByPlayers = "players"
	ByVariant = "variant"
)

// StatsGroupings lists the groupings of the results tables, in the order
// they are shown.
var StatsGroupings = []string{BySeat, ByPlayers, ByVariant}

// StatsOptions say how referee stats reads its transcripts.
type StatsOptions struct {
	// Check is how each transcript is checked, as referee check does.
	Check Options
	// Jobs is how many files are checked at once (CheckFiles).
	Jobs int
	// By lists the results tables wanted, of StatsGroupings; all when empty.
	By []string
}

// Stats is what referee stats finds in a batch of transcripts: the
// figures of each game, and the files it could not count.
type Stats struct {
	// Files is how many transcripts were read.
	Files int `json:"files"`
	// By lists the results tables shown, of StatsGroupings.
	By []string `json:"by"`
	// Games holds each game's figures, by game name.
	Games []*GameStats `json:"games"`
	// Skipped lists the files that could not be read or replayed.
	Skipped []Skipped `json:"skipped"`
}

// Skipped is a file stats could not count, and why, as check says it.
type Skipped struct {
	Path string `json:"path"`
	// Message is the file's first error, positioned as check writes it
	// (path:line:col: error: ..., then the source line with a caret).
	Message string `json:"message"`
}

// GameStats are the figures of one game's transcripts.
type GameStats struct {
	Game string `json:"game"`
	// Transcripts counts the game's files; each falls in one of the four
	// counts after it.
	Transcripts int `json:"transcripts"`
	Finished    int `json:"finished"`    // won, lost or drawn, every move legal
	Unfinished  int `json:"unfinished"`  // every move legal, no result yet
	Illegal     int `json:"illegal"`     // with an illegal move: no result is counted
	NotReplayed int `json:"notReplayed"` // syntax or structure errors (see Stats.Skipped)
	// Seats, Players and Variants are the results tables: nil when not
	// asked for (StatsOptions.By).
	Seats    []ResultRow `json:"seats"`
	Players  []ResultRow `json:"players"`
	Variants []ResultRow `json:"variants"`
	Length   Lengths     `json:"length"`
	Endings  []Count     `json:"endings"`
	Refusals []Refusal   `json:"refusals"`
	// Cards counts the cards played; nil for a game whose binding names
	// no cards played (Binding.Cards).
	Cards []CardCount `json:"cards"`
}

// ResultRow is the results of one group of games. In the seat and player
// tables, Wins and Losses are the group's own; in the variant table, they
// are the first seat's (the second seat's wins are the first's losses).
type ResultRow struct {
	Group      string `json:"group"`
	Games      int    `json:"games"`
	Wins       int    `json:"wins"`
	Losses     int    `json:"losses"`
	Draws      int    `json:"draws"`
	Unfinished int    `json:"unfinished"`
	// WinRate is the share of the finished games won, with its 95%
	// Wilson interval; nil when none is finished.
	WinRate *Interval `json:"winRate"`
}

// Interval is a proportion and its 95% confidence interval.
type Interval struct {
	Rate float64 `json:"rate"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// Lengths is the distribution of the finished games' lengths, in turns.
type Lengths struct {
	Games     int     `json:"games"`
	Min       int     `json:"min"`
	Q1        float64 `json:"q1"`
	Median    float64 `json:"median"`
	Q3        float64 `json:"q3"`
	Max       int     `json:"max"`
	Mean      float64 `json:"mean"`
	Histogram []Bin   `json:"histogram"`
}

// Bin is one bar of a histogram: the games of From to To turns.
type Bin struct {
	From  int `json:"from"`
	To    int `json:"to"`
	Games int `json:"games"`
}

// Count is how many games ended one way.
type Count struct {
	Reason string `json:"reason"`
	Games  int    `json:"games"`
}

// Refusal is how often one rule refused a move.
type Refusal struct {
	// Ruling names the ruling quoted ("S4"), or is "" for the rules text.
	Ruling string `json:"ruling"`
	// Rule is the rule quoted, or "" for a refusal that quotes none (a
	// move after the game is over, a player not in the game).
	Rule  string `json:"rule"`
	Moves int    `json:"moves"`
}

// CardCount is how often one card was played, in how many games.
type CardCount struct {
	Card  string `json:"card"`
	Plays int    `json:"plays"`
	Games int    `json:"games"`
}

// The classes of a transcript, for the counts.
type gameClass int

const (
	classFinished gameClass = iota
	classUnfinished
	classIllegal
	classNotReplayed
)

// gameRecord is what stats keeps of one checked transcript: a few
// strings and numbers, never its source.
type gameRecord struct {
	game     string // "" when it could not be told
	players  []string
	variants string
	class    gameClass
	winner   int // the winner's seat, or engine.Nobody for a draw
	turns    int
	ending   string
	refusals []Refusal
	cards    map[string]int // nil for a game that names no cards played
	problem  *Skipped
}

// unrecordedCard is how a transcript writes a card nobody recorded: it
// is not counted as played.
const unrecordedCard = "?"

// CollectStats checks the transcripts at paths, up to opts.Jobs at once,
// and adds up their figures. Catalogues among paths are passed over.
func CollectStats(paths []string, opts StatsOptions) *Stats {
	var files []string
	for _, p := range paths {
		if filepath.Ext(p) != CatalogueExt {
			files = append(files, p)
		}
	}
	// The tables asked for, each once, in the order they are shown.
	by := slices.DeleteFunc(slices.Clone(StatsGroupings), func(g string) bool {
		return len(opts.By) > 0 && !slices.Contains(opts.By, g)
	})
	acc := newStatsAccumulator()
	_ = ordered(len(files), opts.Jobs, func(i int) *gameRecord {
		return recordGame(files[i], opts.Check)
	}, func(rec *gameRecord) error {
		acc.add(rec)
		return nil
	})
	s := acc.finish(by)
	s.Files = len(files)
	return s
}

// cardsPlayer is a game that can name the cards a written move plays.
type cardsPlayer interface {
	cardsOf(m notation.Move) []string
	namesCards() bool
}

func (b *binding) namesCards() bool { return b.playedCards != nil }

func (b *binding) cardsOf(m notation.Move) []string {
	if b.playedCards != nil {
		return b.playedCards(m)
	}
	return nil
}

// recordGame checks one transcript and keeps its figures.
func recordGame(path string, opts Options) (rec *gameRecord) {
	rec = &gameRecord{winner: engine.Nobody}
	name, src, err := opts.source(path)
	if err != nil {
		return skipped(rec, failed(name, "", err.Error()))
	}
	if g, err := opts.detect(name, src); err == nil {
		if cp, ok := g.(cardsPlayer); ok && cp.namesCards() {
			rec.cards = map[string]int{}
			// Only what stands counts: a move taken back was not played.
			letStand := notation.Correction{Kind: notation.LetStand}.String()
			opts.afterMove = func(m notation.Move, correction string, _ int, setup bool, _ engine.State) {
				if setup || correction != "" && correction != letStand {
					return
				}
				for _, c := range cp.cardsOf(m) {
					if c != unrecordedCard {
						rec.cards[c]++
					}
				}
			}
		}
	}
	r := CheckSource(name, src, opts)
	if r.Game != "unknown" {
		rec.game = r.Game
	}
	rec.players, rec.turns = r.Players, r.Turns
	rec.variants = "none"
	if len(r.Variants) > 0 {
		rec.variants = strings.Join(r.Variants, " ")
	}
	for _, d := range r.Diagnostics {
		if d.Severity == Illegal {
			rec.refusals = append(rec.refusals, refusalOf(d.Msg))
		}
	}
	switch {
	case r.ExitCode() >= 2:
		return skipped(rec, r)
	case r.Illegal > 0:
		rec.class, rec.ending = classIllegal, "an illegal move"
	case r.Outcome == "draw":
		rec.class, rec.ending = classFinished, endingOf(r.Result, "draw")
	case strings.HasSuffix(r.Outcome, " wins") && slices.Contains(r.Players, strings.TrimSuffix(r.Outcome, " wins")):
		winner := strings.TrimSuffix(r.Outcome, " wins")
		rec.class, rec.winner, rec.ending = classFinished, slices.Index(r.Players, winner), endingOf(r.Result, r.Outcome)
	default:
		rec.class, rec.ending = classUnfinished, "unfinished"
	}
	return rec
}

// skipped marks rec as not replayed, with r's first error as check
// writes it.
func skipped(rec *gameRecord, r *Report) *gameRecord {
	rec.class, rec.ending, rec.cards, rec.refusals = classNotReplayed, "not replayed", nil, nil
	var msg bytes.Buffer
	for _, d := range r.Diagnostics {
		if d.Severity >= Error {
			WriteDiagnostic(&msg, r.Path, r.Source, d, NewPalette(false))
			if more := r.found() - 1; more > 0 {
				fmt.Fprintf(&msg, "%s: note: %s more\n", escapeControls(r.Path), Plural(more, "diagnostic"))
			}
			break
		}
	}
	rec.problem = &Skipped{Path: r.Path, Message: msg.String()}
	return rec
}

// endingOf is how a game ended, from its result: the rules' reason ("all
// three flags captured"), or the record's ("resigned", "draw by
// agreement", "win as recorded"). outcome begins the result ("Ann wins",
// "draw").
func endingOf(result, outcome string) string {
	rest := strings.TrimPrefix(result, outcome)
	switch {
	case strings.HasPrefix(rest, " on turn "):
		if _, reason, ok := strings.Cut(rest, ": "); ok {
			return reason
		}
	case strings.Contains(rest, " resigned after turn "):
		return "resigned"
	case strings.HasPrefix(rest, " by agreement"):
		return "draw by agreement"
	case strings.HasSuffix(rest, ", as recorded"):
		return "win as recorded"
	}
	return result
}

// refusalOf is the rule an illegal move's message quotes.
func refusalOf(msg string) Refusal {
	c, ok := Cites(msg)
	if !ok {
		return Refusal{}
	}
	return Refusal{Ruling: c.Ruling, Rule: c.Rule}
}

// groupName is the name a player is grouped under by --by players: the
// name with a trailing -N removed, so that a bot playing itself ("mcts"
// and "mcts-2") counts as one.
func groupName(player string) string {
	if name := trailingNumber().ReplaceAllString(player, ""); name != "" {
		return name
	}
	return player // "-2" is a name of its own
}

var trailingNumber = lazyRegexp(`-[0-9]+$`)

// seatNames name the seats by the order of the Players tag.
var seatNames = []string{"first", "second", "third", "fourth"}

// seatName names a seat by the order of the Players tag.
func seatName(seat int) string {
	if seat < len(seatNames) {
		return seatNames[seat]
	}
	return "seat " + strconv.Itoa(seat+1)
}

// statsAccumulator adds up the records of a batch, one at a time.
type statsAccumulator struct {
	games   map[string]*gameAccumulator
	skipped []Skipped
}

// gameAccumulator adds up one game's records.
type gameAccumulator struct {
	stats                    GameStats
	seats, players, variants map[string]*ResultRow
	lengths                  []int
	endings                  map[string]int
	refusals                 map[Refusal]int
	cards                    map[string]*CardCount
}

func newStatsAccumulator() *statsAccumulator {
	return &statsAccumulator{games: map[string]*gameAccumulator{}}
}

func (a *statsAccumulator) add(rec *gameRecord) {
	if rec.problem != nil {
		a.skipped = append(a.skipped, *rec.problem)
	}
	if rec.game == "" {
		return
	}
	g := a.games[rec.game]
	if g == nil {
		g = &gameAccumulator{
			stats: GameStats{Game: rec.game},
			seats: map[string]*ResultRow{}, players: map[string]*ResultRow{}, variants: map[string]*ResultRow{},
			endings: map[string]int{}, refusals: map[Refusal]int{},
		}
		a.games[rec.game] = g
	}
	g.add(rec)
}

func (g *gameAccumulator) add(rec *gameRecord) {
	s := &g.stats
	s.Transcripts++
	switch rec.class {
	case classFinished:
		s.Finished++
		g.lengths = append(g.lengths, rec.turns)
	case classUnfinished:
		s.Unfinished++
	case classIllegal:
		s.Illegal++
	case classNotReplayed:
		s.NotReplayed++
		return
	}
	g.endings[rec.ending]++
	for _, r := range rec.refusals {
		g.refusals[r]++
	}
	if rec.cards != nil {
		if g.cards == nil {
			g.cards = map[string]*CardCount{}
		}
		for card, n := range rec.cards {
			c := g.cards[card]
			if c == nil {
				// A copy: the name may share the transcript's memory.
				c = &CardCount{Card: strings.Clone(card)}
				g.cards[c.Card] = c
			}
			c.Plays += n
			c.Games++
		}
	}
	if rec.class == classIllegal {
		return // the rules gave no result to count
	}
	for seat, player := range rec.players {
		tally(g.seats, seatName(seat), rec, seat)
		tally(g.players, groupName(player), rec, seat)
	}
	tally(g.variants, rec.variants, rec, 0)
}

// tally counts rec's result for seat in the row of group.
func tally(rows map[string]*ResultRow, group string, rec *gameRecord, seat int) {
	row := rows[group]
	if row == nil {
		row = &ResultRow{Group: strings.Clone(group)}
		rows[row.Group] = row
	}
	row.Games++
	switch {
	case rec.class == classUnfinished:
		row.Unfinished++
	case rec.winner == engine.Nobody:
		row.Draws++
	case rec.winner == seat:
		row.Wins++
	default:
		row.Losses++
	}
}

func (a *statsAccumulator) finish(by []string) *Stats {
	s := &Stats{By: by, Skipped: a.skipped}
	if s.Skipped == nil {
		s.Skipped = []Skipped{}
	}
	names := make([]string, 0, len(a.games))
	for name := range a.games {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		s.Games = append(s.Games, a.games[name].finish(by))
	}
	if s.Games == nil {
		s.Games = []*GameStats{}
	}
	return s
}

func (g *gameAccumulator) finish(by []string) *GameStats {
	s := g.stats
	if slices.Contains(by, BySeat) {
		s.Seats = rows(g.seats, func(a, b string) int { return seatOrder(a) - seatOrder(b) })
	}
	if slices.Contains(by, ByPlayers) {
		s.Players = rows(g.players, strings.Compare)
	}
	if slices.Contains(by, ByVariant) {
		s.Variants = rows(g.variants, func(a, b string) int {
			// No variant first: the rules as written, then the changes.
			if (a == "none") != (b == "none") {
				if a == "none" {
					return -1
				}
				return 1
			}
			return strings.Compare(a, b)
		})
	}
	s.Length = lengthsOf(g.lengths)
	s.Endings = []Count{}
	for reason, n := range g.endings {
		s.Endings = append(s.Endings, Count{reason, n})
	}
	slices.SortFunc(s.Endings, func(a, b Count) int {
		if a.Games != b.Games {
			return b.Games - a.Games
		}
		return strings.Compare(a.Reason, b.Reason)
	})
	s.Refusals = []Refusal{}
	for r, n := range g.refusals {
		r.Moves = n
		s.Refusals = append(s.Refusals, r)
	}
	slices.SortFunc(s.Refusals, func(a, b Refusal) int {
		if a.Moves != b.Moves {
			return b.Moves - a.Moves
		}
		if c := strings.Compare(a.Ruling, b.Ruling); c != 0 {
			return c
		}
		return strings.Compare(a.Rule, b.Rule)
	})
	if g.cards != nil {
		s.Cards = []CardCount{}
		for _, c := range g.cards {
			s.Cards = append(s.Cards, *c)
		}
		slices.SortFunc(s.Cards, func(a, b CardCount) int {
			if a.Plays != b.Plays {
				return b.Plays - a.Plays
			}
			return strings.Compare(a.Card, b.Card)
		})
	}
	return &s
}

// seatOrder sorts the seats' rows in the order of the Players tag.
func seatOrder(name string) int {
	if i := slices.Index(seatNames, name); i >= 0 {
		return i
	}
	n, _ := strconv.Atoi(strings.TrimPrefix(name, "seat "))
	return n
}

// rows lists the rows of a results table, in the order cmp gives their
// groups, each with its win rate.
func rows(byGroup map[string]*ResultRow, cmp func(a, b string) int) []ResultRow {
	out := make([]ResultRow, 0, len(byGroup))
	for _, r := range byGroup {
		row := *r
		if n := row.Wins + row.Losses + row.Draws; n > 0 {
			low, high := Wilson(row.Wins, n)
			row.WinRate = &Interval{Rate: float64(row.Wins) / float64(n), Low: low, High: high}
		}
		out = append(out, row)
	}
	slices.SortFunc(out, func(a, b ResultRow) int { return cmp(a.Group, b.Group) })
	return out
}

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson is the 95% Wilson score interval of a proportion: wins out of n
// trials. Unlike the normal approximation it stays within [0, 1] and is
// not empty at 0 or n wins. Out of no trials, it is all of [0, 1].
func Wilson(wins, n int) (low, high float64) {
	if n == 0 {
		return 0, 1
	}
	p, nf, z2 := float64(wins)/float64(n), float64(n), z95*z95
	centre := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z95 / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return max(centre-half, 0), min(centre+half, 1)
}

// histogramBins is about how many bars a length histogram has.
const histogramBins = 10

// lengthsOf is the distribution of the lengths given.
func lengthsOf(lengths []int) Lengths {
	l := Lengths{Games: len(lengths), Histogram: []Bin{}}
	if len(lengths) == 0 {
		return l
	}
	sorted := slices.Clone(lengths)
	slices.Sort(sorted)
	l.Min, l.Max = sorted[0], sorted[len(sorted)-1]
	l.Q1, l.Median, l.Q3 = quantile(sorted, 0.25), quantile(sorted, 0.5), quantile(sorted, 0.75)
	sum := 0
	for _, n := range sorted {
		sum += n
	}
	l.Mean = float64(sum) / float64(len(sorted))
	width := binWidth(l.Max - l.Min + 1)
	for from := l.Min / width * width; from <= l.Max; from += width {
		l.Histogram = append(l.Histogram, Bin{From: from, To: from + width - 1})
	}
	for _, n := range sorted {
		l.Histogram[(n-l.Histogram[0].From)/width].Games++
	}
	return l
}

// binWidth is a round width (1, 2 or 5 times a power of ten) that cuts a
// span of turns into at most histogramBins bars, one more when the bars
// begin at a round number below the shortest game.
func binWidth(span int) int {
	for step := 1; ; step *= 10 {
		for _, w := range []int{step, 2 * step, 5 * step} {
			if (span+w-1)/w <= histogramBins {
				return w
			}
		}
	}
}

// quantile is the q-th quantile of sorted, interpolated between the two
// nearest values (the default of R and NumPy: type 7).
func quantile(sorted []int, q float64) float64 {
	h := float64(len(sorted)-1) * q
	lo := int(math.Floor(h))
	if lo+1 >= len(sorted) {
		return float64(sorted[lo])
	}
	return float64(sorted[lo]) + (h-float64(lo))*float64(sorted[lo+1]-sorted[lo])
}
