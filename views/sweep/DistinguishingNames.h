#pragma once

#include <QStringList>

namespace tessera::views {

// What tells names of one family apart: "openb_pod_list_default.csv" and
// "openb_pod_list_gpushare40.csv" become "default" and "gpushare40". The prefix and suffix all
// the names share are dropped, cut at a separator (_ - . space) so that no word is split
// ("gpushare40" and "gpuspec20" keep "gpus"). A list of fewer than two different names, or one
// where a name would be left empty, comes back as it is.
QStringList distinguishingNames(const QStringList& names);

}  // namespace tessera::views
