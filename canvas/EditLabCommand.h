#pragma once

#include "Lab.h"

#include <QUndoCommand>

namespace Labforge {

class LabDocument;

// A lab-wide edit: networks, plan.kubernetes, scenarios, warnings, name.
class EditLabCommand : public QUndoCommand
{
public:
    EditLabCommand(LabDocument *document, const Lab &before, const Lab &after, const QString &what);
    void redo() override;
    void undo() override;
    int id() const override { return 1003; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    LabDocument *m_document;
    Lab m_before;
    Lab m_after;
    QString m_what;
};

} // namespace Labforge
