#!/usr/bin/env bash
# Smoke suite for a standalone folder (scripts/build-standalone.py) on a PATH without
# Python: score, new, add, show, export to .xlsx and .pdf, blank, serve answering a
# request, a run in each language; then its start-up time and its size against the
# targets (a table command in at most 1.5 s, at most 150 MB unpacked).
#
#   bash scripts/smoke-standalone.sh dist/standalone/scoresheet
#
# Every run is `env -i PATH=<folder>:/usr/bin:/bin`: no virtual environment, no
# PYTHONPATH or PYTHONHOME; the score runs have the folder alone on their PATH.
set -euo pipefail

MAX_SECONDS=1.5
MAX_MB=150
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIST="$(cd "${1:?usage: smoke-standalone.sh FOLDER}" && pwd)"
EXE="$DIST/scoresheet"
WORK="$(mktemp -d)"
SERVER=""
cleanup() {
    if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

fail() { echo "smoke-standalone: $*" >&2; exit 1; }
# run ARGS…: scoresheet from the folder, with no Python anywhere in reach but the /usr/bin
# one, which the checks below show is not what runs.
run() { (cd "$WORK" && env -i HOME="$WORK" PATH="$DIST:/usr/bin:/bin" scoresheet "$@"); }
# alone ARGS…: the folder alone on PATH (no python3 to be found at all).
alone() { (cd "$WORK" && env -i HOME="$WORK" PATH="$DIST" scoresheet "$@"); }
expect() { # expect TEXT OUTPUT: OUTPUT holds TEXT
    case "$2" in *"$1"*) ;; *) fail "expected '$1' in: ${2:0:400}" ;; esac
}

# The program is the frozen one: a native executable, not a Python script.
[ -x "$EXE" ] || fail "no executable $EXE"
[ "$(head -c 4 "$EXE" | od -An -c | tr -d ' ')" = "177ELF" ] || [ "$(uname)" != Linux ] \
    || fail "$EXE is not a native executable"
[ "$(env -i PATH="$DIST:/usr/bin:/bin" "$BASH" -c 'command -v scoresheet')" = "$EXE" ] \
    || fail "scoresheet on PATH is not the folder's"
if env -i PATH="$DIST" "$BASH" -c 'command -v python3 || command -v python' >/dev/null; then
    fail "a Python is on the folder's PATH"
fi

cp "$ROOT/examples/classic.json" "$WORK/classic.json"

# The first run of a freshly unpacked folder: the slowest start (nothing in the disk cache).
start=$EPOCHREALTIME
out="$(alone score classic.json)"
end=$EPOCHREALTIME
expect "winner: Ann" "$out"
first="$(echo "$end - $start" | awk '{printf "%.3f", $1 - $3}')"
echo "standalone: the first run (score) took ${first} s (target ${MAX_SECONDS} s)"
awk -v s="$first" -v m="$MAX_SECONDS" 'BEGIN { exit !(s <= m) }' \
    || fail "the first run took ${first} s, over ${MAX_SECONDS} s"
expect "scoresheet" "$(alone --version)"

run new game.json --players Ann,Bob,Cat,Dan >/dev/null
run add game.json no-queens --double Bob=maximum --double Cat=Dan --redouble Dan=Cat \
    --queens Ann=2,Cat=1,Dan=1 >/dev/null
run add game.json --deal '{"contract": "no-king", "doubles": [{"by": "Bob", "double": ["Ann"]}], "result": {"king_of_hearts": "Cat"}}' >/dev/null
out="$(run show game.json)"
expect "Ann" "$out"
run score game.json --json | grep -q '"contract": "no-king"' || fail "score --json lacks the deal"

run export game.json -o game.xlsx >/dev/null
run export game.json -o game.pdf >/dev/null
run blank -o pad.pdf --players Ann,Bob,Cat,Dan >/dev/null
run blank -o sheet.xlsx --players Ann,Bob,Cat,Dan --rules classic >/dev/null
for f in game.xlsx sheet.xlsx; do
    [ "$(head -c 2 "$WORK/$f")" = "PK" ] || fail "$f is not a workbook"
done
for f in game.pdf pad.pdf; do
    [ "$(head -c 5 "$WORK/$f")" = "%PDF-" ] || fail "$f is not a PDF"
done

# One run in each language: the verdict of the classic example, translated.
expect "winner: Ann" "$(run --lang en score classic.json)"
expect "gagnant" "$(run --lang fr score classic.json)"
expect "Gewinner" "$(run --lang de score classic.json)"
expect "勝者" "$(run --lang ja score classic.json)"
expect "获胜者" "$(run --lang zh score classic.json)"
expect "使い方" "$(run --lang ja --help)"

# serve: started on any free port, it answers the link it prints.
(cd "$WORK" && exec env -i HOME="$WORK" PATH="$DIST:/usr/bin:/bin" scoresheet serve game.json \
    --port 0 >serve.out 2>&1) &
SERVER=$!
url=""
for _ in $(seq 100); do
    url="$(grep -o -m1 'http://127\.0\.0\.1:[0-9]*/[^ ]*/' "$WORK/serve.out" || true)"
    [ -n "$url" ] && break
    kill -0 "$SERVER" 2>/dev/null || fail "serve stopped: $(cat "$WORK/serve.out")"
    sleep 0.1
done
[ -n "$url" ] || fail "serve printed no link: $(cat "$WORK/serve.out")"
hostport="${url#http://}"
hostport="${hostport%%/*}"
path="/${url#http://*/}"
exec 3<>"/dev/tcp/${hostport%:*}/${hostport#*:}"
printf 'GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n' "$path" "$hostport" >&3
reply="$(cat <&3)"
exec 3<&-
expect "HTTP/1.1 200" "$reply"
expect "<html" "$reply"
kill "$SERVER"
wait "$SERVER" 2>/dev/null || true
SERVER=""

# Start-up: the median wall time of five runs of a table command (`show`, `status`).
median() { sort -n | sed -n 3p; }
for cmd in show status; do
    run "$cmd" game.json >/dev/null # warm the disk cache, as a second command at the table
    secs="$(for _ in 1 2 3 4 5; do
        start=$EPOCHREALTIME
        run "$cmd" game.json >/dev/null
        end=$EPOCHREALTIME
        echo "$end - $start" | awk '{printf "%.3f\n", $1 - $3}'
    done | median)"
    echo "standalone: scoresheet $cmd starts and ends in ${secs} s (median of 5; target ${MAX_SECONDS} s)"
    awk -v s="$secs" -v m="$MAX_SECONDS" 'BEGIN { exit !(s <= m) }' \
        || fail "scoresheet $cmd took ${secs} s, over ${MAX_SECONDS} s"
done

bytes="$(du -sb "$DIST" | cut -f1)"
mb="$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')"
echo "standalone: the folder weighs ${mb} MB unpacked (target ${MAX_MB} MB)"
[ "$bytes" -le $((MAX_MB * 1000000)) ] || fail "the folder weighs ${mb} MB, over ${MAX_MB} MB"
echo "standalone: smoke suite passed"
