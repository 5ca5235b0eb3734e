#include "sim/ReplayEngine.h"

#include "sched/FeasibilityFilter.h"

#include <algorithm>

namespace tessera {

ReplayEngine::ReplayEngine(const std::vector<PodSpec>& sequence, ClusterState& state, Scheduler& scheduler,
                           StepRecorder& recorder)
    : sequence_(sequence), state_(state), scheduler_(scheduler), recorder_(recorder), shapes_(sequence),
      placed_(sequence.size()), pendingAt_(sequence.size(), pendingQueue_.end())
{
}

void ReplayEngine::enqueue(uint32_t pod)
{
    pendingAt_[pod] = pendingQueue_.insert(pendingQueue_.end(), pod);
    ++recorder_.pending;
}

void ReplayEngine::dequeue(uint32_t pod)
{
    pendingQueue_.erase(pendingAt_[pod]);
    pendingAt_[pod] = pendingQueue_.end();
    --recorder_.pending;
}

void ReplayEngine::resumeFrom(const Timeline& timeline, size_t position)
{
    std::vector<int64_t> placedAt(sequence_.size(), 0);
    for (size_t i = 0; i < position; ++i) {
        const Step& s = timeline.step(i);
        const int64_t time = timeline.sampleAt(i + 1).timeSeconds;
        switch (s.kind) {
        case StepKind::Arrival:
            ++nextArrival_;
            if (s.placement.placed()) {
                placed_[s.pod] = s.placement;
                placedAt[s.pod] = time;
            } else {
                pendingAt_[s.pod] = pendingQueue_.insert(pendingQueue_.end(), s.pod);
            }
            break;
        case StepKind::Retry:
            pendingQueue_.erase(pendingAt_[s.pod]);
            pendingAt_[s.pod] = pendingQueue_.end();
            placed_[s.pod] = s.placement;
            placedAt[s.pod] = time;
            break;
        case StepKind::Departure:
            placed_[s.pod] = Placement{};
            break;
        case StepKind::Expiry:
            pendingQueue_.erase(pendingAt_[s.pod]);
            pendingAt_[s.pod] = pendingQueue_.end();
            break;
        }
    }
    for (uint32_t pod = 0; pod < sequence_.size(); ++pod) {
        const auto& deletion = sequence_[pod].deletionTime;
        if (!deletion)
            continue;
        if (placed_[pod].placed())
            events_.emplace(std::max(*deletion, placedAt[pod]), Departure, pod);
        else if (pendingAt_[pod] != pendingQueue_.end())
            events_.emplace(*deletion, Expiry, pod);
    }
}

bool ReplayEngine::place(uint32_t pod, int64_t now, StepKind kind)
{
    const Placement p = scheduler_.decide(state_, sequence_[pod], shapes_.shapeOf(pod), recorder_.nextStep());
    if (!p.placed())
        return false;
    scheduler_.podSettled(shapes_.shapeOf(pod));
    recorder_.move(sequence_[pod], uint32_t(p.node), p.gpus, -1);
    placed_[pod] = p;
    if (kind == StepKind::Retry)
        dequeue(pod);
    recorder_.end(kind, pod, p, now);
    if (const auto& deletion = sequence_[pod].deletionTime)
        events_.emplace(std::max(*deletion, now), Departure, pod);
    return true;
}

void ReplayEngine::handle(const Event& e)
{
    const auto [time, kind, pod] = e;
    if (kind == Departure) {
        const Placement p = placed_[pod];
        recorder_.move(sequence_[pod], uint32_t(p.node), p.gpus, +1);
        placed_[pod] = Placement{};
        recorder_.end(StepKind::Departure, pod, p, time);
        // Only the node just freed gained room, so a pending pod that does not fit there
        // still fits nowhere: skipping it equals trying it.
        for (auto it = pendingQueue_.begin(); it != pendingQueue_.end();) {
            const uint32_t waiting = *it++;
            if (FeasibilityFilter::fits(state_, uint32_t(p.node), sequence_[waiting]))
                place(waiting, time, StepKind::Retry);
        }
    } else if (pendingAt_[pod] != pendingQueue_.end()) {
        dequeue(pod);
        scheduler_.podSettled(shapes_.shapeOf(pod));
        ++recorder_.failed[size_t(sequence_[pod].podClass())];
        recorder_.end(StepKind::Expiry, pod, Placement{}, time);
    }
}

void ReplayEngine::run(const ProgressCallback& progress)
{
    constexpr uint32_t kProgressEvery = 512;
    // A pod is settled when placed or expired: the pods still to arrive and the ones waiting.
    std::vector<uint32_t> podsLeft = shapes_.podsPerShape(nextArrival_);
    for (uint32_t waiting : pendingQueue_)
        ++podsLeft[shapes_.shapeOf(waiting)];
    scheduler_.expectPods(std::move(podsLeft));
    for (; nextArrival_ < sequence_.size(); ++nextArrival_) {
        const uint32_t i = nextArrival_;
        const int64_t now = sequence_[i].creationTime.value_or(0);
        while (!events_.empty() && std::get<0>(events_.top()) <= now) {
            const Event e = events_.top();
            events_.pop();
            handle(e);
        }
        recorder_.arrivedMilli += sequence_[i].totalGpuMilli();
        if (!place(i, now, StepKind::Arrival)) {
            enqueue(i);
            recorder_.end(StepKind::Arrival, i, Placement{}, now);
            if (const auto& deletion = sequence_[i].deletionTime)
                events_.emplace(*deletion, Expiry, i);
        }
        if (progress && (i + 1) % kProgressEvery == 0 && !progress(double(i + 1) / double(sequence_.size())))
            throw CancelledError();
    }
    while (!events_.empty()) {
        const Event e = events_.top();
        events_.pop();
        handle(e);
    }
}

}  // namespace tessera
