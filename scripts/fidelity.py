#!/usr/bin/env python3
"""Regenerates docs/fidelity.md (and its SVG plots) from ../shared.

Runs tessera-cli on every pod list that has reference rows, for the six FGD-paper policies
over seeds 42-51, and applies the fidelity rule of contracts.md section 7 at every integer
arrived % from 0 to 130. Then measures PWR against FGD on the default trace.

Usage: scripts/fidelity.py [--cli build/app/tessera-cli] [--out docs/fidelity.md]
The shared folder comes from $TESSERA_SHARED, else ../shared beside the checkout.
The reference curves are read by path; nothing of them is copied into the project.
"""
import argparse
import csv
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

from fidelity_data import require_tool

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POLICIES = [("01-Random", "random"), ("02-DotProd", "dotproduct"), ("03-GpuClustering", "gpuclustering"),
            ("04-GpuPacking", "gpupacking"), ("05-BestFit", "bestfit"), ("06-FGD", "fgd")]
METRICS = [("alloc_pct", "analysis_allo_discrete.csv", "allocation %"),
           ("frag_rate_pct", "analysis_frag_ratio_discrete.csv", "frag rate %"),
           ("frag_of_total_pct", "analysis_frag_discrete.csv", "frag amount %")]
SEEDS = list(range(42, 52))
POINTS = list(range(0, 131))
PWR_SPECS = ["pwr", "pwr:50,fgd:950", "pwr:100,fgd:900", "pwr:200,fgd:800", "pwr:500,fgd:500"]


def shared_dir():
    return os.environ.get("TESSERA_SHARED") or os.path.join(os.path.dirname(REPO), "shared")


def read_reference(shared):
    """ref[metric][(workload, plugin)][point] -> list of per-seed values."""
    ref = {}
    for metric, filename, _ in METRICS:
        table = defaultdict(lambda: defaultdict(list))
        with open(os.path.join(shared, "reference", "fgd-expected", filename), newline="") as f:
            for row in csv.DictReader(f):
                plugin = dict(POLICIES)[row["sc_policy"]]
                for p in POINTS:
                    table[(row["workload"], plugin)][p].append(float(row[str(p)]))
        ref[metric] = table
    return ref


def run_cli(cli, nodes, pods, specs, seeds, points, out_csv, extra=()):
    cmd = [cli, "simulate", *extra, "--nodes", nodes, "--pods", pods, "--seeds", seeds, "--points", str(points),
           "--tune", "1.3", "--csv", out_csv, "--quiet"]
    for s in specs:
        cmd += ["--policy", s]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    table = defaultdict(lambda: defaultdict(list))  # (policy, point) -> metric -> values
    with open(out_csv, newline="") as f:
        for row in csv.DictReader(f):
            key = (row["policy"], int(float(row["arrived_pct"])))
            for column in row:
                if column not in ("policy", "seed", "arrived_pct"):
                    table[key][column].append(float(row[column]))
    return table


def rule(t_values, r_values):
    mt, mr = statistics.mean(t_values), statistics.mean(r_values)
    st, sr = statistics.stdev(t_values), statistics.stdev(r_values)
    tol = max(0.5, 3 * math.sqrt(st * st / len(t_values) + sr * sr / len(r_values)))
    return mt, mr, tol, abs(mt - mr) <= tol


def svg_plot(path, title, ylabel, series, ymin=None, ymax=None):
    """A small dependency-free SVG line chart: series = [(label, colour, dashed, [(x, y)])]."""
    w, h, left, right, top, bottom = 760, 420, 70, 170, 40, 50
    xs = [x for _, _, _, pts in series for x, _ in pts]
    ys = [y for _, _, _, pts in series for _, y in pts]
    x0, x1 = min(xs), max(xs)
    y0 = ymin if ymin is not None else math.floor(min(ys) / 10) * 10
    y1 = ymax if ymax is not None else math.ceil(max(ys) / 10) * 10
    sx = lambda x: left + (x - x0) / (x1 - x0) * (w - left - right)
    sy = lambda y: h - bottom - (y - y0) / (y1 - y0) * (h - top - bottom)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" '
           f'font-size="12"><rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{w/2}" y="22" text-anchor="middle" font-size="15">{title}</text>']
    for i in range(11):
        y = y0 + (y1 - y0) * i / 10
        out.append(f'<line x1="{left}" x2="{w-right}" y1="{sy(y):.1f}" y2="{sy(y):.1f}" stroke="#ddd"/>'
                   f'<text x="{left-6}" y="{sy(y)+4:.1f}" text-anchor="end">{y:g}</text>')
    for x in range(int(x0), int(x1) + 1, 10):
        out.append(f'<line x1="{sx(x):.1f}" x2="{sx(x):.1f}" y1="{top}" y2="{h-bottom}" stroke="#eee"/>'
                   f'<text x="{sx(x):.1f}" y="{h-bottom+16}" text-anchor="middle">{x}</text>')
    out.append(f'<text x="{(left+w-right)/2}" y="{h-12}" text-anchor="middle">arrived workload (% of GPU capacity)</text>')
    out.append(f'<text x="18" y="{(top+h-bottom)/2}" text-anchor="middle" transform="rotate(-90 18 {(top+h-bottom)/2})">{ylabel}</text>')
    for i, (label, colour, dashed, pts) in enumerate(series):
        d = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in pts)
        dash = ' stroke-dasharray="5,4"' if dashed else ""
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="1.6"{dash} points="{d}"/>')
        ly = top + 14 + i * 17
        out.append(f'<line x1="{w-right+10}" x2="{w-right+34}" y1="{ly-4}" y2="{ly-4}" stroke="{colour}" stroke-width="2"{dash}/>'
                   f'<text x="{w-right+40}" y="{ly}">{label}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


# Okabe-Ito, colour-blind safe.
COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#000000"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", default=os.path.join(REPO, "build", "app", "tessera-cli"))
    ap.add_argument("--out", default=os.path.join(REPO, "docs", "fidelity.md"))
    args = ap.parse_args()
    require_tool(args.cli, "tessera-cli")
    shared = shared_dir()
    trace_dir = os.path.join(shared, "traces", "alibaba-gpu-v2023")
    nodes = os.path.join(trace_dir, "openb_node_list_gpu_node.csv")
    if not os.path.exists(nodes):
        sys.exit(f"error: shared data not found at {shared} (set TESSERA_SHARED)")
    ref = read_reference(shared)
    workloads = sorted({w for (w, _) in ref["alloc_pct"]}, key=lambda w: (w != "openb_pod_list_default", w))
    plot_dir = os.path.join(os.path.dirname(args.out), "fidelity")
    os.makedirs(plot_dir, exist_ok=True)

    results = {}  # workload -> cli table
    failures, worst = [], []
    total = passed = 0
    started = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        for workload in workloads:
            pods = os.path.join(trace_dir, workload + ".csv")
            table = run_cli(args.cli, nodes, pods, [p for _, p in POLICIES], "42-51", 1, os.path.join(tmp, "grid.csv"))
            results[workload] = table
            for _, plugin in POLICIES:
                spec = plugin + ":1000"
                for metric, _, label in METRICS:
                    for p in POINTS:
                        mt, mr, tol, ok = rule(table[(spec, p)][metric], ref[metric][(workload, plugin)][p])
                        total += 1
                        passed += ok
                        entry = (abs(mt - mr) / tol, workload, plugin, label, p, mt, mr, tol)
                        worst.append(entry)
                        if not ok:
                            failures.append(entry)
        grid_seconds = time.time() - started
        # A failing point is checked against 100 seeds: if Tessera's 100-seed mean lands on the
        # reference, the 10-seed gap was sampling noise of Tessera's own seeds.
        recheck = {}
        for key in sorted({(e[1], e[2]) for e in failures}):
            workload, plugin = key
            recheck[key] = run_cli(args.cli, nodes, os.path.join(trace_dir, workload + ".csv"), [plugin],
                                   "42-141", 1, os.path.join(tmp, "recheck.csv"))
        default_pods = os.path.join(trace_dir, "openb_pod_list_default.csv")
        by_name = run_cli(args.cli, nodes, default_pods, ["gpupacking", "gpuclustering", "fgd"], "42-51", 10,
                          os.path.join(tmp, "name.csv"), extra=("--tie-order", "name"))
        pwr = run_cli(args.cli, nodes, os.path.join(trace_dir, "openb_pod_list_default.csv"),
                      ["fgd"] + PWR_SPECS + ["bestfit"], "42-51", 10, os.path.join(tmp, "pwr.csv"))

    mean = statistics.mean
    lines = ["# Fidelity of Tessera's FGD-family simulator", "",
             "Generated by `scripts/fidelity.py` from `../shared` (traces and the published simulator's",
             "per-seed reference curves, read by path). Do not edit by hand; rerun the script:", "",
             "    cmake --build build && python3 scripts/fidelity.py", "",
             "The other run kinds have their own pages, generated the same way:", "",
             "- MIG inference: [docs/fidelity-mig.md](fidelity-mig.md) (`scripts/fidelity_mig.py`);",
             "- training placement (PAL, SC'24): [docs/fidelity-training.md](fidelity-training.md) "
             "(`scripts/fidelity_training.py`);",
             "- renting GPUs under a budget (BOA Constrictor, issue 14): [docs/fidelity-boa.md](fidelity-boa.md) "
             "(`scripts/fidelity_boa.py`): the analytical checks, the 10^5-job simulation, BOA against every "
             "baseline at equal budget on the Pollux workloads, and the cost-vs-JCT frontier.",
             "",
             "## Rule", "",
             "contracts.md section 7: at each integer arrived % from 0 to 130, with mT, mR the means and sT, sR",
             "the sample standard deviations over seeds 42-51 of Tessera and of the reference, a point passes",
             "when |mT − mR| ≤ max(0.5 pp, 3·√(sT²/10 + sR²/10)). Applied to allocation %, frag rate % and",
             "frag amount %, for Random, DotProduct, GpuClustering, GpuPacking, BestFit and FGD on every trace",
             "with reference rows. Tessera uses the seeded node order for ties (fgd-pwr.md section 2).", "",
             "## Result", "",
             f"**{passed} of {total} points pass** ({len(workloads)} traces × 6 policies × 3 metrics × 131 points); "
             f"the {len(workloads) * 60} runs took {grid_seconds:.1f} s on this machine.", ""]
    if failures:
        lines += ["### Failing points", "", "| trace | policy | metric | arrived % | Tessera | reference | tolerance |",
                  "|---|---|---|---|---|---|---|"]
        for _, w, pl, label, p, mt, mr, tol in sorted(failures, key=lambda e: -e[0]):
            lines.append(f"| {w} | {pl} | {label} | {p} | {mt:.3f} | {mr:.3f} | {tol:.3f} |")
        lines += ["", "See *Explanations* below.", ""]
    lines += ["### Closest calls", "", "The ten points nearest their tolerance (|mT − mR| / tolerance):", "",
              "| trace | policy | metric | arrived % | Tessera | reference | tolerance | ratio |",
              "|---|---|---|---|---|---|---|---|"]
    for ratio, w, pl, label, p, mt, mr, tol in sorted(worst, key=lambda e: -e[0])[:10]:
        lines.append(f"| {w} | {pl} | {label} | {p} | {mt:.3f} | {mr:.3f} | {tol:.3f} | {ratio:.2f} |")
    lines += ["", "### Ranking at 130% arrived", "", "| trace | highest allocation | lowest allocation | FGD highest, Random lowest |",
              "|---|---|---|---|"]
    ranking_ok = 0
    for w in workloads:
        alloc = {pl: mean(results[w][(pl + ":1000", 130)]["alloc_pct"]) for _, pl in POLICIES}
        hi, lo = max(alloc, key=alloc.get), min(alloc, key=alloc.get)
        ok = hi == "fgd" and lo == "random"
        ranking_ok += ok
        lines.append(f"| {w} | {hi} ({alloc[hi]:.2f}) | {lo} ({alloc[lo]:.2f}) | {'yes' if ok else 'NO'} |")
    lines += ["", f"FGD highest and Random lowest on {ranking_ok} of {len(workloads)} traces.", ""]

    lines += ["## Allocation beside the published figures", "",
              "Means over seeds 42-51. *Reference* is the published simulator's cached result for the same",
              "trace and seeds (the authors' `expected_results`, which fgd-pwr.md quotes).", "",
              "| trace | policy | Tessera @100% | reference @100% | Tessera @130% | reference @130% |",
              "|---|---|---|---|---|---|"]
    for w in workloads:
        for _, pl in POLICIES:
            t100, t130 = (mean(results[w][(pl + ":1000", p)]["alloc_pct"]) for p in (100, 130))
            r100, r130 = (mean(ref["alloc_pct"][(w, pl)][p]) for p in (100, 130))
            lines.append(f"| {w.replace('openb_pod_list_', '')} | {pl} | {t100:.2f} | {r100:.2f} | {t130:.2f} | {r130:.2f} |")
    lines += ["", "### Mean curves on the default trace (solid: Tessera, dashed: reference)", ""]
    # Allocation only separates the policies above ~70% arrived, so that plot shows 70-130.
    ranges = {"alloc_pct": (70, 70, 100), "frag_rate_pct": (0, 0, 100), "frag_of_total_pct": (0, 0, 20)}
    for metric, _, label in METRICS:
        first, ymin, ymax = ranges[metric]
        shown = [p for p in POINTS if p >= first]
        series = []
        for i, (_, pl) in enumerate(POLICIES):
            series.append((f"{pl}", COLOURS[i], False,
                           [(p, mean(results["openb_pod_list_default"][(pl + ':1000', p)][metric])) for p in shown]))
            series.append((f"{pl} (ref)", COLOURS[i], True,
                           [(p, mean(ref[metric][("openb_pod_list_default", pl)][p])) for p in shown]))
        name = f"default-{metric}.svg"
        svg_plot(os.path.join(plot_dir, name), f"Default trace: {label} (mean of seeds 42-51)", label,
                 series, ymin=ymin, ymax=ymax)
        lines.append(f"![{label}](fidelity/{name})")
        lines.append("")

    lines += ["## PWR on the default trace", "",
              "Power saved against FGD, 100·(P_FGD − P)/P_FGD, of the mean cluster power over seeds 42-51 at the",
              "same arrived %, and the mean allocation at 130% arrived. Target: 12-17% saved at 20-80% arrived;",
              "for W ≤ 200, allocation at 130% within 0.3 pp of BestFit's.", "",
              "| policy | " + " | ".join(f"{a}%" for a in range(0, 131, 10)) + " | alloc @130% |",
              "|---|" + "---|" * 14]
    fgd_power = {a: mean(pwr[("fgd:1000", a)]["power_kw"]) for a in range(0, 131, 10)}
    bestfit130 = mean(pwr[("bestfit:1000", 130)]["alloc_pct"])
    canon = {"pwr": "pwr:1000"}
    for spec in PWR_SPECS + ["bestfit"]:
        name = canon.get(spec, spec if ":" in spec else spec + ":1000")
        saved = [100 * (fgd_power[a] - mean(pwr[(name, a)]["power_kw"])) / fgd_power[a] for a in range(0, 131, 10)]
        alloc = mean(pwr[(name, 130)]["alloc_pct"])
        lines.append(f"| `{name}` | " + " | ".join(f"{s:.1f}" for s in saved) + f" | {alloc:.2f} |")
    lines += ["", f"FGD's allocation at 130%: {mean(pwr[('fgd:1000', 130)]['alloc_pct']):.2f}; BestFit's: {bestfit130:.2f}.", ""]
    series = [("fgd", COLOURS[5], False, [(a, fgd_power[a]) for a in range(0, 131, 10)])]
    for i, spec in enumerate(PWR_SPECS):
        name = canon.get(spec, spec)
        series.append((name, COLOURS[i], False, [(a, mean(pwr[(name, a)]["power_kw"])) for a in range(0, 131, 10)]))
    svg_plot(os.path.join(plot_dir, "default-power.svg"), "Default trace: cluster power (mean of seeds 42-51)",
             "cluster power (kW)", series)
    lines += ["![cluster power](fidelity/default-power.svg)", ""]

    lines += ["## Explanations", ""]
    if failures:
        lines += ["Each failing trace and policy was rerun with 100 seeds (42-141). Where Tessera's 100-seed mean",
                  "lands within the tolerance of the reference's 10-seed mean, the gap came from the sampling noise",
                  "of Tessera's ten seeds, not from a modelling difference:", "",
                  "| trace | policy | metric | arrived % | Tessera, 10 seeds | Tessera, 100 seeds | reference | tolerance | verdict |",
                  "|---|---|---|---|---|---|---|---|---|"]
        metric_column = {label: metric for metric, _, label in METRICS}
        for _, w, pl, label, p, mt, mr, tol in sorted(failures, key=lambda e: (e[1], e[2], e[4])):
            m100 = mean(recheck[(w, pl)][(pl + ":1000", p)][metric_column[label]])
            verdict = "seed noise" if abs(m100 - mr) <= tol else "UNEXPLAINED"
            lines.append(f"| {w} | {pl} | {label} | {p} | {mt:.3f} | {m100:.3f} | {mr:.3f} | {tol:.3f} | {verdict} |")
        lines += [""]
    if True:
        gaps = ", ".join(
            f"{pl} {mean(by_name[(pl + ':1000', 130)]['alloc_pct']) - mean(ref['alloc_pct'][('openb_pod_list_default', pl)][130]):+.2f} pp"
            for pl in ("gpupacking", "gpuclustering", "fgd"))
        lines += ["Two modelling choices matter for the match:",
                  "",
                  "- **Tie order.** Equal totals go to the first node of a permutation drawn once per run from the seed",
                  "  (fgd-pwr.md section 2). With name order instead (`--tie-order name`), allocation at 130% on the",
                  f"  default trace moves away from the reference: {gaps}.",
                  "- **Random streams.** Tessera's shuffle, clones and tie permutation use its own generator, not Go's",
                  "  `math/rand`, so single seeds differ from the reference; the rule compares means over ten seeds."]
    lines.append("")
    with open(args.out, "w") as f:
        f.write("\n".join(lines))
    print(f"{passed}/{total} points pass; ranking {ranking_ok}/{len(workloads)}; wrote {args.out}")


if __name__ == "__main__":
    main()
