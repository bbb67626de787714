#pragma once

// Windows fit the screen they open on: a window (the main window after its
// saved geometry, every dialog) is moved and shrunk into the screen's
// available geometry when it is shown, in whatever language its words are
// long (Tamil) and whatever size was saved on a bigger screen.

#include <QRect>

class QWidget;

namespace jobdesk::ui {

// `wanted` moved, then shrunk, so that it lies inside `available`.
QRect fitInto(const QRect &wanted, const QRect &available);

// Fits one top-level window into the available geometry of its screen (its
// minimum size gives way too, down to what fits).
void fitToScreen(QWidget *window);

// From now on every top-level window is fitted as it is shown (an event filter
// on the application; installing it again does nothing).
void fitWindowsToScreen();

} // namespace jobdesk::ui
