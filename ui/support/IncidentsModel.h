#pragma once

// Duplicate-click incidents: one row per (owner, idempotency key) sent more
// than once (or found by a search), from JobService::keyIncidents: the job,
// how many replays and conflicts, first and last request and the spread,
// the distinct clients. Rows are replaced when the view reads again; a row
// keeps its place when the keys did not change (dataChanged, no reset).

#include "service/JobService.h"

#include <QAbstractTableModel>
#include <QList>

namespace jobdesk::ui {

class IncidentsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { OwnerColumn, KeyColumn, JobColumn, StateColumn, ReplaysColumn, ConflictsColumn, FirstColumn,
                  LastColumn, SpreadColumn, ClientsColumn, ColumnCount };
    enum Role { JobIdRole = Qt::UserRole + 1, ConflictsRole, ReplaysRole, OwnerRole, KeyRole };

    explicit IncidentsModel(QObject *parent = nullptr);

    void setIncidents(const QList<KeyIncident> &incidents);
    // The same question read again: a row shown keeps its place (updated in place), a row
    // gone is removed and a new one comes in at its place in the new order, without a reset.
    void updateIncidents(const QList<KeyIncident> &incidents);
    const QList<KeyIncident> &incidents() const { return m_rows; }
    const KeyIncident *incidentAt(int row) const;
    int rowOf(const QString &ownerId, const QString &key) const;

    // "One job (42): sent 3 times from 2 clients within 180 ms; 1 conflict: another payload was refused."
    static QString verdict(const KeyIncident &incident);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QVariant dataFor(const QModelIndex &index, int role) const; // data() but a tooltip as it is

public:
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<KeyIncident> m_rows;
};

} // namespace jobdesk::ui
