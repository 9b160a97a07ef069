#!/usr/bin/env python3
"""The group-algorithm tables of docs/results from a cohort-bench CSV.

usage: scripts/group-algorithms-table.py RESULTS.csv > TABLES.md

Value forms: one row per algorithm, type and group size with the nd_range case
(openmp, classic, one_barrier, nd_range) and the scoped case (openmp, scoped, scoped_by_hand) side by
side; joint forms: reference and nd_range per algorithm. Times are the CSV's throughput
column (ns per call per item, ns per element, medians); ratios are medians over the rounds
of the two variants' times in the same round (as cohort-bench's own ratios).
"""
import csv
import re
import statistics
import sys


def paired(slower, faster):
    """Median over the rounds of slower / faster, from the CSV's per-round samples."""
    a = [float(x) for x in slower["samples_s"].split()]
    b = [float(x) for x in faster["samples_s"].split()]
    return statistics.median(x / y for x, y in zip(a, b))


def main():
    rows = list(csv.DictReader(open(sys.argv[1])))
    by = {(r["benchmark"], r["variant"]): r for r in rows if r["benchmark"].startswith("group_algorithms/")}
    value = re.compile(r"group_algorithms/nd_range/(\w+)/(\w+)/(\d+)$")
    print('"nd_range vs classic" = median over rounds of classic time / nd_range time; "bound" = the same')
    print("for one_barrier (one group_barrier per call and no exchange: the most any one-round collective")
    print('can gain on the classic); "scoped vs openmp" = median over rounds of openmp time / scoped time')
    print("(2^17-item case). Times (medians) in ns per call per work-item.\n")
    print("| algorithm | type | group | openmp | classic | one_barrier | nd_range | **nd_range vs classic** | bound | switches/item/call nd_range (classic) | openmp (2^17) | scoped | scoped_by_hand | **scoped vs openmp** |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|")
    for (bench, variant), r in by.items():
        m = value.match(bench)
        if not m or variant != "nd_range":
            continue
        algo, typ, local = m.groups()
        ref, classic = by[(bench, "openmp")], by[(bench, "classic")]
        sbench = f"group_algorithms/scoped/{algo}/{typ}/{local}"
        sref, scoped, by_hand = by.get((sbench, "openmp")), by.get((sbench, "scoped")), by.get((sbench, "scoped_by_hand"))
        sw = lambda x: (x["note"].split(" sw/item/call")[0] if x["note"] else "-")
        vs_classic = paired(classic, r)
        one = by.get((bench, "one_barrier"))
        bound = f"{paired(classic, one):.2f}x" if one else "-"
        t = lambda x: f'{float(x["throughput"]):.3g}' if x else "-"
        scoped_ratio = f"**{paired(sref, scoped):.2f}x**" if scoped else "-"
        print(f"| {algo} | {typ} | {local} | {t(ref)} | {t(classic)} | {t(one)} | {t(r)} | **{vs_classic:.2f}x** | {bound} | "
              f"{sw(r)} ({sw(classic)}) | {t(sref)} | {t(scoped)} | {t(by_hand)} | {scoped_ratio} |")
    print("\n| joint algorithm | type (group) | reference (1 thread) ns/element | nd_range ns/element | **ratio** | switches/item/call |")
    print("|---|---|---:|---:|---:|---|")
    joint = re.compile(r"group_algorithms/(joint_\w+)/(\w+)/(\d+)$")
    for (bench, variant), r in by.items():
        m = joint.match(bench)
        if not m or variant != "nd_range":
            continue
        ref = next(x for (b, v), x in by.items() if b == bench and x["role"] == "reference")
        print(f'| {m.group(1)} | {m.group(2)} ({m.group(3)}) | {float(ref["throughput"]):.3g} | '
              f'{float(r["throughput"]):.3g} | **{float(r["ratio_to_reference"]):.2f}x** | {r["note"].split(" sw/")[0]} |')


if __name__ == "__main__":
    main()
