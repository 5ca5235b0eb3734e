#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tessera {

// Name -> Entry, filled before main() by static Registration objects in the files that define
// the entries, so the code that looks entries up never names them and a new entry is one new
// file. A registry class derives from Registry<Entry> and adds its singleton `instance()`.
template <typename Entry>
class Registry {
public:
    using EntryType = Entry;

    // A later entry under the same name replaces the earlier one, which is returned.
    std::optional<Entry> add(const std::string& name, Entry entry)
    {
        std::optional<Entry> previous = take(name);
        entries_.emplace(name, std::move(entry));
        return previous;
    }
    // Removes the entry under `name` and returns it, if there was one.
    std::optional<Entry> take(const std::string& name)
    {
        auto node = entries_.extract(name);
        if (node.empty())
            return std::nullopt;
        return std::move(node.mapped());
    }
    // nullptr for a name nobody registered.
    const Entry* find(const std::string& name) const
    {
        const auto it = entries_.find(name);
        return it == entries_.end() ? nullptr : &it->second;
    }
    bool contains(const std::string& name) const { return entries_.count(name) > 0; }
    // Every registered name, sorted.
    std::vector<std::string> names() const
    {
        std::vector<std::string> out;
        for (const auto& [name, entry] : entries_)
            out.push_back(name);
        return out;
    }

private:
    std::map<std::string, Entry> entries_;
};

// Registers one entry with RegistryClass::instance() for its lifetime: a static one from
// start-up to exit, a local one (a test's stand-in) only until its scope ends, when the entry
// it replaced, if any, comes back. So no entry outlives what it refers to.
template <typename RegistryClass>
class Registration {
public:
    Registration(const std::string& name, typename RegistryClass::EntryType entry)
        : name_(name), replaced_(RegistryClass::instance().add(name, std::move(entry)))
    {
    }
    ~Registration()
    {
        RegistryClass::instance().take(name_);
        if (replaced_)
            RegistryClass::instance().add(name_, std::move(*replaced_));
    }
    Registration(const Registration&) = delete;
    Registration& operator=(const Registration&) = delete;

private:
    std::string name_;
    std::optional<typename RegistryClass::EntryType> replaced_;
};

}  // namespace tessera
