#include "inference/ClassRequestSimulation.h"

#include "inference/ArrivalRing.h"
#include "inference/PoissonArrivals.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace tessera {

namespace {

constexpr double kNever = PoissonArrivals::kNever;
constexpr uint32_t kUnavailable = UINT32_MAX;

}  // namespace

// One class's event loop. Events in time order: a replica's batch completion or dispatch, an
// epoch change, an arrival; at equal times in that order. Dispatch times are processed in
// ascending order, so an interval's latencies are complete once a dispatch starts after the
// interval's end.
//
// Routing is join-the-shortest-queue with the queue counted as usual: the requests at a replica,
// waiting or in its running batches. (Counting only the waiting ones sends every request to a
// replica that has just started a batch, which piles the load onto the lowest-indexed replica.)
// Only available replicas take requests: one still being reconfigured (before its
// availableFromS) gets none, so requests are redirected to the others (spec 2.2 Step 6); with
// none available they wait at the class, and the first replicas to become available take them.
class ClassSimulation {
public:
    ClassSimulation(const ServingClass& servingClass, const std::vector<ClassEpochPlan>& epochs,
                    const IntervalGrid& grid, uint64_t seed, uint32_t classIndex)
        : epochs_(epochs)
        , grid_(grid)
        , durationS_(grid.durationS)
        , sloS_(servingClass.sloS)
        , timeoutS_(kDispatchTimeoutShareOfSlo * servingClass.sloS)
        , sloChanges_(servingClass.sloChanges)
        , rng_(classArrivalRng(seed, classIndex))
        , arrivals_(servingClass.rates, grid.durationS, rng_)
    {
        nextArrivalS_ = arrivals_.next();
        const size_t n = grid.starts.size();
        outcome_.arrived.assign(n, 0);
        outcome_.completed.assign(n, 0);
        outcome_.withinSlo.assign(n, 0);
        outcome_.binOffsets.assign(1, 0);
        double longest = 0;
        size_t replicas = 0;
        for (const auto& e : epochs) {
            for (const auto& r : e.replicas)
                longest = std::max(longest, r.batchLatencyS);
            replicas += e.replicas.size();
        }
        outcome_.busyS.reserve(replicas);
        // servesFrom_[e]: a replica of epoch e or later becomes available before the end.
        servesFrom_.assign(epochs.size() + 1, 0);
        for (size_t e = epochs.size(); e-- > 0;) {
            servesFrom_[e] = servesFrom_[e + 1];
            if (epochs[e].fromS < durationS_)
                for (const auto& r : epochs[e].replicas)
                    servesFrom_[e] = servesFrom_[e] || std::max(r.availableFromS, epochs[e].fromS) < durationS_;
        }
        // A batch dispatched in interval k completes at most floor(longest / intervalS) + 1
        // intervals later; a slot per interval that can still receive latencies (one more
        // against rounding at the boundaries).
        slots_.resize(size_t(std::floor(longest / grid.intervalS)) + 3);
    }

    // Every event before `until`, in the order of a run without stops: events are taken in time
    // order and those at `until` or later wait for the next call.
    void advance(double until)
    {
        until = std::min(until, durationS_);
        if (finished_)
            return;
        for (;;) {
            const double limit = std::min(nextArrivalS_, nextEpochS());
            while (minNextS_ <= limit && minNextS_ < until) {
                handleEvent(minNextIndex_, minNextS_);
                findMinNext();
            }
            if (nextEpochS() <= nextArrivalS_ && nextEpochS() < until) {
                changeEpoch();
                continue;
            }
            if (nextArrivalS_ >= until)
                break;
            arrive(nextArrivalS_);
            nextArrivalS_ = arrivals_.next();
        }
        // Any later batch completes at `until` or later: the intervals ending by then are final.
        while (openInterval_ + 1 < grid_.starts.size() && grid_.starts[openInterval_ + 1] <= until)
            flushInterval();
        if (until < durationS_)
            return;
        finished_ = true;
        closeEpoch();
        for (size_t e = epoch_ + 1; e < epochs_.size(); ++e)  // epochs from durationS on: never busy
            outcome_.busyS.insert(outcome_.busyS.end(), epochs_[e].replicas.size(), 0.0);
        while (openInterval_ < grid_.starts.size())
            flushInterval();
    }

    size_t finalIntervals() const { return openInterval_; }
    const ClassOutcome& outcome() const { return outcome_; }
    ClassOutcome& outcome() { return outcome_; }

    void dropBinsBefore(size_t interval)
    {
        const size_t drop = outcome_.binOffsets[interval] - outcome_.binsDropped;
        outcome_.bins.erase(outcome_.bins.begin(), outcome_.bins.begin() + ptrdiff_t(drop));
        outcome_.binsDropped = outcome_.binOffsets[interval];
    }

private:
    // Whether a replica of the current epoch or a later one may still serve the class.
    bool servedLater() const { return servesFrom_[epoch_ == size_t(-1) ? 0 : epoch_]; }

    double nextEpochS() const { return epoch_ + 1 < epochs_.size() ? epochs_[epoch_ + 1].fromS : kNever; }

    void arrive(double t)
    {
        while (arrivalInterval_ + 1 < grid_.starts.size() && t >= grid_.starts[arrivalInterval_ + 1])
            ++arrivalInterval_;
        ++outcome_.arrived[arrivalInterval_];
        if (availableCount_ == 0) {
            if (servedLater())
                unserved_.push(t);  // else only counted: pending to the end, kept in no memory
            return;
        }
        const uint32_t r = route(t);
        const uint32_t q = queues_[r].size();
        // The only lengths at which the replica's next dispatch moves (earlier); or, after an SLO
        // change, a request whose own wait ends first.
        if (q == 1 || q == batch_[r] || (!sloChanges_.empty() && t + timeoutAt(t) < nextEventS_[r])) {
            nextEventS_[r] = std::min(nextEventS_[r], nextDispatch(r));
            if (nextEventS_[r] < minNextS_) {
                minNextS_ = nextEventS_[r];
                minNextIndex_ = r;
            }
        }
    }

    // Shortest queue, ties to the lowest index: `shortest_` is always that replica. After it
    // takes the request, the next one is the next replica of the same length after it, or the
    // first one of the length above (amortised O(1) when the queues are balanced).
    uint32_t route(double t)
    {
        const uint32_t r = shortest_;
        queues_[r].push(t);
        ++queueLength_[r];
        const auto count = uint32_t(queueLength_.size());
        for (uint32_t j = r + 1; j < count; ++j)
            if (queueLength_[j] == shortestLength_) {
                shortest_ = j;
                return r;
            }
        ++shortestLength_;
        for (uint32_t j = 0; j < count; ++j)
            if (queueLength_[j] == shortestLength_) {
                shortest_ = j;
                break;
            }
        return r;
    }

    // The SLO of a request that arrived at `arrival`, and how long it may wait for its batch.
    double sloAt(double arrival) const
    {
        for (size_t i = sloChanges_.size(); i-- > 0;)
            if (arrival >= sloChanges_[i].fromS)
                return sloChanges_[i].sloS;
        return sloS_;
    }
    double timeoutAt(double arrival) const
    {
        return sloChanges_.empty() || arrival < sloChanges_.front().fromS ? timeoutS_
                                                                           : kDispatchTimeoutShareOfSlo * sloAt(arrival);
    }

    // The index of the oldest request of `queue` (ascending arrivals) that arrived at `fromS` or
    // later; queue.size() when none did.
    static uint32_t firstArrivalFrom(const ArrivalRing& queue, double fromS)
    {
        uint32_t low = 0, high = queue.size();
        while (low < high) {
            const uint32_t mid = low + (high - low) / 2;
            if (queue.at(mid) < fromS)
                low = mid + 1;
            else
                high = mid;
        }
        return low;
    }

    // When replica r dispatches next: once a process is free (and the replica is available) and
    // either its batch is full or a waiting request has waited its timeout: the oldest, or after
    // an SLO change the oldest of those that arrived under the new SLO (whose wait may end first).
    double nextDispatch(uint32_t r) const
    {
        const uint32_t q = queues_[r].size();
        if (q == 0)
            return kNever;
        double free = processFreeS_[processBegin_[r]];
        for (uint32_t p = processBegin_[r] + 1; p < processBegin_[r + 1]; ++p)
            free = std::min(free, processFreeS_[p]);
        const ArrivalRing& queue = queues_[r];
        double ready = queue.front() + timeoutAt(queue.front());
        for (const SloChange& change : sloChanges_) {
            if (change.fromS <= queue.front())
                continue;
            const uint32_t first = firstArrivalFrom(queue, change.fromS);
            if (first == q)
                break;
            ready = std::min(ready, queue.at(first) + timeoutAt(queue.at(first)));
        }
        if (q >= batch_[r])
            ready = std::min(ready, queue.at(batch_[r] - 1));
        return std::max(free, ready);
    }

    // When replica r's earliest running batch completes.
    double nextCompletion(uint32_t r) const
    {
        double first = kNever;
        for (uint32_t p = processBegin_[r]; p < processBegin_[r + 1]; ++p)
            if (running_[p] != 0)
                first = std::min(first, processFreeS_[p]);
        return first;
    }

    void findMinNext()
    {
        minNextS_ = kNever;
        for (uint32_t r = 0; r < nextEventS_.size(); ++r)
            if (nextEventS_[r] < minNextS_) {
                minNextS_ = nextEventS_[r];
                minNextIndex_ = r;
            }
    }

    // Replica r's batches completing at t leave its queue; then it dispatches if it is due.
    void handleEvent(uint32_t r, double t)
    {
        if (!available_[r]) {
            makeAvailable(t);
            return;
        }
        for (uint32_t p = processBegin_[r]; p < processBegin_[r + 1]; ++p)
            if (running_[p] != 0 && processFreeS_[p] <= t) {
                queueLength_[r] -= running_[p];
                running_[p] = 0;
                offerShortest(r);
            }
        if (nextDispatch(r) <= t)
            dispatch(r, t);
        nextEventS_[r] = std::min(nextDispatch(r), nextCompletion(r));
    }

    // Every replica due by t becomes available, with an empty queue. If none was, the requests
    // waiting at the class go to them.
    void makeAvailable(double t)
    {
        const bool first = availableCount_ == 0;
        for (uint32_t r = 0; r < available_.size(); ++r)
            if (!available_[r] && availableFromS_[r] <= t) {
                available_[r] = 1;
                ++availableCount_;
                queueLength_[r] = 0;
                nextEventS_[r] = kNever;
                offerShortest(r);
            }
        if (first && availableCount_ > 0)
            routeUnserved();
    }

    // Replica r's queue got shorter (or it became available): it may be the new shortest.
    void offerShortest(uint32_t r)
    {
        if (queueLength_[r] < shortestLength_ || (queueLength_[r] == shortestLength_ && r < shortest_)) {
            shortestLength_ = queueLength_[r];
            shortest_ = r;
        }
    }

    // The class's waiting requests (in arrival order) to its available replicas.
    void routeUnserved()
    {
        for (uint32_t i = 0; i < unserved_.size(); ++i)
            route(unserved_.at(i));
        unserved_.clear();
        for (uint32_t r = 0; r < available_.size(); ++r)
            if (available_[r])
                nextEventS_[r] = std::min(nextDispatch(r), nextCompletion(r));
    }

    // Replica r starts a batch of its oldest requests at t on its earliest free process.
    void dispatch(uint32_t r, double t)
    {
        uint32_t process = processBegin_[r];
        for (uint32_t p = process + 1; p < processBegin_[r + 1]; ++p)
            if (processFreeS_[p] < processFreeS_[process])
                process = p;
        const double completion = t + latencyS_[r];
        processFreeS_[process] = completion;
        busyS_[r] += std::min(completion, durationS_) - t;

        ArrivalRing& queue = queues_[r];
        const uint32_t k = std::min(queue.size(), batch_[r]);
        running_[process] = k;  // they stay in the replica's queue length until the batch completes
        if (completion <= durationS_)
            record(queue, k, t, completion);
        queue.pop(k);  // past durationS they stay pending: arrived, never completed
    }

    // The latencies of the k oldest requests, completing together: oldest first, so the bins
    // descend from the first request's to the k-th's.
    void record(const ArrivalRing& queue, uint32_t k, double t, double completion)
    {
        while (openInterval_ + 1 < grid_.starts.size() && t >= grid_.starts[openInterval_ + 1])
            flushInterval();
        size_t interval = openInterval_;
        while (interval + 1 < grid_.starts.size() && completion >= grid_.starts[interval + 1])
            ++interval;
        DenseLatencyHistogram& histogram = slots_[interval % slots_.size()];
        histogram.allocate();
        uint64_t within = 0;
        const auto count = [&](auto sloOf) {
            for (uint32_t i = 0; i < k; ++i) {
                const double latency = completion - queue.at(i);
                histogram.addUntracked(LatencyBins::of(latency));
                within += latency <= sloOf(queue.at(i));
            }
        };
        // One SLO (no change): no look-up per request, on the simulator's hottest loop.
        if (sloChanges_.empty())
            count([this](double) { return sloS_; });
        else
            count([this](double arrival) { return sloAt(arrival); });
        histogram.touch(LatencyBins::of(completion - queue.at(k - 1)), LatencyBins::of(completion - queue.front()));
        outcome_.completed[interval] += k;
        outcome_.withinSlo[interval] += within;
    }

    void flushInterval()
    {
        slots_[openInterval_ % slots_.size()].drainTo(outcome_.bins);
        outcome_.binOffsets.push_back(outcome_.binsDropped + outcome_.bins.size());
        ++openInterval_;
    }

    void closeEpoch()
    {
        outcome_.busyS.insert(outcome_.busyS.end(), busyS_.begin(), busyS_.end());
    }

    // The next epoch's replicas take over every queued request of the class, in arrival order.
    void changeEpoch()
    {
        const double now = nextEpochS();
        if (started_)
            closeEpoch();
        started_ = true;
        ++epoch_;
        waiting_.clear();
        for (const auto& q : queues_)
            q.appendTo(waiting_);
        unserved_.appendTo(waiting_);
        unserved_.clear();
        std::sort(waiting_.begin(), waiting_.end());

        const auto& replicas = epochs_[epoch_].replicas;
        const auto count = uint32_t(replicas.size());
        queues_.resize(count);
        for (auto& q : queues_)
            q.clear();
        // An unavailable replica's length matches no shortest length: it is never routed to.
        queueLength_.assign(count, kUnavailable);
        nextEventS_.assign(count, kNever);
        available_.assign(count, 0);
        availableFromS_.resize(count);
        availableCount_ = 0;
        batch_.resize(count);
        latencyS_.resize(count);
        busyS_.assign(count, 0);
        processBegin_.assign(1, 0);
        processFreeS_.clear();
        running_.clear();
        for (uint32_t r = 0; r < count; ++r) {
            batch_[r] = replicas[r].batch;
            latencyS_[r] = replicas[r].batchLatencyS;
            availableFromS_[r] = replicas[r].availableFromS;
            nextEventS_[r] = replicas[r].availableFromS;  // its first event: becoming available
            processFreeS_.insert(processFreeS_.end(), replicas[r].procs, std::max(now, replicas[r].availableFromS));
            processBegin_.push_back(uint32_t(processFreeS_.size()));
            running_.resize(processFreeS_.size(), 0);
        }
        if (servedLater())
            for (double a : waiting_)
                unserved_.push(a);
        shortest_ = 0;
        shortestLength_ = kUnavailable;  // no replica available yet
        makeAvailable(now);
        findMinNext();
    }

    const std::vector<ClassEpochPlan>& epochs_;
    const IntervalGrid& grid_;
    const double durationS_;
    const double sloS_;
    const double timeoutS_;
    const std::vector<SloChange> sloChanges_;
    std::mt19937_64 rng_;
    PoissonArrivals arrivals_;
    double nextArrivalS_ = 0;
    bool finished_ = false;
    ClassOutcome outcome_;

    size_t epoch_ = size_t(-1);  // before the first epoch: no replicas
    bool started_ = false;
    size_t arrivalInterval_ = 0;
    size_t openInterval_ = 0;  // the first interval whose latencies are not final
    std::vector<DenseLatencyHistogram> slots_;

    // The current epoch's replicas of the class.
    std::vector<ArrivalRing> queues_;
    std::vector<uint32_t> queueLength_;  // waiting + in running batches: the routing key
    std::vector<double> nextEventS_;     // the replica's next completion or dispatch
    std::vector<uint32_t> batch_;
    std::vector<double> latencyS_;
    std::vector<double> busyS_;
    std::vector<uint32_t> processBegin_;  // replica r's processes: [processBegin_[r], processBegin_[r + 1])
    std::vector<double> processFreeS_;
    std::vector<uint32_t> running_;  // per process: the requests of its running batch (0: idle)
    std::vector<uint8_t> available_;
    std::vector<double> availableFromS_;
    uint32_t availableCount_ = 0;
    uint32_t shortest_ = 0;
    uint32_t shortestLength_ = 0;
    double minNextS_ = kNever;
    uint32_t minNextIndex_ = 0;

    ArrivalRing unserved_;  // requests of the class while it has no available replica
    std::vector<uint8_t> servesFrom_;
    std::vector<double> waiting_;
};

IntervalGrid makeIntervalGrid(double durationS, double intervalS)
{
    IntervalGrid grid;
    grid.durationS = durationS;
    grid.intervalS = intervalS;
    for (size_t k = 0; double(k) * intervalS < durationS; ++k)
        grid.starts.push_back(double(k) * intervalS);
    return grid;
}

std::mt19937_64 classArrivalRng(uint64_t seed, uint32_t classIndex)
{
    std::seed_seq sequence{uint32_t(seed), uint32_t(seed >> 32), classIndex};
    return std::mt19937_64(sequence);
}

ClassRequestSimulation::ClassRequestSimulation(const ServingClass& servingClass,
                                               const std::vector<ClassEpochPlan>& epochs, const IntervalGrid& grid,
                                               uint64_t seed, uint32_t classIndex)
    : simulation_(std::make_unique<ClassSimulation>(servingClass, epochs, grid, seed, classIndex))
{
}

ClassRequestSimulation::~ClassRequestSimulation() = default;
ClassRequestSimulation::ClassRequestSimulation(ClassRequestSimulation&&) noexcept = default;

void ClassRequestSimulation::advance(double untilS)
{
    simulation_->advance(untilS);
}

size_t ClassRequestSimulation::finalIntervals() const
{
    return simulation_->finalIntervals();
}

const ClassOutcome& ClassRequestSimulation::outcome() const
{
    return simulation_->outcome();
}

void ClassRequestSimulation::dropBinsBefore(size_t interval)
{
    simulation_->dropBinsBefore(interval);
}

ClassOutcome simulateClass(const ServingClass& servingClass, const std::vector<ClassEpochPlan>& epochs,
                           const IntervalGrid& grid, uint64_t seed, uint32_t classIndex)
{
    ClassSimulation simulation(servingClass, epochs, grid, seed, classIndex);
    simulation.advance(grid.durationS);
    return std::move(simulation.outcome());
}

}  // namespace tessera
