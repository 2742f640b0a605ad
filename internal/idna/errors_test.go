package idna

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestErrorMessages(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"a.xn--b.ü", `idna: label 1 "xn--b": P4 invalid Punycode label`},
		{"ok.a\u200cb", `idna: label 1 "a\u200cb": C1 ZERO WIDTH NON-JOINER outside its contexts (U+200C)`},
		{"a b", `idna: label 0 "a b": URL-forbidden forbidden domain code point (U+0020)`},
		{"\u00ad", `idna: domain "": URL-empty empty domain`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := DomainToASCII(tt.in, false)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("DomainToASCII(%+q) error %v, want %s", tt.in, err, tt.want)
			}
		})
	}
}

func TestRuleStrings(t *testing.T) {
	var got []string
	for r := RulePunycode; r <= RuleForbidden; r++ {
		got = append(got, r.String())
		if !strings.HasPrefix(r.Error(), "idna: "+r.String()+" ") {
			t.Errorf("Rule(%d).Error() = %q", r, r.Error())
		}
	}
	want := []string{"P4", "V1", "V2", "V3", "V4", "V6", "V7", "U1", "C1", "C2", "B1", "B2", "B3", "B4", "B5", "B6", "A3", "A4_1", "A4_2", "URL-empty", "URL-forbidden"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rule codes mismatch (-want +got):\n%s", diff)
	}
	if got := Rule(200).Error(); got != "idna: Rule(200) unknown rule" {
		t.Errorf("Rule(200).Error() = %q", got)
	}
}
