// SPDX-License-Identifier: GPL-3.0-or-later
// Expected<T>: a value or an error message. Parsers of user input return this instead of throwing,
// so that no malformed input can escape to main or leave state half-changed.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace branan {

struct Error {
    std::string message;
};

template <class T>
class Expected {
  public:
    Expected(T value) : value_(std::move(value)) {}
    Expected(Error error) : error_(std::move(error.message)) {}

    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }
    // Taking the value of an error is a programming error: it throws, naming the error.
    const T& value() const& { return checked(); }
    T& value() & { return const_cast<T&>(checked()); }
    T&& value() && { return std::move(const_cast<T&>(checked())); }
    const T& operator*() const& { return checked(); }
    const T* operator->() const { return &checked(); }
    const std::string& error() const { return error_; }

  private:
    const T& checked() const {
        if (!value_) throw std::logic_error("value of a failed Expected: " + error_);
        return *value_;
    }

    std::optional<T> value_;
    std::string error_;
};

}  // namespace branan
