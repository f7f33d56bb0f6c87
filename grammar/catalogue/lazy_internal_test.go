package catalogue

import (
	"reflect"
	"testing"
)

// The catalogue lexer's token types, known before its regular expressions
// are compiled, are those participle gives the compiled lexer.
func TestLazyLexerSymbols(t *testing.T) {
	t.Parallel()
	lazy := catalogueLexer.(*lazyDefinition)
	if got, want := lazy.Symbols(), lazy.def().Symbols(); !reflect.DeepEqual(got, want) {
		t.Errorf("symbols %v, participle's %v", got, want)
	}
}
