#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace tessera::views {

// Runs work on the global thread pool and hands its result to `onResult` on the owner's (GUI)
// thread, but only for the latest start(): starting again asks the previous work to stop (its
// `cancelled` flag turns true) and drops whatever it still returns. A work that gives up
// returns std::nullopt. The owner may be destroyed while work runs: the result is then dropped.
template <typename T>
class LatestResult {
public:
    using Work = std::function<std::optional<T>(const std::atomic<bool>& cancelled)>;

    LatestResult(QObject* owner, std::function<void(T)> onResult)
        : watcher_(new QFutureWatcher<T>(owner)), onResult_(std::move(onResult))
    {
        QObject::connect(watcher_, &QFutureWatcherBase::finished, watcher_, [this] {
            if (watcher_->future().resultCount() > 0)
                onResult_(watcher_->future().takeResult());
            emitBusy(false);
        });
    }
    ~LatestResult() { cancel(); }
    LatestResult(const LatestResult&) = delete;
    LatestResult& operator=(const LatestResult&) = delete;

    void start(Work work)
    {
        cancel();
        cancelled_ = std::make_shared<std::atomic<bool>>(false);
        auto promise = std::make_shared<QPromise<T>>();
        watcher_->setFuture(promise->future());
        emitBusy(true);
        QThreadPool::globalInstance()->start([promise, work = std::move(work), cancelled = cancelled_] {
            promise->start();
            if (!cancelled->load()) {
                std::optional<T> result = work(*cancelled);
                if (result && !cancelled->load())
                    promise->addResult(std::move(*result));
            }
            promise->finish();
        });
    }

    void cancel()
    {
        if (cancelled_)
            cancelled_->store(true);
    }

    bool busy() const { return busy_; }
    // Called with the new busy state when it changes, on the owner's thread.
    void onBusyChanged(std::function<void(bool)> f) { busyChanged_ = std::move(f); }

private:
    void emitBusy(bool busy)
    {
        if (busy == busy_)
            return;
        busy_ = busy;
        if (busyChanged_)
            busyChanged_(busy);
    }

    QFutureWatcher<T>* watcher_;  // owned by the owner QObject
    std::function<void(T)> onResult_;
    std::function<void(bool)> busyChanged_;
    std::shared_ptr<std::atomic<bool>> cancelled_;
    bool busy_ = false;
};

}  // namespace tessera::views
