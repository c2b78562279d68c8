#include "match/records.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "core/game.h"
#include "core/game_record.h"
#include "core/notation.h"
#include "core/position_record.h"
#include "core/rules_string.h"
#include "core/text.h"

namespace branan::match {
namespace {

// ---- games --------------------------------------------------------------------------------

bool is_time_forfeit(const std::string& termination) {
    return termination.rfind("time forfeit", 0) == 0;
}

// "d7-d4xc4xe4" -> "d7-d4xc4/e4": OpenTafl separates captures with '/'.
std::string slash_captures(const std::string& move) {
    const size_t x = move.find('x');
    if (x == std::string::npos) return move;
    std::string out = move.substr(0, x + 1);
    for (size_t i = x + 1; i < move.size(); ++i) out += move[i] == 'x' ? '/' : move[i];
    return out;
}

// The rules and start of the game, as OpenTafl must see them: the game's start position and first
// mover replace the rules' own.
struct Setup {
    Rules rules;
    Side first;
};

Expected<Setup> game_setup(const GameRecord& g) {
    auto rules = rules_from_name_or_string(g.rules_string);
    if (!rules) return Error{rules.error()};
    Setup s{*rules, rules->first_to_move};
    if (!g.start_record.empty()) {
        auto setup = parse_position_record(g.start_record);
        if (!setup) return Error{"start record " + quoted(g.start_record) + ": " + setup.error()};
        s.rules.start = write_position_record(*setup);
    }
    if (!g.start_side.empty()) {
        auto side = side_from_name(g.start_side);
        if (!side)
            return Error{"start side " + quoted(g.start_side) +
                         " is not 'attackers' or 'defenders'"};
        s.first = *side;
    }
    s.rules.first_to_move = s.first;
    return s;
}

// The rules string with "start:<record>" (rank 1 first) turned into "starti:<record>" (top rank
// first), as OpenTafl's saved games write it.
std::string rules_with_starti(const Rules& rules) {
    std::string text = write_rules_string(rules);
    const std::string key = " start:";
    const size_t at = text.rfind(key);
    if (at == std::string::npos) return text;
    std::string record = text.substr(at + key.size());
    std::vector<std::string> rows;
    for (size_t start = 1; start < record.size();) {  // records begin and end with '/'
        const size_t slash = record.find('/', start);
        if (slash == std::string::npos) break;
        rows.push_back(record.substr(start, slash - start));
        start = slash + 1;
    }
    std::string inverted = "/";
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) inverted += *it + "/";
    return text.substr(0, at) + " starti:" + inverted;
}

const char* otg_result(const std::string& result) {
    if (result == "attackers") return "1";
    if (result == "defenders") return "-1";
    if (result == "draw") return "0";
    return "?";
}

// Tag values may not contain newlines or the closing bracket.
std::string tag_value(std::string v) {
    for (char& c : v)
        if (c == '\n' || c == '\r' || c == ']') c = ' ';
    return v;
}

std::string otg_text(const GameRecord& g, const std::string& rules_text,
                     const std::vector<std::string>& moves, const std::string& warning) {
    std::string out;
    auto tag = [&](const char* key, const std::string& value) {
        if (!value.empty()) out += std::string("[") + key + ":" + tag_value(value) + "]\n";
    };
    tag("event", g.event);
    tag("date", g.date);
    if (g.round > 0) tag("round", std::to_string(g.round));
    tag("attackers", g.attackers);
    tag("defenders", g.defenders);
    tag("result", otg_result(g.result));
    tag("termination", g.termination);
    tag("compiler", "branan-match");
    tag("branan-warning", warning);
    tag("rules", rules_text);  // the rules tag must be the last tag
    out += "\n";
    for (size_t i = 0; i < moves.size(); i += 2) {
        out += std::to_string(i / 2 + 1) + ". " + moves[i] + " ";
        if (i + 1 < moves.size()) out += moves[i + 1] + " ";
        out += "\n";
    }
    return out;
}

// OpenTafl lists captures jumped piece first, then the destination's neighbours west, east,
// south, north (Coord adjacency order); anything else (not adjacent) after them.
int capture_rank(Square captured, Square to, int size) {
    const int df = captured % size - to % size, dr = captured / size - to / size;
    if (dr == 0 && df == -1) return 0;
    if (dr == 0 && df == 1) return 1;
    if (df == 0 && dr == -1) return 2;
    if (df == 0 && dr == 1) return 3;
    return 4;
}

Square king_square(const Game& game) {
    for (Square sq = 0; sq < game.size() * game.size(); ++sq)
        if (game.piece_char(sq) == 'K') return sq;
    return kNoSquare;
}

// ---- JSON ---------------------------------------------------------------------------------

std::string json_string(std::string_view s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            default:
                if (c < 0x20) {
                    const char* hex = "0123456789abcdef";
                    out += "\\u00";
                    out += hex[c >> 4];
                    out += hex[c & 15];
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    return out + "\"";
}

// Shortest text that reads back to the same double; infinities as "+inf"/"-inf", NaN as null.
std::string json_number(double v) {
    if (std::isnan(v)) return "null";
    if (std::isinf(v)) return v > 0 ? "\"+inf\"" : "\"-inf\"";
    if (v == 0) v = 0;  // no "-0"
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : "null";
}

std::string json_optional(const std::optional<double>& v) {
    return v ? json_number(*v) : "null";
}

struct JsonValue {
    enum class Kind { Null, Bool, Number, String, Array, Object };
    Kind kind = Kind::Null;
    bool boolean = false;
    double number = 0;
    bool integral = false;  // a number written without fraction or exponent
    std::string string;
    std::vector<JsonValue> items;   // array elements, or object values
    std::vector<std::string> keys;  // object keys, keys[i] names items[i]
};

const char* kind_name(JsonValue::Kind k) {
    switch (k) {
        case JsonValue::Kind::Null:
            return "null";
        case JsonValue::Kind::Bool:
            return "a boolean";
        case JsonValue::Kind::Number:
            return "a number";
        case JsonValue::Kind::String:
            return "a string";
        case JsonValue::Kind::Array:
            return "an array";
        case JsonValue::Kind::Object:
            return "an object";
    }
    return "?";
}

// A strict RFC 8259 parser: no comments, no trailing commas, no duplicate keys, no control
// characters in strings, nothing after the value but whitespace. Nesting is limited to 64.
class JsonParser {
  public:
    explicit JsonParser(std::string_view text) : s_(text) {}

    Expected<JsonValue> parse() {
        JsonValue v;
        skip_space();
        if (!value(v, 0)) return Error{error_};
        skip_space();
        if (pos_ != s_.size()) return fail_at("unexpected text after the JSON value");
        return v;
    }

  private:
    Error fail_at(const std::string& what) {
        fail(what);
        return Error{error_};
    }
    bool fail(const std::string& what) {
        if (!error_.empty()) return false;
        int line = 1, column = 1;
        for (size_t i = 0; i < pos_ && i < s_.size(); ++i) {
            if (s_[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        error_ = "JSON error at line " + std::to_string(line) + ", column " +
                 std::to_string(column) + ": " + what;
        return false;
    }
    void skip_space() {
        while (pos_ < s_.size() &&
               (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
            ++pos_;
    }
    bool literal(std::string_view word) {
        if (s_.substr(pos_, word.size()) != word) return fail("invalid literal");
        pos_ += word.size();
        return true;
    }

    bool value(JsonValue& v, int depth) {
        if (depth > 64) return fail("nesting deeper than 64 levels");
        if (pos_ >= s_.size()) return fail("unexpected end of input, expected a value");
        switch (s_[pos_]) {
            case '{':
                return object(v, depth);
            case '[':
                return array(v, depth);
            case '"':
                v.kind = JsonValue::Kind::String;
                return string(v.string);
            case 't':
                v.kind = JsonValue::Kind::Bool;
                v.boolean = true;
                return literal("true");
            case 'f':
                v.kind = JsonValue::Kind::Bool;
                v.boolean = false;
                return literal("false");
            case 'n':
                v.kind = JsonValue::Kind::Null;
                return literal("null");
            default:
                if (s_[pos_] == '-' || (s_[pos_] >= '0' && s_[pos_] <= '9')) return number(v);
                return fail(std::string("unexpected character ") + quoted(s_.substr(pos_, 1)));
        }
    }

    bool object(JsonValue& v, int depth) {
        v.kind = JsonValue::Kind::Object;
        ++pos_;  // '{'
        skip_space();
        if (eat('}')) return true;
        std::set<std::string> seen;
        for (;;) {
            skip_space();
            if (pos_ >= s_.size() || s_[pos_] != '"') return fail("expected a string key");
            const size_t key_at = pos_;
            std::string key;
            if (!string(key)) return false;
            if (!seen.insert(key).second) {
                pos_ = key_at;
                return fail("duplicate key " + quoted(key));
            }
            skip_space();
            if (pos_ >= s_.size() || s_[pos_] != ':') return fail("expected ':' after a key");
            ++pos_;
            skip_space();
            v.keys.push_back(key);
            v.items.emplace_back();
            if (!value(v.items.back(), depth + 1)) return false;
            if (auto done = after_item('}', "an object")) return *done;
        }
    }

    bool array(JsonValue& v, int depth) {
        v.kind = JsonValue::Kind::Array;
        ++pos_;  // '['
        skip_space();
        if (eat(']')) return true;
        for (;;) {
            skip_space();
            v.items.emplace_back();
            if (!value(v.items.back(), depth + 1)) return false;
            if (auto done = after_item(']', "an array")) return *done;
        }
    }

    // Consumes `c` if it comes next.
    bool eat(char c) {
        if (pos_ >= s_.size() || s_[pos_] != c) return false;
        ++pos_;
        return true;
    }

    // After an object's or an array's item: ',' goes on (nothing), `close` ends it (true),
    // anything else is an error (false).
    std::optional<bool> after_item(char close, const char* what) {
        skip_space();
        if (eat(',')) return std::nullopt;
        if (eat(close)) return true;
        return fail(std::string("expected ',' or '") + close + "' in " + what);
    }

    static void put_utf8(std::string& out, uint32_t cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    bool hex4(uint32_t& cp) {
        if (pos_ + 4 > s_.size()) return fail("truncated \\u escape");
        cp = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = s_[pos_++];
            cp <<= 4;
            if (c >= '0' && c <= '9')
                cp |= c - '0';
            else if (c >= 'a' && c <= 'f')
                cp |= c - 'a' + 10;
            else if (c >= 'A' && c <= 'F')
                cp |= c - 'A' + 10;
            else
                return fail("bad hex digit in a \\u escape");
        }
        return true;
    }

    bool string(std::string& out) {
        ++pos_;  // '"'
        for (;;) {
            if (pos_ >= s_.size()) return fail("unterminated string");
            const unsigned char c = static_cast<unsigned char>(s_[pos_]);
            if (c == '"') {
                ++pos_;
                return true;
            }
            if (c < 0x20) return fail("control character in a string (escape it)");
            if (c != '\\') {
                out += static_cast<char>(c);
                ++pos_;
                continue;
            }
            if (++pos_ >= s_.size()) return fail("unterminated escape");
            const char e = s_[pos_++];
            switch (e) {
                case '"':
                    out += '"';
                    break;
                case '\\':
                    out += '\\';
                    break;
                case '/':
                    out += '/';
                    break;
                case 'b':
                    out += '\b';
                    break;
                case 'f':
                    out += '\f';
                    break;
                case 'n':
                    out += '\n';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'u': {
                    uint32_t cp = 0;
                    if (!hex4(cp)) return false;
                    if (cp >= 0xD800 && cp <= 0xDBFF) {
                        uint32_t low = 0;
                        if (s_.substr(pos_, 2) != "\\u")
                            return fail("lone high surrogate in a \\u escape");
                        pos_ += 2;
                        if (!hex4(low)) return false;
                        if (low < 0xDC00 || low > 0xDFFF)
                            return fail("bad low surrogate in a \\u escape");
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                        return fail("lone low surrogate in a \\u escape");
                    }
                    put_utf8(out, cp);
                    break;
                }
                default:
                    --pos_;
                    return fail(std::string("unknown escape \\") + e);
            }
        }
    }

    bool number(JsonValue& v) {
        const size_t start = pos_;
        auto digits = [&] {
            const size_t from = pos_;
            while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
            return pos_ - from;
        };
        if (s_[pos_] == '-') ++pos_;
        if (pos_ < s_.size() && s_[pos_] == '0') {
            ++pos_;
        } else if (digits() == 0) {
            return fail("bad number");
        }
        bool integral = true;
        if (pos_ < s_.size() && s_[pos_] == '.') {
            ++pos_;
            integral = false;
            if (digits() == 0) return fail("bad number: digits expected after '.'");
        }
        if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
            ++pos_;
            integral = false;
            if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
            if (digits() == 0) return fail("bad number: digits expected in the exponent");
        }
        if (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9')
            return fail("bad number: leading zero");
        const std::string_view text = s_.substr(start, pos_ - start);
        double d = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
        if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(d)) {
            pos_ = start;
            return fail("number " + quoted(text) + " is out of range");
        }
        v.kind = JsonValue::Kind::Number;
        v.number = d;
        v.integral = integral;
        return true;
    }

    std::string_view s_;
    size_t pos_ = 0;
    std::string error_;
};

// Typed access to an object's members with errors naming the JSON path; refuses unknown keys.
class ObjectReader {
  public:
    ObjectReader(const JsonValue& v, std::string path, std::string& error)
        : v_(v), path_(std::move(path)), error_(error) {
        if (v.kind != JsonValue::Kind::Object)
            fail(path_, std::string("expected an object, found ") + kind_name(v.kind));
    }

    const JsonValue* get(const std::string& key, bool required = true) {
        used_.insert(key);
        if (v_.kind != JsonValue::Kind::Object) return nullptr;
        for (size_t i = 0; i < v_.keys.size(); ++i)
            if (v_.keys[i] == key) return &v_.items[i];
        if (required) fail(path_, "missing key " + quoted(key));
        return nullptr;
    }
    const JsonValue* typed(const std::string& key, JsonValue::Kind kind, bool required = true) {
        const JsonValue* v = get(key, required);
        if (v && v->kind != kind) {
            fail(at(key),
                 std::string("expected ") + kind_name(kind) + ", found " + kind_name(v->kind));
            return nullptr;
        }
        return v;
    }
    std::string str(const std::string& key) {
        const JsonValue* v = typed(key, JsonValue::Kind::String);
        return v ? v->string : std::string();
    }
    int integer(const std::string& key, int min, int max) {
        const JsonValue* v = typed(key, JsonValue::Kind::Number);
        if (!v) return 0;
        if (!v->integral || v->number < min || v->number > max) {
            fail(at(key),
                 "expected an integer from " + std::to_string(min) + " to " + std::to_string(max));
            return 0;
        }
        return static_cast<int>(v->number);
    }
    double number(const std::string& key) {
        const JsonValue* v = typed(key, JsonValue::Kind::Number);
        return v ? v->number : 0;
    }
    bool boolean(const std::string& key) {
        const JsonValue* v = typed(key, JsonValue::Kind::Bool);
        return v && v->boolean;
    }
    // Call after reading every known key.
    void no_other_keys() {
        if (v_.kind != JsonValue::Kind::Object) return;
        for (const auto& k : v_.keys)
            if (!used_.count(k)) {
                fail(path_, "unknown key " + quoted(k));
                return;
            }
    }
    std::string at(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
    void fail(const std::string& where, const std::string& what) {
        if (error_.empty())
            error_ =
                "results file: " + (where.empty() ? std::string("top level") : where) + ": " + what;
    }

  private:
    const JsonValue& v_;
    std::string path_;
    std::string& error_;
    std::set<std::string> used_;
};

constexpr const char* kFormat = "branan-match-results";
constexpr int kVersion = 1;

void put_estimate(std::string& out, const EloEstimate& e) {
    auto val = [&](double v) { return e.valid ? json_number(v) : std::string("null"); };
    out += "\"score\": " + val(e.score) + ", \"elo\": " + val(e.elo) +
           ", \"elo_lower\": " + val(e.lower) + ", \"elo_upper\": " + val(e.upper) +
           ", \"elo_error\": " + val(e.error);
}

}  // namespace

// ---- game records ---------------------------------------------------------------------------

Expected<std::string> write_otg_checked(const GameRecord& g) {
    auto setup = game_setup(g);
    if (!setup) return Error{setup.error()};
    auto created = Game::create(setup->rules, setup->rules.start, setup->first);
    if (!created) return Error{created.error()};
    Game game = std::move(created).value();
    const int size = game.size();
    std::vector<std::string> moves;
    for (size_t i = 0; i < g.moves.size(); ++i) {
        const std::string& text = g.moves[i];
        if (text == "timeout") continue;  // a marker of the real-game files, not a move
        auto m = game.parse_move(text);
        if (!m) return Error{"move " + std::to_string(i + 1) + ": " + m.error()};
        const bool king_moves = game.piece_char(m->from) == 'K';
        const std::vector<Square> captured = game.captures_of(*m);  // sorted squares
        const Square king = king_square(game);
        game.play(*m);
        std::vector<std::pair<int, std::string>> ordered;
        for (Square c : captured)
            ordered.emplace_back(capture_rank(c, m->to, size), square_name(c, size));
        if (game.status().reason == OutcomeReason::KingCaptured && king != kNoSquare)
            ordered.emplace_back(capture_rank(king, m->to, size), "K" + square_name(king, size));
        std::stable_sort(ordered.begin(), ordered.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        std::string out = (king_moves ? "K" : "") + game.move_text(*m);
        for (size_t k = 0; k < ordered.size(); ++k) out += (k ? "/" : "x") + ordered[k].second;
        moves.push_back(out);
    }
    return otg_text(g, rules_with_starti(setup->rules), moves, "");
}

std::string write_otg(const GameRecord& g) {
    auto checked = write_otg_checked(g);
    if (checked) return *checked;
    // Fallback: the moves as written, the rules string as far as it can be made.
    std::string rules_text = g.rules_string;
    if (auto setup = game_setup(g)) rules_text = rules_with_starti(setup->rules);
    std::vector<std::string> moves;
    for (const auto& m : g.moves)
        if (m != "timeout") moves.push_back(slash_captures(m));
    return otg_text(g, rules_text, moves, "record not replayed: " + checked.error());
}

std::string write_csv_line(const GameRecord& g) {
    CsvGame csv;
    csv.moves = g.moves;
    Side mover = g.start_side == "defenders" ? Side::Defenders : Side::Attackers;
    for (const auto& m : g.moves) {
        if (m == "timeout") continue;
        const int captures = static_cast<int>(std::count(m.begin(), m.end(), 'x'));
        (mover == Side::Attackers ? csv.attacker_captures : csv.defender_captures) += captures;
        mover = opponent(mover);
    }
    if (is_time_forfeit(g.termination) && (csv.moves.empty() || csv.moves.back() != "timeout"))
        csv.moves.push_back("timeout");
    csv.result = g.result == "attackers"   ? csv_result(Outcome::AttackersWin)
                 : g.result == "defenders" ? csv_result(Outcome::DefendersWin)
                 : g.result == "draw"      ? csv_result(Outcome::Draw)
                                           : csv_result(Outcome::Ongoing);
    return write_csv_game(csv);
}

// ---- match results --------------------------------------------------------------------------

std::optional<double> score_of(const GameResult& g, std::string_view engine) {
    const bool attacks = g.attackers == engine, defends = g.defenders == engine;
    if (attacks == defends) return std::nullopt;  // did not play (or played itself)
    if (g.result == "draw") return 0.5;
    if (g.result == "attackers") return attacks ? 1.0 : 0.0;
    if (g.result == "defenders") return defends ? 1.0 : 0.0;
    return std::nullopt;
}

MatchSummary summarize(const MatchResults& r) {
    MatchSummary s;
    for (const auto& name : r.engines) {
        EngineSummary e;
        e.name = name;
        for (const auto& g : r.games) {
            if (auto sc = score_of(g, name)) {
                if (*sc == 1)
                    ++e.wdl.wins;
                else if (*sc == 0)
                    ++e.wdl.losses;
                else
                    ++e.wdl.draws;
            }
        }
        e.elo = elo_wdl(e.wdl);
        e.los = los(e.wdl);
        s.engines.push_back(e);
    }
    if (!r.engines.empty()) {
        const std::string& me = r.engines[0];
        std::map<std::pair<int, int>, std::vector<const GameResult*>> pairs;
        for (const auto& g : r.games)
            if (g.game >= 1) pairs[{g.round, (g.game - 1) / 2}].push_back(&g);
        for (const auto& [key, games] : pairs) {
            if (games.size() != 2) continue;
            const GameResult &a = *games[0], &b = *games[1];
            if (a.opening != b.opening || a.attackers != b.defenders || a.defenders != b.attackers)
                continue;
            const auto sa = score_of(a, me), sb = score_of(b, me);
            if (sa && sb) add_pair(s.pentanomial, *sa, *sb);
        }
        s.pentanomial_elo = elo_pentanomial(s.pentanomial);
    }
    if (r.sprt) {
        s.sprt = r.sprt;
        s.bounds = sprt_bounds(*r.sprt);
        if (r.paired) {
            s.llr = sprt_llr(*r.sprt, s.pentanomial);
            s.decision = sprt_decision(*r.sprt, s.llr, s.pentanomial);
        } else if (!s.engines.empty()) {
            s.llr = sprt_llr(*r.sprt, s.engines[0].wdl);
            s.decision = sprt_decision(*r.sprt, s.llr, s.engines[0].wdl);
        }
    }
    return s;
}

std::string results_json(const MatchResults& r) {
    const MatchSummary s = summarize(r);
    std::string out = "{\n";
    out += "  \"format\": " + json_string(kFormat) + ",\n";
    out += "  \"version\": " + std::to_string(kVersion) + ",\n";
    out += "  \"event\": " + json_string(r.event) + ",\n";
    out += "  \"variant\": " + json_string(r.variant) + ",\n";
    out += "  \"engines\": [";
    for (size_t i = 0; i < r.engines.size(); ++i)
        out += (i ? ", " : "") + json_string(r.engines[i]);
    out += "],\n";
    out += std::string("  \"paired\": ") + (r.paired ? "true" : "false") + ",\n";
    if (r.sprt) {
        out += "  \"sprt\": {\"elo0\": " + json_number(r.sprt->elo0) +
               ", \"elo1\": " + json_number(r.sprt->elo1) +
               ", \"alpha\": " + json_number(r.sprt->alpha) +
               ", \"beta\": " + json_number(r.sprt->beta) + "},\n";
    } else {
        out += "  \"sprt\": null,\n";
    }
    out += "  \"summary\": {\n    \"engines\": [\n";
    for (size_t i = 0; i < s.engines.size(); ++i) {
        const EngineSummary& e = s.engines[i];
        out += "      {\"name\": " + json_string(e.name) +
               ", \"wins\": " + std::to_string(e.wdl.wins) +
               ", \"draws\": " + std::to_string(e.wdl.draws) +
               ", \"losses\": " + std::to_string(e.wdl.losses) +
               ", \"games\": " + std::to_string(e.wdl.games()) + ", ";
        put_estimate(out, e.elo);
        out += ", \"los\": " + json_optional(e.los) + "}";
        out += i + 1 < s.engines.size() ? ",\n" : "\n";
    }
    out += "    ],\n";
    const Pentanomial& p = s.pentanomial;
    out += "    \"pentanomial\": {\"ll\": " + std::to_string(p.ll) +
           ", \"ld\": " + std::to_string(p.ld) + ", \"dd_or_wl\": " + std::to_string(p.dd_or_wl) +
           ", \"wd\": " + std::to_string(p.wd) + ", \"ww\": " + std::to_string(p.ww) +
           ", \"pairs\": " + std::to_string(p.pairs()) + ", ";
    put_estimate(out, s.pentanomial_elo);
    out += "},\n";
    if (s.sprt) {
        out += "    \"sprt\": {\"llr\": " + json_number(s.llr) +
               ", \"lower\": " + json_number(s.bounds.lower) +
               ", \"upper\": " + json_number(s.bounds.upper) +
               ", \"decision\": " + json_string(sprt_decision_name(s.decision)) + "}\n";
    } else {
        out += "    \"sprt\": null\n";
    }
    out += "  },\n  \"games\": [";
    for (size_t i = 0; i < r.games.size(); ++i) {
        const GameResult& g = r.games[i];
        out += i ? ",\n    " : "\n    ";
        out += "{\"round\": " + std::to_string(g.round) + ", \"game\": " + std::to_string(g.game) +
               ", \"opening\": " + json_string(g.opening) +
               ", \"attackers\": " + json_string(g.attackers) +
               ", \"defenders\": " + json_string(g.defenders) +
               ", \"result\": " + json_string(g.result) +
               ", \"termination\": " + json_string(g.termination) +
               ", \"plies\": " + std::to_string(g.plies) + "}";
    }
    out += r.games.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

Expected<MatchResults> read_results_json(std::string_view text) {
    auto parsed = JsonParser(text).parse();
    if (!parsed) return Error{parsed.error()};
    std::string error;
    MatchResults r;
    ObjectReader top(*parsed, "", error);
    if (!error.empty()) return Error{error};
    const std::string format = top.str("format");
    if (error.empty() && format != kFormat)
        return Error{"results file: format is " + quoted(format) + ", expected " + quoted(kFormat)};
    const int version = top.integer("version", 0, 1000000);
    if (error.empty() && version != kVersion)
        return Error{"results file: version " + std::to_string(version) +
                     " is not supported (expected " + std::to_string(kVersion) + ")"};
    r.event = top.str("event");
    r.variant = top.str("variant");
    if (const JsonValue* engines = top.typed("engines", JsonValue::Kind::Array)) {
        for (size_t i = 0; i < engines->items.size(); ++i) {
            const JsonValue& e = engines->items[i];
            const std::string where = "engines[" + std::to_string(i) + "]";
            if (e.kind != JsonValue::Kind::String) {
                top.fail(where, std::string("expected a string, found ") + kind_name(e.kind));
            } else if (e.string.empty()) {
                top.fail(where, "empty engine name");
            } else if (std::find(r.engines.begin(), r.engines.end(), e.string) != r.engines.end()) {
                top.fail(where, "engine " + quoted(e.string) + " is listed twice");
            } else {
                r.engines.push_back(e.string);
            }
        }
    }
    r.paired = top.boolean("paired");
    if (const JsonValue* sprt = top.get("sprt"); sprt && sprt->kind != JsonValue::Kind::Null) {
        ObjectReader o(*sprt, "sprt", error);
        SprtConfig c;
        c.elo0 = o.number("elo0");
        c.elo1 = o.number("elo1");
        c.alpha = o.number("alpha");
        c.beta = o.number("beta");
        o.no_other_keys();
        if (error.empty()) {
            auto checked = check_sprt_config(c);
            if (!checked) return Error{"results file: sprt: " + checked.error()};
            r.sprt = c;
        }
    }
    top.typed("summary", JsonValue::Kind::Object);
    if (const JsonValue* games = top.typed("games", JsonValue::Kind::Array)) {
        std::set<std::pair<int, int>> seen;
        for (size_t i = 0; i < games->items.size() && error.empty(); ++i) {
            const std::string where = "games[" + std::to_string(i) + "]";
            ObjectReader o(games->items[i], where, error);
            GameResult g;
            g.round = o.integer("round", 0, 1000000000);
            g.game = o.integer("game", 0, 1000000000);
            g.opening = o.str("opening");
            g.attackers = o.str("attackers");
            g.defenders = o.str("defenders");
            g.result = o.str("result");
            g.termination = o.str("termination");
            g.plies = o.integer("plies", 0, 1000000000);
            o.no_other_keys();
            if (!error.empty()) break;
            auto known = [&](const std::string& name) {
                return std::find(r.engines.begin(), r.engines.end(), name) != r.engines.end();
            };
            if (!known(g.attackers))
                o.fail(o.at("attackers"), "engine " + quoted(g.attackers) + " is not in 'engines'");
            else if (!known(g.defenders))
                o.fail(o.at("defenders"), "engine " + quoted(g.defenders) + " is not in 'engines'");
            else if (g.attackers == g.defenders)
                o.fail(where, "an engine plays itself");
            else if (g.result != "attackers" && g.result != "defenders" && g.result != "draw")
                o.fail(o.at("result"),
                       "result " + quoted(g.result) + " is not 'attackers', 'defenders' or 'draw'");
            else if (!seen.insert({g.round, g.game}).second)
                o.fail(where, "round " + std::to_string(g.round) + " game " +
                                  std::to_string(g.game) + " is listed twice");
            r.games.push_back(g);
        }
    }
    top.no_other_keys();
    if (!error.empty()) return Error{error};
    return r;
}

Expected<MatchResults> merge_results(const std::vector<MatchResults>& parts) {
    if (parts.empty()) return Error{"no results to merge"};
    MatchResults out = parts[0];
    out.games.clear();
    std::set<std::pair<int, int>> seen;
    for (size_t i = 0; i < parts.size(); ++i) {
        const MatchResults& p = parts[i];
        const std::string which = "results part " + std::to_string(i + 1);
        if (p.engines != out.engines) return Error{which + " has other engines than part 1"};
        if (p.variant != out.variant) return Error{which + " has another variant than part 1"};
        if (p.paired != out.paired) return Error{which + " differs from part 1 in pairing"};
        if (p.sprt != out.sprt) return Error{which + " has other SPRT settings than part 1"};
        for (const auto& g : p.games) {
            if (!seen.insert({g.round, g.game}).second)
                return Error{which + ": round " + std::to_string(g.round) + " game " +
                             std::to_string(g.game) + " is already in an earlier part"};
            out.games.push_back(g);
        }
    }
    return out;
}

}  // namespace branan::match
