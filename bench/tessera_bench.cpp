// tessera-bench: times simulation runs in-process and prints medians with the peak memory.
//
//   tessera-bench run  --nodes N --pods P --policy SPEC [--repeat 7] [--no-cache] [--engine index|scan] [--mode experiment|replay]
//   tessera-bench grid --nodes N --pods P --seeds 42-51 [--threads 2] [--repeat 3]
//   tessera-bench scrub --nodes N --pods P [--policy fgd] [--mode experiment|replay] [--seeks 200]
//   tessera-bench memory --nodes N --pods P [--policy fgd] [--mode experiment|replay]
//   tessera-bench inference --slo DIR [--slo-row 6] [--duration 300] [--repeat 5] [--threads 1]
//   tessera-bench inference --scenario FILE [--repeat 5] [--threads 1]
//
// `run` uses one thread; it and `memory` print the run's CPU time (cpu_s) beside its wall-clock
// time, which on a machine other jobs share counts their time too. `grid` runs the six paper policies over the seeds on a thread pool.
// `scrub` runs once, then moves a timeline cursor to seeded random positions and reads every
// GPU cell after each move, as the app's timeline slider does (issue 8: 50 ms or less).
// `memory` runs once and reports what the run's record costs per decision: the timeline's own
// count (Timeline::memoryBytes) and the growth of peak RSS over the loaded trace (issue 16).
// `inference` times the request-level simulator (issue 12: 10 million requests per second of
// wall time on one core) on a ParvaGPU SLO row with a hand-built replica set (bench/InferenceBench.cpp).
#include "BenchStats.h"
#include "InferenceBench.h"
#include "io/TraceLoader.h"
#include "run/PodSchedulingRun.h"
#include "sim/BatchRunner.h"
#include "sim/PodSimulation.h"
#include "util/Rng.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include <unistd.h>

using namespace tessera;
using bench::peakRssMb;
using bench::percentile;

namespace {

struct Args {
    std::string command, nodes, pods, policy = "fgd", mode = "experiment", slo, scenario;
    int sloRow = 6;
    double duration = 300;
    uint64_t seedFirst = 42, seedLast = 42;
    int repeat = 7;
    int seeks = 200;
    unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    bool cache = true;
    SchedulerEngine engine = SchedulerEngine::Index;
};

Args parse(int argc, char** argv)
{
    Args a;
    a.command = argc > 1 ? argv[1] : "";
    for (int i = 2; i < argc; ++i) {
        const std::string flag = argv[i];
        auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
        if (flag == "--nodes") a.nodes = next();
        else if (flag == "--pods") a.pods = next();
        else if (flag == "--policy") a.policy = next();
        else if (flag == "--mode") a.mode = next();
        else if (flag == "--repeat") a.repeat = std::max(1, std::stoi(next()));
        else if (flag == "--seeks") a.seeks = std::max(1, std::stoi(next()));
        else if (flag == "--threads") a.threads = unsigned(std::max(1, std::stoi(next())));
        else if (flag == "--no-cache") a.cache = false;
        else if (flag == "--engine") {
            const std::string e = next();
            if (e != "index" && e != "scan")
                throw std::runtime_error("--engine must be index or scan");
            a.engine = e == "scan" ? SchedulerEngine::Scan : SchedulerEngine::Index;
        }
        else if (flag == "--slo") a.slo = next();
        else if (flag == "--scenario") a.scenario = next();
        else if (flag == "--slo-row") a.sloRow = std::stoi(next());
        else if (flag == "--duration") a.duration = std::stod(next());
        else if (flag == "--seeds") {
            const std::string s = next();
            const auto dash = s.find('-');
            a.seedFirst = std::stoull(s.substr(0, dash));
            a.seedLast = dash == std::string::npos ? a.seedFirst : std::stoull(s.substr(dash + 1));
        } else throw std::runtime_error("unknown option " + flag);
    }
    if (a.command == "inference" && a.slo.empty() == a.scenario.empty())
        throw std::runtime_error("usage: tessera-bench inference (--slo DIR [--slo-row 6] [--duration 300] | --scenario FILE) [...]");
    if (a.command != "inference" && (a.nodes.empty() || a.pods.empty()))
        throw std::runtime_error("usage: tessera-bench run|grid|scrub|memory --nodes N.csv --pods P.csv [...]");
    return a;
}

// The process's CPU time so far: on a machine other jobs share, wall-clock time measures them
// too, CPU time only this process.
double cpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

struct Times {
    double wall = 0, cpu = 0;  // medians, seconds
};

template <typename F>
Times medianTimes(int repeat, F work)
{
    std::vector<double> wall, cpu;
    for (int i = 0; i < repeat; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = cpuSeconds();
        work();
        cpu.push_back(cpuSeconds() - cpuStart);
        wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    return {wall[wall.size() / 2], cpu[cpu.size() / 2]};
}

template <typename F>
double medianSeconds(int repeat, F work)
{
    return medianTimes(repeat, work).wall;
}

RunParameters parametersOf(const Args& a, const std::string& policy, uint64_t seed)
{
    RunParameters p;
    p.policy = PolicySpec::parse(policy);
    p.seed = seed;
    p.mode = a.mode == "replay" ? SimulationMode::Replay : SimulationMode::Experiment;
    return p;
}

}  // namespace

// One run, then `a.seeks` cursor moves to random positions (a fixed seed), each followed by
// reading every cell's use: the work behind one frame of timeline scrubbing.
void scrub(const Args& a)
{
    const RunParameters parameters = parametersOf(a, a.policy, a.seedFirst);
    LoadWarnings warnings;
    const auto trace = PodTrace::load(a.nodes, a.pods, {}, {}, warnings);
    const auto start = std::chrono::steady_clock::now();
    const auto run = PodSchedulingRun::simulate(trace, parameters);
    const double runSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    auto cursor = run->cursor();
    Rng rng(1);
    std::vector<float> use;
    std::vector<double> ms;
    for (int i = 0; i < a.seeks; ++i) {
        const size_t position = size_t(rng.below(run->steps() + 1));
        const auto begin = std::chrono::steady_clock::now();
        cursor->seek(position);
        cursor->cellUse(use);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count());
    }
    fmt::print("scrub policy={} mode={} nodes={} gpus={} pods={} decisions={} run_s={:.2f} seeks={} "
               "median_ms={:.2f} p95_ms={:.2f} max_ms={:.2f} checkpoint_interval={} peak_rss_mb={:.1f}\n",
               a.policy, a.mode, trace->cluster.nodes.size(), trace->cluster.totalGpus(), trace->pods.pods.size(),
               run->steps(), runSeconds, a.seeks, percentile(ms, 0.5), percentile(ms, 0.95), percentile(ms, 1.0),
               run->result().timeline.checkpointInterval(), peakRssMb());
}

// Resident memory now, in bytes (the peak only ever grows; this is the level before a run).
double currentRssBytes()
{
    long pages = 0, resident = 0;
    if (FILE* f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2)
            resident = 0;
        std::fclose(f);
    }
    return double(resident) * double(sysconf(_SC_PAGESIZE));
}

void memory(const Args& a)
{
    LoadWarnings warnings;
    const Cluster cluster = TraceLoader::loadCluster(a.nodes, {}, {}, warnings);
    const PodList pods = TraceLoader::loadPods(a.pods, cluster.registry, {}, warnings);
    const TraceModels models(cluster, pods.pods);
    const double before = currentRssBytes();
    const auto start = std::chrono::steady_clock::now();
    const double cpuStart = cpuSeconds();
    const auto result = PodSimulation(models, parametersOf(a, a.policy, a.seedFirst)).run(pods);
    const double cpu = cpuSeconds() - cpuStart;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const Timeline& t = result->timeline;
    const double decisions = double(std::max<size_t>(1, t.size()));
    fmt::print("memory policy={} mode={} nodes={} gpus={} decisions={} cpu_s={:.3f} run_s={:.3f} timeline_mb={:.1f} "
               "bytes/decision={:.1f} rss_growth_bytes/decision={:.1f} checkpoint_interval={} peak_rss_mb={:.1f}\n",
               a.policy, a.mode, cluster.nodes.size(), cluster.totalGpus(), t.size(), cpu, seconds,
               double(t.memoryBytes()) / 1048576.0, double(t.memoryBytes()) / decisions,
               std::max(0.0, peakRssMb() * 1048576.0 - before) / decisions, t.checkpointInterval(), peakRssMb());
}

int main(int argc, char** argv)
{
    try {
        const Args a = parse(argc, argv);
        if (a.command == "scrub") {
            scrub(a);
            return 0;
        }
        if (a.command == "memory") {
            memory(a);
            return 0;
        }
        if (a.command == "inference") {
            if (a.scenario.empty())
                benchInference(a.slo, a.sloRow, a.duration, a.repeat, a.threads);
            else
                benchInferenceScenario(a.scenario, a.repeat, a.threads);
            return 0;
        }
        LoadWarnings warnings;
        const Cluster cluster = TraceLoader::loadCluster(a.nodes, {}, {}, warnings);
        const PodList pods = TraceLoader::loadPods(a.pods, cluster.registry, {}, warnings);
        const TraceModels models(cluster, pods.pods);
        auto params = [&](const std::string& policy, uint64_t seed) { return parametersOf(a, policy, seed); };
        if (a.command == "run") {
            size_t steps = 0;
            const Times median = medianTimes(a.repeat, [&] {
                PodSimulation sim(models, params(a.policy, a.seedFirst));
                sim.setScoreCaching(a.cache);
                sim.setEngine(a.engine);
                steps = sim.run(pods)->timeline.size();
            });
            fmt::print("run policy={} nodes={} gpus={} pods={} steps={} cache={} engine={} cpu_s={:.4f} median_s={:.4f} "
                       "peak_rss_mb={:.1f}\n",
                       a.policy, cluster.nodes.size(), cluster.totalGpus(), pods.pods.size(), steps,
                       a.cache ? "on" : "off", a.engine == SchedulerEngine::Scan || !a.cache ? "scan" : "index",
                       median.cpu, median.wall, peakRssMb());
        } else if (a.command == "grid") {
            const std::vector<std::string> policies{"random", "dotproduct", "gpuclustering", "gpupacking", "bestfit", "fgd"};
            const size_t seeds = a.seedLast - a.seedFirst + 1;
            const double median = medianSeconds(a.repeat, [&] {
                BatchRunner::run(policies.size() * seeds, a.threads, [&](size_t job) {
                    PodSimulation(models, params(policies[job / seeds], a.seedFirst + job % seeds)).run(pods);
                });
            });
            fmt::print("grid runs={} threads={} median_s={:.3f} peak_rss_mb={:.1f}\n", policies.size() * seeds,
                       a.threads, median, peakRssMb());
        } else {
            throw std::runtime_error("unknown command (run, grid, scrub or inference)");
        }
    } catch (const std::exception& e) {
        fmt::print(stderr, "error: {}\n", e.what());
        return 1;
    }
    return 0;
}
