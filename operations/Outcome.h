// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "OpError.h"

#include <utility>
#include <variant>

namespace Labforge {

// What an operation gives back: its typed value, or the OpError that says why not.
template<typename T>
class Outcome
{
public:
    Outcome(T value)
        : m_value(std::in_place_index<0>, std::move(value))
    { }
    Outcome(OpError error)
        : m_value(std::in_place_index<1>, std::move(error))
    { }

    bool ok() const { return m_value.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T &value() const { return std::get<0>(m_value); }
    const T &operator*() const { return value(); }
    const T *operator->() const { return &value(); }
    const OpError &error() const { return std::get<1>(m_value); }

private:
    std::variant<T, OpError> m_value;
};

} // namespace Labforge
