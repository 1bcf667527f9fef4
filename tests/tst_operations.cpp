// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The operations layer's typed errors (operations/): an unknown lab, action or node is said as
// an OpError with a stable id, its kind (the command line's exit status) and its place, in
// English for the command line and in the user's language for the designer. No libvirt daemon:
// the run is one recorded here, without VMs, on libvirt's test driver. Pinning: locks whose
// steps need no network.
#include "FeatureModules.h"
#include "LinkOps.h"
#include "LiveLab.h"
#include "NodeOps.h"
#include "PinOps.h"
#include "RunInventory.h"
#include "RunnerPaths.h"
#include "SnapshotOps.h"
#include "StatusOps.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLocale>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace Labforge;

class TestOperations : public QObject
{
    Q_OBJECT

public:
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    QTemporaryDir m_home;
    QString m_run;

    static void place(const OpError &error, const QString &lab, const QString &node, const QString &link)
    {
        QCOMPARE(error.place().lab, lab);
        QCOMPARE(error.place().node, node);
        QCOMPARE(error.place().link, link);
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("HOME", m_home.path().toUtf8());
        qputenv("XDG_CACHE_HOME", m_home.path().toUtf8());
        qputenv("LABFORGE_CACHE_DIR", (m_home.path() + QStringLiteral("/cache")).toUtf8());
        QStandardPaths::setTestModeEnabled(true);
        // A run of lab "ops-lab" recorded here: its inventory (no VM), ssh_config and key.
        QString error;
        m_run = RunnerPaths::run(QStringLiteral("ops-lab"), &error);
        QVERIFY2(!m_run.isEmpty(), qPrintable(error));
        RunInventory inventory(m_run);
        inventory.runId = QStringLiteral("f00dfeed-0000");
        inventory.lab = QStringLiteral("ops-lab");
        inventory.uri = QStringLiteral("test:///default");
        QVERIFY2(inventory.save(&error), qPrintable(error));
        QVERIFY(QDir().mkpath(m_run + QStringLiteral("/secrets")));
        for (const auto &[file, text] :
             {std::pair {QStringLiteral("/ssh_config"), QByteArray("Host controller\n  HostName 10.103.0.10\n")},
              std::pair {QStringLiteral("/secrets/id_ed25519"), QByteArray("key\n")}}) {
            QFile f(m_run + file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
    }

    // A lab that is neither a file nor a lab's name, one that is not up, and a lab file that
    // cannot be read: each unusable (exit 2), placed on the lab as given or named.
    void unknownLabs()
    {
        const Outcome<NodeOps::Done> odd =
            NodeOps::run(QStringLiteral("no such/lab"), NodeOps::Action::Stop, QStringLiteral("n"), {}, {});
        QVERIFY(!odd);
        QCOMPARE(odd.error().id(), QStringLiteral("lab.unknown"));
        QCOMPARE(odd.error().kind(), OpError::Kind::Unusable);
        QCOMPARE(odd.error().exitCode(), 2);
        QCOMPARE(odd.error().text(), QStringLiteral("no such/lab is neither a lab file nor a lab's name"));
        place(odd.error(), QStringLiteral("no such/lab"), {}, {});

        const Outcome<LinkOps::Change> down = LinkOps::change(QStringLiteral("ghost-lab"), LinkOps::Action::Down,
                                                              {QStringLiteral("a"), QStringLiteral("b"), {}});
        QVERIFY(!down);
        QCOMPARE(down.error().id(), QStringLiteral("lab.not_up"));
        QVERIFY2(down.error().text().startsWith(QStringLiteral("lab ghost-lab is not up here (no ssh_config in ")),
                 qPrintable(down.error().text()));
        place(down.error(), QStringLiteral("ghost-lab"), {}, {});
        QCOMPARE(SnapshotOps::list(QStringLiteral("ghost-lab")).error().id(), QStringLiteral("lab.not_up"));

        const QString broken = m_home.filePath(QStringLiteral("broken.lab.json"));
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{ not json");
        file.close();
        const Outcome<LiveLab::Run> unreadable = LiveLab::run(broken);
        QCOMPARE(unreadable.error().id(), QStringLiteral("lab.unreadable"));
        QVERIFY2(unreadable.error().text().contains(broken), qPrintable(unreadable.error().text()));
        place(unreadable.error(), broken, {}, {});
    }

    // A word that names no action: node.action_unknown, link.action_unknown.
    void unknownActions()
    {
        const OpPlace at {QStringLiteral("ops-lab"), QStringLiteral("controller"), {}};
        const Outcome<NodeOps::Action> node = NodeOps::action(QStringLiteral("explode"), at);
        QVERIFY(!node);
        QCOMPARE(node.error().id(), QStringLiteral("node.action_unknown"));
        QCOMPARE(node.error().exitCode(), 2);
        place(node.error(), QStringLiteral("ops-lab"), QStringLiteral("controller"), {});
        QCOMPARE(*NodeOps::action(QStringLiteral("power-cycle")), NodeOps::Action::PowerCycle);
        QCOMPARE(NodeOps::word(NodeOps::Action::Restart), QStringLiteral("restart"));
        QCOMPARE(LinkOps::action(QStringLiteral("sideways")).error().id(), QStringLiteral("link.action_unknown"));
        QCOMPARE(*LinkOps::action(QStringLiteral("impair")), LinkOps::Action::Impair);
    }

    // On a lab that is up, a node the run has no VM for: node.unknown, failed (exit 1), placed
    // on the lab and that node (and the link).
    void unknownNodes()
    {
        const Outcome<NodeOps::Done> stop =
            NodeOps::run(QStringLiteral("ops-lab"), NodeOps::Action::Stop, QStringLiteral("nowhere"), {}, {});
        QVERIFY(!stop);
        QCOMPARE(stop.error().id(), QStringLiteral("node.unknown"));
        QCOMPARE(stop.error().kind(), OpError::Kind::Failed);
        QCOMPARE(stop.error().exitCode(), 1);
        QCOMPARE(stop.error().text(), QStringLiteral("the run has no VM for node nowhere"));
        place(stop.error(), QStringLiteral("ops-lab"), QStringLiteral("nowhere"), {});

        const LinkOps::Link link {QStringLiteral("controller"), QStringLiteral("nowhere"), {}};
        const Outcome<LinkOps::Change> cut = LinkOps::change(QStringLiteral("ops-lab"), LinkOps::Action::Down, link);
        QCOMPARE(cut.error().id(), QStringLiteral("node.unknown"));
        place(cut.error(), QStringLiteral("ops-lab"), QStringLiteral("controller"),
              QStringLiteral("controller - nowhere"));
        const Outcome<LinkOps::Capture> capture =
            LinkOps::capture(QStringLiteral("ops-lab"), link, m_home.filePath(QStringLiteral("c.pcap")), 5);
        QCOMPARE(capture.error().id(), QStringLiteral("node.unknown"));
        QVERIFY(!QFile::exists(m_home.filePath(QStringLiteral("c.pcap"))));
    }

    // Numbers the runner may not be given are refused before the run is looked up.
    void badNumbersAreUnusable()
    {
        const LinkOps::Link link {QStringLiteral("controller"), QStringLiteral("compute-1"), {}};
        const Outcome<LinkOps::Change> impair =
            LinkOps::change(QStringLiteral("ghost-lab"), LinkOps::Action::Impair, link, {-5, 0, 0, 0});
        QCOMPARE(impair.error().id(), QStringLiteral("link.impairment_invalid"));
        QCOMPARE(impair.error().exitCode(), 2);
        QCOMPARE(LinkOps::capture(QStringLiteral("ghost-lab"), link, QStringLiteral("x.pcap"), 0).error().id(),
                 QStringLiteral("capture.duration_invalid"));
        NodeOps::Options options;
        options.timeoutSeconds = -1;
        QCOMPARE(NodeOps::run(QStringLiteral("ghost-lab"), NodeOps::Action::Start, QStringLiteral("n"), options, {})
                     .error()
                     .id(),
                 QStringLiteral("node.timeout_invalid"));
    }

    // Snapshots: the listing is typed rows; deleting one that is not there fails, placed on the lab.
    void snapshotsAreTyped()
    {
        const Outcome<SnapshotOps::Listing> listing = SnapshotOps::list(QStringLiteral("ops-lab"));
        QVERIFY2(listing.ok(), qPrintable(listing.ok() ? QString() : listing.error().text()));
        QCOMPARE(listing->lab, QStringLiteral("ops-lab"));
        QVERIFY(listing->snapshots.isEmpty());
        const Outcome<SnapshotOps::Done> gone = SnapshotOps::remove(QStringLiteral("ops-lab"), QStringLiteral("nope"));
        QCOMPARE(gone.error().id(), QStringLiteral("snapshot.failed"));
        QCOMPARE(gone.error().exitCode(), 1);
        place(gone.error(), QStringLiteral("ops-lab"), {}, {});
    }

    // A lock that cannot be read is unusable (exit 2), placed on its file and said as the
    // reader words it; a missing one is the built-in lock.
    void pinsLocksThatCannotBeRead()
    {
        const QString bad = m_home.filePath(QStringLiteral("bad.lock.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ not json");
        f.close();
        const Outcome<PinsLock> unreadable = PinOps::load(bad);
        QVERIFY(!unreadable);
        QCOMPARE(unreadable.error().id(), QStringLiteral("pins.lock_unreadable"));
        QCOMPARE(unreadable.error().exitCode(), 2);
        QVERIFY2(unreadable.error().text().startsWith(bad + QStringLiteral(": ")),
                 qPrintable(unreadable.error().text()));
        place(unreadable.error(), bad, {}, {});
        const Outcome<PinsLock> missing = PinOps::load(m_home.filePath(QStringLiteral("none.lock.json")));
        QVERIFY(missing);
        QCOMPARE(missing->toJson(), PinsLock::builtIn().toJson());
    }

    // Pinning without a file to write is unusable; a lock that cannot be written has failed
    // (exit 1), placed on the file; a cancelled one writes nothing and says so as its last step.
    void pinningErrorsAreTyped()
    {
        const auto empty = PinsLock::fromJson("{\"format\": \"labforge/pins@2\", \"components\": {}}");
        QVERIFY(empty);
        QList<PinEvent> events;
        const PinEvents hear = [&events](const PinEvent &e) {
            events.append(e);
        };
        const Outcome<PinOps::Done> noFile = PinOps::lock(*empty, {}, m_home.path(), {}, hear);
        QVERIFY(!noFile);
        QCOMPARE(noFile.error().id(), QStringLiteral("pins.no_lock_file"));
        QCOMPARE(noFile.error().exitCode(), 2);
        const QString nowhere = m_home.filePath(QStringLiteral("no/such/dir/pins.lock.json"));
        const Outcome<PinOps::Done> unwritable = PinOps::lock(*empty, nowhere, m_home.path(), {}, hear);
        QVERIFY(!unwritable);
        QCOMPARE(unwritable.error().id(), QStringLiteral("pins.write_failed"));
        QCOMPARE(unwritable.error().kind(), OpError::Kind::Failed);
        QCOMPARE(unwritable.error().exitCode(), 1);
        QVERIFY2(unwritable.error().text().startsWith(QStringLiteral("cannot write ") + nowhere),
                 qPrintable(unwritable.error().text()));
        place(unwritable.error(), nowhere, {}, {});
        QVERIFY(events.isEmpty());
        CancelToken cancel;
        cancel.cancel();
        const QString file = m_home.filePath(QStringLiteral("cancelled.lock.json"));
        const Outcome<PinOps::Done> cancelled = PinOps::lock(*empty, file, m_home.path(), cancel, hear);
        QVERIFY(cancelled);
        QVERIFY(cancelled->cancelled);
        QCOMPARE(cancelled->exitCode(), PinOps::CancelledExitCode);
        QVERIFY(!QFile::exists(file));
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.constLast().type, PinEvent::Type::Cancelled);
        events.clear();
        const Outcome<PinOps::Done> written = PinOps::lock(*empty, file, m_home.path(), {}, hear);
        QVERIFY(written);
        QCOMPARE(written->written, file);
        QCOMPARE(written->exitCode(), 0);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.constLast().type, PinEvent::Type::Wrote);
    }

    // fetch skips what has no digest as a typed step, and counts it as failed (exit 1).
    void fetchSaysWhatItSkips()
    {
        const auto lock = PinsLock::fromJson(
            "{\"format\": \"labforge/pins@2\", \"components\": {\"tool\": {\"version\": \"1\", \"artifacts\": "
            "[{\"name\": \"tool\", \"source\": \"https\", \"url\": \"https://127.0.0.1:1/tool\", \"digest\": "
            "{\"algorithm\": \"sha256\", \"value\": \"\", \"provenance\": \"\", \"source\": \"none yet\"}}]}}}");
        QVERIFY(lock);
        QList<PinEvent> events;
        const PinOps::Done done =
            PinOps::fetch(*lock, m_home.path(), {}, [&events](const PinEvent &e) { events.append(e); });
        QCOMPARE(done.failed, 1);
        QCOMPARE(done.exitCode(), 1);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.constFirst().type, PinEvent::Type::NoDigest);
        QCOMPARE(events.constFirst().artifact, QStringLiteral("tool/tool"));
    }

    // libvirt that cannot be reached is an unusable error of its own (exit 2), beside what the
    // snapshot holds; a lab's name is taken by LiveLab::name as it is, a name no lab may have is not.
    void statusSaysAnUnreachableLibvirt()
    {
        const QString nowhere = QStringLiteral("qemu+tcp://127.0.0.1:1/system");
        const StatusOps::Status status = StatusOps::gather(QStringLiteral("ops-lab"), nowhere);
        QVERIFY(status.unreachable);
        QCOMPARE(status.unreachable->id(), QStringLiteral("libvirt.unreachable"));
        QCOMPARE(status.unreachable->kind(), OpError::Kind::Unusable);
        QCOMPARE(status.exitCode(), 2);
        QVERIFY2(status.unreachable->text().startsWith(QStringLiteral("libvirt could not be reached at ") + nowhere),
                 qPrintable(status.unreachable->text()));
        place(*status.unreachable, QStringLiteral("ops-lab"), {}, {});
        QCOMPARE(status.snapshot.uri, nowhere);
        QCOMPARE(*LiveLab::name(QStringLiteral("ops-lab")), QStringLiteral("ops-lab"));
        QCOMPARE(LiveLab::name(QStringLiteral("no such/lab")).error().id(), QStringLiteral("lab.unknown"));
    }

    // The message is the text in the user's language; the text stays English (the command
    // line's output); an argument holding "%2" is kept as it is.
    void messagesAreTranslatedTextsAreNot()
    {
        const OpError notUp = LinkOps::inForce(QStringLiteral("ghost-lab")).error();
        const auto empty = PinsLock::fromJson("{\"format\": \"labforge/pins@2\", \"components\": {}}");
        QVERIFY(empty);
        const OpError noFile = PinOps::lock(*empty, {}, m_home.path(), {}, {}).error();
        QTranslator german;
        QVERIFY(german.load(QLocale(QLocale::German), QStringLiteral("labforge"), QStringLiteral("_"),
                            QStringLiteral(":/i18n")));
        QCoreApplication::installTranslator(&german);
        const QString message = notUp.message();
        const QString pinsMessage = noFile.message();
        QCoreApplication::removeTranslator(&german);
        QVERIFY2(message.startsWith(QStringLiteral("Das Labor ghost-lab")), qPrintable(message));
        QVERIFY2(notUp.text().startsWith(QStringLiteral("lab ghost-lab is not up here")), qPrintable(notUp.text()));
        QCOMPARE(notUp.message(), notUp.text());
        QCOMPARE(pinsMessage, QStringLiteral("keine Pins-Sperrdatei zum Schreiben angegeben"));
        QCOMPARE(noFile.text(), QStringLiteral("no lock file to write was given"));
        const OpError odd = NodeOps::action(QStringLiteral("%2 and %1")).error();
        QCOMPARE(odd.text(), QStringLiteral("no node action %2 and %1 (stop, start, restart, power-cycle)"));
    }
};

QTEST_GUILESS_MAIN(TestOperations)
#include "tst_operations.moc"
