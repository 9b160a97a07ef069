#!/usr/bin/env python3
"""Turns a cohort-bench CSV into markdown tables, one per benchmark case, for docs/results.

usage: scripts/results-markdown.py RESULTS.csv [--filter REGEX] > RESULTS.md
"""
import csv
import re
import sys
from collections import OrderedDict


def fmt_time(s):
    s = float(s)
    if s >= 1:
        return f"{s:.3f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.3f} ms"
    return f"{s * 1e6:.1f} us"


def main():
    args = sys.argv[1:]
    pattern = None
    if "--filter" in args:
        i = args.index("--filter")
        pattern = re.compile(args[i + 1])
        del args[i : i + 2]
    cases = OrderedDict()
    with open(args[0], newline="") as f:
        for row in csv.DictReader(f):
            if pattern and not pattern.search(row["benchmark"]):
                continue
            cases.setdefault(row["benchmark"], []).append(row)
    for name, rows in cases.items():
        first = rows[0]
        print(f"### {name} (size {first['size']}, local {first['local']})\n")
        print("| variant | role | median | min | throughput | ratio to reference | check | note |")
        print("|---|---|---:|---:|---:|---:|---|---|")
        for r in rows:
            capped = " (capped)" if r["capped"] not in ("0", "") else ""
            print(
                f"| {r['variant']} | {r['role']} | {fmt_time(r['median_s'])}{capped} | {fmt_time(r['min_s'])} "
                f"| {float(r['throughput']):.4g} {r['unit']} | **{float(r['ratio_to_reference']):.2f}x** "
                f"| {r['verification']} | {r['note']} |"
            )
        print()


if __name__ == "__main__":
    main()
