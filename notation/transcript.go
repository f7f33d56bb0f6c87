package notation

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-referee/referee/internal/suggest"
)

// Transcript is a parsed transcript whose structure has been checked:
// tags first, then set-up lines, then turns numbered from 1, then at most
// one result line, every player named in the Players tag.
type Transcript struct {
	*Parsed
	Tags    []*Tag
	Game    string   // the Game tag's value, or ""
	Players []string // from the Players tag, first to move first
	Seed    string   // the Seed tag's value
	Seeded  bool     // whether there is a Seed tag
	// Perspective is the index of the player from whose seat the record
	// was made (the Perspective tag), or -1 for a record of every card.
	Perspective int
	Variants    map[string]string
	// VariantTag is the Variant tag, for positions; nil when there is none.
	VariantTag *Tag
	Setup      []*Setup
	Turns      []*Turn
	Result     *Result
	// Corrections are the recorded rulings by the start offset of the move
	// each follows: see CorrectionOf.
	Corrections map[int]Correction
	// Dropped counts the structure errors Check found past the first
	// Limits.MaxErrors, which it does not return.
	Dropped int
}

// Tag finds a tag by name.
func (t *Transcript) Tag(name string) *Tag {
	for _, tag := range t.Tags {
		if tag.Name == name {
			return tag
		}
	}
	return nil
}

// PlayerIndex is the index of a named player, or -1.
func (t *Transcript) PlayerIndex(name string) int { return slices.Index(t.Players, name) }

// Check checks the structure of a parsed transcript for a game of n
// players. It returns the errors it finds, sorted by position, at most
// the limit the transcript was parsed within (Transcript.Dropped counts
// the rest). Subjects are the words other than the players' names that
// may begin a set-up line, such as Void's board line.
func Check(p *Parsed, n int, subjects ...string) (*Transcript, []*Error) {
	t := &Transcript{Parsed: p, Variants: map[string]string{}, Perspective: -1}
	found := NewErrorSet(Limits{MaxErrors: p.maxErrors}.OrDefault().MaxErrors)
	fail := func(span Span, format string, args ...any) {
		found.Add(&Error{span, fmt.Sprintf(format, args...)})
	}
	const (
		inTags = iota
		inSetup
		inTurns
		afterResult
	)
	stage := inTags
	// The tags and turns counted first, so that each list is allocated
	// once.
	tags, turns := 0, 0
	for _, st := range p.File.Statements {
		switch {
		case st.Tag != nil:
			tags++
		case st.Turn != nil:
			turns++
		}
	}
	if tags > 0 {
		t.Tags = make([]*Tag, 0, tags)
	}
	if turns > 0 {
		t.Turns = make([]*Turn, 0, turns)
	}
	for _, st := range p.File.Statements {
		switch {
		case stage == afterResult:
			fail(st.Span(), "the result line must be the last line")
		case st.Tag != nil:
			if stage > inTags {
				fail(st.Span(), "header tags must come before the first set-up line or turn")
			}
			t.checkTag(st.Tag, fail)
		case st.Setup != nil:
			if stage > inSetup {
				fail(st.Span(), "set-up lines must come before the first turn")
			}
			stage = inSetup
			t.Setup = append(t.Setup, st.Setup)
		case st.Turn != nil:
			stage = inTurns
			// The first turn's number is checked by the referee, which
			// knows whether the set-up lines declare a position (the game
			// then begins at any turn): see FirstTurnError.
			want := 1
			if len(t.Turns) > 0 {
				want = t.Turns[len(t.Turns)-1].Number + 1
			}
			if st.Turn.Number != want && (len(t.Turns) > 0 || st.Turn.Number < 1) {
				fail(st.Turn.Node.Span(), "expected turn %d, found turn %d: turns are numbered 1, 2, 3, ... without gaps", want, st.Turn.Number)
			}
			t.Turns = append(t.Turns, st.Turn)
		case st.Result != nil:
			stage = afterResult
			t.Result = st.Result
		}
	}
	t.attachCorrections(fail)
	playersTag := t.Tag("Players")
	switch {
	case playersTag == nil:
		at := Span{p.EOF, p.EOF}
		if len(p.File.Statements) > 0 {
			at = p.File.Statements[0].Span()
		}
		fail(at, "missing Players tag, as in [Players %s]", strings.Join([]string{`"Ann"`, `"Ben"`, `"Cy"`, `"Di"`}[:max(2, min(n, 4))], " "))
	case len(playersTag.Values) != n:
		fail(playersTag.Span(), "the Players tag needs %d names, found %d", n, len(playersTag.Values))
	default:
		t.Players = playersTag.Text()
		for i, name := range t.Players {
			if strings.TrimSpace(name) == "" {
				fail(playersTag.Span(), "a player's name cannot be empty")
			} else if slices.Index(t.Players, name) != i {
				fail(playersTag.Span(), "two players are named %q", name)
			}
		}
	}
	if t.Players != nil {
		check := func(ref *PlayerRef) bool {
			if ref != nil && t.PlayerIndex(ref.Text()) < 0 {
				fail(ref.Span(), "unknown player %q%s: the players are %s", ref.Text(), suggest.Hint(ref.Text(), t.Players), strings.Join(t.Players, ", "))
				return false
			}
			return true
		}
		for _, s := range t.Setup {
			if !slices.Contains(subjects, s.Player.Text()) || t.PlayerIndex(s.Player.Text()) >= 0 {
				check(s.Player)
			}
		}
		// Turns take turns: a player written as one of the last two turns'
		// known players were is not looked for again.
		var known [2]string
		for _, turn := range t.Turns {
			if p := turn.Player; p == nil || p.Name == "" || p.Name != known[0] && p.Name != known[1] {
				if check(p) && p != nil {
					known[0], known[1] = known[1], p.Name
				}
			}
		}
		if t.Result != nil {
			check(t.Result.Player)
		}
		if tag := t.Tag("Perspective"); tag != nil && len(tag.Values) == 1 {
			name := tag.Text()[0]
			if t.Perspective = t.PlayerIndex(name); t.Perspective < 0 {
				fail(tag.Span(), "the Perspective tag names %q%s, who is not a player: the players are %s", name, suggest.Hint(name, t.Players), strings.Join(t.Players, ", "))
			}
		}
	}
	errs, dropped := found.List()
	t.Dropped = dropped
	return t, errs
}

// FirstTurnError is the error of a first turn numbered other than 1 in
// a transcript that declares no position, or nil.
func (t *Transcript) FirstTurnError() *Error {
	if len(t.Turns) == 0 || t.Turns[0].Number == 1 {
		return nil
	}
	first := t.Turns[0]
	return &Error{first.Node.Span(), fmt.Sprintf("expected turn 1, found turn %d: turns are numbered 1, 2, 3, ... without gaps (a transcript begins at another turn only from a declared position)", first.Number)}
}

func (t *Transcript) checkTag(tag *Tag, fail func(Span, string, ...any)) {
	if t.Tag(tag.Name) != nil {
		fail(tag.Span(), "duplicate %s tag", tag.Name)
		return
	}
	t.Tags = append(t.Tags, tag)
	// The other tags' values are read where they are used.
	switch tag.Name {
	case "Game", "Perspective", "Seed":
		switch {
		case len(tag.Values) != 1:
			fail(tag.Span(), "the %s tag takes one value, found %d", tag.Name, len(tag.Values))
		case tag.Name == "Game":
			t.Game = unquote(tag.Values[0])
		case tag.Name == "Seed":
			t.Seed, t.Seeded = unquote(tag.Values[0]), true
		}
	case "Variant":
		t.VariantTag = tag
		for _, v := range tag.Text() {
			name, value, ok := strings.Cut(v, "=")
			name, value = strings.TrimSpace(name), strings.TrimSpace(value)
			switch {
			case !ok || name == "" || value == "":
				fail(tag.Span(), "a variant is written name=value, as in \"tie=bounce\", not %q", v)
			case t.Variants[name] != "":
				fail(tag.Span(), "variant %s is chosen twice", name)
			default:
				t.Variants[name] = value
			}
		}
	}
}
