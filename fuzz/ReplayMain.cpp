// The main() of a harness in a build without libFuzzer: runs LLVMFuzzerTestOneInput once on
// every file named on the command line and every regular file inside the named directories
// (sorted, so every run replays in the same order). ctest runs it over the committed corpus as
// fuzz_replay_<target>. A finding aborts; a path that holds no input at all is an error, so an
// empty or misnamed corpus cannot pass as green.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

namespace fs = std::filesystem;

bool readAll(const fs::path& path, std::vector<uint8_t>& bytes)
{
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return in.good() || in.eof();
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE|DIR...\n  runs the harness once on every input\n", argv[0]);
        return 2;
    }
    size_t replayed = 0;
    for (int i = 1; i < argc; ++i) {
        std::vector<fs::path> inputs;
        std::error_code error;
        if (fs::is_directory(argv[i], error)) {
            for (const auto& entry : fs::recursive_directory_iterator(argv[i], error))
                if (entry.is_regular_file())
                    inputs.push_back(entry.path());
            std::sort(inputs.begin(), inputs.end());
        } else if (fs::is_regular_file(argv[i], error)) {
            inputs.emplace_back(argv[i]);
        }
        if (inputs.empty()) {
            std::fprintf(stderr, "%s: no input to replay\n", argv[i]);
            return 1;
        }
        for (const auto& input : inputs) {
            std::fprintf(stderr, "replaying %s\n", input.c_str());
            std::vector<uint8_t> bytes;
            if (!readAll(input, bytes)) {
                std::fprintf(stderr, "%s: cannot read\n", input.c_str());
                return 1;
            }
            LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
            ++replayed;
        }
    }
    std::fprintf(stderr, "replayed %zu inputs\n", replayed);
    return 0;
}
