#pragma once

// The on-call queue: every unknown attempt of an undecided job, oldest first
// (JobService::unknownQueue, the oldest kLimit), with how long it has been unknown, why, whether
// its provider offers a status lookup, when it was last asked and what the
// provider answered (still working, no record of it yet, no answer). Live the
// way the jobs table is: it re-reads when attempts changed, an audit row was
// written (an operator asked for a lookup) or a reconciler asked a provider
// (LiveRefresh), and rows are updated in place, so a selection survives.
// The provider filter is applied here, to what was read, so the total (the
// sidebar's count) stays the whole queue's. data() never touches the database.

#include "StoreTypes.h"

#include <QAbstractTableModel>

namespace jobdesk::ui {

class LiveRefresh;
class StoreClient;

class UnknownQueueModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { JobColumn, AttemptColumn, ProviderColumn, UnknownForColumn, WhyColumn, LookupColumn,
                  LastAskedColumn, AnswerColumn, OwnerColumn, KeyColumn, ColumnCount };
    enum Role {
        AttemptIdRole = Qt::UserRole + 1, // qint64
        JobIdRole,                        // qint64
        JobChangeSeqRole,                 // qint64: the job's change sequence when read
        CanAskRole,                       // bool: the provider has a lookup and no request is outstanding
        SortKeyRole,
    };

    explicit UnknownQueueModel(StoreClient *client, QObject *parent = nullptr);

    // What the provider answered the item's last status lookup, in words (empty: not asked).
    static QString answerText(const UnknownQueueItem &item);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QVariant dataFor(const QModelIndex &index, int role) const; // data() but a tooltip as it is

public:
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setProvider(const QString &provider); // "" for every provider (applied at once, no read)
    QString provider() const { return m_provider; }
    void reload();
    bool isLoading() const { return m_loading; }
    bool hasLoaded() const { return m_loaded; }
    LiveRefresh *live() const { return m_live; }

    const QList<UnknownQueueItem> &items() const { return m_items; }     // the rows (filtered)
    const QList<UnknownQueueItem> &allItems() const { return m_all; }    // the whole queue as read
    const UnknownQueueItem *itemAt(int row) const;
    int rowOfAttempt(qint64 attemptId) const;
    qint64 nowMs() const { return m_nowMs; }
    // Replaces the queue (rows in place where the attempt is the same), as a read does.
    void setItems(const QList<UnknownQueueItem> &all, qint64 dbNowMs);

    static constexpr int kLimit = 500;

Q_SIGNALS:
    void loaded(int count);     // rows shown (filtered)
    void totalChanged(int total); // the whole queue (up to kLimit)
    void loadFailed(const QString &message);

private:
    void onPolled(const PollResult &r);
    void applyRows(const QList<UnknownQueueItem> &items);
    QString lastAsked(const UnknownQueueItem &item) const;

    StoreClient *m_client;
    LiveRefresh *m_live;
    QString m_provider;
    QList<UnknownQueueItem> m_all;
    QList<UnknownQueueItem> m_items;
    quint64 m_generation = 0;
    bool m_loading = false;
    bool m_loaded = false;
    qint64 m_nowMs = 0;
};

} // namespace jobdesk::ui
