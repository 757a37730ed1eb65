#!/bin/bash
# Instructions each thread of `DIR/bin/quire.js serve` executes until the render pool is ready (load-independent,
# unlike CPU seconds on a shared machine): runs the service under callgrind on a copy of the data dir that
# bench/start-up.sh made, dumps the counters when the log says "render pool ready", then stops it. Prints the
# two busiest threads (the render worker and the main thread). Takes some 3–9 minutes.
#   bench/start-up-callgrind.sh DIR [PORT]        e.g. bench/start-up-callgrind.sh /tmp/before 3943
DIR=$(cd "$1" && pwd); PORT=${2:-3918}
OUT=$(mktemp -d); DATA=${TMPDIR:-/tmp}/quire-start-up-$(basename $DIR)
[ -d $DATA ] || { echo "run bench/start-up.sh $1 first (it makes the data dir)"; exit 1; }
cp -r $DATA $OUT/data
FLAGS=$(head -1 $DIR/bin/quire.js | sed 's/.* node //')
env DATA_DIR=$OUT/data PORT=$PORT RENDER_THREADS=1 LOG_LEVEL=info valgrind --tool=callgrind --separate-threads=yes \
  --dump-instr=no --callgrind-out-file=$OUT/cg.%p node $FLAGS $DIR/bin/quire.js serve > $OUT/log 2>&1 &
PID=$!
until grep -q "render pool ready" $OUT/log; do sleep 0.1; kill -0 $PID 2>/dev/null || { cat $OUT/log; exit 1; }; done
callgrind_control -d $PID >/dev/null
kill -TERM $PID; wait $PID 2>/dev/null
for f in $OUT/cg.$PID.1-*; do echo "thread ${f##*-}: $(grep -m1 '^summary' $f | cut -d' ' -f2) instructions"; done | sort -t: -k2 -n -r | head -2
echo "load=$(cut -d' ' -f1 /proc/loadavg) (callgrind files in $OUT)"
