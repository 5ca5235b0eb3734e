#pragma once

#include "util/Progress.h"

#include <QObject>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>

namespace tessera::views {

// One job at a time on a worker thread, with progress and cancel, for the controllers that
// load traces, simulate and read studies. The work runs off the GUI thread and hands back a
// delivery that runs on the GUI thread, so results reach QObjects only there.
//
// Cancelling or starting a new job drops the old job's result at once, so the UI never waits
// for work that cannot be interrupted; the old job still finishes (or throws CancelledError
// from its progress callback) before the next one starts.
class BackgroundTask : public QObject {
    Q_OBJECT

public:
    using Delivery = std::function<void()>;
    using Work = std::function<Delivery(const ProgressCallback& progress)>;

    explicit BackgroundTask(QObject* parent = nullptr);
    // Cancels and waits for the worker, so no work outlives what it captured.
    ~BackgroundTask() override;

    void start(Work work);
    void cancel();
    bool busy() const { return busy_; }
    double progress() const { return progress_; }

signals:
    void busyChanged();
    void progressChanged();
    // The work threw: the text of the exception (an InputError's FILE:LINE: ... line).
    void failed(const QString& message);
    void cancelled();

private:
    void finish(quint64 generation, const Delivery& delivery, const QString& error, bool wasCancelled);
    void setBusy(bool busy);
    void setProgress(double progress);
    ProgressCallback progressReporter(quint64 generation, std::shared_ptr<std::atomic<bool>> cancelFlag);

    QThreadPool pool_;
    quint64 generation_ = 0;
    std::shared_ptr<std::atomic<bool>> cancelFlag_;
    bool busy_ = false;
    double progress_ = 0;
};

}  // namespace tessera::views
