#!/usr/bin/env python3
# Checks a merged split run against its parts: merged percentiles vs the exact percentiles of the
# merged requests.jsonl values, the per-second series vs the shards' series, the arrival count vs
# the target rate. Usage: deploy/k8s/verify-merge.py <output dir of local-shards.sh> [seconds]
import json, math, sys, glob, os
out = sys.argv[1]
m = json.load(open(f"{out}/merged/report.json"))
lines = [json.loads(l) for l in open(f"{out}/merged/requests.jsonl") if l.strip()]
def window(l):  # logs written before the rename call the window "phase"
    return l.get("window", l.get("phase"))
def exact(vals, p):
    v = sorted(vals); return v[max(1, math.ceil(p / 100 * len(v))) - 1]
print("scheduled total", m["requests"]["scheduled"], "lines", len(lines))
for k in ("ttft", "e2e"):
    vals = [l[k + "Ms"] for l in lines if window(l) == "measured" and l["outcome"] == "success" and l[k + "Ms"] is not None]
    for p, key in ((50, "p50"), (99, "p99")):
        e = exact(vals, p); r = m[k][key]
        print(f"{k} {key}: merged {r:.3f} ms, from requests.jsonl {e:.3f} ms, rel diff {abs(r - e) / e:.5f}")
shards = {e["index"]: e for e in m["shards"]["shards"]}
print("start spread ms", m["shards"]["startSpreadMs"], "max skew ms", m["shards"]["maxStartSkewMs"])
for i, e in sorted(shards.items()):
    print(f"  shard {i}: skew {e['startSkewMs']:.3f} ms, offset {e['startOffsetMs']:.3f} ms, shift {e['seriesShiftSeconds']} s, clock offset {e['clockOffsetNanos']} ns, {e['requests']['scheduled']} requests")
series = m["timeSeries"]
per = {}
for d in sorted(d for d in glob.glob(f"{out}/shard-*") if os.path.isdir(d)):
    r = json.load(open(f"{d}/report.json")); i = r["shard"]["index"]; sh = shards[i]["seriesShiftSeconds"]
    for s in r["timeSeries"]:
        for f in ("scheduled", "sent", "completed", "outputTokens"):
            per[(s["second"] + sh, f)] = per.get((s["second"] + sh, f), 0) + s[f]
bad = [(s["second"], f) for s in series for f in ("scheduled", "sent", "completed", "outputTokens") if per.get((s["second"], f), 0) != s[f]]
print("seconds", len(series), "per-second mismatches vs the shards' series", len(bad),
      "| series sums: scheduled", sum(s["scheduled"] for s in series), "completed", sum(s["completed"] for s in series),
      "tokens", sum(s["outputTokens"] for s in series), "vs report tokens", m["tokens"]["output"])
w = json.load(open(f"{out}/whole/report.json"))
n = m["requests"]["scheduled"]; exp = m["rate"]["target"] * (float(sys.argv[2]) if len(sys.argv) > 2 else 30)
print(f"arrivals: shards {n}, whole process {w['requests']['scheduled']}, expected {exp:.0f} (Poisson sd {math.sqrt(exp):.1f}): "
      f"shards {(n - exp) / math.sqrt(exp):+.2f} sd, whole {(w['requests']['scheduled'] - exp) / math.sqrt(exp):+.2f} sd")
