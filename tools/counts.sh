#!/usr/bin/env bash
# The speed guard: counts the instructions of one A* pass, one field
# rebuild and one game turn (examples/counts.rs, release build) under
# callgrind, which counts instructions rather than time, so the counts do
# not depend on how busy the machine is. Each is compared with its count
# in benches/counts.txt; one that moved by more than the tolerance fails,
# naming the count and how far it moved. With DARKSTAR_UPDATE_COUNTS=1 the
# file is rewritten with the new counts instead, to review and commit.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
file=benches/counts.txt
# Percent a count may move either way before it fails. Callgrind's counts
# of this program repeat exactly from run to run, and another folder or
# environment moved the A* count by 64 of 25 million; the 2% is for a
# toolchain's or a dependency's patch release, which may move them a
# little, while a slowdown worth review moves them more (see
# CONTRIBUTING.md).
tolerance=2

if ! command -v valgrind >/dev/null 2>&1; then
    echo "counts: valgrind is not installed (apt-get install valgrind)" >&2
    exit 1
fi
cargo build --release --example counts
bin="${CARGO_TARGET_DIR:-target}/release/examples/counts"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# The instructions of count_NAME and all it calls, in one run of NAME.
count() {
    local out="$scratch/$1.out"
    valgrind --tool=callgrind --callgrind-out-file="$out" \
        --collect-atstart=no --toggle-collect="*::count_$1" \
        "$bin" "$1" >"$scratch/$1.stdout" 2>"$scratch/$1.log" || {
        cat "$scratch/$1.log" >&2
        echo "counts: $1 failed under callgrind" >&2
        exit 1
    }
    local n
    n="$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$out")"
    if [ -z "$n" ] || [ "$n" -eq 0 ]; then
        echo "counts: callgrind counted nothing in count_$1 (was it renamed or inlined?)" >&2
        exit 1
    fi
    echo "$n"
}

failed=0
new=""
for name in astar field turn; do
    n="$(count "$name")"
    new+="$name $n"$'\n'
    old="$(awk -v name="$name" '$1 == name { print $2 }' "$file" 2>/dev/null || true)"
    if [ -z "$old" ]; then
        echo "counts: $name: $n instructions, no committed count"
        failed=1
        continue
    fi
    # The change in hundredths of a percent, integer arithmetic only.
    change=$(((n - old) * 10000 / old))
    size="${change#-}"
    sign="+"
    if [ "$change" -lt 0 ]; then sign="-"; fi
    moved="$sign$((size / 100)).$(printf '%02d' $((size % 100)))%"
    if [ "$size" -gt $((tolerance * 100)) ]; then
        echo "counts: $name moved $moved: $n instructions against $old committed (tolerance ${tolerance}%)"
        failed=1
    else
        echo "counts: $name $n instructions against $old committed ($moved)"
    fi
done

if [ "${DARKSTAR_UPDATE_COUNTS:-}" = 1 ]; then
    {
        echo "# Instructions (callgrind's Ir) of examples/counts.rs's three"
        echo "# functions, release build; tools/counts.sh checks them and"
        echo "# DARKSTAR_UPDATE_COUNTS=1 rewrites this file."
        printf '%s' "$new"
    } >"$file"
    echo "counts: rewrote $file; review the diff and commit it"
elif [ "$failed" -ne 0 ]; then
    echo "counts: a count moved past ${tolerance}% or is missing; if the change is meant, run DARKSTAR_UPDATE_COUNTS=1 bash tools/counts.sh and commit $file" >&2
    exit 1
fi
