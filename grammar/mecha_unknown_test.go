package grammar

import "testing"

// TestMechaUnknownCards: ? is a card nobody recorded where the grammar
// takes one (a draw, a deck list, a direct attack's card), parsed as
// MechaUnknown and printed back as ?, and refused where a card must be
// named (a play, a discard, a skipped draw).
func TestMechaUnknownCards(t *testing.T) {
	tests := []struct{ src, fields, printed string }{
		{"draw ?", `draw ["?"]`, "draw ?"},
		{"draw ? Scout ?", `draw ["?" "Scout" "?"]`, "draw ? Scout ?"},
		{`draw "?"`, `draw ["?"]`, "draw ?"},
		{"draw??", `draw ["?" "?"]`, "draw ? ?"},
		{"c5 direct ?", `act from=c5 path=[] target= direct=true damage="?"`, "c5 direct ?"},
		{"deck ?", `deck named="?"`, "deck ?"},
		{`deck 12 "Radio Tower" 28 ?`, `deck named="" items=[12*"Radio Tower" 28*"?"]`, `deck 12 "Radio Tower" 28 ?`},
	}
	for _, tt := range tests {
		m := parseMechaOne(t, tt.src)
		if got := mechaFields(m); got != tt.fields {
			t.Errorf("%q parses as %s, want %s", tt.src, got, tt.fields)
		}
		if got := m.String(); got != tt.printed {
			t.Errorf("%q prints as %q, want %q", tt.src, got, tt.printed)
		}
	}
	for _, src := range []string{"play ?", "discard ?", "skip draw ?", "play ? c1", "? play EMP c2"} {
		if _, errs := parseMechaMoves(t, src); errs == nil {
			t.Errorf("%q parses: a card played or discarded is named", src)
		}
	}
	// A position's hand may hold unknown cards (the engine refuses them in
	// the other zones, which are face up).
	p := Mecha.Parse("test.mecha", "Ann: hand ? Scout\n")
	if len(p.Errors) > 0 {
		t.Fatal(p.Errors)
	}
	if got := p.File.Statements[0].Setup.Moves[0].String(); got != "hand ? Scout" {
		t.Errorf("hand ? Scout prints as %q", got)
	}
}
