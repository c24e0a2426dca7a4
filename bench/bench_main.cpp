// The benchmarks of docs/performance.md (Google Benchmark). For each scenario family and each size
// (10^3 .. 10^7 records) of a generated game (generate.hpp):
//   parse_log   parse_move_log alone
//   check_log   check_text on the move log: parse, load the family's scenario, replay, verdict
//   read_xml    read_xml_save alone, on the same game as an XML save
//   check_xml   check_text on the XML save
//   pugixml     pugi::xml_document::load_buffer of the same save text (pugixml's own parse, default
//               options), for comparison with read_xml
//   memory      one run of each of the above, measuring the peak resident memory it adds (VmHWM,
//               reset through /proc/self/clear_refs before each), reported as bytes per record
// items_per_second counts records, bytes_per_second bytes of input text. Names are
// KIND/FAMILY/RECORDS (memory adds /iterations:1/repeats:1), so
// `--benchmark_filter='/10000000(/|$)'` selects the 10^7 games (left out by bench/run unless asked
// for: they take minutes and several GB).
// The check benchmarks stop with an error if the replay reports anything (the generated games
// must be legal, so that the replay does all its work).
#include "generate.hpp"

#include "readers.hpp"
#include "check.hpp"

#include <benchmark/benchmark.h>
#include <malloc.h>
#include <pugixml.hpp>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <string>

namespace {

using namespace referee;
using namespace referee::bench;

// The generated texts of one family and size, kept while its benchmarks run (they are
// registered in that order) and dropped when the next size is asked for.
struct Texts {
    Family family{};
    std::size_t n = 0;
    Generated log, xml;
};
Texts& texts(Family f, std::size_t n) {
    static std::unique_ptr<Texts> cur;
    if (!cur || cur->family != f || cur->n != n) {
        cur.reset();
        malloc_trim(0);
        cur = std::make_unique<Texts>();
        cur->family = f;
        cur->n = n;
        cur->log = generate(f, n, Format::MoveLog);
        cur->xml = generate(f, n, Format::XmlSave);
    }
    return *cur;
}

void set_counts(benchmark::State& st, const Generated& g) {
    st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations()) * static_cast<std::int64_t>(g.records));
    st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations()) * static_cast<std::int64_t>(g.text.size()));
    st.counters["records"] = static_cast<double>(g.records);
    st.counters["MB"] = static_cast<double>(g.text.size()) / 1e6;
}

bool judged_clean(benchmark::State& st, const Report& r) {
    if (!r.judged || !r.complete || !r.violations.empty()) {
        std::string why = !r.judged ? "not judged" : !r.complete ? "incomplete" : "";
        if (!r.violations.empty()) {
            const auto& v = r.violations.front();
            why += "line " + std::to_string(v.line) + ": " + v.code + ": " + v.message;
        }
        st.SkipWithError(("the generated game is not clean: " + why).c_str());
        return false;
    }
    return true;
}

// --- memory ------------------------------------------------------------------------------------

long status_kb(const char* key) {  // a "Vm...:  123 kB" line of /proc/self/status
    std::FILE* f = std::fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long v = -1;
    const std::size_t k = std::strlen(key);
    while (std::fgets(line, sizeof line, f))
        if (std::strncmp(line, key, k) == 0 && line[k] == ':') {
            v = std::atol(line + k + 1);
            break;
        }
    std::fclose(f);
    return v;
}

// Resets VmHWM to the current RSS (Linux 4.0 and later); false when not allowed.
bool reset_peak() {
    std::FILE* f = std::fopen("/proc/self/clear_refs", "w");
    if (!f) return false;
    const bool ok = std::fputs("5", f) >= 0;
    return std::fclose(f) == 0 && ok;
}

// The resident memory the call adds at its peak, in bytes: VmHWM during the call less VmRSS
// before it. What the call returns is destroyed only after the peak is read.
long peak_growth(const std::function<std::shared_ptr<void>()>& call) {
    malloc_trim(0);
    if (!reset_peak()) return -1;
    const long before = status_kb("VmRSS");
    std::shared_ptr<void> keep = call();
    const long peak = status_kb("VmHWM");
    keep.reset();
    malloc_trim(0);
    return (peak - before) * 1024;
}

// --- the benchmarks -------------------------------------------------------------------------------

void bm_parse_log(benchmark::State& st, Family f, std::size_t n) {
    const Texts& t = texts(f, n);
    for (auto _ : st) {
        GameRecord g = parse_move_log(t.log.text, "bench.log");
        benchmark::DoNotOptimize(g.records.data());
    }
    set_counts(st, t.log);
}

void bm_check(benchmark::State& st, Family f, std::size_t n, bool xml) {
    const Texts& t = texts(f, n);
    const Generated& g = xml ? t.xml : t.log;
    const CheckOptions opts;
    bool first = true;
    for (auto _ : st) {
        Report r = check_text(g.text, xml ? "bench.xml" : "bench.log", opts);
        if (first && !judged_clean(st, r)) return;
        first = false;
        benchmark::DoNotOptimize(r.violations.data());
    }
    set_counts(st, g);
}

void bm_read_xml(benchmark::State& st, Family f, std::size_t n) {
    const Texts& t = texts(f, n);
    for (auto _ : st) {
        GameRecord g = read_xml_save(t.xml.text, "bench.xml");
        benchmark::DoNotOptimize(g.records.data());
    }
    set_counts(st, t.xml);
}

void bm_pugixml(benchmark::State& st, Family f, std::size_t n) {
    const Texts& t = texts(f, n);
    for (auto _ : st) {
        pugi::xml_document doc;
        const pugi::xml_parse_result res = doc.load_buffer(t.xml.text.data(), t.xml.text.size(), pugi::parse_default, pugi::encoding_utf8);
        if (!res) {
            st.SkipWithError(res.description());
            return;
        }
        benchmark::DoNotOptimize(doc.first_child().internal_object());
    }
    set_counts(st, t.xml);
}

void bm_memory(benchmark::State& st, Family f, std::size_t n) {
    const Texts& t = texts(f, n);
    const double lrec = static_cast<double>(t.log.records), xrec = static_cast<double>(t.xml.records);
    long parse_log = 0, check_log = 0, read_xml = 0, check_xml = 0, pugi = 0;
    for (auto _ : st) {
        parse_log = peak_growth([&] { return std::make_shared<GameRecord>(parse_move_log(t.log.text, "bench.log")); });
        check_log = peak_growth([&] { return std::make_shared<Report>(check_text(t.log.text, "bench.log", CheckOptions{})); });
        read_xml = peak_growth([&] { return std::make_shared<GameRecord>(read_xml_save(t.xml.text, "bench.xml")); });
        check_xml = peak_growth([&] { return std::make_shared<Report>(check_text(t.xml.text, "bench.xml", CheckOptions{})); });
        pugi = peak_growth([&] {
            auto doc = std::make_shared<pugi::xml_document>();
            doc->load_buffer(t.xml.text.data(), t.xml.text.size(), pugi::parse_default, pugi::encoding_utf8);
            return doc;
        });
    }
    if (parse_log < 0) {
        st.SkipWithError("cannot reset the peak RSS (/proc/self/clear_refs)");
        return;
    }
    st.counters["records"] = lrec;
    st.counters["log_text_B/rec"] = static_cast<double>(t.log.text.size()) / lrec;
    st.counters["parse_log_B/rec"] = static_cast<double>(parse_log) / lrec;
    st.counters["check_log_B/rec"] = static_cast<double>(check_log) / lrec;
    st.counters["xml_text_B/rec"] = static_cast<double>(t.xml.text.size()) / xrec;
    st.counters["read_xml_B/rec"] = static_cast<double>(read_xml) / xrec;
    st.counters["check_xml_B/rec"] = static_cast<double>(check_xml) / xrec;
    st.counters["pugixml_B/rec"] = static_cast<double>(pugi) / xrec;
}

}  // namespace

int main(int argc, char** argv) {
    // A steady state: glibc keeps the memory one iteration frees for the next (a fixed mmap
    // threshold instead of the dynamic one, no trimming of the heap), as in a long run of
    // `referee check` over many files. Otherwise the figures depend on the order in which the
    // benchmarks run: pugixml's parse of a 10^5-record save, for one, took three times as long
    // when run alone, all of the difference in page faults. The memory benchmarks trim the heap
    // themselves (malloc_trim) before each measure.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, INT_MAX);
    const std::size_t sizes[] = {1000, 10000, 100000, 1000000, 10000000};
    for (Family f : all_families())
        for (std::size_t n : sizes) {
            const std::string tail = std::string(family_id(f)) + "/" + std::to_string(n);
            auto unit = benchmark::kMillisecond;
            benchmark::RegisterBenchmark(("parse_log/" + tail).c_str(), bm_parse_log, f, n)->Unit(unit);
            // The process's CPU time: a long log's check reads ahead on a second thread (readers.hpp),
            // whose time the benchmark's own thread's clock would leave out.
            benchmark::RegisterBenchmark(("check_log/" + tail).c_str(), bm_check, f, n, false)->MeasureProcessCPUTime()->Unit(unit);
            benchmark::RegisterBenchmark(("read_xml/" + tail).c_str(), bm_read_xml, f, n)->Unit(unit);
            benchmark::RegisterBenchmark(("check_xml/" + tail).c_str(), bm_check, f, n, true)->MeasureProcessCPUTime()->Unit(unit);
            benchmark::RegisterBenchmark(("pugixml/" + tail).c_str(), bm_pugixml, f, n)->Unit(unit);
            benchmark::RegisterBenchmark(("memory/" + tail).c_str(), bm_memory, f, n)->Iterations(1)->Repetitions(1)->Unit(unit);
        }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
