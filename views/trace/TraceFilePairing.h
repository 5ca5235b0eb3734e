#pragma once

#include <QString>

namespace tessera::views {

// Finds the node list and pod list that belong together, from one dropped or picked file or
// a folder. A file is told apart by its header, not its name: a node list has `sn` (or a
// `gpu` and `model` column), a pod list has `num_gpu` or `gpu_milli`. The partner comes from
// the same folder; among several, the Alibaba trace's own pairing is preferred
// (openb_node_list_gpu_node.csv with openb_pod_list_default.csv), then nodes.csv/pods.csv
// as `tessera-cli generate` writes them, then the first by name.
class TraceFilePairing {
public:
    enum class Kind { NodeList, PodList, Other };

    struct Result {
        QString nodesPath;
        QString podsPath;
        QString error;  // empty when both paths were found
        bool ok() const { return error.isEmpty(); }
    };

    static Kind classify(const QString& path);
    static Result pair(const QString& fileOrFolder);

private:
    static QString partnerIn(const QString& folder, Kind wanted);
};

}  // namespace tessera::views
