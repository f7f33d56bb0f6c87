package enginetest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-referee/referee/engine/catalogue"
)

// ErrorLines lists errs as "ID: message", one error a line, in the order
// given: the form the catalogue tests compare errors in and show them.
func ErrorLines(errs []*catalogue.Error) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "%d: %s\n", e.ID, e.Msg)
	}
	return b.String()
}

// sortedErrorLines is ErrorLines with its lines sorted, for errors whose
// order does not matter.
func sortedErrorLines(errs []*catalogue.Error) string {
	lines := make([]string, len(errs))
	for i := range errs {
		lines[i] = ErrorLines(errs[i : i+1])
	}
	slices.Sort(lines)
	return strings.Join(lines, "")
}

// ErrCase is one faulty catalogue for CheckErrors.
type ErrCase struct {
	// Name names the case's subtest.
	Name string
	// Src is the catalogue, with carets marking the items the errors are
	// at, as MarkedCatalogue reads it.
	Src string
	// Want is every error the catalogue has, in any order, each as its
	// whole message. A message is at the first caret's item, or, when it
	// begins with "^N ", at the Nth caret's, that prefix taken off; in a
	// catalogue without a caret every error is at no item (ID 0).
	Want []string
}

// CheckErrors loads each case's catalogue of the game named with the
// game's load function (its Load), in a subtest of its own, and checks
// every error: the item it is at and its whole message, as ErrCase says.
// An error at a card's name means the card as a whole. On a mismatch the
// test shows the catalogue, or show(Src) when show is not nil (to leave
// out the good cards every case stands beside), with the errors found
// and those wanted. When check is not nil, it then checks more of what
// load returned, such as that the cards in error are left out.
func CheckErrors[C any](t *testing.T, game string, load func(*catalogue.Catalogue) (C, []*catalogue.Error), tests []ErrCase,
	show func(src string) string, check func(t *testing.T, cards C)) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			cat, ids := MarkedCatalogue(t, game, tt.Src)
			cards, errs := load(cat)
			var want []*catalogue.Error
			for _, msg := range tt.Want {
				at := 0
				if n, rest, ok := strings.Cut(msg, " "); ok && strings.HasPrefix(n, "^") {
					at, _ = strconv.Atoi(n[1:])
					at--
					msg = rest
				}
				id := 0
				if len(ids) > 0 {
					id = ids[at]
				}
				want = append(want, &catalogue.Error{ID: id, Msg: msg})
			}
			if got, wantText := sortedErrorLines(errs), sortedErrorLines(want); got != wantText {
				src := tt.Src
				if show != nil {
					src = show(src)
				}
				t.Errorf("%s\nerrors:\n%swant:\n%s", src, got, wantText)
			}
			if check != nil {
				check(t, cards)
			}
		})
	}
}
