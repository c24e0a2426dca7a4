// `referee vassal` (vassal_command.hpp).
#include "vassal_command.hpp"

#include "audit.hpp"
#include "inspect.hpp"
#include "module.hpp"
#include "module_view.hpp"
#include "output.hpp"
#include "shown.hpp"
#include "vassal_error.hpp"

#include <cstdio>
#include <optional>
#include <stdexcept>
#include <fmt/format.h>

namespace referee {

using namespace vassal;

int run_vassal(const VassalOptions& opts) {
    if (!opts.locate.empty() && opts.module.empty()) {
        fmt::print(stderr, "referee: vassal: --locate needs the module (--module M): the module's grids name locations\n");
        return 2;
    }
    std::optional<Module> module;
    if (!opts.module.empty()) {
        try {
            module = Module::load(opts.module);
        } catch (const VassalError& e) {
            fmt::print(stderr, "referee: {}\n", shown(e.what()));
            return 2;
        }
    }
    int x = 0, y = 0;
    if (!opts.locate.empty()) {
        try {
            std::size_t used = 0;
            x = std::stoi(opts.locate[1], &used);
            if (used != opts.locate[1].size()) throw std::invalid_argument("x");
            y = std::stoi(opts.locate[2], &used);
            if (used != opts.locate[2].size()) throw std::invalid_argument("y");
        } catch (const std::exception&) {
            fmt::print(stderr, "referee: vassal: --locate MAP X Y: X and Y are whole numbers of pixels, not '{}' '{}'\n", shown(opts.locate[1]), shown(opts.locate[2]));
            return 2;
        }
    }
    std::vector<Summary> summaries;
    int status = 0;
    // --chain: the file before, to compare its end with the next file's beginning; none after a
    // file that could not be read (the next one is then not compared, and says so).
    std::optional<VassalFile> before;
    bool first = true;
    for (const std::string& path : opts.files) {
        const bool follows = !first;
        first = false;
        try {
            VassalFile file = read_vassal_file(path);
            if (!opts.locate.empty()) {
                const Located located = locate_strict(*module, file, opts.locate[0], x, y);
                write_stdout(fmt::format("{}\n", shown(located.name)));
                if (located.note) fmt::print(stderr, "referee: note: {}\n", shown(*located.note));
                continue;
            }
            BoundModule bound;
            if (module) bound = bind_module(*module, file);
            summaries.push_back(summarize(file, bound.view));
            if (opts.chain && follows) {
                if (!before)
                    summaries.back().warnings.push_back({std::nullopt, "--chain: not compared with the file before it, which could not be read"});
                else if (auto found = chain_break(*before, file))
                    summaries.back().chain.push_back(std::move(*found));
            }
            if (opts.chain) before = std::move(file);
            if (opts.format == "text") {
                std::string out = render_vassal_text(summaries.back());
                if (summaries.size() > 1) out.insert(out.begin(), '\n');
                write_stdout(out);
                flush_stdout();
            }
        } catch (const VassalError& e) {
            flush_stdout();
            fmt::print(stderr, "referee: {}\n", shown(e.what()));
            status = 2;
            before.reset();
        }
    }
    if (opts.format == "json" && !summaries.empty()) {
        const std::string out = render_vassal_json(summaries);
        write_stdout(out);
    }
    return status;  // a failed write: main's finish_stdout makes it 2
}

}  // namespace referee
