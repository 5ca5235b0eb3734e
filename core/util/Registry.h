#pragma once

#include <map>
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

    // A later entry under the same name replaces the earlier one.
    void add(const std::string& name, Entry entry) { entries_[name] = std::move(entry); }
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

// Registers one entry with RegistryClass::instance() when constructed; a static one registers
// at start-up.
template <typename RegistryClass>
struct Registration {
    Registration(const std::string& name, typename RegistryClass::EntryType entry)
    {
        RegistryClass::instance().add(name, std::move(entry));
    }
};

}  // namespace tessera
