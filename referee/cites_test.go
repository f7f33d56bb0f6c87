package referee

import "testing"

func TestCites(t *testing.T) {
	tests := []struct {
		msg  string
		want Citation
		ok   bool
	}{
		{`a2 is occupied (ruling S3: "A square holds at most one unit.")`, Citation{Ruling: "S3", Rule: "A square holds at most one unit.", At: 14}, true},
		{`Worm is not Ann's (rule: "Each player \"secretly\" selects")`, Citation{Rule: `Each player "secretly" selects`, At: 17}, true},
		{`a note with no rule`, Citation{}, false},
		{`a rule quoted mid-message (rule: "x") and more`, Citation{}, false},
		{`a broken quote (rule: "x\q")`, Citation{}, false},
	}
	for _, tt := range tests {
		got, ok := Cites(tt.msg)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Cites(%q) = %+v, %v; want %+v, %v", tt.msg, got, ok, tt.want, tt.ok)
		}
	}
}
