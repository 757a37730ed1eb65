#!/bin/bash
# Start-up figures of docs/operations.md: starts DIR/bin/quire.js serve on an existing data dir (made by the
# first run), prints wall ms until /health and /ready answer, each thread's CPU seconds at ready
# (/proc/PID/task/*/stat: main thread first, the render worker last) and RSS 5 s later.
#   bench/start-up.sh . [ENV=value …]     e.g. bench/start-up.sh /tmp/prod RENDER_WORKER_IDLE_MS=2000
DIR=$(cd "$1" && pwd); shift
D=${TMPDIR:-/tmp}/quire-start-up-$(basename $DIR)
mkdir -p $D
PORT=${PORT:-3917}
cd $DIR
env DATA_DIR=$D PORT=$PORT RENDER_THREADS=1 LOG_LEVEL=warn "$@" ./bin/quire.js serve >$D.log 2>&1 &
PID=$!
T0=$(date +%s%N)
H=""; R=""
while :; do
  NOW=$(( ($(date +%s%N)-T0)/1000000 ))
  if [ -z "$H" ] && curl -sf -o /dev/null http://127.0.0.1:$PORT/health; then H=$NOW; fi
  if [ -n "$H" ] && curl -sf -o /dev/null http://127.0.0.1:$PORT/ready; then R=$NOW; CPU=$(awk '{print ($14+$15)/100}' /proc/$PID/stat); THREADS=$(for t in /proc/$PID/task/*; do echo -n "$(cat $t/comm | tr ' ' _):$(awk '{print ($14+$15)/100}' $t/stat) "; done); break; fi
  [ $NOW -gt 120000 ] && break
  sleep 0.02
done
sleep 5
RSS=$(grep VmRSS /proc/$PID/status | awk '{print $2/1024}')
CPU2=$(awk '{print ($14+$15)/100}' /proc/$PID/stat)
echo "threads: $THREADS"; echo "health_ms=$H ready_ms=$R cpu_at_ready=$CPU cpu_after5s=$CPU2 rss_mb=$RSS load=$(cut -d' ' -f1 /proc/loadavg)"
kill -TERM $PID; wait $PID 2>/dev/null
