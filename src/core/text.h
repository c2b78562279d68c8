// Small text helpers shared by the parsers.
#pragma once

#include <string>
#include <string_view>

namespace branan {

// 'text' in single quotes, for error messages.
inline std::string quoted(std::string_view text) {
    std::string s;
    s.reserve(text.size() + 2);
    s += '\'';
    s += text;
    s += '\'';
    return s;
}

}  // namespace branan
