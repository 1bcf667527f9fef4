// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// One rule for every string of a lab: no control character (free text: line feeds and tabs
// only), every whole-string pattern anchored at both ends, and the JSON Schema agreeing
// with the loader on each string key of the built-in and test labs.
#include "FeatureModules.h"
#include "Lab.h"
#include "LabHost.h"
#include "LabReader.h"
#include "LabStrings.h"
#include "LabWriter.h"
#include "Problem.h"
#include "SafeName.h"
#include "SecretSlot.h"
#include "TestLabs.h"
#include "Validator.h"
#include "YamlWriter.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;

namespace {

const QList<QString> &suffixes()
{
    static const QList<QString> s {QStringLiteral("\n"), QStringLiteral("\t"), QString(QChar(u'\0'))};
    return s;
}

// What a place in a lab is, whatever the index: /nodes/*/node_id.
QString shape(const QString &pointer)
{
    static const QRegularExpression index(QStringLiteral("/[0-9]+(?=/|\\z)"));
    return QString(pointer).replace(index, QStringLiteral("/*"));
}

struct Place
{
    QString pointer;
    bool key = false; // the key at `pointer`, not its value
};

void collect(const QJsonValue &v, const QString &pointer, QList<Place> &places)
{
    if (v.isString()) {
        places.append({pointer, false});
    } else if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            collect(a.at(i), pointer + QStringLiteral("/%1").arg(i), places);
    } else if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
            places.append({pointer + u'/' + it.key(), true});
            collect(it.value(), pointer + u'/' + it.key(), places);
        }
    }
}

// `v` with `suffix` added to the string (or key) at `tokens`.
QJsonValue mutated(const QJsonValue &v, QStringList tokens, bool key, const QString &suffix)
{
    if (tokens.isEmpty())
        return QJsonValue(v.toString() + suffix);
    const QString head = tokens.takeFirst();
    if (v.isArray()) {
        QJsonArray a = v.toArray();
        a[head.toInt()] = mutated(a.at(head.toInt()), tokens, key, suffix);
        return a;
    }
    QJsonObject o = v.toObject();
    if (key && tokens.isEmpty()) {
        const QJsonValue inner = o.take(head);
        o.insert(head + suffix, inner);
        return o;
    }
    o[head] = mutated(o.value(head), tokens, key, suffix);
    return o;
}

QStringList labFiles()
{
    QStringList files;
    for (const QString &dir : {QStringLiteral("/resources/labs"), QStringLiteral("/tests/data/labs")}) {
        QDirIterator it(TestLabs::sourceDir() + dir, {QStringLiteral("*.lab.json")}, QDir::Files);
        while (it.hasNext())
            files.append(it.next());
    }
    files.sort();
    return files;
}

bool refusedAt(const LabReader::Result &r, const QString &pointer)
{
    return std::any_of(r.errors.begin(), r.errors.end(), [&](const LoadError &e) { return e.pointer == pointer; });
}

Lab clean()
{
    return TestLabs::builtIn(QStringLiteral("slurm-native"));
}

QStringList errorRules(const Lab &lab)
{
    QStringList rules;
    for (const Problem &p : Validator::validate(lab))
        if (p.isError())
            rules.append(p.rule);
    return rules;
}

} // namespace

class TestLabStrings : public QObject
{
    Q_OBJECT

public:
    static void initMain() { Labforge::FeatureModules::install(); }

private Q_SLOTS:
    // Every string key of every built-in and test lab (one of each shape), value and key,
    // with a trailing newline, a tab and a NUL: refused at load (at its pointer) unless it
    // is free text taking a newline or a tab; and the JSON Schema says the same of each.
    void everyStringAgreesWithTheSchema()
    {
        QTemporaryDir dir;
        QHash<QString, bool> loaderRefuses; // file -> verdict
        QHash<QString, QString> what;
        QSet<QString> seen;
        int n = 0;
        for (const QString &file : labFiles()) {
            QFile f(file);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray original = f.readAll();
            QVERIFY2(LabReader::read(original).errors.isEmpty(), qPrintable(file));
            const QJsonObject root = QJsonDocument::fromJson(original).object();
            QList<Place> places;
            collect(root, QString(), places);
            for (const Place &place : std::as_const(places)) {
                if (!place.key && place.pointer == QLatin1String("/format"))
                    continue; // not a free string: the format's name
                const QString kind = shape(place.pointer) + (place.key ? QStringLiteral(" (key)") : QString());
                if (seen.contains(kind))
                    continue;
                seen.insert(kind);
                for (const QString &suffix : suffixes()) {
                    const QJsonValue changed = mutated(root, place.pointer.split(u'/').mid(1), place.key, suffix);
                    const QByteArray bytes = QJsonDocument(changed.toObject()).toJson();
                    const QString path = dir.path() + QStringLiteral("/%1.lab.json").arg(n++);
                    QFile out(path);
                    QVERIFY(out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size());
                    const LabReader::Result r = LabReader::read(bytes);
                    const QString pointer =
                        place.key ? place.pointer + QString(suffix).replace(u'~', QStringLiteral("~0")) : place.pointer;
                    const bool allowed = !place.key && LabStrings::isFreeText(place.pointer) && suffix != QChar(u'\0');
                    const QString label =
                        QStringLiteral("%1 + U+%2").arg(kind).arg(suffix.at(0).unicode(), 4, 16, QLatin1Char('0'));
                    QVERIFY2(allowed ? r.errors.isEmpty() : refusedAt(r, pointer), qPrintable(label));
                    loaderRefuses.insert(path, !r.errors.isEmpty());
                    what.insert(path, label);
                }
            }
        }
        QVERIFY2(seen.size() > 100, qPrintable(QString::number(seen.size())));
        QProcess python;
        python.start(QStringLiteral("python3"),
                     QStringList {TestLabs::sourceDir() + QStringLiteral("/tests/check_schema.py"),
                                  QStringLiteral("--verdicts"),
                                  TestLabs::sourceDir() + QStringLiteral("/resources/schema/lab.schema.json")}
                         + loaderRefuses.keys());
        QVERIFY(python.waitForFinished(300000));
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
        const QStringList lines = QString::fromUtf8(python.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), loaderRefuses.size());
        QStringList disagree;
        for (const QString &line : lines) {
            const QString path = line.section(u' ', 1);
            if ((line.section(u' ', 0, 0) == QLatin1String("refused")) != loaderRefuses.value(path))
                disagree.append(what.value(path)
                                + (loaderRefuses.value(path) ? QStringLiteral(": schema accepts")
                                                             : QStringLiteral(": schema refuses")));
        }
        QVERIFY2(disagree.isEmpty(), qPrintable(disagree.join(u'\n')));
    }

    // The validator on a lab made in memory (the designer's edits never pass the loader):
    // a name, user, package, URI or address that ends in a newline does not pass.
    void wholeStringPatternsRefuseATrailingNewline_data()
    {
        using Mutation = std::function<void(Lab &)>;
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("rule");
        QTest::newRow("lab name") << Mutation([](Lab &l) { l.name += u'\n'; }) << QStringLiteral("lab.name-invalid");
        QTest::newRow("node id") << Mutation([](Lab &l) { l.nodes[1].id += u'\n'; })
                                 << QStringLiteral("node.id-invalid");
        QTest::newRow("user") << Mutation([](Lab &l) { l.nodes[0].recipe.users[0].name += u'\n'; })
                              << QStringLiteral("user.name-invalid");
        QTest::newRow("package") << Mutation([](Lab &l) { l.nodes[0].recipe.packages.append(QStringLiteral("vim\n")); })
                                 << QStringLiteral("package.invalid");
        QTest::newRow("scenario name") << Mutation([](Lab &l) { l.scenarios[0].name += u'\n'; })
                                       << QStringLiteral("scenario.name-invalid");
    }
    void wholeStringPatternsRefuseATrailingNewline()
    {
        QFETCH(std::function<void(Lab &)>, mutate);
        QFETCH(QString, rule);
        Lab lab = clean();
        QCOMPARE(errorRules(lab), QStringList());
        mutate(lab);
        QVERIFY2(errorRules(lab).contains(rule), qPrintable(errorRules(lab).join(u' ')));
    }

    // What a designer edit types into a field (the lab in memory, never through the loader)
    // meets the loader's rule: a newline, tab or NUL where the loader refuses one is the
    // validator's error `lab.control-character` at the very pointer the loader names when
    // the lab is saved and read back; free text keeps its line feeds and tabs in both.
    void designerEditsMeetTheLoadersRule_data()
    {
        using Mutation = std::function<void(Lab &)>;
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("pointer"); // empty: allowed
        QTest::newRow("node id") << Mutation([](Lab &l) { l.nodes[1].id += u'\n'; })
                                 << QStringLiteral("/nodes/1/node_id");
        QTest::newRow("user name") << Mutation([](Lab &l) { l.nodes[0].recipe.users[0].name.insert(1, u'\t'); })
                                   << QStringLiteral("/nodes/0/recipe/users/0/name");
        QTest::newRow("package") << Mutation([](Lab &l) { l.nodes[0].recipe.packages.append(QStringLiteral("vim\n")); })
                                 << QStringLiteral("/nodes/0/recipe/packages/%1");
        QTest::newRow("network name") << Mutation([](Lab &l) { l.networks[0].name += QChar(u'\0'); })
                                      << QStringLiteral("/networks/0/name");
        QTest::newRow("service config value") << Mutation([](Lab &l) {
            l.nodes[0].recipe.services[0].config.insert(QStringLiteral("partition"), QStringLiteral("cpu\x1b[2J"));
        }) << QStringLiteral("/nodes/0/recipe/services/0/config/partition");
        QTest::newRow("service config key")
            << Mutation([](Lab &l) { l.nodes[0].recipe.services[0].config.insert(QStringLiteral("a\tb"), 1); })
            << QStringLiteral("/nodes/0/recipe/services/0/config/a\tb");
        QTest::newRow("step id") << Mutation([](Lab &l) { l.scenarios[0].steps[0].id += u'\t'; })
                                 << QStringLiteral("/scenarios/0/steps/0/id");
        QTest::newRow("lab description with a NUL")
            << Mutation([](Lab &l) { l.description += QChar(u'\0'); }) << QStringLiteral("/description");
        QTest::newRow("lab description with lines and tabs")
            << Mutation([](Lab &l) { l.description += QStringLiteral("\n\tmore"); }) << QString();
        QTest::newRow("step command with lines")
            << Mutation([](Lab &l) { l.scenarios[0].steps[0].assertion.command += QStringLiteral("\n\ttrue"); })
            << QString();
    }
    void designerEditsMeetTheLoadersRule()
    {
        QFETCH(std::function<void(Lab &)>, mutate);
        QFETCH(QString, pointer);
        Lab lab = clean();
        mutate(lab);
        if (pointer.contains(QLatin1String("%1")))
            pointer = pointer.arg(lab.nodes[0].recipe.packages.size() - 1);
        QStringList at;
        for (const Problem &p : Validator::validate(lab)) {
            if (p.rule == QLatin1String("lab.control-character")) {
                QVERIFY(p.isError());
                at.append(p.pointer);
            }
        }
        const LabReader::Result loaded = LabReader::read(LabWriter::toBytes(lab));
        if (pointer.isEmpty()) {
            QCOMPARE(at, QStringList());
            QVERIFY(loaded.errors.isEmpty());
            return;
        }
        QCOMPARE(at, QStringList {pointer});
        QVERIFY2(refusedAt(loaded, pointer), qPrintable(pointer));
    }

    // The model's and generators' checks of a whole string, one by one.
    void wholeStringChecks()
    {
        QVERIFY(Lab::isHostName(QStringLiteral("compute-1")));
        QVERIFY(!Lab::isHostName(QStringLiteral("compute-1\n")));
        QVERIFY(SafeName::isSlurmName(QStringLiteral("debug")));
        QVERIFY(!SafeName::isSlurmName(QStringLiteral("debug\n")));
        QVERIFY(SafeName::check(QStringLiteral("lab\n"), SafeName::Kind::Lab).size() > 0);
        QVERIFY(SecretSlot::isSecretName(QStringLiteral("munge-key")));
        QVERIFY(!SecretSlot::isSecretName(QStringLiteral("munge-key\n")));
        QVERIFY(LabHost::uriProblem(QStringLiteral("qemu:///system")).isEmpty());
        QVERIFY(!LabHost::uriProblem(QStringLiteral("qemu:///system\n")).isEmpty());
        // A YAML scalar with a newline is quoted, never written plain.
        QCOMPARE(YamlWriter::write(QJsonValue(QStringLiteral("plain"))).trimmed(), QByteArray("plain"));
        QVERIFY(YamlWriter::write(QJsonValue(QStringLiteral("plain\n"))).startsWith('"'));
    }

    // No whole-string pattern in model/ or generators/ is anchored with "^…$" (PCRE's "$"
    // also matches before a final newline): each uses anchoredPattern or \A…\z.
    void noPatternEndsInADollar()
    {
        static const QRegularExpression dollarEnd(QStringLiteral("QStringLiteral\\(\\s*\"\\^[^\"]*\\$\"\\s*\\)"));
        QStringList found;
        for (const QString &dir : {QStringLiteral("/model"), QStringLiteral("/generators")}) {
            QDirIterator it(TestLabs::sourceDir() + dir, {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile f(it.next());
                QVERIFY(f.open(QIODevice::ReadOnly));
                const QString text = QString::fromUtf8(f.readAll());
                for (auto m = dollarEnd.globalMatch(text); m.hasNext();) {
                    const QString literal = m.next().captured(0);
                    // The schema's own pattern (ECMA-262, where "$" is the end) is exempt.
                    if (!f.fileName().endsWith(QLatin1String("SafeName.cpp")))
                        found.append(f.fileName() + QStringLiteral(": ") + literal);
                }
            }
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestLabStrings)
#include "tst_labstrings.moc"
