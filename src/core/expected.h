// Expected<T>: a value or an error message. Parsers of user input return this instead of throwing,
// so that no malformed input can escape to main or leave state half-changed.
#pragma once

#include <optional>
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
    const T& value() const& { return *value_; }
    T& value() & { return *value_; }
    T&& value() && { return std::move(*value_); }
    const T& operator*() const& { return *value_; }
    const T* operator->() const { return &*value_; }
    const std::string& error() const { return error_; }

private:
    std::optional<T> value_;
    std::string error_;
};

}  // namespace branan
