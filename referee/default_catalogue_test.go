package referee

import (
	"reflect"
	"testing"

	"github.com/tabletop-referee/referee/referee/catalogue"
)

// TestDefaultCataloguesAsRead holds each game's generated default
// catalogue (Vocabulary.Default) to its text: a check with the default
// catalogue plays with the generated data and never parses the text.
func TestDefaultCataloguesAsRead(t *testing.T) {
	for _, g := range Games() {
		cg := g.cardGame()
		if cg == nil || cg.Default == nil {
			continue
		}
		t.Run(g.Name(), func(t *testing.T) {
			cat, _, errs, _ := catalogue.Read(cg.DefaultName, cg.DefaultSource)
			if len(errs) > 0 {
				t.Fatalf("the default catalogue has errors: %v", errs)
			}
			if !reflect.DeepEqual(cat, cg.Default) {
				t.Errorf("the generated default catalogue of %s differs from %s as read; run: go run ./referee/catalogue/gen", g.Name(), cg.DefaultName)
			}
		})
	}
}
