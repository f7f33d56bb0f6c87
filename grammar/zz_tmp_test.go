package grammar

import (
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/tabletop-referee/referee/notation"
)

func BenchmarkZZBuild(b *testing.B) {
	for b.Loop() {
		g, _ := notation.NewGrammar[SortieMove](SortieLexer, nil, participle.Union[SortieMove](&SortieDraw{}, &SortiePlace{}, &SortieAct{},
			&SortieUnit{}, &SortieHand{}, &SortieCaptured{}, &SortiePile{}, &SortieStream{}))
		g.ValueTokens("Card", "Square")
	}
}
