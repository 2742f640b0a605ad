package docs

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestGoBlocks(t *testing.T) {
	md := "text\n```go\nx := 1\n```\n- item\n\n  ```go\n  y := 2\n  \tz()\n  ```\n```sh\nls\n```\n"
	want := []block{{line: 2, lines: []string{"x := 1"}}, {line: 7, lines: []string{"y := 2", "\tz()"}}}
	if diff := cmp.Diff(want, goBlocks(md), cmp.AllowUnexported(block{})); diff != "" {
		t.Errorf("goBlocks mismatch (-want +got):\n%s", diff)
	}
}

func TestContainsRun(t *testing.T) {
	body := []string{"a", "b", "c", "d"}
	for _, tt := range []struct {
		run  []string
		want bool
	}{
		{[]string{"b", "c"}, true},
		{[]string{"a", "b", "c", "d"}, true},
		{[]string{"b", "d"}, false},
		{[]string{"d", "e"}, false},
		{nil, false},
	} {
		if got := containsRun(body, tt.run); got != tt.want {
			t.Errorf("containsRun(%q, %q) = %t, want %t", body, tt.run, got, tt.want)
		}
	}
}
