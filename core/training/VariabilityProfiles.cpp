#include "training/VariabilityProfiles.h"

#include "io/DecimalField.h"
#include "io/CsvReader.h"
#include "io/CsvTable.h"
#include "training/Median.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>

namespace tessera {

namespace {

constexpr double kMaxPerf = 1e15;

// A reader for the one JSON shape profiles.json has: an object of string values. Anything
// else is an input error at its line; escapes other than \" \\ \/ are refused.
class FlatJsonObject {
public:
    FlatJsonObject(std::string path, std::string text) : path_(std::move(path)), text_(std::move(text)) {}

    std::vector<std::pair<std::string, std::string>> parse()
    {
        std::vector<std::pair<std::string, std::string>> entries;
        expect('{', "a JSON object");
        skipSpace();
        if (peek() == '}') {
            ++at_;
        } else {
            for (;;) {
                std::string key = string();
                expect(':', "':' after a key");
                std::string value = string();
                entries.emplace_back(std::move(key), std::move(value));
                skipSpace();
                if (peek() == ',') {
                    ++at_;
                    continue;
                }
                expect('}', "',' or '}'");
                break;
            }
        }
        skipSpace();
        if (at_ != text_.size())
            fail("text after the JSON object");
        return entries;
    }

    long line() const { return 1 + long(std::count(text_.begin(), text_.begin() + long(at_), '\n')); }
    [[noreturn]] void fail(const std::string& problem) const { throw InputError(path_, line(), "", problem); }

private:
    char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
    void skipSpace()
    {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t'))
            ++at_;
    }
    void expect(char c, const char* what)
    {
        skipSpace();
        if (peek() != c)
            fail(fmt::format("expected {}", what));
        ++at_;
    }
    std::string string()
    {
        expect('"', "a string in double quotes");
        std::string out;
        for (;;) {
            if (at_ >= text_.size())
                fail("an unterminated string");
            const char c = text_[at_++];
            if (c == '"')
                return out;
            if (static_cast<unsigned char>(c) < 0x20)
                fail("a control character in a string");
            if (c == '\\') {
                const char e = peek();
                if (e != '"' && e != '\\' && e != '/')
                    fail("an unsupported escape in a string");
                ++at_;
                out.push_back(e);
            } else {
                out.push_back(c);
            }
        }
    }

    std::string path_;
    std::string text_;
    size_t at_ = 0;
};

}  // namespace

ClassProfile loadClassProfile(const std::string& path)
{
    LoadWarnings warnings;
    return loadClassProfile(path, warnings);
}

ClassProfile loadClassProfile(const std::string& path, LoadWarnings& warnings)
{
    CsvReader reader(path, CsvReader::Options{}, warnings);
    const int perf = reader.column("perf");
    const int uuid = reader.column("uuid");
    if (perf < 0)
        throw InputError(path, 1, "perf", "missing column: a variability profile needs perf");
    ClassProfile profile;
    profile.path = path;
    std::vector<double> perfs;
    for (CsvReader::Row row; reader.next(row);) {
        const CsvField f(reader, row);
        const double value = decimalField(f, perf, kMaxPerf);
        if (value == 0)
            f.fail(perf, "a run time must be above 0");
        perfs.push_back(value);
        if (uuid >= 0)
            profile.uuids.push_back(f.text(uuid));
    }
    if (perfs.empty())
        throw InputError::fileLevel(path, "no rows: a variability profile needs at least one measurement");
    const double m = medianOf(perfs);
    profile.samples.reserve(perfs.size());
    for (double value : perfs)
        profile.samples.push_back(value / m);
    return profile;
}

VariabilityProfiles loadVariabilityProfiles(const std::string& dir)
{
    LoadWarnings warnings;
    return loadVariabilityProfiles(dir, warnings);
}

VariabilityProfiles loadVariabilityProfiles(const std::string& dir, LoadWarnings& warnings)
{
    // The folder itself first: a missing folder is what the user named, not its profiles.json.
    std::error_code error;
    if (!std::filesystem::is_directory(dir, error))
        throw InputError::fileLevel(dir, std::filesystem::exists(dir, error)
                                             ? "not a folder (the variability input is the folder holding profiles.json)"
                                             : "no such folder");
    const std::string jsonPath = (std::filesystem::path(dir) / "profiles.json").string();
    // A folder without the map is some other folder (a trace's, say): said as such, not as an
    // unreadable file the user never named.
    if (!std::filesystem::exists(jsonPath, error))
        throw InputError::fileLevel(dir, "not a variability folder: no profiles.json");
    std::ifstream in(jsonPath, std::ios::binary);
    if (!in)
        throw InputError::fileLevel(jsonPath, "cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    if (text.str().size() > (1u << 20))
        throw InputError::fileLevel(jsonPath, "larger than 1 MiB: not a profile map");
    FlatJsonObject json(jsonPath, text.str());
    const auto entries = json.parse();

    std::array<std::string, kJobClassCount> files;
    for (const auto& [key, value] : entries) {
        const auto c = key.size() == 6 ? parseJobClass(key) : std::nullopt;
        if (!c)
            throw InputError::fileLevel(jsonPath, fmt::format("unknown class \"{}\" (classA..classD)", key));
        if (!files[size_t(*c)].empty())
            throw InputError::fileLevel(jsonPath, fmt::format("class {} is named twice", key));
        const std::string name = std::filesystem::path(value).filename().string();
        if (name.empty() || name == "." || name == "..")
            throw InputError::fileLevel(jsonPath, fmt::format("class {}: \"{}\" names no file", key, value));
        files[size_t(*c)] = name;
    }
    VariabilityProfiles profiles;
    std::map<std::string, ClassProfile> loaded;  // classes B and C share one file: read it once
    for (JobClass c : kJobClasses) {
        const std::string& name = files[size_t(c)];
        if (name.empty())
            throw InputError::fileLevel(jsonPath, fmt::format("class{} is missing", jobClassLetter(c)));
        auto found = loaded.find(name);
        if (found == loaded.end())
            found = loaded.emplace(name, loadClassProfile((std::filesystem::path(dir) / name).string(), warnings)).first;
        profiles.classes[size_t(c)] = found->second;
    }
    return profiles;
}

}  // namespace tessera
