package testenv

import (
	"testing"
)

func TestCases(t *testing.T) {
	long := Long()
	tests := []struct{ full, want int }{
		{100_000, 10_000},
		{5000, 500},
		{9, 1}, // never zero
	}
	for _, tt := range tests {
		want := tt.want
		switch {
		case long:
			want = tt.full
		case testing.Short():
			want = max(tt.full/50, 1)
		}
		if got := Cases(tt.full); got != want {
			t.Errorf("Cases(%d) = %d, want %d (long %v, short %v)", tt.full, got, want, long, testing.Short())
		}
	}
}

func TestLongNeedsTheVariable(t *testing.T) {
	t.Setenv(LongEnv, "")
	if Long() {
		t.Errorf("Long() with %s empty", LongEnv)
	}
	t.Setenv(LongEnv, "1")
	if got, want := Long(), !testing.Short(); got != want {
		t.Errorf("Long() with %s=1 = %v, want %v", LongEnv, got, want)
	}
}

func TestPackagePath(t *testing.T) {
	if got, want := packagePath(), "github.com/urilabs/rfc3986/internal/testenv"; got != want {
		t.Errorf("packagePath() = %q, want %q", got, want)
	}
}
