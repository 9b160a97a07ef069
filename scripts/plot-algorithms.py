#!/usr/bin/env python3
"""Throughput against input size of the device-wide algorithms, one panel per algorithm and
type, cohort's calls beside their references in the same run, from a results CSV of
cohort-bench (CPU: benchmark names like algorithm_reduce/sum/int32/1024) or of
cohort-bench-cuda (GPU: benchmark, type and size columns). Tile-shape studies and the seed
study's sweep are left out. Needs gnuplot.

    scripts/plot-algorithms.py docs/results/cuda-algorithms-h200.csv docs/results/cuda-algorithms-h200.png
"""
import csv
import math
import os
import subprocess
import sys
import tempfile
from collections import defaultdict

SCALE = {"B/s": (1e-9, "GB/s"), "GB/s": (1.0, "GB/s"), "keys/s": (1e-9, "Gkeys/s"), "Gkeys/s": (1.0, "Gkeys/s")}


def rows_of(path):
    """(panel, variant, size, throughput, unit) of each timed row."""
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            variant = r["variant"]
            if variant.startswith(("cohort tile", "cohort drawn")) or variant.startswith("study_"):
                continue
            if "type" in r:  # cohort-bench-cuda
                if not r["benchmark"].startswith(("algorithm", "copy_if", "partition", "histogram", "segmented", "scan", "reduction_study")):
                    continue
                panel, size, rate = f'{r["benchmark"]} {r["type"]}', r["size"], r["rate"]
            else:  # cohort-bench: the type and size end the benchmark's name
                parts = r["benchmark"].split("/")
                if not parts[0].startswith("algorithm") or len(parts) < 3:
                    continue
                size = parts[-1].split("_")[0]  # 1024, or 2^24 (segments may follow)
                size = str(2 ** int(size[2:])) if size.startswith("2^") else size
                panel, rate = " ".join(parts[:-1]), r["throughput"]
            try:
                size, rate = int(size), float(rate)
            except ValueError:
                continue
            if rate <= 0:
                continue
            scale, unit = SCALE.get(r["unit"], (1.0, r["unit"]))
            if "role" in r:
                reference = r["role"] != "model"
            else:
                reference = not variant.startswith(("cohort", "range_reduction", "reduction_interface"))
            yield panel, variant, size, rate * scale, unit, reference


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    source, target = sys.argv[1], sys.argv[2]
    panels = defaultdict(lambda: defaultdict(dict))
    units = {}
    references = set()
    for panel, variant, size, rate, unit, reference in rows_of(source):
        panels[panel][variant][size] = rate
        units[panel] = unit
        if reference:
            references.add(variant)
    panels = {p: v for p, v in panels.items() if len({s for d in v.values() for s in d}) >= 2}
    if not panels:
        sys.exit(f"{source}: no algorithm measured at two sizes or more")
    cols = 4
    rows = math.ceil(len(panels) / cols)
    with tempfile.TemporaryDirectory() as tmp:
        script = [f'set terminal pngcairo noenhanced size {cols * 420},{rows * 300} font ",9"',
                  f'set output "{target}"', f'set multiplot layout {rows},{cols} title "{os.path.basename(source)}"',
                  "set logscale x 2", "set logscale y 10", "set xtics 16", "set format x '2^%L'", "set key top left font ',7'", "set grid"]
        for k, (panel, variants) in enumerate(sorted(panels.items())):
            plots = []
            for j, (variant, points) in enumerate(sorted(variants.items())):
                data = os.path.join(tmp, f"{k}_{j}.dat")
                with open(data, "w") as f:
                    for size in sorted(points):
                        f.write(f"{size} {points[size]}\n")
                dash = "dt 2" if variant in references else "dt 1"  # references dashed
                plots.append(f'"{data}" using 1:2 with linespoints {dash} title "{variant}"')
            script += [f'set title "{panel}"', f'set ylabel "{units[panel]}"', "plot " + ", ".join(plots)]
        script.append("unset multiplot")
        subprocess.run(["gnuplot"], input="\n".join(script), text=True, check=True)
    print(f"{target}: {len(panels)} panels")


if __name__ == "__main__":
    main()
