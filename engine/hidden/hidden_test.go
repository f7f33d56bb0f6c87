package hidden

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// op is one step of a scenario: a letter and its arguments.
//
//	h      hide a card (named by its order of hiding, 0, 1, ...)
//	t X    take X seen
//	a X    add X unseen
//	r N X  reveal hidden card N as X
//	o X    reveal one of the live hidden cards as X
//	b N    return hidden card N
type op struct {
	kind string
	n    int
	name string
	// want is "" for success, or a substring of the error.
	want string
}

func TestLedger(t *testing.T) {
	tests := []struct {
		name string
		pool []string
		ops  []op
	}{
		{"a hidden card can be any unseen card", []string{"7H", "8H", "9H"}, []op{
			{kind: "h"}, {kind: "r", n: 0, name: "8H"},
		}},
		{"a card seen elsewhere cannot be revealed", []string{"7H", "8H", "9H"}, []op{
			{kind: "h"}, {kind: "t", name: "7H"}, {kind: "r", n: 0, name: "7H", want: "Ann drew it"},
		}},
		{"a card never in the pool cannot be revealed", []string{"7H", "8H"}, []op{
			{kind: "h"}, {kind: "r", n: 0, name: "KS", want: "no such card"},
		}},
		{"two copies: both can hide", []string{"7H", "7H", "8H"}, []op{
			{kind: "h"}, {kind: "h"}, {kind: "r", n: 0, name: "7H"}, {kind: "r", n: 1, name: "7H"},
		}},
		{"one copy cannot be revealed twice", []string{"7H", "8H"}, []op{
			{kind: "h"}, {kind: "h"}, {kind: "r", n: 0, name: "7H"}, {kind: "r", n: 1, name: "7H", want: "Ben played it"},
		}},
		{"seen while hidden: excluded for good", []string{"7H", "8H", "9H"}, []op{
			{kind: "h"}, {kind: "t", name: "7H"}, {kind: "a", name: "7H"}, {kind: "r", n: 0, name: "7H", want: "Ann drew it"},
		}},
		{"hidden after the copy came back: allowed", []string{"7H", "8H", "9H"}, []op{
			{kind: "t", name: "7H"}, {kind: "a", name: "7H"}, {kind: "h"}, {kind: "r", n: 0, name: "7H"},
		}},
		{"hidden while no copy was in the pool: excluded", []string{"7H", "8H", "9H"}, []op{
			{kind: "t", name: "7H"}, {kind: "h"}, {kind: "a", name: "7H"}, {kind: "r", n: 0, name: "7H", want: "Ann drew it"},
		}},
		{"a take the hidden cards force out is refused", []string{"7H", "8H"}, []op{
			// Card 0 cannot be 8H (seen while it was hidden), so it is 7H:
			// the last 7H cannot then be taken.
			{kind: "h"}, {kind: "t", name: "8H"}, {kind: "a", name: "8H"}, {kind: "t", name: "7H", want: "must be cards already hidden"},
		}},
		{"a take rematches a hidden card", []string{"7H", "8H"}, []op{
			{kind: "h"}, {kind: "t", name: "7H"}, {kind: "r", n: 0, name: "8H"},
		}},
		{"a reveal that leaves another hidden card nothing is refused", []string{"7H", "8H", "9H"}, []op{
			// Card 0 hid while 8H and 9H were seen: it can only be 7H.
			{kind: "t", name: "8H"}, {kind: "t", name: "9H"}, {kind: "h"},
			{kind: "a", name: "8H"}, {kind: "a", name: "9H"},
			{kind: "h"}, {kind: "r", n: 1, name: "7H", want: "must be cards already hidden"},
			{kind: "r", n: 1, name: "8H"}, {kind: "r", n: 0, name: "7H"},
		}},
		{"reveal one picks a card that can be it", []string{"7H", "8H", "9H"}, []op{
			{kind: "t", name: "8H"}, {kind: "t", name: "9H"}, {kind: "h"},
			{kind: "a", name: "8H"}, {kind: "a", name: "9H"}, {kind: "h"},
			{kind: "o", name: "8H"}, {kind: "o", name: "7H"},
		}},
		{"a returned card merges with the pool", []string{"7H", "8H"}, []op{
			{kind: "h"}, {kind: "b", n: 0}, {kind: "t", name: "7H"}, {kind: "t", name: "8H"},
		}},
		{"hide from an exhausted pool fails", []string{"7H"}, []op{
			{kind: "h"}, {kind: "h", want: "no card is left"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var l Ledger
			p := l.NewPool(tt.pool)
			var hidden []Card
			whys := []string{"Ann drew it", "Ben played it"}
			for k, o := range tt.ops {
				var err error
				switch o.kind {
				case "h":
					var c Card
					if c, err = l.Hide(p); err == nil {
						hidden = append(hidden, c)
					}
				case "t":
					err = l.Take(p, o.name, whys[0])
				case "a":
					l.Add(p, o.name)
				case "r":
					err = l.Reveal(hidden[o.n], o.name, whys[1])
				case "o":
					_, err = l.RevealOne(hidden, o.name, whys[1])
				case "b":
					l.Return(hidden[o.n])
				}
				switch {
				case o.want == "" && err != nil:
					t.Fatalf("step %d (%s %s): %v", k, o.kind, o.name, err)
				case o.want != "" && err == nil:
					t.Fatalf("step %d (%s %s): no error, want %q", k, o.kind, o.name, o.want)
				case o.want != "" && !strings.Contains(err.Error(), o.want):
					t.Fatalf("step %d (%s %s): %v, want %q", k, o.kind, o.name, err, o.want)
				}
			}
		})
	}
}

// TestFailedOperationsChangeNothing: a refused reveal or take leaves the
// ledger as it was, so that the next move is judged on the same record.
func TestFailedOperationsChangeNothing(t *testing.T) {
	var l Ledger
	p := l.NewPool([]string{"7H", "8H", "9H"})
	l.Take(p, "8H", "seen")
	l.Take(p, "9H", "seen")
	c0, _ := l.Hide(p)
	l.Add(p, "8H")
	l.Add(p, "9H")
	c1, _ := l.Hide(p)
	if _, err := l.Hide(p); err != nil { // the last copy left unseen
		t.Fatal(err)
	}
	before := fmt.Sprint(l.pools[p].count, l.pools[p].load, l.pools[p].live, l.cards, l.epoch)
	if err := l.Reveal(c1, "7H", "played"); err == nil {
		t.Fatal("card 1 revealed as 7H, which card 0 must be")
	}
	if err := l.Take(p, "7H", "drawn"); err == nil {
		t.Fatal("7H taken, which card 0 must be")
	}
	if _, err := l.Hide(p); err == nil {
		t.Fatal("a card hidden where every copy left is hidden already")
	}
	if after := fmt.Sprint(l.pools[p].count, l.pools[p].load, l.pools[p].live, l.cards, l.epoch); after != before {
		t.Fatalf("a refused operation changed the ledger:\n%s\n%s", before, after)
	}
	if l.Assumptions() != 0 {
		t.Fatalf("a refused reveal was counted")
	}
	if err := l.Reveal(c0, "7H", "played"); err != nil {
		t.Fatal(err)
	}
	if l.Assumptions() != 1 {
		t.Fatalf("Assumptions = %d, want 1", l.Assumptions())
	}
}

func TestConflictCarriesWhy(t *testing.T) {
	var l Ledger
	p := l.NewPool([]string{"7H", "8H"})
	c, _ := l.Hide(p)
	if err := l.Take(p, "7H", "it was discarded on turn 4"); err != nil {
		t.Fatal(err)
	}
	err := l.Reveal(c, "7H", "")
	var conflict *Conflict
	if !errors.As(err, &conflict) || conflict.Why != "it was discarded on turn 4" || conflict.Forced {
		t.Fatalf("got %#v", err)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	var l Ledger
	p := l.NewPool([]string{"7H", "8H"})
	c, _ := l.Hide(p)
	k := l.Clone()
	if err := k.Reveal(c, "7H", "x"); err != nil {
		t.Fatal(err)
	}
	if l.Hidden(p) != 1 || k.Hidden(p) != 0 || l.Count(p, "7H") != 1 || k.Count(p, "7H") != 0 {
		t.Fatal("the clone shares state with the original")
	}
}

// KeepsWhy holds for the take that sees a name's last copy, whose reason
// a later conflict quotes, and not before it.
func TestKeepsWhy(t *testing.T) {
	var l Ledger
	p := l.NewPool([]string{"7H", "7H"})
	if l.KeepsWhy(p, "7H") {
		t.Error("the first of two copies keeps its reason")
	}
	l.Take(p, "7H", "")
	if !l.KeepsWhy(p, "7H") {
		t.Error("the last copy does not keep its reason")
	}
	l.Take(p, "7H", "drawn on turn 2")
	var c *Conflict
	if err := l.Take(p, "7H", ""); !errors.As(err, &c) || c.Why != "drawn on turn 2" {
		t.Errorf("a third 7H: %v, want the last copy's reason", err)
	}
}

// RevealOne spends the oldest hidden card that can be the name, whatever
// the present matching makes each: here it makes the newer card A, and
// spending it would leave the older, hidden before X came, to be X.
func TestRevealOneSpendsTheOldest(t *testing.T) {
	var l Ledger
	p := l.NewPool([]string{"B", "A"})
	old, _ := l.Hide(p) // matched to B, the first name
	l.Add(p, "X")
	young, _ := l.Hide(p) // matched to A
	if k, err := l.RevealOne([]Card{old, young}, "A", "played"); err != nil || k != 0 {
		t.Fatalf("A revealed as card %d (%v), want the older, 0", k, err)
	}
	if _, err := l.RevealOne([]Card{young}, "X", "played"); err != nil {
		t.Fatalf("the newer card cannot be X: %v", err)
	}
}

// A clone is deeply equal to its original, an empty list as empty and
// not nil: the engines' tests compare a state refused a move with its
// copy from before, a field at a time.
func TestCloneIsDeeplyEqual(t *testing.T) {
	var l Ledger
	l.NewPool(nil)
	p := l.NewPool([]string{"7H"})
	c, _ := l.Hide(p)
	if _, err := l.Hide(p); err == nil {
		t.Fatal("a second card hidden from a pool of one")
	}
	l.Return(c)
	for _, k := range []*Ledger{l.Clone(), l.CloneInto(l.Clone())} {
		if !reflect.DeepEqual(k, &l) {
			t.Errorf("a clone differs from its original:\n%#v\n%#v", *k, l)
		}
	}
}

// CloneInto written over a ledger that was in use (more pools and cards
// than the original, other counts) gives what Clone gives, and the two
// stay apart after.
func TestCloneIntoOverAUsedLedger(t *testing.T) {
	dump := func(l *Ledger) string {
		out := fmt.Sprint(l.cards, l.epoch, l.assumed, len(l.pools))
		for _, p := range l.pools {
			out += fmt.Sprint(p.names, p.count, p.load, p.lastEnd, p.zeroWhy, p.live)
		}
		return out
	}
	var l Ledger
	p := l.NewPool([]string{"7H", "8H", "9H"})
	l.Take(p, "8H", "seen")
	c, _ := l.Hide(p)

	var used Ledger
	for range 3 {
		q := used.NewPool([]string{"2S", "3S", "4S", "5S"})
		used.Hide(q)
		used.Hide(q)
	}
	into := l.CloneInto(&used)
	if into != &used {
		t.Fatal("CloneInto did not write over the ledger it was given")
	}
	if got, want := dump(into), dump(l.Clone()); got != want {
		t.Fatalf("CloneInto over a used ledger:\n%s\nwant\n%s", got, want)
	}
	if err := into.Reveal(c, "7H", "played"); err != nil {
		t.Fatal(err)
	}
	into.Add(p, "JH")
	if l.Hidden(p) != 1 || l.Count(p, "7H") != 1 || l.Count(p, "JH") != 0 {
		t.Error("a change to the copy changed the original")
	}
	l.Add(p, "QH")
	if into.Count(p, "QH") != 0 || into.Count(p, "JH") != 1 {
		t.Error("a change to the original changed the copy")
	}
}

// A clone and its original share their pools' indexes of names until one
// learns a name: the names each adds (Add of a card from outside the
// deck), past those an index holds and past a new index, are its own.
func TestCloneLearnsNamesApart(t *testing.T) {
	var l Ledger
	p := l.NewPool([]string{"7H", "8H"})
	k := l.Clone()
	for i := range 2 * scanned {
		l.Add(p, fmt.Sprintf("%dS", i))
		k.Add(p, fmt.Sprintf("%dC", i))
		k.Add(p, fmt.Sprintf("%dC", i))
	}
	for i := range 2 * scanned {
		spade, club := fmt.Sprintf("%dS", i), fmt.Sprintf("%dC", i)
		if l.Count(p, spade) != 1 || l.Count(p, club) != 0 || k.Count(p, spade) != 0 || k.Count(p, club) != 2 {
			t.Fatalf("%s and %s: the original counts %d and %d, the clone %d and %d; want 1, 0, 0 and 2",
				spade, club, l.Count(p, spade), l.Count(p, club), k.Count(p, spade), k.Count(p, club))
		}
	}
	if l.Count(p, "7H") != 1 || k.Count(p, "8H") != 1 {
		t.Error("the deck's own names were lost")
	}
	if err := k.Take(p, "3C", "drawn"); err != nil || k.Count(p, "3C") != 1 {
		t.Errorf("take of a name the clone learned: %v, %d left", err, k.Count(p, "3C"))
	}
}

// TestManyUnknownsStayPolynomial hides every card of a large pool, shows
// half its names while they hide, and reveals them all in the worst order
// for the matching: it must finish (the test's own time limit is the
// bound), and every step must succeed.
func TestManyUnknownsStayPolynomial(t *testing.T) {
	const n = 400
	var names []string
	for i := range n {
		names = append(names, fmt.Sprintf("c%d", i))
	}
	var l Ledger
	p := l.NewPool(append(names, names...))
	var hidden []Card
	for range n {
		c, err := l.Hide(p)
		if err != nil {
			t.Fatal(err)
		}
		hidden = append(hidden, c)
	}
	// Seeing one copy of each name while they hide rules out nothing (a
	// second copy is left), but makes the matching work.
	for _, name := range names {
		if err := l.Take(p, name, "seen"); err != nil {
			t.Fatal(err)
		}
	}
	for k := len(hidden) - 1; k >= 0; k-- {
		if err := l.Reveal(hidden[k], names[k], "played"); err != nil {
			t.Fatalf("reveal %d: %v", k, err)
		}
	}
	if l.Assumptions() != n {
		t.Fatalf("Assumptions = %d, want %d", l.Assumptions(), n)
	}
}

func BenchmarkRevealOne(b *testing.B) {
	var names []string
	for i := range 52 {
		names = append(names, fmt.Sprintf("c%d", i))
	}
	for b.Loop() {
		var l Ledger
		p := l.NewPool(names)
		var hand []Card
		for k := range 26 {
			c, _ := l.Hide(p)
			hand = append(hand, c)
			if err := l.Take(p, names[51-k], "drawn"); err != nil {
				b.Fatal(err)
			}
		}
		for k := range 26 {
			if _, err := l.RevealOne(hand, names[k], "played"); err != nil {
				b.Fatal(err)
			}
		}
	}
}
