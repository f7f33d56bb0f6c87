package notation

import (
	"reflect"
	"testing"
)

// TestTokenFields: the compiler builds a struct of more than four fields
// in memory and copies it, where it makes one of four in registers; the
// lexing loop, which makes a token a few bytes, did a tenth more work
// with five.
func TestTokenFields(t *testing.T) {
	if n := reflect.TypeOf(token{}).NumField(); n > 4 {
		t.Errorf("a token has %d fields, more than the four the lexer makes in registers", n)
	}
}
