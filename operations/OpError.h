// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>
#include <QStringList>

namespace Labforge {

// Where an operation went wrong: the lab, and the node or link ("a - b") when it was one's.
struct OpPlace
{
    QString lab;
    QString node;
    QString link;
};

// Why an operation did not do what it was asked, as a value: a stable id ("node.unknown",
// "lab.not_up") that callers test, the place, and a message. The message's source is English,
// marked for translation in the context "Labforge::Operations": message() is it in the user's
// language (the designer), text() as written (the command line's output, which scripts read).
// A refusal or failure the runner words itself is carried in its words (runnerWords()).
class OpError
{
public:
    // Unusable: the call could not be made (a lab that is not up, a bad argument); the command
    // line exits 2. Failed: it was made and did not succeed; the command line exits 1.
    enum class Kind { Unusable, Failed };

    // `source`: a QT_TRANSLATE_NOOP("Labforge::Operations", …) text whose %1, %2 … are `args`.
    OpError(Kind kind, QString id, const char *source, QStringList args, OpPlace place);
    // The runner's words for it, as they are (the runner's messages are not translated).
    static OpError runnerWords(Kind kind, QString id, const QString &words, OpPlace place);

    Kind kind() const { return m_kind; }
    QString id() const { return m_id; }
    const OpPlace &place() const { return m_place; }
    QString message() const;
    QString text() const;
    // The command line's exit status for it: 2 unusable, 1 failed.
    int exitCode() const { return m_kind == Kind::Unusable ? 2 : 1; }

    static constexpr const char *Context = "Labforge::Operations";

private:
    QString filled(const QString &pattern) const;

    Kind m_kind;
    QString m_id;
    const char *m_source; // nullptr: the runner's words, args.first()
    QStringList m_args;
    OpPlace m_place;
};

} // namespace Labforge
