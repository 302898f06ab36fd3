#!/bin/sh
# Host test: random walks of the lifecycle model (tests/model/djopt.pml,
# spin simulations of its correct strategies, several seeds) replayed against
# the C state machine (patch/djprobe_fsm.c) by djprobe_fsm_test; then the
# same walks against a build with one wrong entry (-DFSM_BROKEN: dj_defer
# goes to DJ_INT3), which must fail.  Needs spin (make deps).
# B= the build directory (binaries in $B/host); STEPS= steps per walk.
set -e
B=${B:-build}
STEPS=${STEPS:-20000}
t=$B/host/djprobe_fsm_test
command -v spin > /dev/null || { echo "djprobe_fsm_replay: spin not found: make deps (Debian package spin)"; exit 1; }
$t
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
w=$B/host/djprobe_fsm_walks.txt
: > "$w"
# safe (int3-stackscan is the same model) and int3-tasksrcu, every region
# shape; 1 to 3 threads (a tasks-RCU grace period rarely completes in a
# random walk with 3)
for strategy in S_SAFE S_TASKSRCU; do
    for shape in PLAIN MIDCALL LASTCALL; do
        for seed in 1 2 3 4; do
            nt=$((seed % 3 + 1))
            echo "walk $strategy $shape NT=$nt seed $seed" >> "$w"
            (cd tests/model && spin -n$seed -u$STEPS -DSTRATEGY=$strategy -D$shape -DNT=$nt djopt.pml) >> "$w"
        done
    done
done
$t --replay "$w"
if ${t}_broken --replay "$w" > "$d/out"; then
    echo "djprobe_fsm_replay: FAIL: the broken table (-DFSM_BROKEN) replayed cleanly"; exit 1
fi
grep -q 'dj_defer.*DJ_UNOPTIMIZING\|DJ_UNOPTIMIZING.*dj_defer\|reached DJ_UNOPTIMIZING, the C table says DJ_INT3' "$d/out" || {
    cat "$d/out"; echo "djprobe_fsm_replay: FAIL: the broken table failed for another reason"; exit 1; }
echo "djprobe_fsm_replay: the broken table (dj_defer -> DJ_INT3) fails the replay: $(grep -m1 FAIL "$d/out" | sed 's/^ *FAIL //')"
