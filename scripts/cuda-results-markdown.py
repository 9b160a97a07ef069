#!/usr/bin/env python3
"""The tables of docs/results/cuda.md from a cohort-bench-cuda CSV.

usage: scripts/cuda-results-markdown.py RESULTS.csv > TABLES.md

Group collectives: one row per algorithm and type, one column per group size (run-time
size, then work_group_size<N>, then the sub-group), each cell CUB's time / cohort's.
The other benchmarks: one row per case with every variant's ratio to the plain CUDA
kernel (and to the ceiling: CUB's device-wide algorithm or cuBLAS, where there is one).
Hierarchical kernels: the plain CUDA kernel with a barrier on both sides of every step
(as parallel_for_work_item has them) beside the hierarchical kernel. Device-wide
algorithms (the `algorithm` families): one row per case and variant, one column per size,
each cell the reference's (CUB's) time / the variant's; tile-shape studies marked "tile".
"""
import csv
import sys
from collections import defaultdict


def collectives(rows):
    cells = defaultdict(dict)
    sizes = set()
    for r in rows:
        if r["benchmark"] not in ("reduce", "inclusive_scan", "exclusive_scan"):
            continue
        size = int(r["group"])
        column = {"work-group": str(size), "sub-group": "sub-group"}.get(r["variant"], f"fixed {size}")
        if r["variant"] != "sub-group":
            sizes.add(size)
        cells[(r["benchmark"], r["type"])][column] = float(r["ratio"])
    if not cells:
        return []
    columns = [str(s) for s in sorted(sizes)] + [f"fixed {s}" for s in sorted(sizes)] + ["sub-group"]
    out = ["| algorithm | type | " + " | ".join(columns) + " |", "| --- | --- |" + " --- |" * len(columns)]
    for (algorithm, type_), by in cells.items():
        out.append(f"| {algorithm} | {type_} | " + " | ".join(f"{by[c]:.2f}" if c in by else "-" for c in columns) + " |")
    return out


# The variants with SYCL-Bench's own sources (int counters, whole-group steps).
SYCL_BENCH_MODELS = ("nd_range_int", "hierarchical_whole_group", "scoped_int")


def benchmarks(rows):
    out = []
    cases = defaultdict(dict)
    for r in rows:
        if r["benchmark"] in ("reduce", "inclusive_scan", "exclusive_scan") or not r.get("reference"):
            continue
        cases[(r["benchmark"], r["type"], r["size"])][r["variant"]] = r
    for (benchmark, type_, size), by in cases.items():
        models = [v for v in ("range", "nd_range", "hierarchical", "scoped") + SYCL_BENCH_MODELS if v in by]
        if not models:
            continue
        if not out:
            out = ["| benchmark | type | size | model | vs plain CUDA | vs ceiling | registers |",
                   "| --- | --- | --- | --- | --- | --- | --- |"]
        for m in models:
            r = by[m]
            ceiling = f"{float(r['ceiling_ratio']):.2f}" if r.get("ceiling_ratio") else "-"
            out.append(f"| {benchmark} | {type_} | {size} | {m} | {float(r['ratio']):.2f} | {ceiling} | "
                       f"{r.get('registers') or '-'} |")
    return out


# Per kernel model: the plain CUDA kernel with the barriers the model needs (what no
# implementation can leave out), and the model's source written as plain CUDA (the first row
# of the list that a case has). The SYCL-Bench variants' sources as plain CUDA are the plain
# kernel with the model's barriers.
MODEL_BARRIERS = {"nd_range": "cuda", "hierarchical": "cuda_barriers_of_hierarchical",
                  "scoped": "cuda_barriers_of_scoped", "nd_range_int": "cuda",
                  "hierarchical_whole_group": "cuda_barriers_of_hierarchical_whole_group",
                  "scoped_int": "cuda_barriers_of_scoped"}
MODEL_SOURCES = {"nd_range": ["cuda_size_t_counters"],
                 "hierarchical": ["cuda_hierarchical_source",
                                  "cuda_size_t_counters_barriers_and_range_of_hierarchical"],
                 "scoped": ["cuda_scoped_source", "cuda_size_t_counters_barriers_of_scoped"],
                 "nd_range_int": ["cuda"],
                 "hierarchical_whole_group": ["cuda_barriers_of_hierarchical_whole_group"],
                 "scoped_int": ["cuda_barriers_of_scoped"]}


def model_barriers(rows):
    """The kernel models against plain CUDA with what each model needs and what its source does."""
    out = []
    cases = defaultdict(dict)
    for r in rows:
        cases[(r["benchmark"], r["type"])][r["variant"]] = r
    for (benchmark, type_), by in cases.items():
        for model, candidates in MODEL_SOURCES.items():
            source = next((c for c in candidates if c in by), None)
            if source is None or model not in by:
                continue
            if not out:
                out = ["| benchmark | type | model | plain CUDA with the model's barriers | the model's source as plain CUDA "
                       "| model | model / source |",
                       "| --- | --- | --- | --- | --- | --- | --- |"]
            barriers = by.get(MODEL_BARRIERS[model])
            that, mine = float(by[source]["ratio"]), float(by[model]["ratio"])
            cell = f"{float(barriers['ratio']):.2f}" if barriers else "-"
            out.append(f"| {benchmark} | {type_} | {model} | {cell} | {that:.2f} | {mine:.2f} | {mine / that:.2f} |")
    return out


def size_label(n):
    n = int(n)
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)


def algorithms(rows):
    cells = defaultdict(dict)
    order = []
    sizes = set()
    for r in rows:
        family = r.get("family", "") or r["benchmark"]
        if not r["benchmark"].startswith(("algorithm", "copy_if", "partition", "histogram", "segmented", "scan/",
                                          "reduction_study")):
            continue
        if r["variant"] == r.get("reference") or r["variant"].startswith("plain CUDA"):
            continue
        try:
            ratio = float(r["ratio"])
        except ValueError:
            continue
        variant = "study best" if r["variant"].startswith("study_best") else r["variant"]
        key = (r["benchmark"], r["type"], variant)
        if key not in cells:
            order.append(key)
        cells[key][r["size"]] = ratio
        sizes.add(int(r["size"]))
    if not order:
        return []
    columns = sorted(sizes)
    out = ["| benchmark | type | variant | " + " | ".join(size_label(c) for c in columns) + " |",
           "| --- | --- | --- |" + " --- |" * len(columns)]
    for key in order:
        values = [f"{cells[key][str(c)]:.2f}" if str(c) in cells[key] else "-" for c in columns]
        out.append(f"| {key[0]} | {key[1]} | {key[2]} | " + " | ".join(values) + " |")
    return out


def main():
    with open(sys.argv[1]) as f:
        rows = list(csv.DictReader(f))
    is_algorithm = lambda r: r["benchmark"].startswith(("algorithm", "scan/", "copy_if", "partition", "histogram",
                                                          "segmented_reduce_", "command_overhead"))
    sized = [r for r in rows if r.get("size", "").isdigit() and is_algorithm(r)]
    others = [r for r in rows if not is_algorithm(r)]
    tables = []
    if sized:
        tables.append(algorithms(sized))
    if others:
        tables += [collectives(others), benchmarks(others), model_barriers(others)]
    print("\n\n".join("\n".join(t) for t in tables if t))


if __name__ == "__main__":
    main()
