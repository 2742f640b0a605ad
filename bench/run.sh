#!/usr/bin/env bash
# run.sh runs the benchmarks of rfc3986 against its peers and regenerates
# bench/RESULTS.md. It builds the test binary once and runs the whole suite
# COUNT times, -count 1 each time (each benchmark function in a process of
# its own), so that every library is measured in every round, close in time
# to the others: on a noisy machine that keeps the ratios between libraries
# steadier than -count 10, which runs each benchmark ten times in a row. It
# writes
#
#	$OUT/raw.txt        the raw output of every round, for benchstat
#	$OUT/benchstat.txt  benchstat's summary of it
#	$RESULTS            the tables, made by cmd/report
#
# Settings, from the environment:
#
#	COUNT=10        rounds
#	BENCHTIME=1s    -test.benchtime of each benchmark in each round
#	BENCH=.         -test.bench: which benchmarks
#	OUT=out         where raw.txt and benchstat.txt go (git ignores out/)
#	RESULTS=RESULTS.md
#	NOTE=           a paragraph for the top of RESULTS.md
#	LIB=            a checkout of the library to measure instead of ../
#	PATHS=auto      the vector paths to measure: auto measures, on an amd64
#	                machine with AVX-512, the AVX2 code as well, in a second
#	                pass of each round with GODEBUG=cpu.avx512f=off (which
#	                rfc3986 honours as the Go runtime does); native measures
#	                the widest path alone. Each table of RESULTS.md names
#	                the CPU and the path it ran on.
#	NATIVE=auto     the C and C++ peers, uriparser and Boost.URL (package
#	                native, build tag native): auto adds them when they
#	                build, installing their Debian packages first when it
#	                can (as root, with apt-get), and says so when they are
#	                absent; yes fails without them; no leaves them out
#
# Paths are relative to bench/. Modules, benchstat among them (a tool of
# this module), come from the module proxy, so this runs on a fresh clone.
set -euo pipefail
cd "$(dirname "$0")"

COUNT=${COUNT:-10}
BENCHTIME=${BENCHTIME:-1s}
BENCH=${BENCH:-.}
OUT=${OUT:-out}
RESULTS=${RESULTS:-RESULTS.md}
NOTE=${NOTE:-}
LIB=${LIB:-}
NATIVE=${NATIVE:-auto}
PATHS=${PATHS:-auto}

# godebugs are the GODEBUG settings of the passes of each round, one per
# vector path: the widest, and AVX2 where the machine has AVX-512 too.
godebugs=("${GODEBUG:-}")
case $PATHS in
auto)
	if [ "$(go env GOARCH)" = amd64 ] && grep -qw avx512f /proc/cpuinfo 2>/dev/null; then
		godebugs+=("${GODEBUG:+$GODEBUG,}cpu.avx512f=off")
	fi
	;;
native) ;;
*)
	echo "bench: PATHS=$PATHS: want auto or native" >&2
	exit 2
	;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# With LIB, build against that checkout through a copy of go.mod, leaving
# this one alone.
modflags=()
lib=..
if [ -n "$LIB" ]; then
	lib=$(cd "$LIB" && pwd)
	cp go.mod "$tmp/go.mod"
	cp go.sum "$tmp/go.sum"
	go mod edit -modfile="$tmp/go.mod" -replace "github.com/urilabs/rfc3986=$lib"
	modflags=(-modfile="$tmp/go.mod")
fi

# native_check builds the tests of package native, which link uriparser and
# Boost.URL, and runs them: they hold each parser to uri.Parse. A build
# that fails means the peers are absent; tests that fail are an error.
native_check() {
	go test "${modflags[@]}" -tags native -c -o "$tmp/native.test" ./native >"$tmp/native.log" 2>&1 || return 1
	(cd native && "$tmp/native.test" -test.count 1) >>"$tmp/native.log" 2>&1 || {
		cat "$tmp/native.log" >&2
		echo "bench: the native parsers disagree with uri.Parse" >&2
		exit 1
	}
}
native_packages=(g++ liburiparser-dev libboost-url1.81-dev)
tags=()
case $NATIVE in
auto | yes)
	if native_check; then
		tags=(-tags native)
	elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		echo "bench: installing ${native_packages[*]} for the native peers" >&2
		{ apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y "${native_packages[@]}"; } >>"$tmp/native.log" 2>&1 || true
		if native_check; then
			tags=(-tags native)
		fi
	fi
	if [ ${#tags[@]} -gt 0 ]; then
		NATIVE=yes
	elif [ "$NATIVE" = yes ]; then
		cat "$tmp/native.log" >&2
		echo "bench: NATIVE=yes, but the native peers do not build" >&2
		exit 1
	else
		echo "bench: uriparser and Boost.URL are absent (they need cgo and ${native_packages[*]}): measuring the Go libraries alone" >&2
		NATIVE=no
	fi
	;;
no) ;;
*)
	echo "bench: NATIVE=$NATIVE: want auto, yes or no" >&2
	exit 2
	;;
esac
go test "${modflags[@]}" "${tags[@]}" -c -o "$tmp/bench.test" .

commit=unknown
if git -C "$lib" rev-parse --git-dir >/dev/null 2>&1; then
	commit=$(git -C "$lib" rev-parse --short HEAD)
	if [ -n "$(git -C "$lib" status --porcelain)" ]; then
		commit="$commit (with uncommitted changes)"
	fi
fi

# Each benchmark function runs in a process of its own, so that every
# workload is measured with the same heap: its own inputs, not those that
# the benchmarks before it left live. A peer that allocates pays for the
# collector, whose work grows with the live heap, so in one process its
# time would depend on which benchmarks ran first. The rows of one
# workload still share a process, and so the same heap.
top=${BENCH%%/*}
below=
case $BENCH in */*) below=/${BENCH#*/} ;; esac
mapfile -t funcs < <("$tmp/bench.test" -test.list "$top" | grep '^Benchmark' || true)
if [ ${#funcs[@]} -eq 0 ]; then
	echo "bench: BENCH=$BENCH selects no benchmark" >&2
	exit 2
fi

mkdir -p "$OUT"
raw=$OUT/raw.txt
: >"$raw"
for i in $(seq "$COUNT"); do
	for godebug in "${godebugs[@]}"; do
		echo "bench: round $i of $COUNT${godebug:+ with GODEBUG=$godebug}" >&2
		for f in "${funcs[@]}"; do
			GODEBUG=$godebug "$tmp/bench.test" -test.run '^$' -test.bench "^$f\$$below" -test.benchtime "$BENCHTIME" \
				-test.count 1 -test.benchmem >>"$raw"
		done
	done
done

go tool benchstat "$raw" >"$OUT/benchstat.txt"

go run ./cmd/report \
	-date "$(date -u '+%Y-%m-%d %H:%M UTC')" \
	-commit "$commit" \
	-go "$(go version | sed "s/^go version //")" \
	-cores "$(getconf _NPROCESSORS_ONLN)" \
	-command "bench/run.sh with COUNT=$COUNT BENCHTIME=$BENCHTIME BENCH=$BENCH NATIVE=$NATIVE PATHS=$PATHS" \
	-note "$NOTE" \
	-o "$RESULTS" "$raw"
echo "bench: wrote $raw, $OUT/benchstat.txt and $RESULTS" >&2
