// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/json.h"

#include <charconv>
#include <cmath>
#include <cstdint>

namespace branan::match {

// Shortest text that reads back to the same double; infinities as "+inf"/"-inf", NaN as null.
std::string json_number(double v) {
    if (std::isnan(v)) return "null";
    if (std::isinf(v)) return v > 0 ? "\"+inf\"" : "\"-inf\"";
    if (v == 0) v = 0;  // no "-0"
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : "null";
}

std::string json_optional(const std::optional<double>& v) {
    return v ? json_number(*v) : "null";
}

const char* json_kind_name(JsonValue::Kind k) {
    switch (k) {
        case JsonValue::Kind::Null:
            return "null";
        case JsonValue::Kind::Bool:
            return "a boolean";
        case JsonValue::Kind::Number:
            return "a number";
        case JsonValue::Kind::String:
            return "a string";
        case JsonValue::Kind::Array:
            return "an array";
        case JsonValue::Kind::Object:
            return "an object";
    }
    return "?";
}

namespace {

// A strict RFC 8259 parser: no comments, no trailing commas, no duplicate keys, no control
// characters in strings, nothing after the value but whitespace. Nesting is limited to 64.
class JsonParser {
  public:
    explicit JsonParser(std::string_view text) : s_(text) {}

    Expected<JsonValue> parse() {
        JsonValue v;
        skip_space();
        if (!value(v, 0)) return Error{error_};
        skip_space();
        if (pos_ != s_.size()) return fail_at("unexpected text after the JSON value");
        return v;
    }

  private:
    Error fail_at(const std::string& what) {
        fail(what);
        return Error{error_};
    }
    bool fail(const std::string& what) {
        if (!error_.empty()) return false;
        int line = 1, column = 1;
        for (size_t i = 0; i < pos_ && i < s_.size(); ++i) {
            if (s_[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        error_ = "JSON error at line " + std::to_string(line) + ", column " +
                 std::to_string(column) + ": " + what;
        return false;
    }
    void skip_space() {
        while (pos_ < s_.size() &&
               (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
            ++pos_;
    }
    bool literal(std::string_view word) {
        if (s_.substr(pos_, word.size()) != word) return fail("invalid literal");
        pos_ += word.size();
        return true;
    }

    bool value(JsonValue& v, int depth) {
        if (depth > 64) return fail("nesting deeper than 64 levels");
        if (pos_ >= s_.size()) return fail("unexpected end of input, expected a value");
        switch (s_[pos_]) {
            case '{':
                return object(v, depth);
            case '[':
                return array(v, depth);
            case '"':
                v.kind = JsonValue::Kind::String;
                return string(v.string);
            case 't':
                v.kind = JsonValue::Kind::Bool;
                v.boolean = true;
                return literal("true");
            case 'f':
                v.kind = JsonValue::Kind::Bool;
                v.boolean = false;
                return literal("false");
            case 'n':
                v.kind = JsonValue::Kind::Null;
                return literal("null");
            default:
                if (s_[pos_] == '-' || (s_[pos_] >= '0' && s_[pos_] <= '9')) return number(v);
                return fail(std::string("unexpected character ") +
                            branan::quoted(s_.substr(pos_, 1)));
        }
    }

    bool object(JsonValue& v, int depth) {
        v.kind = JsonValue::Kind::Object;
        ++pos_;  // '{'
        skip_space();
        if (eat('}')) return true;
        std::set<std::string> seen;
        for (;;) {
            skip_space();
            if (pos_ >= s_.size() || s_[pos_] != '"') return fail("expected a string key");
            const size_t key_at = pos_;
            std::string key;
            if (!string(key)) return false;
            if (!seen.insert(key).second) {
                pos_ = key_at;
                return fail("duplicate key " + branan::quoted(key));
            }
            skip_space();
            if (pos_ >= s_.size() || s_[pos_] != ':') return fail("expected ':' after a key");
            ++pos_;
            skip_space();
            v.keys.push_back(key);
            v.items.emplace_back();
            if (!value(v.items.back(), depth + 1)) return false;
            if (auto done = after_item('}', "an object")) return *done;
        }
    }

    bool array(JsonValue& v, int depth) {
        v.kind = JsonValue::Kind::Array;
        ++pos_;  // '['
        skip_space();
        if (eat(']')) return true;
        for (;;) {
            skip_space();
            v.items.emplace_back();
            if (!value(v.items.back(), depth + 1)) return false;
            if (auto done = after_item(']', "an array")) return *done;
        }
    }

    // Consumes `c` if it comes next.
    bool eat(char c) {
        if (pos_ >= s_.size() || s_[pos_] != c) return false;
        ++pos_;
        return true;
    }

    // After an object's or an array's item: ',' goes on (nothing), `close` ends it (true),
    // anything else is an error (false).
    std::optional<bool> after_item(char close, const char* what) {
        skip_space();
        if (eat(',')) return std::nullopt;
        if (eat(close)) return true;
        return fail(std::string("expected ',' or '") + close + "' in " + what);
    }

    static void put_utf8(std::string& out, uint32_t cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    bool hex4(uint32_t& cp) {
        if (pos_ + 4 > s_.size()) return fail("truncated \\u escape");
        cp = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = s_[pos_++];
            cp <<= 4;
            if (c >= '0' && c <= '9')
                cp |= c - '0';
            else if (c >= 'a' && c <= 'f')
                cp |= c - 'a' + 10;
            else if (c >= 'A' && c <= 'F')
                cp |= c - 'A' + 10;
            else
                return fail("bad hex digit in a \\u escape");
        }
        return true;
    }

    bool string(std::string& out) {
        ++pos_;  // '"'
        for (;;) {
            if (pos_ >= s_.size()) return fail("unterminated string");
            const unsigned char c = static_cast<unsigned char>(s_[pos_]);
            if (c == '"') {
                ++pos_;
                return true;
            }
            if (c < 0x20) return fail("control character in a string (escape it)");
            if (c != '\\') {
                out += static_cast<char>(c);
                ++pos_;
                continue;
            }
            if (++pos_ >= s_.size()) return fail("unterminated escape");
            const char e = s_[pos_++];
            switch (e) {
                case '"':
                    out += '"';
                    break;
                case '\\':
                    out += '\\';
                    break;
                case '/':
                    out += '/';
                    break;
                case 'b':
                    out += '\b';
                    break;
                case 'f':
                    out += '\f';
                    break;
                case 'n':
                    out += '\n';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'u': {
                    uint32_t cp = 0;
                    if (!hex4(cp)) return false;
                    if (cp >= 0xD800 && cp <= 0xDBFF) {
                        uint32_t low = 0;
                        if (s_.substr(pos_, 2) != "\\u")
                            return fail("lone high surrogate in a \\u escape");
                        pos_ += 2;
                        if (!hex4(low)) return false;
                        if (low < 0xDC00 || low > 0xDFFF)
                            return fail("bad low surrogate in a \\u escape");
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                        return fail("lone low surrogate in a \\u escape");
                    }
                    put_utf8(out, cp);
                    break;
                }
                default:
                    --pos_;
                    return fail(std::string("unknown escape \\") + e);
            }
        }
    }

    bool number(JsonValue& v) {
        const size_t start = pos_;
        auto digits = [&] {
            const size_t from = pos_;
            while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
            return pos_ - from;
        };
        if (s_[pos_] == '-') ++pos_;
        if (pos_ < s_.size() && s_[pos_] == '0') {
            ++pos_;
        } else if (digits() == 0) {
            return fail("bad number");
        }
        bool integral = true;
        if (pos_ < s_.size() && s_[pos_] == '.') {
            ++pos_;
            integral = false;
            if (digits() == 0) return fail("bad number: digits expected after '.'");
        }
        if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
            ++pos_;
            integral = false;
            if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
            if (digits() == 0) return fail("bad number: digits expected in the exponent");
        }
        if (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9')
            return fail("bad number: leading zero");
        const std::string_view text = s_.substr(start, pos_ - start);
        double d = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
        if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(d)) {
            pos_ = start;
            return fail("number " + branan::quoted(text) + " is out of range");
        }
        v.kind = JsonValue::Kind::Number;
        v.number = d;
        v.integral = integral;
        return true;
    }

    std::string_view s_;
    size_t pos_ = 0;
    std::string error_;
};

}  // namespace

Expected<JsonValue> parse_json(std::string_view text) {
    return JsonParser(text).parse();
}

}  // namespace branan::match
