// SPDX-License-Identifier: GPL-3.0-or-later
// JSON string literals, for everything Branan writes as JSON (branan analyse, branan-match's
// results and journal).
#pragma once

#include <string>
#include <string_view>

namespace branan {

// The length of the well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates,
// nothing above U+10FFFF) at the start of `s`, whose first byte is 0x80 or above; 0 when the
// bytes there are not one.
inline size_t utf8_sequence_length(std::string_view s) {
    const auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char c = byte(0);
    const size_t n = c >= 0xC2 && c <= 0xDF   ? 2
                     : c >= 0xE0 && c <= 0xEF ? 3
                     : c >= 0xF0 && c <= 0xF4 ? 4
                                              : 0;
    if (n == 0 || s.size() < n) return 0;
    // The second byte's range narrows for E0 (no overlong), ED (no surrogates), F0, F4.
    const unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
    const unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    if (byte(1) < lo || byte(1) > hi) return 0;
    for (size_t i = 2; i < n; ++i)
        if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
    return n;
}

// `s` as a JSON string literal, quotes included: '"' and '\' escaped, control characters as
// \n \r \t \b \f or \u00XX, well-formed UTF-8 as it is, and every byte that is not part of
// well-formed UTF-8 as \ufffd (the replacement character): the result is always valid JSON
// in valid UTF-8, whatever bytes an engine or a file gave.
inline std::string json_string(std::string_view s) {
    std::string out = "\"";
    for (size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            const size_t n = utf8_sequence_length(s.substr(i));
            if (n == 0) {
                out += "\\ufffd";
            } else {
                out.append(s.substr(i, n));
                i += n - 1;
            }
            continue;
        }
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            default:
                if (c < 0x20) {
                    const char* hex = "0123456789abcdef";
                    out += "\\u00";
                    out += hex[c >> 4];
                    out += hex[c & 15];
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    return out + "\"";
}

}  // namespace branan
