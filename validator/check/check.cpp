#include "check.hpp"

#include "content.hpp"
#include "diagnostics.hpp"
#include "readers.hpp"
#include "regular_file.hpp"
#include "session.hpp"
#include "sha256.hpp"
#include "text.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <system_error>
#include <thread>

namespace referee {

namespace {

Report not_judged(const std::string& file, std::string scenario) {
    Report r;
    r.file = file;
    r.scenario = std::move(scenario);
    r.judged = false;
    r.complete = false;
    return r;
}

// Input errors cite the document that defines what was wrong: the scenario format for a scenario
// file, the move log's header for the game record, the command line for the rest.
void add_input_error(Report& r, Code code, std::uint32_t line, std::uint32_t col, std::string msg) {
    const std::string_view rule = code == Code::UnknownScenario ? (line > 0 ? cite::kHeader : cite::kCommandLine) : code_info(code).cites;
    r.add(Violation{std::string(code_name(code)), true, line, col, std::string(rule), std::move(msg), std::nullopt});
}

// Every text of a report that can quote the input (names, reasons, messages) is cut to this many
// bytes, so that a hostile input cannot make its report huge (docs/decisions.md, "Limits"). The
// longest text of the sample reports is about 300 bytes.
constexpr std::size_t kMaxReportText = 4096;

void cut(std::string& s) {
    if (s.size() <= kMaxReportText) return;
    const std::size_t all = s.size();
    std::size_t at = kMaxReportText;
    while (at > 0 && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) --at;  // whole characters
    s.resize(at);
    s += fmt::format("... [cut: {} bytes in all]", all);
}
void cut(std::optional<std::string>& s) {
    if (s) cut(*s);
}

Report bounded(Report r) {
    cut(r.scenario);
    if (r.scenario_source) cut(r.scenario_source->path);
    for (auto& p : r.players) {
        cut(p.side);
        cut(p.name);
    }
    for (auto& [name, value] : r.tags) {
        cut(name);
        cut(value);
    }
    Result& v = r.result;
    cut(v.winner);
    cut(v.level);
    cut(v.decided);
    if (v.provisional) {
        cut(v.provisional->standing);
        cut(v.provisional->phase);
    }
    for (auto& x : v.ranking) cut(x);
    for (auto& sc : r.scores) {
        cut(sc.side);
        for (auto& it : sc.items) {
            cut(it.rule);
            cut(it.what);
        }
    }
    for (auto& x : r.violations) {
        cut(x.rule);
        cut(x.message);
    }
    for (auto& c : r.claims) {
        cut(c.claim);
        cut(c.stated);
        cut(c.computed);
    }
    for (auto& x : r.rulings) cut(x);
    for (auto& b : r.banners)
        for (std::string* x : {&b.side, &b.kind, &b.what, &b.rule, &b.gained_at, &b.lost_at, &b.lost_why, &b.note}) cut(*x);
    for (auto& m : r.margins) {
        for (auto& t : m.tracks) cut(t.first);
        for (auto& f : m.factions) {
            cut(f.faction);
            cut(f.player);
        }
    }
    return r;
}

}  // namespace

// What the check of a game says once the reader is done: its syntax errors alone, or why its
// scenario cannot be used, or the engine's report with the reader's warnings.
Report Session::report(const GameRecord& g) {
    Report rep = not_judged(file_, scen_name_);  // the scenario named, even when it cannot be used
    // What every report has, judged or not: who played, the tags, whether there was any record,
    // and (with no syntax error) the digest of the records.
    auto done = [&](Report r) {
        r.players = std::move(players_);
        r.tags = std::move(tags_);
        if (records_ == 0 && g.format == InputFormat::MoveLog && !g.has_syntax_errors()) r.game_record = false;  // a save may hold a snapshot alone
        if (digest_ && !g.has_syntax_errors()) r.digest = digest_->value();
        if (load_ && load_->scenario) {  // the rules it was judged by, and where they come from
            const Scenario& s = *load_->scenario;
            ScenarioSource src;
            src.builtin = s.source_file == kBuiltinFile;
            if (!src.builtin) {
                src.path = s.source_file;
                src.sha256 = s.source_sha256;
                src.extends = s.extends;
                src.changes = s.file_changes;
            }
            r.scenario_source = std::move(src);
        }
        return bounded(std::move(r));
    };
    const std::string_view spec = g.format == InputFormat::XmlSave ? cite::kXmlSave : cite::kMoveLog;
    for (const auto& d : g.diagnostics)
        rep.add(Violation{d.code, d.severity == Severity::Error, d.line, d.col, std::string(spec), d.message, std::nullopt});
    rep.errors_not_kept += g.errors_not_kept;
    rep.warnings_not_kept += g.warnings_not_kept;
    auto by_line = [](Report& r) {
        std::stable_sort(r.violations.begin(), r.violations.end(), [](const Violation& a, const Violation& b) { return a.line < b.line; });
    };
    if (g.has_syntax_errors()) {
        by_line(rep);
        return done(std::move(rep));
    }
    if (scen_name_.empty()) {
        add_input_error(rep, Code::UnknownScenario, 1, 1,
                        g.format == InputFormat::XmlSave
                            ? "the save names no scenario (attribute 'scenario' of <referee-save>) and no --scenario was given"
                        : records_ == 0
                            ? "the file holds no record (it is empty, or only blank lines and comments): a `game` record must come first, or give --scenario"
                            : "the game names no scenario (a `game` record must come first) and no --scenario was given");
        return done(std::move(rep));
    }
    if (!load_) scenario_known(g);
    if (!load_->scenario) {
        const bool file_has_errors = std::any_of(load_->errors.begin(), load_->errors.end(), [](const ScenarioError& e) { return e.line != 0; });
        const std::uint32_t line = opts_.scenario.empty() ? scen_line_ : 0, col = opts_.scenario.empty() ? scen_col_ : 0;
        if (!file_has_errors) {
            // Neither a built-in nor a file that can be read (no such file, a folder, a device...):
            // said once, with its reason. A name that is a path is a scenario file that cannot be
            // read (scenario-file); a bare name, one that is not a built-in (unknown-scenario, with
            // the built-in it is one or two edits from, if any).
            std::string why;
            for (const auto& e : load_->errors) why += (why.empty() ? "" : "; ") + e.message;
            const bool path = load_->refused || scen_name_.find('/') != std::string::npos || scen_name_.ends_with(".xml");
            if (load_->refused)  // a path out of the game's folders: the game record's rules say which it may name
                rep.violations.push_back(Violation{std::string(code_name(Code::ScenarioFile)), true, line, col, std::string(cite::kHeader),
                                                   fmt::format("{}: {}", scen_name_, why), std::nullopt});
            else if (path)
                add_input_error(rep, Code::ScenarioFile, line, col, fmt::format("{}: {}", scen_name_, why));
            else
                add_input_error(rep, Code::UnknownScenario, line, col, fmt::format("cannot use scenario '{}': {}", scen_name_, why));
            return bounded(std::move(rep));
        }
        add_input_error(rep, Code::UnknownScenario, line, col,
                        fmt::format("cannot use scenario '{}': its file has errors (each below as scenario-file)", scen_name_));
        for (const auto& e : load_->errors)
            add_input_error(rep, Code::ScenarioFile, line, 0,
                            e.line == 0 ? fmt::format("{}: {}", e.file, e.message) : fmt::format("{}:{}:{}: {}", e.file, e.line, e.col, e.message));
        rep.errors_not_kept += load_->errors_not_kept;  // past the cap kept (record.hpp)
        return done(std::move(rep));
    }
    Report judged;
    if (unjudged_) {
        judged = std::move(*unjudged_);
    } else {  // the engine's verdict, on the game's file and by its scenario
        judged.file = engine_->game().record.file;
        judged.scenario = engine_->game().scenario.id;
        static_cast<Verdict&>(judged) = engine_->finish();
    }
    // Input warnings (unknown XML elements...) go with the rule violations.
    for (auto& v : rep.violations) judged.add(std::move(v));
    judged.errors_not_kept += rep.errors_not_kept;
    judged.warnings_not_kept += rep.warnings_not_kept;
    by_line(judged);
    return done(std::move(judged));
}

namespace {

// A ZIP archive: a VASSAL save or log (vassal.md) is a game record that judging needs the module
// for (referee check --module judges it before it comes here): say so, rather than a syntax error on
// its first byte. A module or another archive is not a game record.
std::optional<Report> zip_archive(std::string_view text, const std::string& file) {
    const ZipKind kind = zip_kind(text);
    if (kind == ZipKind::NotZip) return std::nullopt;
    if (kind != ZipKind::VassalGame)
        return not_a_game_record(file, fmt::format("{}, not a game record (a move log, an XML save, or a VASSAL save or log)",
                                                   kind == ZipKind::Module ? "a VASSAL module (it goes with --module M)" : "a ZIP archive"));
    // Not `unreadable`: the file reads; what is missing is what judging it needs (issue 32).
    Report r = not_judged(file, "");
    add_input_error(r, Code::VassalBinding, 0, 0,
                    fmt::format("a VASSAL save or log: judging it needs its module and a binding: referee check {} --module M "
                                "--scenario BINDING.xml (docs/vassal.md)",
                                file));
    return r;
}

}  // namespace

Report unreadable(const std::string& file, std::string message) {
    Report r = not_judged(file, "");
    cut(message);
    add_input_error(r, Code::Unreadable, 0, 0, std::move(message));
    return r;
}

Report not_a_game_record(const std::string& file, std::string what) {
    Report r = not_judged(file, "");
    r.game_record = false;
    cut(what);
    add_input_error(r, Code::NotAGameRecord, 0, 0, std::move(what));
    return r;
}

Report vassal_not_judged(const std::string& file, const std::string& scenario, Code code, std::string message) {
    Report r = not_judged(file, scenario);
    r.places_are_steps = true;
    // Each problem of the message (one a line: every part of a binding a module lacks, every piece
    // that cannot be bound) is a violation of its own.
    for (std::string_view line : split_lines(message)) {
        Violation v{std::string(code_name(code)), true, 0, 0, std::string(code_info(code).cites), std::string(line), std::nullopt};
        cut(v.message);
        r.violations.push_back(std::move(v));
    }
    return r;
}

namespace {

// A text of the report that names a record by its line ("British unit Guards eliminated, line 17")
// names it by its step in a VASSAL game's report: "line N" (N a line of the converted text) becomes
// "step S"; a number that is no line of the text is left as it is.
void lines_to_steps(std::string& s, const std::vector<std::uint32_t>& step_of_line) {
    std::string out;
    std::size_t at = 0;
    for (std::size_t hit; (hit = s.find("line ", at)) != std::string::npos;) {
        std::size_t end = hit + 5, n = 0;
        while (end < s.size() && s[end] >= '0' && s[end] <= '9' && end - hit < 15) n = n * 10 + static_cast<std::size_t>(s[end++] - '0');
        const bool word = hit == 0 || !((s[hit - 1] >= 'a' && s[hit - 1] <= 'z') || (s[hit - 1] >= 'A' && s[hit - 1] <= 'Z'));
        if (end > hit + 5 && word && n >= 1 && n <= step_of_line.size() && (end == s.size() || s[end] < '0' || s[end] > '9')) {
            out.append(s, at, hit - at);
            out += fmt::format("step {}", step_of_line[n - 1]);
        } else {
            out.append(s, at, end - at);
        }
        at = end;
    }
    if (at == 0) return;
    out.append(s, at, std::string::npos);
    s = std::move(out);
}

}  // namespace

Report check_steps(std::string_view text, const std::string& file, const CheckOptions& opts,
                   const std::vector<std::uint32_t>& step_of_line, std::vector<Violation> findings) {
    Report r = check_text(text, file, opts);
    r.places_are_steps = true;
    auto step = [&](std::uint32_t line) -> std::optional<std::uint32_t> {
        if (line == 0 || line > step_of_line.size()) return std::nullopt;
        return step_of_line[line - 1];
    };
    auto in_place = [&](std::uint32_t& line) {
        if (auto s = step(line)) line = *s;
    };
    for (Violation& v : r.violations) v.step = step(v.line);
    for (Claim& c : r.claims) c.step = step(c.line);
    if (r.result.line) r.result.step = step(*r.result.line);
    if (r.result.provisional) r.result.provisional->step = step(r.result.provisional->line);
    for (BannerEntry& b : r.banners) {
        in_place(b.gained_line);
        if (b.lost_line) in_place(*b.lost_line);
    }
    for (MarginCheck& m : r.margins) in_place(m.line);
    for (Violation& v : r.violations) lines_to_steps(v.message, step_of_line);
    for (SideScore& sc : r.scores)
        for (ScoreItem& it : sc.items) lines_to_steps(it.what, step_of_line);
    for (BannerEntry& b : r.banners)
        for (std::string* x : {&b.gained_at, &b.lost_at, &b.lost_why, &b.note}) lines_to_steps(*x, step_of_line);
    if (r.result.decided) lines_to_steps(*r.result.decided, step_of_line);
    for (Violation& f : findings) {
        cut(f.message);
        r.add(std::move(f));
    }
    std::stable_sort(r.violations.begin(), r.violations.end(),
                     [](const Violation& a, const Violation& b) { return a.step.value_or(0) < b.step.value_or(0); });
    return r;
}

namespace {

// The report of a game read to its end.
Report judged(std::string_view text, const std::string& file, const GameRecord& game, Session& session) {
    // A text read as a move log that is mostly not one: said once, not one syntax error a line.
    if (game.format == InputFormat::MoveLog && game.has_syntax_errors() && !session.game_named())
        if (std::optional<std::string> what = mostly_not_records(text, game)) return not_a_game_record(file, std::move(*what));
    return session.report(game);
}

}  // namespace

std::optional<Report> refused_text(std::string_view text, const std::string& file) {
    if (std::optional<Report> r = zip_archive(text, file)) return r;
    if (std::optional<std::string> what = plainly_not_a_record(text)) return not_a_game_record(file, std::move(*what));
    return std::nullopt;
}

Report check_game(const GameRecord& game, std::string_view text, const CheckOptions& opts) {
    Session session(opts, game.file);
    session.begin(game);
    for (const Record& r : game.records) session.record(r, game);
    session.end(game);
    return judged(text, game.file, game, session);
}

Report check_text(std::string_view text, const std::string& file, const CheckOptions& opts) {
    if (std::optional<Report> r = refused_text(text, file)) return std::move(*r);
    {
        // A long save's log is read in pieces (readers.hpp); false: a piece was malformed, and the
        // save is judged again from the start, read whole, below.
        GameRecord game;
        game.file = file;
        Session session(opts, file);
        if (read_game(text, game, session, SaveStreaming{})) return judged(text, file, game, session);
    }
    GameRecord game;
    game.file = file;
    Session session(opts, file);
    read_game(text, game, session);
    return judged(text, file, game, session);
}

namespace {

// A game file of more than this is refused unread: the largest benchmark game (10^7 records) is a
// 660 MB save, a tournament game a few kilobytes, and a device such as /dev/zero never ends.
constexpr std::size_t kMaxGameBytes = std::size_t{1} << 30;

// Reads all of `fd` into `text` with read(2), in large blocks (a byte-by-byte stream iterator cost
// a sixth of a check), the first of `first` bytes and one more: a regular file's size, so that a
// file read whole takes one call and the second sees its end. errno is set on an Error.
enum class ReadResult { Whole, TooLong, Error };
ReadResult read_fd(int fd, std::string& text, std::size_t first, bool size_known) {
    constexpr std::size_t kBlock = std::size_t{1} << 20;
    std::size_t used = 0;
    std::size_t want = std::min(first, kMaxGameBytes) + 1;
    for (;;) {
        text.resize(used + want);
        const ssize_t n = ::read(fd, text.data() + used, want);
        if (n < 0) {
            if (errno == EINTR) continue;
            return ReadResult::Error;
        }
        used += static_cast<std::size_t>(n);
        if (used > kMaxGameBytes) return ReadResult::TooLong;
        // A short count at or past the size the file had is its end; before it (a file system that
        // gives less than asked), with no size known (a file of /proc), or from a pipe, read on to
        // a zero.
        if (n == 0 || (size_known && static_cast<std::size_t>(n) < want && first != 0 && used >= first)) break;
        want = static_cast<std::size_t>(n) < want ? want - static_cast<std::size_t>(n) : kBlock;
    }
    text.resize(used);
    return ReadResult::Whole;
}

}  // namespace

Input read_input(const std::string& file) {
    Input input;
    std::string& text = input.read;
    auto fail = [&](std::string msg) {
        Report r = not_judged(file, "");
        add_input_error(r, Code::Unreadable, 0, 0, std::move(msg));
        input.failure = std::move(r);
        input.read.clear();
        input.mapped.reset();
        return std::move(input);
    };
    if (file == "-") {
        const ReadResult got = read_fd(STDIN_FILENO, text, std::size_t{64} << 10, false);
        if (got == ReadResult::TooLong)
            return fail(fmt::format("the standard input has more than {} bytes (1 GiB): not a game record", kMaxGameBytes));
        if (got == ReadResult::Error) return fail(fmt::format("error reading the standard input: {}", std::strerror(errno)));
    } else {
        // Only a regular file is read, opened without blocking: a named pipe among the games would
        // otherwise stop the batch for ever, a device never end (regular_file.hpp).
        const OpenedFile f = open_regular_file(file);
        if (f.fd < 0)
            return fail(f.kind.empty() ? fmt::format("cannot open {}: {}", file, f.why) : fmt::format("{} is {}, not a game record", file, f.kind));
        const std::uint64_t size = f.size;
        if (size > kMaxGameBytes) {
            ::close(f.fd);
            return fail(fmt::format("{} has {} bytes: a game record may have at most {} (1 GiB)", file, size, kMaxGameBytes));
        }
        if (size >= kMapBytes) {
            input.mapped = MappedFile::map(f.fd, static_cast<std::size_t>(size), file);
            if (input.mapped) {
                ::close(f.fd);
                return input;
            }
        }
        const ReadResult got = read_fd(f.fd, text, static_cast<std::size_t>(size), true);
        const int error = errno;
        ::close(f.fd);
        if (got == ReadResult::TooLong) return fail(fmt::format("{} has more than {} bytes (1 GiB): not a game record", file, kMaxGameBytes));
        if (got == ReadResult::Error) return fail(fmt::format("error reading {}: {}", file, std::strerror(error)));
    }
    return input;
}

Report check_hashed(std::string_view bytes, const std::string& file, const CheckOptions& opts) {
    // SHA-256 of a large file takes a twentieth of its check (docs/performance.md): it is taken on
    // a second thread while this one reads and judges the game, when a thread can be had. The text
    // is only read on both.
    constexpr std::size_t kHashApart = std::size_t{1} << 20;
    if (!opts.sha256) return check_text(bytes, file, opts);
    std::string digest;
    std::jthread hasher;
    if (bytes.size() >= kHashApart) {
        try {
            hasher = std::jthread([&digest, bytes] { digest = sha256_hex(bytes); });
        } catch (const std::system_error&) {  // no thread: hashed below, on this one
        }
    }
    Report r = check_text(bytes, file, opts);  // on an exception, hasher's destructor joins it
    if (hasher.joinable()) {
        hasher.join();
        r.sha256 = std::move(digest);
    } else {
        r.sha256 = sha256_hex(bytes);
    }
    return r;
}

Report check_file(const std::string& file, const CheckOptions& opts) {
    Input input = read_input(file);
    if (input.failure) return std::move(*input.failure);
    return check_hashed(input.bytes(), file, opts);
}

}  // namespace referee
