// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QCoreApplication>

namespace Labforge {

// The validator's messages, translated under one context (Labforge::Validator) for the
// designer's Problems panel and the CLI; rule ids and JSON pointers are never translated.
class ValidatorText
{
    Q_DECLARE_TR_FUNCTIONS(Labforge::Validator)
};

} // namespace Labforge
