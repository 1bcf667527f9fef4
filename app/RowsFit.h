// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QObject>

class QAbstractItemView;

namespace Labforge {

// Keeps a list or table in the Properties panel as tall as its rows, between `minRows` and
// `maxRows` (then it scrolls): no blank space below the last row, no table one row high.
class RowsFit : public QObject
{
    Q_OBJECT
public:
    static void install(QAbstractItemView *view, int minRows, int maxRows);
    // The height `view` gets for its rows now.
    static int height(const QAbstractItemView *view, int minRows, int maxRows);

private:
    RowsFit(QAbstractItemView *view, int minRows, int maxRows);
    void fit();

    QAbstractItemView *m_view;
    int m_minRows;
    int m_maxRows;
};

} // namespace Labforge
