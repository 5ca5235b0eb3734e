#include "FuzzSupport.h"

#include <cxxabi.h>
#include <unistd.h>

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

// Created on first use, removed by the static destructor at a normal exit. A crash leaves it
// behind, named with the process id, next to the reproducer libFuzzer writes.
class ScratchDir {
public:
    ScratchDir()
    {
        std::string pattern = (scratchParent() / "tessera-fuzz-XXXXXX").string();
        if (!mkdtemp(pattern.data())) {
            std::perror("tessera fuzz: cannot create a scratch directory");
            std::abort();
        }
        path_ = pattern;
    }
    ~ScratchDir()
    {
        std::error_code error;
        fs::remove_all(path_, error);
    }
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

const fs::path& scratchDir()
{
    static ScratchDir dir;
    return dir.path();
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
