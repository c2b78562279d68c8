// SPDX-License-Identifier: GPL-3.0-or-later
// JSON string literals, for everything Branan writes as JSON (branan analyse, branan-match's
// results and journal).
#pragma once

#include <string>
#include <string_view>

namespace branan {

// `s` as a JSON string literal, quotes included: '"' and '\' escaped, control characters as
// \n \r \t \b \f or \u00XX, everything else (UTF-8 included) as it is.
inline std::string json_string(std::string_view s) {
    std::string out = "\"";
    for (unsigned char c : s) {
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
