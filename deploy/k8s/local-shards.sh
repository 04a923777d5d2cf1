#!/usr/bin/env bash
# A split run on this machine, with the environment contract of the Kubernetes Indexed Job: four
# 'benchsuite run --shards 4' processes, each told its index by JOB_COMPLETION_INDEX, meeting at a
# start barrier directory, against one shared serve-sim; then one process at the same total load, and
# the merge. Prints nothing but where things went; deploy/k8s/verify-merge.py checks the result.
#   deploy/k8s/local-shards.sh [output-dir]      (default /tmp/benchsuite-shards)
# Needs the shaded CLI jar: mvn -B -DskipTests package -pl benchsuite-cli -am
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
JAR="$(ls -t "$root"/benchsuite-cli/target/benchsuite-cli-*-all.jar | head -n 1)"
OUT="${1:-/tmp/benchsuite-shards}"
PORT="${PORT:-18123}"
TIME=()
[ -x /usr/bin/time ] && TIME=(/usr/bin/time -v -o)
rm -rf "$OUT"; mkdir -p "$OUT"
java -Xmx256m -jar "$JAR" serve-sim --port "$PORT" --duration 300s > "$OUT/serve-sim.log" 2>&1 &
SIM=$!
trap 'kill $SIM 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.2; done
FLAGS=(--backend vllm --url "http://127.0.0.1:$PORT" --model llama-3-8b --rate 20 --duration 30s --max-concurrent 64
       --input-length 128 --output-length 64 --seed 42 --name split --no-progress --server-metrics-url none)
timed() { local name=$1; shift; if [ ${#TIME[@]} -gt 0 ]; then "${TIME[@]}" "$OUT/time-$name.txt" "$@"; else "$@"; fi; }
pids=()
for i in 0 1 2 3; do
  JOB_COMPLETION_INDEX=$i timed "shard-$i" java -Xmx256m -jar "$JAR" run "${FLAGS[@]}" \
    --shards 4 --start-barrier "$OUT/barrier" --output-dir "$OUT/shard-$i" > "$OUT/shard-$i.log" 2>&1 &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
timed whole java -Xmx256m -jar "$JAR" run "${FLAGS[@]}" --output-dir "$OUT/whole" > "$OUT/whole.log" 2>&1
timed merge java -Xmx256m -jar "$JAR" merge "$OUT/shard-*" --output-dir "$OUT/merged" | tee "$OUT/merge.log"
echo "shards: $OUT/shard-*, whole run: $OUT/whole, merged: $OUT/merged"
