// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ConsoleView.h"

#include "ConsoleKeys.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QVBoxLayout>

namespace Labforge {

namespace {
constexpr char Escape = 0x1d; // SerialConsole::Escape: Ctrl+] detaches
}

ConsoleView::ConsoleView(QString program, QString lab, QString node, QWidget *parent)
    : QWidget(parent)
    , m_program(std::move(program))
    , m_lab(std::move(lab))
    , m_node(std::move(node))
{
    setObjectName(QStringLiteral("console-") + m_node);
    m_screen = new QPlainTextEdit;
    m_screen->setObjectName(QStringLiteral("consoleScreen"));
    m_screen->setReadOnly(true);
    m_screen->setMaximumBlockCount(5000);
    m_screen->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_screen->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_input = new QLineEdit;
    m_input->setObjectName(QStringLiteral("consoleInput"));
    m_input->setPlaceholderText(tr("Type a line for %1 and press Return").arg(m_node));
    m_input->setFont(m_screen->font());
    auto *interrupt = new QPushButton(tr("Ctrl+C"));
    interrupt->setToolTip(tr("Send an interrupt (Ctrl+C) to the console"));
    m_followOnly = new QCheckBox(tr("Follow only"));
    m_followOnly->setToolTip(tr("Show the console's log as it grows without taking the console (another client "
                                "may hold it)"));
    m_lineMode = new QCheckBox(tr("Line mode"));
    m_lineMode->setObjectName(QStringLiteral("consoleLineMode"));
    m_lineMode->setToolTip(tr("Type a whole line below and send it with Return; off, every key typed on the console "
                              "goes to it at once (Ctrl+C, Tab, arrows, Backspace)"));
    m_attach = new QPushButton(tr("Detach"));
    m_attach->setObjectName(QStringLiteral("consoleAttach"));
    m_state = new QLabel;
    auto *row = new QHBoxLayout;
    row->addWidget(m_input, 1);
    row->addWidget(interrupt);
    row->addWidget(m_lineMode);
    row->addWidget(m_followOnly);
    row->addWidget(m_attach);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_state);
    layout->addWidget(m_screen, 1);
    layout->addLayout(row);

    m_process.setProcessChannelMode(QProcess::MergedChannels);
    connect(&m_process, &QProcess::readyRead, this, [this] { append(printable(&m_pending, m_process.readAll())); });
    connect(&m_process, &QProcess::finished, this, [this](int code) {
        append(printable(&m_pending, m_process.readAll()));
        m_state->setText(tr("%1: detached").arg(m_node));
        m_attach->setText(tr("Attach"));
        m_input->setEnabled(false);
        Q_EMIT ended(code);
    });
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart) {
            append(tr("Cannot run %1: %2\n").arg(m_program, m_process.errorString()));
            m_attach->setText(tr("Attach"));
            Q_EMIT ended(-1);
        }
    });
    connect(m_input, &QLineEdit::returnPressed, this, [this] {
        send(m_input->text().toUtf8() + '\r');
        m_input->clear();
    });
    m_screen->installEventFilter(this);
    connect(m_lineMode, &QCheckBox::toggled, this, [this](bool line) { setCharacterMode(!line); });
    setCharacterMode(true);
    connect(interrupt, &QPushButton::clicked, this, [this] { send(QByteArray(1, '\x03')); });
    connect(m_attach, &QPushButton::clicked, this, [this] {
        if (isAttached())
            detach();
        else
            attach(m_followOnly->isChecked());
    });
    connect(m_followOnly, &QCheckBox::toggled, this, [this](bool on) {
        if (!isAttached())
            return;
        connect(
            &m_process, &QProcess::finished, this, [this, on] { attach(on); }, Qt::SingleShotConnection);
        detach();
    });
}

ConsoleView::~ConsoleView()
{
    detach();
    if (!m_process.waitForFinished(2000))
        m_process.kill();
    m_process.waitForFinished(2000);
}

QString ConsoleView::screenText() const
{
    return m_screen->toPlainText();
}

void ConsoleView::attach(bool followOnly)
{
    if (isAttached())
        return;
    // Raw bytes: printable() below takes the escape sequences out for this view itself.
    QStringList args {QStringLiteral("console"), m_lab, m_node, QStringLiteral("--raw")};
    if (followOnly)
        args.append(QStringLiteral("--read-only"));
    m_pending.clear();
    m_state->setText(followOnly ? tr("%1: following the console log (read-only)").arg(m_node)
                                : tr("%1: serial console").arg(m_node));
    m_input->setEnabled(!followOnly);
    m_attach->setText(tr("Detach"));
    m_process.start(m_program, args);
}

void ConsoleView::detach()
{
    if (!isAttached())
        return;
    if (m_followOnly->isChecked() || m_process.arguments().contains(QStringLiteral("--read-only")))
        m_process.terminate(); // the log follower ends on a signal
    else
        m_process.write(QByteArray(1, Escape));
}

void ConsoleView::send(const QByteArray &bytes)
{
    if (isAttached())
        m_process.write(bytes);
}

bool ConsoleView::isCharacterMode() const
{
    return !m_lineMode->isChecked();
}

void ConsoleView::setCharacterMode(bool on)
{
    m_lineMode->setChecked(!on);
    m_input->setVisible(!on);
    m_screen->setToolTip(on ? tr("Keys typed here go to the console of %1 as typed (Ctrl+] detaches)").arg(m_node)
                            : QString());
    (on ? static_cast<QWidget *>(m_screen) : m_input)->setFocus(Qt::OtherFocusReason);
}

bool ConsoleView::eventFilter(QObject *watched, QEvent *event)
{
    // Character mode: the keys go to the console, shortcuts and Tab's focus move included.
    const bool key = event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride;
    if (watched != m_screen || !key || !isCharacterMode() || !isAttached())
        return QWidget::eventFilter(watched, event);
    const auto *press = static_cast<QKeyEvent *>(event);
    const QByteArray bytes = ConsoleKeys::bytes(press->key(), press->modifiers(), press->text());
    if (bytes.isEmpty())
        return QWidget::eventFilter(watched, event);
    event->accept(); // an override accepted: no shortcut takes the key
    if (event->type() == QEvent::KeyPress)
        send(bytes);
    return true;
}

void ConsoleView::append(const QString &text)
{
    if (text.isEmpty())
        return;
    QScrollBar *bar = m_screen->verticalScrollBar();
    const bool atEnd = bar->value() == bar->maximum();
    m_screen->moveCursor(QTextCursor::End);
    m_screen->insertPlainText(text);
    if (atEnd)
        bar->setValue(bar->maximum());
}

QString ConsoleView::printable(QByteArray *pending, const QByteArray &chunk)
{
    const QByteArray bytes = *pending + chunk;
    pending->clear();
    QByteArray out;
    out.reserve(bytes.size());
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const char c = bytes.at(i);
        if (c == '\x1b') {
            // CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), or a two-byte sequence.
            qsizetype j = i + 1;
            if (j >= bytes.size()) {
                *pending = bytes.mid(i);
                break;
            }
            if (bytes.at(j) == '[') {
                ++j;
                while (j < bytes.size() && (uchar(bytes.at(j)) < 0x40 || uchar(bytes.at(j)) > 0x7e))
                    ++j;
            } else if (bytes.at(j) == ']') {
                while (j < bytes.size() && bytes.at(j) != '\x07' && !(bytes.at(j) == '\\' && bytes.at(j - 1) == '\x1b'))
                    ++j;
            }
            if (j >= bytes.size()) {
                *pending = bytes.mid(i);
                break;
            }
            i = j;
            continue;
        }
        if (c == '\b') {
            if (!out.isEmpty() && out.back() != '\n')
                out.chop(1);
            continue;
        }
        if (c == '\r' || c == '\x07' || c == '\0')
            continue;
        out.append(c);
    }
    // A UTF-8 character cut at the chunk's end waits for its rest.
    qsizetype lead = out.size();
    while (lead > 0 && (uchar(out.at(lead - 1)) & 0xc0) == 0x80 && out.size() - lead < 3)
        --lead;
    if (lead > 0 && uchar(out.at(lead - 1)) >= 0xc0) {
        const uchar first = uchar(out.at(lead - 1));
        const qsizetype length = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : 2;
        if (out.size() - (lead - 1) < length) {
            *pending = out.mid(lead - 1) + *pending;
            out.truncate(lead - 1);
        }
    }
    return QString::fromUtf8(out);
}

} // namespace Labforge
