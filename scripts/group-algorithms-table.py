#!/usr/bin/env python3
"""The group-algorithm tables of docs/results from a cohort-bench CSV.

usage: scripts/group-algorithms-table.py RESULTS.csv > TABLES.md

Value forms: one row per algorithm, type and group size with the nd_range case
(openmp, classic, one_barrier, nd_range) and the scoped case (openmp, scoped, scoped_by_hand) side by
side; where the CSV has three_barriers, a second table splits the classic's time per call
(barrier rounds, the kernel's step, the classic's own work, the collective's); joint
forms: reference and nd_range per algorithm. Times are the CSV's throughput
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


def decomposition(by, value):
    """Where the classic's time goes, from the bare-barrier variants (bench/group_algorithms.cpp)."""
    t = lambda b, v: float(by[(b, v)]["throughput"])
    rows = [(b, value.match(b).groups()) for (b, v) in by if v == "three_barriers" and value.match(b)]
    if not rows:
        return
    print("\nPer call and item, from the medians: classic = 3B + S + C, three_barriers = 3B + S,")
    print("one_barrier = B + S, nd_range = B + S + A (B a barrier round, S the kernel's own step,")
    print("C the classic's local memory and leader, A the collective's own work). nd_range is 3x the")
    print("classic exactly when C >= 2S + 3A, whatever B is. Times in ns.\n")
    print("| algorithm | type | group | classic | three_barriers | one_barrier | nd_range | B | S | C | A | C - (2S + 3A) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for b, (algo, typ, local) in rows:
        classic, three, one, nd = (t(b, v) for v in ("classic", "three_barriers", "one_barrier", "nd_range"))
        step = (3 * one - three) / 2
        own, arrival = classic - three, nd - one
        print(f"| {algo} | {typ} | {local} | {classic:.3g} | {three:.3g} | {one:.3g} | {nd:.3g} | {one - step:.2f} | "
              f"{step:.2f} | {own:.2f} | {arrival:.2f} | {own - 2 * step - 3 * arrival:+.2f} |")


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
    decomposition(by, value)
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
