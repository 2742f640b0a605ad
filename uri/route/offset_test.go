package route

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRejectOffsets holds each rejection of the engine to the offset of
// the byte at fault in the target.
func TestRejectOffsets(t *testing.T) {
	apache, _ := Lookup("apache-aes-off")
	tests := []struct {
		name   string
		policy Policy
		target string
		want   int
	}{
		{"dotdot-first", Policy{Dot: DotRemove, DotDot: DotDotRejectAbove}, "/../etc/passwd", 1},
		{"dotdot-later", Policy{Dot: DotRemove, DotDot: DotDotRejectAbove}, "/a/../../etc", 6},
		{"dotdot-end", Policy{Dot: DotRemove, DotDot: DotDotRejectAbove}, "/a/./../..", 8},
		{"dotdot-encoded", Policy{Unreserved: UnreservedDecode, DotDot: DotDotRejectAbove}, "/x/%2e%2E/..?q", 10},
		{"dotdot-merged", Policy{Slashes: SlashesMerge, DotDot: DotDotRejectAbove}, "/a//..//../b", 8},
		{"dotdot-absolute", Policy{DotDot: DotDotRejectAbove}, "http://h/../a", 9},
		{"encoded-slash", Policy{EncodedSlash: EncodedReject}, "/a/b%2Fc", 4},
		{"encoded-nul", Policy{EncodedNul: EncodedReject}, "/a%41/%00", 6},
		{"params", Policy{Params: ParamsReject}, "/a/b;c", 4},
		{"backslash", Policy{Read: ReadLenient, Backslash: BackslashReject}, "/a\\b", 2},
		{"apache-encoded-slash", apache.Policy, "/a/b%2fc", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.policy.Apply(tt.target)
			if r.Verdict != Reject || r.Err == nil {
				t.Fatalf("Apply(%q) = %v, want a rejection", tt.target, r.Verdict)
			}
			if diff := cmp.Diff(tt.want, r.Err.Offset); diff != "" {
				t.Errorf("Apply(%q): offset (-want +got):\n%s\n(%v)", tt.target, diff, r.Err)
			}
		})
	}
}
