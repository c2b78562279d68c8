// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/match_files.h"

#include <chrono>
#include <filesystem>
#include <fstream>

#include "core/text.h"
#include "match/fault_hook.h"

namespace branan::match {
namespace fs = std::filesystem;
namespace {

constexpr size_t kResultsEveryGame = 1000;
constexpr std::chrono::seconds kResultsInterval{5};

constexpr const char* kIndexHeader =
    "line,round,game,attackers,defenders,result,termination,plies,opening";

// A CSV field, quoted (RFC 4180) when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& v) {
    if (v.find_first_of(",\"\r\n") == std::string::npos) return v;
    std::string out = "\"";
    for (char c : v) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// games-index.csv's line for the `line`-th line of games.csv.
std::string index_line(size_t line, const GameResult& g) {
    return std::to_string(line) + "," + std::to_string(g.round) + "," + std::to_string(g.game) +
           "," + csv_field(g.attackers) + "," + csv_field(g.defenders) + "," + g.result + "," +
           csv_field(g.termination) + "," + std::to_string(g.plies) + "," + csv_field(g.opening);
}

bool append_line(const std::string& path, const std::string& line) {
    std::ofstream out(path, std::ios::app);
    out << line << "\n";
    out.flush();
    return static_cast<bool>(out);
}

bool is_match_file(const fs::path& p) {
    const std::string name = p.filename().string();
    return name == "games.csv" || name == "games-index.csv" ||
           (name.rfind("round", 0) == 0 &&
            (p.extension() == ".otg" || p.extension() == ".notes" || p.extension() == ".html")) ||
           p.extension() == ".tmp";
}

bool folder_has_files(const std::string& dir) {
    std::error_code ec;
    return fs::is_directory(dir, ec) && !fs::is_empty(dir, ec);
}

}  // namespace

std::string journal_path(const std::string& results_file) {
    const std::string ext = ".json";
    if (results_file.size() > ext.size() &&
        results_file.compare(results_file.size() - ext.size(), ext.size(), ext) == 0)
        return results_file.substr(0, results_file.size() - ext.size()) + ".journal";
    return results_file + ".journal";
}

bool write_atomically(const std::string& path, const std::string& text, const std::string& step) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        out << text;
        out.flush();
        if (!out) return false;
    }
    if (!step.empty()) crash_point((step + "-tmp").c_str());
    std::error_code ec;
    fs::rename(tmp, path, ec);
    if (!step.empty()) crash_point(step.c_str());
    return !ec;
}

Expected<MatchFiles> MatchFiles::open(const RunPaths& paths, const MatchResults& base,
                                      const std::vector<std::pair<std::string, std::string>>& setup,
                                      const std::optional<Schedule>& schedule) {
    MatchFiles f;
    f.paths_ = paths;
    f.results_ = base;
    f.results_.games.clear();
    const std::string journal = paths.results_file.empty() ? "" : journal_path(paths.results_file);
    std::error_code ec;
    if (!paths.results_file.empty() && fs::is_directory(paths.results_file, ec))
        return Error{"--results " + branan::quoted(paths.results_file) +
                     " is a directory: name a file (--records DIR takes a folder)"};
    if (!paths.resume && !paths.force) {
        if (!paths.records_dir.empty() && folder_has_files(paths.records_dir))
            return Error{"the records folder " + branan::quoted(paths.records_dir) +
                         " is not empty: give --resume to continue its run or --force to "
                         "start over"};
        for (const auto& file : {paths.results_file, journal})
            if (!file.empty() && fs::exists(file, ec))
                return Error{branan::quoted(file) +
                             " exists: give --resume to continue its run or --force to start "
                             "over"};
    }
    if (!journal.empty() && paths.resume && !fs::exists(journal, ec) &&
        fs::exists(paths.results_file, ec))
        return Error{"cannot resume: " + branan::quoted(paths.results_file) + " has no journal " +
                     branan::quoted(journal) + " (it was written by an older branan-match)"};
    for (const auto& dir :
         {paths.records_dir, paths.results_file.empty()
                                 ? std::string()
                                 : fs::path(paths.results_file).parent_path().string()}) {
        if (dir.empty()) continue;
        fs::create_directories(dir, ec);
        if (ec || !fs::is_directory(dir))
            return Error{"cannot create the folder '" + dir +
                         "': " + (ec ? ec.message() : std::string("a file is in the way"))};
    }
    if (paths.force && !paths.records_dir.empty())
        for (const auto& entry : fs::directory_iterator(paths.records_dir, ec))
            if (entry.is_regular_file() && is_match_file(entry.path()))
                fs::remove(entry.path(), ec);
    if (!journal.empty()) {
        MatchIdentity id{base.event, base.variant, base.engines, setup, schedule};
        auto opened = Journal::open(journal, id, !paths.resume);
        if (!opened) return Error{opened.error()};
        f.journal_ = std::make_unique<Journal>(std::move(opened).value());
        f.finished_ = f.journal_->take_games();
        for (const auto& g : f.finished_) f.results_.games.push_back(g.result);
    }
    std::string error;
    if (!f.rebuild(error)) return Error{error};
    f.finished_.clear();  // written out: the results keep what the run needs
    f.finished_.shrink_to_fit();
    return f;
}

std::string MatchFiles::record_path(const GameResult& g, const char* extension) const {
    return paths_.records_dir + "/round" + std::to_string(g.round) + "-game" +
           std::to_string(g.game) + extension;
}

bool MatchFiles::write_record(const FinishedGame& game, bool only_missing) {
    const std::string otg = record_path(game.result, ".otg"),
                      notes = record_path(game.result, ".notes");
    std::error_code ec;
    bool ok = true;
    if (!only_missing || !fs::exists(otg, ec)) ok = write_atomically(otg, write_otg(game.record));
    if (!only_missing || !fs::exists(notes, ec))
        ok = write_atomically(notes, write_move_notes(game.record)) && ok;
    return ok;
}

// Rewrites every derived file from the journal: games.csv and games-index.csv whole, the records
// that are missing, the results file; stray temporary files go.
bool MatchFiles::rebuild(std::string& error) {
    if (!paths_.records_dir.empty()) {
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(paths_.records_dir, ec))
            if (entry.path().extension() == ".tmp") fs::remove(entry.path(), ec);
        std::string csv, index = std::string(kIndexHeader) + "\n";
        for (size_t i = 0; i < finished_.size(); ++i) {
            csv += write_csv_line(finished_[i].record) + "\n";
            index += index_line(i + 1, finished_[i].result) + "\n";
            if (!write_record(finished_[i], true)) {
                error = "cannot write " + record_path(finished_[i].result, ".otg");
                return false;
            }
        }
        const std::string dir = paths_.records_dir + "/";
        if (!write_atomically(dir + "games.csv", csv) ||
            !write_atomically(dir + "games-index.csv", index)) {
            error = "cannot write games.csv in " + paths_.records_dir;
            return false;
        }
    }
    return write_results(error);
}

bool MatchFiles::write_results(std::string& error) {
    last_results_ = std::chrono::steady_clock::now();
    if (paths_.results_file.empty() ||
        write_atomically(paths_.results_file, results_json(results_), "results"))
        return true;
    error = "cannot write " + paths_.results_file;
    return false;
}

void MatchFiles::remove_if_empty() {
    if (!results_.games.empty()) return;
    journal_.reset();
    std::error_code ec;
    if (!paths_.results_file.empty()) {
        fs::remove(paths_.results_file, ec);
        fs::remove(journal_path(paths_.results_file), ec);
    }
    if (!paths_.records_dir.empty())
        for (const char* name : {"games.csv", "games-index.csv"})
            fs::remove(paths_.records_dir + "/" + name, ec);
}

bool MatchFiles::add(const FinishedGame& game, std::string& error) {
    if (journal_ && !journal_->append(game, error)) return false;
    results_.games.push_back(game.result);
    if (!paths_.records_dir.empty()) {
        if (!write_record(game, false)) error = "cannot write " + record_path(game.result, ".otg");
        crash_point("record");
        const std::string dir = paths_.records_dir + "/";
        if (!append_line(dir + "games.csv", write_csv_line(game.record)))
            error = "cannot write " + dir + "games.csv";
        crash_point("csv");
        if (!append_line(dir + "games-index.csv", index_line(results_.games.size(), game.result)))
            error = "cannot write " + dir + "games-index.csv";
    }
    // The results file is rewritten whole: after every game while it is small, then at most
    // every few seconds (a 20000-game run would otherwise write gigabytes); finish() writes the
    // last state. The journal has every game either way.
    const auto now = std::chrono::steady_clock::now();
    if (results_.games.size() <= kResultsEveryGame || now - last_results_ >= kResultsInterval) {
        std::string results_error;
        if (!write_results(results_error)) error = results_error;
    }
    return true;
}

bool MatchFiles::finish(std::string& error) {
    return write_results(error);
}

}  // namespace branan::match
