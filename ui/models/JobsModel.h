#pragma once

// The live jobs table: a lazy model over keyset pages of JobService::jobs
// (newest first). data() never touches the database: rows arrive from the
// store worker, a page at a time as the view scrolls (canFetchMore /
// fetchMore), and changes arrive from its polls as diffs. A poll's changes
// are applied together and announced with one dataChanged per poll (one
// repaint). Rows never move under the operator: a changed row is updated in
// place, and a new job (or one that newly matches the filter) waits behind
// the "N new jobs" bar until showPending() (an empty table has nothing to
// push down: the first jobs come straight in). A row that stops matching the
// filter stays, greyed and saying so, until the next reload (F5). Rows are
// in the filter's order (JobFilter::sort), read by keyset pages in that order;
// a row whose sort value changes stays where it is until the next reload.

#include "StoreTypes.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QMap>

namespace jobdesk::ui {

class StoreClient;

class JobsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { IdColumn, OwnerColumn, KeyColumn, RouteColumn, StateColumn, AttemptsColumn, ProviderColumn,
                  AgeColumn, VersionColumn, ColumnCount };
    enum Role {
        JobIdRole = Qt::UserRole + 1, // qint64
        JobStateRole,                 // int (JobState)
        ChangeSeqRole,                // qint64
        NeedsAttentionRole,           // bool: blocked, or an unknown attempt
        SortKeyRole,                  // raw value of the cell
        StillMatchesRole,             // bool: false once a live update moved the row out of the filter
        PlainToolTipRole,             // the cell's tooltip without the "no longer matches" line
    };

    explicit JobsModel(StoreClient *client, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QVariant dataFor(const QModelIndex &index, int role) const; // data() but a tooltip as it is

public:
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    // The column's order in JobFilter::Sort and direction, for columns the store sorts by
    // (the age is the id's order reversed); none for the others.
    static std::optional<std::pair<JobFilter::Sort, bool>> storeOrder(int column, Qt::SortOrder order);
    static bool isSortable(int column);
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override; // a reload in that order

    // The loaded rows as CSV (RFC 4180, a header row, cells as the table shows them).
    QString toCsv() const;

    void setPageSize(int n) { m_pageSize = n; }
    int pageSize() const { return m_pageSize; }
    void setFilter(const JobFilter &filter); // resets, then loads the first page
    const JobFilter &filter() const { return m_filter; }
    void reload();                            // the same filter, from the top
    bool isLoading() const { return m_loading; }
    bool hasMore() const { return m_nextCursor.has_value(); }

    int pendingCount() const { return static_cast<int>(m_pending.size()); }
    void showPending(); // inserts the waiting jobs at their places (newest first)

    int rowOfJob(qint64 jobId) const; // -1 when not loaded
    const JobRow *rowAt(int row) const;
    const JobRow *findJob(qint64 jobId) const;
    qint64 nowMs() const { return m_nowMs; }
    void setNowMs(qint64 dbNowMs); // the clock ages are measured against

    // Applies a job as it is now (e.g. after an action), like a poll would.
    void applyJob(const Job &job, const QList<Attempt> &attempts);

    bool matches(const JobRow &row) const; // the filter, evaluated locally for live rows

Q_SIGNALS:
    void pendingChanged(int count);
    void loadingChanged(bool loading);
    void firstPageLoaded();
    void loadFailed(const QString &message);
    void jobChanged(qint64 jobId); // a loaded job changed (the detail view may want to re-read it)

private:
    void onPageLoaded(const PageResult &r);
    void onPolled(const PollResult &r);
    void onAttemptsLoaded(const AttemptsResult &r);
    void setLoading(bool loading);
    void insertPending();
    void request(const std::optional<JobCursor> &after);
    bool comesBefore(const QVariant &aValue, qint64 aId, const QVariant &bValue, qint64 bId) const; // in the filter's order
    QVariant sortValueOf(const Job &j) const;
    void reindex();
    // Applies one batch of changes; returns the rows that changed.
    void applyBatch(const QList<Job> &jobs, const QList<Attempt> &attempts);

    StoreClient *m_client;
    JobFilter m_filter;
    int m_pageSize = 100;
    QList<JobRow> m_rows; // in the filter's order (newest first by default)
    QHash<qint64, int> m_rowOf; // job id -> row
    std::optional<JobCursor> m_nextCursor;
    bool m_exhausted = false;
    bool m_loading = false;
    quint64 m_generation = 0;
    quint64 m_attemptsGeneration = 0;
    QMap<qint64, JobRow> m_pending; // new or newly matching jobs behind the bar, by id
    qint64 m_nowMs = 0;
};

} // namespace jobdesk::ui
