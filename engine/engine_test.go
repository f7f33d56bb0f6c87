package engine

import (
	"strings"
	"testing"
)

func TestResolveVariants(t *testing.T) {
	known := []Variant{
		{Name: "tie", Values: []string{"shield", "bounce"}},
		{Name: "ace", Values: []string{"low", "high"}},
	}
	tests := []struct {
		name    string
		chosen  map[string]string
		want    map[string]string
		wantErr string
	}{
		{"defaults", nil, map[string]string{"tie": "shield", "ace": "low"}, ""},
		{"chosen", map[string]string{"ace": "high"}, map[string]string{"tie": "shield", "ace": "high"}, ""},
		{"unknown name", map[string]string{"aces": "high"}, nil, `unknown variant "aces" (did you mean "ace"?) (known: tie, ace)`},
		{"unknown name, nothing like it", map[string]string{"speed": "high"}, nil, `unknown variant "speed" (known: tie, ace)`},
		{"a slip in a value", map[string]string{"tie": "bounse"}, nil, `variant tie has no value "bounse" (did you mean "bounce"?) (values: shield, bounce)`},
		{"unknown value", map[string]string{"tie": "both"}, nil, `variant tie has no value "both" (values: shield, bounce)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ResolveVariants(known, tt.chosen)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("err = %v, want %s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tt.want {
				if got[k] != v {
					t.Errorf("%s = %q, want %q", k, got[k], v)
				}
			}
		})
	}
}

func TestViolationNamesItsSource(t *testing.T) {
	rule := (&Violation{What: "b2 is occupied", Rule: "draw a card"}).Error()
	if !strings.Contains(rule, `(rule: "draw a card")`) {
		t.Errorf("rule violation reads %q", rule)
	}
	ruling := (&Violation{What: "x", Rule: "one unit a square", Ruling: "S3"}).Error()
	if !strings.Contains(ruling, `(ruling S3: "one unit a square")`) {
		t.Errorf("ruling violation reads %q", ruling)
	}
}

func TestOutcomeValueAndSquash(t *testing.T) {
	for _, tt := range []struct {
		o      Outcome
		player int
		want   float64
	}{
		{Outcome{Over: true, Winner: 0}, 0, 1},
		{Outcome{Over: true, Winner: 0}, 1, -1},
		{Outcome{Over: true, Winner: Nobody}, 1, 0},
	} {
		if got := tt.o.Value(tt.player); got != tt.want {
			t.Errorf("%+v.Value(%d) = %v, want %v", tt.o, tt.player, got, tt.want)
		}
	}
	for _, x := range []float64{0, 0.5, 1, 3, 1e9} {
		s := Squash(x)
		if s < 0 || s >= 1 || Squash(-x) != -s || (x > 0 && s <= Squash(x/2)) {
			t.Errorf("Squash(%v) = %v, Squash(%v) = %v: want odd, increasing, inside (-1, 1)", x, s, -x, Squash(-x))
		}
	}
}
