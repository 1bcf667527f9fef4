#pragma once

#include "NodeSectionEditor.h"

class QComboBox;
class QLabel;
class QLineEdit;

namespace Labforge {

// Who the node is and where it sits: id (renames carry every reference, a duplicate or
// invalid id is refused inline), role, network and IP address (readdressing carries the
// service configs naming the old address).
class NodeIdentityEditor : public NodeSectionEditor
{
    Q_OBJECT
public:
    explicit NodeIdentityEditor(LabDocument *document, QWidget *parent = nullptr);
    // Shows why the typed id was refused; empty hides it.
    void showIdProblem(const QString &problem);
    QWidget *focusPointer(const QString &pointer) override;

protected:
    void refresh(const Node &node) override;

private:
    void commitId();
    void commitIp();

    QLineEdit *m_nodeId;
    QLabel *m_idProblem;
    QComboBox *m_role;
    QComboBox *m_network;
    QLineEdit *m_ip;
};

} // namespace Labforge
