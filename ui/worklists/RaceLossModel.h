#pragma once

// Race losses, newest first (JobService::raceLossList): the loser and the
// winner with their providers, the job, the version the loser expected and
// the one it found, when, and the digest of the loser's discarded payload.
// Filtered by provider (the loser's or the winner's) and time. Lazy: keyset
// pages as the view scrolls (canFetchMore / fetchMore). Live: when a race
// loss is recorded (the raceLossId mark moved) and the view is visible, the
// new ones come in at the top; a hidden view re-reads when shown.

#include "StoreTypes.h"

#include <QAbstractTableModel>

namespace jobdesk::ui {

class LiveRefresh;
class StoreClient;

class RaceLossModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { WhenColumn, JobColumn, LoserColumn, WinnerColumn, ExpectedColumn, FoundColumn, DigestColumn,
                  OwnerColumn, KeyColumn, ColumnCount };
    enum Role { RaceLossIdRole = Qt::UserRole + 1, JobIdRole, LoserAttemptIdRole, WinnerAttemptIdRole };

    explicit RaceLossModel(StoreClient *client, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QVariant dataFor(const QModelIndex &index, int role) const; // data() but a tooltip as it is

public:
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    void setFilter(const RaceLossFilter &filter); // resets, then reads the first page
    const RaceLossFilter &filter() const { return m_filter; }
    void setPageSize(int n) { m_pageSize = n; }
    void reload(); // the first page again; rows already shown stay, new ones come in at the top
    bool isLoading() const { return m_loading; }
    bool hasMore() const { return m_hasMore; }
    LiveRefresh *live() const { return m_live; }
    const RaceLossItem *itemAt(int row) const;
    int rowOfRaceLoss(qint64 id) const;

Q_SIGNALS:
    void loaded(int count);
    void loadFailed(const QString &message);

private:
    void read(std::optional<qint64> beforeId);
    void onRead(const QList<RaceLossItem> &items, bool top, bool full);

    StoreClient *m_client;
    LiveRefresh *m_live;
    RaceLossFilter m_filter;
    QList<RaceLossItem> m_items; // newest first (id descending)
    int m_pageSize = 200;
    quint64 m_generation = 0;
    bool m_loading = false;
    bool m_hasMore = false;
    bool m_loaded = false;
};

} // namespace jobdesk::ui
