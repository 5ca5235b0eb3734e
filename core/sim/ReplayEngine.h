#pragma once

#include "sched/Scheduler.h"
#include "sim/ShapeTable.h"
#include "sim/StepRecorder.h"
#include "util/Progress.h"

#include <list>
#include <queue>
#include <tuple>
#include <vector>

namespace tessera {

// Timed replay (contracts.md 3.2): arrivals at creation_time, departures at deletion_time, a
// pending queue retried after every departure, expiry of waiting pods. Its whole state can be
// rebuilt from a timeline prefix, so a fork resumes exactly where the base run was.
class ReplayEngine {
public:
    ReplayEngine(const std::vector<PodSpec>& sequence, ClusterState& state, Scheduler& scheduler, StepRecorder& recorder);

    // Rebuilds placements, the queue and pending events from the first `position` steps.
    void resumeFrom(const Timeline& timeline, size_t position);
    void run(const ProgressCallback& progress);

private:
    enum EventKind : int { Departure = 0, Expiry = 1 };  // departures first at equal times
    using Event = std::tuple<int64_t, int, uint32_t>;    // time, kind, pod

    bool place(uint32_t pod, int64_t now, StepKind kind);
    void handle(const Event& e);
    void enqueue(uint32_t pod);
    void dequeue(uint32_t pod);

    const std::vector<PodSpec>& sequence_;
    ClusterState& state_;
    Scheduler& scheduler_;
    StepRecorder& recorder_;
    ShapeTable shapes_;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> events_;
    std::vector<Placement> placed_;
    std::list<uint32_t> pendingQueue_;
    std::vector<std::list<uint32_t>::iterator> pendingAt_;
    uint32_t nextArrival_ = 0;
};

}  // namespace tessera
