// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rules_string.h"

#include <cctype>
#include <map>

#include "core/presets.h"
#include "core/rules_keys.h"
#include "core/text.h"

namespace branan {

Expected<Rules> parse_rules_string(std::string_view text) {
    // 1. Split into key:value entries, at spaces: other white space would join two entries.
    for (size_t i = 0; i < text.size(); ++i)
        if (text[i] != ' ' && std::isspace(static_cast<unsigned char>(text[i])))
            return Error{"rules string has " +
                         std::string(text[i] == '\t' ? "a tab" : "white space") + " at character " +
                         std::to_string(i + 1) + " (entries are separated by spaces)"};
    std::map<std::string, std::string> entries;
    for (const std::string& token : split_at(text, ' ')) {
        if (token.empty()) continue;
        const size_t colon = token.find(':');
        if (colon == std::string::npos)
            return Error{"rules string entry " + branan::quoted(token) +
                         " has no ':' (entries are key:value)"};
        const std::string key = token.substr(0, colon);
        if (!entries.emplace(key, token.substr(colon + 1)).second)
            return Error{"rules string key " + branan::quoted(key) + " is given twice"};
    }
    if (!entries.count("dim")) return Error{"rules string has no 'dim' key (the board size)"};
    if (!entries.count("start") && !entries.count("starti"))
        return Error{"rules string has no 'start' key (the start position)"};
    // The board size first: every other key's default and range depend on it.
    Rules sized;
    const std::string& dim = entries["dim"];
    if (std::string problem = find_rules_key("dim")->parse(sized, {"dim", dim, 0, false});
        !problem.empty())
        return Error{problem};
    const int size = sized.size;
    Rules r = opentafl_defaults(size);

    // 2. Apply every entry, in key order; Branan's extension keys last, so they override.
    for (const bool extensions : {false, true}) {
        for (const auto& [key, value] : entries) {
            if ((key.size() > 1 && key[0] == 'x') != extensions) continue;
            const RulesKey* k = find_rules_key(key);
            if (!k || (k->kind == RulesKeyKind::Extension) != extensions)
                return Error{"rules string key " + branan::quoted(key) + ": unknown key"};
            const std::string problem =
                k->parse(r, RulesKeyInput{key, value, size, entries.count("start") > 0});
            if (!problem.empty()) return Error{problem};
        }
    }

    // 3. Commanders, knights and mercenaries move as their side's soldiers on special squares:
    // OpenTafl reads each letter of a list on its own, so where the start has such a piece, a
    // list names its letter exactly where it names its side's soldier letter (t, T). Lists left
    // out take OpenTafl's defaults, which do. A captured mercenary changes sides: either mercenary
    // letter in the start brings both into play.
    for (const char* pair : {"ct", "nt", "mt", "CT", "NT", "MT"}) {
        const bool mercenary = pair[0] == 'm' || pair[0] == 'M';
        if (r.start.find_first_of(mercenary ? std::string("mM") : std::string(1, pair[0])) ==
            std::string::npos)
            continue;
        for (const char* key : {"corp", "cenp", "aforp", "dforp", "cors", "cens", "afors", "dfors",
                                "corre", "cenre", "aforre", "dforre"}) {
            const auto it = entries.find(key);
            if (it == entries.end()) continue;
            const std::string& v = it->second;
            if ((v.find(pair[0]) == std::string::npos) != (v.find(pair[1]) == std::string::npos))
                return Error{"rules string key '" + std::string(key) + "': with '" + pair[0] +
                             "' in play the list must name '" + pair[0] + "' where it names '" +
                             pair[1] + "', not " + branan::quoted(v) +
                             " (Branan moves commanders, knights and mercenaries as soldiers)"};
        }
    }

    // 4. Check the whole.
    if (const std::string problem = validate(r); !problem.empty())
        return Error{"rules string: " + problem};
    return r;
}

std::string write_rules_string(const Rules& r) {
    const Rules d = opentafl_defaults(r.size);
    std::string out;
    for (const RulesKey& k : rules_keys()) {
        if (!k.write) continue;
        if (const std::optional<std::string> value = k.write(r, d))
            out += (out.empty() ? "" : " ") + std::string(k.name) + ":" + *value;
    }
    return out;
}

namespace {

Error unknown_variant(std::string_view name) {
    std::string known;
    for (const auto& n : preset_names()) known += " " + n;
    return Error{"unknown variant " + branan::quoted(name) + " (known:" + known + ")"};
}

}  // namespace

Expected<Rules> rules_from_name_or_string(std::string_view text) {
    if (auto r = preset(text)) return *r;
    if (text.find(':') != std::string_view::npos) return parse_rules_string(text);
    return unknown_variant(text);
}

Expected<Rules> rules_from_command_line(const std::optional<std::string>& variant,
                                        const std::optional<std::string>& rules) {
    if (variant && rules) return Error{"give --variant or --rules, not both"};
    if (rules) {
        // A preset name where a rules string belongs: say which option takes it.
        if (rules->find(':') == std::string::npos && preset(*rules))
            return Error{"--rules takes an OpenTafl rules string; " + branan::quoted(*rules) +
                         " is a preset: use --variant " + *rules};
        return parse_rules_string(*rules);
    }
    const std::string name = variant.value_or("brandubh");
    if (auto r = preset(name)) return *r;
    if (name.find(':') != std::string::npos)
        return Error{"--variant takes a preset name; " + branan::quoted(name) +
                     " is a rules string: use --rules"};
    return unknown_variant(name);
}

}  // namespace branan
