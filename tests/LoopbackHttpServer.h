// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QHash>
#include <QObject>
#include <QTcpServer>

namespace Labforge {

// A minimal HTTP/1.1 server on 127.0.0.1 for tests: fixed responses by path, and
// optionally a bearer token that some paths require (to play an OCI registry). A HEAD
// request gets the headers alone.
class LoopbackHttpServer : public QObject
{
    Q_OBJECT
public:
    struct Response
    {
        int status = 200;
        QByteArray body;
        QByteArray contentType = "application/octet-stream";
        QByteArray requiredBearer; // non-empty: 401 with WWW-Authenticate unless sent
        QByteArray authenticate;
        QByteArray extraHeaders {}; // "Name: value\r\n" lines sent with a 200
        bool stall = false; // a 200 sends half its body, then nothing more (a download under way)
    };

    explicit LoopbackHttpServer(QObject *parent = nullptr);
    quint16 port() const { return m_server.serverPort(); }
    QString base() const { return QStringLiteral("http://127.0.0.1:%1").arg(port()); }
    void route(const QByteArray &path, const Response &response) { m_routes.insert(path, response); }
    int hits(const QByteArray &path) const { return m_hits.value(path); } // GET and others
    int heads(const QByteArray &path) const { return m_heads.value(path); }

private:
    void serve(QTcpSocket *socket);
    QTcpServer m_server;
    QHash<QByteArray, Response> m_routes;
    QHash<QByteArray, int> m_hits;
    QHash<QByteArray, int> m_heads;
};

} // namespace Labforge
