#pragma once

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tessera {

// Runs independent jobs (one run each) on a pool of threads. Each job writes only its own
// slot of the caller's results, so the output is the same at any thread count.
class BatchRunner {
public:
    static void run(size_t jobs, unsigned threads, const std::function<void(size_t)>& job)
    {
        threads = std::max(1u, std::min<unsigned>(threads, unsigned(jobs)));
        std::atomic<size_t> next{0};
        std::exception_ptr failure;
        std::mutex failureMutex;
        auto worker = [&] {
            for (size_t i; (i = next++) < jobs;) {
                try {
                    job(i);
                } catch (...) {
                    std::lock_guard lock(failureMutex);
                    if (!failure)
                        failure = std::current_exception();
                    next = jobs;  // stop handing out work
                }
            }
        };
        std::vector<std::thread> pool;
        for (unsigned t = 1; t < threads; ++t)
            pool.emplace_back(worker);
        worker();
        for (auto& t : pool)
            t.join();
        if (failure)
            std::rethrow_exception(failure);
    }
};

}  // namespace tessera
