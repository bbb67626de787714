#include "IntentDiff.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>

namespace jobdesk::ui {

namespace {

QString text(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Undefined: return QString();
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: {
        const double d = v.toDouble();
        if (d == static_cast<double>(v.toInteger()))
            return QString::number(v.toInteger());
        return QString::number(d, 'g', 17);
    }
    case QJsonValue::String: return QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
    case QJsonValue::Array: return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    case QJsonValue::Object: return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    }
    return QString();
}

void walk(const QString &path, const QJsonValue &a, const QJsonValue &b, QList<IntentDiffRow> &out)
{
    if (a.isObject() && b.isObject()) {
        const QJsonObject oa = a.toObject();
        const QJsonObject ob = b.toObject();
        QStringList keys = oa.keys();
        for (const QString &k : ob.keys())
            if (!oa.contains(k))
                keys.append(k);
        std::sort(keys.begin(), keys.end());
        for (const QString &k : keys)
            walk(path.isEmpty() ? k : path + u'.' + k, oa.value(k), ob.value(k), out);
        if (keys.isEmpty())
            out.append({path, QStringLiteral("{}"), QStringLiteral("{}"), IntentDiffRow::Kind::Same});
        return;
    }
    if (a.isArray() && b.isArray()) {
        const QJsonArray aa = a.toArray();
        const QJsonArray ab = b.toArray();
        const qsizetype n = std::max(aa.size(), ab.size());
        for (qsizetype i = 0; i < n; ++i)
            walk(path + u'[' + QString::number(i) + u']', i < aa.size() ? aa.at(i) : QJsonValue(QJsonValue::Undefined),
                 i < ab.size() ? ab.at(i) : QJsonValue(QJsonValue::Undefined), out);
        if (n == 0)
            out.append({path, QStringLiteral("[]"), QStringLiteral("[]"), IntentDiffRow::Kind::Same});
        return;
    }
    IntentDiffRow row;
    row.path = path;
    row.stored = text(a);
    row.rejected = text(b);
    if (a.isUndefined())
        row.kind = IntentDiffRow::Kind::OnlyRejected;
    else if (b.isUndefined())
        row.kind = IntentDiffRow::Kind::OnlyStored;
    else
        row.kind = a == b ? IntentDiffRow::Kind::Same : IntentDiffRow::Kind::Changed;
    out.append(row);
}

} // namespace

QList<IntentDiffRow> diffIntents(const QJsonObject &stored, const QJsonObject &rejected)
{
    QList<IntentDiffRow> out;
    walk(QString(), stored, rejected, out);
    return out;
}

int differenceCount(const QList<IntentDiffRow> &rows)
{
    return static_cast<int>(std::count_if(rows.cbegin(), rows.cend(),
                                          [](const IntentDiffRow &r) { return r.kind != IntentDiffRow::Kind::Same; }));
}

} // namespace jobdesk::ui
