#pragma once

#include <cstdint>

namespace tessera {

// A workload class (mig-elasticbatch.md 2.2 Step 1): the requests of one service whose input
// size falls in one bucket. Planners configure, replicate and pack per class.
struct WorkloadClass {
    uint32_t service = 0;       // index into the scenario's services
    int model = -1;             // index into ProfileData::models()
    int bucket = 0;
    double sizeFactor = 1;      // the bucket's upper bound x_u: every request is padded to it
    double meanSizeFactor = 1;  // the mean size in the bucket: what an oracle knowing sizes plans for
    double sizeExponent = 2;    // latency grows as x^k
    double sloMs = 0;
    double rateShare = 1;       // of its service's requests: the bucket's probability
    double rateRps = 0;         // the offered load the plan is made for
};

}  // namespace tessera
