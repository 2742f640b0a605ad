// Report writes bench/RESULTS.md from the raw output of the benchmarks.
//
// Usage:
//
//	go run ./cmd/report [flags] raw.txt... > RESULTS.md
//
// It reads the Go benchmark format with golang.org/x/perf/benchfmt, the
// parser benchstat uses, and summarizes each measurement as benchstat does:
// the median and its 95% confidence interval (golang.org/x/perf/benchmath,
// which makes no assumption about the distribution).
//
// It makes one table per workload: every benchmark named
// Benchmark<Op>/<key>=<value>.../impl=<library> with the same <Op> and keys
// lands in the table of that workload, one row per library. It knows no
// workload by name. Two libraries are special when present: "rfc3986", the
// baseline of the "time vs rfc3986" column, and "floor", the baseline of the
// "share of floor" column.
//
// The ratios pair the rounds: when the input holds several runs of the whole
// suite (bench/run.sh runs it -count 1 again and again), the k-th result of
// each benchmark belongs to round k, and a ratio is the median over rounds
// of the ratio within a round. Measurements taken seconds apart drift less
// from each other than ones taken minutes apart, so on a noisy machine these
// ratios are steadier than ratios of medians.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	var meta meta
	flag.StringVar(&meta.date, "date", "", "when the benchmarks ran")
	flag.StringVar(&meta.commit, "commit", "", "the commit measured")
	flag.StringVar(&meta.goVersion, "go", "", "the output of go version")
	flag.StringVar(&meta.cores, "cores", "", "how many cores the machine has")
	flag.StringVar(&meta.command, "command", "", "how the benchmarks were run")
	flag.StringVar(&meta.note, "note", "", "a paragraph to print under the heading")
	out := flag.String("o", "", "write to this file instead of standard output")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: report [flags] raw.txt...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(meta, flag.Args(), *out); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

func run(meta meta, files []string, out string) error {
	var tables []*table
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		tables, err = read(tables, f, name, &meta)
		f.Close()
		if err != nil {
			return err
		}
	}
	if len(tables) == 0 {
		return fmt.Errorf("no benchmark results in %v", files)
	}
	if out == "" {
		return write(os.Stdout, meta, tables)
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := write(f, meta, tables); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
