#include "tasks/BackgroundTask.h"

#include <cmath>
#include <exception>

namespace tessera::views {

namespace {
// Progress reaches the GUI thread in steps of this size, not on every callback.
constexpr double kProgressStep = 0.005;

// Never empty: an empty error would read as success.
QString messageOf(const std::exception& e)
{
    const QString message = QString::fromStdString(e.what());
    return message.isEmpty() ? QStringLiteral("unexpected error") : message;
}
}  // namespace

BackgroundTask::BackgroundTask(QObject* parent) : QObject(parent)
{
    pool_.setMaxThreadCount(1);
}

BackgroundTask::~BackgroundTask()
{
    if (cancelFlag_)
        cancelFlag_->store(true);
    pool_.waitForDone();
}

ProgressCallback BackgroundTask::progressReporter(quint64 generation, std::shared_ptr<std::atomic<bool>> cancelFlag)
{
    return [this, generation, cancelFlag, reported = 0.0](double fraction) mutable {
        if (std::abs(fraction - reported) >= kProgressStep || fraction >= 1.0) {
            reported = fraction;
            QMetaObject::invokeMethod(
                this, [this, generation, fraction] {
                    if (generation == generation_ && busy_)
                        setProgress(fraction);
                },
                Qt::QueuedConnection);
        }
        return !cancelFlag->load();
    };
}

void BackgroundTask::start(Work work)
{
    if (cancelFlag_)
        cancelFlag_->store(true);
    const quint64 generation = ++generation_;
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    cancelFlag_ = cancelFlag;
    setProgress(0);
    setBusy(true);
    pool_.start([this, generation, cancelFlag, work = std::move(work)] {
        Delivery delivery;
        QString error;
        bool wasCancelled = false;
        if (cancelFlag->load()) {
            wasCancelled = true;  // superseded while it waited for the worker
        } else {
            try {
                delivery = work(progressReporter(generation, cancelFlag));
            } catch (const CancelledError&) {
                wasCancelled = true;
            } catch (const std::exception& e) {
                error = messageOf(e);
            } catch (...) {
                error = QStringLiteral("unexpected error");
            }
        }
        wasCancelled = wasCancelled || cancelFlag->load();
        QMetaObject::invokeMethod(
            this, [this, generation, delivery, error, wasCancelled] { finish(generation, delivery, error, wasCancelled); },
            Qt::QueuedConnection);
    });
}

void BackgroundTask::cancel()
{
    if (!busy_)
        return;
    cancelFlag_->store(true);
    ++generation_;  // whatever the job still delivers is dropped
    setBusy(false);
    setProgress(0);
    emit cancelled();
}

void BackgroundTask::finish(quint64 generation, const Delivery& delivery, const QString& error, bool wasCancelled)
{
    if (generation != generation_)
        return;  // superseded or cancelled: already reported
    if (wasCancelled) {
        setBusy(false);
        setProgress(0);
        emit cancelled();
    } else if (!error.isEmpty()) {
        setBusy(false);
        setProgress(0);
        emit failed(error);
    } else {
        // Delivered before busy turns false, so whoever watches busy sees the result.
        setProgress(1);
        // The delivery adopts the work's result on this thread, often calling a run kind's
        // code: what it throws becomes the job's error, never an abort of the app.
        QString deliveryError;
        try {
            if (delivery)
                delivery();
        } catch (const std::exception& e) {
            deliveryError = messageOf(e);
        } catch (...) {
            deliveryError = QStringLiteral("unexpected error");
        }
        if (generation == generation_) {  // the delivery may have started the next job
            setBusy(false);
            if (!deliveryError.isEmpty()) {
                setProgress(0);
                emit failed(deliveryError);
            }
        } else if (!deliveryError.isEmpty()) {
            emit failed(deliveryError);
        }
    }
}

void BackgroundTask::setBusy(bool busy)
{
    if (busy == busy_)
        return;
    busy_ = busy;
    emit busyChanged();
}

void BackgroundTask::setProgress(double progress)
{
    if (progress == progress_)
        return;
    progress_ = progress;
    emit progressChanged();
}

}  // namespace tessera::views
