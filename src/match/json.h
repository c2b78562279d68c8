// SPDX-License-Identifier: GPL-3.0-or-later
// JSON for branan-match's files (results, journal): strings and numbers written so that they read
// back exactly, and a strict RFC 8259 reader with typed access that names the JSON path in errors.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/json_escape.h"
#include "core/text.h"

namespace branan::match {

struct JsonValue {
    enum class Kind { Null, Bool, Number, String, Array, Object };
    Kind kind = Kind::Null;
    bool boolean = false;
    double number = 0;
    bool integral = false;  // a number written without fraction or exponent
    std::string string;
    std::vector<JsonValue> items;   // array elements, or object values
    std::vector<std::string> keys;  // object keys, keys[i] names items[i]
};

// "null", "a boolean", "a number", ... for error messages.
const char* json_kind_name(JsonValue::Kind k);

// JSON string literals: json_string (core/json_escape.h).
// Shortest text that reads back to the same double; infinities as "+inf"/"-inf", NaN as null.
std::string json_number(double v);
// json_number, or null when there is no value.
std::string json_optional(const std::optional<double>& v);

// Parses one JSON value. Strict: no comments, no trailing commas, no duplicate keys, no control
// characters in strings, nothing after the value but whitespace, nesting at most 64 deep. The
// error names the line and column.
Expected<JsonValue> parse_json(std::string_view text);

// Typed access to an object's members with errors naming the JSON path; refuses unknown keys.
class ObjectReader {
  public:
    ObjectReader(const JsonValue& v, std::string path, std::string& error,
                 std::string file = "results file")
        : v_(v), path_(std::move(path)), error_(error), file_(std::move(file)) {
        if (v.kind != JsonValue::Kind::Object)
            fail(path_, std::string("expected an object, found ") + json_kind_name(v.kind));
    }

    const JsonValue* get(const std::string& key, bool required = true) {
        used_.insert(key);
        if (v_.kind != JsonValue::Kind::Object) return nullptr;
        for (size_t i = 0; i < v_.keys.size(); ++i)
            if (v_.keys[i] == key) return &v_.items[i];
        if (required) fail(path_, "missing key " + branan::quoted(key));
        return nullptr;
    }
    const JsonValue* typed(const std::string& key, JsonValue::Kind kind, bool required = true) {
        const JsonValue* v = get(key, required);
        if (v && v->kind != kind) {
            fail(at(key), std::string("expected ") + json_kind_name(kind) + ", found " +
                              json_kind_name(v->kind));
            return nullptr;
        }
        return v;
    }
    std::string str(const std::string& key) {
        const JsonValue* v = typed(key, JsonValue::Kind::String);
        return v ? v->string : std::string();
    }
    int integer(const std::string& key, int min, int max) {
        const JsonValue* v = typed(key, JsonValue::Kind::Number);
        if (!v) return 0;
        if (!v->integral || v->number < min || v->number > max) {
            fail(at(key),
                 "expected an integer from " + std::to_string(min) + " to " + std::to_string(max));
            return 0;
        }
        return static_cast<int>(v->number);
    }
    double number(const std::string& key) {
        const JsonValue* v = typed(key, JsonValue::Kind::Number);
        return v ? v->number : 0;
    }
    bool boolean(const std::string& key) {
        const JsonValue* v = typed(key, JsonValue::Kind::Bool);
        return v && v->boolean;
    }
    // Call after reading every known key.
    void no_other_keys() {
        if (v_.kind != JsonValue::Kind::Object) return;
        for (const auto& k : v_.keys)
            if (!used_.count(k)) {
                fail(path_, "unknown key " + branan::quoted(k));
                return;
            }
    }
    std::string at(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
    void fail(const std::string& where, const std::string& what) {
        if (error_.empty())
            error_ =
                file_ + ": " + (where.empty() ? std::string("top level") : where) + ": " + what;
    }

  private:
    const JsonValue& v_;
    std::string path_;
    std::string& error_;
    std::set<std::string> used_;
    std::string file_;
};

}  // namespace branan::match
