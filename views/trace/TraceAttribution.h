#pragma once

#include <QString>

namespace tessera::views {

// The licence and attribution of the data set a trace comes from (traces.md), shown beside
// every loaded trace: the bundled default is synthetic and free to share, the Alibaba trace
// is for research and study use with a citation, anything else is the user's to check.
class TraceAttribution {
public:
    static QString forTrace(const QString& nodesPath, const QString& podsPath, const QString& bundledFolder);

    static QString bundledDefault();
    static QString alibabaGpu2023();
    static QString unknown();
};

}  // namespace tessera::views
