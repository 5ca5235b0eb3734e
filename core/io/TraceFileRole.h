#pragma once

#include <optional>
#include <string>

namespace tessera {

// Which list of the Alibaba trace format (traces.md section 1) a file is, by its header, not its
// name: a node list names `sn` (or a `gpu` and a `model` column), a pod list `num_gpu` or
// `gpu_milli`. The app pairs a list with its partner by it, and the pod kind recognises its
// inputs by it (RunKind::recognise).
enum class TraceFileRole { NodeList, PodList };

// Nothing when the file cannot be read or is neither list.
std::optional<TraceFileRole> traceFileRoleOf(const std::string& path);

}  // namespace tessera
