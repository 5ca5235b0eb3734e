#include "items/RunViewItem.h"

namespace tessera::views {

RunViewItem::RunViewItem(Fit fit, QQuickItem* parent) : TextureImageItem(fit, parent)
{
}

RunViewItem::~RunViewItem() = default;

void RunViewItem::setRun(RunHandle* run)
{
    if (run == run_)
        return;
    run_ = run;
    model_ = run ? run->shared() : nullptr;
    runReplaced();
    emit runChanged();
    runAnnounced();
}

void RunViewItem::setPosition(int position)
{
    if (position == position_)
        return;
    position_ = position;
    positionMoved();
    emit positionChanged();
}

}  // namespace tessera::views
