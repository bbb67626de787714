#pragma once

// A request and a response as the API handlers see them: plain values,
// independent of the HTTP library, so handlers run on any thread and the
// request validation can be fuzzed without a socket.

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QPair>
#include <QString>

namespace jobdesk {

using HttpHeaders = QList<QPair<QByteArray, QByteArray>>;

struct HttpRequest
{
    QByteArray method;        // "GET", "POST", ...
    QByteArray path;          // percent-encoded (unreserved characters decoded), without the query
    QByteArray query;
    HttpHeaders headers;      // in the order received; names as sent
    QByteArray body;
    QString remoteAddress;

    // Every value of the header `name` (case-insensitive), in order.
    QList<QByteArray> headerValues(QByteArrayView name) const;
    // The single value of `name`; `present` tells absent from empty and
    // `duplicated` that it was sent more than once.
    QByteArray header(QByteArrayView name, bool *present = nullptr, bool *duplicated = nullptr) const;
};

struct HttpResponse
{
    int status = 200;
    QByteArray contentType;   // empty: no body
    QByteArray body;
    HttpHeaders headers;      // besides Content-Type and Content-Length
    QByteArray endpoint;      // which endpoint answered, for metrics ("create_job", ...)

    void addHeader(const QByteArray &name, const QByteArray &value) { headers.append({name, value}); }
    QByteArray headerValue(QByteArrayView name) const;
};

// The standard reason phrase for a status code ("Unprocessable Content").
QByteArray reasonPhrase(int status);

} // namespace jobdesk
