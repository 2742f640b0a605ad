#!/usr/bin/env bash
# compare.sh OLD [NEW] measures the library at two commits with the
# benchmarks of this checkout, and prints benchstat's comparison.
#
#	bench/compare.sh main            main against the working tree
#	bench/compare.sh HEAD~1 HEAD     two commits
#
# Only the library changes between the two sides: both test binaries are
# built from this bench/ (through copies of go.mod whose replace points at
# an export of each commit) and read the same inputs, so a difference is the
# library's. The rounds alternate between the sides, the older first in odd
# rounds and the newer first in even ones, so that a machine that slows
# down slows both alike.
#
# Settings, from the environment:
#
#	COUNT=10        rounds; benchstat wants at least 6 to call a difference
#	BENCHTIME=1s
#	BENCH=.//impl=(rfc3986|floor)$   which benchmarks: by default this
#	                library and the floor, not the peers, which do not change
#	OUT=(a new temporary folder)     where old.txt and new.txt go
set -euo pipefail
cd "$(dirname "$0")"

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: compare.sh OLD [NEW]" >&2
	exit 2
fi
COUNT=${COUNT:-10}
BENCHTIME=${BENCHTIME:-1s}
BENCH=${BENCH:-'.//impl=(rfc3986|floor)$'}
OUT=${OUT:-$(mktemp -d)}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# build SIDE REV builds $tmp/SIDE.test against the library at REV, or
# against the working tree when REV is empty.
build() {
	local side=$1 rev=$2 lib
	lib=$(cd .. && pwd)
	if [ -n "$rev" ]; then
		lib=$tmp/$side
		mkdir -p "$lib"
		git -C .. archive "$rev" | tar -x -C "$lib"
	fi
	cp go.mod "$tmp/$side.mod"
	cp go.sum "$tmp/$side.sum"
	go mod edit -modfile="$tmp/$side.mod" -replace "github.com/urilabs/rfc3986=$lib"
	go test -modfile="$tmp/$side.mod" -c -o "$tmp/$side.test" .
}
build old "$1"
build new "${2:-}"

mkdir -p "$OUT"
: >"$OUT/old.txt"
: >"$OUT/new.txt"
run() {
	"$tmp/$1.test" -test.run '^$' -test.bench "$BENCH" -test.benchtime "$BENCHTIME" \
		-test.count 1 -test.benchmem >>"$OUT/$1.txt"
}
for i in $(seq "$COUNT"); do
	echo "compare: round $i of $COUNT" >&2
	if [ $((i % 2)) -eq 1 ]; then
		run old
		run new
	else
		run new
		run old
	fi
done

echo "compare: raw output in $OUT" >&2
go tool benchstat old="$OUT/old.txt" new="$OUT/new.txt"
