// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Code highlighting (app/CodeHighlighting): which highlighter and definition a file or
// language gets, in a build with KF6 SyntaxHighlighting and in one without it, and that
// highlighting a document really formats its text.
#include "CodeHighlighting.h"
#include "FeatureModules.h"
#include "JsonHighlighter.h"

#include <QPlainTextDocumentLayout>
#include <QSet>
#include <QSyntaxHighlighter>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

using namespace Labforge;

namespace {

// The distinct character formats the highlighter laid over the document's text.
QSet<QString> formatsOf(const QTextDocument &document)
{
    QSet<QString> seen;
    for (QTextBlock b = document.begin(); b.isValid(); b = b.next()) {
        const auto formats = b.layout()->formats();
        for (const QTextLayout::FormatRange &r : formats) {
            if (r.length > 0)
                seen.insert(QStringLiteral("%1/%2/%3")
                                .arg(r.format.foreground().color().name(), r.format.background().color().name())
                                .arg(r.format.fontWeight()));
        }
    }
    return seen;
}

// A document laid out as QPlainTextEdit lays out its own (without a layout a document reports
// no changes, so nothing would be highlighted as text arrives).
struct PlainDocument : QTextDocument
{
    PlainDocument() { setDocumentLayout(new QPlainTextDocumentLayout(this)); }
};

} // namespace

class TestHighlighting : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private Q_SLOTS:
    void backendIsTheBuilds()
    {
#ifdef LABFORGE_HAVE_KF6_SYNTAX
        QVERIFY(CodeHighlighting::usesKf6());
        QVERIFY2(CodeHighlighting::backend().startsWith(QLatin1String("KF6 SyntaxHighlighting 6.")),
                 qPrintable(CodeHighlighting::backend()));
#else
        QVERIFY(!CodeHighlighting::usesKf6());
        QCOMPARE(CodeHighlighting::backend(), QStringLiteral("built-in"));
#endif
    }

    void syntaxForPathsAndNames_data()
    {
        QTest::addColumn<QString>("pathOrLanguage");
        QTest::addColumn<QString>("kf6"); // the KF6 definition, in a build with KF6
        QTest::addColumn<QString>("builtin"); // the built-in language, in a build without
        QTest::newRow("plan.json") << QStringLiteral("plan.json") << QStringLiteral("JSON") << QStringLiteral("JSON");
        QTest::newRow("yaml") << QStringLiteral("nodes/controller/overlay/etc/kubeadm-controller.yaml")
                              << QStringLiteral("YAML") << QStringLiteral("YAML");
        QTest::newRow("yml") << QStringLiteral("values.yml") << QStringLiteral("YAML") << QStringLiteral("YAML");
        QTest::newRow("build.sh") << QStringLiteral("nodes/storage/build.sh") << QStringLiteral("Bash")
                                  << QStringLiteral("Shell");
        QTest::newRow("service") << QStringLiteral("nodes/storage/overlay/etc/systemd/system/hpc-disk-guard.service")
                                 << QStringLiteral("systemd unit") << QStringLiteral("INI");
        QTest::newRow("timer") << QStringLiteral("fstrim.timer") << QStringLiteral("systemd unit")
                               << QStringLiteral("INI");
        QTest::newRow("mount") << QStringLiteral("srv-nfs.mount") << QStringLiteral("systemd unit")
                               << QStringLiteral("INI");
        QTest::newRow("network") << QStringLiteral("10-lab.network") << QStringLiteral("systemd unit")
                                 << QStringLiteral("INI");
        QTest::newRow("drop-in") << QStringLiteral("overlay/etc/systemd/system/kubelet.service.d/10-kubeadm.conf")
                                 << QStringLiteral("systemd unit") << QStringLiteral("INI");
        QTest::newRow("journald drop-in") << QStringLiteral("overlay/etc/systemd/journald.conf.d/10-labforge.conf")
                                          << QStringLiteral("systemd unit") << QStringLiteral("INI");
        // The names the editors use: a service's config, a scenario step's command.
        QTest::newRow("name JSON") << QStringLiteral("JSON") << QStringLiteral("JSON") << QStringLiteral("JSON");
        QTest::newRow("name Bash") << QStringLiteral("Bash") << QStringLiteral("Bash") << QStringLiteral("Shell");
        QTest::newRow("name yaml") << QStringLiteral("yaml") << QStringLiteral("YAML") << QStringLiteral("YAML");
    }

    void syntaxForPathsAndNames()
    {
        QFETCH(QString, pathOrLanguage);
        QFETCH(QString, kf6);
        QFETCH(QString, builtin);
        const CodeHighlighting::Syntax syntax = CodeHighlighting::syntaxFor(pathOrLanguage);
        QCOMPARE(syntax.kf6, CodeHighlighting::usesKf6());
        QCOMPARE(syntax.name, CodeHighlighting::usesKf6() ? kf6 : builtin);
    }

    // A file no KF6 definition knows still gets the built-in highlighter (shell, as before).
    void unknownFileFallsBackToBuiltin()
    {
        const CodeHighlighting::Syntax syntax = CodeHighlighting::syntaxFor(QStringLiteral("nodes/a/secret-slots.lfx"));
        QVERIFY(!syntax.kf6);
        QCOMPARE(syntax.name, QStringLiteral("Shell"));
        PlainDocument document;
        QVERIFY(qobject_cast<JsonHighlighter *>(
            CodeHighlighting::attach(&document, QStringLiteral("nodes/a/secret-slots.lfx"))));
    }

    void formatsText_data()
    {
        QTest::addColumn<QString>("pathOrLanguage");
        QTest::addColumn<QString>("text");
        QTest::newRow("json") << QStringLiteral("plan.json")
                              << QStringLiteral(
                                     "{\n  \"name\": \"slurmctld\",\n  \"port\": 6817,\n  \"enabled\": true\n}\n");
        QTest::newRow("yaml") << QStringLiteral("values.yaml")
                              << QStringLiteral("controller:\n  replicas: 1 # one\n  image: \"slurm\"\n");
        QTest::newRow("shell") << QStringLiteral("build.sh")
                               << QStringLiteral("#!/bin/bash\nset -e\nif [ -n \"$NODE\" ]; then\n  echo 'up'\nfi\n");
        QTest::newRow("unit") << QStringLiteral("hpc-disk-guard.service")
                              << QStringLiteral("[Unit]\nDescription=Guard\n\n[Service]\nType=oneshot\n"
                                                "ExecStart=/usr/local/sbin/hpc-disk-guard\n");
        QTest::newRow("service config") << QStringLiteral("JSON") << QStringLiteral("{\"port\": 6817}");
        QTest::newRow("step command") << QStringLiteral("Bash")
                                      << QStringLiteral("for n in 1 2; do echo \"$n\"; done # count");
    }

    // Both ways the editors use it: attached to an empty document that is then filled (Review,
    // the editors), and attached to a document that already has its text.
    void formatsText()
    {
        QFETCH(QString, pathOrLanguage);
        QFETCH(QString, text);
        PlainDocument filledAfter;
        CodeHighlighting::attach(&filledAfter, pathOrLanguage);
        filledAfter.setPlainText(text);
        const QSet<QString> after = formatsOf(filledAfter);
        QVERIFY2(after.size() >= 2, qPrintable(QStringLiteral("%1 distinct formats").arg(after.size())));

        PlainDocument filledBefore;
        filledBefore.setPlainText(text);
        CodeHighlighting::attach(&filledBefore, pathOrLanguage);
        QCOMPARE(formatsOf(filledBefore), after);
    }

    // Review shows one file after another in one view: one highlighter at a time.
    void attachReplacesTheEarlierHighlighter()
    {
        PlainDocument document;
        document.setPlainText(QStringLiteral("[Unit]\nDescription=x\n"));
        CodeHighlighting::attach(&document, QStringLiteral("a.service"));
        const QSet<QString> unit = formatsOf(document);
        QSyntaxHighlighter *json = CodeHighlighting::attach(&document, QStringLiteral("plan.json"));
        QCOMPARE(document.findChildren<QSyntaxHighlighter *>().size(), 1);
        QCOMPARE(document.findChildren<QSyntaxHighlighter *>().constFirst(), json);
        document.setPlainText(QStringLiteral("{\"a\": 1}"));
        QVERIFY(!formatsOf(document).isEmpty());
        QVERIFY(formatsOf(document) != unit);
    }
};

QTEST_MAIN(TestHighlighting)
#include "tst_highlighting.moc"
