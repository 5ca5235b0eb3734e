#include "store/RunRecipeArchive.h"

#include "io/ContentHash.h"
#include "run/RunKindRegistry.h"
#include "store/RunTableRows.h"
#include "store/StoredRow.h"

#include <fmt/format.h>

#include <algorithm>

namespace tessera {

namespace {

using sqlite::Statement;

// Forks a recipe may chain; more is a damaged study, not a what-if tree.
constexpr int64_t kMaxSteps = 10'000;
constexpr int64_t kMaxFiles = 100'000;
constexpr int64_t kMaxForkPosition = int64_t(1) << 40;

// What run_inputs holds for a source: the file's hash, or for a folder a hash of the names and
// hashes of the files read from it.
std::string sourceHash(const RunRecipe& recipe, const std::string& role, const std::string& path)
{
    std::vector<const InputFile*> files;
    for (const auto& file : recipe.files)
        if (file.role == role)
            files.push_back(&file);
    if (files.size() == 1 && files.front()->path == path)
        return files.front()->contentHash;
    ContentHash hash;
    for (const InputFile* file : files) {
        hash.add(file->path);
        hash.add(std::string_view("\0", 1));
        hash.add(file->contentHash);
        hash.add("\n");
    }
    return hash.hex();
}

// The checks of one stored input row, against the kind's roles.
struct InputRow {
    const StoredRow& row;
    const RunKind& kind;

    std::string role(int column) const
    {
        const std::string role = row.text(column, "role");
        const auto inputs = kind.inputs();
        if (std::none_of(inputs.begin(), inputs.end(), [&](const RunKindInput& in) { return in.role == role; }))
            row.fail("role", fmt::format("not an input of a {} run", kind.id()), role);
        return role;
    }
    std::string path(int column) const
    {
        std::string path = row.text(column, "path");
        if (path.empty())
            row.fail("path", "missing: an input without a path");
        return path;
    }
    std::string hash(int column) const
    {
        std::string hash = row.text(column, "content_hash");
        const bool hex = hash.size() == 64
                         && std::all_of(hash.begin(), hash.end(), [](char c) {
                                return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
                            });
        if (!hex)
            row.fail("content_hash", "not a SHA-256 (64 lowercase hex digits)", hash);
        return hash;
    }
};

void readSources(StudyStore& store, int64_t id, const RunKind& kind, RunRecipe& recipe)
{
    forEachRunRow(store, id, {"run_inputs", "role, path, content_hash", 1, "role"}, [&](const StoredRow& row) {
        const InputRow input{row, kind};
        const std::string role = input.role(0);
        recipe.sources[role] = input.path(1);
        input.hash(2);
    });
}

void readFiles(StudyStore& store, int64_t id, const RunKind& kind, RunRecipe& recipe)
{
    const RunTableQuery query{"run_input_files", "position, role, path, content_hash", 1, "position"};
    forEachRunRow(store, id, query, [&](const StoredRow& row) {
        if (row.integer(0, "position", 0, kMaxFiles) != int64_t(recipe.files.size()))
            row.fail("position", fmt::format("file {} is missing", recipe.files.size()));
        const InputRow input{row, kind};
        std::string role = input.role(1);
        std::string path = input.path(2);
        recipe.files.push_back({std::move(role), std::move(path), input.hash(3)});
        if (recipe.sources.find(recipe.files.back().role) == recipe.sources.end())
            row.fail("role", "an input file of a role with no source in run_inputs", recipe.files.back().role);
    });
}

// Steps in order; each request's policy checked by the kind. Returns the number of steps.
size_t readSteps(StudyStore& store, int64_t id, const RunKind& kind, RunRecipe& recipe)
{
    size_t steps = 0;
    forEachRunRow(store, id, {"run_request_steps", "step, fork_position, policy", 1, "step"}, [&](const StoredRow& row) {
        if (row.integer(0, "step", 0, kMaxSteps) != int64_t(steps))
            row.fail("step", fmt::format("step {} is missing", steps));
        const int64_t position = steps == 0 ? row.integer(1, "fork_position", -1, -1)
                                            : row.integer(1, "fork_position", 0, kMaxForkPosition);
        std::string policy = row.text(2, "policy");
        if (auto problem = kind.policyProblem(policy))
            row.fail("policy", *problem, policy);
        if (steps == 0)
            recipe.request.policy = std::move(policy);
        else
            recipe.forks.push_back({size_t(position), RunRequest{std::move(policy), {}}});
        ++steps;
    });
    return steps;
}

void readValues(StudyStore& store, int64_t id, const RunKind& kind, size_t steps, RunRecipe& recipe)
{
    forEachRunRow(store, id, {"run_request_values", "step, name, value", 2, "step, name"}, [&](const StoredRow& row) {
        const auto step = size_t(row.integer(0, "step", 0, int64_t(steps) - 1));
        const std::string name = row.text(1, "name");
        const std::string value = row.text(2, "value");
        const auto parameter = kind.parameter(name);
        if (!parameter)
            row.fail("name", fmt::format("not a parameter of a {} run", kind.id()), name);
        if (step > 0 && !parameter->forkable)
            row.fail("name", fmt::format("{} cannot change at a fork", parameter->label), name);
        if (auto problem = parameter->problemWith(value))
            row.fail("value", *problem, value);
        RunRequest& request = step == 0 ? recipe.request : recipe.forks[step - 1].request;
        request.values[name] = value;
    });
}

}  // namespace

void RunRecipeArchive::save(StudyStore& store, int64_t id, const RunRecipe& recipe)
{
    store.guarded([&] {
        sqlite::Database& db = store.database();
        sqlite::Transaction transaction(db);
        Statement source(db, "INSERT OR IGNORE INTO run_inputs (run_id, role, path, content_hash) VALUES (?, ?, ?, ?)");
        for (const auto& [role, path] : recipe.sources)
            source.bindAll(id, role, path, sourceHash(recipe, role, path)).run();
        Statement file(db, "INSERT INTO run_input_files (run_id, position, role, path, content_hash) "
                           "VALUES (?, ?, ?, ?, ?)");
        for (size_t i = 0; i < recipe.files.size(); ++i)
            file.bindAll(id, i, recipe.files[i].role, recipe.files[i].path, recipe.files[i].contentHash).run();
        Statement step(db, "INSERT INTO run_request_steps (run_id, step, fork_position, policy) VALUES (?, ?, ?, ?)");
        Statement value(db, "INSERT INTO run_request_values (run_id, step, name, value) VALUES (?, ?, ?, ?)");
        const auto write = [&](size_t at, int64_t position, const RunRequest& request) {
            step.bindAll(id, at, position, request.policy).run();
            for (const auto& [name, text] : request.values)
                value.bindAll(id, at, name, text).run();
        };
        write(0, -1, recipe.request);
        for (size_t i = 0; i < recipe.forks.size(); ++i)
            write(i + 1, int64_t(recipe.forks[i].position), recipe.forks[i].request);
        transaction.commit();
    });
}

std::optional<RunRecipe> RunRecipeArchive::load(StudyStore& store, int64_t id)
{
    if (store.version() < 3)  // an older study, read as it is, has no recipe tables
        return std::nullopt;
    const auto record = store.findRun(id);
    if (!record)
        return std::nullopt;
    const auto* kind = RunKindRegistry::instance().find(record->kind);
    if (!kind || !*kind)
        return std::nullopt;
    return store.guarded([&]() -> std::optional<RunRecipe> {
        sqlite::Transaction snapshot(store.database(), sqlite::Transaction::Kind::Read);
        RunRecipe recipe;
        recipe.kind = record->kind;
        const size_t steps = readSteps(store, id, **kind, recipe);
        if (steps == 0) {
            snapshot.commit();
            return std::nullopt;  // saved without a recipe
        }
        readValues(store, id, **kind, steps, recipe);
        readSources(store, id, **kind, recipe);
        readFiles(store, id, **kind, recipe);
        snapshot.commit();
        return recipe;
    });
}

}  // namespace tessera
