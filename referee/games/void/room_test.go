package void

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/referee"
)

// TestDeclarations checks each move of a set-up line: Declares tells
// whether it declares a position, whose refusal is an impossible position
// (every move a set-up line takes does), and its engine move is written
// back by Notate as the grammar's node prints it, so that a position the
// engine writes reads as the transcript it came from.
func TestDeclarations(t *testing.T) {
	tests := []struct {
		src      string
		declares bool
		text     string // as Notate writes it; "" is src
	}{
		{src: "sector North Forest Lake", declares: true},
		{src: `sector "North Reach" "Deep Forest"`, declares: true},
		{src: "energy 3", declares: true},
		{src: "income 0", declares: true},
		{src: "life 10", declares: true},
		{src: `hand Scout "Void Scout" Shock`, declares: true},
		{src: `cache Shock "hand" Drain`, declares: true},
		{src: "field Sentinel North", declares: true},
		{src: "field Raider Middle damage 1", declares: true},
		{src: "field Raider Middle damage 0", declares: true, text: "field Raider Middle"},
		{src: `field Raider "damage" damage 2`, declares: true},
		// A turn's move on a set-up line declares nothing: the engine
		// refuses it there.
		{src: "play Shock North", declares: false},
		{src: "execute", declares: false},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			parsed := grammar.Void.Parse("test.void", "Ann: "+tt.src+"\n")
			if len(parsed.Errors) > 0 {
				t.Fatalf("parse errors: %v", parsed.Errors)
			}
			setup := parsed.File.Statements[0].Setup
			if setup == nil || len(setup.Moves) != 1 {
				t.Fatalf("want one set-up move, got %+v", parsed.File.Statements[0])
			}
			m := setup.Moves[0]
			if got := voidDeclares(m); got != tt.declares {
				t.Errorf("Declares = %v, want %v", got, tt.declares)
			}
			ems := voidToEngine(nil, m, true)
			if len(ems) != 1 {
				t.Fatalf("%d engine moves, want 1", len(ems))
			}
			if _, ok := ems[0].(engine.OnSetupLine); !ok {
				t.Errorf("the engine move %T is not wrapped as a set-up line's", ems[0])
			}
			want := tt.text
			if want == "" {
				want = tt.src
			}
			if got := voidNotate(ems[0]); got != want || got != m.String() {
				t.Errorf("Notate writes %q, the grammar prints %q; want %q", got, m.String(), want)
			}
		})
	}
}

// TestRandomGamesAtTheTable: random games written without a seed (the
// planned set-up on set-up lines) check clean to the result of their
// seeded originals; written from each seat, the other hand as ?, they do
// too; and in a record from Ann's seat, Ben's first card shown, replaced
// by a card whose every copy is in Ann's hand (a catalogue giving the
// copies the game's set-up holds, ruling V36), is flagged at that move,
// naming the card.
func TestRandomGamesAtTheTable(t *testing.T) {
	g, ok := referee.Lookup("void")
	if !ok {
		t.Fatal("void is not registered")
	}
	mutated := 0
	for seed := uint64(1); seed <= 12; seed++ {
		seeded, outcome := g.Random(seed)
		check := func(name, text string, opts referee.Options) *referee.Report {
			t.Helper()
			r := g.Check(name, text, opts)
			if r.ExitCode() != 0 || r.Outcome != outcome {
				t.Fatalf("seed %d, %s: exit %d, outcome %q, want clean and %q: %v\n%s", seed, name, r.ExitCode(), r.Outcome, outcome, r.Diagnostics, text)
			}
			return r
		}
		check("seeded.void", seeded, referee.Options{})
		full, got, err := g.RandomWith(seed, referee.RandomOptions{Unseeded: true})
		if err != nil || got != outcome {
			t.Fatalf("seed %d unseeded: %v, outcome %q, want %q", seed, err, got, outcome)
		}
		if strings.Contains(full, "[Seed") || strings.Count(full, "hand ") < 2 {
			t.Fatalf("seed %d: the unseeded game does not write its set-up:\n%s", seed, full)
		}
		check("table.void", full, referee.Options{})
		for _, seat := range []string{"Ann", "Ben"} {
			text, got, err := g.RandomWith(seed, referee.RandomOptions{Perspective: seat})
			if err != nil || got != outcome {
				t.Fatalf("seed %d from %s's seat: %v, outcome %q, want %q", seed, seat, err, got, outcome)
			}
			other := "Ann"
			if seat == "Ann" {
				other = "Ben"
			}
			if !strings.Contains(text, other+": energy 3, income 3, life 10, hand ? ? ? ? ? ? ? ?") {
				t.Fatalf("seed %d from %s's seat: %s's hand is not written unknown:\n%s", seed, seat, other, text)
			}
			check(seat+".void", text, referee.Options{})
			if seat == "Ann" && mutateReveal(t, g, seed, full, text, outcome) {
				mutated++
			}
		}
	}
	if mutated < 3 {
		t.Errorf("only %d games had a card to reveal as one elsewhere", mutated)
	}
}

// mutateReveal replaces Ben's first card shown, in the record from Ann's
// seat, by a card of Ann's set-up hand that Ben's never held, under a
// catalogue that gives that card as many copies as Ann's hand has: the
// record is clean under that catalogue, and the replaced move is flagged
// where it stands. It tells whether the game had such a card.
func mutateReveal(t *testing.T, g referee.Game, seed uint64, full, seat, outcome string) bool {
	t.Helper()
	annHand, benHand := setupHand(t, full, "Ann"), setupHand(t, full, "Ben")
	card := ""
	for _, c := range annHand {
		if !slices.Contains(benHand, c) {
			card = c
			break
		}
	}
	if card == "" {
		return false
	}
	// The default catalogue, with the copies of card the set-up holds.
	n := 0
	for _, c := range annHand {
		if c == card {
			n++
		}
	}
	var cat strings.Builder
	for l := range strings.Lines(voidCatalogue) {
		f := strings.Fields(l)
		if len(f) > 2 && f[1] == card {
			l = strings.Replace(l, " cost ", fmt.Sprintf(" copies %d cost ", n), 1)
		}
		cat.WriteString(l)
	}
	files := map[string]string{"copies.cards": cat.String()}
	opts := referee.Options{ReadFile: func(path string) ([]byte, error) {
		if src, ok := files[filepath.Base(path)]; ok {
			return []byte(src), nil
		}
		return nil, os.ErrNotExist
	}}
	seat = strings.Replace(seat, "[Perspective \"Ann\"]\n", "[Perspective \"Ann\"]\n[Catalogue \"copies.cards\"]\n", 1)
	if r := g.Check("seat.void", seat, opts); r.ExitCode() != 0 || r.Outcome != outcome {
		t.Fatalf("seed %d under %s copies %d: exit %d, outcome %q: %v", seed, card, n, r.ExitCode(), r.Outcome, r.Diagnostics)
	}
	// Ben's first card shown: a play or a conversion by Ben.
	parsed := grammar.Void.Parse("seat.void", seat)
	if len(parsed.Errors) > 0 {
		t.Fatal(parsed.Errors)
	}
	for _, st := range parsed.File.Statements {
		turn := st.Turn
		if turn == nil {
			continue
		}
		for _, mv := range turn.Moves {
			m := mv.(*grammar.VoidMove)
			actor := turn.Player.Text()
			if m.By != nil {
				actor = m.By.Text()
			}
			switch m.Action.(type) {
			case *grammar.VoidPlay, *grammar.VoidConvert:
			default:
				continue
			}
			if actor != "Ben" {
				continue
			}
			span := m.Span()
			text := "convert " + grammar.Name(card).String()
			if m.By != nil {
				text = "Ben " + text
			}
			bad := seat[:span.Start.Offset] + text + seat[span.End.Offset:]
			r := g.Check("seat.void", bad, opts)
			want := "Ben cannot hold " + card + ": the catalogue has "
			for _, d := range r.Diagnostics {
				if d.Severity == referee.Illegal && d.Span.Start.Line == span.Start.Line && d.Span.Start.Column == span.Start.Column && strings.Contains(d.Msg, want) {
					return true
				}
			}
			t.Fatalf("seed %d: Ben's %s replaced by %q at %d:%d is not flagged there as %q: %v", seed, m, text, span.Start.Line, span.Start.Column, want, r.Diagnostics)
		}
	}
	return false
}

// setupHand reads the hand a player's set-up line declares.
func setupHand(t *testing.T, text, player string) []string {
	t.Helper()
	parsed := grammar.Void.Parse("full.void", text)
	if len(parsed.Errors) > 0 {
		t.Fatal(parsed.Errors)
	}
	var out []string
	for _, st := range parsed.File.Statements {
		if st.Setup == nil || st.Setup.Player.Text() != player {
			continue
		}
		for _, m := range st.Setup.Moves {
			if h, ok := m.(*grammar.VoidMove).Action.(*grammar.VoidHand); ok {
				for _, c := range h.Cards {
					out = append(out, string(c))
				}
			}
		}
	}
	return out
}

// TestDrawnFromASeat: drawn for Ann's seat, Ben's hand is a count, never
// its cards, whether the record names them or not; drawn for nobody's
// seat, every card shows.
func TestDrawnFromASeat(t *testing.T) {
	g, _ := referee.Lookup("void")
	src := `[Game "void"]
[Players "Ann" "Ben"]

board: sector North Forest, sector Middle Ruins
Ann: energy 3, hand Shock Raider
Ben: energy 3, hand Wall ? Drain

1. Ann: convert Shock
`
	for _, tt := range []struct {
		seat       string
		want, hide []string
	}{
		{seat: "Ann", want: []string{"hand Raider", "hand: 3 cards"}, hide: []string{"Wall", "Drain", "?"}},
		{seat: "Ben", want: []string{"hand: 1 card", "hand Wall, ?, Drain"}, hide: []string{"Raider"}},
		{seat: "", want: []string{"hand Raider", "hand Wall, ?, Drain"}},
	} {
		rp, r := g.Replay("seat.void", src, referee.Options{Seat: tt.seat})
		if r.ExitCode() != 0 {
			t.Fatalf("%v", r.Diagnostics)
		}
		drawn := rp.Steps[len(rp.Steps)-1].Drawing().String()
		for _, w := range tt.want {
			if !strings.Contains(drawn, w) {
				t.Errorf("seat %q: the drawing lacks %q:\n%s", tt.seat, w, drawn)
			}
		}
		for _, h := range tt.hide {
			if strings.Contains(drawn, h) {
				t.Errorf("seat %q: the drawing shows %q:\n%s", tt.seat, h, drawn)
			}
		}
	}
}

// BenchmarkOneSeat checks the same random games recorded in full and from
// Ann's seat (Ben's hand ?, each card shown where he plays it), so that
// their costs compare: the one-seat record is to cost at most twice the
// full one.
func BenchmarkOneSeat(b *testing.B) {
	g, _ := referee.Lookup("void")
	var full, seat []string
	for seed := uint64(1); seed <= 20; seed++ {
		f, _, err := g.RandomWith(seed, referee.RandomOptions{Unseeded: true})
		if err != nil {
			b.Fatal(err)
		}
		s, _, err := g.RandomWith(seed, referee.RandomOptions{Perspective: "Ann"})
		if err != nil {
			b.Fatal(err)
		}
		full, seat = append(full, f), append(seat, s)
	}
	for _, bb := range []struct {
		name  string
		texts []string
	}{{"full", full}, {"seat", seat}} {
		b.Run(bb.name, func(b *testing.B) {
			for b.Loop() {
				for _, text := range bb.texts {
					if r := g.Check("bench.void", text, referee.Options{}); r.ExitCode() != 0 {
						b.Fatal(r.Diagnostics)
					}
				}
			}
		})
	}
}
