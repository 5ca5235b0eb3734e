#pragma once

#include "run/RunHandle.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

namespace tessera::views {

// The shared cursor of every view: a position over a run's steps, stepped, jumped or played
// at a speed in decisions per second.
class TimelineController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(tessera::views::RunHandle* run READ run WRITE setRun NOTIFY runChanged)
    Q_PROPERTY(int position READ position WRITE setPosition NOTIFY positionChanged)
    Q_PROPERTY(int steps READ steps NOTIFY runChanged)
    Q_PROPERTY(bool playing READ playing NOTIFY playingChanged)
    Q_PROPERTY(double speed READ speed WRITE setSpeed NOTIFY speedChanged)
    // The x value at the position with its unit, e.g. "57.31 %".
    Q_PROPERTY(QString label READ label NOTIFY positionChanged)
    Q_PROPERTY(QString xLabel READ xLabel NOTIFY runChanged)
    Q_PROPERTY(QString xUnit READ xUnit NOTIFY runChanged)
    // The run's words (RunHandle::words); RunWords' defaults without a run.
    Q_PROPERTY(QVariantMap words READ words NOTIFY runChanged)
    // What the jump box accepts (its placeholder), and why the last text typed there was
    // refused ("" after a jump).
    Q_PROPERTY(QString jumpHint READ jumpHint NOTIFY runChanged)
    // What the jump box accepts, by example, inside this run: "3min, 90s, 95%" (JumpParser).
    Q_PROPERTY(QString jumpExamples READ jumpExamples NOTIFY runChanged)
    Q_PROPERTY(QString jumpError READ jumpError NOTIFY jumpErrorChanged)
    // Where the last jump landed when that is not where it was asked to (no event there), ""
    // otherwise: the box says so rather than moving the cursor silently.
    Q_PROPERTY(QString jumpNote READ jumpNote NOTIFY jumpErrorChanged)
    // The slider's scale: the run's x (arrived % or seconds) from its first to its last step,
    // the x the charts' axes are linear in, so that the slider's handle sits at the same share
    // of its track as the cursor on every chart.
    Q_PROPERTY(double xStart READ xStart NOTIFY runChanged)
    Q_PROPERTY(double xEnd READ xEnd NOTIFY runChanged)
    Q_PROPERTY(double x READ x NOTIFY positionChanged)

public:
    static constexpr double kDefaultSpeed = 200;
    static constexpr int kFrameMs = 16;

    explicit TimelineController(QObject* parent = nullptr);

    RunHandle* run() const { return run_; }
    void setRun(RunHandle* run);
    int position() const { return position_; }
    void setPosition(int position);
    int steps() const { return run_ ? run_->steps() : 0; }
    bool playing() const { return timer_.isActive(); }
    double speed() const { return speed_; }
    void setSpeed(double speed);
    QString label() const;
    QString xLabel() const;
    QString xUnit() const;
    QVariantMap words() const;
    QString jumpHint() const;
    QString jumpExamples() const;
    QString jumpError() const { return jumpError_; }
    QString jumpNote() const { return jumpNote_; }
    double xStart() const;
    double xEnd() const;
    double x() const;

    Q_INVOKABLE void play();
    Q_INVOKABLE void pause();
    Q_INVOKABLE void toggle();
    Q_INVOKABLE void step(int delta);
    Q_INVOKABLE void home();
    Q_INVOKABLE void end();
    // Moves to the first position whose x (arrived % or seconds) reaches `x`.
    Q_INVOKABLE void jumpToX(double x);
    // Reads `text` as the axes show x (JumpParser: "130d", "4h", "95%", a plain number in the
    // axes' unit) and jumps there; otherwise sets jumpError and stays. Returns whether it jumped.
    Q_INVOKABLE bool jumpTo(const QString& text);
    Q_INVOKABLE void clearJumpError() { setJumpError({}); }
    // Moves to the first position whose x reaches `x` without pausing: the slider's drag.
    Q_INVOKABLE void scrubToX(double x);
    // The slider's geometry: position <-> pixel over [0, width], linear in x as the charts.
    Q_INVOKABLE double pixelAt(int position, double width) const;
    Q_INVOKABLE int positionAtPixel(double pixel, double width) const;

signals:
    void runChanged();
    void positionChanged();
    void playingChanged();
    void speedChanged();
    void jumpErrorChanged();

private:
    void advance();
    void runChangedUnder();
    void setJumpError(const QString& error, const QString& note = {});

    QPointer<RunHandle> run_;
    int position_ = 0;
    double speed_ = kDefaultSpeed;
    double carry_ = 0;  // fractional decisions not shown yet
    QTimer timer_;
    QElapsedTimer clock_;
    QString jumpError_;
    QString jumpNote_;
};

}  // namespace tessera::views
