#pragma once

#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// One output file written by parallel jobs in job order (contracts.md 5: byte-identical at
// any thread count), streamed: the job first in order writes straight to the file, the others
// keep their text in memory and spill it to a temporary file past a few megabytes, so memory
// stays bounded however large the output (a replay CSV at --step 1) grows.
class OrderedOutput {
public:
    // Opens `path` for writing and writes `header`; throws std::runtime_error when it cannot,
    // so a wrong output path fails before any simulation. A regular file appears only whole,
    // at close(); destroyed before that, the output leaves no file behind.
    OrderedOutput(std::string path, std::string_view header, size_t jobs);
    ~OrderedOutput();
    OrderedOutput(const OrderedOutput&) = delete;
    OrderedOutput& operator=(const OrderedOutput&) = delete;

    // Thread-safe; each job appends only its own text, in its own order.
    void append(size_t job, std::string_view text);
    // The job's text is complete.
    void finish(size_t job);
    // Every job finished: flushes and closes the file, checking every write (a full disk is
    // an error, std::runtime_error, not a short file).
    void close();

private:
    struct Part;
    void write(std::string_view text);
    void drain(Part& part);

    std::string path_;
    std::string temporary_;  // the file written until close() renames it to path_
    std::mutex mutex_;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_;
    std::vector<std::unique_ptr<Part>> parts_;
    size_t head_ = 0;  // the first job not yet wholly written
};

}  // namespace tessera
