package mod

import (
	"errors"
	"fmt"
	"testing"

	"github.com/tabletop-referee/referee/engine"
	"github.com/tabletop-referee/referee/engine/internal/enginetest"
	"github.com/tabletop-referee/referee/engine/shuffle"
)

// ---------------------------------------------------------------------------
// Apply and Force change the state in place: what they answer, and the
// state they leave, are those of the engine that copied the whole state
// before every move.

// referenceApply is Apply as it was when it copied the state before every
// move: the move checked and played on a copy, kept only when legal.
func referenceApply(s *State, p int, m engine.Move) error {
	c := s.clone()
	if err := c.check(p, m); err != nil {
		return err
	}
	c.play(p, m)
	*s = *c
	return nil
}

// referenceForce is Force as it was: made on a copy, kept only when the
// move was made.
func referenceForce(s *State, p int, m engine.Move) error {
	c := s.clone()
	if err := c.Force(p, m); err != nil {
		return err
	}
	*s = *c
	return nil
}

// dump writes down the whole state: forceView, with the variants, the
// names and who the resolving card belongs to.
func dump(s *State) string {
	v := forceView(s) + fmt.Sprintf("rules=%+v names=%q\n", s.rules, s.names)
	if s.resolving.card != nil {
		v += fmt.Sprintf("resolving owner=%d\n", s.resolving.owner)
	}
	return v
}

// try is a move by a player.
type try struct {
	p int
	m engine.Move
}

// randomTries are the moves tried at a step of a random game besides the
// legal ones: the legal moves by the player not to move, a sample of the
// moves either player might make at the table (forceCandidates), and
// moves no position allows.
func randomTries(s *State, legal []engine.Move, rng *shuffle.Source) []try {
	var out []try
	p := s.ToMove()
	for _, m := range legal {
		out = append(out, try{1 - p, m})
	}
	for q := range 2 {
		c := forceCandidates(s, q)
		for range 4 {
			out = append(out, try{q, c[rng.Intn(len(c))]})
		}
	}
	extra := []engine.Move{Assign{"Gizmo"}, Spend{"Gizmo"}, Draft{Deck: 0}, Draft{Deck: 4}, Draft{Deck: 1, Card: "Gizmo"},
		Draft{Pile: true, Deck: 2, Card: "Laser"}, engine.OnSetupLine{Move: engine.EndTurn{}},
		engine.OnSetupLine{Move: engine.OnSetupLine{Move: Pass{}}}, engine.By{Player: ben, Move: Pass{}}}
	out = append(out, try{rng.Intn(3), extra[rng.Intn(len(extra))]})
	return out
}

// walkRandomGames plays random games with legal moves, every other game
// from a low durability so that many end. At every step, and once the
// game is over, it tries the legal moves and randomTries: on is called for
// each, with the state as it stands, which on must leave as it is.
func walkRandomGames(t *testing.T, games, maxSteps int, on func(g, step int, s *State, p int, m engine.Move)) {
	catalogues := randomCatalogues(t)
	ended := 0
	for g := range games {
		s, _ := randomGame(t, catalogues, g)
		if g%2 == 1 {
			// Low durability, for games that end within the steps.
			for _, pl := range s.players {
				pl.durability = 1 + g/2%3
			}
		}
		rng := shuffle.New(uint64(9000 + g))
		step := 0
		for ; step < maxSteps && !s.Outcome().Over; step++ {
			legal := s.Legal()
			for _, m := range legal {
				on(g, step, s, s.ToMove(), m)
			}
			for _, tr := range randomTries(s, legal, rng) {
				on(g, step, s, tr.p, tr.m)
			}
			m := legal[rng.Intn(len(legal))]
			if err := s.Apply(s.ToMove(), m); err != nil {
				t.Fatalf("game %d, step %d: Legal lists %s, which Apply refuses: %v", g, step, moveKey(m), err)
			}
		}
		if s.Outcome().Over {
			ended++
		}
		for _, tr := range randomTries(s, nil, rng) {
			on(g, step, s, tr.p, tr.m)
		}
	}
	t.Logf("%d of %d games ended", ended, games)
	if ended == 0 {
		t.Errorf("no game ended: no move was tried once a game is over")
	}
}

// TestApplyAsTheReference checks, in random games, every other move of
// those the walk tries at each step (the legal ones and a sample of
// refused ones), in every phase and once the game is over:
// Apply answers as referenceApply does, a refused move leaves the state
// exactly as it was, and an accepted one leaves the state the reference
// leaves. Force is held to referenceForce in the same way. 44 games reach
// all that 60 did.
func TestApplyAsTheReference(t *testing.T) {
	const games, maxSteps = 44, 80
	accepted, refused, tried := 0, 0, 0
	walkRandomGames(t, games, maxSteps, func(g, step int, s *State, p int, m engine.Move) {
		// Every other move the walk tries: each costs five copies of the
		// state, and a step's moves are much alike; the half left out
		// reached no statement the half kept does not.
		if tried++; tried%2 == 0 {
			return
		}
		at := func() string { return fmt.Sprintf("game %d, step %d, %s by %d", g, step, moveKey(m), p) }
		want := s.clone()
		wantErr := referenceApply(want, p, m)
		// A refused move is made on s itself, and must leave it as want,
		// the state as it was; an accepted one on a copy, for the walk.
		got := s
		if wantErr == nil {
			got = s.clone()
		}
		err := got.Apply(p, m)
		if !enginetest.Equal(err, wantErr) {
			t.Fatalf("%s: Apply answers %v, the reference %v", at(), err, wantErr)
		}
		if !enginetest.Equal(got, want) {
			t.Fatalf("%s: Apply leaves\n%s\nthe reference\n%s", at(), dump(got), dump(want))
		}
		var v *engine.Violation
		if err == nil {
			accepted++
		} else if refused++; !errors.As(err, &v) {
			t.Fatalf("%s: %v is not a violation", at(), err)
		}
		// Force plays a legal move as Apply does: want is its reference.
		// A refused move left want as s is, a copy for referenceForce.
		if wantErr != nil {
			wantErr = referenceForce(want, p, m)
		}
		got = s.clone()
		if err := got.Force(p, m); !enginetest.Equal(err, wantErr) {
			t.Fatalf("%s: Force answers %v, the reference %v", at(), err, wantErr)
		}
		if !enginetest.Equal(got, want) {
			t.Fatalf("%s: Force leaves\n%s\nthe reference\n%s", at(), dump(got), dump(want))
		}
	})
	t.Logf("%d moves accepted, %d refused", accepted, refused)
	if accepted == 0 || refused == 0 {
		t.Errorf("%d moves accepted, %d refused: the test does not test", accepted, refused)
	}
}

// BenchmarkApply replays random games, recorded beforehand, with Apply
// alone: the engine's part of a replay, without the notation's. The
// games alternate the default catalogue and one of other cards, and the
// shield variant's two values.
func BenchmarkApply(b *testing.B) {
	catalogues := []*Cards{loadCards(b, defaultCatalogue(b)), loadCards(b, withShared("2 Laser 2 Missile 1 Sword 2 Swarm 2 Mix 1 Cell 1 Scan 2 Overdrive 1 Boost 1 Zap 2 Red 2 Blue 1 Prism 1 Tin 1 Foil 2 Glass"))}
	start := func(g int) engine.State {
		return newGame(b, catalogues[g%2], uint64(500+g), map[string]string{"shield": []string{"hit", "point"}[g/2%2]})
	}
	enginetest.BenchApply(b, 40, start, func(rng *shuffle.Source, st engine.State) engine.Move {
		moves := st.Legal()
		return moves[rng.Intn(len(moves))]
	})
}
