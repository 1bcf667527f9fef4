#pragma once

#include "Node.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QSpinBox;
class QTableWidget;

namespace Labforge {

class LabDocument;

// Properties of the selected node. Every edit becomes an EditNodeCommand; the
// panel re-reads the model when it changes (undo included).
class NodePanel : public QWidget
{
    Q_OBJECT
public:
    explicit NodePanel(LabDocument *document, QWidget *parent = nullptr);
    void showNode(const QString &id);
    QString nodeId() const { return m_id; }
    // Focus the field a JSON pointer names (from the problems dock).
    void focusPointer(const QString &pointer);

private:
    void refresh();
    void showIdProblem(const QString &problem);
    void commit(const QString &field, const std::function<void(Node &)> &change);
    void commitServiceConfig();
    QJsonObject suggestedConfig(const QString &service, const Node &node) const;

    LabDocument *m_document;
    QString m_id;
    bool m_refreshing = false;
    QLineEdit *m_nodeId;
    QComboBox *m_role;
    QComboBox *m_network;
    QLineEdit *m_ip;
    QSpinBox *m_cpu;
    QSpinBox *m_memory;
    QComboBox *m_baseImage;
    QWidget *m_featureBox;
    QList<QCheckBox *> m_features;
    QLineEdit *m_packages;
    QTableWidget *m_users;
    QTableWidget *m_disks;
    QListWidget *m_services;
    QCheckBox *m_serviceEnabled;
    QPlainTextEdit *m_serviceConfig;
    QLabel *m_serviceError;
    QLabel *m_idProblem;
};

} // namespace Labforge
