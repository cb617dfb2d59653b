#!/usr/bin/env bash
# The one-file executable's computer players think in worker processes (issue 29), and the program
# exits cleanly: `--version` says so, a demo with Expert seats ends with exit 0 and no traceback,
# a worker process (the executable started again) used CPU time during the game, and afterwards
# no process of the executable is left and the folder it was unpacked into is gone.
#   scripts/exe_workers_check.sh dist/tortuga [demo options...]   (run by .ci/run)
set -euo pipefail
exe=$(realpath "$1"); shift
[ $# -gt 0 ] || set -- --players 2 --level expert --seed 1 --speed instant
"$exe" --version | grep -q "computer players think in worker processes" \
  || { "$exe" --version; echo "the executable does not say its computer players think in worker processes" >&2; exit 1; }
out=$(mktemp); home=$(mktemp -d)
(cd / && TORTUGA_HOME=$home SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout 300 "$exe" --demo "$@" --exit-after-game >"$out" 2>&1) &
game=$!
workers=() busy=0 unpacked=""
ticks=$(getconf CLK_TCK)
while kill -0 "$game" 2>/dev/null; do
  for p in /proc/[0-9]*; do  # the executable's worker processes: its own binary, started as a worker
    [ "$(readlink "$p/exe" 2>/dev/null)" = "$exe" ] || continue
    tr '\0' ' ' <"$p/cmdline" 2>/dev/null | grep -q -- "--multiprocessing-fork" || continue
    pid=${p#/proc/}
    [[ " ${workers[*]} " == *" $pid "* ]] || workers+=("$pid")
    cpu=$(awk -v t="$ticks" '{print int(($14 + $15) / t * 10)}' "$p/stat" 2>/dev/null || echo 0)  # tenths of a second
    [ "$cpu" -gt "$busy" ] && busy=$cpu
    [ -n "$unpacked" ] || unpacked=$(tr '\0' '\n' <"$p/environ" 2>/dev/null | sed -n 's/^_PYI_APPLICATION_HOME_DIR=//p')
  done
  sleep 0.5
done
rc=0; wait "$game" || rc=$?
sleep 1
cat "$out"
left=$(for p in /proc/[0-9]*; do [ "$(readlink "$p/exe" 2>/dev/null)" = "$exe" ] && echo "${p#/proc/}"; done || true)
echo "demo $*: exit $rc; worker processes ${workers[*]:-none}, the busiest used $((busy / 10)).$((busy % 10)) s CPU"
[ "$rc" -eq 0 ] || { echo "the demo did not end with exit 0" >&2; exit 1; }
! grep -q "Traceback" "$out" || { echo "a traceback was printed" >&2; exit 1; }
[ "${#workers[@]}" -gt 0 ] && [ "$busy" -gt 0 ] || { echo "no worker process of the executable thought" >&2; exit 1; }
[ -z "$left" ] || { ps -o pid,args -p "${left//$'\n'/,}"; echo "processes of the executable are left" >&2; exit 1; }
[ -n "$unpacked" ] && [ ! -e "$unpacked" ] || { echo "the unpacked folder ${unpacked:-?} is still there" >&2; exit 1; }
echo "workers ran from the game's unpacked folder, which is gone; nothing left running"
