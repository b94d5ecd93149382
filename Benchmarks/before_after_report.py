#!/usr/bin/env python3
"""Medians of what Benchmarks/before_after_guest.sh measured, with the ratios to fswebcam.

    before_after_report.py [.cache/guest/before_after]
"""
import json, os, statistics, sys

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".cache/guest/before_after")


def times(name):
    rows = [line.split() for line in open(os.path.join(OUT, name + ".times")) if len(line.split()) == 4 and not line.startswith("Command")]
    return {"wall": statistics.median(float(r[3]) for r in rows), "cpu": statistics.median(float(r[0]) + float(r[1]) for r in rows),
            "runs": len(rows), "all_wall": [float(r[3]) for r in rows]}


def shots(name):
    rows = [json.loads(line) for line in open(os.path.join(OUT, name + ".json")) if line.startswith("{")]
    rows = [r for r in rows if "per_shot" in r]
    return {"per_shot": statistics.median(r["per_shot"] for r in rows), "runs": len(rows), "all": [r["per_shot"] for r in rows]}


cold = {tool: times(f"cold_{tool}") for tool in ["before", "after", "fswebcam"]}
tl = {tool: shots(f"tl_{tool}") for tool in ["before", "after", "fswebcam"]}
result = {"cold": cold, "timelapse": tl,
          "ratios": {"cold_before": cold["before"]["wall"] / cold["fswebcam"]["wall"], "cold_after": cold["after"]["wall"] / cold["fswebcam"]["wall"],
                     "tl_before": tl["before"]["per_shot"] / tl["fswebcam"]["per_shot"], "tl_after": tl["after"]["per_shot"] / tl["fswebcam"]["per_shot"]}}
failures = os.path.join(OUT, "failures")
if os.path.exists(failures):
    result["failures"] = open(failures).read()
check = os.path.join(OUT, "cold_still.check")
if os.path.exists(check):
    result["check"] = open(check).read().strip()
print(json.dumps(result, indent=1))
