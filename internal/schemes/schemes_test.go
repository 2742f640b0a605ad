package schemes

import (
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	for _, s := range All() {
		t.Run(s.Name, func(t *testing.T) {
			if s.Name != strings.ToLower(s.Name) {
				t.Fatalf("table name %q is not in lowercase", s.Name)
			}
			for _, name := range []string{s.Name, strings.ToUpper(s.Name), strings.ToUpper(s.Name[:1]) + s.Name[1:]} {
				if got := Lookup(name); got != s {
					t.Errorf("Lookup(%q) = %+v, want %+v", name, got, s)
				}
			}
			if got := Lookup(s.Name + "x"); got.Name == s.Name {
				t.Errorf("Lookup(%q) = %+v, the entry of a shorter name", s.Name+"x", got)
			}
		})
	}
}

func TestLookupUnknown(t *testing.T) {
	for _, name := range []string{
		"",
		"x",
		"htt",
		"httpx",
		"coaps\x0btcp", // "\x0b"|0x20 is "+": only letters fold
		"HTTP\x00",
		"web+http",
	} {
		t.Run(name, func(t *testing.T) {
			if got := Lookup(name); got != (Scheme{}) {
				t.Errorf("Lookup(%q) = %+v, want the zero Scheme", name, got)
			}
		})
	}
}

func TestTableHasNoDuplicates(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range All() {
		if seen[s.Name] {
			t.Errorf("%q is in the table twice; Lookup sees only the first", s.Name)
		}
		seen[s.Name] = true
	}
}

func TestLookupAllocs(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { Lookup("COAPS+TCP") }); n != 0 {
		t.Errorf("Lookup allocates %v times", n)
	}
}
