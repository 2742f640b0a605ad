package route

import (
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// normalTarget is an origin-form target every preset leaves as it is.
const normalTarget = "/api/v1/users/12345/orders?limit=10&offset=20"

// BenchmarkApply times each preset on an already normal target: the work
// a proxy does on almost every request.
func BenchmarkApply(b *testing.B) {
	for _, preset := range Presets() {
		p := preset.Policy
		b.Run(preset.Name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(normalTarget)))
			for b.Loop() {
				r := p.Apply(normalTarget)
				if r.Verdict != Accept {
					b.Fatal(r.Err)
				}
			}
		})
	}
}

// BenchmarkApplyChanged times a target each preset has to rewrite.
func BenchmarkApplyChanged(b *testing.B) {
	const target = "/api/v1/../v2/users//%7euser/./orders?limit=10"
	for _, preset := range Presets() {
		p := preset.Policy
		b.Run(preset.Name, func(b *testing.B) {
			b.ReportAllocs()
			var buf []byte
			for b.Loop() {
				_, buf = p.AppendApply(buf[:0], target)
			}
		})
	}
}

// TestApplyNoAllocs holds every preset to no allocation on a target it
// leaves as it is, through Apply and StripPrefix, and AppendApply to none
// on one it rewrites into a buffer large enough, and Apply to at most one.
func TestApplyNoAllocs(t *testing.T) {
	for _, preset := range Presets() {
		p := preset.Policy
		t.Run(preset.Name, func(t *testing.T) {
			if r := p.Apply(normalTarget); r.Key != "/api/v1/users/12345/orders" || r.Forward != normalTarget {
				t.Fatalf("Apply(%q) = key %q forward %q: not left as it is", normalTarget, r.Key, r.Forward)
			}
			if n := testing.AllocsPerRun(100, func() {
				r := p.Apply(normalTarget)
				if _, ok := r.StripPrefix("/api"); !ok {
					t.Fatal("StripPrefix(/api) failed")
				}
			}); n != 0 {
				t.Errorf("Apply and StripPrefix: %v allocations, want 0", n)
			}
			changed := "/api/v1/../v2/users//%7euser/./orders?limit=10"
			if p.Apply(changed).Verdict == Reject {
				// The product refuses the empty segment (Jetty): a
				// rejection is no rewrite, so time one without it.
				changed = "/api/v1/../v2/users/%7euser/./orders?limit=10"
				if r := p.Apply(changed); r.Verdict != Accept || r.Key == changed {
					t.Fatalf("Apply(%q) = %v key %q: not rewritten", changed, r.Verdict, r.Key)
				}
			}
			steps := 1
			for q := p.Then; q != nil; q = q.Then {
				steps++
			}
			buf := make([]byte, 0, steps*(24*len(changed)+32))
			if n := testing.AllocsPerRun(100, func() {
				p.AppendApply(buf[:0], changed)
			}); n != 0 {
				t.Errorf("AppendApply(%q) into a buffer of %d bytes: %v allocations, want 0", changed, cap(buf), n)
			}
			if n := testing.AllocsPerRun(100, func() { p.Apply(changed) }); n > float64(steps) {
				t.Errorf("Apply(%q): %v allocations, want at most %d (one a step)", changed, n, steps)
			}
		})
	}
}

// BenchmarkApplyTarget times each preset on a target already parsed: what
// a proxy that parsed the request line with uri.ParseRequestTarget
// (which it does anyway to check the target) pays on top. The strict
// parse is timed alone as the reference of the same run.
func BenchmarkApplyTarget(b *testing.B) {
	t, err := uri.ParseRequestTarget(normalTarget)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("parse-only", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := uri.ParseRequestTarget(normalTarget); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, preset := range Presets() {
		p := preset.Policy
		b.Run(preset.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if r := p.ApplyTarget(t); r.Verdict != Accept {
					b.Fatal(r.Err)
				}
			}
		})
	}
}
