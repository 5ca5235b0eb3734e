// The request-level simulator (core/inference/RequestSimulator.h, spec 2.5) on small plans whose
// outcome can be worked out by hand: capacity against load, the 0.45 x SLO timeout of a partial
// batch, shortest-queue routing, reconfiguration delays, epoch changes, and identical results
// at any thread count.
#include "inference/ClassRequestSimulation.h"
#include "inference/LatencyHistogram.h"
#include "inference/PoissonArrivals.h"
#include "inference/RequestSimulator.h"

#include <QTest>

#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <sstream>

#include <fmt/format.h>

using namespace tessera;

namespace {

ServingClass constantClass(uint32_t service, double sloS, double rateRps)
{
    return {service, sloS, {{0, rateRps}}};
}

ServingReplica replica(uint32_t classId, uint32_t batch, double latencyS, double availableFromS = 0, uint32_t procs = 1)
{
    return {classId, batch, procs, latencyS, availableFromS, 0};
}

// Every number of a result, for comparing two results byte for byte.
std::string dump(const RequestSimulationResult& r)
{
    std::ostringstream out;
    auto stats = [&](const RequestStats& s) {
        out << fmt::format("{} {} {} {} {} {} {};", s.arrived, s.completed, s.withinSlo, s.pending, s.p50Ms, s.p99Ms,
                           s.servedRps);
    };
    for (const auto& i : r.intervals) {
        out << fmt::format("[{} {}] ", i.fromS, i.toS);
        stats(i.overall);
        for (const auto& s : i.services)
            stats(s);
        out << '\n';
    }
    stats(r.total);
    for (const auto& s : r.totalServices)
        stats(s);
    for (const auto& e : r.busyS)
        for (double b : e)
            out << fmt::format("{} ", b);
    return out.str();
}

// The rules of spec 2.5 written the plain way, to check the optimised simulator against: every
// event found by scanning every replica, queues as deques, every latency kept and sorted.
class ReferenceSimulation {
public:
    ReferenceSimulation(const ServingClass& k, const std::vector<ClassEpochPlan>& epochs, const IntervalGrid& grid,
                        uint64_t seed, uint32_t classIndex)
        : class_(k), epochs_(epochs), grid_(grid), latencies_(grid.starts.size())
    {
        std::mt19937_64 rng = classArrivalRng(seed, classIndex);
        PoissonArrivals stream(k.rates, grid.durationS, rng);
        for (double t = stream.next(); t < grid.durationS; t = stream.next())
            arrivals_.push_back(t);
        outcome_.arrived.assign(grid.starts.size(), 0);
        outcome_.completed.assign(grid.starts.size(), 0);
        outcome_.withinSlo.assign(grid.starts.size(), 0);
    }

    ClassOutcome run()
    {
        const double end = grid_.durationS;
        size_t next = 0;
        for (;;) {
            const double arrival = next < arrivals_.size() ? arrivals_[next] : kNever;
            const double epoch = epoch_ + 1 < epochs_.size() ? epochs_[epoch_ + 1].fromS : kNever;
            double event = kNever;
            size_t who = 0;
            for (size_t r = 0; r < replicas_.size(); ++r)
                if (const double t = replicas_[r].available ? std::min(nextCompletion(r), nextDispatch(r))
                                                            : replicas_[r].spec.availableFromS;
                    t < event) {
                    event = t;
                    who = r;
                }
            if (event <= std::min(arrival, epoch) && event < end) {
                handle(who, event);
            } else if (epoch <= arrival && epoch < end) {
                changeEpoch(epoch);
            } else if (arrival < end) {
                outcome_.arrived[intervalOf(arrival)]++;
                route(arrival);
                ++next;
            } else {
                break;
            }
        }
        closeEpoch();
        for (size_t e = epoch_ + 1; e < epochs_.size(); ++e)
            outcome_.busyS.insert(outcome_.busyS.end(), epochs_[e].replicas.size(), 0.0);
        outcome_.binOffsets.push_back(0);
        for (auto& interval : latencies_) {
            std::map<uint32_t, uint64_t> bins;
            for (double l : interval)
                ++bins[LatencyBins::of(l)];
            for (const auto& [bin, count] : bins)
                outcome_.bins.push_back({bin, count});
            outcome_.binOffsets.push_back(outcome_.bins.size());
        }
        return outcome_;
    }

    // Every completed request's latency in seconds, per interval (after run()).
    const std::vector<std::vector<double>>& latencies() const { return latencies_; }

private:
    static constexpr double kNever = PoissonArrivals::kNever;
    struct Replica {
        ServingReplica spec;
        std::deque<double> queue;
        std::vector<double> freeS;
        std::vector<uint32_t> running;
        double busyS = 0;
        bool available = false;
    };

    size_t intervalOf(double t) const
    {
        size_t k = 0;
        while (k + 1 < grid_.starts.size() && t >= grid_.starts[k + 1])
            ++k;
        return k;
    }

    double sloAt(double arrival) const
    {
        double slo = class_.sloS;
        for (const SloChange& change : class_.sloChanges)
            if (arrival >= change.fromS)
                slo = change.sloS;
        return slo;
    }

    double nextCompletion(size_t r) const
    {
        double t = kNever;
        for (size_t p = 0; p < replicas_[r].freeS.size(); ++p)
            if (replicas_[r].running[p])
                t = std::min(t, replicas_[r].freeS[p]);
        return t;
    }

    double nextDispatch(size_t r) const
    {
        const Replica& x = replicas_[r];
        if (x.queue.empty())
            return kNever;
        const double free = *std::min_element(x.freeS.begin(), x.freeS.end());
        // Due when any waiting request has waited 0.45 x the SLO in force at its arrival. The
        // queue ascends, so within each stretch of one SLO its first request is due first: the
        // first arrival of the queue and the first at or after every SLO change.
        double ready = x.queue.front() + kDispatchTimeoutShareOfSlo * sloAt(x.queue.front());
        for (const SloChange& change : class_.sloChanges) {
            const auto first = std::lower_bound(x.queue.begin(), x.queue.end(), change.fromS);
            if (first != x.queue.end())
                ready = std::min(ready, *first + kDispatchTimeoutShareOfSlo * sloAt(*first));
        }
        if (x.queue.size() >= x.spec.batch)
            ready = std::min(ready, x.queue[x.spec.batch - 1]);
        return std::max(free, ready);
    }

    void handle(size_t r, double t)
    {
        if (!replicas_[r].available)
            return makeAvailable(t);
        Replica& x = replicas_[r];
        for (size_t p = 0; p < x.freeS.size(); ++p)
            if (x.running[p] && x.freeS[p] <= t)
                x.running[p] = 0;
        if (nextDispatch(r) > t)
            return;
        const size_t p = size_t(std::min_element(x.freeS.begin(), x.freeS.end()) - x.freeS.begin());
        const double completion = t + x.spec.batchLatencyS;
        const auto k = uint32_t(std::min<size_t>(x.queue.size(), x.spec.batch));
        x.freeS[p] = completion;
        x.running[p] = k;
        x.busyS += std::min(completion, grid_.durationS) - t;
        for (uint32_t i = 0; i < k; ++i) {
            const double arrival = x.queue.front();
            const double latency = completion - arrival;
            x.queue.pop_front();
            if (completion > grid_.durationS)
                continue;
            const size_t interval = intervalOf(completion);
            latencies_[interval].push_back(latency);
            outcome_.completed[interval]++;
            outcome_.withinSlo[interval] += latency <= sloAt(arrival);
        }
    }

    // Replicas due by t become available; if none was, they take the requests waiting at the class.
    void makeAvailable(double t)
    {
        const bool none = std::none_of(replicas_.begin(), replicas_.end(), [](const Replica& x) { return x.available; });
        for (auto& x : replicas_)
            x.available = x.available || x.spec.availableFromS <= t;
        if (!none)
            return;
        std::deque<double> waiting;
        waiting.swap(unserved_);
        for (double a : waiting)
            route(a);
    }

    // To the available replica with the fewest requests (waiting or running), the lowest first.
    void route(double arrival)
    {
        auto length = [&](size_t r) {
            size_t n = replicas_[r].queue.size();
            for (uint32_t k : replicas_[r].running)
                n += k;
            return n;
        };
        size_t best = replicas_.size();
        for (size_t r = 0; r < replicas_.size(); ++r)
            if (replicas_[r].available && (best == replicas_.size() || length(r) < length(best)))
                best = r;
        if (best == replicas_.size())
            unserved_.push_back(arrival);
        else
            replicas_[best].queue.push_back(arrival);
    }

    void closeEpoch()
    {
        for (const auto& x : replicas_)
            outcome_.busyS.push_back(x.busyS);
    }

    void changeEpoch(double now)
    {
        closeEpoch();
        std::vector<double> waiting(unserved_.begin(), unserved_.end());
        unserved_.clear();
        for (const auto& x : replicas_)
            waiting.insert(waiting.end(), x.queue.begin(), x.queue.end());
        std::sort(waiting.begin(), waiting.end());
        replicas_.clear();
        for (const auto& spec : epochs_[++epoch_].replicas)
            replicas_.push_back({spec, {}, std::vector<double>(spec.procs, std::max(now, spec.availableFromS)),
                                 std::vector<uint32_t>(spec.procs, 0), 0, false});
        unserved_.assign(waiting.begin(), waiting.end());
        makeAvailable(now);
    }

    const ServingClass& class_;
    const std::vector<ClassEpochPlan>& epochs_;
    const IntervalGrid& grid_;
    std::vector<double> arrivals_;
    std::vector<std::vector<double>> latencies_;
    ClassOutcome outcome_;
    size_t epoch_ = size_t(-1);
    std::vector<Replica> replicas_;
    std::deque<double> unserved_;
};

// A plan of random shape: 1-3 epochs (the first maybe after 0), 0-5 replicas each with batch
// 1-16, 1-3 processes, 1-60 ms, some available only later; rates that change; in a third of
// the plans, SLOs that change (tighter or looser) once or twice.
std::pair<ServingClass, std::vector<ClassEpochPlan>> randomPlan(std::mt19937_64& rng, double durationS)
{
    auto below = [&](uint64_t n) { return rng() % n; };
    ServingClass k{0, 0.02 + 0.01 * double(below(30)), {}};
    for (double t = 0; t < durationS; t += 1 + double(below(10)))
        k.rates.push_back({t, double(below(3000))});
    if (below(3) == 0)
        for (double t = 0.5 + double(below(8)); t < durationS && k.sloChanges.size() < 2; t += 1 + double(below(10)))
            k.sloChanges.push_back({t, 0.005 + 0.005 * double(below(30))});
    std::vector<ClassEpochPlan> epochs;
    double from = below(2) ? 0 : double(below(5));
    for (uint64_t e = 0, n = 1 + below(3); e < n; ++e, from += 1 + double(below(12))) {
        ClassEpochPlan plan{from, {}};
        for (uint64_t r = 0, m = below(6); r < m; ++r)
            plan.replicas.push_back({0, uint32_t(1 + below(16)), uint32_t(1 + below(3)), 0.001 * double(1 + below(60)),
                                     below(3) ? 0 : from + double(below(4)), 0});
        epochs.push_back(plan);
    }
    return {k, epochs};
}

double peakRssMb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0;
}

bool near(double value, double expected, double relative)
{
    return std::abs(value - expected) <= relative * expected;
}

}  // namespace

class TestRequestSim : public QObject {
    Q_OBJECT

private slots:
    void latencyBinsAreWithinATenthOfAPercent()
    {
        for (double x = 1e-5; x < 1e5; x *= 1.0137) {
            const double mid = LatencyBins::midpointMs(LatencyBins::of(x)) / 1000;
            QVERIFY2(std::abs(mid - x) / x <= 1.0 / 1024, qPrintable(QString::number(x)));
        }
        QVERIFY(LatencyBins::of(0.0101) > LatencyBins::of(0.0100));
    }

    void loadWellBelowCapacityMeetsTheSlo()
    {
        // 100 req/s against one replica of 8 per 10 ms (800 req/s), SLO 1 s.
        const auto r = simulateRequests({constantClass(0, 1.0, 100)}, {{0, {replica(0, 8, 0.010)}}}, 1, 60, 10, 1);
        QCOMPARE(r.intervals.size(), size_t(6));
        // Poisson: 6,000 expected, standard deviation 77.
        QVERIFY2(r.total.arrived > 5600 && r.total.arrived < 6400, qPrintable(QString::number(r.total.arrived)));
        QCOMPARE(r.total.withinSlo, r.total.completed);
        QVERIFY(r.total.pending <= 8);  // at most the last batch
        QCOMPARE(r.total.pending, r.total.arrived - r.total.completed);
        // Every latency is at least the batch's 10 ms and at most the 450 ms timeout plus it.
        QVERIFY(r.total.p50Ms >= 10 * 0.999 && r.total.p99Ms <= 460 * 1.001);
        QVERIFY(near(r.total.servedRps, double(r.total.completed) / 60, 1e-12));
        for (const auto& i : r.intervals)
            QVERIFY(near(i.overall.servedRps, double(i.overall.completed) / 10, 1e-12));
    }

    void overloadServesAtCapacityAndPendingGrows()
    {
        // 2,000 req/s against 800 req/s of capacity: full batches back to back, 8 every 10 ms.
        const auto r = simulateRequests({constantClass(0, 0.5, 2000)}, {{0, {replica(0, 8, 0.010)}}}, 1, 50, 10, 2);
        for (size_t k = 1; k < r.intervals.size(); ++k) {
            const auto& i = r.intervals[k].overall;
            QVERIFY2(i.completed >= 7992 && i.completed <= 8008, qPrintable(QString::number(i.completed)));
            QVERIFY(near(i.servedRps, 800, 0.002));
            QVERIFY(i.pending > r.intervals[k - 1].overall.pending + 10000);  // ~12,000 more each 10 s
        }
        QVERIFY(r.total.withinSlo < r.total.completed / 2);
        // The replica is busy all the time.
        QVERIFY(near(r.busyS[0][0], 50, 0.001));
    }

    void partialBatchLeavesAtTheTimeoutWithTheFullLatency()
    {
        // 0.01 req/s: almost every request is alone, dispatched when it has waited 0.45 x 1 s,
        // and its partial batch of 1 takes the full batch latency of 0.1 s: latency 550 ms.
        const auto r = simulateRequests({constantClass(0, 1.0, 0.01)}, {{0, {replica(0, 32, 0.1)}}}, 1, 100000, 100000, 3);
        QVERIFY(r.total.completed > 900);
        QVERIFY2(near(r.total.p50Ms, 550, 0.001), qPrintable(QString::number(r.total.p50Ms)));
        QVERIFY2(near(r.total.p99Ms, 550, 0.001), qPrintable(QString::number(r.total.p99Ms)));
        QCOMPARE(r.total.withinSlo, r.total.completed);
        // An SLO under the timeout plus the latency: every request misses it.
        const auto late = simulateRequests({constantClass(0, 0.15, 0.01)}, {{0, {replica(0, 32, 0.1)}}}, 1, 100000,
                                           100000, 3);
        QVERIFY(near(late.total.p50Ms, 0.45 * 150 + 100, 0.001));
        // (Only a request that joins another's batch within 67.5 ms can make it: ~0.07% of them.)
        QVERIFY(late.total.withinSlo * 100 < late.total.completed);
    }

    void sloChangeJudgesEachRequestByItsArrival()
    {
        // Batch 1, 10 ms per request, 1 req/s: every latency is 10 ms (a request rarely waits).
        // The SLO is 1 s for the requests arriving before 50,000 s and 5 ms after: the first
        // interval meets it entirely, the second misses it but for the requests that arrived
        // before the change and completed after it (at most one).
        ServingClass k = constantClass(0, 1.0, 1);
        k.sloChanges = {{50000, 0.005}};
        const auto r = simulateRequests({k}, {{0, {replica(0, 1, 0.01)}}}, 1, 100000, 50000, 5);
        QVERIFY(r.intervals[0].overall.completed > 49000);
        QCOMPARE(r.intervals[0].overall.withinSlo, r.intervals[0].overall.completed);
        QVERIFY(r.intervals[1].overall.completed > 49000);
        QVERIFY(r.intervals[1].overall.withinSlo <= 1);
        // Looser after the change: everything within again.
        k.sloChanges = {{50000, 10.0}};
        const auto loose = simulateRequests({k}, {{0, {replica(0, 1, 0.01)}}}, 1, 100000, 50000, 5);
        QCOMPARE(loose.total.withinSlo, loose.total.completed);
    }

    void sloChangeMovesTheBatchTimeout()
    {
        // Batch 32 at 0.01 req/s: each request leaves alone after 0.45 x its SLO, then 0.1 s of
        // batch: 550 ms under a 1 s SLO, 1,000 ms under the 2 s SLO in force from 50,000 s.
        ServingClass k = constantClass(0, 1.0, 0.01);
        k.sloChanges = {{50000, 2.0}};
        const auto r = simulateRequests({k}, {{0, {replica(0, 32, 0.1)}}}, 1, 100000, 50000, 3);
        QVERIFY2(near(r.intervals[0].overall.p50Ms, 550, 0.001), qPrintable(QString::number(r.intervals[0].overall.p50Ms)));
        QVERIFY2(near(r.intervals[1].overall.p50Ms, 1000, 0.001), qPrintable(QString::number(r.intervals[1].overall.p50Ms)));
        QCOMPARE(r.total.withinSlo, r.total.completed);
        // Tighter from 50,000 s (0.5 s: 325 ms of latency, within it).
        k.sloChanges = {{50000, 0.5}};
        const auto tight = simulateRequests({k}, {{0, {replica(0, 32, 0.1)}}}, 1, 100000, 50000, 3);
        QVERIFY(near(tight.intervals[1].overall.p50Ms, 325, 0.001));
        QCOMPARE(tight.total.withinSlo, tight.total.completed);
    }

    void fullBatchLeavesBeforeTheTimeout()
    {
        // Batch 1: a request never waits for others; alone on an idle replica it takes exactly
        // the batch latency.
        const auto r = simulateRequests({constantClass(0, 10, 1)}, {{0, {replica(0, 1, 0.02)}}}, 1, 1000, 1000, 4);
        QVERIFY(near(r.total.p50Ms, 20, 0.001));
    }

    void shortestQueueSpreadsTheLoad()
    {
        // Four replicas: each takes about a quarter of the requests, so each is busy about as long.
        const auto r = simulateRequests({constantClass(0, 1.0, 1000)},
                                        {{0, {replica(0, 8, 0.02), replica(0, 8, 0.02), replica(0, 8, 0.02),
                                              replica(0, 8, 0.02)}}},
                                        1, 60, 60, 5);
        double sum = 0;
        for (double b : r.busyS[0])
            sum += b;
        for (double b : r.busyS[0])
            QVERIFY2(near(b, sum / 4, 0.05), qPrintable(QStringLiteral("%1 of %2").arg(b).arg(sum)));
        // Together they carry the load one replica (400 req/s) could not.
        QVERIFY(r.total.pending < 100);
        QVERIFY(double(r.total.withinSlo) > 0.999 * double(r.total.completed));
        const auto one = simulateRequests({constantClass(0, 1.0, 1000)}, {{0, {replica(0, 8, 0.02)}}}, 1, 60, 60, 5);
        QVERIFY(one.total.pending > 30000);
    }

    void processesOfAReplicaRunBatchesInParallel()
    {
        // 3 processes of 8 per 20 ms: 1,200 req/s together.
        const auto r = simulateRequests({constantClass(0, 1.0, 1000)}, {{0, {replica(0, 8, 0.02, 0, 3)}}}, 1, 60, 60, 6);
        QVERIFY(r.total.pending < 100);
        QVERIFY(r.busyS[0][0] > 0.7 * 60 && r.busyS[0][0] < 0.9 * 60);  // ~1000/1200 of the time
    }

    void replicaTakesNoBatchBeforeItIsAvailable()
    {
        // Available from 30 s (a reconfiguration): nothing completes before, the backlog after.
        const auto r = simulateRequests({constantClass(0, 1.0, 50)}, {{0, {replica(0, 8, 0.01, 30)}}}, 1, 60, 10, 7);
        for (size_t k = 0; k < 3; ++k) {
            QCOMPARE(r.intervals[k].overall.completed, uint64_t(0));
            QCOMPARE(r.intervals[k].overall.pending, r.intervals[k].overall.arrived + (k ? r.intervals[k - 1].overall.pending : 0));
        }
        QVERIFY(r.intervals[3].overall.completed > r.intervals[3].overall.arrived + 1000);
        QVERIFY(r.intervals[3].overall.p99Ms > 20000);  // the first requests waited ~30 s
        QVERIFY(r.intervals[5].overall.pending <= 8);
    }

    void requestsGoToAvailableReplicasOnly()
    {
        // Replica 1 is being reconfigured until 30 s: meanwhile every request goes to replica 0,
        // which has the capacity (800 req/s against 300), so none waits for replica 1.
        const auto r = simulateRequests({constantClass(0, 1.0, 300)},
                                        {{0, {replica(0, 8, 0.01), replica(0, 8, 0.01, 30)}}}, 1, 60, 10, 12);
        for (size_t k = 0; k < 3; ++k)
            QVERIFY2(r.intervals[k].overall.p99Ms < 460, qPrintable(QString::number(r.intervals[k].overall.p99Ms)));
        QVERIFY(r.total.withinSlo == r.total.completed);
        QVERIFY(near(r.busyS[0][1], r.busyS[0][0] / 3, 0.2));  // replica 1 shares only the last 30 s
    }

    void epochChangeMovesQueuedRequests()
    {
        // Epoch 0's replica never becomes available; epoch 1 (from 20 s) has one that is. The
        // requests queued at the first replica move to the second, keeping their arrival times.
        const auto r = simulateRequests({constantClass(0, 1.0, 50)},
                                        {{0, {replica(0, 8, 0.01, 1e9)}}, {20, {replica(0, 8, 0.01)}}}, 1, 40, 10, 8);
        QCOMPARE(r.intervals[0].overall.completed, uint64_t(0));
        QCOMPARE(r.intervals[1].overall.completed, uint64_t(0));
        QVERIFY(r.intervals[2].overall.completed > r.intervals[2].overall.arrived + 500);
        QVERIFY(r.intervals[2].overall.p99Ms > 15000);  // waited since before 5 s
        QVERIFY(r.total.pending <= 8);
        QCOMPARE(r.busyS.size(), size_t(2));
        QCOMPARE(r.busyS[0][0], 0.0);
        QVERIFY(r.busyS[1][0] > 0);
    }

    void classWithoutReplicaKeepsItsRequestsPending()
    {
        // Class 1 has no replica until 30 s; class 0 is served throughout.
        const auto r = simulateRequests({constantClass(0, 1.0, 50), constantClass(1, 1.0, 50)},
                                        {{0, {replica(0, 8, 0.01)}}, {30, {replica(0, 8, 0.01), replica(1, 8, 0.01)}}},
                                        2, 40, 10, 9);
        for (size_t k = 0; k < 3; ++k) {
            const auto& unserved = r.intervals[k].services[1];
            QCOMPARE(unserved.completed, uint64_t(0));
            QVERIFY(unserved.pending > 400 * (k + 1) && unserved.p50Ms == 0);
            QVERIFY(r.intervals[k].services[0].completed > 400);
        }
        QVERIFY(r.intervals[3].services[1].completed > 1500);
        QVERIFY(r.totalServices[1].pending <= 8);
        QCOMPARE(r.total.arrived, r.totalServices[0].arrived + r.totalServices[1].arrived);
        QCOMPARE(r.intervals[2].overall.pending, r.intervals[2].services[0].pending + r.intervals[2].services[1].pending);
    }

    void classNeverServedIsCountedWithoutKeepingItsRequests()
    {
        // 10^5 req/s for 100 s with no replica ever serving (a static layout without the model;
        // a replica available only after the end): 10^7 requests, all pending at the end,
        // counted rather than stored (128 MB of queue otherwise).
        const double before = peakRssMb();
        const auto r = simulateRequests({constantClass(0, 1.0, 1e5)}, {{0, {}}, {50, {replica(0, 8, 0.01, 200)}}}, 1,
                                        100, 10, 13);
        QVERIFY2(peakRssMb() - before < 40, qPrintable(QString::number(peakRssMb() - before)));
        QVERIFY(near(double(r.total.arrived), 1e7, 0.001));
        QCOMPARE(r.total.pending, r.total.arrived);
        QCOMPARE(r.intervals[4].overall.pending, r.intervals[0].overall.arrived + r.intervals[1].overall.arrived
                                                     + r.intervals[2].overall.arrived + r.intervals[3].overall.arrived
                                                     + r.intervals[4].overall.arrived);
    }

    void ratesChangeOnTime()
    {
        // 100 req/s, then nothing from 10 s, then 500 req/s from 20 s.
        const ServingClass k{0, 1.0, {{0, 100}, {10, 0}, {20, 500}}};
        const auto r = simulateRequests({k}, {{0, {replica(0, 8, 0.001)}}}, 1, 30, 10, 10);
        QVERIFY(r.intervals[0].overall.arrived > 850 && r.intervals[0].overall.arrived < 1150);
        QCOMPARE(r.intervals[1].overall.arrived, uint64_t(0));
        QVERIFY(r.intervals[2].overall.arrived > 4700 && r.intervals[2].overall.arrived < 5300);
    }

    void lastIntervalIsPartial()
    {
        const auto r = simulateRequests({constantClass(0, 1.0, 10)}, {{0, {replica(0, 8, 0.01)}}}, 1, 25, 10, 11);
        QCOMPARE(r.intervals.size(), size_t(3));
        QCOMPARE(r.intervals[2].fromS, 20.0);
        QCOMPARE(r.intervals[2].toS, 25.0);
        QVERIFY(near(r.intervals[2].overall.servedRps, double(r.intervals[2].overall.completed) / 5, 1e-12));
    }

    void sameResultAtAnyThreadCount()
    {
        // Six classes of three services with different loads, an epoch change with a delay.
        std::vector<ServingClass> classes;
        for (uint32_t c = 0; c < 6; ++c)
            classes.push_back({c % 3, 0.2 + 0.1 * c, {{0, 300.0 + 150 * c}, {40, 500.0 + 100 * c}}});
        ServingEpoch first{0, {}}, second{30, {}};
        for (uint32_t c = 0; c < 6; ++c) {
            first.replicas.push_back(replica(c, 4 + c, 0.01 + 0.002 * c));
            second.replicas.push_back(replica(c, 8, 0.015, 33));
            second.replicas.push_back(replica(c, 8, 0.015, 30, 2));
        }
        const auto one = dump(simulateRequests(classes, {first, second}, 3, 90, 7, 42, 1));
        const auto four = dump(simulateRequests(classes, {first, second}, 3, 90, 7, 42, 4));
        QCOMPARE(four, one);
        QCOMPARE(dump(simulateRequests(classes, {first, second}, 3, 90, 7, 42, 3)), one);
        QVERIFY(dump(simulateRequests(classes, {first, second}, 3, 90, 7, 43, 1)) != one);
    }

    void sameAsThePlainReferenceOnRandomPlans()
    {
        // The optimised loop (amortised shortest-queue pointer, one pending event per replica,
        // interval slots) against the rules written plainly: the same counts, the same latency
        // bins, the same busy time, on 200 random plans with epochs, delays and rate changes.
        std::mt19937_64 rng(2026);
        for (int trial = 0; trial < 200; ++trial) {
            const double duration = 20;
            const IntervalGrid grid = makeIntervalGrid(duration, 0.5 + double(rng() % 40) / 10);
            const auto [k, epochs] = randomPlan(rng, duration);
            const ClassOutcome fast = simulateClass(k, epochs, grid, uint64_t(trial), 3);
            const ClassOutcome plain = ReferenceSimulation(k, epochs, grid, uint64_t(trial), 3).run();
            const QByteArray where = QByteArray("trial ") + QByteArray::number(trial);
            QVERIFY2(fast.arrived == plain.arrived, where);
            QVERIFY2(fast.completed == plain.completed, where);
            QVERIFY2(fast.withinSlo == plain.withinSlo, where);
            QVERIFY2(fast.binOffsets == plain.binOffsets, where);
            QVERIFY2(std::equal(fast.bins.begin(), fast.bins.end(), plain.bins.begin(), plain.bins.end(),
                                [](auto a, auto b) { return a.bin == b.bin && a.count == b.count; }),
                     where);
            QVERIFY2(fast.busyS == plain.busyS, where);
        }
    }

    void percentilesAreThoseOfEveryLatencyOfTheService()
    {
        // Two classes of service 0 (two buckets) and one of service 1: each interval's p50 and
        // p99 per service and overall are the nearest-rank percentiles of the exact latencies of
        // its classes, to the bin (the reference keeps every latency).
        const std::vector<ServingClass> classes{{0, 0.3, {{0, 900}}}, {0, 0.5, {{0, 300}, {7, 1200}}}, {1, 0.2, {{0, 600}}}};
        const ServingEpoch epoch{0, {replica(0, 8, 0.02), replica(0, 8, 0.02), replica(1, 4, 0.01),
                                     replica(1, 16, 0.05, 0, 2), replica(2, 8, 0.015), replica(2, 8, 0.015)}};
        const double duration = 15, interval = 4;
        const auto result = simulateRequests(classes, {epoch}, 2, duration, interval, 77);
        const IntervalGrid grid = makeIntervalGrid(duration, interval);
        QCOMPARE(grid.starts, (std::vector<double>{0, 4, 8, 12}));
        std::vector<std::vector<std::vector<double>>> latencies;  // [class][interval]
        for (uint32_t c = 0; c < classes.size(); ++c) {
            std::vector<ClassEpochPlan> plan{{0, {}}};
            for (const auto& r : epoch.replicas)
                if (r.classId == c)
                    plan[0].replicas.push_back(r);
            ReferenceSimulation reference(classes[c], plan, grid, 77, c);
            reference.run();
            latencies.push_back(reference.latencies());
        }
        auto check = [&](const RequestStats& stats, std::vector<double> all, const QByteArray& where) {
            QCOMPARE(stats.completed, uint64_t(all.size()));
            std::sort(all.begin(), all.end());
            auto rank = [&](double p) {
                return LatencyBins::midpointMs(LatencyBins::of(all[size_t(std::ceil(p * double(all.size()))) - 1]));
            };
            QVERIFY2(!all.empty() && stats.p50Ms == rank(0.5) && stats.p99Ms == rank(0.99), where);
        };
        for (size_t k = 0; k < grid.starts.size(); ++k) {
            std::vector<double> service0 = latencies[0][k], service1 = latencies[2][k];
            service0.insert(service0.end(), latencies[1][k].begin(), latencies[1][k].end());
            check(result.intervals[k].services[0], service0, "service 0, interval " + QByteArray::number(int(k)));
            check(result.intervals[k].services[1], service1, "service 1, interval " + QByteArray::number(int(k)));
            service0.insert(service0.end(), service1.begin(), service1.end());
            check(result.intervals[k].overall, service0, "overall, interval " + QByteArray::number(int(k)));
        }
        std::vector<double> every;
        for (const auto& c : latencies)
            for (const auto& i : c)
                every.insert(every.end(), i.begin(), i.end());
        check(result.total, every, "total");
    }

    void advancingInStepsEqualsOneRun()
    {
        // simulateRequests advances the classes block by block and frees merged bins: stopping at
        // any times (and dropping what was read) changes nothing.
        std::mt19937_64 rng(99);
        for (int trial = 0; trial < 50; ++trial) {
            const double duration = 20;
            const IntervalGrid grid = makeIntervalGrid(duration, 0.25 + double(rng() % 10) / 10);
            const auto [k, epochs] = randomPlan(rng, duration);
            const ClassOutcome once = simulateClass(k, epochs, grid, uint64_t(trial), 1);
            ClassRequestSimulation steps(k, epochs, grid, uint64_t(trial), 1);
            size_t read = 0;
            for (double t = 0; read < grid.starts.size(); t += 0.1 + double(rng() % 30) / 10) {
                steps.advance(t);
                const ClassOutcome& o = steps.outcome();
                for (; read < steps.finalIntervals(); ++read) {
                    const auto a = once.binsOf(read), b = o.binsOf(read);
                    QVERIFY(std::equal(a.begin(), a.end(), b.begin(), b.end(),
                                       [](auto x, auto y) { return x.bin == y.bin && x.count == y.count; }));
                    QCOMPARE(o.completed[read], once.completed[read]);
                    QCOMPARE(o.withinSlo[read], once.withinSlo[read]);
                    QCOMPARE(o.arrived[read], once.arrived[read]);
                }
                if (rng() % 2)
                    steps.dropBinsBefore(read);
            }
            QVERIFY(steps.outcome().busyS == once.busyS);
        }
    }

    void manyIntervalsGiveTheSameAsOneClassRun()
    {
        // 200 intervals (13 blocks of the driver) on 2 threads against the classes run whole.
        const std::vector<ServingClass> classes{{0, 0.3, {{0, 900}, {50, 200}}}, {1, 0.5, {{0, 300}}}};
        const ServingEpoch first{0, {replica(0, 8, 0.02), replica(1, 4, 0.01)}};
        const ServingEpoch second{33.3, {replica(0, 8, 0.02, 35), replica(0, 8, 0.03), replica(1, 4, 0.01)}};
        const auto result = simulateRequests(classes, {first, second}, 2, 100, 0.5, 5, 2);
        const IntervalGrid grid = makeIntervalGrid(100, 0.5);
        QCOMPARE(grid.starts.size(), size_t(200));
        uint64_t pending[2] = {0, 0};
        for (uint32_t c = 0; c < 2; ++c) {
            std::vector<ClassEpochPlan> plan{{0, {}}, {33.3, {}}};
            for (size_t e = 0; e < 2; ++e)
                for (const auto& r : (e ? second : first).replicas)
                    if (r.classId == c)
                        plan[e].replicas.push_back(r);
            const ClassOutcome o = simulateClass(classes[c], plan, grid, 5, c);
            for (size_t k = 0; k < 200; ++k) {
                const RequestStats& s = result.intervals[k].services[c];
                pending[c] += o.arrived[k] - o.completed[k];
                QCOMPARE(s.arrived, o.arrived[k]);
                QCOMPARE(s.completed, o.completed[k]);
                QCOMPARE(s.withinSlo, o.withinSlo[k]);
                QCOMPARE(s.pending, pending[c]);
                DenseLatencyHistogram h;
                for (const auto& b : o.binsOf(k))
                    h.add(b.bin, b.count);
                QCOMPARE(s.p99Ms, h.percentileMs(o.completed[k], 0.99));
            }
        }
    }

    void malformedPlanIsRejected()
    {
        const std::vector<ServingClass> classes{constantClass(0, 1.0, 10)};
        auto run = [&](std::vector<ServingEpoch> epochs) { simulateRequests(classes, epochs, 1, 10, 1, 1); };
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, run({{0, {replica(1, 8, 0.01)}}}));  // unknown class
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, run({{0, {replica(0, 0, 0.01)}}}));  // batch 0
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, run({{0, {replica(0, 8, 0)}}}));     // no latency
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, run({{0, {replica(0, 8, 0.01, 0, 0)}}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, run({{5, {}}, {5, {}}}));  // epochs not ascending
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, simulateRequests(classes, {}, 0, 10, 1, 1));  // service 0 of 0
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, simulateRequests(classes, {}, 1, 10, 0, 1));
        // SLO changes: after 0, ascending, each above 0.
        for (const std::vector<SloChange>& changes : std::vector<std::vector<SloChange>>{
                 {{0, 1.0}}, {{5, 1.0}, {5, 2.0}}, {{5, 1.0}, {3, 2.0}}, {{5, 0.0}}, {{5, -1.0}}}) {
            ServingClass k = constantClass(0, 1.0, 10);
            k.sloChanges = changes;
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, simulateRequests({k}, {}, 1, 10, 1, 1));
        }
    }
};

QTEST_APPLESS_MAIN(TestRequestSim)
#include "tst_requestsim.moc"
