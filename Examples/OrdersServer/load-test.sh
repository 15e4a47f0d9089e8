#!/usr/bin/env bash
# Runs the orders server on loopback under load, then stops it with SIGTERM while a last burst
# of requests is in flight, and checks that nothing was lost: every order the server answered
# 201 Created is in the store it wrote back (and, under V2, audited once), the store and the
# audit log were each closed once by the injector's shutdown, the audit log first, and the
# server exited 0.
#
# Usage: load-test.sh [REQUESTS [WORKERS [VERSIONS]]]   (defaults: 4000 16 v2)
# Needs curl. Builds the server (debug) in this package's .build.
set -euo pipefail
cd "$(dirname "$0")"
requests=${1:-4000}
workers=${2:-16}
versions=${3:-v2}
per_worker=$(((requests + workers - 1) / workers))

command -v curl >/dev/null || { echo "load-test: needs curl" >&2; exit 1; }

echo "load-test: swift build --product OrdersServer"
swift build --product OrdersServer >/dev/null 2>&1 || swift build --product OrdersServer
server=$(swift build --show-bin-path)/OrdersServer

work=$(mktemp -d)
pid=""
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; fi
    rm -rf "$work"
}
trap cleanup EXIT

# A port nobody answers on.
port=""
for _ in $(seq 1 50); do
    candidate=$((20000 + RANDOM % 40000))
    if ! (echo >"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then port=$candidate; break; fi
done
[ -n "$port" ] || { echo "load-test: found no free port" >&2; exit 1; }

"$server" --port "$port" --store "$work/orders.json" --versions "$versions" >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
    if curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1; then break; fi
    kill -0 "$pid" 2>/dev/null || { cat "$work/server.log" >&2; echo "load-test: the server did not start" >&2; exit 1; }
    sleep 0.1
done

# Each worker is one curl that posts its share of orders over one kept-alive connection, and
# prints each answer's status on a line of its own.
place() {
    local urls=()
    for _ in $(seq 1 "$1"); do urls+=(-o /dev/null "http://127.0.0.1:$port/orders"); done
    curl -s -w '%{http_code}\n' -H 'content-type: application/json' \
        -d '{"item":"apple","quantity":12}' "${urls[@]}" || true
}

start=$(date +%s.%N)
loaders=()
for worker in $(seq 1 "$workers"); do
    place "$per_worker" >"$work/load-$worker.txt" &
    loaders+=($!)
done
wait "${loaders[@]}"
seconds=$(awk -v start="$start" -v end="$(date +%s.%N)" 'BEGIN { printf "%.1f", end - start }')
created=$(cat "$work"/load-*.txt | grep -c '^201$' || true)
echo "load-test: $created of $((per_worker * workers)) orders created in ${seconds}s by $workers workers"

# A last burst, with SIGTERM sent while it is in flight: what was answered 201 must be kept.
loaders=()
for worker in $(seq 1 "$workers"); do
    place 200 >"$work/burst-$worker.txt" &
    loaders+=($!)
done
sleep 0.3
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pid=""
wait "${loaders[@]}"
burst=$(cat "$work"/burst-*.txt | grep -c '^201$' || true)
created=$((created + burst))
echo "load-test: SIGTERM during a burst; $burst more orders created before the server stopped"

fail() { cat "$work/server.log" >&2; echo "load-test: $1" >&2; exit 1; }
[ "$status" -eq 0 ] || fail "the server exited $status, not 0"
[ -f "$work/orders.json" ] || fail "the server did not write the store back"
stored=$(grep -c '"id" : ' "$work/orders.json" || true)
distinct=$(grep -o '"id" : [0-9]*' "$work/orders.json" | sort -u | wc -l)
audited=$(grep -c '"order [0-9]* ' "$work/orders.json" || true)
echo "load-test: the store holds $stored orders ($distinct distinct ids) and $audited audit lines"
[ "$stored" -eq "$created" ] || fail "$created orders were created but the store holds $stored"
[ "$distinct" -eq "$stored" ] || fail "the store holds $stored orders under $distinct ids"
if [ "$versions" = v2 ]; then
    [ "$audited" -eq "$created" ] || fail "$created orders were created but $audited audited"
fi
closes=$(grep -c 'wrote the order store back' "$work/server.log" || true)
[ "$closes" -eq 1 ] || fail "the store was written back $closes times, not once"
# The injector's shutdown logs each service it closed, and after which: under V2 the audit log
# (which writes to the store) first, then the store.
store="closed OrderStore"
if [ "$versions" = v2 ]; then store="closed OrderStore after AuditLog"; fi
logged=$(grep -c " closed [A-Za-z]*\( after .*\)\?\$" "$work/server.log" || true)
expected=1
if [ "$versions" = v2 ]; then expected=2; fi
[ "$logged" -eq "$expected" ] || fail "the server logged $logged services closed, not $expected"
grep -q "$store\$" "$work/server.log" || fail "the server did not log: $store"
if [ "$versions" = v2 ]; then
    grep -q "closed AuditLog\$" "$work/server.log" || fail "the server did not log that it closed AuditLog"
fi
echo "load-test: passed: exit status 0, nothing lost, $store, the store written back once"
