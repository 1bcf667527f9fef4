// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace Labforge {

class LabDocument;

// The properties of one link: its two ends, the network it uses (any network of the lab:
// choosing one an end is not on is reported by the validator, with the quick fix that
// attaches it) and its label. Each edit is one undo step.
class LinkPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LinkPanel(LabDocument *document, QWidget *parent = nullptr);
    void showLink(int index);
    int link() const { return m_index; }

Q_SIGNALS:
    void deleteRequested(int index);

private:
    void refresh();
    void setNetwork(const QString &network);
    void setLabel();

    LabDocument *m_document;
    int m_index = -1;
    QLabel *m_ends;
    QComboBox *m_network;
    QLineEdit *m_label;
    QPushButton *m_delete;
};

} // namespace Labforge
