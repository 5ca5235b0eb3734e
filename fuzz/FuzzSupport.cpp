#include "FuzzSupport.h"

#include <cxxabi.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <typeinfo>

namespace tessera::fuzz {

namespace {

namespace fs = std::filesystem;

fs::path scratchParent()
{
    if (const char* tmp = std::getenv("TMPDIR"); tmp && *tmp)
        return tmp;
    std::error_code error;
    if (fs::is_directory("/dev/shm", error) && access("/dev/shm", W_OK) == 0)
        return "/dev/shm";
    return "/tmp";
}

constexpr std::string_view kScratchPrefix = "tessera-fuzz-";

// The process id in a scratch directory's name, or 0 if it is not one of ours.
pid_t ownerOf(const std::string& name)
{
    if (name.rfind(kScratchPrefix, 0) != 0)
        return 0;
    pid_t pid = 0;
    const char* first = name.data() + kScratchPrefix.size();
    const auto [end, error] = std::from_chars(first, name.data() + name.size(), pid);
    return error == std::errc() && end != first && *end == '-' ? pid : 0;
}

// Scratch directories of harness processes that died without cleaning up: a sanitizer report
// or a timeout ends a process without destructors, and a fork-mode run has hundreds of those.
void removeOrphans(const fs::path& parent)
{
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(parent, error)) {
        const pid_t pid = ownerOf(entry.path().filename().string());
        if (pid > 0 && pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH)
            fs::remove_all(entry.path(), error);
    }
}

// Created on first use and named with the process id; removed by the static destructor at a
// normal exit or by finding() before it aborts, else by the next harness process to start.
class ScratchDir {
public:
    ScratchDir()
    {
        const fs::path parent = scratchParent();
        removeOrphans(parent);
        std::string pattern = (parent / (std::string(kScratchPrefix) + std::to_string(getpid()) + "-XXXXXX")).string();
        if (!mkdtemp(pattern.data())) {
            std::perror("tessera fuzz: cannot create a scratch directory");
            std::abort();
        }
        path_ = pattern;
    }
    ~ScratchDir() { remove(); }
    void remove()
    {
        std::error_code error;
        fs::remove_all(path_, error);
    }
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

ScratchDir& scratch()
{
    static ScratchDir dir;
    return dir;
}

const fs::path& scratchDir()
{
    return scratch().path();
}

std::string demangled(const char* name)
{
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> text(abi::__cxa_demangle(name, nullptr, nullptr, &status), std::free);
    return status == 0 && text ? text.get() : name;
}

}  // namespace

std::string scratchPath(std::string_view name)
{
    return (scratchDir() / name).string();
}

std::string writeScratch(std::string_view name, const uint8_t* data, size_t size)
{
    const std::string path = scratchPath(name);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
    if (!out.flush()) {
        std::fprintf(stderr, "tessera fuzz: cannot write %s\n", path.c_str());
        std::abort();
    }
    return path;
}

void finding(std::string_view what)
{
    std::fprintf(stderr, "tessera fuzz finding: %.*s\n", int(what.size()), what.data());
    std::fflush(stderr);
    scratch().remove();
    std::abort();
}

void noteRefusal(const std::exception& refusal)
{
    static const bool verbose = std::getenv("TESSERA_FUZZ_VERBOSE") != nullptr;
    if (verbose)
        std::fprintf(stderr, "refused: %s\n", refusal.what());
}

void unexpectedException(const std::exception_ptr& exception)
{
    try {
        std::rethrow_exception(exception);
    } catch (const std::exception& e) {
        finding("unexpected exception " + demangled(typeid(e).name()) + ": " + e.what());
    } catch (...) {
        finding("unexpected exception of a type not derived from std::exception");
    }
}

}  // namespace tessera::fuzz
