// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/otg_record.h"

#include <cctype>

#include "core/text.h"

namespace branan {

std::string OtgRecord::tag(std::string_view key) const {
    for (const auto& [k, v] : tags)
        if (k == key) return v;
    return "";
}

Expected<OtgRecord> parse_otg(std::string_view text) {
    OtgRecord record;
    bool in_comment = false;
    int line_number = 0, comment_line = 0;
    for (size_t start = 0; start <= text.size();) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++line_number;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
        if (!in_comment && !line.empty() && line.front() == '[') {
            if (!record.moves.empty())
                return Error{"line " + std::to_string(line_number) + ": a tag after the moves"};
            const size_t colon = line.find(':');
            if (line.back() != ']' || colon == std::string_view::npos)
                return Error{"line " + std::to_string(line_number) + ": tag " +
                             branan::quoted(line) + " is not [key:value]"};
            record.tags.emplace_back(std::string(line.substr(1, colon - 1)),
                                     std::string(line.substr(colon + 1, line.size() - colon - 2)));
            continue;
        }
        // Moves: words, without turn numbers ("12.") and comments ("{...}", over lines too).
        std::string words;
        for (char c : line) {
            if (in_comment) {
                in_comment = c != '}';
            } else if (c == '{') {
                in_comment = true;
                comment_line = line_number;
                words += ' ';
            } else {
                words += c;
            }
        }
        for (const std::string& word : split_words(words)) {
            const bool turn_number =
                word.back() == '.' && word.find_first_not_of("0123456789.") == std::string::npos;
            if (!turn_number) record.moves.push_back(word);
        }
    }
    if (in_comment)
        return Error{"line " + std::to_string(comment_line) + ": a comment '{' that does not end"};
    return record;
}

}  // namespace branan
