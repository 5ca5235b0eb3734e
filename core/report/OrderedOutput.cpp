#include "report/OrderedOutput.h"

#include <cerrno>
#include <filesystem>

#include <sys/stat.h>
#include <unistd.h>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

// A job's text beyond this goes to a temporary file until the job's turn comes.
constexpr size_t kMemoryPerJob = size_t(4) << 20;

std::runtime_error writeError(const std::string& path)
{
    return std::runtime_error(fmt::format("cannot write {}: {}", path, std::strerror(errno)));
}

}  // namespace

struct OrderedOutput::Part {
    std::string memory;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> spill{nullptr, &std::fclose};
    bool done = false;
};

OrderedOutput::OrderedOutput(std::string path, std::string_view header, size_t jobs)
    : path_(std::move(path)), file_(nullptr, &std::fclose)
{
    // A regular file is written beside itself and renamed over it when whole, so a failed or
    // cancelled command leaves the old file (or none), never half a CSV. Anything else
    // (/dev/stdout, a pipe) is written in place.
    namespace fs = std::filesystem;
    std::error_code error;
    const auto status = fs::status(path_, error);
    if (!fs::exists(status) || fs::is_regular_file(status)) {
        // Through a link, the file it points to is replaced and the link stays.
        if (fs::is_symlink(fs::symlink_status(path_, error)))
            path_ = fs::canonical(path_, error).string();
        const fs::path target(path_);
        std::string leaf = ".";  // (built step by step: gcc 12 misreads "." + string as overlapping)
        leaf += target.filename().string();
        leaf += ".XXXXXX";
        std::string name = (target.parent_path() / leaf).string();
        const int fd = ::mkstemp(name.data());
        if (fd < 0)
            throw writeError(path_);
        temporary_ = name;
        file_.reset(::fdopen(fd, "wb"));
    } else {
        file_.reset(std::fopen(path_.c_str(), "wb"));
    }
    if (!file_)
        throw writeError(path_);
    for (size_t i = 0; i < jobs; ++i)
        parts_.push_back(std::make_unique<Part>());
    write(header);
}

OrderedOutput::~OrderedOutput()
{
    if (!temporary_.empty()) {
        file_.reset();
        ::unlink(temporary_.c_str());
    }
}

void OrderedOutput::write(std::string_view text)
{
    if (!text.empty() && std::fwrite(text.data(), 1, text.size(), file_.get()) != text.size())
        throw writeError(path_);
}

void OrderedOutput::drain(Part& part)
{
    if (part.spill) {
        std::rewind(part.spill.get());
        char buffer[1 << 16];
        size_t got = 0;
        while ((got = std::fread(buffer, 1, sizeof buffer, part.spill.get())) > 0)
            write({buffer, got});
        if (std::ferror(part.spill.get()))
            throw std::runtime_error(fmt::format("cannot read back a temporary file for {}", path_));
        part.spill.reset();
    }
    write(part.memory);
    part.memory.clear();
    part.memory.shrink_to_fit();
}

void OrderedOutput::append(size_t job, std::string_view text)
{
    std::lock_guard lock(mutex_);
    Part& part = *parts_.at(job);
    if (job == head_) {
        write(text);
        return;
    }
    part.memory.append(text);
    if (part.memory.size() < kMemoryPerJob)
        return;
    if (!part.spill) {
        part.spill.reset(std::tmpfile());
        if (!part.spill)
            throw std::runtime_error(fmt::format("cannot create a temporary file for {}: {}", path_, std::strerror(errno)));
    }
    if (std::fwrite(part.memory.data(), 1, part.memory.size(), part.spill.get()) != part.memory.size())
        throw std::runtime_error(fmt::format("cannot write a temporary file for {}: {}", path_, std::strerror(errno)));
    part.memory.clear();
}

void OrderedOutput::finish(size_t job)
{
    std::lock_guard lock(mutex_);
    parts_.at(job)->done = true;
    while (head_ < parts_.size() && parts_[head_]->done)
        drain(*parts_[head_++]);
    // The new first job may have run ahead: what it kept so far goes out now, the rest direct.
    if (head_ < parts_.size())
        drain(*parts_[head_]);
}

void OrderedOutput::close()
{
    std::lock_guard lock(mutex_);
    if (head_ != parts_.size())
        throw std::logic_error("OrderedOutput::close before every job finished");
    std::FILE* file = file_.release();
    const bool flushed = std::fflush(file) == 0 && !std::ferror(file);
    const int error = errno;
    if (std::fclose(file) != 0 || !flushed) {
        errno = flushed ? errno : error;
        throw writeError(path_);
    }
    if (!temporary_.empty()) {
        // mkstemp makes the file private; the output gets the usual permissions.
        const mode_t mask = ::umask(0);
        ::umask(mask);
        ::chmod(temporary_.c_str(), 0666 & ~mask);
        if (std::rename(temporary_.c_str(), path_.c_str()) != 0)
            throw writeError(path_);
        temporary_.clear();
    }
}

}  // namespace tessera
