package uri_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/urilabs/rfc3986/uri"
)

func TestResolveHazards(t *testing.T) {
	tests := []struct {
		base, ref string
		want      string // Hazards.String()
	}{
		// WPT's four: ".." and "/" against a drive letter.
		{"file:///C:/", "..", "reference-resolution"},
		{"file:///C:/a/b", "/", "reference-resolution"},
		{"file://h/C:/a/b", "/", "reference-resolution"},
		{"file://x/C:/", "..", "reference-resolution"},
		{"file:///C:/a/b", "../..", "reference-resolution"},
		{"file:///C:/a/b", "/x", "reference-resolution"},
		{"file:///c:/a/", "../../x", "reference-resolution"},
		{"file:///C:", "x", "reference-resolution"}, // the Standard shortens a lone drive letter to itself
		{"file:///C:", ".", "reference-resolution"},
		{"file:///C:/a/b", "file:/x", "reference-resolution"}, // the file slash state carries the drive over
		{"file://h/a/b", "file:/x", "reference-resolution"},   // and the host
		{"file:///a/b", "file:/x", "none"},
		{"file://localhost/a/b", "file:/x", "none"},
		{"file:///a/b", "/C:/..", "reference-resolution"}, // a drive letter of the reference's own
		{"file:///a/b", "//h/C:/..", "reference-resolution"},
		{"file:///", "./C:/../..", "reference-resolution"},
		{"file:///a/", "./C:/../..", "none"}, // "a" goes, then "C:", the second segment
		{"file://h", "../C:/..", "reference-resolution"},
		// Where both keep or drop the same segments. A target whose path
		// begins with a drive letter has FileAuthority of its own.
		{"file:///C:/a/b", "..", "file-authority"},
		{"file:///C:/a/b", "x", "file-authority"},
		{"file:///C:/a/b", "?q", "file-authority"},
		{"file:///C:/a/b", "#f", "file-authority"},
		{"file:///C:/a/b", "", "file-authority"},
		{"file:///C:/a/b", "/d:/x", "file-authority"}, // a drive letter of its own: not carried over
		{"file:///C:/a/b", "//h/p", "none"},
		{"file:///C:/a/b", "file:///x", "none"},
		{"file:///C:/a/b", "http://h/", "none"},
		{"file:///a/b", "..", "none"},
		{"file:///a/b", "/", "none"},
		{"file:///C:x/a", "/", "none"}, // "C:x" is no drive letter
		{"http://h/C:/a", "/", "none"}, // drive letters are file's alone
		// An opaque path: a fragment alone resolves, anything else fails.
		{"sc:sd", "i", "reference-resolution"},
		{"sc:sd/sd", "../i", "reference-resolution"},
		{"sc:sd", "/i", "reference-resolution"},
		{"sc:sd", "?i", "reference-resolution"},
		{"sc:sd", "", "reference-resolution"},
		{"a:", "test-a-colon.html", "reference-resolution"},
		{"mailto:x@example.com", "//h/p", "reference-resolution"},
		{"sc:sd", "#f", "none"},
		{"sc:sd", "other:x", "none"},
		{"sc:/sd", "i", "none"},
		{"sc://h", "i", "none"},
		// Section 5.2.2 removes the dot-segments of an absolute reference,
		// even of its opaque or rootless path; the Standard reads it alone.
		{"http://h/", "c:x/..", "reference-resolution"},
		{"http://h/", "file:C:/..", "reference-resolution"},
		{"http://h/", "c:x", "none"},
		// "%2e" is a dot to the Standard alone: DotSegment of the pair, even
		// where the target has lost the "%2e"; the two rules may cancel out.
		{"http://h/a/b", "%2e/..", "dot-segment"},
		{"file:///C:/", "%2e/..", "file-authority"},
		// The target's own hazards come along.
		{"http://h/a/", "%2e%2e/admin", "dot-segment"},
		{"http://h/", "//127.1/", "numeric-host"},
		{"sc:sd", "http://127.1/", "numeric-host"},
		// No base: Resolve fails, and so does the Standard.
		{"/relative", "x", "none"},
	}
	for _, tt := range tests {
		t.Run(tt.base+" "+tt.ref, func(t *testing.T) {
			got := uri.MustParse(tt.base).ResolveHazards(uri.MustParse(tt.ref)).String()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ResolveHazards(%q, %q) mismatch (-want +got):\n%s", tt.base, tt.ref, diff)
			}
		})
	}
	if h := uri.ReferenceResolution; h.String() != "reference-resolution" ||
		uri.PathHazards&(1<<h) == 0 || uri.HostHazards&(1<<h) == 0 || uri.DivergentHazards&(1<<h) == 0 {
		t.Errorf("%v: not a host and path hazard of the divergent group", h)
	}
}

// TestResolveHazardsWPT is the differential over WPT's resolutions: every
// case of urltestdata.json with a base, where both the base and the input
// are valid URIs and the base has a scheme, is resolved by RFC 3986
// (Resolve) and compared with the Standard's result as WPT gives it
// (host, port and path, or failure), with the allowances of
// whatwgDifference; each difference must carry a hazard of its component
// in ResolveHazards, and each failure one of the host, port or path.
func TestResolveHazardsWPT(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "wpt", "urltestdata.json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	resolved, differ, unflagged := 0, 0, 0
	for _, r := range raw {
		var c struct {
			Input    string  `json:"input"`
			Base     *string `json:"base"`
			Failure  bool    `json:"failure"`
			Hostname string  `json:"hostname"`
			Port     string  `json:"port"`
			Pathname string  `json:"pathname"`
		}
		if r[0] == '"' {
			continue // a comment
		}
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		if c.Base == nil {
			continue
		}
		base, err := uri.Parse(*c.Base)
		if err != nil || !base.HasScheme() {
			continue
		}
		ref, err := uri.Parse(c.Input)
		if err != nil {
			continue
		}
		target, err := base.Resolve(ref)
		if err != nil {
			t.Fatalf("Resolve(%q, %q): %v", *c.Base, c.Input, err)
		}
		resolved++
		w := whatwgReading{Host: c.Hostname, Port: c.Port, Path: c.Pathname, Fail: c.Failure}
		h := base.ResolveHazards(ref)
		var ok bool
		if w.Fail {
			ok = h&(uri.HostHazards|uri.PortHazards|uri.PathHazards) != 0
		} else {
			d := whatwgDifference(target, w)
			if d == (difference{}) {
				continue
			}
			ok = d.covered(h)
		}
		differ++
		if !ok {
			unflagged++
			t.Errorf("%q against %q: RFC 3986 gives %q, WHATWG URL %+v; ResolveHazards: %v", c.Input, *c.Base, target.String(), w, h)
		}
	}
	if resolved < 200 {
		t.Fatalf("%d resolutions: urltestdata.json was not read", resolved)
	}
	t.Logf("urltestdata.json: %d resolutions, %d read otherwise or refused by the Standard, %d of them unflagged", resolved, differ, unflagged)
}

func ExampleURI_ResolveHazards() {
	for _, p := range [][2]string{
		{"file:///C:/a/b", "/"},
		{"file:///C:/a/b", "../.."},
		{"mailto:joe@example.com", "x"},
		{"https://example.com/a/b", "../c"},
	} {
		base, ref := uri.MustParse(p[0]), uri.MustParse(p[1])
		target, _ := base.Resolve(ref)
		fmt.Printf("%s against %s: %s, %v\n", ref, base, target, base.ResolveHazards(ref))
	}
	// Output:
	// / against file:///C:/a/b: file:///, reference-resolution
	// ../.. against file:///C:/a/b: file:///, reference-resolution
	// x against mailto:joe@example.com: mailto:x, reference-resolution
	// ../c against https://example.com/a/b: https://example.com/c, none
}
