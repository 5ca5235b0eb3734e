#include "training/rent/RentalSimulation.h"

#include "training/rent/RentedSeriesRecorder.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <queue>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace tessera {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// Slack for sums of fractional widths compared with a cap or a rented count.
constexpr double kWidthSlack = 1e-9;

void finish(RentalResult& result, RentedSeriesRecorder& recorder, const RentalWorkload& workload)
{
    result.firstArrivalS = workload.jobs.front().arrivalS;
    result.lastCompletionS = 0;
    for (const RentalJobRecord& job : result.jobs)
        result.lastCompletionS = std::max(result.lastCompletionS, job.endS);
    result.rentedGpuHours = recorder.gpuSeconds() / 3600;
    const double span = result.lastCompletionS - result.firstArrivalS;
    result.averageRented = span > 0 ? recorder.gpuSeconds() / span : 0;
    result.workGpuHours = 0;
    for (const RentalJob& job : workload.jobs)
        result.workGpuHours += job.sizeS / 3600;
    result.series = recorder.take();
}

}  // namespace

RentalSimulation::RentalSimulation(const RentalWorkload& workload, RentalOptions options)
    : workload_(workload), options_(options)
{
    validateRentalWorkload(workload_);
    if (!(options_.capGpus > 0))
        throw std::invalid_argument(fmt::format("a rental cap must be positive, not {}", options_.capGpus));
}

RentalResult RentalSimulation::run(RentalPolicy& policy) const
{
    policy.begin(workload_);
    return policy.reshares() ? runResharing(policy) : runFixedWidth(policy);
}

RentalResult RentalSimulation::emptyResult(const RentalPolicy& policy) const
{
    RentalResult result;
    result.policy = policy.name();
    result.jobs.resize(workload_.jobs.size());
    for (size_t j = 0; j < workload_.jobs.size(); ++j) {
        const RentalJob& job = workload_.jobs[j];
        result.jobs[j].id = job.id;
        result.jobs[j].type = job.type;
        result.jobs[j].arrivalS = job.arrivalS;
    }
    return result;
}

RentalResult RentalSimulation::runFixedWidth(RentalPolicy& policy) const
{
    const auto& jobs = workload_.jobs;
    const size_t types = workload_.types.size();
    RentalResult result = emptyResult(policy);
    RentedSeriesRecorder recorder(types);

    using Completion = std::pair<double, size_t>;  // (end, job): ties end in workload order
    std::priority_queue<Completion, std::vector<Completion>, std::greater<>> completions;
    std::deque<size_t> waiting;
    std::vector<double> width(jobs.size(), 0);
    std::vector<double> heldByType(types, 0);
    double held = 0;

    auto start = [&](size_t j, double now) {
        const RentalJob& job = jobs[j];
        const double w = width[j];
        held += w;
        heldByType[job.type] += w;
        const double end = now + job.sizeS / rentalRate(workload_.types[job.type], w);
        RentalJobRecord& record = result.jobs[j];
        record.startS = now;
        record.endS = end;
        record.jctS = end - job.arrivalS;
        record.gpus = w;
        record.gpuHours = w * (end - now) / 3600;
        completions.emplace(end, j);
    };

    size_t next = 0;
    while (next < jobs.size() || !completions.empty()) {
        const double arrival = next < jobs.size() ? jobs[next].arrivalS : kInfinity;
        const double done = completions.empty() ? kInfinity : completions.top().first;
        const double now = std::min(arrival, done);
        while (!completions.empty() && completions.top().first <= now) {
            const size_t j = completions.top().second;
            completions.pop();
            held -= width[j];
            heldByType[jobs[j].type] -= width[j];
        }
        if (completions.empty()) {  // no drift from fractional widths survives an empty system
            held = 0;
            std::fill(heldByType.begin(), heldByType.end(), 0.0);
        }
        for (; next < jobs.size() && jobs[next].arrivalS <= now; ++next) {
            const double w = policy.widthOnArrival(next, now);
            if (!(std::isfinite(w) && w > 0))
                throw std::invalid_argument(
                    fmt::format("policy {} gives job {} a width of {}", policy.name(), jobs[next].id, w));
            if (w > options_.capGpus + kWidthSlack)
                throw std::invalid_argument(fmt::format("policy {} gives job {} {} GPUs, more than the cap of {}",
                                                        policy.name(), jobs[next].id, w, options_.capGpus));
            width[next] = w;
            waiting.push_back(next);
        }
        while (!waiting.empty() && held + width[waiting.front()] <= options_.capGpus + kWidthSlack) {
            start(waiting.front(), now);
            waiting.pop_front();
        }
        recorder.step(now, held, heldByType);
    }
    finish(result, recorder, workload_);
    return result;
}

RentalResult RentalSimulation::runResharing(RentalPolicy& policy) const
{
    const auto& jobs = workload_.jobs;
    const size_t types = workload_.types.size();
    RentalResult result = emptyResult(policy);
    RentedSeriesRecorder recorder(types);

    std::vector<ActiveRentalJob> active;  // in arrival order
    std::vector<double> rate;             // parallel to active
    std::vector<double> gpuSeconds(jobs.size(), 0);
    std::vector<bool> started(jobs.size(), false);
    std::vector<double> heldByType(types, 0);
    const double tick = policy.tickS();
    double now = jobs.front().arrivalS;
    double nextTick = tick > 0 ? now + tick : kInfinity;
    size_t next = 0;

    while (true) {
        for (; next < jobs.size() && jobs[next].arrivalS <= now; ++next)
            active.push_back({next, jobs[next].type, jobs[next].arrivalS, jobs[next].sizeS, 0});
        const double rented = policy.reshare(now, active);
        std::fill(heldByType.begin(), heldByType.end(), 0.0);
        rate.assign(active.size(), 0);
        double held = 0;
        for (size_t a = 0; a < active.size(); ++a) {
            const ActiveRentalJob& job = active[a];
            if (!(std::isfinite(job.width) && job.width >= 0))
                throw std::invalid_argument(fmt::format("policy {} gives job {} a width of {}", policy.name(),
                                                        jobs[job.job].id, job.width));
            held += job.width;
            heldByType[job.type] += job.width;
            rate[a] = rentalRate(workload_.types[job.type], job.width);
            if (job.width > 0) {
                if (!started[job.job])
                    result.jobs[job.job].startS = now;
                started[job.job] = true;
                result.jobs[job.job].gpus = job.width;  // the last width wins
            }
        }
        if (held > rented * (1 + kWidthSlack) + kWidthSlack)
            throw std::logic_error(
                fmt::format("policy {} holds {} GPUs but rents {} at {} s", policy.name(), held, rented, now));
        recorder.step(now, rented, heldByType);

        double completionAt = kInfinity;
        size_t first = active.size();  // the job that completes next
        for (size_t a = 0; a < active.size(); ++a)
            if (rate[a] > 0 && now + active[a].remainingS / rate[a] < completionAt) {
                completionAt = now + active[a].remainingS / rate[a];
                first = a;
            }
        const double arrivalAt = next < jobs.size() ? jobs[next].arrivalS : kInfinity;
        if (completionAt == kInfinity && arrivalAt == kInfinity)
            throw std::logic_error(fmt::format("policy {} leaves {} jobs without GPUs at {} s and no event ahead",
                                               policy.name(), active.size(), now));
        const double eventAt = std::min({completionAt, arrivalAt, nextTick});
        const double dt = eventAt - now;
        for (size_t a = 0; a < active.size(); ++a) {
            active[a].remainingS -= rate[a] * dt;
            gpuSeconds[active[a].job] += active[a].width * dt;
        }
        now = eventAt;
        while (nextTick <= now)
            nextTick += tick;

        // Completions: the job that set eventAt is done (its remaining work is zero up to
        // rounding, which must not leave it a sliver); others may finish at the same instant.
        size_t kept = 0;
        for (size_t a = 0; a < active.size(); ++a) {
            const ActiveRentalJob& job = active[a];
            const bool done = (a == first && completionAt <= eventAt) ||
                              (rate[a] > 0 && job.remainingS <= 1e-9 * jobs[job.job].sizeS);
            if (!done) {
                active[kept++] = job;
                continue;
            }
            RentalJobRecord& record = result.jobs[job.job];
            record.endS = now;
            record.jctS = now - job.arrivalS;
            record.gpuHours = gpuSeconds[job.job] / 3600;
        }
        active.resize(kept);
        if (active.empty() && next == jobs.size())
            break;
    }
    std::fill(heldByType.begin(), heldByType.end(), 0.0);
    recorder.step(now, 0, heldByType);
    finish(result, recorder, workload_);
    return result;
}

}  // namespace tessera
