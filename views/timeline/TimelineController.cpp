#include "timeline/TimelineController.h"

#include "timeline/JumpParser.h"
#include "timeline/TimeMapping.h"

#include <algorithm>
#include <cmath>

namespace tessera::views {

TimelineController::TimelineController(QObject* parent) : QObject(parent)
{
    timer_.setInterval(kFrameMs);
    timer_.setTimerType(Qt::PreciseTimer);
    connect(&timer_, &QTimer::timeout, this, &TimelineController::advance);
}

void TimelineController::setRun(RunHandle* run)
{
    if (run == run_)
        return;
    if (run_)
        disconnect(run_, nullptr, this, nullptr);
    run_ = run;
    if (run_)
        connect(run_, &QObject::destroyed, this, &TimelineController::runChangedUnder);
    runChangedUnder();
}

void TimelineController::runChangedUnder()
{
    setJumpError({});
    // A closed run has already cleared run_ (QPointer) when its destroyed() arrives.
    emit runChanged();
    // Keep the cursor where it was when the new run is long enough: a fork or a second run
    // is usually looked at at the same point.
    position_ = std::clamp(position_, 0, steps());
    emit positionChanged();
    if (!run_)
        pause();
}

void TimelineController::setPosition(int position)
{
    const int clamped = std::clamp(position, 0, steps());
    if (clamped == position_)
        return;
    position_ = clamped;
    emit positionChanged();
    // A note said where the last jump landed, an error why the last text was refused: once the
    // cursor has moved on, both speak of something past.
    if (!jumpNote_.isEmpty() || !jumpError_.isEmpty())
        setJumpError({}, {});
}

void TimelineController::setSpeed(double speed)
{
    const double bounded = std::clamp(speed, 1.0, 1e7);
    if (bounded == speed_)
        return;
    speed_ = bounded;
    emit speedChanged();
}

QString TimelineController::label() const { return run_ ? run_->xText(position_) : QString(); }
QString TimelineController::xLabel() const { return run_ ? run_->xLabel() : QString(); }
QString TimelineController::xUnit() const { return run_ ? run_->xUnit() : QString(); }
QVariantMap TimelineController::words() const { return run_ ? run_->words() : RunHandle::wordsMap(RunWords()); }

void TimelineController::play()
{
    if (!run_ || playing())
        return;
    if (position_ >= steps())
        setPosition(0);  // playing from the end starts over, as media players do
    carry_ = 0;
    clock_.start();
    timer_.start();
    emit playingChanged();
}

void TimelineController::pause()
{
    if (!playing())
        return;
    timer_.stop();
    emit playingChanged();
}

void TimelineController::toggle() { playing() ? pause() : play(); }

void TimelineController::step(int delta)
{
    pause();
    setPosition(int(std::clamp<qint64>(qint64(position_) + delta, 0, steps())));
}

void TimelineController::home()
{
    pause();
    setPosition(0);
}

void TimelineController::end()
{
    pause();
    setPosition(steps());
}

void TimelineController::jumpToX(double x)
{
    if (!run_ || !std::isfinite(x))
        return;
    pause();
    setPosition(run_->positionAtX(x));
}

QString TimelineController::jumpHint() const
{
    return run_ ? JumpParser::hint({run_->xUnit(), run_->xAt(0), run_->xAt(steps())}) : QString();
}

QString TimelineController::jumpExamples() const
{
    return run_ ? JumpParser::examples({run_->xUnit(), run_->xAt(0), run_->xAt(steps())}) : QString();
}

bool TimelineController::jumpTo(const QString& text)
{
    if (!run_) {
        setJumpError(tr("No run to jump in."));
        return false;
    }
    const JumpParser::Result r = JumpParser::parse(text, {run_->xUnit(), run_->xAt(0), run_->xAt(steps())});
    if (!r.x) {
        setJumpError(r.error);
        return false;
    }
    jumpToX(*r.x);
    // A replay has no event in long gaps: the cursor lands on the first event at or after the
    // time asked for. Say where, when that is visibly elsewhere (more than 0.1 % of the axis).
    const JumpParser::Axis axis{run_->xUnit(), xStart(), xEnd()};
    const double landed = x();
    QString note;
    if (std::abs(landed - *r.x) > 1e-3 * std::abs(axis.max - axis.min))
        note = tr("No event at %1: at the next one, %2 (decision %3).")
                   .arg(JumpParser::shown(axis, *r.x), JumpParser::shown(axis, landed))
                   .arg(position_);
    setJumpError({}, note);
    return true;
}

void TimelineController::setJumpError(const QString& error, const QString& note)
{
    if (error == jumpError_ && note == jumpNote_)
        return;
    jumpError_ = error;
    jumpNote_ = note;
    emit jumpErrorChanged();
}

double TimelineController::xStart() const { return run_ ? run_->xAt(0) : 0.0; }
double TimelineController::xEnd() const { return run_ ? run_->xAt(steps()) : 0.0; }
double TimelineController::x() const { return run_ ? run_->xAt(position_) : 0.0; }

void TimelineController::scrubToX(double x)
{
    if (run_ && std::isfinite(x))
        setPosition(run_->positionAtX(x));
}

double TimelineController::pixelAt(int position, double width) const
{
    if (!run_)
        return 0.0;
    return TimeMapping(xStart(), xEnd(), 0, width).toPixel(run_->xAt(position));
}

int TimelineController::positionAtPixel(double pixel, double width) const
{
    if (!run_)
        return 0;
    return run_->positionAtX(TimeMapping(xStart(), xEnd(), 0, width).toValue(pixel));
}

void TimelineController::advance()
{
    // Elapsed time, not timer ticks, so a slow frame does not slow playback down.
    carry_ += speed_ * double(clock_.restart()) / 1000.0;
    const double whole = std::floor(carry_);
    carry_ -= whole;
    setPosition(int(std::min<double>(double(position_) + whole, steps())));
    if (position_ >= steps())
        pause();
}

}  // namespace tessera::views
