#include "http/HttpMessage.h"

namespace jobdesk {

QList<QByteArray> HttpRequest::headerValues(QByteArrayView name) const
{
    QList<QByteArray> out;
    for (const auto &h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            out.append(h.second);
    }
    return out;
}

QByteArray HttpRequest::header(QByteArrayView name, bool *present, bool *duplicated) const
{
    const QList<QByteArray> values = headerValues(name);
    if (present)
        *present = !values.isEmpty();
    if (duplicated)
        *duplicated = values.size() > 1;
    return values.isEmpty() ? QByteArray() : values.first();
}

QByteArray HttpResponse::headerValue(QByteArrayView name) const
{
    for (const auto &h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    }
    return {};
}

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 422: return "Unprocessable Content";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    default: break;
    }
    return "Status";
}

} // namespace jobdesk
