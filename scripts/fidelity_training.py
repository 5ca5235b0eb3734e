#!/usr/bin/env python3
"""Regenerates docs/fidelity-training.md: Tessera's training-placement kind against PAL (SC'24).

Runs `tessera-cli training --mode place` (and `generate-jobs` for A3) on the pal-sia-philly data in
../shared and compares the figures with training-boa-pal.md Part B's reproduction targets: A1 (the
8 Sia-Philly traces), a seed sweep of the variability draws, A2 (the locality sweep on workload-6)
and A3 (the Synergy-style synthetic). The explanations are docs/fidelity-training-notes.md, appended
as they are. Nothing of the data is copied into the project.

Usage: scripts/fidelity_training.py [--cli build/app/tessera-cli] [--out docs/fidelity-training.md]
       scripts/fidelity_training.py --check [--cli ...]
--check regenerates the page in memory and exits 1 unless both A1 geomeans are within the targets'
tolerance and every line but the runtime equals the page at --out (the ctest tst_fidelity_training:
a stale page fails); without the shared data it exits 77 (skipped), or 1 when $CI is set.
The shared folder comes from $TESSERA_SHARED, else ../shared beside the checkout.
"""
import argparse
import csv
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter

from fidelity_data import data_missing, require_tool

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The spec's reference values (training-boa-pal.md, "Reproduction targets").
TARGETS = {"pal": 43.0, "pmfirst": 40.0}          # A1 geomean gain over Default-Packed-S, percent
TOLERANCE = 3.0                                   # percentage points
PROTOTYPE = {"pal": 42.9, "pmfirst": 40.9}        # the reviewer's prototype, same rules
PROTOTYPE_NS = {"pal": 36.2, "pmfirst": 34.0}     # the prototype against Default-Packed-NS
PUBLISHED_RANGE = {"pal": "21% to 59%", "pmfirst": "5% to 59%"}
PROTOTYPE_RANGE = {"pal": "5.4% to 62.4%", "pmfirst": "−5.5% to 62.3%"}
ABSTRACT = {"util": 28.0, "makespan": -47.0}       # PAL abstract: utilisation +28%, makespan −47%
SEED_SWEEP_SPEC = "8% to 44%"

POLICIES = ["pal", "pmfirst", "packed-sticky", "packed", "random", "random-sticky"]
LABELS = {"pal": "PAL", "pmfirst": "PM-First", "packed-sticky": "Packed-S", "packed": "Packed-NS",
          "random": "Random-NS", "random-sticky": "Random-S"}
TRACES = range(1, 9)
SEEDS = range(1, 9)
LOCALITIES = [1.0, 1.5, 2.0, 2.5, 3.0]
A3_LOADS = [8, 10, 12, 14]
A3_SCHEDULERS = ["fifo", "las", "srtf"]
A3_TRACE_SEEDS = [1, 2]
A3_JOBS = 600  # enough for the loads to matter: 160 jobs leave 256 GPUs nearly idle


def shared_dir():
    return os.environ.get("TESSERA_SHARED") or os.path.join(os.path.dirname(REPO), "shared")


def pal_data(shared):
    return os.path.join(shared, "traces", "pal-sia-philly")


def trace_path(shared, n):
    return os.path.join(pal_data(shared), "philly", f"workload-{n}.csv")


class Runner:
    """Runs tessera-cli training and reads its job and rounds CSVs back."""

    def __init__(self, cli, shared, tmp):
        self.cli, self.shared, self.tmp = cli, shared, tmp
        self.invocations = 0

    def place(self, jobs, policies, cluster="16x4", variability=True, seed=None, locality=None, round_s=None,
              scheduler=None):
        """{policy: metrics} for one trace; metrics from the CSVs (exact) and the summary table."""
        job_csv = os.path.join(self.tmp, "jobs.csv")
        rounds_csv = os.path.join(self.tmp, "rounds.csv")
        cmd = [self.cli, "training", "--jobs", jobs, "--mode", "place", "--cluster", cluster, "--quiet",
               "--csv", job_csv, "--rounds", rounds_csv]
        if variability:
            cmd += ["--variability", os.path.join(pal_data(self.shared), "variability")]
        for flag, value in (("--seed", seed), ("--locality", locality), ("--round", round_s),
                            ("--scheduler", scheduler)):
            if value is not None:
                cmd += [flag, str(value)]
        for p in policies:
            cmd += ["--policy", p]
        subprocess.run(cmd, check=True, capture_output=True, text=True)
        self.invocations += 1
        with open(job_csv, newline="") as f:
            job_rows = list(csv.DictReader(f))
        with open(rounds_csv, newline="") as f:
            round_rows = list(csv.DictReader(f))
        return {p: metrics([r for r in job_rows if r["policy"] == p], [r for r in round_rows if r["policy"] == p])
                for p in policies}


def metrics(jobs, rounds):
    jct = [float(r["jct_s"]) for r in jobs]
    ends = Counter(float(r["end_s"]) for r in jobs)
    # The reference Packed-NS counts every job that was running before a round as preempted in that
    # round (B5); Tessera counts only those that lose or change their GPUs. Jobs completing at the
    # round boundary were not running into it.
    reference_style = 0
    previous = None
    for r in rounds:
        t = float(r["time_s"])
        if previous is not None and int(r["round"]) == int(previous["round"]) + 1:
            reference_style += int(previous["jobs_running"]) - ends.get(t, 0)
        previous = r
    return {"mean": sum(jct) / len(jct),
            "makespan": max(float(r["end_s"]) for r in jobs) - min(float(r["arrival_s"]) for r in jobs),
            "util": sum(float(r["utilisation_pct"]) for r in rounds) / len(rounds),
            "preemptions": sum(int(r["preemptions"]) for r in rounds),
            "preemptions_reference": reference_style}


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def gain(per_trace, policy, baseline):
    """100 · (1 − geomean over traces of meanJCT_policy / meanJCT_baseline) (B7)."""
    return 100 * (1 - geomean([t[policy]["mean"] / t[baseline]["mean"] for t in per_trace]))


def pct(x):
    return f"{x:.1f}%"


def a1(runner):
    return [runner.place(trace_path(runner.shared, n), POLICIES) for n in TRACES]


def a1_checks(per_trace):
    """(policy, gain over Packed-S, passes) for PAL and PM-First."""
    out = []
    for p in ("pal", "pmfirst"):
        g = gain(per_trace, p, "packed-sticky")
        out.append((p, g, abs(g - TARGETS[p]) <= TOLERANCE))
    return out


def a1_section(per_trace):
    lines = ["## A1: Sia-Philly, 8 traces (B6)", "",
             "16 nodes × 4 GPUs, rounds of 360 s, FIFO, L = 1.7, the seed-42 variability table. Mean JCT in hours "
             "per trace and policy; gains are 100 · (1 − meanJCT_policy / meanJCT_baseline).", "",
             "| trace | " + " | ".join(LABELS[p] for p in POLICIES) +
             " | PAL vs Packed-S | PM-First vs Packed-S | PAL vs Packed-NS | PM-First vs Packed-NS |",
             "|---|" + "---|" * (len(POLICIES) + 4)]
    for n, t in zip(TRACES, per_trace):
        cells = [f"{t[p]['mean'] / 3600:.3f}" for p in POLICIES]
        cells += [pct(100 * (1 - t[p]["mean"] / t[b]["mean"]))
                  for b in ("packed-sticky", "packed") for p in ("pal", "pmfirst")]
        lines.append(f"| workload-{n} | " + " | ".join(cells) + " |")
    lines += ["", "### Geomeans against the targets", "",
              "| policy | vs Packed-S | target | result | prototype | per-trace range (Tessera) | published range | "
              "prototype range | vs Packed-NS | prototype vs Packed-NS |", "|---|---|---|---|---|---|---|---|---|---|"]
    for p, g, ok in a1_checks(per_trace):
        per = [100 * (1 - t[p]["mean"] / t["packed-sticky"]["mean"]) for t in per_trace]
        lines.append(f"| {LABELS[p]} | **{pct(g)}** | {TARGETS[p]:.0f}% ± {TOLERANCE:.0f} | "
                     f"**{'PASS' if ok else 'FAIL'}** | {PROTOTYPE[p]}% | {pct(min(per))} to {pct(max(per))} | "
                     f"{PUBLISHED_RANGE[p]} | {PROTOTYPE_RANGE[p]} | {pct(gain(per_trace, p, 'packed'))} | "
                     f"{PROTOTYPE_NS[p]}% |")
    lines += ["", "The per-trace ranges are reported, not checked: see *Why the published per-trace ranges are not "
              "targets* below.", ""]

    lines += ["### Utilisation and makespan (the abstract's +28% and −47%)", "",
              "Per policy: the mean over the 8 traces of the mean utilisation over recorded rounds, and the geomean "
              "makespan; PAL's change is relative to each baseline (geomean over traces of PAL / baseline).", "",
              "| policy | mean utilisation | geomean makespan h | PAL utilisation vs it | PAL makespan vs it |",
              "|---|---|---|---|---|"]
    for p in POLICIES:
        util = sum(t[p]["util"] for t in per_trace) / len(per_trace)
        span = geomean([t[p]["makespan"] for t in per_trace]) / 3600
        if p == "pal":
            lines.append(f"| {LABELS[p]} | {util:.1f}% | {span:.1f} | | |")
            continue
        du = 100 * (geomean([t["pal"]["util"] / t[p]["util"] for t in per_trace]) - 1)
        dm = 100 * (geomean([t["pal"]["makespan"] / t[p]["makespan"] for t in per_trace]) - 1)
        lines.append(f"| {LABELS[p]} | {util:.1f}% | {span:.1f} | {du:+.1f}% | {dm:+.1f}% |")
    lines += ["", f"The abstract quotes utilisation {ABSTRACT['util']:+.0f}% and makespan {ABSTRACT['makespan']:+.0f}% "
              "\"versus state-of-the-art schedulers\" without naming the baseline or the traces; see *Utilisation "
              "and makespan* below for how these rows compare.", ""]

    lines += ["### Preemptions", "",
              "Total over the 8 traces. Tessera's count (B5 `num_preemptions`): a job running before a round that "
              "afterwards runs on no GPUs or on other GPUs. The reference's Packed-NS instead counts every job "
              "that was running before the round, in every round; that count is shown beside it, derived from the "
              "rounds CSV (running jobs of the previous round minus those completing at the boundary).", "",
              "| policy | preemptions (Tessera) | every previously running job (reference Packed-NS style) |",
              "|---|---|---|"]
    for p in POLICIES:
        lines.append(f"| {LABELS[p]} | {sum(t[p]['preemptions'] for t in per_trace)} | "
                     f"{sum(t[p]['preemptions_reference'] for t in per_trace)} |")
    return lines + [""]


def seed_section(runner):
    check_draw_against_fixture(runner.shared)
    lines = ["## Seed sweep of the variability draws (B1)", "",
             "A1 as above with `--seed` 1-8 (the draw of every GPU's per-class score and the random placements); "
             "geomean gain over the 8 traces against Packed-S.", "",
             "| seed | PAL | PM-First | largest classA score | GPUs with classA > 1.5 |", "|---|---|---|---|---|"]
    gains = {"pal": [], "pmfirst": []}
    for seed in SEEDS:
        per_trace = [runner.place(trace_path(runner.shared, n), ["pal", "pmfirst", "packed-sticky"], seed=seed)
                     for n in TRACES]
        g = {p: gain(per_trace, p, "packed-sticky") for p in gains}
        for p in gains:
            gains[p].append(g[p])
        scores = classa_draw(runner.shared, seed)
        worst, slow = max(scores), sum(v > 1.5 for v in scores)
        lines.append(f"| {seed} | {pct(g['pal'])} | {pct(g['pmfirst'])} | {worst:.3f} | {slow} |")
    lines += ["", f"PAL ranges over {pct(min(gains['pal']))} to {pct(max(gains['pal']))} and PM-First over "
              f"{pct(min(gains['pmfirst']))} to {pct(max(gains['pmfirst']))} (the spec's prototype: PAL "
              f"{SEED_SWEEP_SPEC}).", ""]

    lines += ["### No variability", "",
              "The same 8 traces without `--variability`: every GPU scores 1.0 for every class. Geomean gain over "
              "Packed-S:", "", "| policy | gain over Packed-S |", "|---|---|"]
    per_trace = [runner.place(trace_path(runner.shared, n), POLICIES, variability=False) for n in TRACES]
    for p in POLICIES:
        if p != "packed-sticky":
            lines.append(f"| {LABELS[p]} | {pct(gain(per_trace, p, 'packed-sticky'))} |")
    spread = max(abs(gain(per_trace, a, b)) for a in ("pal", "pmfirst", "packed-sticky", "packed")
                 for b in ("pal", "pmfirst", "packed-sticky", "packed"))
    lines += ["", f"Largest geomean difference between any two of PAL, PM-First, Packed-S and Packed-NS: "
              f"{pct(spread)} (spec: within about 1%).", ""]
    return lines


def classa_draw(shared, seed, gpus=64):
    """The classA scores of the 64-GPU draw of `seed`, drawn as B1 says with Python's own random
    module (the same stream Tessera reproduces in C++): only to show which GPUs are outliers. The
    seed-42 draw is checked against the fixture table, so this column cannot drift silently."""
    profiles = os.path.join(pal_data(shared), "variability")
    samples = {}
    for cls, name in (("A", "resnet"), ("B", "bert"), ("C", "bert"), ("D", "pagerank")):
        with open(os.path.join(profiles, f"{name}-longhorn-agg.csv"), newline="") as f:
            perf = [float(r["perf"]) for r in csv.DictReader(f)]
        med = statistics.median(perf)
        samples[cls] = [v / med for v in perf]
    rng = random.Random(seed)
    return [[rng.choice(samples[c]) for c in "ABCD"][0] for _ in range(gpus)]


def check_draw_against_fixture(shared):
    path = os.path.join(shared, "reference", "pal-variability", "perfvar-seed42.csv")
    with open(path, newline="") as f:
        fixture = [float(r["PerfVar_classA"]) for r in csv.DictReader(f)]
    drawn = classa_draw(shared, 42)
    if any(abs(a - b) > 1e-12 for a, b in zip(drawn, fixture)) or len(drawn) != len(fixture):
        raise SystemExit(f"error: the script's seed-42 draw differs from {path}")


def a2_section(runner):
    lines = ["## A2: locality sweep on workload-6 (B6)", "",
             "A1's setup on workload-6 with L from 1.0 to 3.0; gain over Packed-S at the same L. The only target "
             "is PAL ≥ PM-First at every L (spec, \"Reproduction targets\").", "",
             "| L | PAL | PM-First | PAL ≥ PM-First | published PAL | published PM-First |", "|---|---|---|---|---|---|"]
    published = {1.0: ("30%", "30%"), 3.0: ("20%", "9%")}
    ok_all = True
    for loc in LOCALITIES:
        t = runner.place(trace_path(runner.shared, 6), ["pal", "pmfirst", "packed-sticky"], locality=loc)
        g = {p: 100 * (1 - t[p]["mean"] / t["packed-sticky"]["mean"]) for p in ("pal", "pmfirst")}
        ok = g["pal"] >= g["pmfirst"] - 1e-9
        ok_all &= ok
        pub = published.get(loc, ("", ""))
        lines.append(f"| {loc:.1f} | {pct(g['pal'])} | {pct(g['pmfirst'])} | {'yes' if ok else '**no**'} | "
                     f"{pub[0]} | {pub[1]} |")
    widths = Counter()
    with open(trace_path(runner.shared, 6), newline="") as f:
        for r in csv.DictReader(f):
            n = int(r["num_gpus"])
            widths["1" if n == 1 else "2-4" if n <= 4 else "> 4"] += 1
    lines += ["", f"PAL ≥ PM-First at every L: **{'PASS' if ok_all else 'FAIL'}**. Workload-6's widths: "
              f"{widths['1']} jobs of 1 GPU, {widths['2-4']} of 2-4 GPUs (the only ones where PAL and PM-First "
              f"differ), {widths['> 4']} wider than a node.", ""]
    return lines, ok_all


def a3_section(runner):
    lines = ["## A3: Synergy-style synthetic (B6)", "",
             "64 nodes × 4 GPUs, rounds of 300 s, the seed-42 variability draw continued to 256 GPUs, L = 1.7. "
             f"Jobs from `tessera-cli generate-jobs --preset synergy --jobs {A3_JOBS} --load LOAD --seed S` for S in "
             f"{', '.join(map(str, A3_TRACE_SEEDS))}; mean JCT in hours, geomean over the trace seeds. The expected "
             "order is PAL ≥ PM-First > Packed-S > Random (both Random variants).", "",
             "| load (jobs/h) | scheduler | " + " | ".join(LABELS[p] for p in POLICIES) +
             " | Packed-S utilisation | PAL ≥ PM-First | PM-First > Packed-S | Packed-S > Random |",
             "|---|---|" + "---|" * (len(POLICIES) + 4)]
    holds = Counter()
    cases = 0
    for load in A3_LOADS:
        traces = []
        for s in A3_TRACE_SEEDS:
            path = os.path.join(runner.tmp, f"synergy-{load}-{s}.csv")
            subprocess.run([runner.cli, "generate-jobs", "--out", path, "--seed", str(s), "--preset", "synergy",
                            "--jobs", str(A3_JOBS), "--load", str(load)], check=True, capture_output=True, text=True)
            traces.append(path)
        for sched in A3_SCHEDULERS:
            per = [runner.place(path, POLICIES, cluster="64x4", round_s=300, scheduler=sched) for path in traces]
            mean = {p: geomean([t[p]["mean"] for t in per]) for p in POLICIES}
            checks = [mean["pal"] <= mean["pmfirst"] * (1 + 1e-9), mean["pmfirst"] < mean["packed-sticky"],
                      mean["packed-sticky"] < min(mean["random"], mean["random-sticky"])]
            cases += 1
            for i, c in enumerate(checks):
                holds[i] += c
            util = sum(t["packed-sticky"]["util"] for t in per) / len(per)
            lines.append(f"| {load} | {sched.upper()} | " + " | ".join(f"{mean[p] / 3600:.2f}" for p in POLICIES) +
                         f" | {util:.1f}% | " + " | ".join("yes" if c else "**no**" for c in checks) + " |")
    lines += ["", f"Of {cases} (load, scheduler) cases: PAL ≥ PM-First holds in {holds[0]}, PM-First > Packed-S in "
              f"{holds[1]}, Packed-S > Random in {holds[2]}.", ""]
    return lines


RUNTIME_PREFIX = "Generated in "  # the page's one line that is not compared: how long it took here


def page(cli, shared):
    """The page's text, its A1 results and the runtime line (apart: it differs between runs)."""
    start = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        runner = Runner(cli, shared, tmp)
        per_trace = a1(runner)
        a1_lines = a1_section(per_trace)
        seeds = seed_section(runner)
        a2_lines, a2_ok = a2_section(runner)
        a3_lines = a3_section(runner)
    results = a1_checks(per_trace)
    head = ["# Fidelity of Tessera's training-placement kind", "",
            "Generated by `scripts/fidelity_training.py` from `../shared` (the pal-sia-philly traces and "
            "variability profiles, read by path) against the reproduction targets of `training-boa-pal.md` "
            "Part B. Do not edit by hand; rerun:", "",
            "    cmake --build build && python3 scripts/fidelity_training.py", "",
            "`ctest -R tst_fidelity_training` regenerates the page (`--check`) and fails unless A1 meets its "
            "targets and every figure equals this page's, so that a regression or a stale page fails the suite.", "",
            "## Result", ""]
    for p, g, ok in results:
        head.append(f"- A1 {LABELS[p]} over Default-Packed-S: **{pct(g)}**, target {TARGETS[p]:.0f}% ± "
                    f"{TOLERANCE:.0f}: **{'PASS' if ok else 'FAIL'}** (prototype {PROTOTYPE[p]}%)")
    head += [f"- A2 PAL ≥ PM-First at every L: **{'PASS' if a2_ok else 'FAIL'}**",
             f"- {runner.invocations} `tessera-cli training` runs.", ""]
    text = "\n".join(head + a1_lines + seeds + a2_lines + a3_lines + explanations()) + "\n"
    runtime = f"{RUNTIME_PREFIX}{time.time() - start:.0f} s on the machine that last ran the script (not compared).\n"
    return text, results, runtime


def compared(text):
    """`text` without its runtime line: what --check holds against the committed page."""
    lines = [line for line in text.splitlines() if not line.startswith(RUNTIME_PREFIX)]
    while lines and not lines[-1].strip():  # the blank line before the runtime
        lines.pop()
    return lines


def check(cli, shared, committed_path):
    text, results, _ = page(cli, shared)
    ok = True
    for p, g, passes in results:
        print(f"A1 {LABELS[p]} geomean gain over Packed-S: {g:.2f}% (target {TARGETS[p]:.0f}% ± {TOLERANCE:.0f}): "
              f"{'PASS' if passes else 'FAIL'}")
        ok &= passes
    with open(committed_path) as f:
        committed = compared(f.read())
    fresh = compared(text)
    if committed != fresh:
        ok = False
        import difflib
        print(f"{committed_path} is stale against this build: rerun scripts/fidelity_training.py")
        sys.stdout.writelines(line + "\n" for line in difflib.unified_diff(committed, fresh, "committed", "regenerated",
                                                                           lineterm="", n=0))
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=os.path.join(REPO, "build", "app", "tessera-cli"))
    ap.add_argument("--out", default=os.path.join(REPO, "docs", "fidelity-training.md"))
    ap.add_argument("--check", action="store_true",
                    help="regenerate in memory; fail unless A1 meets its targets and the page at --out is current")
    args = ap.parse_args()
    require_tool(args.cli, "tessera-cli")
    shared = shared_dir()
    if not os.path.isfile(trace_path(shared, 1)):
        message = f"the pal-sia-philly traces are not at {pal_data(shared)} (set TESSERA_SHARED)"
        return data_missing(message, args.check)
    if args.check:
        return check(args.cli, shared, args.out)
    text, _, runtime = page(args.cli, shared)
    with open(args.out, "w") as f:
        f.write(text + "\n" + runtime)
    print(f"wrote {args.out}")
    return 0


def explanations():
    with open(os.path.join(REPO, "docs", "fidelity-training-notes.md")) as f:
        return ["", f.read().rstrip()]


if __name__ == "__main__":
    sys.exit(main())
