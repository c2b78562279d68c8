// SPDX-License-Identifier: GPL-3.0-or-later
// Small text helpers shared by the parsers.
#pragma once

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace branan {

// Text longer than this many bytes is cut short by quoted().
inline constexpr size_t kMaxQuotedBytes = 100;
// How many of its first bytes quoted() keeps of text it cuts short (fewer at a UTF-8 character).
inline constexpr size_t kQuotedPrefixBytes = 80;

// 'text' in single quotes, for error messages that name what a user or a file gave. Text of at
// most kMaxQuotedBytes bytes is given whole; longer text is cut to its first kQuotedPrefixBytes
// bytes, never inside a UTF-8 character, and "..." within the quotes, and its length in
// characters follows: 'QQQ...QQ...' (3000 characters). So no input makes a long message.
inline std::string quoted(std::string_view text) {
    std::string s;
    if (text.size() <= kMaxQuotedBytes) {
        s.reserve(text.size() + 2);
        s += '\'';
        s += text;
        s += '\'';
        return s;
    }
    auto continues = [](char c) { return (static_cast<unsigned char>(c) & 0xc0) == 0x80; };
    size_t keep = kQuotedPrefixBytes;
    while (keep > 0 && continues(text[keep])) --keep;  // text[keep] is the first byte left out
    const auto characters =
        std::count_if(text.begin(), text.end(), [&](char c) { return !continues(c); });
    s += '\'';
    s += text.substr(0, keep);
    s += "...' (";
    s += std::to_string(characters);
    s += " characters)";
    return s;
}

// The whole number that is all of `text` (no sign but '-', no spaces), or nothing.
template <class T>
std::optional<T> parse_whole(std::string_view text) {
    T value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// The whole number that is all of `text` (as parse_whole) and lies in [lo, hi], or nothing.
template <class T>
std::optional<T> parse_in_range(std::string_view text, T lo, T hi) {
    const std::optional<T> value = parse_whole<T>(text);
    if (!value || *value < lo || *value > hi) return std::nullopt;
    return value;
}

// Whether `a` and `b` are the same but for the case of ASCII letters (UCI's option names).
inline bool equal_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// `s` without white space at either end.
inline std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// The words of a line, split on any white space.
inline std::vector<std::string> split_words(std::string_view text) {
    std::vector<std::string> words;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        size_t j = i;
        while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        if (j > i) words.emplace_back(text.substr(i, j - i));
        i = j;
    }
    return words;
}

// The pieces of `text` between the separators, empty ones included ("a,,b" gives "a", "", "b").
inline std::vector<std::string> split_at(std::string_view text, char sep) {
    std::vector<std::string> parts;
    size_t start = 0;
    for (;;) {
        const size_t end = text.find(sep, start);
        parts.emplace_back(text.substr(start, end == std::string_view::npos ? end : end - start));
        if (end == std::string_view::npos) return parts;
        start = end + 1;
    }
}

}  // namespace branan
