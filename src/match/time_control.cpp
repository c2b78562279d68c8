// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/time_control.h"

#include <cctype>
#include <climits>
#include <optional>

#include "core/text.h"

namespace branan::match {
namespace {

// "12", "0.1", "1.25" seconds -> ms (digits after the third decimal are dropped).
std::optional<int64_t> parse_seconds(std::string_view s) {
    if (s.empty()) return std::nullopt;
    const size_t dot = s.find('.');
    const std::string_view whole = s.substr(0, dot);
    const std::string_view frac =
        dot == std::string_view::npos ? std::string_view() : s.substr(dot + 1);
    if (whole.empty() && frac.empty()) return std::nullopt;
    for (char c : whole)
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    for (char c : frac)
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    if (dot != std::string_view::npos && frac.empty()) return std::nullopt;
    if (whole.size() > 9) return std::nullopt;
    int64_t ms = 0;
    for (char c : whole) ms = ms * 10 + (c - '0');
    ms *= 1000;
    int64_t scale = 100;
    for (size_t i = 0; i < frac.size() && i < 3; ++i, scale /= 10) ms += (frac[i] - '0') * scale;
    return ms;
}

// "90", "1:30", "1:30.5" -> ms.
std::optional<int64_t> parse_base(std::string_view s) {
    const size_t colon = s.find(':');
    if (colon == std::string_view::npos) return parse_seconds(s);
    const auto minutes = parse_seconds(s.substr(0, colon));
    const auto seconds = parse_seconds(s.substr(colon + 1));
    if (!minutes || !seconds || s.substr(0, colon).find('.') != std::string_view::npos)
        return std::nullopt;
    return *minutes * 60 + *seconds;
}

}  // namespace

Expected<TimeControl> parse_time_control(std::string_view text) {
    const std::string_view s = trim(text);
    const std::string quoted = branan::quoted(text);
    if (s == "inf" || s == "infinite") return TimeControl{};
    TimeControl tc;
    std::string_view rest = s;
    if (const size_t slash = rest.find('/'); slash != std::string_view::npos) {
        const std::string_view moves = rest.substr(0, slash);
        const std::optional<int> n = parse_in_range(moves, 1, INT_MAX);
        if (!n)
            return Error{"time control " + quoted +
                         ": expected a positive number of moves before '/'"};
        tc.moves = *n;
        rest = rest.substr(slash + 1);
    }
    std::string_view base = rest, inc;
    if (const size_t plus = rest.find('+'); plus != std::string_view::npos) {
        base = rest.substr(0, plus);
        inc = rest.substr(plus + 1);
        if (inc.empty()) return Error{"time control " + quoted + ": no increment after '+'"};
    }
    const auto base_ms = parse_base(base);
    if (!base_ms)
        return Error{
            "time control " + quoted +
            ": expected [moves/]seconds[+increment] (e.g. 10+0.1, 60, 1:30+1, 40/60+1) or inf"};
    tc.base_ms = *base_ms;
    if (!inc.empty()) {
        const auto inc_ms = parse_seconds(inc);
        if (!inc_ms)
            return Error{"time control " + quoted + ": bad increment " + branan::quoted(inc)};
        tc.inc_ms = *inc_ms;
    }
    if (tc.base_ms == 0 && tc.inc_ms == 0)
        return Error{"time control " + quoted + " gives no time"};
    if (tc.moves > 0 && tc.base_ms == 0)
        return Error{"time control " + quoted + ": a period needs a base time"};
    return tc;
}

std::string time_control_text(const TimeControl& tc) {
    if (!tc.clocked()) return "inf";
    auto seconds = [](int64_t ms) {
        std::string t = std::to_string(ms / 1000);
        if (ms % 1000) {
            std::string f = std::to_string(1000 + ms % 1000).substr(1);
            while (!f.empty() && f.back() == '0') f.pop_back();
            t += "." + f;
        }
        return t;
    };
    std::string t = tc.moves > 0 ? std::to_string(tc.moves) + "/" : "";
    t += seconds(tc.base_ms);
    if (tc.inc_ms) t += "+" + seconds(tc.inc_ms);
    return t;
}

std::string limits_text(const TimeControl& tc) {
    std::string t;
    if (tc.move_ms > 0)
        t = "st=" + time_control_text(TimeControl{tc.move_ms, 0, 0, 0, 0, 0});
    else if (tc.clocked() || (!tc.depth && !tc.nodes))
        t = time_control_text(tc);
    if (tc.depth > 0)
        t += (t.empty() ? "" : " ") + std::string("depth=") + std::to_string(tc.depth);
    if (tc.nodes > 0)
        t += (t.empty() ? "" : " ") + std::string("nodes=") + std::to_string(tc.nodes);
    return t;
}

}  // namespace branan::match
