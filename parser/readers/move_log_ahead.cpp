// A long move log read ahead (readers.hpp, ReadAhead): the parser runs on a thread of its own, into a
// GameRecord of its own, and hands what it reads over in batches: the records with their lists, the
// diagnostics found among them, in order, and the names met for the first time. The reading thread
// numbers the names in the order it meets them (movelog::LocalNames), and a record holds those
// numbers; the caller's thread interns each new name into g's symbols as its batch comes, in that
// order (so every name gets the Sym the plain reading gives it), turns the numbers into Syms, then
// gives each record to the sink with g as the plain reading would have it at that record. The
// reading thread never touches g. Reading and numbering, and judging, then share the two cores a
// long game's check has (docs/performance.md, "Issue 19").
#include "move_log_parser.hpp"
#include "readers.hpp"

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace referee {
namespace {

// What the reading thread hands over at a time.
struct Batch {
    struct Item {
        Record record;                 // its lists in this batch's arenas
        std::uint32_t diagnostics;     // the diagnostics found before it: diagnostics[0, this) of the batch
        std::size_t errors_not_kept;   // g's counts of diagnostics not kept, when it was read
        std::size_t warnings_not_kept;
    };
    std::vector<Item> items;
    std::vector<Sym> syms;  // ranks in names, until the caller's thread has interned them
    std::vector<std::int64_t> ints;
    std::vector<Diagnostic> diagnostics;  // kept diagnostics found since the batch before
    // The names first met since the batch before (those of bad lines too), in the order of their
    // local numbers (movelog::LocalNames): their texts stay where they are until the reading is over.
    std::vector<std::string_view> fresh;
    void clear() {
        items.clear();
        syms.clear();
        ints.clear();
        diagnostics.clear();
        fresh.clear();
    }
};

// Raised in the reading thread when the caller's thread has stopped taking batches.
struct Abandoned {};

// Batches between the two threads: at most `limit` full ones waiting, the emptied ones reused.
class Handover {
public:
    explicit Handover(std::size_t limit) : limit_(limit) {}

    // The reading thread: a batch to fill (a reused one when there is one).
    Batch take_empty() {
        std::lock_guard<std::mutex> lock(m_);
        if (spare_.empty()) return Batch{};
        Batch b = std::move(spare_.back());
        spare_.pop_back();
        return b;
    }
    // The reading thread: hands a full batch over, waiting while `limit` are waiting already.
    void put(Batch&& b) {
        std::unique_lock<std::mutex> lock(m_);
        room_.wait(lock, [&] { return full_.size() < limit_ || abandoned_; });
        if (abandoned_) throw Abandoned{};
        full_.push_back(std::move(b));
        ready_.notify_one();
    }
    // The reading thread, last: no more batches; `failure` is what stopped it, if anything did.
    void finish(std::exception_ptr failure) {
        std::lock_guard<std::mutex> lock(m_);
        finished_ = true;
        failure_ = std::move(failure);
        ready_.notify_one();
    }
    // The caller's thread: the next batch, or false when there is none left.
    bool get(Batch& b) {
        std::unique_lock<std::mutex> lock(m_);
        ready_.wait(lock, [&] { return !full_.empty() || finished_; });
        if (full_.empty()) return false;
        b = std::move(full_.front());
        full_.pop_front();
        room_.notify_one();
        return true;
    }
    void give_back(Batch&& b) {
        b.clear();
        std::lock_guard<std::mutex> lock(m_);
        spare_.push_back(std::move(b));
    }
    // The caller's thread, when its sink has thrown: the reading thread stops at its next batch.
    void abandon() {
        std::lock_guard<std::mutex> lock(m_);
        abandoned_ = true;
        room_.notify_one();
    }
    std::exception_ptr failure() {
        std::lock_guard<std::mutex> lock(m_);
        return failure_;
    }

private:
    std::mutex m_;
    std::condition_variable ready_, room_;
    std::deque<Batch> full_;
    std::vector<Batch> spare_;
    std::size_t limit_;
    bool finished_ = false, abandoned_ = false;
    std::exception_ptr failure_;
};

// A list appended to an arena, each element through `map`: where it is there. An element at a time
// (the lists are short: a call of memcpy for each cost more); most records have no second list and
// no numbers: those return at once.
template <typename T, typename Map>
inline Span copy(Span s, const std::vector<T>& from, std::vector<T>& to, Map map) {
    const Span out{static_cast<std::uint32_t>(to.size()), s.len};
    for (const T* p = from.data() + s.off, *e = p + s.len; p != e; ++p) to.push_back(map(*p));
    return out;
}

// The reading thread's sink: keeps each record, with the diagnostics found before it, in the batch
// being filled. The parser leaves the batch's lists in pg's arenas (keep_lists), where the records'
// spans point, and the batch takes the arenas, and the names, when it is handed over.
class Batcher final : public RecordSink {
public:
    Batcher(Handover& h, std::size_t batch_records, movelog::LocalNames& names, GameRecord& pg)
        : h_(h), batch_records_(batch_records), b_(h.take_empty()), names_(names), pg_(pg) {}

    void record(const Record& r, const GameRecord&) override {
        diagnostics_from();
        b_.items.push_back(Batch::Item{r, static_cast<std::uint32_t>(b_.diagnostics.size()), pg_.errors_not_kept, pg_.warnings_not_kept});
        if (b_.items.size() >= batch_records_) flush();
    }
    bool keep_lists() const override { return true; }
    // After the last record: what is left, with the diagnostics after it.
    void last() {
        diagnostics_from();
        flush();
    }

private:
    void diagnostics_from() {
        for (; seen_ < pg_.diagnostics.size(); ++seen_) b_.diagnostics.push_back(pg_.diagnostics[seen_]);
    }
    void flush() {
        if (b_.items.empty() && b_.diagnostics.empty() && names_.empty()) return;
        b_.fresh.swap(names_.fresh());
        b_.syms.swap(pg_.syms_arena);  // pg's arenas start again empty, for the next batch's lists
        b_.ints.swap(pg_.ints_arena);
        h_.put(std::move(b_));
        b_ = h_.take_empty();
    }

    Handover& h_;
    std::size_t batch_records_;
    Batch b_;
    movelog::LocalNames& names_;  // the parser numbers the names there
    GameRecord& pg_;           // the parser's: its arenas and diagnostics
    std::size_t seen_ = 0;     // pg's diagnostics copied so far
};

// The caller's thread: the batch's new names interned, in the order met (sym_of: each local number's
// Sym, kept from batch to batch), and every local number in its records replaced by the name's Sym.
// The lists' numbers are turned into Syms as they are copied for the sink.
void intern_names(Batch& b, SymbolTable& symbols, std::vector<Sym>& sym_of) {
    for (std::string_view name : b.fresh) sym_of.push_back(symbols.intern(name));
    for (Batch::Item& it : b.items)  // every kind's Sym fields alike, whatever they hold: no one view names them
        for (Sym* s : {&it.record.a, &it.record.b, &it.record.c, &it.record.d, &it.record.e}) *s = sym_of[*s];
}

}  // namespace

void parse_move_log(std::string_view text, GameRecord& g, RecordSink& sink, const ReadAhead& ahead) {
    if (text.size() < ahead.min_bytes || sink.keep_lists()) return parse_move_log(text, g, sink);
    std::string file = std::move(g.file);
    g = GameRecord{};
    g.file = std::move(file);
    g.format = InputFormat::MoveLog;
    g.has_log = true;

    Handover handover(ahead.batches == 0 ? 1 : ahead.batches);
    GameRecord pg;  // the reading thread's: its arenas and diagnostics (its symbols stay empty)
    movelog::LocalNames names(text);  // the reading thread's numbering of the names; their texts, for both threads
    std::jthread reader;
    try {
        reader = std::jthread([&] {
            std::exception_ptr failure;
            try {
                Batcher batcher(handover, ahead.batch_records == 0 ? 1 : ahead.batch_records, names, pg);
                movelog::Parser(pg, batcher, true, &names).run(text);
                batcher.last();
            } catch (const Abandoned&) {
            } catch (...) {
                failure = std::current_exception();
            }
            handover.finish(failure);
        });
    } catch (const std::system_error&) {  // no thread to be had: read here
        return parse_move_log(text, g, sink);
    }

    try {
        sink.begin(g);
        Batch b;
        std::vector<Sym> sym_of{kNoSym};  // local number 0: no name
        while (handover.get(b)) {
            intern_names(b, g.symbols, sym_of);
            std::size_t next = 0;  // the batch's next diagnostic to give g
            auto diagnostics_up_to = [&](std::size_t end) {
                for (; next < end; ++next) g.diagnostics.push_back(std::move(b.diagnostics[next]));
            };
            for (const Batch::Item& it : b.items) {
                diagnostics_up_to(it.diagnostics);
                g.errors_not_kept = it.errors_not_kept;
                g.warnings_not_kept = it.warnings_not_kept;
                g.last_line = it.record.line;
                // The arenas hold this record's lists alone, as the plain reading leaves them.
                Record r = it.record;
                g.syms_arena.clear();
                g.ints_arena.clear();
                const Sym* const syms = sym_of.data();
                // Every kind's lists alike (paths, roles, locations, units, sides; ma, rolls, dice, points): no one view names them.
                r.list = copy(it.record.list, b.syms, g.syms_arena, [syms](Sym s) { return syms[s]; });
                r.list2 = copy(it.record.list2, b.syms, g.syms_arena, [syms](Sym s) { return syms[s]; });
                r.ints = copy(it.record.ints, b.ints, g.ints_arena, [](std::int64_t v) { return v; });
                sink.record(r, g);
            }
            diagnostics_up_to(b.diagnostics.size());
            handover.give_back(std::move(b));
            b = Batch{};
        }
    } catch (...) {
        handover.abandon();
        reader.join();
        throw;
    }
    reader.join();
    if (std::exception_ptr failure = handover.failure()) std::rethrow_exception(failure);
    g.errors_not_kept = pg.errors_not_kept;
    g.warnings_not_kept = pg.warnings_not_kept;
    g.last_line = pg.last_line;
    g.syms_arena.clear();
    g.ints_arena.clear();
    sink.end(g);
}

}  // namespace referee
