#pragma once

#include "items/TextureImageItem.h"
#include "run/RunHandle.h"

#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace tessera::views {

// A texture item that draws one run at the timeline position: holds the run (and keeps its
// model alive while drawn) and the position, and tells the subclass when either changes.
// The grid items (OccupancyItem, SliceItem) and GanttItem share it.
class RunViewItem : public TextureImageItem {
    Q_OBJECT
    QML_ANONYMOUS
    Q_PROPERTY(tessera::views::RunHandle* run READ run WRITE setRun NOTIFY runChanged)
    Q_PROPERTY(int position READ position WRITE setPosition NOTIFY positionChanged)

public:
    explicit RunViewItem(Fit fit, QQuickItem* parent = nullptr);
    ~RunViewItem() override;

    RunHandle* run() const { return run_; }
    void setRun(RunHandle* run);
    int position() const { return position_; }
    void setPosition(int position);

signals:
    void runChanged();
    void positionChanged();

protected:
    // The run drawn, null for none.
    const std::shared_ptr<const Run>& model() const { return model_; }
    // The new run is in model(): drop what belonged to the previous one and read the new one.
    // Called before runChanged, so that its handlers see the new state.
    virtual void runReplaced() = 0;
    // After runChanged: announce the state runReplaced() reset.
    virtual void runAnnounced() {}
    // position() changed: show the run there (before positionChanged).
    virtual void positionMoved() = 0;

private:
    QPointer<RunHandle> run_;
    std::shared_ptr<const Run> model_;  // keeps the run and its layout alive
    int position_ = 0;
};

}  // namespace tessera::views
