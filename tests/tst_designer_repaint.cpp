// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The canvas shows the truth (QT_QPA_PLATFORM=offscreen): a node's card is painted again,
// in every view of the scene, when its data changes (rename, address, CIDR, features,
// problems, run tallies and bars, selection). The cards are cached as device pixmaps, one per
// view; whichever of the canvas and the Overview paints second must not keep the picture it
// had before the change.
#include "DesignerFixture.h"
#include "EditLabCommand.h"
#include "LabMinimap.h"
#include "LabView.h"
#include "NetworkEdits.h"
#include "NodeItem.h"
#include "ReaddressNodeCommand.h"
#include "RenameNodeCommand.h"

#include <QImage>
#include <QTableWidget>
#include <QTest>

#include <functional>

using namespace Labforge;

class TestDesignerRepaint : public DesignerFixture
{
    Q_OBJECT

    // The card of `id` as the canvas and the Overview show it (each keeps a picture of its own).
    QList<QImage> shown(const QString &id)
    {
        NodeItem *item = scene()->nodeItem(id);
        if (!item)
            return {};
        QList<QImage> out;
        LabView *view = m_window->view();
        view->centerOn(item); // scrolled, not zoomed: the cached pictures stay
        out.append(view->viewport()->grab(view->mapFromScene(item->sceneBoundingRect()).boundingRect()).toImage());
        if (auto *overview = m_window->findChild<LabMinimap *>(); overview && overview->isVisible())
            out.append(
                overview->viewport()->grab(overview->mapFromScene(item->sceneBoundingRect()).boundingRect()).toImage());
        return out;
    }

    // The card of `id` drawn afresh, as after a change of zoom: no view keeps its old picture.
    QList<QImage> truth(const QString &id)
    {
        NodeItem *item = scene()->nodeItem(id);
        item->setCacheMode(QGraphicsItem::NoCache);
        item->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
        return shown(id);
    }

    // `change` alters the card of `id` (its id after the change: `after`); the canvas shows
    // the new picture.
    void expectRepaint(const QString &id, const std::function<void()> &change, QString after = {})
    {
        if (after.isEmpty())
            after = id;
        const QList<QImage> before = shown(id);
        QVERIFY(before.size() == 2 && !before.first().isNull() && !before.last().isNull());
        change();
        QVERIFY(canvasPainted());
        const QList<QImage> now = shown(after);
        QVERIFY2(now.first() != before.first(), "the change was not meant to leave the card as it was");
        const QList<QImage> fresh = truth(after);
        QVERIFY2(now.first() == fresh.first(), "the canvas shows the card as it was before the change");
        QVERIFY2(now.last() == fresh.last(), "the Overview shows the card as it was before the change");
    }

    void edit(const std::function<void(Lab &)> &how)
    {
        Lab lab = doc()->lab();
        how(lab);
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
    }

private Q_SLOTS:
    void aRenameRepaintsTheCard()
    {
        const QString old = QStringLiteral("storage"), renamed = QStringLiteral("nas");
        expectRepaint(
            old, [&] { doc()->undoStack()->push(new RenameNodeCommand(doc(), old, renamed)); }, renamed);
    }

    void anAddressChangeRepaintsTheCard()
    {
        const QString id = QStringLiteral("storage");
        const QString ip = doc()->lab().node(id)->ip();
        expectRepaint(id, [&] {
            doc()->undoStack()->push(new ReaddressNodeCommand(doc(), id, ip, QStringLiteral("10.103.0.77")));
        });
    }

    void aCidrChangeRepaintsTheCards()
    {
        scene()->clearSelection();
        auto *networks = m_window->findChild<QTableWidget *>(QStringLiteral("networks"));
        QVERIFY(networks);
        const QString id = QStringLiteral("compute-1");
        const QString ip = doc()->lab().node(id)->ip();
        expectRepaint(id, [&] { networks->item(0, 1)->setText(QStringLiteral("10.104.0.0/24")); });
        QVERIFY(doc()->lab().node(id)->ip() != ip);
    }

    void featuresTurnedOnRepaintTheCard()
    {
        const QString id = QStringLiteral("storage");
        expectRepaint(id, [&] {
            edit([&](Lab &lab) {
                for (Node &n : lab.nodes) {
                    if (n.id == id)
                        n.recipe.features.append(QStringLiteral("helm"));
                }
            });
        });
    }

    void aDeletedNetworkRepaintsTheBadges()
    {
        const QString id = QStringLiteral("storage");
        QVERIFY(scene()->nodeItem(id)->problems().isEmpty());
        expectRepaint(
            id, [&] { edit([&](Lab &lab) { lab = NetworkEdits::withoutNetwork(lab, lab.networks.first().name); }); });
        QVERIFY(!scene()->nodeItem(id)->problems().isEmpty());
    }

    // Another node's edit gives this card a badge: only its problems change.
    void aBadgeFromAnotherNodesEditRepaintsTheCard()
    {
        const QString id = QStringLiteral("controller"), other = QStringLiteral("storage");
        const Node before = *doc()->lab().node(id);
        expectRepaint(id, [&] {
            edit([&](Lab &lab) {
                for (Node &n : lab.nodes) {
                    if (n.id == other)
                        n.interfaces[0].ip = before.ip(); // taken: both get a badge
                }
            });
        });
        QVERIFY(*doc()->lab().node(id) == before);
        QVERIFY(!scene()->nodeItem(id)->problems().isEmpty());
    }

    void runTalliesAndBarsRepaintTheCard()
    {
        const QString id = QStringLiteral("compute-2");
        expectRepaint(id, [&] { scene()->setRunState(id, QStringLiteral("booting")); });
        expectRepaint(id, [&] { scene()->setRunProgress(id, 0.5, QStringLiteral("copying")); });
        expectRepaint(id, [&] { scene()->setRunProgress(id, 1, QStringLiteral("up")); });
        expectRepaint(id, [&] { scene()->setTally(id, 3, 1); });
    }

    void aSelectionChangeRepaintsTheCards()
    {
        scene()->clearSelection();
        expectRepaint(QStringLiteral("controller"), [&] { scene()->selectNode(QStringLiteral("controller")); });
        expectRepaint(QStringLiteral("controller"), [&] { scene()->selectNode(QStringLiteral("storage")); });
    }
};

QTEST_MAIN(TestDesignerRepaint)
#include "tst_designer_repaint.moc"
