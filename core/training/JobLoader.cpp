// loadJobs: one loader for five job formats (JobFile.h). Each format maps its columns to the
// same fields; the checks on those fields (ranges, names, duplicates) are shared.
#include "training/JobFile.h"

#include "io/DecimalField.h"
#include "io/CsvReader.h"
#include "io/CsvTable.h"
#include "training/TrainingModels.h"
#include "util/PrintableText.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

// Column roles, whatever a format calls them; -1 where a format has no such column.
struct Columns {
    int id = -1;
    int name = -1;
    int arrival = -1;
    int gpus = -1;
    int iterations = -1;
    int iterationS = -1;
    int model = -1;
    int jobClass = -1;
    int batch = -1;
};

const std::vector<std::string> kTesseraRequired{"job_id", "arrival_s", "gpus", "model"};
const std::vector<std::string> kTesseraOptional{"iterations", "iteration_s", "class", "batch_size"};
const std::vector<std::string> kBloxRequired{"job_id", "num_gpus", "submit_time", "duration", "model"};
const std::vector<std::string> kBloxOptional{"batch_size"};
const std::vector<std::string> kPolluxRequired{"name", "time", "application", "num_replicas"};
const std::vector<std::string> kPolluxOptional{"batch_size"};
const std::vector<std::string> kPhillyRequired{"timestamp", "duration", "num_gpus"};
const std::vector<std::string> kPhillyOptional{"gpu_time", "cluster"};
// Gavel's .trace has no header: its seven fields named as traces.md names them.
const std::vector<std::string> kGavelFields{"job_type",    "command",      "num_steps_arg", "needs_data_dir",
                                            "total_steps", "arrival_time", "scale_factor"};

// The first line of the file, at most 64 KiB of it; empty when it cannot be read.
std::string firstLine(const std::string& path)
{
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    std::string line;
    if (!file)
        return line;
    for (int c; line.size() < 65536 && (c = std::fgetc(file.get())) != EOF && c != '\n';)
        line.push_back(char(c));
    if (!line.empty() && line.back() == '\r')
        line.pop_back();
    return line;
}

bool namesColumn(const std::string& header, const std::string& name)
{
    size_t start = 0;
    for (;;) {
        const size_t comma = header.find(',', start);
        std::string cell = header.substr(start, comma - start);
        if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"')
            cell = cell.substr(1, cell.size() - 2);
        if (cell == name)
            return true;
        if (comma == std::string::npos)
            return false;
        start = comma + 1;
    }
}

// The format by its first line; Tessera's when the line is empty or not text, so that the
// CSV reader reports the empty or binary file as it does for every loader.
std::optional<JobFormat> detectFormat(const std::string& line)
{
    if (line.empty() || line.find('\0') != std::string::npos)
        return JobFormat::Tessera;
    if (line.find('\t') != std::string::npos)
        return JobFormat::Gavel;
    if (namesColumn(line, "arrival_s"))
        return JobFormat::Tessera;
    if (namesColumn(line, "submit_time"))
        return JobFormat::Blox;
    if (namesColumn(line, "application"))
        return JobFormat::Pollux;
    if (namesColumn(line, "timestamp"))
        return JobFormat::PhillyLog;
    return std::nullopt;
}

bool printableName(const std::string& text)
{
    for (char c : text)
        if (c < 0x20 || c > 0x7e || c == ',' || c == '"')
            return false;
    return true;
}

void checkModelName(const CsvField& f, int column, const std::string& model)
{
    if (model.empty())
        f.fail(column, "empty value");
    if (model.size() > JobLimits::kMaxModelNameBytes)
        f.fail(column, fmt::format("longer than {} bytes", JobLimits::kMaxModelNameBytes));
    if (!printableName(model))
        f.fail(column, "a model name is printable ASCII without commas or quotes");
}

// Days from 1970-01-01 to a civil date (H. Hinnant's days_from_civil).
long long daysFromCivil(long long y, long long m, long long d)
{
    y -= m <= 2;
    const long long era = (y >= 0 ? y : y - 399) / 400;
    const long long yoe = y - era * 400;
    const long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

// The Philly log's "2017-10-09 07:01:55" (UTC) as seconds since 1970, for years 1970-2199.
double timestampField(const CsvField& f, int column)
{
    const std::string& t = f.text(column);
    const auto digits = [&](size_t from, size_t count) {
        long long value = 0;
        for (size_t i = from; i < from + count; ++i)
            value = value * 10 + (t[i] - '0');
        return value;
    };
    bool shape = t.size() == 19 && t[4] == '-' && t[7] == '-' && t[10] == ' ' && t[13] == ':' && t[16] == ':';
    for (size_t i = 0; shape && i < t.size(); ++i)
        if (i != 4 && i != 7 && i != 10 && i != 13 && i != 16)
            shape = t[i] >= '0' && t[i] <= '9';
    if (!shape)
        f.fail(column, "not a time of the form YYYY-MM-DD HH:MM:SS");
    const long long year = digits(0, 4), month = digits(5, 2), day = digits(8, 2);
    const long long hour = digits(11, 2), minute = digits(14, 2), second = digits(17, 2);
    static constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (year < 1970 || year > 2199 || month < 1 || month > 12 || day < 1 || day > kDays[month - 1]
        || (month == 2 && day == 29 && !leap) || hour > 23 || minute > 59 || second > 59)
        f.fail(column, "not a valid date and time (years 1970-2199)");
    return double(daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second);
}

// Gavel's job_type "ResNet-50 (batch size 64)": the model and the batch size.
std::pair<std::string, int> splitGavelJobType(const CsvField& f, int column)
{
    const std::string& text = f.text(column);
    const std::string marker = " (batch size ";
    const size_t at = text.rfind(marker);
    if (at == std::string::npos || text.back() != ')')
        return {text, 0};
    const std::string digits = text.substr(at + marker.size(), text.size() - 1 - at - marker.size());
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
        f.fail(column, "the batch size in \"(batch size N)\" is not a whole number");
    return {text.substr(0, at), std::stoi(digits)};
}

class JobRowReader {
public:
    JobRowReader(JobFormat format, const std::string& path, std::vector<std::string> header, Columns col,
                 LoadWarnings& warnings)
        : format_(format), path_(path), header_(std::move(header)), col_(col), warnings_(warnings)
    {
    }

    TrainingJob read(const CsvReader::Row& row, size_t index)
    {
        const CsvField f(path_, header_, row);
        TrainingJob job;
        job.id = col_.id >= 0 ? uint64_t(f.integer(col_.id, JobLimits::kMaxJobId)) : uint64_t(index);
        if (col_.name >= 0) {
            job.name = f.text(col_.name);
            checkModelName(f, col_.name, job.name);
        }
        // The Philly log's times are absolute; loadJobs makes them relative to the earliest.
        job.arrivalS = format_ == JobFormat::PhillyLog ? timestampField(f, col_.arrival)
                                                       : decimalField(f, col_.arrival, JobLimits::kMaxTimeS);
        job.gpus = int(f.integer(col_.gpus, JobLimits::kMaxGpus));
        if (job.gpus == 0)
            f.fail(col_.gpus, "a job needs at least 1 GPU");
        int gavelBatch = 0;
        if (format_ == JobFormat::Gavel)
            std::tie(job.model, gavelBatch) = splitGavelJobType(f, col_.model);
        else if (col_.model >= 0)
            job.model = f.text(col_.model);
        else
            job.model = kPhillyLogModel;
        if (col_.model >= 0)
            checkModelName(f, col_.model, job.model);
        if (col_.iterations >= 0 && !f.text(col_.iterations).empty()) {
            job.iterations = decimalField(f, col_.iterations, JobLimits::kMaxIterations);
            if (*job.iterations == 0)
                f.fail(col_.iterations, "a job needs work above 0");
        } else if (col_.iterations >= 0 && format_ != JobFormat::Tessera) {
            f.fail(col_.iterations, "empty value");
        }
        job.batchSize = gavelBatch;
        if (const auto batch = f.optionalInteger(col_.batch, JobLimits::kMaxBatchSize))
            job.batchSize = int(*batch);
        describeModel(f, job);
        if (format_ != JobFormat::Tessera && col_.model >= 0 && !findTrainingModel(job.model))
            warnUnknownModel(job.model, row.line);
        checkUnique(f, job, row.line);
        return job;
    }

private:
    // Class and iteration time: Tessera's columns when given, else the model table; a model
    // the table lacks gets the reference's class B and 1 s, except in Tessera's own format,
    // where the file must say (a typo must not silently become a class-B job).
    void describeModel(const CsvField& f, TrainingJob& job) const
    {
        const auto known = findTrainingModel(job.model);
        const bool hasClass = col_.jobClass >= 0 && !f.text(col_.jobClass).empty();
        const bool hasTime = col_.iterationS >= 0 && !f.text(col_.iterationS).empty();
        if (format_ == JobFormat::Tessera && !known && (!hasClass || !hasTime))
            f.fail(col_.model, "unknown model: give its class and iteration_s");
        job.jobClass = known ? known->jobClass : kUnknownModelClass;
        job.iterationS = known ? known->iterationS : 1;
        if (hasClass) {
            const auto c = parseJobClass(f.text(col_.jobClass));
            if (!c)
                f.fail(col_.jobClass, "a class is A, B, C or D");
            job.jobClass = *c;
        }
        if (hasTime) {
            job.iterationS = decimalField(f, col_.iterationS, JobLimits::kMaxIterationS);
            if (job.iterationS == 0)
                f.fail(col_.iterationS, "an iteration takes more than 0 s");
        }
    }

    // Once per name, at its first line: a typo ("vgg16" for "vgg19") would otherwise change the
    // job's class and iteration time without a word. (Tessera's format refuses such a row unless
    // it gives both, so there the file has said what it means.)
    void warnUnknownModel(const std::string& model, long line)
    {
        if (!unknownModels_.insert(model).second)
            return;
        warnings_.lines.push_back(fmt::format(
            "{}:{}: column {}: unknown model \"{}\": its jobs get class {} and {} s per iteration (the "
            "reference's default; docs/cli.md lists the known models)",
            printableExcerpt(path_, 400), line, csvColumnName(header_, size_t(col_.model)), printableExcerpt(model),
            jobClassLetter(kUnknownModelClass), 1));
    }

    void checkUnique(const CsvField& f, const TrainingJob& job, long line)
    {
        if (col_.id >= 0) {
            const auto [at, added] = lineOfId_.emplace(job.id, line);
            if (!added)
                f.fail(col_.id, fmt::format("duplicate job_id: already at line {}", at->second));
        }
        if (col_.name >= 0) {
            const auto [at, added] = lineOfName_.emplace(job.name, line);
            if (!added)
                f.fail(col_.name, fmt::format("duplicate job name: already at line {}", at->second));
        }
    }

    JobFormat format_;
    const std::string& path_;
    std::vector<std::string> header_;
    Columns col_;
    LoadWarnings& warnings_;
    std::map<uint64_t, long> lineOfId_;
    std::map<std::string, long> lineOfName_;
    std::set<std::string> unknownModels_;
};

Columns columnsOf(JobFormat format, const CsvReader& reader)
{
    Columns c;
    switch (format) {
    case JobFormat::Tessera:
        c = {reader.column("job_id"), -1, reader.column("arrival_s"), reader.column("gpus"),
             reader.column("iterations"), reader.column("iteration_s"), reader.column("model"),
             reader.column("class"), reader.column("batch_size")};
        break;
    case JobFormat::Blox:
        c = {reader.column("job_id"), -1, reader.column("submit_time"), reader.column("num_gpus"),
             reader.column("duration"), -1, reader.column("model"), -1, reader.column("batch_size")};
        break;
    case JobFormat::Pollux:
        c = {-1, reader.column("name"), reader.column("time"), reader.column("num_replicas"), -1, -1,
             reader.column("application"), -1, reader.column("batch_size")};
        break;
    case JobFormat::PhillyLog:
        c = {-1, -1, reader.column("timestamp"), reader.column("num_gpus"), reader.column("duration"), -1, -1, -1, -1};
        break;
    case JobFormat::Gavel:
        c = {-1, -1, 5, 6, 4, -1, 0, -1, -1};
        break;
    }
    return c;
}

CsvReader::Options optionsFor(JobFormat format)
{
    CsvReader::Options options;
    switch (format) {
    case JobFormat::Tessera:
        options.requiredColumns = kTesseraRequired;
        options.optionalColumns = kTesseraOptional;
        break;
    case JobFormat::Blox:
        options.requiredColumns = kBloxRequired;
        options.optionalColumns = kBloxOptional;
        break;
    case JobFormat::Pollux:
        options.requiredColumns = kPolluxRequired;
        options.optionalColumns = kPolluxOptional;
        break;
    case JobFormat::PhillyLog:
        options.requiredColumns = kPhillyRequired;
        options.optionalColumns = kPhillyOptional;
        break;
    case JobFormat::Gavel:
        options.delimiter = '\t';
        options.hasHeader = false;
        options.expectedFields = kGavelFields.size();
        break;
    }
    return options;
}

// The Philly log's absolute times as seconds after its earliest; a span beyond the limit is an
// error at the latest job's line.
void relativeArrivals(const std::string& path, std::vector<TrainingJob>& jobs, const std::vector<long>& lines)
{
    double earliest = jobs.front().arrivalS;
    for (const TrainingJob& job : jobs)
        earliest = std::min(earliest, job.arrivalS);
    for (size_t i = 0; i < jobs.size(); ++i) {
        jobs[i].arrivalS -= earliest;
        if (jobs[i].arrivalS > JobLimits::kMaxTimeS)
            throw InputError(path, lines[i], "timestamp",
                             fmt::format("more than {} s after the earliest job", JobLimits::kMaxTimeS));
    }
}

}  // namespace

const char* jobFormatName(JobFormat format)
{
    switch (format) {
    case JobFormat::Tessera:
        return "tessera";
    case JobFormat::Blox:
        return "pal-sia-philly";
    case JobFormat::Pollux:
        return "pollux";
    case JobFormat::PhillyLog:
        return "philly-log";
    case JobFormat::Gavel:
        return "gavel";
    }
    return "?";
}

std::optional<JobFormat> jobFormatOf(const std::string& path)
{
    const std::string line = firstLine(path);
    if (line.empty() || line.find('\0') != std::string::npos)
        return std::nullopt;
    return detectFormat(line);
}

JobTrace loadJobs(const std::string& path, LoadWarnings& warnings)
{
    const auto format = detectFormat(firstLine(path));
    if (!format)
        throw InputError(path, 1, "", "not a job file: its header names none of arrival_s (Tessera), submit_time "
                                      "(pal-sia-philly), application (Pollux), timestamp (the Philly "
                                      "log), and it is not a tab-separated Gavel trace");
    JobTrace trace;
    trace.name = std::filesystem::path(path).stem().string();
    trace.path = path;
    trace.format = *format;
    CsvReader reader(path, optionsFor(*format), warnings);
    const std::vector<std::string>& header = *format == JobFormat::Gavel ? kGavelFields : reader.header();
    const Columns columns = columnsOf(*format, reader);
    trace.widthColumn = csvColumnName(header, size_t(columns.gpus));
    // Pollux gives no work: its application's profile would set it.
    trace.workColumn = csvColumnName(header, size_t(columns.iterations >= 0 ? columns.iterations : columns.model));
    trace.modelColumn = columns.model >= 0 ? csvColumnName(header, size_t(columns.model)) : std::string();
    JobRowReader rows(*format, path, header, columns, warnings);
    for (CsvReader::Row row; reader.next(row);) {
        trace.jobs.push_back(rows.read(row, trace.jobs.size()));
        trace.lines.push_back(row.line);
    }
    warnings.contentHashes[path] = reader.contentHash();
    if (trace.jobs.empty())
        throw InputError::fileLevel(path, "no jobs: a job file needs at least one row");
    if (*format == JobFormat::PhillyLog)
        relativeArrivals(path, trace.jobs, trace.lines);
    if (*format == JobFormat::Gavel)
        warnings.lines.push_back(fmt::format(
            "{}: a Gavel trace gives iterations (total_steps) but no iteration times: every job runs at 1 s per "
            "iteration, so its times are iteration counts rather than real durations (docs/cli.md)",
            printableExcerpt(path, 400)));
    return trace;
}

void failJob(const JobTrace& trace, size_t index, const std::string& column, const std::string& problem,
             const std::optional<std::string>& value)
{
    if (!trace.path.empty() && index < trace.lines.size())
        throw InputError(trace.path, trace.lines[index], column, problem, value.value_or(std::string()),
                         value.has_value());
    const TrainingJob& job = trace.jobs.at(index);
    throw std::invalid_argument(fmt::format("job {} of {}: {}{}", job.id, trace.name, problem,
                                            value ? fmt::format(" (value \"{}\")", printableExcerpt(*value)) : ""));
}

JobTrace loadJobs(const std::string& path)
{
    LoadWarnings warnings;
    return loadJobs(path, warnings);
}

}  // namespace tessera
