// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer's menus and docs/designer.md's "Menus and shortcuts" table say the same: every
// item of the menu bar (its text without the &) is a row of its menu, with every shortcut the
// item has, and every row of the table names an item that is there with those shortcuts. A
// submenu of items made from the lab or the settings (templates, recent files, roles, panels)
// is one row, `Title ▸ NAME`.
#include "DesignerFixture.h"
#include "TestLabs.h"

#include <QAction>
#include <QFile>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <algorithm>

using namespace Labforge;

namespace {

QString plain(QString text)
{
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    return text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
}

// "menu|item" → the shortcuts the row lists (portable text, as QKeySequence writes them).
QMap<QString, QStringList> documentedRows(QString *error)
{
    QFile file(TestLabs::sourceDir() + QStringLiteral("/docs/designer.md"));
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.fileName() + QStringLiteral(": ") + file.errorString();
        return {};
    }
    const QString text = QString::fromUtf8(file.readAll());
    const QString table =
        text.section(QStringLiteral("## Menus and shortcuts"), 1).section(QStringLiteral("\n## "), 0, 0);
    static const QRegularExpression row(QStringLiteral("^\\| ([^|]+?) \\| ([^|]+?) \\| ([^|]*?) ?\\|$"),
                                        QRegularExpression::MultilineOption);
    QMap<QString, QStringList> rows;
    for (auto it = row.globalMatch(table); it.hasNext();) {
        const auto m = it.next();
        if (m.captured(1) == QLatin1String("menu") || m.captured(1).startsWith(QLatin1String("---")))
            continue;
        QStringList keys;
        for (const QString &key : m.captured(3).split(QStringLiteral(", "), Qt::SkipEmptyParts))
            keys.append(QKeySequence(key.trimmed()).toString(QKeySequence::PortableText));
        rows.insert(m.captured(1) + QLatin1Char('|') + m.captured(2), keys);
    }
    if (rows.isEmpty())
        *error = QStringLiteral("docs/designer.md: no table under ## Menus and shortcuts");
    return rows;
}

} // namespace

class TestDesignerMenus : public DesignerFixture
{
    Q_OBJECT

private Q_SLOTS:
    void menusAndTheManualSayTheSame()
    {
        QString error;
        const QMap<QString, QStringList> documented = documentedRows(&error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList problems;
        QSet<QString> seen;
        for (QAction *top : m_window->menuBar()->actions()) {
            if (!top->menu())
                continue;
            const QString menu = plain(top->text());
            for (QAction *a : top->menu()->actions()) {
                if (a->isSeparator() || !a->isVisible() || a->text().isEmpty())
                    continue;
                QString item = plain(a->text());
                if (a->menu()) {
                    // One row for the submenu: "Title ▸ PLACEHOLDER".
                    const QString prefix = menu + QLatin1Char('|') + item + QStringLiteral(" ▸ ");
                    const auto row = std::find_if(documented.keyBegin(), documented.keyEnd(),
                                                  [&](const QString &k) { return k.startsWith(prefix); });
                    if (row == documented.keyEnd())
                        problems.append(
                            QStringLiteral("%1 ▸ %2 ▸ …: no row '%2 ▸ NAME' in docs/designer.md").arg(menu, item));
                    else
                        seen.insert(*row);
                    continue;
                }
                const QString key = menu + QLatin1Char('|') + item;
                QStringList shortcuts;
                for (const QKeySequence &s : a->shortcuts())
                    shortcuts.append(s.toString(QKeySequence::PortableText));
                if (!documented.contains(key)) {
                    problems.append(QStringLiteral("%1 ▸ %2 (%3) is not in docs/designer.md's table")
                                        .arg(menu, item, shortcuts.join(QStringLiteral(", "))));
                    continue;
                }
                seen.insert(key);
                QStringList listed = documented.value(key), has = shortcuts;
                listed.sort();
                has.sort();
                if (listed != has)
                    problems.append(
                        QStringLiteral("%1 ▸ %2: the menu has shortcut(s) '%3', docs/designer.md lists '%4'")
                            .arg(menu, item, has.join(QStringLiteral(", ")), listed.join(QStringLiteral(", "))));
            }
        }
        for (auto it = documented.cbegin(); it != documented.cend(); ++it) {
            if (!seen.contains(it.key()))
                problems.append(QStringLiteral("docs/designer.md lists %1 (%2), which no menu has")
                                    .arg(QString(it.key()).replace(QLatin1Char('|'), QStringLiteral(" ▸ ")),
                                         it.value().join(QStringLiteral(", "))));
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestDesignerMenus)
#include "tst_designer_menus.moc"
