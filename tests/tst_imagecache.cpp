// The image builder's base cache: an exact base is reused, a cached base holding every
// package the group needs is reused (a recipe that drops a package rebuilds no base), so
// is one lacking a few (the nodes install them), anything else means a new mmdebstrap,
// whose failure leaves nothing behind.
#include "BundleGenerator.h"
#include "ImageBuilder.h"
#include "RunnerPaths.h"
#include "TestLabs.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;

namespace {
// Nothing listens here: any attempt to download fails at once.
const QString DeadMirror = QStringLiteral("http://127.0.0.1:9/debian");
} // namespace

class TestImageCache : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_cache;
    Lab m_lab = TestLabs::builtIn(QStringLiteral("web-lab"));
    Bundle m_bundle;
    QStringList m_nodes;

    ImageBuilder::Options options(QStringList *messages = nullptr)
    {
        ImageBuilder::Options o;
        o.mirror = DeadMirror;
        o.labName = m_lab.name;
        if (messages)
            o.events = [messages](const RunEvent &e) {
                messages->append(e.message);
            };
        return o;
    }
    QStringList unionOf(const QStringList &nodes) const
    {
        QStringList all;
        for (const auto &n : m_bundle.nodes) {
            if (nodes.contains(n.nodeId))
                all += n.output.packages;
        }
        all.removeDuplicates();
        all.sort();
        return all;
    }
    // A cached base as buildBase leaves it: <key>.tar and <key>.json.
    void plantBase(const QString &key, const QString &suite, const QStringList &packages)
    {
        const QString dir = RunnerPaths::bases();
        QDir().mkpath(dir);
        QFile tar(dir + QLatin1Char('/') + key + QStringLiteral(".tar"));
        QVERIFY(tar.open(QIODevice::WriteOnly));
        tar.write("not a real tar: never unpacked by these tests");
        QFile meta(dir + QLatin1Char('/') + key + QStringLiteral(".json"));
        QVERIFY(meta.open(QIODevice::WriteOnly));
        meta.write(QJsonDocument(QJsonObject {{QStringLiteral("layout"), ImageBuilder::imageLayoutVersion()},
                                              {QStringLiteral("suite"), suite},
                                              {QStringLiteral("mirror"), DeadMirror},
                                              {QStringLiteral("packages"), QJsonArray::fromStringList(packages)}})
                       .toJson());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_cache.isValid());
        qputenv("LABFORGE_CACHE_DIR", m_cache.path().toLocal8Bit());
        m_bundle = BundleGenerator::generate(m_lab);
        QVERIFY(m_bundle.ok());
        for (const Node &n : m_lab.nodes)
            m_nodes.append(n.id);
    }
    void init() { QDir(RunnerPaths::bases()).removeRecursively(); }

    void theExactBaseIsReused()
    {
        QStringList messages;
        ImageBuilder builder(m_bundle, ArtifactCache(), options(&messages));
        const QString key = builder.baseKey(m_nodes);
        plantBase(key, QStringLiteral("trixie"), unionOf(m_nodes));
        QString error;
        const auto base = builder.buildBase(m_nodes, &error);
        QVERIFY2(base, qPrintable(error));
        QCOMPARE(base->key, key);
        QVERIFY(messages.join(QLatin1Char('\n')).contains(QStringLiteral("reused from the cache")));
    }

    void aBaseWithEveryNeededPackageIsReused()
    {
        // The group was built once with an extra package on one node; that package is
        // dropped now. The old base still holds all the new union needs.
        QStringList bigger = unionOf(m_nodes) << QStringLiteral("git") << QStringLiteral("vim-tiny");
        bigger.sort();
        plantBase(QStringLiteral("aaaaaaaaaaaaaaaaaaaaaaaa"), QStringLiteral("trixie"), bigger);
        // Another superset, larger still: the smallest one wins.
        plantBase(QStringLiteral("bbbbbbbbbbbbbbbbbbbbbbbb"), QStringLiteral("trixie"),
                  bigger + QStringList {QStringLiteral("zsh")});
        QStringList messages;
        ImageBuilder builder(m_bundle, ArtifactCache(), options(&messages));
        QString error;
        const auto base = builder.buildBase(m_nodes, &error);
        QVERIFY2(base, qPrintable(error));
        QCOMPARE(base->key, QStringLiteral("aaaaaaaaaaaaaaaaaaaaaaaa"));
        QVERIFY(base->tar.endsWith(QStringLiteral("/aaaaaaaaaaaaaaaaaaaaaaaa.tar")));
        QVERIFY2(messages.join(QLatin1Char('\n')).contains(QStringLiteral("holds every package the nodes need")),
                 qPrintable(messages.join(QLatin1Char('\n'))));
    }

    // A recipe added a package: the old base is reused, and only the nodes that need the
    // package install it from the mirror (tst_vm_nfs does that for real).
    void aBaseLackingAFewPackagesIsReused()
    {
        QStringList lackingOne = unionOf(m_nodes);
        const QString lacked = lackingOne.takeLast();
        plantBase(QStringLiteral("cccccccccccccccccccccccc"), QStringLiteral("trixie"), lackingOne);
        QStringList lackingTwo = lackingOne;
        lackingTwo.removeFirst();
        plantBase(QStringLiteral("eeeeeeeeeeeeeeeeeeeeeeee"), QStringLiteral("trixie"), lackingTwo);
        QStringList messages;
        ImageBuilder builder(m_bundle, ArtifactCache(), options(&messages));
        QString error;
        const auto base = builder.buildBase(m_nodes, &error);
        QVERIFY2(base, qPrintable(error));
        QCOMPARE(base->key, QStringLiteral("cccccccccccccccccccccccc")); // the one lacking fewest
        QCOMPARE(base->lacking, QStringList {lacked});
        QVERIFY2(messages.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("install what it lacks from the mirror: ") + lacked),
                 qPrintable(messages.join(QLatin1Char('\n'))));
    }

    void aBaseLackingTooMuchOrOfAnotherSuiteIsNot()
    {
        plantBase(QStringLiteral("cccccccccccccccccccccccc"), QStringLiteral("trixie"), unionOf(m_nodes).mid(0, 1));
        plantBase(QStringLiteral("dddddddddddddddddddddddd"), QStringLiteral("bookworm"), unionOf(m_nodes));
        QVERIFY(unionOf(m_nodes).size() - 1 > ImageBuilder::Options().maxLackingPackages);
        QStringList messages;
        ImageBuilder builder(m_bundle, ArtifactCache(), options(&messages));
        QString error;
        const auto base = builder.buildBase(m_nodes, &error);
        // A new base was attempted (mmdebstrap from the dead mirror), and failed cleanly.
        QVERIFY(!base);
        QVERIFY2(error.contains(QStringLiteral("mmdebstrap")), qPrintable(error));
        QVERIFY(messages.join(QLatin1Char('\n')).contains(QStringLiteral("mmdebstrap trixie from")));
        const QStringList left = QDir(RunnerPaths::bases()).entryList(QDir::Files);
        QCOMPARE(left.filter(QStringLiteral(".partial")), QStringList());
        QCOMPARE(left.size(), 4); // the two planted bases, nothing new
    }

    void forceIgnoresTheCache()
    {
        ImageBuilder::Options o = options();
        o.force = true;
        ImageBuilder builder(m_bundle, ArtifactCache(), o);
        plantBase(builder.baseKey(m_nodes), QStringLiteral("trixie"), unionOf(m_nodes));
        QString error;
        QVERIFY(!builder.buildBase(m_nodes, &error)); // it went to the (dead) mirror
        QVERIFY2(error.contains(QStringLiteral("mmdebstrap")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestImageCache)
#include "tst_imagecache.moc"
