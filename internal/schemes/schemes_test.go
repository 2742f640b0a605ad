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

// TestWHATWG holds the special schemes to the URL Standard's section 4.1,
// with their default ports.
func TestWHATWG(t *testing.T) {
	want := map[string]uint16{"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21, "file": 0}
	for _, name := range []string{"http", "https", "ws", "wss", "ftp", "file", "HTTP", "httpx", "htt", "", "mailto", "gopher", "blob"} {
		port, special := want[name]
		s, ok := WHATWG(name)
		if ok != special || ok && (s.Name != name || s.Port != port) {
			t.Errorf("WHATWG(%q) = %+v, %t; want special %t, port %d", name, s, ok, special, port)
		}
	}
	for _, s := range All() {
		got, ok := WHATWG(s.Name)
		if special := s.Rules&(Special|File) != 0; ok != special || ok && got != s {
			t.Errorf("WHATWG(%q) = %+v, %t; the table has %+v", s.Name, got, ok, s)
		}
	}
	if n := testing.AllocsPerRun(100, func() { WHATWG("wss") }); n != 0 {
		t.Errorf("WHATWG allocates %v times", n)
	}
}
