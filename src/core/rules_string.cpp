#include "core/rules_string.h"

#include "core/presets.h"

namespace branan {

Expected<Rules> parse_rules_string(std::string_view) { return Error{"rules strings: TODO"}; }
std::string write_rules_string(const Rules&) { return ""; }
Expected<Rules> rules_from_name_or_string(std::string_view text) {
    if (auto r = preset(text)) return *r;
    return parse_rules_string(text);
}

}  // namespace branan
