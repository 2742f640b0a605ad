package uri

import "github.com/urilabs/rfc3986/internal/scan"

// MarksOf returns the marks of u, for tests that check that a URI written
// by Resolve, Normalize or Build has the marks Parse would give its text.
func MarksOf(u URI) scan.Marks { return u.m }
