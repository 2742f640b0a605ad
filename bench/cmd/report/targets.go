package main

import (
	"fmt"
	"math"
	"strings"
)

// A target is a performance goal of the project for one workload, checked on the median
// over rounds of a ratio taken within each round, as the tables show it.
type target struct {
	area  string // what the goal is about: "parse", "resolve", ...
	table string // the workload: "Parse/input=web"
	what  string // the goal, as the report says it
	// measure returns the measured value from the table and whether the
	// goal is met, or ok false when the table lacks what it needs.
	measure func(t *table) (value string, met, ok bool)
}

// The performance goals the project holds itself to.
var targets = []target{
	{"parse", "Parse/input=web", "at least 6× faster than `net-url`", faster("net-url", 6)},
	{"parse", "Parse/input=web", "at least 15× faster than `fredbi-uri`", faster("fredbi-uri", 15)},
	{"parse", "Parse/input=web-common", "0 allocations", allocsAtMost(0)},
	{"parse", "Parse/input=web", "at least 60% of the floor", floorShare(0.60)},
	{"parse", "Parse/input=web", "at least 100% of the floor", floorShare(1.00)},
	{"parse", "Parse/input=long", "at least 75% of the floor", floorShare(0.75)},
	{"resolve", "Resolve/input=rfc5.4", "at least 4× faster than `net-url`", faster("net-url", 4)},
	{"resolve", "Resolve/input=web-common", "at least 4× faster than `net-url`", faster("net-url", 4)},
	{"resolve", "Resolve/input=web-relative", "at least 4× faster than `net-url`", faster("net-url", 4)},
	{"resolve", "Resolve/input=rfc5.4", "at most one allocation per result", allocsAtMost(1)},
	{"resolve", "Resolve/input=web-common", "at most one allocation per result", allocsAtMost(1)},
	{"resolve", "Resolve/input=web-relative", "at most one allocation per result", allocsAtMost(1)},
	{"normalize", "Normalize/input=web-common", "0 allocations for input already normal", normalAllocs},
	{"normalize", "Normalize/input=file", "0 allocations for input already normal", normalAllocs},
	{"request target", "RequestTarget/input=origin", "as fast as `rfc3986-parse` (within 10%), 0 allocations", asFastAs("rfc3986-parse", 1.10)},
	{"request target", "RequestTarget/input=absolute", "as fast as `rfc3986-parse` (within 10%), 0 allocations", asFastAs("rfc3986-parse", 1.10)},
	{"IRI", "ParseIRI/input=web-common", "at least 90% as fast as `rfc3986-parse` (at most 111% of its time), 0 allocations", asFastAs("rfc3986-parse", 1/0.9)},
	{"IRI", "ParseIRI/input=iri-path", "at least 3× faster than `net-url`", faster("net-url", 3)},
	{"IRI", "ParseIRI/input=iri-path", "at most 1.5× the time of `rfc3986-parse-uri` (Parse of the same IRIs mapped to URIs), 0 allocations", asFastAs("rfc3986-parse-uri", 1.5)},
	{"IRI", "ParseIRI/input=iri-path", "at least 3× faster than `contomap-iri`", faster("contomap-iri", 3)},
	{"hazards", "Hazards/input=web", "Parse and Hazards at most 1.5× the time of `rfc3986-parse`, no allocation more", addsAtMost("rfc3986-parse", 1.50)},
	{"parse", "Parse/input=esc10", "at least 3× faster than `net-url`", faster("net-url", 3)},
	{"parse", "Parse/input=esc10-mixed", "at least 3× faster than `net-url`", faster("net-url", 3)},
	{"parse", "Parse/input=esc30", "at least 3 GB/s", throughput(3e9)},
	{"parse", "Parse/input=esc30-mixed", "at least 3 GB/s", throughput(3e9)},
	{"parse", "Parse/input=web", "faster than every peer", aheadOfPeers},
	{"parse", "Parse/input=long", "faster than every peer", aheadOfPeers},
	{"parse", "Parse/input=esc0", "faster than every peer", aheadOfPeers},
	{"parse", "Parse/input=esc3", "faster than every peer", aheadOfPeers},
	{"parse", "Parse/input=esc10", "faster than every peer", aheadOfPeers},
	{"parse", "Parse/input=esc30", "faster than every peer", aheadOfPeers},
	{"parse", "Parse/input=esc3-mixed", "faster than every peer", aheadOfPeers},
	{"parse", "Parse/input=esc10-mixed", "faster than every peer", aheadOfPeers},
	{"parse", "Parse/input=esc30-mixed", "faster than every peer", aheadOfPeers},
	{"resolve", "Resolve/input=rfc5.4", "faster than every peer", aheadOfPeers},
	{"resolve", "Resolve/input=web-common", "faster than every peer", aheadOfPeers},
	{"resolve", "Resolve/input=web-relative", "faster than every peer", aheadOfPeers},
	{"normalize", "Normalize/input=web-common", "faster than every peer", aheadOfPeers},
	{"normalize", "Normalize/input=file", "faster than every peer", aheadOfPeers},
	{"routing", "ApplyTarget/input=origin-normal", "at most 30 ns and 0 allocations a target through every preset", everyRowAtMost(30e-9)},
	{"routing", "Route/input=origin", "at least 5× faster than `net-url`", faster("net-url", 5)},
	{"routing", "Route/input=origin", "at least 5× faster than `servemux-clean`", faster("servemux-clean", 5)},
	{"WHATWG URL", "ParseWHATWG/input=web", "at most 3× the time of `rfc3986-parse`", timeAtMost("rfc3986-parse", 3)},
	{"WHATWG URL", "ParseWHATWG/input=web", "at least 30× faster than `nlnwa-whatwg-url`", faster("nlnwa-whatwg-url", 30)},
	{"WHATWG URL", "CanParseWHATWG/input=web", "0 allocations", allocsAtMost(0)},
	{"crawl keys", "CrawlKeys/part=all", "parse, canonical form, SURT key and host columns in at most 400 ns a URL, no allocation but the error of a line without keys", perURLAtMost(400e-9)},
}

// perURLAtMost is the goal that rfc3986 takes at most sec seconds an input
// and allocates nothing for an input it accepts: at most one allocation,
// its error, for each input it does not.
func perURLAtMost(sec float64) func(t *table) (string, bool, bool) {
	return func(t *table) (string, bool, bool) {
		base := t.row(baseline)
		if base == nil || len(base.values[secPerURL]) == 0 || len(base.values[allocsOp]) == 0 || len(base.values[accepted]) == 0 {
			return "", false, false
		}
		per := median(base.values[secPerURL])
		allocs, n, acc := median(base.values[allocsOp]), median(base.values[inputs]), median(base.values[accepted])
		return fmt.Sprintf("%s ns/url, %s allocations for %s inputs not accepted", num(per*1e9), num(allocs), num(n-acc)), per <= sec && allocs <= n-acc, true
	}
}

// faster is the goal that rfc3986 takes at most 1/x of peer's time.
func faster(peer string, x float64) func(t *table) (string, bool, bool) {
	return func(t *table) (string, bool, bool) {
		base, p := t.row(baseline), t.row(peer)
		if base == nil || p == nil {
			return "", false, false
		}
		r := median(paired(p.values[secPerOp], base.values[secPerOp]))
		return short(r) + "×", r >= x, true
	}
}

// throughput is the goal that rfc3986 reads at least bytesPerSec.
func throughput(bytesPerSec float64) func(t *table) (string, bool, bool) {
	return func(t *table) (string, bool, bool) {
		base := t.row(baseline)
		if base == nil || len(base.values[bytesPerS]) == 0 {
			return "", false, false
		}
		r := median(base.values[bytesPerS])
		return num(r/1e6) + " MB/s", r >= bytesPerSec, true
	}
}

// aheadOfPeers is the goal that rfc3986 takes less time than every other
// library of the table: the floor is no library, and the rows named
// rfc3986-... are rfc3986 itself. It reports the closest peer.
func aheadOfPeers(t *table) (string, bool, bool) {
	base := t.row(baseline)
	if base == nil {
		return "", false, false
	}
	closest, least, peers := "", math.Inf(1), 0
	for _, p := range t.rows {
		if p == base || p.impl == floor || strings.HasPrefix(p.impl, baseline+"-") {
			continue
		}
		peers++
		if r := median(paired(p.values[secPerOp], base.values[secPerOp])); r < least {
			closest, least = p.impl, r
		}
	}
	if closest == "" {
		return "", false, false
	}
	return fmt.Sprintf("%s× the time of rfc3986 for `%s`, the closest of %d", short(least), closest, peers), least > 1, true
}

// floorShare is the goal that rfc3986 takes at most 1/share of the floor's
// time.
func floorShare(share float64) func(t *table) (string, bool, bool) {
	return func(t *table) (string, bool, bool) {
		base, fl := t.row(baseline), t.row(floor)
		if base == nil || fl == nil {
			return "", false, false
		}
		r := median(paired(fl.values[secPerOp], base.values[secPerOp]))
		return short(r*100) + "%", r >= share, true
	}
}

// allocsAtMost is the goal that rfc3986 allocates at most n times per
// input.
func allocsAtMost(n float64) func(t *table) (string, bool, bool) {
	return func(t *table) (string, bool, bool) {
		base := t.row(baseline)
		if base == nil || len(base.values[allocsOp]) == 0 {
			return "", false, false
		}
		per := median(base.values[allocsOp]) / median(base.values[inputs])
		return num(per) + " per input", per <= n, true
	}
}

// normalAllocs is the goal that Normalize allocates only for the inputs
// that are not already normal, which its row counts as not accepted: at
// most one allocation for each of those, none for the others.
func normalAllocs(t *table) (string, bool, bool) {
	base := t.row(baseline)
	if base == nil || len(base.values[allocsOp]) == 0 || len(base.values[accepted]) == 0 {
		return "", false, false
	}
	allocs, n, normal := median(base.values[allocsOp]), median(base.values[inputs]), median(base.values[accepted])
	return fmt.Sprintf("%s allocations for %s inputs not normal, of %s", num(allocs), num(n-normal), num(n)), allocs <= n-normal, true
}

// everyRowAtMost is the goal that every row but those of rfc3986 itself
// (the presets of a table whose rows are presets) takes at most sec
// seconds an input and allocates nothing. It reports the slowest row.
func everyRowAtMost(sec float64) func(t *table) (string, bool, bool) {
	return func(t *table) (string, bool, bool) {
		slowest, most, allocs, n := "", 0.0, 0.0, 0
		for _, r := range t.rows {
			if r.impl == baseline || strings.HasPrefix(r.impl, baseline+"-") || len(r.values[secPerURL]) == 0 {
				continue
			}
			n++
			if v := median(r.values[secPerURL]); v > most {
				slowest, most = r.impl, v
			}
			if in := median(r.values[inputs]); in > 0 {
				allocs = math.Max(allocs, median(r.values[allocsOp])/in)
			}
		}
		if n == 0 {
			return "", false, false
		}
		// A hair of slack: the median of two rounds is their mean, which
		// floating point may put just above a bound it is at.
		return fmt.Sprintf("%s ns for `%s`, the slowest of %d; at most %s allocations a target", num(most*1e9), slowest, n, num(allocs)),
			most <= sec*(1+1e-9) && allocs == 0, true
	}
}

// asFastAs is the goal that rfc3986 takes at most x times the time of
// other, and allocates nothing.
func asFastAs(other string, x float64) func(t *table) (string, bool, bool) {
	return func(t *table) (string, bool, bool) {
		base, o := t.row(baseline), t.row(other)
		if base == nil || o == nil {
			return "", false, false
		}
		r := median(paired(base.values[secPerOp], o.values[secPerOp]))
		allocs := median(base.values[allocsOp])
		return fmt.Sprintf("%s of its time, %s allocs/op", short(r*100)+"%", num(allocs)), r <= x && allocs == 0, true
	}
}

// timeAtMost is the goal that rfc3986 takes at most x times other's time,
// allocations aside.
func timeAtMost(other string, x float64) func(t *table) (string, bool, bool) {
	return func(t *table) (string, bool, bool) {
		base, o := t.row(baseline), t.row(other)
		if base == nil || o == nil {
			return "", false, false
		}
		r := median(paired(base.values[secPerOp], o.values[secPerOp]))
		return short(r) + "× its time", r <= x, true
	}
}

// addsAtMost is the goal that rfc3986 takes at most x times other's time,
// with no more allocations: rfc3986 does what other does and more.
func addsAtMost(other string, x float64) func(t *table) (string, bool, bool) {
	return func(t *table) (string, bool, bool) {
		base, o := t.row(baseline), t.row(other)
		if base == nil || o == nil {
			return "", false, false
		}
		r := median(paired(base.values[secPerOp], o.values[secPerOp]))
		more := median(base.values[allocsOp]) - median(o.values[allocsOp])
		return fmt.Sprintf("%s× its time, %s allocs/op more", short(r), num(more)), r <= x && more <= 0, true
	}
}

// writeTargets lists each target whose workload was measured, with the
// figure reached and whether it is met.
func writeTargets(b *strings.Builder, tables []*table) {
	var lines []string
	add := func(area string, t *table, what, value string, met bool) {
		verdict := "**missed**"
		if met {
			verdict = "met"
		}
		lines = append(lines, fmt.Sprintf("| %s | %s | %s | %s | %s |", area, t.title(), what, value, verdict))
	}
	for _, g := range targets {
		for _, t := range tables {
			if t.name != g.table {
				continue
			}
			if value, met, ok := g.measure(t); ok {
				add(g.area, t, g.what, value, met)
			}
		}
	}
	// Every escape shape is held to the escape-free URLs of its generator.
	for _, t := range tables {
		if !strings.HasPrefix(t.name, shapesTable) {
			continue
		}
		for _, r := range t.rows {
			if value, met, ok := shareOfBaseline(t, r, shapeShare); ok {
				add("escapes", t, fmt.Sprintf("`%s` at least %s of the escape-free speed", strings.TrimPrefix(r.impl, baseline+"-"), short(shapeShare*100)+"%"), value, met)
			}
		}
	}
	if len(lines) == 0 {
		return
	}
	b.WriteString("\n## Targets\n\n")
	b.WriteString("The performance goals of the project, checked on this run: each figure is the median over\n")
	b.WriteString("rounds of a ratio taken within each round, as in the tables below.\n\n")
	b.WriteString("| area | workload | goal | reached | |\n| --- | --- | --- | ---: | --- |\n")
	b.WriteString(strings.Join(lines, "\n") + "\n")
}

// The escape shapes: tables named EscapeShapes/gen=..., whose row rfc3986
// parses a generator's URLs without escapes and whose rows rfc3986-SHAPE
// parse the same URLs with escapes of that shape, each held to shapeShare
// of the escape-free speed.
const (
	shapesTable = "EscapeShapes/"
	shapeShare  = 0.5
)

// shareOfBaseline is the speed of row r as a share of the baseline's in
// table t: the baseline's time over r's, per round; ok is false for the
// baseline itself and for rows of other libraries.
func shareOfBaseline(t *table, r *row, share float64) (string, bool, bool) {
	base := t.row(baseline)
	if base == nil || r == base || !strings.HasPrefix(r.impl, baseline+"-") {
		return "", false, false
	}
	v := median(paired(base.values[secPerOp], r.values[secPerOp]))
	return short(v*100) + "%", v >= share, true
}
