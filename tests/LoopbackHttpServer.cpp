// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LoopbackHttpServer.h"

#include <QTcpSocket>

namespace Labforge {

LoopbackHttpServer::LoopbackHttpServer(QObject *parent)
    : QObject(parent)
{
    if (!m_server.listen(QHostAddress::LocalHost, 0))
        qFatal("cannot listen on 127.0.0.1");
    connect(&m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = m_server.nextPendingConnection()) {
            auto *buffer = new QByteArray;
            connect(socket, &QTcpSocket::readyRead, socket, [this, socket, buffer] {
                buffer->append(socket->readAll());
                if (!buffer->contains("\r\n\r\n"))
                    return;
                const QList<QByteArray> lines = buffer->left(buffer->indexOf("\r\n\r\n")).split('\n');
                const QByteArray path = lines.value(0).split(' ').value(1).split('?').value(0);
                QByteArray authorization;
                for (const QByteArray &line : lines) {
                    if (line.toLower().startsWith("authorization:"))
                        authorization = line.mid(14).trimmed();
                }
                buffer->clear();
                const bool headOnly = lines.value(0).startsWith("HEAD ");
                ++(headOnly ? m_heads : m_hits)[path];
                Response r = m_routes.value(path, Response {404, "not found", "text/plain", {}, {}});
                if (!r.requiredBearer.isEmpty() && authorization != "Bearer " + r.requiredBearer)
                    r = Response {401, "unauthorized", "text/plain", {}, r.authenticate};
                QByteArray head = "HTTP/1.1 " + QByteArray::number(r.status) + (r.status == 200 ? " OK" : " ERR")
                    + "\r\nContent-Type: " + r.contentType + "\r\nContent-Length: " + QByteArray::number(r.body.size())
                    + "\r\nConnection: close\r\n";
                if (!r.authenticate.isEmpty() && r.status == 401)
                    head += "WWW-Authenticate: " + r.authenticate + "\r\n";
                if (r.status == 200)
                    head += r.extraHeaders;
                if (r.stall && r.status == 200 && !headOnly) {
                    socket->write(head + "\r\n" + r.body.left(r.body.size() / 2));
                    return; // the rest never comes: the client gives up or is stopped
                }
                socket->write(head + "\r\n" + (headOnly ? QByteArray() : r.body));
                socket->disconnectFromHost();
            });
            connect(socket, &QTcpSocket::disconnected, socket, [socket, buffer] {
                delete buffer;
                socket->deleteLater();
            });
        }
    });
}

} // namespace Labforge
