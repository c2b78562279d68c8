// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/report.h"

#include <iomanip>
#include <ostream>
#include <sstream>

namespace branan::match {
namespace {

double points_share(const WDL& w) {
    const int n = w.games();
    return n ? (w.wins + 0.5 * w.draws) / n : 0.5;
}

std::string wdl_text(const WDL& w) {
    return std::to_string(w.wins) + "-" + std::to_string(w.draws) + "-" + std::to_string(w.losses);
}

// Each engine's W-D-L as the attackers and as the defenders.
void print_by_side(const MatchResults& results, std::ostream& out) {
    out << "\nby side            attackers W-D-L    defenders W-D-L\n";
    for (const auto& name : results.engines) {
        WDL side[2];
        for (const auto& g : results.games) {
            const int s = g.attackers == name ? 0 : g.defenders == name ? 1 : -1;
            const auto score = score_of(g, name);
            if (s < 0 || !score) continue;
            ++(*score == 1 ? side[s].wins : *score == 0 ? side[s].losses : side[s].draws);
        }
        out << std::left << std::setw(19) << name << std::setw(19) << wdl_text(side[0])
            << wdl_text(side[1]) << std::right << "\n";
    }
}

// Per pairing, and with three engines or more the crosstable: each row engine's W-D-L against
// each column engine.
void print_pairings(const MatchSummary& s, const MatchResults& results, std::ostream& out) {
    if (s.pairings.empty()) return;
    out << "\npairing                          games   W-D-L (first's view)   score  Elo (95%)\n";
    for (const auto& p : s.pairings)
        out << std::left << std::setw(33) << (p.first + " vs " + p.second) << std::right
            << std::setw(5) << p.wdl.games() << "   " << std::left << std::setw(23)
            << wdl_text(p.wdl) << std::right << format_number(points_share(p.wdl), 3) << "  "
            << format_estimate(p.elo) << "\n";
    if (results.engines.size() < 3) return;
    out << "\ncrosstable (row's W-D-L against the column)\n" << std::left << std::setw(16) << "";
    for (const auto& name : results.engines) out << std::setw(14) << name.substr(0, 13);
    out << "\n";
    for (const auto& row : results.engines) {
        out << std::setw(16) << row.substr(0, 15);
        for (const auto& col : results.engines) {
            std::string cell = row == col ? "-" : "";
            for (const auto& p : s.pairings) {
                if (p.first == row && p.second == col) cell = wdl_text(p.wdl);
                if (p.first == col && p.second == row)
                    cell = wdl_text(WDL{p.wdl.losses, p.wdl.draws, p.wdl.wins});
            }
            out << std::setw(14) << cell;
        }
        out << "\n";
    }
    out << std::right;
}

}  // namespace

std::string score_line(const MatchResults& results, size_t total_games) {
    const MatchSummary s = summarize(results);
    if (s.engines.empty()) return {};
    const auto& e = s.engines[0];
    std::ostringstream line;
    line << "Games " << results.games.size() << "/" << total_games << "  Score of " << e.name
         << ": " << e.wdl.wins << " - " << e.wdl.losses << " - " << e.wdl.draws << " ["
         << format_number(points_share(e.wdl), 3) << "]  Elo " << format_estimate(e.elo);
    if (s.sprt)
        line << "  LLR " << format_number(s.llr) << " (" << format_number(s.bounds.lower) << ", "
             << format_number(s.bounds.upper) << ")";
    return line.str();
}

void print_summary(const MatchResults& results, std::ostream& out) {
    const MatchSummary s = summarize(results);
    out << "\n"
        << std::left << std::setw(20) << "engine" << std::right << std::setw(7) << "games"
        << std::setw(6) << "W" << std::setw(6) << "D" << std::setw(6) << "L" << std::setw(8)
        << "score"
        << "  Elo (95% interval)                          LOS\n";
    for (const auto& e : s.engines) {
        out << std::left << std::setw(20) << e.name << std::right << std::setw(7) << e.wdl.games()
            << std::setw(6) << e.wdl.wins << std::setw(6) << e.wdl.draws << std::setw(6)
            << e.wdl.losses << std::setw(8) << format_number(points_share(e.wdl), 3) << "  "
            << std::left << std::setw(44) << format_estimate(e.elo) << std::right
            << (e.los ? format_number(*e.los * 100, 1) + "%" : std::string("n/a")) << "\n";
    }
    print_by_side(results, out);
    print_pairings(s, results, out);
    const auto& p = s.pentanomial;
    out << "\npairs (" << results.engines[0] << "'s view, 0 / 0.5 / 1 / 1.5 / 2 points): " << p.ll
        << " / " << p.ld << " / " << p.dd_or_wl << " / " << p.wd << " / " << p.ww << "   Elo "
        << format_estimate(s.pentanomial_elo) << "\n";
    if (s.sprt)
        out << "SPRT elo0=" << format_number(s.sprt->elo0)
            << " elo1=" << format_number(s.sprt->elo1)
            << " alpha=" << format_number(s.sprt->alpha, 3)
            << " beta=" << format_number(s.sprt->beta, 3) << ": LLR " << format_number(s.llr)
            << " (" << format_number(s.bounds.lower) << ", " << format_number(s.bounds.upper)
            << "): " << sprt_decision_name(s.decision) << "\n";
    for (const auto& w : results.warnings) out << "warning: " << w << "\n";
}

}  // namespace branan::match
