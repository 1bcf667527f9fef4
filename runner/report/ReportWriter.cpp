// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ReportWriter.h"

#include "Catalog.h"
#include "Lab.h"
#include "LinkLayout.h"
#include "NetworkLayout.h"
#include "OutputFile.h"
#include "PrivateFile.h"
#include "Redactor.h"
#include "RegularFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Labforge {

namespace {

QString x(const QString &s)
{
    QString out = s.toHtmlEscaped();
    // XML 1.0 forbids most control characters even when escaped.
    out.removeIf([](QChar c) {
        return c.unicode() < 0x20 && c != QLatin1Char('\n') && c != QLatin1Char('\t') && c != QLatin1Char('\r');
    });
    return out;
}

QString seconds(qint64 ms)
{
    return QString::number(ms / 1000.0, 'f', 3);
}

const char *const ReportFiles[] = {"report.json", "junit.xml", "report.html"};

QJsonValue redactedStrings(const QJsonValue &value, const Redactor &redactor)
{
    if (value.isString())
        return redactor.redact(value.toString());
    if (value.isArray()) {
        QJsonArray array = value.toArray();
        for (QJsonValueRef item : array)
            item = redactedStrings(item, redactor);
        return array;
    }
    if (value.isObject()) {
        QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            it.value() = redactedStrings(it.value(), redactor);
        return object;
    }
    return value;
}

} // namespace

QString ReportWriter::diagramSvg(const Lab &lab, const RunReport *report)
{
    const QSizeF box = Catalog::nodeSize();
    // The networks as buses, each interface a line to its bus (as on the canvas).
    const QList<QLineF> buses = NetworkLayout::buses(lab);
    QRectF bounds;
    for (const Node &n : lab.nodes)
        bounds |= NetworkLayout::nodeBox(n);
    for (const QLineF &b : buses)
        bounds |= QRectF(b.x1() - 230, b.y1() - 20, b.dx() + 230, 40);
    bounds.adjust(-20, -20, 20, 20);
    QString svg = QStringLiteral("<svg xmlns='http://www.w3.org/2000/svg' viewBox='%1 %2 %3 %4' width='%3' "
                                 "height='%4' font-family='sans-serif'>\n")
                      .arg(bounds.x())
                      .arg(bounds.y())
                      .arg(bounds.width())
                      .arg(bounds.height());
    for (const NetworkLayout::Wire &w : NetworkLayout::wires(lab)) {
        svg += QStringLiteral("<line x1='%1' y1='%2' x2='%3' y2='%4' stroke='#90a4ae' stroke-width='2'/>\n")
                   .arg(w.line.x1())
                   .arg(w.line.y1())
                   .arg(w.line.x2())
                   .arg(w.line.y2());
    }
    for (int k = 0; k < buses.size(); ++k) {
        const QLineF &b = buses.at(k);
        svg += QStringLiteral("<line x1='%1' y1='%2' x2='%3' y2='%2' stroke='#546e7a' stroke-width='6' "
                              "stroke-linecap='round'/>\n<text x='%4' y='%5' font-size='12' text-anchor='end' "
                              "fill='#37474f'><tspan font-weight='bold'>%6</tspan> %7</text>\n")
                   .arg(b.x1())
                   .arg(b.y1())
                   .arg(b.x2())
                   .arg(b.x1() - 10)
                   .arg(b.y1() + 4)
                   .arg(lab.networks.at(k).name.toHtmlEscaped(), lab.networks.at(k).cidr.toHtmlEscaped());
    }
    // The links from card to card (as on the canvas), with their labels.
    const QList<QList<QPointF>> links = LinkLayout::paths(lab);
    for (int k = 0; k < links.size(); ++k) {
        const QList<QPointF> &l = links.at(k);
        if (l.size() < 2)
            continue;
        const Link &link = lab.links.at(k);
        const QString title =
            QStringLiteral("<title>%1 – %2 (%3)</title>").arg(x(link.from), x(link.to), x(link.network));
        if (l.size() == 2) {
            svg +=
                QStringLiteral("<line class='link' x1='%1' y1='%2' x2='%3' y2='%4' stroke='#3f51b5' stroke-width='2.5' "
                               "stroke-linecap='round'>%5</line>\n")
                    .arg(l.first().x())
                    .arg(l.first().y())
                    .arg(l.last().x())
                    .arg(l.last().y())
                    .arg(title);
        } else {
            QStringList points;
            for (const QPointF &p : l)
                points.append(QStringLiteral("%1,%2").arg(p.x()).arg(p.y()));
            svg += QStringLiteral("<polyline class='link' points='%1' fill='none' stroke='#3f51b5' stroke-width='2.5' "
                                  "stroke-linecap='round' stroke-linejoin='round'>%2</polyline>\n")
                       .arg(points.join(QLatin1Char(' ')), title);
        }
        if (!link.label.isEmpty()) {
            const QRectF r = LinkLayout::labelRect(l, link.label);
            svg += QStringLiteral("<rect x='%1' y='%2' width='%3' height='%4' rx='4' fill='#ffffff' stroke='#3f51b5'/>"
                                  "<text x='%5' y='%6' font-size='11' text-anchor='middle' fill='#3f51b5'>%7</text>\n")
                       .arg(r.x())
                       .arg(r.y())
                       .arg(r.width())
                       .arg(r.height())
                       .arg(r.center().x())
                       .arg(r.center().y() + 4)
                       .arg(x(link.label));
        }
    }
    for (const Node &n : lab.nodes) {
        int passed = 0, failed = 0;
        if (report) {
            for (const AssertionResult &r : report->results) {
                if (r.node == n.id) {
                    passed += r.state == AssertionResult::State::Passed;
                    failed += r.state == AssertionResult::State::Failed;
                }
            }
        }
        const QString stroke = failed ? QStringLiteral("#c62828")
            : passed                  ? QStringLiteral("#2e7d32")
                                      : QStringLiteral("#455a64");
        svg +=
            QStringLiteral(
                "<g><rect x='%1' y='%2' width='%3' height='%4' rx='8' fill='#fafafa' stroke='%5' stroke-width='3'/>\n")
                .arg(n.position.x())
                .arg(n.position.y())
                .arg(box.width())
                .arg(box.height())
                .arg(stroke);
        svg += QStringLiteral("<text x='%1' y='%2' font-size='15' font-weight='bold'>%3</text>\n")
                   .arg(n.position.x() + 10)
                   .arg(n.position.y() + 24)
                   .arg(x(n.id));
        svg += QStringLiteral("<text x='%1' y='%2' font-size='12' fill='#455a64'>%3 · %4</text>\n")
                   .arg(n.position.x() + 10)
                   .arg(n.position.y() + 44)
                   .arg(x(n.role), x(n.ip()));
        if (report && (passed || failed))
            svg += QStringLiteral("<text x='%1' y='%2' font-size='12' fill='%3'>%4 passed, %5 failed</text>\n")
                       .arg(n.position.x() + 10)
                       .arg(n.position.y() + 66)
                       .arg(stroke)
                       .arg(passed)
                       .arg(failed);
        svg += QStringLiteral("</g>\n");
    }
    svg += QStringLiteral("</svg>\n");
    return svg;
}

QByteArray ReportWriter::junit(const RunReport &report)
{
    QString out = QStringLiteral("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out += QStringLiteral("<testsuites name=\"%1\" tests=\"%2\" failures=\"%3\" skipped=\"%4\" time=\"%5\">\n")
               .arg(x(report.lab))
               .arg(report.results.size())
               .arg(report.count(AssertionResult::State::Failed))
               .arg(report.count(AssertionResult::State::Skipped))
               .arg(seconds(report.started.msecsTo(report.finished)));
    for (const QString &scenario : report.scenarios) {
        QList<const AssertionResult *> rs;
        int failed = 0, skipped = 0;
        qint64 ms = 0;
        for (const AssertionResult &r : report.results) {
            if (r.scenario != scenario)
                continue;
            rs.append(&r);
            failed += r.state == AssertionResult::State::Failed;
            skipped += r.state == AssertionResult::State::Skipped;
            ms += r.durationMs;
        }
        out +=
            QStringLiteral(
                "  <testsuite name=\"%1\" tests=\"%2\" failures=\"%3\" skipped=\"%4\" time=\"%5\" timestamp=\"%6\">\n")
                .arg(x(scenario))
                .arg(rs.size())
                .arg(failed)
                .arg(skipped)
                .arg(seconds(ms))
                .arg(report.started.toString(Qt::ISODate));
        for (const AssertionResult *r : rs) {
            out += QStringLiteral("    <testcase classname=\"%1.%2\" name=\"%3\" time=\"%4\">\n")
                       .arg(x(scenario), x(r->node), x(r->stepId + QStringLiteral(": ") + r->description))
                       .arg(seconds(r->durationMs));
            if (!r->figures.isEmpty()) {
                out += QStringLiteral("      <properties>\n");
                for (const StepFigure &f : r->figures)
                    out += QStringLiteral("        <property name=\"figure.%1\" value=\"%2\"/>\n")
                               .arg(x(f.name), x(StepFigures::text(f)));
                out += QStringLiteral("      </properties>\n");
            }
            const AssertionResult::Attempt last =
                r->attempts.isEmpty() ? AssertionResult::Attempt {} : r->attempts.last();
            const QString evidence =
                QStringLiteral("node: %1\ncommand:\n%2\nexpected: %3\nexit status: %4\nstdout:\n%5\nstderr:\n%6")
                    .arg(r->node, r->command, r->expectation)
                    .arg(last.exitCode)
                    .arg(last.stdoutExcerpt, last.stderrExcerpt);
            if (r->state == AssertionResult::State::Failed)
                out += QStringLiteral("      <failure message=\"%1\">%2</failure>\n").arg(x(r->message), x(evidence));
            else if (r->state == AssertionResult::State::Skipped)
                out += QStringLiteral("      <skipped message=\"%1\"/>\n").arg(x(r->message));
            else
                out += QStringLiteral("      <system-out>%1</system-out>\n").arg(x(evidence));
            out += QStringLiteral("    </testcase>\n");
        }
        out += QStringLiteral("  </testsuite>\n");
    }
    out += QStringLiteral("</testsuites>\n");
    return out.toUtf8();
}

QString ReportWriter::timelineSvg(const QList<RunTimeline::Span> &spans)
{
    if (spans.isEmpty())
        return {};
    QDateTime first = spans.first().start, last = first;
    for (const RunTimeline::Span &s : spans) {
        first = std::min(first, s.start);
        last = std::max(last, s.end.isValid() ? s.end : s.start);
    }
    // Rows: the stages in the order they began, then the nodes in the order they appeared.
    QStringList rows;
    for (const RunTimeline::Span &s : spans) {
        const QString row = s.node.isEmpty() ? QStringLiteral("stage ") + stageName(s.stage) : s.node;
        if (s.node.isEmpty() && !rows.contains(row))
            rows.append(row);
    }
    for (const RunTimeline::Span &s : spans) {
        if (!s.node.isEmpty() && !rows.contains(s.node))
            rows.append(s.node);
    }
    constexpr int Label = 150, Width = 760, RowHeight = 22, Axis = 24;
    const double totalMs = std::max<qint64>(1000, first.msecsTo(last));
    const auto xOf = [&](const QDateTime &t) {
        return Label + Width * (first.msecsTo(t) / totalMs);
    };
    QString svg = QStringLiteral("<svg xmlns='http://www.w3.org/2000/svg' class='timeline' width='%1' height='%2' "
                                 "font-family='sans-serif' font-size='12'>\n")
                      .arg(Label + Width + 20)
                      .arg(Axis + RowHeight * rows.size() + 8);
    // The time axis: a tick every tenth of the run, in seconds from its start.
    for (int i = 0; i <= 10; ++i) {
        const double tx = Label + Width * i / 10.0;
        svg += QStringLiteral("<line x1='%1' y1='%2' x2='%1' y2='%3' stroke='#eceff1'/><text x='%1' y='14' "
                              "text-anchor='middle' fill='#607d8b'>%4 s</text>\n")
                   .arg(tx)
                   .arg(Axis - 4)
                   .arg(Axis + RowHeight * rows.size())
                   .arg(qRound64(totalMs * i / 10000.0)); // a record's span may be centuries long
    }
    for (int r = 0; r < rows.size(); ++r)
        svg += QStringLiteral("<text x='4' y='%1'>%2</text>\n").arg(Axis + r * RowHeight + 15).arg(x(rows.at(r)));
    const QHash<QString, QString> colours {{QStringLiteral("building"), QStringLiteral("#1976d2")},
                                           {QStringLiteral("booting"), QStringLiteral("#f9a825")},
                                           {QStringLiteral("reused"), QStringLiteral("#90a4ae")}};
    for (const RunTimeline::Span &s : spans) {
        const int r = int(rows.indexOf(s.node.isEmpty() ? QStringLiteral("stage ") + stageName(s.stage) : s.node));
        const QDateTime end = s.end.isValid() ? s.end : last;
        const double x0 = xOf(s.start), width = std::max(2.0, xOf(end) - x0);
        const QString colour = s.failed
            ? QStringLiteral("#c62828")
            : colours.value(s.what, s.node.isEmpty() ? QStringLiteral("#455a64") : QStringLiteral("#2e7d32"));
        svg += QStringLiteral("<rect x='%1' y='%2' width='%3' height='%4' rx='3' fill='%5'><title>%6: %7 s</title>"
                              "</rect>\n")
                   .arg(x0, 0, 'f', 1)
                   .arg(Axis + r * RowHeight + 3)
                   .arg(width, 0, 'f', 1)
                   .arg(RowHeight - 6)
                   .arg(colour,
                        x((s.node.isEmpty() ? QString() : s.node + QLatin1Char(' ')) + s.what
                          + (s.failed ? QStringLiteral(" (failed)") : QString())),
                        seconds(s.start.msecsTo(end)));
    }
    svg += QStringLiteral("</svg>\n");
    return svg;
}

QString ReportWriter::figuresHtml(const RunReport &report)
{
    // What the steps measured (StepFigures), in one table: step, node, figure, value.
    QString rows;
    for (const AssertionResult &r : report.results) {
        for (const StepFigure &f : r.figures)
            rows += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td></tr>\n")
                        .arg(x(r.stepId), x(r.node), x(f.name), x(StepFigures::text(f)));
    }
    if (rows.isEmpty())
        return {};
    return QStringLiteral("<h2>Figures</h2>\n<p class=\"meta\">what the steps measured, from their last attempt</p>\n"
                          "<table id=\"figures\"><tr><th>step</th><th>node</th><th>figure</th><th>value</th></tr>\n")
        + rows + QStringLiteral("</table>\n");
}

QByteArray ReportWriter::html(const RunReport &report)
{
    const int passed = report.count(AssertionResult::State::Passed);
    const int failed = report.count(AssertionResult::State::Failed);
    const int skipped = report.count(AssertionResult::State::Skipped);
    QString h =
        QStringLiteral(
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>labforge report: %1</title>\n")
            .arg(x(report.lab));
    h += QStringLiteral(
        "<style>body{font-family:sans-serif;margin:2em;color:#263238}h1{margin-bottom:0}.meta{color:#607d8b}"
        "table{border-collapse:collapse;width:100%;margin:1em 0}td,th{border:1px solid #cfd8dc;padding:4px "
        "8px;text-align:left;vertical-align:top}"
        ".passed{color:#2e7d32;font-weight:bold}.failed{color:#c62828;font-weight:bold}.skipped{color:#8d6e63;font-"
        "weight:bold}"
        "pre{background:#f5f5f5;padding:6px;white-space:pre-wrap;max-height:30em;overflow:auto}details{margin:2px 0}"
        ".badge{display:inline-block;padding:2px 10px;border-radius:10px;color:white;margin-right:6px}"
        "body.only-failed tr.passed-row,body.only-failed tr.skipped-row{display:none}</style></head>\n<body>\n");
    h += QStringLiteral("<h1>%1</h1>\n<p class=\"meta\">%2 → %3 · %4</p>\n")
             .arg(x(report.lab), report.started.toString(Qt::ISODate), report.finished.toString(Qt::ISODate),
                  x(report.runInfo));
    h += QStringLiteral("<p><span class=\"badge\" style=\"background:#2e7d32\">%1 passed</span><span class=\"badge\" "
                        "style=\"background:#c62828\">%2 failed</span>"
                        "<span class=\"badge\" style=\"background:#8d6e63\">%3 skipped</span> verdict: <b>%4</b></p>\n")
             .arg(passed)
             .arg(failed)
             .arg(skipped)
             .arg(!report.bootError.isEmpty()  ? QStringLiteral("BOOT FAILED")
                      : report.exitCode() == 0 ? QStringLiteral("PASS")
                      : report.exitCode() == 1 ? QStringLiteral("FAIL")
                                               : QStringLiteral("NOTHING RAN"));
    if (!report.bootError.isEmpty())
        h += QStringLiteral("<h2 class=\"failed\">The lab did not come up</h2>\n<pre id=\"boot-error\">%1</pre>\n")
                 .arg(x(report.bootError));
    h += figuresHtml(report);
    h += QStringLiteral("<label><input type=\"checkbox\" onchange=\"document.body.classList.toggle('only-failed', "
                        "this.checked)\"> show failed only</label>\n");
    if (!report.timeline.isEmpty())
        h += QStringLiteral("<h2>Timeline</h2>\n<p class=\"meta\">stages, then each node: image build (blue), reused "
                            "image (grey), boot until SSH answers (amber), failed (red)</p>\n")
            + timelineSvg(report.timeline);
    if (!report.bootAnalysis.isEmpty()) {
        // Per node: when its domain started and when SSH answered (from the timeline), and
        // where the guest's own boot went (systemd-analyze time).
        QHash<QString, RunTimeline::Span> booting;
        for (const RunTimeline::Span &span : report.timeline) {
            if (span.what == QLatin1String("booting"))
                booting.insert(span.node, span);
        }
        const auto at = [&](const QDateTime &t) {
            return t.isValid() ? seconds(report.started.msecsTo(t)) + QStringLiteral(" s") : QStringLiteral("–");
        };
        const auto phase = [](double s) {
            return s < 0 ? QStringLiteral("–") : QString::number(s, 'f', 1) + QStringLiteral(" s");
        };
        h += QStringLiteral("<h2>Boot of each node</h2>\n<p class=\"meta\">run time: when the domain started and "
                            "SSH answered; define: the host's libvirt define; the rest in the guest, seconds after "
                            "its kernel started</p>\n<table id=\"boot-analysis\"><tr><th>node</th><th>define</th>"
                            "<th>started</th><th>SSH answered</th><th>kernel</th><th>initrd</th><th>multi-user."
                            "target</th><th>sshd active</th><th>first command</th><th>systemd-analyze</th></tr>\n");
        for (auto it = report.bootAnalysis.cbegin(); it != report.bootAnalysis.cend(); ++it) {
            const RunTimeline::Span span = booting.value(it.key());
            h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td><td>%7</td>"
                                "<td>%8</td><td>%9</td>")
                     .arg(x(it.key()), phase(it->defineS), at(span.start), at(span.end), phase(it->kernelS),
                          phase(it->initrdS), phase(it->multiUserS), phase(it->sshdS), phase(it->firstCommandS))
                + QStringLiteral("<td><pre>%1</pre><details><summary>slowest units, critical chain</summary><pre>%2"
                                 "</pre><pre>%3</pre></details></td></tr>\n")
                      .arg(x(it->raw), x(it->blame), x(it->criticalChain));
        }
        h += QStringLiteral("</table>\n");
    }
    for (auto it = report.consoles.cbegin(); it != report.consoles.cend(); ++it)
        h += QStringLiteral("<h2 id=\"console-%1\">Console of %1 (last lines)</h2>\n<pre>%2</pre>\n")
                 .arg(x(it.key()), x(it.value()));
    if (!report.diagramSvg.isEmpty())
        h += QStringLiteral("<h2>Lab</h2>\n") + report.diagramSvg;
    QStringList nodes;
    for (const AssertionResult &r : report.results) {
        if (!nodes.contains(r.node))
            nodes.append(r.node);
    }
    for (const QString &node : nodes) {
        h += QStringLiteral("<h2 "
                            "id=\"node-%1\">%1</h2>\n<table><tr><th>scenario</th><th>assertion</th><th>state</"
                            "th><th>time</th><th>evidence</th></tr>\n")
                 .arg(x(node));
        for (const AssertionResult &r : report.results) {
            if (r.node != node)
                continue;
            const QString state = AssertionResult::stateName(r.state);
            h += QStringLiteral("<tr class=\"%1-row\"><td>%2%3</td><td><b>%4</b><br>%5</td><td "
                                "class=\"%1\">%1</td><td>%6 s</td><td>")
                     .arg(state, x(r.scenario), r.gating ? QString() : QStringLiteral(" (not gating)"), x(r.stepId),
                          x(r.description), seconds(r.durationMs));
            h += QStringLiteral("<details%1><summary>%2</summary><p>expected: %3</p><pre>%4</pre>")
                     .arg(r.state == AssertionResult::State::Failed ? QStringLiteral(" open") : QString(), x(r.message),
                          x(r.expectation), x(r.command));
            for (const AssertionResult::Attempt &a : r.attempts)
                h += QStringLiteral("<details><summary>attempt %1: %2 (exit %3, %4 "
                                    "s)</summary><p>stdout</p><pre>%5</pre><p>stderr</p><pre>%6</pre></details>")
                         .arg(a.number)
                         .arg(x(a.verdict))
                         .arg(a.exitCode)
                         .arg(seconds(a.durationMs))
                         .arg(x(a.stdoutExcerpt), x(a.stderrExcerpt));
            h += QStringLiteral("</details></td></tr>\n");
        }
        h += QStringLiteral("</table>\n");
    }
    h += QStringLiteral("</body></html>\n");
    return h.toUtf8();
}

bool ReportWriter::write(const RunReport &report, const QString &directory, QString *error, const Redactor *redactor)
{
    if (!checkTargets(directory, error) || !PrivateFile::makeMissingDirectories(directory, error))
        return false;
    // The engine redacts evidence as it is taken; this last pass covers everything else
    // a report carries (run info, messages, names): each string before it is escaped as
    // JSON or marked up as HTML (a secret wrapped into lines is still seen whole there),
    // then each file as a whole.
    const RunReport clean = redactor ? redacted(report, *redactor) : report;
    auto last = [redactor](const QByteArray &data) {
        return redactor ? redactor->redact(data) : data;
    };
    // Each file is written whole beside its place and renamed into it (OutputFile, 0600).
    return OutputFile::write(directory + QStringLiteral("/report.json"), last(QJsonDocument(clean.toJson()).toJson()),
                             error)
        && OutputFile::write(directory + QStringLiteral("/junit.xml"), last(junit(clean)), error)
        && OutputFile::write(directory + QStringLiteral("/report.html"), last(html(clean)), error);
}

bool ReportWriter::checkTargets(const QString &directory, QString *error)
{
    const QFileInfo info(directory);
    if (info.exists() && !info.isDir()) {
        *error = QStringLiteral("will not write a report into %1: it is not a directory").arg(directory);
        return false;
    }
    for (const char *name : ReportFiles) {
        if (!OutputFile::checkTarget(directory + QLatin1Char('/') + QLatin1String(name), error))
            return false;
    }
    return true;
}

RunReport ReportWriter::redacted(const RunReport &report, const Redactor &redactor)
{
    RunReport clean = RunReport::fromJson(redactedStrings(report.toJson(), redactor).toObject());
    clean.diagramSvg = redactor.redact(report.diagramSvg);
    return clean;
}

std::optional<RunReport> ReportWriter::read(const QString &directory, QString *error)
{
    // A report may have come from elsewhere: a link, a FIFO or a device is refused, and so is
    // more than a report holds.
    const QString path = directory + QStringLiteral("/report.json");
    const auto bytes = RegularFile::read(path, MaxReportBytes, error);
    if (!bytes)
        return std::nullopt;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &pe);
    if (pe.error != QJsonParseError::NoError
        || doc.object().value(QStringLiteral("format")).toString() != QLatin1String("labforge/report@1")) {
        *error = QStringLiteral("%1 is not a labforge report (labforge/report@1)").arg(path);
        return std::nullopt;
    }
    return RunReport::fromJson(doc.object());
}

} // namespace Labforge
