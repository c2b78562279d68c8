#include "cli/position_input.h"

#include <cstdio>

#include "protocol/position_command.h"

namespace branan::cli {
namespace {

std::vector<std::string> position_words(const std::string& line) {
    std::vector<std::string> words = split_words(line);
    if (!words.empty() && words[0] == "position") words.erase(words.begin());
    if (!words.empty() && words[0] != "startpos" && words[0] != "otn") {
        words.insert(words.begin(), "moves");
        words.insert(words.begin(), "startpos");
    }
    return words;
}

}  // namespace

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

void for_each_position(std::istream& in, const Rules& rules,
                       const std::function<void(int, const Expected<Game>&)>& f) {
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        const size_t text = line.find_first_not_of(" \t\r");
        if (text == std::string::npos || line[text] == '#') continue;
        f(number, parse_position_command(rules, position_words(line)));
    }
}

}  // namespace branan::cli
