// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QWidget>

class QCheckBox;
class QLineEdit;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace Labforge {

// A node's serial console in the designer: `labforge console LAB NODE` (the command line's
// own implementation, through libvirt's console stream) run as a child process, its output
// shown as plain text (terminal escapes dropped). In character mode (the default) each key
// typed on the screen goes to the console at once, as a terminal sends it (ConsoleKeys:
// Ctrl+C, Tab, arrows, Backspace as their bytes); in line mode a line typed below is sent
// with a return. "Follow only" runs it with --read-only: the console's log as it grows, the
// console left to another client. Detach (or Ctrl+] typed) sends the escape byte; closing
// the view detaches too.
class ConsoleView : public QWidget
{
    Q_OBJECT
public:
    ConsoleView(QString program, QString lab, QString node, QWidget *parent = nullptr);
    ~ConsoleView() override;

    QString node() const { return m_node; }
    bool isAttached() const { return m_process.state() != QProcess::NotRunning; }
    QString screenText() const;
    // Starts the console (again); `followOnly`: the log, read-only.
    void attach(bool followOnly);
    void detach();
    // Sends bytes to the guest as typed (a line ends with a return).
    void send(const QByteArray &bytes);
    bool isCharacterMode() const;
    void setCharacterMode(bool on);
    // Console output made readable: escape sequences and carriage returns dropped, a
    // backspace taking the character before it. Bytes of an unfinished sequence wait in `pending`.
    static QString printable(QByteArray *pending, const QByteArray &chunk);

Q_SIGNALS:
    void ended(int exitCode);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void append(const QString &text);

    QString m_program;
    QString m_lab;
    QString m_node;
    QProcess m_process;
    QByteArray m_pending;
    QPlainTextEdit *m_screen;
    QLineEdit *m_input;
    QCheckBox *m_followOnly;
    QCheckBox *m_lineMode;
    QPushButton *m_attach;
    QLabel *m_state;
};

} // namespace Labforge
