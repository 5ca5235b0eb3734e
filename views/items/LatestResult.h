#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QString>
#include <QThreadPool>

#include "util/Progress.h"

#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <optional>

namespace tessera::views {

// Runs work on the global thread pool and hands its result to `onResult` on the owner's (GUI)
// thread, but only for the latest start(): starting again asks the previous work to stop (its
// `cancelled` flag turns true) and drops whatever it still returns. A work that gives up
// returns std::nullopt (or throws CancelledError). The owner may be destroyed while work runs:
// the result is then dropped.
//
// The work is often a run kind's code (explain, group values): whatever it throws reaches
// `onError` as a message on the owner's thread, for the UI to show, and never aborts the app.
template <typename T>
class LatestResult {
public:
    using Work = std::function<std::optional<T>(const std::atomic<bool>& cancelled)>;

    LatestResult(QObject* owner, std::function<void(T)> onResult, std::function<void(QString)> onError = {})
        : watcher_(new QFutureWatcher<Outcome>(owner)), onResult_(std::move(onResult)), onError_(std::move(onError))
    {
        QObject::connect(watcher_, &QFutureWatcherBase::finished, watcher_, [this] {
            if (watcher_->future().resultCount() > 0) {
                Outcome outcome = watcher_->future().takeResult();
                if (outcome.value)
                    onResult_(std::move(*outcome.value));
                else if (onError_)
                    onError_(outcome.error);
            }
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
        auto promise = std::make_shared<QPromise<Outcome>>();
        watcher_->setFuture(promise->future());
        emitBusy(true);
        QThreadPool::globalInstance()->start([promise, work = std::move(work), cancelled = cancelled_] {
            promise->start();
            if (!cancelled->load()) {
                Outcome outcome = run(work, *cancelled);
                if ((outcome.value || !outcome.error.isEmpty()) && !cancelled->load())
                    promise->addResult(std::move(outcome));
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
    // The work's result, or the message of what it threw.
    struct Outcome {
        std::optional<T> value;
        QString error;
    };

    static Outcome run(const Work& work, const std::atomic<bool>& cancelled)
    {
        try {
            return {work(cancelled), {}};
        } catch (const CancelledError&) {
            return {};
        } catch (const std::exception& e) {
            const QString message = QString::fromStdString(e.what());
            return {std::nullopt, message.isEmpty() ? QStringLiteral("unexpected error") : message};
        } catch (...) {
            return {std::nullopt, QStringLiteral("unexpected error")};
        }
    }

    void emitBusy(bool busy)
    {
        if (busy == busy_)
            return;
        busy_ = busy;
        if (busyChanged_)
            busyChanged_(busy);
    }

    QFutureWatcher<Outcome>* watcher_;  // owned by the owner QObject
    std::function<void(T)> onResult_;
    std::function<void(QString)> onError_;
    std::function<void(bool)> busyChanged_;
    std::shared_ptr<std::atomic<bool>> cancelled_;
    bool busy_ = false;
};

}  // namespace tessera::views
