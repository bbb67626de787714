#pragma once

// Providers and their contract status: one row per provider and route (the
// route's chain, or any pair ever validated), from JobService::providerStatus
// as the dispatchers recorded it. A validation is *current* when it passed,
// has not expired by the database's clock, and was made for the config
// recorded now: its hash equals configHash(route, provider) of the recorded
// configs (the function the dispatcher uses). Anything else says why not.

#include "service/JobService.h"

#include <QAbstractTableModel>
#include <QCoreApplication>
#include <QList>

namespace jobdesk::ui {

struct ProviderRow
{
    enum class Standing { NoValidation, Failed, Expired, Stale, Current };
    ProviderRouteStatus status;
    Standing standing = Standing::NoValidation;
    QString currentHash; // configHash of the recorded route and provider config; empty when they do not parse
    qint64 dbNowMs = 0;

    QString kind() const;
    QString endpoint() const;
    bool statusLookup() const;
    bool isCurrent() const { return standing == Standing::Current; }
    int chainIndex() const; // position in the route's chain, -1 when not in it
    // A fallback (in the chain after the first) may take automatic attempts
    // only while its validation is current (invariant 6): it needs attention when not.
    bool needsAttention() const { return chainIndex() > 0 && !isCurrent(); }
};

class ProviderStanding
{
    Q_DECLARE_TR_FUNCTIONS(ProviderStanding)
public:
    // On the store worker: the rows, judged by the database's clock.
    static QList<ProviderRow> read(JobService &svc);
    static ProviderRow judge(const ProviderRouteStatus &status, qint64 dbNowMs);
    static QString text(const ProviderRow &row); // "current until 14:02", "STALE: validated for another config", ...
};

class ProvidersModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { ProviderColumn, RouteColumn, KindColumn, EndpointColumn, LookupColumn, ChainColumn, ValidationColumn,
                  ValidatedColumn, ExpiresColumn, ConfigColumn, StandingColumn, ColumnCount };
    enum Role { CurrentRole = Qt::UserRole + 1, ValidationIdRole };

    explicit ProvidersModel(QObject *parent = nullptr);

    void setRows(const QList<ProviderRow> &rows);
    const QList<ProviderRow> &rows() const { return m_rows; }
    const ProviderRow *rowAt(int row) const;
    int rowOf(const QString &provider, const QString &route) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QVariant dataFor(const QModelIndex &index, int role) const; // data() but a tooltip as it is

public:
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<ProviderRow> m_rows;
};

} // namespace jobdesk::ui
