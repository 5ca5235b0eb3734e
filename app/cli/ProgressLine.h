#pragma once

#include <atomic>
#include <cstddef>
#include <cstdio>
#include <mutex>

#include <unistd.h>

namespace tessera::cli {

// "runs done / total" on stderr, only when stderr is a terminal (contracts.md 3.4).
class ProgressLine {
public:
    ProgressLine(size_t total, bool enabled) : total_(total), enabled_(enabled && isatty(STDERR_FILENO)) { draw(); }

    void done()
    {
        ++finished_;
        draw();
    }
    void finish()
    {
        if (enabled_)
            std::fputs("\r\033[K", stderr);
    }

private:
    void draw()
    {
        if (!enabled_)
            return;
        std::lock_guard lock(mutex_);
        std::fprintf(stderr, "\r\033[Ksimulating: %zu/%zu runs", finished_.load(), total_);
        std::fflush(stderr);
    }
    size_t total_;
    bool enabled_;
    std::atomic<size_t> finished_{0};
    std::mutex mutex_;
};

}  // namespace tessera::cli
