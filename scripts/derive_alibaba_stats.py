#!/usr/bin/env python3
"""Derives the aggregate statistics in traces/stats/ from the real Alibaba GPU trace.

Reads openb_node_list_gpu_node.csv and openb_pod_list_default.csv of alibaba/clusterdata
cluster-trace-gpu-v2023 from the shared folder and writes only aggregates: counts of node
configurations, pod-class counts, a joint histogram of request shapes, category counts and
quantile tables. No row of the trace is written (contracts.md section 6); see
traces/stats/README.md for the format.

Usage: scripts/derive_alibaba_stats.py [--shared DIR] [--pods FILE] [--out DIR]
The shared folder comes from --shared, else $TESSERA_SHARED, else ../shared beside the checkout.
Standard library only; the output is byte-identical on every run.
"""
import argparse
import csv
import os
import sys
from collections import Counter

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRACE_FOLDER = os.path.join("traces", "alibaba-gpu-v2023")

PPM = 1_000_000
# A request shape seen fewer times than this is pooled into a coarse bin, so that no
# shape in the output describes one or two particular pods.
MIN_SHAPE_COUNT = 3
# Creation time is split into this many equal-probability bands, each with its own lifetime
# table: pods created long before the trace window are the survivors, with far longer lives.
LIFETIME_BANDS = 20
CREATION_GRID = list(range(0, PPM + 1, PPM // 100))
TAIL_GRID = list(range(0, PPM, PPM // 20)) + [975_000, 990_000, 995_000, PPM]
# Bin edges for pooled rare shapes: powers of two of 1 vCPU, of 1 GiB and steps of 0.1 GPU.
CPU_EDGES = [0] + [1000 * 2**k for k in range(12)]
MEMORY_EDGES = [0] + [1024 * 2**k for k in range(16)]
SHARE_EDGES = [1] + list(range(100, 1001, 100))


def shared_dir(arg):
    return arg or os.environ.get("TESSERA_SHARED") or os.path.join(os.path.dirname(REPO), "shared")


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def pod_class(pod):
    """The class names of core/model/PodSpec.cpp."""
    gpus, milli = int(pod["num_gpu"]), int(pod["gpu_milli"])
    if gpus == 0:
        return "cpu"
    if gpus == 1 and milli < 1000:
        return "share"
    return f"{gpus}-gpu"


def class_order(name):
    if name in ("cpu", "share"):
        return (0, 0) if name == "cpu" else (1, 0)
    return (2, int(name.split("-")[0]))


def bin_range(value, edges):
    """The [low, high] bin of `edges` holding value (the last bin is open-ended)."""
    for low, high in zip(edges, edges[1:]):
        if value < high:
            return low, high - 1
    return edges[-1], max(value, edges[-1])


def text_range(low, high):
    return str(low) if low == high else f"{low}-{high}"


def probability_text(ppm):
    whole, fraction = divmod(ppm, PPM)
    return f"{whole}.{fraction:06d}".rstrip("0").rstrip(".")


def quantiles(values, grid):
    """Nearest-rank quantiles, in integer arithmetic so that every platform agrees."""
    ordered = sorted(values)
    last = len(ordered) - 1
    return [(p, ordered[(p * last + PPM // 2) // PPM]) for p in grid]


def node_config_rows(nodes):
    configs = Counter((n["model"], int(n["gpu"]), int(n["cpu_milli"]), int(n["memory_mib"])) for n in nodes)
    rows = [["model", "gpu", "cpu_milli", "memory_mib", "count"]]
    for key, count in sorted(configs.items(), key=lambda kv: (-kv[1], kv[0])):
        rows.append([*key, count])
    return rows


def pod_class_rows(pods):
    counts = Counter(pod_class(p) for p in pods)
    return [["class", "count"]] + [[c, counts[c]] for c in sorted(counts, key=class_order)]


def pod_shape_rows(pods):
    exact = Counter((pod_class(p), int(p["cpu_milli"]), int(p["memory_mib"]), int(p["gpu_milli"])) for p in pods)
    shapes = Counter()
    for (cls, cpu, memory, milli), count in exact.items():
        if count >= MIN_SHAPE_COUNT:
            shapes[(cls, (cpu, cpu), (memory, memory), (milli, milli))] += count
        else:
            share_bin = bin_range(milli, SHARE_EDGES) if cls == "share" else (milli, milli)
            shapes[(cls, bin_range(cpu, CPU_EDGES), bin_range(memory, MEMORY_EDGES), share_bin)] += count
    rows = [["class", "cpu_milli", "memory_mib", "gpu_milli", "count"]]
    for (cls, cpu, memory, milli), count in sorted(shapes.items(), key=lambda kv: (class_order(kv[0][0]), -kv[1],
                                                                                    kv[0][1:])):
        rows.append([cls, text_range(*cpu), text_range(*memory), text_range(*milli), count])
    return rows


def pod_attribute_rows(pods):
    counts = Counter()
    for p in pods:
        cls = pod_class(p)
        for attribute in ("qos", "pod_phase", "gpu_spec"):
            counts[(cls, attribute, p[attribute])] += 1
        counts[(cls, "deletion_time", "empty" if p["deletion_time"] == "" else "present")] += 1
    attribute_order = {"qos": 0, "pod_phase": 1, "gpu_spec": 2, "deletion_time": 3}
    rows = [["class", "attribute", "value", "count"]]
    for (cls, attribute, value), count in sorted(counts.items(), key=lambda kv: (
            class_order(kv[0][0]), attribute_order[kv[0][1]], -kv[1], kv[0][2])):
        rows.append([cls, attribute, value, count])
    return rows


def pod_time_rows(pods):
    timed = sorted(((int(p["creation_time"]), p) for p in pods if p["creation_time"] != ""), key=lambda tp: tp[0])
    creation = [t for t, _ in timed]
    rows = [["distribution", "band", "probability", "seconds"]]

    def table(name, band, values, grid):
        for p, seconds in quantiles(values, grid):
            rows.append([name, band, probability_text(p), seconds])

    table("creation_time", "", creation, CREATION_GRID)
    # Band b holds the pods whose creation-time rank lies in [b/B, (b+1)/B), matching the
    # generator, which draws a creation probability and then the lifetime of its band.
    for band in range(LIFETIME_BANDS):
        members = timed[band * len(timed) // LIFETIME_BANDS:(band + 1) * len(timed) // LIFETIME_BANDS]
        lifetimes = [int(p["deletion_time"]) - t for t, p in members if p["deletion_time"] != ""]
        table("lifetime", band, lifetimes, TAIL_GRID)
    table("interarrival", "", [b - a for a, b in zip(creation, creation[1:])], TAIL_GRID)
    delays = [int(p["scheduled_time"]) - t for t, p in timed if p["scheduled_time"] != ""]
    table("scheduling_delay", "", delays, TAIL_GRID)
    return rows


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", help="the shared folder (default: $TESSERA_SHARED, else ../shared)")
    parser.add_argument("--nodes", default="openb_node_list_gpu_node.csv", help="node list inside the trace folder")
    parser.add_argument("--pods", default="openb_pod_list_default.csv", help="pod list inside the trace folder")
    parser.add_argument("--out", default=os.path.join(REPO, "traces", "stats"), help="output folder")
    args = parser.parse_args()

    folder = os.path.join(shared_dir(args.shared), TRACE_FOLDER)
    try:
        nodes = read_rows(os.path.join(folder, args.nodes))
        pods = read_rows(os.path.join(folder, args.pods))
    except OSError as e:
        sys.exit(f"error: {e} (set TESSERA_SHARED or pass --shared)")
    if "creation_time" not in (pods[0] if pods else {}):
        sys.exit(f"error: {args.pods} has no time columns; the statistics need them")

    os.makedirs(args.out, exist_ok=True)
    write_csv(os.path.join(args.out, "node_configs.csv"), node_config_rows(nodes))
    write_csv(os.path.join(args.out, "pod_classes.csv"), pod_class_rows(pods))
    write_csv(os.path.join(args.out, "pod_shapes.csv"), pod_shape_rows(pods))
    write_csv(os.path.join(args.out, "pod_attributes.csv"), pod_attribute_rows(pods))
    write_csv(os.path.join(args.out, "pod_times.csv"), pod_time_rows(pods))


if __name__ == "__main__":
    main()
