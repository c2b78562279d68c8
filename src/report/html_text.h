// SPDX-License-Identifier: GPL-3.0-or-later
// Text for the report's HTML: escaping and fixed-point numbers.
#pragma once

#include <cstdio>
#include <string>

namespace branan::report {

// `text` with &, <, > and " escaped, for element text and attribute values.
inline std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

inline std::string fixed(double value, int decimals) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return buf;
}

}  // namespace branan::report
