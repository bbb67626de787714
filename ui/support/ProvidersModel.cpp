#include "ProvidersModel.h"

#include "Format.h"
#include "provider/Route.h"

#include <QGuiApplication>
#include <QJsonArray>

namespace jobdesk::ui {

QString ProviderRow::kind() const
{
    return status.providerConfig.value(QStringLiteral("kind")).toString(QStringLiteral("openai"));
}

QString ProviderRow::endpoint() const
{
    return status.providerConfig.value(QStringLiteral("base_url")).toString();
}

bool ProviderRow::statusLookup() const
{
    // As ProviderConfig::fromJson settles it (the "fake" kind offers it by default).
    try {
        return ProviderConfig::fromJson(status.providerConfig).statusLookup;
    } catch (const JobDeskError &) {
        return status.providerConfig.value(QStringLiteral("status_lookup")).toBool();
    }
}

int ProviderRow::chainIndex() const
{
    const QJsonArray chain = status.routeConfig.value(QStringLiteral("provider_chain")).toArray();
    for (qsizetype i = 0; i < chain.size(); ++i)
        if (chain.at(i).toString() == status.provider)
            return int(i);
    return -1;
}

ProviderRow ProviderStanding::judge(const ProviderRouteStatus &status, qint64 dbNowMs)
{
    ProviderRow row;
    row.status = status;
    row.dbNowMs = dbNowMs;
    try {
        row.currentHash = configHash(Route::fromJson(status.routeConfig), ProviderConfig::fromJson(status.providerConfig));
    } catch (const JobDeskError &) {
        row.currentHash.clear(); // a config this console cannot read: no validation can be shown current
    }
    if (!status.latest)
        row.standing = ProviderRow::Standing::NoValidation;
    else if (!status.latest->passed)
        row.standing = ProviderRow::Standing::Failed;
    else if (status.latest->expiresAtMs <= dbNowMs)
        row.standing = ProviderRow::Standing::Expired;
    else if (row.currentHash.isEmpty() || status.latest->configHash != row.currentHash)
        row.standing = ProviderRow::Standing::Stale;
    else
        row.standing = ProviderRow::Standing::Current;
    return row;
}

QList<ProviderRow> ProviderStanding::read(JobService &svc)
{
    const QList<ProviderRouteStatus> statuses = svc.providerStatus();
    const qint64 now = svc.nowMs();
    QList<ProviderRow> out;
    for (const ProviderRouteStatus &s : statuses)
        out.append(judge(s, now));
    return out;
}

QString ProviderStanding::text(const ProviderRow &row)
{
    switch (row.standing) {
    case ProviderRow::Standing::NoValidation:
        return row.chainIndex() == 0 ? tr("never validated (first in the chain: it needs no proof to take the first attempt)")
                                     : tr("not proven: never validated for this route");
    case ProviderRow::Standing::Failed: return tr("not proven: the last validation FAILED");
    case ProviderRow::Standing::Expired:
        return tr("not current: EXPIRED at %1").arg(Format::time(row.status.latest->expiresAtMs));
    case ProviderRow::Standing::Stale: return tr("not current: STALE, validated for another route or provider config");
    case ProviderRow::Standing::Current:
        return tr("current until %1").arg(Format::time(row.status.latest->expiresAtMs));
    }
    return {};
}

ProvidersModel::ProvidersModel(QObject *parent) : QAbstractTableModel(parent) {}

void ProvidersModel::setRows(const QList<ProviderRow> &rows)
{
    bool sameKeys = rows.size() == m_rows.size();
    for (qsizetype i = 0; sameKeys && i < rows.size(); ++i)
        sameKeys = rows.at(i).status.provider == m_rows.at(i).status.provider && rows.at(i).status.route == m_rows.at(i).status.route;
    if (sameKeys) {
        m_rows = rows;
        if (!m_rows.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

const ProviderRow *ProvidersModel::rowAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_rows.at(row) : nullptr;
}

int ProvidersModel::rowOf(const QString &provider, const QString &route) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).status.provider == provider && m_rows.at(i).status.route == route)
            return int(i);
    return -1;
}

int ProvidersModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ProvidersModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProvidersModel::data(const QModelIndex &index, int role) const
{
    if (role == Qt::ToolTipRole) // it may hold a customer's or a provider's text
        return Format::plainToolTip(dataFor(index, role));
    return dataFor(index, role);
}

QVariant ProvidersModel::dataFor(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ProviderRow &r = m_rows.at(index.row());
    const std::optional<ValidationRecord> &v = r.status.latest;
    switch (role) {
    case CurrentRole: return r.isCurrent();
    case ValidationIdRole: return v ? QVariant(v->id) : QVariant();
    case Qt::ToolTipRole:
        if (index.column() == ConfigColumn && v)
            return tr("Validated for %1\nRecorded config now %2").arg(v->configHash, r.currentHash);
        if (index.column() == EndpointColumn) // elided where room is short
            return r.endpoint();
        return ProviderStanding::text(r);
    case Qt::DecorationRole:
        if (index.column() == StandingColumn && r.needsAttention())
            return Format::attentionIcon();
        return {};
    case Qt::ForegroundRole: {
        // Each column in the colour of what it says: a failed validation in
        // Validation (and Standing), never in Config, whose colour is only
        // whether the config validated is the one recorded now.
        const QPalette pal = QGuiApplication::palette();
        const QVariant good = Format::stateColor(AttemptState::Succeeded, pal);
        const QVariant bad = Format::stateColor(AttemptState::Unknown, pal);
        switch (Column(index.column())) {
        case StandingColumn: return r.isCurrent() ? good : r.needsAttention() || (v && !v->passed) ? bad : QVariant();
        case ValidationColumn: return !v ? QVariant() : v->passed ? good : bad;
        case ConfigColumn: return !v ? QVariant() : v->configHash == r.currentHash ? QVariant() : bad;
        default: return {};
        }
    }
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case ProviderColumn: return r.status.provider;
        case RouteColumn: return r.status.route;
        case KindColumn: return r.kind();
        case EndpointColumn: return r.endpoint();
        case LookupColumn: return r.statusLookup() ? tr("yes") : tr("no");
        case ChainColumn:
            return r.chainIndex() == 0 ? tr("first") : r.chainIndex() > 0 ? tr("fallback %1").arg(r.chainIndex()) : tr("not in chain");
        case ValidationColumn: return !v ? tr("none") : v->passed ? tr("passed") : tr("FAILED");
        case ValidatedColumn: return v ? Format::time(v->validatedAtMs) : QString();
        case ExpiresColumn: return v ? Format::time(v->expiresAtMs) : QString();
        case ConfigColumn:
            return !v ? QString() : v->configHash == r.currentHash ? tr("current") : tr("STALE");
        case StandingColumn: return ProviderStanding::text(r);
        case ColumnCount: break;
        }
        return {};
    default:
        return {};
    }
}

QVariant ProvidersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case ProviderColumn: return tr("Provider");
    case RouteColumn: return tr("Route");
    case KindColumn: return tr("Kind");
    case EndpointColumn: return tr("Endpoint");
    case LookupColumn: return tr("Lookup");
    case ChainColumn: return tr("Chain");
    case ValidationColumn: return tr("Validation");
    case ValidatedColumn: return tr("Validated");
    case ExpiresColumn: return tr("Expires");
    case ConfigColumn: return tr("Config");
    case StandingColumn: return tr("Standing");
    case ColumnCount: break;
    }
    return {};
}

} // namespace jobdesk::ui
