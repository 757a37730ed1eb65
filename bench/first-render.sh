#!/bin/bash
# How fast the service renders right after /ready: starts DIR/bin/quire.js serve on the data dir bench/start-up.sh
# made, waits for /ready, then renders the seeded sample invoice to PDF three times, printing for each the HTTP
# status, the wall seconds and the render worker's CPU ms (/proc/PID/task/*/stat). A key is made on first use.
#   bench/first-render.sh DIR
DIR=$(cd "$1" && pwd)
DATA=${TMPDIR:-/tmp}/quire-start-up-$(basename $DIR); PORT=${PORT:-3919}
[ -d $DATA ] || { echo "run bench/start-up.sh $1 first (it makes the data dir)"; exit 1; }
[ -s $DATA/bench-key ] || DATA_DIR=$DATA $DIR/bin/quire.js keys create --name first-render | tail -1 > $DATA/bench-key
KEY=$(cat $DATA/bench-key)
env DATA_DIR=$DATA PORT=$PORT RENDER_THREADS=1 LOG_LEVEL=warn $DIR/bin/quire.js serve > $DATA.first-render.log 2>&1 &
PID=$!
until curl -sf -o /dev/null http://127.0.0.1:$PORT/ready; do sleep 0.02; done
TEMPLATE=$(curl -s -H "X-Api-Key: $KEY" http://127.0.0.1:$PORT/api/v1/templates | grep -o '"id":"[^"]*"' | head -1 | cut -d'"' -f4)
# The render worker: the busiest thread other than the main one.
worker_ms() { for t in /proc/$PID/task/*; do [ ${t##*/} = $PID ] || awk '{print ($14+$15)*10}' $t/stat; done | sort -n | tail -1; }
LINE=""
for n in 1 2 3; do
  BEFORE=$(worker_ms)
  TIME=$(curl -s -o /dev/null -w '%{http_code} %{time_total}s' -X POST http://127.0.0.1:$PORT/render/pdf/$TEMPLATE \
    -H "X-Api-Key: $KEY" -H 'Content-Type: application/json' -d @$DATA/sample-invoice-data.json)
  LINE="$LINE render$n: $TIME, worker $(( $(worker_ms) - BEFORE )) ms;"
done
echo "$LINE load=$(cut -d' ' -f1 /proc/loadavg)"
kill -TERM $PID; wait $PID 2>/dev/null
