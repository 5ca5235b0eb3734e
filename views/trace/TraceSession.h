#pragma once

#include "run/PodTrace.h"
#include "tasks/BackgroundTask.h"
#include "trace/RecentTraces.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace tessera::views {

// The trace the app works on: loads a node list and a pod list on a worker thread, with
// progress and cancel, and keeps the last good trace when a load fails or is cancelled.
class TraceSession : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString nodesPath READ nodesPath NOTIFY traceChanged)
    Q_PROPERTY(QString podsPath READ podsPath NOTIFY traceChanged)
    Q_PROPERTY(bool loaded READ loaded NOTIFY traceChanged)
    Q_PROPERTY(QString summary READ summary NOTIFY traceChanged)
    Q_PROPERTY(QString attribution READ attribution NOTIFY traceChanged)
    // Lines the last load accepted with a warning (an interrupted final line), or empty.
    Q_PROPERTY(QString warnings READ warnings NOTIFY traceChanged)
    Q_PROPERTY(bool loading READ loading NOTIFY loadingChanged)
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
    // The last load's error, `FILE:LINE: column NAME: problem (value "...")`, or empty.
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    Q_PROPERTY(QStringList recentFiles READ recentFiles NOTIFY recentChanged)
    // The same, as {nodes, pods, title} pairs.
    Q_PROPERTY(QVariantList recentTraces READ recentTraces NOTIFY recentChanged)
    // A user's GPU models (name,idle_watts,full_watts[,power_of]) added to the built-in registry
    // for every load, as `tessera-cli simulate --gpu-models`; empty for the built-in ones only.
    // Remembered between sessions.
    Q_PROPERTY(QString gpuModelsPath READ gpuModelsPath WRITE setGpuModelsPath NOTIFY gpuModelsPathChanged)
    // The folder of the bundled default trace (nodes.csv, pods.csv).
    Q_PROPERTY(QString defaultFolder READ defaultFolder WRITE setDefaultFolder NOTIFY defaultFolderChanged)

public:
    explicit TraceSession(QObject* parent = nullptr);

    std::shared_ptr<const PodTrace> trace() const { return trace_; }

    QString nodesPath() const;
    QString podsPath() const;
    bool loaded() const { return trace_ != nullptr; }
    QString summary() const { return summary_; }
    QString attribution() const { return attribution_; }
    QString warnings() const { return warnings_; }
    bool loading() const { return task_.busy(); }
    double progress() const { return task_.progress(); }
    QString error() const { return error_; }
    QStringList recentFiles() const { return recent_.podPaths(); }
    QVariantList recentTraces() const { return recent_.toVariantList(); }
    QString defaultFolder() const { return defaultFolder_; }
    void setDefaultFolder(const QString& folder);
    QString gpuModelsPath() const { return gpuModelsPath_; }
    // Takes a path or a file:// URL; a loaded trace is loaded again with the new models.
    void setGpuModelsPath(const QString& urlOrPath);

    // Paths or file:// URLs. A load in progress is cancelled.
    Q_INVOKABLE void load(const QString& nodes, const QString& pods);
    // One file (either list) or a folder: its partner is found by TraceFilePairing.
    Q_INVOKABLE void loadAny(const QString& urlOrPath);
    Q_INVOKABLE void loadDefault();
    Q_INVOKABLE void openRecent(int index);
    Q_INVOKABLE void cancel();
    // localPath() for QML, whose dialogs hand out file:// URLs.
    Q_INVOKABLE QString pathOf(const QString& urlOrPath) const { return localPath(urlOrPath); }

    // A path from a QML url string or a plain path.
    static QString localPath(const QString& urlOrPath);
    // "1,213 nodes · 6,212 GPUs · 8,152 pods"
    static QString summarize(const PodTrace& trace);

signals:
    void traceChanged();
    void loadingChanged();
    void progressChanged();
    void errorChanged();
    void recentChanged();
    void defaultFolderChanged();
    void gpuModelsPathChanged();
    // A load finished and its trace is now current.
    void traceLoaded();
    void loadFailed(const QString& error);

private:
    void setError(const QString& error);
    void adopt(std::shared_ptr<const PodTrace> trace, const QStringList& warnings);

    BackgroundTask task_;
    std::shared_ptr<const PodTrace> trace_;
    QString summary_;
    QString attribution_;
    QString warnings_;
    QString error_;
    QString defaultFolder_;
    QString gpuModelsPath_;
    RecentTraces recent_;
};

}  // namespace tessera::views
