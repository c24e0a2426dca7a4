// `referee check` over many files (batch.hpp).
#include "batch.hpp"

#include "output.hpp"
#include "position_command.hpp"
#include "view.hpp"

#include "check.hpp"
#include "content.hpp"
#include "diagnostics.hpp"
#include "report.hpp"
#include "regular_file.hpp"
#include "shown.hpp"
#include "vassal_check.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <filesystem>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <utility>

namespace referee {

namespace fs = std::filesystem;

namespace {

bool hidden(const fs::path& p) {
    const std::string name = p.filename().string();
    return !name.empty() && name[0] == '.';
}

// The files under `dir`, recursively, into `out` (sorted later). A folder that cannot be listed is
// an entry of its own, with the problem. Only regular files are read: a named pipe, a device or a
// socket is an entry with its problem (never opened: a pipe would wait for ever), and so is a
// symbolic link that leads out of `root` (the folder named on the command line, resolved), which a
// player's upload could point at any file of the machine; a link within it to a file is followed,
// a link to a folder is not (it may lead back up the tree).
void walk(const fs::path& dir, const fs::path& root, std::vector<BatchEntry>& out) {
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) {
        out.push_back(BatchEntry{dir.string(), true, fmt::format("cannot read the folder {}: {}", dir.string(), ec.message())});
        return;
    }
    std::vector<fs::path> subdirs;
    auto refuse = [&](const fs::path& p, std::string why) { out.push_back(BatchEntry{p.string(), true, fmt::format("{} {}: not read", p.string(), why)}); };
    auto kind = [](fs::file_type t) {
        switch (t) {
            case fs::file_type::fifo: return "a named pipe";
            case fs::file_type::character: return "a character device";
            case fs::file_type::block: return "a block device";
            case fs::file_type::socket: return "a socket";
            default: return "not a file";
        }
    };
    for (const fs::directory_iterator end; it != end; it.increment(ec)) {
        if (ec) break;
        const fs::directory_entry& e = *it;
        if (hidden(e.path())) continue;
        std::error_code ec2;
        if (e.is_symlink(ec2)) {
            const fs::path target = fs::weakly_canonical(e.path(), ec2);
            if (ec2 || root.empty() || !path_within(target, root)) {
                refuse(e.path(), fmt::format("is a symbolic link that leads out of the folder {}", root.empty() ? dir.string() : root.string()));
                continue;
            }
            const fs::file_status st = fs::status(e.path(), ec2);
            if (fs::is_regular_file(st)) out.push_back(BatchEntry{e.path().string(), true, {}});
            else if (fs::exists(st) && !fs::is_directory(st)) refuse(e.path(), fmt::format("is a symbolic link to {}, not a file", kind(st.type())));
            continue;  // a link to a folder is not followed; a broken link is no file
        }
        // The entry's own questions answer from the type the folder's listing gave, with no stat of
        // each file (the check asks again of what it opens: regular_file.hpp).
        if (e.is_directory(ec2)) subdirs.push_back(e.path());
        else if (e.is_regular_file(ec2)) out.push_back(BatchEntry{e.path().string(), true, {}});
        else refuse(e.path(), fmt::format("is {}, not a file", kind(e.status(ec2).type())));
    }
    if (ec) out.push_back(BatchEntry{dir.string(), true, fmt::format("cannot read the folder {} to its end: {}", dir.string(), ec.message())});
    for (const fs::path& d : subdirs) walk(d, root, out);
}

// A file that could not be checked (out of memory, for one): not judged, with why; the batch goes on.
Report could_not_check(const std::string& file, const std::string& why) {
    Report r;
    r.file = file;
    r.judged = false;
    r.violations.push_back({"internal-error", true, 0, 0, "", fmt::format("could not check: {}", why), std::nullopt});
    return r;
}

// The most violations listed over a whole batch (whatever --max-errors): past it, each report gives
// only how many it has, so that a tournament of hostile files makes a report of bounded size
// (docs/decisions.md, "Limits").
constexpr std::size_t kMaxBatchListed = 1000000;

// One file's report; an exception from the checker becomes a report of an input not judged. A
// VASSAL save or log, with the game's module, is judged through its conversion (vassal_check.hpp);
// another ZIP archive (a module, in a folder of games) is said to be no game record.
Report check_one(const BatchEntry& e, const CheckOptions& opts, const vassal::Module* module, std::string* page) {
    try {
        if (page && e.problem.empty()) {
            GamePage g = game_page(e.path, opts, module);
            *page = std::move(g.page);
            return std::move(g.report);
        }
        if (!e.problem.empty()) return unreadable(e.path, e.problem);
        if (module == nullptr || !is_zip_file(e.path)) return check_file(e.path, opts);
        Input in = read_input(e.path);
        if (in.failure) return std::move(*in.failure);
        if (zip_kind(in.bytes()) == ZipKind::VassalGame) return check_vassal(e.path, *module, opts);
        return check_hashed(in.bytes(), e.path, opts);
    } catch (const std::bad_alloc&) {
        return could_not_check(e.path, "out of memory");
    } catch (const std::exception& ex) {
        return could_not_check(e.path, ex.what());
    }
}

// A file's report, and its page with --format html.
struct Checked {
    Report report;
    std::string page;
};

// "referee: 12 of 300 files checked" on standard error, redrawn at most ten times a second. When
// standard output is the same terminal, the count is erased before each report is written, so that
// the two never mix on one line.
class Progress {
public:
    Progress(bool on, std::size_t total) : on_(on), total_(total), shares_terminal_(on && isatty(fileno(stdout)) != 0) {}
    void show(std::size_t checked) {
        if (!on_ || (shown_ && checked == shown_count_)) return;
        const auto now = std::chrono::steady_clock::now();
        if (drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
        fmt::print(stderr, "\r\x1b[Kreferee: {} of {} files checked", checked, total_);
        std::fflush(stderr);
        last_ = now;
        drawn_ = shown_ = true;
        shown_count_ = checked;
    }
    void before_output() {
        if (shares_terminal_) clear();
    }
    void clear() {
        if (!shown_) return;
        fmt::print(stderr, "\r\x1b[K");
        std::fflush(stderr);
        shown_ = false;
    }

private:
    bool on_;
    std::size_t total_;
    bool shares_terminal_;
    bool drawn_ = false, shown_ = false;
    std::size_t shown_count_ = 0;
    std::chrono::steady_clock::time_point last_{};
};

// Checks the entries on `jobs` worker threads and hands each report to `emit`, on this thread, in
// the order of the entries, as soon as it and every one before it are done. This thread only waits
// and writes: it takes no share of the checking. One entry is checked here, with no thread.
//
// What a batch of small games costs beside their checks is handing reports over (docs/performance.md,
// "A thousand small games"), so: a worker wakes this thread only with the report it waits for, and
// this thread then takes every report done in order at once; `idle` (the output's flush) is called
// before it waits, so that what is written is seen while a slow game is checked; a report is freed
// on the worker that made it (freeing on another thread takes the lock of the allocator's arena
// that the maker is using).
template <class Emit, class Idle>
void check_all(const std::vector<BatchEntry>& entries, const CheckOptions& opts, const vassal::Module* module, unsigned jobs, bool pages,
               Progress& progress, Emit emit, Idle idle) {
    const std::size_t n = entries.size();
    auto check = [&](std::size_t i) {
        Checked c;
        c.report = check_one(entries[i], opts, module, pages ? &c.page : nullptr);
        return c;
    };
    if (n == 1) {
        Checked c = check(0);
        emit(std::size_t{0}, c);
        return;
    }
    const std::size_t threads = std::min<std::size_t>(std::max(jobs, 1u), n);
    struct Done {
        std::optional<Checked> checked;
        std::size_t maker = 0;  // the worker that checked it
    };
    std::vector<Done> done(n);
    std::vector<std::vector<Checked>> spent(threads);  // written, to be freed by their makers
    std::mutex m;
    std::condition_variable ready, room;
    std::size_t next = 0, finished = 0, emitted = 0, waiting_room = 0;  // under m
    // Reports done but not yet written wait in `done`: a worker takes a file only when it is at most
    // `window` files past the next one to write, so that memory does not grow with the batch while
    // a slow file holds up the writing.
    const std::size_t window = 4 * threads + 4;
    auto worker = [&](std::size_t self) {
        std::vector<Checked> mine;
        for (;;) {
            std::size_t i = 0;
            {
                std::unique_lock<std::mutex> lock(m);
                mine.swap(spent[self]);
                if (!(next >= n || next < emitted + window)) {
                    ++waiting_room;
                    room.wait(lock, [&] { return next >= n || next < emitted + window; });
                    --waiting_room;
                }
                if (next < n) i = next++;
                else i = n;
            }
            mine.clear();
            if (i == n) return;
            Checked r = check(i);
            bool wanted = false;
            {
                std::lock_guard<std::mutex> lock(m);
                done[i].checked = std::move(r);
                done[i].maker = self;
                ++finished;
                wanted = i == emitted;
            }
            if (wanted) ready.notify_one();
        }
    };
    std::vector<std::thread> pool;
    struct Join {  // the workers are joined however this function ends
        std::vector<std::thread>& pool;
        ~Join() {
            for (auto& t : pool)
                if (t.joinable()) t.join();
        }
    } join{pool};
    pool.reserve(threads);
    for (std::size_t t = 0; t < threads; ++t) pool.emplace_back(worker, t);
    std::vector<Done> run;  // the reports taken at once, in order
    std::size_t i = 0;
    while (i < n) {
        std::size_t checked = 0;
        bool wake_room = false;
        {
            std::unique_lock<std::mutex> lock(m);
            if (!done[i].checked) {
                lock.unlock();
                idle();
                lock.lock();
                // Woken by the report waited for, or every tenth of a second for the count.
                while (!done[i].checked) {
                    ready.wait_for(lock, std::chrono::milliseconds(100), [&] { return done[i].checked.has_value(); });
                    if (done[i].checked) break;
                    checked = finished;
                    lock.unlock();
                    progress.show(checked);
                    lock.lock();
                }
            }
            checked = finished;
            for (std::size_t k = i; k < n && done[k].checked; ++k) run.push_back(std::move(done[k]));
            emitted += run.size();
            wake_room = waiting_room != 0;
        }
        if (wake_room) room.notify_all();
        for (Done& d : run) {
            progress.before_output();
            emit(i++, *d.checked);
            progress.show(checked);
        }
        {
            std::lock_guard<std::mutex> lock(m);
            for (Done& d : run) spent[d.maker].push_back(std::move(*d.checked));
        }
        run.clear();
    }
}

// Where the reports go, in the batch's format.
class Output {
public:
    // `several`: more than one file, or a folder: the text ends with the summary line.
    Output(const BatchOptions& b, bool several)
        : format_(b.format), output_(b.output), render_{b.max_errors, !b.quiet}, summary_line_(b.format == "text" && several) {
        if (format_ == "csv") write(csv_header());
    }

    void add(const BatchEntry& e, Checked& c) {
        Report& r = c.report;
        if (e.in_folder && !r.game_record) return skipped(e.path, r);
        note_duplicate(r);
        if (format_ == "html") {
            summary_.add(r);
            status_ = std::max(status_, r.exit_status());
            return page(c);
        }
        // Each report is written as soon as it is done (a JSON array an item at a time), so that
        // memory does not grow with the batch; one that cannot be rendered for want of memory is a
        // game not judged, and the batch goes on.
        RenderOptions o = render_;
        o.batch_room = batch_room_;
        std::string out;
        try {
            out = render(r, o);
        } catch (const std::bad_alloc&) {
            r = could_not_check(r.file, "out of memory writing its report");
            out = render(r, o);
        }
        batch_room_ -= std::min(batch_room_, violations_listed(r, o));
        summary_.add(r);
        status_ = std::max(status_, r.exit_status());
        if (format_ == "json") return json_item(std::move(out));
        if (format_ == "text") {
            if (blocks_++ != 0) out.insert(out.begin(), '\n');
            last_skipped_ = false;
        }
        write(out);
    }

    // Returns the exit status.
    int finish() {
        if (format_ == "json") write(json_items_ == 0 ? std::string("[]\n") : json_items_ == 1 ? json_first_ : std::string("\n]\n"));
        if (format_ == "html" && !output_.empty()) {
            if (!save(output_ + "/index.html", render_index(rows_, index_summary_))) return 2;
            fmt::print(stderr, "referee: {} page{} and {}/index.html written\n", pages_.size(), pages_.size() == 1 ? "" : "s", shown(output_));
        }
        if (summary_line_) write((blocks_ != 0 ? "\n" : "") + summary_.line());
        return status_;  // a failed write to standard output: main's finish_stdout makes it 2
    }

private:
    std::string render(const Report& r, const RenderOptions& o) const {
        if (format_ == "json") return render_json_one(r, o);
        if (format_ == "jsonl") return render_json_line(r, o);
        if (format_ == "csv") return render_csv_row(r);
        return render_text(r, o);
    }

    // --format json: one report is one object; several, an array of them (as render_json makes it),
    // written an item at a time: the first is held until a second shows it is an array.
    void json_item(std::string object) {
        auto item = [](const std::string& o) {  // indented by two, as an array's item (raw line feeds are the layout's only)
            std::string out = "  ";
            for (std::size_t i = 0; i + 1 < o.size(); ++i) {
                out += o[i];
                if (o[i] == '\n') out += "  ";
            }
            return out;
        };
        if (json_items_ == 0) json_first_ = std::move(object);
        else if (json_items_ == 1) write("[\n" + item(json_first_) + ",\n" + item(object));
        else write(",\n" + item(object));
        if (json_items_ == 1) json_first_.clear();
        ++json_items_;
    }

    // --format html: the page on standard output, or in the folder with a name made from the
    // file's path (the index links to it).
    void page(Checked& c) {
        if (output_.empty()) {
            write(c.page);
            return;
        }
        std::string name;
        for (char ch : c.report.file) {
            const bool plain = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.';
            name += plain ? ch : '_';
        }
        while (!name.empty() && name.front() == '.') name.erase(name.begin());
        if (name.size() > 180) name.resize(180);
        std::string file = name + ".html";
        for (int k = 2; std::find(pages_.begin(), pages_.end(), file) != pages_.end(); ++k) file = fmt::format("{}-{}.html", name, k);
        if (!save(output_ + "/" + file, c.page)) status_ = 2;
        pages_.push_back(file);
        rows_.push_back(index_row(c.report, file));
        index_summary_.add(c.report);
    }

    static bool save(const std::string& path, const std::string& text) {
        errno = 0;
        std::FILE* f = std::fopen(path.c_str(), "wb");
        bool ok = f != nullptr && std::fwrite(text.data(), 1, text.size(), f) == text.size();
        int why = ok ? 0 : errno;
        if (f != nullptr && std::fclose(f) != 0 && ok) {
            ok = false;
            why = errno;
        }
        if (!ok) fmt::print(stderr, "referee: cannot write {}: {}\n", shown(path), why != 0 ? std::strerror(why) : "write error");
        return ok;
    }

    // Written to standard output's buffer; flush() when the batch waits for a game, and at the end.
    static void write(const std::string& s) { write_stdout(s); }

public:
    static void flush() { flush_stdout(); }

private:

    // A file of a folder that is no game record: one line (in the text report, else on standard
    // error, which leaves the CSV and JSON as they are).
    void skipped(const std::string& file, const Report& r) {
        const bool said = !r.violations.empty() && r.violations.front().code == code_name(Code::NotAGameRecord);
        const std::string why = said ? r.violations.front().message : "it holds no record (it is empty, or only blank lines and comments)";
        if (format_ != "text") {
            fmt::print(stderr, "referee: {}: skipped: {}\n", shown(file), shown(why));
            return;
        }
        std::string out = fmt::format("{}: skipped: {}\n", shown(file), shown(why));
        if (blocks_++ != 0 && !last_skipped_) out.insert(out.begin(), '\n');  // skipped files one after another: one block
        write(out);
        last_skipped_ = true;
    }

    // A game whose records (or bytes) are those of an earlier file of the batch: a warning naming it.
    void note_duplicate(Report& r) {
        std::string message;
        if (!r.sha256.empty()) {
            const auto [it, fresh] = by_bytes_.try_emplace(r.sha256, r.file);
            if (!fresh) message = fmt::format("the same file as {} (the same bytes)", it->second);
        }
        if (!r.digest.empty()) {
            const auto [it, fresh] = by_records_.try_emplace(r.digest, r.file);
            if (!fresh && message.empty())
                message = fmt::format("the same game as {}: the same records, whatever their comments and white space", it->second);
        }
        if (message.empty()) return;
        const CodeInfo& info = code_info(Code::Duplicate);
        r.violations.insert(r.violations.begin(),
                            Violation{std::string(info.name), false, 0, 0, std::string(info.cites), std::move(message), std::nullopt});
    }

    std::string format_;
    std::string output_;
    std::vector<std::string> pages_;  // --output: the pages written, by file name
    RenderOptions render_;
    bool summary_line_;
    BatchSummary summary_;
    int status_ = 0;
    std::vector<IndexRow> rows_;    // --format html with --output: what the index shows of each game
    BatchSummary index_summary_;
    std::size_t json_items_ = 0;   // --format json: the reports written or held
    std::string json_first_;       // the first, until a second one comes
    std::size_t batch_room_ = kMaxBatchListed;  // violations the batch may still list
    std::size_t blocks_ = 0;       // text: reports and runs of skipped files written
    bool last_skipped_ = false;
    std::unordered_map<std::string, std::string> by_bytes_, by_records_;  // sha256 or digest -> the first file
};

}  // namespace

std::vector<BatchEntry> batch_entries(const std::vector<std::string>& inputs) {
    std::vector<BatchEntry> out;
    for (const std::string& in : inputs) {
        std::error_code ec;
        if (in == "-" || !fs::is_directory(in, ec)) {
            out.push_back(BatchEntry{in, false, {}});
            continue;
        }
        std::vector<BatchEntry> found;
        const fs::path root = fs::canonical(in, ec);  // empty when it cannot be resolved: every link is then refused
        walk(fs::path(in), ec ? fs::path() : root, found);
        // In the order of their paths, step by step (a folder's files before those of its
        // subfolders named later); each path split into its steps once, not at every comparison.
        std::vector<std::pair<fs::path, std::size_t>> keys;
        keys.reserve(found.size());
        for (std::size_t i = 0; i < found.size(); ++i) keys.emplace_back(fs::path(found[i].path), i);
        std::sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& k : keys) out.push_back(std::move(found[k.second]));
    }
    return out;
}

int run_batch(const BatchOptions& batch, CheckOptions opts, const vassal::Module* module) {
    const std::vector<BatchEntry> entries = batch_entries(batch.inputs);
    // Duplicates are looked for among several files: each game's records are digested as read.
    opts.digest = entries.size() > 1;
    // The input's SHA-256: in the reports that give it, and for duplicate files among several.
    opts.sha256 = entries.size() > 1 || batch.format == "json" || batch.format == "jsonl" || batch.format == "csv";
    const bool folder = std::any_of(batch.inputs.begin(), batch.inputs.end(), [](const std::string& in) {
        std::error_code ec;
        return in != "-" && fs::is_directory(in, ec);
    });
    Output out(batch, entries.size() > 1 || folder);
    Progress progress(batch.progress && entries.size() > 1, entries.size());
    check_all(
        entries, opts, module, batch.jobs, batch.format == "html", progress, [&](std::size_t i, Checked& c) { out.add(entries[i], c); },
        [] { Output::flush(); });
    progress.clear();
    return out.finish();
}

}  // namespace referee
