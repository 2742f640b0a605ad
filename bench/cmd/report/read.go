package main

import (
	"io"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// meta describes the run; what the flags leave empty is taken from the
// configuration lines of the raw output where it can be.
type meta struct {
	date, commit, goVersion, cores, command, note string
	cpu, goos, goarch                             string
}

// A table holds the results of one workload.
type table struct {
	name string // "Parse/input=web": the benchmark name without its impl
	// cpu and vector are the processor and the vector code the library
	// ran on (the configuration lines cpu and vector of the raw output);
	// one workload run on two vector paths is two tables.
	cpu, vector string
	rows        []*row
}

// A row holds the results of one library on one workload: for each unit,
// the values of the rounds in the order they were read.
type row struct {
	impl   string
	values map[string][]float64
}

// The units read, as benchfmt tidies them.
const (
	secPerOp  = "sec/op"
	bytesPerS = "B/s"
	secPerURL = "sec/url"
	bytesOp   = "B/op"
	allocsOp  = "allocs/op"
	inputs    = "inputs"
	accepted  = "accepted"
	correct   = "correct"
)

// read adds the results of one raw file to tables, keeping the order in
// which tables and rows first appear.
func read(tables []*table, r io.Reader, fileName string, m *meta) ([]*table, error) {
	br := benchfmt.NewReader(r, fileName)
	for br.Scan() {
		res, ok := br.Result().(*benchfmt.Result)
		if !ok {
			continue // a syntax error or unit metadata: benchstat skips them too
		}
		setOnce(&m.cpu, res.GetConfig("cpu"))
		setOnce(&m.goos, res.GetConfig("goos"))
		setOnce(&m.goarch, res.GetConfig("goarch"))
		name, impl := splitName(res.Name)
		t := find(&tables, name, res.GetConfig("vector"))
		setOnce(&t.cpu, res.GetConfig("cpu"))
		rw := t.find(impl)
		for _, v := range res.Values {
			rw.values[v.Unit] = append(rw.values[v.Unit], v.Value)
		}
	}
	return tables, br.Err()
}

func setOnce(dst *string, v string) {
	if *dst == "" {
		*dst = v
	}
}

// splitName returns the name of a benchmark without "Benchmark", its
// impl=... part and its -GOMAXPROCS suffix, and the value of impl (the
// whole name when there is no impl=... part).
func splitName(n benchfmt.Name) (name, impl string) {
	base, parts := n.Parts()
	var b strings.Builder
	b.Write(base)
	for _, p := range parts {
		s := string(p)
		switch {
		case strings.HasPrefix(s, "/impl="):
			impl = s[len("/impl="):]
		case strings.HasPrefix(s, "-"): // GOMAXPROCS
		default:
			b.WriteString(s)
		}
	}
	if impl == "" {
		return b.String(), b.String()
	}
	return b.String(), impl
}

func find(tables *[]*table, name, vector string) *table {
	for _, t := range *tables {
		if t.name == name && t.vector == vector {
			return t
		}
	}
	t := &table{name: name, vector: vector}
	*tables = append(*tables, t)
	return t
}

func (t *table) find(impl string) *row {
	if r := t.row(impl); r != nil {
		return r
	}
	r := &row{impl: impl, values: map[string][]float64{}}
	t.rows = append(t.rows, r)
	return r
}

func (t *table) row(impl string) *row {
	for _, r := range t.rows {
		if r.impl == impl {
			return r
		}
	}
	return nil
}
