#!/usr/bin/env bash
# Counts Graft's instructions under callgrind, per scenario, as a ratio to a floor counted in the
# same run (the hand-written or stored-closures row; for a start-up, the empty process), and compares each with its ceiling in Benchmarks/instruction-ceilings.tsv: exit 1 when
# one is above its ceiling by more than 5%, with the figure and the ceiling printed.
#
#   Benchmarks/check-instructions.sh [--record]
#
# --record prints the ceilings file with this run's ratios instead of checking, to commit when a
# change saves. Needs valgrind and a release build of the benchmarks
# (swift build -c release --package-path Benchmarks).
set -euo pipefail
cd "$(dirname "$0")"

ceilings=instruction-ceilings.tsv
bench=$(swift build -c release --show-bin-path)/graft-benchmarks
record=false
case "${1:-}" in
    "") ;;
    --record) record=true ;;
    *) echo "usage: Benchmarks/check-instructions.sh [--record]" >&2; exit 64 ;;
esac
[ -x "$bench" ] || { echo "error: no release build at $bench; run: swift build -c release --package-path Benchmarks" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "error: valgrind is not installed" >&2; exit 1; }

# The instructions of one run of the benchmark binary with these arguments. Hashing is made
# deterministic: a process's random seed changes how much work its sets and dictionaries do.
count() {
    local output instructions
    output=$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" "$@" 2>&1 >/dev/null) || {
        echo "error: graft-benchmarks $* failed under valgrind:" >&2
        echo "$output" | tail -5 >&2
        exit 1
    }
    instructions=$(echo "$output" | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    [ -n "$instructions" ] || { echo "error: valgrind printed no count for graft-benchmarks $*" >&2; exit 1; }
    echo "$instructions"
}

# Iterations per repetition (5 repetitions under --quick) for a warm count: the second run does
# twice as many, and the difference is the operations alone, without start-up or set-up.
iterations() {
    case "$1" in
        S3 | S12 | S13 | S14) echo 1 ;;
        S6) echo 200 ;;
        *) echo 2000 ;;
    esac
}

# Instructions per operation of one row of a scenario, repeated in one process.
warm() {
    local scenario=$1 row=$2 n
    n=$(iterations "$scenario")
    local one two
    one=$(count --quick --only "$scenario" --row "$row" --iterations "$n")
    two=$(count --quick --only "$scenario" --row "$row" --iterations $((2 * n)))
    echo $(((two - one) / (5 * n)))
}

declare -A empty
# Instructions of one first start-up in a fresh process, less the empty process's; for the
# empty process itself, its own count: the floor of a cold row, the runtime's start-up on this
# processor, which code that merely moves cannot change (a hand-written start-up's count moved
# by a fifth when only the container's code changed around it).
cold() {
    local scenario=$1 runner=$2
    if [ -z "${empty[$scenario]:-}" ]; then empty[$scenario]=$(count --start-up "$scenario" empty); fi
    if [ "$runner" = empty ]; then echo "${empty[$scenario]}"; return; fi
    echo $(($(count --start-up "$scenario" "$runner") - empty[$scenario]))
}

status=0
if $record; then grep '^#' "$ceilings"; fi
while IFS=$'\t' read -r scenario kind row floor ceiling; do
    case "$scenario" in "#"* | "") continue ;; esac
    mine=$("$kind" "$scenario" "$row")
    base=$("$kind" "$scenario" "$floor")
    if [ "${mine:-0}" -le 0 ] || [ "${base:-0}" -le 0 ]; then
        echo "FAIL: $scenario ($kind): $row counted ${mine:-nothing}, $floor ${base:-nothing}: is each row's name one that graft-benchmarks $scenario prints (with dashes)?"
        status=1
        continue
    fi
    ratio=$(awk -v a="$mine" -v b="$base" 'BEGIN { printf "%.3f", a / b }')
    if $record; then
        printf '%s\t%s\t%s\t%s\t%s\n' "$scenario" "$kind" "$row" "$floor" "$ratio"
        continue
    fi
    limit=$(awk -v c="$ceiling" 'BEGIN { printf "%.3f", c * 1.05 }')
    line="$scenario ($kind) $row $mine ÷ $floor $base = $ratio; ceiling $ceiling"
    if awk -v r="$ratio" -v l="$limit" 'BEGIN { exit !(r > l) }'; then
        echo "FAIL: $line, more than 5% above it (limit $limit)"
        status=1
    elif awk -v r="$ratio" -v c="$ceiling" 'BEGIN { exit !(r < c * 0.95) }'; then
        echo "ok:   $line; 5% or more below it: lower the ceiling to $ratio in Benchmarks/$ceilings"
    else
        echo "ok:   $line"
    fi
done < <(grep -v '^#' "$ceilings" | grep .; true)
[ "$record" = true ] && exit 0
exit $status
