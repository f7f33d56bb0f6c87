package mod

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/mod"
	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/referee"
	"github.com/tabletop-referee/referee/referee/catalogue"
	"github.com/tabletop-referee/referee/referee/games/roomtest"
)

// Each declaration of a position, written by modNotate, parses back to
// the same declaration, and is one modDeclares tells from the moves.
func TestModDeclarationsNotateAndReadBack(t *testing.T) {
	decls := []engine.Move{
		mod.Durability{N: 7},
		mod.FuelLevel{N: 0},
		mod.Initiative{},
		mod.Hand{Cards: []string{"Laser", "Red Plating"}},
		mod.Deck{Cards: []string{"Missile"}},
		mod.Deck{Count: 4},
		mod.DiscardPile{Cards: []string{"Laser", "fuel"}},
		mod.PlayArea{Cards: []string{"Blue Barrier"}},
		mod.StackSlot{N: 3, How: mod.Ejected, Card: "Plasma Sword"},
		mod.Activating{How: mod.Ejected, Card: "Laser"},
		mod.Activating{How: mod.Assigned, Card: "Missile Swarm", Ability: 2},
		mod.Round{N: 4},
		mod.Shared{Deck: 2, Cards: []string{"Laser", "Missile"}},
		mod.Shared{Deck: 3, Count: 7},
		mod.Shared{Pile: true, Deck: 1, Cards: []string{"Red Plating"}},
		mod.Unfilled{},
		mod.SeedStep{N: 57},
		// Without a seed: unknown cards, and draws still to write.
		mod.Hand{Cards: []string{"?", "Laser", "?"}},
		mod.DiscardPile{Cards: []string{"?"}},
		mod.StackSlot{N: 4, How: mod.Ejected, Card: "?"},
		mod.Activating{How: mod.Ejected, Card: "?"},
		mod.Shared{Deck: 1, Cards: []string{"Laser", "?", "?"}},
		mod.Drawn{N: 2},
	}
	for _, d := range decls {
		text := modNotate(d)
		p := grammar.Mod.Parse("test.mod", "Ann: "+text+"\n")
		if len(p.Errors) > 0 || len(p.File.Statements) != 1 || p.File.Statements[0].Setup == nil {
			t.Errorf("%q does not parse as one set-up line: %v", text, p.Errors)
			continue
		}
		moves := p.File.Statements[0].Setup.Moves
		if len(moves) != 1 || !modDeclares(moves[0]) {
			t.Errorf("%q parses as %d moves, not one declaration", text, len(moves))
			continue
		}
		got := modToEngine(nil, moves[0], true)
		if want := []engine.Move{engine.OnSetupLine{Move: d}}; !reflect.DeepEqual(got, want) {
			t.Errorf("%q reads back as %#v, want %#v", text, got, want)
		}
	}
	for _, m := range []grammar.ModMove{&grammar.ModPass{Pass: true}, &grammar.ModFuel{Fuel: true}, &grammar.ModDraft{Deck: 1}, &grammar.ModTop{Deck: 1, Card: "Laser"}, &grammar.ModDraw{Card: "?"}} {
		if modDeclares(m) {
			t.Errorf("%s is taken for a declaration", m)
		}
	}
}

// The records of an unseeded game, written by modNotate, parse back to
// the same moves: on a board line, in a turn, and with the player named.
func TestModRecordsNotateAndReadBack(t *testing.T) {
	for _, tt := range []struct {
		line string
		m    engine.Move
		want string
	}{
		{"board: ", engine.OnSetupLine{Move: mod.Top{Deck: 2, Card: "Red Plating"}}, `top 2 "Red Plating"`},
		{"1. Ann: ", mod.Top{Deck: 3, Card: "Laser"}, "top 3 Laser"},
		{"1. Ann: ", mod.DrawCard{Card: "Laser"}, "draw Laser"},
		{"1. Ann: ", mod.DrawCard{Card: "?"}, "draw ?"},
		{"1. Ann: ", mod.DrawCard{}, "draw"},
		{"1. Ann: ", mod.Eject{Card: "?"}, "eject ?"},
	} {
		text := modNotate(tt.m)
		if text != tt.want {
			t.Errorf("%#v written %q, want %q", tt.m, text, tt.want)
		}
		p := grammar.Mod.Parse("test.mod", tt.line+text+"\n")
		if len(p.Errors) > 0 || len(p.File.Statements) != 1 {
			t.Errorf("%q does not parse: %v", tt.line+text, p.Errors)
			continue
		}
		st := p.File.Statements[0]
		moves, setup := []notation.Move(nil), st.Setup != nil
		if setup {
			moves = st.Setup.Moves
		} else {
			moves = st.Turn.Moves
		}
		want := tt.m
		if sl, ok := want.(engine.OnSetupLine); ok {
			want = sl.Move
		}
		got := modToEngine(nil, moves[0], setup)
		if setup {
			want = engine.OnSetupLine{Move: want}
		}
		if !reflect.DeepEqual(got, []engine.Move{want}) {
			t.Errorf("%q reads back as %#v, want %#v", text, got, want)
		}
	}
	p := grammar.Mod.Parse("test.mod", "1. Ben: Ann draw \"Fuel Cell\"\n")
	m := p.File.Statements[0].Turn.Moves[0].(*grammar.ModDraw)
	if len(p.Errors) > 0 || m.Actor() == nil || m.Actor().Text() != "Ann" || string(m.Card) != "Fuel Cell" {
		t.Errorf("Ann draw \"Fuel Cell\" in Ben's turn parses as %v %v", m, p.Errors)
	}
}

// seats are the perspectives a random game is written from: every card,
// and each player's seat.
var seats = []referee.RandomOptions{{Unseeded: true}, {Perspective: "Ann"}, {Perspective: "Ben"}}

// writeRandom is roomtest.WriteRandom.
var writeRandom = roomtest.WriteRandom

// Random games written without a seed, every card written where the table
// revealed it, check clean to the result of their seeded originals; so do
// the same games written from each seat, the other player's draws and
// ejected cards as ?.
func TestRandomGamesUnseededAndFromEachSeat(t *testing.T) {
	g, ok := referee.Lookup("mod")
	if !ok {
		t.Fatal("mod is not registered")
	}
	unverified := 0
	for seed := uint64(1); seed <= 40; seed++ {
		text, _, _ := writeRandom(g, seed, referee.RandomOptions{})
		want := g.Check("seeded.mod", text, referee.Options{})
		if want.ExitCode() != 0 {
			t.Fatalf("seed %d: the seeded game does not check clean:\n%s", seed, referee.ReportText(want))
		}
		for _, opts := range seats {
			written, _, err := writeRandom(g, seed, opts)
			if err != nil {
				t.Fatalf("seed %d %+v: %v", seed, opts, err)
			}
			if strings.Contains(written, "[Seed") {
				t.Errorf("seed %d %+v: the game is written with a Seed tag", seed, opts)
			}
			if strings.Contains(written, "?") != (opts.Perspective != "") {
				t.Errorf("seed %d %+v: ? written %v, want %v", seed, opts, !strings.Contains(written, "?"), opts.Perspective != "")
			}
			r := g.Check("unseeded.mod", written, referee.Options{})
			if r.ExitCode() != 0 || r.Result != want.Result {
				t.Errorf("seed %d %+v: %q (exit %d), want %q:\n%s\n%s", seed, opts, r.Result, r.ExitCode(), want.Result, referee.ReportText(r), written)
			}
			unverified += r.Unverified
		}
	}
	if unverified == 0 {
		t.Error("no move of a one-seat game was checked under an assumption: the hidden cards were never revealed")
	}
}

// modReveal finds, in a game written from Ann's seat, the first card Ben
// assigns or ejects by name: every card he draws is written ?, so each is
// one of his unknown cards revealed.
var modReveal = regexp.MustCompile(`(?m)^(\d+)\. Ben: (?:.*, )?(assign|eject) ("[^"]+"|[A-Za-z]+)`)

// In a game written from Ann's seat, one of Ben's unknown cards revealed
// as a card that cannot be his at that moment is flagged where it is
// revealed, by name.
func TestRandomGamesFromOneSeatFlagARevealThatCannotBe(t *testing.T) {
	g, _ := referee.Lookup("mod")
	cat, _, errs, _ := catalogue.Read("mod.cards", modCatalogue)
	cs, cerrs := mod.Load(cat)
	if len(errs) > 0 || len(cerrs) > 0 {
		t.Fatalf("the default catalogue: %v %v", errs, cerrs)
	}
	flagged := 0
	for seed := uint64(1); seed <= 20; seed++ {
		text, _, err := writeRandom(g, seed, referee.RandomOptions{Perspective: "Ann"})
		if err != nil {
			t.Fatal(err)
		}
		m := modReveal.FindStringSubmatchIndex(text)
		if m == nil {
			continue
		}
		at, end := m[6], m[7] // the card's name
		named := strings.Trim(text[at:end], `"`)
		for _, c := range cs.All() {
			if c.Name == named {
				continue
			}
			mutated := text[:at] + grammar.ModName(c.Name).String() + text[end:]
			r := g.Check("mutated.mod", mutated, referee.Options{})
			move := m[4] // the move's place: its verb
			if d := firstIllegal(r); r.Illegal > 0 && d.Span.Start.Offset <= move {
				// A card Ben cannot hold there.
				if d.Span.Start.Offset != move || !strings.Contains(d.Msg, "Ben cannot hold "+c.Name+":") || !strings.Contains(d.Msg, "MD28") {
					t.Errorf("seed %d: %s revealed as %s: flagged at %d with %q, want at %d, Ben cannot hold %s (MD28)",
						seed, named, c.Name, d.Span.Start.Offset, d.Msg, move, c.Name)
				}
				flagged++
			}
			// Else a card Ben could hold there: the game goes another way.
		}
	}
	if flagged == 0 {
		t.Error("no reveal was found that a card elsewhere would break")
	}
}

func firstIllegal(r *referee.Report) referee.Diagnostic {
	for _, d := range r.Diagnostics {
		if d.Severity == referee.Illegal {
			return d
		}
	}
	return referee.Diagnostic{}
}

// Random games written without a seed, and from each seat, cut at a few
// turns with referee position --rest, check from the position to the
// same result and final state: an unseeded position says what is unseen,
// what is unknown and what is still to write (ruling MD29).
func TestUnseededPositionsRoundTrip(t *testing.T) {
	g, _ := referee.Lookup("mod")
	verdict := func(r *referee.Report) string {
		var b strings.Builder
		b.WriteString(r.Result + "\n")
		for _, row := range r.State {
			b.WriteString(row.Name + ": " + row.Value + "\n")
		}
		for _, d := range r.Diagnostics {
			if d.Severity == referee.Illegal {
				b.WriteString(d.Msg + "\n")
			}
		}
		return b.String()
	}
	for seed := uint64(1); seed <= 12; seed++ {
		for _, opts := range seats {
			text, _, err := writeRandom(g, seed, opts)
			if err != nil {
				t.Fatal(err)
			}
			want := verdict(g.Check("whole.mod", text, referee.Options{}))
			for _, turn := range []int{1, 10, 20, 35, 50} {
				cut, r := g.Position("whole.mod", text, referee.Options{}, turn, true)
				if cut == "" {
					continue // the game ended before
				}
				if got := verdict(g.Check("cut.mod", cut, referee.Options{})); got != want {
					t.Errorf("seed %d %+v cut after turn %d:\n%s\nwant\n%s\nfrom\n%s\n%s", seed, opts, turn, got, want, cut, referee.ReportText(r))
				}
			}
		}
	}
}

// Drawn from Ann's seat, Ben's hand is a count and his ejected card face
// down; drawn for every card, both show.
func TestDrawFromASeat(t *testing.T) {
	cat, _, _, _ := catalogue.Read("mod.cards", modCatalogue)
	cs, _ := mod.Load(cat)
	st, err := mod.Game{Cards: cs}.New(engine.Options{Players: []string{"Ann", "Ben"}, Seeded: true, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	// Round 1: both draft until the stack is full; the reset deals each
	// a card. Then Ann assigns, and Ben ejects his card.
	for range 10 {
		p := st.ToMove()
		must(t, st.Apply(p, st.Legal()[0]))
		must(t, st.Apply(p, engine.EndTurn{}))
	}
	s := st.(*mod.State)
	annCard, benCard := s.Hand(0)[0], s.Hand(1)[0]
	check := func(when string, seat int, shown, not []string) {
		t.Helper()
		text := modDraw(st, referee.View{Players: []string{"Ann", "Ben"}, Seat: seat}).String()
		for _, want := range shown {
			if !strings.Contains(text, want) {
				t.Errorf("%s, seat %d: %q not drawn:\n%s", when, seat, want, text)
			}
		}
		for _, bad := range not {
			if strings.Contains(text, bad) {
				t.Errorf("%s, seat %d: %q drawn:\n%s", when, seat, bad, text)
			}
		}
	}
	ann, ben := "hand "+modCardName(annCard), "hand "+modCardName(benCard)
	check("round 2", engine.Nobody, []string{ann, ben}, nil)
	check("round 2", 0, []string{ann, "hand 1 card"}, []string{ben})
	check("round 2", 1, []string{ben, "hand 1 card"}, []string{ann})
	must(t, st.Apply(1, mod.Eject{Card: benCard}))
	ejected := "B ejected " + modCardName(benCard)
	check("Ben's eject", engine.Nobody, []string{ejected}, nil)
	check("Ben's eject", 0, []string{"B ejected face down"}, []string{ejected})
	check("Ben's eject", 1, []string{ejected}, nil)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// BenchmarkCheckOneSeat checks the same random games written three ways:
// seeded, without a seed with every card written, and from Ann's seat
// with Ben's hidden cards as ?. The one-seat record should cost at most
// twice the full one.
func BenchmarkCheckOneSeat(b *testing.B) {
	g, _ := referee.Lookup("mod")
	ways := []struct {
		name string
		opts *referee.RandomOptions
	}{{"seeded", nil}, {"every card", &seats[0]}, {"one seat", &seats[1]}}
	for _, way := range ways {
		var texts []string
		for seed := uint64(1); seed <= 20; seed++ {
			text, _ := g.Random(seed)
			if way.opts != nil {
				text, _, _ = g.RandomWith(seed, *way.opts)
			}
			texts = append(texts, text)
		}
		b.Run(way.name, func(b *testing.B) {
			for b.Loop() {
				for _, text := range texts {
					if r := g.Check("bench.mod", text, referee.Options{}); r.ExitCode() != 0 {
						b.Fatal(referee.ReportText(r))
					}
				}
			}
		})
	}
}
