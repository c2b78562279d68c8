// SPDX-License-Identifier: GPL-3.0-or-later
// The shared text helpers: whole numbers (core/text.h), splitting, and JSON string literals
// (core/json_escape.h).
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "catch.h"
#include "core/json_escape.h"
#include "core/text.h"

using namespace branan;

TEST_CASE("json_string escapes quotes, backslashes and control characters", "[text]") {
    CHECK(json_string("") == "\"\"");
    CHECK(json_string("plain d2-e2") == "\"plain d2-e2\"");
    CHECK(json_string("say \"hi\"") == "\"say \\\"hi\\\"\"");
    CHECK(json_string("a\\b") == "\"a\\\\b\"");
    CHECK(json_string("\n\r\t\b\f") == "\"\\n\\r\\t\\b\\f\"");
    // The other control characters as \u00XX, lower-case hex; DEL (0x7f) is no control for JSON.
    CHECK(json_string(std::string("\0\x01\x1f\x7f", 4)) == "\"\\u0000\\u0001\\u001f\x7f\"");
    for (int c = 0; c < 0x20; ++c) {
        INFO("character " << c);
        const std::string out = json_string(std::string(1, static_cast<char>(c)));
        CHECK(out.front() == '"');
        CHECK(out.back() == '"');
        CHECK(out[1] == '\\');  // escaped, never raw
    }
}

TEST_CASE("json_string passes UTF-8 through byte for byte", "[text]") {
    const std::string utf8 = "K\xc3\xa9nig \xe2\x98\x83 \xf0\x9f\x98\x80";  // é, snowman, emoji
    CHECK(json_string(utf8) == "\"" + utf8 + "\"");
    // The edges of each form: U+0080, U+07FF, U+0800, U+D7FF, U+E000, U+FFFF, U+10000,
    // U+10FFFF.
    for (const char* valid :
         {"\xc2\x80", "\xdf\xbf", "\xe0\xa0\x80", "\xed\x9f\xbf", "\xee\x80\x80", "\xef\xbf\xbf",
          "\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf"}) {
        INFO("bytes " << valid);
        CHECK(json_string(valid) == "\"" + std::string(valid) + "\"");
    }
}

TEST_CASE("json_string replaces each byte that is not UTF-8 with the replacement character",
          "[text]") {
    // Regression: these were copied as they are, and json.load refused the file.
    struct Case {
        std::string bytes, json;
    };
    const std::vector<Case> cases = {
        {"\xff\x80", "\\ufffd\\ufffd"},             // never in UTF-8; a lone continuation
        {"a\xc3", "a\\ufffd"},                      // cut short at the end
        {"\xc3(", "\\ufffd("},                      // a lead byte without its continuation
        {"\xc0\xaf", "\\ufffd\\ufffd"},             // overlong '/'
        {"\xe0\x80\xaf", "\\ufffd\\ufffd\\ufffd"},  // overlong, three bytes
        {"\xed\xa0\x80", "\\ufffd\\ufffd\\ufffd"},  // a surrogate (U+D800)
        {"\xf4\x90\x80\x80", "\\ufffd\\ufffd\\ufffd\\ufffd"},    // above U+10FFFF
        {"\xe2\x98\x83\xe2\x98", "\xe2\x98\x83\\ufffd\\ufffd"},  // good, then cut short
    };
    for (const auto& c : cases) {
        INFO("bytes " << c.json);
        CHECK(json_string(c.bytes) == "\"" + c.json + "\"");
    }
}

TEST_CASE("parse_whole and parse_in_range read whole numbers only", "[text]") {
    CHECK(parse_whole<int>("0") == 0);
    CHECK(parse_whole<int>("-17") == -17);
    CHECK(parse_whole<int64_t>("9223372036854775807") == INT64_MAX);
    for (const char* bad : {"", "-", "+1", " 1", "1 ", "1x", "0x10", "1.5", "99999999999"}) {
        INFO("text '" << bad << "'");
        CHECK_FALSE(parse_whole<int>(bad).has_value());
    }
    CHECK(parse_in_range("5", 1, 5) == 5);
    CHECK(parse_in_range("1", 1, 5) == 1);
    CHECK_FALSE(parse_in_range("6", 1, 5).has_value());
    CHECK_FALSE(parse_in_range("0", 1, 5).has_value());
    CHECK_FALSE(parse_in_range("five", 1, 5).has_value());
    CHECK(parse_in_range<int64_t>("-1099511627776", -(int64_t(1) << 40), 0) == -(int64_t(1) << 40));
}

TEST_CASE("split_at keeps empty pieces", "[text]") {
    CHECK(split_at("a,,b", ',') == std::vector<std::string>{"a", "", "b"});
    CHECK(split_at("", ',') == std::vector<std::string>{""});
    CHECK(split_at("a,", ',') == std::vector<std::string>{"a", ""});
    CHECK(split_at("abc", ',') == std::vector<std::string>{"abc"});
}

TEST_CASE("quoted gives short text whole and long text as its start and its length", "[text]") {
    CHECK(branan::quoted("abc") == "'abc'");
    CHECK(branan::quoted("") == "''");
    const std::string limit(kMaxQuotedBytes, 'Q');
    CHECK(branan::quoted(limit) == "'" + limit + "'");
    const std::string start(kQuotedPrefixBytes, 'Q');
    CHECK(branan::quoted(limit + "Q") == "'" + start + "...' (101 characters)");
    const std::string q = branan::quoted(std::string(3000, 'Q'));
    CHECK(q == "'" + start + "...' (3000 characters)");
    CHECK(q.size() < 120);
}

TEST_CASE("quoted never cuts inside a UTF-8 character and counts characters", "[text]") {
    // A character of 2, 3 or 4 bytes at each place around the cut: the kept start ends before it
    // or after it, never inside (json_string would then give a replacement character).
    for (const std::string c : {"\xc3\xa9", "\xe2\x98\x83", "\xf0\x9f\x98\x80"}) {
        for (size_t before = kQuotedPrefixBytes - 4; before <= kQuotedPrefixBytes; ++before) {
            const std::string text = std::string(before, 'a') + c + std::string(100, 'b');
            const std::string q = branan::quoted(text);
            INFO("a character of " << c.size() << " bytes after " << before << " bytes");
            const bool fits = before + c.size() <= kQuotedPrefixBytes;
            const std::string kept =
                std::string(before, 'a') +
                (fits ? c + std::string(kQuotedPrefixBytes - before - c.size(), 'b') : "");
            CHECK(q == "'" + kept + "...' (" + std::to_string(before + 101) + " characters)");
            CHECK(json_string(q).find("\\ufffd") == std::string::npos);
        }
    }
}
