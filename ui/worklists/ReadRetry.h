#pragma once

// When a worklist whose read failed tries again by itself: after 1 s, then 2,
// 4, ... and at most every 30 s (a store that stays unreachable is not
// hammered), until a read succeeds. F5 does not wait for it. due() asks for
// the next read; the view says when it comes (againText).

#include <QObject>

class QTimer;

namespace jobdesk::ui {

class ReadRetry : public QObject
{
    Q_OBJECT
public:
    static constexpr int kFirstMs = 1000;
    static constexpr int kMostMs = 30000;

    explicit ReadRetry(QObject *parent = nullptr);

    int failed();     // a read failed: the next try is due after the returned pause (ms)
    void succeeded(); // a read came back: the pauses start again from the first
    void cancel();    // a read goes out now anyway (F5): no try is due, the pauses keep growing
    bool isPending() const;

    // "Trying again by itself in 2 s; F5 reads it again now." (them: "... reads them again now.")
    static QString againText(int pauseMs, bool them);

Q_SIGNALS:
    void due();

private:
    QTimer *m_timer;
    int m_failures = 0;
};

} // namespace jobdesk::ui
