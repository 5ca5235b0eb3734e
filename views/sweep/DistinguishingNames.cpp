#include "DistinguishingNames.h"

#include <algorithm>

namespace tessera::views {

namespace {

bool isSeparator(QChar c) { return c == u'_' || c == u'-' || c == u'.' || c == u' '; }

}  // namespace

QStringList distinguishingNames(const QStringList& names)
{
    if (names.size() < 2 || names.count(names.front()) == names.size())
        return names;
    qsizetype shortest = names.front().size();
    for (const QString& name : names)
        shortest = std::min(shortest, name.size());
    // The common suffix first (".csv", "_pods.csv"), on from its first separator; then the
    // common prefix of what is left, back to just after its last separator.
    qsizetype suffix = 0;
    const auto fromEnd = [](const QString& n, qsizetype i) { return n[n.size() - 1 - i]; };
    while (suffix < shortest && std::all_of(names.begin(), names.end(), [&](const QString& n) {
               return fromEnd(n, suffix) == fromEnd(names.front(), suffix);
           }))
        ++suffix;
    while (suffix > 0 && !isSeparator(fromEnd(names.front(), suffix - 1)))
        --suffix;
    qsizetype prefix = 0;
    while (prefix < shortest - suffix && std::all_of(names.begin(), names.end(), [&](const QString& n) {
               return n[prefix] == names.front()[prefix];
           }))
        ++prefix;
    while (prefix > 0 && !isSeparator(names.front()[prefix - 1]))
        --prefix;
    QStringList parts;
    for (const QString& name : names) {
        const QString part = name.mid(prefix, name.size() - prefix - suffix);
        if (part.isEmpty())
            return names;
        parts << part;
    }
    return parts;
}

}  // namespace tessera::views
