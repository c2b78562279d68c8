// SPDX-License-Identifier: GPL-3.0-or-later
// The keys of OpenTafl rules strings, one table entry each: how a key's value is read into a
// Rules value, what a Rules value writes for it, and what it means. Parsing, writing
// (rules_string.cpp) and the key list (`branan rules --keys`) all come from this table, so a
// new key is one new entry.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "core/rules.h"

namespace branan {

enum class RulesKeyKind {
    OpenTafl,   // an OpenTafl key Branan plays
    Extension,  // Branan's own ("x..."): applied after every OpenTafl key, so it overrides
    Ignored,    // about pieces or squares no Branan board has: any well-formed value is moot
    Refused,    // a rule Branan does not play: only its "off" value is accepted
};

// What a key's parse sees besides the Rules value it changes.
struct RulesKeyInput {
    const std::string& key;
    const std::string& value;
    int size;        // the board size ('dim' is read before every other key)
    bool has_start;  // whether the string has a 'start' key too
};

struct RulesKey {
    const char* name;
    RulesKeyKind kind;
    const char* values;   // the values it takes, for people: "y / n", "piece letters"
    const char* meaning;  // what it sets
    // Applies the value to `rules`; returns the whole error message, or an empty string.
    std::string (*parse)(Rules& rules, const RulesKeyInput& in);
    // The value that says `rules` (whose OpenTafl defaults are `defaults`), or nothing when the
    // key is left out; null for keys never written.
    std::optional<std::string> (*write)(const Rules& rules, const Rules& defaults);
};

// Every key, in the order the canonical rules string writes them ('dim' first, 'start' last),
// then the keys never written.
std::span<const RulesKey> rules_keys();
// The key named `name`, or null.
const RulesKey* find_rules_key(const std::string& name);

// What a rules string of board size `size` means where it leaves a key out: OpenTafl's defaults
// (its code, where the spec differs). Name and start are empty.
Rules opentafl_defaults(int size);

}  // namespace branan
