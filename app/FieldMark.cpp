// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "FieldMark.h"

#include "LabDocument.h"

#include <QVariant>

namespace Labforge {

namespace {

const char *const SavedStyle = "labforgeStyleBeforeMark";
const char *const SavedTip = "labforgeToolTipBeforeMark";

} // namespace

QPointer<QWidget> &FieldMark::marked()
{
    static QPointer<QWidget> field;
    return field;
}

QWidget *FieldMark::current()
{
    return marked().data();
}

void FieldMark::clear()
{
    QWidget *field = marked().data();
    marked().clear();
    if (!field)
        return;
    field->setStyleSheet(field->property(SavedStyle).toString());
    field->setToolTip(field->property(SavedTip).toString());
}

void FieldMark::show(QWidget *field, const QString &message, LabDocument *document)
{
    clear();
    if (!field)
        return;
    field->setProperty(SavedStyle, field->styleSheet());
    field->setProperty(SavedTip, field->toolTip());
    // Only this widget's own frame: its children (a table's cells) keep their look.
    field->setStyleSheet(field->styleSheet()
                         + QStringLiteral("\n%1 { border: 2px solid #c62828; }")
                               .arg(QString::fromLatin1(field->metaObject()->className())));
    field->setToolTip(message);
    marked() = field;
    QObject::connect(
        document, &LabDocument::labChanged, field, [] { clear(); }, Qt::SingleShotConnection);
}

} // namespace Labforge
